/* Espryt backend tests: drive struct srv_backend directly (no front end), on the host's real
 * EGL vendor (Mesa llvmpipe here).
 *   vendor         only splitgl's own vendor JSON reachable: Espryt refuses to start
 *   caps           the capability table holds the host's answers (limits, formats, features)
 *   readback       clears read back in the wire layout (RGBA8, RGB8 through the class pair,
 *                  RG16F packed from floats; D24S8, D32FS8, X8D24, D16 through the host's
 *                  NV_read_depth(_stencil)); `readback_zs_hidden`, under
 *                  SPLITGL_ESPRYT_HIDE=read_depth: a depth / stencil read-back ends the session
 *                  with the extension's name
 *   robust_draw    a draw whose indices run past the vertex and index buffers (the wire allows
 *                  it: robust access) completes and leaves the in-range triangle drawn
 *                  (llvmpipe stays inside its buffers even without a robust context, checked
 *                  by hand: this case guards Espryt's path; `caps` checks the robust bit)
 *   unimplemented  under SPLITGL_ESPRYT_HIDE=timer_query,framebuffer_fetch no timestamp bits and no
 *                  logic op are offered, and a time query ends the session with the extension's
 *                  name (DEVICE_LOST + reason); a GL core context runs, its LOD bias taken
 *   remint_readback, remint_fallback  the remint of a host without glCopyImageSubData (below)
 *   geometry       a layered clear of a 2D array reaches every layer (the host's
 *                  glFramebufferTexture); under SPLITGL_ESPRYT_HIDE=geometry (`geometry_hidden`,
 *                  a host without geometry shaders) the caps hold no geometry and a layered
 *                  framebuffer ends the session with its name
 * Usage: test_espryt CASE [splitgl vendor JSON] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <GLES3/gl3.h>

#include "server/backend.h"
#include "tests/espryt/color_fs.h"
#include "tests/espryt/color_vs.h"
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

/* A context of `api` (0: ES, 1: GL core) 3.x on `be`. */
static struct srv_ctx *
context(struct srv_backend *be, uint32_t api)
{
   struct wire_context_create cc = {.api = api, .major = 3};
   struct srv_ctx *ctx = be->ops->context_create(be, &cc);
   CHECK(ctx != NULL, "context_create");
   return ctx;
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
   /* RGTC (BC4 / BC5, GL core's): sampled on every host, as blocks where it lists
    * EXT_texture_compression_rgtc (llvmpipe does), else decoded at upload */
   for (uint32_t f = WIRE_FMT_BC4_UNORM; f <= WIRE_FMT_BC5_SNORM; f++) {
      CHECK(ops->get_param(be, WIRE_CAP_SAMPLED_FORMATS_1) & (1ull << (f - 64)), "RGTC wire format %u not sampled", f);
      CHECK(ops->get_param(be, WIRE_CAP_NATIVE_COMPRESSED_1) & (1ull << (f - 64)), "RGTC wire format %u decoded", f);
   }
   CHECK(ops->get_param(be, WIRE_CAP_FEATURES) & WIRE_FEATURE_TRANSFORM_FEEDBACK, "no transform feedback");
   CHECK(ops->get_param(be, WIRE_CAP_MAX_XFB_BUFFERS) >= 4, "MAX_XFB_BUFFERS");
   CHECK(ops->get_param(be, WIRE_CAP_COLOR_SAMPLE_COUNTS) & 1, "single-sampled colour missing");
   /* llvmpipe's ES 3.2 has geometry shaders: the host's limits, at least ES 3.2's minimums
    * (table 21.43: 256 output vertices, 1024 total output components, 64 input and output
    * components, 32 invocations) */
   CHECK(ops->get_param(be, WIRE_CAP_FEATURES) & WIRE_FEATURE_GEOMETRY_SHADER, "no geometry shaders");
   CHECK(ops->get_param(be, WIRE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES) >= 256, "MAX_GEOMETRY_OUTPUT_VERTICES");
   CHECK(ops->get_param(be, WIRE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS) >= 1024, "MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS");
   CHECK(ops->get_param(be, WIRE_CAP_MAX_GEOMETRY_INPUT_COMPONENTS) >= 64, "MAX_GEOMETRY_INPUT_COMPONENTS");
   CHECK(ops->get_param(be, WIRE_CAP_MAX_GEOMETRY_OUTPUT_COMPONENTS) >= 64, "MAX_GEOMETRY_OUTPUT_COMPONENTS");
   CHECK(ops->get_param(be, WIRE_CAP_MAX_GEOMETRY_INVOCATIONS) >= 32, "MAX_GEOMETRY_INVOCATIONS");
   /* llvmpipe lists EXT_texture_buffer: buffer textures with its limit and table 8.18's formats
    * (RGBA8, not RGB8: ES has no 3-component 8-bit buffer texture) */
   uint64_t tb = ops->get_param(be, WIRE_CAP_TEXEL_BUFFER_FORMATS);
   CHECK((tb & (1ull << WIRE_FMT_R8G8B8A8_UNORM)) && !(tb & (1ull << WIRE_FMT_R8G8B8_UNORM)),
         "TEXEL_BUFFER_FORMATS 0x%llx", (unsigned long long)tb);
   CHECK(ops->get_param(be, WIRE_CAP_MAX_TEXEL_BUFFER_ELEMENTS) >= 65536, "MAX_TEXEL_BUFFER_ELEMENTS");
   /* ... and ES 3.1 multisample textures with OES_texture_storage_multisample_2d_array: 4
    * samples of RGBA8 and D24S8, as it renders them */
   uint64_t mst = ops->get_param(be, WIRE_CAP_MS_TEXTURE_FORMATS_4);
   CHECK((mst & (1ull << WIRE_FMT_R8G8B8A8_UNORM)) && (mst & (1ull << WIRE_FMT_D24_UNORM_S8_UINT)) &&
            !(mst & ~ops->get_param(be, WIRE_CAP_MS_FORMATS_4)),
         "MS_TEXTURE_FORMATS_4 0x%llx", (unsigned long long)mst);
   /* llvmpipe gives robust contexts: a fetch past a buffer must never reach undefined memory */
   CHECK(ops->get_param(be, WIRE_CAP_FEATURES) & WIRE_FEATURE_ROBUST_BUFFER_ACCESS, "no robust buffer access");
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

/* Clears a 4x4 renderbuffer of depth / stencil format `fmt` to depth `d`, stencil `st` and
 * reads it back (the host's NV_read_depth / NV_read_depth_stencil). */
static bool
clear_read_zs(struct srv_backend *be, struct srv_ctx *ctx, uint32_t fmt, float d, uint32_t st, void *out)
{
   const struct srv_backend_ops *ops = be->ops;
   struct wire_resource_create t = {.target = WIRE_TARGET_RENDERBUFFER, .format = fmt, .width = 4, .height = 4,
                                    .depth = 1, .layers = 1, .samples = 1};
   struct srv_resource *r = ops->resource_create(be, &t);
   struct srv_framebuffer fb = {.width = 4, .height = 4, .samples = 1, .layers = 1};
   fb.zsbuf.res = r;
   fb.zsbuf.samples = 1;
   ops->set_framebuffer(ctx, &fb);
   struct wire_clear c = {.buffers = WIRE_CLEAR_DEPTH | (wire_format_has_stencil(fmt) ? WIRE_CLEAR_STENCIL : 0),
                          .stencil = st, .depth = d, .stencil_write_mask = 0xff};
   ops->clear(ctx, &c);
   bool ok = ops->read_pixels(ctx, &fb.zsbuf, 0, 0, 4, 4, out);
   struct srv_framebuffer none = {0};
   ops->set_framebuffer(ctx, &none);
   ops->resource_destroy(be, r);
   return ok;
}

/* Under SPLITGL_ESPRYT_HIDE=read_depth (a host without NV_read_depth / NV_read_depth_stencil)
 * a depth / stencil read-back ends the session with the extension's name. */
static void
test_readback_zs_hidden(void)
{
   setenv("SPLITGL_ESPRYT_HIDE", "read_depth", 1);
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   struct srv_ctx *ctx = context(be, 1);
   uint8_t px[4 * 4 * 8];
   char what[160] = "";
   CHECK(!clear_read_zs(be, ctx, WIRE_FMT_D24_UNORM_S8_UINT, 1.0f, 0x5a, px), "D24S8 read back without the extension");
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_DEVICE_LOST, "no DEVICE_LOST");
   CHECK(strstr(what, "NV_read_depth_stencil") != NULL, "reason \"%s\"", what);
   ops->context_destroy(be, ctx);
   ops->destroy(be);
}

