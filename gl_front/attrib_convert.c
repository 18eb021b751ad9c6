/* splitgl gl_front: vertex attribute formats, and the ones the server cannot fetch converted
 * on upload.
 *
 * An enabled attribute is fetched by the server in its own wire format when the capability
 * table says the device has it (glf_vformat_native). Every other one — GL_INT / GL_UNSIGNED_INT
 * through glVertexAttribPointer (Vulkan has no 32-bit SCALED or NORM formats), GL_FIXED,
 * GL_DOUBLE, the packed 2_10_10_10 types, size GL_BGRA, and any 8/16-bit format a device lacks — is converted
 * here to 32-bit float (or 32-bit integer for glVertexAttribIPointer) when the draw uploads its
 * vertices, exactly as client-side arrays are streamed (draw.c), and fetched as R32*_FLOAT /
 * R32*_SINT / R32*_UINT, which every Vulkan device has. Bytes in a buffer object come from the
 * buffer's shadow copy, which holds everything the application wrote (no GPU writes buffers
 * yet); elements past the end of the buffer read as zero, as robust buffer access allows.
 *
 * Conversions follow the OpenGL ES 3.0 spec, section 2.1.6: unsigned normalized c / (2^b - 1),
 * signed normalized max(c / (2^(b-1) - 1), -1.0), otherwise the integer value as float;
 * GL_FIXED is 16.16 (section 2.1.2). */
#include <math.h>

#include "glf_context.h"

/* The wire format GL would fetch `a` in; false for types the wire has none for. */
static bool
wire_vformat(const struct glf_vertex_attrib *a, uint32_t *out)
{
   uint32_t n = (uint32_t)a->size - 1;
   uint32_t group;
   if (a->bgra)
      return false; /* no BGRA fetch format on the wire: converted, R and B swapped */
   switch (a->type) {
   case GL_FLOAT: group = WIRE_VF_R32_FLOAT; break;
   case GL_HALF_FLOAT: group = WIRE_VF_R16_FLOAT; break;
   case GL_UNSIGNED_BYTE: group = a->integer ? WIRE_VF_R8_UINT : a->normalized ? WIRE_VF_R8_UNORM : WIRE_VF_R8_USCALED; break;
   case GL_BYTE: group = a->integer ? WIRE_VF_R8_SINT : a->normalized ? WIRE_VF_R8_SNORM : WIRE_VF_R8_SSCALED; break;
   case GL_UNSIGNED_SHORT: group = a->integer ? WIRE_VF_R16_UINT : a->normalized ? WIRE_VF_R16_UNORM : WIRE_VF_R16_USCALED; break;
   case GL_SHORT: group = a->integer ? WIRE_VF_R16_SINT : a->normalized ? WIRE_VF_R16_SNORM : WIRE_VF_R16_SSCALED; break;
   case GL_UNSIGNED_INT:
      if (!a->integer && a->normalized)
         return false; /* no 32-bit NORM format on the wire */
      group = a->integer ? WIRE_VF_R32_UINT : WIRE_VF_R32_USCALED;
      break;
   case GL_INT:
      if (!a->integer && a->normalized)
         return false;
      group = a->integer ? WIRE_VF_R32_SINT : WIRE_VF_R32_SSCALED;
      break;
   default: return false;
   }
   *out = group + n;
   return true;
}

bool
glf_attrib_converted(const struct glf_context *ctx, const struct glf_vertex_attrib *a)
{
   uint32_t f;
   return !wire_vformat(a, &f) || !glf_vformat_native(ctx, f);
}

uint8_t
glf_attrib_vformat(const struct glf_context *ctx, const struct glf_vertex_attrib *a)
{
   uint32_t f;
   if (wire_vformat(a, &f) && glf_vformat_native(ctx, f))
      return (uint8_t)f;
   uint32_t n = (uint32_t)a->size - 1;
   if (!a->integer)
      return (uint8_t)(WIRE_VF_R32_FLOAT + n);
   bool is_signed = a->type == GL_BYTE || a->type == GL_SHORT || a->type == GL_INT;
   return (uint8_t)((is_signed ? WIRE_VF_R32_SINT : WIRE_VF_R32_UINT) + n);
}

uint32_t
glf_attrib_elem_size(const struct glf_vertex_attrib *a)
{
   switch (a->type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: return (uint32_t)a->size;
   case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT: return 2u * (uint32_t)a->size;
   case GL_DOUBLE: return 8u * (uint32_t)a->size;
   case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV: return 4;
   default: return 4u * (uint32_t)a->size;
   }
}

