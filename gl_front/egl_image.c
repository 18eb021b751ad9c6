/* splitgl EGL: EGLImages (EGL 1.5 section 3.9, EGL_KHR_image_base,
 * EGL_KHR_gl_renderbuffer_image) and their GL targets (GL_OES_EGL_image).
 *
 * An image names the server resource of a renderbuffer (struct glf_image_storage, shared by
 * reference). Every context of the display reaches the same server session, so a renderbuffer
 * of any context on the display can become the image's target
 * (glEGLImageTargetRenderbufferStorageOES) and sees the same storage: what one context renders
 * into the source, another reads from the target. A sibling respecified or deleted drops its
 * reference and the others keep the storage; the resource goes with the last reference.
 *
 * Images of textures (EGL_KHR_gl_texture_2D_image and the others) are not offered: targets of
 * extensions not listed are EGL_BAD_PARAMETER, and glEGLImageTargetTexture2DOES is
 * GL_INVALID_OPERATION ("the GL is unable to specify a texture object using the supplied
 * eglImageOES"), each with a WARN line.
 *
 * Locks: the GL target calls run under the share-group lock (level 2), below the display's, so
 * they find an image through `images_lock` (a leaf) and the image registry, never through the
 * display's lists.
 */
#include "gl_front/egl_private.h"
#include "gl_front/glf_context.h"

#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "wire/client.h"

struct egl_image {
   struct egl_object base;
   struct glf_image_storage *storage; /* the image's reference */
   struct egl_image *next_live;       /* images_lock: the registry GL targets search */
};

static struct egl_image *live_images;
static pthread_mutex_t images_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- storage -------------------------------------------------------------------------- */

void
glf_image_storage_unref(struct glf_image_storage *s)
{
   if (!s || __atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL))
      return;
   /* Resources belong to the session, not to a context: a record of no context. */
   struct wire_destroy *d = wire_begin(s->wire, WIRE_OP_Destroy, 0);
   if (d) {
      d->kind = WIRE_KIND_RESOURCE;
      d->h = s->res;
      wire_end(s->wire);
   }
   wire_handle_release(s->wire, WIRE_KIND_RESOURCE, s->res);
   free(s);
}

static void
storage_ref(struct glf_image_storage *s)
{
   __atomic_add_fetch(&s->refs, 1, __ATOMIC_ACQ_REL);
}

/* The storage of renderbuffer `name` of gl's share group as an image source: a new reference,
 * or NULL with the EGL error. The renderbuffer becomes a sibling of the image. */
static struct glf_image_storage *
renderbuffer_source(struct glf_context *gl, GLuint name, EGLint *err)
{
   glf_shared_lock(gl);
   struct glf_renderbuffer *rb = name ? glf_hash_lookup(&gl->shared->renderbuffers, name) : NULL;
   struct glf_image_storage *s = NULL;
   *err = EGL_BAD_PARAMETER;
   if (!rb || rb == GLF_NAME_RESERVED || !rb->created || !rb->w || !rb->h) {
      /* EGL_KHR_gl_renderbuffer_image: "If <target> is EGL_GL_RENDERBUFFER_KHR and <buffer> is
       * not the name of a renderbuffer object, [...] the error EGL_BAD_PARAMETER is generated";
       * one without storage has nothing to name. */
      sgl_warn("eglCreateImage(EGL_GL_RENDERBUFFER_KHR): %u is not a renderbuffer with storage (EGL_BAD_PARAMETER)",
               name);
   } else if (rb->samples) {
      /* "... or if <buffer> is the name of a multisampled renderbuffer object" */
      sgl_warn("eglCreateImage(EGL_GL_RENDERBUFFER_KHR): renderbuffer %u is multisampled (EGL_BAD_PARAMETER)", name);
   } else if (rb->image) {
      /* EGL_KHR_image_base: "If the resource specified by <dpy>, <ctx>, <target>, <buffer> and
       * <attrib_list> is itself an EGLImage sibling, the error EGL_BAD_ACCESS is generated." */
      sgl_warn("eglCreateImage(EGL_GL_RENDERBUFFER_KHR): renderbuffer %u is already an EGLImage sibling (EGL_BAD_ACCESS)",
               name);
      *err = EGL_BAD_ACCESS;
   } else if ((s = calloc(1, sizeof(*s)))) {
      s->refs = 2; /* the renderbuffer's and the image's */
      s->wire = gl->wire;
      s->res = rb->res;
      s->w = rb->w;
      s->h = rb->h;
      s->wfmt = rb->wfmt;
      s->ifmt = rb->ifmt;
      s->fmt = rb->fmt;
      rb->image = s;
      *err = EGL_SUCCESS;
   } else {
      *err = EGL_BAD_ALLOC;
   }
   glf_shared_unlock(gl);
   return s;
}

