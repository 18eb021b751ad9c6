/* EGLImages of renderbuffers (EGL_KHR_image_base, EGL_KHR_gl_renderbuffer_image,
 * GL_OES_EGL_image's glEGLImageTargetRenderbufferStorageOES) through libglvnd, on OpenGL ES
 * 3.0 contexts of one display: what one context renders into the source, a target in a
 * sharing context and one in a context of another share group read back, and the other way
 * round; siblings survive the image's destruction and the source's deletion, and a target
 * respecified leaves the image; the spec's errors. ctest runs it on splitgl and on Mesa
 * llvmpipe (the expectations hold on both). */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "egl_check.h"

static EGLDisplay dpy;
static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_rb;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_tex;

static bool
has_ext(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += n) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
         return true;
   }
   return false;
}

static void
use(EGLContext c)
{
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c), "make current 0x%x", eglGetError());
}

/* A framebuffer object with rb as its colour attachment (current context). */
static GLuint
fbo_of(GLuint rb)
{
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   CHECK(st == GL_FRAMEBUFFER_COMPLETE, "framebuffer of renderbuffer %u: 0x%x", rb, st);
   return fb;
}

static void
expect_px(int x, int y, unsigned r, unsigned g, unsigned b, const char *what)
{
   unsigned char px[4] = {1, 2, 3, 4};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == r && px[1] == g && px[2] == b && px[3] == 255, "%s: pixel (%d,%d) = %u %u %u %u, want %u %u %u 255",
         what, x, y, px[0], px[1], px[2], px[3], r, g, b);
}

static void
clear_rect(int x, int y, int w, int h, float r, float g, float b)
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(x, y, w, h);
   glClearColor(r, g, b, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
}

