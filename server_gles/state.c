/* Espryt: constant state objects and the bound state of a context. The core's CSOs are kept
 * as their wire structs (samplers also as host sampler objects); set_* calls only record;
 * es_emit_draw_state flushes everything to the host context before a draw (or the part a
 * clear needs), comparing with what the host context last received (`ctx->host`) where a
 * host call is a bind or an enable, so redundant host calls are filtered. */
#include "es_private.h"

#include <stdlib.h>
#include <string.h>

#include "wire/format.h"

/* wire enums -> GL (wire/enums.schema's GL column): one table per enum, indexed by the wire
 * value, from the generated PREFIX_GL_MAP list */
#define GL_OF(w, g) [w] = g,
#define GL_TABLE(name, prefix) static const GLenum name[prefix##_COUNT] = {prefix##_GL_MAP(GL_OF)}
GL_TABLE(gl_blend_factor, WIRE_BF);
GL_TABLE(gl_blend_op, WIRE_BO);
GL_TABLE(gl_func, WIRE_FUNC);
GL_TABLE(gl_sop, WIRE_SOP);
GL_TABLE(gl_cull, WIRE_CULL);
GL_TABLE(gl_filter, WIRE_FILTER);
GL_TABLE(gl_wrap, WIRE_WRAP);
GL_TABLE(gl_swizzle, WIRE_SWZ);
#undef GL_TABLE
#undef GL_OF

/* ---- filtered host calls ------------------------------------------------------------------ */
void
es_host_enable(struct es_ctx *ctx, uint32_t bit, GLenum cap, bool on)
{
   struct es_hoststate *h = &ctx->host;
   if ((h->enables_known & bit) && !!(h->enables & bit) == on)
      return;
   (on ? ctx->be->gl.Enable : ctx->be->gl.Disable)(cap);
   h->enables_known |= bit;
   h->enables = on ? h->enables | bit : h->enables & ~bit;
}

void
es_host_forget(struct es_ctx *ctx)
{
   ctx->host.blend = ctx->host.dsa = ctx->host.rast = 0;
   ctx->host.viewport_known = false;
}

void
es_host_bind_program(struct es_ctx *ctx, GLuint prog)
{
   if (ctx->host.program != prog)
      ctx->be->gl.UseProgram(prog);
   ctx->host.program = prog;
}

/* ---- CSOs -------------------------------------------------------------------------------- */
#define SIMPLE_CSO(kind, wire_t)                                                                \
   static void *create_##kind(struct srv_backend *sbe, const struct wire_t *s)                  \
   {                                                                                            \
      struct es_##kind *c = calloc(1, sizeof(*c));                                              \
      if (c) {                                                                                  \
         c->s = *s;                                                                             \
         c->id = ++es_backend(sbe)->next_cso_id;                                                \
      }                                                                                         \
      return c;                                                                                 \
   }
SIMPLE_CSO(blend, wire_blend_state)
SIMPLE_CSO(dsa, wire_dsa_state)
SIMPLE_CSO(rast, wire_rast_state)
SIMPLE_CSO(velems, wire_velems_state)

static GLenum
min_filter(const struct wire_sampler_state *s)
{
   bool lin = s->min_filter == WIRE_FILTER_LINEAR;
   switch (s->mip_filter) {
   case WIRE_MIP_NEAREST: return lin ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
   case WIRE_MIP_LINEAR: return lin ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
   default: return lin ? GL_LINEAR : GL_NEAREST;
   }
}

