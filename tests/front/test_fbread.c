/* Framebuffer leftovers of GL 3.3 / ES 3.0 in the front end, on the recording fake wire:
 * depth / stencil glReadPixels (GL core only; the spec's errors), GL core's FRAMEBUFFER_SRGB
 * (the enable, its query, SetFramebuffer.flags and Blit.flags, the default framebuffer's
 * LINEAR encoding), blits into a multisampled framebuffer, and glPointParameter (errors,
 * queries, the SetPointState record). */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"
#include "wire/format.h"

#include "front_check.h"

static const struct glf_drawable plain = {.color = {1, 1}, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .width = 8,
                                          .height = 8};
static const struct glf_drawable with_ds = {.color = {1, 1}, .depth_stencil = {3, 1},
                                            .color_format = WIRE_FMT_R8G8B8A8_UNORM,
                                            .ds_format = WIRE_FMT_D24_UNORM_S8_UINT, .width = 8, .height = 8,
                                            .depth_bits = 24, .stencil_bits = 8};

static struct glf_context *
make(enum glf_api api, const struct glf_drawable *d)
{
   return front_context(api, d);
}

static void
drop(struct glf_context *ctx)
{
   front_drop(ctx);
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

static void
draw_once(void)
{
   /* a clear emits the framebuffer atom (SetFramebuffer) without a program */
   glf_Clear(GL_COLOR_BUFFER_BIT);
}

/* FRAMEBUFFER_SRGB: INVALID_ENUM in ES (always encoding), GL core's enable (initially off)
 * sets WIRE_FB_LINEAR_SRGB when off; blits carry WIRE_BLIT_F_LINEAR_SRGB likewise. */
static void
framebuffer_srgb(void)
{
   struct glf_context *ctx = make(GLF_API_GLES, &plain);
   glf_Enable(GL_FRAMEBUFFER_SRGB);
   EXPECT(GL_INVALID_ENUM, "ES glEnable(FRAMEBUFFER_SRGB)");
   CHECK(!glf_IsEnabled(GL_FRAMEBUFFER_SRGB), "ES IsEnabled");
   EXPECT(GL_INVALID_ENUM, "ES glIsEnabled(FRAMEBUFFER_SRGB)");
   draw_once();
   CHECK(fake_wire_last_framebuffer.flags == 0, "ES framebuffers always encode");
   drop(ctx);

   ctx = make(GLF_API_GL_CORE, &plain);
   GLboolean b = GL_TRUE;
   glf_GetBooleanv(GL_FRAMEBUFFER_SRGB, &b);
   CHECK(b == GL_FALSE && !glf_IsEnabled(GL_FRAMEBUFFER_SRGB), "initially disabled");
   GLint enc = 0;
   glf_GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING,
                                           &enc);
   CHECK(enc == GL_LINEAR, "the pbuffer's default framebuffer is LINEAR (0x%x)", enc);
   draw_once();
   CHECK(fake_wire_last_framebuffer.flags == WIRE_FB_LINEAR_SRGB, "disabled: linear writes");
   glf_Enable(GL_FRAMEBUFFER_SRGB);
   EXPECT(GL_NO_ERROR, "core glEnable(FRAMEBUFFER_SRGB)");
   draw_once();
   CHECK(fake_wire_last_framebuffer.flags == 0, "enabled: encoding writes");
   glf_GetBooleanv(GL_FRAMEBUFFER_SRGB, &b);
   CHECK(b == GL_TRUE, "GetBooleanv after the enable");
   /* blits: the flag follows the enable */
   GLuint rb[2], fbo[2];
   glf_GenRenderbuffers(2, rb);
   glf_GenFramebuffers(2, fbo);
   for (int i = 0; i < 2; i++) {
      glf_BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      glf_RenderbufferStorage(GL_RENDERBUFFER, i ? GL_RGBA8 : GL_SRGB8_ALPHA8, 8, 8);
      glf_BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
   }
   glf_GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                           GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
   CHECK(enc == GL_LINEAR, "RGBA8 is LINEAR");
   glf_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   glf_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   EXPECT(GL_NO_ERROR, "sRGB -> RGBA8 blit");
   CHECK(fake_wire_last_blit.flags == 0, "enabled: converting blit");
   glf_Disable(GL_FRAMEBUFFER_SRGB);
   glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   CHECK(fake_wire_last_blit.flags == WIRE_BLIT_F_LINEAR_SRGB, "disabled: raw blit");
   glf_DeleteFramebuffers(2, fbo);
   glf_DeleteRenderbuffers(2, rb);
   drop(ctx);
}

/* GL 3.3 4.3.2: a single-sampled source into a multisampled framebuffer (colour; equal
 * sizes, mirrored allowed); ES 3.0 refuses any multisampled draw framebuffer. */
