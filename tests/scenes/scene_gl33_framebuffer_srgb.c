/*
 * gl33_framebuffer_srgb — OpenGL 3.3 core's FRAMEBUFFER_SRGB (section 4.1.8) on an
 * SRGB8_ALPHA8 texture attachment:
 *   - disabled (the initial state): clears, draws and blending write the values as they are;
 *   - enabled: they are encoded linear -> sRGB, and blending decodes the destination first;
 *   - glBlitFramebuffer: disabled, no conversion either way (sRGB -> RGBA8 and RGBA8 -> sRGB
 *     copy the stored values); enabled, the source is decoded and an sRGB destination
 *     encoded; scaled with NEAREST and LINEAR;
 *   - queries: IsEnabled / GetBooleanv, FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING (SRGB for the
 *     texture, LINEAR for the pbuffer's default framebuffer, whose configs have no sRGB).
 * The window shows the stored bytes (a raw blit) and the decoded values (a draw sampling the
 * texture). Exact but for the LINEAR blits: magnified edges differ by up to 2 (Mesa maps the
 * source through interpolated vertex coordinates, Magma per pixel centre; tolerance 2).
 */
#include <string.h>

#include "scene_common.h"

static void
blit(GLuint from, GLuint to, int sx0, int sy0, int sx1, int sy1, int dx0, int dy0, int dx1, int dy1, GLenum filter)
{
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, from));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to));
   GL(glBlitFramebuffer(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, GL_COLOR_BUFFER_BIT, filter));
}

static GLuint
tex_fbo(GLenum ifmt, GLuint *tex)
{
   GLuint fbo;
   *tex = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, ifmt, 32, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo 0x%x incomplete", ifmt);
   return fbo;
}

/* Four cells of 8x16: a clear, a draw, a draw blended onto a draw, a gradient of draws. */
static void
paint(struct scene_rects *r, int x0)
{
   const float grey[4] = {0.5f, 0.5f, 0.5f, 1}, q[4] = {0.25f, 0.25f, 0.25f, 1}, c[4] = {0.8f, 0.1f, 0.04f, 1};
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(x0, 0, 8, 16));
   GL(glClearColor(grey[0], grey[1], grey[2], 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDisable(GL_SCISSOR_TEST));
   scene_rects_draw(r, (float)x0 + 8, 0, (float)x0 + 16, 16, 0, c);
   scene_rects_draw(r, (float)x0 + 16, 0, (float)x0 + 24, 16, 0, q);
   GL(glEnable(GL_BLEND));
   GL(glBlendFunc(GL_ONE, GL_ONE));
   scene_rects_draw(r, (float)x0 + 16, 0, (float)x0 + 24, 16, 0, q);
   GL(glDisable(GL_BLEND));
   for (int i = 0; i < 8; i++) {
      const float g[4] = {(float)i / 7.0f, 0.5f * (float)i / 7.0f, 1.0f - (float)i / 7.0f, 1};
      scene_rects_draw(r, (float)(x0 + 24 + i), 0, (float)(x0 + 25 + i), 16, 0, g);
   }
}

static const char *show_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "out vec2 v_uv;\n"
   "void main() { v_uv = a_pos; gl_Position = vec4(a_pos * 2.0 - 1.0, 0.0, 1.0); }\n";
