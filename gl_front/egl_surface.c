/* splitgl EGL: surfaces. Pbuffers on every display, windows on X11 displays. Each is a color
 * render target of its config's format and, when its config has them, a depth/stencil one,
 * created on the server with ResourceCreate; a multisampled config's are multisampled, with a
 * single-sampled colour image they are resolved into (glf_drawable_resolve).
 *
 * A window surface's presented image (the colour target, or the resolve image) is attached to
 * its X11 window on the server (WindowAttach, answered: the server connects to the app's X
 * display itself and presents with a Vulkan swapchain, server_vk/present.c). eglSwapBuffers
 * presents it (Present) and keeps it as the back buffer, so its contents survive the swap
 * (EGL_BUFFER_AGE_EXT 1). At each swap the window's size is read; when it changed, the
 * surface's buffers are made anew at the new size (age 0) and attached in place of the old. */
#include "gl_front/egl_private.h"

#include <stdlib.h>
#include <string.h>

#include "util/knobs.h"
#include "util/log.h"
#include "wire/client.h"

struct egl_surface *
egl_surface_lookup(struct egl_display *d, EGLSurface h)
{
   return (struct egl_surface *)egl_object_lookup(d, EGL_OBJ_SURFACE, h);
}

static wire_handle
create_render_target(struct wire_client *c, uint32_t format, uint32_t w, uint32_t h, uint32_t samples)
{
   wire_handle res = wire_handle_mint(c, WIRE_KIND_RESOURCE);
   if (!res.gen)
      return res;
   struct wire_resource_create *rc = wire_begin(c, WIRE_OP_ResourceCreate, 0);
   if (!rc) {
      wire_handle_release(c, WIRE_KIND_RESOURCE, res);
      return (wire_handle){0, 0};
   }
   rc->res = res;
   rc->target = WIRE_TARGET_RENDERBUFFER;
   rc->format = format;
   rc->width = w;
   rc->height = h;
   rc->depth = 1;
   rc->layers = 1;
   rc->last_level = 0;
   rc->samples = samples;
   rc->flags = 0;
   rc->pad = 0;
   wire_end(c);
   return res;
}

static void
destroy_resource(struct wire_client *c, wire_handle *h)
{
   if (!h->gen)
      return;
   struct wire_destroy *dr = wire_begin(c, WIRE_OP_Destroy, 0);
   if (dr) {
      dr->kind = WIRE_KIND_RESOURCE;
      dr->pad = 0;
      dr->h = *h;
      wire_end(c);
   }
   wire_handle_release(c, WIRE_KIND_RESOURCE, *h);
   *h = (wire_handle){0, 0};
}

static void
surface_free_buffers(struct egl_display *d, struct egl_surface *s)
{
   if (s->client_present)
      egl_x11_put_unregister(d, s->drawable.samples ? s->drawable.resolve : s->drawable.color);
   if (d->wire) {
      destroy_resource(d->wire, &s->drawable.depth_stencil);
      destroy_resource(d->wire, &s->drawable.resolve);
      destroy_resource(d->wire, &s->drawable.color);
   }
}

void
egl_surface_destroy(struct egl_display *d, struct egl_surface *s)
{
   egl_object_unlink(d, &s->base);
   surface_free_buffers(d, s);
   free(s);
}

/* The surface's buffers at width x height (s->config's formats). A zero-sized surface is
 * legal; its server storage is 1x1 (the GL viewport and the drawable's size stay 0x0). The
 * server zero-fills new render targets, so a surface's first contents are deterministic.
 * False: a handle could not be minted (out of handles, or the channel is lost). */
