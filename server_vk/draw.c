/* Magma: per-context bound state, draws, flush / finish / present. */
#include "mg_private.h"
#include "server_vk/vk_enums.h"

#include <stdlib.h>
#include <string.h>

struct srv_ctx *
mg_context_create(struct srv_backend *sbe, const struct wire_context_create *c)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_ctx *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->base.kind = MG_OBJ_CTX;
   ctx->base.id = be->next_id++;
   ctx->be = be;
   ctx->vals.stencil_ref_front = ctx->vals.stencil_ref_back = 0;
   ctx->ms.sample_mask = ~0u;
   ctx->vp.far_val = 1.0f;
   ctx->set_dirty = true;
   ctx->cb_dirty = true;
   return (struct srv_ctx *)&ctx->base;
}

void
mg_context_destroy(struct srv_backend *sbe, struct srv_ctx *sctx)
{
   struct mg_backend *be = mg_backend(sbe);
   struct mg_ctx *ctx = mg_ctx(sctx);
   if (be->render_ctx == ctx)
      mg_render_end(be);
   mg_context_end_queries(ctx);
   free(ctx->cb0);
   free(ctx);
}

void
mg_bind_cso(struct srv_ctx *sctx, uint32_t slot, void *cso)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   switch (slot) {
   case WIRE_CSO_BLEND: ctx->blend = cso; break;
   case WIRE_CSO_DSA: ctx->dsa = cso; break;
   case WIRE_CSO_RAST: ctx->rast = cso; break;
   case WIRE_CSO_VELEMS: ctx->velems = cso; break;
   case WIRE_CSO_PROGRAM:
      ctx->prog = mg_program(cso);
      ctx->set_dirty = true;
      break;
   default: break;
   }
}

void
mg_set_framebuffer(struct srv_ctx *sctx, const struct srv_framebuffer *fb)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   if (!memcmp(&ctx->fb, fb, sizeof(*fb)))
      return;
   if (ctx->be->render_ctx == ctx)
      mg_render_end(ctx->be);
   ctx->fb = *fb;
   if (ctx->fb.nr_cbufs > WIRE_MAX_COLOR_BUFS)
      ctx->fb.nr_cbufs = WIRE_MAX_COLOR_BUFS;
}

void
mg_set_vertex_buffers(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_vertex_buffer *vbs)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   for (uint32_t i = 0; i < count && start + i < WIRE_MAX_VERTEX_BUFFERS; i++)
      ctx->vbs[start + i] = vbs[i];
}

void
mg_set_sampler_views(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_sampler_view *views)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   for (uint32_t i = 0; i < count && start + i < WIRE_MAX_SAMPLER_UNITS; i++)
      ctx->views[start + i] = views[i];
   ctx->set_dirty = true;
}

void
mg_bind_sampler_states(struct srv_ctx *sctx, uint32_t start, uint32_t count, void *const *samplers)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   for (uint32_t i = 0; i < count && start + i < WIRE_MAX_SAMPLER_UNITS; i++)
      ctx->samplers[start + i] = samplers[i];
   ctx->set_dirty = true;
}

void
mg_set_constant_buffer(struct srv_ctx *sctx, uint32_t index, const void *data, uint32_t size)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   if (index != 0 || size > WIRE_MAX_CONSTANT_SIZE)
      return;
   if (size > ctx->cb0_size || !ctx->cb0) {
      uint8_t *n = realloc(ctx->cb0, size ? size : 1);
      if (!n) {
         mg_skip(ctx->be, "a constant buffer update (out of memory)");
         return;
      }
      ctx->cb0 = n;
   }
   if (size)
      memcpy(ctx->cb0, data, size);
   ctx->cb0_size = size;
   ctx->cb_dirty = true; /* new bytes at a new dynamic offset; the set itself stays */
}

void
mg_set_uniform_buffers(struct srv_ctx *sctx, uint32_t start, uint32_t count, const struct srv_uniform_buffer *ubs)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   for (uint32_t i = 0; i < count && start + i < WIRE_MAX_UNIFORM_BLOCKS; i++)
      ctx->ubs[start + i] = ubs[i];
   ctx->set_dirty = true;
}

/* GL's sampler uniforms and uniform-block bindings are program state: the record names the
 * program, so they live there. */
