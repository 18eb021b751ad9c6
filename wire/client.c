/* splitgl wire: the client end of a channel: record encoding, staging, waits, events. */
#include "client_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "control.h"
#include "local_server.h"
#include "util/knobs.h"
#include "util/log.h"

#define STAGE_ALIGN 16u
#define WAIT_SLICE_MS 100

static const struct wire_transport_ops *const transports[WIRE_TRANSPORT_COUNT] = {
   [WIRE_TRANSPORT_MONOLITH] = &wire_transport_monolith,
   [WIRE_TRANSPORT_INPROC] = &wire_transport_inproc,
   [WIRE_TRANSPORT_SPAWN] = &wire_transport_spawn,
   [WIRE_TRANSPORT_TCP] = &wire_transport_tcp,
};

static const char *const transport_names[WIRE_TRANSPORT_COUNT] = {"monolith", "inproc", "spawn", "tcp"};

const char *
wire_transport_name(enum wire_transport_kind k)
{
   return (unsigned)k < WIRE_TRANSPORT_COUNT ? transport_names[k] : "?";
}

enum wire_transport_kind
wire_client_transport(const struct wire_client *c)
{
   return c->kind;
}

static int
transport_from_knob(void)
{
   const char *t = sgl_knobs()->transport;
   if (!strncmp(t, "tcp:", 4))
      return WIRE_TRANSPORT_TCP; /* the address is checked when it connects */
   for (int i = 0; i < WIRE_TRANSPORT_TCP; i++)
      if (!strcmp(t, transport_names[i]))
         return i;
   return -1;
}

static uint64_t
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

bool
wire_client_map_anon(struct wire_client *c, char *err, unsigned err_size)
{
   const struct sgl_knobs *k = sgl_knobs();
   uint32_t cmd = (uint32_t)k->ring_kib * 1024u, stg = (uint32_t)k->staging_kib * 1024u;
   size_t total = wire_segment_total(cmd, stg);
   void *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
   if (p == MAP_FAILED) {
      snprintf(err, err_size, "mmap of %zu bytes failed: %s", total, strerror(errno));
      return false;
   }
   c->mapping = p;
   c->mapping_size = total;
   wire_segment_init(&c->seg, p, total, cmd, stg);
   if (!wire_segment_guard(&c->seg))
      sgl_warn("wire: cannot protect the segment's guard pages: %s", strerror(errno));
   return true;
}

struct wire_client *
wire_client_open(int kind, const struct wire_client_callbacks *cb, char *err, unsigned err_size)
{
   return wire_client_open_device(kind, NULL, cb, err, err_size);
}

struct wire_client *
wire_client_open_device(int kind, const struct wire_device_select *device, const struct wire_client_callbacks *cb,
                        char *err, unsigned err_size)
{
   if (kind < 0)
      kind = transport_from_knob();
   if (kind < 0 || kind >= WIRE_TRANSPORT_COUNT) {
      snprintf(err, err_size, "SPLITGL_TRANSPORT=%s is not one of monolith, inproc, spawn, tcp:HOST:PORT", sgl_knobs()->transport);
      return NULL;
   }
   struct wire_client *c = calloc(1, sizeof(*c));
   if (!c) {
      snprintf(err, err_size, "out of memory");
      return NULL;
   }
   pthread_mutex_init(&c->lock, NULL);
   pthread_mutex_init(&c->handle_lock, NULL);
   pthread_mutex_init(&c->frame_lock, NULL);
   c->kind = kind;
   c->ops = transports[kind];
   if (cb)
      c->cb = *cb;
   c->wait_timeout_ms = sgl_knobs()->wait_timeout_ms;
   c->run_ahead = sgl_knobs()->run_ahead != 0;
   c->present_credit = (uint32_t)sgl_knobs()->present_credit;
   c->sock = -1;
   c->memfd = -1;
   if (device)
      c->seg.device = *device; /* the transport's wire_segment_init writes it into the header */
   for (int i = 0; i < WIRE_KIND_COUNT; i++)
      wire_handle_pool_init(&c->pools[i]);
   if (!c->ops->start(c, err, err_size)) {
      for (int i = 0; i < WIRE_KIND_COUNT; i++)
         wire_handle_pool_fini(&c->pools[i]);
      free(c);
      return NULL;
   }
   sgl_dbg("wire: channel open, transport %s", transport_names[kind]);
   return c;
}

