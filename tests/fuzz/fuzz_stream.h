/* The input format of the record fuzz targets, and its replay into a server session.
 *
 * A stream is a sequence of chunks, each starting with a kind byte (taken modulo 4):
 *   0 record        u16 op, u32 body size, the body: one record with the next sequence number
 *   1 staging write u32 offset, u32 size, the bytes: written into the staging arena
 *                   (offset modulo its size, clipped to its end) before later records read them
 *   2 raw record    u16 op, u16 flags, u32 size, u64 seq, u32 body size, the body: the header as
 *                   given (sizes, flags, sequence numbers the session must refuse)
 *   3 pump          nothing: the session applies what is published so far
 * Sizes past the bytes left are clipped. SPLITGL_TEST_RECORD_SESSION=PATH makes a server write
 * the sessions it applies in this format (chunks 0 and 1): the seeds of tests/fuzz/corpus.
 */
#ifndef SGL_TEST_FUZZ_STREAM_H
#define SGL_TEST_FUZZ_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "server/session.h"
#include "wire/segment.h"

#define FUZZ_CMD_SIZE (1u << 20)
#define FUZZ_STAGING_SIZE (4u << 20)
#define FUZZ_MAX_BODY (WIRE_MAX_TAIL + 8192u)

struct fuzz_rig {
   void *mem;
   size_t size;
   struct wire_segment seg;
   struct srv_session *s; /* kept across inputs (fuzz_harness.c) */
   uint64_t seq;
};

/* The segment, mapped once per process (the fuzz targets run many inputs). */
static inline void
fuzz_rig_map(struct fuzz_rig *r)
{
   r->size = wire_segment_total(FUZZ_CMD_SIZE, FUZZ_STAGING_SIZE);
   r->mem = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static inline void
fuzz_take(const uint8_t **p, size_t *n, void *out, size_t want)
{
   size_t k = want < *n ? want : *n;
   memset(out, 0, want);
   memcpy(out, *p, k);
   *p += k;
   *n -= k;
}

/* Publishes one record (header as given) at the ring's head, wrapping with a pad record
 * first where it would pass the end. False if it cannot be placed. */
static inline void
fuzz_publish(struct fuzz_rig *r, const struct wire_record_hdr *h, const uint8_t *body, uint32_t body_size)
{
   struct wire_ctrl *c = r->seg.ctrl;
   uint64_t head = c->cmd_head;
   uint32_t real = (uint32_t)((sizeof(*h) + body_size + 15u) & ~15u);
   uint32_t off = (uint32_t)(head % r->seg.cmd_size);
   if (off + real > r->seg.cmd_size) {
      struct wire_record_hdr pad = {WIRE_OP_PAD, 0, r->seg.cmd_size - off, 0};
      memcpy(r->seg.cmd + off, &pad, sizeof(pad));
      head += r->seg.cmd_size - off;
      off = 0;
   }
   memset(r->seg.cmd + off, 0, real);
   memcpy(r->seg.cmd + off, h, sizeof(*h));
   memcpy(r->seg.cmd + off + sizeof(*h), body, body_size);
   c->cmd_head = head + real;
}

/* Replays `data` into the rig's session (r->s, started on r->seg: its control page fresh, its
 * sequence at 0). The ring's records are written whole; the staging arena keeps the last
 * input's bytes (as a client's would). */
static inline void
fuzz_replay(struct fuzz_rig *r, const uint8_t *data, size_t n)
{
   r->seq = 0;
   static uint8_t body[FUZZ_MAX_BODY];
   bool alive = true;
   while (n && alive) {
      uint8_t kind = data[0] & 3;
      data++, n--;
      if (kind == 0 || kind == 2) {
         struct wire_record_hdr h = {0};
         uint32_t size = 0;
         if (kind == 0) {
            fuzz_take(&data, &n, &h.op, 2);
         } else {
            fuzz_take(&data, &n, &h.op, 2);
            fuzz_take(&data, &n, &h.flags, 2);
            fuzz_take(&data, &n, &h.size, 4);
            fuzz_take(&data, &n, &h.seq, 8);
         }
         fuzz_take(&data, &n, &size, 4);
         if (size > FUZZ_MAX_BODY)
            size = FUZZ_MAX_BODY;
         if (size > n)
            size = (uint32_t)n;
         memcpy(body, data, size);
         data += size, n -= size;
         if (kind == 0) {
            h.size = (uint32_t)((sizeof(h) + size + 15u) & ~15u);
            h.seq = ++r->seq;
         } else if (h.size > FUZZ_CMD_SIZE / 2) {
            h.size = FUZZ_CMD_SIZE / 2; /* the ring bounds what a client can publish */
         }
         fuzz_publish(r, &h, body, size);
         alive = srv_session_pump(r->s);
      } else if (kind == 1) {
         uint32_t off = 0, size = 0;
         fuzz_take(&data, &n, &off, 4);
         fuzz_take(&data, &n, &size, 4);
         off %= r->seg.staging_size;
         if (size > r->seg.staging_size - off)
            size = r->seg.staging_size - off;
         if (size > n)
            size = (uint32_t)n;
         memcpy(r->seg.staging + off, data, size);
         data += size, n -= size;
      } else {
         alive = srv_session_pump(r->s);
      }
   }
}

#endif
