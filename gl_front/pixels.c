/* splitgl gl_front: GL pixel data <-> the wire's texel layouts (wire/format.h).
 *
 * Uploads whose client format / type already is the wire layout are copied as they are
 * (texture.c); everything else goes through here: client pixels are unpacked into RGBA
 * doubles (normalized types scaled to [0,1] / [-1,1], integer formats raw, depth in v[0] and
 * stencil in v[1]), then packed into the wire format, and read-backs the other way round.
 * The rules are those of the OpenGL ES 3.0 spec, sections 3.7.2 (unpacking, "Conversion to
 * floating-point") and 4.3.2 (ReadPixels "Conversion of RGBA values", equations 2.1 / 2.2). */
#include <math.h>

#include "glf_context.h"

/* ---- small floats ---------------------------------------------------------------------------- */
float
glf_half_to_float(uint16_t h)
{
   uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff, bits;
   if (e == 0) {
      float f = ldexpf((float)m, -24);
      return s ? -f : f;
   }
   if (e == 31)
      bits = s | 0x7f800000u | (m << 13);
   else
      bits = s | ((e + 112u) << 23) | (m << 13);
   float f;
   memcpy(&f, &bits, 4);
   return f;
}

uint16_t
glf_float_to_half(float f)
{
   uint32_t x;
   memcpy(&x, &f, 4);
   uint16_t s = (uint16_t)((x >> 16) & 0x8000);
   uint32_t e = (x >> 23) & 0xff, m = x & 0x7fffff;
   if (e == 0xff)
      return (uint16_t)(s | 0x7c00 | (m ? 0x200 : 0));
   int32_t ne = (int32_t)e - 127 + 15;
   if (ne >= 31)
      return (uint16_t)(s | 0x7c00);
   if (ne <= 0) {
      if (ne < -10)
         return s;
      m |= 0x800000;
      uint32_t shift = (uint32_t)(14 - ne);
      uint32_t hm = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
      if (rem > half || (rem == half && (hm & 1)))
         hm++;
      return (uint16_t)(s | hm);
   }
   uint32_t hm = m >> 13, rem = m & 0x1fff;
   uint32_t h = ((uint32_t)ne << 10) | hm;
   if (rem > 0x1000 || (rem == 0x1000 && (hm & 1)))
      h++; /* may carry into the exponent: still right */
   return (uint16_t)(s | h);
}

/* Unsigned float with 5 exponent bits and `mbits` mantissa bits (R11F / G11F / B10F). */
static uint32_t
float_to_ufloat(float f, unsigned mbits)
{
   if (f != f)
      return (0x1fu << mbits) | 1u; /* NaN */
   if (f <= 0.0f)
      return 0;
   uint16_t h = glf_float_to_half(f); /* same exponent range as half */
   if ((h & 0x7c00) == 0x7c00)
      return 0x1fu << mbits; /* infinity (ES 3.0 2.1.3: positive values too large become it) */
   uint32_t shift = 10 - mbits;
   uint32_t v = h & 0x7fff, r = v >> shift, rem = v & ((1u << shift) - 1);
   if (rem > (1u << (shift - 1)) || (rem == (1u << (shift - 1)) && (r & 1)))
      r++;
   return r;
}

static float
ufloat_to_float(uint32_t v, unsigned mbits)
{
   return glf_half_to_float((uint16_t)(v << (10 - mbits)));
}

/* RGB9_E5 (EXT_texture_shared_exponent's algorithm, ES 3.0 section 3.8.3.2). */
static uint32_t
pack_rgb9e5(const double v[3])
{
   const double max = (double)(0x1ff) / 512.0 * 65536.0; /* (2^9-1)/2^9 * 2^(31-15) */
   double c[3];
   for (int i = 0; i < 3; i++)
      c[i] = v[i] != v[i] || v[i] < 0 ? 0 : v[i] > max ? max : v[i];
   double m = c[0] > c[1] ? c[0] : c[1];
   m = m > c[2] ? m : c[2];
   int e = m > 0 ? (int)floor(log2(m)) : -16;
   if (e < -16)
      e = -16;
   int es = e + 1 + 15;
   double denom = ldexp(1.0, es - 15 - 9);
   if ((int)floor(m / denom + 0.5) == 512) {
      denom *= 2;
      es++;
   }
   uint32_t out = (uint32_t)es << 27;
   for (int i = 0; i < 3; i++)
      out |= ((uint32_t)floor(c[i] / denom + 0.5) & 0x1ff) << (9 * i);
   return out;
}

