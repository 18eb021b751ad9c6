/* splitgl server: the session loop. Reads each record once into a private copy, checks its
 * shape against the op table, and hands it to the op's handler (server/decode_*.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server_private.h"
#include "util/exit_order.h"
#include "util/knobs.h"
#include "util/log.h"
#include "wire/format.h"
#include "wire/wire_validate.h"

bool srv_own_process;

#define IDLE_SLICE_MS 100
#define GL_OUT_OF_MEMORY_ENUM 0x0505
#define SCRATCH_SIZE (WIRE_MAX_TAIL + 4096u)
#define SRV_RESET_KEEP_SLOTS 256u /* srv_session_reset clears tables up to this size, frees larger */
/* Every payload fits the 4 KiB above WIRE_MAX_TAIL (apply_one relies on it). */
#define OP(num, name, payload, flags, wait)                                                      \
   static_assert(sizeof(struct payload) <= 4096u, "payload of " #name " too large for the scratch");
#include "wire/ops.def"
#undef OP

struct srv_session *
srv_session_create(const struct wire_segment *seg, struct srv_backend *be, bool may_park)
{
   for (uint32_t op = 0; op < WIRE_OP_LIMIT; op++) {
      /* The decode table must cover the op table exactly (virglrenderer's check). */
      if (!wire_op_info(op) != !srv_handlers[op]) {
         sgl_err("server: op %u has %s handler", op, srv_handlers[op] ? "a stray" : "no");
         return NULL;
      }
   }
   struct srv_session *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   s->scratch = malloc(SCRATCH_SIZE);
   if (!s->scratch) {
      free(s);
      return NULL;
   }
   s->seg = *seg;
   s->be = be;
   s->ops = be->ops;
   s->may_park = may_park;
   s->event_head = wire_load64(&s->seg.ctrl->event_head); /* 0 on a fresh segment */
   srv_caps_from_knobs(&s->caps);
   const char *rec = sgl_knobs()->test_record_session;
   if (rec[0]) {
      /* SPLITGL_TEST_RECORD_SESSION: the records this session applies, in the fuzz targets'
       * stream format (tests/fuzz/fuzz_stream.h), one file per session */
      static unsigned sessions;
      char path[512];
      snprintf(path, sizeof(path), "%s.%d.%u", rec, (int)getpid(), __atomic_fetch_add(&sessions, 1, __ATOMIC_RELAXED));
      s->record = fopen(path, "wb");
      if (!s->record)
         sgl_warn("server: SPLITGL_TEST_RECORD_SESSION: cannot write %s", path);
   }
   s->log_flood = sgl_knobs()->test_log_flood;
   const char *die_at = sgl_knobs()->test_server_die_at;
   for (uint32_t op = 1; die_at[0] && op < WIRE_OP_LIMIT; op++)
      if (wire_op_info(op) && !strcmp(wire_op_info(op)->name, die_at))
         s->die_at_op = op;
   if (s->ops->set_cancel)
      s->ops->set_cancel(s->be, &s->seg.ctrl->client_closing);
   wire_store32(&s->seg.ctrl->server_state, WIRE_SERVER_RUNNING);
   return s;
}

/* Test-only (tests/fuzz): what a session keeps across srv_session_reset is its segment, backend,
 * knobs, hooks, caps and the capacity of its buffers; everything else starts as calloc left it in
 * srv_session_create, so a field added later is reset without being named here. */
bool
srv_session_reset(struct srv_session *s)
{
   srv_destroy_all(s);
   struct srv_session keep = *s;
   for (int k = 0; k < WIRE_KIND_COUNT; k++) {
      struct srv_table *t = &keep.tables[k];
      for (uint32_t i = 0; i < t->cap; i++)
         if (t->e[i].alive)
            return false; /* srv_destroy_all missed an object: the caller reports it */
      if (t->cap > SRV_RESET_KEEP_SLOTS)
         srv_table_fini(t); /* cheaper to grow again than to scan at every reset */
      else if (t->cap)
         memset(t->e, 0, (size_t)t->cap * sizeof(*t->e)); /* generations too: a fresh table */
   }
   memset(s, 0, sizeof(*s));
   s->seg = keep.seg;
   s->be = keep.be;
   s->ops = keep.ops;
   s->may_park = keep.may_park;
   memcpy(s->tables, keep.tables, sizeof(s->tables));
   s->scratch = keep.scratch;
   s->readback = keep.readback;
   s->readback_cap = keep.readback_cap;
   s->fences = keep.fences;
   s->fence_cap = keep.fence_cap; /* fence_first and fence_count start at 0 */
   s->record = keep.record;
   s->log_flood = keep.log_flood;
   s->die_at_op = keep.die_at_op;
   s->idle = keep.idle;
   s->idle_user = keep.idle_user;
   s->frame_sink = keep.frame_sink;
   s->frame_user = keep.frame_user;
   s->frame = keep.frame;
   s->frame_cap = keep.frame_cap;
   s->caps = keep.caps; /* the limits; what counts against them (live, object_bytes) restarts */
   s->event_head = wire_load64(&s->seg.ctrl->event_head);
   if (s->ops->set_cancel)
      s->ops->set_cancel(s->be, &s->seg.ctrl->client_closing);
   wire_store32(&s->seg.ctrl->server_state, WIRE_SERVER_RUNNING);
   return true;
}

void
srv_session_destroy(struct srv_session *s)
{
   if (!s)
      return;
   if (s->be) {
      srv_destroy_all(s);
      for (int k = 0; k < WIRE_KIND_COUNT; k++)
         srv_table_fini(&s->tables[k]);
      s->ops->destroy(s->be);
   }
   if (wire_load32(&s->seg.ctrl->server_state) == WIRE_SERVER_RUNNING)
      wire_store32(&s->seg.ctrl->server_state, WIRE_SERVER_ENDED);
   free(s->fences);
   free(s->scratch);
   free(s->readback);
   free(s->frame);
   if (s->record)
      fclose(s->record);
   free(s);
}

/* ---- events and fatal errors -------------------------------------------------------------- */

static bool
event_space(struct srv_session *s, uint32_t need)
{
   struct wire_ctrl *c = s->seg.ctrl;
   for (;;) {
      /* event_head is the server's own count (s->event_head): the copy in shared memory is
       * only published, never read back, so the client cannot steer where events land. */
      uint64_t tail = wire_load64(&c->event_tail);
      if (s->event_head - tail > s->seg.event_size)
         return false; /* the client wrote nonsense: drop events, keep serving */
      if (s->event_head + need - tail <= s->seg.event_size)
         return true;
      if (!s->may_park || wire_load32(&c->client_closing) || s->ended)
         return false;
      /* The client may be gone (spawn: its socket hung up): ask the idle hook each slice,
       * as srv_session_run does, rather than park forever. */
      if (s->idle && !s->idle(s->idle_user)) {
         s->ended = true;
         return false;
      }
      /* Park until the client drains (every client wait drains the ring). A client waiting
       * for this record (a write-back) is woken to drain now rather than at its next slice. */
      uint32_t bell = wire_load32(&c->event_bell);
      wire_store32_sc(&c->server_parked, 1);
      wire_ring_bell(&c->applied_bell, &c->client_waiting);
      if (wire_load64_sc(&c->event_tail) == tail)
         wire_futex_wait(&c->event_bell, bell, IDLE_SLICE_MS);
      wire_store32(&c->server_parked, 0);
   }
}

/* Posts an event with `tlen` bytes after its header: the first `len` from data, then a NUL
 * when tlen > len (text). */
static bool
post_event(struct srv_session *s, uint32_t kind, uint32_t a, uint32_t b, const void *data, uint32_t len,
           uint32_t tlen)
{
   struct wire_ctrl *c = s->seg.ctrl;
   uint32_t size = ((uint32_t)sizeof(struct wire_event) + tlen + 7u) & ~7u;
   uint32_t off = (uint32_t)(s->event_head % s->seg.event_size);
   uint32_t pad = off + size > s->seg.event_size ? s->seg.event_size - off : 0;
   if (size > s->seg.event_size || !event_space(s, pad + size)) {
      s->events_dropped++;
      return false;
   }
   if (pad) {
      /* A pad event only where its header fits; fewer bytes are skipped unwritten
       * (wire/segment.h). */
      if (pad >= sizeof(struct wire_event)) {
         struct wire_event p = {.kind = 0, .size = pad};
         memcpy(s->seg.events + off, &p, sizeof(p));
      }
      off = 0;
   }
   struct wire_event ev = {.kind = kind, .size = size, .a = a, .b = b, .seq = s->seq,
                           .ctx = s->cur ? s->cur->handle : (wire_handle){0, 0}};
   memcpy(s->seg.events + off, &ev, sizeof(ev));
   if (len)
      memcpy(s->seg.events + off + sizeof(ev), data, len);
   if (tlen > len)
      s->seg.events[off + sizeof(ev) + len] = 0;
   s->event_head += pad + size;
   wire_store64(&c->event_head, s->event_head);
   return true;
}

void
srv_post_event(struct srv_session *s, uint32_t kind, uint32_t a, uint32_t b, const char *text)
{
   uint32_t len = 0;
   while (text && len < 400 && text[len]) /* at most 400 bytes of text */
      len++;
   post_event(s, kind, a, b, text, len, text ? len + 1 : 0);
}

bool
srv_post_event_data(struct srv_session *s, uint32_t kind, uint32_t a, uint32_t b, const void *data, uint32_t len)
{
   return post_event(s, kind, a, b, data, len, len);
}

void
srv_gl_error(struct srv_session *s, uint32_t gl_error)
{
   srv_post_event(s, WIRE_EVENT_GL_ERROR, gl_error, 0, NULL);
}

void
srv_fatal(struct srv_session *s, const char *kind, const char *site)
{
   if (s->ended)
      return;
   char msg[256];
   snprintf(msg, sizeof(msg), "%s \"%s\" at record %llu", kind, site, (unsigned long long)s->seq);
   sgl_err("server: fatal: %s; the session ends", msg);
   s->stats.fatal_errors++;
   s->ended = true;
   struct wire_ctrl *c = s->seg.ctrl;
   memcpy(c->fatal_msg, msg, sizeof(c->fatal_msg));
   wire_store32(&c->server_state, WIRE_SERVER_FATAL);
   __atomic_add_fetch(&c->applied_bell, 1, __ATOMIC_SEQ_CST);
   wire_futex_wake(&c->applied_bell);
}

/* ---- per-session caps ---------------------------------------------------------------------- */

/* What a session may make the server hold (DESIGN.md §2.2: "caps every allocation a record
 * can cause"): live objects per handle kind, bytes (resource storage as its template lays it
 * out, programs' SPIR-V and reflection, a flat estimate of the core's and the backend's
 * bookkeeping per object, the segment, the read-back buffer, the fence queue) and fences whose
 * FENCE_SIGNALED event is still owed. The accounting runs around every record in apply_one, so
 * the decoders need not know about it: the object-count and resource-size checks come before
 * the handler (nothing is allocated past a cap); the rest is checked after it. Past a cap the
 * session ends with `ResourceExhausted "objects.<KIND>"`, `"memory.<Op>"` or
 * `"events.FenceSync"`; the server serves on. */

#define OBJECT_OVERHEAD 512u /* bytes of bookkeeping per object (core + backend): an estimate */

static const char *const kind_names[WIRE_KIND_COUNT] = {
#define K(n) #n,
   WIRE_HANDLE_KINDS(K)
#undef K
};

void
srv_caps_from_knobs(struct srv_caps *caps)
{
   const struct sgl_knobs *k = sgl_knobs();
   caps->max_bytes = (uint64_t)k->max_session_mib << 20;
   caps->max_objects = (uint32_t)k->max_objects;
   caps->max_queued_events = (uint32_t)k->max_queued_events;
}

void
srv_session_set_caps(struct srv_session *s, const struct srv_caps *caps)
{
   s->caps = *caps;
}

/* The handle kind a create record makes (its payload starts with the new handle), or -1. */
static int
created_kind(uint32_t op)
{
   switch (op) {
   case WIRE_OP_ContextCreate: return WIRE_KIND_CONTEXT;
   case WIRE_OP_ResourceCreate: return WIRE_KIND_RESOURCE;
   case WIRE_OP_ProgramCreate: return WIRE_KIND_PROGRAM;
   case WIRE_OP_BlendCreate: return WIRE_KIND_BLEND;
   case WIRE_OP_DepthStencilCreate: return WIRE_KIND_DSA;
   case WIRE_OP_RasterizerCreate: return WIRE_KIND_RAST;
   case WIRE_OP_SamplerCreate: return WIRE_KIND_SAMPLER;
   case WIRE_OP_VertexElementsCreate: return WIRE_KIND_VELEMS;
   case WIRE_OP_SoTargetCreate: return WIRE_KIND_SO_TARGET;
   case WIRE_OP_QueryCreate: return WIRE_KIND_QUERY;
   default: return -1;
   }
}

/* Bytes of storage a resource template asks for: every level of every layer and sample in the
 * wire layout (the device may pad: an estimate from below). 0 for a template whose extents are
 * outside the wire's maxima: the handler refuses it (ProtocolCorruption) before allocating. */
static uint64_t
templ_bytes(const struct wire_resource_create *t)
{
   if (t->target == WIRE_TARGET_BUFFER)
      return t->width <= WIRE_MAX_BUFFER_SIZE ? t->width : 0;
   if (t->target >= WIRE_TARGET_COUNT || t->format == WIRE_FMT_NONE || t->format >= WIRE_FMT_COUNT ||
       t->width > WIRE_MAX_TEXTURE_SIZE || t->height > WIRE_MAX_TEXTURE_SIZE ||
       t->depth > WIRE_MAX_3D_TEXTURE_SIZE || t->layers > WIRE_MAX_ARRAY_LAYERS || t->samples > 64 ||
       t->last_level > 31)
      return 0;
   const bool array1d = t->target == WIRE_TARGET_TEX_1D_ARRAY; /* layers are rows */
   uint64_t total = 0;
   for (uint32_t l = 0; l <= t->last_level; l++) {
      uint32_t h = array1d ? t->layers : wire_minify(t->height, l);
      uint32_t d = t->target == WIRE_TARGET_TEX_3D ? wire_minify(t->depth, l) : 1;
      uint64_t level = wire_format_image_size(t->format, wire_minify(t->width, l), h, d);
      total += level * (array1d || !t->layers ? 1 : t->layers) * (t->samples > 1 ? t->samples : 1);
   }
   return total; /* at most 2^14 * 2^14 * 2^11 layers * 16 B * 64 samples * 2 levels: no overflow */
}

/* SPIR-V and reflection a parsed program keeps. */
static uint64_t
program_bytes(const struct spv_program_info *p)
{
   uint64_t b = p->default_block_size + (uint64_t)p->uniform_count * sizeof(*p->uniforms) +
                (uint64_t)p->sampler_count * sizeof(*p->samplers) + (uint64_t)p->attrib_count * sizeof(*p->attribs) +
                (uint64_t)p->output_count * sizeof(*p->outputs) + (uint64_t)p->block_count * sizeof(*p->blocks) +
                (uint64_t)p->xfb_varying_count * sizeof(*p->xfb_varyings);
   for (uint32_t st = 0; st < SPV_STAGE_COUNT; st++)
      b += (uint64_t)p->spirv_words[st] * 4u;
   return b;
}

/* Bytes the server holds for one live object. */
static uint64_t
entry_bytes(uint32_t kind, const struct srv_entry *e)
{
   uint64_t b = OBJECT_OVERHEAD;
   if (kind == WIRE_KIND_RESOURCE && e->obj && ((const struct srv_res *)e->obj)->be)
      b += templ_bytes(&((const struct srv_res *)e->obj)->templ);
   else if (kind == WIRE_KIND_PROGRAM && e->obj && ((const struct srv_cso *)e->obj)->program)
      b += program_bytes(((const struct srv_cso *)e->obj)->program);
   return b;
}

/* Every byte the session holds: its objects, the segment, the read-back buffer, the fences. */
static uint64_t
held_bytes(const struct srv_session *s)
{
   return s->object_bytes + s->seg.size + s->readback_cap + (uint64_t)s->fence_cap * sizeof(*s->fences);
}

static void
exhausted(struct srv_session *s, const char *what, const char *site)
{
   sgl_err("server: session cap: %s; the session ends", what);
   srv_fatal(s, "ResourceExhausted", site);
}

static void
memory_exhausted(struct srv_session *s, uint64_t need, const char *op)
{
   char what[256], site[64];
   snprintf(what, sizeof(what),
            "%s would hold %llu KiB (objects %llu KiB, segment %llu KiB, read-back %llu KiB) past the cap of %llu MiB "
            "(--max-session-mib, SPLITGL_MAX_SESSION_MIB)",
            op, (unsigned long long)(need >> 10), (unsigned long long)(s->object_bytes >> 10),
            (unsigned long long)(s->seg.size >> 10), (unsigned long long)(s->readback_cap >> 10),
            (unsigned long long)(s->caps.max_bytes >> 20));
   snprintf(site, sizeof(site), "memory.%s", op);
   exhausted(s, what, site);
}

/* What caps_before saw of the object a record creates, respecifies or destroys. */
struct cap_note {
   int kind; /* -1: the record touches no object's count or bytes */
   wire_handle h;
   bool was_alive;
   uint64_t before; /* its bytes before the record */
};

/* Checks the record against the caps before it applies. Returns false (the session ended)
 * past one. */
static bool
caps_before(struct srv_session *s, uint32_t op, const void *p, struct cap_note *n)
{
   n->kind = created_kind(op);
   if (n->kind >= 0) {
      if (s->live[n->kind] >= s->caps.max_objects) {
         char what[160], site[48];
         snprintf(what, sizeof(what), "%u live %s objects already (--max-objects, SPLITGL_MAX_OBJECTS)",
                  s->live[n->kind], kind_names[n->kind]);
         snprintf(site, sizeof(site), "objects.%s", kind_names[n->kind]);
         exhausted(s, what, site);
         return false;
      }
      memcpy(&n->h, p, sizeof(n->h));
      if (op == WIRE_OP_ResourceCreate) {
         uint64_t need = held_bytes(s) + OBJECT_OVERHEAD + templ_bytes(p);
         if (need > s->caps.max_bytes) {
            memory_exhausted(s, need, "ResourceCreate");
            return false;
         }
      }
   } else if (op == WIRE_OP_ResourceRespecify || op == WIRE_OP_Destroy) {
      const struct wire_destroy *d = p;
      n->kind = op == WIRE_OP_Destroy ? (d->kind < WIRE_KIND_COUNT ? (int)d->kind : -1) : WIRE_KIND_RESOURCE;
      if (n->kind < 0)
         return true; /* the handler names the bad kind */
      memcpy(&n->h, op == WIRE_OP_Destroy ? (const void *)&d->h : p, sizeof(n->h));
      const struct srv_entry *e = srv_table_get(&s->tables[n->kind], n->h);
      if (op == WIRE_OP_ResourceRespecify && e) {
         uint64_t old = entry_bytes(WIRE_KIND_RESOURCE, e);
         uint64_t need = held_bytes(s) - old + OBJECT_OVERHEAD + templ_bytes(p);
         if (need > s->caps.max_bytes && need > held_bytes(s)) {
            memory_exhausted(s, need, "ResourceRespecify");
            return false;
         }
      }
   } else if (op == WIRE_OP_FenceSync && s->fence_count >= s->caps.max_queued_events) {
      char what[160];
      snprintf(what, sizeof(what), "%u fences not signalled yet (--max-queued-events, SPLITGL_MAX_QUEUED_EVENTS)",
               s->fence_count);
      exhausted(s, what, "events.FenceSync");
      return false;
   }
   if (n->kind >= 0) {
      const struct srv_entry *e = srv_table_get(&s->tables[n->kind], n->h);
      n->was_alive = e != NULL;
      n->before = e ? entry_bytes((uint32_t)n->kind, e) : 0;
   }
   return true;
}

/* Books what the record did and checks the bytes the session now holds. */
static void
caps_after(struct srv_session *s, const struct cap_note *n, uint32_t op, const char *name)
{
   if (n->kind >= 0) {
      const struct srv_entry *e = srv_table_get(&s->tables[n->kind], n->h);
      s->live[n->kind] += (e ? 1u : 0u) - (n->was_alive ? 1u : 0u);
      s->object_bytes += (e ? entry_bytes((uint32_t)n->kind, e) : 0) - n->before;
   }
   /* only creates, respecifies, read-backs into buffers and fences make the session hold more */
   bool grows = (n->kind >= 0 && op != WIRE_OP_Destroy) || op == WIRE_OP_ReadPixelsToBuffer || op == WIRE_OP_FenceSync;
   if (!s->ended && grows && held_bytes(s) > s->caps.max_bytes)
      memory_exhausted(s, held_bytes(s), name);
}

/* ---- lookups ------------------------------------------------------------------------------- */

struct srv_res *
srv_get_res(struct srv_session *s, wire_handle h, const char *site)
{
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_RESOURCE], h);
   if (!e) {
      srv_fatal(s, "ProtocolCorruption", site);
      return NULL;
   }
   return e->obj;
}

