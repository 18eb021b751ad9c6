/* Espryt: query objects (ES 3.0 section 4.1.6, OpenGL 3.3 sections 2.14, 2.17.3 and 4.1.7)
 * and GL_TIMESTAMP on a host OpenGL ES driver.
 *
 * ANY_SAMPLES_PASSED and TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN are ES 3.0's; PRIMITIVES_GENERATED
 * the host's with geometry shaders (ES 3.2 section 4.2); TIME_ELAPSED and TIMESTAMP
 * EXT_disjoint_timer_query's. GL core's SAMPLES_PASSED has no ES counterpart (ANY_SAMPLES_PASSED
 * says only "some"): while one is active, each draw is preceded by a counting draw of the same
 * primitives, its program's variant with early fragment tests that adds one to an atomic counter
 * per fragment its shader keeps (program.c), nothing written (colour, depth and stencil masks
 * off). Early tests are the same tests the real draw's fragments pass, so the counter holds
 * exactly the samples that pass on a single-sampled framebuffer; a multisampled one, or a
 * shader that writes gl_FragDepth (which early tests would not see), is refused by name.
 *
 * A client query may be suspended while active (Espryt's own query of its target around a
 * capture by a geometry stage, xfb.c; the counting draw under PRIMITIVES_GENERATED): each run is
 * a host query of its own, the result their sum plus what Espryt counted meanwhile. A waited
 * result polls (bounded, and given up when the client leaves). */
#include "es_private.h"

#include <stdlib.h>
#include <time.h>

#include "util/knobs.h"

static int
slot_of(GLenum target)
{
   switch (target) {
   case GL_ANY_SAMPLES_PASSED: return ES_QS_OCCLUSION;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return ES_QS_XFB_WRITTEN;
   case GL_PRIMITIVES_GENERATED: return ES_QS_GENERATED;
   case GL_TIME_ELAPSED_EXT: return ES_QS_TIME;
   default: return -1;
   }
}

static struct srv_query *
query_create(struct srv_backend *sbe, uint32_t type)
{
   struct es_backend *be = es_backend(sbe);
   struct es_query *q = calloc(1, sizeof(*q));
   if (!q)
      return NULL;
   q->type = type;
   switch (type) {
   case WIRE_QUERY_OCCLUSION_PREDICATE: q->target = GL_ANY_SAMPLES_PASSED; break;
   case WIRE_QUERY_XFB_PRIMITIVES_WRITTEN: q->target = GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN; break;
   case WIRE_QUERY_OCCLUSION_COUNTER:
      if (!be->count_samples)
         es_unimplemented(be, "SAMPLES_PASSED on a host without fragment atomic counters (ES 3.1)");
      break;
   case WIRE_QUERY_PRIMITIVES_GENERATED:
      if (es_has(be, ES_FEAT_GEOMETRY_SHADER))
         q->target = GL_PRIMITIVES_GENERATED;
      else
         es_unimplemented(be, "PRIMITIVES_GENERATED on a host without geometry shaders");
      break;
   case WIRE_QUERY_TIME_ELAPSED:
   case WIRE_QUERY_TIMESTAMP:
      if (!es_has(be, ES_FEAT_TIMER_QUERY))
         es_unimplemented(be, "time queries on a host without EXT_disjoint_timer_query");
      else if (type == WIRE_QUERY_TIME_ELAPSED)
         q->target = GL_TIME_ELAPSED_EXT;
      break;
   default: es_unimplemented(be, "a query type Espryt does not know"); break;
   }
   return (struct srv_query *)q;
}

static void
query_destroy(struct srv_backend *sbe, struct srv_query *sq)
{
   struct es_backend *be = es_backend(sbe);
   struct es_query *q = (struct es_query *)sq;
   if (q->ctx && es_make_current(be, q->ctx)) {
      if (q->active) {
         if (q->target)
            be->gl.EndQuery(q->target);
         for (int s = 0; s < ES_QS_COUNT; s++)
            if (q->ctx->active_q[s] == q)
               q->ctx->active_q[s] = NULL;
      }
      if (q->seg_made)
         be->gl.DeleteQueries((GLsizei)q->seg_made, q->seg);
      if (q->counter)
         be->gl.DeleteBuffers(1, &q->counter);
      if (q->done)
         be->gl.DeleteSync(q->done);
   }
   free(q->seg);
   free(q);
}

