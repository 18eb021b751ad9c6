/*
 * gl33_layered — layered rendering on OpenGL 3.3 core. From the OpenGL 3.3 core spec, section
 * 4.4.2.3: glFramebufferTexture of a 3D, cube map or array texture attaches every layer of the
 * level; section 4.4.7: "the layer ... is selected by the built-in output gl_Layer" of the
 * geometry shader, and "When the Clear or ClearBuffer* commands are used to clear a layered
 * framebuffer attachment, all layers of the attachment are cleared". A geometry shader emits
 * each input rectangle once per layer with gl_Layer = L, narrowed by 4 pixels per layer and
 * coloured by L. Top to bottom in the picture (each layer blitted out through
 * glFramebufferTextureLayer / glFramebufferTexture2D):
 *   (a) a 32x32x3 2D array with a layered 2D-array depth attachment: glClear of colour and
 *       depth, the layered rectangles at depth 0.5, then a white full quad at depth 0.8 behind
 *       them in every layer (depth tested per layer);
 *   (b) the four slices of a 32x32x4 3D texture: glClearBufferfv clears all of them, and so
 *       do a colour-masked and a scissored glClear after the rectangles;
 *   (c) the six faces of a 16x16 cube map.
 * Also FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS (a layered colour with a non-layered depth, two
 * layered colour attachments of different targets), FRAMEBUFFER_ATTACHMENT_LAYERED, a read of
 * a layered framebuffer (layer 0), and glFramebufferTexture's errors the two GL versions share. Rectangles lie on pixel
 * edges: exact.
 */
#include "scene_common.h"

#define W 128
#define H 80

static const char *vs =
   "#version 150 core\n"
   "in vec2 a_pos;\n"
   "uniform float u_z;\n"
   "void main() { gl_Position = vec4(a_pos, u_z, 1.0); }\n";

static const char *gs =
   "#version 150 core\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 18) out;\n"
   "uniform int u_layers;\n"
   "uniform float u_step;\n" /* NDC a layer narrows the rectangle by */
   "out vec4 g_color;\n"
   "void main() {\n"
   "   for (int L = 0; L < u_layers; L++) {\n"
   "      for (int i = 0; i < 3; i++) {\n"
   "         vec4 p = gl_in[i].gl_Position;\n"
   "         gl_Layer = L;\n"
   "         gl_Position = vec4(p.x < 0.0 ? p.x + u_step * float(L) : p.x, p.yzw);\n"
   "         g_color = vec4(float(L + 1) / 8.0, 1.0 - float(L) / 8.0, float(L & 1), 1.0);\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";

static const char *fs =
   "#version 150 core\n"
   "in vec4 g_color;\n"
   "uniform vec4 u_override;\n" /* a != 0: this colour instead */
   "out vec4 o;\n"
   "void main() { o = u_override.a != 0.0 ? u_override : g_color; }\n";

static GLuint prog;
static GLint loc_layers, loc_step, loc_z, loc_override;

/* The rectangle [x0, x1] x [y0, y1] (NDC) through the geometry shader into `layers` layers. */
static void
rect(float x0, float y0, float x1, float y1, int layers, float step, float z, const float *override)
{
   const float v[] = {x0, y0, x1, y0, x0, y1, x1, y0, x1, y1, x0, y1};
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW));
   GL(glUniform1i(loc_layers, layers));
   GL(glUniform1f(loc_step, step));
   GL(glUniform1f(loc_z, z));
   static const float none[4] = {0, 0, 0, 0};
   GL(glUniform4fv(loc_override, 1, override ? override : none));
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));
}

static GLuint
texture(GLenum target, GLenum ifmt, GLenum fmt, GLenum type, int w, int h, int d)
{
   GLuint t;
   GL(glGenTextures(1, &t));
   GL(glBindTexture(target, t));
   if (target == GL_TEXTURE_CUBE_MAP)
      for (int f = 0; f < 6; f++)
         GL(glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, (GLint)ifmt, w, h, 0, fmt, type, NULL));
   else
      GL(glTexImage3D(target, 0, (GLint)ifmt, w, h, d, 0, fmt, type, NULL));
   GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(target, GL_TEXTURE_MAX_LEVEL, 0));
   return t;
}

static void
expect_status(GLenum want, const char *what)
{
   GLenum st = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   SCENE_CHECK(st == want, "%s: status 0x%x, want 0x%x", what, st, want);
}

/* Blits a w x h image (a layer through read_fb's COLOR0, already attached) to (x, y) of the
 * default framebuffer. */
