/* splitgl server: the one interface every renderer (Magma on Vulkan, Espryt on host GLES)
 * implements, modelled on Gallium's pipe_context.
 *
 * The decoder (server/decode.c) has validated every argument before it calls in here:
 * enums are in range, counts within limits, handles resolved to live objects of the right
 * kind, boxes inside the resource's level extents, data sizes exact. A backend never sees a
 * raw handle and never branches on which transport carried the record.
 *
 * Object pointers returned by create functions are opaque to the core; the core stores them
 * in its handle tables and passes them back. A create function returns NULL only on
 * out-of-memory (the core then raises GL_OUT_OF_MEMORY for the client and keeps going).
 */
#ifndef SGL_SERVER_BACKEND_H
#define SGL_SERVER_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spirv/spv.h"
#include "wire/wire_types.h"

struct srv_backend;
struct srv_ctx;      /* backend's per-GL-context state */
struct srv_resource; /* backend's buffer / texture / renderbuffer */
struct srv_program;  /* backend's program (owns its copy of the blob's SPIR-V) */
struct srv_so_target; /* backend's stream-output target: a buffer range + its capture count */
struct srv_query;     /* backend's query object */

/** A framebuffer attachment with the resource resolved. */
struct srv_surface {
   struct srv_resource *res; /* NULL: no attachment */
   uint32_t level;
   uint32_t layer;
   uint32_t samples; /* the resource's sample count (1: single-sampled); framebuffers only */
   uint32_t linear;  /* 1: an sRGB surface read / written as its UNORM twin, without sRGB
                      * conversion (WIRE_FB_LINEAR_SRGB, WIRE_BLIT_F_LINEAR_SRGB); else 0 */
   uint32_t layers;  /* a layered framebuffer attachment: layers [0, layers) of the level (an
                      * array view); 0 or 1: the one layer `layer` */
};

struct srv_framebuffer {
   uint32_t width, height;
   uint32_t nr_cbufs;
   uint32_t samples; /* every attachment's sample count (checked equal by the core), 1 without */
   uint32_t layers;  /* layers rendered (1; a layered framebuffer: the fewest of its attachments) */
   struct srv_surface cbufs[WIRE_MAX_COLOR_BUFS];
   struct srv_surface zsbuf;
};

struct srv_vertex_buffer {
   struct srv_resource *res; /* NULL: unbound */
   uint32_t offset;
   uint32_t stride;
};

/* A uniform-buffer binding point: offset and size as the client gave them (size 0: to the
 * end); the backend clamps them to the buffer's current storage. */
struct srv_uniform_buffer {
   struct srv_resource *res; /* NULL: unbound */
   uint32_t offset;
   uint32_t size;
};

struct srv_sampler_view {
   struct srv_resource *res; /* NULL: unbound */
   uint32_t target;          /* wire_target, equal to the resource's; TEX_BUFFER: a buffer */
   uint8_t swizzle[4];
   uint32_t first_level, last_level; /* clamped by the core to the resource's levels */
   uint32_t format;          /* TEX_BUFFER: the texels' wire_format (TEXEL_BUFFER_FORMATS) */
   uint32_t aspect;          /* wire_view_aspect; STENCIL: a depth / stencil texture, on a device
                              * reporting WIRE_FEATURE_STENCIL_TEXTURING (the core checked) */
};

struct srv_draw {
   struct wire_draw info;        /* validated: mode, index_size in {0,1,2,4}, count... */
   struct srv_resource *index_res; /* non-NULL iff info.index_size != 0 */
};

/** What a backend could not do while applying the last record (take_status). */
enum srv_status {
   SRV_STATUS_OK = 0,
   SRV_STATUS_OUT_OF_MEMORY, /* the record's work was not (fully) done: GL_OUT_OF_MEMORY */
   SRV_STATUS_DEVICE_LOST,   /* sticky: nothing the backend does has effect any more */
};

