/* splitgl server: the session core's internals (decode + validate + handle tables). */
#ifndef SGL_SERVER_PRIVATE_H
#define SGL_SERVER_PRIVATE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>

#include "backend.h"
#include "session.h"
#include "tables.h"
#include "wire/ops.h"
#include "wire/segment.h"

/* A resource as the core knows it: its template (for validating every later record that
 * names it) and the backend's object (NULL if its creation ran out of memory). */
struct srv_res {
   struct wire_resource_create templ;
   struct srv_resource *be;
   bool frames_back; /* WindowFramesBack: each Present sends the image to the frame sink */
};

/* A stream-output target: the buffer it writes (checked again at every bind: the buffer may
 * have been respecified) and the backend's object (NULL after out-of-memory, or once its
 * buffer was destroyed). */
struct srv_so {
   wire_handle res;
   uint32_t offset, size;
   struct srv_so_target *be;
};

/* A query object: its type, the backend's object, and the context it is active on. */
struct srv_query_obj {
   uint32_t type;             /* wire_query_type */
   struct srv_query *be;      /* NULL after out-of-memory */
   wire_handle active_ctx;    /* null unless between QueryBegin and QueryEnd */
};

struct srv_cso {
   uint32_t kind;
   void *be;                          /* backend object, NULL after out-of-memory */
   struct spv_program_info *program;  /* PROGRAM: the parsed blob (reflection) */
};

/* A context's bound state as handles, so a destroy can scrub every reference to the object
 * from every context before the backend frees it. */
struct srv_context {
   struct srv_ctx *be;
   wire_handle handle;   /* its own handle: events it raises name it */
   uint64_t draws;       /* per-context figures for GetStats */
   wire_handle cso[WIRE_CSO_COUNT];
   struct wire_framebuffer fb;
   struct wire_vertex_buffer vbs[WIRE_MAX_VERTEX_BUFFERS];
   struct wire_uniform_buffer ubs[WIRE_MAX_UNIFORM_BLOCKS];
   struct wire_sampler_view views[WIRE_MAX_SAMPLER_UNITS];
   wire_handle samplers[WIRE_MAX_SAMPLER_UNITS];
   struct wire_so_targets so;                    /* SetSoTargets as applied */
   wire_handle active_query[WIRE_QUERY_COUNT];   /* by type; null: none active */
};

struct srv_session {
   struct wire_segment seg;
   struct srv_backend *be;
   const struct srv_backend_ops *ops;
   struct srv_table tables[WIRE_KIND_COUNT];
   struct srv_context *cur;
   bool may_park;
   bool ended;
   uint64_t tail;       /* cmd bytes consumed */
   uint64_t seq;        /* seq of the record being applied */
   uint64_t last_present;
   uint8_t *scratch;    /* a copy of the record being applied (never read shared memory twice) */
   uint32_t die_at_op;  /* SPLITGL_TEST_SERVER_DIE_AT's op (0: none) */
   FILE *record;        /* SPLITGL_TEST_RECORD_SESSION's file, or NULL */
   int log_flood;       /* SPLITGL_TEST_LOG_FLOOD */
   uint8_t *readback;   /* ReadPixelsToBuffer's texels on their way into the buffer */
   size_t readback_cap;
   uint64_t event_head; /* event bytes produced (the server's copy; ctrl->event_head publishes it) */
   uint64_t events_dropped;
   /* fences not yet signalled, in id order (a ring: ids are posted in order) */
   struct srv_fence {
      uint64_t id, serial;
      wire_handle ctx; /* the context that created it (its FENCE_SIGNALED event names it) */
   } *fences;
   uint32_t fence_cap, fence_first, fence_count;
   uint64_t last_fence_id;
   bool (*idle)(void *user); /* srv_session_run's hook, also asked while parked on events */
   void *idle_user;
   struct wire_server_stats stats;
   /* WindowFramesBack's frames (srv_session_set_frame_sink) */
   void (*frame_sink)(void *user, const struct wire_frame *f, const void *texels);
   void *frame_user;
   uint8_t *frame;      /* the frame's texels on their way to the sink */
   size_t frame_cap;
   bool frame_warned;
   /* per-session caps (session.c): live objects per kind and the bytes they hold */
   struct srv_caps caps;
   uint32_t live[WIRE_KIND_COUNT];
   uint64_t object_bytes;
};

