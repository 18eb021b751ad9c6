/*
 * es3_format_classes — OpenGL ES 3.0 sampled texture formats, one tile each: normalized
 * (RGBA8, RGB8, RG8, R8, sRGB, the packed 565 / 4444 / 5551 / 10_10_10_2 types and the same
 * formats from UNSIGNED_BYTE data), signed normalized, half and single float (from HALF_FLOAT
 * and FLOAT data), R11F_G11F_B10F, RGB9_E5, 8 / 16 / 32-bit signed and unsigned integer
 * (isampler2D / usampler2D), RGB10_A2UI, and depth (DEPTH_COMPONENT16 / 24 / 32F,
 * DEPTH24_STENCIL8, DEPTH32F_STENCIL8) sampled as depth and through sampler2DShadow; plus the
 * texture swizzle on a normalized and an integer texture, a 2D array and a 3D texture with
 * TexSubImage3D / TexStorage3D, and the spec's errors for combinations table 3.2 does not have.
 * Every texture is 4x4, NEAREST, drawn as a 16x16-pixel tile (texel centres on pixel centres).
 * Texel values are exactly representable in every format (multiples of 1/16 within range), so
 * the tolerance is the default 1: only the decode of sRGB and of normalized values to float
 * differs between implementations.
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect;\n" /* x0 y0 x1 y1 in pixels */
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   vec2 p = mix(u_rect.xy, u_rect.zw, a_pos);\n"
   "   gl_Position = vec4(p / vec2(80.0, 64.0) - 1.0, 0.0, 1.0); v_uv = a_pos;\n"
   "}\n";

/* kind 0 float sampler, 1 int, 2 uint, 3 shadow, 4 2D array layer, 5 3D slice */
static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2D u_f;\n"
   "uniform highp isampler2D u_i;\n"
   "uniform highp usampler2D u_u;\n"
   "uniform highp sampler2DShadow u_s;\n"
   "uniform highp sampler2DArray u_a;\n"
   "uniform highp sampler3D u_3;\n"
   "uniform int u_kind;\n"
   "uniform vec4 u_scale, u_bias;\n"
   "uniform float u_ref, u_layer;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   vec4 t;\n"
   "   if (u_kind == 0) t = texture(u_f, v_uv);\n"
   "   else if (u_kind == 1) t = vec4(texture(u_i, v_uv));\n"
   "   else if (u_kind == 2) t = vec4(texture(u_u, v_uv));\n"
   "   else if (u_kind == 3) t = vec4(texture(u_s, vec3(v_uv, u_ref)));\n"
   "   else if (u_kind == 4) t = texture(u_a, vec3(v_uv, u_layer));\n"
   "   else t = texture(u_3, vec3(v_uv, u_layer));\n"
   "   o = t * u_scale + u_bias;\n"
   "}\n";

static GLuint prog;
static GLint u_rect, u_kind, u_scale, u_bias, u_ref, u_layer;
static int tile;

/* Draws the next 16x16 tile (10 across) with the texture bound to the kind's unit. */
static void
draw_tile(int kind, float scale, float bias)
{
   SCENE_CHECK(tile < 80, "too many tiles");
   float x = (float)(tile % 10) * 16.0f, y = (float)(tile / 10) * 16.0f;
   tile++;
   GL(glUniform4f(u_rect, x, y, x + 16.0f, y + 16.0f));
   GL(glUniform1i(u_kind, kind));
   GL(glUniform4f(u_scale, scale, scale, scale, kind == 3 ? 0.0f : scale));
   GL(glUniform4f(u_bias, bias, bias, bias, kind == 3 ? 1.0f : bias));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static void
nearest(GLenum target)
{
   GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
}

/* A 4x4 image of `ncomp` components with values v(x, y, c) in [0, 1] on a 1/16 grid. */
static float
val(int x, int y, int c)
{
   return (float)((x * 3 + y * 5 + c * 7) % 16) / 15.0f;
}

static GLuint
new_tex(GLenum unit)
{
   GLuint t;
   GL(glActiveTexture(unit));
   GL(glGenTextures(1, &t));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   nearest(GL_TEXTURE_2D);
   return t;
}

/* Normalized data of a 2D texture from bytes, shorts, halves or floats. */
static void
tex_ub(GLenum ifmt, GLenum format, int ncomp)
{
   uint8_t d[4 * 4 * 4];
   for (int i = 0; i < 16; i++)
      for (int c = 0; c < ncomp; c++)
         d[i * ncomp + c] = (uint8_t)(val(i % 4, i / 4, c) * 255.0f + 0.5f);
   new_tex(GL_TEXTURE0);
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, GL_UNSIGNED_BYTE, d));
   draw_tile(0, 1.0f, 0.0f);
}

