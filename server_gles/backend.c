/* Espryt: the srv_backend_ops table, the backend's life, contexts, status and counters, and
 * the entries not built yet. An entry Espryt cannot honour never pretends: es_fail /
 * es_unimplemented log an ERROR line and make take_status report DEVICE_LOST with the reason,
 * so the core ends the session with a named DeviceLost error after the record. */
#include "es_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/knobs.h"
#include "util/log.h"

void
es_fail(struct es_backend *be, const char *fmt, ...)
{
   if (be->status == SRV_STATUS_DEVICE_LOST)
      return; /* the first reason wins */
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(be->status_what, sizeof(be->status_what), fmt, ap);
   va_end(ap);
   be->status = SRV_STATUS_DEVICE_LOST;
   sgl_err("espryt: %s", be->status_what);
}

void
es_unimplemented(struct es_backend *be, const char *what)
{
   es_fail(be, "not implemented yet: %s", what);
}

bool
es_check(struct es_backend *be, const char *site)
{
   GLenum e = be->gl.GetError();
   if (e == GL_NO_ERROR)
      return true;
   if (e == GL_OUT_OF_MEMORY) {
      if (be->status == SRV_STATUS_OK)
         be->status = SRV_STATUS_OUT_OF_MEMORY;
      sgl_warn("espryt: %s: the host is out of memory", site);
   } else {
      es_fail(be, "%s: host GL error 0x%x", site, e);
   }
   while (be->gl.GetError() != GL_NO_ERROR)
      ;
   return false;
}

bool
es_submit(struct es_backend *be, bool finish)
{
   int lose_after = sgl_knobs()->test_device_lost_after;
   if (lose_after > 0 && be->submits >= (uint64_t)lose_after) {
      es_fail(be, "test: the host device is lost at submission %llu (SPLITGL_TEST_DEVICE_LOST_AFTER)",
              (unsigned long long)be->submits + 1);
      return false;
   }
   be->submits++;
   if (finish)
      be->gl.Finish();
   else
      be->gl.Flush();
   return true;
}

bool
es_test_oom(struct es_backend *be, uint64_t bytes, const char *site)
{
   int limit_kib = sgl_knobs()->test_oom_above_kib;
   if (limit_kib <= 0 || bytes <= (uint64_t)limit_kib * 1024u)
      return false;
   if (be->status == SRV_STATUS_OK)
      be->status = SRV_STATUS_OUT_OF_MEMORY;
   sgl_warn("espryt: %s: %llu bytes: out of memory (SPLITGL_TEST_OOM_ABOVE_KIB)", site, (unsigned long long)bytes);
   return true;
}

static void
destroy(struct srv_backend *sbe)
{
   struct es_backend *be = es_backend(sbe);
   /* The session may end on another thread than the one that applied (inproc: the client's,
    * after the apply thread left with a context current): the syncs are then left to the
    * display's termination, without a make-current that would fail. */
   if (be->dpy && be->egl.eglMakeCurrent(be->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, be->root)) {
      be->current = be->root;
      for (uint32_t i = 0; i < be->fence_count; i++)
         be->gl.DeleteSync(be->fences[i].sync);
      for (unsigned i = 0; i < 3; i++)
         if (be->blit_prog[i])
            be->gl.DeleteProgram(be->blit_prog[i]);
   }
   free(be->fences);
   if (be->programs_linked || be->binary_hits)
      sgl_info("espryt: programs compiled %llu, from cached host binaries %llu", (unsigned long long)be->programs_linked,
               (unsigned long long)be->binary_hits);
   es_egl_close(be);
   free(be);
}

static enum srv_status
take_status(struct srv_backend *sbe, char *what, size_t what_size)
{
   struct es_backend *be = es_backend(sbe);
   enum srv_status s = be->status;
   if (what && what_size)
      snprintf(what, what_size, "%s", s == SRV_STATUS_DEVICE_LOST ? be->status_what : "");
   if (s == SRV_STATUS_OUT_OF_MEMORY)
      be->status = SRV_STATUS_OK;
   return s;
}

static void
set_cancel(struct srv_backend *sbe, const uint32_t *cancel)
{
   es_backend(sbe)->cancel = cancel; /* no unbounded host waits yet: fences are polled */
}

static void
get_info(struct srv_backend *sbe, struct wire_server_info *info)
{
   struct es_backend *be = es_backend(sbe);
   snprintf(info->renderer, sizeof(info->renderer), "splitgl Espryt (%.100s)", be->renderer);
   snprintf(info->device, sizeof(info->device), "%s", be->renderer);
}

static void
get_stats(struct srv_backend *sbe, struct wire_server_stats *st)
{
   struct es_backend *be = es_backend(sbe);
   st->pipelines_created += be->programs_linked;
   st->skipped += be->skipped;
   st->remint_bytes += be->remint_bytes;
}