static float
half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
   float f;
   if (exp == 0)
      f = ldexpf((float)man, -24);
   else if (exp == 31)
      f = man ? NAN : INFINITY;
   else
      f = ldexpf((float)(man | 0x400), (int)exp - 25);
   return sign ? -f : f;
}

static float
snorm(int64_t c, unsigned bits)
{
   double f = (double)c / (double)((1ll << (bits - 1)) - 1);
   return (float)(f < -1.0 ? -1.0 : f);
}

static float
unorm(uint64_t c, unsigned bits)
{
   return (float)((double)c / (double)((1ull << bits) - 1));
}

/* Component k of one element at `p` as float (non-integer attributes). */
static float
component_float(const struct glf_vertex_attrib *a, const uint8_t *p, unsigned k)
{
   bool nz = a->normalized;
   switch (a->type) {
   case GL_BYTE: { int8_t v; memcpy(&v, p + k, 1); return nz ? snorm(v, 8) : (float)v; }
   case GL_UNSIGNED_BYTE: return nz ? unorm(p[k], 8) : (float)p[k];
   case GL_SHORT: { int16_t v; memcpy(&v, p + 2 * k, 2); return nz ? snorm(v, 16) : (float)v; }
   case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p + 2 * k, 2); return nz ? unorm(v, 16) : (float)v; }
   case GL_INT: { int32_t v; memcpy(&v, p + 4 * k, 4); return nz ? snorm(v, 32) : (float)v; }
   case GL_UNSIGNED_INT: { uint32_t v; memcpy(&v, p + 4 * k, 4); return nz ? unorm(v, 32) : (float)v; }
   case GL_FIXED: { int32_t v; memcpy(&v, p + 4 * k, 4); return (float)((double)v / 65536.0); }
   case GL_HALF_FLOAT: { uint16_t v; memcpy(&v, p + 2 * k, 2); return half_to_float(v); }
   case GL_DOUBLE: { double v; memcpy(&v, p + 8 * k, 8); return (float)v; }
   case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV: {
      /* x in bits 0-9, y 10-19, z 20-29, w 30-31 (section 2.8, table 2.6). */
      uint32_t v;
      memcpy(&v, p, 4);
      unsigned bits = k == 3 ? 2 : 10;
      uint32_t raw = (v >> (10 * k)) & ((1u << bits) - 1);
      if (a->type == GL_UNSIGNED_INT_2_10_10_10_REV)
         return nz ? unorm(raw, bits) : (float)raw;
      int32_t s = (int32_t)(raw << (32 - bits)) >> (32 - bits);
      return nz ? snorm(s, bits) : (float)s;
   }
   default: { float v; memcpy(&v, p + 4 * k, 4); return v; }
   }
}

/* Component k of one element at `p` as a 32-bit integer (glVertexAttribIPointer). */
static uint32_t
component_int(const struct glf_vertex_attrib *a, const uint8_t *p, unsigned k)
{
   switch (a->type) {
   case GL_BYTE: { int8_t v; memcpy(&v, p + k, 1); return (uint32_t)(int32_t)v; }
   case GL_UNSIGNED_BYTE: return p[k];
   case GL_SHORT: { int16_t v; memcpy(&v, p + 2 * k, 2); return (uint32_t)(int32_t)v; }
   case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p + 2 * k, 2); return v; }
   default: { uint32_t v; memcpy(&v, p + 4 * k, 4); return v; }
   }
}

/* Converts elements 0 .. count-1 of `a` (source `src`, `avail` bytes readable) into `dst`,
 * 4 * size bytes per element, tightly packed. */
void
glf_attrib_convert(const struct glf_vertex_attrib *a, const uint8_t *src, uint64_t avail, uint32_t count,
                   uint8_t *dst)
{
   uint32_t elem = glf_attrib_elem_size(a);
   uint32_t stride = a->stride ? (uint32_t)a->stride : elem;
   unsigned comps = (unsigned)a->size;
   for (uint32_t i = 0; i < count; i++, dst += 4u * comps) {
      uint64_t off = (uint64_t)i * stride;
      if (!src || off + elem > avail) {
         memset(dst, 0, 4u * comps); /* past the end of the buffer: zero */
         continue;
      }
      for (unsigned k = 0; k < comps; k++) {
         if (a->integer) {
            uint32_t v = component_int(a, src + off, k);
            memcpy(dst + 4 * k, &v, 4);
         } else {
            /* size BGRA: the first stored component is blue (GL 3.3 core, section 2.8.1) */
            float v = component_float(a, src + off, a->bgra && k != 1 && k != 3 ? 2 - k : k);
            memcpy(dst + 4 * k, &v, 4);
         }
      }
   }
}
