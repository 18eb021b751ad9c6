/* EGLImages of texture levels in the front end, on the recording fake wire (no server): the
 * records that make the sharing and the orphaning. A target texture of a level-1 image names
 * level 1 of the source's resource (framebuffer surfaces); a target given another level
 * leaves the image with a GPU copy (Blit) of its level 0 into a resource of its own; a source
 * respecified at the image's level copies its other levels but not that one; the shared
 * resource is destroyed once, with its last reference (image, source, targets in any order);
 * glEGLImageTargetTexture2DOES's GL errors. The pixels are checked by tests/egl's
 * egl_texture_images and the es3_egl_texture_image scene. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/egl_public.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

#include "front_check.h"

static PFNEGLINITIALIZEPROC initialize;
static PFNEGLBINDAPIPROC bind_api;
static PFNEGLCREATECONTEXTPROC create_context;
static PFNEGLMAKECURRENTPROC make_current;
static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;

static uint64_t
count(uint32_t op)
{
   return fake_wire_op_count[op];
}

/* A complete 2D texture, w x w RGBA8 with `levels` levels (glTexImage2D: mutable). */
static GLuint
texture(GLsizei w, int levels)
{
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   for (int l = 0; l < levels; l++)
      glf_TexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, w >> l, w >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glf_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels - 1);
   return t;
}

static EGLImageKHR
image_of(EGLDisplay dpy, EGLContext ctx, GLuint tex, EGLint level)
{
   const EGLint attr[] = {EGL_GL_TEXTURE_LEVEL_KHR, level, EGL_NONE};
   return create_image(dpy, ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)tex, attr);
}

/* The framebuffer surface the front end sends for level 0 of tex (a clear flushes it). */
static struct wire_surface_ref
surface_of(GLuint tex)
{
   GLuint fb;
   glf_GenFramebuffers(1, &fb);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fb);
   glf_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   glf_Clear(GL_COLOR_BUFFER_BIT);
   struct wire_surface_ref s = fake_wire_last_framebuffer.cbufs[0];
   glf_BindFramebuffer(GL_FRAMEBUFFER, 0);
   glf_DeleteFramebuffers(1, &fb);
   return s;
}

