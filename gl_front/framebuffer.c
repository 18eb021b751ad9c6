/* splitgl gl_front: framebuffer objects, completeness, draw / read buffers. */
#include <stdlib.h>

#include "glf_context.h"
#include "wire/handles.h"

void glf_format_bits(const struct glf_format *fmt, GLint bits[6]);

struct glf_framebuffer *
glf_lookup_framebuffer(struct glf_context *ctx, GLuint name)
{
   void *v = glf_hash_lookup(&ctx->framebuffers, name);
   return v == GLF_NAME_RESERVED ? NULL : v;
}

static void
att_clear(struct glf_context *ctx, struct glf_attachment *a)
{
   glf_texture_ref(ctx, &a->tex, NULL);
   glf_renderbuffer_ref(ctx, &a->rb, NULL);
   memset(a, 0, sizeof(*a));
}

void
glf_framebuffer_free(struct glf_context *ctx, struct glf_framebuffer *fb)
{
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++)
      att_clear(ctx, &fb->att[i]);
   free(fb->label);
   free(fb);
}

void GLAPIENTRY
glf_GenFramebuffers(GLsizei n, GLuint *framebuffers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGenFramebuffers(n < 0)");
      return;
   }
   GLuint first = glf_hash_find_free_block(&ctx->framebuffers, (GLuint)n);
   for (GLsizei i = 0; i < n; i++) {
      framebuffers[i] = first + (GLuint)i;
      glf_hash_insert(&ctx->framebuffers, framebuffers[i], GLF_NAME_RESERVED);
   }
}

static bool
fb_targets(struct glf_context *ctx, GLenum target, bool *draw, bool *read)
{
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   *draw = target == GL_FRAMEBUFFER || (target == GL_DRAW_FRAMEBUFFER && !es2);
   *read = target == GL_FRAMEBUFFER || (target == GL_READ_FRAMEBUFFER && !es2);
   return *draw || *read;
}

void GLAPIENTRY
glf_BindFramebuffer(GLenum target, GLuint framebuffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   bool draw, read;
   if (!fb_targets(ctx, target, &draw, &read)) {
      glf_error(ctx, GL_INVALID_ENUM, "glBindFramebuffer(target=0x%x)", target);
      return;
   }
   struct glf_framebuffer *fb_draw = &ctx->winsys_draw, *fb_read = &ctx->winsys_read;
   if (framebuffer) {
      void *v = glf_hash_lookup(&ctx->framebuffers, framebuffer);
      if (!v && GLF_CORE(ctx)) {
         glf_error(ctx, GL_INVALID_OPERATION, "glBindFramebuffer(%u not generated)", framebuffer);
         return;
      }
      if (!v || v == GLF_NAME_RESERVED) {
         struct glf_framebuffer *fb = calloc(1, sizeof(*fb));
         fb->name = framebuffer;
         fb->draw_buffers[0] = GL_COLOR_ATTACHMENT0;
         fb->read_buffer = GL_COLOR_ATTACHMENT0;
         glf_hash_insert(&ctx->framebuffers, framebuffer, fb);
         v = fb;
      }
      fb_draw = fb_read = v;
      fb_draw->bound_once = true;
   }
   if (draw && ctx->draw_fb != fb_draw) {
      ctx->draw_fb = fb_draw;
      glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA | GLF_DIRTY_BLEND);
   }
   if (read)
      ctx->read_fb = fb_read;
}

void GLAPIENTRY
glf_DeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDeleteFramebuffers(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      void *v = framebuffers[i] ? glf_hash_lookup(&ctx->framebuffers, framebuffers[i]) : NULL;
      if (!v)
         continue;
      glf_hash_remove(&ctx->framebuffers, framebuffers[i]);
      if (v == GLF_NAME_RESERVED)
         continue;
      /* From the OpenGL ES 3.0 spec, section 4.4.1: "If a framebuffer that is currently
       * bound to one or more of the targets DRAW_FRAMEBUFFER or READ_FRAMEBUFFER is deleted,
       * it is as though BindFramebuffer had been executed with the corresponding target and
       * framebuffer zero." */
      if (ctx->draw_fb == v) {
         ctx->draw_fb = &ctx->winsys_draw;
         glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA | GLF_DIRTY_BLEND);
      }
      if (ctx->read_fb == v)
         ctx->read_fb = &ctx->winsys_read;
      glf_framebuffer_free(ctx, v);
   }
}

GLboolean GLAPIENTRY
glf_IsFramebuffer(GLuint framebuffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   struct glf_framebuffer *fb = glf_lookup_framebuffer(ctx, framebuffer);
   return fb && fb->bound_once;
}

/* ---- attachments --------------------------------------------------------------------------- */
/* Framebuffer bound to target, or NULL with the error raised. */
static struct glf_framebuffer *
target_fb(struct glf_context *ctx, GLenum target, const char *caller)
{
   bool draw, read;
   if (!fb_targets(ctx, target, &draw, &read)) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return NULL;
   }
   return draw ? ctx->draw_fb : ctx->read_fb;
}

/* Attachment indices for an attachment enum (DEPTH_STENCIL gives two); 0 if invalid. */
static unsigned
attachment_index(struct glf_context *ctx, GLenum attachment, unsigned idx[2])
{
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   unsigned max_color = es2 ? 1 : (unsigned)ctx->limits.max_color_attachments;
   if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + max_color) {
      idx[0] = attachment - GL_COLOR_ATTACHMENT0;
      return 1;
   }
   switch (attachment) {
   case GL_DEPTH_ATTACHMENT: idx[0] = GLF_ATT_DEPTH; return 1;
   case GL_STENCIL_ATTACHMENT: idx[0] = GLF_ATT_STENCIL; return 1;
   case GL_DEPTH_STENCIL_ATTACHMENT:
      if (es2)
         return 0;
      idx[0] = GLF_ATT_DEPTH;
      idx[1] = GLF_ATT_STENCIL;
      return 2;
   default: return 0;
   }
}

static struct glf_framebuffer *
attach_prologue(struct glf_context *ctx, GLenum target, GLenum attachment, unsigned idx[2], unsigned *n,
                const char *caller)
{
   struct glf_framebuffer *fb = target_fb(ctx, target, caller);
   if (!fb)
      return NULL;
   /* "An INVALID_OPERATION error is generated if the default framebuffer is bound to
    * target." */
   if (fb->is_default) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(default framebuffer)", caller);
      return NULL;
   }
   *n = attachment_index(ctx, attachment, idx);
   if (!*n) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(attachment=0x%x)", caller, attachment);
      return NULL;
   }
   return fb;
}

/* Attaches level / layer (cube face, array layer or 3D slice) of tex (NULL: detaches) at the
 * attachment slots idx[0..n), and drops the reference the caller's lookup took. */
static void
attach_texture(struct glf_context *ctx, struct glf_framebuffer *fb, const unsigned *idx, unsigned n,
               struct glf_texture *tex, GLint level, GLuint layer, bool layered)
{
   for (unsigned i = 0; i < n; i++) {
      struct glf_attachment *a = &fb->att[idx[i]];
      att_clear(ctx, a);
      if (tex) {
         a->type = GL_TEXTURE;
         glf_texture_ref(ctx, &a->tex, tex);
         a->level = level;
         a->layer = layer;
         a->layered = layered;
      }
   }
   glf_texture_unref(ctx, tex); /* the lookup's */
   if (fb == ctx->draw_fb)
      glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
}

/* The textargets of FramebufferTexture1D (dims 1), 2D (dims 2) and 3D (dims 3): GL 3.3
 * section 4.4.2 ("Attaching Texture Images to a Framebuffer"). 1D and 3D are OpenGL's; ES
 * has FramebufferTexture2D with TEXTURE_2D and the cube faces only. */
static bool
textarget_ok(struct glf_context *ctx, int dims, GLenum textarget, bool *cube_face)
{
   *cube_face = textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
   switch (dims) {
   case 1: return GLF_CORE(ctx) && textarget == GL_TEXTURE_1D;
   case 3: return GLF_CORE(ctx) && textarget == GL_TEXTURE_3D;
   /* GL 3.2+ core (OpenGL 3.3 section 4.4.2.4): also TEXTURE_2D_MULTISAMPLE, level zero */
   default: return textarget == GL_TEXTURE_2D || *cube_face ||
                   (GLF_CORE(ctx) && (textarget == GL_TEXTURE_RECTANGLE || textarget == GL_TEXTURE_2D_MULTISAMPLE));
   }
}

