/* Magma: glBlitFramebuffer. One vkCmdBlitImage per Blit record, outside the render pass, in
 * the GENERAL layout every Magma image lives in. GL's rectangles are clipped first: the
 * destination to its surface and the scissor rectangle, the source to its surface by the
 * pixel-centre rule (a destination pixel is written when the source position of its centre
 * lies inside the source), both mapped through the blit's scale so the copy never reads or
 * writes outside an image. Unscaled blits stay exact; scaled ones round the clipped source
 * edges to whole texels (vkCmdBlitImage takes integer offsets).
 *
 * Colour blits vkCmdBlitImage cannot do are a draw instead (draw_blit): formats the device
 * cannot blit (lavapipe: R11F_G11F_B10F destinations and others), a single-sampled source into
 * a multisampled destination (GL core: every sample takes the source's value), and sRGB
 * surfaces without conversion (srv_surface.linear: UNORM views of the sRGB storage). A
 * rectangle covering the clipped destination samples the source at GL's exact mapping of
 * each pixel centre (shaders/blit.frag). */
#include "mg_private.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "wire/format.h"

#include "server_vk/blit_fs.h"
#include "server_vk/blit_fs_sint.h"
#include "server_vk/blit_fs_uint.h"
#include "server_vk/blit_vs.h"

/* One axis: [d0, d1) <- [s0, s1) (either reversed), destination kept in [dmin, dmax), source
 * in [0, smax). False: nothing left. */
static bool
clip_axis(int32_t s0i, int32_t s1i, int32_t d0i, int32_t d1i, int64_t dmin, int64_t dmax, int64_t smax, int32_t out_s[2],
          int32_t out_d[2])
{
   double s0 = s0i, s1 = s1i, d0 = d0i, d1 = d1i;
   if (d0 == d1 || s0 == s1)
      return false;
   if (d0 > d1) { /* keep the mapping, make the destination ascending */
      double t = d0; d0 = d1; d1 = t;
      t = s0; s0 = s1; s1 = t;
   }
   double scale = (s1 - s0) / (d1 - d0);
   /* destination pixels whose centre maps inside [0, smax) */
   double a = d0 + (0.0 - s0) / scale, b = d0 + ((double)smax - s0) / scale;
   double lo_s = scale > 0 ? a : b, hi_s = scale > 0 ? b : a;
   double lo = ceil(lo_s - 0.5), hi = ceil(hi_s - 0.5);
   lo = fmax(lo, fmax(d0, (double)dmin));
   hi = fmin(hi, fmin(d1, (double)dmax));
   if (!(hi > lo))
      return false;
   double ns0 = s0 + (lo - d0) * scale, ns1 = s0 + (hi - d0) * scale;
   ns0 = fmin(fmax(round(ns0), 0.0), (double)smax);
   ns1 = fmin(fmax(round(ns1), 0.0), (double)smax);
   if (ns0 == ns1)
      return false;
   out_d[0] = (int32_t)lo;
   out_d[1] = (int32_t)hi;
   out_s[0] = (int32_t)ns0;
   out_s[1] = (int32_t)ns1;
   return true;
}

/* The device's depth / stencil resolve modes: whether it resolves the aspects asked with
 * SAMPLE_ZERO, and whether the other aspect of a two-aspect format may take NONE meanwhile. */
static bool
zs_resolve_modes(struct mg_backend *be, VkImageAspectFlags want, bool *independent_none)
{
   VkPhysicalDeviceDepthStencilResolveProperties rp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &rp};
   vkGetPhysicalDeviceProperties2(be->pdev, &p2);
   *independent_none = rp.independentResolveNone;
   if ((want & VK_IMAGE_ASPECT_DEPTH_BIT) && !(rp.supportedDepthResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT))
      return false;
   return !(want & VK_IMAGE_ASPECT_STENCIL_BIT) || (rp.supportedStencilResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT);
}

