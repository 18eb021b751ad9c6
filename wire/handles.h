/* splitgl wire: client-side handle minting, one pool per object kind.
 * A slot is reused only after release; its gen then moves by one (gen 0 is never minted). */
#ifndef SGL_WIRE_HANDLES_H
#define SGL_WIRE_HANDLES_H

#include <stdbool.h>
#include <stdint.h>

#include "wire_types.h"

struct wire_handle_pool {
   uint32_t *gens;  /* last gen minted per slot */
   uint32_t *free;  /* stack of released slots */
   uint32_t nr_free;
   uint32_t cap;    /* allocated entries of gens/free */
   uint32_t next;   /* slots [0, next) were minted at least once */
};

void wire_handle_pool_init(struct wire_handle_pool *p);
void wire_handle_pool_fini(struct wire_handle_pool *p);
/** Returns the null handle when the pool is exhausted (WIRE_MAX_SLOTS) or out of memory. */
wire_handle wire_handle_pool_alloc(struct wire_handle_pool *p);
/** Returns false (and changes nothing) for a handle that is not live in this pool. */
bool wire_handle_pool_free(struct wire_handle_pool *p, wire_handle h);

static inline bool
wire_handle_is_null(wire_handle h)
{
   return h.gen == 0;
}

static inline bool
wire_handle_eq(wire_handle a, wire_handle b)
{
   return a.slot == b.slot && a.gen == b.gen;
}

#endif
