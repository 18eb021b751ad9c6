/* An EGL application in miniature for the tcp tests (tcp_cases.py): initializes the display,
 * renders a clear into a pbuffer and reads it back.
 *
 *   tcp_egl_probe [HOLD_MS [heavy]]
 *
 * heavy: before the read-back, 40 full-screen draws of a fragment shader that loops 4,000
 * times per pixel on a 512x512 pbuffer (seconds of work on a software device); exits 5 if the
 * context was lost (glGetError GL_CONTEXT_LOST) instead.
 * Prints "initialized" once eglInitialize succeeded (then holds the session HOLD_MS ms), and
 * exits 0 when the pixel is right; 3 when eglInitialize failed with EGL_NOT_INITIALIZED (the
 * error is printed), 4 on any other failure. */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef GL_CONTEXT_LOST
#define GL_CONTEXT_LOST 0x0507
#endif

static const char *vs_src = "attribute vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }";
static const char *fs_src = "precision highp float;\n"
                            "void main() {\n"
                            "   float a = 0.0;\n"
                            "   for (int i = 0; i < 4000; i++) a += sin(float(i) * gl_FragCoord.x * 0.001);\n"
                            "   gl_FragColor = vec4(fract(a), 0.0, 0.0, 1.0);\n"
                            "}\n";

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   return s;
}

/* Seconds of GPU work, then a read-back that must wait for it. */
static int
heavy(void)
{
   GLuint prog = glCreateProgram();
   glAttachShader(prog, shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(prog, shader(GL_FRAGMENT_SHADER, fs_src));
   glBindAttribLocation(prog, 0, "p");
   glLinkProgram(prog);
   glUseProgram(prog);
   static const float quad[] = {-1, -1, 3, -1, -1, 3};
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, 512, 512);
   for (int i = 0; i < 40; i++)
      glDrawArrays(GL_TRIANGLES, 0, 3);
   unsigned char px[4];
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   GLenum e = glGetError();
   printf("heavy work done: glGetError 0x%04x%s\n", e, e == GL_CONTEXT_LOST ? " GL_CONTEXT_LOST" : "");
   return e == GL_CONTEXT_LOST ? 5 : e == GL_NO_ERROR ? 0 : 4;
}

int
main(int argc, char **argv)
{
   long hold_ms = argc > 1 ? atol(argv[1]) : 0;
   int is_heavy = argc > 2 && !strcmp(argv[2], "heavy");
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (dpy == EGL_NO_DISPLAY) {
      printf("no display\n");
      return 4;
   }
   if (!eglInitialize(dpy, NULL, NULL)) {
      EGLint e = eglGetError();
      printf("eglInitialize failed: 0x%04x%s\n", e, e == EGL_NOT_INITIALIZED ? " EGL_NOT_INITIALIZED" : "");
      eglTerminate(dpy);
      return e == EGL_NOT_INITIALIZED ? 3 : 4;
   }
   printf("initialized\n");
   fflush(stdout);
   static const EGLint cfg_attr[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                                     EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                     EGL_NONE};
   EGLConfig cfg;
   EGLint n = 0;
   const EGLint pb_attr[] = {EGL_WIDTH, is_heavy ? 512 : 16, EGL_HEIGHT, is_heavy ? 512 : 16, EGL_NONE};
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
   if (is_heavy) {
      int rc = heavy();
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, ctx);
      eglDestroySurface(dpy, surf);
      eglTerminate(dpy);
      return rc;
   }
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
