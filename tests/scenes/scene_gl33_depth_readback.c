/*
 * gl33_depth_readback — OpenGL 3.3 core: glReadPixels of depth and stencil (section 4.3.1).
 * Flat rectangles of known depth and stencil reference are drawn into framebuffer objects
 * with DEPTH_COMPONENT16, DEPTH24_STENCIL8, DEPTH_COMPONENT32F and DEPTH32F_STENCIL8
 * renderbuffers and into the default framebuffer (a D24S8 config); each is read back with
 * DEPTH_COMPONENT (FLOAT, UNSIGNED_INT, UNSIGNED_SHORT, UNSIGNED_BYTE, SHORT), STENCIL_INDEX
 * (UNSIGNED_BYTE, FLOAT), DEPTH_STENCIL (UNSIGNED_INT_24_8, FLOAT_32_UNSIGNED_INT_24_8_REV),
 * with PACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS / ALIGNMENT and into a PIXEL_PACK_BUFFER.
 * The values are checked here and drawn as colour bands (one row of cells per read), so the
 * image compares the read-backs with llvmpipe's. Errors: no stencil buffer, no depth buffer,
 * DEPTH_STENCIL with a plain type. Exact.
 */
#include "scene_common.h"

#include <math.h>
#include <string.h>

#define W 16
#define H 8

static struct scene_rects rects;

/* Depth 0.25 left, 0.75 in a middle block (stencil 3 there, 1 elsewhere where drawn). */
static void
draw_pattern(bool stencil)
{
   static const float grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_ALWAYS));
   GL(glClearDepth(1.0));
   GL(glClearStencil(0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | (stencil ? GL_STENCIL_BUFFER_BIT : 0)));
   if (stencil) {
      GL(glEnable(GL_STENCIL_TEST));
      GL(glStencilFunc(GL_ALWAYS, 1, 0xff));
      GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
   }
   scene_rects_draw(&rects, 0, 0, 10, H, -0.5f, grey); /* window depth 0.25 */
   if (stencil)
      GL(glStencilFunc(GL_ALWAYS, 3, 0xff));
   scene_rects_draw(&rects, 6, 2, 14, 6, 0.5f, grey); /* 0.75 */
   GL(glDisable(GL_STENCIL_TEST));
   GL(glDisable(GL_DEPTH_TEST));
}

/* One row of cells: 16 values in [0, 255] as grey levels. */
static uint8_t cells[12][W];
static int ncells;

static void
put_row(const double *v, double scale)
{
   SCENE_CHECK(ncells < 12, "too many rows");
   for (int i = 0; i < W; i++) {
      double x = v[i] * scale;
      cells[ncells][i] = (uint8_t)(x < 0 ? 0 : x > 255 ? 255 : x + 0.5);
   }
   ncells++;
}

static void
expect_depth(const double *v, double tol, const char *what)
{
   /* row 4 (the middle): x 0..5 at 0.25, 6..13 at 0.75, 14..15 cleared 1.0 */
   for (int i = 0; i < W; i++) {
      double want = i < 6 ? 0.25 : i < 14 ? 0.75 : 1.0;
      SCENE_CHECK(fabs(v[i] - want) <= tol, "%s: depth[%d] = %f, want %f", what, i, v[i], want);
   }
}

static void
expect_stencil(const double *v, const char *what)
{
   for (int i = 0; i < W; i++) {
      double want = i < 6 ? 1 : i < 14 ? 3 : 0;
      SCENE_CHECK(v[i] == want, "%s: stencil[%d] = %f, want %f", what, i, v[i], want);
   }
}

