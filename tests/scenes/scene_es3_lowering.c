/*
 * es3_lowering — what a device may lack, drawn anyway (issue 6 item 5). The ctest runs put
 * SPLITGL_MAGMA_HIDE=all (Magma lowers 8-bit indices, instance divisors and every vertex format
 * Vulkan does not require) and SPLITGL_MAGMA_LOOP_LIMIT=16 (loops longer than 16 vertices take
 * the strip + closing segment path) in splitgl's environment; scene_es3_lowering_native runs the
 * same scene with the device's own features. Every run must report skipped=0.
 *   Upper left:  attributes the server cannot fetch as they are: GL_INT / GL_UNSIGNED_INT
 *                positions (float-converted, normalized and not), GL_UNSIGNED_INT and GL_INT
 *                normalized colours, 3-component GL_SHORT / GL_UNSIGNED_BYTE, GL_FIXED,
 *                both 2_10_10_10_REV types.
 *   Upper right: 12 instances with divisors 1, 2 and 3 (arrays and 8-bit indices).
 *   Lower left:  8-bit indices at an odd offset (triangles, a short LINE_LOOP); points from a
 *                program that never writes gl_PointSize.
 *   Lower right: LINE_LOOPs of 40 vertices: non-indexed, 16-bit and 8-bit indexed, and
 *                instanced (3 instances, colour divisor 2) whose closing segments are long.
 * Quads have integer pixel edges. Lines run a quarter pixel off the pixel centres, so no
 * endpoint is a diamond's centre (where GL's diamond-exit rule leaves the result to the
 * implementation's tie-breaking, which differs between llvmpipe's y-flipped window-system
 * framebuffers and everything else); their corners may still differ (README.md).
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"    /* pixels */
   "layout(location = 1) in vec4 a_color;\n"
   "layout(location = 2) in vec2 a_offset;\n" /* pixels */
   "layout(location = 3) in vec2 a_scale;\n"
   "uniform float u_pos_scale;\n"             /* a_pos multiplier (normalized positions) */
   "out vec4 v_color;\n"
   "void main() {\n"
   "   vec2 p = a_pos * u_pos_scale * a_scale + a_offset;\n"
   "   gl_Position = vec4(p / 64.0 - 1.0, 0.0, 1.0);\n" /* no gl_PointSize: points are size 1 */
   "   v_color = a_color;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "in vec4 v_color;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = v_color; }\n";

static GLint u_pos_scale;

/* A fresh VAO with no arrays: constant colour white, offset 0, scale 1. */
static GLuint
vao_begin(void)
{
   GLuint vao;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glVertexAttrib4f(1, 1, 1, 1, 1));
   GL(glVertexAttrib2f(2, 0, 0));
   GL(glVertexAttrib2f(3, 1, 1));
   GL(glUniform1f(u_pos_scale, 1.0f));
   return vao;
}

static GLuint
buffer(GLenum target, const void *data, GLsizeiptr size)
{
   GLuint b;
   GL(glGenBuffers(1, &b));
   GL(glBindBuffer(target, b));
   GL(glBufferData(target, size, data, GL_STATIC_DRAW));
   return b;
}

/* Deleting a buffer detaches it from the bound VAO (ES 3.0 section 2.9.1), so they live to the end. */
static GLuint buffers[64];
static unsigned nbuffers;

static void
attrib(GLuint loc, GLint size, GLenum type, GLboolean norm, GLsizei stride, const void *data, GLsizeiptr bytes)
{
   SCENE_CHECK(nbuffers < SCENE_ARRAY_SIZE(buffers), "too many buffers");
   buffers[nbuffers++] = buffer(GL_ARRAY_BUFFER, data, bytes);
   GL(glVertexAttribPointer(loc, size, type, norm, stride, (void *)0));
   GL(glEnableVertexAttribArray(loc));
}

/* A quad [x0,x1) x [y0,y1) as a 4-vertex strip in the given integer type. */
#define QUAD(x0, y0, x1, y1) {x0, y0, x1, y0, x0, y1, x1, y1}