void
wire_client_close(struct wire_client *c)
{
   if (!c)
      return;
   pthread_mutex_lock(&c->lock);
   c->ops->stop(c); /* every transport's stop is safe on a lost channel */
   pthread_mutex_unlock(&c->lock);
   for (int i = 0; i < WIRE_KIND_COUNT; i++)
      wire_handle_pool_fini(&c->pools[i]);
   free(c->stage_fifo);
   free(c->scratch);
   free(c->scratch_stage);
   free(c->info);
   pthread_mutex_destroy(&c->lock);
   pthread_mutex_destroy(&c->handle_lock);
   pthread_mutex_destroy(&c->frame_lock);
   free(c);
}

/* Process exit (an atexit handler that runs before the driver's static destructors): a local
 * server must not be inside the driver (LLVM, for lavapipe) when those run, nor have work
 * queued on the device. The channel is marked lost first (a call another thread still makes
 * returns at once), then the apply thread ends and the session with its device is destroyed;
 * the mapping and the client stay (those threads may still hold them). Skipped when a thread
 * holds the channel (it is applying records on a monolith channel). */
void
wire_client_quiesce(struct wire_client *c)
{
   if (!c || !c->ops->quiesce || pthread_mutex_trylock(&c->lock) != 0)
      return;
   __atomic_store_n(&c->lost, true, __ATOMIC_RELEASE);
   c->ops->quiesce(c);
   pthread_mutex_unlock(&c->lock);
}

bool
wire_client_lost(const struct wire_client *c)
{
   return __atomic_load_n(&c->lost, __ATOMIC_ACQUIRE);
}

void
wire_client_set_lost(struct wire_client *c, const char *why)
{
   wire_client_set_lost_kind(c, why, false);
}

void
wire_client_set_lost_kind(struct wire_client *c, const char *why, bool device_lost)
{
   if (c->lost)
      return;
   __atomic_store_n(&c->lost, true, __ATOMIC_RELEASE);
   sgl_err("wire: server lost: %s", why);
   if (c->cb.lost)
      c->cb.lost(c->cb.user, why, device_lost);
}

/* ---- control messages (the server's log lines) --------------------------------------------- */

bool
wire_client_take_ctl(struct wire_client *c, const struct wire_ctrl_msg *m, const char *text)
{
   if (m->type == WIRE_CTRL_LOG) {
      /* a level this side does not know is taken as ERROR, never lowered */
      enum sgl_log_level lvl = m->level <= SGL_LOG_DEBUG ? (enum sgl_log_level)m->level : SGL_LOG_ERROR;
      sgl_log_peer(lvl, "server", text);
      return true;
   }
   if (m->type == WIRE_CTRL_FLUSH_ACK) {
      __atomic_store_n(&c->ctl_flush_acked, m->seq, __ATOMIC_RELEASE);
      __atomic_add_fetch(&c->seg.ctrl->applied_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->seg.ctrl->applied_bell);
      return true;
   }
   return false;
}

/* ---- events ------------------------------------------------------------------------------ */

static void
dispatch_event(struct wire_client *c, const struct wire_event *ev, const char *text)
{
   switch (ev->kind) {
   case WIRE_EVENT_GL_ERROR:
      if (text[0])
         sgl_warn("server: GL error 0x%04x at record %llu: %s", ev->a, (unsigned long long)ev->seq, text);
      if (c->cb.gl_error)
         c->cb.gl_error(c->cb.user, ev->ctx, ev->a);
      break;
   case WIRE_EVENT_LOG:
      sgl_log(ev->a <= SGL_LOG_DEBUG ? (enum sgl_log_level)ev->a : SGL_LOG_INFO, "server: %s", text);
      break;
   case WIRE_EVENT_FATAL:
      wire_client_set_lost(c, text);
      break;
   case WIRE_EVENT_FENCE_SIGNALED: {
      uint64_t id = (uint64_t)ev->b << 32 | ev->a;
      if (id > c->fence_next) { /* never minted: a server bug or a hostile one */
         wire_client_set_lost(c, "fence signalled before it was created");
         break;
      }
      if (id > c->fence_signaled)
         __atomic_store_n(&c->fence_signaled, id, __ATOMIC_RELEASE);
      break;
   }
   case WIRE_EVENT_DEVICE_LOST:
      wire_client_set_lost_kind(c, text[0] ? text : "device lost", true);
      break;
   default:
      break;
   }
}