static void
framebuffer_texture(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level, GLint zoffset,
                    int dims, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   unsigned idx[2], n;
   struct glf_framebuffer *fb = attach_prologue(ctx, target, attachment, idx, &n, caller);
   if (!fb)
      return;
   bool cube_face;
   if (!textarget_ok(ctx, dims, textarget, &cube_face)) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: textarget %s refused (INVALID_ENUM)", caller, glf_enum_str(textarget, b1));
      glf_error(ctx, GL_INVALID_ENUM, "%s(textarget=0x%x)", caller, textarget);
      return;
   }
   const bool ms = textarget == GL_TEXTURE_2D_MULTISAMPLE;
   struct glf_texture *tex = NULL;
   if (texture) {
      tex = GLF_LOOKUP_REF(ctx, textures, texture, glf_texture);
      /* "If texture is not zero, then texture must either name an existing texture object
       * with a target of textarget, or texture must name an existing cube map texture and
       * textarget must be one of the cube map face targets"; otherwise INVALID_OPERATION. "If
       * level is less than zero or larger than log2 of the maximum texture size,
       * INVALID_VALUE." GL 3.3: "If textarget is TEXTURE_RECTANGLE, then level must be zero";
       * "If textarget is TEXTURE_3D, then level must be greater than or equal to zero and
       * less than or equal to log2 of the value of MAX_3D_TEXTURE_SIZE ... zoffset must be
       * greater than or equal to zero and less than or equal to MAX_3D_TEXTURE_SIZE - 1"
       * (INVALID_VALUE). */
      if (!tex || tex == GLF_NAME_RESERVED || !tex->target ||
          tex->target != (cube_face ? GL_TEXTURE_CUBE_MAP : textarget)) {
         if (tex && tex != GLF_NAME_RESERVED)
            glf_texture_unref(ctx, tex);
         glf_error(ctx, GL_INVALID_OPERATION, "%s(texture=%u)", caller, texture);
         return;
      }
      GLint max_levels = dims == 3 ? (GLint)glf_texture_levels((uint32_t)ctx->limits.max_3d_texture_size, 1)
                                   : ctx->limits.max_levels;
      if (level < 0 || level >= max_levels || level >= GLF_MAX_LEVELS || (level != 0 && GLF_ES(ctx) && ctx->major < 3) ||
          (textarget == GL_TEXTURE_RECTANGLE && level != 0) || (ms && level != 0) ||
          (dims == 3 && (zoffset < 0 || zoffset >= ctx->limits.max_3d_texture_size))) {
         glf_texture_unref(ctx, tex);
         glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d, zoffset=%d)", caller, level, zoffset);
         return;
      }
   }
   GLuint layer = cube_face ? textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X : dims == 3 ? (GLuint)zoffset : 0;
   attach_texture(ctx, fb, idx, n, tex, level, layer, false);
}

void GLAPIENTRY
glf_FramebufferTexture1D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level)
{
   framebuffer_texture(target, attachment, textarget, texture, level, 0, 1, "glFramebufferTexture1D");
}

void GLAPIENTRY
glf_FramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level)
{
   framebuffer_texture(target, attachment, textarget, texture, level, 0, 2, "glFramebufferTexture2D");
}

/* GL 3.3 section 4.4.2: one zoffset slice of a 3D texture (FramebufferTextureLayer's attachment
 * of the same slice). */
void GLAPIENTRY
glf_FramebufferTexture3D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level,
                         GLint zoffset)
{
   framebuffer_texture(target, attachment, textarget, texture, level, zoffset, 3, "glFramebufferTexture3D");
}

/* From the OpenGL ES 3.0 spec, section 4.4.2.4 (OpenGL 3.3 core 4.4.2): one layer of a 3D or
 * 2D array texture. "INVALID_OPERATION if texture is not zero and is not the name of a
 * three-dimensional or two-dimensional array texture"; "INVALID_VALUE if texture is a 3D
 * texture and level is less than zero or greater than log2 of MAX_3D_TEXTURE_SIZE, or layer
 * is negative or greater than MAX_3D_TEXTURE_SIZE - 1", likewise for 2D arrays with
 * MAX_TEXTURE_SIZE and MAX_ARRAY_TEXTURE_LAYERS. */
void GLAPIENTRY
glf_FramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture, GLint level, GLint layer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const char *caller = "glFramebufferTextureLayer";
   unsigned idx[2], n;
   struct glf_framebuffer *fb = attach_prologue(ctx, target, attachment, idx, &n, caller);
   if (!fb)
      return;
   struct glf_texture *tex = NULL;
   if (texture) {
      tex = GLF_LOOKUP_REF(ctx, textures, texture, glf_texture);
      /* GL 3.2+ core: also a two-dimensional multisample array texture, level zero; GL 3.3
       * also a layer of a 1D array texture */
      bool ms = tex && tex != GLF_NAME_RESERVED && tex->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
      if (!tex || tex == GLF_NAME_RESERVED ||
          (tex->target != GL_TEXTURE_3D && tex->target != GL_TEXTURE_2D_ARRAY && !ms &&
           !(tex->target == GL_TEXTURE_1D_ARRAY && GLF_CORE(ctx)))) {
         if (tex && tex != GLF_NAME_RESERVED)
            glf_texture_unref(ctx, tex);
         glf_error(ctx, GL_INVALID_OPERATION, "%s(texture=%u)", caller, texture);
         return;
      }
      bool is3d = tex->target == GL_TEXTURE_3D;
      GLint max = is3d ? ctx->limits.max_3d_texture_size : ctx->limits.max_texture_size;
      GLint max_layers = is3d ? ctx->limits.max_3d_texture_size : ctx->limits.max_array_texture_layers;
      GLint max_level = (GLint)glf_texture_levels((uint32_t)max, 1) - 1;
      if (level < 0 || level > max_level || level >= GLF_MAX_LEVELS || layer < 0 || layer >= max_layers ||
          (ms && level != 0)) {
         glf_texture_unref(ctx, tex);
         glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d, layer=%d)", caller, level, layer);
         return;
      }
   }
   attach_texture(ctx, fb, idx, n, tex, level, (GLuint)layer, false);
}

/* EXT_texture_array's spelling (listed on core contexts) */
void GLAPIENTRY
glf_FramebufferTextureLayerEXT(GLenum target, GLenum attachment, GLuint texture, GLint level, GLint layer)
{
   glf_FramebufferTextureLayer(target, attachment, texture, level, layer);
}

/* OpenGL 3.3 core, section 4.4.2.3: glFramebufferTexture attaches a level of a texture; of a
 * 3D, cube map, 1D / 2D array or 2D multisample array texture every layer (face, slice) of it,
 * a layered attachment that gl_Layer writes select (section 4.4.7). "An INVALID_OPERATION
 * error is generated if texture is not zero or the name of an existing texture object";
 * INVALID_VALUE for a level the texture's kind cannot have (rectangle and multisample:
 * level 0); a buffer texture has no image to attach (INVALID_OPERATION). */
void GLAPIENTRY
glf_FramebufferTexture(GLenum target, GLenum attachment, GLuint texture, GLint level)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const char *caller = "glFramebufferTexture";
   if (!GLF_CORE(ctx)) { /* OpenGL ES 3.2's; these ES contexts are 3.0 */
      sgl_log_once(SGL_LOG_WARN, "%s: not an OpenGL ES 3.0 command (INVALID_OPERATION)", caller);
      glf_error(ctx, GL_INVALID_OPERATION, "%s(ES 3.0 context)", caller);
      return;
   }
   unsigned idx[2], n;
   struct glf_framebuffer *fb = attach_prologue(ctx, target, attachment, idx, &n, caller);
   if (!fb)
      return;
   struct glf_texture *tex = NULL;
   bool layered = false;
   if (texture) {
      tex = GLF_LOOKUP_REF(ctx, textures, texture, glf_texture);
      if (!tex || tex == GLF_NAME_RESERVED || !tex->target || tex->target == GL_TEXTURE_BUFFER) {
         if (tex && tex != GLF_NAME_RESERVED)
            glf_texture_unref(ctx, tex);
         glf_error(ctx, GL_INVALID_OPERATION, "%s(texture=%u)", caller, texture);
         return;
      }
      const GLenum t = tex->target;
      layered = t == GL_TEXTURE_3D || t == GL_TEXTURE_CUBE_MAP || t == GL_TEXTURE_1D_ARRAY ||
                t == GL_TEXTURE_2D_ARRAY || t == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
      const bool level0 = t == GL_TEXTURE_RECTANGLE || t == GL_TEXTURE_2D_MULTISAMPLE ||
                          t == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
      GLint max_levels = t == GL_TEXTURE_3D ? (GLint)glf_texture_levels((uint32_t)ctx->limits.max_3d_texture_size, 1)
                                            : ctx->limits.max_levels;
      if (level < 0 || level >= max_levels || level >= GLF_MAX_LEVELS || (level0 && level != 0)) {
         glf_texture_unref(ctx, tex);
         glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", caller, level);
         return;
      }
   }
   attach_texture(ctx, fb, idx, n, tex, level, 0, layered);
}