static const char *show_fs =
   "#version 330 core\n"
   "uniform sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = texture(u_tex, v_uv); }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 96, .height = 96};
   scene_init(&s, &cfg, argc, argv);

   GLboolean b = GL_TRUE;
   SCENE_CHECK(!glIsEnabled(GL_FRAMEBUFFER_SRGB), "FRAMEBUFFER_SRGB is enabled initially");
   GL(glGetBooleanv(GL_FRAMEBUFFER_SRGB, &b));
   SCENE_CHECK(b == GL_FALSE, "GetBooleanv(FRAMEBUFFER_SRGB) = %d", b);
   /* (the window's own COLOR_ENCODING is not compared: llvmpipe's pbuffers are sRGB-capable,
    * splitgl's are LINEAR; every picture is composed in an RGBA8 framebuffer object and only
    * copied to the window with FRAMEBUFFER_SRGB disabled) */
   GLint enc = 0;

   struct scene_rects r;
   scene_rects_init(&r, 32, 16);
   GLuint stex, ltex, stex2;
   GLuint sfbo = tex_fbo(GL_SRGB8_ALPHA8, &stex);
   GL(glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                            GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc));
   SCENE_CHECK(enc == GL_SRGB, "SRGB8_ALPHA8's encoding 0x%x", enc);
   GL(glViewport(0, 0, 32, 16));
   /* rows of the texture: the same 32x16 picture drawn disabled, then (below) enabled */
   paint(&r, 0);
   GLuint sfbo2 = tex_fbo(GL_SRGB8_ALPHA8, &stex2);
   GL(glEnable(GL_FRAMEBUFFER_SRGB));
   SCENE_CHECK(glIsEnabled(GL_FRAMEBUFFER_SRGB), "FRAMEBUFFER_SRGB not enabled");
   paint(&r, 0);
   GL(glDisable(GL_FRAMEBUFFER_SRGB));
   GLuint lfbo = tex_fbo(GL_RGBA8, &ltex);
   paint(&r, 0);

   GLuint win, wrb;
   GL(glGenRenderbuffers(1, &wrb));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, wrb));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 96, 96));
   GL(glGenFramebuffers(1, &win));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, win));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, wrb));
   GL(glViewport(0, 0, s.width, s.height));
   GL(glClearColor(0.1f, 0.3f, 0.2f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   /* disabled: stored bytes, unconverted (row 0: painted disabled, row 1: enabled) */
   blit(sfbo, win, 0, 0, 32, 16, 0, 0, 32, 16, GL_NEAREST);
   blit(sfbo2, win, 0, 0, 32, 16, 0, 16, 32, 32, GL_NEAREST);
   /* enabled: the sRGB sources decoded into the linear window, scaled */
   GL(glEnable(GL_FRAMEBUFFER_SRGB));
   blit(sfbo, win, 0, 0, 32, 16, 32, 0, 64, 32, GL_NEAREST);
   blit(sfbo2, win, 0, 0, 32, 16, 64, 0, 96, 32, GL_LINEAR);
   /* enabled: RGBA8 into sRGB (encoded), then shown raw */
   blit(lfbo, sfbo, 0, 0, 32, 16, 0, 0, 32, 16, GL_NEAREST);
   GL(glDisable(GL_FRAMEBUFFER_SRGB));
   blit(sfbo, win, 0, 0, 32, 16, 0, 32, 32, 48, GL_NEAREST);
   /* disabled: RGBA8 into sRGB (copied), shown raw; sRGB into sRGB scaled LINEAR, raw */
   blit(lfbo, sfbo, 0, 0, 32, 16, 0, 0, 32, 16, GL_NEAREST);
   blit(sfbo, win, 0, 0, 32, 16, 32, 32, 64, 48, GL_NEAREST);
   blit(sfbo2, sfbo, 4, 0, 20, 16, 0, 0, 32, 16, GL_LINEAR);
   blit(sfbo, win, 0, 0, 32, 16, 64, 32, 96, 48, GL_NEAREST);
   /* the decoded values: a draw sampling each sRGB texture (sampling always decodes) */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, win));
   GLuint prog = scene_program(show_vs, show_fs, NULL);
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "u_tex"), 0));
   GL(glBindVertexArray(scene_unit_quad()));
   GL(glActiveTexture(GL_TEXTURE0));
   const GLuint texs[3] = {stex, stex2, ltex};
   for (int i = 0; i < 3; i++) {
      GL(glViewport(i * 32, 48, 32, 16));
      GL(glBindTexture(GL_TEXTURE_2D, texs[i]));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* a draw with FRAMEBUFFER_SRGB enabled into a linear (RGBA8) attachment: unconverted */
   GL(glEnable(GL_FRAMEBUFFER_SRGB));
   GL(glUseProgram(r.prog));
   GL(glUniform2f(r.u_half, 48.0f, 16.0f));
   GL(glViewport(0, 64, 96, 32));
   const float q[4] = {0.25f, 0.5f, 0.75f, 1};
   scene_rects_draw(&r, 8, 8, 40, 24, 0, q);
   GL(glDisable(GL_FRAMEBUFFER_SRGB));
   blit(win, 0, 0, 0, 96, 96, 0, 0, 96, 96, GL_NEAREST);
   scene_swap(&s);
   GL(glDeleteFramebuffers(1, &win));
   GL(glDeleteRenderbuffers(1, &wrb));

   GL(glDeleteProgram(prog));
   GLuint fbos[3] = {sfbo, sfbo2, lfbo};
   GL(glDeleteFramebuffers(3, fbos));
   GL(glDeleteTextures(3, texs));
   scene_rects_fini(&r);
   return scene_finish(&s);
}
