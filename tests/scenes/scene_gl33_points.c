/*
 * gl33_points — OpenGL 3.3 core GL_POINTS and where their size comes from. From the OpenGL
 * 3.3 core spec, section 3.4: "If program point size mode is enabled, the derived point size
 * is taken from the (potentially clipped) shader built-in gl_PointSize ... If program point
 * size mode is disabled, the derived point size is specified with the command
 * void PointSize(float size)". Rows of points, bottom to top:
 *   (a) a program that does not write gl_PointSize, glPointSize(1), then glPointSize(5);
 *   (b) a program that writes gl_PointSize = 3.0 with GL_PROGRAM_POINT_SIZE enabled (3);
 *   (c) the same program with it disabled and glPointSize(7) (7, the shader's 3 ignored);
 *   (d) both programs interleaved at glPointSize(3), PROGRAM_POINT_SIZE disabled, after the
 *       enable/disable churn (pipelines cached per rasterizer state must not mix up);
 *   (e) the program of (a) at glPointSize(1) once more.
 * Every size is odd and every point sits on a pixel centre, so each square's edges lie on
 * pixel edges and no pixel centre is ambiguous: exact, default tolerance.
 * Also: GL_PROGRAM_POINT_SIZE starts disabled (glIsEnabled), GL_POINT_SIZE reads back,
 * glPointSize(0) is INVALID_VALUE.
 */
#include "scene_common.h"

static const char *vs_fixed_src =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0);\n"
   "   v_color = a_color;\n"
   "}\n";

static const char *vs_sized_src =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0);\n"
   "   gl_PointSize = 3.0;\n"
   "   v_color = a_color.bgra;\n"
   "}\n";

static const char *fs_src =
   "#version 330 core\n"
   "in vec4 v_color;\n"
   "layout(location = 0) out vec4 o_color;\n"
   "void main() { o_color = v_color; }\n";

struct vtx {
   GLfloat x, y;
   GLubyte rgba[4];
};

enum { ROW_POINTS = 7 };

/* One row of ROW_POINTS points at window y (a pixel centre), 16 px apart. */
static void
fill_row(struct vtx *v, float y, int seed)
{
   for (int i = 0; i < ROW_POINTS; i++) {
      const GLubyte r = (GLubyte)(60 + 30 * i), g = (GLubyte)(230 - 25 * i);
      v[i] = (struct vtx){12.5f + 16.0f * (float)i, y, {r, g, (GLubyte)(40 + 50 * seed), 255}};
   }
}

static GLuint
program_with_half(const char *vs)
{
   GLuint prog = scene_program(vs, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
   return prog;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   GLfloat range[2];
   GL(glGetFloatv(GL_POINT_SIZE_RANGE, range));
   SCENE_CHECK(range[0] <= 1.0f && range[1] >= 7.0f, "point sizes %g..%g; the scene needs 1..7",
               range[0], range[1]);
   SCENE_CHECK(!glIsEnabled(GL_PROGRAM_POINT_SIZE), "GL_PROGRAM_POINT_SIZE starts enabled");
   GL_EXPECT(GL_INVALID_VALUE, glPointSize(0.0f));

   /* Rows: (a) size 1 and 5, (b) 3, (c) 7, (d) 3 from both programs, (e) 1. */
   struct vtx v[6 * ROW_POINTS];
   fill_row(v + 0 * ROW_POINTS, 8.5f, 0);
   fill_row(v + 1 * ROW_POINTS, 24.5f, 1);
   fill_row(v + 2 * ROW_POINTS, 44.5f, 2);
   fill_row(v + 3 * ROW_POINTS, 66.5f, 3);
   fill_row(v + 4 * ROW_POINTS, 92.5f, 4);
   fill_row(v + 5 * ROW_POINTS, 114.5f, 0);

   GLuint vao, buf;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &buf));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), (void *)8));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));

   GL(glClearColor(0.08f, 0.1f, 0.14f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   GLuint fixed = program_with_half(vs_fixed_src);
   GLuint sized = program_with_half(vs_sized_src);

   /* (a) glPointSize decides: the shader writes no size. */
   GL(glUseProgram(fixed));
   GL(glPointSize(1.0f));
   GL(glDrawArrays(GL_POINTS, 0 * ROW_POINTS, ROW_POINTS));
   GL(glPointSize(5.0f));
   GLfloat got = 0.0f;
   GL(glGetFloatv(GL_POINT_SIZE, &got));
   SCENE_CHECK(got == 5.0f, "GL_POINT_SIZE reads %g, set 5", got);
   GL(glDrawArrays(GL_POINTS, 1 * ROW_POINTS, ROW_POINTS));

   /* (b) program point size mode: the shader's 3. */
   GL(glUseProgram(sized));
   GL(glEnable(GL_PROGRAM_POINT_SIZE));
   SCENE_CHECK(glIsEnabled(GL_PROGRAM_POINT_SIZE), "GL_PROGRAM_POINT_SIZE not enabled");
   GL(glDrawArrays(GL_POINTS, 2 * ROW_POINTS, ROW_POINTS));

   /* (c) mode disabled: glPointSize(7), whatever the shader writes. */
   GL(glDisable(GL_PROGRAM_POINT_SIZE));
   GL(glPointSize(7.0f));
   GL(glDrawArrays(GL_POINTS, 3 * ROW_POINTS, ROW_POINTS));

   /* (d) both programs at glPointSize(3), alternating draws within one row. */
   GL(glPointSize(3.0f));
   for (int i = 0; i < ROW_POINTS; i++) {
      GL(glUseProgram(i % 2 ? sized : fixed));
      GL(glDrawArrays(GL_POINTS, 4 * ROW_POINTS + i, 1));
   }
   /* (e) the size-1 pipeline of (a) once more, after the state churn. */
   GL(glUseProgram(fixed));
   GL(glPointSize(1.0f));
   GL(glDrawArrays(GL_POINTS, 5 * ROW_POINTS, ROW_POINTS));
   scene_swap(&s);

   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &buf));
   GL(glDeleteProgram(fixed));
   GL(glDeleteProgram(sized));
   return scene_finish(&s);
}