static void
tex_snorm(GLenum ifmt, GLenum format, int ncomp)
{
   int8_t d[4 * 4 * 4];
   for (int i = 0; i < 16; i++)
      for (int c = 0; c < ncomp; c++)
         d[i * ncomp + c] = (int8_t)((val(i % 4, i / 4, c) * 2.0f - 1.0f) * 112.0f);
   new_tex(GL_TEXTURE0);
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, GL_BYTE, d));
   draw_tile(0, 0.5f, 0.5f);
}

static uint16_t
half(float f)
{
   /* exact for the multiples of 1/16 .. 4 used here */
   if (f == 0.0f)
      return 0;
   int e = 0;
   while (f >= 2.0f) {
      f /= 2.0f;
      e++;
   }
   while (f < 1.0f) {
      f *= 2.0f;
      e--;
   }
   return (uint16_t)(((e + 15) << 10) | (uint16_t)((f - 1.0f) * 1024.0f));
}

static void
tex_float(GLenum ifmt, GLenum format, int ncomp, GLenum type, float scale)
{
   float f[4 * 4 * 4];
   uint16_t h[4 * 4 * 4];
   for (int i = 0; i < 16; i++)
      for (int c = 0; c < ncomp; c++) {
         f[i * ncomp + c] = (float)((i * 3 + c * 5) % 16) / 16.0f * scale;
         h[i * ncomp + c] = half(f[i * ncomp + c]);
      }
   new_tex(GL_TEXTURE0);
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, type == GL_FLOAT ? (void *)f : (void *)h));
   draw_tile(0, 1.0f / scale, 0.0f);
}

static void
tex_packed16(GLenum ifmt, GLenum format, GLenum type)
{
   uint16_t d[16];
   for (int i = 0; i < 16; i++)
      d[i] = (uint16_t)(0x1234u * (unsigned)(i + 1) ^ 0x5a5au * (unsigned)i);
   new_tex(GL_TEXTURE0);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, d));
   draw_tile(0, 1.0f, 0.0f);
}

static void
tex_packed32(GLenum ifmt, GLenum format, GLenum type, int kind, float scale)
{
   uint32_t d[16];
   for (int i = 0; i < 16; i++)
      d[i] = 0x9e3779b9u * (unsigned)(i + 1);
   if (type == GL_UNSIGNED_INT_10F_11F_11F_REV || type == GL_UNSIGNED_INT_5_9_9_9_REV) {
      /* finite small floats: exponents 12..15 (values 1/8 .. 2), any mantissa */
      for (int i = 0; i < 16; i++)
         d[i] = type == GL_UNSIGNED_INT_10F_11F_11F_REV
                   ? ((12u + i % 4) << 6 | (unsigned)i * 3u) | ((13u + i % 3) << 6 | (unsigned)i * 2u) << 11 |
                        ((12u + i % 2) << 5 | (unsigned)i) << 22
                   : (unsigned)(i * 31) | (unsigned)(i * 17) << 9 | (unsigned)(500 - i * 20) << 18 | 15u << 27;
   }
   if (ifmt == GL_RGB5_A1) {
      /* 10-bit values 33 * k: exactly k / 31, whether an implementation rounds (the spec's
       * equation 2.3) or truncates to 5 bits */
      for (int i = 0; i < 16; i++)
         d[i] = 33u * (unsigned)(i * 2 % 32) | 33u * (unsigned)(i * 5 % 32) << 10 | 33u * (unsigned)(i * 7 % 32) << 20 |
                (unsigned)(i % 4) << 30;
   }
   new_tex(kind == 2 ? GL_TEXTURE2 : GL_TEXTURE0);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, d));
   draw_tile(kind, scale, 0.0f);
}

