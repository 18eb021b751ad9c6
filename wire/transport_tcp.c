/* splitgl wire: the tcp transport (SPLITGL_TRANSPORT=tcp:HOST:PORT): a long-running
 * `splitgl-server --listen` holds the session; segments are framed on the stream
 * (wire/tcp_frame.h).
 *
 * The client encodes into a local segment exactly as on the other transports. kick ships what
 * publish made visible (the staged spans, then the ring bytes up to cmd_head) and the client's
 * progress words; a receive thread writes what the server sends (event-ring bytes, the reply
 * slot, the server's progress words) into the local segment and rings applied_bell, so the
 * waits in client.c are the same code. A closed or failed socket marks the peer gone: every
 * wait then ends with the channel lost, never a hang.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "client_private.h"
#include "control.h"
#include "format.h"
#include "tcp_frame.h"
#include "util/knobs.h"
#include "util/log.h"

#define RX_TICK_MS 5 /* how often the receive thread forwards the client's progress words */

struct wire_tcp_client {
   int fd;
   int split;      /* SPLITGL_TEST_TCP_SPLIT */
   int timeout_ms; /* bounds each blocking read, and each send of the handshake */
   int send_timeout_ms; /* bounds each blocking send of a frame (send lock) */
   pthread_t rx;
   bool rx_started;
   bool stopping; /* atomic */
   bool closing;  /* atomic: the client ended the session and reads the server's last lines */
   bool peer_gone; /* atomic */
   char gone_why[128];
   pthread_mutex_t send_lock; /* frames never interleave (kick and the receive thread send) */
   uint64_t sent_head, sent_stage;
   struct wire_tcp_client_state sent_cs;
   uint8_t *frame;   /* receive thread: the last FRAME's texels */
   size_t frame_cap;
};

/* The largest frame the client takes: a 16384 x 16384 RGBA8 image. */
#define MAX_FRAME_BYTES (16384ull * 16384ull * 4ull)

/* ---- connecting ----------------------------------------------------------------------------- */

/* "tcp:HOST:PORT" (HOST may be [v6]). */
static bool
parse_address(const char *knob, char *host, size_t host_size, char *port, size_t port_size)
{
   const char *a = knob + 4;
   const char *colon = strrchr(a, ':');
   if (!colon || colon == a || !colon[1])
      return false;
   size_t hl = (size_t)(colon - a);
   if (a[0] == '[' && hl >= 2 && a[hl - 1] == ']') {
      a++;
      hl -= 2;
   }
   if (hl >= host_size || strlen(colon + 1) >= port_size)
      return false;
   memcpy(host, a, hl);
   host[hl] = 0;
   snprintf(port, port_size, "%s", colon + 1);
   return true;
}

static int
connect_to(const char *host, const char *port, int timeout_ms, char *err, unsigned err_size)
{
   struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV};
   struct addrinfo *res = NULL;
   int r = getaddrinfo(host, port, &hints, &res);
   if (r) {
      snprintf(err, err_size, "cannot resolve %s:%s: %s", host, port, gai_strerror(r));
      return -1;
   }
   int fd = -1;
   for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
      fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
      if (fd < 0)
         continue;
      if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 || errno == EINPROGRESS) {
         struct pollfd pfd = {fd, POLLOUT, 0};
         int soerr = 0;
         socklen_t sl = sizeof(soerr);
         if (poll(&pfd, 1, timeout_ms) == 1 && !getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) && !soerr)
            break;
         snprintf(err, err_size, "cannot connect to %s:%s: %s", host, port, soerr ? strerror(soerr) : "timed out");
      } else {
         snprintf(err, err_size, "cannot connect to %s:%s: %s", host, port, strerror(errno));
      }
      close(fd);
      fd = -1;
   }
   freeaddrinfo(res);
   return fd;
}

/* The token of SPLITGL_TOKEN_FILE (0 bytes without one), read before connecting. */
static int
read_token(uint8_t *token, char *err, unsigned err_size)
{
   const char *token_file = sgl_knobs()->token_file;
   if (!token_file || !*token_file)
      return 0;
   char why[256];
   int n = wire_tcp_read_token(token_file, token, why, sizeof(why));
   if (n < 0)
      snprintf(err, err_size, "SPLITGL_TOKEN_FILE: %s", why);
   return n;
}

