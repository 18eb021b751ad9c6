/* Magma: glReadPixels and glGetTexImage. Copies the clipped rectangle into host-visible stream memory, submits,
 * waits, then converts the storage to the surface's wire layout (format.c), rows bottom first
 * (image row 0 is GL's bottom row, so the copy is straight). Depth / stencil surfaces copy
 * each aspect into a plane of its own (Vulkan's buffer layouts: D16 as 16-bit words, D24 as
 * X8_D24 words, D32F as floats, stencil as bytes) and mg_convert_readback_zs interleaves
 * them into the wire format's upload layout. */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>

#include "wire/format.h"

static void
convert_rows(struct mg_backend *be, const struct mg_resource *r, const uint8_t *src, uint8_t *dst, uint32_t dst_w,
             uint32_t cx, uint32_t cy, uint32_t cw, uint32_t ch)
{
   const struct mg_format *mf = &be->formats[r->templ.format];
   uint32_t ws = wire_format_texel_size(r->templ.format);
   for (uint32_t row = 0; row < ch; row++)
      mg_convert_readback(r->templ.format, mf->conv, src + (size_t)row * cw * mf->size,
                          dst + ((size_t)(cy + row) * dst_w + cx) * ws, cw);
}

bool
mg_read_pixels(struct srv_ctx *sctx, const struct srv_surface *src, int32_t x, int32_t y, uint32_t w, uint32_t h, void *dst)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_backend *be = ctx->be;
   struct mg_resource *r = mg_resource(src->res);
   if (be->lost)
      return false;
   if (!r || r->is_buffer || src->level >= r->levels)
      return true;
   struct srv_read_clip clip;
   if (!srv_clip_read_rect(x, y, w, h, wire_minify(r->templ.width, src->level),
                           wire_minify(r->templ.height, src->level), &clip))
      return true;
   const int64_t x0 = clip.x0, y0 = clip.y0;
   const uint32_t cw = clip.w, ch = clip.h;
   const bool zs = r->aspect != VK_IMAGE_ASPECT_COLOR_BIT;
   const VkDeviceSize n = (VkDeviceSize)cw * ch;
   /* depth plane, then the stencil plane at a 4-byte aligned offset (bufferOffset rule) */
   const VkDeviceSize dplane = (r->aspect & VK_IMAGE_ASPECT_DEPTH_BIT) ? n * mg_depth_plane_size(r->vkfmt) : 0;
   const VkDeviceSize splane_off = (dplane + 3) & ~(VkDeviceSize)3;
   const VkDeviceSize bytes = zs ? splane_off + ((r->aspect & VK_IMAGE_ASPECT_STENCIL_BIT) ? n : 0)
                                 : n * be->formats[r->templ.format].size;
   struct mg_alloc a;
   if (!mg_stream_alloc(be, bytes, 16, &a))
      return false;
   bool is3d = r->templ.target == WIRE_TARGET_TEX_3D;
   VkBufferImageCopy regions[2];
   uint32_t nregions = 0;
   for (unsigned k = 0; k < 2; k++) {
      VkImageAspectFlags asp = !zs ? VK_IMAGE_ASPECT_COLOR_BIT : k ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
      if (!(r->aspect & asp) || (!zs && k))
         continue;
      regions[nregions++] = (VkBufferImageCopy){
         .bufferOffset = a.offset + (asp == VK_IMAGE_ASPECT_STENCIL_BIT ? splane_off : 0),
         .imageSubresource = {asp, src->level, is3d ? 0 : src->layer, 1},
         .imageOffset = {(int32_t)x0, (int32_t)y0, is3d ? (int32_t)src->layer : 0},
         .imageExtent = {cw, ch, 1},
      };
   }
   vkCmdCopyImageToBuffer(mg_cmd(be), r->image, VK_IMAGE_LAYOUT_GENERAL, a.buffer, nregions, regions);
   VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(mg_batch(be)->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   mg_transfer_done(be);
   /* The stream memory stays valid until the batch is recycled (the next time it is begun):
    * wait on this batch's fence only, read, and leave the recycling to the batch ring. */
   const uint8_t *map = a.map;
   struct mg_batch *b = mg_batch(be);
   if (!mg_submit(be, false) || !b->submitted)
      return false;
   /* Cancellable: a closing client wants no pixels; the batch is recycled by a later
    * (uncancellable) wait. */
   if (mg_wait_fence(be, b->fence, "read-back fence", true) != MG_WAIT_DONE)
      return false;
   if (zs)
      mg_convert_readback_zs(r->templ.format, r->vkfmt, map, map + splane_off, dst, w, (uint32_t)(x0 - x),
                             (uint32_t)(y0 - y), cw, ch);
   else
      convert_rows(be, r, map, dst, w, (uint32_t)(x0 - x), (uint32_t)(y0 - y), cw, ch);
   return true;
}
