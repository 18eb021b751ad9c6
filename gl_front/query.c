/* splitgl gl_front: query objects (OpenGL ES 3.0 sections 2.13 and 4.1.6, OpenGL 3.3 sections
 * 2.14, 2.17.3 and 4.1.7) and GL_TIMESTAMP.
 *
 * Query objects are per context. The server object (QueryCreate) is made when a name is first
 * used, with the type its target fixes; BeginQuery / EndQuery / QueryCounter are records of
 * the context, and a result is a reply (QueryResult): waiting for QUERY_RESULT, not waiting
 * for QUERY_RESULT_AVAILABLE (one reply per poll; the server submits the query's work so that
 * a polling loop ends). A result once final is kept until the query is used again. */
#include <stdlib.h>

#include "glf_context.h"

/* The slot a target uses (occlusion targets share one: "only one occlusion query may be
 * active at a time"), its wire type, and whether the context's API has it. */
static bool
query_target(struct glf_context *ctx, GLenum target, enum glf_query_slot *slot, uint32_t *type)
{
   bool core = GLF_CORE(ctx);
   switch (target) {
   case GL_ANY_SAMPLES_PASSED:
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
      *slot = GLF_Q_OCCLUSION;
      *type = WIRE_QUERY_OCCLUSION_PREDICATE;
      return true;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      *slot = GLF_Q_XFB_WRITTEN;
      *type = WIRE_QUERY_XFB_PRIMITIVES_WRITTEN;
      return true;
   case GL_SAMPLES_PASSED:
      *slot = GLF_Q_OCCLUSION;
      *type = WIRE_QUERY_OCCLUSION_COUNTER;
      return core;
   case GL_PRIMITIVES_GENERATED:
      *slot = GLF_Q_PRIMITIVES_GENERATED;
      *type = WIRE_QUERY_PRIMITIVES_GENERATED;
      return core;
   case GL_TIME_ELAPSED:
      *slot = GLF_Q_TIME_ELAPSED;
      *type = WIRE_QUERY_TIME_ELAPSED;
      return core;
   default:
      return false;
   }
}

static bool
es3_or_core(struct glf_context *ctx, const char *caller)
{
   if (GLF_ES(ctx) && ctx->major < 3) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s (not in OpenGL ES 2.0)", caller);
      return false;
   }
   return true;
}

static void
query_emit_end(struct glf_context *ctx, struct glf_query *q)
{
   struct wire_query_op *p = GLF_BEGIN(ctx, QueryEnd);
   if (p) {
      p->q = q->h;
      wire_end(ctx->wire);
   }
}

static void
query_free(struct glf_context *ctx, struct glf_query *q)
{
   if (q->active) {
      /* "If an active query object is deleted its name immediately becomes unused, but the
       * underlying object is not deleted until it is no longer active": the query ends. */
      query_emit_end(ctx, q);
      for (int s = 0; s < GLF_Q_SLOTS; s++)
         if (ctx->active_query[s] == q)
            ctx->active_query[s] = NULL;
   }
   glf_emit_destroy(ctx, WIRE_KIND_QUERY, q->h);
   free(q->label);
   free(q);
}

void
glf_queries_fini(struct glf_context *ctx)
{
   GLF_HASH_FOREACH(&ctx->queries, k, v) {
      if (v != GLF_NAME_RESERVED)
         query_free(ctx, v);
   }
   glf_hash_free(&ctx->queries);
   memset(ctx->active_query, 0, sizeof(ctx->active_query));
}

void GLAPIENTRY
glf_GenQueries(GLsizei n, GLuint *ids)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !es3_or_core(ctx, "glGenQueries"))
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGenQueries(n < 0)");
      return;
   }
   GLuint first = glf_hash_find_free_block(&ctx->queries, (GLuint)n);
   for (GLsizei i = 0; i < n; i++) {
      ids[i] = first + (GLuint)i;
      if (!glf_hash_insert(&ctx->queries, ids[i], GLF_NAME_RESERVED)) {
         glf_error(ctx, GL_OUT_OF_MEMORY, "glGenQueries");
         return;
      }
   }
}

void GLAPIENTRY
glf_DeleteQueries(GLsizei n, const GLuint *ids)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !es3_or_core(ctx, "glDeleteQueries"))
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDeleteQueries(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      struct glf_query *q = ids[i] ? glf_hash_lookup(&ctx->queries, ids[i]) : NULL;
      if (!q)
         continue;
      glf_hash_remove(&ctx->queries, ids[i]);
      if (q != GLF_NAME_RESERVED)
         query_free(ctx, q);
   }
}

