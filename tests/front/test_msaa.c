/* Multisampling in the front end, on the recording fake wire: renderbuffer sample counts from
 * the device (rounding up, too many), FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, SAMPLES /
 * SAMPLE_BUFFERS, the spec's errors of glBlitFramebuffer / glReadPixels / glCopyTexImage2D
 * with multisampled framebuffers, the resolve Blit record, and glSampleCoverage /
 * SAMPLE_ALPHA_TO_COVERAGE / glSampleMaski folded into SetSampleState. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"
#include "wire/format.h"

#include "front_check.h"

/* A device with 2 and 4 samples for RGBA8, 4 for D24S8 and RGBA8UI, none for the rest. */
static void
device(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   fake_wire_info.caps[WIRE_CAP_MS_FORMATS_2] = 1ull << WIRE_FMT_R8G8B8A8_UNORM;
   fake_wire_info.caps[WIRE_CAP_MS_FORMATS_4] =
      (1ull << WIRE_FMT_R8G8B8A8_UNORM) | (1ull << WIRE_FMT_D24_UNORM_S8_UINT) | (1ull << WIRE_FMT_R8G8B8A8_UINT);
   fake_wire_info.caps[WIRE_CAP_STANDARD_SAMPLE_LOCATIONS] = 1;
}

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

static GLint
get_int(GLenum pname)
{
   GLint v = -1;
   glf_GetIntegerv(pname, &v);
   return v;
}

static GLuint
rb_storage(GLsizei samples, GLenum ifmt)
{
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   glf_RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, ifmt, 8, 8);
   return rb;
}

static GLint
rb_samples(void)
{
   GLint v = -1;
   glf_GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
   return v;
}

static void
sample_counts(void)
{
   static const struct glf_drawable d = {.color = {1, 1}, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .width = 8,
                                         .height = 8};
   struct glf_context *ctx = make(GLF_API_GLES, &d);
   CHECK(get_int(GL_MAX_SAMPLES) == 4, "MAX_SAMPLES from the device: %d", get_int(GL_MAX_SAMPLES));
   /* a table: request -> RENDERBUFFER_SAMPLES (or the error) */
   static const struct {
      GLenum ifmt;
      GLsizei samples;
      GLenum err;
      GLint got;
   } rows[] = {
      {GL_RGBA8, 0, GL_NO_ERROR, 0},        {GL_RGBA8, 1, GL_NO_ERROR, 2},
      {GL_RGBA8, 2, GL_NO_ERROR, 2},        {GL_RGBA8, 3, GL_NO_ERROR, 4},
      {GL_RGBA8, 4, GL_NO_ERROR, 4},        {GL_RGBA8, 5, GL_INVALID_OPERATION, 0},
      {GL_DEPTH24_STENCIL8, 1, GL_NO_ERROR, 4}, {GL_DEPTH24_STENCIL8, 8, GL_INVALID_OPERATION, 0},
      {GL_DEPTH_COMPONENT16, 2, GL_INVALID_OPERATION, 0}, /* the device has none for D16 */
      {GL_RGBA8UI, 1, GL_INVALID_OPERATION, 0},            /* ES 3.0: integer formats never */
      {GL_RGBA8, -1, GL_INVALID_VALUE, 0},
   };
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      GLuint rb = rb_storage(rows[i].samples, rows[i].ifmt);
      GLenum err = glf_GetError();
      CHECK(err == rows[i].err, "row %u: error 0x%x", i, err);
      if (err == GL_NO_ERROR) {
         CHECK(rb_samples() == rows[i].got, "row %u: RENDERBUFFER_SAMPLES %d", i, rb_samples());
         CHECK(fake_wire_last_resource.samples == (uint32_t)rows[i].got, "row %u: wire samples %u", i,
               fake_wire_last_resource.samples);
      }
      glf_DeleteRenderbuffers(1, &rb);
   }
   GLint n = -1, s[4] = {-1, -1, -1, -1};
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8UI, GL_NUM_SAMPLE_COUNTS, 1, &n);
   CHECK(n == 0, "ES integer formats list no counts (%d)", n);
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 4, s);
   CHECK(s[0] == 4 && s[1] == 2 && s[2] == -1, "RGBA8 counts %d %d %d", s[0], s[1], s[2]);
   drop(ctx);

   /* GL 3.3 core: integer formats up to MAX_INTEGER_SAMPLES; past MAX_SAMPLES INVALID_VALUE */
   ctx = make(GLF_API_GL_CORE, &d);
   CHECK(get_int(GL_MAX_INTEGER_SAMPLES) == 4, "MAX_INTEGER_SAMPLES %d", get_int(GL_MAX_INTEGER_SAMPLES));
   GLuint rb = rb_storage(2, GL_RGBA8UI);
   EXPECT(GL_NO_ERROR, "core integer renderbuffer");
   CHECK(rb_samples() == 4, "core RGBA8UI rounds 2 up to 4 (%d)", rb_samples());
   glf_DeleteRenderbuffers(1, &rb);
   rb = rb_storage(16, GL_RGBA8);
   EXPECT(GL_INVALID_VALUE, "core samples > MAX_SAMPLES");
   glf_DeleteRenderbuffers(1, &rb);
   drop(ctx);
}

