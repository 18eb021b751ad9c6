/* restrict.c: LD_LIBRARY_PATH stand-ins for libEGL.so.1, libGL.so.1 and libGLESv2.so.2 that
 * make Mesa llvmpipe (the oracle) look like what splitgl offers, so that a piglit or dEQP test
 * runs on the oracle under splitgl's rules (cts_subset/gen_lists.py, run --oracle / --compare):
 *
 *  - eglCreateContext refuses every context splitgl refuses: it offers OpenGL ES 2.0 / 3.0 and
 *    OpenGL 3.3 core (3.1 and 3.0 forward-compatible requests get the 3.3 core context),
 *    nothing else. The rules mirror gl_front/egl_context.c resolve_version(); keep the two in
 *    step.
 *  - the extensions listed are llvmpipe's own, intersected with the ones splitgl lists for the
 *    same context kind (gles2, gles3, gl33). splitgl's lists come from real splitgl contexts:
 *    ctslib.py build_restrict_shim() runs restrict/probe.c on splitgl and writes them into the
 *    generated header splitgl_extensions.h this file is compiled with, so they follow
 *    gl_front/extensions.def and the device's caps, and the stand-ins are rebuilt when they
 *    change. The kind of the current context is asked from EGL (client type, and the client
 *    version the ES context was created for), so the three stand-in copies agree without shared
 *    state. glGetString(GL_EXTENSIONS), glGetIntegerv / glGetInteger64v(GL_NUM_EXTENSIONS) and
 *    glGetStringi(GL_EXTENSIONS, i) show the same list; an index past its end is
 *    GL_INVALID_VALUE, as on the real thing. Only the strings change: the features behind them
 *    stay (Mesa gates core features on its extension bits), and a shader's #extension is still
 *    compiled by llvmpipe's own rules.
 *
 * The query functions are replaced on every path an app reaches them by: the symbols of the
 * three libraries (direct links, and dlsym on the library handle, waffle's way),
 * eglGetProcAddress, and glXGetProcAddress / glXGetProcAddressARB (piglit's dispatch resolves
 * desktop GL through them even on EGL; glvnd answers with libGLdispatch stubs that bypass the
 * other two, which is how llvmpipe's extensions leaked to GL 3.3 tests before).
 *
 * The same file builds all three libraries (see ctslib.py build_restrict_shim(); libGL's copy
 * with -DRESTRICT_GLX); each names the real library as a dependency by its absolute path, so
 * the dynamic linker and dlsym(handle, ...) on the stand-in find every other symbol there.
 * CTS_RESTRICT_LOG=1 prints the context kind and the extension counts to stderr. */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splitgl_extensions.h" /* generated: splitgl_extensions_{gles2,gles3,gl33}[] */

#ifndef GL_NUM_EXTENSIONS
#define GL_NUM_EXTENSIONS 0x821D
#endif
#ifndef REAL_LIBEGL
#define REAL_LIBEGL "/usr/lib/x86_64-linux-gnu/libEGL.so.1"
#endif
#ifndef REAL_LIBGL
#define REAL_LIBGL "/usr/lib/x86_64-linux-gnu/libGL.so.1"
#endif

#define EXPORT __attribute__((visibility("default")))

typedef EGLContext (*create_context_fn)(EGLDisplay, EGLConfig, EGLContext, const EGLint *);
typedef void (*(*get_proc_fn)(const char *))(void);
typedef void (*(*glx_get_proc_fn)(const GLubyte *))(void);
typedef const GLubyte *(*get_string_fn)(GLenum);
typedef const GLubyte *(*get_stringi_fn)(GLenum, GLuint);
typedef void (*get_integerv_fn)(GLenum, GLint *);
typedef void (*get_integer64v_fn)(GLenum, int64_t *);
typedef EGLenum (*query_api_fn)(void);
typedef EGLContext (*get_current_context_fn)(void);
typedef EGLDisplay (*get_current_display_fn)(void);
typedef EGLBoolean (*query_context_fn)(EGLDisplay, EGLContext, EGLint, EGLint *);

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

/* --- the extension lists ------------------------------------------------------------------ */

enum kind { KIND_GLES2, KIND_GLES3, KIND_GL33, KIND_COUNT };

static const char *const kind_name[KIND_COUNT] = {"gles2", "gles3", "gl33"};
static const char *const *const splitgl_list[KIND_COUNT] = {
   splitgl_extensions_gles2, splitgl_extensions_gles3, splitgl_extensions_gl33};

