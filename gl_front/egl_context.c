/* splitgl EGL: contexts, eglMakeCurrent, eglSwapBuffers and the eglWait* family.
 *
 * Versions handed out (EGL_KHR_create_context lets an implementation return a later version
 * that is backward compatible with the one asked for):
 *    OpenGL ES 2.0 and 3.0 requests  -> an OpenGL ES 3.0 context (as Mesa hands ES 3.2 to ES 2.0
 *                                       requests); ES 1.x, 2.x>0, 3.1+ -> EGL_BAD_MATCH
 *    OpenGL 3.1, 3.2, 3.3 core, and 3.0 forward-compatible -> OpenGL 3.3 core
 *    OpenGL without a version (EGL's default, 1.0) -> OpenGL 3.3 core, the highest core
 *    context (as Mesa gives the highest it has to a request that names no version)
 *    OpenGL < 3.0 asked for, 3.0 without forward-compatible (both need the deprecated features
 *    of a compatibility context), the compatibility profile, or > 3.3 -> EGL_BAD_MATCH
 * Every refusal says why in the log (at WARN): which attribute, and what splitgl offers.
 * EGL_CONTEXT_CLIENT_VERSION reports the major version that was asked for; GL_VERSION says
 * what the context implements.
 */
#include "gl_front/egl_private.h"

#include <stdlib.h>

#include "util/knobs.h"
#include "util/log.h"

struct egl_context *
egl_context_lookup(struct egl_display *d, EGLContext h)
{
   return (struct egl_context *)egl_object_lookup(d, EGL_OBJ_CONTEXT, h);
}

/* egl_object_lock for a context: EGL_BAD_CONTEXT when h is none. */
static struct egl_context *
context_lock(EGLDisplay dpy, EGLContext h)
{
   return (struct egl_context *)egl_object_lock(dpy, EGL_OBJ_CONTEXT, h, EGL_BAD_CONTEXT);
}

void
egl_context_print_stats(struct egl_context *c)
{
   if (!sgl_knobs()->stats || c->stats_printed)
      return;
   c->stats_printed = true;
   glf_print_stats(c->glf);
}

void
egl_context_destroy(struct egl_display *d, struct egl_context *c)
{
   egl_object_unlink(d, &c->base);
   egl_context_print_stats(c);
   glf_context_destroy(c->glf);
   free(c);
}

/* ---- eglCreateContext ----------------------------------------------------------------------- */

struct egl_context_request {
   EGLint major, minor;
   bool version_given; /* EGL_CONTEXT_MAJOR_VERSION or _MINOR_VERSION was in the list */
   EGLint profile;
   bool debug, forward_compatible, robust;
   bool lose_on_reset; /* reset notification strategy LOSE_CONTEXT_ON_RESET */
};

static bool
is_bool(EGLint v)
{
   return v == EGL_TRUE || v == EGL_FALSE;
}

