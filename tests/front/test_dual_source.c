/* GL 3.3 core's dual-source blending (gl_front/state.c, program.c, draw.c, emit.c, caps.c;
 * spirv/link.c): MAX_DUAL_SOURCE_DRAW_BUFFERS from the device, the SRC1 factors, the errors of
 * glBindFragDataLocationIndexed, the link rules of index-1 outputs, glGetFragDataIndex, the
 * draw-time INVALID_OPERATION with more draw buffers than dual-source blending allows, and
 * what travels in BlendCreate. On the recording fake wire, with and without a device that has
 * dualSrcBlend. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

#include "../egl/egl_check.h" /* CHECK and its failure count */
#include "front_context.h"

/* A GL 3.3 core context on a device with `dual` dual-source attachments (0: no dualSrcBlend). */
static struct glf_context *
make(uint64_t dual)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   fake_wire_info.caps[WIRE_CAP_MAX_COLOR_ATTACHMENTS] = 8;
   fake_wire_info.caps[WIRE_CAP_MAX_DUAL_SRC_ATTACHMENTS] = dual;
   fake_wire_info.caps[WIRE_CAP_FEATURES] = dual ? WIRE_FEATURE_DUAL_SRC_BLEND : 0;
   return front_context(GLF_API_GL_CORE, 3, 3);
}

static void
drop(struct glf_context *ctx)
{
   front_context_end(ctx);
}

static bool
listed(const char *name)
{
   GLint n = 0;
   glf_GetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glf_GetStringi(GL_EXTENSIONS, (GLuint)i), name))
         return true;
   return false;
}

static void
expect_error(GLenum want, const char *what)
{
   GLenum e = glf_GetError();
   CHECK(e == want, "%s: error 0x%x, expected 0x%x", what, e, want);
}

static const char *vs_src = "#version 330 core\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n";

/* Links vs_src + fs with the given glBindFragDataLocationIndexed calls (name, color, index;
 * NULL-terminated); returns the program (0 when the link failed, log in *log). */
struct fbind {
   const char *name;
   GLuint color, index;
};
static GLuint
link(const char *fs, const struct fbind *binds, char *log, size_t log_size)
{
   GLuint p = glf_CreateProgram();
   const char *src[2] = {vs_src, fs};
   const GLenum type[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int i = 0; i < 2; i++) {
      GLuint s = glf_CreateShader(type[i]);
      glf_ShaderSource(s, 1, &src[i], NULL);
      glf_CompileShader(s);
      GLint ok = 0;
      glf_GetShaderiv(s, GL_COMPILE_STATUS, &ok);
      CHECK(ok, "compile %d", i);
      glf_AttachShader(p, s);
      glf_DeleteShader(s);
   }
   for (; binds && binds->name; binds++)
      glf_BindFragDataLocationIndexed(p, binds->color, binds->index, binds->name);
   expect_error(GL_NO_ERROR, "bindings");
   glf_LinkProgram(p);
   GLint ok = 0;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   log[0] = 0;
   glf_GetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
   if (!ok) {
      glf_DeleteProgram(p);
      return 0;
   }
   return p;
}

#define FS_TWO_OUT "#version 330 core\nout vec4 first;\nout vec4 second;\n" \
                   "void main() { first = vec4(1.0); second = vec4(0.5); }\n"
#define FS_LAYOUT  "#version 330 core\nlayout(location = 0) out vec4 first;\n" \
                   "layout(location = 0, index = 1) out vec4 second;\n" \
                   "void main() { first = vec4(1.0); second = vec4(0.5); }\n"

static void
draw(void)
{
   glf_DrawArrays(GL_TRIANGLES, 0, 3);
}

static bool
is_src1(uint8_t f)
{
   return f == WIRE_BF_SRC1_COLOR || f == WIRE_BF_ONE_MINUS_SRC1_COLOR || f == WIRE_BF_SRC1_ALPHA ||
          f == WIRE_BF_ONE_MINUS_SRC1_ALPHA;
}

