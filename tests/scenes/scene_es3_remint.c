/*
 * es3_remint — the remint matrix of issue 8 item 4: textures whose contents come from
 * uploads, GPU clears, rendering and glGenerateMipmap, re-specified after the server holds
 * them, each level read back by sampling (TEXTURE_BASE_LEVEL = TEXTURE_MAX_LEVEL = the level,
 * NEAREST) against llvmpipe. Every texture is first sampled once (the server then holds its
 * storage); what follows is the case's own sequence, then the reads:
 *   A  uploaded                               B  uploaded, then cleared by the GPU
 *   C  immutable, uploaded, then cleared      D  defined empty, then cleared
 *   E  cleared, then a partial upload         F  level 1 from glGenerateMipmap
 *   F2 level 1 uploaded, then cleared         G  level 1 defined empty after the last use
 *                                                (no bytes anywhere: only no fault is asked)
 *   G2 level 0 re-defined larger after use    H  level 0 rendered to, level 1 defined later
 *   I  2D array gaining a layer (a remint: level 1's layers survive GPU -> GPU)
 *   J  3D texture re-defined deeper (a remint) M  multisampled renderbuffer re-specified
 * Each read is a 16x16 tile; G's tile is drawn over (its contents are undefined).
 */
#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos) / 64.0 - 1.0, 0.0, 1.0); v_uv = a_pos;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform highp sampler2D u_2d;\n"
   "uniform highp sampler2DArray u_arr;\n"
   "uniform highp sampler3D u_3d;\n"
   "uniform int u_kind;\n"
   "uniform float u_layer;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   if (u_kind == 0) o = texture(u_2d, v_uv);\n"
   "   else if (u_kind == 1) o = texture(u_arr, vec3(v_uv, u_layer));\n"
   "   else o = texture(u_3d, vec3(v_uv, u_layer));\n"
   "}\n";

static GLuint prog, fbo;
static GLint u_rect, u_kind, u_layer;
static int tile;

static void
draw_tile(int kind, float layer)
{
   SCENE_CHECK(tile < 64, "too many tiles");
   float x = (float)(tile % 8) * 16.0f, y = (float)(tile / 8) * 16.0f;
   tile++;
   GL(glUseProgram(prog));
   GL(glUniform4f(u_rect, x, y, x + 16.0f, y + 16.0f));
   GL(glUniform1i(u_kind, kind));
   GL(glUniform1f(u_layer, layer));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

/* A pattern of w x h RGBA8 texels, distinct per seed. */
static void
pattern(uint8_t *p, int w, int h, int seed)
{
   for (int i = 0; i < w * h; i++) {
      p[4 * i] = (uint8_t)(seed * 53 + i * 7);
      p[4 * i + 1] = (uint8_t)(seed * 31 + (i / w) * 16);
      p[4 * i + 2] = (uint8_t)(seed * 97 + (i % w) * 16);
      p[4 * i + 3] = 255;
   }
}

static GLuint
new_2d(void)
{
   GLuint t;
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glGenTextures(1, &t));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   return t;
}

static void
upload(GLint level, int w, int h, int seed)
{
   uint8_t p[32 * 32 * 4];
   pattern(p, w, h, seed);
   GL(glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, p));
}

/* Samples level l of the bound 2D texture into the next tile. */
static void
read_level(GLint l)
{
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, l));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, l));
   draw_tile(0, 0.0f);
}

/* The server holds the storage: one sampling draw, drawn over later by the case's tiles. */
static void
hold(int kind)
{
   int keep = tile;
   draw_tile(kind, 0.0f);
   tile = keep;
}

