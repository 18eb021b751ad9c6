/*
 * scene_common.c — EGL setup, error checks, program helpers, read-back and PAM output shared by
 * every scene. Compiled once per scene with that scene's SCENE_API_* definition.
 */
#include "scene_common.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

void
scene_fail(const char *file, int line, const char *fmt, ...)
{
   va_list ap;
   fprintf(stderr, "scene FAIL %s:%d: ", file, line);
   va_start(ap, fmt);
   vfprintf(stderr, fmt, ap);
   va_end(ap);
   fputc('\n', stderr);
   fflush(stderr);
   exit(1);
}

void
scene_check_error(const char *file, int line, GLenum expected, const char *what)
{
   GLenum err = glGetError();
   if (err != expected)
      scene_fail(file, line, "%s: glGetError() = 0x%04x, expected 0x%04x", what, err, expected);
   /* glGetError returns one flag per call; an expected error must not hide a second one. */
   err = glGetError();
   if (err != GL_NO_ERROR)
      scene_fail(file, line, "%s: a second error 0x%04x is pending", what, err);
}

/* ---- EGL ---------------------------------------------------------------------------------- */

static EGLint
config_attrib(EGLDisplay dpy, EGLConfig c, EGLint attrib)
{
   EGLint v = -1;
   EGL_CHECK(eglGetConfigAttrib(dpy, c, attrib, &v));
   return v;
}

/* eglChooseConfig sorts deeper colour buffers first (EGL 1.5 §3.4.1.2), so RGB10_A2 would
 * win over RGBA8; pick the first config whose sizes are exactly what the scene asks for, or
 * else the first with at least that much depth/stencil. */
static EGLConfig
choose_config(EGLDisplay dpy, const struct scene_config *cfg)
{
   EGLint renderable = cfg->api == SCENE_GL33  ? EGL_OPENGL_BIT
                       : cfg->api == SCENE_ES3 ? EGL_OPENGL_ES3_BIT
                                               : EGL_OPENGL_ES2_BIT;
   const EGLint attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
      EGL_RENDERABLE_TYPE, renderable,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, cfg->depth_bits,
      EGL_STENCIL_SIZE, cfg->stencil_bits,
      EGL_SAMPLE_BUFFERS, cfg->samples > 0, EGL_SAMPLES, cfg->samples,
      EGL_NONE,
   };
   EGLConfig configs[512];
   EGLint n = 0;
   EGL_CHECK(eglChooseConfig(dpy, attribs, configs, (EGLint)SCENE_ARRAY_SIZE(configs), &n));
   SCENE_CHECK(n > 0, "no EGL config for RGBA8 depth %d stencil %d", cfg->depth_bits,
               cfg->stencil_bits);

   EGLConfig fallback = NULL;
   for (EGLint i = 0; i < n; i++) {
      EGLConfig c = configs[i];
      if (config_attrib(dpy, c, EGL_RED_SIZE) != 8 || config_attrib(dpy, c, EGL_GREEN_SIZE) != 8 ||
          config_attrib(dpy, c, EGL_BLUE_SIZE) != 8 || config_attrib(dpy, c, EGL_ALPHA_SIZE) != 8 ||
          (cfg->samples ? config_attrib(dpy, c, EGL_SAMPLES) != cfg->samples : config_attrib(dpy, c, EGL_SAMPLES) > 1))
         continue;
      if (config_attrib(dpy, c, EGL_DEPTH_SIZE) == cfg->depth_bits &&
          config_attrib(dpy, c, EGL_STENCIL_SIZE) == cfg->stencil_bits)
         return c;
      if (!fallback)
         fallback = c;
   }
   SCENE_CHECK(fallback, "no RGBA8 config with %d samples among %d candidates", cfg->samples, n);
   return fallback;
}

static void
check_strings(const struct scene *s)
{
   static const GLenum names[] = {GL_VENDOR, GL_RENDERER, GL_VERSION, GL_SHADING_LANGUAGE_VERSION};
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(names); i++) {
      const GLubyte *str = glGetString(names[i]);
      scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glGetString");
      SCENE_CHECK(str && str[0], "glGetString(0x%04x) is NULL or empty", names[i]);
   }
   const char *version = (const char *)glGetString(GL_VERSION);
   const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