/* The kind of the current context, -1 when none is current (or EGL cannot say). An ES
 * context's EGL_CONTEXT_CLIENT_VERSION is the major version it was created for (Mesa may hand
 * an ES 2.0 request a 3.0 context; splitgl gives it 2.0, and lists for 2.0). */
static int
current_kind(void)
{
   get_current_context_fn get_ctx = (get_current_context_fn)real_egl("eglGetCurrentContext");
   get_current_display_fn get_dpy = (get_current_display_fn)real_egl("eglGetCurrentDisplay");
   query_context_fn query = (query_context_fn)real_egl("eglQueryContext");
   if (!get_ctx || !get_dpy || !query)
      return -1;
   EGLContext ctx = get_ctx();
   EGLDisplay dpy = get_dpy();
   EGLint type = 0, version = 0;
   if (ctx == EGL_NO_CONTEXT || !query(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &type))
      return -1;
   if (type == EGL_OPENGL_API)
      return KIND_GL33;
   if (type != EGL_OPENGL_ES_API || !query(dpy, ctx, EGL_CONTEXT_CLIENT_VERSION, &version))
      return -1;
   return version >= 3 ? KIND_GLES3 : KIND_GLES2;
}

static int
in_splitgl(enum kind k, const char *name)
{
   for (const char *const *p = splitgl_list[k]; *p; p++)
      if (!strcmp(*p, name))
         return 1;
   return 0;
}

struct ext_list {
   int ready;
   unsigned count;
   char **names; /* llvmpipe's order */
   char *joined; /* the names joined by spaces: GL_EXTENSIONS */
};

static struct ext_list lists[KIND_COUNT];
static pthread_mutex_t lists_lock = PTHREAD_MUTEX_INITIALIZER;

static void
keep(struct ext_list *l, enum kind k, const char *name, unsigned *seen)
{
   (*seen)++;
   if (!in_splitgl(k, name))
      return;
   char **grown = realloc(l->names, (l->count + 1) * sizeof(*grown));
   char *copy = strdup(name);
   if (!grown || !copy) {
      fprintf(stderr, "restrict: out of memory\n");
      abort();
   }
   l->names = grown;
   l->names[l->count++] = copy;
}

/* llvmpipe's extensions for the current context, kept where splitgl lists them too; built once
 * per kind (one process sees one llvmpipe, so a kind's list does not change). NULL when no
 * context is current. */
static const struct ext_list *
current_list(void)
{
   int k = current_kind();
   if (k < 0)
      return NULL;
   pthread_mutex_lock(&lists_lock);
   struct ext_list *l = &lists[k];
   if (!l->ready) {
      unsigned seen = 0;
      if (k == KIND_GL33) {
         /* core profile: GL_EXTENSIONS is no glGetString name (GL 3.3 core, 6.1.5) */
         get_integerv_fn geti = (get_integerv_fn)real_gl("glGetIntegerv");
         get_stringi_fn gsi = (get_stringi_fn)real_gl("glGetStringi");
         GLint n = 0;
         if (geti && gsi)
            geti(GL_NUM_EXTENSIONS, &n);
         for (GLint i = 0; i < n; i++) {
            const char *e = (const char *)gsi(GL_EXTENSIONS, (GLuint)i);
            if (e)
               keep(l, (enum kind)k, e, &seen);
         }
      } else {
         get_string_fn gs = (get_string_fn)real_gl("glGetString");
         const char *s = gs ? (const char *)gs(GL_EXTENSIONS) : NULL;
         char name[256];
         while (s && *s) {
            size_t len = strcspn(s, " ");
            if (len > 0 && len < sizeof(name)) {
               memcpy(name, s, len);
               name[len] = 0;
               keep(l, (enum kind)k, name, &seen);
            }
            s += len;
            s += strspn(s, " ");
         }
      }
      size_t len = 1;
      for (unsigned i = 0; i < l->count; i++)
         len += strlen(l->names[i]) + 1;
      l->joined = calloc(1, len);
      if (!l->joined) {
         fprintf(stderr, "restrict: out of memory\n");
         abort();
      }
      for (unsigned i = 0; i < l->count; i++) {
         if (i)
            strcat(l->joined, " ");
         strcat(l->joined, l->names[i]);
      }
      l->ready = 1;
      if (getenv("CTS_RESTRICT_LOG"))
         fprintf(stderr, "restrict: extensions %s: %u of llvmpipe's %u shown (splitgl's list)\n",
                 kind_name[k], l->count, seen);
   }
   pthread_mutex_unlock(&lists_lock);
   return l;
}

