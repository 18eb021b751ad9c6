/*
 * es3_restart — primitive restart (OpenGL ES 3.0 section 2.8.1 PRIMITIVE_RESTART_FIXED_INDEX;
 * built as gl33_restart: OpenGL 3.3 PRIMITIVE_RESTART with custom PrimitiveRestartIndex).
 * One 16x16-pixel cell per vertex of an 8x8 grid; every mode cut by the restart index:
 *   row 0: TRIANGLE_STRIP, 16-bit indices in an element buffer: three separate quads
 *   row 2: TRIANGLES, 8-bit client indices, the piece before the restart has an extra index
 *          (the incomplete triangle is not drawn)
 *   row 4: TRIANGLE_FAN, 32-bit indices at an offset in the element buffer
 *   rows 5-7: LINE_LOOP (two loops), LINE_STRIP and POINTS cut by the restart index
 * and a draw with restart disabled. The scene also runs with SPLITGL_MAGMA_HIDE (Magma
 * without 8-bit indices and list restart), where the client rewrites the indices.
 */
#include "scene_common.h"

static const char *vs_src =
#ifdef SCENE_API_GL33
   "#version 330 core\n"
#else
   "#version 300 es\n"
#endif
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_color;\n"
   "out vec4 v_color;\n"
   "void main() { gl_Position = vec4(a_pos / 64.0 - 1.0, 0.0, 1.0); v_color = u_color; gl_PointSize = 4.0; }\n";

static const char *fs_src =
#ifdef SCENE_API_GL33
   "#version 330 core\n"
#else
   "#version 300 es\n"
   "precision highp float;\n"
#endif
   "in vec4 v_color;\n"
   "out vec4 o;\n"
   "void main() { o = v_color; }\n";

/* vertex (x, y) of the grid: pixel centre-free corners at multiples of 16, offset 8 */
#define V(x, y) ((y) * 9 + (x))

int
main(int argc, char **argv)
{
   struct scene s;
#ifdef SCENE_API_GL33
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   /* custom restart indices: not the all-ones value of any type */
   const GLuint R16 = 7777, R8 = 200, R32 = 123456;
#else
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   const GLuint R16 = 0xffff, R8 = 0xff, R32 = 0xffffffffu;
#endif
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GLint u_color = scene_uniform(prog, "u_color");

   GLfloat grid[81 * 2];
   for (int y = 0; y < 9; y++)
      for (int x = 0; x < 9; x++) {
         grid[V(x, y) * 2] = (float)(x * 16);
         grid[V(x, y) * 2 + 1] = (float)(y * 16);
      }
   GLuint vao, vbo, ebo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(grid), grid, GL_STATIC_DRAW));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
#ifdef SCENE_API_GL33
   GL(glEnable(GL_PRIMITIVE_RESTART));
   GLint ri = 0;
   GL(glPrimitiveRestartIndex(R16));
   GL(glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &ri));
   SCENE_CHECK(ri == (GLint)R16 && glIsEnabled(GL_PRIMITIVE_RESTART), "PRIMITIVE_RESTART_INDEX %d", ri);
#else
   GL(glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX));
   SCENE_CHECK(glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX), "PRIMITIVE_RESTART_FIXED_INDEX");
#endif

   /* element buffer: 16-bit strip indices, then 32-bit fan indices at byte offset 64 */
   GLushort strip[] = {V(0, 0), V(0, 1), V(1, 0), V(1, 1), (GLushort)R16, V(2, 0), V(2, 1), V(3, 0), V(3, 1),
                       (GLushort)R16, (GLushort)R16, V(5, 0), V(5, 1), V(7, 0), V(7, 1)};
   GLuint fan[] = {V(1, 4), V(0, 4), V(0, 5), V(2, 5), R32, V(5, 4), V(4, 4), V(4, 5), V(6, 5), V(6, 4)};
   GL(glGenBuffers(1, &ebo));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, 64 + sizeof(fan), NULL, GL_STATIC_DRAW));
   GL(glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof(strip), strip));
   GL(glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 64, sizeof(fan), fan));
   GL(glUniform4f(u_color, 1, 0, 0, 1));
   GL(glDrawElements(GL_TRIANGLE_STRIP, sizeof(strip) / 2, GL_UNSIGNED_SHORT, 0));