#ifdef SCENE_API_GL33
   (void)glsl;
   SCENE_CHECK(strncmp(version, "OpenGL ES", 9) != 0, "GL context reports '%s'", version);
   GLint major = 0, minor = 0, n_ext = -1, profile = 0;
   GL(glGetIntegerv(GL_MAJOR_VERSION, &major));
   GL(glGetIntegerv(GL_MINOR_VERSION, &minor));
   SCENE_CHECK(major * 10 + minor >= 33, "GL version %d.%d < 3.3", major, minor);
   GL(glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile));
   SCENE_CHECK(profile & GL_CONTEXT_CORE_PROFILE_BIT, "profile mask 0x%x is not core", profile);
   GL(glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext));
   SCENE_CHECK(n_ext >= 0, "GL_NUM_EXTENSIONS = %d", n_ext);
   for (GLint i = 0; i < n_ext; i++) {
      const GLubyte *ext = glGetStringi(GL_EXTENSIONS, (GLuint)i);
      scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glGetStringi(GL_EXTENSIONS)");
      SCENE_CHECK(ext && ext[0], "extension %d is NULL or empty", i);
   }
   /* From the OpenGL 3.3 core spec, section 6.1.5: an index >= NUM_EXTENSIONS is
    * INVALID_VALUE; GetString(EXTENSIONS) is not in the core profile (INVALID_ENUM). */
   GL_EXPECT(GL_INVALID_VALUE, glGetStringi(GL_EXTENSIONS, (GLuint)n_ext));
   GL_EXPECT(GL_INVALID_ENUM, glGetString(GL_EXTENSIONS));
#else
   SCENE_CHECK(strncmp(version, "OpenGL ES ", 10) == 0, "ES context reports '%s'", version);
   SCENE_CHECK(strncmp(glsl, "OpenGL ES GLSL ES ", 18) == 0, "GLSL version '%s'", glsl);
   if (s->api == SCENE_ES3)
      SCENE_CHECK(version[10] >= '3', "ES 3.0 context reports '%s'", version);
   const GLubyte *ext = glGetString(GL_EXTENSIONS);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glGetString(GL_EXTENSIONS)");
   SCENE_CHECK(ext != NULL, "GL_EXTENSIONS is NULL");
#ifdef SCENE_API_ES3
   GLint major = 0;
   GL(glGetIntegerv(GL_MAJOR_VERSION, &major));
   SCENE_CHECK(major >= 3, "GL_MAJOR_VERSION %d in an ES 3.0 context", major);
#endif
#endif
   GL_EXPECT(GL_INVALID_ENUM, glGetString(0x1234));
}

