/* An EGL application in miniature for the tcp tests (tcp_cases.py): initializes the display,
 * renders a clear into a pbuffer and reads it back.
 *
 *   tcp_egl_probe [HOLD_MS]
 *
 * Prints "initialized" once eglInitialize succeeded (then holds the session HOLD_MS ms), and
 * exits 0 when the pixel is right; 3 when eglInitialize failed with EGL_NOT_INITIALIZED (the
 * error is printed), 4 on any other failure. */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int
main(int argc, char **argv)
{
   long hold_ms = argc > 1 ? atol(argv[1]) : 0;
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (dpy == EGL_NO_DISPLAY) {
      printf("no display\n");
      return 4;
   }
   if (!eglInitialize(dpy, NULL, NULL)) {
      EGLint e = eglGetError();
      printf("eglInitialize failed: 0x%04x%s\n", e, e == EGL_NOT_INITIALIZED ? " EGL_NOT_INITIALIZED" : "");
      return e == EGL_NOT_INITIALIZED ? 3 : 4;
   }
   printf("initialized\n");
   fflush(stdout);
   static const EGLint cfg_attr[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                                     EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                     EGL_NONE};
   EGLConfig cfg;
   EGLint n = 0;
   static const EGLint pb_attr[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
   static const EGLint ctx_attr[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   if (!eglChooseConfig(dpy, cfg_attr, &cfg, 1, &n) || n < 1 || !eglBindAPI(EGL_OPENGL_ES_API)) {
      printf("no config\n");
      return 4;
   }
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb_attr);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
   if (surf == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      printf("cannot make a context current: 0x%04x\n", eglGetError());
      return 4;
   }
   struct timespec t = {hold_ms / 1000, (hold_ms % 1000) * 1000000L};
   nanosleep(&t, NULL);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = {0};
   glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int ok = px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 255 && glGetError() == GL_NO_ERROR;
   printf("pixel %u %u %u %u: %s\n", px[0], px[1], px[2], px[3], ok ? "ok" : "WRONG");
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
   eglTerminate(dpy);
   return ok ? 0 : 4;
}
