/* Magma: what the device lacks, lowered before a draw records (nothing is skipped):
 *
 *  - 8-bit indices without VK_EXT_index_type_uint8: copied into a 16-bit list (one byte copy
 *    per index into a zeroed 16-bit slot; little-endian, so the byte is the index).
 *  - LINE_LOOP: up to be->loop_limit vertices (SPLITGL_MAGMA_LOOP_LIMIT) from one index list
 *    of count + 1 entries ([first .. last, first]); longer loops as a LINE_STRIP over the
 *    vertices themselves plus the closing segment from a 2-entry list, so any length draws
 *    with O(1) extra memory. With several instances the longer form is drawn instance by
 *    instance, strip then closing segment, in GL's order.
 *  - Instance divisors the device cannot take (no VK_EXT_vertex_attribute_divisor, a divisor
 *    above its maxVertexAttribDivisor, or instances drawn one at a time, where a native
 *    divisor would count from firstInstance): the element's instance data is replicated,
 *    instance j reading element j / divisor, into a stream buffer read with divisor 1.
 *
 * Every transfer is recorded outside rendering (mg_cmd) before the draw begins it. Stream
 * memory is host-coherent: what the CPU writes before the batch is submitted is visible to
 * the copies and the draw. */
#include "mg_private.h"

#include <string.h>

#include "wire/format.h"

#define MG_COPY_REGIONS 256

struct copier {
   VkCommandBuffer cmd;
   VkBuffer src, dst;
   VkBufferCopy r[MG_COPY_REGIONS];
   uint32_t n;
};

static void
copier_flush(struct copier *c)
{
   if (c->n)
      vkCmdCopyBuffer(c->cmd, c->src, c->dst, c->n, c->r);
   c->n = 0;
}

static void
copier_add(struct copier *c, VkDeviceSize src, VkDeviceSize dst, VkDeviceSize size)
{
   c->r[c->n++] = (VkBufferCopy){src, dst, size};
   if (c->n == MG_COPY_REGIONS)
      copier_flush(c);
}

/* Copies indices [first, first + n) of the application's index buffer to slot `slot` of dst,
 * widening 8-bit indices to 16 bits when `widen` (dst zeroed by the caller). */
static void
copy_indices(struct copier *c, const struct wire_draw *w, bool widen, uint32_t first, uint32_t n,
             const struct mg_alloc *dst, uint32_t slot)
{
   VkDeviceSize src = w->index_offset + (VkDeviceSize)first * w->index_size;
   if (!widen) {
      copier_add(c, src, dst->offset + (VkDeviceSize)slot * w->index_size, (VkDeviceSize)n * w->index_size);
      return;
   }
   for (uint32_t i = 0; i < n; i++)
      copier_add(c, src + i, dst->offset + 2u * ((VkDeviceSize)slot + i), 1);
}

static VkIndexType
vk_index_type(uint32_t size)
{
   return size == 1 ? VK_INDEX_TYPE_UINT8_EXT : size == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
}

/* A stream allocation of `entries` indices of `size` bytes, zeroed. */
static bool
index_alloc(struct mg_backend *be, uint64_t entries, uint32_t size, struct mg_alloc *a)
{
   VkDeviceSize bytes = MG_ALIGN((VkDeviceSize)entries * size, 4);
   if (!mg_stream_alloc(be, bytes, 16, a))
      return false;
   memset(a->map, 0, bytes);
   return true;
}

