/* Helpers of the multi-thread and fault tests: EGL (through libglvnd) and GLES 3.0 only, like
 * an application. Each test is a small program; tests/threads/CMakeLists.txt runs it on
 * splitgl under every transport (and llvmpipe can run it too: point
 * __EGL_VENDOR_LIBRARY_FILENAMES at Mesa's vendor JSON). */
#ifndef SGL_TEST_MT_COMMON_H
#define SGL_TEST_MT_COMMON_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MT_CHECK(cond, ...)                                                                  \
   do {                                                                                      \
      if (!(cond)) {                                                                         \
         fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond);            \
         fprintf(stderr, __VA_ARGS__);                                                       \
         fprintf(stderr, "\n");                                                              \
         exit(1);                                                                            \
      }                                                                                      \
   } while (0)

/* The display every thread of a test shares (one display = one splitgl channel). */
struct mt_display {
   EGLDisplay dpy;
   EGLConfig cfg;
};

void mt_init(struct mt_display *d);
/** The display of the first EGL device (EGL_EXT_platform_device): a display, and so a splitgl
 *  channel and server session, of its own beside the default one. */
void mt_init_device(struct mt_display *d);
/** An ES 3.0 context; share may be EGL_NO_CONTEXT. lose_on_reset asks for
 *  EGL_LOSE_CONTEXT_ON_RESET (EGL_EXT_create_context_robustness). */
EGLContext mt_context(struct mt_display *d, EGLContext share, bool lose_on_reset);
EGLSurface mt_pbuffer(struct mt_display *d, int w, int h);
/** A thread's end: release its context, destroy it and its surface, release the thread. */
void mt_release(struct mt_display *d, EGLContext ctx, EGLSurface surf);
/** Links a program from GLSL ES 3.00 sources; exits on failure. */
GLuint mt_program(const char *vs, const char *fs);
/** A program drawing a_pos with the uniform color u_color; *loc receives its location. */
GLuint mt_color_program(GLint *color_loc);
/** Draws the quad [x0,x1] x [y0,y1] (NDC) with the current program (attribute 0). */
void mt_quad(float x0, float y0, float x1, float y1);
double mt_now(void);
/** Seconds the test may run: argv option --seconds or the default. */
int mt_arg_int(int argc, char **argv, const char *name, int def);

#endif
