/* splitgl gl_front: texture objects, image specification (2D, cube, 3D, 2D array; GL 3.3
 * core: 1D, 1D array, rectangle) and the
 * texture's own parameters. Formats are formats.c's tables, pixel conversions pixels.c's,
 * sampling parameters and sampler objects sampler.c's.
 *
 * Storage policy: the first image specified creates a resource with the full mip chain for
 * the level-0 size it implies; an image whose size or format does not fit that storage
 * re-specifies ("remints") it, preserving contents GPU->GPU where the format is unchanged. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glf_context.h"

/* ---- formats and the log ------------------------------------------------------------------- */
/* From the OpenGL ES 3.0 spec, section 3.8.3: "INVALID_ENUM if format or type is not one of
 * the accepted values"; then glf_find_combo's INVALID_VALUE (no such internal format) or
 * INVALID_OPERATION (a combination the tables do not list). Every refusal is logged at WARN
 * with the call and the enums (issue 8, item 5: no silent refusal).
 * `unsupported` (proxy targets): a valid format the device cannot store is no error there
 * (GL 3.3 section 3.8.15: the proxy state is zero instead); it comes back with *unsupported set. */
static const struct glf_format *
resolve_format(struct glf_context *ctx, const char *caller, GLenum ifmt, GLenum format, GLenum type,
               bool *unsupported)
{
   char b1[64], b2[64], b3[64];
   GLenum err = GL_INVALID_ENUM;
   const struct glf_format *f = NULL;
   if (glf_valid_pixel_format(ctx, format) && glf_valid_pixel_type(ctx, type))
      err = glf_find_combo(ctx, ifmt, format, type, &f);
   if (err == GL_NO_ERROR && unsupported)
      *unsupported = !glf_format_supported(ctx, f);
   else if (err == GL_NO_ERROR && !glf_format_supported(ctx, f)) {
      /* An ES 3.0 format with no storage on the device (Magma emulates every one where it
       * can: server_vk/format.c); nothing else can be done for the call. */
      err = GL_OUT_OF_MEMORY;
   }
   if (err != GL_NO_ERROR) {
      sgl_log_once(SGL_LOG_WARN, "%s: internalformat %s, format %s, type %s refused: %s%s", caller,
                   glf_enum_str(ifmt, b1), glf_enum_str(format, b2), glf_enum_str(type, b3), glf_enum_name(err),
                   err == GL_OUT_OF_MEMORY ? " (the server's device cannot store it)" : "");
      glf_error(ctx, err, "%s(internalformat=0x%x, format=0x%x, type=0x%x)", caller, ifmt, format, type);
      return NULL;
   }
   return f;
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

static bool
is_3d(GLenum target)
{
   return target == GL_TEXTURE_3D;
}

static bool
is_array(GLenum target)
{
   return target == GL_TEXTURE_2D_ARRAY;
}

/* GL 3.3 section 3.8.1: a 1D array texture's layers are the rows of its images ("height");
 * they never minify. The wire addresses them as rows too (wire_target). */
static bool
is_1d_array(GLenum target)
{
   return target == GL_TEXTURE_1D_ARRAY;
}

/* Targets whose images are one row high (TEXTURE_1D) or whose rows are layers. */
static bool
is_1d(GLenum target)
{
   return target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY;
}

/* Levels of a full chain for a base image w x h x d (3D: d minifies; arrays: layers do not;
 * rectangle textures have level 0 only, GL 3.3 section 3.8.3). */
static uint32_t
chain_levels(GLenum target, uint32_t w, uint32_t h, uint32_t d)
{
   if (target == GL_TEXTURE_RECTANGLE)
      return 1;
   if (is_1d(target))
      h = 1;
   uint32_t n = glf_texture_levels(w, h);
   if (is_3d(target) && glf_texture_levels(d, 1) > n)
      n = glf_texture_levels(d, 1);
   return n;
}

/* The depth (3D) / layer count (array) of level `l` of a texture whose base has `d`. */
static uint32_t
level_depth(GLenum target, uint32_t d, uint32_t l)
{
   return is_3d(target) ? wire_minify(d, l) : d;
}

/* The height of level `l` of a texture whose base has `h` (a 1D array's layers stay). */
static uint32_t
level_height(GLenum target, uint32_t h, uint32_t l)
{
   return is_1d_array(target) ? h : wire_minify(h, l);
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
   case GL_TEXTURE_2D_MULTISAMPLE: return GLF_TEX_2D_MS;
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return GLF_TEX_2D_MS_ARRAY;
   case GL_TEXTURE_BUFFER: return GLF_TEX_BUFFER;
   case GL_TEXTURE_1D: return GLF_TEX_1D;
   case GL_TEXTURE_1D_ARRAY: return GLF_TEX_1D_ARRAY;
   case GL_TEXTURE_RECTANGLE: return GLF_TEX_RECTANGLE;
   default: return GLF_TEX_COUNT;
   }
}

struct glf_texture *
glf_unit_texture(struct glf_context *ctx, unsigned unit, enum glf_tex_target ti)
{
   static const GLenum targets[GLF_TEX_COUNT] = {GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D,
                                                 GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_MULTISAMPLE,
                                                 GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_BUFFER,
                                                 GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_RECTANGLE};
   if (ctx->tex[unit][ti])
      return ctx->tex[unit][ti];
   /* From the OpenGL ES 3.0 spec, section 3.8.14: "In the initial state, ... the default
    * texture object is bound to each texture target": name 0 is a real texture object. */
   if (!ctx->default_tex[ti]) {
      ctx->default_tex[ti] = glf_texture_new(0);
      if (ctx->default_tex[ti])
         glf_texture_set_target(ctx->default_tex[ti], targets[ti]);
   }
   return ctx->default_tex[ti];
}

static enum glf_tex_target
bind_target_index(struct glf_context *ctx, GLenum target)
{
   enum glf_tex_target t = glf_tex_target_index(target);
   if ((t == GLF_TEX_3D || t == GLF_TEX_2D_ARRAY) && GLF_ES(ctx) && ctx->major < 3)
      return GLF_TEX_COUNT;
   /* multisample and buffer textures are GL 3.1 / 3.2 core, 1D, 1D-array and rectangle
    * textures OpenGL's; OpenGL ES 3.0 has none of them (INVALID_ENUM) */
   if (t >= GLF_TEX_2D_MS && !GLF_CORE(ctx))
      return GLF_TEX_COUNT;
   return t;
}

/* Fixes a texture's target at its first bind. GL 3.3 section 3.8.7: a rectangle texture's
 * initial wrap modes are CLAMP_TO_EDGE and its minification filter LINEAR. */
void
glf_texture_set_target(struct glf_texture *tex, GLenum target)
{
   if (tex->target == target)
      return;
   tex->target = target;
   if (target == GL_TEXTURE_RECTANGLE) {
      tex->sp.wrap_s = tex->sp.wrap_t = tex->sp.wrap_r = GL_CLAMP_TO_EDGE;
      tex->sp.min_filter = GL_LINEAR;
   }
}

struct glf_texture *
glf_texture_new(GLuint name)
{
   struct glf_texture *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   t->name = name;
   t->refcount = 1;
   glf_sampler_params_init(&t->sp);
   t->swizzle[0] = GL_RED;
   t->swizzle[1] = GL_GREEN;
   t->swizzle[2] = GL_BLUE;
   t->swizzle[3] = GL_ALPHA;
   t->depth_stencil_mode = GL_DEPTH_COMPONENT;
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
      glf_texture_set_target(tex, target);
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
   switch (target) {
   case GL_TEXTURE_CUBE_MAP: return WIRE_TARGET_TEX_CUBE;
   case GL_TEXTURE_3D: return WIRE_TARGET_TEX_3D;
   case GL_TEXTURE_2D_ARRAY: return WIRE_TARGET_TEX_2D_ARRAY;
   case GL_TEXTURE_2D_MULTISAMPLE: return WIRE_TARGET_TEX_2D_MULTISAMPLE;
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY;
   case GL_TEXTURE_BUFFER: return WIRE_TARGET_TEX_BUFFER;
   case GL_TEXTURE_1D: return WIRE_TARGET_TEX_1D;
   case GL_TEXTURE_1D_ARRAY: return WIRE_TARGET_TEX_1D_ARRAY;
   default: return WIRE_TARGET_TEX_2D; /* 2D, rectangle (a 2D image of one level) */
   }
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
   p->depth = tex->res_d;
   p->layers = tex->res_layers;
   p->last_level = tex->res_last_level;
   p->samples = tex->samples;
   p->flags = flags;
   wire_end(ctx->wire);
}

/* Makes the storage hold a w x h x d image of wfmt at level (d: 3D depth or array layers). */
static void
ensure_storage(struct glf_context *ctx, struct glf_texture *tex, GLint level, uint32_t w, uint32_t h, uint32_t d,
               uint32_t wfmt)
{
   const GLenum target = tex->target;
   if (tex->created && (uint32_t)level <= tex->res_last_level && wire_minify(tex->res_w, level) == w &&
       glf_texture_res_height(tex, level) == h && tex->res_fmt == wfmt &&
       (!is_3d(target) || wire_minify(tex->res_d, level) == d) && (!is_array(target) || tex->res_layers == d))
      return;
   if (tex->image) {
      /* The storage is an EGLImage's: a remint in place would change it under the other
       * siblings. The texture leaves it first (with a copy of its levels), then grows its own. */
      glf_texture_orphan(ctx, tex, -1, true);
      ensure_storage(ctx, tex, level, w, h, d, wfmt);
      return;
   }
   uint32_t max = is_3d(target) ? WIRE_MAX_3D_TEXTURE_SIZE : WIRE_MAX_TEXTURE_SIZE;
   /* 1D images are one row; a 1D array's rows are its layers (res_layers), the resource one
    * row high */
   uint64_t bw = (uint64_t)w << level, bh = is_1d(target) ? 1 : (uint64_t)h << level;
   uint64_t bd = is_3d(target) ? (uint64_t)d << level : 1;
   bw = bw > max ? max : bw;
   bh = bh > max ? max : bh;
   bd = bd > max ? max : bd;
   uint32_t op = tex->created ? WIRE_OP_ResourceRespecify : WIRE_OP_ResourceCreate;
   uint32_t flags = tex->created && tex->res_fmt == wfmt ? WIRE_RESPECIFY_PRESERVE : 0;
   if (!tex->created) {
      tex->res = wire_handle_mint(ctx->wire, WIRE_KIND_RESOURCE);
      tex->created = true;
   }
   tex->res_w = (uint32_t)bw;
   tex->res_h = (uint32_t)bh;
   tex->res_d = (uint32_t)bd;
   tex->res_layers = target == GL_TEXTURE_CUBE_MAP ? 6 : is_array(target) ? d : is_1d_array(target) ? h : 1;
   tex->res_fmt = wfmt;
   tex->res_last_level = chain_levels(target, tex->res_w, tex->res_h, tex->res_d) - 1;
   emit_storage(ctx, tex, op, flags);
   glf_shared_touch(ctx);
}

/* The height of level `level` of the storage as GL sees it: a 1D array's layer count. */
uint32_t
glf_texture_res_height(const struct glf_texture *tex, uint32_t level)
{
   return is_1d_array(tex->target) ? tex->res_layers : wire_minify(tex->res_h, level);
}

/* ---- EGLImage siblings (egl_image.c) -------------------------------------------------------- */
/* A copy of one level GPU->GPU, exact (NEAREST, equal rectangles, sRGB read and written as
 * its UNORM twin): the orphaned sibling keeps what it held. */
static void
copy_level(struct glf_context *ctx, wire_handle src, uint32_t src_level, wire_handle dst, uint32_t dst_level,
           const struct glf_tex_image *img)
{
   struct wire_blit *p = GLF_BEGIN(ctx, Blit);
   if (!p)
      return;
   memset(p, 0, sizeof(*p));
   p->src = (struct wire_surface_ref){src, src_level, 0};
   p->dst = (struct wire_surface_ref){dst, dst_level, 0};
   p->src_x1 = p->dst_x1 = (int32_t)img->w;
   p->src_y1 = p->dst_y1 = (int32_t)img->h;
   p->mask = img->fmt->bits[4] || img->fmt->bits[5]
                ? (img->fmt->bits[4] ? WIRE_BLIT_DEPTH : 0) | (img->fmt->bits[5] ? WIRE_BLIT_STENCIL : 0)
                : WIRE_BLIT_COLOR;
   p->flags = WIRE_BLIT_F_LINEAR_SRGB;
   wire_end(ctx->wire);
}

/* The texture leaves the EGLImage storage it shares (EGL_KHR_image_base: "Respecification
 * and/or deletion of any EGLImage sibling [...] should not affect the contents of the EGLImage
 * or other siblings"): with `copy`, it gets a resource of its own (a full mip chain of what it
 * described) holding a copy of every level it defines but `skip` (-1: none); without, it has no
 * storage until the next ensure_storage. The image and the other siblings keep theirs. */