struct srv_backend_ops {
   void (*destroy)(struct srv_backend *be);
   /** The status of the record just applied: OUT_OF_MEMORY is reported once (the call clears
    *  it) and the core raises GL_OUT_OF_MEMORY on the context that issued the record;
    *  DEVICE_LOST stays, and the core ends the session with a DeviceLost fatal error after
    *  posting the device-lost event. `what` (may be NULL) receives a reason. The core asks
    *  after every record, so a backend call's failure is never dropped with only a log. */
   enum srv_status (*take_status)(struct srv_backend *be, char *what, size_t what_size);
   /** The client asked the session to end: long device waits give up (set by the core at
    *  session creation; points into the segment). */
   void (*set_cancel)(struct srv_backend *be, const uint32_t *cancel);
   /** Fills renderer and device names (the core fills the capability table). */
   void (*get_info)(struct srv_backend *be, struct wire_server_info *info);
   /** Every device the backend's API sees, in its order, and which one it drives (QueryDevices).
    *  Optional: without it the list is empty. */
   void (*list_devices)(struct srv_backend *be, struct wire_device_list *list);
   /** The device's value of one capability (wire_types.h WIRE_CAPS: kind, unit, meaning), as
    *  the backend will honour it: a feature the backend lowers (8-bit indices, divisors) is
    *  reported as the device has it, a limit as the device has it (the front end clamps to the
    *  wire's maxima and raises to the GL minimums). 0 for a capability the backend does not
    *  know. Called once per GetInfo for every param < WIRE_CAP_COUNT. */
   uint64_t (*get_param)(struct srv_backend *be, enum wire_cap param);
   /** Adds the backend's counters (pipelines created, remints, validation messages, work it
    *  declined: `skipped`). */
   void (*get_stats)(struct srv_backend *be, struct wire_server_stats *stats);

   struct srv_ctx *(*context_create)(struct srv_backend *be, const struct wire_context_create *c);
   void (*context_destroy)(struct srv_backend *be, struct srv_ctx *ctx);

   /* Resources. `templ` is validated (target/format/extent/levels consistent). */
   struct srv_resource *(*resource_create)(struct srv_backend *be, const struct wire_resource_create *templ);
   /** Remint: new storage for `res` described by templ; with WIRE_RESPECIFY_PRESERVE in
    *  templ->flags the contents of every level/layer present in both with equal extent are
    *  copied GPU->GPU. Returns false on out-of-memory (the old storage stays). */
   bool (*resource_respecify)(struct srv_backend *be, struct srv_resource *res, const struct wire_resource_create *templ);
   void (*resource_destroy)(struct srv_backend *be, struct srv_resource *res);
   void (*buffer_subdata)(struct srv_backend *be, struct srv_resource *res, uint32_t offset, const void *data, uint32_t size);
   /** `data` is tightly packed texels in the wire format (wire/format.h), rows bottom first. */
   void (*texture_subdata)(struct srv_backend *be, struct srv_resource *res, const struct wire_texture_subdata *box, const void *data);

   /* Constant state objects. The state structs are validated. */
   void *(*create_blend)(struct srv_backend *be, const struct wire_blend_state *s);
   void *(*create_dsa)(struct srv_backend *be, const struct wire_dsa_state *s);
   void *(*create_rast)(struct srv_backend *be, const struct wire_rast_state *s);
   void *(*create_sampler)(struct srv_backend *be, const struct wire_sampler_state *s);
   void *(*create_velems)(struct srv_backend *be, const struct wire_velems_state *s);
   /** `info` was parsed and validated from `blob`; the backend copies what it keeps. */
   struct srv_program *(*program_create)(struct srv_backend *be, const struct spv_program_info *info);
   /** Deletes any CSO kind (WIRE_KIND_BLEND .. WIRE_KIND_VELEMS, WIRE_KIND_PROGRAM).
    *  The core guarantees it is not bound in any context any more. */
   void (*delete_cso)(struct srv_backend *be, uint32_t kind, void *cso);

