/* splitgl gl_front: texture objects, image specification and sampling parameters.
 *
 * Storage policy: the first image specified creates a resource with the full mip chain for
 * the level-0 size it implies; an image whose size or format does not fit that storage
 * re-specifies ("remints") it, preserving contents GPU->GPU where the format is unchanged. */
#include <stdlib.h>

#include "glf_context.h"

/* ---- formats ------------------------------------------------------------------------------- */
struct tex_format {
   GLenum ifmt, format, type;
   uint32_t wfmt;
   bool es2; /* valid in ES 2.0 */
};

static const struct tex_format tex_formats[] = {
   {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, WIRE_FMT_R8G8B8A8_UNORM, false},
   {GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, WIRE_FMT_R8G8B8A8_UNORM, true},
   {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, WIRE_FMT_R8G8B8_UNORM, false},
   {GL_RGB, GL_RGB, GL_UNSIGNED_BYTE, WIRE_FMT_R8G8B8_UNORM, true},
   {GL_R8, GL_RED, GL_UNSIGNED_BYTE, WIRE_FMT_R8_UNORM, false},
   {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, WIRE_FMT_D16_UNORM, false},
   {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, WIRE_FMT_D16_UNORM, true},
   {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, WIRE_FMT_D24_UNORM_S8_UINT, false},
   {GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, WIRE_FMT_D24_UNORM_S8_UINT, false},
   {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, WIRE_FMT_D32_FLOAT, false},
};

static bool
valid_pixel_format(GLenum f)
{
   switch (f) {
   case GL_RGBA: case GL_RGB: case GL_RED: case GL_RG: case GL_ALPHA: case GL_LUMINANCE:
   case GL_LUMINANCE_ALPHA: case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL: case GL_RED_INTEGER:
   case GL_RG_INTEGER: case GL_RGB_INTEGER: case GL_RGBA_INTEGER: case GL_BGRA: case GL_BGR:
      return true;
   default:
      return false;
   }
}

static bool
valid_pixel_type(GLenum t)
{
   switch (t) {
   case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_UNSIGNED_INT:
   case GL_INT: case GL_HALF_FLOAT: case GL_FLOAT: case GL_UNSIGNED_SHORT_5_6_5:
   case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_5_5_5_1: case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV: case GL_UNSIGNED_INT_24_8:
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      return true;
   default:
      return false;
   }
}

static const struct tex_format *
find_format(struct glf_context *ctx, GLenum ifmt, GLenum format, GLenum type)
{
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(tex_formats); i++) {
      const struct tex_format *f = &tex_formats[i];
      if (f->ifmt == ifmt && f->format == format && f->type == type &&
          (f->es2 || !(GLF_ES(ctx) && ctx->major < 3)))
         return f;
   }
   return NULL;
}

bool
glf_ifmt_color_renderable(uint32_t wfmt)
{
   return wfmt == WIRE_FMT_R8G8B8A8_UNORM || wfmt == WIRE_FMT_R8G8B8_UNORM || wfmt == WIRE_FMT_R8_UNORM;
}

uint32_t
glf_texture_levels(uint32_t w, uint32_t h)
{
   uint32_t m = w > h ? w : h, n = 1;
   while (m > 1) {
      m >>= 1;
      n++;
   }
   return n;
}

/* ---- objects --------------------------------------------------------------------------------- */
enum glf_tex_target
glf_tex_target_index(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_2D: return GLF_TEX_2D;
   case GL_TEXTURE_CUBE_MAP: return GLF_TEX_CUBE;
   case GL_TEXTURE_3D: return GLF_TEX_3D;
   case GL_TEXTURE_2D_ARRAY: return GLF_TEX_2D_ARRAY;
   default: return GLF_TEX_COUNT;
   }
}

struct glf_texture *
glf_unit_texture(struct glf_context *ctx, unsigned unit, enum glf_tex_target ti)
{
   static const GLenum targets[GLF_TEX_COUNT] = {GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D,
                                                 GL_TEXTURE_2D_ARRAY};
   if (ctx->tex[unit][ti])
      return ctx->tex[unit][ti];
   /* From the OpenGL ES 3.0 spec, section 3.8.14: "In the initial state, ... the default
    * texture object is bound to each texture target": name 0 is a real texture object. */
   if (!ctx->default_tex[ti]) {
      ctx->default_tex[ti] = glf_texture_new(0);
      if (ctx->default_tex[ti])
         ctx->default_tex[ti]->target = targets[ti];
   }
   return ctx->default_tex[ti];
}

static enum glf_tex_target
bind_target_index(struct glf_context *ctx, GLenum target)
{
   enum glf_tex_target t = glf_tex_target_index(target);
   if ((t == GLF_TEX_3D || t == GLF_TEX_2D_ARRAY) && GLF_ES(ctx) && ctx->major < 3)
      return GLF_TEX_COUNT;
   return t;
}

