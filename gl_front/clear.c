/* splitgl gl_front: glClear and glClearBuffer* with everything that affects them resolved
 * here (masks, scissor, rasterizer discard); one Clear record each. */
#include "glf_context.h"

/* What every clear command checks first; false: nothing to do (the error, if any, raised). */
static bool
clear_allowed(struct glf_context *ctx, const char *caller)
{
   if (glf_framebuffer_status(ctx, ctx->draw_fb) != GL_FRAMEBUFFER_COMPLETE) {
      glf_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s(framebuffer incomplete)", caller);
      return false;
   }
   /* "Clear and ClearBuffer* commands are ignored" with RASTERIZER_DISCARD enabled (ES 3.0
    * section 3.1). */
   /* and, under conditional rendering whose query counted no samples, Clear and
    * ClearBuffer* are discarded (OpenGL 3.3 core section 2.19) */
   return !ctx->st.rasterizer_discard && !ctx->cond_render_discard;
}

/* Draw buffer i's colour write mask as wire bits (bit 0 red ... bit 3 alpha). */
static uint8_t
color_write_mask(const struct glf_state *st, unsigned i)
{
   const GLboolean *m = st->color_mask[i];
   return (uint8_t)(m[0] | m[1] << 1 | m[2] << 2 | m[3] << 3);
}

/* Fills c's masks for the depth and stencil bits asked for, as the write masks allow: "the
 * depth write mask ... false: the depth buffer is not cleared"; the front stencil write mask
 * masks the stencil clear. */
static void
clear_depth_stencil(struct glf_context *ctx, struct wire_clear *c, bool depth, bool stencil)
{
   GLint bits[6];
   glf_framebuffer_bits(ctx, ctx->draw_fb, bits);
   const struct glf_state *st = &ctx->st;
   if (depth && st->depth_mask && bits[4])
      c->buffers |= WIRE_CLEAR_DEPTH;
   if (stencil && bits[5] && (st->stencil[0].write_mask & 0xff))
      c->buffers |= WIRE_CLEAR_STENCIL;
   c->stencil_write_mask = (uint8_t)st->stencil[0].write_mask;
}

static void
emit_clear(struct glf_context *ctx, struct wire_clear *c)
{
   if (!c->buffers)
      return;
   const struct glf_state *st = &ctx->st;
   c->scissor_enable = st->scissor_test;
   c->scissor = (struct wire_scissor){st->scissor[0], st->scissor[1], st->scissor[2], st->scissor[3]};
   glf_emit_state(ctx);
   struct wire_clear *p = GLF_BEGIN(ctx, Clear);
   if (!p)
      return;
   *p = *c;
   wire_end(ctx->wire);
}

void GLAPIENTRY
glf_Clear(GLbitfield mask)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* From the OpenGL ES 3.0 spec, section 4.2.3: "If a mask is specified containing any
    * bits other than COLOR_BUFFER_BIT, DEPTH_BUFFER_BIT and STENCIL_BUFFER_BIT, an
    * INVALID_VALUE error is generated." */
   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
      glf_error(ctx, GL_INVALID_VALUE, "glClear(mask=0x%x)", mask);
      return;
   }
   if (!clear_allowed(ctx, "glClear") || !mask)
      return;
   struct wire_framebuffer fb;
   glf_framebuffer_key(ctx, ctx->draw_fb, &fb);
   struct wire_clear c;
   memset(&c, 0, sizeof(c));
   const struct glf_state *st = &ctx->st;
   /* GL core lists EXT_texture_integer: signed and unsigned integer colour buffers take
    * glClearColorIiEXT's / IuiEXT's value, each in a Clear record of its own (ES, and GL
    * without the extension, leave glClear of an integer buffer undefined: the float value's
    * bits go, as for every buffer). */
   struct wire_clear ci, cu;
   memset(&ci, 0, sizeof(ci));
   memset(&cu, 0, sizeof(cu));
   if (mask & GL_COLOR_BUFFER_BIT) {
      for (unsigned i = 0; i < fb.nr_cbufs; i++) {
         uint8_t cmask = color_write_mask(st, i);
         if (!fb.cbufs[i].res.gen || !cmask)
            continue;
         const struct glf_format *f = GLF_CORE(ctx) ? glf_framebuffer_draw_format(ctx, ctx->draw_fb, i) : NULL;
         struct wire_clear *to = !f ? &c : f->ctype == GL_INT ? &ci : f->ctype == GL_UNSIGNED_INT ? &cu : &c;
         to->buffers |= WIRE_CLEAR_COLOR0 << i;
         to->colormask[i] = cmask;
      }
   }
   clear_depth_stencil(ctx, &c, mask & GL_DEPTH_BUFFER_BIT, mask & GL_STENCIL_BUFFER_BIT);
   memcpy(c.color, st->clear_color, sizeof(c.color));
   c.depth = st->clear_depth;
   c.stencil = (uint32_t)st->clear_stencil & 0xffu;
   emit_clear(ctx, &c);
   memcpy(ci.color, st->clear_color_int, sizeof(ci.color));
   emit_clear(ctx, &ci);
   memcpy(cu.color, st->clear_color_uint, sizeof(cu.color));
   emit_clear(ctx, &cu);
}

