/*
 * gl33_rgtc — OpenGL 3.0+ core's RGTC formats (GL 3.3 table 3.14): hand-made RGTC1 / RGTC2
 * blocks, unsigned and signed, in both endpoint modes and with every 3-bit code, uploaded with
 * glCompressedTexImage2D / 3D and glCompressedTexSubImage2D (from client memory and from a
 * pixel unpack buffer) into 2D, 2D-array and cube textures, sampled NEAREST and LINEAR; images
 * given uncompressed to glTexImage2D / glTexSubImage2D with an RGTC internal format (at most
 * two values per 4x4 block, which any encoder keeps exactly), glGenerateMipmap on one,
 * glCopyTexImage2D / glCopyTexSubImage2D into one, and the generic
 * COMPRESSED_RG; read back with glGetCompressedTexImage (the blocks given) and glGetTexImage
 * (the decoded texels of the uncompressed uploads), the level queries and some errors.
 * Registered with SPLITGL_MAGMA_HIDE=bc (Magma decodes the blocks at upload); its _native
 * run samples lavapipe's BC4 / BC5 images.
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos) / 64.0 - 1.0, 0.0, 1.0);\n"
   "   v_uv = a_pos;\n"
   "}\n";
static const char *fs_src =
   "#version 330 core\n"
   "uniform sampler2D u_2d;\n"
   "uniform sampler2DArray u_arr;\n"
   "uniform samplerCube u_cube;\n"
   "uniform int u_mode;\n"
   "uniform float u_layer;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   if (u_mode == 0) o = vec4(texture(u_2d, v_uv).rg, 0.25, 1.0);\n"
   "   else if (u_mode == 1) o = vec4(texture(u_2d, v_uv).rg * 0.5 + 0.5, 0.75, 1.0);\n"
   "   else if (u_mode == 2) o = vec4(texture(u_arr, vec3(v_uv, u_layer)).rg * 0.5 + 0.5, 0.5, 1.0);\n"
   "   else if (u_mode == 3) o = vec4(texture(u_cube, vec3(1.0, v_uv * 2.0 - 1.0)).rgb, 1.0);\n"
   "   else o = texture(u_2d, v_uv);\n"
   "}\n";

static GLuint prog;

static void
draw(int mode, float x0, float y0, float x1, float y1)
{
   GL(glUniform1i(glGetUniformLocation(prog, "u_mode"), mode));
   GL(glUniform4f(glGetUniformLocation(prog, "u_rect"), x0, y0, x1, y1));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static void
filter(GLenum target, GLenum f)
{
   GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, f));
   GL(glTexParameteri(target, GL_TEXTURE_MAG_FILTER, f));
   GL(glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
   GL(glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
}

/* One RGTC1 block: endpoints r0, r1 and the 16 codes (texel i = 4 * y + x). */
static void
block(uint8_t *out, uint8_t r0, uint8_t r1, const uint8_t codes[16])
{
   uint64_t bits = 0;
   for (int i = 0; i < 16; i++)
      bits |= (uint64_t)(codes[i] & 7) << (3 * i);
   out[0] = r0;
   out[1] = r1;
   for (int i = 0; i < 6; i++)
      out[2 + i] = (uint8_t)(bits >> (8 * i));
}

static void
expect_level(GLenum target, GLint level, GLenum pname, GLint want, const char *what)
{
   GLint v = -1;
   GL(glGetTexLevelParameteriv(target, level, pname, &v));
   SCENE_CHECK(v == want, "%s: 0x%x is %d, want %d", what, pname, v, want);
}

