/*
 * gl33_raster_emulation — GL 3.3 core raster state an ES host lacks, in the combinations a
 * server that emulates it must get right (Espryt draws polygon modes and first-vertex provoking
 * through a geometry stage of its own, logic ops through framebuffer fetch, SAMPLES_PASSED
 * through counting draws):
 *   1. glPolygonMode(LINE) with face culling: a counter-clockwise and a clockwise triangle under
 *      CULL_FACE BACK, FRONT, and BACK with FrontFace(CW): only the kept face's edges drawn;
 *   2. LINE mode with smooth colours per vertex (the edges interpolate), and LINE mode of an
 *      indexed TRIANGLE_STRIP cut by primitive restart, flat integer colour index, first-vertex
 *      provoking (each triangle's edges in its first vertex's colour);
 *   3. POINT mode with glPointSize(4), then with PROGRAM_POINT_SIZE and the shader's size 3;
 *   4. first-vertex provoking on LINES and a LINE_STRIP (flat colours), and on a TRIANGLE_FAN
 *      in FILL mode;
 *   5. LINE mode of a triangle cut by gl_ClipDistance[0] (CLIP_DISTANCE0 enabled): GL clips the
 *      polygon, and the edge clipping makes is drawn too; and of one cut by the far plane, where
 *      llvmpipe (clipping depth per fragment) draws no such edge;
 *   6. glLogicOp on two attachments at once, RGBA8 (COPY_INVERTED, then NOR, EQUIV, OR_REVERSE)
 *      and R32UI (its bits), a third RGBA16F attachment left alone ("no effect on a
 *      floating-point destination"), read back exactly;
 *   7. SAMPLES_PASSED of a fragment shader that discards half its fragments (a checkerboard of
 *      a 16x8 rectangle: 64), of a LINE-mode triangle, and of a draw behind the depth buffer (0).
 * Lines and points are axis-aligned on pixel centres or GL's diamond-exit rule, identical on
 * both drivers' rasterizer: exact.
 */
#include <math.h>
#include <string.h>

#include "scene_common.h"

static const char *vs_src = "#version 330 core\n"
                            "layout(location = 0) in vec3 a_pos;\n"
                            "layout(location = 1) in vec4 a_color;\n"
                            "layout(location = 2) in int a_index;\n"
                            "uniform float u_psize;\n"
                            "uniform vec4 u_plane;\n"
                            "out vec4 v_color;\n"
                            "flat out vec4 v_flat;\n"
                            "flat out int v_index;\n"
                            "void main() {\n"
                            "   gl_Position = vec4(a_pos.xy / 64.0 - 1.0, a_pos.z, 1.0);\n"
                            "   gl_PointSize = u_psize;\n"
                            "   gl_ClipDistance[0] = dot(vec4(a_pos.xy, 0.0, 1.0), u_plane);\n"
                            "   v_color = a_color;\n"
                            "   v_flat = a_color;\n"
                            "   v_index = a_index;\n"
                            "}\n";
static const char *fs_src = "#version 330 core\n"
                            "in vec4 v_color;\n"
                            "flat in vec4 v_flat;\n"
                            "flat in int v_index;\n"
                            "uniform int u_mode;\n" /* 0 smooth, 1 flat, 2 palette[v_index], 3 checkerboard */
                            "layout(location = 0) out vec4 o0;\n"
                            "void main() {\n"
                            "   const vec4 palette[4] = vec4[4](vec4(1, 0, 0, 1), vec4(0, 1, 0, 1), vec4(0, 0, 1, 1),\n"
                            "                                   vec4(1, 1, 0, 1));\n"
                            "   if (u_mode == 3 && ((int(gl_FragCoord.x) + int(gl_FragCoord.y)) & 1) == 1) discard;\n"
                            "   o0 = u_mode == 0 ? v_color : u_mode == 1 ? v_flat : u_mode == 2 ? palette[v_index & 3]\n"
                            "      : vec4(1.0);\n"
                            "}\n";
static const char *fs_mrt_src = "#version 330 core\n"
                                "flat in vec4 v_flat;\n"
                                "flat in int v_index;\n"
                                "layout(location = 0) out vec4 o0;\n"
                                "layout(location = 1) out uint o1;\n"
                                "layout(location = 2) out vec4 o2;\n"
                                "void main() { o0 = v_flat; o1 = uint(v_index) * 0x01010101u; o2 = v_flat * 2.0; }\n";

struct vtx {
   GLfloat x, y, z;
   GLubyte rgba[4];
   GLint index;
};

static GLuint prog, u_mode, u_psize, u_plane;

static void
draw(GLenum mode, const struct vtx *v, int n)
{
   GL(glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(*v) * (size_t)n), v, GL_STREAM_DRAW));
   GL(glDrawArrays(mode, 0, n));
}

