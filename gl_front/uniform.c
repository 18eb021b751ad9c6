/* splitgl gl_front: uniforms: locations, glUniform* with the spec's type checks, written
 * into the program's default-block image (offsets and strides from the blob's reflection). */
#include <stdlib.h>
#include <string.h>

#include "glf_context.h"

enum base_type { BT_FLOAT, BT_INT, BT_UINT, BT_BOOL, BT_SAMPLER };

struct type_info {
   uint8_t base, cols, rows; /* vectors: cols = 1 */
};

static struct type_info
type_info(GLenum t)
{
   switch (t) {
   case GL_FLOAT: return (struct type_info){BT_FLOAT, 1, 1};
   case GL_FLOAT_VEC2: return (struct type_info){BT_FLOAT, 1, 2};
   case GL_FLOAT_VEC3: return (struct type_info){BT_FLOAT, 1, 3};
   case GL_FLOAT_VEC4: return (struct type_info){BT_FLOAT, 1, 4};
   case GL_INT: return (struct type_info){BT_INT, 1, 1};
   case GL_INT_VEC2: return (struct type_info){BT_INT, 1, 2};
   case GL_INT_VEC3: return (struct type_info){BT_INT, 1, 3};
   case GL_INT_VEC4: return (struct type_info){BT_INT, 1, 4};
   case GL_UNSIGNED_INT: return (struct type_info){BT_UINT, 1, 1};
   case GL_UNSIGNED_INT_VEC2: return (struct type_info){BT_UINT, 1, 2};
   case GL_UNSIGNED_INT_VEC3: return (struct type_info){BT_UINT, 1, 3};
   case GL_UNSIGNED_INT_VEC4: return (struct type_info){BT_UINT, 1, 4};
   case GL_BOOL: return (struct type_info){BT_BOOL, 1, 1};
   case GL_BOOL_VEC2: return (struct type_info){BT_BOOL, 1, 2};
   case GL_BOOL_VEC3: return (struct type_info){BT_BOOL, 1, 3};
   case GL_BOOL_VEC4: return (struct type_info){BT_BOOL, 1, 4};
   case GL_FLOAT_MAT2: return (struct type_info){BT_FLOAT, 2, 2};
   case GL_FLOAT_MAT3: return (struct type_info){BT_FLOAT, 3, 3};
   case GL_FLOAT_MAT4: return (struct type_info){BT_FLOAT, 4, 4};
   case GL_FLOAT_MAT2x3: return (struct type_info){BT_FLOAT, 2, 3};
   case GL_FLOAT_MAT2x4: return (struct type_info){BT_FLOAT, 2, 4};
   case GL_FLOAT_MAT3x2: return (struct type_info){BT_FLOAT, 3, 2};
   case GL_FLOAT_MAT3x4: return (struct type_info){BT_FLOAT, 3, 4};
   case GL_FLOAT_MAT4x2: return (struct type_info){BT_FLOAT, 4, 2};
   case GL_FLOAT_MAT4x3: return (struct type_info){BT_FLOAT, 4, 3};
   default: return (struct type_info){BT_SAMPLER, 1, 1}; /* every sampler type */
   }
}

void
glf_uniform_init_storage(struct glf_program *p)
{
   const struct spv_program_info *info = p->info;
   p->uniform_size = info->default_block_size;
   p->uniform_data = calloc(1, p->uniform_size ? p->uniform_size : 1);
   /* From the GLSL 3.30 spec, section 4.3.5: "The link time initial value is either the
    * value of the variable's initializer, if present, or 0 if no initializer is present."
    * The relaxed Vulkan rules drop initializers from the SPIR-V; the blob carries them as an
    * image of the default block. */
   if (info->default_block_init && p->uniform_data && p->uniform_size)
      memcpy(p->uniform_data, info->default_block_init, p->uniform_size);
   p->locs = calloc(info->max_uniform_location + 1, sizeof(*p->locs));
   p->sampler_units = calloc(info->sampler_slot_count + 1, sizeof(uint32_t));
   for (uint32_t i = 0; i <= info->max_uniform_location; i++)
      p->locs[i].uniform = UINT16_MAX;
   static const char *const depth_range[3] = {"gl_DepthRange.near", "gl_DepthRange.far", "gl_DepthRange.diff"};
   for (int k = 0; k < 3; k++)
      p->depth_range_off[k] = -1;
   for (uint32_t u = 0; u < info->uniform_count; u++) {
      const struct spv_uniform *un = &info->uniforms[u];
      for (int k = 0; k < 3; k++)
         if (!strcmp(un->name, depth_range[k]) && un->block_index < 0 && un->offset + 4 <= p->uniform_size)
            p->depth_range_off[k] = (int32_t)un->offset;
      for (uint32_t e = 0; e < un->array_size; e++) {
         int64_t loc = (int64_t)un->location + e;
         if (un->location >= 0 && loc < info->max_uniform_location)
            p->locs[loc] = (struct glf_uniform_slot){(uint16_t)u, (uint16_t)e};
      }
   }
}

