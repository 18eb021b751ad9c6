/* The tcp transport end to end against a running splitgl-server --listen (the tcp_unit_server
 * fixture writes its port to a file), speaking the wire directly.
 *
 *   test_tcp sessions PORTFILE  two sessions at once: one sends a malformed record and ends
 *                               with its named ProtocolCorruption error while the other keeps
 *                               rendering; a malformed frame ends a third with
 *                               ProtocolCorruption "Frame.RING"; a new session works after.
 *   test_tcp kill PORTFILE      a client killed mid-frame (a raw client inside a RING frame, a
 *                               wire client while it renders) does not disturb the server: the
 *                               session beside it and a new one render correctly.
 *   test_tcp staging PORTFILE   staged uploads through a 1 MiB arena (wraps, skipped stretches
 *                               at its end) land byte for byte.
 *   test_tcp deadpeer           a server that accepts and then closes: the client's wait ends
 *                               with the channel lost (within 5 s), never a hang.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../unit/check.h"
#include "../unit/wire_emit.h"
#include "util/log.h"
#include "wire/client.h"
#include "wire/control.h"
#include "wire/ops.h"
#include "wire/tcp_frame.h"

struct peer {
   int lost;
   char why[256];
};

static void
on_lost(void *u, const char *why, bool device_lost)
{
   struct peer *p = u;
   p->lost++;
   snprintf(p->why, sizeof(p->why), "%s", why);
}

static struct wire_client *
open_client(struct peer *p)
{
   struct wire_client_callbacks cb = {NULL, on_lost, p};
   char err[256] = "";
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_TCP, &cb, err, sizeof(err));
   if (!c)
      fprintf(stderr, "open: %s\n", err);
   CHECK(c != NULL);
   return c;
}

/* The client's log. The server's own lines arrive as CTRL frames from its log forwarder and
 * are written to stderr as "splitgl[server]: LEVEL: ..." (sgl_log_peer): stderr_to_file
 * catches them for a while. */
static void
capture_log(enum sgl_log_level level, const char *line, void *user)
{
   (void)user;
   fprintf(stderr, "splitgl: %s: %s\n", sgl_log_level_name(level), line);
}

static int saved_stderr = -1;
static char stderr_path[] = "/tmp/test_tcp_XXXXXX";

static void
stderr_to_file(void)
{
   fflush(stderr);
   int fd = mkstemp(stderr_path);
   saved_stderr = dup(2);
   if (fd >= 0) {
      dup2(fd, 2);
      close(fd);
   }
}

/* Restores stderr, echoes what was caught, and returns how many lines hold `needle`. */
static int
stderr_back(const char *needle)
{
   fflush(stderr);
   dup2(saved_stderr, 2);
   close(saved_stderr);
   int n = 0;
   FILE *f = fopen(stderr_path, "r");
   char line[2048];
   while (f && fgets(line, sizeof(line), f)) {
      fputs(line, stderr);
      n += strstr(line, needle) != NULL;
   }
   if (f)
      fclose(f);
   unlink(stderr_path);
   return n;
}

/* ---- raw stream clients -------------------------------------------------------------------- */

static int port;

static int
raw_connect(void)
{
   int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
   struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
   sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
   if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
      close(fd);
      return -1;
   }
   return fd;
}

static bool
raw_handshake(int fd)
{
   struct wire_tcp_preamble pre = {WIRE_TCP_MAGIC, 0};
   struct wire_tcp_hello hello = {WIRE_PROTOCOL_REVISION, 1u << 20, 1u << 20, 0};
   struct wire_hello_ack ack;
   return wire_tcp_write_full(fd, &pre, sizeof(pre), 5000, 0) &&
          wire_tcp_write_full(fd, &hello, sizeof(hello), 5000, 0) &&
          wire_tcp_read_full(fd, &ack, sizeof(ack), 10000) && ack.magic == WIRE_HELLO_MAGIC && ack.status == 0;
}

