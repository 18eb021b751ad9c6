/*
 * es3_builtins — GLSL ES 3.00 built-ins on Vulkan against llvmpipe (issue 10 item 7), one band
 * each (64 x 8 pixels, 8 bands on 64 x 64):
 *   0  gl_FragCoord: x / y / z (the window coordinates, pixel centres at .5) and 1/w
 *   1  gl_FrontFacing: a clockwise and a counter-clockwise triangle, then the same with
 *      glFrontFace(GL_CW)
 *   2  gl_DepthRange near / far / diff after glDepthRangef(0.25, 0.75)
 *   3  derivatives: dFdx, dFdy and fwidth of a linear varying (exact: the slope is constant)
 *   4  flat varyings: GL's provoking vertex is the last of each triangle
 *   5  centroid and smooth varyings (single-sampled: both are the pixel centre's value)
 *   6  gl_VertexID with a first vertex of 3 and gl_InstanceID of 4 instances
 *   7  gl_FragCoord under a moved viewport
 */
#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec3 a_pos;\n"      /* pixels, z in [-1, 1] */
   "layout(location = 1) in vec4 a_color;\n"
   "uniform int u_band;\n"
   "out vec4 v_color;\n"
   "flat out vec4 v_flat;\n"
   "centroid out vec2 v_centroid;\n"
   "out vec2 v_smooth;\n"
   "out float v_lin;\n"
   "void main() {\n"
   "   vec3 p = a_pos;\n"
   "   if (u_band == 6) {\n"
   "      p = vec3(float(gl_VertexID % 4) * 4.0 + float(gl_InstanceID) * 16.0, 48.0 + float(gl_VertexID / 4) * 8.0, 0.0);\n"
   "      p.xy += vec2(gl_VertexID % 2 == 0 ? 0.0 : 3.0, gl_VertexID % 3 == 0 ? 0.0 : 7.0);\n"
   "   }\n"
   "   float w = 1.0 + p.x / 64.0;\n"
   "   gl_Position = vec4((p.xy / 32.0 - 1.0) * w, p.z * w, w);\n"
   "   v_color = a_color;\n"
   "   v_flat = a_color;\n"
   "   v_centroid = p.xy / 64.0;\n"
   "   v_smooth = p.xy / 64.0;\n"
   "   v_lin = p.x * 3.0 + p.y * 5.0;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp int u_band;\n" /* the vertex stage's default: precisions must match */
   "in vec4 v_color;\n"
   "flat in vec4 v_flat;\n"
   "centroid in vec2 v_centroid;\n"
   "in vec2 v_smooth;\n"
   "in float v_lin;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   if (u_band == 0 || u_band == 7) o = vec4(fract(gl_FragCoord.xy / 16.0), gl_FragCoord.z, 1.0 / gl_FragCoord.w / 2.0);\n"
   "   else if (u_band == 1) o = gl_FrontFacing ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "   else if (u_band == 2) o = vec4(gl_DepthRange.near, gl_DepthRange.far, gl_DepthRange.diff, 1.0);\n"
   "   else if (u_band == 3) o = vec4(dFdx(v_lin) / 8.0, dFdy(v_lin) / 8.0, fwidth(v_lin) / 16.0, 1.0);\n"
   "   else if (u_band == 4) o = v_flat;\n"
   "   else if (u_band == 5) o = vec4(v_centroid, v_smooth.x, 1.0);\n"
   "   else o = v_color;\n"
   "}\n";

struct vtx {
   GLfloat x, y, z;
   GLubyte rgba[4];
};

static GLint u_band;

static void
quad(struct vtx *v, float x0, float y0, float x1, float y1, float z)
{
   v[0] = (struct vtx){x0, y0, z, {255, 0, 0, 255}};
   v[1] = (struct vtx){x1, y0, z, {0, 255, 0, 255}};
   v[2] = (struct vtx){x0, y1, -z, {0, 0, 255, 255}};
   v[3] = (struct vtx){x1, y1, -z, {255, 255, 0, 255}};
}

static void
draw(int band, GLenum mode, const struct vtx *v, int n)
{
   GL(glUniform1i(u_band, band));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct vtx), &v->x));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), v->rgba));
   GL(glDrawArrays(mode, 0, n));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 64, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   u_band = scene_uniform(prog, "u_band");
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   GL(glClearColor(0.0f, 0.0f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   struct vtx v[8] = {{0}};

   quad(v, 0, 0, 64, 8, 0.5f);
   draw(0, GL_TRIANGLE_STRIP, v, 4);
   /* 1: a CCW triangle (front) and a CW one (back), then glFrontFace(GL_CW) swaps them */
   v[0] = (struct vtx){1, 8, 0, {0}};
   v[1] = (struct vtx){15, 8, 0, {0}};
   v[2] = (struct vtx){1, 16, 0, {0}};
   v[3] = (struct vtx){17, 8, 0, {0}};
   v[4] = (struct vtx){17, 16, 0, {0}};
   v[5] = (struct vtx){31, 8, 0, {0}};
   draw(1, GL_TRIANGLES, v, 6);
   GL(glFrontFace(GL_CW));
   for (int i = 0; i < 6; i++)
      v[i].x += 32.0f;
   draw(1, GL_TRIANGLES, v, 6);
   GL(glFrontFace(GL_CCW));
   /* 2 */
   GL(glDepthRangef(0.25f, 0.75f));
   quad(v, 0, 16, 64, 24, 0.0f);
   draw(2, GL_TRIANGLE_STRIP, v, 4);
   GL(glDepthRangef(0.0f, 1.0f));
   /* 3 */
   quad(v, 0, 24, 64, 32, 0.0f);
   draw(3, GL_TRIANGLE_STRIP, v, 4);
   /* 4: two triangles of a strip; each takes its last vertex's colour */
   quad(v, 0, 32, 64, 40, 0.0f);
   draw(4, GL_TRIANGLE_STRIP, v, 4);
   /* 5 */
   quad(v, 0, 40, 64, 48, 0.0f);
   draw(5, GL_TRIANGLE_STRIP, v, 4);
   /* 6: 4 instances of a strip made from gl_VertexID (first vertex 3: ids 3..6); the
    * positions come from the ids, the colours from v[3..6] */
   for (int i = 0; i < 8; i++)
      v[i] = (struct vtx){0, 0, 0, {(GLubyte)(i * 30), (GLubyte)(255 - i * 30), 128, 255}};
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct vtx), &v->x));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), v->rgba));
   GL(glUniform1i(u_band, 6));
   GL(glDrawArraysInstanced(GL_TRIANGLE_STRIP, 3, 4, 4));
   /* 7: a moved viewport */
   GL(glViewport(8, 8, 48, 48));
   quad(v, 0, 56, 64, 64, 0.25f);
   draw(7, GL_TRIANGLE_STRIP, v, 4);
   GL(glViewport(0, 0, 64, 64));
   scene_swap(&s);
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
