/* splitgl gl_front: capabilities flow from the server. The server's GetInfo reply (renderer
 * name and the capability table, wire_types.h WIRE_CAPS) is fetched once per channel; every
 * context derives its GL limits from it (struct glf_limits); glGetInternalformativ answers
 * from it. */
#include <stdio.h>

#include "glf_context.h"

bool
glf_channel_info(struct glf_context *ctx)
{
   struct glf_channel *ch = ctx->chan;
   pthread_mutex_lock(&ch->lock);
   bool have = ch->have_info;
   pthread_mutex_unlock(&ch->lock);
   if (have)
      return true;
   struct wire_server_info info;
   if (!wire_client_info(ctx->wire, &info))
      return false;
   uint32_t n = info.cap_count < WIRE_CAP_COUNT ? info.cap_count : WIRE_CAP_COUNT;
   pthread_mutex_lock(&ch->lock);
   if (!ch->have_info) { /* written once: readers use renderer without the lock afterwards */
      snprintf(ch->renderer, sizeof(ch->renderer), "%s", info.renderer[0] ? info.renderer : "splitgl");
      memset(ch->caps, 0, sizeof(ch->caps));
      memcpy(ch->caps, info.caps, n * sizeof(info.caps[0]));
      ch->have_info = true;
   }
   pthread_mutex_unlock(&ch->lock);
   return true;
}

/* The device's value raised to the spec's minimum, then clamped to the wire's maximum (which
 * wins where it is below the minimum: see WIRE_MAX_SAMPLER_UNITS). */
static GLint
limit(uint64_t device, int64_t spec_min, int64_t wire_max)
{
   int64_t v = device > (uint64_t)INT32_MAX ? INT32_MAX : (int64_t)device;
   if (v < spec_min)
      v = spec_min;
   if (v > wire_max)
      v = wire_max;
   return (GLint)v;
}

static GLint
min_i(GLint a, GLint b)
{
   return a < b ? a : b;
}

static float
cap_float(uint64_t v, float fallback)
{
   float f = wire_cap_float(v);
   return v && f == f ? f : fallback; /* 0 (not reported) or NaN: the fallback */
}

static GLint
log2_levels(GLint size)
{
   GLint n = 1;
   while (size > 1) {
      size >>= 1;
      n++;
   }
   return n;
}

/* Minimums: OpenGL ES 3.0.6 tables 6.28-6.32 ("Implementation Dependent Values"); OpenGL 3.3
 * core tables 6.47-6.54. ES 2.0 contexts are served as ES 3.0 and get its minimums. */
