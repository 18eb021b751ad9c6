/* Framebuffer leftovers of GL 3.3 / ES 3.0 in the front end, on the recording fake wire:
 * depth / stencil glReadPixels (GL core only; the spec's errors), ... */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"
#include "wire/format.h"

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
#define EXPECT(err, what)                                                                    \
   do {                                                                                     \
      GLenum e_ = glf_GetError();                                                           \
      CHECK(e_ == (err), "%s: got 0x%x, expected 0x%x", what, e_, (unsigned)(err));        \
   } while (0)

static const struct glf_drawable plain = {.color = {1, 1}, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .width = 8,
                                          .height = 8};
static const struct glf_drawable with_ds = {.color = {1, 1}, .depth_stencil = {3, 1},
                                            .color_format = WIRE_FMT_R8G8B8A8_UNORM,
                                            .ds_format = WIRE_FMT_D24_UNORM_S8_UINT, .width = 8, .height = 8,
                                            .depth_bits = 24, .stencil_bits = 8};

static struct glf_context *
make(enum glf_api api, const struct glf_drawable *d)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, api, 3, api == GLF_API_GLES ? 0 : 3, NULL, false, false);
   glf_make_current(ctx, d, d);
   return ctx;
}

static void
drop(struct glf_context *ctx)
{
   CHECK(glf_GetError() == GL_NO_ERROR, "stray GL error");
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

static GLuint
rb_storage(GLenum ifmt)
{
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   glf_RenderbufferStorage(GL_RENDERBUFFER, ifmt, 8, 8);
   return rb;
}

/* glReadPixels of depth / stencil (OpenGL 3.3 section 4.3.1; ES 3.0 reads colour only). */
static void
depth_readback(void)
{
   uint32_t px[64];
   /* ES 3.0: every depth / stencil format is INVALID_OPERATION, with or without a buffer */
   struct glf_context *ctx = make(GLF_API_GLES, &with_ds);
   glf_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, px);
   EXPECT(GL_INVALID_OPERATION, "ES DEPTH_COMPONENT");
   glf_ReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, px);
   EXPECT(GL_INVALID_OPERATION, "ES DEPTH_STENCIL");
   drop(ctx);

   /* GL core, a default framebuffer without depth or stencil */
   ctx = make(GLF_API_GL_CORE, &plain);
   static const struct {
      GLenum format, type;
   } none[] = {{GL_DEPTH_COMPONENT, GL_FLOAT}, {GL_STENCIL_INDEX, GL_UNSIGNED_BYTE},
               {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8}};
   for (unsigned i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
      glf_ReadPixels(0, 0, 1, 1, none[i].format, none[i].type, px);
      EXPECT(GL_INVALID_OPERATION, "no depth / stencil buffer");
   }
   drop(ctx);

   /* GL core with a D24S8 default framebuffer: format / type pairs */
   ctx = make(GLF_API_GL_CORE, &with_ds);
   static const struct {
      GLenum format, type, err;
   } pairs[] = {
      {GL_DEPTH_COMPONENT, GL_FLOAT, GL_NO_ERROR},
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_NO_ERROR},
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_NO_ERROR},
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, GL_NO_ERROR},
      {GL_DEPTH_COMPONENT, GL_HALF_FLOAT, GL_NO_ERROR},
      {GL_DEPTH_COMPONENT, GL_INT, GL_NO_ERROR},
      {GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, GL_NO_ERROR},
      {GL_STENCIL_INDEX, GL_FLOAT, GL_NO_ERROR},
      {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_NO_ERROR},
      {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_NO_ERROR},
      /* EXT_packed_depth_stencil: DEPTH_STENCIL takes only the packed types */
      {GL_DEPTH_STENCIL, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
      {GL_DEPTH_STENCIL, GL_FLOAT, GL_INVALID_ENUM},
      /* a packed depth-stencil type with another format */
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8, GL_INVALID_OPERATION},
      {GL_STENCIL_INDEX, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_INVALID_OPERATION},
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION},
      {GL_DEPTH_COMPONENT, 0x1234, GL_INVALID_ENUM},
   };
   for (unsigned i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
      uint64_t reads = fake_wire_op_count[WIRE_OP_ReadPixels];
      glf_ReadPixels(0, 0, 2, 2, pairs[i].format, pairs[i].type, px);
      GLenum e = glf_GetError();
      CHECK(e == pairs[i].err, "pair %u: error 0x%x, expected 0x%x", i, e, pairs[i].err);
      if (pairs[i].err == GL_NO_ERROR)
         CHECK(fake_wire_op_count[WIRE_OP_ReadPixels] == reads + 1 && fake_wire_last_read.src.res.slot == 3,
               "pair %u reads the depth-stencil surface", i);
      else
         CHECK(fake_wire_op_count[WIRE_OP_ReadPixels] == reads, "pair %u: no record", i);
   }
   drop(ctx);

   /* GL core framebuffer objects: a depth-only one has no stencil */
   ctx = make(GLF_API_GL_CORE, &plain);
   GLuint color = rb_storage(GL_RGBA8), d16 = rb_storage(GL_DEPTH_COMPONENT16), ds = rb_storage(GL_DEPTH24_STENCIL8);
   GLuint fbo;
   glf_GenFramebuffers(1, &fbo);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
   glf_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, px);
   EXPECT(GL_INVALID_OPERATION, "FBO without depth");
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, d16);
   glf_ReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, px);
   EXPECT(GL_NO_ERROR, "FBO with D16");
   glf_ReadPixels(0, 0, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, px);
   EXPECT(GL_INVALID_OPERATION, "FBO D16: no stencil");
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
   glf_ReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, px);
   EXPECT(GL_INVALID_FRAMEBUFFER_OPERATION, "two images (FRAMEBUFFER_UNSUPPORTED here)");
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
   glf_ReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, px);
   EXPECT(GL_NO_ERROR, "DEPTH_STENCIL of one image");
   /* a pack buffer: the offset must be a multiple of the datum (4 bytes for 24_8) */
   GLuint pbo;
   glf_GenBuffers(1, &pbo);
   glf_BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   glf_BufferData(GL_PIXEL_PACK_BUFFER, 64, NULL, GL_STREAM_READ);
   glf_ReadPixels(0, 0, 2, 2, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, (void *)2);
   EXPECT(GL_INVALID_OPERATION, "unaligned pack offset");
   glf_ReadPixels(0, 0, 4, 4, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, (void *)0);
   EXPECT(GL_INVALID_OPERATION, "past the pack buffer (128 bytes > 64)");
   glf_ReadPixels(0, 0, 2, 2, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, (void *)32);
   EXPECT(GL_NO_ERROR, "into the pack buffer");
   glf_BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   glf_DeleteBuffers(1, &pbo);
   glf_DeleteFramebuffers(1, &fbo);
   glf_DeleteRenderbuffers(1, &color);
   glf_DeleteRenderbuffers(1, &d16);
   glf_DeleteRenderbuffers(1, &ds);
   drop(ctx);
}

int
main(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   depth_readback();
   if (fails)
      printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
