/* Per-session caps straight into a session on the fake backend (server/session.c): past each
 * cap the session ends with its named ResourceExhausted site; at the cap and below, and after
 * objects are destroyed, nothing changes. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "server/server_private.h"
#include "server/session.h"
#include "tests/unit/check.h"
#include "tests/unit/fake_backend.h"
#include "wire/segment.h"

struct rig {
   void *mem;
   size_t size;
   struct wire_segment seg;
   struct srv_session *s;
   uint64_t seq;
};

static void
rig_init(struct rig *r, const struct srv_caps *caps)
{
   r->size = wire_segment_total(256 * 1024, 256 * 1024);
   r->mem = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
   wire_segment_init(&r->seg, r->mem, r->size, 256 * 1024, 256 * 1024);
   r->s = srv_session_create(&r->seg, &fake_backend_create()->base, false);
   srv_session_set_caps(r->s, caps);
   r->seq = 0;
}

static void
rig_fini(struct rig *r)
{
   srv_session_destroy(r->s);
   munmap(r->mem, r->size);
}

/* Writes one record without applying it. */
static void
write_record(struct rig *r, uint16_t op, const void *body, uint32_t body_size)
{
   struct wire_ctrl *c = r->seg.ctrl;
   uint64_t head = c->cmd_head;
   uint32_t off = (uint32_t)(head % r->seg.cmd_size);
   uint32_t size = (uint32_t)((sizeof(struct wire_record_hdr) + body_size + 15) & ~15u);
   struct wire_record_hdr h = {op, 0, size, ++r->seq};
   memset(r->seg.cmd + off, 0, size);
   memcpy(r->seg.cmd + off, &h, sizeof(h));
   memcpy(r->seg.cmd + off + sizeof(h), body, body_size);
   c->cmd_head = head + size;
}

static bool
put(struct rig *r, uint16_t op, const void *body, uint32_t body_size)
{
   write_record(r, op, body, body_size);
   return srv_session_pump(r->s);
}

static bool
buffer(struct rig *r, uint32_t slot, uint32_t gen, uint32_t bytes)
{
   struct wire_resource_create rc = {{slot, gen}, WIRE_TARGET_BUFFER, 0, bytes, 1, 1, 1, 0, 0, 0, 0};
   return put(r, WIRE_OP_ResourceCreate, &rc, sizeof(rc));
}

static bool
destroy(struct rig *r, uint32_t kind, uint32_t slot, uint32_t gen)
{
   struct wire_destroy d = {kind, 0, {slot, gen}};
   return put(r, WIRE_OP_Destroy, &d, sizeof(d));
}

static void
expect_site(struct rig *r, const char *site)
{
   char want[128];
   snprintf(want, sizeof(want), "ResourceExhausted \"%s\"", site);
   if (!strstr(r->seg.ctrl->fatal_msg, want)) {
      fprintf(stderr, "want %s, got '%s'\n", want, r->seg.ctrl->fatal_msg);
      CHECK(0);
   }
   CHECK_EQ(r->seg.ctrl->server_state, WIRE_SERVER_FATAL);
}

static const struct srv_caps roomy = {1ull << 40, 1u << 20, 1u << 20};

/* --max-objects 4: four live resources, not five; destroying one makes room again; other kinds
 * have their own count. */
static void
objects_case(void)
{
   struct rig r;
   struct srv_caps caps = roomy;
   caps.max_objects = 4;
   rig_init(&r, &caps);
   struct wire_context_create cc = {{0, 1}, 0, 3};
   CHECK(put(&r, WIRE_OP_ContextCreate, &cc, sizeof(cc)));
   for (uint32_t i = 0; i < 4; i++)
      CHECK(buffer(&r, i, 1, 64));
   CHECK(destroy(&r, WIRE_KIND_RESOURCE, 2, 1));
   CHECK(buffer(&r, 2, 2, 64)); /* the slot again, a new generation: 4 live */
   rig_fini(&r);

   rig_init(&r, &caps);
   CHECK(put(&r, WIRE_OP_ContextCreate, &cc, sizeof(cc)));
   for (uint32_t i = 0; i < 4; i++)
      CHECK(buffer(&r, i, 1, 64));
   struct wire_sampler_state ss = {{0, 1}};
   ss.max_anisotropy = 1.0f;
   CHECK(put(&r, WIRE_OP_SamplerCreate, &ss, sizeof(ss))); /* SAMPLER counts apart */
   CHECK(!buffer(&r, 4, 1, 64));
   expect_site(&r, "objects.RESOURCE");
   rig_fini(&r);
}

