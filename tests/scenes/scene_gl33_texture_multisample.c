/*
 * gl33_texture_multisample — OpenGL 3.3 core multisample textures (GL 3.2's
 * ARB_texture_multisample):
 *   - a 4-sample RGBA8 TEXTURE_2D_MULTISAMPLE (fixed sample locations) with a 4-sample
 *     DEPTH24_STENCIL8 multisample texture: slanted, overlapping, depth-tested triangles whose
 *     edges cover some samples of a pixel;
 *   - samples 0 and 3 read one by one with texelFetch(sampler2DMS, p, i) into the window
 *     (bottom left, bottom right), the four averaged in the shader (top right), and the texture
 *     resolved by glBlitFramebuffer (top left);
 *   - a 2-layer 4-sample RGBA16F TEXTURE_2D_MULTISAMPLE_ARRAY: each layer attached with
 *     glFramebufferTextureLayer and cleared with glClearBufferfv, read with sampler2DMSArray
 *     (a square in the middle), textureSize of both samplers checked in the shader;
 *   - a 4-sample RGBA8UI TEXTURE_2D_MULTISAMPLE (MAX_INTEGER_SAMPLES >= 4): cleared with
 *     glClearBufferuiv, a triangle with an integer output over part of it, sample 2 read with
 *     usampler2DMS (a strip at the top left);
 *   - TEXTURE_SAMPLES / TEXTURE_FIXED_SAMPLE_LOCATIONS, MAX_*_TEXTURE_SAMPLES, and
 *     FRAMEBUFFER_INCOMPLETE_MULTISAMPLE for a texture without fixed sample locations next to a
 *     renderbuffer.
 * Both drivers use the standard 4-sample locations; a resolve or an average rounds, so one
 * unit of difference is tolerated.
 */
#include "scene_common.h"

static const char *tri_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec3 a_pos;\n"
   "layout(location = 1) in vec3 a_color;\n"
   "out vec3 v_color;\n"
   "void main() { gl_Position = vec4(a_pos, 1.0); v_color = a_color; }\n";
static const char *tri_fs =
   "#version 330 core\n"
   "in vec3 v_color;\n"
   "out vec4 o;\n"
   "void main() { o = vec4(v_color, 1.0); }\n";
static const char *quad_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_corner;\n"
   "uniform vec4 u_rect;\n" /* x0, y0, x1, y1 in NDC */
   "void main() { gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_corner), 0.0, 1.0); }\n";
/* u_mode: 0..3 one sample, 4 the average of all; u_origin: the window pixel of texel (0,0). */
static const char *fetch_fs =
   "#version 330 core\n"
   "uniform sampler2DMS u_ms;\n"
   "uniform int u_mode;\n"
   "uniform vec2 u_origin;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_FragCoord.xy - u_origin);\n"
   "   if (textureSize(u_ms) != ivec2(64, 64)) { o = vec4(1.0, 0.0, 1.0, 1.0); return; }\n"
   "   if (u_mode < 4) { o = texelFetch(u_ms, p, u_mode); return; }\n"
   "   vec4 s = vec4(0.0);\n"
   "   for (int i = 0; i < 4; i++) s += texelFetch(u_ms, p, i);\n"
   "   o = s / 4.0;\n"
   "}\n";
static const char *array_fs =
   "#version 330 core\n"
   "uniform sampler2DMSArray u_arr;\n"
   "uniform vec2 u_origin;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_FragCoord.xy - u_origin);\n"
   "   int layer = p.x < 8 ? 0 : 1;\n"
   "   if (textureSize(u_arr) != ivec3(16, 16, 2)) { o = vec4(1.0, 0.0, 1.0, 1.0); return; }\n"
   "   o = texelFetch(u_arr, ivec3(p, layer), 2);\n"
   "}\n";
static const char *uint_fs =
   "#version 330 core\n"
   "out uvec4 o;\n"
   "void main() { o = uvec4(200u, 40u, 7u + uint(gl_FragCoord.x), 255u); }\n";
static const char *ufetch_fs =
   "#version 330 core\n"
   "uniform usampler2DMS u_ums;\n"
   "uniform vec2 u_origin;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_FragCoord.xy - u_origin);\n"
   "   o = vec4(texelFetch(u_ums, p, 2)) / 255.0;\n"
   "}\n";

