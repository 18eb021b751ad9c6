/* splitgl server: stream-output (transform feedback) targets and their binding. */
#include <stdlib.h>
#include <string.h>

#include "server_private.h"

#define GL_OUT_OF_MEMORY 0x0505

static bool
names(wire_handle a, wire_handle h)
{
   return a.gen && a.slot == h.slot && a.gen == h.gen;
}

void
srv_handle_SoTargetCreate(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_so_target_create *c = p;
   struct srv_res *r = srv_get_res(s, c->res, "SoTargetCreate.res");
   if (!r)
      return;
   if (r->templ.target != WIRE_TARGET_BUFFER)
      return srv_fatal(s, "ProtocolCorruption", "SoTargetCreate.res");
   /* Vulkan (VK_EXT_transform_feedback) binds capture ranges at 4-byte offsets; GL's
    * BindBufferRange refuses other offsets for TRANSFORM_FEEDBACK_BUFFER. */
   if (c->offset % 4 || c->offset > r->templ.width || c->size > r->templ.width - c->offset)
      return srv_fatal(s, "ProtocolCorruption", "SoTargetCreate.range");
   struct srv_entry *e = srv_table_claim(&s->tables[WIRE_KIND_SO_TARGET], c->so);
   if (!e)
      return srv_fatal(s, "ProtocolCorruption", "SoTargetCreate.so");
   struct srv_so *so = calloc(1, sizeof(*so));
   if (!so) {
      srv_table_release(e);
      return srv_fatal(s, "OutOfMemory", "SoTargetCreate");
   }
   so->res = c->res;
   so->offset = c->offset;
   so->size = c->size;
   if (r->be) {
      so->be = s->ops->so_target_create(s->be, r->be, c->offset, c->size);
      if (!so->be)
         srv_gl_error(s, GL_OUT_OF_MEMORY);
   } else {
      s->stats.skipped++; /* the buffer has no storage (out of memory at create) */
   }
   e->obj = so;
}

void
srv_apply_so_targets(struct srv_session *s, struct srv_context *ctx)
{
   struct srv_so_target *t[WIRE_MAX_SO_TARGETS] = {0};
   uint32_t count = ctx->so.count;
   for (uint32_t i = 0; i < count; i++) {
      struct srv_entry *e = ctx->so.so[i].gen ? srv_table_get(&s->tables[WIRE_KIND_SO_TARGET], ctx->so.so[i]) : NULL;
      t[i] = e ? ((struct srv_so *)e->obj)->be : NULL;
   }
   s->ops->set_so_targets(ctx->be, count, t, ctx->so.append_mask);
}

void
srv_handle_SetSoTargets(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_so_targets *b = p;
   struct srv_context *ctx = srv_cur(s, "SetSoTargets.context");
   if (!ctx)
      return;
   if (b->append_mask >> b->count) /* count <= WIRE_MAX_SO_TARGETS: its rule */
      return srv_fatal(s, "ProtocolCorruption", "SetSoTargets.count");
   for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++) {
      if (!b->so[i].gen)
         continue;
      /* One target per buffer binding: its counter belongs to one capture stream. */
      bool dup = false;
      for (uint32_t j = 0; j < i; j++)
         dup |= names(b->so[j], b->so[i]);
      if (i >= b->count || dup) /* live: the field's rule */
         return srv_fatal(s, "ProtocolCorruption", "SetSoTargets.so");
   }
   ctx->so = *b;
   srv_apply_so_targets(s, ctx);
}

/* A target goes away: every context binding it stops capturing into it. */
void
srv_scrub_so_target(struct srv_session *s, wire_handle h)
{
   struct srv_table *t = &s->tables[WIRE_KIND_CONTEXT];
   for (uint32_t i = 0; i < t->cap; i++) {
      struct srv_context *ctx = t->e[i].alive ? t->e[i].obj : NULL;
      if (!ctx)
         continue;
      bool hit = false;
      for (uint32_t k = 0; k < WIRE_MAX_SO_TARGETS; k++) {
         if (names(ctx->so.so[k], h)) {
            memset(&ctx->so.so[k], 0, sizeof(ctx->so.so[k]));
            ctx->so.append_mask &= ~(1u << k);
            hit = true;
         }
      }
      if (hit)
         srv_apply_so_targets(s, ctx);
   }
}

/* A buffer goes away: targets on it lose their backend object (after every context that
 * binds them stopped capturing); the targets themselves stay until destroyed. */
void
srv_scrub_so_resource(struct srv_session *s, wire_handle res)
{
   struct srv_table *t = &s->tables[WIRE_KIND_SO_TARGET];
   for (uint32_t i = 0; i < t->cap; i++) {
      struct srv_so *so = t->e[i].alive ? t->e[i].obj : NULL;
      if (!so || !names(so->res, res) || !so->be)
         continue;
      struct srv_so_target *be = so->be;
      so->be = NULL;
      struct srv_table *ct = &s->tables[WIRE_KIND_CONTEXT];
      for (uint32_t c = 0; c < ct->cap; c++) {
         struct srv_context *ctx = ct->e[c].alive ? ct->e[c].obj : NULL;
         bool hit = false;
         for (uint32_t k = 0; ctx && k < WIRE_MAX_SO_TARGETS; k++)
            hit |= names(ctx->so.so[k], (wire_handle){i, t->e[i].gen});
         if (hit)
            srv_apply_so_targets(s, ctx);
      }
      s->ops->so_target_destroy(s->be, be);
   }
}
