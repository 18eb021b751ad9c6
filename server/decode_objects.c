/* splitgl server: records that create and destroy objects, and resource uploads. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_private.h"
#include "util/log.h"
#include "wire/format.h"

#define GL_OUT_OF_MEMORY 0x0505

static uint32_t
log2_floor(uint32_t v)
{
   return v ? 31u - (uint32_t)__builtin_clz(v) : 0;
}

void
srv_handle_ContextCreate(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_context_create *c = p;
   struct srv_entry *e = srv_table_claim(&s->tables[WIRE_KIND_CONTEXT], c->ctx);
   if (!e)
      return srv_fatal(s, "ProtocolCorruption", "ContextCreate.ctx");
   struct srv_context *ctx = calloc(1, sizeof(*ctx));
   if (ctx)
      ctx->be = s->ops->context_create(s->be, c);
   if (!ctx || !ctx->be) {
      free(ctx);
      srv_table_release(e);
      return srv_fatal(s, "OutOfMemory", "ContextCreate");
   }
   ctx->handle = c->ctx;
   e->obj = ctx;
}

void
srv_handle_MakeCurrent(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_make_current *m = p;
   if (m->ctx.gen == 0) {
      s->cur = NULL;
      return;
   }
   struct srv_entry *e = srv_table_get(&s->tables[WIRE_KIND_CONTEXT], m->ctx);
   if (!e)
      return srv_fatal(s, "ProtocolCorruption", "MakeCurrent.ctx");
   s->cur = e->obj;
}

/* The capability naming the formats that render with `samples` samples (2..16), else -1. */
static int
ms_formats_cap(uint32_t samples)
{
   switch (samples) {
   case 2: return WIRE_CAP_MS_FORMATS_2;
   case 4: return WIRE_CAP_MS_FORMATS_4;
   case 8: return WIRE_CAP_MS_FORMATS_8;
   case 16: return WIRE_CAP_MS_FORMATS_16;
   default: return -1;
   }
}

/* The capability naming the formats that multisample textures of `samples` samples (2..16)
 * take (rendered and sampled), else -1. */
static int
ms_texture_formats_cap(uint32_t samples)
{
   switch (samples) {
   case 2: return WIRE_CAP_MS_TEXTURE_FORMATS_2;
   case 4: return WIRE_CAP_MS_TEXTURE_FORMATS_4;
   case 8: return WIRE_CAP_MS_TEXTURE_FORMATS_8;
   case 16: return WIRE_CAP_MS_TEXTURE_FORMATS_16;
   default: return -1;
   }
}

/* Validates a resource template (ResourceCreate / ResourceRespecify) beyond its fields' own
 * rules (wire/payloads.schema: target and format in range, every extent 1..its wire maximum,
 * samples <= 16, flags PRESERVE at most, pad 0, already checked). A multisampled one
 * (samples > 1) is a single-level renderbuffer of a format the backend renders with that
 * sample count (its MS_FORMATS_<n> capability), or a multisample texture (TEX_2D_MULTISAMPLE,
 * _ARRAY: revision 6) of a format it renders and samples with it (MS_TEXTURE_FORMATS_<n>),
 * never respecified with PRESERVE. Multisample textures always have samples > 1; TEX_BUFFER
 * names sampler views, never storage. */
