/* Espryt backend tests: drive struct srv_backend directly (no front end), on the host's real
 * EGL vendor (Mesa llvmpipe here).
 *   vendor         only splitgl's own vendor JSON reachable: Espryt refuses to start
 *   caps           the capability table holds the host's answers (limits, formats, features)
 *   readback       clears read back in the wire layout (RGBA8, RGB8 through the class pair,
 *                  RG16F packed from floats)
 *   unimplemented  an entry not built yet ends the session with its name (DEVICE_LOST + reason)
 * Usage: test_espryt CASE [splitgl vendor JSON] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/backend.h"
#include "wire/format.h"

static unsigned failures;
#define CHECK(cond, ...)                                                                        \
   do {                                                                                         \
      if (!(cond)) {                                                                            \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
         fprintf(stderr, __VA_ARGS__);                                                          \
         fputc('\n', stderr);                                                                   \
         failures++;                                                                            \
      }                                                                                         \
   } while (0)

static struct srv_backend *
create(void)
{
   char why[256] = "";
   struct srv_backend *be = es_backend_create(NULL, why, sizeof(why));
   if (!be) {
      fprintf(stderr, "FAIL: es_backend_create: %s\n", why);
      exit(1);
   }
   return be;
}

static void
test_vendor(const char *splitgl_json)
{
   char dir[] = "/tmp/espryt-vendors-XXXXXX";
   CHECK(mkdtemp(dir) != NULL, "mkdtemp");
   setenv("__EGL_VENDOR_LIBRARY_FILENAMES", splitgl_json, 1);
   setenv("__EGL_VENDOR_LIBRARY_DIRS", dir, 1);
   char why[256] = "";
   struct srv_backend *be = es_backend_create(NULL, why, sizeof(why));
   CHECK(be == NULL, "Espryt started with only splitgl's vendor reachable");
   CHECK(strstr(why, "splitgl") != NULL, "reason \"%s\" does not say splitgl's vendor was left out", why);
   if (be)
      be->ops->destroy(be);
   rmdir(dir);
}

static void
test_caps(void)
{
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   CHECK(ops->get_param(be, WIRE_CAP_MAX_TEXTURE_SIZE) >= 2048, "MAX_TEXTURE_SIZE %llu",
         (unsigned long long)ops->get_param(be, WIRE_CAP_MAX_TEXTURE_SIZE));
   CHECK(ops->get_param(be, WIRE_CAP_MAX_VERTEX_ATTRIBS) >= 16, "MAX_VERTEX_ATTRIBS");
   uint64_t rend = ops->get_param(be, WIRE_CAP_RENDERABLE_FORMATS);
   CHECK(rend & (1ull << WIRE_FMT_R8G8B8A8_UNORM), "RGBA8 not renderable");
   CHECK(rend & (1ull << WIRE_FMT_D24_UNORM_S8_UINT), "D24S8 not renderable");
   CHECK(!(rend & (1ull << WIRE_FMT_R9G9B9E5_FLOAT)), "RGB9_E5 renderable (ES 3.0 table 3.13 says no)");
   uint64_t filt = ops->get_param(be, WIRE_CAP_FILTERABLE_FORMATS);
   CHECK(!(filt & (1ull << WIRE_FMT_R32G32B32A32_UINT)), "an integer format filterable");
   /* ETC2 / EAC straddle the two mask words */
   CHECK(ops->get_param(be, WIRE_CAP_SAMPLED_FORMATS) & (1ull << WIRE_FMT_ETC2_R8G8B8_UNORM), "ETC2 RGB8 not sampled");
   CHECK(!(rend & (1ull << WIRE_FMT_ETC2_R8G8B8_UNORM)), "ETC2 RGB8 renderable");
   CHECK(ops->get_param(be, WIRE_CAP_SAMPLED_FORMATS_1) & (1ull << (WIRE_FMT_EAC_R11G11_SNORM - 64)),
         "EAC RG11 SNORM (ES 3.0 core) not sampled");
   CHECK(ops->get_param(be, WIRE_CAP_FEATURES) & WIRE_FEATURE_TRANSFORM_FEEDBACK, "no transform feedback");
   CHECK(ops->get_param(be, WIRE_CAP_MAX_XFB_BUFFERS) >= 4, "MAX_XFB_BUFFERS");
   CHECK(ops->get_param(be, WIRE_CAP_COLOR_SAMPLE_COUNTS) & 1, "single-sampled colour missing");
   struct wire_server_info info = {0};
   ops->get_info(be, &info);
   CHECK(!strncmp(info.renderer, "splitgl Espryt (", 16), "renderer \"%s\"", info.renderer);
   CHECK(ops->take_status(be, NULL, 0) == SRV_STATUS_OK, "status after start-up");
   ops->destroy(be);
}