/* ---- EGL ------------------------------------------------------------------------------ */

EGLImage
eglf_CreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLAttrib *attrib_list)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_IMAGE;
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_NO_IMAGE);
   if (target != EGL_GL_RENDERBUFFER) {
      /* EGL 1.5, section 3.9.1: "If target is not one of the values in table 3.10, an
       * EGL_BAD_PARAMETER error is generated"; splitgl offers renderbuffer images only. */
      sgl_warn("eglCreateImage: target 0x%04x is not offered (renderbuffers are: EGL_GL_RENDERBUFFER)", target);
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_NO_IMAGE);
   }
   /* "If target is EGL_GL_TEXTURE_2D, [...] EGL_GL_RENDERBUFFER, [...] and ctx is not a valid
    * EGLContext, an EGL_BAD_CONTEXT error is generated." */
   struct egl_context *c = egl_context_lookup(d, ctx);
   if (!c)
      EGLF_RETURN(d, EGL_BAD_CONTEXT, EGL_NO_IMAGE);
   for (const EGLAttrib *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      /* table 3.11: EGL_IMAGE_PRESERVED (contents are always preserved: the image names the
       * renderbuffer's storage); EGL_GL_TEXTURE_LEVEL / _ZOFFSET belong to texture targets.
       * "If an attribute specified in attrib_list is not one of the attributes shown in table
       * 3.11, an EGL_BAD_PARAMETER error is generated." */
      if (a[0] == EGL_IMAGE_PRESERVED && (a[1] == EGL_TRUE || a[1] == EGL_FALSE))
         continue;
      sgl_warn("eglCreateImage: attribute 0x%04x = %ld is not one a renderbuffer image takes (EGL_BAD_PARAMETER)",
               (int)a[0], (long)a[1]);
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_NO_IMAGE);
   }
   struct egl_image *img = calloc(1, sizeof(*img));
   if (!img)
      EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_IMAGE);
   EGLint err;
   img->storage = renderbuffer_source(c->glf, (GLuint)(uintptr_t)buffer, &err);
   if (!img->storage) {
      free(img);
      EGLF_RETURN(d, err, EGL_NO_IMAGE);
   }
   egl_object_link(d, &img->base, EGL_OBJ_IMAGE);
   pthread_mutex_lock(&images_lock);
   img->next_live = live_images;
   live_images = img;
   pthread_mutex_unlock(&images_lock);
   EGLF_RETURN(d, EGL_SUCCESS, (EGLImage)img);
}

EGLImageKHR
eglf_CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLint *attrib_list)
{
   /* EGL_KHR_image_base takes EGLint attributes; the same pairs as EGLAttrib. */
   EGLAttrib a[64];
   unsigned n = 0;
   for (; attrib_list && attrib_list[n] != EGL_NONE; n += 2) {
      if (n + 2 >= sizeof(a) / sizeof(a[0])) {
         if (egl_display_fail(dpy, EGL_BAD_PARAMETER))
            sgl_warn("eglCreateImageKHR: more attributes than any image takes (EGL_BAD_PARAMETER)");
         return EGL_NO_IMAGE_KHR;
      }
      a[n] = attrib_list[n];
      a[n + 1] = attrib_list[n + 1];
   }
   a[n] = EGL_NONE;
   return eglf_CreateImage(dpy, ctx, target, buffer, a);
}

void
egl_image_destroy(struct egl_display *d, struct egl_image *img)
{
   pthread_mutex_lock(&images_lock);
   for (struct egl_image **p = &live_images; *p; p = &(*p)->next_live) {
      if (*p == img) {
         *p = img->next_live;
         break;
      }
   }
   pthread_mutex_unlock(&images_lock);
   egl_object_unlink(d, &img->base);
   glf_image_storage_unref(img->storage);
   free(img);
}

