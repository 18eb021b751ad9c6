/* splitgl wire: record header, handles and every payload struct named in ops.def.
 *
 * All structs are POD, little-endian, with explicit padding and static-asserted sizes.
 * Every enum that travels is a dense wire enum (never a raw GL enum) so the decoder checks
 * it with one range compare: `value < WIRE_X_COUNT`.
 */
#ifndef SGL_WIRE_TYPES_H
#define SGL_WIRE_TYPES_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

/* 2: GetInfo's reply carries the capability table (wire_server_info.caps); R32 SCALED vertex
 *    formats; events name the context of the record that raised them (32-byte header); guard
 *    pages between the segment's sections.
 * 3: stream-output targets and query objects (handle kinds SO_TARGET, QUERY), buffer
 *    read-back, the transform-feedback and query capabilities; texture formats past
 *    D32_FLOAT (wire_format), WIRE_WRAP_CLAMP_TO_BORDER, ReadPixels replies in the
 *    surface's wire format.
 * 4: SetUniformBuffers (named uniform blocks); program blobs of version 3 (spirv/blob.c);
 *    block-compressed wire formats (ETC2 / EAC) past R16G16B16A16_SNORM, whose texture
 *    uploads are whole 4x4 blocks (TextureSubData); the second words of the format masks
 *    (SAMPLED_FORMATS_1, RENDERABLE_FORMATS_1, FILTERABLE_FORMATS_1, NATIVE_COMPRESSED_1);
 *    multisampling: ResourceCreate.samples > 1 (RENDERBUFFER), the MS_FORMATS_* and
 *    STANDARD_SAMPLE_LOCATIONS capabilities, op 45 SetSampleState, Blit resolves a
 *    multisampled source (WIRE_BLIT_* rules below).
 * 5: program blobs of version 4 (a geometry stage); WIRE_FEATURE_GEOMETRY_SHADER and the
 *    MAX_GEOMETRY_* capabilities.
 * 6: GL core's multisample textures (targets TEX_2D_MULTISAMPLE, TEX_2D_MULTISAMPLE_ARRAY:
 *    ResourceCreate.samples 2..16 of a format in MS_TEXTURE_FORMATS_<n>, sampled views) and
 *    buffer textures (sampler views of target TEX_BUFFER over a BUFFER resource, with
 *    wire_sampler_view.format in TEXEL_BUFFER_FORMATS); the caps MS_TEXTURE_FORMATS_2..16,
 *    MAX_TEXEL_BUFFER_ELEMENTS, TEXEL_BUFFER_FORMATS;
 *    texture targets TEX_1D and TEX_1D_ARRAY (GL 3.3 core's 1D and 1D-array textures);
 *    ReadPixels of depth / stencil surfaces (replies in their wire layout); SetFramebuffer.flags
 *    and Blit.flags (WIRE_FB_* / WIRE_BLIT_F_*: GL core's FRAMEBUFFER_SRGB), which were zero padding;
 *    Blit of colour from a single-sampled into a multisampled surface; op 46 SetPointState. */
/* 7: op 47 ReadPixelsToBuffer (pack-buffer reads the client does not wait for).
 * 8: SetFramebuffer.flags WIRE_FB_LAYERED (layered attachments).
 * 9: the segment header's device selection (wire_ctrl.device: the EGL device a display
 *    renders on) and op 48 QueryDevices (the Vulkan devices the server sees).
 * 10: window surfaces: op 49 WindowAttach (reply wire_window_status), op 50 WindowSetInterval;
 *    Present of an attached resource presents into its window. */
#define WIRE_PROTOCOL_REVISION 10u

/* ---- record header ------------------------------------------------------------------- */
/* bytes 0-1 op, 2-3 flags (0), 4-7 size (whole record incl. header, multiple of 16),
 * 8-15 sequence number (1-based, strictly increasing per channel). */
struct wire_record_hdr {
   uint16_t op;
   uint16_t flags;
   uint32_t size;
   uint64_t seq;
};
static_assert(sizeof(struct wire_record_hdr) == 16, "hdr");

#define WIRE_RECORD_ALIGN 16u /* a pad record always fits the end of the ring */
#define WIRE_MAX_TAIL (256u * 1024u) /* largest inline tail any op accepts */

/* ---- handles -------------------------------------------------------------------------- */
/* {slot, gen}: minted by the client per kind; gen moves only when a slot is reused.
 * gen == 0 is the null handle. */
typedef struct wire_handle {
   uint32_t slot;
   uint32_t gen;
} wire_handle;
static_assert(sizeof(wire_handle) == 8, "handle");

#define WIRE_MAX_SLOTS (1u << 20) /* per kind: bounds every server table */

#define WIRE_HANDLE_KINDS(K)                                                                 \
   K(CONTEXT) K(RESOURCE) K(PROGRAM) K(BLEND) K(DSA) K(RAST) K(SAMPLER) K(VELEMS) K(SO_TARGET) K(QUERY)

enum wire_handle_kind {
#define K(n) WIRE_KIND_##n,
   WIRE_HANDLE_KINDS(K)
#undef K
   WIRE_KIND_COUNT
};

/* Bytes in the staging segment: [offset, offset+size). */
struct wire_span {
   uint32_t offset;
   uint32_t size;
};

