/* splitgl gl_front: named uniform blocks (OpenGL ES 3.0 section 2.12.6, OpenGL 3.3 section
 * 2.11.4): the block and active-uniform queries over the blob's reflection, the program's
 * block bindings (UniformBlockBinding: program state, sent with the sampler units in the
 * program-bindings record) and the link-time limits the context reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glf_context.h"

void glf_copy_string(const char *src, GLsizei bufSize, GLsizei *length, GLchar *dst);

/* The program's last successful link, or NULL (the program itself: NULL with the lookup's
 * error). *p_out keeps the lookup's reference for the caller (GLF_SCOPED there). */
static const struct spv_program_info *
linked(struct glf_context *ctx, GLuint program, const char *caller, struct glf_program **p_out)
{
   struct glf_program *p = glf_lookup_program(ctx, program, caller);
   *p_out = p;
   return p && p->link_status ? p->info : NULL;
}

/* ---- link-time limits ------------------------------------------------------------------ */
/* OpenGL ES 3.0 section 2.12.6: "If the number of active uniform blocks in the vertex shader
 * exceeds MAX_VERTEX_UNIFORM_BLOCKS ... or the combined ... MAX_COMBINED_UNIFORM_BLOCKS, the
 * program will fail to link"; "the total amount of buffer object storage available for any
 * given uniform block is subject to an implementation-dependent limit"
 * (MAX_UNIFORM_BLOCK_SIZE; a larger block fails the link). Returns NULL or the log. */
char *
glf_uniform_block_limits(const struct glf_context *ctx, const struct spv_program_info *info)
{
   uint32_t vs = 0, fs = 0, gs = 0;
   char buf[256];
   for (uint32_t i = 0; i < info->block_count; i++) {
      const struct spv_block *b = &info->blocks[i];
      vs += (b->stage_mask >> SPV_STAGE_VERTEX) & 1;
      fs += (b->stage_mask >> SPV_STAGE_FRAGMENT) & 1;
      gs += (b->stage_mask >> SPV_STAGE_GEOMETRY) & 1;
      if ((GLint)b->data_size > ctx->limits.max_uniform_block_size) {
         snprintf(buf, sizeof(buf), "error: uniform block '%s' is %u bytes (MAX_UNIFORM_BLOCK_SIZE is %d)\n",
                  b->name, b->data_size, ctx->limits.max_uniform_block_size);
         return strdup(buf);
      }
   }
   if ((GLint)vs > ctx->limits.max_vertex_uniform_blocks || (GLint)fs > ctx->limits.max_fragment_uniform_blocks ||
       (GLint)gs > ctx->limits.max_geometry_uniform_blocks ||
       (GLint)info->block_count > ctx->limits.max_combined_uniform_blocks) {
      snprintf(buf, sizeof(buf),
               "error: too many uniform blocks (vertex %u of %d, geometry %u of %d, fragment %u of %d, combined %u of %d)\n",
               vs, ctx->limits.max_vertex_uniform_blocks, gs, ctx->limits.max_geometry_uniform_blocks, fs,
               ctx->limits.max_fragment_uniform_blocks, info->block_count, ctx->limits.max_combined_uniform_blocks);
      return strdup(buf);
   }
   return NULL;
}

GLint
glf_uniform_block_max_name_length(const struct spv_program_info *info)
{
   size_t m = 0;
   for (uint32_t i = 0; info && i < info->block_count; i++)
      if (strlen(info->blocks[i].name) + 1 > m)
         m = strlen(info->blocks[i].name) + 1;
   return (GLint)m;
}

static bool
es2(const struct glf_context *ctx, const char *caller)
{
   if (GLF_ES(ctx) && ctx->major < 3) {
      glf_error((struct glf_context *)ctx, GL_INVALID_OPERATION, "%s (not in OpenGL ES 2.0)", caller);
      return true;
   }
   return false;
}

/* ---- blocks ------------------------------------------------------------------------------ */
GLuint GLAPIENTRY
glf_GetUniformBlockIndex(GLuint program, const GLchar *uniformBlockName)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || es2(ctx, "glGetUniformBlockIndex"))
      return GL_INVALID_INDEX;
   struct glf_program *p GLF_SCOPED = NULL;
   const struct spv_program_info *info = linked(ctx, program, "glGetUniformBlockIndex", &p);
   if (!info || !uniformBlockName)
      return GL_INVALID_INDEX;
   /* An array of blocks' first element also answers to the name without "[0]" (as active
    * uniforms do, section 2.12.6, and as GL 4.3's program interface names resources). */
   size_t n = strlen(uniformBlockName);
   for (uint32_t i = 0; i < info->block_count; i++) {
      const char *b = info->blocks[i].name;
      if (!strcmp(b, uniformBlockName) || (strlen(b) == n + 3 && !strncmp(b, uniformBlockName, n) &&
                                           !strcmp(b + n, "[0]")))
         return i;
   }
   return GL_INVALID_INDEX;
}

