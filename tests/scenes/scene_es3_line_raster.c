/*
 * es3_line_raster — OpenGL ES 3.0 aliased lines as section 3.5 rasterizes them, compared
 * exactly with llvmpipe: the diamond-exit rule for one-pixel lines at slopes between the
 * axes (where it and Vulkan's default parallelogram lines disagree), and wide lines (3 and 4
 * pixels) widened along the minor axis, as GL_LINES, GL_LINE_STRIP and GL_LINE_LOOP, with
 * colours interpolated along each line.
 */
#include <math.h>

#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0);\n"
   "   v_color = a_color;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "in vec4 v_color;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = v_color; }\n";

struct vtx {
   GLfloat x, y;
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
   GL(glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range));
   SCENE_CHECK(range[1] >= 4.0f, "line widths up to %g only; the scene needs 4", range[1]);

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));

   struct vtx v[96];
   int n = 0;
   /* A fan of 12 one-pixel lines from one centre, at slopes through every octant; the
    * endpoints are off the pixel grid (x.3, y.7) so no sample sits on a diamond's edge. */
   for (int i = 0; i < 12; i++) {
      const float a = (float)i * 0.5236f + 0.1f;
      const GLubyte c = (GLubyte)(40 + i * 18);
      v[n++] = (struct vtx){32.3f, 32.7f, {255, c, 40, 255}};
      v[n++] = (struct vtx){32.3f + 27.0f * cosf(a), 32.7f + 27.0f * sinf(a), {40, 255 - c, 255, 255}};
   }
   const int n_fan = n;
   /* Wide GL_LINES: width 3 (odd) and 4 (even), x-major and y-major. */
   const int first_wide = n;
   v[n++] = (struct vtx){70.3f, 8.7f, {255, 255, 0, 255}};
   v[n++] = (struct vtx){122.6f, 22.2f, {0, 255, 255, 255}};
   v[n++] = (struct vtx){72.2f, 28.4f, {255, 0, 255, 255}};
   v[n++] = (struct vtx){86.7f, 60.1f, {255, 255, 255, 255}};
   v[n++] = (struct vtx){95.1f, 58.3f, {0, 128, 255, 255}};
   v[n++] = (struct vtx){121.8f, 30.6f, {255, 128, 0, 255}};
   /* A zig-zag strip of one-pixel lines. */
   const int first_strip = n;
   for (int i = 0; i < 8; i++)
      v[n++] = (struct vtx){6.3f + (float)i * 7.1f, (i & 1) ? 74.2f : 88.6f + (float)i, {(GLubyte)(i * 30), 255, 120, 255}};
   const int n_strip = n - first_strip;
   /* A width-3 loop: a skewed quadrilateral. */
   const int first_loop = n;
   v[n++] = (struct vtx){72.4f, 72.3f, {255, 80, 80, 255}};
   v[n++] = (struct vtx){118.2f, 80.6f, {80, 255, 80, 255}};
   v[n++] = (struct vtx){110.7f, 119.4f, {80, 80, 255, 255}};
   v[n++] = (struct vtx){77.6f, 112.1f, {255, 255, 80, 255}};
   /* A width-4 strip, y-major then x-major. */
   const int first_strip4 = n;
   v[n++] = (struct vtx){8.6f, 100.3f, {200, 200, 255, 255}};
   v[n++] = (struct vtx){20.3f, 124.2f, {255, 100, 0, 255}};
   v[n++] = (struct vtx){58.7f, 110.6f, {0, 200, 100, 255}};
   const int n_strip4 = n - first_strip4;

   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * (int)sizeof(struct vtx)), v, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), (void *)8));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));

   GL(glClearColor(0.05f, 0.05f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glLineWidth(1.0f));
   GL(glDrawArrays(GL_LINES, 0, n_fan));
   GL(glDrawArrays(GL_LINE_STRIP, first_strip, n_strip));
   GL(glLineWidth(3.0f));
   GL(glDrawArrays(GL_LINES, first_wide, 4));
   GL(glDrawArrays(GL_LINE_LOOP, first_loop, 4));
   GL(glLineWidth(4.0f));
   GL(glDrawArrays(GL_LINES, first_wide + 4, 2));
   GL(glDrawArrays(GL_LINE_STRIP, first_strip4, n_strip4));
   GLfloat lw = 0.0f;
   GL(glGetFloatv(GL_LINE_WIDTH, &lw));
   SCENE_CHECK(lw == 4.0f, "LINE_WIDTH %g", lw);
   scene_swap(&s);

   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
