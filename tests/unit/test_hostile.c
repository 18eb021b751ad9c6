/* Hostile streams straight into a session (a test-only encoder): each malformed record ends
 * the session with the named ProtocolCorruption site, and random records never crash it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "check.h"
#include "fake_backend.h"
#include "server/server_private.h"
#include "server/session.h"
#include "spirv/spv.h"
#include "wire/segment.h"

struct rig {
   void *mem;
   size_t size;
   struct wire_segment seg;
   struct srv_session *s;
   uint64_t seq;
};

static void
rig_init_sized(struct rig *r, uint32_t cmd, uint32_t stg)
{
   r->size = wire_segment_total(cmd, stg);
   r->mem = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
   wire_segment_init(&r->seg, r->mem, r->size, cmd, stg);
   r->s = srv_session_create(&r->seg, &fake_backend_create()->base, false);
   r->seq = 0;
}

static void
rig_init(struct rig *r)
{
   rig_init_sized(r, 256 * 1024, 256 * 1024);
}

static void
rig_fini(struct rig *r)
{
   srv_session_destroy(r->s);
   munmap(r->mem, r->size);
}

/* Writes one raw record (header as given unless size==0: then computed) and pumps. */
static bool
put_raw(struct rig *r, uint16_t op, uint32_t size, uint64_t seq, const void *body, uint32_t body_size)
{
   struct wire_ctrl *c = r->seg.ctrl;
   uint64_t head = c->cmd_head;
   uint32_t off = (uint32_t)(head % r->seg.cmd_size);
   struct wire_record_hdr h = {op, 0, size, seq};
   uint32_t real = (uint32_t)((sizeof(h) + body_size + 15) & ~15u);
   if (off + real > r->seg.cmd_size)
      return false;
   memset(r->seg.cmd + off, 0, real);
   memcpy(r->seg.cmd + off, &h, sizeof(h));
   memcpy(r->seg.cmd + off + sizeof(h), body, body_size);
   c->cmd_head = head + real;
   return srv_session_pump(r->s);
}

static bool
put(struct rig *r, uint16_t op, const void *body, uint32_t body_size)
{
   uint32_t size = (uint32_t)((sizeof(struct wire_record_hdr) + body_size + 15) & ~15u);
   return put_raw(r, op, size, ++r->seq, body, body_size);
}

static const char *
fatal(struct rig *r)
{
   return r->seg.ctrl->fatal_msg;
}

