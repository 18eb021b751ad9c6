/*
 * gl33_border_int — CLAMP_TO_BORDER on integer textures (OpenGL 3.3 section 3.8.10): the border
 * is the integer vector glTexParameterIiv / Iuiv or glSamplerParameterIiv / Iuiv gave, read as
 * signed or unsigned integers as the texture's format is. Four 4x4 textures, each drawn over a
 * 32x32 tile with coordinates from -0.5 to 1.5 (NEAREST: the texels in the middle, the border
 * around them), the integers folded into colours by the shader:
 *   RGBA8UI, texture border (Iuiv) 10 250 128 255;
 *   RGBA16I through a sampler object, border (SamplerParameterIiv) -5 300 -32768 1;
 *   RGBA32UI, border (Iuiv) 4000000000 7 65539 123456789 (beyond a float's 24 bits);
 *   RGBA8I, border (Iiv) 0 0 0 1 (a standard Vulkan colour).
 * The 32-bit tiles are also drawn into integer framebuffers and read back exactly, and the
 * I* queries return what was set.
 */
#include "scene_common.h"

#include <string.h>

#define T 32 /* tile size */

static const char vs_src[] =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos), 0.0, 1.0);\n"
   "   v_uv = a_pos * 2.0 - 0.5;\n"
   "}\n";
/* colour: the low 8 bits of each component; raw: the integers as they are */
static const char fs_uint[] = "#version 330 core\n"
                              "uniform usampler2D u_tex;\n"
                              "in vec2 v_uv;\n"
                              "out vec4 o;\n"
                              "void main() { o = vec4(texture(u_tex, v_uv) & 255u) / 255.0; }\n";
static const char fs_int[] = "#version 330 core\n"
                             "uniform isampler2D u_tex;\n"
                             "in vec2 v_uv;\n"
                             "out vec4 o;\n"
                             "void main() { o = vec4((texture(u_tex, v_uv) + 128) & 255) / 255.0; }\n";
static const char fs_uint_raw[] = "#version 330 core\n"
                                  "uniform usampler2D u_tex;\n"
                                  "in vec2 v_uv;\n"
                                  "out uvec4 o;\n"
                                  "void main() { o = texture(u_tex, v_uv); }\n";
static const char fs_int_raw[] = "#version 330 core\n"
                                 "uniform isampler2D u_tex;\n"
                                 "in vec2 v_uv;\n"
                                 "out ivec4 o;\n"
                                 "void main() { o = texture(u_tex, v_uv); }\n";

static GLuint
int_texture(GLenum ifmt, GLenum fmt, GLenum type, const void *texels)
{
   GLuint t = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 4, 4, 0, fmt, type, texels));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER));
   return t;
}

