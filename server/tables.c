#include "tables.h"

#include <stdlib.h>
#include <string.h>

void
srv_table_fini(struct srv_table *t)
{
   free(t->e);
   t->e = NULL;
   t->cap = 0;
}

struct srv_entry *
srv_table_get(struct srv_table *t, wire_handle h)
{
   if (h.gen == 0 || h.slot >= t->cap)
      return NULL;
   struct srv_entry *e = &t->e[h.slot];
   return e->alive && e->gen == h.gen ? e : NULL;
}

struct srv_entry *
srv_table_claim(struct srv_table *t, wire_handle h)
{
   if (h.gen == 0 || h.slot >= WIRE_MAX_SLOTS)
      return NULL;
   if (h.slot >= t->cap) {
      uint32_t cap = t->cap ? t->cap : 64;
      while (cap <= h.slot)
         cap *= 2;
      if (cap > WIRE_MAX_SLOTS)
         cap = WIRE_MAX_SLOTS;
      struct srv_entry *n = realloc(t->e, (size_t)cap * sizeof(*n));
      if (!n)
         return NULL;
      memset(n + t->cap, 0, (size_t)(cap - t->cap) * sizeof(*n));
      t->e = n;
      t->cap = cap;
   }
   struct srv_entry *e = &t->e[h.slot];
   if (e->alive || h.gen <= e->gen)
      return NULL;
   e->alive = true;
   e->gen = h.gen;
   e->obj = NULL;
   return e;
}

void
srv_table_release(struct srv_entry *e)
{
   e->alive = false;
   e->obj = NULL;
}