/* glClearBuffer{iv,uiv,fv}(COLOR, drawbuffer, value): the four values' bits go as they are
 * (Clear.color is VkClearColorValue's words); the server reads them as the attachment's
 * numeric type, as ES 3.0 section 4.2.3 says the command's type must match it. */
static void
clear_color_buffer(struct glf_context *ctx, GLint drawbuffer, const void *value, const char *caller)
{
   /* "An INVALID_VALUE error is generated if buffer is COLOR and drawbuffer is negative,
    * or greater than the value of MAX_DRAW_BUFFERS minus one" */
   if (drawbuffer < 0 || drawbuffer >= (GLint)ctx->limits.max_draw_buffers) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer=%d)", caller, drawbuffer);
      return;
   }
   if (!clear_allowed(ctx, caller))
      return;
   struct wire_framebuffer fb;
   glf_framebuffer_key(ctx, ctx->draw_fb, &fb);
   uint8_t cmask = color_write_mask(&ctx->st, (unsigned)drawbuffer);
   /* A draw buffer of NONE (or without an attachment) is not cleared. */
   if ((unsigned)drawbuffer >= fb.nr_cbufs || !fb.cbufs[drawbuffer].res.gen || !cmask)
      return;
   struct wire_clear c;
   memset(&c, 0, sizeof(c));
   c.buffers = WIRE_CLEAR_COLOR0 << drawbuffer;
   c.colormask[drawbuffer] = cmask;
   memcpy(c.color, value, sizeof(c.color));
   emit_clear(ctx, &c);
}

/* Depth and / or stencil of the draw framebuffer (drawbuffer must be zero). */
static void
clear_ds_buffer(struct glf_context *ctx, GLint drawbuffer, bool depth, float d, bool stencil, GLint s,
                const char *caller)
{
   /* "An INVALID_VALUE error is generated if buffer is DEPTH, STENCIL or DEPTH_STENCIL and
    * drawbuffer is not zero." */
   if (drawbuffer != 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer=%d)", caller, drawbuffer);
      return;
   }
   if (!clear_allowed(ctx, caller))
      return;
   struct wire_clear c;
   memset(&c, 0, sizeof(c));
   clear_depth_stencil(ctx, &c, depth, stencil);
   c.depth = d; /* clamped to [0, 1] by the server */
   c.stencil = (uint32_t)s & 0xffu;
   emit_clear(ctx, &c);
}

void GLAPIENTRY
glf_ClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   switch (buffer) {
   case GL_COLOR:
      clear_color_buffer(ctx, drawbuffer, value, "glClearBufferiv");
      return;
   case GL_STENCIL:
      clear_ds_buffer(ctx, drawbuffer, false, 0.0f, true, value[0], "glClearBufferiv");
      return;
   default:
      /* "An INVALID_ENUM error is generated by ClearBufferiv if buffer is not COLOR or
       * STENCIL." */
      glf_error(ctx, GL_INVALID_ENUM, "glClearBufferiv(buffer=0x%x)", buffer);
      return;
   }
}

void GLAPIENTRY
glf_ClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_ENUM error is generated by ClearBufferuiv if buffer is not COLOR." */
   if (buffer != GL_COLOR) {
      glf_error(ctx, GL_INVALID_ENUM, "glClearBufferuiv(buffer=0x%x)", buffer);
      return;
   }
   clear_color_buffer(ctx, drawbuffer, value, "glClearBufferuiv");
}

void GLAPIENTRY
glf_ClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   switch (buffer) {
   case GL_COLOR:
      clear_color_buffer(ctx, drawbuffer, value, "glClearBufferfv");
      return;
   case GL_DEPTH:
      clear_ds_buffer(ctx, drawbuffer, true, value[0], false, 0, "glClearBufferfv");
      return;
   default:
      /* "An INVALID_ENUM error is generated by ClearBufferfv if buffer is not COLOR or
       * DEPTH." */
      glf_error(ctx, GL_INVALID_ENUM, "glClearBufferfv(buffer=0x%x)", buffer);
      return;
   }
}

void GLAPIENTRY
glf_ClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_ENUM error is generated by ClearBufferfi if buffer is not DEPTH_STENCIL." */
   if (buffer != GL_DEPTH_STENCIL) {
      glf_error(ctx, GL_INVALID_ENUM, "glClearBufferfi(buffer=0x%x)", buffer);
      return;
   }
   clear_ds_buffer(ctx, drawbuffer, true, depth, true, stencil, "glClearBufferfi");
}
