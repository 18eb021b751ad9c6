/* splitgl-bench-gl: the measuring programs behind bench/run (issue 13).
 *
 * One item per process, through libglvnd only: the vendor JSON in __EGL_VENDOR_LIBRARY_FILENAMES
 * decides who renders (bench/run sets it, and SPLITGL_TRANSPORT for splitgl). Each item prints
 * one line of `key=value` figures on stdout and exits 0; any GL error or failed check exits 1
 * with the reason on stderr, so a driver that declines work never reports a figure.
 *
 *   splitgl-bench-gl draws     [--draws N] [--frames F]    a: N small draws per frame, a
 *                                                         glUniform4f between draws (64x64)
 *   splitgl-bench-gl switches  [--draws N] [--frames F]    b: the same, switching program,
 *                                                         texture and vertex buffer every draw
 *   splitgl-bench-gl upload    [--sizes K,K..] [--total MIB]  c: BufferSubData / TexSubImage2D
 *                                                         MB/s per size (KiB), memcpy beside
 *   splitgl-bench-gl roundtrip [--iters N]                 d: µs per glGetError, glFinish,
 *                                                         ReadPixels 1x1, fence wait (medians)
 *   splitgl-bench-gl fill      [--frames F] [--layers L]   e: L full-screen blended quads per
 *                                                         frame at 512x512, frames/s
 *   splitgl-bench-gl memory    [--cycles N] [--kind K]     f: RSS (client, and a child
 *                                                         splitgl-server) after a scene and
 *                                                         after N texture/buffer cycles (K:
 *                                                         both, texture or buffer)
 *
 * Times are CLOCK_MONOTONIC up to a glFinish; the application thread's CPU time is
 * CLOCK_THREAD_CPUTIME_ID over the same span. These are figures, not tests.
 */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <dirent.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "scene_common.h"

static EGLDisplay g_dpy;
static EGLSurface g_surf;
static EGLContext g_ctx;

static double
mono_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
thread_cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Surfaceless EGL, an RGBA8 pbuffer of w x h and an OpenGL ES 3.0 context, made current. */
static void
bench_egl_init(int w, int h)
{
   g_dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLint major, minor, n = 0;
   EGLConfig cfg;
   const EGLint ca[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE};
   const EGLint sa[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
   const EGLint xa[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   EGL_CHECK(g_dpy != EGL_NO_DISPLAY);
   EGL_CHECK(eglInitialize(g_dpy, &major, &minor));
   EGL_CHECK(eglBindAPI(EGL_OPENGL_ES_API));
   EGL_CHECK(eglChooseConfig(g_dpy, ca, &cfg, 1, &n) && n == 1);
   g_surf = eglCreatePbufferSurface(g_dpy, cfg, sa);
   EGL_CHECK(g_surf != EGL_NO_SURFACE);
   g_ctx = eglCreateContext(g_dpy, cfg, EGL_NO_CONTEXT, xa);
   EGL_CHECK(g_ctx != EGL_NO_CONTEXT);
   EGL_CHECK(eglMakeCurrent(g_dpy, g_surf, g_surf, g_ctx));
   GL(glViewport(0, 0, w, h));
   const char *r = (const char *)glGetString(GL_RENDERER);
   printf("# renderer=%s\n", r ? r : "?"); /* bench/run names the drivers with it */
}

static void
bench_egl_fini(void)
{
   eglMakeCurrent(g_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(g_dpy, g_ctx);
   eglDestroySurface(g_dpy, g_surf);
   eglTerminate(g_dpy);
   eglReleaseThread();
}

/* The end of every timed run: no error may have happened during it. */
static void
expect_no_error(const char *what)
{
   GLenum e = glGetError();
   SCENE_CHECK(e == GL_NO_ERROR, "%s: GL error 0x%04x", what, e);
}

/* One pixel of the default framebuffer is not the clear colour: the draws really drew. */
static void
expect_drawn(int x, int y)
{
   uint8_t px[4] = {0};
   GL(glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] || px[1] || px[2], "pixel (%d,%d) still black after the draws", x, y);
}

static const char *const vs_offset =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_v;\n"
   "out vec2 v_uv;\n"
   "void main() { v_uv = a_pos; gl_Position = vec4(a_pos * 0.25 + u_v.xy, 0.0, 1.0); }\n";

static const char *const fs_color =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform vec4 u_v;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = vec4(u_v.z, u_v.w, 0.5, 1.0); }\n";

static const char *const fs_tex_mul =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform vec4 u_v;\n"
   "uniform sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = texture(u_tex, v_uv) * vec4(u_v.z, u_v.w, 1.0, 1.0); }\n";

static const char *const fs_tex_add =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform vec4 u_v;\n"
   "uniform sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = texture(u_tex, v_uv) + vec4(u_v.z, u_v.w, 0.25, 0.0); }\n";

/* A VAO with attribute 0 = one small triangle (scaled by the shader) in its own buffer. */
static GLuint
triangle_vao(float skew)
{
   const float v[6] = {0.0f, 0.0f, 1.0f, skew, skew, 1.0f};
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glEnableVertexAttribArray(0));
   return vao;
}