void
glf_texture_orphan(struct glf_context *ctx, struct glf_texture *tex, GLint skip, bool copy)
{
   struct glf_image_storage *s = tex->image;
   if (!s)
      return;
   const wire_handle old = tex->res;
   const uint32_t old_base = tex->res_base, old_last = tex->res_last_level;
   tex->image = NULL;
   tex->image_levels = 0;
   tex->res_base = 0;
   tex->created = false;
   if (copy) {
      tex->res = wire_handle_mint(ctx->wire, WIRE_KIND_RESOURCE);
      tex->created = true;
      tex->res_last_level = chain_levels(tex->target, tex->res_w, tex->res_h, tex->res_d) - 1;
      emit_storage(ctx, tex, WIRE_OP_ResourceCreate, 0);
      /* Only 2D textures are siblings (EGL_GL_TEXTURE_2D, glEGLImageTargetTexture2DOES). */
      for (uint32_t l = 0; l <= old_last && l < GLF_MAX_LEVELS; l++) {
         const struct glf_tex_image *img = &tex->img[0][l];
         if ((GLint)l != skip && img->defined && img->fmt && img->wfmt == tex->res_fmt &&
             img->w == wire_minify(tex->res_w, l) && img->h == wire_minify(tex->res_h, l))
            copy_level(ctx, old, l + old_base, tex->res, l, img);
      }
   }
   glf_image_storage_unref(s); /* after the copies: its last reference destroys the old resource */
   glf_dirty(ctx, GLF_DIRTY_TEXTURES | GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
   glf_shared_touch(ctx);
}

/* Before level `level` of `face` is respecified (TexImage*, CopyTexImage*, CompressedTexImage*):
 * a sibling level leaves the image, the texture's other levels copied to its own storage. */
static void
leave_image_for(struct glf_context *ctx, struct glf_texture *tex, uint32_t face, GLint level)
{
   if (tex->image && face == 0 && level >= 0 && level < 32 && (tex->image_levels >> level) & 1u)
      glf_texture_orphan(ctx, tex, level, true);
}

/* ---- uploads --------------------------------------------------------------------------------- */
/* Where a client image's rows are (ES 3.0 section 3.7.4, "Unpacking": UNPACK_ROW_LENGTH,
 * _ALIGNMENT, _SKIP_PIXELS, _SKIP_ROWS, _IMAGE_HEIGHT, _SKIP_IMAGES). */
struct unpack_layout {
   size_t row_stride, image_stride, offset;
};

static struct unpack_layout
unpack_layout(const struct glf_pixelstore *ps, uint32_t w, uint32_t h, uint32_t bpp, bool three_d)
{
   struct unpack_layout l;
   size_t row_pixels = ps->row_length ? (size_t)ps->row_length : w;
   size_t a = (size_t)ps->alignment;
   l.row_stride = (row_pixels * bpp + a - 1) / a * a;
   size_t rows = three_d && ps->image_height ? (size_t)ps->image_height : h;
   l.image_stride = l.row_stride * rows;
   l.offset = (size_t)ps->skip_pixels * bpp + (size_t)ps->skip_rows * l.row_stride +
              (three_d ? (size_t)ps->skip_images * l.image_stride : 0);
   return l;
}

/* Bytes an unpack reads from the start of `pixels` (the last row without its padding). */
static size_t
unpack_extent(const struct unpack_layout *l, uint32_t w, uint32_t h, uint32_t d, uint32_t bpp)
{
   if (!w || !h || !d)
      return 0;
   return l->offset + (size_t)(d - 1) * l->image_stride + (size_t)(h - 1) * l->row_stride + (size_t)w * bpp;
}

/* Whether the client's pixels already are the wire layout (copied as they are). */
static bool
wire_layout(const struct glf_pixfmt *pf, GLenum format, GLenum type, uint32_t wfmt)
{
   const struct wire_format_info *wi = wire_format_info(wfmt);
   if (pf->bpp != wi->size || format == GL_BGR || format == GL_BGRA || format == GL_BGR_INTEGER ||
       format == GL_BGRA_INTEGER || format == GL_GREEN || format == GL_BLUE || format == GL_GREEN_INTEGER ||
       format == GL_BLUE_INTEGER)
      return false;
   switch (wi->packing) {
   case WIRE_PACK_565: return type == GL_UNSIGNED_SHORT_5_6_5;
   case WIRE_PACK_4444: return type == GL_UNSIGNED_SHORT_4_4_4_4;
   case WIRE_PACK_5551: return type == GL_UNSIGNED_SHORT_5_5_5_1;
   case WIRE_PACK_1010102: return type == GL_UNSIGNED_INT_2_10_10_10_REV;
   case WIRE_PACK_11_11_10F: return type == GL_UNSIGNED_INT_10F_11F_11F_REV;
   case WIRE_PACK_999E5: return type == GL_UNSIGNED_INT_5_9_9_9_REV;
   case WIRE_PACK_D24S8: return type == GL_UNSIGNED_INT_24_8;
   case WIRE_PACK_D32FS8: return false; /* float depth is clamped to [0, 1] on the way (pixels.c) */
   case WIRE_PACK_X8D24: return false; /* 32-bit GL data, 24-bit wire depth */
   default: break;
   }
   if (pf->comps != (wi->comps ? wi->comps : 1) || pf->integer != ((wi->flags & WIRE_FMTF_INTEGER) != 0) ||
       wfmt == WIRE_FMT_D32_FLOAT)
      return false;
   switch (wi->ctype) {
   case WIRE_CT_UNORM8: case WIRE_CT_UINT8: return type == GL_UNSIGNED_BYTE;
   case WIRE_CT_SNORM8: case WIRE_CT_SINT8: return type == GL_BYTE;
   case WIRE_CT_UNORM16: case WIRE_CT_UINT16: return type == GL_UNSIGNED_SHORT;
   case WIRE_CT_SNORM16: case WIRE_CT_SINT16: return type == GL_SHORT;
   case WIRE_CT_UINT32: return type == GL_UNSIGNED_INT;
   case WIRE_CT_SINT32: return type == GL_INT;
   case WIRE_CT_FLOAT16: return type == GL_HALF_FLOAT || type == GL_HALF_FLOAT_OES;
   case WIRE_CT_FLOAT32: return type == GL_FLOAT;
   default: return false;
   }
}

/* The channel each wire component of `f` stores (ALPHA / LUMINANCE in R / RG). */
static void
store_map(const struct glf_format *f, uint8_t map[4])
{
   static const uint8_t maps[4][4] = {
      [GLF_SWZ_NONE] = {0, 1, 2, 3},
      [GLF_SWZ_ALPHA] = {3, 0, 0, 0},
      [GLF_SWZ_LUMINANCE] = {0, 0, 0, 0},
      [GLF_SWZ_LUMINANCE_ALPHA] = {0, 3, 0, 0},
   };
   memcpy(map, maps[f->swizzle < 4 ? f->swizzle : 0], 4);
}

/* One image region as the client gave it. */
struct upload {
   GLenum format, type;
   const struct glf_format *fmt;
   const uint8_t *pixels;
   uint32_t x, y, z, w, h, d; /* z: first layer / slice (cube: the face) */
};

/* Converts rows [row0, row0 + rows) of slice k into dst in the wire layout. */
static void
convert_rows(struct glf_context *ctx, const struct upload *u, const struct glf_pixfmt *pf,
             const struct unpack_layout *l, bool copy, uint32_t k, uint32_t row0, uint32_t rows, uint8_t *dst)
{
   uint32_t ws = wire_format_texel_size(u->fmt->wfmt);
   uint8_t map[4];
   store_map(u->fmt, map);
   double (*tmp)[4] = copy ? NULL : malloc(sizeof(double[4]) * u->w);
   if (!copy && !tmp) {
      memset(dst, 0, (size_t)rows * u->w * ws);
      glf_error(ctx, GL_OUT_OF_MEMORY, "texture upload conversion");
      return;
   }
   for (uint32_t r = 0; r < rows; r++) {
      const uint8_t *src = u->pixels + l->offset + (size_t)k * l->image_stride + (size_t)(row0 + r) * l->row_stride;
      uint8_t *out = dst + (size_t)r * u->w * ws;
      if (copy) {
         memcpy(out, src, (size_t)u->w * ws);
      } else {
         glf_unpack_pixels(pf, src, u->w, tmp);
         glf_pack_wire(u->fmt->wfmt, map, (const double(*)[4])tmp, u->w, out);
      }
   }
   free(tmp);
}

/* Uploads a client image (GL row 0 is t = 0, as the wire wants) in bands of whole rows, one
 * record per slice / layer band. */
static void
upload_image(struct glf_context *ctx, struct glf_texture *tex, GLint level, const struct upload *u)
{
   struct glf_pixfmt pf;
   if (!u->pixels || !u->w || !u->h || !u->d || !glf_pixfmt(u->format, u->type, &pf))
      return;
   const bool three_d = is_3d(tex->target) || is_array(tex->target);
   struct unpack_layout l = unpack_layout(&ctx->unpack, u->w, u->h, pf.bpp, three_d);
   const bool copy = wire_layout(&pf, u->format, u->type, u->fmt->wfmt);
   uint32_t row_bytes = u->w * wire_format_texel_size(u->fmt->wfmt);
   uint32_t band = row_bytes ? wire_max_stage(ctx->wire) / row_bytes : 0;
   if (!band) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "texture upload: row larger than the staging segment");
      return;
   }
   for (uint32_t k = 0; k < u->d; k++) {
      for (uint32_t row = 0; row < u->h; row += band) {
         uint32_t rows = u->h - row < band ? u->h - row : band;
         struct wire_texture_subdata *p = GLF_BEGIN(ctx, TextureSubData);
         if (!p)
            return;
         p->res = tex->res;
         p->level = (uint32_t)level + tex->res_base;
         /* cube: the face; array: the layer; 3D: slice z */
         p->layer = is_3d(tex->target) ? 0 : u->z + (is_array(tex->target) ? k : 0);
         p->z = is_3d(tex->target) ? u->z + k : 0;
         p->x = u->x;
         p->y = u->y + row;
         p->w = u->w;
         p->h = rows;
         p->d = 1;
         uint8_t *dst = wire_stage(ctx->wire, rows * row_bytes, &p->data);
         if (dst)
            convert_rows(ctx, u, &pf, &l, copy, k, row, rows, dst);
         wire_end(ctx->wire);
      }
   }
}

/* The pixels pointer with PIXEL_UNPACK_BUFFER resolved (its client shadow). From the OpenGL ES
 * 3.0 spec, section 3.7.1: "INVALID_OPERATION if a pixel unpack buffer object is bound and
 * the data would be unpacked from the buffer object such that the memory reads required would
 * exceed the data store size", or data "is not evenly divisible into the number of bytes
 * needed to store in memory a datum indicated by type". */
static const void *
unpack_source(struct glf_context *ctx, const void *pixels, GLenum format, GLenum type, uint32_t w, uint32_t h,
              uint32_t d, bool three_d, const char *caller, bool *ok)
{
   *ok = true;
   struct glf_buffer *pbo = ctx->pixel_unpack_buffer;
   if (!pbo)
      return pixels;
   struct glf_pixfmt pf;
   size_t need = 0, datum = 1;
   if (glf_pixfmt(format, type, &pf)) {
      struct unpack_layout l = unpack_layout(&ctx->unpack, w, h, pf.bpp, three_d);
      need = unpack_extent(&l, w, h, d, pf.bpp);
      datum = glf_pixfmt_datum(&pf);
   }
   uintptr_t off = (uintptr_t)pixels;
   /* ... and "if a pixel unpack buffer object is bound and the buffer object's data store is
    * currently mapped" */
   if (pbo->mapped || off > pbo->size || need > pbo->size - off || (datum && off % datum)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(pixel unpack buffer %s)", caller,
                pbo->mapped ? "mapped" : "range / alignment");
      *ok = false;
      return NULL;
   }
   glf_buffer_shadow(ctx, pbo); /* bytes transform feedback wrote are read back first */
   return pbo->shadow ? pbo->shadow + off : NULL;
}

static bool on_block_grid(GLint o, GLsizei n, uint32_t ext);
static void upload_compressed(struct glf_context *ctx, struct glf_texture *tex, GLint level, uint32_t wfmt,
                              const uint8_t *src, uint32_t x, uint32_t y, uint32_t z, uint32_t w, uint32_t h, uint32_t d);

/* GL 3.3 section 3.8.3 (and ARB_texture_compression_rgtc): RGTC images are 2D, cube map and
 * 2D-array images. A 3D target is INVALID_OPERATION ("if internalformat is ... RGTC ... and
 * target is TEXTURE_3D"); 1D, 1D-array and rectangle targets cannot be compressed at all
 * (INVALID_ENUM, as Mesa). */
static GLenum
compressed_target_error(GLenum bind_target)
{
   if (bind_target == GL_TEXTURE_3D)
      return GL_INVALID_OPERATION;
   if (bind_target == GL_TEXTURE_1D || bind_target == GL_TEXTURE_1D_ARRAY || bind_target == GL_TEXTURE_RECTANGLE)
      return GL_INVALID_ENUM;
   return GL_NO_ERROR;
}

/* ---- RGTC images given uncompressed --------------------------------------------------------- */
/* GL 3.3 section 3.8.3: with a specific compressed internal format "the GL will ... compress"
 * the image TexImage* / TexSubImage* give: the texels are converted as for the 8-bit format of
 * the same components (R8 / RG8, UNORM or SNORM), then each 4x4 block encoded (wire/rgtc.c;
 * the texels of a partial block past the image's edge repeat its last column / row). Returns
 * the blocks of the region, malloc'ed, or NULL (GL_OUT_OF_MEMORY raised). */
static uint8_t *
encode_blocks(struct glf_context *ctx, const struct glf_texture *tex, const struct upload *u)
{
   struct glf_pixfmt pf;
   if (!glf_pixfmt(u->format, u->type, &pf))
      return NULL;
   uint32_t comps;
   bool is_signed;
   struct upload plain = *u;
   glf_rgtc_plain(u->fmt->wfmt, &comps, &is_signed);
   plain.fmt = glf_format_by_ifmt(comps == 2 ? (is_signed ? GL_RG8_SNORM : GL_RG8) : (is_signed ? GL_R8_SNORM : GL_R8));
   struct unpack_layout l = unpack_layout(&ctx->unpack, u->w, u->h, pf.bpp, is_3d(tex->target) || is_array(tex->target));
   const bool copy = wire_layout(&pf, u->format, u->type, plain.fmt->wfmt);
   uint8_t *texels = malloc((size_t)u->w * u->h * u->d * comps);
   uint8_t *out = malloc((size_t)wire_format_image_size(u->fmt->wfmt, u->w, u->h, u->d));
   if (!texels || !out) {
      free(texels);
      free(out);
      glf_error(ctx, GL_OUT_OF_MEMORY, "compressing a texture image");
      return NULL;
   }
   for (uint32_t k = 0; k < u->d; k++)
      convert_rows(ctx, &plain, &pf, &l, copy, k, 0, u->h, texels + (size_t)k * u->w * u->h * comps);
   glf_rgtc_encode_image(u->fmt->wfmt, texels, u->w, u->h, u->d, out);
   free(texels);
   return out;
}

/* Compresses the region u gives and sends it (and keeps the client copy of the blocks). */
static void
upload_encoded(struct glf_context *ctx, struct glf_texture *tex, GLint level, uint32_t face, const struct upload *u)
{
   if (!u->pixels || !u->w || !u->h || !u->d)
      return;
   uint8_t *blocks = encode_blocks(ctx, tex, u);
   if (!blocks)
      return;
   glf_texture_store_blocks(tex, face, (uint32_t)level, blocks, u->x, u->y, u->z - face, u->w, u->h, u->d);
   upload_compressed(ctx, tex, level, u->fmt->wfmt, blocks, u->x, u->y, u->z, u->w, u->h, u->d);
   free(blocks);
}

/* ---- glTexImage2D / 3D ----------------------------------------------------------------------- */
static struct glf_texture *
bound_texture(struct glf_context *ctx, GLenum bind_target)
{
   return glf_unit_texture(ctx, ctx->active_unit, glf_tex_target_index(bind_target));
}

/* The binding target and face / layer base of an image target of TexImage1D (dims 1, GL),
 * TexImage2D (dims 2) or TexImage3D (dims 3). OpenGL 3.3 core adds TEXTURE_1D (1D calls) and
 * TEXTURE_1D_ARRAY / TEXTURE_RECTANGLE (2D calls); ES has none of them (INVALID_ENUM). */
static bool
image_target(struct glf_context *ctx, GLenum target, int dims, uint32_t *face, GLenum *bind_target)
{
   *face = 0;
   *bind_target = target;
   if (dims == 1)
      return target == GL_TEXTURE_1D && GLF_CORE(ctx);
   if (dims == 3)
      return (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY) && !(GLF_ES(ctx) && ctx->major < 3);
   if (target == GL_TEXTURE_2D)
      return true;
   if (target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_RECTANGLE)
      return GLF_CORE(ctx);
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      *bind_target = GL_TEXTURE_CUBE_MAP;
      return true;
   }
   return false;
}

/* Size limits of a target (ES 3.0 section 3.8.3: "INVALID_VALUE if width, height or depth is
 * negative or larger than ..."; level beyond log2 of the largest size is INVALID_VALUE).
 * GL 3.3 section 3.8.3: a 1D array's height is its layer count (at most
 * MAX_ARRAY_TEXTURE_LAYERS); "If target is TEXTURE_RECTANGLE ... an INVALID_VALUE error is
 * generated if level is non-zero", its sides at most MAX_RECTANGLE_TEXTURE_SIZE (splitgl's is
 * MAX_TEXTURE_SIZE). */
static bool
size_ok(struct glf_context *ctx, GLenum bind_target, GLint level, GLsizei w, GLsizei h, GLsizei d)
{
   GLint max = bind_target == GL_TEXTURE_CUBE_MAP ? ctx->limits.max_cube_map_texture_size
               : is_3d(bind_target)              ? ctx->limits.max_3d_texture_size
                                                 : ctx->limits.max_texture_size;
   GLint max_levels = (GLint)glf_texture_levels((uint32_t)max, 1);
   if (level < 0 || level >= max_levels || level >= GLF_MAX_LEVELS || w < 0 || h < 0 || d < 0)
      return false;
   if (bind_target == GL_TEXTURE_RECTANGLE && level != 0)
      return false;
   if (w > (max >> level) || (is_1d_array(bind_target) ? h > ctx->limits.max_array_texture_layers : h > (max >> level)))
      return false;
   if (is_3d(bind_target) && d > (max >> level))
      return false;
   if (is_array(bind_target) && d > ctx->limits.max_array_texture_layers)
      return false;
   return bind_target != GL_TEXTURE_CUBE_MAP || w == h;
}

/* OpenGL 3.3 core section 3.8.15 (Texture State and Proxy State): the proxy targets of
 * TexImage1D/2D/3D, the target whose rules each one tests, and its slot in ctx->proxy_img. ES
 * has no proxy targets (INVALID_ENUM). */
static const struct {
   GLenum proxy, target;
   int dims;
} proxy_targets[GLF_PROXY_TARGETS] = {
   {GL_PROXY_TEXTURE_1D, GL_TEXTURE_1D, 1},
   {GL_PROXY_TEXTURE_2D, GL_TEXTURE_2D, 2},
   {GL_PROXY_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY, 2},
   {GL_PROXY_TEXTURE_RECTANGLE, GL_TEXTURE_RECTANGLE, 2},
   {GL_PROXY_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP, 2},
   {GL_PROXY_TEXTURE_3D, GL_TEXTURE_3D, 3},
   {GL_PROXY_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, 3},
};

