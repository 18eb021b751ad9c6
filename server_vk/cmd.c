/* Magma: batches (command recording and submission), streaming memory, deferred destruction,
 * the global barrier policy and dynamic-rendering begin/end. */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>

#include "util/knobs.h"

static const VkDescriptorPoolSize pool_sizes[] = {
   {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1024}, /* named blocks */
   {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 256}, /* the default block */
   {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 256}, /* the default block under be->default_block_ssbo */
   {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1024},
   {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 256}, /* buffer textures (samplerBuffer) */
};

static bool
batch_init(struct mg_backend *be, struct mg_batch *b)
{
   VkCommandPoolCreateInfo pi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
      .queueFamilyIndex = be->qfam,
   };
   if (vkCreateCommandPool(be->dev, &pi, NULL, &b->pool) != VK_SUCCESS)
      return false;
   VkCommandBuffer cbs[2];
   VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = b->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 2,
   };
   if (vkAllocateCommandBuffers(be->dev, &ai, cbs) != VK_SUCCESS)
      return false;
   b->pre = cbs[0];
   b->cmd = cbs[1];
   VkFenceCreateInfo fi = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   return vkCreateFence(be->dev, &fi, NULL, &b->fence) == VK_SUCCESS;
}

bool
mg_batches_init(struct mg_backend *be)
{
   for (unsigned i = 0; i < MG_NUM_BATCHES; i++)
      if (!batch_init(be, &be->batches[i]))
         return false;
   return true;
}

void
mg_destroy_garbage(struct mg_backend *be, const struct mg_garbage *g)
{
   /* Once a batch hung (mg_wait_fence: MG_WAIT_HUNG) its work may still run and read any
    * object queued before it, whichever batch holds the object now (a batch that could not
    * be submitted is reset at once): nothing is freed under it but kept on the backend;
    * mg_destroy keeps the device, and frees it all once that work has completed (device.c). */
   if (be->hung) {
      if (be->nkept_garbage == be->kept_garbage_cap) {
         uint32_t cap = be->kept_garbage_cap ? be->kept_garbage_cap * 2 : 64;
         struct mg_garbage *n = realloc(be->kept_garbage, cap * sizeof(*n));
         if (!n)
            return; /* out of memory: the object is never freed (never freed under the GPU) */
         be->kept_garbage = n;
         be->kept_garbage_cap = cap;
      }
      be->kept_garbage[be->nkept_garbage++] = *g;
      return;
   }
   switch (g->kind) {
   case MG_GB_IMAGE: vkDestroyImage(be->dev, (VkImage)g->handle, NULL); break;
   case MG_GB_VIEW: vkDestroyImageView(be->dev, (VkImageView)g->handle, NULL); break;
   case MG_GB_BUFFER: vkDestroyBuffer(be->dev, (VkBuffer)g->handle, NULL); break;
   case MG_GB_MEMORY: vkFreeMemory(be->dev, (VkDeviceMemory)g->handle, NULL); break;
   case MG_GB_PIPELINE: vkDestroyPipeline(be->dev, (VkPipeline)g->handle, NULL); break;
   case MG_GB_PIPELINE_LAYOUT: vkDestroyPipelineLayout(be->dev, (VkPipelineLayout)g->handle, NULL); break;
   case MG_GB_SET_LAYOUT: vkDestroyDescriptorSetLayout(be->dev, (VkDescriptorSetLayout)g->handle, NULL); break;
   case MG_GB_SHADER: vkDestroyShaderModule(be->dev, (VkShaderModule)g->handle, NULL); break;
   case MG_GB_SAMPLER: vkDestroySampler(be->dev, (VkSampler)g->handle, NULL); break;
   case MG_GB_QUERY_SLOT: mg_query_slot_free(be, g->handle); break;
   case MG_GB_BUFFER_VIEW: vkDestroyBufferView(be->dev, (VkBufferView)g->handle, NULL); break;
   }
}

void
mg_kept_garbage_fini(struct mg_backend *be)
{
   for (uint32_t i = 0; i < be->nkept_garbage; i++)
      mg_destroy_garbage(be, &be->kept_garbage[i]);
   free(be->kept_garbage);
   be->kept_garbage = NULL;
   be->nkept_garbage = be->kept_garbage_cap = 0;
}