/* ---- dense enums ---------------------------------------------------------------------- */
enum wire_format {
   WIRE_FMT_NONE = 0,
   WIRE_FMT_R8G8B8A8_UNORM,
   WIRE_FMT_R8G8B8_UNORM, /* uploads are tightly packed RGB; the server may store RGBA */
   WIRE_FMT_R8_UNORM,
   WIRE_FMT_D24_UNORM_S8_UINT, /* uploads: uint32 per texel as GL_UNSIGNED_INT_24_8 (depth << 8 | stencil) */
   WIRE_FMT_D16_UNORM,
   WIRE_FMT_D32_FLOAT,
   /* Protocol revision 3. The upload / read-back layout of each is in wire/format.h
    * (wire_format_info): tightly packed components in R, G, B, A order, or the packed GL type
    * named there. Three-component formats travel with three components whatever the server
    * stores. */
   WIRE_FMT_R8G8_UNORM,
   WIRE_FMT_R8_SNORM,
   WIRE_FMT_R8G8_SNORM,
   WIRE_FMT_R8G8B8_SNORM,
   WIRE_FMT_R8G8B8A8_SNORM,
   WIRE_FMT_R8G8B8_SRGB,
   WIRE_FMT_R8G8B8A8_SRGB,
   WIRE_FMT_R5G6B5_UNORM,      /* GL_UNSIGNED_SHORT_5_6_5 */
   WIRE_FMT_R4G4B4A4_UNORM,    /* GL_UNSIGNED_SHORT_4_4_4_4 */
   WIRE_FMT_R5G5B5A1_UNORM,    /* GL_UNSIGNED_SHORT_5_5_5_1 */
   WIRE_FMT_R10G10B10A2_UNORM, /* GL_UNSIGNED_INT_2_10_10_10_REV */
   WIRE_FMT_R10G10B10A2_UINT,  /* GL_UNSIGNED_INT_2_10_10_10_REV */
   WIRE_FMT_R16_FLOAT,
   WIRE_FMT_R16G16_FLOAT,
   WIRE_FMT_R16G16B16_FLOAT,
   WIRE_FMT_R16G16B16A16_FLOAT,
   WIRE_FMT_R32_FLOAT,
   WIRE_FMT_R32G32_FLOAT,
   WIRE_FMT_R32G32B32_FLOAT,
   WIRE_FMT_R32G32B32A32_FLOAT,
   WIRE_FMT_R11G11B10_FLOAT,   /* GL_UNSIGNED_INT_10F_11F_11F_REV */
   WIRE_FMT_R9G9B9E5_FLOAT,    /* GL_UNSIGNED_INT_5_9_9_9_REV */
   WIRE_FMT_R8_UINT,
   WIRE_FMT_R8G8_UINT,
   WIRE_FMT_R8G8B8_UINT,
   WIRE_FMT_R8G8B8A8_UINT,
   WIRE_FMT_R8_SINT,
   WIRE_FMT_R8G8_SINT,
   WIRE_FMT_R8G8B8_SINT,
   WIRE_FMT_R8G8B8A8_SINT,
   WIRE_FMT_R16_UINT,
   WIRE_FMT_R16G16_UINT,
   WIRE_FMT_R16G16B16_UINT,
   WIRE_FMT_R16G16B16A16_UINT,
   WIRE_FMT_R16_SINT,
   WIRE_FMT_R16G16_SINT,
   WIRE_FMT_R16G16B16_SINT,
   WIRE_FMT_R16G16B16A16_SINT,
   WIRE_FMT_R32_UINT,
   WIRE_FMT_R32G32_UINT,
   WIRE_FMT_R32G32B32_UINT,
   WIRE_FMT_R32G32B32A32_UINT,
   WIRE_FMT_R32_SINT,
   WIRE_FMT_R32G32_SINT,
   WIRE_FMT_R32G32B32_SINT,
   WIRE_FMT_R32G32B32A32_SINT,
   WIRE_FMT_D32_FLOAT_S8_UINT, /* uploads: GL_FLOAT_32_UNSIGNED_INT_24_8_REV (float depth, then a
                                * uint32 with stencil in bits 0-7) */
   WIRE_FMT_D24_UNORM,         /* uploads: uint32 per texel, depth in bits 0-23 */
   WIRE_FMT_R16_UNORM,         /* OpenGL's 16-bit normalized formats */
   WIRE_FMT_R16G16_UNORM,
   WIRE_FMT_R16G16B16_UNORM,
   WIRE_FMT_R16G16B16A16_UNORM,
   WIRE_FMT_R16_SNORM,
   WIRE_FMT_R16G16_SNORM,
   WIRE_FMT_R16G16B16_SNORM,
   WIRE_FMT_R16G16B16A16_SNORM,
   /* Protocol revision 4: block-compressed formats (OpenGL ES 3.0's ETC2 / EAC, table 3.19).
    * They travel as the application gave them: 4x4 blocks (wire_format_info's size is the
    * bytes of one block), rows of blocks bottom (GL's t = 0) first. Sampled only: never a
    * render target, a blit / read-back surface or a GenerateMipmap target, and 2D, cube and
    * 2D-array textures only. */
   WIRE_FMT_ETC2_R8G8B8_UNORM,       /* COMPRESSED_RGB8_ETC2 (and ETC1_RGB8_OES, a subset) */
   WIRE_FMT_ETC2_R8G8B8_SRGB,        /* COMPRESSED_SRGB8_ETC2 */
   WIRE_FMT_ETC2_R8G8B8A1_UNORM,     /* COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2 */
   WIRE_FMT_ETC2_R8G8B8A1_SRGB,      /* COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2 */
   WIRE_FMT_ETC2_R8G8B8A8_UNORM,     /* COMPRESSED_RGBA8_ETC2_EAC */
   WIRE_FMT_ETC2_R8G8B8A8_SRGB,      /* COMPRESSED_SRGB8_ALPHA8_ETC2_EAC */
   WIRE_FMT_EAC_R11_UNORM,           /* COMPRESSED_R11_EAC */
   WIRE_FMT_EAC_R11_SNORM,           /* COMPRESSED_SIGNED_R11_EAC */
   WIRE_FMT_EAC_R11G11_UNORM,        /* COMPRESSED_RG11_EAC */
   WIRE_FMT_EAC_R11G11_SNORM,        /* COMPRESSED_SIGNED_RG11_EAC */
   WIRE_FMT_COUNT
};

enum wire_target {
   WIRE_TARGET_BUFFER = 0,
   WIRE_TARGET_TEX_2D,
   WIRE_TARGET_TEX_CUBE,
   WIRE_TARGET_TEX_3D,
   WIRE_TARGET_TEX_2D_ARRAY,
   WIRE_TARGET_RENDERBUFFER,
   /* protocol revision 6 (GL core only) */
   WIRE_TARGET_TEX_2D_MULTISAMPLE,       /* samples 2..16, last_level 0, depth = layers = 1 */
   WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY, /* samples 2..16, last_level 0, depth 1, layers >= 1 */
   WIRE_TARGET_TEX_BUFFER,               /* sampler views only: a BUFFER resource read as texels */
   /* also revision 6 (GL 3.3 core): 1D images (height, depth, layers 1) and 1D arrays
    * (height and depth 1, `layers` layers). A 1D array's TextureSubData box addresses layers
    * as rows, as Gallium's 1D arrays do: y is the first layer, h the layer count, `layer` 0;
    * the data is then h rows of w texels, one per layer. */
   WIRE_TARGET_TEX_1D,
   WIRE_TARGET_TEX_1D_ARRAY,
   WIRE_TARGET_COUNT
};

enum wire_prim {
   WIRE_PRIM_POINTS = 0,
   WIRE_PRIM_LINES,
   WIRE_PRIM_LINE_LOOP,
   WIRE_PRIM_LINE_STRIP,
   WIRE_PRIM_TRIANGLES,
   WIRE_PRIM_TRIANGLE_STRIP,
   WIRE_PRIM_TRIANGLE_FAN,
   /* protocol revision 5: GL 3.2+ core's adjacency modes, only where the device reports
    * WIRE_FEATURE_GEOMETRY_SHADER (Vulkan needs geometryShader for them) */
   WIRE_PRIM_LINES_ADJACENCY,
   WIRE_PRIM_LINE_STRIP_ADJACENCY,
   WIRE_PRIM_TRIANGLES_ADJACENCY,
   WIRE_PRIM_TRIANGLE_STRIP_ADJACENCY,
   WIRE_PRIM_COUNT
};

/* Same order as VkBlendFactor (not required, convenient). */
enum wire_blend_factor {
   WIRE_BF_ZERO = 0, WIRE_BF_ONE, WIRE_BF_SRC_COLOR, WIRE_BF_ONE_MINUS_SRC_COLOR,
   WIRE_BF_DST_COLOR, WIRE_BF_ONE_MINUS_DST_COLOR, WIRE_BF_SRC_ALPHA, WIRE_BF_ONE_MINUS_SRC_ALPHA,
   WIRE_BF_DST_ALPHA, WIRE_BF_ONE_MINUS_DST_ALPHA, WIRE_BF_CONSTANT_COLOR,
   WIRE_BF_ONE_MINUS_CONSTANT_COLOR, WIRE_BF_CONSTANT_ALPHA, WIRE_BF_ONE_MINUS_CONSTANT_ALPHA,
   WIRE_BF_SRC_ALPHA_SATURATE,
   WIRE_BF_COUNT
};

enum wire_blend_op {
   WIRE_BO_ADD = 0, WIRE_BO_SUBTRACT, WIRE_BO_REVERSE_SUBTRACT, WIRE_BO_MIN, WIRE_BO_MAX,
   WIRE_BO_COUNT
};

/* Same order as GL (GL_NEVER + i) and VkCompareOp. */
enum wire_func {
   WIRE_FUNC_NEVER = 0, WIRE_FUNC_LESS, WIRE_FUNC_EQUAL, WIRE_FUNC_LEQUAL, WIRE_FUNC_GREATER,
   WIRE_FUNC_NOTEQUAL, WIRE_FUNC_GEQUAL, WIRE_FUNC_ALWAYS,
   WIRE_FUNC_COUNT
};

/* Same order as VkStencilOp. */
enum wire_stencil_op {
   WIRE_SOP_KEEP = 0, WIRE_SOP_ZERO, WIRE_SOP_REPLACE, WIRE_SOP_INCR, WIRE_SOP_DECR,
   WIRE_SOP_INVERT, WIRE_SOP_INCR_WRAP, WIRE_SOP_DECR_WRAP,
   WIRE_SOP_COUNT
};

enum wire_cull { WIRE_CULL_NONE = 0, WIRE_CULL_FRONT, WIRE_CULL_BACK, WIRE_CULL_FRONT_AND_BACK, WIRE_CULL_COUNT };
enum wire_filter { WIRE_FILTER_NEAREST = 0, WIRE_FILTER_LINEAR, WIRE_FILTER_COUNT };
enum wire_mip_filter { WIRE_MIP_NONE = 0, WIRE_MIP_NEAREST, WIRE_MIP_LINEAR, WIRE_MIP_COUNT };
/* CLAMP_TO_BORDER (protocol revision 3): the sampler's border_color. */
enum wire_wrap { WIRE_WRAP_REPEAT = 0, WIRE_WRAP_CLAMP_TO_EDGE, WIRE_WRAP_MIRRORED_REPEAT, WIRE_WRAP_CLAMP_TO_BORDER, WIRE_WRAP_COUNT };
enum wire_swizzle { WIRE_SWZ_R = 0, WIRE_SWZ_G, WIRE_SWZ_B, WIRE_SWZ_A, WIRE_SWZ_0, WIRE_SWZ_1, WIRE_SWZ_COUNT };