/* The slot of a proxy target (dims 0: of any TexImage call), or -1. */
static int
proxy_index(const struct glf_context *ctx, GLenum target, int dims)
{
   if (!GLF_CORE(ctx))
      return -1;
   for (int i = 0; i < GLF_PROXY_TARGETS; i++)
      if (proxy_targets[i].proxy == target && (!dims || proxy_targets[i].dims == dims))
         return i;
   return -1;
}

/* The errors a proxy target keeps (Mesa agrees): a level outside the target's range, negative
 * sizes, a border, a cube map that is not square are INVALID_VALUE; only sizes beyond the
 * limits make the proxy state zero instead. */
static bool
proxy_args_ok(struct glf_context *ctx, GLenum bind_target, GLint level, GLsizei w, GLsizei h, GLsizei d, GLint border)
{
   GLint max = bind_target == GL_TEXTURE_CUBE_MAP ? ctx->limits.max_cube_map_texture_size
               : is_3d(bind_target)              ? ctx->limits.max_3d_texture_size
                                                 : ctx->limits.max_texture_size;
   GLint max_levels = (GLint)glf_texture_levels((uint32_t)max, 1);
   return level >= 0 && level < max_levels && level < GLF_MAX_LEVELS && w >= 0 && h >= 0 && d >= 0 && border == 0 &&
          (bind_target != GL_TEXTURE_RECTANGLE || level == 0) && (bind_target != GL_TEXTURE_CUBE_MAP || w == h);
}

static void
tex_image(GLenum target, int dims, GLint level, GLint ifmt, GLsizei w, GLsizei h, GLsizei d, GLint border,
          GLenum format, GLenum type, const void *pixels, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t face;
   GLenum bind_target;
   const int proxy = proxy_index(ctx, target, dims);
   if (proxy >= 0) {
      face = 0;
      bind_target = proxy_targets[proxy].target;
   } else if (!image_target(ctx, target, dims, &face, &bind_target)) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   /* From the OpenGL ES 3.0 spec, section 3.8.3 (errors of TexImage*): sizes, level and border
    * first (INVALID_VALUE), then the format tables. */
   if (proxy >= 0 ? !proxy_args_ok(ctx, bind_target, level, w, h, d, border)
                  : !size_ok(ctx, bind_target, level, w, h, d) || border != 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d, %dx%dx%d, border=%d)", caller, level, w, h, d, border);
      return;
   }
   bool unsupported = false;
   const struct glf_format *fmt = resolve_format(ctx, caller, (GLenum)ifmt, format, type,
                                                  proxy >= 0 ? &unsupported : NULL);
   if (!fmt)
      return;
   /* "An INVALID_OPERATION error is generated if target is TEXTURE_3D and format is
    * DEPTH_COMPONENT or DEPTH_STENCIL." */
   if (is_3d(bind_target) && (fmt->bits[4] || fmt->bits[5])) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: a 3D texture of depth / stencil format %s refused (INVALID_OPERATION)", caller,
                   glf_enum_str((GLenum)ifmt, b1));
      glf_error(ctx, GL_INVALID_OPERATION, "%s(3D depth texture)", caller);
      return;
   }
   GLenum cerr = (fmt->flags & GLF_FMT_COMPRESSED) ? compressed_target_error(bind_target) : GL_NO_ERROR;
   if (cerr != GL_NO_ERROR) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: compressed internalformat %s on target 0x%x refused (%s)", caller,
                   glf_enum_str((GLenum)ifmt, b1), target, glf_enum_name(cerr));
      glf_error(ctx, cerr, "%s(compressed internalformat on target 0x%x)", caller, target);
      return;
   }
   if (proxy >= 0) {
      /* GL 3.3 section 3.8.15: "no image ... is modified or created"; the proxy's level state
       * is the image's where it would be supported (sizes within the device's limits, a
       * format it stores), else zero, with no error. Nothing goes to the server. */
      struct glf_tex_image *img = &ctx->proxy_img[proxy][level];
      *img = (struct glf_tex_image){0};
      if (!unsupported && size_ok(ctx, bind_target, level, w, h, d))
         *img = (struct glf_tex_image){(uint32_t)w, (uint32_t)h, (uint32_t)d,
                                       glf_generic_compressed_base((GLenum)ifmt), fmt->wfmt, fmt, true};
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, bind_target);
   /* "An INVALID_OPERATION error is generated if the texture object ... is immutable." */
   if (!tex || tex->immutable) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no texture or immutable)", caller);
      return;
   }
   bool ok;
   const void *src = unpack_source(ctx, pixels, format, type, (uint32_t)w, (uint32_t)h, (uint32_t)d, dims == 3,
                                   caller, &ok);
   if (!ok)
      return;
   leave_image_for(ctx, tex, face, level);
   struct glf_tex_image *img = &tex->img[face][level];
   *img = (struct glf_tex_image){(uint32_t)w, (uint32_t)h, (uint32_t)d, glf_generic_compressed_base((GLenum)ifmt),
                                 fmt->wfmt, fmt, w > 0 && h > 0 && d > 0};
   glf_texture_drop_blocks(tex, (int)face, level);
   if (img->defined) {
      ensure_storage(ctx, tex, level, img->w, img->h, img->d, fmt->wfmt);
      struct upload u = {format, type, fmt, src, 0, 0, face, img->w, img->h, img->d};
      if (fmt->flags & GLF_FMT_COMPRESSED)
         upload_encoded(ctx, tex, level, face, &u);
      else
         upload_image(ctx, tex, level, &u);
   }
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_TexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLint border, GLenum format,
               GLenum type, const void *pixels)
{
   tex_image(target, 1, level, internalformat, width, 1, 1, border, format, type, pixels, "glTexImage1D");
}

void GLAPIENTRY
glf_TexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLint border,
               GLenum format, GLenum type, const void *pixels)
{
   tex_image(target, 2, level, internalformat, width, height, 1, border, format, type, pixels, "glTexImage2D");
}

void GLAPIENTRY
glf_TexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLsizei depth,
               GLint border, GLenum format, GLenum type, const void *pixels)
{
   tex_image(target, 3, level, internalformat, width, height, depth, border, format, type, pixels, "glTexImage3D");
}

/* The image a TexSubImage / CompressedTexSubImage region updates, or NULL with the spec's
 * error: INVALID_VALUE for a bad level, a negative offset or size, or "if xoffset + width > w,
 * yoffset + height > h or zoffset + depth > d" (the image's extents; 2D images have depth 1);
 * INVALID_OPERATION when the level was never defined. */
static struct glf_tex_image *
sub_image_target(struct glf_context *ctx, struct glf_texture *tex, GLenum bind_target, uint32_t face, GLint level,
                 GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, const char *caller)
{
   if (!size_ok(ctx, bind_target, level, 0, 0, 0) || w < 0 || h < 0 || d < 0 || x < 0 || y < 0 || z < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(level/offset/size)", caller);
      return NULL;
   }
   struct glf_tex_image *img = tex ? &tex->img[face][level] : NULL;
   if (!img || !img->defined) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(level %d not defined)", caller, level);
      return NULL;
   }
   if ((int64_t)x + w > img->w || (int64_t)y + h > img->h || (int64_t)z + d > img->d) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(region outside the image)", caller);
      return NULL;
   }
   return img;
}

static void
tex_sub_image(GLenum target, int dims, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
              GLenum format, GLenum type, const void *pixels, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t face;
   GLenum bind_target;
   char b1[64], b2[64], b3[64];
   if (!image_target(ctx, target, dims, &face, &bind_target)) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   if (!glf_valid_pixel_format(ctx, format) || !glf_valid_pixel_type(ctx, type)) {
      sgl_log_once(SGL_LOG_WARN, "%s: format %s, type %s refused (INVALID_ENUM)", caller, glf_enum_str(format, b2),
                   glf_enum_str(type, b3));
      glf_error(ctx, GL_INVALID_ENUM, "%s(format=0x%x, type=0x%x)", caller, format, type);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, bind_target);
   struct glf_tex_image *img = sub_image_target(ctx, tex, bind_target, face, level, x, y, z, w, h, d, caller);
   if (!img)
      return;
   /* ES: the combination must be one table 3.2 / 3.3 allows for the image's internal format.
    * GL: any pair that fits it (integer, depth, packed component count). */
   if (!glf_combo_allowed(ctx, img->ifmt, img->fmt, format, type)) {
      sgl_log_once(SGL_LOG_WARN, "%s: format %s, type %s do not match the image's internal format %s "
                                 "(INVALID_OPERATION)", caller, glf_enum_str(format, b2), glf_enum_str(type, b3),
                   glf_enum_str(img->ifmt, b1));
      glf_error(ctx, GL_INVALID_OPERATION, "%s(format/type do not match the image)", caller);
      return;
   }
   bool ok;
   const void *src = unpack_source(ctx, pixels, format, type, (uint32_t)w, (uint32_t)h, (uint32_t)d, dims == 3,
                                   caller, &ok);
   /* ARB_texture_compression_rgtc: "INVALID_OPERATION is generated by TexSubImage2D ... if
    * the texture image ... has one of the four RGTC formats and any of the following apply:
    * xoffset or yoffset is not a multiple of four; width is not a multiple of four and
    * xoffset + width is not equal to the texture image's width" (height likewise). */
   const bool compressed = (img->fmt->flags & GLF_FMT_COMPRESSED) != 0;
   if (compressed && (!on_block_grid(x, w, img->w) || !on_block_grid(y, h, img->h))) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(region off the 4x4 block grid of a compressed image)", caller);
      return;
   }
   if (!ok || !tex->created || (uint32_t)level > tex->res_last_level)
      return;
   struct upload u = {format, type, img->fmt, src, (uint32_t)x, (uint32_t)y, face + (uint32_t)z, (uint32_t)w,
                      (uint32_t)h, (uint32_t)d};
   if (compressed)
      upload_encoded(ctx, tex, level, face, &u);
   else
      upload_image(ctx, tex, level, &u);
}

void GLAPIENTRY
glf_TexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format, GLenum type,
                  const void *pixels)
{
   tex_sub_image(target, 1, level, xoffset, 0, 0, width, 1, 1, format, type, pixels, "glTexSubImage1D");
}

void GLAPIENTRY
glf_TexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height,
                  GLenum format, GLenum type, const void *pixels)
{
   tex_sub_image(target, 2, level, xoffset, yoffset, 0, width, height, 1, format, type, pixels, "glTexSubImage2D");
}

void GLAPIENTRY
glf_TexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width,
                  GLsizei height, GLsizei depth, GLenum format, GLenum type, const void *pixels)
{
   tex_sub_image(target, 3, level, xoffset, yoffset, zoffset, width, height, depth, format, type, pixels,
                 "glTexSubImage3D");
}

/* ---- glCompressedTexImage2D / 3D, glCompressedTexSubImage2D / 3D ---------------------------- */
/* ETC2 / EAC (ES 3.0 table 3.19) and ETC1 (OES_compressed_ETC1_RGB8_texture). The blocks go to
 * the server as the application gave them (whole 4x4 blocks, block rows bottom first); the
 * server stores them as they are or decodes them (server_vk/etc2.c). ES 3.0 has no compressed
 * pixel-store state: the data is tightly packed blocks whatever UNPACK_* says. */

/* The bytes of the call: `data` in client memory, or at offset `data` of PIXEL_UNPACK_BUFFER
 * (its client shadow). The rules of buffer objects as pixel sources (ES 3.0 section 3.7.1)
 * apply to imageSize bytes: INVALID_OPERATION if the reads would pass the end of the data
 * store, or if the store is mapped. */
static const uint8_t *
compressed_source(struct glf_context *ctx, const void *data, GLsizei size, const char *caller, bool *ok)
{
   *ok = true;
   struct glf_buffer *pbo = ctx->pixel_unpack_buffer;
   if (!pbo)
      return data;
   uintptr_t off = (uintptr_t)data;
   if (pbo->mapped || off > pbo->size || (uint64_t)size > pbo->size - off) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(pixel unpack buffer %s)", caller, pbo->mapped ? "mapped" : "range");
      *ok = false;
      return NULL;
   }
   glf_buffer_shadow(ctx, pbo);
   return pbo->shadow ? pbo->shadow + off : NULL;
}

/* Sends a w x h x d region at (x, y) of layer / face z on: one TextureSubData record per band
 * of block rows (a band ends on a block row, the last one at the region's end). */
static void
upload_compressed(struct glf_context *ctx, struct glf_texture *tex, GLint level, uint32_t wfmt, const uint8_t *src,
                  uint32_t x, uint32_t y, uint32_t z, uint32_t w, uint32_t h, uint32_t d)
{
   if (!src || !w || !h || !d)
      return;
   const uint64_t row_bytes = wire_format_image_size(wfmt, w, 1, 1); /* one row of blocks */
   const uint32_t block_rows = (h + 3) / 4;
   const uint64_t band = row_bytes ? wire_max_stage(ctx->wire) / row_bytes : 0;
   if (!band) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "compressed upload: a block row larger than the staging segment");
      return;
   }
   for (uint32_t k = 0; k < d; k++) {
      const uint8_t *slice = src + (size_t)k * block_rows * row_bytes;
      for (uint32_t br = 0; br < block_rows; br += (uint32_t)band) {
         uint32_t rows = block_rows - br < band ? block_rows - br : (uint32_t)band;
         struct wire_texture_subdata *p = GLF_BEGIN(ctx, TextureSubData);
         if (!p)
            return;
         p->res = tex->res;
         p->level = (uint32_t)level + tex->res_base;
         p->layer = z + k; /* cube: the face (d is 1); array: the layer */
         p->x = x;
         p->y = y + br * 4;
         p->w = w;
         p->h = h - br * 4 < rows * 4 ? h - br * 4 : rows * 4;
         p->d = 1;
         uint8_t *dst = wire_stage(ctx->wire, (uint32_t)(rows * row_bytes), &p->data);
         if (dst)
            memcpy(dst, slice + (size_t)br * row_bytes, (size_t)(rows * row_bytes));
         wire_end(ctx->wire);
      }
   }
}

/* ES 3.0 section 3.8.6: ETC2 / EAC images are 2D, cube map and 2D-array images ("An
 * INVALID_OPERATION error is generated by CompressedTexImage3D if internalformat is one of
 * the ETC2/EAC formats ... and target is not TEXTURE_2D_ARRAY"); ETC1 images 2D and cube. */
static bool
compressed_target_ok(const struct glf_format *fmt, GLenum bind_target)
{
   if (fmt->ifmt == GL_ETC1_RGB8_OES)
      return bind_target == GL_TEXTURE_2D || bind_target == GL_TEXTURE_CUBE_MAP;
   return compressed_target_error(bind_target) == GL_NO_ERROR; /* RGTC likewise (GL 3.3 3.8.3) */
}