/* The index source of the main draw and, for long loops, of the closing segment. */
static bool
lower_indices(struct mg_ctx *ctx, const struct srv_draw *d, struct mg_draw_plan *pl)
{
   struct mg_backend *be = ctx->be;
   const struct wire_draw *w = &d->info;
   const bool loop = w->mode == WIRE_PRIM_LINE_LOOP && w->count >= 2;
   const bool long_loop = loop && w->count > be->loop_limit;
   const bool widen = w->index_size == 1 && !be->has_uint8;
   const uint32_t isz = widen ? 2u : w->index_size;
   pl->count = w->count;
   pl->first_vertex = w->start;
   pl->vertex_offset = w->base_vertex;
   pl->indexed = w->index_size != 0;
   if (!w->index_size && (!loop || long_loop)) {
      if (long_loop) {
         struct mg_alloc a;
         if (!index_alloc(be, 2, 4, &a))
            return false;
         ((uint32_t *)a.map)[0] = w->count - 1; /* vertexOffset carries start */
         *pl = (struct mg_draw_plan){.count = w->count, .first_vertex = w->start, .closing = true,
                                     .cbuf = a.buffer, .coff = a.offset, .ctype = VK_INDEX_TYPE_UINT32,
                                     .cbase = (int32_t)w->start};
      }
      return true;
   }
   if (!w->index_size) {
      /* Short loop, not indexed: [0 .. count-1, 0] with vertexOffset = start. */
      struct mg_alloc a;
      if (!index_alloc(be, (uint64_t)w->count + 1, 4, &a))
         return false;
      uint32_t *idx = (uint32_t *)a.map;
      for (uint32_t i = 0; i < w->count; i++)
         idx[i] = i;
      *pl = (struct mg_draw_plan){.indexed = true, .ibuf = a.buffer, .ioff = a.offset, .itype = VK_INDEX_TYPE_UINT32,
                                  .count = w->count + 1, .vertex_offset = (int32_t)w->start};
      return true;
   }
   struct mg_resource *src = mg_resource(d->index_res);
   VkDeviceSize bytes = (VkDeviceSize)w->count * w->index_size;
   if (!src || !src->is_buffer || w->index_offset + bytes > src->size)
      return false;
   pl->ibuf = src->buffer;
   pl->ioff = w->index_offset;
   pl->itype = vk_index_type(w->index_size);
   struct copier c = {.src = src->buffer};
   if (widen || (loop && !long_loop)) {
      /* Short loops take the first index again at the end. */
      uint32_t entries = w->count + (loop && !long_loop ? 1u : 0u);
      struct mg_alloc a;
      if (!index_alloc(be, entries, isz, &a))
         return false;
      c.cmd = mg_cmd(be);
      c.dst = a.buffer;
      copy_indices(&c, w, widen, 0, w->count, &a, 0);
      if (entries > w->count)
         copy_indices(&c, w, widen, 0, 1, &a, w->count);
      pl->ibuf = a.buffer;
      pl->ioff = a.offset;
      pl->itype = vk_index_type(isz);
      pl->count = entries;
   }
   if (long_loop) {
      struct mg_alloc a;
      if (!index_alloc(be, 2, isz, &a))
         return false;
      if (!c.cmd)
         c.cmd = mg_cmd(be);
      copier_flush(&c);
      c.dst = a.buffer;
      copy_indices(&c, w, widen, w->count - 1, 1, &a, 0);
      copy_indices(&c, w, widen, 0, 1, &a, 1);
      pl->closing = true;
      pl->cbuf = a.buffer;
      pl->coff = a.offset;
      pl->ctype = vk_index_type(isz);
      pl->cbase = w->base_vertex;
   }
   if (c.cmd) {
      copier_flush(&c);
      mg_transfer_done(be);
   }
   return true;
}

/* Replicates the instance data of element `i` (divisor > 1) for `instances` instances. */
static bool
replicate_instances(struct mg_ctx *ctx, uint32_t i, uint32_t instances, struct mg_draw_plan *pl)
{
   struct mg_backend *be = ctx->be;
   const struct wire_vertex_element *e = &ctx->velems->s.e[i];
   const struct srv_vertex_buffer *vb = &ctx->vbs[e->vb_index % WIRE_MAX_VERTEX_BUFFERS];
   struct mg_resource *r = mg_resource(vb->res);
   uint32_t elem = wire_vformat_size(e->format);
   struct mg_alloc a;
   if (!elem || !mg_stream_alloc(be, MG_ALIGN((VkDeviceSize)instances * elem, 4), 16, &a))
      return false;
   /* Elements past the end of the buffer read as zero, as robustBufferAccess allows. */
   memset(a.map, 0, (size_t)instances * elem);
   if (r && r->is_buffer) {
      struct copier c = {.cmd = mg_cmd(be), .src = r->buffer, .dst = a.buffer};
      VkDeviceSize base = (VkDeviceSize)vb->offset + e->src_offset;
      for (uint32_t j = 0; j < instances; j++) {
         VkDeviceSize off = base + (VkDeviceSize)(j / e->divisor) * vb->stride;
         if (off + elem > r->size)
            break;
         copier_add(&c, off, a.offset + (VkDeviceSize)j * elem, elem);
      }
      copier_flush(&c);
      mg_transfer_done(be);
   }
   pl->emulated |= 1u << i;
   pl->ebuf[i] = a.buffer;
   pl->eoff[i] = a.offset;
   pl->estride[i] = elem;
   return true;
}

bool
mg_lower_draw(struct mg_ctx *ctx, const struct srv_draw *d, struct mg_draw_plan *pl)
{
   struct mg_backend *be = ctx->be;
   const struct wire_draw *w = &d->info;
   memset(pl, 0, sizeof(*pl));
   if (!lower_indices(ctx, d, pl))
      return false;
   pl->per_instance = pl->closing && w->instance_count > 1;
   const struct mg_velems *ve = ctx->velems;
   for (uint32_t i = 0; ve && i < ve->s.count && i < WIRE_MAX_VERTEX_ATTRIBS; i++) {
      uint32_t div = ve->s.e[i].divisor;
      bool native = be->has_divisor && div <= be->max_divisor && !pl->per_instance;
      if (div > 1 && !native && !replicate_instances(ctx, i, w->instance_count, pl))
         return false;
   }
   return true;
}
