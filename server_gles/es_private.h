/* Espryt: the host OpenGL ES renderer behind server/backend.h.
 *
 * Model. One `es_backend` per session: the host vendor's EGL (egl.c: the vendor library
 * opened directly, never through libglvnd), one display (surfaceless), one root context that
 * owns nothing but keeps the share group alive, and one host context per GL context, all in
 * the root's share group, so resources, programs and samplers are shared and VAOs /
 * framebuffers are per context (as in GL). Every backend call first makes the right host
 * context current on the calling thread (es_make_current); calls that belong to no context
 * use the one current last. Host GL is reached only through `be->gl` (es_gl_funcs.h).
 *
 * State: the core hands over constant state objects and bound state; Espryt keeps them on the
 * context and flushes them to the host at a draw or clear (`emit_*`, state.c), comparing
 * against what the host context last received (`es_hoststate`) so redundant host calls are
 * filtered.
 */
#ifndef SGL_SERVER_GLES_PRIVATE_H
#define SGL_SERVER_GLES_PRIVATE_H

#ifndef EGL_NO_X11
#define EGL_NO_X11
#endif
#define GL_GLES_PROTOTYPES 0 /* never a link-time GL symbol: everything through be->gl */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>

/* wire_enums.h's GL column names GL's dual-source factors; an ES host spells them with
 * EXT_blend_func_extended's suffix (same values) */
#ifndef GL_SRC1_COLOR
#define GL_SRC1_COLOR GL_SRC1_COLOR_EXT
#define GL_SRC1_ALPHA GL_SRC1_ALPHA_EXT
#define GL_ONE_MINUS_SRC1_COLOR GL_ONE_MINUS_SRC1_COLOR_EXT
#define GL_ONE_MINUS_SRC1_ALPHA GL_ONE_MINUS_SRC1_ALPHA_EXT
#endif

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "server/backend.h"

#define container_of(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))

struct es_gl {
#define ES_GL(ret, name, params) ret(GL_APIENTRY *name) params;
#define ES_GL_OPT ES_GL
#include "es_gl_funcs.h"
#undef ES_GL_OPT
#undef ES_GL
};

enum es_feat {
#define FEAT(name, ver, ...) ES_FEAT_##name,
#include "es_features.h"
#undef FEAT
   ES_FEAT_COUNT
};

/* The host EGL functions Espryt calls (from the vendor's getProcAddress). */
#define ES_EGL_FUNCS(E)                                                                         \
   E(PFNEGLINITIALIZEPROC, eglInitialize)                                                       \
   E(PFNEGLTERMINATEPROC, eglTerminate)                                                         \
   E(PFNEGLQUERYSTRINGPROC, eglQueryString)                                                     \
   E(PFNEGLGETERRORPROC, eglGetError)                                                           \
   E(PFNEGLBINDAPIPROC, eglBindAPI)                                                             \
   E(PFNEGLCHOOSECONFIGPROC, eglChooseConfig)                                                   \
   E(PFNEGLCREATECONTEXTPROC, eglCreateContext)                                                 \
   E(PFNEGLDESTROYCONTEXTPROC, eglDestroyContext)                                               \
   E(PFNEGLMAKECURRENTPROC, eglMakeCurrent)                                                     \
   E(PFNEGLGETCURRENTCONTEXTPROC, eglGetCurrentContext)                                         \
   E(PFNEGLRELEASETHREADPROC, eglReleaseThread)                                                 \
   E(PFNEGLGETPROCADDRESSPROC, eglGetProcAddress)

struct es_egl {
#define E(type, name) type name;
   ES_EGL_FUNCS(E)
#undef E
};

/* What the host context was last given (filters redundant host calls). The ids are the CSOs'
 * (0: unknown); a clear or blit that changes masks or the scissor behind their back resets
 * them (es_host_forget). */
