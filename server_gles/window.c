/* Espryt: presentation into X11 windows (EGL window surfaces, gl_front/egl_x11.c).
 *
 * The client attaches an X11 window to the surface's presented colour image (WindowAttach,
 * naming the app's X display). The host contexts live on a display of the EGL device platform
 * (egl.c), which has no window surfaces, so Espryt presents as the client's put thread does
 * (util/x11_image.h): on a connection of its own to that display, each Present reads the image
 * back (the read-back of ReadPixels, in the wire layout), converts it to the window's pixel
 * format (rows flipped: GL's row 0 is the bottom) and puts it with xcb_put_image in bands below
 * the request size, then makes one round trip, so the X server has taken the frame before the
 * next one is read back and a client cannot outrun the display. The surface image stays the
 * app's back buffer: its contents survive the swap (buffer age 1). The swap interval is kept
 * but not honoured: frames are put as they come (the X server has no vertical blank to wait
 * for through core requests). */
#include "es_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xcb/xcb.h>

#include "util/log.h"
#include "util/x11_image.h"
#include "wire/format.h"

struct es_window {
   xcb_connection_t *conn;
   const xcb_setup_t *setup;
   uint32_t xid, max_request, interval;
   uint8_t depth;
   struct sgl_x11_format fmt;
   xcb_gcontext_t gc;
   uint8_t *texels, *rows; /* the read-back and the converted rows */
   size_t texels_cap, rows_cap;
   bool warned;
};

void
es_window_free(struct es_window *w)
{
   if (!w)
      return;
   if (w->conn) {
      if (w->gc)
         xcb_free_gc(w->conn, w->gc);
      xcb_disconnect(w->conn);
   }
   free(w->texels);
   free(w->rows);
   free(w);
}

static bool
window_attach(struct srv_backend *sbe, struct srv_resource *res, const char *display, uint32_t xid, uint32_t interval,
              char *why, size_t why_size)
{
   struct es_resource *r = (struct es_resource *)res;
   uint32_t f = r->templ.format;
   if (f != WIRE_FMT_R8G8B8A8_UNORM && f != WIRE_FMT_R8G8B8A8_SRGB && f != WIRE_FMT_R5G6B5_UNORM) {
      snprintf(why, why_size, "Espryt presents RGBA8 and RGB565 surfaces only (format %u)", f);
      return false;
   }
   struct es_window *w = calloc(1, sizeof(*w));
   if (!w) {
      snprintf(why, why_size, "out of memory");
      return false;
   }
   w->conn = xcb_connect(display, NULL);
   if (xcb_connection_has_error(w->conn)) {
      snprintf(why, why_size, "Espryt cannot open X display \"%s\"", display);
      es_window_free(w);
      return false;
   }
   w->setup = xcb_get_setup(w->conn);
   w->max_request = xcb_get_maximum_request_length(w->conn) * 4u;
   xcb_get_window_attributes_reply_t *attrs =
      xcb_get_window_attributes_reply(w->conn, xcb_get_window_attributes(w->conn, xid), NULL);
   xcb_get_geometry_reply_t *geom = xcb_get_geometry_reply(w->conn, xcb_get_geometry(w->conn, xid), NULL);
   bool ok = attrs && geom && sgl_x11_format(w->setup, attrs->visual, geom->depth, &w->fmt);
   if (ok) {
      w->xid = xid;
      w->depth = geom->depth;
      w->interval = interval;
      w->gc = xcb_generate_id(w->conn);
      const uint32_t no_exposures = 0;
      xcb_create_gc(w->conn, w->gc, xid, XCB_GC_GRAPHICS_EXPOSURES, &no_exposures);
   } else {
      snprintf(why, why_size, "%s", !attrs || !geom ? "no such X window" : "the window is not TrueColor of 16, 24 or 32 bits");
   }
   free(attrs);
   free(geom);
   if (!ok) {
      es_window_free(w);
      return false;
   }
   es_window_free(r->window);
   r->window = w;
   return true;
}

static void
window_set_interval(struct srv_backend *sbe, struct srv_resource *res, uint32_t interval)
{
   struct es_resource *r = (struct es_resource *)res;
   if (r->window)
      r->window->interval = interval;
}

static bool
grow(uint8_t **p, size_t *cap, size_t size)
{
   if (*cap >= size)
      return true;
   uint8_t *n = realloc(*p, size);
   if (!n)
      return false;
   *p = n;
   *cap = size;
   return true;
}

void
es_window_present(struct es_ctx *ctx, struct es_resource *r)
{
   struct es_window *w = r->window;
   uint32_t width = r->templ.width, height = r->templ.height;
   if (xcb_connection_has_error(w->conn)) {
      if (!w->warned)
         sgl_warn("espryt: the X connection of window 0x%x is gone: its frames are not shown", w->xid);
      w->warned = true;
      return;
   }
   const bool is565 = r->templ.format == WIRE_FMT_R5G6B5_UNORM;
   const uint32_t src_stride = width * (is565 ? 2u : 4u), stride = sgl_x11_stride(&w->fmt, width);
   if (!grow(&w->texels, &w->texels_cap, (size_t)src_stride * height) ||
       !grow(&w->rows, &w->rows_cap, (size_t)stride * height)) {
      if (ctx->be->status == SRV_STATUS_OK)
         ctx->be->status = SRV_STATUS_OUT_OF_MEMORY;
      return;
   }
   const struct srv_surface s = {.res = (struct srv_resource *)r, .samples = 1};
   if (!es_read_pixels((struct srv_ctx *)ctx, &s, 0, 0, width, height, w->texels))
      return;
   sgl_x11_convert(&w->fmt, is565, w->texels, src_stride, width, height, w->rows, stride);
   sgl_x11_put(w->conn, w->xid, w->gc, w->depth, width, height, stride, w->rows, w->max_request);
   /* one round trip: the X server has taken the frame (and a window gone meanwhile shows as
    * an error here, not as a failed session) */
   free(xcb_get_input_focus_reply(w->conn, xcb_get_input_focus(w->conn), NULL));
}

void
es_window_ops(struct srv_backend_ops *ops)
{
   ops->window_attach = window_attach;
   ops->window_set_interval = window_set_interval;
}