static bool
handshake(struct wire_client *c, struct wire_tcp_client *t, const uint8_t *token, int token_len, char *err,
          unsigned err_size)
{
   struct wire_tcp_preamble pre = {WIRE_TCP_MAGIC, (uint32_t)token_len};
   struct wire_tcp_hello hello = {WIRE_PROTOCOL_REVISION, c->seg.cmd_size, c->seg.staging_size, 0, c->seg.device};
   /* the token first: the server reads nothing else before it has checked it */
   if (!wire_tcp_write_full(t->fd, &pre, sizeof(pre), t->timeout_ms, t->split) ||
       !wire_tcp_write_full(t->fd, token, (size_t)token_len, t->timeout_ms, t->split) ||
       !wire_tcp_write_full(t->fd, &hello, sizeof(hello), t->timeout_ms, t->split)) {
      snprintf(err, err_size, "cannot send the hello to splitgl-server: %s", strerror(errno));
      return false;
   }
   struct wire_hello_ack ack;
   if (!wire_tcp_read_full(t->fd, &ack, sizeof(ack), t->timeout_ms)) {
      snprintf(err, err_size, "splitgl-server closed the connection without accepting the session");
      return false;
   }
   ack.msg[sizeof(ack.msg) - 1] = 0;
   if (ack.magic != WIRE_HELLO_MAGIC || ack.revision != WIRE_PROTOCOL_REVISION || ack.status) {
      snprintf(err, err_size, "splitgl-server refused the session: %s",
               ack.magic == WIRE_HELLO_MAGIC ? ack.msg : "not a splitgl-server answer");
      return false;
   }
   return true;
}

static uint64_t
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* ---- sending -------------------------------------------------------------------------------- */

/* Marks the peer gone (once) and wakes any waiter; client.c's check_alive reports the loss. */
static void
peer_gone(struct wire_client *c, const char *why)
{
   struct wire_tcp_client *t = c->tcp;
   if (!__atomic_exchange_n(&t->peer_gone, true, __ATOMIC_ACQ_REL)) {
      snprintf(t->gone_why, sizeof(t->gone_why), "%s", why);
      /* after a fatal error or on close the server hangs up as expected: nothing to say */
      if (!__atomic_load_n(&t->stopping, __ATOMIC_ACQUIRE) && !__atomic_load_n(&t->closing, __ATOMIC_ACQUIRE) &&
          !wire_client_lost(c) &&
          wire_load32(&c->seg.ctrl->server_state) != WIRE_SERVER_FATAL)
         sgl_warn("wire: tcp: %s", why);
   }
   __atomic_add_fetch(&c->seg.ctrl->applied_bell, 1, __ATOMIC_SEQ_CST);
   wire_futex_wake(&c->seg.ctrl->applied_bell);
}

static bool
send_frame(struct wire_tcp_client *t, uint32_t type, uint64_t a, const void *p0, uint32_t n0, const void *p1,
           uint32_t n1)
{
   struct wire_tcp_frame f = {type, n0 + n1, a};
   return wire_tcp_write_full(t->fd, &f, sizeof(f), t->send_timeout_ms, t->split) &&
          wire_tcp_write_full(t->fd, p0, n0, t->send_timeout_ms, t->split) &&
          wire_tcp_write_full(t->fd, p1, n1, t->send_timeout_ms, t->split);
}

/* Ships positions [from, to) of a section of `size` bytes as one frame (two pieces when the
 * range crosses the end). */
static bool
send_range(struct wire_tcp_client *t, uint32_t type, uint64_t a, const uint8_t *base, uint32_t size, uint64_t from,
           uint64_t to)
{
   uint32_t off = (uint32_t)(from % size), n = (uint32_t)(to - from);
   uint32_t first = n < size - off ? n : size - off;
   return send_frame(t, type, a, base + off, first, base, n - first);
}

/* Send lock held. */
static bool
send_client_state(struct wire_client *c, bool closing)
{
   struct wire_tcp_client *t = c->tcp;
   struct wire_ctrl *ctrl = c->seg.ctrl;
   struct wire_tcp_client_state cs = {wire_load64(&ctrl->event_tail), wire_load64(&ctrl->fence_wanted), closing, 0};
   if (!memcmp(&cs, &t->sent_cs, sizeof(cs)))
      return true;
   t->sent_cs = cs;
   return send_frame(t, WIRE_TCP_CLIENT, 0, &cs, sizeof(cs), NULL, 0);
}

