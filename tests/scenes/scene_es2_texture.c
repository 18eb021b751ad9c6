/*
 * es2_texture — OpenGL ES 2.0 on an odd-sized 97x61 pbuffer: 2D textures sampled with NEAREST
 * filters only, every quad sized so that no pixel centre maps onto a texel (or mip level)
 * boundary, so the image is exact.
 *   - 8x8 RGBA checker, REPEAT, texcoords -1..2
 *   - 5x3 RGB texture (odd width) uploaded with UNPACK_ALIGNMENT 1, a 3x2 TexSubImage2D with
 *     UNPACK_ALIGNMENT 4 (padded rows), CLAMP_TO_EDGE, drawn inside and beyond [0,1]
 *   - checker (unit 0) modulated by the RGB texture (unit 2): two units at once
 *   - 64x64 quadrant texture with a 1-texel checker inside each quadrant, GenerateMipmap,
 *     NEAREST_MIPMAP_NEAREST at exactly level 2, MIRRORED_REPEAT
 * Then glReadPixels of an odd-width rectangle with PACK_ALIGNMENT 1, 4 and 8: same pixels, and
 * the padding bytes of the aligned rows untouched.
 */
#include "scene_common.h"

#include <stdlib.h>
#include <string.h>

static const char *vs_src =
   "#version 100\n"
   "attribute vec2 a_pos;\n"
   "attribute vec2 a_uv;\n"
   "attribute vec2 a_uv2;\n"
   "uniform vec2 u_half_viewport;\n"
   "varying vec2 v_uv;\n"
   "varying vec2 v_uv2;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos / u_half_viewport - 1.0, 0.0, 1.0);\n"
   "   v_uv = a_uv;\n"
   "   v_uv2 = a_uv2;\n"
   "}\n";

static const char *fs_src =
   "#version 100\n"
   "precision highp float;\n"
   "uniform sampler2D u_tex0;\n"
   "uniform sampler2D u_tex1;\n"
   "varying vec2 v_uv;\n"
   "varying vec2 v_uv2;\n"
   "void main() {\n"
   "   gl_FragColor = texture2D(u_tex0, v_uv) * texture2D(u_tex1, v_uv2);\n"
   "}\n";

/* One quad as two triangles: x0,y0,x1,y1 in pixels; uv rectangles for both samplers. */
static void
draw_quad(float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1,
          float s0, float t0, float s1, float t1)
{
   const GLfloat v[] = {
      x0, y0, u0, v0, s0, t0, x1, y0, u1, v0, s1, t0, x1, y1, u1, v1, s1, t1,
      x0, y0, u0, v0, s0, t0, x1, y1, u1, v1, s1, t1, x0, y1, u0, v1, s0, t1,
   };
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat), (void *)0));
   GL(glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat),
                            (void *)(2 * sizeof(GLfloat))));
   GL(glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat),
                            (void *)(4 * sizeof(GLfloat))));
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));
}

static void
set_params(GLenum min, GLenum mag, GLenum wrap_s, GLenum wrap_t)
{
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)min));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (GLint)mag));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLint)wrap_s));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, (GLint)wrap_t));
}

