/*
 * es3_copy_tex — glCopyTexImage2D, glCopyTexSubImage2D and glCopyTexSubImage3D from the
 * window and from a framebuffer object:
 *   - a pattern of coloured rectangles is drawn in the bottom-left 32x32 of the window;
 *   - copied with CopyTexImage2D into RGBA, RGB, LUMINANCE, ALPHA and LUMINANCE_ALPHA
 *     textures (unsized, as ES 2.0 apps and dEQP do) and a sized RGB8 one (RGB565 is refused:
 *     ES 3.0 wants the read buffer's component sizes);
 *   - CopyTexSubImage2D into a cube face and part of an RGBA8 texture, CopyTexSubImage3D into
 *     layer 1 of a 2D array, from an RGBA8 framebuffer object too;
 *   - each texture drawn as a 32x32 tile across the window (LUMINANCE / ALPHA through the
 *     sampler's (L, L, L, 1) / (0, 0, 0, A) as rgb + alpha shown separately);
 *   - the errors of ES 3.0 section 3.8.5 (incompatible formats, border, sizes, undefined level,
 *     incomplete read framebuffer).
 * Every edge is axis-aligned on pixel boundaries and every texel sampled NEAREST at its centre:
 * exact.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs_src = "#version 300 es\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform vec4 u_rect;\n"
                            "out vec2 v_tc;\n"
                            "void main() {\n"
                            "   v_tc = a_pos;\n"
                            "   vec2 p = u_rect.xy + a_pos * u_rect.zw;\n"
                            "   gl_Position = vec4(p / 64.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";
static const char *fs_src = "#version 300 es\n"
                            "precision mediump float;\n"
                            "precision mediump sampler2DArray;\n"
                            "uniform sampler2D u_tex;\n"
                            "uniform samplerCube u_cube;\n"
                            "uniform sampler2DArray u_array;\n"
                            "uniform int u_kind;\n"
                            "in vec2 v_tc;\n"
                            "out vec4 o;\n"
                            "void main() {\n"
                            "   vec4 c;\n"
                            "   if (u_kind == 1) c = texture(u_cube, vec3(1.0, (0.5 - v_tc.y) * 2.0, (0.5 - v_tc.x) * 2.0));\n"
                            "   else if (u_kind == 2) c = texture(u_array, vec3(v_tc, 1.0));\n"
                            "   else c = texture(u_tex, v_tc);\n"
                            "   /* alpha shown as blue in the right half of each tile */\n"
                            "   o = v_tc.x < 0.5 ? vec4(c.rgb, 1.0) : vec4(0.0, 0.0, c.a, 1.0);\n"
                            "}\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   struct scene_rects r;
   scene_rects_init(&r, 128, 128);
   GL(glClearColor(0.2f, 0.2f, 0.2f, 0.6f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   /* the pattern: four quadrants of the bottom-left 32x32, alpha varying */
   const float q[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 0.5f}, {0, 0, 1, 0.25f}, {1, 1, 1, 0.75f}};
   for (int i = 0; i < 4; i++)
      scene_rects_draw(&r, (float)(i % 2) * 16, (float)(i / 2) * 16, (float)(i % 2) * 16 + 16, (float)(i / 2) * 16 + 16,
                       0, q[i]);

   /* CopyTexImage2D, unsized and sized */
   const GLenum ifmts[6] = {GL_RGBA, GL_RGB, GL_LUMINANCE, GL_ALPHA, GL_LUMINANCE_ALPHA, GL_RGB8};
   GLuint tex[6];
   for (int i = 0; i < 6; i++) {
      tex[i] = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
      GL(glCopyTexImage2D(GL_TEXTURE_2D, 0, ifmts[i], 0, 0, 32, 32, 0));
   }
   /* a partial copy into an RGBA8 texture: the top-right quadrant into its bottom-left */
   GLuint sub = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 32, 32));
   GL(glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 32, 32)); /* whole */
   GL(glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, 16, 16));
   /* a cube face */
   GLuint cube = scene_texture(GL_TEXTURE_CUBE_MAP, GL_NEAREST);
   for (int f = 0; f < 6; f++)
      GL(glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, 0, 32, 32));

   /* from a framebuffer object into layer 1 of a 2D array */
   GLuint src_tex = scene_texture(GL_TEXTURE_2D, GL_NEAREST), fbo;
   GL(glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 32, 32));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, src_tex, 0));
   GL(glViewport(0, 0, 32, 32));
   GL(glClearColor(1.0f, 0.5f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(8, 8, 16, 8));
   GL(glClearColor(0.0f, 0.5f, 1.0f, 0.5f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDisable(GL_SCISSOR_TEST));
   GLuint arr = scene_texture(GL_TEXTURE_2D_ARRAY, GL_NEAREST);
   GL(glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 32, 32, 2));
   GL(glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 0, 0, 32, 32));
   /* errors */
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL_EXPECT(GL_INVALID_VALUE, glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 1));
   GL_EXPECT(GL_INVALID_VALUE, glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, -1, 8, 0));
   GL_EXPECT(GL_INVALID_ENUM, glCopyTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA, 0, 0, 8, 8, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 0, 0, 8, 8, 0)); /* fixed -> float */
   GL_EXPECT(GL_INVALID_OPERATION, glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 0, 0, 8, 8, 0)); /* -> integer */
   GL_EXPECT(GL_INVALID_OPERATION, glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 0, 0, 8, 8, 0)); /* 5/6/5 bits */
   GL_EXPECT(GL_INVALID_OPERATION, glCopyTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 0, 0, 1, 1)); /* level undefined */
   GL_EXPECT(GL_INVALID_VALUE, glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 30, 0, 0, 0, 8, 8)); /* outside the image */
   GL_EXPECT(GL_INVALID_VALUE, glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 0, 0, 8, 8)); /* layer 2 of 2 */
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0));
   GL_EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION, glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));

   /* show every texture as a tile: row 1 the six copies, row 2 sub / cube / array */
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "u_tex"), 0));
   GL(glUniform1i(scene_uniform(prog, "u_cube"), 1));
   GL(glUniform1i(scene_uniform(prog, "u_array"), 2));
   GLint u_rect = scene_uniform(prog, "u_rect"), u_kind = scene_uniform(prog, "u_kind");
   scene_unit_quad();
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_CUBE_MAP, cube));
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_2D_ARRAY, arr));
   GL(glActiveTexture(GL_TEXTURE0));
   for (int i = 0; i < 6; i++) {
      GL(glBindTexture(GL_TEXTURE_2D, tex[i]));
      GL(glUniform1i(u_kind, 0));
      GL(glUniform4f(u_rect, (float)(i % 3) * 40 + 8, i < 3 ? 88.0f : 48.0f, 32, 32));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   const GLuint row3[3] = {sub, cube, arr};
   for (int i = 0; i < 3; i++) {
      GL(glBindTexture(GL_TEXTURE_2D, row3[i] == sub ? sub : tex[0]));
      GL(glUniform1i(u_kind, i));
      GL(glUniform4f(u_rect, (float)i * 32 + 36, 4.0f, 32, 32));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   scene_rects_fini(&r);
   return scene_finish(&s);
}
