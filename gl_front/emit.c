/* splitgl gl_front: the dirty atoms of state_atoms.h turned into records. */
#include <stdlib.h>

#include "glf_context.h"

/* ---- GL -> wire enums ------------------------------------------------------------------------ */
/* Built from the maps generated out of wire/enums.schema (WIRE_*_GL_MAP). The GL entry points
 * accept only the listed enums (GL_INVALID_ENUM otherwise), so the defaults are GL's initial
 * values and never taken. */
#define GL_TO_WIRE_CASE(w, gl) case gl: return w;

static uint8_t
blend_factor(GLenum f)
{
   switch (f) {
   WIRE_BF_GL_MAP(GL_TO_WIRE_CASE)
   default: return WIRE_BF_ONE;
   }
}

static uint8_t
blend_op(GLenum e)
{
   switch (e) {
   WIRE_BO_GL_MAP(GL_TO_WIRE_CASE)
   default: return WIRE_BO_ADD;
   }
}

static uint8_t
stencil_op(GLenum op)
{
   switch (op) {
   WIRE_SOP_GL_MAP(GL_TO_WIRE_CASE)
   default: return WIRE_SOP_KEEP;
   }
}

static uint8_t
compare_func(GLenum f)
{
   switch (f) {
   WIRE_FUNC_GL_MAP(GL_TO_WIRE_CASE)
   default: return WIRE_FUNC_ALWAYS;
   }
}

static uint8_t
cull_mode(GLenum face)
{
   switch (face) {
   WIRE_CULL_GL_MAP(GL_TO_WIRE_CASE)
   default: return WIRE_CULL_BACK;
   }
}

/* Attributes that take part in the draw: every enabled one (a format the server cannot fetch
 * is converted on upload: attrib_convert.c). */
uint32_t
glf_active_attrib_mask(struct glf_context *ctx)
{
   uint32_t mask = 0;
   for (unsigned i = 0; ctx->vao && i < GLF_MAX_VERTEX_ATTRIBS; i++)
      if (ctx->vao->attr[i].enabled)
         mask |= 1u << i;
   return mask;
}

/* ---- atoms ------------------------------------------------------------------------------------- */
static void
glf_emit_framebuffer(struct glf_context *ctx)
{
   struct wire_framebuffer *p = GLF_BEGIN(ctx, SetFramebuffer);
   if (!p)
      return;
   glf_framebuffer_key(ctx, ctx->draw_fb, p);
   wire_end(ctx->wire);
}

static void
bind_cso(struct glf_context *ctx, uint32_t slot, wire_handle h)
{
   static const int kind_of_slot[WIRE_CSO_COUNT] = {
      [WIRE_CSO_BLEND] = GLF_CSO_BLEND, [WIRE_CSO_DSA] = GLF_CSO_DSA, [WIRE_CSO_RAST] = GLF_CSO_RAST,
      [WIRE_CSO_VELEMS] = GLF_CSO_VELEMS, [WIRE_CSO_PROGRAM] = -1,
   };
   struct wire_bind_cso *p = GLF_BEGIN(ctx, BindCso);
   if (!p)
      return;
   p->slot = slot;
   p->cso = h;
   wire_end(ctx->wire);
   if (kind_of_slot[slot] >= 0)
      ctx->bound_cso[kind_of_slot[slot]] = h; /* pinned in the CSO cache while bound */
}

static void
glf_emit_program(struct glf_context *ctx)
{
   struct glf_program *p = ctx->program;
   bind_cso(ctx, WIRE_CSO_PROGRAM, p && p->info ? p->handle : (wire_handle){0, 0});
   ctx->link_serial = p ? p->link_serial : 0;
}

static void
glf_emit_program_bindings(struct glf_context *ctx)
{
   struct glf_program *p = ctx->program;
   if (!p || !p->info || !p->handle.gen) /* no vertex stage: never sent */
      return;
   uint32_t n = p->info->sampler_slot_count;
   if (n > WIRE_MAX_PROGRAM_SAMPLERS)
      n = WIRE_MAX_PROGRAM_SAMPLERS;
   uint32_t nb = p->info->block_count < WIRE_MAX_UNIFORM_BLOCKS ? p->info->block_count : WIRE_MAX_UNIFORM_BLOCKS;
   struct wire_program_bindings *b = glf_begin(ctx, WIRE_OP_SetProgramBindings, (n + nb) * 4);
   if (!b)
      return;
   b->program = p->handle;
   b->sampler_count = n;
   b->block_count = nb;
   memcpy(b + 1, p->sampler_units, n * 4);
   memcpy((uint32_t *)(b + 1) + n, p->block_bindings, nb * 4);
   wire_end(ctx->wire);
   ctx->pb_serial = p->bindings_serial;
}

