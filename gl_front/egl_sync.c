/* splitgl EGL: EGL 1.5 fence syncs (section 3.8), also as EGL_KHR_fence_sync / EGL_KHR_wait_sync.
 *
 * A fence is signalled once the server has applied every record published before it. The
 * channel is in order and shared by all the display's contexts, so that is exactly what
 * wire_finish waits for: a client wait (or a status query) finishes the channel, bounded by
 * SPLITGL_WAIT_TIMEOUT_MS, and the fence is then signalled. eglWaitSync (a server-side wait)
 * has nothing to do: later records are applied after earlier ones anyway.
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

/* Signals s (finishing the channel) unless it already is. Display lock held. */
static bool
sync_signal(struct egl_display *d, struct egl_sync *s)
{
   if (s->status == EGL_SIGNALED)
      return true;
   if (!d->wire || !wire_finish(d->wire))
      return false;
   s->status = EGL_SIGNALED;
   return true;
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
   /* The fence command is "inserted into the client API command stream": make sure what
    * came before it is on the wire. */
   glf_flush(c->glf);
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
   /* Even with timeout 0 the finish is done: it is bounded, and a poll loop must see the
    * fence signal. */
   if (!sync_signal(d, s))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_FALSE);
   EGLF_RETURN(d, EGL_SUCCESS, EGL_CONDITION_SATISFIED);
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
   case EGL_SYNC_STATUS:
      if (!sync_signal(d, s))
         EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_FALSE);
      v = s->status;
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
