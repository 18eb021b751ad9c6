/*
 * es3_current_attrib — current generic attribute values (no array enabled) of every type
 * feed a program: float (glVertexAttrib4f / 4fv), signed and unsigned integer
 * (glVertexAttribI4i / I4ui, I4iv / I4uiv) inputs, and read back with glGetVertexAttrib*.
 * Built as gl33_current_attrib: also the GL-only normalized (4Nub, 4Nsv) and packed (P4ui)
 * forms. One 16x16 quad per value; exact.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs_src =
#ifdef SCENE_API_GL33
   "#version 330 core\n"
#else
   "#version 300 es\n"
#endif
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec4 a_f;\n"
   "layout(location = 2) in ivec4 a_i;\n"
   "layout(location = 3) in uvec4 a_u;\n"
   "uniform int u_which;\n"
   "flat out vec4 v_color;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   if (u_which == 0) v_color = a_f;\n"
   "   else if (u_which == 1) v_color = vec4(a_i) / 255.0 + vec4(a_i.w < 0 ? 0.5 : 0.0);\n"
   "   else v_color = vec4(a_u & 0xffu) / 255.0;\n"
   "}\n";

static const char *fs_src =
#ifdef SCENE_API_GL33
   "#version 330 core\n"
#else
   "#version 300 es\n"
   "precision highp float;\n"
#endif
   "flat in vec4 v_color;\n"
   "out vec4 o;\n"
   "void main() { o = v_color; }\n";

int
main(int argc, char **argv)
{
   struct scene s;
#ifdef SCENE_API_GL33
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
#else
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
#endif
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GLint u_which = scene_uniform(prog, "u_which");
#ifdef SCENE_API_GL33
   /* core: client arrays need a VAO and a buffer */
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
#endif
   GL(glEnableVertexAttribArray(0));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* position per quad from a small buffer */
   float pos[8];
   for (int k = 0; k < 12; k++) {
      float x0 = -1.0f + (float)(k % 8) * 0.25f, y0 = -1.0f + (float)(k / 8) * 0.25f;
      const float v[] = {x0, y0, x0 + 0.25f, y0, x0, y0 + 0.25f, x0 + 0.25f, y0 + 0.25f};
      memcpy(pos, v, sizeof(pos));
#ifdef SCENE_API_GL33
      GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STREAM_DRAW));
      GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
#else
      GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos));
#endif
      int which = 0;
      switch (k) {
      case 0: GL(glVertexAttrib4f(1, 1.0f, 0.5f, 0.25f, 1.0f)); break;
      case 1: {
         const GLfloat f[] = {0.2f, 0.4f, 0.6f, 1.0f};
         GL(glVertexAttrib4fv(1, f));
         break;
      }
      case 2: GL(glVertexAttrib2f(1, 0.75f, 0.125f)); break; /* (x, y, 0, 1) */
      case 3: which = 1; GL(glVertexAttribI4i(2, 255, 128, 64, 255)); break;
      case 4: {
         which = 1;
         const GLint v[] = {10, 200, 30, -1}; /* w < 0: + 0.5 */
         GL(glVertexAttribI4iv(2, v));
         break;
      }
      case 5: which = 2; GL(glVertexAttribI4ui(3, 0x1ff, 0x80, 0xff, 0x13f)); break;
      case 6: {
         which = 2;
         const GLuint v[] = {0xffffff00u, 0x40, 0xc0, 0xff};
         GL(glVertexAttribI4uiv(3, v));
         break;
      }
#ifdef SCENE_API_GL33
      case 7: GL(glVertexAttrib4Nub(1, 255, 128, 0, 255)); break;
      case 8: {
         const GLshort v[] = {32767, 0, -32768, 32767};
         GL(glVertexAttrib4Nsv(1, v));
         break;
      }
      case 9: /* packed 2_10_10_10: x = 1023, y = 512, z = 0, w = 3 */
         GL(glVertexAttribP4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 1023u | 512u << 10 | 3u << 30));
         break;
      case 10: GL(glVertexAttrib3d(1, 0.5, 0.25, 1.0)); break;
      case 11: GL(glVertexAttribI4ubv(3, (const GLubyte[]){1, 2, 250, 255})); which = 2; break;
#else
      default: GL(glVertexAttrib1f(1, 0.9f)); break;
#endif
      }
      GL(glUniform1i(u_which, which));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* read back */
   GLint iv[4];
   GLuint uv[4];
   GLfloat fv[4];
   GL(glGetVertexAttribIiv(2, GL_CURRENT_VERTEX_ATTRIB, iv));
   SCENE_CHECK(iv[0] == 10 && iv[1] == 200 && iv[3] == -1, "GetVertexAttribIiv %d %d %d %d", iv[0], iv[1], iv[2],
               iv[3]);
   GL(glGetVertexAttribIuiv(3, GL_CURRENT_VERTEX_ATTRIB, uv));
#ifdef SCENE_API_GL33
   SCENE_CHECK(uv[0] == 1 && uv[2] == 250 && uv[3] == 255, "GetVertexAttribIuiv %u %u %u %u", uv[0], uv[1], uv[2], uv[3]);
#else
   SCENE_CHECK(uv[0] == 0xffffff00u && uv[1] == 0x40, "GetVertexAttribIuiv %u %u %u %u", uv[0], uv[1], uv[2], uv[3]);
#endif
   GL(glVertexAttrib4f(1, 0.5f, 0.25f, 2.0f, -1.0f));
   GL(glGetVertexAttribfv(1, GL_CURRENT_VERTEX_ATTRIB, fv));
   SCENE_CHECK(fv[0] == 0.5f && fv[1] == 0.25f && fv[2] == 2.0f && fv[3] == -1.0f, "GetVertexAttribfv");
   GL_EXPECT(GL_INVALID_VALUE, glVertexAttribI4i(1000, 0, 0, 0, 0));
   return scene_finish(&s);
}
