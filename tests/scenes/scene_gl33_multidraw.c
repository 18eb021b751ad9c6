/*
 * gl33_multidraw — OpenGL 3.3's base-vertex and multi-draw commands: MultiDrawArrays,
 * MultiDrawElements, MultiDrawElementsBaseVertex, DrawRangeElementsBaseVertex and
 * DrawElementsInstancedBaseVertex (gl_InstanceID places the copies), one buffer of quads.
 * Every edge is axis-aligned on pixel boundaries: exact.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs_src = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform vec4 u_color;\n"
                            "out vec4 v_color;\n"
                            "void main() {\n"
                            "   vec2 p = a_pos + vec2(float(gl_InstanceID) * 16.0, 0.0);\n"
                            "   gl_Position = vec4(p / 64.0 - 1.0, 0.0, 1.0);\n"
                            "   v_color = u_color * (1.0 - 0.2 * float(gl_InstanceID));\n"
                            "}\n";
static const char *fs_src = "#version 330 core\nin vec4 v_color;\nout vec4 o;\nvoid main() { o = v_color; }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GLint u_color = scene_uniform(prog, "u_color");
   /* 16 quads (4 vertices each) on a 4x4 grid of 32-pixel cells, each 12 pixels wide */
   GLfloat v[16 * 4 * 2];
   for (int q = 0; q < 16; q++) {
      float x = (float)((q % 4) * 32 + 4), y = (float)((q / 4) * 32 + 4);
      const float c[] = {x, y, x + 12, y, x, y + 12, x + 12, y + 12};
      memcpy(&v[q * 8], c, sizeof(c));
   }
   GLushort quad_idx[] = {0, 1, 2, 2, 1, 3};
   GLuint vao, bufs[2];
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(2, bufs));
   GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[0]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(quad_idx), quad_idx, GL_STATIC_DRAW));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* row 0: MultiDrawArrays of quads 0, 2, 3 */
   const GLint first[] = {0, 8, 12};
   const GLsizei count4[] = {4, 4, 4};
   GL(glUniform4f(u_color, 1, 0, 0, 1));
   GL(glMultiDrawArrays(GL_TRIANGLE_STRIP, first, count4, 3));
   /* row 1: MultiDrawElementsBaseVertex of quads 4, 6, 7 through one index list */
   const GLsizei count6[] = {6, 6, 6};
   const void *const offs[] = {0, 0, 0};
   const GLint base[] = {16, 24, 28};
   GL(glUniform4f(u_color, 0, 1, 0, 1));
   GL(glMultiDrawElementsBaseVertex(GL_TRIANGLES, count6, GL_UNSIGNED_SHORT, offs, 3, base));
   /* row 2: MultiDrawElements (base 0) of quad 0's indices offset by ... and RangeBaseVertex */
   GL(glUniform4f(u_color, 0, 0, 1, 1));
   GL(glDrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT, 0, 33));
   /* (Mesa's llvmpipe skips a whole MultiDrawElements that has a zero count in it; the spec's
    * loop of DrawElements would draw the others: the scene keeps every count non-zero.) */
   const void *const offs2[] = {(const void *)6, 0};
   const GLsizei count2[] = {3, 3};
   GL(glMultiDrawElements(GL_TRIANGLES, count2, GL_UNSIGNED_SHORT, offs2, 2)); /* quad 0 over row 0 */
   /* row 3: instanced with a base vertex: quad 12, three instances 16 pixels apart */
   GL(glUniform4f(u_color, 1, 1, 0, 1));
   GL(glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, 0, 3, 48));
   GL_EXPECT(GL_INVALID_VALUE, glMultiDrawArrays(GL_TRIANGLES, first, count4, -1));
   GL_EXPECT(GL_INVALID_VALUE, glDrawRangeElementsBaseVertex(GL_TRIANGLES, 3, 0, 6, GL_UNSIGNED_SHORT, 0, 0));
   return scene_finish(&s);
}