/* Draws `tex` with `prog` over pixels [x, x + T) x [0, T) of a w-wide, T-high target. */
static void
tile(GLuint prog, GLuint tex, int x, int w)
{
   GL(glUseProgram(prog));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   const float x0 = -1.0f + 2.0f * (float)x / (float)w, x1 = x0 + 2.0f * T / (float)w;
   GL(glUniform4f(glGetUniformLocation(prog, "u_rect"), x0, -1.0f, x1, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

/* Draws `tex` into a T x T framebuffer of `ifmt` and checks a border pixel and a texel. */
static void
exact(GLuint prog, GLuint tex, GLenum ifmt, GLenum type, const GLuint border[4], const GLuint texel[4])
{
   GLuint rb, fbo;
   GL(glGenRenderbuffers(1, &rb));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, ifmt, T, T));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "integer FBO incomplete");
   GL(glViewport(0, 0, T, T));
   tile(prog, tex, 0, T);
   GLuint px[4];
   GL(glReadPixels(1, 2, 1, 1, GL_RGBA_INTEGER, type, px));
   SCENE_CHECK(!memcmp(px, border, sizeof(px)), "border %u %u %u %u, want %u %u %u %u", px[0], px[1], px[2], px[3],
               border[0], border[1], border[2], border[3]);
   GL(glReadPixels(T / 2 - 3, T / 2 - 3, 1, 1, GL_RGBA_INTEGER, type, px)); /* texel (1, 1) */
   SCENE_CHECK(!memcmp(px, texel, sizeof(px)), "texel %u %u %u %u, want %u %u %u %u", px[0], px[1], px[2], px[3],
               texel[0], texel[1], texel[2], texel[3]);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteRenderbuffers(1, &rb));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 4 * T, .height = T};
   scene_init(&s, &cfg, argc, argv);
   GLuint p_uint = scene_program(vs_src, fs_uint, NULL), p_int = scene_program(vs_src, fs_int, NULL);
   GLuint p_uint_raw = scene_program(vs_src, fs_uint_raw, NULL), p_int_raw = scene_program(vs_src, fs_int_raw, NULL);
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);

   uint8_t u8[64];
   int16_t i16[64];
   GLuint u32[64];
   int8_t i8[64];
   for (int i = 0; i < 16; i++) {
      const int x = i % 4, y = i / 4;
      for (int c = 0; c < 4; c++) {
         u8[4 * i + c] = (uint8_t)(x * 60 + y * 10 + c * 30);
         i16[4 * i + c] = (int16_t)(x * 70 - y * 90 + c * 11);
         u32[4 * i + c] = 3000000000u + (GLuint)(x * 1000 + y * 100 + c);
         i8[4 * i + c] = (int8_t)(x * 20 - y * 30 + c);
      }
   }
   GLuint t8ui = int_texture(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, u8);
   const GLuint b8ui[4] = {10, 250, 128, 255};
   GL(glTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, b8ui));
   GLuint t16i = int_texture(GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, i16);
   const GLint b16i[4] = {-5, 300, -32768, 1};
   GLuint t32ui = int_texture(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u32);
   const GLuint b32ui[4] = {4000000000u, 7, 65539, 123456789};
   GL(glTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, b32ui));
   GLuint q[4];
   GL(glGetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, q));
   SCENE_CHECK(!memcmp(q, b32ui, sizeof(q)), "GetTexParameterIuiv %u %u %u %u", q[0], q[1], q[2], q[3]);
   GLuint t8i = int_texture(GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, i8);
   const GLint b8i[4] = {0, 0, 0, 1};
   GL(glTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, b8i));

   /* the RGBA16I texture keeps a red border of its own; the sampler object's applies */
   GL(glBindTexture(GL_TEXTURE_2D, t16i));
   const GLint red[4] = {100, 0, 0, 1};
   GL(glTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, red));
   GLuint smp;
   GL(glGenSamplers(1, &smp));
   GL(glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER));
   GL(glSamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER));
   GL(glSamplerParameterIiv(smp, GL_TEXTURE_BORDER_COLOR, b16i));
   GLint qi[4];
   GL(glGetSamplerParameterIiv(smp, GL_TEXTURE_BORDER_COLOR, qi));
   SCENE_CHECK(!memcmp(qi, b16i, sizeof(qi)), "GetSamplerParameterIiv %d %d %d %d", qi[0], qi[1], qi[2], qi[3]);

   GL(glClearColor(0.2f, 0.2f, 0.2f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   tile(p_uint, t8ui, 0, 4 * T);
   GL(glBindSampler(0, smp));
   tile(p_int, t16i, T, 4 * T);
   GL(glBindSampler(0, 0));
   tile(p_uint, t32ui, 2 * T, 4 * T);
   tile(p_int, t8i, 3 * T, 4 * T);

   /* exact values through integer framebuffers */
   const GLuint texel32[4] = {3000001100u, 3000001101u, 3000001102u, 3000001103u};
   exact(p_uint_raw, t32ui, GL_RGBA32UI, GL_UNSIGNED_INT, b32ui, texel32);
   GL(glBindSampler(0, smp));
   const GLuint texel16[4] = {(GLuint)(70 - 90), (GLuint)(70 - 90 + 11), (GLuint)(70 - 90 + 22), (GLuint)(70 - 90 + 33)};
   exact(p_int_raw, t16i, GL_RGBA32I, GL_INT, (const GLuint *)b16i, texel16);
   GL(glBindSampler(0, 0));
   GL(glViewport(0, 0, 4 * T, T));

   GL(glDeleteSamplers(1, &smp));
   GLuint texs[4] = {t8ui, t16i, t32ui, t8i};
   GL(glDeleteTextures(4, texs));
   return scene_finish(&s);
}
