/* splitgl server: records that set a context's bound state. The core keeps the state as
 * handles (for scrubbing on destroy) and hands the backend resolved objects. */
#include <string.h>

#include "server_private.h"
#include "wire/format.h"

/* Field rules (slot in range, pad 0, the handle null or live of the slot's kind:
 * wire/payloads.schema) ran before every handler here; these check what needs other state. */

uint32_t
srv_cso_slot_kind(uint32_t slot)
{
   return wire_cso_slot_kind[slot];
}

void
srv_handle_BindCso(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_bind_cso *b = p;
   struct srv_context *ctx = srv_cur(s, "BindCso.context");
   if (!ctx)
      return;
   void *be = NULL;
   if (b->cso.gen) {
      struct srv_cso *c = srv_get_cso(s, wire_cso_slot_kind[b->slot], b->cso, "BindCso.cso");
      if (!c)
         return;
      be = c->be;
   }
   ctx->cso[b->slot] = b->cso;
   s->ops->bind_cso(ctx->be, b->slot, be);
}

/* A surface names a live texture/renderbuffer level and layer that exists. */
static bool
resolve_surface(struct srv_session *s, const struct wire_surface_ref *ref, bool depth, uint32_t min_w,
                uint32_t min_h, struct srv_surface *out)
{
   memset(out, 0, sizeof(*out));
   if (!ref->res.gen)
      return ref->level == 0 && ref->layer == 0;
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], ref->res);
   if (!e)
      return false;
   struct srv_res *r = e->obj;
   const struct wire_resource_create *t = &r->templ;
   if (t->target == WIRE_TARGET_BUFFER || wire_format_has_depth(t->format) != depth)
      return false;
   /* Only formats the backend renders to (the front end leaves the others out: they make the
    * framebuffer incomplete or unsupported). */
   const uint64_t renderable[2] = {s->ops->get_param(s->be, WIRE_CAP_RENDERABLE_FORMATS),
                                   s->ops->get_param(s->be, WIRE_CAP_RENDERABLE_FORMATS_1)};
   if (!wire_format_mask_has(renderable, t->format) || wire_format_is_compressed(t->format))
      return false;
   if (ref->level > t->last_level)
      return false;
   uint32_t layers = t->target == WIRE_TARGET_TEX_3D ? wire_minify(t->depth, ref->level) : t->layers;
   if (ref->layer >= layers)
      return false;
   if (wire_minify(t->width, ref->level) < min_w || wire_minify(t->height, ref->level) < min_h)
      return false;
   out->res = r->be;
   out->level = ref->level;
   out->layer = ref->layer;
   out->samples = t->samples > 1 ? t->samples : 1;
   out->layers = 1;
   return true;
}

/* A layered attachment (WIRE_FB_LAYERED): a target with layers, from layer 0; its layer
 * count at the level. 0 if it cannot be layered. */
static uint32_t
surface_layers(struct srv_session *s, const struct wire_surface_ref *ref)
{
   const struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], ref->res);
   const struct wire_resource_create *t = &((const struct srv_res *)e->obj)->templ;
   if (ref->layer)
      return 0;
   switch (t->target) {
   case WIRE_TARGET_TEX_3D: return wire_minify(t->depth, ref->level);
   case WIRE_TARGET_TEX_CUBE:
   case WIRE_TARGET_TEX_2D_ARRAY:
   case WIRE_TARGET_TEX_1D_ARRAY:
   case WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY: return t->layers;
   default: return 0;
   }
}

/* Whether a (resolved) surface's resource has an sRGB wire format. */
static bool
surface_srgb(struct srv_session *s, const struct wire_surface_ref *ref)
{
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], ref->res);
   return e && (wire_format_info(((struct srv_res *)e->obj)->templ.format)->flags & WIRE_FMTF_SRGB);
}

