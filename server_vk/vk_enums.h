/* Magma: the wire's state enums as Vulkan values, one table each, built from the maps generated
 * out of wire/enums.schema (WIRE_*_VK_MAP). Indexed by a wire value the decoder has checked
 * against its COUNT. */
#ifndef SGL_MG_VK_ENUMS_H
#define SGL_MG_VK_ENUMS_H

#include <vulkan/vulkan.h>

#include "wire/wire_types.h"

#define MG_VK_ENTRY(w, vk) [w] = vk,
#define MG_VK_TABLE(type, name, PREFIX)                                                        \
   static_assert(PREFIX##_VK_COUNT == PREFIX##_COUNT, #PREFIX ": a value without a Vulkan one"); \
   static const type name[PREFIX##_COUNT] = {PREFIX##_VK_MAP(MG_VK_ENTRY)};

MG_VK_TABLE(VkPrimitiveTopology, mg_vk_topology, WIRE_PRIM)
MG_VK_TABLE(VkBlendFactor, mg_vk_blend_factor, WIRE_BF)
MG_VK_TABLE(VkBlendOp, mg_vk_blend_op, WIRE_BO)
MG_VK_TABLE(VkCompareOp, mg_vk_compare_op, WIRE_FUNC)
MG_VK_TABLE(VkStencilOp, mg_vk_stencil_op, WIRE_SOP)
MG_VK_TABLE(VkCullModeFlags, mg_vk_cull_mode, WIRE_CULL)
MG_VK_TABLE(VkFilter, mg_vk_filter, WIRE_FILTER)
MG_VK_TABLE(VkSamplerAddressMode, mg_vk_address_mode, WIRE_WRAP)
MG_VK_TABLE(VkComponentSwizzle, mg_vk_swizzle, WIRE_SWZ)

#endif
