/* splitgl-server --listen ADDR:PORT: the server as a long-running service (DESIGN.md §2.3).
 *
 *   --listen ADDR:PORT   bind there (ADDR an IPv4 or [IPv6] literal or a host name; PORT 0
 *                        picks a free port). Loopback unless --token-file is given too.
 *   --token-file F       clients must present F's text (see wire_tcp_read_token) first.
 *   --max-sessions N     sessions at once (default 16); more are refused with a reason.
 *   --port-file F        write the bound port (a decimal line) to F once listening.
 *   --max-ring-mib N     the largest command ring a client may ask for (default 256)
 *   --max-staging-mib N  the largest staging arena a client may ask for (default 1024)
 *   --watchdog-ms N      a record that applies for longer than N ms ends its session with
 *                        `Watchdog "<Op>"` (the session process exits; 0, the default: off).
 *   --max-session-mib N  per-session caps (server/session.c): bytes the server holds for a
 *   --max-objects N      session, live objects of each handle kind, fences whose signal
 *   --max-queued-events N  event is owed. Past one the session ends with
 *                        `ResourceExhausted "memory.<Op>"` / `"objects.<KIND>"` /
 *                        `"events.FenceSync"`. Defaults: the SPLITGL_MAX_* knobs.
 *
 * One forked process per connection, so a session's fatal error, crash or leak never touches
 * another session or the listener. SIGTERM / SIGINT: stop accepting, end every session
 * (SIGTERM to each; SIGKILL after 5 s), exit 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "listen.h"
#include "util/log.h"
#include "wire/control.h"
#include "wire/ops.h"
#include "wire/tcp_frame.h"

#if defined(__SANITIZE_ADDRESS__)
#define SGL_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SGL_LSAN 1
#endif
#endif
#ifdef SGL_LSAN
#include <sanitizer/lsan_interface.h>
#endif

#define DEFAULT_MAX_SESSIONS 16
#define MAX_SESSIONS_LIMIT 4096

static volatile sig_atomic_t stop_requested;

static void
on_stop(int sig)
{
   (void)sig;
   stop_requested = 1;
}

static void
on_child(int sig)
{
   (void)sig; /* only interrupts ppoll; the loop reaps */
}

struct listener {
   const char *listen, *token_file, *port_file;
   int max_sessions;
   int watchdog_ms;
   int max_ring_mib, max_staging_mib;
   struct srv_caps caps;
   uint8_t token[WIRE_TCP_MAX_TOKEN];
   int token_len;
   int fd;
   pid_t *kids;
   int nkids;
};

static int
usage(const char *why)
{
   fprintf(stderr,
           "splitgl-server: %s\n"
           "usage: splitgl-server --listen ADDR:PORT [--token-file F] [--max-sessions N] [--port-file F]\n"
           "                      [--watchdog-ms N] [--max-ring-mib N] [--max-staging-mib N]\n"
           "                      [--max-session-mib N] [--max-objects N] [--max-queued-events N]\n"
           "       (started without flags by the spawn transport)\n",
           why);
   return 2;
}

