/* splitgl gl_front: sampler objects (OpenGL ES 3.0 section 3.8.2) and the sampling parameters
 * they share with texture objects (section 3.8.7).
 *
 * A sampler object bound to a texture unit replaces the sampling parameters of whatever
 * texture the unit samples ("If a sampler object is bound to a texture unit ... the sampling
 * state of that sampler object is used ... instead of the texture's"); the texture keeps its
 * image state (levels, swizzle, base / max level). The front end resolves the pair per unit
 * into one wire sampler CSO (emit.c, cso_cache.c): the wire has no sampler objects.
 *
 * Sampler objects are shared by the share group. Lifetime as for buffers (glf_context.h,
 * struct glf_buffer): an atomic count of the name and of every texture unit that holds the
 * object; lookups take their reference under the share lock; a deleted name leaves the table
 * first. A parameter change bumps the share group's epoch, so every context re-resolves its
 * units at its next draw. */
#include <math.h>
#include <stdlib.h>

#include "glf_context.h"

GLint glf_float_to_int_color(float f);

void
glf_sampler_params_init(struct glf_sampler_params *sp)
{
   memset(sp, 0, sizeof(*sp));
   /* ES 3.0 table 6.10's initial values. */
   sp->min_filter = GL_NEAREST_MIPMAP_LINEAR;
   sp->mag_filter = GL_LINEAR;
   sp->wrap_s = sp->wrap_t = sp->wrap_r = GL_REPEAT;
   sp->compare_mode = GL_NONE;
   sp->compare_func = GL_LEQUAL;
   sp->min_lod = -1000.0f;
   sp->max_lod = 1000.0f;
   sp->max_anisotropy = 1.0f;
}

/* ---- parameters ------------------------------------------------------------------------------ */
static bool
valid_wrap(const struct glf_context *ctx, GLenum v)
{
   return v == GL_REPEAT || v == GL_CLAMP_TO_EDGE || v == GL_MIRRORED_REPEAT || (GLF_CORE(ctx) && v == GL_CLAMP_TO_BORDER);
}

static GLenum *
enum_param(struct glf_sampler_params *sp, GLenum pname)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER: return &sp->min_filter;
   case GL_TEXTURE_MAG_FILTER: return &sp->mag_filter;
   case GL_TEXTURE_WRAP_S: return &sp->wrap_s;
   case GL_TEXTURE_WRAP_T: return &sp->wrap_t;
   case GL_TEXTURE_WRAP_R: return &sp->wrap_r;
   case GL_TEXTURE_COMPARE_MODE: return &sp->compare_mode;
   case GL_TEXTURE_COMPARE_FUNC: return &sp->compare_func;
   default: return NULL;
   }
}

static bool
valid_enum_value(const struct glf_context *ctx, GLenum pname, GLenum v)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      return v == GL_NEAREST || v == GL_LINEAR || v == GL_NEAREST_MIPMAP_NEAREST || v == GL_LINEAR_MIPMAP_NEAREST ||
             v == GL_NEAREST_MIPMAP_LINEAR || v == GL_LINEAR_MIPMAP_LINEAR;
   case GL_TEXTURE_MAG_FILTER: return v == GL_NEAREST || v == GL_LINEAR;
   case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R: return valid_wrap(ctx, v);
   case GL_TEXTURE_COMPARE_MODE: return v == GL_NONE || v == GL_COMPARE_REF_TO_TEXTURE;
   case GL_TEXTURE_COMPARE_FUNC: return v >= GL_NEVER && v <= GL_ALWAYS;
   default: return false;
   }
}

