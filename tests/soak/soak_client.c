/* One client of the soak and of the per-session cap tests (tests/soak/soak.py): a real EGL +
 * OpenGL ES 3.0 program through libglvnd, rendering into a pbuffer.
 *
 *   soak_client render FRAMES SEED   each frame: a texture and a vertex buffer created with
 *                                    contents that depend on the frame, a textured draw, a
 *                                    scissored clear, every pixel read back and checked, both
 *                                    objects deleted, eglSwapBuffers. Prints "frame N begin"
 *                                    before the frame's first GL call and "frame N ok" after
 *                                    its check (the driver kills clients between the two).
 *                                    Exit 0: every frame right; 4: a wrong pixel or a GL error.
 *   soak_client objects LIMIT        creates 1x1 textures (never deleted) until the context is
 *                                    lost; exit 5 when it is (GL_CONTEXT_LOST, then
 *                                    EGL_CONTEXT_LOST from eglSwapBuffers), 4 if LIMIT are made
 *                                    without a loss.
 *   soak_client memory LIMIT_MIB     the same with 16 MiB buffers (glBufferData), never freed.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GL_CONTEXT_LOST
#define GL_CONTEXT_LOST 0x0507
#endif

#define SIZE 64 /* the pbuffer, the viewport and the texture: one texel per pixel */

static EGLDisplay dpy;
static EGLSurface surf;

static const char *vs_src = "#version 300 es\n"
                            "layout(location = 0) in vec2 p;\n"
                            "out vec2 uv;\n"
                            "void main() { uv = p * 0.5 + 0.5; gl_Position = vec4(p, 0.0, 1.0); }\n";
static const char *fs_src = "#version 300 es\n"
                            "precision highp float;\n"
                            "uniform sampler2D t;\n"
                            "in vec2 uv;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(t, uv); }\n";

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      printf("shader does not compile: %s\n", log);
      exit(4);
   }
   return s;
}

/* Texel (x, y) of frame f's texture for client seed `seed`. */
static void
texel(unsigned seed, unsigned f, unsigned x, unsigned y, unsigned char out[4])
{
   unsigned v = (x * 7u + y * 13u + f * 29u + seed * 101u) * 2654435761u;
   out[0] = (unsigned char)(v >> 24);
   out[1] = (unsigned char)(v >> 16);
   out[2] = (unsigned char)(v >> 8);
   out[3] = 255;
}

static int
render(int frames, unsigned seed)
{
   GLuint prog = glCreateProgram();
   glAttachShader(prog, shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(prog, shader(GL_FRAGMENT_SHADER, fs_src));
   glLinkProgram(prog);
   GLint linked = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   if (!linked) {
      printf("program does not link\n");
      return 4;
   }
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "t"), 0);
   glViewport(0, 0, SIZE, SIZE);
   static unsigned char img[SIZE * SIZE * 4], got[SIZE * SIZE * 4];
   for (int f = 0; f < frames; f++) {
      printf("frame %d begin\n", f);
      fflush(stdout);
      for (unsigned y = 0; y < SIZE; y++)
         for (unsigned x = 0; x < SIZE; x++)
            texel(seed, (unsigned)f, x, y, img + (y * SIZE + x) * 4);
      GLuint tex, vbo, vao;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      /* a buffer whose size changes with the frame: the server's allocations vary */
      size_t pad = (size_t)(f % 17) * 4096u;
      float *verts = calloc(1, 12 * sizeof(float) + pad);
      static const float quad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
      memcpy((char *)verts + pad, quad, sizeof(quad));
      glGenVertexArrays(1, &vao);
      glBindVertexArray(vao);
      glGenBuffers(1, &vbo);
      glBindBuffer(GL_ARRAY_BUFFER, vbo);
      glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(quad) + pad), verts, GL_STATIC_DRAW);
      free(verts);
      glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (const void *)pad);
      glEnableVertexAttribArray(0);
      glDisable(GL_SCISSOR_TEST);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      /* a scissored clear over part of it, in a colour of the frame */
      unsigned sx = (unsigned)(f * 5) % (SIZE - 16), sy = (unsigned)(f * 3 + (int)seed) % (SIZE - 16);
      glEnable(GL_SCISSOR_TEST);
      glScissor((GLint)sx, (GLint)sy, 16, 16);
      float c = (float)(f % 256) / 255.0f;
      glClearColor(c, 1.0f - c, 0.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDisable(GL_SCISSOR_TEST);
      memset(got, 0, sizeof(got));
      glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, got);
      GLenum err = glGetError();
      if (err != GL_NO_ERROR) {
         printf("frame %d: GL error 0x%04x\n", f, err);
         return 4;
      }
      for (unsigned y = 0; y < SIZE; y++) {
         for (unsigned x = 0; x < SIZE; x++) {
            unsigned char want[4];
            if (x >= sx && x < sx + 16 && y >= sy && y < sy + 16) {
               want[0] = (unsigned char)(f % 256);
               want[1] = (unsigned char)(255 - f % 256);
               want[2] = 0;
               want[3] = 255;
            } else {
               texel(seed, (unsigned)f, x, y, want);
            }
            const unsigned char *g = got + (y * SIZE + x) * 4;
            if (memcmp(g, want, 4)) {
               printf("frame %d WRONG at %u,%u: %u %u %u %u, want %u %u %u %u\n", f, x, y, g[0], g[1], g[2], g[3],
                      want[0], want[1], want[2], want[3]);
               return 4;
            }
         }
      }
      glDeleteBuffers(1, &vbo);
      glDeleteVertexArrays(1, &vao);
      glDeleteTextures(1, &tex);
      if (!eglSwapBuffers(dpy, surf)) {
         printf("frame %d: eglSwapBuffers failed: 0x%04x\n", f, eglGetError());
         return 4;
      }
      printf("frame %d ok\n", f);
      fflush(stdout);
   }
   glDeleteProgram(prog);
   return 0;
}

