/*
 * gl33_texture_params — OpenGL 3.3 core's texture additions over ES: CLAMP_TO_BORDER with a
 * custom border colour (texture parameter and sampler object, fv and Iiv-free forms), standard
 * border colours, TEXTURE_LOD_BIAS selecting a mip level, 16-bit UNORM (RGBA16) and SNORM
 * textures, uploads GL converts (BGRA / UNSIGNED_BYTE, RGBA from FLOAT into RGBA8, RGB into
 * RGBA8 with alpha 1, UNSIGNED_INT_8_8_8_8_REV), glGetTexLevelParameteriv, and glReadPixels
 * into BGRA, RGB / FLOAT and RED / UNSIGNED_SHORT (drawn back as tiles). NEAREST sampling at
 * texel centres; tolerance 1.
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect, u_uv;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos) / 64.0 - 1.0, 0.0, 1.0);\n"
   "   v_uv = mix(u_uv.xy, u_uv.zw, a_pos);\n"
   "}\n";
static const char *fs_src =
   "#version 330 core\n"
   "uniform sampler2D u_tex;\n"
   "uniform vec4 u_scale, u_bias, u_color;\n"
   "uniform int u_mode;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = u_mode == 0 ? texture(u_tex, v_uv) * u_scale + u_bias : u_color; }\n";

static GLuint prog;

static void
quad(float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1, float scale, float bias)
{
   glUniform1i(glGetUniformLocation(prog, "u_mode"), 0);
   glUniform4f(glGetUniformLocation(prog, "u_rect"), x0, y0, x1, y1);
   glUniform4f(glGetUniformLocation(prog, "u_uv"), u0, v0, u1, v1);
   glUniform4f(glGetUniformLocation(prog, "u_scale"), scale, scale, scale, 1.0f);
   glUniform4f(glGetUniformLocation(prog, "u_bias"), bias, bias, bias, 0.0f);
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static void
color_rect(float x0, float y0, float x1, float y1, const float c[4])
{
   glUniform1i(glGetUniformLocation(prog, "u_mode"), 1);
   glUniform4f(glGetUniformLocation(prog, "u_rect"), x0, y0, x1, y1);
   glUniform4f(glGetUniformLocation(prog, "u_color"), c[0], c[1], c[2], c[3]);
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static GLuint
tex4(GLenum ifmt, GLenum format, GLenum type, const void *data)
{
   GLuint t;
   GL(glGenTextures(1, &t));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, data));
   return t;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));

   uint8_t rgba[64];
   for (int i = 0; i < 64; i++)
      rgba[i] = (uint8_t)(i * 37 + 11);
   /* CLAMP_TO_BORDER: uv -0.5..1.5 over 32 px: 8 px of border each side */
   GLuint t = tex4(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   static const GLfloat border[4] = {0.25f, 0.75f, 0.5f, 1.0f};
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER));
   GL(glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border));
   quad(0, 0, 32, 32, -0.5f, -0.5f, 1.5f, 1.5f, 1, 0);
   /* the same texture through a sampler object with white, then opaque black, borders */
   GLuint smp;
   GL(glGenSamplers(1, &smp));
   GL(glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER));
   GL(glSamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_REPEAT));
   static const GLfloat white[4] = {1, 1, 1, 1};
   GL(glSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, white));
   GL(glBindSampler(0, smp));
   quad(32, 0, 64, 32, -0.5f, -0.5f, 1.5f, 1.5f, 1, 0);
   static const GLint int_red[4] = {0x7fffffff, 0, 0, 0x7fffffff}; /* (1, 0, 0, 1) normalized */
   GL(glSamplerParameteriv(smp, GL_TEXTURE_BORDER_COLOR, int_red));
   quad(64, 0, 96, 32, -0.5f, -0.5f, 1.5f, 1.5f, 1, 0);
   GL(glBindSampler(0, 0));
   GLfloat got[4];
   GL(glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got));
   SCENE_CHECK(!memcmp(got, border, sizeof(got)), "border colour read back");

   /* LOD bias: an 8x8 texture with a distinct level 1, magnified (LOD < 0); a bias of +3 moves
    * the sample to level 1 */
   uint8_t l0[8 * 8 * 4], l1[4 * 4 * 4];
   for (int i = 0; i < 256; i++)
      l0[i] = (uint8_t)(i * 7);
   for (int i = 0; i < 64; i++)
      l1[i] = (uint8_t)(255 - i * 3);
   GLuint tm;
   GL(glGenTextures(1, &tm));
   GL(glBindTexture(GL_TEXTURE_2D, tm));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0));
   GL(glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   quad(96, 0, 128, 32, 0, 0, 1, 1, 1, 0);   /* 4x magnified: level 0 */
   GL(glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 3.0f));
   quad(96, 32, 128, 64, 0, 0, 1, 1, 1, 0);  /* LOD -2 + 3 = 1: level 1 */

   /* 16-bit UNORM and SNORM, GL's conversions */
   uint16_t u16[64];
   int16_t s16[64];
   for (int i = 0; i < 64; i++) {
      u16[i] = (uint16_t)(i * 1031);
      s16[i] = (int16_t)(i * 1000 - 30000);
   }
   tex4(GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, u16);
   quad(0, 32, 32, 64, 0, 0, 1, 1, 1, 0);
   GLint v = 0;
   GL(glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v));
   SCENE_CHECK(v == 16, "TEXTURE_GREEN_SIZE %d", v);
   tex4(GL_RGBA16_SNORM, GL_RGBA, GL_SHORT, s16);
   quad(32, 32, 64, 64, 0, 0, 1, 1, 0.5f, 0.5f);
   tex4(GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, rgba);
   quad(64, 32, 96, 64, 0, 0, 1, 1, 1, 0);
   float f[64];
   for (int i = 0; i < 64; i++)
      f[i] = (float)(i % 17) / 16.0f;
   tex4(GL_RGBA8, GL_RGBA, GL_FLOAT, f);
   quad(0, 64, 32, 96, 0, 0, 1, 1, 1, 0);
   tex4(GL_RGBA8, GL_RGB, GL_UNSIGNED_BYTE, rgba); /* alpha 1 */
   quad(32, 64, 64, 96, 0, 0, 1, 1, 1, 0);
   tex4(GL_RGBA8, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, rgba);
   quad(64, 64, 96, 96, 0, 0, 1, 1, 1, 0);
   GL(glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v));
   SCENE_CHECK(v == 4, "TEXTURE_WIDTH %d", v);

   /* read back a 4x4 block in three GL pairs and draw the values */
   uint8_t bgra[64];
   float rgbf[48];
   uint16_t red[16];
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
   GL(glReadPixels(4, 4, 4, 4, GL_BGRA, GL_UNSIGNED_BYTE, bgra));
   GL(glReadPixels(36, 36, 4, 4, GL_RGB, GL_FLOAT, rgbf));
   GL(glReadPixels(68, 4, 4, 4, GL_RED, GL_UNSIGNED_SHORT, red));
   for (int i = 0; i < 16; i++) {
      float x = 96.0f + (float)(i % 4) * 8.0f, y = 64.0f + (float)(i / 4) * 8.0f;
      float c0[4] = {bgra[i * 4 + 2] / 255.0f, bgra[i * 4 + 1] / 255.0f, bgra[i * 4] / 255.0f, 1.0f};
      float c1[4] = {rgbf[i * 3], rgbf[i * 3 + 1], rgbf[i * 3 + 2], 1.0f};
      float c2[4] = {red[i] / 65535.0f, 0.0f, 0.0f, 1.0f};
      color_rect(x, y, x + 8, y + 8, c0);
      color_rect(x - 96, y + 32, x - 88, y + 40, c1);
      color_rect(x - 64, y + 32, x - 56, y + 40, c2);
   }

   scene_swap(&s);
   GL(glDeleteSamplers(1, &smp));
   GL(glDeleteTextures(1, &t));
   GL(glDeleteTextures(1, &tm));
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
