/* splitgl gl_front: buffer objects. */
#include <stdlib.h>

#include "glf_context.h"
#include "util/knobs.h"

struct glf_buffer **
glf_buffer_target(struct glf_context *ctx, GLenum target)
{
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   switch (target) {
   case GL_ARRAY_BUFFER: return &ctx->array_buffer;
   case GL_ELEMENT_ARRAY_BUFFER: return ctx->vao ? &ctx->vao->element : &ctx->core_zero_element;
   case GL_COPY_READ_BUFFER: return es2 ? NULL : &ctx->copy_read_buffer;
   case GL_COPY_WRITE_BUFFER: return es2 ? NULL : &ctx->copy_write_buffer;
   case GL_PIXEL_PACK_BUFFER: return es2 ? NULL : &ctx->pixel_pack_buffer;
   case GL_PIXEL_UNPACK_BUFFER: return es2 ? NULL : &ctx->pixel_unpack_buffer;
   case GL_UNIFORM_BUFFER: return es2 ? NULL : &ctx->uniform_buffer;
   case GL_TRANSFORM_FEEDBACK_BUFFER: return es2 ? NULL : &ctx->tf_buffer;
   case GL_TEXTURE_BUFFER: return GLF_CORE(ctx) ? &ctx->texture_buffer : NULL; /* GL 3.1+ core */
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

/* The buffer a bind call names (made on first bind), with a reference for the binding; NULL
 * and *ok false with the error raised. */
struct glf_buffer *
glf_buffer_for_binding(struct glf_context *ctx, GLuint buffer, const char *caller, bool *ok)
{
   *ok = true;
   glf_shared_lock(ctx);
   struct glf_buffer *buf = glf_hash_lookup(&ctx->shared->buffers, buffer);
   /* From the OpenGL 3.3 core spec, section 2.9.1: "BindBuffer fails and an
    * INVALID_OPERATION error is generated if buffer is not zero or a name returned from a
    * previous call to GenBuffers, or if such a name has since been deleted" (likewise
    * BindBufferRange / BindBufferBase, section 2.11.4). ES allows binding any name. */
   if (!buf && GLF_CORE(ctx)) {
      glf_shared_unlock(ctx);
      glf_error(ctx, GL_INVALID_OPERATION, "%s(buffer=%u not generated)", caller, buffer);
      *ok = false;
      return NULL;
   }
   if (!buf || buf == GLF_NAME_RESERVED) {
      buf = calloc(1, sizeof(*buf));
      if (!buf || !glf_hash_insert(&ctx->shared->buffers, buffer, buf)) {
         glf_shared_unlock(ctx);
         free(buf);
         glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
         *ok = false;
         return NULL;
      }
      buf->name = buffer;
      buf->refcount = 1; /* the name */
      buf->usage = GL_STATIC_DRAW;
   }
   glf_ref_inc(&buf->refcount); /* the binding's, taken with the lookup */
   glf_shared_unlock(ctx);
   return buf;
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
      bool ok;
      buf = glf_buffer_for_binding(ctx, buffer, "glBindBuffer", &ok);
      if (!ok)
         return;
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
                                 &ctx->uniform_buffer, &ctx->tf_buffer, &ctx->texture_buffer};
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(bufs); i++)
      if (*bufs[i] == buf)
         glf_buffer_ref(ctx, bufs[i], NULL);
   glf_buffer_unbind_indexed(ctx, buf);
   if (ctx->core_zero_element == buf)
      glf_buffer_ref(ctx, &ctx->core_zero_element, NULL);
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
   /* New storage: a mapping of the old one ends (as Mesa does), GPU writes are gone. */
   free(buf->map_ptr);
   buf->map_ptr = NULL;
   buf->mapped = false;
   buf->gpu_written = false;
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
   /* "An INVALID_OPERATION error is generated if any part of the specified buffer range is
    * mapped with MapBufferRange" (ES 3.0 section 2.9.2). */
   if (buf->mapped) {
      glf_error(ctx, GL_INVALID_OPERATION, "glBufferSubData(buffer is mapped)");
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
   case GL_BUFFER_MAPPED: /* ES 2.0: OES_mapbuffer's BUFFER_MAPPED_OES */
      *out = buf->mapped;
      return true;
   case GL_BUFFER_ACCESS_FLAGS:
      if (es2)
         break;
      *out = buf->mapped ? buf->map_access : 0;
      return true;
   case GL_BUFFER_MAP_LENGTH:
      if (es2)
         break;
      *out = buf->mapped ? buf->map_length : 0;
      return true;
   case GL_BUFFER_MAP_OFFSET:
      if (es2)
         break;
      *out = buf->mapped ? buf->map_offset : 0;
      return true;
   case GL_BUFFER_ACCESS: /* GL; on ES, OES_mapbuffer's BUFFER_ACCESS_OES: always WRITE_ONLY */
      *out = GLF_CORE(ctx) ? (buf->mapped && buf->map_enum ? buf->map_enum : GL_READ_WRITE) : GL_WRITE_ONLY;
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

/* ---- read-back ------------------------------------------------------------------------------
 * The server holds what the GPU wrote (pack read-backs, transform feedback); the client's
 * shadow holds what the application wrote. Reads go to the server as BufferWriteback records
 * (DESIGN 2.7: the bytes come back as write-back chunks on the event ring, ordered with every
 * other event), in bands of WIRE_WRITEBACK_MAX; where there is no write-back path (monolith:
 * its server cannot park on the event ring) or under SPLITGL_PBO_READBACK_SYNC=1, as BufferRead
 * replies in bands of the reply slot. */
static bool
read_band(struct glf_context *ctx, struct glf_buffer *buf, uint32_t offset, uint32_t n, uint8_t *d, bool chunks)
{
   if (chunks) {
      struct wire_buffer_read *p = GLF_BEGIN(ctx, BufferWriteback);
      if (!p)
         return false;
      p->res = buf->res;
      p->offset = offset;
      p->size = n;
      return wire_end_writeback(ctx->wire, d, n);
   }
   struct wire_buffer_read *p = GLF_BEGIN(ctx, BufferRead);
   if (!p)
      return false;
   p->res = buf->res;
   p->offset = offset;
   p->size = n;
   return wire_end_reply(ctx->wire, d, n) == (int64_t)n;
}

bool
glf_buffer_read(struct glf_context *ctx, struct glf_buffer *buf, uint32_t offset, uint32_t size, void *dst)
{
   uint8_t *d = dst;
   if (!buf->created) { /* never given storage: its size is 0, nothing to read */
      memset(d, 0, size);
      return true;
   }
   const bool chunks = wire_has_writeback(ctx->wire) && !sgl_knobs()->pbo_readback_sync;
   const uint32_t band = chunks ? WIRE_WRITEBACK_MAX : WIRE_MAX_REPLY;
   while (size) {
      uint32_t n = size < band ? size : band;
      if (!read_band(ctx, buf, offset, n, d, chunks)) {
         /* DESIGN 2.8: what the server wrote (a pack read-back, transform feedback) cannot
          * come back; the buffer's old bytes are never handed out in its place. */
         glf_error(ctx, GL_CONTEXT_LOST, "ReadbackDeclined: buffer %u's bytes cannot be read back (the server is gone)",
                   buf->name);
         memset(d, 0, size);
         return false;
      }
      d += n;
      offset += n;
      size -= n;
   }
   return true;
}

bool
glf_buffer_shadow(struct glf_context *ctx, struct glf_buffer *buf)
{
   if (!buf || !buf->gpu_written)
      return true;
   if (!buf->shadow || !glf_buffer_read(ctx, buf, 0, buf->size, buf->shadow))
      return false;
   buf->gpu_written = false; /* until the next captured draw (glf_xfb_note_draw) */
   return true;
}

/* The bound buffer of a map / read call with the errors every such call shares. */
static struct glf_buffer *
bound_buffer(struct glf_context *ctx, GLenum target, const char *caller)
{
   struct glf_buffer **slot = target_slot(ctx, target, caller);
   if (!slot)
      return NULL;
   if (!*slot)
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no buffer bound)", caller);
   return *slot;
}

/* The mapping's bytes start as the buffer's (what the device holds: a read-back when the GPU
 * wrote it); writes reach the server at FlushMappedBufferRange (MAP_FLUSH_EXPLICIT_BIT) or
 * UnmapBuffer, through the shadow and BufferSubData records. */
static void *
map_range(struct glf_context *ctx, struct glf_buffer *buf, GLintptr offset, GLsizeiptr length, GLbitfield access,
          const char *caller)
{
   uint8_t *p = malloc((size_t)length);
   if (!p) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s(length=%lld)", caller, (long long)length);
      return NULL;
   }
   /* With MAP_INVALIDATE_*_BIT the previous contents are undefined: no read-back. */
   bool invalidate = access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
   if (buf->gpu_written && !invalidate) {
      if (!glf_buffer_read(ctx, buf, (uint32_t)offset, (uint32_t)length, p)) {
         free(p);
         return NULL;
      }
   } else
      memcpy(p, buf->shadow + offset, (size_t)length);
   buf->mapped = true;
   buf->map_ptr = p;
   buf->map_offset = offset;
   buf->map_length = length;
   buf->map_access = access;
   buf->map_enum = 0;
   return p;
}

