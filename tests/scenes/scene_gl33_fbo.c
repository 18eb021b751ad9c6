/*
 * gl33_fbo — OpenGL 3.3 core: render to texture with a DEPTH_COMPONENT16 renderbuffer, then to
 * an RGBA8 renderbuffer with a DEPTH24_STENCIL8 renderbuffer, on a 97x61 default framebuffer.
 *   Pass 1 (FBO A, 32x32 RGBA8 texture + DEPTH_COMPONENT16): a stencil-free depth picture of
 *          instanced squares (DrawElementsInstanced, UNSIGNED_INT indices, per-instance depth
 *          and colour with divisor 1).
 *   Pass 2 (FBO B, 40x24 RGBA8 renderbuffer + DEPTH24_STENCIL8): stencil-masked clear colour
 *          bands; read back with glReadPixels and checked in the scene.
 *   Final: FBO A's texture drawn 2x magnified with NEAREST (texel centres on pixel centres)
 *          and FBO B's pixels uploaded into a texture and drawn 1:1.
 * Also: an incomplete FBO (missing attachment), a buffer updated with BufferSubData after use,
 * IsBuffer/IsTexture/IsFramebuffer lifetimes, core-profile VAO requirement. Exact.
 */
#include "scene_common.h"

#include <string.h>

static const char *inst_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_corner;\n"
   "layout(location = 1) in vec3 a_inst;\n"  /* x, y (pixels), z (ndc) */
   "layout(location = 2) in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "uniform float u_size;\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   vec2 p = a_inst.xy + a_corner * u_size;\n"
   "   gl_Position = vec4(p / u_half - 1.0, a_inst.z, 1.0);\n"
   "   v_color = a_color;\n"
   "}\n";
static const char *inst_fs =
   "#version 330 core\n"
   "in vec4 v_color;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = v_color; }\n";
static const char *tex_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_corner;\n"
   "uniform vec4 u_rect;\n" /* x0, y0, x1, y1 in pixels */
   "uniform vec2 u_half;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   vec2 p = mix(u_rect.xy, u_rect.zw, a_corner);\n"
   "   gl_Position = vec4(p / u_half - 1.0, 0.0, 1.0);\n"
   "   v_uv = a_corner;\n"
   "}\n";
static const char *tex_fs =
   "#version 330 core\n"
   "uniform sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = texture(u_tex, v_uv); }\n";

