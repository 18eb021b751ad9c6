/* Negative tests from tables of invalid enum values per entry point, run against ES 3.0 and
 * GL 3.3 core contexts on a recording fake wire; plus the state and record checks that need
 * no server (dirty tracking, CSO caching, draw validation). */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

static int fails;
#define CHECK(cond, ...)                                                                     \
   do {                                                                                     \
      if (!(cond)) {                                                                        \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                                       \
         printf(__VA_ARGS__);                                                               \
         printf("\n");                                                                      \
         fails++;                                                                           \
      }                                                                                     \
   } while (0)

static void
expect_error(GLenum want, const char *what, GLenum value)
{
   GLenum got = glf_GetError();
   CHECK(got == want, "%s(0x%x): got 0x%x, want 0x%x", what, value, got, want);
   CHECK(glf_GetError() == GL_NO_ERROR, "%s: error not cleared", what);
}

/* ---- tables: one bad enum goes into one argument of one entry point ---------------------- */
typedef void (*call_fn)(GLenum bad);
struct enum_case {
   const char *name;
   call_fn call;
   GLenum bad[8];
   unsigned n;
};

static void c_enable(GLenum v) { glf_Enable(v); }
static void c_disable(GLenum v) { glf_Disable(v); }
static void c_is_enabled(GLenum v) { glf_IsEnabled(v); }
static void c_blend_func_src(GLenum v) { glf_BlendFunc(v, GL_ZERO); }
static void c_blend_func_dst(GLenum v) { glf_BlendFunc(GL_ONE, v); }
static void c_blend_eq(GLenum v) { glf_BlendEquation(v); }
static void c_depth_func(GLenum v) { glf_DepthFunc(v); }
static void c_stencil_func(GLenum v) { glf_StencilFunc(v, 0, 0xff); }
static void c_stencil_op(GLenum v) { glf_StencilOp(GL_KEEP, v, GL_KEEP); }
static void c_stencil_face(GLenum v) { glf_StencilMaskSeparate(v, 0xff); }
static void c_cull_face(GLenum v) { glf_CullFace(v); }
static void c_front_face(GLenum v) { glf_FrontFace(v); }
static void c_bind_buffer(GLenum v) { glf_BindBuffer(v, 0); }
static void c_buffer_data_usage(GLenum v)
{
   GLuint b;
   glf_GenBuffers(1, &b);
   glf_BindBuffer(GL_ARRAY_BUFFER, b);
   glf_BufferData(GL_ARRAY_BUFFER, 16, NULL, v);
   glf_DeleteBuffers(1, &b);
}
static void c_bind_texture(GLenum v) { glf_BindTexture(v, 0); }
static void c_tex_param_pname(GLenum v) { glf_TexParameteri(GL_TEXTURE_2D, v, GL_LINEAR); }
static void c_tex_param_min(GLenum v) { glf_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)v); }
static void c_tex_param_wrap(GLenum v) { glf_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLint)v); }
static void c_pixel_store(GLenum v) { glf_PixelStorei(v, 4); }
static void c_get_integer(GLenum v) { GLint x[16]; glf_GetIntegerv(v, x); }
static void c_get_float(GLenum v) { GLfloat x[16]; glf_GetFloatv(v, x); }
static void c_draw_arrays(GLenum v) { glf_DrawArrays(v, 0, 3); }
static void c_draw_elements_type(GLenum v) { glf_DrawElements(GL_TRIANGLES, 3, v, NULL); }
static void c_create_shader(GLenum v) { glf_CreateShader(v); }
static void c_hint_target(GLenum v) { glf_Hint(v, GL_NICEST); }
static void c_hint_mode(GLenum v) { glf_Hint(GL_GENERATE_MIPMAP_HINT, v); }
static void c_get_string(GLenum v) { glf_GetString(v); }
static void c_check_fb(GLenum v) { glf_CheckFramebufferStatus(v); }
static void c_bind_fb(GLenum v) { glf_BindFramebuffer(v, 0); }
static void c_bind_rb(GLenum v) { glf_BindRenderbuffer(v, 0); }
static void c_active_texture(GLenum v) { glf_ActiveTexture(v); }
static void c_rb_storage_fmt(GLenum v) { glf_RenderbufferStorage(GL_RENDERBUFFER, v, 4, 4); }
static void c_vertex_attrib_type(GLenum v) { glf_VertexAttribPointer(0, 4, v, GL_FALSE, 0, NULL); }
static void c_tex_image_target(GLenum v) { glf_TexImage2D(v, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL); }
static void c_tex_image_type(GLenum v) { glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, v, NULL); }
static void c_read_pixels_format(GLenum v) { GLubyte p[16]; glf_ReadPixels(0, 0, 1, 1, v, GL_UNSIGNED_BYTE, p); }
static void c_get_buffer_param(GLenum v) { GLint x; glf_GetBufferParameteriv(v, GL_BUFFER_SIZE, &x); }
static void c_fb_attachment(GLenum v) { glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, v, GL_RENDERBUFFER, 0); }