struct srv_cso *
srv_get_cso(struct srv_session *s, uint32_t kind, wire_handle h, const char *site)
{
   struct srv_entry *e = srv_table_get(&s->tables[kind], h);
   if (!e) {
      srv_fatal(s, "ProtocolCorruption", site);
      return NULL;
   }
   return e->obj;
}

const void *
srv_staged(struct srv_session *s, struct wire_span span, const char *site)
{
   if (span.offset > s->seg.staging_size || span.size > s->seg.staging_size - span.offset) {
      srv_fatal(s, "ProtocolCorruption", site);
      return NULL;
   }
   if (s->record && span.size) {
      uint8_t kind = 1; /* a staging write, before the record that reads it */
      fwrite(&kind, 1, 1, s->record);
      fwrite(&span.offset, 4, 1, s->record);
      fwrite(&span.size, 4, 1, s->record);
      fwrite(s->seg.staging + span.offset, 1, span.size, s->record);
   }
   return s->seg.staging + span.offset;
}

struct srv_context *
srv_cur(struct srv_session *s, const char *site)
{
   if (!s->cur)
      srv_fatal(s, "ProtocolCorruption", site);
   return s->cur;
}

/* ---- the loop ------------------------------------------------------------------------------ */

static void
record_applied(struct srv_session *s, uint32_t size, uint64_t seq)
{
   struct wire_ctrl *c = s->seg.ctrl;
   s->tail += size;
   wire_store64_sc(&c->cmd_tail, s->tail);
   if (seq)
      wire_store64_sc(&c->applied_seq, seq);
   /* A waiting client is woken when the record it waits for is applied (client_wait_seq; 0:
    * at every record, as the tcp send thread wants), not after every record before it. The
    * client stores client_wait_seq before its seq_cst store of client_waiting, so a server
    * that sees it waiting sees what it waits for. */
   if (__atomic_load_n(&c->client_waiting, __ATOMIC_SEQ_CST)) {
      uint64_t want = wire_load64(&c->client_wait_seq);
      if (!want || (seq && seq >= want)) {
         __atomic_add_fetch(&c->applied_bell, 1, __ATOMIC_SEQ_CST);
         wire_futex_wake(&c->applied_bell);
      }
   }
}

