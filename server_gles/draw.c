/* Espryt: framebuffers and verbs (clear, draw, read-back, present, flush, finish, fences).
 * Each context renders into its own framebuffer object (`ctx->fb`), re-attached from the
 * core's framebuffer state when it changed; read-backs go through a second one
 * (`ctx->read_fb`). GL's and the wire's conventions agree (row 0 at the bottom, window
 * coordinates from the lower left), so nothing is flipped. */
#include "es_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire/format.h"

static const GLenum gl_prim[WIRE_PRIM_COUNT] = {
#define M(w, g) [w] = g,
   WIRE_PRIM_GL_MAP(M)
#undef M
};

bool
es_attach(struct es_ctx *ctx, GLenum fbtarget, GLenum att, const struct srv_surface *s)
{
   const struct es_gl *gl = &ctx->be->gl;
   struct es_resource *r = s ? (struct es_resource *)s->res : NULL;
   if (!r || !r->name) {
      gl->FramebufferRenderbuffer(fbtarget, att, GL_RENDERBUFFER, 0);
      return true;
   }
   /* ES 3.0 4.4.4.1: a texture's attached level must lie within its level range
    * [TEXTURE_BASE_LEVEL, MAX_LEVEL], which Espryt sets from the last sampler view (a view of
    * level 0 alone, then a render into level 1: NVIDIA's host finds it incomplete, Mesa's
    * does not). The whole range here; the next sampler view sets its own again. (A new
    * texture's range reads [0, 0] here: its first attachment past level 0 sets it.) */
   if (r->target != GL_RENDERBUFFER && (s->level < r->base_level || s->level > r->max_level)) {
      ctx->be->tex_epoch++;
      gl->BindTexture(r->target, r->name);
      gl->TexParameteri(r->target, GL_TEXTURE_BASE_LEVEL, 0);
      gl->TexParameteri(r->target, GL_TEXTURE_MAX_LEVEL, (GLint)(r->levels ? r->levels - 1 : 0));
      r->base_level = 0;
      r->max_level = r->levels ? r->levels - 1 : 0;
      r->view_known = false;
   }
   if (s->layers > 1) {
      /* a layered attachment (the core's WIRE_FB_LAYERED, GL 3.3 section 4.4.2.3 / ES 3.2
       * section 9.2.8): every layer of the level. The core's s->layers is the fewest of the
       * framebuffer's attachments; a gl_Layer at or past an attachment's own count is
       * undefined in both specs, so attaching each whole level renders the same. */
      if (!es_has(ctx->be, ES_FEAT_GEOMETRY_SHADER) ||
          (r->target != GL_TEXTURE_3D && r->target != GL_TEXTURE_2D_ARRAY && r->target != GL_TEXTURE_CUBE_MAP))
         return false;
      gl->FramebufferTexture(fbtarget, att, r->name, (GLint)s->level);
      return true;
   }
   switch (r->target) {
   case GL_RENDERBUFFER:
      gl->FramebufferRenderbuffer(fbtarget, att, GL_RENDERBUFFER, r->name);
      return true;
   case GL_TEXTURE_2D:
      gl->FramebufferTexture2D(fbtarget, att, GL_TEXTURE_2D, r->name, (GLint)s->level);
      return true;
   case GL_TEXTURE_CUBE_MAP:
      gl->FramebufferTexture2D(fbtarget, att, GL_TEXTURE_CUBE_MAP_POSITIVE_X + s->layer, r->name, (GLint)s->level);
      return true;
   case GL_TEXTURE_2D_MULTISAMPLE:
      gl->FramebufferTexture2D(fbtarget, att, GL_TEXTURE_2D_MULTISAMPLE, r->name, 0);
      return true;
   case GL_TEXTURE_3D:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      gl->FramebufferTextureLayer(fbtarget, att, r->name, (GLint)s->level, (GLint)s->layer);
      return true;
   default:
      return false;
   }
}

GLenum
es_zs_attachment(const struct srv_surface *s)
{
   struct es_resource *r = (struct es_resource *)s->res;
   uint32_t f = r ? r->templ.format : 0;
   if (wire_format_has_depth(f) && wire_format_has_stencil(f))
      return GL_DEPTH_STENCIL_ATTACHMENT;
   return wire_format_has_stencil(f) ? GL_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT;
}

