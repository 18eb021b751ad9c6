/* splitgl EGL: EGL 1.5 fence syncs (section 3.8), also as EGL_KHR_fence_sync / EGL_KHR_wait_sync.
 *
 * A fence sync is a fence on the wire (wire_fence, the one GL sync objects use): the server
 * signals it once the device completed every record before it. Status queries never block
 * (they drain the event ring); eglClientWaitSync waits without the display lock, honours its
 * timeout (0 only tests), and a sync destroyed while a wait is in progress goes when the wait
 * returns. eglWaitSync (a server-side wait) has nothing to do: every context of the display
 * feeds one ordered server queue. After a loss, waits return as if the fence had signalled.
 */
#include "gl_front/egl_private.h"

#include <stdlib.h>

/* egl_object_lock for a sync: EGL 1.5 section 3.8 and EGL_KHR_fence_sync, "If sync is not a
 * valid sync object for dpy, [...] an EGL_BAD_PARAMETER error is generated." */
static struct egl_sync *
sync_lock(EGLDisplay dpy, EGLSync h)
{
   return (struct egl_sync *)egl_object_lock(dpy, EGL_OBJ_SYNC, h, EGL_BAD_PARAMETER);
}

void
egl_sync_destroy(struct egl_display *d, struct egl_sync *s)
{
   egl_object_unlink(d, &s->base);
   free(s);
}

/* Never blocks. Display lock held. */
static bool
sync_signaled(struct egl_display *d, struct egl_sync *s)
{
   if (s->status != EGL_SIGNALED && (!d->wire || wire_fence_signaled(d->wire, s->fence)))
      s->status = EGL_SIGNALED;
   return s->status == EGL_SIGNALED;
}

/* EGL 1.5 eglCreateSync and EGL_KHR_fence_sync's eglCreateSyncKHR differ only in the error
 * for an unsupported type: EGL 1.5 section 3.8.1 "If type is not a supported type of sync
 * object, an EGL_BAD_PARAMETER error is generated"; EGL_KHR_fence_sync: "[...] EGL_NO_SYNC_KHR
 * is returned and an EGL_BAD_ATTRIBUTE error is generated". */
static EGLSync
create_sync(EGLDisplay dpy, EGLenum type, bool has_attribs, EGLint bad_type_error)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SYNC;
   if (type != EGL_SYNC_FENCE)
      EGLF_RETURN(d, bad_type_error, EGL_NO_SYNC);
   /* "If type is EGL_SYNC_FENCE and attrib_list is neither NULL nor empty, an
    * EGL_BAD_ATTRIBUTE error is generated." */
   if (has_attribs)
      EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SYNC);
   /* "If type is EGL_SYNC_FENCE and no context is current for the bound API [...] or dpy does
    * not match the EGLDisplay of the currently bound context, an EGL_BAD_MATCH error". */
   struct egl_context *c = egl_thread()->ctx;
   if (!c || c->base.dpy != d || c->api != egl_current_api())
      EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SYNC);
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_NO_SYNC);
   struct egl_sync *s = calloc(1, sizeof(*s));
   if (!s)
      EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_SYNC);
   s->type = EGL_SYNC_FENCE;
   s->status = EGL_UNSIGNALED;
   /* The fence command is "inserted into the client API command stream" of the current
    * context. */
   s->fence = glf_fence_insert(c->glf);
   egl_object_link(d, &s->base, EGL_OBJ_SYNC);
   EGLF_RETURN(d, EGL_SUCCESS, (EGLSync)s);
}

EGLSync
eglf_CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list)
{
   return create_sync(dpy, type, attrib_list && attrib_list[0] != EGL_NONE, EGL_BAD_PARAMETER);
}

EGLSyncKHR
eglf_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attrib_list)
{
   return create_sync(dpy, type, attrib_list && attrib_list[0] != EGL_NONE, EGL_BAD_ATTRIBUTE);
}

