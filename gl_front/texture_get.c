/* splitgl gl_front: OpenGL 3.3's glGetTexImage and glGetCompressedTexImage (section 6.1.4).
 *
 * A level is read from the server as glReadPixels reads a surface: one ReadPixels record per
 * band of rows of one layer / slice / face (the reply is the level's wire format), converted to
 * the client's format / type by pixels.c and packed with the PACK_* state (as a 3D image for
 * 3D and 2D-array textures), into client memory or PIXEL_PACK_BUFFER. */
#include <stdlib.h>
#include <string.h>

#include "glf_context.h"
#include "util/knobs.h"

/* GL 3.3 section 6.1.4: "target may be TEXTURE_1D, TEXTURE_2D, TEXTURE_3D, TEXTURE_1D_ARRAY,
 * TEXTURE_2D_ARRAY, TEXTURE_RECTANGLE, TEXTURE_CUBE_MAP_POSITIVE_X, ... NEGATIVE_Z"; anything
 * else (TEXTURE_CUBE_MAP itself included) is INVALID_ENUM. */
static bool
get_target(GLenum target, uint32_t *face, GLenum *bind_target)
{
   *face = 0;
   *bind_target = target;
   switch (target) {
   case GL_TEXTURE_1D: case GL_TEXTURE_2D: case GL_TEXTURE_3D: case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_RECTANGLE:
      return true;
   default:
      if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
         *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
         *bind_target = GL_TEXTURE_CUBE_MAP;
         return true;
      }
      return false;
   }
}

/* The image of a GetTexImage / GetCompressedTexImage call, or NULL with the call's error
 * (NULL without one: the level has no image, and nothing is written). "INVALID_VALUE if lod
 * is less than zero or greater than log2 of the maximum texture size" (a rectangle texture has
 * level 0 only). */
static const struct glf_tex_image *
get_image(struct glf_context *ctx, GLenum target, GLint level, struct glf_texture **out_tex, uint32_t *face,
          bool *failed, const char *caller)
{
   GLenum bind_target;
   *failed = true;
   if (!GLF_CORE(ctx) || !get_target(target, face, &bind_target)) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: target %s refused (INVALID_ENUM)", caller, glf_enum_str(target, b1));
      glf_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", caller, target);
      return NULL;
   }
   GLint max = bind_target == GL_TEXTURE_3D          ? ctx->limits.max_3d_texture_size
               : bind_target == GL_TEXTURE_CUBE_MAP ? ctx->limits.max_cube_map_texture_size
                                                    : ctx->limits.max_texture_size;
   GLint levels = (GLint)glf_texture_levels((uint32_t)max, 1);
   if (level < 0 || level >= levels || level >= GLF_MAX_LEVELS || (bind_target == GL_TEXTURE_RECTANGLE && level)) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", caller, level);
      return NULL;
   }
   *failed = false;
   struct glf_texture *tex = glf_unit_texture(ctx, ctx->active_unit, glf_tex_target_index(bind_target));
   *out_tex = tex;
   if (!tex || !tex->created || !tex->img[*face][level].defined || (uint32_t)level > tex->res_last_level)
      return NULL;
   return &tex->img[*face][level];
}

/* GL 3.3 section 6.1.4: "an INVALID_OPERATION error is generated if format is a color format
 * and the base internal format is DEPTH_COMPONENT or DEPTH_STENCIL", "if format is
 * DEPTH_COMPONENT and the base internal format is not DEPTH_COMPONENT or DEPTH_STENCIL", "if
 * format is DEPTH_STENCIL and the base internal format is not DEPTH_STENCIL", and (section
 * 4.3.2's rule for the integer formats) if one of format and the internal format is integer
 * and the other is not. */
static bool
format_matches(const struct glf_format *f, const struct glf_pixfmt *pf)
{
   const bool depth = f->bits[4] != 0, stencil = f->bits[5] != 0;
   if (pf->depth || pf->stencil)
      return pf->stencil ? depth && stencil : depth;
   if (depth || stencil)
      return false;
   return pf->integer == wire_format_is_integer(f->wfmt);
}