void
es_bind_framebuffer(struct es_ctx *ctx)
{
   const struct es_gl *gl = &ctx->be->gl;
   if (ctx->host.draw_fb != ctx->fb)
      gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->fb);
   ctx->host.draw_fb = ctx->fb;
   const struct srv_framebuffer *fb = &ctx->fb_state;
   /* GL core's FRAMEBUFFER_SRGB off: sRGB attachments (the core marks them `linear`, all
    * alike) are written and blended without encoding, the host's FRAMEBUFFER_SRGB_EXT off
    * (EXT_sRGB_write_control); it changes nothing on other attachments */
   bool linear = false;
   for (uint32_t i = 0; i < fb->nr_cbufs; i++)
      linear |= fb->cbufs[i].linear != 0;
   if (es_has(ctx->be, ES_FEAT_SRGB_WRITE_CONTROL))
      es_host_enable(ctx, ES_EN_FRAMEBUFFER_SRGB, GL_FRAMEBUFFER_SRGB_EXT, !linear);
   else if (linear)
      es_unimplemented(ctx->be, "sRGB attachments written without encoding (GL core) on a host without "
                                "EXT_sRGB_write_control");
   if (ctx->attach_epoch != ctx->be->attach_epoch) { /* a texture or renderbuffer was deleted */
      ctx->fb_dirty = true;
      ctx->attach_epoch = ctx->be->attach_epoch;
   }
   if (!ctx->fb_dirty)
      return;
   /* a layered framebuffer (GL core's, and ES 3.2's) needs the host's
    * glFramebufferTexture (es_attach refuses it without) */
   if (fb->layers > 1 && !es_has(ctx->be, ES_FEAT_GEOMETRY_SHADER))
      es_unimplemented(ctx->be, "layered framebuffers on a host without geometry shaders");
   GLenum bufs[WIRE_MAX_COLOR_BUFS];
   for (uint32_t i = 0; i < WIRE_MAX_COLOR_BUFS; i++) {
      const struct srv_surface *s = i < fb->nr_cbufs ? &fb->cbufs[i] : NULL;
      if (!es_attach(ctx, GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, s))
         es_unimplemented(ctx->be, "a framebuffer attachment of this target");
      bufs[i] = s && s->res ? GL_COLOR_ATTACHMENT0 + i : GL_NONE;
   }
   gl->FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
   if (fb->zsbuf.res && !es_attach(ctx, GL_DRAW_FRAMEBUFFER, es_zs_attachment(&fb->zsbuf), &fb->zsbuf))
      es_unimplemented(ctx->be, "a depth / stencil attachment of this target");
   gl->DrawBuffers(fb->nr_cbufs ? (GLsizei)fb->nr_cbufs : 1, bufs);
   ctx->fb_dirty = false;
   /* what a draw or clear of this framebuffer may write (a remint by read-back asks) */
   for (uint32_t i = 0; i < fb->nr_cbufs; i++)
      es_mark_gpu_written((struct es_resource *)fb->cbufs[i].res, fb->cbufs[i].level);
   es_mark_gpu_written((struct es_resource *)fb->zsbuf.res, fb->zsbuf.level);
   GLenum status = gl->CheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE && (fb->nr_cbufs || fb->zsbuf.res)) {
      /* name what the host refused: each attachment's target, wire format, level and layer */
      char what[1024];
      size_t n = 0;
      for (uint32_t i = 0; i <= fb->nr_cbufs && n < sizeof(what); i++) {
         const struct srv_surface *s = i < fb->nr_cbufs ? &fb->cbufs[i] : &fb->zsbuf;
         const struct es_resource *r = (const struct es_resource *)s->res;
         if (!r)
            continue;
         /* and what the host holds there */
         GLenum att = i < fb->nr_cbufs ? GL_COLOR_ATTACHMENT0 + i : es_zs_attachment(s);
         GLint type = 0, name = 0, w = 0, h = 0, ifmt = 0;
         gl->GetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, att, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
         gl->GetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, att, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
         if (r->target == GL_RENDERBUFFER && r->name && gl->IsRenderbuffer(r->name)) {
            gl->BindRenderbuffer(GL_RENDERBUFFER, r->name);
            gl->GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w);
            gl->GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &h);
            gl->GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &ifmt);
         }
         n += (size_t)snprintf(what + n, sizeof(what) - n,
                               "; %s%u: target 0x%x name %u format %u %ux%u level %u layer %u, host: type 0x%x name %d"
                               " (%dx%d 0x%x)",
                               i < fb->nr_cbufs ? "colour" : "depth/stencil", i < fb->nr_cbufs ? i : 0, r->target,
                               r->name, r->templ.format, r->templ.width, r->templ.height, s->level, s->layer,
                               (unsigned)type, name, w, h, (unsigned)ifmt);
      }
      es_fail(ctx->be, "the host finds the framebuffer incomplete (0x%x)%s", status, n ? what : "");
   }
}

