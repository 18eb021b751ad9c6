/*
 * es3_fbo_layer — glFramebufferTextureLayer: rendering into one layer of a 2D array texture
 * and one slice of a 3D texture (level 0 and level 1), then sampling every layer / slice
 * into tiles of the window: only the attached ones changed. Also
 * FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, a layer past the texture's (incomplete), the call's
 * errors, and glInvalidate(Sub)Framebuffer's errors. Every edge is axis-aligned on pixel boundaries, every texel sampled NEAREST
 * at its centre: exact.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs_src = "#version 300 es\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform vec4 u_rect;\n"
                            "out vec2 v_tc;\n"
                            "void main() {\n"
                            "   v_tc = a_pos;\n"
                            "   gl_Position = vec4((u_rect.xy + a_pos * u_rect.zw) / 64.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";
static const char *fs_src = "#version 300 es\n"
                            "precision mediump float;\n"
                            "precision mediump sampler2DArray;\n"
                            "precision mediump sampler3D;\n"
                            "uniform sampler2DArray u_array;\n"
                            "uniform sampler3D u_vol;\n"
                            "uniform float u_layer;\n"
                            "uniform float u_lod;\n"
                            "uniform int u_kind;\n"
                            "in vec2 v_tc;\n"
                            "out vec4 o;\n"
                            "void main() {\n"
                            "   if (u_kind == 0) o = texture(u_array, vec3(v_tc, u_layer));\n"
                            "   else o = textureLod(u_vol, vec3(v_tc, u_layer), u_lod);\n"
                            "}\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   struct scene_rects r;
   scene_rects_init(&r, 16, 16);
   /* a 16x16x4 array and a 16x16x4 3D texture (two levels), cleared grey through a buffer */
   static GLubyte grey[16 * 16 * 4 * 4];
   memset(grey, 80, sizeof(grey));
   GLuint arr = scene_texture(GL_TEXTURE_2D_ARRAY, GL_NEAREST_MIPMAP_NEAREST);
   GL(glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 16, 16, 4));
   GL(glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 16, 16, 4, GL_RGBA, GL_UNSIGNED_BYTE, grey));
   GLuint vol = scene_texture(GL_TEXTURE_3D, GL_NEAREST_MIPMAP_NEAREST);
   GL(glTexStorage3D(GL_TEXTURE_3D, 2, GL_RGBA8, 16, 16, 4));
   GL(glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 16, 16, 4, GL_RGBA, GL_UNSIGNED_BYTE, grey));
   GL(glTexSubImage3D(GL_TEXTURE_3D, 1, 0, 0, 0, 8, 8, 2, GL_RGBA, GL_UNSIGNED_BYTE, grey));

   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
   /* layer 2 of the array: a red square */
   GL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 2));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "array layer incomplete");
   GLint v = -1;
   GL(glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v));
   SCENE_CHECK(v == 2, "TEXTURE_LAYER %d", v);
   GL(glViewport(0, 0, 16, 16));
   scene_rects_draw(&r, 4, 4, 12, 12, 0, red);
   /* slice 1 of the 3D texture: green; slice 0 of its level 1: blue */
   GL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, vol, 0, 1));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "3D slice incomplete");
   scene_rects_draw(&r, 0, 0, 8, 16, 0, green);
   GL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, vol, 1, 0));
   GL(glViewport(0, 0, 8, 8));
   scene_rects_draw(&r, 0, 8, 16, 16, 0, blue); /* the top half of the 8x8 level */
   /* a slice past the level's depth: incomplete */
   GL(glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, vol, 1, 2));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "slice 2 of 2");
   /* errors */
   GLuint t2 = scene_texture(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST);
   GL(glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4));
   GL_EXPECT(GL_INVALID_OPERATION, glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t2, 0, 0));
   GL_EXPECT(GL_INVALID_VALUE, glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, -1));
   GL_EXPECT(GL_INVALID_VALUE, glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, -1, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 12345, 0, 0));
   GL_EXPECT(GL_INVALID_ENUM, glFramebufferTextureLayer(GL_TEXTURE_2D, GL_COLOR_ATTACHMENT0, arr, 0, 0));
   /* glInvalidate(Sub)Framebuffer: contents may go; the errors must be right */
   const GLenum inv[2] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_STENCIL_ATTACHMENT};
   GL(glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, inv));
   GL(glInvalidateSubFramebuffer(GL_DRAW_FRAMEBUFFER, 1, inv, 0, 0, 4, 4));
   GLint max_att = 0;
   GL(glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &max_att));
   const GLenum bad_default[1] = {GL_COLOR_ATTACHMENT0}, past[1] = {GL_COLOR_ATTACHMENT0 + (GLenum)max_att};
   GL_EXPECT(GL_INVALID_OPERATION, glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, past));
   GL_EXPECT(GL_INVALID_VALUE, glInvalidateFramebuffer(GL_FRAMEBUFFER, -1, inv));
   GL_EXPECT(GL_INVALID_VALUE, glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, inv, 0, 0, -1, 4));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   const GLenum def[2] = {GL_COLOR, GL_DEPTH};
   GL(glInvalidateFramebuffer(GL_READ_FRAMEBUFFER, 2, def));
   GL_EXPECT(GL_INVALID_ENUM, glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, bad_default));
   GL_EXPECT(GL_INVALID_ENUM, glInvalidateFramebuffer(GL_RENDERBUFFER, 2, def));

   /* every layer / slice as a tile: row 1 the array's four layers, row 2 the 3D level 0's four
    * slices, row 3 its level 1's two */
   GL(glViewport(0, 0, 128, 128));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "u_array"), 0));
   GL(glUniform1i(scene_uniform(prog, "u_vol"), 1));
   GLint u_rect = scene_uniform(prog, "u_rect"), u_kind = scene_uniform(prog, "u_kind");
   GLint u_layer = scene_uniform(prog, "u_layer"), u_lod = scene_uniform(prog, "u_lod");
   GL(glActiveTexture(GL_TEXTURE0));
   GL(glBindTexture(GL_TEXTURE_2D_ARRAY, arr));
   GL(glActiveTexture(GL_TEXTURE1));
   GL(glBindTexture(GL_TEXTURE_3D, vol));
   scene_unit_quad();
   for (int i = 0; i < 4; i++) {
      GL(glUniform1i(u_kind, 0));
      GL(glUniform1f(u_layer, (float)i));
      GL(glUniform4f(u_rect, (float)i * 32 + 8, 88, 16, 16));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
      GL(glUniform1i(u_kind, 1));
      GL(glUniform1f(u_lod, 0));
      GL(glUniform1f(u_layer, ((float)i + 0.5f) / 4.0f));
      GL(glUniform4f(u_rect, (float)i * 32 + 8, 48, 16, 16));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   for (int i = 0; i < 2; i++) {
      GL(glUniform1i(u_kind, 1));
      GL(glUniform1f(u_lod, 1));
      GL(glUniform1f(u_layer, ((float)i + 0.5f) / 2.0f));
      GL(glUniform4f(u_rect, (float)i * 32 + 8, 8, 16, 16));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   scene_rects_fini(&r);
   return scene_finish(&s);
}
