/* restrict.c: LD_LIBRARY_PATH stand-ins for libEGL.so.1, libGL.so.1 and libGLESv2.so.2 that
 * make Mesa llvmpipe (the oracle) look like what splitgl offers, so that a piglit test runs on
 * the oracle under splitgl's rules (cts_subset/gen_lists.py, run --compare):
 *
 *  - eglCreateContext refuses every context splitgl refuses: it offers OpenGL ES 2.0 / 3.0 and
 *    OpenGL 3.3 core (3.1 and 3.0 forward-compatible requests get the 3.3 core context),
 *    nothing else. The rules mirror gl_front/egl_context.c resolve_version(); keep the two in
 *    step.
 *  - no GL extension is advertised (splitgl exposes none): glGetString(GL_EXTENSIONS) is "",
 *    GL_NUM_EXTENSIONS is 0. Only the strings go: the features behind them stay, since Mesa
 *    gates core features on its extension bits.
 *
 * The same file builds all three libraries (see ctslib.py build_restrict_shim()); each names
 * the real library as a dependency by its absolute path, so the dynamic linker and
 * dlsym(handle, ...) on the stand-in (waffle's way) find every other symbol there. */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GL_NUM_EXTENSIONS
#define GL_NUM_EXTENSIONS 0x821D
#endif
#ifndef REAL_LIBEGL
#define REAL_LIBEGL "/usr/lib/x86_64-linux-gnu/libEGL.so.1"
#endif

#define EXPORT __attribute__((visibility("default")))

typedef EGLContext (*create_context_fn)(EGLDisplay, EGLConfig, EGLContext, const EGLint *);
typedef void (*(*get_proc_fn)(const char *))(void);
typedef const GLubyte *(*get_string_fn)(GLenum);
typedef const GLubyte *(*get_stringi_fn)(GLenum, GLuint);
typedef void (*get_integerv_fn)(GLenum, GLint *);
typedef EGLenum (*query_api_fn)(void);

/* The real libEGL's own symbols, never one of the stand-ins. */
static void *
real_egl(const char *name)
{
   static void *lib;
   if (!lib)
      lib = dlopen(REAL_LIBEGL, RTLD_LAZY | RTLD_GLOBAL);
   return lib ? dlsym(lib, name) : NULL;
}

static void *
real_gl(const char *name)
{
   get_proc_fn gpa = (get_proc_fn)real_egl("eglGetProcAddress");
   return gpa ? (void *)gpa(name) : NULL;
}

static int
offered(EGLenum api, const EGLint *list)
{
   EGLint major = 1, minor = 0, profile = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, fc = 0;
   for (; list && list[0] != EGL_NONE; list += 2) {
      switch (list[0]) {
      case EGL_CONTEXT_MAJOR_VERSION: major = list[1]; break;
      case EGL_CONTEXT_MINOR_VERSION: minor = list[1]; break;
      case EGL_CONTEXT_OPENGL_PROFILE_MASK: profile = list[1]; break;
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE: fc = list[1]; break;
      case EGL_CONTEXT_FLAGS_KHR: fc = (list[1] & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR) != 0; break;
      default: break;
      }
   }
   if (api == EGL_OPENGL_ES_API)
      return (major == 2 || major == 3) && minor == 0;
   if (api != EGL_OPENGL_API)
      return 0;
   int ver = major * 10 + minor;
   if (ver >= 32 && ver <= 33)
      return profile == EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
   return ver == 31 || (ver == 30 && fc);
}

static EGLint
context_major(const EGLint *list)
{
   for (; list && list[0] != EGL_NONE; list += 2)
      if (list[0] == EGL_CONTEXT_MAJOR_VERSION)
         return list[1];
   return 1;
}

EXPORT EGLContext EGLAPIENTRY
eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share, const EGLint *attrib_list)
{
   create_context_fn real = (create_context_fn)real_egl("eglCreateContext");
   query_api_fn query_api = (query_api_fn)real_egl("eglQueryAPI");
   if (!real || !query_api)
      return EGL_NO_CONTEXT;
   EGLenum api = query_api();
   if (!offered(api, attrib_list)) {
      if (getenv("CTS_RESTRICT_DEBUG"))
         fprintf(stderr, "restrict: context refused (splitgl does not offer it)\n");
      return EGL_NO_CONTEXT;
   }
   EGLContext c = real(dpy, config, share, attrib_list);
   if (c != EGL_NO_CONTEXT && getenv("CTS_RESTRICT_LOG"))
      fprintf(stderr, "restrict: context %s\n",
              api != EGL_OPENGL_ES_API ? "gl33" : context_major(attrib_list) == 2 ? "gles2" : "gles3");
   return c;
}

EXPORT const GLubyte *
glGetString(GLenum name)
{
   if (name == GL_EXTENSIONS)
      return (const GLubyte *)"";
   get_string_fn real = (get_string_fn)real_gl("glGetString");
   return real ? real(name) : NULL;
}

EXPORT const GLubyte *
glGetStringi(GLenum name, GLuint index)
{
   if (name == GL_EXTENSIONS)
      return NULL; /* index >= GL_NUM_EXTENSIONS (0): GL_INVALID_VALUE on the real thing */
   get_stringi_fn real = (get_stringi_fn)real_gl("glGetStringi");
   return real ? real(name, index) : NULL;
}

EXPORT void
glGetIntegerv(GLenum pname, GLint *data)
{
   get_integerv_fn real = (get_integerv_fn)real_gl("glGetIntegerv");
   if (real)
      real(pname, data);
   if (pname == GL_NUM_EXTENSIONS && data)
      *data = 0;
}

EXPORT void (*eglGetProcAddress(const char *name))(void)
{
   if (!strcmp(name, "glGetString"))
      return (void (*)(void))glGetString;
   if (!strcmp(name, "glGetStringi"))
      return (void (*)(void))glGetStringi;
   if (!strcmp(name, "glGetIntegerv"))
      return (void (*)(void))glGetIntegerv;
   get_proc_fn real = (get_proc_fn)real_egl("eglGetProcAddress");
   return real ? real(name) : NULL;
}