#ifdef SCENE_API_GL33
   GL(glPrimitiveRestartIndex(R32));
#endif
   GL(glUniform4f(u_color, 0, 1, 0, 1));
   GL(glDrawElements(GL_TRIANGLE_FAN, sizeof(fan) / 4, GL_UNSIGNED_INT, (const void *)64));

   /* client-memory 8-bit list: (0,2)(1,2)(0,3) then an extra index, restart, two triangles */
   GL(glBindVertexArray(0));
#ifdef SCENE_API_GL33
   GLuint vao2, ebo2;
   GL(glGenVertexArrays(1, &vao2));
   GL(glBindVertexArray(vao2));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glGenBuffers(1, &ebo2));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo2));
   GL(glPrimitiveRestartIndex(R8));
#else
   GL(glBindBuffer(GL_ARRAY_BUFFER, 0));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, grid));
#endif
   GLubyte tris[] = {V(0, 2), V(1, 2), V(0, 3), V(8, 8), (GLubyte)R8, V(3, 2), V(4, 2), V(3, 3), V(4, 2), V(4, 3),
                     V(3, 3), (GLubyte)R8, V(6, 2), V(7, 2)};
   GL(glUniform4f(u_color, 0, 0, 1, 1));
#ifdef SCENE_API_GL33
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(tris), tris, GL_STATIC_DRAW));
   GL(glDrawElements(GL_TRIANGLES, sizeof(tris), GL_UNSIGNED_BYTE, 0));
#else
   GL(glDrawElements(GL_TRIANGLES, sizeof(tris), GL_UNSIGNED_BYTE, tris));
#endif

   /* lines and points, 16-bit client-side (ES) / buffer (GL) */
#ifdef SCENE_API_GL33
   GL(glPrimitiveRestartIndex(R16));
#endif
   GLushort loops[] = {V(0, 5), V(2, 5), V(2, 6), V(0, 6), (GLushort)R16, V(4, 5), V(6, 5), V(5, 7)};
   GLushort strip2[] = {V(0, 7), V(1, 8), (GLushort)R16, V(2, 7), V(3, 8), V(4, 7)};
   GLushort points[] = {V(6, 7), (GLushort)R16, V(7, 7), V(8, 7), (GLushort)R16, (GLushort)R16, V(8, 6)};
   const struct {
      GLenum mode;
      const GLushort *idx;
      GLsizei n;
      float r, g, b;
   } draws[] = {{GL_LINE_LOOP, loops, 8, 1, 1, 0}, {GL_LINE_STRIP, strip2, 6, 0, 1, 1}, {GL_POINTS, points, 7, 1, 0, 1}};
   for (unsigned i = 0; i < 3; i++) {
      GL(glUniform4f(u_color, draws[i].r, draws[i].g, draws[i].b, 1));
#ifdef SCENE_API_GL33
      GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, draws[i].n * 2, draws[i].idx, GL_STATIC_DRAW));
      GL(glDrawElements(draws[i].mode, draws[i].n, GL_UNSIGNED_SHORT, 0));
#else
      GL(glDrawElements(draws[i].mode, draws[i].n, GL_UNSIGNED_SHORT, draws[i].idx));
#endif
   }
   /* restart disabled: the same kind of strip is one strip again */
#ifdef SCENE_API_GL33
   GL(glDisable(GL_PRIMITIVE_RESTART));
#else
   GL(glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX));
#endif
   GLushort plain[] = {V(6, 3), V(6, 4), V(7, 3), V(7, 4), V(8, 3), V(8, 4)};
   GL(glUniform4f(u_color, 1, 0.5f, 0, 1));
#ifdef SCENE_API_GL33
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(plain), plain, GL_STATIC_DRAW));
   GL(glDrawElements(GL_TRIANGLE_STRIP, 6, GL_UNSIGNED_SHORT, 0));
#else
   GL(glDrawElements(GL_TRIANGLE_STRIP, 6, GL_UNSIGNED_SHORT, plain));
#endif
   return scene_finish(&s);
}
