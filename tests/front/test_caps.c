/* Capabilities flow from the server (gl_front/caps.c): the limits a context reports and
 * checks come from GetInfo's capability table, clamped to the wire's maxima and raised to the
 * spec's minimums; glGetInternalformativ; attributes the server cannot fetch are converted;
 * indices past the element array buffer read as zero. On the recording fake wire, whose
 * GetInfo reply each case sets. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"
#include "wire/format.h"

#include "../egl/egl_check.h" /* CHECK and its failure count */
#include "front_context.h"

static struct glf_context *
make(enum glf_api api)
{
   return front_context(api, 3, api == GLF_API_GLES ? 0 : 3);
}

static void
drop(struct glf_context *ctx)
{
   front_context_end(ctx);
}

static GLint
get_int(GLenum pname)
{
   GLint v[4] = {-1, -1, -1, -1};
   glf_GetIntegerv(pname, v);
   return v[0];
}

static void
set_cap(enum wire_cap c, uint64_t v)
{
   fake_wire_info.caps[c] = v;
}

/* A device above the wire's maxima: the wire wins. */
static void
big_device(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   set_cap(WIRE_CAP_MAX_TEXTURE_SIZE, 32768);
   set_cap(WIRE_CAP_MAX_CUBE_MAP_TEXTURE_SIZE, 32768);
   set_cap(WIRE_CAP_MAX_RENDERBUFFER_SIZE, 8192);
   set_cap(WIRE_CAP_MAX_VIEWPORT_WIDTH, 65536);
   set_cap(WIRE_CAP_MAX_VIEWPORT_HEIGHT, 20000);
   set_cap(WIRE_CAP_MAX_VERTEX_ATTRIBS, 32);
   set_cap(WIRE_CAP_MAX_PER_STAGE_SAMPLERS, 1u << 20);
   set_cap(WIRE_CAP_MAX_COMBINED_SAMPLERS, 1u << 20);
   set_cap(WIRE_CAP_MAX_UNIFORM_BUFFER_RANGE, 1u << 30);
   set_cap(WIRE_CAP_MAX_COLOR_ATTACHMENTS, 16);
   set_cap(WIRE_CAP_POINT_SIZE_MIN, wire_cap_from_float(1.0f));
   set_cap(WIRE_CAP_POINT_SIZE_MAX, wire_cap_from_float(64.0f));
   set_cap(WIRE_CAP_LINE_WIDTH_MIN, wire_cap_from_float(0.5f));
   set_cap(WIRE_CAP_LINE_WIDTH_MAX, wire_cap_from_float(8.0f));
   set_cap(WIRE_CAP_MIN_TEXEL_OFFSET, wire_cap_from_int(-32));
   set_cap(WIRE_CAP_MAX_TEXEL_OFFSET, wire_cap_from_int(31));
   struct glf_context *ctx = make(GLF_API_GLES);
   CHECK(get_int(GL_MAX_TEXTURE_SIZE) == WIRE_MAX_TEXTURE_SIZE, "MAX_TEXTURE_SIZE %d", get_int(GL_MAX_TEXTURE_SIZE));
   CHECK(get_int(GL_MAX_CUBE_MAP_TEXTURE_SIZE) == WIRE_MAX_TEXTURE_SIZE, "cube");
   CHECK(get_int(GL_MAX_RENDERBUFFER_SIZE) == 8192, "MAX_RENDERBUFFER_SIZE %d", get_int(GL_MAX_RENDERBUFFER_SIZE));
   GLint vp[2];
   glf_GetIntegerv(GL_MAX_VIEWPORT_DIMS, vp);
   CHECK(vp[0] == WIRE_MAX_VIEWPORT_DIM && vp[1] == 20000, "MAX_VIEWPORT_DIMS %d %d", vp[0], vp[1]);
   CHECK(get_int(GL_MAX_VERTEX_ATTRIBS) == WIRE_MAX_VERTEX_ATTRIBS, "MAX_VERTEX_ATTRIBS");
   CHECK(get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) == WIRE_MAX_SAMPLER_UNITS, "combined units");
   CHECK(get_int(GL_MAX_TEXTURE_IMAGE_UNITS) == WIRE_MAX_SAMPLER_UNITS, "units");
   CHECK(get_int(GL_MAX_DRAW_BUFFERS) == WIRE_MAX_COLOR_BUFS, "MAX_DRAW_BUFFERS");
   /* One default block (WIRE_MAX_CONSTANT_SIZE bytes) shared by two stages. */
   CHECK(get_int(GL_MAX_FRAGMENT_UNIFORM_VECTORS) == (GLint)(WIRE_MAX_CONSTANT_SIZE / 16 / 2), "uniform vectors %d",
         get_int(GL_MAX_FRAGMENT_UNIFORM_VECTORS));
   /* ES 3.0 table 6.33: blocks * block size / 4 + default-block components (ANGLE asks) */
   GLint64 combined = -1;
   glf_GetInteger64v(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS, &combined);
   CHECK(combined == (GLint64)get_int(GL_MAX_VERTEX_UNIFORM_BLOCKS) * get_int(GL_MAX_UNIFORM_BLOCK_SIZE) / 4 +
                        get_int(GL_MAX_VERTEX_UNIFORM_COMPONENTS),
         "MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS %lld", (long long)combined);
   glf_GetInteger64v(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS, &combined);
   CHECK(combined > get_int(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS), "MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS");
   GLint none[2] = {-7, -7};
   glf_GetIntegerv(GL_SHADER_BINARY_FORMATS, none); /* NUM_SHADER_BINARY_FORMATS is 0: nothing written */
   CHECK(none[0] == -7 && glf_GetError() == GL_NO_ERROR, "SHADER_BINARY_FORMATS");
   GLfloat r[2];
   glf_GetFloatv(GL_ALIASED_POINT_SIZE_RANGE, r);
   CHECK(r[0] == 1.0f && r[1] == 64.0f, "point size range %f %f", r[0], r[1]);
   glf_GetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, r);
   CHECK(r[0] == 0.5f && r[1] == 8.0f, "line width range %f %f", r[0], r[1]);
   /* The checks follow the reported limits. */
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, WIRE_MAX_TEXTURE_SIZE + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "width past MAX_TEXTURE_SIZE");
   glf_TexImage2D(GL_TEXTURE_2D, 14, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(glf_GetError() == GL_NO_ERROR, "level 14 of a 16384 texture");
   glf_TexImage2D(GL_TEXTURE_2D, 15, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "level 15");
   glf_DeleteTextures(1, &t);
   glf_ActiveTexture(GL_TEXTURE0 + WIRE_MAX_SAMPLER_UNITS - 1);
   CHECK(glf_GetError() == GL_NO_ERROR, "last unit");
   glf_ActiveTexture(GL_TEXTURE0 + WIRE_MAX_SAMPLER_UNITS);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "unit past the limit");
   glf_ActiveTexture(GL_TEXTURE0);
   glf_Viewport(0, 0, 40000, 40000);
   GLint v[4];
   glf_GetIntegerv(GL_VIEWPORT, v);
   CHECK(v[2] == WIRE_MAX_VIEWPORT_DIM && v[3] == 20000, "viewport clamped to MAX_VIEWPORT_DIMS: %d %d", v[2], v[3]);
   /* The shading language sees the same limits: its gl_Max* constants, and textureOffset's
    * range (GLSL ES 3.00 section 8.8: outside [gl_MinProgramTexelOffset,
    * gl_MaxProgramTexelOffset] is a compile-time error). */
   CHECK(get_int(GL_MAX_PROGRAM_TEXEL_OFFSET) == 31 && get_int(GL_MIN_PROGRAM_TEXEL_OFFSET) == -32, "texel offsets");
   static const char *fs =
      "#version 300 es\nprecision mediump float;\nuniform sampler2D s;\nout vec4 o;\n"
      "float check[gl_MaxFragmentUniformVectors == 2048 && gl_MaxDrawBuffers == 8 ? 1 : -1];\n"
      "void main() { o = textureOffset(s, vec2(0.5), ivec2(20, -30)); }\n";
   GLuint sh = glf_CreateShader(GL_FRAGMENT_SHADER);
   glf_ShaderSource(sh, 1, &fs, NULL);
   glf_CompileShader(sh);
   GLint ok = 0;
   glf_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024];
      glf_GetShaderInfoLog(sh, sizeof(log), NULL, log);
      printf("%s\n", log);
   }
   CHECK(ok, "shader built against the context's limits");
   glf_DeleteShader(sh);
   drop(ctx);
}

