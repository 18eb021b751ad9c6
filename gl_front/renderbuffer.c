/* splitgl gl_front: renderbuffer objects. */
#include <stdlib.h>

#include "glf_context.h"

/* STENCIL_INDEX8: stencil-renderable only, stored as D24S8 with its depth unused. */
static const struct glf_format stencil_index8 = {
   GL_STENCIL_INDEX8, GL_STENCIL_INDEX, WIRE_FMT_D24_UNORM_S8_UINT, {0, 0, 0, 0, 0, 8}, GL_UNSIGNED_INT,
   GLF_FMT_ES3 | GLF_FMT_GL | GLF_FMT_STENCIL_RENDER, 0, 0, 0,
};

/* From the OpenGL ES 3.0 spec, section 4.4.2.1: internalformat "must be a sized internal
 * format that is color-renderable, depth-renderable, or stencil-renderable" (ES 2.0 table 4.5:
 * RGBA4, RGB5_A1, RGB565, DEPTH_COMPONENT16, STENCIL_INDEX8, plus OES_rgb8_rgba8 and
 * OES_packed_depth_stencil's RGB8, RGBA8, DEPTH24_STENCIL8). OpenGL 3.3 also takes the unsized
 * RED / RG / RGB / RGBA / DEPTH_COMPONENT / DEPTH_STENCIL. NULL if none of those. */
const struct glf_format *glf_renderbuffer_format(struct glf_context *ctx, GLenum ifmt);
const struct glf_format *
glf_renderbuffer_format(struct glf_context *ctx, GLenum ifmt)
{
   const struct glf_format *f;
   if (ifmt == GL_STENCIL_INDEX8) {
      f = &stencil_index8;
   } else if (GLF_ES(ctx) && (ifmt == GL_BGRA_EXT || ifmt == GL_BGRA8_EXT)) {
      /* EXT_texture_format_BGRA8888 (its 2019 revision: "BGRA8_EXT is color-renderable"), as
       * dEQP and Mesa take it for renderbuffers too */
      f = glf_format_by_ifmt(GL_BGRA8_EXT);
   } else if (GLF_ES(ctx) && ctx->major < 3) {
      static const GLenum es2[] = {GL_RGBA4, GL_RGB5_A1, GL_RGB565, GL_DEPTH_COMPONENT16, GL_RGB8, GL_RGBA8,
                                   GL_DEPTH24_STENCIL8};
      f = NULL;
      for (unsigned i = 0; i < GLF_ARRAY_SIZE(es2); i++)
         if (es2[i] == ifmt)
            f = glf_format_by_ifmt(ifmt);
   } else {
      f = glf_sized_format(ctx, ifmt);
   }
   if (!f || !(glf_format_color_renderable(ctx, f) || glf_format_depth_renderable(ctx, f) ||
               glf_format_stencil_renderable(ctx, f)))
      return NULL;
   return f;
}

void GLAPIENTRY
glf_GenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGenRenderbuffers(n < 0)");
      return;
   }
   glf_gen_names(ctx, &ctx->shared->renderbuffers, n, renderbuffers);
}

void GLAPIENTRY
glf_BindRenderbuffer(GLenum target, GLuint renderbuffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (target != GL_RENDERBUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "glBindRenderbuffer(target=0x%x)", target);
      return;
   }
   struct glf_renderbuffer *rb = NULL;
   if (renderbuffer) {
      glf_shared_lock(ctx);
      rb = glf_hash_lookup(&ctx->shared->renderbuffers, renderbuffer);
      if (!rb && GLF_CORE(ctx)) {
         glf_shared_unlock(ctx);
         glf_error(ctx, GL_INVALID_OPERATION, "glBindRenderbuffer(%u not generated)", renderbuffer);
         return;
      }
      if (!rb || rb == GLF_NAME_RESERVED) {
         rb = calloc(1, sizeof(*rb));
         if (!rb || !glf_hash_insert(&ctx->shared->renderbuffers, renderbuffer, rb)) {
            glf_shared_unlock(ctx);
            free(rb);
            glf_error(ctx, GL_OUT_OF_MEMORY, "glBindRenderbuffer");
            return;
         }
         rb->name = renderbuffer;
         rb->refcount = 1; /* the name */
         rb->ifmt = GL_RGBA4;
      }
      rb->bound_once = true;
      glf_ref_inc(&rb->refcount); /* the binding's, taken with the lookup */
      glf_shared_unlock(ctx);
   }
   if (ctx->renderbuffer == rb)
      glf_renderbuffer_unref(ctx, rb);
   else
      glf_renderbuffer_move(ctx, &ctx->renderbuffer, rb);
}

