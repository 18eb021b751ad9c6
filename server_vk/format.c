/* Magma: how each wire format is stored (VkFormat) and the conversions between the wire's
 * upload / read-back layout (wire/format.h) and that storage.
 *
 * Each wire format has a list of candidate storages, best first; mg_formats_init picks the
 * first the device can sample, copy into and, for a colour format, render to (else the first
 * it can sample and copy into). The conversion a candidate needs is part of it:
 *   - three-component formats are stored with four (alpha = one of the component type), as
 *     Vulkan's RGB formats are rarely optimal-tiling formats; the sampler view maps A to ONE;
 *   - GL's 4_4_4_4 as B4G4R4A4 (nibbles swapped) where R4G4B4A4 is missing (lavapipe), and the
 *     16-bit packed formats as RGBA8 where the device has neither;
 *   - D24S8 as D32_SFLOAT_S8_UINT, D24 as D32_SFLOAT where the device lacks them;
 *   - ETC2 / EAC blocks as they are where the device has the formats (textureCompressionETC2),
 *     else decoded at upload (etc2.c) into RGBA8 (sRGB: R8G8B8A8_SRGB) and, for the 11-bit
 *     EAC formats, R16 / R16G16 UNORM or SNORM;
 *   - RGTC (BC4 / BC5) blocks as they are where the device has textureCompressionBC, else
 *     decoded at upload (rgtc.c) into R8 / R8G8 UNORM or SNORM.
 * The capability table (caps.c) reports what the chosen storage supports. */
#include "mg_private.h"

#include <string.h>

#include "wire/format.h"

struct candidate {
   VkFormat vk;
   uint8_t conv;
};