static bool
resolve_framebuffer(struct srv_session *s, const struct wire_framebuffer *fb, struct srv_framebuffer *out)
{
   memset(out, 0, sizeof(*out)); /* fb's fields passed their rules when it was set */
   out->width = fb->width;
   out->height = fb->height;
   out->nr_cbufs = fb->nr_cbufs;
   for (uint32_t i = 0; i < WIRE_MAX_COLOR_BUFS; i++) {
      static const struct wire_surface_ref none;
      const struct wire_surface_ref *ref = i < fb->nr_cbufs ? &fb->cbufs[i] : &none;
      if (!resolve_surface(s, ref, false, fb->width, fb->height, &out->cbufs[i]))
         return false;
      const struct srv_surface *cs = &out->cbufs[i];
      out->cbufs[i].linear = (fb->flags & WIRE_FB_LINEAR_SRGB) && cs->res && surface_srgb(s, ref);
   }
   if (!resolve_surface(s, &fb->zsbuf, true, fb->width, fb->height, &out->zsbuf))
      return false;
   /* Layered: every attachment has layers (else the client's FRAMEBUFFER_INCOMPLETE_LAYER_
    * TARGETS); the framebuffer renders the fewest of them. */
   out->layers = 1;
   if (fb->flags & WIRE_FB_LAYERED) {
      uint32_t layers = UINT32_MAX;
      for (uint32_t i = 0; i <= WIRE_MAX_COLOR_BUFS; i++) {
         const struct wire_surface_ref *ref = i < WIRE_MAX_COLOR_BUFS ? &fb->cbufs[i] : &fb->zsbuf;
         struct srv_surface *sf = i < WIRE_MAX_COLOR_BUFS ? &out->cbufs[i] : &out->zsbuf;
         if (!sf->res)
            continue;
         uint32_t n = surface_layers(s, ref);
         if (!n)
            return false;
         sf->layers = n;
         layers = n < layers ? n : layers;
      }
      if (layers == UINT32_MAX)
         return false; /* layered without an attachment */
      out->layers = layers;
      for (uint32_t i = 0; i <= WIRE_MAX_COLOR_BUFS; i++) {
         struct srv_surface *sf = i < WIRE_MAX_COLOR_BUFS ? &out->cbufs[i] : &out->zsbuf;
         if (sf->res)
            sf->layers = layers; /* the views span the rendered layers */
      }
   }
   /* Every attachment has one sample count (the client's FRAMEBUFFER_INCOMPLETE_MULTISAMPLE
    * rule; Vulkan's rasterizationSamples is one per pipeline). */
   out->samples = 1;
   for (uint32_t i = 0; i <= WIRE_MAX_COLOR_BUFS; i++) {
      const struct srv_surface *sf = i < WIRE_MAX_COLOR_BUFS ? &out->cbufs[i] : &out->zsbuf;
      if (!sf->res)
         continue;
      if (out->samples > 1 && sf->samples != out->samples)
         return false;
      out->samples = sf->samples;
   }
   for (uint32_t i = 0; i <= WIRE_MAX_COLOR_BUFS; i++) {
      const struct srv_surface *sf = i < WIRE_MAX_COLOR_BUFS ? &out->cbufs[i] : &out->zsbuf;
      if (sf->res && sf->samples != out->samples)
         return false;
   }
   return true;
}

bool
srv_framebuffer_valid(struct srv_session *s, const struct wire_framebuffer *fb)
{
   struct srv_framebuffer r;
   return resolve_framebuffer(s, fb, &r);
}

void
srv_apply_framebuffer(struct srv_session *s, struct srv_context *ctx)
{
   struct srv_framebuffer fb;
   if (resolve_framebuffer(s, &ctx->fb, &fb))
      s->ops->set_framebuffer(ctx->be, &fb);
}

