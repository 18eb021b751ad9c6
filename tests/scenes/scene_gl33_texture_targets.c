/*
 * gl33_texture_targets — OpenGL 3.3 core's 1D, 1D-array and rectangle textures:
 * glTexImage1D / glTexSubImage1D with mip levels and glGenerateMipmap (sampler1D, textureLod),
 * a 1D array through glTexImage2D / glTexSubImage2D (sampler1DArray, layers as rows), an
 * integer 1D array read with texelFetch (usampler1DArray), glCopyTexImage1D /
 * glCopyTexSubImage1D / glCopyTexSubImage2D(1D_ARRAY) from the framebuffer, a depth 1D texture
 * through sampler1DShadow, rendering into a 1D texture (glFramebufferTexture1D) and into a 3D
 * slice (glFramebufferTexture3D), rectangle textures (sampler2DRect, sampler2DRectShadow,
 * texelFetch and textureSize on them), the bindings and level queries, and glGetTexImage of
 * each (its results checked in the scene). NEAREST sampling at texel centres; tolerance 1.
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
   "uniform sampler1D u_1d;\n"
   "uniform sampler1DArray u_1da;\n"
   "uniform usampler1DArray u_1dau;\n"
   "uniform sampler1DShadow u_1ds;\n"
   "uniform sampler3D u_3d;\n"
   "uniform sampler2DRect u_rtex;\n"
   "uniform sampler2DRectShadow u_rtexs;\n"
   "uniform sampler2D u_2d;\n"
   "uniform int u_mode;\n"
   "uniform float u_lod, u_r;\n"
   "uniform vec4 u_color;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   if (u_mode == 0) o = textureLod(u_1d, v_uv.x, u_lod);\n"
   "   else if (u_mode == 1) o = texture(u_1da, vec2(v_uv.x, floor(v_uv.y * 4.0)));\n"
   "   else if (u_mode == 2) o = vec4(texelFetch(u_1dau, ivec2(int(v_uv.x * 4.0), int(v_uv.y * 3.0)), 0)) / 255.0;\n"
   "   else if (u_mode == 3) o = vec4(texture(u_1ds, vec3(v_uv.x, 0.0, v_uv.y)));\n"
   "   else if (u_mode == 4) o = texture(u_3d, vec3(v_uv, u_r));\n"
   "   else if (u_mode == 5) o = vec4(float(textureSize(u_1d, 1)) / 8.0, float(textureSize(u_1da, 0).y) / 8.0, 0.0, 1.0);\n"
   "   else if (u_mode == 6) o = texture(u_rtex, v_uv * vec2(8.0, 7.0) - vec2(1.0));\n"
   "   else if (u_mode == 7) o = texelFetch(u_rtex, ivec2(v_uv * vec2(6.0, 5.0)));\n"
   "   else if (u_mode == 8) o = textureOffset(u_rtex, v_uv * vec2(6.0, 5.0), ivec2(1, -1));\n"
   "   else if (u_mode == 10) o = vec4(texture(u_rtexs, vec3(v_uv * vec2(7.0, 3.0), v_uv.x)));\n"
   "   else if (u_mode == 11) o = vec4(vec2(textureSize(u_rtex)) / 16.0, textureProj(u_rtex, vec3(v_uv * 6.0, 2.0)).rg);\n"
   "   else if (u_mode == 12) o = texture(u_2d, v_uv) + 0.5 * texture(u_rtex, v_uv * vec2(6.0, 5.0));\n"
   "   else o = u_color;\n"
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
color_rect(float x0, float y0, float x1, float y1, float r, float g, float b, float a)
{
   GL(glUniform4f(glGetUniformLocation(prog, "u_color"), r, g, b, a));
   draw(9, x0, y0, x1, y1);
}

static void
nearest(GLenum target)
{
   GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
}

/* glGetTexImage of `target` level `level` as RGBA / UNSIGNED_BYTE equals `want` (n bytes). */
static void
expect_image(GLenum target, GLint level, const uint8_t *want, size_t n, const char *what)
{
   uint8_t got[1024];
   memset(got, 0xcd, sizeof(got));
   GL(glGetTexImage(target, level, GL_RGBA, GL_UNSIGNED_BYTE, got));
   SCENE_CHECK(!memcmp(got, want, n), "glGetTexImage of %s", what);
   SCENE_CHECK(got[n] == 0xcd, "glGetTexImage of %s wrote past the image", what);
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform1i(glGetUniformLocation(prog, "u_1d"), 0));
   GL(glUniform1i(glGetUniformLocation(prog, "u_1da"), 1));
   GL(glUniform1i(glGetUniformLocation(prog, "u_1dau"), 2));
   GL(glUniform1i(glGetUniformLocation(prog, "u_1ds"), 3));
   GL(glUniform1i(glGetUniformLocation(prog, "u_3d"), 4));
   GL(glUniform1i(glGetUniformLocation(prog, "u_rtex"), 5));
   GL(glUniform1i(glGetUniformLocation(prog, "u_rtexs"), 6));
   GL(glUniform1i(glGetUniformLocation(prog, "u_2d"), 8));
   GL(glUniform1f(glGetUniformLocation(prog, "u_lod"), 0.0f));
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));

   /* ---- 1D: two levels given, a sub-image, then the rest generated ---- */
   uint8_t l0[8 * 4], l1[4 * 4], sub[2 * 4];
   for (int i = 0; i < 32; i++)
      l0[i] = (uint8_t)(i * 29 + 7);
   for (int i = 0; i < 16; i++)
      l1[i] = (uint8_t)(250 - i * 13);
   for (int i = 0; i < 8; i++)
      sub[i] = (uint8_t)(i * 31);
   GLuint t1d;
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glGenTextures(1, &t1d));
   GL(glBindTexture(GL_TEXTURE_1D, t1d));
   GL(glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0));
   GL(glTexImage1D(GL_TEXTURE_1D, 1, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1));
   GL(glTexSubImage1D(GL_TEXTURE_1D, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, sub));
   memcpy(l0 + 12, sub, 8);
   GL(glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAX_LEVEL, 1));
   GL(glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   draw(0, 0, 0, 32, 16);
   GL(glUniform1f(glGetUniformLocation(prog, "u_lod"), 1.0f));
   draw(0, 0, 16, 32, 32);
   expect_image(GL_TEXTURE_1D, 0, l0, sizeof(l0), "1D level 0");
   expect_image(GL_TEXTURE_1D, 1, l1, sizeof(l1), "1D level 1");
   GLint v = -1;
   GL(glGetIntegerv(GL_TEXTURE_BINDING_1D, &v));
   SCENE_CHECK(v == (GLint)t1d, "TEXTURE_BINDING_1D %d", v);
   GL(glGetTexLevelParameteriv(GL_TEXTURE_1D, 1, GL_TEXTURE_WIDTH, &v));
   SCENE_CHECK(v == 4, "1D level 1 width %d", v);
   GL(glGetTexLevelParameteriv(GL_TEXTURE_1D, 1, GL_TEXTURE_HEIGHT, &v));
   SCENE_CHECK(v == 1, "1D level 1 height %d", v);
   /* a filled level 0, generated levels 1..3: level 2 (2 texels) sampled */
   GL(glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAX_LEVEL, 1000));
   GL(glGenerateMipmap(GL_TEXTURE_1D));
   GL(glUniform1f(glGetUniformLocation(prog, "u_lod"), 2.0f));
   draw(0, 0, 32, 32, 48);
   GL(glUniform1f(glGetUniformLocation(prog, "u_lod"), 0.0f));
   draw(5, 0, 48, 32, 64);

   /* ---- 1D array: 8 texels x 4 layers, layer 2 partly replaced ---- */
   uint8_t arr[8 * 4 * 4], row[4 * 4];
   for (int i = 0; i < (int)sizeof(arr); i++)
      arr[i] = (uint8_t)(i * 53 + 3);
   for (int i = 0; i < 16; i++)
      row[i] = (uint8_t)(255 - i * 9);
   GLuint t1da;
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glGenTextures(1, &t1da));
   GL(glBindTexture(GL_TEXTURE_1D_ARRAY, t1da));
   nearest(GL_TEXTURE_1D_ARRAY);
   GL(glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, arr));
   GL(glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 2, 2, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, row));
   memcpy(arr + (2 * 8 + 2) * 4, row, sizeof(row));
   draw(1, 32, 0, 64, 32);
   expect_image(GL_TEXTURE_1D_ARRAY, 0, arr, sizeof(arr), "1D array");
   GL(glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT, &v));
   SCENE_CHECK(v == 4, "1D array height (layers) %d", v);
   GL(glGetIntegerv(GL_TEXTURE_BINDING_1D_ARRAY, &v));
   SCENE_CHECK(v == (GLint)t1da, "TEXTURE_BINDING_1D_ARRAY %d", v);

   /* ---- integer 1D array, texelFetch ---- */
   uint8_t ui[4 * 3 * 4];
   for (int i = 0; i < (int)sizeof(ui); i++)
      ui[i] = (uint8_t)(i * 21 + 5);
   GLuint tu;
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glGenTextures(1, &tu));
   GL(glBindTexture(GL_TEXTURE_1D_ARRAY, tu));
   nearest(GL_TEXTURE_1D_ARRAY);
   GL(glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8UI, 4, 3, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ui));
   draw(2, 64, 0, 96, 32);

   /* ---- depth 1D, sampler1DShadow: ref (y) against a ramp of depths ---- */
   float depth[8];
   for (int i = 0; i < 8; i++)
      depth[i] = (float)i / 7.0f;
   GLuint tds;
   GL(glActiveTexture(GL_TEXTURE3));
   GL(glGenTextures(1, &tds));
   GL(glBindTexture(GL_TEXTURE_1D, tds));
   nearest(GL_TEXTURE_1D);
   GL(glTexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT32F, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth));
   GL(glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE));
   GL(glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL));
   draw(3, 96, 0, 128, 32);
   float got_depth[9];
   got_depth[8] = -1.0f;
   GL(glGetTexImage(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, got_depth));
   SCENE_CHECK(!memcmp(got_depth, depth, sizeof(depth)) && got_depth[8] == -1.0f, "glGetTexImage of a depth 1D image");
   /* a depth-stencil image read back packed as it was given (UNSIGNED_INT_24_8) */
   uint32_t ds[4 * 2], got_ds[4 * 2];
   for (int i = 0; i < 8; i++)
      ds[i] = (uint32_t)(i * 0x1f3a5b + 0x123457) << 8 | (uint32_t)(i * 37 + 5);
   GLuint tdst;
   GL(glGenTextures(1, &tdst));
   GL(glBindTexture(GL_TEXTURE_2D, tdst));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 2, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ds));
   GL(glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, got_ds));
   for (int i = 0; i < 8; i++)
      SCENE_CHECK(got_ds[i] == ds[i], "glGetTexImage of DEPTH24_STENCIL8 texel %d: 0x%08x, want 0x%08x", i, got_ds[i], ds[i]);
   GL(glBindTexture(GL_TEXTURE_2D, 0));
   GL(glBindTexture(GL_TEXTURE_1D, tds));

   /* ---- copies from the framebuffer into 1D and 1D-array images ---- */
   GL(glActiveTexture(GL_TEXTURE0));
   GLuint tc;
   GL(glGenTextures(1, &tc));
   GL(glBindTexture(GL_TEXTURE_1D, tc));
   nearest(GL_TEXTURE_1D);
   GL(glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 36, 8, 16, 0));   /* a row of the 1D array tile */
   GL(glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 12, 2, 40, 4));         /* a row of the first 1D tile */
   draw(0, 32, 32, 64, 48);
   GLuint tca;
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glGenTextures(1, &tca));
   GL(glBindTexture(GL_TEXTURE_1D_ARRAY, tca));
   nearest(GL_TEXTURE_1D_ARRAY);
   GL(glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 66, 2, 16, 4, 0)); /* 4 rows -> 4 layers */
   GL(glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 4, 1, 98, 20, 8, 2));    /* layers 1..2, x 4..11 */
   draw(1, 32, 48, 64, 64);

   /* ---- render into a 1D texture (FramebufferTexture1D) and a 3D slice (FramebufferTexture3D) ---- */
   GLuint fbo, trt, t3d;
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glGenTextures(1, &trt));
   GL(glBindTexture(GL_TEXTURE_1D, trt));
   nearest(GL_TEXTURE_1D);
   GL(glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, trt, 0));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "1D framebuffer complete");
   GL(glViewport(0, 0, 16, 1));
   GL(glClearColor(0.0f, 0.0f, 1.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   color_rect(32, 0, 64, 128, 1.0f, 0.5f, 0.0f, 1.0f); /* x 4..7 of the 16 texels */
   uint8_t px[16 * 4];
   GL(glReadPixels(0, 0, 16, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] == 0 && px[2] == 255 && px[4 * 5] == 255 && px[4 * 5 + 1] >= 127 && px[4 * 5 + 1] <= 128,
               "1D attachment read back (%u %u %u, %u %u %u)", px[0], px[1], px[2], px[20], px[21], px[22]);
   GL(glActiveTexture(GL_TEXTURE4));
   GL(glGenTextures(1, &t3d));
   GL(glBindTexture(GL_TEXTURE_3D, t3d));
   nearest(GL_TEXTURE_3D);
   GL(glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   for (int z = 0; z < 4; z++) {
      GL(glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, t3d, 0, z));
      SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "3D slice complete");
      GL(glViewport(0, 0, 8, 8));
      GL(glClearColor(0.25f * (float)z, 0.0f, 0.5f, 1.0f));
      GL(glClear(GL_COLOR_BUFFER_BIT));
      color_rect(16, 16, 48 + 16.0f * (float)z, 48, 0.0f, 1.0f, 0.25f * (float)z, 1.0f); /* rows 1-2 */
   }
   GL(glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                            GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v));
   SCENE_CHECK(v == 3, "3D attachment layer %d", v);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_1D, trt));
   draw(0, 64, 32, 96, 48);
   for (int z = 0; z < 4; z++) {
      GL(glUniform1f(glGetUniformLocation(prog, "u_r"), ((float)z + 0.5f) / 4.0f));
      draw(4, 64 + 8.0f * (float)(z % 2) * 2, 48 + 8.0f * (float)(z / 2), 72 + 8.0f * (float)(z % 2) * 2,
           56 + 8.0f * (float)(z / 2));
   }
   /* glGetTexImage of a 3D texture: every slice, bottom row first */
   static uint8_t img3d[8 * 8 * 4 * 4];
   GL(glActiveTexture(GL_TEXTURE4));
   GL(glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img3d));
   SCENE_CHECK(img3d[((2 * 8 + 0) * 8 + 0) * 4] >= 127 && img3d[((2 * 8 + 0) * 8 + 0) * 4] <= 128 &&
               img3d[((2 * 8 + 1) * 8 + 3) * 4 + 1] == 255,
               "glGetTexImage of the 3D texture (%u, %u)", img3d[((2 * 8 + 0) * 8 + 0) * 4],
               img3d[((2 * 8 + 1) * 8 + 3) * 4 + 1]);

   /* ---- rectangle textures: 6x5 RGBA8 (clamped at the edges), texelFetch, textureOffset,
    * textureSize, textureProj; a 7x3 depth rectangle through sampler2DRectShadow ---- */
   uint8_t rect[6 * 5 * 4];
   for (int i = 0; i < (int)sizeof(rect); i++)
      rect[i] = (uint8_t)(i * 41 + 17);
   GLuint tr;
   GL(glActiveTexture(GL_TEXTURE5));
   GL(glGenTextures(1, &tr));
   GL(glBindTexture(GL_TEXTURE_RECTANGLE, tr));
   GL(glGetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, &v));
   SCENE_CHECK(v == GL_CLAMP_TO_EDGE, "rectangle initial wrap 0x%x", v);
   GL(glGetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, &v));
   SCENE_CHECK(v == GL_LINEAR, "rectangle initial min filter 0x%x", v);
   nearest(GL_TEXTURE_RECTANGLE);
   GL(glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 6, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, rect));
   GL(glGetIntegerv(GL_TEXTURE_BINDING_RECTANGLE, &v));
   SCENE_CHECK(v == (GLint)tr, "TEXTURE_BINDING_RECTANGLE %d", v);
   draw(6, 96, 32, 128, 64);
   draw(7, 0, 64, 32, 96);
   draw(8, 32, 64, 64, 96);
   draw(11, 64, 64, 96, 96);
   expect_image(GL_TEXTURE_RECTANGLE, 0, rect, sizeof(rect), "rectangle");
   float rdepth[7 * 3];
   for (int i = 0; i < 21; i++)
      rdepth[i] = (float)((i * 5) % 21) / 21.0f;
   GLuint trs;
   GL(glActiveTexture(GL_TEXTURE6));
   GL(glGenTextures(1, &trs));
   GL(glBindTexture(GL_TEXTURE_RECTANGLE, trs));
   nearest(GL_TEXTURE_RECTANGLE);
   GL(glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_COMPONENT24, 7, 3, 0, GL_DEPTH_COMPONENT, GL_FLOAT, rdepth));
   GL(glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE));
   GL(glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_FUNC, GL_GEQUAL));
   draw(10, 96, 64, 128, 96);
   /* rendering into a rectangle texture (FramebufferTexture2D), then sampling it */
   GLuint trr;
   GL(glActiveTexture(GL_TEXTURE5));
   GL(glGenTextures(1, &trr));
   GL(glBindTexture(GL_TEXTURE_RECTANGLE, trr));
   nearest(GL_TEXTURE_RECTANGLE);
   GL(glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 6, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_RECTANGLE, trr, 0));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "rectangle framebuffer complete");
   GL(glViewport(0, 0, 6, 5));
   GL(glClearColor(0.0f, 1.0f, 1.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   color_rect(0, 0, 64, 64, 1.0f, 0.0f, 1.0f, 1.0f);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   draw(7, 0, 96, 32, 128);

   /* ---- a 1D array: a layer rendered (FramebufferTextureLayer), mipmaps generated, level 1
    * sampled; a cube face and a 2D-array layer read back with PACK_* state into a pack buffer ---- */
   GLuint tal;
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glGenTextures(1, &tal));
   GL(glBindTexture(GL_TEXTURE_1D_ARRAY, tal));
   GL(glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 16, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   for (int layer = 0; layer < 4; layer++) {
      GL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tal, 0, layer));
      SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "1D array layer complete");
      GL(glViewport(0, 0, 16, 1));
      GL(glClearColor(0.2f * (float)layer, 0.8f, 0.0f, 1.0f));
      GL(glClear(GL_COLOR_BUFFER_BIT));
      color_rect(32.0f + 8.0f * (float)layer, 0, 96, 128, 1.0f, 0.0f, 0.25f * (float)layer, 1.0f);
   }
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   GL(glGenerateMipmap(GL_TEXTURE_1D_ARRAY));
   GL(glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_BASE_LEVEL, 1));
   draw(1, 32, 96, 64, 128);
   GL(glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 2, GL_TEXTURE_HEIGHT, &v));
   SCENE_CHECK(v == 4, "generated 1D array level 2 keeps 4 layers (%d)", v);

   uint8_t face[4 * 4 * 4];
   for (int i = 0; i < (int)sizeof(face); i++)
      face[i] = (uint8_t)(i * 13 + 1);
   GLuint tcube, pbo;
   GL(glActiveTexture(GL_TEXTURE7));
   GL(glGenTextures(1, &tcube));
   GL(glBindTexture(GL_TEXTURE_CUBE_MAP, tcube));
   for (int f = 0; f < 6; f++)
      GL(glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                      f == 3 ? face : NULL));
   GL(glGenBuffers(1, &pbo));
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo));
   GL(glBufferData(GL_PIXEL_PACK_BUFFER, 256, NULL, GL_STREAM_READ));
   /* RGB / UNSIGNED_BYTE, rows of 6 texels (PACK_ROW_LENGTH) skipping 1 row and 1 texel, at 16 */
   GL(glPixelStorei(GL_PACK_ROW_LENGTH, 6));
   GL(glPixelStorei(GL_PACK_SKIP_ROWS, 1));
   GL(glPixelStorei(GL_PACK_SKIP_PIXELS, 1));
   GL(glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGB, GL_UNSIGNED_BYTE, (void *)16));
   GL(glPixelStorei(GL_PACK_ROW_LENGTH, 0));
   GL(glPixelStorei(GL_PACK_SKIP_ROWS, 0));
   GL(glPixelStorei(GL_PACK_SKIP_PIXELS, 0));
   uint8_t packed[256];
   GL(glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, sizeof(packed), packed));
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
   bool same = true;
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         for (int c = 0; c < 3; c++)
            same = same && packed[16 + ((1 + y) * 6 + 1 + x) * 3 + c] == face[(y * 4 + x) * 4 + c];
   SCENE_CHECK(same, "glGetTexImage of a cube face into a pack buffer with PACK_* state");

   /* a 2D sampler beside the rectangle ones (one image type after the lowering) */
   GLuint t2d;
   GL(glActiveTexture(GL_TEXTURE8));
   GL(glGenTextures(1, &t2d));
   GL(glBindTexture(GL_TEXTURE_2D, t2d));
   nearest(GL_TEXTURE_2D);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, face));
   GL(glActiveTexture(GL_TEXTURE5));
   GL(glBindTexture(GL_TEXTURE_RECTANGLE, tr));
   draw(12, 64, 96, 96, 128);

   int rc = scene_finish(&s);
   return rc;
}
