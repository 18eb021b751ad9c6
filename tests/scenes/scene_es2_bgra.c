/*
 * es2_bgra — EXT_texture_format_BGRA8888 and EXT_read_format_bgra on OpenGL ES 2.0: a texture
 * specified as BGRA_EXT / UNSIGNED_BYTE (four coloured quadrants), updated with
 * glTexSubImage2D in BGRA, drawn on the left; a framebuffer object with that texture as its
 * colour attachment drawn into and then drawn on the right; glReadPixels as BGRA_EXT with
 * UNSIGNED_BYTE, UNSIGNED_SHORT_4_4_4_4_REV and UNSIGNED_SHORT_1_5_5_5_REV against the RGBA
 * read of the same pixels; and the errors: BGRA_EXT with another type (Mesa takes BGRA updates of
 * an RGBA texture in ES 2.0, which ES 3.0's tables refuse: not compared). Exact.
 */
#include "scene_common.h"

#include <GLES2/gl2ext.h>
#include <string.h>

static const char *vs_src =
   "attribute vec2 a_pos;\n"
   "uniform vec4 u_rect;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos), 0.0, 1.0);\n"
   "   v_uv = a_pos;\n"
   "}\n";

static const char *fs_src =
   "precision mediump float;\n"
   "uniform sampler2D u_tex;\n"
   "uniform vec4 u_color;\n"
   "varying vec2 v_uv;\n"
   "void main() { gl_FragColor = u_color.a > 0.0 ? u_color : texture2D(u_tex, v_uv); }\n";

static bool
has_ext(const char *name)
{
   const char *e = (const char *)glGetString(GL_EXTENSIONS);
   size_t n = strlen(name);
   for (const char *p = e; p && (p = strstr(p, name)); p += n)
      if ((p == e || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
         return true;
   return false;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES2, .width = 64, .height = 32};
   scene_init(&s, &cfg, argc, argv);
   SCENE_CHECK(has_ext("GL_EXT_texture_format_BGRA8888"), "GL_EXT_texture_format_BGRA8888 not listed");
   SCENE_CHECK(has_ext("GL_EXT_read_format_bgra"), "GL_EXT_read_format_bgra not listed");

   /* 8x8 BGRA texels: quadrants red, green, blue, white (bytes B, G, R, A) */
   static const GLubyte q[4][4] = {{0, 0, 255, 255}, {0, 255, 0, 255}, {255, 0, 0, 255}, {255, 255, 255, 255}};
   GLubyte texels[8 * 8 * 4];
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         memcpy(&texels[(y * 8 + x) * 4], q[(y / 4) * 2 + x / 4], 4);
   GLuint tex;
   GL(glGenTextures(1, &tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, 8, 8, 0, GL_BGRA_EXT, GL_UNSIGNED_BYTE, texels));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL_EXPECT(GL_INVALID_OPERATION, glTexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, 8, 8, 0, GL_BGRA_EXT,
                                                GL_UNSIGNED_SHORT_4_4_4_4, NULL));
   /* a 2x2 patch of yellow (B 0, G 255, R 255) in the middle */
   static const GLubyte yellow[2 * 2 * 4] = {0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255};
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 3, 2, 2, GL_BGRA_EXT, GL_UNSIGNED_BYTE, yellow));

   const char *attribs[] = {"a_pos", NULL};
   GLuint prog = scene_program(vs_src, fs_src, attribs);
   GL(glUseProgram(prog));
   GLint rect = scene_uniform(prog, "u_rect"), color = scene_uniform(prog, "u_color");
   GL(glUniform1i(scene_uniform(prog, "u_tex"), 0));
   static const GLfloat strip[] = {0, 0, 1, 0, 0, 1, 1, 1};
   GLuint vbo;
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(strip), strip, GL_STATIC_DRAW));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glUniform4f(color, 0, 0, 0, 0));
   GL(glUniform4f(rect, -1.0f, -1.0f, 0.0f, 1.0f)); /* left half: the texture */
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));

   /* render into the BGRA texture: a magenta bar over its bottom half */
   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0));
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   SCENE_CHECK(st == GL_FRAMEBUFFER_COMPLETE, "BGRA framebuffer status 0x%x", st);
   GL(glViewport(0, 0, 8, 8));
   GL(glUniform4f(color, 1.0f, 0.0f, 1.0f, 1.0f));
   GL(glUniform4f(rect, -1.0f, -1.0f, 1.0f, -0.5f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   /* reads: BGRA with its three types against RGBA */
   GLubyte rgba[8 * 8 * 4], bgra[8 * 8 * 4];
   GLushort p4444[8 * 8], p1555[8 * 8];
   GL(glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, rgba));
   GL(glReadPixels(0, 0, 8, 8, GL_BGRA_EXT, GL_UNSIGNED_BYTE, bgra));
   GL(glReadPixels(0, 0, 8, 8, GL_BGRA_EXT, GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT, p4444));
   GL(glReadPixels(0, 0, 8, 8, GL_BGRA_EXT, GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT, p1555));
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 0, 8, 8, GL_BGRA_EXT, GL_UNSIGNED_SHORT_5_6_5, p4444));
   for (int i = 0; i < 64; i++) {
      const GLubyte *c = &rgba[i * 4], *b = &bgra[i * 4];
      SCENE_CHECK(b[0] == c[2] && b[1] == c[1] && b[2] == c[0] && b[3] == c[3], "pixel %d: BGRA %u %u %u %u vs RGBA "
                  "%u %u %u %u", i, b[0], b[1], b[2], b[3], c[0], c[1], c[2], c[3]);
      /* _REV packings put the first component (B) in the lowest bits */
      GLushort want4 = (GLushort)((c[3] >> 4) << 12 | (c[0] >> 4) << 8 | (c[1] >> 4) << 4 | c[2] >> 4);
      GLushort want5 = (GLushort)((c[3] >> 7) << 15 | (c[0] >> 3) << 10 | (c[1] >> 3) << 5 | c[2] >> 3);
      SCENE_CHECK(p4444[i] == want4 && p1555[i] == want5, "pixel %d: 4444_REV 0x%04x (want 0x%04x), 1555_REV "
                  "0x%04x (want 0x%04x)", i, p4444[i], want4, p1555[i], want5);
   }
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 64, 32));
   GL(glUniform4f(color, 0, 0, 0, 0));
   GL(glUniform4f(rect, 0.0f, -1.0f, 1.0f, 1.0f)); /* right half: the texture after the draw */
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   return scene_finish(&s);
}
