/*
 * es3_blend — OpenGL ES 3.0: a 4x4 grid of 32x32 cells. Each cell's background is a scissored
 * clear; an opaque rectangle covers its left two thirds, then a translucent one covers its
 * right two thirds with one blend setup, so the middle third shows the blend result.
 * Axis-aligned rectangles on integer pixel edges: coverage is exact; tolerance 1 covers the
 * rounding of the blend arithmetic.
 * Covers Enable/Disable(BLEND, SCISSOR_TEST), BlendFunc, BlendFuncSeparate, BlendEquation,
 * BlendEquationSeparate (ADD, SUBTRACT, REVERSE_SUBTRACT, MIN, MAX), BlendColor, ColorMask on
 * draws and on clears, Scissor + scissored Clear, and their state queries.
 */
#include "scene_common.h"

struct cell {
   GLenum eq_rgb, eq_a;
   GLenum src_rgb, dst_rgb, src_a, dst_a;
   GLboolean mask[4];
};

#define ALL_ON {GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE}

static const struct cell cells[16] = {
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA,
    GL_ONE_MINUS_SRC_ALPHA, ALL_ON},
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_ONE, GL_ONE, GL_ONE, GL_ONE, ALL_ON},
   {GL_FUNC_SUBTRACT, GL_FUNC_SUBTRACT, GL_ONE, GL_ONE, GL_ONE, GL_ONE, ALL_ON},
   {GL_FUNC_REVERSE_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_ONE, GL_ONE, GL_ONE, GL_ONE, ALL_ON},
   {GL_MIN, GL_MIN, GL_ONE, GL_ONE, GL_ONE, GL_ONE, ALL_ON},
   {GL_MAX, GL_MAX, GL_ZERO, GL_ZERO, GL_ZERO, GL_ZERO, ALL_ON}, /* factors ignored by MAX */
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_ONE, GL_ZERO, ALL_ON},
   {GL_FUNC_ADD, GL_FUNC_REVERSE_SUBTRACT, GL_ONE, GL_ONE, GL_ONE, GL_ONE, ALL_ON},
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_COLOR, GL_ONE, GL_ZERO,
    ALL_ON},
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA, GL_ZERO, GL_ONE,
    ALL_ON},
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_DST_COLOR, GL_ZERO, GL_DST_ALPHA, GL_ZERO, ALL_ON},
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_ONE_MINUS_DST_COLOR, GL_ONE, GL_ONE, GL_ONE_MINUS_SRC_ALPHA,
    ALL_ON},
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_ALPHA_SATURATE, GL_ONE, GL_ONE, GL_ZERO, ALL_ON},
   {GL_FUNC_SUBTRACT, GL_MAX, GL_ONE, GL_SRC_ALPHA, GL_ONE, GL_ONE, {GL_TRUE, GL_FALSE, GL_TRUE,
                                                                    GL_TRUE}},
   {GL_FUNC_ADD, GL_FUNC_ADD, GL_ONE, GL_ZERO, GL_ONE, GL_ZERO, {GL_FALSE, GL_TRUE, GL_TRUE,
                                                                GL_FALSE}},
   {GL_MIN, GL_MAX, GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA, GL_ONE, GL_ONE, ALL_ON},
};

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   struct scene_rects rects;
   scene_rects_init(&rects, s.width, s.height);

   GL(glClearColor(0.0f, 0.0f, 0.0f, 0.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glBlendColor(0.25f, 0.5f, 0.75f, 0.375f));
   GLfloat bc[4];
   GL(glGetFloatv(GL_BLEND_COLOR, bc));
   SCENE_CHECK(bc[0] == 0.25f && bc[1] == 0.5f && bc[2] == 0.75f && bc[3] == 0.375f,
               "BLEND_COLOR %g %g %g %g", bc[0], bc[1], bc[2], bc[3]);
   GL_EXPECT(GL_INVALID_ENUM, glBlendEquation(0x7777));
   GL_EXPECT(GL_INVALID_ENUM, glBlendFunc(GL_ONE, 0x7777));
   GL_EXPECT(GL_INVALID_VALUE, glScissor(0, 0, -4, 4));

   for (int i = 0; i < 16; i++) {
      const struct cell *c = &cells[i];
      const int x0 = (i % 4) * 32, y0 = (i / 4) * 32;
      /* Background: a scissored clear of the cell, with a per-cell colour and alpha. */
      GL(glEnable(GL_SCISSOR_TEST));
      GL(glScissor(x0, y0, 32, 32));
      scene_expect_scissor(x0, y0, 32, 32);
      GL(glClearColor(0.1f + 0.05f * (float)(i % 4), 0.2f, 0.1f + 0.05f * (float)(i / 4),
                      0.5f + 0.03f * (float)i));
      GL(glClear(GL_COLOR_BUFFER_BIT));
      GL(glDisable(GL_SCISSOR_TEST));

      const float base[4] = {0.8f, 0.35f + 0.02f * (float)i, 0.2f, 0.6f};
      const float over[4] = {0.3f, 0.7f, 0.9f - 0.03f * (float)i, 0.45f};
      scene_rects_draw(&rects, (float)x0 + 2, (float)y0 + 4, (float)x0 + 22, (float)y0 + 28,
                       0.0f, base);

      GL(glEnable(GL_BLEND));
      if (c->eq_rgb == c->eq_a)
         GL(glBlendEquation(c->eq_rgb));
      else
         GL(glBlendEquationSeparate(c->eq_rgb, c->eq_a));
      if (c->src_rgb == c->src_a && c->dst_rgb == c->dst_a)
         GL(glBlendFunc(c->src_rgb, c->dst_rgb));
      else
         GL(glBlendFuncSeparate(c->src_rgb, c->dst_rgb, c->src_a, c->dst_a));
      GL(glColorMask(c->mask[0], c->mask[1], c->mask[2], c->mask[3]));
      if (i == 14) {
         /* The colour-masked clear: only green and blue of the middle band change. */
         GL(glDisable(GL_BLEND));
         GL(glEnable(GL_SCISSOR_TEST));
         GL(glScissor(x0 + 10, y0 + 2, 20, 28));
         GL(glClearColor(0.9f, 0.9f, 0.05f, 0.05f));
         GL(glClear(GL_COLOR_BUFFER_BIT));
         GL(glDisable(GL_SCISSOR_TEST));
      } else {
         scene_rects_draw(&rects, (float)x0 + 10, (float)y0 + 2, (float)x0 + 30,
                          (float)y0 + 20, 0.0f, over);
      }

      GLint v = 0;
      GL(glGetIntegerv(GL_BLEND_EQUATION_RGB, &v));
      SCENE_CHECK((GLenum)v == c->eq_rgb, "cell %d BLEND_EQUATION_RGB 0x%x", i, v);
      GL(glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &v));
      SCENE_CHECK((GLenum)v == c->eq_a, "cell %d BLEND_EQUATION_ALPHA 0x%x", i, v);
      GL(glGetIntegerv(GL_BLEND_SRC_RGB, &v));
      SCENE_CHECK((GLenum)v == c->src_rgb, "cell %d BLEND_SRC_RGB 0x%x", i, v);
      GL(glGetIntegerv(GL_BLEND_DST_ALPHA, &v));
      SCENE_CHECK((GLenum)v == c->dst_a, "cell %d BLEND_DST_ALPHA 0x%x", i, v);
      GLboolean m[4];
      GL(glGetBooleanv(GL_COLOR_WRITEMASK, m));
      SCENE_CHECK(m[0] == c->mask[0] && m[1] == c->mask[1] && m[2] == c->mask[2] &&
                     m[3] == c->mask[3],
                  "cell %d COLOR_WRITEMASK", i);
      GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
      GL(glDisable(GL_BLEND));
   }
   SCENE_CHECK(!glIsEnabled(GL_BLEND) && !glIsEnabled(GL_SCISSOR_TEST), "state left enabled");

   /* A masked, scissored clear at the end: alpha only, in the top 4 rows. */
   GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE));
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(0, 124, 128, 4));
   GL(glClearColor(0.0f, 0.0f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDisable(GL_SCISSOR_TEST));
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   scene_swap(&s);
   scene_rects_fini(&rects);
   return scene_finish(&s);
}
