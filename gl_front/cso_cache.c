/* splitgl gl_front: constant state objects, created on the server on first use and cached
 * by value per context (a context is current to one thread at a time, so its cache needs no
 * lock, and no other thread can destroy a CSO between this context's lookup and its BindCso).
 * The cache is capped: the least recently used entry that this context neither has bound on
 * the server nor used in the flush in progress is destroyed (Destroy, then
 * wire_handle_release). */
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

static bool
same_handle(wire_handle a, wire_handle b)
{
   return a.slot == b.slot && a.gen == b.gen;
}

/* Whether the server has h bound in this context (a slot, or a texture unit's sampler). */
static bool
bound_on_server(const struct glf_context *ctx, enum glf_cso_kind kind, wire_handle h)
{
   if (kind != GLF_CSO_SAMPLER)
      return same_handle(ctx->bound_cso[kind], h);
   for (unsigned u = 0; u < GLF_MAX_TEXTURE_UNITS; u++)
      if (same_handle(ctx->bound_samplers[u], h))
         return true;
   return false;
}

static void
evict_one(struct glf_context *ctx, struct glf_cso_cache *cache, enum glf_cso_kind kind)
{
   uint32_t victim = UINT32_MAX;
   for (uint32_t i = 0; i < cache->count; i++) {
      if (cache->e[i].last_use == ctx->cso_clock || bound_on_server(ctx, kind, cache->e[i].h))
         continue;
      if (victim == UINT32_MAX || cache->e[i].last_use < cache->e[victim].last_use)
         victim = i;
   }
   if (victim == UINT32_MAX)
      return; /* cannot happen: the cap is far above what one flush binds */
   struct glf_cso_entry *e = &cache->e[victim];
   glf_emit_destroy(ctx, handle_kind[kind], e->h);
   free(e->key);
   *e = cache->e[--cache->count];
}

/* The payload's first 8 bytes are its handle; the rest is the key. */
wire_handle
glf_cso_get(struct glf_context *ctx, enum glf_cso_kind kind, const void *payload, uint32_t size)
{
   struct glf_cso_cache *cache = &ctx->cso[kind];
   const uint8_t *key = (const uint8_t *)payload + sizeof(wire_handle);
   uint32_t key_size = size - (uint32_t)sizeof(wire_handle);
   uint64_t hash = fnv1a(key, key_size);
   for (uint32_t i = 0; i < cache->count; i++) {
      struct glf_cso_entry *e = &cache->e[i];
      if (e->hash == hash && e->size == key_size && !memcmp(e->key, key, key_size)) {
         e->last_use = ctx->cso_clock;
         return e->h;
      }
   }
   if (cache->count == GLF_CSO_CACHE_CAP)
      evict_one(ctx, cache, kind);
   void *copy = malloc(key_size);
   if (!copy || cache->count == GLF_CSO_CACHE_CAP) {
      /* Nothing to create it into the cache with: GL_OUT_OF_MEMORY, and the state keeps its
       * previous object (OpenGL ES 3.0 section 2.5: "the state of the GL is undefined"
       * only for the command that ran out). */
      free(copy);
      glf_error(ctx, GL_OUT_OF_MEMORY, "constant state object cache");
      return (wire_handle){0, 0};
   }
   wire_handle h = wire_handle_mint(ctx->wire, handle_kind[kind]);
   uint8_t *rec = glf_begin(ctx, create_op[kind], 0);
   if (rec) {
      memcpy(rec, &h, sizeof(h));
      memcpy(rec + sizeof(h), key, key_size);
      wire_end(ctx->wire);
   }
   memcpy(copy, key, key_size);
   cache->e[cache->count++] = (struct glf_cso_entry){hash, ctx->cso_clock, h, key_size, copy};
   return h;
}

/* The context is going away: destroy every CSO it cached. */
void
glf_cso_cache_fini(struct glf_context *ctx)
{
   for (unsigned k = 0; k < GLF_CSO_COUNT; k++) {
      for (uint32_t i = 0; i < ctx->cso[k].count; i++) {
         glf_emit_destroy(ctx, handle_kind[k], ctx->cso[k].e[i].h);
         free(ctx->cso[k].e[i].key);
      }
      ctx->cso[k].count = 0;
   }
}
