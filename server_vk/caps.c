/* Magma: the capability table (server/backend.h get_param) from the Vulkan device's limits,
 * features and format support, and the SPLITGL_MAGMA_HIDE test knob that makes Magma lower
 * what the device does have (so the lowered paths run on lavapipe too). */
#include "mg_private.h"

#include <string.h>

#include "util/knobs.h"
#include "wire/format.h"

static uint64_t
u64min(uint64_t a, uint64_t b)
{
   return a < b ? a : b;
}

/* "uint8,divisor" -> flags; "all" hides everything. Unknown words are logged, not fatal. */
uint32_t
mg_hidden_features(void)
{
   const char *s = sgl_knobs()->magma_hide;
   uint32_t out = 0;
   while (s && *s) {
      size_t n = strcspn(s, ",");
      if (n == 5 && !strncmp(s, "uint8", 5))
         out |= MG_HIDE_UINT8;
      else if (n == 7 && !strncmp(s, "divisor", 7))
         out |= MG_HIDE_DIVISOR;
      else if (n == 8 && !strncmp(s, "vformats", 8))
         out |= MG_HIDE_VFORMATS;
      else if (n == 12 && !strncmp(s, "list_restart", 12))
         out |= MG_HIDE_LIST_RESTART;
      else if (n == 4 && !strncmp(s, "etc2", 4))
         out |= MG_HIDE_ETC2;
      else if (n == 2 && !strncmp(s, "bc", 2))
         out |= MG_HIDE_BC;
      else if (n == 3 && !strncmp(s, "wsi", 3))
         out |= MG_HIDE_WSI;
      else if (n == 13 && !strncmp(s, "cull_distance", 13))
         out |= MG_HIDE_CULL_DISTANCE;
      else if (n == 3 && !strncmp(s, "all", 3))
         out |= MG_HIDE_UINT8 | MG_HIDE_DIVISOR | MG_HIDE_VFORMATS | MG_HIDE_LIST_RESTART | MG_HIDE_ETC2 | MG_HIDE_BC;
      else if (n)
         sgl_warn("magma: SPLITGL_MAGMA_HIDE: unknown feature \"%.*s\"", (int)n, s);
      s += n;
      if (*s == ',')
         s++;
   }
   return out;
}

/* The vertex formats every Vulkan device fetches (Vulkan 1.3, "Required Format Support"):
 * 8- and 16-bit UNORM / SNORM / UINT / SINT and 16-bit float with 1, 2 or 4 components, 32-bit
 * UINT / SINT / float with 1 to 4. SPLITGL_MAGMA_HIDE=vformats reports only these. */
static bool
vformat_mandatory(uint32_t vf)
{
   uint32_t comps = wire_vformat_components(vf);
   switch (vf - comps + 1u) {
   case WIRE_VF_R8_USCALED: case WIRE_VF_R8_SSCALED: case WIRE_VF_R16_USCALED: case WIRE_VF_R16_SSCALED:
   case WIRE_VF_R32_USCALED: case WIRE_VF_R32_SSCALED:
      return false;
   default:
      break;
   }
   return wire_vformat_component_size(vf) == 4 || comps != 3;
}

