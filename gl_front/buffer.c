/* splitgl gl_front: buffer objects. */
#include <stdlib.h>

#include "glf_context.h"

struct glf_buffer **
glf_buffer_target(struct glf_context *ctx, GLenum target)
{
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   switch (target) {
   case GL_ARRAY_BUFFER: return &ctx->array_buffer;
   case GL_ELEMENT_ARRAY_BUFFER: return ctx->vao ? &ctx->vao->element : NULL;
   case GL_COPY_READ_BUFFER: return es2 ? NULL : &ctx->copy_read_buffer;
   case GL_COPY_WRITE_BUFFER: return es2 ? NULL : &ctx->copy_write_buffer;
   case GL_PIXEL_PACK_BUFFER: return es2 ? NULL : &ctx->pixel_pack_buffer;
   case GL_PIXEL_UNPACK_BUFFER: return es2 ? NULL : &ctx->pixel_unpack_buffer;
   case GL_UNIFORM_BUFFER: return es2 ? NULL : &ctx->uniform_buffer;
   case GL_TRANSFORM_FEEDBACK_BUFFER: return es2 ? NULL : &ctx->tf_buffer;
   default: return NULL;
   }
}

/* The binding slot for target, raising the right error if there is none. */
static struct glf_buffer **
target_slot(struct glf_context *ctx, GLenum target, const char *caller)
{
   struct glf_buffer **slot = glf_buffer_target(ctx, target);
   if (slot)
      return slot;
   if (target == GL_ELEMENT_ARRAY_BUFFER) /* GL core without a VAO bound */
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object bound)", caller);
   else
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
   return NULL;
}

void GLAPIENTRY
glf_GenBuffers(GLsizei n, GLuint *buffers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGenBuffers(n < 0)");
      return;
   }
   glf_gen_names(ctx, &ctx->shared->buffers, n, buffers);
}

void GLAPIENTRY
glf_BindBuffer(GLenum target, GLuint buffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_buffer **slot = target_slot(ctx, target, "glBindBuffer");
   if (!slot)
      return;
   struct glf_buffer *buf = NULL;
   if (buffer) {
      glf_shared_lock(ctx);
      buf = glf_hash_lookup(&ctx->shared->buffers, buffer);
      /* From the OpenGL 3.3 core spec, section 2.9.1: "BindBuffer fails and an
       * INVALID_OPERATION error is generated if buffer is not zero or a name returned from a
       * previous call to GenBuffers, or if such a name has since been deleted". ES allows
       * binding any name. */
      if (!buf && GLF_CORE(ctx)) {
         glf_shared_unlock(ctx);
         glf_error(ctx, GL_INVALID_OPERATION, "glBindBuffer(buffer=%u not generated)", buffer);
         return;
      }
      if (!buf || buf == GLF_NAME_RESERVED) {
         buf = calloc(1, sizeof(*buf));
         if (!buf || !glf_hash_insert(&ctx->shared->buffers, buffer, buf)) {
            glf_shared_unlock(ctx);
            free(buf);
            glf_error(ctx, GL_OUT_OF_MEMORY, "glBindBuffer");
            return;
         }
         buf->name = buffer;
         buf->refcount = 1; /* the name */
         buf->usage = GL_STATIC_DRAW;
      }
      glf_ref_inc(&buf->refcount); /* the binding's, taken with the lookup */
      glf_shared_unlock(ctx);
   }
   if (*slot == buf)
      glf_buffer_unref(ctx, buf); /* already bound: drop the extra reference */
   else
      glf_buffer_move(ctx, slot, buf);
}

static void
unbind_everywhere(struct glf_context *ctx, struct glf_buffer *buf)
{
   struct glf_buffer **bufs[] = {&ctx->array_buffer, &ctx->copy_read_buffer, &ctx->copy_write_buffer,
                                 &ctx->pixel_pack_buffer, &ctx->pixel_unpack_buffer,
                                 &ctx->uniform_buffer, &ctx->tf_buffer};
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(bufs); i++)
      if (*bufs[i] == buf)
         glf_buffer_ref(ctx, bufs[i], NULL);
   if (!ctx->vao)
      return;
   if (ctx->vao->element == buf)
      glf_buffer_ref(ctx, &ctx->vao->element, NULL);
   for (unsigned i = 0; i < GLF_MAX_VERTEX_ATTRIBS; i++) {
      if (ctx->vao->attr[i].buffer == buf) {
         glf_buffer_ref(ctx, &ctx->vao->attr[i].buffer, NULL);
         glf_dirty(ctx, GLF_DIRTY_VERTEX_BUFFERS);
      }
   }
}

void GLAPIENTRY
glf_DeleteBuffers(GLsizei n, const GLuint *buffers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDeleteBuffers(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!buffers[i])
         continue;
      glf_shared_lock(ctx);
      struct glf_buffer *buf = glf_hash_lookup(&ctx->shared->buffers, buffers[i]);
      glf_hash_remove(&ctx->shared->buffers, buffers[i]);
      glf_shared_unlock(ctx);
      if (!buf || buf == GLF_NAME_RESERVED)
         continue;
      /* From the OpenGL ES 3.0 spec, section 2.9.1: "If a buffer object that is currently
       * bound is deleted, the binding is effectively reverted to zero". */
      unbind_everywhere(ctx, buf);
      glf_buffer_unref(ctx, buf); /* the name's reference */
   }
}

GLboolean GLAPIENTRY
glf_IsBuffer(GLuint buffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   return glf_shared_has(ctx, &ctx->shared->buffers, buffer, false);
}

