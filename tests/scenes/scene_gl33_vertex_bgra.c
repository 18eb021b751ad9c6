/*
 * gl33_vertex_bgra — OpenGL 3.3 core, section 2.8 (ARB_vertex_array_bgra, core since 3.2):
 * glVertexAttribPointer with size GL_BGRA reads four components stored B, G, R, A, for
 * UNSIGNED_BYTE and the two 2_10_10_10_REV types, normalized only. Three bands, each coloured
 * per vertex from one such array (distinct B and R so a missing swap shows), compared with
 * llvmpipe; plus the spec's errors and the GL_BGRA that VERTEX_ATTRIB_ARRAY_SIZE reports.
 * Tolerance 1: the colours are interpolated.
 */
#include "scene_common.h"

static const char *vs_src = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "layout(location = 1) in vec4 a_color;\n"
                            "out vec4 v_color;\n"
                            "void main() { v_color = a_color; gl_Position = vec4(a_pos, 0.0, 1.0); }\n";

static const char *fs_src = "#version 330 core\n"
                            "in vec4 v_color;\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(abs(v_color.rgb), 1.0) * v_color.a; }\n";

static GLuint
pack1010102(unsigned b, unsigned g, unsigned r, unsigned a)
{
   return (b & 0x3ff) | (g & 0x3ff) << 10 | (r & 0x3ff) << 20 | (a & 3u) << 30;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 48, .height = 16};
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GLuint vao, vbo[2];
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(2, vbo));

   /* errors first (section 2.8) */
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo[1]));
   GL_EXPECT(GL_INVALID_OPERATION, glVertexAttribPointer(1, GL_BGRA, GL_FLOAT, GL_TRUE, 0, NULL));
   GL_EXPECT(GL_INVALID_OPERATION, glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, NULL));
   GL_EXPECT(GL_INVALID_OPERATION, glVertexAttribPointer(1, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL));
   GL_EXPECT(GL_INVALID_VALUE, glVertexAttribIPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, 0, NULL));

   for (int band = 0; band < 3; band++) {
      float x0 = -1.0f + (float)band * 2.0f / 3.0f, x1 = x0 + 2.0f / 3.0f;
      const GLfloat pos[8] = {x0, -1, x1, -1, x0, 1, x1, 1};
      GL(glBindBuffer(GL_ARRAY_BUFFER, vbo[0]));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STREAM_DRAW));
      GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL));
      GL(glEnableVertexAttribArray(0));
      GL(glBindBuffer(GL_ARRAY_BUFFER, vbo[1]));
      if (band == 0) {
         /* B, G, R, A bytes */
         static const GLubyte c[16] = {255, 0, 32, 255, 200, 100, 0, 255, 16, 255, 128, 255, 0, 64, 240, 255};
         GL(glBufferData(GL_ARRAY_BUFFER, sizeof(c), c, GL_STREAM_DRAW));
         GL(glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, NULL));
      } else if (band == 1) {
         const GLuint c[4] = {pack1010102(1023, 0, 100, 3), pack1010102(500, 700, 0, 3), pack1010102(0, 300, 1023, 3),
                              pack1010102(60, 1023, 900, 3)};
         GL(glBufferData(GL_ARRAY_BUFFER, sizeof(c), c, GL_STREAM_DRAW));
         GL(glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, NULL));
      } else {
         /* signed: 511 is +1.0, -511 is -1.0 (abs() in the shader); alpha 1 */
         const GLuint c[4] = {pack1010102(511, 0, 50, 1), pack1010102(200u, (unsigned)-300, 0, 1),
                              pack1010102(0, 100, (unsigned)-511, 1), pack1010102(30, 511, 400, 1)};
         GL(glBufferData(GL_ARRAY_BUFFER, sizeof(c), c, GL_STREAM_DRAW));
         GL(glVertexAttribPointer(1, GL_BGRA, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL));
      }
      GL(glEnableVertexAttribArray(1));
      GLint size = 0;
      GL(glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &size));
      SCENE_CHECK(size == GL_BGRA, "VERTEX_ATTRIB_ARRAY_SIZE is 0x%x, want GL_BGRA", size);
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* band 0's bottom-left vertex is R 32, G 0, B 255 */
   GLubyte px[4];
   GL(glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[2] > 200 && px[0] < 80, "band 0 bottom-left reads %u %u %u (B and R swapped?)", px[0], px[1], px[2]);
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(2, vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