/* A write-back chunk (lock held): it belongs to the BufferWriteback being waited for and
 * continues it exactly; anything else is a server bug or a hostile server. */
static bool
take_chunk(struct wire_client *c, const struct wire_event *ev, const uint8_t *data)
{
   if (!c->wb_seq || ev->seq != c->wb_seq || ev->a != c->wb_got || ev->b > WIRE_WRITEBACK_CHUNK ||
       ev->b > c->wb_size - c->wb_got || ev->b > ev->size - sizeof(*ev)) {
      wire_client_set_lost(c, "a write-back chunk the client did not ask for");
      return false;
   }
   memcpy(c->wb_dst + c->wb_got, data, ev->b);
   c->wb_got += ev->b;
   c->stats.writeback_chunks++;
   c->stats.writeback_bytes += ev->b;
   if (c->issuer) {
      c->issuer->stats.writeback_chunks++;
      c->issuer->stats.writeback_bytes += ev->b;
   }
   return true;
}

/* Lock held. */
static void
drain_locked(struct wire_client *c)
{
   if (c->ops->drain_log)
      c->ops->drain_log(c);
   struct wire_ctrl *ctrl = c->seg.ctrl;
   uint64_t head = wire_load64(&ctrl->event_head);
   uint64_t tail = ctrl->event_tail;
   if (head - tail > c->seg.event_size) { /* a server bug or a hostile one: stop trusting it */
      wire_client_set_lost(c, "event ring corrupt");
      return;
   }
   while (tail < head) {
      uint32_t off = (uint32_t)(tail % c->seg.event_size);
      if (c->seg.event_size - off < sizeof(struct wire_event)) {
         /* too few bytes for a header before the end: skipped, never written (segment.h) */
         tail += c->seg.event_size - off;
         continue;
      }
      struct wire_event ev;
      memcpy(&ev, c->seg.events + off, sizeof(ev));
      if (ev.size < sizeof(ev) || ev.size > c->seg.event_size - off || ev.size > head - tail || (ev.size & 7)) {
         wire_client_set_lost(c, "event ring corrupt");
         return;
      }
      if (ev.kind == WIRE_EVENT_WRITEBACK) {
         if (!take_chunk(c, &ev, c->seg.events + off + sizeof(ev)))
            return;
         tail += ev.size;
         continue;
      }
      char text[512] = "";
      uint32_t tlen = ev.size - (uint32_t)sizeof(ev);
      if (ev.kind != 0 && tlen) { /* kind 0 pads to the end of the ring */
         if (tlen > sizeof(text) - 1)
            tlen = sizeof(text) - 1;
         memcpy(text, c->seg.events + off + sizeof(ev), tlen);
         text[tlen] = 0;
      }
      tail += ev.size;
      if (ev.kind)
         dispatch_event(c, &ev, text);
   }
   wire_store64_sc(&ctrl->event_tail, tail);
   wire_ring_bell(&ctrl->event_bell, &ctrl->server_parked);
}

void
wire_client_drain_locked(struct wire_client *c)
{
   if (c->mapping && wire_load64(&c->seg.ctrl->event_head) != c->seg.ctrl->event_tail)
      drain_locked(c);
}

void
wire_drain(struct wire_client *c)
{
   pthread_mutex_lock(&c->lock);
   if (c->mapping)
      drain_locked(c);
   pthread_mutex_unlock(&c->lock);
}

/* ---- waits --------------------------------------------------------------------------------- */