static void *
create_sampler(struct srv_backend *sbe, const struct wire_sampler_state *s)
{
   struct es_backend *be = es_backend(sbe);
   struct es_sampler *c = calloc(1, sizeof(*c));
   if (!c || !es_make_current(be, NULL)) {
      free(c);
      return NULL;
   }
   c->s = *s;
   const struct es_gl *gl = &be->gl;
   gl->GenSamplers(1, &c->name);
   gl->SamplerParameteri(c->name, GL_TEXTURE_MIN_FILTER, (GLint)min_filter(s));
   gl->SamplerParameteri(c->name, GL_TEXTURE_MAG_FILTER, (GLint)gl_filter[s->mag_filter]);
   const uint8_t wraps[3] = {s->wrap_s, s->wrap_t, s->wrap_r};
   static const GLenum wrap_pname[3] = {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R};
   bool border = false;
   for (unsigned i = 0; i < 3; i++) {
      border |= wraps[i] == WIRE_WRAP_CLAMP_TO_BORDER;
      gl->SamplerParameteri(c->name, wrap_pname[i], (GLint)gl_wrap[wraps[i]]);
   }
   if (border && !es_has(be, ES_FEAT_BORDER_CLAMP))
      es_fail(be, "SamplerCreate: CLAMP_TO_BORDER without the host's border clamp");
   if (border && s->border_kind && !es_has(be, ES_FEAT_INTEGER_BORDER))
      es_unimplemented(be, "integer border colours below ES 3.2");
   else if (border && s->border_kind == 1)
      gl->SamplerParameterIiv(c->name, GL_TEXTURE_BORDER_COLOR, (const GLint *)s->border_int);
   else if (border && s->border_kind == 2)
      gl->SamplerParameterIuiv(c->name, GL_TEXTURE_BORDER_COLOR, s->border_int);
   else if (border)
      gl->SamplerParameterfv(c->name, GL_TEXTURE_BORDER_COLOR, s->border_color);
   /* Mesa 22.3's llvmpipe reads levels past the base with a non-mipmapped minification filter
    * when a lookup has both an offset and a bias (dEQP-GLES3 texture_functions
    * .textureoffset / .textureprojoffset .[iu]sampler2d*_bias_fragment; checked against the host
    * directly): where both filters are the same, a LOD clamped to 0 selects what GL defines
    * (the base level, with that filter) and keeps the host from the others */
   float max_lod = s->max_lod;
   if (s->mip_filter == WIRE_MIP_NONE && s->min_filter == s->mag_filter && s->min_lod <= 0.0f && max_lod > 0.0f)
      max_lod = 0.0f;
   gl->SamplerParameterf(c->name, GL_TEXTURE_MIN_LOD, s->min_lod);
   gl->SamplerParameterf(c->name, GL_TEXTURE_MAX_LOD, max_lod);
   /* ES has no TEXTURE_LOD_BIAS: s->lod_bias goes into the shader (program.c, variant_key) */
   if (s->compare_enable) {
      gl->SamplerParameteri(c->name, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
      gl->SamplerParameteri(c->name, GL_TEXTURE_COMPARE_FUNC, (GLint)gl_func[s->compare_func]);
   }
   if (s->max_anisotropy > 1.0f && es_has(be, ES_FEAT_ANISOTROPY))
      gl->SamplerParameterf(c->name, GL_TEXTURE_MAX_ANISOTROPY_EXT, s->max_anisotropy);
   es_check(be, "SamplerCreate");
   return c;
}

static void
delete_cso(struct srv_backend *sbe, uint32_t kind, void *cso)
{
   struct es_backend *be = es_backend(sbe);
   if (kind == WIRE_KIND_PROGRAM) {
      es_program_destroy(be, cso);
      return;
   }
   if (kind == WIRE_KIND_SAMPLER && es_make_current(be, NULL))
      be->gl.DeleteSamplers(1, &((struct es_sampler *)cso)->name);
   free(cso);
}

/* ---- bound state ----------------------------------------------------------------------- */
static void
bind_cso(struct srv_ctx *sctx, uint32_t slot, void *cso)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   switch (slot) {
   case WIRE_CSO_BLEND: ctx->blend = cso; break;
   case WIRE_CSO_DSA: ctx->dsa = cso; break;
   case WIRE_CSO_RAST: ctx->rast = cso; break;
   case WIRE_CSO_VELEMS: ctx->velems = cso; break;
   case WIRE_CSO_PROGRAM: ctx->prog = cso; break;
   default: break;
   }
}

static void
set_framebuffer(struct srv_ctx *sctx, const struct srv_framebuffer *fb)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   ctx->fb_state = *fb;
   ctx->fb_dirty = true;
}

static void
set_vertex_buffers(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_vertex_buffer *vbs)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   memcpy(&ctx->vbs[start], vbs, count * sizeof(*vbs));
   ctx->host.vertex_known = false;
}

static void
set_sampler_views(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_sampler_view *v)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   memcpy(&ctx->views[start], v, count * sizeof(*v));
}

static void
bind_sampler_states(struct srv_ctx *sctx, uint32_t start, uint32_t count, void *const *samplers)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   for (uint32_t i = 0; i < count; i++)
      ctx->samplers[start + i] = samplers[i];
}

static void
set_constant_buffer(struct srv_ctx *sctx, uint32_t index, const void *data, uint32_t size)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   if (size > ctx->const_size) {
      uint8_t *p = realloc(ctx->const_data, size);
      if (!p) {
         ctx->be->status = ctx->be->status ? ctx->be->status : SRV_STATUS_OUT_OF_MEMORY;
         return;
      }
      ctx->const_data = p;
   }
   memcpy(ctx->const_data, data, size);
   ctx->const_size = size;
   ctx->const_dirty = true;
}

static void
set_uniform_buffers(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_uniform_buffer *ubs)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   memcpy(&ctx->ubs[start], ubs, count * sizeof(*ubs));
}

static void
set_viewport(struct srv_ctx *sctx, const struct wire_viewport *vp)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   if (memcmp(&ctx->vp, vp, sizeof(*vp)))
      ctx->host.viewport_known = false;
   ctx->vp = *vp;
}