static bool
valid_usage(struct glf_context *ctx, GLenum usage)
{
   switch (usage) {
   case GL_STREAM_DRAW: case GL_STATIC_DRAW: case GL_DYNAMIC_DRAW:
      return true;
   case GL_STREAM_READ: case GL_STREAM_COPY: case GL_STATIC_READ: case GL_STATIC_COPY:
   case GL_DYNAMIC_READ: case GL_DYNAMIC_COPY:
      return !(GLF_ES(ctx) && ctx->major < 3);
   default:
      return false;
   }
}

static void
buffer_storage(struct glf_context *ctx, struct glf_buffer *buf, uint32_t size)
{
   uint32_t op = WIRE_OP_ResourceCreate;
   if (buf->created) {
      if (buf->size == size)
         return;
      op = WIRE_OP_ResourceRespecify;
   } else {
      buf->res = wire_handle_mint(ctx->wire, WIRE_KIND_RESOURCE);
      buf->created = true;
      /* Vertex buffer records named a null handle for this buffer so far. */
      glf_shared_touch(ctx);
   }
   struct wire_resource_create *p = glf_begin(ctx, op, 0);
   if (!p)
      return;
   p->res = buf->res;
   p->target = WIRE_TARGET_BUFFER;
   p->format = WIRE_FMT_NONE;
   p->width = size ? size : 1;
   p->height = p->depth = p->layers = 1;
   wire_end(ctx->wire);
}

void GLAPIENTRY
glf_BufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_buffer **slot = target_slot(ctx, target, "glBufferData");
   if (!slot)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.9.2: "An INVALID_VALUE error is generated if
    * size is negative." ... "INVALID_ENUM if usage is not one of ..." */
   if (size < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glBufferData(size < 0)");
      return;
   }
   if (!valid_usage(ctx, usage)) {
      glf_error(ctx, GL_INVALID_ENUM, "glBufferData(usage=0x%x)", usage);
      return;
   }
   struct glf_buffer *buf = *slot;
   if (!buf) {
      glf_error(ctx, GL_INVALID_OPERATION, "glBufferData(no buffer bound)");
      return;
   }
   if ((uint64_t)size > WIRE_MAX_BUFFER_SIZE) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glBufferData(size=%lld)", (long long)size);
      return;
   }
   uint8_t *shadow = realloc(buf->shadow, size ? (size_t)size : 1);
   if (!shadow) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glBufferData(size=%lld)", (long long)size);
      return;
   }
   buf->shadow = shadow;
   if (data)
      memcpy(shadow, data, (size_t)size);
   else
      memset(shadow, 0, (size_t)size);
   buffer_storage(ctx, buf, (uint32_t)size);
   buf->size = (uint32_t)size;
   buf->usage = usage;
   if (data && size)
      glf_upload_buffer(ctx, buf->res, 0, data, (uint32_t)size);
}

void GLAPIENTRY
glf_BufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void *data)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_buffer **slot = target_slot(ctx, target, "glBufferSubData");
   if (!slot)
      return;
   struct glf_buffer *buf = *slot;
   if (!buf) {
      glf_error(ctx, GL_INVALID_OPERATION, "glBufferSubData(no buffer bound)");
      return;
   }
   /* From the OpenGL ES 3.0 spec, section 2.9.2: "An INVALID_VALUE error is generated if
    * offset or size is negative, or if offset + size is greater than the value of
    * BUFFER_SIZE." */
   if (offset < 0 || size < 0 || (uint64_t)offset + (uint64_t)size > buf->size) {
      glf_error(ctx, GL_INVALID_VALUE, "glBufferSubData(offset=%lld, size=%lld)", (long long)offset,
                (long long)size);
      return;
   }
   if (!size || !data)
      return;
   memcpy(buf->shadow + offset, data, (size_t)size);
   glf_upload_buffer(ctx, buf->res, (uint32_t)offset, data, (uint32_t)size);
}

static bool
buffer_param(struct glf_context *ctx, GLenum target, GLenum pname, GLint64 *out, const char *caller)
{
   struct glf_buffer **slot = target_slot(ctx, target, caller);
   if (!slot)
      return false;
   struct glf_buffer *buf = *slot;
   if (!buf) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no buffer bound)", caller);
      return false;
   }
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   switch (pname) {
   case GL_BUFFER_SIZE: *out = buf->size; return true;
   case GL_BUFFER_USAGE: *out = buf->usage; return true;
   case GL_BUFFER_MAPPED:
      if (es2)
         break;
      *out = GL_FALSE;
      return true;
   case GL_BUFFER_ACCESS_FLAGS: case GL_BUFFER_MAP_LENGTH: case GL_BUFFER_MAP_OFFSET:
      if (es2)
         break;
      *out = 0;
      return true;
   case GL_BUFFER_ACCESS:
      if (!GLF_CORE(ctx))
         break;
      *out = GL_READ_WRITE;
      return true;
   default:
      break;
   }
   glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", caller, pname);
   return false;
}

void GLAPIENTRY
glf_GetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   GLint64 v;
   if (ctx && buffer_param(ctx, target, pname, &v, "glGetBufferParameteriv"))
      *params = (GLint)v;
}

void GLAPIENTRY
glf_GetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params)
{
   GET_CURRENT_CONTEXT(ctx);
   GLint64 v;
   if (ctx && buffer_param(ctx, target, pname, &v, "glGetBufferParameteri64v"))
      *params = v;
}
