/*
 * es3_egl_texture_image — EGLImages of texture levels and of a renderbuffer, shared between two
 * ES 3.0 contexts of one display that do not share objects (EGL_KHR_gl_texture_2D_image,
 * EGL_KHR_gl_renderbuffer_image, GL_OES_EGL_image's glEGLImageTargetTexture2DOES):
 *   - context A (the window's) makes a 32x32 RGBA8 texture T with 6 levels, uploads a pattern
 *     into levels 0 and 1, and makes images of level 0 and level 1 (EGL_GL_TEXTURE_LEVEL 1);
 *     it then draws rectangles into T's level 1 through a framebuffer object;
 *   - context B (surfaceless) takes level 0 as texture X0 and renders into it (clears of two
 *     quadrants), takes level 1 as texture X1 and draws it into a renderbuffer R, of which it
 *     makes an image; then it respecifies X0 (glTexImage2D) and clears it: X0 leaves the image
 *     and T's level 0 keeps what B wrote before;
 *   - A takes R's image as texture Y, and a level-0 image of a one-level texture U (deleted
 *     afterwards) as texture Z, and draws four tiles: T's level 0, Y, T's level 1, Z.
 * Every rectangle is axis-aligned on pixel edges and every texel sampled NEAREST at its centre
 * (textureLod at the level drawn): exact.
 */
#include <string.h>

#include "scene_common.h"

#include <GLES2/gl2ext.h>

static const char *vs_src = "#version 300 es\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform vec4 u_rect;\n"
                            "out vec2 v_tc;\n"
                            "void main() {\n"
                            "   v_tc = a_pos;\n"
                            "   vec2 p = u_rect.xy + a_pos * u_rect.zw;\n"
                            "   gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";
static const char *fs_src = "#version 300 es\n"
                            "precision mediump float;\n"
                            "uniform sampler2D u_tex;\n"
                            "uniform float u_lod;\n"
                            "in vec2 v_tc;\n"
                            "out vec4 o;\n"
                            "void main() { o = textureLod(u_tex, v_tc, u_lod); }\n";

static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_tex;

struct drawer {
   GLuint prog, vao;
   GLint u_rect, u_lod;
};

static void
drawer_init(struct drawer *d)
{
   d->prog = scene_program(vs_src, fs_src, NULL);
   d->u_rect = scene_uniform(d->prog, "u_rect");
   d->u_lod = scene_uniform(d->prog, "u_lod");
   d->vao = scene_unit_quad();
}

/* Draws the bound 2D texture's level `lod` over [x, x + w) x [y, y + h) of the viewport (in
 * units of the viewport). */
static void
draw_tex(const struct drawer *d, float x, float y, float w, float h, float lod)
{
   GL(glUseProgram(d->prog));
   GL(glBindVertexArray(d->vao));
   GL(glUniform4f(d->u_rect, x, y, w, h));
   GL(glUniform1f(d->u_lod, lod));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static void
clear_rect(int x, int y, int w, int h, float r, float g, float b, float a)
{
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(x, y, w, h));
   GL(glClearColor(r, g, b, a));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glDisable(GL_SCISSOR_TEST));
}

static GLuint
fbo_tex(GLuint tex, GLint level)
{
   GLuint fb;
   GL(glGenFramebuffers(1, &fb));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fb));
   GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo of texture %u", tex);
   return fb;
}