static void
blit_into_multisample(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   fake_wire_info.caps[WIRE_CAP_MS_FORMATS_4] = (1ull << WIRE_FMT_R8G8B8A8_UNORM) | (1ull << WIRE_FMT_D24_UNORM_S8_UINT);
   for (int api = 0; api < 2; api++) {
      struct glf_context *ctx = make(api ? GLF_API_GL_CORE : GLF_API_GLES, &plain);
      GLuint rb[4], fbo[2];
      glf_GenRenderbuffers(4, rb);
      glf_GenFramebuffers(2, fbo);
      for (int i = 0; i < 2; i++) {
         glf_BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
         glf_RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 4 : 0, GL_RGBA8, 8, 8);
         glf_BindRenderbuffer(GL_RENDERBUFFER, rb[2 + i]);
         glf_RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 4 : 0, GL_DEPTH24_STENCIL8, 8, 8);
         glf_BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
         glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
         glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[2 + i]);
      }
      glf_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
      glf_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
      EXPECT(GL_NO_ERROR, "setup");
      uint64_t blits = fake_wire_op_count[WIRE_OP_Blit];
      glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      EXPECT(api ? GL_NO_ERROR : GL_INVALID_OPERATION, "1x -> 4x colour");
      CHECK(fake_wire_op_count[WIRE_OP_Blit] == blits + (api ? 1 : 0), "one record on core only");
      glf_BlitFramebuffer(8, 0, 0, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_LINEAR);
      EXPECT(api ? GL_NO_ERROR : GL_INVALID_OPERATION, "1x -> 4x mirrored, LINEAR");
      glf_BlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      EXPECT(GL_INVALID_OPERATION, "1x -> 4x scaled");
      glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
      EXPECT(GL_INVALID_OPERATION, "1x -> 4x depth (not built)");
      glf_DeleteFramebuffers(2, fbo);
      glf_DeleteRenderbuffers(4, rb);
      drop(ctx);
   }
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
}

/* glPointParameter (GL 3.3 section 3.4): errors, queries, the SetPointState record. */
static void
point_parameters(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE, &plain);
   GLint i = 0;
   GLfloat f = 0;
   glf_GetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &i);
   glf_GetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, &f);
   CHECK(i == GL_UPPER_LEFT && f == 1.0f, "defaults 0x%x %g", i, f);
   static const struct {
      GLenum pname;
      GLfloat v;
      GLenum err;
   } rows[] = {
      {GL_POINT_SPRITE_COORD_ORIGIN, (GLfloat)GL_LOWER_LEFT, GL_NO_ERROR},
      {GL_POINT_SPRITE_COORD_ORIGIN, (GLfloat)GL_UPPER_LEFT, GL_NO_ERROR},
      {GL_POINT_SPRITE_COORD_ORIGIN, (GLfloat)GL_RED, GL_INVALID_VALUE},
      {GL_POINT_SPRITE_COORD_ORIGIN, 0.5f, GL_INVALID_VALUE},
      {GL_POINT_FADE_THRESHOLD_SIZE, 0.0f, GL_NO_ERROR},
      {GL_POINT_FADE_THRESHOLD_SIZE, -0.5f, GL_INVALID_VALUE},
      {GL_POINT_SIZE, 1.0f, GL_INVALID_ENUM},
      {GL_POINT_SPRITE_COORD_ORIGIN + 1, 1.0f, GL_INVALID_ENUM},
   };
   for (unsigned k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
      glf_PointParameterf(rows[k].pname, rows[k].v);
      GLenum e = glf_GetError();
      CHECK(e == rows[k].err, "row %u (f): 0x%x", k, e);
      glf_PointParameterfv(rows[k].pname, &rows[k].v);
      e = glf_GetError();
      CHECK(e == rows[k].err, "row %u (fv): 0x%x", k, e);
   }
   glf_PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   glf_GetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &i);
   glf_GetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, &f);
   CHECK(i == GL_LOWER_LEFT && f == 0.0f, "after the calls 0x%x %g", i, f);
   uint64_t n = fake_wire_op_count[WIRE_OP_SetPointState];
   draw_once();
   CHECK(fake_wire_op_count[WIRE_OP_SetPointState] == n + 1, "LOWER_LEFT sent once");
   draw_once();
   CHECK(fake_wire_op_count[WIRE_OP_SetPointState] == n + 1, "not again");
   const GLint ul = GL_UPPER_LEFT;
   glf_PointParameteriv(GL_POINT_SPRITE_COORD_ORIGIN, &ul);
   draw_once();
   CHECK(fake_wire_op_count[WIRE_OP_SetPointState] == n + 2, "back to UPPER_LEFT");
   drop(ctx);
   /* ES 3.0 has no glPointParameter: INVALID_OPERATION, nothing sent */
   ctx = make(GLF_API_GLES, &plain);
   glf_PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   EXPECT(GL_INVALID_OPERATION, "ES glPointParameteri");
   n = fake_wire_op_count[WIRE_OP_SetPointState];
   draw_once();
   CHECK(fake_wire_op_count[WIRE_OP_SetPointState] == n, "ES sends no point state");
   drop(ctx);
}

int
main(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   depth_readback();
   framebuffer_srgb();
   blit_into_multisample();
   point_parameters();
   if (fails)
      printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