static void
converted_formats(void)
{
   /* GL_INT positions, GL_UNSIGNED_INT normalized colour: 0xCCCCCCCC = 0.8, 0x33333333 = 0.2. */
   GLuint vao = vao_begin();
   static const GLint p_int[] = QUAD(4, 68, 28, 92);
   static const GLuint c_uint[] = {0xFFFFFFFFu, 0x33333333u, 0xCCCCCCCCu, 0xFFFFFFFFu};
   attrib(0, 2, GL_INT, GL_FALSE, 0, p_int, sizeof(p_int));
   GL(glVertexAttribDivisor(1, 1));
   attrib(1, 4, GL_UNSIGNED_INT, GL_TRUE, 0, c_uint, sizeof(c_uint));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDeleteVertexArrays(1, &vao));

   /* GL_UNSIGNED_INT positions, GL_INT normalized colour (0x66666666 = 0.8, negative -> 0). */
   vao = vao_begin();
   static const GLuint p_uint[] = QUAD(32, 68, 56, 92);
   static const GLint c_int[] = {0x7FFFFFFF, 0x66666666, -0x7FFFFFFF, 0x7FFFFFFF};
   attrib(0, 2, GL_UNSIGNED_INT, GL_FALSE, 0, p_uint, sizeof(p_uint));
   GL(glVertexAttribDivisor(1, 1));
   attrib(1, 4, GL_INT, GL_TRUE, 0, c_int, sizeof(c_int));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDeleteVertexArrays(1, &vao));

   /* Normalized GL_INT positions: c / (2^31 - 1), scaled back to pixels by u_pos_scale. */
   vao = vao_begin();
   const GLint k = 0x7FFFFFFF / 128;
   const GLint xy[8] = QUAD(36, 48, 60, 62);
   static GLint p_n[8];
   for (int i = 0; i < 8; i++)
      p_n[i] = xy[i] * k;
   attrib(0, 2, GL_INT, GL_TRUE, 0, p_n, sizeof(p_n));
   GL(glUniform1f(u_pos_scale, (float)0x7FFFFFFF / (float)k));
   GL(glVertexAttrib4f(1, 0.2f, 0.6f, 1.0f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDeleteVertexArrays(1, &vao));

   /* 3-component GL_SHORT positions (z ignored), 3-component normalized bytes (alpha 1). */
   vao = vao_begin();
   static const GLshort p_s3[] = {4, 96, 7, 28, 96, 7, 4, 120, 7, 28, 120, 7};
   static const GLubyte c_b3[] = {255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0};
   attrib(0, 3, GL_SHORT, GL_FALSE, 0, p_s3, sizeof(p_s3));
   attrib(1, 3, GL_UNSIGNED_BYTE, GL_TRUE, 0, c_b3, sizeof(c_b3));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDeleteVertexArrays(1, &vao));

   /* GL_FIXED positions (16.16), UNSIGNED_INT_2_10_10_10_REV colour: 1023 -> 1, 409 -> 0.3998. */
   vao = vao_begin();
   static GLfixed p_fx[8];
   const GLint q[8] = QUAD(32, 96, 44, 120);
   for (int i = 0; i < 8; i++)
      p_fx[i] = q[i] * 65536;
   const GLuint c10 = 1023u | (409u << 10) | (0u << 20) | (3u << 30);
   static GLuint c_10[4];
   for (int i = 0; i < 4; i++)
      c_10[i] = c10;
   attrib(0, 2, GL_FIXED, GL_FALSE, 0, p_fx, sizeof(p_fx));
   attrib(1, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, c_10, sizeof(c_10));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDeleteVertexArrays(1, &vao));

   /* INT_2_10_10_10_REV: 511 -> 1, -512 -> -1 (0 once written), 0, alpha 1 -> 1. */
   vao = vao_begin();
   static const GLfloat p_f[] = QUAD(48, 96, 60, 120);
   const GLuint s10 = 511u | ((uint32_t)(-512 & 0x3ff) << 10) | (0u << 20) | (1u << 30);
   static GLuint c_s10[4];
   for (int i = 0; i < 4; i++)
      c_s10[i] = s10;
   attrib(0, 2, GL_FLOAT, GL_FALSE, 0, p_f, sizeof(p_f));
   attrib(1, 4, GL_INT_2_10_10_10_REV, GL_TRUE, 0, c_s10, sizeof(c_s10));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glDeleteVertexArrays(1, &vao));
}