static void
clear(struct srv_ctx *sctx, const struct wire_clear *c)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   if (!es_make_current(be, ctx) || !es_emit_draw_state(ctx, true))
      return;
   es_host_forget(ctx); /* masks and scissor below are the clear's */
   es_host_enable(ctx, ES_EN_DISCARD, GL_RASTERIZER_DISCARD, false);
   es_host_enable(ctx, ES_EN_SCISSOR, GL_SCISSOR_TEST, c->scissor_enable);
   if (c->scissor_enable)
      gl->Scissor(c->scissor.x, c->scissor.y, c->scissor.width, c->scissor.height);
   for (uint32_t i = 0; i < ctx->fb_state.nr_cbufs; i++) {
      const struct srv_surface *s = &ctx->fb_state.cbufs[i];
      if (!(c->buffers & (WIRE_CLEAR_COLOR0 << i)) || !s->res)
         continue;
      uint8_t m = c->colormask[i];
      gl->ColorMask(m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1);
      uint32_t f = ((struct es_resource *)s->res)->templ.format;
      if (wire_format_is_integer(f) && (wire_format_info(f)->flags & WIRE_FMTF_SIGNED))
         gl->ClearBufferiv(GL_COLOR, (GLint)i, (const GLint *)c->color);
      else if (wire_format_is_integer(f))
         gl->ClearBufferuiv(GL_COLOR, (GLint)i, (const GLuint *)c->color);
      else
         gl->ClearBufferfv(GL_COLOR, (GLint)i, c->color);
   }
   bool depth = (c->buffers & WIRE_CLEAR_DEPTH) != 0, stencil = (c->buffers & WIRE_CLEAR_STENCIL) != 0;
   float d = c->depth < 0 ? 0 : c->depth > 1 ? 1 : c->depth;
   if (depth)
      gl->DepthMask(GL_TRUE);
   if (stencil)
      gl->StencilMaskSeparate(GL_FRONT_AND_BACK, c->stencil_write_mask);
   if (depth && stencil)
      gl->ClearBufferfi(GL_DEPTH_STENCIL, 0, d, (GLint)c->stencil);
   else if (depth)
      gl->ClearBufferfv(GL_DEPTH, 0, &d);
   else if (stencil)
      gl->ClearBufferiv(GL_STENCIL, 0, (const GLint *)&c->stencil);
   es_check(be, "Clear");
}

/* The host draw call of d (state, program and capture scope set). */
static void
issue(struct es_ctx *ctx, const struct srv_draw *d)
{
   const struct es_gl *gl = &ctx->be->gl;
   GLenum mode = gl_prim[d->info.mode];
   GLsizei instances = (GLsizei)d->info.instance_count;
   if (!d->info.index_size) {
      gl->DrawArraysInstanced(mode, (GLint)d->info.start, (GLsizei)d->info.count, instances);
      return;
   }
   struct es_resource *ib = (struct es_resource *)d->index_res;
   gl->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib ? ib->name : 0);
   GLenum type = d->info.index_size == 1 ? GL_UNSIGNED_BYTE
               : d->info.index_size == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
   es_host_enable(ctx, ES_EN_RESTART, GL_PRIMITIVE_RESTART_FIXED_INDEX,
                  (d->info.flags & WIRE_DRAW_PRIMITIVE_RESTART) != 0);
   const void *offset = (const void *)(uintptr_t)d->info.index_offset;
   if (d->info.base_vertex)
      gl->DrawElementsInstancedBaseVertex(mode, (GLsizei)d->info.count, type, offset, instances,
                                          d->info.base_vertex);
   else
      gl->DrawElementsInstanced(mode, (GLsizei)d->info.count, type, offset, instances);
}