static void
unpack_rgb9e5(uint32_t w, double v[3])
{
   double scale = ldexp(1.0, (int)(w >> 27) - 15 - 9);
   for (int i = 0; i < 3; i++)
      v[i] = (double)((w >> (9 * i)) & 0x1ff) * scale;
}

/* ---- client layouts -------------------------------------------------------------------------- */
enum { CH_R = 0, CH_G, CH_B, CH_A, CH_L, CH_DEPTH, CH_STENCIL, CH_NONE };
enum { T_UB = 0, T_B, T_US, T_S, T_UI, T_I, T_HF, T_F, T_PACKED };
enum {
   P_NONE = 0, P_332, P_233R, P_565, P_565R, P_4444, P_4444R, P_5551, P_1555R, P_8888, P_8888R, P_1010102,
   P_2101010R, P_11F11F10F, P_5999R, P_24_8, P_F32_24_8R,
};

/* Field widths of the packed types, component 0 first; `rev`: component 0 in the low bits. */
static const struct {
   uint8_t bytes, n, w[4];
   bool rev;
} packed_types[] = {
   [P_332] = {1, 3, {3, 3, 2, 0}, false},      [P_233R] = {1, 3, {3, 3, 2, 0}, true},
   [P_565] = {2, 3, {5, 6, 5, 0}, false},      [P_565R] = {2, 3, {5, 6, 5, 0}, true},
   [P_4444] = {2, 4, {4, 4, 4, 4}, false},     [P_4444R] = {2, 4, {4, 4, 4, 4}, true},
   [P_5551] = {2, 4, {5, 5, 5, 1}, false},     [P_1555R] = {2, 4, {5, 5, 5, 1}, true},
   [P_8888] = {4, 4, {8, 8, 8, 8}, false},     [P_8888R] = {4, 4, {8, 8, 8, 8}, true},
   [P_1010102] = {4, 4, {10, 10, 10, 2}, false}, [P_2101010R] = {4, 4, {10, 10, 10, 2}, true},
};

static int
packed_kind(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE_3_3_2: return P_332;
   case GL_UNSIGNED_BYTE_2_3_3_REV: return P_233R;
   case GL_UNSIGNED_SHORT_5_6_5: return P_565;
   case GL_UNSIGNED_SHORT_5_6_5_REV: return P_565R;
   case GL_UNSIGNED_SHORT_4_4_4_4: return P_4444;
   case GL_UNSIGNED_SHORT_4_4_4_4_REV: return P_4444R;
   case GL_UNSIGNED_SHORT_5_5_5_1: return P_5551;
   case GL_UNSIGNED_SHORT_1_5_5_5_REV: return P_1555R;
   case GL_UNSIGNED_INT_8_8_8_8: return P_8888;
   case GL_UNSIGNED_INT_8_8_8_8_REV: return P_8888R;
   case GL_UNSIGNED_INT_10_10_10_2: return P_1010102;
   case GL_UNSIGNED_INT_2_10_10_10_REV: return P_2101010R;
   case GL_UNSIGNED_INT_10F_11F_11F_REV: return P_11F11F10F;
   case GL_UNSIGNED_INT_5_9_9_9_REV: return P_5999R;
   case GL_UNSIGNED_INT_24_8: return P_24_8;
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: return P_F32_24_8R;
   default: return P_NONE;
   }
}

static int
plain_type(GLenum type, uint8_t *size)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: *size = 1; return T_UB;
   case GL_BYTE: *size = 1; return T_B;
   case GL_UNSIGNED_SHORT: *size = 2; return T_US;
   case GL_SHORT: *size = 2; return T_S;
   case GL_UNSIGNED_INT: *size = 4; return T_UI;
   case GL_INT: *size = 4; return T_I;
   case GL_HALF_FLOAT: case GL_HALF_FLOAT_OES: *size = 2; return T_HF;
   case GL_FLOAT: *size = 4; return T_F;
   default: return -1;
   }
}

