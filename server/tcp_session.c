/* splitgl-server: the session of one tcp connection (wire/tcp_frame.h has the stream).
 *
 * The session runs in its own forked process on a local segment of the sizes the client's
 * hello names. A receive thread copies the client's frames into it (ring bytes, staged spans,
 * the client's progress words), checking each frame against the segment before copying; the
 * session thread decodes and applies the records with the same code as every transport; a
 * send thread ships the server's side back (event-ring bytes, the reply slot, the progress
 * words and the fatal message). A frame that breaks the stream's rules ends the session with
 * ProtocolCorruption "Frame.<type>", like a malformed record.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "listen.h"
#include "logfwd.h"
#include "server_private.h"
#include "util/clock.h"
#include "util/log.h"
#include "wire/control.h"
#include "wire/tcp_frame.h"

#define HANDSHAKE_MS 5000  /* the preamble, token and hello must arrive within this */
#define FRAME_MS 30000     /* the rest of a frame whose header arrived */
#define TICK_MS 100        /* how often the receive thread looks at its stop flag */
#define TX_SLICE_MS 5      /* the send thread's longest sleep between looks at the segment */
#define CLOSE_WAIT_MS 25000 /* after our end of stream, for the client to read it and close */

struct tcp_bridge {
   int fd;
   const char *peer;
   struct wire_segment seg;
   struct srv_session *s;
   volatile sig_atomic_t *stop;
   int watchdog_ms;
   pthread_t rx, tx, wd;
   pthread_mutex_t send_lock; /* frames never interleave (the send thread, the session thread's
                               * FRAMEs, the log forwarder) */
   struct srv_logfwd *fwd;    /* the session's log lines (DESIGN 2.7) */
   bool rx_stop, tx_stop;    /* atomic */
   bool peer_gone;           /* atomic: the connection closed or failed */
   const char *corrupt_site; /* atomic: the frame rule the client broke */

   /* receive thread */
   uint64_t head;
   /* send thread: what the client has been sent */
   uint64_t sent_event_head, sent_reply_seq;
   struct wire_tcp_server_state sent;
};

static void
send_ack(int fd, int status, const char *msg)
{
   struct wire_hello_ack ack = {WIRE_HELLO_MAGIC, WIRE_PROTOCOL_REVISION, status, 0, {0}};
   snprintf(ack.msg, sizeof(ack.msg), "%s", msg);
   wire_tcp_write_full(fd, &ack, sizeof(ack), HANDSHAKE_MS, 0);
}

/* Ends a connection the server refused: the answer goes out before the close, and what the
 * client already sent is read away so the close does not reset the answer. */
static void
refuse(int fd, const char *peer, const char *why, const char *answer)
{
   sgl_warn("server: tcp: refused the session from %s: %s", peer, why);
   send_ack(fd, 1, answer);
   shutdown(fd, SHUT_WR);
   uint8_t sink[4096];
   for (int i = 0; i < 64 && wire_tcp_read_full(fd, sink, 1, 200); i++)
      (void)!recv(fd, sink, sizeof(sink), MSG_DONTWAIT);
}

/* ---- client -> server ---------------------------------------------------------------------- */

static void
wake_session(struct tcp_bridge *b)
{
   struct wire_ctrl *c = b->seg.ctrl;
   __atomic_add_fetch(&c->cmd_bell, 1, __ATOMIC_SEQ_CST);
   wire_futex_wake(&c->cmd_bell);
   __atomic_add_fetch(&c->event_bell, 1, __ATOMIC_SEQ_CST);
   wire_futex_wake(&c->event_bell);
}

static bool
read_into(struct tcp_bridge *b, uint8_t *base, uint32_t size, uint64_t pos, uint32_t n)
{
   uint32_t off = (uint32_t)(pos % size);
   uint32_t first = n < size - off ? n : size - off;
   return wire_tcp_read_full(b->fd, base + off, first, FRAME_MS) &&
          wire_tcp_read_full(b->fd, base, n - first, FRAME_MS);
}

/* One frame into the segment. Returns NULL, or the frame rule broken (site), or "" when the
 * connection ended. */