static GLenum
status(void)
{
   GLenum st = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glCheckFramebufferStatus");
   return st;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 97, .height = 61};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);

   GLuint fbo[3], rb[3], tex[2], vao, buf[4];
   GL(glGenFramebuffers(3, fbo));
   GL(glGenRenderbuffers(3, rb));
   GL(glGenTextures(2, tex));
   GL(glGenVertexArrays(1, &vao));
   GL(glGenBuffers(4, buf));
   GL(glBindVertexArray(vao));

   /* Incomplete: an FBO with only a depth attachment and a colour attachment point whose
    * renderbuffer has no storage. */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[2]));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, "empty FBO status");
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[2]));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2]));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "zero-size attachment status");
   GL_EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION, glClear(GL_COLOR_BUFFER_BIT));

   /* ---- pass 1: FBO A ---- */
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[0]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 32, 32));
   GLint dsize = 0;
   GL(glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &dsize));
   SCENE_CHECK(dsize >= 16, "DEPTH_COMPONENT16 renderbuffer has %d depth bits", dsize);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[0]));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_COMPLETE, "FBO A incomplete");
   GL(glViewport(0, 0, 32, 32));
   scene_expect_viewport(0, 0, 32, 32);

   GLuint inst = scene_program(inst_vs, inst_fs, NULL);
   GL(glUseProgram(inst));
   GL(glUniform2f(scene_uniform(inst, "u_half"), 16.0f, 16.0f));
   GL(glUniform1f(scene_uniform(inst, "u_size"), 12.0f));
   static const GLfloat corners[8] = {0, 0, 1, 0, 0, 1, 1, 1};
   static const GLuint quad_idx[6] = {0, 1, 2, 2, 1, 3};
   /* Per instance: x, y, z, then colour. Later instances are nearer (smaller z) except #2. */
   GLfloat insts[5 * 3] = {2, 2, 0.8f, 8, 6, 0.4f, 13, 10, 0.9f, 18, 14, 0.0f, 6, 17, -0.5f};
   static const GLubyte icolors[5 * 4] = {255, 60, 60, 255, 60, 255, 60, 255, 60, 60, 255, 255,
                                          255, 255, 60, 255, 255, 60, 255, 255};
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[0]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(corners), corners, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[1]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(insts), insts, GL_DYNAMIC_DRAW));
   GL(glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glVertexAttribDivisor(1, 1));
   GL(glEnableVertexAttribArray(1));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[2]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(icolors), icolors, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, (void *)0));
   GL(glVertexAttribDivisor(2, 1));
   GL(glEnableVertexAttribArray(2));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[3]));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(quad_idx), quad_idx, GL_STATIC_DRAW));
   SCENE_CHECK(glIsBuffer(buf[3]), "element buffer is not a buffer");

   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClearDepth(1.0));
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
   GL(glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)0, 5));
   /* Move instance 2 in front and a bit right with BufferSubData after the draw that used the
    * old contents, and draw instances 0..2 again. */
   const GLfloat moved[3] = {22, 3, -0.9f};
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[1]));
   GL(glBufferSubData(GL_ARRAY_BUFFER, 2 * 3 * sizeof(GLfloat), sizeof(moved), moved));
   GL(glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)0, 3));
   GL(glDisable(GL_DEPTH_TEST));

   /* ---- pass 2: FBO B, RGBA8 + DEPTH24_STENCIL8 renderbuffers, stencil-masked clears ---- */
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[1]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 40, 24));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[2]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 40, 24));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                rb[2]));
   SCENE_CHECK(status() == GL_FRAMEBUFFER_COMPLETE, "FBO B incomplete");
   GL(glViewport(0, 0, 40, 24));
   GL(glClearColor(0.8f, 0.8f, 0.8f, 1.0f));
   GL(glClearStencil(0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
   /* Stencil 1 in a 20x12 block via a scissored stencil clear, a scissored colour clear of the
    * lower half, then (clears ignore the stencil test) a full quad under StencilFunc(EQUAL, 1). */
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(10, 6, 20, 12));
   GL(glClearStencil(1));
   GL(glClear(GL_STENCIL_BUFFER_BIT));
   GL(glScissor(0, 0, 40, 12));
   GL(glClearColor(0.2f, 0.4f, 1.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDisable(GL_SCISSOR_TEST));
   GL(glEnable(GL_STENCIL_TEST));
   GL(glStencilFunc(GL_EQUAL, 1, 0xFF));
   GL(glUniform2f(scene_uniform(inst, "u_half"), 20.0f, 12.0f));
   GL(glUniform1f(scene_uniform(inst, "u_size"), 40.0f));
   GL(glDisableVertexAttribArray(1));
   GL(glDisableVertexAttribArray(2));
   GL(glVertexAttrib3f(1, 0.0f, 0.0f, 0.0f));
   GL(glVertexAttrib4f(2, 1.0f, 0.6f, 0.0f, 1.0f));
   GL(glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)0));
   GL(glDisable(GL_STENCIL_TEST));
   uint8_t px[40 * 24 * 4];
   GL(glReadPixels(0, 0, 40, 24, GL_RGBA, GL_UNSIGNED_BYTE, px));
   static const struct {
      int x, y;
      uint8_t r, g, b;
   } probes[] = {{2, 2, 51, 102, 255}, {15, 8, 255, 153, 0}, {25, 15, 255, 153, 0},
                 {35, 20, 204, 204, 204}, {5, 20, 204, 204, 204}};
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(probes); i++) {
      const uint8_t *p = px + (probes[i].y * 40 + probes[i].x) * 4;
      SCENE_CHECK(p[0] == probes[i].r && p[1] == probes[i].g && p[2] == probes[i].b,
                  "FBO B (%d,%d) = %u,%u,%u", probes[i].x, probes[i].y, p[0], p[1], p[2]);
   }

   /* ---- final composite on the default framebuffer ---- */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, s.width, s.height));
   GL(glClearColor(0.25f, 0.2f, 0.3f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLuint texprog = scene_program(tex_vs, tex_fs, NULL);
   GL(glUseProgram(texprog));
   GL(glUniform2f(scene_uniform(texprog, "u_half"), 97.0f / 2.0f, 61.0f / 2.0f));
   GL(glUniform1i(scene_uniform(texprog, "u_tex"), 1));
   GLint u_rect = scene_uniform(texprog, "u_rect");
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glUniform4f(u_rect, 2.0f, 2.0f, 66.0f, 66.0f)); /* 2x: texel centres on pixel pairs */
   GL(glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 40, 24, 0, GL_RGBA, GL_UNSIGNED_BYTE, px));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glUniform4f(u_rect, 54.0f, 34.0f, 94.0f, 58.0f));
   GL(glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)0));
   GL(glActiveTexture(GL_TEXTURE0));
   scene_swap(&s);

   GL(glDeleteFramebuffers(3, fbo));
   SCENE_CHECK(!glIsFramebuffer(fbo[1]), "FBO alive after delete");
   GL(glDeleteRenderbuffers(3, rb));
   GL(glDeleteTextures(2, tex));
   SCENE_CHECK(!glIsTexture(tex[0]), "texture alive after delete");
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(4, buf));
   SCENE_CHECK(!glIsBuffer(buf[0]), "buffer alive after delete");
   GL(glDeleteProgram(inst));
   GL(glDeleteProgram(texprog));
   return scene_finish(&s);
}