static GLuint
pattern_texture(int size, uint32_t seed)
{
   uint8_t *px = malloc((size_t)size * size * 4);
   SCENE_CHECK(px, "out of memory");
   scene_fill_pattern(px, (size_t)size * size * 4, seed);
   GLuint t;
   GL(glGenTextures(1, &t));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, px));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   free(px);
   return t;
}

/* ---- processes ------------------------------------------------------------------------------ */

/* VmRSS of a process in KiB (0 if unknown). */
static long
rss_kib(pid_t pid)
{
   char path[64], line[256];
   snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
   FILE *f = fopen(path, "r");
   long v = 0;
   if (!f)
      return 0;
   while (fgets(line, sizeof(line), f))
      if (!strncmp(line, "VmRSS:", 6))
         v = strtol(line + 6, NULL, 10);
   fclose(f);
   return v;
}

/* A child of this process named splitgl-server (the spawn transport's server), or 0. */
static pid_t
server_child(void)
{
   DIR *d = opendir("/proc");
   pid_t found = 0;
   if (!d)
      return 0;
   for (struct dirent *e; (e = readdir(d)) && !found;) {
      char path[300], buf[512];
      if (e->d_name[0] < '1' || e->d_name[0] > '9')
         continue;
      snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
      FILE *f = fopen(path, "r");
      if (!f)
         continue;
      size_t n = fread(buf, 1, sizeof(buf) - 1, f);
      fclose(f);
      buf[n] = 0;
      /* pid (comm) state ppid ...: comm may hold spaces, so parse from the last ')' */
      char *open = strchr(buf, '('), *close = strrchr(buf, ')');
      int ppid = 0;
      char state;
      if (!open || !close || sscanf(close + 1, " %c %d", &state, &ppid) != 2)
         continue;
      *close = 0;
      if (ppid == getpid() && !strcmp(open + 1, "splitgl-server"))
         found = (pid_t)atoi(e->d_name);
   }
   closedir(d);
   return found;
}

/* CPU seconds (user + system, every thread) of this process plus, under spawn, of its
 * splitgl-server: the whole cost of the work, which noise on a shared machine moves less than
 * the wall clock. */
static double
all_cpu_s(pid_t server)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   double t = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
   if (server) {
      char path[64], buf[1024];
      snprintf(path, sizeof(path), "/proc/%d/stat", (int)server);
      FILE *f = fopen(path, "r");
      if (f) {
         size_t n = fread(buf, 1, sizeof(buf) - 1, f);
         fclose(f);
         buf[n] = 0;
         const char *close = strrchr(buf, ')');
         unsigned long ut = 0, st = 0;
         /* after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt
          * cmajflt utime stime */
         if (close && sscanf(close + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) == 2)
            t += (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
      }
   }
   return t;
}

/* ---- a / b: draw-call overhead --------------------------------------------------------------- */

struct draw_setup {
   GLuint prog[2], tex[2], vao[2];
   GLint u_v[2];
   bool switches;
};

static void
draw_setup(struct draw_setup *s, bool switches)
{
   s->switches = switches;
   s->prog[0] = scene_program(vs_offset, switches ? fs_tex_mul : fs_color, NULL);
   s->prog[1] = switches ? scene_program(vs_offset, fs_tex_add, NULL) : s->prog[0];
   for (int i = 0; i < 2; i++) {
      s->u_v[i] = scene_uniform(s->prog[i], "u_v");
      s->vao[i] = triangle_vao(i ? 0.5f : 0.0f);
      s->tex[i] = switches ? pattern_texture(64, 7u + (uint32_t)i) : 0;
   }
   GL(glUseProgram(s->prog[0]));
   GL(glBindVertexArray(s->vao[0]));
   if (switches)
      GL(glBindTexture(GL_TEXTURE_2D, s->tex[0]));
}

