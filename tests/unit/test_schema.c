/* Every rule of wire/payloads.schema refuses what it should, for every op: hostile_rules.h
 * (generated with the validators) builds each op's payload with values every rule accepts,
 * then flips one ruled field at a time (first and last array element; for counted arrays the
 * count is raised to reach it) to each value its rule refuses, and the op's validator must
 * name exactly that field. The session half: one flipped field per op class goes through a
 * real session and ends it with ProtocolCorruption "<Op>.<field>" (server/session.c). */
#include <math.h>
#include <string.h>
#include <sys/mman.h>

#include "check.h"
#include "fake_backend.h"
#include "server/session.h"
#include "wire/ops.h"
#include "wire/segment.h"
#include "wire/wire_validate.h"

#define TEST_STAGING 4096u

static unsigned cases_run;

/* Handle {1, 1 + kind} is the one live object of each kind. */
static wire_handle
live_handle(uint32_t kind)
{
   return (wire_handle){1, 1 + kind};
}

static bool
test_live(const void *user, uint32_t kind, wire_handle h)
{
   (void)user;
   return kind < WIRE_KIND_COUNT && h.slot == 1 && h.gen == 1 + kind;
}

static uint64_t
lowest_bit(uint64_t v)
{
   return v & (~v + 1);
}

static void
expect_site(uint32_t op, const char *opname, const void *payload, const char *want, const char *what)
{
   const struct wire_validate_env env = {TEST_STAGING, test_live, NULL};
   const char *got = wire_validate_payload(op, payload, &env);
   cases_run++;
   if (want ? !got || strcmp(got, want) : got != NULL) {
      fprintf(stderr, "%s (%s): want %s, validator says %s\n", opname, what, want ? want : "valid",
              got ? got : "valid");
      CHECK(0);
   }
}

#include "tests/unit/hostile_rules.h"

/* Through a session: the record ends it naming "<Op>.<field>". */
static void
session_case(uint16_t op, const void *body, uint32_t size, const char *site)
{
   const uint32_t ring = 64 * 1024;
   size_t total = wire_segment_total(ring, TEST_STAGING);
   void *mem = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
   struct wire_segment seg;
   wire_segment_init(&seg, mem, total, ring, TEST_STAGING);
   struct srv_session *s = srv_session_create(&seg, &fake_backend_create()->base, false);
   struct wire_record_hdr h = {op, 0, (uint32_t)((sizeof(h) + size + 15) & ~15u), 1};
   memset(seg.cmd, 0, h.size);
   memcpy(seg.cmd, &h, sizeof(h));
   memcpy(seg.cmd + sizeof(h), body, size);
   seg.ctrl->cmd_head = h.size;
   CHECK(!srv_session_pump(s));
   char want[128];
   snprintf(want, sizeof(want), "ProtocolCorruption \"%s\"", site);
   if (!strstr(seg.ctrl->fatal_msg, want)) {
      fprintf(stderr, "session: want %s, got '%s'\n", want, seg.ctrl->fatal_msg);
      CHECK(0);
   }
   srv_session_destroy(s);
   munmap(mem, total);
}

int
main(void)
{
   hostile_all();
   printf("test_schema: %u validator cases\n", cases_run);
   CHECK(cases_run > 400);
   /* No live objects in a fresh session: the first record's handle rule fires (a session
    * refuses it before any handler runs, context or not). */
   struct wire_blend_state bl;
   memset(&bl, 0, sizeof(bl));
   bl.cso = (wire_handle){3, 1};
   bl.rt[7].colormask = 0x10;
   session_case(WIRE_OP_BlendCreate, &bl, sizeof(bl), "BlendCreate.rt.colormask");
   struct wire_vertex_buffers vb;
   memset(&vb, 0, sizeof(vb));
   vb.start = 4;
   vb.count = 13;
   session_case(WIRE_OP_SetVertexBuffers, &vb, sizeof(vb), "SetVertexBuffers.count");
   struct wire_sampler_views sv;
   memset(&sv, 0, sizeof(sv));
   sv.count = 2;
   sv.v[1].pad = 1;
   session_case(WIRE_OP_SetSamplerViews, &sv, sizeof(sv), "SetSamplerViews.v.pad");
   struct wire_velems_state ve;
   memset(&ve, 0, sizeof(ve));
   ve.cso = (wire_handle){1, 1};
   ve.count = 1;
   ve.e[0].pad = 1;
   session_case(WIRE_OP_VertexElementsCreate, &ve, sizeof(ve), "VertexElementsCreate.e.pad");
   struct wire_buffer_subdata bs = {{1, 1}, 0, 0, {0, 4}};
   session_case(WIRE_OP_BufferSubData, &bs, sizeof(bs), "BufferSubData.res");
   struct wire_empty e = {1};
   session_case(WIRE_OP_Flush, &e, sizeof(e), "Flush.reserved");
   return check_done("test_schema");
}
