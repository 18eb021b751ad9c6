/* Magma: GL query objects on Vulkan query pools.
 *
 * A GL query counts over any number of draws, render passes and batches; a Vulkan query must
 * begin and end inside one render pass instance. So a counting query (occlusion, primitives
 * written) takes one Vulkan query slot per draw it counts, begun right before the draw and
 * ended right after it, and its value is the sum (OR for ANY_SAMPLES_PASSED) over its slots.
 * TIME_ELAPSED writes a timestamp at QueryBegin and one at QueryEnd; TIMESTAMP one at
 * QueryCounter. PRIMITIVES_GENERATED uses VK_EXT_primitives_generated_query where the device
 * has it (with rasterizer discard); elsewhere Magma counts each draw's primitives from its
 * vertex count and mode, exact with only a vertex stage and without primitive restart (a
 * restarting draw is counted as if it did not restart).
 *
 * Slots come from pools of MG_POOL_SLOTS per kind; a slot is reset in the batch's "pre"
 * command buffer (submitted before the batch's commands) when it is taken, and goes back to
 * the free list only when the batch current at its release has completed (MG_GB_QUERY_SLOT),
 * so a reset never races a write of its previous use. A query's value is final once the
 * batch holding its newest slot completed; asking for it (even without waiting) submits that
 * batch, so that polling QUERY_RESULT_AVAILABLE terminates. */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>

static struct mg_query *
mg_query(struct srv_query *q)
{
   return q ? container_of((struct mg_object *)q, struct mg_query, base) : NULL;
}

static enum mg_pool_kind
pool_kind(uint32_t type)
{
   switch (type) {
   case WIRE_QUERY_OCCLUSION_COUNTER:
   case WIRE_QUERY_OCCLUSION_PREDICATE: return MG_POOL_OCCLUSION;
   case WIRE_QUERY_XFB_PRIMITIVES_WRITTEN: return MG_POOL_XFB;
   case WIRE_QUERY_PRIMITIVES_GENERATED: return MG_POOL_PRIMGEN;
   default: return MG_POOL_TIMESTAMP;
   }
}

static const VkQueryType vk_types[MG_POOL_KINDS] = {
   [MG_POOL_OCCLUSION] = VK_QUERY_TYPE_OCCLUSION,
   [MG_POOL_XFB] = VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
   [MG_POOL_TIMESTAMP] = VK_QUERY_TYPE_TIMESTAMP,
   [MG_POOL_PRIMGEN] = VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT,
};

#define SLOT_NONE UINT32_MAX

/* A free slot of `kind`, reset in the current batch's pre buffer (SLOT_NONE: out of memory). */
static uint32_t
slot_take(struct mg_backend *be, enum mg_pool_kind kind)
{
   struct mg_query_pools *p = &be->qpools[kind];
   uint32_t id;
   if (p->nfree) {
      id = p->free[--p->nfree];
   } else {
      if (p->next == p->npools * MG_POOL_SLOTS) {
         VkQueryPool *n = realloc(p->pools, (p->npools + 1) * sizeof(*n));
         if (!n)
            return SLOT_NONE;
         p->pools = n;
         VkQueryPoolCreateInfo ci = {
            .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
            .queryType = vk_types[kind],
            .queryCount = MG_POOL_SLOTS,
         };
         VkResult r = vkCreateQueryPool(be->dev, &ci, NULL, &p->pools[p->npools]);
         if (r != VK_SUCCESS) {
            mg_check(be, r, "vkCreateQueryPool");
            return SLOT_NONE;
         }
         p->npools++;
      }
      id = p->next++;
   }
   vkCmdResetQueryPool(mg_cmd_pre(be), p->pools[id / MG_POOL_SLOTS], id % MG_POOL_SLOTS, 1);
   return id;
}

void
mg_query_slot_free(struct mg_backend *be, uint64_t handle)
{
   struct mg_query_pools *p = &be->qpools[handle >> 32];
   if (p->nfree == p->free_cap) {
      uint32_t cap = p->free_cap ? p->free_cap * 2 : 64;
      uint32_t *n = realloc(p->free, cap * sizeof(*n));
      if (!n)
         return; /* the slot is lost to reuse, not to correctness */
      p->free = n;
      p->free_cap = cap;
   }
   p->free[p->nfree++] = (uint32_t)handle;
}

void
mg_query_pools_fini(struct mg_backend *be)
{
   for (unsigned k = 0; k < MG_POOL_KINDS; k++) {
      struct mg_query_pools *p = &be->qpools[k];
      for (uint32_t i = 0; i < p->npools; i++)
         vkDestroyQueryPool(be->dev, p->pools[i], NULL);
      free(p->pools);
      free(p->free);
      memset(p, 0, sizeof(*p));
   }
}

static VkQueryPool
slot_pool(struct mg_backend *be, enum mg_pool_kind kind, uint32_t id)
{
   return be->qpools[kind].pools[id / MG_POOL_SLOTS];
}

