/* splitgl gl_front: contexts, share groups, channels and object lifetimes. */
#include <stdio.h>
#include <stdlib.h>

#include "glf_context.h"
#include "glf_proc.h"
#include "util/knobs.h"

__thread struct glf_context *glf__current;

/* ---- channels: per wire client, shared by every context on it ------------------------ */
static pthread_mutex_t channels_lock = PTHREAD_MUTEX_INITIALIZER;
static struct glf_channel *channels;


static struct glf_channel *
channel_get(struct wire_client *c)
{
   pthread_mutex_lock(&channels_lock);
   struct glf_channel *ch;
   for (ch = channels; ch; ch = ch->next)
      if (ch->wire == c)
         break;
   if (!ch && (ch = calloc(1, sizeof(*ch)))) {
      ch->wire = c;
      pthread_mutex_init(&ch->lock, NULL);
      ch->next = channels;
      channels = ch;
   }
   if (ch)
      ch->refcount++;
   pthread_mutex_unlock(&channels_lock);
   return ch;
}

static void
channel_put(struct glf_channel *ch)
{
   pthread_mutex_lock(&channels_lock);
   bool last = --ch->refcount == 0;
   if (last) {
      struct glf_channel **p = &channels;
      while (*p != ch)
         p = &(*p)->next;
      *p = ch->next;
   }
   pthread_mutex_unlock(&channels_lock);
   if (!last)
      return;
   pthread_mutex_destroy(&ch->lock);
   free(ch);
}

static void
channel_register(struct glf_channel *ch, struct glf_context *ctx)
{
   pthread_mutex_lock(&ch->lock);
   ctx->chan_next = ch->contexts;
   ch->contexts = ctx;
   if (ch->lost)
      __atomic_store_n(&ctx->reset_status, GL_UNKNOWN_CONTEXT_RESET, __ATOMIC_RELEASE);
   pthread_mutex_unlock(&ch->lock);
}

static void
channel_unregister(struct glf_channel *ch, struct glf_context *ctx)
{
   pthread_mutex_lock(&ch->lock);
   for (struct glf_context **p = &ch->contexts; *p; p = &(*p)->chan_next) {
      if (*p == ctx) {
         *p = ctx->chan_next;
         break;
      }
   }
   pthread_mutex_unlock(&ch->lock);
}

/* The channel of wire client w, locked (channels_lock and its own lock held), or NULL.
 * For the wire's event callbacks, which run under the wire lock: both locks are below it. */
static struct glf_channel *
channel_find_locked(struct wire_client *w)
{
   pthread_mutex_lock(&channels_lock);
   struct glf_channel *ch = channels;
   while (ch && ch->wire != w)
      ch = ch->next;
   if (ch)
      pthread_mutex_lock(&ch->lock);
   else
      pthread_mutex_unlock(&channels_lock);
   return ch;
}

static void
channel_unlock_found(struct glf_channel *ch)
{
   pthread_mutex_unlock(&ch->lock);
   pthread_mutex_unlock(&channels_lock);
}

static bool
same_handle(wire_handle a, wire_handle b)
{
   return a.slot == b.slot && a.gen == b.gen;
}

/** Server-raised GL errors (wire callback gl_error, under the wire lock): recorded on the
 *  context whose record raised it, whichever thread drains the event; that context reports it
 *  at its next glGetError (first error wins). */
