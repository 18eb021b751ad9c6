/*
 * es3_animated — OpenGL ES 3.0, 64 frames with eglSwapBuffers after each, on a 128x64 pbuffer.
 * Per frame: the top area is cleared (scissored) and three bars are drawn whose positions come
 * from vertex data streamed with BufferSubData (orphaned with BufferData(NULL) every 8th frame)
 * and whose colours come from uniforms; a 2-px column of a history strip at the bottom is drawn
 * and never cleared, so the final image holds one column per frame — a pbuffer keeps its
 * contents across eglSwapBuffers (EGL 1.5 section 3.10.1: "no effect" on pbuffers).
 * Mid-stream single-pixel glReadPixels calls check frames as they go.
 * Axis-aligned, integer-pixel geometry: exact.
 */
#include "scene_common.h"

#include <string.h>

enum { FRAMES = 64 };

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   struct scene_rects rects;
   scene_rects_init(&rects, s.width, s.height);

   /* Our own stream buffer for the bars: 3 rectangles as 6-vertex triangle lists. */
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, 3 * 12 * sizeof(GLfloat), NULL, GL_STREAM_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));

   GL(glClearColor(0.0f, 0.0f, 0.0f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   for (int f = 0; f < FRAMES; f++) {
      /* Live area: y 16..64. */
      GL(glEnable(GL_SCISSOR_TEST));
      GL(glScissor(0, 16, s.width, s.height - 16));
      GL(glClearColor(0.1f, 0.1f, 0.15f + 0.01f * (float)(f % 16), 1.0f));
      GL(glClear(GL_COLOR_BUFFER_BIT));
      GL(glDisable(GL_SCISSOR_TEST));

      GLfloat bars[3 * 12];
      for (int b = 0; b < 3; b++) {
         float x0 = (float)((f * (b + 1) * 3) % 112), y0 = (float)(20 + b * 14);
         float x1 = x0 + 16.0f, y1 = y0 + 10.0f;
         const GLfloat q[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
         memcpy(bars + b * 12, q, sizeof(q));
      }
      GL(glBindVertexArray(vao));
      GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
      if (f % 8 == 0)
         GL(glBufferData(GL_ARRAY_BUFFER, sizeof(bars), NULL, GL_STREAM_DRAW));
      GL(glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(bars), bars));
      GL(glUseProgram(rects.prog));
      GL(glUniform1f(rects.u_z, 0.0f));
      for (int b = 0; b < 3; b++) {
         const float c[4] = {(float)((f * 37 + b * 80) % 256) / 255.0f,
                             (float)((f * 11 + 128) % 256) / 255.0f, b == 1 ? 1.0f : 0.3f,
                             1.0f};
         GL(glUniform4fv(rects.u_color, 1, c));
         GL(glDrawArrays(GL_TRIANGLES, b * 6, 6));
      }

      /* History column: x = 2f, y 0..16, never cleared. */
      const float h[4] = {(float)(f * 4) / 255.0f, (float)(255 - f * 4) / 255.0f,
                          (float)((f % 4) * 64) / 255.0f, 1.0f};
      scene_rects_draw(&rects, (float)(f * 2), 0, (float)(f * 2 + 2), (float)(4 + f % 12), 0.0f,
                       h);

      if (f % 16 == 15) {
         /* The history column of frame f-8 (drawn 8 swaps ago) must still be there. */
         const int old = f - 8;
         uint8_t px[4] = {0};
         GL(glReadPixels(old * 2, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
         SCENE_CHECK(px[0] == (uint8_t)(old * 4) && px[1] == (uint8_t)(255 - old * 4),
                     "frame %d: history column %d reads %u,%u,%u", f, old, px[0], px[1], px[2]);
      }
      scene_swap(&s);
   }

   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   scene_rects_fini(&rects);
   return scene_finish(&s);
}