static void
compressed_tex_image(GLenum target, int dims, GLint level, GLenum ifmt, GLsizei w, GLsizei h, GLsizei d, GLint border,
                     GLsizei image_size, const void *data, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t face;
   GLenum bind_target;
   char b1[64];
   /* GL 3.3 section 3.8.5: "If the target parameter to any of the CompressedTexImagenD
    * commands is TEXTURE_RECTANGLE or PROXY_TEXTURE_RECTANGLE, the error INVALID_ENUM is
    * generated." */
   const int proxy = proxy_index(ctx, target, dims);
   if (proxy >= 0) {
      face = 0;
      bind_target = proxy_targets[proxy].target;
   } else if (!image_target(ctx, target, dims, &face, &bind_target)) {
      bind_target = GL_NONE;
   }
   if (bind_target == GL_NONE || bind_target == GL_TEXTURE_RECTANGLE) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   /* "INVALID_ENUM if internalformat is not one of the compressed formats" the context has:
    * ES 3.0's ETC2 / EAC (those COMPRESSED_TEXTURE_FORMATS lists); GL 3.3's specific formats of
    * table 3.14, RGTC ("The error INVALID_ENUM is generated if internalformat is one of the
    * generic compressed internal formats"). GL has no 1D compressed formats here: a
    * CompressedTexImage1D is INVALID_ENUM (compressed_target_error). */
   const struct glf_format *fmt = glf_compressed_format(ctx, ifmt);
   if (!fmt) {
      sgl_log_once(SGL_LOG_WARN, "%s: internalformat %s is not a compressed format here (INVALID_ENUM)", caller,
                   glf_enum_str(ifmt, b1));
      glf_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", caller, ifmt);
      return;
   }
   if (!compressed_target_ok(fmt, bind_target)) {
      GLenum err = compressed_target_error(bind_target);
      glf_error(ctx, err != GL_NO_ERROR ? err : GL_INVALID_OPERATION, "%s(%s on target 0x%x)", caller,
                glf_enum_str(ifmt, b1), target);
      return;
   }
   /* Sizes, level and border as TexImage* (INVALID_VALUE); "INVALID_VALUE if imageSize is not
    * consistent with the format, dimensions, and contents of the compressed image". */
   if (proxy >= 0 ? !proxy_args_ok(ctx, bind_target, level, w, h, d, border)
                  : !size_ok(ctx, bind_target, level, w, h, d) || border != 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d, %dx%dx%d, border=%d)", caller, level, w, h, d, border);
      return;
   }
   if (image_size < 0 || (uint64_t)image_size != wire_format_image_size(fmt->wfmt, (uint32_t)w, (uint32_t)h, (uint32_t)d)) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(imageSize=%d)", caller, image_size);
      return;
   }
   if (proxy >= 0) {
      /* GL 3.3 section 3.8.15, as TexImage's proxies (tex_image): the level state of the
       * image it would be, zero past the device's limits; no data is read, nothing is sent */
      struct glf_tex_image *img = &ctx->proxy_img[proxy][level];
      *img = (struct glf_tex_image){0};
      if (size_ok(ctx, bind_target, level, w, h, d))
         *img = (struct glf_tex_image){(uint32_t)w, (uint32_t)h, (uint32_t)d, ifmt, fmt->wfmt, fmt, true};
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, bind_target);
   if (!tex || tex->immutable) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no texture or immutable)", caller);
      return;
   }
   bool ok;
   const uint8_t *src = compressed_source(ctx, data, image_size, caller, &ok);
   if (!ok)
      return;
   leave_image_for(ctx, tex, face, level);
   struct glf_tex_image *img = &tex->img[face][level];
   *img = (struct glf_tex_image){(uint32_t)w, (uint32_t)h, (uint32_t)d, ifmt, fmt->wfmt, fmt, w > 0 && h > 0 && d > 0};
   glf_texture_drop_blocks(tex, (int)face, level);
   if (img->defined) {
      ensure_storage(ctx, tex, level, img->w, img->h, img->d, fmt->wfmt);
      if (GLF_CORE(ctx))
         glf_texture_store_blocks(tex, face, (uint32_t)level, src, 0, 0, 0, img->w, img->h, img->d);
      upload_compressed(ctx, tex, level, fmt->wfmt, src, 0, 0, face, img->w, img->h, img->d);
   }
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_CompressedTexImage1D(GLenum target, GLint level, GLenum internalformat, GLsizei width, GLint border,
                         GLsizei imageSize, const void *data)
{
   compressed_tex_image(target, 1, level, internalformat, width, 1, 1, border, imageSize, data,
                        "glCompressedTexImage1D");
}

void GLAPIENTRY
glf_CompressedTexImage2D(GLenum target, GLint level, GLenum internalformat, GLsizei width, GLsizei height,
                         GLint border, GLsizei imageSize, const void *data)
{
   compressed_tex_image(target, 2, level, internalformat, width, height, 1, border, imageSize, data,
                        "glCompressedTexImage2D");
}

void GLAPIENTRY
glf_CompressedTexImage3D(GLenum target, GLint level, GLenum internalformat, GLsizei width, GLsizei height,
                         GLsizei depth, GLint border, GLsizei imageSize, const void *data)
{
   compressed_tex_image(target, 3, level, internalformat, width, height, depth, border, imageSize, data,
                        "glCompressedTexImage3D");
}

/* ES 3.0 section 3.8.6: "An INVALID_OPERATION error is generated if xoffset or yoffset is not
 * a multiple of four", or "width is not a multiple of four, and width + xoffset is not equal
 * to the width of the texture level" (height likewise). */
static bool
on_block_grid(GLint o, GLsizei n, uint32_t ext)
{
   return o % 4 == 0 && (n % 4 == 0 || (uint32_t)o + (uint32_t)n == ext);
}

static void
compressed_tex_sub_image(GLenum target, int dims, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h,
                         GLsizei d, GLenum format, GLsizei image_size, const void *data, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t face;
   GLenum bind_target;
   char b1[64], b2[64];
   if (!image_target(ctx, target, dims, &face, &bind_target) || bind_target == GL_TEXTURE_RECTANGLE) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   const struct glf_format *fmt = glf_compressed_format(ctx, format);
   if (!fmt) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(format=0x%x)", caller, format);
      return;
   }
   if (!compressed_target_ok(fmt, bind_target)) {
      GLenum err = compressed_target_error(bind_target);
      glf_error(ctx, err != GL_NO_ERROR ? err : GL_INVALID_OPERATION, "%s(%s on target 0x%x)", caller,
                glf_enum_str(format, b1), target);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, bind_target);
   struct glf_tex_image *img = sub_image_target(ctx, tex, bind_target, face, level, x, y, z, w, h, d, caller);
   if (!img)
      return;
   /* "INVALID_OPERATION if format does not match the internal format of the texture image
    * being modified"; OES_compressed_ETC1_RGB8_texture: "INVALID_OPERATION is generated by
    * ... CompressedTexSubImage2D ... if the texture image ... has internal format
    * ETC1_RGB8_OES". */
   if (img->ifmt != format || format == GL_ETC1_RGB8_OES) {
      sgl_log_once(SGL_LOG_WARN, "%s: format %s on an image of %s refused (INVALID_OPERATION)", caller,
                   glf_enum_str(format, b1), glf_enum_str(img->ifmt, b2));
      glf_error(ctx, GL_INVALID_OPERATION, "%s(format does not match the image)", caller);
      return;
   }
   if (!on_block_grid(x, w, img->w) || !on_block_grid(y, h, img->h)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(region off the 4x4 block grid)", caller);
      return;
   }
   if (image_size < 0 || (uint64_t)image_size != wire_format_image_size(fmt->wfmt, (uint32_t)w, (uint32_t)h, (uint32_t)d)) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(imageSize=%d)", caller, image_size);
      return;
   }
   bool ok;
   const uint8_t *src = compressed_source(ctx, data, image_size, caller, &ok);
   if (!ok || !tex->created || (uint32_t)level > tex->res_last_level)
      return;
   if (GLF_CORE(ctx))
      glf_texture_store_blocks(tex, face, (uint32_t)level, src, (uint32_t)x, (uint32_t)y, (uint32_t)z, (uint32_t)w,
                               (uint32_t)h, (uint32_t)d);
   upload_compressed(ctx, tex, level, fmt->wfmt, src, (uint32_t)x, (uint32_t)y, face + (uint32_t)z, (uint32_t)w,
                     (uint32_t)h, (uint32_t)d);
}

void GLAPIENTRY
glf_CompressedTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
                            GLsizei imageSize, const void *data)
{
   compressed_tex_sub_image(target, 1, level, xoffset, 0, 0, width, 1, 1, format, imageSize, data,
                            "glCompressedTexSubImage1D");
}

void GLAPIENTRY
glf_CompressedTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height,
                            GLenum format, GLsizei imageSize, const void *data)
{
   compressed_tex_sub_image(target, 2, level, xoffset, yoffset, 0, width, height, 1, format, imageSize, data,
                            "glCompressedTexSubImage2D");
}

void GLAPIENTRY
glf_CompressedTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width,
                            GLsizei height, GLsizei depth, GLenum format, GLsizei imageSize, const void *data)
{
   compressed_tex_sub_image(target, 3, level, xoffset, yoffset, zoffset, width, height, depth, format, imageSize,
                            data, "glCompressedTexSubImage3D");
}

/* ---- glTexStorage2D / 3D ----------------------------------------------------------------------- */
static void
tex_storage(GLenum target, int dims, GLsizei levels, GLenum ifmt, GLsizei w, GLsizei h, GLsizei d,
            const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   bool target_ok = dims == 2 ? (target == GL_TEXTURE_2D || target == GL_TEXTURE_CUBE_MAP)
                              : (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY);
   if (!target_ok || (GLF_ES(ctx) && ctx->major < 3)) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   /* From the OpenGL ES 3.0 spec, section 3.8.4: "An INVALID_ENUM error is generated if
    * internalformat is one of the unsized base internal formats listed in table 3.11" (or no
    * sized internal format at all). */
   const struct glf_format *fmt = glf_sized_format(ctx, ifmt);
   /* ... or one of the compressed formats of table 3.19 (ETC2 / EAC; not ETC1, which its
    * extension gives CompressedTexImage2D only). */
   if (!fmt && (GLF_ES3(ctx) || GLF_CORE(ctx)) && ifmt != GL_ETC1_RGB8_OES)
      fmt = glf_compressed_format(ctx, ifmt); /* GL core: RGTC */
   char b1[64];
   /* GL core resolves its unsized and generic compressed formats to sized ones for TexImage
    * (glf_sized_format's aliases); TexStorage takes sized formats only (GL 4.2 section 3.10.16:
    * "INVALID_ENUM ... if internalformat is one of the unsized base internal formats"; the
    * generic compressed ones are not sized either, as Mesa refuses them) */
   const bool unsized_gl = GLF_CORE(ctx) && (ifmt == GL_RED || ifmt == GL_RG || ifmt == GL_RGB || ifmt == GL_RGBA ||
                                             ifmt == GL_DEPTH_COMPONENT || ifmt == GL_DEPTH_STENCIL ||
                                             glf_generic_compressed_base(ifmt) != ifmt);
   if (!fmt || unsized_gl || (GLF_ES(ctx) && (fmt->flags & GLF_FMT_UNSIZED))) {
      sgl_log_once(SGL_LOG_WARN, "%s: internalformat %s refused (INVALID_ENUM: not a sized internal format)", caller,
                   glf_enum_str(ifmt, b1));
      glf_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", caller, ifmt);
      return;
   }
   /* "An INVALID_VALUE error is generated if width, height, depth or levels are less than 1";
    * "INVALID_OPERATION if levels is greater than floor(log2(max(width, height[, depth]))) + 1". */
   if (w < 1 || h < 1 || d < 1 || levels < 1 || !size_ok(ctx, target, 0, w, h, d)) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(size/levels)", caller);
      return;
   }
   if (is_3d(target) && (fmt->bits[4] || fmt->bits[5] || (fmt->flags & GLF_FMT_COMPRESSED))) {
      sgl_log_once(SGL_LOG_WARN, "%s: a 3D texture of depth / stencil / compressed format %s refused "
                                 "(INVALID_OPERATION)", caller, glf_enum_str(ifmt, b1));
      glf_error(ctx, GL_INVALID_OPERATION, "%s(3D depth or compressed texture)", caller);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, target);
   /* "INVALID_OPERATION if the default texture object is bound to target" (ES 3.0 3.8.4) */
   if ((uint32_t)levels > chain_levels(target, (uint32_t)w, (uint32_t)h, (uint32_t)d) || !tex || !tex->name ||
       tex->immutable) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(levels / default texture / immutable)", caller);
      return;
   }
   if (!glf_format_supported(ctx, fmt)) {
      sgl_log_once(SGL_LOG_WARN, "%s: internalformat %s: the server's device cannot store it (GL_OUT_OF_MEMORY)",
                   caller, glf_enum_str(ifmt, b1));
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s(internalformat=0x%x)", caller, ifmt);
      return;
   }
   uint32_t faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   glf_texture_orphan(ctx, tex, -1, false); /* every level respecified: an EGLImage sibling leaves it */
   memset(tex->img, 0, sizeof(tex->img));
   glf_texture_drop_blocks(tex, -1, -1);
   for (uint32_t f = 0; f < faces; f++)
      for (GLsizei l = 0; l < levels; l++)
         tex->img[f][l] = (struct glf_tex_image){wire_minify((uint32_t)w, (uint32_t)l),
                                                 level_height(target, (uint32_t)h, (uint32_t)l),
                                                 level_depth(target, (uint32_t)d, (uint32_t)l), ifmt, fmt->wfmt, fmt,
                                                 true};
   ensure_storage(ctx, tex, 0, (uint32_t)w, (uint32_t)h, (uint32_t)d, fmt->wfmt);
   tex->immutable = true;
   tex->immutable_levels = levels;
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_TexStorage2D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height)
{
   tex_storage(target, 2, levels, internalformat, width, height, 1, "glTexStorage2D");
}

void GLAPIENTRY
glf_TexStorage3D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width, GLsizei height, GLsizei depth)
{
   tex_storage(target, 3, levels, internalformat, width, height, depth, "glTexStorage3D");
}

/* ---- completeness and views ------------------------------------------------------------------- */
static bool
mipmapped(GLenum min_filter)
{
   return min_filter != GL_NEAREST && min_filter != GL_LINEAR;
}

/* level_base and level_max as sampling uses them: ES 3.0 section 3.8.10, "if
 * TEXTURE_IMMUTABLE_FORMAT is TRUE, level_base is clamped to [0, levels - 1] and level_max to
 * [level_base, levels - 1]". */
static void
effective_levels(const struct glf_texture *tex, GLint *base, GLint *max)
{
   *base = tex->base_level;
   *max = tex->max_level;
   if (tex->immutable) {
      GLint last = tex->immutable_levels - 1;
      *base = *base > last ? last : *base;
      *max = *max < *base ? *base : *max > last ? last : *max;
   }
}

/* Last level a mipmapped sample may use (q of ES 3.0 section 3.8.10). */
static uint32_t
last_mip_level(const struct glf_texture *tex)
{
   GLint base, max;
   effective_levels(tex, &base, &max);
   if (base >= GLF_MAX_LEVELS)
      return GLF_MAX_LEVELS - 1;
   const struct glf_tex_image *b = &tex->img[0][base];
   uint32_t q = (uint32_t)base + chain_levels(tex->target, b->w, b->h, b->d) - 1;
   if ((GLint)q > max)
      q = (uint32_t)max;
   if (q >= GLF_MAX_LEVELS)
      q = GLF_MAX_LEVELS - 1;
   return q;
}

/* The filter conditions of ES 3.0 section 3.8.13's completeness. */
static bool
filters_allowed(const struct glf_context *ctx, const struct glf_texture *tex, const struct glf_format *fmt,
                const struct glf_sampler_params *sp)
{
   bool nearest = sp->mag_filter == GL_NEAREST &&
                  (sp->min_filter == GL_NEAREST || sp->min_filter == GL_NEAREST_MIPMAP_NEAREST);
   if (nearest)
      return true;
   /* "The internal format of the texture is integer, or is depth/stencil with
    * DEPTH_STENCIL_TEXTURE_MODE STENCIL_INDEX, and either the magnification filter is not
    * NEAREST, or the minification filter is neither NEAREST nor NEAREST_MIPMAP_NEAREST."
    * (GL 4.3 section 8.17; ES 3.0 without the stencil clause) */
   if (wire_format_is_integer(fmt->wfmt) || glf_texture_reads_stencil(tex, fmt))
      return false;
   /* "The internal format is DEPTH_COMPONENT or DEPTH_STENCIL, TEXTURE_COMPARE_MODE is NONE, and
    * either the magnification filter is not NEAREST or the minification filter is neither
    * NEAREST nor NEAREST_MIPMAP_NEAREST." (ES 3.0; GL 3.3 and ES 2.0's OES_depth_texture filter
    * depth textures.) */
   if (fmt->bits[4] || fmt->bits[5])
      return !GLF_ES3(ctx) || sp->compare_mode != GL_NONE;
   /* A texture that is not texture-filterable (table 3.13) with a LINEAR filter. */
   return glf_format_filterable(ctx, fmt);
}