void
mg_set_program_bindings(struct srv_ctx *sctx, struct srv_program *sprog, uint32_t sampler_count,
                        const uint32_t *sampler_units, uint32_t block_count, const uint32_t *block_bindings)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_program *p = mg_program(sprog);
   if (!p)
      return;
   for (uint32_t i = 0; i < sampler_count && i < WIRE_MAX_PROGRAM_SAMPLERS; i++)
      p->sampler_units[i] = sampler_units[i];
   for (uint32_t i = 0; i < block_count && i < WIRE_MAX_UNIFORM_BLOCKS; i++)
      p->block_bindings[i] = block_bindings[i];
   p->bindings_gen++;
   ctx->set_dirty = true;
}

void
mg_set_viewport(struct srv_ctx *sctx, const struct wire_viewport *vp)
{
   mg_ctx(sctx)->vp = *vp;
}

void
mg_set_scissor(struct srv_ctx *sctx, const struct wire_scissor *sc)
{
   mg_ctx(sctx)->sc = *sc;
}

void
mg_set_context_values(struct srv_ctx *sctx, const struct wire_context_values *v)
{
   mg_ctx(sctx)->vals = *v;
}

void
mg_set_sample_state(struct srv_ctx *sctx, const struct wire_sample_state *st)
{
   mg_ctx(sctx)->ms = *st; /* in the pipeline key (pipeline.c fill_key) */
}

void
mg_set_point_state(struct srv_ctx *sctx, const struct wire_point_state *st)
{
   mg_ctx(sctx)->point_origin = st->coord_origin; /* in the pipeline key (pipeline.c fill_key) */
}

void
mg_set_clip_state(struct srv_ctx *sctx, const struct wire_clip_state *st)
{
   mg_ctx(sctx)->clip_enable = st->enable; /* in the pipeline key (pipeline.c fill_key) */
}

bool
mg_fb_valid(const struct mg_ctx *ctx)
{
   return (ctx->fb.nr_cbufs || ctx->fb.zsbuf.res) && ctx->fb.width && ctx->fb.height;
}

/* GL window-space rectangle (already bottom-left origin, like our images) clipped to the fb. */
void
mg_emit_scissor_rect(struct mg_ctx *ctx, bool enable, const struct wire_scissor *sc, VkRect2D *out)
{
   int64_t x0 = 0, y0 = 0, x1 = ctx->fb.width, y1 = ctx->fb.height;
   if (enable) {
      x0 = sc->x > 0 ? sc->x : 0;
      y0 = sc->y > 0 ? sc->y : 0;
      int64_t ex = (int64_t)sc->x + (sc->width > 0 ? sc->width : 0);
      int64_t ey = (int64_t)sc->y + (sc->height > 0 ? sc->height : 0);
      x1 = ex < x1 ? ex : x1;
      y1 = ey < y1 ? ey : y1;
   }
   if (x1 < x0)
      x1 = x0;
   if (y1 < y0)
      y1 = y0;
   *out = (VkRect2D){{(int32_t)x0, (int32_t)y0}, {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0)}};
}

/* ---- what the command buffer has bound ---------------------------------------------------- */

struct mg_draw_state *
mg_draw_state(struct mg_backend *be)
{
   struct mg_batch *b = mg_batch(be);
   if (be->drawn.serial != b->serial) {
      memset(&be->drawn, 0, sizeof(be->drawn));
      be->drawn.serial = b->serial;
   }
   return &be->drawn;
}

void
mg_draw_state_invalidate(struct mg_backend *be)
{
   memset(&be->drawn, 0, sizeof(be->drawn)); /* serial 0 matches no batch */
}

