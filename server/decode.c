/* splitgl server: the decode table, derived from wire/ops.def. */
#include "server_private.h"

const srv_handler_fn srv_handlers[WIRE_OP_LIMIT] = {
#define OP(num, name, payload, flags, wait) [num] = srv_handle_##name,
#include "wire/ops.def"
#undef OP
};
