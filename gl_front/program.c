/* splitgl gl_front: program objects: attach, link (spirv/ -> blob -> ProgramCreate),
 * use, and the program queries from the blob's reflection. */
#include <stdio.h>
#include <stdlib.h>

#include "glf_context.h"
#include "util/exit_order.h"

void glf_copy_string(const char *src, GLsizei bufSize, GLsizei *length, GLchar *dst);
void glf_shader_destroy(struct glf_shader *sh);

/* glGetProgramBinary's bytes: magic, format version, build id, then the program blob. */
#define BINARY_MAGIC "SGLB"
#define BINARY_BUILD_SIZE 24
#define BINARY_HEADER_SIZE (4 + 4 + BINARY_BUILD_SIZE)
#define BINARY_FORMAT_VERSION 1u

struct glf_program *
glf_lookup_program(struct glf_context *ctx, GLuint name, const char *caller)
{
   struct glf_shader *obj = GLF_LOOKUP_REF(ctx, programs, name, glf_shader);
   if (!obj) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(program=%u)", caller, name);
      return NULL;
   }
   if (!obj->is_program) {
      glf_shader_put(ctx, obj);
      glf_error(ctx, GL_INVALID_OPERATION, "%s(%u is a shader)", caller, name);
      return NULL;
   }
   return (struct glf_program *)obj;
}

GLuint GLAPIENTRY
glf_CreateProgram(void)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return 0;
   struct glf_program *p = calloc(1, sizeof(*p));
   if (!p)
      return 0;
   p->is_program = true;
   p->refcount = 1; /* it exists */
   glf_shared_lock(ctx);
   p->name = glf_hash_find_free_block(&ctx->shared->programs, 1);
   glf_hash_insert(&ctx->shared->programs, p->name, p);
   glf_shared_unlock(ctx);
   return p->name;
}

void
glf_program_free_executable(struct glf_context *ctx, struct glf_program *prog)
{
   glf_emit_destroy(ctx, WIRE_KIND_PROGRAM, prog->handle);
   prog->handle = (wire_handle){0, 0};
   if (prog->info)
      spv_program_info_free(prog->info);
   prog->info = NULL;
   free(prog->uniform_data);
   free(prog->locs);
   free(prog->sampler_units);
   free(prog->blob);
   prog->uniform_data = NULL;
   prog->locs = NULL;
   prog->sampler_units = NULL;
   prog->blob = NULL;
   prog->blob_size = 0;
   prog->uniform_size = 0;
}

void
glf_program_destroy(struct glf_context *ctx, struct glf_program *prog)
{
   for (uint32_t i = 0; i < prog->attached_count; i++)
      glf_shader_unref_attach(ctx, prog->attached[i]);
   glf_program_free_executable(ctx, prog);
   for (uint32_t i = 0; i < prog->binding_count; i++)
      free(prog->bindings[i].name);
   free(prog->bindings);
   for (uint32_t i = 0; i < prog->frag_binding_count; i++)
      free(prog->frag_bindings[i].name);
   free(prog->frag_bindings);
   for (uint32_t i = 0; i < prog->xfb_count; i++)
      free(prog->xfb_names[i]);
   free(prog->xfb_names);
   free(prog->info_log);
   free(prog->label);
   free(prog);
}

/* Last sharer gone: free every program, then every shader (in two passes, so that
 * detaching never frees a shader the walk has yet to reach). */
void
glf_programs_destroy_all(struct glf_context *ctx, struct glf_hash *h)
{
   /* struct glf_program shares only name, refcount and is_program with struct glf_shader:
    * each kind's own delete_pending (writing the shader's field into a program overwrote
    * its attached[] list) */
   for (uint32_t i = 0; i < h->cap; i++) {
      struct glf_shader *obj = h->keys[i] ? h->vals[i] : NULL;
      if (!obj)
         continue;
      if (obj->is_program)
         ((struct glf_program *)obj)->delete_pending = false;
      else
         obj->delete_pending = false;
   }
   for (uint32_t i = 0; i < h->cap; i++) {
      struct glf_shader *obj = h->vals[i];
      if (h->keys[i] && obj->is_program) {
         glf_program_destroy(ctx, (struct glf_program *)obj);
         h->vals[i] = NULL;
      }
   }
   for (uint32_t i = 0; i < h->cap; i++) {
      if (h->keys[i] && h->vals[i])
         glf_shader_destroy(h->vals[i]);
   }
}

