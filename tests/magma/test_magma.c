/* Magma backend tests: drive struct srv_backend directly (no front end), read pixels back.
 * Usage: test_magma <case>. Every case also runs under SPLITGL_VALIDATE=1 (see CMakeLists.txt)
 * and fails on any validation error or any ERROR log line, including those at teardown. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/backend.h"
#include "util/log.h"
#include "wire/format.h"

#include "tests/magma/color_fs.h"
#include "tests/magma/color_vs.h"
#include "tests/magma/cube_fs.h"
#include "tests/magma/inst_vs.h"
#include "tests/magma/tex_fs.h"
#include "tests/magma/tex_vs.h"

#define W 64
#define H 64
#define GL_FLOAT_VEC2 0x8B50
#define GL_FLOAT_VEC3 0x8B51
#define GL_FLOAT_VEC4 0x8B52
#define GL_SAMPLER_2D 0x8B5E
#define GL_SAMPLER_CUBE 0x8B60

static int failures;

static int
getenv_int(const char *name, int def)
{
   const char *v = getenv(name);
   return v && *v ? atoi(v) : def;
}
static unsigned error_lines;

#define CHECK(cond, ...)                                                       \
   do {                                                                       \
      if (!(cond)) {                                                          \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                 \
         fprintf(stderr, __VA_ARGS__);                                        \
         fprintf(stderr, "\n");                                               \
         failures++;                                                          \
      }                                                                       \
   } while (0)

static void
log_sink(enum sgl_log_level level, const char *line, void *user)
{
   if (level <= SGL_LOG_ERROR)
      error_lines++;
   fprintf(stderr, "splitgl: %s: %s\n", sgl_log_level_name(level), line);
}

/* ---- harness -------------------------------------------------------------------------- */
struct t {
   struct srv_backend *be;
   const struct srv_backend_ops *ops;
   struct srv_ctx *ctx;
   struct srv_resource *color, *zs;
   struct srv_framebuffer fb;
   uint8_t px[W * H * 4];
};

static struct srv_resource *
make_tex(struct t *t, uint32_t target, uint32_t fmt, uint32_t w, uint32_t h, uint32_t last_level)
{
   struct wire_resource_create c = {.target = target, .format = fmt, .width = w, .height = h, .depth = 1,
                                    .layers = target == WIRE_TARGET_TEX_CUBE ? 6 : 1, .last_level = last_level};
   struct srv_resource *r = t->ops->resource_create(t->be, &c);
   CHECK(r, "resource_create");
   return r;
}

static struct srv_resource *
make_buffer(struct t *t, const void *data, uint32_t size)
{
   struct wire_resource_create c = {.target = WIRE_TARGET_BUFFER, .width = size, .height = 1, .depth = 1, .layers = 1};
   struct srv_resource *r = t->ops->resource_create(t->be, &c);
   CHECK(r, "buffer create");
   if (r && data)
      t->ops->buffer_subdata(t->be, r, 0, data, size);
   return r;
}

static void
setup(struct t *t)
{
   memset(t, 0, sizeof(*t));
   sgl_log_set_sink(log_sink, NULL);
   t->be = mg_backend_create(NULL);
   if (!t->be) {
      fprintf(stderr, "FAIL: mg_backend_create\n");
      exit(1);
   }
   t->ops = t->be->ops;
   struct wire_context_create cc = {.api = 0, .major = 3};
   t->ctx = t->ops->context_create(t->be, &cc);
   t->color = make_tex(t, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, W, H, 0);
   t->zs = make_tex(t, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_D24_UNORM_S8_UINT, W, H, 0);
   t->fb = (struct srv_framebuffer){.width = W, .height = H, .nr_cbufs = 1};
   t->fb.cbufs[0].res = t->color;
   t->fb.zsbuf.res = t->zs;
   t->ops->set_framebuffer(t->ctx, &t->fb);
   struct wire_viewport vp = {0, 0, W, H, 0, 1};
   t->ops->set_viewport(t->ctx, &vp);
}

static void
teardown(struct t *t)
{
   t->ops->finish(t->ctx);
   struct wire_server_stats st = {0};
   t->ops->get_stats(t->be, &st);
   CHECK(st.validation_errors == 0, "validation_errors = %llu", (unsigned long long)st.validation_errors);
   const char *v = getenv("SPLITGL_VALIDATE");
   CHECK(!(v && !strcmp(v, "1")) || st.validation_active, "SPLITGL_VALIDATE=1 but the validation layer is not active");
   if (st.validation_warnings)
      fprintf(stderr, "note: %llu validation warnings\n", (unsigned long long)st.validation_warnings);
   struct srv_framebuffer none = {0};
   t->ops->set_framebuffer(t->ctx, &none);
   t->ops->resource_destroy(t->be, t->color);
   t->ops->resource_destroy(t->be, t->zs);
   t->ops->context_destroy(t->be, t->ctx);
   t->ops->destroy(t->be);
   CHECK(error_lines == 0, "%u ERROR log lines", error_lines);
}

static void
clear(struct t *t, uint32_t buffers, float r, float g, float b, float a, float depth, uint32_t stencil)
{
   struct wire_clear c = {.buffers = buffers, .stencil = stencil, .color = {r, g, b, a}, .depth = depth,
                          .stencil_write_mask = 0xff};
   memset(c.colormask, 0xf, sizeof(c.colormask));
   t->ops->clear(t->ctx, &c);
}

static void
read_back(struct t *t, struct srv_resource *res, uint32_t level)
{
   memset(t->px, 0xcd, sizeof(t->px));
   struct srv_surface s = {res, level, 0};
   uint32_t w = wire_minify(W, level), h = wire_minify(H, level);
   CHECK(t->ops->read_pixels(t->ctx, &s, 0, 0, w, h, t->px), "read_pixels");
}

static const uint8_t *
pixel(struct t *t, uint32_t x, uint32_t y, uint32_t w)
{
   return &t->px[(y * w + x) * 4];
}

static void
expect(struct t *t, uint32_t x, uint32_t y, uint32_t w, int r, int g, int b, int a, const char *what)
{
   const uint8_t *p = pixel(t, x, y, w);
   int tol = 2;
   CHECK(abs(p[0] - r) <= tol && abs(p[1] - g) <= tol && abs(p[2] - b) <= tol && abs(p[3] - a) <= tol,
         "%s: pixel (%u,%u) = (%d,%d,%d,%d), want (%d,%d,%d,%d)", what, x, y, p[0], p[1], p[2], p[3], r, g, b, a);
}

struct prog_desc {
   const uint32_t *vs, *fs;
   size_t vs_size, fs_size;
   const struct spv_attrib *attribs;
   uint32_t attrib_count;
   const struct spv_sampler *samplers;
   uint32_t sampler_count;
   uint32_t default_block_size;
};