struct glf_texture *
glf_texture_new(GLuint name)
{
   struct glf_texture *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   t->name = name;
   t->refcount = 1;
   t->min_filter = GL_NEAREST_MIPMAP_LINEAR;
   t->mag_filter = GL_LINEAR;
   t->wrap_s = t->wrap_t = t->wrap_r = GL_REPEAT;
   t->compare_mode = GL_NONE;
   t->compare_func = GL_LEQUAL;
   t->swizzle[0] = GL_RED;
   t->swizzle[1] = GL_GREEN;
   t->swizzle[2] = GL_BLUE;
   t->swizzle[3] = GL_ALPHA;
   t->min_lod = -1000.0f;
   t->max_lod = 1000.0f;
   t->max_level = 1000;
   return t;
}

void GLAPIENTRY
glf_GenTextures(GLsizei n, GLuint *textures)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGenTextures(n < 0)");
      return;
   }
   glf_gen_names(ctx, &ctx->shared->textures, n, textures);
}

void GLAPIENTRY
glf_BindTexture(GLenum target, GLuint texture)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   enum glf_tex_target ti = bind_target_index(ctx, target);
   if (ti == GLF_TEX_COUNT) {
      glf_error(ctx, GL_INVALID_ENUM, "glBindTexture(target=0x%x)", target);
      return;
   }
   struct glf_texture *tex = NULL;
   if (texture) {
      glf_shared_lock(ctx);
      tex = glf_hash_lookup(&ctx->shared->textures, texture);
      if (!tex && GLF_CORE(ctx)) {
         glf_shared_unlock(ctx);
         glf_error(ctx, GL_INVALID_OPERATION, "glBindTexture(texture=%u not generated)", texture);
         return;
      }
      if (!tex || tex == GLF_NAME_RESERVED) {
         tex = glf_texture_new(texture);
         if (!tex || !glf_hash_insert(&ctx->shared->textures, texture, tex)) {
            glf_shared_unlock(ctx);
            free(tex);
            glf_error(ctx, GL_OUT_OF_MEMORY, "glBindTexture");
            return;
         }
      }
      /* From the OpenGL ES 3.0 spec, section 3.8.1: "If a texture object is bound to a
       * target other than the one it was created with, INVALID_OPERATION". The target is
       * fixed under the share lock: two contexts binding a new name race for it. */
      if (tex->target && tex->target != target) {
         glf_shared_unlock(ctx);
         glf_error(ctx, GL_INVALID_OPERATION, "glBindTexture(target mismatch)");
         return;
      }
      tex->target = target;
      glf_ref_inc(&tex->refcount); /* the binding's, taken with the lookup */
      glf_shared_unlock(ctx);
   }
   struct glf_texture **slot = &ctx->tex[ctx->active_unit][ti];
   if (*slot == tex) {
      glf_texture_unref(ctx, tex); /* already bound: drop the extra reference */
   } else {
      glf_texture_move(ctx, slot, tex);
      glf_dirty(ctx, GLF_DIRTY_TEXTURES);
   }
}

static void
detach_texture(struct glf_context *ctx, struct glf_framebuffer *fb, struct glf_texture *tex)
{
   for (unsigned i = 0; i < GLF_ATT_COUNT; i++) {
      if (fb->att[i].tex == tex) {
         glf_texture_ref(ctx, &fb->att[i].tex, NULL);
         fb->att[i].type = GL_NONE;
         glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
      }
   }
}

void GLAPIENTRY
glf_DeleteTextures(GLsizei n, const GLuint *textures)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDeleteTextures(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!textures[i])
         continue;
      glf_shared_lock(ctx);
      struct glf_texture *tex = glf_hash_lookup(&ctx->shared->textures, textures[i]);
      glf_hash_remove(&ctx->shared->textures, textures[i]);
      glf_shared_unlock(ctx);
      if (!tex || tex == GLF_NAME_RESERVED)
         continue;
      /* From the OpenGL ES 3.0 spec, section 3.8.1: "If a texture that is currently bound to
       * any of the target bindings of BindTexture is deleted, it is as though BindTexture
       * had been executed with the same target and texture zero." Section 4.4.2.3: it is
       * also detached from the bound framebuffers. */
      for (unsigned u = 0; u < GLF_MAX_TEXTURE_UNITS; u++)
         for (unsigned t = 0; t < GLF_TEX_COUNT; t++)
            if (ctx->tex[u][t] == tex) {
               glf_texture_ref(ctx, &ctx->tex[u][t], NULL);
               glf_dirty(ctx, GLF_DIRTY_TEXTURES);
            }
      if (!ctx->draw_fb->is_default)
         detach_texture(ctx, ctx->draw_fb, tex);
      if (!ctx->read_fb->is_default)
         detach_texture(ctx, ctx->read_fb, tex);
      glf_texture_unref(ctx, tex); /* the name's reference */
   }
}

