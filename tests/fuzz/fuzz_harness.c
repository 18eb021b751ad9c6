/* The record fuzz targets' loop: one segment and one session for the whole process. Each input
 * is replayed into the session (fuzz_stream.h), then the session is reset (srv_session_reset:
 * every object destroyed, tables cleared, sequence and ring at 0) on a re-initialised control
 * page, and checked to be as srv_session_create leaves one: a reset that missed an object
 * would let a later input name a stale handle and fake or hide a crash, so a miss aborts.
 * The backend's create / destroy entry points are wrapped to count what is alive. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fuzz_harness.h"
#include "fuzz_stream.h"
#include "server/server_private.h"
#include "util/log.h"

/* As SPLITGL_WAIT_TIMEOUT_MS in fuzz_records_magma.c: GPU work past it counts as a lost device,
 * well inside libFuzzer's 20 s per input (with Magma's own wait for the same work when the
 * session is destroyed: two of them, and a loaded machine's slowness). */
#define FUZZ_GPU_WAIT_MS 3000

static struct fuzz_rig rig;
static struct srv_backend *be;

/* ---- the backend's objects, counted --------------------------------------------------------- */

enum { LIVE_CTX, LIVE_RES, LIVE_CSO, LIVE_SO, LIVE_QUERY, LIVE_COUNT };
static const char *const live_names[LIVE_COUNT] = {"context", "resource", "state object or program",
                                                   "stream-output target", "query"};
static long live[LIVE_COUNT];
/* Draws that reached the backend during the current input, and the largest (vertices times
 * instances): what FUZZ_REGRESS_DRAWS checks. */
static unsigned long input_draws;
static uint64_t input_draw_max;
static const struct srv_backend_ops *real;
static struct srv_backend_ops counted;

static uint64_t regress_min_draw;

/* Fuzzing (not the regress replays), a draw of more vertices times instances than this reaches
 * the backend as nothing: its only effect would be GPU time. On lavapipe such a draw hangs its
 * device for minutes to days (a dictionary word mutated into a count), the device is kept
 * running by design (Magma keeps a hung device whole) and a long many-core run ended with
 * dozens of them computing, at 3 inputs a second per process instead of 75. The records are
 * still decoded and validated, and the hang path has its kept inputs in regress/records_magma
 * (replayed whole: FUZZ_REGRESS_DRAWS). */
#define FUZZ_MAX_DRAW_VERTICES (1ull << 20)

static void
c_draw(struct srv_ctx *ctx, const struct srv_draw *d)
{
   uint64_t n = (uint64_t)d->info.count * (d->info.instance_count ? d->info.instance_count : 1u);
   input_draws++;
   if (n > input_draw_max)
      input_draw_max = n;
   if (!regress_min_draw && n > FUZZ_MAX_DRAW_VERTICES)
      return;
   real->draw(ctx, d);
}

#define COUNT_NEW(kind, obj) ((obj) ? (void)live[kind]++ : (void)0, (obj))

static struct srv_ctx *
c_context_create(struct srv_backend *b, const struct wire_context_create *c)
{
   struct srv_ctx *o = real->context_create(b, c);
   return COUNT_NEW(LIVE_CTX, o);
}

static void
c_context_destroy(struct srv_backend *b, struct srv_ctx *o)
{
   live[LIVE_CTX] -= o != NULL;
   real->context_destroy(b, o);
}

static struct srv_resource *
c_resource_create(struct srv_backend *b, const struct wire_resource_create *t)
{
   struct srv_resource *o = real->resource_create(b, t);
   return COUNT_NEW(LIVE_RES, o);
}

static void
c_resource_destroy(struct srv_backend *b, struct srv_resource *o)
{
   live[LIVE_RES] -= o != NULL;
   real->resource_destroy(b, o);
}

#define CSO_CREATE(name, type)                                                                  \
   static void *c_##name(struct srv_backend *b, const type *st)                                \
   {                                                                                            \
      void *o = real->name(b, st);                                                              \
      return COUNT_NEW(LIVE_CSO, o);                                                            \
   }
CSO_CREATE(create_blend, struct wire_blend_state)
CSO_CREATE(create_dsa, struct wire_dsa_state)
CSO_CREATE(create_rast, struct wire_rast_state)
CSO_CREATE(create_sampler, struct wire_sampler_state)
CSO_CREATE(create_velems, struct wire_velems_state)
#undef CSO_CREATE

