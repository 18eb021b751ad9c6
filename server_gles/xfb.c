/* Espryt: transform feedback (ES 3.0 section 2.15) and queries.
 *
 * Like Magma, each capturing draw is its own capture scope on the host: the targets' ranges
 * are bound from where they stand (append: after what they captured; else their start),
 * glBeginTransformFeedback / the draw / glEndTransformFeedback, and Espryt advances each
 * target by what the draw wrote (ES 3.0 draws that capture are whole POINTS / LINES /
 * TRIANGLES lists of the Begin mode: primitives * vertices * the buffer's stride; the front
 * end refuses a draw that would overflow, section 2.15.2). A geometry stage captures in its
 * output's mode. Where what a draw writes is not known here (a geometry stage, strips, indexed
 * draws, a capture that may not fit), the host's TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN query
 * around the draw counts it, the client's query of that target suspended meanwhile and given
 * the count (query.c). GL's pause / resume arrive as targets unbound / bound again with the
 * append bit. */
#include "es_private.h"

#include <stdlib.h>

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

/* The capture mode of a draw's primitive and its vertices per primitive; false for a mode the
 * host does not capture. (GL_POINTS is 0: the mode cannot double as the failure value.) With
 * a geometry stage the mode is its output's (ES 3.2 section 12.1: "primitiveMode must match
 * the output primitive type of the geometry shader"), its strips captured as lists. Without
 * one, ES 3.0 captures lists of the Begin mode only; GL core (and an ES host with geometry
 * shaders, table 12.1) also strips, loops and fans, as independent primitives. */
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
   bool strips = es_has(ctx->be, ES_FEAT_GEOMETRY_SHADER);
   switch (prim) {
   case WIRE_PRIM_POINTS: *mode = GL_POINTS, *verts = 1; return true;
   case WIRE_PRIM_LINE_LOOP:
   case WIRE_PRIM_LINE_STRIP:
      if (!strips)
         return false;
      /* fallthrough */
   case WIRE_PRIM_LINES: *mode = GL_LINES, *verts = 2; return true;
   case WIRE_PRIM_TRIANGLE_STRIP:
   case WIRE_PRIM_TRIANGLE_FAN:
      if (!strips)
         return false;
      /* fallthrough */
   case WIRE_PRIM_TRIANGLES: *mode = GL_TRIANGLES, *verts = 3; return true;
   default: return false;
   }
}

/* The bytes one vertex writes to target b. */
static uint32_t
xfb_stride(const struct spv_program_info *info, uint32_t b)
{
   return info->xfb_separate ? info->xfb_varyings[b].components * 4u : info->xfb_strides[0];
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
      es_unimplemented(be, "capturing strips, loops or fans on a host without geometry shaders (ES 3.0 captures "
                           "POINTS / LINES / TRIANGLES)");
      return false;
   }
   /* A non-indexed list draw writes a number of vertices known here; the others (a geometry
    * stage's, strips, indexed draws that may restart) and any that may not fit (GL core's
    * capture stops at the first primitive that does not, no error; ES 3.2 section 12.1.1 alike
    * on a host with geometry shaders) are counted by the host's own primitives-written query. */
   bool gs = (info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) != 0;
   bool list = d->info.mode == WIRE_PRIM_POINTS || d->info.mode == WIRE_PRIM_LINES || d->info.mode == WIRE_PRIM_TRIANGLES;
   uint64_t prims = (uint64_t)d->info.count / verts * (d->info.instance_count ? d->info.instance_count : 1);
   bool counted = gs || !list || d->info.index_size;
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
      if (start >= end)
         return true; /* full: nothing is written (the front end refuses this on ES contexts) */
      uint32_t stride = xfb_stride(info, b);
      if (stride && (end - start) / ((uint64_t)stride * verts) < prims)
         counted = true;
      be->gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, b, t->res->name, (GLintptr)start, (GLsizeiptr)(end - start));
   }
   if (counted && !es_has(be, ES_FEAT_GEOMETRY_SHADER) && !gs) {
      es_unimplemented(be, "a capture that may not fit, or of an indexed draw, on a host without geometry shaders");
      return false;
   }
   if (counted) {
      /* the client's query of the target suspended meanwhile (one active per target) and
       * given the count (es_xfb_end) */
      ctx->xfb_suspended = es_query_suspend(ctx, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      if (!ctx->xfb_written)
         be->gl.GenQueries(1, &ctx->xfb_written);
      be->gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, ctx->xfb_written);
   }
   ctx->xfb_counted = counted;
   be->gl.BeginTransformFeedback(mode);
   *active = es_check(be, "BeginTransformFeedback");
   if (!*active && counted) {
      be->gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      es_query_resume(ctx, ctx->xfb_suspended, 0);
      ctx->xfb_suspended = NULL;
   }
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
   uint64_t written = (uint64_t)d->info.count / verts * (d->info.instance_count ? d->info.instance_count : 1);
   if (ctx->xfb_counted) {
      GLuint prims = 0;
      ctx->be->gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      ctx->be->gl.GetQueryObjectuiv(ctx->xfb_written, GL_QUERY_RESULT, &prims);
      es_query_resume(ctx, ctx->xfb_suspended, prims);
      ctx->xfb_suspended = NULL;
      written = prims;
      es_check(ctx->be, "TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN");
   }
   written *= verts;
   uint32_t buffers = info->xfb_separate ? info->xfb_varying_count : 1;
   for (uint32_t b = 0; b < buffers && b < WIRE_MAX_SO_TARGETS; b++) {
      struct es_so_target *t = ctx->so[b];
      t->captured += written * xfb_stride(info, b);
      if (t->captured > t->size)
         t->captured = t->size;
   }
}

void
es_xfb_ops(struct srv_backend_ops *ops)
{
   ops->so_target_create = so_target_create;
   ops->so_target_destroy = so_target_destroy;
   ops->set_so_targets = set_so_targets;
}