struct es_hoststate {
   GLuint program, vao, draw_fb, read_fb;
   uint32_t enables;        /* ES_EN_* known enabled */
   uint32_t enables_known;  /* ES_EN_* whose state is known */
   uint64_t blend, dsa, rast, velems; /* CSO ids last emitted */
   bool values_known, viewport_known, vertex_known;
   GLuint unit_tex[WIRE_MAX_SAMPLER_UNITS], unit_sampler[WIRE_MAX_SAMPLER_UNITS];
   GLenum unit_target[WIRE_MAX_SAMPLER_UNITS];
   uint64_t tex_epoch;      /* be->tex_epoch when unit_* were last right */
   uint64_t buf_epoch;      /* be->buf_epoch when ub[] and the vertex arrays were last right */
   struct { GLuint name; uint32_t offset, size; } ub[WIRE_MAX_UNIFORM_BLOCKS + 1];
   uint32_t clip_enable;    /* CLIP_DISTANCEi_EXT enabled on the host (bit i) */
};
#define ES_EN_BLEND (1u << 0)
#define ES_EN_DEPTH (1u << 1)
#define ES_EN_STENCIL (1u << 2)
#define ES_EN_CULL (1u << 3)
#define ES_EN_SCISSOR (1u << 4)
#define ES_EN_DISCARD (1u << 5)
#define ES_EN_OFFSET_FILL (1u << 6)
#define ES_EN_RESTART (1u << 7)
#define ES_EN_DITHER (1u << 8)
#define ES_EN_A2C (1u << 9)
#define ES_EN_SAMPLE_MASK (1u << 10)
#define ES_EN_FRAMEBUFFER_SRGB (1u << 11) /* EXT_sRGB_write_control's FRAMEBUFFER_SRGB_EXT (host default: on) */
#define ES_EN_DEPTH_CLAMP (1u << 12)      /* EXT_depth_clamp */

/* One level of a texture as the read-back remint knows it (resource.c). */
struct es_level_store {
   uint8_t *bytes;   /* what was uploaded into it, wire layout, every layer; NULL: nothing */
   bool gpu_written; /* a draw, clear, blit or GenerateMipmap wrote it */
};

#define ES_MAX_TBO_FORMATS 4
struct es_window;

struct es_resource {
   struct wire_resource_create templ;
   struct es_window *window; /* the X11 window its Presents go to (window.c), NULL: none */
   GLenum target;   /* GL_BUFFER (0 marker), GL_TEXTURE_2D, ..., GL_RENDERBUFFER */
   GLuint name;
   GLuint shadow;   /* a renderbuffer sampled as TEX_2D: its texture copy (state.c) */
   /* a buffer read as buffer textures: a TEXTURE_BUFFER texture per format it is read with
    * (state.c), and the buffer storage it was last given (glTexBuffer) */
   struct { GLuint tex, buffer; GLenum ifmt; } tbo[ES_MAX_TBO_FORMATS];
   bool is_buffer;
   uint32_t levels;
   /* sampler-view state last set on the texture */
   uint8_t swizzle[4];
   uint32_t base_level, max_level;
   uint32_t aspect; /* wire_view_aspect last set (DEPTH_STENCIL_TEXTURE_MODE) */
   bool view_known;
   /* Without glCopyImageSubData (an ES 3.0 / 3.1 host, or SPLITGL_ESPRYT_HIDE=copy_image) a
    * remint reads the old storage back: per level what was uploaded and whether the GPU wrote
    * it (resource.c); NULL on other hosts, and for buffers and renderbuffers. */
   struct es_level_store *store;
};

/* The values a program's specialization constants (spirv/spv_layout.h) take for one draw;
 * a member is 0 when the program does not declare that constant. GLSL ES has no
 * specialization, so each set of values is a host program of its own (program.c). */
struct es_variant_key {
   uint32_t point_size;   /* SPV_SPEC_POINT_SIZE: float bits, 0: the shader's gl_PointSize */
   uint32_t point_origin; /* SPV_SPEC_POINT_ORIGIN: WIRE_POINT_ORIGIN_* */
   uint32_t clip_enable;  /* SPV_SPEC_CLIP_ENABLE: the enabled CLIP_DISTANCEi (bit i) */
   /* GL core's LOD bias of the sampler bound to info->samplers[i] (float bits, clamped to
    * MAX_TEXTURE_LOD_BIAS; 0: none), added to its lookups (spirv_patch.c) */
   uint32_t lod_bias[WIRE_MAX_PROGRAM_SAMPLERS];
   /* 1: the fragment stage of a SAMPLES_PASSED counting draw (query.c, program.c's wrap_main) */
   uint32_t count_samples;
   /* GL core's logic op + 1 (0: off), and per colour attachment i its ES_LOP_* at bits 4i */
   uint32_t logic_op, logic_kinds;
   /* GL core's polygon mode / first-vertex provoking by a geometry stage of Espryt's
    * (program.c's make_raster_gs), 0: none. Bits 0-1 the input (1 lines, 2 triangles), 2-3
    * wire_polygon_mode, 4 first-vertex provoking, 5-6 wire_cull and 7 front_ccw (LINE / POINT) */
   uint32_t raster_gs;
};
/* What a logic op does on an attachment of a format (es_logic_kind, state.c). */
enum { ES_LOP_NONE, ES_LOP_UNORM8, ES_LOP_UNORM16, ES_LOP_INT, ES_LOP_UINT, ES_LOP_UNSUPPORTED };
uint32_t es_logic_kind(uint32_t wire_format);