static int
parse_args(struct listener *l, int argc, char **argv)
{
   l->max_sessions = DEFAULT_MAX_SESSIONS;
   l->max_ring_mib = 256;     /* SPLITGL_RING_KIB's ceiling */
   l->max_staging_mib = 1024; /* SPLITGL_STAGING_KIB's ceiling */
   srv_caps_from_knobs(&l->caps);
   for (int i = 1; i < argc; i += 2) { /* every flag takes a value */
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(a, "--help"))
         return usage("the service flags");
      if (strcmp(a, "--listen") && strcmp(a, "--token-file") && strcmp(a, "--port-file") &&
          strcmp(a, "--max-sessions") && strcmp(a, "--watchdog-ms") && strcmp(a, "--max-ring-mib") &&
          strcmp(a, "--max-staging-mib") && strcmp(a, "--max-session-mib") && strcmp(a, "--max-objects") &&
          strcmp(a, "--max-queued-events"))
         return usage("unknown flag");
      if (!v)
         return usage("a flag lacks its value");
      if (!strcmp(a, "--listen"))
         l->listen = v;
      else if (!strcmp(a, "--token-file"))
         l->token_file = v;
      else if (!strcmp(a, "--port-file"))
         l->port_file = v;
      else if (!strcmp(a, "--max-sessions")) {
         char *end;
         long n = strtol(v, &end, 10);
         if (*end || n < 1 || n > MAX_SESSIONS_LIMIT)
            return usage("--max-sessions wants 1 to 4096");
         l->max_sessions = (int)n;
      } else if (!strcmp(a, "--max-ring-mib") || !strcmp(a, "--max-staging-mib")) {
         char *end;
         long n = strtol(v, &end, 10);
         bool ring = !strcmp(a, "--max-ring-mib");
         if (*end || n < 1 || n > (ring ? 256 : 1024))
            return usage(ring ? "--max-ring-mib wants 1 to 256" : "--max-staging-mib wants 1 to 1024");
         *(ring ? &l->max_ring_mib : &l->max_staging_mib) = (int)n;
      } else if (!strcmp(a, "--max-session-mib")) {
         char *end;
         long n = strtol(v, &end, 10);
         if (*end || n < 1 || n > 1048576)
            return usage("--max-session-mib wants 1 to 1048576");
         l->caps.max_bytes = (uint64_t)n << 20;
      } else if (!strcmp(a, "--max-objects") || !strcmp(a, "--max-queued-events")) {
         char *end;
         long n = strtol(v, &end, 10);
         bool objects = !strcmp(a, "--max-objects");
         if (*end || n < 1 || n > 1048576)
            return usage(objects ? "--max-objects wants 1 to 1048576" : "--max-queued-events wants 1 to 1048576");
         *(objects ? &l->caps.max_objects : &l->caps.max_queued_events) = (uint32_t)n;
      } else if (!strcmp(a, "--watchdog-ms")) {
         char *end;
         long n = strtol(v, &end, 10);
         if (*end || n < 0 || n > 3600000)
            return usage("--watchdog-ms wants 0 to 3600000");
         l->watchdog_ms = (int)n;
      } else
         return usage("unknown flag");
   }
   return l->listen ? 0 : usage("--listen ADDR:PORT is required");
}

static bool
is_loopback(const struct sockaddr *sa)
{
   if (sa->sa_family == AF_INET)
      return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
   if (sa->sa_family == AF_INET6) {
      const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
      if (IN6_IS_ADDR_V4MAPPED(a))
         return a->s6_addr[12] == 127;
      return IN6_IS_ADDR_LOOPBACK(a);
   }
   return false;
}

static void
describe(const struct sockaddr *sa, char *out, size_t n)
{
   char host[NI_MAXHOST] = "?", serv[NI_MAXSERV] = "?";
   socklen_t len = sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
   getnameinfo(sa, len, host, sizeof(host), serv, sizeof(serv), NI_NUMERICHOST | NI_NUMERICSERV);
   snprintf(out, n, sa->sa_family == AF_INET6 ? "[%s]:%s" : "%s:%s", host, serv);
}

/* Binds and listens. Refuses a non-loopback address without a token file. */
static int
open_listener(struct listener *l)
{
   char host[256], port[32];
   const char *colon = strrchr(l->listen, ':');
   size_t hl = colon ? (size_t)(colon - l->listen) : 0;
   const char *h = l->listen;
   if (hl >= 2 && h[0] == '[' && h[hl - 1] == ']') {
      h++;
      hl -= 2;
   }
   if (!colon || !hl || hl >= sizeof(host) || !colon[1] || strlen(colon + 1) >= sizeof(port)) {
      sgl_err("server: --listen %s: want ADDR:PORT", l->listen);
      return -1;
   }
   memcpy(host, h, hl);
   host[hl] = 0;
   snprintf(port, sizeof(port), "%s", colon + 1);
   struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                            .ai_flags = AI_PASSIVE | AI_NUMERICSERV};
   struct addrinfo *res = NULL;
   int r = getaddrinfo(host, port, &hints, &res);
   if (r) {
      sgl_err("server: --listen %s: %s", l->listen, gai_strerror(r));
      return -1;
   }
   int fd = -1;
   for (struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
      if (!is_loopback(ai->ai_addr) && !l->token_len) {
         char where[128];
         describe(ai->ai_addr, where, sizeof(where));
         sgl_err("server: refusing to listen on %s: it is not a loopback address, and anyone who can reach it "
                 "would drive the GPU; give --token-file F (clients then need SPLITGL_TOKEN_FILE)",
                 where);
         break;
      }
      fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
      if (fd < 0)
         continue;
      int one = 1;
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
      if (bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 || listen(fd, 64) < 0) {
         sgl_err("server: --listen %s: %s", l->listen, strerror(errno));
         close(fd);
         fd = -1;
      }
   }
   freeaddrinfo(res);
   return fd;
}