static struct srv_program *
make_program(struct t *t, const struct prog_desc *d)
{
   struct spv_program_info info = {
      .stage_mask = 3,
      .spirv = {d->vs, d->fs},
      .spirv_words = {(uint32_t)(d->vs_size / 4), (uint32_t)(d->fs_size / 4)},
      .default_block_size = d->default_block_size,
      .default_block_stage_mask = d->default_block_size ? 1u << SPV_STAGE_FRAGMENT : 0,
      .sampler_slot_count = d->sampler_count,
      .sampler_count = d->sampler_count,
      .samplers = d->samplers,
      .attrib_count = d->attrib_count,
      .attribs = d->attribs,
   };
   struct srv_program *p = t->ops->program_create(t->be, &info);
   CHECK(p, "program_create");
   return p;
}

static const struct spv_attrib color_attribs[] = {
   {"pos", GL_FLOAT_VEC3, 1, 0, 1},
   {"col", GL_FLOAT_VEC4, 1, 1, 1},
};

/* Unbinds the program and vertex elements and deletes both (ve may be NULL). */
static void
drop_program(struct t *t, struct srv_program *p, void *ve)
{
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   if (ve)
      t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
}

static struct srv_program *
color_program(struct t *t)
{
   struct prog_desc d = {color_vs, color_fs, sizeof(color_vs), sizeof(color_fs), color_attribs, 2, NULL, 0, 0};
   return make_program(t, &d);
}

/* velems: pos (xyz float) at location 0 from vb 0; color either per-vertex or constant. */
static void *
velems_pos_col(struct t *t, bool per_vertex_color, const float *const_color)
{
   struct wire_velems_state v = {.count = per_vertex_color ? 2 : 1};
   v.e[0] = (struct wire_vertex_element){0, 0, WIRE_VF_R32G32B32_FLOAT, 0, 0, 0};
   v.e[1] = (struct wire_vertex_element){12, 0, WIRE_VF_R32G32B32A32_FLOAT, 1, 0, 0};
   if (!per_vertex_color && const_color) {
      v.constant_mask = 1u << 1;
      memcpy(v.constant_values[1], const_color, 16);
   }
   return t->ops->create_velems(t->be, &v);
}

static void
bind_vb(struct t *t, uint32_t index, struct srv_resource *buf, uint32_t stride)
{
   struct srv_vertex_buffer vb = {buf, 0, stride};
   t->ops->set_vertex_buffers(t->ctx, index, 1, &vb);
}

static void
draw(struct t *t, uint32_t mode, uint32_t start, uint32_t count, uint32_t instances)
{
   struct srv_draw d = {.info = {.mode = mode, .start = start, .count = count, .instance_count = instances}};
   t->ops->draw(t->ctx, &d);
}

/* Pixel center -> NDC on the W x H framebuffer. */
static float ndc_x(float px) { return (px + 0.5f) / (W / 2.0f) - 1.0f; }
static float ndc_y(float py) { return (py + 0.5f) / (H / 2.0f) - 1.0f; }

/* One quad (two triangles, CCW) from (x0,y0) to (x1,y1) in NDC at depth z, color c. */
static void
quad(float *v, float x0, float y0, float x1, float y1, float z, const float c[4])
{
   const float p[6][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y0}, {x1, y1}, {x0, y1}};
   for (int i = 0; i < 6; i++) {
      float *o = v + i * 7;
      o[0] = p[i][0], o[1] = p[i][1], o[2] = z;
      memcpy(o + 3, c, 16);
   }
}

/* ---- cases ---------------------------------------------------------------------------- */

static void
test_clear(struct t *t)
{
   clear(t, WIRE_CLEAR_COLOR0 | WIRE_CLEAR_DEPTH | WIRE_CLEAR_STENCIL, 0.25f, 0.5f, 0.75f, 1.0f, 1.0f, 0);
   read_back(t, t->color, 0);
   expect(t, 0, 0, W, 64, 128, 191, 255, "full clear");
   expect(t, W - 1, H - 1, W, 64, 128, 191, 255, "full clear");
   /* Scissored clear: GL window coordinates, origin bottom left. */
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0, .color = {1, 0, 0, 1}, .scissor_enable = 1,
                          .scissor = {0, 0, 16, 8}};
   memset(c.colormask, 0xf, sizeof(c.colormask));
   t->ops->clear(t->ctx, &c);
   read_back(t, t->color, 0);
   expect(t, 0, 0, W, 255, 0, 0, 255, "scissored clear inside");
   expect(t, 15, 7, W, 255, 0, 0, 255, "scissored clear inside");
   expect(t, 16, 7, W, 64, 128, 191, 255, "scissored clear outside x");
   expect(t, 0, 8, W, 64, 128, 191, 255, "scissored clear outside y");
   /* Partial read-back: rectangle partly outside the surface keeps the caller's fill. */
   uint8_t part[4 * 4 * 4];
   memset(part, 0x11, sizeof(part));
   struct srv_surface s = {t->color, 0, 0};
   CHECK(t->ops->read_pixels(t->ctx, &s, -2, -2, 4, 4, part), "partial read");
   CHECK(part[0] == 0x11 && part[(2 * 4 + 2) * 4] == 255, "partial read clipping");
}

static void
test_triangle(struct t *t)
{
   struct srv_program *p = color_program(t);
   float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
   /* CCW in GL window space, entirely in the lower half of NDC. */
   float v[3 * 7] = {-1, -1, 0, 1, 0, 0, 1, 1, -1, 0, 1, 0, 0, 1, 0, -0.1f, 0, 1, 0, 0, 1};
   struct srv_resource *vb = make_buffer(t, v, sizeof(v));
   void *ve = velems_pos_col(t, true, NULL);
   struct wire_rast_state rs = {.cull_mode = WIRE_CULL_BACK, .front_ccw = 1, .line_width = 1};
   void *rast = t->ops->create_rast(t->be, &rs);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   t->ops->bind_cso(t->ctx, WIRE_CSO_RAST, rast);
   bind_vb(t, 0, vb, 28);
   clear(t, WIRE_CLEAR_COLOR0, 0, 0, 0, 1, 1, 0);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
   /* The same triangle clockwise must be culled (back face). */
   float cw[3 * 7] = {-1, 0.1f, 0, 0, 1, 0, 1, 0, 0.9f, 0, 0, 1, 0, 1, 1, 0.1f, 0, 0, 1, 0, 1};
   struct srv_resource *vb2 = make_buffer(t, cw, sizeof(cw));
   bind_vb(t, 0, vb2, 28);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
   read_back(t, t->color, 0);
   expect(t, W / 2, 2, W, 255, 0, 0, 255, "triangle near the bottom row");
   expect(t, W / 2, H - 3, W, 0, 0, 0, 255, "top rows untouched");
   expect(t, W / 2, H / 2 + 8, W, 0, 0, 0, 255, "clockwise triangle culled");
   (void)red, (void)green;
   struct wire_server_stats st = {0};
   t->ops->get_stats(t->be, &st);
   CHECK(st.pipelines_created == 1, "two draws with one state: %llu pipelines", (unsigned long long)st.pipelines_created);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_RAST, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_RAST, rast);
   t->ops->resource_destroy(t->be, vb);
   t->ops->resource_destroy(t->be, vb2);
}

