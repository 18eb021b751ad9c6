/* Each transport end to end with the real server and Magma: clear a render target and read
 * it back. With "kill", the spawn server is killed mid-stream: the client must report the
 * channel lost within its wait slice, never hang, and keep accepting calls safely.
 * With "logflush-inproc" / "logflush-spawn" (run with SPLITGL_TEST_LOG_FLOOD=n): records are
 * applied while the client drains nothing; a log flush must then be acknowledged by the server
 * and bring every line logged before it, the last record's ERROR line included (DESIGN 2.7).
 * Usage: test_transport monolith|inproc|spawn|kill|logflush-inproc|logflush-spawn */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "server/session.h"
#include "wire/client.h"
#include "wire_emit.h"
#include "wire/client_private.h"
#include "wire/local_server.h"

static int lost_calls;
static void on_lost(void *u, const char *why, bool device_lost) { lost_calls++; }

int
main(int argc, char **argv)
{
   const char *mode = argc > 1 ? argv[1] : "inproc";
   bool kill_server = !strcmp(mode, "kill");
   bool log_flush = !strncmp(mode, "logflush-", 9);
   int kind = !strcmp(mode, "monolith")                                   ? WIRE_TRANSPORT_MONOLITH
              : !strcmp(mode, "inproc") || !strcmp(mode, "logflush-inproc") ? WIRE_TRANSPORT_INPROC
                                                                            : WIRE_TRANSPORT_SPAWN;
   wire_register_local_server(&srv_local_server);
   struct wire_client_callbacks cb = {NULL, on_lost, NULL};
   char err[256];
   struct wire_client *c = wire_client_open(kind, &cb, err, sizeof(err));
   if (!c)
      fprintf(stderr, "open: %s\n", err);
   CHECK(c != NULL);
   if (!c)
      return check_done("test_transport");
   CHECK_EQ(wire_client_transport(c), kind);
   wire_handle rt = emit_context_rt32(c);
   CHECK(emit_clear_read32(c, rt, 1.0f, 0.0f));
   CHECK(emit_clear_read32(c, rt, 0.0f, 1.0f));
   if (kill_server) {
      CHECK(c->pid > 0);
      kill(c->pid, SIGKILL);
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      for (int i = 0; i < 100; i++) { /* run-ahead records: no wait, no crash */
         EMIT(c, Flush, f);
         (void)f;
         wire_end(c);
      }
      CHECK(!wire_finish(c));
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
      CHECK(secs < 5.0);
      CHECK(wire_client_lost(c));
      CHECK_EQ(lost_calls, 1);
      EMIT(c, ReadPixels, rp);
      rp->src.res = rt;
      rp->w = rp->h = 1;
      uint8_t px[4];
      CHECK_EQ(wire_end_reply(c, px, sizeof(px)), -1); /* never stale bytes as pixels */
   } else if (log_flush) {
      for (int i = 0; i < 50; i++) { /* run-ahead records, nothing drained */
         EMIT(c, Flush, f);
         (void)f;
         wire_end(c);
      }
      uint64_t last = c->next_seq;
      for (int i = 0; i < 2000 && wire_load64(&c->seg.ctrl->applied_seq) < last; i++)
         usleep(5000);
      CHECK(wire_load64(&c->seg.ctrl->applied_seq) >= last);
      char path[] = "/tmp/test_transport_logXXXXXX";
      int fd = mkstemp(path), saved = dup(2);
      CHECK(fd >= 0);
      fflush(stderr);
      dup2(fd, 2);
      bool acked = wire_spawn_log_flush(c, 10000);
      fflush(stderr);
      dup2(saved, 2);
      close(saved);
      CHECK(acked);
      CHECK_EQ(c->ctl_flush_acked, c->ctl_flush_seq);
      char want[96], line[2048];
      snprintf(want, sizeof(want), "splitgl[server]: ERROR: test flood: record %llu error", (unsigned long long)last);
      bool found = false;
      FILE *f = fdopen(fd, "r");
      rewind(f);
      while (fgets(line, sizeof(line), f))
         found |= strstr(line, want) != NULL;
      fclose(f);
      unlink(path);
      if (!found)
         fprintf(stderr, "the flush came back without \"%s\"\n", want);
      CHECK(found);
      CHECK_EQ(lost_calls, 0);
   } else {
      CHECK_EQ(lost_calls, 0);
   }
   wire_client_close(c);
   return check_done("test_transport");
}