/* The indexed UNIFORM_BUFFER bindings; a buffer without storage yet reads as unbound. */
static void
glf_emit_uniform_buffers(struct glf_context *ctx)
{
   struct wire_uniform_buffers *u = GLF_BEGIN(ctx, SetUniformBuffers);
   if (!u)
      return;
   u->start = 0;
   u->count = WIRE_MAX_UNIFORM_BLOCKS;
   for (uint32_t i = 0; i < WIRE_MAX_UNIFORM_BLOCKS; i++) {
      const struct glf_indexed_buffer *b = &ctx->ubo[i];
      if (!b->buf || !b->buf->created)
         continue;
      u->ub[i].res = b->buf->res;
      u->ub[i].offset = b->range ? (uint32_t)b->offset : 0;
      u->ub[i].size = b->range ? (uint32_t)b->size : 0;
   }
   wire_end(ctx->wire);
}

static void
glf_emit_constbuf(struct glf_context *ctx)
{
   struct glf_program *p = ctx->program;
   ctx->cb_program = p;
   if (!p || !p->info || !p->uniform_size)
      return;
   /* gl_DepthRange (emulated: spirv/lift.c) from this context's glDepthRangef */
   const float dr[3] = {ctx->st.depth_near, ctx->st.depth_far, ctx->st.depth_far - ctx->st.depth_near};
   for (int k = 0; k < 3; k++)
      if (p->depth_range_off[k] >= 0 && p->uniform_data)
         memcpy(p->uniform_data + p->depth_range_off[k], &dr[k], 4);
   uint32_t size = p->uniform_size < WIRE_MAX_CONSTANT_SIZE ? p->uniform_size : WIRE_MAX_CONSTANT_SIZE;
   struct wire_constant_buffer *cb = glf_begin(ctx, WIRE_OP_SetConstantBuffer, (size + 7u) & ~7u);
   if (!cb)
      return;
   cb->index = 0;
   cb->size = size;
   memcpy(cb + 1, p->uniform_data, size);
   wire_end(ctx->wire);
   ctx->cb_serial = p->uniform_serial;
}

static void
glf_emit_velems(struct glf_context *ctx)
{
   struct wire_velems_state v;
   memset(&v, 0, sizeof(v));
   uint32_t active = glf_active_attrib_mask(ctx);
   for (unsigned i = 0; i < GLF_MAX_VERTEX_ATTRIBS; i++) {
      if (!(active & (1u << i)))
         continue;
      const struct glf_vertex_attrib *a = &ctx->vao->attr[i];
      struct wire_vertex_element *e = &v.e[v.count++];
      e->format = glf_attrib_vformat(ctx, a);
      e->vb_index = (uint8_t)i;
      e->location = (uint8_t)i;
      e->divisor = a->divisor;
   }
   /* Locations the program reads that no enabled array feeds take the current value. */
   const struct spv_program_info *info = ctx->program ? ctx->program->info : NULL;
   for (uint32_t i = 0; info && i < info->attrib_count; i++) {
      for (uint32_t s = 0; s < info->attribs[i].slots; s++) {
         int32_t loc = info->attribs[i].location + (int32_t)s;
         if (loc < 0 || loc >= GLF_MAX_VERTEX_ATTRIBS || (active & (1u << loc)))
            continue;
         v.constant_mask |= 1u << loc;
         memcpy(v.constant_values[loc], ctx->current_attrib[loc], sizeof(v.constant_values[loc]));
      }
   }
   bind_cso(ctx, WIRE_CSO_VELEMS, glf_cso_get(ctx, GLF_CSO_VELEMS, &v, sizeof(v)));
}