GLenum
glf_sampler_param_set(struct glf_context *ctx, struct glf_sampler_params *sp, GLenum pname, const GLfloat *fv,
                      const GLint *iv, bool is_float, bool is_int_border)
{
   const bool es2 = GLF_ES(ctx) && ctx->major < 3;
   /* EXT_texture_filter_anisotropic (every context kind where the device offers it): "If the
    * value ... is set to a value less than 1.0, INVALID_VALUE"; values above the maximum are
    * clamped where used. */
   if (pname == GL_TEXTURE_MAX_ANISOTROPY_EXT) {
      if (!glf_has_anisotropy(ctx))
         return GL_INVALID_ENUM;
      GLfloat v = is_float ? fv[0] : (GLfloat)iv[0];
      if (!(v >= 1.0f))
         return GL_INVALID_VALUE;
      sp->max_anisotropy = v;
      return GL_NO_ERROR;
   }
   GLenum *e = enum_param(sp, pname);
   /* ES 2.0 has filters and S / T wraps only. */
   if (e && (!es2 || pname == GL_TEXTURE_MIN_FILTER || pname == GL_TEXTURE_MAG_FILTER || pname == GL_TEXTURE_WRAP_S ||
             pname == GL_TEXTURE_WRAP_T)) {
      /* From the OpenGL ES 3.0 spec, section 3.8.7: "An INVALID_ENUM error is generated if
       * ... param(s) should have a defined constant value (based on the value of pname) and
       * does not." A float that is no enum value is no enum value either. */
      GLenum v = is_float ? (fv[0] == floorf(fv[0]) && fv[0] >= 0 && fv[0] < 4294967296.0f ? (GLenum)fv[0] : 0)
                          : (GLenum)iv[0];
      if (!valid_enum_value(ctx, pname, v))
         return GL_INVALID_ENUM;
      *e = v;
      return GL_NO_ERROR;
   }
   if (es2)
      return GL_INVALID_ENUM;
   switch (pname) {
   case GL_TEXTURE_MIN_LOD:
      sp->min_lod = is_float ? fv[0] : (GLfloat)iv[0];
      return GL_NO_ERROR;
   case GL_TEXTURE_MAX_LOD:
      sp->max_lod = is_float ? fv[0] : (GLfloat)iv[0];
      return GL_NO_ERROR;
   case GL_TEXTURE_LOD_BIAS:
      if (!GLF_CORE(ctx))
         return GL_INVALID_ENUM;
      sp->lod_bias = is_float ? fv[0] : (GLfloat)iv[0];
      return GL_NO_ERROR;
   case GL_TEXTURE_BORDER_COLOR:
      if (!GLF_CORE(ctx))
         return GL_INVALID_ENUM;
      for (int i = 0; i < 4; i++) {
         /* GL 3.3 section 3.8.8: integer values given with TexParameteriv / SamplerParameteriv
          * are normalized as colors; the I* forms keep them as they are. */
         float f = is_float ? fv[i] : is_int_border ? (float)iv[i] : (float)((double)iv[i] / 2147483647.0);
         sp->border_color[i] = isfinite(f) ? f : f != f ? 0.0f : f > 0 ? 3.4e38f : -3.4e38f;
         if (is_int_border)
            sp->border_bits[i] = (uint32_t)iv[i];
         else
            memcpy(&sp->border_bits[i], &sp->border_color[i], 4);
      }
      sp->border_is_int = is_int_border;
      return GL_NO_ERROR;
   default:
      return GL_INVALID_ENUM;
   }
}

bool
glf_sampler_param_get(struct glf_context *ctx, const struct glf_sampler_params *sp, GLenum pname, GLfloat *f, GLint *i,
                      int *n)
{
   const bool es2 = GLF_ES(ctx) && ctx->major < 3;
   *n = 1;
   if (pname == GL_TEXTURE_MAX_ANISOTROPY_EXT && glf_has_anisotropy(ctx)) {
      f[0] = sp->max_anisotropy;
      i[0] = (GLint)lroundf(sp->max_anisotropy); /* a float state read as an integer: the nearest */
      return true;
   }
   GLenum *e = enum_param((struct glf_sampler_params *)sp, pname);
   if (e && (!es2 || pname == GL_TEXTURE_MIN_FILTER || pname == GL_TEXTURE_MAG_FILTER || pname == GL_TEXTURE_WRAP_S ||
             pname == GL_TEXTURE_WRAP_T)) {
      i[0] = (GLint)*e;
      f[0] = (GLfloat)*e;
      return true;
   }
   if (es2)
      return false;
   switch (pname) {
   case GL_TEXTURE_MIN_LOD: f[0] = sp->min_lod; i[0] = (GLint)lroundf(sp->min_lod); return true;
   case GL_TEXTURE_MAX_LOD: f[0] = sp->max_lod; i[0] = (GLint)lroundf(sp->max_lod); return true;
   case GL_TEXTURE_LOD_BIAS:
      if (!GLF_CORE(ctx))
         return false;
      f[0] = sp->lod_bias;
      i[0] = (GLint)lroundf(sp->lod_bias);
      return true;
   case GL_TEXTURE_BORDER_COLOR:
      if (!GLF_CORE(ctx))
         return false;
      *n = 4;
      for (int k = 0; k < 4; k++) {
         f[k] = sp->border_color[k];
         i[k] = sp->border_is_int ? (GLint)sp->border_bits[k] : glf_float_to_int_color(sp->border_color[k]);
      }
      return true;
   default:
      return false;
   }
}