void
glf_wire_gl_error(struct wire_client *w, wire_handle ctx_handle, uint32_t gl_error)
{
   struct glf_channel *ch = channel_find_locked(w);
   struct glf_context *ctx = NULL;
   if (ch) {
      for (ctx = ch->contexts; ctx && !same_handle(ctx->issuer.ctx, ctx_handle); ctx = ctx->chan_next)
         ;
      if (ctx) {
         uint32_t none = GL_NO_ERROR;
         __atomic_compare_exchange_n(&ctx->server_error, &none, gl_error, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
      }
      channel_unlock_found(ch);
   }
   if (!ctx)
      sgl_warn("server raised %s for context %u:%u, which no longer exists", glf_enum_name(gl_error),
               ctx_handle.slot, ctx_handle.gen);
}

/** The channel is gone (wire callback lost, under the wire lock): every context on it is
 *  reset (KHR_robustness). */
void
glf_wire_lost(struct wire_client *w, bool device_lost)
{
   struct glf_channel *ch = channel_find_locked(w);
   if (!ch)
      return;
   ch->lost = true;
   ch->device_lost = device_lost;
   for (struct glf_context *ctx = ch->contexts; ctx; ctx = ctx->chan_next)
      __atomic_store_n(&ctx->reset_status, GL_UNKNOWN_CONTEXT_RESET, __ATOMIC_RELEASE);
   channel_unlock_found(ch);
}

/* ---- records --------------------------------------------------------------------------- */
void *
glf_begin(struct glf_context *ctx, uint32_t op, uint32_t tail)
{
   if (wire_client_lost(ctx->wire)) {
      /* KHR_robustness: commands after a reset generate CONTEXT_LOST and have no effect. */
      glf_error(ctx, GL_CONTEXT_LOST, "channel lost");
      return NULL;
   }
   void *p = wire_begin_ctx(ctx->wire, &ctx->issuer, op, tail);
   if (p)
      memset(p, 0, wire_op_table[op].payload_size + tail);
   return p;
}

void
glf_emit_destroy(struct glf_context *ctx, enum wire_handle_kind kind, wire_handle h)
{
   if (!h.gen)
      return;
   struct wire_destroy *d = GLF_BEGIN(ctx, Destroy);
   if (d) {
      d->kind = kind;
      d->h = h;
      wire_end(ctx->wire);
   }
   wire_handle_release(ctx->wire, kind, h);
}

void
glf_upload_buffer(struct glf_context *ctx, wire_handle res, uint32_t offset, const void *data, uint32_t size)
{
   uint32_t band = wire_max_stage(ctx->wire);
   const uint8_t *src = data;
   while (size && band) {
      uint32_t n = size < band ? size : band;
      struct wire_buffer_subdata *p = GLF_BEGIN(ctx, BufferSubData);
      if (!p)
         return;
      p->res = res;
      p->offset = offset;
      void *dst = wire_stage(ctx->wire, n, &p->data);
      if (dst)
         memcpy(dst, src, n);
      wire_end(ctx->wire);
      src += n;
      offset += n;
      size -= n;
   }
}

/* ---- share groups ------------------------------------------------------------------------ */
void
glf_shared_lock(struct glf_context *ctx)
{
   pthread_mutex_lock(&ctx->shared->lock);
}

void
glf_shared_unlock(struct glf_context *ctx)
{
   pthread_mutex_unlock(&ctx->shared->lock);
}

bool
glf_shared_has(struct glf_context *ctx, struct glf_hash *h, GLuint name, bool reserved_too)
{
   glf_shared_lock(ctx);
   void *v = glf_hash_lookup(h, name);
   glf_shared_unlock(ctx);
   return v && (reserved_too || v != GLF_NAME_RESERVED);
}

void *
glf_lookup_ref(struct glf_context *ctx, struct glf_hash *h, GLuint name, size_t refcount_offset)
{
   glf_shared_lock(ctx);
   void *v = glf_hash_lookup(h, name);
   if (v && v != GLF_NAME_RESERVED)
      glf_ref_inc((int *)((char *)v + refcount_offset));
   glf_shared_unlock(ctx);
   return v;
}

void
glf_gen_names(struct glf_context *ctx, struct glf_hash *h, GLsizei n, GLuint *names)
{
   glf_shared_lock(ctx);
   GLuint first = glf_hash_find_free_block(h, (GLuint)n);
   for (GLsizei i = 0; i < n; i++) {
      names[i] = first + (GLuint)i;
      glf_hash_insert(h, names[i], GLF_NAME_RESERVED);
   }
   glf_shared_unlock(ctx);
}

static void
buffer_free(struct glf_context *ctx, struct glf_buffer *buf)
{
   if (buf->created)
      glf_emit_destroy(ctx, WIRE_KIND_RESOURCE, buf->res);
   free(buf->shadow);
   free(buf->map_ptr);
   free(buf->label);
   free(buf);
}

void
glf_buffer_unref(struct glf_context *ctx, struct glf_buffer *buf)
{
   if (buf && glf_ref_dec(&buf->refcount))
      buffer_free(ctx, buf);
}

void
glf_buffer_move(struct glf_context *ctx, struct glf_buffer **slot, struct glf_buffer *buf)
{
   struct glf_buffer *old = *slot;
   *slot = buf;
   glf_buffer_unref(ctx, old);
}

void
glf_buffer_ref(struct glf_context *ctx, struct glf_buffer **slot, struct glf_buffer *buf)
{
   if (*slot == buf)
      return;
   if (buf)
      glf_ref_inc(&buf->refcount);
   glf_buffer_move(ctx, slot, buf);
}

static void
texture_free(struct glf_context *ctx, struct glf_texture *tex)
{
   glf_buffer_ref(ctx, &tex->buffer, NULL); /* a buffer texture's */
   if (tex->image)
      glf_image_storage_unref(tex->image); /* an EGLImage's: the last reference destroys it */
   else if (tex->created)
      glf_emit_destroy(ctx, WIRE_KIND_RESOURCE, tex->res);
   glf_texture_drop_blocks(tex, -1, -1);
   free(tex->label);
   free(tex);
}

void
glf_texture_unref(struct glf_context *ctx, struct glf_texture *tex)
{
   if (tex && glf_ref_dec(&tex->refcount))
      texture_free(ctx, tex);
}

void
glf_texture_move(struct glf_context *ctx, struct glf_texture **slot, struct glf_texture *tex)
{
   struct glf_texture *old = *slot;
   *slot = tex;
   glf_texture_unref(ctx, old);
}

void
glf_texture_ref(struct glf_context *ctx, struct glf_texture **slot, struct glf_texture *tex)
{
   if (*slot == tex)
      return;
   if (tex)
      glf_ref_inc(&tex->refcount);
   glf_texture_move(ctx, slot, tex);
}

void
glf_renderbuffer_unref(struct glf_context *ctx, struct glf_renderbuffer *rb)
{
   if (!rb || !glf_ref_dec(&rb->refcount))
      return;
   if (rb->image)
      glf_image_storage_unref(rb->image); /* an EGLImage's: the image's last reference destroys it */
   else if (rb->created)
      glf_emit_destroy(ctx, WIRE_KIND_RESOURCE, rb->res);
   free(rb->label);
   free(rb);
}

void
glf_renderbuffer_move(struct glf_context *ctx, struct glf_renderbuffer **slot, struct glf_renderbuffer *rb)
{
   struct glf_renderbuffer *old = *slot;
   *slot = rb;
   glf_renderbuffer_unref(ctx, old);
}

void
glf_renderbuffer_ref(struct glf_context *ctx, struct glf_renderbuffer **slot, struct glf_renderbuffer *rb)
{
   if (*slot == rb)
      return;
   if (rb)
      glf_ref_inc(&rb->refcount);
   glf_renderbuffer_move(ctx, slot, rb);
}

void glf_programs_destroy_all(struct glf_context *ctx, struct glf_hash *h);

static void
shared_release(struct glf_context *ctx)
{
   struct glf_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   bool last = --sh->refcount == 0;
   pthread_mutex_unlock(&sh->lock);
   if (!last)
      return;
   /* The last sharer: Destroy records for everything the group owns. */
   GLF_HASH_FOREACH(&sh->buffers, k, v) {
      if (v != GLF_NAME_RESERVED)
         glf_buffer_unref(ctx, v);
   }
   GLF_HASH_FOREACH(&sh->textures, k, v) {
      if (v != GLF_NAME_RESERVED)
         glf_texture_unref(ctx, v);
   }
   GLF_HASH_FOREACH(&sh->renderbuffers, k, v) {
      if (v != GLF_NAME_RESERVED)
         glf_renderbuffer_unref(ctx, v);
   }
   glf_programs_destroy_all(ctx, &sh->programs);
   glf_syncs_destroy_all(&sh->syncs);
   glf_samplers_destroy_all(&sh->samplers);
   glf_hash_free(&sh->samplers);
   glf_hash_free(&sh->syncs);
   glf_hash_free(&sh->buffers);
   glf_hash_free(&sh->textures);
   glf_hash_free(&sh->renderbuffers);
   glf_hash_free(&sh->programs);
   pthread_mutex_destroy(&sh->lock);
   free(sh);
}

/* ---- context creation ------------------------------------------------------------------ */
static void
framebuffer_init(struct glf_framebuffer *fb, GLuint name, bool is_default)
{
   memset(fb, 0, sizeof(*fb));
   fb->name = name;
   fb->is_default = is_default;
   fb->draw_buffers[0] = is_default ? GL_BACK : GL_COLOR_ATTACHMENT0;
   fb->read_buffer = is_default ? GL_BACK : GL_COLOR_ATTACHMENT0;
}

void
glf_vao_init(struct glf_vao *vao, GLuint name)
{
   memset(vao, 0, sizeof(*vao));
   vao->name = name;
   for (unsigned i = 0; i < GLF_MAX_VERTEX_ATTRIBS; i++) {
      vao->attr[i].size = 4;
      vao->attr[i].type = GL_FLOAT;
   }
}

static void
emit_context_create(struct glf_context *ctx)
{
   ctx->issuer.ctx = wire_handle_mint(ctx->wire, WIRE_KIND_CONTEXT);
   struct wire_context_create *p = GLF_BEGIN(ctx, ContextCreate);
   if (!p)
      return;
   p->ctx = ctx->issuer.ctx;
   p->api = ctx->api == GLF_API_GLES ? 0 : 1;
   p->major = (uint32_t)ctx->major;
   wire_end(ctx->wire);
}

struct glf_context *
glf_context_create(struct wire_client *c, enum glf_api api, int major, int minor,
                   struct glf_context *share, bool debug, bool robust)
{
   struct glf_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->api = api;
   ctx->major = api == GLF_API_GLES ? (major >= 3 ? 3 : 2) : 3;
   ctx->minor = api == GLF_API_GLES ? 0 : 3;
   (void)minor;
   ctx->debug = debug;
   ctx->robust = robust;
   ctx->wire = c;
   ctx->chan = channel_get(c);
   if (share) {
      ctx->shared = share->shared;
      pthread_mutex_lock(&ctx->shared->lock);
      ctx->shared->refcount++;
      pthread_mutex_unlock(&ctx->shared->lock);
   } else {
      ctx->shared = calloc(1, sizeof(*ctx->shared));
      if (!ctx->shared || !ctx->chan) {
         free(ctx->shared);
         free(ctx);
         return NULL;
      }
      ctx->shared->refcount = 1;
      pthread_mutexattr_t attr;
      pthread_mutexattr_init(&attr);
      pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE); /* GET_CURRENT_CONTEXT */
      pthread_mutex_init(&ctx->shared->lock, &attr);
      pthread_mutexattr_destroy(&attr);
   }
   framebuffer_init(&ctx->winsys_draw, 0, true);
   framebuffer_init(&ctx->winsys_read, 0, true);
   ctx->draw_fb = &ctx->winsys_draw;
   ctx->read_fb = &ctx->winsys_read;
   if (api == GLF_API_GLES) {
      ctx->default_vao = calloc(1, sizeof(*ctx->default_vao));
      glf_vao_init(ctx->default_vao, 0);
      ctx->vao = ctx->default_vao;
   }
   glf_xfb_init(ctx);
   ctx->reset_strategy = GL_NO_RESET_NOTIFICATION;
   ctx->debug_output = debug; /* KHR_debug: DEBUG_OUTPUT starts enabled in debug contexts */
   glf_limits_init(ctx); /* the server's capabilities (caps.c): before anything validates */
   glf_state_init(ctx);
   emit_context_create(ctx);
   channel_register(ctx->chan, ctx);
   ctx->dirty = GLF_DIRTY_ALL;
   return ctx;
}