static void
glf_emit_vertex_buffers(struct glf_context *ctx)
{
   struct wire_vertex_buffers *p = GLF_BEGIN(ctx, SetVertexBuffers);
   if (!p)
      return;
   p->start = 0;
   p->count = GLF_MAX_VERTEX_ATTRIBS;
   uint32_t active = glf_active_attrib_mask(ctx);
   for (unsigned i = 0; i < GLF_MAX_VERTEX_ATTRIBS; i++) {
      if (!(active & (1u << i)))
         continue;
      const struct glf_vertex_attrib *a = &ctx->vao->attr[i];
      if (ctx->client_mask & (1u << i)) {
         p->vb[i] = ctx->client_vb[i];
      } else if (a->buffer && a->buffer->created) {
         p->vb[i].res = a->buffer->res;
         p->vb[i].offset = (uint32_t)(uintptr_t)a->ptr;
         p->vb[i].stride = a->stride ? (uint32_t)a->stride : glf_attrib_elem_size(a);
      }
   }
   wire_end(ctx->wire);
}

/* Texture target a program's sampler type reads. */
static enum glf_tex_target
sampler_target(GLenum t)
{
   switch (t) {
   case GL_SAMPLER_CUBE: case GL_SAMPLER_CUBE_SHADOW: case GL_INT_SAMPLER_CUBE: case GL_UNSIGNED_INT_SAMPLER_CUBE:
      return GLF_TEX_CUBE;
   case GL_SAMPLER_3D: case GL_INT_SAMPLER_3D: case GL_UNSIGNED_INT_SAMPLER_3D:
      return GLF_TEX_3D;
   case GL_SAMPLER_2D_ARRAY: case GL_SAMPLER_2D_ARRAY_SHADOW: case GL_INT_SAMPLER_2D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
      return GLF_TEX_2D_ARRAY;
   case GL_SAMPLER_2D_MULTISAMPLE: case GL_INT_SAMPLER_2D_MULTISAMPLE: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
      return GLF_TEX_2D_MS;
   case GL_SAMPLER_2D_MULTISAMPLE_ARRAY: case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return GLF_TEX_2D_MS_ARRAY;
   case GL_SAMPLER_BUFFER: case GL_INT_SAMPLER_BUFFER: case GL_UNSIGNED_INT_SAMPLER_BUFFER:
      return GLF_TEX_BUFFER;
   case GL_SAMPLER_1D: case GL_SAMPLER_1D_SHADOW: case GL_INT_SAMPLER_1D: case GL_UNSIGNED_INT_SAMPLER_1D:
      return GLF_TEX_1D;
   case GL_SAMPLER_1D_ARRAY: case GL_SAMPLER_1D_ARRAY_SHADOW: case GL_INT_SAMPLER_1D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
      return GLF_TEX_1D_ARRAY;
   case GL_SAMPLER_2D_RECT: case GL_SAMPLER_2D_RECT_SHADOW: case GL_INT_SAMPLER_2D_RECT:
   case GL_UNSIGNED_INT_SAMPLER_2D_RECT:
      return GLF_TEX_RECTANGLE;
   default:
      return GLF_TEX_2D;
   }
}

/* The texture each unit samples for the current program (NULL: unused). */
static void
unit_textures(struct glf_context *ctx, struct glf_texture *tex[GLF_MAX_TEXTURE_UNITS])
{
   memset(tex, 0, sizeof(tex[0]) * GLF_MAX_TEXTURE_UNITS);
   const struct glf_program *p = ctx->program;
   if (!p || !p->info)
      return;
   for (uint32_t s = 0; s < p->info->sampler_count; s++) {
      const struct spv_sampler *sm = &p->info->samplers[s];
      for (uint32_t e = 0; e < sm->array_size; e++) {
         uint32_t unit = p->sampler_units[sm->first_slot + e];
         if (unit < GLF_MAX_TEXTURE_UNITS)
            tex[unit] = glf_unit_texture(ctx, unit, sampler_target(sm->gl_type));
      }
   }
}

static void
glf_emit_sampler_views(struct glf_context *ctx)
{
   struct glf_texture *tex[GLF_MAX_TEXTURE_UNITS];
   unit_textures(ctx, tex);
   struct wire_sampler_views *p = GLF_BEGIN(ctx, SetSamplerViews);
   if (!p)
      return;
   p->start = 0;
   p->count = GLF_MAX_TEXTURE_UNITS;
   for (unsigned u = 0; u < GLF_MAX_TEXTURE_UNITS; u++)
      if (tex[u])
         glf_texture_view(ctx, tex[u], glf_unit_sampler_params(ctx, u, tex[u]), &p->v[u]);
   wire_end(ctx->wire);
}

