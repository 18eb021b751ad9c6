/* A recording backend for unit tests of the wire and the decoder: every call is counted and
 * the last arguments kept, so tests can assert what the server core handed a backend. */
#ifndef SGL_TEST_FAKE_BACKEND_H
#define SGL_TEST_FAKE_BACKEND_H

#include "server/backend.h"

struct fake_backend {
   struct srv_backend base;
   unsigned calls_draw, calls_clear, calls_create_res, calls_destroy_res, calls_subdata;
   unsigned calls_present, calls_read, calls_program, calls_delete_cso, calls_respecify;
   unsigned calls_set_fb, calls_bind_cso;
   struct wire_draw last_draw;
   uint32_t last_subdata_size;
   uint8_t last_subdata_first;
   struct srv_framebuffer last_fb;
   unsigned live_resources, live_csos, live_contexts;
   /* take_status script: every draw reports draw_status with a reason of (instance_count - 1)
    * 'x's (set draw_status only while the channel is idle: the server thread reads it) */
   enum srv_status draw_status;
   enum srv_status pending;
   uint32_t pending_what_len;
   struct srv_ctx *last_draw_ctx;
   unsigned draws_by_tag_mismatch; /* draws applied to a context whose tag != the draw's start */
   unsigned calls_buffer_read, calls_set_so, calls_query_begin, calls_query_end, calls_set_sample_state,
            calls_set_point_state, calls_set_clip_state;
   unsigned live_so_targets, live_queries;
   uint32_t last_so_count, last_so_append;
};

struct fake_backend *fake_backend_create(void);

#endif