GLboolean GLAPIENTRY
glf_IsTexture(GLuint texture)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   glf_shared_lock(ctx);
   struct glf_texture *t = glf_hash_lookup(&ctx->shared->textures, texture);
   bool is = t && t != GLF_NAME_RESERVED && t->target;
   glf_shared_unlock(ctx);
   return is;
}

void GLAPIENTRY
glf_ActiveTexture(GLenum texture)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_ENUM error is generated if an invalid texture is specified" (texture is
    * TEXTURE0 + i, i < MAX_COMBINED_TEXTURE_IMAGE_UNITS). */
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + (GLenum)ctx->limits.max_combined_texture_image_units) {
      glf_error(ctx, GL_INVALID_ENUM, "glActiveTexture(texture=0x%x)", texture);
      return;
   }
   ctx->active_unit = texture - GL_TEXTURE0;
}

/* ---- storage ------------------------------------------------------------------------------- */
static uint32_t
wire_target_of(GLenum target)
{
   return target == GL_TEXTURE_CUBE_MAP ? WIRE_TARGET_TEX_CUBE : WIRE_TARGET_TEX_2D;
}

static void
emit_storage(struct glf_context *ctx, struct glf_texture *tex, uint32_t op, uint32_t flags)
{
   struct wire_resource_create *p = glf_begin(ctx, op, 0);
   if (!p)
      return;
   p->res = tex->res;
   p->target = wire_target_of(tex->target);
   p->format = tex->res_fmt;
   p->width = tex->res_w;
   p->height = tex->res_h;
   p->depth = 1;
   p->layers = tex->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   p->last_level = tex->res_last_level;
   p->flags = flags;
   wire_end(ctx->wire);
}

/* Makes the storage hold a w x h image of wfmt at level. */
static void
ensure_storage(struct glf_context *ctx, struct glf_texture *tex, GLint level, uint32_t w, uint32_t h, uint32_t wfmt)
{
   if (tex->created && (uint32_t)level <= tex->res_last_level && wire_minify(tex->res_w, level) == w &&
       wire_minify(tex->res_h, level) == h && tex->res_fmt == wfmt)
      return;
   uint32_t bw = w << level, bh = h << level;
   if (bw > WIRE_MAX_TEXTURE_SIZE)
      bw = WIRE_MAX_TEXTURE_SIZE;
   if (bh > WIRE_MAX_TEXTURE_SIZE)
      bh = WIRE_MAX_TEXTURE_SIZE;
   uint32_t op = tex->created ? WIRE_OP_ResourceRespecify : WIRE_OP_ResourceCreate;
   uint32_t flags = tex->created && tex->res_fmt == wfmt ? WIRE_RESPECIFY_PRESERVE : 0;
   if (!tex->created) {
      tex->res = wire_handle_mint(ctx->wire, WIRE_KIND_RESOURCE);
      tex->created = true;
   }
   tex->res_w = bw;
   tex->res_h = bh;
   tex->res_fmt = wfmt;
   tex->res_last_level = glf_texture_levels(bw, bh) - 1;
   emit_storage(ctx, tex, op, flags);
   glf_shared_touch(ctx);
}

/* Unpacks rows [row0, row0 + rows) of a client image into tight rows at dst. */
static void
unpack_rows(struct glf_context *ctx, const uint8_t *src, uint32_t w, uint32_t row0, uint32_t rows,
            uint32_t bpp, uint8_t *dst)
{
   const struct glf_pixelstore *ps = &ctx->unpack;
   size_t row_pixels = ps->row_length ? (size_t)ps->row_length : w;
   size_t stride = row_pixels * bpp;
   stride = (stride + (size_t)ps->alignment - 1) / (size_t)ps->alignment * (size_t)ps->alignment;
   const uint8_t *base = src + (size_t)ps->skip_rows * stride + (size_t)ps->skip_pixels * bpp;
   for (uint32_t r = 0; r < rows; r++)
      memcpy(dst + (size_t)r * w * bpp, base + (size_t)(row0 + r) * stride, (size_t)w * bpp);
}