/* spirv_patch.c: the LOD bias of one sampler binding, for es_spirv_lod_bias */
struct es_bias_binding {
   uint32_t binding;
   float bias;
};
/* Whether the module declares a 1D image (sampler1D, sampler1DArray and their forms). */
bool es_spirv_uses_1d(const uint32_t *words, size_t count);
/* A copy of the module (malloc'd) with its 1D images as 2D ones (height 1; resource.c stores
 * them so); false with err where it cannot, or where the module has none (err empty). */
bool es_spirv_lower_1d(const uint32_t *words, size_t count, uint32_t **out_words, size_t *out_count, char *err,
                       size_t err_size);
/* A copy of the module (malloc'd, *out_words) whose lookups through each binding of b[] add
 * its bias, clamped to +-max_bias; false with err where it cannot. */
bool es_spirv_lod_bias(const uint32_t *words, size_t count, const struct es_bias_binding *b, unsigned nb,
                       float max_bias, uint32_t **out_words, size_t *out_count, char *err, size_t err_size);

/* A copy of the module (malloc'd) whose arrays of structures among its inputs (`inputs`) or
 * outputs are each the one member of an interface block (GLSL ES refuses them as stage
 * variables); *out_words NULL where it has none (err empty) or where it cannot (err says). */
bool es_spirv_block_struct_arrays(const uint32_t *words, size_t count, bool inputs, uint32_t **out_words,
                                  size_t *out_count, char *err, size_t err_size);

struct es_variant {
   struct es_variant_key key;
   GLuint prog;          /* 0: the host refused it (the session is failing) */
   GLint default_block;  /* block index of the default uniform block, -1: none */
   GLint *sampler_loc;   /* per info->samplers[i]: location of its first element */
   GLuint *block_index;  /* per info->blocks[i]: the host's block index */
   uint64_t last_use;    /* es_program.use_clock when last drawn with (eviction) */
};

/* Variants one program keeps at most; the least recently drawn goes first. */
#define ES_PROGRAM_VARIANTS 8

struct es_program {
   /* the core's reflection: its handle table entry outlives this program object */
   const struct spv_program_info *info;
   struct es_variant var[ES_PROGRAM_VARIANTS]; /* var[0]: made at create, GL's default state */
   uint32_t nvar;
   uint64_t use_clock;
   bool failed;          /* the host refused a variant: nothing of it is drawn */
   /* SetProgramBindings' last values, given to every variant (GL keeps them per program) */
   uint32_t units[WIRE_MAX_PROGRAM_SAMPLERS], unit_count;
   uint32_t bindings[WIRE_MAX_UNIFORM_BLOCKS], binding_count;
};

struct es_so_target {
   struct es_resource *res;
   uint32_t offset, size;
   uint64_t captured; /* bytes written since the target last started (append continues) */
};

/* A client query (query.c): host queries of its target made in the context that first
 * begins it (GL's queries are per context). While active it may be suspended (a draw of
 * Espryt's own needs the target, or must not be counted): each run of it is a host query of
 * its own, the result their sum plus what Espryt counted itself meanwhile. */
struct es_query {
   uint32_t type;      /* wire_query_type */
   GLenum target;      /* the host's query target; 0: none (counted samples: `counter`) */
   struct es_ctx *ctx;
   GLuint *seg;        /* the host queries of the current use; seg[nseg - 1] runs while active */
   uint32_t nseg, seg_made;
   uint64_t added;     /* counted by Espryt while suspended */
   GLuint counter;     /* SAMPLES_PASSED: the atomic counter buffer its counting draws add to */
   GLsync done;        /* SAMPLES_PASSED: after its last counting draw */
   bool active;
};
/* The client queries active on a context, by host target (query.c). */
enum es_query_slot { ES_QS_OCCLUSION, ES_QS_XFB_WRITTEN, ES_QS_GENERATED, ES_QS_TIME, ES_QS_COUNT };