bool
glf_texture_complete(const struct glf_context *ctx, const struct glf_texture *tex, const struct glf_sampler_params *sp)
{
   GLint base, max;
   /* Buffer textures have no levels: they read whatever buffer is attached (a null view
    * without one, glf_texture_view). Multisample textures have one level and ignore the
    * sampler state (GL 3.3 section 3.8.14: texelFetch is their only lookup). */
   if (tex && tex->target == GL_TEXTURE_BUFFER)
      return tex->buffer && tex->buffer->created && tex->buffer_fmt;
   if (tex && (tex->target == GL_TEXTURE_2D_MULTISAMPLE || tex->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY))
      return tex->created && tex->img[0][0].defined && tex->img[0][0].fmt;
   if (!tex || !tex->created)
      return false;
   effective_levels(tex, &base, &max);
   if (base >= GLF_MAX_LEVELS || base > max)
      return false;
   /* A sampler object may carry what a rectangle texture refuses (GL 3.3 section 3.8.7): a
    * rectangle sampled with a mipmapped minification filter or a REPEAT / MIRRORED_REPEAT
    * wrap is treated as incomplete (the spec leaves such a lookup undefined; sampling it as
    * 2D would repeat the image). */
   if (tex->target == GL_TEXTURE_RECTANGLE &&
       (mipmapped(sp->min_filter) || sp->wrap_s == GL_REPEAT || sp->wrap_s == GL_MIRRORED_REPEAT ||
        sp->wrap_t == GL_REPEAT || sp->wrap_t == GL_MIRRORED_REPEAT))
      return false;
   const uint32_t faces = tex->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   const struct glf_tex_image *b = &tex->img[0][base];
   if (!b->defined || !b->fmt)
      return false;
   uint32_t last = mipmapped(sp->min_filter) ? last_mip_level(tex) : (uint32_t)base;
   /* From the OpenGL ES 3.0 spec, section 3.8.13 (Texture Completeness): every level from
    * level_base to q is defined, with the right minified size and the same internal format;
    * for cube maps, all six faces are square with the same size and format. */
   for (uint32_t f = 0; f < faces; f++) {
      for (uint32_t l = (uint32_t)base; l <= last; l++) {
         const struct glf_tex_image *img = &tex->img[f][l];
         uint32_t k = l - (uint32_t)base;
         if (!img->defined || img->fmt != b->fmt || img->w != wire_minify(b->w, k) ||
             img->h != level_height(tex->target, b->h, k) || img->d != level_depth(tex->target, b->d, k))
            return false;
         /* the storage must hold it (always true unless a remint is pending) */
         if (l > tex->res_last_level || img->w != wire_minify(tex->res_w, l) || img->h != glf_texture_res_height(tex, l))
            return false;
      }
   }
   return filters_allowed(ctx, tex, b->fmt, sp);
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

/* Where GL's R, G, B, A of a texel of `fmt` are in its storage: ALPHA / LUMINANCE live in R /
 * RG (formats.c); depth textures read (D, 0, 0, 1), or (D, D, D, 1) in ES 2.0 (OES_depth_texture
 * samples depth as luminance). */
static void
format_swizzle(const struct glf_context *ctx, const struct glf_format *fmt, uint8_t map[4])
{
   static const uint8_t maps[][4] = {
      [GLF_SWZ_NONE] = {WIRE_SWZ_R, WIRE_SWZ_G, WIRE_SWZ_B, WIRE_SWZ_A},
      [GLF_SWZ_ALPHA] = {WIRE_SWZ_0, WIRE_SWZ_0, WIRE_SWZ_0, WIRE_SWZ_R},
      [GLF_SWZ_LUMINANCE] = {WIRE_SWZ_R, WIRE_SWZ_R, WIRE_SWZ_R, WIRE_SWZ_1},
      [GLF_SWZ_LUMINANCE_ALPHA] = {WIRE_SWZ_R, WIRE_SWZ_R, WIRE_SWZ_R, WIRE_SWZ_G},
   };
   static const uint8_t depth[4] = {WIRE_SWZ_R, WIRE_SWZ_0, WIRE_SWZ_0, WIRE_SWZ_1};
   static const uint8_t depth_lum[4] = {WIRE_SWZ_R, WIRE_SWZ_R, WIRE_SWZ_R, WIRE_SWZ_1};
   if (fmt->bits[4])
      memcpy(map, GLF_ES(ctx) && (ctx->major < 3 || ctx->es2_requested) ? depth_lum : depth, 4);
   else
      memcpy(map, maps[fmt->swizzle < 4 ? fmt->swizzle : 0], 4);
}

bool
glf_texture_reads_stencil(const struct glf_texture *tex, const struct glf_format *fmt)
{
   return tex->depth_stencil_mode == GL_STENCIL_INDEX && fmt && fmt->bits[5];
}

void
glf_texture_view(const struct glf_context *ctx, const struct glf_texture *tex, const struct glf_sampler_params *sp,
                 struct wire_sampler_view *v)
{
   memset(v, 0, sizeof(*v));
   /* Incomplete textures sample as (0, 0, 0, 1): a null view. */
   if (!glf_texture_complete(ctx, tex, sp))
      return;
   if (tex->target == GL_TEXTURE_BUFFER) {
      /* the buffer as it is at the draw: the server reads up to its size then (wire_types.h) */
      v->res = tex->buffer->res;
      v->target = WIRE_TARGET_TEX_BUFFER;
      v->format = (uint8_t)tex->buffer_fmt->wfmt;
      for (int i = 0; i < 4; i++)
         v->swizzle[i] = (uint8_t)(WIRE_SWZ_R + i);
      return;
   }
   GLint base = 0, max = 0;
   if (tex->samples == 0)
      effective_levels(tex, &base, &max);
   const struct glf_format *fmt = tex->img[0][base].fmt;
   v->res = tex->res;
   v->target = (uint8_t)wire_target_of(tex->target);
   /* TEXTURE_SWIZZLE_* picks among GL's (R, G, B, A, 0, 1) of the texel; the format says where
    * GL's R, G, B, A are stored: compose the two into the view's swizzle. */
   uint8_t map[4];
   format_swizzle(ctx, fmt, map);
   /* ARB_stencil_texturing: a depth / stencil texture in STENCIL_INDEX mode reads (S, 0, 0, 1)
    * through an unsigned-integer sampler */
   if (glf_texture_reads_stencil(tex, fmt)) {
      static const uint8_t stencil[4] = {WIRE_SWZ_R, WIRE_SWZ_0, WIRE_SWZ_0, WIRE_SWZ_1};
      memcpy(map, stencil, 4);
      v->aspect = WIRE_ASPECT_STENCIL;
   }
   for (int i = 0; i < 4; i++) {
      uint8_t s = swizzle_of(tex->swizzle[i]);
      v->swizzle[i] = s <= WIRE_SWZ_A ? map[s] : s;
   }
   /* an EGLImage target's level 0 is level res_base of the image's storage */
   v->first_level = (uint32_t)base + tex->res_base;
   /* The levels the mip chain gives even without a mipmapped filter: sampling then reads the
    * base level only (the server's sampler clamps the LOD to it), but textureSize(lod) and
    * texelFetch(lod) name the other levels (GLSL ES 3.00 section 8.8). */
   v->last_level = tex->samples ? 0 : last_mip_level(tex) + tex->res_base;
}

void
glf_context_set_es2_requested(struct glf_context *ctx, bool es2)
{
   ctx->es2_requested = es2;
}

/* ---- parameters ------------------------------------------------------------------------------- */
static struct glf_texture *
param_texture(struct glf_context *ctx, GLenum target, const char *caller)
{
   enum glf_tex_target ti = bind_target_index(ctx, target);
   /* OpenGL 3.3 section 3.8.7: TexParameter's targets are the mipmapped ones; multisample and
    * buffer textures have no parameters there (INVALID_ENUM), GL 4.x added some. */
   if (ti == GLF_TEX_COUNT || ti == GLF_TEX_2D_MS || ti == GLF_TEX_2D_MS_ARRAY || ti == GLF_TEX_BUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return NULL;
   }
   struct glf_texture *tex = glf_unit_texture(ctx, ctx->active_unit, ti);
   if (!tex)
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
   return tex;
}

static GLenum *
swizzle_param(struct glf_texture *tex, GLenum pname)
{
   switch (pname) {
   case GL_TEXTURE_SWIZZLE_R: return &tex->swizzle[0];
   case GL_TEXTURE_SWIZZLE_G: return &tex->swizzle[1];
   case GL_TEXTURE_SWIZZLE_B: return &tex->swizzle[2];
   case GL_TEXTURE_SWIZZLE_A: return &tex->swizzle[3];
   default: return NULL;
   }
}

static bool
valid_swizzle(GLenum v)
{
   return v == GL_RED || v == GL_GREEN || v == GL_BLUE || v == GL_ALPHA || v == GL_ZERO || v == GL_ONE;
}

/* The texture's own (non-sampler) parameters: swizzle, base / max level. */
static GLenum
texture_param_set(struct glf_context *ctx, struct glf_texture *tex, GLenum pname, const GLfloat *fv, const GLint *iv,
                  bool is_float, bool vector)
{
   const bool es2 = GLF_ES(ctx) && ctx->major < 3;
   if (es2)
      return GL_INVALID_ENUM;
   GLenum *sw = swizzle_param(tex, pname);
   if (sw || pname == GL_TEXTURE_SWIZZLE_RGBA) {
      if (pname == GL_TEXTURE_SWIZZLE_RGBA && (!vector || !GLF_CORE(ctx)))
         return GL_INVALID_ENUM;
      GLenum v[4];
      int n = sw ? 1 : 4;
      for (int i = 0; i < n; i++) {
         v[i] = is_float ? (GLenum)(GLint)fv[i] : (GLenum)iv[i];
         if (!valid_swizzle(v[i]))
            return GL_INVALID_ENUM;
      }
      if (sw)
         *sw = v[0];
      else
         memcpy(tex->swizzle, v, sizeof(v));
      return GL_NO_ERROR;
   }
   if (pname == GL_DEPTH_STENCIL_TEXTURE_MODE && glf_has_stencil_texturing(ctx)) {
      /* ARB_stencil_texturing: "param ... must be DEPTH_COMPONENT or STENCIL_INDEX" */
      GLint v = is_float ? (GLint)fv[0] : iv[0];
      if (v != GL_DEPTH_COMPONENT && v != GL_STENCIL_INDEX)
         return GL_INVALID_ENUM;
      tex->depth_stencil_mode = (GLenum)v;
      return GL_NO_ERROR;
   }
   if (pname == GL_TEXTURE_BASE_LEVEL || pname == GL_TEXTURE_MAX_LEVEL) {
      /* ES 2.3.1: floats given for integer state are rounded. */
      GLint v = is_float ? (GLint)lroundf(fv[0]) : iv[0];
      /* "An INVALID_VALUE error is generated if ... BASE_LEVEL or MAX_LEVEL is negative." */
      if (v < 0)
         return GL_INVALID_VALUE;
      *(pname == GL_TEXTURE_BASE_LEVEL ? &tex->base_level : &tex->max_level) = v;
      return GL_NO_ERROR;
   }
   return GL_INVALID_ENUM;
}

/* GL 3.3 section 3.8.7 (rectangle textures): "the error INVALID_ENUM is generated if the
 * TEXTURE_WRAP_S, TEXTURE_WRAP_T, or TEXTURE_WRAP_R parameter is set to REPEAT or
 * MIRRORED_REPEAT. The error INVALID_ENUM is generated if TEXTURE_MIN_FILTER is set to a value
 * other than NEAREST or LINEAR (no mipmap filtering is permitted). The error INVALID_OPERATION
 * is generated if TEXTURE_BASE_LEVEL is set to any value other than zero." */
static GLenum
rectangle_param_error(GLenum pname, const GLfloat *fv, const GLint *iv, bool is_float)
{
   GLint v = is_float ? (GLint)fv[0] : iv[0];
   switch (pname) {
   case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
      return v == GL_REPEAT || v == GL_MIRRORED_REPEAT ? GL_INVALID_ENUM : GL_NO_ERROR;
   case GL_TEXTURE_MIN_FILTER:
      return v != GL_NEAREST && v != GL_LINEAR ? GL_INVALID_ENUM : GL_NO_ERROR;
   case GL_TEXTURE_BASE_LEVEL:
      return (is_float ? lroundf(fv[0]) : iv[0]) != 0 ? GL_INVALID_OPERATION : GL_NO_ERROR;
   default:
      return GL_NO_ERROR;
   }
}

static void
tex_parameter(GLenum target, GLenum pname, const GLfloat *fv, const GLint *iv, bool is_float, bool vector,
              bool int_border, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_texture *tex = param_texture(ctx, target, caller);
   if (!tex)
      return;
   GLenum err = target == GL_TEXTURE_RECTANGLE ? rectangle_param_error(pname, fv, iv, is_float) : GL_NO_ERROR;
   if (err != GL_NO_ERROR) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: %s refused on a rectangle texture (%s)", caller, glf_enum_str(pname, b1),
                   glf_enum_name(err));
      glf_error(ctx, err, "%s(TEXTURE_RECTANGLE, pname=%s)", caller, glf_enum_str(pname, b1));
      return;
   }
   err = pname == GL_TEXTURE_BORDER_COLOR && !vector
                   ? GL_INVALID_ENUM
                   : glf_sampler_param_set(ctx, &tex->sp, pname, fv, iv, is_float, int_border);
   if (err == GL_INVALID_ENUM && pname != GL_TEXTURE_BORDER_COLOR && !int_border)
      err = texture_param_set(ctx, tex, pname, fv, iv, is_float, vector);
   if (err != GL_NO_ERROR) {
      char b1[64];
      glf_error(ctx, err, "%s(pname=%s, param=%g)", caller, glf_enum_str(pname, b1), is_float ? fv[0] : (double)iv[0]);
      return;
   }
   glf_shared_touch(ctx);
}

void GLAPIENTRY glf_TexParameteri(GLenum t, GLenum p, GLint v) { tex_parameter(t, p, NULL, &v, false, false, false, "glTexParameteri"); }
void GLAPIENTRY glf_TexParameterf(GLenum t, GLenum p, GLfloat v) { tex_parameter(t, p, &v, NULL, true, false, false, "glTexParameterf"); }
void GLAPIENTRY glf_TexParameteriv(GLenum t, GLenum p, const GLint *v) { tex_parameter(t, p, NULL, v, false, true, false, "glTexParameteriv"); }
void GLAPIENTRY glf_TexParameterfv(GLenum t, GLenum p, const GLfloat *v) { tex_parameter(t, p, v, NULL, true, true, false, "glTexParameterfv"); }
void GLAPIENTRY glf_TexParameterIiv(GLenum t, GLenum p, const GLint *v) { tex_parameter(t, p, NULL, v, false, true, true, "glTexParameterIiv"); }
void GLAPIENTRY
glf_TexParameterIuiv(GLenum t, GLenum p, const GLuint *v)
{
   GLint iv[4];
   for (int i = 0; i < 4; i++)
      iv[i] = p == GL_TEXTURE_BORDER_COLOR || i == 0 ? (GLint)v[i] : 0;
   tex_parameter(t, p, NULL, iv, false, true, true, "glTexParameterIuiv");
}

/* Reads a texture parameter: n values into f (as floats) and i (as ints). */
static bool
get_tex_parameter(struct glf_context *ctx, GLenum target, GLenum pname, GLfloat *f, GLint *i, int *n,
                  const char *caller)
{
   struct glf_texture *tex = param_texture(ctx, target, caller);
   if (!tex)
      return false;
   const bool es2 = GLF_ES(ctx) && ctx->major < 3;
   *n = 1;
   if (glf_sampler_param_get(ctx, &tex->sp, pname, f, i, n))
      return true;
   GLenum *sw = swizzle_param(tex, pname);
   GLint v;
   if (sw && !es2) {
      v = (GLint)*sw;
   } else if (pname == GL_TEXTURE_SWIZZLE_RGBA && GLF_CORE(ctx)) {
      *n = 4;
      for (int k = 0; k < 4; k++)
         f[k] = (GLfloat)(i[k] = (GLint)tex->swizzle[k]);
      return true;
   } else if (pname == GL_TEXTURE_BASE_LEVEL && !es2) {
      v = tex->base_level;
   } else if (pname == GL_TEXTURE_MAX_LEVEL && !es2) {
      v = tex->max_level;
   } else if (pname == GL_DEPTH_STENCIL_TEXTURE_MODE && glf_has_stencil_texturing(ctx)) {
      v = (GLint)tex->depth_stencil_mode;
   } else if (pname == GL_TEXTURE_IMMUTABLE_FORMAT && !es2) {
      v = tex->immutable;
   } else if (pname == GL_TEXTURE_IMMUTABLE_LEVELS && GLF_ES3(ctx)) {
      v = tex->immutable ? tex->immutable_levels : 0;
   } else {
      char b1[64];
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", caller, glf_enum_str(pname, b1));
      return false;
   }
   i[0] = v;
   f[0] = (GLfloat)v;
   return true;
}

