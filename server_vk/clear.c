/* Magma: glClear and glClearBuffer*. Full masks use vkCmdClearAttachments inside the render
 * pass; partial color masks and partial stencil write masks draw a fullscreen triangle with an
 * internal pipeline (shaders/clear.{vert,frag}, compiled at build time into generated headers;
 * the fragment shader once per numeric class of attachment: float, signed and unsigned
 * integer). Both honour the scissor rectangle. Clear.color is VkClearColorValue's four words:
 * floats, or the integers of glClearBufferiv / uiv, as the attachment's format reads them. */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>

#include "wire/format.h"

#include "server_vk/clear_fs.h"
#include "server_vk/clear_fs_sint.h"
#include "server_vk/clear_fs_uint.h"
#include "server_vk/clear_vs.h"

struct clear_push {
   uint32_t color[4]; /* vec4, ivec4 or uvec4 in the shader */
   float depth;
   float pad[3];
};

bool
mg_clear_init(struct mg_backend *be)
{
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = sizeof(mg_clear_vs), .pCode = mg_clear_vs};
   if (vkCreateShaderModule(be->dev, &ci, NULL, &be->clear_vs) != VK_SUCCESS)
      return false;
   static const struct {
      const uint32_t *code;
      size_t size;
   } fs[MG_CLEAR_KINDS] = {
      [MG_CLEAR_FLOAT] = {mg_clear_fs, sizeof(mg_clear_fs)},
      [MG_CLEAR_SINT] = {mg_clear_fs_sint, sizeof(mg_clear_fs_sint)},
      [MG_CLEAR_UINT] = {mg_clear_fs_uint, sizeof(mg_clear_fs_uint)},
   };
   for (unsigned k = 0; k < MG_CLEAR_KINDS; k++) {
      ci.codeSize = fs[k].size;
      ci.pCode = fs[k].code;
      if (vkCreateShaderModule(be->dev, &ci, NULL, &be->clear_fs[k]) != VK_SUCCESS)
         return false;
   }
   VkPushConstantRange pc = {VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct clear_push)};
   VkPipelineLayoutCreateInfo li = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pc,
   };
   return vkCreatePipelineLayout(be->dev, &li, NULL, &be->clear_layout) == VK_SUCCESS;
}

void
mg_clear_fini(struct mg_backend *be)
{
   for (struct mg_clear_pipeline *p = be->clear_pipelines, *n; p; p = n) {
      n = p->next;
      vkDestroyPipeline(be->dev, p->pipeline, NULL);
      free(p);
   }
   be->clear_pipelines = NULL;
   if (be->clear_layout)
      vkDestroyPipelineLayout(be->dev, be->clear_layout, NULL);
   if (be->clear_vs)
      vkDestroyShaderModule(be->dev, be->clear_vs, NULL);
   for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
      if (be->clear_fs[k])
         vkDestroyShaderModule(be->dev, be->clear_fs[k], NULL);
}

static VkPipeline
create_clear_pipeline(struct mg_backend *be, const struct mg_clear_key *k)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_VERTEX_BIT, be->clear_vs, "main", NULL},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_FRAGMENT_BIT, be->clear_fs[k->kind], "main", NULL},
   };
   VkPipelineVertexInputStateCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO, NULL, 0,
                                                VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_FALSE};
   VkPipelineViewportDepthClipControlCreateInfoEXT clip = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT, NULL, VK_TRUE};
   VkPipelineViewportStateCreateInfo vp = {VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, &clip, 0, 1, NULL, 1, NULL};
   VkPipelineRasterizationStateCreateInfo rs = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
                                                .polygonMode = VK_POLYGON_MODE_FILL, .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
                                              .rasterizationSamples = (VkSampleCountFlagBits)k->samples};
   VkStencilOpState st = {VK_STENCIL_OP_KEEP, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_KEEP, VK_COMPARE_OP_ALWAYS, 0xff, k->stencil_mask, 0};
   VkPipelineDepthStencilStateCreateInfo ds = {.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
                                               .stencilTestEnable = k->stencil_mask != 0, .front = st, .back = st};
   VkPipelineColorBlendAttachmentState att[WIRE_MAX_COLOR_BUFS] = {0};
   for (uint32_t i = 0; i < k->nr_cbufs; i++)
      att[i].colorWriteMask = k->masks[i];
   VkPipelineColorBlendStateCreateInfo cb = {.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
                                             .attachmentCount = k->nr_cbufs, .pAttachments = att};
   static const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR, VK_DYNAMIC_STATE_STENCIL_REFERENCE};
   VkPipelineDynamicStateCreateInfo dy = {VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO, NULL, 0, MG_ARRAY_SIZE(dyn), dyn};
   bool stencil = k->zs == VK_FORMAT_D24_UNORM_S8_UINT || k->zs == VK_FORMAT_D32_SFLOAT_S8_UINT;
   VkPipelineRenderingCreateInfo ri = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = k->nr_cbufs,
      .pColorAttachmentFormats = k->cbufs,
      .depthAttachmentFormat = k->zs,
      .stencilAttachmentFormat = stencil ? k->zs : VK_FORMAT_UNDEFINED,
   };
   VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &ri,
      .stageCount = 2, .pStages = stages, .pVertexInputState = &vi, .pInputAssemblyState = &ia,
      .pViewportState = &vp, .pRasterizationState = &rs, .pMultisampleState = &ms,
      .pDepthStencilState = &ds, .pColorBlendState = &cb, .pDynamicState = &dy, .layout = be->clear_layout,
   };
   VkPipeline pipe = VK_NULL_HANDLE;
   VkResult r = vkCreateGraphicsPipelines(be->dev, VK_NULL_HANDLE, 1, &ci, NULL, &pipe);
   if (r != VK_SUCCESS)
      mg_check(be, r, "vkCreateGraphicsPipelines(clear)");
   else
      be->pipelines_created++;
   return pipe;
}

