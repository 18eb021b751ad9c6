/* N threads, each with its own context and pbuffer on one display, clear (and draw) with
 * colors of their own and read back in a loop. Every pixel must be the thread's own: a record
 * applied to another thread's context shows up as a wrong pixel. The reproducer.
 *
 *   mt_contexts [--threads N] [--iterations K] [--draw 0|1]
 */
#include <pthread.h>
#include <string.h>

#include "mt_common.h"

#define W 16
#define H 16

static struct mt_display disp;
static int iterations, draw;
static long wrong_total;
static pthread_barrier_t start;

static uint8_t
chan(int t, int i, int k)
{
   return (uint8_t)((t * 67 + i * (13 + k * 7) + k * 101) & 0xff);
}

static void *
worker(void *arg)
{
   int t = (int)(intptr_t)arg;
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, W, H);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent: 0x%x", eglGetError());
   GLint color_loc;
   GLuint prog = mt_color_program(&color_loc);
   glUseProgram(prog);
   pthread_barrier_wait(&start);
   static _Thread_local uint8_t px[W * H * 4];
   long wrong = 0;
   for (int i = 0; i < iterations; i++) {
      uint8_t c[4] = {chan(t, i, 0), chan(t, i, 1), chan(t, i, 2), 255};
      uint8_t d[4] = {chan(t, i, 2), chan(t, i, 0), (uint8_t)(t * 50), 255};
      glClearColor(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      if (draw) {
         glUniform4f(color_loc, d[0] / 255.0f, d[1] / 255.0f, d[2] / 255.0f, 1.0f);
         mt_quad(-1, -1, 0, 1); /* the left half */
      }
      memset(px, 0xcd, sizeof(px));
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
      for (int y = 0; y < H; y++) {
         for (int x = 0; x < W; x++) {
            const uint8_t *want = draw && x < W / 2 ? d : c;
            const uint8_t *p = px + (y * W + x) * 4;
            if (memcmp(p, want, 4)) {
               if (wrong < 3)
                  fprintf(stderr, "thread %d iteration %d pixel (%d,%d): %u,%u,%u,%u want %u,%u,%u,%u\n", t, i, x,
                          y, p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
               wrong++;
            }
         }
      }
      if (i % 500 == 0)
         MT_CHECK(glGetError() == GL_NO_ERROR, "thread %d: GL error at iteration %d", t, i);
   }
   MT_CHECK(glGetError() == GL_NO_ERROR, "thread %d: GL error", t);
   __atomic_add_fetch(&wrong_total, wrong, __ATOMIC_RELAXED);
   glDeleteProgram(prog);
   mt_release(&disp, ctx, surf);
   return NULL;
}

int
main(int argc, char **argv)
{
   int threads = mt_arg_int(argc, argv, "--threads", 2);
   iterations = mt_arg_int(argc, argv, "--iterations", 1000);
   draw = mt_arg_int(argc, argv, "--draw", 1);
   mt_init(&disp);
   pthread_barrier_init(&start, NULL, (unsigned)threads);
   pthread_t tid[64];
   MT_CHECK(threads >= 1 && threads <= 64, "threads");
   double t0 = mt_now();
   for (int t = 0; t < threads; t++)
      pthread_create(&tid[t], NULL, worker, (void *)(intptr_t)t);
   for (int t = 0; t < threads; t++)
      pthread_join(tid[t], NULL);
   printf("mt_contexts: %d threads x %d iterations (draw %d): %ld wrong pixels, %.1f s\n", threads, iterations,
          draw, wrong_total, mt_now() - t0);
   eglTerminate(disp.dpy);
   return wrong_total ? 1 : 0;
}
