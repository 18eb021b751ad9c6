/* EGL_KHR_gl_colorspace on pbuffers through libglvnd: an EGL_GL_COLORSPACE_SRGB surface's
 * default framebuffer is sRGB (GL ES 3.0, 4.1.8 / 4.1.7: writes encode, blending happens on
 * linear values; FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING of GL_BACK says GL_SRGB), a LINEAR one
 * is not; eglQuerySurface(EGL_GL_COLORSPACE) answers what was asked; a bad value is
 * EGL_BAD_ATTRIBUTE. ctest runs it on splitgl and on Mesa llvmpipe; the pixels are printed
 * and both drivers must give the sRGB encoding of the same linear results (within 1). */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_check.h"

static int
srgb_encode(double l)
{
   double s = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
   return (int)lround(s * 255.0);
}

static int
srgb_decode8(int v) /* to 8-bit linear, rounded */
{
   double s = v / 255.0;
   return (int)lround(255.0 * (s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)));
}

/* Clears to (0.5, 0.2, 0.8), then blends (1, 0, 0, 0.25) over the right half with
 * SRC_ALPHA / ONE_MINUS_SRC_ALPHA, and reads back a pixel of each half. */
static void
render(uint8_t left[4], uint8_t right[4])
{
   glViewport(0, 0, 8, 8);
   glClearColor(0.5f, 0.2f, 0.8f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(4, 0, 4, 8);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   /* a blended "draw" without a shader: a clear does not blend, so draw a quad */
   static GLuint prog;
   if (!prog) {
      const char *vs = "#version 300 es\nin vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }\n";
      const char *fs = "#version 300 es\nprecision mediump float; out vec4 o;\n"
                       "void main() { o = vec4(1.0, 0.0, 0.0, 0.25); }\n";
      GLuint v = glCreateShader(GL_VERTEX_SHADER), f = glCreateShader(GL_FRAGMENT_SHADER);
      glShaderSource(v, 1, &vs, NULL);
      glShaderSource(f, 1, &fs, NULL);
      glCompileShader(v);
      glCompileShader(f);
      prog = glCreateProgram();
      glAttachShader(prog, v);
      glAttachShader(prog, f);
      glBindAttribLocation(prog, 0, "p");
      glLinkProgram(prog);
   }
   static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_BLEND);
   glDisable(GL_SCISSOR_TEST);
   uint8_t px[8 * 8 * 4];
   glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
   memcpy(left, &px[4 * (4 * 8 + 1)], 4);
   memcpy(right, &px[4 * (4 * 8 + 6)], 4);
}

static bool
near(int a, int b)
{
   return abs(a - b) <= 1;
}

int
main(void)
{
   EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL)) {
      printf("FAIL: display 0x%x\n", eglGetError());
      return 1;
   }
   const char *exts = eglQueryString(d, EGL_EXTENSIONS);
   printf("vendor %s\n", eglQueryString(d, EGL_VENDOR));
   CHECK(exts && strstr(exts, "EGL_KHR_gl_colorspace"), "EGL_KHR_gl_colorspace not listed: %s", exts);
   const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_RED_SIZE, 8,
                          EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE};
   EGLConfig cfg;
   EGLint n = 0;
   if (!eglChooseConfig(d, want, &cfg, 1, &n) || n != 1) {
      printf("FAIL: no RGBA8 ES3 pbuffer config\n");
      return 1;
   }
   eglBindAPI(EGL_OPENGL_ES_API);
   const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
   EGLContext ctx = eglCreateContext(d, cfg, EGL_NO_CONTEXT, ctx_attr);
   CHECK(ctx != EGL_NO_CONTEXT, "context 0x%x", eglGetError());

   /* A bad value. */
   const EGLint bad[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_GL_COLORSPACE, 0x1234, EGL_NONE};
   EGLSurface s = eglCreatePbufferSurface(d, cfg, bad);
   EGLint e = eglGetError();
   CHECK(s == EGL_NO_SURFACE && e == EGL_BAD_ATTRIBUTE, "EGL_GL_COLORSPACE 0x1234: %p 0x%x", s, e);

   uint8_t lin_l[4], lin_r[4], srgb_l[4], srgb_r[4];
   for (int pass = 0; pass < 2; pass++) {
      const EGLint cs = pass ? EGL_GL_COLORSPACE_SRGB : EGL_GL_COLORSPACE_LINEAR;
      const EGLint attr[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_GL_COLORSPACE, cs, EGL_NONE};
      s = eglCreatePbufferSurface(d, cfg, attr);
      CHECK(s != EGL_NO_SURFACE, "pbuffer with colorspace 0x%x: 0x%x", cs, eglGetError());
      if (!s || !eglMakeCurrent(d, s, s, ctx)) {
         printf("FAIL: make current 0x%x\n", eglGetError());
         return 1;
      }
      EGLint q = 0;
      CHECK(eglQuerySurface(d, s, EGL_GL_COLORSPACE, &q) && q == cs, "EGL_GL_COLORSPACE reads 0x%x, asked 0x%x", q, cs);
      GLint enc = 0;
      glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
      CHECK(glGetError() == GL_NO_ERROR && enc == (pass ? GL_SRGB : GL_LINEAR), "COLOR_ENCODING of GL_BACK 0x%x",
            enc);
      render(pass ? srgb_l : lin_l, pass ? srgb_r : lin_r);
      eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroySurface(d, s);
   }
   printf("linear: clear %d,%d,%d blended %d,%d,%d\n", lin_l[0], lin_l[1], lin_l[2], lin_r[0], lin_r[1], lin_r[2]);
   printf("sRGB:   clear %d,%d,%d blended %d,%d,%d\n", srgb_l[0], srgb_l[1], srgb_l[2], srgb_r[0], srgb_r[1],
          srgb_r[2]);
   /* Linear surface: the values as given, blended as given. */
   CHECK(near(lin_l[0], 128) && near(lin_l[1], 51) && near(lin_l[2], 204), "linear clear");
   CHECK(near(lin_r[0], 160) && near(lin_r[1], 38) && near(lin_r[2], 153), "linear blend");
   /* sRGB surface: the clear colour encoded; the blend done on linear values (the
    * destination decoded), then encoded. */
   CHECK(near(srgb_l[0], srgb_encode(0.5)) && near(srgb_l[1], srgb_encode(0.2)) && near(srgb_l[2], srgb_encode(0.8)),
         "sRGB clear, want %d,%d,%d", srgb_encode(0.5), srgb_encode(0.2), srgb_encode(0.8));
   const double dl[3] = {srgb_decode8(srgb_l[0]) / 255.0, srgb_decode8(srgb_l[1]) / 255.0, srgb_decode8(srgb_l[2]) / 255.0};
   const int want_r[3] = {srgb_encode(0.25 + 0.75 * dl[0]), srgb_encode(0.75 * dl[1]), srgb_encode(0.75 * dl[2])};
   CHECK(near(srgb_r[0], want_r[0]) && near(srgb_r[1], want_r[1]) && near(srgb_r[2], want_r[2]),
         "sRGB blend, want %d,%d,%d", want_r[0], want_r[1], want_r[2]);
   eglDestroyContext(d, ctx);
   eglTerminate(d);
   printf("egl_colorspace: %s\n", fails ? "FAIL" : "PASS");
   return fails ? 1 : 0;
}
