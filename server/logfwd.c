/* splitgl server: log lines to the client over the control socket, never blocking a thread
 * that logs (DESIGN 2.7).
 *
 * A thread that logs only copies its line into a queue under a mutex; one sender thread writes
 * the queue to the socket. The policy:
 *   WARN and below  lossy: past FWD_LOSSY_CAP bytes queued they are dropped and counted; the
 *                   next one that fits is preceded by an in-stream line "N lines dropped";
 *   ERROR           lossless and paced (FWD_ERROR_RATE lines a second, bursts of
 *                   FWD_ERROR_BURST); past FWD_ERROR_CAP bytes queued the excess is coalesced
 *                   into one ERROR line saying how many;
 *   FATAL           queued, then the logging thread waits up to 2 s for it to be written (not
 *                   again once such a wait timed out with nothing written since);
 *   a FLUSH from the client is answered after every line queued before it.
 * A client that takes no message for its wait timeout (SPLITGL_WAIT_TIMEOUT_MS) has stopped
 * draining: the session is forfeited (the session loop ends it, the process exits cleanly).
 * At the end (srv_logfwd_stop) the queue drains (past 2 s without the WARN-and-below lines,
 * giving up on a sender that wrote nothing for 2 s, 15 s in all), one counters line goes out,
 * then the socket's sending side is shut so a stuck sender returns.
 * The same policy serves every transport: spawn writes to its SEQPACKET socket, tcp hands
 * frames to its session (srv_logfwd_start_with), inproc hands the lines of its apply thread to
 * the client's log box in the same process (srv_logfwd_start_thread, server/local.c).
 */
#include "server/logfwd.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "util/clock.h"
#include "util/knobs.h"
#include "util/log.h"
#include "wire/control.h"

#define FWD_LOSSY_CAP (1u << 20)
#define FWD_ERROR_CAP (8u << 20)
#define FWD_ERROR_RATE 256.0
#define FWD_ERROR_BURST 1024.0
#define FWD_FATAL_WAIT_MS 2000
#define FWD_DRAIN_MS 2000     /* then the WARN-and-below lines still queued are dropped */
#define FWD_STUCK_MS 2000     /* a sender that wrote nothing for this long is given up on */
#define FWD_STOP_MAX_MS 15000 /* the end of a session's forwarding, in all */

struct fwd_line {
   struct fwd_line *next;
   uint16_t type, level;
   bool notice; /* an "N lines dropped" line: never dropped itself */
   uint32_t seq; /* FLUSH_ACK */
   uint32_t len;
   char text[];
};

struct srv_logfwd {
   int fd;
   srv_logfwd_write_fn write; /* NULL: spawn's SEQPACKET socket (send_or_forfeit) */
   void *write_user;
   srv_logfwd_unblock_fn unblock; /* makes a write stuck at the end return */
   bool tee_errors; /* ERROR and FATAL also to stderr */
   bool thread_only; /* the lines of the thread that started it (inproc), not the process's */
   pthread_mutex_t lock;
   pthread_cond_t more, sent;
   struct fwd_line *head, *tail;
   size_t lossy_bytes, error_bytes;
   uint64_t queued, written; /* lines (and acks) queued / written, in order */
   bool stopping, dead, fatal_timed_out;
   bool quit; /* the sender ends once the queue is empty (srv_logfwd_stop, after the counters line) */
   bool forfeited; /* atomic: the client stopped draining (send_or_forfeit) */
   int forfeit_ms;
   pthread_t thread;
   /* counters */
   uint64_t forwarded, dropped, dropped_gap, coalesced, coalesced_pending, paced, notices, abandoned,
      fatal_timeouts;
   uint64_t max_offer_ns;
   double tokens;
   struct timespec last_refill;
};

