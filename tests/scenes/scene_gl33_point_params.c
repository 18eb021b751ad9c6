/*
 * gl33_point_params — OpenGL 3.3 core's glPointParameter (section 3.4):
 *   - POINT_SPRITE_COORD_ORIGIN UPPER_LEFT (the default) and LOWER_LEFT: large points whose
 *     fragment shader writes gl_PointCoord as colour, drawn with each origin (also switched
 *     between draws of one program, and with a second program that reads it differently);
 *   - POINT_FADE_THRESHOLD_SIZE: set and queried (single-sampled points do not fade);
 *   - the f / i / fv / iv forms, glGet of both, and the errors: an origin other than the two
 *     (INVALID_VALUE), a negative threshold (INVALID_VALUE), another pname (INVALID_ENUM).
 * Exact.
 */
#include "scene_common.h"

static const char *vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform float u_size;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); gl_PointSize = u_size; }\n";
static const char *fs_coord =
   "#version 330 core\n"
   "out vec4 o;\n"
   "void main() { o = vec4(gl_PointCoord, 0.25, 1.0); }\n";
static const char *fs_steps =
   "#version 330 core\n"
   "out vec4 o;\n"
   "void main() { o = gl_PointCoord.y < 0.5 ? vec4(1.0, 0.9, 0.1, 1.0) : vec4(0.1, 0.2, 0.9, 1.0); }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 96, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   GLint origin = 0;
   GLfloat fade = 0;
   GL(glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &origin));
   GL(glGetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, &fade));
   SCENE_CHECK(origin == GL_UPPER_LEFT && fade == 1.0f, "initial origin 0x%x fade %g", origin, fade);
   GL_EXPECT(GL_INVALID_VALUE, glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_RED));
   GL_EXPECT(GL_INVALID_VALUE, glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, -1.0f));
   GL_EXPECT(GL_INVALID_ENUM, glPointParameteri(GL_POINT_SIZE, 4));
   GL(glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, 2.5f));
   const GLint ll = GL_LOWER_LEFT;
   GL(glPointParameteriv(GL_POINT_SPRITE_COORD_ORIGIN, &ll));
   GL(glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &origin));
   GL(glGetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, &fade));
   SCENE_CHECK(origin == GL_LOWER_LEFT && fade == 2.5f, "origin 0x%x fade %g", origin, fade);
   const GLfloat ul = (GLfloat)GL_UPPER_LEFT;
   GL(glPointParameterfv(GL_POINT_SPRITE_COORD_ORIGIN, &ul));

   GL(glEnable(GL_PROGRAM_POINT_SIZE));
   GLuint prog[2] = {scene_program(vs, fs_coord, NULL), scene_program(vs, fs_steps, NULL)};
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   /* two rows of three points: x = -2/3, 0, 2/3; y = 0.5, -0.5 */
   const GLfloat pts[12] = {-0.667f, 0.5f, 0.0f, 0.5f, 0.667f, 0.5f, -0.667f, -0.5f, 0.0f, -0.5f, 0.667f, -0.5f};
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(pts), pts, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   for (int i = 0; i < 2; i++) {
      GL(glUseProgram(prog[i]));
      GL(glUniform1f(scene_uniform(prog[i], "u_size"), 24.0f));
   }
   /* top row: gl_PointCoord as colour, UPPER_LEFT, LOWER_LEFT, UPPER_LEFT again */
   GL(glUseProgram(prog[0]));
   GL(glDrawArrays(GL_POINTS, 0, 1));
   GL(glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT));
   GL(glDrawArrays(GL_POINTS, 1, 1));
   GL(glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT));
   GL(glDrawArrays(GL_POINTS, 2, 1));
   /* bottom row: the two-colour program, LOWER_LEFT then UPPER_LEFT, then prog 0 LOWER_LEFT */
   GL(glUseProgram(prog[1]));
   GL(glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT));
   GL(glDrawArrays(GL_POINTS, 3, 1));
   GL(glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT));
   GL(glDrawArrays(GL_POINTS, 4, 1));
   GL(glUseProgram(prog[0]));
   GL(glPointParameterf(GL_POINT_SPRITE_COORD_ORIGIN, (GLfloat)GL_LOWER_LEFT));
   GL(glDrawArrays(GL_POINTS, 5, 1));
   scene_swap(&s);
   GL(glDeleteProgram(prog[0]));
   GL(glDeleteProgram(prog[1]));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   return scene_finish(&s);
}