static const char *
receive_frame(struct tcp_bridge *b)
{
   struct wire_ctrl *c = b->seg.ctrl;
   struct wire_tcp_frame f;
   if (!wire_tcp_read_full(b->fd, &f, sizeof(f), FRAME_MS))
      return "";
   switch (f.type) {
   case WIRE_TCP_RING: {
      /* the new head covers exactly the bytes sent, and never more than the ring holds
       * beyond what the session has consumed: bytes it still reads are never overwritten */
      uint64_t tail = wire_load64(&c->cmd_tail);
      if (f.a < b->head || f.a - b->head != f.len || f.a - tail > b->seg.cmd_size)
         return "Frame.RING";
      if (!read_into(b, b->seg.cmd, b->seg.cmd_size, b->head, f.len))
         return "";
      b->head = f.a;
      wire_store64_sc(&c->cmd_head, b->head);
      wire_ring_bell(&c->cmd_bell, &c->server_sleeping);
      return NULL;
   }
   case WIRE_TCP_STAGE:
      if (f.a > b->seg.staging_size || f.len > b->seg.staging_size - f.a)
         return "Frame.STAGE";
      return wire_tcp_read_full(b->fd, b->seg.staging + f.a, f.len, FRAME_MS) ? NULL : "";
   case WIRE_TCP_CLIENT: {
      struct wire_tcp_client_state cs;
      if (f.len != sizeof(cs) || f.a)
         return "Frame.CLIENT";
      if (!wire_tcp_read_full(b->fd, &cs, sizeof(cs), FRAME_MS))
         return "";
      if (cs.pad || cs.client_closing > 1)
         return "Frame.CLIENT";
      wire_store64(&c->fence_wanted, cs.fence_wanted);
      wire_store64_sc(&c->event_tail, cs.event_tail); /* the session checks it against its head */
      wire_ring_bell(&c->event_bell, &c->server_parked);
      if (cs.client_closing) {
         wire_store32(&c->client_closing, 1);
         wake_session(b);
      }
      return NULL;
   }
   case WIRE_TCP_CTRL: {
      /* a log flush: answered after every line queued before it */
      struct wire_ctrl_msg m;
      if (f.len != sizeof(m) || f.a)
         return "Frame.CTRL";
      if (!wire_tcp_read_full(b->fd, &m, sizeof(m), FRAME_MS))
         return "";
      if (m.magic != WIRE_CTRL_MAGIC || m.type != WIRE_CTRL_FLUSH || m.len)
         return "Frame.CTRL";
      if (b->fwd)
         srv_logfwd_flush_request(b->fwd, m.seq);
      return NULL;
   }
   default:
      return "Frame.type";
   }
}

static void *
rx_thread(void *arg)
{
   struct tcp_bridge *b = arg;
   while (!__atomic_load_n(&b->rx_stop, __ATOMIC_ACQUIRE)) {
      struct pollfd pfd = {b->fd, POLLIN, 0};
      int r = poll(&pfd, 1, TICK_MS);
      if (r == 0 || (r < 0 && errno == EINTR))
         continue;
      const char *site = r < 0 ? "" : receive_frame(b);
      if (!site)
         continue;
      if (*site) {
         /* the session thread turns this into its named fatal error (tcp_idle) */
         __atomic_store_n(&b->corrupt_site, site, __ATOMIC_RELEASE);
      } else {
         __atomic_store_n(&b->peer_gone, true, __ATOMIC_RELEASE);
         wire_store32(&b->seg.ctrl->client_closing, 1); /* also cancels the backend's waits */
      }
      wake_session(b);
      break;
   }
   return NULL;
}

/* ---- server -> client ---------------------------------------------------------------------- */

static bool
send_frame(struct tcp_bridge *b, uint32_t type, uint64_t a, const void *p0, uint32_t n0, const void *p1, uint32_t n1)
{
   struct wire_tcp_frame f = {type, n0 + n1, a};
   pthread_mutex_lock(&b->send_lock);
   bool ok = wire_tcp_write_full(b->fd, &f, sizeof(f), FRAME_MS, 0) &&
             wire_tcp_write_full(b->fd, p0, n0, FRAME_MS, 0) && wire_tcp_write_full(b->fd, p1, n1, FRAME_MS, 0);
   pthread_mutex_unlock(&b->send_lock);
   return ok;
}

/* Ships what changed in the segment since the last call: new events, a new reply, then the
 * progress words (last, so the client sees the bytes before the counts that cover them). */