/* Mapped bytes [offset, offset + length) of the mapping go to the buffer. */
static void
map_write_back(struct glf_context *ctx, struct glf_buffer *buf, GLintptr offset, GLsizeiptr length)
{
   if (!length)
      return;
   uint64_t at = (uint64_t)buf->map_offset + (uint64_t)offset;
   memcpy(buf->shadow + at, buf->map_ptr + offset, (size_t)length);
   if (buf->created)
      glf_upload_buffer(ctx, buf->res, (uint32_t)at, buf->map_ptr + offset, (uint32_t)length);
}

void *GLAPIENTRY
glf_MapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return NULL;
   if (GLF_ES(ctx) && ctx->major < 3) {
      glf_error(ctx, GL_INVALID_OPERATION, "glMapBufferRange (not in OpenGL ES 2.0)");
      return NULL;
   }
   struct glf_buffer *buf = bound_buffer(ctx, target, "glMapBufferRange");
   if (!buf)
      return NULL;
   /* From the OpenGL ES 3.0 spec, section 2.10.3: "An INVALID_VALUE error is generated if
    * offset or length is negative, if offset + length is greater than the value of
    * BUFFER_SIZE, or if access has any bits set other than those defined above. An
    * INVALID_OPERATION error is generated for any of the following conditions: length is
    * zero; the buffer is already in a mapped state; neither MAP_READ_BIT nor MAP_WRITE_BIT
    * is set; MAP_READ_BIT is set and any of MAP_INVALIDATE_RANGE_BIT,
    * MAP_INVALIDATE_BUFFER_BIT, or MAP_UNSYNCHRONIZED_BIT is set; MAP_FLUSH_EXPLICIT_BIT is
    * set and MAP_WRITE_BIT is not set." */
   const GLbitfield all = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
                          GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT;
   if (offset < 0 || length < 0 || (access & ~all) || (uint64_t)offset + (uint64_t)length > buf->size) {
      glf_error(ctx, GL_INVALID_VALUE, "glMapBufferRange(offset=%lld, length=%lld, access=0x%x)", (long long)offset,
                (long long)length, access);
      return NULL;
   }
   if (length == 0 || buf->mapped || !(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)) ||
       ((access & GL_MAP_READ_BIT) &&
        (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT))) ||
       ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT))) {
      glf_error(ctx, GL_INVALID_OPERATION, "glMapBufferRange(access=0x%x, length=%lld%s)", access, (long long)length,
                buf->mapped ? ", already mapped" : "");
      return NULL;
   }
   return map_range(ctx, buf, offset, length, access, "glMapBufferRange");
}