static const struct spv_block *
block_at(struct glf_context *ctx, const struct spv_program_info *info, GLuint index, const char *caller)
{
   /* "If uniformBlockIndex is not the index of an active uniform block in program, the error
    * INVALID_VALUE is generated." */
   if (!info || index >= info->block_count) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(uniformBlockIndex=%u)", caller, index);
      return NULL;
   }
   return &info->blocks[index];
}

void GLAPIENTRY
glf_GetActiveUniformBlockiv(GLuint program, GLuint uniformBlockIndex, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || es2(ctx, "glGetActiveUniformBlockiv"))
      return;
   struct glf_program *p GLF_SCOPED = NULL;
   const struct spv_program_info *info = linked(ctx, program, "glGetActiveUniformBlockiv", &p);
   if (!p)
      return;
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING: case GL_UNIFORM_BLOCK_DATA_SIZE: case GL_UNIFORM_BLOCK_NAME_LENGTH:
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER: case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      if (GLF_CORE(ctx))
         break;
      /* fallthrough */
   default:
      glf_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformBlockiv(pname=0x%x)", pname);
      return;
   }
   const struct spv_block *b = block_at(ctx, info, uniformBlockIndex, "glGetActiveUniformBlockiv");
   if (!b || !params)
      return;
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING: *params = (GLint)p->block_bindings[uniformBlockIndex]; break;
   case GL_UNIFORM_BLOCK_DATA_SIZE: *params = (GLint)b->data_size; break;
   case GL_UNIFORM_BLOCK_NAME_LENGTH: *params = (GLint)strlen(b->name) + 1; break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: *params = (GLint)b->uniform_count; break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
      for (uint32_t i = 0; i < b->uniform_count; i++)
         params[i] = (GLint)(b->first_uniform + i);
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER: *params = (b->stage_mask >> SPV_STAGE_VERTEX) & 1; break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER: *params = (b->stage_mask >> SPV_STAGE_FRAGMENT) & 1; break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER: *params = (b->stage_mask >> SPV_STAGE_GEOMETRY) & 1; break;
   default: break;
   }
}

void GLAPIENTRY
glf_GetActiveUniformBlockName(GLuint program, GLuint uniformBlockIndex, GLsizei bufSize, GLsizei *length,
                              GLchar *uniformBlockName)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || es2(ctx, "glGetActiveUniformBlockName"))
      return;
   struct glf_program *p GLF_SCOPED = NULL;
   const struct spv_program_info *info = linked(ctx, program, "glGetActiveUniformBlockName", &p);
   if (!p)
      return;
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformBlockName(bufSize < 0)");
      return;
   }
   const struct spv_block *b = block_at(ctx, info, uniformBlockIndex, "glGetActiveUniformBlockName");
   if (b)
      glf_copy_string(b->name, bufSize, length, uniformBlockName);
}

void GLAPIENTRY
glf_UniformBlockBinding(GLuint program, GLuint uniformBlockIndex, GLuint uniformBlockBinding)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || es2(ctx, "glUniformBlockBinding"))
      return;
   struct glf_program *p GLF_SCOPED = NULL;
   const struct spv_program_info *info = linked(ctx, program, "glUniformBlockBinding", &p);
   if (!p)
      return;
   if (!block_at(ctx, info, uniformBlockIndex, "glUniformBlockBinding"))
      return;
   /* "If uniformBlockBinding is greater than or equal to the value of
    * MAX_UNIFORM_BUFFER_BINDINGS, the error INVALID_VALUE is generated." */
   if (uniformBlockBinding >= (GLuint)ctx->limits.max_uniform_buffer_bindings ||
       uniformBlockBinding >= WIRE_MAX_UNIFORM_BLOCKS) {
      glf_error(ctx, GL_INVALID_VALUE, "glUniformBlockBinding(uniformBlockBinding=%u)", uniformBlockBinding);
      return;
   }
   if (p->block_bindings[uniformBlockIndex] != uniformBlockBinding) {
      p->block_bindings[uniformBlockIndex] = uniformBlockBinding;
      p->bindings_serial++;
   }
}

/* ---- active uniforms ------------------------------------------------------------------- */
/* An active uniform's index by name: its reported name, or for an array the name without
 * the trailing "[0]" (OpenGL ES 3.0 section 2.12.6). */