static void
draw_frame(const struct draw_setup *s, int n)
{
   glClear(GL_COLOR_BUFFER_BIT);
   for (int i = 0; i < n; i++) {
      const int k = i & 1;
      if (s->switches) {
         glUseProgram(s->prog[k]);
         glBindTexture(GL_TEXTURE_2D, s->tex[k]);
         glBindVertexArray(s->vao[k]);
      }
      /* a different position and colour every draw, over the whole surface */
      float x = (float)(i % 61) / 30.5f - 1.0f, y = (float)((i / 61) % 61) / 30.5f - 1.0f;
      glUniform4f(s->u_v[k], x, y, (float)(i & 255) / 255.0f, 1.0f - (float)(i & 127) / 255.0f);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   }
}

static int
item_draws(bool switches, int draws, int frames)
{
   bench_egl_init(64, 64);
   struct draw_setup s;
   draw_setup(&s, switches);
   glClearColor(0, 0, 0, 1);
   draw_frame(&s, draws); /* warm-up: pipelines, descriptor pools, streaming memory */
   glFinish();
   expect_no_error("warm-up frame");
   const pid_t server = server_child();
   double t0 = mono_s(), c0 = thread_cpu_s(), a0 = all_cpu_s(server);
   for (int f = 0; f < frames; f++) {
      draw_frame(&s, draws);
      glFinish();
   }
   double wall = mono_s() - t0, cpu = thread_cpu_s() - c0, all = all_cpu_s(server) - a0;
   expect_no_error("timed frames");
   expect_drawn(32, 32);
   const double total = (double)draws * frames;
   printf("draws_per_s=%.1f cpu_us_per_draw=%.4f all_cpu_us_per_draw=%.4f wall_s=%.3f draws=%d frames=%d\n",
          total / wall, cpu * 1e6 / total, all * 1e6 / total, wall, draws, frames);
   bench_egl_fini();
   return 0;
}

/* ---- g: run-ahead (issue 11) ------------------------------------------------------------------
 * Frames of `draws` draws, each ending with a glReadPixels into a pixel pack buffer that the CPU
 * does not read, then eglSwapBuffers; one glFinish at the end. Under splitgl the client should
 * wait for nothing but present credit (SPLITGL_RUN_AHEAD=1), or for every record (=0); bench/run
 * --runahead reads the waits from SPLITGL_STATS's line. The last read is mapped and checked. */
static int
item_runahead(int draws, int frames)
{
   bench_egl_init(64, 64);
   struct draw_setup s;
   draw_setup(&s, false);
   glClearColor(0, 0, 0, 1);
   GLuint pbo;
   GL(glGenBuffers(1, &pbo));
   GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo));
   GL(glBufferData(GL_PIXEL_PACK_BUFFER, 64 * 64 * 4, NULL, GL_STREAM_READ));
   draw_frame(&s, draws); /* warm-up */
   glFinish();
   const pid_t server = server_child();
   double t0 = mono_s(), c0 = thread_cpu_s(), a0 = all_cpu_s(server);
   for (int f = 0; f < frames; f++) {
      draw_frame(&s, draws);
      glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      EGL_CHECK(eglSwapBuffers(g_dpy, g_surf));
   }
   glFinish();
   double wall = mono_s() - t0, cpu = thread_cpu_s() - c0, all = all_cpu_s(server) - a0;
   expect_no_error("timed frames");
   const uint8_t *px = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 64 * 64 * 4, GL_MAP_READ_BIT);
   SCENE_CHECK(px, "the pack buffer does not map: 0x%04x", glGetError());
   bool drawn = false;
   for (int i = 0; i < 64 * 64 && !drawn; i++)
      drawn = px[i * 4] || px[i * 4 + 1] || px[i * 4 + 2];
   SCENE_CHECK(drawn, "the pack buffer holds no drawn pixel");
   GL(glUnmapBuffer(GL_PIXEL_PACK_BUFFER));
   printf("frames_per_s=%.2f draws_per_s=%.1f cpu_us_per_frame=%.1f all_cpu_us_per_frame=%.1f wall_s=%.3f draws=%d "
          "frames=%d\n",
          frames / wall, (double)draws * frames / wall, cpu * 1e6 / frames, all * 1e6 / frames, wall, draws, frames);
   bench_egl_fini();
   return 0;
}

/* ---- c: uploads ---------------------------------------------------------------------------- */