void
srv_handle_SetFramebuffer(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_framebuffer *fb = p;
   struct srv_context *ctx = srv_cur(s, "SetFramebuffer.context");
   struct srv_framebuffer r;
   if (!ctx)
      return;
   if (!resolve_framebuffer(s, fb, &r))
      return srv_fatal(s, "ProtocolCorruption", "SetFramebuffer.surface");
   ctx->fb = *fb;
   s->ops->set_framebuffer(ctx->be, &r);
}

void
srv_apply_vertex_buffers(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count)
{
   struct srv_vertex_buffer vbs[WIRE_MAX_VERTEX_BUFFERS];
   for (uint32_t i = 0; i < count; i++) {
      const struct wire_vertex_buffer *v = &ctx->vbs[start + i];
      struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], v->res);
      vbs[i].res = e ? ((struct srv_res *)e->obj)->be : NULL;
      vbs[i].offset = v->offset;
      vbs[i].stride = v->stride;
   }
   s->ops->set_vertex_buffers(ctx->be, start, count, vbs);
}

void
srv_handle_SetVertexBuffers(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_vertex_buffers *v = p;
   struct srv_context *ctx = srv_cur(s, "SetVertexBuffers.context");
   if (!ctx)
      return;
   for (uint32_t i = 0; i < v->count; i++) {
      const struct wire_vertex_buffer *vb = &v->vb[i];
      if (!vb->res.gen)
         continue;
      struct srv_res *r = srv_get_res(s, vb->res, "SetVertexBuffers.res");
      if (!r)
         return;
      if (r->templ.target != WIRE_TARGET_BUFFER)
         return srv_fatal(s, "ProtocolCorruption", "SetVertexBuffers.res");
   }
   memcpy(&ctx->vbs[v->start], v->vb, v->count * sizeof(v->vb[0]));
   srv_apply_vertex_buffers(s, ctx, v->start, v->count);
}

void
srv_apply_uniform_buffers(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count)
{
   struct srv_uniform_buffer ubs[WIRE_MAX_UNIFORM_BLOCKS];
   for (uint32_t i = 0; i < count; i++) {
      const struct wire_uniform_buffer *u = &ctx->ubs[start + i];
      struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], u->res);
      ubs[i].res = e ? ((struct srv_res *)e->obj)->be : NULL;
      ubs[i].offset = u->offset;
      ubs[i].size = u->size;
   }
   s->ops->set_uniform_buffers(ctx->be, start, count, ubs);
}

void
srv_handle_SetUniformBuffers(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_uniform_buffers *u = p;
   struct srv_context *ctx = srv_cur(s, "SetUniformBuffers.context");
   if (!ctx)
      return;
   for (uint32_t i = 0; i < u->count; i++) {
      const struct wire_uniform_buffer *ub = &u->ub[i];
      if (!ub->res.gen)
         continue;
      struct srv_res *r = srv_get_res(s, ub->res, "SetUniformBuffers.res");
      if (!r)
         return;
      if (r->templ.target != WIRE_TARGET_BUFFER)
         return srv_fatal(s, "ProtocolCorruption", "SetUniformBuffers.range");
   }
   memcpy(&ctx->ubs[u->start], u->ub, u->count * sizeof(u->ub[0]));
   srv_apply_uniform_buffers(s, ctx, u->start, u->count);
}