static void
vao_unbind_all(struct glf_context *ctx, struct glf_vao *vao)
{
   for (unsigned i = 0; i < GLF_MAX_VERTEX_ATTRIBS; i++)
      glf_buffer_ref(ctx, &vao->attr[i].buffer, NULL);
   glf_buffer_ref(ctx, &vao->element, NULL);
}

void
glf_vao_free(struct glf_context *ctx, struct glf_vao *vao)
{
   vao_unbind_all(ctx, vao);
   free(vao->label);
   free(vao);
}

static void
context_release_bindings(struct glf_context *ctx)
{
   struct glf_buffer **bufs[] = {&ctx->array_buffer, &ctx->copy_read_buffer, &ctx->copy_write_buffer,
                                 &ctx->pixel_pack_buffer, &ctx->pixel_unpack_buffer,
                                 &ctx->uniform_buffer, &ctx->tf_buffer, &ctx->texture_buffer};
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(bufs); i++)
      glf_buffer_ref(ctx, bufs[i], NULL);
   for (unsigned u = 0; u < GLF_MAX_TEXTURE_UNITS; u++)
      for (unsigned t = 0; t < GLF_TEX_COUNT; t++)
         glf_texture_ref(ctx, &ctx->tex[u][t], NULL);
   for (unsigned t = 0; t < GLF_TEX_COUNT; t++)
      glf_texture_ref(ctx, &ctx->default_tex[t], NULL);
   for (unsigned u = 0; u < GLF_MAX_TEXTURE_UNITS; u++) {
      glf_sampler_unref(ctx, ctx->sampler_units[u]);
      ctx->sampler_units[u] = NULL;
   }
   glf_renderbuffer_ref(ctx, &ctx->renderbuffer, NULL);
   glf_queries_fini(ctx);
   glf_xfb_fini(ctx);
   GLF_HASH_FOREACH(&ctx->vaos, k, v) {
      if (v != GLF_NAME_RESERVED)
         glf_vao_free(ctx, v);
   }
   glf_hash_free(&ctx->vaos);
   if (ctx->default_vao)
      glf_vao_free(ctx, ctx->default_vao);
   glf_buffer_ref(ctx, &ctx->core_zero_element, NULL);
   GLF_HASH_FOREACH(&ctx->framebuffers, k, v) {
      if (v != GLF_NAME_RESERVED)
         glf_framebuffer_free(ctx, v);
   }
   glf_hash_free(&ctx->framebuffers);
   if (ctx->program) {
      struct glf_program *p = ctx->program;
      ctx->program = NULL;
      glf_program_unuse(ctx, p);
   }
}

