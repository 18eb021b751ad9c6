/* Magma: buffer resources. One VkBuffer with every usage GL may put it to; contents arrive
 * through the staging stream, ordered with the recorded commands. */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>

struct mg_resource *
mg_buffer_create(struct mg_backend *be, const struct wire_resource_create *t)
{
   struct mg_resource *r = calloc(1, sizeof(*r));
   if (!r)
      return NULL;
   r->base.kind = MG_OBJ_RESOURCE;
   r->base.id = be->next_id++;
   r->templ = *t;
   r->is_buffer = true;
   r->size = t->width ? t->width : 4;
   VkBufferCreateInfo bi = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = MG_ALIGN(r->size, 4),
      .usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
               VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
               VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | /* buffer textures (descriptor.c) */
               (be->has_xfb ? VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT : 0),
   };
   VkResult res = vkCreateBuffer(be->dev, &bi, NULL, &r->buffer);
   if (res != VK_SUCCESS) {
      mg_check(be, res, "vkCreateBuffer");
      free(r);
      return NULL;
   }
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(be->dev, r->buffer, &req);
   r->mem = mg_alloc_memory(be, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   if (!r->mem || vkBindBufferMemory(be->dev, r->buffer, r->mem, 0) != VK_SUCCESS) {
      mg_resource_free(be, r, true);
      return NULL;
   }
   /* GL buffers start zeroed in practice; give them defined contents. */
   vkCmdFillBuffer(mg_cmd(be), r->buffer, 0, VK_WHOLE_SIZE, 0);
   mg_transfer_done(be);
   return r;
}

void
mg_buffer_subdata(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, const void *data, uint32_t size)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_resource *r = mg_resource(res);
   if (!r || !r->is_buffer || !size || (uint64_t)offset + size > r->size)
      return;
   struct mg_alloc a;
   if (!mg_stream_alloc(be, size, 16, &a)) {
      mg_skip(be, "a buffer upload (out of memory)");
      return;
   }
   memcpy(a.map, data, size);
   VkBufferCopy region = {a.offset, offset, size};
   vkCmdCopyBuffer(mg_cmd(be), a.buffer, r->buffer, 1, &region);
   mg_transfer_done(be);
}

/* glGetBufferSubData / a read mapping: copy the range into stream memory after everything
 * recorded so far, submit, wait for that batch, copy out. */
bool
mg_buffer_read(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, uint32_t size, void *dst)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_resource *r = mg_resource(res);
   if (be->lost)
      return false;
   if (!r || !r->is_buffer || !size)
      return true;
   /* A respecify may have shrunk the storage below the core's template: read what exists. */
   uint32_t avail = offset < r->size ? (uint32_t)(r->size - offset) : 0;
   uint32_t n = size < avail ? size : avail;
   if (!n)
      return true;
   struct mg_alloc a;
   if (!mg_stream_alloc(be, n, 16, &a))
      return false;
   VkBufferCopy region = {offset, a.offset, n};
   vkCmdCopyBuffer(mg_cmd(be), r->buffer, a.buffer, 1, &region);
   VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(mg_batch(be)->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0,
                        NULL, 0, NULL);
   mg_transfer_done(be);
   const uint8_t *map = a.map;
   struct mg_batch *b = mg_batch(be);
   if (!mg_submit(be, false) || !b->submitted)
      return false;
   /* Cancellable: a closing client wants no bytes (see mg_read_pixels). */
   if (mg_wait_fence(be, b->fence, "buffer read-back fence", true) != MG_WAIT_DONE)
      return false;
   memcpy(dst, map, n);
   return true;
}

/* A uniform texel buffer view of bytes [0, range) of buffer `r` read as `fmt` (buffer textures,
 * descriptor.c), made once per format and range; the views go with the VkBuffer
 * (mg_buffer_views_free). */
VkBufferView
mg_get_buffer_view(struct mg_backend *be, struct mg_resource *r, VkFormat fmt, VkDeviceSize range)
{
   for (struct mg_buffer_view *v = r->bviews; v; v = v->next)
      if (v->format == fmt && v->range == range)
         return v->view;
   struct mg_buffer_view *v = calloc(1, sizeof(*v));
   if (!v)
      return VK_NULL_HANDLE;
   VkBufferViewCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = r->buffer,
      .format = fmt,
      .offset = 0,
      .range = range,
   };
   VkResult res = vkCreateBufferView(be->dev, &ci, NULL, &v->view);
   if (res != VK_SUCCESS) {
      mg_check(be, res, "vkCreateBufferView");
      free(v);
      return VK_NULL_HANDLE;
   }
   v->format = fmt;
   v->range = range;
   v->next = r->bviews;
   r->bviews = v;
   return v->view;
}

void
mg_buffer_views_free(struct mg_backend *be, struct mg_resource *r, bool now)
{
   for (struct mg_buffer_view *v = r->bviews, *n; v; v = n) {
      n = v->next;
      if (now)
         vkDestroyBufferView(be->dev, v->view, NULL);
      else
         mg_defer(be, MG_GB_BUFFER_VIEW, (uint64_t)v->view);
      free(v);
   }
   if (r->bviews)
      be->view_epoch++; /* descriptor sets that named them are rebuilt */
   r->bviews = NULL;
}
