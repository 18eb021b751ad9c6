#ifndef SGL_TEST_FAKE_WIRE_H
#define SGL_TEST_FAKE_WIRE_H
#include "wire/client.h"
extern uint64_t fake_wire_op_count[WIRE_OP_LIMIT];
extern uint64_t fake_wire_staged;
/* GetInfo's reply (zero: a server that reports no capabilities). */
extern struct wire_server_info fake_wire_info;
/* The payload of the last Draw, and the bytes of the last wire_stage (until the next one). */
extern struct wire_draw fake_wire_last_draw;
/* The payloads of the last SetSampleState, Blit and ResourceCreate / ResourceRespecify. */
extern struct wire_sample_state fake_wire_last_sample_state;
extern struct wire_blit fake_wire_last_blit;
/* The last BlendCreate payload. */
extern struct wire_blend_state fake_wire_last_blend;
/* The last SetFramebuffer and ReadPixels payloads. */
extern struct wire_framebuffer fake_wire_last_framebuffer;
extern struct wire_read_pixels fake_wire_last_read;
extern struct wire_resource_create fake_wire_last_resource;
extern const uint8_t *fake_wire_last_stage;
extern uint32_t fake_wire_last_stage_size;
#endif
