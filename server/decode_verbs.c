/* splitgl server: verbs (draw, clear, mipmaps, read-back, present) and queries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_private.h"
#include "util/log.h"
#include "wire/format.h"

#define GL_INVALID_OPERATION 0x0502 /* the GL error a backend or the core raises (events) */

void
srv_handle_Draw(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_draw *d = p;
   struct srv_context *ctx = srv_cur(s, "Draw.context");
   if (!ctx)
      return;
   /* The schema's rules ran first: mode, index size 0 / 1 / 2 / 4, flags, and start, count
    * and instance_count <= INT32_MAX (so first + count stays below 2^32 and Vulkan's vertex
    * index never wraps). */
   if (d->mode >= WIRE_PRIM_LINES_ADJACENCY &&
       !(s->ops->get_param(s->be, WIRE_CAP_FEATURES) & WIRE_FEATURE_GEOMETRY_SHADER))
      return srv_fatal(s, "ProtocolCorruption", "Draw.mode");
   if ((d->flags & WIRE_DRAW_PRIMITIVE_RESTART) && (!d->index_size || d->mode == WIRE_PRIM_LINE_LOOP))
      return srv_fatal(s, "ProtocolCorruption", "Draw.flags");
   struct srv_draw draw = {*d, NULL};
   if (d->index_size) {
      struct srv_res *r = srv_get_res(s, d->index_res, "Draw.index_res");
      if (!r)
         return;
      uint64_t end = (uint64_t)d->index_offset + (uint64_t)d->count * d->index_size;
      if (r->templ.target != WIRE_TARGET_BUFFER || end > r->templ.width || d->index_offset % d->index_size)
         return srv_fatal(s, "ProtocolCorruption", "Draw.index_offset");
      draw.index_res = r->be;
      if (!r->be) { /* no storage (out of memory at create, GL_OUT_OF_MEMORY raised then) */
         s->stats.skipped++;
         return;
      }
   } else if (d->index_res.gen || d->index_offset || d->base_vertex) {
      return srv_fatal(s, "ProtocolCorruption", "Draw.index_res");
   }
   if (!d->count || !d->instance_count)
      return;
   s->stats.draws++;
   ctx->draws++;
   s->ops->draw(ctx->be, &draw);
}

void
srv_handle_Clear(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_clear *c = p;
   struct srv_context *ctx = srv_cur(s, "Clear.context");
   if (!ctx)
      return;
   /* every field has its schema rule (buffers, scissor, colour masks, padding) */
   s->ops->clear(ctx->be, c);
}

/* A surface of a Blit record: an image resource, its level and layer inside it. */
static struct srv_res *
blit_surface(struct srv_session *s, const struct wire_surface_ref *ref)
{
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], ref->res);
   struct srv_res *r = e ? e->obj : NULL;
   if (!r)
      return NULL;
   const struct wire_resource_create *t = &r->templ;
   if (t->target == WIRE_TARGET_BUFFER || ref->level > t->last_level ||
       ref->layer >= (t->target == WIRE_TARGET_TEX_3D ? wire_minify(t->depth, ref->level) : t->layers))
      return NULL;
   return r;
}