/* EGL 1.5, section 3.7.1 and EGL_KHR_create_context: attribute names and values. */
static EGLint
parse_context_attribs(EGLenum api, const EGLint *list, struct egl_context_request *r)
{
   const EGLint known_flags = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR |
                              EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
                              EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
   *r = (struct egl_context_request){
      .major = 1,
      .minor = 0,
      .profile = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
   };
   for (; list && list[0] != EGL_NONE; list += 2) {
      EGLint v = list[1];
      switch (list[0]) {
      case EGL_CONTEXT_MAJOR_VERSION: /* == EGL_CONTEXT_CLIENT_VERSION */
         r->major = v;
         r->version_given = true;
         break;
      case EGL_CONTEXT_MINOR_VERSION:
         r->minor = v;
         r->version_given = true;
         break;
      case EGL_CONTEXT_FLAGS_KHR:
         /* EGL_KHR_create_context: "If <attrib_list> specifies [...] bits other than those
          * defined [...] EGL_BAD_ATTRIBUTE"; forward-compatible and robust access "are only
          * meaningful for OpenGL contexts, and specifying them for other types of contexts,
          * including OpenGL ES contexts, will generate an error." */
         if (v & ~known_flags)
            return EGL_BAD_ATTRIBUTE;
         if (api != EGL_OPENGL_API &&
             (v & (EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)))
            return EGL_BAD_ATTRIBUTE;
         r->debug = v & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
         r->forward_compatible = v & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
         r->robust = v & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
         break;
      case EGL_CONTEXT_OPENGL_PROFILE_MASK:
         if (api != EGL_OPENGL_API)
            return EGL_BAD_ATTRIBUTE;
         r->profile = v;
         break;
      case EGL_CONTEXT_OPENGL_DEBUG:
         if (!is_bool(v))
            return EGL_BAD_ATTRIBUTE;
         r->debug = v;
         break;
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
         if (api != EGL_OPENGL_API || !is_bool(v))
            return EGL_BAD_ATTRIBUTE;
         r->forward_compatible = v;
         break;
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
         /* EGL 1.5, section 3.7.1.5: robust buffer access for OpenGL and OpenGL ES contexts
          * (Magma always runs with robustBufferAccess, so every request can be met). */
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
         /* EGL_EXT_create_context_robustness: "[...] only meaningful for OpenGL ES contexts" */
         if (!is_bool(v) || (list[0] == EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT && api != EGL_OPENGL_ES_API))
            return EGL_BAD_ATTRIBUTE;
         r->robust = v;
         break;
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
         /* EGL 1.5 section 3.7.1.6 and EGL_EXT_create_context_robustness: "[...] must be
          * either EGL_NO_RESET_NOTIFICATION or EGL_LOSE_CONTEXT_ON_RESET". */
         if (v != EGL_NO_RESET_NOTIFICATION && v != EGL_LOSE_CONTEXT_ON_RESET)
            return EGL_BAD_ATTRIBUTE;
         if (list[0] == EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT && api != EGL_OPENGL_ES_API)
            return EGL_BAD_ATTRIBUTE;
         r->lose_on_reset = v == EGL_LOSE_CONTEXT_ON_RESET;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
   return EGL_SUCCESS;
}

/* Picks the version to hand out; EGL_BAD_MATCH when none fits (see the top of the file). */
static EGLint
resolve_version(EGLenum api, const struct egl_context_request *r, enum glf_api *gapi, EGLint *renderable_bit)
{
   if (api == EGL_OPENGL_ES_API) {
      *gapi = GLF_API_GLES;
      if ((r->major == 2 || r->major == 3) && r->minor == 0) {
         *renderable_bit = r->major == 2 ? EGL_OPENGL_ES2_BIT : EGL_OPENGL_ES3_BIT;
         return EGL_SUCCESS;
      }
      return EGL_BAD_MATCH;
   }
   *gapi = GLF_API_GL_CORE;
   *renderable_bit = EGL_OPENGL_BIT;
   if (!r->version_given && r->profile == EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT && !r->forward_compatible)
      return EGL_SUCCESS; /* no version asked: the highest core context, 3.3 */
   /* "If an OpenGL context is requested and the values for attributes EGL_CONTEXT_MAJOR_VERSION
    * and EGL_CONTEXT_MINOR_VERSION, when considered together with the value for attribute
    * EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, specify an OpenGL version and feature set that
    * are not defined, than an EGL_BAD_MATCH error is generated." */
   static const EGLint max_minor[] = {[1] = 5, [2] = 1, [3] = 3, [4] = 6};
   if (r->major < 1 || r->major > 4 || r->minor < 0 || r->minor > max_minor[r->major])
      return EGL_BAD_MATCH;
   if (r->forward_compatible && r->major < 3)
      return EGL_BAD_MATCH;
   int ver = r->major * 10 + r->minor;
   if (ver > 33)
      return EGL_BAD_MATCH;
   if (ver >= 32) {
      /* "[...] the value for attribute EGL_CONTEXT_OPENGL_PROFILE_MASK has no bits set; has
       * any bits set other than EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT and
       * EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT; has more than one of these bits set;
       * or if the implementation does not support the requested profile, then an
       * EGL_BAD_MATCH error is generated." Only the core profile exists. */
      if (r->profile != EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT)
         return EGL_BAD_MATCH;
      return EGL_SUCCESS;
   }
   if (ver == 31 || (ver == 30 && r->forward_compatible))
      return EGL_SUCCESS; /* 3.3 core keeps everything a 3.1 / 3.0 FC context has */
   return EGL_BAD_MATCH;
}

EGLContext
eglf_CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint *attrib_list)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_CONTEXT;
   const struct egl_config *cfg = NULL;
   if (config != EGL_NO_CONFIG_KHR) {
      cfg = egl_config_lookup(config);
      if (!cfg)
         EGLF_RETURN(d, EGL_BAD_CONFIG, EGL_NO_CONTEXT);
   }
   /* EGL 1.5, section 3.7.1: "If the current rendering api is EGL_NONE, then an EGL_BAD_MATCH
    * error is generated." */
   EGLenum api = egl_current_api();
   if (!eglf_supports_api(api))
      EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_CONTEXT);

   struct egl_context_request req;
   EGLint err = parse_context_attribs(api, attrib_list, &req);
   if (err != EGL_SUCCESS) {
      sgl_warn("eglCreateContext: an attribute is not valid for %s (EGL_BAD_ATTRIBUTE)",
               api == EGL_OPENGL_API ? "OpenGL" : "OpenGL ES");
      EGLF_RETURN(d, err, EGL_NO_CONTEXT);
   }
   enum glf_api gapi;
   EGLint bit;
   err = resolve_version(api, &req, &gapi, &bit);
   if (err != EGL_SUCCESS) {
      sgl_warn("eglCreateContext: %s %d.%d%s%s is not offered (EGL_BAD_MATCH); splitgl offers OpenGL ES 2.0 / 3.0 "
               "and OpenGL 3.1 - 3.3 core (3.0 forward-compatible)",
               api == EGL_OPENGL_API ? "OpenGL" : "OpenGL ES", req.major, req.minor,
               api == EGL_OPENGL_API && req.profile != EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT ? " compatibility profile" : "",
               req.forward_compatible ? " forward-compatible" : "");
      EGLF_RETURN(d, err, EGL_NO_CONTEXT);
   }
   /* "If config does not support a client API context compatible with the requested API
    * major and minor version, [...] an EGL_BAD_MATCH error is generated." */
   if (cfg) {
      EGLint renderable = 0;
      egl_config_attrib(cfg, EGL_RENDERABLE_TYPE, &renderable);
      if (!(renderable & bit)) {
         sgl_warn("eglCreateContext: config %d does not render for this API (EGL_RENDERABLE_TYPE 0x%x, need 0x%x)",
                  cfg->id, renderable, bit);
         EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_CONTEXT);
      }
   }
   struct egl_context *share = NULL;
   if (share_context != EGL_NO_CONTEXT) {
      share = egl_context_lookup(d, share_context);
      if (!share)
         EGLF_RETURN(d, EGL_BAD_CONTEXT, EGL_NO_CONTEXT);
      /* "If share_context was created on a different display or for a different client API
       * [...] an EGL_BAD_MATCH error is generated." */
      if (share->api != api)
         EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_CONTEXT);
   }
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_NO_CONTEXT);

   struct egl_context *c = calloc(1, sizeof(*c));
   if (!c)
      EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_CONTEXT);
   c->glf = glf_context_create(d->wire, gapi, 3, gapi == GLF_API_GLES ? 0 : 3, share ? share->glf : NULL, req.debug, req.robust);
   if (c->glf) {
      glf_context_set_forward_compatible(c->glf, gapi == GLF_API_GL_CORE && req.forward_compatible);
      glf_context_set_es2_requested(c->glf, gapi == GLF_API_GLES && req.major == 2);
      glf_context_set_reset_notification(c->glf, req.lose_on_reset);
   }
   if (!c->glf) {
      free(c);
      EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_CONTEXT);
   }
   c->config = cfg;
   c->api = api;
   c->major = req.major;
   c->minor = req.minor;
   egl_object_link(d, &c->base, EGL_OBJ_CONTEXT);
   EGLF_RETURN(d, EGL_SUCCESS, (EGLContext)c);
}