bool
glf_pixfmt(GLenum format, GLenum type, struct glf_pixfmt *pf)
{
   static const struct {
      GLenum format;
      uint8_t n, ch[4];
      bool integer;
   } formats[] = {
      {GL_RED, 1, {CH_R}, false},         {GL_GREEN, 1, {CH_G}, false},        {GL_BLUE, 1, {CH_B}, false},
      {GL_ALPHA, 1, {CH_A}, false},       {GL_LUMINANCE, 1, {CH_L}, false},    {GL_LUMINANCE_ALPHA, 2, {CH_L, CH_A}, false},
      {GL_RG, 2, {CH_R, CH_G}, false},    {GL_RGB, 3, {CH_R, CH_G, CH_B}, false},
      {GL_BGR, 3, {CH_B, CH_G, CH_R}, false}, {GL_RGBA, 4, {CH_R, CH_G, CH_B, CH_A}, false},
      {GL_BGRA, 4, {CH_B, CH_G, CH_R, CH_A}, false},
      {GL_RED_INTEGER, 1, {CH_R}, true},  {GL_GREEN_INTEGER, 1, {CH_G}, true}, {GL_BLUE_INTEGER, 1, {CH_B}, true},
      {GL_RG_INTEGER, 2, {CH_R, CH_G}, true}, {GL_RGB_INTEGER, 3, {CH_R, CH_G, CH_B}, true},
      {GL_BGR_INTEGER, 3, {CH_B, CH_G, CH_R}, true}, {GL_RGBA_INTEGER, 4, {CH_R, CH_G, CH_B, CH_A}, true},
      {GL_BGRA_INTEGER, 4, {CH_B, CH_G, CH_R, CH_A}, true},
      {GL_DEPTH_COMPONENT, 1, {CH_DEPTH}, false}, {GL_DEPTH_STENCIL, 2, {CH_DEPTH, CH_STENCIL}, false},
      {GL_STENCIL_INDEX, 1, {CH_STENCIL}, true},
   };
   memset(pf, 0, sizeof(*pf));
   unsigned i = 0;
   while (i < GLF_ARRAY_SIZE(formats) && formats[i].format != format)
      i++;
   if (i == GLF_ARRAY_SIZE(formats))
      return false;
   pf->comps = formats[i].n;
   memcpy(pf->order, formats[i].ch, 4);
   pf->integer = formats[i].integer;
   pf->depth = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   pf->stencil = format == GL_DEPTH_STENCIL || format == GL_STENCIL_INDEX;
   int p = packed_kind(type);
   uint8_t size;
   int t = plain_type(type, &size);
   /* Depth-stencil data comes only packed; packed types need as many components as they
    * hold (ES 3.0 section 3.7.2: "INVALID_OPERATION if ... the format does not match the
    * number of components of a packed type"). */
   if (format == GL_DEPTH_STENCIL)
      return p == P_24_8 || p == P_F32_24_8R ? (pf->type = T_PACKED, pf->packing = (uint8_t)p,
                                                pf->bpp = p == P_24_8 ? 4 : 8, true)
                                             : false;
   if (p == P_24_8 || p == P_F32_24_8R)
      return false;
   if (p == P_11F11F10F || p == P_5999R) {
      if (format != GL_RGB)
         return false;
      pf->type = T_PACKED;
      pf->packing = (uint8_t)p;
      pf->bpp = 4;
      return true;
   }
   if (p != P_NONE) {
      if (pf->depth || pf->comps != packed_types[p].n)
         return false;
      pf->type = T_PACKED;
      pf->packing = (uint8_t)p;
      pf->bpp = packed_types[p].bytes;
      return true;
   }
   /* stencil indices may be read as floats (OpenGL 3.3 section 4.3.1, table 3.2's types) */
   if (t < 0 || ((t == T_HF || t == T_F) && pf->integer && format != GL_STENCIL_INDEX))
      return false;
   pf->type = (uint8_t)t;
   pf->bpp = (uint8_t)(size * pf->comps);
   return true;
}

/* Whether texels of wire format `wfmt` (its upload layout) are, byte for byte, pixels of `pf`
 * as a read packs them: the same components in RGBA order, each the same type. Unsigned
 * normalized, integer and float components convert to themselves (float only where no
 * clamping applies: the caller's business); signed normalized ones do not (-128 reads back as
 * -1.0, packed as -127). */
