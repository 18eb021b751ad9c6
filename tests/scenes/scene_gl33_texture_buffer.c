/*
 * gl33_texture_buffer — OpenGL 3.3 core buffer textures (GL 3.1's TEXTURE_BUFFER):
 *   - four buffer textures read with texelFetch in the fragment shader, one per column of
 *     the window: RGBA8 (samplerBuffer, normalized), R32F (samplerBuffer), RG16I
 *     (isamplerBuffer), RGBA32UI (usamplerBuffer); each shader also checks textureSize;
 *   - the RGBA8 buffer updated with glBufferSubData between two draws, and through a mapping
 *     (glMapBufferRange) before a third: each draw must see the contents of its time;
 *   - one buffer texture read in the vertex shader (vertex offsets from an R32F buffer);
 *   - an R32F buffer written by transform feedback (rasterizer discard), then read as a buffer
 *     texture by the next draw (top row, right);
 *   - glTexBuffer's detach (buffer 0), TEXTURE_BINDING_BUFFER, TEXTURE_BUFFER (binding),
 *     TEXTURE_BUFFER_DATA_STORE_BINDING, MAX_TEXTURE_BUFFER_SIZE.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_corner;\n"
   "uniform vec4 u_rect;\n"
   "uniform samplerBuffer u_offsets;\n"
   "void main() {\n"
   "   vec2 p = mix(u_rect.xy, u_rect.zw, a_corner);\n"
   "   p.y += texelFetch(u_offsets, gl_VertexID).r;\n"
   "   gl_Position = vec4(p, 0.0, 1.0);\n"
   "}\n";
/* One texel per 8x8 cell: column c of cells reads texel (row * 4 + c % 4) of the buffer. */
static const char *fs =
   "#version 330 core\n"
   "uniform samplerBuffer u_rgba8;\n"
   "uniform samplerBuffer u_r32f;\n"
   "uniform isamplerBuffer u_rg16i;\n"
   "uniform usamplerBuffer u_rgba32ui;\n"
   "uniform int u_which;\n"
   "uniform ivec2 u_origin;\n"
   "uniform int u_size;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   ivec2 cell = (ivec2(gl_FragCoord.xy) - u_origin) / 8;\n"
   "   int i = cell.y * 4 + cell.x;\n"
   "   if (u_which == 0) {\n"
   "      o = textureSize(u_rgba8) == u_size ? texelFetch(u_rgba8, i) : vec4(1, 0, 1, 1);\n"
   "   } else if (u_which == 1) {\n"
   "      float v = texelFetch(u_r32f, i).r;\n"
   "      o = textureSize(u_r32f) == u_size ? vec4(v, 1.0 - v, 0.5, 1.0) : vec4(1, 0, 1, 1);\n"
   "   } else if (u_which == 2) {\n"
   "      ivec2 v = texelFetch(u_rg16i, i).rg;\n"
   "      o = textureSize(u_rg16i) == u_size ? vec4(vec2(v + 1000) / 2000.0, 0.25, 1.0) : vec4(1, 0, 1, 1);\n"
   "   } else {\n"
   "      uvec4 v = texelFetch(u_rgba32ui, i);\n"
   "      o = textureSize(u_rgba32ui) == u_size ? vec4(v) / 65535.0 : vec4(1, 0, 1, 1);\n"
   "   }\n"
   "}\n";