/* --- the queries -------------------------------------------------------------------------- */

EXPORT const GLubyte *
glGetString(GLenum name)
{
   get_string_fn real = (get_string_fn)real_gl("glGetString");
   const GLubyte *r = real ? real(name) : NULL;
   if (name != GL_EXTENSIONS || !r)
      return r; /* a core context's GL_INVALID_ENUM comes from the real one */
   const struct ext_list *l = current_list();
   return l ? (const GLubyte *)l->joined : r;
}

EXPORT const GLubyte *
glGetStringi(GLenum name, GLuint index)
{
   get_stringi_fn real = (get_stringi_fn)real_gl("glGetStringi");
   if (!real)
      return NULL;
   const struct ext_list *l = name == GL_EXTENSIONS ? current_list() : NULL;
   if (!l)
      return real(name, index);
   if (index < l->count)
      return (const GLubyte *)l->names[index];
   /* "INVALID_VALUE is generated if index is outside [0, NUM_EXTENSIONS - 1]": the real one
    * raises it for an index past its own list */
   return real(name, UINT_MAX);
}

/* pname's value on the real driver, replaced by the shown count for GL_NUM_EXTENSIONS when the
 * real one answered (a context without the pname keeps its error and the caller's data). */
EXPORT void
glGetIntegerv(GLenum pname, GLint *data)
{
   get_integerv_fn real = (get_integerv_fn)real_gl("glGetIntegerv");
   if (!real)
      return;
   if (pname != GL_NUM_EXTENSIONS || !data) {
      real(pname, data);
      return;
   }
   GLint before = *data;
   *data = INT_MIN;
   real(pname, data);
   const struct ext_list *l = *data != INT_MIN ? current_list() : NULL;
   *data = l ? (GLint)l->count : *data == INT_MIN ? before : *data;
}

EXPORT void
glGetInteger64v(GLenum pname, int64_t *data)
{
   get_integer64v_fn real = (get_integer64v_fn)real_gl("glGetInteger64v");
   if (!real)
      return;
   if (pname != GL_NUM_EXTENSIONS || !data) {
      real(pname, data);
      return;
   }
   int64_t before = *data;
   *data = INT64_MIN;
   real(pname, data);
   const struct ext_list *l = *data != INT64_MIN ? current_list() : NULL;
   *data = l ? (int64_t)l->count : *data == INT64_MIN ? before : *data;
}

/* --- the ways to the queries -------------------------------------------------------------- */

static void (*replaced(const char *name))(void)
{
   if (!strcmp(name, "glGetString"))
      return (void (*)(void))glGetString;
   if (!strcmp(name, "glGetStringi"))
      return (void (*)(void))glGetStringi;
   if (!strcmp(name, "glGetIntegerv"))
      return (void (*)(void))glGetIntegerv;
   if (!strcmp(name, "glGetInteger64v"))
      return (void (*)(void))glGetInteger64v;
   return NULL;
}

EXPORT void (*eglGetProcAddress(const char *name))(void)
{
   void (*mine)(void) = name ? replaced(name) : NULL;
   if (mine)
      return mine;
   get_proc_fn real = (get_proc_fn)real_egl("eglGetProcAddress");
   return real ? real(name) : NULL;
}

#ifdef RESTRICT_GLX
static void (*real_glx_proc(const char *which, const GLubyte *name))(void)
{
   static void *lib;
   if (!lib)
      lib = dlopen(REAL_LIBGL, RTLD_LAZY | RTLD_GLOBAL);
   glx_get_proc_fn real = lib ? (glx_get_proc_fn)dlsym(lib, which) : NULL;
   return real ? real(name) : NULL;
}

EXPORT void (*glXGetProcAddressARB(const GLubyte *name))(void)
{
   void (*mine)(void) = name ? replaced((const char *)name) : NULL;
   return mine ? mine : real_glx_proc("glXGetProcAddressARB", name);
}

EXPORT void (*glXGetProcAddress(const GLubyte *name))(void)
{
   void (*mine)(void) = name ? replaced((const char *)name) : NULL;
   return mine ? mine : real_glx_proc("glXGetProcAddress", name);
}
#endif