void
glf_program_unuse(struct glf_context *ctx, struct glf_program *prog)
{
   glf_shared_lock(ctx);
   bool now = --prog->use_count == 0 && prog->delete_pending;
   glf_shared_unlock(ctx);
   if (now)
      glf_program_delete_object(ctx, (struct glf_shader *)prog);
}

void GLAPIENTRY
glf_DeleteProgram(GLuint program)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !program)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glDeleteProgram");
   if (!p)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.11.3: "If a program object is in use as part
    * of current rendering state, it will be flagged for deletion, but it will not be
    * deleted until it is no longer part of current rendering state for any context." */
   glf_shared_lock(ctx);
   bool now = !p->delete_pending && !p->use_count;
   p->delete_pending = true;
   glf_shared_unlock(ctx);
   if (now)
      glf_program_delete_object(ctx, (struct glf_shader *)p);
}

GLboolean GLAPIENTRY
glf_IsProgram(GLuint program)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   glf_shared_lock(ctx);
   struct glf_shader *obj = glf_hash_lookup(&ctx->shared->programs, program);
   bool is = obj && obj->is_program;
   glf_shared_unlock(ctx);
   return is;
}

void GLAPIENTRY
glf_AttachShader(GLuint program, GLuint shader)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glAttachShader");
   struct glf_shader *sh GLF_SCOPED = p ? glf_lookup_shader(ctx, shader, "glAttachShader") : NULL;
   if (!sh)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.11.3: "The error INVALID_OPERATION is
    * generated if shader is already attached to program, or if another shader object of
    * the same type as shader is already attached to program." */
   for (uint32_t i = 0; i < p->attached_count; i++) {
      if (p->attached[i] == sh || (p->attached[i]->type == sh->type && GLF_ES(ctx))) {
         glf_error(ctx, GL_INVALID_OPERATION, "glAttachShader(already attached)");
         return;
      }
   }
   if (p->attached_count == GLF_ARRAY_SIZE(p->attached)) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glAttachShader(too many shaders)");
      return;
   }
   p->attached[p->attached_count++] = sh;
   glf_shared_lock(ctx);
   sh->attach_count++;
   glf_shared_unlock(ctx);
}

void GLAPIENTRY
glf_DetachShader(GLuint program, GLuint shader)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glDetachShader");
   struct glf_shader *sh GLF_SCOPED = p ? glf_lookup_shader(ctx, shader, "glDetachShader") : NULL;
   if (!sh)
      return;
   for (uint32_t i = 0; i < p->attached_count; i++) {
      if (p->attached[i] == sh) {
         p->attached[i] = p->attached[--p->attached_count];
         glf_shader_unref_attach(ctx, sh);
         return;
      }
   }
   /* "The error INVALID_OPERATION is generated if shader is not attached to program." */
   glf_error(ctx, GL_INVALID_OPERATION, "glDetachShader(not attached)");
}

void GLAPIENTRY
glf_GetAttachedShaders(GLuint program, GLsizei maxCount, GLsizei *count, GLuint *shaders)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (maxCount < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetAttachedShaders(maxCount < 0)");
      return;
   }
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glGetAttachedShaders");
   if (!p)
      return;
   GLsizei n = 0;
   for (uint32_t i = 0; i < p->attached_count && n < maxCount; i++)
      shaders[n++] = p->attached[i]->name;
   if (count)
      *count = n;
}

/* Sets name's entry of a binding list (a later call for the same name replaces it). */
static void
add_binding(struct glf_context *ctx, struct glf_attrib_binding **list, uint32_t *count, const char *name, GLuint index,
            GLuint blend_index, const char *caller)
{
   for (uint32_t i = 0; i < *count; i++) {
      if (!strcmp((*list)[i].name, name)) {
         (*list)[i].index = (GLint)index;
         (*list)[i].blend_index = blend_index;
         return;
      }
   }
   struct glf_attrib_binding *b = realloc(*list, (*count + 1) * sizeof(*b));
   char *copy = b ? strdup(name) : NULL;
   if (b)
      *list = b;
   if (!copy) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
      return;
   }
   b[*count].name = copy;
   b[*count].blend_index = blend_index;
   b[(*count)++].index = (GLint)index;
}

