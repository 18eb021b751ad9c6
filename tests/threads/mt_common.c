#include "mt_common.h"

#include <string.h>
#include <time.h>

static void
init_display(struct mt_display *d, EGLDisplay dpy)
{
   d->dpy = dpy;
   MT_CHECK(d->dpy != EGL_NO_DISPLAY, "eglGetDisplay: 0x%x", eglGetError());
   MT_CHECK(eglInitialize(d->dpy, NULL, NULL), "eglInitialize: 0x%x", eglGetError());
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                             EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                             EGL_NONE};
   EGLint n = 0;
   MT_CHECK(eglChooseConfig(d->dpy, attribs, &d->cfg, 1, &n) && n == 1, "eglChooseConfig");
   MT_CHECK(eglBindAPI(EGL_OPENGL_ES_API), "eglBindAPI");
}

void
mt_init(struct mt_display *d)
{
   init_display(d, eglGetDisplay(EGL_DEFAULT_DISPLAY));
}

void
mt_init_device(struct mt_display *d)
{
   PFNEGLQUERYDEVICESEXTPROC query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   MT_CHECK(query_devices, "no eglQueryDevicesEXT");
   EGLDeviceEXT dev;
   EGLint n = 0;
   MT_CHECK(query_devices(1, &dev, &n) && n == 1, "eglQueryDevicesEXT: 0x%x", eglGetError());
   init_display(d, eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL));
}

EGLContext
mt_context(struct mt_display *d, EGLContext share, bool lose_on_reset)
{
   MT_CHECK(eglBindAPI(EGL_OPENGL_ES_API), "eglBindAPI"); /* per thread */
   EGLint attribs[8] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   if (lose_on_reset) {
      attribs[4] = EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT;
      attribs[5] = EGL_LOSE_CONTEXT_ON_RESET_EXT;
      attribs[6] = EGL_NONE;
   }
   EGLContext c = eglCreateContext(d->dpy, d->cfg, share, attribs);
   MT_CHECK(c != EGL_NO_CONTEXT, "eglCreateContext: 0x%x", eglGetError());
   return c;
}

EGLSurface
mt_pbuffer(struct mt_display *d, int w, int h)
{
   const EGLint attribs[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
   EGLSurface s = eglCreatePbufferSurface(d->dpy, d->cfg, attribs);
   MT_CHECK(s != EGL_NO_SURFACE, "eglCreatePbufferSurface: 0x%x", eglGetError());
   return s;
}

void
mt_release(struct mt_display *d, EGLContext ctx, EGLSurface surf)
{
   MT_CHECK(eglMakeCurrent(d->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release: 0x%x", eglGetError());
   MT_CHECK(eglDestroySurface(d->dpy, surf) && eglDestroyContext(d->dpy, ctx), "destroy: 0x%x", eglGetError());
   MT_CHECK(eglReleaseThread(), "eglReleaseThread");
}

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      MT_CHECK(ok, "compile: %s", log);
   }
   return s;
}

GLuint
mt_program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   GLuint v = shader(GL_VERTEX_SHADER, vs), f = shader(GL_FRAGMENT_SHADER, fs);
   glAttachShader(p, v);
   glAttachShader(p, f);
   glBindAttribLocation(p, 0, "a_pos");
   glLinkProgram(p);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   MT_CHECK(ok, "link");
   glDeleteShader(v);
   glDeleteShader(f);
   return p;
}

GLuint
mt_color_program(GLint *color_loc)
{
   GLuint p = mt_program("#version 300 es\nin vec4 a_pos;\nvoid main() { gl_Position = a_pos; }\n",
                         "#version 300 es\nprecision mediump float;\nuniform vec4 u_color;\n"
                         "out vec4 o;\nvoid main() { o = u_color; }\n");
   *color_loc = glGetUniformLocation(p, "u_color");
   MT_CHECK(*color_loc >= 0, "u_color");
   return p;
}

void
mt_quad(float x0, float y0, float x1, float y1)
{
   const float v[] = {x0, y0, x1, y0, x0, y1, x1, y1};
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glEnableVertexAttribArray(0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

double
mt_now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int
mt_arg_int(int argc, char **argv, const char *name, int def)
{
   for (int i = 1; i + 1 < argc; i++)
      if (!strcmp(argv[i], name))
         return atoi(argv[i + 1]);
   return def;
}