static bool
validate_templ(struct srv_session *s, const struct wire_resource_create *t, bool respecify)
{
   if (t->target == WIRE_TARGET_TEX_BUFFER)
      return false;
   const bool ms_tex = t->target == WIRE_TARGET_TEX_2D_MULTISAMPLE || t->target == WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY;
   if (ms_tex && t->samples <= 1)
      return false;
   if (t->samples > 1) {
      int cap = ms_tex ? ms_texture_formats_cap(t->samples) : ms_formats_cap(t->samples);
      /* MS_FORMATS_* are one word: no format past 63 (the compressed ones) multisamples */
      if (cap < 0 || (t->target != WIRE_TARGET_RENDERBUFFER && !ms_tex) || t->format >= 64 ||
          (t->flags & WIRE_RESPECIFY_PRESERVE) ||
          !((s->ops->get_param(s->be, (enum wire_cap)cap) >> t->format) & 1u))
         return false;
   }
   if (t->flags & ~(respecify ? WIRE_RESPECIFY_PRESERVE : 0u))
      return false;
   if (t->target == WIRE_TARGET_BUFFER)
      return t->format == WIRE_FMT_NONE && t->height == 1 && t->depth == 1 && t->layers == 1 && t->last_level == 0;
   if (t->format == WIRE_FMT_NONE)
      return false;
   /* ETC2 / EAC: 2D, cube and 2D-array textures (ES 3.0 section 3.8.6: CompressedTexImage3D
    * with TEXTURE_3D and an ETC2 / EAC format is INVALID_OPERATION). */
   if (wire_format_is_compressed(t->format) && t->target != WIRE_TARGET_TEX_2D &&
       t->target != WIRE_TARGET_TEX_CUBE && t->target != WIRE_TARGET_TEX_2D_ARRAY)
      return false;
   if (t->width > WIRE_MAX_TEXTURE_SIZE) /* the schema allows a buffer's sizes */
      return false;
   uint32_t maxdim = t->width > t->height ? t->width : t->height;
   switch (t->target) {
   case WIRE_TARGET_RENDERBUFFER:
      if (t->last_level != 0)
         return false;
      /* fallthrough */
   case WIRE_TARGET_TEX_2D:
      if (t->depth != 1 || t->layers != 1)
         return false;
      break;
   case WIRE_TARGET_TEX_CUBE:
      if (t->width != t->height || t->depth != 1 || t->layers != 6)
         return false;
      break;
   case WIRE_TARGET_TEX_3D:
      /* GL has no 3D depth / stencil textures (ES 3.0 section 3.8.3: TexImage3D with a depth
       * format and TEXTURE_3D is INVALID_OPERATION). */
      if (t->depth > WIRE_MAX_3D_TEXTURE_SIZE || t->layers != 1 || maxdim > WIRE_MAX_3D_TEXTURE_SIZE ||
          wire_format_has_depth(t->format) || wire_format_has_stencil(t->format))
         return false;
      if (t->depth > maxdim)
         maxdim = t->depth;
      break;
   case WIRE_TARGET_TEX_2D_ARRAY:
      if (t->depth != 1 || t->layers > WIRE_MAX_ARRAY_LAYERS)
         return false;
      break;
   case WIRE_TARGET_TEX_2D_MULTISAMPLE:
      if (t->depth != 1 || t->layers != 1 || t->last_level != 0)
         return false;
      break;
   case WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY:
      if (t->depth != 1 || t->layers > WIRE_MAX_ARRAY_LAYERS || t->last_level != 0)
         return false;
      break;
   case WIRE_TARGET_TEX_1D:
      if (t->height != 1 || t->depth != 1 || t->layers != 1)
         return false;
      break;
   case WIRE_TARGET_TEX_1D_ARRAY:
      if (t->height != 1 || t->depth != 1 || t->layers > WIRE_MAX_ARRAY_LAYERS)
         return false;
      break;
   default:
      return false;
   }
   return t->last_level <= log2_floor(maxdim);
}

void
srv_handle_ResourceCreate(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_resource_create *t = p;
   if (!validate_templ(s, t, false))
      return srv_fatal(s, "ProtocolCorruption", "ResourceCreate.templ");
   struct srv_entry *e = srv_table_claim(&s->tables[WIRE_KIND_RESOURCE], t->res);
   if (!e)
      return srv_fatal(s, "ProtocolCorruption", "ResourceCreate.res");
   struct srv_res *r = calloc(1, sizeof(*r));
   if (!r) {
      srv_table_release(e);
      return srv_fatal(s, "OutOfMemory", "ResourceCreate");
   }
   r->templ = *t;
   r->be = s->ops->resource_create(s->be, t);
   if (!r->be)
      srv_gl_error(s, GL_OUT_OF_MEMORY);
   e->obj = r;
}