/* A device below the spec: the minimums win (ES 3.0 and GL 3.3 differ). */
static void
small_device(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   set_cap(WIRE_CAP_MAX_TEXTURE_SIZE, 512);
   set_cap(WIRE_CAP_MAX_RENDERBUFFER_SIZE, 512);
   set_cap(WIRE_CAP_MAX_VERTEX_ATTRIBS, 8);
   set_cap(WIRE_CAP_MAX_COMBINED_SAMPLERS, 4);
   set_cap(WIRE_CAP_MAX_FRAGMENT_INPUT_COMPONENTS, 32);
   struct glf_context *ctx = make(GLF_API_GLES);
   CHECK(get_int(GL_MAX_TEXTURE_SIZE) == 2048, "ES 3.0 minimum texture size, got %d", get_int(GL_MAX_TEXTURE_SIZE));
   CHECK(get_int(GL_MAX_RENDERBUFFER_SIZE) == 2048, "ES renderbuffer");
   CHECK(get_int(GL_MAX_VERTEX_ATTRIBS) == 16, "attribs");
   CHECK(get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) == 32, "ES combined units");
   CHECK(get_int(GL_MAX_FRAGMENT_INPUT_COMPONENTS) == 60, "ES fragment inputs");
   CHECK(get_int(GL_MAX_VARYING_VECTORS) == 15, "ES varying vectors %d", get_int(GL_MAX_VARYING_VECTORS));
   /* no multisampled formats reported: MAX_SAMPLES is the device's (1), never a promise of 4 */
   CHECK(get_int(GL_MAX_SAMPLES) == 1, "MAX_SAMPLES %d", get_int(GL_MAX_SAMPLES));
   /* ES 3.0 table 6.33: blocks * block size / 4 + default-block components (ANGLE asks) */
   GLint64 combined = -1;
   glf_GetInteger64v(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS, &combined);
   CHECK(combined == (GLint64)get_int(GL_MAX_VERTEX_UNIFORM_BLOCKS) * get_int(GL_MAX_UNIFORM_BLOCK_SIZE) / 4 +
                        get_int(GL_MAX_VERTEX_UNIFORM_COMPONENTS),
         "MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS %lld", (long long)combined);
   glf_GetInteger64v(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS, &combined);
   CHECK(combined > get_int(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS), "MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS");
   GLint none[2] = {-7, -7};
   glf_GetIntegerv(GL_SHADER_BINARY_FORMATS, none); /* NUM_SHADER_BINARY_FORMATS is 0: nothing written */
   CHECK(none[0] == -7 && glf_GetError() == GL_NO_ERROR, "SHADER_BINARY_FORMATS");
   GLfloat r[2];
   glf_GetFloatv(GL_ALIASED_POINT_SIZE_RANGE, r);
   CHECK(r[0] == 1.0f && r[1] == 1.0f, "no point range reported: (1, 1)");
   drop(ctx);
   ctx = make(GLF_API_GL_CORE);
   CHECK(get_int(GL_MAX_TEXTURE_SIZE) == 1024, "GL 3.3 minimum texture size, got %d", get_int(GL_MAX_TEXTURE_SIZE));
   CHECK(get_int(GL_MAX_FRAGMENT_INPUT_COMPONENTS) == 128, "GL fragment inputs");
   /* GL 3.3 asks 48 combined units (the wire carries 48: wire_types.h) */
   CHECK(get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) == 48, "GL combined units");
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   glf_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 1025, 1);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "renderbuffer past MAX_RENDERBUFFER_SIZE");
   glf_DeleteRenderbuffers(1, &rb);
   drop(ctx);
}

