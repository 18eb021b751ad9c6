/* splitgl wire: RGTC (BC4 / BC5) blocks, decoded and encoded. OpenGL 3.0+ core requires the
 * four RGTC formats (GL 3.3 table 3.14); the front end encodes the images TexImage* gives it
 * uncompressed and decodes them for GetTexImage, Magma decodes them where the device has no
 * BC formats (textureCompressionBC). Written from the RGTC appendix of the GL 3.3 spec
 * (appendix C.1, from ARB_texture_compression_rgtc). */
#ifndef SGL_WIRE_RGTC_H
#define SGL_WIRE_RGTC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/* GL 3.3 appendix C.1 (RGTC1): a block is RED_0 (byte 0), RED_1 (byte 1) and sixteen 3-bit
 * codes in the following 48 bits, little-endian, texel i = 4 * y + x at bit 3 * i. With
 * RED_0 > RED_1 codes 2..7 interpolate six values between them; otherwise codes 2..5
 * interpolate four and code 6 is the minimum (0 / -1.0), code 7 the maximum (1.0). */
static inline int
wire_rgtc_value(int r0, int r1, unsigned code, bool is_signed)
{
   if (code == 0)
      return r0;
   if (code == 1)
      return r1;
   if (r0 > r1)
      return ((8 - (int)code) * r0 + ((int)code - 1) * r1) / 7;
   if (code < 6)
      return ((6 - (int)code) * r0 + ((int)code - 1) * r1) / 5;
   if (code == 6)
      return is_signed ? -127 : 0;
   return is_signed ? 127 : 255;
}

/* An endpoint byte: SIGNED_RED_RGTC1's -128 is -1.0 as -127 is (the SNORM conversion), and
 * interpolating from -127 keeps the values in [-1, 1], as Vulkan's BC4_SNORM does. */
static inline int
wire_rgtc_endpoint(uint8_t b, bool is_signed)
{
   if (!is_signed)
      return b;
   int v = (int8_t)b;
   return v < -127 ? -127 : v;
}

/** Decodes the 8-byte RGTC1 block `block` into 16 bytes, row-major (texel (x, y) at
 *  out[(y * 4 + x) * stride]; y = 0 is the block's first row, GL's lowest t): unsigned bytes
 *  for RED_RGTC1 (R8 UNORM), two's complement bytes for SIGNED_RED_RGTC1 (R8 SNORM). The
 *  interpolated values are the appendix's formulas in integers, the quotient truncated
 *  towards zero (8 bits, the precision of Mesa's software decoder). */
static inline void
wire_rgtc_decode(const uint8_t *block, bool is_signed, uint8_t *out, uint32_t stride)
{
   const int r0 = wire_rgtc_endpoint(block[0], is_signed), r1 = wire_rgtc_endpoint(block[1], is_signed);
   uint64_t bits = 0;
   for (int i = 5; i >= 0; i--)
      bits = bits << 8 | block[2 + i];
   for (unsigned i = 0; i < 16; i++)
      out[(size_t)i * stride] = (uint8_t)wire_rgtc_value(r0, r1, (unsigned)(bits >> (3 * i)) & 7u, is_signed);
}

/** Encodes 16 bytes (in[(y * 4 + x) * stride], as wire_rgtc_decode writes them) into one
 *  8-byte RGTC1 block: the extremes as endpoints (six interpolated values between them), each
 *  texel given the nearest value. Exact for blocks of at most two distinct values. */
static inline void
wire_rgtc_encode(const uint8_t *in, bool is_signed, uint32_t stride, uint8_t *block)
{
   int v[16], lo = 0, hi = 0;
   for (unsigned i = 0; i < 16; i++) {
      v[i] = wire_rgtc_endpoint(in[(size_t)i * stride], is_signed);
      if (!i || v[i] < lo)
         lo = v[i];
      if (!i || v[i] > hi)
         hi = v[i];
   }
   /* RED_0 > RED_1 selects the six-value mode; equal endpoints decode every code 0/1 alike */
   block[0] = (uint8_t)hi;
   block[1] = (uint8_t)lo;
   uint64_t bits = 0;
   for (unsigned i = 0; i < 16; i++) {
      unsigned best = 0;
      int best_err = abs(v[i] - hi);
      for (unsigned c = 1; c < 8 && hi > lo; c++) {
         int err = abs(v[i] - wire_rgtc_value(hi, lo, c, is_signed));
         if (err < best_err) {
            best = c;
            best_err = err;
         }
      }
      bits |= (uint64_t)best << (3 * i);
   }
   for (unsigned i = 0; i < 6; i++)
      block[2 + i] = (uint8_t)(bits >> (8 * i));
}

#endif
