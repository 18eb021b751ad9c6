/* splitgl gl_front: the GL context, its objects and the helpers every GL area uses. */
#ifndef SGL_GLF_CONTEXT_H
#define SGL_GLF_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <pthread.h>

#include "glf_gl.h" /* generated: GL types, enums and glf_ prototypes */
#include "gl_front/glf_public.h"
#include "gl_front/state_atoms.h"
#include "spirv/spv.h"
#include "util/log.h"
#include "wire/client.h"
#include "wire/format.h"

/* ---- array capacities: the wire's maxima ------------------------------------------------
 * Per-context arrays are sized by these. The limits a context reports and checks are in
 * ctx->limits (struct glf_limits, caps.c): the server's capability table clamped to these
 * and raised to the spec's minimums, so an index below a limit is always inside its array. */
#define GLF_MAX_TEXTURE_UNITS WIRE_MAX_SAMPLER_UNITS /* combined */
#define GLF_MAX_VERTEX_ATTRIBS WIRE_MAX_VERTEX_ATTRIBS
#define GLF_MAX_DRAW_BUFFERS WIRE_MAX_COLOR_BUFS
#define GLF_MAX_LEVELS 15 /* log2(WIRE_MAX_TEXTURE_SIZE) + 1 */
#define GLF_PROXY_TARGETS 7 /* texture.c's proxy_targets */
static_assert(WIRE_MAX_TEXTURE_SIZE >> (GLF_MAX_LEVELS - 1) == 1, "levels");

/** The GL limits of one context: the channel's capability table (wire_types.h WIRE_CAPS) for
 *  the context's API, each clamped to the wire's maxima and raised to the minimum the
 *  OpenGL ES 3.0 / OpenGL 3.3 core spec requires (where a wire maximum is below a GL 3.3
 *  minimum, the wire maximum wins: ARCHITECTURE.md "capability flow"). Filled once at context
 *  creation by glf_limits_init (caps.c). */
struct glf_limits {
   GLint max_texture_size, max_cube_map_texture_size, max_3d_texture_size, max_array_texture_layers;
   GLint max_renderbuffer_size, max_viewport_dims[2];
   GLint max_levels; /* mip levels of the largest 2D texture: log2(max_texture_size) + 1 */
   GLint max_vertex_attribs, max_vertex_attrib_stride;
   GLint max_vertex_uniform_components, max_fragment_uniform_components;
   GLint max_vertex_uniform_vectors, max_fragment_uniform_vectors;
   GLint max_varying_components, max_varying_vectors;
   GLint max_vertex_output_components, max_fragment_input_components;
   GLint max_texture_image_units, max_vertex_texture_image_units, max_combined_texture_image_units;
   GLint max_draw_buffers, max_color_attachments, max_samples;
   GLint max_dual_source_draw_buffers; /* GL core: maxFragmentDualSrcAttachments (0: no dualSrcBlend) */
   GLint max_uniform_block_size, max_vertex_uniform_blocks, max_fragment_uniform_blocks;
   GLint max_combined_uniform_blocks, max_uniform_buffer_bindings, uniform_buffer_offset_alignment;
   GLint min_program_texel_offset, max_program_texel_offset;
   GLint subpixel_bits, max_clip_distances;
   /* EXT_clip_cull_distance (ES): the device's cull and combined limits (0 without
    * shaderCullDistance); clip_cull_distance: the extension is offered (glf_has_clip_cull_distance) */
   GLint max_cull_distances, max_combined_clip_and_cull_distances;
   bool clip_cull_distance;
   GLint max_xfb_interleaved_components, max_xfb_separate_attribs, max_xfb_separate_components;
   GLint timestamp_bits; /* QUERY_COUNTER_BITS of TIME_ELAPSED / TIMESTAMP */
   /* Geometry shaders (GL 3.2+ core; reported at GL 3.3's minimums when the device has none,
    * see caps.c). */
   GLint max_geometry_output_vertices, max_geometry_total_output_components;
   GLint max_geometry_input_components, max_geometry_output_components;
   GLint max_geometry_uniform_components, max_geometry_texture_image_units, max_geometry_uniform_blocks;
   GLint64 max_element_index;
   float max_texture_lod_bias;
   float max_anisotropy; /* MAX_TEXTURE_MAX_ANISOTROPY: the device's (1.0: no anisotropic filtering) */
   float point_size_range[2], line_width_range[2];
   float point_size_granularity, line_width_granularity;
   uint64_t vformats[2];        /* wire_vformat bits the server fetches natively */
   uint32_t features;           /* WIRE_FEATURE_* the server's device has */
   /* wire_format bits (formats 64-127 in word 1; all zero: no table, every format allowed) */
   uint64_t renderable_formats[2]; /* the server renders to */
   uint64_t sampled_formats[2];    /* ... samples (has storage for) */
   uint64_t filterable_formats[2]; /* ... samples with LINEAR filters */
   uint64_t ms_formats[4];      /* WIRE_CAP_MS_FORMATS_2 .. _16: wire formats rendered with 2^(i+1) samples */
   GLint max_integer_samples;   /* GL core MAX_INTEGER_SAMPLES (RGBA8UI's largest count, at least 1) */
   /* GL core multisample textures: WIRE_CAP_MS_TEXTURE_FORMATS_2 .. _16, and
    * MAX_COLOR_TEXTURE_SAMPLES / MAX_DEPTH_TEXTURE_SAMPLES (each at least 1) */
   uint64_t ms_texture_formats[4];
   GLint max_color_texture_samples, max_depth_texture_samples;
   /* GL core buffer textures: MAX_TEXTURE_BUFFER_SIZE (texels) and the wire formats a buffer
    * texture may have (TEXEL_BUFFER_FORMATS) */
   GLint max_texture_buffer_size;
   uint64_t texel_buffer_formats;
   bool standard_sample_locations; /* the device uses Vulkan's standard sample locations */
};

/* ---- formats (formats.c, pixels.c) ----------------------------------------------------- */
/* Effective internal formats of ES's unsized formats with no GL name of their own (the
 * EXT_texture_storage values). */
#ifndef GL_HALF_FLOAT_OES
#define GL_HALF_FLOAT_OES 0x8D61
#endif
#define GLF_ALPHA32F 0x8816
#define GLF_LUMINANCE32F 0x8818
#define GLF_LUMINANCE_ALPHA32F 0x8819
#define GLF_ALPHA16F 0x881C
#define GLF_LUMINANCE16F 0x881E
#define GLF_LUMINANCE_ALPHA16F 0x881F
#ifndef GL_BGRA_EXT /* EXT_texture_format_BGRA8888 (the GL headers name the ES enums too) */
#define GL_BGRA_EXT 0x80E1
#endif
#ifndef GL_BGRA8_EXT
#define GL_BGRA8_EXT 0x93A1
#endif
#ifndef GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT /* EXT_read_format_bgra */
#define GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT 0x8365
#define GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT 0x8366
#endif

#define GLF_FMT_ES3 (1u << 0)                 /* a sized internal format of OpenGL ES 3.0 */
#define GLF_FMT_GL (1u << 1)                  /* ... of OpenGL 3.3 core */
#define GLF_FMT_UNSIZED (1u << 2)             /* only the effective format of an unsized one */
#define GLF_FMT_COLOR_RENDER (1u << 3)        /* colour-renderable (ES 3.0 and GL 3.3) */
#define GLF_FMT_COLOR_RENDER_GL (1u << 4)     /* ... in GL 3.3 only */
#define GLF_FMT_COLOR_RENDER_FLOAT (1u << 5)  /* ... in ES 3.0 with EXT_color_buffer_float */
#define GLF_FMT_DEPTH_RENDER (1u << 6)
#define GLF_FMT_STENCIL_RENDER (1u << 7)
#define GLF_FMT_FILTER (1u << 8)              /* texture-filterable */
#define GLF_FMT_FILTER_FLOAT (1u << 9)        /* ... with OES_texture_float_linear (always in GL) */
#define GLF_FMT_COMPRESSED (1u << 10)         /* ETC2 / EAC (ES 3.0 table 3.19), ETC1: the
                                               * CompressedTex* calls and TexStorage only;
                                               * RGTC (GL core, with GLF_FMT_GL): TexImage too */

