/* splitgl spirv: the program blob's byte layout, shared by its writer (blob_write.c, the
 * client) and its parser (blob_parse.c, the server). Internal to spirv/.
 *
 * Byte layout (all integers little-endian u32):
 *   0   magic "SGLP"
 *   4   version (SPV_BLOB_VERSION)
 *   8   total size in bytes (== the blob's size)
 *   12  section count N (1 .. SPV_BLOB_MAX_SECTIONS)
 *   16  N section entries { kind, offset, size } (12 bytes each)
 *   ... sections, each at an 8-byte aligned offset past the table, in any order
 * Sections (each kind at most once):
 *   INFO (1)      12 u32: stage_mask, default_block_size, default_block_stage_mask,
 *                 sampler_slot_count, uniform_count, sampler_count, attrib_count,
 *                 output_count, max_uniform_location, writes_point_size, flags, block_count
 *                 flags (added; 0 in older blobs): SPV_BLOB_FLAG_POINT_SIZE_SPEC (bit 0) =
 *                 spv_program_info.point_size_spec; bits 1-2 (added) =
 *                 spv_program_info.builtin_attribs; other bits must be 0
 *   STRINGS (2)   NUL-terminated names; records refer to them by byte offset
 *   UNIFORMS (3)  uniform_count x 10 u32: name, gl_type, array_size, location, offset,
 *                 array_stride, matrix_stride, sampler_slot, block_index, row_major
 *   SAMPLERS (4)  sampler_count x 5 u32: binding, gl_type, array_size, first_slot, stage_mask
 *   ATTRIBS (5)   attrib_count x 5 u32: name, gl_type, array_size, location, slots
 *   OUTPUTS (6)   output_count x 5 u32: name, gl_type, array_size, location, index (version 5:
 *                 the dual-source blending index, 0 or 1; an output of index 1 lies below
 *                 location 8 like any, at most one output per location and index)
 *   INIT (7)      default_block_size bytes: the default block's initial image (optional)
 *   XFB (8)       (version 2; present iff the program captures transform feedback)
 *                 6 u32: varying_count (1 .. SPV_MAX_XFB_VARYINGS), separate (0/1),
 *                 strides[SPV_MAX_XFB_BUFFERS] (bytes per vertex, multiples of 4, 0: unused);
 *                 then varying_count x 6 u32: name, gl_type, size, buffer, offset, components
 *                 (interleaved: buffer 0; separate: buffer i for varying i; every varying
 *                 inside its buffer's stride). The vertex stage's Xfb execution mode and its
 *                 XfbBuffer / XfbStride / Offset decorations must agree with it.
 *   BLOCKS (9)    (version 3) block_count x 8 u32: name, binding, array_index, array_size,
 *                 data_size, stage_mask, first_uniform, uniform_count. The blocks of one
 *                 binding (SPV_BINDING_UBO_BASE + k, k dense from 0) are its array elements
 *                 0 .. array_size - 1, each once; their members' offsets lie inside data_size,
 *                 and every stage variable of that binding is a struct (array) this covers.
 *   SPIRV (16+s)  the SPIR-V words of stage s, for each stage in stage_mask (version 4: stage
 *                 2, geometry, ExecutionModel Geometry with one input and one output
 *                 primitive, OutputVertices and Invocations in range; the parser reflects
 *                 them into spv_program_info.gs_*)
 *
 * spv_blob_parse treats the blob as hostile: every offset, size, count and string is checked
 * with overflow-safe arithmetic before use, and the result is one allocation of copies. */
#ifndef SGL_SPIRV_BLOB_FORMAT_H
#define SGL_SPIRV_BLOB_FORMAT_H
#include <string.h>

#include "spirv/spv_internal.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the blob codec assumes a little-endian host"
#endif

/* 2: the XFB section (transform feedback). 3: named uniform blocks (BLOCKS, the uniforms'
 * block_index and row_major). 4: a geometry stage (SPIRV 16+2; transform feedback moves to
 * it when present). 5: the outputs' dual-source index (OUTPUTS grows to 5 words). */
#define SPV_BLOB_VERSION 5u
#define SPV_BLOB_MAX_SECTIONS 16u
#define SPV_BLOB_MAX_SIZE (64u << 20)
#define SPV_BLOB_ALIGN 8u
#define MAX_UNIFORMS 4096u
#define MAX_LOCATIONS 4096u
#define MAX_ATTRIBS 64u
#define MAX_OUTPUTS 8u
#define MAX_SAMPLER_ARRAY 64u
#define MAX_BLOCK_SIZE 65536u
#define SPIRV_MAGIC 0x07230203u

enum {
   SEC_INFO = 1,
   SEC_STRINGS = 2,
   SEC_UNIFORMS = 3,
   SEC_SAMPLERS = 4,
   SEC_ATTRIBS = 5,
   SEC_OUTPUTS = 6,
   SEC_INIT = 7,
   SEC_XFB = 8,
   SEC_BLOCKS = 9,
   SEC_SPIRV = 16,
   SEC_KIND_MAX = SEC_SPIRV + SPV_STAGE_COUNT,
};

#define INFO_WORDS 12u
#define SPV_BLOB_FLAG_POINT_SIZE_SPEC 1u
#define SPV_BLOB_FLAG_BUILTIN_ATTRIBS_SHIFT 1u /* spv_program_info.builtin_attribs, 2 bits */
#define SPV_BLOB_FLAGS_KNOWN (SPV_BLOB_FLAG_POINT_SIZE_SPEC | (3u << SPV_BLOB_FLAG_BUILTIN_ATTRIBS_SHIFT))
#define UNIFORM_WORDS 10u
#define BLOCK_WORDS 8u
#define SAMPLER_WORDS 5u
#define ATTRIB_WORDS 5u
#define OUTPUT_WORDS 5u
#define XFB_HEADER_WORDS (2u + SPV_MAX_XFB_BUFFERS)
#define XFB_WORDS 6u

static inline uint32_t
rd32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

static inline void
wr32(uint8_t *p, uint32_t v)
{
   memcpy(p, &v, 4);
}

#endif