static uint64_t
now_ns(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

/* Appends a line (lock held). */
static void
push(struct srv_logfwd *f, uint16_t type, uint16_t level, uint32_t seq, const char *text)
{
   size_t n = text ? strlen(text) : 0;
   if (n > WIRE_CTRL_MAX_TEXT)
      n = WIRE_CTRL_MAX_TEXT;
   struct fwd_line *l = malloc(sizeof(*l) + n + 1);
   if (!l) {
      if (level <= SGL_LOG_ERROR)
         f->coalesced_pending++;
      else
         f->dropped++, f->dropped_gap++;
      return;
   }
   l->next = NULL;
   l->notice = false;
   l->type = type;
   l->level = level;
   l->seq = seq;
   l->len = (uint32_t)n;
   if (n)
      memcpy(l->text, text, n);
   l->text[n] = 0;
   if (f->tail)
      f->tail->next = l;
   else
      f->head = l;
   f->tail = l;
   if (type == WIRE_CTRL_LOG) {
      if (level <= SGL_LOG_ERROR)
         f->error_bytes += n;
      else
         f->lossy_bytes += n;
   }
   f->queued++;
   pthread_cond_signal(&f->more);
}

/* An in-stream "N lines dropped" notice (lock held): a WARN line the end of the session never
 * drops, so that the notices always add up to the dropped count. */
static void
push_notice(struct srv_logfwd *f, const char *note)
{
   push(f, WIRE_CTRL_LOG, SGL_LOG_WARN, 0, note);
   if (f->tail && f->tail->type == WIRE_CTRL_LOG && !strcmp(f->tail->text, note))
      f->tail->notice = true;
}

/* The sink every thread's log line goes through. */
static void
sink(enum sgl_log_level level, const char *line, void *user)
{
   struct srv_logfwd *f = user;
   uint64_t t0 = now_ns();
   pthread_mutex_lock(&f->lock);
   size_t n = strlen(line);
   if (f->dead) {
      f->abandoned++;
   } else if (level <= SGL_LOG_ERROR) {
      if (f->error_bytes + n > FWD_ERROR_CAP) {
         f->coalesced_pending++;
         f->coalesced++;
      } else {
         if (f->coalesced_pending) {
            char note[128];
            snprintf(note, sizeof(note), "%llu ERROR line(s) coalesced here: the error backlog was past %u MiB",
                     (unsigned long long)f->coalesced_pending, FWD_ERROR_CAP >> 20);
            push(f, WIRE_CTRL_LOG, SGL_LOG_ERROR, 0, note);
            f->coalesced_pending = 0;
         }
         push(f, WIRE_CTRL_LOG, (uint16_t)level, 0, line);
      }
   } else if (f->lossy_bytes + n > FWD_LOSSY_CAP) {
      f->dropped++;
      f->dropped_gap++;
   } else {
      if (f->dropped_gap) {
         char note[96];
         snprintf(note, sizeof(note), "%llu lines dropped (the client did not keep up)",
                  (unsigned long long)f->dropped_gap);
         push_notice(f, note);
         f->notices++;
         f->dropped_gap = 0;
      }
      push(f, WIRE_CTRL_LOG, (uint16_t)level, 0, line);
   }
   if (level == SGL_LOG_FATAL && !f->dead && !f->fatal_timed_out) {
      /* FATAL waits (at most 2 s) until it is written */
      uint64_t mine = f->queued;
      struct timespec dl = sgl_realtime_in_ms(FWD_FATAL_WAIT_MS);
      while (f->written < mine && !f->dead)
         if (pthread_cond_timedwait(&f->sent, &f->lock, &dl) == ETIMEDOUT)
            break;
      if (f->written < mine) {
         f->fatal_timeouts++;
         f->fatal_timed_out = true;
      }
   }
   uint64_t dt = now_ns() - t0;
   if (level != SGL_LOG_FATAL && dt > f->max_offer_ns)
      f->max_offer_ns = dt;
   /* the server's own stderr keeps errors too (a dead client never sees them; a tcp server's
    * operator reads them there) */
   bool to_stderr = level <= SGL_LOG_ERROR && (f->dead || f->tee_errors);
   pthread_mutex_unlock(&f->lock);
   if (to_stderr)
      fprintf(stderr, "splitgl[server]: %s: %s\n", sgl_log_level_name(level), line);
}

/* ERROR pacing: a token bucket of FWD_ERROR_BURST refilled at FWD_ERROR_RATE a second. Lock
 * held; may wait (the sender only). */
static void
pace(struct srv_logfwd *f)
{
   for (;;) {
      struct timespec t;
      clock_gettime(CLOCK_MONOTONIC, &t);
      double dt = (double)(t.tv_sec - f->last_refill.tv_sec) + (double)(t.tv_nsec - f->last_refill.tv_nsec) * 1e-9;
      f->last_refill = t;
      f->tokens += dt * FWD_ERROR_RATE;
      if (f->tokens > FWD_ERROR_BURST)
         f->tokens = FWD_ERROR_BURST;
      if (f->tokens >= 1.0 || f->stopping) {
         f->tokens -= 1.0;
         return;
      }
      f->paced++;
      pthread_mutex_unlock(&f->lock);
      struct timespec nap = {0, (long)(1e9 / FWD_ERROR_RATE)};
      nanosleep(&nap, NULL);
      pthread_mutex_lock(&f->lock);
   }
}

static void
forfeit(struct srv_logfwd *f)
{
   __atomic_store_n(&f->forfeited, true, __ATOMIC_RELEASE);
   fprintf(stderr, "splitgl[server]: ERROR: the client took no control message for %d ms (it stopped "
                   "draining): the session is forfeited\n", f->forfeit_ms);
}

/* Writes one message. A client that takes none of it for the forfeit time (its wait timeout:
 * it stopped draining the control socket) forfeits the session (DESIGN 2.7): false, and
 * srv_logfwd_forfeited says so to the session loop. */
static bool
send_or_forfeit(struct srv_logfwd *f, const void *buf, size_t n)
{
   uint64_t blocked_since = 0;
   for (;;) {
      ssize_t r = send(f->fd, buf, n, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (r == (ssize_t)n)
         return true;
      if (r < 0 && errno == EINTR)
         continue;
      if (r >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
         return false;
      uint64_t now = now_ns();
      if (!blocked_since)
         blocked_since = now;
      if (now - blocked_since > (uint64_t)f->forfeit_ms * 1000000ull) {
         forfeit(f);
         return false;
      }
      struct pollfd pfd = {f->fd, POLLOUT, 0};
      poll(&pfd, 1, 50);
   }
}

static void *
sender(void *user)
{
   struct srv_logfwd *f = user;
   pthread_mutex_lock(&f->lock);
   for (;;) {
      while (!f->head && !f->quit)
         pthread_cond_wait(&f->more, &f->lock);
      if (!f->head)
         break;
      struct fwd_line *l = f->head;
      if (l->type == WIRE_CTRL_LOG && l->level <= SGL_LOG_ERROR)
         pace(f);
      f->head = l->next;
      if (!f->head)
         f->tail = NULL;
      if (l->type == WIRE_CTRL_LOG) {
         if (l->level <= SGL_LOG_ERROR)
            f->error_bytes -= l->len;
         else
            f->lossy_bytes -= l->len;
      }
      bool dead = f->dead;
      pthread_mutex_unlock(&f->lock);
      bool ok = false;
      if (!dead) {
         uint8_t buf[sizeof(struct wire_ctrl_msg) + WIRE_CTRL_MAX_TEXT];
         struct wire_ctrl_msg m = {WIRE_CTRL_MAGIC, l->type, l->level, l->len, l->seq};
         memcpy(buf, &m, sizeof(m));
         memcpy(buf + sizeof(m), l->text, l->len);
         if (f->write) {
            bool lost = false;
            ok = f->write(f->write_user, buf, sizeof(m) + l->len, f->forfeit_ms, &lost);
            if (lost)
               forfeit(f);
         } else {
            ok = send_or_forfeit(f, buf, sizeof(m) + l->len);
         }
      }
      pthread_mutex_lock(&f->lock);
      if (ok && l->type == WIRE_CTRL_LOG)
         f->forwarded++;
      else if (!ok)
         f->abandoned++, f->dead = true;
      f->written++;
      pthread_cond_broadcast(&f->sent);
      free(l);
   }
   pthread_mutex_unlock(&f->lock);
   return NULL;
}

/* A socket's sender stuck in send returns once the socket is shut for writing. */
static void
shut_socket(struct srv_logfwd *f)
{
   shutdown(f->fd, SHUT_WR);
}

static struct srv_logfwd *
start(int fd, srv_logfwd_write_fn write, srv_logfwd_unblock_fn unblock, void *user, bool tee_errors, bool thread_only)
{
   struct srv_logfwd *f = calloc(1, sizeof(*f));
   if (!f)
      return NULL;
   f->fd = fd;
   f->write = write;
   f->write_user = user;
   f->unblock = unblock;
   f->tee_errors = tee_errors;
   f->thread_only = thread_only;
   f->forfeit_ms = sgl_knobs()->wait_timeout_ms;
   pthread_mutex_init(&f->lock, NULL);
   pthread_cond_init(&f->more, NULL);
   pthread_cond_init(&f->sent, NULL);
   f->tokens = FWD_ERROR_BURST;
   clock_gettime(CLOCK_MONOTONIC, &f->last_refill);
   if (pthread_create(&f->thread, NULL, sender, f)) {
      pthread_cond_destroy(&f->more);
      pthread_cond_destroy(&f->sent);
      pthread_mutex_destroy(&f->lock);
      free(f);
      return NULL;
   }
   if (thread_only)
      sgl_log_set_thread_sink(sink, f);
   else
      sgl_log_set_sink(sink, f);
   return f;
}

struct srv_logfwd *
srv_logfwd_start(int fd)
{
   return start(fd, NULL, NULL, NULL, false, false);
}

struct srv_logfwd *
srv_logfwd_start_with(int fd, srv_logfwd_write_fn write, void *user, bool tee_errors)
{
   return start(fd, write, NULL, user, tee_errors, false);
}

struct srv_logfwd *
srv_logfwd_start_thread(srv_logfwd_write_fn write, srv_logfwd_unblock_fn unblock, void *user)
{
   return start(-1, write, unblock, user, false, true);
}

bool
srv_logfwd_forfeited(struct srv_logfwd *f)
{
   return f && __atomic_load_n(&f->forfeited, __ATOMIC_ACQUIRE);
}

void
srv_logfwd_flush_request(struct srv_logfwd *f, uint32_t seq)
{
   pthread_mutex_lock(&f->lock);
   push(f, WIRE_CTRL_FLUSH_ACK, 0, seq, NULL);
   pthread_mutex_unlock(&f->lock);
}

enum drain { DRAIN_DONE, DRAIN_LATE, DRAIN_STUCK };

/* Waits (lock held) until `target` lines are written: DRAIN_LATE past `until` (monotonic ns; 0:
 * none), DRAIN_STUCK when the sender wrote nothing for FWD_STUCK_MS (or the client is gone). */
static enum drain
drain(struct srv_logfwd *f, uint64_t target, uint64_t until)
{
   uint64_t seen = f->written, progress = now_ns();
   while (f->written < target) {
      if (f->dead)
         return DRAIN_STUCK;
      uint64_t now = now_ns();
      if (f->written != seen) {
         seen = f->written;
         progress = now;
      }
      if (now - progress > FWD_STUCK_MS * 1000000ull)
         return DRAIN_STUCK;
      if (until && now > until)
         return DRAIN_LATE;
      struct timespec dl = sgl_realtime_in_ms(50);
      pthread_cond_timedwait(&f->sent, &f->lock, &dl);
   }
   return DRAIN_DONE;
}

void
srv_logfwd_stop(struct srv_logfwd *f)
{
   if (!f)
      return;
   if (f->thread_only)
      sgl_log_set_thread_sink(NULL, NULL);
   else
      sgl_log_set_sink(NULL, NULL);
   pthread_mutex_lock(&f->lock);
   if (f->dropped_gap) { /* the last gap is noted too */
      char note[96];
      snprintf(note, sizeof(note), "%llu lines dropped (the client did not keep up)",
               (unsigned long long)f->dropped_gap);
      push_notice(f, note);
      f->notices++;
      f->dropped_gap = 0;
   }
   if (f->coalesced_pending) {
      char note[128];
      snprintf(note, sizeof(note), "%llu ERROR line(s) coalesced here: the error backlog was past %u MiB",
               (unsigned long long)f->coalesced_pending, FWD_ERROR_CAP >> 20);
      push(f, WIRE_CTRL_LOG, SGL_LOG_ERROR, 0, note);
      f->coalesced_pending = 0;
   }
   /* First what is queued, then the counters line with the final counts. WARN-and-below lines
    * still queued after FWD_DRAIN_MS are dropped (noted, counted) so that the ERRORs, the acks
    * and the counters line go next; the sender is given up on when it wrote nothing for
    * FWD_STUCK_MS (the client stopped reading), or after FWD_STOP_MAX_MS in all. A slow client
    * that keeps reading gets every ERROR and the counters line: fixed bounds cut them off
    * under ThreadSanitizer, the client reading slower than the 2 s allowed. */
   f->stopping = true;
   pthread_cond_signal(&f->more);
   uint64_t start = now_ns();
   enum drain r = drain(f, f->queued, start + FWD_DRAIN_MS * 1000000ull);
   if (r == DRAIN_LATE) {
      uint64_t late = 0;
      struct fwd_line **pp = &f->head;
      f->tail = NULL;
      while (*pp) {
         struct fwd_line *l = *pp;
         if (l->type == WIRE_CTRL_LOG && l->level > SGL_LOG_ERROR && !l->notice) {
            *pp = l->next;
            f->lossy_bytes -= l->len;
            f->queued--;
            late++;
            free(l);
         } else {
            f->tail = l;
            pp = &l->next;
         }
      }
      if (late) {
         char note[96];
         snprintf(note, sizeof(note), "%llu lines dropped (the session ended before they were sent)",
                  (unsigned long long)late);
         f->dropped += late;
         f->notices++;
         push_notice(f, note);
      }
      r = drain(f, f->queued, start + FWD_STOP_MAX_MS * 1000000ull);
   }
   char line[400];
   snprintf(line, sizeof(line),
            "log forwarding: forwarded=%llu dropped=%llu coalesced=%llu paced=%llu notices=%llu abandoned=%llu "
            "fatal-flush-timeouts=%llu max-offer-us=%.1f",
            (unsigned long long)f->forwarded, (unsigned long long)f->dropped, (unsigned long long)f->coalesced,
            (unsigned long long)f->paced, (unsigned long long)f->notices, (unsigned long long)f->abandoned,
            (unsigned long long)f->fatal_timeouts, (double)f->max_offer_ns / 1000.0);
   /* WARN when something was lost, else DEBUG (sent only where that level is logged) */
   bool lossy = f->dropped || f->coalesced || f->abandoned || f->fatal_timeouts;
   enum sgl_log_level lvl = lossy ? SGL_LOG_WARN : SGL_LOG_DEBUG;
   bool counters_sent = false;
   if (!f->dead && r == DRAIN_DONE && sgl_log_enabled(lvl)) {
      push(f, WIRE_CTRL_LOG, (uint16_t)lvl, 0, line);
      /* its own time: only a stuck sender is given up on */
      counters_sent = drain(f, f->queued, 0) == DRAIN_DONE;
   }
   bool stuck = f->written < f->queued && !f->dead;
   f->dead = true; /* what is still queued is abandoned */
   f->quit = true;
   pthread_cond_signal(&f->more);
   pthread_mutex_unlock(&f->lock);
   if (stuck) { /* a sender stuck in its write returns */
      if (f->unblock)
         f->unblock(f->write_user);
      else
         shut_socket(f);
   }
   pthread_join(f->thread, NULL);
   while (f->head) {
      struct fwd_line *l = f->head;
      f->head = l->next;
      free(l);
   }
   /* a loss the client did not get stays on the server's own stderr (a tcp server's operator
    * reads it there too) */
   if (lossy && (!counters_sent || f->tee_errors))
      fprintf(stderr, "splitgl[server]: WARN: %s\n", line);
   pthread_cond_destroy(&f->more);
   pthread_cond_destroy(&f->sent);
   pthread_mutex_destroy(&f->lock);
   free(f);
}