void
srv_handle_Blit(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_blit *b = p;
   struct srv_context *ctx = srv_cur(s, "Blit.context");
   if (!ctx)
      return;
   struct srv_res *src = blit_surface(s, &b->src), *dst = blit_surface(s, &b->dst);
   if (!src)
      return srv_fatal(s, "ProtocolCorruption", "Blit.src");
   if (!dst)
      return srv_fatal(s, "ProtocolCorruption", "Blit.dst");
   const uint32_t ds = WIRE_BLIT_DEPTH | WIRE_BLIT_STENCIL;
   if (!(b->mask == WIRE_BLIT_COLOR || (b->mask && !(b->mask & ~ds))) || (b->linear && b->mask != WIRE_BLIT_COLOR))
      return srv_fatal(s, "ProtocolCorruption", "Blit.mask");
   uint32_t sf = src->templ.format, df = dst->templ.format;
   bool src_zs = wire_format_has_depth(sf) || wire_format_has_stencil(sf);
   bool dst_zs = wire_format_has_depth(df) || wire_format_has_stencil(df);
   /* Compressed formats are never blit surfaces: they are not renderable (ES 3.0 section
    * 4.4.4), so no framebuffer the client blits from or to holds one. */
   if ((b->mask == WIRE_BLIT_COLOR ? src_zs || dst_zs : sf != df || !src_zs) || wire_format_is_compressed(sf) ||
       wire_format_is_compressed(df))
      return srv_fatal(s, "ProtocolCorruption", "Blit.format");
   /* A GL-level mismatch the client should have refused: the spec's error, not corruption. */
   if (b->mask == WIRE_BLIT_COLOR && (wire_format_is_integer(sf) != wire_format_is_integer(df) ||
                                      (wire_format_is_integer(sf) && b->linear)))
   {
      srv_gl_error(s, GL_INVALID_OPERATION);
      return;
   }
   /* Multisampled surfaces (wire_types.h wire_blit): a resolve or a sample-for-sample copy,
    * formats equal, rectangles of one size and direction, NEAREST. */
   uint32_t sn = src->templ.samples > 1 ? src->templ.samples : 1, dn = dst->templ.samples > 1 ? dst->templ.samples : 1;
   if (sn > 1) {
      int64_t sw = (int64_t)b->src_x1 - b->src_x0, sh = (int64_t)b->src_y1 - b->src_y0;
      int64_t dw = (int64_t)b->dst_x1 - b->dst_x0, dh = (int64_t)b->dst_y1 - b->dst_y0;
      if ((dn > 1 && dn != sn) || sf != df || b->linear || sw != dw || sh != dh)
         return srv_fatal(s, "ProtocolCorruption", "Blit.samples");
   } else if (dn > 1 && b->mask != WIRE_BLIT_COLOR) {
      /* a single-sampled source replicated into every sample: colour only (revision 6) */
      return srv_fatal(s, "ProtocolCorruption", "Blit.samples");
   }
   if (!src->be || !dst->be) {
      s->stats.skipped++; /* no storage (out of memory at create) */
      return;
   }
   const uint32_t lin = (b->flags & WIRE_BLIT_F_LINEAR_SRGB) ? 1u : 0u;
   struct srv_surface ss = {src->be, b->src.level, b->src.layer, sn, lin && (wire_format_info(sf)->flags & WIRE_FMTF_SRGB)},
                      dd = {dst->be, b->dst.level, b->dst.layer, dn, lin && (wire_format_info(df)->flags & WIRE_FMTF_SRGB)};
   uint32_t err = s->ops->blit(ctx->be, &ss, &dd, b);
   if (err)
      srv_gl_error(s, err);
}

void
srv_handle_GenerateMipmap(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_generate_mipmap *g = p;
   struct srv_context *ctx = srv_cur(s, "GenerateMipmap.context");
   if (!ctx)
      return;
   struct srv_res *r = srv_get_res(s, g->res, "GenerateMipmap.res");
   if (!r)
      return;
   if (!srv_is_texture_target(r->templ.target) || r->templ.samples > 1 || g->base_level > g->last_level ||
       g->last_level > r->templ.last_level || wire_format_has_depth(r->templ.format) ||
       wire_format_is_compressed(r->templ.format))
      return srv_fatal(s, "ProtocolCorruption", "GenerateMipmap.level");
   if (!r->be)
      s->stats.skipped++; /* no storage (out of memory at create) */
   else if (g->base_level < g->last_level)
      s->ops->generate_mipmap(ctx->be, r->be, g->base_level, g->last_level);
}

void
srv_reply(struct srv_session *s, uint32_t size)
{
   struct wire_ctrl *c = s->seg.ctrl;
   wire_store32(&c->reply_bytes, size);
   wire_store64(&c->reply_seq, s->seq);
}