/* What the backend could not do while applying the record: GL_OUT_OF_MEMORY on the issuing
 * context, or a lost device (posted as an event, then the session ends). */
static void
take_backend_status(struct srv_session *s, const char *op)
{
   if (!s->ops->take_status || s->ended)
      return;
   char what[160] = "";
   switch (s->ops->take_status(s->be, what, sizeof(what))) {
   case SRV_STATUS_OK:
      break;
   case SRV_STATUS_OUT_OF_MEMORY:
      sgl_warn("server: out of memory applying %s%s%s: GL_OUT_OF_MEMORY", op, what[0] ? ": " : "", what);
      srv_post_event(s, WIRE_EVENT_GL_ERROR, GL_OUT_OF_MEMORY_ENUM, 0, what[0] ? what : NULL);
      break;
   case SRV_STATUS_DEVICE_LOST: {
      char msg[200];
      snprintf(msg, sizeof(msg), "device lost applying %s%s%s", op, what[0] ? ": " : "", what);
      srv_post_event(s, WIRE_EVENT_DEVICE_LOST, 0, 0, msg);
      srv_fatal(s, "DeviceLost", op);
      break;
   }
   }
}

/* The validators' view of the session's handle tables. */
static bool
handle_live(const void *user, uint32_t kind, wire_handle h)
{
   const struct srv_session *s = user;
   return kind < WIRE_KIND_COUNT && srv_table_get((struct srv_table *)&s->tables[kind], h) != NULL;
}