void
glf_limits_init(struct glf_context *ctx)
{
   const bool gl = GLF_CORE(ctx);
   uint64_t c[WIRE_CAP_COUNT];
   glf_channel_info(ctx);
   pthread_mutex_lock(&ctx->chan->lock);
   memcpy(c, ctx->chan->caps, sizeof(c));
   pthread_mutex_unlock(&ctx->chan->lock);
   struct glf_limits *l = &ctx->limits;
   memset(l, 0, sizeof(*l));

   l->max_texture_size = limit(c[WIRE_CAP_MAX_TEXTURE_SIZE], gl ? 1024 : 2048, WIRE_MAX_TEXTURE_SIZE);
   l->max_cube_map_texture_size =
      min_i(limit(c[WIRE_CAP_MAX_CUBE_MAP_TEXTURE_SIZE], gl ? 1024 : 2048, WIRE_MAX_TEXTURE_SIZE), l->max_texture_size);
   l->max_3d_texture_size = limit(c[WIRE_CAP_MAX_3D_TEXTURE_SIZE], 256, WIRE_MAX_3D_TEXTURE_SIZE);
   l->max_array_texture_layers = limit(c[WIRE_CAP_MAX_ARRAY_TEXTURE_LAYERS], 256, WIRE_MAX_ARRAY_LAYERS);
   l->max_renderbuffer_size =
      min_i(limit(c[WIRE_CAP_MAX_RENDERBUFFER_SIZE], gl ? 1024 : 2048, WIRE_MAX_TEXTURE_SIZE), l->max_texture_size);
   l->max_levels = log2_levels(l->max_texture_size);
   /* MAX_VIEWPORT_DIMS: "as large as the visible dimensions of the display being rendered
    * to"; the largest surface splitgl makes is a renderbuffer-sized one. */
   l->max_viewport_dims[0] = limit(c[WIRE_CAP_MAX_VIEWPORT_WIDTH], l->max_renderbuffer_size, WIRE_MAX_VIEWPORT_DIM);
   l->max_viewport_dims[1] = limit(c[WIRE_CAP_MAX_VIEWPORT_HEIGHT], l->max_renderbuffer_size, WIRE_MAX_VIEWPORT_DIM);

   l->max_vertex_attribs = limit(c[WIRE_CAP_MAX_VERTEX_ATTRIBS], 16, WIRE_MAX_VERTEX_ATTRIBS);
   /* No minimum in ES 3.0 / GL 3.3 (ES 3.1 asks 2048 of MAX_VERTEX_ATTRIB_STRIDE). */
   l->max_vertex_attrib_stride = limit(c[WIRE_CAP_MAX_VERTEX_ATTRIB_STRIDE], 0, WIRE_MAX_VERTEX_ATTRIB_STRIDE);

   /* The loose uniforms of every stage share one default uniform block (spirv/), so each
    * stage is promised half of it. */
   GLint block = limit(c[WIRE_CAP_MAX_UNIFORM_BUFFER_RANGE], 16384, WIRE_MAX_CONSTANT_SIZE);
   GLint stage_components = block / 4 / 2;
   l->max_vertex_uniform_components = stage_components > 1024 ? stage_components : 1024;
   l->max_fragment_uniform_components = stage_components > (gl ? 1024 : 896) ? stage_components : (gl ? 1024 : 896);
   l->max_vertex_uniform_vectors = l->max_vertex_uniform_components / 4;
   l->max_fragment_uniform_vectors = l->max_fragment_uniform_components / 4;

   l->max_vertex_output_components = limit(c[WIRE_CAP_MAX_VERTEX_OUTPUT_COMPONENTS], 64, 128);
   l->max_fragment_input_components = limit(c[WIRE_CAP_MAX_FRAGMENT_INPUT_COMPONENTS], gl ? 128 : 60, 128);
   /* Varyings: what one vertex shader may write and the fragment shader read, four components
    * of the output budget kept for gl_Position as ES counts it. */
   GLint varying = min_i(l->max_vertex_output_components - 4, l->max_fragment_input_components);
   l->max_varying_components = varying > 60 ? varying : 60;
   l->max_varying_vectors = l->max_varying_components / 4;

   l->max_texture_image_units = limit(c[WIRE_CAP_MAX_PER_STAGE_SAMPLERS], 16, WIRE_MAX_SAMPLER_UNITS);
   l->max_vertex_texture_image_units = l->max_texture_image_units;
   l->max_combined_texture_image_units = limit(c[WIRE_CAP_MAX_COMBINED_SAMPLERS], gl ? 48 : 32, WIRE_MAX_SAMPLER_UNITS);
   l->max_texture_image_units = min_i(l->max_texture_image_units, l->max_combined_texture_image_units);
   l->max_vertex_texture_image_units = l->max_texture_image_units;

   l->max_color_attachments = limit(c[WIRE_CAP_MAX_COLOR_ATTACHMENTS], gl ? 8 : 4, WIRE_MAX_COLOR_BUFS);
   l->max_draw_buffers = l->max_color_attachments;
   /* Multisampling: the counts the device renders each wire format with (MS_FORMATS_*).
    * MAX_SAMPLES is the largest count every renderable non-integer format has ("the maximum
    * value in SAMPLES is guaranteed to be at least ... MAX_SAMPLES", ES 3.0 section 6.1.15),
    * counting only formats with any multisampling at all; below ES 3.0's minimum of 4 on a
    * device without 4x, never raised to it (that would accept counts nothing can render). */
   for (int i = 0; i < 4; i++)
      l->ms_formats[i] = c[WIRE_CAP_MS_FORMATS_2 + i] &
                         (c[WIRE_CAP_RENDERABLE_FORMATS] ? c[WIRE_CAP_RENDERABLE_FORMATS] : ~0ull);
   uint64_t any_ms = l->ms_formats[0] | l->ms_formats[1] | l->ms_formats[2] | l->ms_formats[3];
   uint64_t float_ms = 0;
   for (uint32_t f = 1; f < WIRE_FMT_COUNT && f < 64; f++) /* MS_FORMATS_*: one word (no compressed format) */
      if (((any_ms >> f) & 1u) && !wire_format_is_integer(f))
         float_ms |= 1ull << f;
   l->max_samples = 1;
   for (int i = 0; i < 4; i++)
      if (float_ms && (l->ms_formats[i] & float_ms) == float_ms)
         l->max_samples = 2 << i;
   if (l->max_samples < 4)
      sgl_log_once(SGL_LOG_WARN, "the device renders no 4-sample framebuffers: MAX_SAMPLES %d is below OpenGL ES "
                                 "3.0's minimum of 4", l->max_samples);
   /* GL core multisample textures (protocol revision 6): the counts the device both renders
    * and samples each format with (MS_TEXTURE_FORMATS_*). MAX_COLOR_TEXTURE_SAMPLES is the
    * largest count every non-integer colour format with any has, MAX_DEPTH_TEXTURE_SAMPLES
    * likewise over the depth / stencil formats; GL 3.3's minimum of 1 where the device samples
    * none (then no multisample texture can be made). */
   uint64_t ms_tex_any = 0;
   for (int i = 0; i < 4; i++) {
      l->ms_texture_formats[i] = gl ? c[WIRE_CAP_MS_TEXTURE_FORMATS_2 + i] & l->ms_formats[i] : 0;
      ms_tex_any |= l->ms_texture_formats[i];
   }
   uint64_t color_tex = 0, depth_tex = 0;
   for (uint32_t f = 1; f < WIRE_FMT_COUNT && f < 64; f++) {
      if (!((ms_tex_any >> f) & 1u) || wire_format_is_integer(f))
         continue;
      if (wire_format_has_depth(f) || wire_format_has_stencil(f))
         depth_tex |= 1ull << f;
      else
         color_tex |= 1ull << f;
   }
   l->max_color_texture_samples = l->max_depth_texture_samples = 1;
   for (int i = 0; i < 4; i++) {
      if (color_tex && (l->ms_texture_formats[i] & color_tex) == color_tex)
         l->max_color_texture_samples = 2 << i;
      if (depth_tex && (l->ms_texture_formats[i] & depth_tex) == depth_tex)
         l->max_depth_texture_samples = 2 << i;
   }
   /* MAX_INTEGER_SAMPLES bounds integer renderbuffers and (GL core) integer multisample
    * textures alike: RGBA8UI's largest count, where the device samples multisample images
    * also one it samples. */
   l->max_integer_samples = 1;
   for (int i = 0; i < 4; i++)
      if (((l->ms_formats[i] >> WIRE_FMT_R8G8B8A8_UINT) & 1u) &&
          (!ms_tex_any || ((l->ms_texture_formats[i] >> WIRE_FMT_R8G8B8A8_UINT) & 1u)))
         l->max_integer_samples = 2 << i;
   l->standard_sample_locations = c[WIRE_CAP_STANDARD_SAMPLE_LOCATIONS] != 0;
   /* GL core buffer textures: MAX_TEXTURE_BUFFER_SIZE is maxTexelBufferElements, raised to
    * GL 3.3's minimum of 65536 texels as the other limits (Magma never reads past the
    * device's); glTexBuffer refuses the formats the device lacks (TEXEL_BUFFER_FORMATS). */
   l->texel_buffer_formats = gl ? c[WIRE_CAP_TEXEL_BUFFER_FORMATS] : 0;
   l->max_texture_buffer_size = (GLint)limit(c[WIRE_CAP_MAX_TEXEL_BUFFER_ELEMENTS], 65536, INT32_MAX);

   l->max_uniform_block_size = limit(c[WIRE_CAP_MAX_UNIFORM_BUFFER_RANGE], 16384, WIRE_MAX_CONSTANT_SIZE);
   l->max_vertex_uniform_blocks = limit(c[WIRE_CAP_MAX_PER_STAGE_UNIFORM_BUFFERS], 12, WIRE_MAX_UNIFORM_BLOCKS);
   l->max_fragment_uniform_blocks = l->max_vertex_uniform_blocks;
   l->max_combined_uniform_blocks = limit(c[WIRE_CAP_MAX_COMBINED_UNIFORM_BUFFERS], gl ? 36 : 24, WIRE_MAX_UNIFORM_BLOCKS);
   l->max_uniform_buffer_bindings = l->max_combined_uniform_blocks;
   /* UNIFORM_BUFFER_OFFSET_ALIGNMENT is a maximum (256 in both specs), at least 1. */
   l->uniform_buffer_offset_alignment = limit(c[WIRE_CAP_UNIFORM_BUFFER_OFFSET_ALIGNMENT], 1, 256);

   int32_t tmin = wire_cap_int(c[WIRE_CAP_MIN_TEXEL_OFFSET]), tmax = wire_cap_int(c[WIRE_CAP_MAX_TEXEL_OFFSET]);
   l->min_program_texel_offset = tmin < -8 ? (tmin < -64 ? -64 : tmin) : -8;
   l->max_program_texel_offset = tmax > 7 ? (tmax > 63 ? 63 : tmax) : 7;
   float bias = cap_float(c[WIRE_CAP_MAX_LOD_BIAS], 2.0f);
   l->max_texture_lod_bias = bias > 2.0f ? bias : 2.0f;
   /* EXT_texture_filter_anisotropic: "at least 2.0" where listed; 1.0 means not offered */
   float aniso = cap_float(c[WIRE_CAP_MAX_ANISOTROPY], 1.0f);
   l->max_anisotropy = aniso >= 2.0f ? (aniso > 16.0f ? 16.0f : aniso) : 1.0f;
   l->subpixel_bits = limit(c[WIRE_CAP_SUBPIXEL_BITS], 4, 16);
   l->max_clip_distances = limit(c[WIRE_CAP_MAX_CLIP_DISTANCES], 8, 8);
   /* EXT_clip_cull_distance (ES 3.0): "MAX_CLIP_DISTANCES_EXT 8, MAX_CULL_DISTANCES_EXT 8,
    * MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT 8" are its minimums, so it is offered only on a
    * device with shaderClipDistance and shaderCullDistance at least that far; the cull and
    * combined limits are the device's, clamped to what the clip enables and GLSL arrays of
    * the wire carry (8 each). */
   const uint32_t cull = WIRE_CULL_DISTANCES(c[WIRE_CAP_CULL_DISTANCES]);
   const uint32_t combined = WIRE_COMBINED_CLIP_CULL_DISTANCES(c[WIRE_CAP_CULL_DISTANCES]);
   l->clip_cull_distance = c[WIRE_CAP_MAX_CLIP_DISTANCES] >= 8 && cull >= 8 && combined >= 8 &&
                           (c[WIRE_CAP_FEATURES] & WIRE_FEATURE_CULL_DISTANCE);
   l->max_cull_distances = l->clip_cull_distance ? 8 : 0;
   l->max_combined_clip_and_cull_distances = l->clip_cull_distance ? (combined < 16 ? (GLint)combined : 16) : 0;
   /* ES 3.0 MAX_ELEMENT_INDEX: at least 2^24 - 1; the wire carries 32-bit indices. */
   uint64_t mi = c[WIRE_CAP_MAX_DRAW_INDEX];
   l->max_element_index = mi < (1u << 24) - 1 ? (1u << 24) - 1 : mi > 0xffffffffu ? 0xffffffffu : (GLint64)mi;

   /* Point and line ranges must contain 1.0 (both specs' minimum range is (1, 1)). */
   float pmin = cap_float(c[WIRE_CAP_POINT_SIZE_MIN], 1.0f), pmax = cap_float(c[WIRE_CAP_POINT_SIZE_MAX], 1.0f);
   float lmin = cap_float(c[WIRE_CAP_LINE_WIDTH_MIN], 1.0f), lmax = cap_float(c[WIRE_CAP_LINE_WIDTH_MAX], 1.0f);
   l->point_size_range[0] = pmin < 1.0f ? pmin : 1.0f;
   l->point_size_range[1] = pmax > 1.0f ? pmax : 1.0f;
   l->line_width_range[0] = lmin < 1.0f ? lmin : 1.0f;
   l->line_width_range[1] = lmax > 1.0f ? lmax : 1.0f;
   /* GL 3.3 core's POINT_SIZE_GRANULARITY / LINE_WIDTH_GRANULARITY: the device's steps (no
    * minimum; 0 where the range is the single width 1.0) */
   l->point_size_granularity = cap_float(c[WIRE_CAP_POINT_SIZE_GRANULARITY], 0.0f);
   l->line_width_granularity = l->line_width_range[1] > l->line_width_range[0] ?
                                  cap_float(c[WIRE_CAP_LINE_WIDTH_GRANULARITY], 0.0f) : 0.0f;

   l->features = (uint32_t)c[WIRE_CAP_FEATURES];
   /* GL 3.3 core's MAX_DUAL_SOURCE_DRAW_BUFFERS: the device's maxFragmentDualSrcAttachments
    * (the spec asks for at least 1; 0 on a device without dualSrcBlend, which cannot blend
    * with two sources: then no program links with an index-1 output and a draw that would
    * blend with SRC1 factors into a colour buffer is INVALID_OPERATION, draw.c). */
   l->max_dual_source_draw_buffers =
      (l->features & WIRE_FEATURE_DUAL_SRC_BLEND) ? min_i(limit(c[WIRE_CAP_MAX_DUAL_SRC_ATTACHMENTS], 0, WIRE_MAX_COLOR_BUFS),
                                                          l->max_draw_buffers)
                                                  : 0;
   /* Transform feedback (ES 3.0 table 6.33, GL 3.3 table 6.54: 64 interleaved components, 4
    * separate attributes of 4 components): what one vertex may write to one buffer. */
   GLint xfb_components = (GLint)(c[WIRE_CAP_MAX_XFB_BUFFER_DATA_STRIDE] / 4);
   l->max_xfb_interleaved_components = limit((uint64_t)xfb_components, 64, SPV_MAX_XFB_STRIDE / 4);
   l->max_xfb_separate_components = limit((uint64_t)xfb_components, 4, SPV_MAX_XFB_STRIDE / 4);
   l->max_xfb_separate_attribs = limit(c[WIRE_CAP_MAX_XFB_BUFFERS], 4, WIRE_MAX_SO_TARGETS);
   /* Geometry shaders (OpenGL 3.3 table 6.45 minimums: 256 output vertices, 1024 total output
    * components, 64 input and 128 output components, 1024 uniform components, 16 texture
    * units, 12 uniform blocks). Vulkan's per-stage limits are the same for every stage, so
    * the geometry stage's uniforms, samplers and blocks are the vertex stage's. A device
    * without geometryShader reports 0 for the geometry caps; the limits then stay at GL's
    * minimums (a GL 3.3 context must report them) while compiling a geometry shader fails
    * with an info log that says why (shader.c). */
   l->max_geometry_output_vertices = limit(c[WIRE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES], 256, 1024);
   l->max_geometry_total_output_components = limit(c[WIRE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS], 1024, 1u << 16);
   l->max_geometry_input_components = limit(c[WIRE_CAP_MAX_GEOMETRY_INPUT_COMPONENTS], 64, 128);
   l->max_geometry_output_components = limit(c[WIRE_CAP_MAX_GEOMETRY_OUTPUT_COMPONENTS], 128, 128);
   l->max_geometry_uniform_components = l->max_vertex_uniform_components;
   l->max_geometry_texture_image_units = l->max_vertex_texture_image_units;
   l->max_geometry_uniform_blocks = l->max_vertex_uniform_blocks;
   /* QUERY_COUNTER_BITS of TIME_ELAPSED / TIMESTAMP: GL 3.3 asks at least 30. */
   l->timestamp_bits = limit(c[WIRE_CAP_QUERY_TIMESTAMP_BITS], 30, 64);
   l->vformats[0] = c[WIRE_CAP_VERTEX_FORMATS_0];
   l->vformats[1] = c[WIRE_CAP_VERTEX_FORMATS_1];
   l->renderable_formats[0] = c[WIRE_CAP_RENDERABLE_FORMATS];
   l->renderable_formats[1] = c[WIRE_CAP_RENDERABLE_FORMATS_1];
   l->sampled_formats[0] = c[WIRE_CAP_SAMPLED_FORMATS];
   l->sampled_formats[1] = c[WIRE_CAP_SAMPLED_FORMATS_1];
   l->filterable_formats[0] = c[WIRE_CAP_FILTERABLE_FORMATS];
   l->filterable_formats[1] = c[WIRE_CAP_FILTERABLE_FORMATS_1];
}