void
scene_init(struct scene *s, const struct scene_config *cfg, int argc, char **argv)
{
   memset(s, 0, sizeof(*s));
   if (argc != 2) {
      fprintf(stderr, "usage: %s OUT.pam\n", argc > 0 ? argv[0] : "scene");
      exit(2);
   }
   s->out_path = argv[1];
   s->api = cfg->api;

   if (cfg->default_display) {
      s->dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   } else {
      s->dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   }
   EGL_CHECK(s->dpy != EGL_NO_DISPLAY);
   EGLint major = 0, minor = 0;
   EGL_CHECK(eglInitialize(s->dpy, &major, &minor));
   SCENE_CHECK(major > 1 || (major == 1 && minor >= 4), "EGL %d.%d < 1.4", major, minor);
   const char *apis = eglQueryString(s->dpy, EGL_CLIENT_APIS);
   EGL_CHECK(apis != NULL);
   SCENE_CHECK(strstr(apis, cfg->api == SCENE_GL33 ? "OpenGL" : "OpenGL_ES"),
               "EGL_CLIENT_APIS '%s' lacks the scene's API", apis);

   s->config = choose_config(s->dpy, cfg);

   const EGLint pb_attribs[] = {EGL_WIDTH, cfg->width, EGL_HEIGHT, cfg->height, EGL_NONE};
   s->surface = eglCreatePbufferSurface(s->dpy, s->config, pb_attribs);
   EGL_CHECK(s->surface != EGL_NO_SURFACE);
   EGLint w = 0, h = 0;
   EGL_CHECK(eglQuerySurface(s->dpy, s->surface, EGL_WIDTH, &w));
   EGL_CHECK(eglQuerySurface(s->dpy, s->surface, EGL_HEIGHT, &h));
   SCENE_CHECK(w == cfg->width && h == cfg->height, "pbuffer is %dx%d, asked %dx%d", w, h,
               cfg->width, cfg->height);
   s->width = w;
   s->height = h;

   EGLint ctx_attribs[16];
   int n = 0;
   switch (cfg->api) {
   case SCENE_ES2:
      EGL_CHECK(eglBindAPI(EGL_OPENGL_ES_API));
      ctx_attribs[n++] = EGL_CONTEXT_CLIENT_VERSION;
      ctx_attribs[n++] = 2;
      break;
   case SCENE_ES3:
      EGL_CHECK(eglBindAPI(EGL_OPENGL_ES_API));
      ctx_attribs[n++] = EGL_CONTEXT_MAJOR_VERSION;
      ctx_attribs[n++] = 3;
      ctx_attribs[n++] = EGL_CONTEXT_MINOR_VERSION;
      ctx_attribs[n++] = 0;
      break;
   case SCENE_GL33:
      EGL_CHECK(eglBindAPI(EGL_OPENGL_API));
      ctx_attribs[n++] = EGL_CONTEXT_MAJOR_VERSION_KHR;
      ctx_attribs[n++] = 3;
      ctx_attribs[n++] = EGL_CONTEXT_MINOR_VERSION_KHR;
      ctx_attribs[n++] = 3;
      ctx_attribs[n++] = EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR;
      ctx_attribs[n++] = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR;
      break;
   }
   ctx_attribs[n] = EGL_NONE;
   s->context = eglCreateContext(s->dpy, s->config, EGL_NO_CONTEXT, ctx_attribs);
   EGL_CHECK(s->context != EGL_NO_CONTEXT);
   EGL_CHECK(eglMakeCurrent(s->dpy, s->surface, s->surface, s->context));
   EGL_CHECK(eglGetCurrentContext() == s->context);

   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "first glGetError");
   check_strings(s);

   /* A fresh context's viewport and scissor box are the size of the first surface bound. */
   scene_expect_viewport(0, 0, w, h);
   scene_expect_scissor(0, 0, w, h);

   /* Dithering is implementation-dependent (ES 3.0 section 4.1.9), so the scenes turn it off to
    * keep the comparison well-defined. It starts enabled. */
   GLboolean dither = GL_FALSE;
   GL(glGetBooleanv(GL_DITHER, &dither));
   SCENE_CHECK(dither == GL_TRUE && glIsEnabled(GL_DITHER), "DITHER is off by default");
   GL(glDisable(GL_DITHER));
   SCENE_CHECK(!glIsEnabled(GL_DITHER), "glDisable(GL_DITHER) did not stick");
}

void
scene_swap(struct scene *s)
{
   EGL_CHECK(eglSwapBuffers(s->dpy, s->surface));
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "after eglSwapBuffers");
}

static void
write_pam(const char *path, int w, int h, const uint8_t *bottom_up_rgba)
{
   FILE *f = fopen(path, "wb");
   SCENE_CHECK(f, "cannot open %s for writing", path);
   fprintf(f, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", w, h);
   for (int y = h - 1; y >= 0; y--) {
      size_t row = (size_t)w * 4;
      SCENE_CHECK(fwrite(bottom_up_rgba + (size_t)y * row, 1, row, f) == row, "short write");
   }
   SCENE_CHECK(fclose(f) == 0, "cannot close %s", path);
}

int
scene_finish(struct scene *s)
{
   size_t size = (size_t)s->width * (size_t)s->height * 4;
   uint8_t *pixels = malloc(size);
   SCENE_CHECK(pixels, "out of memory");
   memset(pixels, 0xCD, size);
#ifndef SCENE_API_ES2
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, 0));
   GL(glReadBuffer(GL_BACK));
#else
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
#endif
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
#ifndef SCENE_API_ES2
   GL(glPixelStorei(GL_PACK_ROW_LENGTH, 0));
   GL(glPixelStorei(GL_PACK_SKIP_ROWS, 0));
   GL(glPixelStorei(GL_PACK_SKIP_PIXELS, 0));
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
#endif
   GL(glReadPixels(0, 0, s->width, s->height, GL_RGBA, GL_UNSIGNED_BYTE, pixels));
   scene_swap(s);
   write_pam(s->out_path, s->width, s->height, pixels);
   free(pixels);

   EGL_CHECK(eglMakeCurrent(s->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   EGL_CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT);
   EGL_CHECK(eglDestroyContext(s->dpy, s->context));
   EGL_CHECK(eglDestroySurface(s->dpy, s->surface));
   EGL_CHECK(eglTerminate(s->dpy));
   EGL_CHECK(eglReleaseThread());
   return 0;
}