static VkPipeline
get_clear_pipeline(struct mg_backend *be, const struct mg_clear_key *k)
{
   for (struct mg_clear_pipeline *p = be->clear_pipelines; p; p = p->next)
      if (!memcmp(&p->key, k, sizeof(*k)))
         return p->pipeline;
   struct mg_clear_pipeline *p = calloc(1, sizeof(*p));
   if (!p)
      return VK_NULL_HANDLE;
   p->key = *k;
   p->pipeline = create_clear_pipeline(be, k);
   if (!p->pipeline) {
      free(p);
      return VK_NULL_HANDLE;
   }
   p->next = be->clear_pipelines;
   be->clear_pipelines = p;
   return p->pipeline;
}

static void
clear_draw(struct mg_ctx *ctx, const struct wire_clear *c, const struct mg_clear_key *k, const VkRect2D *rect)
{
   struct mg_backend *be = ctx->be;
   VkPipeline pipe = get_clear_pipeline(be, k);
   if (!pipe)
      return;
   VkCommandBuffer cmd = mg_batch(be)->cmd;
   mg_draw_state_invalidate(be); /* its own pipeline and dynamic state */
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   VkViewport vp = {0, 0, (float)ctx->fb.width, (float)ctx->fb.height, 0, 1};
   vkCmdSetViewport(cmd, 0, 1, &vp);
   vkCmdSetScissor(cmd, 0, 1, rect);
   vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, c->stencil & 0xff);
   struct clear_push push = {{0}, 0.0f, {0}};
   memcpy(push.color, c->color, sizeof(push.color));
   vkCmdPushConstants(cmd, be->clear_layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), &push);
   vkCmdDraw(cmd, 3, 1, 0, 0);
}

/* The fragment shader's output type an attachment needs. */
static enum mg_clear_kind
clear_kind(const struct mg_resource *r)
{
   uint32_t f = r->templ.format;
   if (!wire_format_is_integer(f))
      return MG_CLEAR_FLOAT;
   return (wire_format_info(f)->flags & WIRE_FMTF_SIGNED) ? MG_CLEAR_SINT : MG_CLEAR_UINT;
}