static void
set_scissor(struct srv_ctx *sctx, const struct wire_scissor *sc)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   if (memcmp(&ctx->sc, sc, sizeof(*sc)))
      ctx->host.viewport_known = false;
   ctx->sc = *sc;
}

/* blend colour and stencil references go out with the blend / depth-stencil state */
static void
set_context_values(struct srv_ctx *sctx, const struct wire_context_values *v)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   if (memcmp(&ctx->values, v, sizeof(*v)))
      ctx->host.blend = ctx->host.dsa = 0;
   ctx->values = *v;
}

static void
set_sample_state(struct srv_ctx *sctx, const struct wire_sample_state *st)
{
   ((struct es_ctx *)sctx)->sample = *st;
}

static void
set_point_state(struct srv_ctx *sctx, const struct wire_point_state *st)
{
   /* ES has only UPPER_LEFT: GL core's LOWER_LEFT is the variant whose fragment stage flips
    * gl_PointCoord.y (SPV_SPEC_POINT_ORIGIN, program.c) */
   ((struct es_ctx *)sctx)->point_origin = st->coord_origin;
}

static void
set_clip_state(struct srv_ctx *sctx, const struct wire_clip_state *st)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   /* the front end enables no more planes than MAX_CLIP_DISTANCES (the host's, caps.c) */
   if (st->enable && !es_has(ctx->be, ES_FEAT_CLIP_CULL_DISTANCE))
      es_unimplemented(ctx->be, "SetClipState (clip distances) on a host without EXT_clip_cull_distance");
   ctx->clip_enable = st->enable;
}

void
es_state_ops(struct srv_backend_ops *ops)
{
   ops->create_blend = create_blend;
   ops->create_dsa = create_dsa;
   ops->create_rast = create_rast;
   ops->create_sampler = create_sampler;
   ops->create_velems = create_velems;
   ops->delete_cso = delete_cso;
   ops->bind_cso = bind_cso;
   ops->set_framebuffer = set_framebuffer;
   ops->set_vertex_buffers = set_vertex_buffers;
   ops->set_sampler_views = set_sampler_views;
   ops->bind_sampler_states = bind_sampler_states;
   ops->set_constant_buffer = set_constant_buffer;
   ops->set_uniform_buffers = set_uniform_buffers;
   ops->set_program_bindings = es_set_program_bindings;
   ops->set_viewport = set_viewport;
   ops->set_scissor = set_scissor;
   ops->set_context_values = set_context_values;
   ops->set_sample_state = set_sample_state;
   ops->set_point_state = set_point_state;
   ops->set_clip_state = set_clip_state;
}

/* ---- emit ------------------------------------------------------------------------------- */
uint32_t
es_logic_kind(uint32_t wire_format)
{
   const struct wire_format_info *fi = wire_format_info(wire_format);
   if (fi->flags & (WIRE_FMTF_SRGB | WIRE_FMTF_DEPTH | WIRE_FMTF_STENCIL | WIRE_FMTF_COMPRESSED))
      return ES_LOP_UNSUPPORTED;
   switch (fi->ctype) {
   case WIRE_CT_UNORM8: return ES_LOP_UNORM8;
   case WIRE_CT_UNORM16: return ES_LOP_UNORM16;
   case WIRE_CT_FLOAT16:
   case WIRE_CT_FLOAT32: return ES_LOP_NONE; /* "no effect on a floating-point destination" */
   case WIRE_CT_SINT8:
   case WIRE_CT_SINT16:
   case WIRE_CT_SINT32: return ES_LOP_INT;
   case WIRE_CT_UINT8:
   case WIRE_CT_UINT16:
   case WIRE_CT_UINT32: return ES_LOP_UINT;
   case WIRE_CT_PACKED: return fi->packing == WIRE_PACK_11_11_10F || fi->packing == WIRE_PACK_999E5 ? ES_LOP_NONE
                                                                                                      : ES_LOP_UNSUPPORTED;
   default: return ES_LOP_UNSUPPORTED;
   }
}