/* ---- glGetInternalformativ ------------------------------------------------------------ */
const struct glf_format *glf_renderbuffer_format(struct glf_context *ctx, GLenum ifmt);

void GLAPIENTRY
glf_GetInternalformativ(GLenum target, GLenum internalformat, GLenum pname, GLsizei bufSize, GLint *params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (GLF_ES(ctx) && ctx->major < 3) {
      glf_error(ctx, GL_INVALID_OPERATION, "glGetInternalformativ (not in OpenGL ES 2.0)");
      return;
   }
   /* From the OpenGL ES 3.0 spec, section 6.1.15: "An INVALID_ENUM error is generated if
    * target is not RENDERBUFFER. An INVALID_ENUM error is generated if internalformat is not
    * color-, depth-, or stencil-renderable. An INVALID_ENUM error is generated if pname is not
    * SAMPLES or NUM_SAMPLE_COUNTS. An INVALID_VALUE error is generated if bufSize is
    * negative." Renderable here means renderable by splitgl (the formats glRenderbufferStorage
    * accepts) on this server (the capability table's RENDERABLE_FORMATS). */
   if (target != GL_RENDERBUFFER) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(target=0x%x)", target);
      return;
   }
   /* The formats glRenderbufferStorage takes (renderbuffer.c: formats.c's table, renderable
    * by the spec and by the server's device). */
   const struct glf_format *fmt = glf_renderbuffer_format(ctx, internalformat);
   if (!fmt) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(internalformat=0x%x)", internalformat);
      return;
   }
   if (pname != GL_SAMPLES && pname != GL_NUM_SAMPLE_COUNTS) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(pname=0x%x)", pname);
      return;
   }
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetInternalformativ(bufSize=%d)", bufSize);
      return;
   }
   /* "SAMPLES: The sample counts supported for internalformat and target are written into
    * params, in descending numeric order. Only positive values are returned." The counts the
    * device renders this format with (glf_format_sample_counts). */
   GLint counts[4];
   int n = glf_format_sample_counts(ctx, fmt, counts);
   if (pname == GL_NUM_SAMPLE_COUNTS) {
      if (bufSize >= 1)
         params[0] = n;
      return;
   }
   for (GLint i = 0; i < n && i < bufSize; i++)
      params[i] = counts[i];
}

