/*
 * es2_attrib_alias — GLSL ES 1.00 attribute aliasing (OpenGL ES 3.0 section 2.11.5: "aliasing
 * is possible in OpenGL ES Shading Language 1.00 vertex shaders ... if no path through the
 * shader consumes more than one attribute of a set of attributes aliased to the same
 * location"), drawn against llvmpipe:
 *   - a vec2 and a vec4 bound to one location, picked per draw by a uniform;
 *   - a mat2 over two locations whose second column aliases a vec4;
 *   - an aliased location fed by a vertex array, then by the current value (glVertexAttrib4f).
 */
#include "scene_common.h"

static const char *vs_src =
   "#version 100\n"
   "attribute vec2 a_pos;\n"
   "attribute vec2 a_0;\n"
   "attribute vec4 a_1;\n"
   "attribute mat2 a_m;\n"
   "attribute vec4 a_col1;\n"
   "uniform int u_which;\n"
   "varying vec4 v_color;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   if (u_which == 0) v_color = vec4(a_0, 0.25, 1.0);\n"
   "   else if (u_which == 1) v_color = a_1;\n"
   "   else if (u_which == 2) v_color = vec4(a_m[0], a_m[1]);\n"
   "   else v_color = a_col1.wzyx;\n"
   "}\n";

static const char *fs_src =
   "#version 100\n"
   "precision mediump float;\n"
   "varying vec4 v_color;\n"
   "void main() { gl_FragColor = v_color; }\n";

static GLuint
link_aliased(void)
{
   GLuint prog = glCreateProgram();
   GL(glAttachShader(prog, scene_compile(GL_VERTEX_SHADER, vs_src)));
   GL(glAttachShader(prog, scene_compile(GL_FRAGMENT_SHADER, fs_src)));
   GL(glBindAttribLocation(prog, 0, "a_pos"));
   GL(glBindAttribLocation(prog, 1, "a_0"));
   GL(glBindAttribLocation(prog, 1, "a_1"));
   GL(glBindAttribLocation(prog, 2, "a_m"));   /* locations 2 and 3 */
   GL(glBindAttribLocation(prog, 3, "a_col1")); /* the matrix's second column */
   GL(glLinkProgram(prog));
   GLint ok = GL_FALSE;
   GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
   SCENE_CHECK(ok == GL_TRUE, "a GLSL ES 1.00 program with aliased attributes must link");
   SCENE_CHECK(glGetAttribLocation(prog, "a_0") == 1 && glGetAttribLocation(prog, "a_1") == 1 &&
                  glGetAttribLocation(prog, "a_m") == 2 && glGetAttribLocation(prog, "a_col1") == 3,
               "aliased attribute locations");
   GLint n = 0;
   GL(glGetProgramiv(prog, GL_ACTIVE_ATTRIBUTES, &n));
   SCENE_CHECK(n == 5, "ACTIVE_ATTRIBUTES %d", n);
   return prog;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES2, .width = 64, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = link_aliased();
   GL(glUseProgram(prog));
   GLint u_which = scene_uniform(prog, "u_which");

   /* four quads, one per u_which; per-vertex data at locations 1..3 varies across each */
   static const GLfloat pos[] = {-1, -1, 0, -1, -1, 0, 0, 0};
   GLfloat data[3][4][4];
   for (int l = 0; l < 3; l++)
      for (int v = 0; v < 4; v++)
         for (int c = 0; c < 4; c++)
            data[l][v][c] = (float)((l * 5 + v * 3 + c * 7) % 11) / 10.0f;
   GLuint vbo;
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_STATIC_DRAW));
   for (GLuint l = 1; l <= 3; l++) {
      GL(glVertexAttribPointer(l, 4, GL_FLOAT, GL_FALSE, 0, (void *)(uintptr_t)((l - 1) * sizeof(data[0]))));
      GL(glEnableVertexAttribArray(l));
   }
   GL(glBindBuffer(GL_ARRAY_BUFFER, 0));
   GL(glEnableVertexAttribArray(0));
   GL(glClearColor(0.0f, 0.0f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   for (int w = 0; w < 4; w++) {
      GLfloat p[8];
      for (int i = 0; i < 8; i++)
         p[i] = pos[i] + ((i % 2 == 0) ? (float)(w % 2) : (float)(w / 2));
      GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, p));
      GL(glUniform1i(u_which, w));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* the aliased location 1 from its current value: both names read it */
   GL(glDisableVertexAttribArray(1));
   GL(glVertexAttrib4f(1, 0.9f, 0.6f, 0.3f, 1.0f));
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(0, 0, 16, 16));
   GLfloat p[8];
   for (int i = 0; i < 8; i++)
      p[i] = pos[i];
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, p));
   GL(glUniform1i(u_which, 0));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glScissor(16, 0, 16, 16));
   GL(glUniform1i(u_which, 1));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDisable(GL_SCISSOR_TEST));
   scene_swap(&s);
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