void GLAPIENTRY
glf_FramebufferRenderbuffer(GLenum target, GLenum attachment, GLenum renderbuffertarget, GLuint renderbuffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   unsigned idx[2], n;
   struct glf_framebuffer *fb = attach_prologue(ctx, target, attachment, idx, &n, "glFramebufferRenderbuffer");
   if (!fb)
      return;
   if (renderbuffertarget != GL_RENDERBUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "glFramebufferRenderbuffer(renderbuffertarget=0x%x)", renderbuffertarget);
      return;
   }
   struct glf_renderbuffer *rb = NULL;
   if (renderbuffer) {
      rb = GLF_LOOKUP_REF(ctx, renderbuffers, renderbuffer, glf_renderbuffer);
      /* "INVALID_OPERATION is generated if renderbuffer is neither zero nor the name of an
       * existing renderbuffer object". */
      if (!rb || rb == GLF_NAME_RESERVED) {
         glf_error(ctx, GL_INVALID_OPERATION, "glFramebufferRenderbuffer(renderbuffer=%u)", renderbuffer);
         return;
      }
   }
   for (unsigned i = 0; i < n; i++) {
      struct glf_attachment *a = &fb->att[idx[i]];
      att_clear(ctx, a);
      if (rb) {
         a->type = GL_RENDERBUFFER;
         glf_renderbuffer_ref(ctx, &a->rb, rb);
      }
   }
   glf_renderbuffer_unref(ctx, rb); /* the lookup's */
   if (fb == ctx->draw_fb)
      glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
}

/* ---- completeness -------------------------------------------------------------------------- */
/* The image behind an attachment: size and effective format; false if none. */
static bool
att_image(const struct glf_attachment *a, uint32_t *w, uint32_t *h, const struct glf_format **fmt)
{
   *fmt = NULL;
   if (a->type == GL_RENDERBUFFER) {
      *w = a->rb->w;
      *h = a->rb->h;
      *fmt = a->rb->fmt;
      return a->rb->created && *w && *h && *fmt;
   }
   if (a->type == GL_TEXTURE) {
      /* a cube face's own image; a 3D or array texture's level holds every slice / layer, and
       * a layer past them is no image (ES 3.0 section 4.4.4.1: incomplete attachment) */
      bool cube = a->tex->target == GL_TEXTURE_CUBE_MAP;
      /* a 1D array's layers are its rows (GL 3.3 section 3.8.1): one layer is one row */
      bool array_1d = a->tex->target == GL_TEXTURE_1D_ARRAY;
      const struct glf_tex_image *img = &a->tex->img[cube ? a->layer : 0][a->level];
      *w = img->w;
      *h = array_1d ? 1 : img->h;
      *fmt = img->fmt;
      return img->defined && *fmt && a->tex->created && (uint32_t)a->level <= a->tex->res_last_level &&
             (cube || a->layer < (array_1d ? img->h : img->d));
   }
   return false;
}

/* RENDERBUFFER_SAMPLES / TEXTURE_SAMPLES of an attachment's image (0: single-sampled). */
static uint32_t
att_samples(const struct glf_attachment *a)
{
   return a->type == GL_RENDERBUFFER ? a->rb->samples : a->type == GL_TEXTURE ? a->tex->samples : 0;
}

/* The effective formats of the default framebuffer's buffers (the config's, egl_config.c). */
static const struct glf_format *
drawable_format(const struct glf_drawable *d, bool color)
{
   if (color)
      return glf_format_by_ifmt(d->color_format == WIRE_FMT_R5G6B5_UNORM    ? GL_RGB565
                                : d->color_format == WIRE_FMT_R8G8B8A8_SRGB ? GL_SRGB8_ALPHA8 /* EGL_GL_COLORSPACE_SRGB */
                                                                            : GL_RGBA8);
   switch (d->ds_format) {
   case WIRE_FMT_D16_UNORM: return glf_format_by_ifmt(GL_DEPTH_COMPONENT16);
   case WIRE_FMT_D32_FLOAT: return glf_format_by_ifmt(GL_DEPTH_COMPONENT32F);
   case WIRE_FMT_D24_UNORM_S8_UINT: return glf_format_by_ifmt(GL_DEPTH24_STENCIL8);
   default: return NULL;
   }
}

/* The attachments' common sample count; false when they disagree. */
static bool
fb_samples(const struct glf_framebuffer *fb, uint32_t *out)
{
   bool any = false;
   *out = 0;
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++) {
      const struct glf_attachment *a = &fb->att[i];
      uint32_t w, h;
      const struct glf_format *f;
      if (a->type == GL_NONE || !att_image(a, &w, &h, &f))
         continue;
      if (any && att_samples(a) != *out)
         return false;
      *out = att_samples(a);
      any = true;
   }
   return true;
}

/* TEXTURE_FIXED_SAMPLE_LOCATIONS agrees over the attached textures, and is TRUE where a
 * renderbuffer is attached too. */
static bool
fb_fixed_locations(const struct glf_framebuffer *fb)
{
   unsigned rbs = 0, fixed = 0, free_ = 0;
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++) {
      const struct glf_attachment *a = &fb->att[i];
      uint32_t w, h;
      const struct glf_format *f;
      if (a->type == GL_NONE || !att_image(a, &w, &h, &f))
         continue;
      if (a->type == GL_RENDERBUFFER)
         rbs++;
      else if (a->tex->samples && !a->tex->fixed_locations)
         free_++;
      else
         fixed++;
   }
   return !free_ || (!fixed && !rbs);
}

uint32_t
glf_framebuffer_samples(struct glf_context *ctx, struct glf_framebuffer *fb)
{
   if (fb->is_default)
      return fb->has_drawable ? fb->drawable.samples : 0;
   uint32_t n;
   return fb_samples(fb, &n) ? n : 0;
}

/* From the OpenGL ES 3.0 spec, section 4.4.4.1 (Framebuffer Attachment Completeness): "If the
 * attachment is COLOR_ATTACHMENTi, then image must have a color-renderable internal format";
 * DEPTH_ATTACHMENT a depth-renderable one, STENCIL_ATTACHMENT a stencil-renderable one (ES 3.0
 * table 3.13 / OpenGL 3.3 table 3.12, and what the server's device renders: formats.c). */
static bool
att_complete(struct glf_context *ctx, unsigned i, const struct glf_attachment *a)
{
   uint32_t w, h;
   const struct glf_format *f;
   if (!att_image(a, &w, &h, &f))
      return false;
   /* ES 3.0 section 4.4.4.1: "If the value of FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL is not
    * level_base, then the texture must be mipmap complete" (and cube complete for a cube
    * map), level_base as sampling clamps it for immutable textures. OpenGL 3.3 has no such
    * rule. */
   if (a->type == GL_TEXTURE && GLF_ES3(ctx)) {
      const struct glf_texture *t = a->tex;
      GLint base = t->base_level;
      if (t->immutable && base > t->immutable_levels - 1)
         base = t->immutable_levels - 1;
      if (a->level != base) {
         struct glf_sampler_params mip;
         glf_sampler_params_init(&mip);
         mip.min_filter = GL_NEAREST_MIPMAP_NEAREST;
         mip.mag_filter = GL_NEAREST;
         if (a->level < base || (!t->immutable && a->level > t->max_level) || !glf_texture_complete(ctx, t, &mip))
            return false;
      }
   }
   if (i < GLF_MAX_DRAW_BUFFERS)
      return glf_format_color_renderable(ctx, f);
   return i == GLF_ATT_DEPTH ? glf_format_depth_renderable(ctx, f) : glf_format_stencil_renderable(ctx, f);
}

/* Layered attachments (glFramebufferTexture): all populated attachments layered or none, and
 * the colour ones from textures of one target. Whether the framebuffer is layered in *any. */
static bool
layers_of(const struct glf_framebuffer *fb, bool *any)
{
   bool some = false, all = true;
   GLenum color_target = GL_NONE;
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++) {
      const struct glf_attachment *a = &fb->att[i];
      if (a->type == GL_NONE)
         continue;
      some |= a->layered;
      all &= a->layered;
      if (a->layered && i < GLF_MAX_DRAW_BUFFERS) {
         if (color_target != GL_NONE && a->tex->target != color_target)
            all = false;
         color_target = a->tex->target;
      }
   }
   *any = some;
   return !some || all;
}

static bool
fb_layers_consistent(const struct glf_framebuffer *fb)
{
   bool any;
   return layers_of(fb, &any);
}

