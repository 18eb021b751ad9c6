/* Magma: ETC2 / EAC block decoding, for devices without Vulkan's ETC2 formats
 * (textureCompressionETC2). Written from the Khronos Data Format Specification's "ETC2
 * Compressed Texture Image Formats" (the OpenGL ES 3.0 spec's Annex C). */
#ifndef SGL_MG_ETC2_H
#define SGL_MG_ETC2_H

#include <stdint.h>

/** Bytes of one decoded texel of a compressed wire format: 4 (ETC2: R8G8B8A8, UNORM or sRGB
 *  bytes as encoded), 2 (R11 EAC: R16 UNORM / SNORM), 4 (RG11 EAC: R16G16), 1 / 2 (RGTC1 /
 *  RGTC2, BC4 / BC5: R8 / R8G8 UNORM or SNORM, decoded by rgtc.c); 0 if `wire_fmt` is no
 *  block-compressed format. These three calls serve every decoded block format. */
uint32_t mg_etc2_texel_size(uint32_t wire_fmt);

/** Decodes one 4x4 block into 16 texels, row-major (texel (x, y) at out + (y * 4 + x) *
 *  mg_etc2_texel_size; y = 0 is the block's first row, GL's lowest t). EAC values are the
 *  spec's 11-bit results extended to 16 bits by bit replication. */
void mg_etc2_decode_block(uint32_t wire_fmt, const uint8_t *block, uint8_t *out);

/** Decodes a w x h x d box sent as whole blocks (rows of blocks bottom first, slices one
 *  after the other) into tightly packed texels of mg_etc2_texel_size; the texels of partial
 *  blocks past w / h are dropped. */
void mg_etc2_decode_image(uint32_t wire_fmt, const uint8_t *src, uint32_t w, uint32_t h, uint32_t d, uint8_t *dst);

#endif
