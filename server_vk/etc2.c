/* Magma: ETC2 / EAC decoding (see etc2.h). Every formula and table here is the Khronos Data
 * Format Specification's, section "ETC2 Compressed Texture Image Formats" (identical to the
 * OpenGL ES 3.0 spec's Annex C); the comments name the part of it each piece implements.
 *
 * A block is big-endian: q0 is the most significant byte of the 64-bit word. Pixel (x, y) of
 * a block (x along u, y along v) is pixel number i = 4 x + y in the spec's a..p order; the
 * RGB modes keep its index's LSB in bit i and MSB in bit 16 + i, the EAC modes its 3-bit
 * index in bits 47 - 3i .. 45 - 3i. */
#include "etc2.h"

#include <stdbool.h>
#include <string.h>

#include "wire/rgtc.h"
#include "wire/format.h"

static uint64_t
load_be64(const uint8_t *q)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < 8; i++)
      v = v << 8 | q[i];
   return v;
}

/* Bits hi..lo of v (inclusive). */
static int
field(uint64_t v, unsigned hi, unsigned lo)
{
   return (int)((v >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

static int
clamp(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* "extend_4to8bits", the 5-bit codewords' "replicating the top three highest order bits", and
 * the planar mode's 6- and 7-bit colours extended alike. */
static int ext4(int v) { return v << 4 | v; }
static int ext5(int v) { return v << 3 | v >> 2; }
static int ext6(int v) { return v << 2 | v >> 4; }
static int ext7(int v) { return v << 1 | v >> 6; }

/* dR, dG, dB: 3-bit two's complement. */
static int
sext3(int v)
{
   return v >= 4 ? v - 8 : v;
}

/* Table "ETC2 intensity modifier sets for 'individual' and 'differential' modes": the small
 * and large value (a, b) of each table codeword. */
static const int etc_modifiers[8][2] = {{2, 8}, {5, 17}, {9, 29}, {13, 42}, {18, 60}, {24, 80}, {33, 106}, {47, 183}};

/* Table "Distance table for ETC2 'T' and 'H' modes". */
static const int th_distance[8] = {3, 6, 11, 16, 23, 32, 41, 64};

/* Table "Intensity modifier sets for RGBA ETC2 alpha component" (also R11 / RG11 EAC). */
static const int eac_modifiers[16][8] = {
   {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
   {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11}, {-3, -7, -9, -11, 2, 6, 8, 10},
   {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10}, {-2, -6, -8, -10, 1, 5, 7, 9},
   {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},  {-2, -5, -7, -10, 1, 4, 6, 9},
   {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},  {-4, -6, -8, -9, 3, 5, 7, 8},
   {-3, -5, -7, -9, 2, 4, 6, 8},
};

/* The 2-bit pixel index (MSB << 1 | LSB) of pixel (x, y) in the RGB modes. */
static int
rgb_index(uint64_t v, unsigned x, unsigned y)
{
   unsigned i = x * 4 + y;
   return (int)(((v >> (16 + i)) & 1) << 1 | ((v >> i) & 1));
}

/* The 3-bit pixel index of pixel (x, y) in the EAC modes. */
static int
eac_index(uint64_t v, unsigned x, unsigned y)
{
   unsigned i = x * 4 + y;
   return field(v, 47 - 3 * i, 45 - 3 * i);
}

static void
put_rgba(uint8_t out[16][4], unsigned x, unsigned y, const int c[3], int a)
{
   uint8_t *t = out[y * 4 + x];
   for (unsigned k = 0; k < 3; k++)
      t[k] = (uint8_t)clamp(c[k], 0, 255);
   t[3] = (uint8_t)a;
}

/* "If the 'opaque'-bit is zero ... if MSB == 1 and LSB == 0, the alpha value will be zero" and
 * red, green and blue too (punchthrough formats only). */
static bool
transparent(bool opaque, int index)
{
   return !opaque && index == 2;
}

/* 'individual' and 'differential' modes: two subblocks (the flip bit picks 2x4 side by side
 * or 4x2 on top of each other), a base colour and a modifier table each. Punchthrough blocks
 * without the opaque bit use the second modifier table (a = 0). */
static void
decode_subblocks(uint64_t v, const int base[2][3], bool opaque, uint8_t out[16][4])
{
   const int table[2] = {field(v, 39, 37), field(v, 36, 34)};
   const bool flip = (v >> 32) & 1;
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++) {
         unsigned sub = flip ? y >= 2 : x >= 2;
         int idx = rgb_index(v, x, y);
         if (transparent(opaque, idx)) {
            static const int black[3];
            put_rgba(out, x, y, black, 0);
            continue;
         }
         /* "Mapping from pixel index values to modifier values": 0 a, 1 b, 2 -a, 3 -b */
         int a = opaque ? etc_modifiers[table[sub]][0] : 0, b = etc_modifiers[table[sub]][1];
         int m = idx == 0 ? a : idx == 1 ? b : idx == 2 ? -a : -b;
         int c[3] = {base[sub][0] + m, base[sub][1] + m, base[sub][2] + m};
         put_rgba(out, x, y, c, 255);
      }
   }
}

/* 'T' and 'H' modes: four paint colours, one per pixel index. */
static void
decode_paint(uint64_t v, const int paint[4][3], bool opaque, uint8_t out[16][4])
{
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++) {
         int idx = rgb_index(v, x, y);
         static const int black[3];
         if (transparent(opaque, idx))
            put_rgba(out, x, y, black, 0);
         else
            put_rgba(out, x, y, paint[idx], 255);
      }
   }
}

static void
decode_t(uint64_t v, bool opaque, uint8_t out[16][4])
{
   int b1[3] = {ext4(field(v, 60, 59) << 2 | field(v, 57, 56)), ext4(field(v, 55, 52)), ext4(field(v, 51, 48))};
   int b2[3] = {ext4(field(v, 47, 44)), ext4(field(v, 43, 40)), ext4(field(v, 39, 36))};
   int d = th_distance[field(v, 35, 34) << 1 | field(v, 32, 32)];
   int paint[4][3];
   for (unsigned k = 0; k < 3; k++) {
      paint[0][k] = b1[k];
      paint[1][k] = b2[k] + d;
      paint[2][k] = b2[k];
      paint[3][k] = b2[k] - d;
   }
   decode_paint(v, paint, opaque, out);
}

static void
decode_h(uint64_t v, bool opaque, uint8_t out[16][4])
{
   int b1[3] = {ext4(field(v, 62, 59)), ext4(field(v, 58, 56) << 1 | field(v, 52, 52)),
                ext4(field(v, 51, 51) << 3 | field(v, 49, 47))};
   int b2[3] = {ext4(field(v, 46, 43)), ext4(field(v, 42, 39)), ext4(field(v, 38, 35))};
   /* the distance index's LSB: "(base col 1 value >= base col 2 value)", a colour's value
    * being (R << 16) + (G << 8) + B */
   int v1 = b1[0] << 16 | b1[1] << 8 | b1[2], v2 = b2[0] << 16 | b2[1] << 8 | b2[2];
   int d = th_distance[field(v, 34, 34) << 2 | field(v, 32, 32) << 1 | (v1 >= v2)];
   int paint[4][3];
   for (unsigned k = 0; k < 3; k++) {
      paint[0][k] = b1[k] + d;
      paint[1][k] = b1[k] - d;
      paint[2][k] = b2[k] + d;
      paint[3][k] = b2[k] - d;
   }
   decode_paint(v, paint, opaque, out);
}

/* 'planar' mode: colours O, H and V in RGB 676 and the plane through them; always opaque
 * ("should the 'opaque'-bit anyway be 0 the decoder should treat it as if it were 1"). */
static void
decode_planar(uint64_t v, uint8_t out[16][4])
{
   int o[3] = {ext6(field(v, 62, 57)), ext7(field(v, 56, 56) << 6 | field(v, 54, 49)),
               ext6(field(v, 48, 48) << 5 | field(v, 44, 43) << 3 | field(v, 41, 39))};
   int h[3] = {ext6(field(v, 38, 34) << 1 | field(v, 32, 32)), ext7(field(v, 31, 25)), ext6(field(v, 24, 19))};
   int vv[3] = {ext6(field(v, 18, 13)), ext7(field(v, 12, 6)), ext6(field(v, 5, 0))};
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++) {
         int c[3];
         for (unsigned k = 0; k < 3; k++) {
            /* clamp255((x (H - O) + y (V - O) + 4 O + 2) >> 2), the shift a floor division */
            int n = (int)x * (h[k] - o[k]) + (int)y * (vv[k] - o[k]) + 4 * o[k] + 2;
            c[k] = n < 0 ? 0 : n >> 2;
         }
         put_rgba(out, x, y, c, 255);
      }
   }
}