void GLAPIENTRY
glf_GetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   GLfloat f[4];
   GLint i[4];
   int n;
   if (ctx && get_tex_parameter(ctx, target, pname, f, i, &n, "glGetTexParameteriv"))
      memcpy(params, i, sizeof(GLint) * (size_t)n);
}

void GLAPIENTRY
glf_GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   GET_CURRENT_CONTEXT(ctx);
   GLfloat f[4];
   GLint i[4];
   int n;
   if (ctx && get_tex_parameter(ctx, target, pname, f, i, &n, "glGetTexParameterfv"))
      memcpy(params, f, sizeof(GLfloat) * (size_t)n);
}

static void
get_tex_parameter_int(GLenum target, GLenum pname, GLint *params, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   GLfloat f[4];
   GLint i[4];
   int n;
   if (!ctx || !get_tex_parameter(ctx, target, pname, f, i, &n, caller))
      return;
   /* the border colour as the integers TexParameterI* gave (exact), else its floats truncated */
   const bool int_border = pname == GL_TEXTURE_BORDER_COLOR && param_texture(ctx, target, caller)->sp.border_is_int;
   for (int k = 0; k < n; k++)
      params[k] = pname == GL_TEXTURE_BORDER_COLOR && !int_border ? (GLint)(int64_t)f[k] : i[k];
}

void GLAPIENTRY glf_GetTexParameterIiv(GLenum t, GLenum p, GLint *v) { get_tex_parameter_int(t, p, v, "glGetTexParameterIiv"); }
void GLAPIENTRY glf_GetTexParameterIuiv(GLenum t, GLenum p, GLuint *v) { get_tex_parameter_int(t, p, (GLint *)v, "glGetTexParameterIuiv"); }

/* EXT_texture_integer's spellings (listed on GL core contexts) */
void GLAPIENTRY glf_TexParameterIivEXT(GLenum t, GLenum p, const GLint *v) { glf_TexParameterIiv(t, p, v); }
void GLAPIENTRY glf_TexParameterIuivEXT(GLenum t, GLenum p, const GLuint *v) { glf_TexParameterIuiv(t, p, v); }
void GLAPIENTRY glf_GetTexParameterIivEXT(GLenum t, GLenum p, GLint *v) { glf_GetTexParameterIiv(t, p, v); }
void GLAPIENTRY glf_GetTexParameterIuivEXT(GLenum t, GLenum p, GLuint *v) { glf_GetTexParameterIuiv(t, p, v); }

/* ---- glGetTexLevelParameter (OpenGL 3.3) ------------------------------------------------------- */
static bool format_level_param(struct glf_context *ctx, const struct glf_format *f, GLenum pname, GLint *out);
static bool special_level_param(struct glf_context *ctx, GLenum target, GLint level, GLenum pname, GLint *out);

static bool
level_param(struct glf_context *ctx, GLenum target, GLint level, GLenum pname, GLint *out)
{
   uint32_t face;
   GLenum bind_target;
   if (GLF_CORE(ctx) && (target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ||
                         target == GL_TEXTURE_BUFFER || target == GL_PROXY_TEXTURE_2D_MULTISAMPLE ||
                         target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY))
      return special_level_param(ctx, target, level, pname, out);
   const int proxy = proxy_index(ctx, target, 0);
   if (proxy >= 0) {
      bind_target = proxy_targets[proxy].target;
      face = 0;
   } else if (!GLF_CORE(ctx) || (!image_target(ctx, target, 1, &face, &bind_target) &&
                                 !image_target(ctx, target, 2, &face, &bind_target) &&
                                 !image_target(ctx, target, 3, &face, &bind_target))) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetTexLevelParameter(target=0x%x)", target);
      return false;
   }
   if (!size_ok(ctx, bind_target, level, 0, 0, 0)) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetTexLevelParameter(level=%d)", level);
      return false;
   }
   struct glf_texture *tex = proxy >= 0 ? NULL : bound_texture(ctx, bind_target);
   const struct glf_tex_image *img = proxy >= 0 ? &ctx->proxy_img[proxy][level] : tex ? &tex->img[face][level] : NULL;
   const struct glf_format *f = img && img->defined ? img->fmt : NULL;
   switch (pname) {
   case GL_TEXTURE_WIDTH: *out = f ? (GLint)img->w : 0; return true;
   case GL_TEXTURE_HEIGHT: *out = f ? (GLint)img->h : 0; return true;
   case GL_TEXTURE_DEPTH: *out = f ? (GLint)img->d : 0; return true;
   case GL_TEXTURE_INTERNAL_FORMAT: *out = f ? (GLint)img->ifmt : GL_RGBA; return true;
   case GL_TEXTURE_COMPRESSED: *out = f && (f->flags & GLF_FMT_COMPRESSED) ? GL_TRUE : GL_FALSE; return true;
   case GL_TEXTURE_COMPRESSED_IMAGE_SIZE:
      /* GL 3.3 section 6.1.3: "... the size (in ubytes) of the compressed texture image ...
       * Querying TEXTURE_COMPRESSED_IMAGE_SIZE is not allowed on texture images with an
       * uncompressed internal format ..., and will result in an INVALID_OPERATION error" */
      if (!f || !(f->flags & GLF_FMT_COMPRESSED)) {
         glf_error(ctx, GL_INVALID_OPERATION, "glGetTexLevelParameter(TEXTURE_COMPRESSED_IMAGE_SIZE of an uncompressed image)");
         return false;
      }
      *out = (GLint)wire_format_image_size(f->wfmt, img->w, img->h, img->d);
      return true;
   case GL_TEXTURE_SHARED_SIZE: *out = f && f->wfmt == WIRE_FMT_R9G9B9E5_FLOAT ? 5 : 0; return true;
   case GL_TEXTURE_SAMPLES: *out = 0; return true;
   case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: *out = GL_TRUE; return true;
   default: break;
   }
   return format_level_param(ctx, f, pname, out);
}

/* The per-format answers of glGetTexLevelParameter (component sizes and types). */
static bool
format_level_param(struct glf_context *ctx, const struct glf_format *f, GLenum pname, GLint *out)
{
   static const GLenum type_pnames[] = {GL_TEXTURE_RED_TYPE, GL_TEXTURE_GREEN_TYPE, GL_TEXTURE_BLUE_TYPE,
                                        GL_TEXTURE_ALPHA_TYPE, GL_TEXTURE_DEPTH_TYPE};
   static const GLenum size_pnames[] = {GL_TEXTURE_RED_SIZE, GL_TEXTURE_GREEN_SIZE, GL_TEXTURE_BLUE_SIZE,
                                        GL_TEXTURE_ALPHA_SIZE, GL_TEXTURE_DEPTH_SIZE, GL_TEXTURE_STENCIL_SIZE};
   for (unsigned k = 0; k < GLF_ARRAY_SIZE(size_pnames); k++) {
      if (pname == size_pnames[k]) {
         *out = f ? f->bits[k] : 0;
         return true;
      }
   }
   for (unsigned k = 0; k < GLF_ARRAY_SIZE(type_pnames); k++) {
      if (pname == type_pnames[k]) {
         bool has = f && (k < 4 ? f->bits[k] : f->bits[4]);
         *out = has ? (GLint)(k == 4 && f->ctype == GL_UNSIGNED_NORMALIZED ? GL_UNSIGNED_NORMALIZED : f->ctype) : GL_NONE;
         return true;
      }
   }
   /* buffer and multisample textures are never compressed: GL 3.3 section 6.1.3's
    * INVALID_OPERATION for TEXTURE_COMPRESSED_IMAGE_SIZE of an uncompressed image */
   if (pname == GL_TEXTURE_COMPRESSED_IMAGE_SIZE) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetTexLevelParameter(TEXTURE_COMPRESSED_IMAGE_SIZE of an uncompressed image)");
      return false;
   }
   char b1[64];
   glf_error(ctx, GL_INVALID_ENUM, "glGetTexLevelParameter(pname=%s)", glf_enum_str(pname, b1));
   return false;
}

void GLAPIENTRY
glf_GetTexLevelParameteriv(GLenum target, GLint level, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   GLint v;
   if (ctx && level_param(ctx, target, level, pname, &v))
      *params = v;
}

void GLAPIENTRY
glf_GetTexLevelParameterfv(GLenum target, GLint level, GLenum pname, GLfloat *params)
{
   GET_CURRENT_CONTEXT(ctx);
   GLint v;
   if (ctx && level_param(ctx, target, level, pname, &v))
      *params = (GLfloat)v;
}

/* ---- mipmaps ------------------------------------------------------------------------------------ */
/* GenerateMipmap of an RGTC texture (GL core), in the client: the server generates no level of
 * a compressed image (the wire refuses it). Each face / layer's base level is decoded from the
 * client's copy of its blocks, each next level is the 2x2 box average of the previous one (the
 * last column / row of an odd size counted twice; rounded to nearest), encoded and sent. */
static void
generate_compressed_mipmaps(struct glf_context *ctx, struct glf_texture *tex, uint32_t faces, uint32_t base,
                            uint32_t last)
{
   for (uint32_t k = 0; k < faces; k++) {
      const struct glf_tex_image *b = &tex->img[k][base];
      uint32_t comps, w = b->w, h = b->h;
      bool is_signed;
      glf_rgtc_plain(b->wfmt, &comps, &is_signed);
      const uint8_t *blocks = glf_texture_blocks(tex, k, base);
      uint8_t *cur = malloc((size_t)w * h * b->d * comps), *next = malloc((size_t)w * h * b->d * comps);
      uint8_t *enc = malloc((size_t)wire_format_image_size(b->wfmt, w, h, b->d));
      if (!blocks || !cur || !next || !enc) {
         free(cur);
         free(next);
         free(enc);
         glf_error(ctx, GL_OUT_OF_MEMORY, "glGenerateMipmap");
         return;
      }
      glf_rgtc_decode_image(b->wfmt, blocks, w, h, b->d, cur);
      for (uint32_t l = base + 1; l <= last; l++) {
         const uint32_t nw = w > 1 ? w / 2 : 1, nh = h > 1 ? h / 2 : 1;
         for (uint32_t z = 0; z < b->d; z++) {
            for (uint32_t y = 0; y < nh; y++) {
               for (uint32_t x = 0; x < nw; x++) {
                  const uint32_t x0 = x * 2 < w ? x * 2 : w - 1, x1 = x * 2 + 1 < w ? x * 2 + 1 : w - 1;
                  const uint32_t y0 = y * 2 < h ? y * 2 : h - 1, y1 = y * 2 + 1 < h ? y * 2 + 1 : h - 1;
                  for (uint32_t c = 0; c < comps; c++) {
                     int sum = 0;
                     const uint32_t xs[2] = {x0, x1}, ys[2] = {y0, y1};
                     for (int i = 0; i < 4; i++) {
                        uint8_t v = cur[(((size_t)z * h + ys[i / 2]) * w + xs[i % 2]) * comps + c];
                        sum += is_signed ? (int)(int8_t)v : (int)v;
                     }
                     int avg = sum >= 0 ? (sum + 2) / 4 : -((-sum + 2) / 4);
                     next[(((size_t)z * nh + y) * nw + x) * comps + c] = (uint8_t)avg;
                  }
               }
            }
         }
         glf_rgtc_encode_image(b->wfmt, next, nw, nh, b->d, enc);
         glf_texture_store_blocks(tex, k, l, enc, 0, 0, 0, nw, nh, b->d);
         upload_compressed(ctx, tex, (GLint)l, b->wfmt, enc, 0, 0, k, nw, nh, b->d);
         uint8_t *t = cur;
         cur = next;
         next = t;
         w = nw;
         h = nh;
      }
      free(cur);
      free(next);
      free(enc);
   }
}

void GLAPIENTRY
glf_GenerateMipmap(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   enum glf_tex_target ti = bind_target_index(ctx, target);
   /* GL 3.3 section 3.8.9: target is TEXTURE_1D, _2D, _3D, _1D_ARRAY, _2D_ARRAY or _CUBE_MAP
    * (rectangle, multisample and buffer textures have no mipmaps: INVALID_ENUM). */
   if (ti == GLF_TEX_COUNT || ti == GLF_TEX_RECTANGLE || ti == GLF_TEX_2D_MS || ti == GLF_TEX_2D_MS_ARRAY ||
       ti == GLF_TEX_BUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "glGenerateMipmap(target=0x%x)", target);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, target);
   uint32_t faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   GLint base = 0, max = 0;
   if (tex)
      effective_levels(tex, &base, &max);
   const struct glf_tex_image *b = tex && base < GLF_MAX_LEVELS ? &tex->img[0][base] : NULL;
   /* From the OpenGL ES 3.0 spec, section 3.8.10.4: "INVALID_OPERATION is generated if the
    * levelbase array was not specified with an unsized internal format or a sized internal
    * format that is both color-renderable and texture-filterable", or a cube map is not
    * cube complete. OpenGL 3.3 refuses integer and depth formats; splitgl also needs the
    * device to render the format (it blits level to level). */
   const struct glf_format *f = b && b->defined ? b->fmt : NULL;
   bool ok = f != NULL;
   if (ok && GLF_ES(ctx))
      ok = (f->flags & GLF_FMT_UNSIZED) || (glf_format_color_renderable(ctx, f) && glf_format_filterable(ctx, f)) ||
           ((b->ifmt == GL_RGBA || b->ifmt == GL_RGB) && !wire_format_is_integer(f->wfmt));
   /* GL core: RGTC images too (GL 3.3 section 3.8.9 names no format it refuses; the client
    * generates them: generate_compressed_mipmaps) */
   if (ok && GLF_CORE(ctx))
      ok = !wire_format_is_integer(f->wfmt) && !f->bits[4] && !f->bits[5] &&
           (glf_format_color_renderable(ctx, f) || (f->flags & GLF_FMT_COMPRESSED));
   if (!ok) {
      char b1[64];
      if (f)
         sgl_log_once(SGL_LOG_WARN, "glGenerateMipmap: internal format %s refused (INVALID_OPERATION)",
                      glf_enum_str(b->ifmt, b1));
      glf_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap(base level)");
      return;
   }
   for (uint32_t k = 1; k < faces; k++) {
      const struct glf_tex_image *o = &tex->img[k][base];
      if (!o->defined || o->w != b->w || o->h != b->h || o->fmt != b->fmt) {
         glf_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap(cube map not cube complete)");
         return;
      }
   }
   uint32_t last = last_mip_level(tex);
   /* GenerateMipmap respecifies levels base+1 .. last: an EGLImage sibling among them, or
    * shared storage without room for them (a target's), leaves the image first. */
   uint32_t gen_mask = last >= 31 ? ~0u : (2u << last) - 1u;
   gen_mask &= ~((2u << base) - 1u);
   if (tex->image && (last > tex->res_last_level || (tex->image_levels & gen_mask)))
      glf_texture_orphan(ctx, tex, -1, true);
   ensure_storage(ctx, tex, base, b->w, b->h, b->d, b->wfmt);
   for (uint32_t k = 0; k < faces; k++)
      for (uint32_t l = (uint32_t)base + 1; l <= last && l <= tex->res_last_level; l++)
         tex->img[k][l] = (struct glf_tex_image){wire_minify(b->w, l - (uint32_t)base),
                                                 level_height(tex->target, b->h, l - (uint32_t)base),
                                                 level_depth(tex->target, b->d, l - (uint32_t)base), b->ifmt, b->wfmt,
                                                 b->fmt, true};
   if (b->fmt->flags & GLF_FMT_COMPRESSED) {
      generate_compressed_mipmaps(ctx, tex, faces, (uint32_t)base, last < tex->res_last_level ? last : tex->res_last_level);
      glf_shared_touch(ctx);
      return;
   }
   struct wire_generate_mipmap *p = GLF_BEGIN(ctx, GenerateMipmap);
   if (p) {
      p->res = tex->res;
      p->base_level = (uint32_t)base + tex->res_base;
      p->last_level = (last < tex->res_last_level ? last : tex->res_last_level) + tex->res_base;
      wire_end(ctx->wire);
   }
   glf_shared_touch(ctx);
}