/* ---- to the wire ----------------------------------------------------------------------------- */
static uint8_t
wire_wrap(GLenum w)
{
   switch (w) {
   case GL_CLAMP_TO_EDGE: return WIRE_WRAP_CLAMP_TO_EDGE;
   case GL_MIRRORED_REPEAT: return WIRE_WRAP_MIRRORED_REPEAT;
   case GL_CLAMP_TO_BORDER: return WIRE_WRAP_CLAMP_TO_BORDER;
   default: return WIRE_WRAP_REPEAT;
   }
}

static bool
mipmapped(GLenum f)
{
   return f != GL_NEAREST && f != GL_LINEAR;
}

void
glf_sampler_key(const struct glf_context *ctx, const struct glf_sampler_params *sp, const struct glf_format *fmt,
                struct wire_sampler_state *s)
{
   memset(s, 0, sizeof(*s));
   GLenum mf = sp->min_filter;
   s->min_filter = (mf == GL_LINEAR || mf == GL_LINEAR_MIPMAP_NEAREST || mf == GL_LINEAR_MIPMAP_LINEAR)
                      ? WIRE_FILTER_LINEAR : WIRE_FILTER_NEAREST;
   s->mip_filter = !mipmapped(mf) ? WIRE_MIP_NONE
                   : (mf == GL_NEAREST_MIPMAP_LINEAR || mf == GL_LINEAR_MIPMAP_LINEAR) ? WIRE_MIP_LINEAR
                                                                                      : WIRE_MIP_NEAREST;
   s->mag_filter = sp->mag_filter == GL_LINEAR ? WIRE_FILTER_LINEAR : WIRE_FILTER_NEAREST;
   s->wrap_s = wire_wrap(sp->wrap_s);
   s->wrap_t = wire_wrap(sp->wrap_t);
   s->wrap_r = wire_wrap(sp->wrap_r);
   /* From the OpenGL ES 3.0 spec, section 3.8.16: the comparison applies "if the texture's
    * internal format is DEPTH_COMPONENT or DEPTH_STENCIL" (and TEXTURE_COMPARE_MODE is
    * COMPARE_REF_TO_TEXTURE); other textures ignore it. */
   s->compare_enable = sp->compare_mode == GL_COMPARE_REF_TO_TEXTURE && fmt && fmt->bits[4];
   s->compare_func = (uint8_t)(sp->compare_func - GL_NEVER);
   /* LODs are relative to the view's first level (the base level), as in GL. */
   s->min_lod = sp->min_lod;
   s->max_lod = sp->max_lod;
   s->lod_bias = GLF_CORE(ctx) ? sp->lod_bias : 0.0f;
   /* EXT_texture_filter_anisotropic: the value clamped to the device's maximum (1.0: off) */
   s->max_anisotropy = sp->max_anisotropy < ctx->limits.max_anisotropy ? sp->max_anisotropy : ctx->limits.max_anisotropy;
   if (s->max_anisotropy < 1.0f)
      s->max_anisotropy = 1.0f;
   if (s->wrap_s == WIRE_WRAP_CLAMP_TO_BORDER || s->wrap_t == WIRE_WRAP_CLAMP_TO_BORDER ||
       s->wrap_r == WIRE_WRAP_CLAMP_TO_BORDER) {
      /* OpenGL 3.3 section 3.8.10: an integer texture's border is the integer vector
       * glTexParameterIiv / Iuiv stored, signed or unsigned as the format is (border_bits) */
      if (fmt && wire_format_is_integer(fmt->wfmt)) {
         s->border_kind = (wire_format_info(fmt->wfmt)->flags & WIRE_FMTF_SIGNED) ? 1 : 2;
         memcpy(s->border_int, sp->border_bits, sizeof(s->border_int));
      } else {
         memcpy(s->border_color, sp->border_color, sizeof(s->border_color));
      }
   }
}

/* ---- objects ------------------------------------------------------------------------------------ */
static void
sampler_free(struct glf_sampler *s)
{
   free(s->label);
   free(s);
}

void
glf_sampler_unref(struct glf_context *ctx, struct glf_sampler *s)
{
   (void)ctx;
   if (s && glf_ref_dec(&s->refcount))
      sampler_free(s);
}

void
glf_samplers_destroy_all(struct glf_hash *h)
{
   GLF_HASH_FOREACH(h, k, v) {
      if (v != GLF_NAME_RESERVED && glf_ref_dec(&((struct glf_sampler *)v)->refcount))
         sampler_free(v);
   }
}