/* Channel lock held: everything published so far is final in the local segment. */
static void
tcp_kick(struct wire_client *c)
{
   struct wire_tcp_client *t = c->tcp;
   if (__atomic_load_n(&t->peer_gone, __ATOMIC_ACQUIRE))
      return;
   pthread_mutex_lock(&t->send_lock);
   bool ok = true;
   /* Staged spans first: a record never reaches the server before the bytes it names. A
    * range that reaches the arena's end goes as two frames; the stretch wire_stage skipped
    * there (no record names it) is not sent. */
   uint64_t stage = c->stage_head;
   while (ok && t->sent_stage != stage) {
      if (c->stage_skip_end > c->stage_skip_start && t->sent_stage == c->stage_skip_start &&
          c->stage_skip_end <= stage) {
         t->sent_stage = c->stage_skip_end; /* skipped to the arena's start: nothing there */
         continue;
      }
      uint32_t size = c->seg.staging_size, off = (uint32_t)(t->sent_stage % size);
      uint64_t n = stage - t->sent_stage;
      if (n > size - off)
         n = size - off;
      if (t->sent_stage < c->stage_skip_start && c->stage_skip_start - t->sent_stage < n)
         n = c->stage_skip_start - t->sent_stage; /* up to the skipped stretch */
      ok = send_frame(t, WIRE_TCP_STAGE, off, c->seg.staging + off, (uint32_t)n, NULL, 0);
      t->sent_stage += n;
   }
   if (ok && t->sent_head != c->head) {
      ok = send_range(t, WIRE_TCP_RING, c->head, c->seg.cmd, c->seg.cmd_size, t->sent_head, c->head);
      t->sent_head = c->head;
   }
   ok = ok && send_client_state(c, false);
   pthread_mutex_unlock(&t->send_lock);
   if (!ok)
      peer_gone(c, "cannot send to splitgl-server (connection closed)");
}

/* ---- receiving ------------------------------------------------------------------------------ */

/* Reads n bytes into positions [pos, pos + n) of a section of `size` bytes. */
static bool
read_range(struct wire_tcp_client *t, uint8_t *base, uint32_t size, uint64_t pos, uint32_t n)
{
   uint32_t off = (uint32_t)(pos % size);
   uint32_t first = n < size - off ? n : size - off;
   return wire_tcp_read_full(t->fd, base + off, first, t->timeout_ms) &&
          wire_tcp_read_full(t->fd, base, n - first, t->timeout_ms);
}

/* One frame from the server into the local segment. Returns false with `why` set when the
 * stream ended or broke its own rules. */
static bool
receive_frame(struct wire_client *c, const char **why)
{
   struct wire_tcp_client *t = c->tcp;
   struct wire_ctrl *ctrl = c->seg.ctrl;
   struct wire_tcp_frame f;
   *why = "splitgl-server closed the connection";
   if (!wire_tcp_read_full(t->fd, &f, sizeof(f), t->timeout_ms))
      return false;
   __atomic_add_fetch(&c->ctl_received, 1, __ATOMIC_RELAXED);
   *why = "splitgl-server sent a malformed frame";
   switch (f.type) {
   case WIRE_TCP_EVENTS:
      /* bytes of the event ring from position a: the client reads them once event_head says */
      if (f.len > c->seg.event_size)
         return false;
      return read_range(t, c->seg.events, c->seg.event_size, f.a, f.len);
   case WIRE_TCP_REPLY:
      if (f.len > c->seg.reply_size || !wire_tcp_read_full(t->fd, c->seg.reply, f.len, t->timeout_ms))
         return false;
      wire_store32(&ctrl->reply_bytes, f.len);
      wire_store64(&ctrl->reply_seq, f.a);
      return true;
   case WIRE_TCP_FRAME: {
      /* a window's frame sent back (WindowFramesBack): checked, read, handed to the sink */
      struct wire_frame fr;
      if (f.len < sizeof(fr) || !wire_tcp_read_full(t->fd, &fr, sizeof(fr), t->timeout_ms))
         return false;
      const uint32_t texel = wire_format_texel_size(fr.format);
      const uint64_t bytes = (uint64_t)fr.stride * fr.height;
      if (!texel || fr.serial != f.a || (uint64_t)fr.width * texel > fr.stride || bytes > MAX_FRAME_BYTES ||
          bytes != f.len - sizeof(fr))
         return false;
      if (t->frame_cap < bytes) {
         uint8_t *nb = realloc(t->frame, bytes);
         if (!nb) {
            *why = "out of memory for a window's frame";
            return false;
         }
         t->frame = nb;
         t->frame_cap = bytes;
      }
      if (!wire_tcp_read_full(t->fd, t->frame, bytes, t->timeout_ms))
         return false;
      wire_client_deliver_frame(c, &fr, t->frame);
      return true;
   }
   case WIRE_TCP_STATE: {
      struct wire_tcp_server_state st;
      if (f.len != sizeof(st) || !wire_tcp_read_full(t->fd, &st, sizeof(st), t->timeout_ms))
         return false;
      /* the message once: client.c may be reading it once server_state says FATAL */
      if (st.server_state == WIRE_SERVER_FATAL && wire_load32(&ctrl->server_state) != WIRE_SERVER_FATAL) {
         memcpy(ctrl->fatal_msg, st.fatal_msg, sizeof(ctrl->fatal_msg));
         ctrl->fatal_msg[sizeof(ctrl->fatal_msg) - 1] = 0;
      }
      wire_store64(&ctrl->event_head, st.event_head);
      wire_store32(&ctrl->server_parked, st.server_parked);
      wire_store32(&ctrl->server_state, st.server_state);
      wire_store64_sc(&ctrl->cmd_tail, st.cmd_tail);
      wire_store64_sc(&ctrl->applied_seq, st.applied_seq);
      /* every wait in client.c sleeps on applied_bell: fences and events arrive here too */
      __atomic_add_fetch(&ctrl->applied_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&ctrl->applied_bell);
      return true;
   }
   case WIRE_TCP_CTRL: {
      /* a server log line (written here with its level and origin) or a flush's answer */
      uint8_t buf[sizeof(struct wire_ctrl_msg) + WIRE_CTRL_MAX_TEXT + 1];
      struct wire_ctrl_msg m;
      if (f.len < sizeof(m) || f.len > sizeof(buf) - 1 || f.a || !wire_tcp_read_full(t->fd, buf, f.len, t->timeout_ms))
         return false;
      memcpy(&m, buf, sizeof(m));
      if (m.magic != WIRE_CTRL_MAGIC || m.len != f.len - sizeof(m))
         return false;
      buf[f.len] = 0;
      return wire_client_take_ctl(c, &m, (const char *)buf + sizeof(m));
   }
   default:
      return false;
   }
}