static bool
surface_alloc(struct egl_display *d, struct egl_surface *s, uint32_t width, uint32_t height)
{
   const struct egl_config *cfg = s->config;
   uint32_t rw = width ? width : 1, rh = height ? height : 1;
   s->drawable.width = width;
   s->drawable.height = height;
   /* A multisampled config: colour and depth-stencil with its samples, plus the
    * single-sampled image reads and presentation resolve into (framebuffer.c). */
   const uint32_t samples = (uint32_t)cfg->samples;
   /* EGL_GL_COLORSPACE_SRGB: the colour buffer is sRGB (writes encode, blending is linear, as
    * an sRGB attachment of a framebuffer object). */
   const uint32_t color_format = s->colorspace == EGL_GL_COLORSPACE_SRGB ? egl_config_srgb_format(cfg) : cfg->color_format;
   s->drawable.color_format = color_format;
   s->drawable.samples = samples;
   s->drawable.color = create_render_target(d->wire, color_format, rw, rh, samples);
   if (samples)
      s->drawable.resolve = create_render_target(d->wire, color_format, rw, rh, 0);
   s->drawable.ds_format = cfg->ds_format;
   if (cfg->ds_format)
      s->drawable.depth_stencil = create_render_target(d->wire, cfg->ds_format, rw, rh, samples);
   s->drawable.depth_bits = (uint32_t)cfg->depth_size;
   s->drawable.stencil_bits = (uint32_t)cfg->stencil_size;
   return s->drawable.color.gen && (!s->drawable.ds_format || s->drawable.depth_stencil.gen) &&
          (!samples || s->drawable.resolve.gen);
}

/* EGL_KHR_gl_colorspace / EGL 1.5: an sRGB surface where the config's colour has an sRGB
 * twin the device renders; else false with a WARN line (the caller's EGL_BAD_MATCH). */
static bool
colorspace_ok(const struct egl_config *cfg, EGLAttrib colorspace, const char *fn)
{
   if (colorspace != EGL_GL_COLORSPACE_SRGB || egl_config_srgb_format(cfg))
      return true;
   sgl_warn("%s: EGL_GL_COLORSPACE_SRGB: config %d's colour buffer has no sRGB format the device renders%s: "
            "EGL_BAD_MATCH",
            fn, cfg->id, cfg->samples ? " multisampled" : "");
   return false;
}

