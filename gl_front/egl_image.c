/* splitgl EGL: EGLImages (EGL 1.5 section 3.9, EGL_KHR_image_base, EGL_KHR_gl_renderbuffer_image,
 * EGL_KHR_gl_texture_2D_image) and their GL targets (GL_OES_EGL_image).
 *
 * An image names one level of a server resource (struct glf_image_desc): a renderbuffer's, or
 * a 2D texture's whose level it is. The resource (struct glf_image_storage) is shared by
 * reference by the images made from it and every sibling: the source, target renderbuffers
 * (glEGLImageTargetRenderbufferStorageOES) and target textures (glEGLImageTargetTexture2DOES,
 * whose level 0 is the image's level of the resource). Every context of the display reaches
 * the same server session, so a target in any context of the display sees the same storage:
 * what one context renders into the source, another reads from the target, and the other way
 * round. A sibling respecified or deleted drops its reference and gets storage of its own (a
 * texture copies the levels it keeps, GPU->GPU); the resource goes with the last reference.
 *
 * Cube-map and 3D texture images (EGL_KHR_gl_texture_cubemap_image, _3D_image) are not
 * offered: their targets are EGL_BAD_PARAMETER, with a WARN line.
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
   struct glf_image_desc desc;  /* desc.storage: the image's reference */
   struct egl_image *next_live; /* images_lock: the registry GL targets search */
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

/* Storage for a sibling's resource `res` that has none yet: the sibling's reference and the
 * image's. */
static struct glf_image_storage *
storage_new(struct glf_context *gl, wire_handle res, bool renderbuffer)
{
   struct glf_image_storage *s = calloc(1, sizeof(*s));
   if (s) {
      s->refs = 2;
      s->wire = gl->wire;
      s->res = res;
      s->renderbuffer = renderbuffer;
   }
   return s;
}

/* The storage of renderbuffer `name` of gl's share group as an image source: fills `out` (with
 * a new reference) and returns EGL_SUCCESS, or the EGL error. The renderbuffer becomes a
 * sibling of the image. */
static EGLint
renderbuffer_source(struct glf_context *gl, GLuint name, struct glf_image_desc *out)
{
   glf_shared_lock(gl);
   struct glf_renderbuffer *rb = name ? glf_hash_lookup(&gl->shared->renderbuffers, name) : NULL;
   EGLint err = EGL_BAD_PARAMETER;
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
      err = EGL_BAD_ACCESS;
   } else if ((rb->image = storage_new(gl, rb->res, true))) {
      *out = (struct glf_image_desc){rb->image, 0, rb->w, rb->h, rb->wfmt, rb->ifmt, rb->fmt};
      err = EGL_SUCCESS;
   } else {
      err = EGL_BAD_ALLOC;
   }
   glf_shared_unlock(gl);
   return err;
}

/* Level `level` of 2D texture `name` of gl's share group as an image source (EGL 1.5 section
 * 3.9.1, EGL_KHR_gl_texture_2D_image): fills `out` and returns EGL_SUCCESS, or the EGL error.
 * The level becomes a sibling of the image. */