static void
setup_ctx(struct rig *r)
{
   struct wire_context_create cc = {{0, 1}, 0, 3};
   CHECK(put(r, WIRE_OP_ContextCreate, &cc, sizeof(cc)));
   struct wire_make_current mc = {{0, 1}};
   CHECK(put(r, WIRE_OP_MakeCurrent, &mc, sizeof(mc)));
   struct wire_resource_create rc = {{0, 1}, WIRE_TARGET_BUFFER, 0, 1024, 1, 1, 1, 0, 0, 0, 0};
   CHECK(put(r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
}

/* One malformed record per row; the session must end naming `site`. */
struct bad_case {
   const char *site;
   uint16_t op;
   uint8_t body[1024];
   uint32_t size;
};

static void
expect_fatal(const char *site, uint16_t op, const void *body, uint32_t size)
{
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   bool alive = put(&r, op, body, size);
   CHECK(!alive);
   char want[128];
   snprintf(want, sizeof(want), "ProtocolCorruption \"%s\"", site);
   if (!strstr(fatal(&r), want)) {
      fprintf(stderr, "want %s, got '%s'\n", want, fatal(&r));
      CHECK(0);
   }
   CHECK_EQ(r.seg.ctrl->server_state, WIRE_SERVER_FATAL);
   rig_fini(&r);
}

/* As expect_fatal, with a 64x64 RGBA8 texture {1, 1} created first. */
static void
expect_fatal_after_texture(const char *site, uint16_t op, const void *body, uint32_t size)
{
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   struct wire_resource_create rc = {{1, 1}, WIRE_TARGET_TEX_2D, WIRE_FMT_R8G8B8A8_UNORM, 64, 64, 1, 1, 0, 0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   CHECK(!put(&r, op, body, size));
   char want[128];
   snprintf(want, sizeof(want), "ProtocolCorruption \"%s\"", site);
   if (!strstr(fatal(&r), want)) {
      fprintf(stderr, "want %s, got '%s'\n", want, fatal(&r));
      CHECK(0);
   }
   rig_fini(&r);
}

/* Records that carry the texture formats, wraps and read-backs of protocol revision 3. */
static void
format_cases(void)
{
   /* wire_format past the last value */
   struct wire_resource_create rc = {{1, 1}, WIRE_TARGET_TEX_2D, WIRE_FMT_COUNT, 4, 4, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.format", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   /* a 3D depth texture (GL has none) */
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_3D, WIRE_FMT_D32_FLOAT_S8_UINT, 4, 4, 4, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_3D, WIRE_FMT_D24_UNORM, 4, 4, 4, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   /* SamplerCreate: a wrap past CLAMP_TO_BORDER, a NaN border colour */
   struct wire_sampler_state ss = {{0, 1}, 0, 0, 0, WIRE_WRAP_COUNT, 0, 0, 0, 0, -1000, 1000, 0, 1, {0, 0, 0, 0}};
   expect_fatal("SamplerCreate.wrap_s", WIRE_OP_SamplerCreate, &ss, sizeof(ss));
   ss = (struct wire_sampler_state){{0, 1}, 0, 0, 0, WIRE_WRAP_CLAMP_TO_BORDER, 0, 0, 0, 0, -1000, 1000, 0, 1,
                                    {0, NAN, 0, 0}};
   expect_fatal("SamplerCreate.border_color", WIRE_OP_SamplerCreate, &ss, sizeof(ss));
   /* revision 15: the integer border's kind (0 float, 1 signed, 2 unsigned) and its padding */
   ss.border_color[1] = 0;
   ss.border_kind = 3;
   expect_fatal("SamplerCreate.border_kind", WIRE_OP_SamplerCreate, &ss, sizeof(ss));
   ss.border_kind = 1;
   ss.pad2[6] = 1;
   expect_fatal("SamplerCreate.pad2", WIRE_OP_SamplerCreate, &ss, sizeof(ss));
   /* ReadPixels of a depth surface reads (revision 6), but not a level it lacks; a band
    * whose reply is bigger than the slot in the surface's own texel size (RGBA32F: 16 bytes
    * a texel) */
   struct wire_read_pixels rp = {{{1, 1}, 0, 0}, 0, 0, 4, 4};
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_2D, WIRE_FMT_D24_UNORM, 64, 64, 1, 1, 0, 0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   CHECK(put(&r, WIRE_OP_ReadPixels, &rp, sizeof(rp)));
   rp.src.level = 1;
   CHECK(!put(&r, WIRE_OP_ReadPixels, &rp, sizeof(rp)));
   rp.src.level = 0;
   CHECK(strstr(fatal(&r), "ReadPixels.src") != NULL);
   rig_fini(&r);
   rig_init(&r);
   setup_ctx(&r);
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_2D, WIRE_FMT_R32G32B32A32_FLOAT, 1024, 1024, 1, 1, 0,
                                      0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   rp = (struct wire_read_pixels){{{1, 1}, 0, 0}, 0, 0, 512, 512}; /* 4 MiB > 2 MiB reply slot */
   CHECK(!put(&r, WIRE_OP_ReadPixels, &rp, sizeof(rp)));
   CHECK(strstr(fatal(&r), "ReadPixels.size") != NULL);
   rig_fini(&r);
   /* TextureSubData sized by the format's own texel size (RGB16F: 6 bytes) */
   rig_init(&r);
   setup_ctx(&r);
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_2D, WIRE_FMT_R16G16B16_FLOAT, 4, 4, 1, 1, 0, 0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   struct wire_texture_subdata ts = {{1, 1}, 0, 0, 0, 0, 0, 4, 4, 1, {0, 4 * 4 * 4}};
   CHECK(!put(&r, WIRE_OP_TextureSubData, &ts, sizeof(ts)));
   CHECK(strstr(fatal(&r), "TextureSubData.data") != NULL);
   rig_fini(&r);
}

/* As expect_fatal, with a compressed texture {1, 1} (target, format, w x h x layers) first. */
static void
expect_fatal_after_compressed(const char *site, uint32_t target, uint32_t fmt, uint32_t w, uint32_t h,
                              uint32_t layers, uint16_t op, const void *body, uint32_t size)
{
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   struct wire_resource_create rc = {{1, 1}, target, fmt, w, h, 1, layers, 0, 0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   CHECK(!put(&r, op, body, size));
   char want[128];
   snprintf(want, sizeof(want), "ProtocolCorruption \"%s\"", site);
   if (!strstr(fatal(&r), want)) {
      fprintf(stderr, "want %s, got '%s'\n", want, fatal(&r));
      CHECK(0);
   }
   rig_fini(&r);
}

/* Block-compressed formats (protocol revision 4): targets, block alignment, whole-block
 * sizes, and never a surface. */
static void
compressed_cases(void)
{
   /* ETC2 on a 3D texture, a renderbuffer, a buffer */
   struct wire_resource_create rc = {{1, 1}, WIRE_TARGET_TEX_3D, WIRE_FMT_ETC2_R8G8B8_UNORM, 8, 8, 4, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_EAC_R11_UNORM, 8, 8, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_BUFFER, WIRE_FMT_EAC_R11_UNORM, 64, 1, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   /* RGTC (revision 16) likewise: no 3D, 1D or renderbuffer storage */
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_3D, WIRE_FMT_BC4_UNORM, 8, 8, 4, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_1D, WIRE_FMT_BC5_SNORM, 8, 1, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_BC4_SNORM, 8, 8, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   const uint32_t T2D = WIRE_TARGET_TEX_2D;
   /* a box off the block grid; a width that is no whole block short of the edge */
   struct wire_texture_subdata ts = {{1, 1}, 0, 0, 2, 0, 0, 4, 4, 1, {0, 8}};
   expect_fatal_after_compressed("TextureSubData.box", T2D, WIRE_FMT_ETC2_R8G8B8_UNORM, 16, 16, 1,
                                 WIRE_OP_TextureSubData, &ts, sizeof(ts));
   ts = (struct wire_texture_subdata){{1, 1}, 0, 0, 0, 0, 0, 6, 4, 1, {0, 16}};
   expect_fatal_after_compressed("TextureSubData.box", T2D, WIRE_FMT_ETC2_R8G8B8_UNORM, 16, 16, 1,
                                 WIRE_OP_TextureSubData, &ts, sizeof(ts));
   /* texel-sized data for a block format: 4x4 RGBA8 ETC2 is one 16-byte block, not 64 */
   ts = (struct wire_texture_subdata){{1, 1}, 0, 0, 0, 0, 0, 4, 4, 1, {0, 64}};
   expect_fatal_after_compressed("TextureSubData.data", T2D, WIRE_FMT_ETC2_R8G8B8A8_UNORM, 16, 16, 1,
                                 WIRE_OP_TextureSubData, &ts, sizeof(ts));
   /* BC5: 16-byte blocks; a 4x4 box sent as one 8-byte BC4 block is short */
   ts = (struct wire_texture_subdata){{1, 1}, 0, 0, 0, 0, 0, 4, 4, 1, {0, 8}};
   expect_fatal_after_compressed("TextureSubData.data", T2D, WIRE_FMT_BC5_UNORM, 8, 8, 1, WIRE_OP_TextureSubData,
                                 &ts, sizeof(ts));
   /* a partial block only at the edge: 6x6 image, box (4,4) 2x2 is one block; 2 blocks is wrong */
   ts = (struct wire_texture_subdata){{1, 1}, 0, 0, 4, 4, 0, 2, 2, 1, {0, 16}};
   expect_fatal_after_compressed("TextureSubData.data", T2D, WIRE_FMT_EAC_R11_SNORM, 6, 6, 1,
                                 WIRE_OP_TextureSubData, &ts, sizeof(ts));
   /* a compressed texture as a colour surface, a read-back, a blit source, a mip chain */
   struct wire_framebuffer fb = {0};
   fb.nr_cbufs = 1;
   fb.width = fb.height = 8;
   fb.cbufs[0].res = (wire_handle){1, 1};
   expect_fatal_after_compressed("SetFramebuffer.surface", T2D, WIRE_FMT_ETC2_R8G8B8A8_UNORM, 8, 8, 1,
                                 WIRE_OP_SetFramebuffer, &fb, sizeof(fb));
   struct wire_read_pixels rp = {{{1, 1}, 0, 0}, 0, 0, 4, 4};
   expect_fatal_after_compressed("ReadPixels.src", T2D, WIRE_FMT_ETC2_R8G8B8_SRGB, 8, 8, 1, WIRE_OP_ReadPixels, &rp,
                                 sizeof(rp));
   struct wire_blit bl = {{{1, 1}, 0, 0}, {{1, 1}, 0, 0}, 0, 0, 4, 4, 0, 0, 4, 4, WIRE_BLIT_COLOR, 0, 0, 0, {0}};
   expect_fatal_after_compressed("Blit.format", T2D, WIRE_FMT_EAC_R11G11_UNORM, 8, 8, 1, WIRE_OP_Blit, &bl,
                                 sizeof(bl));
   struct wire_generate_mipmap gm = {{1, 1}, 0, 0};
   expect_fatal_after_compressed("GenerateMipmap.level", WIRE_TARGET_TEX_2D_ARRAY, WIRE_FMT_ETC2_R8G8B8A1_UNORM, 8,
                                 8, 3, WIRE_OP_GenerateMipmap, &gm, sizeof(gm));
   /* the good path: a whole 2D-array layer of EAC RG11 (2 x 2 blocks of 16 bytes) */
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_2D_ARRAY, WIRE_FMT_EAC_R11G11_SNORM, 7, 8, 1, 3, 0, 0,
                                      0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   ts = (struct wire_texture_subdata){{1, 1}, 0, 2, 0, 0, 0, 7, 8, 1, {0, 2 * 2 * 16}};
   CHECK(put(&r, WIRE_OP_TextureSubData, &ts, sizeof(ts)));
   rig_fini(&r);
   /* ... and a cube face of BC4 (one 8-byte block) */
   rig_init(&r);
   setup_ctx(&r);
   rc = (struct wire_resource_create){{1, 1}, WIRE_TARGET_TEX_CUBE, WIRE_FMT_BC4_SNORM, 4, 4, 1, 6, 0, 0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   ts = (struct wire_texture_subdata){{1, 1}, 0, 5, 0, 0, 0, 4, 4, 1, {0, 8}};
   CHECK(put(&r, WIRE_OP_TextureSubData, &ts, sizeof(ts)));
   rig_fini(&r);
}

/* Multisample and buffer textures (protocol revision 6). The fake backend makes RGBA8
 * multisample textures with 4 samples and buffer textures of RGBA8 and R32F
 * (fake_backend.c). */
static void
ms_texture_cases(void)
{
   /* ResourceCreate: a multisample texture single-sampled, with levels, of a count or a
    * format the device lacks for textures (D24S8 renders 4x but is not sampled so), with
    * depth; a multisample array with depth; a resource of target TEX_BUFFER */
   static const struct {
      uint32_t target, format, samples, depth, layers, last_level;
   } bad[] = {
      {WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_R8G8B8A8_UNORM, 0, 1, 1, 0},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_R8G8B8A8_UNORM, 1, 1, 1, 0},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_R8G8B8A8_UNORM, 4, 1, 1, 1},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_R8G8B8A8_UNORM, 2, 1, 1, 0},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_D24_UNORM_S8_UINT, 4, 1, 1, 0},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_R8G8B8A8_UNORM, 4, 2, 1, 0},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_R8G8B8A8_UNORM, 4, 1, 2, 0},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY, WIRE_FMT_R8G8B8A8_UNORM, 4, 2, 2, 0},
      {WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY, WIRE_FMT_R8G8B8A8_UNORM, 4, 1, WIRE_MAX_ARRAY_LAYERS + 1, 0},
      {WIRE_TARGET_TEX_BUFFER, WIRE_FMT_R8G8B8A8_UNORM, 0, 1, 1, 0},
      {WIRE_TARGET_TEX_BUFFER, WIRE_FMT_NONE, 0, 1, 1, 0},
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      struct wire_resource_create rc = {{1, 1}, bad[i].target, bad[i].format, 16, 16, bad[i].depth, bad[i].layers,
                                        bad[i].last_level, bad[i].samples, 0, 0};
      /* a layer count past the wire's limit is the field's own rule (wire/payloads.schema) */
      expect_fatal(bad[i].layers > WIRE_MAX_ARRAY_LAYERS ? "ResourceCreate.layers" : "ResourceCreate.templ",
                   WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   }
   /* texture uploads and mipmaps of a multisample texture {1, 1}; sampler views: a buffer
    * view of a texture, of a format outside TEXEL_BUFFER_FORMATS, with levels or a swizzle;
    * a texture view with a format; padding */
   struct rig r;
   static const struct {
      const char *site;
      uint16_t op;
   } sites[] = {{"TextureSubData.res", WIRE_OP_TextureSubData}, {"GenerateMipmap.level", WIRE_OP_GenerateMipmap}};
   struct wire_texture_subdata ts = {{1, 1}, 0, 0, 0, 0, 0, 1, 1, 1, {0, 4}};
   struct wire_generate_mipmap gm = {{1, 1}, 0, 0};
   for (unsigned i = 0; i < 2; i++) {
      rig_init(&r);
      setup_ctx(&r);
      struct wire_resource_create ms = {{1, 1}, WIRE_TARGET_TEX_2D_MULTISAMPLE, WIRE_FMT_R8G8B8A8_UNORM, 16, 16, 1, 1,
                                        0, 4, 0, 0};
      CHECK(put(&r, WIRE_OP_ResourceCreate, &ms, sizeof(ms)));
      CHECK(!put(&r, sites[i].op, i ? (const void *)&gm : (const void *)&ts, i ? sizeof(gm) : sizeof(ts)));
      if (!strstr(fatal(&r), sites[i].site)) {
         fprintf(stderr, "want %s, got '%s'\n", sites[i].site, fatal(&r));
         CHECK(0);
      }
      rig_fini(&r);
   }
   struct wire_sampler_views sv = {0, 1, {{{0, 1}, WIRE_TARGET_TEX_BUFFER, {0, 1, 2, 3}, WIRE_FMT_R8G8B8A8_UNORM, 0, 0, 0, 0}}};
   struct wire_sampler_views bad_views[8];
   for (unsigned i = 0; i < 8; i++)
      bad_views[i] = sv;
   bad_views[0].v[0].res = (wire_handle){1, 1}; /* a texture as a buffer view */
   bad_views[1].v[0].format = WIRE_FMT_R16_UNORM;
   bad_views[2].v[0].last_level = 1;
   bad_views[3].v[0].swizzle[0] = WIRE_SWZ_G;
   bad_views[4].v[0].pad = 1;
   bad_views[5].v[0] = (struct wire_sampler_view){{1, 1}, WIRE_TARGET_TEX_2D, {0, 1, 2, 3}, WIRE_FMT_R8G8B8A8_UNORM,
                                                  0, 0, 0, 0};
   /* revision 17: an aspect past wire_view_aspect; the stencil of a colour texture */
   bad_views[6].v[0].aspect = WIRE_ASPECT_COUNT;
   bad_views[7].v[0] = bad_views[5].v[0];
   bad_views[7].v[0].aspect = WIRE_ASPECT_STENCIL;
   for (unsigned i = 0; i < 8; i++)
      expect_fatal_after_texture(i == 4   ? "SetSamplerViews.v.pad"
                                 : i == 6 ? "SetSamplerViews.v.aspect"
                                          : "SetSamplerViews.view",
                                 WIRE_OP_SetSamplerViews, &bad_views[i], sizeof(sv));
   /* what is valid goes through: a 4x RGBA8 multisample array, its view and a layer as a
    * render target, a buffer view of the buffer {0, 1} */
   rig_init(&r);
   setup_ctx(&r);
   struct wire_resource_create ma = {{1, 1}, WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY, WIRE_FMT_R8G8B8A8_UNORM, 16, 16, 1,
                                     3, 0, 4, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &ma, sizeof(ma)));
   struct wire_sampler_views ok = {0, 2, {sv.v[0], {{1, 1}, WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY, {0, 1, 2, 3}, 0, 0, 0, 0, 0}}};
   CHECK(put(&r, WIRE_OP_SetSamplerViews, &ok, sizeof(ok)));
   struct wire_framebuffer fb = {16, 16, 1, 0, {{{1, 1}, 0, 2}}, {{0, 0}, 0, 0}};
   CHECK(put(&r, WIRE_OP_SetFramebuffer, &fb, sizeof(fb)));
   CHECK_EQ(r.seg.ctrl->server_state != WIRE_SERVER_FATAL, 1);
   rig_fini(&r);
}