/* Reads every form of the bound read framebuffer's depth (and stencil) at row 4. */
static void
read_all(bool has_stencil, double depth_tol)
{
   double v[W], s[W];
   float f[W];
   GLuint ui[W];
   GLushort us[W];
   GLubyte ub[W];
   GLshort ss[W];
   GL(glReadPixels(0, 4, W, 1, GL_DEPTH_COMPONENT, GL_FLOAT, f));
   for (int i = 0; i < W; i++)
      v[i] = f[i];
   expect_depth(v, depth_tol, "FLOAT");
   put_row(v, 255.0);
   GL(glReadPixels(0, 4, W, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, ui));
   for (int i = 0; i < W; i++)
      v[i] = ui[i] / 4294967295.0;
   expect_depth(v, depth_tol, "UNSIGNED_INT");
   for (int i = 0; i < W; i++)
      v[i] = (double)(ui[i] >> 24); /* the top byte */
   put_row(v, 1.0);
   GL(glReadPixels(0, 4, W, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, us));
   for (int i = 0; i < W; i++)
      v[i] = us[i] / 65535.0;
   expect_depth(v, depth_tol > 2e-5 ? depth_tol : 2e-5, "UNSIGNED_SHORT");
   for (int i = 0; i < W; i++)
      v[i] = (double)(us[i] & 0xff); /* the low byte */
   put_row(v, 1.0);
   GL(glReadPixels(0, 4, W, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, ub));
   for (int i = 0; i < W; i++)
      v[i] = ub[i];
   put_row(v, 1.0);
   GL(glReadPixels(0, 4, W, 1, GL_DEPTH_COMPONENT, GL_SHORT, ss));
   for (int i = 0; i < W; i++)
      v[i] = ss[i] / 32767.0;
   expect_depth(v, 1e-3, "SHORT");
   put_row(v, 255.0);
   if (!has_stencil) {
      GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 4, W, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, ub));
      GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 4, W, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ui));
      return;
   }
   GL(glReadPixels(0, 4, W, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, ub));
   for (int i = 0; i < W; i++)
      s[i] = ub[i];
   expect_stencil(s, "STENCIL_INDEX");
   put_row(s, 60.0);
   GL(glReadPixels(0, 4, W, 1, GL_STENCIL_INDEX, GL_FLOAT, f));
   for (int i = 0; i < W; i++)
      s[i] = f[i];
   expect_stencil(s, "STENCIL_INDEX FLOAT");
   GL(glReadPixels(0, 4, W, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ui));
   for (int i = 0; i < W; i++) {
      v[i] = (ui[i] >> 8) / 16777215.0;
      s[i] = ui[i] & 0xff;
   }
   expect_depth(v, depth_tol, "24_8 depth");
   expect_stencil(s, "24_8 stencil");
   /* (a float depth's 24 bits may round either way: compared at 8 bits) */
   for (int i = 0; i < W; i++)
      v[i] = (ui[i] >> 8) / 16777215.0 * 0.75 + (ui[i] & 0xff) / 12.0;
   put_row(v, 255.0);
   GLuint fs[2 * W];
   GL(glReadPixels(0, 4, W, 1, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, fs));
   for (int i = 0; i < W; i++) {
      float d;
      memcpy(&d, &fs[2 * i], 4);
      v[i] = d;
      s[i] = fs[2 * i + 1] & 0xff;
   }
   expect_depth(v, depth_tol, "F32_24_8_REV depth");
   expect_stencil(s, "F32_24_8_REV stencil");
   /* DEPTH_STENCIL takes only the packed types */
   GL_EXPECT(GL_INVALID_ENUM, glReadPixels(0, 4, W, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_BYTE, ub));
}

/* Pack state and a pack buffer: a 5x3 block at (4, 2) with ROW_LENGTH 7, SKIP_PIXELS 1,
 * SKIP_ROWS 1, ALIGNMENT 8 of UNSIGNED_SHORT depth, into a pack buffer at offset 16. */