static void
divisors(void)
{
   GLuint vao = vao_begin();
   static const GLfloat corner[] = QUAD(0, 0, 1, 1);
   GLfloat offs[12 * 2];
   for (int i = 0; i < 12; i++) {
      offs[2 * i] = (float)(66 + (i % 4) * 15);
      offs[2 * i + 1] = (float)(68 + (i / 4) * 15);
   }
   GLubyte cols[6 * 4];
   for (int i = 0; i < 6; i++) {
      cols[4 * i + 0] = (GLubyte)(60 + 35 * i);
      cols[4 * i + 1] = (GLubyte)(240 - 30 * i);
      cols[4 * i + 2] = (GLubyte)((i * 97) & 0xff);
      cols[4 * i + 3] = 255;
   }
   static const GLfloat scales[] = {12, 12, 8, 12, 12, 6, 6, 6};
   attrib(0, 2, GL_FLOAT, GL_FALSE, 0, corner, sizeof(corner));
   attrib(2, 2, GL_FLOAT, GL_FALSE, 0, offs, sizeof(offs));
   GL(glVertexAttribDivisor(2, 1));
   attrib(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, cols, sizeof(cols));
   GL(glVertexAttribDivisor(1, 2));
   attrib(3, 2, GL_FLOAT, GL_FALSE, 0, scales, sizeof(scales));
   GL(glVertexAttribDivisor(3, 3));
   GL(glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 8));
   /* The last four through 8-bit indices: instances count from 0 again, so offsets 8..11
    * come from a second offset array placed there. */
   GLfloat offs2[4 * 2];
   memcpy(offs2, offs + 16, sizeof(offs2));
   attrib(2, 2, GL_FLOAT, GL_FALSE, 0, offs2, sizeof(offs2));
   static const GLubyte idx[] = {9, 9, 9, 0, 1, 2, 2, 1, 3};
   GLuint eb = buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
   GL(glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)3, 4));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &eb));
}

static void
uint8_and_points(void)
{
   GLuint vao = vao_begin();
   /* A quad on pixel edges, then a loop a quarter pixel off the pixel centres. */
   static const GLfloat pos[] = {4, 4, 28, 4, 4, 28, 28, 28, 36.75f, 4.75f, 60.75f, 4.75f, 60.75f, 28.75f, 36.75f, 28.75f};
   attrib(0, 2, GL_FLOAT, GL_FALSE, 0, pos, sizeof(pos));
   /* Odd offset: 8-bit indices need no alignment. */
   static const GLubyte idx[] = {77, 0, 1, 2, 2, 1, 3, 4, 5, 6, 7, 4};
   GLuint eb = buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
   GL(glVertexAttrib4f(1, 0.9f, 0.5f, 0.1f, 1.0f));
   GL(glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)1));
   GL(glVertexAttrib4f(1, 0.3f, 1.0f, 0.3f, 1.0f));
   GL(glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_BYTE, (void *)7)); /* 4 5 6 7, closing 7 -> 4 */
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &eb));

   vao = vao_begin();
   GLfloat pts[20 * 2];
   for (int i = 0; i < 20; i++) {
      pts[2 * i] = 4.5f + (float)(i * 3);
      pts[2 * i + 1] = 34.5f + (float)(i % 3) * 3.0f;
   }
   attrib(0, 2, GL_FLOAT, GL_FALSE, 0, pts, sizeof(pts));
   GL(glVertexAttrib4f(1, 1.0f, 1.0f, 0.2f, 1.0f));
   GL(glDrawArrays(GL_POINTS, 0, 20));
   GL(glDeleteVertexArrays(1, &vao));
}