/* Vertex attribute fetch formats. SCALED = integer data converted to float without
 * normalization (glVertexAttribPointer with normalized = GL_FALSE). */
#define WIRE_VFORMATS(F)                                                                     \
   F(R32_FLOAT) F(R32G32_FLOAT) F(R32G32B32_FLOAT) F(R32G32B32A32_FLOAT)                     \
   F(R8_UNORM) F(R8G8_UNORM) F(R8G8B8_UNORM) F(R8G8B8A8_UNORM)                               \
   F(R8_SNORM) F(R8G8_SNORM) F(R8G8B8_SNORM) F(R8G8B8A8_SNORM)                               \
   F(R8_USCALED) F(R8G8_USCALED) F(R8G8B8_USCALED) F(R8G8B8A8_USCALED)                       \
   F(R8_SSCALED) F(R8G8_SSCALED) F(R8G8B8_SSCALED) F(R8G8B8A8_SSCALED)                       \
   F(R16_UNORM) F(R16G16_UNORM) F(R16G16B16_UNORM) F(R16G16B16A16_UNORM)                     \
   F(R16_SNORM) F(R16G16_SNORM) F(R16G16B16_SNORM) F(R16G16B16A16_SNORM)                     \
   F(R16_USCALED) F(R16G16_USCALED) F(R16G16B16_USCALED) F(R16G16B16A16_USCALED)             \
   F(R16_SSCALED) F(R16G16_SSCALED) F(R16G16B16_SSCALED) F(R16G16B16A16_SSCALED)             \
   F(R16_FLOAT) F(R16G16_FLOAT) F(R16G16B16_FLOAT) F(R16G16B16A16_FLOAT)                     \
   F(R8_UINT) F(R8G8_UINT) F(R8G8B8_UINT) F(R8G8B8A8_UINT)                                   \
   F(R8_SINT) F(R8G8_SINT) F(R8G8B8_SINT) F(R8G8B8A8_SINT)                                   \
   F(R16_UINT) F(R16G16_UINT) F(R16G16B16_UINT) F(R16G16B16A16_UINT)                         \
   F(R16_SINT) F(R16G16_SINT) F(R16G16B16_SINT) F(R16G16B16A16_SINT)                         \
   F(R32_UINT) F(R32G32_UINT) F(R32G32B32_UINT) F(R32G32B32A32_UINT)                         \
   F(R32_SINT) F(R32G32_SINT) F(R32G32B32_SINT) F(R32G32B32A32_SINT)                         \
   F(R32_USCALED) F(R32G32_USCALED) F(R32G32B32_USCALED) F(R32G32B32A32_USCALED)             \
   F(R32_SSCALED) F(R32G32_SSCALED) F(R32G32B32_SSCALED) F(R32G32B32A32_SSCALED)

enum wire_vformat {
#define F(n) WIRE_VF_##n,
   WIRE_VFORMATS(F)
#undef F
   WIRE_VF_COUNT
};

/* Limits every count on the wire is checked against. The front end reports the device's
 * limits clamped to these. Each is at least the OpenGL ES 3.0 minimum of the matching GL limit
 * (asserted below); one is below OpenGL 3.3 core's, and widening it changes the size of
 * shipped payloads (SetSamplerViews, BindSamplerStates: tests/unit/catalogue.txt), so GL 3.3
 * contexts report 32 combined texture units (GL 3.3: 48); docs/ARCHITECTURE.md lists it as a
 * divergence. WIRE_MAX_UNIFORM_BLOCKS went from 24 to 36 (GL 3.3's uniform-buffer bindings and
 * combined blocks) with protocol revision 4: before it only SetProgramBindings' tail used it. */
#define WIRE_MAX_COLOR_BUFS 8
#define WIRE_MAX_VERTEX_ATTRIBS 16
#define WIRE_MAX_VERTEX_BUFFERS 16
#define WIRE_MAX_SAMPLER_UNITS 32 /* combined texture image units */
#define WIRE_MAX_PROGRAM_SAMPLERS 64 /* sampler slots one program may declare */
#define WIRE_MAX_UNIFORM_BLOCKS 36 /* uniform-buffer binding points; blocks per program */
#define WIRE_MAX_TEXTURE_SIZE 16384
#define WIRE_MAX_3D_TEXTURE_SIZE 2048
#define WIRE_MAX_ARRAY_LAYERS 2048
#define WIRE_MAX_BUFFER_SIZE (1u << 31)
#define WIRE_MAX_CONSTANT_SIZE (64u * 1024u)
#define WIRE_MAX_PROGRAM_BLOB (16u * 1024u * 1024u)
#define WIRE_MAX_VIEWPORT_DIM 32768
#define WIRE_MAX_VERTEX_ATTRIB_STRIDE 2048 /* what the front end accepts as a stride */
static_assert(WIRE_MAX_COLOR_BUFS >= 8 && WIRE_MAX_VERTEX_ATTRIBS >= 16 && WIRE_MAX_SAMPLER_UNITS >= 32 &&
                 WIRE_MAX_UNIFORM_BLOCKS >= 24 && WIRE_MAX_TEXTURE_SIZE >= 2048 && WIRE_MAX_3D_TEXTURE_SIZE >= 256 &&
                 WIRE_MAX_ARRAY_LAYERS >= 256 && WIRE_MAX_CONSTANT_SIZE >= 16384 &&
                 WIRE_MAX_VIEWPORT_DIM >= WIRE_MAX_TEXTURE_SIZE,
              "wire maxima below an ES 3.0 minimum");

/* ---- payloads ------------------------------------------------------------------------- */
struct wire_empty {
   uint64_t reserved; /* must be 0 */
};
static_assert(sizeof(struct wire_empty) == 8, "empty");

/* ContextCreate: a GL context's server-side bound state. */
struct wire_context_create {
   wire_handle ctx;
   uint32_t api;   /* 0 = OpenGL ES, 1 = OpenGL core */
   uint32_t major; /* informative (stats, logs) */
};
static_assert(sizeof(struct wire_context_create) == 16, "ctx create");

/* MakeCurrent: later records apply to this context's bound state. */
struct wire_make_current {
   wire_handle ctx;
};
static_assert(sizeof(struct wire_make_current) == 8, "make current");

/* Destroy: any object kind. Every record naming {s,g} precedes destroy{s,g}. */
struct wire_destroy {
   uint32_t kind; /* enum wire_handle_kind */
   uint32_t pad;
   wire_handle h;
};
static_assert(sizeof(struct wire_destroy) == 16, "destroy");

/* ResourceCreate / ResourceRespecify (same payload).
 * Buffers: target BUFFER, format NONE, width = size in bytes, height = depth = layers = 1.
 * Textures: width/height/depth of level 0; layers = 6 for cube maps; last_level is the last
 * mip level the storage holds.
 * Respecify re-creates ("remints") the storage of an existing resource; with
 * WIRE_RESPECIFY_PRESERVE the contents of every level and layer that exists in both with the
 * same extent are carried across GPU->GPU. */
#define WIRE_RESPECIFY_PRESERVE 1u
struct wire_resource_create {
   wire_handle res;
   uint32_t target; /* enum wire_target */
   uint32_t format; /* enum wire_format */
   uint32_t width;
   uint32_t height;
   uint32_t depth;
   uint32_t layers;
   uint32_t last_level;
   uint32_t samples; /* 0 or 1: single sample; 2, 4, 8, 16 (revision 4): a multisampled
                      * RENDERBUFFER (last_level 0) of a format whose WIRE_CAP_MS_FORMATS_<n>
                      * bit is set; Respecify without PRESERVE only. Revision 6: the
                      * TEX_2D_MULTISAMPLE(_ARRAY) targets need 2..16, of a format whose
                      * WIRE_CAP_MS_TEXTURE_FORMATS_<n> bit is set */
   uint32_t flags;   /* Respecify: WIRE_RESPECIFY_*; Create: 0 */
   uint32_t pad;
};
static_assert(sizeof(struct wire_resource_create) == 48, "resource create");

