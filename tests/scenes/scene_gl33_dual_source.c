/*
 * gl33_dual_source — GL 3.3 core's dual-source blending (ARB_blend_func_extended folded in):
 * a fragment shader writes two colours to draw buffer 0, the second one (index 1) read only
 * by the SRC1 blend factors. Over a striped background, four bands:
 *   1. `layout(location = 0, index = 1)` in the shader, glBlendFunc(SRC1_COLOR, ONE_MINUS_SRC1_ALPHA);
 *   2. no layout: glBindFragDataLocationIndexed(prog, 0, 0 / 1, ...) before the link,
 *      glBlendFuncSeparate(ONE, ONE_MINUS_SRC1_COLOR, SRC1_ALPHA, ONE_MINUS_SRC1_ALPHA);
 *   3. the same program with glBlendFunc(ONE_MINUS_SRC1_COLOR, SRC1_ALPHA);
 *   4. a layout index that overrides a binding to index 0, glBlendFunc(ONE_MINUS_SRC1_ALPHA, SRC1_COLOR).
 * Also GetFragDataIndex / GetFragDataLocation, MAX_DUAL_SOURCE_DRAW_BUFFERS (used as it is:
 * llvmpipe 1, lavapipe 2), the binding and link errors (one on splitgl only: llvmpipe links it),
 * and the draw-time INVALID_OPERATION with a draw buffer at MAX_DUAL_SOURCE_DRAW_BUFFERS set.
 */
#include "scene_common.h"

#include <stdio.h>
#include <string.h>

#define W 128
#define H 64

static const char vs_src[] =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect; /* x0 y0 x1 y1 in NDC */\n"
   "void main() { gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos), 0.0, 1.0); }\n";

/* Both colours vary across the band so that every factor is exercised on many values. */
#define FS_BODY                                                                             \
   "void main() {\n"                                                                        \
   "   vec2 p = gl_FragCoord.xy;\n"                                                         \
   "   first = vec4(fract(p.x / 16.0), p.y / 64.0, 0.75, 0.5 + 0.5 * fract(p.y / 8.0));\n" \
   "   second = vec4(0.25 + 0.5 * fract(p.y / 16.0), fract(p.x / 8.0), 1.0 - p.y / 64.0,\n" \
   "                 fract((p.x + p.y) / 32.0));\n"                                         \
   "}\n"

static const char fs_layout[] = "#version 330 core\n"
                                "layout(location = 0, index = 0) out vec4 first;\n"
                                "layout(location = 0, index = 1) out vec4 second;\n" FS_BODY;
static const char fs_bound[] = "#version 330 core\n"
                               "out vec4 first;\n"
                               "out vec4 second;\n" FS_BODY;
/* the layout's index wins over glBindFragDataLocationIndexed(prog, 0, 0, "second") */
static const char fs_override[] = "#version 330 core\n"
                                  "out vec4 first;\n"
                                  "layout(location = 0, index = 1) out vec4 second;\n" FS_BODY;
/* an output at location MAX_DUAL_SOURCE_DRAW_BUFFERS (%d) beside one of index 1: no link */
static const char fs_too_far_fmt[] = "#version 330 core\n"
                                     "layout(location = 0) out vec4 first;\n"
                                     "layout(location = %d) out vec4 other;\n"
                                     "layout(location = 0, index = 1) out vec4 second;\n"
                                     "void main() { first = vec4(1.0); other = vec4(0.5); second = vec4(0.25); }\n";

static bool
has_extension(const char *name)
{
   GLint n = 0;
   GL(glGetIntegerv(GL_NUM_EXTENSIONS, &n));
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i), name))
         return true;
   return false;
}