void GLAPIENTRY
glf_BindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glBindAttribLocation");
   if (!p)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.11.5: "If index is greater than or equal to
    * MAX_VERTEX_ATTRIBS, the error INVALID_VALUE is generated. ... If name starts with the
    * reserved "gl_" prefix, the error INVALID_OPERATION is generated." */
   if (index >= (GLuint)ctx->limits.max_vertex_attribs) {
      glf_error(ctx, GL_INVALID_VALUE, "glBindAttribLocation(index=%u)", index);
      return;
   }
   if (!strncmp(name, "gl_", 3)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glBindAttribLocation(name=%s)", name);
      return;
   }
   add_binding(ctx, &p->bindings, &p->binding_count, name, index, 0, "glBindAttribLocation");
}

/* OpenGL 3.3 core, section 3.9.2 (ARB_blend_func_extended): "The error INVALID_VALUE is
 * generated if colorNumber is equal or greater than MAX_DRAW_BUFFERS and index is zero, or if
 * colorNumber is equal or greater than MAX_DUAL_SOURCE_DRAW_BUFFERS and index is greater than
 * or equal to one" (GL 3.3: "or if index is greater than one"); "INVALID_OPERATION if name
 * starts with gl_"; takes effect at the next link. */
static void
bind_frag_data(GLuint program, GLuint color, GLuint index, const GLchar *name, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s (not in OpenGL ES 3.0)", caller);
      return;
   }
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, caller);
   if (!p)
      return;
   if (index > 1 || (index == 0 && color >= (GLuint)ctx->limits.max_draw_buffers) ||
       (index == 1 && color >= (GLuint)ctx->limits.max_dual_source_draw_buffers)) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(colorNumber=%u, index=%u)", caller, color, index);
      return;
   }
   if (!name || !strncmp(name, "gl_", 3)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(name=%s)", caller, name ? name : "(null)");
      return;
   }
   add_binding(ctx, &p->frag_bindings, &p->frag_binding_count, name, color, index, caller);
}

void GLAPIENTRY
glf_BindFragDataLocation(GLuint program, GLuint color, const GLchar *name)
{
   bind_frag_data(program, color, 0, name, "glBindFragDataLocation");
}

void GLAPIENTRY
glf_BindFragDataLocationIndexed(GLuint program, GLuint colorNumber, GLuint index, const GLchar *name)
{
   bind_frag_data(program, colorNumber, index, name, "glBindFragDataLocationIndexed");
}

/* ---- link ------------------------------------------------------------------------------------- */
static void
set_log(struct glf_program *p, char *log)
{
   free(p->info_log);
   p->info_log = log;
}

static bool
emit_program(struct glf_context *ctx, struct glf_program *p, const void *blob, size_t size)
{
   if (size > wire_max_stage(ctx->wire) || size > WIRE_MAX_PROGRAM_BLOB)
      return false;
   wire_handle h = wire_handle_mint(ctx->wire, WIRE_KIND_PROGRAM);
   struct wire_program_create *pc = GLF_BEGIN(ctx, ProgramCreate);
   if (!pc)
      return false;
   pc->program = h;
   void *dst = wire_stage(ctx->wire, (uint32_t)size, &pc->blob);
   if (dst)
      memcpy(dst, blob, size);
   wire_end(ctx->wire);
   p->handle = h;
   return dst != NULL;
}

static bool
install_executable(struct glf_context *ctx, struct glf_program *p, void *blob, size_t size)
{
   char err[256];
   struct spv_program_info *info = spv_blob_parse(blob, size, err, sizeof(err));
   if (!info) {
      set_log(p, strdup(err));
      return false;
   }
   char *limits = glf_uniform_block_limits(ctx, info);
   if (limits) {
      spv_program_info_free(info);
      set_log(p, limits);
      return false;
   }
   void *copy = malloc(size);
   if (!copy) {
      spv_program_info_free(info);
      set_log(p, strdup("error: out of memory\n"));
      return false;
   }
   memcpy(copy, blob, size);
   glf_program_free_executable(ctx, p);
   p->info = info;
   p->blob = copy;
   p->blob_size = size;
   /* "When a program object is linked ... the uniform block bindings are reset to zero"
    * (the initial UNIFORM_BLOCK_BINDING, ES 3.0 section 2.12.6). */
   memset(p->block_bindings, 0, sizeof(p->block_bindings));
   /* A program without a vertex stage (desktop GL: a fragment shader alone) links for its
    * queries; its draws do nothing (draw.c), so the server never gets it. */
   if ((info->stage_mask & (1u << SPV_STAGE_VERTEX)) && !emit_program(ctx, p, blob, size)) {
      glf_program_free_executable(ctx, p);
      set_log(p, strdup("splitgl: program blob too large for the staging segment\n"));
      return false;
   }
   glf_uniform_init_storage(p);
   p->link_serial++;
   p->uniform_serial++;
   p->bindings_serial++;
   return true;
}