/* GL core's first-vertex provoking of triangles (OpenGL 3.3 table 2.12: a list's triangle i
 * takes vertex 3i, a strip's vertex i, a fan's vertex i + 1): the draw as a list of its
 * triangles, each in GL's order (a strip's odd ones with their first two swapped) rotated to
 * end with that vertex, the host's provoking one; a rotation keeps the winding and the edges'
 * directions. A geometry stage cannot tell (its input order of strips and fans, and primitive
 * restart, hide which vertex came first). The indices are read from the host's index buffer
 * where the draw has one (a wait on the work before), restarts honoured; the list is drawn
 * from `ctx->expand_ib` with 32-bit indices, base vertex and instances as the draw's. */
static bool
draw_first_provoking(struct es_ctx *ctx, const struct srv_draw *d)
{
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   uint32_t n = d->info.count, size = d->info.index_size;
   if (n < 3)
      return true;
   uint32_t *src = malloc((size_t)n * sizeof(*src)), *out = malloc((size_t)n * 3 * sizeof(*out));
   bool ok = src && out;
   if (ok && size) {
      struct es_resource *ib = (struct es_resource *)d->index_res;
      const uint8_t *p = NULL;
      if (ib && ib->name) {
         gl->BindBuffer(GL_COPY_READ_BUFFER, ib->name);
         p = gl->MapBufferRange(GL_COPY_READ_BUFFER, (GLintptr)d->info.index_offset, (GLsizeiptr)n * size,
                                GL_MAP_READ_BIT);
      }
      if (p) {
         for (uint32_t i = 0; i < n; i++) {
            if (size == 1)
               src[i] = p[i];
            else if (size == 2)
               src[i] = ((const uint16_t *)p)[i];
            else
               src[i] = ((const uint32_t *)p)[i];
         }
         gl->UnmapBuffer(GL_COPY_READ_BUFFER);
      } else {
         ok = false;
         es_check(be, "Draw (first-vertex provoking: reading the indices)");
      }
   } else if (ok) {
      for (uint32_t i = 0; i < n; i++)
         src[i] = d->info.start + i;
   }
   uint32_t restart = size == 1 ? 0xffu : size == 2 ? 0xffffu : 0xffffffffu, m = 0;
   bool restarts = size && (d->info.flags & WIRE_DRAW_PRIMITIVE_RESTART);
   for (uint32_t i = 0, run = 0; ok && i < n; i++) {
      if (restarts && src[i] == restart) {
         run = 0;
         continue;
      }
      src[run] = src[i]; /* the current run's vertices, compacted in place (run <= i) */
      run++;
      uint32_t a, b, c; /* the triangle in GL's order; `a` its first-vertex provoking one */
      if (d->info.mode == WIRE_PRIM_TRIANGLES) {
         if (run % 3)
            continue;
         a = src[run - 3], b = src[run - 2], c = src[run - 1];
      } else if (d->info.mode == WIRE_PRIM_TRIANGLE_STRIP) {
         if (run < 3)
            continue;
         uint32_t k = run - 3; /* (k, k+1, k+2); odd: (k+1, k, k+2), provoking k */
         if (k & 1) /* (k+1, k, k+2) rotated to (k+2, k+1, k) below */
            a = src[k], b = src[k + 2], c = src[k + 1];
         else
            a = src[k], b = src[k + 1], c = src[k + 2];
      } else {
         if (run < 3)
            continue;
         uint32_t k = run - 3; /* (0, k+1, k+2), provoking k+1: rotated (k+1, k+2, 0) */
         a = src[k + 1], b = src[k + 2], c = src[0];
      }
      out[m++] = b, out[m++] = c, out[m++] = a;
   }
   if (ok && m) {
      if (!ctx->expand_ib)
         gl->GenBuffers(1, &ctx->expand_ib);
      gl->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ctx->expand_ib);
      gl->BufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)m * 4, out, GL_STREAM_DRAW);
      es_host_enable(ctx, ES_EN_RESTART, GL_PRIMITIVE_RESTART_FIXED_INDEX, false);
      GLsizei instances = (GLsizei)d->info.instance_count;
      if (size && d->info.base_vertex)
         gl->DrawElementsInstancedBaseVertex(GL_TRIANGLES, (GLsizei)m, GL_UNSIGNED_INT, NULL, instances,
                                             d->info.base_vertex);
      else
         gl->DrawElementsInstanced(GL_TRIANGLES, (GLsizei)m, GL_UNSIGNED_INT, NULL, instances);
   }
   if (!src || !out)
      es_fail(be, "Draw: out of memory (first-vertex provoking)");
   free(src);
   free(out);
   return ok;
}

