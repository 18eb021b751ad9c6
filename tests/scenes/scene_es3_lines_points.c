/*
 * es3_lines_points — OpenGL ES 3.0 points and lines, placed away from the rasterization rules'
 * ambiguous cases:
 *   - GL_POINTS with gl_PointSize 1..7 (odd sizes centred on pixel centres, even sizes on pixel
 *     corners, so no pixel centre lies on a square's edge); size-11 and size-9 sprites coloured
 *     by gl_PointCoord (origin upper-left) snapped to the sprite's pixel grid (so a coordinate
 *     error below half a pixel cannot show — softpipe, for one, is ~0.1 px off) and made round
 *     with discard (the snapped circle never meets a sample position).
 *   - GL_LINES, horizontal and vertical, 1 px wide, on pixel-centre rows/columns, with the
 *     start a quarter pixel inside the first pixel and the end 0.4 px into the last, where the
 *     diamond-exit rule and a rectangle rule agree (first included, last excluded).
 *   - GL_LINE_STRIP (a staircase) and GL_LINE_LOOP (a rectangle): at their joints the
 *     implementations may legitimately differ by a pixel, hence MAX_MISMATCH 16.
 */
#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in float a_size;\n"
   "layout(location = 2) in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "out vec4 v_color;\n"
   "flat out float v_size;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0);\n"
   "   gl_PointSize = a_size;\n"
   "   v_color = a_color;\n"
   "   v_size = a_size;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform int u_sprite;\n"
   "in vec4 v_color;\n"
   "flat in float v_size;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "   if (u_sprite == 1) {\n"
   /* Snap to the centre of the sprite pixel: robust to any gl_PointCoord error < 0.5 px. */
   "      vec2 q = (floor(gl_PointCoord * v_size) + 0.5) / v_size;\n"
   "      vec2 d = q - vec2(0.5);\n"
   "      if (dot(d, d) > 0.25) discard;\n"
   "      o_color = vec4(q, v_color.b, 1.0);\n"
   "   } else {\n"
   "      o_color = v_color;\n"
   "   }\n"
   "}\n";

struct vtx {
   GLfloat x, y, size;
   GLubyte rgba[4];
};

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   GLfloat range[2];
   GL(glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, range));
   SCENE_CHECK(range[1] >= 11.0f, "point sizes up to %g only; the scene needs 11", range[1]);

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
   GLint u_sprite = scene_uniform(prog, "u_sprite");

   struct vtx v[64];
   int n = 0;
   /* Points: a row of odd sizes at pixel centres, a row of even sizes at pixel corners. */
   for (int i = 0; i < 4; i++) {
      float size = (float)(1 + i * 2);
      v[n++] = (struct vtx){8.5f + (float)i * 14.0f, 8.5f, size,
                            {(GLubyte)(255 - i * 40), (GLubyte)(80 + i * 50), 60, 255}};
   }
   for (int i = 0; i < 3; i++) {
      float size = (float)(2 + i * 2);
      v[n++] = (struct vtx){8.0f + (float)i * 14.0f, 24.0f, size,
                            {60, (GLubyte)(255 - i * 60), (GLubyte)(120 + i * 60), 255}};
   }
   const int n_points = n;
   /* Sprites. */
   v[n++] = (struct vtx){80.5f, 12.5f, 11.0f, {0, 0, 200, 255}};
   v[n++] = (struct vtx){100.5f, 12.5f, 9.0f, {0, 0, 40, 255}};
   const int n_sprites = n - n_points;
   /* GL_LINES: 4 horizontal, 3 vertical. */
   const int first_line = n;
   for (int i = 0; i < 4; i++) {
      const float y = 40.5f + (float)i * 4.0f;
      GLubyte c[4] = {(GLubyte)(120 + i * 40), 200, (GLubyte)(255 - i * 50), 255};
      v[n++] = (struct vtx){4.25f + (float)i, y, 1, {c[0], c[1], c[2], c[3]}};
      v[n++] = (struct vtx){60.4f - (float)i * 3.0f, y, 1, {c[0], c[1], c[2], c[3]}};
   }
   for (int i = 0; i < 3; i++) {
      const float x = 70.5f + (float)i * 5.0f;
      v[n++] = (struct vtx){x, 36.25f, 1, {255, 255, (GLubyte)(i * 100), 255}};
      v[n++] = (struct vtx){x, 60.4f + (float)i * 2.0f, 1, {255, 255, (GLubyte)(i * 100), 255}};
   }
   const int n_lines = n - first_line;
   /* GL_LINE_STRIP: a staircase, alternating horizontal and vertical segments. */
   const int first_strip = n;
   float sx = 6.25f, sy = 70.5f;
   for (int i = 0; i < 9; i++) {
      v[n++] = (struct vtx){sx, sy, 1, {(GLubyte)(i * 28), 255, 255, 255}};
      if (i % 2 == 0)
         sx += 12.0f;
      else
         sy += 6.0f;
   }
   const int n_strip = n - first_strip;
   /* GL_LINE_LOOP: a rectangle. */
   const int first_loop = n;
   v[n++] = (struct vtx){70.5f, 75.5f, 1, {255, 120, 40, 255}};
   v[n++] = (struct vtx){118.5f, 75.5f, 1, {255, 120, 40, 255}};
   v[n++] = (struct vtx){118.5f, 118.5f, 1, {255, 120, 40, 255}};
   v[n++] = (struct vtx){70.5f, 118.5f, 1, {255, 120, 40, 255}};

   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * (int)sizeof(struct vtx)), v, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0));
   GL(glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)8));
   GL(glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), (void *)12));
   for (GLuint i = 0; i < 3; i++)
      GL(glEnableVertexAttribArray(i));

   GL(glClearColor(0.05f, 0.05f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glLineWidth(1.0f));
   GL_EXPECT(GL_INVALID_VALUE, glLineWidth(-1.0f));
   GLfloat lw = 0.0f;
   GL(glGetFloatv(GL_LINE_WIDTH, &lw));
   SCENE_CHECK(lw == 1.0f, "LINE_WIDTH %g", lw);

   GL(glUniform1i(u_sprite, 0));
   GL(glDrawArrays(GL_POINTS, 0, n_points));
   GL(glUniform1i(u_sprite, 1));
   GL(glDrawArrays(GL_POINTS, n_points, n_sprites));
   GL(glUniform1i(u_sprite, 0));
   GL(glDrawArrays(GL_LINES, first_line, n_lines));
   GL(glDrawArrays(GL_LINE_STRIP, first_strip, n_strip));
   GL(glDrawArrays(GL_LINE_LOOP, first_loop, 4));
   scene_swap(&s);

   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