static void
draw_quads(struct t *t, const float *v, uint32_t nquads)
{
   struct srv_resource *vb = make_buffer(t, v, nquads * 6 * 28);
   bind_vb(t, 0, vb, 28);
   draw(t, WIRE_PRIM_TRIANGLES, 0, nquads * 6, 1);
   t->ops->resource_destroy(t->be, vb);
}

static void
test_depth(struct t *t)
{
   struct srv_program *p = color_program(t);
   void *ve = velems_pos_col(t, true, NULL);
   struct wire_dsa_state ds = {.depth_enable = 1, .depth_write = 1, .depth_func = WIRE_FUNC_LESS};
   void *dsa = t->ops->create_dsa(t->be, &ds);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   t->ops->bind_cso(t->ctx, WIRE_CSO_DSA, dsa);
   clear(t, WIRE_CLEAR_COLOR0 | WIRE_CLEAR_DEPTH | WIRE_CLEAR_STENCIL, 0, 0, 0, 1, 1, 0);
   float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
   float v[3 * 42];
   quad(v, -1, -1, 1, 1, 0.0f, red);     /* NDC z 0 -> depth 0.5 ([-1,1] clip) */
   quad(v + 42, -1, -1, 1, 1, 0.5f, green); /* behind: rejected */
   quad(v + 84, -1, -1, 0, 0, -0.5f, blue); /* in front, lower-left quarter only */
   draw_quads(t, v, 3);
   read_back(t, t->color, 0);
   expect(t, 8, 8, W, 0, 0, 255, 255, "front quad wins");
   expect(t, 48, 48, W, 255, 0, 0, 255, "far quad rejected");
   /* GL's [-1,1] clip depth: NDC z -0.5 -> 0.25 passes against 0.3, z -0.3 -> 0.35 fails. */
   float y[4] = {1, 1, 0, 1};
   quad(v, 0, 0, 1, 1, -0.5f, y);
   quad(v + 42, -1, 0, 0, 1, -0.3f, y);
   clear(t, WIRE_CLEAR_DEPTH, 0, 0, 0, 1, 0.3f, 0);
   draw_quads(t, v, 2);
   read_back(t, t->color, 0);
   expect(t, 48, 48, W, 255, 255, 0, 255, "depth 0.25 passes against 0.3");
   expect(t, 16, 48, W, 255, 0, 0, 255, "depth 0.35 fails against 0.3");
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_DSA, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_DSA, dsa);
}

static void
test_blend(struct t *t)
{
   struct srv_program *p = color_program(t);
   void *ve = velems_pos_col(t, true, NULL);
   struct wire_blend_state bs = {0};
   bs.rt[0] = (struct wire_rt_blend){1, WIRE_BO_ADD, WIRE_BF_SRC_ALPHA, WIRE_BF_ONE_MINUS_SRC_ALPHA,
                                     WIRE_BO_ADD, WIRE_BF_ONE, WIRE_BF_ZERO, 0xf};
   void *blend = t->ops->create_blend(t->be, &bs);
   struct wire_blend_state bc = {0};
   bc.rt[0] = (struct wire_rt_blend){1, WIRE_BO_ADD, WIRE_BF_CONSTANT_COLOR, WIRE_BF_ZERO,
                                     WIRE_BO_ADD, WIRE_BF_ONE, WIRE_BF_ZERO, 0xf};
   void *blendc = t->ops->create_blend(t->be, &bc);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   t->ops->bind_cso(t->ctx, WIRE_CSO_BLEND, blend);
   clear(t, WIRE_CLEAR_COLOR0, 0, 0, 1, 1, 1, 0);
   float half_red[4] = {1, 0, 0, 0.5f}, white[4] = {1, 1, 1, 1};
   float v[2 * 42];
   quad(v, -1, -1, 1, 1, 0, half_red);
   draw_quads(t, v, 1);
   t->ops->bind_cso(t->ctx, WIRE_CSO_BLEND, blendc);
   struct wire_context_values cv = {.blend_color = {0.5f, 0.25f, 1.0f, 1.0f}};
   t->ops->set_context_values(t->ctx, &cv);
   quad(v, 0, 0, 1, 1, 0, white);
   draw_quads(t, v, 1);
   read_back(t, t->color, 0);
   expect(t, 8, 8, W, 128, 0, 128, 128, "src-alpha blend");
   expect(t, 48, 48, W, 128, 64, 255, 255, "constant-color blend");
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_BLEND, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_BLEND, blend);
   t->ops->delete_cso(t->be, WIRE_KIND_BLEND, blendc);
}

struct tex_consts {
   float tint[4];
   float lod;
   float pad[3];
};

static void
draw_textured(struct t *t, struct srv_program *p, float lod)
{
   struct tex_consts k = {{1, 1, 1, 1}, lod, {0}};
   t->ops->set_constant_buffer(t->ctx, 0, &k, sizeof(k));
   float v[6 * 4] = {-1, -1, 0, 0, 3, -1, 2, 0, -1, 3, 0, 2}; /* fullscreen triangle, uv 0..1 on screen */
   struct srv_resource *vb = make_buffer(t, v, sizeof(v));
   bind_vb(t, 0, vb, 16);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
   t->ops->resource_destroy(t->be, vb);
}

static struct srv_program *
tex_program(struct t *t)
{
   static const struct spv_attrib attribs[] = {{"pos", GL_FLOAT_VEC2, 1, 0, 1}, {"uv", GL_FLOAT_VEC2, 1, 1, 1}};
   static const struct spv_sampler samplers[] = {{SPV_BINDING_SAMPLER_BASE, GL_SAMPLER_2D, 1, 0, 1u << SPV_STAGE_FRAGMENT}};
   struct prog_desc d = {tex_vs, tex_fs, sizeof(tex_vs), sizeof(tex_fs), attribs, 2, samplers, 1, sizeof(struct tex_consts)};
   return make_program(t, &d);
}

static void *
tex_velems(struct t *t)
{
   struct wire_velems_state v = {.count = 2};
   v.e[0] = (struct wire_vertex_element){0, 0, WIRE_VF_R32G32_FLOAT, 0, 0, 0};
   v.e[1] = (struct wire_vertex_element){8, 0, WIRE_VF_R32G32_FLOAT, 1, 0, 0};
   return t->ops->create_velems(t->be, &v);
}