static void
emit_blend(struct es_ctx *ctx)
{
   const struct es_gl *gl = &ctx->be->gl;
   const struct wire_blend_state *b = &ctx->blend->s;
   uint32_t n = ctx->fb_state.nr_cbufs ? ctx->fb_state.nr_cbufs : 1;
   if (b->logic_op_enable) {
      /* the program's variant does the op (program.c); blending is not done meanwhile
       * (OpenGL 3.3 section 4.1.11). The core offers logic op only with framebuffer fetch
       * (caps.c); packed unsigned normalized attachments (565, 4444, 5551, 10-10-10-2) and
       * sRGB ones are refused by name. */
      if (!es_has(ctx->be, ES_FEAT_FRAMEBUFFER_FETCH) && !es_has(ctx->be, ES_FEAT_FRAMEBUFFER_FETCH_NC))
         es_unimplemented(ctx->be, "logic op on a host without framebuffer fetch");
      for (uint32_t i = 0; i < ctx->fb_state.nr_cbufs; i++) {
         const struct es_resource *r = (const struct es_resource *)ctx->fb_state.cbufs[i].res;
         if (r && es_logic_kind(r->templ.format) == ES_LOP_UNSUPPORTED)
            es_unimplemented(ctx->be, "logic op on a packed or sRGB colour attachment");
      }
      if (es_has(ctx->be, ES_FEAT_INDEXED_BLEND))
         for (uint32_t i = 0; i < n; i++) {
            const struct wire_rt_blend *rt = &b->rt[b->independent ? i : 0];
            gl->Disablei(GL_BLEND, i);
            gl->ColorMaski(i, rt->colormask & 1, (rt->colormask >> 1) & 1, (rt->colormask >> 2) & 1,
                           (rt->colormask >> 3) & 1);
         }
      else if (b->independent)
         es_unimplemented(ctx->be, "independent colour masks without the host's indexed blend");
      ctx->host.enables_known &= ~ES_EN_BLEND;
      if (!es_has(ctx->be, ES_FEAT_INDEXED_BLEND)) {
         es_host_enable(ctx, ES_EN_BLEND, GL_BLEND, false);
         const uint8_t m = b->rt[0].colormask;
         gl->ColorMask(m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1);
      }
      return;
   }
   /* dual-source factors (revision 15): offered only with the host's EXT_blend_func_extended
    * (caps.c), whose SRC1 enums are GL core's */
   for (uint32_t i = 0; i < n && !es_has(ctx->be, ES_FEAT_DUAL_SOURCE_BLEND); i++) {
      const struct wire_rt_blend *rt = &b->rt[b->independent ? i : 0];
      const uint8_t f[4] = {rt->rgb_src, rt->rgb_dst, rt->alpha_src, rt->alpha_dst};
      for (unsigned k = 0; k < 4; k++)
         if (f[k] >= WIRE_BF_SRC1_COLOR)
            es_unimplemented(ctx->be, "dual-source blending");
   }
   if (b->independent && es_has(ctx->be, ES_FEAT_INDEXED_BLEND)) {
      for (uint32_t i = 0; i < n; i++) {
         const struct wire_rt_blend *rt = &b->rt[i];
         (rt->blend_enable ? gl->Enablei : gl->Disablei)(GL_BLEND, i);
         gl->BlendFuncSeparatei(i, gl_blend_factor[rt->rgb_src], gl_blend_factor[rt->rgb_dst],
                                gl_blend_factor[rt->alpha_src], gl_blend_factor[rt->alpha_dst]);
         gl->BlendEquationSeparatei(i, gl_blend_op[rt->rgb_func], gl_blend_op[rt->alpha_func]);
         gl->ColorMaski(i, rt->colormask & 1, (rt->colormask >> 1) & 1, (rt->colormask >> 2) & 1,
                        (rt->colormask >> 3) & 1);
      }
      ctx->host.enables_known &= ~ES_EN_BLEND;
      return;
   }
   if (b->independent)
      es_unimplemented(ctx->be, "independent blend without the host's indexed blend");
   const struct wire_rt_blend *rt = &b->rt[0];
   es_host_enable(ctx, ES_EN_BLEND, GL_BLEND, rt->blend_enable);
   gl->BlendFuncSeparate(gl_blend_factor[rt->rgb_src], gl_blend_factor[rt->rgb_dst], gl_blend_factor[rt->alpha_src],
                         gl_blend_factor[rt->alpha_dst]);
   gl->BlendEquationSeparate(gl_blend_op[rt->rgb_func], gl_blend_op[rt->alpha_func]);
   gl->ColorMask(rt->colormask & 1, (rt->colormask >> 1) & 1, (rt->colormask >> 2) & 1, (rt->colormask >> 3) & 1);
   const float *c = ctx->values.blend_color;
   gl->BlendColor(c[0], c[1], c[2], c[3]);
}

static void
emit_dsa(struct es_ctx *ctx)
{
   const struct es_gl *gl = &ctx->be->gl;
   const struct wire_dsa_state *d = &ctx->dsa->s;
   es_host_enable(ctx, ES_EN_DEPTH, GL_DEPTH_TEST, d->depth_enable);
   gl->DepthMask(d->depth_write);
   gl->DepthFunc(gl_func[d->depth_func]);
   es_host_enable(ctx, ES_EN_STENCIL, GL_STENCIL_TEST, d->stencil_enable);
   const struct wire_stencil_face *f[2] = {&d->front, &d->back};
   static const GLenum face[2] = {GL_FRONT, GL_BACK};
   const uint32_t ref[2] = {ctx->values.stencil_ref_front, ctx->values.stencil_ref_back};
   for (unsigned i = 0; i < 2; i++) {
      gl->StencilFuncSeparate(face[i], gl_func[f[i]->func], (GLint)ref[i], f[i]->read_mask);
      gl->StencilOpSeparate(face[i], gl_sop[f[i]->fail_op], gl_sop[f[i]->zfail_op], gl_sop[f[i]->zpass_op]);
      gl->StencilMaskSeparate(face[i], f[i]->write_mask);
   }
}