/* Reads server frames until a STATE frame says FATAL; returns its message ("" if the stream
 * ended first). */
static void
raw_fatal(int fd, char *msg, size_t n)
{
   msg[0] = 0;
   struct wire_tcp_frame f;
   static uint8_t body[2u << 20];
   while (wire_tcp_read_full(fd, &f, sizeof(f), 10000) && f.len <= sizeof(body) &&
          wire_tcp_read_full(fd, body, f.len, 10000)) {
      struct wire_tcp_server_state st;
      if (f.type != WIRE_TCP_STATE || f.len != sizeof(st))
         continue;
      memcpy(&st, body, sizeof(st));
      if (st.server_state == 3 /* WIRE_SERVER_FATAL */) {
         st.fatal_msg[sizeof(st.fatal_msg) - 1] = 0;
         snprintf(msg, n, "%s", st.fatal_msg);
         return;
      }
   }
}

/* Malformed streams, one raw session each (test_hostile.c's classes, sent as frames): each
 * ends its session with the named error. `split`: every byte in its own send. */
struct raw_case {
   const char *name;
   const char *site;
   int split;
   uint32_t type;    /* frame type */
   uint64_t a;       /* frame a; 0 with a record: the head after it */
   uint16_t op;      /* a record in a RING frame (op 0: no record, `len` zero bytes) */
   uint16_t flags;
   int32_t size_adj; /* added to the record's size field */
   uint64_t seq;
   uint32_t len;
};

static const struct raw_case raw_cases[] = {
   {"unknown op", "Record.op", 0, WIRE_TCP_RING, 0, 0x7fff, 0, 0, 1, 0},
   {"unknown op, 1-byte sends", "Record.op", 1, WIRE_TCP_RING, 0, 0x7fff, 0, 0, 1, 0},
   {"non-zero flags", "Record.flags", 0, WIRE_TCP_RING, 0, WIRE_OP_Flush, 1, 0, 1, 0},
   {"size not a multiple of 16", "Record.size", 0, WIRE_TCP_RING, 0, WIRE_OP_Flush, 0, 8, 1, 0},
   {"sequence gap", "Record.seq", 1, WIRE_TCP_RING, 0, WIRE_OP_Flush, 0, 0, 5, 0},
   {"ring head past the ring", "Frame.RING", 0, WIRE_TCP_RING, (2u << 20), 0, 0, 0, 0, 16},
   {"staged span past the arena", "Frame.STAGE", 0, WIRE_TCP_STAGE, (1u << 20) - 8, 0, 0, 0, 0, 16},
   {"client state of the wrong size", "Frame.CLIENT", 0, WIRE_TCP_CLIENT, 0, 0, 0, 0, 0, 8},
   {"unknown frame type", "Frame.type", 0, 99, 0, 0, 0, 0, 0, 0},
};

static void
raw_case(const struct raw_case *rc)
{
   int fd = raw_connect();
   CHECK(fd >= 0);
   if (fd < 0)
      return;
   CHECK(raw_handshake(fd));
   uint8_t body[64] = {0};
   uint32_t n = rc->len;
   uint64_t a = rc->a;
   if (rc->op) {
      const struct wire_op_info *info = wire_op_info(rc->op);
      uint32_t size = (uint32_t)(sizeof(struct wire_record_hdr) + (info ? info->payload_size : 0) + 15) & ~15u;
      struct wire_record_hdr h = {rc->op, rc->flags, size + (uint32_t)rc->size_adj, rc->seq};
      memcpy(body, &h, sizeof(h));
      n = size;
      a = size;
   }
   struct wire_tcp_frame f = {rc->type, n, a};
   CHECK(wire_tcp_write_full(fd, &f, sizeof(f), 5000, rc->split) &&
         wire_tcp_write_full(fd, body, n, 5000, rc->split));
   char msg[256];
   raw_fatal(fd, msg, sizeof(msg));
   char want[80];
   snprintf(want, sizeof(want), "ProtocolCorruption \"%s\"", rc->site);
   fprintf(stderr, "%s: %s\n", rc->name, msg);
   CHECK(strstr(msg, want) != NULL);
   close(fd);
}