static void
test_texture(struct t *t)
{
   /* 8x8 texture, level 0 = 1-texel checkerboard (black / white), RGB8 (stored as RGBA8). */
   struct srv_resource *tex = make_tex(t, WIRE_TARGET_TEX_2D, WIRE_FMT_R8G8B8_UNORM, 8, 8, 3);
   uint8_t texels[8 * 8 * 3];
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         memset(&texels[(y * 8 + x) * 3], ((x + y) & 1) ? 255 : 0, 3);
   texels[0] = 255; /* texel (0,0), the bottom-left one, is red-ish: (255,0,0) */
   struct wire_texture_subdata box = {.level = 0, .w = 8, .h = 8, .d = 1};
   t->ops->texture_subdata(t->be, tex, &box, texels);
   t->ops->generate_mipmap(t->ctx, tex, 0, 3);
   struct srv_program *p = tex_program(t);
   void *ve = tex_velems(t);
   struct wire_sampler_state ss = {.min_filter = WIRE_FILTER_NEAREST, .mag_filter = WIRE_FILTER_NEAREST,
                                   .mip_filter = WIRE_MIP_NEAREST, .max_lod = 1000, .max_anisotropy = 1,
                                   .wrap_s = WIRE_WRAP_CLAMP_TO_EDGE, .wrap_t = WIRE_WRAP_CLAMP_TO_EDGE};
   void *smp = t->ops->create_sampler(t->be, &ss);
   struct srv_sampler_view sv = {tex, WIRE_TARGET_TEX_2D, {0, 1, 2, 3}, 0, 3};
   t->ops->set_sampler_views(t->ctx, 2, 1, &sv);
   t->ops->bind_sampler_states(t->ctx, 2, 1, &smp);
   uint32_t unit = 2;
   t->ops->set_program_bindings(t->ctx, p, 1, &unit, 0, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   draw_textured(t, p, 0.0f);
   read_back(t, t->color, 0);
   expect(t, 0, 0, W, 255, 0, 0, 255, "texel (0,0) lands bottom-left");
   expect(t, 8, 0, W, 255, 255, 255, 255, "checker white");
   expect(t, 8, 8, W, 0, 0, 0, 255, "checker (1,1) black");
   draw_textured(t, p, 3.0f);
   read_back(t, t->color, 0);
   const uint8_t *px = pixel(t, 32, 32, W);
   CHECK(px[1] > 100 && px[1] < 156 && px[3] == 255, "1x1 mip is the average: got (%d,%d,%d,%d)", px[0], px[1], px[2], px[3]);
   /* Unit 5 has no view: the dummy reads (0,0,0,1). */
   unit = 5;
   t->ops->set_program_bindings(t->ctx, p, 1, &unit, 0, NULL);
   draw_textured(t, p, 0.0f);
   read_back(t, t->color, 0);
   expect(t, 10, 10, W, 0, 0, 0, 255, "missing view samples black");
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   struct srv_sampler_view none = {0};
   t->ops->set_sampler_views(t->ctx, 2, 1, &none);
   void *nosmp = NULL;
   t->ops->bind_sampler_states(t->ctx, 2, 1, &nosmp);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_SAMPLER, smp);
   t->ops->resource_destroy(t->be, tex);
}

static void
test_remint(struct t *t)
{
   /* Render into level 0 of a 16x16 texture, then respecify it with 5 levels (preserve). */
   struct srv_resource *tex = make_tex(t, WIRE_TARGET_TEX_2D, WIRE_FMT_R8G8B8A8_UNORM, 16, 16, 0);
   struct srv_framebuffer fb = {.width = 16, .height = 16, .nr_cbufs = 1};
   fb.cbufs[0].res = tex;
   t->ops->set_framebuffer(t->ctx, &fb);
   clear(t, WIRE_CLEAR_COLOR0, 0, 1, 0, 1, 1, 0);
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0, .color = {1, 0, 1, 1}, .scissor_enable = 1, .scissor = {0, 0, 4, 4}};
   memset(c.colormask, 0xf, sizeof(c.colormask));
   t->ops->clear(t->ctx, &c);
   struct wire_resource_create rc = {.target = WIRE_TARGET_TEX_2D, .format = WIRE_FMT_R8G8B8A8_UNORM, .width = 16,
                                     .height = 16, .depth = 1, .layers = 1, .last_level = 4,
                                     .flags = WIRE_RESPECIFY_PRESERVE};
   CHECK(t->ops->resource_respecify(t->be, tex, &rc), "respecify");
   /* The core re-sends the framebuffer after a remint; reading needs no framebuffer. */
   t->ops->set_framebuffer(t->ctx, &t->fb);
   uint8_t px[16 * 16 * 4];
   struct srv_surface s = {tex, 0, 0};
   CHECK(t->ops->read_pixels(t->ctx, &s, 0, 0, 16, 16, px), "read level 0");
   CHECK(px[0] == 255 && px[1] == 0 && px[2] == 255, "preserved scissored clear: (%d,%d,%d)", px[0], px[1], px[2]);
   const uint8_t *q = &px[(10 * 16 + 10) * 4];
   CHECK(q[0] == 0 && q[1] == 255 && q[3] == 255, "preserved clear: (%d,%d,%d,%d)", q[0], q[1], q[2], q[3]);
   /* The new levels are usable: generate and read level 4 (1x1). */
   t->ops->generate_mipmap(t->ctx, tex, 0, 4);
   uint8_t one[4] = {0};
   s.level = 4;
   CHECK(t->ops->read_pixels(t->ctx, &s, 0, 0, 1, 1, one), "read level 4");
   CHECK(one[1] > 200 && one[3] == 255, "level 4 mostly green: (%d,%d,%d,%d)", one[0], one[1], one[2], one[3]);
   struct wire_server_stats st = {0};
   t->ops->get_stats(t->be, &st);
   /* level 0 (16x16 RGBA8) kept on the device; the remint count itself is the core's */
   CHECK(st.remint_bytes == 16 * 16 * 4, "remint_bytes = %llu", (unsigned long long)st.remint_bytes);
   t->ops->resource_destroy(t->be, tex);
}

static void
test_line_loop(struct t *t)
{
   struct srv_program *p = color_program(t);
   float white[4] = {1, 1, 1, 1};
   void *ve = velems_pos_col(t, false, white);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   clear(t, WIRE_CLEAR_COLOR0, 0, 0, 0, 1, 1, 0);
   /* Square through pixel centers 8..40; two junk vertices first to exercise `start`. */
   float v[6 * 3] = {0, 0, 0, 0, 0, 0,
                     ndc_x(8), ndc_y(8), 0, ndc_x(40), ndc_y(8), 0, ndc_x(40), ndc_y(40), 0, ndc_x(8), ndc_y(40), 0};
   struct srv_resource *vb = make_buffer(t, v, sizeof(v));
   struct wire_velems_state vs = {.count = 1, .constant_mask = 2};
   vs.e[0] = (struct wire_vertex_element){0, 0, WIRE_VF_R32G32B32_FLOAT, 0, 0, 0};
   memcpy(vs.constant_values[1], white, 16);
   void *ve3 = t->ops->create_velems(t->be, &vs);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve3);
   bind_vb(t, 0, vb, 12);
   draw(t, WIRE_PRIM_LINE_LOOP, 2, 4, 1);
   read_back(t, t->color, 0);
   expect(t, 24, 8, W, 255, 255, 255, 255, "bottom edge");
   expect(t, 40, 24, W, 255, 255, 255, 255, "right edge");
   expect(t, 24, 40, W, 255, 255, 255, 255, "top edge");
   expect(t, 8, 24, W, 255, 255, 255, 255, "closing (left) edge");
   expect(t, 24, 24, W, 0, 0, 0, 255, "inside empty");
   /* Indexed with 8-bit indices, base_vertex 2: the same square. */
   clear(t, WIRE_CLEAR_COLOR0, 0, 0, 0, 1, 1, 0);
   uint8_t idx[4] = {0, 1, 2, 3};
   struct srv_resource *ib = make_buffer(t, idx, sizeof(idx));
   struct srv_draw d = {.info = {.mode = WIRE_PRIM_LINE_LOOP, .index_size = 1, .count = 4, .instance_count = 1,
                                 .base_vertex = 2}, .index_res = ib};
   t->ops->draw(t->ctx, &d);
   read_back(t, t->color, 0);
   expect(t, 8, 24, W, 255, 255, 255, 255, "indexed closing edge");
   expect(t, 24, 8, W, 255, 255, 255, 255, "indexed bottom edge");
   drop_program(t, p, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve3);
   t->ops->resource_destroy(t->be, vb);
   t->ops->resource_destroy(t->be, ib);
}

