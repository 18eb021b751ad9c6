/* Reads into a pixel pack buffer under run-ahead (DESIGN 2.4, 2.8; issue 11):
 *
 *   mt_pack async     frames of draws, each ending with a glReadPixels into a pack buffer and
 *                     no CPU read of it: the client never waits (ctest checks the stats line:
 *                     no wait of any class, every read sent as ReadPixelsToBuffer and landed).
 *                     Then one map of the last read: the pixels the frame drew.
 *   mt_pack declined  (SPLITGL_TEST_SERVER_DIE_AT=ReadPixelsToBuffer): the server dies after
 *                     the read was sent and before it landed. Mapping the buffer then fails
 *                     with GL_CONTEXT_LOST and a KHR_debug message naming ReadbackDeclined;
 *                     the buffer's old bytes never come back as pixels.
 */
#include <string.h>

#include "mt_common.h"

#define W 64
#define H 64
#define OLD_BYTE 0xAB

static struct mt_display disp;
static char declined_msg[512];

static void GL_APIENTRY
on_debug(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *msg,
         const void *user)
{
   if (strstr(msg, "ReadbackDeclined") && !declined_msg[0])
      snprintf(declined_msg, sizeof(declined_msg), "%s", msg);
}

/* A frame: a clear to a colour of frame i and `draws` small red quads. */
static void
frame(GLint color_loc, int i, int draws)
{
   glClearColor(0.0f, 0.25f, (float)(i % 4) / 4.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int d = 0; d < draws; d++) {
      glUniform4f(color_loc, 1.0f, (float)(d % 8) / 8.0f, 0.0f, 1.0f);
      float x = -1.0f + (float)(d % 16) / 8.0f;
      mt_quad(x, -0.1f, x + 0.1f, 0.1f);
   }
}

static GLuint
pack_buffer(void)
{
   GLuint pbo;
   glGenBuffers(1, &pbo);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   static uint8_t old[W * H * 4];
   memset(old, OLD_BYTE, sizeof(old));
   glBufferData(GL_PIXEL_PACK_BUFFER, sizeof(old), old, GL_STREAM_READ);
   MT_CHECK(glGetError() == GL_NO_ERROR, "pack buffer");
   return pbo;
}

static int
async(int frames, int draws)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, W, H);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   pack_buffer();
   for (int i = 0; i < frames; i++) {
      frame(color_loc, i, draws);
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
      MT_CHECK(eglSwapBuffers(disp.dpy, surf), "swap");
   }
   MT_CHECK(glGetError() == GL_NO_ERROR, "errors during the frames");
   /* The stats line is printed at eglTerminate, before the CPU read below would count. */
   printf("mt_pack async: %d frames of %d draws, a pack read each\n", frames, draws);
   return 0;
}

/* The last frame's pixels through a map: the clear colour left and right of the quads' row,
 * red on a quad. */
static int
async_check(void)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, W, H);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   pack_buffer();
   frame(color_loc, 3, 16);
   glPixelStorei(GL_PACK_ALIGNMENT, 8);
   glPixelStorei(GL_PACK_ROW_LENGTH, W + 3); /* rows W + 3 pixels apart: padding stays old */
   glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
   glReadPixels(0, 0, W - 4, H / 2, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
   MT_CHECK(glGetError() == GL_NO_ERROR, "glReadPixels into the pack buffer");
   frame(color_loc, 0, 0); /* later work does not reach the read's bytes */
   const uint8_t *p = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, W * H * 4, GL_MAP_READ_BIT);
   MT_CHECK(p, "map: 0x%x", glGetError());
   const size_t stride = (size_t)(W + 3) * 4 + 4; /* (W + 3) * 4 = 268, aligned to 8 */
   MT_CHECK(p[0] == OLD_BYTE && p[3] == OLD_BYTE, "skipped pixel written");
   const uint8_t *row0 = p + 4, *mid = p + 31 * stride + 4;
   MT_CHECK(row0[0] == 0 && row0[1] == 64 && row0[2] == 191 && row0[3] == 255, "clear colour %u %u %u %u", row0[0],
            row0[1], row0[2], row0[3]);
   /* y 31 crosses the quads (NDC -0.1..0.1 is rows 28..35); x 0 is in the first quad */
   MT_CHECK(mid[0] == 255 && mid[2] == 0, "quad colour %u %u %u", mid[0], mid[1], mid[2]);
   MT_CHECK(p[(W - 4 + 1) * 4] == OLD_BYTE, "padding after the row written");
   MT_CHECK(glUnmapBuffer(GL_PIXEL_PACK_BUFFER), "unmap");
   printf("mt_pack async-check: the pack buffer holds the frame's pixels\n");
   return 0;
}

static int
declined(void)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, true);
   EGLSurface surf = mt_pbuffer(&disp, W, H);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   PFNGLDEBUGMESSAGECALLBACKKHRPROC cb = (PFNGLDEBUGMESSAGECALLBACKKHRPROC)eglGetProcAddress("glDebugMessageCallbackKHR");
   MT_CHECK(cb, "glDebugMessageCallbackKHR");
   cb(on_debug, NULL);
   glEnable(GL_DEBUG_OUTPUT_KHR);
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   pack_buffer();
   frame(color_loc, 1, 8);
   double t0 = mt_now();
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
   const uint8_t *p = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, W * H * 4, GL_MAP_READ_BIT);
   GLenum err = glGetError();
   MT_CHECK(!p, "the map returned bytes (first %02x) after the server died", p ? p[0] : 0);
   MT_CHECK(err == GL_CONTEXT_LOST_KHR, "map after the death: error 0x%x, want GL_CONTEXT_LOST", err);
   MT_CHECK(declined_msg[0], "no KHR_debug message naming ReadbackDeclined");
   MT_CHECK(mt_now() - t0 < 10.0, "the failed read took %.1f s", mt_now() - t0);
   printf("mt_pack declined: %s\n", declined_msg);
   eglMakeCurrent(disp.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   return 0;
}

int
main(int argc, char **argv)
{
   const char *mode = argc > 1 ? argv[1] : "";
   mt_init(&disp);
   int r = 1;
   if (!strcmp(mode, "async"))
      r = async(mt_arg_int(argc, argv, "--frames", 5), mt_arg_int(argc, argv, "--draws", 200));
   else if (!strcmp(mode, "async-check"))
      r = async_check();
   else if (!strcmp(mode, "declined"))
      r = declined();
   else
      MT_CHECK(0, "usage: mt_pack async|async-check|declined");
   MT_CHECK(eglTerminate(disp.dpy), "eglTerminate");
   return r;
}
