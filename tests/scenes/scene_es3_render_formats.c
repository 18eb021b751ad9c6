/*
 * es3_render_formats — rendering into every colour-renderable format of OpenGL ES 3.0 (table
 * 3.13: R8, RG8, RGB8, RGBA8, RGB565, RGBA4, RGB5_A1, RGB10_A2, SRGB8_ALPHA8, and the 8 / 16 /
 * 32-bit integer formats and RGB10_A2UI through integer fragment outputs) and, with
 * EXT_color_buffer_float, into R16F / RG16F / RGBA16F / R32F / RG32F / RGBA32F /
 * R11F_G11F_B10F, as texture attachments; then reading each back with glReadPixels in the pair
 * the spec always accepts for its class (RGBA / UNSIGNED_BYTE, RGBA_INTEGER / INT or
 * UNSIGNED_INT, RGBA / FLOAT) and in the IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE pair, and
 * sampling the texture. Every result lands in the default framebuffer as a tile, so the
 * comparison with llvmpipe covers what was rendered, read and sampled. Non-renderable formats
 * (RGB9_E5, SRGB8) make the framebuffer incomplete (checked; llvmpipe also renders SNORM and
 * RGB16F through EXT_render_snorm / EXT_color_buffer_half_float, which splitgl does not list, so
 * those are left out). Values are a 1/8 grid so
 * every format holds them exactly; tolerance 1.
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect;\n"
   "uniform vec2 u_size;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   vec2 p = mix(u_rect.xy, u_rect.zw, a_pos);\n"
   "   gl_Position = vec4(p / u_size * 2.0 - 1.0, 0.0, 1.0); v_uv = a_pos;\n"
   "}\n";

/* Writes a 4x4 pattern of 1/8 steps, scaled (integer formats: 0..7 * u_iscale). */
static const char *fs_float =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "in vec2 v_uv;\n"
   "uniform float u_scale;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   vec2 c = floor(v_uv * 4.0);\n"
   "   o = vec4(c.x / 8.0, c.y / 8.0, (c.x + c.y) / 8.0, 1.0 - c.x / 8.0) * u_scale;\n"
   "}\n";
static const char *fs_int =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "in vec2 v_uv;\n"
   "uniform int u_iscale;\n"
   "out ivec4 o;\n"
   "void main() {\n"
   "   ivec2 c = ivec2(floor(v_uv * 4.0));\n"
   "   o = ivec4(c.x - 2, c.y, c.x + c.y - 3, 3 - c.x) * u_iscale;\n"
   "}\n";
static const char *fs_uint =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "in vec2 v_uv;\n"
   "uniform int u_iscale;\n"
   "out uvec4 o;\n"
   "void main() {\n"
   "   uvec2 c = uvec2(floor(v_uv * 4.0));\n"
   "   o = uvec4(c.x, c.y, c.x + c.y, 3u - c.x) * uint(u_iscale);\n"
   "}\n";
/* The default framebuffer: a texture tile, or a colour from values the scene read back. */
static const char *fs_show =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision highp int;\n"
   "in vec2 v_uv;\n"
   "uniform highp sampler2D u_tex;\n"
   "uniform int u_mode;\n"
   "uniform vec4 u_color, u_scale;\n"
   "out vec4 o;\n"
   "void main() { o = u_mode == 0 ? texture(u_tex, v_uv) * u_scale : u_color; }\n";

#define W 160
#define H 160

struct progs {
   GLuint f, i, u, show;
};

static struct progs P;
static int tile;