GLboolean GLAPIENTRY
glf_IsQuery(GLuint id)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !id)
      return GL_FALSE;
   struct glf_query *q = glf_hash_lookup(&ctx->queries, id);
   /* A generated name becomes a query object at its first BeginQuery / QueryCounter. */
   return q && q != GLF_NAME_RESERVED && q->target;
}

/* The query object `id` names for a use with `target` (created at first use), or NULL with
 * the error raised. */
static struct glf_query *
query_for_use(struct glf_context *ctx, GLuint id, GLenum target, uint32_t type, const char *caller)
{
   struct glf_query *q = id ? glf_hash_lookup(&ctx->queries, id) : NULL;
   /* From the OpenGL ES 3.0 spec, section 2.13: "BeginQuery generates an INVALID_OPERATION
    * error if any of the following conditions hold: id is zero; id is not a name returned
    * from a previous call to GenQueries, or if such a name has since been deleted with
    * DeleteQueries; id is the name of an existing query object whose type does not match
    * target; id is the active query object name for any query type". */
   if (!q) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(id=%u not generated)", caller, id);
      return NULL;
   }
   if (q == GLF_NAME_RESERVED) {
      q = calloc(1, sizeof(*q));
      if (!q || !glf_hash_insert(&ctx->queries, id, q)) {
         free(q);
         glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
         return NULL;
      }
      q->name = id;
   }
   if (q->target && q->target != target) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(query %u has another target)", caller, id);
      return NULL;
   }
   if (q->active) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(query %u is active)", caller, id);
      return NULL;
   }
   if (!q->target) {
      wire_handle h = wire_handle_mint(ctx->wire, WIRE_KIND_QUERY);
      struct wire_query_create *c = GLF_BEGIN(ctx, QueryCreate);
      if (!c) {
         wire_handle_release(ctx->wire, WIRE_KIND_QUERY, h);
         return NULL;
      }
      c->q = h;
      c->type = type;
      wire_end(ctx->wire);
      q->h = h;
      q->target = target;
   }
   return q;
}

void GLAPIENTRY
glf_BeginQuery(GLenum target, GLuint id)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !es3_or_core(ctx, "glBeginQuery"))
      return;
   enum glf_query_slot slot;
   uint32_t type;
   if (!query_target(ctx, target, &slot, &type)) {
      glf_error(ctx, GL_INVALID_ENUM, "glBeginQuery(target=0x%x)", target);
      return;
   }
   /* "... or target is a query type that already has an active query object" — the three
    * occlusion targets count as one (ES 3.0 section 2.13: "...ANY_SAMPLES_PASSED or
    * ANY_SAMPLES_PASSED_CONSERVATIVE when a query of the other target is active"). */
   if (ctx->active_query[slot]) {
      glf_error(ctx, GL_INVALID_OPERATION, "glBeginQuery(a query of target 0x%x is active)", target);
      return;
   }
   struct glf_query *q = query_for_use(ctx, id, target, type, "glBeginQuery");
   if (!q)
      return;
   struct wire_query_op *p = GLF_BEGIN(ctx, QueryBegin);
   if (!p)
      return;
   p->q = q->h;
   wire_end(ctx->wire);
   q->active = true;
   q->have_result = false;
   ctx->active_query[slot] = q;
}

void GLAPIENTRY
glf_EndQuery(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !es3_or_core(ctx, "glEndQuery"))
      return;
   enum glf_query_slot slot;
   uint32_t type;
   if (!query_target(ctx, target, &slot, &type)) {
      glf_error(ctx, GL_INVALID_ENUM, "glEndQuery(target=0x%x)", target);
      return;
   }
   /* "EndQuery generates an INVALID_OPERATION error if the query object for target is not
    * active." */
   struct glf_query *q = ctx->active_query[slot];
   if (!q || q->target != target) {
      glf_error(ctx, GL_INVALID_OPERATION, "glEndQuery(no active query of target 0x%x)", target);
      return;
   }
   query_emit_end(ctx, q);
   q->active = false;
   ctx->active_query[slot] = NULL;
}