static bool
write_port_file(const struct listener *l, int port)
{
   if (!l->port_file)
      return true;
   char tmp[4096];
   snprintf(tmp, sizeof(tmp), "%s.tmp%d", l->port_file, (int)getpid());
   FILE *f = fopen(tmp, "w");
   bool ok = f && fprintf(f, "%d\n", port) > 0;
   ok = f && !fclose(f) && ok;
   ok = ok && rename(tmp, l->port_file) == 0; /* readers never see a partial line */
   if (!ok)
      sgl_err("server: cannot write the port file %s: %s", l->port_file, strerror(errno));
   return ok;
}

static void
reap(struct listener *l)
{
   int status;
   pid_t pid;
   while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
      for (int i = 0; i < l->nkids; i++) {
         if (l->kids[i] == pid) {
            l->kids[i] = l->kids[--l->nkids];
            break;
         }
      }
      if (WIFSIGNALED(status))
         sgl_warn("server: session process %d died of signal %d", (int)pid, WTERMSIG(status));
      else if (WIFEXITED(status) && WEXITSTATUS(status) == 23)
         sgl_err("server: session process %d reported leaks (LeakSanitizer)", (int)pid);
   }
}

/* At the cap: answer with the reason (after reading what the client sent, so the close does
 * not reset the answer) and close, without blocking the listener. */
static void
refuse_busy(struct listener *l, int fd, const char *peer)
{
   sgl_warn("server: tcp: refused the session from %s: %d sessions already (--max-sessions)", peer,
            l->max_sessions);
   uint8_t sink[2048];
   struct pollfd pfd = {fd, POLLIN, 0};
   if (poll(&pfd, 1, 200) > 0) /* the preamble and hello, usually already here */
      (void)!recv(fd, sink, sizeof(sink), MSG_DONTWAIT);
   struct wire_hello_ack ack = {WIRE_HELLO_MAGIC, WIRE_PROTOCOL_REVISION, 1, 0, {0}};
   snprintf(ack.msg, sizeof(ack.msg), "server busy: %d sessions (--max-sessions)", l->max_sessions);
   (void)!send(fd, &ack, sizeof(ack), MSG_NOSIGNAL | MSG_DONTWAIT);
   shutdown(fd, SHUT_WR);
   (void)!recv(fd, sink, sizeof(sink), MSG_DONTWAIT);
}

static void
start_session(struct listener *l, int fd, const char *peer)
{
   pid_t pid = fork();
   if (pid < 0) {
      sgl_err("server: tcp: cannot fork a session for %s: %s", peer, strerror(errno));
      return;
   }
   if (pid == 0) {
      close(l->fd);
      signal(SIGCHLD, SIG_DFL);
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, NULL);
      wire_tcp_tune(fd);
      struct srv_tcp_config cfg = {l->token, l->token_len, l->watchdog_ms, l->max_ring_mib, l->max_staging_mib,
                                   l->caps, &stop_requested};
      int status = srv_tcp_session(fd, peer, &cfg);
#ifdef SGL_LSAN
      /* A session process leaves through _exit, which skips LeakSanitizer's check at exit:
       * run it here, so every session's leaks are reported (the soak relies on it). */
      if (__lsan_do_recoverable_leak_check()) {
         sgl_err("server: session process %d leaked (LeakSanitizer report above)", (int)getpid());
         status = 23;
      }
#endif
      _exit(status);
   }
   l->kids[l->nkids++] = pid;
}

