/*
 * es3_blit — glBlitFramebuffer:
 *   - a 32x32 RGBA8 framebuffer object holds a pattern (four coloured quadrants, a dot);
 *   - blitted to the window 1:1, scaled 2x with NEAREST, mirrored in x and in y, scaled with
 *     LINEAR, from a source rectangle partly outside the source (only the inside is written),
 *     and under a scissor rectangle;
 *   - depth: a D24S8 framebuffer object's depth and stencil blitted into the window's, then
 *     shown by depth- and stencil-tested rectangles;
 *   - RGBA8UI to RGBA16UI-free integer blit (RGBA8UI to RGBA8UI), read back exactly;
 *   - the errors of ES 3.0 section 4.3.3 (mask, filter, LINEAR with depth, integer against
 *     normalized, the same buffer, incomplete framebuffers).
 * NEAREST blits of whole texels are exact; the LINEAR one is a 2x magnification whose weights
 * both drivers compute alike (the scene's tolerance covers one unit of rounding).
 */
#include <string.h>

#include "scene_common.h"

static GLuint
make_fbo(GLenum color_fmt, GLenum ds_fmt, int w, int h, GLuint *rbs)
{
   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glGenRenderbuffers(2, rbs));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rbs[0]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, color_fmt, w, h));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbs[0]));
   if (ds_fmt) {
      GL(glBindRenderbuffer(GL_RENDERBUFFER, rbs[1]));
      GL(glRenderbufferStorage(GL_RENDERBUFFER, ds_fmt, w, h));
      GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rbs[1]));
   }
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo 0x%x incomplete", color_fmt);
   return fbo;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128, .depth_bits = 24, .stencil_bits = 8};
   scene_init(&s, &cfg, argc, argv);
   struct scene_rects r;
   scene_rects_init(&r, 32, 32);

   /* the source pattern */
   GLuint rb[2];
   GLuint src = make_fbo(GL_RGBA8, GL_DEPTH24_STENCIL8, 32, 32, rb);
   GL(glViewport(0, 0, 32, 32));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClearDepthf(1.0f));
   GL(glClearStencil(0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   const float q[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}};
   for (int i = 0; i < 4; i++)
      scene_rects_draw(&r, (float)(i % 2) * 16, (float)(i / 2) * 16, (float)(i % 2) * 16 + 16, (float)(i / 2) * 16 + 16,
                       0, q[i]);
   const float white[4] = {1, 1, 1, 1};
   scene_rects_draw(&r, 4, 4, 8, 8, 0, white); /* marks the bottom-left corner */
   /* depth 0.25 (z = -0.5) and stencil 1 in the left half of the source */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_ALWAYS));
   GL(glEnable(GL_STENCIL_TEST));
   GL(glStencilFunc(GL_ALWAYS, 1, 0xff));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
   GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
   scene_rects_draw(&r, 0, 0, 16, 32, -0.5f, white);
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   GL(glDisable(GL_STENCIL_TEST));
   GL(glDisable(GL_DEPTH_TEST));

   /* ---- colour blits to the window ---- */
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, src));
   GL(glViewport(0, 0, 128, 128));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   GL(glBlitFramebuffer(0, 0, 32, 32, 0, 96, 32, 128, GL_COLOR_BUFFER_BIT, GL_NEAREST));        /* 1:1 */
   GL(glBlitFramebuffer(0, 0, 32, 32, 32, 96, 0, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST));         /* mirrored x and y */
   GL(glBlitFramebuffer(0, 0, 16, 16, 40, 96, 72, 128, GL_COLOR_BUFFER_BIT, GL_NEAREST));       /* 2x */
   GL(glBlitFramebuffer(0, 0, 16, 16, 80, 96, 112, 128, GL_COLOR_BUFFER_BIT, GL_LINEAR));       /* 2x LINEAR */
   GL(glBlitFramebuffer(-16, -16, 16, 16, 40, 56, 72, 88, GL_COLOR_BUFFER_BIT, GL_NEAREST));    /* half outside */
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(88, 64, 16, 16));
   GL(glBlitFramebuffer(0, 0, 32, 32, 80, 56, 112, 88, GL_COLOR_BUFFER_BIT, GL_NEAREST));       /* scissored */
   GL(glDisable(GL_SCISSOR_TEST));

   /* ---- depth and stencil into the window's, bottom band ---- */
   GL(glBlitFramebuffer(0, 0, 32, 32, 0, 0, 32, 32, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   struct scene_rects rw;
   scene_rects_init(&rw, 128, 128);
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   const float green[4] = {0, 1, 0, 1}, red[4] = {1, 0, 0, 1};
   scene_rects_draw(&rw, 0, 0, 32, 14, 0.0f, green); /* depth 0.5: hidden where the blit wrote 0.25 */
   GL(glDisable(GL_DEPTH_TEST));
   GL(glEnable(GL_STENCIL_TEST));
   GL(glStencilFunc(GL_EQUAL, 1, 0xff));
   scene_rects_draw(&rw, 0, 18, 32, 32, 0.0f, red); /* where the blit wrote stencil 1 */
   GL(glDisable(GL_STENCIL_TEST));

   /* ---- integer to integer, read back ---- */
   GLuint rbi[2], rbj[2];
   GLuint fi = make_fbo(GL_RGBA8UI, 0, 8, 8, rbi);
   const GLuint v[4] = {7, 77, 177, 255};
   GL(glClearBufferuiv(GL_COLOR, 0, v));
   GLuint fj = make_fbo(GL_RGBA8UI, 0, 8, 8, rbj);
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fi));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fj));
   GL(glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_LINEAR));
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fj));
   GLuint px[4] = {0};
   GL(glReadPixels(3, 3, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px));
   SCENE_CHECK(!memcmp(px, v, sizeof(px)), "integer blit: %u %u %u %u", px[0], px[1], px[2], px[3]);

   /* ---- errors ---- */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fi));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, src));
   GL_EXPECT(GL_INVALID_VALUE, glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, 0x8000, GL_NEAREST));
   GL_EXPECT(GL_INVALID_ENUM, glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_LINEAR_MIPMAP_LINEAR));
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_DEPTH_BUFFER_BIT, GL_LINEAR));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, src));
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 8, 8, 16, 16, 24, 24, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GLuint empty;
   GL(glGenFramebuffers(1, &empty));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, empty));
   GL_EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION,
             glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   scene_rects_fini(&r);
   scene_rects_fini(&rw);
   return scene_finish(&s);
}