/* memcpy bandwidth for `size` bytes: the median of 5 runs of reps/5 copies (at least one). */
static double
memcpy_mbps(void *dst, const void *src, size_t size, int reps)
{
   double mb[5];
   const int per = reps / 5 > 0 ? reps / 5 : 1;
   memcpy(dst, src, size); /* touch both */
   for (int k = 0; k < 5; k++) {
      double t0 = mono_s();
      for (int r = 0; r < per; r++) {
         memcpy(dst, src, size);
         __asm__ volatile("" : : "r"(dst) : "memory"); /* keep every copy */
      }
      mb[k] = (double)size * per / (mono_s() - t0) / 1e6;
   }
   for (int i = 1; i < 5; i++) /* insertion sort of five */
      for (int j = i; j > 0 && mb[j - 1] > mb[j]; j--) {
         double t = mb[j];
         mb[j] = mb[j - 1];
         mb[j - 1] = t;
      }
   return mb[2];
}

static int
item_upload(const char *sizes_kib, int total_mib)
{
   bench_egl_init(64, 64);
   char *list = strdup(sizes_kib);
   SCENE_CHECK(list, "out of memory");
   for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
      const size_t kib = strtoul(tok, NULL, 10);
      const size_t size = kib * 1024;
      /* square RGBA8 images of exactly `size` bytes: 64 KiB -> 128x128, 16 MiB -> 2048x2048 */
      int side = 1;
      while ((size_t)side * side * 4 < size)
         side *= 2;
      SCENE_CHECK(size >= 4096 && (size_t)side * side * 4 == size, "size %zu KiB is not 4 x a square power of two", kib);
      int reps = (int)(((size_t)total_mib << 20) / size);
      if (reps < 4)
         reps = 4;
      /* page-aligned: src and dst a few bytes apart modulo 4 KiB make glibc's rep-movsb copy
       * crawl (4K aliasing), which would understate memcpy for the small sizes */
      uint8_t *src = aligned_alloc(4096, size), *dst = aligned_alloc(4096, size);
      SCENE_CHECK(src && dst, "out of memory");
      scene_fill_pattern(src, size, (uint32_t)kib);
      /* memcpy before and after the uploads; the faster of the two (the first one in a
       * process can meet threads still busy with start-up on a small machine) */
      double mc = memcpy_mbps(dst, src, size, reps);

      GLuint buf, tex;
      GL(glGenBuffers(1, &buf));
      GL(glBindBuffer(GL_ARRAY_BUFFER, buf));
      GL(glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)size, NULL, GL_DYNAMIC_DRAW));
      glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)size, src);
      glFinish();
      double t0 = mono_s();
      for (int r = 0; r < reps; r++)
         glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)size, src);
      glFinish();
      const double bmb = (double)size * reps / (mono_s() - t0) / 1e6;
      expect_no_error("BufferSubData");
      /* the last upload arrived whole: read it back where the API lets us (ES 3.0: mapping) */
      const uint8_t *m = glMapBufferRange(GL_ARRAY_BUFFER, 0, (GLsizeiptr)size, GL_MAP_READ_BIT);
      SCENE_CHECK(m && !memcmp(m, src, size), "buffer contents differ after the uploads");
      GL(glUnmapBuffer(GL_ARRAY_BUFFER));
      GL(glDeleteBuffers(1, &buf));

      GL(glGenTextures(1, &tex));
      GL(glBindTexture(GL_TEXTURE_2D, tex));
      GL(glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, side, side));
      GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, side, side, GL_RGBA, GL_UNSIGNED_BYTE, src);
      glFinish();
      t0 = mono_s();
      for (int r = 0; r < reps; r++)
         glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, side, side, GL_RGBA, GL_UNSIGNED_BYTE, src);
      glFinish();
      const double tmb = (double)size * reps / (mono_s() - t0) / 1e6;
      expect_no_error("TexSubImage2D");
      GL(glDeleteTextures(1, &tex));
      const double mc2 = memcpy_mbps(dst, src, size, reps);
      if (mc2 > mc)
         mc = mc2;
      printf("size_kib=%zu reps=%d memcpy_mbps=%.1f buffer_mbps=%.1f texture_mbps=%.1f\n", kib, reps, mc, bmb, tmb);
      free(src);
      free(dst);
   }
   free(list);
   bench_egl_fini();
   return 0;
}

/* ---- d: round trips -------------------------------------------------------------------------- */

