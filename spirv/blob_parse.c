/* splitgl spirv: the program blob's parser (the server end): the blob comes from an untrusted
 * client, so every offset, size, count and string is checked with overflow-safe arithmetic
 * before use, and each stage's SPIR-V interface against the descriptor convention. The layout
 * is in spirv/blob_format.h; the client's writer is spirv/blob_write.c. */
#include <GL/glcorearb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/blob_format.h"

/* ---- parser ------------------------------------------------------------------------------ */
static void *
reject(char *err, size_t err_size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void *
reject(char *err, size_t err_size, const char *fmt, ...)
{
   if (err && err_size) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(err, err_size, fmt, ap);
      va_end(ap);
   }
   return NULL;
}

/* Bytes one element of a non-opaque uniform spans (columns for matrices, rows for row-major
 * ones). */
static uint64_t
uniform_elem_extent(uint32_t gl_type, uint32_t matrix_stride, bool row_major)
{
   static const struct { uint32_t t, c, r; } mats[] = {
      {GL_FLOAT_MAT2, 2, 2}, {GL_FLOAT_MAT2x3, 2, 3}, {GL_FLOAT_MAT2x4, 2, 4},
      {GL_FLOAT_MAT3x2, 3, 2}, {GL_FLOAT_MAT3, 3, 3}, {GL_FLOAT_MAT3x4, 3, 4},
      {GL_FLOAT_MAT4x2, 4, 2}, {GL_FLOAT_MAT4x3, 4, 3}, {GL_FLOAT_MAT4, 4, 4},
   };
   for (size_t i = 0; i < sizeof(mats) / sizeof(mats[0]); i++) {
      if (mats[i].t != gl_type)
         continue;
      uint32_t vecs = row_major ? mats[i].r : mats[i].c, comps = row_major ? mats[i].c : mats[i].r;
      return matrix_stride < comps * 4u ? 0 : (uint64_t)(vecs - 1) * matrix_stride + comps * 4u;
   }
   return spv_gl_type_size(gl_type);
}

/* A SPIR-V module's header and instruction lengths. */
static bool
check_spirv(const uint8_t *p, uint32_t size)
{
   if (size % 4 || size < 20 || rd32(p) != SPIRV_MAGIC || rd32(p + 12) == 0)
      return false;
   uint32_t count = size / 4;
   for (uint32_t i = 5; i < count;) {
      uint32_t wc = rd32(p + 4 * i) >> 16;
      if (wc == 0 || wc > count - i)
         return false;
      i += wc;
   }
   return true;
}

/* ---- the modules' resource interface ----------------------------------------------------
 * The server builds each program's descriptor-set layout from the reflection (spv_layout.h:
 * the default block at SPV_BINDING_DEFAULT_UBO, sampler i at SPV_BINDING_SAMPLER_BASE + i)
 * and hands the modules to the driver. A module that reads a binding the layout lacks, an
 * array longer than the layout's descriptor count, a push constant, or memory through a raw
 * pointer (PhysicalStorageBuffer, Addresses) makes the driver index its descriptor tables out
 * of bounds or read arbitrary server memory: lavapipe runs shaders in the server process. */

/* Caps on what a geometry module may declare, whatever the device: GL's largest
 * MAX_GEOMETRY_OUTPUT_VERTICES (Vulkan's maxGeometryOutputVertices is at most 1024 on any
 * device known) and maxGeometryShaderInvocations (32 on every device; the server checks the
 * device's own limits again). */
#define MAX_GS_OUTPUT_VERTICES 1024u
#define MAX_GS_INVOCATIONS 32u

static const uint32_t model_of_stage[SPV_STAGE_COUNT] = {SpvExecutionModelVertex, SpvExecutionModelFragment, SpvExecutionModelGeometry};

/* One geometry execution mode into the program's gs_* fields; false when it repeats a kind
 * already seen (bits of *seen: 1 input, 2 output, 4 OutputVertices, 8 Invocations) or is out
 * of range. Modes of other kinds are left to the validator. GL_POINTS is 0, hence *seen. */
enum { GS_SEEN_INPUT = 1, GS_SEEN_OUTPUT = 2, GS_SEEN_VERTICES = 4, GS_SEEN_INVOCATIONS = 8 };

static bool
geometry_mode(struct spv_program_info *info, uint32_t *seen, uint32_t mode, uint32_t wc, const uint32_t *args)
{
   static const struct { uint32_t mode, gl; } inputs[] = {
      {SpvExecutionModeInputPoints, GL_POINTS}, {SpvExecutionModeInputLines, GL_LINES},
      {SpvExecutionModeInputLinesAdjacency, GL_LINES_ADJACENCY}, {SpvExecutionModeTriangles, GL_TRIANGLES},
      {SpvExecutionModeInputTrianglesAdjacency, GL_TRIANGLES_ADJACENCY},
   }, outputs[] = {
      {SpvExecutionModeOutputPoints, GL_POINTS}, {SpvExecutionModeOutputLineStrip, GL_LINE_STRIP},
      {SpvExecutionModeOutputTriangleStrip, GL_TRIANGLE_STRIP},
   };
   for (size_t k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++)
      if (mode == inputs[k].mode) {
         bool fresh = !(*seen & GS_SEEN_INPUT);
         *seen |= GS_SEEN_INPUT;
         info->gs_input = inputs[k].gl;
         return fresh;
      }
   for (size_t k = 0; k < sizeof(outputs) / sizeof(outputs[0]); k++)
      if (mode == outputs[k].mode) {
         bool fresh = !(*seen & GS_SEEN_OUTPUT);
         *seen |= GS_SEEN_OUTPUT;
         info->gs_output = outputs[k].gl;
         return fresh;
      }
   if (mode == SpvExecutionModeOutputVertices || mode == SpvExecutionModeInvocations) {
      uint32_t *f = mode == SpvExecutionModeInvocations ? &info->gs_invocations : &info->gs_max_vertices;
      uint32_t max = mode == SpvExecutionModeInvocations ? MAX_GS_INVOCATIONS : MAX_GS_OUTPUT_VERTICES;
      uint32_t bit = mode == SpvExecutionModeInvocations ? GS_SEEN_INVOCATIONS : GS_SEEN_VERTICES;
      bool fresh = !(*seen & bit) && wc >= 4 && args[0] >= 1 && args[0] <= max;
      *seen |= bit;
      *f = wc >= 4 ? args[0] : 0;
      return fresh;
   }
   return true;
}

static bool
capability_ok(uint32_t cap)
{
   switch (cap) {
   case SpvCapabilityAddresses:
   case SpvCapabilityLinkage:
   case SpvCapabilityKernel:
   case SpvCapabilityVariablePointersStorageBuffer:
   case SpvCapabilityVariablePointers:
   case SpvCapabilityPhysicalStorageBufferAddresses:
      return false;
   default:
      return true;
   }
}

/* Where each id is defined (word index of its instruction), for the result ids of the
 * instructions the check follows. */