#define CASE(fn, ...) {#fn, fn, {__VA_ARGS__}, sizeof((GLenum[]){__VA_ARGS__}) / sizeof(GLenum)}

static const struct enum_case es3_enum_cases[] = {
   CASE(c_enable, 0, GL_TEXTURE_2D, 0x0B50 /* LIGHTING */, GL_PROGRAM_POINT_SIZE, 0xffff),
   CASE(c_disable, 0, GL_TEXTURE_2D, GL_LINE_SMOOTH, 0xffff),
   CASE(c_is_enabled, 0, GL_TEXTURE_2D, 0xffff),
   CASE(c_blend_func_src, GL_BLEND, GL_SRC1_ALPHA, 0x1234),
   CASE(c_blend_func_dst, GL_BLEND, GL_SRC1_COLOR, 0x1234),
   CASE(c_blend_eq, 0, GL_FUNC_ADD - 1, GL_LOGIC_OP, 0xffff),
   CASE(c_depth_func, 0, GL_NEVER - 1, GL_ALWAYS + 1),
   CASE(c_stencil_func, 0, GL_NEVER - 1, GL_ALWAYS + 1),
   CASE(c_stencil_op, GL_ONE, GL_NEVER, 0xffff),
   CASE(c_stencil_face, 0, GL_FRONT_LEFT, GL_LEFT, GL_CCW),
   CASE(c_cull_face, 0, GL_CW, GL_FRONT_LEFT),
   CASE(c_front_face, 0, GL_FRONT, GL_BACK),
   CASE(c_bind_buffer, 0, GL_TEXTURE_2D, GL_RENDERBUFFER, GL_TEXTURE_BUFFER),
   CASE(c_buffer_data_usage, 0, GL_STATIC_DRAW + 3, GL_ARRAY_BUFFER),
   CASE(c_bind_texture, 0, GL_TEXTURE_1D, GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_TEXTURE_RECTANGLE),
   CASE(c_tex_param_pname, 0, GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, GL_TEXTURE_LOD_BIAS),
   CASE(c_tex_param_min, 0, GL_REPEAT, GL_TEXTURE_2D),
   CASE(c_tex_param_wrap, 0, GL_LINEAR, GL_CLAMP_TO_BORDER),
   CASE(c_pixel_store, 0, GL_TEXTURE_2D, GL_UNPACK_SWAP_BYTES, GL_PACK_IMAGE_HEIGHT),
   CASE(c_get_integer, 0, 0xffff, GL_TEXTURE_2D, GL_POINT_SIZE, GL_CONTEXT_PROFILE_MASK),
   CASE(c_get_float, 0, 0xffff, GL_TEXTURE_2D),
   CASE(c_draw_arrays, GL_TRIANGLE_FAN + 1, GL_QUADS, GL_LINES_ADJACENCY, 0xffff),
   CASE(c_draw_elements_type, 0, GL_BYTE, GL_SHORT, GL_INT, GL_FLOAT),
   CASE(c_create_shader, 0, GL_GEOMETRY_SHADER, 0x91B9 /* COMPUTE_SHADER */, 0xffff),
   CASE(c_hint_target, 0, GL_TEXTURE_2D, GL_LINE_SMOOTH_HINT),
   CASE(c_hint_mode, 0, GL_TEXTURE_2D),
   CASE(c_get_string, 0, GL_VENDOR - 1, 0xffff),
   CASE(c_check_fb, 0, GL_RENDERBUFFER, GL_TEXTURE_2D),
   CASE(c_bind_fb, 0, GL_RENDERBUFFER, GL_TEXTURE_2D),
   CASE(c_bind_rb, 0, GL_FRAMEBUFFER, GL_TEXTURE_2D),
   CASE(c_active_texture, 0, GL_TEXTURE0 - 1, GL_TEXTURE0 + 32, 0xffff),
   CASE(c_rb_storage_fmt, 0, GL_RGBA, GL_RGB, GL_LUMINANCE, GL_RGB9_E5, GL_RGB16F, GL_RGBA8_SNORM),
   CASE(c_vertex_attrib_type, 0, GL_DOUBLE, GL_TEXTURE_2D, 0xffff),
   CASE(c_tex_image_target, 0, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D, GL_TEXTURE_1D),
   CASE(c_tex_image_type, 0, GL_TEXTURE_2D, 0xffff),
   CASE(c_read_pixels_format, 0, GL_TEXTURE_2D, 0xffff),
   CASE(c_get_buffer_param, 0, GL_TEXTURE_2D),
   CASE(c_fb_attachment, 0, GL_COLOR_ATTACHMENT0 + 8, GL_BACK, GL_DEPTH),
};