static bool
flush_state(struct tcp_bridge *b)
{
   struct wire_ctrl *c = b->seg.ctrl;
   struct wire_tcp_server_state st = {0};
   st.applied_seq = wire_load64_sc(&c->applied_seq); /* first: its reply and events precede it */
   st.cmd_tail = wire_load64(&c->cmd_tail);
   st.server_state = wire_load32(&c->server_state);
   st.reply_seq = wire_load64(&c->reply_seq);
   st.reply_bytes = wire_load32(&c->reply_bytes);
   st.event_head = wire_load64(&c->event_head);
   st.server_parked = wire_load32(&c->server_parked);
   if (st.server_state == WIRE_SERVER_FATAL)
      memcpy(st.fatal_msg, c->fatal_msg, sizeof(st.fatal_msg));
   if (st.event_head != b->sent_event_head) {
      uint32_t size = b->seg.event_size, off = (uint32_t)(b->sent_event_head % size);
      uint32_t n = (uint32_t)(st.event_head - b->sent_event_head);
      uint32_t first = n < size - off ? n : size - off;
      if (!send_frame(b, WIRE_TCP_EVENTS, b->sent_event_head, b->seg.events + off, first, b->seg.events, n - first))
         return false;
      b->sent_event_head = st.event_head;
   }
   if (st.reply_seq != b->sent_reply_seq && st.reply_bytes <= b->seg.reply_size) {
      if (!send_frame(b, WIRE_TCP_REPLY, st.reply_seq, b->seg.reply, st.reply_bytes, NULL, 0))
         return false;
      b->sent_reply_seq = st.reply_seq;
   }
   if (!memcmp(&st, &b->sent, sizeof(st)))
      return true;
   b->sent = st;
   return send_frame(b, WIRE_TCP_STATE, 0, &st, sizeof(st), NULL, 0);
}

static void *
tx_thread(void *arg)
{
   struct tcp_bridge *b = arg;
   struct wire_ctrl *c = b->seg.ctrl;
   bool ok = true;
   while (ok && !__atomic_load_n(&b->tx_stop, __ATOMIC_ACQUIRE)) {
      uint32_t bell = wire_load32(&c->applied_bell);
      ok = flush_state(b); /* send_frame takes send_lock per frame */
      if (ok)
         wire_futex_wait(&c->applied_bell, bell, TX_SLICE_MS);
   }
   ok = ok && flush_state(b); /* the end: the fatal message, the last events */
   if (!ok) {
      __atomic_store_n(&b->peer_gone, true, __ATOMIC_RELEASE);
      wire_store32(&c->client_closing, 1);
      wake_session(b);
   }
   return NULL;
}

/* The session thread, applying a Present of a WindowFramesBack resource: the frame goes out
 * at once, so it precedes every STATE whose applied_seq covers that Present (the send thread
 * reads applied_seq only after the record is applied). A broken connection is left to the
 * send and receive threads to notice. */
static void
tcp_frame_sink(void *user, const struct wire_frame *f, const void *texels)
{
   struct tcp_bridge *b = user;
   if (__atomic_load_n(&b->peer_gone, __ATOMIC_ACQUIRE))
      return;
   uint64_t bytes = (uint64_t)f->stride * f->height;
   if (bytes > UINT32_MAX - sizeof(*f))
      return;
   bool ok = send_frame(b, WIRE_TCP_FRAME, f->serial, f, sizeof(*f), texels, (uint32_t)bytes);
   if (!ok) {
      __atomic_store_n(&b->peer_gone, true, __ATOMIC_RELEASE);
      wire_store32(&b->seg.ctrl->client_closing, 1);
   }
}

/* ---- the watchdog ---------------------------------------------------------------------------- */