/* 16 points whose captured value falls from 1 to 0 */
static const char *xfb_vs =
   "#version 330 core\n"
   "out float v_val;\n"
   "void main() { v_val = 1.0 - float(gl_VertexID) / 15.0; gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   GLint max_size = 0;
   GL(glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_size));
   SCENE_CHECK(max_size >= 65536, "MAX_TEXTURE_BUFFER_SIZE %d", max_size);

   GLuint buf[5], tex[5];
   GL(glGenBuffers(5, buf));
   GL(glGenTextures(5, tex));
   /* 16 texels each (4 x 4 cells) */
   uint8_t rgba8[64];
   scene_fill_pattern(rgba8, sizeof(rgba8), 7);
   for (int i = 0; i < 16; i++)
      rgba8[i * 4 + 3] = 255;
   GLfloat r32f[16];
   for (int i = 0; i < 16; i++)
      r32f[i] = (float)i / 15.0f;
   GLshort rg16i[32];
   for (int i = 0; i < 16; i++) {
      rg16i[2 * i] = (GLshort)(i * 130 - 1000);
      rg16i[2 * i + 1] = (GLshort)(1000 - i * 97);
   }
   GLuint rgba32ui[64];
   for (int i = 0; i < 64; i++)
      rgba32ui[i] = (GLuint)((i * 4099u) % 65536u);
   for (int i = 0; i < 16; i++)
      rgba32ui[i * 4 + 3] = 65535;
   const void *data[4] = {rgba8, r32f, rg16i, rgba32ui};
   const GLsizeiptr sizes[4] = {sizeof(rgba8), sizeof(r32f), sizeof(rg16i), sizeof(rgba32ui)};
   const GLenum fmts[4] = {GL_RGBA8, GL_R32F, GL_RG16I, GL_RGBA32UI};
   for (int i = 0; i < 4; i++) {
      GL(glBindBuffer(GL_TEXTURE_BUFFER, buf[i]));
      GL(glBufferData(GL_TEXTURE_BUFFER, sizes[i], data[i], GL_DYNAMIC_DRAW));
      GL(glActiveTexture(GL_TEXTURE0 + i));
      GL(glBindTexture(GL_TEXTURE_BUFFER, tex[i]));
      GL(glTexBuffer(GL_TEXTURE_BUFFER, fmts[i], buf[i]));
      GLint store = 0, binding = 0, w = 0;
      GL(glGetIntegerv(GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &store));
      GL(glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &binding));
      GL(glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_WIDTH, &w));
      SCENE_CHECK(store == (GLint)buf[i] && binding == (GLint)tex[i], "buffer texture %d: store %d binding %d", i,
                  store, binding);
      (void)w;
   }
   GLint bound = 0;
   GL(glGetIntegerv(GL_TEXTURE_BUFFER, &bound));
   SCENE_CHECK(bound == (GLint)buf[3], "TEXTURE_BUFFER binding %d", bound);
   /* vertex offsets: 4 vertices of a strip */
   const GLfloat offsets[4] = {0.0f, -0.1f, 0.05f, -0.05f};
   GL(glBindBuffer(GL_TEXTURE_BUFFER, buf[4]));
   GL(glBufferData(GL_TEXTURE_BUFFER, sizeof(offsets), offsets, GL_STATIC_DRAW));
   GL(glActiveTexture(GL_TEXTURE4));
   GL(glBindTexture(GL_TEXTURE_BUFFER, tex[4]));
   GL(glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, buf[4]));

   GLuint prog = scene_program(vs, fs, NULL);
   GL(glUseProgram(prog));
   static const char *names[5] = {"u_rgba8", "u_r32f", "u_rg16i", "u_rgba32ui", "u_offsets"};
   for (int i = 0; i < 5; i++)
      GL(glUniform1i(scene_uniform(prog, names[i]), i));
   scene_unit_quad();
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* bottom row: the four formats, 32x32 each at y 8..40 (the vertex offsets move edges) */
   for (int i = 0; i < 4; i++) {
      float x0 = (float)(i * 32), y0 = 8.0f;
      GL(glUniform1i(scene_uniform(prog, "u_which"), i));
      GL(glUniform2i(scene_uniform(prog, "u_origin"), i * 32, 8));
      GL(glUniform1i(scene_uniform(prog, "u_size"), 16));
      GL(glUniform4f(scene_uniform(prog, "u_rect"), x0 / 64.0f - 1.0f, y0 / 64.0f - 1.0f, (x0 + 32) / 64.0f - 1.0f,
                     (y0 + 32) / 64.0f - 1.0f));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* second row: RGBA8 after BufferSubData; third: after a mapping; the draws in between
    * must keep what they read */
   GL(glUniform1i(scene_uniform(prog, "u_which"), 0));
   for (int step = 0; step < 3; step++) {
      if (step == 1) {
         uint8_t patch[24];
         scene_fill_pattern(patch, sizeof(patch), 99);
         for (int i = 0; i < 6; i++)
            patch[i * 4 + 3] = 255;
         GL(glBindBuffer(GL_TEXTURE_BUFFER, buf[0]));
         GL(glBufferSubData(GL_TEXTURE_BUFFER, 16, sizeof(patch), patch));
      } else if (step == 2) {
         GL(glBindBuffer(GL_TEXTURE_BUFFER, buf[0]));
         uint8_t *m = glMapBufferRange(GL_TEXTURE_BUFFER, 32, 32, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
         scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glMapBufferRange");
         SCENE_CHECK(m != NULL, "glMapBufferRange returned NULL");
         for (int i = 0; i < 32; i++)
            m[i] = (uint8_t)(i % 4 == 3 ? 255 : 40 + i * 6);
         SCENE_CHECK(glUnmapBuffer(GL_TEXTURE_BUFFER), "glUnmapBuffer");
      }
      float x0 = (float)(step * 40), y0 = 56.0f;
      GL(glUniform2i(scene_uniform(prog, "u_origin"), step * 40, 56));
      GL(glUniform4f(scene_uniform(prog, "u_rect"), x0 / 64.0f - 1.0f, y0 / 64.0f - 1.0f, (x0 + 32) / 64.0f - 1.0f,
                     (y0 + 32) / 64.0f - 1.0f));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   /* top row: the buffer respecified larger (64 texels: textureSize follows), then detached
    * (unit 0 reads nothing: left out of the picture, only the state is checked) */
   uint8_t big[256];
   scene_fill_pattern(big, sizeof(big), 3);
   for (int i = 0; i < 64; i++)
      big[i * 4 + 3] = 255;
   GL(glBindBuffer(GL_TEXTURE_BUFFER, buf[0]));
   GL(glBufferData(GL_TEXTURE_BUFFER, sizeof(big), big, GL_STATIC_DRAW));
   GL(glUniform1i(scene_uniform(prog, "u_size"), 64));
   GL(glUniform2i(scene_uniform(prog, "u_origin"), 0, 96));
   GL(glUniform4f(scene_uniform(prog, "u_rect"), -1.0f, 0.5f, -0.5f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   /* transform feedback into a buffer that unit 1 then reads as R32F */
   GLuint xbuf, xprog = glCreateProgram();
   GL(glGenBuffers(1, &xbuf));
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xbuf));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 16 * sizeof(GLfloat), NULL, GL_DYNAMIC_COPY));
   GL(glAttachShader(xprog, scene_compile(GL_VERTEX_SHADER, xfb_vs)));
   static const char *const varyings[1] = {"v_val"};
   GL(glTransformFeedbackVaryings(xprog, 1, varyings, GL_INTERLEAVED_ATTRIBS));
   GL(glLinkProgram(xprog));
   GLint linked = 0;
   GL(glGetProgramiv(xprog, GL_LINK_STATUS, &linked));
   SCENE_CHECK(linked, "transform feedback program did not link");
   GL(glUseProgram(xprog));
   GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xbuf));
   GL(glEnable(GL_RASTERIZER_DISCARD));
   GL(glBeginTransformFeedback(GL_POINTS));
   GL(glDrawArrays(GL_POINTS, 0, 16));
   GL(glEndTransformFeedback());
   GL(glDisable(GL_RASTERIZER_DISCARD));
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, xbuf));
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "u_which"), 1));
   GL(glUniform1i(scene_uniform(prog, "u_size"), 16));
   GL(glUniform2i(scene_uniform(prog, "u_origin"), 64, 96));
   GL(glUniform4f(scene_uniform(prog, "u_rect"), 0.0f, 0.5f, 0.5f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));

   GL(glActiveTexture(GL_TEXTURE0));
   GL(glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0));
   GLint store = -1;
   GL(glGetIntegerv(GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &store));
   SCENE_CHECK(store == 0, "detached buffer texture still names buffer %d", store);
   return scene_finish(&s);
}