struct wire_buffer_subdata {
   wire_handle res;
   uint32_t offset;
   uint32_t pad;
   struct wire_span data; /* data.size bytes land at [offset, offset + data.size) */
};
static_assert(sizeof(struct wire_buffer_subdata) == 24, "buffer subdata");

/* Texel rows are tightly packed in the resource's wire format (wire/format.h gives the
 * texel size), bottom row (GL's t = 0) first; data.size == w * h * d * texel size. For cube
 * maps and arrays `layer` picks the face / layer (z and d must then be 0 and 1).
 * Block-compressed formats (wire_format_block_dim > 1): x and y are multiples of the block
 * size, w and h too unless the box reaches the level's edge; the data is whole blocks, rows
 * of blocks bottom first: data.size == ceil(w / 4) * ceil(h / 4) * d * block size. */
struct wire_texture_subdata {
   wire_handle res;
   uint32_t level;
   uint32_t layer;
   uint32_t x, y, z;
   uint32_t w, h, d;
   struct wire_span data;
};
static_assert(sizeof(struct wire_texture_subdata) == 48, "texture subdata");

/* ProgramCreate: a linked program blob (spirv/spv.h); the server copies and owns it. */
struct wire_program_create {
   wire_handle program;
   struct wire_span blob;
};
static_assert(sizeof(struct wire_program_create) == 16, "program create");

struct wire_rt_blend {
   uint8_t blend_enable;
   uint8_t rgb_func;   /* wire_blend_op */
   uint8_t rgb_src;    /* wire_blend_factor */
   uint8_t rgb_dst;
   uint8_t alpha_func;
   uint8_t alpha_src;
   uint8_t alpha_dst;
   uint8_t colormask;  /* bit 0 R, 1 G, 2 B, 3 A */
};
static_assert(sizeof(struct wire_rt_blend) == 8, "rt blend");

struct wire_blend_state {
   wire_handle cso;
   uint32_t independent; /* 0: rt[0] applies to every color buffer */
   uint8_t logic_op_enable; /* GL_COLOR_LOGIC_OP (GL core) */
   uint8_t logic_op;        /* glLogicOp - GL_CLEAR: VkLogicOp's order */
   uint8_t pad[2];
   struct wire_rt_blend rt[WIRE_MAX_COLOR_BUFS];
};
static_assert(sizeof(struct wire_blend_state) == 80, "blend");

struct wire_stencil_face {
   uint8_t func;     /* wire_func */
   uint8_t fail_op;  /* wire_stencil_op */
   uint8_t zfail_op;
   uint8_t zpass_op;
   uint8_t read_mask;
   uint8_t write_mask;
   uint8_t pad[2];
};
static_assert(sizeof(struct wire_stencil_face) == 8, "stencil face");

struct wire_dsa_state {
   wire_handle cso;
   uint8_t depth_enable;
   uint8_t depth_write;
   uint8_t depth_func; /* wire_func */
   uint8_t stencil_enable;
   uint32_t pad;
   struct wire_stencil_face front, back;
};
static_assert(sizeof(struct wire_dsa_state) == 32, "dsa");

struct wire_rast_state {
   wire_handle cso;
   uint8_t cull_mode;       /* wire_cull */
   uint8_t front_ccw;       /* GL_CCW is front (GL's default) */
   uint8_t scissor_enable;
   uint8_t rasterizer_discard;
   uint8_t offset_modes;    /* WIRE_OFFSET_*: GL_POLYGON_OFFSET_FILL / _LINE / _POINT enabled */
   uint8_t polygon_mode;    /* WIRE_POLYGON_*: glPolygonMode (GL core: front and back alike) */
   uint8_t depth_clamp;     /* GL_DEPTH_CLAMP (GL core) */
   uint8_t provoking_first; /* glProvokingVertex(GL_FIRST_VERTEX_CONVENTION) (GL core) */
   float offset_factor;
   float offset_units;
   float line_width;
   float point_size;        /* desktop GL: glPointSize, or 0 when GL_PROGRAM_POINT_SIZE is enabled
                             * (the shader's gl_PointSize decides); ES: unused (always the
                             * shader's). Specializes SPV_SPEC_POINT_SIZE (spirv/spv_layout.h). */
};
static_assert(sizeof(struct wire_rast_state) == 32, "rast");
#define WIRE_OFFSET_FILL 1u
#define WIRE_OFFSET_LINE 2u
#define WIRE_OFFSET_POINT 4u
enum wire_polygon_mode { WIRE_POLYGON_FILL, WIRE_POLYGON_LINE, WIRE_POLYGON_POINT, WIRE_POLYGON_COUNT };

struct wire_sampler_state {
   wire_handle cso;
   uint8_t min_filter; /* wire_filter */
   uint8_t mag_filter;
   uint8_t mip_filter; /* wire_mip_filter */
   uint8_t wrap_s;     /* wire_wrap */
   uint8_t wrap_t;
   uint8_t wrap_r;
   uint8_t compare_enable;
   uint8_t compare_func; /* wire_func */
   float min_lod;
   float max_lod;
   float lod_bias;
   float max_anisotropy;
   float border_color[4];
};
static_assert(sizeof(struct wire_sampler_state) == 48, "sampler");

struct wire_vertex_element {
   uint32_t src_offset; /* added to the vertex buffer's offset */
   uint8_t vb_index;    /* < WIRE_MAX_VERTEX_BUFFERS */
   uint8_t format;      /* wire_vformat */
   uint8_t location;    /* shader input location, < WIRE_MAX_VERTEX_ATTRIBS */
   uint8_t pad;
   uint32_t divisor;    /* 0: per vertex; n: per n instances */
};
static_assert(sizeof(struct wire_vertex_element) == 12, "velem");

/* Attributes a program reads but the VAO leaves disabled take `constant_values` (GL's current
 * generic attribute, default (0,0,0,1)) for every location in constant_mask. */
struct wire_velems_state {
   wire_handle cso;
   uint32_t count;
   uint32_t constant_mask;
   struct wire_vertex_element e[WIRE_MAX_VERTEX_ATTRIBS];
   float constant_values[WIRE_MAX_VERTEX_ATTRIBS][4];
};
static_assert(sizeof(struct wire_velems_state) == 16 + 12 * 16 + 256, "velems");

enum wire_cso_slot { WIRE_CSO_BLEND = 0, WIRE_CSO_DSA, WIRE_CSO_RAST, WIRE_CSO_VELEMS, WIRE_CSO_PROGRAM, WIRE_CSO_COUNT };
/* BindCso: bind a constant state object (or null) to a slot of the current context. */
struct wire_bind_cso {
   uint32_t slot; /* wire_cso_slot; the handle's kind must match */
   uint32_t pad;
   wire_handle cso;
};
static_assert(sizeof(struct wire_bind_cso) == 16, "bind cso");

struct wire_surface_ref {
   wire_handle res; /* null: no attachment */
   uint32_t level;
   uint32_t layer; /* cube face or array layer or 3D slice */
};
static_assert(sizeof(struct wire_surface_ref) == 16, "surface ref");

/* cbufs[i] receives fragment output location i (glDrawBuffers mapping done by the client).
 * flags (revision 6; zero padding before): WIRE_FB_*, other bits are a protocol error. */
#define WIRE_FB_LINEAR_SRGB 1u /* sRGB colour attachments are written and blended without
                                * sRGB encoding (GL core with FRAMEBUFFER_SRGB disabled) */
#define WIRE_FB_LAYERED 2u     /* (revision 8) every attachment is layered: all layers of its
                                * level (a 2D / 1D array, a cube map's six faces, a 3D level's
                                * slices, a multisample array), layer 0 in its ref; the
                                * framebuffer has the fewest layers of any attachment and
                                * gl_Layer picks one (GL 3.3 section 4.4.7) */
struct wire_framebuffer {
   uint32_t width, height; /* the framebuffer's extent: min over attachments */
   uint32_t nr_cbufs;
   uint32_t flags;
   struct wire_surface_ref cbufs[WIRE_MAX_COLOR_BUFS];
   struct wire_surface_ref zsbuf;
};
static_assert(sizeof(struct wire_framebuffer) == 16 + 16 * 9, "framebuffer");

struct wire_vertex_buffer {
   wire_handle res; /* null: unbound */
   uint32_t offset;
   uint32_t stride;
};
static_assert(sizeof(struct wire_vertex_buffer) == 16, "vb");

