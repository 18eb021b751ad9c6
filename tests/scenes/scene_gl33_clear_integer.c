/*
 * gl33_clear_integer — EXT_texture_integer's integer clear colours on a GL core context:
 * glClearColorIiEXT / glClearColorIuiEXT set the value glClear writes into signed / unsigned
 * integer colour buffers. Three FBOs, RGBA8, RGBA32I and RGBA16UI, each cleared right after its
 * kind of clear value is set (Mesa keeps one clear colour for the three calls; the extension
 * keeps three: this order means the same on both), whole and then scissored; every buffer read
 * back and checked, then drawn as tiles into the pbuffer (the integer values mapped to colours
 * by the client) so the image compares too.
 */
#include "scene_common.h"

#include <string.h>

#ifndef GL_EXT_texture_integer
typedef void (*PFN_CLEARCOLORIIEXT)(GLint r, GLint g, GLint b, GLint a);
typedef void (*PFN_CLEARCOLORIUIEXT)(GLuint r, GLuint g, GLuint b, GLuint a);
#else
typedef PFNGLCLEARCOLORIIEXTPROC PFN_CLEARCOLORIIEXT;
typedef PFNGLCLEARCOLORIUIEXTPROC PFN_CLEARCOLORIUIEXT;
#endif

#define W 16
#define H 16

static bool
has_extension(const char *name)
{
   GLint n = 0;
   GL(glGetIntegerv(GL_NUM_EXTENSIONS, &n));
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i), name))
         return true;
   return false;
}

static GLuint
color_tex(GLenum ifmt)
{
   GLuint t;
   GL(glGenTextures(1, &t));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   GL(glTexStorage2D(GL_TEXTURE_2D, 1, ifmt, W, H));
   return t;
}

/* Pixel (x, y) of every attachment as it must be: the scissored clear covers x, y in [4, 12). */
static void
check(const GLuint fbo[3], bool inner)
{
   int x = inner ? 6 : 1, y = inner ? 9 : 14;
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]));
   uint8_t u8[4];
   GL(glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, u8));
   const uint8_t want8[2][4] = {{255, 0, 0, 255}, {0, 0, 255, 255}};
   SCENE_CHECK(!memcmp(u8, want8[inner], 4), "RGBA8 (%d,%d) = %u %u %u %u", x, y, u8[0], u8[1], u8[2], u8[3]);

   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]));
   GLint i32[4];
   GL(glReadPixels(x, y, 1, 1, GL_RGBA_INTEGER, GL_INT, i32));
   const GLint wanti[2][4] = {{-5, 7, 100000, -2147483647 - 1}, {11, -12, 13, -14}};
   SCENE_CHECK(!memcmp(i32, wanti[inner], sizeof(i32)), "RGBA32I (%d,%d) = %d %d %d %d", x, y, i32[0], i32[1],
               i32[2], i32[3]);

   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]));
   GLuint u32[4];
   GL(glReadPixels(x, y, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u32));
   const GLuint wantu[2][4] = {{1, 65535, 300, 0}, {40000, 2, 3, 4}};
   SCENE_CHECK(!memcmp(u32, wantu[inner], sizeof(u32)), "RGBA16UI (%d,%d) = %u %u %u %u", x, y, u32[0], u32[1],
               u32[2], u32[3]);
}

static void
clear_fbo(GLuint fbo)
{
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glClear(GL_COLOR_BUFFER_BIT));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 64, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   SCENE_CHECK(has_extension("GL_EXT_texture_integer"), "GL_EXT_texture_integer is not listed");
   PFN_CLEARCOLORIIEXT clear_ii = (PFN_CLEARCOLORIIEXT)eglGetProcAddress("glClearColorIiEXT");
   PFN_CLEARCOLORIUIEXT clear_iui = (PFN_CLEARCOLORIUIEXT)eglGetProcAddress("glClearColorIuiEXT");
   SCENE_CHECK(clear_ii && clear_iui, "no glClearColorIiEXT / glClearColorIuiEXT");

   GLuint tex[3] = {color_tex(GL_RGBA8), color_tex(GL_RGBA32I), color_tex(GL_RGBA16UI)}, fbo[3];
   GL(glGenFramebuffers(3, fbo));
   for (int i = 0; i < 3; i++) {
      GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[i]));
      GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[i], 0));
      SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO %d incomplete", i);
   }

   GL(glClearColor(1.0f, 0.0f, 0.0f, 1.0f));
   clear_fbo(fbo[0]);
   clear_ii(-5, 7, 100000, -2147483647 - 1);
   clear_fbo(fbo[1]);
   clear_iui(1, 65535, 300, 0);
   clear_fbo(fbo[2]);
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(4, 4, 8, 8));
   GL(glClearColor(0.0f, 0.0f, 1.0f, 1.0f));
   clear_fbo(fbo[0]);
   clear_ii(11, -12, 13, -14);
   clear_fbo(fbo[1]);
   clear_iui(40000, 2, 3, 4);
   clear_fbo(fbo[2]);
   GL(glDisable(GL_SCISSOR_TEST));
   check(fbo, false);
   check(fbo, true);

   /* The image: each attachment's two regions as tiles, integer values folded into colours. */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glEnable(GL_SCISSOR_TEST));
   for (int a = 0; a < 3; a++) {
      for (int inner = 0; inner < 2; inner++) {
         GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[a]));
         int x = inner ? 6 : 1, y = inner ? 9 : 14;
         float c[4];
         if (a == 0) {
            uint8_t v[4];
            GL(glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, v));
            for (int k = 0; k < 4; k++)
               c[k] = v[k] / 255.0f;
         } else {
            GLint v[4];
            GL(glReadPixels(x, y, 1, 1, GL_RGBA_INTEGER, a == 1 ? GL_INT : GL_UNSIGNED_INT, v));
            for (int k = 0; k < 4; k++)
               c[k] = (float)(((unsigned)v[k] * 37u) & 0xffu) / 255.0f;
         }
         GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
         GL(glScissor(a * 20 + 2, inner * 30 + 2, 16, 26));
         GL(glClearColor(c[0], c[1], c[2], 1.0f));
         GL(glClear(GL_COLOR_BUFFER_BIT));
      }
   }
   GL(glDisable(GL_SCISSOR_TEST));
   scene_swap(&s);

   GL(glDeleteFramebuffers(3, fbo));
   GL(glDeleteTextures(3, tex));
   return scene_finish(&s);
}