static bool
check_alive(struct wire_client *c)
{
   uint32_t st = wire_load32(&c->seg.ctrl->server_state);
   if (st == WIRE_SERVER_FATAL) {
      char msg[sizeof(c->seg.ctrl->fatal_msg)];
      memcpy(msg, c->seg.ctrl->fatal_msg, sizeof(msg));
      msg[sizeof(msg) - 1] = 0;
      drain_locked(c); /* the device-lost event, if any, says more than the fatal line */
      wire_client_set_lost_kind(c, msg[0] ? msg : "server fatal error", !strncmp(msg, "DeviceLost", 10));
      return false;
   }
   if (st == WIRE_SERVER_ENDED || !c->ops->alive(c)) {
      wire_client_set_lost(c, "server ended the session");
      return false;
   }
   return true;
}

/* Waits (lock held) until the server applied `seq`. Bounded: every slice drains events and
 * checks liveness; past the wait timeout the channel is lost. */
static bool
wait_applied_locked(struct wire_client *c, uint64_t seq, enum wire_wait_class why)
{
   struct wire_ctrl *ctrl = c->seg.ctrl;
   if (c->lost)
      return false;
   if (wire_load64(&ctrl->applied_seq) >= seq) {
      drain_locked(c);
      return true;
   }
   c->stats.waits[why]++;
   if (c->issuer)
      c->issuer->stats.waits[why]++;
   uint64_t deadline = now_ms() + (uint64_t)c->wait_timeout_ms;
   /* The server wakes this wait when `seq` is applied, not after every record before it: a
    * wake and a wait system call per record cost more than the record on a fast GPU
    * (docs/PERFORMANCE.md, the H200 profile). Posted events it must see ring regardless. */
   wire_store64(&ctrl->client_wait_seq, seq);
   for (;;) {
      drain_locked(c);
      uint32_t bell = wire_load32(&ctrl->applied_bell);
      wire_store32_sc(&ctrl->client_waiting, 1);
      if (wire_load64_sc(&ctrl->applied_seq) >= seq)
         break;
      if (!check_alive(c))
         break;
      if (now_ms() > deadline) {
         wire_client_set_lost(c, "timed out waiting for the server");
         break;
      }
      wire_futex_wait(&ctrl->applied_bell, bell, WAIT_SLICE_MS);
   }
   wire_store32(&ctrl->client_waiting, 0);
   wire_store64(&ctrl->client_wait_seq, 0);
   drain_locked(c);
   return !c->lost && wire_load64(&ctrl->applied_seq) >= seq;
}

bool
wire_finish(struct wire_client *c)
{
   pthread_mutex_lock(&c->lock);
   bool ok = wait_applied_locked(c, c->next_seq, WIRE_WAIT_APPLIED);
   pthread_mutex_unlock(&c->lock);
   return ok;
}

/* ---- records ------------------------------------------------------------------------------- */

static uint8_t *
scratch_record(struct wire_client *c)
{
   if (!c->scratch)
      c->scratch = calloc(1, WIRE_MAX_TAIL + 4096);
   return c->scratch;
}

/* Reserves `size` contiguous ring bytes at the head, padding to the end when needed.
 * Lock held. Returns NULL if the channel is lost. */
static uint8_t *
reserve(struct wire_client *c, uint32_t size)
{
   struct wire_ctrl *ctrl = c->seg.ctrl;
   uint32_t ring = c->seg.cmd_size;
   if (size > ring) {
      /* It could never fit: an error, not a wait for space that cannot come. */
      sgl_err("wire: a record of %u bytes is larger than the %u-byte command ring (SPLITGL_RING_KIB)", size, ring);
      wire_client_set_lost(c, "record larger than the command ring");
      return NULL;
   }
   for (;;) {
      uint32_t off = (uint32_t)(c->head % ring);
      uint32_t pad = (off + size > ring) ? ring - off : 0;
      uint64_t tail = wire_load64(&ctrl->cmd_tail);
      if (c->head + pad + size - tail <= ring) {
         if (pad) {
            struct wire_record_hdr h = {WIRE_OP_PAD, 0, pad, 0};
            memcpy(c->seg.cmd + off, &h, sizeof(h));
            c->head += pad;
            off = 0;
         }
         return c->seg.cmd + off;
      }
      /* Ring full: everything in it is published, so waiting for the last record frees it. */
      if (!wait_applied_locked(c, c->next_seq, WIRE_WAIT_NONE))
         return NULL;
   }
}

