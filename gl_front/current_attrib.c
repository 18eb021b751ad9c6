/* splitgl gl_front: the current generic vertex attribute values (OpenGL ES 3.0 section 2.7,
 * OpenGL 3.3 section 2.7): glVertexAttrib* in every form, glVertexAttribI*, glVertexAttribP*,
 * and reading them back.
 *
 * A value keeps the bits and the type its call gave it (float, signed or unsigned integer):
 * a program input of an integer type reads integer bits (Magma's constant binding takes the
 * input's own format), and glGetVertexAttribI{i,ui}v return them as they were set. Reading a
 * value through a call of another type is undefined by the specs; splitgl converts it. */
#include <math.h>

#include "glf_context.h"

static void
set_bits(GLuint index, const uint32_t bits[4], GLenum type, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_VALUE error is generated if index is greater than or equal to
    * MAX_VERTEX_ATTRIBS." */
   if (index >= (GLuint)ctx->limits.max_vertex_attribs) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", caller, index);
      return;
   }
   if (memcmp(ctx->current_attrib[index], bits, 16) || ctx->current_attrib_type[index] != type) {
      memcpy(ctx->current_attrib[index], bits, 16);
      ctx->current_attrib_type[index] = type;
      glf_dirty(ctx, GLF_DIRTY_VELEMS);
   }
}

static void
set_float(GLuint index, float x, float y, float z, float w, const char *caller)
{
   const float v[4] = {x, y, z, w};
   uint32_t bits[4];
   memcpy(bits, v, 16);
   set_bits(index, bits, GL_FLOAT, caller);
}

static void
set_int(GLuint index, int32_t x, int32_t y, int32_t z, int32_t w, const char *caller)
{
   const uint32_t bits[4] = {(uint32_t)x, (uint32_t)y, (uint32_t)z, (uint32_t)w};
   set_bits(index, bits, GL_INT, caller);
}

static void
set_uint(GLuint index, uint32_t x, uint32_t y, uint32_t z, uint32_t w, const char *caller)
{
   const uint32_t bits[4] = {x, y, z, w};
   set_bits(index, bits, GL_UNSIGNED_INT, caller);
}

void
glf_current_attrib_get(struct glf_context *ctx, GLuint index, GLenum as, void *out)
{
   const uint32_t *b = ctx->current_attrib[index];
   GLenum type = ctx->current_attrib_type[index];
   for (int i = 0; i < 4; i++) {
      float f;
      memcpy(&f, &b[i], 4);
      double v = type == GL_FLOAT ? (double)f : type == GL_INT ? (double)(int32_t)b[i] : (double)b[i];
      if (as == GL_FLOAT)
         ((GLfloat *)out)[i] = (GLfloat)v;
      else if (as == GL_DOUBLE)
         ((GLdouble *)out)[i] = v;
      else if (type != GL_FLOAT) /* integer bits as they were set */
         ((GLuint *)out)[i] = b[i];
      else if (as == GL_UNSIGNED_INT)
         ((GLuint *)out)[i] = v <= 0 ? 0u : v >= 4294967295.0 ? 0xffffffffu : (GLuint)v;
      else
         ((GLint *)out)[i] = v <= -2147483648.0 ? INT32_MIN : v >= 2147483647.0 ? INT32_MAX : (GLint)v;
   }
}

