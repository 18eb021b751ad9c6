/*
 * es3_instanced — OpenGL ES 3.0 instancing and index types.
 *   Lower half: DrawArraysInstanced of a 4-vertex strip, 24 instances; per-instance offset
 *               (divisor 1) and per-instance colour shared by pairs (divisor 2).
 *   Upper half: DrawElementsInstanced with UNSIGNED_INT indices, the grid position from
 *               gl_InstanceID, colour divisor 1; then DrawElements with UNSIGNED_BYTE and
 *               DrawElementsInstanced with UNSIGNED_SHORT indices at a non-zero offset of one
 *               element buffer, from a third VAO.
 * Every vertex lands on an integer pixel and every edge is axis-aligned: exact.
 * Covers VertexAttribDivisor (+ its query), three VAOs switched between draws, a VAO's element
 * buffer binding, negative instance counts and divisor indices as errors.
 */
#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_corner;\n" /* 0/1 unit square */
   "layout(location = 1) in vec2 a_offset;\n"
   "layout(location = 2) in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "uniform float u_size;\n"
   "uniform int u_from_id;\n" /* 1: place by gl_InstanceID on an 8-wide grid */
   "uniform vec2 u_origin;\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   vec2 off = a_offset;\n"
   "   if (u_from_id == 1)\n"
   "      off = u_origin + vec2(float(gl_InstanceID % 8), float(gl_InstanceID / 8)) * 16.0;\n"
   "   vec2 p = a_corner * u_size + off;\n"
   "   gl_Position = vec4(p / u_half - 1.0, 0.0, 1.0);\n"
   "   v_color = a_color;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "in vec4 v_color;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = v_color; }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
   GLint u_size = scene_uniform(prog, "u_size");
   GLint u_from_id = scene_uniform(prog, "u_from_id");
   GLint u_origin = scene_uniform(prog, "u_origin");

   static const GLfloat corners[] = {0, 0, 1, 0, 0, 1, 1, 1};
   GLfloat offsets[24 * 2];
   for (int i = 0; i < 24; i++) {
      offsets[i * 2 + 0] = (float)(4 + (i % 6) * 20);
      offsets[i * 2 + 1] = (float)(4 + (i / 6) * 14);
   }
   GLubyte colors[32 * 4];
   for (int i = 0; i < 32; i++) {
      colors[i * 4 + 0] = (GLubyte)(40 + i * 6);
      colors[i * 4 + 1] = (GLubyte)(250 - i * 7);
      colors[i * 4 + 2] = (GLubyte)((i * 53) & 0xFF);
      colors[i * 4 + 3] = 255;
   }
   static const GLuint idx32[] = {0, 1, 2, 2, 1, 3};
   /* One element buffer: 4 padding bytes, then 6 byte indices, padding, 6 short indices. */
   GLubyte elements[32] = {0};
   static const GLubyte idx8[] = {0, 1, 3, 0, 3, 2};
   static const GLushort idx16[] = {3, 2, 0, 3, 0, 1};
   for (int i = 0; i < 6; i++)
      elements[4 + i] = idx8[i];
   for (int i = 0; i < 6; i++) {
      elements[12 + i * 2] = (GLubyte)(idx16[i] & 0xFF);
      elements[12 + i * 2 + 1] = (GLubyte)(idx16[i] >> 8);
   }

   GLuint vao[3], buf[5];
   GL(glGenVertexArrays(3, vao));
   GL(glGenBuffers(5, buf));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[0]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(corners), corners, GL_STATIC_DRAW));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[1]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(offsets), offsets, GL_STATIC_DRAW));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[2]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(colors), colors, GL_STATIC_DRAW));

   /* VAO 0: offsets divisor 1, colours divisor 2. */
   GL(glBindVertexArray(vao[0]));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[0]));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[1]));
   GL(glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glVertexAttribDivisor(1, 1));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[2]));
   GL(glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, (void *)0));
   GL(glVertexAttribDivisor(2, 2));
   for (GLuint i = 0; i < 3; i++)
      GL(glEnableVertexAttribArray(i));
   GLint div = -1;
   GL(glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &div));
   SCENE_CHECK(div == 2, "VERTEX_ATTRIB_ARRAY_DIVISOR %d", div);
   GLint max_attribs = 0;
   GL(glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs));
   GL_EXPECT(GL_INVALID_VALUE, glVertexAttribDivisor((GLuint)max_attribs, 1));

   /* VAO 1: UNSIGNED_INT element buffer, colours divisor 1, no offset array (constant). */
   GL(glBindVertexArray(vao[1]));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[0]));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[2]));
   GL(glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, (void *)0));
   GL(glVertexAttribDivisor(2, 1));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(2));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[3]));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx32), idx32, GL_STATIC_DRAW));
   GL(glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &div));
   SCENE_CHECK(div == GL_FALSE, "attribute 1 enabled in a fresh VAO");

   /* VAO 2: mixed index types in one element buffer, colour a constant attribute. */
   GL(glBindVertexArray(vao[2]));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[0]));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));
   GL(glDisableVertexAttribArray(2));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[4]));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(elements), elements, GL_STATIC_DRAW));

   GL(glClearColor(0.08f, 0.08f, 0.08f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   GL(glBindVertexArray(vao[0]));
   GL(glUniform1f(u_size, 12.0f));
   GL(glUniform1i(u_from_id, 0));
   GL(glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 24));
   GL_EXPECT(GL_INVALID_VALUE, glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, -1));
   GL_EXPECT(GL_INVALID_VALUE, glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, -4, 2));

   GL(glBindVertexArray(vao[1]));
   GL(glUniform1i(u_from_id, 1));
   GL(glUniform2f(u_origin, 2.0f, 62.0f));
   GL(glUniform1f(u_size, 10.0f));
   GL(glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)0, 19));
   GL_EXPECT(GL_INVALID_VALUE,
             glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)0, -2));

   GL(glBindVertexArray(vao[2]));
   GL(glVertexAttrib4f(2, 1.0f, 1.0f, 1.0f, 1.0f));
   GL(glUniform1i(u_from_id, 0));
   GL(glVertexAttrib2f(1, 100.0f, 100.0f));
   GL(glUniform1f(u_size, 20.0f));
   GL(glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)4));
   GL(glUniform1i(u_from_id, 1));
   GL(glUniform2f(u_origin, 50.0f, 110.0f));
   GL(glUniform1f(u_size, 14.0f));
   GL(glVertexAttrib4f(2, 1.0f, 0.4f, 0.1f, 1.0f));
   GL(glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)12, 3));
   GLint eb = 0;
   GL(glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &eb));
   SCENE_CHECK((GLuint)eb == buf[4], "ELEMENT_ARRAY_BUFFER_BINDING %d in VAO 2", eb);
   scene_swap(&s);

   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(3, vao));
   GL(glDeleteBuffers(5, buf));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