/* The host draw of d: first-vertex provoking triangles as their list (draw_first_provoking). */
static void
issue_provoking(struct es_ctx *ctx, const struct srv_draw *d)
{
   uint32_t m = d->info.mode;
   if (ctx->rast->s.provoking_first && !ctx->rast->s.rasterizer_discard &&
       (m == WIRE_PRIM_TRIANGLES || m == WIRE_PRIM_TRIANGLE_STRIP || m == WIRE_PRIM_TRIANGLE_FAN))
      draw_first_provoking(ctx, d);
   else
      issue(ctx, d);
}

/* SAMPLES_PASSED (query.c): the draw once more ahead of itself, through the program's counting
 * variant (early tests; one atomic increment per fragment kept) with nothing written, the
 * client's PRIMITIVES_GENERATED query suspended (these primitives are not the client's). */
static bool
count_samples(struct es_ctx *ctx, const struct srv_draw *d, struct es_query *q)
{
   struct es_backend *be = ctx->be;
   const struct es_gl *gl = &be->gl;
   if (ctx->rast->s.rasterizer_discard)
      return true; /* no fragment: nothing passes */
   if (ctx->fb_state.samples > 1) {
      es_unimplemented(be, "SAMPLES_PASSED on a multisampled framebuffer (Espryt counts fragments)");
      return false;
   }
   ctx->counting = true;
   GLuint prog = es_program_select(ctx);
   ctx->counting = false;
   if (!prog)
      return false;
   es_host_bind_program(ctx, prog);
   if (!es_emit_draw_state(ctx, false))
      return false;
   gl->ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   if (es_has(be, ES_FEAT_INDEXED_BLEND))
      for (uint32_t i = 0; i < ctx->fb_state.nr_cbufs; i++)
         gl->ColorMaski(i, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   gl->DepthMask(GL_FALSE);
   gl->StencilMaskSeparate(GL_FRONT_AND_BACK, 0);
   gl->BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, q->counter);
   struct es_query *generated = es_query_suspend(ctx, GL_PRIMITIVES_GENERATED);
   issue_provoking(ctx, d);
   es_query_resume(ctx, generated, 0);
   /* the masks are the real draw's again */
   ctx->host.blend = ctx->host.dsa = 0;
   return es_check(be, "Draw (SAMPLES_PASSED count)");
}

