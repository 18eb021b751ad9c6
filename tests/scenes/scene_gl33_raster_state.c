/*
 * gl33_raster_state — OpenGL 3.3 core fixed-function state that ES lacks:
 *   - glPolygonMode(FRONT_AND_BACK, LINE / POINT) on a quad (two triangles), then FILL;
 *   - GL_DEPTH_CLAMP: a rectangle beyond the far plane is clipped without it, drawn with it;
 *   - glProvokingVertex: a flat varying from the first or the last vertex of a triangle;
 *   - glLogicOp(XOR / INVERT / AND) with GL_COLOR_LOGIC_OP on the RGBA8 window;
 *   - glColorMaski / glEnablei(GL_BLEND): a framebuffer object with two attachments given
 *     different masks and blend enables by one draw, read back exactly;
 *   - glBindFragDataLocation routing two outputs without layout qualifiers, read back;
 *   - glClampColor(CLAMP_READ_COLOR) on a float buffer read as floats;
 *   - the indexed queries and errors (glIsEnabledi, glGetBooleani_v(COLOR_WRITEMASK),
 *     glGetIntegeri_v(SAMPLE_MASK_VALUE), POLYGON_MODE, PROVOKING_VERTEX, LOGIC_OP_MODE).
 * Fills are axis-aligned on pixel boundaries; the LINE / POINT quads' edges follow GL's
 * diamond-exit line rule, identical on both drivers' rasterizer: exact.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs_src = "#version 330 core\n"
                            "layout(location = 0) in vec3 a_pos;\n"
                            "layout(location = 1) in vec4 a_color;\n"
                            "flat out vec4 v_color;\n"
                            "void main() {\n"
                            "   gl_Position = vec4(a_pos.xy / 64.0 - 1.0, a_pos.z, 1.0);\n"
                            "   v_color = a_color;\n"
                            "}\n";
static const char *fs_src = "#version 330 core\n"
                            "flat in vec4 v_color;\n"
                            "layout(location = 0) out vec4 o0;\n"
                            "layout(location = 1) out vec4 o1;\n"
                            "void main() { o0 = v_color; o1 = v_color.bgra; }\n";

struct vtx {
   GLfloat x, y, z;
   GLubyte rgba[4];
};

static GLuint vbo;

/* Draws n vertices of v as mode. */
static void
draw(GLenum mode, const struct vtx *v, int n)
{
   GL(glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(*v) * (size_t)n), v, GL_STREAM_DRAW));
   GL(glDrawArrays(mode, 0, n));
}

/* A quad as two triangles at (x, y) of w x h pixels, depth z, one colour. */
static void
quad(float x, float y, float w, float h, float z, const GLubyte c[4])
{
   struct vtx v[6] = {{x, y, z, {0}}, {x + w, y, z, {0}}, {x, y + h, z, {0}},
                      {x, y + h, z, {0}}, {x + w, y, z, {0}}, {x + w, y + h, z, {0}}};
   for (int i = 0; i < 6; i++)
      memcpy(v[i].rgba, c, 4);
   draw(GL_TRIANGLES, v, 6);
}

