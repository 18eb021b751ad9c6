#include "fake_backend.h"

#include <stdlib.h>
#include <string.h>

#define FB(be) ((struct fake_backend *)(be))

struct srv_ctx {
   struct fake_backend *be;
   uint32_t tag; /* ContextCreate's major: tests name their contexts with it */
};
struct srv_resource {
   int dummy;
};
struct srv_program {
   int dummy;
};
struct srv_so_target {
   int dummy;
};
struct srv_query {
   uint32_t type;
   uint64_t count;
};

static struct fake_backend *the_backend; /* contexts call back into their backend */

static void f_destroy(struct srv_backend *be) { free(be); }
static void
f_get_info(struct srv_backend *be, struct wire_server_info *i)
{
   strcpy(i->renderer, "splitgl Fake");
   strcpy(i->device, "fake");
}
/* A device at exactly the ES 3.0 / GL 3.3 minimums where it matters to the front end. */
static uint64_t
f_get_param(struct srv_backend *be, enum wire_cap p)
{
   switch (p) {
   case WIRE_CAP_MAX_TEXTURE_SIZE: return 16384;
   case WIRE_CAP_MAX_VERTEX_ATTRIBS: return 16;
   /* GL 3.3's 8 clip distances; no cull distances (shaderCullDistance absent) */
   case WIRE_CAP_MAX_CLIP_DISTANCES: return 8;
   /* ES 3.0's minimums: interface Locations of programs are checked against them */
   case WIRE_CAP_MAX_VERTEX_OUTPUT_COMPONENTS: return 64;
   case WIRE_CAP_MAX_FRAGMENT_INPUT_COMPONENTS: return 60;
   case WIRE_CAP_MAX_COLOR_ATTACHMENTS: return 4;
   case WIRE_CAP_MAX_GEOMETRY_INPUT_COMPONENTS: return 64;
   case WIRE_CAP_MAX_GEOMETRY_OUTPUT_COMPONENTS: return 128;
   case WIRE_CAP_MAX_XFB_BUFFERS: return 4;
   case WIRE_CAP_MAX_XFB_BUFFER_DATA_STRIDE: return 256; /* ES 3.0: 64 interleaved components */
   case WIRE_CAP_SAMPLED_FORMATS: case WIRE_CAP_RENDERABLE_FORMATS: case WIRE_CAP_FILTERABLE_FORMATS: return ~0ull;
   /* every bit, compressed formats included: the core must refuse them as surfaces itself */
   case WIRE_CAP_SAMPLED_FORMATS_1: case WIRE_CAP_RENDERABLE_FORMATS_1: case WIRE_CAP_FILTERABLE_FORMATS_1:
      return ~0ull;
   /* 4 samples (ES 3.0's MAX_SAMPLES minimum) for RGBA8 and D24S8 only */
   case WIRE_CAP_MS_FORMATS_4:
      return (1ull << WIRE_FMT_R8G8B8A8_UNORM) | (1ull << WIRE_FMT_D24_UNORM_S8_UINT);
   /* multisample textures: RGBA8 with 4 samples; buffer textures: RGBA8 and R32F */
   case WIRE_CAP_MS_TEXTURE_FORMATS_4: return 1ull << WIRE_FMT_R8G8B8A8_UNORM;
   case WIRE_CAP_TEXEL_BUFFER_FORMATS: return (1ull << WIRE_FMT_R8G8B8A8_UNORM) | (1ull << WIRE_FMT_R32_FLOAT);
   case WIRE_CAP_MAX_TEXEL_BUFFER_ELEMENTS: return 65536;
   /* geometry shaders at Vulkan's minimums for geometryShader */
   case WIRE_CAP_FEATURES: return WIRE_FEATURE_GEOMETRY_SHADER;
   case WIRE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES: return 256;
   case WIRE_CAP_MAX_GEOMETRY_INVOCATIONS: return 32;
   default: return 0;
   }
}
static void f_get_stats(struct srv_backend *be, struct wire_server_stats *s) {}
static struct srv_ctx *
f_ctx_create(struct srv_backend *be, const struct wire_context_create *c)
{
   struct srv_ctx *ctx = calloc(1, sizeof(*ctx));
   ctx->be = FB(be);
   ctx->tag = c->major;
   FB(be)->live_contexts++;
   return ctx;
}
static void f_ctx_destroy(struct srv_backend *be, struct srv_ctx *ctx) { FB(be)->live_contexts--; free(ctx); }
static struct srv_resource *
f_res_create(struct srv_backend *be, const struct wire_resource_create *t)
{
   FB(be)->calls_create_res++;
   FB(be)->live_resources++;
   return calloc(1, sizeof(struct srv_resource));
}
static bool f_respecify(struct srv_backend *be, struct srv_resource *r, const struct wire_resource_create *t) { FB(be)->calls_respecify++; return true; }
static void f_res_destroy(struct srv_backend *be, struct srv_resource *r) { FB(be)->calls_destroy_res++; FB(be)->live_resources--; free(r); }
static void
f_buffer_subdata(struct srv_backend *be, struct srv_resource *r, uint32_t off, const void *d, uint32_t size)
{
   FB(be)->calls_subdata++;
   FB(be)->last_subdata_size = size;
   FB(be)->last_subdata_first = *(const uint8_t *)d;
}
static void
f_texture_subdata(struct srv_backend *be, struct srv_resource *r, const struct wire_texture_subdata *b, const void *d)
{
   FB(be)->calls_subdata++;
   FB(be)->last_subdata_size = b->data.size;
}
static void *f_cso(struct srv_backend *be) { FB(be)->live_csos++; return malloc(1); }
static void *f_blend(struct srv_backend *be, const struct wire_blend_state *s) { return f_cso(be); }
static void *f_dsa(struct srv_backend *be, const struct wire_dsa_state *s) { return f_cso(be); }
static void *f_rast(struct srv_backend *be, const struct wire_rast_state *s) { return f_cso(be); }
static void *f_sampler(struct srv_backend *be, const struct wire_sampler_state *s) { return f_cso(be); }
static void *f_velems(struct srv_backend *be, const struct wire_velems_state *s) { return f_cso(be); }
static struct srv_program *f_program(struct srv_backend *be, const struct spv_program_info *i) { FB(be)->calls_program++; FB(be)->live_csos++; return calloc(1, sizeof(struct srv_program)); }
static void f_delete_cso(struct srv_backend *be, uint32_t kind, void *c) { FB(be)->calls_delete_cso++; FB(be)->live_csos--; free(c); }
static void f_bind_cso(struct srv_ctx *ctx, uint32_t slot, void *c) { ctx->be->calls_bind_cso++; }
static void f_set_fb(struct srv_ctx *ctx, const struct srv_framebuffer *fb) { ctx->be->calls_set_fb++; ctx->be->last_fb = *fb; }
static void f_set_vbs(struct srv_ctx *ctx, uint32_t s, uint32_t c, const struct srv_vertex_buffer *v) {}
static void f_set_views(struct srv_ctx *ctx, uint32_t s, uint32_t c, const struct srv_sampler_view *v) {}
static void f_bind_samplers(struct srv_ctx *ctx, uint32_t s, uint32_t c, void *const *v) {}
static void f_set_cb(struct srv_ctx *ctx, uint32_t i, const void *d, uint32_t size) {}
static void f_set_pb(struct srv_ctx *ctx, struct srv_program *p, uint32_t sc, const uint32_t *su, uint32_t bc, const uint32_t *bb) {}
static void f_set_vp(struct srv_ctx *ctx, const struct wire_viewport *v) {}
static void f_set_sc(struct srv_ctx *ctx, const struct wire_scissor *s) {}
static void f_set_cv(struct srv_ctx *ctx, const struct wire_context_values *v) {}
static void
f_draw(struct srv_ctx *ctx, const struct srv_draw *d)
{
   ctx->be->calls_draw++;
   ctx->be->last_draw = d->info;
   ctx->be->last_draw_ctx = ctx;
   ctx->be->draws_by_tag_mismatch += d->info.start != ctx->tag; /* tests draw with start = tag */
   ctx->be->pending = ctx->be->draw_status;
   ctx->be->pending_what_len = d->info.instance_count - 1; /* the test's choice, carried by the record */
}
static enum srv_status
f_take_status(struct srv_backend *sbe, char *what, size_t what_size)
{
   struct fake_backend *be = FB(sbe);
   enum srv_status st = be->pending;
   if (st != SRV_STATUS_OK) {
      uint32_t n = be->pending_what_len < what_size - 1 ? be->pending_what_len : (uint32_t)what_size - 1;
      memset(what, 'x', n);
      what[n] = 0;
   }
   if (st != SRV_STATUS_DEVICE_LOST)
      be->pending = SRV_STATUS_OK;
   return st;
}
static void f_clear(struct srv_ctx *ctx, const struct wire_clear *c) { ctx->be->calls_clear++; }
static void f_genmip(struct srv_ctx *ctx, struct srv_resource *r, uint32_t b, uint32_t l) {}
static uint32_t f_blit(struct srv_ctx *ctx, const struct srv_surface *s, const struct srv_surface *d,
                       const struct wire_blit *b) { return 0; }
