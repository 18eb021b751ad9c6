/*
 * es3_rtt — OpenGL ES 3.0 framebuffer objects.
 *   FBO A: 64x64 RGBA8 texture (colour) + DEPTH24_STENCIL8 renderbuffer; a depth- and
 *          stencil-tested picture is rendered into it, then the texture is sampled on the
 *          default framebuffer 1:1 with NEAREST (exact), and after GenerateMipmap on the
 *          GPU-written texture, minified 2x with LINEAR_MIPMAP_LINEAR (tolerance 3: box filter
 *          rounding of the generated level).
 *   FBO B: 48x40 RGBA8 renderbuffer + DEPTH_COMPONENT16 renderbuffer; rendered, read back
 *          with glReadPixels from the FBO (values checked in the scene), re-uploaded with
 *          TexSubImage2D and drawn.
 *   Incomplete cases: no attachments (INCOMPLETE_MISSING_ATTACHMENT), a texture level with no
 *   image and a depth format on the colour attachment (INCOMPLETE_ATTACHMENT); drawing and
 *   clearing an incomplete framebuffer is INVALID_FRAMEBUFFER_OPERATION.
 */
#include "scene_common.h"

#include <string.h>

static const char *tex_vs =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec2 a_uv;\n"
   "uniform vec2 u_half;\n"
   "out vec2 v_uv;\n"
   "void main() { gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0); v_uv = a_uv; }\n";
static const char *tex_fs =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = texture(u_tex, v_uv); }\n";

