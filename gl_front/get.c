/* splitgl gl_front: glGet{Integer,Float,Boolean,Integer64}v, one table. */
#include <math.h>
#include <stddef.h>

#include "glf_context.h"

enum get_kind {
   K_CONST,     /* c[0..n) integers */
   K_CONSTF,    /* f[0..n) floats */
   K_CTX_INT,   /* n GLints at ctx + off */
   K_CTX_ENUM,  /* n GLenums at ctx + off */
   K_CTX_BOOL,  /* n bools at ctx + off (GLboolean when size 1) */
   K_CTX_FLOAT, /* n floats at ctx + off */
   K_CTX_COLOR, /* n floats at ctx + off, normalized when read as integers */
   K_FN,        /* computed */
};

#define API_ES2 1u
#define API_ES3 2u
#define API_CORE 4u
#define API_ES (API_ES2 | API_ES3)
#define API_ALL (API_ES | API_CORE)
#define API_3 (API_ES3 | API_CORE)

struct get_value {
   int n;
   bool is_float, is_color;
   GLint64 i[16];
   double f[16];
};

typedef void (*get_fn)(struct glf_context *ctx, struct get_value *v);

struct get_entry {
   GLenum pname;
   uint8_t apis;
   uint8_t kind;
   uint8_t n;
   uint16_t off;
   GLint64 c[2];
   get_fn fn;
};

#define CONST(p, api, a) {p, api, K_CONST, 1, 0, {a, 0}, NULL}
#define CONST2(p, api, a, b) {p, api, K_CONST, 2, 0, {a, b}, NULL}
#define CONSTF2(p, api, a, b) {p, api, K_CONSTF, 2, 0, {a, b}, NULL}
#define CTX(p, api, kind, n, field) {p, api, kind, n, offsetof(struct glf_context, field), {0, 0}, NULL}
#define FN(p, api, f) {p, api, K_FN, 0, 0, {0, 0}, f}
#define LIM(p, api, n, field) CTX(p, api, K_CTX_INT, n, limits.field)
#define LIMF(p, api, n, field) CTX(p, api, K_CTX_FLOAT, n, limits.field)

static GLint
name_of(const void *obj)
{
   return obj ? *(const GLuint *)obj : 0; /* every object struct starts with its GLuint name */
}

static void set_int(struct get_value *v, GLint64 x) { v->n = 1; v->i[0] = x; }

static void g_array_buffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->array_buffer)); }
static void g_element_buffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->vao ? c->vao->element : c->core_zero_element)); }
static void g_vao(struct glf_context *c, struct get_value *v) { set_int(v, c->vao ? name_of(c->vao) : 0); }
static void g_program(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->program)); }
static void g_tex2d(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_2D])); }
static void g_texcube(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_CUBE])); }
static void g_tex3d(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_3D])); }
static void g_tex2darray(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_2D_ARRAY])); }
static void g_tex2dms(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_2D_MS])); }
static void g_tex2dmsarray(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_2D_MS_ARRAY])); }
static void g_texbuffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_BUFFER])); }
static void g_texture_buffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->texture_buffer)); }
/* OpenGL 3.3 table 6.21: the buffer attached to the active unit's buffer texture (GL 4.3 moved
 * it to GetTexLevelParameter, which texture.c answers too) */
static void g_texbuffer_store(struct glf_context *c, struct get_value *v)
{
   const struct glf_texture *t = c->tex[c->active_unit][GLF_TEX_BUFFER];
   if (!t)
      t = c->default_tex[GLF_TEX_BUFFER];
   set_int(v, t ? name_of(t->buffer) : 0);
}
/* GL_ARB_texture_buffer_object's TEXTURE_BUFFER_FORMAT_ARB: the internal format of the active
 * unit's buffer texture (GL core has no name for it; the extension is listed in core) */
#define GLF_TEXTURE_BUFFER_FORMAT_ARB 0x8C2E
static void g_texbuffer_format(struct glf_context *c, struct get_value *v)
{
   const struct glf_texture *t = c->tex[c->active_unit][GLF_TEX_BUFFER];
   if (!t)
      t = c->default_tex[GLF_TEX_BUFFER];
   set_int(v, t && t->buffer_ifmt ? (GLint)t->buffer_ifmt : GL_R8);
}
static void g_tex1d(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_1D])); }
static void g_tex1darray(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_1D_ARRAY])); }
static void g_texrect(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tex[c->active_unit][GLF_TEX_RECTANGLE])); }
static void g_active_texture(struct glf_context *c, struct get_value *v) { set_int(v, GL_TEXTURE0 + c->active_unit); }
static void g_draw_fb(struct glf_context *c, struct get_value *v) { set_int(v, c->draw_fb->name); }
static void g_read_fb(struct glf_context *c, struct get_value *v) { set_int(v, c->read_fb->name); }
static void g_rb(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->renderbuffer)); }
static void g_copy_read(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->copy_read_buffer)); }
static void g_copy_write(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->copy_write_buffer)); }
static void g_pack_buffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->pixel_pack_buffer)); }
static void g_unpack_buffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->pixel_unpack_buffer)); }
static void g_uniform_buffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->uniform_buffer)); }
static void g_tf_buffer(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->tf_buffer)); }
static void g_major(struct glf_context *c, struct get_value *v) { set_int(v, c->major); }
static void g_xfb(struct glf_context *c, struct get_value *v) { set_int(v, c->xfb->name); }
static void g_xfb_active(struct glf_context *c, struct get_value *v) { set_int(v, c->xfb->active); }
static void g_xfb_paused(struct glf_context *c, struct get_value *v) { set_int(v, c->xfb->paused); }
GLint64 glf_timestamp(struct glf_context *ctx);
static void g_timestamp(struct glf_context *c, struct get_value *v) { set_int(v, glf_timestamp(c)); }
static void g_num_extensions(struct glf_context *c, struct get_value *v) { set_int(v, (GLint)glf_num_extensions(c)); }
/* From the OpenGL 3.3 core spec, section 6.1.5: "CONTEXT_FLAGS ... CONTEXT_FLAG_FORWARD_-
 * COMPATIBLE_BIT is set if the context was created forward-compatible". */