static void
chunk_free(struct mg_backend *be, struct mg_stream_chunk *c)
{
   if (c->buffer)
      vkDestroyBuffer(be->dev, c->buffer, NULL);
   if (c->mem)
      vkFreeMemory(be->dev, c->mem, NULL);
   memset(c, 0, sizeof(*c));
}

/* The batch's work is complete (or never submitted): recycle everything it holds. Keeps one
 * default-sized stream chunk and the descriptor pools (bounded by the peak of one batch). */
static void
batch_reset(struct mg_backend *be, struct mg_batch *b)
{
   for (uint32_t i = 0; i < b->ngarbage; i++)
      mg_destroy_garbage(be, &b->garbage[i]);
   b->ngarbage = 0;
   uint32_t keep = 0;
   for (uint32_t i = 0; i < b->nchunks; i++) {
      if (!keep && b->chunks[i].size == MG_STREAM_CHUNK) {
         b->chunks[0] = b->chunks[i];
         b->chunks[0].used = 0;
         keep = 1;
      } else {
         chunk_free(be, &b->chunks[i]);
      }
   }
   b->nchunks = keep;
   for (uint32_t i = 0; i < b->npools; i++)
      vkResetDescriptorPool(be->dev, b->pools[i], 0);
   b->cur_pool = 0;
   b->draws = 0;
   b->stream_bytes = 0;
   vkResetCommandPool(be->dev, b->pool, 0);
}

static void
batch_wait(struct mg_backend *be, struct mg_batch *b)
{
   if (!b->submitted)
      return;
   /* Not cancellable: the batch's memory is reused or freed right after. A hung fence leaves
    * the batch as it is (mg_destroy then keeps the device until its work completes). */
   if (mg_wait_fence(be, b->fence, "batch fence", false) == MG_WAIT_HUNG)
      return;
   vkResetFences(be->dev, 1, &b->fence);
   b->submitted = false;
   batch_reset(be, b);
}

void
mg_batches_fini(struct mg_backend *be)
{
   for (unsigned i = 0; i < MG_NUM_BATCHES; i++) {
      struct mg_batch *b = &be->batches[i];
      batch_wait(be, b);
      if (b->recording) {
         vkEndCommandBuffer(b->pre);
         vkEndCommandBuffer(b->cmd);
         b->recording = false;
      }
      if (b->pool)
         batch_reset(be, b);
      for (uint32_t j = 0; j < b->nchunks; j++)
         chunk_free(be, &b->chunks[j]);
      for (uint32_t j = 0; j < b->npools; j++)
         vkDestroyDescriptorPool(be->dev, b->pools[j], NULL);
      free(b->chunks);
      free(b->pools);
      free(b->garbage);
      if (b->fence)
         vkDestroyFence(be->dev, b->fence, NULL);
      if (b->pool)
         vkDestroyCommandPool(be->dev, b->pool, NULL);
   }
}

struct mg_batch *
mg_batch(struct mg_backend *be)
{
   struct mg_batch *b = &be->batches[be->cur];
   if (b->recording)
      return b;
   batch_wait(be, b);
   VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VkResult r = vkBeginCommandBuffer(b->pre, &bi);
   if (r == VK_SUCCESS)
      r = vkBeginCommandBuffer(b->cmd, &bi);
   if (r != VK_SUCCESS) {
      /* Out of host/device memory: the batch still records (the driver keeps the command
       * buffer in a usable state or the submit fails and is reported); never abort. */
      mg_check(be, r, "vkBeginCommandBuffer");
   }
   b->recording = true;
   b->serial = ++be->next_serial;
   be->need_barrier = true; /* conservatively order against the previous batch */
   return b;
}

static void
emit_barrier(struct mg_backend *be, VkCommandBuffer cmd)
{
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 1, &mb, 0, NULL, 0, NULL);
   be->need_barrier = false;
}

VkCommandBuffer
mg_cmd(struct mg_backend *be)
{
   struct mg_batch *b = mg_batch(be);
   mg_render_end(be);
   if (be->need_barrier)
      emit_barrier(be, b->cmd);
   return b->cmd;
}

VkCommandBuffer
mg_cmd_pre(struct mg_backend *be)
{
   return mg_batch(be)->pre;
}