static void
with_device(void)
{
   struct glf_context *ctx = make(1);
   char log[1024];
   GLint v = -1;
   glf_GetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &v);
   CHECK(v == 1, "MAX_DUAL_SOURCE_DRAW_BUFFERS %d", v);
   CHECK(listed("GL_ARB_blend_func_extended"), "GL_ARB_blend_func_extended not listed");

   /* glBindFragDataLocationIndexed's errors (OpenGL 3.3 section 3.9.2, ARB_blend_func_extended) */
   GLuint p = glf_CreateProgram();
   glf_BindFragDataLocationIndexed(p, 0, 2, "x");
   expect_error(GL_INVALID_VALUE, "index 2");
   glf_BindFragDataLocationIndexed(p, 1, 1, "x");
   expect_error(GL_INVALID_VALUE, "index 1 at colorNumber MAX_DUAL_SOURCE_DRAW_BUFFERS");
   glf_BindFragDataLocationIndexed(p, 8, 0, "x");
   expect_error(GL_INVALID_VALUE, "index 0 at colorNumber MAX_DRAW_BUFFERS");
   glf_BindFragDataLocationIndexed(p, 7, 0, "x");
   expect_error(GL_NO_ERROR, "index 0 at colorNumber 7");
   glf_BindFragDataLocationIndexed(p, 0, 1, "gl_x");
   expect_error(GL_INVALID_OPERATION, "gl_ prefix");
   glf_DeleteProgram(p);

   /* an index from the binding, from the layout, and the layout over a binding */
   const struct fbind b01[] = {{"first", 0, 0}, {"second", 0, 1}, {NULL, 0, 0}};
   p = link(FS_TWO_OUT, b01, log, sizeof(log));
   CHECK(p, "bound index 1 does not link: %s", log);
   CHECK(glf_GetFragDataIndex(p, "second") == 1 && glf_GetFragDataLocation(p, "second") == 0, "second: index 1");
   CHECK(glf_GetFragDataIndex(p, "first") == 0 && glf_GetFragDataLocation(p, "first") == 0, "first: index 0");
   CHECK(glf_GetFragDataIndex(p, "third") == -1, "not an output");
   glf_DeleteProgram(p);
   const struct fbind b00[] = {{"second", 0, 0}, {NULL, 0, 0}};
   p = link(FS_LAYOUT, b00, log, sizeof(log));
   CHECK(p && glf_GetFragDataIndex(p, "second") == 1, "the layout's index wins over a binding: %s", log);

   /* the blend factors travel; a draw with one draw buffer is fine */
   GLuint vao;
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);
   glf_UseProgram(p);
   glf_Enable(GL_BLEND);
   glf_BlendFuncSeparate(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR, GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA);
   expect_error(GL_NO_ERROR, "SRC1 factors");
   draw();
   expect_error(GL_NO_ERROR, "draw to the default framebuffer");
   CHECK(fake_wire_last_blend.rt[0].blend_enable && fake_wire_last_blend.rt[0].rgb_src == WIRE_BF_SRC1_COLOR &&
         fake_wire_last_blend.rt[0].rgb_dst == WIRE_BF_ONE_MINUS_SRC1_COLOR &&
         fake_wire_last_blend.rt[0].alpha_src == WIRE_BF_SRC1_ALPHA &&
         fake_wire_last_blend.rt[0].alpha_dst == WIRE_BF_ONE_MINUS_SRC1_ALPHA, "BlendCreate's SRC1 factors");

   /* OpenGL 3.3 section 4.1.8: a second draw buffer set -> INVALID_OPERATION */
   GLuint rb[2], fbo;
   glf_GenRenderbuffers(2, rb);
   glf_GenFramebuffers(1, &fbo);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (int i = 0; i < 2; i++) {
      glf_BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      glf_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
      glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_RENDERBUFFER, rb[i]);
   }
   const GLenum both[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1}, second_only[2] = {GL_NONE, GL_COLOR_ATTACHMENT1};
   glf_DrawBuffers(2, both);
   expect_error(GL_NO_ERROR, "fbo");
   uint64_t draws = fake_wire_op_count[WIRE_OP_Draw];
   draw();
   expect_error(GL_INVALID_OPERATION, "SRC1 factors with two draw buffers");
   CHECK(fake_wire_op_count[WIRE_OP_Draw] == draws, "the refused draw reached the wire");
   glf_DrawBuffers(2, second_only);
   draw();
   expect_error(GL_INVALID_OPERATION, "SRC1 factors with draw buffer 1 set");
   glf_Disable(GL_BLEND);
   draw();
   expect_error(GL_NO_ERROR, "blending disabled: the factors are not in effect");
   glf_Enable(GL_BLEND);
   glf_BlendFunc(GL_ONE, GL_SRC_ALPHA_SATURATE); /* SRC_ALPHA_SATURATE is a destination factor too */
   draw();
   expect_error(GL_NO_ERROR, "no SRC1 factor");
   CHECK(fake_wire_op_count[WIRE_OP_Draw] == draws + 2, "draws");
   glf_BindFramebuffer(GL_FRAMEBUFFER, 0);
   glf_DeleteFramebuffers(1, &fbo);
   glf_DeleteRenderbuffers(2, rb);
   glf_DeleteProgram(p);
   glf_DeleteVertexArrays(1, &vao);

   /* link rules: one output per location and index; with an index-1 output, nothing at or past
    * MAX_DUAL_SOURCE_DRAW_BUFFERS */
   const struct fbind clash[] = {{"first", 0, 1}, {"second", 0, 1}, {NULL, 0, 0}};
   CHECK(!link(FS_TWO_OUT, clash, log, sizeof(log)) && log[0], "two outputs at location 0 index 1 linked");
   const struct fbind far[] = {{"first", 1, 0}, {"second", 0, 1}, {NULL, 0, 0}};
   CHECK(!link(FS_TWO_OUT, far, log, sizeof(log)) && strstr(log, "MAX_DUAL_SOURCE_DRAW_BUFFERS"),
         "an output at location 1 beside an index-1 output linked: %s", log);
   const struct fbind apart[] = {{"first", 1, 0}, {"second", 0, 0}, {NULL, 0, 0}};
   p = link(FS_TWO_OUT, apart, log, sizeof(log));
   CHECK(p, "two locations without index 1 do not link: %s", log);
   glf_DeleteProgram(p);
   drop(ctx);
}