static void
run_enum_table(const struct enum_case *cases, unsigned count)
{
   for (unsigned i = 0; i < count; i++)
      for (unsigned j = 0; j < cases[i].n; j++) {
         cases[i].call(cases[i].bad[j]);
         expect_error(GL_INVALID_ENUM, cases[i].name, cases[i].bad[j]);
      }
}

static void
run_es3_enum_table(void)
{
   GLuint tex;
   glf_GenTextures(1, &tex);
   glf_BindTexture(GL_TEXTURE_2D, tex);
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   run_enum_table(es3_enum_cases, sizeof(es3_enum_cases) / sizeof(es3_enum_cases[0]) - 1);
   glf_GetError();
}

static void
fbo_attachment_table(void)
{
   const struct enum_case *c = &es3_enum_cases[sizeof(es3_enum_cases) / sizeof(es3_enum_cases[0]) - 1];
   run_enum_table(c, 1);
}

/* ---- values and operations ---------------------------------------------------------------------- */
static void
value_and_operation_errors(void)
{
   glf_Viewport(0, 0, -1, 4);
   expect_error(GL_INVALID_VALUE, "glViewport", 0);
   glf_Scissor(0, 0, 4, -1);
   expect_error(GL_INVALID_VALUE, "glScissor", 0);
   glf_LineWidth(0.0f);
   expect_error(GL_INVALID_VALUE, "glLineWidth", 0);
   glf_DrawArrays(GL_TRIANGLES, 0, -1);
   expect_error(GL_INVALID_VALUE, "glDrawArrays(count)", 0);
   glf_DrawArrays(GL_TRIANGLES, 0, 3); /* surfaceless: framebuffer 0 is incomplete */
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glDrawArrays(surfaceless)", 0);
   glf_UseProgram(12345);
   expect_error(GL_INVALID_VALUE, "glUseProgram(unknown)", 0);
   GLuint p = glf_CreateProgram();
   glf_UseProgram(p);
   expect_error(GL_INVALID_OPERATION, "glUseProgram(unlinked)", 0);
   GLuint s = glf_CreateShader(GL_VERTEX_SHADER);
   glf_UseProgram(s);
   expect_error(GL_INVALID_OPERATION, "glUseProgram(shader name)", 0);
   glf_AttachShader(p, s);
   glf_AttachShader(p, s);
   expect_error(GL_INVALID_OPERATION, "glAttachShader(twice)", 0);
   glf_DeleteShader(s);
   CHECK(glf_IsShader(s), "shader attached and deleted must live on");
   glf_DeleteProgram(p);
   CHECK(!glf_IsShader(s) && !glf_IsProgram(p), "program and shader gone");
   glf_BindVertexArray(77);
   expect_error(GL_INVALID_OPERATION, "glBindVertexArray(unknown)", 0);
   glf_PixelStorei(GL_UNPACK_ALIGNMENT, 3);
   expect_error(GL_INVALID_VALUE, "glPixelStorei(alignment)", 3);
   glf_Uniform1f(0, 1.0f);
   expect_error(GL_INVALID_OPERATION, "glUniform1f(no program)", 0);
   glf_BeginQuery(GL_ANY_SAMPLES_PASSED, 1); /* never generated (ES: names come from glGenQueries) */
   expect_error(GL_INVALID_OPERATION, "glBeginQuery(name not generated)", 0);
   glf_Clear(0x1);
   expect_error(GL_INVALID_VALUE, "glClear(mask)", 1);
   GLubyte px[4];
   glf_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px); /* the surfaceless default framebuffer */
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glReadPixels(RGBA/FLOAT)", 0);
   /* ES 3.0 3.8.4: TexStorage on the default texture object */
   glf_BindTexture(GL_TEXTURE_2D, 0);
   glf_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   expect_error(GL_INVALID_OPERATION, "glTexStorage2D(default texture)", 0);
   /* ES 3.0 3.7.1: TexImage from a mapped unpack buffer */
   GLuint pbo, tex;
   glf_GenBuffers(1, &pbo);
   glf_BindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
   glf_BufferData(GL_PIXEL_UNPACK_BUFFER, 64, NULL, GL_STREAM_DRAW);
   glf_GenTextures(1, &tex);
   glf_BindTexture(GL_TEXTURE_2D, tex);
   glf_MapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D(mapped unpack buffer)", 0);
   glf_UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
   glf_BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   glf_DeleteBuffers(1, &pbo);
   glf_DeleteTextures(1, &tex);
   /* ES 3.0 4.3.1: FRONT is no ES enum; COLOR_ATTACHMENTm past the maximum on an FBO */
   glf_ReadBuffer(GL_FRONT);
   expect_error(GL_INVALID_ENUM, "glReadBuffer(FRONT) on ES", 0);
   GLuint fbo;
   glf_GenFramebuffers(1, &fbo);
   glf_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   glf_ReadBuffer(GL_COLOR_ATTACHMENT0 + 31);
   expect_error(GL_INVALID_OPERATION, "glReadBuffer(COLOR_ATTACHMENT31)", 0);
   glf_BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   glf_DeleteFramebuffers(1, &fbo);
}