void
mg_transfer_done(struct mg_backend *be)
{
   be->need_barrier = true;
}

/* Ends the render pass if `r` is one of its attachments (before its storage changes). */
void
mg_render_release(struct mg_backend *be, const struct mg_resource *r)
{
   struct mg_ctx *ctx = be->render_ctx;
   if (!be->in_rendering || !ctx || !r)
      return;
   bool used = mg_resource(ctx->fb.zsbuf.res) == r;
   for (uint32_t i = 0; i < ctx->fb.nr_cbufs; i++)
      used = used || mg_resource(ctx->fb.cbufs[i].res) == r;
   if (used)
      mg_render_end(be);
}

void
mg_render_end(struct mg_backend *be)
{
   if (!be->in_rendering)
      return;
   vkCmdEndRendering(be->batches[be->cur].cmd);
   be->in_rendering = false;
   be->render_ctx = NULL;
   be->need_barrier = true;
}

static void
fill_attachment(VkRenderingAttachmentInfo *a, VkImageView view)
{
   a->sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO;
   a->imageView = view;
   a->imageLayout = VK_IMAGE_LAYOUT_GENERAL;
   a->loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
   a->storeOp = VK_ATTACHMENT_STORE_OP_STORE;
}

static void
load_clear(VkRenderingAttachmentInfo *a, const VkClearAttachment *c)
{
   a->loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
   a->clearValue = c->clearValue;
}

/* Begins dynamic rendering on ctx's framebuffer: every attachment stored, and loaded unless
 * `clears` (a glClear of the whole render area) names it, which then uses loadOp CLEAR so
 * the driver clears while it binds the pass instead of as a separate operation. */
bool
mg_render_begin_clear(struct mg_ctx *ctx, const VkClearAttachment *clears, uint32_t nclears)
{
   struct mg_backend *be = ctx->be;
   if (be->in_rendering && be->render_ctx == ctx)
      return true;
   VkCommandBuffer cmd = mg_cmd(be);
   VkRenderingAttachmentInfo color[WIRE_MAX_COLOR_BUFS] = {0}, depth = {0}, stencil = {0};
   for (uint32_t i = 0; i < ctx->fb.nr_cbufs; i++)
      fill_attachment(&color[i], mg_surface_view(be, &ctx->fb.cbufs[i]));
   struct mg_resource *zs = mg_resource(ctx->fb.zsbuf.res);
   VkImageView zview = zs ? mg_surface_view(be, &ctx->fb.zsbuf) : VK_NULL_HANDLE;
   if (zs && !zview)
      zs = NULL;
   if (zs) {
      fill_attachment(&depth, zview);
      fill_attachment(&stencil, zview);
   }
   for (uint32_t i = 0; i < nclears; i++) {
      const VkClearAttachment *c = &clears[i];
      if ((c->aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) && c->colorAttachment < ctx->fb.nr_cbufs)
         load_clear(&color[c->colorAttachment], c);
      if (zs && (c->aspectMask & VK_IMAGE_ASPECT_DEPTH_BIT))
         load_clear(&depth, c);
      if (zs && (c->aspectMask & VK_IMAGE_ASPECT_STENCIL_BIT))
         load_clear(&stencil, c);
   }
   VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = {{0, 0}, {ctx->fb.width, ctx->fb.height}},
      .layerCount = ctx->fb.layers ? ctx->fb.layers : 1, /* layered: gl_Layer picks one */
      .colorAttachmentCount = ctx->fb.nr_cbufs,
      .pColorAttachments = color,
      .pDepthAttachment = zs && (zs->aspect & VK_IMAGE_ASPECT_DEPTH_BIT) ? &depth : NULL,
      .pStencilAttachment = zs && (zs->aspect & VK_IMAGE_ASPECT_STENCIL_BIT) ? &stencil : NULL,
   };
   vkCmdBeginRendering(cmd, &ri);
   be->in_rendering = true;
   be->render_ctx = ctx;
   return true;
}

bool
mg_render_begin(struct mg_ctx *ctx)
{
   return mg_render_begin_clear(ctx, NULL, 0);
}