/* --max-session-mib: the segment plus 1 MiB. Buffers up to it fit; one byte-heavy buffer past
 * it is refused before the backend sees it; a destroy gives the bytes back; a respecify that
 * grows past it ends the session too. */
static void
memory_case(void)
{
   struct rig r;
   struct srv_caps caps = roomy;
   caps.max_bytes = wire_segment_total(256 * 1024, 256 * 1024) + (1u << 20);
   rig_init(&r, &caps);
   struct fake_backend *fb = (struct fake_backend *)r.s->be;
   CHECK(buffer(&r, 0, 1, 400 << 10));
   CHECK(buffer(&r, 1, 1, 400 << 10));
   unsigned created = fb->calls_create_res;
   CHECK(!buffer(&r, 2, 1, 400 << 10));
   expect_site(&r, "memory.ResourceCreate");
   CHECK_EQ(fb->calls_create_res, created); /* refused before the backend allocated */
   rig_fini(&r);

   rig_init(&r, &caps);
   CHECK(buffer(&r, 0, 1, 400 << 10));
   CHECK(buffer(&r, 1, 1, 400 << 10));
   CHECK(destroy(&r, WIRE_KIND_RESOURCE, 1, 1));
   CHECK(buffer(&r, 2, 1, 400 << 10)); /* the destroyed buffer's bytes are free again */
   struct wire_resource_create grow = {{2, 1}, WIRE_TARGET_BUFFER, 0, 800 << 10, 1, 1, 1, 0, 0, 0, 0};
   CHECK(!put(&r, WIRE_OP_ResourceRespecify, &grow, sizeof(grow)));
   expect_site(&r, "memory.ResourceRespecify");
   rig_fini(&r);

   /* a texture's bytes are its levels': 256x256 RGBA8 with 9 levels is 349,524 bytes, plus 512
    * of bookkeeping; three fill the cap to the byte */
   caps.max_bytes = wire_segment_total(256 * 1024, 256 * 1024) + 3 * (349524 + 512);
   rig_init(&r, &caps);
   struct wire_resource_create tex = {{0, 1}, WIRE_TARGET_TEX_2D, WIRE_FMT_R8G8B8A8_UNORM, 256, 256, 1, 1, 8, 0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &tex, sizeof(tex)));
   tex.res.slot = 1;
   CHECK(put(&r, WIRE_OP_ResourceCreate, &tex, sizeof(tex)));
   tex.res.slot = 2;
   CHECK(put(&r, WIRE_OP_ResourceCreate, &tex, sizeof(tex)));
   tex.res.slot = 3;
   CHECK(!put(&r, WIRE_OP_ResourceCreate, &tex, sizeof(tex)));
   expect_site(&r, "memory.ResourceCreate");
   rig_fini(&r);
}

/* --max-queued-events 3: three fences owed at once are served, a fourth in the same batch
 * (nothing polled in between) ends the session. */
static void
events_case(void)
{
   struct rig r;
   struct srv_caps caps = roomy;
   caps.max_queued_events = 3;
   rig_init(&r, &caps);
   struct wire_context_create cc = {{0, 1}, 0, 3};
   CHECK(put(&r, WIRE_OP_ContextCreate, &cc, sizeof(cc)));
   for (uint64_t id = 1; id <= 3; id++) {
      struct wire_fence_sync fs = {id};
      write_record(&r, WIRE_OP_FenceSync, &fs, sizeof(fs));
   }
   CHECK(srv_session_pump(r.s));
   for (uint64_t id = 4; id <= 7; id++) {
      struct wire_fence_sync fs = {id};
      write_record(&r, WIRE_OP_FenceSync, &fs, sizeof(fs));
   }
   CHECK(!srv_session_pump(r.s));
   expect_site(&r, "events.FenceSync");
   rig_fini(&r);
}

int
main(void)
{
   objects_case();
   memory_case();
   events_case();
   return check_done("test_caps");
}
