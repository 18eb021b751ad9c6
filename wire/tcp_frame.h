/* splitgl wire: the tcp transport's stream (DESIGN.md §2.3, "segments framed on the stream").
 *
 * Each side keeps its own segment (wire/segment.h) in local memory. The stream carries what
 * the other side would have read from a shared mapping:
 *
 *   client -> server
 *     preamble   struct wire_tcp_preamble, then token_len token bytes (the token file's text;
 *                0 bytes without one), then struct wire_tcp_hello (with the segment header's
 *                device selection)
 *     RING       a = the new cmd_head; the ring bytes from the previous head up to it
 *     STAGE      a = staging offset; bytes to copy there (never across the arena's end)
 *     CLIENT     struct wire_tcp_client_state: event_tail, fence_wanted, client_closing
 *     CTRL       a = 0; one control message (wire/control.h: struct wire_ctrl_msg + text): FLUSH
 *   server -> client
 *     ack        struct wire_hello_ack (wire/control.h): status 0, or why it refused
 *     EVENTS     a = the event position of the first byte; event-ring bytes up to event_head
 *     REPLY      a = reply_seq; the reply slot's bytes
 *     STATE      struct wire_tcp_server_state: tails, applied_seq, server_state, fatal_msg
 *     FRAME      a = frame serial; struct wire_frame, then its texels (a window's frame sent
 *                back, WindowFramesBack); sent before the STATE that covers its Present
 *     CTRL       a = 0; one control message: LOG (a server log line with its level, sent by the
 *                session's log forwarder, server/logfwd.c, with spawn's loss policy) or
 *                FLUSH_ACK (every LOG before it was sent)
 *
 * Every frame is a struct wire_tcp_frame header followed by `len` bytes. A frame may arrive in
 * any number of TCP reads: both sides read whole frames with wire_tcp_read_full. The receiver
 * checks every frame against its own segment's sizes before copying; the records inside are
 * then decoded by the same code as on every other transport.
 */
#ifndef SGL_WIRE_TCP_FRAME_H
#define SGL_WIRE_TCP_FRAME_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire/wire_types.h"

#define WIRE_TCP_MAGIC 0x54434753u /* "SGCT" */
#define WIRE_TCP_MAX_TOKEN 1024u
#define WIRE_TCP_MIN_TOKEN 16u

enum wire_tcp_frame_type {
   WIRE_TCP_RING = 1,
   WIRE_TCP_STAGE = 2,
   WIRE_TCP_CLIENT = 3,
   WIRE_TCP_EVENTS = 4,
   WIRE_TCP_REPLY = 5,
   WIRE_TCP_STATE = 6,
   WIRE_TCP_FRAME = 7, /* server -> client: struct wire_frame + its texels (WindowFramesBack) */
   WIRE_TCP_CTRL = 8,
};

/* 16 bytes: type u32 | len u32 | a u64 */
struct wire_tcp_frame {
   uint32_t type;
   uint32_t len;
   uint64_t a;
};
static_assert(sizeof(struct wire_tcp_frame) == 16, "tcp frame header");

/* 8 bytes: magic u32 | token_len u32; the token bytes follow */
struct wire_tcp_preamble {
   uint32_t magic;
   uint32_t token_len;
};

/* 16 bytes: revision u32 | cmd_size u32 | staging_size u32 | pad u32 (zero) */
struct wire_tcp_hello {
   uint32_t revision;
   uint32_t cmd_size;
   uint32_t staging_size;
   uint32_t pad;
   struct wire_device_select device; /* the segment header's device selection (EGL devices) */
};
static_assert(sizeof(struct wire_tcp_hello) == 40, "tcp hello");

/* 24 bytes */
struct wire_tcp_client_state {
   uint64_t event_tail;
   uint64_t fence_wanted;
   uint32_t client_closing;
   uint32_t pad;
};
static_assert(sizeof(struct wire_tcp_client_state) == 24, "tcp client state");

/* 304 bytes */
struct wire_tcp_server_state {
   uint64_t cmd_tail;
   uint64_t applied_seq;
   uint64_t event_head;
   uint64_t reply_seq;
   uint32_t reply_bytes;
   uint32_t server_state;
   uint32_t server_parked;
   uint32_t pad;
   char fatal_msg[256];
};
static_assert(sizeof(struct wire_tcp_server_state) == 304, "tcp server state");

/** Reads exactly n bytes. timeout_ms bounds each wait for more bytes (< 0: none). Returns
 *  false on end of stream, error or timeout. */
bool wire_tcp_read_full(int fd, void *buf, size_t n, int timeout_ms);
/** Writes exactly n bytes (MSG_NOSIGNAL), `split` > 0 sends at most that many bytes per call
 *  (SPLITGL_TEST_TCP_SPLIT). timeout_ms bounds each wait for buffer space. */
bool wire_tcp_write_full(int fd, const void *buf, size_t n, int timeout_ms, int split);
/** Constant-time comparison of a presented token against the expected one (the time depends
 *  only on the expected length). */
bool wire_tcp_token_equal(const uint8_t *expected, uint32_t expected_len, const uint8_t *got, uint32_t got_len);
/** Reads a token file: its text without trailing white space. Returns the length, or -1 with
 *  a reason (unreadable, shorter than WIRE_TCP_MIN_TOKEN, longer than WIRE_TCP_MAX_TOKEN). */
int wire_tcp_read_token(const char *path, uint8_t *out, char *err, size_t err_size);
/** TCP_NODELAY and keep-alive probes, so a dead peer is noticed. */
void wire_tcp_tune(int fd);

#endif