static bool
link_program(struct glf_context *ctx, struct glf_program *p)
{
   struct spv_shader *shaders[GLF_ARRAY_SIZE(p->attached)];
   uint32_t n = 0;
   for (uint32_t i = 0; i < p->attached_count; i++) {
      if (!p->attached[i]->compiled) {
         set_log(p, strdup("error: attached shader is not compiled\n"));
         return false;
      }
      shaders[n++] = p->attached[i]->spv;
   }
   struct spv_binding *binds = calloc(p->binding_count + 1, sizeof(*binds));
   struct spv_binding *fbinds = calloc(p->frag_binding_count + 1, sizeof(*fbinds));
   if (!binds || !fbinds) {
      free(binds);
      free(fbinds);
      set_log(p, strdup("error: out of memory\n"));
      return false;
   }
   for (uint32_t i = 0; i < p->binding_count; i++)
      binds[i] = (struct spv_binding){p->bindings[i].name, p->bindings[i].index};
   for (uint32_t i = 0; i < p->frag_binding_count; i++)
      fbinds[i] = (struct spv_binding){p->frag_bindings[i].name, p->frag_bindings[i].index,
                                       p->frag_bindings[i].blend_index};
   struct spv_link_options opts = {
      .attrib_bindings = binds,
      .attrib_binding_count = p->binding_count,
      .frag_data_bindings = fbinds,
      .frag_data_binding_count = p->frag_binding_count,
      .max_dual_source_draw_buffers = (uint32_t)ctx->limits.max_dual_source_draw_buffers,
      .xfb_varyings = (const char *const *)p->xfb_names,
      .xfb_varying_count = p->xfb_count,
      .xfb_separate = p->xfb_mode == GL_SEPARATE_ATTRIBS,
      .xfb_max_interleaved_components = (uint32_t)ctx->limits.max_xfb_interleaved_components,
      .xfb_max_separate_components = (uint32_t)ctx->limits.max_xfb_separate_components,
      .xfb_max_separate_attribs = (uint32_t)ctx->limits.max_xfb_separate_attribs,
   };
   void *blob = NULL;
   size_t size = 0;
   char *log = NULL;
   bool hit;
   bool ok = spv_link_cached(shaders, n, &opts, &blob, &size, &log, &hit);
   /* glslang and SPIRV-Tools (shared with the in-process server's validation) may have
    * registered destructors of their first-use statics just now (util/exit_order.h) */
   sgl_exit_order_renew();
   free(binds);
   free(fbinds);
   set_log(p, log);
   if (ok)
      ok = install_executable(ctx, p, blob, size);
   if (ok)
      p->linked_xfb_mode = p->xfb_mode ? p->xfb_mode : GL_INTERLEAVED_ATTRIBS;
   free(blob);
   return ok;
}

void GLAPIENTRY
glf_LinkProgram(GLuint program)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glLinkProgram");
   if (!p)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.15.2: "The error INVALID_OPERATION is generated by
    * LinkProgram if program is the name of a program being used by one or more transform
    * feedback objects, even if the objects are not currently bound or are paused." */
   if (glf_xfb_uses_program(ctx, p)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glLinkProgram(program %u is used by transform feedback)", program);
      return;
   }
   p->link_status = link_program(ctx, p);
   p->validate_status = false;
   /* A failed link of a program in use keeps its last executable (ES 3.0 2.11.3: "...the
    * program object's executable code ... remains part of the current rendering state"). */
   if (!p->link_status && !p->use_count)
      glf_program_free_executable(ctx, p);
}