bool
glf_pack_is_copy(uint32_t wfmt, const struct glf_pixfmt *pf)
{
   static const struct {
      uint8_t ct, type;
      bool integer;
   } same[] = {
      {WIRE_CT_UNORM8, T_UB, false}, {WIRE_CT_UINT8, T_UB, true},   {WIRE_CT_SINT8, T_B, true},
      {WIRE_CT_UNORM16, T_US, false}, {WIRE_CT_UINT16, T_US, true}, {WIRE_CT_SINT16, T_S, true},
      {WIRE_CT_UINT32, T_UI, true},  {WIRE_CT_SINT32, T_I, true},  {WIRE_CT_FLOAT16, T_HF, false},
      {WIRE_CT_FLOAT32, T_F, false},
   };
   const struct wire_format_info *wi = wire_format_info(wfmt);
   if (pf->type == T_PACKED || pf->depth || pf->stencil || wi->comps != pf->comps || wi->size != pf->bpp ||
       (wi->flags & (WIRE_FMTF_DEPTH | WIRE_FMTF_STENCIL | WIRE_FMTF_COMPRESSED)))
      return false;
   for (unsigned c = 0; c < pf->comps; c++)
      if (pf->order[c] != CH_R + c)
         return false;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(same); i++)
      if (same[i].ct == wi->ctype)
         return same[i].type == pf->type && same[i].integer == pf->integer;
   return false;
}

/* Bytes of one "datum" of the type (ES 3.0 section 3.7.1: unpack buffer offsets must be a
 * multiple of it): a component, or a whole packed word. */
size_t
glf_pixfmt_datum(const struct glf_pixfmt *pf)
{
   if (pf->type == T_PACKED)
      return pf->packing == P_F32_24_8R ? 8 : pf->bpp;
   return pf->comps ? (size_t)pf->bpp / pf->comps : 1;
}

/* ---- client -> values ------------------------------------------------------------------------ */
static double
norm_unsigned(uint32_t v, unsigned bits)
{
   return (double)v / (double)((1ull << bits) - 1);
}

static double
norm_signed(int32_t v, unsigned bits)
{
   double d = (double)v / (double)((1ull << (bits - 1)) - 1);
   return d < -1.0 ? -1.0 : d;
}

static double
read_plain(const uint8_t *p, int type, bool integer)
{
   uint8_t u8;
   int8_t s8;
   uint16_t u16;
   int16_t s16;
   uint32_t u32;
   int32_t s32;
   float f;
   switch (type) {
   case T_UB: u8 = *p; return integer ? u8 : norm_unsigned(u8, 8);
   case T_B: memcpy(&s8, p, 1); return integer ? s8 : norm_signed(s8, 8);
   case T_US: memcpy(&u16, p, 2); return integer ? u16 : norm_unsigned(u16, 16);
   case T_S: memcpy(&s16, p, 2); return integer ? s16 : norm_signed(s16, 16);
   case T_UI: memcpy(&u32, p, 4); return integer ? u32 : norm_unsigned(u32, 32);
   case T_I: memcpy(&s32, p, 4); return integer ? s32 : norm_signed(s32, 32);
   case T_HF: memcpy(&u16, p, 2); return glf_half_to_float(u16);
   default: memcpy(&f, p, 4); return f;
   }
}

static uint32_t
read_word(const uint8_t *p, unsigned bytes)
{
   uint8_t b;
   uint16_t h;
   uint32_t w;
   switch (bytes) {
   case 1: memcpy(&b, p, 1); return b;
   case 2: memcpy(&h, p, 2); return h;
   case 3: return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16; /* RGB8: no 4th byte to read */
   default: memcpy(&w, p, 4); return w;
   }
}

/* Field i of a packed word (component order). */
static uint32_t
packed_field(uint32_t w, int p, unsigned i)
{
   unsigned shift = 0, n = packed_types[p].n;
   if (packed_types[p].rev) {
      for (unsigned k = 0; k < i; k++)
         shift += packed_types[p].w[k];
   } else {
      for (unsigned k = i + 1; k < n; k++)
         shift += packed_types[p].w[k];
   }
   return (w >> shift) & ((1u << packed_types[p].w[i]) - 1);
}