struct wire_vertex_buffers {
   uint32_t start;
   uint32_t count; /* start + count <= WIRE_MAX_VERTEX_BUFFERS */
   struct wire_vertex_buffer vb[WIRE_MAX_VERTEX_BUFFERS];
};
static_assert(sizeof(struct wire_vertex_buffers) == 8 + 16 * 16, "vbs");

/* TEX_BUFFER (revision 6): res is a BUFFER resource read as texels of `format` (a bit of
 * TEXEL_BUFFER_FORMATS), from byte 0 to the buffer's size at the draw, at most
 * MAX_TEXEL_BUFFER_ELEMENTS texels; levels 0 and swizzle identity (R, G, B, A). Other
 * targets: format 0. */
struct wire_sampler_view {
   wire_handle res; /* null: unbound */
   uint8_t target;  /* wire_target, must match the resource's (TEX_BUFFER: a BUFFER) */
   uint8_t swizzle[4]; /* wire_swizzle */
   uint8_t format;  /* TEX_BUFFER: wire_format of the texels; else 0 */
   uint8_t pad[2];
   uint32_t first_level;
   uint32_t last_level;
};
static_assert(sizeof(struct wire_sampler_view) == 24, "sampler view");

/* Texture units [start, start + count). */
struct wire_sampler_views {
   uint32_t start;
   uint32_t count; /* start + count <= WIRE_MAX_SAMPLER_UNITS */
   struct wire_sampler_view v[WIRE_MAX_SAMPLER_UNITS];
};
static_assert(sizeof(struct wire_sampler_views) == 8 + 24 * 32, "sampler views");

struct wire_bind_samplers {
   uint32_t start;
   uint32_t count;
   wire_handle s[WIRE_MAX_SAMPLER_UNITS];
};
static_assert(sizeof(struct wire_bind_samplers) == 8 + 8 * 32, "bind samplers");

/* SetConstantBuffer: `size` bytes of tail follow (padded to 8). index 0 is the bound
 * program's default uniform block (layout from the blob's reflection). */
struct wire_constant_buffer {
   uint32_t index;
   uint32_t size; /* <= WIRE_MAX_CONSTANT_SIZE */
};
static_assert(sizeof(struct wire_constant_buffer) == 8, "constbuf");

/* SetProgramBindings: GL's dynamic program state. Tail: uint32 sampler_units[sampler_count]
 * (texture unit of each sampler slot of the program's reflection), then uint32
 * block_bindings[block_count] (uniform-block binding point of each block). */
struct wire_program_bindings {
   wire_handle program;
   uint32_t sampler_count; /* <= WIRE_MAX_PROGRAM_SAMPLERS */
   uint32_t block_count;   /* <= WIRE_MAX_UNIFORM_BLOCKS */
};
static_assert(sizeof(struct wire_program_bindings) == 16, "program bindings");

/* SetUniformBuffers: GL's indexed UNIFORM_BUFFER binding points [start, start + count); a
 * program's blocks read them through its block bindings (SetProgramBindings). size 0: from
 * offset to the buffer's end. The server clamps a range to the buffer's storage when it binds
 * it (GL leaves reads past a range's end undefined; a range past the buffer's end reads
 * zeros). */
struct wire_uniform_buffer {
   wire_handle res; /* a buffer resource; null: unbound */
   uint32_t offset; /* a multiple of the UNIFORM_BUFFER_OFFSET_ALIGNMENT capability */
   uint32_t size;
};
static_assert(sizeof(struct wire_uniform_buffer) == 16, "ub");

struct wire_uniform_buffers {
   uint32_t start;
   uint32_t count; /* start + count <= WIRE_MAX_UNIFORM_BLOCKS */
   struct wire_uniform_buffer ub[WIRE_MAX_UNIFORM_BLOCKS];
};
static_assert(sizeof(struct wire_uniform_buffers) == 8 + 16 * 36, "ubs");

struct wire_viewport {
   float x, y, width, height; /* GL window coordinates (origin lower left) */
   float near_val, far_val;   /* glDepthRangef, clamped to [0,1] */
};
static_assert(sizeof(struct wire_viewport) == 24, "viewport");

struct wire_scissor {
   int32_t x, y, width, height; /* GL window coordinates (origin lower left) */
};
static_assert(sizeof(struct wire_scissor) == 16, "scissor");

struct wire_context_values {
   float blend_color[4];
   uint32_t stencil_ref_front;
   uint32_t stencil_ref_back;
};
static_assert(sizeof(struct wire_context_values) == 24, "ctx values");

/* SetSampleState (revision 4): the current context's multisample state, applied when the
 * framebuffer is multisampled (ignored on single-sampled ones). sample_mask: bit i enables
 * sample i (GL's SAMPLE_COVERAGE and SAMPLE_MASK folded into one mask by the client, as
 * Gallium's set_sample_mask); alpha_to_coverage / alpha_to_one: 0 or 1. A context starts with
 * mask ~0 and both off. */
/* SetPointState (revision 6): the current context's point sprite state (GL core's
 * glPointParameter). coord_origin: WIRE_POINT_ORIGIN_*, GL_POINT_SPRITE_COORD_ORIGIN, which
 * decides gl_PointCoord's y (spirv/spv_layout.h SPV_SPEC_POINT_ORIGIN); pad 0. A context
 * starts with UPPER_LEFT (GL's default, ES's only origin). */
#define WIRE_POINT_ORIGIN_UPPER_LEFT 0u
#define WIRE_POINT_ORIGIN_LOWER_LEFT 1u
struct wire_point_state {
   uint32_t coord_origin;
   uint32_t pad;
};
static_assert(sizeof(struct wire_point_state) == 8, "point state");

struct wire_sample_state {
   uint32_t sample_mask;
   uint8_t alpha_to_coverage;
   uint8_t alpha_to_one;
   uint8_t pad[2];
};
static_assert(sizeof(struct wire_sample_state) == 8, "sample state");

/* Draw. index_size 0: non-indexed, vertices [start, start+count). Otherwise indices are read
 * from index_res at byte offset index_offset (count of them, index_size 1, 2 or 4 bytes).
 * WIRE_DRAW_PRIMITIVE_RESTART (indexed, not LINE_LOOP): an index with every bit set (0xff,
 * 0xffff, 0xffffffff for the index size) ends the primitive and starts a new one; on a list
 * topology only when the device reports WIRE_FEATURE_LIST_RESTART (the client lowers
 * otherwise, and other restart indices and line loops). */
#define WIRE_DRAW_PRIMITIVE_RESTART 1u
struct wire_draw {
   uint32_t mode; /* wire_prim */
   uint32_t index_size;
   uint32_t start;
   uint32_t count;
   uint32_t instance_count; /* >= 1 */
   int32_t base_vertex;
   wire_handle index_res;
   uint32_t index_offset;
   uint32_t flags; /* WIRE_DRAW_* */
};
static_assert(sizeof(struct wire_draw) == 40, "draw");

#define WIRE_CLEAR_COLOR0 (1u << 0) /* ... COLOR7 = 1 << 7 */
#define WIRE_CLEAR_DEPTH (1u << 8)
#define WIRE_CLEAR_STENCIL (1u << 9)
/* Clear: GL's glClear or one glClearBuffer* with everything that affects it resolved by the
 * client. color holds VkClearColorValue's four 32-bit words: floats for float and normalized
 * attachments, the integers of glClearBufferiv / uiv for integer ones (the attachment's
 * format says which; the server copies the bits, it never converts them). */
struct wire_clear {
   uint32_t buffers;
   uint32_t stencil;
   float color[4];
   float depth;
   uint8_t scissor_enable;
   uint8_t stencil_write_mask;
   uint8_t pad[2];
   struct wire_scissor scissor;
   uint8_t colormask[WIRE_MAX_COLOR_BUFS]; /* per color buffer, bits RGBA */
   uint32_t pad2[2];
};
static_assert(sizeof(struct wire_clear) == 64, "clear");

