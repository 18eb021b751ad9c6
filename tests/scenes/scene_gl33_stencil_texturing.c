/*
 * gl33_stencil_texturing — GL_ARB_stencil_texturing on OpenGL 3.3 core: a depth / stencil
 * texture with DEPTH_STENCIL_TEXTURE_MODE STENCIL_INDEX reads its stencil through a usampler2D
 * as (S, 0, 0, 1). Five bands, compared with llvmpipe:
 *   0 DEPTH24_STENCIL8 given UNSIGNED_INT_24_8 texels, stencil read
 *   1 DEPTH32F_STENCIL8 given FLOAT_32_UNSIGNED_INT_24_8_REV texels, stencil read
 *   2 a DEPTH24_STENCIL8 texture rendered into (stencil cleared, then REPLACE by a draw over its
 *     left half), stencil read
 *   3 the same texture back in DEPTH_COMPONENT mode through a sampler2D: its depth
 *   4 band 0's texture in STENCIL_INDEX mode with a LINEAR filter: incomplete, (0, 0, 0, 1)
 * plus the mode's query, its errors, and the extension in GL_EXTENSIONS.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs_src = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform float x0;\n"
                            "out vec2 v_uv;\n"
                            "void main() {\n"
                            "   v_uv = a_pos;\n"
                            "   gl_Position = vec4((x0 + a_pos.x / 5.0) * 2.0 - 1.0, a_pos.y * 2.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";

static const char *fs_stencil = "#version 330 core\n"
                                "in vec2 v_uv;\n"
                                "uniform usampler2D st;\n"
                                "out vec4 o;\n"
                                "void main() {\n"
                                "   uvec4 t = texture(st, v_uv);\n"
                                "   o = vec4(float(t.r) / 255.0, float(t.g), float(t.b), float(t.a));\n"
                                "}\n";

static const char *fs_depth = "#version 330 core\n"
                              "in vec2 v_uv;\n"
                              "uniform sampler2D d;\n"
                              "out vec4 o;\n"
                              "void main() { o = vec4(texture(d, v_uv).rgb, 1.0); }\n";

/* the stencil-writing pass into band 2's texture: no colour, depth 0.25 */
static const char *vs_fill = "#version 330 core\n"
                             "layout(location = 0) in vec2 a_pos;\n"
                             "void main() { gl_Position = vec4(a_pos.x - 1.0, a_pos.y * 2.0 - 1.0, -0.5, 1.0); }\n";
static const char *fs_fill = "#version 330 core\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";

static void
nearest(void)
{
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 80, .height = 16};
   scene_init(&s, &cfg, argc, argv);
   GLint n_ext = 0;
   bool listed = false;
   GL(glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext));
   for (GLint i = 0; i < n_ext; i++)
      listed = listed || !strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i), "GL_ARB_stencil_texturing");
   SCENE_CHECK(listed, "GL_ARB_stencil_texturing is not listed");
   GLuint prog_s = scene_program(vs_src, fs_stencil, NULL);
   GLuint prog_d = scene_program(vs_src, fs_depth, NULL);
   GLuint prog_fill = scene_program(vs_fill, fs_fill, NULL);
   GL(glUseProgram(prog_s));
   GL(glUniform1i(scene_uniform(prog_s, "st"), 0));
   GL(glUseProgram(prog_d));
   GL(glUniform1i(scene_uniform(prog_d, "d"), 0));

   /* 4x4 texels: depths i/15, stencils 17 i (0 .. 255) */
   GLuint packed[16];
   struct {
      GLfloat d;
      GLuint s;
   } fpacked[16];
   for (unsigned i = 0; i < 16; i++) {
      packed[i] = ((i * 0xffffffu / 15u) << 8) | (17u * i);
      fpacked[i].d = (float)(15 - i) / 15.0f;
      fpacked[i].s = 255u - 17u * i;
   }
   GLuint tex[3];
   GL(glGenTextures(3, tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, packed));
   nearest();
   GL(glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX));
   GLint mode = 0;
   GL(glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &mode));
   SCENE_CHECK(mode == GL_STENCIL_INDEX, "DEPTH_STENCIL_TEXTURE_MODE reads 0x%x", mode);
   /* "An INVALID_ENUM error is generated if ... param is not DEPTH_COMPONENT or STENCIL_INDEX" */
   GL_EXPECT(GL_INVALID_ENUM, glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_STENCIL));
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
                   GL_FLOAT_32_UNSIGNED_INT_24_8_REV, fpacked));
   nearest();
   GL(glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX));

   /* band 2's texture: 16x16, stencil cleared to 0x33 and depth to 0.75, then the left half
    * REPLACEd with 0xc8 at depth 0.25 */
   GL(glBindTexture(GL_TEXTURE_2D, tex[2]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 16, 16, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL));
   nearest();
   GLuint fbo, color;
   GL(glGenFramebuffers(1, &fbo));
   GL(glGenRenderbuffers(1, &color));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, color));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[2], 0));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "stencil FBO incomplete");
   GLuint vao = scene_unit_quad();
   GL(glViewport(0, 0, 16, 16));
   GL(glClearStencil(0x33));
   GL(glClearDepth(0.75));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   GL(glEnable(GL_STENCIL_TEST));
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_ALWAYS));
   GL(glStencilFunc(GL_ALWAYS, 0xc8, 0xff));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
   GL(glUseProgram(prog_fill));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDisable(GL_STENCIL_TEST));
   GL(glDisable(GL_DEPTH_TEST));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 80, 16));

   GL(glClearColor(0, 0, 1, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   for (int b = 0; b < 5; b++) {
      GLuint prog = b == 3 ? prog_d : prog_s;
      GL(glUseProgram(prog));
      GL(glBindTexture(GL_TEXTURE_2D, tex[b == 4 ? 0 : b == 3 ? 2 : b]));
      if (b == 2)
         GL(glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX));
      else if (b == 3)
         GL(glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT));
      else if (b == 4)
         GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
      GL(glUniform1f(scene_uniform(prog, "x0"), (float)b / 5.0f));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* band 0's last texel has stencil 255; band 2's left half 0xc8, right half 0x33 */
   GLubyte px[4];
   GL(glReadPixels(15, 15, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0 && px[3] == 255, "band 0's last texel reads %u %u %u %u",
               px[0], px[1], px[2], px[3]);
   GL(glReadPixels(33, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] == 0xc8 && px[1] == 0, "band 2's left half reads %u %u", px[0], px[1]);
   GL(glReadPixels(46, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] == 0x33 && px[1] == 0, "band 2's right half reads %u %u", px[0], px[1]);
   GL(glReadPixels(72, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] == 0 && px[1] == 0 && px[2] == 0 && px[3] == 255, "band 4 (incomplete) reads %u %u %u %u",
               px[0], px[1], px[2], px[3]);
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteRenderbuffers(1, &color));
   GL(glDeleteTextures(3, tex));
   GL(glDeleteProgram(prog_s));
   GL(glDeleteProgram(prog_d));
   GL(glDeleteProgram(prog_fill));
   return scene_finish(&s);
}