static void
glf_emit_sampler_states(struct glf_context *ctx)
{
   struct glf_texture *tex[GLF_MAX_TEXTURE_UNITS];
   struct wire_bind_samplers b;
   unit_textures(ctx, tex);
   memset(&b, 0, sizeof(b));
   b.count = GLF_MAX_TEXTURE_UNITS;
   for (unsigned u = 0; u < GLF_MAX_TEXTURE_UNITS; u++) {
      /* A sampler object bound to the unit overrides the texture's sampling parameters
       * (ES 3.0 section 3.8.2); completeness is judged with the parameters in effect. */
      const struct glf_sampler_params *sp = tex[u] ? glf_unit_sampler_params(ctx, u, tex[u]) : NULL;
      if (!tex[u] || !glf_texture_complete(ctx, tex[u], sp))
         continue;
      /* buffer textures have no sampler (a texel buffer descriptor); multisample textures read
       * with texelFetch only, whatever the sampler (the server's default, NEAREST) */
      if (tex[u]->target == GL_TEXTURE_BUFFER || tex[u]->samples)
         continue;
      struct wire_sampler_state s;
      GLint base = tex[u]->base_level;
      if (tex[u]->immutable && base >= tex[u]->immutable_levels)
         base = tex[u]->immutable_levels - 1;
      glf_sampler_key(ctx, sp, tex[u]->img[0][base].fmt, &s);
      b.s[u] = glf_cso_get(ctx, GLF_CSO_SAMPLER, &s, sizeof(s));
   }
   struct wire_bind_samplers *p = GLF_BEGIN(ctx, BindSamplerStates);
   if (!p)
      return;
   *p = b;
   wire_end(ctx->wire);
   memcpy(ctx->bound_samplers, b.s, sizeof(ctx->bound_samplers));
}

static void
glf_emit_blend(struct glf_context *ctx)
{
   const struct glf_state *st = &ctx->st;
   struct wire_blend_state b;
   memset(&b, 0, sizeof(b));
   /* rt[i] is draw buffer i's (enable and colour mask are per draw buffer in GL 3.0+; the
    * functions and equations are shared until GL 4.0). independent: they differ. */
   /* The SRC1 factors travel only to a device that blends with two sources (the server refuses
    * them elsewhere). Without one, MAX_DUAL_SOURCE_DRAW_BUFFERS is 0 and every draw that blends
    * with them into a colour buffer is INVALID_OPERATION (draw.c): what reaches the server
    * writes no colour, so blending is left off instead. */
   const bool src1_off = glf_blend_uses_src1(ctx) && !(ctx->limits.features & WIRE_FEATURE_DUAL_SRC_BLEND);
   for (unsigned i = 0; i < GLF_MAX_DRAW_BUFFERS && i < WIRE_MAX_COLOR_BUFS; i++) {
      struct wire_rt_blend *rt = &b.rt[i];
      const GLboolean *m = st->color_mask[i];
      rt->blend_enable = st->blend[i];
      rt->rgb_func = blend_op(st->blend_eq_rgb);
      rt->alpha_func = blend_op(st->blend_eq_a);
      rt->rgb_src = blend_factor(st->blend_src_rgb);
      rt->rgb_dst = blend_factor(st->blend_dst_rgb);
      rt->alpha_src = blend_factor(st->blend_src_a);
      rt->alpha_dst = blend_factor(st->blend_dst_a);
      rt->colormask = (uint8_t)(m[0] | m[1] << 1 | m[2] << 2 | m[3] << 3);
      if (src1_off) {
         rt->blend_enable = 0;
         rt->rgb_src = rt->alpha_src = WIRE_BF_ONE;
         rt->rgb_dst = rt->alpha_dst = WIRE_BF_ZERO;
      }
      if (i && memcmp(rt, &b.rt[0], sizeof(*rt)))
         b.independent = 1;
   }
   if (!b.independent) /* one key for the common case, whatever the unused slots hold */
      memset(&b.rt[1], 0, sizeof(b.rt) - sizeof(b.rt[0]));
   b.logic_op_enable = GLF_CORE(ctx) && st->color_logic_op;
   b.logic_op = (uint8_t)(st->logic_op - GL_CLEAR);
   bind_cso(ctx, WIRE_CSO_BLEND, glf_cso_get(ctx, GLF_CSO_BLEND, &b, sizeof(b)));
}

