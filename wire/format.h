/* splitgl wire: facts about wire formats that both sides need. */
#ifndef SGL_WIRE_FORMAT_H
#define SGL_WIRE_FORMAT_H

#include "wire_types.h"

#include <stdbool.h>
#include <string.h>

/* What one texel of a wire format looks like in uploads and read-backs (the wire layout; the
 * server may store it otherwise, e.g. three components as four). */
enum wire_ctype {
   WIRE_CT_NONE = 0,
   WIRE_CT_UNORM8, WIRE_CT_SNORM8, WIRE_CT_UINT8, WIRE_CT_SINT8,
   WIRE_CT_UINT16, WIRE_CT_SINT16, WIRE_CT_FLOAT16,
   WIRE_CT_UINT32, WIRE_CT_SINT32, WIRE_CT_FLOAT32,
   WIRE_CT_UNORM16, WIRE_CT_SNORM16,
   WIRE_CT_PACKED, /* one packed word: `packing` */
};

enum wire_packing {
   WIRE_PACK_NONE = 0,
   WIRE_PACK_565,       /* u16: R 15-11, G 10-5, B 4-0 */
   WIRE_PACK_4444,      /* u16: R 15-12, G 11-8, B 7-4, A 3-0 */
   WIRE_PACK_5551,      /* u16: R 15-11, G 10-6, B 5-1, A 0 */
   WIRE_PACK_1010102,   /* u32: R 9-0, G 19-10, B 29-20, A 31-30 */
   WIRE_PACK_11_11_10F, /* u32: R 10-0, G 21-11, B 31-22 (unsigned small floats) */
   WIRE_PACK_999E5,     /* u32: R 8-0, G 17-9, B 26-18, exponent 31-27 */
   WIRE_PACK_D24S8,     /* u32: depth 31-8, stencil 7-0 */
   WIRE_PACK_D32FS8,    /* f32 depth, then u32 with stencil in 7-0 */
   WIRE_PACK_X8D24,     /* u32: depth 23-0 */
};

#define WIRE_FMTF_DEPTH (1u << 0)
#define WIRE_FMTF_STENCIL (1u << 1)
#define WIRE_FMTF_INTEGER (1u << 2) /* pure integer (GL's *I / *UI) */
#define WIRE_FMTF_SIGNED (1u << 3)  /* SNORM, SINT, float */
#define WIRE_FMTF_SRGB (1u << 4)
#define WIRE_FMTF_COMPRESSED (1u << 5) /* 4x4 blocks; `size` is the bytes of one block */

struct wire_format_info {
   uint8_t size;    /* bytes per texel in the wire layout (compressed: per 4x4 block) */
   uint8_t comps;   /* color components (1-4) in the wire layout; 0 for depth / stencil */
   uint8_t ctype;   /* enum wire_ctype */
   uint8_t packing; /* enum wire_packing (ctype PACKED and depth formats) */
   uint8_t flags;   /* WIRE_FMTF_* */
};