/* Starts encoding a record (lock held): reserves its ring bytes, or scratch when the channel
 * is lost (the record is then dropped at publish). */
static void *
begin_locked(struct wire_client *c, uint32_t op, uint32_t tail_size)
{
   const struct wire_op_info *info = wire_op_info(op);
   uint32_t size = (uint32_t)sizeof(struct wire_record_hdr) + (info ? info->payload_size : 0) + tail_size;
   size = (size + WIRE_RECORD_ALIGN - 1) & ~(WIRE_RECORD_ALIGN - 1);
   if (!info || tail_size > WIRE_MAX_TAIL || (tail_size && !(info->flags & WF_TAIL))) {
      sgl_err("wire: bad record request op %u tail %u", op, tail_size);
      wire_client_set_lost(c, "client encoded an invalid record");
   }
   uint8_t *rec = c->lost ? NULL : reserve(c, size);
   if (!rec)
      rec = scratch_record(c);
   memset(rec, 0, size);
   c->in_record = true;
   c->rec_op = op;
   c->rec_size = size;
   c->rec = rec;
   return rec + sizeof(struct wire_record_hdr);
}

static uint64_t publish(struct wire_client *c);

static bool
handle_eq(wire_handle a, wire_handle b)
{
   return a.slot == b.slot && a.gen == b.gen;
}

void *
wire_begin(struct wire_client *c, uint32_t op, uint32_t tail_size)
{
   pthread_mutex_lock(&c->lock);
   c->issuer = NULL;
   return begin_locked(c, op, tail_size);
}

/* The context rule: before the first record of a context the server is not applying records
 * to, a MakeCurrent naming it, in the same critical section, so no other thread's record can
 * come between the switch and the record. ContextCreate itself needs no current context. */
void *
wire_begin_ctx(struct wire_client *c, struct wire_issuer *who, uint32_t op, uint32_t tail_size)
{
   pthread_mutex_lock(&c->lock);
   c->issuer = who;
   if (who && who->ctx.gen && op != WIRE_OP_ContextCreate && op != WIRE_OP_MakeCurrent &&
       !handle_eq(who->ctx, c->server_ctx)) {
      struct wire_make_current *m = begin_locked(c, WIRE_OP_MakeCurrent, 0);
      m->ctx = who->ctx;
      if (publish(c))
         c->server_ctx = who->ctx;
   }
   return begin_locked(c, op, tail_size);
}

uint32_t
wire_max_stage(const struct wire_client *c)
{
   return c->seg.staging_size / 2;
}

static bool
stage_fifo_push(struct wire_client *c, uint64_t seq, uint64_t end)
{
   if (c->stage_fifo_count == c->stage_fifo_cap) {
      uint32_t cap = c->stage_fifo_cap ? c->stage_fifo_cap * 2 : 256;
      struct wire_stage_entry *f = malloc(cap * sizeof(*f));
      if (!f)
         return false;
      for (uint32_t i = 0; i < c->stage_fifo_count; i++)
         f[i] = c->stage_fifo[(c->stage_fifo_first + i) % c->stage_fifo_cap];
      free(c->stage_fifo);
      c->stage_fifo = f;
      c->stage_fifo_cap = cap;
      c->stage_fifo_first = 0;
   }
   c->stage_fifo[(c->stage_fifo_first + c->stage_fifo_count++) % c->stage_fifo_cap] =
      (struct wire_stage_entry){seq, end};
   return true;
}

static void
stage_reclaim(struct wire_client *c)
{
   uint64_t applied = wire_load64(&c->seg.ctrl->applied_seq);
   while (c->stage_fifo_count) {
      struct wire_stage_entry *e = &c->stage_fifo[c->stage_fifo_first];
      if (e->seq > applied)
         break;
      c->stage_reclaimed = e->end;
      c->stage_fifo_first = (c->stage_fifo_first + 1) % c->stage_fifo_cap;
      c->stage_fifo_count--;
   }
   if (!c->stage_fifo_count)
      c->stage_reclaimed = c->stage_head;
}