/* The source of a read (ReadPixels, ReadPixelsToBuffer): a texture or renderbuffer level and
 * layer the client may read, single-sampled (the client resolves first, with a Blit), w * h
 * texels of at most WIRE_MAX_REPLY bytes. NULL (fatal naming `site`) otherwise. */
static struct srv_res *
read_source(struct srv_session *s, const struct wire_read_pixels *rp, const char *src_site, const char *size_site,
            uint64_t *bytes)
{
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], rp->src.res);
   if (!e) {
      srv_fatal(s, "ProtocolCorruption", src_site);
      return NULL;
   }
   struct srv_res *r = e->obj;
   const struct wire_resource_create *t = &r->templ;
   /* Depth / stencil surfaces since protocol revision 6 (glReadPixels of depth / stencil,
    * glGetTexImage of depth textures): the reply is their upload layout. */
   if (t->target == WIRE_TARGET_BUFFER || wire_format_is_compressed(t->format) || rp->src.level > t->last_level ||
       rp->src.layer >= (t->target == WIRE_TARGET_TEX_3D ? wire_minify(t->depth, rp->src.level) : t->layers) ||
       t->samples > 1) { /* the client resolves first (Blit) */
      srv_fatal(s, "ProtocolCorruption", src_site);
      return NULL;
   }
   /* w * h texels of the surface's wire format (wire_types.h wire_read_pixels). */
   *bytes = (uint64_t)rp->w * rp->h * wire_format_texel_size(t->format);
   if (*bytes > s->seg.reply_size) {
      srv_fatal(s, "ProtocolCorruption", size_site);
      return NULL;
   }
   return r;
}

void
srv_handle_ReadPixels(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_read_pixels *rp = p;
   struct srv_context *ctx = srv_cur(s, "ReadPixels.context");
   uint64_t bytes;
   struct srv_res *r = ctx ? read_source(s, rp, "ReadPixels.src", "ReadPixels.size", &bytes) : NULL;
   if (!r)
      return;
   /* Texels outside the surface, or all of them if the device fails, read as zero: never
    * stale reply-slot bytes. */
   memset(s->seg.reply, 0, bytes);
   struct srv_surface surf = {r->be, rp->src.level, rp->src.layer, 1};
   if (!r->be)
      s->stats.skipped++; /* no storage (out of memory at create): zeros */
   else if (bytes)
      s->ops->read_pixels(ctx->be, &surf, rp->x, rp->y, rp->w, rp->h, s->seg.reply);
   srv_reply(s, (uint32_t)bytes);
}

void
srv_handle_ReadPixelsToBuffer(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_read_to_buffer *rb = p;
   struct srv_context *ctx = srv_cur(s, "ReadPixelsToBuffer.context");
   uint64_t bytes;
   struct srv_res *r = ctx ? read_source(s, &rb->src, "ReadPixelsToBuffer.src", "ReadPixelsToBuffer.shape", &bytes)
                           : NULL;
   if (!r)
      return;
   struct srv_res *dst = srv_get_res(s, rb->dst, "ReadPixelsToBuffer.dst");
   if (!dst)
      return;
   if (dst->templ.target != WIRE_TARGET_BUFFER)
      return srv_fatal(s, "ProtocolCorruption", "ReadPixelsToBuffer.dst");
   /* The whole shape is checked before anything is read: rows at least a row of texels apart,
    * the last row's last texel inside the buffer. */
   const uint64_t row = (uint64_t)rb->src.w * wire_format_texel_size(r->templ.format);
   if (rb->row_stride < row ||
       (bytes && (uint64_t)rb->dst_offset + (uint64_t)(rb->src.h - 1) * rb->row_stride + row > dst->templ.width))
      return srv_fatal(s, "ProtocolCorruption", "ReadPixelsToBuffer.shape");
   if (!bytes)
      return;
   if (s->readback_cap < bytes) {
      uint8_t *nb = realloc(s->readback, bytes);
      if (!nb)
         return srv_fatal(s, "OutOfMemory", "ReadPixelsToBuffer");
      s->readback = nb;
      s->readback_cap = bytes;
   }
   memset(s->readback, 0, bytes); /* texels outside the surface read as zero, as ReadPixels */
   struct srv_surface surf = {r->be, rb->src.src.level, rb->src.src.layer, 1};
   if (!r->be || !dst->be) {
      s->stats.skipped++; /* no storage (out of memory at create): nothing to land */
      return;
   }
   /* No reply can carry a failure, so it ends the session (the client's later read of the
    * buffer reports ReadbackDeclined, never the buffer's old bytes). */
   if (!s->ops->read_pixels(ctx->be, &surf, rb->src.x, rb->src.y, rb->src.w, rb->src.h, s->readback))
      return srv_fatal(s, "ReadbackDeclined", "ReadPixelsToBuffer");
   /* Contiguous runs through the buffer-write path: one when the rows are tight, else a row
    * each (the bytes between rows are not the read's to write). */
   if (rb->row_stride == row)
      s->ops->buffer_subdata(s->be, dst->be, rb->dst_offset, s->readback, (uint32_t)bytes);
   else
      for (uint32_t i = 0; i < rb->src.h; i++)
         s->ops->buffer_subdata(s->be, dst->be, rb->dst_offset + i * rb->row_stride, s->readback + (size_t)i * row,
                                (uint32_t)row);
   s->stats.pack_readbacks++;
}