/* 1D and 1D-array textures (protocol revision 6): their shapes, and a 1D array's boxes
 * addressing layers as rows (wire_target). */
static void
texture_1d_cases(void)
{
   const uint32_t T1D = WIRE_TARGET_TEX_1D, T1DA = WIRE_TARGET_TEX_1D_ARRAY;
   /* a 1D image with a height, depth or layers; a 1D array with a height; an ETC2 1D image */
   struct wire_resource_create rc = {{1, 1}, T1D, WIRE_FMT_R8G8B8A8_UNORM, 8, 2, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, T1D, WIRE_FMT_R8G8B8A8_UNORM, 8, 1, 1, 4, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, T1DA, WIRE_FMT_R8G8B8A8_UNORM, 8, 4, 1, 4, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   rc = (struct wire_resource_create){{1, 1}, T1D, WIRE_FMT_ETC2_R8G8B8_UNORM, 8, 1, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc));
   /* a 1D array of 4 layers: rows past the last layer, a non-zero `layer` */
   struct wire_texture_subdata ts = {{1, 1}, 0, 0, 0, 2, 0, 8, 3, 1, {0, 8 * 3 * 4}};
   expect_fatal_after_compressed("TextureSubData.box", T1DA, WIRE_FMT_R8G8B8A8_UNORM, 8, 1, 4,
                                 WIRE_OP_TextureSubData, &ts, sizeof(ts));
   ts = (struct wire_texture_subdata){{1, 1}, 0, 1, 0, 0, 0, 8, 1, 1, {0, 8 * 4}};
   expect_fatal_after_compressed("TextureSubData.level", T1DA, WIRE_FMT_R8G8B8A8_UNORM, 8, 1, 4,
                                 WIRE_OP_TextureSubData, &ts, sizeof(ts));
   /* a 1D image's box with a second row */
   ts = (struct wire_texture_subdata){{1, 1}, 0, 0, 0, 0, 0, 8, 2, 1, {0, 8 * 2 * 4}};
   expect_fatal_after_compressed("TextureSubData.box", T1D, WIRE_FMT_R8G8B8A8_UNORM, 8, 1, 1,
                                 WIRE_OP_TextureSubData, &ts, sizeof(ts));
   /* the good path: layers 1..3 of a 1D array of 4, in one box */
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   rc = (struct wire_resource_create){{1, 1}, T1DA, WIRE_FMT_R8G8B8A8_UNORM, 8, 1, 1, 4, 3, 0, 0, 0};
   CHECK(put(&r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   ts = (struct wire_texture_subdata){{1, 1}, 1, 0, 0, 1, 0, 4, 3, 1, {0, 4 * 3 * 4}};
   CHECK(put(&r, WIRE_OP_TextureSubData, &ts, sizeof(ts)));
   rig_fini(&r);
}

/* Multisampling (protocol revision 4). The fake backend renders RGBA8 and D24S8 with 4
 * samples only (fake_backend.c MS_FORMATS_4). Renderbuffers: {1,1} RGBA8 4x, {2,1} RGBA8,
 * {3,1} D24S8, {4,1} R8, all 16x16. */
static void
msaa_rig(struct rig *r)
{
   rig_init(r);
   setup_ctx(r);
   const uint32_t fmt[4] = {WIRE_FMT_R8G8B8A8_UNORM, WIRE_FMT_R8G8B8A8_UNORM, WIRE_FMT_D24_UNORM_S8_UINT,
                            WIRE_FMT_R8_UNORM};
   for (uint32_t i = 0; i < 4; i++) {
      struct wire_resource_create rc = {{i + 1, 1}, WIRE_TARGET_RENDERBUFFER, fmt[i], 16, 16, 1, 1, 0, i ? 0 : 4, 0, 0};
      CHECK(put(r, WIRE_OP_ResourceCreate, &rc, sizeof(rc)));
   }
}

static void
msaa_expect(const char *site, uint16_t op, const void *body, uint32_t size)
{
   struct rig r;
   msaa_rig(&r);
   CHECK(!put(&r, op, body, size));
   if (!strstr(fatal(&r), site)) {
      fprintf(stderr, "want %s, got '%s'\n", site, fatal(&r));
      CHECK(0);
   }
   rig_fini(&r);
}

static void
msaa_cases(void)
{
   /* sample counts: not a power of two, on a texture, one the device lacks (8), a format
    * without multisampling (R8), a respecify that asks to preserve */
   static const struct {
      uint32_t target, format, samples, flags;
   } bad[] = {
      {WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, 3, 0},
      {WIRE_TARGET_TEX_2D, WIRE_FMT_R8G8B8A8_UNORM, 4, 0},
      {WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, 8, 0},
      {WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8_UNORM, 4, 0},
      {WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, 64, 0},
      {WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, 0x80000000u, 0},
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      struct wire_resource_create rc = {{5, 1}, bad[i].target, bad[i].format, 16, 16, 1, 1, 0, bad[i].samples,
                                        bad[i].flags, 0};
      msaa_expect(bad[i].samples > 16 ? "ResourceCreate.samples" : "ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc,
                  sizeof(rc));
   }
   struct wire_resource_create rs = {{1, 1}, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, 16, 16, 1, 1, 0, 4,
                                     WIRE_RESPECIFY_PRESERVE, 0};
   msaa_expect("ResourceRespecify.templ", WIRE_OP_ResourceRespecify, &rs, sizeof(rs));
   /* sampler views of renderbuffers (revision 12: a single-sampled one reads as TEX_2D, an
    * EGLImage's target texture): the 4x one, the 1x one as a cube map or with a level */
   struct wire_sampler_views rbv = {0, 1, {{{1, 1}, WIRE_TARGET_TEX_2D, {0, 1, 2, 3}, 0, 0, 0, 0, 0}}};
   msaa_expect("SetSamplerViews.view", WIRE_OP_SetSamplerViews, &rbv, sizeof(rbv));
   rbv.v[0].res = (wire_handle){2, 1};
   rbv.v[0].target = WIRE_TARGET_TEX_CUBE;
   msaa_expect("SetSamplerViews.view", WIRE_OP_SetSamplerViews, &rbv, sizeof(rbv));
   rbv.v[0].target = WIRE_TARGET_RENDERBUFFER;
   msaa_expect("SetSamplerViews.view", WIRE_OP_SetSamplerViews, &rbv, sizeof(rbv));
   rbv.v[0].target = WIRE_TARGET_TEX_2D;
   rbv.v[0].first_level = rbv.v[0].last_level = 1;
   msaa_expect("SetSamplerViews.view", WIRE_OP_SetSamplerViews, &rbv, sizeof(rbv));
   {
      struct rig r;
      msaa_rig(&r);
      rbv.v[0].first_level = rbv.v[0].last_level = 0;
      CHECK(put(&r, WIRE_OP_SetSamplerViews, &rbv, sizeof(rbv)));
      CHECK_EQ(r.seg.ctrl->server_state != WIRE_SERVER_FATAL, 1);
      rig_fini(&r);
   }
   /* a framebuffer of 4x colour and single-sampled depth */
   struct wire_framebuffer fb = {16, 16, 1, 0, {{{1, 1}, 0, 0}}, {{3, 1}, 0, 0}};
   msaa_expect("SetFramebuffer.surface", WIRE_OP_SetFramebuffer, &fb, sizeof(fb));
   /* reads and presents name the resolved image, never the multisampled one */
   struct wire_read_pixels rp = {{{1, 1}, 0, 0}, 0, 0, 4, 4};
   msaa_expect("ReadPixels.src", WIRE_OP_ReadPixels, &rp, sizeof(rp));
   struct wire_present pr = {{1, 1}, 1};
   msaa_expect("Present.res", WIRE_OP_Present, &pr, sizeof(pr));
   /* blits: colour into 4x from 1x is GL core's replication (revision 6), its flags other
    * than WIRE_BLIT_F_LINEAR_SRGB are not; a scaled resolve, a resolve between formats, a
    * LINEAR resolve */
   struct wire_blit bt = {.src = {{2, 1}, 0, 0}, .dst = {{1, 1}, 0, 0}, .src_x1 = 16, .src_y1 = 16, .dst_x1 = 16,
                          .dst_y1 = 16, .mask = WIRE_BLIT_COLOR};
   {
      struct rig ok;
      msaa_rig(&ok);
      CHECK(put(&ok, WIRE_OP_Blit, &bt, sizeof(bt)));
      bt.flags = WIRE_BLIT_F_LINEAR_SRGB;
      CHECK(put(&ok, WIRE_OP_Blit, &bt, sizeof(bt)));
      rig_fini(&ok);
   }
   bt.flags = 2;
   msaa_expect("Blit.flags", WIRE_OP_Blit, &bt, sizeof(bt));
   bt.flags = 0;
   fb = (struct wire_framebuffer){16, 16, 1, 4, {{{1, 1}, 0, 0}}, {{0, 0}, 0, 0}};
   msaa_expect("SetFramebuffer.flags", WIRE_OP_SetFramebuffer, &fb, sizeof(fb));
   /* WIRE_FB_LAYERED (revision 8) names only attachments with layers, from layer 0 */
   fb = (struct wire_framebuffer){16, 16, 1, WIRE_FB_LAYERED, {{{1, 1}, 0, 0}}, {{0, 0}, 0, 0}};
   msaa_expect("SetFramebuffer.surface", WIRE_OP_SetFramebuffer, &fb, sizeof(fb));
   bt.src = (struct wire_surface_ref){{1, 1}, 0, 0};
   bt.dst = (struct wire_surface_ref){{2, 1}, 0, 0};
   bt.dst_x1 = 8;
   msaa_expect("Blit.samples", WIRE_OP_Blit, &bt, sizeof(bt));
   bt.dst_x1 = 16;
   bt.dst = (struct wire_surface_ref){{4, 1}, 0, 0};
   msaa_expect("Blit.samples", WIRE_OP_Blit, &bt, sizeof(bt));
   bt.dst = (struct wire_surface_ref){{2, 1}, 0, 0};
   bt.linear = 1;
   msaa_expect("Blit.samples", WIRE_OP_Blit, &bt, sizeof(bt));
   bt.linear = 0;
   /* SetSampleState flags out of range, padding not zero */
   struct wire_sample_state ss = {~0u, 2, 0, {0, 0}};
   msaa_expect("SetSampleState.alpha_to_coverage", WIRE_OP_SetSampleState, &ss, sizeof(ss));
   ss = (struct wire_sample_state){~0u, 0, 1, {0, 1}};
   msaa_expect("SetSampleState.pad", WIRE_OP_SetSampleState, &ss, sizeof(ss));
   /* SetPointState (revision 6): an origin past LOWER_LEFT, padding not zero */
   struct wire_point_state ps = {2, 0};
   msaa_expect("SetPointState.coord_origin", WIRE_OP_SetPointState, &ps, sizeof(ps));
   ps = (struct wire_point_state){WIRE_POINT_ORIGIN_LOWER_LEFT, 1};
   msaa_expect("SetPointState.pad", WIRE_OP_SetPointState, &ps, sizeof(ps));
   /* SetClipState (revision 11): a distance past WIRE_MAX_CLIP_DISTANCES, padding not zero */
   struct wire_clip_state cs = {1u << WIRE_MAX_CLIP_DISTANCES, 0};
   msaa_expect("SetClipState.enable", WIRE_OP_SetClipState, &cs, sizeof(cs));
   cs = (struct wire_clip_state){0x3, 1};
   msaa_expect("SetClipState.pad", WIRE_OP_SetClipState, &cs, sizeof(cs));
   /* Window surfaces (revision 7): the presented image is a single-sampled colour
    * renderbuffer; the display name is NUL-terminated inside its tail; interval 0 or 1. */
   struct {
      struct wire_window_attach a;
      char name[8];
   } wa = {{{2, 1}, 0x400001, 3, 1, 0}, ":0"};
   wa.a.res = (wire_handle){1, 1}; /* 4x */
   msaa_expect("WindowAttach.res", WIRE_OP_WindowAttach, &wa, sizeof(wa));
   wa.a.res = (wire_handle){3, 1}; /* depth-stencil */
   msaa_expect("WindowAttach.res", WIRE_OP_WindowAttach, &wa, sizeof(wa));
   wa.a.res = (wire_handle){2, 1};
   wa.a.display_len = 0;
   msaa_expect("WindowAttach.display_len", WIRE_OP_WindowAttach, &wa, sizeof(wa));
   wa.a.display_len = 2; /* the NUL is not counted */
   msaa_expect("WindowAttach.display_len", WIRE_OP_WindowAttach, &wa, sizeof(wa));
   wa.a.display_len = 9; /* past the tail */
   msaa_expect("WindowAttach.display_len", WIRE_OP_WindowAttach, &wa, sizeof(wa));
   wa.a.display_len = 3;
   wa.a.interval = 2;
   msaa_expect("WindowAttach.interval", WIRE_OP_WindowAttach, &wa, sizeof(wa));
   wa.a.interval = 1;
   wa.a.xid = 0;
   msaa_expect("WindowAttach.xid", WIRE_OP_WindowAttach, &wa, sizeof(wa));
   wa.a.xid = 0x400001;
   struct wire_window_interval wi = {{2, 1}, 2, 0};
   msaa_expect("WindowSetInterval.interval", WIRE_OP_WindowSetInterval, &wi, sizeof(wi));
   wi = (struct wire_window_interval){{1, 1}, 0, 0};
   msaa_expect("WindowSetInterval.res", WIRE_OP_WindowSetInterval, &wi, sizeof(wi));
   /* WindowFramesBack: the same rule for its image (a 4x colour, a depth-stencil, no resource) */
   struct wire_window_frames_back wfb = {{1, 1}};
   msaa_expect("WindowFramesBack.res", WIRE_OP_WindowFramesBack, &wfb, sizeof(wfb));
   wfb.res = (wire_handle){3, 1};
   msaa_expect("WindowFramesBack.res", WIRE_OP_WindowFramesBack, &wfb, sizeof(wfb));
   wfb.res = (wire_handle){9, 1};
   msaa_expect("WindowFramesBack.res", WIRE_OP_WindowFramesBack, &wfb, sizeof(wfb));
   {
      /* A valid attach on a backend without window presentation is refused in the reply,
       * not a protocol error. */
      struct rig ok;
      msaa_rig(&ok);
      CHECK(put(&ok, WIRE_OP_WindowAttach, &wa, sizeof(wa)));
      const struct wire_window_status *st = (const void *)ok.seg.reply;
      CHECK_EQ(st->ok, 0);
      CHECK(strstr(st->why, "cannot present") != NULL);
      wi = (struct wire_window_interval){{2, 1}, 0, 0};
      CHECK(put(&ok, WIRE_OP_WindowSetInterval, &wi, sizeof(wi)));
      /* frames back on a session without a frame sink: not a protocol error */
      wfb.res = (wire_handle){2, 1};
      CHECK(put(&ok, WIRE_OP_WindowFramesBack, &wfb, sizeof(wfb)));
      /* A display elsewhere (a TCP connection the server would open) is refused. */
      struct {
         struct wire_window_attach a;
         char name[16];
      } far = {{{2, 1}, 0x400001, 12, 1, 0}, "example.o:0"};
      CHECK(put(&ok, WIRE_OP_WindowAttach, &far, sizeof(far)));
      CHECK_EQ(st->ok, 0);
      CHECK(strstr(st->why, "not on this machine") != NULL);
      CHECK_EQ(ok.seg.ctrl->server_state != WIRE_SERVER_FATAL, 1);
      rig_fini(&ok);
   }
   /* and what is valid goes through: a 4x framebuffer, the sample state, a resolve */
   struct rig r;
   msaa_rig(&r);
   fb = (struct wire_framebuffer){16, 16, 1, 0, {{{1, 1}, 0, 0}}, {{0, 0}, 0, 0}};
   CHECK(put(&r, WIRE_OP_SetFramebuffer, &fb, sizeof(fb)));
   ss = (struct wire_sample_state){0x3, 1, 1, {0, 0}};
   CHECK(put(&r, WIRE_OP_SetSampleState, &ss, sizeof(ss)));
   ps = (struct wire_point_state){WIRE_POINT_ORIGIN_LOWER_LEFT, 0};
   CHECK(put(&r, WIRE_OP_SetPointState, &ps, sizeof(ps)));
   CHECK(put(&r, WIRE_OP_Blit, &bt, sizeof(bt)));
   CHECK_EQ(r.seg.ctrl->server_state != WIRE_SERVER_FATAL, 1);
   rig_fini(&r);
}

static void
table_cases(void)
{
   struct wire_draw d = {99, 0, 0, 3, 1, 0, {0, 0}, 0, 0};
   expect_fatal("Draw.mode", WIRE_OP_Draw, &d, sizeof(d));
   d.mode = WIRE_PRIM_COUNT; /* one past the adjacency modes (protocol revision 5) */
   expect_fatal("Draw.mode", WIRE_OP_Draw, &d, sizeof(d));
   d = (struct wire_draw){WIRE_PRIM_TRIANGLES, 3, 0, 3, 1, 0, {0, 1}, 0, 0};
   expect_fatal("Draw.index_size", WIRE_OP_Draw, &d, sizeof(d));
   d = (struct wire_draw){WIRE_PRIM_TRIANGLES, 4, 0, 1000, 1, 0, {0, 1}, 0, 0};
   expect_fatal("Draw.index_offset", WIRE_OP_Draw, &d, sizeof(d));
   d = (struct wire_draw){WIRE_PRIM_TRIANGLES, 2, 0, 3, 1, 0, {5, 1}, 0, 0};
   expect_fatal("Draw.index_res", WIRE_OP_Draw, &d, sizeof(d));
   struct wire_destroy ds = {WIRE_KIND_RESOURCE, 0, {0, 7}};
   expect_fatal("Destroy.h", WIRE_OP_Destroy, &ds, sizeof(ds));
   d = (struct wire_draw){WIRE_PRIM_TRIANGLES, 0, 0, 3, 1, 0, {0, 0}, 0, WIRE_DRAW_PRIMITIVE_RESTART};
   expect_fatal("Draw.flags", WIRE_OP_Draw, &d, sizeof(d)); /* restart without indices */
   d = (struct wire_draw){WIRE_PRIM_TRIANGLES, 2, 0, 3, 1, 0, {0, 1}, 0, 0x80};
   expect_fatal("Draw.flags", WIRE_OP_Draw, &d, sizeof(d)); /* unknown flag */
   struct wire_fence_sync fs = {2}; /* fence ids start at 1 and go up by one */
   expect_fatal("FenceSync.id", WIRE_OP_FenceSync, &fs, sizeof(fs));
   fs.id = 0;
   expect_fatal("FenceSync.id", WIRE_OP_FenceSync, &fs, sizeof(fs));
   ds = (struct wire_destroy){WIRE_KIND_COUNT, 0, {0, 1}};
   expect_fatal("Destroy.kind", WIRE_OP_Destroy, &ds, sizeof(ds));
   struct wire_resource_create rc = {{1, 1}, WIRE_TARGET_TEX_2D, WIRE_FMT_R8G8B8A8_UNORM, 64, 64, 1, 1, 9, 0, 0, 0};
   expect_fatal("ResourceCreate.templ", WIRE_OP_ResourceCreate, &rc, sizeof(rc)); /* 9 levels > log2(64)+1 */
   rc = (struct wire_resource_create){{0, 1}, WIRE_TARGET_BUFFER, 0, 16, 1, 1, 1, 0, 0, 0, 0};
   expect_fatal("ResourceCreate.res", WIRE_OP_ResourceCreate, &rc, sizeof(rc)); /* slot is live */
   struct wire_buffer_subdata bs = {{0, 1}, 1000, 0, {0, 100}};
   expect_fatal("BufferSubData.offset", WIRE_OP_BufferSubData, &bs, sizeof(bs));
   bs = (struct wire_buffer_subdata){{0, 1}, 0, 0, {256 * 1024 - 10, 100}};
   expect_fatal("BufferSubData.data", WIRE_OP_BufferSubData, &bs, sizeof(bs));
   struct wire_vertex_buffers vb = {15, 2, {{{0}}}};
   expect_fatal("SetVertexBuffers.count", WIRE_OP_SetVertexBuffers, &vb, sizeof(vb));
   struct wire_uniform_buffers ubs = {34, 5, {{{0}}}};
   expect_fatal("SetUniformBuffers.count", WIRE_OP_SetUniformBuffers, &ubs, sizeof(ubs));
   ubs = (struct wire_uniform_buffers){0, 1, {{{5, 1}, 0, 16}}};
   expect_fatal("SetUniformBuffers.ub.res", WIRE_OP_SetUniformBuffers, &ubs, sizeof(ubs)); /* no such buffer */
   ubs = (struct wire_uniform_buffers){0, 1, {{{0, 1}, 0x90000000u, 16}}};
   expect_fatal("SetUniformBuffers.ub.offset", WIRE_OP_SetUniformBuffers, &ubs, sizeof(ubs));
   ubs = (struct wire_uniform_buffers){3, 1, {{{1, 1}, 0, 0}}};
   expect_fatal_after_texture("SetUniformBuffers.range", WIRE_OP_SetUniformBuffers, &ubs, sizeof(ubs)); /* a texture */
   struct wire_bind_cso bc = {WIRE_CSO_COUNT, 0, {0, 0}};
   expect_fatal("BindCso.slot", WIRE_OP_BindCso, &bc, sizeof(bc));
   bc = (struct wire_bind_cso){WIRE_CSO_BLEND, 0, {3, 3}};
   expect_fatal("BindCso.cso", WIRE_OP_BindCso, &bc, sizeof(bc));
   struct wire_read_pixels rp = {{{1, 1}, 0, 0}, 0, 0, 4096, 4096};
   expect_fatal_after_texture("ReadPixels.size", WIRE_OP_ReadPixels, &rp, sizeof(rp));
   rp = (struct wire_read_pixels){{{0, 1}, 0, 0}, 0, 0, 4, 4};
   expect_fatal("ReadPixels.src", WIRE_OP_ReadPixels, &rp, sizeof(rp)); /* a buffer */
   /* ReadPixelsToBuffer (revision 7) into the 1 KiB buffer {0, 1}: the shape is checked whole
    * before anything is read */
   struct wire_read_to_buffer rb = {{{{1, 1}, 0, 0}, 0, 0, 4, 4}, {0, 1}, 0, 16};
   expect_fatal("ReadPixelsToBuffer.src.src.res", WIRE_OP_ReadPixelsToBuffer, &rb, sizeof(rb)); /* no texture */
   rb.src.src.res = (wire_handle){0, 1};
   expect_fatal("ReadPixelsToBuffer.src", WIRE_OP_ReadPixelsToBuffer, &rb, sizeof(rb)); /* a buffer */
   rb = (struct wire_read_to_buffer){{{{1, 1}, 0, 0}, 0, 0, 4, 4}, {1, 1}, 0, 16};
   expect_fatal_after_texture("ReadPixelsToBuffer.dst", WIRE_OP_ReadPixelsToBuffer, &rb, sizeof(rb)); /* a texture */
   rb = (struct wire_read_to_buffer){{{{1, 1}, 0, 0}, 0, 0, 4, 4}, {0, 1}, 0, 15};
   expect_fatal_after_texture("ReadPixelsToBuffer.shape", WIRE_OP_ReadPixelsToBuffer, &rb, sizeof(rb)); /* rows overlap */
   rb = (struct wire_read_to_buffer){{{{1, 1}, 0, 0}, 0, 0, 4, 4}, {0, 1}, 1024 - 63, 16};
   expect_fatal_after_texture("ReadPixelsToBuffer.shape", WIRE_OP_ReadPixelsToBuffer, &rb, sizeof(rb)); /* one past */
   rb = (struct wire_read_to_buffer){{{{1, 1}, 0, 0}, 0, 0, 2, 4}, {0, 1}, 0, 0xFFFFFFF0u};
   expect_fatal_after_texture("ReadPixelsToBuffer.shape", WIRE_OP_ReadPixelsToBuffer, &rb, sizeof(rb)); /* wraps */
   rb = (struct wire_read_to_buffer){{{{1, 1}, 0, 0}, 0, 0, 4096, 4096}, {0, 1}, 0, 16384};
   expect_fatal_after_texture("ReadPixelsToBuffer.shape", WIRE_OP_ReadPixelsToBuffer, &rb, sizeof(rb)); /* > slot */
   struct wire_blit bt = {.src = {{0, 1}, 0, 0}, .dst = {{0, 1}, 0, 0}, .mask = WIRE_BLIT_COLOR};
   expect_fatal("Blit.src", WIRE_OP_Blit, &bt, sizeof(bt)); /* a buffer */
   bt.src = bt.dst = (struct wire_surface_ref){{1, 1}, 0, 0};
   bt.dst.level = 5;
   expect_fatal_after_texture("Blit.dst", WIRE_OP_Blit, &bt, sizeof(bt)); /* past the last level */
   bt.dst.level = 0;
   bt.mask = WIRE_BLIT_COLOR | WIRE_BLIT_DEPTH;
   expect_fatal_after_texture("Blit.mask", WIRE_OP_Blit, &bt, sizeof(bt));
   bt.mask = WIRE_BLIT_DEPTH;
   expect_fatal_after_texture("Blit.format", WIRE_OP_Blit, &bt, sizeof(bt)); /* depth of a colour texture */
   bt.mask = WIRE_BLIT_COLOR;
   bt.linear = 2;
   expect_fatal_after_texture("Blit.linear", WIRE_OP_Blit, &bt, sizeof(bt));
   bt.linear = 0;
   bt.scissor_enable = 1;
   bt.scissor.width = -1;
   expect_fatal_after_texture("Blit.scissor.width", WIRE_OP_Blit, &bt, sizeof(bt));
   struct wire_present pr = {{0, 1}, 5};
   expect_fatal("Present.frame_serial", WIRE_OP_Present, &pr, sizeof(pr));
   struct wire_program_create pc = {{0, 1}, {0, 64}};
   expect_fatal("ProgramCreate.blob", WIRE_OP_ProgramCreate, &pc, sizeof(pc)); /* zeros: no blob */
   struct wire_viewport vp = {0, 0, -5, 10, 0, 1};
   expect_fatal("SetViewport.width", WIRE_OP_SetViewport, &vp, sizeof(vp));
   struct wire_constant_buffer cb = {0, 4096};
   expect_fatal("SetConstantBuffer.size", WIRE_OP_SetConstantBuffer, &cb, sizeof(cb));
   struct wire_blend_state bl = {.cso = {0, 1}, .rt = {{2, 0, 0, 0, 0, 0, 0, 0xf}}};
   expect_fatal("BlendCreate.rt.blend_enable", WIRE_OP_BlendCreate, &bl, sizeof(bl));
   bl = (struct wire_blend_state){.cso = {0, 1}, .logic_op_enable = 1, .logic_op = 16, .rt = {{0, 0, 0, 0, 0, 0, 0, 0xf}}};
   expect_fatal("BlendCreate.logic_op", WIRE_OP_BlendCreate, &bl, sizeof(bl)); /* logic op 16 */
   /* revision 15: the SRC1 factors only where the device blends with two sources (the fake
    * device does not); past the last factor, never */
   bl = (struct wire_blend_state){.cso = {0, 1}, .rt = {{1, 0, WIRE_BF_ONE, WIRE_BF_ONE_MINUS_SRC1_COLOR, 0, 1, 0, 0xf}}};
   expect_fatal("BlendCreate.state", WIRE_OP_BlendCreate, &bl, sizeof(bl));
   bl.rt[0].rgb_dst = WIRE_BF_ONE_MINUS_SRC1_ALPHA + 1;
   expect_fatal("BlendCreate.rt.rgb_dst", WIRE_OP_BlendCreate, &bl, sizeof(bl));
   struct wire_rast_state rs = {.cso = {0, 1}, .front_ccw = 1, .polygon_mode = 3, .line_width = 1, .point_size = 1};
   expect_fatal("RasterizerCreate.polygon_mode", WIRE_OP_RasterizerCreate, &rs, sizeof(rs)); /* polygon mode 3 */
   rs.polygon_mode = 0;
   rs.offset_modes = 8;
   expect_fatal("RasterizerCreate.offset_modes", WIRE_OP_RasterizerCreate, &rs, sizeof(rs));
   struct wire_empty e = {1};
   expect_fatal("Finish.reserved", WIRE_OP_Finish, &e, sizeof(e));
}

static void
shape_cases(void)
{
   struct rig r;
   /* unknown op */
   rig_init(&r);
   uint8_t zero[64] = {0};
   CHECK(!put(&r, 999, zero, 16));
   CHECK(strstr(fatal(&r), "Record.op") != NULL);
   rig_fini(&r);
   /* sequence gap */
   rig_init(&r);
   CHECK(!put_raw(&r, WIRE_OP_Flush, 32, 5, zero, 8));
   CHECK(strstr(fatal(&r), "Record.seq") != NULL);
   rig_fini(&r);
   /* size beyond what was published */
   rig_init(&r);
   CHECK(!put_raw(&r, WIRE_OP_Flush, 4096, 1, zero, 8));
   CHECK(strstr(fatal(&r), "Record.size") != NULL);
   rig_fini(&r);
   /* payload shorter than the op's struct */
   rig_init(&r);
   CHECK(!put_raw(&r, WIRE_OP_Draw, 32, 1, zero, 16));
   CHECK(strstr(fatal(&r), "Draw.size") != NULL);
   rig_fini(&r);
   /* a context op with no current context */
   rig_init(&r);
   struct wire_draw d = {0, 0, 0, 3, 1, 0, {0, 0}, 0, 0};
   CHECK(!put(&r, WIRE_OP_Draw, &d, sizeof(d)));
   CHECK(strstr(fatal(&r), "Draw.context") != NULL);
   rig_fini(&r);
}

/* ---- regression cases from the server review ------------------------------------------- */

static void
review_cases(void)
{
   /* GL's first / count / instancecount are never negative: past INT32_MAX is not GL. */
   struct wire_draw d = {WIRE_PRIM_TRIANGLES, 0, 0, 0x80000000u, 1, 0, {0, 0}, 0, 0};
   expect_fatal("Draw.count", WIRE_OP_Draw, &d, sizeof(d));
   d = (struct wire_draw){WIRE_PRIM_POINTS, 0, 0, 3, 0xffffffffu, 0, {0, 0}, 0, 0};
   expect_fatal("Draw.instance_count", WIRE_OP_Draw, &d, sizeof(d));
   d = (struct wire_draw){WIRE_PRIM_LINE_LOOP, 0, 0xfffffff0u, 0x7fffffffu, 1, 0, {0, 0}, 0, 0};
   expect_fatal("Draw.start", WIRE_OP_Draw, &d, sizeof(d));

   /* A tail op whose record is larger than payload + WIRE_MAX_TAIL: the body used to be copied
    * into the fixed-size scratch buffer whatever the ring allowed (heap overflow; ASan). */
   struct rig r;
   rig_init_sized(&r, 1024 * 1024, 64 * 1024);
   setup_ctx(&r);
   uint32_t body = (uint32_t)sizeof(struct wire_constant_buffer) + WIRE_MAX_TAIL + 64 * 1024;
   uint8_t *big = calloc(1, body);
   struct wire_constant_buffer cb = {0, 16};
   memcpy(big, &cb, sizeof(cb));
   CHECK(!put(&r, WIRE_OP_SetConstantBuffer, big, body));
   CHECK(strstr(fatal(&r), "SetConstantBuffer.size") != NULL);
   free(big);
   rig_fini(&r);
   /* ... while the largest legal tail still passes the shape check. */
   rig_init_sized(&r, 1024 * 1024, 64 * 1024);
   setup_ctx(&r);
   body = (uint32_t)sizeof(struct wire_program_bindings) + WIRE_MAX_TAIL;
   big = calloc(1, body);
   struct wire_program_bindings pb = {{0, 9}, 0, 0};
   memcpy(big, &pb, sizeof(pb));
   CHECK(!put(&r, WIRE_OP_SetProgramBindings, big, body));
   CHECK(strstr(fatal(&r), "SetProgramBindings.program") != NULL); /* reached the handler */
   free(big);
   rig_fini(&r);
}

static bool
idle_gone(void *user)
{
   (*(int *)user)++;
   return false; /* the client is gone */
}

static void
event_cases(void)
{
   /* The server's event head is its own: a client that scribbles ctrl->event_head cannot move
    * where the next event is written. */
   struct rig r;
   rig_init(&r);
   r.seg.ctrl->event_head = 0xfffffffffff0ull;
   srv_post_event(r.s, WIRE_EVENT_GL_ERROR, 0x505, 0, NULL);
   const struct wire_event *ev = (const struct wire_event *)r.seg.events;
   CHECK_EQ(ev->kind, WIRE_EVENT_GL_ERROR);
   CHECK_EQ(ev->a, 0x505);
   CHECK_EQ(r.seg.ctrl->event_head, sizeof(struct wire_event));
   rig_fini(&r);

   /* A full event ring with a client that never drains and has gone away: the server parks,
    * asks the idle hook, and ends the session instead of parking forever. */
   rig_init(&r);
   int asked = 0;
   srv_session_set_may_park(r.s, true);
   r.s->idle = idle_gone;
   r.s->idle_user = &asked;
   for (uint32_t i = 0; i <= WIRE_EVENT_RING_SIZE / sizeof(struct wire_event) && !r.s->ended; i++)
      srv_post_event(r.s, WIRE_EVENT_GL_ERROR, 0x505, 0, NULL);
   CHECK(r.s->ended);
   CHECK_EQ(asked, 1);
   CHECK(!srv_session_pump(r.s));
   rig_fini(&r);
}

/* ---- program blobs: the modules' interface must match the layout the server builds -------- */

static const char *vs_src = "#version 300 es\nin vec4 pos; out vec2 uv;\n"
                            "void main() { uv = pos.xy; gl_Position = pos; }\n";
static const char *fs_src = "#version 300 es\nprecision mediump float; in vec2 uv; out vec4 c;\n"
                            "uniform sampler2D tex; uniform vec4 tint;\n"
                            "void main() { c = texture(tex, uv) * tint; }\n";

static void *
link_blob_opts(size_t *size, const struct spv_link_options *opts)
{
   struct spv_shader *sh[2] = {spv_compile(SPV_STAGE_VERTEX, SPV_API_GLES, vs_src),
                               spv_compile(SPV_STAGE_FRAGMENT, SPV_API_GLES, fs_src)};
   void *blob = NULL;
   char *log = NULL;
   bool ok = spv_shader_ok(sh[0]) && spv_shader_ok(sh[1]) && spv_link(sh, 2, opts, &blob, size, &log);
   if (!ok)
      fprintf(stderr, "link: %s\n", log ? log : "(compile failed)");
   spv_shader_free(sh[0]);
   spv_shader_free(sh[1]);
   free(log);
   return ok ? blob : NULL;
}

static void *
link_blob(size_t *size)
{
   return link_blob_opts(size, NULL);
}

/* The SPIR-V words of `stage` inside a blob (section kind 16 + stage). */
static uint32_t *
blob_spirv(uint8_t *blob, uint32_t stage, uint32_t *count)
{
   uint32_t n;
   memcpy(&n, blob + 12, 4);
   for (uint32_t i = 0; i < n; i++) {
      uint32_t e[3];
      memcpy(e, blob + 16 + 12 * i, 12);
      if (e[0] == 16 + stage) {
         *count = e[2] / 4;
         return (uint32_t *)(blob + e[1]);
      }
   }
   return NULL;
}

/* Finds instruction `op` in a module whose word `at` equals `value` (at 0: any). */
static uint32_t *
find_inst(uint32_t *w, uint32_t count, uint32_t op, uint32_t at, uint32_t value)
{
   for (uint32_t i = 5; i < count && (w[i] >> 16); i += w[i] >> 16)
      if ((w[i] & 0xffff) == op && (!at || (at < (w[i] >> 16) && w[i + at] == value)))
         return &w[i];
   return NULL;
}

/* Sends ProgramCreate with `blob` staged; returns whether the session lives on. */
static bool
send_program(const void *blob, size_t size, struct rig *r)
{
   rig_init(r);
   setup_ctx(r);
   memcpy(r->seg.staging, blob, size);
   struct wire_program_create pc = {{0, 1}, {0, (uint32_t)size}};
   return put(r, WIRE_OP_ProgramCreate, &pc, sizeof(pc));
}

static void
expect_program_refused(const uint8_t *blob, size_t size, const char *what)
{
   struct rig r;
   bool alive = send_program(blob, size, &r);
   if (alive || !strstr(fatal(&r), "ProgramCreate.blob")) {
      fprintf(stderr, "%s: want ProgramCreate.blob, got '%s'\n", what, fatal(&r));
      CHECK(0);
   }
   rig_fini(&r);
}

static void
program_cases(void)
{
   size_t size = 0;
   uint8_t *good = link_blob(&size);
   CHECK(good != NULL);
   if (!good)
      return;
   struct rig r;
   CHECK(send_program(good, size, &r)); /* the untouched blob is accepted */
   /* block bindings for a program without uniform blocks */
   uint32_t pbody[8] = {0};
   struct wire_program_bindings pb = {{0, 1}, 1, 1};
   memcpy(pbody, &pb, sizeof(pb));
   CHECK(!put(&r, WIRE_OP_SetProgramBindings, pbody, sizeof(pb) + 8));
   CHECK(strstr(fatal(&r), "SetProgramBindings.block_count") != NULL);
   rig_fini(&r);
   uint8_t *b = malloc(size);
   uint32_t count, *w, *i;

   /* The sampler's Binding decoration moved off the layout's binding: the driver would index
    * its descriptor table out of bounds. */
   memcpy(b, good, size);
   w = blob_spirv(b, SPV_STAGE_FRAGMENT, &count);
   i = w ? find_inst(w, count, 71 /* OpDecorate */, 3, 1 /* SPV_BINDING_SAMPLER_BASE */) : NULL;
   CHECK(i && i[2] == 33 /* Binding */);
   if (i) {
      i[3] = 7;
      expect_program_refused(b, size, "sampler binding");
   }
   /* Each interface Location moved past the device's limits (found by fuzz_records_magma:
    * lavapipe wrote past its stack for a fragment Location of 0x210000, which the SPIR-V
    * validator accepts). */
   for (uint32_t st = 0; st < 2; st++) {
      for (uint32_t k = 0;; k++) {
         memcpy(b, good, size);
         w = blob_spirv(b, st, &count);
         i = NULL;
         for (uint32_t j = 0, at = 5; w && at < count && (w[at] >> 16); at += w[at] >> 16)
            if ((w[at] & 0xffff) == 71 /* OpDecorate */ && (w[at] >> 16) >= 4 && w[at + 2] == 30 /* Location */ &&
                j++ == k)
               i = &w[at];
         if (!i)
            break;
         i[3] = 0x210000;
         expect_program_refused(b, size, "interface Location");
         CHECK(k < 8);
         if (k >= 8)
            break;
      }
   }
   /* A raw-pointer capability: shaders in the server process must not address memory. */
   memcpy(b, good, size);
   w = blob_spirv(b, SPV_STAGE_VERTEX, &count);
   i = w ? find_inst(w, count, 17 /* OpCapability */, 1, 1 /* Shader */) : NULL;
   CHECK(i != NULL);
   if (i) {
      i[1] = 5347; /* PhysicalStorageBufferAddresses */
      expect_program_refused(b, size, "capability");
   }
   /* No "main" entry point of the stage's execution model. */
   memcpy(b, good, size);
   w = blob_spirv(b, SPV_STAGE_FRAGMENT, &count);
   i = w ? find_inst(w, count, 15 /* OpEntryPoint */, 0, 0) : NULL;
   CHECK(i != NULL);
   if (i) {
      i[1] = 0; /* Vertex */
      expect_program_refused(b, size, "entry point");
   }
   /* Structurally sound but invalid SPIR-V (an id bound below the ids in use): the
    * SPIRV-Tools validator refuses it before the driver sees it. */
   memcpy(b, good, size);
   w = blob_spirv(b, SPV_STAGE_VERTEX, &count);
   if (w) {
      w[3] = 6;
      expect_program_refused(b, size, "id bound");
   }
   /* The sampler record names another binding than the layout's (spv_layout.h). */
   memcpy(b, good, size);
   uint32_t n;
   memcpy(&n, b + 12, 4);
   for (uint32_t k = 0; k < n; k++) {
      uint32_t e[3];
      memcpy(e, b + 16 + 12 * k, 12);
      if (e[0] == 4 /* SAMPLERS */ && e[2] >= 4) {
         uint32_t binding = 2;
         memcpy(b + e[1], &binding, 4);
         expect_program_refused(b, size, "sampler record binding");
      }
   }
   free(b);
   free(good);

   /* Transform feedback: decorations that disagree with the blob's XFB section would make the
    * driver capture into buffers / offsets nobody bound. */
   static const char *const names[] = {"uv", "gl_Position"};
   struct spv_link_options xo = {.xfb_varyings = names, .xfb_varying_count = 2, .xfb_separate = true};
   good = link_blob_opts(&size, &xo);
   CHECK(good != NULL);
   if (!good)
      return;
   CHECK(send_program(good, size, &r));
   rig_fini(&r);
   b = malloc(size);
   static const struct { uint32_t dec, value; const char *what; } bad[] = {
      {36 /* XfbBuffer */, 3, "capture into a buffer without a stride"},
      {37 /* XfbStride */, 12, "a stride other than the section's"},
      {35 /* Offset */, 16, "an offset past the stride"},
      {35 /* Offset */, 2, "an unaligned offset"},
   };
   for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
      memcpy(b, good, size);
      w = blob_spirv(b, SPV_STAGE_VERTEX, &count);
      i = w ? find_inst(w, count, 71 /* OpDecorate */, 2, bad[k].dec) : NULL;
      CHECK(i != NULL);
      if (i) {
         i[3] = bad[k].value;
         expect_program_refused(b, size, bad[k].what);
      }
   }
   /* The Xfb execution mode without an XFB section (the section's kind renamed away). */
   memcpy(b, good, size);
   w = blob_spirv(b, SPV_STAGE_VERTEX, &count);
   i = w ? find_inst(w, count, 16 /* OpExecutionMode */, 2, 11 /* Xfb */) : NULL;
   CHECK(i != NULL);
   if (i) {
      i[2] = 11;
      memcpy(&n, b + 12, 4);
      for (uint32_t k = 0; k < n; k++) {
         uint32_t e[3];
         memcpy(e, b + 16 + 12 * k, 12);
         if (e[0] == 8 /* XFB */) {
            uint32_t zero[6] = {0};
            memcpy(b + e[1], zero, sizeof(zero)); /* count 0: malformed section */
         }
      }
      expect_program_refused(b, size, "XFB section emptied");
   }
   free(b);
   free(good);
}

/* EXT_clip_cull_distance programs (revision 13): the fake device has shaderClipDistance (8)
 * and no shaderCullDistance, so a program whose vertex stage declares the CullDistance
 * capability is refused; one with clip distances only is accepted. */
static void
cull_distance_cases(void)
{
   static const char *fs = "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   static const char *vs[2] = {
      "#version 300 es\n#extension GL_EXT_clip_cull_distance : enable\nin vec4 p;\n"
      "void main() { gl_Position = p; gl_ClipDistance[0] = p.x; }\n",
      "#version 300 es\n#extension GL_EXT_clip_cull_distance : enable\nin vec4 p;\n"
      "void main() { gl_Position = p; gl_CullDistance[0] = p.x; }\n",
   };
   const struct spv_limits lim = {.max_clip_distances = 8, .max_cull_distances = 8, .max_combined_clip_and_cull_distances = 8};
   for (int k = 0; k < 2; k++) {
      struct spv_shader *sh[2] = {spv_compile_limits(SPV_STAGE_VERTEX, SPV_API_GLES, vs[k], &lim),
                                  spv_compile_limits(SPV_STAGE_FRAGMENT, SPV_API_GLES, fs, &lim)};
      void *blob = NULL;
      size_t size = 0;
      char *log = NULL;
      bool ok = spv_link(sh, 2, NULL, &blob, &size, &log);
      if (!ok)
         fprintf(stderr, "clip / cull link: %s\n", log ? log : "");
      CHECK(ok);
      for (int s = 0; s < 2; s++)
         spv_shader_free(sh[s]);
      free(log);
      if (!ok)
         continue;
      if (k == 0) {
         struct rig r;
         CHECK(send_program(blob, size, &r));
         rig_fini(&r);
      } else {
         expect_program_refused(blob, size, "CullDistance without shaderCullDistance");
      }
      free(blob);
   }
}