int
main(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   fake_wire_info.caps[WIRE_CAP_MAX_TEXTURE_SIZE] = 4096;
   eglf_init(NULL);
   initialize = (PFNEGLINITIALIZEPROC)eglf_get_proc_address("eglInitialize");
   bind_api = (PFNEGLBINDAPIPROC)eglf_get_proc_address("eglBindAPI");
   create_context = (PFNEGLCREATECONTEXTPROC)eglf_get_proc_address("eglCreateContext");
   make_current = (PFNEGLMAKECURRENTPROC)eglf_get_proc_address("eglMakeCurrent");
   create_image = (PFNEGLCREATEIMAGEKHRPROC)eglf_get_proc_address("eglCreateImageKHR");
   destroy_image = (PFNEGLDESTROYIMAGEKHRPROC)eglf_get_proc_address("eglDestroyImageKHR");
   if (!initialize || !bind_api || !create_context || !make_current || !create_image || !destroy_image) {
      printf("FAIL: EGL entry points\n");
      return 1;
   }
   EGLDisplay dpy = eglf_get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(dpy != EGL_NO_DISPLAY && initialize(dpy, NULL, NULL), "display 0x%x", eglf_take_error());
   bind_api(EGL_OPENGL_ES_API);
   const EGLint es3[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
   EGLContext ctx = create_context(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es3);
   CHECK(ctx != EGL_NO_CONTEXT && make_current(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "context 0x%x",
         eglf_take_error());
   if (fails) {
      printf("FAIL\n");
      return 1;
   }

   /* T: 16x16, 5 levels; an image of level 1; X its target */
   GLuint t = texture(16, 5);
   wire_handle t_res = fake_wire_last_resource.res;
   EGLImageKHR i1 = image_of(dpy, ctx, t, 1);
   CHECK(i1 != EGL_NO_IMAGE_KHR, "image of level 1: 0x%x", eglf_take_error());
   struct wire_surface_ref st = surface_of(t);
   CHECK(st.res.slot == t_res.slot && st.res.gen == t_res.gen && st.level == 0, "T's level 0 surface");
   GLuint x;
   glf_GenTextures(1, &x);
   glf_BindTexture(GL_TEXTURE_2D, x);
   uint64_t creates = count(WIRE_OP_ResourceCreate), destroys = count(WIRE_OP_Destroy);
   glf_EGLImageTargetTexture2DOES(GL_TEXTURE_2D, i1);
   EXPECT(GL_NO_ERROR, "target of level 1");
   CHECK(count(WIRE_OP_ResourceCreate) == creates, "a target makes no resource");
   struct wire_surface_ref sx = surface_of(x);
   CHECK(sx.res.slot == t_res.slot && sx.res.gen == t_res.gen && sx.level == 1,
         "X's level 0 is level 1 of T's resource (slot %u level %u)", sx.res.slot, sx.level);

   /* X gets a level 1: it leaves the image with a copy of its level 0 in a new resource */
   uint64_t blits = count(WIRE_OP_Blit);
   glf_BindTexture(GL_TEXTURE_2D, x);
   glf_TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_NO_ERROR, "X's level 1");
   CHECK(count(WIRE_OP_ResourceCreate) == creates + 1, "X's own resource");
   CHECK(fake_wire_last_resource.width == 8 && fake_wire_last_resource.last_level == 3, "X's resource: 8 wide, 4 levels");
   wire_handle x_res = fake_wire_last_resource.res;
   CHECK(count(WIRE_OP_Blit) == blits + 1, "one level copied");
   CHECK(fake_wire_last_blit.src.res.slot == t_res.slot && fake_wire_last_blit.src.level == 1 &&
            fake_wire_last_blit.dst.res.slot == x_res.slot && fake_wire_last_blit.dst.level == 0 &&
            fake_wire_last_blit.src_x1 == 8 && fake_wire_last_blit.dst_y1 == 8 && !fake_wire_last_blit.linear,
         "the copy: T level 1 -> X level 0, 8x8, NEAREST");
   CHECK(count(WIRE_OP_Destroy) == destroys, "T's resource stays");
   sx = surface_of(x);
   CHECK(sx.res.slot == x_res.slot && sx.level == 0, "X's level 0 is its own now");

   /* M: a mutable source of 2 levels, an image of level 0, respecified at level 0: its level 1
    * is copied, level 0 is not */
   GLuint m = texture(8, 2);
   wire_handle m_res = fake_wire_last_resource.res;
   EGLImageKHR im = image_of(dpy, ctx, m, 0);
   CHECK(im != EGL_NO_IMAGE_KHR, "image of M's level 0: 0x%x", eglf_take_error());
   blits = count(WIRE_OP_Blit);
   glf_BindTexture(GL_TEXTURE_2D, m);
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(count(WIRE_OP_Blit) == blits + 1 && fake_wire_last_blit.src.res.slot == m_res.slot &&
            fake_wire_last_blit.src.level == 1 && fake_wire_last_blit.dst.level == 1,
         "M's level 1 copied, level 0 not");
   CHECK(surface_of(m).res.slot != m_res.slot, "M has a resource of its own");

   /* GL errors of the target */
   glf_EGLImageTargetTexture2DOES(GL_TEXTURE_CUBE_MAP, im);
   EXPECT(GL_INVALID_ENUM, "target CUBE_MAP");
   glf_EGLImageTargetTexture2DOES(GL_TEXTURE_2D, (GLeglImageOES)&blits);
   EXPECT(GL_INVALID_VALUE, "not an image");
   GLuint imm;
   glf_GenTextures(1, &imm);
   glf_BindTexture(GL_TEXTURE_2D, imm);
   glf_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   glf_EGLImageTargetTexture2DOES(GL_TEXTURE_2D, im);
   EXPECT(GL_INVALID_OPERATION, "immutable texture");
   /* GenerateMipmap on a target: it leaves the image first */
   GLuint g;
   glf_GenTextures(1, &g);
   glf_BindTexture(GL_TEXTURE_2D, g);
   glf_EGLImageTargetTexture2DOES(GL_TEXTURE_2D, im);
   blits = count(WIRE_OP_Blit);
   glf_GenerateMipmap(GL_TEXTURE_2D);
   EXPECT(GL_NO_ERROR, "glGenerateMipmap on a target");
   CHECK(count(WIRE_OP_Blit) == blits + 1 && fake_wire_last_blit.src.res.slot == m_res.slot &&
            fake_wire_last_blit.src.level == 0,
         "the target's level 0 copied before its mipmaps");
   CHECK(count(WIRE_OP_GenerateMipmap) >= 1, "mipmaps generated");

   /* the last reference destroys a shared resource, once: M's image (no sibling left on it) */
   destroys = count(WIRE_OP_Destroy);
   CHECK(destroy_image(dpy, im), "destroy M's image");
   CHECK(count(WIRE_OP_Destroy) == destroys + 1, "M's old resource goes with its image");
   /* T's: the image, then T (X left it already) */
   destroys = count(WIRE_OP_Destroy);
   CHECK(destroy_image(dpy, i1), "destroy T's image");
   CHECK(count(WIRE_OP_Destroy) == destroys, "T holds its resource");
   glf_DeleteTextures(1, &t);
   CHECK(count(WIRE_OP_Destroy) == destroys + 1, "T's resource goes with T");
   GLuint rest[] = {x, m, imm, g};
   glf_DeleteTextures(4, rest);
   EXPECT(GL_NO_ERROR, "no stray error");

   make_current(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   printf("%s\n", fails ? "FAIL" : "PASS");
   return fails ? 1 : 0;
}
