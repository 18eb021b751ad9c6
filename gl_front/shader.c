/* splitgl gl_front: shader objects (compile with spirv/'s first pass: the spec's compile
 * status and info log). Shaders and programs share one namespace. */
#include <stdlib.h>

#include "glf_context.h"

static void
copy_string(const char *src, GLsizei bufSize, GLsizei *length, GLchar *dst)
{
   GLsizei n = 0;
   if (bufSize > 0 && dst) {
      size_t len = src ? strlen(src) : 0;
      n = len < (size_t)bufSize - 1 ? (GLsizei)len : bufSize - 1;
      memcpy(dst, src ? src : "", (size_t)n);
      dst[n] = 0;
   }
   if (length)
      *length = n;
}

void
glf_copy_string(const char *src, GLsizei bufSize, GLsizei *length, GLchar *dst)
{
   copy_string(src, bufSize, length, dst);
}

struct glf_shader *
glf_lookup_shader(struct glf_context *ctx, GLuint name, const char *caller)
{
   struct glf_shader *sh = GLF_LOOKUP_REF(ctx, programs, name, glf_shader);
   /* From the OpenGL ES 3.0 spec, section 2.11.1 (error summary, section 2.5): commands
    * that take a shader name generate INVALID_VALUE if it is not a shader or program name
    * and INVALID_OPERATION if it names a program. */
   if (!sh) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(shader=%u)", caller, name);
      return NULL;
   }
   if (sh->is_program) {
      glf_shader_put(ctx, sh);
      glf_error(ctx, GL_INVALID_OPERATION, "%s(%u is a program)", caller, name);
      return NULL;
   }
   return sh;
}

static bool
valid_shader_type(struct glf_context *ctx, GLenum type)
{
   return type == GL_VERTEX_SHADER || type == GL_FRAGMENT_SHADER ||
          (GLF_CORE(ctx) && type == GL_GEOMETRY_SHADER);
}

GLuint GLAPIENTRY
glf_CreateShader(GLenum type)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return 0;
   if (!valid_shader_type(ctx, type)) {
      glf_error(ctx, GL_INVALID_ENUM, "glCreateShader(type=0x%x)", type);
      return 0;
   }
   struct glf_shader *sh = calloc(1, sizeof(*sh));
   if (!sh)
      return 0;
   sh->type = type;
   sh->refcount = 1; /* it exists */
   glf_shared_lock(ctx);
   sh->name = glf_hash_find_free_block(&ctx->shared->programs, 1);
   glf_hash_insert(&ctx->shared->programs, sh->name, sh);
   glf_shared_unlock(ctx);
   return sh->name;
}

static void
shader_free(struct glf_shader *sh)
{
   free(sh->source);
   if (sh->spv)
      spv_shader_free(sh->spv);
   free(sh->label);
   free(sh);
}

void
glf_shader_destroy(struct glf_shader *sh)
{
   shader_free(sh);
}

void
glf_shader_put(struct glf_context *ctx, struct glf_shader *obj)
{
   if (!obj || !glf_ref_dec(&obj->refcount))
      return;
   if (obj->is_program) {
      void glf_program_destroy(struct glf_context *ctx, struct glf_program *prog);
      glf_program_destroy(ctx, (struct glf_program *)obj);
   } else {
      shader_free(obj);
   }
}

/* The deletion of a shader or program takes effect (nothing uses or attaches it any more):
 * its name goes at once; the object when the calls that still hold it are done. Called once
 * per object: the caller decided under the share lock. */
void
glf_program_delete_object(struct glf_context *ctx, struct glf_shader *obj)
{
   glf_shared_lock(ctx);
   if (glf_hash_lookup(&ctx->shared->programs, obj->name) == obj)
      glf_hash_remove(&ctx->shared->programs, obj->name);
   glf_shared_unlock(ctx);
   glf_shader_put(ctx, obj); /* it no longer exists */
}

void
glf_shader_unref_attach(struct glf_context *ctx, struct glf_shader *sh)
{
   glf_shared_lock(ctx);
   bool now = --sh->attach_count == 0 && sh->delete_pending;
   glf_shared_unlock(ctx);
   if (now)
      glf_program_delete_object(ctx, sh);
}