/* ---- locations ----------------------------------------------------------------------------- */
/* Splits "name[3]" into base length and index; index 0 and no subscript report has_sub. */
static size_t
split_subscript(const char *name, long *index, bool *has_sub)
{
   size_t len = strlen(name);
   *index = 0;
   *has_sub = false;
   if (len < 3 || name[len - 1] != ']')
      return len;
   const char *open = strrchr(name, '[');
   if (!open || open + 1 >= name + len - 1)
      return len;
   char *end;
   long v = strtol(open + 1, &end, 10);
   if (end != name + len - 1 || v < 0)
      return len;
   *index = v;
   *has_sub = true;
   return (size_t)(open - name);
}

GLint GLAPIENTRY
glf_GetUniformLocation(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return -1;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glGetUniformLocation");
   if (!p)
      return -1;
   /* From the OpenGL ES 3.0 spec, section 2.12.6: "If program has not been linked
    * successfully, the error INVALID_OPERATION is generated." */
   if (!p->link_status || !p->info) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetUniformLocation(program %u not linked)", program);
      return -1;
   }
   if (!name || !strncmp(name, "gl_", 3))
      return -1;
   const struct spv_program_info *info = p->info;
   long idx;
   bool has_sub;
   size_t base = split_subscript(name, &idx, &has_sub);
   for (uint32_t i = 0; i < info->uniform_count; i++) {
      const struct spv_uniform *u = &info->uniforms[i];
      if (u->location < 0)
         continue;
      if (!strcmp(u->name, name) && !has_sub)
         return u->location;
      /* Arrays are reported as "a[0]": accept "a", "a[0]" and "a[i]" for i < size. */
      size_t ul = strlen(u->name);
      bool is_array = ul > 3 && !strcmp(u->name + ul - 3, "[0]");
      if (!is_array || ul - 3 != base || strncmp(u->name, name, base))
         continue;
      if ((unsigned long)idx < u->array_size)
         return u->location + (GLint)idx;
      return -1;
   }
   return -1;
}

/* ---- glUniform* ---------------------------------------------------------------------------- */
/* The uniform at location of the current program, or NULL (error raised or location -1). */
static const struct spv_uniform *
uniform_target(struct glf_context *ctx, GLint location, GLsizei count, uint32_t *element,
               const char *caller)
{
   struct glf_program *p = ctx->program;
   /* From the OpenGL ES 3.0 spec, section 2.12.6: "An INVALID_OPERATION error is generated
    * if there is no current program object" ... "If the value of location is -1, the
    * Uniform* commands will silently ignore the data passed in". */
   if (!p || !p->info) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no current program)", caller);
      return NULL;
   }
   if (count < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(count < 0)", caller);
      return NULL;
   }
   if (location == -1)
      return NULL;
   if (location < 0 || (uint32_t)location >= p->info->max_uniform_location ||
       p->locs[location].uniform == UINT16_MAX) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(location=%d)", caller, location);
      return NULL;
   }
   const struct spv_uniform *u = &p->info->uniforms[p->locs[location].uniform];
   *element = p->locs[location].element;
   /* "INVALID_OPERATION ... if count is greater than one and the uniform is not an array" */
   if (count > 1 && u->array_size <= 1) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(count=%d for a non-array)", caller, count);
      return NULL;
   }
   return u;
}

static void
store_component(uint8_t *dst, enum base_type dst_base, enum base_type src_base, const void *src, uint32_t i)
{
   uint32_t bits;
   if (dst_base == BT_BOOL) {
      bool b = src_base == BT_FLOAT ? ((const float *)src)[i] != 0.0f : ((const uint32_t *)src)[i] != 0;
      bits = b;
   } else {
      memcpy(&bits, (const uint8_t *)src + 4 * i, 4);
   }
   memcpy(dst, &bits, 4);
}

