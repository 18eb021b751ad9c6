/*
 * es3_buffer_copy — glCopyBufferSubData and the mapping spellings, drawn and read back:
 *   - quads assembled in a vertex buffer by copies from a source buffer (COPY_READ_BUFFER /
 *     COPY_WRITE_BUFFER and ARRAY_BUFFER as targets), a copy within one buffer, then drawn;
 *   - positions captured by transform feedback, copied into a vertex buffer and drawn (the
 *     copy's source is bytes the GPU wrote);
 *   - every copied range read back through glMapBufferRange(MAP_READ_BIT) and compared;
 *   - OES_mapbuffer's glMapBufferOES (WRITE_ONLY) writing a colour buffer, and its queries;
 *   - ReadPixels into a pixel pack buffer at an offset, unpacked again into a texture;
 *   - the errors of ES 3.0 section 2.10.5 (overlap, ranges, nothing bound, mapped).
 * Every edge is axis-aligned on pixel boundaries: exact.
 */
#include <string.h>

#include "scene_common.h"

#include <GLES2/gl2ext.h>

static const char *vs_src = "#version 300 es\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "layout(location = 1) in vec4 a_color;\n"
                            "out vec4 v_color;\n"
                            "out vec2 v_pos;\n"
                            "void main() {\n"
                            "   v_color = a_color;\n"
                            "   v_pos = a_pos + vec2(0.0, 64.0);\n"
                            "   gl_Position = vec4(a_pos / 64.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";
static const char *fs_src = "#version 300 es\nprecision mediump float;\nin vec4 v_color;\nout vec4 o;\n"
                            "void main() { o = v_color; }\n";

/* A quad as two triangles (6 vertices of 2 floats) at (x, y), w x h pixels. */
static void
quad(GLfloat *v, float x, float y, float w, float h)
{
   const GLfloat c[] = {x, y, x + w, y, x, y + h, x, y + h, x + w, y, x + w, y + h};
   memcpy(v, c, sizeof(c));
}