/* Multisampled blits (the core checked: equal formats, equal-size rectangles of one
 * direction, NEAREST). Colour resolves are vkCmdResolveImage; depth / stencil resolves are an
 * empty dynamic-rendering pass over the rectangle with SAMPLE_ZERO resolve attachments
 * (GL leaves the way samples become one to the implementation; Mesa takes sample 0 for
 * depth and stencil too), so source and destination rectangles must coincide there (one
 * aspect of two goes through a scratch image where the device cannot leave the other alone);
 * sample-for-sample copies (same count) are vkCmdCopyImage. */
static uint32_t
ms_blit(struct mg_backend *be, const struct srv_surface *src, const struct srv_surface *dst, struct mg_resource *sr,
        struct mg_resource *dr, VkImageAspectFlags aspect, const int32_t sx[2], const int32_t sy[2], const int32_t dx[2],
        const int32_t dy[2])
{
   uint32_t w = (uint32_t)(dx[1] - dx[0]), h = (uint32_t)(dy[1] - dy[0]);
   if ((uint32_t)(sx[1] - sx[0]) != w || (uint32_t)(sy[1] - sy[0]) != h)
      return 0; /* clipping left unequal pieces: nothing (never reached with scale 1) */
   bool d3d = dr->templ.target == WIRE_TARGET_TEX_3D;
   VkImageSubresourceLayers ssub = {aspect, src->level, src->layer, 1};
   VkImageSubresourceLayers dsub = {aspect, dst->level, d3d ? 0 : dst->layer, 1};
   VkOffset3D so = {sx[0], sy[0], 0}, doff = {dx[0], dy[0], d3d ? (int32_t)dst->layer : 0};
   if (dst->samples > 1) {
      VkImageCopy region = {ssub, so, dsub, doff, {w, h, 1}};
      vkCmdCopyImage(mg_cmd(be), sr->image, VK_IMAGE_LAYOUT_GENERAL, dr->image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
      mg_transfer_done(be);
      return 0;
   }
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
      VkImageResolve region = {ssub, so, dsub, doff, {w, h, 1}};
      vkCmdResolveImage(mg_cmd(be), sr->image, VK_IMAGE_LAYOUT_GENERAL, dr->image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
      mg_transfer_done(be);
      return 0;
   }
   bool independent_none;
   if (sx[0] != dx[0] || sy[0] != dy[0] || !zs_resolve_modes(be, sr->aspect, &independent_none)) {
      sgl_log_once(SGL_LOG_WARN, "magma: a depth / stencil resolve between different rectangles, or one the device "
                                 "cannot resolve (GL_INVALID_OPERATION)");
      return 0x0502u;
   }
   /* One aspect of a depth-stencil format on a device that resolves both or none (lavapipe):
    * resolve both into a single-sampled scratch image, then copy the aspect asked. */
   struct mg_resource *tmp = NULL;
   VkImageAspectFlags resolve = aspect;
   if (aspect != sr->aspect && !independent_none) {
      struct wire_resource_create t = {.target = WIRE_TARGET_RENDERBUFFER, .format = dr->templ.format,
                                       .width = sr->templ.width, .height = sr->templ.height, .depth = 1,
                                       .layers = 1};
      tmp = mg_resource(mg_resource_create(&be->base, &t));
      if (!tmp) {
         mg_out_of_memory(be, "a depth / stencil resolve's scratch image");
         return 0;
      }
      resolve = sr->aspect;
   }
   struct srv_surface tsurf = {tmp ? mg_srv_resource(tmp) : NULL, 0, 0, 1};
   VkImageView sv = mg_surface_view(be, src), dv = mg_surface_view(be, tmp ? &tsurf : dst);
   if (!sv || !dv) {
      if (tmp)
         mg_resource_free(be, tmp, false);
      return 0;
   }
   VkCommandBuffer cmd = mg_cmd(be);
   VkRenderingAttachmentInfo da = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = sv,
      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .resolveImageView = dv,
      .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
   };
   VkRenderingAttachmentInfo sa = da;
   da.resolveMode = (resolve & VK_IMAGE_ASPECT_DEPTH_BIT) ? VK_RESOLVE_MODE_SAMPLE_ZERO_BIT : VK_RESOLVE_MODE_NONE;
   sa.resolveMode = (resolve & VK_IMAGE_ASPECT_STENCIL_BIT) ? VK_RESOLVE_MODE_SAMPLE_ZERO_BIT : VK_RESOLVE_MODE_NONE;
   VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = {{dx[0], dy[0]}, {w, h}},
      .layerCount = 1,
      .pDepthAttachment = (sr->aspect & VK_IMAGE_ASPECT_DEPTH_BIT) ? &da : NULL,
      .pStencilAttachment = (sr->aspect & VK_IMAGE_ASPECT_STENCIL_BIT) ? &sa : NULL,
   };
   vkCmdBeginRendering(cmd, &ri);
   vkCmdEndRendering(cmd);
   mg_transfer_done(be);
   if (tmp) {
      VkImageCopy region = {{aspect, 0, 0, 1}, {dx[0], dy[0], 0}, dsub, doff, {w, h, 1}};
      vkCmdCopyImage(mg_cmd(be), tmp->image, VK_IMAGE_LAYOUT_GENERAL, dr->image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
      mg_transfer_done(be);
      mg_resource_free(be, tmp, false); /* destroyed once this batch completes */
   }
   return 0;
}

