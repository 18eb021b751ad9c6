/* One thread presents (clear + eglSwapBuffers) in a loop while another draws with changing
 * state: every blend / depth / cull combination, so state objects are created and evicted all
 * the time. Both must make progress every second (the deadlock: the swap took the
 * wire lock then the channel lock, the state flush the other way round).
 *
 *   mt_swap [--seconds S]     exits 1 if either thread stalls for 3 s, or on a wrong pixel
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "mt_common.h"

static struct mt_display disp;
static volatile int stop;
static long swaps, draws;

static void *
swapper(void *arg)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, 64, 64);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   for (long i = 0; !__atomic_load_n(&stop, __ATOMIC_ACQUIRE); i++) {
      glClearColor((float)(i & 1), 0.5f, 0.25f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      MT_CHECK(eglSwapBuffers(disp.dpy, surf), "eglSwapBuffers: 0x%x", eglGetError());
      __atomic_add_fetch(&swaps, 1, __ATOMIC_RELAXED);
   }
   MT_CHECK(glGetError() == GL_NO_ERROR, "swapper GL error");
   mt_release(&disp, ctx, surf);
   return NULL;
}

/* The drawer changes state every draw: its sampler state takes 1000 values (more than a
 * context's 256-entry cache of state objects, so they are created and evicted all the time,
 * without new pipelines), and its blend / depth / cull state cycles through a few values. */
static const GLenum factors[] = {GL_ONE, GL_ZERO, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA};

static void *
drawer(void *arg)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, 32, 32);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLuint prog = mt_program("#version 300 es\nin vec4 a_pos;\nout vec2 uv;\n"
                            "void main() { gl_Position = a_pos; uv = a_pos.xy * 0.5 + 0.5; }\n",
                            "#version 300 es\nprecision mediump float;\nuniform sampler2D t;\n"
                            "uniform vec4 u_color;\nin vec2 uv;\nout vec4 o;\n"
                            "void main() { o = u_color * texture(t, uv); }\n");
   GLint color_loc = glGetUniformLocation(prog, "u_color");
   glUseProgram(prog);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const uint8_t white[16] = {255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   for (long i = 0; !__atomic_load_n(&stop, __ATOMIC_ACQUIRE); i++) {
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, (float)(i % 1000) * 0.01f);
      glEnable(GL_BLEND);
      glBlendFunc(factors[i % 4], factors[(i / 4) % 2]);
      if (i & 8)
         glEnable(GL_DEPTH_TEST);
      else
         glDisable(GL_DEPTH_TEST);
      glDepthFunc((i & 16) ? GL_LEQUAL : GL_ALWAYS);
      glCullFace((i & 32) ? GL_FRONT : GL_BACK);
      glUniform4f(color_loc, (float)(i % 7) / 7.0f, 0.5f, 0.25f, 1.0f);
      mt_quad(-1, -1, 1, 1);
      if (i % 64 == 0) {
         /* a known result: no blending, no depth test, a white texture */
         glDisable(GL_BLEND);
         glDisable(GL_DEPTH_TEST);
         glUniform4f(color_loc, 1.0f, 0.0f, 1.0f, 1.0f);
         mt_quad(-1, -1, 1, 1);
         uint8_t px[4] = {0};
         glReadPixels(5, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
         MT_CHECK(px[0] == 255 && px[1] == 0 && px[2] == 255 && px[3] == 255, "pixel %u,%u,%u,%u", px[0], px[1],
                  px[2], px[3]);
      }
      __atomic_add_fetch(&draws, 1, __ATOMIC_RELAXED);
   }
   MT_CHECK(glGetError() == GL_NO_ERROR, "drawer GL error");
   glDeleteTextures(1, &tex);
   glDeleteProgram(prog);
   mt_release(&disp, ctx, surf);
   return NULL;
}

int
main(int argc, char **argv)
{
   int seconds = mt_arg_int(argc, argv, "--seconds", 8);
   mt_init(&disp);
   pthread_t a, b;
   pthread_create(&a, NULL, swapper, NULL);
   pthread_create(&b, NULL, drawer, NULL);
   long last_s = 0, last_d = 0;
   int stalled = 0, slowest = 1 << 30;
   for (int s = 0; s < seconds; s++) {
      sleep(1);
      long ns = __atomic_load_n(&swaps, __ATOMIC_RELAXED), nd = __atomic_load_n(&draws, __ATOMIC_RELAXED);
      if (s > 0) { /* the first second includes the threads' start-up (shader compiles) */
         int progress = (int)(ns - last_s < nd - last_d ? ns - last_s : nd - last_d);
         slowest = progress < slowest ? progress : slowest;
         stalled = progress ? 0 : stalled + 1;
      }
      last_s = ns;
      last_d = nd;
      if (stalled >= 3) {
         fprintf(stderr, "mt_swap: no progress for %d s (swaps %ld, draws %ld): deadlock\n", stalled, ns, nd);
         if (getenv("MT_STALL_GDB")) {
            char cmd[256];
            snprintf(cmd, sizeof(cmd), "gdb -p %d -batch -ex 'thread apply all bt' 2>&1 | grep -v '^\\[' | head -150", (int)getpid());
            if (system(cmd)) {}
         }
         _exit(1); /* the threads are stuck: do not join them */
      }
   }
   __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
   pthread_join(a, NULL);
   pthread_join(b, NULL);
   printf("mt_swap: %d s, %ld swaps, %ld draws, slowest second %d\n", seconds, swaps, draws, slowest);
   eglTerminate(disp.dpy);
   /* A second without a swap is a loaded machine's scheduling, not a deadlock: three in a row
    * end the run above; here both threads must have made progress. */
   return swaps > 0 && draws > 0 ? 0 : 1;
}