static void
test_readback(void)
{
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   struct srv_ctx *ctx = context(be, 0);
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
   /* depth / stencil in the wire layouts (wire/format.h): the last texel of each */
   uint32_t u[2];
   CHECK(clear_read_zs(be, ctx, WIRE_FMT_D24_UNORM_S8_UINT, 1.0f, 0x5a, px), "D24S8 read-back");
   memcpy(u, px + 60, 4);
   CHECK(u[0] == 0xffffff5au, "D24S8 0x%08x", u[0]);
   memset(px, 0xee, sizeof(px));
   CHECK(clear_read_zs(be, ctx, WIRE_FMT_D32_FLOAT_S8_UINT, 0.375f, 0xa5, px), "D32FS8 read-back");
   memcpy(u, px + 120, 8);
   CHECK(u[0] == 0x3ec00000u && u[1] == 0xa5u, "D32FS8 0x%08x 0x%08x", u[0], u[1]);
   CHECK(clear_read_zs(be, ctx, WIRE_FMT_D24_UNORM, 1.0f, 0, px), "D24 read-back");
   memcpy(u, px + 60, 4);
   CHECK(u[0] == 0x00ffffffu, "D24 (X8D24) 0x%08x", u[0]);
   CHECK(clear_read_zs(be, ctx, WIRE_FMT_D16_UNORM, 1.0f, 0, px), "D16 read-back");
   memcpy(h, px + 30, 2);
   CHECK(h[0] == 0xffff, "D16 0x%04x", h[0]);
   char what[160];
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "status: %s", what);
   ops->context_destroy(be, ctx);
   ops->destroy(be);
}