static void
pattern(uint8_t *px, int w, int h, uint32_t seed)
{
   scene_fill_pattern(px, (size_t)w * h * 4, seed);
   for (int i = 0; i < w * h; i++)
      px[i * 4 + 3] = 255;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   create_image = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
   destroy_image = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
   target_tex = (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress("glEGLImageTargetTexture2DOES");
   SCENE_CHECK(create_image && destroy_image && target_tex, "image entry points");
   const char *exts = eglQueryString(s.dpy, EGL_EXTENSIONS);
   SCENE_CHECK(exts && strstr(exts, "EGL_KHR_gl_texture_2D_image") && strstr(exts, "EGL_KHR_gl_renderbuffer_image"),
               "EGL image extensions");
   const EGLint es3[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   EGLContext b = eglCreateContext(s.dpy, s.config, EGL_NO_CONTEXT, es3);
   EGL_CHECK(b != EGL_NO_CONTEXT);

   /* A: T with two uploaded levels, images of levels 0 and 1 */
   uint8_t px[32 * 32 * 4];
   GLuint t = scene_texture(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST);
   GL(glTexStorage2D(GL_TEXTURE_2D, 6, GL_RGBA8, 32, 32));
   pattern(px, 32, 32, 7);
   GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 32, 32, GL_RGBA, GL_UNSIGNED_BYTE, px));
   pattern(px, 16, 16, 11);
   GL(glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, px));
   const EGLint lvl1[] = {EGL_GL_TEXTURE_LEVEL_KHR, 1, EGL_NONE};
   EGLImageKHR i0 = create_image(s.dpy, s.context, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)t, NULL);
   EGLImageKHR i1 = create_image(s.dpy, s.context, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)t, lvl1);
   EGL_CHECK(i0 != EGL_NO_IMAGE_KHR && i1 != EGL_NO_IMAGE_KHR);
   /* A renders into level 1 (through the image's storage) */
   GLuint fa = fbo_tex(t, 1);
   GL(glViewport(0, 0, 16, 16));
   clear_rect(0, 0, 8, 8, 1, 0, 0, 1);
   clear_rect(8, 8, 8, 8, 0, 0, 1, 1);
   GL(glFinish());

   /* B: X0 = level 0 (rendered into), X1 = level 1 (drawn into renderbuffer R) */
   EGL_CHECK(eglMakeCurrent(s.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, b));
   struct drawer db;
   drawer_init(&db);
   GLuint x0 = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(target_tex(GL_TEXTURE_2D, i0));
   GLuint fx0 = fbo_tex(x0, 0);
   GL(glViewport(0, 0, 32, 32));
   clear_rect(16, 0, 16, 16, 0, 1, 0, 1);
   clear_rect(0, 16, 8, 16, 1, 1, 0, 1);
   GLuint x1 = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(target_tex(GL_TEXTURE_2D, i1));
   GLuint r, fr;
   GL(glGenRenderbuffers(1, &r));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, r));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32));
   GL(glGenFramebuffers(1, &fr));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fr));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r));
   GL(glViewport(0, 0, 32, 32));
   clear_rect(0, 0, 32, 32, 0.25f, 0.5f, 0.75f, 1);
   GL(glBindTexture(GL_TEXTURE_2D, x1));
   draw_tex(&db, 0.0f, 0.0f, 0.5f, 0.5f, 0.0f); /* X1's 16x16 texels one to one */
   EGLImageKHR ir = create_image(s.dpy, b, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)r, NULL);
   EGL_CHECK(ir != EGL_NO_IMAGE_KHR);
   /* X0 respecified: it leaves the image; T's level 0 keeps B's clears */
   GL(glBindTexture(GL_TEXTURE_2D, x0));
   pattern(px, 32, 32, 23);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, px));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fx0));
   SCENE_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo of X0 after respecify");
   clear_rect(0, 0, 32, 32, 1, 0, 1, 1);
   GL(glFinish());

   /* A: Y = R's image; Z = level 0 of a one-level texture U, U deleted */
   EGL_CHECK(eglMakeCurrent(s.dpy, s.surface, s.surface, s.context));
   struct drawer da;
   drawer_init(&da);
   GLuint y = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(target_tex(GL_TEXTURE_2D, ir));
   GLuint u = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   pattern(px, 8, 8, 5);
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, px));
   EGLImageKHR iu = create_image(s.dpy, s.context, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)u, NULL);
   EGL_CHECK(iu != EGL_NO_IMAGE_KHR);
   GLuint z = scene_texture(GL_TEXTURE_2D, GL_NEAREST);
   GL(target_tex(GL_TEXTURE_2D, iu));
   GL(glDeleteTextures(1, &u));
   EGL_CHECK(destroy_image(s.dpy, iu));

   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, 128, 128));
   GL(glClearColor(0.1f, 0.1f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL(glBindTexture(GL_TEXTURE_2D, t));
   draw_tex(&da, 0.0f, 0.0f, 0.5f, 0.5f, 0.0f);   /* T level 0: B's clears over the pattern */
   draw_tex(&da, 0.0f, 0.5f, 0.5f, 0.5f, 1.0f);   /* T level 1: A's clears over the pattern */
   GL(glBindTexture(GL_TEXTURE_2D, y));
   draw_tex(&da, 0.5f, 0.0f, 0.5f, 0.5f, 0.0f);   /* R as B drew it */
   GL(glBindTexture(GL_TEXTURE_2D, z));
   draw_tex(&da, 0.625f, 0.625f, 0.25f, 0.25f, 0.0f); /* U's pattern, U deleted */

   EGL_CHECK(destroy_image(s.dpy, i0));
   EGL_CHECK(destroy_image(s.dpy, i1));
   EGL_CHECK(destroy_image(s.dpy, ir));
   (void)fa;
   int status = scene_finish(&s);
   return status;
}