static void
set_channel(double v[4], uint8_t ch, double x)
{
   if (ch == CH_L)
      v[0] = v[1] = v[2] = x;
   else if (ch <= CH_A)
      v[ch] = x;
   else if (ch == CH_DEPTH)
      v[0] = x;
   else if (ch == CH_STENCIL)
      v[1] = x;
}

void
glf_unpack_pixels(const struct glf_pixfmt *pf, const uint8_t *src, uint32_t n, double (*v)[4])
{
   for (uint32_t i = 0; i < n; i++, src += pf->bpp) {
      double *o = v[i];
      o[0] = o[1] = o[2] = 0.0;
      o[3] = 1.0;
      if (pf->type != T_PACKED) {
         uint32_t size = pf->bpp / pf->comps;
         for (unsigned c = 0; c < pf->comps; c++)
            set_channel(o, pf->order[c], read_plain(src + c * size, pf->type, pf->integer || pf->order[c] == CH_STENCIL));
         continue;
      }
      int p = pf->packing;
      uint32_t w = read_word(src, p == P_F32_24_8R ? 4 : pf->bpp);
      if (p == P_24_8) {
         o[0] = norm_unsigned(w >> 8, 24);
         o[1] = w & 0xff;
      } else if (p == P_F32_24_8R) {
         float f;
         memcpy(&f, src, 4);
         o[0] = f;
         o[1] = read_word(src + 4, 4) & 0xff;
      } else if (p == P_11F11F10F) {
         o[0] = ufloat_to_float(w & 0x7ff, 6);
         o[1] = ufloat_to_float((w >> 11) & 0x7ff, 6);
         o[2] = ufloat_to_float(w >> 22, 5);
      } else if (p == P_5999R) {
         unpack_rgb9e5(w, o);
      } else {
         for (unsigned c = 0; c < pf->comps; c++) {
            uint32_t f = packed_field(w, p, c);
            set_channel(o, pf->order[c], pf->integer ? (double)f : norm_unsigned(f, packed_types[p].w[c]));
         }
      }
   }
}

/* ---- values -> wire ---------------------------------------------------------------------------- */
static double
clampd(double x, double lo, double hi)
{
   return x != x ? 0.0 : x < lo ? lo : x > hi ? hi : x;
}

/* From the OpenGL ES 3.0 spec, equations 2.3 / 2.4: f -> round(clamp(f) * (2^b - 1)), and for
 * signed normalized round(clamp(f, -1, 1) * (2^(b-1) - 1)). */
static uint32_t
to_unorm(double x, unsigned bits)
{
   return (uint32_t)floor(clampd(x, 0.0, 1.0) * (double)((1ull << bits) - 1) + 0.5);
}

static int32_t
to_snorm(double x, unsigned bits)
{
   double m = (double)((1ull << (bits - 1)) - 1);
   return (int32_t)floor(clampd(x, -1.0, 1.0) * m + 0.5);
}

static void
put(uint8_t *dst, const void *val, unsigned bytes)
{
   memcpy(dst, val, bytes);
}

static void
write_component(uint8_t *d, uint8_t ctype, double x)
{
   uint8_t u8;
   int8_t s8;
   uint16_t u16;
   int16_t s16;
   uint32_t u32;
   int32_t s32;
   float f;
   switch (ctype) {
   case WIRE_CT_UNORM8: u8 = (uint8_t)to_unorm(x, 8); put(d, &u8, 1); break;
   case WIRE_CT_SNORM8: s8 = (int8_t)to_snorm(x, 8); put(d, &s8, 1); break;
   case WIRE_CT_UNORM16: u16 = (uint16_t)to_unorm(x, 16); put(d, &u16, 2); break;
   case WIRE_CT_SNORM16: s16 = (int16_t)to_snorm(x, 16); put(d, &s16, 2); break;
   case WIRE_CT_UINT8: u8 = (uint8_t)clampd(x, 0, 255); put(d, &u8, 1); break;
   case WIRE_CT_SINT8: s8 = (int8_t)clampd(x, -128, 127); put(d, &s8, 1); break;
   case WIRE_CT_UINT16: u16 = (uint16_t)clampd(x, 0, 65535); put(d, &u16, 2); break;
   case WIRE_CT_SINT16: s16 = (int16_t)clampd(x, -32768, 32767); put(d, &s16, 2); break;
   case WIRE_CT_UINT32: u32 = (uint32_t)clampd(x, 0, 4294967295.0); put(d, &u32, 4); break;
   case WIRE_CT_SINT32: s32 = (int32_t)clampd(x, -2147483648.0, 2147483647.0); put(d, &s32, 4); break;
   case WIRE_CT_FLOAT16: u16 = glf_float_to_half((float)x); put(d, &u16, 2); break;
   case WIRE_CT_FLOAT32: f = (float)x; put(d, &f, 4); break;
   default: break;
   }
}

