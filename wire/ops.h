/* splitgl wire: op numbers, flags, wait classes and names derived from ops.def. */
#ifndef SGL_WIRE_OPS_H
#define SGL_WIRE_OPS_H

#include <stdint.h>

#include "wire_types.h"

#define WF_TAIL 1u
#define WF_STAGED 2u
#define WF_REPLY 4u

enum wire_wait_class { WIRE_WAIT_NONE = 0, WIRE_WAIT_APPLIED, WIRE_WAIT_REPLY, WIRE_WAIT_PRESENT, WIRE_WAIT_COUNT };

enum wire_op {
#define OP(num, name, payload, flags, wait) WIRE_OP_##name = num,
#include "ops.def"
#undef OP
};

/* One past the highest op number. */
enum {
   WIRE_OP_LIMIT = 1 +
#define OP(num, name, payload, flags, wait) 0 * num + 1 +
#include "ops.def"
#undef OP
   0
};

struct wire_op_info {
   const char *name;         /* NULL: no such op */
   uint32_t payload_size;
   uint32_t flags;           /* WF_* */
   uint32_t wait_class;      /* enum wire_wait_class */
};

/** Indexed by op number; entries for numbers not in ops.def are all zero. */
extern const struct wire_op_info wire_op_table[WIRE_OP_LIMIT];

static inline const struct wire_op_info *
wire_op_info(uint32_t op)
{
   return op < WIRE_OP_LIMIT && wire_op_table[op].name ? &wire_op_table[op] : 0;
}

const char *wire_wait_class_name(uint32_t wc);

/* Payload struct of each op, for encoders: wire_payload_Draw is struct wire_draw
 * (wire_begin returns a zeroed one: tests/unit/wire_emit.h EMIT). */
#define OP(num, name, payload, flags, wait) typedef struct payload wire_payload_##name;
#include "ops.def"
#undef OP

#endif