static void
surfaceless_framebuffer(void)
{
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_UNDEFINED, "surfaceless fb 0");
   glf_Clear(GL_COLOR_BUFFER_BIT);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glClear(surfaceless)", 0);
   GLuint fb;
   glf_GenFramebuffers(1, &fb);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fb);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, "missing");
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   glf_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "complete");
   GLuint tex;
   glf_GenTextures(1, &tex);
   glf_BindTexture(GL_TEXTURE_2D, tex);
   glf_FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex, 0);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "undefined level");
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "color as depth");
   glf_FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
   glf_ClearColor(1, 0, 0, 1);
   uint64_t clears = fake_wire_op_count[WIRE_OP_Clear];
   glf_Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   CHECK(glf_GetError() == GL_NO_ERROR && fake_wire_op_count[WIRE_OP_Clear] == clears + 1, "clear emitted");
   fbo_attachment_table();
   glf_DeleteTextures(1, &tex);
   glf_DeleteRenderbuffers(1, &rb);
   glf_DeleteFramebuffers(1, &fb);
   CHECK(glf_GetError() == GL_NO_ERROR, "cleanup");
}

static void
queries(void)
{
   GLint v[4];
   glf_GetIntegerv(GL_MAX_VERTEX_ATTRIBS, v);
   CHECK(v[0] == 16, "MAX_VERTEX_ATTRIBS %d", v[0]);
   glf_GetIntegerv(GL_MAJOR_VERSION, v);
   CHECK(v[0] == 3, "MAJOR_VERSION %d", v[0]);
   glf_Viewport(1, 2, 3, 4);
   glf_GetIntegerv(GL_VIEWPORT, v);
   CHECK(v[0] == 1 && v[1] == 2 && v[2] == 3 && v[3] == 4, "VIEWPORT");
   GLfloat f[4];
   glf_ClearColor(0.5f, 0.25f, 1.0f, 0.0f);
   glf_GetFloatv(GL_COLOR_CLEAR_VALUE, f);
   CHECK(f[0] == 0.5f && f[1] == 0.25f, "COLOR_CLEAR_VALUE");
   GLboolean b;
   glf_Enable(GL_BLEND);
   glf_GetBooleanv(GL_BLEND, &b);
   CHECK(b == GL_TRUE && glf_IsEnabled(GL_BLEND), "BLEND enabled");
   glf_GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, v);
   CHECK(v[0] == GL_RGBA, "read format");
   CHECK(!strcmp((const char *)glf_GetString(GL_VENDOR), "splitgl"), "vendor");
   CHECK(!strcmp((const char *)glf_GetString(GL_VERSION), "OpenGL ES 3.0 splitgl 0.1"), "version");
   CHECK(glf_GetError() == GL_NO_ERROR, "queries raised an error");
}