void
srv_handle_ResourceRespecify(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_resource_create *t = p;
   if (!validate_templ(s, t, true))
      return srv_fatal(s, "ProtocolCorruption", "ResourceRespecify.templ");
   struct srv_res *r = srv_get_res(s, t->res, "ResourceRespecify.res");
   if (!r)
      return;
   if (r->templ.target != t->target)
      return srv_fatal(s, "ProtocolCorruption", "ResourceRespecify.target");
   bool ok;
   if (r->be) {
      ok = s->ops->resource_respecify(s->be, r->be, t);
   } else {
      r->be = s->ops->resource_create(s->be, t);
      ok = r->be != NULL;
   }
   if (!ok) {
      srv_gl_error(s, GL_OUT_OF_MEMORY);
      return;
   }
   r->templ = *t;
   r->templ.flags = 0;
   s->stats.remints++;
   /* Bindings were validated against the old template: re-check and re-apply them. */
   srv_refresh_resource(s, t->res);
}

void
srv_handle_BufferSubData(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_buffer_subdata *b = p;
   struct srv_res *r = srv_get_res(s, b->res, "BufferSubData.res");
   if (!r)
      return;
   if (r->templ.target != WIRE_TARGET_BUFFER)
      return srv_fatal(s, "ProtocolCorruption", "BufferSubData.res");
   if (b->offset > r->templ.width || b->data.size > r->templ.width - b->offset)
      return srv_fatal(s, "ProtocolCorruption", "BufferSubData.offset");
   const void *data = srv_staged(s, b->data, "BufferSubData.data");
   if (data && r->be && b->data.size)
      s->ops->buffer_subdata(s->be, r->be, b->offset, data, b->data.size);
   else if (data && b->data.size)
      s->stats.skipped++; /* no storage (out of memory at create) */
}

/* Extent of `level` along each axis of a texture template (a 1D array's rows are its layers:
 * wire_target). */
static void
level_extent(const struct wire_resource_create *t, uint32_t level, uint32_t ext[3])
{
   ext[0] = wire_minify(t->width, level);
   ext[1] = t->target == WIRE_TARGET_TEX_1D_ARRAY ? t->layers : wire_minify(t->height, level);
   ext[2] = t->target == WIRE_TARGET_TEX_3D ? wire_minify(t->depth, level) : 1;
}

static bool
box_inside(uint32_t o, uint32_t n, uint32_t ext)
{
   return o <= ext && n <= ext - o;
}

/* A box of a block-compressed level starts on a block and covers whole blocks, but for the
 * last partial block at the level's edge (wire_texture_subdata). */
static bool
box_on_blocks(uint32_t o, uint32_t n, uint32_t ext, uint32_t block)
{
   return o % block == 0 && (n % block == 0 || o + n == ext);
}

void
srv_handle_TextureSubData(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_texture_subdata *b = p;
   struct srv_res *r = srv_get_res(s, b->res, "TextureSubData.res");
   if (!r)
      return;
   const struct wire_resource_create *t = &r->templ;
   /* multisample textures take no uploads (GL has no TexSubImage for them) */
   if (!srv_is_texture_target(t->target) || t->samples > 1)
      return srv_fatal(s, "ProtocolCorruption", "TextureSubData.res");
   if (b->level > t->last_level || b->layer >= t->layers ||
       (t->target == WIRE_TARGET_TEX_1D_ARRAY && b->layer != 0))
      return srv_fatal(s, "ProtocolCorruption", "TextureSubData.level");
   uint32_t ext[3];
   level_extent(t, b->level, ext);
   if (!box_inside(b->x, b->w, ext[0]) || !box_inside(b->y, b->h, ext[1]) || !box_inside(b->z, b->d, ext[2]))
      return srv_fatal(s, "ProtocolCorruption", "TextureSubData.box");
   const uint32_t block = wire_format_block_dim(t->format);
   if (block > 1 && (!box_on_blocks(b->x, b->w, ext[0], block) || !box_on_blocks(b->y, b->h, ext[1], block)))
      return srv_fatal(s, "ProtocolCorruption", "TextureSubData.box");
   uint64_t need = wire_format_image_size(t->format, b->w, b->h, b->d);
   if (need != b->data.size)
      return srv_fatal(s, "ProtocolCorruption", "TextureSubData.data");
   const void *data = srv_staged(s, b->data, "TextureSubData.data");
   if (data && r->be && need)
      s->ops->texture_subdata(s->be, r->be, b, data);
   else if (data && need)
      s->stats.skipped++; /* no storage (out of memory at create) */
}