static void
draw_quad(GLuint prog, float x0, float y0, float x1, float y1)
{
   GL(glUseProgram(prog));
   /* window pixels of a 128x128 window to NDC */
   GL(glUniform4f(scene_uniform(prog, "u_rect"), x0 / 64.0f - 1.0f, y0 / 64.0f - 1.0f, x1 / 64.0f - 1.0f,
                  y1 / 64.0f - 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   GLint max_color = 0, max_depth = 0, max_int = 0;
   GL(glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_color));
   GL(glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &max_depth));
   GL(glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &max_int));
   /* lavapipe renders RGBA8UI with 4 samples (its image format properties), as llvmpipe does */
   SCENE_CHECK(max_color >= 4 && max_depth >= 4 && max_int >= 4, "MAX_COLOR/DEPTH/INTEGER samples %d %d %d",
               max_color, max_depth, max_int);

   GLuint tex[5], fbo[4], rb;
   GL(glGenTextures(5, tex));
   GL(glGenFramebuffers(4, fbo));
   GL(glGenRenderbuffers(1, &rb));

   /* ---- the 4-sample colour + depth textures ---- */
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]));
   GL(glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 64, 64, GL_TRUE));
   GLint samples = 0, fixed = 0, w = 0;
   GL(glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &samples));
   GL(glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &fixed));
   GL(glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &w));
   SCENE_CHECK(samples == 4 && fixed == GL_TRUE && w == 64, "TEXTURE_SAMPLES %d FIXED %d WIDTH %d", samples, fixed,
               w);
   GLint bound = 0;
   GL(glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &bound));
   SCENE_CHECK(bound == (GLint)tex[0], "TEXTURE_BINDING_2D_MULTISAMPLE %d", bound);
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[1]));
   GL(glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_DEPTH24_STENCIL8, 64, 64, GL_TRUE));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex[0], 0));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D_MULTISAMPLE, tex[1], 0));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "MS texture FBO incomplete");
   GLint fb_samples = 0;
   GL(glGetIntegerv(GL_SAMPLES, &fb_samples));
   SCENE_CHECK(fb_samples == 4, "SAMPLES of the MS texture FBO %d", fb_samples);
   GL(glViewport(0, 0, 64, 64));
   GL(glClearColor(0.0f, 0.0f, 0.25f, 1.0f));
   GL(glClearDepth(1.0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
   GL(glEnable(GL_DEPTH_TEST));

   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   static const GLfloat tris[] = {
      /* x, y, z, r, g, b */
      -0.9f, -0.8f, 0.5f, 1.0f, 0.2f, 0.1f, 0.85f, -0.55f, 0.5f, 0.9f, 0.8f, 0.1f, -0.3f, 0.9f, 0.5f, 0.2f, 1.0f, 0.3f,
      -0.7f, 0.6f, 0.0f, 0.1f, 0.4f, 1.0f, 0.75f, 0.2f, 0.9f, 1.0f, 1.0f, 1.0f, 0.1f, -0.95f, 0.0f, 0.9f, 0.1f, 0.9f,
   };
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(tris), tris, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat), (void *)0));
   GL(glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat), (void *)(3 * sizeof(GLfloat))));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   GLuint tri = scene_program(tri_vs, tri_fs, NULL);
   GL(glUseProgram(tri));
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));
   GL(glDisable(GL_DEPTH_TEST));

   /* ---- FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: no fixed locations next to a renderbuffer ---- */
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[2]));
   GL(glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_FALSE));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb));
   GL(glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, 16, 16));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex[2], 0));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb));
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   SCENE_CHECK(st == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, "mixed fixed sample locations: status 0x%x", st);

   /* ---- the 2-layer RGBA16F multisample array ---- */
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[3]));
   GL(glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA16F, 16, 16, 2, GL_TRUE));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[2]));
   static const GLfloat layer_color[2][4] = {{1.0f, 0.125f, 0.25f, 1.0f}, {0.125f, 0.75f, 0.5f, 1.0f}};
   for (int l = 0; l < 2; l++) {
      GL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[3], 0, l));
      SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "array layer %d incomplete", l);
      GL(glClearBufferfv(GL_COLOR, 0, layer_color[l]));
   }

   /* ---- the 4-sample RGBA8UI texture: cleared, then a triangle over part of it ---- */
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[4]));
   GL(glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8UI, 32, 16, GL_TRUE));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo[3]));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex[4], 0));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "RGBA8UI MS FBO incomplete");
   static const GLuint uint_clear[4] = {10, 120, 30, 255};
   GL(glClearBufferuiv(GL_COLOR, 0, uint_clear));
   GL(glViewport(0, 0, 32, 16));
   GLuint uprog = scene_program(tri_vs, uint_fs, NULL);
   GL(glUseProgram(uprog));
   GL(glDrawArrays(GL_TRIANGLES, 0, 3));

   /* ---- show it: bottom left sample 0, bottom right sample 3, top right the average ---- */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLuint quad = scene_unit_quad();
   (void)quad;
   GLuint fetch = scene_program(quad_vs, fetch_fs, NULL);
   GL(glUseProgram(fetch));
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]));
   GL(glUniform1i(scene_uniform(fetch, "u_ms"), 1));
   static const struct { float x, y; int mode; } views[3] = {{0, 0, 0}, {64, 0, 3}, {64, 64, 4}};
   for (int i = 0; i < 3; i++) {
      GL(glUseProgram(fetch));
      GL(glUniform1i(scene_uniform(fetch, "u_mode"), views[i].mode));
      GL(glUniform2f(scene_uniform(fetch, "u_origin"), views[i].x, views[i].y));
      draw_quad(fetch, views[i].x, views[i].y, views[i].x + 64, views[i].y + 64);
   }
   GLuint arr = scene_program(quad_vs, array_fs, NULL);
   GL(glUseProgram(arr));
   GL(glActiveTexture(GL_TEXTURE2));
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[3]));
   GL(glUniform1i(scene_uniform(arr, "u_arr"), 2));
   GL(glUniform2f(scene_uniform(arr, "u_origin"), 56.0f, 56.0f));
   draw_quad(arr, 56, 56, 72, 72);
   GLuint ufetch = scene_program(quad_vs, ufetch_fs, NULL);
   GL(glUseProgram(ufetch));
   GL(glActiveTexture(GL_TEXTURE3));
   GL(glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[4]));
   GL(glUniform1i(scene_uniform(ufetch, "u_ums"), 3));
   GL(glUniform2f(scene_uniform(ufetch, "u_origin"), 0.0f, 112.0f));
   draw_quad(ufetch, 0, 112, 32, 128);

   /* ---- top left: the resolve ---- */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
   GL(glBlitFramebuffer(0, 0, 48, 48, 0, 64, 48, 112, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GL_EXPECT(GL_INVALID_OPERATION, glBlitFramebuffer(0, 0, 48, 48, 0, 64, 24, 88, GL_COLOR_BUFFER_BIT, GL_NEAREST));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   return scene_finish(&s);
}