/* ---- float forms ------------------------------------------------------------------------------ */
#define VA_F(n, suffix, T)                                                                        \
   void GLAPIENTRY glf_VertexAttrib##n##suffix##v(GLuint i, const T *v)                       \
   {                                                                                          \
      set_float(i, (float)v[0], n > 1 ? (float)v[1] : 0.0f, n > 2 ? (float)v[2] : 0.0f,        \
                n > 3 ? (float)v[3] : 1.0f, "glVertexAttrib" #n #suffix "v");                  \
   }
VA_F(1, f, GLfloat)
VA_F(2, f, GLfloat)
VA_F(3, f, GLfloat)
VA_F(4, f, GLfloat)
VA_F(1, d, GLdouble)
VA_F(2, d, GLdouble)
VA_F(3, d, GLdouble)
VA_F(4, d, GLdouble)
VA_F(1, s, GLshort)
VA_F(2, s, GLshort)
VA_F(3, s, GLshort)
VA_F(4, s, GLshort)
VA_F(4, b, GLbyte)
VA_F(4, i, GLint)
VA_F(4, ub, GLubyte)
VA_F(4, us, GLushort)
VA_F(4, ui, GLuint)

void GLAPIENTRY glf_VertexAttrib1f(GLuint i, GLfloat x) { set_float(i, x, 0, 0, 1, "glVertexAttrib1f"); }
void GLAPIENTRY glf_VertexAttrib2f(GLuint i, GLfloat x, GLfloat y) { set_float(i, x, y, 0, 1, "glVertexAttrib2f"); }
void GLAPIENTRY glf_VertexAttrib3f(GLuint i, GLfloat x, GLfloat y, GLfloat z) { set_float(i, x, y, z, 1, "glVertexAttrib3f"); }
void GLAPIENTRY glf_VertexAttrib4f(GLuint i, GLfloat x, GLfloat y, GLfloat z, GLfloat w) { set_float(i, x, y, z, w, "glVertexAttrib4f"); }
void GLAPIENTRY glf_VertexAttrib1d(GLuint i, GLdouble x) { set_float(i, (float)x, 0, 0, 1, "glVertexAttrib1d"); }
void GLAPIENTRY glf_VertexAttrib2d(GLuint i, GLdouble x, GLdouble y) { set_float(i, (float)x, (float)y, 0, 1, "glVertexAttrib2d"); }
void GLAPIENTRY
glf_VertexAttrib3d(GLuint i, GLdouble x, GLdouble y, GLdouble z)
{
   set_float(i, (float)x, (float)y, (float)z, 1, "glVertexAttrib3d");
}
void GLAPIENTRY
glf_VertexAttrib4d(GLuint i, GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   set_float(i, (float)x, (float)y, (float)z, (float)w, "glVertexAttrib4d");
}
void GLAPIENTRY glf_VertexAttrib1s(GLuint i, GLshort x) { set_float(i, x, 0, 0, 1, "glVertexAttrib1s"); }
void GLAPIENTRY glf_VertexAttrib2s(GLuint i, GLshort x, GLshort y) { set_float(i, x, y, 0, 1, "glVertexAttrib2s"); }
void GLAPIENTRY glf_VertexAttrib3s(GLuint i, GLshort x, GLshort y, GLshort z) { set_float(i, x, y, z, 1, "glVertexAttrib3s"); }
void GLAPIENTRY glf_VertexAttrib4s(GLuint i, GLshort x, GLshort y, GLshort z, GLshort w) { set_float(i, x, y, z, w, "glVertexAttrib4s"); }

/* Normalized forms: OpenGL 3.3 section 2.1.5 (table 2.9), signed c -> (2c + 1) / (2^b - 1),
 * unsigned c -> c / (2^b - 1). */
static float
snorm(int64_t c, int bits)
{
   return (float)((2.0 * (double)c + 1.0) / ((double)(1ull << bits) - 1.0));
}
static float
unorm(uint64_t c, int bits)
{
   return (float)((double)c / ((double)(1ull << bits) - 1.0));
}
#define VA_N(suffix, T, conv, b)                                                                  \
   void GLAPIENTRY glf_VertexAttrib4N##suffix##v(GLuint i, const T *v)                        \
   {                                                                                          \
      set_float(i, conv(v[0], b), conv(v[1], b), conv(v[2], b), conv(v[3], b), "glVertexAttrib4N" #suffix "v"); \
   }
VA_N(b, GLbyte, snorm, 8)
VA_N(s, GLshort, snorm, 16)
VA_N(i, GLint, snorm, 32)
VA_N(ub, GLubyte, unorm, 8)
VA_N(us, GLushort, unorm, 16)
VA_N(ui, GLuint, unorm, 32)
void GLAPIENTRY
glf_VertexAttrib4Nub(GLuint i, GLubyte x, GLubyte y, GLubyte z, GLubyte w)
{
   set_float(i, unorm(x, 8), unorm(y, 8), unorm(z, 8), unorm(w, 8), "glVertexAttrib4Nub");
}

/* ---- integer forms (glVertexAttribI*) ----------------------------------------------------------- */
void GLAPIENTRY glf_VertexAttribI1i(GLuint i, GLint x) { set_int(i, x, 0, 0, 1, "glVertexAttribI1i"); }
void GLAPIENTRY glf_VertexAttribI2i(GLuint i, GLint x, GLint y) { set_int(i, x, y, 0, 1, "glVertexAttribI2i"); }
void GLAPIENTRY glf_VertexAttribI3i(GLuint i, GLint x, GLint y, GLint z) { set_int(i, x, y, z, 1, "glVertexAttribI3i"); }
void GLAPIENTRY glf_VertexAttribI4i(GLuint i, GLint x, GLint y, GLint z, GLint w) { set_int(i, x, y, z, w, "glVertexAttribI4i"); }
void GLAPIENTRY glf_VertexAttribI1ui(GLuint i, GLuint x) { set_uint(i, x, 0, 0, 1, "glVertexAttribI1ui"); }
void GLAPIENTRY glf_VertexAttribI2ui(GLuint i, GLuint x, GLuint y) { set_uint(i, x, y, 0, 1, "glVertexAttribI2ui"); }
void GLAPIENTRY glf_VertexAttribI3ui(GLuint i, GLuint x, GLuint y, GLuint z) { set_uint(i, x, y, z, 1, "glVertexAttribI3ui"); }
void GLAPIENTRY
glf_VertexAttribI4ui(GLuint i, GLuint x, GLuint y, GLuint z, GLuint w)
{
   set_uint(i, x, y, z, w, "glVertexAttribI4ui");
}
#define VA_I(n, suffix, T, setter)                                                                 \
   void GLAPIENTRY glf_VertexAttribI##n##suffix##v(GLuint i, const T *v)                       \
   {                                                                                          \
      setter(i, v[0], n > 1 ? v[1] : 0, n > 2 ? v[2] : 0, n > 3 ? v[3] : 1, "glVertexAttribI" #n #suffix "v"); \
   }
VA_I(1, i, GLint, set_int)
VA_I(2, i, GLint, set_int)
VA_I(3, i, GLint, set_int)
VA_I(4, i, GLint, set_int)
VA_I(4, b, GLbyte, set_int)
VA_I(4, s, GLshort, set_int)
VA_I(1, ui, GLuint, set_uint)
VA_I(2, ui, GLuint, set_uint)
VA_I(3, ui, GLuint, set_uint)
VA_I(4, ui, GLuint, set_uint)
VA_I(4, ub, GLubyte, set_uint)
VA_I(4, us, GLushort, set_uint)

/* ---- packed forms (glVertexAttribP*, OpenGL 3.3 section 2.7) ------------------------------------- */
static void
set_packed(GLuint index, int n, GLenum type, GLboolean normalized, GLuint v, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_ENUM error is generated if type is not INT_2_10_10_10_REV or
    * UNSIGNED_INT_2_10_10_10_REV." */
   if (type != GL_INT_2_10_10_10_REV && type != GL_UNSIGNED_INT_2_10_10_10_REV) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(type=0x%x)", caller, type);
      return;
   }
   float c[4];
   for (int k = 0; k < 4; k++) {
      int bits = k < 3 ? 10 : 2;
      uint32_t raw = (v >> (10 * k)) & ((1u << bits) - 1);
      if (type == GL_INT_2_10_10_10_REV) {
         int32_t sv = (int32_t)(raw << (32 - bits)) >> (32 - bits); /* sign-extend */
         c[k] = normalized ? snorm(sv, bits) : (float)sv;
      } else {
         c[k] = normalized ? unorm(raw, bits) : (float)raw;
      }
   }
   set_float(index, c[0], n > 1 ? c[1] : 0.0f, n > 2 ? c[2] : 0.0f, n > 3 ? c[3] : 1.0f, caller);
}
#define VA_P(n)                                                                                    \
   void GLAPIENTRY glf_VertexAttribP##n##ui(GLuint i, GLenum t, GLboolean norm, GLuint v)      \
   {                                                                                          \
      set_packed(i, n, t, norm, v, "glVertexAttribP" #n "ui");                                 \
   }                                                                                          \
   void GLAPIENTRY glf_VertexAttribP##n##uiv(GLuint i, GLenum t, GLboolean norm, const GLuint *v) \
   {                                                                                          \
      set_packed(i, n, t, norm, v[0], "glVertexAttribP" #n "uiv");                             \
   }
VA_P(1)
VA_P(2)
VA_P(3)
VA_P(4)

/* ---- reading back --------------------------------------------------------------------------------- */
static bool
current_index(struct glf_context *ctx, GLuint index, GLenum pname, const char *caller)
{
   if (index >= (GLuint)ctx->limits.max_vertex_attribs) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", caller, index);
      return false;
   }
   return true;
}

/* GetVertexAttribI{i,ui}v / dv: CURRENT_VERTEX_ATTRIB as that type; every other pname as
 * glGetVertexAttribiv gives it. */
static void
get_typed(GLuint index, GLenum pname, GLenum as, void *params, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      if (current_index(ctx, index, pname, caller))
         glf_current_attrib_get(ctx, index, as, params);
      return;
   }
   GLint v = 0;
   glf_GetVertexAttribiv(index, pname, &v);
   if (as == GL_DOUBLE)
      *(GLdouble *)params = v;
   else
      *(GLint *)params = v;
}

void GLAPIENTRY glf_GetVertexAttribIiv(GLuint i, GLenum p, GLint *v) { get_typed(i, p, GL_INT, v, "glGetVertexAttribIiv"); }
void GLAPIENTRY glf_GetVertexAttribIuiv(GLuint i, GLenum p, GLuint *v) { get_typed(i, p, GL_UNSIGNED_INT, v, "glGetVertexAttribIuiv"); }
void GLAPIENTRY glf_GetVertexAttribdv(GLuint i, GLenum p, GLdouble *v) { get_typed(i, p, GL_DOUBLE, v, "glGetVertexAttribdv"); }