static void
read_packed(void)
{
   GLuint pbo;
   GL(glGenBuffers(1, &pbo));
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo));
   uint8_t init[256];
   memset(init, 0xab, sizeof(init));
   GL(glBufferData(GL_PIXEL_PACK_BUFFER, sizeof(init), init, GL_STREAM_READ));
   GL(glPixelStorei(GL_PACK_ROW_LENGTH, 7));
   GL(glPixelStorei(GL_PACK_SKIP_PIXELS, 1));
   GL(glPixelStorei(GL_PACK_SKIP_ROWS, 1));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 8));
   GL(glReadPixels(4, 2, 5, 3, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, (void *)16));
   /* an odd offset is not a multiple of the datum (2 bytes) */
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(4, 2, 5, 3, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, (void *)17));
   GL(glPixelStorei(GL_PACK_ROW_LENGTH, 0));
   GL(glPixelStorei(GL_PACK_SKIP_PIXELS, 0));
   GL(glPixelStorei(GL_PACK_SKIP_ROWS, 0));
   GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
   uint8_t out[256];
   GL(glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, sizeof(out), out));
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
   GL(glDeleteBuffers(1, &pbo));
   /* stride 16 bytes (7 * 2 = 14 aligned to 8); the pixel (i, j) at 16 + (1 + j) * 16 + (1 + i) * 2 */
   double v[W];
   for (int i = 0; i < W; i++)
      v[i] = out[16 + 16 + i * 4] ^ out[16 + 16 + i * 4 + 1]; /* bytes of row 1 and padding */
   for (int j = 0; j < 3; j++)
      for (int i = 0; i < 5; i++) {
         GLushort d;
         memcpy(&d, out + 16 + (1 + j) * 16 + (1 + i) * 2, 2);
         double want = (4 + i) < 6 ? 0.25 : 0.75;
         SCENE_CHECK(fabs(d / 65535.0 - want) < 1e-4, "pack buffer (%d,%d) = %u", i, j, d);
      }
   SCENE_CHECK(out[0] == 0xab && out[16] == 0xab && out[16 + 16] == 0xab, "pack buffer bytes outside the pixels");
   put_row(v, 1.0);
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 64, .height = 60, .depth_bits = 24,
                                    .stencil_bits = 8};
   scene_init(&s, &cfg, argc, argv);

   static const struct {
      GLenum fmt;
      bool stencil;
      double tol;
   } fmts[] = {
      {GL_DEPTH_COMPONENT16, false, 1e-4},
      {GL_DEPTH24_STENCIL8, true, 1e-6},
      {GL_DEPTH_COMPONENT32F, false, 1e-7},
      {GL_DEPTH32F_STENCIL8, true, 1e-7},
   };
   GLuint fbo, rb[2];
   GL(glGenFramebuffers(1, &fbo));
   GL(glGenRenderbuffers(2, rb));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[0]));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H));
   uint8_t image[5][12][W];
   int rows[5];
   for (size_t k = 0; k <= SCENE_ARRAY_SIZE(fmts); k++) {
      if (k < SCENE_ARRAY_SIZE(fmts)) {
         GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
         GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]));
         GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[1]));
         GL(glRenderbufferStorage(GL_RENDERBUFFER, fmts[k].fmt, W, H));
         GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]));
         GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                      fmts[k].stencil ? rb[1] : 0));
         SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO %zu incomplete", k);
      } else {
         GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
      }
      GL(glViewport(0, 0, W, H));
      if (k == 0)
         scene_rects_init(&rects, W, H);
      draw_pattern(k == SCENE_ARRAY_SIZE(fmts) || fmts[k].stencil);
      ncells = 0;
      read_all(k == SCENE_ARRAY_SIZE(fmts) || fmts[k].stencil, k < SCENE_ARRAY_SIZE(fmts) ? fmts[k].tol : 1e-6);
      if (k == 1)
         read_packed();
      memcpy(image[k], cells, sizeof(cells));
      rows[k] = ncells;
   }
   /* a framebuffer object without depth: DEPTH_COMPONENT is INVALID_OPERATION */
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0));
   float f[4];
   GL_EXPECT(GL_INVALID_OPERATION, glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, f));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));

   /* Draw the cells: format k in a band of 12 rows (each cell 4x1 pixels, 16 cells wide). */
   GL(glViewport(0, 0, s.width, s.height));
   GL(glClearColor(0.1f, 0.0f, 0.2f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   GL(glUseProgram(rects.prog));
   GL(glUniform2f(rects.u_half, (float)s.width / 2.0f, (float)s.height / 2.0f));
   for (int k = 0; k < 5; k++)
      for (int r = 0; r < rows[k]; r++)
         for (int i = 0; i < W; i++) {
            float c = image[k][r][i] / 255.0f;
            const float rgba[4] = {c, (float)(r + 1) / 12.0f, (float)k / 4.0f, 1.0f};
            scene_rects_draw(&rects, (float)(i * 4), (float)(k * 12 + r), (float)(i * 4 + 4), (float)(k * 12 + r + 1),
                             0.0f, rgba);
         }
   scene_swap(&s);
   scene_rects_fini(&rects);
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteRenderbuffers(2, rb));
   return scene_finish(&s);
}