/* EGL 1.5, section 3.5.2, with the pbuffer attributes of table 3.5. */
EGLSurface
eglf_CreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attrib_list)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SURFACE;
   const struct egl_config *cfg = egl_config_lookup(config);
   if (!cfg)
      EGLF_RETURN(d, EGL_BAD_CONFIG, EGL_NO_SURFACE);

   EGLint width = 0, height = 0;
   EGLBoolean largest = EGL_FALSE;
   EGLint tex_format = EGL_NO_TEXTURE, tex_target = EGL_NO_TEXTURE;
   EGLint colorspace = EGL_GL_COLORSPACE_LINEAR;
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      switch (a[0]) {
      case EGL_WIDTH:
      case EGL_HEIGHT:
         /* "If the value specified for either EGL_WIDTH or EGL_HEIGHT is less than zero, an
          * EGL_BAD_PARAMETER error is generated." */
         if (a[1] < 0)
            EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_NO_SURFACE);
         *(a[0] == EGL_WIDTH ? &width : &height) = a[1];
         break;
      case EGL_LARGEST_PBUFFER:
         largest = a[1] ? EGL_TRUE : EGL_FALSE;
         break;
      case EGL_TEXTURE_FORMAT:
         if (a[1] != EGL_NO_TEXTURE && a[1] != EGL_TEXTURE_RGB && a[1] != EGL_TEXTURE_RGBA)
            EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
         tex_format = a[1];
         break;
      case EGL_TEXTURE_TARGET:
         if (a[1] != EGL_NO_TEXTURE && a[1] != EGL_TEXTURE_2D)
            EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
         tex_target = a[1];
         break;
      case EGL_MIPMAP_TEXTURE:
         if (a[1])
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
         break;
      case EGL_GL_COLORSPACE:
         if (a[1] != EGL_GL_COLORSPACE_LINEAR && a[1] != EGL_GL_COLORSPACE_SRGB)
            EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
         if (!colorspace_ok(cfg, a[1], "eglCreatePbufferSurface"))
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
         colorspace = a[1];
         break;
      case EGL_VG_ALPHA_FORMAT:
         /* OpenVG attributes: only the defaults, no config is VG-renderable. */
         if (a[1] != EGL_VG_ALPHA_FORMAT_NONPRE)
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
         break;
      case EGL_VG_COLORSPACE:
         if (a[1] != EGL_VG_COLORSPACE_sRGB)
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
         break;
      default:
         EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
      }
   }
   /* "If the EGL_TEXTURE_FORMAT attribute is EGL_NO_TEXTURE, and EGL_TEXTURE_TARGET is not
    * EGL_NO_TEXTURE, or vice versa, EGL_BAD_MATCH", and no config binds to textures
    * (EGL_BIND_TO_TEXTURE_RGB/RGBA are false): "If config does not support the OpenGL ES
    * texture format requested by EGL_TEXTURE_FORMAT, EGL_BAD_MATCH". */
   if ((tex_format == EGL_NO_TEXTURE) != (tex_target == EGL_NO_TEXTURE) || tex_format != EGL_NO_TEXTURE)
      EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
   /* "If config does not support rendering to pbuffers, EGL_BAD_MATCH" (all do). */
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_NO_SURFACE);
   if (width > EGLF_MAX_PBUFFER_SIZE || height > EGLF_MAX_PBUFFER_SIZE) {
      /* "If EGL_LARGEST_PBUFFER is EGL_TRUE, the largest available pbuffer is allocated
       * [...] of the same aspect ratio"; without it the request cannot be met. */
      if (!largest)
         EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_SURFACE);
      int64_t w = width, h = height;
      if (w >= h) {
         h = h * EGLF_MAX_PBUFFER_SIZE / w;
         w = EGLF_MAX_PBUFFER_SIZE;
      } else {
         w = w * EGLF_MAX_PBUFFER_SIZE / h;
         h = EGLF_MAX_PBUFFER_SIZE;
      }
      width = (EGLint)w;
      height = (EGLint)h;
   }

   struct egl_surface *s = calloc(1, sizeof(*s));
   if (!s)
      EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_SURFACE);
   s->config = cfg;
   s->colorspace = colorspace;
   s->width = width;
   s->height = height;
   s->largest = largest;
   s->swap_behavior = EGL_BUFFER_PRESERVED;
   s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   s->swap_interval = 1;

   egl_object_link(d, &s->base, EGL_OBJ_SURFACE);
   if (!surface_alloc(d, s, (uint32_t)width, (uint32_t)height)) {
      egl_surface_destroy(d, s);
      EGLF_RETURN(d, egl_display_lost(d) ? EGL_CONTEXT_LOST : EGL_BAD_ALLOC, EGL_NO_SURFACE);
   }
   EGLF_RETURN(d, EGL_SUCCESS, (EGLSurface)s);
}

/* ---- window surfaces ------------------------------------------------------------------------ */

/* Attaches the surface's presented image to its window on the server. False (logged at WARN
 * with the server's reason) when the server cannot present there. */