enum glf_format_swizzle { GLF_SWZ_NONE = 0, GLF_SWZ_ALPHA, GLF_SWZ_LUMINANCE, GLF_SWZ_LUMINANCE_ALPHA };

/** One internal format splitgl stores (formats.c's table). */
struct glf_format {
   GLenum ifmt;     /* sized internal format (or an effective format's EXT name) */
   GLenum base;     /* GL base internal format */
   uint32_t wfmt;   /* wire_format */
   uint8_t bits[6]; /* R G B A depth stencil */
   GLenum ctype;    /* GL_UNSIGNED_NORMALIZED, GL_SIGNED_NORMALIZED, GL_FLOAT, GL_INT, GL_UNSIGNED_INT */
   uint32_t flags;  /* GLF_FMT_* */
   uint8_t swizzle; /* glf_format_swizzle: ALPHA / LUMINANCE stored in R / RG */
   GLenum read_format, read_type; /* IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE */
};
bool glf_valid_pixel_format(const struct glf_context *ctx, GLenum f);
bool glf_valid_pixel_type(const struct glf_context *ctx, GLenum t);
const struct glf_format *glf_format_by_ifmt(GLenum ifmt);
const struct glf_format *glf_sized_format(const struct glf_context *ctx, GLenum ifmt);
/** TexImage*'s internalformat / format / type: GL_NO_ERROR and *out the effective format, or
 *  the spec's error (INVALID_VALUE: no such internal format; INVALID_OPERATION: a combination
 *  the API does not allow). format and type themselves must be valid enums already. */
GLenum glf_find_combo(const struct glf_context *ctx, GLenum ifmt, GLenum format, GLenum type,
                      const struct glf_format **out);
bool glf_combo_allowed(const struct glf_context *ctx, GLenum ifmt, const struct glf_format *eff, GLenum format,
                       GLenum type);
bool glf_format_supported(const struct glf_context *ctx, const struct glf_format *f);
/** A compressed internal format (GLF_FMT_COMPRESSED) the context's API has and the server
 *  samples (the ones GL_COMPRESSED_TEXTURE_FORMATS lists), else NULL. */
const struct glf_format *glf_compressed_format(const struct glf_context *ctx, GLenum ifmt);
/** The internal format a GL core image of generic compressed format `ifmt` gets (its base
 *  internal format; splitgl stores it uncompressed); other formats unchanged. */
GLenum glf_generic_compressed_base(GLenum ifmt);
/** GL_COMPRESSED_TEXTURE_FORMATS: writes up to `max` and returns how many there are. */
unsigned glf_compressed_formats(const struct glf_context *ctx, GLenum *out, unsigned max);
bool glf_has_etc1(const struct glf_context *ctx);
bool glf_has_texture_multisample(const struct glf_context *ctx);
bool glf_has_rgtc(const struct glf_context *ctx);
bool glf_has_texture_buffer(const struct glf_context *ctx);
bool glf_format_color_renderable(const struct glf_context *ctx, const struct glf_format *f);
bool glf_format_depth_renderable(const struct glf_context *ctx, const struct glf_format *f);
bool glf_format_stencil_renderable(const struct glf_context *ctx, const struct glf_format *f);
bool glf_format_filterable(const struct glf_context *ctx, const struct glf_format *f);
/** Sample counts renderbuffers of fmt may have, largest first (caps.c); returns how many. */
int glf_format_sample_counts(const struct glf_context *ctx, const struct glf_format *fmt, GLint counts[4]);
bool glf_has_texture_float(const struct glf_context *ctx);
/** EXT_texture_filter_anisotropic: the device filters anisotropically (caps.c). */
bool glf_has_anisotropy(const struct glf_context *ctx);
/** ARB_blend_func_extended (GL 3.3 core's dual-source blending): the device blends with two
 *  sources (MAX_DUAL_SOURCE_DRAW_BUFFERS >= 1; caps.c). */
bool glf_has_dual_source_blend(const struct glf_context *ctx);
/** EXT_clip_cull_distance: an ES 3.0 context on a device with shaderClipDistance and
 *  shaderCullDistance at the extension's minimums (caps.c). */
bool glf_has_clip_cull_distance(const struct glf_context *ctx);
/** ARB_stencil_texturing: a GL core context on a device that samples stencil (caps.c). */
bool glf_has_stencil_texturing(const struct glf_context *ctx);
bool glf_has_float_linear(const struct glf_context *ctx);
bool glf_has_color_buffer_float(const struct glf_context *ctx);
/** "GL_RGBA4 (0x8056)" for the log (texture-related enums; others print as hex). */
const char *glf_enum_str(GLenum e, char buf[64]);

/** A client pixel format / type pair (pixels.c). */
struct glf_pixfmt {
   uint8_t comps, order[4]; /* components and the channel each one is */
   uint8_t bpp;             /* bytes per pixel */
   uint8_t type, packing;   /* component type or packed layout */
   bool integer, depth, stencil;
};
/** False if format / type do not go together (an invalid enum or a packed type whose
 *  component count differs from the format's). */
bool glf_pixfmt(GLenum format, GLenum type, struct glf_pixfmt *pf);
size_t glf_pixfmt_datum(const struct glf_pixfmt *pf);
/** Whether wire format wfmt's texels are pf's pixels byte for byte (a read can copy them). */
bool glf_pack_is_copy(uint32_t wfmt, const struct glf_pixfmt *pf);
void glf_unpack_pixels(const struct glf_pixfmt *pf, const uint8_t *src, uint32_t n, double (*v)[4]);
/** map[i]: the RGBA channel wire component i takes (identity but for ALPHA / LUMINANCE). */
void glf_pack_wire(uint32_t wfmt, const uint8_t map[4], const double (*v)[4], uint32_t n, uint8_t *dst);
void glf_unpack_wire(uint32_t wfmt, const uint8_t *src, uint32_t n, double (*v)[4]);
void glf_pack_pixels(const struct glf_pixfmt *pf, const double (*v)[4], uint32_t n, uint8_t *dst);
float glf_half_to_float(uint16_t h);
uint16_t glf_float_to_half(float f);

#define GLF_NAME_RESERVED ((void *)(uintptr_t)1) /* glGen'd name, object not yet created */

/* KHR_debug limits (debug.c); the spec's minimums are 1, 16, 64 and 256. */
#define GLF_MAX_DEBUG_MESSAGE_LENGTH 1024
#define GLF_MAX_DEBUG_LOGGED_MESSAGES 64
#define GLF_MAX_DEBUG_GROUP_DEPTH 64
#define GLF_MAX_LABEL_LENGTH 256