void *GLAPIENTRY
glf_MapBuffer(GLenum target, GLenum access)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return NULL;
   /* From the OpenGL 3.3 spec, section 2.9.3: MapBuffer is MapBufferRange of the whole buffer
    * with READ_ONLY / WRITE_ONLY / READ_WRITE as the access bits; "INVALID_ENUM if access is
    * not one of" them; "INVALID_OPERATION if the buffer is already mapped". On ES it is
    * OES_mapbuffer's glMapBufferOES, whose only access is WRITE_ONLY_OES. */
   GLbitfield bits = access == GL_READ_ONLY && GLF_CORE(ctx) ? GL_MAP_READ_BIT
                     : access == GL_WRITE_ONLY ? GL_MAP_WRITE_BIT
                     : access == GL_READ_WRITE && GLF_CORE(ctx) ? GL_MAP_READ_BIT | GL_MAP_WRITE_BIT : 0;
   struct glf_buffer **slot = target_slot(ctx, target, "glMapBuffer");
   if (!slot)
      return NULL;
   if (!bits) {
      glf_error(ctx, GL_INVALID_ENUM, "glMapBuffer(access=0x%x)", access);
      return NULL;
   }
   struct glf_buffer *buf = *slot;
   if (!buf || buf->mapped) {
      glf_error(ctx, GL_INVALID_OPERATION, "glMapBuffer(%s)", buf ? "already mapped" : "no buffer bound");
      return NULL;
   }
   if (!buf->size)
      return NULL; /* nothing to map (GL returns NULL for a zero-sized store) */
   void *p = map_range(ctx, buf, 0, buf->size, bits, "glMapBuffer");
   if (p)
      buf->map_enum = access;
   return p;
}