static bool
window_attach(struct egl_display *d, struct egl_surface *s)
{
   if (s->client_present) {
      /* The server sends each presented frame back; the display's put thread shows it. */
      const wire_handle res = s->drawable.samples ? s->drawable.resolve : s->drawable.color;
      if (!egl_x11_put_register(d, s->xid, res))
         return false;
      struct wire_window_frames_back *fb = wire_begin(d->wire, WIRE_OP_WindowFramesBack, 0);
      if (!fb) {
         egl_x11_put_unregister(d, res);
         return false;
      }
      fb->res = res;
      wire_end(d->wire);
      s->sent_interval = s->swap_interval;
      return true;
   }
   const char *name = egl_x11_display_name(d);
   uint32_t len = (uint32_t)strlen(name) + 1;
   struct wire_window_attach *a = wire_begin(d->wire, WIRE_OP_WindowAttach, (len + 7u) & ~7u);
   if (!a)
      return false;
   memset(a, 0, sizeof(*a) + ((len + 7u) & ~7u));
   a->res = s->drawable.samples ? s->drawable.resolve : s->drawable.color;
   a->xid = s->xid;
   a->display_len = len;
   a->interval = (uint32_t)s->swap_interval;
   memcpy(a + 1, name, len);
   struct wire_window_status st;
   memset(&st, 0, sizeof(st));
   if (wire_end_reply(d->wire, &st, sizeof(st)) < (int64_t)sizeof(st))
      return false;
   st.why[sizeof(st.why) - 1] = 0;
   if (!st.ok) {
      sgl_warn("EGL: window 0x%x: the server cannot present into it: %s", s->xid, st.why);
      return false;
   }
   s->sent_interval = s->swap_interval;
   return true;
}

/* glf_present's hook (glf_drawable.swap_hook) for a window surface, on the thread whose
 * current context draws to it, without the display lock. Before the Present: the swap
 * interval (eglSwapInterval). After: the back buffer keeps this frame (age 1), and the
 * surface follows the window's size. */
static void
window_swap_hook(void *user, struct glf_context *ctx, bool after)
{
   struct egl_surface *s = user;
   struct egl_display *d = s->base.dpy;
   pthread_mutex_lock(&d->lock);
   if (!after) {
      /* A client-presented window: the put thread shows frames as they come, no swap
       * interval to keep (the present credit alone paces the app). */
      if (s->swap_interval != s->sent_interval && d->wire && !s->client_present) {
         struct wire_window_interval *wi = wire_begin(d->wire, WIRE_OP_WindowSetInterval, 0);
         if (wi) {
            wi->res = s->drawable.samples ? s->drawable.resolve : s->drawable.color;
            wi->interval = (uint32_t)s->swap_interval;
            wi->pad = 0;
            wire_end(d->wire);
            s->sent_interval = s->swap_interval;
         }
      }
      pthread_mutex_unlock(&d->lock);
      return;
   }
   s->buffer_age = 1;
   uint32_t w, h;
   if (!d->wire || !egl_x11_window_size(d, s->xid, &w, &h) || (w == s->drawable.width && h == s->drawable.height)) {
      pthread_mutex_unlock(&d->lock);
      return;
   }
   /* The old buffers go first: the server lets go of the window with them, so the new image
    * can be attached to it. */
   surface_free_buffers(d, s);
   bool ok = surface_alloc(d, s, w, h) && window_attach(d, s);
   if (!ok)
      sgl_warn("eglSwapBuffers: window 0x%x resized to %ux%u: %s", s->xid, w, h,
               s->drawable.color.gen ? "its frames are not shown any more" : "no buffers at the new size");
   s->width = (EGLint)w;
   s->height = (EGLint)h;
   s->buffer_age = 0;
   struct egl_context *c = s->bound;
   if (c && c->glf == ctx && c->draw)
      glf_make_current(ctx, &c->draw->drawable, c->read ? &c->read->drawable : NULL);
   pthread_mutex_unlock(&d->lock);
}

/* EGL 1.5, section 3.5.1 (eglCreateWindowSurface) and EGL_KHR_platform_x11 (a Window XID; the
 * platform function passes a pointer to one). attribs are EGLint or EGLAttrib pairs. */