static void
framebuffers(void)
{
   static const struct glf_drawable d = {.color = {1, 1}, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .width = 8,
                                         .height = 8};
   struct glf_context *ctx = make(GLF_API_GLES, &d);
   GLuint ms = rb_storage(4, GL_RGBA8), ms_ds = rb_storage(4, GL_DEPTH24_STENCIL8), ss = rb_storage(0, GL_RGBA8);
   GLuint fbo[2], tex;
   glf_GenFramebuffers(2, fbo);
   glf_BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ms);
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ms_ds);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "4x colour + 4x depth");
   CHECK(get_int(GL_SAMPLES) == 4 && get_int(GL_SAMPLE_BUFFERS) == 1, "SAMPLES %d", get_int(GL_SAMPLES));
   /* a single-sampled colour attachment among 4x ones */
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, ss);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, "mixed counts");
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
   /* a texture (0 samples) with a 4x depth renderbuffer */
   glf_GenTextures(1, &tex);
   glf_BindTexture(GL_TEXTURE_2D, tex);
   glf_TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
   glf_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   CHECK(glf_CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, "texture + 4x");
   glf_FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ms);
   EXPECT(GL_NO_ERROR, "setup");

   /* fbo[0] (4x) read, fbo[1] (single-sampled RGBA8) draw */
   glf_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   glf_FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ss);
   glf_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   uint64_t blits = fake_wire_op_count[WIRE_OP_Blit];
   glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   EXPECT(GL_NO_ERROR, "resolve");
   CHECK(fake_wire_op_count[WIRE_OP_Blit] == blits + 1 && !fake_wire_last_blit.linear, "one NEAREST resolve record");
   /* ES 3.0 4.3.3: rectangles must be the same bounds; no scaling */
   glf_BlitFramebuffer(0, 0, 8, 8, 1, 0, 9, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   EXPECT(GL_INVALID_OPERATION, "resolve to another position");
   glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   EXPECT(GL_INVALID_OPERATION, "scaled resolve");
   /* a multisampled destination */
   glf_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   glf_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   EXPECT(GL_INVALID_OPERATION, "blit into a multisampled framebuffer");
   /* a format mismatch (RGBA8 4x into RGBA4) */
   GLuint ss4 = rb_storage(0, GL_RGBA4);
   glf_BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   glf_FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ss4);
   glf_BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   glf_BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   EXPECT(GL_INVALID_OPERATION, "resolve between formats");
   /* reads and copies from a multisampled framebuffer object */
   uint8_t px[4];
   glf_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   EXPECT(GL_INVALID_OPERATION, "glReadPixels from a multisampled framebuffer object");
   glf_CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
   EXPECT(GL_INVALID_OPERATION, "glCopyTexImage2D from a multisampled framebuffer object");

   /* glSampleCoverage / alpha-to-coverage on the 4x draw framebuffer */
   glf_BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glf_Enable(GL_SAMPLE_COVERAGE);
   glf_SampleCoverage(0.5f, GL_FALSE);
   glf_Enable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   glf_Clear(GL_COLOR_BUFFER_BIT);
   CHECK(fake_wire_last_sample_state.sample_mask == 0x3u && fake_wire_last_sample_state.alpha_to_coverage == 1,
         "coverage 0.5 of 4 samples: mask 0x%x", fake_wire_last_sample_state.sample_mask);
   glf_SampleCoverage(0.5f, GL_TRUE);
   glf_Clear(GL_COLOR_BUFFER_BIT);
   CHECK(fake_wire_last_sample_state.sample_mask == ~0x3u, "inverted: 0x%x", fake_wire_last_sample_state.sample_mask);
   /* a single-sampled framebuffer: the mask does not apply */
   glf_BindFramebuffer(GL_FRAMEBUFFER, 0);
   glf_Clear(GL_COLOR_BUFFER_BIT);
   CHECK(fake_wire_last_sample_state.sample_mask == ~0u && !fake_wire_last_sample_state.alpha_to_coverage,
         "single-sampled: all samples");
   glf_DeleteRenderbuffers(1, &ms);
   glf_DeleteRenderbuffers(1, &ms_ds);
   glf_DeleteRenderbuffers(1, &ss);
   glf_DeleteRenderbuffers(1, &ss4);
   glf_DeleteTextures(1, &tex);
   glf_DeleteFramebuffers(2, fbo);
   drop(ctx);
}

