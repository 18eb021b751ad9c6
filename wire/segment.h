/* splitgl wire: the shared-memory layout of one channel.
 *
 * One mapping (anonymous for monolith/inproc, a memfd passed over a unix socket for spawn):
 *
 *   [ctrl 4 KiB]G[command ring]G[staging arena]G[reply slot]G[event ring]G
 *
 * Each G is a guard page that both sides map PROT_NONE (wire_segment_guard), so an overrun
 * of any section faults at once instead of corrupting its neighbour.
 *
 * The command ring is SPSC: the client writes records at cmd_head, the server consumes at
 * cmd_tail (both monotonic byte counts; offset = count % cmd_size). A record never wraps: when
 * it does not fit before the end, the client writes a pad record (op 0) to the end first.
 * Staged bytes are reclaimed by the client once the record naming them is applied
 * (applied_seq). The reply slot holds the reply of the one REPLY record in flight. The event
 * ring carries server->client events (GL errors, fatal errors); the server parks when it is
 * full and every client wait drains it.
 *
 * Doorbells are futex words (shared futexes: the mapping may be shared across processes).
 * Every field the other side writes is read once, with an atomic load, into a local.
 */
#ifndef SGL_WIRE_SEGMENT_H
#define SGL_WIRE_SEGMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire_types.h"

#define WIRE_SEGMENT_MAGIC 0x53474c57u /* "WLGS" */
#define WIRE_CTRL_SIZE 4096u
#define WIRE_EVENT_RING_SIZE (64u * 1024u)
#define WIRE_OP_PAD 0u

enum wire_server_state {
   WIRE_SERVER_STARTING = 0,
   WIRE_SERVER_RUNNING = 1,
   WIRE_SERVER_ENDED = 2, /* clean end of session */
   WIRE_SERVER_FATAL = 3, /* ended on a fatal error: fatal_msg says which */
};

struct wire_ctrl {
   uint32_t magic;
   uint32_t revision;
   uint32_t cmd_size;
   uint32_t staging_size;
   uint32_t reply_size;
   uint32_t event_size;
   uint32_t pad0[2];

   /* written by the client */
   _Alignas(64) uint64_t cmd_head;
   uint32_t cmd_bell;       /* futex: bumped when records are published and the server sleeps */
   uint32_t server_sleeping;
   uint64_t event_tail;     /* event bytes consumed */
   uint32_t event_bell;     /* futex: bumped when the client consumed events */
   uint32_t client_closing; /* the client asks the server to end the session */
   uint64_t fence_wanted;   /* the client waits for this fence id (0: none): poll promptly */
   uint64_t client_wait_seq; /* while client_waiting: the record it waits for (revision 11); the
                              * server rings applied_bell when that record is applied, not at
                              * every record before it (0: at every record) */

   /* written by the server */
   _Alignas(64) uint64_t cmd_tail;
   uint64_t applied_seq;
   uint32_t applied_bell;   /* futex: bumped when applied_seq reaches client_wait_seq while the
                             * client waits, and whenever events it must drain arrive */
   uint32_t client_waiting;
   uint64_t reply_seq;      /* seq of the record whose reply is in the reply slot */
   uint32_t reply_bytes;
   uint32_t server_state;   /* enum wire_server_state */
   uint64_t event_head;     /* event bytes produced */
   uint32_t server_parked;  /* the server waits for event space */
   uint32_t pad1;
   char fatal_msg[256];

   /* written by the client before the server attaches, read once by wire_segment_attach
    * (revision 7): the device the session renders on (EGL_EXT_platform_device) */
   _Alignas(64) struct wire_device_select device;
};
static_assert(sizeof(struct wire_ctrl) <= WIRE_CTRL_SIZE, "ctrl");

/* An event: header + text, padded to 8 bytes. An event never wraps: when it does not fit
 * before the end of the ring, the server skips to the start. The skipped bytes carry a pad
 * event (kind 0, size = the bytes to the end) when a header fits there; when fewer than
 * sizeof(struct wire_event) bytes remain, both sides skip them without reading (nothing is
 * written there). */
struct wire_event {
   uint32_t kind; /* enum wire_event_kind; 0 pads to the end of the ring */
   uint32_t size; /* whole event including header */
   uint32_t a;
   uint32_t b;
   uint64_t seq;     /* the record whose apply raised it (0: none) */
   wire_handle ctx;  /* the context that record belongs to (null: none) */
   /* char text[] (NUL-terminated) */
};
static_assert(sizeof(struct wire_event) == 32, "event");

struct wire_segment {
   void *base;
   size_t size;
   struct wire_ctrl *ctrl;
   uint8_t *cmd;
   uint8_t *staging;
   uint8_t *reply;
   uint8_t *events;
   uint32_t cmd_size, staging_size, reply_size, event_size;
   /* Client: set before wire_segment_init, which copies it into the header. Server: what
    * wire_segment_attach read from the header. */
   struct wire_device_select device;
};

/** Total bytes for the given section sizes (each rounded to 4 KiB, each followed by a guard
 *  page). */
size_t wire_segment_total(uint32_t cmd_size, uint32_t staging_size);
/** Client: lay out and initialise a fresh mapping. */
void wire_segment_init(struct wire_segment *seg, void *base, size_t size, uint32_t cmd_size, uint32_t staging_size);
/** Server: attach to a mapping the client initialised; validates the header against the
 *  mapping size. Returns false with a reason. */
bool wire_segment_attach(struct wire_segment *seg, void *base, size_t size, char *err, size_t err_size);
/** Makes this side's guard pages inaccessible (after init or attach). False if mprotect
 *  failed (the mapping stays usable, without guards). */
bool wire_segment_guard(struct wire_segment *seg);

/* Futex helpers (shared futexes). timeout_ms < 0: no timeout. */
void wire_futex_wait(uint32_t *addr, uint32_t expected, int timeout_ms);
void wire_futex_wake(uint32_t *addr);

static inline uint64_t
wire_load64(const uint64_t *p)
{
   return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline uint32_t
wire_load32(const uint32_t *p)
{
   return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline void
wire_store64(uint64_t *p, uint64_t v)
{
   __atomic_store_n(p, v, __ATOMIC_RELEASE);
}
static inline void
wire_store32(uint32_t *p, uint32_t v)
{
   __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/* Doorbells are Dekker pairs: the producer stores its progress word and then loads the
 * consumer's "sleeping" flag; the consumer stores the flag and then loads the progress word.
 * With both stores and both loads sequentially consistent, at least one side sees the other's
 * store, so a wake-up is never lost. (Sequentially consistent accesses rather than fences:
 * ThreadSanitizer models them, and on x86 they cost the same locked store.) */
static inline void
wire_store64_sc(uint64_t *p, uint64_t v)
{
   __atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}
static inline void
wire_store32_sc(uint32_t *p, uint32_t v)
{
   __atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}
static inline uint64_t
wire_load64_sc(const uint64_t *p)
{
   return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

/** Wakes the sleeper on `bell` if `sleeping` says one waits. Call after the progress word
 *  was stored with wire_store*_sc. */
static inline void
wire_ring_bell(uint32_t *bell, const uint32_t *sleeping)
{
   if (__atomic_load_n(sleeping, __ATOMIC_SEQ_CST)) {
      __atomic_add_fetch(bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(bell);
   }
}

#endif
