/*
 * es3_blit_fallback — glBlitFramebuffer into formats a Vulkan device may not vkCmdBlitImage
 * to (lavapipe: R11F_G11F_B10F destinations), which Magma draws instead:
 *   - a 32x32 RGBA16F pattern (quadrants of colours with values past 1.0, a dot) blitted
 *     into a 64x64 R11F_G11F_B10F renderbuffer 1:1, scaled 2x NEAREST, mirrored in x and y,
 *     scaled with LINEAR (magnified and minified), from a rectangle partly outside the
 *     source and under a scissor rectangle;
 *   - R11F_G11F_B10F into R11F_G11F_B10F (a second renderbuffer), RGBA8 into R11F_G11F_B10F;
 *   - the R11F_G11F_B10F result read back with glReadPixels(RGBA, FLOAT) and checked at
 *     probes, then blitted (a blit the device can do) into the window, scaled to [0, 1] by a
 *     draw that samples it.
 * EXT_color_buffer_float makes the float formats colour-renderable (both drivers list it).
 */
#include <math.h>
#include <string.h>

#include "scene_common.h"

static GLuint
make_fbo(GLenum fmt, int w, int h, GLuint *rb)
{
   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glGenRenderbuffers(1, rb));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, *rb));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, fmt, w, h));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo 0x%x incomplete", fmt);
   return fbo;
}

static void
blit(GLuint from, GLuint to, int sx0, int sy0, int sx1, int sy1, int dx0, int dy0, int dx1, int dy1, GLenum filter)
{
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, from));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to));
   GL(glBlitFramebuffer(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, GL_COLOR_BUFFER_BIT, filter));
}

static const char *show_vs =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "out vec2 v_uv;\n"
   "void main() { v_uv = a_pos; gl_Position = vec4(a_pos * 2.0 - 1.0, 0.0, 1.0); }\n";