static struct srv_program *
c_program_create(struct srv_backend *b, const struct spv_program_info *info)
{
   struct srv_program *o = real->program_create(b, info);
   return COUNT_NEW(LIVE_CSO, o);
}

static void
c_delete_cso(struct srv_backend *b, uint32_t kind, void *o)
{
   live[LIVE_CSO] -= o != NULL;
   real->delete_cso(b, kind, o);
}

static struct srv_so_target *
c_so_target_create(struct srv_backend *b, struct srv_resource *res, uint32_t offset, uint32_t size)
{
   struct srv_so_target *o = real->so_target_create(b, res, offset, size);
   return COUNT_NEW(LIVE_SO, o);
}

static void
c_so_target_destroy(struct srv_backend *b, struct srv_so_target *o)
{
   live[LIVE_SO] -= o != NULL;
   real->so_target_destroy(b, o);
}

static struct srv_query *
c_query_create(struct srv_backend *b, uint32_t type)
{
   struct srv_query *o = real->query_create(b, type);
   return COUNT_NEW(LIVE_QUERY, o);
}

static void
c_query_destroy(struct srv_backend *b, struct srv_query *o)
{
   live[LIVE_QUERY] -= o != NULL;
   real->query_destroy(b, o);
}

/* The backend's own table, with its object makers and enders counted (the backends never call
 * through base.ops themselves: only the session does). */
static void
count_backend(struct srv_backend *b)
{
   real = b->ops;
   counted = *real;
   counted.draw = c_draw;
   counted.context_create = c_context_create;
   counted.context_destroy = c_context_destroy;
   counted.resource_create = c_resource_create;
   counted.resource_destroy = c_resource_destroy;
   counted.create_blend = c_create_blend;
   counted.create_dsa = c_create_dsa;
   counted.create_rast = c_create_rast;
   counted.create_sampler = c_create_sampler;
   counted.create_velems = c_create_velems;
   counted.program_create = c_program_create;
   counted.delete_cso = c_delete_cso;
   counted.so_target_create = real->so_target_create ? c_so_target_create : NULL;
   counted.so_target_destroy = real->so_target_destroy ? c_so_target_destroy : NULL;
   counted.query_create = real->query_create ? c_query_create : NULL;
   counted.query_destroy = real->query_destroy ? c_query_destroy : NULL;
   b->ops = &counted;
   for (int k = 0; k < LIVE_COUNT; k++)
      live[k] = 0;
}

/* ---- the loop ------------------------------------------------------------------------------- */

static void
quiet(enum sgl_log_level level, const char *line, void *user)
{
}

/* FUZZ_REGRESS_DRAWS=N (the harness's own variable, not a splitgl knob; set for the regress
 * replays of a target whose kept findings are legal streams): every input must reach the
 * backend with a draw of at least N vertices times instances, and must not end in
 * ProtocolCorruption. A kept input the protocol has since outgrown (a blob version, a payload
 * size) is refused before its draw and would otherwise pass while testing nothing. 0 or unset: no check (regress_min_draw, above). */

void
fuzz_harness_init(void)
{
   const char *r = getenv("FUZZ_REGRESS_DRAWS");
   regress_min_draw = r ? strtoull(r, NULL, 0) : 0;
   /* Fatal errors are the expected end of most inputs: their log lines would cost more than
    * the inputs themselves. */
   sgl_log_set_sink(quiet, NULL);
   fuzz_rig_map(&rig);
   if (rig.mem == MAP_FAILED) {
      fprintf(stderr, "fuzz: cannot map the segment\n");
      abort();
   }
}

static void
leak(const char *what, long n)
{
   fprintf(stderr, "fuzz: state outlived the input: %ld %s\n", n, what);
   abort();
}

/* The session as srv_session_create leaves it: nothing current, sequence and ring at 0, every
 * table entry dead with generation 0 (a later create may use any generation again). */