static void
emit_dynamic_state(struct mg_ctx *ctx, VkCommandBuffer cmd)
{
   const struct wire_viewport *v = &ctx->vp;
   const VkPhysicalDeviceLimits *l = &ctx->be->props.limits;
   float lim = (float)l->maxViewportDimensions[0], lo = l->viewportBoundsRange[0], hi = l->viewportBoundsRange[1];
   VkViewport vp = {v->x, v->y, v->width > 0 ? (v->width < lim ? v->width : lim) : 1.0f,
                    v->height > 0 ? (v->height < lim ? v->height : lim) : 1.0f, v->near_val, v->far_val};
   /* Vulkan bounds the viewport rectangle; GL does not (clamp, as Gallium drivers do). */
   vp.x = vp.x < lo ? lo : vp.x > hi - vp.width ? hi - vp.width : vp.x;
   vp.y = vp.y < lo ? lo : vp.y > hi - vp.height ? hi - vp.height : vp.y;
   VkRect2D sc;
   mg_emit_scissor_rect(ctx, ctx->rast && ctx->rast->s.scissor_enable, &ctx->sc, &sc);
   if (v->width <= 0 || v->height <= 0)
      sc.extent.width = sc.extent.height = 0; /* an empty GL viewport draws nothing */
   const uint32_t ref_front = ctx->vals.stencil_ref_front & 0xff, ref_back = ctx->vals.stencil_ref_back & 0xff;
   /* Every draw pipeline has the same dynamic states (pipeline.c), so what the last draw of
    * this command buffer set still holds; record only what changed. */
   struct mg_draw_state *ds = mg_draw_state(ctx->be);
   const bool all = !ds->dyn_valid;
   if (all || memcmp(&ds->viewport, &vp, sizeof(vp)))
      vkCmdSetViewport(cmd, 0, 1, &vp);
   if (all || memcmp(&ds->scissor, &sc, sizeof(sc)))
      vkCmdSetScissor(cmd, 0, 1, &sc);
   if (all || memcmp(ds->blend, ctx->vals.blend_color, sizeof(ds->blend)))
      vkCmdSetBlendConstants(cmd, ctx->vals.blend_color);
   if (all || ds->ref_front != ref_front)
      vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_BIT, ref_front);
   if (all || ds->ref_back != ref_back)
      vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_BACK_BIT, ref_back);
   ds->viewport = vp;
   ds->scissor = sc;
   memcpy(ds->blend, ctx->vals.blend_color, sizeof(ds->blend));
   ds->ref_front = ref_front;
   ds->ref_back = ref_back;
}

static void
emit_restart(struct mg_backend *be, VkCommandBuffer cmd, bool restart)
{
   struct mg_draw_state *ds = mg_draw_state(be);
   if (!ds->dyn_valid || ds->restart != restart)
      vkCmdSetPrimitiveRestartEnable(cmd, restart);
   ds->restart = restart;
   ds->dyn_valid = true; /* emit_dynamic_state ran first: every dynamic state is now set */
}

/* Element i of the velems feeds binding i; missing attributes read the constant binding.
 * Elements whose divisor was lowered read the plan's replicated instance data. */
static bool
emit_vertex_buffers(struct mg_ctx *ctx, VkCommandBuffer cmd, const struct mg_draw_plan *pl)
{
   struct mg_backend *be = ctx->be;
   VkBuffer bufs[WIRE_MAX_VERTEX_ATTRIBS + 1];
   VkDeviceSize offs[WIRE_MAX_VERTEX_ATTRIBS + 1], strides[WIRE_MAX_VERTEX_ATTRIBS + 1];
   const struct mg_velems *ve = ctx->velems;
   for (uint32_t i = 0; i < WIRE_MAX_VERTEX_ATTRIBS; i++) {
      bufs[i] = be->zero_buffer, offs[i] = 0, strides[i] = 0;
      if (!ve || i >= ve->s.count)
         continue;
      if (pl->emulated & (1u << i)) {
         bufs[i] = pl->ebuf[i], offs[i] = pl->eoff[i], strides[i] = pl->estride[i];
         continue;
      }
      const struct wire_vertex_element *e = &ve->s.e[i];
      const struct srv_vertex_buffer *vb = &ctx->vbs[e->vb_index % WIRE_MAX_VERTEX_BUFFERS];
      struct mg_resource *r = mg_resource(vb->res);
      if (r && r->is_buffer && (uint64_t)vb->offset + e->src_offset < r->size) {
         bufs[i] = r->buffer;
         offs[i] = (VkDeviceSize)vb->offset + e->src_offset;
         strides[i] = vb->stride;
      }
   }
   /* The constant attributes: new stream bytes only when they differ from the last draw's in
    * this batch (stream memory lives as long as the batch). */
   float consts[WIRE_MAX_VERTEX_ATTRIBS][4];
   for (uint32_t l = 0; l < WIRE_MAX_VERTEX_ATTRIBS; l++) {
      static const float def[4] = {0, 0, 0, 1};
      memcpy(consts[l], ve && (ve->s.constant_mask & (1u << l)) ? ve->s.constant_values[l] : def, 16);
   }
   struct mg_draw_state *ds = mg_draw_state(be);
   if (!ds->consts_valid || memcmp(ds->consts, consts, sizeof(consts))) {
      struct mg_alloc a;
      if (!mg_stream_alloc(be, sizeof(consts), 16, &a))
         return false;
      memcpy(a.map, consts, sizeof(consts));
      ds = mg_draw_state(be); /* the allocation never starts a batch: the batch is recording */
      memcpy(ds->consts, consts, sizeof(consts));
      ds->consts_buf = a.buffer;
      ds->consts_off = a.offset;
      ds->consts_valid = true;
   }
   bufs[MG_CONST_BINDING] = ds->consts_buf, offs[MG_CONST_BINDING] = ds->consts_off, strides[MG_CONST_BINDING] = 0;
   if (ds->vbs_valid && !memcmp(ds->vb_bufs, bufs, sizeof(bufs)) && !memcmp(ds->vb_offs, offs, sizeof(offs)) &&
       !memcmp(ds->vb_strides, strides, sizeof(strides)))
      return true;
   vkCmdBindVertexBuffers2(cmd, 0, WIRE_MAX_VERTEX_ATTRIBS + 1, bufs, offs, NULL, strides);
   memcpy(ds->vb_bufs, bufs, sizeof(bufs));
   memcpy(ds->vb_offs, offs, sizeof(offs));
   memcpy(ds->vb_strides, strides, sizeof(strides));
   ds->vbs_valid = true;
   return true;
}