/* Uploads a client image (GL row 0 is t = 0, as the wire wants) in bands of whole rows. */
static void
upload_image(struct glf_context *ctx, struct glf_texture *tex, uint32_t face, GLint level, uint32_t x,
             uint32_t y, uint32_t w, uint32_t h, const void *pixels)
{
   uint32_t bpp = wire_format_texel_size(tex->res_fmt);
   uint32_t row_bytes = w * bpp;
   if (!pixels || !row_bytes || !h)
      return;
   uint32_t band = row_bytes ? wire_max_stage(ctx->wire) / row_bytes : 0;
   if (!band) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "texture upload: row larger than the staging segment");
      return;
   }
   for (uint32_t row = 0; row < h; row += band) {
      uint32_t rows = h - row < band ? h - row : band;
      struct wire_texture_subdata *p = GLF_BEGIN(ctx, TextureSubData);
      if (!p)
         return;
      p->res = tex->res;
      p->level = (uint32_t)level;
      p->layer = face;
      p->x = x;
      p->y = y + row;
      p->w = w;
      p->h = rows;
      p->d = 1;
      uint8_t *dst = wire_stage(ctx->wire, rows * row_bytes, &p->data);
      if (dst)
         unpack_rows(ctx, pixels, w, row, rows, bpp, dst);
      wire_end(ctx->wire);
   }
}

/* The pixels pointer with PIXEL_UNPACK_BUFFER resolved (its client shadow). */
static const void *
unpack_source(struct glf_context *ctx, const void *pixels, const char *caller, bool *ok)
{
   *ok = true;
   struct glf_buffer *pbo = ctx->pixel_unpack_buffer;
   if (!pbo)
      return pixels;
   if ((uintptr_t)pixels > pbo->size) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(pixel unpack buffer offset out of range)", caller);
      *ok = false;
      return NULL;
   }
   glf_buffer_shadow(ctx, pbo); /* bytes transform feedback wrote are read back first */
   return pbo->shadow ? pbo->shadow + (uintptr_t)pixels : NULL;
}

/* ---- glTexImage2D / glTexSubImage2D -------------------------------------------------------- */
static bool
image_target(struct glf_context *ctx, GLenum target, uint32_t *face, GLenum *bind_target)
{
   if (target == GL_TEXTURE_2D) {
      *face = 0;
      *bind_target = GL_TEXTURE_2D;
      return true;
   }
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      *bind_target = GL_TEXTURE_CUBE_MAP;
      return true;
   }
   return false;
}

static struct glf_texture *
bound_texture(struct glf_context *ctx, GLenum bind_target)
{
   return glf_unit_texture(ctx, ctx->active_unit, glf_tex_target_index(bind_target));
}

static bool
validate_tex_image(struct glf_context *ctx, GLenum target, GLint level, GLint ifmt, GLsizei w, GLsizei h,
                   GLint border, GLenum format, GLenum type, const struct tex_format **fmt,
                   struct glf_texture **tex, uint32_t *face)
{
   GLenum bind_target;
   /* From the OpenGL ES 3.0 spec, section 3.8.3 and 3.8.4 (errors of TexImage*). */
   if (!image_target(ctx, target, face, &bind_target)) {
      glf_error(ctx, GL_INVALID_ENUM, "glTexImage2D(target=0x%x)", target);
      return false;
   }
   if (!valid_pixel_format(format) || !valid_pixel_type(type)) {
      glf_error(ctx, GL_INVALID_ENUM, "glTexImage2D(format=0x%x, type=0x%x)", format, type);
      return false;
   }
   /* "An INVALID_VALUE error is generated if level is negative or larger than log2 of the
    * maximum texture size, if width or height is negative or larger than the maximum, if
    * border is not zero; for cube map faces if width and height differ." */
   const GLint max_size = bind_target == GL_TEXTURE_CUBE_MAP ? ctx->limits.max_cube_map_texture_size
                                                             : ctx->limits.max_texture_size;
   if (level < 0 || level >= ctx->limits.max_levels || w < 0 || h < 0 || w > (max_size >> level) ||
       h > (max_size >> level) || border != 0 || (bind_target == GL_TEXTURE_CUBE_MAP && w != h)) {
      glf_error(ctx, GL_INVALID_VALUE, "glTexImage2D(level=%d, %dx%d, border=%d)", level, w, h, border);
      return false;
   }
   *fmt = find_format(ctx, (GLenum)ifmt, format, type);
   if (!*fmt) {
      /* "An INVALID_OPERATION error is generated if the combination of internalformat,
       * format and type is not one of those in tables 3.2 and 3.3" -- and splitgl supports
       * only some of those so far. */
      sgl_log_once(SGL_LOG_WARN, "glTexImage2D: internalformat 0x%x format 0x%x type 0x%x not supported",
                   ifmt, format, type);
      glf_error(ctx, GL_INVALID_OPERATION, "glTexImage2D(format combination)");
      return false;
   }
   *tex = bound_texture(ctx, bind_target);
   if (!*tex || (*tex)->immutable) {
      glf_error(ctx, GL_INVALID_OPERATION, "glTexImage2D(no texture or immutable)");
      return false;
   }
   return true;
}

