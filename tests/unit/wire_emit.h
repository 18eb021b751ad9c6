/* Test-side encoding helpers over wire/client.h (tests that speak the wire directly). */
#ifndef SGL_TEST_WIRE_EMIT_H
#define SGL_TEST_WIRE_EMIT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "wire/client.h"

/* Begins record Op with its payload in `var`; the caller fills it and calls wire_end(). */
#define EMIT(c, Op, var) wire_payload_##Op *var = wire_begin(c, WIRE_OP_##Op, 0)

/* Creates a context on the server and makes it current; returns its handle. */
static inline wire_handle
emit_current_context(struct wire_client *c)
{
   wire_handle ctx = wire_handle_mint(c, WIRE_KIND_CONTEXT);
   EMIT(c, ContextCreate, cc);
   cc->ctx = ctx;
   wire_end(c);
   EMIT(c, MakeCurrent, mc);
   mc->ctx = ctx;
   wire_end(c);
   return ctx;
}

/* A current context drawing into a 32x32 RGBA8 renderbuffer, its only colour attachment;
 * returns the renderbuffer's handle. */
static inline wire_handle
emit_context_rt32(struct wire_client *c)
{
   emit_current_context(c);
   wire_handle rt = wire_handle_mint(c, WIRE_KIND_RESOURCE);
   EMIT(c, ResourceCreate, rc);
   rc->res = rt;
   rc->target = WIRE_TARGET_RENDERBUFFER;
   rc->format = WIRE_FMT_R8G8B8A8_UNORM;
   rc->width = rc->height = 32;
   rc->depth = rc->layers = 1;
   wire_end(c);
   EMIT(c, SetFramebuffer, fb);
   fb->width = fb->height = 32;
   fb->nr_cbufs = 1;
   fb->cbufs[0].res = rt;
   wire_end(c);
   return rt;
}

/* Clears emit_context_rt32()'s target to (r, g, 0, 1) and reads it back: true when the reply came and
 * every pixel is that colour. */
static inline bool
emit_clear_read32(struct wire_client *c, wire_handle rt, float r, float g)
{
   EMIT(c, Clear, cl);
   cl->buffers = WIRE_CLEAR_COLOR0;
   cl->color[0] = r;
   cl->color[1] = g;
   cl->color[3] = 1.0f;
   cl->colormask[0] = 0xf;
   wire_end(c);
   EMIT(c, ReadPixels, rp);
   rp->src.res = rt;
   rp->w = rp->h = 32;
   static uint8_t px[32 * 32 * 4];
   if (wire_end_reply(c, px, sizeof(px)) != (int64_t)sizeof(px))
      return false;
   uint8_t want[4] = {(uint8_t)(r * 255.0f + 0.5f), (uint8_t)(g * 255.0f + 0.5f), 0, 255};
   for (unsigned i = 0; i < sizeof(px); i += 4)
      if (memcmp(px + i, want, 4))
         return false;
   return true;
}

#endif