static void
detach_rb(struct glf_context *ctx, struct glf_framebuffer *fb, struct glf_renderbuffer *rb)
{
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++) {
      if (fb->att[i].rb == rb) {
         glf_renderbuffer_ref(ctx, &fb->att[i].rb, NULL);
         fb->att[i].type = GL_NONE;
         glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
      }
   }
}

void GLAPIENTRY
glf_DeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDeleteRenderbuffers(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!renderbuffers[i])
         continue;
      glf_shared_lock(ctx);
      struct glf_renderbuffer *rb = glf_hash_lookup(&ctx->shared->renderbuffers, renderbuffers[i]);
      glf_hash_remove(&ctx->shared->renderbuffers, renderbuffers[i]);
      glf_shared_unlock(ctx);
      if (!rb || rb == GLF_NAME_RESERVED)
         continue;
      /* From the OpenGL ES 3.0 spec, section 4.4.2.1: a deleted renderbuffer that is bound
       * is unbound, and detached from the currently bound framebuffers. */
      if (ctx->renderbuffer == rb)
         glf_renderbuffer_ref(ctx, &ctx->renderbuffer, NULL);
      if (!ctx->draw_fb->is_default)
         detach_rb(ctx, ctx->draw_fb, rb);
      if (!ctx->read_fb->is_default)
         detach_rb(ctx, ctx->read_fb, rb);
      glf_renderbuffer_unref(ctx, rb); /* the name's reference */
   }
}

GLboolean GLAPIENTRY
glf_IsRenderbuffer(GLuint renderbuffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   glf_shared_lock(ctx);
   struct glf_renderbuffer *rb = glf_hash_lookup(&ctx->shared->renderbuffers, renderbuffer);
   bool is = rb && rb != GLF_NAME_RESERVED && rb->bound_once;
   glf_shared_unlock(ctx);
   return is;
}