static void
stencil_face(const struct glf_stencil_state *s, struct wire_stencil_face *f)
{
   f->func = compare_func(s->func);
   f->fail_op = stencil_op(s->fail);
   f->zfail_op = stencil_op(s->zfail);
   f->zpass_op = stencil_op(s->zpass);
   f->read_mask = (uint8_t)s->value_mask;
   f->write_mask = (uint8_t)s->write_mask;
}

static void
glf_emit_dsa(struct glf_context *ctx)
{
   const struct glf_state *st = &ctx->st;
   GLint bits[6];
   glf_framebuffer_bits(ctx, ctx->draw_fb, bits);
   struct wire_dsa_state d;
   memset(&d, 0, sizeof(d));
   /* From the OpenGL ES 3.0 spec, section 4.1.5/4.1.4: with no depth (stencil) buffer the
    * depth (stencil) test always passes, i.e. behaves as disabled. */
   d.depth_enable = st->depth_test && bits[4] > 0;
   d.depth_write = d.depth_enable && st->depth_mask;
   d.depth_func = compare_func(st->depth_func);
   d.stencil_enable = st->stencil_test && bits[5] > 0;
   stencil_face(&st->stencil[0], &d.front);
   stencil_face(&st->stencil[1], &d.back);
   bind_cso(ctx, WIRE_CSO_DSA, glf_cso_get(ctx, GLF_CSO_DSA, &d, sizeof(d)));
}

static void
glf_emit_rast(struct glf_context *ctx)
{
   const struct glf_state *st = &ctx->st;
   struct wire_rast_state r;
   memset(&r, 0, sizeof(r));
   r.cull_mode = st->cull_face ? cull_mode(st->cull_mode) : WIRE_CULL_NONE;
   r.front_ccw = st->front_face == GL_CCW;
   r.scissor_enable = st->scissor_test;
   r.rasterizer_discard = st->rasterizer_discard;
   r.offset_modes = (uint8_t)((st->polygon_offset_fill ? WIRE_OFFSET_FILL : 0) |
                              (st->polygon_offset_line ? WIRE_OFFSET_LINE : 0) |
                              (st->polygon_offset_point ? WIRE_OFFSET_POINT : 0));
   r.polygon_mode = st->polygon_mode == GL_LINE ? WIRE_POLYGON_LINE
                    : st->polygon_mode == GL_POINT ? WIRE_POLYGON_POINT : WIRE_POLYGON_FILL;
   r.depth_clamp = st->depth_clamp;
   r.provoking_first = st->provoking_vertex == GL_FIRST_VERTEX_CONVENTION;
   r.offset_factor = st->offset_factor;
   r.offset_units = st->offset_units;
   r.line_width = st->line_width;
   /* wire_rast_state.point_size: 0 lets the shader's gl_PointSize decide (GL_PROGRAM_POINT_SIZE,
    * core only; glPointSize rejects sizes <= 0, so 0 is free). */
   r.point_size = st->program_point_size ? 0.0f : st->point_size;
   bind_cso(ctx, WIRE_CSO_RAST, glf_cso_get(ctx, GLF_CSO_RAST, &r, sizeof(r)));
}

static void
glf_emit_viewport(struct glf_context *ctx)
{
   struct wire_viewport *v = GLF_BEGIN(ctx, SetViewport);
   if (!v)
      return;
   v->x = (float)ctx->st.viewport[0];
   v->y = (float)ctx->st.viewport[1];
   v->width = (float)ctx->st.viewport[2];
   v->height = (float)ctx->st.viewport[3];
   v->near_val = ctx->st.depth_near;
   v->far_val = ctx->st.depth_far;
   wire_end(ctx->wire);
}

static void
glf_emit_scissor(struct glf_context *ctx)
{
   struct wire_scissor *s = GLF_BEGIN(ctx, SetScissor);
   if (!s)
      return;
   s->x = ctx->st.scissor[0];
   s->y = ctx->st.scissor[1];
   s->width = ctx->st.scissor[2];
   s->height = ctx->st.scissor[3];
   wire_end(ctx->wire);
}

static uint32_t
stencil_ref(GLint ref)
{
   /* "ref is clamped to the range [0, 2^s - 1]" (s = 8 stencil bits). */
   return ref < 0 ? 0 : ref > 255 ? 255 : (uint32_t)ref;
}

