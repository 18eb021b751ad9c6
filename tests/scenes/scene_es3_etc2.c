/*
 * es3_etc2 — OpenGL ES 3.0's ETC2 / EAC compressed textures (table 3.19), sampled NEAREST at
 * texel centres: every format of the table from pseudo-random blocks (which reach every
 * ETC2 mode: individual, differential, T, H, planar, and punchthrough's transparent texels),
 * a 6x5 image of partial blocks, glCompressedTexSubImage2D over a whole block and over the
 * partial edge blocks of a level, an upload from a PIXEL_UNPACK_BUFFER, an explicit mip chain
 * sampled at LOD 1, an immutable (TexStorage2D) cube map filled face by face, and a 2D array
 * through TexStorage3D + CompressedTexSubImage3D. Signed EAC values are drawn as v / 2 + 0.5.
 * Tolerance 1 (the default): the 11-bit EAC values meet the 8-bit framebuffer through the
 * implementation's rounding.
 */
#include "scene_common.h"

#include <stdlib.h>
#include <string.h>

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec2 a_uv;\n"
   "uniform vec2 u_half;\n"
   "out vec2 v_uv;\n"
   "void main() { gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0); v_uv = a_uv; }\n";

/* u_mode 0: 2D, 1: 2D signed (v / 2 + 0.5), 2: cube face u_layer, 3: array layer u_layer */
static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2D u_tex;\n"      /* unit 0 */
   "uniform highp samplerCube u_cube;\n"   /* unit 1 */
   "uniform highp sampler2DArray u_arr;\n" /* unit 2 */
   "uniform int u_mode;\n"
   "uniform int u_layer;\n"
   "uniform float u_lod;\n"
   "in vec2 v_uv;\n"
   "out vec4 o_color;\n"
   "vec3 face_dir(int f, vec2 uv) {\n"
   "   float sc = 2.0 * uv.x - 1.0, tc = 2.0 * uv.y - 1.0;\n"
   "   if (f == 0) return vec3(1.0, -tc, -sc);\n"
   "   if (f == 1) return vec3(-1.0, -tc, sc);\n"
   "   if (f == 2) return vec3(sc, 1.0, tc);\n"
   "   if (f == 3) return vec3(sc, -1.0, -tc);\n"
   "   if (f == 4) return vec3(sc, -tc, 1.0);\n"
   "   return vec3(-sc, -tc, -1.0);\n"
   "}\n"
   "void main() {\n"
   "   if (u_mode == 0) o_color = textureLod(u_tex, v_uv, u_lod);\n"
   "   else if (u_mode == 1) o_color = vec4(textureLod(u_tex, v_uv, 0.0).rg * 0.5 + 0.5, 0.25, 1.0);\n"
   "   else if (u_mode == 2) o_color = texture(u_cube, face_dir(u_layer, v_uv));\n"
   "   else o_color = texture(u_arr, vec3(v_uv, float(u_layer)));\n"
   "}\n";

struct fmt {
   GLenum ifmt;
   unsigned block; /* bytes per 4x4 block */
   bool is_signed;
};

static const struct fmt fmts[] = {
   {GL_COMPRESSED_R11_EAC, 8, false},
   {GL_COMPRESSED_SIGNED_R11_EAC, 8, true},
   {GL_COMPRESSED_RG11_EAC, 16, false},
   {GL_COMPRESSED_SIGNED_RG11_EAC, 16, true},
   {GL_COMPRESSED_RGB8_ETC2, 8, false},
   {GL_COMPRESSED_SRGB8_ETC2, 8, false},
   {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 8, false},
   {GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, 8, false},
   {GL_COMPRESSED_RGBA8_ETC2_EAC, 16, false},
   {GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, 16, false},
};

static GLint u_mode, u_layer, u_lod;