void
srv_handle_BufferRead(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_buffer_read *b = p;
   struct srv_res *r = srv_get_res(s, b->res, "BufferRead.res");
   if (!r)
      return;
   if (r->templ.target != WIRE_TARGET_BUFFER)
      return srv_fatal(s, "ProtocolCorruption", "BufferRead.res");
   if (b->offset > r->templ.width || b->size > r->templ.width - b->offset || b->size > s->seg.reply_size)
      return srv_fatal(s, "ProtocolCorruption", "BufferRead.size");
   /* All zeros when the device cannot deliver: never stale reply-slot bytes. */
   memset(s->seg.reply, 0, b->size);
   if (!r->be)
      s->stats.skipped++; /* no storage (out of memory at create) */
   else if (b->size)
      s->ops->buffer_read(s->be, r->be, b->offset, b->size, s->seg.reply);
   srv_reply(s, b->size);
}

/* WindowFramesBack: the presented image, whole, to the frame sink (the client puts it into
 * its window). A device that cannot read it back ends the session, as ReadPixelsToBuffer. */
static void
send_frame_back(struct srv_session *s, struct srv_context *ctx, struct srv_res *r, const struct wire_present *pr)
{
   if (!s->frame_sink) {
      if (!s->frame_warned)
         sgl_warn("server: a window's frames are to go back to the client, but this transport carries none: "
                  "its frames are dropped");
      s->frame_warned = true;
      return;
   }
   const struct wire_resource_create *t = &r->templ;
   const uint32_t texel = wire_format_texel_size(t->format);
   const uint64_t bytes = (uint64_t)t->width * t->height * texel;
   if (s->frame_cap < bytes) {
      uint8_t *nb = realloc(s->frame, bytes);
      if (!nb)
         return srv_fatal(s, "OutOfMemory", "Present.frame");
      s->frame = nb;
      s->frame_cap = bytes;
   }
   struct srv_surface surf = {r->be, 0, 0, 1};
   if (!s->ops->read_pixels(ctx->be, &surf, 0, 0, t->width, t->height, s->frame))
      return srv_fatal(s, "ReadbackDeclined", "Present.frame");
   struct wire_frame f = {pr->res, pr->frame_serial, t->width, t->height, t->format, t->width * texel};
   s->frame_sink(s->frame_user, &f, s->frame);
}

/* The write-back form of a CPU read (DESIGN 2.7, issue 11): the range is read once into the
 * session's scratch, then posted as WIRE_EVENT_WRITEBACK chunks of at most WIRE_WRITEBACK_CHUNK
 * bytes, in order, on the event ring (the session parks while the ring is full; the client
 * drains it while it waits for this record). A read the device refuses has no reply to carry
 * the failure: the session ends with ReadbackDeclined, which the client reports as such. */
