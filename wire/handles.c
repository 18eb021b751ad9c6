#include "handles.h"

#include <stdlib.h>
#include <string.h>

/* Live slots keep their gen with the top bit set; released slots have it clear. */
#define LIVE 0x80000000u

void
wire_handle_pool_init(struct wire_handle_pool *p)
{
   memset(p, 0, sizeof(*p));
}

void
wire_handle_pool_fini(struct wire_handle_pool *p)
{
   free(p->gens);
   free(p->free);
   memset(p, 0, sizeof(*p));
}

static bool
grow(struct wire_handle_pool *p)
{
   uint32_t cap = p->cap ? p->cap * 2 : 64;
   if (cap > WIRE_MAX_SLOTS)
      cap = WIRE_MAX_SLOTS;
   if (cap <= p->cap)
      return false;
   uint32_t *g = realloc(p->gens, cap * sizeof(*g));
   if (!g)
      return false;
   p->gens = g;
   uint32_t *f = realloc(p->free, cap * sizeof(*f));
   if (!f)
      return false;
   p->free = f;
   memset(p->gens + p->cap, 0, (cap - p->cap) * sizeof(*g));
   p->cap = cap;
   return true;
}

wire_handle
wire_handle_pool_alloc(struct wire_handle_pool *p)
{
   uint32_t slot;
   if (p->nr_free) {
      slot = p->free[--p->nr_free];
   } else {
      if (p->next == p->cap && !grow(p))
         return (wire_handle){0, 0};
      slot = p->next++;
   }
   uint32_t gen = (p->gens[slot] & ~LIVE) + 1;
   if (gen >= LIVE) /* gen space of this slot exhausted: retire the slot for good */
      return wire_handle_pool_alloc(p);
   p->gens[slot] = gen | LIVE;
   return (wire_handle){slot, gen};
}

bool
wire_handle_pool_free(struct wire_handle_pool *p, wire_handle h)
{
   if (h.gen == 0 || h.slot >= p->next || p->gens[h.slot] != (h.gen | LIVE))
      return false;
   p->gens[h.slot] = h.gen;
   p->free[p->nr_free++] = h.slot;
   return true;
}
