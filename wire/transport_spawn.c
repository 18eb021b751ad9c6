/* splitgl wire: the spawn transport: splitgl-server in its own process, the segment a memfd
 * passed over a unix socket, futex doorbells in the shared mapping. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "client_private.h"
#include "control.h"
#include "util/knobs.h"
#include "util/log.h"

extern char **environ;

/* splitgl-server lives next to the object that holds this code (the vendor library, or a
 * test executable), unless SPLITGL_SERVER_BIN names it. */
static void
server_path(char *out, size_t n)
{
   const char *knob = sgl_knobs()->server_bin;
   if (knob && *knob) {
      snprintf(out, n, "%s", knob);
      return;
   }
   Dl_info info;
   char self[4096] = ".";
   if (dladdr((void *)server_path, &info) && info.dli_fname && strchr(info.dli_fname, '/'))
      snprintf(self, sizeof(self), "%s", info.dli_fname);
   else if (readlink("/proc/self/exe", self, sizeof(self) - 1) < 0)
      snprintf(self, sizeof(self), "./x");
   snprintf(out, n, "%s/splitgl-server", dirname(self));
}

static bool
send_hello(struct wire_client *c, char *err, unsigned err_size)
{
   struct wire_hello hello = {WIRE_HELLO_MAGIC, WIRE_PROTOCOL_REVISION, c->mapping_size};
   struct iovec iov = {&hello, sizeof(hello)};
   union {
      char buf[CMSG_SPACE(sizeof(int))];
      struct cmsghdr align;
   } u;
   struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof(u.buf)};
   struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
   cm->cmsg_level = SOL_SOCKET;
   cm->cmsg_type = SCM_RIGHTS;
   cm->cmsg_len = CMSG_LEN(sizeof(int));
   memcpy(CMSG_DATA(cm), &c->memfd, sizeof(int));
   if (sendmsg(c->sock, &msg, MSG_NOSIGNAL) != (ssize_t)sizeof(hello)) {
      snprintf(err, err_size, "cannot send the hello to splitgl-server: %s", strerror(errno));
      return false;
   }
   return true;
}

static bool
recv_ack(struct wire_client *c, char *err, unsigned err_size)
{
   struct pollfd pfd = {c->sock, POLLIN, 0};
   int r = poll(&pfd, 1, 20000);
   struct wire_hello_ack ack;
   if (r <= 0 || recv(c->sock, &ack, sizeof(ack), 0) != (ssize_t)sizeof(ack)) {
      snprintf(err, err_size, "splitgl-server did not answer the hello");
      return false;
   }
   ack.msg[sizeof(ack.msg) - 1] = 0;
   if (ack.magic != WIRE_HELLO_MAGIC || ack.revision != WIRE_PROTOCOL_REVISION || ack.status) {
      snprintf(err, err_size, "splitgl-server refused the session: %s", ack.msg);
      return false;
   }
   return true;
}

static bool
map_memfd(struct wire_client *c, char *err, unsigned err_size)
{
   const struct sgl_knobs *k = sgl_knobs();
   uint32_t cmd = (uint32_t)k->ring_kib * 1024u, stg = (uint32_t)k->staging_kib * 1024u;
   size_t total = wire_segment_total(cmd, stg);
   c->memfd = memfd_create("splitgl-segment", MFD_CLOEXEC);
   if (c->memfd < 0 || ftruncate(c->memfd, (off_t)total) < 0) {
      snprintf(err, err_size, "memfd for the segment: %s", strerror(errno));
      return false;
   }
   void *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED, c->memfd, 0);
   if (p == MAP_FAILED) {
      snprintf(err, err_size, "mmap of the segment: %s", strerror(errno));
      return false;
   }
   c->mapping = p;
   c->mapping_size = total;
   wire_segment_init(&c->seg, p, total, cmd, stg);
   if (!wire_segment_guard(&c->seg))
      sgl_warn("wire: cannot protect the segment's guard pages: %s", strerror(errno));
   return true;
}

static bool
launch(struct wire_client *c, int child_sock, char *err, unsigned err_size)
{
   char path[4096];
   server_path(path, sizeof(path));
   posix_spawn_file_actions_t fa;
   posix_spawn_file_actions_init(&fa);
   posix_spawn_file_actions_adddup2(&fa, child_sock, WIRE_SERVER_FD);
   char *argv[] = {path, NULL};
   int r = posix_spawn(&c->pid, path, &fa, NULL, argv, environ);
   posix_spawn_file_actions_destroy(&fa);
   if (r) {
      snprintf(err, err_size, "cannot start %s: %s", path, strerror(r));
      c->pid = 0;
      return false;
   }
   return true;
}

static void spawn_stop(struct wire_client *c);

static bool
spawn_start(struct wire_client *c, char *err, unsigned err_size)
{
   int sv[2];
   if (!map_memfd(c, err, err_size))
      goto fail;
   if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) {
      snprintf(err, err_size, "socketpair: %s", strerror(errno));
      goto fail;
   }
   c->sock = sv[0];
   bool ok = launch(c, sv[1], err, err_size);
   close(sv[1]);
   if (!ok || !send_hello(c, err, err_size) || !recv_ack(c, err, err_size))
      goto fail;
   return true;
fail:
   spawn_stop(c);
   return false;
}

static void
spawn_kick(struct wire_client *c)
{
   wire_ring_bell(&c->seg.ctrl->cmd_bell, &c->seg.ctrl->server_sleeping);
}

