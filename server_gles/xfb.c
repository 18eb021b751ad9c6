/* Espryt: transform feedback (ES 3.0 section 2.15) and queries.
 *
 * Like Magma, each capturing draw is its own capture scope on the host: the targets' ranges
 * are bound from where they stand (append: after what they captured; else their start),
 * glBeginTransformFeedback / the draw / glEndTransformFeedback, and Espryt advances each
 * target by what the draw wrote (ES 3.0 draws that capture are whole POINTS / LINES /
 * TRIANGLES lists of the Begin mode: primitives * vertices * the buffer's stride; the front
 * end refuses a draw that would overflow, section 2.15.2). A geometry stage captures in its
 * output's mode, what it emitted counted by a host PRIMITIVES_GENERATED query around the draw
 * and bounded by the room left (its overflow is no error). GL's pause / resume arrive as
 * targets unbound / bound again with the append bit.
 *
 * Queries: GL query objects belong to one context, so the host query is made in the context
 * that first begins it. ANY_SAMPLES_PASSED and TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN are ES
 * 3.0's; the others (samples counted, primitives generated, time) are refused with their
 * name. A waited result polls (bounded, and given up when the client leaves). */
#include "es_private.h"

#include <stdlib.h>
#include <time.h>

#include "util/knobs.h"

/* ---- stream-output targets --------------------------------------------------------------- */
static struct srv_so_target *
so_target_create(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, uint32_t size)
{
   struct es_so_target *t = calloc(1, sizeof(*t));
   if (t) {
      t->res = (struct es_resource *)res;
      t->offset = offset;
      t->size = size;
   }
   return (struct srv_so_target *)t;
}

static void
so_target_destroy(struct srv_backend *sbe, struct srv_so_target *t)
{
   free(t);
}

static void
set_so_targets(struct srv_ctx *sctx, uint32_t count, struct srv_so_target *const *targets, uint32_t append_mask)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++) {
      struct es_so_target *t = i < count ? (struct es_so_target *)targets[i] : NULL;
      if (t && !(append_mask & (1u << i)))
         t->captured = 0;
      ctx->so[i] = t;
   }
   ctx->so_count = count;
}

/* The capture mode of a draw's primitive and its vertices per primitive; false for a mode ES
 * 3.0 does not capture. (GL_POINTS is 0: the mode cannot double as the failure value.) With
 * a geometry stage the mode is its output's (ES 3.2 section 12.1: "primitiveMode must match
 * the output primitive type of the geometry shader"), its strips captured as lists. */
static bool
xfb_mode(const struct es_ctx *ctx, uint32_t prim, GLenum *mode, uint32_t *verts)
{
   const struct spv_program_info *info = ctx->prog->info;
   if (info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) {
      switch (info->gs_output) {
      case GL_POINTS: *mode = GL_POINTS, *verts = 1; return true;
      case GL_LINE_STRIP: *mode = GL_LINES, *verts = 2; return true;
      case GL_TRIANGLE_STRIP: *mode = GL_TRIANGLES, *verts = 3; return true;
      default: return false;
      }
   }
   switch (prim) {
   case WIRE_PRIM_POINTS: *mode = GL_POINTS, *verts = 1; return true;
   case WIRE_PRIM_LINES: *mode = GL_LINES, *verts = 2; return true;
   case WIRE_PRIM_TRIANGLES: *mode = GL_TRIANGLES, *verts = 3; return true;
   default: return false;
   }
}