void GLAPIENTRY
glf_DeleteShader(GLuint shader)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !shader)
      return;
   struct glf_shader *sh GLF_SCOPED = glf_lookup_shader(ctx, shader, "glDeleteShader");
   if (!sh)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.11.1: "If a shader object to be deleted is
    * attached to a program object, it will be flagged for deletion, but it will not be
    * deleted until it is no longer attached to any program object". */
   glf_shared_lock(ctx);
   bool now = !sh->delete_pending && !sh->attach_count;
   sh->delete_pending = true;
   glf_shared_unlock(ctx);
   if (now)
      glf_program_delete_object(ctx, sh);
}

GLboolean GLAPIENTRY
glf_IsShader(GLuint shader)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   glf_shared_lock(ctx);
   struct glf_shader *sh = glf_hash_lookup(&ctx->shared->programs, shader);
   bool is = sh && !sh->is_program;
   glf_shared_unlock(ctx);
   return is;
}

void GLAPIENTRY
glf_ShaderSource(GLuint shader, GLsizei count, const GLchar *const *string, const GLint *length)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_shader *sh GLF_SCOPED = glf_lookup_shader(ctx, shader, "glShaderSource");
   if (!sh)
      return;
   if (count < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glShaderSource(count < 0)");
      return;
   }
   size_t total = 0;
   for (GLsizei i = 0; i < count; i++)
      total += length && length[i] >= 0 ? (size_t)length[i] : (string[i] ? strlen(string[i]) : 0);
   char *src = malloc(total + 1);
   if (!src) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glShaderSource");
      return;
   }
   size_t off = 0;
   for (GLsizei i = 0; i < count; i++) {
      size_t n = length && length[i] >= 0 ? (size_t)length[i] : (string[i] ? strlen(string[i]) : 0);
      memcpy(src + off, string[i], n);
      off += n;
   }
   src[off] = 0;
   free(sh->source);
   sh->source = src;
}

void GLAPIENTRY
glf_CompileShader(GLuint shader)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_shader *sh GLF_SCOPED = glf_lookup_shader(ctx, shader, "glCompileShader");
   if (!sh)
      return;
   if (sh->spv)
      spv_shader_free(sh->spv);
   sh->spv = NULL;
   sh->compiled = false;
   /* Geometry shaders exist on core contexts only (glCreateShader refuses the type on ES).
    * A server whose device lacks geometryShader cannot run one: the compile fails with
    * shader_log's explanation (GL has no error for a missing core feature). */
   if (sh->type == GL_GEOMETRY_SHADER && !(ctx->limits.features & WIRE_FEATURE_GEOMETRY_SHADER)) {
      sgl_log_once(SGL_LOG_WARN, "the server's device has no geometry shaders: geometry shader compiles fail");
      return;
   }
   enum spv_stage stage = sh->type == GL_VERTEX_SHADER     ? SPV_STAGE_VERTEX
                          : sh->type == GL_GEOMETRY_SHADER ? SPV_STAGE_GEOMETRY
                                                           : SPV_STAGE_FRAGMENT;
   /* The shading language's gl_Max* constants are the context's limits (caps.c). */
   const struct glf_limits *l = &ctx->limits;
   const struct spv_limits lim = {
      .max_vertex_attribs = l->max_vertex_attribs,
      .max_vertex_uniform_vectors = l->max_vertex_uniform_vectors,
      .max_fragment_uniform_vectors = l->max_fragment_uniform_vectors,
      .max_varying_vectors = l->max_varying_vectors,
      .max_varying_components = l->max_varying_components,
      .max_vertex_output_components = l->max_vertex_output_components,
      .max_fragment_input_components = l->max_fragment_input_components,
      .max_vertex_texture_image_units = l->max_vertex_texture_image_units,
      .max_texture_image_units = l->max_texture_image_units,
      .max_combined_texture_image_units = l->max_combined_texture_image_units,
      .max_draw_buffers = l->max_draw_buffers,
      .min_program_texel_offset = l->min_program_texel_offset,
      .max_program_texel_offset = l->max_program_texel_offset,
      .max_clip_distances = GLF_CORE(ctx) || glf_has_clip_cull_distance(ctx) ? l->max_clip_distances : 0,
      .max_cull_distances = glf_has_clip_cull_distance(ctx) ? l->max_cull_distances : 0,
      .max_combined_clip_and_cull_distances =
         glf_has_clip_cull_distance(ctx) ? l->max_combined_clip_and_cull_distances : 0,
      .max_geometry_input_components = l->max_geometry_input_components,
      .max_geometry_output_components = l->max_geometry_output_components,
      .max_geometry_output_vertices = l->max_geometry_output_vertices,
      .max_geometry_total_output_components = l->max_geometry_total_output_components,
      .max_geometry_uniform_components = l->max_geometry_uniform_components,
      .max_geometry_texture_image_units = l->max_geometry_texture_image_units,
   };
   sh->spv = spv_compile_limits(stage, GLF_ES(ctx) ? SPV_API_GLES : SPV_API_GL, sh->source ? sh->source : "", &lim);
   sh->compiled = sh->spv && spv_shader_ok(sh->spv);
}