/* Where image k, row r of the packed result starts (PACK_* state; a 3D layout for 3D and 2D
 * array textures: PACK_IMAGE_HEIGHT, PACK_SKIP_IMAGES). */
struct pack_layout {
   size_t row_stride, image_stride, offset, bpp;
};

static struct pack_layout
pack_layout(const struct glf_pixelstore *ps, uint32_t w, uint32_t h, size_t bpp, bool three_d)
{
   struct pack_layout l;
   size_t row_pixels = ps->row_length ? (size_t)ps->row_length : w;
   size_t a = (size_t)ps->alignment;
   l.bpp = bpp;
   l.row_stride = (row_pixels * bpp + a - 1) / a * a;
   l.image_stride = l.row_stride * (three_d && ps->image_height ? (size_t)ps->image_height : h);
   l.offset = (size_t)ps->skip_pixels * bpp + (size_t)ps->skip_rows * l.row_stride +
              (three_d ? (size_t)ps->skip_images * l.image_stride : 0);
   return l;
}

static size_t
pack_extent(const struct pack_layout *l, uint32_t w, uint32_t h, uint32_t d)
{
   if (!w || !h || !d)
      return 0;
   return l->offset + (size_t)(d - 1) * l->image_stride + (size_t)(h - 1) * l->row_stride + (size_t)w * l->bpp;
}

/* Reads rows [0, rows) of surface `src` (w texels each) and packs them from `dst` on, one
 * row_stride apart. False when the channel is lost. */
static bool
read_rows(struct glf_context *ctx, const struct wire_surface_ref *src, uint32_t wfmt, uint32_t w, uint32_t rows,
          const struct glf_pixfmt *pf, size_t row_stride, uint8_t *dst)
{
   uint32_t texel = wire_format_texel_size(wfmt);
   uint32_t band = WIRE_MAX_REPLY / (w * texel);
   band = band < rows ? band : rows;
   uint8_t *tmp = band ? malloc((size_t)w * texel * band) : NULL;
   double (*vals)[4] = malloc(sizeof(double[4]) * w);
   bool ok = tmp && vals;
   if (!ok)
      glf_error(ctx, GL_OUT_OF_MEMORY, "glGetTexImage");
   for (uint32_t r = 0; ok && r < rows; r += band) {
      uint32_t n = rows - r < band ? rows - r : band;
      ok = glf_read_band(ctx, src, 0, (int32_t)r, w, n, texel, tmp);
      for (uint32_t i = 0; ok && i < n; i++) {
         glf_unpack_wire(wfmt, tmp + (size_t)i * w * texel, w, vals);
         glf_pack_pixels(pf, (const double(*)[4])vals, w, dst + (size_t)(r + i) * row_stride);
      }
   }
   free(tmp);
   free(vals);
   return ok;
}

/* GetTexImage of a compressed (RGTC) image: its blocks (the client's copy, texture_blocks.c)
 * decoded as the server's decoder does (wire/rgtc.c: 8-bit R / RG, UNORM or SNORM), then
 * packed as any R8 / RG8 image would be. */
static void
read_compressed(struct glf_context *ctx, struct glf_texture *tex, uint32_t face, uint32_t level,
                const struct glf_tex_image *img, const struct glf_pixfmt *pf, const struct pack_layout *l,
                struct glf_buffer *pbo, size_t off, size_t need, void *pixels)
{
   uint32_t comps;
   bool is_signed;
   const uint32_t plain = glf_rgtc_plain(img->wfmt, &comps, &is_signed), w = img->w, h = img->h;
   const uint8_t *blocks = glf_texture_blocks(tex, face, level);
   uint8_t *texels = malloc((size_t)w * h * img->d * comps);
   double (*vals)[4] = malloc(sizeof(double[4]) * w);
   uint8_t *base = pbo ? (glf_buffer_shadow(ctx, pbo) ? pbo->shadow + off : NULL) : pixels;
   if (!blocks || !texels || !vals) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glGetTexImage");
      base = NULL;
   }
   if (base)
      glf_rgtc_decode_image(img->wfmt, blocks, w, h, img->d, texels);
   for (uint32_t k = 0; base && k < img->d; k++) {
      for (uint32_t r = 0; r < h; r++) {
         glf_unpack_wire(plain, texels + ((size_t)k * h + r) * w * comps, w, vals);
         glf_pack_pixels(pf, (const double(*)[4])vals, w, base + l->offset + (size_t)k * l->image_stride + (size_t)r * l->row_stride);
      }
   }
   if (base && pbo) {
      ctx->pack_reply_reads++;
      glf_upload_buffer(ctx, pbo->res, (uint32_t)off, pbo->shadow + off, (uint32_t)need);
   }
   free(texels);
   free(vals);
}