/* Vulkan bounds a stage's interface Locations by the device's limits and a driver may index
 * its own arrays by them (lavapipe wrote past its stack for a fragment-stage Location of
 * 0x210000 that the SPIR-V validator accepts): each Location a variable of the Input or Output
 * storage class, or a member of a block, is decorated with must be below the stage's limit. */
static bool
program_locations_ok(struct srv_session *s, const struct spv_program_info *p, char *err, size_t err_size)
{
   enum { SC_INPUT = 1, SC_OUTPUT = 3, OP_VARIABLE = 59, OP_DECORATE = 71, OP_MEMBER_DECORATE = 72, DEC_LOCATION = 30 };
   uint64_t attribs = s->ops->get_param(s->be, WIRE_CAP_MAX_VERTEX_ATTRIBS);
   uint64_t vout = s->ops->get_param(s->be, WIRE_CAP_MAX_VERTEX_OUTPUT_COMPONENTS) / 4;
   uint64_t fin = s->ops->get_param(s->be, WIRE_CAP_MAX_FRAGMENT_INPUT_COMPONENTS) / 4;
   uint64_t colors = s->ops->get_param(s->be, WIRE_CAP_MAX_COLOR_ATTACHMENTS);
   uint64_t gin = s->ops->get_param(s->be, WIRE_CAP_MAX_GEOMETRY_INPUT_COMPONENTS) / 4;
   uint64_t gout = s->ops->get_param(s->be, WIRE_CAP_MAX_GEOMETRY_OUTPUT_COMPONENTS) / 4;
   const uint64_t in_limit[SPV_STAGE_COUNT] = {[SPV_STAGE_VERTEX] = attribs, [SPV_STAGE_FRAGMENT] = fin,
                                               [SPV_STAGE_GEOMETRY] = gin};
   const uint64_t out_limit[SPV_STAGE_COUNT] = {[SPV_STAGE_VERTEX] = vout, [SPV_STAGE_FRAGMENT] = colors,
                                                [SPV_STAGE_GEOMETRY] = gout};
   for (uint32_t st = 0; st < SPV_STAGE_COUNT; st++) {
      if (!(p->stage_mask & (1u << st)))
         continue;
      const uint32_t *w = p->spirv[st];
      uint32_t count = p->spirv_words[st], bound = count > 3 ? w[3] : 0;
      uint8_t *sc = bound && bound <= count ? calloc(bound, 1) : NULL; /* storage class + 1 by id */
      if (!sc) {
         snprintf(err, err_size, "stage %u: id bound %u", st, bound);
         return false;
      }
      for (uint32_t i = 5; i < count && (w[i] >> 16); i += w[i] >> 16)
         if ((w[i] & 0xffff) == OP_VARIABLE && (w[i] >> 16) >= 4 && w[i + 2] < bound && w[i + 3] < 255)
            sc[w[i + 2]] = (uint8_t)(w[i + 3] + 1);
      bool ok = true;
      for (uint32_t i = 5; ok && i < count && (w[i] >> 16); i += w[i] >> 16) {
         uint32_t op = w[i] & 0xffff, wc = w[i] >> 16;
         uint64_t limit;
         uint32_t loc;
         if (op == OP_DECORATE && wc >= 4 && w[i + 2] == DEC_LOCATION && w[i + 1] < bound) {
            uint8_t c = sc[w[i + 1]];
            limit = c == SC_INPUT + 1 ? in_limit[st] : c == SC_OUTPUT + 1 ? out_limit[st] : UINT64_MAX;
            loc = w[i + 3];
         } else if (op == OP_MEMBER_DECORATE && wc >= 5 && w[i + 3] == DEC_LOCATION) {
            limit = in_limit[st] > out_limit[st] ? in_limit[st] : out_limit[st]; /* a block's member */
            loc = w[i + 4];
         } else {
            continue;
         }
         if (loc >= limit) {
            snprintf(err, err_size, "stage %u: Location %u beyond the device's %llu", st, loc,
                     (unsigned long long)limit);
            ok = false;
         }
      }
      free(sc);
      /* What each variable spans past its Location (spv_program_info.iface_end). GL counts
       * varyings in components and splitgl does not pack them (a float takes a location of
       * its own), so between stages the bound is the component limit, not the Vulkan one
       * in locations: GL's float-array programs pass it on lavapipe (piglit's
       * gs-input-array-*-index-rd reach location 31 of 16), and a hostile length does not. */
      for (uint32_t dir = 0; ok && dir < 2; dir++) {
         bool slots = (st == SPV_STAGE_VERTEX && !dir) || (st == SPV_STAGE_FRAGMENT && dir); /* attributes, colours */
         uint64_t limit = (dir ? out_limit[st] : in_limit[st]) * (slots ? 1 : 4);
         if (p->iface_end[st][dir] > limit) {
            snprintf(err, err_size, "stage %u: %s reach location %u, beyond the device's %llu", st,
                     dir ? "outputs" : "inputs", p->iface_end[st][dir], (unsigned long long)limit);
            ok = false;
         }
      }
      if (!ok)
         return false;
   }
   /* Clip and cull distance arrays within the device's lengths (a declared, unused member
    * has length 1; a use needs the feature, checked by the caller). */
   uint64_t clip = s->ops->get_param(s->be, WIRE_CAP_MAX_CLIP_DISTANCES);
   uint64_t cull_cap = s->ops->get_param(s->be, WIRE_CAP_CULL_DISTANCES);
   uint64_t cull = WIRE_CULL_DISTANCES(cull_cap), combined = WIRE_COMBINED_CLIP_CULL_DISTANCES(cull_cap);
   if (p->clip_array_max > (clip > 1 ? clip : 1) || p->cull_array_max > (cull > 1 ? cull : 1) ||
       (p->cull_array_max > 1 && (uint64_t)p->clip_array_max + p->cull_array_max > combined)) {
      snprintf(err, err_size, "gl_ClipDistance[%u] / gl_CullDistance[%u] beyond the device's %llu / %llu",
               p->clip_array_max, p->cull_array_max, (unsigned long long)clip, (unsigned long long)cull);
      return false;
   }
   return true;
}