static bool
has_features(struct mg_backend *be, VkFormat f, VkFormatFeatureFlags want)
{
   VkFormatProperties p;
   vkGetPhysicalDeviceFormatProperties(be->pdev, f, &p);
   return (p.optimalTilingFeatures & want) == want;
}

/* ---- draw-based blits ------------------------------------------------------------------- */
struct blit_push {
   float map[4];  /* source texel = gl_FragCoord.xy * map.xy + map.zw */
   float size[2]; /* the source level's extent */
   int32_t linear; /* 0 NEAREST, 1 the device's LINEAR sampler, 2 filtered in the shader */
   int32_t pad;
   float rect[4]; /* vertex stage: the destination rectangle in NDC */
};

bool
mg_blit_init(struct mg_backend *be)
{
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = sizeof(mg_blit_vs), .pCode = mg_blit_vs};
   if (vkCreateShaderModule(be->dev, &ci, NULL, &be->blit_vs) != VK_SUCCESS)
      return false;
   static const struct {
      const uint32_t *code;
      size_t size;
   } fs[MG_CLEAR_KINDS] = {
      [MG_CLEAR_FLOAT] = {mg_blit_fs, sizeof(mg_blit_fs)},
      [MG_CLEAR_SINT] = {mg_blit_fs_sint, sizeof(mg_blit_fs_sint)},
      [MG_CLEAR_UINT] = {mg_blit_fs_uint, sizeof(mg_blit_fs_uint)},
   };
   for (unsigned k = 0; k < MG_CLEAR_KINDS; k++) {
      ci.codeSize = fs[k].size;
      ci.pCode = fs[k].code;
      if (vkCreateShaderModule(be->dev, &ci, NULL, &be->blit_fs[k]) != VK_SUCCESS)
         return false;
   }
   for (unsigned i = 0; i < 2; i++) {
      VkSamplerCreateInfo si = {
         .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
         .magFilter = i ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
         .minFilter = i ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
         .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
         .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
         .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
         .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      };
      if (vkCreateSampler(be->dev, &si, NULL, &be->blit_samplers[i]) != VK_SUCCESS)
         return false;
   }
   VkDescriptorSetLayoutBinding bind = {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
                                        NULL};
   VkDescriptorSetLayoutCreateInfo dl = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                         .bindingCount = 1, .pBindings = &bind};
   if (vkCreateDescriptorSetLayout(be->dev, &dl, NULL, &be->blit_set_layout) != VK_SUCCESS)
      return false;
   VkPushConstantRange pc[2] = {{VK_SHADER_STAGE_FRAGMENT_BIT, 0, offsetof(struct blit_push, rect)},
                                {VK_SHADER_STAGE_VERTEX_BIT, offsetof(struct blit_push, rect), 16}};
   VkPipelineLayoutCreateInfo li = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &be->blit_set_layout,
      .pushConstantRangeCount = 2,
      .pPushConstantRanges = pc,
   };
   return vkCreatePipelineLayout(be->dev, &li, NULL, &be->blit_layout) == VK_SUCCESS;
}