/* False: nothing to draw (an empty framebuffer), or the draw is declined (counted). */
static bool
draw_ready(struct mg_ctx *ctx, const struct srv_draw *d)
{
   struct mg_backend *be = ctx->be;
   if (!d->info.count || !d->info.instance_count || d->info.mode >= WIRE_PRIM_COUNT)
      return false;
   if (be->lost) {
      mg_skip(be, "draws after the device was lost");
      return false;
   }
   if (!ctx->prog) {
      mg_skip(be, "a draw without a program");
      return false;
   }
   if (!ctx->fb.nr_cbufs && !ctx->fb.zsbuf.res) {
      mg_skip(be, "a draw without attachments");
      return false;
   }
   if (!mg_fb_valid(ctx))
      return false; /* a 0x0 framebuffer: no fragment to produce */
   if (d->info.index_size && !d->index_res) {
      mg_skip(be, "a draw without its index buffer");
      return false;
   }
   if (d->info.mode == WIRE_PRIM_POINTS && !ctx->prog->writes_point_size && !ctx->prog->modules[SPV_STAGE_GEOMETRY]) {
      /* Vulkan needs PointSize written for point topologies; spirv/lift.c makes every vertex
       * shader write it (1.0 where GL leaves the size undefined), so only a program whose
       * gl_PerVertex redeclaration drops gl_PointSize gets here. */
      mg_skip(be, "points from a program that cannot write gl_PointSize");
      return false;
   }
   for (uint32_t i = 0; ctx->velems && i < ctx->velems->s.count; i++) {
      if (!mg_vformat_supported(be, ctx->velems->s.e[i].format)) {
         /* The front end converts what the capability table says the device cannot fetch. */
         mg_skip(be, "a vertex format the device cannot fetch");
         return false;
      }
   }
   return true;
}

static void
record_draw(VkCommandBuffer cmd, const struct mg_draw_plan *pl, uint32_t instances, uint32_t first_instance)
{
   if (pl->indexed) {
      vkCmdBindIndexBuffer(cmd, pl->ibuf, pl->ioff, pl->itype);
      vkCmdDrawIndexed(cmd, pl->count, instances, 0, pl->vertex_offset, first_instance);
   } else {
      vkCmdDraw(cmd, pl->count, instances, pl->first_vertex, first_instance);
   }
   if (pl->closing) {
      vkCmdBindIndexBuffer(cmd, pl->cbuf, pl->coff, pl->ctype);
      vkCmdDrawIndexed(cmd, 2, instances, 0, pl->cbase, first_instance);
   }
}

/* Primitives one instance of a draw assembles (GL's PRIMITIVES_GENERATED with only a
 * vertex stage). */