void
srv_handle_ProgramCreate(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_program_create *pc = p;
   const void *staged = srv_staged(s, pc->blob, "ProgramCreate.blob");
   if (!staged)
      return;
   struct srv_entry *e = srv_table_claim(&s->tables[WIRE_KIND_PROGRAM], pc->program);
   if (!e)
      return srv_fatal(s, "ProtocolCorruption", "ProgramCreate.program");
   /* Copy first: the parse must see bytes the client can no longer change. */
   void *blob = malloc(pc->blob.size ? pc->blob.size : 1);
   struct srv_cso *c = calloc(1, sizeof(*c));
   if (!blob || !c) {
      free(blob);
      free(c);
      srv_table_release(e);
      return srv_fatal(s, "OutOfMemory", "ProgramCreate");
   }
   memcpy(blob, staged, pc->blob.size);
   char err[256];
   c->kind = WIRE_KIND_PROGRAM;
   c->program = spv_blob_parse(blob, pc->blob.size, err, sizeof(err));
   free(blob);
   /* The front end keeps programs without a vertex stage to itself (they draw nothing). */
   if (c->program && !(c->program->stage_mask & (1u << SPV_STAGE_VERTEX))) {
      snprintf(err, sizeof(err), "no vertex stage");
      spv_program_info_free(c->program);
      c->program = NULL;
   }
   /* Locations before the validator: SPIRV-Tools expands each interface variable into a set
    * of its locations, and a fuzzed array length of 2^19 had it allocate 2 GiB. */
   if (c->program && !program_locations_ok(s, c->program, err, sizeof(err))) {
      spv_program_info_free(c->program);
      c->program = NULL;
   }
   /* The modules go to the driver, which may run them in this process (lavapipe): they must
    * be valid Vulkan SPIR-V (the parser checked their interface against the layout). */
   for (uint32_t st = 0; c->program && st < SPV_STAGE_COUNT; st++) {
      if ((c->program->stage_mask & (1u << st)) &&
          !spv_validate_module(c->program->spirv[st], c->program->spirv_words[st], err, sizeof(err))) {
         spv_program_info_free(c->program);
         c->program = NULL;
      }
   }
   /* A geometry stage only where the device runs one, within its output-vertex and invocation
    * limits (the front end compiles under the same limits: caps.c). */
   if (c->program && (c->program->stage_mask & (1u << SPV_STAGE_GEOMETRY))) {
      uint64_t features = s->ops->get_param(s->be, WIRE_CAP_FEATURES);
      uint64_t max_vertices = s->ops->get_param(s->be, WIRE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES);
      uint64_t max_invocations = s->ops->get_param(s->be, WIRE_CAP_MAX_GEOMETRY_INVOCATIONS);
      if (!(features & WIRE_FEATURE_GEOMETRY_SHADER) || c->program->gs_max_vertices > max_vertices ||
          c->program->gs_invocations > max_invocations) {
         snprintf(err, sizeof(err), "geometry stage (max_vertices %u, invocations %u) beyond the device",
                  c->program->gs_max_vertices, c->program->gs_invocations);
         spv_program_info_free(c->program);
         c->program = NULL;
      }
   }
   /* Clip and cull distances only where the device enabled shaderClipDistance /
    * shaderCullDistance (a module declaring the capability without the feature is invalid
    * for Vulkan). */
   if (c->program && ((c->program->uses_clip_distance && !s->ops->get_param(s->be, WIRE_CAP_MAX_CLIP_DISTANCES)) ||
                      (c->program->uses_cull_distance &&
                       !(s->ops->get_param(s->be, WIRE_CAP_FEATURES) & WIRE_FEATURE_CULL_DISTANCE)))) {
      snprintf(err, sizeof(err), "%s distances without the device feature",
               c->program->uses_cull_distance ? "cull" : "clip");
      spv_program_info_free(c->program);
      c->program = NULL;
   }
   /* Transform feedback within what the client may ask for: the device's limits, raised to
    * GL's minimums (4 buffers, 64 components a buffer) as the front end raises them; a
    * program beyond the device's own is declined at its draws (counted), not here. */
   for (uint32_t b = 0; c->program && b < SPV_MAX_XFB_BUFFERS; b++) {
      uint64_t max_buffers = s->ops->get_param(s->be, WIRE_CAP_MAX_XFB_BUFFERS);
      uint64_t max_stride = s->ops->get_param(s->be, WIRE_CAP_MAX_XFB_BUFFER_DATA_STRIDE);
      max_buffers = max_buffers > 4 ? max_buffers : 4;
      max_stride = max_stride > 256 ? max_stride : 256;
      uint32_t stride = c->program->xfb_strides[b];
      if (stride && (b >= max_buffers || stride > max_stride)) {
         snprintf(err, sizeof(err), "transform feedback buffer %u (%u bytes per vertex) beyond the device", b, stride);
         spv_program_info_free(c->program);
         c->program = NULL;
      }
   }
   if (!c->program) {
      sgl_err("server: program blob refused: %s", err);
      free(c);
      srv_table_release(e);
      return srv_fatal(s, "ProtocolCorruption", "ProgramCreate.blob");
   }
   e->obj = c;
   c->be = s->ops->program_create(s->be, c->program);
   if (!c->be)
      srv_gl_error(s, GL_OUT_OF_MEMORY);
}