static void
g_context_flags(struct glf_context *c, struct get_value *v)
{
   set_int(v, (c->forward_compatible ? GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT : 0) |
                 (c->robust ? GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT_ARB : 0) | (c->debug ? GL_CONTEXT_FLAG_DEBUG_BIT : 0));
}
/* KHR_robustness: RESET_NOTIFICATION_STRATEGY and CONTEXT_ROBUST_ACCESS (both APIs). */
static void g_reset_strategy(struct glf_context *c, struct get_value *v) { set_int(v, c->reset_strategy); }
static void g_debug_logged(struct glf_context *c, struct get_value *v) { set_int(v, glf_debug_get(c, GL_DEBUG_LOGGED_MESSAGES)); }
static void g_debug_next(struct glf_context *c, struct get_value *v) { set_int(v, glf_debug_get(c, GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH)); }
static void g_debug_depth(struct glf_context *c, struct get_value *v) { set_int(v, glf_debug_get(c, GL_DEBUG_GROUP_STACK_DEPTH)); }
static void g_robust_access(struct glf_context *c, struct get_value *v) { set_int(v, c->robust); }
static void g_max_element_index(struct glf_context *c, struct get_value *v) { set_int(v, c->limits.max_element_index); }
/* EXT_texture_filter_anisotropic's limit: INVALID_ENUM where the extension is not offered. */
static void
g_max_anisotropy(struct glf_context *c, struct get_value *v)
{
   if (!glf_has_anisotropy(c)) {
      glf_error(c, GL_INVALID_ENUM, "glGet(MAX_TEXTURE_MAX_ANISOTROPY: no anisotropic filtering on this device)");
      v->n = 0;
      return;
   }
   v->n = 1;
   v->is_float = true;
   v->f[0] = c->limits.max_anisotropy;
}
/* EXT_clip_cull_distance's limits on ES: "Accepted by the <pname> parameters of GetBooleanv,
 * GetIntegerv, GetInteger64v, and GetFloatv: MAX_CLIP_DISTANCES_EXT, MAX_CULL_DISTANCES_EXT,
 * MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT"; INVALID_ENUM where it is not offered. GL 3.3 core
 * has MAX_CLIP_DISTANCES only (ARB_cull_distance is not offered). */
static void
clip_cull_limit(struct glf_context *c, struct get_value *v, GLenum pname, GLint value)
{
   if (!glf_has_clip_cull_distance(c)) {
      glf_error(c, GL_INVALID_ENUM, "glGet(pname=0x%x: EXT_clip_cull_distance is not offered)", pname);
      v->n = 0;
      return;
   }
   set_int(v, value);
}
static void g_max_clip(struct glf_context *c, struct get_value *v) { clip_cull_limit(c, v, GL_MAX_CLIP_DISTANCES, c->limits.max_clip_distances); }
static void g_max_cull(struct glf_context *c, struct get_value *v) { clip_cull_limit(c, v, GL_MAX_CULL_DISTANCES_EXT, c->limits.max_cull_distances); }
static void
g_max_combined_clip_cull(struct glf_context *c, struct get_value *v)
{
   clip_cull_limit(c, v, GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT, c->limits.max_combined_clip_and_cull_distances);
}
static void g_minor(struct glf_context *c, struct get_value *v) { set_int(v, c->minor); }
static void g_read_buffer(struct glf_context *c, struct get_value *v) { set_int(v, c->read_fb->read_buffer); }
static void g_draw_buffer(struct glf_context *c, struct get_value *v) { set_int(v, c->draw_fb->draw_buffers[0]); }
/* EXT_texture_integer (listed on GL core): RGBA_INTEGER_MODE_EXT, "true if RGBA components are
 * integers", i.e. a colour buffer the draw framebuffer draws into holds signed or unsigned
 * integers (Mesa answers the same way: any integer draw buffer). */
static void
g_rgba_integer_mode(struct glf_context *c, struct get_value *v)
{
   bool integer = false;
   for (unsigned i = 0; i < GLF_MAX_DRAW_BUFFERS && !integer; i++) {
      const struct glf_format *f = glf_framebuffer_draw_format(c, c->draw_fb, i);
      integer = f && (f->ctype == GL_INT || f->ctype == GL_UNSIGNED_INT);
   }
   set_int(v, integer);
}
/* GL 3.3 core's MAX_DUAL_SOURCE_DRAW_BUFFERS (minimum 1): the device's (caps.c); 0 on a device
 * without dual-source blending, logged once since GL 3.3 asks for at least 1. */
