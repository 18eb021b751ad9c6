/*
 * es3_depth — OpenGL ES 3.0, depth24 config.
 * Lower half: eight 16-px columns, one per depth function (NEVER .. ALWAYS). Each column holds
 * four bands with known depths — the clear value 0.5 (ClearDepthf), 0.25 and 0.75 drawn with
 * ALWAYS, and 0.6 drawn with ALWAYS — then a bright quad at depth 0.6 is drawn over all four with
 * the column's function. The quad never compares equal to the clear value, only to a value
 * that went through the same draw path (EQUAL/LEQUAL/GEQUAL on band 4).
 * Upper half: CullFace BACK/FRONT/FRONT_AND_BACK with FrontFace CCW/CW on a counter-clockwise
 * and a clockwise quad per cell; a DepthMask(FALSE) pair next to a DepthMask(TRUE) pair.
 * Axis-aligned quads on integer pixels, constant depth per quad: exact.
 */
#include "scene_common.h"

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128,
                                    .depth_bits = 24};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   struct scene_rects rects;
   scene_rects_init(&rects, s.width, s.height);

   GL(glClearColor(0.1f, 0.1f, 0.12f, 1.0f));
   GL(glClearDepthf(0.5f));
   GLfloat cd = 0.0f;
   GL(glGetFloatv(GL_DEPTH_CLEAR_VALUE, &cd));
   SCENE_CHECK(cd == 0.5f, "DEPTH_CLEAR_VALUE %g", cd);
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
   GL(glEnable(GL_DEPTH_TEST));
   GL_EXPECT(GL_INVALID_ENUM, glDepthFunc(0x7777));

   static const GLenum funcs[8] = {GL_NEVER,   GL_LESS,     GL_EQUAL,  GL_LEQUAL,
                                   GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
   /* NDC z -> window depth with the default range: 0.5 z + 0.5. */
   static const float band_z[3] = {-0.5f, 0.5f, 0.2f}; /* 0.25, 0.75, 0.6 */
   const float band_rgb[3][4] = {{0.3f, 0.0f, 0.0f, 1}, {0.0f, 0.3f, 0.0f, 1},
                                 {0.0f, 0.0f, 0.35f, 1}};
   for (int i = 0; i < 8; i++) {
      const float x0 = (float)(i * 16 + 1), x1 = (float)(i * 16 + 15);
      GL(glDepthFunc(GL_ALWAYS));
      for (int b = 0; b < 3; b++)
         scene_rects_draw(&rects, x0, (float)(18 + b * 14), x1, (float)(30 + b * 14), band_z[b],
                          band_rgb[b]);
      GL(glDepthFunc(funcs[i]));
      GLint f = 0;
      GL(glGetIntegerv(GL_DEPTH_FUNC, &f));
      SCENE_CHECK((GLenum)f == funcs[i], "DEPTH_FUNC 0x%x", f);
      const float bright[4] = {0.5f + 0.06f * (float)i, 0.9f - 0.1f * (float)i, 0.3f, 1.0f};
      scene_rects_draw(&rects, x0 + 2, 2, x1 - 2, 60, 0.2f, bright);
   }

   /* Culling: four 32-px cells, each a CCW quad (left) and a CW quad (right). */
   static const struct {
      GLenum cull, front;
   } cull[4] = {{GL_BACK, GL_CCW}, {GL_FRONT, GL_CCW}, {GL_BACK, GL_CW}, {GL_FRONT_AND_BACK, GL_CCW}};
   GL(glDepthFunc(GL_ALWAYS));
   GL(glEnable(GL_CULL_FACE));
   GL_EXPECT(GL_INVALID_ENUM, glCullFace(0x7777));
   GL_EXPECT(GL_INVALID_ENUM, glFrontFace(0x7777));
   for (int i = 0; i < 4; i++) {
      const float x = (float)(i * 32);
      GL(glCullFace(cull[i].cull));
      GL(glFrontFace(cull[i].front));
      GLint v = 0;
      GL(glGetIntegerv(GL_FRONT_FACE, &v));
      SCENE_CHECK((GLenum)v == cull[i].front, "FRONT_FACE 0x%x", v);
      scene_rects_draw(&rects, x + 2, 66, x + 15, 94, 0.0f,
                       (const float[4]){0.95f, 0.6f, 0.1f, 1.0f});          /* CCW */
      scene_rects_draw(&rects, x + 30, 66, x + 17, 94, 0.0f,
                       (const float[4]){0.1f, 0.7f, 0.95f, 1.0f});          /* CW */
   }
   GL(glDisable(GL_CULL_FACE));
   GL(glFrontFace(GL_CCW));

   /* DepthMask: left pair with writes off (the far quad still lands on top), right pair with
    * writes on (the far quad is hidden where they overlap). Clear depth there is 0.5. */
   GL(glDepthFunc(GL_LESS));
   for (int pass = 0; pass < 2; pass++) {
      const float x = (float)(pass * 64);
      GL(glDepthMask(pass ? GL_TRUE : GL_FALSE));
      scene_rects_draw(&rects, x + 4, 98, x + 40, 124, -0.5f,
                       (const float[4]){0.9f, 0.2f, 0.3f, 1.0f});
      scene_rects_draw(&rects, x + 24, 104, x + 60, 118, -0.2f,
                       (const float[4]){0.3f, 0.9f, 0.4f, 1.0f});
   }
   GLboolean dm = GL_FALSE;
   GL(glGetBooleanv(GL_DEPTH_WRITEMASK, &dm));
   SCENE_CHECK(dm == GL_TRUE, "DEPTH_WRITEMASK false");
   GL(glDisable(GL_DEPTH_TEST));
   SCENE_CHECK(!glIsEnabled(GL_DEPTH_TEST), "DEPTH_TEST still on");

   scene_swap(&s);
   scene_rects_fini(&rects);
   return scene_finish(&s);
}