/* Integer textures: 8 / 16 / 32-bit, signed and unsigned; values 0..15 (signed: -7..8). */
static void
tex_int(GLenum ifmt, GLenum format, GLenum type, int ncomp, int bytes, bool is_signed)
{
   uint8_t d[4 * 4 * 4 * 4];
   for (int i = 0; i < 16; i++)
      for (int c = 0; c < ncomp; c++) {
         int32_t v = (int32_t)(val(i % 4, i / 4, c) * 15.0f + 0.5f) - (is_signed ? 7 : 0);
         if (bytes == 1) {
            int8_t b = (int8_t)v;
            memcpy(d + (i * ncomp + c), &b, 1);
         } else if (bytes == 2) {
            int16_t s = (int16_t)v;
            memcpy(d + (i * ncomp + c) * 2, &s, 2);
         } else {
            memcpy(d + (i * ncomp + c) * 4, &v, 4);
         }
      }
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   new_tex(is_signed ? GL_TEXTURE1 : GL_TEXTURE2);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, d));
   /* integer textures are complete with NEAREST only */
   draw_tile(is_signed ? 1 : 2, 1.0f / 15.0f, is_signed ? 7.0f / 15.0f : 0.0f);
}

/* Depth textures: a gradient, sampled as depth (red) and through a shadow comparison. */
static void
tex_depth(GLenum ifmt, GLenum format, GLenum type)
{
   uint32_t u32[16], ds[32];
   uint16_t u16[16];
   float f[16];
   for (int i = 0; i < 16; i++) {
      float d = (float)i / 16.0f;
      u16[i] = (uint16_t)(d * 65535.0f);
      u32[i] = (uint32_t)(d * 4294967040.0f);
      f[i] = d;
      ds[i] = (uint32_t)(d * 16777215.0f) << 8 | (uint32_t)i;
      memcpy(&ds[16 + i], &f[i], 4);
   }
   const void *data = type == GL_UNSIGNED_SHORT ? (const void *)u16 : type == GL_UNSIGNED_INT ? (const void *)u32
                      : type == GL_FLOAT        ? (const void *)f : (const void *)ds;
   uint32_t ds32f[32];
   if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV) {
      for (int i = 0; i < 16; i++) {
         memcpy(&ds32f[i * 2], &f[i], 4);
         ds32f[i * 2 + 1] = (uint32_t)i;
      }
      data = ds32f;
   }
   GLuint t = new_tex(GL_TEXTURE0);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, data));
   draw_tile(0, 1.0f, 0.0f);
   /* LEQUAL against 0.53: 1 where 0.53 <= D (texels 9..15), else 0 */
   GL(glActiveTexture(GL_TEXTURE3));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL));
   GL(glUniform1f(u_ref, 0.53f));
   draw_tile(3, 1.0f, 0.0f);
   /* percentage-closer filtering: LINEAR on a comparing sampler (lavapipe cannot filter its
    * depth formats otherwise) */
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
   draw_tile(3, 1.0f, 0.0f);
   GL(glBindTexture(GL_TEXTURE_2D, 0));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 160, .height = 128};
   scene_init(&s, &cfg, argc, argv);

   prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   u_rect = scene_uniform(prog, "u_rect");
   u_kind = scene_uniform(prog, "u_kind");
   u_scale = scene_uniform(prog, "u_scale");
   u_bias = scene_uniform(prog, "u_bias");
   u_ref = scene_uniform(prog, "u_ref");
   u_layer = scene_uniform(prog, "u_layer");
   GL(glUniform1i(scene_uniform(prog, "u_f"), 0));
   GL(glUniform1i(scene_uniform(prog, "u_i"), 1));
   GL(glUniform1i(scene_uniform(prog, "u_u"), 2));
   GL(glUniform1i(scene_uniform(prog, "u_s"), 3));
   GL(glUniform1i(scene_uniform(prog, "u_a"), 4));
   GL(glUniform1i(scene_uniform(prog, "u_3"), 5));

   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* normalized */
   tex_ub(GL_RGBA8, GL_RGBA, 4);
   tex_ub(GL_RGB8, GL_RGB, 3);
   tex_ub(GL_RG8, GL_RG, 2);
   tex_ub(GL_R8, GL_RED, 1);
   tex_ub(GL_SRGB8_ALPHA8, GL_RGBA, 4);
   tex_ub(GL_SRGB8, GL_RGB, 3);
   tex_ub(GL_RGB565, GL_RGB, 3);   /* converted to 5_6_5 by the GL */
   tex_ub(GL_RGBA4, GL_RGBA, 4);   /* ... 4_4_4_4 */
   tex_ub(GL_RGB5_A1, GL_RGBA, 4); /* ... 5_5_5_1 */
   tex_packed16(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5);
   tex_packed16(GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4);
   tex_packed16(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1);
   tex_packed32(GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, 1.0f);
   tex_packed32(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, 1.0f);
   /* signed normalized */
   tex_snorm(GL_R8_SNORM, GL_RED, 1);
   tex_snorm(GL_RG8_SNORM, GL_RG, 2);
   tex_snorm(GL_RGB8_SNORM, GL_RGB, 3);
   tex_snorm(GL_RGBA8_SNORM, GL_RGBA, 4);
   /* float */
   tex_float(GL_R16F, GL_RED, 1, GL_HALF_FLOAT, 1.0f);
   tex_float(GL_RG16F, GL_RG, 2, GL_FLOAT, 2.0f);
   tex_float(GL_RGB16F, GL_RGB, 3, GL_HALF_FLOAT, 4.0f);
   tex_float(GL_RGBA16F, GL_RGBA, 4, GL_FLOAT, 1.0f);
   tex_float(GL_R32F, GL_RED, 1, GL_FLOAT, 2.0f);
   tex_float(GL_RG32F, GL_RG, 2, GL_FLOAT, 1.0f);
   tex_float(GL_RGB32F, GL_RGB, 3, GL_FLOAT, 4.0f);
   tex_float(GL_RGBA32F, GL_RGBA, 4, GL_FLOAT, 1.0f);
   tex_float(GL_R11F_G11F_B10F, GL_RGB, 3, GL_FLOAT, 1.0f);
   tex_float(GL_R11F_G11F_B10F, GL_RGB, 3, GL_HALF_FLOAT, 2.0f);
   tex_float(GL_RGB9_E5, GL_RGB, 3, GL_FLOAT, 1.0f);
   tex_float(GL_RGB9_E5, GL_RGB, 3, GL_HALF_FLOAT, 2.0f);
   tex_packed32(GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, 0, 0.5f);
   tex_packed32(GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, 0, 1.0f);
   /* integer */
   tex_int(GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, 1, 1, false);
   tex_int(GL_RG8I, GL_RG_INTEGER, GL_BYTE, 2, 1, true);
   tex_int(GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, 3, 1, false);
   tex_int(GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, 4, 1, true);
   tex_int(GL_R16I, GL_RED_INTEGER, GL_SHORT, 1, 2, true);
   tex_int(GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, 2, 2, false);
   tex_int(GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, 3, 2, true);
   tex_int(GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, 4, 2, false);
   tex_int(GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, 1, 4, false);
   tex_int(GL_RG32I, GL_RG_INTEGER, GL_INT, 2, 4, true);
   tex_int(GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, 3, 4, false);
   tex_int(GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 4, 4, true);
   tex_packed32(GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, 2, 1.0f / 1023.0f);
   /* depth: each as depth and through the shadow comparison */
   tex_depth(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT);
   tex_depth(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT);
   tex_depth(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT);
   tex_depth(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT);
   tex_depth(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8);
   tex_depth(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV);

   /* swizzle: RGBA8 read as (B, A, 1, R); an integer texture as (G, R, 0, 1) */
   tex_ub(GL_RGBA8, GL_RGBA, 4);
   tile--;
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ALPHA));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ONE));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RED));
   draw_tile(0, 1.0f, 0.0f);
   tex_int(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 4, 1, false);
   tile--;
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_GREEN));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_RED));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ZERO));
   draw_tile(2, 1.0f / 15.0f, 0.0f);
   GL(glBindTexture(GL_TEXTURE_2D, 0));

   /* 2D array: three 4x4 RGBA8 layers, the middle one replaced with TexSubImage3D */
   uint8_t layers[3 * 16 * 4];
   for (int i = 0; i < 3 * 16 * 4; i++)
      layers[i] = (uint8_t)((i * 37) & 0xff);
   GLuint arr, t3d;
   GL(glActiveTexture(GL_TEXTURE4));
   GL(glGenTextures(1, &arr));
   GL(glBindTexture(GL_TEXTURE_2D_ARRAY, arr));
   nearest(GL_TEXTURE_2D_ARRAY);
   GL(glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers));
   uint8_t mid[16 * 4];
   for (int i = 0; i < 16 * 4; i++)
      mid[i] = (uint8_t)(255 - i * 3);
   GL(glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, mid));
   for (int l = 0; l < 3; l++) {
      GL(glUniform1f(u_layer, (float)l));
      draw_tile(4, 1.0f, 0.0f);
   }
   /* 3D: immutable R16F 4x4x4 (TexStorage3D), filled slice by slice from a client image with
    * UNPACK_IMAGE_HEIGHT 5 (one padding row per slice) */
   GL(glActiveTexture(GL_TEXTURE5));
   GL(glGenTextures(1, &t3d));
   GL(glBindTexture(GL_TEXTURE_3D, t3d));
   nearest(GL_TEXTURE_3D);
   GL(glTexStorage3D(GL_TEXTURE_3D, 1, GL_RG8, 4, 4, 4));
   uint8_t vol[4 * 5 * 4 * 2];
   for (int i = 0; i < 4 * 5 * 4 * 2; i++)
      vol[i] = (uint8_t)((i * 53 + 11) & 0xff);
   GL(glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 5));
   GL(glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 4, GL_RG, GL_UNSIGNED_BYTE, vol));
   GL(glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0));
   GLint immutable = 0;
   GL(glGetTexParameteriv(GL_TEXTURE_3D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable));
   SCENE_CHECK(immutable == GL_TRUE, "TEXTURE_IMMUTABLE_FORMAT %d", immutable);
   for (int z = 0; z < 4; z++) {
      GL(glUniform1f(u_layer, ((float)z + 0.5f) / 4.0f));
      draw_tile(5, 1.0f, 0.0f);
   }

   /* The spec's errors (ES 3.0 section 3.8.3, table 3.2). */
   GLuint bad;
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glGenTextures(1, &bad));
   GL(glBindTexture(GL_TEXTURE_2D, bad));
   GL_EXPECT(GL_INVALID_OPERATION, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL));
   GL_EXPECT(GL_INVALID_OPERATION, glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL));
   GL_EXPECT(GL_INVALID_OPERATION,
             glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 4, 4, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, NULL));
   GL_EXPECT(GL_INVALID_ENUM, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, 0x1234, NULL));
   GL_EXPECT(GL_INVALID_VALUE, glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL_EXPECT(GL_INVALID_OPERATION, glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT16, 4, 4, 4, 0,
                                                GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, NULL));
   GL_EXPECT(GL_INVALID_ENUM, glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4));
   GL(glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4));
   GL_EXPECT(GL_INVALID_OPERATION,
             glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, mid));
   GL_EXPECT(GL_INVALID_OPERATION, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, mid));
   GLint levels = 0;
   GL(glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &levels));
   SCENE_CHECK(levels == 1, "TEXTURE_IMMUTABLE_LEVELS %d", levels);
   GL(glDeleteTextures(1, &bad));
   GL(glDeleteTextures(1, &arr));
   GL(glDeleteTextures(1, &t3d));

   scene_swap(&s);
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