/* A 4x default framebuffer: SAMPLES 4, reads resolve first (a Blit into the resolve image,
 * then ReadPixels names it), glCopyTexImage2D is allowed; GL core's SAMPLE_POSITION and
 * glSampleMaski. */
static void
default_framebuffer(void)
{
   static const struct glf_drawable d = {.color = {1, 1}, .resolve = {2, 1}, .depth_stencil = {3, 1},
                                         .color_format = WIRE_FMT_R8G8B8A8_UNORM,
                                         .ds_format = WIRE_FMT_D24_UNORM_S8_UINT, .samples = 4, .width = 8,
                                         .height = 8, .depth_bits = 24, .stencil_bits = 8};
   struct glf_context *ctx = make(GLF_API_GLES, &d);
   CHECK(get_int(GL_SAMPLES) == 4 && get_int(GL_SAMPLE_BUFFERS) == 1, "default SAMPLES %d", get_int(GL_SAMPLES));
   uint64_t blits = fake_wire_op_count[WIRE_OP_Blit];
   uint8_t px[4];
   glf_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   EXPECT(GL_NO_ERROR, "glReadPixels from the multisampled default framebuffer");
   CHECK(fake_wire_op_count[WIRE_OP_Blit] == blits + 1 && fake_wire_last_blit.src.res.slot == 1 &&
            fake_wire_last_blit.dst.res.slot == 2 && fake_wire_last_blit.src_x1 == 8,
         "the read resolves the whole surface first");
   drop(ctx);

   ctx = make(GLF_API_GL_CORE, &d);
   GLfloat pos[2] = {-1, -1};
   glf_GetMultisamplefv(GL_SAMPLE_POSITION, 1, pos);
   CHECK(pos[0] == 0.875f && pos[1] == 0.375f, "standard 4x location 1: %g %g", pos[0], pos[1]);
   glf_GetMultisamplefv(GL_SAMPLE_POSITION, 4, pos);
   EXPECT(GL_INVALID_VALUE, "index >= SAMPLES");
   glf_Enable(GL_SAMPLE_MASK);
   glf_SampleMaski(0, 0x5);
   glf_Clear(GL_COLOR_BUFFER_BIT);
   CHECK(fake_wire_last_sample_state.sample_mask == 0x5u, "glSampleMaski: 0x%x", fake_wire_last_sample_state.sample_mask);
   glf_Disable(GL_MULTISAMPLE);
   glf_Clear(GL_COLOR_BUFFER_BIT);
   CHECK(fake_wire_last_sample_state.sample_mask == ~0u, "MULTISAMPLE disabled: no mask");
   drop(ctx);
}

int
main(void)
{
   device();
   sample_counts();
   framebuffers();
   default_framebuffer();
   if (fails)
      printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