static void
draw(struct srv_ctx *sctx, const struct srv_draw *d)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   if (!es_make_current(be, ctx))
      return;
   if (!ctx->prog) {
      be->skipped++; /* a draw without a program: nothing to run (counted, as Magma) */
      return;
   }
   /* Adjacency: ES 3.2 section 10.1 draws it only through a geometry stage (the core offers
    * the modes with geometry shaders; GL 3.3 also draws them without one, which the host
    * cannot) */
   if (d->info.mode >= WIRE_PRIM_LINES_ADJACENCY &&
       !(ctx->prog->info->stage_mask & (1u << SPV_STAGE_GEOMETRY))) {
      es_unimplemented(be, "adjacency primitives without a geometry stage");
      return;
   }
   if (d->info.index_size && d->info.base_vertex && !es_has(be, ES_FEAT_BASE_VERTEX)) {
      es_unimplemented(be, "base vertex without ES 3.2");
      return;
   }
   /* polygon mode / first-vertex provoking: a geometry stage of Espryt's, which neither a
    * program's own geometry stage nor a capture (of the vertex stage's outputs, before
    * rasterization) can go through */
   const struct wire_rast_state *r = &ctx->rast->s;
   if ((r->polygon_mode != WIRE_POLYGON_FILL || r->provoking_first) && !r->rasterizer_discard &&
       ((ctx->prog->info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) ||
        (ctx->so_count && ctx->prog->info->xfb_varying_count))) {
      es_unimplemented(be, "polygon mode / first-vertex provoking with a geometry shader or while capturing");
      return;
   }
   ctx->draw_mode = d->info.mode;
   struct es_query *counting = es_query_counting(ctx);
   if (counting && !count_samples(ctx, d, counting))
      return;
   GLuint prog = es_program_select(ctx); /* the variant of this draw's point and clip state */
   if (!prog)
      return; /* the host refused the program: the session is failing (es_fail) */
   es_host_bind_program(ctx, prog);
   if (!es_emit_draw_state(ctx, false))
      return;
   /* a logic op's variant reads the attachments: non-coherent framebuffer fetch sees what
    * earlier draws wrote only after a barrier */
   if (ctx->blend->s.logic_op_enable && !es_has(be, ES_FEAT_FRAMEBUFFER_FETCH))
      be->gl.FramebufferFetchBarrierEXT();
   bool capture = false;
   if (!es_xfb_begin(ctx, d, &capture))
      return;
   issue_provoking(ctx, d);
   if (capture)
      es_xfb_end(ctx, d);
   es_check(be, "Draw");
}

static void
present(struct srv_ctx *sctx, struct srv_resource *res)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_resource *r = (struct es_resource *)res;
   if (!es_make_current(ctx->be, ctx))
      return;
   if (r && r->window)
      es_window_present(ctx, r); /* read back and put into the X window (window.c) */
   es_submit(ctx->be, false); /* pbuffers: the frame's work is submitted */
}

static void
flush(struct srv_ctx *sctx)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   if (es_make_current(ctx->be, ctx))
      es_submit(ctx->be, false);
}

static uint64_t fence_completed(struct srv_backend *sbe);

static void
finish(struct srv_ctx *sctx)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   if (es_make_current(ctx->be, ctx))
      es_submit(ctx->be, true);
   fence_completed(&ctx->be->base);
}

static uint64_t
fence_submit(struct srv_backend *sbe)
{
   struct es_backend *be = es_backend(sbe);
   if (!es_make_current(be, NULL))
      return 0;
   if (be->fence_count == be->fence_cap) {
      uint32_t cap = be->fence_cap ? be->fence_cap * 2 : 16;
      struct es_fence *f = realloc(be->fences, cap * sizeof(*f));
      if (!f) {
         be->gl.Finish(); /* no room to track it: complete now */
         return 0;
      }
      be->fences = f;
      be->fence_cap = cap;
   }
   GLsync s = be->gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   if (!es_submit(be, false)) {
      if (s)
         be->gl.DeleteSync(s);
      return 0;
   }
   if (!s) {
      es_check(be, "FenceSync");
      return 0;
   }
   uint64_t serial = ++be->fence_next;
   be->fences[be->fence_count++] = (struct es_fence){serial, s};
   return serial;
}

static uint64_t
fence_completed(struct srv_backend *sbe)
{
   struct es_backend *be = es_backend(sbe);
   if (be->status == SRV_STATUS_DEVICE_LOST)
      return UINT64_MAX;
   if (!be->fence_count || !es_make_current(be, NULL))
      return be->fence_done;
   uint32_t done = 0;
   while (done < be->fence_count) {
      GLenum r = be->gl.ClientWaitSync(be->fences[done].sync, 0, 0);
      if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED)
         break;
      be->fence_done = be->fences[done].serial;
      be->gl.DeleteSync(be->fences[done].sync);
      done++;
   }
   memmove(be->fences, be->fences + done, (be->fence_count - done) * sizeof(*be->fences));
   be->fence_count -= done;
   return be->fence_done;
}

void
es_draw_ops(struct srv_backend_ops *ops)
{
   ops->clear = clear;
   ops->draw = draw;
   ops->read_pixels = es_read_pixels;
   ops->present = present;
   ops->flush = flush;
   ops->finish = finish;
   ops->fence_submit = fence_submit;
   ops->fence_completed = fence_completed;
   ops->buffer_read = es_buffer_read;
   ops->generate_mipmap = es_generate_mipmap;
}
