/*
 * gl33_depth_upload — OpenGL 3.3 core, section 3.8.3: depth / stencil data of either kind goes
 * into a depth texture of either kind ("INVALID_OPERATION ... if one of the base internal format
 * and format is DEPTH_COMPONENT or DEPTH_STENCIL, and the other is neither"). DEPTH_COMPONENT16,
 * _24 and _32F textures are given GL_DEPTH_STENCIL / UNSIGNED_INT_24_8 (or
 * FLOAT_32_UNSIGNED_INT_24_8_REV) texels with distinct depths and stencils, and a
 * DEPTH24_STENCIL8 texture DEPTH_COMPONENT / FLOAT texels; each is drawn in its band with a
 * sampler2D (depth reads as (d, 0, 0, 1)) and compared with llvmpipe. Tolerance 1: D16 rounds.
 */
#include "scene_common.h"

static const char *vs_src = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform float x0;\n"
                            "out vec2 v_uv;\n"
                            "void main() {\n"
                            "   v_uv = a_pos;\n"
                            "   gl_Position = vec4((x0 + a_pos.x / 4.0) * 2.0 - 1.0, a_pos.y * 2.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";

static const char *fs_src = "#version 330 core\n"
                            "in vec2 v_uv;\n"
                            "uniform sampler2D depth;\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(texture(depth, v_uv).rgb, 1.0); }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 64, .height = 16};
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "depth"), 0));
   /* 4x4 texels: depth i/16 in the top 24 bits, a stencil that must not leak into it */
   GLuint packed[16];
   struct {
      GLfloat d;
      GLuint s;
   } fpacked[16];
   GLfloat depth[16];
   for (unsigned i = 0; i < 16; i++) {
      packed[i] = ((i * 0xffffffu / 15u) << 8) | (0xa5u ^ i);
      fpacked[i].d = (float)i / 15.0f;
      fpacked[i].s = 0x5au ^ i;
      depth[i] = (float)(15 - i) / 15.0f;
   }
   static const GLenum ifmts[3] = {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32F};
   GLuint tex[4];
   GL(glGenTextures(4, tex));
   GLuint vao = scene_unit_quad();
   GL(glClearColor(0, 0, 1, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   for (int b = 0; b < 4; b++) {
      GL(glBindTexture(GL_TEXTURE_2D, tex[b]));
      if (b < 2)
         GL(glTexImage2D(GL_TEXTURE_2D, 0, ifmts[b], 4, 4, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, packed));
      else if (b == 2)
         GL(glTexImage2D(GL_TEXTURE_2D, 0, ifmts[b], 4, 4, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
                         fpacked));
      else
         GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth));
      GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
      GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
      GL(glUniform1f(scene_uniform(prog, "x0"), (float)b / 4.0f));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* the last texel of band 0 has depth 1.0 */
   GLubyte px[4];
   GL(glReadPixels(15, 15, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] == 255 && px[1] == 0, "band 0's last texel reads %u %u %u", px[0], px[1], px[2]);
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteTextures(4, tex));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
