/* A window-surface scene (EGL on X11, through libglvnd): run by run_app.py under Xvfb on
 * splitgl and on llvmpipe.
 *
 *   window_scene splitgl|llvmpipe
 *
 * Draws a known picture (four coloured quadrants, by scissored clears) into a window, reads it
 * back with glReadPixels before the swap and with XGetImage after it and compares them (the X
 * image is the GL image upside down); draws a shaded, blended triangle on a pbuffer and on the
 * window and checks the window shows the pbuffer's pixels; an sRGB window surface
 * (EGL_GL_COLORSPACE_SRGB) shows the encoded clear colour; resizes the window and checks that the surface follows
 * (EGL_WIDTH / EGL_HEIGHT, the picture at the new size); checks eglCreateWindowSurface's errors
 * (a config without EGL_WINDOW_BIT: EGL_BAD_MATCH; a bad window: EGL_BAD_NATIVE_WINDOW; a
 * second surface on a window: EGL_BAD_ALLOC; a pixmap: EGL_BAD_MATCH on splitgl, which has no
 * pixmap configs), eglSwapInterval 0/1, EGL_EXT_buffer_age and swap-with-damage's errors.
 * Where llvmpipe legitimately differs (pixmaps, buffer age values) the check is splitgl's only.
 * Exit 0: pass; 1: a check failed (each says which).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

static int failures;
static bool on_splitgl;

#define CHECK(cond, ...)                                                                     \
   do {                                                                                      \
      if (!(cond)) {                                                                         \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                \
         fprintf(stderr, __VA_ARGS__);                                                       \
         fprintf(stderr, "\n");                                                              \
         failures++;                                                                         \
      }                                                                                      \
   } while (0)

/* The picture: GL's bottom-left quadrant red, bottom-right green, top-left blue, top-right
 * white (a w x h surface). */
static const uint8_t quad_rgb[4][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}};

static int
quad_of(int x, int y_gl, int w, int h)
{
   return (x >= w / 2) + 2 * (y_gl >= h / 2);
}

static void
draw_picture(int w, int h)
{
   glViewport(0, 0, w, h);
   glEnable(GL_SCISSOR_TEST);
   for (int q = 0; q < 4; q++) {
      int x0 = (q & 1) ? w / 2 : 0, y0 = (q & 2) ? h / 2 : 0;
      int x1 = (q & 1) ? w : w / 2, y1 = (q & 2) ? h : h / 2;
      glScissor(x0, y0, x1 - x0, y1 - y0);
      glClearColor(quad_rgb[q][0] / 255.0f, quad_rgb[q][1] / 255.0f, quad_rgb[q][2] / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
   }
   glDisable(GL_SCISSOR_TEST);
}

/* glReadPixels of the whole w x h surface equals the picture. */
static bool
check_readback(int w, int h, uint8_t *px)
{
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(glGetError() == GL_NO_ERROR, "glReadPixels raised an error");
   for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
         const uint8_t *p = &px[4 * (y * w + x)];
         const uint8_t *want = quad_rgb[quad_of(x, y, w, h)];
         if (p[0] != want[0] || p[1] != want[1] || p[2] != want[2]) {
            CHECK(false, "glReadPixels (%d,%d) = %d,%d,%d, want %d,%d,%d", x, y, p[0], p[1], p[2], want[0], want[1],
                  want[2]);
            return false;
         }
      }
   return true;
}

/* The window's pixels (XGetImage) equal the read-back `gl` (rows bottom first) upside down.
 * The server presents asynchronously: polls until they match or 10 s passed. */