static void
glf_emit_context_values(struct glf_context *ctx)
{
   struct wire_context_values *v = GLF_BEGIN(ctx, SetContextValues);
   if (!v)
      return;
   memcpy(v->blend_color, ctx->st.blend_color, sizeof(v->blend_color));
   v->stencil_ref_front = stencil_ref(ctx->st.stencil[0].ref);
   v->stencil_ref_back = stencil_ref(ctx->st.stencil[1].ref);
   wire_end(ctx->wire);
}

/* GL's multisample operations folded into the wire's one mask, as Mesa's st_update_sample_mask
 * does: with MULTISAMPLE enabled (always in ES) and a multisampled draw framebuffer,
 * SAMPLE_COVERAGE keeps the first floor(value * samples) samples (all others with invert), and
 * SAMPLE_MASK (GL core) ands glSampleMaski's word 0 (ES 3.0 section 4.1.3, GL 3.3 4.1.3). */
void
glf_emit_sample_state(struct glf_context *ctx)
{
   const struct glf_state *st = &ctx->st;
   uint32_t n = glf_framebuffer_samples(ctx, ctx->draw_fb);
   bool enabled = n > 1 && (GLF_ES(ctx) || st->multisample);
   struct wire_sample_state v = {.sample_mask = ~0u};
   if (enabled) {
      if (st->sample_coverage) {
         uint32_t bits = (uint32_t)(st->sample_coverage_value * (float)n);
         uint32_t m = bits >= 32 ? ~0u : (1u << bits) - 1u;
         v.sample_mask = st->sample_coverage_invert ? ~m : m;
      }
      if (GLF_CORE(ctx) && st->sample_mask)
         v.sample_mask &= st->sample_mask_value;
      v.alpha_to_coverage = st->sample_alpha_to_coverage;
      v.alpha_to_one = GLF_CORE(ctx) && st->sample_alpha_to_one;
   }
   if (ctx->sent_sample_state_valid && !memcmp(&ctx->sent_sample_state, &v, sizeof(v)))
      return;
   struct wire_sample_state *p = GLF_BEGIN(ctx, SetSampleState);
   if (!p)
      return;
   *p = v;
   wire_end(ctx->wire);
   ctx->sent_sample_state = v;
   ctx->sent_sample_state_valid = true;
}

/* GL core's POINT_SPRITE_COORD_ORIGIN (state.c); ES's origin is always the server's initial
 * UPPER_LEFT, so ES contexts never send it. */
void
glf_emit_point_state(struct glf_context *ctx)
{
   uint32_t origin = GLF_CORE(ctx) && ctx->st.point_sprite_origin == GL_LOWER_LEFT ? WIRE_POINT_ORIGIN_LOWER_LEFT
                                                                                  : WIRE_POINT_ORIGIN_UPPER_LEFT;
   if (origin == ctx->sent_point_origin)
      return;
   struct wire_point_state *p = GLF_BEGIN(ctx, SetPointState);
   if (!p)
      return;
   p->coord_origin = origin;
   p->pad = 0;
   wire_end(ctx->wire);
   ctx->sent_point_origin = origin;
}

/* The CLIP_DISTANCEi enables (enable.c) of GL core and of ES contexts with
 * EXT_clip_cull_distance; other ES contexts never send it (the server starts with all
 * disabled). */
void
glf_emit_clip_state(struct glf_context *ctx)
{
   uint32_t mask = 0;
   const bool has = GLF_CORE(ctx) || glf_has_clip_cull_distance(ctx);
   for (unsigned i = 0; has && i < WIRE_MAX_CLIP_DISTANCES; i++)
      mask |= ctx->st.clip_distance[i] ? 1u << i : 0u;
   if (mask == ctx->sent_clip_enable)
      return;
   struct wire_clip_state *c = GLF_BEGIN(ctx, SetClipState);
   if (!c)
      return;
   c->enable = mask;
   c->pad = 0;
   wire_end(ctx->wire);
   ctx->sent_clip_enable = mask;
}