void GLAPIENTRY
glf_GetTexImage(GLenum target, GLint level, GLenum format, GLenum type, void *pixels)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const char *caller = "glGetTexImage";
   char b1[64], b2[64], b3[64];
   struct glf_texture *tex = NULL;
   uint32_t face;
   bool failed;
   const struct glf_tex_image *img = get_image(ctx, target, level, &tex, &face, &failed, caller);
   if (failed)
      return;
   /* "format ... STENCIL_INDEX" has no texture to read in GL 3.3 (INVALID_ENUM, as an unknown
    * format); a valid pair that does not go together (a packed type of another component
    * count) is INVALID_OPERATION. */
   struct glf_pixfmt pf;
   if (!glf_valid_pixel_format(ctx, format) || !glf_valid_pixel_type(ctx, type) || format == GL_STENCIL_INDEX) {
      sgl_log_once(SGL_LOG_WARN, "%s: format %s, type %s refused (INVALID_ENUM)", caller, glf_enum_str(format, b1),
                   glf_enum_str(type, b2));
      glf_error(ctx, GL_INVALID_ENUM, "%s(format=0x%x, type=0x%x)", caller, format, type);
      return;
   }
   if (!glf_pixfmt(format, type, &pf)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(format=0x%x, type=0x%x)", caller, format, type);
      return;
   }
   if (img && !format_matches(img->fmt, &pf)) {
      sgl_log_once(SGL_LOG_WARN, "%s: format %s of an image of %s (INVALID_OPERATION)", caller,
                   glf_enum_str(format, b1), glf_enum_str(img->ifmt, b3));
      glf_error(ctx, GL_INVALID_OPERATION, "%s(format 0x%x does not match the image)", caller, format);
      return;
   }
   const bool three_d = tex && (tex->target == GL_TEXTURE_3D || tex->target == GL_TEXTURE_2D_ARRAY);
   const uint32_t w = img ? img->w : 0, h = img ? img->h : 0, d = img ? img->d : 0;
   struct pack_layout l = pack_layout(&ctx->pack, w, h, pf.bpp, three_d);
   size_t need = pack_extent(&l, w, h, d);
   /* The rules of a pixel pack buffer (GL 3.3 section 6.1.4 by way of 4.3.2): INVALID_OPERATION
    * if it is mapped, if the writes would pass the end of its store, or if the offset is not a
    * multiple of the type's size. */
   struct glf_buffer *pbo = ctx->pixel_pack_buffer;
   size_t off = (size_t)(uintptr_t)pixels;
   if (pbo) {
      size_t datum = glf_pixfmt_datum(&pf);
      if (pbo->mapped || off > pbo->size || need > pbo->size - off || (datum && off % datum)) {
         glf_error(ctx, GL_INVALID_OPERATION, "%s(pixel pack buffer %s)", caller, pbo->mapped ? "mapped" : "range / alignment");
         return;
      }
   }
   if (!img || !need)
      return;
   if (img->fmt->flags & GLF_FMT_COMPRESSED) {
      read_compressed(ctx, tex, face, (uint32_t)level, img, &pf, &l, pbo, off, need, pixels);
      return;
   }
   /* One surface per layer / slice / face; a 1D array's layers are its rows (one each). */
   const bool rows_are_layers = tex->target == GL_TEXTURE_1D_ARRAY;
   const uint32_t surfaces = rows_are_layers ? h : d, rows = rows_are_layers ? 1 : h;
   if (pbo && glf_pack_is_copy(img->wfmt, &pf) && !sgl_knobs()->pbo_readback_sync && pbo->created) {
      /* The server writes the texels into the buffer; nothing to wait for (DESIGN 2.4). */
      for (uint32_t k = 0; k < surfaces; k++) {
         struct wire_surface_ref src = {tex->res, (uint32_t)level + tex->res_base, tex->target == GL_TEXTURE_CUBE_MAP ? face : k};
         glf_read_to_buffer(ctx, &src, pbo, 0, 0, w, rows,
                            off + l.offset + (rows_are_layers ? (size_t)k * l.row_stride : (size_t)k * l.image_stride),
                            l.row_stride, wire_format_texel_size(img->wfmt));
      }
      return;
   }
   uint8_t *base = pixels;
   if (pbo) {
      if (!glf_buffer_shadow(ctx, pbo))
         return;
      base = pbo->shadow + off;
      ctx->pack_reply_reads++;
   }
   if (!base)
      return;
   for (uint32_t k = 0; k < surfaces; k++) {
      struct wire_surface_ref src = {tex->res, (uint32_t)level + tex->res_base, tex->target == GL_TEXTURE_CUBE_MAP ? face : k};
      uint8_t *dst = base + l.offset + (rows_are_layers ? (size_t)k * l.row_stride : (size_t)k * l.image_stride);
      if (!read_rows(ctx, &src, img->wfmt, w, rows, &pf, l.row_stride, dst))
         return;
   }
   /* into the pack buffer: the written range goes to the server after the reads */
   if (pbo)
      glf_upload_buffer(ctx, pbo->res, (uint32_t)off, pbo->shadow + off, (uint32_t)need);
}