static const char *show_fs =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = vec4(texture(u_tex, v_uv).rgb / 4.0, 1.0); }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   SCENE_CHECK(ext && strstr(ext, "GL_EXT_color_buffer_float"), "EXT_color_buffer_float is missing");
   struct scene_rects r;
   scene_rects_init(&r, 32, 32);

   /* the RGBA16F source pattern: values past 1.0 survive into R11F_G11F_B10F */
   GLuint rb[5];
   GLuint src = make_fbo(GL_RGBA16F, 32, 32, &rb[0]);
   GL(glViewport(0, 0, 32, 32));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   const float q[4][4] = {{3, 0.25f, 0.5f, 1}, {0.25f, 2, 0.75f, 1}, {0.5f, 0.5f, 3.5f, 1}, {1.5f, 1.5f, 0, 1}};
   for (int i = 0; i < 4; i++)
      scene_rects_draw(&r, (float)(i % 2) * 16, (float)(i / 2) * 16, (float)(i % 2) * 16 + 16, (float)(i / 2) * 16 + 16,
                       0, q[i]);
   const float white[4] = {4, 4, 4, 1};
   scene_rects_draw(&r, 4, 4, 8, 8, 0, white);
   GLuint src8 = make_fbo(GL_RGBA8, 32, 32, &rb[1]);
   GL(glClearColor(0.2f, 0.6f, 1.0f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   const float dot[4] = {1, 0, 0, 1};
   scene_rects_draw(&r, 10, 20, 14, 24, 0, dot);

   /* the R11F_G11F_B10F destination: 64x64 in four 32x32 cells plus a second one */
   GLuint dst = make_fbo(GL_R11F_G11F_B10F, 64, 64, &rb[2]);
   GL(glClearColor(0.125f, 0.125f, 0.125f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLuint dst2 = make_fbo(GL_R11F_G11F_B10F, 64, 64, &rb[3]);
   GL(glClearColor(0, 0, 0.25f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   blit(src, dst, 0, 0, 32, 32, 0, 0, 32, 32, GL_NEAREST);                /* 1:1 */
   blit(src, dst, 8, 8, 24, 24, 32, 0, 64, 32, GL_NEAREST);               /* 2x NEAREST */
   blit(src, dst, 0, 0, 32, 32, 32, 64, 0, 32, GL_NEAREST);               /* mirrored in x and y */
   blit(src, dst, 0, 0, 32, 32, 64, 32, 48, 48, GL_LINEAR);               /* mirrored in x, minified */
   blit(src, dst, 12, 12, 20, 20, 48, 48, 64, 64, GL_LINEAR);             /* 2x LINEAR */
   /* partly outside the source: only the inside is written */
   blit(src, dst2, -16, -8, 16, 24, 0, 0, 32, 32, GL_NEAREST);
   /* under a scissor rectangle */
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(36, 4, 20, 12));
   blit(src, dst2, 0, 0, 32, 32, 32, 0, 64, 32, GL_NEAREST);
   GL(glDisable(GL_SCISSOR_TEST));
   /* R11F_G11F_B10F into R11F_G11F_B10F; RGBA8 into R11F_G11F_B10F */
   blit(dst, dst2, 0, 0, 32, 32, 0, 32, 32, 64, GL_NEAREST);
   blit(src8, dst2, 0, 0, 32, 32, 32, 32, 64, 64, GL_LINEAR);

   /* read back: RGBA / FLOAT (EXT_color_buffer_float's pair) */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, dst));
   static float px[64 * 64 * 4];
   GL(glReadPixels(0, 0, 64, 64, GL_RGBA, GL_FLOAT, px));
   static const struct {
      int x, y;
      float r, g, b;
   } probes[] = {
      {2, 2, 3, 0.25f, 0.5f},   {20, 20, 1.5f, 1.5f, 0},  {5, 5, 4, 4, 4},        /* 1:1 */
      {34, 2, 3, 0.25f, 0.5f},  {60, 30, 1.5f, 1.5f, 0},  /* 2x of [8, 24) */
      {2, 62, 0.25f, 2, 0.75f}, {30, 34, 0.5f, 0.5f, 3.5f}, /* mirrored in x and y */
   };
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(probes); i++) {
      const float *p = px + (probes[i].y * 64 + probes[i].x) * 4;
      SCENE_CHECK(fabsf(p[0] - probes[i].r) < 0.05f && fabsf(p[1] - probes[i].g) < 0.05f &&
                     fabsf(p[2] - probes[i].b) < 0.05f,
                  "R11F_G11F_B10F (%d,%d) = %g %g %g", probes[i].x, probes[i].y, p[0], p[1], p[2]);
   }

   /* show both in the window: a draw sampling them (values / 4) */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, s.width, s.height));
   GL(glClearColor(0.3f, 0.0f, 0.3f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLuint prog = scene_program(show_vs, show_fs, NULL);
   GLuint tex[2];
   GL(glGenTextures(2, tex));
   for (int i = 0; i < 2; i++) {
      /* copy each renderbuffer into a texture with a blit */
      GLuint tfbo;
      GL(glBindTexture(GL_TEXTURE_2D, tex[i]));
      GL(glTexStorage2D(GL_TEXTURE_2D, 1, GL_R11F_G11F_B10F, 64, 64));
      GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
      GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
      GL(glGenFramebuffers(1, &tfbo));
      GL(glBindFramebuffer(GL_FRAMEBUFFER, tfbo));
      GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[i], 0));
      blit(i ? dst2 : dst, tfbo, 0, 0, 64, 64, 0, 0, 64, 64, GL_NEAREST);
      GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
      GL(glDeleteFramebuffers(1, &tfbo));
   }
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "u_tex"), 0));
   GL(glBindVertexArray(scene_unit_quad()));
   for (int i = 0; i < 2; i++) {
      GL(glViewport(i * 64, 0, 64, 64));
      GL(glBindTexture(GL_TEXTURE_2D, tex[i]));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   scene_swap(&s);
   GL(glDeleteTextures(2, tex));
   GL(glDeleteProgram(prog));
   GL(glDeleteFramebuffers(1, &src));
   GL(glDeleteFramebuffers(1, &src8));
   GL(glDeleteFramebuffers(1, &dst));
   GL(glDeleteFramebuffers(1, &dst2));
   GL(glDeleteRenderbuffers(4, rb));
   scene_rects_fini(&r);
   return scene_finish(&s);
}