/* The host query of q's next run (made at its first use); 0 where memory ran out. */
static GLuint
seg_next(struct es_ctx *ctx, struct es_query *q, const char *site)
{
   if (q->nseg == q->seg_made) {
      GLuint *seg = realloc(q->seg, (q->seg_made + 1) * sizeof(*seg));
      if (!seg) {
         es_fail(ctx->be, "%s: out of memory", site);
         return 0;
      }
      q->seg = seg;
      ctx->be->gl.GenQueries(1, &q->seg[q->seg_made++]);
   }
   return q->seg[q->nseg++];
}

/* Starts a new run of q's host query (its target free on the host). */
static bool
seg_open(struct es_ctx *ctx, struct es_query *q)
{
   GLuint name = seg_next(ctx, q, "QueryBegin");
   if (!name)
      return false;
   ctx->be->gl.BeginQuery(q->target, name);
   return es_check(ctx->be, "QueryBegin");
}

/* Whether the query object may be used in ctx (made current by the caller). */
static bool
owned(struct es_ctx *ctx, struct es_query *q)
{
   if (q->ctx && q->ctx != ctx) {
      es_unimplemented(ctx->be, "a query object used by a second context");
      return false;
   }
   q->ctx = ctx;
   return true;
}

static void
query_begin(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   struct es_query *q = (struct es_query *)sq;
   if (!es_make_current(be, ctx) || !owned(ctx, q))
      return;
   q->nseg = 0;
   q->added = 0;
   if (q->type == WIRE_QUERY_OCCLUSION_COUNTER) {
      if (!be->count_samples)
         return; /* refused at create */
      static const GLuint zero = 0;
      if (!q->counter) {
         be->gl.GenBuffers(1, &q->counter);
         be->gl.BindBuffer(GL_COPY_WRITE_BUFFER, q->counter);
         be->gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof(zero), &zero, GL_DYNAMIC_READ);
      } else {
         be->gl.BindBuffer(GL_COPY_WRITE_BUFFER, q->counter);
         be->gl.BufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof(zero), &zero);
      }
      if (q->done)
         be->gl.DeleteSync(q->done);
      q->done = NULL;
      q->active = true;
      ctx->active_q[ES_QS_OCCLUSION] = q;
      es_check(be, "QueryBegin");
      return;
   }
   int slot = slot_of(q->target);
   if (slot < 0)
      return; /* refused at create */
   if (seg_open(ctx, q)) {
      q->active = true;
      ctx->active_q[slot] = q;
   }
}

static void
query_end(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   struct es_query *q = (struct es_query *)sq;
   if (!q->active || !es_make_current(be, ctx) || q->ctx != ctx)
      return;
   q->active = false;
   for (int s = 0; s < ES_QS_COUNT; s++)
      if (ctx->active_q[s] == q)
         ctx->active_q[s] = NULL;
   if (q->type == WIRE_QUERY_OCCLUSION_COUNTER) {
      /* the counting draws' increments, visible to the read of the buffer */
      be->gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_ATOMIC_COUNTER_BARRIER_BIT);
      q->done = be->gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   } else {
      be->gl.EndQuery(q->target);
   }
   es_check(be, "QueryEnd");
}

static void
query_counter(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_query *q = (struct es_query *)sq;
   if (q->type != WIRE_QUERY_TIMESTAMP || !es_has(ctx->be, ES_FEAT_TIMER_QUERY) || !es_make_current(ctx->be, ctx) ||
       !owned(ctx, q))
      return;
   q->nseg = 0;
   q->added = 0;
   GLuint name = seg_next(ctx, q, "QueryCounter");
   if (!name)
      return;
   ctx->be->gl.QueryCounterEXT(name, GL_TIMESTAMP_EXT);
   es_check(ctx->be, "QueryCounter");
}

struct es_query *
es_query_suspend(struct es_ctx *ctx, GLenum target)
{
   int slot = slot_of(target);
   struct es_query *q = slot >= 0 ? ctx->active_q[slot] : NULL;
   if (q)
      ctx->be->gl.EndQuery(target);
   return q;
}

void
es_query_resume(struct es_ctx *ctx, struct es_query *q, uint64_t counted)
{
   if (!q)
      return;
   q->added += counted;
   seg_open(ctx, q);
}