void GLAPIENTRY
glf_TexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLint border,
               GLenum format, GLenum type, const void *pixels)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const struct tex_format *fmt;
   struct glf_texture *tex;
   uint32_t face;
   if (!validate_tex_image(ctx, target, level, internalformat, width, height, border, format, type, &fmt,
                           &tex, &face))
      return;
   bool ok;
   const void *src = unpack_source(ctx, pixels, "glTexImage2D", &ok);
   if (!ok)
      return;
   struct glf_tex_image *img = &tex->img[face][level];
   *img = (struct glf_tex_image){(uint32_t)width, (uint32_t)height, (GLenum)internalformat, fmt->wfmt,
                                 width > 0 && height > 0};
   if (img->defined) {
      ensure_storage(ctx, tex, level, img->w, img->h, fmt->wfmt);
      upload_image(ctx, tex, face, level, 0, 0, img->w, img->h, src);
   }
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_TexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height,
                  GLenum format, GLenum type, const void *pixels)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t face;
   GLenum bind_target;
   if (!image_target(ctx, target, &face, &bind_target)) {
      glf_error(ctx, GL_INVALID_ENUM, "glTexSubImage2D(target=0x%x)", target);
      return;
   }
   if (!valid_pixel_format(format) || !valid_pixel_type(type)) {
      glf_error(ctx, GL_INVALID_ENUM, "glTexSubImage2D(format/type)");
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, bind_target);
   if (level < 0 || level >= ctx->limits.max_levels || width < 0 || height < 0 || xoffset < 0 || yoffset < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glTexSubImage2D(level/offset/size)");
      return;
   }
   struct glf_tex_image *img = tex ? &tex->img[face][level] : NULL;
   if (!img || !img->defined) {
      glf_error(ctx, GL_INVALID_OPERATION, "glTexSubImage2D(level %d not defined)", level);
      return;
   }
   /* "An INVALID_VALUE error is generated if xoffset + width > w or yoffset + height > h". */
   if ((int64_t)xoffset + width > img->w || (int64_t)yoffset + height > img->h) {
      glf_error(ctx, GL_INVALID_VALUE, "glTexSubImage2D(region outside the image)");
      return;
   }
   const struct tex_format *fmt = find_format(ctx, img->ifmt, format, type);
   if (!fmt) {
      glf_error(ctx, GL_INVALID_OPERATION, "glTexSubImage2D(format/type do not match the image)");
      return;
   }
   bool ok;
   const void *src = unpack_source(ctx, pixels, "glTexSubImage2D", &ok);
   if (ok)
      upload_image(ctx, tex, face, level, (uint32_t)xoffset, (uint32_t)yoffset, (uint32_t)width,
                   (uint32_t)height, src);
}

void GLAPIENTRY
glf_TexStorage2D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (target != GL_TEXTURE_2D && target != GL_TEXTURE_CUBE_MAP) {
      glf_error(ctx, GL_INVALID_ENUM, "glTexStorage2D(target=0x%x)", target);
      return;
   }
   const struct tex_format *fmt = NULL;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(tex_formats); i++)
      if (tex_formats[i].ifmt == internalformat && !tex_formats[i].es2)
         fmt = &tex_formats[i];
   if (!fmt) {
      glf_error(ctx, GL_INVALID_ENUM, "glTexStorage2D(internalformat=0x%x)", internalformat);
      return;
   }
   /* From the OpenGL ES 3.0 spec, section 3.8.4: "An INVALID_VALUE error is generated if
    * width, height or levels are less than 1"; "An INVALID_OPERATION error is generated if
    * levels is greater than floor(log2(max(width, height))) + 1". */
   const GLint max_size = target == GL_TEXTURE_CUBE_MAP ? ctx->limits.max_cube_map_texture_size
                                                        : ctx->limits.max_texture_size;
   if (width < 1 || height < 1 || levels < 1 || width > max_size || height > max_size ||
       (target == GL_TEXTURE_CUBE_MAP && width != height)) {
      glf_error(ctx, GL_INVALID_VALUE, "glTexStorage2D(size/levels)");
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, target);
   if ((uint32_t)levels > glf_texture_levels((uint32_t)width, (uint32_t)height) || !tex || tex->immutable) {
      glf_error(ctx, GL_INVALID_OPERATION, "glTexStorage2D(levels / no texture / immutable)");
      return;
   }
   uint32_t faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   memset(tex->img, 0, sizeof(tex->img));
   for (uint32_t f = 0; f < faces; f++)
      for (GLsizei l = 0; l < levels; l++)
         tex->img[f][l] = (struct glf_tex_image){wire_minify((uint32_t)width, (uint32_t)l),
                                                 wire_minify((uint32_t)height, (uint32_t)l), internalformat,
                                                 fmt->wfmt, true};
   ensure_storage(ctx, tex, 0, (uint32_t)width, (uint32_t)height, fmt->wfmt);
   tex->immutable = true;
   glf_shared_touch(ctx);
}