static bool
sampler_units(struct glf_context *ctx, struct glf_program *p, const struct spv_uniform *u,
              uint32_t element, GLsizei count, const GLint *v, const char *caller)
{
   for (GLsizei i = 0; i < count; i++) {
      /* "An INVALID_VALUE error is generated if Uniform1i{v} is used to set a sampler
       * uniform to a value less than zero or greater than or equal to the value of
       * MAX_COMBINED_TEXTURE_IMAGE_UNITS." */
      if (v[i] < 0 || v[i] >= ctx->limits.max_combined_texture_image_units) {
         glf_error(ctx, GL_INVALID_VALUE, "%s(sampler unit %d)", caller, v[i]);
         return false;
      }
   }
   for (GLsizei i = 0; i < count && element + (uint32_t)i < u->array_size; i++) {
      uint32_t slot = (uint32_t)u->sampler_slot + element + (uint32_t)i;
      if (u->sampler_slot >= 0 && slot < p->info->sampler_slot_count)
         p->sampler_units[slot] = (uint32_t)v[i];
   }
   p->bindings_serial++;
   return true;
}

static void
set_uniform(GLint location, GLsizei count, const void *values, enum base_type src, uint32_t comps,
            const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t element;
   const struct spv_uniform *u = uniform_target(ctx, location, count, &element, caller);
   if (!u)
      return;
   struct glf_program *p = ctx->program;
   struct type_info ti = type_info(u->gl_type);
   /* "INVALID_OPERATION ... if the size indicated in the name of the Uniform* command used
    * does not match the size of the uniform declared in the shader, [or] if the uniform
    * declared in the shader is not of type boolean and the type indicated in the name of
    * the Uniform* command used does not match the type of the uniform", and samplers take
    * only Uniform1i{v}. */
   bool type_ok = ti.base == src || ti.base == BT_BOOL || (ti.base == BT_SAMPLER && src == BT_INT);
   if (ti.cols != 1 || ti.rows != comps || !type_ok) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(type mismatch with 0x%x)", caller, u->gl_type);
      return;
   }
   if (ti.base == BT_SAMPLER) {
      sampler_units(ctx, p, u, element, count, values, caller);
      return;
   }
   for (GLsizei i = 0; i < count && element + (uint32_t)i < u->array_size; i++) {
      uint64_t off = u->offset + (uint64_t)(element + (uint32_t)i) * u->array_stride;
      if (off + 4 * comps > p->uniform_size)
         break;
      for (uint32_t c = 0; c < comps; c++)
         store_component(p->uniform_data + off + 4 * c, ti.base, src, values, (uint32_t)i * comps + c);
   }
   p->uniform_serial++;
}

static void
set_matrix(GLint location, GLsizei count, GLboolean transpose, const GLfloat *v, uint32_t cols,
           uint32_t rows, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* ES 2.0: "If transpose is not FALSE, the error INVALID_VALUE is generated." */
   if (transpose && GLF_ES(ctx) && ctx->major < 3) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(transpose)", caller);
      return;
   }
   uint32_t element;
   const struct spv_uniform *u = uniform_target(ctx, location, count, &element, caller);
   if (!u)
      return;
   struct type_info ti = type_info(u->gl_type);
   if (ti.base != BT_FLOAT || ti.cols != cols || ti.rows != rows) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(type mismatch with 0x%x)", caller, u->gl_type);
      return;
   }
   struct glf_program *p = ctx->program;
   uint32_t mstride = u->matrix_stride ? u->matrix_stride : 16;
   for (GLsizei i = 0; i < count && element + (uint32_t)i < u->array_size; i++) {
      uint64_t base = u->offset + (uint64_t)(element + (uint32_t)i) * u->array_stride;
      const GLfloat *m = v + (size_t)i * cols * rows;
      if (base + (uint64_t)(cols - 1) * mstride + 4 * rows > p->uniform_size)
         break;
      for (uint32_t c = 0; c < cols; c++) {
         for (uint32_t r = 0; r < rows; r++) {
            float f = transpose ? m[r * cols + c] : m[c * rows + r];
            memcpy(p->uniform_data + base + c * mstride + 4 * r, &f, 4);
         }
      }
   }
   p->uniform_serial++;
}