/* Whether every part of q's result has arrived. */
static bool
available(struct es_backend *be, struct es_query *q)
{
   if (q->type == WIRE_QUERY_OCCLUSION_COUNTER) {
      GLenum r = q->done ? be->gl.ClientWaitSync(q->done, 0, 0) : GL_ALREADY_SIGNALED;
      return r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED;
   }
   for (uint32_t i = 0; i < q->nseg; i++) {
      GLuint avail = 0;
      be->gl.GetQueryObjectuiv(q->seg[i], GL_QUERY_RESULT_AVAILABLE, &avail);
      if (!avail)
         return false;
   }
   return true;
}

static bool
query_result(struct srv_backend *sbe, struct srv_query *sq, bool wait, uint64_t *value)
{
   struct es_backend *be = es_backend(sbe);
   struct es_query *q = (struct es_query *)sq;
   *value = 0;
   if (be->status == SRV_STATUS_DEVICE_LOST || !q->ctx)
      return true; /* never begun: GL's initial result 0 */
   if (!es_make_current(be, q->ctx))
      return true;
   const struct es_gl *gl = &be->gl;
   bool avail = available(be, q);
   if (!avail) {
      gl->Flush(); /* the query's work completes without a wait */
      if (!wait)
         return false;
      uint64_t budget_ms = (uint64_t)sgl_knobs()->wait_timeout_ms;
      for (uint64_t ms = 0; !avail; ms++) {
         if (ms >= budget_ms || (be->cancel && __atomic_load_n(be->cancel, __ATOMIC_ACQUIRE))) {
            es_fail(be, "QueryResult: the host's result did not arrive in %llu ms", (unsigned long long)ms);
            return true;
         }
         nanosleep(&(struct timespec){0, 1000000}, NULL);
         avail = available(be, q);
      }
   }
   uint64_t v = q->added;
   if (q->type == WIRE_QUERY_OCCLUSION_COUNTER) {
      if (q->counter) {
         GLuint n = 0;
         gl->BindBuffer(GL_COPY_READ_BUFFER, q->counter);
         const GLuint *p = gl->MapBufferRange(GL_COPY_READ_BUFFER, 0, sizeof(n), GL_MAP_READ_BIT);
         if (p) {
            n = *p;
            gl->UnmapBuffer(GL_COPY_READ_BUFFER);
         }
         v += n;
      }
   } else if (es_has(be, ES_FEAT_TIMER_QUERY)) {
      for (uint32_t i = 0; i < q->nseg; i++) {
         GLuint64 r = 0;
         gl->GetQueryObjectui64vEXT(q->seg[i], GL_QUERY_RESULT, &r);
         v += r;
      }
   } else {
      for (uint32_t i = 0; i < q->nseg; i++) {
         GLuint r = 0;
         gl->GetQueryObjectuiv(q->seg[i], GL_QUERY_RESULT, &r);
         v += r;
      }
   }
   *value = v;
   es_check(be, "QueryResult");
   return true;
}

static uint64_t
get_timestamp(struct srv_backend *sbe)
{
   struct es_backend *be = es_backend(sbe);
   if (!es_has(be, ES_FEAT_TIMER_QUERY)) {
      es_unimplemented(be, "GL_TIMESTAMP on a host without EXT_disjoint_timer_query");
      return 0;
   }
   if (!es_make_current(be, NULL))
      return 0;
   /* "the GL time after all previous commands have reached the GL server but have not yet
    * necessarily executed": the host's own clock of its queue */
   GLint64 t = 0;
   be->gl.GetInteger64v(GL_TIMESTAMP_EXT, &t);
   es_check(be, "GetTimestamp");
   return t > 0 ? (uint64_t)t : 0;
}

/* The context's SAMPLES_PASSED query counting now (its counting draws precede each draw). */
struct es_query *
es_query_counting(struct es_ctx *ctx)
{
   struct es_query *q = ctx->active_q[ES_QS_OCCLUSION];
   return q && q->type == WIRE_QUERY_OCCLUSION_COUNTER && q->counter ? q : NULL;
}

void
es_query_ops(struct srv_backend_ops *ops)
{
   ops->query_create = query_create;
   ops->query_destroy = query_destroy;
   ops->query_begin = query_begin;
   ops->query_end = query_end;
   ops->query_counter = query_counter;
   ops->query_result = query_result;
   ops->get_timestamp = get_timestamp;
}
