/* Reads into a pixel pack buffer under run-ahead (DESIGN 2.4, 2.8; issue 11):
 *
 *   mt_pack async     frames of draws, each ending with a glReadPixels into a pack buffer and
 *                     no CPU read of it: the client never waits (ctest checks the stats line:
 *                     no wait of any class, every read sent as ReadPixelsToBuffer and landed).
 *                     Then one map of the last read: the pixels the frame drew.
 *   mt_pack writeback reads the server wrote, pulled back as write-back chunks (DESIGN 2.7):
 *                     a 5 MiB buffer (two bands of the largest write-back) holding two 1 MiB
 *                     pack reads with an application write over part of the first, read by
 *                     maps; then later writes and reads over the same bytes: every map sees
 *                     every record before it and nothing after (ctest checks the chunk and byte
 *                     counts of the stats line).
 *   mt_pack declined  (SPLITGL_TEST_SERVER_DIE_AT=ReadPixelsToBuffer): the server dies after
 *                     the read was sent and before it landed. Mapping the buffer then fails
 *                     with GL_CONTEXT_LOST and a KHR_debug message naming ReadbackDeclined;
 *                     the buffer's old bytes never come back as pixels.
 */
#include <stdint.h>
#include <stdlib.h>
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

#define WB_W 512
#define WB_H 512
#define WB_READ (WB_W * WB_H * 4)          /* 1 MiB a read */
#define WB_SIZE (5u << 20)                 /* two write-back bands: 4 MiB + 1 MiB */
#define WB_B_OFF ((4u << 20) - (512u << 10)) /* the second read crosses the bands' boundary */
#define WB_POKE_OFF 300000u                /* an application write inside the first read */
#define WB_POKE_LEN 70000u

/* The clear colour of frame(i, 0) as RGBA8 bytes. */
static void
clear_bytes(int i, uint8_t out[4])
{
   const uint8_t b[4] = {0, 64, 128, 191};
   out[0] = 0, out[1] = 64, out[2] = b[i % 4], out[3] = 255;
}

/* Checks bytes [from, to) of a mapping at offset `base` against a 4-byte pattern (or one byte
 * when pat[1] < 0). */
static int
expect_range(const uint8_t *p, size_t base, size_t from, size_t to, const int pat[4], const char *what)
{
   for (size_t o = from; o < to; o++) {
      int want = pat[1] < 0 ? pat[0] : pat[o % 4];
      MT_CHECK(p[o - base] == want, "%s: byte %zu is 0x%02x, want 0x%02x", what, o, p[o - base], want);
   }
   return 0;
}

static int
writeback(void)
{
   EGLContext ctx = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, WB_W, WB_H);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   GLint color_loc;
   glUseProgram(mt_color_program(&color_loc));
   GLuint pbo;
   glGenBuffers(1, &pbo);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   uint8_t *old = malloc(WB_SIZE), *poke = malloc(WB_POKE_LEN);
   MT_CHECK(old && poke, "malloc");
   memset(old, OLD_BYTE, WB_SIZE);
   glBufferData(GL_PIXEL_PACK_BUFFER, WB_SIZE, old, GL_STREAM_READ);
   /* read A at 0, an application write over part of it, read B across the band boundary */
   frame(color_loc, 1, 0);
   glReadPixels(0, 0, WB_W, WB_H, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
   memset(poke, 0x5A, WB_POKE_LEN);
   glBufferSubData(GL_PIXEL_PACK_BUFFER, WB_POKE_OFF, WB_POKE_LEN, poke);
   frame(color_loc, 2, 0);
   glReadPixels(0, 0, WB_W, WB_H, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)WB_B_OFF);
   MT_CHECK(glGetError() == GL_NO_ERROR, "reads into the pack buffer");
   const uint8_t *p = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, WB_SIZE, GL_MAP_READ_BIT);
   MT_CHECK(p, "map of the whole buffer: 0x%x", glGetError());
   uint8_t a[4], b[4];
   clear_bytes(1, a);
   clear_bytes(2, b);
   const int pa[4] = {a[0], a[1], a[2], a[3]}, pb[4] = {b[0], b[1], b[2], b[3]};
   const int p5a[4] = {0x5A, -1}, pold[4] = {OLD_BYTE, -1};
   if (expect_range(p, 0, 0, WB_POKE_OFF, pa, "read A") ||
       expect_range(p, 0, WB_POKE_OFF, WB_POKE_OFF + WB_POKE_LEN, p5a, "the write after read A") ||
       expect_range(p, 0, WB_POKE_OFF + WB_POKE_LEN, WB_READ, pa, "read A after the write") ||
       expect_range(p, 0, WB_READ, WB_B_OFF, pold, "between the reads") ||
       expect_range(p, 0, WB_B_OFF, WB_B_OFF + WB_READ, pb, "read B") ||
       expect_range(p, 0, WB_B_OFF + WB_READ, WB_SIZE, pold, "after read B"))
      return 1;
   MT_CHECK(glUnmapBuffer(GL_PIXEL_PACK_BUFFER), "unmap");
   /* a later write over bytes a read wrote: the next read sees the write, not the old chunks */
   memset(poke, 0x33, WB_POKE_LEN);
   glBufferSubData(GL_PIXEL_PACK_BUFFER, 0, 65536, poke);
   p = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 65536, GL_MAP_READ_BIT);
   MT_CHECK(p, "second map: 0x%x", glGetError());
   const int p33[4] = {0x33, -1};
   if (expect_range(p, 0, 0, 65536, p33, "the write after the first map"))
      return 1;
   MT_CHECK(glUnmapBuffer(GL_PIXEL_PACK_BUFFER), "unmap");
   /* ... and a later read over that write: the read wins */
   frame(color_loc, 3, 0);
   glReadPixels(0, 0, WB_W, WB_H, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
   p = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 65536, GL_MAP_READ_BIT);
   MT_CHECK(p, "third map: 0x%x", glGetError());
   uint8_t c[4];
   clear_bytes(3, c);
   const int pc[4] = {c[0], c[1], c[2], c[3]};
   if (expect_range(p, 0, 0, 65536, pc, "read C over the write"))
      return 1;
   MT_CHECK(glUnmapBuffer(GL_PIXEL_PACK_BUFFER), "unmap");
   MT_CHECK(glGetError() == GL_NO_ERROR, "errors");
   free(old);
   free(poke);
   printf("mt_pack writeback: %u + 64 + 64 KiB read back; every map saw the records before it\n", WB_SIZE >> 10);
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
   else if (!strcmp(mode, "writeback"))
      r = writeback();
   else if (!strcmp(mode, "declined"))
      r = declined();
   else
      MT_CHECK(0, "usage: mt_pack async|async-check|writeback|declined");
   MT_CHECK(eglTerminate(disp.dpy), "eglTerminate");
   return r;
}