GLenum
glf_framebuffer_status(struct glf_context *ctx, struct glf_framebuffer *fb)
{
   if (fb->is_default)
      return fb->has_drawable ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
   /* From the OpenGL ES 3.0 spec, section 4.4.4.2 (Whole Framebuffer Completeness). */
   bool any = false, es2 = GLF_ES(ctx) && ctx->major < 3;
   uint32_t w0 = 0, h0 = 0;
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++) {
      const struct glf_attachment *a = &fb->att[i];
      if (a->type == GL_NONE)
         continue;
      /* "All framebuffer attachment points are framebuffer attachment complete." */
      if (!att_complete(ctx, i, a)) {
         uint32_t w, h;
         const struct glf_format *f;
         if (att_image(a, &w, &h, &f) && i < GLF_MAX_DRAW_BUFFERS && !glf_format_color_renderable(ctx, f)) {
            char b1[64];
            sgl_log_once(SGL_LOG_WARN, "framebuffer: colour attachment of internal format %s is not colour-"
                                       "renderable: incomplete", glf_enum_str(f->ifmt, b1));
         }
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      }
      uint32_t w, h;
      const struct glf_format *f;
      att_image(a, &w, &h, &f);
      /* ES 2.0: "All attached images have the same width and height." */
      if (any && es2 && (w != w0 || h != h0))
         return GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS;
      w0 = w;
      h0 = h;
      any = true;
   }
   /* "There is at least one image attached to the framebuffer." */
   if (!any)
      return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
   /* "The value of RENDERBUFFER_SAMPLES is the same for all attached renderbuffers; and, if
    * the attached images are a mix of renderbuffers and textures, the value of
    * RENDERBUFFER_SAMPLES is zero." (FRAMEBUFFER_INCOMPLETE_MULTISAMPLE). OpenGL 3.3 core,
    * section 4.4.4: "the value of TEXTURE_SAMPLES is the same for all attached textures; and,
    * if the attached images are a mix of renderbuffers and textures, the value of
    * RENDERBUFFER_SAMPLES matches the value of TEXTURE_SAMPLES" (single-sampled: 0). */
   uint32_t samples;
   if (!fb_samples(fb, &samples))
      return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
   /* OpenGL 3.3 core, section 4.4.4: "The value of TEXTURE_FIXED_SAMPLE_LOCATIONS is the same
    * for all attached textures; and, if the attached images are a mix of renderbuffers and
    * textures, the value of TEXTURE_FIXED_SAMPLE_LOCATIONS must be TRUE for all attached
    * textures." (FRAMEBUFFER_INCOMPLETE_MULTISAMPLE; single-sampled textures say TRUE) */
   if (!fb_fixed_locations(fb))
      return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
   /* OpenGL 3.3 core, section 4.4.4: "If any framebuffer attachment is layered, all populated
    * attachments must be layered. Additionally, all populated color attachments must be from
    * textures of the same target." (FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS) */
   if (!fb_layers_consistent(fb))
      return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
   /* "Depth and stencil attachments, if present, are the same image." (else UNSUPPORTED) */
   const struct glf_attachment *d = &fb->att[GLF_ATT_DEPTH], *s = &fb->att[GLF_ATT_STENCIL];
   if (d->type != GL_NONE && s->type != GL_NONE &&
       (d->tex != s->tex || d->rb != s->rb || d->level != s->level || d->layer != s->layer || d->layered != s->layered))
      return GL_FRAMEBUFFER_UNSUPPORTED;
   if (GLF_CORE(ctx)) {
      /* GL 3.3 core, section 4.4.4: FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER / READ_BUFFER. */
      for (unsigned i = 0; i < GLF_MAX_DRAW_BUFFERS; i++) {
         GLenum b = fb->draw_buffers[i];
         if (b != GL_NONE && fb->att[b - GL_COLOR_ATTACHMENT0].type == GL_NONE)
            return GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER;
      }
      GLenum r = fb->read_buffer;
      if (r != GL_NONE && fb->att[r - GL_COLOR_ATTACHMENT0].type == GL_NONE)
         return GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER;
   }
   return GL_FRAMEBUFFER_COMPLETE;
}

GLenum GLAPIENTRY
glf_CheckFramebufferStatus(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return 0;
   struct glf_framebuffer *fb = target_fb(ctx, target, "glCheckFramebufferStatus");
   return fb ? glf_framebuffer_status(ctx, fb) : 0;
}

/* ---- derived: the wire framebuffer -------------------------------------------------------- */
/* The wire surface of an attachment; colour attachments the server cannot render to (not
 * colour-renderable: the framebuffer is incomplete and nothing draws) are left out, as the
 * server refuses them (server/decode_state.c). */
static void
surface_of(struct glf_context *ctx, const struct glf_attachment *a, bool color, struct wire_surface_ref *ref)
{
   memset(ref, 0, sizeof(*ref));
   uint32_t w, h;
   const struct glf_format *f;
   if (a->type == GL_NONE || !att_image(a, &w, &h, &f) ||
       (color ? !glf_format_color_renderable(ctx, f)
              : !glf_format_depth_renderable(ctx, f) && !glf_format_stencil_renderable(ctx, f)))
      return;
   if (a->type == GL_RENDERBUFFER && a->rb->created) {
      ref->res = a->rb->res;
      ref->level = a->rb->res_level; /* a target of a texture level's EGLImage */
   } else if (a->type == GL_TEXTURE && a->tex->created) {
      ref->res = a->tex->res;
      ref->level = (uint32_t)a->level + a->tex->res_base;
      ref->layer = a->layer;
   }
}

static void
extent_min(const struct glf_attachment *a, uint32_t *w, uint32_t *h)
{
   uint32_t aw, ah;
   const struct glf_format *f;
   if (a->type == GL_NONE || !att_image(a, &aw, &ah, &f))
      return;
   if (aw < *w)
      *w = aw;
   if (ah < *h)
      *h = ah;
}

void
glf_framebuffer_size(struct glf_context *ctx, struct glf_framebuffer *fb, uint32_t *w, uint32_t *h)
{
   if (fb->is_default) {
      *w = fb->has_drawable ? fb->drawable.width : 0;
      *h = fb->has_drawable ? fb->drawable.height : 0;
      return;
   }
   *w = *h = UINT32_MAX;
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++)
      extent_min(&fb->att[i], w, h);
   if (*w == UINT32_MAX)
      *w = *h = 0;
}

void
glf_framebuffer_key(struct glf_context *ctx, struct glf_framebuffer *fb, struct wire_framebuffer *out)
{
   memset(out, 0, sizeof(*out));
   glf_framebuffer_size(ctx, fb, &out->width, &out->height);
   /* GL core writes sRGB attachments linearly unless FRAMEBUFFER_SRGB is enabled (enable.c) */
   out->flags = GLF_CORE(ctx) && !ctx->st.framebuffer_srgb ? WIRE_FB_LINEAR_SRGB : 0;
   if (fb->is_default) {
      if (!fb->has_drawable)
         return;
      if (fb->draw_buffers[0] != GL_NONE) {
         out->cbufs[0].res = fb->drawable.color;
         out->nr_cbufs = 1;
      }
      out->zsbuf.res = fb->drawable.depth_stencil;
      return;
   }
   /* Attachments with different sample counts (FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: nothing
    * draws) would be refused by the server: none are named. */
   uint32_t samples;
   if (!fb_samples(fb, &samples))
      return;
   /* cbufs[i] receives fragment output i: glDrawBuffers' mapping. */
   for (unsigned i = 0; i < GLF_MAX_DRAW_BUFFERS; i++) {
      GLenum b = fb->draw_buffers[i];
      if (b == GL_NONE)
         continue;
      surface_of(ctx, &fb->att[b - GL_COLOR_ATTACHMENT0], true, &out->cbufs[i]);
      if (out->cbufs[i].res.gen)
         out->nr_cbufs = i + 1;
   }
   const struct glf_attachment *zs = fb->att[GLF_ATT_DEPTH].type != GL_NONE ? &fb->att[GLF_ATT_DEPTH]
                                                                             : &fb->att[GLF_ATT_STENCIL];
   surface_of(ctx, zs, false, &out->zsbuf);
   /* Layered attachments (all or none: else FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS and nothing
    * is named, as the server would refuse the mix). */
   bool layered;
   if (!layers_of(fb, &layered)) {
      memset(out->cbufs, 0, sizeof(out->cbufs));
      memset(&out->zsbuf, 0, sizeof(out->zsbuf));
      out->nr_cbufs = 0;
   } else if (layered && (out->nr_cbufs || out->zsbuf.res.gen)) {
      out->flags |= WIRE_FB_LAYERED;
   }
}

/* The read buffer's surface as it is stored: the default framebuffer's multisampled colour
 * image itself (glBlitFramebuffer resolves it). */
static bool
read_surface_stored(struct glf_context *ctx, struct glf_framebuffer *fb, struct wire_surface_ref *ref, uint32_t *w,
                    uint32_t *h)
{
   memset(ref, 0, sizeof(*ref));
   glf_framebuffer_size(ctx, fb, w, h);
   if (fb->read_buffer == GL_NONE)
      return false;
   if (fb->is_default) {
      ref->res = fb->drawable.color;
      return fb->has_drawable;
   }
   const struct glf_attachment *a = &fb->att[fb->read_buffer - GL_COLOR_ATTACHMENT0];
   surface_of(ctx, a, true, ref);
   return ref->res.gen != 0;
}

/* Resolves a multisampled drawable's colour image into its single-sampled twin (a Blit
 * record of the whole surface: a vkCmdResolveImage on Magma). */
void
glf_drawable_resolve(struct glf_context *ctx, const struct glf_drawable *d)
{
   if (!d->samples || !d->resolve.gen || !d->color.gen)
      return;
   uint32_t w = d->width ? d->width : 1, h = d->height ? d->height : 1;
   struct wire_blit *p = GLF_BEGIN(ctx, Blit);
   if (!p)
      return;
   memset(p, 0, sizeof(*p));
   p->src.res = d->color;
   p->dst.res = d->resolve;
   p->src_x1 = p->dst_x1 = (int32_t)w;
   p->src_y1 = p->dst_y1 = (int32_t)h;
   p->mask = WIRE_BLIT_COLOR;
   wire_end(ctx->wire);
}