static void
test_instanced(struct t *t)
{
   static const struct spv_attrib attribs[] = {{"pos", GL_FLOAT_VEC2, 1, 0, 1}, {"offset", GL_FLOAT_VEC2, 1, 1, 1},
                                               {"col", GL_FLOAT_VEC4, 1, 2, 1}};
   struct prog_desc d = {inst_vs, color_fs, sizeof(inst_vs), sizeof(color_fs), attribs, 3, NULL, 0, 0};
   struct srv_program *p = make_program(t, &d);
   /* A quad in the lower-left quadrant; instance i moves it to quadrant i. Colour changes every
    * 2 instances (divisor 2). */
   float pos[6 * 2] = {-1, -1, 0, -1, 0, 0, -1, -1, 0, 0, -1, 0};
   float offs[4 * 2] = {0, 0, 1, 0, 0, 1, 1, 1};
   float cols[2 * 4] = {1, 0, 0, 1, 0, 0, 1, 1};
   struct srv_resource *b0 = make_buffer(t, pos, sizeof(pos)), *b1 = make_buffer(t, offs, sizeof(offs));
   struct srv_resource *b2 = make_buffer(t, cols, sizeof(cols));
   struct wire_velems_state v = {.count = 3};
   v.e[0] = (struct wire_vertex_element){0, 0, WIRE_VF_R32G32_FLOAT, 0, 0, 0};
   v.e[1] = (struct wire_vertex_element){0, 1, WIRE_VF_R32G32_FLOAT, 1, 0, 1};
   v.e[2] = (struct wire_vertex_element){0, 2, WIRE_VF_R32G32B32A32_FLOAT, 2, 0, 2};
   void *ve = t->ops->create_velems(t->be, &v);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   bind_vb(t, 0, b0, 8);
   bind_vb(t, 1, b1, 8);
   bind_vb(t, 2, b2, 16);
   clear(t, WIRE_CLEAR_COLOR0, 0, 0, 0, 1, 1, 0);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 6, 4);
   read_back(t, t->color, 0);
   expect(t, 16, 16, W, 255, 0, 0, 255, "instance 0");
   expect(t, 48, 16, W, 255, 0, 0, 255, "instance 1");
   expect(t, 16, 48, W, 0, 0, 255, 255, "instance 2");
   expect(t, 48, 48, W, 0, 0, 255, 255, "instance 3");
   drop_program(t, p, ve);
   t->ops->resource_destroy(t->be, b0);
   t->ops->resource_destroy(t->be, b1);
   t->ops->resource_destroy(t->be, b2);
}

static void
test_masked_clear(struct t *t)
{
   clear(t, WIRE_CLEAR_COLOR0 | WIRE_CLEAR_DEPTH | WIRE_CLEAR_STENCIL, 0, 0, 0, 0, 1, 0);
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0 | WIRE_CLEAR_STENCIL, .color = {1, 1, 1, 1}, .stencil = 0xff,
                          .stencil_write_mask = 0x0f, .scissor_enable = 1, .scissor = {0, 0, 32, 64}};
   c.colormask[0] = 0x1 | 0x8; /* R and A only */
   t->ops->clear(t->ctx, &c);
   read_back(t, t->color, 0);
   expect(t, 4, 4, W, 255, 0, 0, 255, "masked clear R|A");
   expect(t, 40, 4, W, 0, 0, 0, 0, "outside scissor");
   /* Stencil now 0x0f on the left half: draw green where stencil == 0x0f. */
   struct srv_program *p = color_program(t);
   float green[4] = {0, 1, 0, 1};
   void *ve = velems_pos_col(t, true, NULL);
   struct wire_dsa_state ds = {.stencil_enable = 1};
   ds.front = ds.back = (struct wire_stencil_face){WIRE_FUNC_EQUAL, WIRE_SOP_KEEP, WIRE_SOP_KEEP, WIRE_SOP_KEEP, 0xff, 0xff};
   void *dsa = t->ops->create_dsa(t->be, &ds);
   struct wire_context_values cv = {.stencil_ref_front = 0x0f, .stencil_ref_back = 0x0f};
   t->ops->set_context_values(t->ctx, &cv);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   t->ops->bind_cso(t->ctx, WIRE_CSO_DSA, dsa);
   float v[42];
   quad(v, -1, -1, 1, 1, 0, green);
   draw_quads(t, v, 1);
   read_back(t, t->color, 0);
   expect(t, 4, 40, W, 0, 255, 0, 255, "stencil masked to 0x0f passes EQUAL 0x0f");
   expect(t, 40, 40, W, 0, 0, 0, 0, "stencil 0 fails");
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_DSA, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_DSA, dsa);
}

/* A depth buffer of format `fmt` uploaded with left half 0.25 and right half 0.75 gates a
 * quad at depth 0.5 (LESS): only the right half is drawn. */
static void
depth_upload_case(struct t *t, uint32_t fmt)
{
   struct srv_resource *zs = make_tex(t, WIRE_TARGET_TEX_2D, fmt, W, H, 0);
   uint32_t ts = wire_format_texel_size(fmt);
   uint8_t *data = malloc((size_t)W * H * ts);
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         double d = x < W / 2 ? 0.25 : 0.75;
         uint8_t *o = data + ((size_t)y * W + x) * ts;
         if (fmt == WIRE_FMT_D24_UNORM_S8_UINT) {
            uint32_t v = (uint32_t)(d * 16777215.0) << 8 | 0x5a;
            memcpy(o, &v, 4);
         } else if (fmt == WIRE_FMT_D16_UNORM) {
            uint16_t v = (uint16_t)(d * 65535.0);
            memcpy(o, &v, 2);
         } else {
            float v = (float)d;
            memcpy(o, &v, 4);
         }
      }
   struct wire_texture_subdata box = {.w = W, .h = H, .d = 1};
   t->ops->texture_subdata(t->be, zs, &box, data);
   free(data);
   struct srv_framebuffer fb = t->fb;
   fb.zsbuf.res = zs;
   t->ops->set_framebuffer(t->ctx, &fb);
   clear(t, WIRE_CLEAR_COLOR0, 0, 0, 0, 1, 1, 0);
   float red[4] = {1, 0, 0, 1}, v[42];
   quad(v, -1, -1, 1, 1, 0.0f, red);
   draw_quads(t, v, 1);
   read_back(t, t->color, 0);
   expect(t, 8, 8, W, 0, 0, 0, 255, "uploaded depth 0.25 rejects 0.5");
   expect(t, 56, 56, W, 255, 0, 0, 255, "uploaded depth 0.75 passes 0.5");
   t->ops->set_framebuffer(t->ctx, &t->fb);
   t->ops->resource_destroy(t->be, zs);
}