/* RGB ETC2 (punch false) and RGB ETC2 with punchthrough alpha (punch true), whose bit 33 is
 * the 'opaque' bit and which has no 'individual' mode. */
static void
decode_etc2_rgb(uint64_t v, bool punch, uint8_t out[16][4])
{
   const bool bit33 = (v >> 33) & 1;
   const bool opaque = punch ? bit33 : true;
   if (!punch && !bit33) {
      /* 'individual': R1 63-60, R2 59-56, G1 55-52, G2 51-48, B1 47-44, B2 43-40 */
      const int base[2][3] = {{ext4(field(v, 63, 60)), ext4(field(v, 55, 52)), ext4(field(v, 47, 44))},
                              {ext4(field(v, 59, 56)), ext4(field(v, 51, 48)), ext4(field(v, 43, 40))}};
      decode_subblocks(v, base, true, out);
      return;
   }
   /* Mode selection: R + dR, G + dG, B + dB outside [0, 31] select T, H, planar in turn. */
   int r = field(v, 63, 59), g = field(v, 55, 51), b = field(v, 47, 43);
   int r2 = r + sext3(field(v, 58, 56)), g2 = g + sext3(field(v, 50, 48)), b2 = b + sext3(field(v, 42, 40));
   if (r2 < 0 || r2 > 31) {
      decode_t(v, opaque, out);
   } else if (g2 < 0 || g2 > 31) {
      decode_h(v, opaque, out);
   } else if (b2 < 0 || b2 > 31) {
      decode_planar(v, out);
   } else {
      const int base[2][3] = {{ext5(r), ext5(g), ext5(b)}, {ext5(r2), ext5(g2), ext5(b2)}};
      decode_subblocks(v, base, opaque, out);
   }
}