static void
rect(GLuint prog, float x0, float y0, float x1, float y1, float sw, float sh)
{
   GL(glUniform4f(scene_uniform(prog, "u_rect"), x0, y0, x1, y1));
   GL(glUniform2f(scene_uniform(prog, "u_size"), sw, sh));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

/* Next 16x16 tile position in the default framebuffer (10 across). */
static void
next_tile(float *x, float *y)
{
   SCENE_CHECK(tile < 100, "too many tiles");
   *x = (float)(tile % 10) * 16.0f;
   *y = (float)(tile / 10) * 16.0f;
   tile++;
}

/* Shows one read-back pixel block: 4x4 values (already in [0,1]) as a 16x16 tile. */
static void
show_values(const float v[16][4])
{
   float x, y;
   next_tile(&x, &y);
   GL(glUseProgram(P.show));
   GL(glUniform1i(scene_uniform(P.show, "u_mode"), 1));
   for (int i = 0; i < 16; i++) {
      GL(glUniform4f(scene_uniform(P.show, "u_color"), v[i][0], v[i][1], v[i][2], v[i][3]));
      float px = x + (float)(i % 4) * 4.0f, py = y + (float)(i / 4) * 4.0f;
      rect(P.show, px, py, px + 4, py + 4, W, H);
   }
}

/* Reads 4x4 (the attachment's size) in format / type and turns it into [0,1] values. */
static void
read_and_show(GLenum format, GLenum type, float scale)
{
   union {
      uint8_t u8[16 * 4 * 4];
      int8_t s8[16 * 4 * 4];
      uint16_t u16[16 * 4 * 2];
      int16_t s16[16 * 4 * 2];
      uint32_t u32[16 * 4];
      int32_t s32[16 * 4];
      float f[16 * 4];
   } buf;
   memset(&buf, 0, sizeof(buf));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
   GL(glReadPixels(0, 0, 4, 4, format, type, &buf));
   int n = format == GL_RED || format == GL_RED_INTEGER ? 1 : format == GL_RG || format == GL_RG_INTEGER ? 2
           : format == GL_RGB || format == GL_RGB_INTEGER                                      ? 3 : 4;
   float v[16][4];
   for (int i = 0; i < 16; i++) {
      /* components the pair leaves out read as (0, 0, 0, 1), scaled like the others */
      v[i][0] = v[i][1] = v[i][2] = 0.0f;
      v[i][3] = scale;
      for (int c = 0; c < 4; c++) {
         float x = 0.0f;
         switch (type) {
         case GL_UNSIGNED_BYTE: if (c < n) x = buf.u8[i * n + c] / 255.0f; else continue; break;
         case GL_BYTE: if (c < n) x = buf.s8[i * n + c] / 127.0f; else continue; break;
         case GL_UNSIGNED_SHORT: if (c < n) x = buf.u16[i * n + c]; else continue; break;
         case GL_SHORT: if (c < n) x = buf.s16[i * n + c]; else continue; break;
         case GL_UNSIGNED_INT: if (c < n) x = (float)buf.u32[i * n + c]; else continue; break;
         case GL_INT: if (c < n) x = (float)buf.s32[i * n + c]; else continue; break;
         case GL_FLOAT: if (c < n) x = buf.f[i * n + c]; else continue; break;
         case GL_HALF_FLOAT: {
            if (c >= n)
               continue;
            uint16_t h = buf.u16[i * n + c];
            int e = (h >> 10) & 31, m = h & 1023;
            x = e ? (1.0f + (float)m / 1024.0f) * (float)(1 << e) / 32768.0f : (float)m / 16777216.0f;
            break;
         }
         case GL_UNSIGNED_SHORT_5_6_5: {
            if (c > 2)
               continue;
            uint16_t h = buf.u16[i];
            x = c == 0 ? (h >> 11) / 31.0f : c == 1 ? ((h >> 5) & 63) / 63.0f : (h & 31) / 31.0f;
            break;
         }
         case GL_UNSIGNED_SHORT_4_4_4_4: x = ((buf.u16[i] >> (12 - 4 * c)) & 15) / 15.0f; break;
         case GL_UNSIGNED_SHORT_5_5_5_1:
            x = c == 3 ? (float)(buf.u16[i] & 1) : ((buf.u16[i] >> (11 - 5 * c)) & 31) / 31.0f;
            break;
         case GL_UNSIGNED_INT_2_10_10_10_REV:
            x = c == 3 ? (float)(buf.u32[i] >> 30) / 3.0f : (float)((buf.u32[i] >> (10 * c)) & 1023);
            if (c < 3 && format == GL_RGBA)
               x /= 1023.0f;
            break;
         case GL_UNSIGNED_INT_10F_11F_11F_REV: {
            if (c > 2)
               continue;
            uint32_t w = buf.u32[i];
            uint32_t f = c == 0 ? w & 0x7ff : c == 1 ? (w >> 11) & 0x7ff : (w >> 22) << 1;
            int e = (int)(f >> 6), m = (int)(f & 63);
            x = e ? (1.0f + (float)m / 64.0f) * (float)(1 << e) / 32768.0f : (float)m / 64.0f / 16384.0f;
            break;
         }
         default: continue;
         }
         v[i][c] = x * scale;
      }
   }
   show_values(v);
}

/* One format: a 4x4 texture attachment, rendered, read twice, sampled. */
static void
render_case(GLenum ifmt, GLenum format, GLenum type, int kind, float scale)
{
   GLuint tex, fbo;
   GL(glGenTextures(1, &tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, NULL));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0));
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   SCENE_CHECK(st == GL_FRAMEBUFFER_COMPLETE, "format 0x%x: framebuffer status 0x%x", ifmt, st);
   GL(glViewport(0, 0, 4, 4));
   GLuint prog = kind == 0 ? P.f : kind == 1 ? P.i : P.u;
   GL(glUseProgram(prog));
   if (kind == 0)
      GL(glUniform1f(scene_uniform(prog, "u_scale"), scale));
   else
      GL(glUniform1i(scene_uniform(prog, "u_iscale"), (int)scale));
   rect(prog, 0, 0, 4, 4, 4, 4);
   /* the class's own pair, then IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE */
   GLint rf = 0, rt = 0;
   GL(glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf));
   GL(glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rt));
   /* read from the FBO, draw the results into the default framebuffer */
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, W, H));
   float inv = kind == 0 ? 1.0f / scale : 1.0f / (8.0f * scale);
   if (kind == 0) {
      bool fl = ifmt == GL_R16F || ifmt == GL_RG16F || ifmt == GL_RGBA16F || ifmt == GL_R32F || ifmt == GL_RG32F ||
                ifmt == GL_RGBA32F || ifmt == GL_R11F_G11F_B10F;
      read_and_show(GL_RGBA, fl ? GL_FLOAT : GL_UNSIGNED_BYTE, fl ? inv : 1.0f);
   } else {
      read_and_show(GL_RGBA_INTEGER, kind == 1 ? GL_INT : GL_UNSIGNED_INT, inv);
   }
   /* the implementation's pair (llvmpipe picks some this scene does not decode, e.g. BGRA with
    * 1_5_5_5_REV: then the class pair again), its values normalized the same way */
   bool known = (rf == GL_RED || rf == GL_RG || rf == GL_RGB || rf == GL_RGBA || rf == GL_RED_INTEGER ||
                 rf == GL_RG_INTEGER || rf == GL_RGB_INTEGER || rf == GL_RGBA_INTEGER) &&
                (rt == GL_UNSIGNED_BYTE || rt == GL_BYTE || rt == GL_UNSIGNED_SHORT || rt == GL_SHORT ||
                 rt == GL_UNSIGNED_INT || rt == GL_INT || rt == GL_FLOAT || rt == GL_HALF_FLOAT ||
                 rt == GL_UNSIGNED_SHORT_5_6_5 || rt == GL_UNSIGNED_SHORT_4_4_4_4 || rt == GL_UNSIGNED_SHORT_5_5_5_1 ||
                 rt == GL_UNSIGNED_INT_2_10_10_10_REV || rt == GL_UNSIGNED_INT_10F_11F_11F_REV);
   if (!known) {
      rf = kind == 0 ? GL_RGBA : GL_RGBA_INTEGER;
      rt = kind == 0 ? GL_UNSIGNED_BYTE : kind == 1 ? GL_INT : GL_UNSIGNED_INT;
   }
   float iscale = kind != 0 ? inv : (rt == GL_UNSIGNED_BYTE || rt == GL_BYTE || rt == GL_UNSIGNED_SHORT_5_6_5 ||
                                     rt == GL_UNSIGNED_SHORT_4_4_4_4 || rt == GL_UNSIGNED_SHORT_5_5_5_1 ||
                                     rt == GL_UNSIGNED_INT_2_10_10_10_REV)
                                        ? 1.0f : inv;
   read_and_show((GLenum)rf, (GLenum)rt, iscale);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   /* sampled (normalized and float formats) */
   if (kind == 0) {
      float x, y;
      next_tile(&x, &y);
      GL(glUseProgram(P.show));
      GL(glUniform1i(scene_uniform(P.show, "u_mode"), 0));
      GL(glUniform4f(scene_uniform(P.show, "u_scale"), inv, inv, inv, inv));
      rect(P.show, x, y, x + 16, y + 16, W, H);
   }
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteTextures(1, &tex));
}