static struct srv_ctx *
context_create(struct srv_backend *sbe, const struct wire_context_create *c)
{
   struct es_backend *be = es_backend(sbe);
   struct es_ctx *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->be = be;
   ctx->api = c->api;
   ctx->egl = es_egl_context_create(be, be->root);
   if (ctx->egl == EGL_NO_CONTEXT) {
      es_fail(be, "the host cannot create a context sharing the root's (EGL error 0x%x)",
              (unsigned)be->egl.eglGetError());
      free(ctx);
      return NULL;
   }
   /* OpenGL core contexts (api 1) run on the same host ES context: the capability table says
    * what the host lacks (polygon modes, depth clamp, logic op: the front end refuses them at
    * the call), and what the wire can still carry but Espryt cannot honour ends the session
    * with its name (depth read-back, sRGB without encoding where the host lacks
    * EXT_sRGB_write_control, timing queries). */
   if (!es_make_current(be, ctx)) {
      be->egl.eglDestroyContext(be->dpy, ctx->egl);
      free(ctx);
      return NULL;
   }
   const struct es_gl *gl = &be->gl;
   gl->GenVertexArrays(1, &ctx->vao);
   gl->GenFramebuffers(1, &ctx->fb);
   gl->GenFramebuffers(1, &ctx->read_fb);
   gl->GenFramebuffers(1, &ctx->blit_fb);
   gl->GenBuffers(1, &ctx->const_ubo);
   /* ES leaves dithering on; the front end resolves GL_DITHER itself (none reaches the wire) */
   es_host_enable(ctx, ES_EN_DITHER, GL_DITHER, false);
   ctx->fb_dirty = true;
   ctx->sample.sample_mask = ~0u;
   es_check(be, "ContextCreate");
   return (struct srv_ctx *)ctx;
}

static void
context_destroy(struct srv_backend *sbe, struct srv_ctx *sctx)
{
   struct es_backend *be = es_backend(sbe);
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   /* quietly: at the session's end this may run on a thread other than the applying one,
    * where the context cannot be made current (its objects then go with the context) */
   bool current = be->egl.eglMakeCurrent(be->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx->egl);
   if (!current)
      sgl_info("espryt: context teardown off its thread: its host objects go with the context");
   if (current) {
      be->current = ctx->egl;
      be->gl.DeleteVertexArrays(1, &ctx->vao);
      be->gl.DeleteFramebuffers(1, &ctx->fb);
      be->gl.DeleteFramebuffers(1, &ctx->read_fb);
      be->gl.DeleteFramebuffers(1, &ctx->blit_fb);
      be->gl.DeleteBuffers(1, &ctx->const_ubo);
      if (ctx->xfb_written)
         be->gl.DeleteQueries(1, &ctx->xfb_written);
      if (ctx->expand_ib)
         be->gl.DeleteBuffers(1, &ctx->expand_ib);
   }
   be->egl.eglMakeCurrent(be->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, be->root);
   be->current = be->root;
   be->cur_ctx = NULL;
   be->egl.eglDestroyContext(be->dpy, ctx->egl);
   free(ctx->const_data);
   free(ctx);
}

static const struct srv_backend_ops *
es_ops(void)
{
   static struct srv_backend_ops ops;
   static bool filled;
   if (!filled) {
      ops.destroy = destroy;
      ops.take_status = take_status;
      ops.set_cancel = set_cancel;
      ops.get_info = get_info;
      ops.list_devices = es_list_devices;
      ops.get_param = es_get_param;
      ops.get_stats = get_stats;
      ops.context_create = context_create;
      ops.context_destroy = context_destroy;
      ops.resource_create = es_resource_create;
      ops.resource_respecify = es_resource_respecify;
      ops.resource_destroy = es_resource_destroy;
      ops.buffer_subdata = es_buffer_subdata;
      ops.texture_subdata = es_texture_subdata_wire;
      ops.program_create = es_program_create;
      es_state_ops(&ops);
      es_draw_ops(&ops);
      ops.blit = es_blit;
      es_xfb_ops(&ops);
      es_query_ops(&ops);
      es_window_ops(&ops);
      filled = true;
   }
   return &ops;
}

struct srv_backend *
es_backend_create(const struct wire_device_select *sel, char *why, size_t why_size)
{
   struct es_backend *be = calloc(1, sizeof(*be));
   if (!be) {
      snprintf(why, why_size, "out of memory");
      return NULL;
   }
   be->base.ops = es_ops();
   if (!es_egl_open(be, sel, why, why_size)) {
      free(be);
      return NULL;
   }
   es_features_init(be);
   es_caps_init(be);
   const char *r = (const char *)be->gl.GetString(GL_RENDERER);
   const char *v = (const char *)be->gl.GetString(GL_VERSION);
   snprintf(be->renderer, sizeof(be->renderer), "%s, %s", r ? r : "?", v ? v : "?");
   sgl_info("espryt: host %s (ES %d.%d)", be->renderer, be->version / 10, be->version % 10);
   if (!be->robust)
      sgl_warn("espryt: the host gives no robust buffer access: a vertex or index fetch past its buffer is "
               "undefined on it (Magma reads zeros)");
   /* The backend is made on the thread that opens the channel; the session applies on
    * another (inproc's apply thread, spawn's main loop): a host context may be current on one
    * thread only, so this one lets go. */
   be->egl.eglMakeCurrent(be->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   be->current = EGL_NO_CONTEXT;
   return &be->base;
}