bool
es_xfb_begin(struct es_ctx *ctx, const struct srv_draw *d, bool *active)
{
   struct es_backend *be = ctx->be;
   const struct spv_program_info *info = ctx->prog->info;
   *active = false;
   if (!ctx->so_count || !info->xfb_varying_count)
      return true;
   uint32_t verts;
   GLenum mode;
   if (!xfb_mode(ctx, d->info.mode, &mode, &verts)) {
      es_unimplemented(be, "capturing strips, loops or fans (ES 3.0 captures POINTS / LINES / TRIANGLES)");
      return false;
   }
   uint32_t buffers = info->xfb_separate ? info->xfb_varying_count : 1;
   for (uint32_t b = 0; b < buffers && b < WIRE_MAX_SO_TARGETS; b++) {
      struct es_so_target *t = ctx->so[b];
      if (!t || !t->res || !t->res->name) {
         es_fail(be, "Draw: transform feedback buffer %u is not bound", b);
         return false;
      }
      uint64_t end = (uint64_t)t->offset + t->size;
      if (end > t->res->templ.width)
         end = t->res->templ.width; /* a respecify shrank the buffer: capture stops at its end */
      uint64_t start = (uint64_t)t->offset + t->captured;
      if (start >= end && (info->stage_mask & (1u << SPV_STAGE_GEOMETRY)))
         return true; /* a geometry stage's capture into a full buffer writes nothing (no error) */
      if (start >= end) {
         es_fail(be, "Draw: transform feedback buffer %u is full", b);
         return false;
      }
      be->gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, b, t->res->name, (GLintptr)start, (GLsizeiptr)(end - start));
   }
   /* what a geometry stage emits is known only on the host: counted by its own
    * PRIMITIVES_GENERATED query (ES 3.2 section 4.2; Espryt offers no client query of that
    * target, so it is never active here) */
   if (info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) {
      if (!ctx->gs_generated)
         be->gl.GenQueries(1, &ctx->gs_generated);
      be->gl.BeginQuery(GL_PRIMITIVES_GENERATED, ctx->gs_generated);
   }
   be->gl.BeginTransformFeedback(mode);
   *active = es_check(be, "BeginTransformFeedback");
   if (!*active && (info->stage_mask & (1u << SPV_STAGE_GEOMETRY)))
      be->gl.EndQuery(GL_PRIMITIVES_GENERATED);
   return *active;
}

void
es_xfb_end(struct es_ctx *ctx, const struct srv_draw *d)
{
   const struct spv_program_info *info = ctx->prog->info;
   ctx->be->gl.EndTransformFeedback();
   GLenum mode;
   uint32_t verts = 1;
   xfb_mode(ctx, d->info.mode, &mode, &verts); /* es_xfb_begin accepted it */
   uint64_t written = (uint64_t)d->info.count / verts * verts * (d->info.instance_count ? d->info.instance_count : 1);
   uint32_t buffers = info->xfb_separate ? info->xfb_varying_count : 1;
   if (info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) {
      /* the primitives the geometry stage emitted, of which the host wrote those that fit
       * whole in every buffer (ES 3.2 section 12.1.1: a geometry stage's capture stops at the
       * first that does not; it is no error) */
      GLuint prims = 0;
      ctx->be->gl.EndQuery(GL_PRIMITIVES_GENERATED);
      ctx->be->gl.GetQueryObjectuiv(ctx->gs_generated, GL_QUERY_RESULT, &prims);
      written = prims;
      for (uint32_t b = 0; b < buffers && b < WIRE_MAX_SO_TARGETS; b++) {
         const struct es_so_target *t = ctx->so[b];
         uint32_t stride = info->xfb_separate ? info->xfb_varyings[b].components * 4u : info->xfb_strides[0];
         uint64_t end = (uint64_t)t->offset + t->size, start = (uint64_t)t->offset + t->captured;
         if (end > t->res->templ.width)
            end = t->res->templ.width;
         uint64_t fit = stride && end > start ? (end - start) / ((uint64_t)stride * verts) : 0;
         if (fit < written)
            written = fit;
      }
      written *= verts;
      es_check(ctx->be, "PRIMITIVES_GENERATED");
   }
   for (uint32_t b = 0; b < buffers && b < WIRE_MAX_SO_TARGETS; b++) {
      struct es_so_target *t = ctx->so[b];
      uint32_t stride = info->xfb_separate ? info->xfb_varyings[b].components * 4u : info->xfb_strides[0];
      t->captured += written * stride;
      if (t->captured > t->size)
         t->captured = t->size;
   }
}