/* A log flush (DESIGN 2.7): answered once every line the server queued before it was sent;
 * the receive thread has written those by the time the answer arrives. */
bool
wire_tcp_log_flush(struct wire_client *c, int timeout_ms)
{
   struct wire_tcp_client *t = c->tcp;
   if (!t || __atomic_load_n(&t->peer_gone, __ATOMIC_ACQUIRE))
      return false;
   struct wire_ctrl *ctrl = c->seg.ctrl;
   pthread_mutex_lock(&t->send_lock);
   uint32_t seq = ++c->ctl_flush_seq;
   struct wire_ctrl_msg m = {WIRE_CTRL_MAGIC, WIRE_CTRL_FLUSH, 0, 0, seq};
   bool ok = send_frame(t, WIRE_TCP_CTRL, 0, &m, sizeof(m), NULL, 0);
   pthread_mutex_unlock(&t->send_lock);
   if (!ok) {
      peer_gone(c, "cannot send to splitgl-server (connection closed)");
      return false;
   }
   for (uint64_t end = now_ms() + (uint64_t)timeout_ms;;) {
      uint32_t bell = wire_load32(&ctrl->applied_bell);
      if ((int32_t)(__atomic_load_n(&c->ctl_flush_acked, __ATOMIC_ACQUIRE) - seq) >= 0)
         return true;
      if (now_ms() >= end || __atomic_load_n(&t->peer_gone, __ATOMIC_ACQUIRE))
         return false;
      wire_futex_wait(&ctrl->applied_bell, bell, 10);
   }
}

static void *
rx_thread(void *arg)
{
   struct wire_client *c = arg;
   struct wire_tcp_client *t = c->tcp;
   while (!__atomic_load_n(&t->stopping, __ATOMIC_ACQUIRE)) {
      struct pollfd pfd = {t->fd, POLLIN, 0};
      int r = poll(&pfd, 1, RX_TICK_MS);
      if (r < 0 && errno != EINTR) {
         peer_gone(c, "poll on the connection failed");
         break;
      }
      if (r > 0) {
         const char *why;
         if (!receive_frame(c, &why)) {
            peer_gone(c, why);
            break;
         }
      }
      /* The client drained events or waits for a fence: tell the server (a server parked on a
       * full event ring waits for this). */
      pthread_mutex_lock(&t->send_lock);
      bool ok = send_client_state(c, false);
      pthread_mutex_unlock(&t->send_lock);
      if (!ok) {
         peer_gone(c, "cannot send to splitgl-server (connection closed)");
         break;
      }
   }
   return NULL;
}