static EGLSurface
create_window_surface(EGLDisplay dpy, EGLConfig config, uint32_t xid, const void *attrib_list, bool attrib_is_egl_attrib)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SURFACE;
   const struct egl_config *cfg = egl_config_lookup(config);
   if (!cfg)
      EGLF_RETURN(d, EGL_BAD_CONFIG, EGL_NO_SURFACE);
   /* From EGL_MESA_platform_surfaceless: "eglCreatePlatformWindowSurface fails when called
    * with a <display> that belongs to the surfaceless platform. It returns EGL_NO_SURFACE and
    * generates EGL_BAD_NATIVE_WINDOW." */
   if (d->platform != EGL_PLATFORM_X11_KHR) {
      sgl_warn("eglCreateWindowSurface: the display is not an X11 one (EGL_PLATFORM_X11_KHR): no native windows");
      EGLF_RETURN(d, EGL_BAD_NATIVE_WINDOW, EGL_NO_SURFACE);
   }
   EGLint colorspace = EGL_GL_COLORSPACE_LINEAR;
   for (size_t i = 0; attrib_list; i += 2) {
      EGLAttrib k, v;
      if (attrib_is_egl_attrib) {
         k = ((const EGLAttrib *)attrib_list)[i];
         v = k == EGL_NONE ? 0 : ((const EGLAttrib *)attrib_list)[i + 1];
      } else {
         k = ((const EGLint *)attrib_list)[i];
         v = k == EGL_NONE ? 0 : ((const EGLint *)attrib_list)[i + 1];
      }
      if (k == EGL_NONE)
         break;
      switch (k) {
      case EGL_RENDER_BUFFER:
         /* A request: the surface is double-buffered whatever it says (EGL_RENDER_BUFFER
          * reads EGL_BACK_BUFFER). */
         if (v != EGL_BACK_BUFFER && v != EGL_SINGLE_BUFFER)
            EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
         break;
      case EGL_GL_COLORSPACE:
         if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB)
            EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
         if (!colorspace_ok(cfg, v, "eglCreateWindowSurface"))
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
         colorspace = (EGLint)v;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE)
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
         break;
      case EGL_VG_COLORSPACE:
         if (v != EGL_VG_COLORSPACE_sRGB)
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
         break;
      default:
         EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
      }
   }
   /* "If config does not support rendering to windows (the EGL_SURFACE_TYPE attribute does
    * not contain EGL_WINDOW_BIT), an EGL_BAD_MATCH error is generated." */
   if (!egl_x11_config_visual(d, cfg)) {
      sgl_warn("eglCreateWindowSurface: config %d has no X visual on this screen (no EGL_WINDOW_BIT): EGL_BAD_MATCH",
               cfg->id);
      EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
   }
   /* "If win is not a valid native window handle, then an EGL_BAD_NATIVE_WINDOW error should
    * be generated." "If the attributes of win do not correspond to config, then an
    * EGL_BAD_MATCH error is generated." */
   uint32_t w = 0, h = 0;
   EGLint err = egl_x11_window_query(d, xid, cfg, &w, &h);
   if (err != EGL_SUCCESS) {
      if (err == EGL_BAD_NATIVE_WINDOW)
         sgl_warn("eglCreateWindowSurface: 0x%x is not a window on \"%s\": EGL_BAD_NATIVE_WINDOW", xid,
                  egl_x11_display_name(d));
      EGLF_RETURN(d, err, EGL_NO_SURFACE);
   }
   /* "If there is already an EGLSurface associated with win (as a result of a previous
    * eglCreateWindowSurface call), then an EGL_BAD_ALLOC error is generated." A destroyed
    * surface still current somewhere holds its window until it is released. */
   for (struct egl_object *o = d->objects[EGL_OBJ_SURFACE]; o; o = o->next) {
      if (((struct egl_surface *)o)->xid == xid) {
         sgl_warn("eglCreateWindowSurface: window 0x%x already has an EGLSurface: EGL_BAD_ALLOC", xid);
         EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_SURFACE);
      }
   }
   /* Who puts the frames into the window: the server (it connects to the app's X display:
    * the local transports, same machine) or, where the server may not reach the display
    * (tcp) or SPLITGL_WINDOW_PRESENT=client says so, the client (frames sent back). */
   enum wire_transport_kind tk = wire_client_transport(d->wire);
   const char *mode = sgl_knobs()->window_present;
   bool client_present = tk == WIRE_TRANSPORT_TCP;
   if (!strcmp(mode, "client")) {
      client_present = true;
   } else if (!strcmp(mode, "server")) {
      client_present = false;
   } else if (strcmp(mode, "auto")) {
      sgl_warn("SPLITGL_WINDOW_PRESENT=%s is not auto, server or client: auto", mode);
   }
   if (client_present && !wire_client_frames_back(d->wire)) {
      sgl_warn("eglCreateWindowSurface: the %s transport brings no frames back to the client; the server presents "
               "into window 0x%x itself",
               wire_transport_name(tk), xid);
      client_present = false;
   }
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_NO_SURFACE);

   struct egl_surface *s = calloc(1, sizeof(*s));
   if (!s)
      EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_SURFACE);
   s->config = cfg;
   s->width = (EGLint)w;
   s->height = (EGLint)h;
   s->swap_behavior = EGL_BUFFER_PRESERVED;
   s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   s->swap_interval = 1;
   s->xid = xid;
   s->colorspace = colorspace;
   s->client_present = client_present;
   s->drawable.swap_hook = window_swap_hook;
   s->drawable.swap_user = s;
   egl_object_link(d, &s->base, EGL_OBJ_SURFACE);
   if (!surface_alloc(d, s, w, h)) {
      egl_surface_destroy(d, s);
      EGLF_RETURN(d, egl_display_lost(d) ? EGL_CONTEXT_LOST : EGL_BAD_ALLOC, EGL_NO_SURFACE);
   }
   if (!window_attach(d, s)) {
      egl_surface_destroy(d, s);
      EGLF_RETURN(d, egl_display_lost(d) ? EGL_CONTEXT_LOST : EGL_BAD_NATIVE_WINDOW, EGL_NO_SURFACE);
   }
   EGLF_RETURN(d, EGL_SUCCESS, (EGLSurface)s);
}

