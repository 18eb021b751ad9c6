/* splitgl EGL: the X11 platform (EGL_KHR_platform_x11 / EGL_EXT_platform_x11).
 *
 * An X11 display of our table is keyed by the app's Display* (EGL_DEFAULT_DISPLAY: we open
 * $DISPLAY ourselves at eglInitialize). The front end talks to the X server only through the
 * app's connection (XGetXCBConnection) with checked XCB requests, so a bad window is an EGL
 * error, never an Xlib error handler call: the screen's TrueColor visuals (configs' native
 * visuals), a window's geometry and visual. By default pixels never go through here: the
 * server opens its own connection to the same display (DisplayString) and presents into the
 * window (server_vk/present.c).
 *
 * Client presentation (a tcp server, which may not reach the display, or
 * SPLITGL_WINDOW_PRESENT=client): the server sends each presented frame back
 * (WindowFramesBack) and a put thread of the display shows it: the wire's frame sink copies
 * the frame into the window's slot (the newest frame replaces one not yet shown) and wakes the
 * thread, which converts it to the window's pixel format (rows flipped: GL's row 0 is the
 * bottom) and puts it on a connection of its own: MIT-SHM (xcb_shm_put_image from a SysV
 * segment, one round trip so the segment is free again), else xcb_put_image in bands below the
 * request size. eglSwapBuffers never waits for it: the present credit alone bounds the frames
 * in flight, as with server presentation.
 *
 * libX11, libX11-xcb and libxcb are linked (DT_NEEDED); they load without an X server, and a
 * connection is made only for an X11 display.
 */
#include "gl_front/egl_private.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include <X11/Xlib-xcb.h>
#include <X11/Xlib.h>
#include <xcb/shm.h>
#include <xcb/xcb.h>

#include "util/knobs.h"
#include "util/log.h"
#include "util/x11_image.h"
#include "wire/client.h"
#include "wire/format.h"

/* A client-presented window: its newest frame not yet shown. */
struct put_win {
   struct put_win *next;
   wire_handle res;  /* the presented image the frames are of */
   uint32_t xid;
   uint8_t depth;    /* the window's depth */
   uint32_t visual;  /* the window's visual */
   xcb_gcontext_t gc; /* on the put connection (0: not made yet) */
   bool pending;     /* `frame` holds a frame not yet shown */
   struct wire_frame hdr;
   uint8_t *frame;
   size_t frame_cap;
};

/* The display's put thread and its own X connection (made at the first client-presented
 * window, kept until the process ends). */
struct egl_x11_put {
   pthread_mutex_t lock; /* a leaf: taken by the wire's frame sink (wire/client.h) */
   pthread_cond_t wake;  /* a frame is pending */
   pthread_cond_t idle;  /* `busy` went back to NULL */
   struct put_win *wins;
   struct put_win *busy; /* the window being put (its slot stays until the put is done) */
   xcb_connection_t *conn;
   const xcb_setup_t *setup;
   uint32_t max_request; /* bytes */
   bool shm;             /* MIT-SHM in use */
   xcb_shm_seg_t seg;
   int shmid;
   uint8_t *shm_addr;
   size_t shm_size;
   uint8_t *spare;       /* the frame being put (swapped with the window's slot) */
   size_t spare_cap;
   uint8_t *image;       /* converted pixels (XPutImage path) */
   size_t image_cap;
   uint64_t shown, superseded;
};