/* Clears a 4x4 single-level 2D texture of `fmt` to `color` and reads it back. */
static void
clear_read(struct srv_backend *be, struct srv_ctx *ctx, uint32_t fmt, const float color[4], void *out)
{
   const struct srv_backend_ops *ops = be->ops;
   struct wire_resource_create t = {.target = WIRE_TARGET_TEX_2D, .format = fmt, .width = 4, .height = 4,
                                    .depth = 1, .layers = 1};
   struct srv_resource *r = ops->resource_create(be, &t);
   struct srv_framebuffer fb = {.width = 4, .height = 4, .nr_cbufs = 1, .samples = 1, .layers = 1};
   fb.cbufs[0].res = r;
   fb.cbufs[0].samples = 1;
   ops->set_framebuffer(ctx, &fb);
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0, .colormask = {0xf}};
   memcpy(c.color, color, sizeof(c.color));
   ops->clear(ctx, &c);
   CHECK(ops->read_pixels(ctx, &fb.cbufs[0], 0, 0, 4, 4, out), "read_pixels of format %u", fmt);
   struct srv_framebuffer none = {0};
   ops->set_framebuffer(ctx, &none);
   ops->resource_destroy(be, r);
}

static void
test_readback(void)
{
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   struct wire_context_create cc = {.api = 0, .major = 3};
   struct srv_ctx *ctx = ops->context_create(be, &cc);
   CHECK(ctx != NULL, "context_create");
   uint8_t px[4 * 4 * 16];
   const float red[4] = {1, 0, 0, 1};
   clear_read(be, ctx, WIRE_FMT_R8G8B8A8_UNORM, red, px);
   CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0 && px[3] == 255 && px[60] == 255, "RGBA8 %u %u %u %u", px[0],
         px[1], px[2], px[3]);
   const float teal[4] = {0, 0.5f, 1, 1};
   memset(px, 0xee, sizeof(px));
   clear_read(be, ctx, WIRE_FMT_R8G8B8_UNORM, teal, px); /* three bytes a texel on the wire */
   CHECK(px[0] == 0 && (px[1] == 127 || px[1] == 128) && px[2] == 255 && px[3] == 0 && px[47] == 255 && px[48] == 0xee,
         "RGB8 %u %u %u %u, last %u, past %u", px[0], px[1], px[2], px[3], px[47], px[48]);
   const float halves[4] = {0.25f, -2.0f, 0, 1};
   clear_read(be, ctx, WIRE_FMT_R16G16_FLOAT, halves, px);
   uint16_t h[2];
   memcpy(h, px, 4);
   CHECK(h[0] == 0x3400 && h[1] == 0xc000, "RG16F 0x%04x 0x%04x", h[0], h[1]);
   char what[160];
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "status: %s", what);
   ops->context_destroy(be, ctx);
   ops->destroy(be);
}

static void
test_unimplemented(void)
{
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   char what[160] = "";
   struct srv_query *q = ops->query_create(be, WIRE_QUERY_TIME_ELAPSED);
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_DEVICE_LOST, "TIME_ELAPSED query accepted");
   CHECK(strstr(what, "not implemented") != NULL, "reason \"%s\"", what);
   CHECK(ops->take_status(be, NULL, 0) == SRV_STATUS_DEVICE_LOST, "DEVICE_LOST is not sticky");
   if (q)
      ops->query_destroy(be, q);
   ops->destroy(be);
   be = create();
   ops = be->ops;
   struct wire_context_create core = {.api = 1, .major = 3};
   struct srv_ctx *ctx = ops->context_create(be, &core);
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_DEVICE_LOST, "a GL core context accepted");
   CHECK(strstr(what, "core") != NULL, "reason \"%s\"", what);
   if (ctx)
      ops->context_destroy(be, ctx);
   ops->destroy(be);
}

int
main(int argc, char **argv)
{
   const char *c = argc > 1 ? argv[1] : "";
   if (!strcmp(c, "vendor") && argc > 2)
      test_vendor(argv[2]);
   else if (!strcmp(c, "caps"))
      test_caps();
   else if (!strcmp(c, "readback"))
      test_readback();
   else if (!strcmp(c, "unimplemented"))
      test_unimplemented();
   else {
      fprintf(stderr, "usage: test_espryt vendor JSON | caps | readback | unimplemented\n");
      return 2;
   }
   if (failures)
      return 1;
   printf("PASS %s\n", c);
   return 0;
}
