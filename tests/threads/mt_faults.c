/* Faults reach the application, never a hang or a crash (DESIGN 2.8):
 *
 *   mt_faults device-lost     (SPLITGL_TEST_DEVICE_LOST_AFTER=n): frames until the device is
 *                             lost; then EGL_CONTEXT_LOST, GL_UNKNOWN_CONTEXT_RESET from
 *                             glGetGraphicsResetStatusEXT (LOSE_CONTEXT_ON_RESET context),
 *                             GL_CONTEXT_LOST from glGetError, and every later call returns.
 *   mt_faults oom             (SPLITGL_TEST_OOM_ABOVE_KIB=n): a texture larger than n KiB
 *                             raises GL_OUT_OF_MEMORY on the context that asked, not on another
 *                             thread's context drawing at the same time; both go on working.
 *   mt_faults kill            (spawn): the server is SIGKILLed mid-frame: EGL_CONTEXT_LOST.
 *   mt_faults kill-sigchld    the same with SIGCHLD ignored (children reaped by the kernel).
 */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "mt_common.h"

static struct mt_display disp;

static void
frame(GLint color_loc, int i)
{
   glClearColor(0.1f, 0.2f, (float)(i % 10) / 10.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform4f(color_loc, 1, 0, 0, 1);
   mt_quad(-0.5f, -0.5f, 0.5f, 0.5f);
}

/* After the loss: every call returns promptly and nothing is written through pointers. */
static void
after_loss(EGLSurface surf, EGLContext ctx)
{
   double t0 = mt_now();
   PFNGLGETGRAPHICSRESETSTATUSEXTPROC reset_status =
      (PFNGLGETGRAPHICSRESETSTATUSEXTPROC)eglGetProcAddress("glGetGraphicsResetStatusEXT");
   MT_CHECK(reset_status, "glGetGraphicsResetStatusEXT");
   MT_CHECK(reset_status() == GL_UNKNOWN_CONTEXT_RESET_EXT, "reset status 0x%x", reset_status());
   GLenum e = glGetError();
   MT_CHECK(e == GL_CONTEXT_LOST_KHR, "glGetError after the loss: 0x%x", e);
   uint8_t px[4] = {7, 7, 7, 7};
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   MT_CHECK(px[0] == 7 && px[3] == 7, "glReadPixels wrote after the loss");
   MT_CHECK(glGetError() == GL_CONTEXT_LOST_KHR, "CONTEXT_LOST from a command after the loss");
   glFinish();
   MT_CHECK(!eglSwapBuffers(disp.dpy, surf) && eglGetError() == EGL_CONTEXT_LOST, "eglSwapBuffers after the loss");
   /* Releasing works; binding again reports the loss (libglvnd answers a make-current of
    * what is already current itself, so release first). */
   MT_CHECK(eglMakeCurrent(disp.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release after the loss");
   MT_CHECK(!eglMakeCurrent(disp.dpy, surf, surf, ctx) && eglGetError() == EGL_CONTEXT_LOST,
            "eglMakeCurrent after the loss");
   MT_CHECK(eglDestroySurface(disp.dpy, surf) && eglDestroyContext(disp.dpy, ctx), "destroy after the loss");
   MT_CHECK(mt_now() - t0 < 5.0, "calls after the loss took %.1f s", mt_now() - t0);
}

/* Draws frames until eglSwapBuffers fails; returns the frame count. */
static int
frames_until_lost(EGLSurface surf, GLint color_loc, double limit_s)
{
   double t0 = mt_now();
   for (int i = 0;; i++) {
      frame(color_loc, i);
      if (!eglSwapBuffers(disp.dpy, surf)) {
         EGLint err = eglGetError();
         MT_CHECK(err == EGL_CONTEXT_LOST, "eglSwapBuffers failed with 0x%x, not EGL_CONTEXT_LOST", err);
         return i;
      }
      MT_CHECK(mt_now() - t0 < limit_s, "no loss reported within %.0f s (%d frames)", limit_s, i);
   }
}

static int
device_lost(void)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, true);
   EGLSurface surf = mt_pbuffer(&disp, 64, 64);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   GLint strategy = 0;
   glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_EXT, &strategy);
   MT_CHECK(strategy == GL_LOSE_CONTEXT_ON_RESET_EXT, "strategy 0x%x", strategy);
   int n = frames_until_lost(surf, color_loc, 30.0);
   printf("mt_faults device-lost: lost after %d frames\n", n);
   after_loss(surf, ctx);
   return 0;
}

/* ---- oom ---------------------------------------------------------------------------------- */
static volatile int oom_done;
static int bystander_frames;