static void
check_fresh(unsigned (*backend_live)(struct srv_backend *))
{
   static const struct srv_entry zero[64]; /* compared a block at a time: uninstrumented */
   struct srv_session *s = rig.s;
   if (s->cur || s->seq || s->tail || s->ended || s->fence_count || s->last_fence_id)
      leak("session field(s) not reset", 1);
   for (int k = 0; k < WIRE_KIND_COUNT; k++) {
      const struct srv_table *t = &s->tables[k];
      for (uint32_t i = 0; i < t->cap; i += 64) {
         uint32_t n = t->cap - i < 64 ? t->cap - i : 64;
         if (memcmp(t->e + i, zero, n * sizeof(zero[0])))
            leak("handle-table entries alive or with a generation", 1);
      }
   }
   for (int k = 0; k < LIVE_COUNT; k++)
      if (live[k])
         leak(live_names[k], live[k]);
   unsigned n = backend_live ? backend_live(be) : 0;
   if (n)
      leak("objects the backend still holds", n);
}

static void
drop_session(void)
{
   srv_session_destroy(rig.s); /* the backend too */
   rig.s = NULL;
   be = NULL;
}

void
fuzz_harness_run(const uint8_t *data, size_t size, struct srv_backend *(*make_backend)(void),
                 unsigned (*backend_live)(struct srv_backend *))
{
   if (!rig.s) {
      if (!(be = make_backend())) {
         fprintf(stderr, "fuzz: no backend: nothing to fuzz\n");
         abort();
      }
      count_backend(be);
      wire_segment_init(&rig.seg, rig.mem, rig.size, FUZZ_CMD_SIZE, FUZZ_STAGING_SIZE);
      if (!(rig.s = srv_session_create(&rig.seg, be, false))) {
         fprintf(stderr, "fuzz: srv_session_create failed\n");
         abort();
      }
   }
   input_draws = 0;
   input_draw_max = 0;
   fuzz_replay(&rig, data, size);
   if (regress_min_draw) {
      bool corrupt = wire_load32(&rig.seg.ctrl->server_state) == WIRE_SERVER_FATAL &&
                     !strncmp(rig.seg.ctrl->fatal_msg, "ProtocolCorruption", 18);
      if (corrupt || input_draw_max < regress_min_draw) {
         fprintf(stderr,
                 "fuzz: regress input no longer reaches its draw (%lu draws, largest %llu < %llu "
                 "vertices x instances%s%.*s): re-make it at this protocol revision\n",
                 input_draws, (unsigned long long)input_draw_max, (unsigned long long)regress_min_draw,
                 corrupt ? "; " : "", corrupt ? (int)sizeof(rig.seg.ctrl->fatal_msg) : 0,
                 rig.seg.ctrl->fatal_msg);
         abort();
      }
   }
   /* GPU work the input submitted completes within the input (bounded as Magma bounds its own
    * fence waits): a later input must not wait for it and take the blame. */
   if (be->ops->fence_submit && be->ops->fence_completed) {
      uint64_t serial = be->ops->fence_submit(be);
      /* by the clock: on a loaded machine a 1 ms sleep takes several, and 5,000 of them
       * passed libFuzzer's 20 s (Magma's destroy then waits as long again for the same work) */
      struct timespec t0, now;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      while (serial && be->ops->fence_completed(be) < serial) {
         clock_gettime(CLOCK_MONOTONIC, &now);
         if ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000 >= FUZZ_GPU_WAIT_MS) {
            drop_session(); /* as a lost device: a fresh one for the next input */
            return;
         }
         nanosleep(&(struct timespec){0, 1000000}, NULL);
      }
   }
   /* A lost device stays lost: the next input gets a new backend (and session). */
   bool lost = wire_load32(&rig.seg.ctrl->server_state) == WIRE_SERVER_FATAL &&
               !strncmp(rig.seg.ctrl->fatal_msg, "DeviceLost", 10);
   wire_segment_init(&rig.seg, rig.mem, rig.size, FUZZ_CMD_SIZE, FUZZ_STAGING_SIZE);
   if (!srv_session_reset(rig.s))
      leak("handle-table entries srv_destroy_all missed", 1);
   check_fresh(backend_live);
   /* What the backend could not do while ending the objects is no later input's business. */
   char what[160];
   if (be->ops->take_status && be->ops->take_status(be, what, sizeof(what)) == SRV_STATUS_DEVICE_LOST)
      lost = true;
   if (lost)
      drop_session();
}