void
glf_context_set_forward_compatible(struct glf_context *ctx, bool forward_compatible)
{
   ctx->forward_compatible = forward_compatible;
}

void
glf_context_set_reset_notification(struct glf_context *ctx, bool lose_context_on_reset)
{
   ctx->reset_strategy = lose_context_on_reset ? GL_LOSE_CONTEXT_ON_RESET : GL_NO_RESET_NOTIFICATION;
}

void
glf_context_destroy(struct glf_context *ctx)
{
   if (!ctx)
      return;
   struct glf_context *prev = glf__current;
   glf__current = ctx; /* object teardown may record errors on it */
   /* Unbinding may free shared objects (a program deleted while this context used it, and
    * the shaders it detaches): under the share-group lock, like any GL entry point, so that
    * another context's call on the group never meets a half-freed object. */
   pthread_mutex_lock(&ctx->shared->lock);
   context_release_bindings(ctx);
   pthread_mutex_unlock(&ctx->shared->lock);
   glf_emit_destroy(ctx, WIRE_KIND_RESOURCE, ctx->stream_res);
   glf_cso_cache_fini(ctx);
   shared_release(ctx);
   glf_emit_destroy(ctx, WIRE_KIND_CONTEXT, ctx->issuer.ctx);
   /* last: the teardown above may still record errors (a lost channel) as debug messages */
   glf_debug_destroy(ctx);
   glf__current = prev == ctx ? NULL : prev;
   channel_unregister(ctx->chan, ctx);
   channel_put(ctx->chan);
   free(ctx->extensions_str);
   free(ctx);
}