EGLBoolean
eglf_DestroyContext(EGLDisplay dpy, EGLContext ctx)
{
   struct egl_context *c = context_lock(dpy, ctx);
   if (!c)
      return EGL_FALSE;
   struct egl_display *d = c->base.dpy;
   /* EGL 1.5, section 3.7.2: "If the context is current to any thread, deletion of the
    * context is deferred until it becomes not current." */
   if (c->thread)
      c->base.marked = true;
   else
      egl_context_destroy(d, c);
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint *value)
{
   struct egl_context *c = context_lock(dpy, ctx);
   if (!c)
      return EGL_FALSE;
   struct egl_display *d = c->base.dpy;
   EGLint v;
   switch (attribute) {
   case EGL_CONFIG_ID:
      /* EGL_KHR_no_config_context: "[...] querying EGL_CONFIG_ID returns zero". */
      v = c->config ? c->config->id : 0;
      break;
   case EGL_CONTEXT_CLIENT_TYPE: v = (EGLint)c->api; break;
   case EGL_CONTEXT_CLIENT_VERSION: v = c->major; break;
   case EGL_RENDER_BUFFER:
      /* "[...] EGL_BACK_BUFFER for a pbuffer; EGL_NONE if the context is not bound to a
       * surface" */
      v = c->draw ? EGL_BACK_BUFFER : EGL_NONE;
      break;
   default: EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_FALSE);
   }
   EGLF_RETURN_VALUE(d, value, v);
}

