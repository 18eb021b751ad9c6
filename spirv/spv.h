/* splitgl spirv: GLSL -> SPIR-V with glslang, reflection, and the program blob.
 *
 * The client compiles and links (spv_compile, spv_link); a linked program is a blob: a
 * versioned, self-describing byte string with SPIR-V per stage and the reflection table.
 * The same blob is the ProgramCreate payload, the glGetProgramBinary format and the shader
 * cache entry. spv_blob_parse validates a blob completely (it is hostile input on the
 * server) and never reads outside [blob, blob + size).
 */
#ifndef SGL_SPIRV_SPV_H
#define SGL_SPIRV_SPV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spv_layout.h"

enum spv_stage {
   SPV_STAGE_VERTEX = 0,
   SPV_STAGE_FRAGMENT = 1,
   SPV_STAGE_GEOMETRY = 2, /* GLSL 1.50+ core only (ES 3.0 has no geometry shaders) */
   SPV_STAGE_COUNT = 3,    /* tessellation, compute come later, appended */
};

enum spv_api {
   SPV_API_GLES = 0, /* #version 100, 300 es (310, 320 es later) */
   SPV_API_GL = 1,   /* #version 140 .. 460 core */
};

/* ---- client: compile and link ---------------------------------------------------------- */
struct spv_shader;

/** The GL limits a context reports, for the shading language's built-in constants
 *  (gl_MaxVertexUniformVectors, gl_MinProgramTexelOffset, ...) and glslang's checks against
 *  them (e.g. textureOffset's range). 0: glslang's default for that field. */
struct spv_limits {
   int32_t max_vertex_attribs;
   int32_t max_vertex_uniform_vectors, max_fragment_uniform_vectors;
   int32_t max_varying_vectors, max_varying_components;
   int32_t max_vertex_output_components, max_fragment_input_components;
   int32_t max_vertex_texture_image_units, max_texture_image_units, max_combined_texture_image_units;
   int32_t max_draw_buffers;
   int32_t min_program_texel_offset, max_program_texel_offset; /* both 0: defaults */
   int32_t max_clip_distances;
   /* EXT_clip_cull_distance (ES 3.0 contexts that offer it; 0 elsewhere): gl_CullDistance and
    * the extension's #extension directive in GLSL ES 3.00+ (spirv/compile.c, lift.c), with
    * max_clip_distances set too. */
   int32_t max_cull_distances, max_combined_clip_and_cull_distances;
   /* Geometry stage (GL 3.2+ core; 0: glslang's defaults). */
   int32_t max_geometry_input_components, max_geometry_output_components;
   int32_t max_geometry_output_vertices, max_geometry_total_output_components;
   int32_t max_geometry_uniform_components, max_geometry_texture_image_units;
};

/** Compiles with the shader's own version (the spec's compile status and info log).
 *  Never returns NULL except on allocation failure; check spv_shader_ok(). */
struct spv_shader *spv_compile(enum spv_stage stage, enum spv_api api, const char *source);
/** spv_compile under the context's limits (NULL: glslang's defaults); the link generates
 *  code under the same limits. */
struct spv_shader *spv_compile_limits(enum spv_stage stage, enum spv_api api, const char *source,
                                      const struct spv_limits *limits);
bool spv_shader_ok(const struct spv_shader *sh);
const char *spv_shader_info_log(const struct spv_shader *sh); /* never NULL, may be "" */
void spv_shader_free(struct spv_shader *sh);

struct spv_binding {
   const char *name;
   int32_t location;
   uint32_t index; /* glBindFragDataLocationIndexed's index (0 or 1); 0 for attributes */
};

/* Transform feedback (OpenGL ES 3.0 section 2.15, OpenGL 3.3 section 2.17). */
#define SPV_MAX_XFB_BUFFERS 4
#define SPV_MAX_XFB_VARYINGS 128 /* names one program may capture */
#define SPV_MAX_XFB_STRIDE 2048  /* bytes one vertex may write to one buffer (blob limit) */

