/* A channel end to end with a recording backend: records, staging wrap-around, replies,
 * present credit, GL-error events and a protocol error ending the session.
 * Usage: test_channel monolith|inproc */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_backend.h"
#include "server/session.h"
#include "wire/client.h"
#include "wire_emit.h"
#include "wire/local_server.h"

static struct fake_backend *fake;

static void *
fake_create(struct wire_segment *seg, char *err, size_t n)
{
   fake = fake_backend_create();
   return srv_session_create(seg, &fake->base, false);
}
static bool fake_pump(void *s) { return srv_session_pump(s); }
static void fake_run(void *s) { srv_session_set_may_park(s, true); srv_session_run(s, NULL, NULL); }
static void fake_destroy(void *s) { srv_session_destroy(s); }
static const struct wire_local_server fake_server = {fake_create, fake_pump, fake_run, fake_destroy};

static int gl_errors;
static wire_handle gl_error_ctx;
static void
on_gl_error(void *u, wire_handle ctx, uint32_t err)
{
   gl_errors += err == 0x0505; /* GL_OUT_OF_MEMORY */
   gl_error_ctx = ctx;
}

static int lost_calls;
static char lost_why[300];
static void on_lost(void *u, const char *why, bool device_lost) { lost_calls++; snprintf(lost_why, sizeof(lost_why), "%s", why); }

static wire_handle
make_buffer(struct wire_client *c, uint32_t size)
{
   wire_handle h = wire_handle_mint(c, WIRE_KIND_RESOURCE);
   EMIT(c, ResourceCreate, rc);
   rc->res = h;
   rc->target = WIRE_TARGET_BUFFER;
   rc->width = size;
   rc->height = rc->depth = rc->layers = 1;
   wire_end(c);
   return h;
}

static void
basic(struct wire_client *c)
{
   emit_current_context(c);
   wire_handle buf = make_buffer(c, 1 << 20);

   /* 3000 uploads of 100 KB through a 1 MiB arena: the staging space wraps many times. */
   for (int i = 0; i < 3000; i++) {
      EMIT(c, BufferSubData, bs);
      bs->res = buf;
      bs->offset = 4096;
      uint8_t *dst = wire_stage(c, 100000, &bs->data);
      CHECK(dst != NULL);
      memset(dst, i & 0xff, 100000);
      wire_end(c);
   }
   /* 20000 draws through a 512 KiB ring: the command ring wraps many times. */
   for (int i = 0; i < 20000; i++) {
      EMIT(c, Draw, d);
      d->mode = WIRE_PRIM_TRIANGLES;
      d->count = (uint32_t)i + 1;
      d->instance_count = 1;
      wire_end(c);
   }
   CHECK(wire_finish(c));
   CHECK_EQ(fake->calls_subdata, 3000);
   CHECK_EQ(fake->last_subdata_size, 100000);
   CHECK_EQ(fake->last_subdata_first, 2999 & 0xff);
   CHECK_EQ(fake->calls_draw, 20000);
   CHECK_EQ(fake->last_draw.count, 20000);

   /* A reply row. */
   wire_handle rt = wire_handle_mint(c, WIRE_KIND_RESOURCE);
   EMIT(c, ResourceCreate, rc);
   rc->res = rt;
   rc->target = WIRE_TARGET_RENDERBUFFER;
   rc->format = WIRE_FMT_R8G8B8A8_UNORM;
   rc->width = rc->height = 64;
   rc->depth = rc->layers = 1;
   wire_end(c);
   EMIT(c, ReadPixels, rp);
   rp->src.res = rt;
   rp->x = 3;
   rp->w = 8;
   rp->h = 2;
   uint8_t px[64];
   CHECK_EQ(wire_end_reply(c, px, sizeof(px)), 64);
   CHECK_EQ(px[0], 3);
   CHECK_EQ(px[10], (uint8_t)(10 * 7 + 3));

   /* Presents: at most one frame in flight, never a wait on the one just sent. */
   for (uint64_t f = 1; f <= 50; f++) {
      EMIT(c, Present, pr);
      pr->res = rt;
      pr->frame_serial = f;
      CHECK(wire_end(c) != 0);
   }
   CHECK(wire_finish(c));
   CHECK_EQ(fake->calls_present, 50);

   /* Destroy releases on the server; the slot comes back with a new generation. */
   EMIT(c, Destroy, ds);
   ds->kind = WIRE_KIND_RESOURCE;
   ds->h = buf;
   wire_end(c);
   wire_handle_release(c, WIRE_KIND_RESOURCE, buf);
   wire_handle again = make_buffer(c, 64);
   CHECK_EQ(again.slot, buf.slot);
   CHECK_EQ(again.gen, buf.gen + 1);
   CHECK(wire_finish(c));
   CHECK_EQ(fake->calls_destroy_res, 1);

   struct wire_client_stats st;
   wire_client_get_stats(c, NULL, &st);
   CHECK(st.records > 23000);
   CHECK(st.staged_bytes == 3000u * 100000u);
}

/* Creates a context tagged `tag` (the fake backend checks draws against it). */
static void
make_context(struct wire_client *c, struct wire_issuer *who, uint32_t tag)
{
   memset(who, 0, sizeof(*who));
   who->ctx = wire_handle_mint(c, WIRE_KIND_CONTEXT);
   wire_payload_ContextCreate *cc = wire_begin_ctx(c, who, WIRE_OP_ContextCreate, 0);
   cc->ctx = who->ctx;
   cc->major = tag;
   wire_end(c);
}