/* Every field of the payload against its schema rule (wire/payloads.schema), before the op's
 * handler makes any check of its own: ProtocolCorruption "<Op>.<field path>" otherwise. */
static bool
validate_payload(struct srv_session *s, uint32_t op, const struct wire_op_info *info)
{
   const struct wire_validate_env env = {s->seg.staging_size, handle_live, s};
   const char *field = wire_validate_payload(op, s->scratch, &env);
   if (!field)
      return true;
   char site[96];
   snprintf(site, sizeof(site), "%s.%s", info->name, field);
   srv_fatal(s, "ProtocolCorruption", site);
   return false;
}

/* Applies one record at the tail. Returns false when there is nothing (more) to do. */
static bool
apply_one(struct srv_session *s, uint64_t head)
{
   uint32_t ring = s->seg.cmd_size;
   uint32_t off = (uint32_t)(s->tail % ring);
   struct wire_record_hdr h;
   memcpy(&h, s->seg.cmd + off, sizeof(h));
   if (h.size < sizeof(h) || (h.size % WIRE_RECORD_ALIGN) || h.size > head - s->tail || h.size > ring - off) {
      srv_fatal(s, "ProtocolCorruption", "Record.size");
      return false;
   }
   if (h.op == WIRE_OP_PAD) {
      record_applied(s, h.size, 0);
      return true;
   }
   const struct wire_op_info *info = wire_op_info(h.op);
   if (!info || h.flags) {
      srv_fatal(s, "ProtocolCorruption", info ? "Record.flags" : "Record.op");
      return false;
   }
   if (h.seq != s->seq + 1) {
      srv_fatal(s, "ProtocolCorruption", "Record.seq");
      return false;
   }
   uint32_t body = h.size - (uint32_t)sizeof(h);
   /* The body is copied into scratch (SCRATCH_SIZE bytes): a tail op's record may be no larger
    * than its payload plus WIRE_MAX_TAIL, whatever the ring size allows. */
   if (body < info->payload_size || (!(info->flags & WF_TAIL) && body - info->payload_size >= WIRE_RECORD_ALIGN) ||
       body - info->payload_size > WIRE_MAX_TAIL) {
      char site[64];
      snprintf(site, sizeof(site), "%s.size", info->name);
      srv_fatal(s, "ProtocolCorruption", site);
      return false;
   }
   s->seq = h.seq;
   if (h.op == s->die_at_op) {
      /* SPLITGL_TEST_SERVER_DIE_AT: the server dies before it applies this record. */
      sgl_err("server: test: dying at the first %s record (SPLITGL_TEST_SERVER_DIE_AT)", info->name);
      if (srv_own_process)
         _exit(70);
      srv_fatal(s, "TestServerDeath", info->name);
      return false;
   }
   memcpy(s->scratch, s->seg.cmd + off + sizeof(h), body);
   /* the schema's field rules first: the caps read the payload's fields */
   if (validate_payload(s, h.op, info)) {
      struct cap_note note;
      if (!caps_before(s, h.op, s->scratch, &note))
         return false;
      srv_handlers[h.op](s, s->scratch, s->scratch + info->payload_size, body - info->payload_size);
      caps_after(s, &note, h.op, info->name);
      /* the records whose work may have had an in-process driver compile (util/exit_order.h) */
      if (h.op == WIRE_OP_Draw || h.op == WIRE_OP_ProgramCreate || h.op == WIRE_OP_Clear ||
          h.op == WIRE_OP_Blit || h.op == WIRE_OP_GenerateMipmap || h.op == WIRE_OP_ReadPixels)
         sgl_exit_order_renew();
   }
   if (s->record) {
      uint8_t kind = 0; /* a record: op, body size, body */
      uint16_t op = h.op;
      fwrite(&kind, 1, 1, s->record);
      fwrite(&op, 2, 1, s->record);
      fwrite(&body, 4, 1, s->record);
      fwrite(s->scratch, 1, body, s->record);
   }
   s->stats.records++;
   s->stats.bytes += h.size;
   if (s->log_flood) {
      /* SPLITGL_TEST_LOG_FLOOD: the apply thread logs n WARN lines and one ERROR per record */
      for (int i = 0; i < s->log_flood; i++)
         sgl_warn("test flood: record %llu warn %d", (unsigned long long)h.seq, i);
      sgl_err("test flood: record %llu error", (unsigned long long)h.seq);
   }
   take_backend_status(s, info->name);
   if (s->ended)
      return false;
   record_applied(s, h.size, h.seq);
   return true;
}