/* Clears level `level` of r (a texture, or a renderbuffer at level 0) to `color`. */
static void
clear_level(struct srv_backend *be, struct srv_ctx *ctx, struct srv_resource *r, uint32_t w, uint32_t h, uint32_t level,
            const float color[4])
{
   const struct srv_backend_ops *ops = be->ops;
   struct srv_framebuffer fb = {.width = w, .height = h, .nr_cbufs = 1, .samples = 1, .layers = 1};
   fb.cbufs[0] = (struct srv_surface){.res = r, .level = level, .samples = 1};
   ops->set_framebuffer(ctx, &fb);
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0, .colormask = {0xf}};
   memcpy(c.color, color, sizeof(c.color));
   ops->clear(ctx, &c);
   struct srv_framebuffer none = {0};
   ops->set_framebuffer(ctx, &none);
}

/* The remint without glCopyImageSubData (SPLITGL_ESPRYT_HIDE=copy_image, as an ES 3.0 / 3.1
 * host): a 2D RGBA8 texture whose level 0 was uploaded and level 1 cleared by the GPU gains a
 * level (ResourceRespecify with PRESERVE); each kept level is read back from the old storage
 * and uploaded into the new one. With SPLITGL_TEST_FORCE_REMINT_READBACK_FAILURE=1 (`fallback`)
 * the read-back fails: level 0's uploaded bytes serve, and level 1, written by the GPU and
 * never uploaded, ends the session with its reason. A renderbuffer keeps its contents by a
 * blit either way. */