/* GL 3.3 core state moderngl asks for at start-up: granularities from the device,
 * DRAW_BUFFER, DOUBLEBUFFER / STEREO of single-buffered mono surfaces, and 0 dual-source
 * draw buffers (not implemented); ES has none of these. */
static void
gl_core_queries(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   set_cap(WIRE_CAP_LINE_WIDTH_MIN, wire_cap_from_float(1.0f));
   set_cap(WIRE_CAP_LINE_WIDTH_MAX, wire_cap_from_float(8.0f));
   set_cap(WIRE_CAP_POINT_SIZE_GRANULARITY, wire_cap_from_float(0.125f));
   set_cap(WIRE_CAP_LINE_WIDTH_GRANULARITY, wire_cap_from_float(0.5f));
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLfloat f = -1.0f;
   glf_GetFloatv(GL_POINT_SIZE_GRANULARITY, &f);
   CHECK(f == 0.125f, "POINT_SIZE_GRANULARITY %f", f);
   glf_GetFloatv(GL_LINE_WIDTH_GRANULARITY, &f);
   CHECK(f == 0.5f, "LINE_WIDTH_GRANULARITY %f", f);
   CHECK(get_int(GL_DRAW_BUFFER) == get_int(GL_DRAW_BUFFER0) && get_int(GL_DRAW_BUFFER) != -1, "DRAW_BUFFER %d",
         get_int(GL_DRAW_BUFFER));
   GLboolean b[2] = {GL_TRUE, GL_TRUE};
   glf_GetBooleanv(GL_DOUBLEBUFFER, &b[0]);
   glf_GetBooleanv(GL_STEREO, &b[1]);
   CHECK(!b[0] && !b[1], "DOUBLEBUFFER %d STEREO %d", b[0], b[1]);
   /* EXT_texture_integer (GL core lists it): RGBA_INTEGER_MODE_EXT is true while a draw
    * buffer holds integers */
   glf_GetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &b[0]);
   CHECK(!b[0] && glf_GetError() == GL_NO_ERROR, "RGBA_INTEGER_MODE_EXT, default framebuffer");
   GLuint fbo, rbs[2];
   glf_GenFramebuffers(1, &fbo);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glf_GenRenderbuffers(2, rbs);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rbs[0]);
   glf_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rbs[1]);
   glf_RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8UI, 4, 4);
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbs[0]);
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rbs[1]);
   CHECK(glf_GetError() == GL_NO_ERROR, "integer framebuffer set-up");
   glf_GetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &b[0]);
   CHECK(!b[0], "RGBA_INTEGER_MODE_EXT: drawing into the RGBA8 attachment only");
   static const GLenum both[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   glf_DrawBuffers(2, both);
   glf_GetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &b[0]);
   CHECK(b[0], "RGBA_INTEGER_MODE_EXT: an RGBA8UI draw buffer");
   glf_BindFramebuffer(GL_FRAMEBUFFER, 0);
   glf_DeleteFramebuffers(1, &fbo);
   glf_DeleteRenderbuffers(2, rbs);
   CHECK(get_int(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS) == 0, "MAX_DUAL_SOURCE_DRAW_BUFFERS");
   drop(ctx);
   ctx = make(GLF_API_GLES);
   glf_GetFloatv(GL_POINT_SIZE_GRANULARITY, &f);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "ES: POINT_SIZE_GRANULARITY");
   (void)get_int(GL_DRAW_BUFFER);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "ES: DRAW_BUFFER");
   glf_GetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &b[0]);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "ES: RGBA_INTEGER_MODE_EXT");
   drop(ctx);
}