/* ---- programs ----------------------------------------------------------------------------- */

static char *
shader_log(GLuint sh, GLint *len_out)
{
   GLint len = 0;
   GL(glGetShaderiv(sh, GL_INFO_LOG_LENGTH, &len));
   char *log = calloc(1, (size_t)len + 1);
   SCENE_CHECK(log, "out of memory");
   if (len > 0) {
      GLsizei written = 0;
      GL(glGetShaderInfoLog(sh, len, &written, log));
      /* INFO_LOG_LENGTH counts the terminator, the returned length does not. */
      SCENE_CHECK(written == len - 1, "info log length %d, written %d", len, written);
   }
   *len_out = len;
   return log;
}

GLuint
scene_compile(GLenum type, const char *src)
{
   GLuint sh = glCreateShader(type);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glCreateShader");
   SCENE_CHECK(sh != 0, "glCreateShader returned 0");
   SCENE_CHECK(glIsShader(sh), "glIsShader(%u) is false", sh);
   GL(glShaderSource(sh, 1, &src, NULL));
   GL(glCompileShader(sh));
   GLint ok = GL_FALSE, kind = 0;
   GL(glGetShaderiv(sh, GL_COMPILE_STATUS, &ok));
   GL(glGetShaderiv(sh, GL_SHADER_TYPE, &kind));
   SCENE_CHECK((GLenum)kind == type, "GL_SHADER_TYPE 0x%x, expected 0x%x", kind, type);
   if (!ok) {
      GLint len;
      char *log = shader_log(sh, &len);
      scene_fail(__FILE__, __LINE__, "compile failed:\n%s\n--- source ---\n%s", log, src);
   }
   return sh;
}

void
scene_expect_compile_failure(GLenum type, const char *src)
{
   GLuint sh = glCreateShader(type);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glCreateShader");
   /* Two source strings with explicit lengths: the first is cut by its length. */
   const char *srcs[2] = {src, "\n"};
   const GLint lens[2] = {(GLint)strlen(src), -1};
   GL(glShaderSource(sh, 2, srcs, lens));
   GLint src_len = 0;
   GL(glGetShaderiv(sh, GL_SHADER_SOURCE_LENGTH, &src_len));
   SCENE_CHECK(src_len == (GLint)strlen(src) + 2, "SHADER_SOURCE_LENGTH %d, expected %d", src_len,
               (int)strlen(src) + 2);
   GL(glCompileShader(sh));
   GLint ok = GL_TRUE;
   GL(glGetShaderiv(sh, GL_COMPILE_STATUS, &ok));
   SCENE_CHECK(ok == GL_FALSE, "a shader that must not compile compiled");
   GLint len;
   char *log = shader_log(sh, &len);
   SCENE_CHECK(len > 1 && log[0], "failed compile left an empty info log");
   free(log);

   /* Linking a program with the failed shader must fail too, with a log. */
   GLuint prog = glCreateProgram();
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glCreateProgram");
   GL(glAttachShader(prog, sh));
   GL(glLinkProgram(prog));
   GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
   SCENE_CHECK(ok == GL_FALSE, "a program with a failed shader linked");
   /* From the OpenGL ES 3.0 spec, section 2.12.3: UseProgram of a program that did not link
    * successfully is INVALID_OPERATION. */
   GL_EXPECT(GL_INVALID_OPERATION, glUseProgram(prog));
   GL(glDeleteProgram(prog));
   GL(glDeleteShader(sh));
   SCENE_CHECK(!glIsShader(sh), "shader still exists after delete (it was detached)");
   SCENE_CHECK(!glIsProgram(prog), "program still exists after delete");
}

GLuint
scene_program(const char *vs_src, const char *fs_src, const char *const *attribs)
{
   return scene_program_gs(vs_src, NULL, fs_src, attribs);
}

#define SCENE_GEOMETRY_SHADER 0x8DD9 /* GL_GEOMETRY_SHADER (not in the ES 3.0 headers) */