static void
expect_bytes(GLenum target, GLintptr off, GLsizeiptr len, const void *want, const char *what)
{
   const void *p = glMapBufferRange(target, off, len, GL_MAP_READ_BIT);
   SCENE_CHECK(p != NULL, "%s: glMapBufferRange returned NULL", what);
   SCENE_CHECK(!memcmp(p, want, (size_t)len), "%s: mapped bytes differ", what);
   SCENE_CHECK(glUnmapBuffer(target) == GL_TRUE, "%s: glUnmapBuffer", what);
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   const char *exts = (const char *)glGetString(GL_EXTENSIONS);
   SCENE_CHECK(exts && strstr(exts, "GL_OES_mapbuffer"), "GL_OES_mapbuffer not listed");
   PFNGLMAPBUFFEROESPROC map_oes = (PFNGLMAPBUFFEROESPROC)eglGetProcAddress("glMapBufferOES");
   PFNGLUNMAPBUFFEROESPROC unmap_oes = (PFNGLUNMAPBUFFEROESPROC)eglGetProcAddress("glUnmapBufferOES");
   PFNGLGETBUFFERPOINTERVOESPROC pointer_oes =
      (PFNGLGETBUFFERPOINTERVOESPROC)eglGetProcAddress("glGetBufferPointervOES");
   SCENE_CHECK(map_oes && unmap_oes && pointer_oes, "OES_mapbuffer entry points");

   const char *tf_names[] = {"v_pos"};
   GLuint vs = scene_compile(GL_VERTEX_SHADER, vs_src), fs = scene_compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint prog = glCreateProgram();
   GL(glAttachShader(prog, vs));
   GL(glAttachShader(prog, fs));
   GL(glTransformFeedbackVaryings(prog, 1, tf_names, GL_INTERLEAVED_ATTRIBS));
   GL(glLinkProgram(prog));
   GLint linked = 0;
   GL(glGetProgramiv(prog, GL_LINK_STATUS, &linked));
   SCENE_CHECK(linked, "link failed");
   GL(glDeleteShader(vs));
   GL(glDeleteShader(fs));
   GL(glUseProgram(prog));

   /* source: four quads in a row along the bottom; colours for 4 quads x 6 vertices */
   GLfloat src[4 * 12];
   for (int q = 0; q < 4; q++)
      quad(&src[q * 12], (float)(8 + q * 30), 8.0f, 20.0f, 20.0f);
   GLuint b[5]; /* source, assembled vertices, captured, copy of captured, colours */
   GL(glGenBuffers(5, b));
   GL(glBindBuffer(GL_COPY_READ_BUFFER, b[0]));
   GL(glBufferData(GL_COPY_READ_BUFFER, sizeof(src), src, GL_STATIC_DRAW));
   GL(glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]));
   GL(glBufferData(GL_COPY_WRITE_BUFFER, sizeof(src), NULL, GL_DYNAMIC_DRAW));
   /* reverse the quads' order with four copies, then duplicate quad 3's slot over slot 0's
    * half (a copy within one buffer, ranges apart) */
   for (int q = 0; q < 4; q++)
      GL(glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, q * 48, (3 - q) * 48, 48));
   GLfloat want[4 * 12];
   for (int q = 0; q < 4; q++)
      memcpy(&want[(3 - q) * 12], &src[q * 12], 48);
   expect_bytes(GL_COPY_WRITE_BUFFER, 0, sizeof(want), want, "reversed quads");
   GL(glCopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_COPY_WRITE_BUFFER, 3 * 48, 0, 24)); /* slot 3 -> slot 0, first 3 vertices */
   memcpy(&want[0], &want[3 * 12], 24);
   expect_bytes(GL_COPY_WRITE_BUFFER, 0, 48, want, "copy within one buffer");

   /* colours through OES_mapbuffer: 24 vertices, one colour per quad */
   GL(glBindBuffer(GL_ARRAY_BUFFER, b[4]));
   GL(glBufferData(GL_ARRAY_BUFFER, 24 * 4, NULL, GL_STATIC_DRAW));
   GLubyte *c = map_oes(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES);
   SCENE_CHECK(c != NULL, "glMapBufferOES");
   GLint mapped = 0, access = 0;
   GL(glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED_OES, &mapped));
   GL(glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_OES, &access));
   SCENE_CHECK(mapped == GL_TRUE && access == GL_WRITE_ONLY_OES, "mapped %d access 0x%x", mapped, access);
   void *ptr = NULL;
   pointer_oes(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &ptr);
   SCENE_CHECK(ptr == c, "glGetBufferPointervOES");
   static const GLubyte pal[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}};
   for (int v = 0; v < 24; v++)
      memcpy(c + v * 4, pal[v / 6], 4);
   GL_EXPECT(GL_INVALID_OPERATION, glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4)); /* mapped */
   SCENE_CHECK(unmap_oes(GL_ARRAY_BUFFER) == GL_TRUE, "glUnmapBufferOES");
   GL_EXPECT(GL_INVALID_ENUM, map_oes(GL_ARRAY_BUFFER, 0x88B8 /* GL_READ_ONLY */)); /* OES_mapbuffer: WRITE_ONLY only */

   /* draw the assembled quads */
   GLuint vao;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glBindBuffer(GL_ARRAY_BUFFER, b[4]));
   GL(glEnableVertexAttribArray(1));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0));
   GL(glBindBuffer(GL_ARRAY_BUFFER, b[1]));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   /* the same draw captures v_pos (the quads 64 pixels higher) */
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b[2]));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(src), NULL, GL_STREAM_READ));
   GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b[2]));
   GL(glBeginTransformFeedback(GL_TRIANGLES));
   GL(glDrawArrays(GL_TRIANGLES, 0, 24));
   GL(glEndTransformFeedback());
   GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0));

   /* copy what the GPU wrote into another vertex buffer, in two pieces, and draw it */
   GL(glBindBuffer(GL_COPY_READ_BUFFER, b[2]));
   GL(glBindBuffer(GL_ARRAY_BUFFER, b[3]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(src), NULL, GL_STATIC_DRAW));
   GL(glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_ARRAY_BUFFER, 0, 0, 96));
   GL(glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_ARRAY_BUFFER, 96, 96, sizeof(src) - 96));
   GLfloat moved[4 * 12];
   for (int i = 0; i < 4 * 12; i++)
      moved[i] = want[i] + (i % 2 ? 64.0f : 0.0f);
   expect_bytes(GL_ARRAY_BUFFER, 0, sizeof(moved), moved, "captured positions, copied");
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glDrawArrays(GL_TRIANGLES, 0, 24));

   /* ReadPixels into a pixel pack buffer at an offset, compared with a read into memory, then
    * the same bytes unpacked into a texture drawn in the top right corner */
   GLubyte direct[16 * 16 * 4];
   GL(glReadPixels(8, 8, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, direct));
   GLuint pbo;
   GL(glGenBuffers(1, &pbo));
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo));
   GL(glBufferData(GL_PIXEL_PACK_BUFFER, 64 + sizeof(direct), NULL, GL_STREAM_READ));
   GL(glReadPixels(8, 8, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, (void *)64));
   expect_bytes(GL_PIXEL_PACK_BUFFER, 64, sizeof(direct), direct, "ReadPixels into a pack buffer");
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(8, 8, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, (void *)65)); /* past the end */
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo));
   GLuint tex;
   GL(glGenTextures(1, &tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)64));
   GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
   GLuint fbo;
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo));
   GL(glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0));
   GLubyte back[16 * 16 * 4];
   GL(glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, back));
   SCENE_CHECK(!memcmp(back, direct, sizeof(back)), "texture unpacked from the pack buffer's bytes");
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, 0));

   /* errors (ES 3.0 section 2.10.5) */
   GL(glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]));
   GL_EXPECT(GL_INVALID_VALUE, glCopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_COPY_WRITE_BUFFER, 0, 16, 32)); /* overlap */
   GL_EXPECT(GL_INVALID_VALUE, glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 1, sizeof(src)));
   GL_EXPECT(GL_INVALID_VALUE, glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, -4, 0, 4));
   GL_EXPECT(GL_INVALID_VALUE, glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, -4));
   GL_EXPECT(GL_INVALID_ENUM, glCopyBufferSubData(GL_RENDERBUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4));
   GL(glBindBuffer(GL_COPY_READ_BUFFER, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4));
   GL(glCopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_ARRAY_BUFFER, 0, 0, 0)); /* size 0: nothing, no error */
   return scene_finish(&s);
}