static void
emit_rast(struct es_ctx *ctx)
{
   const struct es_gl *gl = &ctx->be->gl;
   const struct wire_rast_state *r = &ctx->rast->s;
   /* polygon mode and first-vertex provoking: the program's variant (program.c's
    * make_raster_gs); the core offers them only with the host's geometry shaders (caps.c) */
   if ((r->polygon_mode != WIRE_POLYGON_FILL || r->provoking_first) && !es_has(ctx->be, ES_FEAT_GEOMETRY_SHADER))
      es_unimplemented(ctx->be, "polygon mode / first-vertex provoking on a host without geometry shaders");
   if ((r->polygon_mode == WIRE_POLYGON_LINE && (r->offset_modes & WIRE_OFFSET_LINE)) ||
       (r->polygon_mode == WIRE_POLYGON_POINT && (r->offset_modes & WIRE_OFFSET_POINT)))
      es_unimplemented(ctx->be, "polygon offset of LINE / POINT polygons on an ES host");
   /* GL core's DEPTH_CLAMP: EXT_depth_clamp's (the core offers it only with the host's, caps.c) */
   if (r->depth_clamp && !es_has(ctx->be, ES_FEAT_DEPTH_CLAMP))
      es_unimplemented(ctx->be, "depth clamp on a host without EXT_depth_clamp");
   if (es_has(ctx->be, ES_FEAT_DEPTH_CLAMP))
      es_host_enable(ctx, ES_EN_DEPTH_CLAMP, GL_DEPTH_CLAMP_EXT, r->depth_clamp);
   es_host_enable(ctx, ES_EN_CULL, GL_CULL_FACE, r->cull_mode != WIRE_CULL_NONE);
   if (r->cull_mode != WIRE_CULL_NONE)
      gl->CullFace(gl_cull[r->cull_mode]);
   gl->FrontFace(r->front_ccw ? GL_CCW : GL_CW);
   es_host_enable(ctx, ES_EN_SCISSOR, GL_SCISSOR_TEST, r->scissor_enable);
   es_host_enable(ctx, ES_EN_DISCARD, GL_RASTERIZER_DISCARD, r->rasterizer_discard);
   es_host_enable(ctx, ES_EN_OFFSET_FILL, GL_POLYGON_OFFSET_FILL, (r->offset_modes & WIRE_OFFSET_FILL) != 0);
   gl->PolygonOffset(r->offset_factor, r->offset_units);
   gl->LineWidth(r->line_width > 0 ? r->line_width : 1.0f);
}

static void
emit_viewport(struct es_ctx *ctx)
{
   const struct es_gl *gl = &ctx->be->gl;
   const struct wire_viewport *v = &ctx->vp;
   /* GL's viewport is integer; the front end sends GL's own values */
   gl->Viewport((GLint)v->x, (GLint)v->y, (GLsizei)v->width, (GLsizei)v->height);
   gl->DepthRangef(v->near_val, v->far_val);
   gl->Scissor(ctx->sc.x, ctx->sc.y, ctx->sc.width, ctx->sc.height);
}

static void
emit_sample(struct es_ctx *ctx)
{
   es_host_enable(ctx, ES_EN_A2C, GL_SAMPLE_ALPHA_TO_COVERAGE, ctx->sample.alpha_to_coverage);
   if (ctx->sample.alpha_to_one)
      es_unimplemented(ctx->be, "alpha to one (GL core) on an ES host");
   bool masked = ctx->fb_state.samples > 1 &&
                 (ctx->sample.sample_mask & ((1u << ctx->fb_state.samples) - 1)) != (1u << ctx->fb_state.samples) - 1;
   if (masked && !es_has(ctx->be, ES_FEAT_SAMPLE_MASK))
      es_unimplemented(ctx->be, "sample mask without ES 3.1");
   if (es_has(ctx->be, ES_FEAT_SAMPLE_MASK)) {
      es_host_enable(ctx, ES_EN_SAMPLE_MASK, GL_SAMPLE_MASK, masked);
      if (masked)
         ctx->be->gl.SampleMaski(0, ctx->sample.sample_mask);
   }
}

