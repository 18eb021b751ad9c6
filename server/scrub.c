/* splitgl server: before an object is destroyed (or a resource reminted), every context's
 * bound state stops naming it, so a backend never holds a pointer the core freed. */
#include <string.h>

#include "server_private.h"


static bool
surface_names(const struct wire_surface_ref *r, wire_handle h)
{
   return r->res.gen && r->res.slot == h.slot && r->res.gen == h.gen;
}

static bool
names(wire_handle a, wire_handle h)
{
   return a.gen && a.slot == h.slot && a.gen == h.gen;
}

/* drop: the resource goes away, forget every reference. Otherwise (a remint) re-apply the
 * state naming it so the backend rebuilds what it derived from the old storage; an
 * attachment that no longer fits the new template is dropped. */
static void
refresh_context_resource(struct srv_session *s, struct srv_context *ctx, wire_handle h, bool drop)
{
   bool fb = surface_names(&ctx->fb.zsbuf, h);
   for (uint32_t i = 0; i < WIRE_MAX_COLOR_BUFS; i++)
      fb |= surface_names(&ctx->fb.cbufs[i], h);
   if (fb) {
      struct wire_framebuffer keep = ctx->fb;
      for (uint32_t i = 0; i < WIRE_MAX_COLOR_BUFS; i++)
         if (surface_names(&ctx->fb.cbufs[i], h))
            memset(&ctx->fb.cbufs[i], 0, sizeof(ctx->fb.cbufs[i]));
      if (surface_names(&ctx->fb.zsbuf, h))
         memset(&ctx->fb.zsbuf, 0, sizeof(ctx->fb.zsbuf));
      if (!drop && srv_framebuffer_valid(s, &keep))
         ctx->fb = keep;
      srv_apply_framebuffer(s, ctx);
   }
   for (uint32_t i = 0; i < WIRE_MAX_VERTEX_BUFFERS; i++) {
      if (names(ctx->vbs[i].res, h)) {
         if (drop)
            memset(&ctx->vbs[i], 0, sizeof(ctx->vbs[i]));
         srv_apply_vertex_buffers(s, ctx, i, 1);
      }
   }
   for (uint32_t i = 0; i < WIRE_MAX_UNIFORM_BLOCKS; i++) {
      if (names(ctx->ubs[i].res, h)) {
         if (drop)
            memset(&ctx->ubs[i], 0, sizeof(ctx->ubs[i]));
         srv_apply_uniform_buffers(s, ctx, i, 1);
      }
   }
   for (uint32_t i = 0; i < WIRE_MAX_SAMPLER_UNITS; i++) {
      if (names(ctx->views[i].res, h)) {
         if (drop)
            memset(&ctx->views[i], 0, sizeof(ctx->views[i]));
         srv_apply_sampler_views(s, ctx, i, 1);
      }
   }
}

static void
for_each_context(struct srv_session *s, void (*fn)(struct srv_session *, struct srv_context *, uint32_t, wire_handle),
                 uint32_t kind, wire_handle h)
{
   struct srv_table *t = &s->tables[WIRE_KIND_CONTEXT];
   for (uint32_t i = 0; i < t->cap; i++)
      if (t->e[i].alive && t->e[i].obj)
         fn(s, t->e[i].obj, kind, h);
}

static void
scrub_res_cb(struct srv_session *s, struct srv_context *ctx, uint32_t kind, wire_handle h)
{
   refresh_context_resource(s, ctx, h, true);
}

static void
refresh_res_cb(struct srv_session *s, struct srv_context *ctx, uint32_t kind, wire_handle h)
{
   refresh_context_resource(s, ctx, h, false);
}

void
srv_scrub_resource(struct srv_session *s, wire_handle h)
{
   for_each_context(s, scrub_res_cb, WIRE_KIND_RESOURCE, h);
}

void
srv_refresh_resource(struct srv_session *s, wire_handle h)
{
   for_each_context(s, refresh_res_cb, WIRE_KIND_RESOURCE, h);
}

static void
scrub_cso_cb(struct srv_session *s, struct srv_context *ctx, uint32_t kind, wire_handle h)
{
   for (uint32_t slot = 0; slot < WIRE_CSO_COUNT; slot++) {
      if (srv_cso_slot_kind(slot) == kind && names(ctx->cso[slot], h)) {
         memset(&ctx->cso[slot], 0, sizeof(ctx->cso[slot]));
         s->ops->bind_cso(ctx->be, slot, NULL);
      }
   }
   if (kind != WIRE_KIND_SAMPLER)
      return;
   for (uint32_t i = 0; i < WIRE_MAX_SAMPLER_UNITS; i++) {
      if (names(ctx->samplers[i], h)) {
         memset(&ctx->samplers[i], 0, sizeof(ctx->samplers[i]));
         srv_apply_samplers(s, ctx, i, 1);
      }
   }
}

void
srv_scrub_cso(struct srv_session *s, uint32_t kind, wire_handle h)
{
   for_each_context(s, scrub_cso_cb, kind, h);
}

/* Session end: destroy every object, contexts last (their state names the others). */
void
srv_destroy_all(struct srv_session *s)
{
   static const uint32_t order[] = {WIRE_KIND_PROGRAM, WIRE_KIND_BLEND, WIRE_KIND_DSA, WIRE_KIND_RAST,
                                    WIRE_KIND_SAMPLER, WIRE_KIND_VELEMS, WIRE_KIND_QUERY, WIRE_KIND_SO_TARGET,
                                    WIRE_KIND_RESOURCE, WIRE_KIND_CONTEXT};
   static_assert(sizeof(order) / sizeof(order[0]) == WIRE_KIND_COUNT, "every kind once");
   for (uint32_t k = 0; k < WIRE_KIND_COUNT; k++) {
      struct srv_table *t = &s->tables[order[k]];
      for (uint32_t i = 0; i < t->cap; i++)
         if (t->e[i].alive)
            srv_destroy_object(s, order[k], &t->e[i], (wire_handle){i, t->e[i].gen});
   }
}