static bool
check_window(Display *dpy, Window win, int w, int h, const uint8_t *gl)
{
   char why[160] = "";
   for (int attempt = 0; attempt < 200; attempt++) {
      XImage *img = XGetImage(dpy, win, 0, 0, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
      if (!img) {
         snprintf(why, sizeof(why), "XGetImage failed");
      } else {
         why[0] = 0;
         for (int y = 0; y < h && !why[0]; y++)
            for (int x = 0; x < w && !why[0]; x++) {
               unsigned long v = XGetPixel(img, x, y);
               int r = (int)((v & img->red_mask) >> __builtin_ctzl(img->red_mask));
               int g = (int)((v & img->green_mask) >> __builtin_ctzl(img->green_mask));
               int b = (int)((v & img->blue_mask) >> __builtin_ctzl(img->blue_mask));
               const uint8_t *p = &gl[4 * ((h - 1 - y) * w + x)];
               if (r != p[0] || g != p[1] || b != p[2])
                  snprintf(why, sizeof(why), "window (%d,%d) = %d,%d,%d, glReadPixels gave %d,%d,%d", x, y, r, g, b,
                           p[0], p[1], p[2]);
            }
         XDestroyImage(img);
      }
      if (!why[0])
         return true;
      usleep(50000);
   }
   CHECK(false, "after eglSwapBuffers: %s", why);
   return false;
}

/* A drawn scene (a shaded triangle over a cleared background, blended): the same on any
 * surface of one size. */
static void
draw_scene(int w, int h)
{
   static GLuint prog;
   if (!prog) {
      const char *vs = "attribute vec2 pos; attribute vec3 col; varying vec3 v;\n"
                       "void main() { v = col; gl_Position = vec4(pos, 0.0, 1.0); }\n";
      const char *fs = "precision mediump float; varying vec3 v;\n"
                       "void main() { gl_FragColor = vec4(v, 0.75); }\n";
      GLuint sh[2] = {glCreateShader(GL_VERTEX_SHADER), glCreateShader(GL_FRAGMENT_SHADER)};
      glShaderSource(sh[0], 1, &vs, NULL);
      glShaderSource(sh[1], 1, &fs, NULL);
      prog = glCreateProgram();
      for (int i = 0; i < 2; i++) {
         glCompileShader(sh[i]);
         glAttachShader(prog, sh[i]);
      }
      glBindAttribLocation(prog, 0, "pos");
      glBindAttribLocation(prog, 1, "col");
      glLinkProgram(prog);
      GLint ok = 0;
      glGetProgramiv(prog, GL_LINK_STATUS, &ok);
      CHECK(ok, "the scene's program did not link");
   }
   static const float pos[] = {-0.9f, -0.8f, 0.85f, -0.6f, -0.2f, 0.9f};
   static const float col[] = {1, 0.2f, 0, 0, 0.9f, 0.3f, 0.1f, 0.2f, 1};
   glViewport(0, 0, w, h);
   glClearColor(0.1f, 0.3f, 0.5f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, col);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDisable(GL_BLEND);
   glUseProgram(0);
}

static EGLConfig
pick_config(EGLDisplay edpy, EGLint surface_bits, int red, bool want_window)
{
   EGLConfig cfgs[64];
   EGLint n = 0;
   eglGetConfigs(edpy, cfgs, 64, &n);
   for (EGLint i = 0; i < n; i++) {
      EGLint st = 0, r = 0, rt = 0, samples = 0;
      eglGetConfigAttrib(edpy, cfgs[i], EGL_SURFACE_TYPE, &st);
      eglGetConfigAttrib(edpy, cfgs[i], EGL_RED_SIZE, &r);
      eglGetConfigAttrib(edpy, cfgs[i], EGL_RENDERABLE_TYPE, &rt);
      eglGetConfigAttrib(edpy, cfgs[i], EGL_SAMPLES, &samples);
      if (r != red || !(rt & EGL_OPENGL_ES2_BIT) || samples)
         continue;
      if (want_window ? (st & surface_bits) == surface_bits : !(st & EGL_WINDOW_BIT))
         return cfgs[i];
   }
   return NULL;
}

static Window
make_window(Display *dpy, int w, int h)
{
   Window win = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, (unsigned)w, (unsigned)h, 0, 0, 0);
   XMapWindow(dpy, win);
   XSync(dpy, False);
   return win;
}