EGLSurface
eglf_CreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint *attrib_list)
{
   return create_window_surface(dpy, config, (uint32_t)win, attrib_list, false);
}

/* EGL_KHR_platform_x11: "<native_window> must be a pointer to a Window". */
static uint32_t
platform_window_xid(const void *native_window)
{
   return native_window ? (uint32_t) * (const unsigned long *)native_window : 0;
}

EGLSurface
eglf_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *native_window, const EGLAttrib *attrib_list)
{
   return create_window_surface(dpy, config, platform_window_xid(native_window), attrib_list, true);
}

EGLSurface
eglf_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *native_window, const EGLint *attrib_list)
{
   return create_window_surface(dpy, config, platform_window_xid(native_window), attrib_list, false);
}

/* Pixmap surfaces are not implemented: no config has EGL_PIXMAP_BIT. EGL 1.5, section 3.5.4:
 * "If config does not support rendering to pixmaps (the EGL_SURFACE_TYPE attribute does not
 * contain EGL_PIXMAP_BIT), an EGL_BAD_MATCH error is generated." On the surfaceless platform
 * (EGL_MESA_platform_surfaceless) it is EGL_BAD_NATIVE_PIXMAP. */
static EGLSurface
no_pixmap_surface(EGLDisplay dpy, EGLConfig config)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SURFACE;
   if (!egl_config_lookup(config))
      EGLF_RETURN(d, EGL_BAD_CONFIG, EGL_NO_SURFACE);
   sgl_warn("eglCreatePixmapSurface: pixmap surfaces are not implemented (no config has EGL_PIXMAP_BIT)");
   EGLF_RETURN(d, d->platform == EGL_PLATFORM_X11_KHR ? EGL_BAD_MATCH : EGL_BAD_NATIVE_PIXMAP, EGL_NO_SURFACE);
}