/* ---- completeness and views ------------------------------------------------------------------- */
static bool
mipmapped(GLenum min_filter)
{
   return min_filter != GL_NEAREST && min_filter != GL_LINEAR;
}

/* Last level a mipmapped sample may use (q of ES 3.0 section 3.8.10). */
static uint32_t
last_mip_level(const struct glf_texture *tex)
{
   const struct glf_tex_image *b = &tex->img[0][tex->base_level];
   uint32_t q = (uint32_t)tex->base_level + glf_texture_levels(b->w, b->h) - 1;
   if ((GLint)q > tex->max_level)
      q = (uint32_t)tex->max_level;
   if (q >= GLF_MAX_LEVELS)
      q = GLF_MAX_LEVELS - 1;
   return q;
}

bool
glf_texture_complete(const struct glf_texture *tex)
{
   if (!tex || !tex->created || tex->base_level >= GLF_MAX_LEVELS || tex->base_level > tex->max_level)
      return false;
   uint32_t faces = tex->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   const struct glf_tex_image *b = &tex->img[0][tex->base_level];
   uint32_t last = mipmapped(tex->min_filter) ? last_mip_level(tex) : (uint32_t)tex->base_level;
   /* From the OpenGL ES 3.0 spec, section 3.8.13 (Texture Completeness): every level from
    * level_base to q is defined, with the right minified size and the same internal format;
    * for cube maps, all six faces are square with the same size and format. */
   for (uint32_t f = 0; f < faces; f++) {
      for (uint32_t l = (uint32_t)tex->base_level; l <= last; l++) {
         const struct glf_tex_image *img = &tex->img[f][l];
         uint32_t d = l - (uint32_t)tex->base_level;
         if (!img->defined || img->wfmt != b->wfmt || img->w != wire_minify(b->w, d) ||
             img->h != wire_minify(b->h, d))
            return false;
         /* the storage must hold it (always true unless a remint is pending) */
         if (l > tex->res_last_level || img->w != wire_minify(tex->res_w, l) || img->h != wire_minify(tex->res_h, l))
            return false;
      }
   }
   return true;
}

static uint8_t
swizzle_of(GLenum s)
{
   switch (s) {
   case GL_RED: return WIRE_SWZ_R;
   case GL_GREEN: return WIRE_SWZ_G;
   case GL_BLUE: return WIRE_SWZ_B;
   case GL_ALPHA: return WIRE_SWZ_A;
   case GL_ZERO: return WIRE_SWZ_0;
   default: return WIRE_SWZ_1;
   }
}

void
glf_texture_view(const struct glf_texture *tex, struct wire_sampler_view *v)
{
   memset(v, 0, sizeof(*v));
   /* Incomplete textures sample as (0, 0, 0, 1): a null view. */
   if (!glf_texture_complete(tex))
      return;
   v->res = tex->res;
   v->target = (uint8_t)wire_target_of(tex->target);
   for (int i = 0; i < 4; i++)
      v->swizzle[i] = swizzle_of(tex->swizzle[i]);
   v->first_level = (uint32_t)tex->base_level;
   v->last_level = mipmapped(tex->min_filter) ? last_mip_level(tex) : (uint32_t)tex->base_level;
}

static uint8_t
wrap_of(GLenum w)
{
   return w == GL_CLAMP_TO_EDGE ? WIRE_WRAP_CLAMP_TO_EDGE : w == GL_MIRRORED_REPEAT ? WIRE_WRAP_MIRRORED_REPEAT
                                                                                     : WIRE_WRAP_REPEAT;
}

