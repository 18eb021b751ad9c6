/*
 * gl33_glsl_legacy — GLSL 1.10, 1.20 and 1.30 shaders on an OpenGL 3.3 core context. The core
 * spec guarantees 1.40 / 1.50 / 3.30 and lets an implementation accept earlier versions; Mesa
 * does, and many piglit tests rely on it. splitgl compiles them with their own version and
 * lifts them to 1.40 for code generation (spirv/lift.c), so each band checks one thing the lift
 * must get right:
 *   band 0: no #version (1.10): attribute / varying, texture2D, gl_FragColor, and a user
 *           function and a uniform named with words 1.30 made built-ins (round, texture);
 *   band 1: #version 120: shadow2D (a vec4 built-in of pass 1, defined for pass 2), a
 *           non-square matrix, gl_FragData[0];
 *   band 2: #version 130: in / out, flat int varying, texelFetch, textureSize.
 * Colours come from textures and uniforms; the oracle draws the same. Exact.
 */
#include "scene_common.h"

static const char *vs110 = "attribute vec2 a_pos;\n"
                           "varying vec2 v_uv;\n"
                           "uniform float x0;\n"
                           "void main() {\n"
                           "   v_uv = a_pos;\n"
                           "   gl_Position = vec4((x0 + a_pos.x / 3.0) * 2.0 - 1.0, a_pos.y * 2.0 - 1.0, 0.0, 1.0);\n"
                           "}\n";

static const char *fs110 = "varying vec2 v_uv;\n"
                           "uniform sampler2D texture;\n"
                           "uniform float flat;\n"
                           "float round(float v) { return floor(v * 4.0 + 0.5) / 4.0; }\n"
                           "void main() {\n"
                           "   vec4 c = texture2D(texture, v_uv);\n"
                           "   gl_FragColor = vec4(round(c.r), c.g, flat, 1.0);\n"
                           "}\n";

static const char *vs120 = "#version 120\n"
                           "attribute vec2 a_pos;\n"
                           "varying vec2 v_uv;\n"
                           "uniform float x0;\n"
                           "void main() {\n"
                           "   mat2x3 m = mat2x3(1.0, 0.0, 0.0, 0.0, 1.0, 0.0);\n"
                           "   v_uv = (m * a_pos).xy;\n"
                           "   gl_Position = vec4((x0 + a_pos.x / 3.0) * 2.0 - 1.0, a_pos.y * 2.0 - 1.0, 0.0, 1.0);\n"
                           "}\n";

static const char *fs120 = "#version 120\n"
                           "varying vec2 v_uv;\n"
                           "uniform sampler2DShadow depth;\n"
                           "void main() {\n"
                           "   vec4 s = shadow2D(depth, vec3(v_uv, 0.5));\n"
                           "   gl_FragData[0] = vec4(s.x, 0.5 * s.y, 1.0 - s.x, 1.0);\n"
                           "}\n";

static const char *vs130 = "#version 130\n"
                           "in vec2 a_pos;\n"
                           "out vec2 v_uv;\n"
                           "flat out int v_id;\n"
                           "uniform float x0;\n"
                           "void main() {\n"
                           "   v_uv = a_pos;\n"
                           "   v_id = 3;\n"
                           "   gl_Position = vec4((x0 + a_pos.x / 3.0) * 2.0 - 1.0, a_pos.y * 2.0 - 1.0, 0.0, 1.0);\n"
                           "}\n";

static const char *fs130 = "#version 130\n"
                           "in vec2 v_uv;\n"
                           "flat in int v_id;\n"
                           "out vec4 o;\n"
                           "uniform sampler2D tex;\n"
                           "void main() {\n"
                           "   ivec2 size = textureSize(tex, 0);\n"
                           "   vec4 t = texelFetch(tex, ivec2(v_uv * vec2(size)), 0);\n"
                           "   o = vec4(t.rg, float(v_id) / 4.0, float(size.x) / 8.0);\n"
                           "}\n";

static void
draw_band(GLuint prog, int band)
{
   GL(glUseProgram(prog));
   GL(glUniform1f(scene_uniform(prog, "x0"), (float)band / 3.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 96, .height = 32};
   scene_init(&s, &cfg, argc, argv);
   static const char *const attribs[] = {"a_pos", NULL};
   GLuint p110 = scene_program(vs110, fs110, attribs);
   GLuint p120 = scene_program(vs120, fs120, attribs);
   GLuint p130 = scene_program(vs130, fs130, attribs);

   /* a 4x4 RGBA8 texture of distinct texels (bands 0 and 2) */
   GLubyte texels[4 * 4 * 4];
   for (int i = 0; i < 16; i++) {
      texels[i * 4 + 0] = (GLubyte)(i * 16);
      texels[i * 4 + 1] = (GLubyte)(255 - i * 12);
      texels[i * 4 + 2] = (GLubyte)(i * 5);
      texels[i * 4 + 3] = 255;
   }
   GLuint tex[2];
   GL(glGenTextures(2, tex));
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   /* a 2x2 depth texture with comparison, half the texels below the reference 0.5 */
   static const GLfloat depth[4] = {0.25f, 0.75f, 0.75f, 0.25f};
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL));

   /* the uniforms named with words GLSL 1.30 took keep their GL names */
   GL(glUseProgram(p110));
   GL(glUniform1i(scene_uniform(p110, "texture"), 1));
   GL(glUniform1f(scene_uniform(p110, "flat"), 0.75f));
   GL(glUseProgram(p120));
   GL(glUniform1i(scene_uniform(p120, "depth"), 2));
   GL(glUseProgram(p130));
   GL(glUniform1i(scene_uniform(p130, "tex"), 1));

   GLuint vao = scene_unit_quad();
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   draw_band(p110, 0);
   draw_band(p120, 1);
   draw_band(p130, 2);

   GLubyte px[4];
   GL(glReadPixels(32 + 4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   /* LEQUAL: 0.5 <= 0.25 fails at the bottom-left texel */
   SCENE_CHECK(px[0] == 0 && px[2] == 255, "band 1 (shadow2D of texel 0.25, ref 0.5) reads %u %u %u", px[0], px[1],
               px[2]);
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteTextures(2, tex));
   GL(glDeleteProgram(p110));
   GL(glDeleteProgram(p120));
   GL(glDeleteProgram(p130));
   return scene_finish(&s);
}
