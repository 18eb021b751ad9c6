/* Magma: transform feedback (VK_EXT_transform_feedback).
 *
 * A stream-output target is a buffer range plus a 4-byte counter buffer. A draw that captures
 * (the context binds targets, the program's vertex stage has the Xfb execution mode) is
 * recorded as
 *
 *    vkCmdBindTransformFeedbackBuffersEXT   (each target's range, clamped to its buffer)
 *    vkCmdBeginTransformFeedbackEXT         (counters of targets that resume, else none:
 *                                            capture starts at the range's start)
 *    draw(s)
 *    vkCmdEndTransformFeedbackEXT           (every target's counter)
 *
 * and ends the render pass: the counters and the captured bytes are then ordered before any
 * later use (the next capture's Begin, a vertex fetch, a copy, a read-back) by the global
 * barrier mg_cmd emits (cmd.c). Vulkan allows no pipeline bind while capture is active, and
 * a barrier inside dynamic rendering would need a self-dependency, so one draw per capture
 * scope is the simple correct shape; capture is rare enough that the extra render passes do
 * not matter. GL's pause / resume map to binding no targets / binding them again with the
 * append bit, which makes the next Begin read the counters. */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>

bool
mg_xfb_init(struct mg_backend *be)
{
   if (!be->has_xfb)
      return true;
   VkBufferCreateInfo bi = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = 256,
      .usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT,
   };
   if (vkCreateBuffer(be->dev, &bi, NULL, &be->xfb_dummy) != VK_SUCCESS)
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(be->dev, be->xfb_dummy, &req);
   be->xfb_dummy_mem = mg_alloc_memory(be, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   return be->xfb_dummy_mem && vkBindBufferMemory(be->dev, be->xfb_dummy, be->xfb_dummy_mem, 0) == VK_SUCCESS;
}

void
mg_xfb_fini(struct mg_backend *be)
{
   if (be->xfb_dummy)
      vkDestroyBuffer(be->dev, be->xfb_dummy, NULL);
   if (be->xfb_dummy_mem)
      vkFreeMemory(be->dev, be->xfb_dummy_mem, NULL);
}

static struct mg_so_target *
so_target(struct srv_so_target *t)
{
   return t ? container_of((struct mg_object *)t, struct mg_so_target, base) : NULL;
}

struct srv_so_target *
mg_so_target_create(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, uint32_t size)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_so_target *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   t->base.kind = MG_OBJ_SO_TARGET;
   t->base.id = be->next_id++;
   t->res = mg_resource(res);
   t->offset = offset;
   t->size = size;
   if (be->has_xfb) {
      VkBufferCreateInfo bi = {
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
         .size = 16,
         .usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT,
      };
      VkResult r = vkCreateBuffer(be->dev, &bi, NULL, &t->counter);
      if (r != VK_SUCCESS) {
         mg_check(be, r, "vkCreateBuffer (transform feedback counter)");
         free(t);
         return NULL;
      }
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(be->dev, t->counter, &req);
      t->counter_mem = mg_alloc_memory(be, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
      if (!t->counter_mem || vkBindBufferMemory(be->dev, t->counter, t->counter_mem, 0) != VK_SUCCESS) {
         vkDestroyBuffer(be->dev, t->counter, NULL);
         if (t->counter_mem)
            vkFreeMemory(be->dev, t->counter_mem, NULL);
         free(t);
         return NULL;
      }
   }
   return (struct srv_so_target *)&t->base;
}

void
mg_so_target_destroy(struct srv_backend *sbe, struct srv_so_target *st)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_so_target *t = so_target(st);
   if (!t)
      return;
   mg_defer(be, MG_GB_BUFFER, (uint64_t)t->counter);
   mg_defer(be, MG_GB_MEMORY, (uint64_t)t->counter_mem);
   free(t);
}