/* Programs with a geometry stage: accepted as linked; refused when the stage is where the
 * INFO section says there is none, of another execution model, or past the device's
 * OutputVertices (the fake device: 256). */
static void
geometry_cases(void)
{
   static const char *vs = "#version 150 core\nin vec4 pos; out vec4 v; void main() { v = pos; gl_Position = pos; }\n";
   static const char *gs = "#version 150 core\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
                           "in vec4 v[]; out vec4 g; uniform float k;\n"
                           "void main() { for (int i = 0; i < 3; i++) { g = v[i] * k; gl_Position = gl_in[i].gl_Position; "
                           "EmitVertex(); } }\n";
   static const char *fs = "#version 150 core\nin vec4 g; out vec4 o; void main() { o = g; }\n";
   struct spv_shader *sh[3] = {spv_compile(SPV_STAGE_VERTEX, SPV_API_GL, vs), spv_compile(SPV_STAGE_GEOMETRY, SPV_API_GL, gs),
                               spv_compile(SPV_STAGE_FRAGMENT, SPV_API_GL, fs)};
   void *blob = NULL;
   size_t size = 0;
   char *log = NULL;
   bool ok = spv_link(sh, 3, NULL, &blob, &size, &log);
   if (!ok)
      fprintf(stderr, "geometry link: %s\n", log ? log : "");
   CHECK(ok);
   for (int s = 0; s < 3; s++)
      spv_shader_free(sh[s]);
   free(log);
   if (!ok)
      return;
   struct rig r;
   CHECK(send_program(blob, size, &r));
   rig_fini(&r);
   uint8_t *b = malloc(size);
   uint32_t count, n, *w, *i;
   /* The INFO section's stage mask without the geometry bit (and without it in the default
    * block's mask): a geometry module in a program that has none. */
   memcpy(b, blob, size);
   memcpy(&n, b + 12, 4);
   for (uint32_t k = 0; k < n; k++) {
      uint32_t e[3], mask;
      memcpy(e, b + 16 + 12 * k, 12);
      if (e[0] != 1 /* INFO */)
         continue;
      for (int f = 0; f < 3; f += 2) { /* stage_mask, default_block_stage_mask */
         memcpy(&mask, b + e[1] + 4 * f, 4);
         mask &= ~(1u << SPV_STAGE_GEOMETRY);
         memcpy(b + e[1] + 4 * f, &mask, 4);
      }
   }
   expect_program_refused(b, size, "geometry SPIR-V without the stage bit");
   {  /* A fragment shader alone links (desktop GL, for its queries) but never goes to the
       * server, which needs a vertex stage: such a blob is refused. */
      struct spv_shader *f = spv_compile(SPV_STAGE_FRAGMENT, SPV_API_GL, fs);
      void *fblob = NULL;
      size_t fsize = 0;
      char *flog = NULL;
      CHECK(spv_link(&f, 1, NULL, &fblob, &fsize, &flog));
      if (fblob)
         expect_program_refused(fblob, fsize, "program without a vertex stage");
      free(fblob);
      free(flog);
      spv_shader_free(f);
   }
   /* The geometry module's entry point as ExecutionModel Vertex (0). */
   memcpy(b, blob, size);
   w = blob_spirv(b, SPV_STAGE_GEOMETRY, &count);
   i = w ? find_inst(w, count, 15 /* OpEntryPoint */, 1, 3 /* Geometry */) : NULL;
   CHECK(i != NULL);
   if (i) {
      i[1] = 0;
      expect_program_refused(b, size, "geometry module of the vertex model");
   }
   /* OutputVertices 512: valid for the parser (<= 1024), beyond the device's 256. */
   memcpy(b, blob, size);
   w = blob_spirv(b, SPV_STAGE_GEOMETRY, &count);
   i = w ? find_inst(w, count, 16 /* OpExecutionMode */, 2, 26 /* OutputVertices */) : NULL;
   CHECK(i != NULL);
   if (i) {
      i[3] = 512;
      expect_program_refused(b, size, "max_vertices past the device");
   }
   free(b);
   free(blob);
}