static void
draw_as(struct wire_client *c, struct wire_issuer *who, uint32_t start, uint32_t instances)
{
   wire_payload_Draw *d = wire_begin_ctx(c, who, WIRE_OP_Draw, 0);
   d->mode = WIRE_PRIM_TRIANGLES;
   d->start = start;
   d->count = 3;
   d->instance_count = instances;
   wire_end(c);
}

/* The context rule: records begun with an issuer apply to that issuer's context however
 * they interleave; the channel switches with MakeCurrent records of its own. */
static void
context_rule(struct wire_client *c)
{
   struct wire_issuer a, b;
   make_context(c, &a, 7);
   make_context(c, &b, 9);
   unsigned before = fake->calls_draw;
   for (int i = 0; i < 3000; i++) {
      if (i % 3 == 0)
         draw_as(c, &a, 7, 1);
      else
         draw_as(c, &b, 9, 1);
   }
   CHECK(wire_finish(c));
   CHECK_EQ(fake->calls_draw - before, 3000);
   CHECK_EQ(fake->draws_by_tag_mismatch, 0);
   /* each issuer counts its own records: its draws plus the MakeCurrents the switches
    * needed (2 of every 3 draws switch) and its ContextCreate */
   CHECK_EQ(a.stats.records, 1 + 1000 + 1000);
   CHECK_EQ(b.stats.records, 1 + 2000 + 1000);
}

/* Events of every size wrap the 64 KiB event ring many times, with the ring's end left at
 * 8, 16 and 24 bytes (less than an event header) as well as at pad-event sizes: both sides
 * skip such a remainder (a guard page follows the ring, so a header written past its end
 * faults), and every GL error reaches the issuing context. Event sizes are known: a 32-byte
 * header plus the reason text and its NUL, rounded up to 8. */
static void
event_wrap(struct wire_client *c)
{
   struct wire_issuer a;
   make_context(c, &a, 11);
   fake->draw_status = SRV_STATUS_OUT_OF_MEMORY;
   gl_errors = 0;
   const uint32_t ring = 64u * 1024u;
   uint64_t pos = 0; /* event bytes produced so far, as the server counts them */
   int n = 0, small_tails = 0;
   while (small_tails < 30 || n < 3000) {
      uint32_t rem = ring - (uint32_t)(pos % ring);
      uint32_t tail = 8u * (1u + (uint32_t)small_tails % 3u);
      /* 40 .. 184 bytes (the server keeps at most 159 bytes of a reason) */
      uint32_t size = 40u + 8u * ((uint32_t)(n * 37) % 19u);
      if (rem <= 184u + 24u && rem >= 40u + tail)
         size = rem - tail; /* leave 8, 16 or 24 bytes at the end */
      else if (rem > size && rem - size < 64u && rem >= 64u + 40u)
         size = rem - 64u;  /* ... after one more event */
      if (size > rem) {
         small_tails += rem < 32u;
         pos += rem;
      }
      draw_as(c, &a, 11, size - 33u + 1u); /* the fake's reason: instance_count - 1 bytes */
      pos += size;
      n++;
      if (n % 50 == 0)
         wire_drain(c);
   }
   CHECK(wire_finish(c));
   fake->draw_status = SRV_STATUS_OK;
   CHECK_EQ(gl_errors, n);
   CHECK(pos > 10u * ring);
   CHECK_EQ(gl_error_ctx.slot, a.ctx.slot);
   CHECK_EQ(gl_error_ctx.gen, a.ctx.gen);
   CHECK(!wire_client_lost(c));
}

static void
hostile(struct wire_client *c)
{
   /* Draw with a mode past the enum: the session ends with a named error. */
   EMIT(c, Draw, d);
   d->mode = 99;
   d->count = 3;
   d->instance_count = 1;
   wire_end(c);
   CHECK(!wire_finish(c));
   CHECK(wire_client_lost(c));
   CHECK_EQ(lost_calls, 1);
   CHECK(strstr(lost_why, "ProtocolCorruption \"Draw.mode\"") != NULL);
   /* Everything after is dropped safely. */
   EMIT(c, Draw, d2);
   d2->mode = 0;
   CHECK_EQ(wire_end(c), 0);
   struct wire_span sp;
   CHECK(wire_stage(c, 1000, &sp) != NULL);
}

int
main(int argc, char **argv)
{
   setenv("SPLITGL_RING_KIB", "512", 1);
   setenv("SPLITGL_LOG_LEVEL", "1", 1); /* event_wrap raises thousands of logged OOMs */
   setenv("SPLITGL_STAGING_KIB", "1024", 1);
   setenv("SPLITGL_WAIT_TIMEOUT_MS", "20000", 1);
   wire_register_local_server(&fake_server);
   int kind = argc > 1 && !strcmp(argv[1], "inproc") ? WIRE_TRANSPORT_INPROC : WIRE_TRANSPORT_MONOLITH;
   struct wire_client_callbacks cb = {on_gl_error, on_lost, NULL};
   char err[256];
   struct wire_client *c = wire_client_open(kind, &cb, err, sizeof(err));
   CHECK(c != NULL);
   if (!c)
      return check_done("test_channel");
   basic(c);
   context_rule(c);
   event_wrap(c);
   hostile(c);
   wire_client_close(c);
   return check_done("test_channel");
}
