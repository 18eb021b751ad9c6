/* splitgl EGL: surfaces. Only pbuffers exist on the surfaceless platform; each is a color
 * render target of its config's format and, when its config has them, a depth/stencil one,
 * created on the server with ResourceCreate; a multisampled config's are multisampled, with a
 * single-sampled colour image they are resolved into (glf_drawable_resolve). */
#include "gl_front/egl_private.h"

#include <stdlib.h>

#include "util/log.h"

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

void
egl_surface_destroy(struct egl_display *d, struct egl_surface *s)
{
   egl_object_unlink(d, &s->base);
   if (d->wire) {
      destroy_resource(d->wire, &s->drawable.depth_stencil);
      destroy_resource(d->wire, &s->drawable.resolve);
      destroy_resource(d->wire, &s->drawable.color);
   }
   free(s);
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
         /* sRGB default framebuffers are not implemented. */
         if (a[1] != EGL_GL_COLORSPACE_LINEAR)
            EGLF_RETURN(d, EGL_BAD_MATCH, EGL_NO_SURFACE);
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
   s->width = width;
   s->height = height;
   s->largest = largest;
   s->swap_behavior = EGL_BUFFER_PRESERVED;
   s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   s->swap_interval = 1;

   /* A zero-sized pbuffer is legal; its server storage is 1x1 (the GL viewport and the
    * drawable's size stay 0x0). The server zero-fills new render targets, so a pbuffer's
    * first contents are deterministic. */
   uint32_t rw = width ? (uint32_t)width : 1, rh = height ? (uint32_t)height : 1;
   s->drawable.width = (uint32_t)width;
   s->drawable.height = (uint32_t)height;
   /* A multisampled config: colour and depth-stencil with its samples, plus the
    * single-sampled image reads and presentation resolve into (framebuffer.c). */
   const uint32_t samples = (uint32_t)cfg->samples;
   s->drawable.color_format = cfg->color_format;
   s->drawable.samples = samples;
   s->drawable.color = create_render_target(d->wire, cfg->color_format, rw, rh, samples);
   if (samples)
      s->drawable.resolve = create_render_target(d->wire, cfg->color_format, rw, rh, 0);
   s->drawable.ds_format = cfg->ds_format;
   if (cfg->ds_format)
      s->drawable.depth_stencil = create_render_target(d->wire, cfg->ds_format, rw, rh, samples);
   s->drawable.depth_bits = (uint32_t)cfg->depth_size;
   s->drawable.stencil_bits = (uint32_t)cfg->stencil_size;
   egl_object_link(d, &s->base, EGL_OBJ_SURFACE);
   if (!s->drawable.color.gen || (s->drawable.ds_format && !s->drawable.depth_stencil.gen) ||
       (samples && !s->drawable.resolve.gen)) {
      egl_surface_destroy(d, s);
      EGLF_RETURN(d, egl_display_lost(d) ? EGL_CONTEXT_LOST : EGL_BAD_ALLOC, EGL_NO_SURFACE);
   }
   EGLF_RETURN(d, EGL_SUCCESS, (EGLSurface)s);
}

/* From EGL_MESA_platform_surfaceless: "eglCreatePlatformWindowSurface fails when called with
 * a <display> that belongs to the surfaceless platform. It returns EGL_NO_SURFACE and
 * generates EGL_BAD_NATIVE_WINDOW. The justification for this unconventional behavior is
 * that it is not possible to create a native window." Likewise for pixmaps. No config has
 * EGL_WINDOW_BIT or EGL_PIXMAP_BIT, so the config is checked first. */
static EGLSurface
no_native_surface(EGLDisplay dpy, EGLConfig config, EGLint err)
{
   egl_display_fail(dpy, egl_config_lookup(config) ? err : EGL_BAD_CONFIG);
   return EGL_NO_SURFACE;
}

EGLSurface
eglf_CreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint *attrib_list)
{
   return no_native_surface(dpy, config, EGL_BAD_NATIVE_WINDOW);
}

EGLSurface
eglf_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *native_window, const EGLAttrib *attrib_list)
{
   return no_native_surface(dpy, config, EGL_BAD_NATIVE_WINDOW);
}

EGLSurface
eglf_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint *attrib_list)
{
   return no_native_surface(dpy, config, EGL_BAD_NATIVE_PIXMAP);
}

EGLSurface
eglf_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLAttrib *attrib_list)
{
   return no_native_surface(dpy, config, EGL_BAD_NATIVE_PIXMAP);
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
   case EGL_GL_COLORSPACE: v = EGL_GL_COLORSPACE_LINEAR; break;
   case EGL_VG_ALPHA_FORMAT: v = EGL_VG_ALPHA_FORMAT_NONPRE; break;
   case EGL_VG_COLORSPACE: v = EGL_VG_COLORSPACE_sRGB; break;
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