EGLBoolean
eglf_DestroyImage(EGLDisplay dpy, EGLImage image)
{
   /* "If image is not a valid EGLImage created with respect to dpy, an EGL_BAD_PARAMETER
    * error is generated." */
   struct egl_image *img = (struct egl_image *)egl_object_lock(dpy, EGL_OBJ_IMAGE, image, EGL_BAD_PARAMETER);
   if (!img)
      return EGL_FALSE;
   struct egl_display *d = img->base.dpy;
   egl_image_destroy(d, img);
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_DestroyImageKHR(EGLDisplay dpy, EGLImageKHR image)
{
   return eglf_DestroyImage(dpy, image);
}

/* ---- GL targets (GL_OES_EGL_image) ---------------------------------------------------- */

/* The storage of a live image, with a new reference; NULL if `image` is none. */
static struct glf_image_storage *
image_storage(GLeglImageOES image)
{
   struct glf_image_storage *s = NULL;
   pthread_mutex_lock(&images_lock);
   for (struct egl_image *i = live_images; i && !s; i = i->next_live) {
      if ((void *)i == (void *)image) {
         s = i->storage;
         storage_ref(s);
      }
   }
   pthread_mutex_unlock(&images_lock);
   return s;
}

void GLAPIENTRY
glf_EGLImageTargetRenderbufferStorageOES(GLenum target, GLeglImageOES image)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (target != GL_RENDERBUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "glEGLImageTargetRenderbufferStorageOES(target=0x%x)", target);
      return;
   }
   /* GL_OES_EGL_image: "If <image> does not refer to a valid eglImageOES object, the error
    * INVALID_VALUE is generated." */
   struct glf_image_storage *s = image_storage(image);
   if (!s) {
      glf_error(ctx, GL_INVALID_VALUE, "glEGLImageTargetRenderbufferStorageOES(image=%p: not an EGLImage)", image);
      return;
   }
   struct glf_renderbuffer *rb = ctx->renderbuffer;
   if (!rb || s->wire != ctx->wire) {
      /* No renderbuffer to specify, or an image of another display (another server session,
       * where its resource does not exist): "If the GL is unable to specify a renderbuffer
       * using the supplied eglImageOES, the error INVALID_OPERATION is generated." */
      if (rb)
         sgl_warn("glEGLImageTargetRenderbufferStorageOES: the image belongs to another EGL display (INVALID_OPERATION)");
      glf_image_storage_unref(s);
      glf_error(ctx, GL_INVALID_OPERATION, "glEGLImageTargetRenderbufferStorageOES(%s)",
                rb ? "image of another display" : "no renderbuffer bound");
      return;
   }
   /* The renderbuffer's old storage goes (or leaves its own image); it takes the image's. */
   if (rb->image)
      glf_image_storage_unref(rb->image);
   else if (rb->created)
      glf_emit_destroy(ctx, WIRE_KIND_RESOURCE, rb->res);
   rb->image = s;
   rb->res = s->res;
   rb->created = true;
   rb->w = s->w;
   rb->h = s->h;
   rb->samples = 0;
   rb->ifmt = s->ifmt;
   rb->wfmt = s->wfmt;
   rb->fmt = s->fmt;
   glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_EGLImageTargetTexture2DOES(GLenum target, GLeglImageOES image)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (target != GL_TEXTURE_2D) {
      glf_error(ctx, GL_INVALID_ENUM, "glEGLImageTargetTexture2DOES(target=0x%x)", target);
      return;
   }
   struct glf_image_storage *s = image_storage(image);
   if (!s) {
      glf_error(ctx, GL_INVALID_VALUE, "glEGLImageTargetTexture2DOES(image=%p: not an EGLImage)", image);
      return;
   }
   glf_image_storage_unref(s);
   /* GL_OES_EGL_image: "If the GL is unable to specify a texture object using the supplied
    * eglImageOES [...], the error INVALID_OPERATION is generated." */
   sgl_log_once(SGL_LOG_WARN, "glEGLImageTargetTexture2DOES: splitgl's EGLImages are renderbuffers and a texture "
                              "cannot take one yet (INVALID_OPERATION); use glEGLImageTargetRenderbufferStorageOES");
   glf_error(ctx, GL_INVALID_OPERATION, "glEGLImageTargetTexture2DOES(texture targets are not implemented)");
}