void
mg_set_so_targets(struct srv_ctx *sctx, uint32_t count, struct srv_so_target *const *targets, uint32_t append_mask)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++) {
      struct mg_so_target *t = i < count ? so_target(targets[i]) : NULL;
      ctx->so[i] = t;
      ctx->so_resume[i] = t && (append_mask & (1u << i)) && t->counter_valid;
   }
   ctx->so_count = count;
   /* Targets that stopped capturing (pause, end): their bytes may be read next. */
   if (ctx->be->render_ctx == ctx)
      mg_render_end(ctx->be);
}

bool
mg_xfb_active(const struct mg_ctx *ctx)
{
   if (!ctx->so_count || !ctx->prog || !ctx->prog->xfb)
      return false;
   if (!ctx->be->has_xfb) {
      mg_skip(ctx->be, "transform feedback capture (the device has no VK_EXT_transform_feedback)");
      return false;
   }
   /* GL's minimums the device does not reach (the core admits programs up to them). */
   if (ctx->prog->xfb_buffers > ctx->be->xfb_max_buffers || ctx->prog->xfb_max_stride > ctx->be->xfb_max_stride) {
      mg_skip(ctx->be, "transform feedback capture beyond the device's buffers or stride");
      return false;
   }
   return true;
}

/* Every buffer the program writes gets a binding (Vulkan requires one while capture is
 * active); those the context leaves unbound capture into the dummy. */
static uint32_t
xfb_count(const struct mg_ctx *ctx)
{
   uint32_t n = ctx->so_count > ctx->prog->xfb_buffers ? ctx->so_count : ctx->prog->xfb_buffers;
   return n < ctx->be->xfb_max_buffers ? n : ctx->be->xfb_max_buffers;
}

void
mg_xfb_begin(struct mg_ctx *ctx, VkCommandBuffer cmd)
{
   struct mg_backend *be = ctx->be;
   uint32_t n = xfb_count(ctx);
   VkBuffer bufs[WIRE_MAX_SO_TARGETS], counters[WIRE_MAX_SO_TARGETS];
   VkDeviceSize offs[WIRE_MAX_SO_TARGETS], sizes[WIRE_MAX_SO_TARGETS], coffs[WIRE_MAX_SO_TARGETS] = {0};
   for (uint32_t i = 0; i < n; i++) {
      struct mg_so_target *t = ctx->so[i];
      struct mg_resource *r = t ? t->res : NULL;
      /* The buffer may have been respecified smaller than the range: capture stops at its end
       * (and a range wholly past it captures into the dummy, as an unbound buffer does). */
      if (r && r->is_buffer && t->offset < r->size) {
         bufs[i] = r->buffer;
         offs[i] = t->offset;
         sizes[i] = t->size < r->size - t->offset ? t->size : r->size - t->offset;
      } else {
         bufs[i] = be->xfb_dummy;
         offs[i] = 0;
         sizes[i] = 256;
      }
      counters[i] = t && ctx->so_resume[i] ? t->counter : VK_NULL_HANDLE;
   }
   be->CmdBindTransformFeedbackBuffersEXT(cmd, 0, n, bufs, offs, sizes);
   be->CmdBeginTransformFeedbackEXT(cmd, 0, n, counters, coffs);
}

void
mg_xfb_end(struct mg_ctx *ctx, VkCommandBuffer cmd)
{
   struct mg_backend *be = ctx->be;
   uint32_t n = xfb_count(ctx);
   VkBuffer counters[WIRE_MAX_SO_TARGETS];
   VkDeviceSize coffs[WIRE_MAX_SO_TARGETS] = {0};
   for (uint32_t i = 0; i < n; i++) {
      struct mg_so_target *t = ctx->so[i];
      counters[i] = t ? t->counter : VK_NULL_HANDLE;
      if (t) {
         t->counter_valid = true;
         ctx->so_resume[i] = true; /* the next draw of this capture continues after this one */
      }
   }
   be->CmdEndTransformFeedbackEXT(cmd, 0, n, counters, coffs);
   /* Order the counters and captured bytes before any later use (see above). */
   mg_render_end(be);
}