/* ---- glCopyTexImage2D / glCopyTexSubImage2D / 3D --------------------------------------------- */
/* The source components a base internal format takes from the read buffer (bit 0 R ... 3 A):
 * LUMINANCE is R, ALPHA is A (ES 3.0 table 3.15). */
static unsigned
base_components(GLenum base)
{
   switch (base) {
   case GL_ALPHA: return 8;
   case GL_LUMINANCE: case GL_RED: return 1;
   case GL_LUMINANCE_ALPHA: return 9;
   case GL_RG: return 3;
   case GL_RGB: return 7;
   case GL_RGBA: return 15;
   default: return 0; /* depth, stencil: not copyable */
   }
}

/* From the OpenGL ES 3.0 spec, section 3.8.5: INVALID_OPERATION if the destination's base
 * format needs a component the read buffer lacks (table 3.15), if one is integer and the other
 * not, or signed integer and unsigned integer; ES also if one is floating-point and the other
 * not (OpenGL 3.3 converts). Depth and stencil formats are not copied. */
static bool
copy_compatible(const struct glf_context *ctx, const struct glf_format *src, const struct glf_format *dst)
{
   unsigned need = base_components(dst->base), have = 0;
   for (int i = 0; i < 4; i++)
      have |= (src->bits[i] ? 1u : 0u) << i;
   if (src->base == GL_LUMINANCE || src->base == GL_LUMINANCE_ALPHA)
      have |= 1;
   if (!need || (need & ~have))
      return false;
   bool si = src->ctype == GL_INT || src->ctype == GL_UNSIGNED_INT, di = dst->ctype == GL_INT || dst->ctype == GL_UNSIGNED_INT;
   if (si != di || (si && src->ctype != dst->ctype))
      return false;
   return GLF_CORE(ctx) || (src->ctype == GL_FLOAT) == (dst->ctype == GL_FLOAT);
}

/* A copy into an RGTC image (GL core): the region (on the block grid) is taken from the
 * client's copy of the blocks, decoded, the read buffer's texels [sx, sx + cw) x [sy, sy + ch)
 * put at (ox, oy) of it (the rest, outside the read framebuffer, stays as it was), then encoded
 * and sent as whole blocks. */
static void
copy_to_compressed(struct glf_context *ctx, struct glf_texture *tex, GLint level, const struct glf_format *dst,
                   uint32_t layer, GLint dx, GLint dy, GLsizei w, GLsizei h, const struct wire_surface_ref *src,
                   const struct glf_format *sf, uint32_t ox, uint32_t oy, int32_t sx, int32_t sy, uint32_t cw,
                   uint32_t ch)
{
   const bool cube = tex->target == GL_TEXTURE_CUBE_MAP;
   const uint32_t face = cube ? layer : 0, slice = cube ? 0 : layer;
   const struct glf_tex_image *img = &tex->img[face][level];
   uint32_t comps;
   bool is_signed;
   const uint32_t plain = glf_rgtc_plain(dst->wfmt, &comps, &is_signed), st = wire_format_texel_size(sf->wfmt);
   const size_t layer_texels = (size_t)img->w * img->h;
   const uint8_t *blocks = glf_texture_blocks(tex, face, (uint32_t)level);
   uint8_t *full = malloc(layer_texels * img->d * comps), *reg = malloc((size_t)w * h * comps);
   uint8_t *row = malloc((size_t)cw * st), *enc = malloc((size_t)wire_format_image_size(dst->wfmt, (uint32_t)w, (uint32_t)h, 1));
   double (*vals)[4] = malloc(sizeof(double[4]) * cw);
   bool ok = blocks && full && reg && row && enc && vals;
   if (!ok)
      glf_error(ctx, GL_OUT_OF_MEMORY, "glCopyTexImage / glCopyTexSubImage (compressed)");
   uint8_t map[4];
   store_map(dst, map);
   if (ok) {
      glf_rgtc_decode_image(dst->wfmt, blocks, img->w, img->h, img->d, full);
      for (uint32_t r = 0; r < (uint32_t)h; r++)
         memcpy(reg + (size_t)r * w * comps, full + (slice * layer_texels + (size_t)(dy + r) * img->w + dx) * comps,
                (size_t)w * comps);
   }
   for (uint32_t r = 0; ok && r < ch; r++) {
      ok = glf_read_band(ctx, src, sx, sy + (int32_t)r, cw, 1, st, row);
      if (ok) {
         glf_unpack_wire(sf->wfmt, row, cw, vals);
         glf_pack_wire(plain, map, (const double(*)[4])vals, cw, reg + ((size_t)(oy + r) * w + ox) * comps);
      }
   }
   if (ok) {
      glf_rgtc_encode_image(dst->wfmt, reg, (uint32_t)w, (uint32_t)h, 1, enc);
      glf_texture_store_blocks(tex, face, (uint32_t)level, enc, (uint32_t)dx, (uint32_t)dy, slice, (uint32_t)w,
                               (uint32_t)h, 1);
      upload_compressed(ctx, tex, level, dst->wfmt, enc, (uint32_t)dx, (uint32_t)dy, layer, (uint32_t)w, (uint32_t)h, 1);
   }
   free(full);
   free(reg);
   free(row);
   free(enc);
   free(vals);
}

/* Copies the read buffer's [x, x + w) x [y, y + h) into the texture's image at (dx, dy) of
 * layer / face / slice `layer` (3D: slice z), through the client: a ReadPixels reply in the
 * read surface's wire format, converted to the texture's (ALPHA / LUMINANCE mapped as the
 * upload path maps them) and uploaded as TextureSubData records. Texels whose source lies
 * outside the read framebuffer are left as they were (the spec leaves them undefined). */
static void
copy_from_read_buffer(struct glf_context *ctx, struct glf_texture *tex, GLint level, const struct glf_format *dst,
                      uint32_t layer, uint32_t z, GLint dx, GLint dy, GLint x, GLint y, GLsizei w, GLsizei h)
{
   struct wire_surface_ref src;
   uint32_t fbw, fbh;
   const struct glf_format *sf = glf_framebuffer_read_format(ctx, ctx->read_fb);
   if (!sf || !glf_framebuffer_read_surface(ctx, ctx->read_fb, &src, &fbw, &fbh))
      return;
   int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   int64_t x1 = (int64_t)x + w < (int64_t)fbw ? (int64_t)x + w : (int64_t)fbw;
   int64_t y1 = (int64_t)y + h < (int64_t)fbh ? (int64_t)y + h : (int64_t)fbh;
   if (x1 <= x0 || y1 <= y0 || !tex->created || (uint32_t)level > tex->res_last_level)
      return;
   uint32_t cw = (uint32_t)(x1 - x0), ch = (uint32_t)(y1 - y0);
   if (dst->flags & GLF_FMT_COMPRESSED) {
      copy_to_compressed(ctx, tex, level, dst, layer, dx, dy, w, h, &src, sf, (uint32_t)(x0 - x), (uint32_t)(y0 - y),
                         (int32_t)x0, (int32_t)y0, cw, ch);
      return;
   }
   uint32_t st = wire_format_texel_size(sf->wfmt), dt = wire_format_texel_size(dst->wfmt);
   uint32_t band = WIRE_MAX_REPLY / (cw * st), stage_band = wire_max_stage(ctx->wire) / (cw * dt);
   band = band < stage_band ? band : stage_band;
   band = band < ch ? band : ch;
   uint8_t *tmp = band ? malloc((size_t)cw * st * band) : NULL;
   double (*vals)[4] = malloc(sizeof(double[4]) * cw);
   if (!tmp || !vals) {
      free(tmp);
      free(vals);
      glf_error(ctx, GL_OUT_OF_MEMORY, "glCopyTexImage / glCopyTexSubImage");
      return;
   }
   uint8_t map[4];
   store_map(dst, map);
   for (uint32_t r = 0; r < ch; r += band) {
      uint32_t rows = ch - r < band ? ch - r : band;
      if (!glf_read_band(ctx, &src, (int32_t)x0, (int32_t)(y0 + r), cw, rows, st, tmp))
         break;
      struct wire_texture_subdata *p = GLF_BEGIN(ctx, TextureSubData);
      if (!p)
         break;
      p->res = tex->res;
      p->level = (uint32_t)level + tex->res_base;
      p->layer = layer;
      p->z = z;
      p->x = (uint32_t)(dx + (x0 - x));
      p->y = (uint32_t)(dy + (y0 - y) + r);
      p->w = cw;
      p->h = rows;
      p->d = 1;
      uint8_t *out = wire_stage(ctx->wire, rows * cw * dt, &p->data);
      for (uint32_t i = 0; out && i < rows; i++) {
         glf_unpack_wire(sf->wfmt, tmp + (size_t)i * cw * st, cw, vals);
         glf_pack_wire(dst->wfmt, map, (const double(*)[4])vals, cw, out + (size_t)i * cw * dt);
      }
      wire_end(ctx->wire);
   }
   free(tmp);
   free(vals);
}

/* The read side's errors, shared by every copy command: INVALID_FRAMEBUFFER_OPERATION for an
 * incomplete read framebuffer, INVALID_OPERATION for a read buffer of NONE. */
static const struct glf_format *
copy_source(struct glf_context *ctx, const char *caller)
{
   if (glf_framebuffer_status(ctx, ctx->read_fb) != GL_FRAMEBUFFER_COMPLETE) {
      glf_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s(read framebuffer incomplete)", caller);
      return NULL;
   }
   /* From the OpenGL ES 3.0 spec, section 3.8.5: "An INVALID_OPERATION error is generated if
    * [...] the value of READ_FRAMEBUFFER_BINDING is non-zero, and the effective value of
    * SAMPLE_BUFFERS for the read framebuffer is one." (GL 3.3 section 3.8.2 alike.) */
   if (!ctx->read_fb->is_default && glf_framebuffer_samples(ctx, ctx->read_fb)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(multisampled read framebuffer)", caller);
      return NULL;
   }
   const struct glf_format *sf = glf_framebuffer_read_format(ctx, ctx->read_fb);
   if (!sf || ctx->read_fb->read_buffer == GL_NONE || (ctx->read_fb->is_default && !ctx->read_fb->has_drawable)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(read buffer is NONE)", caller);
      return NULL;
   }
   return sf;
}

static bool
copy_formats_ok(struct glf_context *ctx, const struct glf_format *sf, const struct glf_format *df, const char *caller)
{
   if (copy_compatible(ctx, sf, df))
      return true;
   char b1[64], b2[64];
   sgl_log_once(SGL_LOG_WARN, "%s: a read buffer of %s cannot be copied to %s (INVALID_OPERATION)", caller,
                glf_enum_str(sf->ifmt, b1), glf_enum_str(df->ifmt, b2));
   glf_error(ctx, GL_INVALID_OPERATION, "%s(incompatible formats)", caller);
   return false;
}

/* CopyTexImage1D (dims 1: one row of the read buffer) and CopyTexImage2D (a 1D array's rows
 * go to its layers, as the wire addresses them). */
static void
copy_tex_image(GLenum target, int dims, GLint level, GLenum internalformat, GLint x, GLint y, GLsizei width,
               GLsizei height, GLint border, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t face;
   GLenum bind_target;
   if (!image_target(ctx, target, dims, &face, &bind_target)) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   if (!size_ok(ctx, bind_target, level, width, height, 1) || border != 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d, %dx%d, border=%d)", caller, level, width, height, border);
      return;
   }
   /* The effective format: a sized internalformat as it is; an unsized one (RGB, RGBA, ALPHA,
    * LUMINANCE, LUMINANCE_ALPHA) as its 8-bit normalized format. Anything else (depth,
    * compressed, unknown): INVALID_ENUM / INVALID_VALUE as TexImage2D would say. */
   const struct glf_format *df = glf_sized_format(ctx, internalformat);
   const bool sized = df != NULL;
   /* GL core: a specific compressed format (RGTC) is compressed by the GL, as TexImage2D's */
   if (!df && GLF_CORE(ctx) && (df = glf_compressed_format(ctx, internalformat)) != NULL &&
       compressed_target_error(bind_target) != GL_NO_ERROR) {
      glf_error(ctx, compressed_target_error(bind_target), "%s(compressed internalformat on target 0x%x)", caller, target);
      return;
   }
   if (!df && glf_find_combo(ctx, internalformat, internalformat, GL_UNSIGNED_BYTE, &df) != GL_NO_ERROR)
      df = NULL;
   if (!df || !base_components(df->base)) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: internalformat %s refused", caller, glf_enum_str(internalformat, b1));
      glf_error(ctx, df ? GL_INVALID_OPERATION : GL_INVALID_ENUM, "%s(internalformat=0x%x)", caller, internalformat);
      return;
   }
   const struct glf_format *sf = copy_source(ctx, caller);
   if (!sf || !copy_formats_ok(ctx, sf, df, caller))
      return;
   /* ES 3.0 section 3.8.5: a sized internalformat must have the read buffer's component sizes
    * ("INVALID_OPERATION if ... the component sizes of internalformat do not exactly match
    * the corresponding component sizes of the source buffer's effective internal format"). */
   for (int i = 0; sized && GLF_ES(ctx) && i < 4; i++) {
      if (df->bits[i] && df->bits[i] != sf->bits[i]) {
         glf_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x component sizes differ from the read buffer's)",
                   caller, internalformat);
         return;
      }
   }
   if (!glf_format_supported(ctx, df)) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s(the server's device cannot store internalformat 0x%x)", caller,
                internalformat);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, bind_target);
   if (!tex || tex->immutable) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no texture or immutable)", caller);
      return;
   }
   leave_image_for(ctx, tex, face, level);
   struct glf_tex_image *img = &tex->img[face][level];
   *img = (struct glf_tex_image){(uint32_t)width, (uint32_t)height, 1, df->ifmt, df->wfmt, df, width > 0 && height > 0};
   glf_texture_drop_blocks(tex, (int)face, level);
   if (img->defined) {
      ensure_storage(ctx, tex, level, img->w, img->h, 1, df->wfmt);
      copy_from_read_buffer(ctx, tex, level, df, face, 0, 0, 0, x, y, width, height);
   }
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_CopyTexImage1D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y, GLsizei width, GLint border)
{
   copy_tex_image(target, 1, level, internalformat, x, y, width, 1, border, "glCopyTexImage1D");
}

void GLAPIENTRY
glf_CopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y, GLsizei width,
                   GLsizei height, GLint border)
{
   copy_tex_image(target, 2, level, internalformat, x, y, width, height, border, "glCopyTexImage2D");
}

static void
copy_tex_sub_image(GLenum target, int dims, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLint x, GLint y,
                   GLsizei width, GLsizei height, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   uint32_t face;
   GLenum bind_target;
   if (!image_target(ctx, target, dims, &face, &bind_target)) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, bind_target);
   if (!size_ok(ctx, bind_target, level, 0, 0, 0) || width < 0 || height < 0 || xoffset < 0 || yoffset < 0 ||
       zoffset < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(level/offset/size)", caller);
      return;
   }
   struct glf_tex_image *img = tex ? &tex->img[face][level] : NULL;
   if (!img || !img->defined) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(level %d not defined)", caller, level);
      return;
   }
   /* "INVALID_VALUE if xoffset + width > w, yoffset + height > h" or zoffset >= d */
   if ((int64_t)xoffset + width > img->w || (int64_t)yoffset + height > img->h || (uint32_t)zoffset >= img->d) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(region outside the image)", caller);
      return;
   }
   /* A compressed image is not written texel by texel (no copy writes blocks; Mesa and the
    * dEQP negative tests expect INVALID_OPERATION, as TexSubImage's format mismatch). */
   if ((img->fmt->flags & GLF_FMT_COMPRESSED) &&
       (GLF_ES(ctx) || !on_block_grid(xoffset, width, img->w) || !on_block_grid(yoffset, height, img->h))) {
      /* GL core's RGTC: ARB_texture_compression_rgtc's block-grid rule for CopyTexSubImage2D,
       * as TexSubImage2D's */
      glf_error(ctx, GL_INVALID_OPERATION, "%s(compressed destination%s)", caller, GLF_ES(ctx) ? "" : " off the block grid");
      return;
   }
   const struct glf_format *sf = copy_source(ctx, caller);
   if (!sf || !copy_formats_ok(ctx, sf, img->fmt, caller) || !width || !height)
      return;
   uint32_t layer = is_3d(tex->target) ? 0 : face + (is_array(tex->target) ? (uint32_t)zoffset : 0);
   uint32_t z = is_3d(tex->target) ? (uint32_t)zoffset : 0;
   copy_from_read_buffer(ctx, tex, level, img->fmt, layer, z, xoffset, yoffset, x, y, width, height);
}