/* Random records: random op, random payload bytes, sometimes valid handles. Never a crash,
 * never an out-of-bounds read (run under ASan in the sanitizer build). */
static void
fuzz(unsigned iterations)
{
   srand(1234);
   unsigned fatal_count = 0;
   for (unsigned it = 0; it < iterations; it++) {
      struct rig r;
      rig_init(&r);
      setup_ctx(&r);
      for (int n = 0; n < 20; n++) {
         uint8_t body[2048];
         for (unsigned i = 0; i < sizeof(body); i++)
            body[i] = (uint8_t)(rand() % 4 == 0 ? rand() : (rand() % 3));
         uint16_t op = (uint16_t)(rand() % (WIRE_OP_LIMIT + 2));
         uint32_t size = (uint32_t)(rand() % 1024);
         if (!put(&r, op, body, size)) {
            fatal_count++;
            break;
         }
      }
      rig_fini(&r);
   }
   CHECK(fatal_count > iterations / 2); /* most random streams are refused */
}

/* Stream output and queries: one table row = records that are fine, then the bad one. */
struct seq_rec {
   uint16_t op;
   uint8_t body[64];
   uint32_t size;
};

static void
expect_fatal_seq(const char *site, const struct seq_rec *recs, unsigned n)
{
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   for (unsigned i = 0; i + 1 < n; i++)
      CHECK(put(&r, recs[i].op, recs[i].body, recs[i].size));
   CHECK(!put(&r, recs[n - 1].op, recs[n - 1].body, recs[n - 1].size));
   char want[128];
   snprintf(want, sizeof(want), "ProtocolCorruption \"%s\"", site);
   if (!strstr(fatal(&r), want)) {
      fprintf(stderr, "want %s, got '%s'\n", want, fatal(&r));
      CHECK(0);
   }
   rig_fini(&r);
}

