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
 * 4: SetUniformBuffers (named uniform blocks); program blobs of version 3 (spirv/blob_format.h);
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
/* 11: op 51 WindowFramesBack (window frames sent back to the client), op 52 SetClipState
 *    (GL core's CLIP_DISTANCEi enables), op 53 BufferWriteback with WIRE_EVENT_WRITEBACK
 *    chunks; tcp frames FRAME (7) and CTRL (8, server log lines both ways). */
/* 12: SetSamplerViews may read a single-sampled RENDERBUFFER resource as TEX_2D (EGLImages of
 *    renderbuffers sampled through glEGLImageTargetTexture2DOES). */
/* 13: the cap CULL_DISTANCES (maxCullDistances, maxCombinedClipAndCullDistances) and
 *    WIRE_FEATURE_CULL_DISTANCE; ProgramCreate refuses a stage declaring the ClipDistance /
 *    CullDistance capability on a device without shaderClipDistance / shaderCullDistance;
 *    SetClipState is sent by ES contexts too (EXT_clip_cull_distance). */
/* 14: WIRE_MAX_SAMPLER_UNITS 48 (was 32): SetSamplerViews / BindSamplerStates carry up to
 *    48 units. */
/* 15: the capability table holds WIRE_MAX_CAPS 128 entries (wire_server_info grows by 512 bytes);
 *    the cap MAX_DUAL_SRC_ATTACHMENTS (entry 64) and WIRE_FEATURE_DUAL_SRC_BLEND; blend factors
 *    WIRE_BF_SRC1_COLOR .. ONE_MINUS_SRC1_ALPHA, refused by BlendCreate on a device without
 *    dual-source blending. */
/* 16: block-compressed wire formats BC4_UNORM .. BC5_SNORM (OpenGL 3.0+ core's RGTC1 / RGTC2)
 *    after EAC_R11G11_SNORM, same rules as ETC2 / EAC (whole 4x4 blocks, sampled only). */
/* 17: wire_sampler_view.aspect (was padding): STENCIL reads a depth / stencil texture's stencil
 *    as unsigned integers (GL core's ARB_stencil_texturing), where the device reports
 *    WIRE_FEATURE_STENCIL_TEXTURING. */
#define WIRE_PROTOCOL_REVISION 17u

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
   /* Protocol revision 16: OpenGL 3.0+ core's RGTC (GL 3.3 table 3.14), Vulkan's BC4 / BC5
    * blocks; the same rules as ETC2 / EAC. */
   WIRE_FMT_BC4_UNORM,               /* COMPRESSED_RED_RGTC1 (8-byte blocks) */
   WIRE_FMT_BC4_SNORM,               /* COMPRESSED_SIGNED_RED_RGTC1 */
   WIRE_FMT_BC5_UNORM,               /* COMPRESSED_RG_RGTC2 (16-byte blocks: red, then green) */
   WIRE_FMT_BC5_SNORM,               /* COMPRESSED_SIGNED_RG_RGTC2 */
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

/* The state enums (wire_prim, wire_blend_factor, wire_blend_op, wire_func, wire_stencil_op,
 * wire_cull, wire_filter, wire_mip_filter, wire_wrap, wire_swizzle) with their GL enums and
 * Vulkan values, generated from wire/enums.schema. */
#include "wire/wire_enums.h"

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
 * (asserted below) and of OpenGL 3.3 core's. WIRE_MAX_SAMPLER_UNITS went from 32 to 48 (GL
 * 3.3's MAX_COMBINED_TEXTURE_IMAGE_UNITS minimum, 16 per stage for 3 stages) with protocol
 * revision 14: SetSamplerViews and BindSamplerStates grew (tests/unit/catalogue.txt).
 * WIRE_MAX_UNIFORM_BLOCKS went from 24 to 36 (GL 3.3's uniform-buffer bindings and
 * combined blocks) with protocol revision 4: before it only SetProgramBindings' tail used it. */