static void
g_max_dual_source(struct glf_context *c, struct get_value *v)
{
   if (c->limits.max_dual_source_draw_buffers == 0)
      sgl_log_once(SGL_LOG_WARN, "glGet(MAX_DUAL_SOURCE_DRAW_BUFFERS): 0: the device has no dualSrcBlend "
                                 "(GL 3.3 asks for at least 1)");
   set_int(v, c->limits.max_dual_source_draw_buffers);
}
static void g_sampler_binding(struct glf_context *c, struct get_value *v) { set_int(v, name_of(c->sampler_units[c->active_unit])); }
/* IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE: of the current read buffer (readpix.c). */
static void
g_read_format_type(struct glf_context *c, struct get_value *v, bool type)
{
   GLenum f, t;
   if (!glf_color_read_format(c, &f, &t, "glGet(IMPLEMENTATION_COLOR_READ_*)")) {
      v->n = 0;
      return;
   }
   set_int(v, type ? t : f);
}
static void g_read_format(struct glf_context *c, struct get_value *v) { g_read_format_type(c, v, false); }
/* SAMPLES / SAMPLE_BUFFERS of the draw framebuffer (framebuffer.c: 0 when single-sampled, or
 * when its attachments disagree: incomplete). */
static void g_samples(struct glf_context *c, struct get_value *v) { set_int(v, (GLint)glf_framebuffer_samples(c, c->draw_fb)); }
static void g_sample_buffers(struct glf_context *c, struct get_value *v) { set_int(v, glf_framebuffer_samples(c, c->draw_fb) > 0); }
static void g_read_type(struct glf_context *c, struct get_value *v) { g_read_format_type(c, v, true); }

static void
g_bits(struct glf_context *c, struct get_value *v, int which)
{
   GLint bits[6];
   glf_framebuffer_bits(c, c->draw_fb, bits);
   set_int(v, bits[which]);
}
static void g_red_bits(struct glf_context *c, struct get_value *v) { g_bits(c, v, 0); }
static void g_green_bits(struct glf_context *c, struct get_value *v) { g_bits(c, v, 1); }
static void g_blue_bits(struct glf_context *c, struct get_value *v) { g_bits(c, v, 2); }
static void g_alpha_bits(struct glf_context *c, struct get_value *v) { g_bits(c, v, 3); }
static void g_depth_bits(struct glf_context *c, struct get_value *v) { g_bits(c, v, 4); }
static void g_stencil_bits(struct glf_context *c, struct get_value *v) { g_bits(c, v, 5); }

static void
g_color_writemask(struct glf_context *c, struct get_value *v)
{
   v->n = 4;
   for (int i = 0; i < 4; i++)
      v->i[i] = c->st.color_mask[0][i];
}

/* OpenGL 3.3 core table 6.11: POLYGON_MODE is two values, front and back (alike in core). */
static void
g_polygon_mode(struct glf_context *c, struct get_value *v)
{
   v->n = 2;
   v->i[0] = v->i[1] = c->st.polygon_mode;
}

/* glGetProgramBinary's one format (program.c). */
static void
g_program_binary_formats(struct glf_context *c, struct get_value *v)
{
   v->n = 1;
   v->i[0] = GLF_PROGRAM_BINARY_FORMAT;
}

/* A list of NUM_*_FORMATS values where that count is 0. */
static void
g_no_values(struct glf_context *c, struct get_value *v)
{
   v->n = 0;
}

/* From the OpenGL ES 3.0 spec, table 6.33 (and OpenGL 3.3 core 6.41):
 * MAX_COMBINED_{VERTEX,FRAGMENT}_UNIFORM_COMPONENTS is "MAX_{VERTEX,FRAGMENT}_UNIFORM_BLOCKS *
 * MAX_UNIFORM_BLOCK_SIZE / 4 + MAX_{VERTEX,FRAGMENT}_UNIFORM_COMPONENTS". */
static void
g_combined_vertex_uniforms(struct glf_context *c, struct get_value *v)
{
   const struct glf_limits *l = &c->limits;
   set_int(v, (GLint64)l->max_vertex_uniform_blocks * l->max_uniform_block_size / 4 + l->max_vertex_uniform_components);
}

static void
g_combined_fragment_uniforms(struct glf_context *c, struct get_value *v)
{
   const struct glf_limits *l = &c->limits;
   set_int(v, (GLint64)l->max_fragment_uniform_blocks * l->max_uniform_block_size / 4 + l->max_fragment_uniform_components);
}

/* The general-purpose compressed formats the context takes in CompressedTexImage* (formats.c:
 * ETC2 / EAC in ES 3.0, ETC1 with OES_compressed_ETC1_RGB8_texture; none in GL 3.3 core,
 * whose RGTC formats are accepted but not listed). */
static void
g_combined_geometry_uniforms(struct glf_context *c, struct get_value *v)
{
   const struct glf_limits *l = &c->limits;
   set_int(v, (GLint64)l->max_geometry_uniform_blocks * l->max_uniform_block_size / 4 + l->max_geometry_uniform_components);
}

static void
g_compressed_formats(struct glf_context *c, struct get_value *v)
{
   GLenum f[16];
   unsigned n = glf_compressed_formats(c, f, 16);
   v->n = 0;
   for (unsigned i = 0; i < n && i < 16; i++)
      v->i[v->n++] = f[i];
}

static void
g_num_compressed_formats(struct glf_context *c, struct get_value *v)
{
   GLenum f[16];
   set_int(v, glf_compressed_formats(c, f, 16));
}

