/* EGLImages of 2D texture levels (EGL_KHR_gl_texture_2D_image) and GL_OES_EGL_image's
 * glEGLImageTargetTexture2DOES through libglvnd, on OpenGL ES 3.0 contexts of one display:
 * the spec's errors (EGL 1.5 section 3.9.1 / EGL_KHR_gl_image: EGL_BAD_CONTEXT,
 * EGL_BAD_PARAMETER for no texture, the wrong kind, incomplete textures and targets not
 * offered, EGL_BAD_MATCH for levels that are none, EGL_BAD_ACCESS for siblings; the GL
 * target's INVALID_ENUM / INVALID_VALUE / INVALID_OPERATION), then the sharing: a source
 * texture level and target textures in a sharing context and in another share group see one
 * storage both ways; a renderbuffer image read through a target texture; siblings respecified
 * (glTexImage2D of the sibling level, another level of a target, glGenerateMipmap) or deleted
 * are orphaned and the others keep their contents. ctest runs it on splitgl and on Mesa
 * llvmpipe: the sharing holds on both, the errors where Mesa 22.3 gives the spec's. */
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
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_tex;

static void
use(EGLContext c)
{
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c), "make current 0x%x", eglGetError());
}

static GLuint
new_tex(void)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return t;
}

/* Binds a framebuffer object with level `level` of texture tex as its colour attachment. */
static GLuint
fbo_of(GLuint tex, GLint level)
{
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level);
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   CHECK(st == GL_FRAMEBUFFER_COMPLETE, "framebuffer of texture %u level %d: 0x%x", tex, level, st);
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

/* Reads texel (x, y) of level `level` of tex through a framebuffer object (then deleted). */
static void
expect_texel(GLuint tex, GLint level, int x, int y, unsigned r, unsigned g, unsigned b, const char *what)
{
   GLuint fb = fbo_of(tex, level);
   expect_px(x, y, r, g, b, what);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
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

/* Clears [x, x + w) x [y, y + h) of level `level` of tex. */
static void
clear_tex(GLuint tex, GLint level, int x, int y, int w, int h, float r, float g, float b)
{
   GLuint fb = fbo_of(tex, level);
   clear_rect(x, y, w, h, r, g, b);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
}

static EGLImageKHR
image_of(EGLContext ctx, GLuint tex, EGLint level)
{
   const EGLint attr[] = {EGL_GL_TEXTURE_LEVEL_KHR, level, EGL_IMAGE_PRESERVED_KHR, EGL_TRUE, EGL_NONE};
   return create_image(dpy, ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)tex, attr);
}

static void
expect_fail(EGLImageKHR img, EGLint err, const char *what)
{
   EGLint got = eglGetError();
   CHECK(img == EGL_NO_IMAGE_KHR && got == err, "%s: image %p, error 0x%x, want 0x%x", what, img, got, err);
   if (img != EGL_NO_IMAGE_KHR)
      destroy_image(dpy, img);
}