/* ---- make current ------------------------------------------------------------------------ */
static void
set_drawable(struct glf_context *ctx, struct glf_framebuffer *fb, const struct glf_drawable *d)
{
   bool has = d != NULL;
   if (has == fb->has_drawable && (!has || !memcmp(&fb->drawable, d, sizeof(*d))))
      return;
   fb->has_drawable = has;
   if (d)
      fb->drawable = *d;
   else
      memset(&fb->drawable, 0, sizeof(fb->drawable));
   glf_dirty(ctx, GLF_DIRTY_FRAMEBUFFER | GLF_DIRTY_DSA);
}

void
glf_make_current(struct glf_context *ctx, const struct glf_drawable *draw, const struct glf_drawable *read)
{
   glf__current = ctx;
   if (!ctx)
      return;
   /* No record here: the channel emits MakeCurrent before this context's next record
    * (wire_begin_ctx), whatever thread sends it. */
   set_drawable(ctx, &ctx->winsys_draw, draw);
   set_drawable(ctx, &ctx->winsys_read, read ? read : draw);
   if (!ctx->ever_current) {
      /* From the OpenGL ES 3.0 spec, section 2.12.1: "When a GL context is first made
       * current ... the viewport width and height are set to the window's width and
       * height"; likewise the scissor box (section 4.1.2). */
      ctx->ever_current = true;
      if (draw) {
         ctx->st.viewport[2] = ctx->st.scissor[2] = (GLint)draw->width;
         ctx->st.viewport[3] = ctx->st.scissor[3] = (GLint)draw->height;
      }
   }
   /* The server's bound state is per context; re-emit ours in case another context on
    * this channel evicted a CSO we had bound. */
   glf_dirty(ctx, GLF_DIRTY_ALL);
}