EGLSurface
eglf_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint *attrib_list)
{
   return no_pixmap_surface(dpy, config);
}

EGLSurface
eglf_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLAttrib *attrib_list)
{
   return no_pixmap_surface(dpy, config);
}

EGLSurface
eglf_CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLint *attrib_list)
{
   return no_pixmap_surface(dpy, config);
}

/* EGL_KHR_swap_buffers_with_damage / EGL_EXT_swap_buffers_with_damage: "If <n_rects> is less
 * than zero or <n_rects> is greater than zero but <rects> is NULL, EGL_BAD_PARAMETER is
 * generated." The rectangles are a hint ("the implementation may ... post only the damaged
 * region"); the whole surface is presented. */
static EGLBoolean
swap_with_damage(EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects)
{
   struct egl_surface *s = egl_surface_lock(dpy, surface);
   if (!s)
      return EGL_FALSE;
   if (n_rects < 0 || (n_rects > 0 && !rects))
      EGLF_RETURN(s->base.dpy, EGL_BAD_PARAMETER, EGL_FALSE);
   egl_display_unlock(s->base.dpy);
   return eglf_SwapBuffers(dpy, surface);
}

EGLBoolean
eglf_SwapBuffersWithDamageEXT(EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects)
{
   return swap_with_damage(dpy, surface, rects, n_rects);
}

EGLBoolean
eglf_SwapBuffersWithDamageKHR(EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects)
{
   return swap_with_damage(dpy, surface, rects, n_rects);
}

EGLSurface
eglf_CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer, EGLConfig config,
                                   const EGLint *attrib_list)
{
   /* EGL 1.5, section 3.5.3: "If buftype is not a recognized client API resource type [...],
    * an EGL_BAD_PARAMETER error is generated." OpenVG is not supported, so none is. */
   egl_display_fail(dpy, EGL_BAD_PARAMETER);
   return EGL_NO_SURFACE;
}

EGLBoolean
eglf_DestroySurface(EGLDisplay dpy, EGLSurface surface)
{
   struct egl_surface *s = egl_surface_lock(dpy, surface);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   /* EGL 1.5, section 3.5.5: "If the EGLSurface is current to any thread, deletion is
    * deferred until it is no longer current." */
   if (s->bound) {
      s->base.marked = true;
      glf_flush(s->bound->glf);
   } else {
      egl_surface_destroy(d, s);
   }
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_QuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint *value)
{
   struct egl_surface *s = egl_surface_lock(dpy, surface);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   EGLint v;
   switch (attribute) {
   case EGL_CONFIG_ID: v = s->config->id; break;
   case EGL_WIDTH: v = s->width; break;
   case EGL_HEIGHT: v = s->height; break;
   case EGL_LARGEST_PBUFFER: v = s->largest; break;
   case EGL_TEXTURE_FORMAT:
   case EGL_TEXTURE_TARGET: v = EGL_NO_TEXTURE; break;
   case EGL_MIPMAP_TEXTURE: v = EGL_FALSE; break;
   case EGL_MIPMAP_LEVEL: v = s->mipmap_level; break;
   case EGL_RENDER_BUFFER: v = EGL_BACK_BUFFER; break; /* "pbuffer surfaces: EGL_BACK_BUFFER" */
   case EGL_SWAP_BEHAVIOR: v = s->swap_behavior; break;
   case EGL_MULTISAMPLE_RESOLVE: v = s->multisample_resolve; break;
   case EGL_HORIZONTAL_RESOLUTION:
   case EGL_VERTICAL_RESOLUTION:
   case EGL_PIXEL_ASPECT_RATIO: v = EGL_UNKNOWN; break;
   case EGL_GL_COLORSPACE: v = s->colorspace; break;
   case EGL_VG_ALPHA_FORMAT: v = EGL_VG_ALPHA_FORMAT_NONPRE; break;
   case EGL_VG_COLORSPACE: v = EGL_VG_COLORSPACE_sRGB; break;
   case EGL_BUFFER_AGE_EXT: {
      /* EGL_EXT_buffer_age: "If <surface> is not the current draw surface for the calling
       * thread, EGL_BAD_SURFACE is generated." Pbuffers are single-buffered: 0. */
      struct egl_context *c = egl_thread()->ctx;
      if (!c || c->draw != s)
         EGLF_RETURN(d, EGL_BAD_SURFACE, EGL_FALSE);
      v = s->buffer_age;
      break;
   }
   default: EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_FALSE);
   }
   EGLF_RETURN_VALUE(d, value, v);
}

