/* splitgl wire: the in-process transports.
 *   monolith  the server applies each record on the calling thread inside wire_end: no apply
 *             thread, no doorbell; the baseline for measuring what the wire costs.
 *   inproc    an apply thread in this process consumes the ring; the client runs ahead. Its
 *             log lines reach the client as a spawned server's do (DESIGN 2.7): the server's
 *             forwarding queue and sender thread (server/logfwd.c) put them in a bounded log
 *             box here, which the client empties at every drain point (each wait slice, a
 *             present, glGetError) and when it closes, as spawn reads its control socket.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "client_private.h"
#include "control.h"
#include "local_server.h"
#include "util/clock.h"
#include "util/log.h"

/* ---- inproc: the server's log box ------------------------------------------------------- */

/* What the server's sender may hand over before the client drains: about a unix socket's
 * buffer of lines, as a spawned server's sender sees. */
#define LOG_BOX_BYTES (64u << 10)

/* The control messages (struct wire_ctrl_msg + text) the sender thread handed over and the
 * client has not written yet. `lock` is a leaf; only a drain (channel lock held) empties it. */
struct wire_log_box {
   pthread_mutex_t lock;
   pthread_cond_t room, more;
   size_t used; /* written under lock, atomically: a drain peeks at it without the lock */
   bool closed; /* the session's end gave up on a stuck writer: every write fails at once */
   uint8_t buf[LOG_BOX_BYTES];
   uint8_t out[LOG_BOX_BYTES]; /* the drain's copy: written without holding `lock` */
};

/* The sender thread (server/logfwd.c) hands one message over. A box the client left full for
 * forfeit_ms means it stopped draining: *forfeit, and the session is forfeited. */
static bool
log_box_write(void *user, const void *msg, size_t n, int forfeit_ms, bool *forfeit)
{
   struct wire_log_box *b = user;
   if (n > sizeof(b->buf))
      return false;
   struct timespec dl = sgl_realtime_in_ms(forfeit_ms);
   pthread_mutex_lock(&b->lock);
   int r = 0;
   while (!b->closed && sizeof(b->buf) - b->used < n && r != ETIMEDOUT)
      r = pthread_cond_timedwait(&b->room, &b->lock, &dl);
   bool ok = !b->closed && sizeof(b->buf) - b->used >= n;
   if (ok) {
      memcpy(b->buf + b->used, msg, n);
      __atomic_store_n(&b->used, b->used + n, __ATOMIC_RELAXED); /* read unlocked by a drain */
      pthread_cond_signal(&b->more);
   } else {
      *forfeit = !b->closed;
   }
   pthread_mutex_unlock(&b->lock);
   return ok;
}

static void
log_box_unblock(void *user)
{
   struct wire_log_box *b = user;
   pthread_mutex_lock(&b->lock);
   b->closed = true;
   pthread_cond_broadcast(&b->room);
   pthread_mutex_unlock(&b->lock);
}

/* Writes what the box holds (channel lock held): each line with its level and origin, each
 * flush answer noted, in the order the server queued them. */
static void
log_box_drain(struct wire_client *c)
{
   struct wire_log_box *b = c->log_box;
   if (!b || !__atomic_load_n(&b->used, __ATOMIC_RELAXED))
      return;
   pthread_mutex_lock(&b->lock);
   size_t n = b->used;
   memcpy(b->out, b->buf, n);
   __atomic_store_n(&b->used, 0, __ATOMIC_RELAXED);
   pthread_cond_broadcast(&b->room);
   pthread_mutex_unlock(&b->lock);
   for (size_t off = 0; off + sizeof(struct wire_ctrl_msg) <= n;) {
      struct wire_ctrl_msg m;
      memcpy(&m, b->out + off, sizeof(m));
      if (m.len > WIRE_CTRL_MAX_TEXT || m.len > n - off - sizeof(m))
         break; /* cannot happen: the sender wrote whole messages */
      char text[WIRE_CTRL_MAX_TEXT + 1];
      memcpy(text, b->out + off + sizeof(m), m.len);
      text[m.len] = 0;
      wire_client_take_ctl(c, &m, text);
      off += sizeof(m) + m.len;
   }
}

/* Waits (channel lock held) up to ms for the sender to hand something over. */
static void
log_box_wait(struct wire_log_box *b, int ms)
{
   struct timespec dl = sgl_realtime_in_ms(ms);
   pthread_mutex_lock(&b->lock);
   if (!b->used)
      pthread_cond_timedwait(&b->more, &b->lock, &dl);
   pthread_mutex_unlock(&b->lock);
}

static bool
log_box_open(struct wire_client *c)
{
   if (!wire_local_server()->set_log)
      return true; /* a server that does not forward: its lines stay on stderr */
   struct wire_log_box *b = calloc(1, sizeof(*b));
   if (!b)
      return false;
   pthread_mutex_init(&b->lock, NULL);
   pthread_cond_init(&b->room, NULL);
   pthread_cond_init(&b->more, NULL);
   c->log_box = b;
   struct wire_local_log log = {log_box_write, log_box_unblock, b};
   wire_local_server()->set_log(c->session, &log);
   return true;
}

/* After the apply thread ended (its sender is joined): nothing writes to the box any more. */
static void
log_box_close(struct wire_client *c)
{
   struct wire_log_box *b = c->log_box;
   if (!b)
      return;
   log_box_drain(c);
   c->log_box = NULL;
   pthread_cond_destroy(&b->room);
   pthread_cond_destroy(&b->more);
   pthread_mutex_destroy(&b->lock);
   free(b);
}

static void
local_frame(void *user, const struct wire_frame *f, const void *texels)
{
   wire_client_deliver_frame(user, f, texels);
}