void GLAPIENTRY glf_Uniform1f(GLint l, GLfloat x) { GLfloat v[] = {x}; set_uniform(l, 1, v, BT_FLOAT, 1, "glUniform1f"); }
void GLAPIENTRY glf_Uniform2f(GLint l, GLfloat x, GLfloat y) { GLfloat v[] = {x, y}; set_uniform(l, 1, v, BT_FLOAT, 2, "glUniform2f"); }
void GLAPIENTRY glf_Uniform3f(GLint l, GLfloat x, GLfloat y, GLfloat z) { GLfloat v[] = {x, y, z}; set_uniform(l, 1, v, BT_FLOAT, 3, "glUniform3f"); }
void GLAPIENTRY glf_Uniform4f(GLint l, GLfloat x, GLfloat y, GLfloat z, GLfloat w) { GLfloat v[] = {x, y, z, w}; set_uniform(l, 1, v, BT_FLOAT, 4, "glUniform4f"); }
void GLAPIENTRY glf_Uniform1i(GLint l, GLint x) { GLint v[] = {x}; set_uniform(l, 1, v, BT_INT, 1, "glUniform1i"); }
void GLAPIENTRY glf_Uniform2i(GLint l, GLint x, GLint y) { GLint v[] = {x, y}; set_uniform(l, 1, v, BT_INT, 2, "glUniform2i"); }
void GLAPIENTRY glf_Uniform3i(GLint l, GLint x, GLint y, GLint z) { GLint v[] = {x, y, z}; set_uniform(l, 1, v, BT_INT, 3, "glUniform3i"); }
void GLAPIENTRY glf_Uniform4i(GLint l, GLint x, GLint y, GLint z, GLint w) { GLint v[] = {x, y, z, w}; set_uniform(l, 1, v, BT_INT, 4, "glUniform4i"); }
void GLAPIENTRY glf_Uniform1ui(GLint l, GLuint x) { GLuint v[] = {x}; set_uniform(l, 1, v, BT_UINT, 1, "glUniform1ui"); }
void GLAPIENTRY glf_Uniform2ui(GLint l, GLuint x, GLuint y) { GLuint v[] = {x, y}; set_uniform(l, 1, v, BT_UINT, 2, "glUniform2ui"); }
void GLAPIENTRY glf_Uniform3ui(GLint l, GLuint x, GLuint y, GLuint z) { GLuint v[] = {x, y, z}; set_uniform(l, 1, v, BT_UINT, 3, "glUniform3ui"); }
void GLAPIENTRY glf_Uniform4ui(GLint l, GLuint x, GLuint y, GLuint z, GLuint w) { GLuint v[] = {x, y, z, w}; set_uniform(l, 1, v, BT_UINT, 4, "glUniform4ui"); }
void GLAPIENTRY glf_Uniform1fv(GLint l, GLsizei c, const GLfloat *v) { set_uniform(l, c, v, BT_FLOAT, 1, "glUniform1fv"); }
void GLAPIENTRY glf_Uniform2fv(GLint l, GLsizei c, const GLfloat *v) { set_uniform(l, c, v, BT_FLOAT, 2, "glUniform2fv"); }
void GLAPIENTRY glf_Uniform3fv(GLint l, GLsizei c, const GLfloat *v) { set_uniform(l, c, v, BT_FLOAT, 3, "glUniform3fv"); }
void GLAPIENTRY glf_Uniform4fv(GLint l, GLsizei c, const GLfloat *v) { set_uniform(l, c, v, BT_FLOAT, 4, "glUniform4fv"); }
void GLAPIENTRY glf_Uniform1iv(GLint l, GLsizei c, const GLint *v) { set_uniform(l, c, v, BT_INT, 1, "glUniform1iv"); }
void GLAPIENTRY glf_Uniform2iv(GLint l, GLsizei c, const GLint *v) { set_uniform(l, c, v, BT_INT, 2, "glUniform2iv"); }
void GLAPIENTRY glf_Uniform3iv(GLint l, GLsizei c, const GLint *v) { set_uniform(l, c, v, BT_INT, 3, "glUniform3iv"); }
void GLAPIENTRY glf_Uniform4iv(GLint l, GLsizei c, const GLint *v) { set_uniform(l, c, v, BT_INT, 4, "glUniform4iv"); }
void GLAPIENTRY glf_Uniform1uiv(GLint l, GLsizei c, const GLuint *v) { set_uniform(l, c, v, BT_UINT, 1, "glUniform1uiv"); }
void GLAPIENTRY glf_Uniform2uiv(GLint l, GLsizei c, const GLuint *v) { set_uniform(l, c, v, BT_UINT, 2, "glUniform2uiv"); }
void GLAPIENTRY glf_Uniform3uiv(GLint l, GLsizei c, const GLuint *v) { set_uniform(l, c, v, BT_UINT, 3, "glUniform3uiv"); }
void GLAPIENTRY glf_Uniform4uiv(GLint l, GLsizei c, const GLuint *v) { set_uniform(l, c, v, BT_UINT, 4, "glUniform4uiv"); }