#define WIRE_MAX_COLOR_BUFS 8
#define WIRE_MAX_VERTEX_ATTRIBS 16
#define WIRE_MAX_VERTEX_BUFFERS 16
#define WIRE_MAX_SAMPLER_UNITS 48 /* combined texture image units */
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
static_assert(WIRE_MAX_COLOR_BUFS >= 8 && WIRE_MAX_VERTEX_ATTRIBS >= 16 && WIRE_MAX_SAMPLER_UNITS >= 48 &&
                 WIRE_MAX_UNIFORM_BLOCKS >= 24 && WIRE_MAX_TEXTURE_SIZE >= 2048 && WIRE_MAX_3D_TEXTURE_SIZE >= 256 &&
                 WIRE_MAX_ARRAY_LAYERS >= 256 && WIRE_MAX_CONSTANT_SIZE >= 16384 &&
                 WIRE_MAX_VIEWPORT_DIM >= WIRE_MAX_TEXTURE_SIZE,
              "wire maxima below an ES 3.0 minimum");

/* ---- payloads ------------------------------------------------------------------------- */
/* Every payload struct named in ops.def, with the flag bits and small enums its fields use, is
 * generated from wire/payloads.schema (wire/gen_wire.py), where each field has its rule. */
#include "wire/wire_payloads.h"

/* ---- replies -------------------------------------------------------------------------- */
#define WIRE_MAX_REPLY (2u * 1024u * 1024u)

/* QueryResult's reply. */
struct wire_query_value {
   uint32_t available;
   uint32_t pad;
   uint64_t value;
};
static_assert(sizeof(struct wire_query_value) == 16, "query value");

/* WindowAttach's reply: ok, or why not (NUL-terminated). */
struct wire_window_status {
   uint32_t ok;
   uint32_t pad;
   char why[248];
};
static_assert(sizeof(struct wire_window_status) == 256, "window status");

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
   CAP(LINE_WIDTH_GRANULARITY, F)        /* lineWidthGranularity (0 without wide lines) */ \
   CAP(CULL_DISTANCES, U)                /* bits 0-15 maxCullDistances, 16-31             \
                                          * maxCombinedClipAndCullDistances (one slot: the   \
                                          * table is nearly full); 0 without shaderCullDistance */ \
   CAP(MAX_DUAL_SRC_ATTACHMENTS, U)      /* maxFragmentDualSrcAttachments with dualSrcBlend, else 0 \
                                          * (revision 15: the first entry past 64) */

enum wire_cap {
#define CAP(n, kind) WIRE_CAP_##n,
   WIRE_CAPS(CAP)
#undef CAP
   WIRE_CAP_COUNT
};
/* The reply's table size; the list may grow up to it. Revision 14 doubled it (64 -> 128: the
 * first 64 entries were all taken); a client reads min(its count, cap_count) entries. */
#define WIRE_MAX_CAPS 128
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
#define WIRE_FEATURE_DUAL_SRC_BLEND (1u << 6) /* dualSrcBlend: the SRC1 blend factors (revision 15) */
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
#define WIRE_CULL_DISTANCES(cap) ((uint32_t)((cap) & 0xffffu))           /* WIRE_CAP_CULL_DISTANCES */
#define WIRE_COMBINED_CLIP_CULL_DISTANCES(cap) ((uint32_t)(((cap) >> 16) & 0xffffu))
#define WIRE_FEATURE_CULL_DISTANCE (1u << 17)      /* shaderCullDistance: programs may declare the
                                                    * CullDistance capability (revision 13) */
#define WIRE_FEATURE_STENCIL_TEXTURING (1u << 18) /* sampler views may read the stencil of a depth /
                                                    * stencil texture (revision 17) */

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

/* A frame sent back (WindowFramesBack): `height` rows of `width` texels of `format` (the
 * resource's wire format), `stride` bytes apart, bottom row (GL's row 0) first. */
struct wire_frame {
   wire_handle res;
   uint64_t serial; /* the Present's frame_serial */
   uint32_t width, height;
   uint32_t format;
   uint32_t stride;
};
static_assert(sizeof(struct wire_frame) == 32, "frame");

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