void GLAPIENTRY
glf_CopyTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLint x, GLint y, GLsizei width)
{
   copy_tex_sub_image(target, 1, level, xoffset, 0, 0, x, y, width, 1, "glCopyTexSubImage1D");
}

void GLAPIENTRY
glf_CopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x, GLint y, GLsizei width,
                      GLsizei height)
{
   copy_tex_sub_image(target, 2, level, xoffset, yoffset, 0, x, y, width, height, "glCopyTexSubImage2D");
}

void GLAPIENTRY
glf_CopyTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLint x, GLint y,
                      GLsizei width, GLsizei height)
{
   copy_tex_sub_image(target, 3, level, xoffset, yoffset, zoffset, x, y, width, height, "glCopyTexSubImage3D");
}

/* ---- multisample textures (OpenGL 3.3 core, section 3.8.4) ------------------------------------ */
const struct glf_format *glf_renderbuffer_format(struct glf_context *ctx, GLenum ifmt);

/* From the OpenGL 3.3 core spec, section 3.8.4 ("Multisample Textures"): TexImage2DMultisample
 * and TexImage3DMultisample establish one single-level image with `samples` samples. "samples
 * represents a request for a desired minimum number of samples ... the resulting value for
 * TEXTURE_SAMPLES is guaranteed to be greater than or equal to samples and no more than the
 * next larger sample count supported by the implementation." Errors (section 3.8.4 and the
 * reference page of GL 3.3): INVALID_ENUM for another target or an internal format that is not
 * colour-, depth- or stencil-renderable; INVALID_VALUE for a width or height beyond
 * MAX_TEXTURE_SIZE, a depth beyond MAX_ARRAY_TEXTURE_LAYERS, or samples beyond MAX_SAMPLES
 * (or below one, as GL 4.x says outright); INVALID_OPERATION when samples exceeds
 * MAX_INTEGER_SAMPLES for an integer format, MAX_DEPTH_TEXTURE_SAMPLES for a depth / stencil
 * format, MAX_COLOR_TEXTURE_SAMPLES for another colour format. */
static void
tex_image_ms(GLenum target, GLsizei samples, GLenum ifmt, GLsizei w, GLsizei h, GLsizei d, GLboolean fixed,
             const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const bool array = !strcmp(caller, "glTexImage3DMultisample");
   const GLenum want = array ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE;
   /* OpenGL 3.3 section 3.8.15 (Texture State and Proxy State): the proxy target checks the
    * same arguments and, where the image cannot be supported, sets its state to zero instead
    * of allocating anything. */
   const bool proxy = target == (array ? GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_PROXY_TEXTURE_2D_MULTISAMPLE);
   char b1[64];
   if (!GLF_CORE(ctx) || (target != want && !proxy)) {
      sgl_log_once(SGL_LOG_WARN, "%s: target %s is not %s (INVALID_ENUM)", caller, glf_enum_str(target, b1),
                   !GLF_CORE(ctx) ? "available in OpenGL ES" : array ? "TEXTURE_2D_MULTISAMPLE_ARRAY"
                                                                     : "TEXTURE_2D_MULTISAMPLE");
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return;
   }
   const struct glf_format *fmt = ifmt == GL_STENCIL_INDEX8 ? NULL : glf_renderbuffer_format(ctx, ifmt);
   if (!fmt) {
      sgl_log_once(SGL_LOG_WARN, "%s: internalformat %s is not colour-, depth- or stencil-renderable (INVALID_ENUM)",
                   caller, glf_enum_str(ifmt, b1));
      glf_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", caller, ifmt);
      return;
   }
   const struct glf_limits *l = &ctx->limits;
   if (w < 0 || h < 0 || w > l->max_texture_size || h > l->max_texture_size ||
       (array && (d < 0 || d > l->max_array_texture_layers))) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(%dx%dx%d)", caller, w, h, d);
      return;
   }
   if (samples < 1 || samples > l->max_samples) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(samples=%d: MAX_SAMPLES is %d)", caller, samples, l->max_samples);
      return;
   }
   const bool integer = wire_format_is_integer(fmt->wfmt);
   const bool depth = fmt->bits[4] || fmt->bits[5];
   GLint max = integer ? l->max_integer_samples : depth ? l->max_depth_texture_samples : l->max_color_texture_samples;
   if (samples > max) {
      sgl_log_once(SGL_LOG_WARN, "%s: %d samples of %s exceed %s (%d) (INVALID_OPERATION)", caller, samples,
                   glf_enum_str(ifmt, b1),
                   integer ? "MAX_INTEGER_SAMPLES" : depth ? "MAX_DEPTH_TEXTURE_SAMPLES" : "MAX_COLOR_TEXTURE_SAMPLES",
                   max);
      glf_error(ctx, GL_INVALID_OPERATION, "%s(samples=%d > %d)", caller, samples, max);
      return;
   }
   /* The smallest count at least `samples` that the device renders and samples the format
    * with (MS_TEXTURE_FORMATS_*). A spec format it has none for cannot be stored: as other
    * formats the device lacks, GL_OUT_OF_MEMORY with a WARN line. */
   uint32_t pick = 0;
   for (int i = 0; i < 4 && !pick; i++)
      if ((2 << i) >= samples && fmt->wfmt < 64 && ((l->ms_texture_formats[i] >> fmt->wfmt) & 1u))
         pick = 2u << i;
   if (proxy) {
      struct glf_proxy_ms *p = &ctx->proxy_ms[array];
      memset(p, 0, sizeof(*p));
      if (pick) {
         p->img = (struct glf_tex_image){(uint32_t)w, (uint32_t)h, array ? (uint32_t)d : 1, ifmt, fmt->wfmt, fmt, true};
         p->samples = pick;
         p->fixed_locations = fixed != GL_FALSE;
      }
      return;
   }
   if (!pick) {
      sgl_log_once(SGL_LOG_WARN, "%s: the device has no multisample texture of %s with %d samples (OUT_OF_MEMORY)",
                   caller, glf_enum_str(ifmt, b1), samples);
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s(internalformat=0x%x, samples=%d)", caller, ifmt, samples);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, target);
   if (!tex) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
      return;
   }
   const uint32_t layers = array ? (uint32_t)d : 1;
   struct glf_tex_image *img = &tex->img[0][0];
   img->w = (uint32_t)w;
   img->h = (uint32_t)h;
   img->d = layers;
   img->ifmt = ifmt;
   img->wfmt = fmt->wfmt;
   img->fmt = fmt;
   img->defined = w && h && layers;
   tex->samples = pick;
   tex->fixed_locations = fixed != GL_FALSE;
   if (img->defined) {
      uint32_t op = tex->created ? WIRE_OP_ResourceRespecify : WIRE_OP_ResourceCreate;
      if (!tex->created) {
         tex->res = wire_handle_mint(ctx->wire, WIRE_KIND_RESOURCE);
         tex->created = true;
      }
      tex->res_w = (uint32_t)w;
      tex->res_h = (uint32_t)h;
      tex->res_d = 1;
      tex->res_layers = layers;
      tex->res_fmt = fmt->wfmt;
      tex->res_last_level = 0;
      emit_storage(ctx, tex, op, 0); /* never PRESERVE: a new image has undefined samples */
   }
   glf_dirty(ctx, GLF_DIRTY_TEXTURES | GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
   glf_shared_touch(ctx);
}

void GLAPIENTRY
glf_TexImage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height,
                          GLboolean fixedsamplelocations)
{
   tex_image_ms(target, samples, internalformat, width, height, 1, fixedsamplelocations, "glTexImage2DMultisample");
}

void GLAPIENTRY
glf_TexImage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width, GLsizei height,
                          GLsizei depth, GLboolean fixedsamplelocations)
{
   tex_image_ms(target, samples, internalformat, width, height, depth, fixedsamplelocations,
                "glTexImage3DMultisample");
}

/* ---- buffer textures (OpenGL 3.3 core, section 3.8.5) ----------------------------------------- */
/* OpenGL 3.3 table 3.15 ("Internal formats for buffer textures"): the core formats. */
static const GLenum buffer_texture_formats[] = {
   GL_R8, GL_R16, GL_R16F, GL_R32F, GL_R8I, GL_R16I, GL_R32I, GL_R8UI, GL_R16UI, GL_R32UI,
   GL_RG8, GL_RG16, GL_RG16F, GL_RG32F, GL_RG8I, GL_RG16I, GL_RG32I, GL_RG8UI, GL_RG16UI, GL_RG32UI,
   GL_RGBA8, GL_RGBA16, GL_RGBA16F, GL_RGBA32F, GL_RGBA8I, GL_RGBA16I, GL_RGBA32I, GL_RGBA8UI, GL_RGBA16UI,
   GL_RGBA32UI,
};

/* From the OpenGL 3.3 core spec, section 3.8.5: "TexBuffer(enum target, enum internalformat,
 * uint buffer) attaches the storage for the buffer object named buffer to the active buffer
 * texture, and specifies an internal format for the texel array found in the attached buffer
 * object. If buffer is zero, any buffer object attached to the buffer texture is detached, and
 * no new buffer object is attached. If buffer is non-zero, but is not the name of an existing
 * buffer object, the error INVALID_OPERATION is generated. target must be TEXTURE_BUFFER.
 * internalformat specifies the storage format, and must be one of the sized internal formats
 * found in table 3.15." (INVALID_ENUM otherwise.) The texel count is the buffer's size over
 * the texel size, clamped to MAX_TEXTURE_BUFFER_SIZE, when a draw reads it. */
void GLAPIENTRY
glf_TexBuffer(GLenum target, GLenum internalformat, GLuint buffer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   char b1[64];
   if (!GLF_CORE(ctx) || target != GL_TEXTURE_BUFFER) {
      sgl_log_once(SGL_LOG_WARN, "glTexBuffer: target %s is not TEXTURE_BUFFER%s (INVALID_ENUM)",
                   glf_enum_str(target, b1), GLF_CORE(ctx) ? "" : " (not in OpenGL ES 3.0)");
      glf_error(ctx, GL_INVALID_ENUM, "glTexBuffer(target=0x%x)", target);
      return;
   }
   const struct glf_format *fmt = NULL;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(buffer_texture_formats); i++)
      if (buffer_texture_formats[i] == internalformat)
         fmt = glf_format_by_ifmt(internalformat);
   if (!fmt) {
      sgl_log_once(SGL_LOG_WARN, "glTexBuffer: internalformat %s is not in OpenGL 3.3's table 3.15 (INVALID_ENUM)",
                   glf_enum_str(internalformat, b1));
      glf_error(ctx, GL_INVALID_ENUM, "glTexBuffer(internalformat=0x%x)", internalformat);
      return;
   }
   struct glf_buffer *buf = NULL;
   if (buffer) {
      buf = GLF_LOOKUP_REF(ctx, buffers, buffer, glf_buffer);
      if (!buf || buf == GLF_NAME_RESERVED) {
         glf_error(ctx, GL_INVALID_OPERATION, "glTexBuffer(buffer=%u is not a buffer object)", buffer);
         return;
      }
   }
   /* A table format the device does not read from texel buffers cannot be stored: as other
    * formats the device lacks, GL_OUT_OF_MEMORY with a WARN line. */
   if (fmt->wfmt >= 64 || !((ctx->limits.texel_buffer_formats >> fmt->wfmt) & 1u)) {
      sgl_log_once(SGL_LOG_WARN, "glTexBuffer: the device reads no buffer texture of %s (OUT_OF_MEMORY)",
                   glf_enum_str(internalformat, b1));
      glf_buffer_unref(ctx, buf);
      glf_error(ctx, GL_OUT_OF_MEMORY, "glTexBuffer(internalformat=0x%x)", internalformat);
      return;
   }
   struct glf_texture *tex = bound_texture(ctx, GL_TEXTURE_BUFFER);
   if (!tex) {
      glf_buffer_unref(ctx, buf);
      glf_error(ctx, GL_OUT_OF_MEMORY, "glTexBuffer");
      return;
   }
   glf_buffer_move(ctx, &tex->buffer, buf); /* takes the lookup's reference */
   tex->buffer_ifmt = internalformat;
   tex->buffer_fmt = fmt;
   glf_dirty(ctx, GLF_DIRTY_TEXTURES);
   glf_shared_touch(ctx);
}

/* GL_ARB_texture_buffer_object's spelling */
void GLAPIENTRY
glf_TexBufferARB(GLenum target, GLenum internalformat, GLuint buffer)
{
   glf_TexBuffer(target, internalformat, buffer);
}

/* glGetTexLevelParameter of the multisample and buffer targets: level 0 only. */
static bool
special_level_param(struct glf_context *ctx, GLenum target, GLint level, GLenum pname, GLint *out)
{
   if (level != 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetTexLevelParameter(level=%d)", level);
      return false;
   }
   const bool proxy = target == GL_PROXY_TEXTURE_2D_MULTISAMPLE || target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY;
   struct glf_texture *tex = proxy ? NULL : bound_texture(ctx, target);
   if (target == GL_TEXTURE_BUFFER) {
      const struct glf_format *f = tex && tex->buffer ? tex->buffer_fmt : NULL;
      uint32_t texel = f ? wire_format_info(f->wfmt)->size : 0;
      uint64_t n = f && texel ? tex->buffer->size / texel : 0;
      switch (pname) {
      case GL_TEXTURE_WIDTH:
         *out = (GLint)(n > (uint64_t)ctx->limits.max_texture_buffer_size ? (uint64_t)ctx->limits.max_texture_buffer_size : n);
         return true;
      case GL_TEXTURE_HEIGHT: case GL_TEXTURE_DEPTH: *out = f ? 1 : 0; return true;
      /* the format glTexBuffer gave last (kept on detach), R8 before any (GL core's initial) */
      case GL_TEXTURE_INTERNAL_FORMAT: *out = tex && tex->buffer_ifmt ? (GLint)tex->buffer_ifmt : GL_R8; return true;
      case GL_TEXTURE_BUFFER_DATA_STORE_BINDING: *out = tex && tex->buffer ? (GLint)tex->buffer->name : 0; return true;
      case GL_TEXTURE_COMPRESSED: *out = GL_FALSE; return true;
      case GL_TEXTURE_SHARED_SIZE: case GL_TEXTURE_SAMPLES: *out = 0; return true;
      case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: *out = GL_TRUE; return true;
      default: return format_level_param(ctx, f, pname, out);
      }
   }
   const struct glf_tex_image *img = tex ? &tex->img[0][0] : NULL;
   uint32_t samples = tex ? tex->samples : 0;
   bool fixed = tex && tex->fixed_locations;
   if (target == GL_PROXY_TEXTURE_2D_MULTISAMPLE || target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY) {
      const struct glf_proxy_ms *p = &ctx->proxy_ms[target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY];
      img = &p->img;
      samples = p->samples;
      fixed = p->fixed_locations;
   }
   const struct glf_format *f = img && img->defined ? img->fmt : NULL;
   switch (pname) {
   case GL_TEXTURE_WIDTH: *out = f ? (GLint)img->w : 0; return true;
   case GL_TEXTURE_HEIGHT: *out = f ? (GLint)img->h : 0; return true;
   case GL_TEXTURE_DEPTH: *out = f ? (GLint)img->d : 0; return true;
   case GL_TEXTURE_INTERNAL_FORMAT: *out = f ? (GLint)img->ifmt : GL_RGBA; return true;
   case GL_TEXTURE_COMPRESSED: *out = GL_FALSE; return true;
   case GL_TEXTURE_SHARED_SIZE: *out = f && f->wfmt == WIRE_FMT_R9G9B9E5_FLOAT ? 5 : 0; return true;
   case GL_TEXTURE_SAMPLES: *out = f ? (GLint)samples : 0; return true;
   case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: *out = !f || fixed ? GL_TRUE : GL_FALSE; return true;
   default: return format_level_param(ctx, f, pname, out);
   }
}