static bool
valid_view(struct srv_session *s, const struct wire_sampler_view *v)
{
   if (!v->res.gen)
      return true;
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], v->res);
   if (!e)
      return false;
   const struct wire_resource_create *t = &((struct srv_res *)e->obj)->templ;
   /* Buffer textures (revision 6): a buffer read as texels of a format the backend reads from
    * uniform texel buffers (TEXEL_BUFFER_FORMATS), levels 0, identity swizzle. */
   if (v->target == WIRE_TARGET_TEX_BUFFER) {
      static const uint8_t identity[4] = {WIRE_SWZ_R, WIRE_SWZ_G, WIRE_SWZ_B, WIRE_SWZ_A};
      return t->target == WIRE_TARGET_BUFFER && v->format != WIRE_FMT_NONE && v->format < 64 && v->aspect == 0 &&
             ((s->ops->get_param(s->be, WIRE_CAP_TEXEL_BUFFER_FORMATS) >> v->format) & 1u) &&
             v->first_level == 0 && v->last_level == 0 && !memcmp(v->swizzle, identity, 4);
   }
   /* A single-sampled renderbuffer is read as a 2D texture (revision 12: an EGLImage of a
    * renderbuffer targeted by glEGLImageTargetTexture2DOES). */
   const bool rb_as_2d = t->target == WIRE_TARGET_RENDERBUFFER && t->samples <= 1 && v->target == WIRE_TARGET_TEX_2D;
   /* A texture's stencil (revision 17): a depth / stencil texture, where the device samples
    * stencil (WIRE_FEATURE_STENCIL_TEXTURING). */
   if (v->aspect == WIRE_ASPECT_STENCIL &&
       (!srv_is_texture_target(t->target) || !(wire_format_info(t->format)->flags & WIRE_FMTF_STENCIL) ||
        !(s->ops->get_param(s->be, WIRE_CAP_FEATURES) & WIRE_FEATURE_STENCIL_TEXTURING)))
      return false;
   return (rb_as_2d || (srv_is_texture_target(t->target) && v->target == t->target)) && v->format == 0 &&
          v->first_level <= v->last_level && v->first_level <= t->last_level;
}

void
srv_apply_sampler_views(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count)
{
   struct srv_sampler_view views[WIRE_MAX_SAMPLER_UNITS];
   for (uint32_t i = 0; i < count; i++) {
      const struct wire_sampler_view *v = &ctx->views[start + i];
      struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], v->res);
      struct srv_res *r = e ? e->obj : NULL;
      memset(&views[i], 0, sizeof(views[i]));
      if (!r)
         continue;
      views[i].res = r->be;
      views[i].target = v->target;
      views[i].format = v->format;
      views[i].aspect = v->aspect;
      memcpy(views[i].swizzle, v->swizzle, 4);
      views[i].last_level = v->last_level < r->templ.last_level ? v->last_level : r->templ.last_level;
      views[i].first_level = v->first_level < views[i].last_level ? v->first_level : views[i].last_level;
   }
   s->ops->set_sampler_views(ctx->be, start, count, views);
}

void
srv_handle_SetSamplerViews(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_sampler_views *v = p;
   struct srv_context *ctx = srv_cur(s, "SetSamplerViews.context");
   if (!ctx)
      return;
   for (uint32_t i = 0; i < v->count; i++)
      if (!valid_view(s, &v->v[i]))
         return srv_fatal(s, "ProtocolCorruption", "SetSamplerViews.view");
   memcpy(&ctx->views[v->start], v->v, v->count * sizeof(v->v[0]));
   srv_apply_sampler_views(s, ctx, v->start, v->count);
}

void
srv_apply_samplers(struct srv_session *s, struct srv_context *ctx, uint32_t start, uint32_t count)
{
   void *be[WIRE_MAX_SAMPLER_UNITS];
   for (uint32_t i = 0; i < count; i++) {
      struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_SAMPLER], ctx->samplers[start + i]);
      be[i] = e ? ((struct srv_cso *)e->obj)->be : NULL;
   }
   s->ops->bind_sampler_states(ctx->be, start, count, be);
}

void
srv_handle_BindSamplerStates(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_bind_samplers *b = p;
   struct srv_context *ctx = srv_cur(s, "BindSamplerStates.context");
   if (!ctx)
      return;
   memcpy(&ctx->samplers[b->start], b->s, b->count * sizeof(b->s[0]));
   srv_apply_samplers(s, ctx, b->start, b->count);
}