bool
mg_submit(struct mg_backend *be, bool wait)
{
   struct mg_batch *b = &be->batches[be->cur];
   if (!b->recording) {
      if (wait)
         mg_wait_idle(be);
      return !be->lost;
   }
   mg_render_end(be);
   VkResult er = vkEndCommandBuffer(b->pre);
   if (er == VK_SUCCESS)
      er = vkEndCommandBuffer(b->cmd);
   b->recording = false;
   VkCommandBuffer cbs[2] = {b->pre, b->cmd};
   VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 2,
      .pCommandBuffers = cbs,
      .signalSemaphoreCount = be->submit_signal ? 1 : 0,
      .pSignalSemaphores = &be->submit_signal,
   };
   /* SPLITGL_TEST_DEVICE_LOST_AFTER=n: the (n+1)-th submission reports a lost device. */
   int lose_after = sgl_knobs()->test_device_lost_after;
   bool simulate_loss = lose_after > 0 && be->submits >= (uint64_t)lose_after;
   VkResult r = be->lost || simulate_loss ? VK_ERROR_DEVICE_LOST
                : er != VK_SUCCESS        ? er
                                          : vkQueueSubmit(be->queue, 1, &si, b->fence);
   be->submit_signal = VK_NULL_HANDLE; /* one submission's: a failed one leaves it unsignalled */
   if (r == VK_SUCCESS) {
      be->submits++;
      be->last_submitted = b->serial;
   }
   if (r != VK_SUCCESS) {
      mg_check(be, r, "vkQueueSubmit");
      /* Nothing was queued: the batch's objects can go right away. */
      batch_reset(be, b);
   } else {
      b->submitted = true;
   }
   be->cur = (be->cur + 1) % MG_NUM_BATCHES;
   if (wait)
      mg_wait_idle(be);
   return r == VK_SUCCESS;
}

/* ---- fences ------------------------------------------------------------------------------ */

uint64_t
mg_fence_submit(struct srv_backend *sbe)
{
   struct mg_backend *be = mg_backend(sbe);
   mg_submit(be, false);
   return be->last_submitted; /* 0 when nothing was ever submitted: complete */
}

/* Batches complete in submission order: everything below the oldest batch still running is
 * done. */
uint64_t
mg_fence_completed(struct srv_backend *sbe)
{
   struct mg_backend *be = mg_backend(sbe);
   if (be->lost)
      return UINT64_MAX;
   uint64_t oldest_running = UINT64_MAX;
   for (unsigned i = 0; i < MG_NUM_BATCHES; i++) {
      struct mg_batch *b = &be->batches[i];
      if (!b->submitted || b->serial >= oldest_running)
         continue;
      VkResult r = vkGetFenceStatus(be->dev, b->fence);
      if (r == VK_NOT_READY)
         oldest_running = b->serial;
      else if (r != VK_SUCCESS)
         mg_check(be, r, "vkGetFenceStatus");
   }
   return oldest_running == UINT64_MAX ? be->last_submitted : oldest_running - 1;
}

void
mg_wait_idle(struct mg_backend *be)
{
   for (unsigned i = 0; i < MG_NUM_BATCHES; i++)
      batch_wait(be, &be->batches[i]);
}

static bool
chunk_new(struct mg_backend *be, struct mg_batch *b, VkDeviceSize size)
{
   struct mg_stream_chunk *n = realloc(b->chunks, (b->nchunks + 1) * sizeof(*n));
   if (!n)
      return false;
   b->chunks = n;
   struct mg_stream_chunk c = {.size = size};
   VkBufferCreateInfo bi = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
               VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
               VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
   };
   if (vkCreateBuffer(be->dev, &bi, NULL, &c.buffer) != VK_SUCCESS)
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(be->dev, c.buffer, &req);
   c.mem = mg_alloc_memory(be, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
   void *map = NULL;
   if (!c.mem || vkBindBufferMemory(be->dev, c.buffer, c.mem, 0) != VK_SUCCESS ||
       vkMapMemory(be->dev, c.mem, 0, VK_WHOLE_SIZE, 0, &map) != VK_SUCCESS) {
      chunk_free(be, &c);
      return false;
   }
   c.map = map;
   b->chunks[b->nchunks++] = c;
   return true;
}