/* ---- fences -------------------------------------------------------------------------------- */

#define SRV_MAX_PENDING_FENCES (1u << 20) /* bounds what a client can make the server hold */

/* FenceSync: the record's fence covers every record before it. */
void
srv_handle_FenceSync(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_fence_sync *f = p;
   if (f->id != s->last_fence_id + 1)
      return srv_fatal(s, "ProtocolCorruption", "FenceSync.id");
   if (s->fence_count == s->fence_cap) {
      uint32_t cap = s->fence_cap ? s->fence_cap * 2 : 64;
      struct srv_fence *n = cap <= SRV_MAX_PENDING_FENCES ? malloc(cap * sizeof(*n)) : NULL;
      if (!n)
         return srv_fatal(s, "OutOfMemory", "FenceSync");
      for (uint32_t i = 0; i < s->fence_count; i++)
         n[i] = s->fences[(s->fence_first + i) % s->fence_cap];
      free(s->fences);
      s->fences = n;
      s->fence_cap = cap;
      s->fence_first = 0;
   }
   s->last_fence_id = f->id;
   uint64_t serial = s->ops->fence_submit ? s->ops->fence_submit(s->be) : 0;
   s->fences[(s->fence_first + s->fence_count++) % s->fence_cap] =
      (struct srv_fence){f->id, serial, s->cur ? s->cur->handle : (wire_handle){0, 0}};
}