static void
quad(float x0, float y0, float x1, float y1)
{
   const GLfloat v[] = {x0, y0, 0, 0, x1, y0, 1, 0, x0, y1, 0, 1, x1, y1, 1, 1};
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static void
nearest(GLenum target, GLenum min)
{
   GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, (GLint)min));
   GL(glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
   GL(glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
}

/* Blocks for a w x h image of f: ceil(w/4) * ceil(h/4) blocks. */
static size_t
image_size(const struct fmt *f, int w, int h)
{
   return (size_t)((w + 3) / 4) * (size_t)((h + 3) / 4) * f->block;
}

static void
draw_2d(GLuint tex, const struct fmt *f, float x0, float y0, float x1, float y1, float lod)
{
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   GL(glUniform1i(u_mode, f->is_signed ? 1 : 0));
   GL(glUniform1f(u_lod, lod));
   quad(x0, y0, x1, y1);
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 320, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);

   /* Every format of table 3.19 is listed (ES 3.0 requires them all). */
   GLint n = 0;
   GL(glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n));
   SCENE_CHECK(n >= 10 && n <= 64, "NUM_COMPRESSED_TEXTURE_FORMATS %d", n);
   GLint listed[64];
   GL(glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, listed));
   for (unsigned i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
      bool found = false;
      for (int k = 0; k < n; k++)
         found = found || (GLenum)listed[k] == fmts[i].ifmt;
      SCENE_CHECK(found, "format 0x%x not in COMPRESSED_TEXTURE_FORMATS", fmts[i].ifmt);
   }

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), 160.0f, 64.0f));
   GL(glUniform1i(scene_uniform(prog, "u_tex"), 0));
   GL(glUniform1i(scene_uniform(prog, "u_cube"), 1));
   GL(glUniform1i(scene_uniform(prog, "u_arr"), 2));
   u_mode = scene_uniform(prog, "u_mode");
   u_layer = scene_uniform(prog, "u_layer");
   u_lod = scene_uniform(prog, "u_lod");

   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat), (void *)0));
   GL(glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat), (void *)(2 * sizeof(GLfloat))));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   GL(glClearColor(0.1f, 0.2f, 0.3f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   uint8_t data[8 * 16 * 16 * 6];
   GLuint tex[16];
   GL(glGenTextures(16, tex));

   /* Row 0 (y 96..128): each format, 8x8 (2 x 2 random blocks) at 4x. */
   for (unsigned i = 0; i < 10; i++) {
      const struct fmt *f = &fmts[i];
      GL(glBindTexture(GL_TEXTURE_2D, tex[i]));
      scene_fill_pattern(data, image_size(f, 8, 8), 101 + i);
      GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, f->ifmt, 8, 8, 0, (GLsizei)image_size(f, 8, 8), data));
      nearest(GL_TEXTURE_2D, GL_NEAREST);
      draw_2d(tex[i], f, 32.0f * i, 96, 32.0f * i + 32, 128, 0.0f);
   }

   /* Row 1 (y 64..96). */
   const struct fmt *rgba = &fmts[8], *rgb = &fmts[4], *rg11 = &fmts[2], *s11 = &fmts[1];
   /* a: 6x5 RGB8 ETC2 (2 x 2 blocks, partial at the right and top) at 4x */
   GL(glBindTexture(GL_TEXTURE_2D, tex[10]));
   scene_fill_pattern(data, image_size(rgb, 6, 5), 7);
   GL_EXPECT(GL_INVALID_VALUE, glCompressedTexImage2D(GL_TEXTURE_2D, 0, rgb->ifmt, 6, 5, 0, 24, data));
   GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, rgb->ifmt, 6, 5, 0, (GLsizei)image_size(rgb, 6, 5), data));
   nearest(GL_TEXTURE_2D, GL_NEAREST);
   /* the edge blocks again: x 4..6 (2 wide: reaches the edge), y 4..5 */
   scene_fill_pattern(data, 8, 8);
   GL(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 2, 1, rgb->ifmt, 8, data));
   GL_EXPECT(GL_INVALID_OPERATION, glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, rgb->ifmt, 8, data));
   GL_EXPECT(GL_INVALID_OPERATION, glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 4, rgb->ifmt, 8, data));
   GL_EXPECT(GL_INVALID_OPERATION, glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, rgba->ifmt, 16, data));
   draw_2d(tex[10], rgb, 0, 64, 24, 84, 0.0f);

   /* b: 16x16 RGBA8 ETC2 EAC, one whole block replaced at (4, 8), at 2x */
   GL(glBindTexture(GL_TEXTURE_2D, tex[11]));
   scene_fill_pattern(data, image_size(rgba, 16, 16), 11);
   GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, rgba->ifmt, 16, 16, 0, (GLsizei)image_size(rgba, 16, 16), data));
   nearest(GL_TEXTURE_2D, GL_NEAREST);
   scene_fill_pattern(data, 2 * 16, 12);
   GL(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 8, 8, 4, rgba->ifmt, 32, data));
   draw_2d(tex[11], rgba, 32, 64, 64, 96, 0.0f);

   /* c: 8x8 RG11 EAC from a PIXEL_UNPACK_BUFFER at offset 16, at 4x */
   GLuint pbo;
   GL(glGenBuffers(1, &pbo));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo));
   scene_fill_pattern(data, 16 + image_size(rg11, 8, 8), 13);
   GL(glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)(16 + image_size(rg11, 8, 8)), data, GL_STATIC_DRAW));
   GL(glBindTexture(GL_TEXTURE_2D, tex[12]));
   GL_EXPECT(GL_INVALID_OPERATION, glCompressedTexImage2D(GL_TEXTURE_2D, 0, rg11->ifmt, 8, 8, 0,
                                                          (GLsizei)image_size(rg11, 8, 8), (void *)32));
   GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, rg11->ifmt, 8, 8, 0, (GLsizei)image_size(rg11, 8, 8), (void *)16));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
   nearest(GL_TEXTURE_2D, GL_NEAREST);
   draw_2d(tex[12], rg11, 72, 64, 104, 96, 0.0f);

   /* d: a signed R11 mip chain 8x8 / 4x4 / 2x2 / 1x1 (explicit levels), level 1 at 8x */
   GL(glBindTexture(GL_TEXTURE_2D, tex[13]));
   for (int l = 0; l < 4; l++) {
      int sz = 8 >> l;
      scene_fill_pattern(data, image_size(s11, sz, sz), 20 + (uint32_t)l);
      GL(glCompressedTexImage2D(GL_TEXTURE_2D, l, s11->ifmt, sz, sz, 0, (GLsizei)image_size(s11, sz, sz), data));
   }
   GL_EXPECT(GL_INVALID_OPERATION, glGenerateMipmap(GL_TEXTURE_2D));
   nearest(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST);
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glUniform1i(u_mode, 0));
   GL(glUniform1f(u_lod, 1.0f));
   quad(112, 64, 144, 96); /* mode 0 at LOD 1: the raw signed values, negatives black */
   draw_2d(tex[13], s11, 152, 64, 184, 96, 0.0f);

   /* Row 2 (y 32..64): an immutable 8x8 SRGB8_ALPHA8 ETC2 EAC cube, face by face, at 4x. */
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_CUBE_MAP, tex[14]));
   const struct fmt *srgba = &fmts[9];
   GL(glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, srgba->ifmt, 8, 8));
   GL_EXPECT(GL_INVALID_OPERATION, glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, srgba->ifmt, 8, 8, 0,
                                                          (GLsizei)image_size(srgba, 8, 8), data));
   for (int f = 0; f < 6; f++) {
      scene_fill_pattern(data, image_size(srgba, 8, 8), 30 + (uint32_t)f);
      GL(glCompressedTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, 0, 0, 8, 8, srgba->ifmt,
                                   (GLsizei)image_size(srgba, 8, 8), data));
   }
   nearest(GL_TEXTURE_CUBE_MAP, GL_NEAREST);
   GL(glUniform1i(u_mode, 2));
   for (int f = 0; f < 6; f++) {
      GL(glUniform1i(u_layer, f));
      quad(32.0f * f, 32, 32.0f * f + 32, 64);
   }

   /* Row 3 (y 0..32): an 8x8x3 RGB8 punchthrough 2D array (TexStorage3D, then a layer at a
    * time), at 4x; a 3D texture of it is INVALID_OPERATION. */
   const struct fmt *punch = &fmts[6];
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_3D, tex[15]));
   GL_EXPECT(GL_INVALID_OPERATION, glCompressedTexImage3D(GL_TEXTURE_3D, 0, punch->ifmt, 8, 8, 1, 0,
                                                          (GLsizei)image_size(punch, 8, 8), data));
   GL_EXPECT(GL_INVALID_OPERATION, glTexStorage3D(GL_TEXTURE_3D, 1, punch->ifmt, 8, 8, 2));
   GL(glBindTexture(GL_TEXTURE_3D, 0));
   GLuint arr[2];
   GL(glGenTextures(2, arr));
   GL(glBindTexture(GL_TEXTURE_2D_ARRAY, arr[0]));
   GL(glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, punch->ifmt, 8, 8, 3));
   for (int l = 0; l < 3; l++) {
      scene_fill_pattern(data, image_size(punch, 8, 8), 40 + (uint32_t)l);
      GL(glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, l, 8, 8, 1, punch->ifmt,
                                   (GLsizei)image_size(punch, 8, 8), data));
   }
   nearest(GL_TEXTURE_2D_ARRAY, GL_NEAREST);
   GL(glUniform1i(u_mode, 3));
   for (int l = 0; l < 3; l++) {
      GL(glUniform1i(u_layer, l));
      quad(32.0f * l, 0, 32.0f * l + 32, 32);
   }
   /* and a second array through CompressedTexImage3D (all three layers in one call) */
   GL(glBindTexture(GL_TEXTURE_2D_ARRAY, arr[1]));
   scene_fill_pattern(data, 3 * image_size(rg11, 8, 8), 50);
   GL(glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, rg11->ifmt, 8, 8, 3, 0, (GLsizei)(3 * image_size(rg11, 8, 8)),
                             data));
   nearest(GL_TEXTURE_2D_ARRAY, GL_NEAREST);
   for (int l = 0; l < 3; l++) {
      GL(glUniform1i(u_layer, l));
      quad(112.0f + 32.0f * l, 0, 144.0f + 32.0f * l, 32);
   }

   scene_swap(&s);
   return scene_finish(&s);
}