   /* Bound state of one context (everything below takes the context it applies to). */
   void (*bind_cso)(struct srv_ctx *ctx, uint32_t slot, void *cso); /* wire_cso_slot; NULL unbinds */
   void (*set_framebuffer)(struct srv_ctx *ctx, const struct srv_framebuffer *fb);
   void (*set_vertex_buffers)(struct srv_ctx *ctx, uint32_t start, uint32_t count, const struct srv_vertex_buffer *vbs);
   void (*set_sampler_views)(struct srv_ctx *ctx, uint32_t start, uint32_t count, const struct srv_sampler_view *views);
   void (*bind_sampler_states)(struct srv_ctx *ctx, uint32_t start, uint32_t count, void *const *samplers);
   /** index 0: the default uniform block of the bound program. Data is copied. */
   void (*set_constant_buffer)(struct srv_ctx *ctx, uint32_t index, const void *data, uint32_t size);
   void (*set_uniform_buffers)(struct srv_ctx *ctx, uint32_t start, uint32_t count,
                               const struct srv_uniform_buffer *ubs);
   /** block_bindings[i]: the uniform-buffer binding point GL block i reads. */
   void (*set_program_bindings)(struct srv_ctx *ctx, struct srv_program *prog,
                                uint32_t sampler_count, const uint32_t *sampler_units,
                                uint32_t block_count, const uint32_t *block_bindings);
   void (*set_viewport)(struct srv_ctx *ctx, const struct wire_viewport *vp);
   void (*set_scissor)(struct srv_ctx *ctx, const struct wire_scissor *sc);
   void (*set_context_values)(struct srv_ctx *ctx, const struct wire_context_values *v);
   /** Multisample state (validated flags); effective only on multisampled framebuffers. */
   void (*set_sample_state)(struct srv_ctx *ctx, const struct wire_sample_state *st);
   /** Point sprite state (validated): gl_PointCoord's origin. */
   void (*set_point_state)(struct srv_ctx *ctx, const struct wire_point_state *st);
   /** GL_CLIP_DISTANCEi enables (validated: bits below WIRE_MAX_CLIP_DISTANCES). */
   void (*set_clip_state)(struct srv_ctx *ctx, const struct wire_clip_state *st);

   /* Verbs. */
   void (*draw)(struct srv_ctx *ctx, const struct srv_draw *draw);
   void (*clear)(struct srv_ctx *ctx, const struct wire_clear *clear);
   void (*generate_mipmap)(struct srv_ctx *ctx, struct srv_resource *res, uint32_t base_level, uint32_t last_level);
   /** glBlitFramebuffer for one surface pair (validated: both surfaces exist; DEPTH / STENCIL
    *  only between surfaces of one format, NEAREST; a multisampled source or destination
    *  only as wire_types.h's Blit allows: equal formats, equal-size rectangles, `samples` of
    *  each surface filled in). Returns a GL error the backend raises
    *  (GL_INVALID_OPERATION for formats the device cannot blit between), or GL_NO_ERROR. */
   uint32_t (*blit)(struct srv_ctx *ctx, const struct srv_surface *src, const struct srv_surface *dst,
                    const struct wire_blit *b);
   /** Writes w*h RGBA8 texels, rows bottom first, tightly packed, into dst. The rectangle may
    *  lie partly outside the surface: texels outside are left as the core pre-filled them.
    *  Returns false if the read-back failed (device lost). */
   bool (*read_pixels)(struct srv_ctx *ctx, const struct srv_surface *src, int32_t x, int32_t y,
                       uint32_t w, uint32_t h, void *dst);
   /** eglSwapBuffers: `res` is the surface's presented colour image; if a window is attached
    *  to it (window_attach) the image is shown there, else the frame's work is submitted. */
   void (*present)(struct srv_ctx *ctx, struct srv_resource *res);
   /** Window surfaces: Presents of `res` (a single-sampled colour renderbuffer) go to X11
    *  window `xid` on X display `display` until res is destroyed, with swap interval
    *  `interval` (0 or 1). False, with the reason in why, when the device or the display
    *  cannot. NULL: the backend has no window presentation. */
   bool (*window_attach)(struct srv_backend *be, struct srv_resource *res, const char *display, uint32_t xid,
                         uint32_t interval, char *why, size_t why_size);
   /** The swap interval of the window attached to res (none attached: nothing). */
   void (*window_set_interval)(struct srv_backend *be, struct srv_resource *res, uint32_t interval);
   void (*flush)(struct srv_ctx *ctx);
   /** Returns when every command submitted so far has completed on the device. */
   void (*finish)(struct srv_ctx *ctx);

   /** Copies bytes [offset, offset + size) of a buffer, as the device holds them after every
    *  command recorded so far, into dst (validated: inside the buffer). False: the device is
    *  lost or out of memory (dst then holds zeros). */
   bool (*buffer_read)(struct srv_backend *be, struct srv_resource *res, uint32_t offset, uint32_t size, void *dst);