static bool
f_read(struct srv_ctx *ctx, const struct srv_surface *s, int32_t x, int32_t y, uint32_t w, uint32_t h, void *dst)
{
   ctx->be->calls_read++;
   uint8_t *p = dst;
   for (uint32_t i = 0; i < w * h * 4; i++)
      p[i] = (uint8_t)(i * 7 + (uint32_t)x);
   return true;
}
static void f_present(struct srv_ctx *ctx, struct srv_resource *r) { ctx->be->calls_present++; }
static bool
f_buffer_read(struct srv_backend *be, struct srv_resource *r, uint32_t off, uint32_t size, void *dst)
{
   FB(be)->calls_buffer_read++;
   uint8_t *p = dst;
   for (uint32_t i = 0; i < size; i++)
      p[i] = (uint8_t)(off + i);
   return true;
}
static struct srv_so_target *
f_so_create(struct srv_backend *be, struct srv_resource *r, uint32_t off, uint32_t size)
{
   FB(be)->live_so_targets++;
   return calloc(1, sizeof(struct srv_so_target));
}
static void f_so_destroy(struct srv_backend *be, struct srv_so_target *t) { FB(be)->live_so_targets--; free(t); }
static void
f_set_so(struct srv_ctx *ctx, uint32_t count, struct srv_so_target *const *t, uint32_t append)
{
   ctx->be->calls_set_so++;
   ctx->be->last_so_count = count;
   ctx->be->last_so_append = append;
}
static struct srv_query *
f_query_create(struct srv_backend *be, uint32_t type)
{
   FB(be)->live_queries++;
   struct srv_query *q = calloc(1, sizeof(*q));
   q->type = type;
   return q;
}
static void f_query_destroy(struct srv_backend *be, struct srv_query *q) { FB(be)->live_queries--; free(q); }
static void f_query_begin(struct srv_ctx *ctx, struct srv_query *q) { ctx->be->calls_query_begin++; q->count = 0; }
static void f_query_end(struct srv_ctx *ctx, struct srv_query *q) { ctx->be->calls_query_end++; q->count = 42; }
static void f_query_counter(struct srv_ctx *ctx, struct srv_query *q) { q->count = 1234; }
static bool
f_query_result(struct srv_backend *be, struct srv_query *q, bool wait, uint64_t *value)
{
   *value = q->count;
   return true;
}
static uint64_t f_timestamp(struct srv_backend *be) { return 5678; }
static void f_set_ubs(struct srv_ctx *ctx, uint32_t start, uint32_t count, const struct srv_uniform_buffer *ubs) {}
static void f_set_ss(struct srv_ctx *ctx, const struct wire_sample_state *st) { ctx->be->calls_set_sample_state++; }
static void f_set_ps(struct srv_ctx *ctx, const struct wire_point_state *st) { ctx->be->calls_set_point_state++; }
static void f_set_clip(struct srv_ctx *ctx, const struct wire_clip_state *st) { ctx->be->calls_set_clip_state++; }
static void f_flush(struct srv_ctx *ctx) {}
static void f_finish(struct srv_ctx *ctx) {}

