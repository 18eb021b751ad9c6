/* GL 3.3 core multisample and buffer textures in the front end, on the recording fake wire:
 * the errors of glTexImage2DMultisample / glTexImage3DMultisample (OpenGL 3.3 section 3.8.4)
 * and glTexBuffer (section 3.8.5) from tables, sample counts from the device's masks
 * (MS_TEXTURE_FORMATS_*), the ResourceCreate record, the targets' absence from ES 3.0 and
 * from glTexParameter / glGenerateMipmap / glTexImage2D, attachment errors and
 * FRAMEBUFFER_INCOMPLETE_MULTISAMPLE for sample counts and fixed sample locations. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"
#include "wire/format.h"

#include "front_check.h"

/* Renderbuffers: RGBA8 with 2 and 4 samples, D24S8 and RGBA8UI with 4. Multisample textures:
 * RGBA8 with 2 and 4, D24S8 with 4, no integer format (MAX_INTEGER_SAMPLES 1). Buffer
 * textures: RGBA8 and R32F, a million texels. */
static void
device(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   const uint64_t rgba8 = 1ull << WIRE_FMT_R8G8B8A8_UNORM, d24s8 = 1ull << WIRE_FMT_D24_UNORM_S8_UINT;
   fake_wire_info.caps[WIRE_CAP_MS_FORMATS_2] = rgba8;
   fake_wire_info.caps[WIRE_CAP_MS_FORMATS_4] = rgba8 | d24s8 | (1ull << WIRE_FMT_R8G8B8A8_UINT);
   fake_wire_info.caps[WIRE_CAP_MS_TEXTURE_FORMATS_2] = rgba8;
   fake_wire_info.caps[WIRE_CAP_MS_TEXTURE_FORMATS_4] = rgba8 | d24s8;
   fake_wire_info.caps[WIRE_CAP_TEXEL_BUFFER_FORMATS] = rgba8 | (1ull << WIRE_FMT_R32_FLOAT);
   fake_wire_info.caps[WIRE_CAP_MAX_TEXEL_BUFFER_ELEMENTS] = 1u << 20;
   fake_wire_info.caps[WIRE_CAP_STANDARD_SAMPLE_LOCATIONS] = 1;
}

static const struct glf_drawable drawable = {.color = {1, 1}, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .width = 8,
                                             .height = 8};

static struct glf_context *
make(enum glf_api api)
{
   return front_context(api, &drawable);
}

static void
drop(struct glf_context *ctx)
{
   front_drop(ctx);
}

static GLint
get_int(GLenum pname)
{
   GLint v = -1;
   glf_GetIntegerv(pname, &v);
   return v;
}

static GLint
level_int(GLenum target, GLenum pname)
{
   GLint v = -1;
   glf_GetTexLevelParameteriv(target, 0, pname, &v);
   return v;
}

