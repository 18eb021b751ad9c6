/*
 * gl33_cube — OpenGL 3.3 core profile (EGL_KHR_create_context, eglBindAPI(EGL_OPENGL_API)),
 * GLSL 3.30 core, on a 128x128 pbuffer with depth24.
 * Two instances of a lit cube (DrawElementsInstanced, UNSIGNED_INT indices, per-instance model
 * matrix built from a per-instance angle with divisor 1) over a depth-tested floor drawn as a
 * GL_TRIANGLE_FAN, back faces culled with FrontFace(CW) on reversed geometry.
 * Core-profile checks: drawing without a VAO is INVALID_OPERATION; GL_EXTENSIONS only through
 * glGetStringi (scene_common). Also glReadPixels with GL_RGB and an odd width at
 * PACK_ALIGNMENT 4 vs 1, checking that the padding bytes are untouched.
 * Tolerance as es3_cube: per-fragment lighting (2), perspective edges (40 pixels).
 */
#include "scene_common.h"

#include <stdio.h>
#include <string.h>

static const char *vs_src =
   "#version 330 core\n"
   "layout(location = 0) in vec3 a_pos;\n"
   "layout(location = 1) in vec3 a_normal;\n"
   "layout(location = 2) in float a_angle;\n" /* per instance, degrees */
   "uniform mat4 u_view_proj;\n"
   "uniform vec3 u_offsets[2];\n"
   "uniform ivec2 u_instance_base;\n"
   "out vec3 v_normal;\n"
   "flat out int v_face;\n"
   "void main() {\n"
   "   float a = radians(a_angle);\n"
   "   mat3 ry = mat3(cos(a), 0.0, -sin(a), 0.0, 1.0, 0.0, sin(a), 0.0, cos(a));\n"
   "   mat3 rx = mat3(1.0, 0.0, 0.0, 0.0, cos(0.6), sin(0.6), 0.0, -sin(0.6), cos(0.6));\n"
   "   mat3 r = rx * ry;\n"
   "   vec3 p = r * (a_pos * 0.7) + u_offsets[gl_InstanceID + u_instance_base.x];\n"
   "   gl_Position = u_view_proj * vec4(p, 1.0);\n"
   "   v_normal = r * a_normal;\n"
   "   v_face = u_instance_base.y != 0 ? u_instance_base.y : gl_VertexID / 4;\n"
   "}\n";

static const char *fs_src =
   "#version 330 core\n"
   "in vec3 v_normal;\n"
   "flat in int v_face;\n"
   "uniform vec4 u_colors[7];\n"
   "uniform vec3 u_light;\n"
   "layout(location = 0) out vec4 o_color;\n"
   "void main() {\n"
   "   float d = max(dot(normalize(v_normal), u_light), 0.0);\n"
   "   o_color = vec4(u_colors[v_face].rgb * (0.3 + 0.7 * d), 1.0);\n"
   "}\n";

