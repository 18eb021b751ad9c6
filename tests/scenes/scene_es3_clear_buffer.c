/*
 * es3_clear_buffer — glClearBuffer{fv,iv,uiv,fi}:
 *   - a framebuffer object with RGBA8, RGBA32I and RGBA16UI colour attachments: each cleared
 *     by its own command, whole and scissored, with a partial colour mask (the masked-draw
 *     path for an integer attachment), then read back with the class's ReadPixels pair and
 *     compared exactly (the scene exits non-zero on a wrong value, on either driver);
 *   - the default framebuffer: scissored ClearBufferfv(COLOR) tiles, ClearBufferfv(DEPTH) and
 *     ClearBufferiv(STENCIL) regions shown by depth- and stencil-tested rectangles,
 *     ClearBufferfi(DEPTH_STENCIL) with a partial stencil write mask;
 *   - RASTERIZER_DISCARD ignores them; the errors of ES 3.0 section 4.2.3.
 * Every edge is axis-aligned on pixel boundaries: exact.
 */
#include <string.h>

#include "scene_common.h"

/* Reads pixel (x, y) of the read buffer as format / type and compares its `n` bytes. */
static void
expect_pixel(GLenum format, GLenum type, int x, int y, const void *want, size_t n, const char *what)
{
   uint32_t px[4] = {0}, w[4] = {0};
   GL(glReadPixels(x, y, 1, 1, format, type, px));
   memcpy(w, want, n);
   SCENE_CHECK(!memcmp(px, want, n), "%s at (%d,%d): %08x %08x %08x %08x, want %08x %08x %08x %08x", what, x, y,
               px[0], px[1], px[2], px[3], w[0], w[1], w[2], w[3]);
}
#define expect_pixel_i(x, y, want, what) expect_pixel(GL_RGBA_INTEGER, GL_INT, x, y, want, 16, what)
#define expect_pixel_ui(x, y, want, what) expect_pixel(GL_RGBA_INTEGER, GL_UNSIGNED_INT, x, y, want, 16, what)
#define expect_pixel_ub(x, y, want, what) expect_pixel(GL_RGBA, GL_UNSIGNED_BYTE, x, y, want, 4, what)

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128, .depth_bits = 24, .stencil_bits = 8};
   scene_init(&s, &cfg, argc, argv);
   struct scene_rects r;
   scene_rects_init(&r, 128, 128);

   /* ---- a framebuffer object of three colour classes ---- */
   GLuint rb[3], fbo;
   const GLenum fmts[3] = {GL_RGBA8, GL_RGBA32I, GL_RGBA16UI};
   GL(glGenRenderbuffers(3, rb));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   for (int i = 0; i < 3; i++) {
      GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[i]));
      GL(glRenderbufferStorage(GL_RENDERBUFFER, fmts[i], 16, 16));
      GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]));
   }
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo incomplete");
   const GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
   GL(glDrawBuffers(3, bufs));
   GL(glViewport(0, 0, 16, 16));

   /* no channel on a rounding tie (0.5 * 255 = 127.5: NVIDIA gives 127, Mesa 128) */
   const GLfloat f0[4] = {1.0f, 0.51f, 0.25f, 1.0f};
   const GLint i1[4] = {-7, 100000, -2147483647 - 1, 2147483647};
   const GLuint u2[4] = {1, 65535, 300, 0};
   GL(glClearBufferfv(GL_COLOR, 0, f0));
   GL(glClearBufferiv(GL_COLOR, 1, i1));
   GL(glClearBufferuiv(GL_COLOR, 2, u2));
   /* scissored, and with green and alpha masked: the masked-draw path on integer buffers */
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(8, 0, 8, 16));
   GL(glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE));
   const GLint i1b[4] = {42, 43, 44, 45};
   const GLuint u2b[4] = {9, 10, 11, 12};
   const GLfloat f0b[4] = {0.0f, 0.0f, 1.0f, 0.0f};
   GL(glClearBufferiv(GL_COLOR, 1, i1b));
   GL(glClearBufferuiv(GL_COLOR, 2, u2b));
   GL(glClearBufferfv(GL_COLOR, 0, f0b));
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   GL(glDisable(GL_SCISSOR_TEST));
   /* discarded under RASTERIZER_DISCARD */
   GL(glEnable(GL_RASTERIZER_DISCARD));
   const GLint junk[4] = {5, 5, 5, 5};
   GL(glClearBufferiv(GL_COLOR, 1, junk));
   GL(glDisable(GL_RASTERIZER_DISCARD));

   GL(glReadBuffer(GL_COLOR_ATTACHMENT0));
   const GLubyte want0[4] = {255, 130, 64, 255}, want0b[4] = {0, 130, 255, 255};
   expect_pixel_ub(2, 2, want0, "RGBA8 ClearBufferfv");
   expect_pixel_ub(12, 2, want0b, "RGBA8 masked");
   GL(glReadBuffer(GL_COLOR_ATTACHMENT1));
   expect_pixel_i(2, 2, i1, "RGBA32I ClearBufferiv");
   const GLint want1b[4] = {42, 100000, 44, 2147483647};
   expect_pixel_i(12, 14, want1b, "RGBA32I masked");
   GL(glReadBuffer(GL_COLOR_ATTACHMENT2));
   expect_pixel_ui(2, 2, u2, "RGBA16UI ClearBufferuiv");
   const GLuint want2b[4] = {9, 65535, 11, 0};
   expect_pixel_ui(12, 14, want2b, "RGBA16UI masked");

   /* a draw buffer of NONE is not cleared */
   const GLenum only0[3] = {GL_COLOR_ATTACHMENT0, GL_NONE, GL_NONE};
   GL(glDrawBuffers(3, only0));
   GL(glClearBufferiv(GL_COLOR, 1, junk));
   GL(glReadBuffer(GL_COLOR_ATTACHMENT1));
   expect_pixel_i(2, 2, i1, "draw buffer NONE untouched");

   /* errors */
   GL_EXPECT(GL_INVALID_ENUM, glClearBufferiv(GL_DEPTH, 0, junk));
   GL_EXPECT(GL_INVALID_ENUM, glClearBufferuiv(GL_STENCIL, 0, u2));
   GL_EXPECT(GL_INVALID_ENUM, glClearBufferfv(GL_STENCIL, 0, f0));
   GL_EXPECT(GL_INVALID_ENUM, glClearBufferfi(GL_DEPTH, 0, 1.0f, 0));
   GL_EXPECT(GL_INVALID_VALUE, glClearBufferfv(GL_COLOR, -1, f0));
   GLint max_db = 0;
   GL(glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db));
   GL_EXPECT(GL_INVALID_VALUE, glClearBufferfv(GL_COLOR, max_db, f0));
   GL_EXPECT(GL_INVALID_VALUE, glClearBufferfv(GL_DEPTH, 1, f0));
   GL_EXPECT(GL_INVALID_VALUE, glClearBufferfi(GL_DEPTH_STENCIL, 1, 1.0f, 0));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT2, GL_RENDERBUFFER, 0));
   GL_EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION, glClearBufferfv(GL_COLOR, 0, f0)); /* no attachments */

   /* ---- the default framebuffer ---- */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   const GLfloat black[4] = {0, 0, 0, 1};
   GL(glClearBufferfv(GL_COLOR, 0, black));
   GL(glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0));
   GL(glEnable(GL_SCISSOR_TEST));
   /* colour tiles along the top */
   for (int t = 0; t < 4; t++) {
      const GLfloat c[4] = {t & 1 ? 1.0f : 0.2f, t & 2 ? 1.0f : 0.2f, 0.6f, 1.0f};
      GL(glScissor(8 + t * 30, 96, 24, 24));
      GL(glClearBufferfv(GL_COLOR, 0, c));
   }
   /* depth 0.25 on the left half of the middle band, stencil 1 on its right half */
   const GLfloat quarter = 0.25f;
   GL(glScissor(0, 48, 64, 40));
   GL(glClearBufferfv(GL_DEPTH, 0, &quarter));
   const GLint one = 1;
   GL(glScissor(64, 48, 64, 40));
   GL(glClearBufferiv(GL_STENCIL, 0, &one));
   /* ClearBufferfi with stencil write mask 0x2: stencil becomes 2 (3 & 0x2) in the bottom band */
   GL(glStencilMask(0x2));
   GL(glScissor(0, 0, 128, 40));
   GL(glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 3));
   GL(glStencilMask(0xff));
   GL(glDisable(GL_SCISSOR_TEST));
   /* depth-tested rectangle across the middle band at z = 0 (depth 0.5): hidden where 0.25 */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   const float green[4] = {0, 1, 0, 1}, red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};
   scene_rects_draw(&r, 8, 52, 120, 84, 0.0f, green);
   GL(glDisable(GL_DEPTH_TEST));
   /* stencil == 1 shows on the right half of the middle band only; == 2 in the bottom band */
   GL(glEnable(GL_STENCIL_TEST));
   GL(glStencilFunc(GL_EQUAL, 1, 0xff));
   scene_rects_draw(&r, 0, 60, 128, 76, 0.0f, red);
   GL(glStencilFunc(GL_EQUAL, 2, 0xff));
   scene_rects_draw(&r, 16, 8, 112, 32, 0.0f, blue);
   GL(glDisable(GL_STENCIL_TEST));

   scene_rects_fini(&r);
   return scene_finish(&s);
}