static void
tex_image_ms(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   CHECK(get_int(GL_MAX_COLOR_TEXTURE_SAMPLES) == 4, "MAX_COLOR_TEXTURE_SAMPLES %d", get_int(GL_MAX_COLOR_TEXTURE_SAMPLES));
   CHECK(get_int(GL_MAX_DEPTH_TEXTURE_SAMPLES) == 4, "MAX_DEPTH_TEXTURE_SAMPLES %d", get_int(GL_MAX_DEPTH_TEXTURE_SAMPLES));
   CHECK(get_int(GL_MAX_INTEGER_SAMPLES) == 1, "MAX_INTEGER_SAMPLES %d (no integer multisample texture)",
         get_int(GL_MAX_INTEGER_SAMPLES));
   GLuint tex[2];
   glf_GenTextures(2, tex);
   glf_BindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
   glf_BindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[1]);
   EXPECT(GL_NO_ERROR, "bind");
   const GLsizei big = get_int(GL_MAX_TEXTURE_SIZE) + 1, layers = get_int(GL_MAX_ARRAY_TEXTURE_LAYERS) + 1;
   /* request -> TEXTURE_SAMPLES (or the error) */
   static const struct {
      int dims; /* 2: TexImage2DMultisample, 3: TexImage3DMultisample */
      GLenum target, ifmt;
      GLsizei samples, w, d;
      GLenum err;
      GLint got;
   } rows[] = {
      {2, GL_TEXTURE_2D, GL_RGBA8, 4, 8, 1, GL_INVALID_ENUM, 0},
      {2, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_RGBA8, 4, 8, 1, GL_INVALID_ENUM, 0},
      {3, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, 4, 8, 1, GL_INVALID_ENUM, 0},
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGB9_E5, 4, 8, 1, GL_INVALID_ENUM, 0},     /* not renderable */
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_STENCIL_INDEX8, 4, 8, 1, GL_INVALID_ENUM, 0}, /* GL 4.4 */
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_COMPRESSED_RGB8_ETC2, 4, 8, 1, GL_INVALID_ENUM, 0},
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, 0, 8, 1, GL_INVALID_VALUE, 0},
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, 8, 8, 1, GL_INVALID_VALUE, 0},     /* > MAX_SAMPLES */
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, 4, -1, 1, GL_INVALID_VALUE, 0},
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, 4, 0x7fffffff, 1, GL_INVALID_VALUE, 0},
      {3, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_RGBA8, 4, 8, -1, GL_INVALID_VALUE, 0},
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8UI, 2, 8, 1, GL_INVALID_OPERATION, 0}, /* > MAX_INTEGER_SAMPLES */
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA16F, 4, 8, 1, GL_OUT_OF_MEMORY, 0},  /* none on the device */
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, 1, 8, 1, GL_NO_ERROR, 2},
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, 3, 8, 1, GL_NO_ERROR, 4},
      {2, GL_TEXTURE_2D_MULTISAMPLE, GL_DEPTH24_STENCIL8, 2, 8, 1, GL_NO_ERROR, 4},
      {3, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_RGBA8, 2, 8, 3, GL_NO_ERROR, 2},
   };
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      GLsizei w = rows[i].w == 0x7fffffff ? big : rows[i].w;
      uint64_t creates = fake_wire_op_count[WIRE_OP_ResourceCreate] + fake_wire_op_count[WIRE_OP_ResourceRespecify];
      if (rows[i].dims == 2)
         glf_TexImage2DMultisample(rows[i].target, rows[i].samples, rows[i].ifmt, w, 8, GL_TRUE);
      else
         glf_TexImage3DMultisample(rows[i].target, rows[i].samples, rows[i].ifmt, w, 8, rows[i].d, GL_FALSE);
      GLenum err = glf_GetError();
      CHECK(err == rows[i].err, "row %u: error 0x%x, expected 0x%x", i, err, rows[i].err);
      uint64_t now = fake_wire_op_count[WIRE_OP_ResourceCreate] + fake_wire_op_count[WIRE_OP_ResourceRespecify];
      if (err != GL_NO_ERROR) {
         CHECK(now == creates, "row %u: a refused call sent a record", i);
         continue;
      }
      GLenum t = rows[i].target;
      CHECK(level_int(t, GL_TEXTURE_SAMPLES) == rows[i].got, "row %u: TEXTURE_SAMPLES %d", i,
            level_int(t, GL_TEXTURE_SAMPLES));
      CHECK(level_int(t, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS) == (rows[i].dims == 2), "row %u: fixed locations", i);
      CHECK(now == creates + 1 && fake_wire_last_resource.samples == (uint32_t)rows[i].got &&
               fake_wire_last_resource.last_level == 0 && fake_wire_last_resource.layers == (uint32_t)rows[i].d &&
               fake_wire_last_resource.target == (rows[i].dims == 2 ? WIRE_TARGET_TEX_2D_MULTISAMPLE
                                                                    : WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY),
            "row %u: wire record (samples %u, layers %u)", i, fake_wire_last_resource.samples,
            fake_wire_last_resource.layers);
   }
   glf_TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, GL_RGBA8, 8, 8, layers, GL_TRUE);
   EXPECT(GL_INVALID_VALUE, "depth > MAX_ARRAY_TEXTURE_LAYERS");
   /* proxies (OpenGL 3.3 section 3.8.15): no storage; what the device lacks reads as zero */
   uint64_t records = fake_wire_op_count[WIRE_OP_ResourceCreate] + fake_wire_op_count[WIRE_OP_ResourceRespecify];
   glf_TexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8, 8, 8, GL_FALSE);
   EXPECT(GL_NO_ERROR, "proxy RGBA8");
   CHECK(level_int(GL_PROXY_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SAMPLES) == 4 &&
            level_int(GL_PROXY_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS) == GL_FALSE,
         "proxy RGBA8: 4 samples, loose locations");
   glf_TexImage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA16F, 8, 8, 2, GL_TRUE);
   EXPECT(GL_NO_ERROR, "proxy RGBA16F (the device has none)");
   CHECK(level_int(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_WIDTH) == 0 &&
            level_int(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_SAMPLES) == 0, "unsupported proxy reads zero");
   glf_TexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, GL_FALSE);
   EXPECT(GL_INVALID_VALUE, "proxy with samples 0");
   CHECK(fake_wire_op_count[WIRE_OP_ResourceCreate] + fake_wire_op_count[WIRE_OP_ResourceRespecify] == records,
         "proxies send no record");
   /* the other texture calls do not take the multisample targets (OpenGL 3.3 3.8.3, 3.8.7, 3.8.10) */
   glf_TexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   EXPECT(GL_INVALID_ENUM, "glTexParameteri(TEXTURE_2D_MULTISAMPLE)");
   glf_GenerateMipmap(GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
   EXPECT(GL_INVALID_ENUM, "glGenerateMipmap(TEXTURE_2D_MULTISAMPLE_ARRAY)");
   glf_TexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   EXPECT(GL_INVALID_ENUM, "glTexImage2D(TEXTURE_2D_MULTISAMPLE)");
   glf_GetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_TEXTURE_SAMPLES, (GLint[1]){0});
   EXPECT(GL_INVALID_VALUE, "glGetTexLevelParameteriv(level 1 of a multisample texture)");
   CHECK(get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE) == (GLint)tex[0] &&
            get_int(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY) == (GLint)tex[1], "multisample bindings");
   glf_DeleteTextures(2, tex);
   drop(ctx);
}

