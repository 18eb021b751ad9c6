/* Test-side encoding helpers over wire/client.h (tests that speak the wire directly). */
#ifndef SGL_TEST_WIRE_EMIT_H
#define SGL_TEST_WIRE_EMIT_H

#include "wire/client.h"

/* Begins record Op with its payload in `var`; the caller fills it and calls wire_end(). */
#define EMIT(c, Op, var) wire_payload_##Op *var = wire_begin(c, WIRE_OP_##Op, 0)

/* Creates a context on the server and makes it current; returns its handle. */
static inline wire_handle
emit_current_context(struct wire_client *c)
{
   wire_handle ctx = wire_handle_mint(c, WIRE_KIND_CONTEXT);
   EMIT(c, ContextCreate, cc);
   cc->ctx = ctx;
   wire_end(c);
   EMIT(c, MakeCurrent, mc);
   mc->ctx = ctx;
   wire_end(c);
   return ctx;
}

#endif