/* The spec's errors; `mesa`: only those Mesa 22.3 gives as the specs say. */
static void
errors(EGLContext a, bool mesa)
{
   use(a);
   GLuint full = new_tex(); /* complete: 16x16, 3 levels */
   glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 16, 16);
   GLuint only0 = new_tex(); /* level 0 only, mipmapped filter: incomplete */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint gap = new_tex(); /* levels 0 and 2, not 1: incomplete */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint empty = new_tex(); /* no level */
   GLuint cube;
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   CHECK(glGetError() == GL_NO_ERROR, "setup");

   if (!mesa) {
      const EGLint lvl0[] = {EGL_GL_TEXTURE_LEVEL_KHR, 0, EGL_NONE};
      expect_fail(create_image(dpy, EGL_NO_CONTEXT, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)full, lvl0),
                  EGL_BAD_CONTEXT, "no context");
      expect_fail(image_of(a, 0, 0), EGL_BAD_PARAMETER, "texture 0");
      expect_fail(image_of(a, 4242, 0), EGL_BAD_PARAMETER, "not a texture");
      expect_fail(image_of(a, empty, 0), EGL_BAD_PARAMETER, "no level 0");
      expect_fail(image_of(a, gap, 0), EGL_BAD_PARAMETER, "incomplete with level 2 specified");
      expect_fail(image_of(a, only0, 1), EGL_BAD_PARAMETER, "level 1 of an incomplete texture");
      expect_fail(image_of(a, full, 3), EGL_BAD_MATCH, "level 3 of a 3-level texture");
      expect_fail(image_of(a, full, -1), EGL_BAD_MATCH, "level -1");
      expect_fail(image_of(a, full, 1000), EGL_BAD_MATCH, "level 1000");
      const EGLint bad_attr[] = {EGL_WIDTH, 4, EGL_NONE};
      expect_fail(create_image(dpy, a, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)full, bad_attr),
                  EGL_BAD_PARAMETER, "bad attribute");
      /* cube-map and 3D images are not offered (nor listed) */
      const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
      CHECK(!strstr(exts, "EGL_KHR_gl_texture_cubemap_image") && !strstr(exts, "EGL_KHR_gl_texture_3D_image"),
            "cube / 3D images not listed");
      expect_fail(create_image(dpy, a, EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X_KHR, (EGLClientBuffer)(uintptr_t)cube, NULL),
                  EGL_BAD_PARAMETER, "cube-map face target");
   }
   expect_fail(image_of(a, cube, 0), EGL_BAD_PARAMETER, "a cube map as EGL_GL_TEXTURE_2D");
   /* level 0 of an incomplete texture with no other level is allowed */
   EGLImageKHR i_only0 = image_of(a, only0, 0);
   CHECK(i_only0 != EGL_NO_IMAGE_KHR, "level 0 of a level-0-only texture: 0x%x", eglGetError());
   EGLImageKHR i1 = image_of(a, full, 1);
   CHECK(i1 != EGL_NO_IMAGE_KHR, "level 1 of a complete texture: 0x%x", eglGetError());
   EGLImageKHR i0 = image_of(a, full, 0);
   CHECK(i0 != EGL_NO_IMAGE_KHR, "level 0 of the same texture: 0x%x", eglGetError());
   if (!mesa)
      expect_fail(image_of(a, full, 1), EGL_BAD_ACCESS, "level 1 is already a sibling");

   /* the GL target */
   GLint n = 0;
   GLuint x = new_tex();
   target_tex(GL_TEXTURE_CUBE_MAP, i1);
   CHECK(glGetError() == GL_INVALID_ENUM, "target_tex(CUBE_MAP)");
   if (!mesa) { /* Mesa 22.3 reads through a pointer that is no image */
      target_tex(GL_TEXTURE_2D, (GLeglImageOES)&n);
      CHECK(glGetError() == GL_INVALID_VALUE, "target_tex(not an image)");
      glBindTexture(GL_TEXTURE_2D, full); /* immutable */
      target_tex(GL_TEXTURE_2D, i1);
      CHECK(glGetError() == GL_INVALID_OPERATION, "target_tex on an immutable texture");
   }
   glBindTexture(GL_TEXTURE_2D, x);
   target_tex(GL_TEXTURE_2D, i1);
   CHECK(glGetError() == GL_NO_ERROR, "target_tex(level 1 image)");
   if (!mesa)
      expect_fail(image_of(a, x, 0), EGL_BAD_ACCESS, "a target's level 0 is a sibling");
   CHECK(destroy_image(dpy, i0) && destroy_image(dpy, i1) && destroy_image(dpy, i_only0), "destroy");
   GLuint names[] = {full, only0, gap, empty, cube, x};
   glDeleteTextures(6, names);
   CHECK(glGetError() == GL_NO_ERROR, "no stray GL error (errors)");
}