GLuint
scene_program_gs(const char *vs_src, const char *gs_src, const char *fs_src, const char *const *attribs)
{
   GLuint vs = scene_compile(GL_VERTEX_SHADER, vs_src);
   GLuint gs = gs_src ? scene_compile(SCENE_GEOMETRY_SHADER, gs_src) : 0;
   GLuint fs = scene_compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint prog = glCreateProgram();
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glCreateProgram");
   SCENE_CHECK(prog != 0 && glIsProgram(prog), "glCreateProgram failed");
   GL(glAttachShader(prog, vs));
   if (gs)
      GL(glAttachShader(prog, gs));
   GL(glAttachShader(prog, fs));
   for (GLuint i = 0; attribs && attribs[i]; i++)
      GL(glBindAttribLocation(prog, i, attribs[i]));
   GL(glLinkProgram(prog));
   GLint ok = GL_FALSE, n_attached = 0;
   GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
   if (!ok) {
      GLint len = 0;
      GL(glGetProgramiv(prog, GL_INFO_LOG_LENGTH, &len));
      char *log = calloc(1, (size_t)len + 1);
      if (len > 0)
         GL(glGetProgramInfoLog(prog, len, NULL, log));
      scene_fail(__FILE__, __LINE__, "link failed:\n%s", log);
   }
   GL(glGetProgramiv(prog, GL_ATTACHED_SHADERS, &n_attached));
   SCENE_CHECK(n_attached == (gs ? 3 : 2), "ATTACHED_SHADERS = %d", n_attached);
   for (GLuint i = 0; attribs && attribs[i]; i++) {
      GLint loc = glGetAttribLocation(prog, attribs[i]);
      scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glGetAttribLocation");
      SCENE_CHECK(loc == (GLint)i, "attribute %s at %d, bound to %u", attribs[i], loc, i);
   }
   /* Shaders flagged for deletion stay alive while attached. */
   GL(glDeleteShader(vs));
   GL(glDeleteShader(fs));
   GLint del = GL_FALSE;
   GL(glGetShaderiv(vs, GL_DELETE_STATUS, &del));
   SCENE_CHECK(del == GL_TRUE, "DELETE_STATUS of an attached deleted shader is false");
   GL(glDetachShader(prog, vs));
   GL(glDetachShader(prog, fs));
   if (gs) {
      GL(glDeleteShader(gs));
      GL(glDetachShader(prog, gs));
   }
   GLint validate = GL_FALSE;
   GL(glValidateProgram(prog));
   GL(glGetProgramiv(prog, GL_VALIDATE_STATUS, &validate));
   (void)validate; /* depends on current state; only the query must not raise an error */
   return prog;
}

GLint
scene_uniform(GLuint prog, const char *name)
{
   GLint loc = glGetUniformLocation(prog, name);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glGetUniformLocation");
   SCENE_CHECK(loc >= 0, "uniform '%s' is not active", name);
   return loc;
}

/* ---- queries ------------------------------------------------------------------------------ */

void
scene_expect_viewport(int x, int y, int w, int h)
{
   GLint v[4] = {-1, -1, -1, -1};
   GL(glGetIntegerv(GL_VIEWPORT, v));
   SCENE_CHECK(v[0] == x && v[1] == y && v[2] == w && v[3] == h,
               "GL_VIEWPORT = %d,%d %dx%d, expected %d,%d %dx%d", v[0], v[1], v[2], v[3], x, y, w,
               h);
   GLfloat f[4];
   GL(glGetFloatv(GL_VIEWPORT, f));
   SCENE_CHECK(f[0] == (float)x && f[1] == (float)y && f[2] == (float)w && f[3] == (float)h,
               "GL_VIEWPORT as floats disagrees");
}

void
scene_expect_scissor(int x, int y, int w, int h)
{
   GLint v[4] = {-1, -1, -1, -1};
   GL(glGetIntegerv(GL_SCISSOR_BOX, v));
   SCENE_CHECK(v[0] == x && v[1] == y && v[2] == w && v[3] == h,
               "GL_SCISSOR_BOX = %d,%d %dx%d, expected %d,%d %dx%d", v[0], v[1], v[2], v[3], x, y,
               w, h);
}

