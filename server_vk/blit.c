/* Magma: glBlitFramebuffer. One vkCmdBlitImage per Blit record, outside the render pass, in
 * the GENERAL layout every Magma image lives in. GL's rectangles are clipped first: the
 * destination to its surface and the scissor rectangle, the source to its surface by the
 * pixel-centre rule (a destination pixel is written when the source position of its centre
 * lies inside the source), both mapped through the blit's scale so the copy never reads or
 * writes outside an image. Unscaled blits stay exact; scaled ones round the clipped source
 * edges to whole texels (vkCmdBlitImage takes integer offsets). */
#include "mg_private.h"

#include <math.h>

#include "wire/format.h"

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

uint32_t
mg_blit(struct srv_ctx *sctx, const struct srv_surface *src, const struct srv_surface *dst, const struct wire_blit *b)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_backend *be = ctx->be;
   struct mg_resource *sr = mg_resource(src->res), *dr = mg_resource(dst->res);
   if (be->lost || !sr || !dr || sr->is_buffer || dr->is_buffer)
      return 0;
   /* the device's own limits on blits: formats it cannot blit, and signed to unsigned */
   bool ms = src->samples > 1 || dst->samples > 1;
   VkFormatFeatureFlags sfeat = ms ? 0 : VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                                (b->linear ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0);
   const struct wire_format_info *si = wire_format_info(sr->templ.format), *di = wire_format_info(dr->templ.format);
   bool sign_mismatch = (si->flags & WIRE_FMTF_INTEGER) && (si->flags & WIRE_FMTF_SIGNED) != (di->flags & WIRE_FMTF_SIGNED);
   if (sign_mismatch || !has_features(be, sr->vkfmt, sfeat) ||
       !has_features(be, dr->vkfmt, ms ? 0 : VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
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