static void
check_pack_alignment(void)
{
   /* A 5x3 rectangle: 20 bytes a row. Alignment 1, 2 and 4 give a 20-byte stride, 8 gives 24
    * with 4 padding bytes after each row but the last, which GL must not write. */
   enum { W = 5, H = 3 };
   uint8_t tight[W * H * 4], buf[64 * H];
   memset(tight, 0xCD, sizeof(tight));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
   GL(glReadPixels(11, 7, W, H, GL_RGBA, GL_UNSIGNED_BYTE, tight));
   static const GLint aligns[] = {2, 4, 8};
   for (size_t a = 0; a < SCENE_ARRAY_SIZE(aligns); a++) {
      const int align = aligns[a];
      const int stride = (W * 4 + align - 1) / align * align;
      memset(buf, 0xCD, sizeof(buf));
      GL(glPixelStorei(GL_PACK_ALIGNMENT, align));
      GLint got = 0;
      GL(glGetIntegerv(GL_PACK_ALIGNMENT, &got));
      SCENE_CHECK(got == align, "PACK_ALIGNMENT %d, set %d", got, align);
      GL(glReadPixels(11, 7, W, H, GL_RGBA, GL_UNSIGNED_BYTE, buf));
      for (int y = 0; y < H; y++) {
         SCENE_CHECK(memcmp(buf + y * stride, tight + y * W * 4, W * 4) == 0,
                     "row %d differs at PACK_ALIGNMENT %d", y, align);
      }
      for (int i = 0; i < (int)sizeof(buf); i++) {
         int y = i / stride, x = i % stride;
         bool written = y < H && x < W * 4;
         if (!written)
            SCENE_CHECK(buf[i] == 0xCD, "PACK_ALIGNMENT %d wrote padding byte %d", align, i);
      }
   }
   GL_EXPECT(GL_INVALID_VALUE, glPixelStorei(GL_PACK_ALIGNMENT, 3));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
   /* From the OpenGL ES 2.0 spec, section 4.3.1: negative width is INVALID_VALUE. */
   GL_EXPECT(GL_INVALID_VALUE, glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, buf));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES2, .width = 97, .height = 61};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);

   static const char *const attribs[] = {"a_pos", "a_uv", "a_uv2", NULL};
   GLuint prog = scene_program(vs_src, fs_src, attribs);
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half_viewport"), 97.0f / 2.0f, 61.0f / 2.0f));
   GL(glUniform1i(scene_uniform(prog, "u_tex0"), 0));
   GL(glUniform1i(scene_uniform(prog, "u_tex1"), 2));
   /* Samplers take only Uniform1i(v) (ES 2.0 section 2.10.4). */
   GL_EXPECT(GL_INVALID_OPERATION, glUniform1f(scene_uniform(prog, "u_tex0"), 0.0f));

   GLuint vbo;
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   for (GLuint i = 0; i < 3; i++)
      GL(glEnableVertexAttribArray(i));

   GLuint tex[4];
   GL(glGenTextures(4, tex));
   SCENE_CHECK(!glIsTexture(tex[0]), "glIsTexture true before first bind");

   /* tex[0]: 8x8 RGBA checker of orange and dark blue, alpha varies. */
   uint8_t checker[8 * 8 * 4];
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
         uint8_t *p = checker + (y * 8 + x) * 4;
         bool odd = (x + y) & 1;
         p[0] = odd ? 250 : 20;
         p[1] = odd ? 140 : 40;
         p[2] = odd ? 10 : 160;
         p[3] = (uint8_t)(200 + x * 7);
      }
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   SCENE_CHECK(glIsTexture(tex[0]), "glIsTexture false after bind");
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, checker));
   set_params(GL_NEAREST, GL_NEAREST, GL_REPEAT, GL_REPEAT);
   GL_EXPECT(GL_INVALID_VALUE,
             glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, -8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL_EXPECT(GL_INVALID_OPERATION,
             glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL_EXPECT(GL_INVALID_ENUM,
             glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_NEAREST));
   GLint param = 0;
   GL(glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &param));
   SCENE_CHECK(param == GL_REPEAT, "WRAP_S 0x%x after a rejected set", param);

   /* tex[1]: 5x3 RGB, rows of 15 bytes packed tight (UNPACK_ALIGNMENT 1). */
   uint8_t rgb[5 * 3 * 3];
   for (int i = 0; i < 15; i++) {
      rgb[i * 3 + 0] = (uint8_t)(40 + i * 13);
      rgb[i * 3 + 1] = (uint8_t)(250 - i * 11);
      rgb[i * 3 + 2] = (uint8_t)((i % 3) * 100 + 30);
   }
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 5, 3, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb));
   set_params(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
   /* A 3x2 patch at (1,1), rows of 9 bytes padded to 12 (UNPACK_ALIGNMENT 4); the padding
    * holds garbage that must not be read. */
   uint8_t patch[12 * 2];
   memset(patch, 0xEE, sizeof(patch));
   for (int y = 0; y < 2; y++)
      for (int x = 0; x < 3; x++) {
         uint8_t *p = patch + y * 12 + x * 3;
         p[0] = (uint8_t)(255 - x * 60);
         p[1] = (uint8_t)(y * 200);
         p[2] = 255;
      }
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, patch));
   GL_EXPECT(GL_INVALID_VALUE,
             glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 1, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, patch));

   /* tex[2]: 1x1 white, the neutral second operand. */
   static const uint8_t white[4] = {255, 255, 255, 255};
   GL(glBindTexture(GL_TEXTURE_2D, tex[2]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white));
   set_params(GL_NEAREST, GL_NEAREST, GL_REPEAT, GL_REPEAT);

   /* tex[3]: 64x64, four quadrants, each a 1-texel checker of two colours whose average is
    * exact (even sums), so every generated level is exact whatever box filter is used. */
   uint8_t *quad = malloc(64 * 64 * 4);
   static const uint8_t qa[4][3] = {{250, 0, 0}, {0, 250, 0}, {0, 0, 250}, {250, 250, 0}};
   static const uint8_t qb[4][3] = {{0, 0, 250}, {250, 0, 250}, {250, 250, 250}, {0, 50, 250}};
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++) {
         int q = (y >= 32) * 2 + (x >= 32);
         const uint8_t *c = ((x + y) & 1) ? qa[q] : qb[q];
         uint8_t *p = quad + (y * 64 + x) * 4;
         p[0] = c[0];
         p[1] = c[1];
         p[2] = c[2];
         p[3] = 255;
      }
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[3]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, quad));
   free(quad);
   GL(glGenerateMipmap(GL_TEXTURE_2D));
   set_params(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_MIRRORED_REPEAT, GL_MIRRORED_REPEAT);
   GLint bound = 0;
   GL(glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound));
   SCENE_CHECK((GLuint)bound == tex[3], "TEXTURE_BINDING_2D %d", bound);
   GLint active = 0;
   GL(glGetIntegerv(GL_ACTIVE_TEXTURE, &active));
   SCENE_CHECK(active == GL_TEXTURE0, "ACTIVE_TEXTURE 0x%x", active);
   GLint units = 0;
   GL(glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units));
   GL_EXPECT(GL_INVALID_ENUM, glActiveTexture(GL_TEXTURE0 + (GLenum)units));

   GL(glClearColor(0.25f, 0.25f, 0.25f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* 1: checker, REPEAT, 24x24 pixels over uv -1..2 (texel = 3 px, centres at half texels). */
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_2D, tex[2]));
   draw_quad(2, 2, 26, 26, -1, -1, 2, 2, 0, 0, 1, 1);
   /* 2: RGB texture alone, 20x12 over 0..1. */
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   draw_quad(30, 2, 50, 14, 0, 0, 1, 1, 0, 0, 1, 1);
   /* 3: checker on unit 0 times the RGB texture on unit 2, 16x16. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[0]));
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   draw_quad(30, 28, 46, 44, 0, 0, 1, 1, 0, 0, 1, 1);
   /* 4: generated level 2 (16x16) of the quadrant texture, mirrored over 0..2 on 32x32 px. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[2]));
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex[3]));
   draw_quad(52, 2, 84, 34, 0, 0, 2, 2, 0, 0, 1, 1);
   /* 5: level 0 of the same texture magnified 3x (NEAREST): texels 28..36 on 24x24 px,
    * across the quadrant corner. */
   draw_quad(2, 30, 26, 54, 0.4375f, 0.4375f, 0.5625f, 0.5625f, 0, 0, 1, 1);
   /* 6: RGB texture clamped: uv -0.5..1.5 on 40x12 px. */
   GL(glBindTexture(GL_TEXTURE_2D, tex[1]));
   draw_quad(52, 40, 92, 52, -0.5f, -0.5f, 1.5f, 1.5f, 0, 0, 1, 1);
   scene_swap(&s);

   check_pack_alignment();

   GL(glDeleteTextures(4, tex));
   SCENE_CHECK(!glIsTexture(tex[1]), "texture alive after delete");
   GL(glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound));
   SCENE_CHECK(bound == 0, "deleting the bound texture left TEXTURE_BINDING_2D %d", bound);
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