static void
test_remint_readback(bool fallback)
{
   setenv("SPLITGL_ESPRYT_HIDE", "copy_image", 1);
   if (fallback)
      setenv("SPLITGL_TEST_FORCE_REMINT_READBACK_FAILURE", "1", 1);
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   struct srv_ctx *ctx = context(be, 0);
   struct wire_resource_create t = {.target = WIRE_TARGET_TEX_2D, .format = WIRE_FMT_R8G8B8A8_UNORM, .width = 4,
                                    .height = 4, .depth = 1, .layers = 1, .last_level = 1};
   struct srv_resource *tex = ops->resource_create(be, &t);
   uint8_t pattern[4 * 4 * 4];
   for (unsigned i = 0; i < sizeof(pattern); i++)
      pattern[i] = (uint8_t)(i * 7 + 3);
   struct wire_texture_subdata box = {.level = 0, .w = 4, .h = 4, .d = 1};
   ops->texture_subdata(be, tex, &box, pattern);
   const float green[4] = {0, 1, 0, 1}, red[4] = {1, 0, 0, 1};
   if (!fallback) /* else it comes last, as its remint ends the session */
      clear_level(be, ctx, tex, 2, 2, 1, green);
   struct wire_resource_create rb_t = {.target = WIRE_TARGET_RENDERBUFFER, .format = WIRE_FMT_R8G8B8A8_UNORM,
                                       .width = 4, .height = 4, .depth = 1, .layers = 1, .samples = 1};
   struct srv_resource *rb = ops->resource_create(be, &rb_t);
   clear_level(be, ctx, rb, 4, 4, 0, red);
   rb_t.flags = WIRE_RESPECIFY_PRESERVE;
   CHECK(ops->resource_respecify(be, rb, &rb_t), "respecify renderbuffer");
   uint8_t px[4 * 4 * 4];
   struct srv_surface rs = {.res = rb, .samples = 1};
   CHECK(ops->read_pixels(ctx, &rs, 0, 0, 4, 4, px) && px[0] == 255 && px[1] == 0 && px[63] == 255,
         "the renderbuffer after its remint reads %u %u %u %u", px[0], px[1], px[2], px[3]);
   char what[200] = "";
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "status before the texture's remint: %s", what);
   t.last_level = 2;
   t.flags = WIRE_RESPECIFY_PRESERVE;
   CHECK(ops->resource_respecify(be, tex, &t), "respecify texture");
   struct srv_surface s0 = {.res = tex, .level = 0, .samples = 1}, s1 = {.res = tex, .level = 1, .samples = 1};
   memset(px, 0, sizeof(px));
   CHECK(ops->read_pixels(ctx, &s0, 0, 0, 4, 4, px) && !memcmp(px, pattern, sizeof(px)),
         "level 0 after the remint reads %u %u %u %u, not the upload", px[0], px[1], px[2], px[3]);
   if (!fallback) {
      memset(px, 0, sizeof(px));
      CHECK(ops->read_pixels(ctx, &s1, 0, 0, 2, 2, px) && px[0] == 0 && px[1] == 255 && px[15] == 255,
            "level 1 (cleared by the GPU) after the remint reads %u %u %u %u", px[0], px[1], px[2], px[3]);
   }
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "status: %s", what);
   if (fallback) {
      clear_level(be, ctx, tex, 2, 2, 1, green);
      t.last_level = 1;
      ops->resource_respecify(be, tex, &t);
      CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_DEVICE_LOST,
            "a GPU-written, unreadable, never uploaded level did not end the session");
      CHECK(strstr(what, "written by the GPU") != NULL, "reason \"%s\"", what);
   }
   ops->resource_destroy(be, rb);
   ops->resource_destroy(be, tex);
   ops->context_destroy(be, ctx);
   ops->destroy(be);
}