struct iface_ids {
   uint32_t *def;   /* [bound] */
   uint32_t *set;   /* [bound] DescriptorSet + 1, 0: none */
   uint32_t *bind;  /* [bound] Binding + 1, 0: none */
   uint8_t *bufblk; /* [bound] decorated BufferBlock */
   uint32_t *xfb;   /* [bound] XfbBuffer + 1, 0: none */
   uint32_t *xstride; /* [bound] XfbStride + 1 */
   uint32_t *xoff;  /* [bound] Offset + 1 (on an id, not a member) */
   uint32_t *loc;   /* [bound] Location + 1 (on an id) */
   uint32_t *bi;    /* [bound] BuiltIn + 1 (on an id) */
   uint32_t *bim;   /* [bound] a struct's members decorated BuiltIn (bit per member) */
   uint32_t *clipm; /* [bound] of those, ClipDistance or CullDistance members */
   uint32_t *cullm; /* [bound] of those, CullDistance members */
};

/* ---- the modules' input and output interface ---------------------------------------------
 * A driver sizes what its shaders pass between stages from their interface types: an array
 * length is the client's word, and a bit flipped in one (a fuzzed blob: gl_ClipDistance of
 * 2^25 floats) had lavapipe's compiler allocate 4 GiB. The parser measures each Input and
 * Output variable in locations (Vulkan 15.1.4: a scalar or vector 1, a 64-bit vector of three
 * or four 2, a matrix its columns, an array its length times its element, a struct its
 * members), saturated at IFACE_SATURATE; the server compares what it finds with its device's
 * limits (iface_end, clip_array_max, cull_array_max). */
#define IFACE_SATURATE (1u << 20)
#define IFACE_TYPE_BUDGET 4096u /* type instructions followed per variable */

static uint32_t
sat_add(uint32_t a, uint32_t b)
{
   return (uint64_t)a + b < IFACE_SATURATE ? a + b : IFACE_SATURATE;
}

static uint32_t
sat_mul(uint32_t a, uint32_t b)
{
   return (uint64_t)a * b < IFACE_SATURATE ? a * b : IFACE_SATURATE;
}

/* An array's length (an OpConstant of 32 bits; IFACE_SATURATE for anything else). */
static uint32_t
array_length(const uint32_t *w, const struct iface_ids *ids, uint32_t bound, uint32_t array)
{
   uint32_t c = w[array + 3] < bound ? ids->def[w[array + 3]] : 0;
   return c && (w[c] & 0xffff) == SpvOpConstant && (w[c] >> 16) == 4 && w[c + 3] < IFACE_SATURATE ? w[c + 3]
                                                                                                : IFACE_SATURATE;
}

static uint32_t
type_locations(const uint32_t *w, const struct iface_ids *ids, uint32_t bound, uint32_t type, uint32_t *budget)
{
   uint32_t t = type < bound ? ids->def[type] : 0;
   if (!t || !*budget)
      return IFACE_SATURATE;
   --*budget;
   uint32_t op = w[t] & 0xffff, wc = w[t] >> 16;
   switch (op) {
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
      return 1;
   case SpvOpTypeVector: {
      uint32_t c = wc >= 4 && w[t + 2] < bound ? ids->def[w[t + 2]] : 0;
      bool wide = c && (w[c] >> 16) >= 3 && w[c + 2] == 64;
      return wc < 4 ? IFACE_SATURATE : wide && w[t + 3] > 2 ? 2 : 1;
   }
   case SpvOpTypeMatrix:
      return wc < 4 ? IFACE_SATURATE : sat_mul(w[t + 3], type_locations(w, ids, bound, w[t + 2], budget));
   case SpvOpTypeArray:
      return wc < 4 ? IFACE_SATURATE
                    : sat_mul(array_length(w, ids, bound, t), type_locations(w, ids, bound, w[t + 2], budget));
   case SpvOpTypeStruct: {
      uint32_t n = 0;
      for (uint32_t m = 2; m < wc && n < IFACE_SATURATE; m++)
         n = sat_add(n, type_locations(w, ids, bound, w[t + m], budget));
      return n;
   }
   default:
      return IFACE_SATURATE;
   }
}

/* A built-in of type `type`: ClipDistance and CullDistance arrays are noted (their lengths
 * are the device's to bound), SampleMask takes at most two words, any other is one scalar or
 * vector. False when it is not so. */
static bool
builtin_ok(struct spv_program_info *info, const uint32_t *w, const struct iface_ids *ids, uint32_t bound,
           uint32_t type, bool clip, bool cull, bool sample_mask)
{
   uint32_t budget = IFACE_TYPE_BUDGET, t = type < bound ? ids->def[type] : 0;
   if (clip || cull) {
      if (!t || (w[t] & 0xffff) != SpvOpTypeArray || (w[t] >> 16) < 4 ||
          type_locations(w, ids, bound, w[t + 2], &budget) != 1)
         return false;
      uint32_t len = array_length(w, ids, bound, t), *max = cull ? &info->cull_array_max : &info->clip_array_max;
      *max = len > *max ? len : *max;
      return true;
   }
   return type_locations(w, ids, bound, type, &budget) <= (sample_mask ? 2u : 1u);
}

static const uint32_t gs_input_vertices[][2] = {
   {GL_POINTS, 1}, {GL_LINES, 2}, {GL_LINES_ADJACENCY, 4}, {GL_TRIANGLES, 3}, {GL_TRIANGLES_ADJACENCY, 6},
};

/* One Input or Output variable of `stage` whose pointer type is `ptr_type`. */
static bool
iface_variable_ok(struct spv_program_info *info, uint32_t stage, const uint32_t *w, const struct iface_ids *ids,
                  uint32_t bound, uint32_t var, uint32_t sc, uint32_t ptr_type)
{
   uint32_t ptr = ptr_type < bound ? ids->def[ptr_type] : 0;
   if (!ptr || (w[ptr] & 0xffff) != SpvOpTypePointer || (w[ptr] >> 16) < 4 || var >= bound)
      return false;
   uint32_t type = w[ptr + 3], bi = ids->bi[var];
   if (bi)
      return builtin_ok(info, w, ids, bound, type, bi - 1 == SpvBuiltInClipDistance, bi - 1 == SpvBuiltInCullDistance,
                        bi - 1 == SpvBuiltInSampleMask);
   /* a geometry stage's inputs are arrays of its input primitive's vertices */
   if (stage == SPV_STAGE_GEOMETRY && sc == SpvStorageClassInput) {
      uint32_t t = type < bound ? ids->def[type] : 0, verts = 0;
      for (size_t k = 0; k < sizeof(gs_input_vertices) / sizeof(gs_input_vertices[0]); k++)
         verts = gs_input_vertices[k][0] == info->gs_input ? gs_input_vertices[k][1] : verts;
      if (!t || (w[t] & 0xffff) != SpvOpTypeArray || (w[t] >> 16) < 4 || array_length(w, ids, bound, t) != verts)
         return false;
      type = w[t + 2];
   }
   uint32_t t = type < bound ? ids->def[type] : 0;
   if (t && ids->bim[type]) {
      /* a block of built-ins (gl_PerVertex): each member as a built-in; no locations */
      if ((w[t] & 0xffff) != SpvOpTypeStruct)
         return false;
      for (uint32_t m = 2; m < (w[t] >> 16); m++) {
         uint32_t bit = m - 2 < 32 ? 1u << (m - 2) : 0;
         if (!(ids->bim[type] & bit) ||
             !builtin_ok(info, w, ids, bound, w[t + m], (ids->clipm[type] & ~ids->cullm[type] & bit) != 0,
                         (ids->cullm[type] & bit) != 0, false))
            return false;
      }
      return true;
   }
   uint32_t budget = IFACE_TYPE_BUDGET, loc = ids->loc[var] ? ids->loc[var] - 1 : 0;
   uint32_t end = sat_add(loc < IFACE_SATURATE ? loc : IFACE_SATURATE, type_locations(w, ids, bound, type, &budget));
   uint32_t *max = &info->iface_end[stage][sc == SpvStorageClassOutput];
   *max = end > *max ? end : *max;
   return true;
}