static void
rb_storage(GLenum target, GLsizei samples, GLenum ifmt, GLsizei w, GLsizei h, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (target != GL_RENDERBUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   const struct glf_format *fmt = glf_renderbuffer_format(ctx, ifmt);
   /* From the OpenGL ES 3.0 spec, section 4.4.2.1: "An INVALID_ENUM error is generated if
    * internalformat is not one of the color-renderable, depth-renderable, or
    * stencil-renderable formats"; "INVALID_VALUE if width or height is negative or greater
    * than MAX_RENDERBUFFER_SIZE"; "INVALID_OPERATION if samples is greater than the
    * maximum number of samples supported for internalformat". */
   if (!fmt) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: internalformat %s is not renderable (INVALID_ENUM)", caller,
                   glf_enum_str(ifmt, b1));
      glf_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", caller, ifmt);
      return;
   }
   const uint32_t wfmt = fmt->wfmt;
   const GLint max_size = ctx->limits.max_renderbuffer_size;
   if (w < 0 || h < 0 || w > max_size || h > max_size || samples < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(%dx%d)", caller, w, h);
      return;
   }
   struct glf_renderbuffer *rb = ctx->renderbuffer;
   if (!rb) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no renderbuffer bound)", caller);
      return;
   }
   /* "If samples is zero, then RENDERBUFFER_SAMPLES is set to zero. Otherwise samples
    * represents a request for a desired minimum number of samples. [...] the resulting value
    * for RENDERBUFFER_SAMPLES is guaranteed to be greater than or equal to samples and no more
    * than the next larger sample count supported by the implementation." The supported counts
    * are the device's for this format (glGetInternalformativ's SAMPLES list). */
   if (GLF_CORE(ctx) && samples > ctx->limits.max_samples && !wire_format_is_integer(wfmt)) {
      /* OpenGL 3.3 core, section 4.4.2.1: "if samples is greater than the value of
       * MAX_SAMPLES, then the error INVALID_VALUE is generated". */
      glf_error(ctx, GL_INVALID_VALUE, "%s(samples=%d > MAX_SAMPLES)", caller, samples);
      return;
   }
   if (samples > 0) {
      GLint counts[4];
      int n = glf_format_sample_counts(ctx, fmt, counts);
      if (!n || samples > counts[0]) {
         glf_error(ctx, GL_INVALID_OPERATION, "%s(samples=%d: at most %d for this format)", caller, samples,
                   n ? counts[0] : 0);
         return;
      }
      GLint pick = counts[0];
      for (int i = 0; i < n; i++)
         if (counts[i] >= samples)
            pick = counts[i];
      samples = pick;
   }
   if (rb->image) {
      /* An EGLImage sibling respecified: it leaves the image, whose storage the other
       * siblings keep (EGL_KHR_image_base, GL_OES_EGL_image), and gets storage of its own. */
      glf_image_storage_unref(rb->image);
      rb->image = NULL;
      rb->res_level = 0;
      rb->created = false;
   }
   rb->ifmt = ifmt;
   rb->w = (uint32_t)w;
   rb->h = (uint32_t)h;
   rb->samples = (uint32_t)samples;
   rb->wfmt = wfmt;
   rb->fmt = fmt;
   if (!w || !h)
      return;
   uint32_t op = rb->created ? WIRE_OP_ResourceRespecify : WIRE_OP_ResourceCreate;
   if (!rb->created) {
      rb->res = wire_handle_mint(ctx->wire, WIRE_KIND_RESOURCE);
      rb->created = true;
   }
   struct wire_resource_create *p = glf_begin(ctx, op, 0);
   if (p) {
      p->res = rb->res;
      p->target = WIRE_TARGET_RENDERBUFFER;
      p->format = wfmt;
      p->width = (uint32_t)w;
      p->height = (uint32_t)h;
      p->depth = p->layers = 1;
      p->samples = (uint32_t)samples;
      wire_end(ctx->wire);
   }
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_RenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width, GLsizei height)
{
   rb_storage(target, 0, internalformat, width, height, "glRenderbufferStorage");
}

void GLAPIENTRY
glf_RenderbufferStorageMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                                   GLsizei height)
{
   rb_storage(target, samples, internalformat, width, height, "glRenderbufferStorageMultisample");
}

/* Bits per component of a format: r, g, b, a, depth, stencil (0 without a format). */
void glf_format_bits(const struct glf_format *fmt, GLint bits[6]);
void
glf_format_bits(const struct glf_format *fmt, GLint bits[6])
{
   for (int i = 0; i < 6; i++)
      bits[i] = fmt ? fmt->bits[i] : 0;
}

void GLAPIENTRY
glf_GetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (target != GL_RENDERBUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(target=0x%x)", target);
      return;
   }
   struct glf_renderbuffer *rb = ctx->renderbuffer;
   if (!rb) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetRenderbufferParameteriv(no renderbuffer bound)");
      return;
   }
   GLint bits[6];
   glf_format_bits(rb->fmt, bits);
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH: *params = (GLint)rb->w; break;
   case GL_RENDERBUFFER_HEIGHT: *params = (GLint)rb->h; break;
   case GL_RENDERBUFFER_INTERNAL_FORMAT: *params = (GLint)rb->ifmt; break;
   case GL_RENDERBUFFER_RED_SIZE: *params = bits[0]; break;
   case GL_RENDERBUFFER_GREEN_SIZE: *params = bits[1]; break;
   case GL_RENDERBUFFER_BLUE_SIZE: *params = bits[2]; break;
   case GL_RENDERBUFFER_ALPHA_SIZE: *params = bits[3]; break;
   case GL_RENDERBUFFER_DEPTH_SIZE: *params = bits[4]; break;
   case GL_RENDERBUFFER_STENCIL_SIZE: *params = bits[5]; break;
   case GL_RENDERBUFFER_SAMPLES:
      if (GLF_ES(ctx) && ctx->major < 3)
         goto bad;
      *params = (GLint)rb->samples;
      break;
   default:
      goto bad;
   }
   return;
bad:
   glf_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(pname=0x%x)", pname);
}
