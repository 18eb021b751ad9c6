/* probe.c: prints the GL extensions a driver lists in each context kind splitgl offers, one
 * "KIND NAME" line per extension (KIND: gles2, gles3, gl33), for restrict.c's stand-ins
 * (ctslib.py build_restrict_shim() runs it on splitgl through the glvnd vendor JSON it is
 * given). The lists come from real contexts, so they are what an app sees on this device
 * (extensions.def's entries whose device requirement holds), never a copy that can drift.
 *
 * A context kind that cannot be made, or a query that fails, ends the probe with status 1 and
 * a message: the oracle is not built on a guess. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif
#ifndef GL_NUM_EXTENSIONS
#define GL_NUM_EXTENSIONS 0x821D
#endif

typedef const GLubyte *(GL_APIENTRYP get_string_fn)(GLenum);
typedef const GLubyte *(GL_APIENTRYP get_stringi_fn)(GLenum, GLuint);
typedef void(GL_APIENTRYP get_integerv_fn)(GLenum, GLint *);
typedef GLenum(GL_APIENTRYP get_error_fn)(void);

static int
fail(const char *kind, const char *what)
{
   fprintf(stderr, "probe: %s: %s (EGL error 0x%x)\n", kind, what, eglGetError());
   return 1;
}

/* Prints the extensions of a context of this kind; 0 on success. */
static int
probe(EGLDisplay dpy, const char *kind, EGLenum api, EGLint renderable, const EGLint *attribs)
{
   const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                    renderable, EGL_NONE};
   EGLConfig config;
   EGLint n = 0;
   if (!eglBindAPI(api))
      return fail(kind, "eglBindAPI");
   if (!eglChooseConfig(dpy, config_attribs, &config, 1, &n) || n < 1)
      return fail(kind, "no config");
   const EGLint pb[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, pb);
   if (surf == EGL_NO_SURFACE)
      return fail(kind, "eglCreatePbufferSurface");
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT)
      return fail(kind, "eglCreateContext");
   if (!eglMakeCurrent(dpy, surf, surf, ctx))
      return fail(kind, "eglMakeCurrent");

   get_string_fn get_string = (get_string_fn)eglGetProcAddress("glGetString");
   get_stringi_fn get_stringi = (get_stringi_fn)eglGetProcAddress("glGetStringi");
   get_integerv_fn get_integerv = (get_integerv_fn)eglGetProcAddress("glGetIntegerv");
   get_error_fn get_error = (get_error_fn)eglGetProcAddress("glGetError");
   if (!get_string || !get_stringi || !get_integerv || !get_error)
      return fail(kind, "eglGetProcAddress(glGetString / glGetStringi / glGetIntegerv)");
   int rc = 0;
   if (api == EGL_OPENGL_ES_API) {
      /* ES: the string (ES 2.0 has no glGetStringi) */
      const char *s = (const char *)get_string(GL_EXTENSIONS);
      if (!s) {
         rc = fail(kind, "glGetString(GL_EXTENSIONS) is NULL");
      } else {
         char name[256];
         for (const char *p = s; *p;) {
            size_t len = strcspn(p, " ");
            if (len > 0 && len < sizeof(name)) {
               memcpy(name, p, len);
               name[len] = 0;
               printf("%s %s\n", kind, name);
            }
            p += len;
            p += strspn(p, " ");
         }
      }
   } else {
      /* GL core: GL_EXTENSIONS is no glGetString name there (GL 3.3 core, 6.1.5) */
      GLint num = -1;
      get_integerv(GL_NUM_EXTENSIONS, &num);
      if (get_error() != GL_NO_ERROR || num < 0)
         rc = fail(kind, "glGetIntegerv(GL_NUM_EXTENSIONS)");
      for (GLint i = 0; !rc && i < num; i++) {
         const char *e = (const char *)get_stringi(GL_EXTENSIONS, (GLuint)i);
         if (!e)
            rc = fail(kind, "glGetStringi(GL_EXTENSIONS) is NULL");
         else
            printf("%s %s\n", kind, e);
      }
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
   return rc;
}

int
main(void)
{
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY)
      return fail("display", "eglGetPlatformDisplay(SURFACELESS)");
   EGLint major, minor;
   if (!eglInitialize(dpy, &major, &minor))
      return fail("display", "eglInitialize");
   const EGLint es2[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   const EGLint es3[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   const EGLint gl33[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                          EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                          EGL_NONE};
   int rc = probe(dpy, "gles2", EGL_OPENGL_ES_API, EGL_OPENGL_ES2_BIT, es2) ||
            probe(dpy, "gles3", EGL_OPENGL_ES_API, EGL_OPENGL_ES3_BIT, es3) ||
            probe(dpy, "gl33", EGL_OPENGL_API, EGL_OPENGL_BIT, gl33);
   eglTerminate(dpy);
   if (!rc)
      printf("end\n"); /* the list is complete (a probe that died half-way has no end line) */
   return rc;
}
