/*
 * es3_cube — OpenGL ES 3.0, GLSL ES 3.00: two lit cubes at fixed angles that interpenetrate,
 * depth-tested (depth24 config), back faces culled, perspective projection.
 * Covers VAOs, an interleaved vertex buffer, DrawElements with UNSIGNED_SHORT indices from an
 * element buffer bound in the VAO, UniformMatrix4fv / UniformMatrix3fv (normal matrix),
 * Uniform3fv with an array, DepthFunc/ClearDepthf, CullFace/FrontFace, VAO binding queries.
 * Tolerance: lighting is computed per fragment in float (2 per channel); the slanted,
 * perspective-projected edges may land differently on pixels whose centre is within the
 * implementation's sub-pixel precision of an edge (up to 40 pixels).
 */
#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec3 a_pos;\n"
   "layout(location = 1) in vec3 a_normal;\n"
   "uniform mat4 u_mvp;\n"
   "uniform mat3 u_normal_matrix;\n"
   "out vec3 v_normal;\n"
   "flat out int v_face;\n"
   "void main() {\n"
   "   gl_Position = u_mvp * vec4(a_pos, 1.0);\n"
   "   v_normal = u_normal_matrix * a_normal;\n"
   "   v_face = gl_VertexID / 4;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "in vec3 v_normal;\n"
   "flat in int v_face;\n"
   "uniform vec3 u_face_colors[6];\n"
   "uniform vec3 u_light_dir;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "   float d = max(dot(normalize(v_normal), u_light_dir), 0.0);\n"
   "   o_color = vec4(u_face_colors[v_face] * (0.25 + 0.75 * d), 1.0);\n"
   "}\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128,
                                    .depth_bits = 24};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   GLint depth_bits = 0;
   GL(glGetIntegerv(GL_DEPTH_BITS, &depth_bits));
   SCENE_CHECK(depth_bits >= 24, "DEPTH_BITS %d", depth_bits);

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   SCENE_CHECK(glGetAttribLocation(prog, "a_normal") == 1, "layout(location=1) not honoured");
   GL(glUseProgram(prog));

   /* 24 vertices: 4 per face, position + normal. Faces: +X -X +Y -Y +Z -Z, CCW outside. */
   static const GLfloat n[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                   {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
   GLfloat verts[24 * 6];
   for (int f = 0; f < 6; f++) {
      /* Two tangent axes u, v with u x v = n. */
      int axis = f / 2;
      float sign = (f & 1) ? -1.0f : 1.0f;
      int ua = (axis + 1) % 3, va = (axis + 2) % 3;
      static const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      for (int c = 0; c < 4; c++) {
         GLfloat *v = verts + (f * 4 + c) * 6;
         v[axis] = sign;
         v[ua] = corners[c][0];
         v[va] = corners[c][1] * sign;
         v[3] = n[f][0];
         v[4] = n[f][1];
         v[5] = n[f][2];
      }
   }
   GLushort idx[36];
   for (int f = 0; f < 6; f++) {
      static const GLushort q[6] = {0, 1, 2, 0, 2, 3};
      for (int i = 0; i < 6; i++)
         idx[f * 6 + i] = (GLushort)(f * 4 + q[i]);
   }

   GLuint vao, bufs[2];
   GL(glGenVertexArrays(1, &vao));
   SCENE_CHECK(!glIsVertexArray(vao), "glIsVertexArray true before first bind");
   GL(glBindVertexArray(vao));
   SCENE_CHECK(glIsVertexArray(vao), "glIsVertexArray false after bind");
   GL(glGenBuffers(2, bufs));
   GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[0]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat), (void *)0));
   GL(glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat),
                            (void *)(3 * sizeof(GLfloat))));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   /* The element buffer binding is VAO state: unbinding the VAO hides it. */
   GL(glBindVertexArray(0));
   GLint eb = -1;
   GL(glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &eb));
   SCENE_CHECK(eb == 0, "ELEMENT_ARRAY_BUFFER_BINDING %d with VAO 0", eb);
   GL(glBindVertexArray(vao));
   GL(glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &eb));
   SCENE_CHECK((GLuint)eb == bufs[1], "ELEMENT_ARRAY_BUFFER_BINDING %d in the VAO", eb);
   GLint vab = -1;
   GL(glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vab));
   SCENE_CHECK((GLuint)vab == vao, "VERTEX_ARRAY_BINDING %d", vab);
   GL_EXPECT(GL_INVALID_OPERATION, glBindVertexArray(vao + 1000));

   static const GLfloat colors[6][3] = {{0.9f, 0.2f, 0.2f}, {0.2f, 0.9f, 0.2f},
                                        {0.2f, 0.3f, 0.95f}, {0.9f, 0.9f, 0.2f},
                                        {0.9f, 0.3f, 0.9f},  {0.2f, 0.9f, 0.9f}};
   GL(glUniform3fv(scene_uniform(prog, "u_face_colors"), 6, &colors[0][0]));
   const GLfloat light[3] = {0.267261f, 0.534522f, 0.801784f}; /* normalize(1,2,3) */
   GL(glUniform3fv(scene_uniform(prog, "u_light_dir"), 1, light));
   GLint u_mvp = scene_uniform(prog, "u_mvp");
   GLint u_nm = scene_uniform(prog, "u_normal_matrix");
   GL_EXPECT(GL_INVALID_OPERATION, glUniformMatrix3fv(u_mvp, 1, GL_FALSE, light));

   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   GL(glEnable(GL_CULL_FACE));
   GL(glCullFace(GL_BACK));
   GL(glFrontFace(GL_CCW));
   GL(glClearColor(0.05f, 0.05f, 0.1f, 1.0f));
   GL(glClearDepthf(1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
   GLboolean on = GL_FALSE;
   GL(glGetBooleanv(GL_DEPTH_TEST, &on));
   SCENE_CHECK(on == GL_TRUE, "DEPTH_TEST not reported on");
   GLint v = 0;
   GL(glGetIntegerv(GL_DEPTH_FUNC, &v));
   SCENE_CHECK(v == GL_LESS, "DEPTH_FUNC 0x%x", v);
   GL(glGetIntegerv(GL_CULL_FACE_MODE, &v));
   SCENE_CHECK(v == GL_BACK, "CULL_FACE_MODE 0x%x", v);

   float proj[16], view[16], pv[16];
   scene_mat4_perspective(proj, 50.0f, 1.0f, 1.0f, 20.0f);
   scene_mat4_translate(view, 0.0f, 0.0f, -6.0f);
   scene_mat4_mul(pv, proj, view);

   static const struct {
      float tx, ty, tz, angle, ax, ay, az, scale;
   } cubes[2] = {
      {-0.6f, 0.3f, 0.0f, 33.0f, 1.0f, 1.0f, 0.2f, 1.0f},
      {0.9f, -0.5f, -0.4f, 57.0f, -0.3f, 1.0f, 0.6f, 0.8f},
   };
   for (int c = 0; c < 2; c++) {
      float t[16], r[16], sc[16], model[16], mvp[16], nm[9];
      scene_mat4_translate(t, cubes[c].tx, cubes[c].ty, cubes[c].tz);
      scene_mat4_rotate(r, cubes[c].angle, cubes[c].ax, cubes[c].ay, cubes[c].az);
      scene_mat4_identity(sc);
      sc[0] = sc[5] = sc[10] = cubes[c].scale;
      scene_mat4_mul(model, t, r);
      scene_mat3_from_mat4(nm, model);
      scene_mat4_mul(model, model, sc);
      scene_mat4_mul(mvp, pv, model);
      GL(glUniformMatrix4fv(u_mvp, 1, GL_FALSE, mvp));
      GL(glUniformMatrix3fv(u_nm, 1, GL_FALSE, nm));
      GL(glDrawElements(GL_TRIANGLES, 36, GL_UNSIGNED_SHORT, (void *)0));
   }
   GL_EXPECT(GL_INVALID_VALUE, glDrawElements(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, (void *)0));
   scene_swap(&s);

   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   SCENE_CHECK(!glIsVertexArray(vao), "VAO alive after delete");
   GL(glDeleteBuffers(2, bufs));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