static bool
image_matches(const uint32_t *w, const struct iface_ids *ids, uint32_t bound, uint32_t image, uint32_t gl_type)
{
   uint32_t img = image < bound ? ids->def[image] : 0;
   if (!img || (w[img] & 0xffff) != SpvOpTypeImage || (w[img] >> 16) < 9)
      return false;
   uint32_t comp = w[img + 2] < bound ? ids->def[w[img + 2]] : 0;
   int kind = comp && (w[comp] & 0xffff) == SpvOpTypeInt && (w[comp] >> 16) >= 4 ? (w[comp + 3] ? 1 : 2) : 0;
   uint32_t t = spv_image_gl_type(kind, w[img + 3], w[img + 4], w[img + 5], w[img + 6]);
   return t && (t == gl_type || t == spv_rect_as_2d(gl_type));
}

static bool
check_stage_interface(struct spv_program_info *info, uint32_t stage, const uint32_t *w, uint32_t count,
                      char *err, size_t err_size)
{
   const uint32_t bound = w[3];
   if (bound == 0 || bound > count) {
      reject(err, err_size, "blob: stage %u id bound %u", stage, bound);
      return false;
   }
   struct iface_ids ids = {calloc(bound, 4), calloc(bound, 4), calloc(bound, 4), calloc(bound, 1),
                           calloc(bound, 4), calloc(bound, 4), calloc(bound, 4), calloc(bound, 4),
                           calloc(bound, 4), calloc(bound, 4), calloc(bound, 4), calloc(bound, 4)};
   bool ok = ids.def && ids.set && ids.bind && ids.bufblk && ids.xfb && ids.xstride && ids.xoff && ids.loc && ids.bi &&
             ids.bim && ids.clipm && ids.cullm,
        main_found = false;
   bool xfb_mode = false;
   if (!ok)
      reject(err, err_size, "blob: out of memory");
   const uint32_t model = model_of_stage[stage];
   uint32_t entry = 0, gs_seen = 0;
   /* Pass 1: definitions, decorations, capabilities, the entry point. */
   for (uint32_t i = 5; ok && i < count; i += w[i] >> 16) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      /* Clip and cull distances need device features (the core checks them against the
       * capability table): noted from the capability, or from a variable decorated BuiltIn
       * with one (the validator accepts that decoration without the capability). A member of
       * a gl_PerVertex block may carry the decoration unused (glslang declares every member of
       * gl_in): that alone is not a use. */
      if (op == SpvOpCapability && wc >= 2) {
         info->uses_clip_distance |= w[i + 1] == SpvCapabilityClipDistance;
         info->uses_cull_distance |= w[i + 1] == SpvCapabilityCullDistance;
      } else if (op == SpvOpDecorate && wc >= 4 && w[i + 2] == SpvDecorationBuiltIn) {
         info->uses_clip_distance |= w[i + 3] == SpvBuiltInClipDistance;
         info->uses_cull_distance |= w[i + 3] == SpvBuiltInCullDistance;
      }
      if (op == SpvOpCapability && wc >= 2 && !capability_ok(w[i + 1]))
         ok = !!reject(err, err_size, "blob: stage %u declares capability %u", stage, w[i + 1]);
      else if (op == SpvOpEntryPoint && wc >= 4 && w[i + 1] == model &&
               strnlen((const char *)&w[i + 3], (wc - 3) * 4) == 4 && !memcmp(&w[i + 3], "main", 4)) {
         main_found = !entry;
         entry = w[i + 2];
         if (!main_found)
            ok = !!reject(err, err_size, "blob: stage %u has two entry points \"main\"", stage);
      } else if (op == SpvOpExecutionMode && wc >= 3 && w[i + 2] == SpvExecutionModeXfb)
         xfb_mode = true;
      else if (op == SpvOpExecutionMode && wc >= 3 && stage == SPV_STAGE_GEOMETRY && entry && w[i + 1] == entry &&
               !geometry_mode(info, &gs_seen, w[i + 2], wc, &w[i + 3]))
         ok = !!reject(err, err_size, "blob: geometry stage execution mode %u repeated or out of range", w[i + 2]);
      else if (op == SpvOpMemberDecorate && wc >= 4 && (w[i + 3] == SpvDecorationXfbBuffer || w[i + 3] == SpvDecorationXfbStride))
         ok = !!reject(err, err_size, "blob: stage %u decorates a member for transform feedback", stage);
      else if (op == SpvOpMemberDecorate && wc >= 5 && w[i + 3] == SpvDecorationBuiltIn && w[i + 1] < bound) {
         /* a block of built-ins has at most 32 members (gl_PerVertex has four) */
         uint32_t id = w[i + 1], bit = w[i + 2] < 32 ? 1u << w[i + 2] : 0;
         if (!bit)
            ok = !!reject(err, err_size, "blob: stage %u built-in member %u of id %u", stage, w[i + 2], id);
         ids.bim[id] |= bit;
         if (w[i + 4] == SpvBuiltInClipDistance || w[i + 4] == SpvBuiltInCullDistance)
            ids.clipm[id] |= bit;
         if (w[i + 4] == SpvBuiltInCullDistance)
            ids.cullm[id] |= bit;
      }
      else if (op == SpvOpDecorate && wc >= 3 && w[i + 1] < bound) {
         uint32_t id = w[i + 1];
         if (wc >= 4 && w[i + 2] == SpvDecorationXfbBuffer)
            ids.xfb[id] = w[i + 3] < SPV_MAX_XFB_BUFFERS ? w[i + 3] + 1 : UINT32_MAX;
         else if (wc >= 4 && w[i + 2] == SpvDecorationXfbStride)
            ids.xstride[id] = w[i + 3] <= SPV_MAX_XFB_STRIDE ? w[i + 3] + 1 : UINT32_MAX;
         else if (wc >= 4 && w[i + 2] == SpvDecorationOffset)
            ids.xoff[id] = w[i + 3] < SPV_MAX_XFB_STRIDE ? w[i + 3] + 1 : UINT32_MAX;
         if (wc >= 4 && w[i + 2] == SpvDecorationLocation)
            ids.loc[id] = w[i + 3] < IFACE_SATURATE ? w[i + 3] + 1 : IFACE_SATURATE;
         else if (wc >= 4 && w[i + 2] == SpvDecorationBuiltIn)
            ids.bi[id] = w[i + 3] < UINT32_MAX ? w[i + 3] + 1 : UINT32_MAX;
         if (w[i + 2] == SpvDecorationBufferBlock)
            ids.bufblk[id] = 1;
         else if (wc >= 4 && w[i + 2] == SpvDecorationDescriptorSet)
            ids.set[id] = w[i + 3] + 1;
         else if (wc >= 4 && w[i + 2] == SpvDecorationBinding)
            ids.bind[id] = w[i + 3] + 1;
      } else if ((op == SpvOpTypeInt || op == SpvOpTypeFloat || op == SpvOpTypeBool || op == SpvOpTypeVector ||
                  op == SpvOpTypeMatrix || op == SpvOpTypeImage || op == SpvOpTypeSampledImage || op == SpvOpTypeArray ||
                  op == SpvOpTypeRuntimeArray || op == SpvOpTypeStruct || op == SpvOpTypePointer) &&
                 wc >= 2 && w[i + 1] < bound) {
         ids.def[w[i + 1]] = i;
      } else if (op == SpvOpConstant && wc >= 4 && w[i + 2] < bound) {
         ids.def[w[i + 2]] = i;
      }
   }
   if (ok && !main_found)
      ok = !!reject(err, err_size, "blob: stage %u has no entry point \"main\" of its execution model", stage);
   /* A geometry stage declares what it reads and writes (the pipeline takes the primitive
    * types from these modes; Vulkan requires each once). */
   if (ok && stage == SPV_STAGE_GEOMETRY) {
      if (!(gs_seen & GS_SEEN_INVOCATIONS))
         info->gs_invocations = 1;
      if (!(gs_seen & GS_SEEN_INPUT) || !(gs_seen & GS_SEEN_OUTPUT) || !(gs_seen & GS_SEEN_VERTICES))
         ok = !!reject(err, err_size, "blob: geometry stage lacks its input / output primitive or OutputVertices");
   }
   /* Transform feedback: only the last vertex-processing stage (geometry when present) of a
    * program with an XFB section captures, into the buffers and strides that section names,
    * at 4-byte offsets inside the stride (the driver writes where these decorations say). */
   if (ok && xfb_mode != (stage == spv_last_vertex_stage(info->stage_mask) && info->xfb_varying_count > 0))
      ok = !!reject(err, err_size, "blob: stage %u Xfb execution mode does not match the XFB section", stage);
   for (uint32_t id = 0; ok && id < bound; id++) {
      uint32_t b = ids.xfb[id];
      if (!b && !ids.xstride[id])
         continue;
      if (!b || b == UINT32_MAX || !xfb_mode || !info->xfb_strides[b - 1] ||
          ids.xstride[id] != info->xfb_strides[b - 1] + 1 || !ids.xoff[id] || ids.xoff[id] == UINT32_MAX ||
          (ids.xoff[id] - 1) % 4 || ids.xoff[id] - 1 >= info->xfb_strides[b - 1])
         ok = !!reject(err, err_size, "blob: stage %u id %u has transform feedback decorations outside the XFB section",
                       stage, id);
   }
   /* Pass 2: every variable outside the shader's own storage is a binding of the layout. */
   for (uint32_t i = 5; ok && i < count; i += w[i] >> 16) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (op == SpvOpTypePointer && wc >= 4) {
         uint32_t sc = w[i + 2];
         if (sc != SpvStorageClassUniformConstant && sc != SpvStorageClassInput && sc != SpvStorageClassUniform && sc != SpvStorageClassOutput &&
             sc != SpvStorageClassPrivate && sc != SpvStorageClassFunction)
            ok = !!reject(err, err_size, "blob: stage %u uses storage class %u", stage, sc);
         continue;
      }
      if (op != SpvOpVariable || wc < 4)
         continue;
      uint32_t var = w[i + 2], sc = w[i + 3];
      if (var < bound && ids.xfb[var]) {
         /* Captured variables are outputs of scalar, vector, matrix or array type (a struct's
          * member Offsets would be capture offsets the XFB section does not bound). */
         uint32_t ptr = w[i + 1] < bound ? ids.def[w[i + 1]] : 0;
         uint32_t t = ptr && (w[ptr] & 0xffff) == SpvOpTypePointer && (w[ptr] >> 16) >= 4 && w[ptr + 3] < bound
                         ? ids.def[w[ptr + 3]] : 0;
         if (t && (w[t] & 0xffff) == SpvOpTypeArray && (w[t] >> 16) >= 4)
            t = w[t + 2] < bound ? ids.def[w[t + 2]] : 0;
         if (sc != SpvStorageClassOutput || (t && (w[t] & 0xffff) == SpvOpTypeStruct)) {
            ok = !!reject(err, err_size, "blob: stage %u variable %u captured for transform feedback", stage, var);
            break;
         }
      }
      if ((sc == SpvStorageClassInput || sc == SpvStorageClassOutput) &&
          !iface_variable_ok(info, stage, w, &ids, bound, var, sc, w[i + 1])) {
         ok = !!reject(err, err_size, "blob: stage %u %s variable %u has a type no interface takes", stage,
                       sc == SpvStorageClassInput ? "input" : "output", var);
         break;
      }
      if (sc != SpvStorageClassUniformConstant && sc != SpvStorageClassUniform)
         continue; /* other classes were refused at their pointer type */
      uint32_t ptr = w[i + 1] < bound ? ids.def[w[i + 1]] : 0;
      uint32_t pointee = ptr && (w[ptr] & 0xffff) == SpvOpTypePointer && (w[ptr] >> 16) >= 4 && w[ptr + 3] < bound
                            ? w[ptr + 3] : 0;
      uint32_t set = var < bound ? ids.set[var] : 0, binding = var < bound ? ids.bind[var] : 0;
      if (set != SPV_SET_MAIN + 1 || !binding || !pointee) {
         ok = !!reject(err, err_size, "blob: stage %u variable %u outside the descriptor layout", stage, var);
         break;
      }
      binding--;
      uint32_t t = ids.def[pointee];
      if (sc == SpvStorageClassUniform) {
         /* A named uniform block (SPV_BINDING_UBO_BASE + k) of the BLOCKS section that this
          * stage declares, with as many descriptors as the section gives the binding. */
         const struct spv_block *bl = NULL;
         for (uint32_t k = 0; k < info->block_count; k++)
            if (info->blocks[k].binding == binding && (info->blocks[k].stage_mask & (1u << stage)))
               bl = &info->blocks[k];
         bool block = bl != NULL;
         uint32_t len = 1;
         /* An array of named blocks ("uniform B { ... } b[2];") is an array of the struct. */
         if (block && t && (w[t] & 0xffff) == SpvOpTypeArray && (w[t] >> 16) >= 4) {
            uint32_t c = w[t + 3] < bound ? ids.def[w[t + 3]] : 0;
            len = c && (w[c] & 0xffff) == SpvOpConstant && (w[c] >> 16) == 4 ? w[c + 3] : 0;
            t = w[t + 2] < bound ? ids.def[w[t + 2]] : 0;
         }
         block = block && len == bl->array_size;
         ok = (block || (binding == SPV_BINDING_DEFAULT_UBO && info->default_block_size &&
                         (info->default_block_stage_mask & (1u << stage)))) &&
              t && (w[t] & 0xffff) == SpvOpTypeStruct && !ids.bufblk[pointee];
      } else {
         uint32_t k = binding - SPV_BINDING_SAMPLER_BASE, len = 1;
         ok = binding >= SPV_BINDING_SAMPLER_BASE && k < info->sampler_count &&
              (info->samplers[k].stage_mask & (1u << stage)) && t;
         /* arrays of arrays (samplers taken out of structures): the descriptors multiply */
         for (int level = 0; ok && t && (w[t] & 0xffff) == SpvOpTypeArray && (w[t] >> 16) >= 4; level++) {
            uint32_t c = w[t + 3] < bound ? ids.def[w[t + 3]] : 0;
            ok = level < 6 && c && (w[c] & 0xffff) == SpvOpConstant && (w[c] >> 16) == 4 && w[c + 3] &&
                 w[c + 3] <= MAX_SAMPLER_ARRAY && len <= MAX_SAMPLER_ARRAY / w[c + 3];
            len = ok ? len * w[c + 3] : 0;
            t = w[t + 2] < bound ? ids.def[w[t + 2]] : 0;
         }
         ok = ok && t && (w[t] & 0xffff) == SpvOpTypeSampledImage && len >= 1 && len <= info->samplers[k].array_size;
         /* the image has the shape the sampler's GL type says: Magma picks the view type and
          * numeric class from the GL type (a rectangle's image is 2D once lowered) */
         ok = ok && image_matches(w, &ids, bound, w[t + 2], info->samplers[k].gl_type);
      }
      if (!ok)
         reject(err, err_size, "blob: stage %u variable %u does not match layout binding %u", stage, var, binding);
   }
   free(ids.def);
   free(ids.set);
   free(ids.bind);
   free(ids.bufblk);
   free(ids.xfb);
   free(ids.xstride);
   free(ids.xoff);
   free(ids.loc);
   free(ids.bi);
   free(ids.bim);
   free(ids.clipm);
   free(ids.cullm);
   return ok;
}