bool
glf_framebuffer_read_surface(struct glf_context *ctx, struct glf_framebuffer *fb, struct wire_surface_ref *ref,
                             uint32_t *w, uint32_t *h)
{
   if (!read_surface_stored(ctx, fb, ref, w, h))
      return false;
   /* A multisampled default framebuffer reads its resolved image (ES 3.0 section 4.3.1 forbids
    * reads only from multisampled framebuffer objects; the window system's resolve is ours). */
   if (fb->is_default && fb->drawable.samples) {
      glf_drawable_resolve(ctx, &fb->drawable);
      ref->res = fb->drawable.resolve;
   }
   return true;
}

const struct glf_format *
glf_framebuffer_read_format(struct glf_context *ctx, struct glf_framebuffer *fb)
{
   if (fb->read_buffer == GL_NONE)
      return NULL;
   if (fb->is_default)
      return fb->has_drawable ? drawable_format(&fb->drawable, true) : NULL;
   uint32_t w, h;
   const struct glf_format *f;
   return att_image(&fb->att[fb->read_buffer - GL_COLOR_ATTACHMENT0], &w, &h, &f) ? f : NULL;
}

const struct glf_format *
glf_framebuffer_draw_format(struct glf_context *ctx, struct glf_framebuffer *fb, unsigned i)
{
   (void)ctx;
   if (i >= GLF_MAX_DRAW_BUFFERS || fb->draw_buffers[i] == GL_NONE)
      return NULL;
   if (fb->is_default)
      return fb->has_drawable && i == 0 ? drawable_format(&fb->drawable, true) : NULL;
   uint32_t w, h;
   const struct glf_format *f;
   return att_image(&fb->att[fb->draw_buffers[i] - GL_COLOR_ATTACHMENT0], &w, &h, &f) ? f : NULL;
}

const struct glf_format *
glf_framebuffer_zs_read(struct glf_context *ctx, struct glf_framebuffer *fb, bool depth, bool stencil,
                        struct wire_surface_ref *ref, uint32_t *w, uint32_t *h)
{
   memset(ref, 0, sizeof(*ref));
   glf_framebuffer_size(ctx, fb, w, h);
   const struct glf_format *f = NULL;
   if (fb->is_default) {
      const struct glf_drawable *d = &fb->drawable;
      if (!fb->has_drawable || !d->depth_stencil.gen || (depth && !d->depth_bits) || (stencil && !d->stencil_bits))
         return NULL;
      ref->res = d->depth_stencil;
      return drawable_format(d, false);
   }
   const struct glf_attachment *da = &fb->att[GLF_ATT_DEPTH], *sa = &fb->att[GLF_ATT_STENCIL];
   const struct glf_attachment *a = depth ? da : sa;
   /* DEPTH_STENCIL reads one image holding both (the wire names one depth-stencil surface) */
   if (depth && stencil && (da->type != sa->type || da->tex != sa->tex || da->rb != sa->rb ||
                            da->level != sa->level || da->layer != sa->layer))
      return NULL;
   uint32_t aw, ah;
   if (a->type == GL_NONE || !att_image(a, &aw, &ah, &f) || (depth && !f->bits[4]) || (stencil && !f->bits[5]))
      return NULL;
   surface_of(ctx, a, false, ref);
   return ref->res.gen ? f : NULL;
}

/* ---- draw / read buffers ------------------------------------------------------------------- */
void GLAPIENTRY
glf_DrawBuffers(GLsizei n, const GLenum *bufs)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_framebuffer *fb = ctx->draw_fb;
   /* From the OpenGL ES 3.0 spec, section 4.2.1: "An INVALID_VALUE error is generated if n
    * is negative, or greater than the value of MAX_DRAW_BUFFERS." For the default
    * framebuffer "n must be 1 and bufs must be BACK or NONE"; for a framebuffer object
    * "the ith buffer listed in bufs must be COLOR_ATTACHMENTi or NONE", else
    * INVALID_OPERATION. */
   const GLenum max_att = GL_COLOR_ATTACHMENT0 + (GLenum)ctx->limits.max_color_attachments;
   if (n < 0 || n > ctx->limits.max_draw_buffers) {
      glf_error(ctx, GL_INVALID_VALUE, "glDrawBuffers(n=%d)", n);
      return;
   }
   /* OpenGL 3.3 core, section 4.2.1: the default framebuffer's buffers are named FRONT_LEFT,
    * FRONT_RIGHT, BACK_LEFT, BACK_RIGHT; "FRONT, BACK, LEFT, RIGHT, and FRONT_AND_BACK are not
    * valid in the bufs array passed to DrawBuffers, and will result in the error
    * INVALID_ENUM"; a constant that names no buffer the window system allocated is
    * INVALID_OPERATION. An EGL surface has one colour buffer, BACK_LEFT. */
   if (GLF_CORE(ctx) && fb->is_default) {
      for (GLsizei i = 0; i < n; i++) {
         GLenum b = bufs[i];
         if (b == GL_NONE || (b == GL_BACK_LEFT && i == 0))
            continue;
         bool named = b == GL_FRONT_LEFT || b == GL_FRONT_RIGHT || b == GL_BACK_LEFT || b == GL_BACK_RIGHT;
         if (b == GL_BACK_LEFT)
            sgl_log_once(SGL_LOG_WARN, "glDrawBuffers: BACK_LEFT only as the first entry (fragment output 0)");
         glf_error(ctx, named ? GL_INVALID_OPERATION : GL_INVALID_ENUM, "glDrawBuffers(bufs[%d]=0x%x)", i, b);
         return;
      }
      for (GLsizei i = 0; i < GLF_MAX_DRAW_BUFFERS; i++)
         fb->draw_buffers[i] = i < n ? bufs[i] : GL_NONE;
      glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_BLEND);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      GLenum b = bufs[i];
      bool ok = fb->is_default ? (n == 1 && (b == GL_BACK || b == GL_NONE))
                               : (b == GL_NONE || b == GL_COLOR_ATTACHMENT0 + (GLenum)i ||
                                  (GLF_CORE(ctx) && b >= GL_COLOR_ATTACHMENT0 &&
                                   b < max_att));
      if (!ok) {
         bool known = b == GL_BACK || b == GL_NONE ||
                      (b >= GL_COLOR_ATTACHMENT0 && b < max_att);
         glf_error(ctx, known ? GL_INVALID_OPERATION : GL_INVALID_ENUM, "glDrawBuffers(bufs[%d]=0x%x)", i, b);
         return;
      }
   }
   for (GLsizei i = 0; i < GLF_MAX_DRAW_BUFFERS; i++)
      fb->draw_buffers[i] = i < n ? bufs[i] : GL_NONE;
   if (fb == ctx->draw_fb)
      glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_BLEND);
}

/* OpenGL 3.3 core, section 4.2.1 (table 4.4): for the default framebuffer any of NONE,
 * FRONT_LEFT, FRONT_RIGHT, BACK_LEFT, BACK_RIGHT, FRONT, BACK, LEFT, RIGHT, FRONT_AND_BACK;
 * INVALID_OPERATION if it names none of the allocated buffers (BACK_LEFT here: those naming it
 * draw into it). For a framebuffer object NONE or COLOR_ATTACHMENTi, as glDrawBuffers with
 * the other outputs NONE. */
void GLAPIENTRY
glf_DrawBuffer(GLenum buf)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_framebuffer *fb = ctx->draw_fb;
   if (!fb->is_default) {
      GLenum bufs[GLF_MAX_DRAW_BUFFERS] = {buf};
      bool color = buf >= GL_COLOR_ATTACHMENT0 && buf <= GL_COLOR_ATTACHMENT0 + 31;
      if (buf != GL_NONE && !color && buf != GL_BACK && buf != GL_FRONT && buf != GL_LEFT && buf != GL_RIGHT &&
          buf != GL_FRONT_AND_BACK && !(buf >= GL_FRONT_LEFT && buf <= GL_BACK_RIGHT)) {
         glf_error(ctx, GL_INVALID_ENUM, "glDrawBuffer(buf=0x%x)", buf);
         return;
      }
      if (buf != GL_NONE && (!color || buf >= GL_COLOR_ATTACHMENT0 + (GLenum)ctx->limits.max_color_attachments)) {
         glf_error(ctx, GL_INVALID_OPERATION, "glDrawBuffer(buf=0x%x: not a colour attachment)", buf);
         return;
      }
      for (unsigned i = 0; i < GLF_MAX_DRAW_BUFFERS; i++)
         fb->draw_buffers[i] = bufs[i];
      glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_BLEND);
      return;
   }
   switch (buf) {
   case GL_NONE: case GL_BACK_LEFT: case GL_BACK: case GL_LEFT: case GL_FRONT_AND_BACK:
      break;
   case GL_FRONT_LEFT: case GL_FRONT_RIGHT: case GL_BACK_RIGHT: case GL_FRONT: case GL_RIGHT:
      glf_error(ctx, GL_INVALID_OPERATION, "glDrawBuffer(buf=0x%x: the surface has no such buffer)", buf);
      return;
   default:
      glf_error(ctx, GL_INVALID_ENUM, "glDrawBuffer(buf=0x%x)", buf);
      return;
   }
   fb->draw_buffers[0] = buf;
   for (unsigned i = 1; i < GLF_MAX_DRAW_BUFFERS; i++)
      fb->draw_buffers[i] = GL_NONE;
   glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_BLEND);
}