/* The alpha part of RGBA ETC2: clamp255(base_codeword + modifier * multiplier). */
static void
decode_eac_alpha(uint64_t v, uint8_t out[16][4])
{
   int base = field(v, 63, 56), mult = field(v, 55, 52);
   const int *mods = eac_modifiers[field(v, 51, 48)];
   for (unsigned x = 0; x < 4; x++)
      for (unsigned y = 0; y < 4; y++)
         out[y * 4 + x][3] = (uint8_t)clamp(base + mods[eac_index(v, x, y)] * mult, 0, 255);
}

/* R11 EAC, one channel, 16-bit results at `out` with a stride of `stride` bytes.
 * Unsigned: clamp2(base * 8 + 4 + modifier * multiplier * 8), a multiplier of 0 meaning 1/8;
 * extended to 16 bits by (x << 5) + (x >> 6).
 * Signed: base is two's complement (-128 read as -127), clamp2(base * 8 + modifier *
 * multiplier * 8) to [-1023, 1023]; the magnitude is extended by (x << 5) + (x >> 5). */
static void
decode_r11(uint64_t v, bool is_signed, uint8_t *out, unsigned stride)
{
   int base = field(v, 63, 56), mult = field(v, 55, 52);
   const int *mods = eac_modifiers[field(v, 51, 48)];
   if (is_signed) {
      base = base >= 128 ? base - 256 : base;
      base = base == -128 ? -127 : base;
   }
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++) {
         int m = mods[eac_index(v, x, y)];
         int delta = mult ? m * mult * 8 : m;
         uint16_t bits16;
         if (is_signed) {
            int r = clamp(base * 8 + delta, -1023, 1023);
            int mag = r < 0 ? -r : r;
            int ext = (mag << 5) + (mag >> 5);
            bits16 = (uint16_t)(int16_t)(r < 0 ? -ext : ext);
         } else {
            int r = clamp(base * 8 + 4 + delta, 0, 2047);
            bits16 = (uint16_t)((r << 5) + (r >> 6));
         }
         uint8_t *t = out + (y * 4 + x) * stride;
         t[0] = (uint8_t)(bits16 & 0xff); /* little-endian storage */
         t[1] = (uint8_t)(bits16 >> 8);
      }
   }
}