void
scene_check_limits(const struct scene *s)
{
   GLint v = 0, dims[2] = {0, 0};
   /* Minimums from the ES 2.0 / ES 3.0 / GL 3.3 state tables (table 6.x "Implementation
    * Dependent Values"); the scene's API picks which. */
   const bool es2 = s->api == SCENE_ES2;
   GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &v));
   SCENE_CHECK(v >= (es2 ? 64 : s->api == SCENE_ES3 ? 2048 : 1024), "MAX_TEXTURE_SIZE %d", v);
   const GLint max_tex = v;
   GL(glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims));
   SCENE_CHECK(dims[0] >= max_tex && dims[1] >= max_tex, "MAX_VIEWPORT_DIMS %dx%d < %d", dims[0],
               dims[1], max_tex);
   SCENE_CHECK(dims[0] >= s->width && dims[1] >= s->height, "viewport dims below surface size");
   GL(glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &v));
   SCENE_CHECK(v >= (es2 ? 8 : 16), "MAX_VERTEX_ATTRIBS %d", v);
   GL(glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &v));
   SCENE_CHECK(v >= (es2 ? 8 : 16), "MAX_TEXTURE_IMAGE_UNITS %d", v);
   const GLint max_units = v;
   GL(glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &v));
   SCENE_CHECK(v >= max_units, "MAX_COMBINED_TEXTURE_IMAGE_UNITS %d < %d", v, max_units);
   GL(glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &v));
   SCENE_CHECK(v >= (es2 ? 1 : 2048), "MAX_RENDERBUFFER_SIZE %d", v);
   GL(glGetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE, &v));
   SCENE_CHECK(v >= (es2 ? 16 : 1024), "MAX_CUBE_MAP_TEXTURE_SIZE %d", v);
#ifndef SCENE_API_GL33
   GL(glGetIntegerv(GL_MAX_VERTEX_UNIFORM_VECTORS, &v));
   SCENE_CHECK(v >= (es2 ? 128 : 256), "MAX_VERTEX_UNIFORM_VECTORS %d", v);
   GL(glGetIntegerv(GL_MAX_FRAGMENT_UNIFORM_VECTORS, &v));
   SCENE_CHECK(v >= (es2 ? 16 : 224), "MAX_FRAGMENT_UNIFORM_VECTORS %d", v);
   GL(glGetIntegerv(GL_MAX_VARYING_VECTORS, &v));
   SCENE_CHECK(v >= (es2 ? 8 : 15), "MAX_VARYING_VECTORS %d", v);
#endif
#ifndef SCENE_API_ES2
   GL(glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &v));
   SCENE_CHECK(v >= (s->api == SCENE_ES3 ? 4 : 8), "MAX_COLOR_ATTACHMENTS %d", v);
   GL(glGetIntegerv(GL_MAX_DRAW_BUFFERS, &v));
   SCENE_CHECK(v >= (s->api == SCENE_ES3 ? 4 : 8), "MAX_DRAW_BUFFERS %d", v);
   GL(glGetIntegerv(GL_MAX_ELEMENTS_INDICES, &v));
   SCENE_CHECK(v > 0, "MAX_ELEMENTS_INDICES %d", v);
   GL(glGetIntegerv(GL_MAX_SAMPLES, &v));
   SCENE_CHECK(v >= 4, "MAX_SAMPLES %d", v);
   GL(glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &v));
   SCENE_CHECK(v >= 16384, "MAX_UNIFORM_BLOCK_SIZE %d", v);
   GL(glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &v));
   SCENE_CHECK(v >= 256, "MAX_3D_TEXTURE_SIZE %d", v);
   GL(glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &v));
   SCENE_CHECK(v >= 256, "MAX_ARRAY_TEXTURE_LAYERS %d", v);
#endif
   GLfloat range[2] = {0, 0};
#ifdef SCENE_API_GL33
   GL(glGetFloatv(GL_POINT_SIZE_RANGE, range)); /* ALIASED_POINT_SIZE_RANGE is not core */
#else
   GL(glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, range));
#endif
   SCENE_CHECK(range[0] <= 1.0f && range[1] >= 1.0f, "point size range %g..%g", range[0],
               range[1]);
   GL(glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range));
   SCENE_CHECK(range[0] <= 1.0f && range[1] >= 1.0f, "ALIASED_LINE_WIDTH_RANGE %g..%g",
               range[0], range[1]);
   /* Framebuffer 0's sizes as the app sees them. */
   GLint r = 0, g = 0, b = 0, a = 0;