void GLAPIENTRY
glf_ReadBuffer(GLenum src)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_framebuffer *fb = ctx->read_fb;
   bool color = src >= GL_COLOR_ATTACHMENT0 && src < GL_COLOR_ATTACHMENT0 + (GLenum)ctx->limits.max_color_attachments;
   /* COLOR_ATTACHMENT0..31 are valid enums; one past MAX_COLOR_ATTACHMENTS is
    * INVALID_OPERATION ("if src is COLOR_ATTACHMENTm where m is greater than or equal to the
    * value of MAX_COLOR_ATTACHMENTS"). FRONT and LEFT are OpenGL's; ES knows BACK, NONE and
    * COLOR_ATTACHMENTi only. */
   bool color_enum = src >= GL_COLOR_ATTACHMENT0 && src <= GL_COLOR_ATTACHMENT0 + 31;
   if (src != GL_BACK && src != GL_NONE && !color_enum && !(GLF_CORE(ctx) && (src == GL_FRONT || src == GL_LEFT))) {
      glf_error(ctx, GL_INVALID_ENUM, "glReadBuffer(src=0x%x)", src);
      return;
   }
   if (color_enum && !color) {
      glf_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(src=0x%x past MAX_COLOR_ATTACHMENTS)", src);
      return;
   }
   /* From the OpenGL ES 3.0 spec, section 4.3.1: default framebuffer: BACK or NONE;
    * framebuffer object: NONE or COLOR_ATTACHMENTi; else INVALID_OPERATION. */
   if (fb->is_default ? (src != GL_BACK && src != GL_NONE && !(GLF_CORE(ctx) && (src == GL_FRONT || src == GL_LEFT)))
                      : (src != GL_NONE && !color)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(src=0x%x)", src);
      return;
   }
   fb->read_buffer = fb->is_default && src != GL_NONE ? GL_BACK : src;
}

/* ---- queries ----------------------------------------------------------------------------------- */
static bool
default_att_param(struct glf_context *ctx, struct glf_framebuffer *fb, GLenum attachment, GLenum pname, GLint *out)
{
   const struct glf_drawable *d = &fb->drawable;
   /* From the OpenGL 3.3 core spec, section 6.1.17: for the default framebuffer attachment
    * is one of FRONT_LEFT, FRONT_RIGHT, BACK_LEFT, BACK_RIGHT, DEPTH or STENCIL (ES 3.0:
    * BACK, DEPTH or STENCIL). A pbuffer has one (left) color buffer; the right ones do not
    * exist (object type NONE). */
   bool stereo = false;
   if (GLF_CORE(ctx) && (attachment == GL_FRONT_LEFT || attachment == GL_BACK_LEFT)) {
      attachment = GL_BACK;
   } else if (GLF_CORE(ctx) && (attachment == GL_FRONT_RIGHT || attachment == GL_BACK_RIGHT)) {
      stereo = true;
   } else if (attachment != GL_BACK && attachment != GL_DEPTH && attachment != GL_STENCIL) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetFramebufferAttachmentParameteriv(attachment=0x%x)", attachment);
      return false;
   }
   if (stereo) {
      if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
         *out = GL_NONE;
         return true;
      }
      glf_error(ctx, GL_INVALID_OPERATION, "glGetFramebufferAttachmentParameteriv(no right buffer)");
      return false;
   }
   bool present = attachment == GL_BACK ? true : attachment == GL_DEPTH ? d->depth_bits > 0 : d->stencil_bits > 0;
   GLint sizes[6];
   glf_format_bits(drawable_format(d, true), sizes);
   sizes[4] = (GLint)d->depth_bits;
   sizes[5] = (GLint)d->stencil_bits;
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: *out = present ? GL_FRAMEBUFFER_DEFAULT : GL_NONE; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: *out = attachment == GL_BACK ? sizes[0] : 0; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: *out = attachment == GL_BACK ? sizes[1] : 0; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: *out = attachment == GL_BACK ? sizes[2] : 0; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: *out = attachment == GL_BACK ? sizes[3] : 0; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: *out = attachment == GL_DEPTH ? sizes[4] : 0; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: *out = attachment == GL_STENCIL ? sizes[5] : 0; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
      *out = attachment == GL_STENCIL ? GL_UNSIGNED_INT : GL_UNSIGNED_NORMALIZED;
      return true;
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      /* the surface's EGL_GL_COLORSPACE (depth / stencil: LINEAR) */
      *out = attachment == GL_BACK && d->color_format == WIRE_FMT_R8G8B8A8_SRGB ? GL_SRGB : GL_LINEAR;
      return true;
   default: break;
   }
   glf_error(ctx, GL_INVALID_ENUM, "glGetFramebufferAttachmentParameteriv(pname=0x%x)", pname);
   return false;
}

static bool
fbo_att_param(struct glf_context *ctx, const struct glf_attachment *a, GLenum attachment, GLenum pname, GLint *out)
{
   uint32_t w, h;
   const struct glf_format *fmt = NULL;
   GLint bits[6] = {0};
   if (a->type != GL_NONE && att_image(a, &w, &h, &fmt))
      glf_format_bits(fmt, bits);
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: *out = (GLint)a->type; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
      *out = a->type == GL_TEXTURE ? (GLint)a->tex->name : a->type == GL_RENDERBUFFER ? (GLint)a->rb->name : 0;
      return true;
   default: break;
   }
   /* "If the value of FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE is NONE ... querying any other
    * pname generates INVALID_OPERATION" (ES 3.0; ES 2.0: INVALID_ENUM). */
   if (a->type == GL_NONE) {
      glf_error(ctx, es2 ? GL_INVALID_ENUM : GL_INVALID_OPERATION, "glGetFramebufferAttachmentParameteriv(NONE)");
      return false;
   }
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
      if (a->type != GL_TEXTURE) break;
      *out = a->level;
      return true;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
      if (a->type != GL_TEXTURE) break;
      *out = a->tex->target == GL_TEXTURE_CUBE_MAP && !a->layered ? (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + a->layer)
                                                                  : 0;
      return true;
   case GL_FRAMEBUFFER_ATTACHMENT_LAYERED: /* GL 3.2+ core */
      if (!GLF_CORE(ctx)) break;
      *out = a->type == GL_TEXTURE && a->layered;
      return true;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
      if (a->type != GL_TEXTURE || es2) break;
      *out = a->tex->target == GL_TEXTURE_CUBE_MAP ? 0 : (GLint)a->layer;
      return true;
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: if (es2) break; *out = bits[0]; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: if (es2) break; *out = bits[1]; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: if (es2) break; *out = bits[2]; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: if (es2) break; *out = bits[3]; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: if (es2) break; *out = bits[4]; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: if (es2) break; *out = bits[5]; return true;
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
      if (es2) break;
      /* "If attachment is DEPTH_STENCIL_ATTACHMENT ... INVALID_OPERATION" for this pname. */
      if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
         glf_error(ctx, GL_INVALID_OPERATION, "glGetFramebufferAttachmentParameteriv(DEPTH_STENCIL component type)");
         return false;
      }
      /* the attachment's components: the format's type (stencil: UNSIGNED_INT) */
      *out = attachment == GL_STENCIL_ATTACHMENT ? GL_UNSIGNED_INT : fmt ? (GLint)fmt->ctype : GL_NONE;
      return true;
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      if (es2) break;
      *out = fmt && (wire_format_info(fmt->wfmt)->flags & WIRE_FMTF_SRGB) ? GL_SRGB : GL_LINEAR;
      return true;
   default: break;
   }
   glf_error(ctx, GL_INVALID_ENUM, "glGetFramebufferAttachmentParameteriv(pname=0x%x)", pname);
   return false;
}