static void *
stage_lost(struct wire_client *c, uint32_t size, struct wire_span *span)
{
   if (!c->scratch_stage)
      c->scratch_stage = malloc(wire_max_stage(c));
   span->offset = 0;
   span->size = size;
   return c->scratch_stage;
}

void *
wire_stage(struct wire_client *c, uint32_t size, struct wire_span *span)
{
   if (size > wire_max_stage(c))
      return NULL;
   if (c->lost)
      return stage_lost(c, size, span);
   uint32_t arena = c->seg.staging_size;
   uint32_t asize = (size + STAGE_ALIGN - 1) & ~(STAGE_ALIGN - 1);
   for (;;) {
      stage_reclaim(c);
      uint32_t off = (uint32_t)(c->stage_head % arena);
      uint32_t skip = (off + asize > arena) ? arena - off : 0;
      if (c->stage_head + skip + asize - c->stage_reclaimed <= arena) {
         if (skip) { /* bytes no record names: the tcp transport does not ship them */
            c->stage_skip_start = c->stage_head;
            c->stage_skip_end = c->stage_head + skip;
         }
         c->stage_head += skip;
         off = (uint32_t)(c->stage_head % arena);
         c->stage_head += asize;
         if (!stage_fifo_push(c, c->next_seq + 1, c->stage_head)) {
            wire_client_set_lost(c, "out of memory");
            return stage_lost(c, size, span);
         }
         span->offset = off;
         span->size = size;
         c->stats.staged_bytes += size;
         if (c->issuer)
            c->issuer->stats.staged_bytes += size;
         return c->seg.staging + off;
      }
      /* The oldest staged bytes belong to a published record: wait for it. */
      if (!c->stage_fifo_count || !wait_applied_locked(c, c->stage_fifo[c->stage_fifo_first].seq, WIRE_WAIT_NONE))
         return stage_lost(c, size, span);
   }
}

/* Publishes the record begun last. Lock held; returns its seq (0 when lost). */
static uint64_t
publish(struct wire_client *c)
{
   c->in_record = false;
   if (c->lost)
      return 0;
   struct wire_record_hdr h = {(uint16_t)c->rec_op, 0, c->rec_size, ++c->next_seq};
   memcpy(c->rec, &h, sizeof(h));
   c->head += c->rec_size;
   c->stats.records++;
   c->stats.bytes += c->rec_size;
   if (c->issuer) {
      c->issuer->stats.records++;
      c->issuer->stats.bytes += c->rec_size;
   }
   wire_store64_sc(&c->seg.ctrl->cmd_head, c->head);
   c->ops->kick(c);
   return h.seq;
}

/* PRESENT: at most present_credit frames in flight; the wait is for the present that many
 * frames back, never for this one. */
static void
present_credit_wait(struct wire_client *c, uint64_t seq)
{
   uint64_t n = c->presents++;
   c->present_seqs[n % 16] = seq;
   if (n >= c->present_credit) {
      uint64_t old = c->present_seqs[(n - c->present_credit) % 16];
      wait_applied_locked(c, old, WIRE_WAIT_PRESENT);
   } else {
      drain_locked(c);
   }
}

uint64_t
wire_end(struct wire_client *c)
{
   uint32_t op = c->rec_op;
   uint64_t seq = publish(c);
   const struct wire_op_info *info = wire_op_info(op);
   if (seq && info) {
      switch (info->wait_class) {
      case WIRE_WAIT_APPLIED:
      case WIRE_WAIT_REPLY:
         wait_applied_locked(c, seq, info->wait_class);
         break;
      case WIRE_WAIT_PRESENT:
         present_credit_wait(c, seq);
         if (!c->run_ahead)
            wait_applied_locked(c, seq, WIRE_WAIT_NONE);
         break;
      default:
         /* SPLITGL_RUN_AHEAD=0: the same records, the client waiting after each (counted as
          * waits of class none). */
         if (!c->run_ahead)
            wait_applied_locked(c, seq, WIRE_WAIT_NONE);
         break;
      }
   }
   if (c->lost)
      seq = 0;
   c->issuer = NULL;
   pthread_mutex_unlock(&c->lock);
   return seq;
}