/* Up to three candidates per wire format, best first. */
static const struct candidate candidates[WIRE_FMT_COUNT][3] = {
   [WIRE_FMT_R8G8B8A8_UNORM] = {{VK_FORMAT_R8G8B8A8_UNORM, MG_CONV_NONE}},
   [WIRE_FMT_R8G8B8_UNORM] = {{VK_FORMAT_R8G8B8A8_UNORM, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R8_UNORM] = {{VK_FORMAT_R8_UNORM, MG_CONV_NONE}},
   [WIRE_FMT_D24_UNORM_S8_UINT] = {{VK_FORMAT_D24_UNORM_S8_UINT, MG_CONV_D24S8},
                                   {VK_FORMAT_D32_SFLOAT_S8_UINT, MG_CONV_D24S8_FLOAT}},
   [WIRE_FMT_D16_UNORM] = {{VK_FORMAT_D16_UNORM, MG_CONV_NONE}},
   [WIRE_FMT_D32_FLOAT] = {{VK_FORMAT_D32_SFLOAT, MG_CONV_NONE}},
   [WIRE_FMT_R8G8_UNORM] = {{VK_FORMAT_R8G8_UNORM, MG_CONV_NONE}},
   [WIRE_FMT_R8_SNORM] = {{VK_FORMAT_R8_SNORM, MG_CONV_NONE}},
   [WIRE_FMT_R8G8_SNORM] = {{VK_FORMAT_R8G8_SNORM, MG_CONV_NONE}},
   [WIRE_FMT_R8G8B8_SNORM] = {{VK_FORMAT_R8G8B8A8_SNORM, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R8G8B8A8_SNORM] = {{VK_FORMAT_R8G8B8A8_SNORM, MG_CONV_NONE}},
   [WIRE_FMT_R8G8B8_SRGB] = {{VK_FORMAT_R8G8B8A8_SRGB, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R8G8B8A8_SRGB] = {{VK_FORMAT_R8G8B8A8_SRGB, MG_CONV_NONE}},
   [WIRE_FMT_R5G6B5_UNORM] = {{VK_FORMAT_R5G6B5_UNORM_PACK16, MG_CONV_NONE},
                              {VK_FORMAT_R8G8B8A8_UNORM, MG_CONV_PACKED_RGBA8}},
   [WIRE_FMT_R4G4B4A4_UNORM] = {{VK_FORMAT_R4G4B4A4_UNORM_PACK16, MG_CONV_NONE},
                                {VK_FORMAT_B4G4R4A4_UNORM_PACK16, MG_CONV_SWAP_RB_4444},
                                {VK_FORMAT_R8G8B8A8_UNORM, MG_CONV_PACKED_RGBA8}},
   [WIRE_FMT_R5G5B5A1_UNORM] = {{VK_FORMAT_R5G5B5A1_UNORM_PACK16, MG_CONV_NONE},
                                {VK_FORMAT_R8G8B8A8_UNORM, MG_CONV_PACKED_RGBA8}},
   [WIRE_FMT_R10G10B10A2_UNORM] = {{VK_FORMAT_A2B10G10R10_UNORM_PACK32, MG_CONV_NONE}},
   [WIRE_FMT_R10G10B10A2_UINT] = {{VK_FORMAT_A2B10G10R10_UINT_PACK32, MG_CONV_NONE}},
   [WIRE_FMT_R16_FLOAT] = {{VK_FORMAT_R16_SFLOAT, MG_CONV_NONE}},
   [WIRE_FMT_R16G16_FLOAT] = {{VK_FORMAT_R16G16_SFLOAT, MG_CONV_NONE}},
   [WIRE_FMT_R16G16B16_FLOAT] = {{VK_FORMAT_R16G16B16A16_SFLOAT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R16G16B16A16_FLOAT] = {{VK_FORMAT_R16G16B16A16_SFLOAT, MG_CONV_NONE}},
   [WIRE_FMT_R32_FLOAT] = {{VK_FORMAT_R32_SFLOAT, MG_CONV_NONE}},
   [WIRE_FMT_R32G32_FLOAT] = {{VK_FORMAT_R32G32_SFLOAT, MG_CONV_NONE}},
   [WIRE_FMT_R32G32B32_FLOAT] = {{VK_FORMAT_R32G32B32A32_SFLOAT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R32G32B32A32_FLOAT] = {{VK_FORMAT_R32G32B32A32_SFLOAT, MG_CONV_NONE}},
   [WIRE_FMT_R11G11B10_FLOAT] = {{VK_FORMAT_B10G11R11_UFLOAT_PACK32, MG_CONV_NONE}},
   [WIRE_FMT_R9G9B9E5_FLOAT] = {{VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, MG_CONV_NONE}},
#define INT4(W, V)                                                                            \
   [WIRE_FMT_R##W] = {{VK_FORMAT_R##V, MG_CONV_NONE}}
   INT4(8_UINT, 8_UINT), INT4(8G8_UINT, 8G8_UINT), INT4(8G8B8A8_UINT, 8G8B8A8_UINT),
   INT4(8_SINT, 8_SINT), INT4(8G8_SINT, 8G8_SINT), INT4(8G8B8A8_SINT, 8G8B8A8_SINT),
   INT4(16_UINT, 16_UINT), INT4(16G16_UINT, 16G16_UINT), INT4(16G16B16A16_UINT, 16G16B16A16_UINT),
   INT4(16_SINT, 16_SINT), INT4(16G16_SINT, 16G16_SINT), INT4(16G16B16A16_SINT, 16G16B16A16_SINT),
   INT4(32_UINT, 32_UINT), INT4(32G32_UINT, 32G32_UINT), INT4(32G32B32A32_UINT, 32G32B32A32_UINT),
   INT4(32_SINT, 32_SINT), INT4(32G32_SINT, 32G32_SINT), INT4(32G32B32A32_SINT, 32G32B32A32_SINT),
#undef INT4
   [WIRE_FMT_R8G8B8_UINT] = {{VK_FORMAT_R8G8B8A8_UINT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R8G8B8_SINT] = {{VK_FORMAT_R8G8B8A8_SINT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R16G16B16_UINT] = {{VK_FORMAT_R16G16B16A16_UINT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R16G16B16_SINT] = {{VK_FORMAT_R16G16B16A16_SINT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R32G32B32_UINT] = {{VK_FORMAT_R32G32B32A32_UINT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R32G32B32_SINT] = {{VK_FORMAT_R32G32B32A32_SINT, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_D32_FLOAT_S8_UINT] = {{VK_FORMAT_D32_SFLOAT_S8_UINT, MG_CONV_D32FS8}},
   [WIRE_FMT_D24_UNORM] = {{VK_FORMAT_X8_D24_UNORM_PACK32, MG_CONV_NONE},
                           {VK_FORMAT_D32_SFLOAT, MG_CONV_X8D24_FLOAT}},
   [WIRE_FMT_R16_UNORM] = {{VK_FORMAT_R16_UNORM, MG_CONV_NONE}},
   [WIRE_FMT_R16G16_UNORM] = {{VK_FORMAT_R16G16_UNORM, MG_CONV_NONE}},
   [WIRE_FMT_R16G16B16_UNORM] = {{VK_FORMAT_R16G16B16A16_UNORM, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R16G16B16A16_UNORM] = {{VK_FORMAT_R16G16B16A16_UNORM, MG_CONV_NONE}},
   [WIRE_FMT_R16_SNORM] = {{VK_FORMAT_R16_SNORM, MG_CONV_NONE}},
   [WIRE_FMT_R16G16_SNORM] = {{VK_FORMAT_R16G16_SNORM, MG_CONV_NONE}},
   [WIRE_FMT_R16G16B16_SNORM] = {{VK_FORMAT_R16G16B16A16_SNORM, MG_CONV_RGB_RGBA}},
   [WIRE_FMT_R16G16B16A16_SNORM] = {{VK_FORMAT_R16G16B16A16_SNORM, MG_CONV_NONE}},
#define ETC(W, NATIVE, DECODED)                                                                \
   [WIRE_FMT_##W] = {{VK_FORMAT_##NATIVE, MG_CONV_NONE}, {VK_FORMAT_##DECODED, MG_CONV_ETC2_DECODE}}
   ETC(ETC2_R8G8B8_UNORM, ETC2_R8G8B8_UNORM_BLOCK, R8G8B8A8_UNORM),
   ETC(ETC2_R8G8B8_SRGB, ETC2_R8G8B8_SRGB_BLOCK, R8G8B8A8_SRGB),
   ETC(ETC2_R8G8B8A1_UNORM, ETC2_R8G8B8A1_UNORM_BLOCK, R8G8B8A8_UNORM),
   ETC(ETC2_R8G8B8A1_SRGB, ETC2_R8G8B8A1_SRGB_BLOCK, R8G8B8A8_SRGB),
   ETC(ETC2_R8G8B8A8_UNORM, ETC2_R8G8B8A8_UNORM_BLOCK, R8G8B8A8_UNORM),
   ETC(ETC2_R8G8B8A8_SRGB, ETC2_R8G8B8A8_SRGB_BLOCK, R8G8B8A8_SRGB),
   ETC(EAC_R11_UNORM, EAC_R11_UNORM_BLOCK, R16_UNORM),
   ETC(EAC_R11_SNORM, EAC_R11_SNORM_BLOCK, R16_SNORM),
   ETC(EAC_R11G11_UNORM, EAC_R11G11_UNORM_BLOCK, R16G16_UNORM),
   ETC(EAC_R11G11_SNORM, EAC_R11G11_SNORM_BLOCK, R16G16_SNORM),
   /* GL core's RGTC: BC4 / BC5 blocks where the device has textureCompressionBC, else
    * decoded (rgtc.c) into 8-bit R / RG, the precision of Mesa's software decoder */
   ETC(BC4_UNORM, BC4_UNORM_BLOCK, R8_UNORM),
   ETC(BC4_SNORM, BC4_SNORM_BLOCK, R8_SNORM),
   ETC(BC5_UNORM, BC5_UNORM_BLOCK, R8G8_UNORM),
   ETC(BC5_SNORM, BC5_SNORM_BLOCK, R8G8_SNORM),
#undef ETC
};

/* Bytes per texel of the storage in a buffer<->image copy (depth + stencil planes summed). */
static uint8_t
storage_size(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_R8_UNORM: case VK_FORMAT_R8_SNORM: case VK_FORMAT_R8_UINT: case VK_FORMAT_R8_SINT:
      return 1;
   case VK_FORMAT_R8G8_UNORM: case VK_FORMAT_R8G8_SNORM: case VK_FORMAT_R8G8_UINT: case VK_FORMAT_R8G8_SINT:
   case VK_FORMAT_R16_SFLOAT: case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SINT: case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_R16_UNORM: case VK_FORMAT_R16_SNORM:
   case VK_FORMAT_R5G6B5_UNORM_PACK16: case VK_FORMAT_R4G4B4A4_UNORM_PACK16: case VK_FORMAT_B4G4R4A4_UNORM_PACK16:
   case VK_FORMAT_R5G5B5A1_UNORM_PACK16:
      return 2;
   case VK_FORMAT_R16G16B16A16_SFLOAT: case VK_FORMAT_R16G16B16A16_UINT: case VK_FORMAT_R16G16B16A16_SINT:
   case VK_FORMAT_R32G32_SFLOAT: case VK_FORMAT_R32G32_UINT: case VK_FORMAT_R32G32_SINT:
   case VK_FORMAT_R16G16B16A16_UNORM: case VK_FORMAT_R16G16B16A16_SNORM:
      return 8;
   case VK_FORMAT_R32G32B32A32_SFLOAT: case VK_FORMAT_R32G32B32A32_UINT: case VK_FORMAT_R32G32B32A32_SINT:
      return 16;
   case VK_FORMAT_D24_UNORM_S8_UINT: case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return 5; /* a 4-byte depth plane texel + a 1-byte stencil plane texel */
   case VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK: case VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK:
   case VK_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK: case VK_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK:
   case VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK: case VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK:
   case VK_FORMAT_EAC_R11_UNORM_BLOCK: case VK_FORMAT_EAC_R11_SNORM_BLOCK:
   case VK_FORMAT_EAC_R11G11_UNORM_BLOCK: case VK_FORMAT_EAC_R11G11_SNORM_BLOCK:
   case VK_FORMAT_BC4_UNORM_BLOCK: case VK_FORMAT_BC4_SNORM_BLOCK:
   case VK_FORMAT_BC5_UNORM_BLOCK: case VK_FORMAT_BC5_SNORM_BLOCK:
      return 1; /* at most a byte a texel (8- or 16-byte 4x4 blocks); uploads count blocks */
   default:
      return 4;
   }
}

bool
mg_formats_init(struct mg_backend *be)
{
   for (uint32_t f = 1; f < WIRE_FMT_COUNT; f++) {
      const struct wire_format_info *wi = wire_format_info(f);
      const bool ds = wi->flags & (WIRE_FMTF_DEPTH | WIRE_FMTF_STENCIL);
      VkFormatFeatureFlags need = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
                                  VK_FORMAT_FEATURE_TRANSFER_SRC_BIT;
      if (ds)
         need |= VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
      be->formats[f] = (struct mg_format){VK_FORMAT_UNDEFINED, MG_CONV_NONE, 0};
      /* A colour format takes a storage the device renders to where one of its candidates is
       * (pass 0), else the first it samples (pass 1): NVIDIA samples R4G4B4A4 but does not
       * render to it, and ES 3.0 requires RGBA4 colour-renderable, so it is stored as RGBA8. */
      for (unsigned pass = ds || wire_format_is_compressed(f) ? 1 : 0; pass < 2 && !be->formats[f].vk; pass++)
      for (unsigned i = 0; i < 3 && candidates[f][i].vk; i++) {
         /* Block formats only where the device enabled textureCompressionETC2 / BC (device.c) */
         const bool bc = f >= WIRE_FMT_BC4_UNORM && f <= WIRE_FMT_BC5_SNORM;
         if (wire_format_is_compressed(f) && candidates[f][i].conv == MG_CONV_NONE && !(bc ? be->has_bc : be->has_etc2))
            continue;
         /* Magma requires Vulkan 1.3, which has the 64-bit format features */
         VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
         VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
         vkGetPhysicalDeviceFormatProperties2(be->pdev, candidates[f][i].vk, &p2);
         const VkFormatProperties p = p2.formatProperties;
         const VkFormatFeatureFlags want = need | (pass ? 0 : VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
         if ((p.optimalTilingFeatures & want) != want)
            continue;
         be->formats[f] = (struct mg_format){
            candidates[f][i].vk, candidates[f][i].conv, storage_size(candidates[f][i].vk),
            (p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) != 0,
            ds && (p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT) != 0};
         if (i)
            sgl_info("magma: wire format %u stored as VkFormat %d (conversion %u)", f, (int)candidates[f][i].vk,
                     candidates[f][i].conv);
         break;
      }
   }
   if (!be->formats[WIRE_FMT_D24_UNORM_S8_UINT].vk) {
      sgl_err("magma: no depth-stencil format");
      return false;
   }
   be->ds_format = be->formats[WIRE_FMT_D24_UNORM_S8_UINT].vk;
   return be->formats[WIRE_FMT_R8G8B8A8_UNORM].vk != VK_FORMAT_UNDEFINED;
}

VkFormat
mg_vk_format(struct mg_backend *be, uint32_t wire_fmt)
{
   return wire_fmt < WIRE_FMT_COUNT ? be->formats[wire_fmt].vk : VK_FORMAT_UNDEFINED;
}

/* ---- conversions ---------------------------------------------------------------------- */

/* The component value alpha takes when a three-component format is stored with four. */
static uint32_t
alpha_one(uint8_t ctype)
{
   switch (ctype) {
   case WIRE_CT_UNORM8: return 0xff;
   case WIRE_CT_SNORM8: return 0x7f;
   case WIRE_CT_FLOAT16: return 0x3c00;
   case WIRE_CT_FLOAT32: return 0x3f800000;
   case WIRE_CT_UNORM16: return 0xffff;
   case WIRE_CT_SNORM16: return 0x7fff;
   default: return 1; /* integer formats */
   }
}

static uint32_t
expand_bits(uint32_t v, unsigned bits)
{
   uint32_t max = (1u << bits) - 1;
   return (v * 255u + max / 2) / max;
}

static uint32_t
pack_bits(uint8_t v, unsigned bits)
{
   uint32_t max = (1u << bits) - 1;
   return ((uint32_t)v * max + 127u) / 255u;
}

/* The bit layout of GL's 16-bit packed types: shift and width of R, G, B, A. */
static void
packed_layout(uint8_t packing, unsigned shift[4], unsigned width[4])
{
   static const unsigned l565[2][4] = {{11, 5, 0, 0}, {5, 6, 5, 0}};
   static const unsigned l4444[2][4] = {{12, 8, 4, 0}, {4, 4, 4, 4}};
   static const unsigned l5551[2][4] = {{11, 6, 1, 0}, {5, 5, 5, 1}};
   const unsigned(*l)[4] = packing == WIRE_PACK_565 ? l565 : packing == WIRE_PACK_4444 ? l4444 : l5551;
   memcpy(shift, l[0], sizeof(l[0]));
   memcpy(width, l[1], sizeof(l[1]));
}

void
mg_convert_upload(uint32_t wire_fmt, uint8_t conv, const uint8_t *src, uint8_t *dst, uint64_t texels)
{
   const struct wire_format_info *wi = wire_format_info(wire_fmt);
   switch (conv) {
   case MG_CONV_RGB_RGBA: {
      uint32_t cs = wi->size / 3u, one = alpha_one(wi->ctype);
      for (uint64_t i = 0; i < texels; i++) {
         memcpy(dst + i * 4 * cs, src + i * 3 * cs, 3 * cs);
         memcpy(dst + i * 4 * cs + 3 * cs, &one, cs); /* little-endian: the low cs bytes */
      }
      return;
   }
   case MG_CONV_SWAP_RB_4444:
      for (uint64_t i = 0; i < texels; i++) {
         uint16_t v;
         memcpy(&v, src + i * 2, 2);
         v = (uint16_t)((v & 0x0f0f) | ((v >> 8) & 0x00f0) | ((v << 8) & 0xf000));
         memcpy(dst + i * 2, &v, 2);
      }
      return;
   case MG_CONV_PACKED_RGBA8: {
      unsigned shift[4], width[4];
      packed_layout(wi->packing, shift, width);
      for (uint64_t i = 0; i < texels; i++) {
         uint16_t v;
         memcpy(&v, src + i * 2, 2);
         for (unsigned c = 0; c < 4; c++)
            dst[i * 4 + c] = width[c] ? (uint8_t)expand_bits((v >> shift[c]) & ((1u << width[c]) - 1), width[c]) : 0xff;
      }
      return;
   }
   case MG_CONV_D24S8:
   case MG_CONV_D24S8_FLOAT: {
      uint32_t *depth = (uint32_t *)dst;
      uint8_t *stencil = dst + texels * 4;
      for (uint64_t i = 0; i < texels; i++) {
         uint32_t v;
         memcpy(&v, src + i * 4, 4);
         if (conv == MG_CONV_D24S8) {
            depth[i] = v >> 8;
         } else {
            float f = (float)(v >> 8) / 16777215.0f;
            memcpy(&depth[i], &f, 4);
         }
         stencil[i] = (uint8_t)(v & 0xff);
      }
      return;
   }
   case MG_CONV_D32FS8: {
      uint8_t *stencil = dst + texels * 4;
      for (uint64_t i = 0; i < texels; i++) {
         uint32_t s;
         memcpy(dst + i * 4, src + i * 8, 4);
         memcpy(&s, src + i * 8 + 4, 4);
         stencil[i] = (uint8_t)(s & 0xff);
      }
      return;
   }
   case MG_CONV_X8D24_FLOAT:
      for (uint64_t i = 0; i < texels; i++) {
         uint32_t v;
         memcpy(&v, src + i * 4, 4);
         float f = (float)(v & 0xffffffu) / 16777215.0f;
         memcpy(dst + i * 4, &f, 4);
      }
      return;
   default:
      memcpy(dst, src, texels * wi->size);
      return;
   }
}

bool
mg_convert_readback(uint32_t wire_fmt, uint8_t conv, const uint8_t *src, uint8_t *dst, uint64_t texels)
{
   const struct wire_format_info *wi = wire_format_info(wire_fmt);
   switch (conv) {
   case MG_CONV_NONE:
      memcpy(dst, src, texels * wi->size);
      return true;
   case MG_CONV_RGB_RGBA: {
      uint32_t cs = wi->size / 3u;
      for (uint64_t i = 0; i < texels; i++)
         memcpy(dst + i * 3 * cs, src + i * 4 * cs, 3 * cs);
      return true;
   }
   case MG_CONV_SWAP_RB_4444:
      mg_convert_upload(wire_fmt, conv, src, dst, texels); /* the swap is its own inverse */
      return true;
   case MG_CONV_PACKED_RGBA8: {
      unsigned shift[4], width[4];
      packed_layout(wi->packing, shift, width);
      for (uint64_t i = 0; i < texels; i++) {
         uint32_t v = 0;
         for (unsigned c = 0; c < 4; c++)
            if (width[c])
               v |= pack_bits(src[i * 4 + c], width[c]) << shift[c];
         uint16_t v16 = (uint16_t)v;
         memcpy(dst + i * 2, &v16, 2);
      }
      return true;
   }
   default:
      return false;
   }
}

/* Bytes per texel of the depth aspect copied to a buffer (Vulkan's "Depth/stencil formats"
 * buffer layouts: D16 as 16-bit words, D24 as 32-bit X8_D24 words, D32F as floats). */
uint32_t
mg_depth_plane_size(VkFormat vk)
{
   return vk == VK_FORMAT_D16_UNORM || vk == VK_FORMAT_D16_UNORM_S8_UINT ? 2u : 4u;
}

/* The depth plane's texel i as the wire's depth: a unorm value of the wire format's bits, or
 * a float's bits for D32F formats (a float storage of a 24-bit format is rounded to 24 bits,
 * the inverse of MG_CONV_D24S8_FLOAT / MG_CONV_X8D24_FLOAT). */
static uint32_t
depth_word(VkFormat vk, const uint8_t *plane, uint64_t i, bool wire_float)
{
   if (vk == VK_FORMAT_D16_UNORM || vk == VK_FORMAT_D16_UNORM_S8_UINT) {
      uint16_t v;
      memcpy(&v, plane + i * 2, 2);
      return v;
   }
   uint32_t v;
   memcpy(&v, plane + i * 4, 4);
   if (vk == VK_FORMAT_D24_UNORM_S8_UINT || vk == VK_FORMAT_X8_D24_UNORM_PACK32)
      return v & 0xffffffu; /* the X8 bits are undefined */
   if (wire_float)
      return v;
   float f;
   memcpy(&f, &v, 4);
   f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
   return (uint32_t)((double)f * 16777215.0 + 0.5);
}

void
mg_convert_readback_zs(uint32_t wire_fmt, VkFormat vk, const uint8_t *dplane, const uint8_t *splane, uint8_t *dst,
                       uint32_t dst_w, uint32_t cx, uint32_t cy, uint32_t cw, uint32_t ch)
{
   const struct wire_format_info *wi = wire_format_info(wire_fmt);
   for (uint32_t row = 0; row < ch; row++) {
      uint8_t *out = dst + ((size_t)(cy + row) * dst_w + cx) * wi->size;
      for (uint32_t c = 0; c < cw; c++, out += wi->size) {
         uint64_t i = (uint64_t)row * cw + c;
         uint32_t w, s;
         uint16_t h;
         switch (wire_fmt) {
         case WIRE_FMT_D24_UNORM_S8_UINT: /* depth 31-8, stencil 7-0 */
            w = depth_word(vk, dplane, i, false) << 8 | splane[i];
            memcpy(out, &w, 4);
            break;
         case WIRE_FMT_D32_FLOAT_S8_UINT: /* float depth, then the stencil in bits 7-0 */
            w = depth_word(vk, dplane, i, true);
            s = splane[i];
            memcpy(out, &w, 4);
            memcpy(out + 4, &s, 4);
            break;
         case WIRE_FMT_D16_UNORM:
            h = (uint16_t)depth_word(vk, dplane, i, false);
            memcpy(out, &h, 2);
            break;
         case WIRE_FMT_D32_FLOAT:
         case WIRE_FMT_D24_UNORM:
            w = depth_word(vk, dplane, i, wire_fmt == WIRE_FMT_D32_FLOAT);
            memcpy(out, &w, 4);
            break;
         default:
            break;
         }
      }
   }
}

/* The UNORM format an sRGB storage is viewed as where GL asks for no sRGB conversion
 * (FRAMEBUFFER_SRGB disabled: srv_surface.linear); VK_FORMAT_UNDEFINED for other formats.
 * Images of such formats are created MUTABLE_FORMAT with both in their format list. */
VkFormat
mg_linear_twin(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_R8G8B8A8_SRGB: return VK_FORMAT_R8G8B8A8_UNORM;
   case VK_FORMAT_B8G8R8A8_SRGB: return VK_FORMAT_B8G8R8A8_UNORM;
   case VK_FORMAT_A8B8G8R8_SRGB_PACK32: return VK_FORMAT_A8B8G8R8_UNORM_PACK32;
   default: return VK_FORMAT_UNDEFINED;
   }
}
