/* splitgl gl_front: glClear with everything that affects it resolved here. */
#include "glf_context.h"

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
   if (glf_framebuffer_status(ctx, ctx->draw_fb) != GL_FRAMEBUFFER_COMPLETE) {
      glf_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "glClear(framebuffer incomplete)");
      return;
   }
   /* Clears are discarded with RASTERIZER_DISCARD enabled (ES 3.0 section 3.1). */
   if (ctx->st.rasterizer_discard || !mask)
      return;
   GLint bits[6];
   glf_framebuffer_bits(ctx, ctx->draw_fb, bits);
   struct wire_framebuffer fb;
   glf_framebuffer_key(ctx, ctx->draw_fb, &fb);
   struct wire_clear c;
   memset(&c, 0, sizeof(c));
   const struct glf_state *st = &ctx->st;
   uint8_t cmask = (uint8_t)(st->color_mask[0] | st->color_mask[1] << 1 | st->color_mask[2] << 2 | st->color_mask[3] << 3);
   if ((mask & GL_COLOR_BUFFER_BIT) && cmask) {
      for (unsigned i = 0; i < fb.nr_cbufs; i++) {
         if (!fb.cbufs[i].res.gen)
            continue;
         c.buffers |= WIRE_CLEAR_COLOR0 << i;
         c.colormask[i] = cmask;
      }
   }
   /* The depth write mask applies to clears: "DepthMask ... false: the depth buffer is not
    * cleared"; the front stencil write mask masks the stencil clear. */
   if ((mask & GL_DEPTH_BUFFER_BIT) && st->depth_mask && bits[4])
      c.buffers |= WIRE_CLEAR_DEPTH;
   if ((mask & GL_STENCIL_BUFFER_BIT) && bits[5] && (st->stencil[0].write_mask & 0xff))
      c.buffers |= WIRE_CLEAR_STENCIL;
   if (!c.buffers)
      return;
   memcpy(c.color, st->clear_color, sizeof(c.color));
   c.depth = st->clear_depth;
   c.stencil = (uint32_t)st->clear_stencil & 0xffu;
   c.stencil_write_mask = (uint8_t)st->stencil[0].write_mask;
   c.scissor_enable = st->scissor_test;
   c.scissor = (struct wire_scissor){st->scissor[0], st->scissor[1], st->scissor[2], st->scissor[3]};
   glf_emit_state(ctx);
   struct wire_clear *p = GLF_BEGIN(ctx, Clear);
   if (!p)
      return;
   *p = c;
   wire_end(ctx->wire);
}