/* Indexed by enum wire_format (wire_types.h). */
#define WIRE_FORMAT_TABLE(F)                                                                  \
   F(NONE, 0, 0, NONE, NONE, 0)                                                              \
   F(R8G8B8A8_UNORM, 4, 4, UNORM8, NONE, 0)                                                  \
   F(R8G8B8_UNORM, 3, 3, UNORM8, NONE, 0)                                                    \
   F(R8_UNORM, 1, 1, UNORM8, NONE, 0)                                                        \
   F(D24_UNORM_S8_UINT, 4, 0, PACKED, D24S8, WIRE_FMTF_DEPTH | WIRE_FMTF_STENCIL)            \
   F(D16_UNORM, 2, 0, UINT16, NONE, WIRE_FMTF_DEPTH)                                         \
   F(D32_FLOAT, 4, 0, FLOAT32, NONE, WIRE_FMTF_DEPTH)                                        \
   F(R8G8_UNORM, 2, 2, UNORM8, NONE, 0)                                                      \
   F(R8_SNORM, 1, 1, SNORM8, NONE, WIRE_FMTF_SIGNED)                                         \
   F(R8G8_SNORM, 2, 2, SNORM8, NONE, WIRE_FMTF_SIGNED)                                       \
   F(R8G8B8_SNORM, 3, 3, SNORM8, NONE, WIRE_FMTF_SIGNED)                                     \
   F(R8G8B8A8_SNORM, 4, 4, SNORM8, NONE, WIRE_FMTF_SIGNED)                                   \
   F(R8G8B8_SRGB, 3, 3, UNORM8, NONE, WIRE_FMTF_SRGB)                                        \
   F(R8G8B8A8_SRGB, 4, 4, UNORM8, NONE, WIRE_FMTF_SRGB)                                      \
   F(R5G6B5_UNORM, 2, 3, PACKED, 565, 0)                                                     \
   F(R4G4B4A4_UNORM, 2, 4, PACKED, 4444, 0)                                                  \
   F(R5G5B5A1_UNORM, 2, 4, PACKED, 5551, 0)                                                  \
   F(R10G10B10A2_UNORM, 4, 4, PACKED, 1010102, 0)                                            \
   F(R10G10B10A2_UINT, 4, 4, PACKED, 1010102, WIRE_FMTF_INTEGER)                             \
   F(R16_FLOAT, 2, 1, FLOAT16, NONE, WIRE_FMTF_SIGNED)                                       \
   F(R16G16_FLOAT, 4, 2, FLOAT16, NONE, WIRE_FMTF_SIGNED)                                    \
   F(R16G16B16_FLOAT, 6, 3, FLOAT16, NONE, WIRE_FMTF_SIGNED)                                 \
   F(R16G16B16A16_FLOAT, 8, 4, FLOAT16, NONE, WIRE_FMTF_SIGNED)                              \
   F(R32_FLOAT, 4, 1, FLOAT32, NONE, WIRE_FMTF_SIGNED)                                       \
   F(R32G32_FLOAT, 8, 2, FLOAT32, NONE, WIRE_FMTF_SIGNED)                                    \
   F(R32G32B32_FLOAT, 12, 3, FLOAT32, NONE, WIRE_FMTF_SIGNED)                                \
   F(R32G32B32A32_FLOAT, 16, 4, FLOAT32, NONE, WIRE_FMTF_SIGNED)                             \
   F(R11G11B10_FLOAT, 4, 3, PACKED, 11_11_10F, 0)                                            \
   F(R9G9B9E5_FLOAT, 4, 3, PACKED, 999E5, 0)                                                 \
   F(R8_UINT, 1, 1, UINT8, NONE, WIRE_FMTF_INTEGER)                                          \
   F(R8G8_UINT, 2, 2, UINT8, NONE, WIRE_FMTF_INTEGER)                                        \
   F(R8G8B8_UINT, 3, 3, UINT8, NONE, WIRE_FMTF_INTEGER)                                      \
   F(R8G8B8A8_UINT, 4, 4, UINT8, NONE, WIRE_FMTF_INTEGER)                                    \
   F(R8_SINT, 1, 1, SINT8, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                       \
   F(R8G8_SINT, 2, 2, SINT8, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                     \
   F(R8G8B8_SINT, 3, 3, SINT8, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                   \
   F(R8G8B8A8_SINT, 4, 4, SINT8, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                 \
   F(R16_UINT, 2, 1, UINT16, NONE, WIRE_FMTF_INTEGER)                                        \
   F(R16G16_UINT, 4, 2, UINT16, NONE, WIRE_FMTF_INTEGER)                                     \
   F(R16G16B16_UINT, 6, 3, UINT16, NONE, WIRE_FMTF_INTEGER)                                  \
   F(R16G16B16A16_UINT, 8, 4, UINT16, NONE, WIRE_FMTF_INTEGER)                               \
   F(R16_SINT, 2, 1, SINT16, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                     \
   F(R16G16_SINT, 4, 2, SINT16, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                  \
   F(R16G16B16_SINT, 6, 3, SINT16, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)               \
   F(R16G16B16A16_SINT, 8, 4, SINT16, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)            \
   F(R32_UINT, 4, 1, UINT32, NONE, WIRE_FMTF_INTEGER)                                        \
   F(R32G32_UINT, 8, 2, UINT32, NONE, WIRE_FMTF_INTEGER)                                     \
   F(R32G32B32_UINT, 12, 3, UINT32, NONE, WIRE_FMTF_INTEGER)                                 \
   F(R32G32B32A32_UINT, 16, 4, UINT32, NONE, WIRE_FMTF_INTEGER)                              \
   F(R32_SINT, 4, 1, SINT32, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                     \
   F(R32G32_SINT, 8, 2, SINT32, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)                  \
   F(R32G32B32_SINT, 12, 3, SINT32, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)              \
   F(R32G32B32A32_SINT, 16, 4, SINT32, NONE, WIRE_FMTF_INTEGER | WIRE_FMTF_SIGNED)           \
   F(D32_FLOAT_S8_UINT, 8, 0, PACKED, D32FS8, WIRE_FMTF_DEPTH | WIRE_FMTF_STENCIL)           \
   F(D24_UNORM, 4, 0, PACKED, X8D24, WIRE_FMTF_DEPTH)                                        \
   F(R16_UNORM, 2, 1, UNORM16, NONE, 0)                                                      \
   F(R16G16_UNORM, 4, 2, UNORM16, NONE, 0)                                                   \
   F(R16G16B16_UNORM, 6, 3, UNORM16, NONE, 0)                                                \
   F(R16G16B16A16_UNORM, 8, 4, UNORM16, NONE, 0)                                             \
   F(R16_SNORM, 2, 1, SNORM16, NONE, WIRE_FMTF_SIGNED)                                       \
   F(R16G16_SNORM, 4, 2, SNORM16, NONE, WIRE_FMTF_SIGNED)                                    \
   F(R16G16B16_SNORM, 6, 3, SNORM16, NONE, WIRE_FMTF_SIGNED)                                 \
   F(R16G16B16A16_SNORM, 8, 4, SNORM16, NONE, WIRE_FMTF_SIGNED)                              \
   F(ETC2_R8G8B8_UNORM, 8, 3, NONE, NONE, WIRE_FMTF_COMPRESSED)                              \
   F(ETC2_R8G8B8_SRGB, 8, 3, NONE, NONE, WIRE_FMTF_COMPRESSED | WIRE_FMTF_SRGB)              \
   F(ETC2_R8G8B8A1_UNORM, 8, 4, NONE, NONE, WIRE_FMTF_COMPRESSED)                            \
   F(ETC2_R8G8B8A1_SRGB, 8, 4, NONE, NONE, WIRE_FMTF_COMPRESSED | WIRE_FMTF_SRGB)            \
   F(ETC2_R8G8B8A8_UNORM, 16, 4, NONE, NONE, WIRE_FMTF_COMPRESSED)                           \
   F(ETC2_R8G8B8A8_SRGB, 16, 4, NONE, NONE, WIRE_FMTF_COMPRESSED | WIRE_FMTF_SRGB)           \
   F(EAC_R11_UNORM, 8, 1, NONE, NONE, WIRE_FMTF_COMPRESSED)                                  \
   F(EAC_R11_SNORM, 8, 1, NONE, NONE, WIRE_FMTF_COMPRESSED | WIRE_FMTF_SIGNED)               \
   F(EAC_R11G11_UNORM, 16, 2, NONE, NONE, WIRE_FMTF_COMPRESSED)                              \
   F(EAC_R11G11_SNORM, 16, 2, NONE, NONE, WIRE_FMTF_COMPRESSED | WIRE_FMTF_SIGNED)           \
   F(BC4_UNORM, 8, 1, NONE, NONE, WIRE_FMTF_COMPRESSED)                                      \
   F(BC4_SNORM, 8, 1, NONE, NONE, WIRE_FMTF_COMPRESSED | WIRE_FMTF_SIGNED)                   \
   F(BC5_UNORM, 16, 2, NONE, NONE, WIRE_FMTF_COMPRESSED)                                     \
   F(BC5_SNORM, 16, 2, NONE, NONE, WIRE_FMTF_COMPRESSED | WIRE_FMTF_SIGNED)

static inline const struct wire_format_info *
wire_format_info(uint32_t fmt)
{
   static const struct wire_format_info table[] = {
#define F(name, size, comps, ct, pack, flags) [WIRE_FMT_##name] = {size, comps, WIRE_CT_##ct, WIRE_PACK_##pack, flags},
      WIRE_FORMAT_TABLE(F)
#undef F
   };
   static_assert(sizeof(table) / sizeof(table[0]) == WIRE_FMT_COUNT, "a row per wire format");
   return &table[fmt < WIRE_FMT_COUNT ? fmt : 0];
}

/* Bytes of one texel in uploads / read-backs (the wire layout, not the server's storage). */
static inline uint32_t
wire_format_texel_size(uint32_t fmt)
{
   return wire_format_info(fmt)->size;
}

static inline bool
wire_format_is_compressed(uint32_t fmt)
{
   return (wire_format_info(fmt)->flags & WIRE_FMTF_COMPRESSED) != 0;
}

/* Texels along each side of one block: 4 for the compressed formats, else 1. */
static inline uint32_t
wire_format_block_dim(uint32_t fmt)
{
   return wire_format_is_compressed(fmt) ? 4u : 1u;
}

/* Bytes of a w x h x d image (or upload box) in the wire layout: texels, or whole blocks. */
static inline uint64_t
wire_format_image_size(uint32_t fmt, uint32_t w, uint32_t h, uint32_t d)
{
   uint64_t b = wire_format_block_dim(fmt);
   return ((uint64_t)w + b - 1) / b * (((uint64_t)h + b - 1) / b) * d * wire_format_texel_size(fmt);
}

/* Bit f of a format mask kept as two words (the capability table's *_FORMATS and
 * *_FORMATS_1). */
static inline bool
wire_format_mask_has(const uint64_t mask[2], uint32_t fmt)
{
   return fmt < 128 && ((mask[fmt / 64] >> (fmt % 64)) & 1u);
}

static inline bool
wire_format_has_depth(uint32_t fmt)
{
   return (wire_format_info(fmt)->flags & WIRE_FMTF_DEPTH) != 0;
}

static inline bool
wire_format_has_stencil(uint32_t fmt)
{
   return (wire_format_info(fmt)->flags & WIRE_FMTF_STENCIL) != 0;
}

static inline bool
wire_format_is_integer(uint32_t fmt)
{
   return (wire_format_info(fmt)->flags & WIRE_FMTF_INTEGER) != 0;
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