int
main(void)
{
   dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "display");
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   CHECK(exts && strstr(exts, "EGL_KHR_gl_texture_2D_image") && strstr(exts, "EGL_KHR_gl_renderbuffer_image"),
         "extensions: %s", exts ? exts : "(null)");
   const char *vendor = eglQueryString(dpy, EGL_VENDOR);
   bool mesa = vendor && strstr(vendor, "Mesa");
   create_image = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
   destroy_image = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
   target_tex = (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress("glEGLImageTargetTexture2DOES");
   if (!create_image || !destroy_image || !target_tex) {
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
   EGLContext b = eglCreateContext(dpy, cfg, a, es3);             /* shares with a */
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es3); /* another share group */
   CHECK(a && b && c, "contexts");

   errors(a, mesa);

   /* a: T, 16x16 RGBA8 with its mip chain; level 0 red, level 1 blue */
   use(a);
   GLuint t = new_tex();
   glTexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 16, 16);
   clear_tex(t, 0, 0, 0, 16, 16, 1, 0, 0);
   clear_tex(t, 1, 0, 0, 8, 8, 0, 0, 1);
   EGLImageKHR i0 = image_of(a, t, 0), i1 = image_of(a, t, 1);
   CHECK(i0 != EGL_NO_IMAGE_KHR && i1 != EGL_NO_IMAGE_KHR, "images of T: 0x%x", eglGetError());
   glFinish();

   /* c (another share group): X0 sees level 0; its rendering reaches T */
   use(c);
   GLuint x0 = new_tex();
   target_tex(GL_TEXTURE_2D, i0);
   GLuint x1 = new_tex();
   target_tex(GL_TEXTURE_2D, i1);
   CHECK(glGetError() == GL_NO_ERROR, "targets in c");
   expect_texel(x0, 0, 5, 5, 255, 0, 0, "c reads T's level 0");
   expect_texel(x1, 0, 5, 5, 0, 0, 255, "c reads T's level 1 as X1's level 0");
   clear_tex(x0, 0, 0, 0, 8, 16, 0, 1, 0); /* left half green */
   clear_tex(x1, 0, 4, 0, 4, 8, 1, 1, 0);  /* right half yellow */
   glFinish();
   use(b); /* sharing with a */
   expect_texel(t, 0, 2, 5, 0, 255, 0, "b reads c's rendering in T's level 0");
   expect_texel(t, 0, 12, 5, 255, 0, 0, "T keeps its right half");
   expect_texel(t, 1, 6, 2, 255, 255, 0, "b reads c's rendering in T's level 1");
   expect_texel(t, 1, 1, 2, 0, 0, 255, "T's level 1 keeps its left half");

   /* a renderbuffer image read through a texture target in c */
   GLuint r;
   glGenRenderbuffers(1, &r);
   glBindRenderbuffer(GL_RENDERBUFFER, r);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
   GLuint fr;
   glGenFramebuffers(1, &fr);
   glBindFramebuffer(GL_FRAMEBUFFER, fr);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r);
   clear_rect(0, 0, 8, 8, 1, 0, 1);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   EGLImageKHR ir = create_image(dpy, b, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)r, NULL);
   CHECK(ir != EGL_NO_IMAGE_KHR, "renderbuffer image 0x%x", eglGetError());
   glFinish();
   use(c);
   GLuint xr = new_tex();
   target_tex(GL_TEXTURE_2D, ir);
   CHECK(glGetError() == GL_NO_ERROR, "texture target of a renderbuffer image");
   expect_texel(xr, 0, 3, 3, 255, 0, 255, "c reads the renderbuffer through a texture");
   clear_tex(xr, 0, 0, 0, 4, 4, 0, 1, 1);
   glFinish();
   use(b);
   glBindFramebuffer(GL_FRAMEBUFFER, fr);
   expect_px(1, 1, 0, 255, 255, "b reads c's rendering in the renderbuffer");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);

   /* a renderbuffer target of a texture level's image, and an unsized RGBA source */
   GLuint rt;
   glGenRenderbuffers(1, &rt);
   glBindRenderbuffer(GL_RENDERBUFFER, rt);
   PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_rb =
      (PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES");
   CHECK(target_rb != NULL, "glEGLImageTargetRenderbufferStorageOES");
   if (target_rb)
      target_rb(GL_RENDERBUFFER, i1);
   CHECK(glGetError() == GL_NO_ERROR, "renderbuffer target of a texture level");
   GLuint frt;
   glGenFramebuffers(1, &frt);
   glBindFramebuffer(GL_FRAMEBUFFER, frt);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rt);
   CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "framebuffer of the renderbuffer target");
   expect_px(6, 2, 255, 255, 0, "the renderbuffer target reads T's level 1");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &frt);
   glDeleteRenderbuffers(1, &rt);
   GLuint un = new_tex();
   const unsigned char cyan[4 * 4 * 4] = {0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255};
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, cyan);
   EGLImageKHR iun = image_of(b, un, 0); /* b is current */
   CHECK(iun != EGL_NO_IMAGE_KHR, "image of an unsized RGBA texture 0x%x", eglGetError());
   GLuint xun = new_tex();
   target_tex(GL_TEXTURE_2D, iun);
   expect_texel(xun, 0, 1, 1, 0, 255, 255, "target of an unsized RGBA texture");
   CHECK(destroy_image(dpy, iun), "destroy the unsized image");
   glDeleteTextures(1, &un);
   glDeleteTextures(1, &xun);

   /* orphaning: c respecifies X0's level 0 (glTexImage2D): T keeps its contents */
   use(c);
   glBindTexture(GL_TEXTURE_2D, x0);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   clear_tex(x0, 0, 0, 0, 4, 4, 1, 1, 1);
   /* Y1 gets a level 1, Y2 a glGenerateMipmap: they leave level 0's image with a copy of their
    * level 0; the same with targets of level 1's image. splitgl only: Mesa 22.3 does not orphan
    * them (a target loses its level 0 when another level is defined, glGenerateMipmap writes
    * the shared storage) nor a source respecified with the same size (below). */
   GLuint y2 = 0, x1b = 0;
   if (!mesa) {
      GLuint y1 = new_tex();
      target_tex(GL_TEXTURE_2D, i0);
      glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      y2 = new_tex();
      target_tex(GL_TEXTURE_2D, i0);
      glGenerateMipmap(GL_TEXTURE_2D);
      x1b = new_tex();
      target_tex(GL_TEXTURE_2D, i1);
      glBindTexture(GL_TEXTURE_2D, x1);
      glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      glBindTexture(GL_TEXTURE_2D, x1b);
      glGenerateMipmap(GL_TEXTURE_2D);
      CHECK(glGetError() == GL_NO_ERROR, "orphaning calls");
      expect_texel(y1, 0, 2, 5, 0, 255, 0, "Y1 keeps its level 0 after defining level 1");
      expect_texel(y2, 0, 12, 5, 255, 0, 0, "Y2 keeps its level 0 after glGenerateMipmap");
      clear_tex(y1, 0, 0, 0, 16, 16, 0, 0, 0); /* its own storage now */
      expect_texel(x1, 0, 6, 2, 255, 255, 0, "X1 keeps its level 0 after defining level 1");
      expect_texel(x1b, 0, 1, 2, 0, 0, 255, "X1b keeps its level 0 after glGenerateMipmap");
      clear_tex(x1, 0, 0, 0, 8, 8, 0, 0, 0);
   }
   glFinish();
   use(a);
   expect_texel(t, 0, 2, 5, 0, 255, 0, "T unaffected by X0's respecification and Y1's orphaning (left)");
   expect_texel(t, 0, 12, 5, 255, 0, 0, "T unaffected by X0's respecification and Y1's orphaning (right)");
   expect_texel(t, 1, 6, 2, 255, 255, 0, "T's level 1 unaffected");
   /* a target in c that still shares the storage sees a's rendering; the orphaned do not */
   clear_tex(t, 0, 0, 0, 2, 2, 0, 0, 1);
   clear_tex(t, 1, 0, 0, 2, 2, 1, 0, 0);
   glFinish();
   use(c);
   GLuint x1c = new_tex();
   target_tex(GL_TEXTURE_2D, i1);
   expect_texel(x1c, 0, 0, 0, 255, 0, 0, "a new target sees a's rendering");
   if (!mesa) {
      expect_texel(y2, 0, 0, 0, 0, 255, 0, "Y2 (orphaned) does not");
      expect_texel(x1b, 0, 0, 0, 0, 0, 255, "X1b (orphaned) does not");
   }

   /* a mutable source respecified: its target keeps the old contents */
   use(a);
   if (!mesa) {
      GLuint m = new_tex();
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      clear_tex(m, 0, 0, 0, 4, 4, 0, 1, 0);
      EGLImageKHR im = image_of(a, m, 0);
      CHECK(im != EGL_NO_IMAGE_KHR, "image of M 0x%x", eglGetError());
      GLuint xm = new_tex();
      target_tex(GL_TEXTURE_2D, im);
      glBindTexture(GL_TEXTURE_2D, m);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      clear_tex(m, 0, 0, 0, 4, 4, 1, 0, 0);
      expect_texel(xm, 0, 1, 1, 0, 255, 0, "a target after its source was respecified");
      expect_texel(m, 0, 1, 1, 255, 0, 0, "the respecified source");
      CHECK(destroy_image(dpy, im), "destroy M's image");
      glDeleteTextures(1, &m);
      glDeleteTextures(1, &xm);
   }

   /* the source deleted and the images destroyed: the target keeps the storage */
   use(a);
   glDeleteTextures(1, &t);
   CHECK(destroy_image(dpy, i0) && destroy_image(dpy, i1) && destroy_image(dpy, ir), "destroy images");
   glFinish();
   use(c);
   expect_texel(x1c, 0, 0, 0, 255, 0, 0, "the target after the source and the images went");
   expect_texel(x1c, 0, 6, 2, 255, 255, 0, "the target after the source and the images went (2)");
   CHECK(glGetError() == GL_NO_ERROR, "no stray GL error");

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, c);
   eglDestroyContext(dpy, b);
   eglDestroyContext(dpy, a);
   eglTerminate(dpy);
   printf("%s\n", fails ? "FAIL" : "PASS");
   return fails ? 1 : 0;
}