static const char *
shader_log(const struct glf_shader *sh)
{
   if (sh->spv)
      return spv_shader_info_log(sh->spv);
   if (sh->type == GL_GEOMETRY_SHADER)
      return "ERROR: splitgl: the renderer's device has no geometry shaders (Vulkan geometryShader)\n";
   return "";
}

void GLAPIENTRY
glf_GetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_shader *sh GLF_SCOPED = glf_lookup_shader(ctx, shader, "glGetShaderiv");
   if (!sh)
      return;
   const char *log;
   switch (pname) {
   case GL_SHADER_TYPE: *params = (GLint)sh->type; break;
   case GL_DELETE_STATUS: *params = sh->delete_pending; break;
   case GL_COMPILE_STATUS: *params = sh->compiled; break;
   case GL_INFO_LOG_LENGTH:
      log = shader_log(sh);
      *params = *log ? (GLint)strlen(log) + 1 : 0;
      break;
   case GL_SHADER_SOURCE_LENGTH:
      *params = sh->source ? (GLint)strlen(sh->source) + 1 : 0;
      break;
   default:
      glf_error(ctx, GL_INVALID_ENUM, "glGetShaderiv(pname=0x%x)", pname);
      break;
   }
}

void GLAPIENTRY
glf_GetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *infoLog)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_shader *sh GLF_SCOPED = glf_lookup_shader(ctx, shader, "glGetShaderInfoLog");
   if (!sh)
      return;
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetShaderInfoLog(bufSize < 0)");
      return;
   }
   copy_string(shader_log(sh), bufSize, length, infoLog);
}

void GLAPIENTRY
glf_GetShaderSource(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *source)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_shader *sh GLF_SCOPED = glf_lookup_shader(ctx, shader, "glGetShaderSource");
   if (!sh)
      return;
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetShaderSource(bufSize < 0)");
      return;
   }
   copy_string(sh->source, bufSize, length, source);
}

void GLAPIENTRY
glf_ReleaseShaderCompiler(void)
{
}

void GLAPIENTRY
glf_GetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype, GLint *range, GLint *precision)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetShaderPrecisionFormat(shadertype=0x%x)", shadertype);
      return;
   }
   switch (precisiontype) {
   case GL_LOW_FLOAT: case GL_MEDIUM_FLOAT: case GL_HIGH_FLOAT:
      range[0] = range[1] = 127; /* IEEE single precision */
      *precision = 23;
      return;
   case GL_LOW_INT: case GL_MEDIUM_INT: case GL_HIGH_INT:
      range[0] = 31;
      range[1] = 30;
      *precision = 0;
      return;
   default:
      glf_error(ctx, GL_INVALID_ENUM, "glGetShaderPrecisionFormat(precisiontype=0x%x)", precisiontype);
   }
}