void GLAPIENTRY
glf_QueryCounter(GLuint id, GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* From the OpenGL 3.3 spec, section 2.14: "QueryCounter ... target must be TIMESTAMP"
    * (INVALID_ENUM otherwise); the id rules are BeginQuery's. */
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glQueryCounter (not in OpenGL ES 3.0)");
      return;
   }
   if (target != GL_TIMESTAMP) {
      glf_error(ctx, GL_INVALID_ENUM, "glQueryCounter(target=0x%x)", target);
      return;
   }
   struct glf_query *q = query_for_use(ctx, id, GL_TIMESTAMP, WIRE_QUERY_TIMESTAMP, "glQueryCounter");
   if (!q)
      return;
   struct wire_query_op *p = GLF_BEGIN(ctx, QueryCounter);
   if (!p)
      return;
   p->q = q->h;
   wire_end(ctx->wire);
   q->have_result = false;
}

void GLAPIENTRY
glf_GetQueryiv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx || !es3_or_core(ctx, "glGetQueryiv"))
      return;
   enum glf_query_slot slot = GLF_Q_SLOTS;
   uint32_t type;
   bool timestamp = GLF_CORE(ctx) && target == GL_TIMESTAMP;
   if (!timestamp && !query_target(ctx, target, &slot, &type)) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(target=0x%x)", target);
      return;
   }
   /* "If pname is CURRENT_QUERY, the name of the currently active query for target, or zero
    * if no query is active, will be placed in params" (TIMESTAMP has none: GL 3.3 section
    * 6.1.12 allows only QUERY_COUNTER_BITS for it). "If pname is QUERY_COUNTER_BITS, the
    * implementation-dependent number of bits used to hold the query result for target". */
   if (pname == GL_CURRENT_QUERY && !timestamp) {
      struct glf_query *q = ctx->active_query[slot];
      *params = q && q->target == target ? (GLint)q->name : 0;
      return;
   }
   if (pname == GL_QUERY_COUNTER_BITS && GLF_CORE(ctx)) {
      bool time = timestamp || target == GL_TIME_ELAPSED;
      *params = time ? ctx->limits.timestamp_bits : 64; /* the server counts in 64 bits */
      return;
   }
   glf_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(pname=0x%x)", pname);
}

/* QUERY_RESULT / QUERY_RESULT_AVAILABLE of `id`; false with the error raised. */
static bool
query_object(struct glf_context *ctx, GLuint id, GLenum pname, uint64_t *out, const char *caller)
{
   struct glf_query *q = id ? glf_hash_lookup(&ctx->queries, id) : NULL;
   /* "If id is not the name of a query object, or if the query object named by id is
    * currently active, then an INVALID_OPERATION error is generated." "INVALID_ENUM if pname
    * is not QUERY_RESULT or QUERY_RESULT_AVAILABLE". */
   if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", caller, pname);
      return false;
   }
   if (!q || q == GLF_NAME_RESERVED || !q->target || q->active) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(id=%u %s)", caller, id, q && q != GLF_NAME_RESERVED && q->active
                                                                            ? "is active" : "is not a query object");
      return false;
   }
   if (!q->have_result) {
      struct wire_query_result *p = GLF_BEGIN(ctx, QueryResult);
      if (!p)
         return false;
      p->q = q->h;
      p->wait = pname == GL_QUERY_RESULT;
      struct wire_query_value v = {0};
      if (wire_end_reply(ctx->wire, &v, sizeof(v)) != (int64_t)sizeof(v)) {
         /* KHR_robustness: after a reset results are available (and meaningless). */
         glf_error(ctx, GL_CONTEXT_LOST, "%s(channel lost)", caller);
         *out = pname == GL_QUERY_RESULT_AVAILABLE;
         return true;
      }
      if (v.available) {
         q->have_result = true;
         q->result = v.value;
      }
   }
   *out = pname == GL_QUERY_RESULT_AVAILABLE ? q->have_result : q->result;
   return true;
}

void GLAPIENTRY
glf_GetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   uint64_t v;
   if (ctx && es3_or_core(ctx, "glGetQueryObjectuiv") && query_object(ctx, id, pname, &v, "glGetQueryObjectuiv"))
      *params = v > UINT32_MAX ? UINT32_MAX : (GLuint)v;
}

void GLAPIENTRY
glf_GetQueryObjectiv(GLuint id, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   uint64_t v;
   if (ctx && GLF_CORE(ctx) && query_object(ctx, id, pname, &v, "glGetQueryObjectiv"))
      *params = v > INT32_MAX ? INT32_MAX : (GLint)v;
   else if (ctx && !GLF_CORE(ctx))
      glf_error(ctx, GL_INVALID_OPERATION, "glGetQueryObjectiv (not in OpenGL ES 3.0)");
}