static uint64_t
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Ends a session stuck in one record: records are waiting (cmd_head past cmd_tail), the
 * session is not parked on a full event ring (that is the client's doing), and cmd_tail has
 * not moved for watchdog_ms. The session thread cannot be unwound from inside the backend, so
 * the watchdog reports the named fatal error itself, lets the send thread deliver it, and ends
 * the process: the session's device and memory go with it, and no other session shares them. */
static void *
watchdog_thread(void *arg)
{
   struct tcp_bridge *b = arg;
   struct wire_ctrl *c = b->seg.ctrl;
   uint64_t last_tail = wire_load64(&c->cmd_tail), since = now_ms();
   unsigned slice = b->watchdog_ms / 4 < 100 ? (unsigned)b->watchdog_ms / 4 + 1 : 100;
   while (!__atomic_load_n(&b->tx_stop, __ATOMIC_ACQUIRE)) {
      usleep(slice * 1000u);
      uint64_t head = wire_load64(&c->cmd_head), tail = wire_load64(&c->cmd_tail);
      if (head == tail || tail != last_tail || wire_load32(&c->server_parked) ||
          wire_load32(&c->server_state) == WIRE_SERVER_FATAL) {
         last_tail = tail;
         since = now_ms();
         continue;
      }
      if (now_ms() - since <= (uint64_t)b->watchdog_ms)
         continue;
      struct wire_record_hdr h;
      memcpy(&h, b->seg.cmd + tail % b->seg.cmd_size, sizeof(h));
      const struct wire_op_info *info = wire_op_info(h.op);
      char msg[sizeof(c->fatal_msg)];
      snprintf(msg, sizeof(msg), "Watchdog \"%s\" at record %llu: applying it took longer than %d ms",
               info ? info->name : "?", (unsigned long long)h.seq, b->watchdog_ms);
      sgl_err("server: fatal: %s; the session process ends", msg);
      memcpy(c->fatal_msg, msg, sizeof(msg));
      wire_store32(&c->server_state, WIRE_SERVER_FATAL);
      __atomic_store_n(&b->tx_stop, true, __ATOMIC_RELEASE);
      __atomic_add_fetch(&c->applied_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->applied_bell);
      pthread_join(b->tx, NULL); /* its last flush carries the message */
      shutdown(b->fd, SHUT_WR);
      _exit(3);
   }
   return NULL;
}

/* ---- log lines -------------------------------------------------------------------------------- */

/* The session's log lines go to the client as CTRL frames through the log forwarder
 * (server/logfwd.c: a queue and its sender thread, spawn's loss policy, flush acks, the
 * counters line). This writes one message: a frame, under the send lock, each wait for the
 * lock or for buffer space bounded by the forfeit time (a client that takes nothing for it has
 * stopped draining: the session is forfeited). */
static bool
write_bounded(int fd, const uint8_t *p, size_t n, uint64_t deadline, bool *forfeit)
{
   while (n) {
      ssize_t put = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (put > 0) {
         p += put;
         n -= (size_t)put;
         continue;
      }
      if (put == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
         return false;
      /* no room: wait for some, until the deadline */
      uint64_t now = now_ms();
      if (now >= deadline) {
         *forfeit = true;
         return false;
      }
      struct pollfd pfd = {fd, POLLOUT, 0};
      int r = poll(&pfd, 1, (int)(deadline - now));
      if (r < 0 && errno != EINTR)
         return false;
      if (r > 0 && (pfd.revents & (POLLERR | POLLHUP)))
         return false;
   }
   return true;
}

static bool
log_write(void *user, const void *msg, size_t n, int forfeit_ms, bool *forfeit)
{
   struct tcp_bridge *b = user;
   if (__atomic_load_n(&b->peer_gone, __ATOMIC_ACQUIRE))
      return false;
   uint8_t buf[sizeof(struct wire_tcp_frame) + sizeof(struct wire_ctrl_msg) + WIRE_CTRL_MAX_TEXT];
   struct wire_tcp_frame f = {WIRE_TCP_CTRL, (uint32_t)n, 0};
   if (n > sizeof(buf) - sizeof(f))
      return false;
   memcpy(buf, &f, sizeof(f));
   memcpy(buf + sizeof(f), msg, n);
   struct timespec dl = sgl_realtime_in_ms(forfeit_ms);
   /* the send thread holding the lock that long is blocked on the same client */
   int r = pthread_mutex_timedlock(&b->send_lock, &dl);
   if (r) {
      *forfeit = r == ETIMEDOUT;
      return false;
   }
   bool ok = write_bounded(b->fd, buf, sizeof(f) + n, now_ms() + (uint64_t)forfeit_ms, forfeit);
   pthread_mutex_unlock(&b->send_lock);
   return ok;
}

/* ---- the session ----------------------------------------------------------------------------- */

/* Session thread, when idle, every 32 records it applies, and while parked on a full event ring. */
static bool
tcp_idle(void *user)
{
   struct tcp_bridge *b = user;
   const char *site = __atomic_load_n(&b->corrupt_site, __ATOMIC_ACQUIRE);
   if (site) {
      srv_fatal(b->s, "ProtocolCorruption", site);
      return false;
   }
   if (srv_logfwd_forfeited(b->fwd))
      return false; /* the client stopped draining its log: the session is forfeited */
   return !*b->stop && !__atomic_load_n(&b->peer_gone, __ATOMIC_ACQUIRE);
}

/* Reads handshake bytes: all of them within HANDSHAKE_MS, giving up at once on SIGTERM. */
static volatile sig_atomic_t *handshake_stop;

static bool
read_handshake(int fd, void *buf, size_t n)
{
   uint8_t *p = buf;
   uint64_t deadline = now_ms() + HANDSHAKE_MS;
   while (n) {
      if (*handshake_stop || now_ms() > deadline)
         return false;
      struct pollfd pfd = {fd, POLLIN, 0};
      if (poll(&pfd, 1, 100) <= 0)
         continue;
      ssize_t got = recv(fd, p, n, 0);
      if (got < 0 && (errno == EINTR || errno == EAGAIN))
         continue;
      if (got <= 0)
         return false;
      p += got;
      n -= (size_t)got;
   }
   return true;
}

/* The preamble and the token, before anything else is read. */
static bool
authenticate(int fd, const char *peer, const uint8_t *token, int token_len)
{
   struct wire_tcp_preamble pre;
   if (!read_handshake(fd, &pre, sizeof(pre))) {
      sgl_warn("server: tcp: the client at %s sent no preamble; closing", peer);
      return false;
   }
   if (pre.magic != WIRE_TCP_MAGIC || pre.token_len > WIRE_TCP_MAX_TOKEN) {
      refuse(fd, peer, "not a splitgl client (bad preamble)", "bad preamble");
      return false;
   }
   uint8_t got[WIRE_TCP_MAX_TOKEN];
   if (!read_handshake(fd, got, pre.token_len)) {
      sgl_warn("server: tcp: the client at %s closed during the preamble", peer);
      return false;
   }
   if (token_len && !wire_tcp_token_equal(token, (uint32_t)token_len, got, pre.token_len)) {
      refuse(fd, peer, pre.token_len ? "wrong token" : "no token (the server has --token-file)",
             "authentication failed");
      return false;
   }
   return true;
}

/* The segment sizes the client asks for, within the knobs' ranges and this server's caps
 * (--max-ring-mib, --max-staging-mib: the host memory one session's segment may take). */
static bool
valid_hello(const struct wire_tcp_hello *h, const struct srv_tcp_config *cfg, char *why, size_t n)
{
   uint64_t max_cmd = (uint64_t)cfg->max_ring_mib << 20, max_stg = (uint64_t)cfg->max_staging_mib << 20;
   if (h->revision != WIRE_PROTOCOL_REVISION)
      snprintf(why, n, "protocol revision %u (this server speaks %u)", h->revision, WIRE_PROTOCOL_REVISION);
   else if (h->pad || h->cmd_size < (512u << 10) || h->cmd_size > max_cmd || h->cmd_size % WIRE_RECORD_ALIGN)
      snprintf(why, n, "a command ring of %u KiB (this server takes 512 KiB to %d MiB: --max-ring-mib)",
               h->cmd_size >> 10, cfg->max_ring_mib);
   else if (h->staging_size < (1u << 20) || h->staging_size > max_stg || h->staging_size % 16u)
      snprintf(why, n, "a staging arena of %u KiB (this server takes 1 MiB to %d MiB: --max-staging-mib)",
               h->staging_size >> 10, cfg->max_staging_mib);
   else
      return true;
   return false;
}

static void
run_bridge(struct tcp_bridge *b)
{
   struct wire_ctrl *c = b->seg.ctrl;
   wire_store32(&c->client_waiting, 1); /* every applied record rings the send thread */
   bool rx_ok = !pthread_create(&b->rx, NULL, rx_thread, b);
   bool tx_ok = rx_ok && !pthread_create(&b->tx, NULL, tx_thread, b);
   bool wd_ok = tx_ok && b->watchdog_ms > 0 && !pthread_create(&b->wd, NULL, watchdog_thread, b);
   if (tx_ok && (wd_ok || !b->watchdog_ms))
      srv_session_run(b->s, tcp_idle, b);
   else
      sgl_err("server: tcp: cannot start the session's threads");
   if (srv_logfwd_forfeited(b->fwd)) {
      /* nothing more reaches a client that stopped draining: a send blocked on it returns */
      __atomic_store_n(&b->peer_gone, true, __ATOMIC_RELEASE);
      shutdown(b->fd, SHUT_RDWR);
   }
   if (tx_ok) {
      /* the watchdog looks at tx_stop too: once set, it never joins the send thread */
      __atomic_store_n(&b->tx_stop, true, __ATOMIC_RELEASE);
      if (wd_ok)
         pthread_join(b->wd, NULL);
      __atomic_add_fetch(&c->applied_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->applied_bell);
      pthread_join(b->tx, NULL);
   }
   /* The log queue's last lines and the counters line (at most 2 + 2 s), after the session's
    * last events and state. */
   srv_logfwd_stop(b->fwd);
   b->fwd = NULL;
   /* Everything sent: end the stream, then keep reading until the client closes its end. A
    * close with the client's bytes unread here would reset the connection, and the reset
    * throws away what the client has not read yet: megabytes of log lines after a flood. The
    * client reads to our end of stream and closes (at most 20 s, wire/client_private.h); a
    * client that never closes is given up after CLOSE_WAIT_MS, and at once on SIGTERM. */
   shutdown(b->fd, SHUT_WR);
   if (rx_ok) {
      for (uint64_t end = now_ms() + CLOSE_WAIT_MS; now_ms() < end && !*b->stop &&
                                                    !__atomic_load_n(&b->peer_gone, __ATOMIC_ACQUIRE) &&
                                                    !__atomic_load_n(&b->corrupt_site, __ATOMIC_ACQUIRE);)
         usleep(20000);
      __atomic_store_n(&b->rx_stop, true, __ATOMIC_RELEASE);
      shutdown(b->fd, SHUT_RD);
      pthread_join(b->rx, NULL);
   }
}

int
srv_tcp_session(int fd, const char *peer, const struct srv_tcp_config *cfg)
{
   handshake_stop = cfg->stop;
   if (!authenticate(fd, peer, cfg->token, cfg->token_len))
      return 1;
   struct wire_tcp_hello hello;
   char why[160];
   if (!read_handshake(fd, &hello, sizeof(hello))) {
      sgl_warn("server: tcp: the client at %s sent no hello; closing", peer);
      return 1;
   }
   if (!valid_hello(&hello, cfg, why, sizeof(why))) {
      refuse(fd, peer, why, why);
      return 1;
   }
   struct tcp_bridge b = {.fd = fd, .peer = peer, .stop = cfg->stop, .watchdog_ms = cfg->watchdog_ms};
   size_t total = wire_segment_total(hello.cmd_size, hello.staging_size);
   void *base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
   if (base == MAP_FAILED) {
      refuse(fd, peer, "cannot map the session's segment", "out of memory");
      return 1;
   }
   wire_segment_init(&b.seg, base, total, hello.cmd_size, hello.staging_size);
   if (!wire_segment_guard(&b.seg))
      sgl_warn("server: cannot protect the segment's guard pages");
   char err[256] = "";
   struct srv_backend *be = srv_backend_create(&hello.device, err, sizeof(err));
   b.s = be ? srv_session_create(&b.seg, be, true) : NULL;
   if (!b.s) {
      refuse(fd, peer, be ? "out of memory" : err, be ? "out of memory" : err);
      if (be)
         be->ops->destroy(be);
      munmap(base, total);
      return 1;
   }
   pthread_mutex_init(&b.send_lock, NULL);
   srv_session_set_frame_sink(b.s, tcp_frame_sink, &b);
   srv_session_set_caps(b.s, &cfg->caps);
   send_ack(fd, 0, "");
   sgl_info("server: tcp: session from %s started", peer);
   /* From here on the session process's log lines go to the client (DESIGN 2.7), its ERROR
    * lines to this process's stderr too; without a forwarder they stay on stderr. */
   b.fwd = srv_logfwd_start_with(fd, log_write, &b, true);
   if (!b.fwd)
      sgl_warn("server: tcp: cannot start the log forwarder; the session's lines stay on stderr");
   run_bridge(&b);
   bool fatal = wire_load32(&b.seg.ctrl->server_state) == WIRE_SERVER_FATAL;
   sgl_info("server: tcp: session from %s ended%s", peer, fatal ? " on a fatal error" : "");
   srv_session_destroy(b.s);
   pthread_mutex_destroy(&b.send_lock);
   munmap(base, total);
   return fatal ? 2 : 0;
}