static GLuint
link_bound(const char *fs_src, GLuint second_index)
{
   GLuint vs = scene_compile(GL_VERTEX_SHADER, vs_src), fs = scene_compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint p = glCreateProgram();
   GL(glAttachShader(p, vs));
   GL(glAttachShader(p, fs));
   GL(glBindFragDataLocationIndexed(p, 0, 0, "first"));
   GL(glBindFragDataLocationIndexed(p, 0, second_index, "second"));
   GL(glLinkProgram(p));
   GLint ok = 0;
   GL(glGetProgramiv(p, GL_LINK_STATUS, &ok));
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      SCENE_CHECK(0, "link failed: %s", log);
   }
   GL(glDeleteShader(vs));
   GL(glDeleteShader(fs));
   return p;
}

static void
expect_index(GLuint p, const char *name, GLint loc, GLint index)
{
   GLint l = glGetFragDataLocation(p, name), i = glGetFragDataIndex(p, name);
   SCENE_CHECK(l == loc && i == index, "%s: location %d index %d, want %d %d", name, l, i, loc, index);
}

/* Band i (0..3) of the image: x in [i * 32, i * 32 + 32), y in [8, 56). */
static void
band(GLuint prog, int i)
{
   GL(glUseProgram(prog));
   const float x0 = -1.0f + i * 0.5f, x1 = x0 + 0.5f;
   GL(glUniform4f(glGetUniformLocation(prog, "u_rect"), x0, -0.75f, x1, 0.75f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = W, .height = H};
   scene_init(&s, &cfg, argc, argv);
   SCENE_CHECK(has_extension("GL_ARB_blend_func_extended"), "GL_ARB_blend_func_extended is not listed");
   GLint max_dual = 0;
   GL(glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &max_dual));
   /* llvmpipe answers 1, lavapipe's maxFragmentDualSrcAttachments is 2: the scene uses the value */
   SCENE_CHECK(max_dual >= 1 && max_dual < 8, "MAX_DUAL_SOURCE_DRAW_BUFFERS %d", max_dual);

   GLuint p_layout = scene_program(vs_src, fs_layout, NULL);
   GLuint p_bound = link_bound(fs_bound, 1);
   GLuint p_override = link_bound(fs_override, 0);
   expect_index(p_layout, "first", 0, 0);
   expect_index(p_layout, "second", 0, 1);
   expect_index(p_bound, "first", 0, 0);
   expect_index(p_bound, "second", 0, 1);
   expect_index(p_override, "second", 0, 1);
   SCENE_CHECK(glGetFragDataIndex(p_bound, "missing") == -1, "GetFragDataIndex of a non-output");

   /* OpenGL 3.3 section 3.9.2: index > 1, and index 1 at colorNumber >= MAX_DUAL_SOURCE_DRAW_BUFFERS */
   GL_EXPECT(GL_INVALID_VALUE, glBindFragDataLocationIndexed(p_bound, 0, 2, "second"));
   GL_EXPECT(GL_INVALID_VALUE, glBindFragDataLocationIndexed(p_bound, (GLuint)max_dual, 1, "second"));
   GL_EXPECT(GL_INVALID_OPERATION, glBindFragDataLocationIndexed(p_bound, 0, 1, "gl_second"));
   /* ... "LinkProgram will fail ... if the program has an active output assigned to a location
    * greater than or equal to the value of MAX_DUAL_SOURCE_DRAW_BUFFERS and has an active output
    * assigned an index greater than or equal to one". Mesa 22.3's llvmpipe links it (its linker
    * checks only the index-1 outputs' locations): checked on splitgl only. */
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (renderer && !strncmp(renderer, "splitgl", 7)) {
      char fs_too_far[512];
      snprintf(fs_too_far, sizeof(fs_too_far), fs_too_far_fmt, max_dual);
      GLuint vs = scene_compile(GL_VERTEX_SHADER, vs_src), fs = scene_compile(GL_FRAGMENT_SHADER, fs_too_far);
      GLuint p = glCreateProgram();
      GL(glAttachShader(p, vs));
      GL(glAttachShader(p, fs));
      GL(glLinkProgram(p));
      GLint ok = 1;
      GL(glGetProgramiv(p, GL_LINK_STATUS, &ok));
      SCENE_CHECK(!ok, "an output at location %d beside an index-1 output linked", max_dual);
      GL(glDeleteProgram(p));
      GL(glDeleteShader(vs));
      GL(glDeleteShader(fs));
   }

   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   /* background: eight vertical stripes of different colours and alphas */
   GL(glEnable(GL_SCISSOR_TEST));
   for (int i = 0; i < 8; i++) {
      GL(glScissor(i * 16, 0, 16, H));
      GL(glClearColor((i & 1) ? 0.9f : 0.2f, (i & 2) ? 0.8f : 0.1f, (i & 4) ? 0.7f : 0.3f, 0.25f + i * 0.1f));
      GL(glClear(GL_COLOR_BUFFER_BIT));
   }
   GL(glDisable(GL_SCISSOR_TEST));

   GL(glEnable(GL_BLEND));
   GL(glBlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_ALPHA));
   GLint f = 0;
   GL(glGetIntegerv(GL_BLEND_SRC_RGB, &f));
   SCENE_CHECK(f == GL_SRC1_COLOR, "BLEND_SRC_RGB 0x%x", f);
   band(p_layout, 0);
   GL(glBlendFuncSeparate(GL_ONE, GL_ONE_MINUS_SRC1_COLOR, GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA));
   GL(glGetIntegerv(GL_BLEND_DST_ALPHA, &f));
   SCENE_CHECK(f == GL_ONE_MINUS_SRC1_ALPHA, "BLEND_DST_ALPHA 0x%x", f);
   band(p_bound, 1);
   GL(glBlendFunc(GL_ONE_MINUS_SRC1_COLOR, GL_SRC1_ALPHA));
   band(p_bound, 2);
   GL(glBlendFunc(GL_ONE_MINUS_SRC1_ALPHA, GL_SRC1_COLOR));
   band(p_override, 3);

   /* Section 4.1.8: SRC1 factors with a draw buffer at or past MAX_DUAL_SOURCE_DRAW_BUFFERS set
    * make the draw INVALID_OPERATION; with that buffer NONE it draws. */
   const int nb = max_dual + 1;
   GLuint rb[8], fbo;
   GLenum all[8], but_last[8];
   GL(glGenRenderbuffers(nb, rb));
   GL(glGenFramebuffers(1, &fbo));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   for (int i = 0; i < nb; i++) {
      GL(glBindRenderbuffer(GL_RENDERBUFFER, rb[i]));
      GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8));
      GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]));
      all[i] = but_last[i] = GL_COLOR_ATTACHMENT0 + (GLenum)i;
   }
   but_last[nb - 1] = GL_NONE;
   GL(glDrawBuffers(nb, all));
   GL(glViewport(0, 0, 8, 8));
   GL(glUseProgram(p_layout));
   GL_EXPECT(GL_INVALID_OPERATION, glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   /* With the last draw buffer NONE (not listed, or listed as NONE) the draw is fine by the
    * core spec's words ("any draw buffers equal to or greater than ... have values other than
    * NONE"); Mesa 22.3 follows the extension's ERRORS section instead ("a framebuffer is bound
    * that has more than ... active color attachments") and refuses both: splitgl only. */
   if (renderer && !strncmp(renderer, "splitgl", 7)) {
      GL(glDrawBuffers(nb - 1, all));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
      GL(glDrawBuffers(nb, but_last));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   GL(glDrawBuffers(nb, all));
   GL(glBlendFunc(GL_ONE, GL_ONE)); /* no second source: both buffers are fine */
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glViewport(0, 0, W, H));
   GL(glDisable(GL_BLEND));

   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteRenderbuffers(nb, rb));
   GL(glDeleteProgram(p_layout));
   GL(glDeleteProgram(p_bound));
   GL(glDeleteProgram(p_override));
   return scene_finish(&s);
}