int
main(void)
{
   dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "display");
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   CHECK(has_ext(exts, "EGL_KHR_image_base") && has_ext(exts, "EGL_KHR_gl_renderbuffer_image"), "extensions: %s",
         exts ? exts : "(null)");
   bool tex_images = has_ext(exts, "EGL_KHR_gl_texture_2D_image");
   /* Mesa 22.3 crashes on several of the erroneous calls (eglCreateImage(EGL_GL_RENDERBUFFER,
    * EGL_NO_CONTEXT), a name that is no renderbuffer, eglDestroyImage of a pointer that is no
    * image) and answers others otherwise than the specs say (a second image of a sibling, an
    * undefined attribute; the target's INTERNAL_FORMAT as GL_RGBA): the spec's errors are
    * checked on splitgl only, the sharing on both. */
   const char *vendor = eglQueryString(dpy, EGL_VENDOR);
   bool mesa = vendor && strstr(vendor, "Mesa");
   create_image = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
   destroy_image = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
   target_rb = (PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES");
   target_tex = (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress("glEGLImageTargetTexture2DOES");
   if (!create_image || !destroy_image || !target_rb || !target_tex) {
      printf("FAIL: image functions missing\n");
      return 1;
   }
   EGLConfig cfg;
   EGLint n = 0;
   const EGLint ca[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RED_SIZE, 8, EGL_NONE};
   CHECK(eglChooseConfig(dpy, ca, &cfg, 1, &n) && n == 1, "config");
   eglBindAPI(EGL_OPENGL_ES_API);
   const EGLint es3[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
   EGLContext a = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es3);
   EGLContext b = eglCreateContext(dpy, cfg, a, es3);          /* shares with a */
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es3); /* another share group */
   CHECK(a && b && c, "contexts");

   /* a: the source, 16x16 RGBA8, cleared red */
   use(a);
   const char *glext = (const char *)glGetString(GL_EXTENSIONS);
   CHECK(has_ext(glext, "GL_OES_EGL_image"), "GL_OES_EGL_image listed");
   GLuint r, ms;
   glGenRenderbuffers(1, &r);
   glBindRenderbuffer(GL_RENDERBUFFER, r);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
   GLuint fa = fbo_of(r);
   clear_rect(0, 0, 16, 16, 1, 0, 0);
   glFinish();

   /* errors */
   if (!mesa) {
      CHECK(!create_image(dpy, EGL_NO_CONTEXT, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)r, NULL) &&
               eglGetError() == EGL_BAD_CONTEXT,
            "no context");
      CHECK(!destroy_image(dpy, (EGLImageKHR)&n) && eglGetError() == EGL_BAD_PARAMETER, "destroy a bogus image");
      CHECK(!create_image(dpy, a, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)0, NULL) &&
               eglGetError() == EGL_BAD_PARAMETER,
            "renderbuffer 0");
      CHECK(!create_image(dpy, a, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)4242, NULL) &&
               eglGetError() == EGL_BAD_PARAMETER,
            "not a renderbuffer");
      glGenRenderbuffers(1, &ms);
      glBindRenderbuffer(GL_RENDERBUFFER, ms);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 16, 16);
      CHECK(!create_image(dpy, a, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)ms, NULL) &&
               eglGetError() == EGL_BAD_PARAMETER,
            "multisampled renderbuffer");
      const EGLint bad_attr[] = {EGL_WIDTH, 4, EGL_NONE};
      CHECK(!create_image(dpy, a, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)r, bad_attr) &&
               eglGetError() == EGL_BAD_PARAMETER,
            "bad attribute");
      if (!tex_images)
         CHECK(!create_image(dpy, a, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)1, NULL) &&
                  eglGetError() == EGL_BAD_PARAMETER,
               "texture images not offered");
   }

   const EGLint keep[] = {EGL_IMAGE_PRESERVED_KHR, EGL_TRUE, EGL_NONE};
   EGLImageKHR img = create_image(dpy, a, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)r, keep);
   CHECK(img != EGL_NO_IMAGE_KHR, "image 0x%x", eglGetError());
   if (!mesa)
      CHECK(!create_image(dpy, a, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)r, NULL) &&
               eglGetError() == EGL_BAD_ACCESS,
            "the source is already a sibling");
   glBindRenderbuffer(GL_RENDERBUFFER, r);
   target_rb(GL_TEXTURE_2D, img);
   CHECK(glGetError() == GL_INVALID_ENUM, "target_rb: bad target");
   target_rb(GL_RENDERBUFFER, (GLeglImageOES)&n);
   CHECK(glGetError() == GL_INVALID_VALUE, "target_rb: not an image");
   target_tex(GL_TEXTURE_2D, (GLeglImageOES)&n);
   CHECK(glGetError() == GL_INVALID_VALUE, "target_tex: not an image");

   /* b (sharing): a target renderbuffer sees a's pixels; its rendering reaches a */
   use(b);
   GLuint q;
   glGenRenderbuffers(1, &q);
   glBindRenderbuffer(GL_RENDERBUFFER, q);
   target_rb(GL_RENDERBUFFER, img);
   CHECK(glGetError() == GL_NO_ERROR, "target_rb in b");
   GLint w = 0, h = 0, f = 0;
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &h);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &f);
   CHECK(w == 16 && h == 16 && (f == GL_RGBA8 || mesa), "target %dx%d format 0x%x", w, h, f);
   if (!mesa)
      CHECK(!create_image(dpy, b, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)q, NULL) &&
               eglGetError() == EGL_BAD_ACCESS,
            "a target is a sibling too");
   GLuint fb = fbo_of(q);
   expect_px(3, 3, 255, 0, 0, "b reads a's clear");
   clear_rect(0, 0, 8, 16, 0, 1, 0); /* left half green */
   glFinish();
   use(a);
   glBindFramebuffer(GL_FRAMEBUFFER, fa);
   expect_px(2, 5, 0, 255, 0, "a reads b's clear");
   expect_px(12, 5, 255, 0, 0, "a keeps its right half");

   /* c (another share group on the display) */
   use(c);
   GLuint q2;
   glGenRenderbuffers(1, &q2);
   glBindRenderbuffer(GL_RENDERBUFFER, q2);
   target_rb(GL_RENDERBUFFER, img);
   CHECK(glGetError() == GL_NO_ERROR, "target_rb in c");
   GLuint fc = fbo_of(q2);
   expect_px(2, 5, 0, 255, 0, "c reads the image (left)");
   expect_px(12, 5, 255, 0, 0, "c reads the image (right)");
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   if (!tex_images) {
      target_tex(GL_TEXTURE_2D, img);
      CHECK(glGetError() == GL_INVALID_OPERATION, "a texture cannot take a renderbuffer image here");
   }

   /* the image goes, then the source's name: the targets keep the storage */
   CHECK(destroy_image(dpy, img), "destroy the image");
   CHECK(!destroy_image(dpy, img) && eglGetError() == EGL_BAD_PARAMETER, "destroy it twice");
   use(a);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fa);
   glDeleteRenderbuffers(1, &r);
   glFinish();
   use(b);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   expect_px(2, 5, 0, 255, 0, "b after the image and the source went");
   clear_rect(8, 0, 8, 16, 0, 0, 1); /* right half blue */
   glFinish();
   use(c);
   glBindFramebuffer(GL_FRAMEBUFFER, fc);
   expect_px(12, 5, 0, 0, 255, "c sees b's rendering with the source gone");
   /* c respecifies its target: new storage; b's is unaffected */
   glBindRenderbuffer(GL_RENDERBUFFER, q2);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   glBindFramebuffer(GL_FRAMEBUFFER, fc);
   clear_rect(0, 0, 4, 4, 1, 1, 0);
   expect_px(1, 1, 255, 255, 0, "c's new storage");
   glFinish();
   use(b);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   expect_px(2, 5, 0, 255, 0, "b unaffected by c's respecification (left)");
   expect_px(12, 5, 0, 0, 255, "b unaffected by c's respecification (right)");
   CHECK(glGetError() == GL_NO_ERROR, "no stray GL error");

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, c);
   eglDestroyContext(dpy, b);
   eglDestroyContext(dpy, a);
   eglTerminate(dpy);
   printf("%s\n", fails ? "FAIL" : "PASS");
   return fails ? 1 : 0;
}
