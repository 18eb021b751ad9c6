/* Magma's ETC2 / EAC decoder (server_vk/etc2.c; and RGTC, wire/rgtc.h) against blocks built by hand from the Khronos
 * Data Format Specification's "ETC2 Compressed Texture Image Formats": one block per mode,
 * its bits laid out in the comments, the expected texels worked out from the spec's formulas
 * (several are the spec's own worked examples). No device needed. */
#include <stdint.h>
#include <string.h>

#include "../unit/check.h"
#include "server_vk/etc2.h"
#include "wire/rgtc.h"
#include "wire/wire_types.h"

static uint8_t out[16 * 4];

static void
decode(uint32_t fmt, const uint8_t *block)
{
   memset(out, 0xcd, sizeof(out));
   mg_etc2_decode_block(fmt, block, out);
}

/* Texel (x, y) of an RGBA8 decode equals (r, g, b, a). */
#define RGBA(x, y, r, g, b, a)                                                                  \
   do {                                                                                         \
      const uint8_t *t_ = out + ((y) * 4 + (x)) * 4;                                            \
      CHECK_EQ(t_[0], r);                                                                       \
      CHECK_EQ(t_[1], g);                                                                       \
      CHECK_EQ(t_[2], b);                                                                       \
      CHECK_EQ(t_[3], a);                                                                       \
   } while (0)

static int
u16_at(unsigned x, unsigned y, unsigned stride, unsigned c)
{
   const uint8_t *t = out + (y * 4 + x) * stride + c * 2;
   return t[0] | t[1] << 8;
}

static int
s16_at(unsigned x, unsigned y, unsigned stride, unsigned c)
{
   return (int16_t)(uint16_t)u16_at(x, y, stride, c);
}

/* 'individual': R1 14, R2 3, G1 3, G2 8, B1 8, B2 15, table1 2 (a 9, b 29), table2 0 (2, 8),
 * diff 0, flip 0 (subblock 1 is x < 2). Indices: a (0,0) = 1, m (3,0) = 3, others 0.
 * Low word: LSB bits 0 and 12, MSB bit 28. */
static const uint8_t individual[8] = {0xE3, 0x38, 0x8F, 0x40, 0x10, 0x00, 0x10, 0x01};

/* 'differential' (the spec's example colours): R 28 dR -4, G 4 dG 2, B 3 dB 0 -> base 1
 * (231, 33, 24), base 2 (198, 49, 24); table1 7 (47, 183), table2 1 (5, 17), diff 1, flip 1
 * (subblock 1 is y < 2). Indices: (0,0) = 2 (MSB bit 16), (0,3) = 1 (LSB bit 3). */
static const uint8_t differential[8] = {0xE4, 0x22, 0x18, 0xE7, 0x00, 0x01, 0x00, 0x08};

/* 'T': R 30 + dR 2 overflows. R1a 10, R1b 10 -> R1 10 (170), G1 3 (51), B1 12 (204); R2 8
 * (136), G2 1 (17), B2 15 (255); da 10, db 1 -> distance index 5, d = 32. Indices along row
 * 0: 0, 1, 2, 3 (LSB bits 4, 12; MSB bits 24, 28). */
static const uint8_t t_mode[8] = {0xF2, 0x3C, 0x81, 0xFB, 0x11, 0x00, 0x10, 0x10};

/* 'H': R 5 + dR 3 fits, G 31 + dG 1 overflows. R1 5 (85), G1 (011 << 1 | 1) = 7 (119),
 * B1 (1 << 3 | 011) = 11 (187); R2 10 (170), G2 2 (34), B2 6 (102); da 1, db 0, base 1 <
 * base 2 -> index 100 = 4, d = 23. Indices as in the T block. */
static const uint8_t h_mode[8] = {0x2B, 0xF9, 0xD1, 0x36, 0x11, 0x00, 0x10, 0x10};

