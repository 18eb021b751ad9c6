#ifndef SGL_TEST_FAKE_WIRE_H
#define SGL_TEST_FAKE_WIRE_H
#include "wire/client.h"
extern uint64_t fake_wire_op_count[WIRE_OP_LIMIT];
extern uint64_t fake_wire_staged;
#endif