#define SPV_BUILTIN_ATTRIB_VERTEX_ID 1u
#define SPV_BUILTIN_ATTRIB_INSTANCE_ID 2u

struct spv_link_options {
   const struct spv_binding *attrib_bindings; /* glBindAttribLocation */
   uint32_t attrib_binding_count;
   const struct spv_binding *frag_data_bindings; /* glBindFragDataLocation (desktop GL) */
   uint32_t frag_data_binding_count;
   /* GL core's MAX_DUAL_SOURCE_DRAW_BUFFERS: outputs of index 1 must lie below it (0: a
    * program with an index-1 output does not link) */
   uint32_t max_dual_source_draw_buffers;
   /* glTransformFeedbackVaryings: names to capture and the buffer mode, with the context's
    * limits for the link's checks (0: the GL minimums). */
   const char *const *xfb_varyings;
   uint32_t xfb_varying_count;
   bool xfb_separate; /* GL_SEPARATE_ATTRIBS (else GL_INTERLEAVED_ATTRIBS) */
   uint32_t xfb_max_interleaved_components, xfb_max_separate_components, xfb_max_separate_attribs;
};

/** Links (at most one shader per stage), generates SPIR-V per stage under the relaxed Vulkan
 *  rules, maps bindings to spv_layout.h's convention, fixes up locations and builds the blob.
 *  On success returns true and *blob (malloc'd) / *blob_size; on failure returns false.
 *  *info_log (malloc'd, never NULL) holds the link log either way. */
bool spv_link(struct spv_shader *const *shaders, uint32_t count, const struct spv_link_options *opts,
              void **blob, size_t *blob_size, char **info_log);

/** spv_link through the on-disk shader cache (spirv/cache.c; SPLITGL_SHADER_CACHE): a hit
 *  (*hit true) returns the blob and log an earlier link of the same inputs by this build
 *  stored; a miss links and stores a successful result. */
bool spv_link_cached(struct spv_shader *const *shaders, uint32_t count, const struct spv_link_options *opts,
                     void **blob, size_t *blob_size, char **info_log, bool *hit);
struct spv_cache_stats {
   bool enabled;
   uint64_t hits, misses, stores, evicted; /* this process */
};
void spv_cache_stats(struct spv_cache_stats *st);
/** The cache's directory, NULL when the cache is off. */
const char *spv_cache_dir(void);

/* ---- both sides: the blob's contents --------------------------------------------------- */
struct spv_uniform {
   const char *name;       /* as glGetActiveUniform reports it: "u", "arr[0]", "s.field" */
   uint32_t gl_type;       /* GL_FLOAT_VEC4, GL_FLOAT_MAT4, GL_SAMPLER_2D, GL_BOOL, ... */
   uint32_t array_size;    /* 1 for a non-array */
   int32_t location;       /* element i has location + i */
   uint32_t offset;        /* byte offset in the default uniform block (not for samplers) */
   uint32_t array_stride;  /* bytes between array elements (0 for non-arrays) */
   uint32_t matrix_stride; /* bytes between matrix columns (0 for non-matrices) */
   int32_t sampler_slot;   /* samplers: first sampler slot (element i uses slot + i); else -1 */
   /* Added (blob version 3): members of named uniform blocks have location -1, block_index
    * (the GL block index of the block, the first element's for arrays of blocks) and offsets
    * relative to the block; default-block uniforms and samplers have block_index -1. */
   int32_t block_index;
   uint32_t row_major;     /* 1: a matrix (or array of matrices) stored row by row */
};

/** One GL uniform block (an element of an array of blocks is a block of its own, named
 *  "B[i]"). Its buffer is read through descriptor `binding` (SPV_BINDING_UBO_BASE + k),
 *  element `array_index` of the binding's array of `array_size` descriptors. */