/* ---- eglMakeCurrent --------------------------------------------------------------------------- */

/* Destroys what was marked while current once nothing holds it any more. */
static void
reap(struct egl_display *d, struct egl_context *c, struct egl_surface *draw, struct egl_surface *read)
{
   if (c && c->base.marked && !c->thread)
      egl_context_destroy(d, c);
   if (draw && draw->base.marked && !draw->bound)
      egl_surface_destroy(d, draw);
   if (read && read != draw && read->base.marked && !read->bound)
      egl_surface_destroy(d, read);
   egl_display_maybe_close(d);
}

static void
detach(struct egl_context *c)
{
   if (c->draw)
      c->draw->bound = NULL;
   if (c->read)
      c->read->bound = NULL;
   c->draw = c->read = NULL;
   c->thread = NULL;
}

/* Releases the calling thread's context (implicit flush first). d is the locked display of
 * that context. */
static void
release_current(struct egl_display *d, struct egl_thread *t)
{
   struct egl_context *old = t->ctx;
   if (!old)
      return;
   struct egl_surface *old_draw = old->draw, *old_read = old->read;
   glf_flush(old->glf);
   glf_make_current(NULL, NULL, NULL);
   detach(old);
   t->ctx = NULL;
   reap(d, old, old_draw, old_read);
}