/* ---- the transport -------------------------------------------------------------------------- */

static void tcp_stop(struct wire_client *c);

static bool
tcp_start(struct wire_client *c, char *err, unsigned err_size)
{
   const char *knob = sgl_knobs()->transport;
   char host[256], port[32];
   if (strncmp(knob, "tcp:", 4) || !parse_address(knob, host, sizeof(host), port, sizeof(port))) {
      snprintf(err, err_size, "SPLITGL_TRANSPORT=%s: the tcp transport wants tcp:HOST:PORT", knob);
      return false;
   }
   struct wire_tcp_client *t = calloc(1, sizeof(*t));
   if (!t) {
      snprintf(err, err_size, "out of memory");
      return false;
   }
   t->fd = -1;
   t->split = sgl_knobs()->test_tcp_split;
   t->timeout_ms = c->wait_timeout_ms;
   t->send_timeout_ms = c->wait_timeout_ms;
   pthread_mutex_init(&t->send_lock, NULL);
   c->tcp = t;
   uint8_t token[WIRE_TCP_MAX_TOKEN];
   int token_len = read_token(token, err, err_size);
   if (token_len < 0 || !wire_client_map_anon(c, err, err_size))
      goto fail;
   t->fd = connect_to(host, port, c->wait_timeout_ms, err, err_size);
   if (t->fd < 0)
      goto fail;
   wire_tcp_tune(t->fd);
   if (!handshake(c, t, token, token_len, err, err_size))
      goto fail;
   if (pthread_create(&t->rx, NULL, rx_thread, c)) {
      snprintf(err, err_size, "cannot start the tcp receive thread");
      goto fail;
   }
   t->rx_started = true;
   return true;
fail:
   tcp_stop(c);
   return false;
}

static bool
tcp_alive(struct wire_client *c)
{
   return !__atomic_load_n(&c->tcp->peer_gone, __ATOMIC_ACQUIRE);
}

static void
tcp_stop(struct wire_client *c)
{
   struct wire_tcp_client *t = c->tcp;
   if (!t)
      return;
   if (t->fd >= 0 && t->rx_started && !__atomic_load_n(&t->peer_gone, __ATOMIC_ACQUIRE)) {
      /* a clean end of session: the server stops at once instead of seeing the hang-up */
      __atomic_store_n(&t->closing, true, __ATOMIC_RELEASE);
      pthread_mutex_lock(&t->send_lock);
      t->send_timeout_ms = 1000;
      bool sent = send_client_state(c, true);
      pthread_mutex_unlock(&t->send_lock);
      /* The server ends the session, sends what its log queue holds and its counters line (it
       * gives that at most 2 + 2 s) and ends the stream: the receive thread writes those lines
       * until then, as long as frames keep coming (wire/client_private.h). */
      uint64_t start = now_ms(), quiet_since = start, seen = __atomic_load_n(&c->ctl_received, __ATOMIC_RELAXED);
      while (sent && !__atomic_load_n(&t->peer_gone, __ATOMIC_ACQUIRE)) {
         nanosleep(&(struct timespec){0, 10000000}, NULL);
         uint64_t now = now_ms(), got = __atomic_load_n(&c->ctl_received, __ATOMIC_RELAXED);
         if (got != seen) {
            seen = got;
            quiet_since = now;
         }
         if (now - quiet_since > WIRE_CLOSE_QUIET_MS || now - start > WIRE_CLOSE_MAX_MS) {
            sgl_warn("wire: tcp: splitgl-server did not end its stream %s; its last log lines may be lost",
                     now - start > WIRE_CLOSE_MAX_MS ? "within 20 s" : "after 5 s without a frame");
            break;
         }
      }
   }
   __atomic_store_n(&t->stopping, true, __ATOMIC_RELEASE);
   if (t->fd >= 0)
      shutdown(t->fd, SHUT_RDWR);
   if (t->rx_started)
      pthread_join(t->rx, NULL);
   if (t->fd >= 0)
      close(t->fd);
   pthread_mutex_destroy(&t->send_lock);
   free(t->frame);
   free(t);
   c->tcp = NULL;
   if (c->mapping)
      munmap(c->mapping, c->mapping_size);
   c->mapping = NULL;
}

const struct wire_transport_ops wire_transport_tcp = {
   .start = tcp_start,
   .kick = tcp_kick,
   .alive = tcp_alive,
   .stop = tcp_stop,
};