struct spv_block {
   const char *name;        /* as glGetActiveUniformBlockName reports it */
   uint32_t binding;        /* descriptor binding in SPV_SET_MAIN */
   uint32_t array_index;    /* element of the binding's descriptor array */
   uint32_t array_size;     /* descriptors at the binding (1 for a block that is no array) */
   uint32_t data_size;      /* UNIFORM_BLOCK_DATA_SIZE (bytes, multiple of 16) */
   uint32_t stage_mask;     /* stages that declare it (UNIFORM_BLOCK_REFERENCED_BY_*) */
   uint32_t first_uniform;  /* its active uniforms: uniforms[first_uniform ..] */
   uint32_t uniform_count;
};

struct spv_sampler {
   uint32_t binding;      /* descriptor binding in SPV_SET_MAIN */
   uint32_t gl_type;      /* GL_SAMPLER_2D, GL_SAMPLER_CUBE, ... */
   uint32_t array_size;   /* descriptors at this binding */
   uint32_t first_slot;   /* sampler slots first_slot .. first_slot + array_size - 1 */
   uint32_t stage_mask;   /* 1 << spv_stage */
};

struct spv_attrib {
   const char *name;
   uint32_t gl_type;
   uint32_t array_size;
   int32_t location; /* first location */
   uint32_t slots;   /* locations used (mat4 = 4) */
};

struct spv_output {
   const char *name;
   uint32_t gl_type;
   uint32_t array_size;
   int32_t location;
   uint32_t index; /* dual-source blending: 0 first colour, 1 second (GetFragDataIndex) */
};

/** One captured varying (glGetTransformFeedbackVarying) and where its data goes. */
struct spv_xfb_varying {
   const char *name;    /* as given to glTransformFeedbackVaryings: "v", "a[2]", "gl_Position" */
   uint32_t gl_type;    /* GL_FLOAT_VEC4, ... (the element type of a captured array) */
   uint32_t size;       /* elements captured: the array length, 1 otherwise */
   uint32_t buffer;     /* interleaved: 0; separate: the varying's index */
   uint32_t offset;     /* bytes into the buffer's record of one vertex */
   uint32_t components; /* 32-bit components captured (size * the type's components) */
};