/* ---- queries ------------------------------------------------------------------------ */
static struct srv_query *
query_create(struct srv_backend *sbe, uint32_t type)
{
   struct es_query *q = calloc(1, sizeof(*q));
   if (!q)
      return NULL;
   q->type = type;
   if (type == WIRE_QUERY_OCCLUSION_PREDICATE)
      q->target = GL_ANY_SAMPLES_PASSED;
   else if (type == WIRE_QUERY_XFB_PRIMITIVES_WRITTEN)
      q->target = GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN;
   else
      es_unimplemented(es_backend(sbe), "queries other than ANY_SAMPLES_PASSED / TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN");
   return (struct srv_query *)q;
}

static void
query_destroy(struct srv_backend *sbe, struct srv_query *sq)
{
   struct es_backend *be = es_backend(sbe);
   struct es_query *q = (struct es_query *)sq;
   if (q->name && es_make_current(be, q->ctx))
      be->gl.DeleteQueries(1, &q->name);
   free(q);
}

static void
query_begin(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_query *q = (struct es_query *)sq;
   if (!q->target || !es_make_current(ctx->be, ctx))
      return;
   if (q->name && q->ctx != ctx) {
      es_unimplemented(ctx->be, "a query object used by a second context");
      return;
   }
   if (!q->name) {
      ctx->be->gl.GenQueries(1, &q->name);
      q->ctx = ctx;
   }
   ctx->be->gl.BeginQuery(q->target, q->name);
   es_check(ctx->be, "QueryBegin");
}

static void
query_end(struct srv_ctx *sctx, struct srv_query *sq)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_query *q = (struct es_query *)sq;
   if (!q->target || !q->name || !es_make_current(ctx->be, ctx))
      return;
   ctx->be->gl.EndQuery(q->target);
   es_check(ctx->be, "QueryEnd");
}

static void
query_counter(struct srv_ctx *sctx, struct srv_query *sq)
{
   es_unimplemented(((struct es_ctx *)sctx)->be, "GL_TIMESTAMP queries");
}

static bool
query_result(struct srv_backend *sbe, struct srv_query *sq, bool wait, uint64_t *value)
{
   struct es_backend *be = es_backend(sbe);
   struct es_query *q = (struct es_query *)sq;
   *value = 0;
   if (!q->target || be->status == SRV_STATUS_DEVICE_LOST)
      return true;
   if (!q->name)
      return true; /* never begun: GL's initial result 0 */
   if (!es_make_current(be, q->ctx))
      return true;
   const struct es_gl *gl = &be->gl;
   GLuint avail = 0;
   gl->GetQueryObjectuiv(q->name, GL_QUERY_RESULT_AVAILABLE, &avail);
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
         gl->GetQueryObjectuiv(q->name, GL_QUERY_RESULT_AVAILABLE, &avail);
      }
   }
   GLuint v = 0;
   gl->GetQueryObjectuiv(q->name, GL_QUERY_RESULT, &v);
   *value = v;
   es_check(be, "QueryResult");
   return true;
}

static uint64_t
get_timestamp(struct srv_backend *sbe)
{
   es_unimplemented(es_backend(sbe), "GL_TIMESTAMP");
   return 0;
}

void
es_xfb_ops(struct srv_backend_ops *ops)
{
   ops->so_target_create = so_target_create;
   ops->so_target_destroy = so_target_destroy;
   ops->set_so_targets = set_so_targets;
   ops->query_create = query_create;
   ops->query_destroy = query_destroy;
   ops->query_begin = query_begin;
   ops->query_end = query_end;
   ops->query_counter = query_counter;
   ops->query_result = query_result;
   ops->get_timestamp = get_timestamp;
}