EGLBoolean
eglf_MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx)
{
   struct egl_display *d = egl_display_lock(dpy, false);
   if (!d)
      return EGL_FALSE;
   struct egl_thread *t = egl_thread();

   if (ctx == EGL_NO_CONTEXT) {
      /* "If ctx is EGL_NO_CONTEXT and draw and read are not EGL_NO_SURFACE, an EGL_BAD_MATCH
       * error is generated." Releasing works on a terminated display too: that is how
       * objects that outlived eglTerminate go away. */
      if (draw != EGL_NO_SURFACE || read != EGL_NO_SURFACE)
         EGLF_RETURN(d, EGL_BAD_MATCH, EGL_FALSE);
      if (t->ctx && t->ctx->base.dpy != d) {
         /* The thread's context lives on another of our displays: release it under that
          * display's lock (one display lock at a time, so no lock order to keep). */
         egl_display_unlock(d);
         struct egl_display *od = t->ctx->base.dpy;
         pthread_mutex_lock(&od->lock);
         release_current(od, t);
         egl_display_unlock(od);
         egl_set_error(EGL_SUCCESS);
         return EGL_TRUE;
      }
      release_current(d, t);
      EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
   }
   if (!d->initialized)
      EGLF_RETURN(d, EGL_NOT_INITIALIZED, EGL_FALSE);
   struct egl_context *c = egl_context_lookup(d, ctx);
   if (!c)
      EGLF_RETURN(d, EGL_BAD_CONTEXT, EGL_FALSE);

   struct egl_surface *ds = NULL, *rs = NULL;
   if (draw != EGL_NO_SURFACE || read != EGL_NO_SURFACE) {
      /* EGL_KHR_surfaceless_context: both must be EGL_NO_SURFACE to go surfaceless. */
      if (draw == EGL_NO_SURFACE || read == EGL_NO_SURFACE)
         EGLF_RETURN(d, EGL_BAD_MATCH, EGL_FALSE);
      ds = egl_surface_lookup(d, draw);
      rs = egl_surface_lookup(d, read);
      if (!ds || !rs)
         EGLF_RETURN(d, EGL_BAD_SURFACE, EGL_FALSE);
   }
   /* "If ctx is current to some other thread, or if either draw or read are bound to
    * contexts in another thread, an EGL_BAD_ACCESS error is generated." */
   if (c->thread && c->thread != (const void *)t)
      EGLF_RETURN(d, EGL_BAD_ACCESS, EGL_FALSE);
   if ((ds && ds->bound && ds->bound->thread != (const void *)t) ||
       (rs && rs->bound && rs->bound->thread != (const void *)t))
      EGLF_RETURN(d, EGL_BAD_ACCESS, EGL_FALSE);
   /* "If draw or read are not compatible with ctx, then an EGL_BAD_MATCH error is
    * generated." (EGL_KHR_no_config_context: any surface goes with a config-less context.) */
   if (c->config && ((ds && !egl_config_compatible(c->config, ds->config)) ||
                     (rs && !egl_config_compatible(c->config, rs->config))))
      EGLF_RETURN(d, EGL_BAD_MATCH, EGL_FALSE);
   /* DESIGN.md 2.8: a dead server is reported as EGL_CONTEXT_LOST on the next EGL call. */
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_FALSE);

   struct egl_context *old = t->ctx;
   /* The previous context may live on another of our displays: its fields are that display's
    * to guard, so it is detached under that lock once this one is released. */
   struct egl_display *od = old && old->base.dpy != d ? old->base.dpy : NULL;
   struct egl_surface *old_draw = old && !od ? old->draw : NULL, *old_read = old && !od ? old->read : NULL;
   /* "If the previous context of the calling thread has unflushed commands, and the previous
    * context is no longer current, eglMakeCurrent performs an implicit flush." */
   if (old && old != c)
      glf_flush(old->glf);
   glf_make_current(c->glf, ds ? &ds->drawable : NULL, rs ? &rs->drawable : NULL);
   if (old && !od)
      detach(old);
   c->thread = t;
   c->draw = ds;
   c->read = rs;
   if (ds)
      ds->bound = c;
   if (rs)
      rs->bound = c;
   t->ctx = c;
   if (od) {
      egl_display_unlock(d);
      pthread_mutex_lock(&od->lock);
      old_draw = old->draw;
      old_read = old->read;
      detach(old);
      reap(od, old, old_draw, old_read);
      egl_display_unlock(od);
      egl_set_error(EGL_SUCCESS);
      return EGL_TRUE;
   }
   reap(d, old != c ? old : NULL, old_draw, old_read);
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_ReleaseThread(void)
{
   struct egl_thread *t = egl_thread();
   if (t->ctx) {
      struct egl_display *d = egl_display_lock((EGLDisplay)t->ctx->base.dpy, false);
      if (d) {
         release_current(d, t);
         egl_display_unlock(d);
      }
   }
   t->api = EGL_OPENGL_ES_API;
   t->error = EGL_SUCCESS;
   return EGL_TRUE;
}