void
mg_blit_fini(struct mg_backend *be)
{
   for (struct mg_blit_pipeline *p = be->blit_pipelines, *n; p; p = n) {
      n = p->next;
      vkDestroyPipeline(be->dev, p->pipeline, NULL);
      free(p);
   }
   be->blit_pipelines = NULL;
   if (be->blit_layout)
      vkDestroyPipelineLayout(be->dev, be->blit_layout, NULL);
   if (be->blit_set_layout)
      vkDestroyDescriptorSetLayout(be->dev, be->blit_set_layout, NULL);
   for (unsigned i = 0; i < 2; i++)
      if (be->blit_samplers[i])
         vkDestroySampler(be->dev, be->blit_samplers[i], NULL);
   if (be->blit_vs)
      vkDestroyShaderModule(be->dev, be->blit_vs, NULL);
   for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
      if (be->blit_fs[k])
         vkDestroyShaderModule(be->dev, be->blit_fs[k], NULL);
}

static VkPipeline
create_blit_pipeline(struct mg_backend *be, VkFormat format, uint32_t kind, uint32_t samples)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_VERTEX_BIT, be->blit_vs, "main", NULL},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_FRAGMENT_BIT, be->blit_fs[kind], "main", NULL},
   };
   VkPipelineVertexInputStateCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO, NULL, 0,
                                                VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, VK_FALSE};
   VkPipelineViewportStateCreateInfo vp = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, NULL, 0, 1, NULL, 1, NULL};
   VkPipelineRasterizationStateCreateInfo rs = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
                                                .polygonMode = VK_POLYGON_MODE_FILL, .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
                                              .rasterizationSamples = (VkSampleCountFlagBits)samples};
   VkPipelineDepthStencilStateCreateInfo ds = {.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xf};
   VkPipelineColorBlendStateCreateInfo cb = {.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
                                             .attachmentCount = 1, .pAttachments = &att};
   static const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
   VkPipelineDynamicStateCreateInfo dy = {VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO, NULL, 0, MG_ARRAY_SIZE(dyn), dyn};
   VkPipelineRenderingCreateInfo ri = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &format,
   };
   VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &ri,
      .stageCount = 2, .pStages = stages, .pVertexInputState = &vi, .pInputAssemblyState = &ia,
      .pViewportState = &vp, .pRasterizationState = &rs, .pMultisampleState = &ms,
      .pDepthStencilState = &ds, .pColorBlendState = &cb, .pDynamicState = &dy, .layout = be->blit_layout,
   };
   VkPipeline pipe = VK_NULL_HANDLE;
   VkResult r = vkCreateGraphicsPipelines(be->dev, VK_NULL_HANDLE, 1, &ci, NULL, &pipe);
   if (r != VK_SUCCESS)
      mg_check(be, r, "vkCreateGraphicsPipelines(blit)");
   else
      be->pipelines_created++;
   return pipe;
}