static const struct get_entry get_table[] = {
   /* limits: from the server's capability table (gl_front/caps.c, struct glf_limits) */
   LIM(GL_MAX_TEXTURE_SIZE, API_ALL, 1, max_texture_size),
   LIM(GL_MAX_CUBE_MAP_TEXTURE_SIZE, API_ALL, 1, max_cube_map_texture_size),
   LIM(GL_MAX_RENDERBUFFER_SIZE, API_ALL, 1, max_renderbuffer_size),
   LIM(GL_MAX_3D_TEXTURE_SIZE, API_3, 1, max_3d_texture_size),
   LIM(GL_MAX_ARRAY_TEXTURE_LAYERS, API_3, 1, max_array_texture_layers),
   /* GL 3.3: rectangle textures are 2D images, bounded as 2D textures are */
   LIM(GL_MAX_RECTANGLE_TEXTURE_SIZE, API_CORE, 1, max_texture_size),
   LIM(GL_MAX_VIEWPORT_DIMS, API_ALL, 2, max_viewport_dims),
   LIM(GL_MAX_VERTEX_ATTRIBS, API_ALL, 1, max_vertex_attribs),
   LIM(GL_MAX_TEXTURE_IMAGE_UNITS, API_ALL, 1, max_texture_image_units),
   LIM(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, API_ALL, 1, max_vertex_texture_image_units),
   LIM(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, API_ALL, 1, max_combined_texture_image_units),
   LIM(GL_MAX_VERTEX_UNIFORM_VECTORS, API_ES, 1, max_vertex_uniform_vectors),
   LIM(GL_MAX_FRAGMENT_UNIFORM_VECTORS, API_ES, 1, max_fragment_uniform_vectors),
   LIM(GL_MAX_VARYING_VECTORS, API_ES, 1, max_varying_vectors),
   LIM(GL_MAX_VERTEX_UNIFORM_COMPONENTS, API_3, 1, max_vertex_uniform_components),
   LIM(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, API_3, 1, max_fragment_uniform_components),
   LIM(GL_MAX_VARYING_COMPONENTS, API_3, 1, max_varying_components),
   LIM(GL_MAX_VERTEX_OUTPUT_COMPONENTS, API_3, 1, max_vertex_output_components),
   LIM(GL_MAX_FRAGMENT_INPUT_COMPONENTS, API_3, 1, max_fragment_input_components),
   LIM(GL_MAX_DRAW_BUFFERS, API_3, 1, max_draw_buffers),
   LIM(GL_MAX_COLOR_ATTACHMENTS, API_3, 1, max_color_attachments),
   LIM(GL_MAX_SAMPLES, API_3, 1, max_samples),
   CONST(GL_MAX_ELEMENTS_VERTICES, API_3, 1 << 20), /* a performance hint, no minimum */
   CONST(GL_MAX_ELEMENTS_INDICES, API_3, 1 << 20),
   FN(GL_MAX_ELEMENT_INDEX, API_ES3, g_max_element_index),
   LIM(GL_MAX_UNIFORM_BUFFER_BINDINGS, API_3, 1, max_uniform_buffer_bindings),
   LIM(GL_MAX_UNIFORM_BLOCK_SIZE, API_3, 1, max_uniform_block_size),
   LIM(GL_MAX_VERTEX_UNIFORM_BLOCKS, API_3, 1, max_vertex_uniform_blocks),
   LIM(GL_MAX_FRAGMENT_UNIFORM_BLOCKS, API_3, 1, max_fragment_uniform_blocks),
   LIM(GL_MAX_COMBINED_UNIFORM_BLOCKS, API_3, 1, max_combined_uniform_blocks),
   LIM(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, API_3, 1, uniform_buffer_offset_alignment),
   LIM(GL_MAX_PROGRAM_TEXEL_OFFSET, API_3, 1, max_program_texel_offset),
   LIM(GL_MIN_PROGRAM_TEXEL_OFFSET, API_3, 1, min_program_texel_offset),
   LIMF(GL_MAX_TEXTURE_LOD_BIAS, API_3, 1, max_texture_lod_bias),
   FN(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, API_ALL, g_max_anisotropy),
   LIM(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, API_3, 1, max_xfb_interleaved_components),
   LIM(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, API_3, 1, max_xfb_separate_attribs),
   LIM(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, API_3, 1, max_xfb_separate_components),
   FN(GL_TIMESTAMP, API_CORE, g_timestamp),
   /* geometry shaders (GL 3.2+ core) */
   LIM(GL_MAX_GEOMETRY_OUTPUT_VERTICES, API_CORE, 1, max_geometry_output_vertices),
   LIM(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, API_CORE, 1, max_geometry_total_output_components),
   LIM(GL_MAX_GEOMETRY_INPUT_COMPONENTS, API_CORE, 1, max_geometry_input_components),
   LIM(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, API_CORE, 1, max_geometry_output_components),
   LIM(GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, API_CORE, 1, max_geometry_uniform_components),
   LIM(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, API_CORE, 1, max_geometry_texture_image_units),
   LIM(GL_MAX_GEOMETRY_UNIFORM_BLOCKS, API_CORE, 1, max_geometry_uniform_blocks),
   FN(GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS, API_CORE, g_combined_geometry_uniforms),
   /* OpenGL 3.3 section 5.2.1: WaitSync blocks the server "until sync is signaled or until
    * an implementation-dependent timeout period expires", MAX_SERVER_WAIT_TIMEOUT. Here the
    * wait is the order of the one server queue every context of a channel feeds (sync.c):
    * later commands run after the fence's work however long it takes, with no timeout, so
    * the period is unbounded: the largest value (nanoseconds; INT_MAX through GetIntegerv). */
   CONST(GL_MAX_SERVER_WAIT_TIMEOUT, API_3, INT64_MAX),
   LIMF(GL_ALIASED_POINT_SIZE_RANGE, API_ES, 2, point_size_range),
   LIMF(GL_POINT_SIZE_RANGE, API_CORE, 2, point_size_range),
   LIMF(GL_ALIASED_LINE_WIDTH_RANGE, API_ALL, 2, line_width_range),
   CONSTF2(GL_SMOOTH_LINE_WIDTH_RANGE, API_CORE, 1, 1), /* no smooth lines */
   LIMF(GL_POINT_SIZE_GRANULARITY, API_CORE, 1, point_size_granularity),
   LIMF(GL_LINE_WIDTH_GRANULARITY, API_CORE, 1, line_width_granularity),
   /* every splitgl surface is single-buffered and mono (pbuffers; no stereo configs) */
   CONST(GL_DOUBLEBUFFER, API_CORE, 0),
   CONST(GL_STEREO, API_CORE, 0),
   FN(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, API_CORE, g_max_dual_source),
   LIM(GL_SUBPIXEL_BITS, API_ALL, 1, subpixel_bits),
   LIM(GL_MAX_CLIP_DISTANCES, API_CORE, 1, max_clip_distances),
   FN(GL_MAX_CLIP_DISTANCES, API_ES, g_max_clip),
   FN(GL_MAX_CULL_DISTANCES_EXT, API_ES, g_max_cull),
   FN(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT, API_ES, g_max_combined_clip_cull),
   FN(GL_NUM_EXTENSIONS, API_3, g_num_extensions),
   FN(GL_NUM_COMPRESSED_TEXTURE_FORMATS, API_ALL, g_num_compressed_formats),
   FN(GL_COMPRESSED_TEXTURE_FORMATS, API_ALL, g_compressed_formats),
   CONST(GL_NUM_SHADER_BINARY_FORMATS, API_ES, 0),
   CONST(GL_NUM_PROGRAM_BINARY_FORMATS, API_ALL, 1),
   FN(GL_PROGRAM_BINARY_FORMATS, API_ALL, g_program_binary_formats),
   FN(GL_SHADER_BINARY_FORMATS, API_ES, g_no_values),
   FN(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS, API_3, g_combined_vertex_uniforms),
   FN(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS, API_3, g_combined_fragment_uniforms),
   /* multisample textures are not built: 1 (GL 3.3's minimum) */
   LIM(GL_MAX_COLOR_TEXTURE_SAMPLES, API_CORE, 1, max_color_texture_samples),
   LIM(GL_MAX_DEPTH_TEXTURE_SAMPLES, API_CORE, 1, max_depth_texture_samples),
   LIM(GL_MAX_TEXTURE_BUFFER_SIZE, API_CORE, 1, max_texture_buffer_size),
   FN(GL_TEXTURE_BINDING_2D_MULTISAMPLE, API_CORE, g_tex2dms),
   FN(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, API_CORE, g_tex2dmsarray),
   FN(GL_TEXTURE_BINDING_BUFFER, API_CORE, g_texbuffer),
   FN(GL_TEXTURE_BUFFER, API_CORE, g_texture_buffer),
   FN(GL_TEXTURE_BUFFER_DATA_STORE_BINDING, API_CORE, g_texbuffer_store),
   FN(GL_RGBA_INTEGER_MODE_EXT, API_CORE, g_rgba_integer_mode),
   FN(GLF_TEXTURE_BUFFER_FORMAT_ARB, API_CORE, g_texbuffer_format),
   LIM(GL_MAX_INTEGER_SAMPLES, API_CORE, 1, max_integer_samples),
   CONST(GL_SHADER_COMPILER, API_ES, 1),
   FN(GL_IMPLEMENTATION_COLOR_READ_FORMAT, API_ALL, g_read_format),
   FN(GL_IMPLEMENTATION_COLOR_READ_TYPE, API_ALL, g_read_type),
   FN(GL_SAMPLER_BINDING, API_3, g_sampler_binding),
   FN(GL_SAMPLE_BUFFERS, API_ALL, g_sample_buffers),
   FN(GL_SAMPLES, API_ALL, g_samples),
   CONST(GL_CONTEXT_PROFILE_MASK, API_CORE, GL_CONTEXT_CORE_PROFILE_BIT),
   FN(GL_CONTEXT_FLAGS, API_CORE, g_context_flags),
   FN(GL_RESET_NOTIFICATION_STRATEGY, API_ALL, g_reset_strategy),
   CTX(GL_PRIMITIVE_RESTART_INDEX, API_CORE, K_CTX_INT, 1, st.restart_index),
   /* KHR_debug */
   CONST(GL_MAX_DEBUG_MESSAGE_LENGTH, API_ALL, GLF_MAX_DEBUG_MESSAGE_LENGTH),
   CONST(GL_MAX_DEBUG_LOGGED_MESSAGES, API_ALL, GLF_MAX_DEBUG_LOGGED_MESSAGES),
   CONST(GL_MAX_DEBUG_GROUP_STACK_DEPTH, API_ALL, GLF_MAX_DEBUG_GROUP_DEPTH),
   CONST(GL_MAX_LABEL_LENGTH, API_ALL, GLF_MAX_LABEL_LENGTH),
   FN(GL_DEBUG_LOGGED_MESSAGES, API_ALL, g_debug_logged),
   FN(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH, API_ALL, g_debug_next),
   FN(GL_DEBUG_GROUP_STACK_DEPTH, API_ALL, g_debug_depth),
   FN(GL_CONTEXT_ROBUST_ACCESS, API_ALL, g_robust_access),
   FN(GL_MAJOR_VERSION, API_3, g_major),
   FN(GL_MINOR_VERSION, API_3, g_minor),
   FN(GL_RED_BITS, API_ES, g_red_bits),
   FN(GL_GREEN_BITS, API_ES, g_green_bits),
   FN(GL_BLUE_BITS, API_ES, g_blue_bits),
   FN(GL_ALPHA_BITS, API_ES, g_alpha_bits),
   FN(GL_DEPTH_BITS, API_ES, g_depth_bits),
   FN(GL_STENCIL_BITS, API_ES, g_stencil_bits),
   /* bindings */
   FN(GL_ARRAY_BUFFER_BINDING, API_ALL, g_array_buffer),
   FN(GL_ELEMENT_ARRAY_BUFFER_BINDING, API_ALL, g_element_buffer),
   FN(GL_VERTEX_ARRAY_BINDING, API_3, g_vao),
   FN(GL_CURRENT_PROGRAM, API_ALL, g_program),
   FN(GL_TEXTURE_BINDING_2D, API_ALL, g_tex2d),
   FN(GL_TEXTURE_BINDING_CUBE_MAP, API_ALL, g_texcube),
   FN(GL_TEXTURE_BINDING_3D, API_3, g_tex3d),
   FN(GL_TEXTURE_BINDING_2D_ARRAY, API_3, g_tex2darray),
   FN(GL_TEXTURE_BINDING_1D, API_CORE, g_tex1d),
   FN(GL_TEXTURE_BINDING_1D_ARRAY, API_CORE, g_tex1darray),
   FN(GL_TEXTURE_BINDING_RECTANGLE, API_CORE, g_texrect),
   FN(GL_ACTIVE_TEXTURE, API_ALL, g_active_texture),
   FN(GL_FRAMEBUFFER_BINDING, API_ALL, g_draw_fb), /* == DRAW_FRAMEBUFFER_BINDING */
   FN(GL_READ_FRAMEBUFFER_BINDING, API_3, g_read_fb),
   FN(GL_RENDERBUFFER_BINDING, API_ALL, g_rb),
   FN(GL_COPY_READ_BUFFER_BINDING, API_3, g_copy_read),
   FN(GL_COPY_WRITE_BUFFER_BINDING, API_3, g_copy_write),
   FN(GL_PIXEL_PACK_BUFFER_BINDING, API_3, g_pack_buffer),
   FN(GL_PIXEL_UNPACK_BUFFER_BINDING, API_3, g_unpack_buffer),
   FN(GL_UNIFORM_BUFFER_BINDING, API_3, g_uniform_buffer),
   FN(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, API_3, g_tf_buffer),
   FN(GL_TRANSFORM_FEEDBACK_BINDING, API_3, g_xfb),
   FN(GL_TRANSFORM_FEEDBACK_ACTIVE, API_3, g_xfb_active),
   FN(GL_TRANSFORM_FEEDBACK_PAUSED, API_3, g_xfb_paused),
   FN(GL_READ_BUFFER, API_3, g_read_buffer),
   FN(GL_DRAW_BUFFER, API_CORE, g_draw_buffer), /* GL: DRAW_BUFFER0's value */
   /* state */
   CTX(GL_VIEWPORT, API_ALL, K_CTX_INT, 4, st.viewport),
   CTX(GL_SCISSOR_BOX, API_ALL, K_CTX_INT, 4, st.scissor),
   CTX(GL_COLOR_CLEAR_VALUE, API_ALL, K_CTX_COLOR, 4, st.clear_color),
   FN(GL_COLOR_WRITEMASK, API_ALL, g_color_writemask),
   CTX(GL_DEPTH_CLEAR_VALUE, API_ALL, K_CTX_COLOR, 1, st.clear_depth),
   CTX(GL_DEPTH_FUNC, API_ALL, K_CTX_ENUM, 1, st.depth_func),
   CTX(GL_DEPTH_RANGE, API_ALL, K_CTX_COLOR, 2, st.depth_near),
   CTX(GL_DEPTH_WRITEMASK, API_ALL, K_CTX_BOOL, 1, st.depth_mask),
   CTX(GL_STENCIL_FUNC, API_ALL, K_CTX_ENUM, 1, st.stencil[0].func),
   CTX(GL_STENCIL_REF, API_ALL, K_CTX_INT, 1, st.stencil[0].ref),
   CTX(GL_STENCIL_VALUE_MASK, API_ALL, K_CTX_INT, 1, st.stencil[0].value_mask),
   CTX(GL_STENCIL_WRITEMASK, API_ALL, K_CTX_INT, 1, st.stencil[0].write_mask),
   CTX(GL_STENCIL_FAIL, API_ALL, K_CTX_ENUM, 1, st.stencil[0].fail),
   CTX(GL_STENCIL_PASS_DEPTH_FAIL, API_ALL, K_CTX_ENUM, 1, st.stencil[0].zfail),
   CTX(GL_STENCIL_PASS_DEPTH_PASS, API_ALL, K_CTX_ENUM, 1, st.stencil[0].zpass),
   CTX(GL_STENCIL_BACK_FUNC, API_ALL, K_CTX_ENUM, 1, st.stencil[1].func),
   CTX(GL_STENCIL_BACK_REF, API_ALL, K_CTX_INT, 1, st.stencil[1].ref),
   CTX(GL_STENCIL_BACK_VALUE_MASK, API_ALL, K_CTX_INT, 1, st.stencil[1].value_mask),
   CTX(GL_STENCIL_BACK_WRITEMASK, API_ALL, K_CTX_INT, 1, st.stencil[1].write_mask),
   CTX(GL_STENCIL_BACK_FAIL, API_ALL, K_CTX_ENUM, 1, st.stencil[1].fail),
   CTX(GL_STENCIL_BACK_PASS_DEPTH_FAIL, API_ALL, K_CTX_ENUM, 1, st.stencil[1].zfail),
   CTX(GL_STENCIL_BACK_PASS_DEPTH_PASS, API_ALL, K_CTX_ENUM, 1, st.stencil[1].zpass),
   CTX(GL_STENCIL_CLEAR_VALUE, API_ALL, K_CTX_INT, 1, st.clear_stencil),
   CTX(GL_BLEND_SRC_RGB, API_ALL, K_CTX_ENUM, 1, st.blend_src_rgb),
   CTX(GL_BLEND_DST_RGB, API_ALL, K_CTX_ENUM, 1, st.blend_dst_rgb),
   CTX(GL_BLEND_SRC_ALPHA, API_ALL, K_CTX_ENUM, 1, st.blend_src_a),
   CTX(GL_BLEND_DST_ALPHA, API_ALL, K_CTX_ENUM, 1, st.blend_dst_a),
   CTX(GL_BLEND_EQUATION_RGB, API_ALL, K_CTX_ENUM, 1, st.blend_eq_rgb),
   CTX(GL_BLEND_EQUATION_ALPHA, API_ALL, K_CTX_ENUM, 1, st.blend_eq_a),
   CTX(GL_BLEND_COLOR, API_ALL, K_CTX_COLOR, 4, st.blend_color),
   CTX(GL_CULL_FACE_MODE, API_ALL, K_CTX_ENUM, 1, st.cull_mode),
   CTX(GL_FRONT_FACE, API_ALL, K_CTX_ENUM, 1, st.front_face),
   CTX(GL_POLYGON_OFFSET_FACTOR, API_ALL, K_CTX_FLOAT, 1, st.offset_factor),
   CTX(GL_POLYGON_OFFSET_UNITS, API_ALL, K_CTX_FLOAT, 1, st.offset_units),
   CTX(GL_LINE_WIDTH, API_ALL, K_CTX_FLOAT, 1, st.line_width),
   CTX(GL_POINT_SIZE, API_CORE, K_CTX_FLOAT, 1, st.point_size),
   CTX(GL_POINT_SPRITE_COORD_ORIGIN, API_CORE, K_CTX_ENUM, 1, st.point_sprite_origin),
   CTX(GL_POINT_FADE_THRESHOLD_SIZE, API_CORE, K_CTX_FLOAT, 1, st.point_fade_threshold),
   FN(GL_POLYGON_MODE, API_CORE, g_polygon_mode),
   CTX(GL_PROVOKING_VERTEX, API_CORE, K_CTX_ENUM, 1, st.provoking_vertex),
   CTX(GL_LOGIC_OP_MODE, API_CORE, K_CTX_ENUM, 1, st.logic_op),
   CTX(GL_CLAMP_READ_COLOR, API_CORE, K_CTX_ENUM, 1, st.clamp_read_color),
   CONST(GL_MAX_SAMPLE_MASK_WORDS, API_CORE, 1),
   CTX(GL_SAMPLE_COVERAGE_VALUE, API_ALL, K_CTX_FLOAT, 1, st.sample_coverage_value),
   CTX(GL_SAMPLE_COVERAGE_INVERT, API_ALL, K_CTX_BOOL, 1, st.sample_coverage_invert),
   CTX(GL_GENERATE_MIPMAP_HINT, API_ES, K_CTX_ENUM, 1, st.hint_mipmap),
   CTX(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, API_3, K_CTX_ENUM, 1, st.hint_derivative),
   CTX(GL_LINE_SMOOTH_HINT, API_CORE, K_CTX_ENUM, 1, st.hint_gl[0]),
   CTX(GL_POLYGON_SMOOTH_HINT, API_CORE, K_CTX_ENUM, 1, st.hint_gl[1]),
   CTX(GL_TEXTURE_COMPRESSION_HINT, API_CORE, K_CTX_ENUM, 1, st.hint_gl[2]),
   CTX(GL_UNPACK_ALIGNMENT, API_ALL, K_CTX_INT, 1, unpack.alignment),
   CTX(GL_PACK_ALIGNMENT, API_ALL, K_CTX_INT, 1, pack.alignment),
   CTX(GL_UNPACK_ROW_LENGTH, API_3, K_CTX_INT, 1, unpack.row_length),
   CTX(GL_UNPACK_IMAGE_HEIGHT, API_3, K_CTX_INT, 1, unpack.image_height),
   CTX(GL_UNPACK_SKIP_PIXELS, API_3, K_CTX_INT, 1, unpack.skip_pixels),
   CTX(GL_UNPACK_SKIP_ROWS, API_3, K_CTX_INT, 1, unpack.skip_rows),
   CTX(GL_UNPACK_SKIP_IMAGES, API_3, K_CTX_INT, 1, unpack.skip_images),
   CTX(GL_PACK_ROW_LENGTH, API_3, K_CTX_INT, 1, pack.row_length),
   CTX(GL_PACK_SKIP_PIXELS, API_3, K_CTX_INT, 1, pack.skip_pixels),
   CTX(GL_PACK_SKIP_ROWS, API_3, K_CTX_INT, 1, pack.skip_rows),
};


