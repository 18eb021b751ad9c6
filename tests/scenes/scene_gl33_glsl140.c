/*
 * gl33_glsl140 — GLSL 1.40 shaders on an OpenGL 3.3 core context, where the compiler had gaps
 * (spirv/compile.c): inverse() of mat2 / mat3 / mat4 (GLSL 1.40 section 8.5; glslang knows it
 * only from 1.50) checked on the GPU against known inverses, one band per matrix size, plus
 * uniform blocks and a sampler in a uniform structure from a 1.40 fragment shader. Each band
 * is flat: white where inverse(m) * m is the identity and the expected inverse matches within
 * 1e-3, red otherwise; the structure's sampler fills the last band. Exact.
 */
#include "scene_common.h"

static const char *vs_src = "#version 140\n"
                            "in vec2 a_pos;\n"
                            "out vec2 v_uv;\n"
                            "void main() { v_uv = a_pos; gl_Position = vec4(a_pos * 2.0 - 1.0, 0.0, 1.0); }\n";

static const char *fs_src =
   "#version 140\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "uniform mat2 m2; uniform mat3 m3; uniform mat4 m4;\n"
   "layout(std140) uniform Expected { mat2 i2; mat3 i3; mat4 i4; };\n"
   "struct Tex { float scale; sampler2D tex; };\n"
   "uniform Tex t;\n"
   "bool near(mat4 a, mat4 b) {\n"
   "   for (int c = 0; c < 4; c++) if (any(greaterThan(abs(a[c] - b[c]), vec4(1e-3)))) return false;\n"
   "   return true;\n"
   "}\n"
   "void main() {\n"
   "   bool ok;\n"
   "   if (v_uv.x < 0.25) ok = near(mat4(inverse(m2) * m2), mat4(1.0)) && near(mat4(inverse(m2)), mat4(i2));\n"
   "   else if (v_uv.x < 0.5) ok = near(mat4(inverse(m3) * m3), mat4(1.0)) && near(mat4(inverse(m3)), mat4(i3));\n"
   "   else if (v_uv.x < 0.75) ok = near(inverse(m4) * m4, mat4(1.0)) && near(inverse(m4), i4);\n"
   "   else { o = texture(t.tex, vec2(0.5)) * t.scale; return; }\n"
   "   o = ok ? vec4(1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 64, .height = 16};
   scene_init(&s, &cfg, argc, argv);
   static const char *const attribs[] = {"a_pos", NULL};
   GLuint prog = scene_program(vs_src, fs_src, attribs);
   GL(glUseProgram(prog));
   /* column-major matrices and their inverses (computed by hand) */
   static const GLfloat m2[4] = {4, 2, 7, 6};                    /* det 10 */
   static const GLfloat i2[4] = {0.6f, -0.2f, -0.7f, 0.4f};
   static const GLfloat m3[9] = {2, 0, 0, 0, 4, 0, 1, 0, 5};     /* upper triangular-ish */
   static const GLfloat i3[9] = {0.5f, 0, 0, 0, 0.25f, 0, -0.1f, 0, 0.2f};
   static const GLfloat m4[16] = {1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 0, 3, -2, 1, 1}; /* scale, translate */
   static const GLfloat i4[16] = {1, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.25f, 0, -3, 1, -0.25f, 1};
   GL(glUniformMatrix2fv(scene_uniform(prog, "m2"), 1, GL_FALSE, m2));
   GL(glUniformMatrix3fv(scene_uniform(prog, "m3"), 1, GL_FALSE, m3));
   GL(glUniformMatrix4fv(scene_uniform(prog, "m4"), 1, GL_FALSE, m4));
   GL(glUniform1f(scene_uniform(prog, "t.scale"), 0.5f));
   GL(glUniform1i(scene_uniform(prog, "t.tex"), 3));
   /* std140: mat2 at 0 (2 columns of vec4), mat3 at 32, mat4 at 80 */
   GLfloat block[36] = {0};
   for (int c = 0; c < 2; c++)
      for (int r = 0; r < 2; r++)
         block[c * 4 + r] = i2[c * 2 + r];
   for (int c = 0; c < 3; c++)
      for (int r = 0; r < 3; r++)
         block[8 + c * 4 + r] = i3[c * 3 + r];
   for (int i = 0; i < 16; i++)
      block[20 + i] = i4[i];
   GLuint ubo;
   GL(glGenBuffers(1, &ubo));
   GL(glBindBuffer(GL_UNIFORM_BUFFER, ubo));
   GL(glBufferData(GL_UNIFORM_BUFFER, sizeof(block), block, GL_STATIC_DRAW));
   GL(glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo));
   GLint off = -1;
   GLuint idx = GL_INVALID_INDEX;
   const char *i4name = "i4";
   GL(glGetUniformIndices(prog, 1, &i4name, &idx));
   GL(glGetActiveUniformsiv(prog, 1, &idx, GL_UNIFORM_OFFSET, &off));
   SCENE_CHECK(off == 80, "std140 offset of i4: %d", off);
   GLuint tex;
   GL(glActiveTexture(GL_TEXTURE3));
   GL(glGenTextures(1, &tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   static const GLubyte texel[4] = {200, 100, 50, 255};
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GLuint vao = scene_unit_quad();
   GL(glClearColor(0, 0, 1, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GLubyte px[4][4];
   for (int b = 0; b < 4; b++)
      GL(glReadPixels(b * 16 + 8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px[b]));
   for (int b = 0; b < 3; b++)
      SCENE_CHECK(px[b][0] == 255 && px[b][1] == 255, "band %d (mat%d) is not white: %u %u %u", b, b + 2, px[b][0],
                  px[b][1], px[b][2]);
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteTextures(1, &tex));
   GL(glDeleteBuffers(1, &ubo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