/* ---- flush ---------------------------------------------------------------------------------- */
void
glf_update_derived(struct glf_context *ctx)
{
   uint32_t epoch = __atomic_load_n(&ctx->shared->epoch, __ATOMIC_ACQUIRE);
   if (ctx->shared_epoch != epoch) {
      /* a texture / renderbuffer / buffer storage or sampling state changed somewhere in the
       * share group */
      ctx->shared_epoch = epoch;
      glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_TEXTURES | GLF_DIRTY_VERTEX_BUFFERS | GLF_DIRTY_DSA |
                        GLF_DIRTY_UNIFORM_BUFFERS);
   }
   struct glf_program *p = ctx->program;
   if (p && p->link_serial != ctx->link_serial)
      glf_dirty(ctx, GLF_DIRTY_PROGRAM | GLF_DIRTY_PROGRAM_BINDINGS | GLF_DIRTY_CONSTBUF | GLF_DIRTY_VELEMS |
                        GLF_DIRTY_TEXTURES);
   if (p && (p != ctx->cb_program || p->uniform_serial != ctx->cb_serial))
      glf_dirty(ctx, GLF_DIRTY_CONSTBUF);
   if (p && p->bindings_serial != ctx->pb_serial)
      glf_dirty(ctx, GLF_DIRTY_PROGRAM_BINDINGS | GLF_DIRTY_TEXTURES);
   if (ctx->dirty & (GLF_DIRTY_PROGRAM | GLF_DIRTY_PROGRAM_BINDINGS))
      glf_dirty(ctx, GLF_DIRTY_TEXTURES);
}

void
glf_emit_state(struct glf_context *ctx)
{
   glf_update_derived(ctx);
   ctx->cso_clock++; /* CSOs this flush uses are not evicted by it */
   uint64_t dirty = ctx->dirty;
   if (dirty & GLF_DIRTY_FRAMEBUFFER)
      dirty |= GLF_DIRTY_SAMPLE_STATE; /* its sample count decides the mask */
#define ATOM(flag, fn)                                                                       \
   if (dirty & GLF_DIRTY_##flag)                                                            \
      fn(ctx);
   GLF_ATOMS(ATOM)
#undef ATOM
   ctx->dirty = 0;
}

/* ---- streaming buffer -------------------------------------------------------------------------- */
#define GLF_STREAM_MIN (1u << 20)

/* New storage for the streaming buffer (created on first use): later records see it; records
 * before it keep the old contents. */
static void
stream_orphan(struct glf_context *ctx, uint32_t want)
{
   uint32_t op = ctx->stream_res.gen ? WIRE_OP_ResourceRespecify : WIRE_OP_ResourceCreate;
   if (!ctx->stream_res.gen)
      ctx->stream_res = wire_handle_mint(ctx->wire, WIRE_KIND_RESOURCE);
   if (want < GLF_STREAM_MIN)
      want = GLF_STREAM_MIN;
   if (want > ctx->stream_size)
      ctx->stream_size = want;
   struct wire_resource_create *p = glf_begin(ctx, op, 0);
   if (p) {
      p->res = ctx->stream_res;
      p->target = WIRE_TARGET_BUFFER;
      p->width = ctx->stream_size;
      p->height = p->depth = p->layers = 1;
      wire_end(ctx->wire);
   }
   ctx->stream_off = 0;
}

uint32_t
glf_stream_upload(struct glf_context *ctx, const void *data, uint32_t size, uint32_t align)
{
   uint32_t off = (ctx->stream_off + align - 1) & ~(align - 1);
   if (!ctx->stream_res.gen || off + size > ctx->stream_size || off < ctx->stream_off) {
      /* Orphaning here gives every earlier upload of the same draw new storage under the same
       * handle: a draw's uploads are reserved together first (glf_stream_reserve). */
      stream_orphan(ctx, size * 2);
      off = 0;
   }
   glf_upload_buffer(ctx, ctx->stream_res, off, data, size);
   ctx->stream_off = off + size;
   return off;
}

/* Room for `total` bytes of uploads (each aligned to at most 4) in the current streaming
 * storage, orphaning it now if there is none: the uploads of one draw (client arrays, then
 * client indices) must all land in one storage, since the draw names them by one handle. */
void
glf_stream_reserve(struct glf_context *ctx, uint64_t total)
{
   if (ctx->stream_res.gen && (uint64_t)ctx->stream_off + total <= ctx->stream_size)
      return;
   if (total > WIRE_MAX_BUFFER_SIZE / 4)
      return; /* the uploads themselves raise GL_OUT_OF_MEMORY */
   stream_orphan(ctx, (uint32_t)total * 2);
}