/* `id`: unique per backend, never reused, so "the host context last got this CSO" survives a
 * CSO freed and another allocated at its address. */
struct es_blend { struct wire_blend_state s; uint64_t id; };
struct es_dsa { struct wire_dsa_state s; uint64_t id; };
struct es_rast { struct wire_rast_state s; uint64_t id; };
struct es_velems { struct wire_velems_state s; uint64_t id; };
struct es_sampler { struct wire_sampler_state s; GLuint name; };

struct es_ctx {
   struct es_backend *be;
   EGLContext egl;
   uint32_t api;
   GLuint vao, fb, read_fb, blit_fb, const_ubo;
   struct es_hoststate host;
   /* bound state (the core's) */
   struct es_blend *blend;
   struct es_dsa *dsa;
   struct es_rast *rast;
   struct es_velems *velems;
   struct es_program *prog;
   struct srv_framebuffer fb_state;
   bool fb_dirty;
   struct srv_vertex_buffer vbs[WIRE_MAX_VERTEX_BUFFERS];
   struct srv_sampler_view views[WIRE_MAX_SAMPLER_UNITS];
   struct es_sampler *samplers[WIRE_MAX_SAMPLER_UNITS];
   struct srv_uniform_buffer ubs[WIRE_MAX_UNIFORM_BLOCKS];
   struct es_so_target *so[WIRE_MAX_SO_TARGETS];
   uint32_t so_count;
   uint8_t *const_data;
   uint32_t const_size;
   bool const_dirty;
   struct wire_viewport vp;
   struct wire_scissor sc;
   struct wire_context_values values;
   struct wire_sample_state sample;
   uint32_t clip_enable; /* SetClipState: the CLIP_DISTANCEi enables (bit i) */
   GLuint xfb_written;   /* primitives-written query of a counted capture (xfb.c), 0: none yet */
   bool xfb_counted;     /* the capture under way is counted by it */
   struct es_query *xfb_suspended; /* the client's query of that target it suspended */
   struct es_query *active_q[ES_QS_COUNT]; /* query.c */
   bool counting; /* a SAMPLES_PASSED counting draw: program variants count (program.c) */
   uint32_t draw_mode; /* the wire_prim of the draw under way (program variants) */
   uint64_t attach_epoch; /* be->attach_epoch when `fb` was last attached */
   GLuint expand_ib;   /* first-vertex provoking triangles' index list (draw.c), 0: none yet */
   uint32_t point_origin; /* SetPointState: WIRE_POINT_ORIGIN_* (GL core's sprite origin) */
};

struct es_fence {
   uint64_t serial;
   GLsync sync;
};

struct es_backend {
   struct srv_backend base;
   void *lib;                 /* the vendor library (dlopen) */
   struct es_egl egl;
   struct es_gl gl;
   EGLDisplay dpy;
   int dev_index;             /* the display's place in the vendor's device list; -1: not known */
   EGLConfig config;
   EGLContext root;
   EGLContext current;        /* the context this backend made current last */
   struct es_ctx *cur_ctx;    /* its es_ctx (NULL: the root) */
   int version;               /* host ES version, major * 10 + minor */
   bool robust;               /* the host contexts have robust buffer access */
   bool feat[ES_FEAT_COUNT];
   char vendor_path[256];
   char renderer[128];
   uint64_t caps[WIRE_CAP_COUNT];
   GLuint default_ubo_binding; /* the host binding point Espryt keeps for default blocks */
   GLuint blit_prog[3];       /* blit_into_multisample's programs, float / int / uint (readback.c), 0: not made yet */
   uint32_t max_units;
   const char *gs_point_size_ext; /* the GLSL extension of ES_FEAT_GEOMETRY_POINT_SIZE (caps.c) */
   bool count_samples;        /* SAMPLES_PASSED by counting draws: fragment atomic counters (caps.c) */
   /* status */
   enum srv_status status;
   char status_what[160];
   const uint32_t *cancel;
   /* fences */
   uint64_t fence_next, fence_done;
   struct es_fence *fences;
   uint32_t fence_count, fence_cap;
   /* counters */
   uint64_t programs_linked, binary_hits, skipped, remint_bytes;
   uint64_t submits; /* flushes / finishes of work (SPLITGL_TEST_DEVICE_LOST_AFTER) */
   uint64_t next_cso_id;
   /* bumped whenever Espryt binds a texture outside emit_textures (uploads, mipmaps, storage):
    * every context's unit tracking is then stale */
   uint64_t tex_epoch;
   /* bumped whenever a host buffer is deleted (destroy, respecify): a context's uniform-buffer
    * and vertex-array bindings may name it (a deleted buffer stays bound in the contexts that
    * did not delete it, and a new one may take its name: NVIDIA reuses names at once), so
    * each context binds them again */
   uint64_t buf_epoch;
   /* bumped whenever a host texture or renderbuffer is deleted: a context's framebuffer
    * object may still hold it (a deleted attachment stays attached in the contexts that did
    * not delete it, and NVIDIA gives its name to the next object at once: the host then finds
    * the framebuffer incomplete), so each context attaches its surfaces again */
   uint64_t attach_epoch;
};