void
mg_clear(struct srv_ctx *sctx, const struct wire_clear *c)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_backend *be = ctx->be;
   VkRect2D rect;
   if (!mg_fb_valid(ctx) || be->lost)
      return;
   mg_emit_scissor_rect(ctx, c->scissor_enable, &c->scissor, &rect);
   if (!rect.extent.width || !rect.extent.height)
      return;
   VkClearAttachment att[WIRE_MAX_COLOR_BUFS + 1];
   uint32_t n = 0;
   /* one masked draw per numeric class present; the depth-stencil part goes with the first */
   struct mg_clear_key keys[MG_CLEAR_KINDS];
   bool need_draw[MG_CLEAR_KINDS] = {false};
   memset(keys, 0, sizeof(keys));
   for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
      keys[k].nr_cbufs = ctx->fb.nr_cbufs, keys[k].kind = k, keys[k].samples = ctx->fb.samples > 1 ? ctx->fb.samples : 1;
   for (uint32_t i = 0; i < ctx->fb.nr_cbufs; i++) {
      struct mg_resource *r = mg_resource(ctx->fb.cbufs[i].res);
      for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
         keys[k].cbufs[i] = r ? mg_surface_format(&ctx->fb.cbufs[i]) : VK_FORMAT_UNDEFINED;
      uint8_t mask = c->colormask[i] & 0xf;
      if (!r || !(c->buffers & (WIRE_CLEAR_COLOR0 << i)) || !mask)
         continue;
      if (mask == 0xf) {
         VkClearAttachment a = {VK_IMAGE_ASPECT_COLOR_BIT, i, {{{0}}}};
         memcpy(a.clearValue.color.uint32, c->color, sizeof(a.clearValue.color.uint32));
         att[n++] = a;
      } else {
         enum mg_clear_kind k = clear_kind(r);
         keys[k].masks[i] = mask;
         need_draw[k] = true;
      }
   }
   struct mg_resource *zs = mg_resource(ctx->fb.zsbuf.res);
   VkFormat zsfmt = zs ? zs->vkfmt : VK_FORMAT_UNDEFINED;
   for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
      keys[k].zs = zsfmt;
   VkImageAspectFlags zmask = 0;
   if (zs && (c->buffers & WIRE_CLEAR_DEPTH) && (zs->aspect & VK_IMAGE_ASPECT_DEPTH_BIT))
      zmask |= VK_IMAGE_ASPECT_DEPTH_BIT;
   if (zs && (c->buffers & WIRE_CLEAR_STENCIL) && (zs->aspect & VK_IMAGE_ASPECT_STENCIL_BIT) && c->stencil_write_mask) {
      if (c->stencil_write_mask == 0xff)
         zmask |= VK_IMAGE_ASPECT_STENCIL_BIT;
      else
         keys[MG_CLEAR_FLOAT].stencil_mask = c->stencil_write_mask, need_draw[MG_CLEAR_FLOAT] = true;
   }
   if (zmask) {
      float d = !(c->depth >= 0) ? 0 : c->depth > 1 ? 1 : c->depth; /* NaN -> 0: Vulkan wants [0,1] */
      att[n++] = (VkClearAttachment){zmask, 0, {.depthStencil = {d, c->stencil & 0xff}}};
   }
   /* A clear of the whole render area that starts a render pass becomes its loadOp CLEAR
    * (lavapipe: a binned clear rather than a flush plus a CPU fill per vkCmdClearAttachments). */
   bool whole = !rect.offset.x && !rect.offset.y && rect.extent.width == ctx->fb.width &&
                rect.extent.height == ctx->fb.height;
   bool starts_pass = !(be->in_rendering && be->render_ctx == ctx);
   if (n && whole && starts_pass) {
      if (!mg_render_begin_clear(ctx, att, n))
         return;
      n = 0;
   } else if (!mg_render_begin(ctx)) {
      return;
   }
   VkClearRect cr = {rect, 0, ctx->fb.layers ? ctx->fb.layers : 1}; /* a layered framebuffer: every layer */
   if (n)
      vkCmdClearAttachments(mg_batch(be)->cmd, n, att, 1, &cr);
   bool draws = false;
   for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
      draws |= need_draw[k];
   if (!draws)
      return;
   if (ctx->fb.layers <= 1) {
      for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
         if (need_draw[k])
            clear_draw(ctx, c, &keys[k], &rect);
      return;
   }
   /* A layered framebuffer (GL 3.3 section 4.4.7: a clear reaches every layer): the masked
    * clear is drawn into each layer in a pass of its own, the attachments narrowed to it. */
   const struct srv_framebuffer all = ctx->fb;
   for (uint32_t l = 0; l < all.layers; l++) {
      mg_render_end(be);
      ctx->fb.layers = 1;
      for (uint32_t i = 0; i <= WIRE_MAX_COLOR_BUFS; i++) {
         struct srv_surface *sf = i < WIRE_MAX_COLOR_BUFS ? &ctx->fb.cbufs[i] : &ctx->fb.zsbuf;
         const struct srv_surface *ws = i < WIRE_MAX_COLOR_BUFS ? &all.cbufs[i] : &all.zsbuf;
         sf->layer = ws->layer + l;
         sf->layers = 1;
      }
      if (mg_render_begin(ctx))
         for (unsigned k = 0; k < MG_CLEAR_KINDS; k++)
            if (need_draw[k])
               clear_draw(ctx, c, &keys[k], &rect);
      mg_render_end(be);
      ctx->fb = all;
   }
}