static unsigned
api_bit(struct glf_context *ctx)
{
   return GLF_CORE(ctx) ? API_CORE : ctx->major >= 3 ? API_ES3 : API_ES2;
}

static void
fill_from_ctx(struct glf_context *ctx, const struct get_entry *e, struct get_value *v)
{
   const uint8_t *base = (const uint8_t *)ctx + e->off;
   v->n = e->n;
   for (int i = 0; i < e->n; i++) {
      switch (e->kind) {
      case K_CTX_INT: v->i[i] = ((const GLint *)base)[i]; break;
      case K_CTX_ENUM: v->i[i] = ((const GLenum *)base)[i]; break;
      case K_CTX_BOOL: v->i[i] = ((const GLboolean *)base)[i]; break;
      default:
         v->is_float = true;
         v->is_color = e->kind == K_CTX_COLOR;
         v->f[i] = ((const float *)base)[i];
         break;
      }
   }
}

/* Looks pname up for the context's API; false (INVALID_ENUM raised) if unknown. */
static bool
get_value(struct glf_context *ctx, GLenum pname, struct get_value *v, const char *caller)
{
   memset(v, 0, sizeof(*v));
   const struct get_entry *e = NULL;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(get_table) && !e; i++)
      if (get_table[i].pname == pname && (get_table[i].apis & api_bit(ctx)))
         e = &get_table[i];
   bool cap;
   if (!e && glf_cap_query(ctx, pname, &cap)) {
      set_int(v, cap);
      return true;
   }
   if (!e && (api_bit(ctx) & API_3) && pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + (GLenum)ctx->limits.max_draw_buffers) {
      set_int(v, ctx->draw_fb->draw_buffers[pname - GL_DRAW_BUFFER0]);
      return true;
   }
   if (!e) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", caller, pname);
      return false;
   }
   switch (e->kind) {
   case K_CONST:
      v->n = e->n;
      v->i[0] = e->c[0];
      v->i[1] = e->c[1];
      break;
   case K_CONSTF:
      v->n = e->n;
      v->is_float = true;
      v->f[0] = (double)e->c[0];
      v->f[1] = (double)e->c[1];
      break;
   case K_FN: e->fn(ctx, v); break;
   default: fill_from_ctx(ctx, e, v); break;
   }
   return true;
}