static void
test_formats(struct t *t)
{
   /* Depth uploads in every depth format (D24S8 split into planes on upload). */
   struct srv_program *p = color_program(t);
   void *ve = velems_pos_col(t, true, NULL);
   struct wire_dsa_state ds = {.depth_enable = 1, .depth_write = 0, .depth_func = WIRE_FUNC_LESS};
   void *dsa = t->ops->create_dsa(t->be, &ds);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   t->ops->bind_cso(t->ctx, WIRE_CSO_DSA, dsa);
   depth_upload_case(t, WIRE_FMT_D24_UNORM_S8_UINT);
   depth_upload_case(t, WIRE_FMT_D16_UNORM);
   depth_upload_case(t, WIRE_FMT_D32_FLOAT);
   t->ops->bind_cso(t->ctx, WIRE_CSO_DSA, NULL);
   /* R8 texture sampled: (r, 0, 0, 1). */
   struct srv_resource *r8 = make_tex(t, WIRE_TARGET_TEX_2D, WIRE_FMT_R8_UNORM, 4, 4, 0);
   uint8_t texels[16];
   memset(texels, 200, sizeof(texels));
   struct wire_texture_subdata box = {.w = 4, .h = 4, .d = 1};
   t->ops->texture_subdata(t->be, r8, &box, texels);
   struct srv_program *tp = tex_program(t);
   void *tve = tex_velems(t);
   struct srv_sampler_view sv = {r8, WIRE_TARGET_TEX_2D, {0, 1, 2, 3}, 0, 0};
   t->ops->set_sampler_views(t->ctx, 0, 1, &sv);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, tp);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, tve);
   draw_textured(t, tp, 0.0f); /* unit 0 (GL's default), default sampler state */
   read_back(t, t->color, 0);
   expect(t, 20, 20, W, 200, 0, 0, 255, "R8 sampled");
   /* R8 render target cleared and read back in its wire layout (one byte a texel). */
   struct srv_resource *r8rt = make_tex(t, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8_UNORM, W, H, 0);
   struct srv_framebuffer fb = {.width = W, .height = H, .nr_cbufs = 1};
   fb.cbufs[0].res = r8rt;
   t->ops->set_framebuffer(t->ctx, &fb);
   clear(t, WIRE_CLEAR_COLOR0, 0.5f, 1, 1, 1, 1, 0);
   read_back(t, r8rt, 0);
   CHECK(abs(t->px[3 * W + 3] - 128) <= 2, "R8 render target: texel (3,3) = %d, want 128", t->px[3 * W + 3]);
   t->ops->set_framebuffer(t->ctx, &t->fb);
   struct srv_sampler_view none = {0};
   t->ops->set_sampler_views(t->ctx, 0, 1, &none);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, tp);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, tve);
   t->ops->delete_cso(t->be, WIRE_KIND_DSA, dsa);
   t->ops->resource_destroy(t->be, r8);
   t->ops->resource_destroy(t->be, r8rt);
}

static void
test_cube(struct t *t)
{
   /* Six 4x4 faces, face i filled with colour (i*40, 255-i*40, i&1 ? 255 : 0). */
   struct srv_resource *cube = make_tex(t, WIRE_TARGET_TEX_CUBE, WIRE_FMT_R8G8B8A8_UNORM, 4, 4, 2);
   for (uint32_t f = 0; f < 6; f++) {
      uint8_t texels[4 * 4 * 4];
      for (int i = 0; i < 16; i++) {
         texels[i * 4 + 0] = (uint8_t)(f * 40), texels[i * 4 + 1] = (uint8_t)(255 - f * 40);
         texels[i * 4 + 2] = f & 1 ? 255 : 0, texels[i * 4 + 3] = 255;
      }
      struct wire_texture_subdata box = {.layer = f, .w = 4, .h = 4, .d = 1};
      t->ops->texture_subdata(t->be, cube, &box, texels);
   }
   t->ops->generate_mipmap(t->ctx, cube, 0, 2);
   static const struct spv_attrib attribs[] = {{"pos", GL_FLOAT_VEC2, 1, 0, 1}, {"uv", GL_FLOAT_VEC2, 1, 1, 1}};
   static const struct spv_sampler samplers[] = {{SPV_BINDING_SAMPLER_BASE, GL_SAMPLER_CUBE, 1, 0, 1u << SPV_STAGE_FRAGMENT}};
   struct prog_desc d = {tex_vs, cube_fs, sizeof(tex_vs), sizeof(cube_fs), attribs, 2, samplers, 1, 16};
   struct srv_program *p = make_program(t, &d);
   void *ve = tex_velems(t);
   struct srv_sampler_view sv = {cube, WIRE_TARGET_TEX_CUBE, {0, 1, 2, 3}, 0, 2};
   t->ops->set_sampler_views(t->ctx, 0, 1, &sv);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   static const float dirs[6][4] = {{1, 0, 0, 0}, {-1, 0, 0, 0}, {0, 1, 0, 0}, {0, -1, 0, 0}, {0, 0, 1, 0}, {0, 0, -1, 0}};
   float v[6 * 4] = {-1, -1, 0, 0, 3, -1, 2, 0, -1, 3, 0, 2};
   struct srv_resource *vb = make_buffer(t, v, sizeof(v));
   bind_vb(t, 0, vb, 16);
   for (uint32_t f = 0; f < 6; f++) {
      t->ops->set_constant_buffer(t->ctx, 0, dirs[f], 16);
      draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
      read_back(t, t->color, 0);
      char what[32];
      snprintf(what, sizeof(what), "cube face %u", f);
      expect(t, 30, 30, W, (int)(f * 40), (int)(255 - f * 40), f & 1 ? 255 : 0, 255, what);
   }
   struct srv_sampler_view none = {0};
   t->ops->set_sampler_views(t->ctx, 0, 1, &none);
   drop_program(t, p, ve);
   t->ops->resource_destroy(t->be, vb);
   t->ops->resource_destroy(t->be, cube);
}