int64_t
wire_end_reply(struct wire_client *c, void *dst, uint32_t cap)
{
   uint64_t seq = publish(c);
   int64_t ret = -1;
   if (seq && wait_applied_locked(c, seq, WIRE_WAIT_REPLY)) {
      struct wire_ctrl *ctrl = c->seg.ctrl;
      uint64_t rseq = wire_load64(&ctrl->reply_seq);
      uint32_t rsize = wire_load32(&ctrl->reply_bytes);
      if (rseq != seq || rsize > c->seg.reply_size) {
         wire_client_set_lost(c, "reply slot does not hold the awaited reply");
      } else {
         memcpy(dst, c->seg.reply, rsize < cap ? rsize : cap);
         ret = rsize;
      }
   }
   c->issuer = NULL;
   pthread_mutex_unlock(&c->lock);
   return ret;
}

bool
wire_end_writeback(struct wire_client *c, void *dst, uint32_t size)
{
   /* armed before publish: a monolith kick drains the events of the record it applies */
   c->wb_seq = c->lost ? 0 : c->next_seq + 1;
   c->wb_dst = dst;
   c->wb_size = size;
   c->wb_got = 0;
   uint64_t seq = publish(c);
   bool ok = seq && wait_applied_locked(c, seq, WIRE_WAIT_APPLIED) && c->wb_got == size;
   if (seq && !ok && !c->lost)
      sgl_warn("wire: a write-back brought %u of %u bytes (the server dropped the rest)", c->wb_got, size);
   c->wb_seq = 0;
   c->wb_dst = NULL;
   c->issuer = NULL;
   pthread_mutex_unlock(&c->lock);
   return ok;
}

bool
wire_has_writeback(const struct wire_client *c)
{
   return c->kind != WIRE_TRANSPORT_MONOLITH;
}

/* ---- fences ---------------------------------------------------------------------------------- */

uint64_t
wire_fence(struct wire_client *c, struct wire_issuer *who)
{
   struct wire_fence_sync *f = wire_begin_ctx(c, who, WIRE_OP_FenceSync, 0);
   /* minted under the channel lock: fences reach the server in id order */
   uint64_t id = ++c->fence_next;
   f->id = id;
   wire_end(c);
   return id;
}

static bool
fence_done(struct wire_client *c, uint64_t id)
{
   /* After a loss every fence counts as signalled (KHR_robustness: waits return). */
   return __atomic_load_n(&c->fence_signaled, __ATOMIC_ACQUIRE) >= id || wire_client_lost(c);
}

bool
wire_fence_signaled(struct wire_client *c, uint64_t id)
{
   if (fence_done(c, id))
      return true;
   pthread_mutex_lock(&c->lock);
   if (!c->lost) {
      c->ops->kick(c); /* monolith: the server polls its fences only when it runs */
      drain_locked(c);
      check_alive(c);
   }
   pthread_mutex_unlock(&c->lock);
   return fence_done(c, id);
}

/* Waits without holding the channel lock between its 1-100 ms slices, so other threads keep
 * encoding while one waits for a fence. */
bool
wire_fence_wait(struct wire_client *c, uint64_t id, uint64_t timeout_ns, const bool *cancel)
{
   struct wire_ctrl *ctrl = c->seg.ctrl;
   uint64_t start = now_ms();
   uint64_t limit_ms = timeout_ns / 1000000u + (timeout_ns % 1000000u != 0);
   bool waited = false;
   for (;;) {
      uint32_t bell = wire_load32(&ctrl->applied_bell);
      if (wire_fence_signaled(c, id))
         break;
      uint64_t elapsed = now_ms() - start;
      if (elapsed >= limit_ms || (cancel && __atomic_load_n(cancel, __ATOMIC_ACQUIRE)))
         break;
      if (!waited) {
         pthread_mutex_lock(&c->lock);
         c->stats.waits[WIRE_WAIT_REPLY]++;
         pthread_mutex_unlock(&c->lock);
         waited = true;
      }
      wire_store64_sc(&ctrl->fence_wanted, id);
      uint64_t left = limit_ms - elapsed;
      /* monolith: nobody else runs the server, so poll it often */
      int slice = c->kind == WIRE_TRANSPORT_MONOLITH ? 1 : WAIT_SLICE_MS;
      wire_futex_wait(&ctrl->applied_bell, bell, left < (uint64_t)slice ? (int)left : slice);
   }
   wire_store64(&ctrl->fence_wanted, 0);
   return fence_done(c, id);
}

