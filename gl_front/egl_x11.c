/* splitgl EGL: the X11 platform (EGL_KHR_platform_x11 / EGL_EXT_platform_x11).
 *
 * An X11 display of our table is keyed by the app's Display* (EGL_DEFAULT_DISPLAY: we open
 * $DISPLAY ourselves at eglInitialize). The front end talks to the X server only through the
 * app's connection (XGetXCBConnection) with checked XCB requests, so a bad window is an EGL
 * error, never an Xlib error handler call: the screen's TrueColor visuals (configs' native
 * visuals), a window's geometry and visual. Pixels never go through here: the server opens its
 * own connection to the same display (DisplayString) and presents into the window
 * (server_vk/present.c).
 *
 * libX11, libX11-xcb and libxcb are linked (DT_NEEDED); they load without an X server, and a
 * connection is made only for an X11 display.
 */
#include "gl_front/egl_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib-xcb.h>
#include <X11/Xlib.h>
#include <xcb/xcb.h>

#include "util/log.h"
#include "wire/format.h"

struct egl_x11 {
   Display *dpy;
   bool own; /* opened by us (EGL_DEFAULT_DISPLAY) */
   xcb_connection_t *conn;
   xcb_window_t root;
   uint32_t visual24, visual16; /* TrueColor visual ids of depth 24 / 16 on the screen; 0: none */
   char name[WIRE_MAX_DISPLAY_NAME];
};

bool
egl_x11_open(struct egl_display *d)
{
   if (d->x11)
      return true;
   struct egl_x11 *x = calloc(1, sizeof(*x));
   if (!x)
      return false;
   x->dpy = d->native;
   if (!x->dpy) {
      x->dpy = XOpenDisplay(NULL);
      x->own = true;
      if (!x->dpy) {
         const char *env = getenv("DISPLAY");
         sgl_warn("eglInitialize: cannot open the default X display (DISPLAY=%s): EGL_NOT_INITIALIZED",
                  env ? env : "(unset)");
         free(x);
         return false;
      }
   }
   x->conn = XGetXCBConnection(x->dpy);
   const char *name = DisplayString(x->dpy);
   if (!x->conn || !name || strlen(name) >= sizeof(x->name)) {
      sgl_err("eglInitialize: the X display has no XCB connection or an overlong name");
      goto fail;
   }
   memcpy(x->name, name, strlen(name) + 1);
   int screen = d->x11_screen_set ? d->x11_screen : DefaultScreen(x->dpy);
   d->x11_screen = screen;
   d->x11_screen_set = true;
   xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(x->conn));
   for (int i = 0; i < screen && it.rem; i++)
      xcb_screen_next(&it);
   if (!it.rem) {
      sgl_err("eglInitialize: X screen %d does not exist on \"%s\"", screen, x->name);
      goto fail;
   }
   x->root = it.data->root;
   for (xcb_depth_iterator_t di = xcb_screen_allowed_depths_iterator(it.data); di.rem; xcb_depth_next(&di)) {
      if (di.data->depth != 24 && di.data->depth != 16)
         continue;
      for (xcb_visualtype_iterator_t vi = xcb_depth_visuals_iterator(di.data); vi.rem; xcb_visualtype_next(&vi)) {
         if (vi.data->_class != XCB_VISUAL_CLASS_TRUE_COLOR)
            continue;
         uint32_t *slot = di.data->depth == 24 ? &x->visual24 : &x->visual16;
         if (!*slot)
            *slot = vi.data->visual_id;
      }
   }
   if (!x->visual24)
      sgl_warn("eglInitialize: X screen %d of \"%s\" has no depth-24 TrueColor visual: no RGBA8 window configs",
               screen, x->name);
   d->x11 = x;
   return true;
fail:
   if (x->own)
      XCloseDisplay(x->dpy);
   free(x);
   return false;
}

const char *
egl_x11_display_name(const struct egl_display *d)
{
   return d->x11 ? d->x11->name : "";
}

/* The visual of the window depth a colour format is shown at: RGBA8 -> 24 (alpha is not
 * shown), RGB565 -> 16. */
static uint32_t
format_depth(uint32_t color_format)
{
   return color_format == WIRE_FMT_R5G6B5_UNORM ? 16 : 24;
}

uint32_t
egl_x11_config_visual(const struct egl_display *d, const struct egl_config *cfg)
{
   if (!d || !d->x11)
      return 0;
   return format_depth(cfg->color_format) == 24 ? d->x11->visual24 : d->x11->visual16;
}

EGLint
egl_x11_window_query(const struct egl_display *d, uint32_t xid, const struct egl_config *cfg, uint32_t *w,
                     uint32_t *h)
{
   struct egl_x11 *x = d->x11;
   if (!x || !xid)
      return EGL_BAD_NATIVE_WINDOW;
   xcb_get_geometry_cookie_t gc = xcb_get_geometry(x->conn, xid);
   xcb_get_window_attributes_cookie_t ac = xcb_get_window_attributes(x->conn, xid);
   /* The errors are taken here: left NULL they would reach the app's Xlib event queue and its
    * error handler (by default: exit). */
   xcb_generic_error_t *ge = NULL, *ae = NULL;
   xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(x->conn, gc, &ge);
   xcb_get_window_attributes_reply_t *a = xcb_get_window_attributes_reply(x->conn, ac, &ae);
   free(ge);
   free(ae);
   EGLint err = EGL_SUCCESS;
   /* A pixmap's XID answers GetGeometry but not GetWindowAttributes. */
   if (!g || !a) {
      err = EGL_BAD_NATIVE_WINDOW;
   } else if (cfg && g->depth != format_depth(cfg->color_format) && !(g->depth == 32 && cfg->color_format != WIRE_FMT_R5G6B5_UNORM)) {
      /* EGL 1.5, section 3.5.1: "If the attributes of win do not correspond to config, then
       * an EGL_BAD_MATCH error is generated." */
      sgl_warn("eglCreateWindowSurface: window 0x%x has depth %u; config %d is shown at depth %u: EGL_BAD_MATCH", xid,
               g->depth, cfg->id, format_depth(cfg->color_format));
      err = EGL_BAD_MATCH;
   } else {
      *w = g->width;
      *h = g->height;
   }
   free(g);
   free(a);
   return err;
}

bool
egl_x11_window_size(const struct egl_display *d, uint32_t xid, uint32_t *w, uint32_t *h)
{
   if (!d->x11)
      return false;
   xcb_generic_error_t *e = NULL;
   xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(d->x11->conn, xcb_get_geometry(d->x11->conn, xid), &e);
   free(e);
   if (!g)
      return false;
   *w = g->width;
   *h = g->height;
   free(g);
   return true;
}
