/* splitgl gl_front: sync objects (OpenGL ES 3.0 section 5.2, OpenGL 3.3 section 5.2).
 *
 * A fence is a FenceSync record on the wire (wire_fence): the server posts FENCE_SIGNALED once
 * the device completed every record before it, and fences signal in order. A sync object is
 * shared by its share group; its GLsync handle is a name in the group's table (never a pointer
 * the application could forge). Status queries never block (they drain the event ring);
 * glClientWaitSync waits without holding the share-group or the channel lock. glWaitSync has
 * nothing to do: every context of a channel feeds one ordered server queue, so later commands
 * never run before the fence's work anyway. */
#include <stdlib.h>

#include "glf_context.h"

#define GLF_SYNC(name) ((GLsync)(uintptr_t)(name))

/* The sync object `sync` names, with a reference; NULL (INVALID_VALUE raised) if none. */
static struct glf_sync *
lookup_sync(struct glf_context *ctx, GLsync sync, const char *caller)
{
   uintptr_t name = (uintptr_t)sync;
   struct glf_sync *s = NULL;
   if (name && name <= UINT32_MAX)
      s = GLF_LOOKUP_REF(ctx, syncs, (GLuint)name, glf_sync);
   if (!s || s == GLF_NAME_RESERVED) {
      /* "An INVALID_VALUE error is generated if sync is not the name of a sync object." */
      glf_error(ctx, GL_INVALID_VALUE, "%s(sync=%p is not a sync object)", caller, (void *)sync);
      return NULL;
   }
   return s;
}

static void
sync_unref(struct glf_sync *s)
{
   if (s && glf_ref_dec(&s->refcount)) {
      free(s->label);
      free(s);
   }
}

GLsync GLAPIENTRY
glf_FenceSync(GLenum condition, GLbitfield flags)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return NULL;
   /* "If condition is not SYNC_GPU_COMMANDS_COMPLETE, an INVALID_ENUM error is generated. If
    * flags is not zero, an INVALID_VALUE error is generated." */
   if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
      glf_error(ctx, GL_INVALID_ENUM, "glFenceSync(condition=0x%x)", condition);
      return NULL;
   }
   if (flags) {
      glf_error(ctx, GL_INVALID_VALUE, "glFenceSync(flags=0x%x)", flags);
      return NULL;
   }
   struct glf_sync *s = calloc(1, sizeof(*s));
   if (!s) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync");
      return NULL;
   }
   s->refcount = 1; /* the name */
   s->fence = wire_fence(ctx->wire, &ctx->issuer);
   glf_shared_lock(ctx);
   s->name = glf_hash_find_free_block(&ctx->shared->syncs, 1);
   bool ok = glf_hash_insert(&ctx->shared->syncs, s->name, s);
   glf_shared_unlock(ctx);
   if (!ok) {
      free(s);
      glf_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync");
      return NULL;
   }
   return GLF_SYNC(s->name);
}

GLboolean GLAPIENTRY
glf_IsSync(GLsync sync)
{
   GET_CURRENT_CONTEXT(ctx);
   uintptr_t name = (uintptr_t)sync;
   return ctx && name && name <= UINT32_MAX && glf_shared_has(ctx, &ctx->shared->syncs, (GLuint)name, false);
}

void GLAPIENTRY
glf_DeleteSync(GLsync sync)
{
   GET_CURRENT_CONTEXT(ctx);
   /* "If sync is zero, DeleteSync is silently ignored." A sync being waited on is deleted
    * when the wait returns (the wait holds a reference). */
   if (!ctx || !sync)
      return;
   struct glf_sync *s = lookup_sync(ctx, sync, "glDeleteSync");
   if (!s)
      return;
   glf_shared_lock(ctx);
   bool removed = glf_hash_lookup(&ctx->shared->syncs, s->name) == s;
   if (removed)
      glf_hash_remove(&ctx->shared->syncs, s->name);
   glf_shared_unlock(ctx);
   if (removed)
      sync_unref(s); /* the name's */
   sync_unref(s);    /* the lookup's */
}