static const struct srv_backend_ops fake_ops = {
   .destroy = f_destroy, .get_info = f_get_info, .get_param = f_get_param, .get_stats = f_get_stats,
   .context_create = f_ctx_create, .context_destroy = f_ctx_destroy,
   .resource_create = f_res_create, .resource_respecify = f_respecify, .resource_destroy = f_res_destroy,
   .buffer_subdata = f_buffer_subdata, .texture_subdata = f_texture_subdata,
   .create_blend = f_blend, .create_dsa = f_dsa, .create_rast = f_rast, .create_sampler = f_sampler,
   .create_velems = f_velems, .program_create = f_program, .delete_cso = f_delete_cso,
   .bind_cso = f_bind_cso, .set_framebuffer = f_set_fb, .set_vertex_buffers = f_set_vbs,
   .set_sampler_views = f_set_views, .bind_sampler_states = f_bind_samplers,
   .set_constant_buffer = f_set_cb, .set_program_bindings = f_set_pb, .set_uniform_buffers = f_set_ubs,
   .set_viewport = f_set_vp,
   .set_scissor = f_set_sc, .set_context_values = f_set_cv, .set_sample_state = f_set_ss, .set_point_state = f_set_ps, .set_clip_state = f_set_clip, .draw = f_draw, .clear = f_clear,
   .generate_mipmap = f_genmip, .blit = f_blit, .read_pixels = f_read, .present = f_present, .flush = f_flush,
   .finish = f_finish, .take_status = f_take_status,
   .buffer_read = f_buffer_read, .so_target_create = f_so_create, .so_target_destroy = f_so_destroy,
   .set_so_targets = f_set_so, .query_create = f_query_create, .query_destroy = f_query_destroy,
   .query_begin = f_query_begin, .query_end = f_query_end, .query_counter = f_query_counter,
   .query_result = f_query_result, .get_timestamp = f_timestamp,
};

struct fake_backend *
fake_backend_create(void)
{
   struct fake_backend *be = calloc(1, sizeof(*be));
   be->base.ops = &fake_ops;
   the_backend = be;
   return be;
}