void
srv_handle_BufferWriteback(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_buffer_read *b = p;
   struct srv_res *r = srv_get_res(s, b->res, "BufferWriteback.res");
   if (!r)
      return;
   if (r->templ.target != WIRE_TARGET_BUFFER)
      return srv_fatal(s, "ProtocolCorruption", "BufferWriteback.res");
   if (b->offset > r->templ.width || b->size > r->templ.width - b->offset || b->size > WIRE_WRITEBACK_MAX)
      return srv_fatal(s, "ProtocolCorruption", "BufferWriteback.size");
   if (!b->size)
      return;
   if (s->readback_cap < b->size) {
      uint8_t *nb = realloc(s->readback, b->size);
      if (!nb)
         return srv_fatal(s, "OutOfMemory", "BufferWriteback");
      s->readback = nb;
      s->readback_cap = b->size;
   }
   memset(s->readback, 0, b->size); /* no storage (out of memory at create) reads as zeros */
   if (!r->be)
      s->stats.skipped++;
   else if (!s->ops->buffer_read(s->be, r->be, b->offset, b->size, s->readback))
      return srv_fatal(s, "ReadbackDeclined", "BufferWriteback");
   for (uint32_t off = 0; off < b->size;) {
      uint32_t n = b->size - off < WIRE_WRITEBACK_CHUNK ? b->size - off : WIRE_WRITEBACK_CHUNK;
      if (!srv_post_event_data(s, WIRE_EVENT_WRITEBACK, off, n, s->readback + off, n))
         return; /* the client is closing or gone: it takes no more bytes */
      off += n;
   }
}

void
srv_handle_Present(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_present *pr = p;
   struct srv_context *ctx = srv_cur(s, "Present.context");
   if (!ctx)
      return;
   if (pr->frame_serial != s->last_present + 1)
      return srv_fatal(s, "ProtocolCorruption", "Present.frame_serial");
   s->last_present = pr->frame_serial;
   struct srv_res *r = srv_get_res(s, pr->res, "Present.res");
   if (!r)
      return;
   if (r->templ.target == WIRE_TARGET_BUFFER || r->templ.samples > 1) /* the client presents the resolve */
      return srv_fatal(s, "ProtocolCorruption", "Present.res");
   if (r->frames_back && r->be)
      send_frame_back(s, ctx, r, pr);
   if (r->be)
      s->ops->present(ctx->be, r->be);
   else
      s->stats.skipped++; /* no storage (out of memory at create) */
}

/* The resource a window may be attached to: a live single-sampled colour renderbuffer. */
static struct srv_res *
window_res(struct srv_session *s, wire_handle h, const char *site)
{
   struct srv_res *r = srv_get_res(s, h, site);
   if (!r)
      return NULL;
   const struct wire_resource_create *t = &r->templ;
   if (t->target != WIRE_TARGET_RENDERBUFFER || t->samples > 1 || wire_format_has_depth(t->format) ||
       wire_format_has_stencil(t->format) || wire_format_is_integer(t->format)) {
      srv_fatal(s, "ProtocolCorruption", site);
      return NULL;
   }
   return r;
}

/* A display on this machine: ":N", ":N.S" or "unix:N[.S]". The server presents only there (the
 * client is on the same machine by the transports' design); a name that would make it open a
 * TCP connection elsewhere is refused. */
static bool
local_display(const char *name)
{
   if (!strncmp(name, "unix:", 5))
      name += 4;
   if (*name++ != ':' || !(*name >= '0' && *name <= '9'))
      return false;
   while (*name >= '0' && *name <= '9')
      name++;
   if (*name == '.') {
      name++;
      if (!(*name >= '0' && *name <= '9'))
         return false;
      while (*name >= '0' && *name <= '9')
         name++;
   }
   return *name == 0;
}

