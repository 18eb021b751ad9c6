/* splitgl server: query objects (occlusion, primitives, time) and GL_TIMESTAMP. */
#include <stdlib.h>
#include <string.h>

#include "server_private.h"

#define GL_OUT_OF_MEMORY 0x0505

static bool
same(wire_handle a, wire_handle b)
{
   return a.slot == b.slot && a.gen == b.gen;
}

static struct srv_query_obj *
get_query(struct srv_session *s, wire_handle h, const char *site)
{
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_QUERY], h);
   if (!e) {
      srv_fatal(s, "ProtocolCorruption", site);
      return NULL;
   }
   return e->obj;
}

void
srv_handle_QueryCreate(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_query_create *c = p;
   struct srv_entry *e = srv_table_claim(&s->tables[WIRE_KIND_QUERY], c->q);
   if (!e)
      return srv_fatal(s, "ProtocolCorruption", "QueryCreate.q");
   struct srv_query_obj *q = calloc(1, sizeof(*q));
   if (!q) {
      srv_table_release(e);
      return srv_fatal(s, "OutOfMemory", "QueryCreate");
   }
   q->type = c->type;
   q->be = s->ops->query_create(s->be, c->type);
   if (!q->be)
      srv_gl_error(s, GL_OUT_OF_MEMORY);
   e->obj = q;
}

/* From the OpenGL ES 3.0 spec, section 2.13: "BeginQuery generates an INVALID_OPERATION
 * error if any of the following conditions hold: id is the name of an existing query object
 * whose type does not match target; id is the active query object name for any query type;
 * or id is the active query object for condition-based query types." The client raises
 * those; a record that breaks them did not come from a GL call. */
void
srv_handle_QueryBegin(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_query_op *o = p;
   struct srv_context *ctx = srv_cur(s, "QueryBegin.context");
   if (!ctx)
      return;
   struct srv_query_obj *q = get_query(s, o->q, "QueryBegin.q");
   if (!q)
      return;
   if (q->type == WIRE_QUERY_TIMESTAMP || q->active_ctx.gen || ctx->active_query[q->type].gen)
      return srv_fatal(s, "ProtocolCorruption", "QueryBegin.q");
   q->active_ctx = ctx->handle;
   ctx->active_query[q->type] = o->q;
   if (q->be)
      s->ops->query_begin(ctx->be, q->be);
}

void
srv_handle_QueryEnd(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_query_op *o = p;
   struct srv_context *ctx = srv_cur(s, "QueryEnd.context");
   if (!ctx)
      return;
   struct srv_query_obj *q = get_query(s, o->q, "QueryEnd.q");
   if (!q)
      return;
   if (q->type == WIRE_QUERY_TIMESTAMP || !same(q->active_ctx, ctx->handle) || !same(ctx->active_query[q->type], o->q))
      return srv_fatal(s, "ProtocolCorruption", "QueryEnd.q");
   memset(&q->active_ctx, 0, sizeof(q->active_ctx));
   memset(&ctx->active_query[q->type], 0, sizeof(ctx->active_query[q->type]));
   if (q->be)
      s->ops->query_end(ctx->be, q->be);
}

void
srv_handle_QueryCounter(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_query_op *o = p;
   struct srv_context *ctx = srv_cur(s, "QueryCounter.context");
   if (!ctx)
      return;
   struct srv_query_obj *q = get_query(s, o->q, "QueryCounter.q");
   if (!q)
      return;
   if (q->type != WIRE_QUERY_TIMESTAMP)
      return srv_fatal(s, "ProtocolCorruption", "QueryCounter.q");
   if (q->be)
      s->ops->query_counter(ctx->be, q->be);
}

void
srv_handle_QueryResult(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_query_result *r = p;
   struct srv_query_obj *q = get_query(s, r->q, "QueryResult.q");
   if (!q)
      return;
   /* "If id is the name of a currently active query object, INVALID_OPERATION" (the client
    * raises it): a result of an active query is never asked for. */
   if (q->active_ctx.gen)
      return srv_fatal(s, "ProtocolCorruption", "QueryResult.q");
   struct wire_query_value v = {1, 0, 0};
   if (q->be)
      v.available = s->ops->query_result(s->be, q->be, r->wait != 0, &v.value);
   else
      s->stats.skipped++; /* no backend object (out of memory at create): 0, available */
   memcpy(s->seg.reply, &v, sizeof(v));
   srv_reply(s, sizeof(v));
}

void
srv_handle_GetTimestamp(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   uint64_t t = s->ops->get_timestamp(s->be);
   memcpy(s->seg.reply, &t, sizeof(t));
   srv_reply(s, sizeof(t));
}

/* A query object goes away: if it is active, its context ends it first. */
void
srv_query_destroy(struct srv_session *s, struct srv_query_obj *q)
{
   if (q->active_ctx.gen) {
      struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_CONTEXT], q->active_ctx);
      struct srv_context *ctx = e ? e->obj : NULL;
      if (ctx) {
         memset(&ctx->active_query[q->type], 0, sizeof(ctx->active_query[q->type]));
         if (q->be)
            s->ops->query_end(ctx->be, q->be);
      }
   }
   if (q->be)
      s->ops->query_destroy(s->be, q->be);
   free(q);
}

/* A context goes away: its active queries end (they stay valid objects), its capture stops. */
void
srv_context_end_queries(struct srv_session *s, struct srv_context *ctx)
{
   for (uint32_t t = 0; t < WIRE_QUERY_COUNT; t++) {
      if (!ctx->active_query[t].gen)
         continue;
      struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_QUERY], ctx->active_query[t]);
      struct srv_query_obj *q = e ? e->obj : NULL;
      memset(&ctx->active_query[t], 0, sizeof(ctx->active_query[t]));
      if (!q)
         continue;
      memset(&q->active_ctx, 0, sizeof(q->active_ctx));
      if (q->be)
         s->ops->query_end(ctx->be, q->be);
   }
   if (ctx->so.count) {
      memset(&ctx->so, 0, sizeof(ctx->so));
      srv_apply_so_targets(s, ctx);
   }
}
