/*
 * es3_stencil — OpenGL ES 3.0 with a depth24/stencil8 config. Builds a stencil image with
 * colour writes off (REPLACE, INCR, DECR, INVERT under a write mask, INCR_WRAP/DECR_WRAP,
 * depth-fail and depth-pass ops, separate front/back state on front- and back-facing quads),
 * then visualises it: one full-surface rectangle per stencil value with StencilFunc(EQUAL, v),
 * plus LESS/NOTEQUAL tests through a read mask.
 * Shapes are axis-aligned rectangles and one diamond whose edges run between integer pixel
 * positions with dx+dy odd, so no pixel centre lies on an edge: exact.
 * Covers Enable/Disable(STENCIL_TEST, DEPTH_TEST), ClearStencil, StencilFunc, StencilOp,
 * StencilMask, StencilFuncSeparate, StencilOpSeparate, StencilMaskSeparate, ColorMask,
 * DepthMask, and their queries.
 */
#include "scene_common.h"

static void
stencil_quad(struct scene_rects *r, float x0, float y0, float x1, float y1, float z)
{
   static const float black[4] = {0, 0, 0, 1};
   scene_rects_draw(r, x0, y0, x1, y1, z, black);
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128,
                                    .depth_bits = 24, .stencil_bits = 8};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   GLint bits = 0;
   GL(glGetIntegerv(GL_STENCIL_BITS, &bits));
   SCENE_CHECK(bits == 8, "STENCIL_BITS %d", bits);
   struct scene_rects rects;
   scene_rects_init(&rects, s.width, s.height);

   GL(glClearColor(0.0f, 0.0f, 0.0f, 1.0f));
   GL(glClearStencil(0));
   GL(glClearDepthf(1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
   GLint v = -1;
   GL(glGetIntegerv(GL_STENCIL_CLEAR_VALUE, &v));
   SCENE_CHECK(v == 0, "STENCIL_CLEAR_VALUE %d", v);

   /* ---- write the stencil image, colour off ---- */
   GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
   GL(glEnable(GL_STENCIL_TEST));
   GL_EXPECT(GL_INVALID_ENUM, glStencilFunc(0x7777, 0, 0xFF));
   GL_EXPECT(GL_INVALID_ENUM, glStencilOp(GL_KEEP, 0x7777, GL_KEEP));
   GL_EXPECT(GL_INVALID_ENUM, glStencilFuncSeparate(0x7777, GL_ALWAYS, 0, 0xFF));

   /* 1 in a cross of two rectangles. */
   GL(glStencilFunc(GL_ALWAYS, 1, 0xFF));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
   stencil_quad(&rects, 8, 48, 120, 80, 0.0f);
   stencil_quad(&rects, 48, 8, 80, 120, 0.0f);
   /* +1 in a square over the cross's centre and its left arm: 2 there, 1 elsewhere. */
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_INCR));
   stencil_quad(&rects, 20, 56, 72, 72, 0.0f);
   /* A diamond: 0 -> 255 with DECR_WRAP where it was 0, 1 -> 0, 2 -> 1. */
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_DECR_WRAP));
   const float diamond[8] = {96, 80, 119, 104, 73, 104, 96, 128};
   scene_rects_draw_strip(&rects, diamond, 0.0f, (const float[4]){0, 0, 0, 1});
   /* INVERT through write mask 0x0F in the lower-left corner: 0 -> 15. */
   GL(glStencilMask(0x0F));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_INVERT));
   stencil_quad(&rects, 0, 0, 30, 30, 0.0f);
   GL(glGetIntegerv(GL_STENCIL_WRITEMASK, &v));
   SCENE_CHECK(v == 0x0F, "STENCIL_WRITEMASK 0x%x", v);
   GL(glStencilMask(0xFF));

   /* Depth-fail vs depth-pass: a depth-only occluder at z=-0.5, then a quad at z=0 across it
    * with zfail=INCR (-> 1 behind the occluder), zpass=REPLACE with ref 3. */
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   GL(glStencilFunc(GL_ALWAYS, 0, 0xFF));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP));
   stencil_quad(&rects, 90, 10, 110, 40, -0.5f);
   GL(glStencilFunc(GL_ALWAYS, 3, 0xFF));
   GL(glStencilOp(GL_KEEP, GL_INCR, GL_REPLACE));
   GL(glDepthMask(GL_FALSE));
   stencil_quad(&rects, 84, 16, 124, 34, 0.0f);
   GLboolean dm = GL_TRUE;
   GL(glGetBooleanv(GL_DEPTH_WRITEMASK, &dm));
   SCENE_CHECK(dm == GL_FALSE, "DEPTH_WRITEMASK still true");
   GL(glDepthMask(GL_TRUE));
   GL(glDisable(GL_DEPTH_TEST));

   /* Separate state: front faces REPLACE with 6 (write mask 0xFF), back faces INCR_WRAP with
    * write mask 0x01 and test GEQUAL... drawn as one front-facing and one back-facing quad. */
   GL(glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 6, 0xFF));
   GL(glStencilFuncSeparate(GL_BACK, GL_EQUAL, 0, 0xFF));
   GL(glStencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_REPLACE));
   GL(glStencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_INCR_WRAP));
   GL(glStencilMaskSeparate(GL_FRONT, 0xFF));
   GL(glStencilMaskSeparate(GL_BACK, 0x07));
   stencil_quad(&rects, 4, 88, 36, 120, 0.0f);  /* front-facing: 6 */
   stencil_quad(&rects, 36, 84, 4, 96, 0.0f);   /* x swapped: back-facing, 0 -> 1, 6 kept */
   GL(glGetIntegerv(GL_STENCIL_BACK_FUNC, &v));
   SCENE_CHECK(v == GL_EQUAL, "STENCIL_BACK_FUNC 0x%x", v);
   GL(glGetIntegerv(GL_STENCIL_BACK_PASS_DEPTH_PASS, &v));
   SCENE_CHECK(v == GL_INCR_WRAP, "STENCIL_BACK_PASS_DEPTH_PASS 0x%x", v);
   GL(glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &v));
   SCENE_CHECK(v == 0x07, "STENCIL_BACK_WRITEMASK 0x%x", v);
   GL(glGetIntegerv(GL_STENCIL_FUNC, &v));
   SCENE_CHECK(v == GL_ALWAYS, "STENCIL_FUNC 0x%x", v);
   GL(glGetIntegerv(GL_STENCIL_REF, &v));
   SCENE_CHECK(v == 6, "STENCIL_REF %d", v);
   GL(glStencilMask(0xFF));
   GL(glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP));

   /* ---- visualise: one colour per stencil value ---- */
   GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
   static const struct {
      GLint ref;
      float rgba[4];
   } shades[] = {
      {1, {0.9f, 0.2f, 0.2f, 1.0f}},  {2, {0.2f, 0.9f, 0.2f, 1.0f}},
      {3, {0.2f, 0.3f, 0.95f, 1.0f}}, {4, {0.95f, 0.95f, 0.2f, 1.0f}},
      {6, {0.9f, 0.4f, 0.9f, 1.0f}},  {15, {0.3f, 0.9f, 0.9f, 1.0f}},
      {255, {1.0f, 1.0f, 1.0f, 1.0f}},
   };
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(shades); i++) {
      GL(glStencilFunc(GL_EQUAL, shades[i].ref, 0xFF));
      scene_rects_draw(&rects, 0, 0, 128, 128, 0.0f, shades[i].rgba);
   }
   /* Through read mask 0x0E: values whose bits 1..3 are zero (0, 1) get a dim grey band. */
   GL(glStencilFunc(GL_EQUAL, 0, 0x0E));
   scene_rects_draw(&rects, 0, 122, 128, 128, 0.0f, (const float[4]){0.4f, 0.4f, 0.4f, 1.0f});
   /* LESS: ref 2 < stencil -> values 3.. get an orange stripe on the right edge. */
   GL(glStencilFunc(GL_LESS, 2, 0xFF));
   scene_rects_draw(&rects, 122, 0, 128, 128, 0.0f, (const float[4]){1.0f, 0.5f, 0.0f, 1.0f});
   GL(glDisable(GL_STENCIL_TEST));
   SCENE_CHECK(!glIsEnabled(GL_STENCIL_TEST), "STENCIL_TEST still on");

   scene_swap(&s);
   scene_rects_fini(&rects);
   return scene_finish(&s);
}