static struct srv_resource *
make_buffer(struct srv_backend *be, const void *data, uint32_t size)
{
   struct wire_resource_create c = {.target = WIRE_TARGET_BUFFER, .width = size, .height = 1, .depth = 1, .layers = 1};
   struct srv_resource *r = be->ops->resource_create(be, &c);
   be->ops->buffer_subdata(be, r, 0, data, size);
   return r;
}

static void
test_robust_draw(void)
{
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   struct srv_ctx *ctx = context(be, 0);
   struct wire_resource_create t = {.target = WIRE_TARGET_RENDERBUFFER, .format = WIRE_FMT_R8G8B8A8_UNORM,
                                    .width = 8, .height = 8, .depth = 1, .layers = 1};
   struct srv_resource *rt = ops->resource_create(be, &t);
   struct srv_framebuffer fb = {.width = 8, .height = 8, .nr_cbufs = 1, .samples = 1, .layers = 1};
   fb.cbufs[0].res = rt;
   ops->set_framebuffer(ctx, &fb);
   struct wire_viewport vp = {0, 0, 8, 8, 0, 1};
   ops->set_viewport(ctx, &vp);
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0, .colormask = {0xf}};
   ops->clear(ctx, &c);
   static const struct spv_attrib attribs[] = {{"pos", GL_FLOAT_VEC3, 1, 0, 1}, {"col", GL_FLOAT_VEC4, 1, 1, 1}};
   struct spv_program_info info = {
      .stage_mask = 3,
      .spirv = {color_vs, color_fs},
      .spirv_words = {(uint32_t)(sizeof(color_vs) / 4), (uint32_t)(sizeof(color_fs) / 4)},
      .attrib_count = 2,
      .attribs = attribs,
   };
   struct srv_program *prog = ops->program_create(be, &info);
   struct wire_blend_state bs = {.rt = {{.colormask = 0xf}}};
   struct wire_dsa_state ds = {.depth_func = WIRE_FUNC_ALWAYS};
   struct wire_rast_state rs = {.front_ccw = 1, .line_width = 1};
   struct wire_velems_state ve = {.count = 1, .constant_mask = 1u << 1};
   ve.e[0] = (struct wire_vertex_element){.vb_index = 0, .format = WIRE_VF_R32G32B32_FLOAT, .location = 0};
   ve.constant_values[1][1] = 1.0f; /* green */
   ve.constant_values[1][3] = 1.0f;
   void *b = ops->create_blend(be, &bs), *d = ops->create_dsa(be, &ds), *r = ops->create_rast(be, &rs);
   void *v = ops->create_velems(be, &ve);
   ops->bind_cso(ctx, WIRE_CSO_BLEND, b);
   ops->bind_cso(ctx, WIRE_CSO_DSA, d);
   ops->bind_cso(ctx, WIRE_CSO_RAST, r);
   ops->bind_cso(ctx, WIRE_CSO_VELEMS, v);
   ops->bind_cso(ctx, WIRE_CSO_PROGRAM, prog);
   static const float pos[] = {-1, -1, 0, 3, -1, 0, -1, 3, 0}; /* one triangle over the viewport */
   struct srv_resource *vb = make_buffer(be, pos, sizeof(pos));
   static const uint32_t idx[] = {0, 1, 2, 0, 1000000, 0xfffffff0u};
   struct srv_resource *ib = make_buffer(be, idx, sizeof(idx));
   struct srv_vertex_buffer vbs = {.res = vb, .offset = 0, .stride = 12};
   ops->set_vertex_buffers(ctx, 0, 1, &vbs);
   /* 12 indices from a buffer of 6: the second triangle and the last two read past the ends */
   struct srv_draw draw = {.info = {.mode = WIRE_PRIM_TRIANGLES, .index_size = 4, .count = 12, .instance_count = 1},
                           .index_res = ib};
   ops->draw(ctx, &draw);
   uint8_t px[8 * 8 * 4];
   CHECK(ops->read_pixels(ctx, &fb.cbufs[0], 0, 0, 8, 8, px), "read_pixels");
   CHECK(px[4 * 36 + 0] == 0 && px[4 * 36 + 1] == 255 && px[4 * 36 + 3] == 255, "centre (%u,%u,%u,%u)", px[144],
         px[145], px[146], px[147]);
   char what[160] = "";
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "status: %s", what);
   static const uint32_t slots[] = {WIRE_CSO_BLEND, WIRE_CSO_DSA, WIRE_CSO_RAST, WIRE_CSO_VELEMS, WIRE_CSO_PROGRAM};
   for (unsigned i = 0; i < 5; i++)
      ops->bind_cso(ctx, slots[i], NULL);
   ops->delete_cso(be, WIRE_KIND_PROGRAM, prog);
   ops->delete_cso(be, WIRE_KIND_BLEND, b);
   ops->delete_cso(be, WIRE_KIND_DSA, d);
   ops->delete_cso(be, WIRE_KIND_RAST, r);
   ops->delete_cso(be, WIRE_KIND_VELEMS, v);
   ops->resource_destroy(be, vb);
   ops->resource_destroy(be, ib);
   ops->context_destroy(be, ctx);
   ops->resource_destroy(be, rt);
   ops->destroy(be);
}