/* ---- modes ----------------------------------------------------------------------------------- */

static void
test_sessions(void)
{
   struct peer pa = {0}, pb = {0}, pc = {0};
   struct wire_client *b = open_client(&pb);
   stderr_to_file();
   struct wire_client *a = open_client(&pa);
   if (!a || !b) {
      stderr_back("");
      return;
   }
   wire_handle rtb = emit_context_rt32(b);
   wire_handle rta = emit_context_rt32(a);
   CHECK(emit_clear_read32(b, rtb, 1.0f, 0.0f));
   CHECK(emit_clear_read32(a, rta, 0.0f, 1.0f));

   /* A: a Clear naming buffers that do not exist */
   EMIT(a, Clear, bad);
   bad->buffers = 0xffffffffu;
   bad->colormask[0] = 0xf;
   wire_end(a);
   CHECK(!wire_finish(a));
   CHECK(wire_client_lost(a));
   CHECK_EQ(pa.lost, 1);
   fprintf(stderr, "session A ended: %s\n", pa.why);
   CHECK(strstr(pa.why, "ProtocolCorruption \"Clear.buffers\"") != NULL);

   /* B renders on, before and after A is closed */
   CHECK(emit_clear_read32(b, rtb, 0.0f, 1.0f));
   wire_client_close(a); /* reads A's stream to its end: the server's last lines */
   /* the server's own log line came back framed, with its level and origin */
   CHECK_EQ(stderr_back("splitgl[server]: ERROR: server: fatal: ProtocolCorruption \"Clear.buffers\""), 1);
   for (int i = 0; i < 5; i++)
      CHECK(emit_clear_read32(b, rtb, (float)(i & 1), 1.0f));
   CHECK_EQ(pb.lost, 0);

   /* a frame that breaks the stream's rules: a RING frame whose head does not match its bytes */
   int fd = raw_connect();
   CHECK(fd >= 0);
   if (fd >= 0) {
      CHECK(raw_handshake(fd));
      uint8_t bytes[32] = {0};
      struct wire_tcp_frame f = {WIRE_TCP_RING, sizeof(bytes), 64};
      CHECK(wire_tcp_write_full(fd, &f, sizeof(f), 5000, 0) && wire_tcp_write_full(fd, bytes, sizeof(bytes), 5000, 0));
      char msg[256];
      raw_fatal(fd, msg, sizeof(msg));
      fprintf(stderr, "raw session ended: %s\n", msg);
      CHECK(strstr(msg, "ProtocolCorruption \"Frame.RING\"") != NULL);
      close(fd);
   }
   CHECK(emit_clear_read32(b, rtb, 1.0f, 1.0f));
   for (unsigned i = 0; i < sizeof(raw_cases) / sizeof(raw_cases[0]); i++) {
      raw_case(&raw_cases[i]);
      CHECK(emit_clear_read32(b, rtb, (float)(i & 1), 0.0f));
   }

   /* a new session is accepted and renders */
   struct wire_client *c = open_client(&pc);
   if (c) {
      wire_handle rtc = emit_context_rt32(c);
      CHECK(emit_clear_read32(c, rtc, 1.0f, 0.0f));
      CHECK_EQ(pc.lost, 0);
      wire_client_close(c);
   }
   CHECK_EQ(pb.lost, 0);
   wire_client_close(b);
}