/* Host-visible bytes valid until the current batch completes. */
bool
mg_stream_alloc(struct mg_backend *be, VkDeviceSize size, VkDeviceSize align, struct mg_alloc *out)
{
   struct mg_batch *b = mg_batch(be);
   if (align < 16)
      align = 16;
   struct mg_stream_chunk *c = b->nchunks ? &b->chunks[b->nchunks - 1] : NULL;
   if (!c || MG_ALIGN(c->used, align) + size > c->size) {
      VkDeviceSize csize = size > MG_STREAM_CHUNK ? MG_ALIGN(size, 65536) : MG_STREAM_CHUNK;
      if (!chunk_new(be, b, csize)) {
         sgl_warn("magma: out of streaming memory (%llu bytes)", (unsigned long long)size);
         mg_out_of_memory(be, "streaming memory");
         return false;
      }
      c = &b->chunks[b->nchunks - 1];
   }
   VkDeviceSize off = MG_ALIGN(c->used, align);
   c->used = off + size;
   b->stream_bytes += size;
   out->buffer = c->buffer;
   out->offset = off;
   out->map = c->map + off;
   return true;
}

/* Destroy `handle` once every command recorded so far has completed. */
void
mg_defer(struct mg_backend *be, enum mg_garbage_kind kind, uint64_t handle)
{
   if (!handle)
      return;
   struct mg_batch *b = &be->batches[be->cur];
   if (!b->recording) {
      /* Nothing is being recorded: the newest submitted batch is the last user (batches
       * complete in submission order). It need not be the previous one: a batch whose
       * submission failed was reset without being submitted. */
      b = NULL;
      for (unsigned back = 1; back <= MG_NUM_BATCHES && !b; back++) {
         struct mg_batch *prev = &be->batches[(be->cur + MG_NUM_BATCHES - back) % MG_NUM_BATCHES];
         if (prev->submitted)
            b = prev;
      }
      if (!b) {
         struct mg_garbage g = {kind, handle};
         mg_destroy_garbage(be, &g);
         return;
      }
   }
   if (b->ngarbage == b->garbage_cap) {
      uint32_t cap = b->garbage_cap ? b->garbage_cap * 2 : 64;
      struct mg_garbage *n = realloc(b->garbage, cap * sizeof(*n));
      if (!n) {
         /* Cannot queue it: wait for the GPU and destroy now rather than leak. */
         mg_submit(be, true);
         struct mg_garbage g = {kind, handle};
         mg_destroy_garbage(be, &g);
         return;
      }
      b->garbage = n;
      b->garbage_cap = cap;
   }
   b->garbage[b->ngarbage++] = (struct mg_garbage){kind, handle};
}

VkDescriptorSet
mg_alloc_set(struct mg_backend *be, VkDescriptorSetLayout layout)
{
   struct mg_batch *b = mg_batch(be);
   bool fresh = false;
   for (;;) {
      if (b->cur_pool < b->npools) {
         VkDescriptorSetAllocateInfo ai = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            .descriptorPool = b->pools[b->cur_pool],
            .descriptorSetCount = 1,
            .pSetLayouts = &layout,
         };
         VkDescriptorSet set;
         VkResult r = vkAllocateDescriptorSets(be->dev, &ai, &set);
         if (r == VK_SUCCESS)
            return set;
         if ((r != VK_ERROR_OUT_OF_POOL_MEMORY && r != VK_ERROR_FRAGMENTED_POOL) || fresh) {
            /* A pool created for this set that cannot hold it never will: no endless loop. */
            mg_check(be, r, "vkAllocateDescriptorSets");
            return VK_NULL_HANDLE;
         }
         b->cur_pool++;
         continue;
      }
      VkDescriptorPool *n = realloc(b->pools, (b->npools + 1) * sizeof(*n));
      if (!n)
         return VK_NULL_HANDLE;
      b->pools = n;
      VkDescriptorPoolCreateInfo pi = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
         .maxSets = 256,
         .poolSizeCount = MG_ARRAY_SIZE(pool_sizes),
         .pPoolSizes = pool_sizes,
      };
      if (vkCreateDescriptorPool(be->dev, &pi, NULL, &b->pools[b->npools]) != VK_SUCCESS)
         return VK_NULL_HANDLE;
      b->npools++;
      fresh = true;
   }
}
