/*
 * es3_texture_formats — OpenGL ES 3.0 textures: sized RGBA8 / RGB8 / R8 (GL_RED) images with odd
 * widths, UNPACK_ALIGNMENT 1 and 4 (padded rows whose padding holds garbage), UNPACK_ROW_LENGTH
 * with SKIP_PIXELS/SKIP_ROWS for a sub-rectangle of a larger client image, NEAREST and LINEAR
 * magnification, GenerateMipmap + LINEAR_MIPMAP_LINEAR minification at a fractional LOD,
 * REPEAT / CLAMP_TO_EDGE / MIRRORED_REPEAT, and three texture units sampled in one draw.
 * Tolerance 4: linear filtering weights are implementation precision (the spec asks only for
 * a minimum number of sub-texel bits), and the generated mip levels use an unspecified box
 * filter. The textures are smooth (neighbours differ by at most ~60) to keep that small.
 */
#include "scene_common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec2 a_uv;\n"
   "uniform vec2 u_half;\n"
   "out vec2 v_uv;\n"
   "void main() { gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0); v_uv = a_uv; }\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform sampler2D u_rgba;\n"  /* unit 0 */
   "uniform sampler2D u_red;\n"   /* unit 1 */
   "uniform sampler2D u_rgb;\n"   /* unit 3 */
   "uniform int u_mode;\n"
   "in vec2 v_uv;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "   if (u_mode == 0) o_color = texture(u_rgba, v_uv);\n"
   "   else if (u_mode == 1) o_color = texture(u_rgb, v_uv);\n"
   "   else if (u_mode == 2) o_color = texture(u_red, v_uv);\n"
   "   else o_color = vec4(texture(u_red, v_uv).r, texture(u_rgb, v_uv).g,\n"
   "                       texture(u_rgba, v_uv).b, 1.0);\n"
   "}\n";