static void
check_pack_rgb(void)
{
   /* 7 pixels of RGB = 21 bytes a row: alignment 4 pads to 24, alignment 1 is tight. */
   enum { W = 7, H = 3 };
   uint8_t tight[W * 3 * H], padded[24 * H + 8];
   memset(tight, 0xCD, sizeof(tight));
   memset(padded, 0xCD, sizeof(padded));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
   GL(glReadPixels(60, 60, W, H, GL_RGB, GL_UNSIGNED_BYTE, tight));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
   GL(glReadPixels(60, 60, W, H, GL_RGB, GL_UNSIGNED_BYTE, padded));
   for (int y = 0; y < H; y++) {
      SCENE_CHECK(memcmp(padded + y * 24, tight + y * W * 3, W * 3) == 0,
                  "RGB row %d differs between PACK_ALIGNMENT 4 and 1", y);
      for (int x = W * 3; x < 24; x++)
         SCENE_CHECK(padded[y * 24 + x] == 0xCD, "padding byte %d of row %d written", x, y);
   }
   for (size_t i = 2 * 24 + W * 3; i < sizeof(padded); i++)
      SCENE_CHECK(padded[i] == 0xCD, "byte %zu past the last row written", i);
   /* Also a single-channel read (GL allows GL_RED for glReadPixels): matches the red bytes. */
   uint8_t reds[W * H + 4];
   memset(reds, 0xCD, sizeof(reds));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
   GL(glReadPixels(60, 60, W, H, GL_RED, GL_UNSIGNED_BYTE, reds));
   for (int i = 0; i < W * H; i++)
      SCENE_CHECK(reds[i] == tight[i * 3], "GL_RED read %d: %u vs %u", i, reds[i], tight[i * 3]);
   SCENE_CHECK(reds[W * H] == 0xCD, "GL_RED read wrote past the end");
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128,
                                    .depth_bits = 24};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);

   /* From the OpenGL 3.3 core spec, appendix E.2.2: with no vertex array object bound,
    * drawing is INVALID_OPERATION. */
   GL_EXPECT(GL_INVALID_OPERATION, glDrawArrays(GL_TRIANGLES, 0, 3));
   GL_EXPECT(GL_INVALID_ENUM, glBindBuffer(0x7777, 0));

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));

   /* Cube: 24 vertices; faces wound clockwise as seen from outside (FrontFace(CW) below). */
   GLfloat verts[24 * 6];
   for (int f = 0; f < 6; f++) {
      int axis = f / 2, ua = (axis + 1) % 3, va = (axis + 2) % 3;
      float sign = (f & 1) ? -1.0f : 1.0f;
      static const float corners[4][2] = {{-1, -1}, {-1, 1}, {1, 1}, {1, -1}}; /* CW */
      for (int c = 0; c < 4; c++) {
         GLfloat *v = verts + (f * 4 + c) * 6;
         v[axis] = sign;
         v[ua] = corners[c][0];
         v[va] = corners[c][1] * sign;
         v[3] = v[4] = v[5] = 0.0f;
         v[3 + axis] = sign;
      }
   }
   GLuint idx[36];
   for (int f = 0; f < 6; f++) {
      static const GLuint q[6] = {0, 1, 2, 0, 2, 3};
      for (int i = 0; i < 6; i++)
         idx[f * 6 + i] = (GLuint)(f * 4) + q[i];
   }
   static const GLfloat angles[2] = {25.0f, -40.0f};
   /* Floor: a fan, centre + 8 rim points (CW from above, the floor faces +y). */
   GLfloat floor_v[10 * 6];
   for (int i = 0; i < 10; i++) {
      float x = 0.0f, z = 0.0f;
      if (i > 0) {
         static const float rim[9][2] = {{3, 0}, {2, -2}, {0, -3}, {-2, -2}, {-3, 0},
                                         {-2, 2}, {0, 3},  {2, 2},   {3, 0}};
         x = rim[i - 1][0];
         z = rim[i - 1][1];
      }
      GLfloat *v = floor_v + i * 6;
      v[0] = x;
      v[1] = -1.2f;
      v[2] = z;
      v[3] = 0.0f;
      v[4] = 1.0f;
      v[5] = 0.0f;
   }
   /* Reverse the fan's rim order so it is clockwise seen from above. */
   for (int i = 1, j = 9; i < j; i++, j--)
      for (int k = 0; k < 6; k++) {
         GLfloat t = floor_v[i * 6 + k];
         floor_v[i * 6 + k] = floor_v[j * 6 + k];
         floor_v[j * 6 + k] = t;
      }

   GLuint vao[2], buf[4];
   GL(glGenVertexArrays(2, vao));
   GL(glGenBuffers(4, buf));
   GL(glBindVertexArray(vao[0]));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[0]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 24, (void *)0));
   GL(glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 24, (void *)12));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[1]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(angles), angles, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glVertexAttribDivisor(2, 1));
   GL(glEnableVertexAttribArray(2));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[2]));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW));

   GL(glBindVertexArray(vao[1]));
   GL(glBindBuffer(GL_ARRAY_BUFFER, buf[3]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(floor_v), floor_v, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 24, (void *)0));
   GL(glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 24, (void *)12));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   GL(glDisableVertexAttribArray(2));
   GL(glVertexAttrib1f(2, 0.0f));

   const GLfloat colors[7][4] = {{0.9f, 0.25f, 0.2f, 1}, {0.25f, 0.85f, 0.3f, 1},
                                 {0.3f, 0.4f, 0.95f, 1}, {0.9f, 0.85f, 0.2f, 1},
                                 {0.85f, 0.3f, 0.85f, 1}, {0.2f, 0.85f, 0.85f, 1},
                                 {0.55f, 0.5f, 0.45f, 1}};
   GL(glUniform4fv(scene_uniform(prog, "u_colors"), 7, &colors[0][0]));
   GL(glUniform3f(scene_uniform(prog, "u_light"), 0.267261f, 0.801784f, 0.534522f));
   const GLfloat offsets[6] = {-0.9f, 0.0f, 0.0f, 1.0f, 0.2f, -0.8f};
   GL(glUniform3fv(scene_uniform(prog, "u_offsets"), 2, offsets));
   GLint u_base = scene_uniform(prog, "u_instance_base");
   GL_EXPECT(GL_INVALID_OPERATION, glUniform2f(u_base, 0.0f, 0.0f));
   float proj[16], view[16], rx[16], pv[16];
   scene_mat4_perspective(proj, 45.0f, 1.0f, 1.0f, 30.0f);
   scene_mat4_translate(view, 0.0f, -0.2f, -7.0f);
   scene_mat4_rotate(rx, 20.0f, 1.0f, 0.0f, 0.0f);
   scene_mat4_mul(view, view, rx);
   scene_mat4_mul(pv, proj, view);
   GL(glUniformMatrix4fv(scene_uniform(prog, "u_view_proj"), 1, GL_FALSE, pv));

   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LEQUAL));
   GL(glEnable(GL_CULL_FACE));
   GL(glCullFace(GL_BACK));
   GL(glFrontFace(GL_CW));
   GL(glClearColor(0.1f, 0.12f, 0.16f, 1.0f));
   GL(glClearDepth(1.0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));

   GL(glBindVertexArray(vao[1]));
   GL(glUniform2i(u_base, 0, 6)); /* floor colour */
   GL(glDrawArrays(GL_TRIANGLE_FAN, 0, 10));
   GL(glBindVertexArray(vao[0]));
   GL(glUniform2i(u_base, 0, 0));
   GL(glDrawElementsInstanced(GL_TRIANGLES, 36, GL_UNSIGNED_INT, (void *)0, 2));
   GL_EXPECT(GL_INVALID_VALUE,
             glDrawElementsInstanced(GL_TRIANGLES, 36, GL_UNSIGNED_INT, (void *)0, -1));
   scene_swap(&s);

   check_pack_rgb();

   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(2, vao));
   GL(glDeleteBuffers(4, buf));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
