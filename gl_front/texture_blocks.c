/* splitgl gl_front: the client's copy of GL core's compressed (RGTC) texture images.
 *
 * OpenGL 3.3 reads compressed images back (GetCompressedTexImage returns the blocks, GetTexImage
 * the decoded texels: section 6.1.4). Nothing on the GPU writes a compressed image (it is
 * never a render target, a copy or blit destination, or a GenerateMipmap level here), so the
 * blocks the client sent are the image: the front end keeps them, and the server (which may
 * hold them decoded: server_vk/format.c) is never asked for them. ES contexts have no such
 * read-back and keep no copy. */
#include "glf_context.h"

#include <stdlib.h>
#include <string.h>

#include "wire/format.h"
#include "wire/rgtc.h"

struct glf_blocks {
   uint32_t wfmt, w, h, d;
   uint8_t data[];
};

uint8_t *
glf_texture_blocks(struct glf_texture *tex, uint32_t face, uint32_t level)
{
   const struct glf_tex_image *img = &tex->img[face][level];
   struct glf_blocks *b = tex->blocks[face][level];
   if (!img->defined || !wire_format_is_compressed(img->wfmt)) {
      glf_texture_drop_blocks(tex, (int)face, (int)level);
      return NULL;
   }
   if (b && (b->wfmt != img->wfmt || b->w != img->w || b->h != img->h || b->d != img->d)) {
      free(b);
      b = tex->blocks[face][level] = NULL;
   }
   if (!b) {
      uint64_t size = wire_format_image_size(img->wfmt, img->w, img->h, img->d);
      b = size < SIZE_MAX - sizeof(*b) ? calloc(1, sizeof(*b) + (size_t)size) : NULL;
      if (!b)
         return NULL;
      *b = (struct glf_blocks){img->wfmt, img->w, img->h, img->d};
      tex->blocks[face][level] = b;
   }
   return b->data;
}

void
glf_texture_store_blocks(struct glf_texture *tex, uint32_t face, uint32_t level, const uint8_t *src, uint32_t x,
                         uint32_t y, uint32_t z, uint32_t w, uint32_t h, uint32_t d)
{
   uint8_t *dst = src ? glf_texture_blocks(tex, face, level) : NULL;
   if (!dst)
      return;
   const struct glf_tex_image *img = &tex->img[face][level];
   const size_t bsize = wire_format_texel_size(img->wfmt);
   const size_t row = (size_t)((img->w + 3) / 4) * bsize, layer = row * ((img->h + 3) / 4);
   const size_t src_row = (size_t)((w + 3) / 4) * bsize, src_rows = (h + 3) / 4;
   for (uint32_t k = 0; k < d; k++)
      for (size_t r = 0; r < src_rows; r++)
         memcpy(dst + (z + k) * layer + (y / 4 + r) * row + (size_t)(x / 4) * bsize,
                src + (k * src_rows + r) * src_row, src_row);
}

void
glf_texture_drop_blocks(struct glf_texture *tex, int face, int level)
{
   for (int f = 0; f < 6; f++) {
      for (int l = 0; l < GLF_MAX_LEVELS; l++) {
         if ((face < 0 || f == face) && (level < 0 || l == level)) {
            free(tex->blocks[f][l]);
            tex->blocks[f][l] = NULL;
         }
      }
   }
}

/* ---- RGTC images as 8-bit texels -------------------------------------------------------------- */
uint32_t
glf_rgtc_plain(uint32_t wfmt, uint32_t *comps, bool *is_signed)
{
   const bool s = wfmt == WIRE_FMT_BC4_SNORM || wfmt == WIRE_FMT_BC5_SNORM;
   const bool two = wfmt == WIRE_FMT_BC5_UNORM || wfmt == WIRE_FMT_BC5_SNORM;
   *comps = two ? 2 : 1;
   *is_signed = s;
   return two ? (s ? WIRE_FMT_R8G8_SNORM : WIRE_FMT_R8G8_UNORM) : (s ? WIRE_FMT_R8_SNORM : WIRE_FMT_R8_UNORM);
}

void
glf_rgtc_decode_image(uint32_t wfmt, const uint8_t *blocks, uint32_t w, uint32_t h, uint32_t d, uint8_t *texels)
{
   uint32_t comps;
   bool is_signed;
   glf_rgtc_plain(wfmt, &comps, &is_signed);
   const uint32_t bw = (w + 3) / 4, bh = (h + 3) / 4;
   for (uint32_t k = 0; k < d; k++) {
      uint8_t *slice = texels + (size_t)k * w * h * comps;
      for (uint32_t by = 0; by < bh; by++) {
         for (uint32_t bx = 0; bx < bw; bx++) {
            uint8_t dec[16 * 2];
            for (uint32_t c = 0; c < comps; c++, blocks += 8)
               wire_rgtc_decode(blocks, is_signed, dec + c, comps);
            for (uint32_t i = 0; i < 16; i++) {
               uint32_t x = bx * 4 + i % 4, y = by * 4 + i / 4;
               if (x < w && y < h)
                  memcpy(slice + ((size_t)y * w + x) * comps, dec + i * comps, comps);
            }
         }
      }
   }
}

void
glf_rgtc_encode_image(uint32_t wfmt, const uint8_t *texels, uint32_t w, uint32_t h, uint32_t d, uint8_t *blocks)
{
   uint32_t comps;
   bool is_signed;
   glf_rgtc_plain(wfmt, &comps, &is_signed);
   const uint32_t bw = (w + 3) / 4, bh = (h + 3) / 4;
   for (uint32_t k = 0; k < d; k++) {
      const uint8_t *slice = texels + (size_t)k * w * h * comps;
      for (uint32_t by = 0; by < bh; by++) {
         for (uint32_t bx = 0; bx < bw; bx++) {
            for (uint32_t c = 0; c < comps; c++, blocks += 8) {
               /* the texels of a partial block past the edge repeat its last column / row */
               uint8_t in[16];
               for (uint32_t i = 0; i < 16; i++) {
                  uint32_t x = bx * 4 + i % 4, y = by * 4 + i / 4;
                  x = x < w ? x : w - 1;
                  y = y < h ? y : h - 1;
                  in[i] = slice[((size_t)y * w + x) * comps + c];
               }
               wire_rgtc_encode(in, is_signed, 1, blocks);
            }
         }
      }
   }
}