static void
check_errors(Display *dpy, EGLDisplay edpy, EGLConfig cfg)
{
   /* A config without EGL_WINDOW_BIT (splitgl's RGB565 ones on a depth-24 screen). */
   EGLConfig nowin = pick_config(edpy, 0, 5, false);
   if (!nowin)
      nowin = pick_config(edpy, 0, 8, false);
   Window win = make_window(dpy, 32, 32);
   if (nowin) {
      EGLSurface s = eglCreateWindowSurface(edpy, nowin, (EGLNativeWindowType)win, NULL);
      EGLint e = eglGetError();
      CHECK(s == EGL_NO_SURFACE && e == EGL_BAD_MATCH, "config without EGL_WINDOW_BIT: surface %p, error 0x%x", s, e);
   } else {
      CHECK(!on_splitgl, "splitgl offers no config without EGL_WINDOW_BIT on a depth-24 screen");
      printf("note: every config has EGL_WINDOW_BIT here; that check is skipped\n");
   }
   /* Not a window: an XID nothing has. Only on splitgl: Mesa 22.3's libEGL_mesa crashes
    * (SIGSEGV in swrast_dri.so) on one. */
   EGLSurface s;
   EGLint e;
   if (on_splitgl) {
      s = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)0x3ffffff, NULL);
      e = eglGetError();
      CHECK(s == EGL_NO_SURFACE && e == EGL_BAD_NATIVE_WINDOW, "bad window: surface %p, error 0x%x", s, e);
   } else {
      printf("llvmpipe: the bad-window check is skipped (Mesa crashes on it)\n");
   }
   /* A bad attribute. */
   const EGLint bad_attr[] = {EGL_WIDTH, 10, EGL_NONE};
   s = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)win, bad_attr);
   e = eglGetError();
   CHECK(s == EGL_NO_SURFACE && e == EGL_BAD_ATTRIBUTE, "EGL_WIDTH on a window: surface %p, error 0x%x", s, e);
   /* A second surface on one window. */
   EGLSurface first = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)win, NULL);
   CHECK(first != EGL_NO_SURFACE, "eglCreateWindowSurface: 0x%x", eglGetError());
   s = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)win, NULL);
   e = eglGetError();
   if (on_splitgl)
      CHECK(s == EGL_NO_SURFACE && e == EGL_BAD_ALLOC, "second surface on a window: surface %p, error 0x%x", s, e);
   else if (s != EGL_NO_SURFACE)
      eglDestroySurface(edpy, s);
   eglDestroySurface(edpy, first);
   /* Once destroyed, the window takes a new surface. */
   s = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)win, NULL);
   CHECK(s != EGL_NO_SURFACE, "a surface after the window's first was destroyed: 0x%x", eglGetError());
   eglDestroySurface(edpy, s);
   /* Pixmaps: refused on splitgl (no config has EGL_PIXMAP_BIT). */
   Pixmap pm = XCreatePixmap(dpy, win, 16, 16, (unsigned)DefaultDepth(dpy, DefaultScreen(dpy)));
   XSync(dpy, False);
   s = eglCreatePixmapSurface(edpy, cfg, (EGLNativePixmapType)pm, NULL);
   e = eglGetError();
   if (on_splitgl)
      CHECK(s == EGL_NO_SURFACE && e == EGL_BAD_MATCH, "pixmap surface: surface %p, error 0x%x", s, e);
   else
      printf("llvmpipe: eglCreatePixmapSurface -> %s (0x%x)\n", s ? "a surface" : "refused", e);
   if (s)
      eglDestroySurface(edpy, s);
   XFreePixmap(dpy, pm);
   XDestroyWindow(dpy, win);
   XSync(dpy, False);
}

