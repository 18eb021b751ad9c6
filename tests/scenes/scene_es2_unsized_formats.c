/*
 * es2_unsized_formats — OpenGL ES 2.0's unsized texture formats (ES 2.0 table 3.4): ALPHA,
 * LUMINANCE, LUMINANCE_ALPHA, RGB and RGBA from UNSIGNED_BYTE, RGB from 5_6_5, RGBA from
 * 4_4_4_4 and 5_5_5_1; OES_texture_half_float / OES_texture_float data for RGBA, LUMINANCE and
 * ALPHA; OES_depth_texture (sampled as luminance in ES 2.0); an ALPHA texture as a blending
 * mask the way glmark2's shadow is drawn; and ES 2.0's errors (format must equal
 * internalformat; both drivers serve ES 2.0 contexts with ES 3.0's sized formats too). Every texture is 4x4 NEAREST on a 16x16 tile; tolerance 1.
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "attribute vec2 a_pos;\n"
   "uniform vec4 u_rect;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos) / 64.0 - 1.0, 0.0, 1.0);\n"
   "   v_uv = a_pos;\n"
   "}\n";

static const char *fs_src =
   "precision mediump float;\n"
   "uniform sampler2D u_tex;\n"
   "uniform vec4 u_tint;\n"
   "uniform float u_scale;\n"
   "varying vec2 v_uv;\n"
   "void main() { gl_FragColor = texture2D(u_tex, v_uv) * u_scale * u_tint; }\n";

static GLint u_rect, u_tint, u_scale;
static int tile;

static void
draw_tile(float scale)
{
   float x = (float)(tile % 8) * 16.0f, y = (float)(tile / 8) * 16.0f;
   tile++;
   GL(glUniform4f(u_rect, x, y, x + 16.0f, y + 16.0f));
   GL(glUniform1f(u_scale, scale));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static void
tex(GLenum format, GLenum type, const void *data, float scale)
{
   GLuint t;
   GL(glGenTextures(1, &t));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)format, 4, 4, 0, format, type, data));
   draw_tile(scale);
   GL(glDeleteTextures(1, &t));
}

static uint16_t
half(float f) /* exact for k / 16, 0 <= k < 64 */
{
   if (f == 0.0f)
      return 0;
   int e = 15;
   while (f >= 2.0f) {
      f /= 2.0f;
      e++;
   }
   while (f < 1.0f) {
      f *= 2.0f;
      e--;
   }
   return (uint16_t)((e << 10) | (int)((f - 1.0f) * 1024.0f));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES2, .width = 128, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   SCENE_CHECK(ext && strstr(ext, "GL_OES_texture_float") && strstr(ext, "GL_OES_texture_half_float") &&
                  strstr(ext, "GL_OES_depth_texture"),
               "float / depth texture extensions missing");

   const char *attribs[] = {"a_pos", NULL};
   GLuint prog = scene_program(vs_src, fs_src, attribs);
   GL(glUseProgram(prog));
   u_rect = scene_uniform(prog, "u_rect");
   u_tint = scene_uniform(prog, "u_tint");
   u_scale = scene_uniform(prog, "u_scale");
   GL(glUniform4f(u_tint, 1, 1, 1, 1));
   GLuint vbo;
   static const GLfloat strip[] = {0, 0, 1, 0, 0, 1, 1, 1};
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(strip), strip, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));
   GL(glClearColor(0.3f, 0.2f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));

   uint8_t b[16 * 4];
   for (int i = 0; i < 16 * 4; i++)
      b[i] = (uint8_t)(i * 17 + (i / 4) * 29);
   uint16_t p16[16];
   for (int i = 0; i < 16; i++)
      p16[i] = (uint16_t)(0x2b47u * (unsigned)(i + 3) ^ 0x9c1eu);
   tex(GL_ALPHA, GL_UNSIGNED_BYTE, b, 1.0f);
   tex(GL_LUMINANCE, GL_UNSIGNED_BYTE, b, 1.0f);
   tex(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, b, 1.0f);
   tex(GL_RGB, GL_UNSIGNED_BYTE, b, 1.0f);
   tex(GL_RGBA, GL_UNSIGNED_BYTE, b, 1.0f);
   tex(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, p16, 1.0f);
   tex(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, p16, 1.0f);
   tex(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, p16, 1.0f);

   float f[16 * 4];
   uint16_t h[16 * 4];
   for (int i = 0; i < 16 * 4; i++) {
      f[i] = (float)((i * 7) % 48) / 16.0f; /* 0 .. 2.9375 */
      h[i] = half(f[i]);
   }
   tex(GL_RGBA, GL_FLOAT, f, 1.0f / 3.0f);
   tex(GL_RGB, GL_FLOAT, f, 1.0f / 3.0f);
   tex(GL_LUMINANCE, GL_FLOAT, f, 1.0f / 3.0f);
   tex(GL_ALPHA, GL_FLOAT, f, 1.0f / 3.0f);
   tex(GL_RGBA, 0x8D61 /* HALF_FLOAT_OES */, h, 1.0f / 3.0f);
   tex(GL_LUMINANCE_ALPHA, 0x8D61, h, 1.0f / 3.0f);
   tex(GL_ALPHA, 0x8D61, h, 1.0f / 3.0f);

   uint16_t d16[16];
   uint32_t d32[16];
   for (int i = 0; i < 16; i++) {
      d16[i] = (uint16_t)(i * 4369);
      d32[i] = (uint32_t)i * 286331153u;
   }
   tex(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, d16, 1.0f); /* (D, D, D, 1) in ES 2.0 */
   tex(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, d32, 1.0f);

   /* An ALPHA texture as a mask: colour times texture alpha, blended over the clear. */
   GL(glEnable(GL_BLEND));
   GL(glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA));
   GL(glUniform4f(u_tint, 0.0f, 0.0f, 0.0f, 1.0f)); /* black shadow, alpha from the texture */
   tex(GL_ALPHA, GL_UNSIGNED_BYTE, b, 1.0f);
   GL(glDisable(GL_BLEND));

   /* ES 2.0 errors: internalformat must equal format; no sized formats; no RED. */
   GLuint t;
   GL(glGenTextures(1, &t));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   GL_EXPECT(GL_INVALID_OPERATION, glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 4, 4, 0, GL_LUMINANCE,
                                                GL_UNSIGNED_BYTE, b));
   GL_EXPECT(GL_INVALID_OPERATION, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA,
                                                GL_UNSIGNED_SHORT_5_6_5, p16));
   GL_EXPECT(GL_INVALID_ENUM, glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, 0x1234, b));
   GL(glDeleteTextures(1, &t));

   scene_swap(&s);
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