static int
cmp_double(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

static double
median_us(double *t, int n)
{
   qsort(t, (size_t)n, sizeof(*t), cmp_double);
   return t[n / 2] * 1e6;
}

static int
item_roundtrip(int iters)
{
   bench_egl_init(64, 64);
   double *t = calloc((size_t)iters, sizeof(*t));
   SCENE_CHECK(t, "out of memory");
   struct draw_setup s;
   draw_setup(&s, false);
   draw_frame(&s, 16);
   glFinish();
   expect_no_error("warm-up");

   for (int i = 0; i < iters; i++) {
      double t0 = mono_s();
      GLenum e = glGetError();
      t[i] = mono_s() - t0;
      SCENE_CHECK(e == GL_NO_ERROR, "glGetError = 0x%04x", e);
   }
   const double geterror = median_us(t, iters);

   for (int i = 0; i < iters; i++) {
      double t0 = mono_s();
      glFinish();
      t[i] = mono_s() - t0;
   }
   const double finish = median_us(t, iters);

   uint8_t px[4];
   for (int i = 0; i < iters; i++) {
      double t0 = mono_s();
      glReadPixels(i % 64, (i / 64) % 64, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      t[i] = mono_s() - t0;
   }
   const double readpixels = median_us(t, iters);
   expect_no_error("ReadPixels");

   for (int i = 0; i < iters; i++) {
      double t0 = mono_s();
      GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      GLenum r = glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 5000000000ull);
      glDeleteSync(sync);
      t[i] = mono_s() - t0;
      SCENE_CHECK(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED, "glClientWaitSync = 0x%04x", r);
   }
   const double fence = median_us(t, iters);
   expect_no_error("fences");
   printf("geterror_us=%.2f finish_us=%.2f readpixels_us=%.2f fence_us=%.2f iters=%d\n", geterror, finish,
          readpixels, fence, iters);
   free(t);
   bench_egl_fini();
   return 0;
}

/* ---- e: fill --------------------------------------------------------------------------------- */

static const char *const vs_full =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "out vec2 v_uv;\n"
   "void main() { v_uv = a_pos; gl_Position = vec4(a_pos * 2.0 - 1.0, 0.0, 1.0); }\n";

static const char *const fs_fill =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform vec4 u_color;\n"
   "uniform sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = u_color * texture(u_tex, v_uv * 4.0); }\n";

static int
item_fill(int frames, int layers)
{
   const int size = 512;
   bench_egl_init(size, size);
   GLuint prog = scene_program(vs_full, fs_fill, NULL);
   GLint u_color = scene_uniform(prog, "u_color");
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   pattern_texture(64, 3); /* bound on unit 0, which u_tex reads */
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT));
   GL(glUseProgram(prog));
   GL(glEnable(GL_BLEND));
   GL(glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA));
   glClearColor(0, 0, 0, 1);
   double t0 = 0;
   for (int f = -1; f < frames; f++) { /* frame -1: the warm-up, not timed */
      glClear(GL_COLOR_BUFFER_BIT);
      for (int l = 0; l < layers; l++) {
         glUniform4f(u_color, (float)(l % 3) / 2.0f, (float)(l % 5) / 4.0f, (float)(l % 7) / 6.0f, 0.25f);
         glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      }
      glFinish();
      if (f == -1) {
         expect_no_error("warm-up frame");
         t0 = mono_s();
      }
   }
   const double wall = mono_s() - t0;
   expect_no_error("timed frames");
   expect_drawn(size / 2, size / 2);
   printf("fps=%.2f frames=%d layers=%d size=%d\n", frames / wall, frames, layers, size);
   bench_egl_fini();
   return 0;
}

/* ---- f: memory ------------------------------------------------------------------------------- */

/* n times: a 64x64 texture created, drawn with (the bound program samples unit 0) and
 * deleted; a 16 KiB buffer created with data and deleted (either alone with tex / buf). */
static void
cycles(int n, bool tex, bool buf)
{
   static uint8_t px[64 * 64 * 4];
   static uint8_t bytes[16384];
   for (int i = 0; i < n; i++) {
      GLuint t, b;
      if (!tex)
         goto buffer;
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glDrawArrays(GL_TRIANGLES, 0, 3); /* the texture is used before it dies */
      glDeleteTextures(1, &t);
   buffer:
      if (!buf)
         continue;
      glGenBuffers(1, &b);
      glBindBuffer(GL_COPY_WRITE_BUFFER, b);
      glBufferData(GL_COPY_WRITE_BUFFER, sizeof(bytes), bytes, GL_STATIC_DRAW);
      glDeleteBuffers(1, &b);
   }
   glFinish();
   expect_no_error("create-delete cycles");
}

