/* Threads whose contexts share objects race to create, bind, use and delete the same names:
 * buffers, textures, renderbuffers, shaders and programs. GL allows all of it (deleting a name
 * another context still has bound keeps the object alive until it is unbound there; binding a
 * deleted ES name makes a new object); a driver must neither crash, nor free what a binding
 * still holds, nor name a dead object on the wire (the server would end the session: every
 * context would see GL_CONTEXT_LOST). Run under ASan and TSan as well.
 *
 *   mt_share [--threads N] [--iterations K]
 */
#include <pthread.h>
#include <string.h>

#include "mt_common.h"

#define NAMES 6

static struct mt_display disp;
static EGLContext first;
static int iterations;
static pthread_barrier_t start;
static GLuint programs[NAMES]; /* program names any thread may use or delete */

static uint32_t
next_rand(uint32_t *s)
{
   *s = *s * 1664525u + 1013904223u;
   return *s >> 8;
}

static const char *vs = "#version 300 es\nin vec4 a_pos;\nvoid main() { gl_Position = a_pos; }\n";
static const char *fs = "#version 300 es\nprecision mediump float;\nuniform sampler2D t;\nout vec4 o;\n"
                        "void main() { o = texture(t, vec2(0.5)); }\n";

static void
expect_benign_error(int t)
{
   GLenum e = glGetError();
   /* A program another thread deleted is INVALID_VALUE; a texture name another thread bound
    * to the other target, or a program that is not linked, INVALID_OPERATION; a clear of a
    * framebuffer whose attachment another thread deleted, INVALID_FRAMEBUFFER_OPERATION. */
   MT_CHECK(e == GL_NO_ERROR || e == GL_INVALID_VALUE || e == GL_INVALID_OPERATION ||
               e == GL_INVALID_FRAMEBUFFER_OPERATION,
            "thread %d: GL error 0x%x", t, e);
}

static void *
worker(void *arg)
{
   int t = (int)(intptr_t)arg;
   EGLContext ctx = mt_context(&disp, first, false);
   EGLSurface surf = mt_pbuffer(&disp, 16, 16);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent: 0x%x", eglGetError());
   uint32_t seed = 12345u + (uint32_t)t * 7919u;
   pthread_barrier_wait(&start);
   static const uint8_t texel[4] = {10, 20, 30, 255};
   for (int i = 0; i < iterations; i++) {
      GLuint name = 1 + next_rand(&seed) % NAMES;
      switch (next_rand(&seed) % 12) {
      case 0:
         glBindBuffer(GL_ARRAY_BUFFER, name);
         glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
         break;
      case 1:
         glDeleteBuffers(1, &name);
         break;
      case 2:
         glBindTexture((name & 1) ? GL_TEXTURE_2D : GL_TEXTURE_CUBE_MAP, name);
         if (name & 1)
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
         break;
      case 3:
         glDeleteTextures(1, &name);
         break;
      case 4:
         glBindRenderbuffer(GL_RENDERBUFFER, name);
         glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
         break;
      case 5:
         glDeleteRenderbuffers(1, &name);
         break;
      case 6: {
         GLuint fb;
         glGenFramebuffers(1, &fb);
         glBindFramebuffer(GL_FRAMEBUFFER, fb);
         glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, name);
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, name | 1, 0);
         glClear(GL_COLOR_BUFFER_BIT);
         glBindFramebuffer(GL_FRAMEBUFFER, 0);
         glDeleteFramebuffers(1, &fb);
         break;
      }
      case 7: {
         GLuint p = mt_program(vs, fs);
         GLuint old = __atomic_exchange_n(&programs[name - 1], p, __ATOMIC_ACQ_REL);
         if (old)
            glDeleteProgram(old);
         break;
      }
      case 8: {
         GLuint p = __atomic_load_n(&programs[name - 1], __ATOMIC_ACQUIRE);
         glUseProgram(p);
         expect_benign_error(t);
         glBindTexture(GL_TEXTURE_2D, name | 1);
         mt_quad(-1, -1, 1, 1);
         break;
      }
      case 9: {
         GLuint p = __atomic_exchange_n(&programs[name - 1], 0, __ATOMIC_ACQ_REL);
         if (p)
            glDeleteProgram(p); /* maybe in use by another context: deleted when unused */
         break;
      }
      case 10: {
         GLuint sh = glCreateShader(GL_VERTEX_SHADER);
         glShaderSource(sh, 1, &vs, NULL);
         glCompileShader(sh);
         GLuint p = __atomic_load_n(&programs[name - 1], __ATOMIC_ACQUIRE);
         glAttachShader(p, sh);
         glDeleteShader(sh); /* attached: flagged, freed at detach or program deletion */
         glDetachShader(p, sh);
         break;
      }
      default: {
         GLint n = 0;
         GLuint p = __atomic_load_n(&programs[name - 1], __ATOMIC_ACQUIRE);
         glGetProgramiv(p, GL_ATTACHED_SHADERS, &n);
         glIsBuffer(name);
         glIsTexture(name);
         glIsRenderbuffer(name);
         break;
      }
      }
      expect_benign_error(t);
   }
   glUseProgram(0);
   glFinish();
   MT_CHECK(glGetError() == GL_NO_ERROR, "thread %d: error after glFinish (a lost context?)", t);
   mt_release(&disp, ctx, surf);
   return NULL;
}

int
main(int argc, char **argv)
{
   int threads = mt_arg_int(argc, argv, "--threads", 3);
   iterations = mt_arg_int(argc, argv, "--iterations", 2000);
   mt_init(&disp);
   first = mt_context(&disp, EGL_NO_CONTEXT, false); /* the share group's first member */
   pthread_barrier_init(&start, NULL, (unsigned)threads);
   pthread_t tid[16];
   MT_CHECK(threads >= 1 && threads <= 16, "threads");
   double t0 = mt_now();
   for (int t = 0; t < threads; t++)
      pthread_create(&tid[t], NULL, worker, (void *)(intptr_t)t);
   for (int t = 0; t < threads; t++)
      pthread_join(tid[t], NULL);
   /* The group is intact: a context that shares it still renders. */
   EGLSurface surf = mt_pbuffer(&disp, 8, 8);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, first), "eglMakeCurrent(first): 0x%x", eglGetError());
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4] = {0};
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   MT_CHECK(px[1] == 255 && glGetError() == GL_NO_ERROR, "after the race: %u,%u,%u,%u", px[0], px[1], px[2], px[3]);
   eglMakeCurrent(disp.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   printf("mt_share: %d threads x %d iterations, %.1f s\n", threads, iterations, mt_now() - t0);
   eglTerminate(disp.dpy);
   return 0;
}