static void
stop_sessions(struct listener *l)
{
   for (int i = 0; i < l->nkids; i++)
      kill(l->kids[i], SIGTERM);
   for (int t = 0; t < 500 && l->nkids; t++) {
      reap(l);
      if (l->nkids)
         nanosleep(&(struct timespec){0, 10000000}, NULL);
   }
   for (int i = 0; i < l->nkids; i++) {
      sgl_warn("server: session process %d did not end within 5 s of SIGTERM; killing it", (int)l->kids[i]);
      kill(l->kids[i], SIGKILL);
      waitpid(l->kids[i], NULL, 0);
   }
   l->nkids = 0;
}

int
srv_listen_main(int argc, char **argv)
{
   struct listener l = {0};
   int r = parse_args(&l, argc, argv);
   if (r)
      return r;
   if (l.token_file) {
      char err[512];
      l.token_len = wire_tcp_read_token(l.token_file, l.token, err, sizeof(err));
      if (l.token_len < 0) {
         sgl_err("server: --token-file: %s", err);
         return 1;
      }
   }
   /* The signals are blocked except inside ppoll: a stop between two looks is never lost. */
   sigset_t mask, old;
   sigemptyset(&mask);
   sigaddset(&mask, SIGTERM);
   sigaddset(&mask, SIGINT);
   sigaddset(&mask, SIGCHLD);
   sigprocmask(SIG_BLOCK, &mask, &old);
   struct sigaction sa = {.sa_handler = on_stop};
   sigaction(SIGTERM, &sa, NULL);
   sigaction(SIGINT, &sa, NULL);
   sa.sa_handler = on_child;
   sigaction(SIGCHLD, &sa, NULL);
   signal(SIGPIPE, SIG_IGN);

   l.fd = open_listener(&l);
   l.kids = calloc((size_t)l.max_sessions, sizeof(*l.kids));
   if (l.fd < 0 || !l.kids)
      return 1;
   struct sockaddr_storage bound;
   socklen_t blen = sizeof(bound);
   getsockname(l.fd, (struct sockaddr *)&bound, &blen);
   char where[128];
   describe((struct sockaddr *)&bound, where, sizeof(where));
   int port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                                : ((struct sockaddr_in *)&bound)->sin_port);
   if (!write_port_file(&l, port))
      return 1;
   sgl_info("server: listening on %s (%s, at most %d sessions; each at most %llu MiB, %u objects of a kind, "
            "%u queued events)",
            where, l.token_len ? "token required" : "loopback, no token", l.max_sessions,
            (unsigned long long)(l.caps.max_bytes >> 20), l.caps.max_objects, l.caps.max_queued_events);
   fprintf(stderr, "splitgl-server: listening on %s\n", where);

   sigset_t waitmask = old;
   sigdelset(&waitmask, SIGTERM);
   sigdelset(&waitmask, SIGINT);
   sigdelset(&waitmask, SIGCHLD);
   while (!stop_requested) {
      struct pollfd pfd = {l.fd, POLLIN, 0};
      int n = ppoll(&pfd, 1, NULL, &waitmask);
      reap(&l);
      if (n <= 0)
         continue;
      struct sockaddr_storage peer_sa;
      socklen_t plen = sizeof(peer_sa);
      int fd = accept4(l.fd, (struct sockaddr *)&peer_sa, &plen, SOCK_CLOEXEC);
      if (fd < 0)
         continue;
      char peer[128];
      describe((struct sockaddr *)&peer_sa, peer, sizeof(peer));
      if (l.nkids >= l.max_sessions)
         refuse_busy(&l, fd, peer);
      else
         start_session(&l, fd, peer);
      close(fd);
   }
   fprintf(stderr, "splitgl-server: stopping (%d sessions open)\n", l.nkids);
   close(l.fd);
   stop_sessions(&l);
   free(l.kids);
   fprintf(stderr, "splitgl-server: stopped\n");
   return 0;
}