void GLAPIENTRY
glf_GetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_framebuffer *fb = target_fb(ctx, target, "glGetFramebufferAttachmentParameteriv");
   if (!fb)
      return;
   GLint v;
   if (fb->is_default) {
      if (GLF_ES(ctx) && ctx->major < 3) {
         glf_error(ctx, GL_INVALID_OPERATION, "glGetFramebufferAttachmentParameteriv(default framebuffer)");
         return;
      }
      if (default_att_param(ctx, fb, attachment, pname, &v))
         *params = v;
      return;
   }
   unsigned idx[2];
   if (!attachment_index(ctx, attachment, idx)) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetFramebufferAttachmentParameteriv(attachment=0x%x)", attachment);
      return;
   }
   if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
      const struct glf_attachment *d = &fb->att[GLF_ATT_DEPTH], *s = &fb->att[GLF_ATT_STENCIL];
      if (d->type != s->type || d->tex != s->tex || d->rb != s->rb) {
         glf_error(ctx, GL_INVALID_OPERATION, "glGetFramebufferAttachmentParameteriv(depth != stencil)");
         return;
      }
   }
   if (fbo_att_param(ctx, &fb->att[idx[0]], attachment, pname, &v))
      *params = v;
}

void
glf_framebuffer_bits(struct glf_context *ctx, struct glf_framebuffer *fb, GLint bits[6])
{
   memset(bits, 0, 6 * sizeof(GLint));
   if (fb->is_default) {
      if (fb->has_drawable) {
         glf_format_bits(drawable_format(&fb->drawable, true), bits);
         bits[4] = (GLint)fb->drawable.depth_bits;
         bits[5] = (GLint)fb->drawable.stencil_bits;
      }
      return;
   }
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++) {
      const struct glf_attachment *a = &fb->att[i];
      uint32_t w, h;
      const struct glf_format *f;
      GLint b[6];
      if (a->type == GL_NONE || !att_image(a, &w, &h, &f))
         continue;
      glf_format_bits(f, b);
      if (i == GLF_ATT_DEPTH)
         bits[4] = b[4];
      else if (i == GLF_ATT_STENCIL)
         bits[5] = b[5];
      else if (i == 0 || fb->draw_buffers[0] == GL_COLOR_ATTACHMENT0 + i)
         memcpy(bits, b, 4 * sizeof(GLint));
   }
}

/* ---- glBlitFramebuffer ------------------------------------------------------------------------ */
/* The effective format behind a framebuffer's attachment slot (GLF_ATT_* or a colour index);
 * the default framebuffer's: its config's. */
static const struct glf_format *
att_format(struct glf_framebuffer *fb, unsigned slot)
{
   if (fb->is_default) {
      if (!fb->has_drawable)
         return NULL;
      if (slot < GLF_MAX_DRAW_BUFFERS)
         return drawable_format(&fb->drawable, true);
      return fb->drawable.depth_stencil.gen ? drawable_format(&fb->drawable, false) : NULL;
   }
   uint32_t w, h;
   const struct glf_format *f;
   return att_image(&fb->att[slot], &w, &h, &f) ? f : NULL;
}

static bool
is_int(const struct glf_format *f)
{
   return f->ctype == GL_INT || f->ctype == GL_UNSIGNED_INT;
}

static bool
same_surface(const struct wire_surface_ref *a, const struct wire_surface_ref *b)
{
   return wire_handle_eq(a->res, b->res) && a->level == b->level && a->layer == b->layer;
}

void GLAPIENTRY
glf_BlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1,
                    GLint dstY1, GLbitfield mask, GLenum filter)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const char *caller = "glBlitFramebuffer";
   /* From the OpenGL ES 3.0 spec, section 4.3.3 (and OpenGL 3.3 core 4.3.2): mask bits other
    * than the three buffers are INVALID_VALUE; filter other than NEAREST / LINEAR INVALID_ENUM;
    * LINEAR with DEPTH or STENCIL INVALID_OPERATION; incomplete read or draw framebuffers
    * INVALID_FRAMEBUFFER_OPERATION. */
   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(mask=0x%x)", caller, mask);
      return;
   }
   if (filter != GL_NEAREST && filter != GL_LINEAR) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(filter=0x%x)", caller, filter);
      return;
   }
   if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(LINEAR with depth / stencil)", caller);
      return;
   }
   if (glf_framebuffer_status(ctx, ctx->read_fb) != GL_FRAMEBUFFER_COMPLETE ||
       glf_framebuffer_status(ctx, ctx->draw_fb) != GL_FRAMEBUFFER_COMPLETE) {
      glf_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s(framebuffer incomplete)", caller);
      return;
   }
   /* Multisampled framebuffers. From the OpenGL ES 3.0 spec, section 4.3.3: "If SAMPLE_BUFFERS
    * for the draw framebuffer is greater than zero, an INVALID_OPERATION error is generated";
    * "If SAMPLE_BUFFERS for the read framebuffer is greater than zero and the formats of draw
    * and read framebuffers are not identical or the source and destination rectangles are not
    * defined with the same (X0, Y0) and (X1, Y1) bounds, an INVALID_OPERATION error is
    * generated." OpenGL 3.3 core (4.3.2) asks only for rectangles of identical dimensions,
    * and allows a multisampled destination when the source has the same sample count or is
    * single-sampled: "If SAMPLE_BUFFERS for the draw framebuffer is greater than zero, ...
    * the pixel values are written to every sample" (replicated: Magma draws the colour; its
    * depth / stencil replication is not built: INVALID_OPERATION with a WARN line). A
    * resolve takes no filter: NEAREST is sent. */
   const uint32_t rs = glf_framebuffer_samples(ctx, ctx->read_fb), ds = glf_framebuffer_samples(ctx, ctx->draw_fb);
   if (ds && (GLF_ES(ctx) || (rs && rs != ds))) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(multisampled draw framebuffer)", caller);
      return;
   }
   if (ds && !rs && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))) {
      sgl_log_once(SGL_LOG_WARN, "glBlitFramebuffer of depth / stencil from a single-sampled into a multisampled "
                                 "framebuffer is not implemented (INVALID_OPERATION)");
      glf_error(ctx, GL_INVALID_OPERATION, "%s(depth / stencil into a multisampled framebuffer)", caller);
      return;
   }
   /* GL 3.3 4.3.2: "If SAMPLE_BUFFERS for either the read framebuffer or draw framebuffer is
    * greater than zero, no copy is performed and an INVALID_OPERATION error is generated if
    * the dimensions of the source and destination rectangles provided to BlitFramebuffer
    * are not identical". A mirrored resolve is not built (the resolve keeps the direction);
    * a single-sampled source may be mirrored into a multisampled one (the sizes agree, as
    * Mesa reads it). */
   if (rs || ds) {
      int64_t sw = (int64_t)srcX1 - srcX0, sh = (int64_t)srcY1 - srcY0;
      int64_t dw = (int64_t)dstX1 - dstX0, dh = (int64_t)dstY1 - dstY0;
      if (!rs) {
         sw = sw < 0 ? -sw : sw, sh = sh < 0 ? -sh : sh;
         dw = dw < 0 ? -dw : dw, dh = dh < 0 ? -dh : dh;
      }
      bool same = GLF_ES(ctx) ? srcX0 == dstX0 && srcY0 == dstY0 && srcX1 == dstX1 && srcY1 == dstY1
                              : sw == dw && sh == dh;
      if (!same) {
         glf_error(ctx, GL_INVALID_OPERATION, "%s(multisampled framebuffer: rectangles differ)", caller);
         return;
      }
   }
   if (rs) {
      const struct glf_format *rfmt = glf_framebuffer_read_format(ctx, ctx->read_fb);
      for (unsigned i = 0; rfmt && (mask & GL_COLOR_BUFFER_BIT) && i < GLF_MAX_DRAW_BUFFERS; i++) {
         GLenum db = ctx->draw_fb->draw_buffers[i];
         if (db == GL_NONE)
            continue;
         const struct glf_format *df = att_format(ctx->draw_fb, ctx->draw_fb->is_default ? 0 : db - GL_COLOR_ATTACHMENT0);
         if (df && df != rfmt) {
            glf_error(ctx, GL_INVALID_OPERATION, "%s(multisampled read framebuffer: formats differ)", caller);
            return;
         }
      }
   }
   struct wire_framebuffer rk, dk;
   glf_framebuffer_key(ctx, ctx->read_fb, &rk);
   glf_framebuffer_key(ctx, ctx->draw_fb, &dk);
   struct wire_blit b;
   memset(&b, 0, sizeof(b));
   b.src_x0 = srcX0, b.src_y0 = srcY0, b.src_x1 = srcX1, b.src_y1 = srcY1;
   b.dst_x0 = dstX0, b.dst_y0 = dstY0, b.dst_x1 = dstX1, b.dst_y1 = dstY1;
   b.linear = filter == GL_LINEAR;
   /* GL core: with FRAMEBUFFER_SRGB disabled neither sRGB decode of the source nor encode of
    * the destination (as OpenGL 4.4 section 18.3.1 words it, and Mesa does); enabled, both. */
   b.flags = GLF_CORE(ctx) && !ctx->st.framebuffer_srgb ? WIRE_BLIT_F_LINEAR_SRGB : 0;
   const struct glf_state *st = &ctx->st;
   b.scissor_enable = st->scissor_test;
   b.scissor = (struct wire_scissor){st->scissor[0], st->scissor[1], st->scissor[2], st->scissor[3]};

   /* Colour: the read buffer to every draw buffer. "INVALID_OPERATION if ... the read buffer
    * contains fixed-point or floating-point values and any draw buffer contains neither", or
    * integer values and any draw buffer does not (or signed against unsigned), "or if filter is
    * LINEAR and the read buffer contains integer data"; ES 3.0 also "if the source and
    * destination buffers are identical". Without a read buffer or draw buffers the colour
    * bit does nothing. */
   struct blit_pair {
      struct wire_surface_ref src, dst;
   } color[GLF_MAX_DRAW_BUFFERS];
   unsigned ncolor = 0;
   struct wire_surface_ref rsrc;
   uint32_t rw, rh;
   const struct glf_format *rf = glf_framebuffer_read_format(ctx, ctx->read_fb);
   if ((mask & GL_COLOR_BUFFER_BIT) && rf && read_surface_stored(ctx, ctx->read_fb, &rsrc, &rw, &rh)) {
      for (unsigned i = 0; i < dk.nr_cbufs && i < GLF_MAX_DRAW_BUFFERS; i++) {
         if (!dk.cbufs[i].res.gen)
            continue;
         GLenum db = ctx->draw_fb->draw_buffers[i];
         const struct glf_format *df = att_format(ctx->draw_fb, ctx->draw_fb->is_default ? 0 : db - GL_COLOR_ATTACHMENT0);
         if (!df)
            continue;
         if (is_int(rf) != is_int(df) || (is_int(rf) && rf->ctype != df->ctype) || (is_int(rf) && b.linear) ||
             (GLF_ES(ctx) && same_surface(&rsrc, &dk.cbufs[i]))) {
            glf_error(ctx, GL_INVALID_OPERATION, "%s(colour formats or buffers)", caller);
            return;
         }
         color[ncolor++] = (struct blit_pair){rsrc, dk.cbufs[i]};
      }
   }
   /* Depth / stencil: "INVALID_OPERATION if mask includes DEPTH_BUFFER_BIT or
    * STENCIL_BUFFER_BIT and the source and destination depth and stencil buffer formats do not
    * match" (when both exist; a missing one makes the bit do nothing). */
   uint32_t zmask = 0;
   struct glf_framebuffer *rfb = ctx->read_fb, *dfb = ctx->draw_fb;
   for (int k = 0; k < 2; k++) {
      GLbitfield bit = k ? GL_STENCIL_BUFFER_BIT : GL_DEPTH_BUFFER_BIT;
      unsigned slot = k ? GLF_ATT_STENCIL : GLF_ATT_DEPTH;
      if (!(mask & bit))
         continue;
      const struct glf_format *a = att_format(rfb, rfb->is_default ? GLF_ATT_DEPTH : slot);
      const struct glf_format *c = att_format(dfb, dfb->is_default ? GLF_ATT_DEPTH : slot);
      if (!a || !c || !a->bits[4 + k] || !c->bits[4 + k])
         continue;
      if (a != c) {
         glf_error(ctx, GL_INVALID_OPERATION, "%s(depth / stencil formats differ)", caller);
         return;
      }
      zmask |= k ? WIRE_BLIT_STENCIL : WIRE_BLIT_DEPTH;
   }
   if (zmask && (!rk.zsbuf.res.gen || !dk.zsbuf.res.gen))
      zmask = 0;
   if (zmask && GLF_ES(ctx) && same_surface(&rk.zsbuf, &dk.zsbuf)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(same depth / stencil buffer)", caller);
      return;
   }
   if (rs)
      b.linear = 0; /* a resolve has no filter */
   for (unsigned i = 0; i < ncolor + (zmask ? 1 : 0); i++) {
      struct wire_blit *p = GLF_BEGIN(ctx, Blit);
      if (!p)
         return;
      *p = b;
      if (i < ncolor) {
         p->src = color[i].src;
         p->dst = color[i].dst;
         p->mask = WIRE_BLIT_COLOR;
      } else {
         p->src = rk.zsbuf;
         p->dst = dk.zsbuf;
         p->mask = zmask;
      }
      wire_end(ctx->wire);
   }
}