static uint64_t
now_ms(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* Reads the control messages waiting on the socket (for up to wait_ms for the first; 0: only
 * what is there): the server's log lines, written with their level and origin, and flush
 * acknowledgements. Returns false at the end of the stream. */
static bool
drain_ctl(struct wire_client *c, int wait_ms)
{
   for (;;) {
      struct pollfd pfd = {c->sock, POLLIN, 0};
      if (c->sock < 0 || poll(&pfd, 1, wait_ms) <= 0)
         return c->sock >= 0;
      wait_ms = 0;
      uint8_t buf[sizeof(struct wire_ctrl_msg) + WIRE_CTRL_MAX_TEXT + 1];
      ssize_t n = recv(c->sock, buf, sizeof(buf) - 1, MSG_DONTWAIT);
      if (n < 0 && (errno == EAGAIN || errno == EINTR))
         return true;
      if (n <= 0)
         return false; /* the server closed its end */
      struct wire_ctrl_msg m;
      if ((size_t)n < sizeof(m))
         continue;
      memcpy(&m, buf, sizeof(m));
      if (m.magic != WIRE_CTRL_MAGIC || m.len > (size_t)n - sizeof(m))
         continue;
      c->ctl_received++;
      buf[sizeof(m) + m.len] = 0;
      wire_client_take_ctl(c, &m, (const char *)buf + sizeof(m));
   }
}

bool
wire_spawn_log_flush(struct wire_client *c, int timeout_ms)
{
   if (c->kind == WIRE_TRANSPORT_TCP)
      return wire_tcp_log_flush(c, timeout_ms);
   if (c->kind == WIRE_TRANSPORT_INPROC)
      return wire_inproc_log_flush(c, timeout_ms);
   if (c->kind != WIRE_TRANSPORT_SPAWN || c->sock < 0)
      return true;
   struct wire_ctrl_msg m = {WIRE_CTRL_MAGIC, WIRE_CTRL_FLUSH, 0, 0, ++c->ctl_flush_seq};
   if (send(c->sock, &m, sizeof(m), MSG_NOSIGNAL) != (ssize_t)sizeof(m))
      return false;
   for (uint64_t end = now_ms() + (uint64_t)timeout_ms; c->ctl_flush_acked != m.seq && now_ms() < end;)
      if (!drain_ctl(c, 10))
         return false;
   return c->ctl_flush_acked == m.seq;
}

/* The server is gone when its end of the control socket hangs up (it dies with the process,
 * whoever reaps it), or when waitpid reaps it. An application that reaps every child or sets
 * SIGCHLD to SIG_IGN takes the exit status from us (waitpid then fails with ECHILD): the pid
 * is then no longer ours to wait for or signal. */
static bool
spawn_alive(struct wire_client *c)
{
   if (!c->pid)
      return false;
   drain_ctl(c, 0); /* the server's log lines, at every wait slice */
   struct pollfd pfd = {c->sock, POLLRDHUP, 0};
   bool hung_up = c->sock >= 0 && poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLHUP | POLLRDHUP | POLLERR));
   int status;
   pid_t r = waitpid(c->pid, &status, WNOHANG);
   if (r == c->pid || (r < 0 && errno == ECHILD)) {
      c->pid = 0; /* reaped, here or by someone else: never signal that pid again */
      return false;
   }
   return !hung_up;
}

static void
spawn_stop(struct wire_client *c)
{
   if (c->mapping) {
      wire_store32(&c->seg.ctrl->client_closing, 1);
      __atomic_add_fetch(&c->seg.ctrl->cmd_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->seg.ctrl->cmd_bell);
      __atomic_add_fetch(&c->seg.ctrl->event_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->seg.ctrl->event_bell);
   }
   /* The server ends the session, destroys its device, sends what its log queue holds and its
    * counters line (it gives that at most 2 + 2 s), and exits: read until its end closes. A
    * fixed window shorter than all of that cut the last lines off on a slow machine (under
    * ThreadSanitizer), so the window follows the server: it ends after 5 s in which nothing
    * came (a server that hangs), or 20 s in all. */
   uint64_t start = now_ms(), quiet_since = start, seen = c->ctl_received;
   while (c->sock >= 0 && c->pid) {
      if (!drain_ctl(c, 20))
         break;
      uint64_t now = now_ms();
      if (c->ctl_received != seen) {
         seen = c->ctl_received;
         quiet_since = now;
      }
      if (now - quiet_since > WIRE_CLOSE_QUIET_MS || now - start > WIRE_CLOSE_MAX_MS) {
         sgl_warn("wire: spawn: the server did not end its stream %s; its last log lines may be lost",
                  now - start > WIRE_CLOSE_MAX_MS ? "within 20 s" : "after 5 s without a message");
         break;
      }
   }
   if (c->sock >= 0)
      close(c->sock);
   c->sock = -1;
   if (c->pid) {
      /* The server ends within one idle slice of the close; give it 2 s, then kill it. A pid
       * someone else reaped (ECHILD) is not ours any more. */
      for (int i = 0; i < 200; i++) {
         pid_t r = waitpid(c->pid, NULL, WNOHANG);
         if (r == c->pid || (r < 0 && errno == ECHILD)) {
            c->pid = 0;
            break;
         }
         nanosleep(&(struct timespec){0, 10000000}, NULL);
      }
      if (c->pid) {
         kill(c->pid, SIGKILL);
         waitpid(c->pid, NULL, 0);
         c->pid = 0;
      }
   }
   if (c->mapping)
      munmap(c->mapping, c->mapping_size);
   c->mapping = NULL;
   if (c->memfd >= 0)
      close(c->memfd);
   c->memfd = -1;
}

const struct wire_transport_ops wire_transport_spawn = {
   .start = spawn_start,
   .kick = spawn_kick,
   .alive = spawn_alive,
   .stop = spawn_stop,
};