/* Blit: one glBlitFramebuffer rectangle pair for one source / destination surface pair (the
 * client sends a record per destination colour buffer, and one for depth-stencil). The
 * rectangles are GL's: [x0, x1) x [y0, y1) in window coordinates, either may be reversed to
 * mirror; the server clips them to both surfaces and to the scissor rectangle (when
 * scissor_enable), as GL's pixel ownership and scissor tests do.
 * Multisampled surfaces (revision 4): a multisampled destination takes a source of the same
 * sample count (a sample-for-sample copy) or, colour only (revision 6), a single-sampled
 * source (every sample gets the source's value: GL core); a multisampled source into a
 * single-sampled destination is a resolve. Multisampled sources need equal formats,
 * rectangles of equal size (same direction on each axis) and linear 0; violating that is a
 * protocol error.
 * flags (revision 6; zero padding before): WIRE_BLIT_F_*, other bits are a protocol error. */
#define WIRE_BLIT_F_LINEAR_SRGB 1u /* colour: no sRGB decode of the source nor encode of the
                                    * destination (GL core with FRAMEBUFFER_SRGB disabled) */
#define WIRE_BLIT_COLOR 1u
#define WIRE_BLIT_DEPTH 2u
#define WIRE_BLIT_STENCIL 4u
struct wire_blit {
   struct wire_surface_ref src, dst;
   int32_t src_x0, src_y0, src_x1, src_y1;
   int32_t dst_x0, dst_y0, dst_x1, dst_y1;
   uint32_t mask;   /* WIRE_BLIT_*: COLOR alone, or DEPTH and / or STENCIL */
   uint32_t linear; /* GL_LINEAR (colour only) */
   uint32_t scissor_enable;
   uint32_t flags; /* WIRE_BLIT_F_* */
   struct wire_scissor scissor;
};
static_assert(sizeof(struct wire_blit) == 96, "blit");

struct wire_generate_mipmap {
   wire_handle res;
   uint32_t base_level;
   uint32_t last_level;
};
static_assert(sizeof(struct wire_generate_mipmap) == 16, "genmip");

/* ReadPixels: reply is w*h texels of the surface's wire format in its upload layout
 * (wire_format_info: RGB formats three components), rows bottom first, tightly packed.
 * w * h * texel size <= WIRE_MAX_REPLY; larger reads are split into bands by the client.
 * Depth / stencil surfaces (revision 6) reply in their upload layout too: D24S8 as u32
 * depth << 8 | stencil, D32FS8 as a float and a u32 stencil, D16 / D32F / D24 alone. */
struct wire_read_pixels {
   struct wire_surface_ref src;
   int32_t x, y;
   uint32_t w, h;
};
static_assert(sizeof(struct wire_read_pixels) == 32, "read pixels");

/* ReadPixelsToBuffer (revision 7): a pack-buffer read that the client does not wait for. The
 * server reads `src` exactly as ReadPixels does (w * h texels of the surface's wire format, at
 * most WIRE_MAX_REPLY bytes: the client bands larger reads) and writes row i (bottom first) to
 * buffer `dst` at dst_offset + i * row_stride through its ordinary buffer-write path, so the
 * bytes are ordered with the records before and after it. Only the texels are written: the
 * bytes between rows keep their contents. The client sends it only where the surface's wire
 * layout is the requested format / type byte for byte (gl_front/pixels.c glf_pack_is_copy);
 * the layout arithmetic (skips, row length, alignment) is the client's. A shape the server
 * cannot honour in full ends the session: ProtocolCorruption "ReadPixelsToBuffer.shape". */
struct wire_read_to_buffer {
   struct wire_read_pixels src;
   wire_handle dst;     /* a WIRE_TARGET_BUFFER resource */
   uint32_t dst_offset; /* byte offset of the first row's first texel */
   uint32_t row_stride; /* bytes from one row to the next, at least w * texel size */
};
static_assert(sizeof(struct wire_read_to_buffer) == 48, "read to buffer");

/* FenceSync: a fence after every record before it. `id` is minted by the client, 1-based and
 * increasing by one per fence on a channel. The server posts WIRE_EVENT_FENCE_SIGNALED with
 * the fence's id once the device has completed all work of the records before it; fences
 * signal in id order. */
struct wire_fence_sync {
   uint64_t id;
};
static_assert(sizeof(struct wire_fence_sync) == 8, "fence sync");

struct wire_present {
   wire_handle res; /* the surface's color resource */
   uint64_t frame_serial; /* 1-based, minted by the client */
};
static_assert(sizeof(struct wire_present) == 16, "present");

/* ---- window surfaces (EGL on X11) ------------------------------------------------------- */
/* WindowAttach: from now on, Present of `res` (a single-sampled colour RENDERBUFFER: the
 * surface's presented image) shows it in X11 window `xid` of the X display the tail names;
 * until `res` is destroyed. Layout: 24 bytes, then display_len bytes of display name (a
 * DisplayString, its NUL included), zero-padded (the record to 16). The server connects to that display
 * itself (the same machine). Reply: wire_window_status. */
#define WIRE_MAX_DISPLAY_NAME 256u
struct wire_window_attach {
   wire_handle res;      /*  0 */
   uint32_t xid;         /*  8: the X11 Window */
   uint32_t display_len; /* 12: 1..WIRE_MAX_DISPLAY_NAME, counting the NUL */
   uint32_t interval;    /* 16: the swap interval, 0 or 1 */
   uint32_t pad;         /* 20 */
};
static_assert(sizeof(struct wire_window_attach) == 24, "window attach");
static_assert(offsetof(struct wire_window_attach, display_len) == 12, "window attach display_len");

/* WindowAttach's reply: ok, or why not (NUL-terminated). */
struct wire_window_status {
   uint32_t ok;
   uint32_t pad;
   char why[248];
};
static_assert(sizeof(struct wire_window_status) == 256, "window status");

/* WindowSetInterval: the swap interval (0 or 1) of the window `res` is attached to; applies
 * from the next Present of `res`. */
struct wire_window_interval {
   wire_handle res;
   uint32_t interval;
   uint32_t pad;
};
static_assert(sizeof(struct wire_window_interval) == 16, "window interval");


/* ---- transform feedback (stream output) ------------------------------------------------ */
#define WIRE_MAX_SO_TARGETS 4

/* SoTargetCreate: a stream-output target (Gallium's pipe_stream_output_target): bytes
 * [offset, offset + size) of buffer `res` that captured vertices are written to, plus the
 * count of bytes captured into it so far, which the server keeps (SetSoTargets' append
 * continues after them: GL's ResumeTransformFeedback). offset is a multiple of 4;
 * offset + size <= the buffer's size when created (a later respecify may shrink the buffer:
 * capture then stops at its end). Destroyed with Destroy(SO_TARGET). */
struct wire_so_target_create {
   wire_handle so;
   wire_handle res;
   uint32_t offset;
   uint32_t size; /* >= 1 */
};
static_assert(sizeof(struct wire_so_target_create) == 24, "so target create");

/* SetSoTargets: the current context's capture targets. Draws after it write the vertex
 * stage's transform-feedback outputs (the program blob's XFB section: buffer b goes to
 * so[b]) into them. count 0: no capture (GL: no transform feedback active, or paused).
 * Targets i >= count must be null. append_mask bit i: target i continues after the bytes it
 * captured before; clear: it starts again at its offset. */
struct wire_so_targets {
   uint32_t count;       /* <= WIRE_MAX_SO_TARGETS */
   uint32_t append_mask; /* bits < count only */
   wire_handle so[WIRE_MAX_SO_TARGETS]; /* null: that buffer captures nothing */
};
static_assert(sizeof(struct wire_so_targets) == 8 + 8 * WIRE_MAX_SO_TARGETS, "so targets");

/* ---- queries ----------------------------------------------------------------------------- */
enum wire_query_type {
   WIRE_QUERY_OCCLUSION_COUNTER = 0, /* GL SAMPLES_PASSED: samples that passed */
   WIRE_QUERY_OCCLUSION_PREDICATE,   /* ANY_SAMPLES_PASSED(_CONSERVATIVE): 0 or 1 */
   WIRE_QUERY_PRIMITIVES_GENERATED,  /* primitives the vertex stage emitted */
   WIRE_QUERY_XFB_PRIMITIVES_WRITTEN,/* primitives written to the stream-output targets */
   WIRE_QUERY_TIME_ELAPSED,          /* nanoseconds between QueryBegin and QueryEnd */
   WIRE_QUERY_TIMESTAMP,             /* QueryCounter: the device's time in nanoseconds */
   WIRE_QUERY_COUNT
};

/* QueryCreate: a query object of one type (GL fixes a query's target at its first use). */
struct wire_query_create {
   wire_handle q;
   uint32_t type; /* wire_query_type */
   uint32_t pad;
};
static_assert(sizeof(struct wire_query_create) == 16, "query create");