/* From the OpenGL ES 3.0 spec, section 2.10.5 (OpenGL 3.3 section 2.9.5): CopyBufferSubData
 * copies size bytes from the buffer bound to readtarget at readoffset to the one bound to
 * writetarget at writeoffset, in command order. The copy goes through the client's shadow
 * copies: bytes the GPU wrote to the source (transform feedback) are read back first, and
 * the destination range reaches the server as a BufferSubData record. */
void GLAPIENTRY
glf_CopyBufferSubData(GLenum readTarget, GLenum writeTarget, GLintptr readOffset, GLintptr writeOffset,
                      GLsizeiptr size)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (GLF_ES(ctx) && ctx->major < 3) {
      glf_error(ctx, GL_INVALID_OPERATION, "glCopyBufferSubData (not in OpenGL ES 2.0)");
      return;
   }
   struct glf_buffer **rs = target_slot(ctx, readTarget, "glCopyBufferSubData");
   if (!rs)
      return;
   struct glf_buffer **ws = target_slot(ctx, writeTarget, "glCopyBufferSubData");
   if (!ws)
      return;
   struct glf_buffer *src = *rs, *dst = *ws;
   /* "An INVALID_OPERATION error is generated if zero is bound to readtarget or writetarget,
    * or if the buffer objects bound to either readtarget or writetarget are mapped." */
   if (!src || !dst || src->mapped || dst->mapped) {
      glf_error(ctx, GL_INVALID_OPERATION, "glCopyBufferSubData(%s)",
                !src || !dst ? "no buffer bound" : "buffer is mapped");
      return;
   }
   /* "An INVALID_VALUE error is generated if any of readoffset, writeoffset, or size are
    * negative, if readoffset + size exceeds the size of the buffer object bound to
    * readtarget, or if writeoffset + size exceeds the size of the buffer object bound to
    * writetarget. An INVALID_VALUE error is generated if the same buffer object is bound to
    * both readtarget and writetarget, and the ranges [readoffset, readoffset + size) and
    * [writeoffset, writeoffset + size) overlap." */
   if (readOffset < 0 || writeOffset < 0 || size < 0 || (uint64_t)readOffset + (uint64_t)size > src->size ||
       (uint64_t)writeOffset + (uint64_t)size > dst->size ||
       (src == dst && readOffset < writeOffset + size && writeOffset < readOffset + size)) {
      glf_error(ctx, GL_INVALID_VALUE, "glCopyBufferSubData(readOffset=%lld, writeOffset=%lld, size=%lld)",
                (long long)readOffset, (long long)writeOffset, (long long)size);
      return;
   }
   if (!size)
      return;
   if (!glf_buffer_shadow(ctx, src)) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glCopyBufferSubData(source read-back failed)");
      return;
   }
   /* dst->gpu_written stays as it is: the rest of its shadow may still be stale, and a later
    * read-back sees this copy, which precedes it on the wire. */
   memmove(dst->shadow + writeOffset, src->shadow + readOffset, (size_t)size);
   glf_upload_buffer(ctx, dst->res, (uint32_t)writeOffset, dst->shadow + writeOffset, (uint32_t)size);
}