int
main(int argc, char **argv)
{
   if (argc != 2 || (strcmp(argv[1], "splitgl") && strcmp(argv[1], "llvmpipe") && strcmp(argv[1], "refused"))) {
      fprintf(stderr, "usage: %s splitgl|llvmpipe|refused\n", argv[0]);
      return 2;
   }
   on_splitgl = strcmp(argv[1], "llvmpipe") != 0;
   /* refused: splitgl on a server that cannot present (SPLITGL_MAGMA_HIDE=wsi): window
    * surfaces fail with EGL_BAD_NATIVE_WINDOW, pbuffers still work. */
   bool refused = !strcmp(argv[1], "refused");
   Display *dpy = XOpenDisplay(NULL);
   if (!dpy) {
      fprintf(stderr, "FAIL: cannot open the X display\n");
      return 1;
   }
   /* eglGetDisplay(Display *): libglvnd guesses the X11 platform and asks the vendors. */
   EGLDisplay edpy = eglGetDisplay((EGLNativeDisplayType)dpy);
   EGLint major = 0, minor = 0;
   if (edpy == EGL_NO_DISPLAY || !eglInitialize(edpy, &major, &minor)) {
      fprintf(stderr, "FAIL: eglGetDisplay/eglInitialize on the X display: 0x%x\n", eglGetError());
      return 1;
   }
   printf("EGL %d.%d, vendor %s\n", major, minor, eglQueryString(edpy, EGL_VENDOR));
   const char *exts = eglQueryString(edpy, EGL_EXTENSIONS);
   bool has_age = strstr(exts, "EGL_EXT_buffer_age") != NULL;
   bool has_damage = strstr(exts, "EGL_KHR_swap_buffers_with_damage") != NULL;
   if (on_splitgl)
      CHECK(has_age && has_damage, "extensions missing: %s", exts);
   const char *cexts = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   CHECK(cexts && strstr(cexts, "EGL_KHR_platform_x11"), "client extensions lack EGL_KHR_platform_x11");
   /* The same display through the platform entry point. */
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, dpy, NULL) == edpy, "eglGetPlatformDisplay(X11, dpy) differs");

   eglBindAPI(EGL_OPENGL_ES_API);
   EGLConfig cfg = pick_config(edpy, EGL_WINDOW_BIT | EGL_PBUFFER_BIT, 8, true);
   if (!cfg) {
      fprintf(stderr, "FAIL: no RGBA8 window config\n");
      return 1;
   }
   EGLint vid = 0, vtype = 0;
   eglGetConfigAttrib(edpy, cfg, EGL_NATIVE_VISUAL_ID, &vid);
   eglGetConfigAttrib(edpy, cfg, EGL_NATIVE_VISUAL_TYPE, &vtype);
   XVisualInfo tmpl = {.visualid = (VisualID)vid}, *vi;
   int nvi = 0;
   vi = XGetVisualInfo(dpy, VisualIDMask, &tmpl, &nvi);
   CHECK(vi && nvi == 1 && vi->depth >= 24 && vi->class == TrueColor && vtype == TrueColor,
         "EGL_NATIVE_VISUAL_ID 0x%x (type %d) is not a TrueColor visual of depth >= 24", vid, vtype);
   if (vi)
      XFree(vi);

   if (refused) {
      Window win = make_window(dpy, 32, 32);
      EGLSurface s = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)win, NULL);
      EGLint e = eglGetError();
      CHECK(s == EGL_NO_SURFACE && e == EGL_BAD_NATIVE_WINDOW, "window surface without presentation: %p, 0x%x", s, e);
      const EGLint pb_attr[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE};
      s = eglCreatePbufferSurface(edpy, cfg, pb_attr);
      CHECK(s != EGL_NO_SURFACE, "a pbuffer on the X11 display: 0x%x", eglGetError());
      eglDestroySurface(edpy, s);
      eglTerminate(edpy);
      XCloseDisplay(dpy);
      printf("window_scene (refused): %s\n", failures ? "FAIL" : "PASS");
      return failures ? 1 : 0;
   }
   check_errors(dpy, edpy, cfg);

   int w = 64, h = 48;
   Window win = make_window(dpy, w, h);
   EGLSurface surf = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)win, NULL);
   const EGLint ctx_attr[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(edpy, cfg, EGL_NO_CONTEXT, ctx_attr);
   if (!surf || !ctx || !eglMakeCurrent(edpy, surf, surf, ctx)) {
      fprintf(stderr, "FAIL: window surface / context / make current: 0x%x\n", eglGetError());
      return 1;
   }
   EGLint qw = 0, qh = 0, age = -1;
   eglQuerySurface(edpy, surf, EGL_WIDTH, &qw);
   eglQuerySurface(edpy, surf, EGL_HEIGHT, &qh);
   CHECK(qw == w && qh == h, "EGL_WIDTH/HEIGHT %dx%d, window %dx%d", qw, qh, w, h);
   if (has_age) {
      CHECK(eglQuerySurface(edpy, surf, EGL_BUFFER_AGE_EXT, &age) && age == 0, "buffer age before a swap: %d", age);
   }
   CHECK(eglSwapInterval(edpy, 0), "eglSwapInterval(0): 0x%x", eglGetError());

   uint8_t *px = malloc(4u * 200 * 200);
   draw_picture(w, h);
   check_readback(w, h, px);
   CHECK(eglSwapBuffers(edpy, surf), "eglSwapBuffers: 0x%x", eglGetError());
   glFinish();
   check_window(dpy, win, w, h, px);
   if (has_age) {
      eglQuerySurface(edpy, surf, EGL_BUFFER_AGE_EXT, &age);
      if (on_splitgl)
         CHECK(age == 1, "buffer age after a swap: %d (splitgl keeps the back buffer)", age);
      else
         printf("llvmpipe: buffer age after a swap: %d\n", age);
      if (age == 1)
         check_readback(w, h, px); /* age 1: the back buffer holds the last frame */
   }
   if (has_damage) {
      PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC swd =
         (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
      CHECK(swd != NULL, "no eglSwapBuffersWithDamageKHR");
      if (swd) {
         CHECK(!swd(edpy, surf, NULL, -1) && eglGetError() == EGL_BAD_PARAMETER, "n_rects -1: not EGL_BAD_PARAMETER");
         CHECK(!swd(edpy, surf, NULL, 1) && eglGetError() == EGL_BAD_PARAMETER, "rects NULL: not EGL_BAD_PARAMETER");
         const EGLint rect[4] = {0, 0, w / 2, h / 2};
         draw_picture(w, h);
         check_readback(w, h, px);
         CHECK(swd(edpy, surf, rect, 1), "eglSwapBuffersWithDamageKHR: 0x%x", eglGetError());
         glFinish();
         check_window(dpy, win, w, h, px);
      }
   }
   CHECK(eglSwapInterval(edpy, 1), "eglSwapInterval(1): 0x%x", eglGetError());

   /* A drawn scene: the window shows what the same scene renders on a pbuffer. */
   {
      const EGLint pb_attr[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
      EGLSurface pb = eglCreatePbufferSurface(edpy, cfg, pb_attr);
      CHECK(pb != EGL_NO_SURFACE, "a pbuffer for the scene: 0x%x", eglGetError());
      uint8_t *ref = malloc(4u * (size_t)w * (size_t)h);
      if (pb && eglMakeCurrent(edpy, pb, pb, ctx)) {
         draw_scene(w, h);
         glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, ref);
         eglMakeCurrent(edpy, surf, surf, ctx);
         draw_scene(w, h);
         glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
         int differ = 0;
         for (int i = 0; i < w * h; i++)
            differ += memcmp(&px[4 * i], &ref[4 * i], 3) != 0;
         CHECK(differ == 0, "the scene on the window differs from the pbuffer's in %d pixels", differ);
         /* not a blank picture: the background and the triangle both show */
         CHECK(memcmp(&ref[0], &ref[4 * (w * (h / 2) + w / 2)], 3) != 0, "the scene has no triangle");
         CHECK(eglSwapBuffers(edpy, surf), "eglSwapBuffers: 0x%x", eglGetError());
         check_window(dpy, win, w, h, ref);
      }
      if (pb)
         eglDestroySurface(edpy, pb);
      free(ref);
   }

   /* EGL_GL_COLORSPACE_SRGB (EGL_KHR_gl_colorspace): the clear colour is encoded, and the
    * window shows the encoded bytes. */
   {
      int sw = 32, sh = 24;
      Window win2 = make_window(dpy, sw, sh);
      const EGLint srgb_attr[] = {EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB, EGL_NONE};
      EGLSurface ss = eglCreateWindowSurface(edpy, cfg, (EGLNativeWindowType)win2, srgb_attr);
      if (!ss) {
         CHECK(!on_splitgl, "an sRGB window surface: 0x%x", eglGetError());
         printf("llvmpipe: no sRGB window surface (0x%x)\n", eglGetError());
      } else {
         EGLint cs = 0;
         eglQuerySurface(edpy, ss, EGL_GL_COLORSPACE, &cs);
         CHECK(cs == EGL_GL_COLORSPACE_SRGB, "EGL_GL_COLORSPACE of an sRGB window: 0x%x", cs);
         CHECK(eglMakeCurrent(edpy, ss, ss, ctx), "make current on the sRGB window: 0x%x", eglGetError());
         glViewport(0, 0, sw, sh);
         glClearColor(0.5f, 0.2f, 0.8f, 1.0f);
         glClear(GL_COLOR_BUFFER_BIT);
         glReadPixels(0, 0, sw, sh, GL_RGBA, GL_UNSIGNED_BYTE, px);
         /* sRGB encodings of 0.5, 0.2, 0.8 */
         const int want[3] = {188, 124, 231};
         bool encoded = true;
         for (int c = 0; c < 3; c++)
            encoded = encoded && abs(px[c] - want[c]) <= 1;
         if (on_splitgl)
            CHECK(encoded, "sRGB window: the clear reads %d,%d,%d, want %d,%d,%d", px[0], px[1], px[2], want[0],
                  want[1], want[2]);
         else
            printf("llvmpipe: sRGB window clear reads %d,%d,%d\n", px[0], px[1], px[2]);
         CHECK(eglSwapBuffers(edpy, ss), "eglSwapBuffers (sRGB): 0x%x", eglGetError());
         check_window(dpy, win2, sw, sh, px);
         eglMakeCurrent(edpy, surf, surf, ctx);
         eglDestroySurface(edpy, ss);
      }
      XDestroyWindow(dpy, win2);
      XSync(dpy, False);
   }

   /* Resize: the surface follows the window from the next swap on. */
   int nw = 100, nh = 70;
   XResizeWindow(dpy, win, (unsigned)nw, (unsigned)nh);
   XSync(dpy, False);
   draw_picture(w, h);
   CHECK(eglSwapBuffers(edpy, surf), "eglSwapBuffers: 0x%x", eglGetError());
   draw_picture(nw, nh); /* Mesa sizes its buffers when the frame's first draw validates them */
   glFinish();
   eglQuerySurface(edpy, surf, EGL_WIDTH, &qw);
   eglQuerySurface(edpy, surf, EGL_HEIGHT, &qh);
   CHECK(qw == nw && qh == nh, "after a resize to %dx%d: EGL_WIDTH/HEIGHT %dx%d", nw, nh, qw, qh);
   if (qw == nw && qh == nh) {
      check_readback(nw, nh, px);
      CHECK(eglSwapBuffers(edpy, surf), "eglSwapBuffers: 0x%x", eglGetError());
      glFinish();
      check_window(dpy, win, nw, nh, px);
   }

   eglMakeCurrent(edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(edpy, surf);
   eglDestroyContext(edpy, ctx);
   eglTerminate(edpy);
   XDestroyWindow(dpy, win);
   XCloseDisplay(dpy);
   free(px);
   if (failures) {
      fprintf(stderr, "window_scene (%s): %d check(s) failed\n", argv[1], failures);
      return 1;
   }
   printf("window_scene (%s): PASS\n", argv[1]);
   return 0;
}
