/* splitgl server: handle tables, one per object kind. Every lookup checks slot range,
 * liveness and generation; a create must name a dead slot with a newer generation. */
#ifndef SGL_SERVER_TABLES_H
#define SGL_SERVER_TABLES_H

#include <stdbool.h>
#include <stdint.h>

#include "wire/wire_types.h"

struct srv_entry {
   uint32_t gen;   /* generation of the live object, or of the last one destroyed */
   bool alive;
   void *obj;      /* the core's object for this kind (see server/server_private.h) */
};

struct srv_table {
   struct srv_entry *e;
   uint32_t cap;
};

void srv_table_fini(struct srv_table *t);
/** The live entry {slot, gen} names, or NULL. */
struct srv_entry *srv_table_get(struct srv_table *t, wire_handle h);
/** Claims {slot, gen} for a new object: NULL if the slot is live, gen is not newer than the
 *  slot's last, the slot is out of range, or memory is short. */
struct srv_entry *srv_table_claim(struct srv_table *t, wire_handle h);
void srv_table_release(struct srv_entry *e);

#endif