static struct seq_rec
rec(uint16_t op, const void *p, uint32_t size)
{
   struct seq_rec r = {op, {0}, size};
   memcpy(r.body, p, size);
   return r;
}

static void
xfb_query_cases(void)
{
   /* setup_ctx made buffer {0,1} of 1024 bytes */
   struct wire_so_target_create so = {{0, 1}, {5, 1}, 0, 16};
   expect_fatal("SoTargetCreate.res", WIRE_OP_SoTargetCreate, &so, sizeof(so));
   so = (struct wire_so_target_create){{0, 1}, {0, 1}, 2, 16};
   expect_fatal("SoTargetCreate.range", WIRE_OP_SoTargetCreate, &so, sizeof(so));
   so = (struct wire_so_target_create){{0, 1}, {0, 1}, 1020, 8};
   expect_fatal("SoTargetCreate.range", WIRE_OP_SoTargetCreate, &so, sizeof(so));
   so = (struct wire_so_target_create){{0, 1}, {0, 1}, 0, 0};
   expect_fatal("SoTargetCreate.size", WIRE_OP_SoTargetCreate, &so, sizeof(so));
   so = (struct wire_so_target_create){{0, 1}, {0, 1}, 0, 16};
   struct seq_rec twice[] = {rec(WIRE_OP_SoTargetCreate, &so, sizeof(so)), rec(WIRE_OP_SoTargetCreate, &so, sizeof(so))};
   expect_fatal_seq("SoTargetCreate.so", twice, 2);

   struct wire_so_targets st = {5, 0, {{0}}};
   expect_fatal("SetSoTargets.count", WIRE_OP_SetSoTargets, &st, sizeof(st));
   st = (struct wire_so_targets){1, 2, {{0}}};
   expect_fatal("SetSoTargets.count", WIRE_OP_SetSoTargets, &st, sizeof(st));
   st = (struct wire_so_targets){1, 0, {{3, 1}}};
   expect_fatal("SetSoTargets.so", WIRE_OP_SetSoTargets, &st, sizeof(st)); /* unknown target */
   st = (struct wire_so_targets){2, 0, {{0, 1}, {0, 1}}};
   struct seq_rec dup[] = {rec(WIRE_OP_SoTargetCreate, &so, sizeof(so)), rec(WIRE_OP_SetSoTargets, &st, sizeof(st))};
   expect_fatal_seq("SetSoTargets.so", dup, 2); /* one target bound twice */
   st = (struct wire_so_targets){1, 0, {{0, 1}, {0, 1}}};
   dup[1] = rec(WIRE_OP_SetSoTargets, &st, sizeof(st));
   expect_fatal_seq("SetSoTargets.so", dup, 2); /* a target past count */

   struct wire_query_create qc = {{0, 1}, WIRE_QUERY_COUNT, 0};
   expect_fatal("QueryCreate.type", WIRE_OP_QueryCreate, &qc, sizeof(qc));
   qc = (struct wire_query_create){{0, 1}, WIRE_QUERY_OCCLUSION_PREDICATE, 7};
   expect_fatal("QueryCreate.pad", WIRE_OP_QueryCreate, &qc, sizeof(qc));
   struct wire_query_op qo = {{9, 1}};
   expect_fatal("QueryBegin.q", WIRE_OP_QueryBegin, &qo, sizeof(qo));
   qc = (struct wire_query_create){{0, 1}, WIRE_QUERY_OCCLUSION_PREDICATE, 0};
   struct wire_query_create qc2 = {{1, 1}, WIRE_QUERY_OCCLUSION_PREDICATE, 0};
   struct wire_query_create ts = {{2, 1}, WIRE_QUERY_TIMESTAMP, 0};
   struct wire_query_op q0 = {{0, 1}}, q1 = {{1, 1}}, q2 = {{2, 1}};
   struct wire_query_result qr = {{0, 1}, 0, 0};
   struct seq_rec end_idle[] = {rec(WIRE_OP_QueryCreate, &qc, sizeof(qc)), rec(WIRE_OP_QueryEnd, &q0, sizeof(q0))};
   expect_fatal_seq("QueryEnd.q", end_idle, 2);
   struct seq_rec begin_twice[] = {rec(WIRE_OP_QueryCreate, &qc, sizeof(qc)), rec(WIRE_OP_QueryBegin, &q0, sizeof(q0)),
                                   rec(WIRE_OP_QueryBegin, &q0, sizeof(q0))};
   expect_fatal_seq("QueryBegin.q", begin_twice, 3);
   struct seq_rec same_type[] = {rec(WIRE_OP_QueryCreate, &qc, sizeof(qc)), rec(WIRE_OP_QueryCreate, &qc2, sizeof(qc2)),
                                 rec(WIRE_OP_QueryBegin, &q0, sizeof(q0)), rec(WIRE_OP_QueryBegin, &q1, sizeof(q1))};
   expect_fatal_seq("QueryBegin.q", same_type, 4); /* two active queries of one type */
   struct seq_rec result_active[] = {rec(WIRE_OP_QueryCreate, &qc, sizeof(qc)), rec(WIRE_OP_QueryBegin, &q0, sizeof(q0)),
                                     rec(WIRE_OP_QueryResult, &qr, sizeof(qr))};
   expect_fatal_seq("QueryResult.q", result_active, 3);
   struct seq_rec counter[] = {rec(WIRE_OP_QueryCreate, &qc, sizeof(qc)), rec(WIRE_OP_QueryCounter, &q0, sizeof(q0))};
   expect_fatal_seq("QueryCounter.q", counter, 2);
   struct seq_rec begin_ts[] = {rec(WIRE_OP_QueryCreate, &ts, sizeof(ts)), rec(WIRE_OP_QueryBegin, &q2, sizeof(q2))};
   expect_fatal_seq("QueryBegin.q", begin_ts, 2);
   qr.wait = 2;
   struct seq_rec bad_wait[] = {rec(WIRE_OP_QueryCreate, &qc, sizeof(qc)), rec(WIRE_OP_QueryResult, &qr, sizeof(qr))};
   expect_fatal_seq("QueryResult.wait", bad_wait, 2);
   struct wire_empty e = {3};
   expect_fatal("GetTimestamp.reserved", WIRE_OP_GetTimestamp, &e, sizeof(e));
   expect_fatal("QueryDevices.reserved", WIRE_OP_QueryDevices, &e, sizeof(e));

   struct wire_buffer_read br = {{0, 1}, 1000, 100};
   expect_fatal("BufferRead.size", WIRE_OP_BufferRead, &br, sizeof(br));
   br = (struct wire_buffer_read){{4, 1}, 0, 4};
   expect_fatal("BufferRead.res", WIRE_OP_BufferRead, &br, sizeof(br));
   br = (struct wire_buffer_read){{0, 1}, 1000, 100};
   expect_fatal("BufferWriteback.size", WIRE_OP_BufferWriteback, &br, sizeof(br));
   br = (struct wire_buffer_read){{4, 1}, 0, 4};
   expect_fatal("BufferWriteback.res", WIRE_OP_BufferWriteback, &br, sizeof(br));

   /* Good sequences reach the backend and clean up: a target, a query, destroyed while bound
    * / active. */
   struct rig r;
   rig_init(&r);
   setup_ctx(&r);
   struct fake_backend *fb = (struct fake_backend *)r.s->be;
   CHECK(put(&r, WIRE_OP_SoTargetCreate, &so, sizeof(so)));
   st = (struct wire_so_targets){1, 0, {{0, 1}}};
   CHECK(put(&r, WIRE_OP_SetSoTargets, &st, sizeof(st)));
   CHECK_EQ(fb->last_so_count, 1);
   CHECK(put(&r, WIRE_OP_QueryCreate, &qc, sizeof(qc)));
   CHECK(put(&r, WIRE_OP_QueryBegin, &q0, sizeof(q0)));
   struct wire_destroy ds = {WIRE_KIND_RESOURCE, 0, {0, 1}}; /* the target's buffer goes first */
   CHECK(put(&r, WIRE_OP_Destroy, &ds, sizeof(ds)));
   CHECK_EQ(fb->live_so_targets, 0);
   ds = (struct wire_destroy){WIRE_KIND_SO_TARGET, 0, {0, 1}};
   CHECK(put(&r, WIRE_OP_Destroy, &ds, sizeof(ds)));
   ds = (struct wire_destroy){WIRE_KIND_QUERY, 0, {0, 1}}; /* active: ended first */
   CHECK(put(&r, WIRE_OP_Destroy, &ds, sizeof(ds)));
   CHECK_EQ(fb->calls_query_end, 1);
   CHECK_EQ(fb->live_queries, 0);
   CHECK(put(&r, WIRE_OP_QueryCreate, &qc2, sizeof(qc2)));
   CHECK(put(&r, WIRE_OP_QueryBegin, &q1, sizeof(q1))); /* the type is free again */
   rig_fini(&r);
}