/* ---- swap and wait ---------------------------------------------------------------------------- */

EGLBoolean
eglf_SwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
   struct egl_surface *s = egl_surface_lock(dpy, surface);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   struct egl_context *c = egl_thread()->ctx;
   /* EGL 1.5, section 3.10.1: "If surface is not bound to the calling thread's current
    * context, an EGL_BAD_SURFACE error is generated." */
   if (!c || c->base.dpy != d || c->draw != s)
      EGLF_RETURN(d, EGL_BAD_SURFACE, EGL_FALSE);
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_FALSE);
   /* The context is current to this thread, so neither it nor its surface can go away while
    * the present waits for its credit: wait without the display lock. */
   egl_display_unlock(d);
   bool ok = glf_present(c->glf);
   egl_set_error(ok ? EGL_SUCCESS : EGL_CONTEXT_LOST);
   return ok ? EGL_TRUE : EGL_FALSE;
}

EGLBoolean
eglf_SwapInterval(EGLDisplay dpy, EGLint interval)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_context *c = egl_thread()->ctx;
   /* "If there is no current context on the calling thread, a EGL_BAD_CONTEXT error is
    * generated. If there is no surface bound to the current context, a EGL_BAD_SURFACE error
    * is generated." The value is clamped to [EGL_MIN_SWAP_INTERVAL, EGL_MAX_SWAP_INTERVAL];
    * a pbuffer has nothing to synchronize with. */
   if (!c || c->base.dpy != d)
      EGLF_RETURN(d, EGL_BAD_CONTEXT, EGL_FALSE);
   if (!c->draw)
      EGLF_RETURN(d, EGL_BAD_SURFACE, EGL_FALSE);
   c->draw->swap_interval = interval < 0 ? 0 : interval > 1 ? 1 : interval;
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

/* eglWaitClient: "All rendering calls for the currently bound context, for the current
 * rendering API, made prior to eglWaitClient, are guaranteed to be executed before native
 * rendering calls made after eglWaitClient" -- glFinish semantics. Without a current context
 * it does nothing. */
EGLBoolean
eglf_WaitClient(void)
{
   struct egl_context *c = egl_thread()->ctx;
   if (!c) {
      egl_set_error(EGL_SUCCESS);
      return EGL_TRUE;
   }
   glf_flush(c->glf);
   if (!c->base.dpy->wire || !wire_finish(c->base.dpy->wire)) {
      egl_set_error(EGL_CONTEXT_LOST);
      return EGL_FALSE;
   }
   egl_set_error(EGL_SUCCESS);
   return EGL_TRUE;
}

EGLBoolean
eglf_WaitGL(void)
{
   return eglf_WaitClient();
}

EGLBoolean
eglf_WaitNative(EGLint engine)
{
   /* "If engine does not denote a recognized marking engine, EGL_BAD_PARAMETER is generated."
    * There is no native rendering on the surfaceless platform. */
   if (engine != EGL_CORE_NATIVE_ENGINE) {
      egl_set_error(EGL_BAD_PARAMETER);
      return EGL_FALSE;
   }
   egl_set_error(EGL_SUCCESS);
   return EGL_TRUE;
}