GLint
glf_float_to_int_color(float f)
{
   /* From the OpenGL ES 3.0 spec, section 6.1.2: normalized values are converted to
    * integers so that 1.0 maps to the most positive representable integer value. */
   double d = (double)f * 2147483647.0;
   if (d >= 2147483647.0)
      return 2147483647;
   if (d <= -2147483648.0)
      return (GLint)-2147483647 - 1;
   return (GLint)lrint(d);
}

static GLint64
to_int(const struct get_value *v, int i)
{
   if (!v->is_float)
      return v->i[i];
   if (v->is_color)
      return glf_float_to_int_color((float)v->f[i]);
   return (GLint64)llround(v->f[i]);
}

void GLAPIENTRY
glf_GetIntegerv(GLenum pname, GLint *data)
{
   GET_CURRENT_CONTEXT(ctx);
   struct get_value v;
   if (!ctx || !get_value(ctx, pname, &v, "glGetIntegerv"))
      return;
   for (int i = 0; i < v.n; i++) {
      GLint64 x = to_int(&v, i);
      data[i] = x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : (GLint)x;
   }
}

void GLAPIENTRY
glf_GetInteger64v(GLenum pname, GLint64 *data)
{
   GET_CURRENT_CONTEXT(ctx);
   struct get_value v;
   if (!ctx || !get_value(ctx, pname, &v, "glGetInteger64v"))
      return;
   for (int i = 0; i < v.n; i++)
      data[i] = to_int(&v, i);
}