void GLAPIENTRY
glf_UseProgram(GLuint program)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "The error INVALID_OPERATION is generated by UseProgram if the current transform feedback
    * object is active and not paused" (ES 3.0 section 2.15.2). */
   if (glf_xfb_capturing(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glUseProgram(transform feedback active)");
      return;
   }
   struct glf_program *p GLF_SCOPED = NULL;
   if (program) {
      p = glf_lookup_program(ctx, program, "glUseProgram");
      if (!p)
         return;
      /* "If program has not been successfully linked, the error INVALID_OPERATION is
       * generated and the current rendering state is not modified." */
      if (!p->link_status) {
         glf_error(ctx, GL_INVALID_OPERATION, "glUseProgram(program %u not linked)", program);
         return;
      }
   }
   if (p == ctx->program)
      return;
   if (p) {
      glf_shared_lock(ctx);
      p->use_count++;
      glf_shared_unlock(ctx);
   }
   struct glf_program *old = ctx->program;
   ctx->program = p;
   if (old)
      glf_program_unuse(ctx, old);
   glf_dirty(ctx, GLF_DIRTY_PROGRAM | GLF_DIRTY_PROGRAM_BINDINGS | GLF_DIRTY_CONSTBUF | GLF_DIRTY_VELEMS);
}

void GLAPIENTRY
glf_ValidateProgram(GLuint program)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glValidateProgram");
   if (!p)
      return;
   p->validate_status = p->link_status && p->info;
   if (!p->validate_status)
      set_log(p, strdup("error: program is not linked\n"));
}

/* The built-in inputs GetActiveAttrib lists after the program's own attributes (OpenGL 3.3
 * section 2.11.3: "including the special built-in inputs gl_VertexID and gl_InstanceID"). */
static const struct {
   uint32_t bit;
   const char *name;
} builtin_attribs[] = {
   {SPV_BUILTIN_ATTRIB_VERTEX_ID, "gl_VertexID"},
   {SPV_BUILTIN_ATTRIB_INSTANCE_ID, "gl_InstanceID"},
};

static uint32_t
active_attrib_count(const struct spv_program_info *info)
{
   return info ? info->attrib_count + (uint32_t)__builtin_popcount(info->builtin_attribs & 3u) : 0;
}

/* Attribute index past the program's own: the built-in's name, else NULL. */
static const char *
builtin_attrib_name(const struct spv_program_info *info, uint32_t index)
{
   uint32_t k = info->attrib_count;
   for (size_t b = 0; b < GLF_ARRAY_SIZE(builtin_attribs); b++)
      if ((info->builtin_attribs & builtin_attribs[b].bit) && k++ == index)
         return builtin_attribs[b].name;
   return NULL;
}

static GLint
max_name_length(const struct spv_program_info *info, bool uniforms)
{
   size_t m = 0;
   uint32_t n = info ? (uniforms ? info->uniform_count : active_attrib_count(info)) : 0;
   for (uint32_t i = 0; i < n; i++) {
      const char *name = uniforms ? info->uniforms[i].name
                         : i < info->attrib_count ? info->attribs[i].name : builtin_attrib_name(info, i);
      size_t l = strlen(name) + 1;
      if (l > m)
         m = l;
   }
   return (GLint)m;
}