struct parsed_sections {
   uint32_t off[SEC_KIND_MAX], size[SEC_KIND_MAX];
   bool have[SEC_KIND_MAX];
};

static bool
name_ok(uint32_t off, uint32_t strings_size)
{
   /* the strings section ends in NUL (checked), so any in-range offset is terminated */
   return off < strings_size;
}

struct spv_program_info *
spv_blob_parse(const void *blob, size_t size, char *err, size_t err_size)
{
   const uint8_t *b = blob;
   if (!b || size < 16)
      return reject(err, err_size, "blob: too small (%zu bytes)", size);
   if (memcmp(b, "SGLP", 4) != 0)
      return reject(err, err_size, "blob: bad magic");
   if (rd32(b + 4) != SPV_BLOB_VERSION)
      return reject(err, err_size, "blob: version %u not supported", rd32(b + 4));
   if (size > SPV_BLOB_MAX_SIZE || rd32(b + 8) != size)
      return reject(err, err_size, "blob: size %u does not match %zu", rd32(b + 8), size);
   const uint32_t total = (uint32_t)size, nsec = rd32(b + 12);
   if (nsec == 0 || nsec > SPV_BLOB_MAX_SECTIONS || 16 + 12 * nsec > total)
      return reject(err, err_size, "blob: bad section count %u", nsec);
   const uint32_t table_end = 16 + 12 * nsec;

   struct parsed_sections ps;
   memset(&ps, 0, sizeof(ps));
   for (uint32_t i = 0; i < nsec; i++) {
      uint32_t kind = rd32(b + 16 + 12 * i), off = rd32(b + 20 + 12 * i), sz = rd32(b + 24 + 12 * i);
      bool known = (kind >= SEC_INFO && kind <= SEC_BLOCKS) || (kind >= SEC_SPIRV && kind < SEC_KIND_MAX);
      if (!known)
         return reject(err, err_size, "blob: unknown section kind %u", kind);
      if (ps.have[kind])
         return reject(err, err_size, "blob: duplicate section kind %u", kind);
      if (off % SPV_BLOB_ALIGN || off < table_end || off > total || sz > total - off)
         return reject(err, err_size, "blob: section %u out of bounds (offset %u size %u)", kind, off, sz);
      ps.have[kind] = true;
      ps.off[kind] = off;
      ps.size[kind] = sz;
   }
   if (!ps.have[SEC_INFO] || ps.size[SEC_INFO] != INFO_WORDS * 4)
      return reject(err, err_size, "blob: missing or malformed INFO section");
   const uint8_t *in = b + ps.off[SEC_INFO];
   struct spv_program_info hdr = {0};
   hdr.stage_mask = rd32(in + 0);
   hdr.default_block_size = rd32(in + 4);
   hdr.default_block_stage_mask = rd32(in + 8);
   hdr.sampler_slot_count = rd32(in + 12);
   hdr.uniform_count = rd32(in + 16);
   hdr.sampler_count = rd32(in + 20);
   hdr.attrib_count = rd32(in + 24);
   hdr.output_count = rd32(in + 28);
   hdr.max_uniform_location = rd32(in + 32);
   hdr.writes_point_size = rd32(in + 36);
   const uint32_t flags = rd32(in + 40);
   hdr.point_size_spec = (flags & SPV_BLOB_FLAG_POINT_SIZE_SPEC) != 0;
   hdr.builtin_attribs = (flags >> SPV_BLOB_FLAG_BUILTIN_ATTRIBS_SHIFT) & 3u;
   hdr.block_count = rd32(in + 44);
   const uint32_t all_stages = (1u << SPV_STAGE_COUNT) - 1;
   /* Some stage; geometry only after a vertex stage. A desktop fragment shader alone links
    * (for its queries) without a vertex stage; the server refuses such a blob
    * (decode_objects.c): a graphics pipeline needs a vertex stage. */
   const uint32_t vgs = (1u << SPV_STAGE_VERTEX) | (1u << SPV_STAGE_GEOMETRY);
   if (!hdr.stage_mask || (hdr.stage_mask & vgs) == (1u << SPV_STAGE_GEOMETRY) || (hdr.stage_mask & ~all_stages) ||
       (hdr.default_block_stage_mask & ~hdr.stage_mask) || hdr.writes_point_size > 1)
      return reject(err, err_size, "blob: bad stage masks");
   /* The point-size constant lives in the vertex stage, whose store it feeds. */
   if ((flags & ~SPV_BLOB_FLAGS_KNOWN) ||
       (hdr.point_size_spec && (!(hdr.stage_mask & (1u << SPV_STAGE_VERTEX)) || !hdr.writes_point_size)) ||
       (hdr.builtin_attribs && !(hdr.stage_mask & (1u << SPV_STAGE_VERTEX))))
      return reject(err, err_size, "blob: bad flags %#x", flags);
   if (hdr.default_block_size > MAX_BLOCK_SIZE || hdr.default_block_size % 4)
      return reject(err, err_size, "blob: bad default block size %u", hdr.default_block_size);
   if (hdr.uniform_count > MAX_UNIFORMS || hdr.sampler_count > SPV_MAX_SAMPLER_BINDINGS ||
       hdr.attrib_count > MAX_ATTRIBS || hdr.output_count > 2 * MAX_OUTPUTS ||
       hdr.max_uniform_location > MAX_LOCATIONS || hdr.block_count > SPV_MAX_UNIFORM_BLOCKS ||
       hdr.sampler_slot_count > SPV_MAX_SAMPLER_BINDINGS * MAX_SAMPLER_ARRAY)
      return reject(err, err_size, "blob: counts out of range");

   const struct { uint32_t kind, count, words; const char *what; } tables[] = {
      {SEC_UNIFORMS, hdr.uniform_count, UNIFORM_WORDS, "UNIFORMS"},
      {SEC_SAMPLERS, hdr.sampler_count, SAMPLER_WORDS, "SAMPLERS"},
      {SEC_ATTRIBS, hdr.attrib_count, ATTRIB_WORDS, "ATTRIBS"},
      {SEC_OUTPUTS, hdr.output_count, OUTPUT_WORDS, "OUTPUTS"},
      {SEC_BLOCKS, hdr.block_count, BLOCK_WORDS, "BLOCKS"},
   };
   for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
      uint32_t want = tables[i].count * tables[i].words * 4; /* counts are capped: no overflow */
      uint32_t got = ps.have[tables[i].kind] ? ps.size[tables[i].kind] : 0;
      if (got != want)
         return reject(err, err_size, "blob: %s section is %u bytes, expected %u", tables[i].what, got, want);
   }
   const uint32_t strings_size = ps.have[SEC_STRINGS] ? ps.size[SEC_STRINGS] : 0;
   const uint8_t *strings = b + ps.off[SEC_STRINGS];
   if (strings_size && strings[strings_size - 1] != '\0')
      return reject(err, err_size, "blob: string table not terminated");
   if (ps.have[SEC_INIT] && ps.size[SEC_INIT] != hdr.default_block_size)
      return reject(err, err_size, "blob: INIT section size differs from the default block");
   for (uint32_t s = 0; s < SPV_STAGE_COUNT; s++) {
      bool want = hdr.stage_mask & (1u << s);
      if (want != ps.have[SEC_SPIRV + s])
         return reject(err, err_size, "blob: SPIR-V of stage %u %s", s, want ? "missing" : "unexpected");
      if (want && !check_spirv(b + ps.off[SEC_SPIRV + s], ps.size[SEC_SPIRV + s]))
         return reject(err, err_size, "blob: SPIR-V of stage %u malformed", s);
   }

   /* Records: check before copying. */
   const uint8_t *sp = b + ps.off[SEC_SAMPLERS];
   for (uint32_t i = 0; i < hdr.sampler_count; i++, sp += SAMPLER_WORDS * 4) {
      uint32_t binding = rd32(sp), gl_type = rd32(sp + 4), n = rd32(sp + 8), first = rd32(sp + 12);
      uint32_t mask = rd32(sp + 16);
      /* The server's layout puts sampler i at SPV_BINDING_SAMPLER_BASE + i (spv_layout.h). */
      if (binding != SPV_BINDING_SAMPLER_BASE + i ||
          !spv_gl_type_is_sampler(gl_type) || n == 0 || n > MAX_SAMPLER_ARRAY ||
          first > hdr.sampler_slot_count || n > hdr.sampler_slot_count - first || mask == 0 ||
          (mask & ~hdr.stage_mask))
         return reject(err, err_size, "blob: sampler %u malformed", i);
   }
   /* Blocks: binding k's elements 0 .. array_size - 1 each once, bindings dense from 0, so the
    * server's layout (one binding per k, array_size descriptors) has every descriptor written. */
   const uint8_t *bp = b + ps.off[SEC_BLOCKS];
   uint32_t bind_size[SPV_MAX_UNIFORM_BLOCKS] = {0}, bind_mask[SPV_MAX_UNIFORM_BLOCKS] = {0}, nbind = 0;
   uint64_t bind_seen[SPV_MAX_UNIFORM_BLOCKS] = {0};
   _Static_assert(SPV_MAX_UNIFORM_BLOCKS <= 64, "bind_seen is a 64-bit mask");
   for (uint32_t i = 0; i < hdr.block_count; i++, bp += BLOCK_WORDS * 4) {
      uint32_t binding = rd32(bp + 4), idx = rd32(bp + 8), n = rd32(bp + 12), size = rd32(bp + 16);
      uint32_t mask = rd32(bp + 20), first = rd32(bp + 24), count = rd32(bp + 28);
      uint32_t k = binding - SPV_BINDING_UBO_BASE;
      if (!name_ok(rd32(bp), strings_size) || binding < SPV_BINDING_UBO_BASE || k >= hdr.block_count ||
          n == 0 || n > hdr.block_count || idx >= n || size == 0 || size > MAX_BLOCK_SIZE || size % 4 ||
          mask == 0 || (mask & ~hdr.stage_mask) || first > hdr.uniform_count || count > hdr.uniform_count - first ||
          (bind_size[k] && (bind_size[k] != n || bind_mask[k] != mask)) || (bind_seen[k] & (1ull << idx)))
         return reject(err, err_size, "blob: uniform block %u malformed", i);
      bind_size[k] = n;
      bind_mask[k] = mask;
      bind_seen[k] |= 1ull << idx;
      if (k + 1 > nbind)
         nbind = k + 1;
   }
   for (uint32_t k = 0; k < nbind; k++)
      if (!bind_size[k] || bind_seen[k] != (bind_size[k] >= 64 ? UINT64_MAX : (1ull << bind_size[k]) - 1))
         return reject(err, err_size, "blob: uniform block binding %u incomplete", k);
   const uint8_t *up = b + ps.off[SEC_UNIFORMS];
   for (uint32_t i = 0; i < hdr.uniform_count; i++, up += UNIFORM_WORDS * 4) {
      uint32_t name = rd32(up), gl_type = rd32(up + 4), n = rd32(up + 8);
      int32_t loc = (int32_t)rd32(up + 12);
      uint32_t offset = rd32(up + 16), astride = rd32(up + 20), mstride = rd32(up + 24);
      int32_t slot = (int32_t)rd32(up + 28), block = (int32_t)rd32(up + 32);
      uint32_t row_major = rd32(up + 36);
      if (!name_ok(name, strings_size) || n == 0 || n > MAX_LOCATIONS || row_major > 1)
         return reject(err, err_size, "blob: uniform %u malformed", i);
      if (block != -1) {
         /* A member of a named block: no location, inside its block's data. */
         uint64_t elem = uniform_elem_extent(gl_type, mstride, row_major);
         if (block < 0 || (uint32_t)block >= hdr.block_count || loc != -1 || slot != -1 || elem == 0 ||
             (n > 1 && astride < elem) ||
             (uint64_t)offset + (uint64_t)(n - 1) * astride + elem >
                rd32(b + ps.off[SEC_BLOCKS] + (uint32_t)block * BLOCK_WORDS * 4 + 16))
            return reject(err, err_size, "blob: uniform %u outside its block", i);
         continue;
      }
      if (loc < 0 || row_major || (uint32_t)loc > hdr.max_uniform_location ||
          n > hdr.max_uniform_location - (uint32_t)loc)
         return reject(err, err_size, "blob: uniform %u malformed", i);
      if (slot >= 0) {
         if (!spv_gl_type_is_sampler(gl_type) || (uint32_t)slot > hdr.sampler_slot_count ||
             n > hdr.sampler_slot_count - (uint32_t)slot)
            return reject(err, err_size, "blob: uniform %u sampler slot out of range", i);
      } else {
         uint64_t elem = uniform_elem_extent(gl_type, mstride, false);
         if (slot != -1 || elem == 0 || (n > 1 && astride < elem) ||
             (uint64_t)offset + (uint64_t)(n - 1) * astride + elem > hdr.default_block_size)
            return reject(err, err_size, "blob: uniform %u outside the default block", i);
      }
   }
   const uint8_t *ap = b + ps.off[SEC_ATTRIBS];
   for (uint32_t i = 0; i < hdr.attrib_count; i++, ap += ATTRIB_WORDS * 4) {
      int32_t loc = (int32_t)rd32(ap + 12);
      uint32_t slots = rd32(ap + 16), n = rd32(ap + 8);
      if (!name_ok(rd32(ap), strings_size) || loc < 0 || loc >= (int32_t)MAX_ATTRIBS ||
          slots == 0 || slots > MAX_ATTRIBS - (uint32_t)loc || n == 0 || n > MAX_ATTRIBS)
         return reject(err, err_size, "blob: attribute %u malformed", i);
   }
   const uint8_t *op = b + ps.off[SEC_OUTPUTS];
   for (uint32_t i = 0; i < hdr.output_count; i++, op += OUTPUT_WORDS * 4) {
      int32_t loc = (int32_t)rd32(op + 12);
      uint32_t n = rd32(op + 8), index = rd32(op + 16);
      if (!name_ok(rd32(op), strings_size) || loc < 0 || loc >= (int32_t)MAX_OUTPUTS || n == 0 ||
          n > MAX_OUTPUTS - (uint32_t)loc || index > 1)
         return reject(err, err_size, "blob: output %u malformed", i);
   }

   /* Transform feedback: every varying inside its buffer's per-vertex record. */
   uint32_t xfb_count = 0;
   const uint8_t *xp = NULL;
   if (ps.have[SEC_XFB]) {
      const uint8_t *xh = b + ps.off[SEC_XFB];
      if (ps.size[SEC_XFB] < XFB_HEADER_WORDS * 4)
         return reject(err, err_size, "blob: XFB section too small");
      xfb_count = rd32(xh);
      hdr.xfb_separate = rd32(xh + 4);
      for (uint32_t k = 0; k < SPV_MAX_XFB_BUFFERS; k++)
         hdr.xfb_strides[k] = rd32(xh + 8 + 4 * k);
      if (xfb_count == 0 || xfb_count > SPV_MAX_XFB_VARYINGS || hdr.xfb_separate > 1 ||
          (hdr.xfb_separate && xfb_count > SPV_MAX_XFB_BUFFERS) ||
          ps.size[SEC_XFB] != (XFB_HEADER_WORDS + xfb_count * XFB_WORDS) * 4)
         return reject(err, err_size, "blob: XFB section malformed");
      uint32_t used = 0;
      for (uint32_t k = 0; k < SPV_MAX_XFB_BUFFERS; k++)
         if (hdr.xfb_strides[k] % 4 || hdr.xfb_strides[k] > SPV_MAX_XFB_STRIDE)
            return reject(err, err_size, "blob: XFB stride %u malformed", k);
      xp = xh + XFB_HEADER_WORDS * 4;
      for (uint32_t i = 0; i < xfb_count; i++) {
         const uint8_t *v = xp + i * XFB_WORDS * 4;
         uint32_t gl_type = rd32(v + 4), size = rd32(v + 8), buf = rd32(v + 12), off = rd32(v + 16);
         uint32_t comps = rd32(v + 20), per = spv_xfb_type_components(gl_type);
         if (!name_ok(rd32(v), strings_size) || !per || size == 0 || size > SPV_MAX_XFB_STRIDE / 4 ||
             comps != size * per || buf != (hdr.xfb_separate ? i : 0) || off % 4 ||
             (uint64_t)off + (uint64_t)comps * 4 > hdr.xfb_strides[buf])
            return reject(err, err_size, "blob: XFB varying %u malformed", i);
         used |= 1u << buf;
      }
      for (uint32_t k = 0; k < SPV_MAX_XFB_BUFFERS; k++)
         if (!(used & (1u << k)) != !hdr.xfb_strides[k])
            return reject(err, err_size, "blob: XFB stride %u without varyings", k);
   }

   /* One allocation: info, records, SPIR-V, init image, strings. All sizes are bounded by
    * the caps above and the blob size, so the sum cannot overflow size_t. */
   size_t need = sizeof(struct spv_program_info);
   const size_t uoff = need = (need + 7) & ~(size_t)7;
   need += (size_t)hdr.uniform_count * sizeof(struct spv_uniform);
   const size_t soff = need = (need + 7) & ~(size_t)7;
   need += (size_t)hdr.sampler_count * sizeof(struct spv_sampler);
   const size_t aoff = need = (need + 7) & ~(size_t)7;
   need += (size_t)hdr.attrib_count * sizeof(struct spv_attrib);
   const size_t ooff = need = (need + 7) & ~(size_t)7;
   need += (size_t)hdr.output_count * sizeof(struct spv_output);
   const size_t xoff = need = (need + 7) & ~(size_t)7;
   need += (size_t)xfb_count * sizeof(struct spv_xfb_varying);
   const size_t boff = need = (need + 7) & ~(size_t)7;
   need += (size_t)hdr.block_count * sizeof(struct spv_block);
   size_t woff[SPV_STAGE_COUNT] = {0};
   for (uint32_t s = 0; s < SPV_STAGE_COUNT; s++) {
      woff[s] = need = (need + 7) & ~(size_t)7;
      if (hdr.stage_mask & (1u << s))
         need += ps.size[SEC_SPIRV + s];
   }
   const size_t ioff = need = (need + 7) & ~(size_t)7;
   need += ps.have[SEC_INIT] ? ps.size[SEC_INIT] : 0;
   const size_t stroff = need;
   need += strings_size + 1;

   uint8_t *mem = calloc(1, need);
   if (!mem)
      return reject(err, err_size, "blob: out of memory");
   struct spv_program_info *info = (struct spv_program_info *)mem;
   *info = hdr;
   char *str = (char *)mem + stroff;
   memcpy(str, strings, strings_size);
   str[strings_size] = '\0';
   struct spv_uniform *u = (struct spv_uniform *)(mem + uoff);
   up = b + ps.off[SEC_UNIFORMS];
   for (uint32_t i = 0; i < hdr.uniform_count; i++, up += UNIFORM_WORDS * 4) {
      u[i].name = str + rd32(up);
      u[i].gl_type = rd32(up + 4);
      u[i].array_size = rd32(up + 8);
      u[i].location = (int32_t)rd32(up + 12);
      u[i].offset = rd32(up + 16);
      u[i].array_stride = rd32(up + 20);
      u[i].matrix_stride = rd32(up + 24);
      u[i].sampler_slot = (int32_t)rd32(up + 28);
      u[i].block_index = (int32_t)rd32(up + 32);
      u[i].row_major = rd32(up + 36);
   }
   struct spv_block *blk = (struct spv_block *)(mem + boff);
   bp = b + ps.off[SEC_BLOCKS];
   for (uint32_t i = 0; i < hdr.block_count; i++, bp += BLOCK_WORDS * 4)
      blk[i] = (struct spv_block){str + rd32(bp), rd32(bp + 4), rd32(bp + 8), rd32(bp + 12),
                                  rd32(bp + 16), rd32(bp + 20), rd32(bp + 24), rd32(bp + 28)};
   info->blocks = hdr.block_count ? blk : NULL;
   struct spv_sampler *smp = (struct spv_sampler *)(mem + soff);
   sp = b + ps.off[SEC_SAMPLERS];
   for (uint32_t i = 0; i < hdr.sampler_count; i++, sp += SAMPLER_WORDS * 4) {
      smp[i].binding = rd32(sp);
      smp[i].gl_type = rd32(sp + 4);
      smp[i].array_size = rd32(sp + 8);
      smp[i].first_slot = rd32(sp + 12);
      smp[i].stage_mask = rd32(sp + 16);
   }
   struct spv_attrib *att = (struct spv_attrib *)(mem + aoff);
   ap = b + ps.off[SEC_ATTRIBS];
   for (uint32_t i = 0; i < hdr.attrib_count; i++, ap += ATTRIB_WORDS * 4) {
      att[i].name = str + rd32(ap);
      att[i].gl_type = rd32(ap + 4);
      att[i].array_size = rd32(ap + 8);
      att[i].location = (int32_t)rd32(ap + 12);
      att[i].slots = rd32(ap + 16);
   }
   struct spv_output *out = (struct spv_output *)(mem + ooff);
   op = b + ps.off[SEC_OUTPUTS];
   for (uint32_t i = 0; i < hdr.output_count; i++, op += OUTPUT_WORDS * 4) {
      out[i].name = str + rd32(op);
      out[i].gl_type = rd32(op + 4);
      out[i].array_size = rd32(op + 8);
      out[i].location = (int32_t)rd32(op + 12);
      out[i].index = rd32(op + 16);
   }
   struct spv_xfb_varying *xv = (struct spv_xfb_varying *)(mem + xoff);
   for (uint32_t i = 0; i < xfb_count; i++) {
      const uint8_t *v = xp + i * XFB_WORDS * 4;
      xv[i] = (struct spv_xfb_varying){str + rd32(v), rd32(v + 4), rd32(v + 8), rd32(v + 12), rd32(v + 16), rd32(v + 20)};
   }
   info->xfb_varying_count = xfb_count;
   info->xfb_varyings = xfb_count ? xv : NULL;
   for (uint32_t s = 0; s < SPV_STAGE_COUNT; s++) {
      if (!(hdr.stage_mask & (1u << s)))
         continue;
      memcpy(mem + woff[s], b + ps.off[SEC_SPIRV + s], ps.size[SEC_SPIRV + s]);
      info->spirv[s] = (const uint32_t *)(mem + woff[s]);
      info->spirv_words[s] = ps.size[SEC_SPIRV + s] / 4;
   }
   /* The server specializes the constant as a 4-byte float: a flag on a module without one,
    * or with another type at that id, would hand Vulkan a mismatched specialization. */
   if (hdr.point_size_spec &&
       !spv_has_float_spec_constant(info->spirv[SPV_STAGE_VERTEX], info->spirv_words[SPV_STAGE_VERTEX],
                                    SPV_SPEC_POINT_SIZE)) {
      free(mem);
      return reject(err, err_size, "blob: no point-size specialization constant in the vertex stage");
   }
   if (hdr.stage_mask & (1u << SPV_STAGE_GEOMETRY))
      info->gs_point_size_spec = spv_has_float_spec_constant(info->spirv[SPV_STAGE_GEOMETRY],
                                                             info->spirv_words[SPV_STAGE_GEOMETRY], SPV_SPEC_POINT_SIZE);
   if (hdr.stage_mask & (1u << SPV_STAGE_FRAGMENT))
      info->fs_point_origin_spec = spv_has_int_spec_constant(info->spirv[SPV_STAGE_FRAGMENT],
                                                             info->spirv_words[SPV_STAGE_FRAGMENT], SPV_SPEC_POINT_ORIGIN);
   info->clip_enable_stage = SPV_STAGE_COUNT;
   for (uint32_t s = SPV_STAGE_VERTEX; s < SPV_STAGE_COUNT; s++)
      if (s != SPV_STAGE_FRAGMENT && (hdr.stage_mask & (1u << s)) &&
          spv_has_int_spec_constant(info->spirv[s], info->spirv_words[s], SPV_SPEC_CLIP_ENABLE))
         info->clip_enable_stage = s;
   if (ps.have[SEC_INIT]) {
      memcpy(mem + ioff, b + ps.off[SEC_INIT], ps.size[SEC_INIT]);
      info->default_block_init = mem + ioff;
   }
   info->uniforms = u;
   info->samplers = smp;
   info->attribs = att;
   info->outputs = out;
   for (uint32_t s = 0; s < SPV_STAGE_COUNT; s++) {
      if ((hdr.stage_mask & (1u << s)) &&
          !check_stage_interface(info, s, info->spirv[s], info->spirv_words[s], err, err_size)) {
         free(mem);
         return NULL;
      }
   }
   return info;
}

void
spv_program_info_free(struct spv_program_info *info)
{
   free(info);
}