void GLAPIENTRY
glf_GetFloatv(GLenum pname, GLfloat *data)
{
   GET_CURRENT_CONTEXT(ctx);
   struct get_value v;
   if (!ctx || !get_value(ctx, pname, &v, "glGetFloatv"))
      return;
   for (int i = 0; i < v.n; i++)
      data[i] = v.is_float ? (GLfloat)v.f[i] : (GLfloat)v.i[i];
}

void GLAPIENTRY
glf_GetDoublev(GLenum pname, GLdouble *data)
{
   GET_CURRENT_CONTEXT(ctx);
   struct get_value v;
   if (!ctx || !get_value(ctx, pname, &v, "glGetDoublev"))
      return;
   for (int i = 0; i < v.n; i++)
      data[i] = v.is_float ? v.f[i] : (GLdouble)v.i[i];
}

void GLAPIENTRY
glf_GetBooleanv(GLenum pname, GLboolean *data)
{
   GET_CURRENT_CONTEXT(ctx);
   struct get_value v;
   if (!ctx || !get_value(ctx, pname, &v, "glGetBooleanv"))
      return;
   for (int i = 0; i < v.n; i++)
      data[i] = (v.is_float ? v.f[i] != 0.0 : v.i[i] != 0) ? GL_TRUE : GL_FALSE;
}