void GLAPIENTRY
glf_GenSamplers(GLsizei count, GLuint *samplers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_VALUE error is generated if count is negative." */
   if (count < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGenSamplers(count < 0)");
      return;
   }
   /* Unlike textures, GenSamplers makes the objects: IsSampler is true at once and
    * SamplerParameter* accepts the names before any bind. */
   glf_shared_lock(ctx);
   GLuint first = count ? glf_hash_find_free_block(&ctx->shared->samplers, (GLuint)count) : 0;
   for (GLsizei i = 0; i < count; i++) {
      struct glf_sampler *s = calloc(1, sizeof(*s));
      if (!s || !glf_hash_insert(&ctx->shared->samplers, first + (GLuint)i, s)) {
         free(s);
         glf_shared_unlock(ctx);
         glf_error(ctx, GL_OUT_OF_MEMORY, "glGenSamplers");
         return;
      }
      s->name = first + (GLuint)i;
      s->refcount = 1; /* the name */
      glf_sampler_params_init(&s->sp);
      samplers[i] = s->name;
   }
   glf_shared_unlock(ctx);
}

void GLAPIENTRY
glf_DeleteSamplers(GLsizei count, const GLuint *samplers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (count < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDeleteSamplers(count < 0)");
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      if (!samplers[i])
         continue;
      glf_shared_lock(ctx);
      struct glf_sampler *s = glf_hash_lookup(&ctx->shared->samplers, samplers[i]);
      if (s)
         glf_hash_remove(&ctx->shared->samplers, samplers[i]);
      glf_shared_unlock(ctx);
      if (!s || s == GLF_NAME_RESERVED)
         continue; /* "Unused names in samplers are silently ignored" */
      /* From the OpenGL ES 3.0 spec, section 3.8.2: "If a sampler object that is currently
       * bound to one or more texture units is deleted, it is as though BindSampler is called
       * once for each texture unit to which the sampler is bound, with unit set to the texture
       * unit and sampler set to zero." Units of other contexts keep it until they unbind. */
      for (unsigned u = 0; u < GLF_MAX_TEXTURE_UNITS; u++) {
         if (ctx->sampler_units[u] == s) {
            ctx->sampler_units[u] = NULL;
            glf_sampler_unref(ctx, s);
            glf_dirty(ctx, GLF_DIRTY_TEXTURES);
         }
      }
      glf_sampler_unref(ctx, s); /* the name's */
   }
}

GLboolean GLAPIENTRY
glf_IsSampler(GLuint sampler)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !sampler)
      return GL_FALSE;
   return glf_shared_has(ctx, &ctx->shared->samplers, sampler, false);
}

void GLAPIENTRY
glf_BindSampler(GLuint unit, GLuint sampler)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_VALUE error is generated if unit is greater than or equal to the value of
    * MAX_COMBINED_TEXTURE_IMAGE_UNITS. An INVALID_OPERATION error is generated if sampler is
    * not zero or a name returned from a previous call to GenSamplers, or if such a name has
    * since been deleted with DeleteSamplers." */
   if (unit >= (GLuint)ctx->limits.max_combined_texture_image_units) {
      glf_error(ctx, GL_INVALID_VALUE, "glBindSampler(unit=%u)", unit);
      return;
   }
   struct glf_sampler *s = NULL;
   if (sampler) {
      s = GLF_LOOKUP_REF(ctx, samplers, sampler, glf_sampler);
      if (!s || s == GLF_NAME_RESERVED) {
         glf_error(ctx, GL_INVALID_OPERATION, "glBindSampler(sampler=%u is no sampler object)", sampler);
         return;
      }
   }
   struct glf_sampler *old = ctx->sampler_units[unit];
   ctx->sampler_units[unit] = s; /* the lookup's reference becomes the unit's */
   if (old != s)
      glf_dirty(ctx, GLF_DIRTY_TEXTURES);
   glf_sampler_unref(ctx, old);
}

/* The sampler object `sampler` with a reference, or NULL with INVALID_OPERATION. */
static struct glf_sampler *
lookup(struct glf_context *ctx, GLuint sampler, const char *caller)
{
   struct glf_sampler *s = sampler ? GLF_LOOKUP_REF(ctx, samplers, sampler, glf_sampler) : NULL;
   if (!s || s == GLF_NAME_RESERVED) {
      /* "An INVALID_OPERATION error is generated if sampler is not the name of a sampler
       * object previously returned from a call to GenSamplers." */
      glf_error(ctx, GL_INVALID_OPERATION, "%s(sampler=%u is no sampler object)", caller, sampler);
      return NULL;
   }
   return s;
}