void
srv_handle_SetConstantBuffer(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_constant_buffer *cb = p;
   struct srv_context *ctx = srv_cur(s, "SetConstantBuffer.context");
   if (!ctx)
      return;
   if (cb->size > tsize || tsize - cb->size >= 16)
      return srv_fatal(s, "ProtocolCorruption", "SetConstantBuffer.size");
   s->ops->set_constant_buffer(ctx->be, cb->index, tail, cb->size);
}

void
srv_handle_SetProgramBindings(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_program_bindings *b = p;
   struct srv_context *ctx = srv_cur(s, "SetProgramBindings.context");
   if (!ctx)
      return;
   struct srv_cso *prog = srv_get_cso(s, WIRE_KIND_PROGRAM, b->program, "SetProgramBindings.program");
   if (!prog)
      return;
   if (b->sampler_count > prog->program->sampler_slot_count)
      return srv_fatal(s, "ProtocolCorruption", "SetProgramBindings.sampler_count");
   if (b->block_count > prog->program->block_count)
      return srv_fatal(s, "ProtocolCorruption", "SetProgramBindings.block_count");
   uint32_t need = 4u * (b->sampler_count + b->block_count);
   if (tsize < need || tsize - need >= 16)
      return srv_fatal(s, "ProtocolCorruption", "SetProgramBindings.size");
   uint32_t units[WIRE_MAX_PROGRAM_SAMPLERS + WIRE_MAX_UNIFORM_BLOCKS];
   memcpy(units, tail, need);
   for (uint32_t i = 0; i < b->sampler_count; i++)
      if (units[i] >= WIRE_MAX_SAMPLER_UNITS)
         return srv_fatal(s, "ProtocolCorruption", "SetProgramBindings.sampler_units");
   for (uint32_t i = 0; i < b->block_count; i++)
      if (units[b->sampler_count + i] >= WIRE_MAX_UNIFORM_BLOCKS)
         return srv_fatal(s, "ProtocolCorruption", "SetProgramBindings.block_bindings");
   if (prog->be)
      s->ops->set_program_bindings(ctx->be, prog->be, b->sampler_count, units, b->block_count,
                                   units + b->sampler_count);
}

void
srv_handle_SetViewport(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_viewport *v = p;
   struct srv_context *ctx = srv_cur(s, "SetViewport.context");
   if (!ctx)
      return;
   s->ops->set_viewport(ctx->be, v);
}

void
srv_handle_SetScissor(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_scissor *sc = p;
   struct srv_context *ctx = srv_cur(s, "SetScissor.context");
   if (!ctx)
      return;
   /* SetScissor's own bounds (Clear's and Blit's rectangles are only clipped) */
   if (sc->x < -65536 || sc->y < -65536 || sc->x > 65536 || sc->y > 65536 || sc->width > 65536 ||
       sc->height > 65536)
      return srv_fatal(s, "ProtocolCorruption", "SetScissor.value");
   s->ops->set_scissor(ctx->be, sc);
}

void
srv_handle_SetContextValues(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_context_values *v = p;
   struct srv_context *ctx = srv_cur(s, "SetContextValues.context");
   if (!ctx)
      return;
   s->ops->set_context_values(ctx->be, v);
}

void
srv_handle_SetPointState(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_point_state *st = p;
   struct srv_context *ctx = srv_cur(s, "SetPointState.context");
   if (!ctx)
      return;
   s->ops->set_point_state(ctx->be, st);
}

void
srv_handle_SetClipState(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_clip_state *st = p;
   struct srv_context *ctx = srv_cur(s, "SetClipState.context");
   if (!ctx)
      return;
   /* enable's bits and pad: the schema's rules (wire/payloads.schema) */
   s->ops->set_clip_state(ctx->be, st);
}

void
srv_handle_SetSampleState(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_sample_state *st = p;
   struct srv_context *ctx = srv_cur(s, "SetSampleState.context");
   if (!ctx)
      return;
   s->ops->set_sample_state(ctx->be, st);
}