void
glf_pack_wire(uint32_t wfmt, const uint8_t map[4], const double (*v)[4], uint32_t n, uint8_t *dst)
{
   const struct wire_format_info *wi = wire_format_info(wfmt);
   const bool integer = wi->flags & WIRE_FMTF_INTEGER;
   for (uint32_t i = 0; i < n; i++, dst += wi->size) {
      const double *x = v[i];
      uint32_t w = 0;
      uint16_t h;
      float f;
      switch (wi->packing) {
      case WIRE_PACK_NONE:
         if (wi->flags & WIRE_FMTF_DEPTH) { /* D16 / D32F: depth is clamped to [0, 1] (ES 3.0 3.7.2) */
            write_component(dst, wi->ctype == WIRE_CT_UINT16 ? WIRE_CT_UNORM16 : WIRE_CT_FLOAT32, clampd(x[0], 0, 1));
            continue;
         }
         for (unsigned c = 0; c < wi->comps; c++)
            write_component(dst + c * (wi->size / wi->comps), wi->ctype, x[map[c]]);
         continue;
      case WIRE_PACK_565:
         h = (uint16_t)(to_unorm(x[0], 5) << 11 | to_unorm(x[1], 6) << 5 | to_unorm(x[2], 5));
         put(dst, &h, 2);
         continue;
      case WIRE_PACK_4444:
         h = (uint16_t)(to_unorm(x[0], 4) << 12 | to_unorm(x[1], 4) << 8 | to_unorm(x[2], 4) << 4 | to_unorm(x[3], 4));
         put(dst, &h, 2);
         continue;
      case WIRE_PACK_5551:
         h = (uint16_t)(to_unorm(x[0], 5) << 11 | to_unorm(x[1], 5) << 6 | to_unorm(x[2], 5) << 1 | to_unorm(x[3], 1));
         put(dst, &h, 2);
         continue;
      case WIRE_PACK_1010102:
         if (integer)
            w = (uint32_t)clampd(x[0], 0, 1023) | (uint32_t)clampd(x[1], 0, 1023) << 10 |
                (uint32_t)clampd(x[2], 0, 1023) << 20 | (uint32_t)clampd(x[3], 0, 3) << 30;
         else
            w = to_unorm(x[0], 10) | to_unorm(x[1], 10) << 10 | to_unorm(x[2], 10) << 20 | to_unorm(x[3], 2) << 30;
         break;
      case WIRE_PACK_11_11_10F:
         w = float_to_ufloat((float)x[0], 6) | float_to_ufloat((float)x[1], 6) << 11 | float_to_ufloat((float)x[2], 5) << 22;
         break;
      case WIRE_PACK_999E5:
         w = pack_rgb9e5(x);
         break;
      case WIRE_PACK_D24S8:
         w = to_unorm(x[0], 24) << 8 | ((uint32_t)clampd(x[1], 0, 255) & 0xff);
         break;
      case WIRE_PACK_X8D24:
         w = to_unorm(x[0], 24);
         break;
      case WIRE_PACK_D32FS8:
         f = (float)clampd(x[0], 0, 1);
         put(dst, &f, 4);
         w = (uint32_t)clampd(x[1], 0, 255);
         put(dst + 4, &w, 4);
         continue;
      default:
         break;
      }
      put(dst, &w, 4);
   }
}