static VkPipeline
get_blit_pipeline(struct mg_backend *be, VkFormat format, uint32_t kind, uint32_t samples)
{
   for (struct mg_blit_pipeline *p = be->blit_pipelines; p; p = p->next)
      if (p->format == format && p->kind == kind && p->samples == samples)
         return p->pipeline;
   struct mg_blit_pipeline *p = calloc(1, sizeof(*p));
   if (!p)
      return VK_NULL_HANDLE;
   *p = (struct mg_blit_pipeline){be->blit_pipelines, format, kind, samples,
                                  create_blit_pipeline(be, format, kind, samples)};
   if (!p->pipeline) {
      free(p);
      return VK_NULL_HANDLE;
   }
   be->blit_pipelines = p;
   return p->pipeline;
}

static uint32_t
numeric_kind(uint32_t wire_fmt)
{
   if (!wire_format_is_integer(wire_fmt))
      return MG_CLEAR_FLOAT;
   return (wire_format_info(wire_fmt)->flags & WIRE_FMTF_SIGNED) ? MG_CLEAR_SINT : MG_CLEAR_UINT;
}

/* Whether the draw path can take the pair: a single-sampled 2D-viewable source the device
 * samples, a destination view it renders to. */
static bool
draw_blit_ok(struct mg_backend *be, const struct srv_surface *src, const struct srv_surface *dst,
             const struct mg_resource *sr)
{
   return src->samples <= 1 && sr->templ.target != WIRE_TARGET_TEX_3D &&
          has_features(be, mg_surface_format(src), VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) &&
          has_features(be, mg_surface_format(dst), VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
}

/* One colour rectangle as a draw: dx / dy is the clipped destination rectangle (scissor),
 * the mapping is GL's unclipped one. */
static uint32_t
draw_blit(struct mg_backend *be, const struct srv_surface *src, const struct srv_surface *dst, struct mg_resource *sr,
          struct mg_resource *dr, const struct wire_blit *b, const int32_t dx[2], const int32_t dy[2])
{
   const uint32_t kind = numeric_kind(dr->templ.format);
   struct mg_view_key key = {
      .type = VK_IMAGE_VIEW_TYPE_2D,
      .aspect = VK_IMAGE_ASPECT_COLOR_BIT,
      .base_level = src->level,
      .level_count = 1,
      .base_layer = src->layer,
      .layer_count = 1,
      .format = src->linear ? mg_linear_twin(sr->vkfmt) : VK_FORMAT_UNDEFINED,
   };
   /* a three-component format stored with four reads alpha one, whatever draws left there */
   if (be->formats[sr->templ.format].conv == MG_CONV_RGB_RGBA)
      key.swz[3] = VK_COMPONENT_SWIZZLE_ONE;
   VkImageView sv = mg_get_view(be, sr, &key), dv = mg_surface_view(be, dst);
   VkPipeline pipe = get_blit_pipeline(be, mg_surface_format(dst), kind, dst->samples > 1 ? dst->samples : 1);
   if (!sv || !dv || !pipe)
      return 0;
   VkCommandBuffer cmd = mg_cmd(be); /* ends the render pass, orders earlier writes */
   VkDescriptorSet set = mg_alloc_set(be, be->blit_set_layout);
   if (!set)
      return 0;
   const bool filter = be->formats[sr->templ.format].filter;
   VkDescriptorImageInfo ii = {be->blit_samplers[b->linear && filter ? 1 : 0], sv, VK_IMAGE_LAYOUT_GENERAL};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 0,
                             .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                             .pImageInfo = &ii};
   vkUpdateDescriptorSets(be->dev, 1, &w, 0, NULL);
   const uint32_t w_ = (uint32_t)(dx[1] - dx[0]), h_ = (uint32_t)(dy[1] - dy[0]);
   VkRenderingAttachmentInfo ca = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = dv,
      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
   };
   VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = {{dx[0], dy[0]}, {w_, h_}},
      .layerCount = 1,
      .colorAttachmentCount = 1,
      .pColorAttachments = &ca,
   };
   vkCmdBeginRendering(cmd, &ri);
   mg_draw_state_invalidate(be); /* its own pipeline, set and dynamic state */
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const float vw = (float)wire_minify(dr->templ.width, dst->level), vh = (float)wire_minify(dr->templ.height, dst->level);
   VkViewport vp = {0, 0, vw, vh, 0, 1};
   vkCmdSetViewport(cmd, 0, 1, &vp);
   vkCmdSetScissor(cmd, 0, 1, &ri.renderArea);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, be->blit_layout, 0, 1, &set, 0, NULL);
   /* GL 3.3 section 4.3.2: the source position of destination pixel centre x is
    * src_x0 + (x - dst_x0) * (src_x1 - src_x0) / (dst_x1 - dst_x0), mirrored or not. */
   double scx = ((double)b->src_x1 - b->src_x0) / ((double)b->dst_x1 - b->dst_x0);
   double scy = ((double)b->src_y1 - b->src_y0) / ((double)b->dst_y1 - b->dst_y0);
   struct blit_push push = {
      {(float)scx, (float)scy, (float)(b->src_x0 - b->dst_x0 * scx), (float)(b->src_y0 - b->dst_y0 * scy)},
      {(float)wire_minify(sr->templ.width, src->level), (float)wire_minify(sr->templ.height, src->level)},
      b->linear ? (filter ? 1 : 2) : 0,
      0,
      {(float)dx[0] / vw * 2.0f - 1.0f, (float)dy[0] / vh * 2.0f - 1.0f, (float)dx[1] / vw * 2.0f - 1.0f,
       (float)dy[1] / vh * 2.0f - 1.0f},
   };
   vkCmdPushConstants(cmd, be->blit_layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, offsetof(struct blit_push, rect), &push);
   vkCmdPushConstants(cmd, be->blit_layout, VK_SHADER_STAGE_VERTEX_BIT, offsetof(struct blit_push, rect), 16, push.rect);
   vkCmdDraw(cmd, 4, 1, 0, 0);
   vkCmdEndRendering(cmd);
   mg_transfer_done(be);
   return 0;
}