static void
expect_blocks(GLenum target, GLint level, const uint8_t *want, size_t n, const char *what)
{
   uint8_t got[512];
   memset(got, 0xcd, sizeof(got));
   GL(glGetCompressedTexImage(target, level, got));
   SCENE_CHECK(!memcmp(got, want, n), "glGetCompressedTexImage of %s", what);
   SCENE_CHECK(got[n] == 0xcd, "glGetCompressedTexImage of %s wrote past the image", what);
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform1i(glGetUniformLocation(prog, "u_2d"), 0));
   GL(glUniform1i(glGetUniformLocation(prog, "u_arr"), 1));
   GL(glUniform1i(glGetUniformLocation(prog, "u_cube"), 2));
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));

   /* Codes covering all eight values, in a few arrangements */
   static const uint8_t all[16] = {0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0};
   static const uint8_t stripes[16] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7};
   static const uint8_t checker[16] = {6, 7, 6, 7, 7, 6, 7, 6, 2, 3, 4, 5, 5, 4, 3, 2};
   static const uint8_t ramp[16] = {0, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 1};

   /* ---- RED_RGTC1, 8x8: both endpoint modes (r0 > r1: six interpolants; r0 <= r1: four plus
    * 0 and 1) ---- */
   uint8_t red[4 * 8];
   block(red + 0, 200, 40, all);
   block(red + 8, 40, 200, all);
   block(red + 16, 255, 0, checker);
   block(red + 24, 17, 230, stripes);
   GLuint t[8];
   GL(glGenTextures(8, t));
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D, t[0]));
   GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, sizeof(red), red));
   filter(GL_TEXTURE_2D, GL_NEAREST);
   draw(0, 0, 0, 32, 32);
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, GL_TRUE, "RED_RGTC1");
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, 32, "RED_RGTC1");
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, GL_COMPRESSED_RED_RGTC1, "RED_RGTC1");
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, GL_UNSIGNED_NORMALIZED, "RED_RGTC1");
   expect_blocks(GL_TEXTURE_2D, 0, red, sizeof(red), "RED_RGTC1");
   /* LINEAR across the block edges */
   filter(GL_TEXTURE_2D, GL_LINEAR);
   draw(0, 32, 0, 64, 32);

   /* ---- SIGNED_RED_RGTC1 6x6 (partial blocks), -128 as an endpoint; a sub-image from an
    * unpack buffer ---- */
   uint8_t sred[4 * 8], sub[8];
   block(sred + 0, 100, (uint8_t)-100, all);
   block(sred + 8, (uint8_t)-80, 90, all);
   block(sred + 16, (uint8_t)-128, 127, ramp);
   block(sred + 24, 5, (uint8_t)-5, stripes);
   block(sub, 127, (uint8_t)-127, checker);
   GL(glBindTexture(GL_TEXTURE_2D, t[1]));
   GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 6, 6, 0, sizeof(sred), sred));
   filter(GL_TEXTURE_2D, GL_NEAREST);
   GLuint pbo;
   GL(glGenBuffers(1, &pbo));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo));
   uint8_t pad[16 + 8];
   memset(pad, 0x5a, 16);
   memcpy(pad + 16, sub, 8);
   GL(glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof(pad), pad, GL_STATIC_DRAW));
   /* the last block: x 4..5, y 4..5 (the image's edge, so width 2 is allowed) */
   GL(glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 2, 2, GL_COMPRESSED_SIGNED_RED_RGTC1, 8, (const void *)16));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
   memcpy(sred + 24, sub, 8);
   draw(1, 64, 0, 88, 24);
   expect_blocks(GL_TEXTURE_2D, 0, sred, sizeof(sred), "SIGNED_RED_RGTC1");
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, GL_SIGNED_NORMALIZED, "SIGNED_RED_RGTC1");
   /* Off the block grid: INVALID_OPERATION */
   GL_EXPECT(GL_INVALID_OPERATION,
             glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_SIGNED_RED_RGTC1, 8, sub));

   /* ---- RG_RGTC2 8x4 from an unpack buffer: a red and a green block per 4x4 ---- */
   uint8_t rg[2 * 16];
   block(rg + 0, 250, 10, stripes);
   block(rg + 8, 0, 255, all);
   block(rg + 16, 128, 64, checker);
   block(rg + 24, 30, 31, ramp);
   GL(glBindTexture(GL_TEXTURE_2D, t[2]));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo));
   GL(glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof(rg), rg, GL_STATIC_DRAW));
   GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 4, 0, sizeof(rg), NULL));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
   filter(GL_TEXTURE_2D, GL_NEAREST);
   draw(0, 96, 0, 128, 16);
   expect_blocks(GL_TEXTURE_2D, 0, rg, sizeof(rg), "RG_RGTC2");
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, 32, "RG_RGTC2");
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_TYPE, GL_UNSIGNED_NORMALIZED, "RG_RGTC2");

   /* ---- SIGNED_RG_RGTC2 2D array, 4x4 x 2 layers ---- */
   uint8_t srg[2 * 16];
   block(srg + 0, (uint8_t)-127, 127, all);
   block(srg + 8, 60, (uint8_t)-60, stripes);
   block(srg + 16, 3, 100, checker);
   block(srg + 24, (uint8_t)-1, (uint8_t)-90, ramp);
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_2D_ARRAY, t[3]));
   GL(glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_SIGNED_RG_RGTC2, 4, 4, 2, 0, sizeof(srg), srg));
   filter(GL_TEXTURE_2D_ARRAY, GL_NEAREST);
   GL(glUniform1f(glGetUniformLocation(prog, "u_layer"), 0.0f));
   draw(2, 0, 32, 16, 48);
   GL(glUniform1f(glGetUniformLocation(prog, "u_layer"), 1.0f));
   draw(2, 16, 32, 32, 48);
   expect_blocks(GL_TEXTURE_2D_ARRAY, 0, srg, sizeof(srg), "SIGNED_RG_RGTC2 array");

   /* ---- a RED_RGTC1 cube: face +X read ---- */
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_CUBE_MAP, t[5]));
   for (int f = 0; f < 6; f++) {
      uint8_t b[8];
      block(b, (uint8_t)(40 * f + 20), (uint8_t)(230 - 30 * f), f == 0 ? ramp : all);
      GL(glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, b));
      if (f == 0)
         expect_blocks(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, b, 8, "cube face +X");
   }
   filter(GL_TEXTURE_CUBE_MAP, GL_NEAREST);
   draw(3, 32, 32, 48, 48);

   /* ---- given uncompressed: two values per 4x4 block (exact whatever the encoder) ---- */
   GL(glActiveTexture(GL_TEXTURE0));
   uint8_t img[6 * 6], back[6 * 6 + 1];
   for (int y = 0; y < 6; y++)
      for (int x = 0; x < 6; x++)
         img[y * 6 + x] = (uint8_t)(((x / 4) * 2 + (y / 4)) * 50 + (((x + y) & 1) ? 40 : 0) + 10);
   GL(glBindTexture(GL_TEXTURE_2D, t[6]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 6, 6, 0, GL_RED, GL_UNSIGNED_BYTE, img));
   filter(GL_TEXTURE_2D, GL_NEAREST);
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, GL_TRUE, "TexImage2D RED_RGTC1");
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, 32, "TexImage2D RED_RGTC1");
   /* a block replaced through TexSubImage2D (block-aligned) */
   uint8_t subimg[4 * 4];
   for (int i = 0; i < 16; i++)
      subimg[i] = (i & 4) ? 255 : 3;
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED, GL_UNSIGNED_BYTE, subimg));
   for (int i = 0; i < 16; i++)
      img[(i / 4) * 6 + i % 4] = subimg[i];
   GL_EXPECT(GL_INVALID_OPERATION, glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 4, 4, GL_RED, GL_UNSIGNED_BYTE, subimg));
   draw(0, 64, 32, 88, 56);
   memset(back, 0xcd, sizeof(back));
   GL(glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, back));
   SCENE_CHECK(!memcmp(back, img, sizeof(img)) && back[36] == 0xcd, "glGetTexImage of TexImage2D RED_RGTC1");
   /* signed, as floats, into RG_RGTC2 (green 0) */
   float fimg[8 * 4 * 2];
   for (int i = 0; i < 32; i++) {
      fimg[2 * i] = (i % 8) < 4 ? -1.0f : 0.5f;
      fimg[2 * i + 1] = (i / 8) & 1 ? 1.0f : -0.25f;
   }
   GL(glBindTexture(GL_TEXTURE_2D, t[7]));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RG_RGTC2, 8, 4, 0, GL_RG, GL_FLOAT, fimg));
   filter(GL_TEXTURE_2D, GL_NEAREST);
   draw(1, 96, 32, 128, 48);

   /* ---- glGenerateMipmap of an RGTC1 image given uncompressed: 2x2 quads of one value, so
    * every level keeps at most two values a block ---- */
   uint8_t mip0[8 * 8], mip1[4 * 4], mipback[16 + 1];
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         mip0[y * 8 + x] = ((x / 2 + y / 2) & 1) ? 200 : 40;
   for (int i = 0; i < 16; i++)
      mip1[i] = ((i % 4 + i / 4) & 1) ? 200 : 40;
   GLuint tm;
   GL(glGenTextures(1, &tm));
   GL(glBindTexture(GL_TEXTURE_2D, tm));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, GL_RED, GL_UNSIGNED_BYTE, mip0));
   GL(glGenerateMipmap(GL_TEXTURE_2D));
   expect_level(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, 4, "generated level 1");
   expect_level(GL_TEXTURE_2D, 3, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, 8, "generated level 3");
   memset(mipback, 0xcd, sizeof(mipback));
   GL(glGetTexImage(GL_TEXTURE_2D, 1, GL_RED, GL_UNSIGNED_BYTE, mipback));
   SCENE_CHECK(!memcmp(mipback, mip1, 16) && mipback[16] == 0xcd, "generated level 1");
   GL(glGetTexImage(GL_TEXTURE_2D, 2, GL_RED, GL_UNSIGNED_BYTE, mipback));
   SCENE_CHECK(mipback[0] == 120 && mipback[3] == 120, "generated level 2: %u %u", mipback[0], mipback[3]);
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1));
   draw(0, 32, 64, 48, 80);
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0));
   draw(0, 48, 64, 52, 68); /* 8x8 texels on 4x4 pixels: level 1 */

   /* ---- glCopyTexImage2D / glCopyTexSubImage2D into RGTC1 from an 8x8 RGBA8 framebuffer of
    * one value a 4x4 block ---- */
   GLuint fbo, fbtex, tc;
   GL(glGenFramebuffers(1, &fbo));
   GL(glGenTextures(1, &fbtex));
   GL(glBindTexture(GL_TEXTURE_2D, fbtex));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fbtex, 0));
   GL(glClearColor(0.2f, 0.6f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(4, 0, 4, 4));
   GL(glClearColor(0.8f, 0.4f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDisable(GL_SCISSOR_TEST));
   GL(glGenTextures(1, &tc));
   GL(glBindTexture(GL_TEXTURE_2D, tc));
   GL(glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 0, 0, 8, 8, 0));
   expect_level(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, 64, "CopyTexImage2D RG_RGTC2");
   uint8_t cback[8 * 8 * 2];
   GL(glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_UNSIGNED_BYTE, cback));
   SCENE_CHECK(cback[0] == 51 && cback[1] == 153 && cback[2 * 4] == 204 && cback[2 * 4 + 1] == 102 &&
               cback[2 * (4 * 8 + 4)] == 51, "CopyTexImage2D RG_RGTC2: %u %u %u %u", cback[0], cback[1], cback[8],
               cback[9]);
   /* a sub-copy of the bright block onto the top right one */
   GL(glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 0, 4, 4));
   GL_EXPECT(GL_INVALID_OPERATION, glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 4, 4, 0, 4, 4));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   filter(GL_TEXTURE_2D, GL_NEAREST);
   draw(0, 64, 64, 80, 80);
   GL(glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_UNSIGNED_BYTE, cback));
   SCENE_CHECK(cback[2 * (4 * 8 + 4)] == 204, "CopyTexSubImage2D RG_RGTC2: %u", cback[2 * (4 * 8 + 4)]);

   /* ---- the generic COMPRESSED_RG: stored as the implementation chooses; sampled ---- */
   GLuint tg;
   GL(glGenTextures(1, &tg));
   GL(glBindTexture(GL_TEXTURE_2D, tg));
   uint8_t gimg[4 * 4 * 2];
   for (int i = 0; i < 16; i++) {
      gimg[2 * i] = (i & 1) ? 200 : 20;
      gimg[2 * i + 1] = (i & 8) ? 90 : 180;
   }
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG, 4, 4, 0, GL_RG, GL_UNSIGNED_BYTE, gimg));
   filter(GL_TEXTURE_2D, GL_NEAREST);
   /* GL 3.3 section 3.8.3: a generic compressed format "is replaced by ... a specific
    * compressed internal format of the GL's choosing" (Mesa: RGTC2) or "the corresponding base
    * internal format" (splitgl stores it uncompressed) */
   GLint gfmt = -1;
   GL(glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &gfmt));
   SCENE_CHECK(gfmt == GL_RG || gfmt == GL_COMPRESSED_RG_RGTC2, "COMPRESSED_RG became 0x%x", gfmt);
   draw(0, 0, 64, 32, 96);

   /* ---- errors ---- */
   /* COMPRESSED_TEXTURE_FORMATS lists general-purpose formats only (not RGTC) */
   GLint n = -1;
   GL(glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n));
   GLint fmts[64];
   SCENE_CHECK(n >= 0 && n <= 64, "NUM_COMPRESSED_TEXTURE_FORMATS %d", n);
   GL(glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts));
   for (int i = 0; i < n; i++)
      SCENE_CHECK(fmts[i] != GL_COMPRESSED_RED_RGTC1 && fmts[i] != GL_COMPRESSED_RG_RGTC2,
                  "COMPRESSED_TEXTURE_FORMATS lists RGTC");
   /* the generic formats are no CompressedTexImage format (INVALID_ENUM) */
   GL_EXPECT(GL_INVALID_ENUM, glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED, 4, 4, 0, 8, red));
   /* imageSize not matching the blocks: INVALID_VALUE */
   GL_EXPECT(GL_INVALID_VALUE, glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 16, red));
   /* (RGTC on a 3D texture: the spec's INVALID_OPERATION, which Mesa reports as INVALID_ENUM,
    * is checked in tests/front/test_compressed.c) */
   /* an uncompressed image: GetCompressedTexImage and COMPRESSED_IMAGE_SIZE are INVALID_OPERATION */
   GLuint tu;
   GL(glGenTextures(1, &tu));
   GL(glBindTexture(GL_TEXTURE_2D, tu));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, img));
   uint8_t junk[64];
   GL_EXPECT(GL_INVALID_OPERATION, glGetCompressedTexImage(GL_TEXTURE_2D, 0, junk));
   GLint v;
   GL_EXPECT(GL_INVALID_OPERATION, glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v));

   GL(glDeleteTextures(8, t));
   GL(glDeleteTextures(1, &tg));
   GL(glDeleteTextures(1, &tm));
   GL(glDeleteTextures(1, &tc));
   GL(glDeleteTextures(1, &fbtex));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteTextures(1, &tu));
   GL(glDeleteBuffers(1, &pbo));
   return scene_finish(&s);
}