static GLuint
uniform_index(const struct spv_program_info *info, const char *name)
{
   size_t n = strlen(name);
   for (uint32_t i = 0; i < info->uniform_count; i++) {
      const char *u = info->uniforms[i].name;
      size_t l = strlen(u);
      if (!strcmp(u, name))
         return i;
      if (l == n + 3 && !strncmp(u, name, n) && !strcmp(u + n, "[0]"))
         return i;
   }
   return GL_INVALID_INDEX;
}

void GLAPIENTRY
glf_GetUniformIndices(GLuint program, GLsizei uniformCount, const GLchar *const *uniformNames,
                      GLuint *uniformIndices)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || es2(ctx, "glGetUniformIndices"))
      return;
   struct glf_program *p GLF_SCOPED = NULL;
   const struct spv_program_info *info = linked(ctx, program, "glGetUniformIndices", &p);
   if (!p)
      return;
   if (uniformCount < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetUniformIndices(uniformCount < 0)");
      return;
   }
   for (GLsizei i = 0; i < uniformCount && uniformNames && uniformIndices; i++)
      uniformIndices[i] = info && uniformNames[i] ? uniform_index(info, uniformNames[i]) : GL_INVALID_INDEX;
}

static bool
uniforms_pname_ok(GLenum pname)
{
   switch (pname) {
   case GL_UNIFORM_TYPE: case GL_UNIFORM_SIZE: case GL_UNIFORM_NAME_LENGTH: case GL_UNIFORM_BLOCK_INDEX:
   case GL_UNIFORM_OFFSET: case GL_UNIFORM_ARRAY_STRIDE: case GL_UNIFORM_MATRIX_STRIDE:
   case GL_UNIFORM_IS_ROW_MAJOR:
      return true;
   default:
      return false;
   }
}

/* Default-block uniforms report -1 for the block-layout queries ("if the uniform is not in
 * a named block, ... -1"; IS_ROW_MAJOR 0). */
static GLint
uniform_param(const struct spv_uniform *u, GLenum pname)
{
   bool in_block = u->block_index >= 0;
   switch (pname) {
   case GL_UNIFORM_TYPE: return (GLint)u->gl_type;
   case GL_UNIFORM_SIZE: return (GLint)u->array_size;
   case GL_UNIFORM_NAME_LENGTH: return (GLint)strlen(u->name) + 1;
   case GL_UNIFORM_BLOCK_INDEX: return u->block_index;
   case GL_UNIFORM_OFFSET: return in_block ? (GLint)u->offset : -1;
   case GL_UNIFORM_ARRAY_STRIDE: return in_block ? (GLint)u->array_stride : -1;
   case GL_UNIFORM_MATRIX_STRIDE: return in_block ? (GLint)u->matrix_stride : -1;
   default: return in_block ? (GLint)u->row_major : 0;
   }
}

void GLAPIENTRY
glf_GetActiveUniformsiv(GLuint program, GLsizei uniformCount, const GLuint *uniformIndices, GLenum pname,
                        GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || es2(ctx, "glGetActiveUniformsiv"))
      return;
   struct glf_program *p GLF_SCOPED = NULL;
   const struct spv_program_info *info = linked(ctx, program, "glGetActiveUniformsiv", &p);
   if (!p)
      return;
   if (uniformCount < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(uniformCount < 0)");
      return;
   }
   if (!uniforms_pname_ok(pname)) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformsiv(pname=0x%x)", pname);
      return;
   }
   /* "If any value in uniformIndices is greater than or equal to the value of
    * ACTIVE_UNIFORMS for program, the error INVALID_VALUE is generated" (nothing written). */
   uint32_t count = info ? info->uniform_count : 0;
   for (GLsizei i = 0; i < uniformCount; i++) {
      if (!uniformIndices || uniformIndices[i] >= count) {
         glf_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(uniformIndices[%d]=%u)", i,
                   uniformIndices ? uniformIndices[i] : 0);
         return;
      }
   }
   for (GLsizei i = 0; i < uniformCount && params; i++)
      params[i] = uniform_param(&info->uniforms[uniformIndices[i]], pname);
}

void GLAPIENTRY
glf_GetActiveUniformName(GLuint program, GLuint uniformIndex, GLsizei bufSize, GLsizei *length, GLchar *uniformName)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = NULL;
   const struct spv_program_info *info = linked(ctx, program, "glGetActiveUniformName", &p);
   if (!p)
      return;
   if (!info || uniformIndex >= info->uniform_count || bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformName(uniformIndex=%u, bufSize=%d)", uniformIndex, bufSize);
      return;
   }
   glf_copy_string(info->uniforms[uniformIndex].name, bufSize, length, uniformName);
}