static inline struct es_backend *
es_backend(struct srv_backend *b)
{
   return container_of(b, struct es_backend, base);
}

static inline bool
es_has(const struct es_backend *be, enum es_feat f)
{
   return be->feat[f];
}

/* egl.c */
bool es_egl_open(struct es_backend *be, const struct wire_device_select *sel, char *why, size_t why_size);
/* QueryDevices: the vendor's EGL devices, each described from a context of its own. */
void es_list_devices(struct srv_backend *sbe, struct wire_device_list *list);
void es_egl_close(struct es_backend *be);
EGLContext es_egl_context_create(struct es_backend *be, EGLContext share);
/* Makes ctx's host context (NULL: the current one, else the root) current on this thread. */
bool es_make_current(struct es_backend *be, struct es_ctx *ctx);

/* readback.c: (x0, y0, cw, ch) of the bound read framebuffer's colour buffer of wire format f
 * into out (wire layout, rows of `row` texels); false, with the host's error, where it refuses */
bool es_read_color(struct es_backend *be, uint32_t f, int64_t x0, int64_t y0, uint32_t cw, uint32_t ch, uint32_t row,
                   uint8_t *out, GLenum *err);
/* resource.c: level `level` of the surface's texture was written by the GPU */
void es_mark_gpu_written(struct es_resource *r, uint32_t level);

/* caps.c */
void es_caps_init(struct es_backend *be);
uint64_t es_get_param(struct srv_backend *sbe, enum wire_cap param);
void es_features_init(struct es_backend *be);

/* format.c */
struct es_format {
   GLenum ifmt, format, type;
   int8_t feat; /* an es_feat it needs, -1: ES 3.0 core */
   uint8_t conv; /* ES_CONV_* */
};
#define ES_CONV_NONE 0
#define ES_CONV_X8D24 1 /* wire: depth in bits 23-0 of a u32; host UNSIGNED_INT: 32-bit depth */
#define ES_CONV_RGTC 2  /* wire: RGTC blocks; host: the decoded 8-bit R / RG (wire/rgtc.h) */
const struct es_format *es_format(const struct es_backend *be, uint32_t wire_fmt); /* NULL: not stored */
bool es_vformat(uint32_t vf, GLint *size, GLenum *type, GLboolean *norm, bool *integer);

/* resource.c */
struct srv_resource *es_resource_create(struct srv_backend *sbe, const struct wire_resource_create *t);
bool es_resource_respecify(struct srv_backend *sbe, struct srv_resource *res, const struct wire_resource_create *t);
void es_resource_destroy(struct srv_backend *sbe, struct srv_resource *res);
void es_buffer_subdata(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, const void *data,
                       uint32_t size);
void es_texture_subdata(struct srv_backend *sbe, struct srv_resource *res, const struct wire_texture_subdata *box,
                        const void *data);
/* ops->texture_subdata: a 1D array's box addresses layers as rows on the wire (wire_target);
 * Espryt's 2D array of height 1 takes them as layers */
void es_texture_subdata_wire(struct srv_backend *sbe, struct srv_resource *res, const struct wire_texture_subdata *b,
                             const void *data);
bool es_buffer_read(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, uint32_t size, void *dst);
void es_generate_mipmap(struct srv_ctx *sctx, struct srv_resource *res, uint32_t base, uint32_t last);
GLenum es_tex_target(uint32_t wire_target);