/* Revision 12: a single-sampled renderbuffer (an EGLImage's) read as TEX_2D. GL samples no
 * renderbuffer, so each draw that reads one copies it into a one-level texture of the same
 * format first (glCopyImageSubData, ES 3.2): the draw sees the renderbuffer as it is then. */
static GLuint
renderbuffer_shadow(struct es_backend *be, struct es_resource *r)
{
   const struct es_gl *gl = &be->gl;
   const struct es_format *f = es_format(be, r->templ.format);
   if (!es_has(be, ES_FEAT_COPY_IMAGE) || !f || r->templ.samples > 1) {
      es_unimplemented(be, "sampling a renderbuffer without glCopyImageSubData");
      return 0;
   }
   if (!r->shadow) {
      gl->GenTextures(1, &r->shadow);
      gl->BindTexture(GL_TEXTURE_2D, r->shadow);
      gl->TexStorage2D(GL_TEXTURE_2D, 1, f->ifmt, (GLsizei)r->templ.width, (GLsizei)r->templ.height);
   }
   gl->CopyImageSubData(r->name, GL_RENDERBUFFER, 0, 0, 0, 0, r->shadow, GL_TEXTURE_2D, 0, 0, 0, 0,
                        (GLsizei)r->templ.width, (GLsizei)r->templ.height, 1);
   return r->shadow;
}

/* GL core's buffer textures (ES 3.2 section 8.9): a sampler view of a buffer reads it through
 * a TEXTURE_BUFFER texture of the view's format, one per format the buffer is read with, made
 * on first use and given the buffer again when its storage changed (a remint makes new
 * storage). Binds on the active unit when it has to call glTexBuffer; *bound says so. */
static GLuint
buffer_texture(struct es_backend *be, struct es_resource *r, uint32_t format, bool *bound)
{
   const struct es_gl *gl = &be->gl;
   const struct es_format *f = es_format(be, format);
   *bound = false;
   if (!es_has(be, ES_FEAT_TEXTURE_BUFFER) || !f) {
      es_unimplemented(be, "buffer textures on a host without EXT_texture_buffer");
      return 0;
   }
   unsigned i = 0;
   while (i < ES_MAX_TBO_FORMATS && r->tbo[i].tex && r->tbo[i].ifmt != f->ifmt)
      i++;
   if (i == ES_MAX_TBO_FORMATS) {
      es_unimplemented(be, "a buffer read as buffer textures of more than 4 formats");
      return 0;
   }
   if (!r->tbo[i].tex)
      gl->GenTextures(1, &r->tbo[i].tex);
   if (r->tbo[i].buffer != r->name || r->tbo[i].ifmt != f->ifmt) {
      gl->BindTexture(GL_TEXTURE_BUFFER, r->tbo[i].tex);
      gl->TexBufferEXT(GL_TEXTURE_BUFFER, f->ifmt, r->name);
      r->tbo[i].buffer = r->name;
      r->tbo[i].ifmt = f->ifmt;
      *bound = true;
   }
   return r->tbo[i].tex;
}