static void
sampler_parameter(GLuint sampler, GLenum pname, const GLfloat *fv, const GLint *iv, bool is_float, bool vector,
                  bool int_border, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_sampler *s = lookup(ctx, sampler, caller);
   if (!s)
      return;
   /* The border colour takes four values: only the vector forms set it. */
   GLenum err = pname == GL_TEXTURE_BORDER_COLOR && !vector
                   ? GL_INVALID_ENUM
                   : glf_sampler_param_set(ctx, &s->sp, pname, fv, iv, is_float, int_border);
   if (err != GL_NO_ERROR) {
      char b1[64];
      glf_error(ctx, err, "%s(pname=%s, param=%g)", caller, glf_enum_str(pname, b1), is_float ? fv[0] : (double)iv[0]);
   } else {
      glf_shared_touch(ctx);
   }
   glf_sampler_unref(ctx, s);
}

void GLAPIENTRY glf_SamplerParameteri(GLuint s, GLenum p, GLint v) { sampler_parameter(s, p, NULL, &v, false, false, false, "glSamplerParameteri"); }
void GLAPIENTRY glf_SamplerParameterf(GLuint s, GLenum p, GLfloat v) { sampler_parameter(s, p, &v, NULL, true, false, false, "glSamplerParameterf"); }
void GLAPIENTRY glf_SamplerParameteriv(GLuint s, GLenum p, const GLint *v) { sampler_parameter(s, p, NULL, v, false, true, false, "glSamplerParameteriv"); }
void GLAPIENTRY glf_SamplerParameterfv(GLuint s, GLenum p, const GLfloat *v) { sampler_parameter(s, p, v, NULL, true, true, false, "glSamplerParameterfv"); }
void GLAPIENTRY glf_SamplerParameterIiv(GLuint s, GLenum p, const GLint *v) { sampler_parameter(s, p, NULL, v, false, true, true, "glSamplerParameterIiv"); }
void GLAPIENTRY
glf_SamplerParameterIuiv(GLuint s, GLenum p, const GLuint *v)
{
   GLint iv[4];
   for (int i = 0; i < 4; i++)
      iv[i] = p == GL_TEXTURE_BORDER_COLOR || i == 0 ? (GLint)v[i] : 0;
   sampler_parameter(s, p, NULL, iv, false, true, true, "glSamplerParameterIuiv");
}

static void
get_sampler_parameter(GLuint sampler, GLenum pname, GLfloat *fv, GLint *iv, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_sampler *s = lookup(ctx, sampler, caller);
   if (!s)
      return;
   GLfloat f[4];
   GLint i[4];
   int n;
   if (!glf_sampler_param_get(ctx, &s->sp, pname, f, i, &n)) {
      char b1[64];
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", caller, glf_enum_str(pname, b1));
   } else {
      for (int k = 0; k < n; k++) {
         if (fv)
            fv[k] = f[k];
         else
            iv[k] = i[k];
      }
   }
   glf_sampler_unref(ctx, s);
}

void GLAPIENTRY glf_GetSamplerParameteriv(GLuint s, GLenum p, GLint *v) { get_sampler_parameter(s, p, NULL, v, "glGetSamplerParameteriv"); }
void GLAPIENTRY glf_GetSamplerParameterfv(GLuint s, GLenum p, GLfloat *v) { get_sampler_parameter(s, p, v, NULL, "glGetSamplerParameterfv"); }

static void
get_sampler_parameter_int(GLuint sampler, GLenum pname, GLint *v, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_sampler *s = lookup(ctx, sampler, caller);
   if (!s)
      return;
   GLfloat f[4];
   GLint i[4];
   int n;
   if (!glf_sampler_param_get(ctx, &s->sp, pname, f, i, &n)) {
      char b1[64];
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", caller, glf_enum_str(pname, b1));
   } else {
      /* GetSamplerParameterI*: the border colour as the integers it was given */
      for (int k = 0; k < n; k++)
         v[k] = pname == GL_TEXTURE_BORDER_COLOR && !s->sp.border_is_int ? (GLint)(int64_t)f[k] : i[k];
   }
   glf_sampler_unref(ctx, s);
}

void GLAPIENTRY glf_GetSamplerParameterIiv(GLuint s, GLenum p, GLint *v) { get_sampler_parameter_int(s, p, v, "glGetSamplerParameterIiv"); }
void GLAPIENTRY glf_GetSamplerParameterIuiv(GLuint s, GLenum p, GLuint *v) { get_sampler_parameter_int(s, p, (GLint *)v, "glGetSamplerParameterIuiv"); }