static int
item_memory(int ncycles, const char *kind)
{
   const bool tex = strcmp(kind, "buffer") != 0, buf = strcmp(kind, "texture") != 0;
   bench_egl_init(256, 256);
   /* the scene: frames of the switching draw workload and the blended fill */
   struct draw_setup s;
   draw_setup(&s, true);
   for (int f = 0; f < 30; f++) {
      draw_frame(&s, 500);
      eglSwapBuffers(g_dpy, g_surf);
   }
   glFinish();
   expect_no_error("scene");
   const pid_t server = server_child();
   const long c_scene = rss_kib(getpid()), s_scene = server ? rss_kib(server) : 0;
   GL(glUseProgram(s.prog[0]));
   GL(glBindVertexArray(s.vao[0]));
   cycles(ncycles, tex, buf);
   const long c_cyc = rss_kib(getpid()), s_cyc = server ? rss_kib(server) : 0;
   const size_t heap1 = mallinfo2().uordblks;
   cycles(ncycles, tex, buf);
   const long c_cyc2 = rss_kib(getpid()), s_cyc2 = server ? rss_kib(server) : 0;
   /* malloc's bytes in use in this process: growth here is memory still allocated (a leak,
    * or caches); RSS growth without it is the allocator keeping freed pages */
   const long heap_growth2 = (long)((int64_t)(mallinfo2().uordblks - heap1) / 1024);
   printf("client_scene_kib=%ld client_cycles_kib=%ld client_growth_kib=%ld client_growth2_kib=%ld "
          "server=%d server_scene_kib=%ld server_cycles_kib=%ld server_growth_kib=%ld server_growth2_kib=%ld "
          "client_heap_growth2_kib=%ld cycles=%d\n",
          c_scene, c_cyc, c_cyc - c_scene, c_cyc2 - c_cyc, server ? 1 : 0, s_scene, s_cyc, s_cyc - s_scene,
          s_cyc2 - s_cyc, heap_growth2, ncycles);
   bench_egl_fini();
   return 0;
}

/* ---- main ------------------------------------------------------------------------------------ */

static void
usage(void)
{
   fprintf(stderr, "usage: splitgl-bench-gl draws|switches [--draws N] [--frames F]\n"
                   "       splitgl-bench-gl upload [--sizes KiB,KiB,...] [--total MiB]\n"
                   "       splitgl-bench-gl roundtrip [--iters N]\n"
                   "       splitgl-bench-gl fill [--frames F] [--layers L]\n"
                   "       splitgl-bench-gl memory [--cycles N] [--kind both|texture|buffer]\n"
                   "       splitgl-bench-gl runahead [--draws N] [--frames F]\n");
   exit(2);
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      usage();
   const char *item = argv[1];
   int draws = 5000, frames = -1, iters = 2000, layers = 16, ncycles = 1000, total = 256;
   const char *sizes = "64,256,1024,4096,16384", *kind = "both";
   for (int i = 2; i < argc; i++) {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!v)
         usage();
      if (!strcmp(a, "--draws"))
         draws = atoi(v);
      else if (!strcmp(a, "--frames"))
         frames = atoi(v);
      else if (!strcmp(a, "--iters"))
         iters = atoi(v);
      else if (!strcmp(a, "--layers"))
         layers = atoi(v);
      else if (!strcmp(a, "--cycles"))
         ncycles = atoi(v);
      else if (!strcmp(a, "--total"))
         total = atoi(v);
      else if (!strcmp(a, "--sizes"))
         sizes = v;
      else if (!strcmp(a, "--kind") && (!strcmp(v, "both") || !strcmp(v, "texture") || !strcmp(v, "buffer")))
         kind = v;
      else
         usage();
      i++;
   }
   if (draws < 1 || iters < 1 || layers < 1 || ncycles < 1 || total < 1)
      usage();
   if (!strcmp(item, "draws") || !strcmp(item, "switches"))
      return item_draws(item[0] == 's', draws, frames > 0 ? frames : 10);
   if (!strcmp(item, "upload"))
      return item_upload(sizes, total);
   if (!strcmp(item, "roundtrip"))
      return item_roundtrip(iters);
   if (!strcmp(item, "fill"))
      return item_fill(frames > 0 ? frames : 60, layers);
   if (!strcmp(item, "memory"))
      return item_memory(ncycles, kind);
   if (!strcmp(item, "runahead"))
      return item_runahead(draws, frames > 0 ? frames : 30);
   usage();
}
