/* splitgl gl_front: constant state objects, created on the server on first use and cached
 * by value per channel. The cache is capped: the least recently used entry not used by the
 * flush in progress is destroyed (Destroy, then wire_handle_release). */
#include <stdlib.h>

#include "glf_context.h"

static const uint32_t create_op[GLF_CSO_COUNT] = {
   [GLF_CSO_BLEND] = WIRE_OP_BlendCreate,          [GLF_CSO_DSA] = WIRE_OP_DepthStencilCreate,
   [GLF_CSO_RAST] = WIRE_OP_RasterizerCreate,      [GLF_CSO_SAMPLER] = WIRE_OP_SamplerCreate,
   [GLF_CSO_VELEMS] = WIRE_OP_VertexElementsCreate,
};
static const enum wire_handle_kind handle_kind[GLF_CSO_COUNT] = {
   [GLF_CSO_BLEND] = WIRE_KIND_BLEND, [GLF_CSO_DSA] = WIRE_KIND_DSA, [GLF_CSO_RAST] = WIRE_KIND_RAST,
   [GLF_CSO_SAMPLER] = WIRE_KIND_SAMPLER, [GLF_CSO_VELEMS] = WIRE_KIND_VELEMS,
};

static uint64_t
fnv1a(const void *data, uint32_t size)
{
   const uint8_t *p = data;
   uint64_t h = 0xcbf29ce484222325ull;
   for (uint32_t i = 0; i < size; i++)
      h = (h ^ p[i]) * 0x100000001b3ull;
   return h;
}

static void
evict_one(struct glf_context *ctx, struct glf_channel *ch, struct glf_cso_cache *cache, enum glf_cso_kind kind)
{
   uint32_t victim = UINT32_MAX;
   for (uint32_t i = 0; i < cache->count; i++) {
      if (cache->e[i].last_use == ch->use_clock)
         continue; /* bound by the flush in progress */
      if (victim == UINT32_MAX || cache->e[i].last_use < cache->e[victim].last_use)
         victim = i;
   }
   if (victim == UINT32_MAX)
      return;
   struct glf_cso_entry *e = &cache->e[victim];
   glf_emit_destroy(ctx, handle_kind[kind], e->h);
   free(e->key);
   *e = cache->e[--cache->count];
   ch->cso_epoch++; /* every context re-binds its CSOs before its next draw */
}

/* The payload's first 8 bytes are its handle; the rest is the key. */
wire_handle
glf_cso_get(struct glf_context *ctx, enum glf_cso_kind kind, const void *payload, uint32_t size)
{
   struct glf_channel *ch = ctx->chan;
   struct glf_cso_cache *cache = &ch->cso[kind];
   const uint8_t *key = (const uint8_t *)payload + sizeof(wire_handle);
   uint32_t key_size = size - (uint32_t)sizeof(wire_handle);
   uint64_t hash = fnv1a(key, key_size);
   mtx_lock(&ch->lock);
   for (uint32_t i = 0; i < cache->count; i++) {
      struct glf_cso_entry *e = &cache->e[i];
      if (e->hash == hash && e->size == key_size && !memcmp(e->key, key, key_size)) {
         e->last_use = ch->use_clock;
         wire_handle h = e->h;
         mtx_unlock(&ch->lock);
         return h;
      }
   }
   if (cache->count == GLF_CSO_CACHE_CAP)
      evict_one(ctx, ch, cache, kind);
   wire_handle h = wire_handle_mint(ctx->wire, handle_kind[kind]);
   uint8_t *rec = glf_begin(ctx, create_op[kind], 0);
   if (rec) {
      memcpy(rec, &h, sizeof(h));
      memcpy(rec + sizeof(h), key, key_size);
      wire_end(ctx->wire);
   }
   void *copy = malloc(key_size);
   if (copy && cache->count < GLF_CSO_CACHE_CAP) {
      memcpy(copy, key, key_size);
      cache->e[cache->count++] = (struct glf_cso_entry){hash, ch->use_clock, h, key_size, copy};
   } else {
      free(copy); /* uncached: leaks one server object until the session ends */
   }
   mtx_unlock(&ch->lock);
   return h;
}

/* The last context on the channel is going away: destroy every cached CSO. */
void
glf_cso_cache_fini(struct glf_context *ctx, struct glf_channel *ch)
{
   for (unsigned k = 0; k < GLF_CSO_COUNT; k++) {
      for (uint32_t i = 0; i < ch->cso[k].count; i++) {
         glf_emit_destroy(ctx, handle_kind[k], ch->cso[k].e[i].h);
         free(ch->cso[k].e[i].key);
      }
      ch->cso[k].count = 0;
   }
}