/* QueryBegin / QueryEnd (not TIMESTAMP) and QueryCounter (TIMESTAMP only), on the current
 * context. A context has at most one query of each type active; QueryEnd names the active
 * one and comes from the context that began it. Counting queries count the draws between
 * them; a new QueryBegin restarts the count. */
struct wire_query_op {
   wire_handle q;
};
static_assert(sizeof(struct wire_query_op) == 8, "query op");

/* QueryResult: reply struct wire_query_value. wait 0: never blocks (available says whether
 * the value is final; the server submits the query's work so that it becomes available);
 * wait 1: returns once the value is final (a lost device reports it available, value 0).
 * The query must not be active. */
struct wire_query_result {
   wire_handle q;
   uint32_t wait; /* 0 or 1 */
   uint32_t pad;
};
static_assert(sizeof(struct wire_query_result) == 16, "query result");

struct wire_query_value {
   uint32_t available;
   uint32_t pad;
   uint64_t value;
};
static_assert(sizeof(struct wire_query_value) == 16, "query value");

/* GetTimestamp (wire_empty): reply one uint64, the device's time in nanoseconds after every
 * earlier record's work (GL_TIMESTAMP). */

/* BufferRead: reply is bytes [offset, offset + size) of a buffer resource as the device
 * holds them after every earlier record's work (GPU writes included). size <= the reply
 * slot; larger reads are split into bands by the client. */
struct wire_buffer_read {
   wire_handle res;
   uint32_t offset;
   uint32_t size;
};
static_assert(sizeof(struct wire_buffer_read) == 16, "buffer read");

/* ---- replies -------------------------------------------------------------------------- */
#define WIRE_MAX_REPLY (2u * 1024u * 1024u)

/* GetStats: draws are the asking context's; everything else is the session's. */
struct wire_server_stats {
   uint64_t records;
   uint64_t bytes;
   uint64_t draws;
   uint64_t pipelines_created;
   uint64_t remints;
   uint64_t fatal_errors;
   uint64_t validation_errors;   /* SPLITGL_VALIDATE=1: messages at error severity */
   uint64_t validation_warnings;
   uint64_t validation_active;   /* 1: the validation layer is loaded and its messages routed */
   uint64_t events_dropped;      /* events lost to a client that stopped draining (DESIGN 2.7) */
   uint64_t skipped;             /* draws / records the server declined to execute (should stay 0) */
   uint64_t remint_bytes;        /* bytes a remint kept, copied on the device (GPU -> GPU) */
   uint64_t pack_readbacks;      /* ReadPixelsToBuffer records landed in their buffer (revision 7) */
};

/* ---- capabilities ----------------------------------------------------------------------
 * What the server's device offers, one uint64 per capability, in GetInfo's reply. The list is
 * append-only (like ops.def): a capability keeps its index forever. Values are the device's
 * own (the front end clamps them to the WIRE_MAX_* above and raises them to the spec's
 * minimums). Kinds: U an unsigned count or size, I a signed int32 (two's complement in the low
 * 32 bits), F a float (IEEE-754 bits in the low 32 bits), M a bit mask.
 *   CAP(name, kind) */
#define WIRE_CAPS(CAP)                                                                         \
   CAP(MAX_TEXTURE_SIZE, U)              /* maxImageDimension2D */                            \
   CAP(MAX_CUBE_MAP_TEXTURE_SIZE, U)     /* maxImageDimensionCube */                          \
   CAP(MAX_3D_TEXTURE_SIZE, U)           /* maxImageDimension3D */                            \
   CAP(MAX_ARRAY_TEXTURE_LAYERS, U)      /* maxImageArrayLayers */                            \
   CAP(MAX_RENDERBUFFER_SIZE, U)         /* largest attachment: framebuffer and 2D image */   \
   CAP(MAX_VIEWPORT_WIDTH, U)                                                                 \
   CAP(MAX_VIEWPORT_HEIGHT, U)                                                                \
   CAP(MAX_VERTEX_ATTRIBS, U)            /* attributes a program may read */                 \
   CAP(MAX_VERTEX_ATTRIB_STRIDE, U)                                                           \
   CAP(MAX_VERTEX_OUTPUT_COMPONENTS, U)                                                       \
   CAP(MAX_FRAGMENT_INPUT_COMPONENTS, U)                                                      \
   CAP(MAX_UNIFORM_BUFFER_RANGE, U)      /* bytes one uniform buffer binding may expose */    \
   CAP(UNIFORM_BUFFER_OFFSET_ALIGNMENT, U)                                                    \
   CAP(MAX_PER_STAGE_SAMPLERS, U)        /* combined image samplers one stage may use */     \
   CAP(MAX_COMBINED_SAMPLERS, U)         /* ... all stages of a program together */          \
   CAP(MAX_PER_STAGE_UNIFORM_BUFFERS, U)                                                      \
   CAP(MAX_COMBINED_UNIFORM_BUFFERS, U)                                                       \
   CAP(MAX_COLOR_ATTACHMENTS, U)                                                              \
   CAP(COLOR_SAMPLE_COUNTS, M)           /* bit n: 2^n samples (as VkSampleCountFlags) */     \
   CAP(DEPTH_SAMPLE_COUNTS, M)                                                                \
   CAP(STENCIL_SAMPLE_COUNTS, M)                                                              \
   CAP(MIN_TEXEL_OFFSET, I)                                                                   \
   CAP(MAX_TEXEL_OFFSET, I)                                                                   \
   CAP(MAX_LOD_BIAS, F)                                                                       \
   CAP(POINT_SIZE_MIN, F)                                                                     \
   CAP(POINT_SIZE_MAX, F)                                                                     \
   CAP(LINE_WIDTH_MIN, F)                /* 1.0 / 1.0 without wide lines */                   \
   CAP(LINE_WIDTH_MAX, F)                                                                     \
   CAP(SUBPIXEL_BITS, U)                                                                      \
   CAP(MAX_CLIP_DISTANCES, U)                                                                 \
   CAP(MAX_DRAW_INDEX, U)                /* largest index value a draw may use */             \
   CAP(MAX_ANISOTROPY, F)                /* 1.0 without anisotropic filtering */              \
   CAP(FEATURES, M)                      /* WIRE_FEATURE_* */                                 \
   CAP(VERTEX_FORMATS_0, M)              /* bit v: wire_vformat v is fetched natively */     \
   CAP(VERTEX_FORMATS_1, M)              /* bit v - 64 */                                     \
   CAP(SAMPLED_FORMATS, M)               /* bit f < 64: wire_format f can be sampled */        \
   CAP(RENDERABLE_FORMATS, M)            /* bit f: wire_format f can be rendered to */       \
   CAP(FILTERABLE_FORMATS, M)            /* bit f: ... sampled with LINEAR */                 \
   CAP(MAX_XFB_BUFFERS, U)               /* transform-feedback buffers (0: no capture) */     \
   CAP(MAX_XFB_BUFFER_DATA_STRIDE, U)    /* bytes one vertex may write to one buffer */       \
   CAP(QUERY_TIMESTAMP_BITS, U)          /* valid bits of device timestamps (0: none) */      \
   CAP(SAMPLED_FORMATS_1, M)             /* bit f - 64: wire_format f can be sampled */      \
   CAP(RENDERABLE_FORMATS_1, M)          /* bit f - 64 ... rendered to */                     \
   CAP(FILTERABLE_FORMATS_1, M)          /* bit f - 64 ... sampled with LINEAR */             \
   CAP(NATIVE_COMPRESSED_1, M)           /* bit f - 64: sampled as sent, not decoded */ \
   CAP(MS_FORMATS_2, M)                  /* bit f (< 64): wire_format f renders with 2 samples */    \
   CAP(MS_FORMATS_4, M)                  /* ... 4 samples */                                  \
   CAP(MS_FORMATS_8, M)                  /* ... 8 samples */                                  \
   CAP(MS_FORMATS_16, M)                 /* ... 16 samples */                                 \
   CAP(STANDARD_SAMPLE_LOCATIONS, U)     /* 1: the device uses Vulkan's standard locations */ \
   CAP(MAX_GEOMETRY_OUTPUT_VERTICES, U)  /* maxGeometryOutputVertices (0: no geometry) */     \
   CAP(MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, U) /* maxGeometryTotalOutputComponents */        \
   CAP(MAX_GEOMETRY_INPUT_COMPONENTS, U) /* maxGeometryInputComponents */                     \
   CAP(MAX_GEOMETRY_OUTPUT_COMPONENTS, U) /* maxGeometryOutputComponents */                   \
   CAP(MAX_GEOMETRY_INVOCATIONS, U)      /* maxGeometryShaderInvocations */                  \
   CAP(MS_TEXTURE_FORMATS_2, M)          /* bit f (< 64): wire_format f renders and is sampled \
                                          * with 2 samples (multisample textures) */          \
   CAP(MS_TEXTURE_FORMATS_4, M)          /* ... 4 samples */                                  \
   CAP(MS_TEXTURE_FORMATS_8, M)          /* ... 8 samples */                                  \
   CAP(MS_TEXTURE_FORMATS_16, M)         /* ... 16 samples */                                 \
   CAP(MAX_TEXEL_BUFFER_ELEMENTS, U)     /* maxTexelBufferElements (0: no buffer textures) */ \
   CAP(TEXEL_BUFFER_FORMATS, M)          /* bit f (< 64): a buffer texture of wire_format f */ \
   CAP(POINT_SIZE_GRANULARITY, F)        /* pointSizeGranularity (GL's POINT_SIZE_GRANULARITY) */ \
   CAP(LINE_WIDTH_GRANULARITY, F)        /* lineWidthGranularity (0 without wide lines) */