static bool
program_param(struct glf_context *ctx, struct glf_program *p, GLenum pname, GLint *out)
{
   const struct spv_program_info *info = p->link_status ? p->info : NULL;
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   switch (pname) {
   case GL_DELETE_STATUS: *out = p->delete_pending; return true;
   case GL_LINK_STATUS: *out = p->link_status; return true;
   case GL_VALIDATE_STATUS: *out = p->validate_status; return true;
   case GL_INFO_LOG_LENGTH: *out = p->info_log && *p->info_log ? (GLint)strlen(p->info_log) + 1 : 0; return true;
   case GL_ATTACHED_SHADERS: *out = (GLint)p->attached_count; return true;
   case GL_ACTIVE_ATTRIBUTES: *out = (GLint)active_attrib_count(info); return true;
   case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: *out = max_name_length(info, false); return true;
   case GL_ACTIVE_UNIFORMS: *out = info ? (GLint)info->uniform_count : 0; return true;
   case GL_ACTIVE_UNIFORM_MAX_LENGTH: *out = max_name_length(info, true); return true;
   default: break;
   }
   if (es2)
      return false;
   switch (pname) {
   case GL_ACTIVE_UNIFORM_BLOCKS: *out = info ? (GLint)info->block_count : 0; return true;
   case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH: *out = glf_uniform_block_max_name_length(info); return true;
   case GL_PROGRAM_BINARY_RETRIEVABLE_HINT:
      *out = p->binary_retrievable_hint;
      return true;
   /* Of the last successful link (ES 3.0 section 6.1.12). */
   case GL_TRANSFORM_FEEDBACK_VARYINGS: *out = info ? (GLint)info->xfb_varying_count : 0; return true;
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: {
      size_t m = 0;
      for (uint32_t i = 0; info && i < info->xfb_varying_count; i++)
         if (strlen(info->xfb_varyings[i].name) + 1 > m)
            m = strlen(info->xfb_varyings[i].name) + 1;
      *out = (GLint)m;
      return true;
   }
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
      *out = p->linked_xfb_mode ? (GLint)p->linked_xfb_mode : GL_INTERLEAVED_ATTRIBS;
      return true;
   case GL_PROGRAM_BINARY_LENGTH:
      *out = info && p->blob ? (GLint)(BINARY_HEADER_SIZE + p->blob_size) : 0;
      return true;
   case GL_GEOMETRY_VERTICES_OUT: case GL_GEOMETRY_INPUT_TYPE: case GL_GEOMETRY_OUTPUT_TYPE:
      if (!GLF_CORE(ctx))
         return false;
      /* OpenGL 3.3 section 6.1.16: "If GEOMETRY_VERTICES_OUT, GEOMETRY_INPUT_TYPE, or
       * GEOMETRY_OUTPUT_TYPE are queried for a program which has not been linked successfully,
       * or which does not contain objects to form a geometry shader, then an INVALID_OPERATION
       * error is generated." */
      if (!info || !(info->stage_mask & (1u << SPV_STAGE_GEOMETRY))) {
         glf_error(ctx, GL_INVALID_OPERATION, "glGetProgramiv(pname=0x%x: no linked geometry shader)", pname);
         return true; /* params untouched */
      }
      *out = pname == GL_GEOMETRY_VERTICES_OUT ? (GLint)info->gs_max_vertices
             : pname == GL_GEOMETRY_INPUT_TYPE ? (GLint)info->gs_input : (GLint)info->gs_output;
      return true;
   default: return false;
   }
}

void GLAPIENTRY
glf_GetProgramiv(GLuint program, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glGetProgramiv");
   if (p && !program_param(ctx, p, pname, params))
      glf_error(ctx, GL_INVALID_ENUM, "glGetProgramiv(pname=0x%x)", pname);
}

void GLAPIENTRY
glf_GetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei *length, GLchar *infoLog)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glGetProgramInfoLog");
   if (!p)
      return;
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetProgramInfoLog(bufSize < 0)");
      return;
   }
   glf_copy_string(p->info_log, bufSize, length, infoLog);
}

/* The linked executable of program, or NULL with INVALID_OPERATION. */
static const struct spv_program_info *
linked_info(struct glf_context *ctx, GLuint program, const char *caller)
{
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, caller);
   if (!p)
      return NULL;
   if (!p->link_status || !p->info) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(program %u not linked)", caller, program);
      return NULL;
   }
   return p->info;
}

GLint GLAPIENTRY
glf_GetAttribLocation(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return -1;
   const struct spv_program_info *info = linked_info(ctx, program, "glGetAttribLocation");
   if (!info || !name || !strncmp(name, "gl_", 3))
      return -1;
   for (uint32_t i = 0; i < info->attrib_count; i++)
      if (!strcmp(info->attribs[i].name, name))
         return info->attribs[i].location;
   /* An element of an array attribute, "name[k]" (GLSL 1.50 section 4.3.4 allows vertex input
    * arrays): its elements take consecutive locations, each as many as the element needs
    * (a mat2 element two). */
   const char *open = strrchr(name, '[');
   const size_t base = open ? (size_t)(open - name) : 0;
   char *end = NULL;
   const unsigned long k = open && open[1] >= '0' && open[1] <= '9' ? strtoul(open + 1, &end, 10) : 0;
   if (!end || strcmp(end, "]") || (open[1] == '0' && end != open + 2))
      return -1;
   for (uint32_t i = 0; i < info->attrib_count; i++) {
      const struct spv_attrib *a = &info->attribs[i];
      if (a->array_size > 1 && strlen(a->name) == base && !strncmp(a->name, name, base) && k < a->array_size)
         return a->location + (GLint)(k * (a->slots / a->array_size));
   }
   return -1;
}