/* Creates objects until the context is lost. */
static int
hog(int memory, long limit)
{
   long n = 0;
   static const unsigned char px[4] = {1, 2, 3, 4};
   for (; n < limit; n++) {
      GLuint name;
      if (memory) {
         glGenBuffers(1, &name);
         glBindBuffer(GL_ARRAY_BUFFER, name);
         glBufferData(GL_ARRAY_BUFFER, 16 << 20, NULL, GL_STATIC_DRAW);
      } else {
         glGenTextures(1, &name);
         glBindTexture(GL_TEXTURE_2D, name);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
      }
      if (n % 50 == 49 || memory)
         glFinish(); /* a drain point: the loss is seen here */
      GLenum e = glGetError();
      if (e == GL_CONTEXT_LOST) {
         EGLBoolean swapped = eglSwapBuffers(dpy, surf);
         EGLint egl_err = eglGetError();
         printf("context lost after %ld %s: GL_CONTEXT_LOST; eglSwapBuffers %s 0x%04x%s\n", n + 1,
                memory ? "16 MiB buffers" : "textures", swapped ? "succeeded" : "failed", egl_err,
                egl_err == EGL_CONTEXT_LOST ? " EGL_CONTEXT_LOST" : "");
         return !swapped && egl_err == EGL_CONTEXT_LOST ? 5 : 4;
      }
      if (e != GL_NO_ERROR) {
         printf("GL error 0x%04x after %ld objects\n", e, n + 1);
         return 4;
      }
   }
   printf("made %ld objects without losing the context\n", n);
   return 4;
}

int
main(int argc, char **argv)
{
   if (argc != 4 && argc != 3) {
      fprintf(stderr, "usage: soak_client render FRAMES SEED | objects LIMIT | memory LIMIT_MIB\n");
      return 2;
   }
   dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
      printf("eglInitialize failed: 0x%04x\n", eglGetError());
      return 4;
   }
   static const EGLint cfg_attr[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                                     EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                     EGL_NONE};
   static const EGLint pb_attr[] = {EGL_WIDTH, SIZE, EGL_HEIGHT, SIZE, EGL_NONE};
   static const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
   EGLConfig cfg;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, cfg_attr, &cfg, 1, &n) || n < 1 || !eglBindAPI(EGL_OPENGL_ES_API)) {
      printf("no config\n");
      return 4;
   }
   surf = eglCreatePbufferSurface(dpy, cfg, pb_attr);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
   if (surf == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      printf("cannot make a context current: 0x%04x\n", eglGetError());
      return 4;
   }
   printf("initialized\n");
   fflush(stdout);
   int rc;
   if (!strcmp(argv[1], "render") && argc == 4)
      rc = render(atoi(argv[2]), (unsigned)atoi(argv[3]));
   else if (!strcmp(argv[1], "objects"))
      rc = hog(0, atol(argv[2]));
   else if (!strcmp(argv[1], "memory"))
      rc = hog(1, atol(argv[2]) / 16 + 1);
   else
      rc = 2;
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
   eglTerminate(dpy);
   if (rc == 0)
      printf("all frames ok\n");
   return rc;
}