static void
incomplete_case(GLenum ifmt, GLenum format, GLenum type)
{
   GLuint tex, fbo;
   GL(glGenTextures(1, &tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, format, type, NULL));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0));
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   SCENE_CHECK(st == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "format 0x%x: status 0x%x", ifmt, st);
   GL_EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION, glClear(GL_COLOR_BUFFER_BIT));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteTextures(1, &tex));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = W, .height = H};
   scene_init(&s, &cfg, argc, argv);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   SCENE_CHECK(ext && strstr(ext, "GL_EXT_color_buffer_float"), "GL_EXT_color_buffer_float missing");

   P.f = scene_program(vs_src, fs_float, NULL);
   P.i = scene_program(vs_src, fs_int, NULL);
   P.u = scene_program(vs_src, fs_uint, NULL);
   P.show = scene_program(vs_src, fs_show, NULL);
   GL(glUseProgram(P.show));
   GL(glUniform1i(scene_uniform(P.show, "u_tex"), 0));
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));


   render_case(GL_R8, GL_RED, GL_UNSIGNED_BYTE, 0, 1.0f);
   render_case(GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 0, 1.0f);
   render_case(GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 0, 1.0f);
   render_case(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 0, 1.0f);
   render_case(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 0, 1.0f);
   render_case(GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 0, 1.0f);
   render_case(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 0, 1.0f);
   render_case(GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, 1.0f);
   render_case(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 0, 1.0f);
   render_case(GL_R8I, GL_RED_INTEGER, GL_BYTE, 1, 1.0f);
   render_case(GL_RG16I, GL_RG_INTEGER, GL_SHORT, 1, 100.0f);
   render_case(GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 1, 100000.0f);
   render_case(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 2, 10.0f);
   render_case(GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, 2, 1000.0f);
   render_case(GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, 2, 100000.0f);
   render_case(GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, 2, 1.0f);
   render_case(GL_R16F, GL_RED, GL_HALF_FLOAT, 0, 4.0f);
   render_case(GL_RG16F, GL_RG, GL_HALF_FLOAT, 0, 2.0f);
   render_case(GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, 0, 1.0f);
   render_case(GL_R32F, GL_RED, GL_FLOAT, 0, 3.0f);
   render_case(GL_RG32F, GL_RG, GL_FLOAT, 0, 1.0f);
   render_case(GL_RGBA32F, GL_RGBA, GL_FLOAT, 0, 2.0f);
   render_case(GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, 0, 1.0f);
   incomplete_case(GL_RGB9_E5, GL_RGB, GL_FLOAT);


   incomplete_case(GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE);

   /* ReadPixels pairs the spec refuses for the read buffer's class */
   GLuint tex, fbo;
   uint8_t junk[64];
   GL(glGenTextures(1, &tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, NULL));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, junk));
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, junk));
   GL(glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, junk));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, junk));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteTextures(1, &tex));

   scene_swap(&s);
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(P.f));
   GL(glDeleteProgram(P.i));
   GL(glDeleteProgram(P.u));
   GL(glDeleteProgram(P.show));
   return scene_finish(&s);
}