void GLAPIENTRY
glf_GetQueryObjecti64v(GLuint id, GLenum pname, GLint64 *params)
{
   GET_CURRENT_CONTEXT(ctx);
   uint64_t v;
   if (ctx && GLF_CORE(ctx) && query_object(ctx, id, pname, &v, "glGetQueryObjecti64v"))
      *params = v > INT64_MAX ? INT64_MAX : (GLint64)v;
   else if (ctx && !GLF_CORE(ctx))
      glf_error(ctx, GL_INVALID_OPERATION, "glGetQueryObjecti64v (not in OpenGL ES 3.0)");
}

void GLAPIENTRY
glf_GetQueryObjectui64v(GLuint id, GLenum pname, GLuint64 *params)
{
   GET_CURRENT_CONTEXT(ctx);
   uint64_t v;
   if (ctx && GLF_CORE(ctx) && query_object(ctx, id, pname, &v, "glGetQueryObjectui64v"))
      *params = v;
   else if (ctx && !GLF_CORE(ctx))
      glf_error(ctx, GL_INVALID_OPERATION, "glGetQueryObjectui64v (not in OpenGL ES 3.0)");
}

/* glGetInteger64v(GL_TIMESTAMP) (OpenGL 3.3 section 6.1.12): "the GL time after all
 * previous commands have reached the GL server but have not yet necessarily executed". The
 * server answers with the device's time once the earlier work completed, which is such a
 * time (a reply: it waits). */
GLint64
glf_timestamp(struct glf_context *ctx)
{
   struct wire_empty *p = GLF_BEGIN(ctx, GetTimestamp);
   if (!p)
      return 0;
   uint64_t t = 0;
   if (wire_end_reply(ctx->wire, &t, sizeof(t)) != (int64_t)sizeof(t))
      return 0;
   return t > INT64_MAX ? INT64_MAX : (GLint64)t;
}

/* ---- conditional rendering (OpenGL 3.3 core section 2.19) ------------------------------------- */
/* The query's result decides at glBeginConditionalRender: with a *_WAIT mode the client waits
 * for it (a reply); with a *_NO_WAIT mode it uses a result that is already available and
 * otherwise renders unconditionally, which the spec allows ("the GL may choose to
 * unconditionally execute the subsequent rendering commands"). The BY_REGION modes are the
 * whole framebuffer's. */
void GLAPIENTRY
glf_BeginConditionalRender(GLuint id, GLenum mode)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   const char *caller = "glBeginConditionalRender";
   if (!GLF_CORE(ctx)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s (not in OpenGL ES 3.0)", caller);
      return;
   }
   bool wait = mode == GL_QUERY_WAIT || mode == GL_QUERY_BY_REGION_WAIT;
   if (!wait && mode != GL_QUERY_NO_WAIT && mode != GL_QUERY_BY_REGION_NO_WAIT) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(mode=0x%x)", caller, mode);
      return;
   }
   /* "INVALID_OPERATION if BeginConditionalRender is called while conditional rendering is
    * in progress, or if id names a query that is active"; an id that is no query object is
    * INVALID_VALUE; a query that counts no samples INVALID_OPERATION (as Mesa). */
   struct glf_query *q = id ? glf_hash_lookup(&ctx->queries, id) : NULL;
   if (!q || q == GLF_NAME_RESERVED || !q->target) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(id=%u is not a query object)", caller, id);
      return;
   }
   if (ctx->cond_render_active || q->active ||
       (q->target != GL_SAMPLES_PASSED && q->target != GL_ANY_SAMPLES_PASSED &&
        q->target != GL_ANY_SAMPLES_PASSED_CONSERVATIVE)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(id=%u)", caller, id);
      return;
   }
   uint64_t v = 1;
   if (wait || q->have_result) {
      if (!query_object(ctx, id, GL_QUERY_RESULT, &v, caller))
         return;
   }
   ctx->cond_render_active = true;
   ctx->cond_render_discard = v == 0;
}

void GLAPIENTRY
glf_EndConditionalRender(void)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (!GLF_CORE(ctx) || !ctx->cond_render_active) {
      glf_error(ctx, GL_INVALID_OPERATION, "glEndConditionalRender(%s)",
                GLF_CORE(ctx) ? "not active" : "not in OpenGL ES 3.0");
      return;
   }
   ctx->cond_render_active = ctx->cond_render_discard = false;
}