/* ---- name -> object hash (open addressing, GLuint keys; 0 is never a key) ---------------- */
struct glf_hash {
   uint32_t cap, count;
   GLuint *keys;
   void **vals;
};
void *glf_hash_lookup(const struct glf_hash *h, GLuint key);
bool glf_hash_insert(struct glf_hash *h, GLuint key, void *val);
void glf_hash_remove(struct glf_hash *h, GLuint key);
GLuint glf_hash_find_free_block(const struct glf_hash *h, GLuint count);
void glf_hash_free(struct glf_hash *h);
#define GLF_HASH_FOREACH(h, k, v)                                                           \
   for (uint32_t i_##k = 0; i_##k < (h)->cap; i_##k++)                                     \
      for (GLuint k = (h)->keys[i_##k]; k; k = 0)                                           \
         for (void *v = (h)->vals[i_##k]; v; v = NULL)

/* ---- objects -------------------------------------------------------------------------- */
/* Lifetime of shared objects (buffers, textures, renderbuffers; shaders and programs below):
 * `refcount` is atomic and counts the name (while the name is in the share group's table)
 * plus every binding point, attachment and VAO that holds the object, plus the short-lived
 * references of calls in progress. A lookup by name takes its reference inside the share
 * lock (glf_lookup_ref); the name's reference is dropped only after the name left the table
 * under that lock, so a lookup never finds an object whose count reached zero. The storage
 * (and its server resource) goes when the count reaches zero, whichever thread drops it. */
struct glf_buffer {
   GLuint name;
   int refcount;    /* atomic: name + every binding point and VAO that holds it */
   bool created;    /* a server resource exists */
   wire_handle res;
   uint32_t size;
   GLenum usage;
   uint8_t *shadow; /* client copy: index bounds for client-array draws, later reads */
   /* The GPU wrote the buffer since the shadow was last refreshed (transform feedback): a
    * path that reads the shadow calls glf_buffer_shadow first (buffer.c). */
   bool gpu_written;
   /* glMapBufferRange (read mappings: buffer.c) */
   bool mapped;
   uint8_t *map_ptr;
   GLintptr map_offset;
   GLsizeiptr map_length;
   GLbitfield map_access;
   GLenum map_enum; /* glMapBuffer's access (BUFFER_ACCESS); 0 for glMapBufferRange */
   char *label;     /* KHR_debug */
};

/* An indexed buffer binding (BindBufferBase / BindBufferRange). size 0 with range false:
 * the whole buffer, whatever its size when used. */
struct glf_indexed_buffer {
   struct glf_buffer *buf;
   GLintptr offset;
   GLsizeiptr size;
   bool range;
};

/* Transform feedback objects (transform_feedback.c): per context, name 0 the default. */
#define GLF_MAX_XFB_BUFFERS WIRE_MAX_SO_TARGETS
struct glf_xfb {
   GLuint name;
   bool bound_once;
   bool active, paused;
   GLenum mode;                     /* primitiveMode of BeginTransformFeedback */
   struct glf_indexed_buffer bind[GLF_MAX_XFB_BUFFERS];
   struct glf_program *program;     /* the program capture began with (a use reference) */
   uint32_t program_link_serial;
   uint32_t buffers;                /* buffers the program writes */
   wire_handle so[GLF_MAX_XFB_BUFFERS];       /* stream-output targets made at Begin */
   struct glf_buffer *so_buf[GLF_MAX_XFB_BUFFERS]; /* and the buffers they keep alive */
   uint64_t remaining_prims;        /* ES 3.0: primitives that still fit every buffer */
   char *label;                     /* KHR_debug */
};

/* Query objects (query.c): per context. */
enum glf_query_slot {
   GLF_Q_OCCLUSION = 0, /* SAMPLES_PASSED, ANY_SAMPLES_PASSED(_CONSERVATIVE): one at a time */
   GLF_Q_XFB_WRITTEN,
   GLF_Q_PRIMITIVES_GENERATED,
   GLF_Q_TIME_ELAPSED,
   GLF_Q_SLOTS
};

struct glf_query {
   GLuint name;
   GLenum target;   /* 0 until first used by BeginQuery / QueryCounter */
   wire_handle h;   /* the server object (made at first use) */
   bool active;
   bool have_result;
   uint64_t result;
   char *label;     /* KHR_debug */
};

/* GL core only: the multisample targets, TEXTURE_BUFFER, 1D, 1D array and rectangle (never
 * bound in ES contexts; texture.c) */
enum glf_tex_target {
   GLF_TEX_2D = 0, GLF_TEX_CUBE, GLF_TEX_3D, GLF_TEX_2D_ARRAY, GLF_TEX_2D_MS, GLF_TEX_2D_MS_ARRAY, GLF_TEX_BUFFER,
   GLF_TEX_1D, GLF_TEX_1D_ARRAY, GLF_TEX_RECTANGLE,
   GLF_TEX_COUNT
};

struct glf_tex_image {
   uint32_t w, h, d; /* d: depth of a 3D image, layers of a 2D array image, else 1; a 1D array's
                      * layers are its height h (GL 3.3 section 3.8.1), as on the wire */
   GLenum ifmt;      /* the internal format as the app gave it */
   uint32_t wfmt;    /* wire_format */
   const struct glf_format *fmt; /* the effective internal format */
   bool defined;
};

/* Sampling state: of a texture object, and all of a sampler object's (ES 3.0 table 6.10). */
struct glf_sampler_params {
   GLenum min_filter, mag_filter, wrap_s, wrap_t, wrap_r, compare_mode, compare_func;
   float min_lod, max_lod, lod_bias; /* lod_bias: OpenGL only */
   float border_color[4];            /* OpenGL only */
   bool border_is_int;               /* set with SamplerParameterI*: queried as integers */
   /* the border's 32-bit words as stored: the I* forms' integers, else the floats' bits; what
    * integer textures read (GL keeps one border value, interpreted per the texture's format) */
   uint32_t border_bits[4];
   float max_anisotropy;
};

struct glf_texture {
   GLuint name;
   int refcount;
   GLenum target; /* 0 until first bound */
   bool created;
   wire_handle res;
   uint32_t res_w, res_h, res_d, res_layers, res_last_level, res_fmt;
   struct glf_tex_image img[6][GLF_MAX_LEVELS]; /* [face][level]; arrays and 3D use face 0 */
   /* GL core's compressed (RGTC) images: the client's copy of their blocks, which
    * GetCompressedTexImage / GetTexImage read (texture_blocks.c); NULL until written */
   struct glf_blocks *blocks[6][GLF_MAX_LEVELS];
   struct glf_sampler_params sp;
   GLenum swizzle[4];
   /* DEPTH_STENCIL_TEXTURE_MODE (ARB_stencil_texturing): DEPTH_COMPONENT or STENCIL_INDEX */
   GLenum depth_stencil_mode;
   GLint base_level, max_level;
   bool immutable;
   GLint immutable_levels;
   /* multisample textures: TEXTURE_SAMPLES (the count allocated) and
    * TEXTURE_FIXED_SAMPLE_LOCATIONS of img[0][0] */
   uint32_t samples;
   bool fixed_locations;
   /* buffer textures (glTexBuffer): the buffer's reference, the internal format and its table
    * row (NULL: no buffer attached) */
   struct glf_buffer *buffer;
   GLenum buffer_ifmt;
   const struct glf_format *buffer_fmt;
   char *label; /* KHR_debug */
   /* EGLImage siblings (egl_image.c): `image` holds the storage res belongs to (NULL: res is
    * the texture's own); image_levels the GL levels (of face 0) that are siblings: those an
    * image was made from, or level 0 of a target (glEGLImageTargetTexture2DOES). A target's
    * GL level l is level l + res_base of the resource (res_base: the image's level), and its
    * res_* fields describe what the texture owns of it (level 0: res_last_level 0). */
   struct glf_image_storage *image;
   uint32_t image_levels;
   uint32_t res_base;
};

/* A sampler object (sampler.c): shared by the share group, with the same lifetime rules as
 * buffers (struct glf_buffer's comment). */
struct glf_sampler {
   GLuint name;
   int refcount; /* atomic: the name + every texture unit that holds it + calls in progress */
   struct glf_sampler_params sp;
   char *label; /* KHR_debug */
};

/* The storage of EGLImages (gl_front/egl_image.c): one server resource shared by the images
 * made from it and their siblings (the source renderbuffer or texture, target renderbuffers and
 * textures), destroyed with the last reference. A sibling that is respecified or deleted drops
 * its reference: the others keep the storage (EGL_KHR_image_base: siblings are orphaned, never
 * affected). A texture's storage holds all its levels; an image names one level of it. */
struct glf_image_storage {
   int refs; /* atomic */
   struct wire_client *wire;
   wire_handle res;
   bool renderbuffer; /* a WIRE_TARGET_RENDERBUFFER resource (else a TEX_2D one) */
};
/** Drops a reference; the last one destroys the resource (a record of no context). */
void glf_image_storage_unref(struct glf_image_storage *s);

/* What an EGLImage is: a level of a storage, with its size and format. */
struct glf_image_desc {
   struct glf_image_storage *storage;
   uint32_t level; /* the resource level holding the image */
   uint32_t w, h, wfmt;
   GLenum ifmt;
   const struct glf_format *fmt;
};

struct glf_renderbuffer {
   GLuint name;
   int refcount;
   bool bound_once;
   bool created;
   wire_handle res;
   struct glf_image_storage *image; /* an EGLImage sibling: res is the image's (NULL: its own) */
   uint32_t res_level;              /* the resource level it names (a target of a texture level's image) */
   uint32_t w, h, samples; /* samples: RENDERBUFFER_SAMPLES, the count allocated (0: single) */
   GLenum ifmt;
   uint32_t wfmt;
   const struct glf_format *fmt; /* effective format (NULL: no storage yet) */
   char *label; /* KHR_debug */
};

enum { GLF_ATT_DEPTH = GLF_MAX_DRAW_BUFFERS, GLF_ATT_STENCIL, GLF_ATT_COUNT };

struct glf_attachment {
   GLenum type; /* GL_NONE, GL_TEXTURE, GL_RENDERBUFFER */
   struct glf_texture *tex;
   struct glf_renderbuffer *rb;
   GLint level;
   GLuint layer; /* cube face */
   bool layered; /* glFramebufferTexture of a texture with layers: all of them (layer 0 here) */
};

struct glf_framebuffer {
   GLuint name;
   bool is_default;
   bool bound_once;
   struct glf_attachment att[GLF_ATT_COUNT];
   GLenum draw_buffers[GLF_MAX_DRAW_BUFFERS];
   GLenum read_buffer;
   bool has_drawable;            /* default framebuffer with a surface */
   struct glf_drawable drawable; /* default framebuffer only */
   char *label;                  /* KHR_debug */
};

struct glf_vertex_attrib {
   bool enabled, normalized, integer;
   bool bgra; /* size GL_BGRA (GL 3.3 core, section 2.8): 4 components stored B, G, R, A */
   GLint size; /* 4 when bgra */
   GLenum type;
   GLsizei stride;
   const void *ptr; /* offset into buffer, or client pointer when buffer is NULL */
   struct glf_buffer *buffer;
   GLuint divisor;
};

struct glf_vao {
   GLuint name;
   bool bound_once;
   struct glf_vertex_attrib attr[GLF_MAX_VERTEX_ATTRIBS];
   struct glf_buffer *element;
   char *label; /* KHR_debug */
};

/* Shaders and programs share one namespace and one lifetime rule: `refcount` (atomic) is 1
 * while the object exists for GL (from creation until its deletion takes effect: glDelete* with
 * no use / attachment left, or the last use / detach after a flagged delete), plus one for each
 * call in progress that looked it up (glf_lookup_shader_ref / glf_lookup_program; released by
 * glf_shader_put, automatic with GLF_SCOPED). use_count, attach_count and delete_pending
 * change under the share lock, and the decision to delete is taken there too. */
struct glf_shader {
   GLuint name;
   int refcount;    /* atomic, see above */
   bool is_program; /* false: shader (shaders and programs share one namespace) */
   GLenum type;
   char *source;
   struct spv_shader *spv;
   bool compiled, delete_pending;
   int attach_count;
   char *label; /* KHR_debug */
};

struct glf_attrib_binding {
   char *name;
   GLint index;
   GLuint blend_index; /* frag data bindings: glBindFragDataLocationIndexed's index (0 or 1) */
};

struct glf_uniform_slot {
   uint16_t uniform; /* index into info->uniforms */
   uint16_t element;
};

struct glf_program {
   GLuint name;
   int refcount;    /* struct glf_shader's layout up to here */
   bool is_program;
   bool link_status, validate_status, delete_pending;
   bool binary_retrievable_hint; /* glProgramParameteri(PROGRAM_BINARY_RETRIEVABLE_HINT) */
   int use_count; /* contexts that have it current */
   struct glf_shader *attached[8];
   uint32_t attached_count;
   /* glTransformFeedbackVaryings: used by the next link */
   char **xfb_names;
   uint32_t xfb_count;
   GLenum xfb_mode;
   GLenum linked_xfb_mode; /* TRANSFORM_FEEDBACK_BUFFER_MODE of the last successful link */
   char *info_log;
   struct glf_attrib_binding *bindings;
   uint32_t binding_count;
   struct glf_attrib_binding *frag_bindings; /* glBindFragDataLocation (GL core) */
   uint32_t frag_binding_count;
   /* the executable of the last successful link */
   struct spv_program_info *info;
   wire_handle handle;
   uint8_t *uniform_data;
   uint32_t uniform_size;
   struct glf_uniform_slot *locs; /* by location, info->max_uniform_location entries */
   uint32_t *sampler_units;       /* by sampler slot */
   uint32_t block_bindings[WIRE_MAX_UNIFORM_BLOCKS]; /* UNIFORM_BLOCK_BINDING by block index */
   int32_t depth_range_off[3];    /* gl_DepthRange.near / far / diff in the default block, or -1 */
   void *blob;                    /* the executable's program blob (glGetProgramBinary) */
   size_t blob_size;
   uint32_t uniform_serial, bindings_serial, link_serial;
   char *label; /* KHR_debug */
};

/* Share group: buffers, textures, renderbuffers, shaders and programs. */
struct glf_shared {
   int refcount;
   pthread_mutex_t lock;
   struct glf_hash buffers, textures, renderbuffers, programs, syncs, samplers;
   uint32_t epoch; /* atomic: bumped when a texture's storage or sampling state changes */
};

/* A sync object (sync.c): shared; GLsync is its name in glf_shared.syncs. */
struct glf_sync {
   GLuint name;
   int refcount; /* atomic: the name + waits and queries in progress */
   uint64_t fence; /* wire_fence id */
   char *label;    /* KHR_debug (glObjectPtrLabel) */
};
void glf_syncs_destroy_all(struct glf_hash *h);

/* CSO caches are per context (cso_cache.c): by value, handles minted by wire_handle_mint. */
enum glf_cso_kind { GLF_CSO_BLEND = 0, GLF_CSO_DSA, GLF_CSO_RAST, GLF_CSO_SAMPLER, GLF_CSO_VELEMS, GLF_CSO_COUNT };
#define GLF_CSO_CACHE_CAP 256

struct glf_cso_entry {
   uint64_t hash;
   uint64_t last_use;
   wire_handle h;
   uint32_t size;
   void *key; /* the payload without its handle */
};

struct glf_cso_cache {
   struct glf_cso_entry e[GLF_CSO_CACHE_CAP];
   uint32_t count;
};

/* What the contexts of one wire channel share. `lock` guards the context registry and the
 * server info; it is below the wire channel's lock (the wire's event callbacks take it). */
struct glf_channel {
   struct glf_channel *next;
   struct wire_client *wire;
   int refcount;
   pthread_mutex_t lock;
   struct glf_context *contexts; /* registry: the channel's live contexts (ctx->chan_next) */
   bool lost, device_lost;       /* the channel is gone (and whether the device was lost) */
   uint64_t frame_serial;        /* atomic */
   char renderer[160];
   bool have_info; /* renderer and caps hold the server's GetInfo reply (caps.c) */
   uint64_t caps[WIRE_CAP_COUNT]; /* 0 where the server reported nothing */
};

/* Plain GL state the setters compare against before marking an atom dirty. */
struct glf_stencil_state {
   GLenum func, fail, zfail, zpass;
   GLint ref;
   GLuint value_mask, write_mask;
};

struct glf_state {
   bool depth_test, stencil_test, cull_face, scissor_test, polygon_offset_fill,
        rasterizer_discard, dither, sample_coverage, sample_alpha_to_coverage,
        primitive_restart_fixed, primitive_restart, program_point_size;
   bool blend[GLF_MAX_DRAW_BUFFERS]; /* per draw buffer (glEnablei); glEnable sets them all */
   /* GL core only */
   bool polygon_offset_line, polygon_offset_point, depth_clamp, color_logic_op;
   /* Multisample operations: they apply only with SAMPLE_BUFFERS 1 (the SAMPLE_STATE atom
    * folds them into SetSampleState, emit.c). */
   bool multisample, sample_mask, sample_alpha_to_one;
   bool cube_map_seamless; /* Vulkan samples cube maps seamlessly whatever this says */
   bool framebuffer_srgb;  /* GL core's FRAMEBUFFER_SRGB (enable.c); ES always encodes */
   GLenum polygon_mode, provoking_vertex, logic_op;
   GLenum clamp_read_color; /* glClampColor(CLAMP_READ_COLOR): TRUE, FALSE or FIXED_ONLY */
   GLbitfield sample_mask_value;
   /* The CLIP_DISTANCEi enables (GL core; ES with EXT_clip_cull_distance), sent as
    * SetClipState (emit.c) */
   bool clip_distance[8];
   GLenum blend_src_rgb, blend_dst_rgb, blend_src_a, blend_dst_a, blend_eq_rgb, blend_eq_a;
   float blend_color[4];
   GLboolean color_mask[GLF_MAX_DRAW_BUFFERS][4]; /* per draw buffer (glColorMaski) */
   GLenum depth_func;
   GLboolean depth_mask;
   float depth_near, depth_far;
   struct glf_stencil_state stencil[2]; /* front, back */
   GLenum cull_mode, front_face;
   float offset_factor, offset_units, line_width, point_size;
   /* GL core's glPointParameter (state.c): POINT_SPRITE_COORD_ORIGIN (UPPER_LEFT /
    * LOWER_LEFT) and POINT_FADE_THRESHOLD_SIZE (kept and queried; see README) */
   GLenum point_sprite_origin;
   float point_fade_threshold;
   GLint viewport[4];
   GLint scissor[4];
   float clear_color[4];
   /* GL core, EXT_texture_integer: glClear's value for signed / unsigned integer colour
    * buffers (glClearColorIiEXT / IuiEXT; zero until set) */
   GLint clear_color_int[4];
   GLuint clear_color_uint[4];
   float clear_depth;
   GLint clear_stencil;
   GLenum hint_mipmap, hint_derivative;
   GLenum hint_gl[3]; /* GL core: LINE_SMOOTH, POLYGON_SMOOTH, TEXTURE_COMPRESSION hints */
   GLuint restart_index; /* GL core: glPrimitiveRestartIndex */
   float sample_coverage_value;
   GLboolean sample_coverage_invert;
};

struct glf_pixelstore {
   GLint alignment, row_length, image_height, skip_pixels, skip_rows, skip_images;
};

struct glf_context {
   enum glf_api api;
   int major, minor;
   bool debug, robust;
   bool forward_compatible; /* EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE was requested */
   bool es2_requested;      /* an ES 2.0 context was requested (served as ES 3.0) */
   struct wire_client *wire;
   struct glf_channel *chan;
   struct glf_context *chan_next; /* the channel's registry (chan->lock) */
   struct glf_shared *shared;
   struct wire_issuer issuer;     /* issuer.ctx is the context's handle */
   GLenum error;
   uint32_t server_error;         /* atomic: a GL error the server raised, not yet reported */
   GLenum reset_status;           /* atomic: GL_UNKNOWN_CONTEXT_RESET once the channel is lost */
   bool loss_reported;            /* glGetError reported GL_CONTEXT_LOST at least once */
   bool debug_output;             /* GL_DEBUG_OUTPUT (KHR_debug) */
   bool debug_output_sync;        /* GL_DEBUG_OUTPUT_SYNCHRONOUS (output is always synchronous) */
   struct glf_debug *debug_state; /* debug.c, made on first use */
   GLenum reset_strategy;         /* GL_NO_RESET_NOTIFICATION or GL_LOSE_CONTEXT_ON_RESET */
   uint64_t dirty; /* GLF_DIRTY_* (state_atoms.h) */

   /* bindings */
   struct glf_buffer *array_buffer, *copy_read_buffer, *copy_write_buffer, *pixel_pack_buffer,
                     *pixel_unpack_buffer, *uniform_buffer, *tf_buffer;
   struct glf_buffer *texture_buffer; /* GL core: glBindBuffer(GL_TEXTURE_BUFFER) */
   /* GL core: the proxy images of PROXY_TEXTURE_2D_MULTISAMPLE and _ARRAY (texture.c): what
    * the last glTexImage*Multisample on the proxy target would have made, or all zero */
   struct glf_proxy_ms {
      struct glf_tex_image img;
      uint32_t samples;
      bool fixed_locations;
   } proxy_ms[2];
   /* GL core: the proxy images of the TexImage1D/2D/3D proxy targets (texture.c's
    * proxy_targets: 1D, 2D, 1D_ARRAY, RECTANGLE, CUBE_MAP, 3D, 2D_ARRAY) per level: what the
    * last glTexImage* on the proxy target would have made, or all zero */
   struct glf_tex_image proxy_img[GLF_PROXY_TARGETS][GLF_MAX_LEVELS];
   struct glf_vao *vao;
   struct glf_vao *default_vao; /* ES only; NULL in GL core */
   /* GL core while no vertex array object is bound: the ELEMENT_ARRAY_BUFFER binding. The
    * core profile has no default VAO (OpenGL 3.3 appendix E.2.2: attribute pointers and
    * draws need one) but lists no error for BindBuffer(ELEMENT_ARRAY_BUFFER), whose buffer
    * then takes BufferData and friends (as Mesa's hidden default VAO does). */
   struct glf_buffer *core_zero_element;
   struct glf_hash vaos, framebuffers;
   struct glf_framebuffer *draw_fb, *read_fb;
   struct glf_framebuffer winsys_draw, winsys_read;
   struct glf_renderbuffer *renderbuffer;
   struct glf_program *program;
   GLuint active_unit;
   struct glf_texture *tex[GLF_MAX_TEXTURE_UNITS][GLF_TEX_COUNT]; /* NULL: texture 0 */
   /* GL's default textures (name 0), one per target, per context; made on first use. */
   struct glf_texture *default_tex[GLF_TEX_COUNT];
   struct glf_sampler *sampler_units[GLF_MAX_TEXTURE_UNITS]; /* BindSampler; NULL: none */
   /* GL core conditional rendering (query.c): active, and whether draws and clears are
    * discarded until glEndConditionalRender */
   bool cond_render_active, cond_render_discard;
   /* current generic attribute values (current_attrib.c): the four components' bits as the
    * call that set them gave them, and their type (GL_FLOAT, GL_INT, GL_UNSIGNED_INT) */
   uint32_t current_attrib[GLF_MAX_VERTEX_ATTRIBS][4];
   GLenum current_attrib_type[GLF_MAX_VERTEX_ATTRIBS];

   struct glf_limits limits;
   struct glf_state st;
   struct glf_pixelstore unpack, pack;

   /* what the server has (emit.c) */
   wire_handle bound_cso[GLF_CSO_COUNT]; /* by glf_cso_kind (GLF_CSO_SAMPLER unused) */
   wire_handle bound_samplers[GLF_MAX_TEXTURE_UNITS];
   struct glf_cso_cache cso[GLF_CSO_COUNT];
   uint64_t cso_clock; /* bumped per state flush (cso_cache.c) */
   struct wire_sample_state sent_sample_state; /* the last SetSampleState (emit.c) */
   bool sent_sample_state_valid;
   /* Pack-buffer reads (readpix.c), for the stats line: sent without waiting
    * (ReadPixelsToBuffer) and through a reply (a converted format, or
    * SPLITGL_PBO_READBACK_SYNC=1). */
   uint64_t pack_async_reads, pack_reply_reads;
   uint32_t sent_clip_enable;  /* the last SetClipState's mask (0: the server's initial state) */
   uint32_t sent_point_origin; /* the last SetPointState's WIRE_POINT_ORIGIN_* (0: the server's
                                * initial UPPER_LEFT) */
   struct glf_program *cb_program; /* constant buffer last sent for ... */
   uint32_t cb_serial, pb_serial, link_serial;
   uint32_t shared_epoch;
   bool ever_current;

   /* client-side arrays of the draw being emitted (draw.c) */
   struct wire_vertex_buffer client_vb[GLF_MAX_VERTEX_ATTRIBS];
   uint32_t client_mask;

   /* streaming buffer for client-side arrays and indices */
   wire_handle stream_res;
   uint32_t stream_size, stream_off;

   /* indexed buffer bindings */
   struct glf_indexed_buffer ubo[WIRE_MAX_UNIFORM_BLOCKS];
   /* transform feedback (transform_feedback.c) */
   struct glf_hash xfbs;
   struct glf_xfb *xfb;         /* bound; never NULL in a live context */
   struct glf_xfb default_xfb;  /* name 0 */
   /* queries (query.c) */
   struct glf_hash queries;
   struct glf_query *active_query[GLF_Q_SLOTS];

   uint64_t draws;
   char *extensions_str;
};

/* ---- current context ------------------------------------------------------------------ */
extern __thread struct glf_context *glf__current;
/* Every GL entry point runs holding its context's share-group lock (a recursive mutex: helpers
 * and lookups take it again). Contexts that share objects therefore apply their GL calls to
 * those objects one at a time: a texture respecified on one thread is never half-updated when
 * another thread's draw names it on the wire (the server would end the session on a record
 * that does not match the object). Contexts of different share groups never contend. The
 * lock is released when the entry point returns (cleanup attribute), also on early returns. */
static inline struct glf_context *
glf_enter(void)
{
   struct glf_context *c = glf__current;
   if (c)
      pthread_mutex_lock(&c->shared->lock);
   return c;
}
static inline void
glf_leave(struct glf_context **pc)
{
   if (*pc)
      pthread_mutex_unlock(&(*pc)->shared->lock);
}
#define GET_CURRENT_CONTEXT(ctx) struct glf_context *ctx __attribute__((cleanup(glf_leave))) = glf_enter()
#define GLF_ES(ctx) ((ctx)->api == GLF_API_GLES)
#define GLF_ES3(ctx) ((ctx)->api == GLF_API_GLES && (ctx)->major >= 3)
#define GLF_CORE(ctx) ((ctx)->api == GLF_API_GL_CORE)

/* ---- errors (error.c) ----------------------------------------------------------------- */
/** Records a GL error (first error wins until glGetError) and logs where at debug level. */
void glf_error(struct glf_context *ctx, GLenum err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void glf_unimplemented(const char *name);
const char *glf_enum_name(GLenum e);

/* ---- records -------------------------------------------------------------------------- */
/** wire_begin with the payload (and tail) zeroed; NULL if the channel is lost. */
void *glf_begin(struct glf_context *ctx, uint32_t op, uint32_t tail);
#define GLF_BEGIN(ctx, Op) ((wire_payload_##Op *)glf_begin((ctx), WIRE_OP_##Op, 0))
void glf_emit_destroy(struct glf_context *ctx, enum wire_handle_kind kind, wire_handle h);
/** Uploads [offset, offset+size) of a buffer resource in bands of wire_max_stage. */
void glf_upload_buffer(struct glf_context *ctx, wire_handle res, uint32_t offset, const void *data, uint32_t size);

/* ---- objects (context.c) ------------------------------------------------------------- */
void glf_shared_lock(struct glf_context *ctx);
void glf_shared_unlock(struct glf_context *ctx);
/** Whether `name` is in the table (as an object or a reserved name). Takes no reference:
 *  only for glIs* and name checks. */
bool glf_shared_has(struct glf_context *ctx, struct glf_hash *h, GLuint name, bool reserved_too);
/** Looks `name` up and, in the same critical section, takes a reference on the object found
 *  (its atomic count at `refcount_offset`). Returns NULL, GLF_NAME_RESERVED (no reference),
 *  or the object. */
void *glf_lookup_ref(struct glf_context *ctx, struct glf_hash *h, GLuint name, size_t refcount_offset);
#define GLF_LOOKUP_REF(ctx, table, name, type)                                                \
   ((struct type *)glf_lookup_ref((ctx), &(ctx)->shared->table, (name), offsetof(struct type, refcount)))
void glf_gen_names(struct glf_context *ctx, struct glf_hash *h, GLsizei n, GLuint *names);
/** Bumps the share group's epoch: every context re-emits texture / framebuffer state. */
static inline void
glf_shared_touch(struct glf_context *ctx)
{
   __atomic_add_fetch(&ctx->shared->epoch, 1, __ATOMIC_RELEASE);
}
static inline void
glf_ref_inc(int *refcount)
{
   __atomic_add_fetch(refcount, 1, __ATOMIC_RELAXED);
}
/** Drops one reference; true when it was the last. */
static inline bool
glf_ref_dec(int *refcount)
{
   return __atomic_sub_fetch(refcount, 1, __ATOMIC_ACQ_REL) == 0;
}

/* Binding slots: *_ref takes a new reference on the object stored; *_move stores an object
 * whose reference the caller already holds (from a lookup). Both drop the slot's old one. */
void glf_buffer_ref(struct glf_context *ctx, struct glf_buffer **slot, struct glf_buffer *buf);
void glf_buffer_move(struct glf_context *ctx, struct glf_buffer **slot, struct glf_buffer *buf);
void glf_buffer_unref(struct glf_context *ctx, struct glf_buffer *buf);
void glf_texture_ref(struct glf_context *ctx, struct glf_texture **slot, struct glf_texture *tex);
void glf_texture_move(struct glf_context *ctx, struct glf_texture **slot, struct glf_texture *tex);
void glf_texture_unref(struct glf_context *ctx, struct glf_texture *tex);
void glf_renderbuffer_ref(struct glf_context *ctx, struct glf_renderbuffer **slot, struct glf_renderbuffer *rb);
void glf_renderbuffer_move(struct glf_context *ctx, struct glf_renderbuffer **slot, struct glf_renderbuffer *rb);
void glf_renderbuffer_unref(struct glf_context *ctx, struct glf_renderbuffer *rb);
void glf_program_unuse(struct glf_context *ctx, struct glf_program *prog);
void glf_shader_unref_attach(struct glf_context *ctx, struct glf_shader *sh);
/** Releases a reference a shader / program lookup took (frees the object if it was the last:
 *  its deletion took effect meanwhile). */
void glf_shader_put(struct glf_context *ctx, struct glf_shader *obj);
static inline void
glf_shader_put_cleanup(void *pobj)
{
   struct glf_shader *obj = *(struct glf_shader **)pobj;
   extern __thread struct glf_context *glf__current;
   if (obj)
      glf_shader_put(glf__current, obj);
}
/** A shader / program looked up for the rest of the scope: released when it ends. */
#define GLF_SCOPED __attribute__((cleanup(glf_shader_put_cleanup)))
void glf_program_free_executable(struct glf_context *ctx, struct glf_program *prog);

struct glf_buffer **glf_buffer_target(struct glf_context *ctx, GLenum target);
struct glf_framebuffer *glf_lookup_framebuffer(struct glf_context *ctx, GLuint name);
void glf_framebuffer_free(struct glf_context *ctx, struct glf_framebuffer *fb);
void glf_vao_free(struct glf_context *ctx, struct glf_vao *vao);
void glf_vao_init(struct glf_vao *vao, GLuint name);
struct glf_texture *glf_texture_new(GLuint name);
/** GL_NUM_EXTENSIONS of this context (gl_front/misc.c). */
unsigned glf_num_extensions(const struct glf_context *ctx);
/** The texture bound to target index ti of unit `unit`: the bound object, or the context's
 *  default texture (name 0). NULL only on out-of-memory. */
struct glf_texture *glf_unit_texture(struct glf_context *ctx, unsigned unit, enum glf_tex_target ti);

/* ---- capabilities (caps.c) ------------------------------------------------------------ */
/** Fetches the server's GetInfo reply (renderer name, capability table) once per channel;
 *  false if the channel is lost (then the caps stay 0 and the limits are the spec minimums). */
bool glf_channel_info(struct glf_context *ctx);
/** Fills ctx->limits from the channel's caps for ctx's API (called at context creation). */
void glf_limits_init(struct glf_context *ctx);
/** True if the server fetches wire vertex format `vf` natively; others are converted. */
static inline bool
glf_vformat_native(const struct glf_context *ctx, uint32_t vf)
{
   return vf < WIRE_VF_COUNT && ((ctx->limits.vformats[vf / 64] >> (vf % 64)) & 1u);
}

/* ---- state helpers -------------------------------------------------------------------- */
static inline void
glf_dirty(struct glf_context *ctx, uint64_t bits)
{
   ctx->dirty |= bits;
}
void glf_state_init(struct glf_context *ctx);
/** The blend functions read the second source colour (GL_SRC1_*: dual-source blending). */
bool glf_blend_uses_src1(const struct glf_context *ctx);

/* texture.c */
enum glf_tex_target glf_tex_target_index(GLenum target);
/** Complete (ES 3.0 section 3.8.13) when sampled with `sp` (the unit's sampler object's
 *  parameters, or the texture's own). */
bool glf_texture_complete(const struct glf_context *ctx, const struct glf_texture *tex,
                          const struct glf_sampler_params *sp);
/** The texture reads the stencil of its depth / stencil format (DEPTH_STENCIL_TEXTURE_MODE
 *  STENCIL_INDEX; ARB_stencil_texturing). */
bool glf_texture_reads_stencil(const struct glf_texture *tex, const struct glf_format *fmt);
void glf_texture_view(const struct glf_context *ctx, const struct glf_texture *tex, const struct glf_sampler_params *sp,
                      struct wire_sampler_view *v);
uint32_t glf_texture_levels(uint32_t w, uint32_t h);
void glf_texture_set_target(struct glf_texture *tex, GLenum target);
uint32_t glf_texture_res_height(const struct glf_texture *tex, uint32_t level);

/* texture_blocks.c: the client copy of a compressed image's blocks (GL core; nothing on the
 * GPU writes a compressed image, so the copy stays exact). */
/** The blocks of image [face][level] (zeros where nothing was written: undefined contents),
 *  allocated for the image's current size and format; NULL when out of memory. */
uint8_t *glf_texture_blocks(struct glf_texture *tex, uint32_t face, uint32_t level);
/** Stores whole blocks of a w x h x d region at (x, y) of layer z (x, y multiples of 4). */
void glf_texture_store_blocks(struct glf_texture *tex, uint32_t face, uint32_t level, const uint8_t *src, uint32_t x,
                              uint32_t y, uint32_t z, uint32_t w, uint32_t h, uint32_t d);
/** Drops the copy of one image (-1: every image of the texture). */
void glf_texture_drop_blocks(struct glf_texture *tex, int face, int level);
/** The 8-bit wire format an RGTC wire format decodes to (R8 / R8G8, UNORM or SNORM), with its
 *  component count and signedness. */
uint32_t glf_rgtc_plain(uint32_t wfmt, uint32_t *comps, bool *is_signed);
/** RGTC blocks of a w x h x d image to its texels in glf_rgtc_plain's format and back (rows
 *  bottom first, slices one after the other; wire/rgtc.h's decoder and encoder). */
void glf_rgtc_decode_image(uint32_t wfmt, const uint8_t *blocks, uint32_t w, uint32_t h, uint32_t d, uint8_t *texels);
void glf_rgtc_encode_image(uint32_t wfmt, const uint8_t *texels, uint32_t w, uint32_t h, uint32_t d, uint8_t *blocks);
/** An EGLImage sibling texture leaves the image's storage (texture.c): with `copy`, into storage
 *  of its own holding its levels but `skip` (-1: none); without, with no storage. */
void glf_texture_orphan(struct glf_context *ctx, struct glf_texture *tex, GLint skip, bool copy);

/* sampler.c */
void glf_sampler_params_init(struct glf_sampler_params *sp);
/** The wire sampler state of `sp` for a texture of effective format `fmt`. */
void glf_sampler_key(const struct glf_context *ctx, const struct glf_sampler_params *sp, const struct glf_format *fmt,
                     struct wire_sampler_state *s);
/** Sets one sampling parameter (TexParameter* and SamplerParameter*): GL_NO_ERROR, or the
 *  spec's error (GL_INVALID_ENUM for a pname that is no sampling parameter: the caller
 *  tries its own). `v` holds n values as floats and as ints (the caller's type decides). */
GLenum glf_sampler_param_set(struct glf_context *ctx, struct glf_sampler_params *sp, GLenum pname, const GLfloat *fv,
                             const GLint *iv, bool is_float, bool is_int_border);
/** Reads one sampling parameter into f (4 values for the border colour); false: not one. */
bool glf_sampler_param_get(struct glf_context *ctx, const struct glf_sampler_params *sp, GLenum pname, GLfloat *f,
                           GLint *i, int *n);
void glf_sampler_unref(struct glf_context *ctx, struct glf_sampler *s);
void glf_samplers_destroy_all(struct glf_hash *h);
/** The parameters unit `unit` samples with: its sampler object's, or the texture's. */
static inline const struct glf_sampler_params *
glf_unit_sampler_params(const struct glf_context *ctx, unsigned unit, const struct glf_texture *tex)
{
   return ctx->sampler_units[unit] ? &ctx->sampler_units[unit]->sp : &tex->sp;
}

/* framebuffer.c */
GLenum glf_framebuffer_status(struct glf_context *ctx, struct glf_framebuffer *fb);
void glf_framebuffer_key(struct glf_context *ctx, struct glf_framebuffer *fb, struct wire_framebuffer *out);
bool glf_framebuffer_read_surface(struct glf_context *ctx, struct glf_framebuffer *fb,
                                  struct wire_surface_ref *ref, uint32_t *w, uint32_t *h);
void glf_framebuffer_size(struct glf_context *ctx, struct glf_framebuffer *fb, uint32_t *w, uint32_t *h);
/** The effective format of fb's read buffer; NULL if it has none. */
/** The sample count of a framebuffer (SAMPLES): its attachments' (0: single-sampled, or
 *  attachments that disagree: FRAMEBUFFER_INCOMPLETE_MULTISAMPLE). */
uint32_t glf_framebuffer_samples(struct glf_context *ctx, struct glf_framebuffer *fb);
/** A multisampled drawable: resolves its colour image into drawable->resolve (a Blit). */
void glf_drawable_resolve(struct glf_context *ctx, const struct glf_drawable *d);
const struct glf_format *glf_framebuffer_read_format(struct glf_context *ctx, struct glf_framebuffer *fb);
/** The effective format of draw buffer i (glDrawBuffers' i-th entry), NULL if none. */
const struct glf_format *glf_framebuffer_draw_format(struct glf_context *ctx, struct glf_framebuffer *fb, unsigned i);
/** GL core's depth / stencil read-back (glReadPixels): the read framebuffer's depth buffer
 *  (depth), stencil buffer (stencil) or both as one image; its effective format, or NULL
 *  where there is no such buffer (or, for both, no single depth-stencil image). */
const struct glf_format *glf_framebuffer_zs_read(struct glf_context *ctx, struct glf_framebuffer *fb, bool depth,
                                                 bool stencil, struct wire_surface_ref *ref, uint32_t *w,
                                                 uint32_t *h);
/* One ReadPixels record and its reply: w x h texels of the surface's wire format (texel bytes
 * each) at (x, y) into tmp. False (GL_CONTEXT_LOST raised) when the channel is lost. */
/** A read of w x h texels of `src` at (x, y) into pack buffer `pbo` that the client does not
 *  wait for: row i lands at byte offset + i * stride (readpix.c; the caller has checked the
 *  range and that the texels are the requested pixels byte for byte: glf_pack_is_copy). */
void glf_read_to_buffer(struct glf_context *ctx, const struct wire_surface_ref *src, struct glf_buffer *pbo, int32_t x,
                        int32_t y, uint32_t w, uint32_t h, size_t offset, size_t stride, uint32_t texel);
bool glf_read_band(struct glf_context *ctx, const struct wire_surface_ref *src, int32_t x, int32_t y, uint32_t w,
                   uint32_t h, uint32_t texel, uint8_t *tmp);

/* attrib_convert.c */
uint32_t glf_attrib_elem_size(const struct glf_vertex_attrib *a);
/** True if the server cannot fetch `a` as it is: draw.c streams it converted. */
bool glf_attrib_converted(const struct glf_context *ctx, const struct glf_vertex_attrib *a);
/** The wire format the server fetches `a` in (its own, or the converted one). */
uint8_t glf_attrib_vformat(const struct glf_context *ctx, const struct glf_vertex_attrib *a);
/** Elements 0 .. count-1 of `a` from `src` (`avail` bytes) as 32-bit components into dst. */
void glf_attrib_convert(const struct glf_vertex_attrib *a, const uint8_t *src, uint64_t avail, uint32_t count,
                        uint8_t *dst);

/* emit.c / cso_cache.c */
/** Validates derived state and emits every dirty atom; false if the draw must be skipped. */
void glf_update_derived(struct glf_context *ctx);
void glf_emit_state(struct glf_context *ctx);
wire_handle glf_cso_get(struct glf_context *ctx, enum glf_cso_kind kind, const void *payload, uint32_t size);
void glf_cso_cache_fini(struct glf_context *ctx);
uint32_t glf_stream_upload(struct glf_context *ctx, const void *data, uint32_t size, uint32_t align);
/** Makes room for `total` bytes of one draw's uploads in one streaming storage. */
void glf_stream_reserve(struct glf_context *ctx, uint64_t total);

/* program.c / uniform.c */
/** Look a program / shader up by name with the spec's errors, taking a reference (declare the
 *  result GLF_SCOPED, or release it with glf_shader_put). */
struct glf_program *glf_lookup_program(struct glf_context *ctx, GLuint name, const char *caller);
struct glf_shader *glf_lookup_shader(struct glf_context *ctx, GLuint name, const char *caller);
void glf_program_delete_object(struct glf_context *ctx, struct glf_shader *obj);
void glf_uniform_init_storage(struct glf_program *prog);
/* glGetProgramBinary's format: the program blob behind a header naming the build
 * (program.c). The value is Mesa's GL_PROGRAM_BINARY_FORMAT_MESA: no token is registered for
 * splitgl, and the header refuses another driver's binary of that format cleanly. */
#define GLF_PROGRAM_BINARY_FORMAT 0x875F
/* uniform_block.c */
char *glf_uniform_block_limits(const struct glf_context *ctx, const struct spv_program_info *info);
GLint glf_uniform_block_max_name_length(const struct spv_program_info *info);

/* current_attrib.c */
/** The current value of generic attribute `index` as `as` (GL_FLOAT, GL_DOUBLE, GL_INT,
 *  GL_UNSIGNED_INT), four components. */
void glf_current_attrib_get(struct glf_context *ctx, GLuint index, GLenum as, void *out);

/* restart.c: primitive restart */
/** Whether primitive restart applies to an indexed draw, and its index. */
bool glf_restart_index(struct glf_context *ctx, uint32_t index_size, uint32_t *index);
/** Whether the server's device restarts this draw as it is (WIRE_DRAW_PRIMITIVE_RESTART). */
bool glf_restart_native(struct glf_context *ctx, uint32_t mode, uint32_t index_size, uint32_t index);
/** The indices rewritten as 32-bit ones the device restarts on (malloc'ed; NULL: out of
 *  memory); *mode may change (LINE_LOOP -> LINE_STRIP), *restarts says whether any 0xffffffff
 *  separator is in them. */
uint32_t *glf_restart_rewrite(struct glf_context *ctx, const void *src, uint32_t index_size, uint32_t count,
                              uint32_t index, uint32_t *mode, uint32_t *out_count, bool *restarts);

/* debug.c (KHR_debug) */
/** A GL error as a debug message (source API, type ERROR, severity HIGH, id = the error). */
void glf_debug_error(struct glf_context *ctx, GLenum err, const char *text);
/** One of splitgl's own warnings on the context as a debug message (severity MEDIUM). */
void glf_debug_warn(struct glf_context *ctx, GLenum type, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void glf_debug_destroy(struct glf_context *ctx);
GLint glf_debug_get(struct glf_context *ctx, GLenum pname);

/* readpix.c / uniform.c / robustness.c */
/** glReadPixels writing at most buf_size bytes (KHR_robustness's ReadnPixels). */
void glf_read_pixels(struct glf_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                     GLenum type, size_t buf_size, void *pixels);
void glf_get_n_uniform(GLuint program, GLint location, GLsizei buf_size, void *params, GLenum type, const char *caller);
/** GL_UNKNOWN_CONTEXT_RESET once the context's channel is lost, else GL_NO_ERROR. */
GLenum glf_reset_status(struct glf_context *ctx);
/** IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE of the read buffer; false (with the error
 *  raised) if there is no readable colour buffer. */
bool glf_color_read_format(struct glf_context *ctx, GLenum *format, GLenum *type, const char *caller);

/* transform_feedback.c */
void glf_xfb_init(struct glf_context *ctx);
void glf_xfb_fini(struct glf_context *ctx);
/** Transform feedback is active and not paused on the bound object. */
static inline bool
glf_xfb_capturing(const struct glf_context *ctx)
{
   return ctx->xfb && ctx->xfb->active && !ctx->xfb->paused;
}
/** The draw checks of ES 3.0 section 2.15.2 / GL 3.3 section 2.17.2 for a draw of `mode`
 *  (wire_prim), `vertices` per instance, indexed or not; false with the error raised. */
bool glf_xfb_validate_draw(struct glf_context *ctx, uint32_t wmode, uint64_t vertices, uint64_t instances, bool indexed,
                           const char *caller);
/** After a captured draw: the buffers now hold GPU-written bytes. */
void glf_xfb_note_draw(struct glf_context *ctx, uint64_t vertices, uint64_t instances);
/** A program in use by an active transform feedback object of this context. */
bool glf_xfb_uses_program(struct glf_context *ctx, struct glf_program *p);
void glf_buffer_unbind_indexed(struct glf_context *ctx, struct glf_buffer *buf);

/* query.c */
void glf_queries_fini(struct glf_context *ctx);

/* buffer.c: the shadow holds the device's bytes again (a read-back if the GPU wrote it) */
bool glf_buffer_shadow(struct glf_context *ctx, struct glf_buffer *buf);
/** Reads [offset, offset + size) of a buffer from the server into dst. */
bool glf_buffer_read(struct glf_context *ctx, struct glf_buffer *buf, uint32_t offset, uint32_t size, void *dst);

/* enable.c */
bool glf_cap_query(struct glf_context *ctx, GLenum cap, bool *value);
/* framebuffer has depth / stencil bits (derived for DSA and queries) */
void glf_framebuffer_bits(struct glf_context *ctx, struct glf_framebuffer *fb, GLint bits[6]);

/* get.c conversions */
GLint glf_float_to_int_color(float f);

#define GLF_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