static void *
bystander(void *arg)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, 16, 16);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   while (!__atomic_load_n(&oom_done, __ATOMIC_ACQUIRE) || bystander_frames < 50) {
      frame(color_loc, bystander_frames++);
      uint8_t px[4];
      glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      MT_CHECK(px[0] == 255 && px[1] == 0, "bystander pixel %u,%u,%u", px[0], px[1], px[2]);
      GLenum e = glGetError();
      MT_CHECK(e == GL_NO_ERROR, "bystander saw GL error 0x%x (another context's error)", e);
   }
   mt_release(&disp, ctx, surf);
   return NULL;
}

static int
oom(void)
{
   const char *lim = getenv("SPLITGL_TEST_OOM_ABOVE_KIB");
   /* Magma's streaming memory comes in 4 MiB chunks: the limit must let those through. */
   MT_CHECK(lim && atoi(lim) >= 4096 && atoi(lim) < 16384, "set SPLITGL_TEST_OOM_ABOVE_KIB in [4096, 16384)");
   pthread_t b;
   pthread_create(&b, NULL, bystander, NULL);
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, 16, 16);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLuint tex[2];
   glGenTextures(2, tex);
   for (int round = 0; round < 3; round++) {
      glBindTexture(GL_TEXTURE_2D, tex[0]);
      glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2048, 2048); /* 16 MiB */
      glFinish(); /* server errors are seen at the next drain point after the record applied */
      GLenum e = glGetError();
      MT_CHECK(e == GL_OUT_OF_MEMORY, "round %d: glGetError 0x%x, want GL_OUT_OF_MEMORY", round, e);
      MT_CHECK(glGetError() == GL_NO_ERROR, "error reported once");
      glDeleteTextures(1, tex);
   }
   /* The context goes on: a small texture works. */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   const uint8_t texel[4] = {0, 255, 0, 255};
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   glFinish();
   MT_CHECK(glGetError() == GL_NO_ERROR, "small texture after OOM");
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4];
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   MT_CHECK(px[2] == 255 && glGetError() == GL_NO_ERROR, "clear after OOM");
   __atomic_store_n(&oom_done, 1, __ATOMIC_RELEASE);
   pthread_join(b, NULL);
   printf("mt_faults oom: 3 x GL_OUT_OF_MEMORY on the issuing context; bystander drew %d clean frames\n",
          bystander_frames);
   eglMakeCurrent(disp.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   return 0;
}

/* ---- killed server -------------------------------------------------------------------------- */
static pid_t
find_server(void)
{
   DIR *d = opendir("/proc");
   struct dirent *e;
   pid_t found = 0;
   while (d && (e = readdir(d))) {
      char path[300], buf[512];
      snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
      FILE *f = fopen(path, "r");
      if (!f)
         continue;
      size_t n = fread(buf, 1, sizeof(buf) - 1, f);
      fclose(f);
      buf[n] = 0;
      int pid, ppid;
      char comm[64], state;
      if (sscanf(buf, "%d (%63[^)]) %c %d", &pid, comm, &state, &ppid) == 4 && ppid == getpid() &&
          !strcmp(comm, "splitgl-server"))
         found = pid;
   }
   if (d)
      closedir(d);
   return found;
}

static int
kill_server(bool ignore_sigchld)
{
   if (ignore_sigchld)
      signal(SIGCHLD, SIG_IGN); /* before the server starts: the kernel reaps it */
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, true);
   EGLSurface surf = mt_pbuffer(&disp, 64, 64);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   for (int i = 0; i < 5; i++) {
      frame(color_loc, i);
      MT_CHECK(eglSwapBuffers(disp.dpy, surf), "swap before the kill");
   }
   pid_t srv = find_server();
   MT_CHECK(srv > 0, "no splitgl-server child (run with SPLITGL_TRANSPORT=spawn)");
   frame(color_loc, 5); /* mid-frame */
   MT_CHECK(kill(srv, SIGKILL) == 0, "kill");
   double t0 = mt_now();
   int n = frames_until_lost(surf, color_loc, 10.0);
   printf("mt_faults kill%s: lost %.2f s (%d frames) after the kill\n", ignore_sigchld ? "-sigchld" : "",
          mt_now() - t0, n);
   after_loss(surf, ctx);
   return 0;
}

int
main(int argc, char **argv)
{
   const char *mode = argc > 1 ? argv[1] : "";
   bool sigchld = !strcmp(mode, "kill-sigchld");
   if (sigchld)
      signal(SIGCHLD, SIG_IGN);
   mt_init(&disp);
   int r;
   if (!strcmp(mode, "device-lost"))
      r = device_lost();
   else if (!strcmp(mode, "oom"))
      r = oom();
   else if (!strcmp(mode, "kill") || sigchld)
      r = kill_server(sigchld);
   else
      MT_CHECK(0, "usage: mt_faults device-lost|oom|kill|kill-sigchld");
   MT_CHECK(eglTerminate(disp.dpy), "eglTerminate");
   return r;
}