EGLBoolean
eglf_SurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value)
{
   struct egl_surface *s = egl_surface_lock(dpy, surface);
   if (!s)
      return EGL_FALSE;
   struct egl_display *d = s->base.dpy;
   EGLint surface_type = 0;
   egl_config_attrib(s->config, EGL_SURFACE_TYPE, &surface_type);
   switch (attribute) {
   case EGL_MIPMAP_LEVEL:
      /* Ignored for surfaces that are not mipmapped textures. */
      s->mipmap_level = value;
      break;
   case EGL_SWAP_BEHAVIOR:
      if (value != EGL_BUFFER_PRESERVED && value != EGL_BUFFER_DESTROYED)
         EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);
      /* "If attribute is EGL_SWAP_BEHAVIOR, value is EGL_BUFFER_PRESERVED, and the
       * EGL_SURFACE_TYPE attribute of the EGLConfig used to create surface does not contain
       * EGL_SWAP_BEHAVIOR_PRESERVED_BIT, an EGL_BAD_MATCH error is generated." */
      if (value == EGL_BUFFER_PRESERVED && !(surface_type & EGL_SWAP_BEHAVIOR_PRESERVED_BIT))
         EGLF_RETURN(d, EGL_BAD_MATCH, EGL_FALSE);
      s->swap_behavior = value;
      break;
   case EGL_MULTISAMPLE_RESOLVE:
      if (value != EGL_MULTISAMPLE_RESOLVE_DEFAULT && value != EGL_MULTISAMPLE_RESOLVE_BOX)
         EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);
      if (value == EGL_MULTISAMPLE_RESOLVE_BOX && !(surface_type & EGL_MULTISAMPLE_RESOLVE_BOX_BIT))
         EGLF_RETURN(d, EGL_BAD_MATCH, EGL_FALSE);
      s->multisample_resolve = value;
      break;
   default:
      EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_FALSE);
   }
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

/* EGL 1.5, section 3.6.1: "If surface [...] EGL_TEXTURE_FORMAT attribute is EGL_NO_TEXTURE,
 * then an EGL_BAD_MATCH error is returned." Every pbuffer here has EGL_NO_TEXTURE. */
static EGLBoolean
tex_image(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   struct egl_surface *s = egl_surface_lock(dpy, surface);
   if (!s)
      return EGL_FALSE;
   EGLF_RETURN(s->base.dpy, buffer != EGL_BACK_BUFFER ? EGL_BAD_PARAMETER : EGL_BAD_MATCH, EGL_FALSE);
}

EGLBoolean
eglf_BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer);
}

EGLBoolean
eglf_ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer);
}

EGLBoolean
eglf_CopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target)
{
   struct egl_surface *s = egl_surface_lock(dpy, surface);
   if (!s)
      return EGL_FALSE;
   /* "If target is not a valid native pixmap handle, an EGL_BAD_NATIVE_PIXMAP error"; there
    * are no native pixmaps on the surfaceless platform. */
   EGLF_RETURN(s->base.dpy, EGL_BAD_NATIVE_PIXMAP, EGL_FALSE);
}

/* EGL 1.5 section 3.9: EGLImages are in egl_image.c. */