static void
expect_rgba(int x, int y, const GLubyte want[4], const char *what)
{
   GLubyte px[4];
   GL(glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(!memcmp(px, want, 4), "%s at (%d,%d): %u %u %u %u, want %u %u %u %u", what, x, y, px[0], px[1], px[2],
               px[3], want[0], want[1], want[2], want[3]);
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128, .depth_bits = 24};
   scene_init(&s, &cfg, argc, argv);
   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GLuint vao;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0));
   GL(glEnableVertexAttribArray(1));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), (void *)offsetof(struct vtx, rgba)));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));

   const GLubyte white[4] = {255, 255, 255, 255}, yellow[4] = {255, 255, 0, 255}, cyan[4] = {0, 255, 255, 255},
                 grey[4] = {96, 96, 96, 255};
   /* ---- polygon modes, top row ---- */
   GLint pm[2] = {0, 0};
   GL(glGetIntegerv(GL_POLYGON_MODE, pm));
   SCENE_CHECK(pm[0] == GL_FILL && pm[1] == GL_FILL, "initial POLYGON_MODE 0x%x 0x%x", pm[0], pm[1]);
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_LINE));
   quad(8.5f, 96.5f, 24, 24, 0, white);
   GL(glPointSize(3));
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_POINT));
   quad(48.5f, 96.5f, 24, 24, 0, yellow);
   GL(glPointSize(1));
   GL(glGetIntegerv(GL_POLYGON_MODE, pm));
   SCENE_CHECK(pm[0] == GL_POINT && pm[1] == GL_POINT, "POLYGON_MODE 0x%x 0x%x", pm[0], pm[1]);
   GL(glPolygonMode(GL_FRONT_AND_BACK, GL_FILL));
   quad(88, 96, 24, 24, 0, cyan);
   GL_EXPECT(GL_INVALID_ENUM, glPolygonMode(GL_FRONT, GL_LINE)); /* core: FRONT_AND_BACK only */
   GL_EXPECT(GL_INVALID_ENUM, glPolygonMode(GL_FRONT_AND_BACK, GL_TRIANGLES));

   /* ---- depth clamp, second row: z = 1.5 is beyond the far plane ---- */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_ALWAYS));
   quad(8, 64, 24, 24, 1.5f, white); /* clipped: nothing */
   GL(glEnable(GL_DEPTH_CLAMP));
   SCENE_CHECK(glIsEnabled(GL_DEPTH_CLAMP), "DEPTH_CLAMP enabled");
   quad(48, 64, 24, 24, 1.5f, white); /* clamped to the far plane: drawn */
   GL(glDisable(GL_DEPTH_CLAMP));
   GL(glDisable(GL_DEPTH_TEST));

   /* ---- provoking vertex, third row: each vertex its own colour ---- */
   GLint pv = 0;
   GL(glGetIntegerv(GL_PROVOKING_VERTEX, &pv));
   SCENE_CHECK(pv == GL_LAST_VERTEX_CONVENTION, "initial PROVOKING_VERTEX 0x%x", pv);
   const struct vtx tri[3] = {{8, 32, 0, {255, 0, 0, 255}}, {32, 32, 0, {0, 255, 0, 255}}, {8, 56, 0, {0, 0, 255, 255}}};
   draw(GL_TRIANGLES, tri, 3); /* last: blue */
   GL(glProvokingVertex(GL_FIRST_VERTEX_CONVENTION));
   struct vtx tri2[3];
   memcpy(tri2, tri, sizeof(tri));
   for (int i = 0; i < 3; i++)
      tri2[i].x += 32;
   draw(GL_TRIANGLES, tri2, 3); /* first: red */
   GL(glGetIntegerv(GL_PROVOKING_VERTEX, &pv));
   SCENE_CHECK(pv == GL_FIRST_VERTEX_CONVENTION, "PROVOKING_VERTEX 0x%x", pv);
   GL(glProvokingVertex(GL_LAST_VERTEX_CONVENTION));
   GL_EXPECT(GL_INVALID_ENUM, glProvokingVertex(GL_FIRST_VERTEX_CONVENTION + 7));

   /* ---- logic ops, bottom row, over grey ---- */
   quad(0, 0, 128, 28, 0, grey);
   GL(glEnable(GL_COLOR_LOGIC_OP));
   GL(glLogicOp(GL_XOR));
   quad(8, 4, 24, 20, 0, (const GLubyte[4]){255, 0, 255, 0});
   GL(glLogicOp(GL_INVERT));
   quad(40, 4, 24, 20, 0, white);
   GL(glLogicOp(GL_AND));
   quad(72, 4, 24, 20, 0, (const GLubyte[4]){0xf0, 0x0f, 0xff, 0xff});
   GLint lop = 0;
   GL(glGetIntegerv(GL_LOGIC_OP_MODE, &lop));
   SCENE_CHECK(lop == GL_AND, "LOGIC_OP_MODE 0x%x", lop);
   GL(glDisable(GL_COLOR_LOGIC_OP));
   GL_EXPECT(GL_INVALID_ENUM, glLogicOp(GL_CLEAR - 1));
   const GLubyte xor_want[4] = {96 ^ 255, 96, 96 ^ 255, 255}, inv_want[4] = {255 - 96, 255 - 96, 255 - 96, 0},
                 and_want[4] = {96 & 0xf0, 96 & 0x0f, 96, 255};
   expect_rgba(20, 14, xor_want, "XOR");
   expect_rgba(52, 14, inv_want, "INVERT");
   expect_rgba(84, 14, and_want, "AND");

   /* ---- per-draw-buffer colour masks and blend enables ---- */
   GLuint rb[2], fbo;
   GL(glGenRenderbuffers(2, rb));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   for (int i = 0; i < 2; i++) {
      GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[i]));
      GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8));
      GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]));
   }
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   GL(glDrawBuffers(2, bufs));
   GL(glViewport(0, 0, 8, 8));
   const GLfloat bg[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   GL(glClearBufferfv(GL_COLOR, 0, bg));
   GL(glClearBufferfv(GL_COLOR, 1, bg));
   GL(glColorMaski(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE));
   GL(glBlendFunc(GL_ONE, GL_ONE));
   GL(glEnablei(GL_BLEND, 0));
   SCENE_CHECK(glIsEnabledi(GL_BLEND, 0) && !glIsEnabledi(GL_BLEND, 1), "IsEnabledi(BLEND)");
   SCENE_CHECK(glIsEnabled(GL_BLEND), "IsEnabled(BLEND) is draw buffer 0's");
   GLboolean wm[4];
   GL(glGetBooleani_v(GL_COLOR_WRITEMASK, 1, wm));
   SCENE_CHECK(wm[0] && !wm[1] && wm[2] && wm[3], "COLOR_WRITEMASK[1]");
   GL(glGetBooleanv(GL_COLOR_WRITEMASK, wm));
   SCENE_CHECK(wm[0] && wm[1] && wm[2] && wm[3], "COLOR_WRITEMASK (draw buffer 0)");
   /* vertex colour (64, 128, 192, 255) drawn twice: attachment 0 blends (adds), attachment 1
    * replaces with .bgra and keeps its green */
   const GLubyte c[4] = {64, 128, 192, 255};
   for (int k = 0; k < 2; k++)
      quad(-64, -64, 256, 256, 0, c); /* covers the 8x8 viewport: a_pos / 64 - 1 */
   GL(glDisablei(GL_BLEND, 0));
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   GL(glReadBuffer(GL_COLOR_ATTACHMENT0));
   const GLubyte want0[4] = {128, 255, 255, 255};
   expect_rgba(4, 4, want0, "attachment 0 (blend)");
   GL(glReadBuffer(GL_COLOR_ATTACHMENT1));
   const GLubyte want1[4] = {192, 0, 64, 255};
   expect_rgba(4, 4, want1, "attachment 1 (mask)");
   /* glBindFragDataLocation: outputs without layout qualifiers routed by the bindings */
   static const char *fs_bound = "#version 330 core\n"
                                 "flat in vec4 v_color;\n"
                                 "out vec4 first;\n"
                                 "out vec4 second;\n"
                                 "void main() { first = v_color; second = vec4(1.0) - v_color; }\n";
   GLuint vs2 = scene_compile(GL_VERTEX_SHADER, vs_src), fs2 = scene_compile(GL_FRAGMENT_SHADER, fs_bound);
   GLuint p2 = glCreateProgram();
   GL(glAttachShader(p2, vs2));
   GL(glAttachShader(p2, fs2));
   GL(glBindFragDataLocation(p2, 1, "first"));
   GL(glBindFragDataLocation(p2, 0, "second"));
   GL_EXPECT(GL_INVALID_OPERATION, glBindFragDataLocation(p2, 0, "gl_FragColor"));
   GL(glLinkProgram(p2));
   GLint linked = 0;
   GL(glGetProgramiv(p2, GL_LINK_STATUS, &linked));
   SCENE_CHECK(linked, "program with frag data bindings did not link");
   SCENE_CHECK(glGetFragDataLocation(p2, "first") == 1 && glGetFragDataLocation(p2, "second") == 0,
               "frag data locations %d %d", glGetFragDataLocation(p2, "first"), glGetFragDataLocation(p2, "second"));
   SCENE_CHECK(glGetFragDataIndex(p2, "first") == 0 && glGetFragDataIndex(p2, "nothing") == -1, "frag data index");
   GL(glUseProgram(p2));
   quad(-64, -64, 256, 256, 0, c);
   GL(glUseProgram(prog));
   GL(glReadBuffer(GL_COLOR_ATTACHMENT0));
   const GLubyte want_second[4] = {191, 127, 63, 0};
   expect_rgba(4, 4, want_second, "attachment 0 <- second");
   GL(glReadBuffer(GL_COLOR_ATTACHMENT1));
   expect_rgba(4, 4, c, "attachment 1 <- first");
   GL(glDeleteShader(vs2));
   GL(glDeleteShader(fs2));
   GLint max_db = 0;
   GL(glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db));
   GL_EXPECT(GL_INVALID_VALUE, glColorMaski((GLuint)max_db, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   GL_EXPECT(GL_INVALID_VALUE, glEnablei(GL_BLEND, (GLuint)max_db));
   GL_EXPECT(GL_INVALID_ENUM, glEnablei(GL_DEPTH_TEST, 0));
   GL_EXPECT(GL_INVALID_VALUE, glGetBooleani_v(GL_COLOR_WRITEMASK, (GLuint)max_db, wm));
   GLint smask = 0;
   GL(glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &smask));
   SCENE_CHECK(smask == -1, "SAMPLE_MASK_VALUE 0x%x", smask);
   GL(glSampleMaski(0, 0x5));
   GL(glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &smask));
   SCENE_CHECK(smask == 5, "SAMPLE_MASK_VALUE 0x%x", smask);
   GL_EXPECT(GL_INVALID_VALUE, glSampleMaski(1, 0));
   /* glClampColor(CLAMP_READ_COLOR): a float buffer read as floats, unclamped by default
    * (FIXED_ONLY), clamped with TRUE */
   GLuint frb, ffbo;
   GL(glGenRenderbuffers(1, &frb));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, frb));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, 2, 2));
   GL(glGenFramebuffers(1, &ffbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, ffbo));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, frb));
   const GLfloat big[4] = {2.0f, -1.0f, 0.5f, 3.0f};
   GL(glClearBufferfv(GL_COLOR, 0, big));
   GLfloat fpx[4];
   GLint crc = 0;
   GL(glGetIntegerv(GL_CLAMP_READ_COLOR, &crc));
   SCENE_CHECK(crc == GL_FIXED_ONLY, "CLAMP_READ_COLOR 0x%x", crc);
   GL(glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, fpx));
   SCENE_CHECK(fpx[0] == 2.0f && fpx[1] == -1.0f && fpx[3] == 3.0f, "unclamped %g %g %g %g", (double)fpx[0],
               (double)fpx[1], (double)fpx[2], (double)fpx[3]);
   GL(glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE));
   GL(glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, fpx));
   SCENE_CHECK(fpx[0] == 1.0f && fpx[1] == 0.0f && fpx[2] == 0.5f && fpx[3] == 1.0f, "clamped %g %g %g %g",
               (double)fpx[0], (double)fpx[1], (double)fpx[2], (double)fpx[3]);
   GL(glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY));
   GL_EXPECT(GL_INVALID_ENUM, glClampColor(GL_CLAMP_READ_COLOR, GL_RGBA));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GLfloat pos[2];
   GL_EXPECT(GL_INVALID_VALUE, glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos)); /* SAMPLES is 0 */
   GL_EXPECT(GL_INVALID_ENUM, glGetMultisamplefv(GL_SAMPLES, 0, pos));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   return scene_finish(&s);
}