void
glf_texture_sampler_key(const struct glf_texture *tex, struct wire_sampler_state *s)
{
   memset(s, 0, sizeof(*s));
   GLenum mf = tex->min_filter;
   s->min_filter = (mf == GL_LINEAR || mf == GL_LINEAR_MIPMAP_NEAREST || mf == GL_LINEAR_MIPMAP_LINEAR)
                      ? WIRE_FILTER_LINEAR : WIRE_FILTER_NEAREST;
   s->mip_filter = !mipmapped(mf) ? WIRE_MIP_NONE
                   : (mf == GL_NEAREST_MIPMAP_LINEAR || mf == GL_LINEAR_MIPMAP_LINEAR) ? WIRE_MIP_LINEAR
                                                                                      : WIRE_MIP_NEAREST;
   s->mag_filter = tex->mag_filter == GL_LINEAR ? WIRE_FILTER_LINEAR : WIRE_FILTER_NEAREST;
   s->wrap_s = wrap_of(tex->wrap_s);
   s->wrap_t = wrap_of(tex->wrap_t);
   s->wrap_r = wrap_of(tex->wrap_r);
   s->compare_enable = tex->compare_mode == GL_COMPARE_REF_TO_TEXTURE;
   s->compare_func = (uint8_t)(tex->compare_func - GL_NEVER);
   /* LODs are relative to the view's first level (the base level). */
   s->min_lod = tex->min_lod;
   s->max_lod = tex->max_lod;
   s->max_anisotropy = 1.0f;
}

/* ---- parameters ------------------------------------------------------------------------------- */
static struct glf_texture *
param_texture(struct glf_context *ctx, GLenum target, const char *caller)
{
   enum glf_tex_target ti = bind_target_index(ctx, target);
   if (ti == GLF_TEX_COUNT) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return NULL;
   }
   struct glf_texture *tex = glf_unit_texture(ctx, ctx->active_unit, ti);
   if (!tex)
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
   return tex;
}

static bool
valid_param_enum(GLenum pname, GLenum v)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      return v == GL_NEAREST || v == GL_LINEAR || v == GL_NEAREST_MIPMAP_NEAREST || v == GL_LINEAR_MIPMAP_NEAREST ||
             v == GL_NEAREST_MIPMAP_LINEAR || v == GL_LINEAR_MIPMAP_LINEAR;
   case GL_TEXTURE_MAG_FILTER: return v == GL_NEAREST || v == GL_LINEAR;
   case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
      return v == GL_REPEAT || v == GL_CLAMP_TO_EDGE || v == GL_MIRRORED_REPEAT;
   case GL_TEXTURE_COMPARE_MODE: return v == GL_NONE || v == GL_COMPARE_REF_TO_TEXTURE;
   case GL_TEXTURE_COMPARE_FUNC: return v >= GL_NEVER && v <= GL_ALWAYS;
   case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B: case GL_TEXTURE_SWIZZLE_A:
      return v == GL_RED || v == GL_GREEN || v == GL_BLUE || v == GL_ALPHA || v == GL_ZERO || v == GL_ONE;
   default: return true;
   }
}

static GLenum *
enum_param(struct glf_texture *tex, GLenum pname)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER: return &tex->min_filter;
   case GL_TEXTURE_MAG_FILTER: return &tex->mag_filter;
   case GL_TEXTURE_WRAP_S: return &tex->wrap_s;
   case GL_TEXTURE_WRAP_T: return &tex->wrap_t;
   case GL_TEXTURE_WRAP_R: return &tex->wrap_r;
   case GL_TEXTURE_COMPARE_MODE: return &tex->compare_mode;
   case GL_TEXTURE_COMPARE_FUNC: return &tex->compare_func;
   case GL_TEXTURE_SWIZZLE_R: return &tex->swizzle[0];
   case GL_TEXTURE_SWIZZLE_G: return &tex->swizzle[1];
   case GL_TEXTURE_SWIZZLE_B: return &tex->swizzle[2];
   case GL_TEXTURE_SWIZZLE_A: return &tex->swizzle[3];
   default: return NULL;
   }
}

static void
tex_parameter(GLenum target, GLenum pname, GLfloat fv, GLint iv, bool is_float, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_texture *tex = param_texture(ctx, target, caller);
   if (!tex)
      return;
   GLenum *e = enum_param(tex, pname);
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   if (e && (!es2 || pname == GL_TEXTURE_MIN_FILTER || pname == GL_TEXTURE_MAG_FILTER ||
             pname == GL_TEXTURE_WRAP_S || pname == GL_TEXTURE_WRAP_T)) {
      GLenum v = is_float ? (GLenum)(GLint)fv : (GLenum)iv;
      if (!valid_param_enum(pname, v)) {
         glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x, param=0x%x)", caller, pname, v);
         return;
      }
      *e = v;
   } else if (!es2 && (pname == GL_TEXTURE_BASE_LEVEL || pname == GL_TEXTURE_MAX_LEVEL)) {
      GLint v = is_float ? (GLint)fv : iv;
      /* "An INVALID_VALUE error is generated if ... BASE_LEVEL or MAX_LEVEL is negative." */
      if (v < 0) {
         glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", caller, v);
         return;
      }
      *(pname == GL_TEXTURE_BASE_LEVEL ? &tex->base_level : &tex->max_level) = v;
   } else if (!es2 && (pname == GL_TEXTURE_MIN_LOD || pname == GL_TEXTURE_MAX_LOD)) {
      *(pname == GL_TEXTURE_MIN_LOD ? &tex->min_lod : &tex->max_lod) = is_float ? fv : (GLfloat)iv;
   } else {
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", caller, pname);
      return;
   }
   glf_shared_touch(ctx);
}