uint32_t
mg_blit(struct srv_ctx *sctx, const struct srv_surface *src, const struct srv_surface *dst, const struct wire_blit *b)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_backend *be = ctx->be;
   struct mg_resource *sr = mg_resource(src->res), *dr = mg_resource(dst->res);
   if (be->lost || !sr || !dr || sr->is_buffer || dr->is_buffer)
      return 0;
   /* the device's own limits on blits: formats it cannot blit (a draw where it samples the
    * source and renders the destination: colour only), and signed to unsigned */
   const bool color = b->mask == WIRE_BLIT_COLOR;
   const bool replicate = src->samples <= 1 && dst->samples > 1; /* GL core: every sample */
   bool ms = src->samples > 1 || dst->samples > 1;
   VkFormatFeatureFlags sfeat = ms ? 0 : VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                                (b->linear ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0);
   const struct wire_format_info *si = wire_format_info(sr->templ.format), *di = wire_format_info(dr->templ.format);
   bool sign_mismatch = (si->flags & WIRE_FMTF_INTEGER) && (si->flags & WIRE_FMTF_SIGNED) != (di->flags & WIRE_FMTF_SIGNED);
   bool blittable = has_features(be, sr->vkfmt, sfeat) &&
                    has_features(be, dr->vkfmt, ms ? 0 : VK_FORMAT_FEATURE_BLIT_DST_BIT);
   /* Scaled rectangles too: vkCmdBlitImage takes whole-texel offsets, so a clipped scaled
    * blit would round its source edges; the draw maps every pixel centre as GL does. And a
    * three-component source stored with four, whose stored alpha is not GL's one. */
   const bool scaled = (int64_t)b->src_x1 - b->src_x0 != (int64_t)b->dst_x1 - b->dst_x0 ||
                       (int64_t)b->src_y1 - b->src_y0 != (int64_t)b->dst_y1 - b->dst_y0;
   const bool rgb = be->formats[sr->templ.format].conv == MG_CONV_RGB_RGBA;
   /* A multisampled source is a resolve or a sample copy (ms_blit) whatever its flags; a
    * source the draw cannot read (3D) falls back to vkCmdBlitImage where the device can,
    * converting sRGB as Vulkan does. */
   bool draw = color && src->samples <= 1 &&
               (replicate || src->linear || dst->linear || !blittable || scaled || rgb) &&
               draw_blit_ok(be, src, dst, sr);
   if (sign_mismatch || (!draw && (!blittable || replicate))) {
      sgl_log_once(SGL_LOG_WARN, "magma: glBlitFramebuffer between wire formats %u and %u: the device cannot "
                                 "blit them (GL_INVALID_OPERATION)", sr->templ.format, dr->templ.format);
      return 0x0502u; /* GL_INVALID_OPERATION, raised on the issuing context by the core */
   }
   int64_t sw = wire_minify(sr->templ.width, src->level), sh = wire_minify(sr->templ.height, src->level);
   int64_t dw = wire_minify(dr->templ.width, dst->level), dh = wire_minify(dr->templ.height, dst->level);
   int64_t xmin = 0, ymin = 0, xmax = dw, ymax = dh;
   if (b->scissor_enable) {
      xmin = b->scissor.x > 0 ? b->scissor.x : 0;
      ymin = b->scissor.y > 0 ? b->scissor.y : 0;
      int64_t sx1 = (int64_t)b->scissor.x + b->scissor.width, sy1 = (int64_t)b->scissor.y + b->scissor.height;
      xmax = sx1 < xmax ? sx1 : xmax;
      ymax = sy1 < ymax ? sy1 : ymax;
   }
   int32_t sx[2], sy[2], dx[2], dy[2];
   if (!clip_axis(b->src_x0, b->src_x1, b->dst_x0, b->dst_x1, xmin, xmax, sw, sx, dx) ||
       !clip_axis(b->src_y0, b->src_y1, b->dst_y0, b->dst_y1, ymin, ymax, sh, sy, dy))
      return 0;
   VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
   if (b->mask != WIRE_BLIT_COLOR) {
      aspect = 0;
      if (b->mask & WIRE_BLIT_DEPTH)
         aspect |= sr->aspect & VK_IMAGE_ASPECT_DEPTH_BIT;
      if (b->mask & WIRE_BLIT_STENCIL)
         aspect |= sr->aspect & VK_IMAGE_ASPECT_STENCIL_BIT;
      if (!aspect)
         return 0;
   }
   if (draw)
      return draw_blit(be, src, dst, sr, dr, b, dx, dy);
   if (ms)
      return ms_blit(be, src, dst, sr, dr, aspect, sx, sy, dx, dy);
   bool s3d = sr->templ.target == WIRE_TARGET_TEX_3D, d3d = dr->templ.target == WIRE_TARGET_TEX_3D;
   VkImageBlit region = {
      .srcSubresource = {aspect, src->level, s3d ? 0 : src->layer, 1},
      .srcOffsets = {{sx[0], sy[0], s3d ? (int32_t)src->layer : 0}, {sx[1], sy[1], s3d ? (int32_t)src->layer + 1 : 1}},
      .dstSubresource = {aspect, dst->level, d3d ? 0 : dst->layer, 1},
      .dstOffsets = {{dx[0], dy[0], d3d ? (int32_t)dst->layer : 0}, {dx[1], dy[1], d3d ? (int32_t)dst->layer + 1 : 1}},
   };
   vkCmdBlitImage(mg_cmd(be), sr->image, VK_IMAGE_LAYOUT_GENERAL, dr->image, VK_IMAGE_LAYOUT_GENERAL, 1, &region,
                  b->linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
   mg_transfer_done(be);
   return 0;
}
