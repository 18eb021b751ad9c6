/* splitgl wire: facts about wire formats that both sides need. */
#ifndef SGL_WIRE_FORMAT_H
#define SGL_WIRE_FORMAT_H

#include "wire_types.h"

#include <stdbool.h>
#include <string.h>

/* Bytes of one texel in uploads / read-backs (the wire layout, not the server's storage). */
static inline uint32_t
wire_format_texel_size(uint32_t fmt)
{
   switch (fmt) {
   case WIRE_FMT_R8G8B8A8_UNORM: return 4;
   case WIRE_FMT_R8G8B8_UNORM: return 3;
   case WIRE_FMT_R8_UNORM: return 1;
   case WIRE_FMT_D24_UNORM_S8_UINT: return 4;
   case WIRE_FMT_D16_UNORM: return 2;
   case WIRE_FMT_D32_FLOAT: return 4;
   default: return 0;
   }
}

static inline bool
wire_format_has_depth(uint32_t fmt)
{
   return fmt == WIRE_FMT_D24_UNORM_S8_UINT || fmt == WIRE_FMT_D16_UNORM || fmt == WIRE_FMT_D32_FLOAT;
}

static inline bool
wire_format_has_stencil(uint32_t fmt)
{
   return fmt == WIRE_FMT_D24_UNORM_S8_UINT;
}

static inline uint32_t
wire_minify(uint32_t size, uint32_t level)
{
   uint32_t s = level < 32 ? size >> level : 0;
   return s ? s : 1;
}

/* Vertex formats come in groups of four (1..4 components), in WIRE_VFORMATS order. */
static inline uint32_t
wire_vformat_components(uint32_t vf)
{
   return vf % 4u + 1u;
}

/* Bytes one component of `vf` occupies in a vertex buffer. */
static inline uint32_t
wire_vformat_component_size(uint32_t vf)
{
   static const uint8_t group_size[] = {
      4, 1, 1, 1, 1, /* R32_FLOAT, R8 UNORM SNORM USCALED SSCALED */
      2, 2, 2, 2, 2, /* R16 UNORM SNORM USCALED SSCALED, R16_FLOAT */
      1, 1, 2, 2,    /* R8 UINT SINT, R16 UINT SINT */
      4, 4, 4, 4,    /* R32 UINT SINT USCALED SSCALED */
   };
   static_assert(sizeof(group_size) * 4 == WIRE_VF_COUNT, "vformat groups");
   return vf < WIRE_VF_COUNT ? group_size[vf / 4u] : 0u;
}

static inline uint32_t
wire_vformat_size(uint32_t vf)
{
   return wire_vformat_components(vf) * wire_vformat_component_size(vf);
}

/* Capability values of kind F and I (wire_types.h WIRE_CAPS). */
static inline float
wire_cap_float(uint64_t v)
{
   uint32_t bits = (uint32_t)v;
   float f;
   memcpy(&f, &bits, sizeof(f));
   return f;
}

static inline uint64_t
wire_cap_from_float(float f)
{
   uint32_t bits;
   memcpy(&bits, &f, sizeof(bits));
   return bits;
}

static inline int32_t
wire_cap_int(uint64_t v)
{
   return (int32_t)(uint32_t)v;
}

static inline uint64_t
wire_cap_from_int(int32_t i)
{
   return (uint32_t)i;
}

#endif