struct glf_context *
glf_current(void)
{
   return glf__current;
}

bool
glf_present(struct glf_context *ctx)
{
   if (!ctx || !ctx->winsys_draw.has_drawable)
      return ctx && !wire_client_lost(ctx->wire);
   /* A multisampled surface presents its resolved image (EGL 1.5 section 3.10.1.1: the
    * multisample buffer is resolved to the colour buffer at eglSwapBuffers). */
   const struct glf_drawable *d = &ctx->winsys_draw.drawable;
   void (*hook)(void *, struct glf_context *, bool) = d->swap_hook;
   void *user = d->swap_user;
   if (hook)
      hook(user, ctx, false);
   glf_drawable_resolve(ctx, d);
   struct wire_present *p = GLF_BEGIN(ctx, Present);
   if (!p)
      return false;
   p->res = d->samples ? d->resolve : d->color;
   p->frame_serial = __atomic_add_fetch(&ctx->chan->frame_serial, 1, __ATOMIC_RELAXED);
   wire_end(ctx->wire);
   if (hook)
      hook(user, ctx, true); /* may replace the drawable (a resized window) */
   return !wire_client_lost(ctx->wire);
}

void
glf_flush(struct glf_context *ctx)
{
   if (!ctx)
      return;
   if (GLF_BEGIN(ctx, Flush))
      wire_end(ctx->wire);
}

/* ---- proc addresses ---------------------------------------------------------------------- */
static int
proc_cmp(const void *key, const void *elem)
{
   return strcmp(key, ((const struct glf_proc_entry *)elem)->name);
}

void *
glf_get_proc_address(const char *name)
{
   if (!name || strncmp(name, "gl", 2))
      return NULL;
   const struct glf_proc_entry *e =
      bsearch(name, glf_proc_table, GLF_ENTRYPOINT_COUNT, sizeof(glf_proc_table[0]), proc_cmp);
   return e ? (void *)e->fn : NULL;
}

/* ---- stats ---------------------------------------------------------------------------------- */
void glf_stats_unimplemented(char *buf, size_t size);

void
glf_print_stats(struct glf_context *ctx)
{
   struct wire_client_stats cs = {0};
   struct wire_server_stats ss = {0};
   wire_client_get_stats(ctx->wire, &ctx->issuer, &cs);
   if (GLF_BEGIN(ctx, GetStats))
      wire_end_reply(ctx->wire, &ss, sizeof(ss));
   char unimpl[1024];
   glf_stats_unimplemented(unimpl, sizeof(unimpl));
   fprintf(stderr,
           "splitgl stats: ctx=%u transport=%s records=%llu bytes=%llu waits none/applied/reply/present=%llu/%llu/%llu/%llu "
           "draws=%llu pipelines=%llu remints=%llu remint_bytes=%llu fatal=%llu events_dropped=%llu validation=%s validation_errors=%llu "
           "skipped=%llu run_ahead=%d pack_reads async/reply/landed=%llu/%llu/%llu writeback chunks/bytes=%llu/%llu "
           "unimplemented=[%s]\n",
           ctx->issuer.ctx.slot, wire_transport_name(wire_client_transport(ctx->wire)),
           (unsigned long long)cs.records, (unsigned long long)cs.bytes,
           (unsigned long long)cs.waits[WIRE_WAIT_NONE], (unsigned long long)cs.waits[WIRE_WAIT_APPLIED],
           (unsigned long long)cs.waits[WIRE_WAIT_REPLY], (unsigned long long)cs.waits[WIRE_WAIT_PRESENT],
           (unsigned long long)ss.draws, (unsigned long long)ss.pipelines_created,
           (unsigned long long)ss.remints, (unsigned long long)ss.remint_bytes, (unsigned long long)ss.fatal_errors,
           (unsigned long long)ss.events_dropped, ss.validation_active ? "on" : "off",
           (unsigned long long)ss.validation_errors, (unsigned long long)ss.skipped, sgl_knobs()->run_ahead,
           (unsigned long long)ctx->pack_async_reads, (unsigned long long)ctx->pack_reply_reads,
           (unsigned long long)ss.pack_readbacks, (unsigned long long)cs.writeback_chunks,
           (unsigned long long)cs.writeback_bytes, unimpl);
}