struct spv_program_info {
   uint32_t stage_mask;              /* 1 << spv_stage for each stage present */
   const uint32_t *spirv[SPV_STAGE_COUNT];
   uint32_t spirv_words[SPV_STAGE_COUNT];
   uint32_t default_block_size;      /* bytes; 0 if no loose uniforms */
   uint32_t default_block_stage_mask;
   uint32_t sampler_slot_count;      /* sum of samplers[i].array_size */
   uint32_t uniform_count;
   const struct spv_uniform *uniforms;
   uint32_t sampler_count;
   const struct spv_sampler *samplers;
   uint32_t attrib_count;
   const struct spv_attrib *attribs;
   uint32_t output_count;
   const struct spv_output *outputs;
   uint32_t max_uniform_location;    /* one past the highest location in use */
   uint32_t writes_point_size;       /* the vertex stage writes gl_PointSize */
   /* Added: initial contents of the default uniform block (default_block_size bytes) when
    * a uniform has an initializer ("uniform float x = 1.0;", desktop GLSL), else NULL. The
    * relaxed Vulkan rules drop initializers, so the front end applies this image at link. */
   const uint8_t *default_block_init;
   /* Added: the vertex stage declares the SPV_SPEC_POINT_SIZE specialization constant
    * (desktop GL: spv_layout.h says what to specialize it to); 0 or 1. */
   uint32_t point_size_spec;
   /* Added: the vertex stage reads gl_VertexID (SPV_BUILTIN_ATTRIB_VERTEX_ID) and / or
    * gl_InstanceID (SPV_BUILTIN_ATTRIB_INSTANCE_ID). OpenGL 3.3 section 2.11.3: "all active
    * vertex shader input variables are enumerated, including the special built-in inputs
    * gl_VertexID and gl_InstanceID"; GetActiveAttrib lists them after attribs[]. */
   uint32_t builtin_attribs;
   /* Added (blob version 2): transform feedback. The vertex stage declares the Xfb execution
    * mode and decorates what it captures (XfbBuffer, XfbStride, Offset) iff the count is not
    * 0; xfb_strides[b] is the bytes one vertex writes to buffer b (0: buffer unused). */
   uint32_t xfb_varying_count;
   const struct spv_xfb_varying *xfb_varyings;
   uint32_t xfb_separate;
   uint32_t xfb_strides[SPV_MAX_XFB_BUFFERS];
   /* Added (blob version 3): named uniform blocks, in GL block-index order. */
   uint32_t block_count; /* <= SPV_MAX_UNIFORM_BLOCKS */
   const struct spv_block *blocks;
   /* Added (blob version 4): a geometry stage (stage_mask bit SPV_STAGE_GEOMETRY). Not
    * serialised: spv_blob_parse reads them from the geometry module's execution modes
    * (exactly one input and one output primitive, OutputVertices >= 1, Invocations >= 1),
    * so they cannot disagree with the module; 0 without a geometry stage.
    * gs_input: GL_POINTS, GL_LINES, GL_LINES_ADJACENCY, GL_TRIANGLES, GL_TRIANGLES_ADJACENCY;
    * gs_output: GL_POINTS, GL_LINE_STRIP, GL_TRIANGLE_STRIP. Transform feedback (the Xfb
    * execution mode and its decorations) lives in the last vertex-processing stage: the
    * geometry stage when there is one, else the vertex stage (spv_last_vertex_stage). */
   uint32_t gs_input, gs_output, gs_max_vertices, gs_invocations;
   /* The geometry stage declares the float SPV_SPEC_POINT_SIZE constant (a desktop geometry
    * shader that emits points; derived by the parser like the gs_* fields): the server
    * specializes it as it does the vertex stage's. */
   uint32_t gs_point_size_spec;
   /* The fragment stage declares the int SPV_SPEC_POINT_ORIGIN constant (it reads
    * gl_PointCoord; derived by the parser, not serialised): the server specializes it from
    * the context's point state. */
   uint32_t fs_point_origin_spec;
   /* The stage (SPV_STAGE_VERTEX or SPV_STAGE_GEOMETRY) that declares the int
    * SPV_SPEC_CLIP_ENABLE constant, the last vertex-processing stage of a desktop program that
    * writes gl_ClipDistance (derived by the parser, not serialised); SPV_STAGE_COUNT: none. */
   uint32_t clip_enable_stage;
   /* Some stage declares the ClipDistance / CullDistance capability or decorates a variable
    * BuiltIn ClipDistance / CullDistance (derived by the parser, not serialised): the
    * server refuses such a program where its device lacks the feature. */
   bool uses_clip_distance, uses_cull_distance;
   /* What each stage's interface spans (derived by the parser, not serialised; the server
    * checks them against its device): iface_end[stage][0] inputs, [1] outputs, the largest
    * Location + locations of a user variable (a geometry input per vertex, its outer array
    * the input primitive's vertices); the longest ClipDistance / CullDistance array. */
   uint32_t iface_end[SPV_STAGE_COUNT][2];
   uint32_t clip_array_max, cull_array_max;
};

/** The blob format version spv_blob_write writes and spv_blob_parse accepts. */
uint32_t spv_blob_version(void);
/** The stage transform feedback captures from and the rasterizer reads: geometry when
 *  present, else vertex. */
static inline enum spv_stage
spv_last_vertex_stage(uint32_t stage_mask)
{
   return (stage_mask & (1u << SPV_STAGE_GEOMETRY)) ? SPV_STAGE_GEOMETRY : SPV_STAGE_VERTEX;
}

/** Parses and validates a blob. Returns a self-contained object (one allocation that also
 *  holds copies of the SPIR-V and the strings), or NULL with a reason in err. */
struct spv_program_info *spv_blob_parse(const void *blob, size_t size, char *err, size_t err_size);
void spv_program_info_free(struct spv_program_info *info);

/** Test builds: runs the SPIRV-Tools validator (Vulkan 1.3 env) on a module. */
bool spv_validate_module(const uint32_t *words, uint32_t count, char *err, size_t err_size);

#endif