struct egl_x11 {
   Display *dpy;
   bool own; /* opened by us (EGL_DEFAULT_DISPLAY) */
   xcb_connection_t *conn;
   xcb_window_t root;
   uint32_t visual24, visual16; /* TrueColor visual ids of depth 24 / 16 on the screen; 0: none */
   char name[WIRE_MAX_DISPLAY_NAME];
   struct egl_x11_put *put; /* client presentation (NULL until the first such window) */
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

/* ---- client presentation: frames sent back, put by the display's put thread ---------------- */

static void
put_drain_events(struct egl_x11_put *p)
{
   /* Errors of the unchecked put requests (a window destroyed under its surface) arrive here:
    * the frame is lost, nothing else is. */
   xcb_generic_event_t *ev;
   while ((ev = xcb_poll_for_event(p->conn)))
      free(ev);
}

static void
put_sync(struct egl_x11_put *p)
{
   free(xcb_get_input_focus_reply(p->conn, xcb_get_input_focus(p->conn), NULL));
   put_drain_events(p);
}

/* A SysV segment of at least `size` bytes attached to the X server; false (MIT-SHM given up,
 * logged) when the server cannot attach it (another machine's X server). */
static bool
put_shm_reserve(struct egl_x11_put *p, size_t size)
{
   if (p->shm_addr && p->shm_size >= size)
      return true;
   if (p->shm_addr) {
      xcb_shm_detach(p->conn, p->seg);
      put_sync(p);
      shmdt(p->shm_addr);
      p->shm_addr = NULL;
   }
   int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
   void *addr = id < 0 ? (void *)-1 : shmat(id, NULL, 0);
   xcb_generic_error_t *e = NULL;
   if (addr != (void *)-1) {
      p->seg = xcb_generate_id(p->conn);
      e = xcb_request_check(p->conn, xcb_shm_attach_checked(p->conn, p->seg, (uint32_t)id, 0));
   }
   if (id >= 0)
      shmctl(id, IPC_RMID, NULL); /* goes once both sides have detached */
   if (addr == (void *)-1 || e) {
      sgl_warn("EGL: MIT-SHM: %s; client-presented windows are put with XPutImage",
               addr == (void *)-1 ? "no SysV shared memory segment" : "the X server cannot attach our segment");
      free(e);
      if (addr != (void *)-1)
         shmdt(addr);
      p->shm = false;
      return false;
   }
   p->shm_addr = addr;
   p->shm_size = size;
   return true;
}

/* Put thread: one frame into its window. */
static void
put_frame(struct egl_x11_put *p, struct put_win *w, const struct wire_frame *f, const uint8_t *texels)
{
   if (xcb_connection_has_error(p->conn))
      return;
   struct sgl_x11_format xf;
   if (!sgl_x11_format(p->setup, w->visual, w->depth, &xf) || !f->width || !f->height)
      return;
   const uint32_t stride = sgl_x11_stride(&xf, f->width);
   const size_t size = (size_t)stride * f->height;
   const bool is565 = f->format == WIRE_FMT_R5G6B5_UNORM;
   if (!w->gc) {
      w->gc = xcb_generate_id(p->conn);
      const uint32_t no_exposures = 0;
      xcb_create_gc(p->conn, w->gc, w->xid, XCB_GC_GRAPHICS_EXPOSURES, &no_exposures);
   }
   if (p->shm && put_shm_reserve(p, size)) {
      sgl_x11_convert(&xf, is565, texels, f->stride, f->width, f->height, p->shm_addr, stride);
      xcb_shm_put_image(p->conn, w->xid, w->gc, (uint16_t)(stride * 8u / xf.bpp), (uint16_t)f->height, 0, 0,
                        (uint16_t)f->width, (uint16_t)f->height, 0, 0, w->depth, XCB_IMAGE_FORMAT_Z_PIXMAP, 0, p->seg,
                        0);
   } else {
      if (p->image_cap < size) {
         uint8_t *nb = realloc(p->image, size);
         if (!nb)
            return;
         p->image = nb;
         p->image_cap = size;
      }
      sgl_x11_convert(&xf, is565, texels, f->stride, f->width, f->height, p->image, stride);
      sgl_x11_put(p->conn, w->xid, w->gc, w->depth, f->width, f->height, stride, p->image, p->max_request);
   }
   /* The X server has read the segment once this returns: the next frame may overwrite it. */
   put_sync(p);
}

static struct put_win *
first_pending(struct egl_x11_put *p)
{
   for (struct put_win *w = p->wins; w; w = w->next)
      if (w->pending)
         return w;
   return NULL;
}

static void *
put_thread(void *arg)
{
   struct egl_x11_put *p = arg;
   pthread_mutex_lock(&p->lock);
   for (;;) {
      struct put_win *w;
      while (!(w = first_pending(p)))
         pthread_cond_wait(&p->wake, &p->lock);
      /* The window's slot takes the next frame while this one is put. */
      w->pending = false;
      uint8_t *t = w->frame;
      size_t tc = w->frame_cap;
      w->frame = p->spare;
      w->frame_cap = p->spare_cap;
      p->spare = t;
      p->spare_cap = tc;
      struct wire_frame hdr = w->hdr;
      p->busy = w;
      pthread_mutex_unlock(&p->lock);
      put_frame(p, w, &hdr, p->spare);
      pthread_mutex_lock(&p->lock);
      p->busy = NULL;
      p->shown++;
      pthread_cond_broadcast(&p->idle);
   }
   return NULL;
}

/* The wire's frame sink (any thread; wire/client.h): the newest frame of a window into its
 * slot. */
static void
on_frame(void *user, const struct wire_frame *f, const void *texels)
{
   struct egl_x11_put *p = user;
   const size_t bytes = (size_t)f->stride * f->height;
   pthread_mutex_lock(&p->lock);
   struct put_win *w = p->wins;
   while (w && (w->res.slot != f->res.slot || w->res.gen != f->res.gen))
      w = w->next;
   if (w && w->frame_cap < bytes) {
      uint8_t *nb = realloc(w->frame, bytes);
      if (nb) {
         w->frame = nb;
         w->frame_cap = bytes;
      }
   }
   if (w && w->frame_cap >= bytes) {
      memcpy(w->frame, texels, bytes);
      if (w->pending)
         p->superseded++;
      w->hdr = *f;
      w->pending = true;
      pthread_cond_signal(&p->wake);
   }
   pthread_mutex_unlock(&p->lock);
}

static struct egl_x11_put *
put_start(struct egl_x11 *x)
{
   if (x->put)
      return x->put;
   struct egl_x11_put *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->conn = xcb_connect(x->name, NULL);
   if (xcb_connection_has_error(p->conn)) {
      sgl_warn("EGL: cannot open a connection to X display \"%s\" to put frames into windows", x->name);
      xcb_disconnect(p->conn);
      free(p);
      return NULL;
   }
   p->setup = xcb_get_setup(p->conn);
   p->max_request = xcb_get_maximum_request_length(p->conn) * 4u;
   if (!sgl_knobs()->window_shm) {
      sgl_info("EGL: SPLITGL_WINDOW_SHM=0: client-presented windows are put with XPutImage");
   } else {
      const xcb_query_extension_reply_t *ext = xcb_get_extension_data(p->conn, &xcb_shm_id);
      xcb_shm_query_version_reply_t *v =
         ext && ext->present ? xcb_shm_query_version_reply(p->conn, xcb_shm_query_version(p->conn), NULL) : NULL;
      p->shm = v != NULL;
      free(v);
      if (!p->shm)
         sgl_warn("EGL: X display \"%s\" has no MIT-SHM: client-presented windows are put with XPutImage", x->name);
   }
   sgl_info("EGL: client presentation on X display \"%s\": %s", x->name, p->shm ? "MIT-SHM" : "XPutImage");
   pthread_mutex_init(&p->lock, NULL);
   pthread_cond_init(&p->wake, NULL);
   pthread_cond_init(&p->idle, NULL);
   pthread_t th;
   pthread_attr_t attr;
   pthread_attr_init(&attr);
   pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
   int rc = pthread_create(&th, &attr, put_thread, p);
   pthread_attr_destroy(&attr);
   if (rc) {
      sgl_warn("EGL: cannot start the thread that puts frames into windows");
      pthread_mutex_destroy(&p->lock);
      pthread_cond_destroy(&p->wake);
      pthread_cond_destroy(&p->idle);
      xcb_disconnect(p->conn);
      free(p);
      return NULL;
   }
   x->put = p;
   return p;
}

bool
egl_x11_put_register(struct egl_display *d, uint32_t xid, wire_handle res)
{
   struct egl_x11 *x = d->x11;
   if (!x || !d->wire)
      return false;
   xcb_generic_error_t *ge = NULL, *ae = NULL;
   xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(x->conn, xcb_get_geometry(x->conn, xid), &ge);
   xcb_get_window_attributes_reply_t *a =
      xcb_get_window_attributes_reply(x->conn, xcb_get_window_attributes(x->conn, xid), &ae);
   free(ge);
   free(ae);
   uint8_t depth = g ? g->depth : 0;
   uint32_t visual = a ? a->visual : 0;
   free(g);
   free(a);
   struct egl_x11_put *p = depth ? put_start(x) : NULL;
   struct put_win *w = p ? calloc(1, sizeof(*w)) : NULL;
   if (!w) {
      sgl_warn("EGL: window 0x%x: %s", xid,
               !depth ? "gone before its frames could be shown" : "cannot show frames put by the client");
      return false;
   }
   w->res = res;
   w->xid = xid;
   w->depth = depth;
   w->visual = visual;
   pthread_mutex_lock(&p->lock);
   w->next = p->wins;
   p->wins = w;
   pthread_mutex_unlock(&p->lock);
   wire_client_set_frame_sink(d->wire, on_frame, p);
   return true;
}

void
egl_x11_put_unregister(struct egl_display *d, wire_handle res)
{
   struct egl_x11_put *p = d->x11 ? d->x11->put : NULL;
   if (!p)
      return;
   pthread_mutex_lock(&p->lock);
   struct put_win **pp, *w;
   for (;;) {
      pp = &p->wins;
      while (*pp && ((*pp)->res.slot != res.slot || (*pp)->res.gen != res.gen))
         pp = &(*pp)->next;
      w = *pp;
      if (!w || p->busy != w)
         break;
      pthread_cond_wait(&p->idle, &p->lock); /* the list may change meanwhile: look again */
   }
   if (w)
      *pp = w->next;
   pthread_mutex_unlock(&p->lock);
   if (!w)
      return;
   if (w->gc) {
      xcb_free_gc(p->conn, w->gc);
      xcb_flush(p->conn);
   }
   free(w->frame);
   free(w);
}