static void
test_info(struct t *t)
{
   struct wire_server_info info;
   t->ops->get_info(t->be, &info);
   CHECK(!strncmp(info.renderer, "splitgl Magma (", 15), "renderer \"%s\"", info.renderer);
   uint64_t max_tex = t->ops->get_param(t->be, WIRE_CAP_MAX_TEXTURE_SIZE);
   CHECK(max_tex >= 4096, "max texture size %llu", (unsigned long long)max_tex);
   CHECK(t->ops->get_param(t->be, WIRE_CAP_MAX_VERTEX_ATTRIBS) >= 16, "max vertex attribs");
   float psz = wire_cap_float(t->ops->get_param(t->be, WIRE_CAP_POINT_SIZE_MAX));
   CHECK(psz >= 1.0f, "point size max %f", psz);
   uint64_t vf = t->ops->get_param(t->be, WIRE_CAP_VERTEX_FORMATS_0);
   CHECK(vf & (1ull << WIRE_VF_R32G32B32A32_FLOAT), "RGBA32F vertex fetch not reported");
   CHECK(t->ops->get_param(t->be, WIRE_CAP_COUNT) == 0, "past the table");
   /* Draws without a program or a framebuffer are declined, not fatal, and counted. */
   struct wire_server_stats st0 = {0}, st1 = {0};
   t->ops->get_stats(t->be, &st0);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
   struct srv_program *p = color_program(t);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   struct srv_framebuffer none = {0};
   t->ops->set_framebuffer(t->ctx, &none);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->set_framebuffer(t->ctx, &t->fb);
   t->ops->get_stats(t->be, &st1);
   CHECK(st1.skipped == st0.skipped + 2, "declined draws counted: %llu -> %llu",
         (unsigned long long)st0.skipped, (unsigned long long)st1.skipped);
   /* Two contexts interleaved: each keeps its own framebuffer and render pass. */
   struct wire_context_create cc = {.api = 1, .major = 4};
   struct srv_ctx *c2 = t->ops->context_create(t->be, &cc);
   struct srv_resource *rt2 = make_tex(t, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, W, H, 0);
   struct srv_framebuffer fb2 = {.width = W, .height = H, .nr_cbufs = 1};
   fb2.cbufs[0].res = rt2;
   t->ops->set_framebuffer(c2, &fb2);
   clear(t, WIRE_CLEAR_COLOR0, 1, 0, 0, 1, 1, 0);
   struct wire_clear c = {.buffers = WIRE_CLEAR_COLOR0, .color = {0, 0, 1, 1}};
   memset(c.colormask, 0xf, sizeof(c.colormask));
   t->ops->clear(c2, &c);
   read_back(t, t->color, 0);
   expect(t, 5, 5, W, 255, 0, 0, 255, "context 1 target");
   read_back(t, rt2, 0);
   expect(t, 5, 5, W, 0, 0, 255, 255, "context 2 target");
   struct srv_framebuffer none2 = {0};
   t->ops->set_framebuffer(c2, &none2);
   t->ops->context_destroy(t->be, c2);
   t->ops->resource_destroy(t->be, rt2);
   /* Many draws with changing constants: batches split, descriptor pools recycle. */
   struct srv_program *tp = tex_program(t);
   void *tve = tex_velems(t);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, tp);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, tve);
   float tri[6 * 4] = {-1, -1, 0, 0, 3, -1, 2, 0, -1, 3, 0, 2};
   struct srv_resource *vb = make_buffer(t, tri, sizeof(tri));
   bind_vb(t, 0, vb, 16);
   for (int i = 0; i < getenv_int("MGT_DRAWS", 10000); i++) {
      struct tex_consts k = {{1, 1, 1, 1}, (float)(i & 3), {0}};
      t->ops->set_constant_buffer(t->ctx, 0, &k, sizeof(k));
      draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
   }
   read_back(t, t->color, 0);
   expect(t, 5, 5, W, 0, 0, 0, 255, "10000 draws of the dummy texture");
   drop_program(t, tp, tve);
   t->ops->resource_destroy(t->be, vb);
   /* Many frames: descriptor pools and streaming memory stay bounded. */
   for (int f = 0; f < 300; f++) {
      clear(t, WIRE_CLEAR_COLOR0, (float)(f & 1), 0, 0, 1, 1, 0);
      t->ops->present(t->ctx, t->color);
   }
}

/* Hostile-but-validated input reaching the backend (the decoder passes all of it): vertex
 * fetches past the end of a buffer (robustBufferAccess), textures beyond the device's limits
 * (refused, GL_OUT_OF_MEMORY in the core), infinite sampler LODs, a NaN clear depth, an empty
 * viewport, a scissor beyond the framebuffer and line width 0. Nothing may crash, and the
 * _validate variant must stay free of validation errors. */
static void
test_hostile(struct t *t)
{
   struct srv_program *p = color_program(t);
   float v[3 * 7] = {-1, -1, 0, 1, 0, 0, 1, 1, -1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1};
   struct srv_resource *vb = make_buffer(t, v, sizeof(v));
   void *ve = velems_pos_col(t, true, NULL);
   struct wire_rast_state rs = {.front_ccw = 1, .line_width = 0, .scissor_enable = 1};
   void *rast = t->ops->create_rast(t->be, &rs);
   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, p);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, ve);
   t->ops->bind_cso(t->ctx, WIRE_CSO_RAST, rast);
   bind_vb(t, 0, vb, 28);
   clear(t, WIRE_CLEAR_COLOR0 | WIRE_CLEAR_DEPTH, 0, 0, 0, 1, NAN, 0);
   struct wire_scissor sc = {-100, -100, 1 << 16, 1 << 16};
   t->ops->set_scissor(t->ctx, &sc);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);           /* in range */
   draw(t, WIRE_PRIM_TRIANGLES, 1000000, 3, 1);     /* every vertex past the buffer */
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3000, 2);        /* runs off the end */
   draw(t, WIRE_PRIM_LINES, 0, 4, 1);
   draw(t, WIRE_PRIM_LINE_LOOP, 2, 5, 1);
   struct srv_resource *ib = make_buffer(t, (const uint32_t[]){0, 1, 0x7fffffffu, 2, 0xffffffffu, 1}, 24);
   struct srv_draw d = {.info = {.mode = WIRE_PRIM_TRIANGLES, .index_size = 4, .count = 6, .instance_count = 1,
                                 .base_vertex = -5},
                        .index_res = ib};
   t->ops->draw(t->ctx, &d);
   struct wire_viewport empty = {0, 0, 0, 0, 0, 1};
   t->ops->set_viewport(t->ctx, &empty);
   draw(t, WIRE_PRIM_TRIANGLES, 0, 3, 1);
   struct wire_viewport vp = {0, 0, W, H, 0, 1};
   t->ops->set_viewport(t->ctx, &vp);
   read_back(t, t->color, 0);
   expect(t, W / 2, 2, W, 255, 0, 0, 255, "the in-range triangle still drew");

   struct wire_sampler_state ss = {.min_filter = WIRE_FILTER_LINEAR, .mag_filter = WIRE_FILTER_LINEAR,
                                   .mip_filter = WIRE_MIP_LINEAR, .min_lod = INFINITY, .max_lod = -INFINITY,
                                   .lod_bias = 1e30f, .max_anisotropy = 1e30f};
   void *smp = t->ops->create_sampler(t->be, &ss);
   CHECK(smp, "sampler with infinite LODs");
   if (smp)
      t->ops->delete_cso(t->be, WIRE_KIND_SAMPLER, smp);

   /* Past the device's limits: refused, never created. */
   struct wire_resource_create huge = {.target = WIRE_TARGET_TEX_2D_ARRAY, .format = WIRE_FMT_R8G8B8A8_UNORM,
                                       .width = WIRE_MAX_TEXTURE_SIZE, .height = WIRE_MAX_TEXTURE_SIZE, .depth = 1,
                                       .layers = WIRE_MAX_ARRAY_LAYERS, .last_level = 14};
   struct srv_resource *r = t->ops->resource_create(t->be, &huge);
   CHECK(!r, "a 2 TiB texture array was created");
   if (r)
      t->ops->resource_destroy(t->be, r);
   struct wire_resource_create deep = {.target = WIRE_TARGET_TEX_3D, .format = WIRE_FMT_D24_UNORM_S8_UINT,
                                       .width = 64, .height = 64, .depth = 64, .layers = 1};
   r = t->ops->resource_create(t->be, &deep);
   if (r) /* a 3D depth image is unsupported almost everywhere; where it is, it works */
      t->ops->resource_destroy(t->be, r);

   t->ops->bind_cso(t->ctx, WIRE_CSO_PROGRAM, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_VELEMS, NULL);
   t->ops->bind_cso(t->ctx, WIRE_CSO_RAST, NULL);
   t->ops->delete_cso(t->be, WIRE_KIND_PROGRAM, p);
   t->ops->delete_cso(t->be, WIRE_KIND_VELEMS, ve);
   t->ops->delete_cso(t->be, WIRE_KIND_RAST, rast);
   t->ops->resource_destroy(t->be, vb);
   t->ops->resource_destroy(t->be, ib);
}