/* ---- constant state objects ---------------------------------------------------------------- */

/* Every field of the constant state objects has its schema rule (enums, bools, masks, finite
 * floats, padding); what is left is the relation between vertex elements. */
static bool
valid_any(struct srv_session *s, const void *p)
{
   return true;
}

static bool
src1_factor(uint8_t f)
{
   return f == WIRE_BF_SRC1_COLOR || f == WIRE_BF_ONE_MINUS_SRC1_COLOR || f == WIRE_BF_SRC1_ALPHA ||
          f == WIRE_BF_ONE_MINUS_SRC1_ALPHA;
}

/* The SRC1 factors (dual-source blending) only where the device blends with two sources
 * (WIRE_FEATURE_DUAL_SRC_BLEND); the front end never sends them elsewhere. */
static bool
valid_blend(struct srv_session *s, const void *p)
{
   const struct wire_blend_state *b = p;
   if (s->ops->get_param(s->be, WIRE_CAP_FEATURES) & WIRE_FEATURE_DUAL_SRC_BLEND)
      return true;
   for (uint32_t i = 0; i < WIRE_MAX_COLOR_BUFS; i++) {
      const struct wire_rt_blend *rt = &b->rt[i];
      if (src1_factor(rt->rgb_src) || src1_factor(rt->rgb_dst) || src1_factor(rt->alpha_src) ||
          src1_factor(rt->alpha_dst))
         return false;
   }
   return true;
}