static uint64_t
primitives(uint32_t mode, uint32_t n)
{
   switch (mode) {
   case WIRE_PRIM_POINTS: return n;
   case WIRE_PRIM_LINES: return n / 2;
   case WIRE_PRIM_LINE_LOOP: return n >= 2 ? n : 0;
   case WIRE_PRIM_LINE_STRIP: return n >= 2 ? n - 1 : 0;
   case WIRE_PRIM_TRIANGLES: return n / 3;
   case WIRE_PRIM_LINES_ADJACENCY: return n / 4;
   case WIRE_PRIM_LINE_STRIP_ADJACENCY: return n >= 4 ? n - 3 : 0;
   case WIRE_PRIM_TRIANGLES_ADJACENCY: return n / 6;
   case WIRE_PRIM_TRIANGLE_STRIP_ADJACENCY: return n >= 6 ? (n - 4) / 2 : 0;
   default: return n >= 3 ? n - 2 : 0; /* strips, fans */
   }
}

void
mg_draw(struct srv_ctx *sctx, const struct srv_draw *d)
{
   struct mg_ctx *ctx = mg_ctx(sctx);
   struct mg_backend *be = ctx->be;
   const struct wire_draw *w = &d->info;
   if (!draw_ready(ctx, d))
      return;
   struct mg_batch *b = mg_batch(be);
   if (b->draws >= MG_BATCH_MAX_DRAWS || b->stream_bytes >= MG_BATCH_MAX_STREAM)
      mg_submit(be, false);
   /* The client sends restart only where the device restarts as it is (caps): a widened
    * 8-bit list would lose its 0xff, a list topology needs list restart. */
   bool list = w->mode == WIRE_PRIM_POINTS || w->mode == WIRE_PRIM_LINES || w->mode == WIRE_PRIM_TRIANGLES ||
               w->mode == WIRE_PRIM_LINES_ADJACENCY || w->mode == WIRE_PRIM_TRIANGLES_ADJACENCY;
   if ((w->flags & WIRE_DRAW_PRIMITIVE_RESTART) &&
       ((w->index_size == 1 && !be->has_uint8) || (list && !be->has_list_restart))) {
      mg_skip(be, "a primitive-restart draw the device cannot restart");
      return;
   }
   struct mg_draw_plan pl;
   if (!mg_lower_draw(ctx, d, &pl)) {
      mg_skip(be, "a draw whose lowering ran out of memory");
      return;
   }
   VkPipeline pipe = mg_get_pipeline(ctx, mg_vk_topology[w->mode], pl.emulated);
   if (!pipe || !mg_render_begin(ctx)) {
      mg_skip(be, "a draw without a pipeline or render pass");
      return;
   }
   b = mg_batch(be);
   VkCommandBuffer cmd = b->cmd;
   struct mg_draw_state *ds = mg_draw_state(be);
   if (ds->pipeline != pipe) {
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
      ds->pipeline = pipe;
   }
   if (!mg_emit_descriptors(ctx) || !emit_vertex_buffers(ctx, cmd, &pl)) {
      mg_skip(be, "a draw whose descriptors or vertex buffers ran out of memory");
      return;
   }
   emit_dynamic_state(ctx, cmd);
   emit_restart(be, cmd, (w->flags & WIRE_DRAW_PRIMITIVE_RESTART) != 0);
   b->draws++;
   /* Capture and counting queries wrap exactly this draw's commands (xfb.c, query.c). */
   bool xfb = mg_xfb_active(ctx);
   if (xfb)
      mg_xfb_begin(ctx, cmd);
   uint32_t began = mg_queries_draw_begin(ctx, cmd, xfb);
   if (!pl.per_instance) {
      record_draw(cmd, &pl, w->instance_count, 0);
   } else {
      /* gl_InstanceID is InstanceIndex (which counts from firstInstance), and every instanced
       * element advances once per instance (lower.c replicated the others). */
      for (uint32_t i = 0; i < w->instance_count; i++)
         record_draw(cmd, &pl, 1, i);
   }
   mg_queries_draw_end(ctx, cmd, began, primitives(w->mode, w->count) * w->instance_count);
   if (xfb)
      mg_xfb_end(ctx, cmd);
}

void
mg_present(struct srv_ctx *sctx, struct srv_resource *res)
{
   struct mg_resource *r = mg_resource(res);
   if (r && r->window)
      mg_window_present(mg_ctx(sctx)->be, r);
   else
      mg_submit(mg_ctx(sctx)->be, false);
}

void
mg_flush(struct srv_ctx *sctx)
{
   mg_submit(mg_ctx(sctx)->be, false);
}

void
mg_finish(struct srv_ctx *sctx)
{
   mg_submit(mg_ctx(sctx)->be, true);
}