enum wire_cap {
#define CAP(n, kind) WIRE_CAP_##n,
   WIRE_CAPS(CAP)
#undef CAP
   WIRE_CAP_COUNT
};
#define WIRE_MAX_CAPS 64 /* the reply's table size; the list may grow up to it */
static_assert(WIRE_CAP_COUNT <= WIRE_MAX_CAPS, "caps table full");
static_assert(WIRE_VF_COUNT <= 128 && WIRE_FMT_COUNT <= 128, "format masks: two words each");

/* WIRE_CAP_FEATURES bits. The device's own support: the server lowers what is missing (8-bit
 * indices widened, divisors replicated), so these are informative for the front end. */
#define WIRE_FEATURE_INDEX_UINT8 (1u << 0)     /* VK_EXT_index_type_uint8 */
#define WIRE_FEATURE_INSTANCE_DIVISOR (1u << 1) /* VK_EXT_vertex_attribute_divisor, any divisor */
#define WIRE_FEATURE_WIDE_LINES (1u << 2)
#define WIRE_FEATURE_INDEPENDENT_BLEND (1u << 3)
#define WIRE_FEATURE_ROBUST_BUFFER_ACCESS (1u << 4)
#define WIRE_FEATURE_DEPTH_CLAMP (1u << 5)
#define WIRE_FEATURE_DUAL_SRC_BLEND (1u << 6)
#define WIRE_FEATURE_LOGIC_OP (1u << 7)
#define WIRE_FEATURE_TEXTURE_COMPRESSION_ETC2 (1u << 8)
#define WIRE_FEATURE_TEXTURE_COMPRESSION_BC (1u << 9)
#define WIRE_FEATURE_LIST_RESTART (1u << 10)   /* VK_EXT_primitive_topology_list_restart */
#define WIRE_FEATURE_TRANSFORM_FEEDBACK (1u << 11) /* VK_EXT_transform_feedback capture */
#define WIRE_FEATURE_XFB_QUERIES (1u << 12)        /* primitives-written queries */
#define WIRE_FEATURE_OCCLUSION_PRECISE (1u << 13)  /* exact sample counts (SAMPLES_PASSED) */
#define WIRE_FEATURE_POLYGON_MODE (1u << 14)       /* LINE / POINT polygon modes (fillModeNonSolid) */
#define WIRE_FEATURE_PROVOKING_VERTEX (1u << 15)   /* either convention, per pipeline */
#define WIRE_FEATURE_GEOMETRY_SHADER (1u << 16)    /* geometryShader: programs may have a geometry
                                                    * stage (blob SPIR-V section 16+2) */

/* GetInfo reply. */
struct wire_server_info {
   char renderer[128]; /* e.g. "splitgl Magma (llvmpipe (LLVM 15.0.6, 256 bits))" */
   char device[128];
   uint32_t cap_count; /* WIRE_CAP_COUNT of the server; the client reads min(its, this) */
   uint32_t pad;
   uint64_t caps[WIRE_MAX_CAPS]; /* enum wire_cap; unused entries 0 */
};
static_assert(sizeof(struct wire_server_info) == 264 + 8 * WIRE_MAX_CAPS, "server info");

/* ---- devices (EGL_EXT_device_enumeration) -------------------------------------------- */
#define WIRE_MAX_DEVICES 16

/* Which device a session renders on: written by the client into the segment header before the
 * server attaches. index 0: the server's own choice (SPLITGL_VK_DEVICE, else its first
 * device); n: entry n-1 of the server's QueryDevices list, which must still carry `uuid` (the
 * session is refused otherwise). */
#define WIRE_DEVICE_SELECT_ANY 1u /* index 0 without SPLITGL_VK_DEVICE: the first device the
                                   * backend can drive (a channel that only lists devices) */
struct wire_device_select {
   uint32_t index;
   uint32_t flags; /* WIRE_DEVICE_SELECT_* */
   uint8_t uuid[16];
};
static_assert(sizeof(struct wire_device_select) == 24, "device select");

enum wire_device_type {
   WIRE_DEVICE_OTHER = 0,
   WIRE_DEVICE_INTEGRATED = 1,
   WIRE_DEVICE_DISCRETE = 2,
   WIRE_DEVICE_VIRTUAL = 3,
   WIRE_DEVICE_CPU = 4,
};

struct wire_device_desc {
   char name[128];   /* VkPhysicalDeviceProperties.deviceName */
   char vendor[64];  /* the vendor's name (from its PCI id), else its id in hex */
   uint8_t uuid[16]; /* VkPhysicalDeviceIDProperties.deviceUUID */
   uint32_t vendor_id, device_id;
   uint32_t type;    /* enum wire_device_type */
   uint32_t usable;  /* 1: the backend can drive it (the API version it needs) */
   uint8_t driver_uuid[16]; /* VkPhysicalDeviceIDProperties.driverUUID */
   char driver_name[64];    /* VkPhysicalDeviceDriverProperties.driverName */
};
static_assert(sizeof(struct wire_device_desc) == 304, "device desc");

/* QueryDevices reply: every device the server's backend sees, in its enumeration order. */
struct wire_device_list {
   uint32_t count;   /* <= WIRE_MAX_DEVICES */
   uint32_t current; /* index of the session's own device */
   struct wire_device_desc dev[WIRE_MAX_DEVICES];
};
static_assert(sizeof(struct wire_device_list) == 8 + 304 * WIRE_MAX_DEVICES, "device list");

/* ---- events (server -> client) -------------------------------------------------------- */
enum wire_event_kind {
   WIRE_EVENT_GL_ERROR = 1, /* a = GL error enum; seq and ctx name the record that raised it */
   WIRE_EVENT_LOG = 2,      /* a = level, text follows */
   WIRE_EVENT_DEVICE_LOST = 3,
   WIRE_EVENT_FATAL = 4,    /* protocol error: text = "ProtocolCorruption \"Op.field\"" */
   WIRE_EVENT_FENCE_SIGNALED = 5, /* a = low, b = high 32 bits of the fence id: it and every
                                   * earlier fence are signalled */
   WIRE_EVENT_WRITEBACK = 6, /* a BufferWriteback chunk: a = its offset from the read's start,
                              * b = its bytes (<= WIRE_WRITEBACK_CHUNK), which follow; seq
                              * names the BufferWriteback record; chunks come in order */
};

/* BufferWriteback (op 51, payload struct wire_buffer_read): bytes [offset, offset + size) of a
 * buffer resource as the device holds them after every earlier record's work come back as
 * WIRE_EVENT_WRITEBACK chunks on the event ring, in order, ordered with every other event; the
 * record is applied once the last chunk is posted. size <= WIRE_WRITEBACK_MAX (the client splits
 * larger reads). A read the device refuses ends the session (ReadbackDeclined). */
#define WIRE_WRITEBACK_CHUNK (16u * 1024u)
#define WIRE_WRITEBACK_MAX (4u * 1024u * 1024u)

#endif