static bool
valid_velems(struct srv_session *s, const void *p)
{
   const struct wire_velems_state *v = p;
   for (uint32_t i = 0; i < v->count; i++) { /* one element per location */
      const struct wire_vertex_element *e = &v->e[i];
      for (uint32_t j = 0; j < i; j++)
         if (v->e[j].location == e->location)
            return false;
   }
   return true;
}

typedef void *(*create_fn)(struct srv_backend *, const void *);

static void
create_cso(struct srv_session *s, uint32_t kind, const void *p, bool valid, create_fn create, const char *site)
{
   wire_handle h = *(const wire_handle *)p; /* every CSO struct starts with its handle */
   if (!valid)
      return srv_fatal(s, "ProtocolCorruption", site);
   struct srv_entry *e = srv_table_claim(&s->tables[kind], h);
   struct srv_cso *c = e ? calloc(1, sizeof(*c)) : NULL;
   if (!c) {
      if (e)
         srv_table_release(e);
      return srv_fatal(s, e ? "OutOfMemory" : "ProtocolCorruption", site);
   }
   c->kind = kind;
   c->be = create(s->be, p);
   if (!c->be)
      srv_gl_error(s, GL_OUT_OF_MEMORY);
   e->obj = c;
}

#define CSO_HANDLER(Op, kind, valid, fn)                                                        \
   void srv_handle_##Op(struct srv_session *s, const void *p, const uint8_t *t, uint32_t n) \
   {                                                                                            \
      create_cso(s, kind, p, valid(s, p), (create_fn)s->ops->fn, #Op ".state");                    \
   }
CSO_HANDLER(BlendCreate, WIRE_KIND_BLEND, valid_blend, create_blend)
CSO_HANDLER(DepthStencilCreate, WIRE_KIND_DSA, valid_any, create_dsa)
CSO_HANDLER(RasterizerCreate, WIRE_KIND_RAST, valid_any, create_rast)
CSO_HANDLER(SamplerCreate, WIRE_KIND_SAMPLER, valid_any, create_sampler)
CSO_HANDLER(VertexElementsCreate, WIRE_KIND_VELEMS, valid_velems, create_velems)

/* ---- destroy ------------------------------------------------------------------------------- */

static void
destroy_context(struct srv_session *s, struct srv_context *ctx)
{
   if (s->cur == ctx)
      s->cur = NULL;
   srv_context_end_queries(s, ctx);
   s->ops->context_destroy(s->be, ctx->be);
   free(ctx);
}

void
srv_destroy_object(struct srv_session *s, uint32_t kind, struct srv_entry *e, wire_handle h)
{
   if (kind == WIRE_KIND_CONTEXT) {
      destroy_context(s, e->obj);
   } else if (kind == WIRE_KIND_SO_TARGET) {
      struct srv_so *so = e->obj;
      srv_scrub_so_target(s, h);
      if (so->be)
         s->ops->so_target_destroy(s->be, so->be);
      free(so);
   } else if (kind == WIRE_KIND_QUERY) {
      srv_query_destroy(s, e->obj);
   } else if (kind == WIRE_KIND_RESOURCE) {
      struct srv_res *r = e->obj;
      srv_scrub_resource(s, h);
      srv_scrub_so_resource(s, h);
      if (r->be)
         s->ops->resource_destroy(s->be, r->be);
      free(r);
   } else {
      struct srv_cso *c = e->obj;
      srv_scrub_cso(s, kind, h);
      if (c->be)
         s->ops->delete_cso(s->be, kind, c->be);
      spv_program_info_free(c->program);
      free(c);
   }
   srv_table_release(e);
}

void
srv_handle_Destroy(struct srv_session *s, const void *p, const uint8_t *tail, uint32_t tsize)
{
   const struct wire_destroy *d = p;
   struct srv_entry *e = srv_table_get(&s->tables[d->kind], d->h);
   if (!e)
      return srv_fatal(s, "ProtocolCorruption", "Destroy.h");
   srv_destroy_object(s, d->kind, e, d->h);
}