/* The sample counts glRenderbufferStorageMultisample allocates for `fmt`, largest first:
 * those the device renders the format's wire format with (MS_FORMATS_*). From the OpenGL ES
 * 3.0 spec, section 4.4.2.1: "If internalformat is a signed or unsigned integer format and
 * samples is greater than zero, then the error INVALID_OPERATION is generated", so ES
 * integer formats have none; GL core has them up to MAX_INTEGER_SAMPLES. */
int
glf_format_sample_counts(const struct glf_context *ctx, const struct glf_format *fmt, GLint counts[4])
{
   int n = 0;
   if (!fmt || fmt->wfmt >= 64 || (GLF_ES(ctx) && wire_format_is_integer(fmt->wfmt)))
      return 0;
   for (int i = 3; i >= 0; i--)
      if ((ctx->limits.ms_formats[i] >> fmt->wfmt) & 1u)
         counts[n++] = 2 << i;
   return n;
}

bool
glf_has_dual_source_blend(const struct glf_context *ctx)
{
   return ctx->limits.max_dual_source_draw_buffers >= 1;
}

bool
glf_has_anisotropy(const struct glf_context *ctx)
{
   return ctx->limits.max_anisotropy >= 2.0f;
}

/* GL_ARB_stencil_texturing (core in OpenGL 4.3; offered to GL core contexts as Mesa does):
 * the device samples the stencil of depth / stencil textures */
bool
glf_has_stencil_texturing(const struct glf_context *ctx)
{
   return GLF_CORE(ctx) && (ctx->limits.features & WIRE_FEATURE_STENCIL_TEXTURING);
}

bool
glf_has_clip_cull_distance(const struct glf_context *ctx)
{
   /* "OpenGL ES 3.0 and OpenGL ES Shading Language 3.00 are required." */
   return GLF_ES(ctx) && ctx->major >= 3 && ctx->limits.clip_cull_distance;
}
