/* A context of the front end on the recording fake wire (fake_wire.c), current on a 16x16
 * drawable, for the tests of this folder; and its end, which checks no GL error was left.
 * Include after fake_wire.h, glf_gl.h and egl_check.h (CHECK). */
#ifndef SGL_TEST_FRONT_CONTEXT_H
#define SGL_TEST_FRONT_CONTEXT_H

static inline struct glf_context *
front_context(enum glf_api api, int major, int minor)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, api, major, minor, NULL, false, false);
   static struct glf_drawable d = {.color = {1, 1}, .width = 16, .height = 16};
   glf_make_current(ctx, &d, &d);
   return ctx;
}

static inline void
front_context_end(struct glf_context *ctx)
{
   CHECK(glf_GetError() == GL_NO_ERROR, "stray GL error");
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

#endif