static void
internalformat_query(void)
{
   /* RGBA8 renders with 2 and 4 samples, D24S8 with 4 (MS_FORMATS_*): the device's lists */
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   set_cap(WIRE_CAP_MS_FORMATS_2, 1ull << WIRE_FMT_R8G8B8A8_UNORM);
   set_cap(WIRE_CAP_MS_FORMATS_4, (1ull << WIRE_FMT_R8G8B8A8_UNORM) | (1ull << WIRE_FMT_D24_UNORM_S8_UINT));
   struct glf_context *ctx = make(GLF_API_GLES);
   GLint n = -1, s[4] = {-1, -1, -1, -1};
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 4, s);
   CHECK(n == 2 && s[0] == 4 && s[1] == 2 && s[2] == -1, "sample counts %d: %d %d %d", n, s[0], s[1], s[2]);
   CHECK(glf_GetError() == GL_NO_ERROR, "query");
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GL_SAMPLES, 1, s);
   CHECK(glf_GetError() == GL_NO_ERROR && s[0] == 4, "depth-stencil");
   glf_GetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 1, s);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "target");
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA, GL_SAMPLES, 1, s);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "unsized format is not renderable in ES");
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_RENDERBUFFER_WIDTH, 1, s);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "pname");
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, s);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "bufSize");
   /* A server that cannot render the format: not renderable. */
   drop(ctx);
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   set_cap(WIRE_CAP_RENDERABLE_FORMATS, 1ull << WIRE_FMT_R8G8B8A8_UNORM);
   ctx = make(GLF_API_GLES);
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, GL_SAMPLES, 1, s);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "format the server cannot render");
   drop(ctx);
}

