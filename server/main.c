/* splitgl-server: the server process of the spawn transport, or (with --listen) the
 * long-running service of the tcp transport (server/listen.c).
 *
 * Without flags it is started by the client with the control socket on fd WIRE_SERVER_FD. Receives the hello
 * with the segment memfd, maps it, creates the backend and the session, acknowledges, and
 * applies records until the client closes, the socket hangs up, or a fatal error. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "backend.h"
#include "listen.h"
#include "logfwd.h"
#include "session.h"
#include "util/log.h"
#include "wire/control.h"
#include "wire/segment.h"

/* The spawn session's control socket and its log forwarder. */
struct spawn_ctl {
   int sock;
   struct srv_logfwd *fwd;
};

static int
recv_hello(int sock, struct wire_hello *hello)
{
   struct iovec iov = {hello, sizeof(*hello)};
   union {
      char buf[CMSG_SPACE(sizeof(int))];
      struct cmsghdr align;
   } u;
   struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof(u.buf)};
   struct pollfd pfd = {sock, POLLIN, 0};
   if (poll(&pfd, 1, 20000) <= 0 || recvmsg(sock, &msg, MSG_CMSG_CLOEXEC) != (ssize_t)sizeof(*hello))
      return -1;
   struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
   if (!cm || cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS || cm->cmsg_len != CMSG_LEN(sizeof(int)))
      return -1;
   int fd;
   memcpy(&fd, CMSG_DATA(cm), sizeof(fd));
   return fd;
}

static void
send_ack(int sock, int status, const char *msg)
{
   struct wire_hello_ack ack = {WIRE_HELLO_MAGIC, WIRE_PROTOCOL_REVISION, status, 0, {0}};
   snprintf(ack.msg, sizeof(ack.msg), "%s", msg ? msg : "");
   if (send(sock, &ack, sizeof(ack), MSG_NOSIGNAL) < 0)
      sgl_warn("server: cannot acknowledge the hello: %s", strerror(errno));
}

/* Idle hook: the session ends when the client's end of the socket is gone; log flushes the
 * client asks for are queued behind the lines before them. */
static bool
socket_alive(void *user)
{
   struct spawn_ctl *c = user;
   if (srv_logfwd_forfeited(c->fwd))
      return false; /* the client stopped draining its log: the session is forfeited */
   for (;;) {
      struct pollfd pfd = {c->sock, POLLIN, 0};
      int r = poll(&pfd, 1, 0);
      if (r <= 0)
         return true;
      if (pfd.revents & (POLLHUP | POLLERR))
         return false;
      /* a control message: a log flush (anything else, or the end of the stream, ends it) */
      struct wire_ctrl_msg m;
      ssize_t n = recv(c->sock, &m, sizeof(m), MSG_DONTWAIT);
      if (n < 0 && (errno == EAGAIN || errno == EINTR))
         return true;
      if (n != (ssize_t)sizeof(m) || m.magic != WIRE_CTRL_MAGIC || m.type != WIRE_CTRL_FLUSH || m.len) {
         if (n > 0)
            sgl_err("server: a control message the client may not send (type %u); the session ends",
                    n == (ssize_t)sizeof(m) ? (unsigned)m.type : 0u);
         return false;
      }
      if (c->fwd)
         srv_logfwd_flush_request(c->fwd, m.seq);
   }
}

int
main(int argc, char **argv)
{
   int sock = WIRE_SERVER_FD;
   sgl_log_set_tag("server");
   srv_own_process = true; /* also each forked tcp session: a test death exits it */
   /* A Vulkan driver that loads libglvnd's EGL here (NVIDIA's) may load splitgl's vendor
    * library into this process too: it must not open channels from here (util/log.h). */
   setenv("SPLITGL_INTERNAL_SERVER_PROCESS", "1", 1);
   if (argc > 1)
      return srv_listen_main(argc, argv);
   struct wire_hello hello;
   int fd = recv_hello(sock, &hello);
   if (fd < 0 || hello.magic != WIRE_HELLO_MAGIC || hello.revision != WIRE_PROTOCOL_REVISION ||
       hello.segment_size > (4ull << 30)) {
      send_ack(sock, 1, "bad hello");
      return 1;
   }
   void *base = mmap(NULL, hello.segment_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   close(fd);
   char err[256];
   struct wire_segment seg;
   if (base == MAP_FAILED || !wire_segment_attach(&seg, base, hello.segment_size, err, sizeof(err))) {
      send_ack(sock, 1, base == MAP_FAILED ? "cannot map the segment" : err);
      return 1;
   }
   if (!wire_segment_guard(&seg))
      sgl_warn("server: cannot protect the segment's guard pages");
   struct srv_backend *be = srv_backend_create(&seg.device, err, sizeof(err));
   struct srv_session *s = be ? srv_session_create(&seg, be, true) : NULL;
   if (!s) {
      send_ack(sock, 1, be ? "out of memory" : err);
      if (be)
         be->ops->destroy(be);
      return 1;
   }
   send_ack(sock, 0, "");
   /* From here on log lines go to the client over the control socket (DESIGN 2.7). */
   struct spawn_ctl ctl = {sock, srv_logfwd_start(sock)};
   srv_session_run(s, socket_alive, &ctl);
   /* The log's last lines and the counters line go out before the device is destroyed: a
    * teardown that ends the process (ThreadSanitizer dies when the Vulkan loader unloads a
    * driver it was told to ignore calls from) must not take them along. What the teardown
    * logs goes to stderr, which a spawned server shares with its client. */
   srv_logfwd_stop(ctl.fwd);
   srv_session_destroy(s);
   munmap(base, hello.segment_size);
   return 0;
}