static bool
local_start(struct wire_client *c, char *err, unsigned err_size)
{
   const struct wire_local_server *srv = wire_local_server();
   if (!srv) {
      snprintf(err, err_size, "no in-process server is linked into this library");
      return false;
   }
   if (!wire_client_map_anon(c, err, err_size))
      return false;
   c->session = srv->create(&c->seg, err, err_size);
   if (!c->session) {
      munmap(c->mapping, c->mapping_size);
      c->mapping = NULL;
      return false;
   }
   if (srv->set_frame_sink)
      srv->set_frame_sink(c->session, local_frame, c);
   return true;
}

static void
local_end_session(struct wire_client *c)
{
   if (c->session)
      wire_local_server()->destroy(c->session);
   c->session = NULL;
}

static void
local_unmap(struct wire_client *c)
{
   local_end_session(c);
   if (c->mapping)
      munmap(c->mapping, c->mapping_size);
   c->mapping = NULL;
}

/* ---- monolith ---------------------------------------------------------------------------- */

/* The server cannot park on a full event ring here (it runs on this thread), so the events a
 * record raised are drained right after it is applied: the ring never overflows. */
static void
monolith_kick(struct wire_client *c)
{
   wire_local_server()->pump(c->session);
   wire_client_drain_locked(c);
}

static bool
always_alive(struct wire_client *c)
{
   return true;
}

const struct wire_transport_ops wire_transport_monolith = {
   .start = local_start,
   .kick = monolith_kick,
   .alive = always_alive,
   .stop = local_unmap,
   .quiesce = local_end_session,
};

/* ---- inproc ------------------------------------------------------------------------------ */

static void *
apply_thread(void *arg)
{
   struct wire_client *c = arg;
   wire_local_server()->run(c->session);
   __atomic_store_n(&c->thread_done, true, __ATOMIC_RELEASE);
   /* Wake a client that waits for progress so it sees the end at once. */
   __atomic_add_fetch(&c->seg.ctrl->applied_bell, 1, __ATOMIC_SEQ_CST);
   wire_futex_wake(&c->seg.ctrl->applied_bell);
   return NULL;
}

static bool
inproc_start(struct wire_client *c, char *err, unsigned err_size)
{
   if (!local_start(c, err, err_size))
      return false;
   if (!log_box_open(c)) {
      snprintf(err, err_size, "out of memory for the server's log box");
      local_unmap(c);
      return false;
   }
   if (pthread_create(&c->thread, NULL, apply_thread, c)) {
      snprintf(err, err_size, "cannot start the apply thread");
      local_unmap(c);
      log_box_close(c);
      return false;
   }
   c->thread_started = true;
   return true;
}

static void
inproc_kick(struct wire_client *c)
{
   wire_ring_bell(&c->seg.ctrl->cmd_bell, &c->seg.ctrl->server_sleeping);
}

static bool
inproc_alive(struct wire_client *c)
{
   return !__atomic_load_n(&c->thread_done, __ATOMIC_ACQUIRE);
}

/* Asks the apply thread to end and waits for it (it finishes the record it is on: waits in
 * the server are bounded), writing the server's last log lines meanwhile: the session's end
 * drains its log queue into the box and sends the counters line (server/logfwd.c bounds that:
 * 2 s for the WARN-and-below lines, a sender stuck for 2 s is given up on, 15 s in all). */
static void
inproc_end_thread(struct wire_client *c)
{
   if (c->thread_started) {
      wire_store32(&c->seg.ctrl->client_closing, 1);
      __atomic_add_fetch(&c->seg.ctrl->cmd_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->seg.ctrl->cmd_bell);
      /* A server parked on a full event ring must see the close too. */
      __atomic_add_fetch(&c->seg.ctrl->event_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->seg.ctrl->event_bell);
      while (!__atomic_load_n(&c->thread_done, __ATOMIC_ACQUIRE)) {
         log_box_drain(c);
         if (c->log_box)
            log_box_wait(c->log_box, 20);
      }
      pthread_join(c->thread, NULL);
      c->thread_started = false;
   }
   log_box_close(c);
}

static void
inproc_drain_log(struct wire_client *c)
{
   log_box_drain(c);
}

/* A log flush (DESIGN 2.7): the server's sender hands FLUSH_ACK over after every line the
 * apply thread logged before the request. */
bool
wire_inproc_log_flush(struct wire_client *c, int timeout_ms)
{
   pthread_mutex_lock(&c->lock);
   bool ok = true;
   if (c->log_box && c->session && wire_local_server()->log_flush) {
      uint32_t seq = ++c->ctl_flush_seq;
      struct timespec t0, t;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      if (wire_local_server()->log_flush(c->session, seq)) {
         for (;;) {
            log_box_drain(c);
            if ((int32_t)(__atomic_load_n(&c->ctl_flush_acked, __ATOMIC_ACQUIRE) - seq) >= 0)
               break;
            clock_gettime(CLOCK_MONOTONIC, &t);
            if (__atomic_load_n(&c->thread_done, __ATOMIC_ACQUIRE) ||
                (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >= timeout_ms) {
               ok = false;
               break;
            }
            log_box_wait(c->log_box, 10);
         }
      } else {
         log_box_drain(c); /* no forwarder runs: every line is in the box already */
      }
   }
   pthread_mutex_unlock(&c->lock);
   return ok;
}

static void
inproc_quiesce(struct wire_client *c)
{
   inproc_end_thread(c);
   local_end_session(c);
}

static void
inproc_stop(struct wire_client *c)
{
   inproc_end_thread(c);
   local_unmap(c);
}

const struct wire_transport_ops wire_transport_inproc = {
   .start = inproc_start,
   .kick = inproc_kick,
   .alive = inproc_alive,
   .stop = inproc_stop,
   .quiesce = inproc_quiesce,
   .drain_log = inproc_drain_log,
};