/* One handler per op, named srv_handle_<Op>; the decode table (decode.c) is derived from
 * ops.def, so an op without a handler does not link. */
#define OP(num, name, payload, flags, wait)                                                     \
   void srv_handle_##name(struct srv_session *s, const void *payload_, const uint8_t *tail, uint32_t tail_size);
#include "wire/ops.def"
#undef OP

typedef void (*srv_handler_fn)(struct srv_session *s, const void *payload, const uint8_t *tail, uint32_t tail_size);
extern const srv_handler_fn srv_handlers[WIRE_OP_LIMIT];

/** Ends the session with ProtocolCorruption "<site>"; logged once, counted. */
void srv_fatal(struct srv_session *s, const char *kind, const char *site);
/** Posts a GL error (e.g. GL_OUT_OF_MEMORY) for the client's next drain point. */
void srv_gl_error(struct srv_session *s, uint32_t gl_error);
/** Publishes `size` bytes of the reply slot as the reply to the record being applied. */
void srv_reply(struct srv_session *s, uint32_t size);
void srv_post_event(struct srv_session *s, uint32_t kind, uint32_t a, uint32_t b, const char *text);
/* An event carrying `len` bytes of data (a write-back chunk). False when the ring cannot take
 * it: the client is closing or gone, or the session ended (the event is counted as dropped). */
bool srv_post_event_data(struct srv_session *s, uint32_t kind, uint32_t a, uint32_t b, const void *data,
                         uint32_t len);
void srv_poll_fences(struct srv_session *s);

/* Lookup helpers: resolve or end the session naming `site`. */
struct srv_res *srv_get_res(struct srv_session *s, wire_handle h, const char *site);
struct srv_cso *srv_get_cso(struct srv_session *s, uint32_t kind, wire_handle h, const char *site);
/** Bytes [span.offset, +span.size) of the staging arena, or NULL (fatal) if outside it. */
const void *srv_staged(struct srv_session *s, struct wire_span span, const char *site);
/** The current context, or NULL (fatal naming site). */
struct srv_context *srv_cur(struct srv_session *s, const char *site);

/* Reference scrubbing on destroy (server/scrub.c). */
void srv_scrub_resource(struct srv_session *s, wire_handle h);
void srv_refresh_resource(struct srv_session *s, wire_handle h);
bool srv_framebuffer_valid(struct srv_session *s, const struct wire_framebuffer *fb);
uint32_t srv_cso_slot_kind(uint32_t slot);
void srv_scrub_cso(struct srv_session *s, uint32_t kind, wire_handle h);
void srv_destroy_all(struct srv_session *s);
void srv_destroy_object(struct srv_session *s, uint32_t kind, struct srv_entry *e, wire_handle h);
/* Stream output and queries (server/decode_xfb.c, decode_query.c). */
void srv_apply_so_targets(struct srv_session *s, struct srv_context *ctx);
void srv_scrub_so_target(struct srv_session *s, wire_handle h);
void srv_scrub_so_resource(struct srv_session *s, wire_handle res);
void srv_query_destroy(struct srv_session *s, struct srv_query_obj *q);
void srv_context_end_queries(struct srv_session *s, struct srv_context *ctx);

/* Re-resolve a context's bound state into the backend (server/decode_state.c). */
void srv_apply_framebuffer(struct srv_session *s, struct srv_context *ctx);
void srv_apply_vertex_buffers(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count);
void srv_apply_sampler_views(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count);
void srv_apply_uniform_buffers(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count);
void srv_apply_samplers(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count);

static inline bool
srv_is_texture_target(uint32_t t)
{
   return t != WIRE_TARGET_BUFFER && t != WIRE_TARGET_RENDERBUFFER && t != WIRE_TARGET_TEX_BUFFER &&
          t < WIRE_TARGET_COUNT;
}

#endif
