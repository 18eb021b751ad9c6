/*
 * gl33_blit_multisample — OpenGL 3.3 core (section 4.3.2) allows glBlitFramebuffer from a
 * single-sampled into a multisampled framebuffer: every sample of a written pixel takes the
 * source's value. A 32x32 RGBA8 pattern is blitted into a 4-sample 64x64 RGBA8 renderbuffer
 * 1:1, moved, mirrored, with LINEAR (equal sizes: the rectangles must not scale, which is
 * INVALID_OPERATION), partly outside the source and under a scissor rectangle; a triangle
 * edge drawn afterwards mixes samples; the result is resolved into the window. An
 * SRGB8_ALPHA8 4x renderbuffer is resolved with FRAMEBUFFER_SRGB disabled.
 * MAX_MISMATCH 64: llvmpipe's own blits into a multisampled framebuffer also cover some
 * samples of the pixel row / column just left of or below a destination rectangle (half
 * covered pixels outside it); Magma's covers exactly the rectangle. Interiors are exact.
 */
#include "scene_common.h"

static GLuint
make_fbo(GLenum fmt, int samples, int w, int h, GLuint *rb)
{
   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glGenRenderbuffers(1, rb));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, *rb));
   GL(glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, fmt, w, h));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo incomplete");
   return fbo;
}

static void
blit(GLuint from, GLuint to, int sx0, int sy0, int sx1, int sy1, int dx0, int dy0, int dx1, int dy1, GLenum filter)
{
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, from));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to));
   GL(glBlitFramebuffer(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, GL_COLOR_BUFFER_BIT, filter));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 64, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   struct scene_rects r;
   scene_rects_init(&r, 32, 32);
   GLuint rb[2];
   GLuint src = make_fbo(GL_RGBA8, 0, 32, 32, &rb[0]);
   GL(glViewport(0, 0, 32, 32));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   const float q[4][4] = {{1, 0.2f, 0.2f, 1}, {0.2f, 1, 0.2f, 1}, {0.2f, 0.2f, 1, 1}, {1, 1, 0.2f, 1}};
   for (int i = 0; i < 4; i++)
      scene_rects_draw(&r, (float)(i % 2) * 16, (float)(i / 2) * 16, (float)(i % 2) * 16 + 16, (float)(i / 2) * 16 + 16,
                       0, q[i]);
   const float white[4] = {1, 1, 1, 1};
   scene_rects_draw(&r, 4, 4, 8, 8, 0, white);

   GLuint ms = make_fbo(GL_RGBA8, 4, 64, 64, &rb[1]);
   GLint samples = 0;
   GL(glGetIntegerv(GL_SAMPLES, &samples));
   SCENE_CHECK(samples == 4, "SAMPLES %d", samples);
   GL(glClearColor(0.3f, 0.3f, 0.3f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   blit(src, ms, 0, 0, 32, 32, 0, 0, 32, 32, GL_NEAREST);     /* 1:1 */
   blit(src, ms, 8, 8, 24, 24, 40, 8, 56, 24, GL_NEAREST);    /* moved */
   blit(src, ms, 0, 16, 32, 32, 16, 40, 48, 56, GL_LINEAR);   /* LINEAR, equal size */
   blit(src, ms, -8, -8, 24, 24, 0, 32, 32, 64, GL_NEAREST);  /* partly outside the source */
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(36, 28, 24, 10));
   blit(src, ms, 0, 0, 32, 32, 32, 16, 64, 48, GL_NEAREST);   /* scissored */
   GL(glDisable(GL_SCISSOR_TEST));
   /* GL 3.3 4.3.2: scaled or mirrored rectangles with a multisampled framebuffer */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, src));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms));
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 16, 16, 0, 0, 32, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   /* mirrored, equal sizes */
   GL(glBlitFramebuffer(16, 0, 32, 16, 16, 64, 0, 48, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   /* a multisampled source into a single-sampled window is the resolve (samples equal) */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, ms));
   GL(glViewport(0, 0, 64, 64));
   GL(glUseProgram(r.prog));
   GL(glUniform2f(r.u_half, 32.0f, 32.0f));
   const float tri[8] = {2, 40, 30, 46, 2, 60, 30, 62};
   const float half[4] = {0.9f, 0.5f, 0.1f, 1};
   scene_rects_draw_strip(&r, tri, 0, half);
   blit(ms, 0, 0, 0, 64, 64, 0, 0, 64, 64, GL_NEAREST);
   /* an SRGB8_ALPHA8 4x renderbuffer resolved with FRAMEBUFFER_SRGB disabled (the default):
    * whole-pixel rectangles, so every sample of a pixel agrees, then shown raw */
   GLuint srb[2], sms = make_fbo(GL_SRGB8_ALPHA8, 4, 16, 16, &srb[0]);
   GL(glClearColor(0.5f, 0.25f, 0.75f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glUseProgram(r.prog));
   GL(glUniform2f(r.u_half, 8.0f, 8.0f));
   GL(glViewport(0, 0, 16, 16));
   scene_rects_draw(&r, 4, 4, 12, 12, 0, half);
   GLuint sss = make_fbo(GL_SRGB8_ALPHA8, 0, 16, 16, &srb[1]);
   blit(sms, sss, 0, 0, 16, 16, 0, 0, 16, 16, GL_NEAREST);
   blit(sss, 0, 0, 0, 16, 16, 48, 48, 64, 64, GL_NEAREST);
   GL(glDeleteFramebuffers(1, &sms));
   GL(glDeleteFramebuffers(1, &sss));
   GL(glDeleteRenderbuffers(2, srb));
   scene_swap(&s);
   GL(glDeleteFramebuffers(1, &src));
   GL(glDeleteFramebuffers(1, &ms));
   GL(glDeleteRenderbuffers(2, rb));
   scene_rects_fini(&r);
   return scene_finish(&s);
}