/* program.c */
struct srv_program *es_program_create(struct srv_backend *sbe, const struct spv_program_info *info);
void es_program_destroy(struct es_backend *be, struct es_program *p);
/* The host program that draws with ctx's bound program in ctx's state (rasterizer point
 * size, point origin, clip enables), made on first use; 0: nothing may be drawn. */
GLuint es_program_select(struct es_ctx *ctx);
void es_set_program_bindings(struct srv_ctx *sctx, struct srv_program *prog, uint32_t sampler_count,
                             const uint32_t *sampler_units, uint32_t block_count, const uint32_t *block_bindings);

/* state.c */
void es_state_ops(struct srv_backend_ops *ops);
bool es_emit_draw_state(struct es_ctx *ctx, bool for_clear);
void es_bind_framebuffer(struct es_ctx *ctx);
void es_host_enable(struct es_ctx *ctx, uint32_t bit, GLenum cap, bool on);
void es_host_bind_program(struct es_ctx *ctx, GLuint prog);
/* A clear or blit changed masks / scissor / draw framebuffer directly: re-emit them. */
void es_host_forget(struct es_ctx *ctx);

/* xfb.c */
void es_xfb_ops(struct srv_backend_ops *ops);
/* Wraps one draw in a capture scope when the context has targets and the program captures;
 * returns false when the draw must not run (the session is failing). */
bool es_xfb_begin(struct es_ctx *ctx, const struct srv_draw *d, bool *active);
void es_xfb_end(struct es_ctx *ctx, const struct srv_draw *d);

/* query.c */
void es_query_ops(struct srv_backend_ops *ops);
/* Ends the client query of `target` active on ctx, if any, for Espryt's own use of the target;
 * es_query_resume starts its next run and adds what Espryt counted meanwhile. */
struct es_query *es_query_suspend(struct es_ctx *ctx, GLenum target);
void es_query_resume(struct es_ctx *ctx, struct es_query *q, uint64_t counted);
/* The SAMPLES_PASSED query ctx counts for (draw.c precedes each draw with a counting one), or NULL. */
struct es_query *es_query_counting(struct es_ctx *ctx);

/* window.c: X11 window presentation */
void es_window_ops(struct srv_backend_ops *ops);
void es_window_present(struct es_ctx *ctx, struct es_resource *r);
void es_window_free(struct es_window *w);

/* draw.c */
void es_draw_ops(struct srv_backend_ops *ops);
bool es_attach(struct es_ctx *ctx, GLenum fbtarget, GLenum att, const struct srv_surface *s);
GLenum es_zs_attachment(const struct srv_surface *s);

/* readback.c */
bool es_read_pixels(struct srv_ctx *sctx, const struct srv_surface *src, int32_t x, int32_t y, uint32_t w, uint32_t h,
                    void *dst);
/* Binds ctx->read_fb as the read framebuffer with `s` alone at `att` (COLOR_ATTACHMENT0 or a
 * depth / stencil point). */
bool es_bind_read_surface(struct es_ctx *ctx, GLenum att, const struct srv_surface *s);
uint32_t es_blit(struct srv_ctx *sctx, const struct srv_surface *src, const struct srv_surface *dst,
                 const struct wire_blit *b);

/* backend.c: a host call or feature that failed. The session ends with DeviceLost and the
 * reason (take_status); the first reason wins. */
/* MAX_TEXTURE_LOD_BIAS as the front end reports it; Espryt clamps the biases it adds to it
 * (program.c) */
float es_max_lod_bias(const struct es_backend *be);
void es_fail(struct es_backend *be, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An entry point Espryt does not implement yet: logged and the session ends (named). */
void es_unimplemented(struct es_backend *be, const char *what);
/* glGetError after host work: anything but NO_ERROR / OUT_OF_MEMORY is Espryt's bug. */
bool es_check(struct es_backend *be, const char *site);
/* Hands the current context's work to the host: glFinish (finish) or glFlush, Espryt's
 * submission (present, flush, finish, fence). With SPLITGL_TEST_DEVICE_LOST_AFTER=n the
 * (n+1)-th reports a lost device instead, as Magma's (n+1)-th queue submission does: false. */
bool es_submit(struct es_backend *be, bool finish);
/* SPLITGL_TEST_OOM_ABOVE_KIB=n: true (and OUT_OF_MEMORY reported) when a storage of this many
 * bytes is larger than n KiB, as the host would fail it when full. */
bool es_test_oom(struct es_backend *be, uint64_t bytes, const char *site);

#endif