static void
draw_textured(GLuint vbo, float x0, float y0, float x1, float y1)
{
   const GLfloat v[] = {x0, y0, 0, 0, x1, y0, 1, 0, x0, y1, 0, 1, x1, y1, 1, 1};
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static GLenum
status(void)
{
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glCheckFramebufferStatus");
   return st;
}

static void
picture(struct scene_rects *r, int w, int h)
{
   /* Clear, then three overlapping quads at different depths (LESS), and a stencil cut-out:
    * a 10x10 hole where stencil == 1 is not drawn by the last quad. */
   GL(glClearColor(0.15f, 0.1f, 0.3f, 1.0f));
   GL(glClearDepthf(1.0f));
   GL(glClearStencil(0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   scene_rects_draw(r, 4, 4, 40, 40, 0.5f, (const float[4]){0.9f, 0.1f, 0.1f, 1});
   scene_rects_draw(r, 24, 20, 60, 56, -0.5f, (const float[4]){0.1f, 0.9f, 0.1f, 1});
   GL(glEnable(GL_STENCIL_TEST));
   GL(glStencilFunc(GL_ALWAYS, 1, 0xFF));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
   GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
   GL(glDepthMask(GL_FALSE));
   scene_rects_draw(r, 12, 30, 22, 40, -0.9f, (const float[4]){0, 0, 0, 1});
   GL(glDepthMask(GL_TRUE));
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   GL(glStencilFunc(GL_NOTEQUAL, 1, 0xFF));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP));
   scene_rects_draw(r, 8, 12, 48, 44, 0.0f, (const float[4]){0.2f, 0.4f, 1.0f, 1});
   GL(glDisable(GL_STENCIL_TEST));
   GL(glDisable(GL_DEPTH_TEST));
   /* A white frame on the border rows/columns to check orientation and edges. */
   scene_rects_draw(r, 0, 0, (float)w, 1, 0.0f, (const float[4]){1, 1, 1, 1});
   scene_rects_draw(r, 0, (float)h - 1, 3, (float)h, 0.0f, (const float[4]){1, 1, 0, 1});
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);

   GLuint fbo[3], rb[3], tex[3];
   GL(glGenFramebuffers(3, fbo));
   GL(glGenRenderbuffers(3, rb));
   GL(glGenTextures(3, tex));
   SCENE_CHECK(!glIsFramebuffer(fbo[0]) && !glIsRenderbuffer(rb[0]), "names are objects early");

   /* ---- incomplete cases ---- */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[2]));
   SCENE_CHECK(glIsFramebuffer(fbo[2]), "glIsFramebuffer false after bind");
   SCENE_CHECK(status() == GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT,
               "an FBO without attachments is not INCOMPLETE_MISSING_ATTACHMENT");
   GL_EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION, glClear(GL_COLOR_BUFFER_BIT));
   GL(glBindTexture(GL_TEXTURE_2D, tex[2])); /* no image at level 0 */
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[2], 0));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
               "a texture without an image is not INCOMPLETE_ATTACHMENT");
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[2]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 16, 16));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2]));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
               "a depth renderbuffer as colour is not INCOMPLETE_ATTACHMENT");
   GL_EXPECT(GL_INVALID_ENUM, glCheckFramebufferStatus(0x7777));
   GL_EXPECT(GL_INVALID_ENUM, glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB, 16, 16));
   GL_EXPECT(GL_INVALID_VALUE, glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 16));

   struct scene_rects rects;
   scene_rects_init(&rects, 64, 64);
   GL_EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION, glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));

   /* ---- FBO A: texture + DEPTH24_STENCIL8 ---- */
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[0]));
   SCENE_CHECK(glIsRenderbuffer(rb[0]), "glIsRenderbuffer false after bind");
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 64, 64));
   GLint v = 0;
   GL(glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v));
   SCENE_CHECK(v == 64, "RENDERBUFFER_WIDTH %d", v);
   GL(glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v));
   SCENE_CHECK(v == 8, "RENDERBUFFER_STENCIL_SIZE %d", v);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                rb[0]));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_COMPLETE, "FBO A incomplete");
   GL(glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                            GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v));
   SCENE_CHECK((GLuint)v == rb[0], "DEPTH_STENCIL_ATTACHMENT did not set the stencil one");
   GL(glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                            GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v));
   SCENE_CHECK(v == GL_TEXTURE, "COLOR_ATTACHMENT0 type 0x%x", v);
   GL(glViewport(0, 0, 64, 64));
   picture(&rects, 64, 64);
   GL(glGetIntegerv(GL_FRAMEBUFFER_BINDING, &v));
   SCENE_CHECK((GLuint)v == fbo[0], "FRAMEBUFFER_BINDING %d", v);

   /* ---- FBO B: RGBA8 + DEPTH_COMPONENT16 renderbuffers, read back ---- */
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[1]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 48, 40));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[2]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 48, 40));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[2]));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_COMPLETE, "FBO B incomplete");
   GL(glViewport(0, 0, 48, 40));
   GL(glUseProgram(rects.prog));
   GL(glUniform2f(rects.u_half, 24.0f, 20.0f));
   GL(glClearColor(1.0f, 1.0f, 1.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
   GL(glEnable(GL_DEPTH_TEST));
   scene_rects_draw(&rects, 0, 0, 24, 20, -0.25f, (const float[4]){1, 0, 0, 1});
   scene_rects_draw(&rects, 12, 10, 36, 30, 0.25f, (const float[4]){0, 0, 1, 1});
   scene_rects_draw(&rects, 30, 24, 48, 40, 0.0f, (const float[4]){0, 1, 0, 1});
   GL(glDisable(GL_DEPTH_TEST));
   uint8_t px[48 * 40 * 4];
   memset(px, 0, sizeof(px));
   GL(glReadPixels(0, 0, 48, 40, GL_RGBA, GL_UNSIGNED_BYTE, px));
   static const struct {
      int x, y;
      uint8_t rgba[4];
   } probes[] = {{1, 1, {255, 0, 0, 255}},    {20, 15, {255, 0, 0, 255}},
                 {30, 15, {0, 0, 255, 255}},  {32, 26, {0, 255, 0, 255}},
                 {40, 35, {0, 255, 0, 255}},  {2, 38, {255, 255, 255, 255}}};
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(probes); i++) {
      const uint8_t *p = px + (probes[i].y * 48 + probes[i].x) * 4;
      SCENE_CHECK(memcmp(p, probes[i].rgba, 4) == 0,
                  "FBO B pixel (%d,%d) = %u,%u,%u,%u", probes[i].x, probes[i].y, p[0], p[1], p[2],
                  p[3]);
   }

   /* ---- back to the default framebuffer ---- */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, s.width, s.height));
   GL(glClearColor(0.3f, 0.3f, 0.3f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLuint prog = scene_program(tex_vs, tex_fs, NULL);
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
   GL(glUniform1i(scene_uniform(prog, "u_tex"), 0));
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat), (void *)0));
   GL(glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat),
                            (void *)(2 * sizeof(GLfloat))));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   GL(glActiveTexture(GL_TEXTURE0));

   /* FBO A's texture 1:1, NEAREST. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   draw_textured(vbo, 0, 64, 64, 128);
   /* Mipmaps generated from the rendered texture, minified 2x (lod 1) trilinear. */
   GL(glGenerateMipmap(GL_TEXTURE_2D));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
   draw_textured(vbo, 72, 88, 104, 120);
   /* FBO B's pixels, through client memory, into a texture, 1:1. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 48, 40, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 48, 40, GL_RGBA, GL_UNSIGNED_BYTE, px));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   draw_textured(vbo, 8, 8, 56, 48);
   /* And the texture still attached to FBO A, sampled after it was rendered once more. */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]));
   GL(glViewport(0, 0, 64, 64));
   GL(glUseProgram(rects.prog));
   GL(glUniform2f(rects.u_half, 32.0f, 32.0f));
   scene_rects_draw(&rects, 32, 0, 64, 32, 0.0f, (const float[4]){1.0f, 0.5f, 0.0f, 1});
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, s.width, s.height));
   GL(glUseProgram(prog));
   GL(glBindVertexArray(vao));
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   draw_textured(vbo, 64, 0, 128, 64);
   scene_swap(&s);

   GL(glDeleteFramebuffers(3, fbo));
   SCENE_CHECK(!glIsFramebuffer(fbo[0]), "FBO alive after delete");
   GL(glDeleteRenderbuffers(3, rb));
   SCENE_CHECK(!glIsRenderbuffer(rb[1]), "renderbuffer alive after delete");
   GL(glDeleteTextures(3, tex));
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   scene_rects_fini(&rects);
   return scene_finish(&s);
}