void GLAPIENTRY glf_TexParameteri(GLenum t, GLenum p, GLint v) { tex_parameter(t, p, 0, v, false, "glTexParameteri"); }
void GLAPIENTRY glf_TexParameterf(GLenum t, GLenum p, GLfloat v) { tex_parameter(t, p, v, 0, true, "glTexParameterf"); }
void GLAPIENTRY glf_TexParameteriv(GLenum t, GLenum p, const GLint *v) { tex_parameter(t, p, 0, v[0], false, "glTexParameteriv"); }
void GLAPIENTRY glf_TexParameterfv(GLenum t, GLenum p, const GLfloat *v) { tex_parameter(t, p, v[0], 0, true, "glTexParameterfv"); }

static bool
get_tex_parameter(GLenum target, GLenum pname, GLfloat *f, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return false;
   struct glf_texture *tex = param_texture(ctx, target, caller);
   if (!tex)
      return false;
   GLenum *e = enum_param(tex, pname);
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   if (e)
      *f = (GLfloat)*e;
   else if (pname == GL_TEXTURE_BASE_LEVEL && !es2)
      *f = (GLfloat)tex->base_level;
   else if (pname == GL_TEXTURE_MAX_LEVEL && !es2)
      *f = (GLfloat)tex->max_level;
   else if (pname == GL_TEXTURE_MIN_LOD && !es2)
      *f = tex->min_lod;
   else if (pname == GL_TEXTURE_MAX_LOD && !es2)
      *f = tex->max_lod;
   else if (pname == GL_TEXTURE_IMMUTABLE_FORMAT && !es2)
      *f = tex->immutable;
   else if (pname == GL_TEXTURE_IMMUTABLE_LEVELS && GLF_ES3(ctx))
      *f = 0;
   else {
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", caller, pname);
      return false;
   }
   return true;
}

void GLAPIENTRY
glf_GetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GLfloat f;
   if (get_tex_parameter(target, pname, &f, "glGetTexParameteriv"))
      *params = (GLint)f;
}

void GLAPIENTRY
glf_GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   get_tex_parameter(target, pname, params, "glGetTexParameterfv");
}

/* ---- mipmaps ------------------------------------------------------------------------------------ */
void GLAPIENTRY
glf_GenerateMipmap(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (target != GL_TEXTURE_2D && target != GL_TEXTURE_CUBE_MAP) {
      glf_error(ctx, bind_target_index(ctx, target) == GLF_TEX_COUNT ? GL_INVALID_ENUM : GL_INVALID_OPERATION,
                "glGenerateMipmap(target=0x%x)", target);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, target);
   uint32_t faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   GLint base = tex ? tex->base_level : 0;
   const struct glf_tex_image *b = tex && base < GLF_MAX_LEVELS ? &tex->img[0][base] : NULL;
   /* From the OpenGL ES 3.0 spec, section 3.8.10.4: "INVALID_OPERATION is generated if the
    * levelbase array was not specified with an unsized internal format or a sized internal
    * format that is both color-renderable and texture-filterable", or a cube map is not
    * cube complete. */
   if (!b || !b->defined || !glf_ifmt_color_renderable(b->wfmt)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap(base level)");
      return;
   }
   for (uint32_t f = 1; f < faces; f++) {
      const struct glf_tex_image *o = &tex->img[f][base];
      if (!o->defined || o->w != b->w || o->h != b->h || o->wfmt != b->wfmt) {
         glf_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap(cube map not cube complete)");
         return;
      }
   }
   uint32_t last = last_mip_level(tex);
   ensure_storage(ctx, tex, base, b->w, b->h, b->wfmt);
   for (uint32_t f = 0; f < faces; f++)
      for (uint32_t l = (uint32_t)base + 1; l <= last && l <= tex->res_last_level; l++)
         tex->img[f][l] = (struct glf_tex_image){wire_minify(b->w, l - (uint32_t)base),
                                                 wire_minify(b->h, l - (uint32_t)base), b->ifmt, b->wfmt, true};
   struct wire_generate_mipmap *p = GLF_BEGIN(ctx, GenerateMipmap);
   if (p) {
      p->res = tex->res;
      p->base_level = (uint32_t)base;
      p->last_level = last < tex->res_last_level ? last : tex->res_last_level;
      wire_end(ctx->wire);
   }
   glf_shared_touch(ctx);
}