static EGLint
texture_source(struct glf_context *gl, GLuint name, EGLAttrib level, struct glf_image_desc *out)
{
   glf_shared_lock(gl);
   struct glf_texture *tex = name ? glf_hash_lookup(&gl->shared->textures, name) : NULL;
   EGLint err = EGL_SUCCESS;
   if (!tex || tex == GLF_NAME_RESERVED || tex->target != GL_TEXTURE_2D) {
      /* "If target is EGL_GL_TEXTURE_2D [...] and buffer is not the name of a texture object
       * of type target, the error EGL_BAD_PARAMETER is generated"; "if buffer refers to the
       * default GL texture object (0) for the corresponding GL target", too. */
      sgl_warn("eglCreateImage(EGL_GL_TEXTURE_2D): %u is not a 2D texture (EGL_BAD_PARAMETER)", name);
      err = EGL_BAD_PARAMETER;
   } else if (level < 0 || level >= GLF_MAX_LEVELS || level >= gl->limits.max_levels) {
      /* "If [...] the value specified in attrib_list for EGL_GL_TEXTURE_LEVEL is not a valid
       * mipmap level for the specified GL texture object, the error EGL_BAD_MATCH is generated." */
      sgl_warn("eglCreateImage(EGL_GL_TEXTURE_2D): level %ld is no mipmap level (EGL_BAD_MATCH)", (long)level);
      err = EGL_BAD_MATCH;
   } else {
      /* Completeness as the texture's own filters would see it with mipmapping: every level
       * from the base to q consistent (ES 3.0 section 3.8.13). */
      struct glf_sampler_params sp = tex->sp;
      sp.min_filter = GL_NEAREST_MIPMAP_NEAREST;
      sp.mag_filter = GL_NEAREST;
      sp.wrap_s = sp.wrap_t = sp.wrap_r = GL_CLAMP_TO_EDGE;
      const bool complete = glf_texture_complete(gl, tex, &sp);
      bool others = false;
      for (uint32_t l = 1; l < GLF_MAX_LEVELS; l++)
         others |= tex->img[0][l].defined;
      const struct glf_tex_image *img = &tex->img[0][level];
      if (!complete && (level != 0 || !img->defined || others)) {
         /* "If EGL_GL_TEXTURE_LEVEL is nonzero, [...] and buffer is not the name of a complete
          * GL texture object, the error EGL_BAD_PARAMETER is generated." "If
          * EGL_GL_TEXTURE_LEVEL is 0, [...] buffer is the name of an incomplete GL texture
          * object, and any mipmap levels other than mipmap level 0 are specified" (or "mipmap
          * level 0 is not specified"), the same. */
         sgl_warn("eglCreateImage(EGL_GL_TEXTURE_2D): texture %u is incomplete (level %ld: EGL_BAD_PARAMETER)", name,
                  (long)level);
         err = EGL_BAD_PARAMETER;
      } else if (!img->defined || !tex->created || (uint32_t)level > tex->res_last_level ||
                 img->w != wire_minify(tex->res_w, (uint32_t)level) ||
                 img->h != wire_minify(tex->res_h, (uint32_t)level) || img->wfmt != tex->res_fmt) {
         /* a level outside the complete texture's levels: "not a valid mipmap level" */
         sgl_warn("eglCreateImage(EGL_GL_TEXTURE_2D): level %ld of texture %u is not specified (EGL_BAD_MATCH)",
                  (long)level, name);
         err = EGL_BAD_MATCH;
      } else if ((tex->image_levels >> level) & 1u) {
         /* EGL_KHR_image_base: the level "is itself an EGLImage sibling" */
         sgl_warn("eglCreateImage(EGL_GL_TEXTURE_2D): level %ld of texture %u is already an EGLImage sibling "
                  "(EGL_BAD_ACCESS)", (long)level, name);
         err = EGL_BAD_ACCESS;
      } else if ((img->fmt->flags & GLF_FMT_COMPRESSED) ||
                 !(glf_format_color_renderable(gl, img->fmt) || glf_format_depth_renderable(gl, img->fmt) ||
                   glf_format_stencil_renderable(gl, img->fmt))) {
         /* A sibling that leaves the image keeps a GPU copy of its levels, made by the
          * renderer's blit, which takes renderable formats only. */
         char b1[64];
         sgl_warn("eglCreateImage(EGL_GL_TEXTURE_2D): texture %u has format %s, which splitgl does not share "
                  "(not renderable: EGL_BAD_MATCH)", name, glf_enum_str(img->ifmt, b1));
         err = EGL_BAD_MATCH;
      } else {
         struct glf_image_storage *s = tex->image;
         if (s)
            storage_ref(s); /* another level of the same storage */
         else if (!(s = tex->image = storage_new(gl, tex->res, false)))
            err = EGL_BAD_ALLOC;
         if (s) {
            tex->image_levels |= 1u << level;
            *out = (struct glf_image_desc){s, (uint32_t)level + tex->res_base, img->w, img->h, img->wfmt, img->ifmt,
                                           img->fmt};
         }
      }
   }
   glf_shared_unlock(gl);
   return err;
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
   if (target != EGL_GL_RENDERBUFFER && target != EGL_GL_TEXTURE_2D) {
      /* EGL 1.5, section 3.9.1: "If target is not one of the values in table 3.10, an
       * EGL_BAD_PARAMETER error is generated"; splitgl offers renderbuffer and 2D texture
       * images (no cube-map faces, no 3D slices). */
      sgl_warn("eglCreateImage: target 0x%04x is not offered (EGL_GL_RENDERBUFFER and EGL_GL_TEXTURE_2D are)", target);
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_NO_IMAGE);
   }
   /* "If target is EGL_GL_TEXTURE_2D, [...] EGL_GL_RENDERBUFFER, [...] and ctx is not a valid
    * EGLContext, an EGL_BAD_CONTEXT error is generated." */
   struct egl_context *c = egl_context_lookup(d, ctx);
   if (!c)
      EGLF_RETURN(d, EGL_BAD_CONTEXT, EGL_NO_IMAGE);
   EGLAttrib level = 0;
   for (const EGLAttrib *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      /* table 3.11: EGL_IMAGE_PRESERVED (contents are always preserved: the image names the
       * sibling's storage), EGL_GL_TEXTURE_LEVEL (texture targets), EGL_GL_TEXTURE_ZOFFSET (3D
       * textures: ignored for the others). "If an attribute specified in attrib_list is not
       * one of the attributes shown in table 3.11, an EGL_BAD_PARAMETER error is generated." */
      if (a[0] == EGL_IMAGE_PRESERVED && (a[1] == EGL_TRUE || a[1] == EGL_FALSE))
         continue;
      if (a[0] == EGL_GL_TEXTURE_LEVEL) {
         level = a[1];
         continue;
      }
      if (a[0] == EGL_GL_TEXTURE_ZOFFSET)
         continue;
      sgl_warn("eglCreateImage: attribute 0x%04x = %ld is not one of table 3.11 (EGL_BAD_PARAMETER)", (int)a[0],
               (long)a[1]);
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_NO_IMAGE);
   }
   struct egl_image *img = calloc(1, sizeof(*img));
   if (!img)
      EGLF_RETURN(d, EGL_BAD_ALLOC, EGL_NO_IMAGE);
   GLuint name = (GLuint)(uintptr_t)buffer;
   EGLint err = target == EGL_GL_RENDERBUFFER ? renderbuffer_source(c->glf, name, &img->desc)
                                              : texture_source(c->glf, name, level, &img->desc);
   if (err != EGL_SUCCESS) {
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
   glf_image_storage_unref(img->desc.storage);
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

/* What a live image is, with a new reference to its storage; false if `image` is none. */
static bool
image_desc(GLeglImageOES image, struct glf_image_desc *out)
{
   bool found = false;
   pthread_mutex_lock(&images_lock);
   for (struct egl_image *i = live_images; i && !found; i = i->next_live) {
      if ((void *)i == (void *)image) {
         *out = i->desc;
         storage_ref(out->storage);
         found = true;
      }
   }
   pthread_mutex_unlock(&images_lock);
   return found;
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
   struct glf_image_desc im;
   if (!image_desc(image, &im)) {
      glf_error(ctx, GL_INVALID_VALUE, "glEGLImageTargetRenderbufferStorageOES(image=%p: not an EGLImage)", image);
      return;
   }
   struct glf_renderbuffer *rb = ctx->renderbuffer;
   if (!rb || im.storage->wire != ctx->wire) {
      /* No renderbuffer to specify, or an image of another display (another server session,
       * where its resource does not exist): "If the GL is unable to specify a renderbuffer
       * using the supplied eglImageOES, the error INVALID_OPERATION is generated." */
      if (rb)
         sgl_warn("glEGLImageTargetRenderbufferStorageOES: the image belongs to another EGL display (INVALID_OPERATION)");
      glf_image_storage_unref(im.storage);
      glf_error(ctx, GL_INVALID_OPERATION, "glEGLImageTargetRenderbufferStorageOES(%s)",
                rb ? "image of another display" : "no renderbuffer bound");
      return;
   }
   /* The renderbuffer's old storage goes (or leaves its own image); it takes the image's. */
   if (rb->image)
      glf_image_storage_unref(rb->image);
   else if (rb->created)
      glf_emit_destroy(ctx, WIRE_KIND_RESOURCE, rb->res);
   rb->image = im.storage;
   rb->res = im.storage->res;
   rb->res_level = im.level;
   rb->created = true;
   rb->w = im.w;
   rb->h = im.h;
   rb->samples = 0;
   rb->ifmt = im.ifmt;
   rb->wfmt = im.wfmt;
   rb->fmt = im.fmt;
   glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_EGLImageTargetTexture2DOES(GLenum target, GLeglImageOES image)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* GL_OES_EGL_image: "<target> must be TEXTURE_2D" (external images are not offered):
    * INVALID_ENUM otherwise. */
   if (target != GL_TEXTURE_2D) {
      glf_error(ctx, GL_INVALID_ENUM, "glEGLImageTargetTexture2DOES(target=0x%x)", target);
      return;
   }
   struct glf_image_desc im;
   if (!image_desc(image, &im)) {
      glf_error(ctx, GL_INVALID_VALUE, "glEGLImageTargetTexture2DOES(image=%p: not an EGLImage)", image);
      return;
   }
   struct glf_texture *tex = glf_unit_texture(ctx, ctx->active_unit, GLF_TEX_2D);
   /* "If the GL is unable to specify a texture object using the supplied eglImageOES [...],
    * the error INVALID_OPERATION is generated": an image of another display (another server
    * session), or an immutable texture (its levels cannot be respecified, ES 3.0 section
    * 3.8.4). */
   const char *why = im.storage->wire != ctx->wire ? "image of another display"
                     : !tex                        ? "no texture (out of memory)"
                     : tex->immutable              ? "the texture is immutable"
                                                   : NULL;
   if (why) {
      sgl_warn("glEGLImageTargetTexture2DOES: %s (INVALID_OPERATION)", why);
      glf_image_storage_unref(im.storage);
      glf_error(ctx, GL_INVALID_OPERATION, "glEGLImageTargetTexture2DOES(%s)", why);
      return;
   }
   /* "This command defines an entire two-dimensional texture array": the old levels go (the
    * texture leaves an image it was a sibling of), level 0 is the image's storage. */
   if (tex->image)
      glf_texture_orphan(ctx, tex, -1, false);
   else if (tex->created)
      glf_emit_destroy(ctx, WIRE_KIND_RESOURCE, tex->res);
   memset(tex->img, 0, sizeof(tex->img));
   tex->img[0][0] = (struct glf_tex_image){im.w, im.h, 1, im.ifmt, im.wfmt, im.fmt, true};
   tex->image = im.storage;
   tex->image_levels = 1u;
   tex->res = im.storage->res;
   tex->res_base = im.level;
   tex->created = true;
   tex->res_w = im.w;
   tex->res_h = im.h;
   tex->res_d = 1;
   tex->res_layers = 1;
   tex->res_last_level = 0;
   tex->res_fmt = im.wfmt;
   tex->samples = 0;
   glf_dirty(ctx, GLF_DIRTY_TEXTURES | GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
   glf_shared_touch(ctx);
}