static GLuint
ms_texture(GLenum target, GLsizei samples, GLenum ifmt, GLboolean fixed)
{
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(target, t);
   if (target == GL_TEXTURE_2D_MULTISAMPLE)
      glf_TexImage2DMultisample(target, samples, ifmt, 8, 8, fixed);
   else
      glf_TexImage3DMultisample(target, samples, ifmt, 8, 8, 2, fixed);
   return t;
}

static void
framebuffers(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLuint fixed = ms_texture(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, GL_TRUE);
   GLuint loose = ms_texture(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, GL_FALSE);
   GLuint two = ms_texture(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, GL_TRUE);
   GLuint ds = ms_texture(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_DEPTH24_STENCIL8, GL_TRUE);
   GLuint arr = ms_texture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, GL_TRUE);
   GLuint single, rb, fbo;
   glf_GenTextures(1, &single);
   glf_BindTexture(GL_TEXTURE_2D, single);
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   glf_RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, 8, 8);
   glf_GenFramebuffers(1, &fbo);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   EXPECT(GL_NO_ERROR, "setup");
   const GLenum C0 = GL_COLOR_ATTACHMENT0, C1 = GL_COLOR_ATTACHMENT1, DS = GL_DEPTH_STENCIL_ATTACHMENT;
   glf_FramebufferTexture2D(GL_FRAMEBUFFER, C0, GL_TEXTURE_2D_MULTISAMPLE, fixed, 1);
   EXPECT(GL_INVALID_VALUE, "level 1 of a multisample texture");
   glf_FramebufferTexture2D(GL_FRAMEBUFFER, C0, GL_TEXTURE_2D, fixed, 0);
   EXPECT(GL_INVALID_OPERATION, "textarget TEXTURE_2D of a multisample texture");
   glf_FramebufferTexture2D(GL_FRAMEBUFFER, C0, GL_TEXTURE_2D_MULTISAMPLE, single, 0);
   EXPECT(GL_INVALID_OPERATION, "textarget TEXTURE_2D_MULTISAMPLE of a 2D texture");
   glf_FramebufferTextureLayer(GL_FRAMEBUFFER, C0, arr, 1, 0);
   EXPECT(GL_INVALID_VALUE, "level 1 of a multisample array");
   glf_FramebufferTextureLayer(GL_FRAMEBUFFER, C0, fixed, 0, 0);
   EXPECT(GL_INVALID_OPERATION, "FramebufferTextureLayer of a 2D multisample texture");
   /* attachments -> status (OpenGL 3.3 section 4.4.4) */
   static const struct {
      int c0, c1, ds; /* 0 none, 1 fixed, 2 loose, 3 two, 4 single, 5 ds texture, 6 renderbuffer, 7 array layer 1 */
      GLenum status;
   } rows[] = {
      {1, 0, 5, GL_FRAMEBUFFER_COMPLETE},
      {1, 7, 6, GL_FRAMEBUFFER_COMPLETE},                 /* fixed textures and a renderbuffer */
      {1, 2, 0, GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE},   /* fixed locations disagree */
      {2, 0, 6, GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE},   /* loose texture next to a renderbuffer */
      {2, 0, 0, GL_FRAMEBUFFER_COMPLETE},
      {1, 3, 0, GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE},   /* 4 and 2 samples */
      {1, 4, 0, GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE},   /* multisample and single-sampled */
   };
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      const int slots[3] = {rows[i].c0, rows[i].c1, rows[i].ds};
      const GLenum atts[3] = {C0, C1, DS};
      for (int k = 0; k < 3; k++) {
         glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, atts[k], GL_RENDERBUFFER, 0);
         switch (slots[k]) {
         case 1: glf_FramebufferTexture2D(GL_FRAMEBUFFER, atts[k], GL_TEXTURE_2D_MULTISAMPLE, fixed, 0); break;
         case 2: glf_FramebufferTexture2D(GL_FRAMEBUFFER, atts[k], GL_TEXTURE_2D_MULTISAMPLE, loose, 0); break;
         case 3: glf_FramebufferTexture2D(GL_FRAMEBUFFER, atts[k], GL_TEXTURE_2D_MULTISAMPLE, two, 0); break;
         case 4: glf_FramebufferTexture2D(GL_FRAMEBUFFER, atts[k], GL_TEXTURE_2D, single, 0); break;
         case 5: glf_FramebufferTexture2D(GL_FRAMEBUFFER, atts[k], GL_TEXTURE_2D_MULTISAMPLE, ds, 0); break;
         case 6: glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, atts[k], GL_RENDERBUFFER, rb); break;
         case 7: glf_FramebufferTextureLayer(GL_FRAMEBUFFER, atts[k], arr, 0, 1); break;
         default: break;
         }
      }
      EXPECT(GL_NO_ERROR, "attach");
      GLenum st = glf_CheckFramebufferStatus(GL_FRAMEBUFFER);
      CHECK(st == rows[i].status, "row %u: status 0x%x, expected 0x%x", i, st, rows[i].status);
      if (st == GL_FRAMEBUFFER_COMPLETE)
         CHECK(get_int(GL_SAMPLES) == 4, "row %u: SAMPLES %d", i, get_int(GL_SAMPLES));
   }
   glf_DeleteFramebuffers(1, &fbo);
   glf_DeleteRenderbuffers(1, &rb);
   GLuint all[6] = {fixed, loose, two, ds, arr, single};
   glf_DeleteTextures(6, all);
   drop(ctx);
}

