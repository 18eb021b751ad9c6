/* F2 (DESIGN 2.7, issue 11): the server floods its log while the client does not drain it.
 * Run with SPLITGL_TRANSPORT=spawn SPLITGL_TEST_LOG_FLOOD=n: the server's apply thread logs n
 * WARN lines and one ERROR after every record. The client sends records without waiting (so
 * it reads nothing from the control socket for a while), then finishes, terminates, and reads
 * back what reached its stderr (redirected to a file here):
 *   - every ERROR line arrived, in record order, none missing between the first and the last;
 *   - every WARN line either arrived or is counted in an in-stream "N lines dropped" notice,
 *     and the notices add up to the counters line's dropped=;
 *   - the session ended with its counters line (forwarded, dropped, ..., max-offer-us).
 * On tcp the same (the lines come as CTRL frames). The forfeit of a client that stops
 * draining: --stall-ms N (spawn: the client makes no GL call for N ms, so it reads nothing
 * from its control socket) or --stop-ms N (tcp: the client's receive thread reads whenever the
 * process runs, so the test stops the whole process with SIGSTOP for N ms); with the server's
 * wait timeout below N the session is forfeited and the client finds its context lost.
 * On inproc the server's apply thread runs in this process and hands its lines to the client's
 * log box, which the client empties only at its drain points (waits, glGetError) and when it
 * closes: --stall-ms stops the draining as on spawn, and the forfeited session ends with the
 * named error `Forfeited "Log"`. --other: meanwhile a second thread draws and reads back on a
 * display of its own (the first EGL device's: another channel and server session), which must
 * go on serving, pixels right and no error, through and after the forfeit.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mt_common.h"

static struct mt_display disp;

/* --other: a session beside the forfeited one */
struct other {
   int stop;      /* atomic: the main thread is done */
   int frames;    /* atomic: frames drawn and read back right */
   int bad;       /* frames whose pixel was wrong */
   GLenum error;  /* glGetError at the end */
};

static void *
other_thread(void *arg)
{
   struct other *o = arg;
   struct mt_display d;
   mt_init_device(&d);
   EGLContext ctx = mt_context(&d, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&d, 8, 8);
   MT_CHECK(eglMakeCurrent(d.dpy, surf, surf, ctx), "eglMakeCurrent (other display)");
   GLint loc;
   glUseProgram(mt_color_program(&loc));
   for (int i = 0; !__atomic_load_n(&o->stop, __ATOMIC_ACQUIRE); i++) {
      bool red = i & 1;
      glUniform4f(loc, red ? 1.0f : 0.0f, red ? 0.0f : 1.0f, 0, 1);
      mt_quad(-1, -1, 1, 1);
      uint8_t px[4] = {0};
      glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      if (px[0] != (red ? 255 : 0) || px[1] != (red ? 0 : 255))
         o->bad++;
      else
         __atomic_add_fetch(&o->frames, 1, __ATOMIC_RELEASE);
      usleep(10000);
   }
   o->error = glGetError();
   mt_release(&d, ctx, surf);
   MT_CHECK(eglTerminate(d.dpy), "eglTerminate (other display)");
   return NULL;
}

