/*
 * es3_msaa — multisampled renderbuffers resolved with glBlitFramebuffer:
 *   - a 4-sample RGBA8 + D24S8 framebuffer object: slanted, overlapping, depth-tested quads
 *     (edges between sample positions, so edge pixels get partial coverage), resolved 1:1
 *     into the window (top left);
 *   - SAMPLE_ALPHA_TO_COVERAGE with alpha 0.25 / 0.5 / 0.75 / 1 (top right);
 *   - SAMPLE_COVERAGE 0.25 / 0.5 / 0.75, plain and inverted, over a red background (bottom
 *     left);
 *   - a depth resolve into the window's depth buffer, shown by a depth-tested quad, and a
 *     scissored colour resolve (bottom right);
 *   - RENDERBUFFER_SAMPLES / SAMPLES / GetInternalformativ agree, and the errors of ES 3.0
 *     sections 4.3.1, 4.3.3 and 3.8.5 for multisampled framebuffers.
 * Both drivers use the standard 4-sample locations (llvmpipe and lavapipe share the
 * rasterizer); a resolve averages four samples, so one unit of rounding is tolerated.
 */
#include <string.h>

#include "scene_common.h"

static GLuint
ms_fbo(GLsizei samples, int w, int h, GLuint rbs[2])
{
   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glGenRenderbuffers(2, rbs));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rbs[0]));
   GL(glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, w, h));
   GLint got = -1;
   GL(glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got));
   SCENE_CHECK(got >= samples, "RENDERBUFFER_SAMPLES %d < %d", got, samples);
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbs[0]));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rbs[1]));
   GL(glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, w, h));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rbs[1]));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "4x fbo incomplete");
   GLint s = -1, sb = -1;
   GL(glGetIntegerv(GL_SAMPLES, &s));
   GL(glGetIntegerv(GL_SAMPLE_BUFFERS, &sb));
   SCENE_CHECK(s == got && sb == 1, "SAMPLES %d SAMPLE_BUFFERS %d", s, sb);
   GL(glViewport(0, 0, w, h));
   GL(glClearColor(0.0f, 0.0f, 0.2f, 1.0f));
   GL(glClearDepthf(1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   return fbo;
}

static void
resolve_to_window(GLuint fbo, int x, int y)
{
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
   /* ES 3.0 4.3.3: a multisampled read framebuffer needs the same rectangle on both sides */
   GL(glBlitFramebuffer(x, y, x + 64, y + 64, x, y, x + 64, y + 64, GL_COLOR_BUFFER_BIT, GL_NEAREST));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128, .depth_bits = 24, .stencil_bits = 8};
   scene_init(&s, &cfg, argc, argv);
   GL(glDisable(GL_DITHER));
   GLint max_samples = 0, nsc = 0, counts[8] = {0};
   GL(glGetIntegerv(GL_MAX_SAMPLES, &max_samples));
   SCENE_CHECK(max_samples >= 4, "MAX_SAMPLES %d", max_samples);
   GL(glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &nsc));
   GL(glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 8, counts));
   SCENE_CHECK(nsc >= 1 && counts[0] >= max_samples, "RGBA8 sample counts: %d, largest %d", nsc, counts[0]);
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));

   /* The framebuffer objects span the window's size so that resolves keep their position. */
   struct scene_rects r;
   scene_rects_init(&r, 128, 128);
   GLuint rbs[2];
   GLuint fbo = ms_fbo(4, 128, 128, rbs);
   GL(glViewport(0, 0, 128, 128));

   /* ---- top left: slanted overlapping quads, depth-tested ---- */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   const float orange[4] = {1.0f, 0.5f, 0.0f, 1.0f}, cyan[4] = {0.0f, 0.8f, 0.9f, 1.0f};
   const float q1[8] = {3, 67, 50, 70, 9, 121, 58, 118};
   const float q2[8] = {20, 80, 61, 66, 30, 125, 62, 100};
   scene_rects_draw_strip(&r, q1, 0.2f, orange);
   scene_rects_draw_strip(&r, q2, 0.0f, cyan); /* behind orange where they overlap */
   GL(glDisable(GL_DEPTH_TEST));

   /* ---- top right: alpha to coverage ---- */
   GL(glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE));
   for (int i = 0; i < 4; i++) {
      const float c[4] = {1.0f, 1.0f, 1.0f, 0.25f * (float)(i + 1)};
      scene_rects_draw(&r, 64.0f + 16.0f * (float)i, 64, 80.0f + 16.0f * (float)i, 128, 0, c);
   }
   GL(glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE));

   /* ---- bottom left: sample coverage over red ---- */
   const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
   scene_rects_draw(&r, 0, 0, 64, 64, 0, red);
   GL(glEnable(GL_SAMPLE_COVERAGE));
   for (int i = 0; i < 3; i++) {
      GL(glSampleCoverage(0.25f * (float)(i + 1), GL_FALSE));
      scene_rects_draw(&r, 20.0f * (float)i, 32, 20.0f * (float)i + 20, 64, 0, green);
      GL(glSampleCoverage(0.25f * (float)(i + 1), GL_TRUE));
      scene_rects_draw(&r, 20.0f * (float)i, 0, 20.0f * (float)i + 20, 32, 0, green);
   }
   GLfloat cv = 0;
   GLboolean inv = GL_FALSE;
   GL(glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &cv));
   GL(glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &inv));
   SCENE_CHECK(cv == 0.75f && inv == GL_TRUE, "coverage state %g %d", cv, inv);
   GL(glDisable(GL_SAMPLE_COVERAGE));

   /* ---- bottom right: a slanted quad written to depth only (near), the rest far ---- */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_ALWAYS));
   GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
   const float q3[8] = {70, 3, 125, 20, 66, 50, 110, 61};
   scene_rects_draw_strip(&r, q3, -0.5f, red);
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   GL(glDisable(GL_DEPTH_TEST));
   const float yellow[4] = {1, 1, 0, 1};
   const float q4[8] = {67, 40, 120, 33, 73, 60, 126, 62};
   scene_rects_draw_strip(&r, q4, 0, yellow);

   /* ---- errors ---- */
   uint8_t px[4];
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px)); /* ES 3.0 4.3.1 */
   GLuint tex = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL_EXPECT(GL_INVALID_OPERATION, glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0)); /* 3.8.5 */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, 0));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo));
   GL_EXPECT(GL_INVALID_OPERATION,
             glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST)); /* into 4x */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
   GL_EXPECT(GL_INVALID_OPERATION,
             glBlitFramebuffer(0, 0, 8, 8, 1, 1, 9, 9, GL_COLOR_BUFFER_BIT, GL_NEAREST)); /* moved */
   GL_EXPECT(GL_INVALID_OPERATION,
             glBlitFramebuffer(0, 0, 8, 8, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST)); /* scaled */
   /* a single-sampled renderbuffer among 4-sample ones */
   GLuint ss;
   GL(glGenRenderbuffers(1, &ss));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, ss));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 128, 128));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, ss));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, "mixed samples");
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0));
   /* too many samples for the format */
   GL(glBindRenderbuffer(GL_RENDERBUFFER, ss));
   GL_EXPECT(GL_INVALID_OPERATION, glRenderbufferStorageMultisample(GL_RENDERBUFFER, counts[0] + 1, GL_RGBA8, 4, 4));

   /* ---- resolves ---- */
   resolve_to_window(fbo, 0, 64);
   resolve_to_window(fbo, 64, 64);
   resolve_to_window(fbo, 0, 0);
   /* the depth resolve (depth alone of D24S8: a scratch image on devices that resolve both
    * aspects or none): window depth takes the near quad, then a depth-tested blue quad */
   GL(glBlitFramebuffer(64, 0, 128, 64, 64, 0, 128, 64, GL_DEPTH_BUFFER_BIT, GL_NEAREST));
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(64, 0, 64, 40));
   GL(glBlitFramebuffer(64, 0, 128, 64, 64, 0, 128, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GL(glDisable(GL_SCISSOR_TEST));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   const float blue[4] = {0.2f, 0.3f, 1.0f, 1.0f};
   scene_rects_draw(&r, 64, 0, 128, 64, 0, blue); /* depth 0.5: hidden where the near quad is */
   GL(glDisable(GL_DEPTH_TEST));

   GL(glDeleteTextures(1, &tex));
   GL(glDeleteRenderbuffers(1, &ss));
   GL(glDeleteRenderbuffers(2, rbs));
   GL(glDeleteFramebuffers(1, &fbo));
   scene_rects_fini(&r);
   return scene_finish(&s);
}