static void
get_active(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size, GLenum *type,
           GLchar *name, bool uniforms, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, caller);
   if (!p)
      return;
   const struct spv_program_info *info = p->link_status ? p->info : NULL;
   uint32_t count = info ? (uniforms ? info->uniform_count : active_attrib_count(info)) : 0;
   /* "If index is greater than or equal to ACTIVE_UNIFORMS (ACTIVE_ATTRIBUTES), the error
    * INVALID_VALUE is generated." Likewise a negative bufSize. */
   if (index >= count || bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", caller, index);
      return;
   }
   if (uniforms) {
      const struct spv_uniform *u = &info->uniforms[index];
      *size = (GLint)u->array_size;
      *type = u->gl_type;
      glf_copy_string(u->name, bufSize, length, name);
   } else if (index >= info->attrib_count) { /* gl_VertexID / gl_InstanceID: int scalars */
      *size = 1;
      *type = GL_INT;
      glf_copy_string(builtin_attrib_name(info, index), bufSize, length, name);
   } else {
      const struct spv_attrib *a = &info->attribs[index];
      *size = (GLint)a->array_size;
      *type = a->gl_type;
      glf_copy_string(a->name, bufSize, length, name);
   }
}

void GLAPIENTRY
glf_GetActiveUniform(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size,
                     GLenum *type, GLchar *name)
{
   get_active(program, index, bufSize, length, size, type, name, true, "glGetActiveUniform");
}

void GLAPIENTRY
glf_GetActiveAttrib(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size,
                    GLenum *type, GLchar *name)
{
   get_active(program, index, bufSize, length, size, type, name, false, "glGetActiveAttrib");
}

GLint GLAPIENTRY
glf_GetFragDataLocation(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return -1;
   const struct spv_program_info *info = linked_info(ctx, program, "glGetFragDataLocation");
   if (!info || !name)
      return -1;
   for (uint32_t i = 0; i < info->output_count; i++)
      if (!strcmp(info->outputs[i].name, name))
         return info->outputs[i].location;
   return -1;
}

/* OpenGL 3.3 core, section 3.9.2: "returns the index of the fragment color to which the
 * variable name was bound when the program object program was last linked"; -1 for a name
 * that is not an output. */
GLint GLAPIENTRY
glf_GetFragDataIndex(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return -1;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetFragDataIndex (not in OpenGL ES 3.0)");
      return -1;
   }
   const struct spv_program_info *info = linked_info(ctx, program, "glGetFragDataIndex");
   if (!info || !name)
      return -1;
   for (uint32_t i = 0; i < info->output_count; i++)
      if (!strcmp(info->outputs[i].name, name))
         return (GLint)info->outputs[i].index;
   return -1;
}

/* ---- program and shader binaries ------------------------------------------------------------- */
/* Program binaries (ES 3.0 section 2.11.3; GL's ARB_get_program_binary, OES_get_program_binary):
 * one format, GLF_PROGRAM_BINARY_FORMAT, whose bytes are a header naming the build and the
 * program blob (DESIGN 2.5: the blob is the binary). ProgramBinary refuses another build's
 * binary, or bytes that do not parse, with LINK_STATUS FALSE and the reason in the info log. */

static void
binary_build_id(char out[BINARY_BUILD_SIZE])
{
   memset(out, 0, BINARY_BUILD_SIZE);
   snprintf(out, BINARY_BUILD_SIZE, "splitgl %s blob %u", SPLITGL_VERSION_STRING, spv_blob_version());
}

void GLAPIENTRY
glf_ProgramParameteri(GLuint program, GLenum pname, GLint value)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glProgramParameteri");
   if (!p)
      return;
   /* ES 3.0 section 2.12.4: "INVALID_ENUM if pname is not PROGRAM_BINARY_RETRIEVABLE_HINT";
    * "INVALID_VALUE if value is not TRUE or FALSE". */
   if (pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT) {
      glf_error(ctx, GL_INVALID_ENUM, "glProgramParameteri(pname=0x%x)", pname);
      return;
   }
   if (value != GL_TRUE && value != GL_FALSE) {
      glf_error(ctx, GL_INVALID_VALUE, "glProgramParameteri(value=%d)", value);
      return;
   }
   p->binary_retrievable_hint = value == GL_TRUE;
}