/* ---- wire -> values (read-back) -------------------------------------------------------------- */
static double
read_component(const uint8_t *p, uint8_t ctype)
{
   switch (ctype) {
   case WIRE_CT_UNORM8: return read_plain(p, T_UB, false);
   case WIRE_CT_SNORM8: return read_plain(p, T_B, false);
   case WIRE_CT_UNORM16: return read_plain(p, T_US, false);
   case WIRE_CT_SNORM16: return read_plain(p, T_S, false);
   case WIRE_CT_UINT8: return read_plain(p, T_UB, true);
   case WIRE_CT_SINT8: return read_plain(p, T_B, true);
   case WIRE_CT_UINT16: return read_plain(p, T_US, true);
   case WIRE_CT_SINT16: return read_plain(p, T_S, true);
   case WIRE_CT_UINT32: return read_plain(p, T_UI, true);
   case WIRE_CT_SINT32: return read_plain(p, T_I, true);
   case WIRE_CT_FLOAT16: return read_plain(p, T_HF, false);
   default: return read_plain(p, T_F, false);
   }
}

void
glf_unpack_wire(uint32_t wfmt, const uint8_t *src, uint32_t n, double (*v)[4])
{
   const struct wire_format_info *wi = wire_format_info(wfmt);
   const bool integer = wi->flags & WIRE_FMTF_INTEGER;
   for (uint32_t i = 0; i < n; i++, src += wi->size) {
      double *o = v[i];
      o[0] = o[1] = o[2] = 0.0;
      o[3] = 1.0;
      uint32_t w = wi->size >= 4 ? read_word(src, 4) : read_word(src, wi->size);
      switch (wi->packing) {
      case WIRE_PACK_NONE:
         if (wi->flags & WIRE_FMTF_DEPTH) { /* D16 (normalized) / D32F: depth in v[0] */
            o[0] = read_component(src, wi->ctype == WIRE_CT_UINT16 ? WIRE_CT_UNORM16 : WIRE_CT_FLOAT32);
            break;
         }
         for (unsigned c = 0; c < wi->comps; c++)
            o[c] = read_component(src + c * (wi->size / wi->comps), wi->ctype);
         break;
      case WIRE_PACK_565:
         o[0] = norm_unsigned(w >> 11 & 0x1f, 5), o[1] = norm_unsigned(w >> 5 & 0x3f, 6), o[2] = norm_unsigned(w & 0x1f, 5);
         break;
      case WIRE_PACK_4444:
         for (unsigned c = 0; c < 4; c++)
            o[c] = norm_unsigned(w >> (12 - 4 * c) & 0xf, 4);
         break;
      case WIRE_PACK_5551:
         for (unsigned c = 0; c < 3; c++)
            o[c] = norm_unsigned(w >> (11 - 5 * c) & 0x1f, 5);
         o[3] = w & 1;
         break;
      case WIRE_PACK_1010102:
         for (unsigned c = 0; c < 3; c++)
            o[c] = integer ? (double)(w >> (10 * c) & 0x3ff) : norm_unsigned(w >> (10 * c) & 0x3ff, 10);
         o[3] = integer ? (double)(w >> 30) : norm_unsigned(w >> 30, 2);
         break;
      case WIRE_PACK_11_11_10F:
         o[0] = ufloat_to_float(w & 0x7ff, 6);
         o[1] = ufloat_to_float((w >> 11) & 0x7ff, 6);
         o[2] = ufloat_to_float(w >> 22, 5);
         break;
      case WIRE_PACK_999E5:
         unpack_rgb9e5(w, o);
         break;
      /* depth / stencil (GL core's DEPTH_COMPONENT / STENCIL_INDEX / DEPTH_STENCIL reads):
       * depth in v[0] as a value in [0, 1], stencil in v[1] as an integer */
      case WIRE_PACK_D24S8:
         o[0] = norm_unsigned(w >> 8, 24);
         o[1] = w & 0xff;
         break;
      case WIRE_PACK_X8D24:
         o[0] = norm_unsigned(w & 0xffffffu, 24);
         break;
      case WIRE_PACK_D32FS8: {
         float f;
         memcpy(&f, src, 4);
         o[0] = f;
         o[1] = read_word(src + 4, 4) & 0xff;
         break;
      }
      default:
         break;
      }
      if (wi->packing == WIRE_PACK_NONE && (wi->flags & WIRE_FMTF_DEPTH))
         o[0] = wi->ctype == WIRE_CT_UINT16 ? norm_unsigned(w, 16) : read_component(src, WIRE_CT_FLOAT32);
   }
}