/* Posts FENCE_SIGNALED for the newest fence whose work completed (the client treats every
 * earlier one as signalled too) and wakes a client that waits for one. Never blocks. */
void
srv_poll_fences(struct srv_session *s)
{
   if (!s->fence_count || s->ended)
      return;
   uint64_t done = s->ops->fence_completed ? s->ops->fence_completed(s->be) : UINT64_MAX;
   uint64_t newest = 0;
   while (s->fence_count && s->fences[s->fence_first].serial <= done) {
      newest = s->fences[s->fence_first].id;
      s->fence_first = (s->fence_first + 1) % s->fence_cap;
      s->fence_count--;
   }
   if (!newest)
      return;
   srv_post_event(s, WIRE_EVENT_FENCE_SIGNALED, (uint32_t)newest, (uint32_t)(newest >> 32), NULL);
   struct wire_ctrl *c = s->seg.ctrl;
   __atomic_add_fetch(&c->applied_bell, 1, __ATOMIC_SEQ_CST);
   wire_futex_wake(&c->applied_bell);
}

bool
srv_session_pump(struct srv_session *s)
{
   struct wire_ctrl *c = s->seg.ctrl;
   srv_poll_fences(s);
   while (!s->ended) {
      uint64_t head = wire_load64(&c->cmd_head);
      if (head == s->tail)
         break;
      if (head < s->tail || head - s->tail > s->seg.cmd_size) {
         srv_fatal(s, "ProtocolCorruption", "Ring.head");
         break;
      }
      /* A session whose client is gone or forfeited (the idle hook says so) stops applying
       * within a few records, not after everything the client had sent. */
      for (uint32_t n = 1; s->tail < head && apply_one(s, head); n++)
         if (n % 32 == 0 && s->idle && !s->idle(s->idle_user)) {
            s->ended = true;
            break;
         }
      srv_poll_fences(s);
   }
   return !s->ended;
}

