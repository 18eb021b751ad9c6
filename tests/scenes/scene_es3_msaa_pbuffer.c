/*
 * es3_msaa_pbuffer — a 4-sample EGL config (EGL_SAMPLES 4, EGL_SAMPLE_BUFFERS 1, D24S8): the
 * default framebuffer is multisampled (SAMPLES 4) and reads resolve it. Depth-tested
 * rectangles straight into the window; a mid-frame glReadPixels of a corner (the resolved
 * image) is drawn back; glCopyTexImage2D from the default framebuffer works (ES 3.0 3.8.5
 * forbids it only for multisampled framebuffer objects) and is drawn back; a blit into the
 * multisampled window is INVALID_OPERATION; the final image is read after eglSwapBuffers.
 * Geometry stays on whole pixels: Mesa 22.3's llvmpipe reports SAMPLES 4 for its 4-sample
 * pbuffer configs but renders them single-sampled (no partial coverage, alpha to coverage
 * without effect), so partial coverage is compared in es3_msaa (framebuffer objects) only.
 */
#include <stdio.h>
#include <string.h>

#include "scene_common.h"

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 96, .height = 96, .depth_bits = 24, .stencil_bits = 8,
                                    .samples = 4};
   scene_init(&s, &cfg, argc, argv);
   GL(glDisable(GL_DITHER));
   GLint samples = -1, sb = -1;
   GL(glGetIntegerv(GL_SAMPLES, &samples));
   GL(glGetIntegerv(GL_SAMPLE_BUFFERS, &sb));
   SCENE_CHECK(samples == 4 && sb == 1, "default framebuffer SAMPLES %d SAMPLE_BUFFERS %d", samples, sb);

   struct scene_rects r;
   scene_rects_init(&r, 96, 96);
   GL(glClearColor(0.05f, 0.05f, 0.15f, 1.0f));
   GL(glClearDepthf(1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   GL(glEnable(GL_DEPTH_TEST));
   const float orange[4] = {1.0f, 0.5f, 0.0f, 1.0f}, cyan[4] = {0.0f, 0.8f, 0.9f, 1.0f};
   scene_rects_draw(&r, 5, 40, 60, 90, 0.1f, orange);
   scene_rects_draw(&r, 30, 50, 91, 80, 0.0f, cyan);
   scene_rects_draw(&r, 44, 20, 70, 70, -0.2f, orange);
   GL(glDisable(GL_DEPTH_TEST));

   /* a mid-frame read of the resolved image (an orange / cyan edge), drawn back below */
   uint8_t px[8 * 8 * 4];
   GL(glReadPixels(40, 60, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px));
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
         const uint8_t *p = &px[(y * 8 + x) * 4];
         const float c[4] = {p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, 1.0f};
         scene_rects_draw(&r, (float)(x * 2), (float)(y * 2), (float)(x * 2 + 2), (float)(y * 2 + 2), 0, c);
      }
   /* glCopyTexImage2D from the multisampled default framebuffer, drawn as a quad */
   GLuint tex = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 20, 40, 16, 16, 0));
   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0));
   /* a single-sampled source into the multisampled window: ES 3.0 4.3.3 forbids it */
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 16, 16, 20, 0, 36, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   /* draw the copy back with a texturing quad: sample it through a framebuffer blit is not
    * allowed here, so draw it with a tiny program */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, 0));
   static const char *vs = "in vec2 p;\nout vec2 uv;\nvoid main() { uv = p; gl_Position = vec4(p * (1.0 / 3.0) - vec2(0.5, 1.0), 0.0, 1.0); }\n";
   static const char *fs = "uniform sampler2D t;\nin vec2 uv;\nout vec4 o;\nvoid main() { o = texture(t, uv); }\n";
   char vsrc[512], fsrc[512];
   snprintf(vsrc, sizeof(vsrc), "%s%s", scene_glsl_header(), vs);
   snprintf(fsrc, sizeof(fsrc), "%s%s", scene_glsl_header(), fs);
   const char *attribs[] = {"p", NULL};
   GLuint prog = scene_program(vsrc, fsrc, attribs);
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "t"), 0));
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   scene_unit_quad();
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));

   scene_swap(&s);
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteTextures(1, &tex));
   GL(glDeleteProgram(prog));
   scene_rects_fini(&r);
   return scene_finish(&s);
}
