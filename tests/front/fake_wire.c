/* A recording stand-in for wire/client.c: front-end unit tests run without a server.
 * Records are counted per op; replies are zero-filled. */
#include <stdlib.h>
#include <string.h>

#include "fake_wire.h"

const struct wire_op_info wire_op_table[WIRE_OP_LIMIT] = {
#define OP(num, name, payload, flags, wait) [num] = {#name, sizeof(struct payload), flags, WIRE_WAIT_##wait},
#include "wire/ops.def"
#undef OP
};

struct wire_client {
   int dummy;
};
static struct wire_client the_client;
static _Alignas(16) uint8_t record[WIRE_MAX_TAIL + 4096];
static uint8_t *stage_buf;
static uint32_t cur_op;
static uint32_t next_slot[WIRE_KIND_COUNT];
uint64_t fake_wire_op_count[WIRE_OP_LIMIT];
uint64_t fake_wire_staged;
struct wire_server_info fake_wire_info;
struct wire_draw fake_wire_last_draw;
struct wire_sample_state fake_wire_last_sample_state;
struct wire_blit fake_wire_last_blit;
struct wire_blend_state fake_wire_last_blend;
struct wire_framebuffer fake_wire_last_framebuffer;
struct wire_read_pixels fake_wire_last_read;
struct wire_resource_create fake_wire_last_resource;
const uint8_t *fake_wire_last_stage;
uint32_t fake_wire_last_stage_size;

struct wire_client *
wire_client_open(int kind, const struct wire_client_callbacks *cb, char *err, unsigned err_size)
{
   return &the_client;
}

struct wire_client *
wire_client_open_device(int kind, const struct wire_device_select *device, const struct wire_client_callbacks *cb,
                        char *err, unsigned err_size)
{
   return &the_client;
}

void wire_client_close(struct wire_client *c) {}
void wire_client_quiesce(struct wire_client *c) {}
enum wire_transport_kind wire_client_transport(const struct wire_client *c) { return WIRE_TRANSPORT_MONOLITH; }
const char *wire_transport_name(enum wire_transport_kind k) { return "fake"; }
void wire_client_set_frame_sink(struct wire_client *c, wire_frame_fn fn, void *user) {}
bool wire_client_frames_back(const struct wire_client *c) { return false; }

void *
wire_begin(struct wire_client *c, uint32_t op, uint32_t tail_size)
{
   cur_op = op;
   return record;
}

void *
wire_stage(struct wire_client *c, uint32_t size, struct wire_span *span)
{
   if (size > wire_max_stage(c))
      return NULL;
   free(stage_buf);
   stage_buf = malloc(size ? size : 1);
   span->offset = 0;
   span->size = size;
   fake_wire_staged += size;
   fake_wire_last_stage = stage_buf;
   fake_wire_last_stage_size = size;
   return stage_buf;
}

void *
wire_begin_ctx(struct wire_client *c, struct wire_issuer *who, uint32_t op, uint32_t tail_size)
{
   return wire_begin(c, op, tail_size);
}

uint32_t wire_max_stage(const struct wire_client *c) { return 1u << 20; }

uint64_t
wire_end(struct wire_client *c)
{
   fake_wire_op_count[cur_op]++;
   if (cur_op == WIRE_OP_Draw)
      memcpy(&fake_wire_last_draw, record, sizeof(fake_wire_last_draw));
   if (cur_op == WIRE_OP_SetSampleState)
      memcpy(&fake_wire_last_sample_state, record, sizeof(fake_wire_last_sample_state));
   if (cur_op == WIRE_OP_Blit)
      memcpy(&fake_wire_last_blit, record, sizeof(fake_wire_last_blit));
   if (cur_op == WIRE_OP_BlendCreate)
      memcpy(&fake_wire_last_blend, record, sizeof(fake_wire_last_blend));
   if (cur_op == WIRE_OP_SetFramebuffer)
      memcpy(&fake_wire_last_framebuffer, record, sizeof(fake_wire_last_framebuffer));
   if (cur_op == WIRE_OP_ResourceCreate || cur_op == WIRE_OP_ResourceRespecify)
      memcpy(&fake_wire_last_resource, record, sizeof(fake_wire_last_resource));
   return 1;
}

int64_t
wire_end_reply(struct wire_client *c, void *dst, uint32_t cap)
{
   fake_wire_op_count[cur_op]++;
   if (cur_op == WIRE_OP_ReadPixels)
      memcpy(&fake_wire_last_read, record, sizeof(fake_wire_last_read));
   memset(dst, 0, cap);
   if (cur_op == WIRE_OP_GetInfo)
      memcpy(dst, &fake_wire_info, cap < sizeof(fake_wire_info) ? cap : sizeof(fake_wire_info));
   return cap;
}

/* The fake transport is a monolith (no write-back path): reads take BufferRead replies. */
bool wire_has_writeback(const struct wire_client *c) { return false; }

bool
wire_end_writeback(struct wire_client *c, void *dst, uint32_t size)
{
   fake_wire_op_count[cur_op]++;
   memset(dst, 0, size);
   return true;
}

/* Not cached here: a test may change fake_wire_info between contexts. */
bool
wire_client_info(struct wire_client *c, struct wire_server_info *out)
{
   fake_wire_op_count[WIRE_OP_GetInfo]++;
   *out = fake_wire_info;
   return true;
}

bool wire_finish(struct wire_client *c) { return true; }
void wire_drain(struct wire_client *c) {}
bool wire_client_lost(const struct wire_client *c) { return false; }

wire_handle
wire_handle_mint(struct wire_client *c, enum wire_handle_kind kind)
{
   return (wire_handle){++next_slot[kind], 1};
}

void wire_handle_release(struct wire_client *c, enum wire_handle_kind kind, wire_handle h) {}

void
wire_client_get_stats(struct wire_client *c, const struct wire_issuer *who, struct wire_client_stats *s)
{
   memset(s, 0, sizeof(*s));
}

const char *wire_wait_class_name(uint32_t wc) { return "?"; }

/* Fences: every fence is signalled at once (no device behind the fake). */
static uint64_t fake_fence_next;
uint64_t wire_fence(struct wire_client *c, struct wire_issuer *who)
{
   fake_wire_op_count[WIRE_OP_FenceSync]++;
   return ++fake_fence_next;
}
bool wire_fence_signaled(struct wire_client *c, uint64_t id) { return true; }
bool wire_fence_wait(struct wire_client *c, uint64_t id, uint64_t timeout_ns, const bool *cancel) { return true; }