/* ---- glInvalidateFramebuffer / glInvalidateSubFramebuffer ------------------------------------- */
/* From the OpenGL ES 3.0 spec, section 4.5: the contents of the listed attachments become
 * undefined. Keeping them is a valid implementation (Magma's images keep their contents; a
 * tiler would drop a store here), so only the errors are the work: "INVALID_ENUM if target
 * is not a framebuffer target, or an attachment is not one allowed for the framebuffer bound
 * there (COLOR, DEPTH, STENCIL for the default framebuffer; COLOR_ATTACHMENTi,
 * DEPTH_ATTACHMENT, STENCIL_ATTACHMENT, DEPTH_STENCIL_ATTACHMENT otherwise)";
 * "INVALID_OPERATION if attachments contains COLOR_ATTACHMENTm where m is greater than or
 * equal to MAX_COLOR_ATTACHMENTS"; "INVALID_VALUE if numAttachments, width or height is
 * negative". */
static void
invalidate(GLenum target, GLsizei n, const GLenum *attachments, GLsizei w, GLsizei h, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_framebuffer *fb = target_fb(ctx, target, caller);
   if (!fb)
      return;
   if (n < 0 || w < 0 || h < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(numAttachments=%d, %dx%d)", caller, n, w, h);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      GLenum a = attachments[i];
      unsigned idx[2];
      bool ok;
      if (fb->is_default) {
         ok = a == GL_COLOR || a == GL_DEPTH || a == GL_STENCIL;
      } else {
         /* the sixteen COLOR_ATTACHMENTi enums ES 3.0 defines; past them no attachment enum */
         if (a >= GL_COLOR_ATTACHMENT0 && a <= GL_COLOR_ATTACHMENT0 + 15 &&
             a - GL_COLOR_ATTACHMENT0 >= (GLenum)ctx->limits.max_color_attachments) {
            glf_error(ctx, GL_INVALID_OPERATION, "%s(attachment=0x%x)", caller, a);
            return;
         }
         ok = attachment_index(ctx, a, idx) != 0;
      }
      if (!ok) {
         glf_error(ctx, GL_INVALID_ENUM, "%s(attachment=0x%x)", caller, a);
         return;
      }
   }
}

void GLAPIENTRY
glf_InvalidateFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments)
{
   invalidate(target, numAttachments, attachments, 0, 0, "glInvalidateFramebuffer");
}

void GLAPIENTRY
glf_InvalidateSubFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments, GLint x, GLint y,
                             GLsizei width, GLsizei height)
{
   (void)x, (void)y;
   invalidate(target, numAttachments, attachments, width, height, "glInvalidateSubFramebuffer");
}

/* OpenGL 3.3 core section 3.3.1: the position of sample `index` of the draw framebuffer.
 * "INVALID_ENUM if pname is not SAMPLE_POSITION"; "INVALID_VALUE if index is greater than or
 * equal to the value of SAMPLES". Magma stores row 0 as GL's bottom row, so Vulkan's
 * standard sample locations (measured from the pixel's first row) are GL's positions as they
 * are; a device without standard locations reports the pixel centre. */
static const float std_locations_2[2][2] = {{0.75f, 0.75f}, {0.25f, 0.25f}};
static const float std_locations_4[4][2] = {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
static const float std_locations_8[8][2] = {{0.5625f, 0.3125f}, {0.4375f, 0.6875f}, {0.8125f, 0.5625f},
                                            {0.3125f, 0.1875f}, {0.1875f, 0.8125f}, {0.0625f, 0.4375f},
                                            {0.6875f, 0.9375f}, {0.9375f, 0.0625f}};
static const float std_locations_16[16][2] = {
   {0.5625f, 0.5625f}, {0.4375f, 0.3125f}, {0.3125f, 0.625f}, {0.75f, 0.4375f}, {0.1875f, 0.375f},
   {0.625f, 0.8125f},  {0.8125f, 0.6875f}, {0.6875f, 0.1875f}, {0.375f, 0.875f}, {0.5f, 0.0625f},
   {0.25f, 0.125f},    {0.125f, 0.75f},    {0.0f, 0.5f},       {0.9375f, 0.25f}, {0.875f, 0.9375f},
   {0.0625f, 0.0f}};

void GLAPIENTRY
glf_GetMultisamplefv(GLenum pname, GLuint index, GLfloat *val)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetMultisamplefv (not in OpenGL ES 3.0)");
      return;
   }
   if (pname != GL_SAMPLE_POSITION) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetMultisamplefv(pname=0x%x)", pname);
      return;
   }
   uint32_t n = glf_framebuffer_samples(ctx, ctx->draw_fb);
   if (index >= n) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetMultisamplefv(index=%u: SAMPLES is %u)", index, n);
      return;
   }
   const float(*t)[2] = n == 2 ? std_locations_2 : n == 4 ? std_locations_4 : n == 8 ? std_locations_8
                        : n == 16 ? std_locations_16 : NULL;
   if (!t || !ctx->limits.standard_sample_locations) {
      val[0] = val[1] = 0.5f;
      return;
   }
   val[0] = t[index][0];
   val[1] = t[index][1];
}
