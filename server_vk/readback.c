/* Magma: glReadPixels and glGetTexImage. Copies the clipped rectangle into host-visible stream memory, submits,
 * waits, then converts the storage to the surface's wire layout (format.c), rows bottom first
 * (image row 0 is GL's bottom row, so the copy is straight). */
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

/* Depth / stencil surfaces (glGetTexImage): the whole rectangle is converted at once (the
 * stencil plane follows the depth plane in the copy), then placed row by row. */
static bool
convert_depth(struct mg_backend *be, const struct mg_resource *r, const uint8_t *src, uint8_t *dst, uint32_t dst_w,
              uint32_t cx, uint32_t cy, uint32_t cw, uint32_t ch)
{
   const struct mg_format *mf = &be->formats[r->templ.format];
   uint32_t ws = wire_format_texel_size(r->templ.format);
   uint8_t *tmp = malloc((size_t)cw * ch * ws);
   if (!tmp)
      return false;
   bool ok = mg_convert_readback(r->templ.format, mf->conv, src, tmp, (uint64_t)cw * ch);
   for (uint32_t row = 0; ok && row < ch; row++)
      memcpy(dst + ((size_t)(cy + row) * dst_w + cx) * ws, tmp + (size_t)row * cw * ws, (size_t)cw * ws);
   free(tmp);
   return ok;
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
   int64_t sw = wire_minify(r->templ.width, src->level), sh = wire_minify(r->templ.height, src->level);
   int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   int64_t x1 = (int64_t)x + w < sw ? (int64_t)x + w : sw, y1 = (int64_t)y + h < sh ? (int64_t)y + h : sh;
   if (x1 <= x0 || y1 <= y0)
      return true;
   uint32_t cw = (uint32_t)(x1 - x0), ch = (uint32_t)(y1 - y0);
   uint64_t texels = (uint64_t)cw * ch;
   uint32_t texel = be->formats[r->templ.format].size;
   struct mg_alloc a;
   if (!mg_stream_alloc(be, texels * texel, 16, &a))
      return false;
   bool is3d = r->templ.target == WIRE_TARGET_TEX_3D;
   const bool color = r->aspect == VK_IMAGE_ASPECT_COLOR_BIT;
   VkBufferImageCopy regions[2] = {{
      .bufferOffset = a.offset,
      .imageSubresource = {color ? VK_IMAGE_ASPECT_COLOR_BIT : VK_IMAGE_ASPECT_DEPTH_BIT, src->level,
                           is3d ? 0 : src->layer, 1},
      .imageOffset = {(int32_t)x0, (int32_t)y0, is3d ? (int32_t)src->layer : 0},
      .imageExtent = {cw, ch, 1},
   }};
   uint32_t nregions = 1;
   if (r->aspect == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
      /* the stencil plane after the depth plane's 4 bytes a texel (format.c, both ways) */
      regions[1] = regions[0];
      regions[1].imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
      regions[1].bufferOffset = a.offset + texels * 4;
      nregions = 2;
   } else if (!color) {
      regions[0].imageSubresource.aspectMask = r->aspect;
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
   if (!color)
      return convert_depth(be, r, map, dst, w, (uint32_t)(x0 - x), (uint32_t)(y0 - y), cw, ch);
   convert_rows(be, r, map, dst, w, (uint32_t)(x0 - x), (uint32_t)(y0 - y), cw, ch);
   return true;
}