/* A backend whose one legal draw outlasts SPLITGL_WAIT_TIMEOUT_MS (the ctest sets 300 ms): most
 * of its vertices are fetched past the end of a 3-vertex buffer (robust access). The fence
 * wait declares the device hung and lost; then every object, the context and the backend are
 * destroyed while lavapipe's queue thread still runs the draw. */
static void
hung_session(uint32_t count, uint32_t instances)
{
   struct t t;
   memset(&t, 0, sizeof(t));
   t.be = mg_backend_create(NULL);
   if (!t.be) {
      fprintf(stderr, "FAIL: mg_backend_create\n");
      exit(1);
   }
   t.ops = t.be->ops;
   struct wire_context_create cc = {.api = 0, .major = 3};
   t.ctx = t.ops->context_create(t.be, &cc);
   t.color = make_tex(&t, WIRE_TARGET_RENDERBUFFER, WIRE_FMT_R8G8B8A8_UNORM, W, H, 0);
   t.fb = (struct srv_framebuffer){.width = W, .height = H, .nr_cbufs = 1};
   t.fb.cbufs[0].res = t.color;
   t.ops->set_framebuffer(t.ctx, &t.fb);
   struct wire_viewport vp = {0, 0, W, H, 0, 1};
   t.ops->set_viewport(t.ctx, &vp);
   struct srv_program *p = color_program(&t);
   float v[3 * 7] = {-1, -1, 0, 1, 0, 0, 1, 1, -1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1};
   struct srv_resource *vb = make_buffer(&t, v, sizeof(v));
   void *ve = velems_pos_col(&t, true, NULL);
   t.ops->bind_cso(t.ctx, WIRE_CSO_PROGRAM, p);
   t.ops->bind_cso(t.ctx, WIRE_CSO_VELEMS, ve);
   bind_vb(&t, 0, vb, 28);
   draw(&t, WIRE_PRIM_TRIANGLES, 0, count, instances);
   t.ops->finish(t.ctx);
   char what[160] = "";
   enum srv_status st = t.ops->take_status(t.be, what, sizeof(what));
   CHECK(st == SRV_STATUS_DEVICE_LOST, "a draw of %u x %u vertices completed within the wait timeout (status %d)",
         count, instances, (int)st);
   drop_program(&t, p, ve);
   t.ops->resource_destroy(t.be, vb);
   struct srv_framebuffer none = {0};
   t.ops->set_framebuffer(t.ctx, &none);
   t.ops->resource_destroy(t.be, t.color);
   t.ops->context_destroy(t.be, t.ctx);
   t.ops->destroy(t.be);
}

/* Magma must free nothing a hung draw reads (buffers, pipeline, device, instance) while it
 * runs, and free all of it once the draw has ended (the first Magma fuzz finding, issue 15,
 * was a SEGV in lavapipe's JIT code after Magma freed them). Runs on its own (not through
 * setup / teardown: each hang is an ERROR line on purpose). */
static int
run_hung(void)
{
   sgl_log_set_sink(log_sink, NULL);
   hung_session(1000000000u, 1000000u); /* runs for days: kept to the end of the process */
   CHECK(mg_backends_kept() == 1, "%u backends kept after one hang", mg_backends_kept());
   /* the draw goes on meanwhile, reading what was kept */
   nanosleep(&(struct timespec){1, 0}, NULL);
   /* a draw that ends: kept while it runs, then freed by the first destroy or create after */
   hung_session(100000000u, 1);
   unsigned kept = mg_backends_kept();
   CHECK(kept == 2 || kept == 1, "%u backends kept after two hangs", kept);
   struct timespec t0, now;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   do {
      nanosleep(&(struct timespec){0, 100000000}, NULL);
      kept = mg_backends_kept();
      clock_gettime(CLOCK_MONOTONIC, &now);
   } while (kept > 1 && now.tv_sec - t0.tv_sec < 240);
   fprintf(stderr, "note: the second hung draw was freed %ld s after its destroy\n", (long)(now.tv_sec - t0.tv_sec));
   /* about 1 s on an idle machine; over 90 s once in the ASan lane at load 17 on 2 cores, with
    * the first draw's threads computing beside it */
   CHECK(kept == 1, "the backend whose draw ended was not freed within 240 s (%u kept)", kept);
   fprintf(stderr, "hung: %s\n", failures ? "FAILED" : "ok");
   return failures ? 1 : 0;
}

static const struct {
   const char *name;
   void (*fn)(struct t *t);
} cases[] = {
   {"info", test_info},       {"clear", test_clear},         {"triangle", test_triangle},
   {"depth", test_depth},     {"blend", test_blend},         {"texture", test_texture},
   {"remint", test_remint},   {"line_loop", test_line_loop}, {"instanced", test_instanced},
   {"masked_clear", test_masked_clear}, {"formats", test_formats},
   {"cube", test_cube},       {"hostile", test_hostile},
};

int
main(int argc, char **argv)
{
   const char *which = argc > 1 ? argv[1] : "";
   if (!strcmp(which, "hung"))
      return run_hung();
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (strcmp(which, cases[i].name) && strcmp(which, "all"))
         continue;
      static struct t t;
      error_lines = 0;
      setup(&t);
      cases[i].fn(&t);
      teardown(&t);
      fprintf(stderr, "%s: %s\n", cases[i].name, failures ? "FAILED" : "ok");
      if (strcmp(which, "all"))
         return failures ? 1 : 0;
   }
   if (strcmp(which, "all")) {
      fprintf(stderr, "unknown case \"%s\"\n", which);
      return 2;
   }
   return failures ? 1 : 0;
}