static void
buffer_textures(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   CHECK(get_int(GL_MAX_TEXTURE_BUFFER_SIZE) == 1 << 20, "MAX_TEXTURE_BUFFER_SIZE %d", get_int(GL_MAX_TEXTURE_BUFFER_SIZE));
   GLuint buf, tex;
   glf_GenBuffers(1, &buf);
   glf_BindBuffer(GL_TEXTURE_BUFFER, buf);
   glf_BufferData(GL_TEXTURE_BUFFER, 64, NULL, GL_STATIC_DRAW);
   CHECK(get_int(GL_TEXTURE_BUFFER) == (GLint)buf, "TEXTURE_BUFFER binding %d", get_int(GL_TEXTURE_BUFFER));
   glf_GenTextures(1, &tex);
   glf_BindTexture(GL_TEXTURE_BUFFER, tex);
   EXPECT(GL_NO_ERROR, "setup");
   static const struct {
      GLenum target, ifmt;
      int buffer; /* 0: zero, 1: buf, 2: a name that is no buffer */
      GLenum err;
   } rows[] = {
      {GL_TEXTURE_2D, GL_RGBA8, 1, GL_INVALID_ENUM},
      {GL_TEXTURE_BUFFER, GL_RGB32F, 1, GL_INVALID_ENUM},   /* GL 4.0 */
      {GL_TEXTURE_BUFFER, GL_RGBA, 1, GL_INVALID_ENUM},     /* unsized */
      {GL_TEXTURE_BUFFER, GL_SRGB8_ALPHA8, 1, GL_INVALID_ENUM},
      {GL_TEXTURE_BUFFER, GL_DEPTH_COMPONENT32F, 1, GL_INVALID_ENUM},
      {GL_TEXTURE_BUFFER, GL_RGBA8, 2, GL_INVALID_OPERATION},
      {GL_TEXTURE_BUFFER, GL_R16, 1, GL_OUT_OF_MEMORY},     /* table 3.15, not on the device */
      {GL_TEXTURE_BUFFER, GL_RGBA8, 1, GL_NO_ERROR},
      {GL_TEXTURE_BUFFER, GL_R32F, 1, GL_NO_ERROR},
      {GL_TEXTURE_BUFFER, GL_R32F, 0, GL_NO_ERROR},
   };
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      GLuint name = rows[i].buffer == 1 ? buf : rows[i].buffer == 2 ? 4242 : 0;
      glf_TexBuffer(rows[i].target, rows[i].ifmt, name);
      GLenum err = glf_GetError();
      CHECK(err == rows[i].err, "row %u: error 0x%x, expected 0x%x", i, err, rows[i].err);
      if (err == GL_NO_ERROR) {
         CHECK(get_int(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == (GLint)name, "row %u: DATA_STORE_BINDING %d", i,
               get_int(GL_TEXTURE_BUFFER_DATA_STORE_BINDING));
         CHECK(level_int(GL_TEXTURE_BUFFER, GL_TEXTURE_WIDTH) == (name ? 16 : 0), "row %u: TEXTURE_WIDTH %d", i,
               level_int(GL_TEXTURE_BUFFER, GL_TEXTURE_WIDTH));
      }
   }
   CHECK(get_int(GL_TEXTURE_BINDING_BUFFER) == (GLint)tex, "TEXTURE_BINDING_BUFFER");
   glf_TexParameteri(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   EXPECT(GL_INVALID_ENUM, "glTexParameteri(TEXTURE_BUFFER)");
   /* the texture keeps the buffer alive after glDeleteBuffers (its reference) */
   glf_TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
   glf_DeleteBuffers(1, &buf);
   CHECK(get_int(GL_TEXTURE_BUFFER) == 0, "the binding point let go of the deleted buffer");
   CHECK(level_int(GL_TEXTURE_BUFFER, GL_TEXTURE_WIDTH) == 16, "the deleted buffer stays attached");
   glf_DeleteTextures(1, &tex);
   drop(ctx);
}

/* OpenGL ES 3.0 has neither: INVALID_ENUM for every target and the calls. */
static void
es3(void)
{
   struct glf_context *ctx = make(GLF_API_GLES);
   static const GLenum targets[] = {GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_BUFFER};
   for (unsigned i = 0; i < 3; i++) {
      glf_BindTexture(targets[i], 1);
      EXPECT(GL_INVALID_ENUM, "ES glBindTexture");
   }
   glf_BindBuffer(GL_TEXTURE_BUFFER, 0);
   EXPECT(GL_INVALID_ENUM, "ES glBindBuffer(TEXTURE_BUFFER)");
   glf_TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   EXPECT(GL_INVALID_ENUM, "ES glTexImage2DMultisample");
   glf_TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
   EXPECT(GL_INVALID_ENUM, "ES glTexImage3DMultisample");
   glf_TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
   EXPECT(GL_INVALID_ENUM, "ES glTexBuffer");
   GLint v = -7;
   glf_GetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &v);
   EXPECT(GL_INVALID_ENUM, "ES MAX_TEXTURE_BUFFER_SIZE");
   drop(ctx);
}

int
main(void)
{
   device();
   tex_image_ms();
   framebuffers();
   buffer_textures();
   es3();
   if (fails)
      printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