void
srv_handle_WindowAttach(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_window_attach *a = p;
   const uint32_t len = a->display_len;
   /* display_len is 1..WIRE_MAX_DISPLAY_NAME (its rule); the tail holds exactly that string */
   if (len > tsize || tsize - len >= WIRE_RECORD_ALIGN || tail[len - 1] != 0 || strlen((const char *)tail) != len - 1)
      return srv_fatal(s, "ProtocolCorruption", "WindowAttach.display_len");
   struct srv_res *r = window_res(s, a->res, "WindowAttach.res");
   if (!r)
      return;
   struct wire_window_status *st = (void *)s->seg.reply;
   memset(st, 0, sizeof(*st));
   if (!r->be)
      snprintf(st->why, sizeof(st->why), "the surface has no storage (out of memory)");
   else if (!local_display((const char *)tail))
      snprintf(st->why, sizeof(st->why), "X display \"%.64s\" is not on this machine (:N): not connected to",
               (const char *)tail);
   else if (!s->ops->window_attach)
      snprintf(st->why, sizeof(st->why), "this server's backend cannot present into windows");
   else
      st->ok = s->ops->window_attach(s->be, r->be, (const char *)tail, a->xid, a->interval, st->why,
                                     sizeof(st->why));
   st->why[sizeof(st->why) - 1] = 0;
   srv_reply(s, sizeof(*st));
}

void
srv_handle_WindowSetInterval(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_window_interval *w = p;
   struct srv_res *r = window_res(s, w->res, "WindowSetInterval.res");
   if (r && r->be && s->ops->window_set_interval)
      s->ops->window_set_interval(s->be, r->be, w->interval);
}

void
srv_handle_WindowFramesBack(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_window_frames_back *w = p;
   struct srv_res *r = window_res(s, w->res, "WindowFramesBack.res");
   if (r)
      r->frames_back = true;
}

/* wire_empty's reserved word is 0 (its schema rule) for every op below. */
void
srv_handle_Flush(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   if (s->cur)
      s->ops->flush(s->cur->be);
}

void
srv_handle_Finish(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   if (s->cur) {
      s->ops->finish(s->cur->be);
      /* Every fence before the Finish has completed: say so before the client learns that
       * the Finish was applied, so glClientWaitSync(timeout 0) after glFinish reports
       * ALREADY_SIGNALED. */
      srv_poll_fences(s);
   }
}

void
srv_handle_GetStats(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   struct wire_server_stats st = s->stats;
   if (s->cur)
      st.draws = s->cur->draws; /* the asking context's own draws */
   st.events_dropped = s->events_dropped;
   s->ops->get_stats(s->be, &st);
   memcpy(s->seg.reply, &st, sizeof(st));
   srv_reply(s, sizeof(st));
}

void
srv_handle_QueryDevices(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   struct wire_device_list list;
   memset(&list, 0, sizeof(list));
   if (s->ops->list_devices)
      s->ops->list_devices(s->be, &list);
   if (list.count > WIRE_MAX_DEVICES)
      list.count = WIRE_MAX_DEVICES;
   for (uint32_t i = 0; i < WIRE_MAX_DEVICES; i++) {
      list.dev[i].name[sizeof(list.dev[i].name) - 1] = 0;
      list.dev[i].vendor[sizeof(list.dev[i].vendor) - 1] = 0;
      list.dev[i].driver_name[sizeof(list.dev[i].driver_name) - 1] = 0;
   }
   memcpy(s->seg.reply, &list, sizeof(list));
   srv_reply(s, sizeof(list));
}

void
srv_handle_GetInfo(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   struct wire_server_info info;
   memset(&info, 0, sizeof(info));
   s->ops->get_info(s->be, &info);
   info.cap_count = WIRE_CAP_COUNT;
   info.pad = 0;
   for (uint32_t i = 0; i < WIRE_MAX_CAPS; i++)
      info.caps[i] = i < WIRE_CAP_COUNT ? s->ops->get_param(s->be, (enum wire_cap)i) : 0;
   info.renderer[sizeof(info.renderer) - 1] = 0;
   info.device[sizeof(info.device) - 1] = 0;
   memcpy(s->seg.reply, &info, sizeof(info));
   srv_reply(s, sizeof(info));
}