/* Clears level `level` of the 2D texture t to a colour on the GPU (through an FBO). */
static void
gpu_clear(GLuint t, GLint level, float r, float g, float b)
{
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, level));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "clear target incomplete");
   GL(glClearColor(r, g, b, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   u_rect = scene_uniform(prog, "u_rect");
   u_kind = scene_uniform(prog, "u_kind");
   u_layer = scene_uniform(prog, "u_layer");
   GL(glUniform1i(scene_uniform(prog, "u_2d"), 0));
   GL(glUniform1i(scene_uniform(prog, "u_arr"), 1));
   GL(glUniform1i(scene_uniform(prog, "u_3d"), 2));
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   GL(glGenFramebuffers(1, &fbo));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* A: uploaded; then level 1 defined (the chain grows) */
   GLuint a = new_2d();
   upload(0, 16, 16, 1);
   hold(0);
   upload(1, 8, 8, 2);
   read_level(0);
   read_level(1);
   /* B: uploaded, then cleared by the GPU */
   GLuint b = new_2d();
   upload(0, 16, 16, 3);
   hold(0);
   gpu_clear(b, 0, 0.0f, 1.0f, 0.0f);
   GL(glBindTexture(GL_TEXTURE_2D, b));
   upload(1, 8, 8, 4);
   read_level(0);
   /* C: immutable, uploaded, then cleared (level 1 only) */
   GLuint c = new_2d();
   GL(glTexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 16, 16));
   uint8_t p[16 * 16 * 4];
   pattern(p, 16, 16, 5);
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, p));
   GL(glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, p));
   hold(0);
   gpu_clear(c, 1, 1.0f, 0.0f, 1.0f);
   GL(glBindTexture(GL_TEXTURE_2D, c));
   read_level(0);
   read_level(1);
   /* D: defined empty, then cleared */
   GLuint d = new_2d();
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   gpu_clear(d, 0, 0.2f, 0.4f, 0.8f);
   GL(glBindTexture(GL_TEXTURE_2D, d));
   upload(2, 4, 4, 6);
   read_level(0);
   /* E: cleared, then a partial upload before anything synchronises */
   GLuint e = new_2d();
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   hold(0);
   gpu_clear(e, 0, 1.0f, 1.0f, 0.0f);
   GL(glBindTexture(GL_TEXTURE_2D, e));
   pattern(p, 6, 5, 7);
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 4, 6, 5, GL_RGBA, GL_UNSIGNED_BYTE, p));
   upload(1, 8, 8, 8);
   read_level(0);
   /* F: level 1 from glGenerateMipmap (a flat level 0, so any box filter agrees) */
   GLuint f = new_2d();
   for (int i = 0; i < 16 * 16; i++)
      p[4 * i] = 200, p[4 * i + 1] = 100, p[4 * i + 2] = 50, p[4 * i + 3] = 255;
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, p));
   hold(0);
   GL(glGenerateMipmap(GL_TEXTURE_2D));
   upload(0, 16, 16, 9); /* level 0 replaced: level 1 keeps what the GPU made */
   read_level(1);
   read_level(0);
   /* F2: level 1 uploaded, then cleared (ES 3.0 section 4.4.4.1: a level that is not the
    * base level of a mutable texture is an attachment only of a mipmap-complete texture, so
    * the base level is 1 for the clear) */
   GLuint f2 = new_2d();
   upload(1, 8, 8, 10);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, f2, 1));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
               "level 1 of a mipmap-incomplete texture attached as complete");
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glBindTexture(GL_TEXTURE_2D, f2));
   read_level(1);
   tile--;
   gpu_clear(f2, 1, 0.0f, 0.5f, 1.0f);
   GL(glBindTexture(GL_TEXTURE_2D, f2));
   upload(0, 16, 16, 11);
   read_level(1);
   read_level(0);
   /* G: level 1 defined empty after the last use: undefined contents, no fault */
   GLuint g = new_2d();
   upload(0, 16, 16, 12);
   hold(0);
   GL(glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   read_level(1);
   tile--;
   read_level(0); /* drawn over G's undefined tile */
   /* G2: level 0 re-defined larger after use (with data) */
   GLuint g2 = new_2d();
   upload(0, 16, 16, 13);
   hold(0);
   upload(0, 32, 32, 14);
   read_level(0);
   /* H: level 0 rendered to, level 1 defined later */
   GLuint h = new_2d();
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, h, 0));
   GL(glViewport(0, 0, 16, 16));
   GL(glClearColor(0.0f, 0.0f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glBindTexture(GL_TEXTURE_2D, a)); /* render A's level 0 into H */
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0));
   GL(glUseProgram(prog));
   GL(glUniform4f(u_rect, 0.0f, 0.0f, 128.0f, 128.0f)); /* fills the 16x16 viewport */
   GL(glUniform1i(u_kind, 0));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 64));
   GL(glBindTexture(GL_TEXTURE_2D, h));
   upload(1, 8, 8, 15);
   read_level(0);
   read_level(1);

   /* I: a 2D array gaining a layer: level 0 re-defined with 3 layers (a remint); level 1
    * (2 layers, uploaded then cleared) keeps both */
   GLuint arr;
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glGenTextures(1, &arr));
   GL(glBindTexture(GL_TEXTURE_2D_ARRAY, arr));
   GL(glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   uint8_t layers[16 * 16 * 4 * 3];
   pattern(layers, 16, 16 * 3, 16);
   GL(glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 16, 16, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers));
   GL(glTexImage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 8, 8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers));
   hold(1);
   GL(glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BASE_LEVEL, 1)); /* level 1 as the base: attachable */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 1, 1));
   GL(glClearColor(0.5f, 0.25f, 0.75f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 16, 16, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers));
   GL(glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BASE_LEVEL, 1));
   GL(glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 1));
   draw_tile(1, 0.0f);
   draw_tile(1, 1.0f);
   GL(glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BASE_LEVEL, 0));
   GL(glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 0));
   draw_tile(1, 2.0f);

   /* J: a 3D texture re-defined deeper (level 0 re-specified from 2 to 4 slices) */
   GLuint t3;
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glGenTextures(1, &t3));
   GL(glBindTexture(GL_TEXTURE_3D, t3));
   GL(glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 16, 16, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers));
   hold(2);
   pattern(layers, 16, 16 * 3, 17);
   GL(glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 16, 16, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers));
   draw_tile(2, 0.5f / 3.0f);
   draw_tile(2, 2.5f / 3.0f);

   /* M: a multisampled renderbuffer re-specified after use, then resolved into a texture */
   GLint max_samples = 0;
   GL(glGetIntegerv(GL_MAX_SAMPLES, &max_samples));
   if (max_samples >= 4) {
      GLuint rb, rfbo, m = new_2d();
      GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL));
      GL(glGenRenderbuffers(1, &rb));
      GL(glBindRenderbuffer(GL_RENDERBUFFER, rb));
      GL(glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8));
      GL(glGenFramebuffers(1, &rfbo));
      GL(glBindFramebuffer(GL_FRAMEBUFFER, rfbo));
      GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb));
      GL(glClearColor(1.0f, 0.0f, 0.0f, 1.0f));
      GL(glClear(GL_COLOR_BUFFER_BIT));
      GL(glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 16, 16));
      SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "re-specified MS incomplete");
      GL(glClearColor(0.0f, 0.75f, 0.25f, 1.0f));
      GL(glClear(GL_COLOR_BUFFER_BIT));
      GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, rfbo));
      GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo));
      GL(glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m, 0));
      GL(glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST));
      GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
      GL(glActiveTexture(GL_TEXTURE0));
      GL(glBindTexture(GL_TEXTURE_2D, m));
      read_level(0);
      GLuint dels[] = {m};
      GL(glDeleteTextures(1, dels));
      GL(glDeleteRenderbuffers(1, &rb));
      GL(glDeleteFramebuffers(1, &rfbo));
   }
   scene_swap(&s);
   GLuint texs[] = {a, b, c, d, e, f, f2, g, g2, h, arr, t3};
   GL(glDeleteTextures(12, texs));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