static void
without_device(void)
{
   struct glf_context *ctx = make(0);
   char log[1024];
   GLint v = -1;
   glf_GetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &v);
   CHECK(v == 0, "MAX_DUAL_SOURCE_DRAW_BUFFERS %d without dualSrcBlend", v);
   CHECK(!listed("GL_ARB_blend_func_extended"), "GL_ARB_blend_func_extended listed without dualSrcBlend");
   GLuint p = glf_CreateProgram();
   glf_BindFragDataLocationIndexed(p, 0, 1, "second");
   expect_error(GL_INVALID_VALUE, "index 1 with MAX_DUAL_SOURCE_DRAW_BUFFERS 0");
   glf_DeleteProgram(p);
   CHECK(!link(FS_LAYOUT, NULL, log, sizeof(log)) && strstr(log, "MAX_DUAL_SOURCE_DRAW_BUFFERS"),
         "layout(index = 1) linked without dualSrcBlend: %s", log);
   p = link(FS_TWO_OUT, NULL, log, sizeof(log));
   CHECK(p, "link: %s", log);
   GLuint vao;
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);
   glf_UseProgram(p);
   /* the tokens are still accepted; a draw that would blend with them into a colour buffer is
    * INVALID_OPERATION, and what travels never names them */
   glf_BlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_ALPHA);
   expect_error(GL_NO_ERROR, "SRC1 factors accepted");
   glf_Enable(GL_BLEND);
   draw();
   expect_error(GL_INVALID_OPERATION, "SRC1 blending with MAX_DUAL_SOURCE_DRAW_BUFFERS 0");
   glf_Disable(GL_BLEND);
   draw();
   expect_error(GL_NO_ERROR, "blending disabled");
   for (int i = 0; i < WIRE_MAX_COLOR_BUFS; i++) {
      const struct wire_rt_blend *rt = &fake_wire_last_blend.rt[i];
      CHECK(!is_src1(rt->rgb_src) && !is_src1(rt->rgb_dst) && !is_src1(rt->alpha_src) && !is_src1(rt->alpha_dst),
            "rt %d names a SRC1 factor on a device without dualSrcBlend", i);
   }
   glf_DeleteProgram(p);
   glf_DeleteVertexArrays(1, &vao);
   drop(ctx);
}

int
main(void)
{
   with_device();
   without_device();
   if (fails)
      printf("%d failures\n", fails);
   else
      printf("front_dual_source: ok\n");
   return fails ? 1 : 0;
}