#define UNIFORM_MATRIX(suffix, cols, rows)                                                  \
   void GLAPIENTRY glf_UniformMatrix##suffix##fv(GLint l, GLsizei c, GLboolean t, const GLfloat *v) \
   {                                                                                         \
      set_matrix(l, c, t, v, cols, rows, "glUniformMatrix" #suffix "fv");                   \
   }
UNIFORM_MATRIX(2, 2, 2)
UNIFORM_MATRIX(3, 3, 3)
UNIFORM_MATRIX(4, 4, 4)
UNIFORM_MATRIX(2x3, 2, 3)
UNIFORM_MATRIX(2x4, 2, 4)
UNIFORM_MATRIX(3x2, 3, 2)
UNIFORM_MATRIX(3x4, 3, 4)
UNIFORM_MATRIX(4x2, 4, 2)
UNIFORM_MATRIX(4x3, 4, 3)

/* ---- glGetUniform* ------------------------------------------------------------------------- */
static void
get_uniform(GLuint program, GLint location, void *params, enum base_type want, size_t buf_size, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, caller);
   if (!p)
      return;
   if (!p->link_status || !p->info || location < 0 || (uint32_t)location >= p->info->max_uniform_location ||
       p->locs[location].uniform == UINT16_MAX) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(location=%d)", caller, location);
      return;
   }
   const struct spv_uniform *u = &p->info->uniforms[p->locs[location].uniform];
   uint32_t element = p->locs[location].element;
   struct type_info ti = type_info(u->gl_type);
   /* From KHR_robustness: "An INVALID_OPERATION error is generated by GetnUniform* if the
    * buffer size required to store the requested data is greater than bufSize." */
   if ((ti.base == BT_SAMPLER ? 1u : ti.cols * ti.rows) * 4u > buf_size) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(bufSize=%zu too small)", caller, buf_size);
      return;
   }
   if (ti.base == BT_SAMPLER) {
      uint32_t unit = u->sampler_slot >= 0 ? p->sampler_units[u->sampler_slot + element] : 0;
      if (want == BT_FLOAT)
         *(GLfloat *)params = (GLfloat)unit;
      else
         *(GLint *)params = (GLint)unit;
      return;
   }
   uint32_t mstride = u->matrix_stride ? u->matrix_stride : 16;
   uint64_t base = u->offset + (uint64_t)element * u->array_stride;
   for (uint32_t c = 0; c < ti.cols; c++) {
      for (uint32_t r = 0; r < ti.rows; r++) {
         uint64_t off = base + c * mstride + 4 * r;
         uint32_t bits = 0;
         if (off + 4 <= p->uniform_size)
            memcpy(&bits, p->uniform_data + off, 4);
         float f;
         memcpy(&f, &bits, 4);
         uint32_t i = c * ti.rows + r;
         if (want == BT_FLOAT)
            ((GLfloat *)params)[i] = ti.base == BT_FLOAT ? f : ti.base == BT_INT ? (float)(int32_t)bits : (float)bits;
         else
            ((GLint *)params)[i] = ti.base == BT_FLOAT ? (GLint)f : (GLint)bits;
      }
   }
}

void GLAPIENTRY glf_GetUniformfv(GLuint p, GLint l, GLfloat *v) { get_uniform(p, l, v, BT_FLOAT, SIZE_MAX, "glGetUniformfv"); }
void GLAPIENTRY glf_GetUniformiv(GLuint p, GLint l, GLint *v) { get_uniform(p, l, v, BT_INT, SIZE_MAX, "glGetUniformiv"); }
void GLAPIENTRY glf_GetUniformuiv(GLuint p, GLint l, GLuint *v) { get_uniform(p, l, v, BT_UINT, SIZE_MAX, "glGetUniformuiv"); }

/* KHR_robustness / EXT_robustness / ARB_robustness (gl_front/robustness.c). */
void
glf_get_n_uniform(GLuint program, GLint location, GLsizei buf_size, void *params, GLenum type, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (ctx && buf_size < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(bufSize < 0)", caller);
      return;
   }
   enum base_type want = type == GL_FLOAT ? BT_FLOAT : type == GL_INT ? BT_INT : BT_UINT;
   get_uniform(program, location, params, want, (size_t)buf_size, caller);
}