/* GL 3.3 section 6.1.4: "Calling GetCompressedTexImage with a texture image stored with an
 * uncompressed internal format causes an INVALID_OPERATION error." The image's blocks are the
 * client's copy (texture_blocks.c), written tightly packed (GL 3.3 has no compressed pixel
 * pack state) into `img` or at offset `img` of PIXEL_PACK_BUFFER, which must hold them:
 * INVALID_OPERATION "if a pixel pack buffer object is bound and the ... writes would exceed
 * the data store size", or if it is mapped. */
void GLAPIENTRY
glf_GetCompressedTexImage(GLenum target, GLint level, void *img)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const char *caller = "glGetCompressedTexImage";
   struct glf_texture *tex = NULL;
   uint32_t face;
   bool failed;
   const struct glf_tex_image *im = get_image(ctx, target, level, &tex, &face, &failed, caller);
   if (failed)
      return;
   if (!im || !(im->fmt->flags & GLF_FMT_COMPRESSED)) {
      char b1[64];
      sgl_log_once(SGL_LOG_WARN, "%s: the image (%s) is not compressed (INVALID_OPERATION)", caller,
                   im ? glf_enum_str(im->ifmt, b1) : "no image");
      glf_error(ctx, GL_INVALID_OPERATION, "%s(uncompressed image)", caller);
      return;
   }
   const size_t need = (size_t)wire_format_image_size(im->wfmt, im->w, im->h, im->d);
   struct glf_buffer *pbo = ctx->pixel_pack_buffer;
   const size_t off = (size_t)(uintptr_t)img;
   if (pbo && (pbo->mapped || off > pbo->size || need > pbo->size - off)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(pixel pack buffer %s)", caller, pbo->mapped ? "mapped" : "range");
      return;
   }
   const uint8_t *blocks = glf_texture_blocks(tex, face, (uint32_t)level);
   if (!blocks) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
      return;
   }
   if (!pbo) {
      if (img)
         memcpy(img, blocks, need);
      return;
   }
   if (!glf_buffer_shadow(ctx, pbo))
      return;
   memcpy(pbo->shadow + off, blocks, need);
   glf_upload_buffer(ctx, pbo->res, (uint32_t)off, pbo->shadow + off, (uint32_t)need);
}