void GLAPIENTRY
glf_GetProgramBinary(GLuint program, GLsizei bufSize, GLsizei *length, GLenum *binaryFormat, void *binary)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glGetProgramBinary");
   if (!p)
      return;
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetProgramBinary(bufSize < 0)");
      return;
   }
   /* "INVALID_OPERATION if LINK_STATUS is FALSE ... or if bufSize is less than the number of
    * bytes in the binary" (nothing is written then). */
   size_t need = BINARY_HEADER_SIZE + p->blob_size;
   if (!p->link_status || !p->info || !p->blob || (size_t)bufSize < need) {
      if (length)
         *length = 0;
      glf_error(ctx, GL_INVALID_OPERATION, "glGetProgramBinary(%s)",
                p->link_status && p->blob ? "bufSize below PROGRAM_BINARY_LENGTH" : "program not linked");
      return;
   }
   uint8_t *out = binary;
   if (out) {
      const uint32_t version = BINARY_FORMAT_VERSION;
      memcpy(out, BINARY_MAGIC, 4);
      memcpy(out + 4, &version, 4);
      binary_build_id((char *)out + 8);
      memcpy(out + BINARY_HEADER_SIZE, p->blob, p->blob_size);
   }
   if (length)
      *length = (GLsizei)need;
   if (binaryFormat)
      *binaryFormat = GLF_PROGRAM_BINARY_FORMAT;
}

/* Why a binary cannot be loaded, or NULL. */
static const char *
binary_refusal(const uint8_t *b, GLsizei length)
{
   char build[BINARY_BUILD_SIZE];
   uint32_t version = 0;
   if (!b || length < BINARY_HEADER_SIZE || memcmp(b, BINARY_MAGIC, 4) != 0)
      return "error: not a splitgl program binary\n";
   memcpy(&version, b + 4, 4);
   binary_build_id(build);
   if (version != BINARY_FORMAT_VERSION || memcmp(b + 8, build, BINARY_BUILD_SIZE) != 0)
      return "error: the program binary comes from another splitgl build; link the program from its "
             "shaders\n";
   return NULL;
}

void GLAPIENTRY
glf_ProgramBinary(GLuint program, GLenum binaryFormat, const void *binary, GLsizei length)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_program *p GLF_SCOPED = glf_lookup_program(ctx, program, "glProgramBinary");
   if (!p)
      return;
   /* "INVALID_ENUM if binaryFormat is not a value recognized by the implementation". */
   if (binaryFormat != GLF_PROGRAM_BINARY_FORMAT) {
      glf_error(ctx, GL_INVALID_ENUM, "glProgramBinary(binaryFormat=0x%x)", binaryFormat);
      return;
   }
   if (length < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glProgramBinary(length < 0)");
      return;
   }
   /* ES 3.0 section 2.12.3: like LinkProgram, INVALID_OPERATION while transform feedback
    * uses the program. */
   if (glf_xfb_uses_program(ctx, p)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glProgramBinary(program %u is used by transform feedback)", program);
      return;
   }
   const char *why = binary_refusal(binary, length);
   bool ok = false;
   if (why) {
      set_log(p, strdup(why));
   } else {
      set_log(p, strdup(""));
      ok = install_executable(ctx, p, (uint8_t *)binary + BINARY_HEADER_SIZE,
                              (size_t)length - BINARY_HEADER_SIZE);
   }
   p->link_status = ok;
   p->validate_status = false;
   if (ok) {
      bool separate = p->info->xfb_separate != 0;
      p->linked_xfb_mode = separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS;
   } else if (!p->use_count) {
      glf_program_free_executable(ctx, p);
   }
}

void GLAPIENTRY
glf_ShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat, const void *binary, GLsizei length)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   (void)shaders, (void)binary;
   /* ES 3.0 section 2.11.2: "INVALID_VALUE if n or length is negative"; "INVALID_ENUM if
    * binaryformat is not one of SHADER_BINARY_FORMATS" (there are none); GL 4.1's likewise. */
   if (count < 0 || length < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glShaderBinary(count=%d, length=%d)", count, length);
      return;
   }
   glf_error(ctx, GL_INVALID_ENUM, "glShaderBinary(binaryformat=0x%x)", binaryformat);
}

/* OES_get_program_binary's spellings of the same commands (one format, the same rules). */
void GLAPIENTRY
glf_GetProgramBinaryOES(GLuint program, GLsizei bufSize, GLsizei *length, GLenum *binaryFormat, void *binary)
{
   glf_GetProgramBinary(program, bufSize, length, binaryFormat, binary);
}

void GLAPIENTRY
glf_ProgramBinaryOES(GLuint program, GLenum binaryFormat, const void *binary, GLint length)
{
   glf_ProgramBinary(program, binaryFormat, binary, length);
}