EGLBoolean
eglf_DestroySync(EGLDisplay dpy, EGLSync sync)
{
   struct egl_sync *s = sync_lock(dpy, sync);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   /* EGL 1.5 section 3.8.1.4: "If any eglClientWaitSync [...] commands are blocking on sync
    * when eglDestroySync is called, they will be woken up, as if sync were signaled" -- ours
    * returns within its slice; the object goes when the last wait is done. */
   if (s->waiters)
      __atomic_store_n(&s->base.marked, true, __ATOMIC_RELEASE); /* ends the waits */
   else
      egl_sync_destroy(d, s);
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLint
eglf_ClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout)
{
   struct egl_sync *s = sync_lock(dpy, sync);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   if (flags & ~EGL_SYNC_FLUSH_COMMANDS_BIT)
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);
   if (sync_signaled(d, s))
      EGLF_RETURN(d, EGL_SUCCESS, EGL_CONDITION_SATISFIED);
   /* "If timeout is zero, eglClientWaitSync simply tests the current status of sync." */
   if (timeout == 0)
      EGLF_RETURN(d, EGL_SUCCESS, EGL_TIMEOUT_EXPIRED);
   /* Wait without the display lock (the sync cannot go: waiters defers its destruction;
    * the channel outlives every object on it). */
   s->waiters++;
   struct wire_client *w = d->wire;
   uint64_t fence = s->fence;
   egl_display_unlock(d);
   /* s->base.marked (set under the display lock by eglDestroySync) ends the wait: the
    * sync cannot be freed while waiters is not 0 */
   bool done = wire_fence_wait(w, fence, timeout == EGL_FOREVER ? UINT64_MAX : (uint64_t)timeout, &s->base.marked);
   egl_display_lock((EGLDisplay)d, false);
   s->waiters--;
   bool destroyed = s->base.marked;
   if (done)
      s->status = EGL_SIGNALED;
   if (destroyed && !s->waiters) {
      egl_sync_destroy(d, s);
      egl_display_maybe_close(d);
   }
   /* a sync destroyed during the wait unblocks it "as if sync were signaled" */
   EGLF_RETURN(d, EGL_SUCCESS, done || destroyed ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED);
}

EGLBoolean
eglf_WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   struct egl_sync *s = sync_lock(dpy, sync);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   /* "If flags is not zero, an EGL_BAD_PARAMETER error"; "If no context is current for the
    * bound API, or dpy does not match the current context's display, EGL_BAD_MATCH". */
   if (flags)
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);
   struct egl_context *c = egl_thread()->ctx;
   if (!c || c->base.dpy != d)
      EGLF_RETURN(d, EGL_BAD_MATCH, EGL_FALSE);
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value)
{
   struct egl_sync *s = sync_lock(dpy, sync);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   EGLAttrib v;
   switch (attribute) {
   case EGL_SYNC_TYPE: v = s->type; break;
   case EGL_SYNC_CONDITION: v = EGL_SYNC_PRIOR_COMMANDS_COMPLETE; break;
   case EGL_SYNC_STATUS: /* never blocks */
      v = sync_signaled(d, s) ? EGL_SIGNALED : EGL_UNSIGNALED;
      break;
   default: EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_FALSE);
   }
   EGLF_RETURN_VALUE(d, value, v);
}

/* ---- EGL_KHR_fence_sync / EGL_KHR_wait_sync: the same objects ------------------------------- */

EGLBoolean
eglf_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
   return eglf_DestroySync(dpy, sync);
}

EGLint
eglf_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout)
{
   return eglf_ClientWaitSync(dpy, sync, flags, timeout);
}

EGLBoolean
eglf_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint *value)
{
   EGLAttrib v = 0;
   if (!eglf_GetSyncAttrib(dpy, sync, attribute, value ? &v : NULL))
      return EGL_FALSE;
   *value = (EGLint)v;
   return EGL_TRUE;
}

EGLint
eglf_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   return eglf_WaitSync(dpy, sync, flags);
}
