/* Texture formats, sampler objects and read-back pairs on a recording fake wire: every row of
 * the tables below is one call that the OpenGL ES 3.0 / OpenGL 3.3 spec refuses, with the error
 * it must raise (formats.c's tables must agree with them), plus the valid rows that must pass. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

#define GL_HALF_FLOAT_OES 0x8D61

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
expect(GLenum want, const char *what, unsigned row)
{
   GLenum got = glf_GetError();
   CHECK(got == want, "%s row %u: got 0x%x, want 0x%x", what, row, got, want);
   while (glf_GetError() != GL_NO_ERROR)
      ;
}

/* ---- glTexImage2D(internalformat, format, type) ------------------------------------------- */
struct combo {
   GLenum ifmt, format, type, err;
};

/* ES 3.0 section 3.8.3 / tables 3.2 and 3.3. */
static const struct combo es3_teximage[] = {
   /* valid: one per class, and the unsized / extension forms */
   {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, GL_NO_ERROR},
   {GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, GL_NO_ERROR},
   {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_NO_ERROR},
   {GL_RGBA16F, GL_RGBA, GL_FLOAT, GL_NO_ERROR},
   {GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT, GL_NO_ERROR},
   {GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GL_NO_ERROR},
   {GL_RG8I, GL_RG_INTEGER, GL_BYTE, GL_NO_ERROR},
   {GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, GL_NO_ERROR},
   {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_NO_ERROR},
   {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_NO_ERROR},
   {GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, GL_NO_ERROR},
   {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_HALF_FLOAT_OES, GL_NO_ERROR},
   {GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_NO_ERROR},
   {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_NO_ERROR},
   /* combinations the tables do not have: INVALID_OPERATION */
   {GL_RGBA8, GL_RGBA, GL_FLOAT, GL_INVALID_OPERATION},
   {GL_RGBA8, GL_RGB, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   {GL_RGB8, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION},
   {GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_INVALID_OPERATION},
   {GL_R8UI, GL_RED, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   {GL_R8, GL_RED_INTEGER, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   {GL_R32F, GL_RED, GL_HALF_FLOAT, GL_INVALID_OPERATION},
   {GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_INVALID_OPERATION},
   {GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_INVALID_OPERATION},
   {GL_ALPHA, GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   {GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION},
   {GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, GL_INVALID_OPERATION},
   {GL_RGBA, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_INVALID_OPERATION},
   /* no such internal format (in ES): INVALID_VALUE */
   {0x1234, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_VALUE},
   {GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, GL_INVALID_VALUE},
   {GL_R16_SNORM, GL_RED, GL_SHORT, GL_INVALID_VALUE},
   /* EXT_texture_format_BGRA8888: BGRA_EXT with UNSIGNED_BYTE only, into BGRA_EXT only */
   {GL_BGRA, GL_BGRA, GL_UNSIGNED_BYTE, GL_NO_ERROR},
   {GL_BGRA, GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, GL_INVALID_OPERATION},
   {GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   /* format / type enums that do not exist: INVALID_ENUM */
   {GL_RGBA8, 0x1234, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
   {GL_RGBA8, GL_RGBA, 0x1234, GL_INVALID_ENUM},
   {GL_RGBA8, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, GL_INVALID_ENUM}, /* GL only */
   {GL_RGB, GL_BGR, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
};

/* OpenGL 3.3 core: any format / type that fits the internal format is converted. */
static const struct combo core_teximage[] = {
   {GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, GL_NO_ERROR},
   {GL_RGBA8, GL_RGBA, GL_FLOAT, GL_NO_ERROR},
   {GL_RGBA, GL_RGB, GL_UNSIGNED_INT_8_8_8_8_REV, GL_INVALID_OPERATION}, /* 4 fields, 3 components */
   {GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, GL_NO_ERROR},
   {GL_RGB, GL_RGB, GL_UNSIGNED_BYTE_3_3_2, GL_NO_ERROR},
   {GL_R32F, GL_RED, GL_UNSIGNED_BYTE, GL_NO_ERROR},
   {GL_COMPRESSED_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, GL_NO_ERROR},
   {GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION}, /* integer from non-integer */
   {GL_RGBA8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   {GL_DEPTH_COMPONENT24, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION},
   {GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT, GL_INVALID_OPERATION},
   {GL_RGBA8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_INVALID_OPERATION},
   {GL_DEPTH_COMPONENT16, GL_STENCIL_INDEX, GL_INT, GL_INVALID_OPERATION},
   /* depth / stencil data of either kind into a depth format of either kind (piglit teximage-errors) */
   {GL_DEPTH_COMPONENT16, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_NO_ERROR},
   {GL_DEPTH_COMPONENT24, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_NO_ERROR},
   {GL_DEPTH_COMPONENT32F, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_NO_ERROR},
   {GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_FLOAT, GL_NO_ERROR},
   {GL_RGB, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION},
   {GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, GL_INVALID_VALUE}, /* gone from core */
   {GL_LUMINANCE8, GL_RED, GL_UNSIGNED_BYTE, GL_INVALID_VALUE},
   {GL_RGBA8, GL_RGBA, GL_HALF_FLOAT_OES, GL_INVALID_ENUM},  /* an ES enum */
};

static void
run_teximage(const struct combo *rows, unsigned n, const char *what)
{
   for (unsigned i = 0; i < n; i++) {
      glf_TexImage2D(GL_TEXTURE_2D, 0, (GLint)rows[i].ifmt, 2, 2, 0, rows[i].format, rows[i].type, NULL);
      expect(rows[i].err, what, i);
   }
}

/* ---- glTexStorage2D / glRenderbufferStorage internal formats -------------------------------- */
static const GLenum es3_not_storage[] = {GL_RGBA, GL_RGB, GL_ALPHA, GL_LUMINANCE, GL_DEPTH_COMPONENT, GL_RGBA16,
                                         GL_ALPHA8, 0x1234};
/* ES 3.0 table 3.13: neither colour- nor depth- nor stencil-renderable (EXT_color_buffer_float
 * adds the 16F / 32F / R11F_G11F_B10F ones, but not RGB16F / RGB32F / RGB9_E5). */
static const GLenum es3_not_renderable[] = {GL_RGB9_E5, GL_RGB16F, GL_RGB32F, GL_RGBA8_SNORM, GL_R8_SNORM,
                                            GL_SRGB8, GL_RGB8UI, GL_RGB32I, GL_LUMINANCE8, GL_RGBA16};
static const GLenum es3_renderable[] = {GL_R8, GL_RG8, GL_RGB565, GL_RGBA4, GL_RGB5_A1, GL_RGB10_A2, GL_RGB10_A2UI,
                                        GL_SRGB8_ALPHA8, GL_R32I, GL_RGBA16UI, GL_RGBA16F, GL_R11F_G11F_B10F,
                                        GL_DEPTH_COMPONENT24, GL_DEPTH32F_STENCIL8, GL_STENCIL_INDEX8};

static void
storage_tables(void)
{
   for (unsigned i = 0; i < sizeof(es3_not_storage) / sizeof(es3_not_storage[0]); i++) {
      GLuint t;
      glf_GenTextures(1, &t);
      glf_BindTexture(GL_TEXTURE_2D, t);
      glf_TexStorage2D(GL_TEXTURE_2D, 1, es3_not_storage[i], 4, 4);
      expect(GL_INVALID_ENUM, "glTexStorage2D(unsized / not ES)", i);
      glf_DeleteTextures(1, &t);
   }
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   for (unsigned i = 0; i < sizeof(es3_not_renderable) / sizeof(es3_not_renderable[0]); i++) {
      glf_RenderbufferStorage(GL_RENDERBUFFER, es3_not_renderable[i], 4, 4);
      expect(GL_INVALID_ENUM, "glRenderbufferStorage(not renderable)", i);
      GLint n = -1;
      glf_GetInternalformativ(GL_RENDERBUFFER, es3_not_renderable[i], GL_NUM_SAMPLE_COUNTS, 1, &n);
      expect(GL_INVALID_ENUM, "glGetInternalformativ(not renderable)", i);
   }
   for (unsigned i = 0; i < sizeof(es3_renderable) / sizeof(es3_renderable[0]); i++) {
      glf_RenderbufferStorage(GL_RENDERBUFFER, es3_renderable[i], 4, 4);
      expect(GL_NO_ERROR, "glRenderbufferStorage(renderable)", i);
      GLint n = -1;
      glf_GetInternalformativ(GL_RENDERBUFFER, es3_renderable[i], GL_NUM_SAMPLE_COUNTS, 1, &n);
      expect(GL_NO_ERROR, "glGetInternalformativ(renderable)", i);
      CHECK(n >= 0, "NUM_SAMPLE_COUNTS row %u", i);
   }
   glf_DeleteRenderbuffers(1, &rb);
}

/* ---- completeness, read pairs --------------------------------------------------------------- */
struct fbo_case {
   GLenum ifmt, format, type;
   GLenum status;
   GLenum read_format, read_type; /* the class pair (always accepted when complete) */
   GLenum bad_format, bad_type;   /* a pair the spec refuses for it */
};

static const struct fbo_case fbo_cases[] = {
   {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, GL_FRAMEBUFFER_COMPLETE, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA_INTEGER, GL_INT},
   {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_FRAMEBUFFER_COMPLETE, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA, GL_FLOAT},
   {GL_R8I, GL_RED_INTEGER, GL_BYTE, GL_FRAMEBUFFER_COMPLETE, GL_RGBA_INTEGER, GL_INT, GL_RGBA_INTEGER, GL_UNSIGNED_INT},
   {GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, GL_FRAMEBUFFER_COMPLETE, GL_RGBA_INTEGER, GL_UNSIGNED_INT, GL_RGBA,
    GL_UNSIGNED_BYTE},
   {GL_RGBA32F, GL_RGBA, GL_FLOAT, GL_FRAMEBUFFER_COMPLETE, GL_RGBA, GL_FLOAT, GL_RGBA_INTEGER, GL_INT},
   {GL_RGB9_E5, GL_RGB, GL_FLOAT, GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, 0, 0, 0, 0},
   {GL_RGB8_SNORM, GL_RGB, GL_BYTE, GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, 0, 0, 0, 0},
   {GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, 0, 0, 0, 0},
   {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, 0, 0, 0, 0},
};

static void
fbo_table(void)
{
   for (unsigned i = 0; i < sizeof(fbo_cases) / sizeof(fbo_cases[0]); i++) {
      const struct fbo_case *c = &fbo_cases[i];
      GLuint t, fb;
      glf_GenTextures(1, &t);
      glf_BindTexture(GL_TEXTURE_2D, t);
      glf_TexImage2D(GL_TEXTURE_2D, 0, (GLint)c->ifmt, 4, 4, 0, c->format, c->type, NULL);
      glf_GenFramebuffers(1, &fb);
      glf_BindFramebuffer(GL_FRAMEBUFFER, fb);
      glf_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
      expect(GL_NO_ERROR, "attach", i);
      GLenum st = glf_CheckFramebufferStatus(GL_FRAMEBUFFER);
      CHECK(st == c->status, "fbo row %u: status 0x%x, want 0x%x", i, st, c->status);
      uint8_t px[64];
      if (c->status == GL_FRAMEBUFFER_COMPLETE) {
         GLint f = 0, ty = 0;
         glf_GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &f);
         glf_GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &ty);
         expect(GL_NO_ERROR, "IMPLEMENTATION_COLOR_READ_*", i);
         CHECK(f && ty, "read pair row %u", i);
         glf_ReadPixels(0, 0, 1, 1, (GLenum)f, (GLenum)ty, px);
         expect(GL_NO_ERROR, "glReadPixels(implementation pair)", i);
         glf_ReadPixels(0, 0, 1, 1, c->read_format, c->read_type, px);
         expect(GL_NO_ERROR, "glReadPixels(class pair)", i);
         glf_ReadPixels(0, 0, 1, 1, c->bad_format, c->bad_type, px);
         expect(GL_INVALID_OPERATION, "glReadPixels(refused pair)", i);
      } else {
         glf_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
         expect(GL_INVALID_FRAMEBUFFER_OPERATION, "glReadPixels(incomplete)", i);
      }
      glf_BindFramebuffer(GL_FRAMEBUFFER, 0);
      glf_DeleteFramebuffers(1, &fb);
      glf_DeleteTextures(1, &t);
   }
}

/* ---- sampler objects and parameters --------------------------------------------------------- */
struct param_case {
   GLenum pname;
   GLint value;
   GLenum err; /* for glSamplerParameteri and glTexParameteri alike */
};

static const struct param_case es3_params[] = {
   {GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR, GL_NO_ERROR},
   {GL_TEXTURE_MIN_FILTER, GL_REPEAT, GL_INVALID_ENUM},
   {GL_TEXTURE_MAG_FILTER, GL_NEAREST_MIPMAP_NEAREST, GL_INVALID_ENUM},
   {GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER, GL_INVALID_ENUM}, /* GL only */
   {GL_TEXTURE_WRAP_R, GL_LINEAR, GL_INVALID_ENUM},
   {GL_TEXTURE_COMPARE_MODE, GL_LEQUAL, GL_INVALID_ENUM},
   {GL_TEXTURE_COMPARE_FUNC, GL_NONE, GL_INVALID_ENUM},
   {GL_TEXTURE_COMPARE_FUNC, GL_GEQUAL, GL_NO_ERROR},
   {GL_TEXTURE_MIN_LOD, -3, GL_NO_ERROR},
   {GL_TEXTURE_LOD_BIAS, 1, GL_INVALID_ENUM}, /* GL only */
   {0x1234, 0, GL_INVALID_ENUM},
};

static void
sampler_tables(bool core)
{
   GLuint s[2];
   glf_GenSamplers(2, s);
   expect(GL_NO_ERROR, "glGenSamplers", 0);
   CHECK(glf_IsSampler(s[0]) && glf_IsSampler(s[1]) && !glf_IsSampler(s[1] + 100), "IsSampler");
   for (unsigned i = 0; !core && i < sizeof(es3_params) / sizeof(es3_params[0]); i++) {
      glf_SamplerParameteri(s[0], es3_params[i].pname, es3_params[i].value);
      expect(es3_params[i].err, "glSamplerParameteri", i);
      glf_TexParameteri(GL_TEXTURE_2D, es3_params[i].pname, es3_params[i].value);
      expect(es3_params[i].err, "glTexParameteri", i);
   }
   /* texture-only parameters are no sampler parameters */
   static const GLenum tex_only[] = {GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_SWIZZLE_R,
                                     GL_TEXTURE_IMMUTABLE_FORMAT};
   for (unsigned i = 0; i < sizeof(tex_only) / sizeof(tex_only[0]); i++) {
      glf_SamplerParameteri(s[0], tex_only[i], 0);
      expect(GL_INVALID_ENUM, "glSamplerParameteri(texture-only pname)", i);
   }
   glf_SamplerParameteri(12345, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   expect(GL_INVALID_OPERATION, "glSamplerParameteri(no sampler)", 0);
   glf_BindSampler(0, 12345);
   expect(GL_INVALID_OPERATION, "glBindSampler(no sampler)", 0);
   glf_BindSampler(100000, s[0]);
   expect(GL_INVALID_VALUE, "glBindSampler(unit)", 0);
   glf_BindSampler(3, s[1]);
   GLint b = 0;
   glf_ActiveTexture(GL_TEXTURE3);
   glf_GetIntegerv(GL_SAMPLER_BINDING, &b);
   CHECK(b == (GLint)s[1], "SAMPLER_BINDING %d", b);
   glf_DeleteSamplers(2, s);
   glf_GetIntegerv(GL_SAMPLER_BINDING, &b);
   CHECK(b == 0, "SAMPLER_BINDING after delete %d", b);
   glf_ActiveTexture(GL_TEXTURE0);
   glf_GenSamplers(-1, s);
   expect(GL_INVALID_VALUE, "glGenSamplers(-1)", 0);
   if (core) {
      /* GL: border colour (vector forms only), LOD bias, CLAMP_TO_BORDER */
      glf_GenSamplers(1, s);
      static const GLfloat border[4] = {0.25f, 0.5f, 0.75f, 1.0f};
      glf_SamplerParameterfv(s[0], GL_TEXTURE_BORDER_COLOR, border);
      glf_SamplerParameteri(s[0], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
      glf_SamplerParameterf(s[0], GL_TEXTURE_LOD_BIAS, 0.5f);
      expect(GL_NO_ERROR, "GL sampler parameters", 0);
      GLfloat got[4] = {0};
      glf_GetSamplerParameterfv(s[0], GL_TEXTURE_BORDER_COLOR, got);
      CHECK(!memcmp(got, border, sizeof(got)), "border colour read back");
      glf_SamplerParameteri(s[0], GL_TEXTURE_BORDER_COLOR, 0);
      expect(GL_INVALID_ENUM, "glSamplerParameteri(BORDER_COLOR)", 0);
      glf_DeleteSamplers(1, s);
   }
}

static void
es3_context(void)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, GLF_API_GLES, 3, 0, NULL, false, false);
   struct glf_drawable d = {.color = {1, 1}, .width = 16, .height = 16};
   glf_make_current(ctx, &d, &d);
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   run_teximage(es3_teximage, sizeof(es3_teximage) / sizeof(es3_teximage[0]), "ES glTexImage2D");
   GLuint t3;
   glf_GenTextures(1, &t3);
   glf_BindTexture(GL_TEXTURE_3D, t3);
   glf_TexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT16, 2, 2, 2, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, NULL);
   expect(GL_INVALID_OPERATION, "glTexImage3D(3D depth)", 0);
   glf_TexImage3D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect(GL_INVALID_ENUM, "glTexImage3D(TEXTURE_2D)", 0);
   glf_TexImage2D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect(GL_INVALID_ENUM, "glTexImage2D(TEXTURE_2D_ARRAY)", 0);
   glf_TexStorage3D(GL_TEXTURE_3D, 3, GL_RGBA8, 4, 4, 2);
   expect(GL_NO_ERROR, "glTexStorage3D", 0);
   glf_TexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA8, 4, 4, 2);
   expect(GL_INVALID_OPERATION, "glTexStorage3D(immutable)", 0);
   glf_TexSubImage3D(GL_TEXTURE_3D, 1, 0, 0, 0, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect(GL_INVALID_VALUE, "glTexSubImage3D(past level 1's depth)", 0);
   GLint levels = 0;
   glf_GetTexParameteriv(GL_TEXTURE_3D, GL_TEXTURE_IMMUTABLE_LEVELS, &levels);
   CHECK(levels == 3, "IMMUTABLE_LEVELS %d", levels);
   glf_DeleteTextures(1, &t3);
   storage_tables();
   glf_BindTexture(GL_TEXTURE_2D, t);
   sampler_tables(false);
   fbo_table();
   glf_DeleteTextures(1, &t);
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
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   run_teximage(core_teximage, sizeof(core_teximage) / sizeof(core_teximage[0]), "GL glTexImage2D");
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16, 2, 2, 0, GL_RGBA, GL_UNSIGNED_SHORT, NULL);
   GLint v = 0;
   glf_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   CHECK(v == 16, "TEXTURE_RED_SIZE %d", v);
   glf_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   CHECK(v == GL_RGBA16, "TEXTURE_INTERNAL_FORMAT 0x%x", v);
   expect(GL_NO_ERROR, "glGetTexLevelParameteriv", 0);
   /* TexStorage takes sized formats only, though GL core's TexImage resolves these */
   static const GLenum core_not_storage[] = {GL_RGBA, GL_RED, GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL,
                                             GL_COMPRESSED_RGBA, GL_COMPRESSED_RED};
   for (unsigned i = 0; i < sizeof(core_not_storage) / sizeof(core_not_storage[0]); i++) {
      GLuint st;
      glf_GenTextures(1, &st);
      glf_BindTexture(GL_TEXTURE_2D, st);
      glf_TexStorage2D(GL_TEXTURE_2D, 1, core_not_storage[i], 4, 4);
      expect(GL_INVALID_ENUM, "GL glTexStorage2D(unsized / generic compressed)", i);
      glf_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
      expect(GL_NO_ERROR, "GL glTexStorage2D(RGBA8) after", i);
      glf_DeleteTextures(1, &st);
   }
   glf_BindTexture(GL_TEXTURE_2D, t);
   sampler_tables(true);
   glf_DeleteTextures(1, &t);
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