#ifdef SCENE_API_GL33
   GL(glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_BACK_LEFT,
                                            GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &r));
   GL(glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_BACK_LEFT,
                                            GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE, &g));
   GL(glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_BACK_LEFT,
                                            GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE, &b));
   GL(glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_BACK_LEFT,
                                            GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &a));
#else
   GL(glGetIntegerv(GL_RED_BITS, &r));
   GL(glGetIntegerv(GL_GREEN_BITS, &g));
   GL(glGetIntegerv(GL_BLUE_BITS, &b));
   GL(glGetIntegerv(GL_ALPHA_BITS, &a));
#endif
   SCENE_CHECK(r == 8 && g == 8 && b == 8 && a == 8, "framebuffer 0 is R%dG%dB%dA%d", r, g, b, a);

   GLboolean bv = GL_TRUE;
   GL(glGetBooleanv(GL_DEPTH_TEST, &bv));
   SCENE_CHECK(bv == GL_FALSE, "DEPTH_TEST is on by default");
   SCENE_CHECK(!glIsEnabled(GL_BLEND) && !glIsEnabled(GL_CULL_FACE) &&
                  !glIsEnabled(GL_SCISSOR_TEST) && !glIsEnabled(GL_STENCIL_TEST),
               "a capability that starts disabled is enabled");
   GLboolean mask[4] = {0, 0, 0, 0};
   GL(glGetBooleanv(GL_COLOR_WRITEMASK, mask));
   SCENE_CHECK(mask[0] && mask[1] && mask[2] && mask[3], "COLOR_WRITEMASK not all true");
   GLfloat clear[4] = {-1, -1, -1, -1};
   GL(glGetFloatv(GL_COLOR_CLEAR_VALUE, clear));
   SCENE_CHECK(clear[0] == 0 && clear[1] == 0 && clear[2] == 0 && clear[3] == 0,
               "COLOR_CLEAR_VALUE is not 0,0,0,0");
   GL(glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &v));
   SCENE_CHECK(v == 0, "ARRAY_BUFFER_BINDING %d at start", v);
   GL(glGetIntegerv(GL_CURRENT_PROGRAM, &v));
   SCENE_CHECK(v == 0, "CURRENT_PROGRAM %d at start", v);
   GL(glGetIntegerv(GL_ACTIVE_TEXTURE, &v));
   SCENE_CHECK(v == GL_TEXTURE0, "ACTIVE_TEXTURE 0x%x at start", v);
   GL(glGetIntegerv(GL_FRAMEBUFFER_BINDING, &v));
   SCENE_CHECK(v == 0, "FRAMEBUFFER_BINDING %d at start", v);
}

/* ---- math --------------------------------------------------------------------------------- */

void
scene_mat4_identity(float m[16])
{
   memset(m, 0, 16 * sizeof(float));
   m[0] = m[5] = m[10] = m[15] = 1.0f;
}

void
scene_mat4_mul(float out[16], const float a[16], const float b[16])
{
   float r[16];
   for (int c = 0; c < 4; c++)
      for (int row = 0; row < 4; row++) {
         float sum = 0.0f;
         for (int k = 0; k < 4; k++)
            sum += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = sum;
      }
   memcpy(out, r, sizeof(r));
}

void
scene_mat4_perspective(float m[16], float fovy_deg, float aspect, float znear, float zfar)
{
   float f = 1.0f / tanf(fovy_deg * 3.14159265358979f / 360.0f);
   memset(m, 0, 16 * sizeof(float));
   m[0] = f / aspect;
   m[5] = f;
   m[10] = (zfar + znear) / (znear - zfar);
   m[11] = -1.0f;
   m[14] = 2.0f * zfar * znear / (znear - zfar);
}

void
scene_mat4_translate(float m[16], float x, float y, float z)
{
   scene_mat4_identity(m);
   m[12] = x;
   m[13] = y;
   m[14] = z;
}

void
scene_mat4_rotate(float m[16], float deg, float x, float y, float z)
{
   float len = sqrtf(x * x + y * y + z * z);
   x /= len;
   y /= len;
   z /= len;
   float rad = deg * 3.14159265358979f / 180.0f, c = cosf(rad), s = sinf(rad), t = 1.0f - c;
   scene_mat4_identity(m);
   m[0] = t * x * x + c;
   m[1] = t * x * y + s * z;
   m[2] = t * x * z - s * y;
   m[4] = t * x * y - s * z;
   m[5] = t * y * y + c;
   m[6] = t * y * z + s * x;
   m[8] = t * x * z + s * y;
   m[9] = t * y * z - s * x;
   m[10] = t * z * z + c;
}

