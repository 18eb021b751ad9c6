/* splitgl wire: the op table derived from ops.def. */
#include "ops.h"

#define WIRE_WAIT_CLASS_NONE WIRE_WAIT_NONE
#define WIRE_WAIT_CLASS_APPLIED WIRE_WAIT_APPLIED
#define WIRE_WAIT_CLASS_REPLY WIRE_WAIT_REPLY
#define WIRE_WAIT_CLASS_PRESENT WIRE_WAIT_PRESENT

const struct wire_op_info wire_op_table[WIRE_OP_LIMIT] = {
#define OP(num, name, payload, flags, wait)                                                   \
   [num] = {#name, sizeof(struct payload), (flags), WIRE_WAIT_CLASS_##wait},
#include "ops.def"
#undef OP
};

/* Op numbers are dense 1..N: WIRE_OP_LIMIT is computed by counting, so a gap or a duplicate
 * would put an op past the table. */
#define OP(num, name, payload, flags, wait)                                                    \
   static_assert(num > 0 && num < WIRE_OP_LIMIT, "op number " #name " out of the dense range"); \
   static_assert(sizeof(struct payload) % 8 == 0, "payload of " #name " not 8-byte sized");
#include "ops.def"
#undef OP

const char *
wire_wait_class_name(uint32_t wc)
{
   static const char *names[] = {"none", "applied", "reply", "present"};
   return wc < WIRE_WAIT_COUNT ? names[wc] : "?";
}