static void
test_kill(void)
{
   struct peer pb = {0}, pc = {0};
   struct wire_client *b = open_client(&pb);
   if (!b)
      return;
   wire_handle rtb = emit_context_rt32(b);
   CHECK(emit_clear_read32(b, rtb, 1.0f, 0.0f));

   /* a raw client that dies inside a RING frame: the header promised 4096 bytes, 100 came */
   pid_t raw = fork();
   if (raw == 0) {
      int fd = raw_connect();
      if (fd < 0 || !raw_handshake(fd))
         _exit(3);
      struct wire_tcp_frame f = {WIRE_TCP_RING, 4096, 4096};
      uint8_t bytes[100] = {0};
      wire_tcp_write_full(fd, &f, sizeof(f), 5000, 0);
      wire_tcp_write_full(fd, bytes, sizeof(bytes), 5000, 0);
      raise(SIGKILL);
      _exit(4);
   }
   int status = 0;
   waitpid(raw, &status, 0);
   CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL); /* it got as far as the frame */

   /* a wire client killed while it renders (records in flight, a reply awaited) */
   pid_t kid = fork();
   if (kid == 0) {
      struct peer pk = {0};
      struct wire_client *k = open_client(&pk);
      if (!k)
         _exit(3);
      wire_handle rtk = emit_context_rt32(k);
      for (unsigned i = 0;; i++)
         emit_clear_read32(k, rtk, (float)(i & 1), 0.5f);
   }
   nanosleep(&(struct timespec){0, 500000000}, NULL);
   kill(kid, SIGKILL);
   waitpid(kid, &status, 0);
   CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL); /* it was still rendering */

   for (int i = 0; i < 5; i++)
      CHECK(emit_clear_read32(b, rtb, (float)(i & 1), 0.0f));
   CHECK_EQ(pb.lost, 0);
   struct wire_client *c = open_client(&pc);
   if (c) {
      wire_handle rtc = emit_context_rt32(c);
      CHECK(emit_clear_read32(c, rtc, 0.0f, 1.0f));
      CHECK_EQ(pc.lost, 0);
      wire_client_close(c);
   }
   wire_client_close(b);
}

/* Staged uploads of odd sizes through a 1 MiB arena (SPLITGL_STAGING_KIB=1024): the staging
 * space wraps, wire_stage skips stretches at its end, and every byte must land where the
 * record says (checked against a shadow copy through BufferRead). */
static void
test_staging(void)
{
   struct peer p = {0};
   struct wire_client *c = open_client(&p);
   if (!c)
      return;
   emit_current_context(c);
   enum { BUF = 1 << 20 };
   static uint8_t shadow[BUF], back[BUF];
   wire_handle buf = wire_handle_mint(c, WIRE_KIND_RESOURCE);
   EMIT(c, ResourceCreate, rc);
   rc->res = buf;
   rc->target = WIRE_TARGET_BUFFER;
   rc->width = BUF;
   rc->height = rc->depth = rc->layers = 1;
   wire_end(c);
   int bad = 0;
   for (uint32_t i = 0; i < 120; i++) {
      uint32_t size = 150000u + (i * 7919u) % 200000u;
      uint32_t offset = ((i * 40993u) % (BUF - size)) & ~3u;
      EMIT(c, BufferSubData, bs);
      bs->res = buf;
      bs->offset = offset;
      uint8_t *dst = wire_stage(c, size, &bs->data);
      CHECK(dst != NULL);
      if (!dst)
         break;
      for (uint32_t j = 0; j < size; j++)
         dst[j] = (uint8_t)(i * 31u + j * 7u + (j >> 9));
      memcpy(shadow + offset, dst, size);
      wire_end(c);
      if (i % 10 == 9) {
         EMIT(c, BufferRead, rd);
         rd->res = buf;
         rd->offset = 0;
         rd->size = BUF;
         CHECK_EQ(wire_end_reply(c, back, BUF), BUF);
         bad += memcmp(back, shadow, BUF) != 0;
      }
   }
   CHECK_EQ(bad, 0);
   struct wire_client_stats st;
   wire_client_get_stats(c, NULL, &st);
   fprintf(stderr, "staged %.1f MiB through a %u KiB arena\n", (double)st.staged_bytes / 1048576.0,
           wire_max_stage(c) * 2 / 1024);
   CHECK(st.staged_bytes > 20u * BUF); /* it wrapped many times */
   CHECK_EQ(p.lost, 0);
   wire_client_close(c);
}