void
scene_mat3_from_mat4(float out[9], const float m[16])
{
   for (int c = 0; c < 3; c++)
      for (int r = 0; r < 3; r++)
         out[c * 3 + r] = m[c * 4 + r];
}

void
scene_fill_pattern(uint8_t *dst, size_t n, uint32_t seed)
{
   uint32_t x = seed * 2654435761u + 1u;
   for (size_t i = 0; i < n; i++) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      dst[i] = (uint8_t)(x >> 24);
   }
}

/* ---- flat rectangles (ES 3.0 / GL 3.3) ----------------------------------------------------- */
#ifndef SCENE_API_ES2
const char *
scene_glsl_header(void)
{
#ifdef SCENE_API_GL33
   return "#version 330 core\n";
#else
   return "#version 300 es\nprecision highp float;\nprecision highp int;\n";
#endif
}

void
scene_rects_init(struct scene_rects *r, int width, int height)
{
   char vs[512], fs[512];
   snprintf(vs, sizeof(vs),
            "%s"
            "layout(location = 0) in vec2 a_pos;\n"
            "uniform vec2 u_half;\n"
            "uniform float u_z;\n"
            "void main() { gl_Position = vec4(a_pos / u_half - 1.0, u_z, 1.0); }\n",
            scene_glsl_header());
   snprintf(fs, sizeof(fs),
            "%s"
            "uniform vec4 u_color;\n"
            "out vec4 o_color;\n"
            "void main() { o_color = u_color; }\n",
            scene_glsl_header());
   r->prog = scene_program(vs, fs, NULL);
   r->u_color = scene_uniform(r->prog, "u_color");
   r->u_half = scene_uniform(r->prog, "u_half");
   r->u_z = scene_uniform(r->prog, "u_z");
   GL(glUseProgram(r->prog));
   GL(glUniform2f(r->u_half, (float)width / 2.0f, (float)height / 2.0f));
   GL(glGenVertexArrays(1, &r->vao));
   GL(glBindVertexArray(r->vao));
   GL(glGenBuffers(1, &r->vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, r->vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, 8 * sizeof(GLfloat), NULL, GL_DYNAMIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));
}

void
scene_rects_draw(struct scene_rects *r, float x0, float y0, float x1, float y1, float z,
                 const float rgba[4])
{
   const GLfloat v[8] = {x0, y0, x1, y0, x0, y1, x1, y1};
   scene_rects_draw_strip(r, v, z, rgba);
}

void
scene_rects_draw_strip(struct scene_rects *r, const float v[8], float z, const float rgba[4])
{
   GL(glUseProgram(r->prog));
   GL(glBindVertexArray(r->vao));
   GL(glBindBuffer(GL_ARRAY_BUFFER, r->vbo));
   GL(glBufferSubData(GL_ARRAY_BUFFER, 0, 8 * sizeof(GLfloat), v));
   GL(glUniform4fv(r->u_color, 1, rgba));
   GL(glUniform1f(r->u_z, z));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

void
scene_rects_fini(struct scene_rects *r)
{
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &r->vao));
   GL(glDeleteBuffers(1, &r->vbo));
   GL(glDeleteProgram(r->prog));
}

GLuint
scene_texture(GLenum target, GLenum min_filter)
{
   GLuint t;
   GL(glGenTextures(1, &t));
   GL(glBindTexture(target, t));
   GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, (GLint)min_filter));
   GL(glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
   GL(glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
   return t;
}

GLuint
scene_unit_quad(void)
{
   static const GLfloat quad[8] = {0, 0, 1, 0, 0, 1, 1, 1};
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   return vao;
}
#endif

#ifndef SCENE_API_ES2
void
scene_unit_strip(GLuint *vao, GLuint *vbo)
{
   static const GLfloat strip[] = {0, 0, 1, 0, 0, 1, 1, 1};
   GL(glGenVertexArrays(1, vao));
   GL(glBindVertexArray(*vao));
   GL(glGenBuffers(1, vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, *vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(strip), strip, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));
}
#endif