static void
emit_textures(struct es_ctx *ctx)
{
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   struct es_hoststate *h = &ctx->host;
   if (h->tex_epoch != be->tex_epoch) { /* some texture was bound behind the tracking's back */
      for (uint32_t u = 0; u < WIRE_MAX_SAMPLER_UNITS; u++) {
         h->unit_tex[u] = ~0u;
         h->unit_target[u] = 0;
         h->unit_sampler[u] = ~0u;
      }
      /* unbind every target of every unit once, so a stale binding cannot linger */
      static const GLenum targets[] = {GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY,
                                       GL_TEXTURE_BUFFER, GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY};
      const bool has[] = {true, true, true, true, es_has(be, ES_FEAT_TEXTURE_BUFFER), es_has(be, ES_FEAT_MS_TEXTURE),
                          es_has(be, ES_FEAT_MS_TEXTURE_ARRAY)};
      for (uint32_t u = 0; u < WIRE_MAX_SAMPLER_UNITS && u < be->max_units; u++) {
         gl->ActiveTexture(GL_TEXTURE0 + u);
         for (unsigned t = 0; t < sizeof(targets) / sizeof(targets[0]); t++)
            if (has[t])
               gl->BindTexture(targets[t], 0);
      }
      h->tex_epoch = be->tex_epoch;
   }
   for (uint32_t u = 0; u < WIRE_MAX_SAMPLER_UNITS && u < be->max_units; u++) {
      const struct srv_sampler_view *v = &ctx->views[u];
      struct es_resource *r = (struct es_resource *)v->res;
      GLuint tex = r ? r->name : 0;
      GLenum target = r ? r->target : 0;
      if (r && r->target == GL_RENDERBUFFER) {
         gl->ActiveTexture(GL_TEXTURE0 + u); /* the shadow's creation binds on this unit */
         tex = renderbuffer_shadow(be, r);
         target = GL_TEXTURE_2D;
         h->unit_tex[u] = ~0u;
      } else if (r && r->is_buffer) {
         bool bound;
         gl->ActiveTexture(GL_TEXTURE0 + u);
         tex = buffer_texture(be, r, v->format, &bound);
         target = GL_TEXTURE_BUFFER;
         if (bound)
            h->unit_tex[u] = ~0u;
      }
      struct es_sampler *s = ctx->samplers[u];
      GLuint sampler = s ? s->name : 0;
      bool view_stale = r && tex && target == r->target &&
                        (!r->view_known || memcmp(r->swizzle, v->swizzle, 4) || r->base_level != v->first_level ||
                         r->max_level != v->last_level || r->aspect != v->aspect);
      if (h->unit_tex[u] == tex && h->unit_target[u] == target && h->unit_sampler[u] == sampler && !view_stale)
         continue;
      gl->ActiveTexture(GL_TEXTURE0 + u);
      if (h->unit_target[u] && (h->unit_target[u] != target || !tex))
         gl->BindTexture(h->unit_target[u], 0); /* one target bound per unit */
      if (tex)
         gl->BindTexture(target, tex);
      if (h->unit_sampler[u] != sampler)
         gl->BindSampler(u, sampler);
      h->unit_tex[u] = tex;
      h->unit_target[u] = tex ? target : 0;
      h->unit_sampler[u] = sampler;
      if (!view_stale)
         continue;
      /* the view's swizzle and level range are texture state on the host: set where they
       * change */
      static const GLenum sw[4] = {GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B,
                                   GL_TEXTURE_SWIZZLE_A};
      for (unsigned c = 0; c < 4; c++)
         gl->TexParameteri(r->target, sw[c], (GLint)gl_swizzle[v->swizzle[c]]);
      gl->TexParameteri(r->target, GL_TEXTURE_BASE_LEVEL, (GLint)v->first_level);
      gl->TexParameteri(r->target, GL_TEXTURE_MAX_LEVEL, (GLint)v->last_level);
      /* the aspect a depth / stencil texture reads (ES 3.1's DEPTH_STENCIL_TEXTURE_MODE; the
       * core sends STENCIL only where the capability table says so) */
      if (wire_format_has_depth(r->templ.format) && wire_format_has_stencil(r->templ.format) &&
          es_has(be, ES_FEAT_STENCIL_TEXTURING))
         gl->TexParameteri(r->target, GL_DEPTH_STENCIL_TEXTURE_MODE,
                           v->aspect == WIRE_ASPECT_STENCIL ? GL_STENCIL_INDEX : GL_DEPTH_COMPONENT);
      r->aspect = v->aspect;
      memcpy(r->swizzle, v->swizzle, 4);
      r->base_level = v->first_level;
      r->max_level = v->last_level;
      r->view_known = true;
   }
}

static void
emit_uniforms(struct es_ctx *ctx)
{
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   if (ctx->const_dirty && ctx->const_size) {
      gl->BindBuffer(GL_UNIFORM_BUFFER, ctx->const_ubo);
      gl->BufferData(GL_UNIFORM_BUFFER, ctx->const_size, ctx->const_data, GL_STREAM_DRAW);
      ctx->const_dirty = false;
   }
   struct es_hoststate *h = &ctx->host;
   if (ctx->const_size && (h->ub[WIRE_MAX_UNIFORM_BLOCKS].name != ctx->const_ubo ||
                           h->ub[WIRE_MAX_UNIFORM_BLOCKS].size != ctx->const_size)) {
      gl->BindBufferRange(GL_UNIFORM_BUFFER, be->default_ubo_binding, ctx->const_ubo, 0, ctx->const_size);
      h->ub[WIRE_MAX_UNIFORM_BLOCKS].name = ctx->const_ubo;
      h->ub[WIRE_MAX_UNIFORM_BLOCKS].size = ctx->const_size;
   }
   for (uint32_t i = 0; i < WIRE_MAX_UNIFORM_BLOCKS && i < be->default_ubo_binding; i++) {
      const struct srv_uniform_buffer *ub = &ctx->ubs[i];
      struct es_resource *r = (struct es_resource *)ub->res;
      GLuint name = 0;
      uint32_t size = 0;
      if (r && r->name && ub->offset < r->templ.width) {
         name = r->name;
         size = ub->size ? ub->size : r->templ.width - ub->offset;
         if (size > r->templ.width - ub->offset)
            size = r->templ.width - ub->offset;
      }
      if (h->ub[i].name == name && h->ub[i].offset == ub->offset && h->ub[i].size == size)
         continue;
      if (name)
         gl->BindBufferRange(GL_UNIFORM_BUFFER, i, name, ub->offset, size);
      else
         gl->BindBufferBase(GL_UNIFORM_BUFFER, i, 0);
      h->ub[i].name = name;
      h->ub[i].offset = ub->offset;
      h->ub[i].size = size;
   }
}