/* srv_session_reset (the fuzz targets' loop): after a session that made objects and ended on
 * a fatal error, the reset session is a fresh one: the backend holds nothing the first made,
 * the state is RUNNING, records count from sequence 1 and the same handles (generation 1
 * again) create, which a table that remembered generations would refuse. */
static void
reset_cases(void)
{
   struct rig r;
   rig_init(&r);
   struct fake_backend *fb = (struct fake_backend *)r.s->be;
   setup_ctx(&r);
   CHECK_EQ(fb->live_contexts, 1);
   CHECK_EQ(fb->live_resources, 1);
   uint8_t body[16] = {0};
   CHECK(!put(&r, 0x7fff, body, sizeof(body)));
   CHECK(strstr(fatal(&r), "Record.op") != NULL);
   wire_segment_init(&r.seg, r.mem, r.size, 256 * 1024, 256 * 1024);
   CHECK(srv_session_reset(r.s));
   CHECK_EQ(fb->live_contexts, 0);
   CHECK_EQ(fb->live_resources, 0);
   CHECK_EQ(r.seg.ctrl->server_state, WIRE_SERVER_RUNNING);
   r.seq = 0;
   setup_ctx(&r);
   CHECK_EQ(fb->live_contexts, 1);
   CHECK_EQ(fb->live_resources, 1);
   rig_fini(&r);
}

int
main(void)
{
   table_cases();
   msaa_cases();
   ms_texture_cases();
   xfb_query_cases();
   format_cases();
   compressed_cases();
   texture_1d_cases();
   shape_cases();
   review_cases();
   event_cases();
   program_cases();
   geometry_cases();
   cull_distance_cases();
   reset_cases();
   fuzz(3000);
   return check_done("test_hostile");
}