   /* Stream output (transform feedback). The core validated the ranges against the buffer
    * when the target was created; a later respecify may shrink the buffer (capture then stops
    * at its end). A target is unbound from every context before it is destroyed. */
   struct srv_so_target *(*so_target_create)(struct srv_backend *be, struct srv_resource *res, uint32_t offset,
                                             uint32_t size);
   void (*so_target_destroy)(struct srv_backend *be, struct srv_so_target *t);
   /** Targets 0 .. count-1 (NULL entries capture nothing) receive the transform-feedback
    *  outputs of later draws; append_mask bit i: target i continues after what it captured
    *  before, else it starts at its offset. count 0 ends capture. */
   void (*set_so_targets)(struct srv_ctx *ctx, uint32_t count, struct srv_so_target *const *targets,
                          uint32_t append_mask);

   /* Queries (type: wire_query_type). The core guarantees the GL rules: one active query per
    * type and context, QueryEnd on the context that began it, QueryCounter only on TIMESTAMP
    * queries, no result read while active, and a query is ended before it is destroyed. */
   struct srv_query *(*query_create)(struct srv_backend *be, uint32_t type);
   void (*query_destroy)(struct srv_backend *be, struct srv_query *q);
   void (*query_begin)(struct srv_ctx *ctx, struct srv_query *q);
   void (*query_end)(struct srv_ctx *ctx, struct srv_query *q);
   void (*query_counter)(struct srv_ctx *ctx, struct srv_query *q);
   /** The query's value (*value) and whether it is final. wait: block (bounded) until it is;
    *  without wait never blocks but submits the query's work so that it completes. */
   bool (*query_result)(struct srv_backend *be, struct srv_query *q, bool wait, uint64_t *value);
   /** The device's time in nanoseconds after the work recorded so far (GL_TIMESTAMP). */
   uint64_t (*get_timestamp)(struct srv_backend *be);

   /* Fences (GL sync objects, EGL fence syncs): a serial for "everything recorded so far". */
   /** Submits what is recorded and returns a serial that is complete once all of it has
    *  completed on the device (0: nothing was pending, complete already). Serials increase. */
   uint64_t (*fence_submit)(struct srv_backend *be);
   /** The highest serial known complete; never blocks. After a lost device, every serial. */
   uint64_t (*fence_completed)(struct srv_backend *be);
};

struct srv_backend {
   const struct srv_backend_ops *ops;
};

/** Magma: Vulkan. Returns NULL (with a logged reason) if no usable device. */
/** Magma on the device `sel` names (NULL or index 0: SPLITGL_VK_DEVICE, else the first). */
struct srv_backend *mg_backend_create(const struct wire_device_select *sel);
/** Magma backends destroyed while their device was hung (GPU work past the fence timeout),
 *  kept whole until that work completes; each mg_backend_create and destroy first ends those
 *  whose work has completed. */
unsigned mg_backends_kept(void);
/** Espryt: host OpenGL ES through the host vendor's EGL (server_gles/egl.c says which vendor).
 *  NULL with the reason in why when no real vendor gives an ES 3.0 context. */
struct srv_backend *es_backend_create(const struct wire_device_select *sel, char *why, size_t why_size);

/* The part of a read rectangle (x, y, w, h) inside a surface level of sw x sh texels (a
 * rectangle may start at negative coordinates or pass the edge: what lies outside is left
 * as the destination had it). False when nothing lies inside; else its origin and size. */
struct srv_read_clip {
   int64_t x0, y0;
   uint32_t w, h;
};

static inline bool
srv_clip_read_rect(int32_t x, int32_t y, uint32_t w, uint32_t h, int64_t sw, int64_t sh, struct srv_read_clip *c)
{
   int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   int64_t x1 = (int64_t)x + w < sw ? (int64_t)x + w : sw, y1 = (int64_t)y + h < sh ? (int64_t)y + h : sh;
   if (x1 <= x0 || y1 <= y0)
      return false;
   *c = (struct srv_read_clip){x0, y0, (uint32_t)(x1 - x0), (uint32_t)(y1 - y0)};
   return true;
}

#endif