/* 'planar': R 8 + 1 and G 0 + 1 fit, B 0 + dB -4 underflows. O = (32, 64, 32) in 676 ->
 * (130, 129, 130); H = (63, 0, 63) -> (255, 0, 255); V = (0, 127, 32) -> (0, 255, 130). */
static const uint8_t planar[8] = {0x41, 0x01, 0x04, 0x7F, 0x01, 0xF8, 0x1F, 0xE0};

static void
etc2_rgb_modes(void)
{
   decode(WIRE_FMT_ETC2_R8G8B8_UNORM, individual);
   RGBA(0, 0, 255, 80, 165, 255);  /* (238, 51, 136) + 29, red clamped */
   RGBA(1, 0, 247, 60, 145, 255);  /* + 9 */
   RGBA(3, 0, 43, 128, 247, 255);  /* (51, 136, 255) - 8 */
   RGBA(2, 1, 53, 138, 255, 255);  /* + 2, blue clamped */

   decode(WIRE_FMT_ETC2_R8G8B8_UNORM, differential);
   RGBA(0, 0, 184, 0, 0, 255);     /* base 1 - 47, clamped at 0 */
   RGBA(0, 3, 215, 66, 41, 255);   /* base 2 + 17 */
   RGBA(1, 0, 255, 80, 71, 255);   /* base 1 + 47 */
   RGBA(2, 2, 203, 54, 29, 255);   /* base 2 + 5 */

   decode(WIRE_FMT_ETC2_R8G8B8_SRGB, t_mode); /* sRGB: the same bytes (the view converts) */
   RGBA(0, 0, 170, 51, 204, 255);  /* paint 0 = base 1 */
   RGBA(1, 0, 168, 49, 255, 255);  /* paint 1 = base 2 + 32 */
   RGBA(2, 0, 136, 17, 255, 255);  /* paint 2 = base 2 */
   RGBA(3, 0, 104, 0, 223, 255);   /* paint 3 = base 2 - 32 */
   RGBA(3, 3, 170, 51, 204, 255);

   decode(WIRE_FMT_ETC2_R8G8B8_UNORM, h_mode);
   RGBA(0, 0, 108, 142, 210, 255); /* base 1 + 23 */
   RGBA(1, 0, 62, 96, 164, 255);   /* base 1 - 23 */
   RGBA(2, 0, 193, 57, 125, 255);  /* base 2 + 23 */
   RGBA(3, 0, 147, 11, 79, 255);   /* base 2 - 23 */

   decode(WIRE_FMT_ETC2_R8G8B8_UNORM, planar);
   RGBA(0, 0, 130, 129, 130, 255); /* O */
   RGBA(3, 0, 224, 32, 224, 255);  /* (3 (H - O) + 4 O + 2) >> 2 */
   RGBA(0, 3, 33, 224, 130, 255);  /* (3 (V - O) + 4 O + 2) >> 2 */
   RGBA(3, 3, 126, 127, 224, 255);
}

static void
punchthrough(void)
{
   /* The differential block with the opaque bit (33) cleared: index 2 is transparent black,
    * index 0 takes modifier 0, index 1 still +b. */
   uint8_t b[8];
   memcpy(b, differential, 8);
   b[3] = 0xE5;
   decode(WIRE_FMT_ETC2_R8G8B8A1_UNORM, b);
   RGBA(0, 0, 0, 0, 0, 0);
   RGBA(0, 3, 215, 66, 41, 255);
   RGBA(1, 0, 231, 33, 24, 255);
   RGBA(2, 2, 198, 49, 24, 255);
   /* The same bits with opaque set decode as RGB ETC2 with alpha one. */
   decode(WIRE_FMT_ETC2_R8G8B8A1_SRGB, differential);
   RGBA(0, 0, 184, 0, 0, 255);
   RGBA(1, 0, 255, 80, 71, 255);
   /* T mode without the opaque bit: paint colour 2 is transparent black. */
   memcpy(b, t_mode, 8);
   b[3] = 0xF9;
   decode(WIRE_FMT_ETC2_R8G8B8A1_UNORM, b);
   RGBA(0, 0, 170, 51, 204, 255);
   RGBA(2, 0, 0, 0, 0, 0);
   RGBA(3, 0, 104, 0, 223, 255);
   /* Planar with opaque cleared is opaque ("treat it as if it were 1"). */
   memcpy(b, planar, 8);
   b[3] = 0x7D;
   decode(WIRE_FMT_ETC2_R8G8B8A1_UNORM, b);
   RGBA(3, 3, 126, 127, 224, 255);
   /* No individual mode with punchthrough: the individual block (bit 33 = 0) is read as
    * R 28 dR 3, G 7 dG 0, B 17 dB 7 (-1): differential, non-opaque. base 1 (231, 57, 140),
    * base 2 (255, 57, 132); table1 2 (b 29), flip 0. (0,0) index 1: base 1 + 29. */
   decode(WIRE_FMT_ETC2_R8G8B8A1_UNORM, individual);
   RGBA(0, 0, 255, 86, 169, 255);
   RGBA(1, 0, 231, 57, 140, 255); /* index 0: modifier 0 */
   RGBA(3, 0, 247, 49, 124, 255); /* index 3: base 2 - 8 (table2 0) */
}