GLenum GLAPIENTRY
glf_ClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_WAIT_FAILED;
   struct glf_sync *s = lookup_sync(ctx, sync, "glClientWaitSync");
   if (!s)
      return GL_WAIT_FAILED;
   /* "If flags contains any bits other than SYNC_FLUSH_COMMANDS_BIT, an INVALID_VALUE error
    * is generated" (and WAIT_FAILED is returned). */
   if (flags & ~(GLbitfield)GL_SYNC_FLUSH_COMMANDS_BIT) {
      sync_unref(s);
      glf_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(flags=0x%x)", flags);
      return GL_WAIT_FAILED;
   }
   GLenum ret;
   if (wire_fence_signaled(ctx->wire, s->fence)) {
      ret = GL_ALREADY_SIGNALED;
   } else if (!timeout) {
      /* "If the value of timeout is zero, then ClientWaitSync does not block, but simply
       * tests the current state of sync." */
      ret = GL_TIMEOUT_EXPIRED;
   } else {
      /* SYNC_FLUSH_COMMANDS_BIT: every record is already on its way to the server (the
       * server submits a fence's work when it applies the fence). Wait without the share
       * lock: other threads of the group keep working while this one waits. */
      glf_shared_unlock(ctx);
      bool done = wire_fence_wait(ctx->wire, s->fence, timeout, NULL);
      glf_shared_lock(ctx);
      ret = done ? GL_CONDITION_SATISFIED : GL_TIMEOUT_EXPIRED;
   }
   sync_unref(s);
   return ret;
}

void GLAPIENTRY
glf_WaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_sync *s = lookup_sync(ctx, sync, "glWaitSync");
   if (!s)
      return;
   /* "If flags is not zero, or if timeout is not TIMEOUT_IGNORED, an INVALID_VALUE error is
    * generated." Nothing else to do (see the top of the file). */
   if (flags || timeout != GL_TIMEOUT_IGNORED)
      glf_error(ctx, GL_INVALID_VALUE, "glWaitSync(flags=0x%x, timeout=%llu)", flags, (unsigned long long)timeout);
   sync_unref(s);
}

void GLAPIENTRY
glf_GetSynciv(GLsync sync, GLenum pname, GLsizei bufSize, GLsizei *length, GLint *values)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_sync *s = lookup_sync(ctx, sync, "glGetSynciv");
   if (!s)
      return;
   GLint v;
   switch (pname) {
   case GL_OBJECT_TYPE: v = GL_SYNC_FENCE; break;
   case GL_SYNC_CONDITION: v = GL_SYNC_GPU_COMMANDS_COMPLETE; break;
   case GL_SYNC_FLAGS: v = 0; break;
   /* never blocks: the event ring is drained, the device is not waited for */
   case GL_SYNC_STATUS: v = wire_fence_signaled(ctx->wire, s->fence) ? GL_SIGNALED : GL_UNSIGNALED; break;
   default:
      sync_unref(s);
      glf_error(ctx, GL_INVALID_ENUM, "glGetSynciv(pname=0x%x)", pname);
      return;
   }
   sync_unref(s);
   /* "If bufSize is negative, an INVALID_VALUE error is generated" (ES 3.0 6.1.8 / GL 4.x);
    * nothing is written when it is zero. */
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetSynciv(bufSize < 0)");
      return;
   }
   if (bufSize >= 1 && values)
      values[0] = v;
   if (length)
      *length = bufSize >= 1 ? 1 : 0;
}

void
glf_syncs_destroy_all(struct glf_hash *h)
{
   GLF_HASH_FOREACH(h, k, v) {
      if (v != GLF_NAME_RESERVED)
         sync_unref(v);
   }
}

uint64_t
glf_fence_insert(struct glf_context *ctx)
{
   return wire_fence(ctx->wire, &ctx->issuer);
}
