/* Each transport end to end with the real server and Magma: clear a render target and read
 * it back. With "kill", the spawn server is killed mid-stream: the client must report the
 * channel lost within its wait slice, never hang, and keep accepting calls safely.
 * Usage: test_transport monolith|inproc|spawn|kill */
#include <signal.h>
#include <string.h>
#include <time.h>

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
   int kind = !strcmp(mode, "monolith") ? WIRE_TRANSPORT_MONOLITH
              : !strcmp(mode, "inproc") ? WIRE_TRANSPORT_INPROC
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
   } else {
      CHECK_EQ(lost_calls, 0);
   }
   wire_client_close(c);
   return check_done("test_transport");
}