int
main(int argc, char **argv)
{
   int flood = mt_arg_int(argc, argv, "--flood", 0);
   int draws = mt_arg_int(argc, argv, "--draws", 300);
   /* --stall-ms N: after the draws the client sleeps N ms without a GL call, draining nothing;
    * with the server's wait timeout below N it forfeits the session (DESIGN 2.7) */
   int stall_ms = mt_arg_int(argc, argv, "--stall-ms", 0);
   int stop_ms = mt_arg_int(argc, argv, "--stop-ms", 0);
   bool with_other = mt_arg_int(argc, argv, "--other", 0) != 0;
   MT_CHECK(flood > 0, "usage: mt_logflood --flood n (with SPLITGL_TEST_LOG_FLOOD=n)");
   int ready[2] = {-1, -1}, resume[2] = {-1, -1};
   if (stop_ms) {
      /* the parent stops the client (the child) once its draws are sent, for stop_ms */
      MT_CHECK(!pipe(ready) && !pipe(resume), "pipe");
      fflush(stdout);
      pid_t child = fork();
      MT_CHECK(child >= 0, "fork");
      if (child > 0) {
         char byte;
         close(ready[1]);
         close(resume[0]);
         bool sent = read(ready[0], &byte, 1) == 1;
         if (sent) {
            kill(child, SIGSTOP);
            usleep((useconds_t)stop_ms * 1000u);
            kill(child, SIGCONT);
            (void)!write(resume[1], "r", 1);
         }
         int st = 0;
         waitpid(child, &st, 0);
         MT_CHECK(sent, "the client ended before its draws were sent");
         MT_CHECK(WIFEXITED(st), "the client died (status 0x%x)", st);
         return WEXITSTATUS(st);
      }
      close(ready[0]);
      close(resume[1]);
      stall_ms = stop_ms;
   }
   char path[] = "/tmp/mt_logflood_XXXXXX";
   int fd = mkstemp(path);
   MT_CHECK(fd >= 0, "mkstemp");
   int saved = dup(2);
   dup2(fd, 2);
   mt_init(&disp);
   struct other other = {0};
   pthread_t other_tid;
   if (with_other)
      MT_CHECK(!pthread_create(&other_tid, NULL, other_thread, &other), "pthread_create");
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, 32, 32);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   for (int i = 0; i < draws; i++) { /* records the client never waits for */
      glUniform4f(color_loc, (float)(i & 1), 0, 0, 1);
      mt_quad(-1, -1, 1, 1);
   }
   if (stall_ms) {
      if (stop_ms) { /* stopped by the parent meanwhile */
         char byte;
         MT_CHECK(write(ready[1], "d", 1) == 1 && read(resume[0], &byte, 1) == 1, "the parent went away");
      } else {
         usleep((useconds_t)stall_ms * 1000u);
      }
      double t0 = mt_now();
      glFinish();
      GLenum e = glGetError();
      int other_at_loss = __atomic_load_n(&other.frames, __ATOMIC_ACQUIRE);
      if (with_other) { /* the other session serves on after this one's end */
         for (double t1 = mt_now(); mt_now() - t1 < 10.0;) {
            if (__atomic_load_n(&other.frames, __ATOMIC_ACQUIRE) >= other_at_loss + 20)
               break;
            usleep(10000);
         }
         __atomic_store_n(&other.stop, 1, __ATOMIC_RELEASE);
         pthread_join(other_tid, NULL);
      }
      fflush(stderr);
      dup2(saved, 2);
      MT_CHECK(e == GL_CONTEXT_LOST_KHR, "after the stall: glGetError 0x%x, want GL_CONTEXT_LOST (forfeited)", e);
      MT_CHECK(mt_now() - t0 < 5.0, "glFinish after the forfeit took %.1f s", mt_now() - t0);
      FILE *f = fopen(path, "r");
      char line[2048];
      bool forfeited = false, named = false;
      while (f && fgets(line, sizeof(line), f)) {
         forfeited |= strstr(line, "the session is forfeited") != NULL;
         named |= strstr(line, "server lost: Forfeited \"Log\"") != NULL;
      }
      if (f)
         fclose(f);
      if (!getenv("MT_KEEP")) unlink(path); else printf("kept %s\n", path);
      /* a spawn server shares the client's stderr; a tcp server writes the line to its own */
      const char *tr = getenv("SPLITGL_TRANSPORT");
      MT_CHECK(forfeited || (tr && !strncmp(tr, "tcp:", 4)), "no 'the session is forfeited' line from the server");
      /* inproc: the session ends with its named fatal error (a spawn server exits instead) */
      MT_CHECK(named || !tr || strcmp(tr, "inproc"), "no 'server lost: Forfeited \"Log\"' line");
      printf("mt_logflood: the session was forfeited after a %d ms %s; glFinish reported GL_CONTEXT_LOST\n",
             stall_ms, stop_ms ? "stop" : "stall");
      if (with_other) {
         int frames = __atomic_load_n(&other.frames, __ATOMIC_ACQUIRE);
         printf("mt_logflood: the other session drew %d frames right (%d after the loss), %d wrong, glGetError 0x%x\n",
                frames, frames - other_at_loss, other.bad, other.error);
         MT_CHECK(!other.bad && other.error == GL_NO_ERROR, "the other session was disturbed");
         MT_CHECK(frames >= other_at_loss + 20, "the other session stopped serving after the forfeit");
      }
      /* the lost channel is still closed (its threads joined), as an application would: with
       * nothing current, eglTerminate frees the display's resources at once (EGL 1.5 §3.2) */
      mt_release(&disp, ctx, surf);
      MT_CHECK(eglTerminate(disp.dpy), "eglTerminate after the forfeit");
      return 0;
   }
   MT_CHECK(!with_other, "--other goes with --stall-ms");
   glFinish();
   mt_release(&disp, ctx, surf);
   MT_CHECK(eglTerminate(disp.dpy), "eglTerminate"); /* the channel closes: the counters line */
   fflush(stderr);
   dup2(saved, 2);

   FILE *f = fopen(path, "r");
   MT_CHECK(f, "reopen %s", path);
   char line[2048];
   unsigned long long last_err = 0, errors = 0, warns = 0, noted = 0, dropped = ~0ull, forwarded = 0;
   double max_offer = -1;
   while (fgets(line, sizeof(line), f)) {
      unsigned long long rec, n;
      int k;
      const char *p;
      if ((p = strstr(line, "test flood: record ")) && sscanf(p, "test flood: record %llu warn %d", &rec, &k) == 2) {
         MT_CHECK(strstr(line, "splitgl[server]: WARN: "), "a flood WARN line without its level and origin: %s", line);
         warns++;
      } else if (p && sscanf(p, "test flood: record %llu error", &rec) == 1) {
         MT_CHECK(strstr(line, "splitgl[server]: ERROR: "), "a flood ERROR line without its level: %s", line);
         MT_CHECK(!errors || rec == last_err + 1, "ERROR lines out of order or missing: %llu after %llu", rec, last_err);
         last_err = rec;
         errors++;
      } else if ((p = strstr(line, "] WARN: ")) || (p = strstr(line, ": WARN: "))) {
         if (sscanf(strstr(line, "WARN: ") + 6, "%llu lines dropped", &n) == 1)
            noted += n;
      }
      if ((p = strstr(line, "log forwarding: forwarded="))) {
         MT_CHECK(sscanf(p, "log forwarding: forwarded=%llu dropped=%llu", &forwarded, &dropped) == 2, "counters: %s", line);
         const char *m = strstr(p, "max-offer-us=");
         if (m)
            max_offer = atof(m + 13);
      }
   }
   fclose(f);
   if (!getenv("MT_KEEP")) unlink(path); else printf("kept %s\n", path);
   printf("mt_logflood: %llu ERROR lines in order (records up to %llu), %llu WARN lines arrived, %llu noted as "
          "dropped; counters: forwarded=%llu dropped=%llu, longest hand-off %.1f us\n",
          errors, last_err, warns, noted, forwarded, dropped, max_offer);
   MT_CHECK(dropped != ~0ull, "no counters line at the end of the session");
   MT_CHECK(errors >= (unsigned long long)draws, "only %llu ERROR lines for %d draws", errors, draws);
   MT_CHECK(noted == dropped, "the notices count %llu dropped lines, the counters line %llu", noted, dropped);
   MT_CHECK(warns + dropped == errors * (unsigned long long)flood, "WARN lines: %llu arrived + %llu dropped != %llu",
            warns, dropped, errors * (unsigned long long)flood);
   return 0;
}