/* EAC blocks: base, multiplier << 4 | table, then 48 bits of 3-bit indices, pixel a (0,0)
 * in bits 47-45, pixel b (0,1) in 44-42. */
static void
eac(void)
{
   /* The spec's unsigned example: base 103, table 13, multiplier 2, pixel b index 3 ->
    * 828 - 160 = 668 -> 16 bits 21386. The other pixels index 0 (-1): 828 - 16 = 812. */
   const uint8_t r11[8] = {0x67, 0x2D, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x00};
   decode(WIRE_FMT_EAC_R11_UNORM, r11);
   CHECK_EQ(u16_at(0, 1, 2, 0), 21386);
   CHECK_EQ(u16_at(0, 0, 2, 0), (812 << 5) + (812 >> 6));
   CHECK_EQ(u16_at(3, 3, 2, 0), (812 << 5) + (812 >> 6));
   /* multiplier 0 means 1/8: 828 - 10 = 818 (the spec's example), 828 - 1 = 827 */
   const uint8_t r11m0[8] = {0x67, 0x0D, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x00};
   decode(WIRE_FMT_EAC_R11_UNORM, r11m0);
   CHECK_EQ(u16_at(0, 1, 2, 0), (818 << 5) + (818 >> 6));
   CHECK_EQ(u16_at(0, 0, 2, 0), (827 << 5) + (827 >> 6));
   /* clamped at 2047 -> 65535: base 255, table 0 (+14 at index 7), multiplier 15, all 7 */
   const uint8_t r11max[8] = {0xFF, 0xF0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
   decode(WIRE_FMT_EAC_R11_UNORM, r11max);
   CHECK_EQ(u16_at(2, 2, 2, 0), 65535);

   /* Signed, the spec's example: base 60, table 13, multiplier 2, index 3 -> 480 - 160 = 320
    * -> (320 << 5) + (320 >> 5) = 10250; index 0 -> 464. */
   const uint8_t s11[8] = {0x3C, 0x2D, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x00};
   decode(WIRE_FMT_EAC_R11_SNORM, s11);
   CHECK_EQ(s16_at(0, 1, 2, 0), 10250);
   CHECK_EQ(s16_at(0, 0, 2, 0), (464 << 5) + (464 >> 5));
   /* Negative: base -100, multiplier 1, table 13; index 3 -> -800 - 80 = -880 -> -(28160 +
    * 27); pixel c (0,2) index 7 (+9) -> -728 -> -(23296 + 22). */
   const uint8_t s11n[8] = {0x9C, 0x1D, 0x0F, 0x80, 0x00, 0x00, 0x00, 0x00};
   decode(WIRE_FMT_EAC_R11_SNORM, s11n);
   CHECK_EQ(s16_at(0, 1, 2, 0), -28187);
   CHECK_EQ(s16_at(0, 2, 2, 0), -23318);
   /* -128 is read as -127; -1016 - 1200 clamps to -1023 -> -32767 */
   const uint8_t s11min[8] = {0x80, 0xFD, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x00};
   decode(WIRE_FMT_EAC_R11_SNORM, s11min);
   CHECK_EQ(s16_at(0, 1, 2, 0), -32767);
   CHECK_EQ(s16_at(0, 0, 2, 0), -32767); /* index 0: -1016 - 120, clamped as well */

   /* RG11: red from the first 8 bytes, green from the next 8 */
   uint8_t rg[16];
   memcpy(rg, r11, 8);
   memcpy(rg + 8, r11m0, 8);
   decode(WIRE_FMT_EAC_R11G11_UNORM, rg);
   CHECK_EQ(u16_at(0, 1, 4, 0), 21386);
   CHECK_EQ(u16_at(0, 1, 4, 1), (818 << 5) + (818 >> 6));
   memcpy(rg, s11, 8);
   memcpy(rg + 8, s11n, 8);
   decode(WIRE_FMT_EAC_R11G11_SNORM, rg);
   CHECK_EQ(s16_at(0, 1, 4, 0), 10250);
   CHECK_EQ(s16_at(0, 1, 4, 1), -28187);

   /* RGBA8 ETC2 EAC: the alpha block first (8-bit: clamp255(base + modifier * multiplier),
    * the spec's example: 103 - 20 = 83; index 0: 101), then the colour block. */
   uint8_t rgba[16];
   memcpy(rgba, r11, 8);
   memcpy(rgba + 8, individual, 8);
   decode(WIRE_FMT_ETC2_R8G8B8A8_UNORM, rgba);
   RGBA(0, 1, 238 + 9, 51 + 9, 136 + 9, 83);
   RGBA(0, 0, 255, 80, 165, 101);
   /* multiplier 0 is 0 in the 8-bit alpha (unlike R11's 1/8) */
   memcpy(rgba, r11m0, 8);
   decode(WIRE_FMT_ETC2_R8G8B8A8_SRGB, rgba);
   RGBA(0, 1, 247, 60, 145, 103);
}

/* A 6x5 image of four blocks (2 x 2) into tightly packed texels: partial blocks cut. */
static void
image(void)
{
   uint8_t src[4 * 8], dst[6 * 5 * 4];
   memcpy(src, individual, 8);
   memcpy(src + 8, differential, 8);
   memcpy(src + 16, t_mode, 8);
   memcpy(src + 24, h_mode, 8);
   memset(dst, 0xcd, sizeof(dst));
   mg_etc2_decode_image(WIRE_FMT_ETC2_R8G8B8_UNORM, src, 6, 5, 1, dst);
   CHECK_EQ(dst[0], 255);                       /* block 0 (0,0) */
   CHECK_EQ(dst[(0 * 6 + 4) * 4 + 0], 184);     /* block 1 (0,0) at x 4 */
   CHECK_EQ(dst[(0 * 6 + 5) * 4 + 0], 255);     /* block 1 (1,0) */
   CHECK_EQ(dst[(4 * 6 + 0) * 4 + 0], 170);     /* block 2 (0,0) at y 4 */
   CHECK_EQ(dst[(4 * 6 + 5) * 4 + 1], 96);      /* block 3 (1,0) */
   CHECK_EQ(mg_etc2_texel_size(WIRE_FMT_EAC_R11_SNORM), 2);
   CHECK_EQ(mg_etc2_texel_size(WIRE_FMT_R8G8B8A8_UNORM), 0);
}

/* RGTC (BC4 / BC5, wire/rgtc.h through mg_etc2_decode_block) from the GL 3.3 spec's appendix
 * C.1: RED_0, RED_1, then 3-bit codes little-endian, texel i at bit 3 * i. Codes 0..7 in
 * texel order 0..7 are the 24 bits 0b111'110'101'100'011'010'001'000 = 0xFAC688. */
static void
rgtc(void)
{
   uint8_t b[16] = {200, 40, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA};
   decode(WIRE_FMT_BC4_UNORM, b);
   /* RED_0 > RED_1: code c in 2..7 is ((8 - c) * RED_0 + (c - 1) * RED_1) / 7 */
   static const uint8_t six[8] = {200, 40, 177, 154, 131, 108, 85, 62};
   for (int i = 0; i < 16; i++)
      CHECK_EQ(out[i], six[i % 8]);
   /* RED_0 <= RED_1: codes 2..5 interpolate four values, 6 is 0, 7 is 255 */
   b[0] = 40;
   b[1] = 200;
   decode(WIRE_FMT_BC4_UNORM, b);
   static const uint8_t four[8] = {40, 200, 72, 104, 136, 168, 0, 255};
   for (int i = 0; i < 16; i++)
      CHECK_EQ(out[i], four[i % 8]);
   /* signed: two's complement endpoints, codes 6 / 7 are -127 / 127 (-1.0 / 1.0); -128 is
    * taken as -127 */
   b[0] = (uint8_t)-128;
   b[1] = 127;
   decode(WIRE_FMT_BC4_SNORM, b);
   static const int8_t sfour[8] = {-127, 127, -76, -25, 25, 76, -127, 127};
   for (int i = 0; i < 16; i++)
      CHECK_EQ((int8_t)out[i], sfour[i % 8]);
   /* BC5: the red block, then the green one; texels R, G interleaved */
   uint8_t rg[16] = {200, 40, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA, 40, 200, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA};
   decode(WIRE_FMT_BC5_UNORM, rg);
   for (int i = 0; i < 16; i++) {
      CHECK_EQ(out[2 * i], six[i % 8]);
      CHECK_EQ(out[2 * i + 1], four[i % 8]);
   }
   CHECK_EQ(mg_etc2_texel_size(WIRE_FMT_BC4_SNORM), 1);
   CHECK_EQ(mg_etc2_texel_size(WIRE_FMT_BC5_UNORM), 2);
   /* an image of 6 x 5 texels: 2 x 2 blocks, partial ones cut */
   uint8_t src[4 * 8], dst[6 * 5 + 1];
   for (int k = 0; k < 4; k++) {
      memcpy(src + 8 * k, b, 8);
      src[8 * k] = (uint8_t)(10 * k); /* RED_0 = code 0 of each block */
      src[8 * k + 1] = 100;
   }
   memset(dst, 0xcd, sizeof(dst));
   mg_etc2_decode_image(WIRE_FMT_BC4_UNORM, src, 6, 5, 1, dst);
   CHECK_EQ(dst[0], 0);             /* block 0, texel (0, 0): code 0 */
   CHECK_EQ(dst[4], 10);            /* block 1, texel (0, 0) at x 4 */
   CHECK_EQ(dst[4 * 6], 20);        /* block 2 at y 4 */
   CHECK_EQ(dst[4 * 6 + 4], 30);    /* block 3 */
   CHECK_EQ(dst[1], 100);           /* block 0, texel (1, 0): code 1 */
   CHECK_EQ(dst[6 * 5], 0xcd);      /* nothing past the image */

   /* the front end's encoder (wire_rgtc_encode): exact for two values a block */
   uint8_t in[16], enc[8], dec[16];
   for (int i = 0; i < 16; i++)
      in[i] = (i * 7) % 3 ? 17 : 230;
   wire_rgtc_encode(in, false, 1, enc);
   wire_rgtc_decode(enc, false, dec, 1);
   CHECK(!memcmp(in, dec, 16)); /* a two-value block round trip */
   for (int i = 0; i < 16; i++)
      in[i] = (uint8_t)(int8_t)(i & 1 ? -127 : 64);
   wire_rgtc_encode(in, true, 1, enc);
   wire_rgtc_decode(enc, true, dec, 1);
   CHECK(!memcmp(in, dec, 16)); /* signed */
}

int
main(void)
{
   rgtc();
   etc2_rgb_modes();
   punchthrough();
   eac();
   image();
   return check_done("test_etc2");
}