static GLuint
program(void)
{
   static const char *vs = "#version 300 es\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
   static const char *fs = "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   GLuint p = glf_CreateProgram();
   const char *src[2] = {vs, fs};
   GLenum type[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int i = 0; i < 2; i++) {
      GLuint s = glf_CreateShader(type[i]);
      glf_ShaderSource(s, 1, &src[i], NULL);
      glf_CompileShader(s);
      glf_AttachShader(p, s);
      glf_DeleteShader(s);
   }
   glf_BindAttribLocation(p, 0, "pos");
   glf_LinkProgram(p);
   GLint ok = 0;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok, "link");
   glf_UseProgram(p);
   return p;
}

/* GL_INT through glVertexAttribPointer: no wire format the server fetches, so the draw
 * streams it converted to float; the velems then name R32G32_FLOAT. */
static void
converted_attributes(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   set_cap(WIRE_CAP_VERTEX_FORMATS_0, ~0ull); /* every format but the R32 SCALED ones */
   set_cap(WIRE_CAP_VERTEX_FORMATS_1, 0);
   struct glf_context *ctx = make(GLF_API_GLES);
   GLuint p = program();
   static const GLint pos[] = {-3, 7, 100000, -100000, 0, 1};
   GLuint vao, vbo;
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);
   glf_GenBuffers(1, &vbo);
   glf_BindBuffer(GL_ARRAY_BUFFER, vbo);
   glf_BufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
   glf_VertexAttribPointer(0, 2, GL_INT, GL_FALSE, 0, NULL);
   glf_EnableVertexAttribArray(0);
   uint64_t draws = fake_wire_op_count[WIRE_OP_Draw];
   glf_DrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(glf_GetError() == GL_NO_ERROR && fake_wire_op_count[WIRE_OP_Draw] == draws + 1, "converted draw emitted");
   /* The stream upload precedes the draw's state: find the floats among the staged bytes by
    * converting again (the last stage is the velems' vertex data or a later upload). */
   static const float want[] = {-3, 7, 100000, -100000, 0, 1};
   bool found = false;
   if (fake_wire_last_stage && fake_wire_last_stage_size >= sizeof(want))
      for (uint32_t o = 0; o + sizeof(want) <= fake_wire_last_stage_size; o += 4)
         found |= !memcmp(fake_wire_last_stage + o, want, sizeof(want));
   CHECK(found, "GL_INT attribute streamed as float");
   /* Normalized GL_INT: c / (2^31 - 1), clamped at -1. */
   static const GLint npos[] = {2147483647, -2147483647 - 1, 0, 1073741824, 0, 0};
   glf_BufferData(GL_ARRAY_BUFFER, sizeof(npos), npos, GL_STATIC_DRAW);
   glf_VertexAttribPointer(0, 2, GL_INT, GL_TRUE, 0, NULL);
   glf_DrawArrays(GL_TRIANGLES, 0, 3);
   float f[6] = {0};
   memcpy(f, fake_wire_last_stage, sizeof(f));
   CHECK(f[0] == 1.0f && f[1] == -1.0f && f[2] == 0.0f && f[3] > 0.49f && f[3] < 0.51f, "normalized %f %f %f %f",
         f[0], f[1], f[2], f[3]);
   /* Past the end of the buffer: zero. */
   glf_DrawArrays(GL_TRIANGLES, 0, 4);
   memcpy(f, fake_wire_last_stage, sizeof(f));
   CHECK(fake_wire_last_stage_size == 4 * 2 * 4, "4 vertices converted: %u bytes", fake_wire_last_stage_size);
   float tail[2] = {-1, -1};
   memcpy(tail, fake_wire_last_stage + 24, sizeof(tail));
   CHECK(tail[0] == 0.0f && tail[1] == 0.0f, "past the end reads zero");
   glf_DeleteBuffers(1, &vbo);
   glf_DeleteVertexArrays(1, &vao);
   glf_DeleteProgram(p);
   drop(ctx);
}