/* Forgets the query's slots (each back to its free list once the current batch completed). */
static void
release_slots(struct mg_backend *be, struct mg_query *q)
{
   uint64_t kind = pool_kind(q->type);
   for (uint32_t i = 0; i < q->nslots; i++)
      mg_defer(be, MG_GB_QUERY_SLOT, (kind << 32) | q->slots[i]);
   q->nslots = 0;
   q->serial = 0;
   q->count = 0;
   q->have_result = false;
   q->result = 0;
}

/* Records a new slot in q (taken and reset already). */
static bool
push_slot(struct mg_backend *be, struct mg_query *q, uint32_t id)
{
   if (q->nslots == q->slot_cap) {
      uint32_t cap = q->slot_cap ? q->slot_cap * 2 : 8;
      uint32_t *n = realloc(q->slots, cap * sizeof(*n));
      if (!n) {
         mg_defer(be, MG_GB_QUERY_SLOT, ((uint64_t)pool_kind(q->type) << 32) | id);
         return false;
      }
      q->slots = n;
      q->slot_cap = cap;
   }
   q->slots[q->nslots++] = id;
   q->serial = mg_batch(be)->serial;
   return true;
}

struct srv_query *
mg_query_create(struct srv_backend *sbe, uint32_t type)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_query *q = calloc(1, sizeof(*q));
   if (!q)
      return NULL;
   q->base.kind = MG_OBJ_QUERY;
   q->base.id = be->next_id++;
   q->type = type;
   return (struct srv_query *)&q->base;
}

void
mg_query_destroy(struct srv_backend *sbe, struct srv_query *sq)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_query *q = mg_query(sq);
   if (!q)
      return;
   release_slots(be, q);
   free(q->slots);
   free(q);
}

/* A timestamp after the work recorded so far (bottom of pipe: everything before completed). */
static void
write_timestamp(struct mg_backend *be, struct mg_query *q)
{
   if (!be->timestamp_bits) {
      mg_skip(be, "a timestamp (the queue has no timestamps)");
      return;
   }
   uint32_t id = slot_take(be, MG_POOL_TIMESTAMP);
   if (id == SLOT_NONE) {
      mg_out_of_memory(be, "query pool");
      return;
   }
   vkCmdWriteTimestamp(mg_batch(be)->cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot_pool(be, MG_POOL_TIMESTAMP, id),
                       id % MG_POOL_SLOTS);
   push_slot(be, q, id);
}

void
mg_query_begin(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_query *q = mg_query(sq);
   release_slots(ctx->be, q);
   q->ctx = ctx;
   ctx->active[q->type] = q;
   if (q->type == WIRE_QUERY_TIME_ELAPSED)
      write_timestamp(ctx->be, q);
}

void
mg_query_end(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_query *q = mg_query(sq);
   if (ctx->active[q->type] == q)
      ctx->active[q->type] = NULL;
   q->ctx = NULL;
   if (q->type == WIRE_QUERY_TIME_ELAPSED)
      write_timestamp(ctx->be, q);
}

void
mg_context_end_queries(struct mg_ctx *ctx)
{
   for (uint32_t t = 0; t < WIRE_QUERY_COUNT; t++) {
      if (ctx->active[t])
         ctx->active[t]->ctx = NULL;
      ctx->active[t] = NULL;
   }
}

void
mg_query_counter(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_query *q = mg_query(sq);
   release_slots(ctx->be, q);
   write_timestamp(ctx->be, q);
}

/* The counting queries of the draw being recorded (inside rendering, pipeline bound); returns
 * the types whose slot it began, for mg_queries_draw_end. */