#define LOOP_N 40

/* 40 vertices at pixel centres, `step` pixels apart: up the left edge, across the top, down the
 * right edge of a square of side 13 * step; the closing segment is the whole bottom edge. */
static void
loop_vertices(GLfloat *v, float x0, float y0, float step)
{
   int n = 0;
   for (int i = 0; i <= 13; i++, n++)
      v[2 * n] = x0, v[2 * n + 1] = y0 + step * (float)i;
   for (int i = 1; i <= 13; i++, n++)
      v[2 * n] = x0 + step * (float)i, v[2 * n + 1] = y0 + 13.0f * step;
   for (int i = 1; i <= 13; i++, n++)
      v[2 * n] = x0 + 13.0f * step, v[2 * n + 1] = y0 + step * (float)(13 - i);
}

static void
long_loops(void)
{
   GLfloat v[LOOP_N * 2];
   loop_vertices(v, 66.75f, 2.75f, 2.0f);
   GLuint vao = vao_begin();
   attrib(0, 2, GL_FLOAT, GL_FALSE, 0, v, sizeof(v));
   GL(glVertexAttrib4f(1, 1.0f, 0.3f, 0.3f, 1.0f));
   GL(glDrawArrays(GL_LINE_LOOP, 0, LOOP_N));
   /* The same loop through 16-bit indices in reverse order (moved right), and through 8-bit
    * indices (moved up). */
   GLushort i16[LOOP_N];
   GLubyte i8[LOOP_N];
   for (int i = 0; i < LOOP_N; i++)
      i16[i] = (GLushort)(LOOP_N - 1 - i), i8[i] = (GLubyte)i;
   GLuint eb16 = buffer(GL_ELEMENT_ARRAY_BUFFER, i16, sizeof(i16));
   GL(glVertexAttrib2f(2, 30.0f, 0.0f));
   GL(glVertexAttrib4f(1, 0.3f, 1.0f, 0.3f, 1.0f));
   GL(glDrawElements(GL_LINE_LOOP, LOOP_N, GL_UNSIGNED_SHORT, (void *)0));
   GLuint eb8 = buffer(GL_ELEMENT_ARRAY_BUFFER, i8, sizeof(i8));
   GL(glVertexAttrib2f(2, 0.0f, 30.0f));
   GL(glVertexAttrib4f(1, 0.4f, 0.6f, 1.0f, 1.0f));
   GL(glDrawElements(GL_LINE_LOOP, LOOP_N, GL_UNSIGNED_BYTE, (void *)0));
   GL(glDeleteVertexArrays(1, &vao));

   /* Instanced: 3 instances, offset divisor 1, colour divisor 2 (instances 0 and 1 share). */
   vao = vao_begin();
   GLfloat small[LOOP_N * 2];
   loop_vertices(small, 96.75f, 32.75f, 1.0f);
   attrib(0, 2, GL_FLOAT, GL_FALSE, 0, small, sizeof(small));
   static const GLfloat offs[] = {0, 0, 15, 0, 0, 15};
   attrib(2, 2, GL_FLOAT, GL_FALSE, 0, offs, sizeof(offs));
   GL(glVertexAttribDivisor(2, 1));
   static const GLubyte cols[] = {255, 255, 255, 255, 255, 128, 0, 255};
   attrib(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, cols, sizeof(cols));
   GL(glVertexAttribDivisor(1, 2));
   GL(glDrawArraysInstanced(GL_LINE_LOOP, 0, LOOP_N, 3));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &eb16));
   GL(glDeleteBuffers(1, &eb8));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   u_pos_scale = scene_uniform(prog, "u_pos_scale");
   GL(glClearColor(0.05f, 0.05f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   converted_formats();
   divisors();
   uint8_and_points();
   long_loops();
   scene_swap(&s);
   GL(glBindVertexArray(0));
   GL(glDeleteBuffers((GLsizei)nbuffers, buffers));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