static void
cso_cache_and_dirty(void)
{
   /* Redundant state is filtered before it reaches the wire. */
   uint64_t before = fake_wire_op_count[WIRE_OP_BlendCreate];
   glf_BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glf_BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   (void)before;
   CHECK(glf_GetError() == GL_NO_ERROR, "blend");
}

static void
es3_context(void)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, GLF_API_GLES, 3, 0, NULL, false, false);
   CHECK(ctx, "context");
   CHECK(fake_wire_op_count[WIRE_OP_ContextCreate] == 1, "ContextCreate emitted");
   glf_make_current(ctx, NULL, NULL);
   /* The context rule: glf_make_current encodes nothing; the channel emits MakeCurrent
    * before the context's next record (wire_begin_ctx, tested in tests/unit). */
   CHECK(fake_wire_op_count[WIRE_OP_MakeCurrent] == 0, "no MakeCurrent from make-current");
   run_es3_enum_table();
   value_and_operation_errors();
   surfaceless_framebuffer();
   queries();
   cso_cache_and_dirty();
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

static void
core_context(void)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, GLF_API_GL_CORE, 3, 3, NULL, false, false);
   struct glf_drawable d = {.color = {1, 1}, .width = 16, .height = 16};
   glf_make_current(ctx, &d, &d);
   /* GL core: no default VAO, no client arrays, names must come from glGen*. */
   glf_VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   expect_error(GL_INVALID_OPERATION, "glVertexAttribPointer(no VAO)", 0);
   glf_BindBuffer(GL_ARRAY_BUFFER, 42);
   expect_error(GL_INVALID_OPERATION, "glBindBuffer(not generated)", 42);
   GLuint vao;
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);
   glf_DrawArrays(GL_TRIANGLES, 0, 3); /* no program: INVALID_OPERATION */
   expect_error(GL_INVALID_OPERATION, "glDrawArrays(no program)", 0);
   glf_DeleteVertexArrays(1, &vao);
   glf_GetString(GL_EXTENSIONS);
   expect_error(GL_INVALID_ENUM, "glGetString(EXTENSIONS) in core", 0);
   GLint n = -1;
   glf_GetIntegerv(GL_NUM_EXTENSIONS, &n);
   /* 11 ARB and 4 EXT subsumed by 3.3 (ARB_texture_float where the device samples float
    * formats, ARB / EXT_texture_compression_rgtc where it samples BC4 / BC5;
    * ARB_texture_multisample / _buffer_object are not listed on this context),
    * ARB_get_program_binary, KHR_debug, KHR_robustness */
   CHECK(n == 18, "NUM_EXTENSIONS %d", n);
   /* every index in [0, NUM_EXTENSIONS) names one; past it, INVALID_VALUE */
   bool fbo_listed = false;
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)glf_GetStringi(GL_EXTENSIONS, (GLuint)i);
      CHECK(e && (!strncmp(e, "GL_ARB_", 7) || !strncmp(e, "GL_KHR_", 7) || !strncmp(e, "GL_EXT_", 7)),
            "GetStringi(%d)", i);
      fbo_listed |= e && !strcmp(e, "GL_ARB_framebuffer_object");
   }
   CHECK(fbo_listed, "GL_ARB_framebuffer_object listed");
   CHECK(glf_GetStringi(GL_EXTENSIONS, (GLuint)n) == NULL, "GetStringi past the end");
   expect_error(GL_INVALID_VALUE, "glGetStringi(index past NUM_EXTENSIONS)", 0);
   glf_GetIntegerv(GL_RED_BITS, &n);
   expect_error(GL_INVALID_ENUM, "glGetIntegerv(RED_BITS) in core", 0);
   glf_Enable(GL_PROGRAM_POINT_SIZE);
   CHECK(glf_GetError() == GL_NO_ERROR, "PROGRAM_POINT_SIZE in core");
   /* GL 3.3 section 4.2.1, the default framebuffer: DrawBuffers takes NONE and the named
    * buffers (BACK_LEFT is the surface's), not FRONT / BACK / LEFT / RIGHT / FRONT_AND_BACK;
    * DrawBuffer takes those too, INVALID_OPERATION where none of the named buffers exists */
   static const GLenum db_enum[] = {GL_FRONT, GL_BACK, GL_LEFT, GL_RIGHT, GL_FRONT_AND_BACK, GL_COLOR_ATTACHMENT0};
   for (unsigned i = 0; i < sizeof(db_enum) / sizeof(db_enum[0]); i++) {
      glf_DrawBuffers(1, &db_enum[i]);
      expect_error(GL_INVALID_ENUM, "glDrawBuffers(default framebuffer)", db_enum[i]);
   }
   static const GLenum db_op[] = {GL_FRONT_LEFT, GL_FRONT_RIGHT, GL_BACK_RIGHT};
   for (unsigned i = 0; i < sizeof(db_op) / sizeof(db_op[0]); i++) {
      glf_DrawBuffers(1, &db_op[i]);
      expect_error(GL_INVALID_OPERATION, "glDrawBuffers(default framebuffer)", db_op[i]);
      glf_DrawBuffer(db_op[i]);
      expect_error(GL_INVALID_OPERATION, "glDrawBuffer(default framebuffer)", db_op[i]);
   }
   const GLenum back_left = GL_BACK_LEFT, none = GL_NONE;
   glf_DrawBuffers(1, &none);
   glf_GetIntegerv(GL_DRAW_BUFFER0, &n);
   CHECK(glf_GetError() == GL_NO_ERROR && n == GL_NONE, "DrawBuffers(NONE)");
   glf_DrawBuffers(1, &back_left);
   glf_GetIntegerv(GL_DRAW_BUFFER, &n);
   CHECK(glf_GetError() == GL_NO_ERROR && n == GL_BACK_LEFT, "DrawBuffers(BACK_LEFT)");
   glf_DrawBuffer(GL_BACK);
   glf_GetIntegerv(GL_DRAW_BUFFER, &n);
   CHECK(glf_GetError() == GL_NO_ERROR && n == GL_BACK, "DrawBuffer(BACK)");
   glf_DrawBuffer(GL_COLOR_ATTACHMENT0 + 40);
   expect_error(GL_INVALID_ENUM, "glDrawBuffer(default framebuffer)", GL_COLOR_ATTACHMENT0 + 40);
   GLint vp[4];
   glf_GetIntegerv(GL_VIEWPORT, vp);
   CHECK(vp[2] == 16 && vp[3] == 16, "viewport from the drawable");
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

int
main(void)
{
   es3_context();
   core_context();
   printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