static void
quad(float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1)
{
   const GLfloat v[] = {x0, y0, u0, v0, x1, y0, u1, v0, x0, y1, u0, v1, x1, y1, u1, v1};
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static void
params(GLenum min, GLenum mag, GLenum wrap)
{
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)min));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (GLint)mag));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLint)wrap));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, (GLint)wrap));
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
   GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
   GL(glUniform1i(scene_uniform(prog, "u_rgba"), 0));
   GL(glUniform1i(scene_uniform(prog, "u_red"), 1));
   GL(glUniform1i(scene_uniform(prog, "u_rgb"), 3));
   GLint u_mode = scene_uniform(prog, "u_mode");

   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat), (void *)0));
   GL(glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat),
                            (void *)(2 * sizeof(GLfloat))));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));

   GLuint tex[5];
   GL(glGenTextures(5, tex));

   /* tex[0]: RGBA8 13x7. */
   uint8_t rgba[13 * 7 * 4];
   for (int y = 0; y < 7; y++)
      for (int x = 0; x < 13; x++) {
         uint8_t *p = rgba + (y * 13 + x) * 4;
         p[0] = (uint8_t)(x * 19);
         p[1] = (uint8_t)(y * 40);
         p[2] = (uint8_t)(((x + y) & 1) ? 220 : 60);
         p[3] = 255;
      }
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 13, 7, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba));
   params(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);

   /* tex[1]: R8 9x3 with UNPACK_ALIGNMENT 4: rows of 9 bytes padded to 12 with garbage. */
   uint8_t red[12 * 3];
   memset(red, 0xA5, sizeof(red));
   for (int y = 0; y < 3; y++)
      for (int x = 0; x < 9; x++)
         red[y * 12 + x] = (uint8_t)(30 + x * 25 + y * 5);
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 9, 3, 0, GL_RED, GL_UNSIGNED_BYTE, red));
   params(GL_NEAREST, GL_NEAREST, GL_REPEAT);
   /* Row 1 again, tight (alignment 1), values reversed. */
   uint8_t row[9];
   for (int x = 0; x < 9; x++)
      row[x] = (uint8_t)(230 - x * 20);
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 1, 9, 1, GL_RED, GL_UNSIGNED_BYTE, row));
   GL_EXPECT(GL_INVALID_OPERATION,
             glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 9, 3, 0, GL_RGB, GL_UNSIGNED_BYTE, red));

   /* tex[2]: RGB8 7x5, smooth, alignment 1 (rows of 21 bytes). */
   uint8_t rgb[7 * 5 * 3];
   for (int y = 0; y < 5; y++)
      for (int x = 0; x < 7; x++) {
         uint8_t *p = rgb + (y * 7 + x) * 3;
         p[0] = (uint8_t)(40 + x * 30);
         p[1] = (uint8_t)(220 - y * 45);
         p[2] = (uint8_t)(100 + (x + y) * 12);
      }
   GL(glActiveTexture(GL_TEXTURE3));
   GL(glBindTexture(GL_TEXTURE_2D, tex[2]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 7, 5, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb));
   params(GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);

   /* tex[3]: 8x8 RGBA, then a 6x6 patch taken from (5,3) of a 16x16 client image through
    * UNPACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS, written at (1,1). */
   uint8_t base[8 * 8 * 4], big[16 * 16 * 4];
   for (int i = 0; i < 64; i++) {
      base[i * 4 + 0] = 30;
      base[i * 4 + 1] = 30;
      base[i * 4 + 2] = 90;
      base[i * 4 + 3] = 255;
   }
   for (int y = 0; y < 16; y++)
      for (int x = 0; x < 16; x++) {
         uint8_t *p = big + (y * 16 + x) * 4;
         p[0] = (uint8_t)(x * 16);
         p[1] = (uint8_t)(y * 16);
         p[2] = (uint8_t)((x ^ y) * 16);
         p[3] = 255;
      }
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[3]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, base));
   GL(glPixelStorei(GL_UNPACK_ROW_LENGTH, 16));
   GL(glPixelStorei(GL_UNPACK_SKIP_PIXELS, 5));
   GL(glPixelStorei(GL_UNPACK_SKIP_ROWS, 3));
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 6, 6, GL_RGBA, GL_UNSIGNED_BYTE, big));
   GLint rl = 0;
   GL(glGetIntegerv(GL_UNPACK_ROW_LENGTH, &rl));
   SCENE_CHECK(rl == 16, "UNPACK_ROW_LENGTH %d", rl);
   GL(glPixelStorei(GL_UNPACK_ROW_LENGTH, 0));
   GL(glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0));
   GL(glPixelStorei(GL_UNPACK_SKIP_ROWS, 0));
   GL_EXPECT(GL_INVALID_VALUE, glPixelStorei(GL_UNPACK_ROW_LENGTH, -1));
   params(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);

   /* tex[4]: 64x64 smooth rings, mipmapped. */
   uint8_t *rings = malloc(64 * 64 * 4);
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++) {
         int dx = x - 20, dy = y - 36, d2 = dx * dx + dy * dy;
         uint8_t *p = rings + (y * 64 + x) * 4;
         p[0] = (uint8_t)(128.0f + 100.0f * sinf(sqrtf((float)d2) * 0.5f));
         p[1] = (uint8_t)(x * 4);
         p[2] = (uint8_t)(255 - y * 4);
         p[3] = 255;
      }
   GL(glBindTexture(GL_TEXTURE_2D, tex[4]));
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, rings));
   free(rings);
   GL(glGenerateMipmap(GL_TEXTURE_2D));
   params(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_MIRRORED_REPEAT);
   GLint p = 0;
   GL(glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &p));
   SCENE_CHECK(p == GL_LINEAR_MIPMAP_LINEAR, "MIN_FILTER 0x%x", p);

   GL(glClearColor(0.2f, 0.2f, 0.2f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* A: RGBA8 13x7, NEAREST 4x. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glUniform1i(u_mode, 0));
   quad(2, 2, 54, 30, 0, 0, 1, 1);
   /* B: RGB8 7x5, LINEAR 8x (unit 3). */
   GL(glUniform1i(u_mode, 1));
   quad(60, 2, 116, 42, 0, 0, 1, 1);
   /* C: R8 9x3, NEAREST 4x, REPEAT twice (unit 1) — green/blue 0, alpha 1. */
   GL(glUniform1i(u_mode, 2));
   quad(2, 34, 74, 46, 0, 0, 2, 1);
   /* D: the ROW_LENGTH patch, NEAREST 4x. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[3]));
   GL(glUniform1i(u_mode, 0));
   quad(2, 50, 34, 82, 0, 0, 1, 1);
   /* E: mipmapped rings minified 64 -> 22 px over 1.5 repeats (LOD ~2.1), mirrored. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[4]));
   quad(38, 50, 60, 72, 0, 0, 1.5f, 1.5f);
   /* and minified 64 -> 40 px (LOD ~0.68), trilinear between levels 0 and 1. */
   quad(38, 76, 78, 116, 0, 0, 1, 1);
   /* F: three units in one draw: red of R8 (unit 1), green of RGB8 (unit 3), blue of the
    * rings (unit 0), REPEAT / CLAMP / MIRRORED by texture. */
   GL(glUniform1i(u_mode, 3));
   quad(82, 50, 124, 92, 0, 0, 2, 2);
   /* G: RGB8 with MIRRORED_REPEAT and LINEAR over -1..2. */
   GL(glActiveTexture(GL_TEXTURE3));
   params(GL_LINEAR, GL_LINEAR, GL_MIRRORED_REPEAT);
   GL(glUniform1i(u_mode, 1));
   quad(82, 96, 124, 126, -1, -1, 2, 2);
   GL(glActiveTexture(GL_TEXTURE0));
   scene_swap(&s);

   GL(glDeleteTextures(5, tex));
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