uint32_t
mg_etc2_texel_size(uint32_t wire_fmt)
{
   switch (wire_fmt) {
   case WIRE_FMT_ETC2_R8G8B8_UNORM: case WIRE_FMT_ETC2_R8G8B8_SRGB: case WIRE_FMT_ETC2_R8G8B8A1_UNORM:
   case WIRE_FMT_ETC2_R8G8B8A1_SRGB: case WIRE_FMT_ETC2_R8G8B8A8_UNORM: case WIRE_FMT_ETC2_R8G8B8A8_SRGB:
      return 4;
   case WIRE_FMT_EAC_R11_UNORM: case WIRE_FMT_EAC_R11_SNORM:
      return 2;
   case WIRE_FMT_EAC_R11G11_UNORM: case WIRE_FMT_EAC_R11G11_SNORM:
      return 4;
   case WIRE_FMT_BC4_UNORM: case WIRE_FMT_BC4_SNORM: /* RGTC (rgtc.c): R8 / R8G8 */
      return 1;
   case WIRE_FMT_BC5_UNORM: case WIRE_FMT_BC5_SNORM:
      return 2;
   default:
      return 0;
   }
}

void
mg_etc2_decode_block(uint32_t wire_fmt, const uint8_t *block, uint8_t *out)
{
   uint8_t rgba[16][4];
   switch (wire_fmt) {
   case WIRE_FMT_ETC2_R8G8B8_UNORM: case WIRE_FMT_ETC2_R8G8B8_SRGB:
      decode_etc2_rgb(load_be64(block), false, rgba);
      memcpy(out, rgba, sizeof(rgba));
      return;
   case WIRE_FMT_ETC2_R8G8B8A1_UNORM: case WIRE_FMT_ETC2_R8G8B8A1_SRGB:
      decode_etc2_rgb(load_be64(block), true, rgba);
      memcpy(out, rgba, sizeof(rgba));
      return;
   case WIRE_FMT_ETC2_R8G8B8A8_UNORM: case WIRE_FMT_ETC2_R8G8B8A8_SRGB:
      /* int64bitAlpha is q0..q7, int64bitColor q8..q15 */
      decode_etc2_rgb(load_be64(block + 8), false, rgba);
      decode_eac_alpha(load_be64(block), rgba);
      memcpy(out, rgba, sizeof(rgba));
      return;
   case WIRE_FMT_EAC_R11_UNORM: case WIRE_FMT_EAC_R11_SNORM:
      decode_r11(load_be64(block), wire_fmt == WIRE_FMT_EAC_R11_SNORM, out, 2);
      return;
   case WIRE_FMT_EAC_R11G11_UNORM: case WIRE_FMT_EAC_R11G11_SNORM: {
      /* int64bit0 (q0..q7) is red, int64bit1 (p0..p7) green */
      bool s = wire_fmt == WIRE_FMT_EAC_R11G11_SNORM;
      decode_r11(load_be64(block), s, out, 4);
      decode_r11(load_be64(block + 8), s, out + 2, 4);
      return;
   }
   case WIRE_FMT_BC4_UNORM: case WIRE_FMT_BC4_SNORM:
      wire_rgtc_decode(block, wire_fmt == WIRE_FMT_BC4_SNORM, out, 1);
      return;
   case WIRE_FMT_BC5_UNORM: case WIRE_FMT_BC5_SNORM: /* red block, then green */
      wire_rgtc_decode(block, wire_fmt == WIRE_FMT_BC5_SNORM, out, 2);
      wire_rgtc_decode(block + 8, wire_fmt == WIRE_FMT_BC5_SNORM, out + 1, 2);
      return;
   default:
      memset(out, 0, 64);
      return;
   }
}

void
mg_etc2_decode_image(uint32_t wire_fmt, const uint8_t *src, uint32_t w, uint32_t h, uint32_t d, uint8_t *dst)
{
   const uint32_t ts = mg_etc2_texel_size(wire_fmt);
   const uint32_t bsize = wire_format_info(wire_fmt)->size; /* 8 or 16 bytes a block */
   const uint32_t bw = (w + 3) / 4, bh = (h + 3) / 4;
   if (!ts)
      return;
   uint8_t texels[16 * 4];
   for (uint32_t z = 0; z < d; z++) {
      for (uint32_t by = 0; by < bh; by++) {
         for (uint32_t bx = 0; bx < bw; bx++) {
            mg_etc2_decode_block(wire_fmt, src, texels);
            src += bsize;
            for (uint32_t y = 0; y < 4 && by * 4 + y < h; y++) {
               uint32_t n = w - bx * 4 < 4 ? w - bx * 4 : 4;
               uint8_t *row = dst + (((size_t)z * h + by * 4 + y) * w + bx * 4) * ts;
               memcpy(row, texels + y * 4 * ts, (size_t)n * ts);
            }
         }
      }
   }
}