/* Indices past the end of the element array buffer: kept where inside, zero past the end,
 * streamed (never dropped, never an error: robust buffer access semantics). */
static void
indices_past_the_buffer(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   set_cap(WIRE_CAP_VERTEX_FORMATS_0, ~0ull);
   struct glf_context *ctx = make(GLF_API_GLES);
   GLuint p = program();
   static const float pos[] = {0, 0, 1, 0, 0, 1, 1, 1};
   static const GLubyte idx[] = {1, 2, 3};
   GLuint vao, b[2];
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);
   glf_GenBuffers(2, b);
   glf_BindBuffer(GL_ARRAY_BUFFER, b[0]);
   glf_BufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
   glf_VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glf_EnableVertexAttribArray(0);
   glf_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   glf_BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   uint64_t draws = fake_wire_op_count[WIRE_OP_Draw];
   glf_DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (const void *)1);
   CHECK(glf_GetError() == GL_NO_ERROR, "no error for indices past the buffer");
   CHECK(fake_wire_op_count[WIRE_OP_Draw] == draws + 1, "the draw is emitted");
   CHECK(fake_wire_last_draw.count == 6 && fake_wire_last_draw.index_size == 1, "draw of 6 byte indices");
   static const GLubyte want[6] = {2, 3, 0, 0, 0, 0};
   CHECK(fake_wire_last_stage_size == 6 && !memcmp(fake_wire_last_stage, want, 6), "indices streamed as 2 3 0 0 0 0");
   /* In range: the buffer itself, nothing streamed. */
   uint64_t staged = fake_wire_staged;
   glf_DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, NULL);
   CHECK(fake_wire_staged == staged && fake_wire_last_draw.index_offset == 0, "in-range draw reads the buffer");
   glf_DeleteBuffers(2, b);
   glf_DeleteVertexArrays(1, &vao);
   glf_DeleteProgram(p);
   drop(ctx);
}

int
main(void)
{
   big_device();
   small_device();
   internalformat_query();
   gl_core_queries();
   converted_attributes();
   indices_past_the_buffer();
   if (fails)
      printf("%d failures\n", fails);
   else
      printf("front_caps: ok\n");
   return fails ? 1 : 0;
}
