/* The context requests applications make, through libglvnd (run on splitgl by ctest):
 * OpenGL without a version gets the highest core context (3.3), 3.1 / 3.2 core and 3.0
 * forward-compatible get 3.3 core, ES 2.0 / 3.0 get ES 3.0; what splitgl does not offer (the
 * compatibility profile, GL 2.1, 3.0 without forward-compatible, 4.5, ES 3.1, ES 1.1) is
 * EGL_BAD_MATCH; robustness and debug flags reach the context. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <stdio.h>
#include <string.h>

#define GL_CONTEXT_FLAGS 0x821E
#define GL_CONTEXT_FLAG_DEBUG_BIT 0x00000002
#define GL_RESET_NOTIFICATION_STRATEGY 0x8256
#define GL_LOSE_CONTEXT_ON_RESET 0x8252
#define GL_CONTEXT_PROFILE_MASK 0x9126
#define GL_CONTEXT_CORE_PROFILE_BIT 0x00000001

#include "egl_check.h"

static EGLDisplay dpy;
static EGLConfig cfg;

/* Creates a context of `api` with attribs; returns it or EGL_NO_CONTEXT with *err. */
static EGLContext
make(EGLenum api, const EGLint *attribs, EGLint *err)
{
   eglBindAPI(api);
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attribs);
   *err = eglGetError();
   return c;
}

static void
expect_version(EGLContext c, const char *prefix, const char *what)
{
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c), "%s: make current", what);
   const char *v = (const char *)glGetString(GL_VERSION);
   CHECK(v && !strncmp(v, prefix, strlen(prefix)), "%s: GL_VERSION '%s', want '%s...'", what, v ? v : "(null)", prefix);
}

static void
release(EGLContext c)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, c);
}

int
main(void)
{
   dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "display");
   const EGLint ca[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT | EGL_OPENGL_ES3_BIT, EGL_NONE};
   EGLint n = 0;
   CHECK(eglChooseConfig(dpy, ca, &cfg, 1, &n) && n == 1, "config");
   EGLint err;

   /* OpenGL without a version: the highest core context */
   EGLContext c = make(EGL_OPENGL_API, NULL, &err);
   CHECK(c != EGL_NO_CONTEXT, "GL without a version: 0x%x", err);
   if (c) {
      expect_version(c, "3.3", "GL without a version");
      GLint mask = 0;
      glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
      CHECK(mask & GL_CONTEXT_CORE_PROFILE_BIT, "core profile mask 0x%x", mask);
      release(c);
   }
   const EGLint gl31[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
   c = make(EGL_OPENGL_API, gl31, &err);
   CHECK(c != EGL_NO_CONTEXT, "GL 3.1: 0x%x", err);
   if (c)
      release(c);
   const EGLint gl30fc[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE, EGL_NONE};
   c = make(EGL_OPENGL_API, gl30fc, &err);
   CHECK(c != EGL_NO_CONTEXT, "GL 3.0 forward-compatible: 0x%x", err);
   if (c)
      release(c);
   /* debug and robust flags, reset notification */
   const EGLint robust[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                            EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE,
                            EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE};
   c = make(EGL_OPENGL_API, robust, &err);
   CHECK(c != EGL_NO_CONTEXT, "GL 3.3 debug robust: 0x%x", err);
   if (c) {
      expect_version(c, "3.3", "GL 3.3 debug robust");
      GLint flags = 0, strategy = 0;
      glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
      glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
      CHECK(flags & GL_CONTEXT_FLAG_DEBUG_BIT, "CONTEXT_FLAGS 0x%x", flags);
      CHECK(strategy == GL_LOSE_CONTEXT_ON_RESET, "strategy 0x%x", strategy);
      release(c);
   }
   /* refused: EGL_BAD_MATCH (the log says why) */
   const struct {
      EGLenum api;
      EGLint attribs[7];
      const char *what;
   } refused[] = {
      {EGL_OPENGL_API, {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE}, "GL 2.1"},
      {EGL_OPENGL_API, {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE}, "GL 3.0 without forward-compatible"},
      {EGL_OPENGL_API, {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_NONE}, "GL 4.5"},
      {EGL_OPENGL_API,
       {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
        EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, EGL_NONE},
       "GL 3.3 compatibility"},
      {EGL_OPENGL_ES_API, {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE}, "ES 3.1"},
      {EGL_OPENGL_ES_API, {EGL_CONTEXT_MAJOR_VERSION, 1, EGL_NONE}, "ES 1.1"},
   };
   for (unsigned i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
      c = make(refused[i].api, refused[i].attribs, &err);
      CHECK(c == EGL_NO_CONTEXT && err == EGL_BAD_MATCH, "%s: context %p, error 0x%x (want EGL_BAD_MATCH)",
            refused[i].what, (void *)c, err);
      if (c)
         release(c);
   }
   /* ES 2.0 and 3.0 */
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   c = make(EGL_OPENGL_ES_API, es2, &err);
   CHECK(c != EGL_NO_CONTEXT, "ES 2.0: 0x%x", err);
   if (c) {
      expect_version(c, "OpenGL ES 3.0", "ES 2.0");
      release(c);
   }
   eglTerminate(dpy);
   printf("egl_contexts: %d failures\n", fails);
   return fails ? 1 : 0;
}
