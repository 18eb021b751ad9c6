/* splitgl gl_front: what the EGL layer (gl_front/egl_*.c) uses of the GL front end. */
#ifndef SGL_GL_FRONT_PUBLIC_H
#define SGL_GL_FRONT_PUBLIC_H

#include <stdbool.h>
#include <stdint.h>

#include "wire/client.h"

enum glf_api { GLF_API_GLES = 0, GLF_API_GL_CORE = 1 };

struct glf_context;

/** A surface as GL sees it: the server resources behind the default framebuffer.
 *  `color` and `depth_stencil` are RESOURCE handles the EGL layer created on the wire. */
struct glf_drawable {
   wire_handle color;         /* render target of color_format (samples of them when samples > 0) */
   wire_handle depth_stencil; /* null if the config has no depth/stencil; samples like color */
   wire_handle resolve;       /* samples > 0: the single-sampled colour image reads and presents use */
   uint32_t color_format;     /* wire_format of color (WIRE_FMT_R8G8B8A8_UNORM or R5G6B5_UNORM) */
   uint32_t ds_format;        /* wire_format of depth_stencil, or WIRE_FMT_NONE */
   uint32_t samples;          /* EGL_SAMPLES of the config: 0 single-sampled */
   uint32_t width, height;
   uint32_t depth_bits, stencil_bits;
   /* Window surfaces: glf_present calls swap_hook(swap_user, ctx, false) before its Present
    * record and swap_hook(swap_user, ctx, true) after it (egl_surface.c: the swap interval,
    * buffer age, following the window's size). NULL for pbuffers. */
   void (*swap_hook)(void *user, struct glf_context *ctx, bool after);
   void *swap_user;
};

/** Creates a context on channel `c` (the display's). share may be NULL. */
struct glf_context *glf_context_create(struct wire_client *c, enum glf_api api, int major, int minor,
                                       struct glf_context *share, bool debug, bool robust);
void glf_context_destroy(struct glf_context *ctx);
/** Records that the context was created forward-compatible (GL_CONTEXT_FLAGS reports it). */
void glf_context_set_forward_compatible(struct glf_context *ctx, bool forward_compatible);
/** The app asked for OpenGL ES 2.0 (it gets ES 3.0): depth textures sample as luminance,
 *  (D, D, D, 1), as OES_depth_texture says and Mesa does for such contexts (texture.c). */
void glf_context_set_es2_requested(struct glf_context *ctx, bool es2);
/** The reset notification strategy: LOSE_CONTEXT_ON_RESET (true) or NO_RESET_NOTIFICATION. */
void glf_context_set_reset_notification(struct glf_context *ctx, bool lose_context_on_reset);

/** Makes ctx current on the calling thread (NULL releases). draw/read may be NULL for
 *  surfaceless (then the default framebuffer is incomplete: GL_FRAMEBUFFER_UNDEFINED). */
void glf_make_current(struct glf_context *ctx, const struct glf_drawable *draw, const struct glf_drawable *read);
struct glf_context *glf_current(void);

/** eglSwapBuffers: emits Present for the draw surface (waits for the present credit only),
 *  between the drawable's swap_hook calls. Returns false if the channel is lost. */
bool glf_present(struct glf_context *ctx);
/** A fence after ctx's records so far (EGL fence syncs): its wire_fence id, 0 if lost. */
uint64_t glf_fence_insert(struct glf_context *ctx);
/** glFlush semantics for eglMakeCurrent / eglDestroySurface. */
void glf_flush(struct glf_context *ctx);

/** Every GL entry point splitgl exports (GLES 2.0/3.0 and GL 3.3 core), by name; NULL if the
 *  name is not a GL function. Unimplemented ones raise GL_INVALID_OPERATION and log once. */
void *glf_get_proc_address(const char *name);

/** For the display's wire_client_callbacks (called under the wire lock): a server-raised GL
 *  error (e.g. GL_OUT_OF_MEMORY) is recorded on the context whose record raised it. */
void glf_wire_gl_error(struct wire_client *w, wire_handle ctx, uint32_t gl_error);
/** The channel is lost: every context on it reports a reset (KHR_robustness). */
void glf_wire_lost(struct wire_client *w, bool device_lost);

/** The GL entry points a run called that are not implemented (for SPLITGL_STATS). */
void glf_print_unimplemented_hits(void);
/** One stats line for this context (SPLITGL_STATS=1), printed at context destroy. */
void glf_print_stats(struct glf_context *ctx);

#endif