static void
test_unimplemented(void)
{
   /* a host without EXT_disjoint_timer_query: no timestamp bits, a time query ends the session
    * by name; without framebuffer fetch no logic op */
   setenv("SPLITGL_ESPRYT_HIDE", "timer_query,framebuffer_fetch", 1);
   struct srv_backend *be = create();
   unsetenv("SPLITGL_ESPRYT_HIDE");
   const struct srv_backend_ops *ops = be->ops;
   char what[160] = "";
   CHECK(ops->get_param(be, WIRE_CAP_QUERY_TIMESTAMP_BITS) == 0, "timestamp bits without the extension");
   CHECK(!(ops->get_param(be, WIRE_CAP_FEATURES) & WIRE_FEATURE_LOGIC_OP), "logic op without framebuffer fetch");
   struct srv_query *q = ops->query_create(be, WIRE_QUERY_TIME_ELAPSED);
   CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_DEVICE_LOST, "TIME_ELAPSED query accepted");
   CHECK(strstr(what, "not implemented") != NULL && strstr(what, "EXT_disjoint_timer_query"), "reason \"%s\"", what);
   CHECK(ops->take_status(be, NULL, 0) == SRV_STATUS_DEVICE_LOST, "DEVICE_LOST is not sticky");
   if (q)
      ops->query_destroy(be, q);
   ops->destroy(be);
   be = create();
   ops = be->ops;
   /* a GL core context runs; its LOD bias, which ES lacks, is taken (a program variant adds it
    * to the lookups: program.c, spirv_patch.c) */
   struct wire_context_create core = {.api = 1, .major = 3};
   struct srv_ctx *ctx = ops->context_create(be, &core);
   CHECK(ctx && ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "a GL core context refused: %s", what);
   struct wire_sampler_state ss = {.min_filter = WIRE_FILTER_NEAREST, .mag_filter = WIRE_FILTER_NEAREST,
                                   .max_lod = 1000.0f, .lod_bias = 0.5f};
   void *smp = ops->create_sampler(be, &ss);
   CHECK(smp && ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "a LOD bias refused: %s", what);
   if (smp)
      ops->delete_cso(be, WIRE_KIND_SAMPLER, smp);
   if (ctx)
      ops->context_destroy(be, ctx);
   ops->destroy(be);
}