/* A triangle at (x, y) of size w, counter-clockwise (ccw) or clockwise, vertex colours red,
 * green, blue. */
static void
tri(float x, float y, float w, bool ccw)
{
   struct vtx v[3] = {{x, y, 0, {255, 0, 0, 255}, 0},
                      {x + w, y, 0, {0, 255, 0, 255}, 1},
                      {x, y + w, 0, {0, 0, 255, 255}, 2}};
   if (!ccw) {
      struct vtx t = v[1];
      v[1] = v[2];
      v[2] = t;
   }
   draw(GL_TRIANGLES, v, 3);
}

static GLuint64
samples(GLuint q)
{
   GLuint64 v = 0;
   GL(glGetQueryObjectui64v(q, GL_QUERY_RESULT, &v));
   return v;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128, .depth_bits = 24};
   scene_init(&s, &cfg, argc, argv);
   prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   u_mode = (GLuint)scene_uniform(prog, "u_mode");
   u_psize = (GLuint)scene_uniform(prog, "u_psize");
   u_plane = (GLuint)scene_uniform(prog, "u_plane");
   GL(glUniform1f((GLint)u_psize, 1.0f));
   GL(glUniform4f((GLint)u_plane, 0, 0, 0, 1)); /* inside everywhere */
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0));
   GL(glEnableVertexAttribArray(1));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), (void *)offsetof(struct vtx, rgba)));
   GL(glEnableVertexAttribArray(2));
   GL(glVertexAttribIPointer(2, 1, GL_INT, sizeof(struct vtx), (void *)offsetof(struct vtx, index)));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));

   /* ---- 1. LINE mode and culling, top row ---- */
   GL(glUniform1i((GLint)u_mode, 1)); /* flat: the last vertex's colour */
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_LINE));
   GL(glEnable(GL_CULL_FACE));
   GL(glCullFace(GL_BACK));
   tri(4.3f, 108.3f, 14, true);  /* kept */
   tri(22.3f, 108.3f, 14, false); /* culled */
   GL(glCullFace(GL_FRONT));
   tri(40.3f, 108.3f, 14, true);  /* culled */
   tri(58.3f, 108.3f, 14, false); /* kept */
   GL(glCullFace(GL_BACK));
   GL(glFrontFace(GL_CW));
   tri(76.3f, 108.3f, 14, true);  /* culled: clockwise is front */
   tri(94.3f, 108.3f, 14, false); /* kept */
   GL(glFrontFace(GL_CCW));
   GL(glDisable(GL_CULL_FACE));

   /* ---- 2. smooth LINE edges; a restarted strip with first-vertex provoking ---- */
   GL(glUniform1i((GLint)u_mode, 0));
   tri(4.3f, 84.3f, 18, true);
   GL(glUniform1i((GLint)u_mode, 2));
   GL(glProvokingVertex(GL_FIRST_VERTEX_CONVENTION));
   {
      const struct vtx strip[6] = {{28.3f, 84.3f, 0, {0}, 0}, {28.3f, 100.3f, 0, {0}, 1}, {44.3f, 84.3f, 0, {0}, 2},
                                   {44.3f, 100.3f, 0, {0}, 3}, {52.3f, 84.3f, 0, {0}, 1}, {52.3f, 100.3f, 0, {0}, 2}};
      static const GLushort idx[] = {0, 1, 2, 3, 0xFFFF, 3, 4, 5};
      GLuint ebo;
      GL(glGenBuffers(1, &ebo));
      GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo));
      GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(strip), strip, GL_STREAM_DRAW));
      GL(glEnable(GL_PRIMITIVE_RESTART));
      GL(glPrimitiveRestartIndex(0xFFFF));
      GL(glDrawElements(GL_TRIANGLE_STRIP, 8, GL_UNSIGNED_SHORT, 0));
      GL(glDisable(GL_PRIMITIVE_RESTART));
      GL(glDeleteBuffers(1, &ebo));
   }

   /* ---- 3. POINT mode, then the shader's size ---- */
   GL(glProvokingVertex(GL_LAST_VERTEX_CONVENTION));
   GL(glUniform1i((GLint)u_mode, 0));
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_POINT));
   GL(glPointSize(4));
   tri(64.3f, 84.3f, 16, true);
   GL(glPointSize(1));
   GL(glEnable(GL_PROGRAM_POINT_SIZE));
   GL(glUniform1f((GLint)u_psize, 3.0f));
   tri(88.3f, 84.3f, 16, true);
   GL(glDisable(GL_PROGRAM_POINT_SIZE));
   GL(glUniform1f((GLint)u_psize, 1.0f));
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_FILL));

   /* ---- 4. first-vertex provoking on lines, a line strip and a fan ---- */
   GL(glUniform1i((GLint)u_mode, 1));
   GL(glProvokingVertex(GL_FIRST_VERTEX_CONVENTION));
   {
      const struct vtx lines[4] = {{4.3f, 60.3f, 0, {255, 0, 0, 255}, 0}, {20.3f, 60.3f, 0, {0, 255, 0, 255}, 0},
                                   {4.3f, 64.3f, 0, {0, 0, 255, 255}, 0}, {20.3f, 76.3f, 0, {255, 255, 0, 255}, 0}};
      draw(GL_LINES, lines, 4);
      const struct vtx ls[4] = {{24.3f, 60.3f, 0, {255, 0, 0, 255}, 0}, {40.3f, 60.3f, 0, {0, 255, 0, 255}, 0},
                                {40.3f, 76.3f, 0, {0, 0, 255, 255}, 0}, {24.3f, 76.3f, 0, {255, 255, 255, 255}, 0}};
      draw(GL_LINE_STRIP, ls, 4);
      const struct vtx fan[5] = {{60, 68, 0, {255, 0, 0, 255}, 0},   {48, 60, 0, {0, 255, 0, 255}, 0},
                                 {72, 60, 0, {0, 0, 255, 255}, 0},   {72, 76, 0, {255, 255, 0, 255}, 0},
                                 {48, 76, 0, {0, 255, 255, 255}, 0}};
      draw(GL_TRIANGLE_FAN, fan, 5);
   }
   GL(glProvokingVertex(GL_LAST_VERTEX_CONVENTION));

   /* ---- 5. LINE mode clipped by a clip distance: x < 96 only ---- */
   GL(glUniform1i((GLint)u_mode, 0));
   GL(glEnable(GL_CLIP_DISTANCE0));
   GL(glUniform4f((GLint)u_plane, -1, 0, 0, 96));
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_LINE));
   tri(84.3f, 58.3f, 24, true);
   GL(glUniform4f((GLint)u_plane, 0, 0, 0, 1));
   GL(glDisable(GL_CLIP_DISTANCE0));
   /* ... and by the far plane: the third vertex at z 2.5 */
   {
      const struct vtx far[3] = {{84.3f, 30.3f, 0, {255, 0, 0, 255}, 0}, {116.3f, 30.3f, 0, {0, 255, 0, 255}, 0},
                                 {84.3f, 54.3f, 2.5f, {0, 0, 255, 255}, 0}};
      draw(GL_TRIANGLES, far, 3);
   }
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_FILL));

   /* ---- 6. logic op on RGBA8 + R32UI + RGBA16F attachments ---- */
   GLuint rb[3], fbo;
   static const GLenum fmt[3] = {GL_RGBA8, GL_R32UI, GL_RGBA16F};
   GL(glGenRenderbuffers(3, rb));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   for (int i = 0; i < 3; i++) {
      GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[i]));
      GL(glRenderbufferStorage(GL_RENDERBUFFER, fmt[i], 4, 4));
      GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]));
   }
   static const GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
   GL(glDrawBuffers(3, bufs));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "MRT framebuffer incomplete");
   GL(glViewport(0, 0, 4, 4));
   const GLfloat c0[4] = {0x30 / 255.0f, 0x5a / 255.0f, 0xc3 / 255.0f, 1.0f};
   const GLuint c1[4] = {0x0ff00ff0u, 0, 0, 0};
   const GLfloat c2[4] = {0.25f, 0.3f, 0.75f, 1.0f};
   GL(glClearBufferfv(GL_COLOR, 0, c0));
   GL(glClearBufferuiv(GL_COLOR, 1, c1));
   GL(glClearBufferfv(GL_COLOR, 2, c2));
   GLuint mrt = scene_program(vs_src, fs_mrt_src, NULL);
   GL(glUseProgram(mrt));
   GL(glEnable(GL_COLOR_LOGIC_OP));
   /* a quad over the 4x4 viewport: colour (0x0f, 0xf0, 0x55, 0xff), index 0x12 */
   struct vtx q[6] = {{-64, -64, 0, {0x0f, 0xf0, 0x55, 0xff}, 0x12}, {256, -64, 0, {0x0f, 0xf0, 0x55, 0xff}, 0x12},
                      {-64, 256, 0, {0x0f, 0xf0, 0x55, 0xff}, 0x12}};
   static const GLenum ops[4] = {GL_COPY_INVERTED, GL_NOR, GL_EQUIV, GL_OR_REVERSE};
   GLubyte d8[4] = {0x30, 0x5a, 0xc3, 0xff};
   GLuint d32 = 0x0ff00ff0u;
   for (int k = 0; k < 4; k++) {
      GL(glLogicOp(ops[k]));
      draw(GL_TRIANGLES, q, 3);
      for (int c = 0; c < 4; c++) {
         GLubyte a = q[0].rgba[c], b = d8[c];
         d8[c] = (GLubyte)(k == 0 ? ~a : k == 1 ? ~(a | b) : k == 2 ? ~(a ^ b) : (a | ~b));
      }
      GLuint a = 0x12121212u;
      d32 = k == 0 ? ~a : k == 1 ? ~(a | d32) : k == 2 ? ~(a ^ d32) : (a | ~d32);
   }
   GL(glDisable(GL_COLOR_LOGIC_OP));
   GLubyte px8[4];
   GL(glReadBuffer(GL_COLOR_ATTACHMENT0));
   GL(glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px8));
   SCENE_CHECK(!memcmp(px8, d8, 4), "RGBA8 logic ops: %02x %02x %02x %02x, want %02x %02x %02x %02x", px8[0], px8[1],
               px8[2], px8[3], d8[0], d8[1], d8[2], d8[3]);
   GLuint px32[4];
   GL(glReadBuffer(GL_COLOR_ATTACHMENT1));
   GL(glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px32));
   SCENE_CHECK(px32[0] == d32, "R32UI logic ops: 0x%08x, want 0x%08x", px32[0], d32);
   GLfloat pxf[4];
   GL(glReadBuffer(GL_COLOR_ATTACHMENT2));
   GL(glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, pxf));
   SCENE_CHECK(fabsf(pxf[0] - 2.0f * 0x0f / 255.0f) < 1e-3f && fabsf(pxf[1] - 2.0f * 0xf0 / 255.0f) < 2e-3f &&
                  pxf[3] == 2.0f, "RGBA16F not written as is: %g %g %g %g",
               (double)pxf[0], (double)pxf[1], (double)pxf[2], (double)pxf[3]);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   GL(glUseProgram(prog));

   /* ---- 7. SAMPLES_PASSED: discards, a LINE-mode triangle, a hidden draw ---- */
   GLuint qs[3];
   GL(glGenQueries(3, qs));
   GL(glUniform1i((GLint)u_mode, 3));
   GL(glBeginQuery(GL_SAMPLES_PASSED, qs[0]));
   {
      const struct vtx r[6] = {{8, 8, 0, {0}, 0},   {24, 8, 0, {0}, 0},  {8, 16, 0, {0}, 0},
                               {8, 16, 0, {0}, 0},  {24, 8, 0, {0}, 0},  {24, 16, 0, {0}, 0}};
      draw(GL_TRIANGLES, r, 6);
   }
   GL(glEndQuery(GL_SAMPLES_PASSED));
   GL(glUniform1i((GLint)u_mode, 0));
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_LINE));
   GL(glBeginQuery(GL_SAMPLES_PASSED, qs[1]));
   tri(32.3f, 8.3f, 12, true);
   GL(glEndQuery(GL_SAMPLES_PASSED));
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_FILL));
   /* a quad at z -0.5 writes depth; one behind it at z 0.5 passes nothing */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   {
      const struct vtx front[3] = {{56, 8, -0.3f, {64, 64, 64, 255}, 0}, {72, 8, -0.3f, {64, 64, 64, 255}, 0},
                                   {56, 24, -0.3f, {64, 64, 64, 255}, 0}};
      draw(GL_TRIANGLES, front, 3);
      const struct vtx back[3] = {{56, 8, 0.3f, {255, 0, 255, 255}, 0}, {64, 8, 0.3f, {255, 0, 255, 255}, 0},
                                  {56, 16, 0.3f, {255, 0, 255, 255}, 0}};
      GL(glBeginQuery(GL_SAMPLES_PASSED, qs[2]));
      draw(GL_TRIANGLES, back, 3);
      GL(glEndQuery(GL_SAMPLES_PASSED));
   }
   GL(glDisable(GL_DEPTH_TEST));
   GLuint64 n0 = samples(qs[0]), n1 = samples(qs[1]), n2 = samples(qs[2]);
   SCENE_CHECK(n0 == 64, "SAMPLES_PASSED with discards: %llu, want 64", (unsigned long long)n0);
   /* the LINE triangle's pixels, counted (its smooth colours are never black) */
   GLubyte region[16 * 16 * 4];
   GL(glReadPixels(32, 8, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, region));
   GLuint64 lit = 0;
   for (int i = 0; i < 16 * 16; i++)
      lit += (region[i * 4] | region[i * 4 + 1] | region[i * 4 + 2]) != 0;
   SCENE_CHECK(n1 == lit && lit > 12, "SAMPLES_PASSED of a LINE triangle: %llu, its pixels %llu", (unsigned long long)n1,
               (unsigned long long)lit);
   SCENE_CHECK(n2 == 0, "SAMPLES_PASSED behind the depth buffer: %llu", (unsigned long long)n2);
   GL(glDeleteQueries(3, qs));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteRenderbuffers(3, rb));
   GL(glDeleteProgram(mrt));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