uint32_t
mg_queries_draw_begin(struct mg_ctx *ctx, VkCommandBuffer cmd, bool xfb)
{
   uint32_t began = 0;
   struct mg_backend *be = ctx->be;
   static const uint32_t counted[] = {WIRE_QUERY_OCCLUSION_COUNTER, WIRE_QUERY_OCCLUSION_PREDICATE,
                                      WIRE_QUERY_XFB_PRIMITIVES_WRITTEN, WIRE_QUERY_PRIMITIVES_GENERATED};
   for (size_t i = 0; i < MG_ARRAY_SIZE(counted); i++) {
      struct mg_query *q = ctx->active[counted[i]];
      /* Nothing is captured without transform feedback: the draw adds 0 to the count. */
      if (!q || (q->type == WIRE_QUERY_XFB_PRIMITIVES_WRITTEN && (!xfb || !be->has_xfb_queries)) ||
          (q->type == WIRE_QUERY_PRIMITIVES_GENERATED && !be->has_primgen))
         continue;
      enum mg_pool_kind kind = pool_kind(q->type);
      uint32_t id = slot_take(be, kind);
      if (id == SLOT_NONE || !push_slot(be, q, id)) {
         mg_out_of_memory(be, "query pool");
         continue;
      }
      VkQueryPool pool = slot_pool(be, kind, id);
      if (kind == MG_POOL_XFB)
         be->CmdBeginQueryIndexedEXT(cmd, pool, id % MG_POOL_SLOTS, 0, 0);
      else
         vkCmdBeginQuery(cmd, pool, id % MG_POOL_SLOTS,
                         q->type == WIRE_QUERY_OCCLUSION_COUNTER && be->occlusion_precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
      began |= 1u << q->type;
   }
   return began;
}

void
mg_queries_draw_end(struct mg_ctx *ctx, VkCommandBuffer cmd, uint32_t began, uint64_t primitives)
{
   struct mg_backend *be = ctx->be;
   static const uint32_t counted[] = {WIRE_QUERY_OCCLUSION_COUNTER, WIRE_QUERY_OCCLUSION_PREDICATE,
                                      WIRE_QUERY_XFB_PRIMITIVES_WRITTEN, WIRE_QUERY_PRIMITIVES_GENERATED};
   for (size_t i = 0; i < MG_ARRAY_SIZE(counted); i++) {
      struct mg_query *q = ctx->active[counted[i]];
      /* Only the slot this draw began (the query's newest) is ended. */
      if (!q || !(began & (1u << q->type)) || !q->nslots)
         continue;
      enum mg_pool_kind kind = pool_kind(q->type);
      uint32_t id = q->slots[q->nslots - 1];
      if (kind == MG_POOL_XFB)
         be->CmdEndQueryIndexedEXT(cmd, slot_pool(be, kind, id), id % MG_POOL_SLOTS, 0);
      else
         vkCmdEndQuery(cmd, slot_pool(be, kind, id), id % MG_POOL_SLOTS);
   }
   if (ctx->active[WIRE_QUERY_PRIMITIVES_GENERATED] && !be->has_primgen)
      ctx->active[WIRE_QUERY_PRIMITIVES_GENERATED]->count += primitives;
}

/* Sums the slots (all complete). */
static uint64_t
read_value(struct mg_backend *be, struct mg_query *q)
{
   enum mg_pool_kind kind = pool_kind(q->type);
   uint64_t sum = 0, ts[2] = {0, 0};
   for (uint32_t i = 0; i < q->nslots; i++) {
      uint32_t id = q->slots[i];
      uint64_t data[2] = {0, 0};
      VkResult r = vkGetQueryPoolResults(be->dev, slot_pool(be, kind, id), id % MG_POOL_SLOTS, 1, sizeof(data), data,
                                         sizeof(data), VK_QUERY_RESULT_64_BIT);
      if (r == VK_NOT_READY) /* its batch was never executed (a failed submission): 0 */
         continue;
      if (r != VK_SUCCESS) {
         mg_check(be, r, "vkGetQueryPoolResults");
         return 0;
      }
      sum += data[0]; /* transform feedback: [0] primitives written, [1] needed */
      if (i < 2)
         ts[i] = data[0];
   }
   uint64_t mask = be->timestamp_bits >= 64 ? UINT64_MAX : ((uint64_t)1 << be->timestamp_bits) - 1;
   double period = be->props.limits.timestampPeriod;
   switch (q->type) {
   case WIRE_QUERY_OCCLUSION_PREDICATE: return sum != 0;
   case WIRE_QUERY_PRIMITIVES_GENERATED: return be->has_primgen ? sum : q->count;
   case WIRE_QUERY_TIME_ELAPSED:
      return q->nslots == 2 ? (uint64_t)((double)((ts[1] - ts[0]) & mask) * period) : 0;
   case WIRE_QUERY_TIMESTAMP: return q->nslots == 1 ? (uint64_t)((double)(ts[0] & mask) * period) : 0;
   default: return sum;
   }
}

static struct mg_batch *
batch_of(struct mg_backend *be, uint64_t serial)
{
   for (unsigned i = 0; i < MG_NUM_BATCHES; i++)
      if (be->batches[i].serial == serial && (be->batches[i].recording || be->batches[i].submitted))
         return &be->batches[i];
   return NULL;
}

bool
mg_query_result(struct srv_backend *sbe, struct srv_query *sq, bool wait, uint64_t *value)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_query *q = mg_query(sq);
   if (q->have_result || be->lost) {
      *value = be->lost && !q->have_result ? 0 : q->result;
      return true;
   }
   *value = 0;
   if (q->serial) {
      struct mg_batch *b = batch_of(be, q->serial);
      if (b && b->recording)
         mg_submit(be, false);
      b = batch_of(be, q->serial);
      if (b && b->submitted && vkGetFenceStatus(be->dev, b->fence) != VK_SUCCESS) {
         if (!wait)
            return false;
         enum mg_wait_result w = mg_wait_fence(be, b->fence, "query fence", true);
         if (w == MG_WAIT_CANCELLED)
            return false;
         if (w != MG_WAIT_DONE)
            return true; /* device lost: 0, available (robustness: nothing waits forever) */
      }
   }
   q->result = read_value(be, q);
   q->have_result = true;
   *value = q->result;
   return true;
}

uint64_t
mg_get_timestamp(struct srv_backend *sbe)
{
   struct mg_backend *be = mg_backend(sbe);
   if (be->lost || !be->timestamp_bits)
      return 0;
   struct mg_query q = {.type = WIRE_QUERY_TIMESTAMP};
   write_timestamp(be, &q);
   uint64_t v = 0;
   mg_query_result(sbe, (struct srv_query *)&q.base, true, &v);
   release_slots(be, &q);
   free(q.slots);
   return v;
}