/* A layered framebuffer over a 4x4x3 RGBA8 2D array: one clear reaches every layer (GL 3.3
 * section 4.4.7, ES 3.2 section 9.8). Under SPLITGL_ESPRYT_HIDE=geometry (`hidden`) the
 * capability table holds no geometry and the layered framebuffer ends the session by name. */
static void
test_geometry(bool hidden)
{
   if (hidden)
      setenv("SPLITGL_ESPRYT_HIDE", "geometry", 1);
   struct srv_backend *be = create();
   const struct srv_backend_ops *ops = be->ops;
   if (hidden) {
      CHECK(!(ops->get_param(be, WIRE_CAP_FEATURES) & WIRE_FEATURE_GEOMETRY_SHADER), "geometry shaders offered");
      /* polygon modes and first-vertex provoking are a geometry stage of Espryt's */
      CHECK(!(ops->get_param(be, WIRE_CAP_FEATURES) & (WIRE_FEATURE_POLYGON_MODE | WIRE_FEATURE_PROVOKING_VERTEX)),
            "polygon modes offered without geometry shaders");
      for (enum wire_cap k = WIRE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES; k <= WIRE_CAP_MAX_GEOMETRY_INVOCATIONS; k++)
         CHECK(ops->get_param(be, k) == 0, "geometry cap %u is %llu", k, (unsigned long long)ops->get_param(be, k));
   }
   struct srv_ctx *ctx = context(be, 1);
   struct wire_resource_create t = {.target = WIRE_TARGET_TEX_2D_ARRAY, .format = WIRE_FMT_R8G8B8A8_UNORM, .width = 4,
                                    .height = 4, .depth = 1, .layers = 3};
   struct srv_resource *r = ops->resource_create(be, &t);
   struct srv_framebuffer fb = {.width = 4, .height = 4, .nr_cbufs = 1, .samples = 1, .layers = 3};
   fb.cbufs[0] = (struct srv_surface){.res = r, .samples = 1, .layers = 3};
   ops->set_framebuffer(ctx, &fb);
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0, .colormask = {0xf}, .color = {0, 1, 0, 1}};
   ops->clear(ctx, &c);
   char what[160] = "";
   if (hidden) {
      CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_DEVICE_LOST, "a layered framebuffer accepted");
      CHECK(strstr(what, "layered framebuffers") != NULL, "reason \"%s\"", what);
   } else {
      for (uint32_t l = 0; l < 3; l++) {
         uint8_t px[4 * 4 * 4] = {0};
         struct srv_surface s = {.res = r, .layer = l, .samples = 1};
         CHECK(ops->read_pixels(ctx, &s, 0, 0, 4, 4, px), "read_pixels of layer %u", l);
         CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0 && px[63] == 255, "layer %u: %u %u %u %u", l, px[0], px[1],
               px[2], px[3]);
      }
      CHECK(ops->take_status(be, what, sizeof(what)) == SRV_STATUS_OK, "status: %s", what);
   }
   struct srv_framebuffer none = {0};
   ops->set_framebuffer(ctx, &none);
   ops->resource_destroy(be, r);
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
   else if (!strcmp(c, "geometry"))
      test_geometry(false);
   else if (!strcmp(c, "geometry_hidden"))
      test_geometry(true);
   else if (!strcmp(c, "readback"))
      test_readback();
   else if (!strcmp(c, "readback_zs_hidden"))
      test_readback_zs_hidden();
   else if (!strcmp(c, "robust_draw"))
      test_robust_draw();
   else if (!strcmp(c, "unimplemented"))
      test_unimplemented();
   else if (!strcmp(c, "remint_readback"))
      test_remint_readback(false);
   else if (!strcmp(c, "remint_fallback"))
      test_remint_readback(true);
   else {
      fprintf(stderr, "usage: test_espryt vendor JSON | caps | readback | robust_draw | unimplemented | remint_readback | "
                      "remint_fallback\n");
      return 2;
   }
   if (failures)
      return 1;
   printf("PASS %s\n", c);
   return 0;
}