/* ---- handles, stats ------------------------------------------------------------------------ */

wire_handle
wire_handle_mint(struct wire_client *c, enum wire_handle_kind kind)
{
   pthread_mutex_lock(&c->handle_lock);
   wire_handle h = wire_handle_pool_alloc(&c->pools[kind]);
   pthread_mutex_unlock(&c->handle_lock);
   return h;
}

void
wire_handle_release(struct wire_client *c, enum wire_handle_kind kind, wire_handle h)
{
   pthread_mutex_lock(&c->handle_lock);
   if (!wire_handle_pool_free(&c->pools[kind], h))
      sgl_warn("wire: release of a handle that is not live (kind %d slot %u gen %u)", kind, h.slot, h.gen);
   pthread_mutex_unlock(&c->handle_lock);
}

void
wire_client_get_stats(struct wire_client *c, const struct wire_issuer *who, struct wire_client_stats *s)
{
   pthread_mutex_lock(&c->lock);
   *s = who ? who->stats : c->stats;
   pthread_mutex_unlock(&c->lock);
   s->bytes += s->staged_bytes;
}

/* ---- local server registry ---------------------------------------------------------------- */

static const struct wire_local_server *local_server;

void
wire_register_local_server(const struct wire_local_server *srv)
{
   local_server = srv;
}

const struct wire_local_server *
wire_local_server(void)
{
   return local_server;
}

/* ---- the server's info ------------------------------------------------------------------------ */

bool
wire_client_info(struct wire_client *c, struct wire_server_info *out)
{
   pthread_mutex_lock(&c->lock);
   const struct wire_server_info *have = c->info;
   if (have)
      *out = *have;
   pthread_mutex_unlock(&c->lock);
   if (have)
      return true;
   /* Asked outside any context (the display's eglInitialize, then every context of the
    * channel reads the copy). Two threads racing here both ask and store the same answer. */
   struct wire_server_info info;
   memset(&info, 0, sizeof(info));
   struct wire_empty *p = wire_begin(c, WIRE_OP_GetInfo, 0);
   if (!p)
      return false;
   p->reserved = 0;
   if (wire_end_reply(c, &info, sizeof(info)) < (int64_t)sizeof(info))
      return false;
   info.renderer[sizeof(info.renderer) - 1] = 0;
   struct wire_server_info *copy = malloc(sizeof(*copy));
   pthread_mutex_lock(&c->lock);
   if (copy && !c->info) {
      *copy = info;
      c->info = copy;
      copy = NULL;
   }
   pthread_mutex_unlock(&c->lock);
   free(copy);
   *out = info;
   return true;
}

/* ---- frames sent back ------------------------------------------------------------------- */

void
wire_client_set_frame_sink(struct wire_client *c, wire_frame_fn fn, void *user)
{
   pthread_mutex_lock(&c->frame_lock);
   c->frame_fn = fn;
   c->frame_user = user;
   pthread_mutex_unlock(&c->frame_lock);
}

bool
wire_client_frames_back(const struct wire_client *c)
{
   return c->kind == WIRE_TRANSPORT_MONOLITH || c->kind == WIRE_TRANSPORT_INPROC || c->kind == WIRE_TRANSPORT_TCP;
}

void
wire_client_deliver_frame(struct wire_client *c, const struct wire_frame *f, const void *texels)
{
   pthread_mutex_lock(&c->frame_lock);
   if (c->frame_fn)
      c->frame_fn(c->frame_user, f, texels);
   pthread_mutex_unlock(&c->frame_lock);
}