static void
emit_vertices(struct es_ctx *ctx)
{
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   const struct wire_velems_state *ve = ctx->velems ? &ctx->velems->s : NULL;
   uint32_t used = 0;
   for (uint32_t i = 0; ve && i < ve->count; i++) {
      const struct wire_vertex_element *e = &ve->e[i];
      const struct srv_vertex_buffer *vb = &ctx->vbs[e->vb_index];
      struct es_resource *r = (struct es_resource *)vb->res;
      GLint size;
      GLenum type;
      GLboolean norm;
      bool integer;
      if (!r || !r->name || !es_vformat(e->format, &size, &type, &norm, &integer))
         continue; /* an unbound buffer: the attribute reads its current value below */
      gl->BindBuffer(GL_ARRAY_BUFFER, r->name);
      const void *ptr = (const void *)(uintptr_t)((uint64_t)vb->offset + e->src_offset);
      if (integer)
         gl->VertexAttribIPointer(e->location, size, type, (GLsizei)vb->stride, ptr);
      else
         gl->VertexAttribPointer(e->location, size, type, norm, (GLsizei)vb->stride, ptr);
      gl->VertexAttribDivisor(e->location, e->divisor);
      gl->EnableVertexAttribArray(e->location);
      used |= 1u << e->location;
   }
   for (uint32_t l = 0; l < WIRE_MAX_VERTEX_ATTRIBS; l++) {
      if (used & (1u << l))
         continue;
      gl->DisableVertexAttribArray(l);
      if (ve && (ve->constant_mask & (1u << l)))
         gl->VertexAttrib4fv(l, ve->constant_values[l]);
   }
}

/* Everything a draw reads; for a clear only the framebuffer (clears take their own masks and
 * scissor). False: nothing may be drawn (the session is failing). */
bool
es_emit_draw_state(struct es_ctx *ctx, bool for_clear)
{
   es_bind_framebuffer(ctx);
   if (for_clear)
      return ctx->be->status != SRV_STATUS_DEVICE_LOST;
   if (!ctx->blend || !ctx->dsa || !ctx->rast) {
      es_fail(ctx->be, "Draw without blend / depth-stencil / rasterizer state bound");
      return false;
   }
   if (ctx->host.vao != ctx->vao)
      ctx->be->gl.BindVertexArray(ctx->vao);
   ctx->host.vao = ctx->vao;
   /* each group is sent only when its CSO or values changed since this host context got it */
   if (ctx->host.blend != ctx->blend->id)
      emit_blend(ctx);
   ctx->host.blend = ctx->blend->id;
   if (ctx->host.dsa != ctx->dsa->id)
      emit_dsa(ctx);
   ctx->host.dsa = ctx->dsa->id;
   if (ctx->host.rast != ctx->rast->id)
      emit_rast(ctx);
   ctx->host.rast = ctx->rast->id;
   if (!ctx->host.viewport_known)
      emit_viewport(ctx);
   ctx->host.viewport_known = true;
   emit_sample(ctx);
   /* CLIP_DISTANCEi_EXT: only the planes that changed (host state starts all disabled). A
    * desktop program's variant also writes 1.0 into each disabled distance
    * (SPV_SPEC_CLIP_ENABLE, program.c): Mesa 22.3's llvmpipe clips against every distance
    * written when none is enabled (gl33_clip_distance) */
   for (uint32_t d = ctx->clip_enable ^ ctx->host.clip_enable, i = 0; d; d >>= 1, i++)
      if (d & 1)
         (ctx->clip_enable >> i & 1 ? ctx->be->gl.Enable : ctx->be->gl.Disable)(GL_CLIP_DISTANCE0_EXT + i);
   ctx->host.clip_enable = ctx->clip_enable;
   emit_textures(ctx);
   if (ctx->host.buf_epoch != ctx->be->buf_epoch) { /* a buffer was deleted: bind them again */
      for (uint32_t i = 0; i <= WIRE_MAX_UNIFORM_BLOCKS; i++)
         ctx->host.ub[i].name = ~0u;
      ctx->host.vertex_known = false;
      ctx->host.buf_epoch = ctx->be->buf_epoch;
   }
   emit_uniforms(ctx);
   uint64_t ve = ctx->velems ? ctx->velems->id : 0;
   if (!ctx->host.vertex_known || ctx->host.velems != ve)
      emit_vertices(ctx);
   ctx->host.velems = ve;
   ctx->host.vertex_known = true;
   return es_check(ctx->be, "Draw state") && ctx->be->status != SRV_STATUS_DEVICE_LOST;
}