void GLAPIENTRY
glf_FlushMappedBufferRange(GLenum target, GLintptr offset, GLsizeiptr length)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_buffer *buf = bound_buffer(ctx, target, "glFlushMappedBufferRange");
   if (!buf)
      return;
   /* From the OpenGL ES 3.0 spec, section 2.10.3: "An INVALID_VALUE error is generated if
    * offset or length is negative, or if offset + length exceeds the size of the mapping. An
    * INVALID_OPERATION error is generated if zero is bound to target ... if the buffer bound
    * to target is not mapped, or is mapped without the MAP_FLUSH_EXPLICIT_BIT flag." */
   if (!buf->mapped || !(buf->map_access & GL_MAP_FLUSH_EXPLICIT_BIT)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glFlushMappedBufferRange(not mapped for explicit flushes)");
      return;
   }
   if (offset < 0 || length < 0 || (uint64_t)offset + (uint64_t)length > (uint64_t)buf->map_length) {
      glf_error(ctx, GL_INVALID_VALUE, "glFlushMappedBufferRange(offset=%lld, length=%lld)", (long long)offset,
                (long long)length);
      return;
   }
   map_write_back(ctx, buf, offset, length);
}

GLboolean GLAPIENTRY
glf_UnmapBuffer(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   struct glf_buffer *buf = bound_buffer(ctx, target, "glUnmapBuffer");
   if (!buf)
      return GL_FALSE;
   /* "UnmapBuffer returns TRUE unless data values in the buffer's data store have become
    * corrupted"; "INVALID_OPERATION is generated if the buffer is not mapped". */
   if (!buf->mapped) {
      glf_error(ctx, GL_INVALID_OPERATION, "glUnmapBuffer(not mapped)");
      return GL_FALSE;
   }
   /* A write mapping without explicit flushes writes all of it back now. */
   if ((buf->map_access & GL_MAP_WRITE_BIT) && !(buf->map_access & GL_MAP_FLUSH_EXPLICIT_BIT))
      map_write_back(ctx, buf, 0, buf->map_length);
   free(buf->map_ptr);
   buf->map_ptr = NULL;
   buf->mapped = false;
   buf->map_access = 0;
   buf->map_enum = 0;
   buf->map_offset = buf->map_length = 0;
   return GL_TRUE;
}

void GLAPIENTRY
glf_GetBufferPointerv(GLenum target, GLenum pname, void **params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_buffer **slot = target_slot(ctx, target, "glGetBufferPointerv");
   if (!slot)
      return;
   if (pname != GL_BUFFER_MAP_POINTER) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetBufferPointerv(pname=0x%x)", pname);
      return;
   }
   if (!*slot) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetBufferPointerv(no buffer bound)");
      return;
   }
   *params = (*slot)->mapped ? (*slot)->map_ptr : NULL;
}

void GLAPIENTRY
glf_GetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void *data)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetBufferSubData (not in OpenGL ES)");
      return;
   }
   struct glf_buffer *buf = bound_buffer(ctx, target, "glGetBufferSubData");
   if (!buf)
      return;
   /* From the OpenGL 3.3 spec, section 2.9.4 (GetBufferSubData): "An INVALID_VALUE error is
    * generated if offset or size is negative, or if offset + size is greater than the value
    * of BUFFER_SIZE. An INVALID_OPERATION error is generated if the buffer object is currently
    * mapped." */
   if (offset < 0 || size < 0 || (uint64_t)offset + (uint64_t)size > buf->size) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetBufferSubData(offset=%lld, size=%lld)", (long long)offset,
                (long long)size);
      return;
   }
   if (buf->mapped) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetBufferSubData(buffer is mapped)");
      return;
   }
   if (!size || !data)
      return;
   if (buf->gpu_written)
      glf_buffer_read(ctx, buf, (uint32_t)offset, (uint32_t)size, data);
   else
      memcpy(data, buf->shadow + offset, (size_t)size);
}

/* The extension spellings (OES_mapbuffer, EXT_map_buffer_range) of the same commands. */
void *GLAPIENTRY glf_MapBufferOES(GLenum target, GLenum access) { return glf_MapBuffer(target, access); }
GLboolean GLAPIENTRY glf_UnmapBufferOES(GLenum target) { return glf_UnmapBuffer(target); }
void GLAPIENTRY glf_GetBufferPointervOES(GLenum target, GLenum pname, void **params) { glf_GetBufferPointerv(target, pname, params); }
void *GLAPIENTRY glf_MapBufferRangeEXT(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   return glf_MapBufferRange(target, offset, length, access);
}
void GLAPIENTRY glf_FlushMappedBufferRangeEXT(GLenum target, GLintptr offset, GLsizeiptr length)
{
   glf_FlushMappedBufferRange(target, offset, length);
}
