/* Helpers shared by the front-end tests: a failure counter with CHECK / EXPECT, and contexts
 * on a monolith wire (the fake server of fake_wire.c). */
#ifndef SGL_TEST_FRONT_CHECK_H
#define SGL_TEST_FRONT_CHECK_H

#include <stdio.h>

#include "gl_front/glf_public.h"
#include "glf_gl.h"
#include "wire/client.h"

#include "../egl/egl_check.h" /* CHECK and its failure count */
#define EXPECT(err, what)                                                                    \
   do {                                                                                     \
      GLenum e_ = glf_GetError();                                                           \
      CHECK(e_ == (err), "%s: got 0x%x, expected 0x%x", what, (unsigned)e_, (unsigned)(err)); \
   } while (0)

/* An ES 3.0 or GL 3.3 core context, current on drawable d (NULL: none). */
static inline struct glf_context *
front_context(enum glf_api api, const struct glf_drawable *d)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, api, 3, api == GLF_API_GLES ? 0 : 3, NULL, false, false);
   glf_make_current(ctx, d, d);
   return ctx;
}

/* Ends a case: no GL error left over, the context released and destroyed. */
static inline void
front_drop(struct glf_context *ctx)
{
   CHECK(glf_GetError() == GL_NO_ERROR, "stray GL error");
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

#endif