void
srv_session_run(struct srv_session *s, bool (*idle)(void *user), void *user)
{
   struct wire_ctrl *c = s->seg.ctrl;
   s->idle = idle;
   s->idle_user = user;
   while (srv_session_pump(s)) {
      if (wire_load32(&c->client_closing))
         break;
      uint32_t bell = wire_load32(&c->cmd_bell);
      wire_store32_sc(&c->server_sleeping, 1);
      if (wire_load64_sc(&c->cmd_head) == s->tail && !wire_load32(&c->client_closing)) {
         /* Flush GPU work before sleeping so nothing waits on a batch we sit on. */
         if (s->cur) {
            s->ops->flush(s->cur->be);
            take_backend_status(s, "Flush (idle)");
            if (s->ended)
               break;
         }
         /* Pending fences are polled every slice: 1 ms while the client waits for one. */
         int slice = !s->fence_count ? IDLE_SLICE_MS : wire_load64(&c->fence_wanted) ? 1 : 10;
         wire_futex_wait(&c->cmd_bell, bell, slice);
      }
      wire_store32(&c->server_sleeping, 0);
      if (idle && wire_load64(&c->cmd_head) == s->tail && !idle(user))
         break;
   }
}

void
srv_session_set_may_park(struct srv_session *s, bool may_park)
{
   s->may_park = may_park;
}

void
srv_session_set_frame_sink(struct srv_session *s, void (*fn)(void *user, const struct wire_frame *f, const void *texels),
                           void *user)
{
   s->frame_sink = fn;
   s->frame_user = user;
}