static void
format_caps(struct mg_backend *be, uint64_t *caps)
{
   for (uint32_t vf = 0; vf < WIRE_VF_COUNT; vf++) {
      VkFormatProperties p;
      VkFormat vk = mg_vformat(vf);
      if (vk == VK_FORMAT_UNDEFINED)
         continue;
      vkGetPhysicalDeviceFormatProperties(be->pdev, vk, &p);
      bool ok = (p.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) != 0;
      if ((be->hidden & MG_HIDE_VFORMATS) && !vformat_mandatory(vf))
         ok = false;
      if (ok)
         be->vformats[vf / 64] |= 1ull << (vf % 64);
   }
   caps[WIRE_CAP_VERTEX_FORMATS_0] = be->vformats[0];
   caps[WIRE_CAP_VERTEX_FORMATS_1] = be->vformats[1];
   for (uint32_t f = 1; f < WIRE_FMT_COUNT; f++) {
      VkFormat vk = mg_vk_format(be, f);
      if (vk == VK_FORMAT_UNDEFINED)
         continue;
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(be->pdev, vk, &p);
      VkFormatFeatureFlags t = p.optimalTilingFeatures;
      /* formats 0-63 in the first mask word, 64-127 in the second (*_FORMATS_1) */
      uint64_t bit = 1ull << (f % 64);
      bool hi = f >= 64;
      if (t & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
         caps[hi ? WIRE_CAP_SAMPLED_FORMATS_1 : WIRE_CAP_SAMPLED_FORMATS] |= bit;
      /* a compressed format is never a render target, whatever the decoded storage allows */
      if ((t & (VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)) &&
          !wire_format_is_compressed(f))
         caps[hi ? WIRE_CAP_RENDERABLE_FORMATS_1 : WIRE_CAP_RENDERABLE_FORMATS] |= bit;
      if (t & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
         caps[hi ? WIRE_CAP_FILTERABLE_FORMATS_1 : WIRE_CAP_FILTERABLE_FORMATS] |= bit;
      if (wire_format_is_compressed(f) && be->formats[f].conv == MG_CONV_NONE && hi)
         caps[WIRE_CAP_NATIVE_COMPRESSED_1] |= bit;
      if (hi || wire_format_is_compressed(f))
         continue; /* multisampling: renderable formats only (all below 64) */
      /* Multisampled renderbuffers: the counts the format takes with the usage image.c
       * gives them. */
      VkImageUsageFlags usage = mg_ms_usage(be, f, vk);
      if (!(usage & (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT)))
         continue;
      VkImageFormatProperties ifp;
      if (vkGetPhysicalDeviceImageFormatProperties(be->pdev, vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage, 0,
                                                   &ifp) != VK_SUCCESS)
         continue;
      /* The format's own counts for that usage: the device-wide framebuffer*SampleCounts
       * limits are only what every format of a class takes at least (Vulkan's image creation
       * limits: sampleCounts is a superset of them), so they bound nothing here. lavapipe
       * renders RGBA8UI with 4 samples while framebufferIntegerColorSampleCounts is 1. */
      VkSampleCountFlags counts = ifp.sampleCounts;
      static const uint32_t ms_cap[4] = {WIRE_CAP_MS_FORMATS_2, WIRE_CAP_MS_FORMATS_4, WIRE_CAP_MS_FORMATS_8,
                                         WIRE_CAP_MS_FORMATS_16};
      for (unsigned i = 0; i < 4; i++)
         if (counts & (VK_SAMPLE_COUNT_2_BIT << i))
            caps[ms_cap[i]] |= bit;
      /* Multisample textures (GL core): the same counts, where the format is also sampled
       * with them (the format with SAMPLED usage). */
      VkImageUsageFlags tusage = mg_ms_texture_usage(be, vk);
      if (!tusage || vkGetPhysicalDeviceImageFormatProperties(be->pdev, vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                                                              tusage, 0, &ifp) != VK_SUCCESS)
         continue;
      counts &= ifp.sampleCounts; /* again the format's own counts, not the sampledImage* limits */
      static const uint32_t mst_cap[4] = {WIRE_CAP_MS_TEXTURE_FORMATS_2, WIRE_CAP_MS_TEXTURE_FORMATS_4,
                                          WIRE_CAP_MS_TEXTURE_FORMATS_8, WIRE_CAP_MS_TEXTURE_FORMATS_16};
      for (unsigned i = 0; i < 4; i++)
         if (counts & (VK_SAMPLE_COUNT_2_BIT << i))
            caps[mst_cap[i]] |= bit;
   }
   /* Buffer textures: formats whose storage is the wire layout (a buffer holds the
    * application's bytes as they are) and that the device reads as uniform texel buffers. */
   for (uint32_t f = 1; f < 64 && f < WIRE_FMT_COUNT; f++) {
      VkFormat vk = mg_vk_format(be, f);
      if (vk == VK_FORMAT_UNDEFINED || be->formats[f].conv != MG_CONV_NONE || wire_format_is_compressed(f) ||
          wire_format_has_depth(f) || wire_format_has_stencil(f))
         continue;
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(be->pdev, vk, &p);
      if (p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)
         caps[WIRE_CAP_TEXEL_BUFFER_FORMATS] |= 1ull << f;
   }
   caps[WIRE_CAP_MAX_TEXEL_BUFFER_ELEMENTS] = caps[WIRE_CAP_TEXEL_BUFFER_FORMATS] ? be->props.limits.maxTexelBufferElements : 0;
}

/* Runs once the device exists (has_uint8, has_divisor, wide_lines, ... are known). */
void
mg_caps_init(struct mg_backend *be)
{
   be->hidden = mg_hidden_features();
   if (be->hidden & MG_HIDE_UINT8)
      be->has_uint8 = false;
   if (be->hidden & MG_HIDE_DIVISOR)
      be->has_divisor = false;
   if (be->hidden & MG_HIDE_LIST_RESTART)
      be->has_list_restart = false; /* the client cuts lists itself (gl_front/restart.c) */
   be->max_divisor = 1;
   if (be->has_divisor) {
      VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT dp = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &dp};
      vkGetPhysicalDeviceProperties2(be->pdev, &p2);
      be->max_divisor = dp.maxVertexAttribDivisor;
   }
   be->loop_limit = (uint32_t)sgl_knobs()->magma_loop_limit;
   VkPhysicalDeviceFeatures f;
   vkGetPhysicalDeviceFeatures(be->pdev, &f);
   const VkPhysicalDeviceLimits *l = &be->props.limits;
   uint64_t *c = be->caps;
   memset(c, 0, sizeof(be->caps));
   /* GL's MAX_TEXTURE_SIZE bounds 1D, 2D and rectangle textures alike (GL 3.3 section 3.8.3) */
   c[WIRE_CAP_MAX_TEXTURE_SIZE] = u64min(l->maxImageDimension2D, l->maxImageDimension1D);
   c[WIRE_CAP_MAX_CUBE_MAP_TEXTURE_SIZE] = l->maxImageDimensionCube;
   c[WIRE_CAP_MAX_3D_TEXTURE_SIZE] = l->maxImageDimension3D;
   c[WIRE_CAP_MAX_ARRAY_TEXTURE_LAYERS] = l->maxImageArrayLayers;
   c[WIRE_CAP_MAX_RENDERBUFFER_SIZE] =
      u64min(l->maxImageDimension2D, u64min(l->maxFramebufferWidth, l->maxFramebufferHeight));
   c[WIRE_CAP_MAX_VIEWPORT_WIDTH] = l->maxViewportDimensions[0];
   c[WIRE_CAP_MAX_VIEWPORT_HEIGHT] = l->maxViewportDimensions[1];
   /* Binding MG_CONST_BINDING (one past the attributes) carries the constant attributes. */
   c[WIRE_CAP_MAX_VERTEX_ATTRIBS] =
      u64min(l->maxVertexInputAttributes, l->maxVertexInputBindings ? l->maxVertexInputBindings - 1u : 0);
   c[WIRE_CAP_MAX_VERTEX_ATTRIB_STRIDE] = l->maxVertexInputBindingStride;
   c[WIRE_CAP_MAX_VERTEX_OUTPUT_COMPONENTS] = l->maxVertexOutputComponents;
   c[WIRE_CAP_MAX_FRAGMENT_INPUT_COMPONENTS] = l->maxFragmentInputComponents;
   /* The default uniform block is bound as a storage buffer on llvmpipe (spirv_quirks.c). */
   c[WIRE_CAP_MAX_UNIFORM_BUFFER_RANGE] =
      be->default_block_ssbo ? u64min(l->maxUniformBufferRange, l->maxStorageBufferRange) : l->maxUniformBufferRange;
   c[WIRE_CAP_UNIFORM_BUFFER_OFFSET_ALIGNMENT] = l->minUniformBufferOffsetAlignment;
   c[WIRE_CAP_MAX_PER_STAGE_SAMPLERS] =
      u64min(l->maxPerStageDescriptorSamplers, l->maxPerStageDescriptorSampledImages);
   c[WIRE_CAP_MAX_COMBINED_SAMPLERS] = u64min(l->maxDescriptorSetSamplers, l->maxDescriptorSetSampledImages);
   /* One uniform-buffer binding per stage holds the default block. */
   c[WIRE_CAP_MAX_PER_STAGE_UNIFORM_BUFFERS] =
      l->maxPerStageDescriptorUniformBuffers ? l->maxPerStageDescriptorUniformBuffers - 1u : 0;
   c[WIRE_CAP_MAX_COMBINED_UNIFORM_BUFFERS] =
      l->maxDescriptorSetUniformBuffers ? l->maxDescriptorSetUniformBuffers - 1u : 0;
   c[WIRE_CAP_MAX_COLOR_ATTACHMENTS] = u64min(l->maxColorAttachments, l->maxFragmentOutputAttachments);
   /* Sample counts of the device's framebuffers (per format: MS_FORMATS_*, format_caps). */
   c[WIRE_CAP_COLOR_SAMPLE_COUNTS] = l->framebufferColorSampleCounts & 0x1f;
   c[WIRE_CAP_DEPTH_SAMPLE_COUNTS] = l->framebufferDepthSampleCounts & 0x1f;
   c[WIRE_CAP_STENCIL_SAMPLE_COUNTS] = l->framebufferStencilSampleCounts & 0x1f;
   c[WIRE_CAP_STANDARD_SAMPLE_LOCATIONS] = l->standardSampleLocations ? 1 : 0;
   c[WIRE_CAP_MIN_TEXEL_OFFSET] = wire_cap_from_int(l->minTexelOffset);
   c[WIRE_CAP_MAX_TEXEL_OFFSET] = wire_cap_from_int((int32_t)l->maxTexelOffset);
   c[WIRE_CAP_MAX_LOD_BIAS] = wire_cap_from_float(l->maxSamplerLodBias);
   c[WIRE_CAP_POINT_SIZE_MIN] = wire_cap_from_float(l->pointSizeRange[0]);
   c[WIRE_CAP_POINT_SIZE_MAX] = wire_cap_from_float(l->pointSizeRange[1]);
   c[WIRE_CAP_LINE_WIDTH_MIN] = wire_cap_from_float(be->wide_lines ? l->lineWidthRange[0] : 1.0f);
   c[WIRE_CAP_LINE_WIDTH_MAX] = wire_cap_from_float(be->wide_lines ? l->lineWidthRange[1] : 1.0f);
   c[WIRE_CAP_POINT_SIZE_GRANULARITY] = wire_cap_from_float(l->pointSizeGranularity);
   c[WIRE_CAP_LINE_WIDTH_GRANULARITY] = wire_cap_from_float(be->wide_lines ? l->lineWidthGranularity : 0.0f);
   c[WIRE_CAP_SUBPIXEL_BITS] = l->subPixelPrecisionBits;
   c[WIRE_CAP_MAX_CLIP_DISTANCES] = f.shaderClipDistance ? l->maxClipDistances : 0;
   c[WIRE_CAP_CULL_DISTANCES] = be->cull_distance ? (uint64_t)(l->maxCullDistances & 0xffffu) |
                                                       (uint64_t)(l->maxCombinedClipAndCullDistances & 0xffffu) << 16
                                                  : 0;
   c[WIRE_CAP_MAX_DRAW_INDEX] = l->maxDrawIndexedIndexValue;
   c[WIRE_CAP_MAX_ANISOTROPY] = wire_cap_from_float(f.samplerAnisotropy ? l->maxSamplerAnisotropy : 1.0f);
   c[WIRE_CAP_FEATURES] = (be->has_uint8 ? WIRE_FEATURE_INDEX_UINT8 : 0) |
                          (be->has_divisor ? WIRE_FEATURE_INSTANCE_DIVISOR : 0) |
                          (be->wide_lines ? WIRE_FEATURE_WIDE_LINES : 0) |
                          (be->independent_blend ? WIRE_FEATURE_INDEPENDENT_BLEND : 0) |
                          (be->robust ? WIRE_FEATURE_ROBUST_BUFFER_ACCESS : 0) |
                          (be->has_list_restart ? WIRE_FEATURE_LIST_RESTART : 0) |
                          (be->has_xfb ? WIRE_FEATURE_TRANSFORM_FEEDBACK : 0) |
                          (be->has_xfb_queries ? WIRE_FEATURE_XFB_QUERIES : 0) |
                          (be->occlusion_precise ? WIRE_FEATURE_OCCLUSION_PRECISE : 0) |
                          (be->polygon_mode ? WIRE_FEATURE_POLYGON_MODE : 0) |
                          (be->depth_clamp ? WIRE_FEATURE_DEPTH_CLAMP : 0) |
                          (be->logic_op ? WIRE_FEATURE_LOGIC_OP : 0) |
                          (be->has_etc2 ? WIRE_FEATURE_TEXTURE_COMPRESSION_ETC2 : 0) |
                          (be->has_bc ? WIRE_FEATURE_TEXTURE_COMPRESSION_BC : 0) |
                          (be->provoking_last ? WIRE_FEATURE_PROVOKING_VERTEX : 0) |
                          (be->geometry ? WIRE_FEATURE_GEOMETRY_SHADER : 0) |
                          (be->cull_distance ? WIRE_FEATURE_CULL_DISTANCE : 0) |
                          (be->dual_src_blend ? WIRE_FEATURE_DUAL_SRC_BLEND : 0);
   c[WIRE_CAP_MAX_DUAL_SRC_ATTACHMENTS] = be->dual_src_blend ? l->maxFragmentDualSrcAttachments : 0;
   /* Geometry stage limits (0 without geometryShader; the front end keeps GL's minimums). */
   c[WIRE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES] = be->geometry ? l->maxGeometryOutputVertices : 0;
   c[WIRE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS] = be->geometry ? l->maxGeometryTotalOutputComponents : 0;
   c[WIRE_CAP_MAX_GEOMETRY_INPUT_COMPONENTS] = be->geometry ? l->maxGeometryInputComponents : 0;
   c[WIRE_CAP_MAX_GEOMETRY_OUTPUT_COMPONENTS] = be->geometry ? l->maxGeometryOutputComponents : 0;
   c[WIRE_CAP_MAX_GEOMETRY_INVOCATIONS] = be->geometry ? l->maxGeometryShaderInvocations : 0;
   c[WIRE_CAP_MAX_XFB_BUFFERS] = be->has_xfb ? be->xfb_max_buffers : 0;
   c[WIRE_CAP_MAX_XFB_BUFFER_DATA_STRIDE] = be->has_xfb ? be->xfb_max_stride : 0;
   /* Timestamps of the graphics queue (TIME_ELAPSED, TIMESTAMP): 0 bits is "none". */
   c[WIRE_CAP_QUERY_TIMESTAMP_BITS] = l->timestampComputeAndGraphics ? be->timestamp_bits : 0;
   format_caps(be, c);
   /* ARB_stencil_texturing: Vulkan samples the stencil aspect of any depth / stencil format it
    * samples (a view of that aspect alone); offered where both of GL's are sampled */
   const uint32_t ds[] = {WIRE_FMT_D24_UNORM_S8_UINT, WIRE_FMT_D32_FLOAT_S8_UINT};
   bool stencil_texturing = true;
   for (size_t i = 0; i < sizeof(ds) / sizeof(ds[0]); i++)
      stencil_texturing = stencil_texturing &&
                          ((c[ds[i] >= 64 ? WIRE_CAP_SAMPLED_FORMATS_1 : WIRE_CAP_SAMPLED_FORMATS] >> (ds[i] % 64)) & 1u);
   if (stencil_texturing)
      c[WIRE_CAP_FEATURES] |= WIRE_FEATURE_STENCIL_TEXTURING;
   if (be->hidden)
      sgl_info("magma: SPLITGL_MAGMA_HIDE: lowering%s%s%s%s%s", (be->hidden & MG_HIDE_UINT8) ? " uint8" : "",
               (be->hidden & MG_HIDE_DIVISOR) ? " divisor" : "", (be->hidden & MG_HIDE_VFORMATS) ? " vformats" : "",
               (be->hidden & MG_HIDE_ETC2) ? " etc2" : "", (be->hidden & MG_HIDE_BC) ? " bc" : "");
}

uint64_t
mg_get_param(struct srv_backend *sbe, enum wire_cap param)
{
   struct mg_backend *be = mg_backend(sbe);
   return (unsigned)param < WIRE_CAP_COUNT ? be->caps[param] : 0;
}

bool
mg_vformat_supported(const struct mg_backend *be, uint32_t vf)
{
   return vf < WIRE_VF_COUNT && (be->vformats[vf / 64] >> (vf % 64)) & 1u;
}