/* ---- values -> client (read-back) ------------------------------------------------------------ */
static void
write_plain(uint8_t *d, int type, bool integer, double x)
{
   uint8_t u8;
   int8_t s8;
   uint16_t u16;
   int16_t s16;
   uint32_t u32;
   int32_t s32;
   float f;
   switch (type) {
   case T_UB: u8 = (uint8_t)(integer ? clampd(x, 0, 255) : to_unorm(x, 8)); put(d, &u8, 1); break;
   case T_B: s8 = (int8_t)(integer ? clampd(x, -128, 127) : to_snorm(x, 8)); put(d, &s8, 1); break;
   case T_US: u16 = (uint16_t)(integer ? clampd(x, 0, 65535) : to_unorm(x, 16)); put(d, &u16, 2); break;
   case T_S: s16 = (int16_t)(integer ? clampd(x, -32768, 32767) : to_snorm(x, 16)); put(d, &s16, 2); break;
   case T_UI: u32 = integer ? (uint32_t)clampd(x, 0, 4294967295.0) : to_unorm(x, 32); put(d, &u32, 4); break;
   case T_I: s32 = integer ? (int32_t)clampd(x, -2147483648.0, 2147483647.0) : to_snorm(x, 32); put(d, &s32, 4); break;
   case T_HF: u16 = glf_float_to_half((float)x); put(d, &u16, 2); break;
   default: f = (float)x; put(d, &f, 4); break;
   }
}

static double
channel(const double v[4], uint8_t ch)
{
   return ch == CH_L || ch == CH_DEPTH ? v[0] : ch == CH_STENCIL ? v[1] : ch <= CH_A ? v[ch] : 0.0;
}

void
glf_pack_pixels(const struct glf_pixfmt *pf, const double (*v)[4], uint32_t n, uint8_t *dst)
{
   for (uint32_t i = 0; i < n; i++, dst += pf->bpp) {
      const double *x = v[i];
      if (pf->type != T_PACKED) {
         uint32_t size = pf->bpp / pf->comps;
         for (unsigned c = 0; c < pf->comps; c++)
            write_plain(dst + c * size, pf->type, pf->integer, channel(x, pf->order[c]));
         continue;
      }
      int p = pf->packing;
      uint32_t w = 0;
      if (p == P_F32_24_8R) { /* float depth, then a word with the stencil in bits 7-0 */
         float f = (float)clampd(x[0], 0, 1);
         uint32_t s8 = (uint32_t)clampd(x[1], 0, 255);
         put(dst, &f, 4);
         put(dst + 4, &s8, 4);
         continue;
      }
      if (p == P_24_8) {
         w = to_unorm(x[0], 24) << 8 | (uint32_t)clampd(x[1], 0, 255);
      } else if (p == P_11F11F10F) {
         w = float_to_ufloat((float)x[0], 6) | float_to_ufloat((float)x[1], 6) << 11 | float_to_ufloat((float)x[2], 5) << 22;
      } else if (p == P_5999R) {
         w = pack_rgb9e5(x);
      } else if (p < (int)GLF_ARRAY_SIZE(packed_types) && packed_types[p].n) {
         unsigned n_f = packed_types[p].n;
         for (unsigned c = 0; c < n_f; c++) {
            unsigned shift = 0;
            if (packed_types[p].rev)
               for (unsigned k = 0; k < c; k++)
                  shift += packed_types[p].w[k];
            else
               for (unsigned k = c + 1; k < n_f; k++)
                  shift += packed_types[p].w[k];
            unsigned bits = packed_types[p].w[c];
            double ch = channel(x, pf->order[c]);
            uint32_t f = pf->integer ? (uint32_t)clampd(ch, 0, (double)((1u << bits) - 1)) : to_unorm(ch, bits);
            w |= f << shift;
         }
      }
      if (pf->bpp == 1) {
         uint8_t b = (uint8_t)w;
         put(dst, &b, 1);
      } else if (pf->bpp == 2) {
         uint16_t h = (uint16_t)w;
         put(dst, &h, 2);
      } else {
         put(dst, &w, 4);
      }
   }
}