/* A fake server: accepts one connection, acknowledges the hello, reads what comes for a
 * moment, then closes. */
static int fake_listen_fd;

static void *
fake_server(void *arg)
{
   int fd = accept(fake_listen_fd, NULL, NULL);
   if (fd < 0)
      return NULL;
   struct wire_tcp_preamble pre;
   struct wire_tcp_hello hello;
   wire_tcp_read_full(fd, &pre, sizeof(pre), 5000);
   wire_tcp_read_full(fd, &hello, sizeof(hello), 5000);
   struct wire_hello_ack ack = {WIRE_HELLO_MAGIC, WIRE_PROTOCOL_REVISION, 0, 0, {0}};
   wire_tcp_write_full(fd, &ack, sizeof(ack), 5000, 0);
   uint8_t sink[4096];
   wire_tcp_read_full(fd, sink, 1, 300);
   close(fd);
   return NULL;
}

static void
test_deadpeer(void)
{
   fake_listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
   struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
   sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
   CHECK(bind(fake_listen_fd, (struct sockaddr *)&sa, sizeof(sa)) == 0 && listen(fake_listen_fd, 1) == 0);
   pthread_t t;
   pthread_create(&t, NULL, fake_server, NULL);
   struct peer p = {0};
   struct wire_client *c = open_client(&p);
   if (c) {
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      emit_current_context(c);
      CHECK(!wire_finish(c)); /* nobody applies it: the close must end the wait */
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
      fprintf(stderr, "lost after %.2f s: %s\n", secs, p.why);
      CHECK(secs < 5.0);
      CHECK(wire_client_lost(c));
      CHECK_EQ(p.lost, 1);
      EMIT(c, ReadPixels, rp); /* calls on a lost channel return at once, with no bytes */
      rp->w = rp->h = 1;
      uint8_t px[4];
      CHECK_EQ(wire_end_reply(c, px, sizeof(px)), -1);
      wire_client_close(c);
   }
   pthread_join(t, NULL);
   close(fake_listen_fd);
}

int
main(int argc, char **argv)
{
   const char *mode = argc > 1 ? argv[1] : "";
   if (argc > 2) {
      FILE *f = fopen(argv[2], "r");
      if (!f || fscanf(f, "%d", &port) != 1) {
         fprintf(stderr, "cannot read the port from %s\n", argv[2]);
         return 1;
      }
      fclose(f);
   } else {
      /* deadpeer: a free port of our own */
      int s = socket(AF_INET, SOCK_STREAM, 0);
      struct sockaddr_in sa = {.sin_family = AF_INET};
      sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      socklen_t len = sizeof(sa);
      bind(s, (struct sockaddr *)&sa, sizeof(sa));
      getsockname(s, (struct sockaddr *)&sa, &len);
      port = ntohs(sa.sin_port);
      close(s);
   }
   char transport[64];
   snprintf(transport, sizeof(transport), "tcp:127.0.0.1:%d", port);
   setenv("SPLITGL_TRANSPORT", transport, 1); /* before the knobs are first read */
   signal(SIGPIPE, SIG_IGN);
   sgl_log_set_sink(capture_log, NULL);
   if (!strcmp(mode, "sessions"))
      test_sessions();
   else if (!strcmp(mode, "kill"))
      test_kill();
   else if (!strcmp(mode, "staging"))
      test_staging();
   else if (!strcmp(mode, "deadpeer"))
      test_deadpeer();
   else {
      fprintf(stderr, "usage: test_tcp sessions|kill|staging PORTFILE, or test_tcp deadpeer\n");
      return 2;
   }
   return check_done("test_tcp");
}