static void
blit_out(GLuint read_fb, int w, int h, int x, int y)
{
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fb));
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0));
   GL(glBlitFramebuffer(0, 0, w, h, x, y, x + w, y + h, GL_COLOR_BUFFER_BIT, GL_NEAREST));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = W, .height = H};
   scene_init(&s, &cfg, argc, argv);
   GL(glClearColor(0.05f, 0.05f, 0.05f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   prog = scene_program_gs(vs, gs, fs, (const char *const[]){"a_pos", NULL});
   GL(glUseProgram(prog));
   loc_layers = scene_uniform(prog, "u_layers");
   loc_step = scene_uniform(prog, "u_step");
   loc_z = scene_uniform(prog, "u_z");
   loc_override = scene_uniform(prog, "u_override");
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL));

   GLuint arr = texture(GL_TEXTURE_2D_ARRAY, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 32, 32, 3);
   GLuint arr_depth = texture(GL_TEXTURE_2D_ARRAY, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, 32, 32, 3);
   GLuint vol = texture(GL_TEXTURE_3D, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 32, 32, 4);
   GLuint cube = texture(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 16, 16, 1);
   GLuint rb_depth;
   GL(glGenRenderbuffers(1, &rb_depth));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb_depth));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 32, 32));

   GLuint fbo[3], read_fb;
   GL(glGenFramebuffers(3, fbo));
   GL(glGenFramebuffers(1, &read_fb));

   /* errors (OpenGL 3.3 core section 4.4.2.3; an unknown texture name is INVALID_OPERATION in
    * GL 3.3 and INVALID_VALUE in the GL 4.5 of the oracle: tests/front covers it) */
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]));
   GL_EXPECT(GL_INVALID_VALUE, glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, -1));
   GL_EXPECT(GL_INVALID_ENUM, glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_TEXTURE_2D, arr, 0));
   GL_EXPECT(GL_INVALID_ENUM, glFramebufferTexture(GL_TEXTURE_2D, GL_COLOR_ATTACHMENT0, arr, 0));

   /* completeness: a layered colour with a non-layered depth; two colour targets */
   GL(glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0));
   GL(glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb_depth));
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, "layered colour, renderbuffer depth");
   GL(glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0));
   GL(glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, vol, 0));
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, "2D array and 3D colour attachments");
   GL(glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 0, 0));

   /* (a) the array with its layered depth */
   GL(glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, arr_depth, 0));
   expect_status(GL_FRAMEBUFFER_COMPLETE, "layered array + depth");
   GLint layered = -1, layer = -1;
   GL(glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                            GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &layered));
   GL(glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                            GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &layer));
   SCENE_CHECK(layered == GL_TRUE && layer == 0, "LAYERED %d, TEXTURE_LAYER %d", layered, layer);
   GL(glViewport(0, 0, 32, 32));
   GL(glClearColor(0.2f, 0.3f, 0.4f, 1.0f));
   GL(glClearDepth(1.0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT)); /* every layer */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   rect(-0.75f, -0.75f, 0.75f, 0.5f, 3, 0.25f, 0.0f, NULL);
   static const float white[4] = {1, 1, 1, 1};
   rect(-1.0f, -1.0f, 1.0f, 1.0f, 3, 0.0f, 0.6f, white); /* behind the rectangles, in front of the clear */
   GL(glDisable(GL_DEPTH_TEST));
   /* a read of a layered framebuffer reads layer 0 (here a rectangle pixel) */
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]));
   GLubyte px[4], px0[4];
   GL(glReadPixels(6, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fb));
   GL(glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 0));
   GL(glReadPixels(6, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px0));
   SCENE_CHECK(px[0] == px0[0] && px[1] == px0[1] && px[2] == px0[2] && px[3] == px0[3],
               "layered read %u,%u,%u,%u vs layer 0 %u,%u,%u,%u", px[0], px[1], px[2], px[3], px0[0], px0[1], px0[2],
               px0[3]);
   for (int l = 0; l < 3; l++) {
      GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fb));
      GL(glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, l));
      blit_out(read_fb, 32, 32, 32 * l, H - 32);
   }

   /* (b) the 3D texture's slices, cleared by ClearBuffer */
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]));
   GL(glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, vol, 0));
   expect_status(GL_FRAMEBUFFER_COMPLETE, "layered 3D");
   static const float blue[4] = {0.0f, 0.0f, 0.6f, 1.0f};
   GL(glClearBufferfv(GL_COLOR, 0, blue));
   rect(-0.5f, -0.875f, 0.875f, 0.875f, 4, 0.25f, 0.0f, NULL);
   /* clears of a layered framebuffer reach every layer: a masked one (green only) over the
    * top rows, a scissored one down the right columns */
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(0, 26, 32, 6));
   GL(glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE));
   GL(glClearColor(0.0f, 1.0f, 0.0f, 0.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   GL(glScissor(28, 0, 4, 32));
   GL(glClearColor(1.0f, 1.0f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDisable(GL_SCISSOR_TEST));
   for (int l = 0; l < 4; l++) {
      GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fb));
      GL(glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, vol, 0, l));
      blit_out(read_fb, 32, 32, 32 * l, H - 64);
   }

   /* (c) the cube map's faces */
   GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]));
   GL(glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0));
   expect_status(GL_FRAMEBUFFER_COMPLETE, "layered cube map");
   GLint face = -1;
   GL(glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                            GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &layered));
   SCENE_CHECK(layered == GL_TRUE, "cube LAYERED %d", layered);
   GL(glViewport(0, 0, 16, 16));
   GL(glClearColor(0.5f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   rect(-1.0f, -0.5f, 0.75f, 0.5f, 6, 0.25f, 0.0f, NULL);
   for (int f = 0; f < 6; f++) {
      GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fb));
      GL(glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, cube,
                                0));
      GL(glGetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &layered));
      GL(glGetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &face));
      SCENE_CHECK(layered == GL_FALSE && face == (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f), "face %d: %d 0x%x", f,
                  layered, face);
      blit_out(read_fb, 16, 16, 16 * f, 0);
   }
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, W, H));
   return scene_finish(&s);
}
