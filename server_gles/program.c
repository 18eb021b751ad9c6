/* Espryt: programs from the blob. The core has parsed the blob (spv_blob_parse: every offset,
 * count and interface checked against the descriptor convention) and run SPIRV-Tools on each
 * stage before program_create is called, exactly as for Magma; Espryt then translates each
 * stage with SPIRV-Cross's C API to GLSL ES (3.10 where the host has it, else 3.00; every
 * stage of a program with a geometry stage at 3.20, or 3.10 with SPIRV-Cross's
 * GL_EXT_geometry_shader: GLSL ES links only shaders of one version), compiles and links on
 * the host.
 *
 * Binding remap (spirv/spv_layout.h -> GL): descriptor bindings are removed from the GLSL and
 * each resource gets a name derived from its binding, so the host program is addressed by
 * name and GL's dynamic bindings stay dynamic:
 *   SPV_BINDING_DEFAULT_UBO        block "es_default", bound to the host binding point
 *                                  be->default_ubo_binding (the host's last: caps.c keeps it
 *                                  out of the reported limits)
 *   SPV_BINDING_SAMPLER_BASE + i   sampler uniform "es_s<binding>", its texture unit(s) set by
 *                                  glUniform1iv from SetProgramBindings
 *   SPV_BINDING_UBO_BASE + k       block "es_ub<binding>" (an array: "es_ub<binding>[j]"), its
 *                                  binding point set by glUniformBlockBinding
 * Specialization constants (spv_layout.h) become SPIRV-Cross's SPIRV_CROSS_CONSTANT_ID_<n>
 * macros, defined per variant: GLSL ES cannot specialize a compiled program, so each set of
 * values a program is drawn with (es_variant_key: the rasterizer's point size, gl_PointCoord's
 * origin, the enabled clip distances, each only where the program declares the constant; and
 * GL core's LOD bias of the sampler bound to each of its samplers, added to the lookups in the
 * SPIR-V by spirv_patch.c, since ES has no TEXTURE_LOD_BIAS) is a host program of its own,
 * made at the first draw that needs it, as Magma makes a pipeline per specialization. var[0]
 * (GL's initial state) is made at create, so the host's verdict on the program comes there; at
 * most ES_PROGRAM_VARIANTS per program, the least recently drawn deleted first. SetProgramBindings' values are kept on the program and given to each
 * variant. */
#include "es_private.h"

#include <pthread.h>
#include <spirv_cross_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_layout.h"
#include "util/log.h"
#include "util/sha256.h"
#include "wire/format.h"

/* ---- host program binaries, cached per blob and variant -----------------------------------
 * Key: SHA-256 of the host's renderer and version strings, the GLSL ES version Espryt
 * targets, the variant's specialization-constant values (es_variant_key), and every stage's
 * SPIR-V (the blob's code; the reflection does not change the host program). Process-wide,
 * since every session of a process talks to the same host driver; capped at
 * ES_BINARY_CACHE_BYTES (oldest entries go first). A binary the host refuses later
 * (glProgramBinary leaves LINK_STATUS false: a driver update) is dropped and the program is
 * compiled again (ES 3.0 section 2.12.4 allows the refusal). */
#define ES_BINARY_CACHE_BYTES (64u << 20)
struct binary_entry {
   uint8_t key[32];
   GLenum format;
   GLsizei size;
   struct binary_entry *next;
   uint8_t data[];
};
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct binary_entry *cache_head; /* newest first */
static size_t cache_bytes;

/* The GLSL ES version every stage of `info` is translated to. */
static unsigned
glsl_version(struct es_backend *be, const struct spv_program_info *info, const struct es_variant_key *key)
{
   if (((info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) || key->raster_gs) && es_has(be, ES_FEAT_GLSL_ES_320))
      return 320;
   return es_has(be, ES_FEAT_GLSL_ES_310) ? 310 : 300;
}

static void
program_key(struct es_backend *be, const struct spv_program_info *info, const struct es_variant_key *vk,
            uint8_t key[32])
{
   struct sgl_sha256 h;
   sgl_sha256_init(&h);
   sgl_sha256_update(&h, be->renderer, strlen(be->renderer) + 1);
   uint32_t version = glsl_version(be, info, vk);
   sgl_sha256_update(&h, &version, sizeof(version));
   /* the specialization constants' values, the LOD biases added to the lookups
    * (spirv_patch.c) and the fragment stage's wrapping (wrap_main) are part of the host
    * program: the whole key (words only, no padding) */
   sgl_sha256_update(&h, vk, sizeof(*vk));
   for (unsigned s = 0; s < SPV_STAGE_COUNT; s++) {
      uint32_t words = (info->stage_mask & (1u << s)) ? info->spirv_words[s] : 0;
      sgl_sha256_update(&h, &words, sizeof(words));
      if (words)
         sgl_sha256_update(&h, info->spirv[s], (size_t)words * 4);
   }
   sgl_sha256_final(&h, key);
}

/* Links p->prog from a cached binary; false on a miss or a refusal. */
static bool
cache_load(struct es_backend *be, GLuint prog, const uint8_t key[32])
{
   bool ok = false;
   pthread_mutex_lock(&cache_lock);
   struct binary_entry **pp = &cache_head;
   for (; *pp && memcmp((*pp)->key, key, 32); pp = &(*pp)->next)
      ;
   struct binary_entry *e = *pp;
   if (e) {
      be->gl.ProgramBinary(prog, e->format, e->data, e->size);
      GLint linked = 0;
      be->gl.GetProgramiv(prog, GL_LINK_STATUS, &linked);
      ok = linked != 0;
      while (be->gl.GetError() != GL_NO_ERROR)
         ;
      if (!ok) { /* refused: forget it */
         *pp = e->next;
         cache_bytes -= sizeof(*e) + (size_t)e->size;
         free(e);
      }
   }
   pthread_mutex_unlock(&cache_lock);
   return ok;
}

static void
cache_store(struct es_backend *be, GLuint prog, const uint8_t key[32])
{
   GLint len = 0;
   be->gl.GetProgramiv(prog, GL_PROGRAM_BINARY_LENGTH, &len);
   if (len <= 0 || (size_t)len > ES_BINARY_CACHE_BYTES / 4)
      return;
   struct binary_entry *e = malloc(sizeof(*e) + (size_t)len);
   if (!e)
      return;
   GLsizei got = 0;
   be->gl.GetProgramBinary(prog, len, &got, &e->format, e->data);
   if (be->gl.GetError() != GL_NO_ERROR || got <= 0) {
      free(e);
      return;
   }
   memcpy(e->key, key, 32);
   e->size = got;
   pthread_mutex_lock(&cache_lock);
   e->next = cache_head;
   cache_head = e;
   cache_bytes += sizeof(*e) + (size_t)got;
   while (cache_bytes > ES_BINARY_CACHE_BYTES) { /* drop the oldest */
      struct binary_entry **pp = &cache_head;
      while ((*pp)->next)
         pp = &(*pp)->next;
      cache_bytes -= sizeof(**pp) + (size_t)(*pp)->size;
      free(*pp);
      *pp = NULL;
   }
   pthread_mutex_unlock(&cache_lock);
}

struct xlate {
   struct es_backend *be;
   unsigned version; /* GLSL ES version (glsl_version) */
   const struct es_variant_key *key;
   bool clip_cull; /* the program declares clip or cull distances (EXT_clip_cull_distance) */
   /* what the stage captures, by the names its GLSL gives them (strip_xfb), ordered by buffer
    * and offset; the copies the front end's lift makes (an array element, a built-in before
    * the clip enables overwrite it: spirv/xfb.c) are its own outputs */
   struct xfb_name { uint32_t buffer, offset, bytes; char name[64]; } xfb[64];
   uint32_t nxfb;
   bool xfb_bad; /* a captured output the list cannot name */
   char *raster_gs; /* the vertex stage's: the geometry stage of key->raster_gs (malloc'd) */
   char err[256];
};

static void
spvc_error(void *user, const char *msg)
{
   struct xlate *x = user;
   snprintf(x->err, sizeof(x->err), "%s", msg);
}

static void
rename_resources(spvc_compiler comp, spvc_resources res, spvc_resource_type type)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   spvc_resources_get_resource_list_for_type(res, type, &list, &count);
   for (size_t i = 0; i < count; i++) {
      unsigned b = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationBinding);
      char name[48];
      if (type == SPVC_RESOURCE_TYPE_UNIFORM_BUFFER) {
         if (b == SPV_BINDING_DEFAULT_UBO)
            snprintf(name, sizeof(name), "es_default");
         else
            snprintf(name, sizeof(name), "es_ub%u", b);
         spvc_compiler_set_name(comp, list[i].base_type_id, name);
         strcat(name, "_i");
         spvc_compiler_set_name(comp, list[i].id, name);
      } else {
         snprintf(name, sizeof(name), "es_s%u", b);
         spvc_compiler_set_name(comp, list[i].id, name);
      }
      spvc_compiler_unset_decoration(comp, list[i].id, SpvDecorationBinding);
      spvc_compiler_unset_decoration(comp, list[i].id, SpvDecorationDescriptorSet);
   }
}

/* GLSL ES has no xfb_buffer / xfb_offset layouts (GL 4.4's enhanced layouts): the captured
 * outputs lose their Xfb decorations and the host captures them by name instead
 * (glTransformFeedbackVaryings from the blob's varyings, program create). */
static void
note_xfb(struct xlate *x, uint32_t buffer, uint32_t offset, uint32_t bytes, const char *name)
{
   if (x->nxfb == sizeof(x->xfb) / sizeof(x->xfb[0]) || !name || !name[0] ||
       strlen(name) >= sizeof(x->xfb[0].name)) {
      x->xfb_bad = true;
      return;
   }
   struct xfb_name *n = &x->xfb[x->nxfb++];
   n->buffer = buffer;
   n->offset = offset;
   n->bytes = bytes;
   /* as SPIRV-Cross writes it: GLSL reserves "__", which it collapses to one '_' */
   size_t k = 0;
   for (const char *c = name; *c; c++)
      if (!(c[0] == '_' && k && n->name[k - 1] == '_'))
         n->name[k++] = *c;
   n->name[k] = 0;
}

/* The bytes a captured value of type id takes (32-bit components; 0 where it is not one). */
static uint32_t
xfb_bytes(spvc_compiler comp, spvc_type_id id)
{
   spvc_type t = spvc_compiler_get_type_handle(comp, id);
   if (!t || spvc_type_get_bit_width(t) != 32)
      return 0;
   uint32_t n = spvc_type_get_vector_size(t) * spvc_type_get_columns(t);
   for (unsigned d = 0; d < spvc_type_get_num_array_dimensions(t); d++)
      n *= spvc_type_get_array_dimension(t, d);
   return n * 4;
}

static int
xfb_order(const void *a, const void *b)
{
   const struct xfb_name *p = a, *q = b;
   if (p->buffer != q->buffer)
      return p->buffer < q->buffer ? -1 : 1;
   return p->offset < q->offset ? -1 : p->offset > q->offset;
}

static void
strip_xfb(struct xlate *x, spvc_compiler comp, spvc_resources res)
{
   static const SpvDecoration decs[] = {SpvDecorationOffset, SpvDecorationXfbBuffer, SpvDecorationXfbStride};
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count);
   for (size_t i = 0; i < count; i++) {
      if (spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationXfbBuffer) &&
          spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationOffset))
         note_xfb(x, spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationXfbBuffer),
                  spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationOffset),
                  xfb_bytes(comp, list[i].type_id), spvc_compiler_get_name(comp, list[i].id));
      for (unsigned k = 0; k < 3; k++)
         spvc_compiler_unset_decoration(comp, list[i].id, decs[k]);
   }
   const spvc_reflected_builtin_resource *blist = NULL;
   spvc_resources_get_builtin_resource_list_for_type(res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &blist, &count);
   for (size_t i = 0; i < count; i++) {
      spvc_type t = spvc_compiler_get_type_handle(comp, blist[i].resource.base_type_id);
      unsigned members = t ? spvc_type_get_num_member_types(t) : 0;
      spvc_type_id bt = blist[i].resource.base_type_id;
      bool whole = spvc_compiler_has_decoration(comp, blist[i].resource.id, SpvDecorationXfbBuffer);
      if (!members && whole && spvc_compiler_has_decoration(comp, blist[i].resource.id, SpvDecorationOffset))
         note_xfb(x, spvc_compiler_get_decoration(comp, blist[i].resource.id, SpvDecorationXfbBuffer),
                  spvc_compiler_get_decoration(comp, blist[i].resource.id, SpvDecorationOffset),
                  xfb_bytes(comp, blist[i].resource.type_id), spvc_compiler_get_name(comp, blist[i].resource.id));
      for (unsigned m = 0; m < members; m++) {
         /* a gl_PerVertex member: its buffer the block's (or its own), its name the built-in's */
         if (spvc_compiler_has_member_decoration(comp, bt, m, SpvDecorationOffset) &&
             (whole || spvc_compiler_has_member_decoration(comp, bt, m, SpvDecorationXfbBuffer)))
            note_xfb(x,
                     whole ? spvc_compiler_get_decoration(comp, blist[i].resource.id, SpvDecorationXfbBuffer)
                           : spvc_compiler_get_member_decoration(comp, bt, m, SpvDecorationXfbBuffer),
                     spvc_compiler_get_member_decoration(comp, bt, m, SpvDecorationOffset),
                     xfb_bytes(comp, spvc_type_get_member_type(t, m)), spvc_compiler_get_member_name(comp, bt, m));
         for (unsigned k = 0; k < 3; k++)
            spvc_compiler_unset_member_decoration(comp, bt, m, decs[k]);
      }
      for (unsigned k = 0; k < 3; k++)
         spvc_compiler_unset_decoration(comp, blist[i].resource.id, decs[k]);
   }
   qsort(x->xfb, x->nxfb, sizeof(x->xfb[0]), xfb_order);
   /* the host packs what it captures: each buffer's outputs must follow one another from 0
    * (the front end's lift packs several GL varyings into one output: it never leaves gaps) */
   for (uint32_t i = 0, end = 0; i < x->nxfb; i++) {
      if (i && x->xfb[i].buffer != x->xfb[i - 1].buffer)
         end = 0;
      if (x->xfb[i].buffer && x->xfb[i].buffer != i)
         x->xfb_bad = true; /* several buffers: SEPARATE_ATTRIBS, one output each (below) */
      if (x->xfb[i].offset != end || !x->xfb[i].bytes)
         x->xfb_bad = true;
      end += x->xfb[i].bytes;
   }
}

/* True when the stage samples a 2D multisample array: GLSL ES 3.10 has sampler2DMSArray only
 * with OES_texture_storage_multisample_2d_array's directive, which SPIRV-Cross does not
 * write itself (the capability table offers the target only on hosts with it, caps.c). */
static bool
uses_ms_array(spvc_compiler comp, spvc_resources res)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, &list, &count);
   for (size_t i = 0; i < count; i++) {
      spvc_type t = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
      if (t && spvc_type_get_image_multisampled(t) && spvc_type_get_image_arrayed(t))
         return true;
   }
   return false;
}

/* Dual-source outputs: SPIRV-Cross writes a fragment output's Index decoration as
 * layout(location =, index =), which GLSL ES has only with EXT_blend_func_extended (GL 3.3
 * core always); refused by name where the host lacks it. */
static bool
require_output_index(struct xlate *x, spvc_compiler comp, spvc_resources res)
{
   if (spvc_compiler_get_execution_model(comp) != SpvExecutionModelFragment)
      return true;
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count);
   for (size_t i = 0; i < count; i++) {
      if (!spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationIndex))
         continue;
      if (!es_has(x->be, ES_FEAT_DUAL_SOURCE_BLEND)) {
         snprintf(x->err, sizeof(x->err), "fragment output index (dual-source): the host lacks EXT_blend_func_extended");
         return false;
      }
      return spvc_compiler_require_extension(comp, "GL_EXT_blend_func_extended") == SPVC_SUCCESS;
   }
   return true;
}

/* `src` (malloc'd, freed) with its main() renamed es_main() and called from a new main()
 * between `before` and `after`, `decls` declared ahead of it (after every declaration of
 * SPIRV-Cross's, whose output has exactly one "void main()"); NULL where it has not. */
static char *
wrap_main(char *src, const char *decls, const char *before, const char *after)
{
   char *m = strstr(src, "void main()");
   if (!m || strstr(m + 1, "void main()")) {
      free(src);
      return NULL;
   }
   size_t head = (size_t)(m - src);
   const char *tail = m + strlen("void main()");
   size_t n = strlen(src) + strlen(decls) + strlen(before) + strlen(after) + 96;
   char *out = malloc(n);
   if (out)
      snprintf(out, n, "%.*s%s\nvoid es_main()%s\nvoid main()\n{\n%s    es_main();\n%s}\n", (int)head, src, decls,
               tail, before, after);
   free(src);
   return out;
}

/* The fragment stage of a SAMPLES_PASSED counting draw (query.c): early fragment tests, and
 * one added to an atomic counter by each fragment the shader keeps. */
static const char count_decls[] = "layout(early_fragment_tests) in;\n"
                                  "layout(binding = 0, offset = 0) uniform highp atomic_uint es_samples;\n";
static const char count_after[] = "    atomicCounterIncrement(es_samples);\n";

/* GL core's logic op (OpenGL 3.3 section 4.1.11) in the fragment stage: the host has none, so
 * the variant reads each colour output's destination through EXT_shader_framebuffer_fetch
 * (its outputs become inout, renamed es_out<location> here) and writes op(source,
 * destination), on the attachment's own bits: unsigned normalized values as integers of 8 or
 * 16 bits, integer formats as their bits; a float attachment is left alone ("Logical operation
 * has no effect on a floating-point destination color buffer"). Blending is off meanwhile
 * (state.c): "the logical operation ... is performed in place of blending". */
static const char *const lop_expr[16] = {
   "a & ~a",    "a & b",     "a & ~b", "a",         "~a & b",  "b",        "a ^ b",     "a | b",
   "~(a | b)", "~(a ^ b)", "~b",     "a | ~b",    "~a",       "~a | b",   "~(a & b)", "a | ~a",
};

struct lop_out {
   uint32_t location, array, comps;
   spvc_basetype base;
};

/* The fragment stage's colour outputs (index 0) renamed es_out<location>; false where one is of
 * a kind the wrapping cannot take. */
static bool
lop_outputs(struct xlate *x, spvc_compiler comp, spvc_resources res, struct lop_out *o, uint32_t *n)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   *n = 0;
   spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count);
   for (size_t i = 0; i < count && *n < WIRE_MAX_COLOR_BUFS; i++) {
      if (spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationIndex))
         continue; /* a dual-source second output: blended, and blending is off */
      spvc_type t = spvc_compiler_get_type_handle(comp, list[i].type_id);
      struct lop_out *l = &o[*n];
      l->location = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationLocation);
      l->base = spvc_type_get_basetype(t);
      l->comps = spvc_type_get_vector_size(t);
      l->array = spvc_type_get_num_array_dimensions(t) ? spvc_type_get_array_dimension(t, 0) : 0;
      if (spvc_type_get_num_array_dimensions(t) > 1 || spvc_type_get_columns(t) > 1 || l->comps < 1 ||
          l->comps > 4 ||
          (l->base != SPVC_BASETYPE_FP32 && l->base != SPVC_BASETYPE_INT32 && l->base != SPVC_BASETYPE_UINT32)) {
         snprintf(x->err, sizeof(x->err), "logic op: a fragment output of a type Espryt cannot wrap");
         return false;
      }
      char name[32];
      snprintf(name, sizeof(name), "es_out%u", l->location);
      spvc_compiler_set_name(comp, list[i].id, name);
      (*n)++;
   }
   return true;
}

/* `src` (malloc'd, freed) with the outputs' declarations made inout; NULL where one is not
 * found as SPIRV-Cross writes it ("out <type> es_out<location>"). */
static char *
lop_inout(char *src, const struct lop_out *o, uint32_t n, bool noncoherent)
{
   for (uint32_t i = 0; i < n; i++) {
      char name[40];
      snprintf(name, sizeof(name), " es_out%u", o[i].location);
      char *p = src;
      char *decl = NULL;
      while ((p = strstr(p, name))) {
         char end = p[strlen(name)];
         if (end == ';' || end == '[') {
            decl = p;
            break;
         }
         p += strlen(name);
      }
      char *line = decl;
      while (line && line > src && line[-1] != '\n')
         line--;
      char *out = line ? strstr(line, "out ") : NULL;
      if (!out || out > decl) {
         free(src);
         return NULL;
      }
      const char *ins = noncoherent ? "layout(noncoherent) in" : "in";
      size_t len = strlen(src), at = (size_t)(out - src), add = strlen(ins);
      char *grown = malloc(len + add + 1);
      if (!grown) {
         free(src);
         return NULL;
      }
      memcpy(grown, src, at);
      memcpy(grown + at, ins, add);
      memcpy(grown + at + add, src + at, len - at + 1);
      free(src);
      src = grown;
   }
   return src;
}

/* Appends to buf the statements that save (before) or combine (after) output l. */
static void
lop_statements(char *before, size_t bsize, char *after, size_t asize, const struct lop_out *l, uint32_t op,
               uint32_t kinds)
{
   static const char *const ftype[5] = {"", "float", "vec2", "vec3", "vec4"};
   static const char *const itype[5] = {"", "int", "ivec2", "ivec3", "ivec4"};
   static const char *const utype[5] = {"", "uint", "uvec2", "uvec3", "uvec4"};
   const char *t = l->base == SPVC_BASETYPE_FP32 ? ftype[l->comps]
                 : l->base == SPVC_BASETYPE_INT32 ? itype[l->comps] : utype[l->comps];
   const char *u = utype[l->comps];
   uint32_t elems = l->array ? l->array : 1;
   for (uint32_t e = 0; e < elems; e++) {
      uint32_t loc = l->location + e;
      uint32_t kind = loc < 8 ? (kinds >> (loc * 4)) & 0xfu : 0;
      if (!kind)
         continue;
      char ref[48];
      if (l->array)
         snprintf(ref, sizeof(ref), "es_out%u[%u]", l->location, e);
      else
         snprintf(ref, sizeof(ref), "es_out%u", l->location);
      size_t bl = strlen(before), al = strlen(after);
      snprintf(before + bl, bsize - bl, "    highp %s es_dst%u = %s;\n", t, loc, ref);
      if (kind == ES_LOP_UNORM8 || kind == ES_LOP_UNORM16) {
         const char *m = kind == ES_LOP_UNORM8 ? "255.0" : "65535.0";
         snprintf(after + al, asize - al,
                  "    {\n        highp %s a = %s(clamp(%s, 0.0, 1.0) * %s + 0.5);\n"
                  "        highp %s b = %s(clamp(es_dst%u, 0.0, 1.0) * %s + 0.5);\n"
                  "        %s = %s((%s) & %s(%s)) / %s;\n    }\n",
                  u, u, ref, m, u, u, loc, m, ref, t, lop_expr[op], u, kind == ES_LOP_UNORM8 ? "255u" : "65535u", m);
      } else {
         snprintf(after + al, asize - al,
                  "    {\n        highp %s a = %s(%s);\n        highp %s b = %s(es_dst%u);\n        %s = %s(%s);\n    }\n",
                  u, u, ref, u, u, loc, ref, t, lop_expr[op]);
      }
   }
}

/* GL core's polygon modes and first-vertex provoking (OpenGL 3.3 sections 3.6.4 and 2.18), which
 * an ES host lacks, by a geometry stage Espryt writes behind a vertex stage (the program has none
 * of its own): it passes each vertex's outputs through, the flat ones from the provoking vertex
 * of the primitive (a line's first, or GL's last; triangles with first-vertex provoking arrive
 * as lists rotated to end with it, draw.c), and emits a triangle as itself (FILL), its edges
 * as a line strip (LINE) or its vertices as points (POINT). A LINE / POINT triangle is culled
 * here by GL's rule (its window-space area's sign against FrontFace; the host culls no lines or
 * points), from gl_Position's x, y and w (the determinant's sign is the area's for w > 0).
 * Outputs are matched by location; struct outputs are refused by name. */
static char *
make_raster_gs(struct xlate *x, spvc_compiler comp, spvc_resources res)
{
   uint32_t k = x->key->raster_gs;
   uint32_t in = k & 3u, mode = (k >> 2) & 3u, cull = (k >> 5) & 3u;
   bool first = (k >> 4) & 1u, ccw = (k >> 7) & 1u;
   size_t cap = 16384, len = 0;
   char *g = malloc(cap);
   if (!g)
      return NULL;
#define GS_PUT(...)                                                                                \
   do {                                                                                            \
      int n_ = snprintf(g + len, cap - len, __VA_ARGS__);                                          \
      if (n_ < 0 || (size_t)n_ >= cap - len)                                                       \
         goto fail;                                                                                \
      len += (size_t)n_;                                                                           \
   } while (0)
   GS_PUT("#version %u es\n", x->version);
   if (x->version < 320)
      GS_PUT("#extension GL_EXT_geometry_shader : require\n");
   spvc_compiler_update_active_builtins(comp);
   bool psize = spvc_compiler_has_active_builtin(comp, SpvBuiltInPointSize, SpvStorageClassOutput) &&
                es_has(x->be, ES_FEAT_GEOMETRY_POINT_SIZE);
   if (mode == WIRE_POLYGON_POINT && spvc_compiler_has_active_builtin(comp, SpvBuiltInPointSize, SpvStorageClassOutput) &&
       !psize) {
      snprintf(x->err, sizeof(x->err), "polygon mode POINT with a point size: the host lacks EXT_geometry_point_size");
      goto fail;
   }
   if (psize)
      GS_PUT("#extension %s : require\n", x->be->gs_point_size_ext);
   /* the clip / cull distances the vertex stage writes: their array lengths */
   uint32_t nclip = 0, ncull = 0;
   const spvc_reflected_builtin_resource *blist = NULL;
   size_t count = 0;
   spvc_resources_get_builtin_resource_list_for_type(res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &blist, &count);
   for (size_t i = 0; i < count; i++) {
      spvc_type t = spvc_compiler_get_type_handle(comp, blist[i].value_type_id);
      uint32_t n = t && spvc_type_get_num_array_dimensions(t) ? spvc_type_get_array_dimension(t, 0) : 0;
      if (blist[i].builtin == SpvBuiltInClipDistance)
         nclip = n;
      if (blist[i].builtin == SpvBuiltInCullDistance)
         ncull = n;
   }
   if (nclip || ncull)
      GS_PUT("#extension GL_EXT_clip_cull_distance : require\n");
   GS_PUT("precision highp float;\nprecision highp int;\n");
   static const char *const prim_in[3] = {"", "lines", "triangles"};
   static const char *const prim_out[3] = {"triangle_strip", "line_strip", "points"};
   /* a clipped triangle: one more vertex per plane at most (section 2.20) */
   uint32_t verts = in == 1 ? 2 : 3 + nclip + (mode == WIRE_POLYGON_LINE ? 1u : 0u);
   GS_PUT("layout(%s) in;\nlayout(%s, max_vertices = %u) out;\n", prim_in[in], in == 1 ? "line_strip" : prim_out[mode],
          verts);
   if (nclip)
      GS_PUT("out float gl_ClipDistance[%u];\n", nclip);
   if (ncull)
      GS_PUT("out float gl_CullDistance[%u];\n", ncull);
   /* the user outputs: declarations, then es_emit's copies */
   char copies[8192];
   size_t clen = 0;
   copies[0] = 0;
   const spvc_reflected_resource *list = NULL;
   spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count);
   for (size_t i = 0; i < count; i++) {
      spvc_variable_id id = list[i].id;
      spvc_type t = spvc_compiler_get_type_handle(comp, list[i].type_id);
      spvc_basetype bt = spvc_type_get_basetype(t);
      uint32_t vec = spvc_type_get_vector_size(t), cols = spvc_type_get_columns(t);
      uint32_t dims = spvc_type_get_num_array_dimensions(t);
      if ((bt != SPVC_BASETYPE_FP32 && bt != SPVC_BASETYPE_INT32 && bt != SPVC_BASETYPE_UINT32) || dims > 1 || vec < 1 ||
          vec > 4 || cols > 4 || spvc_compiler_has_decoration(comp, id, SpvDecorationNoPerspective)) {
         snprintf(x->err, sizeof(x->err), "polygon mode / provoking vertex: a vertex output of a type Espryt cannot pass "
                                          "through its geometry stage (a structure, or noperspective)");
         goto fail;
      }
      char type[16];
      static const char *const fvec[5] = {"", "float", "vec2", "vec3", "vec4"};
      static const char *const ivec[5] = {"", "int", "ivec2", "ivec3", "ivec4"};
      static const char *const uvec[5] = {"", "uint", "uvec2", "uvec3", "uvec4"};
      if (cols > 1)
         snprintf(type, sizeof(type), cols == vec ? "mat%u" : "mat%ux%u", cols, vec);
      else
         snprintf(type, sizeof(type), "%s", bt == SPVC_BASETYPE_FP32 ? fvec[vec] : bt == SPVC_BASETYPE_INT32 ? ivec[vec] : uvec[vec]);
      bool flat = spvc_compiler_has_decoration(comp, id, SpvDecorationFlat) || bt != SPVC_BASETYPE_FP32;
      const char *interp = flat ? "flat "
                         : spvc_compiler_has_decoration(comp, id, SpvDecorationCentroid) ? "centroid "
                         : spvc_compiler_has_decoration(comp, id, SpvDecorationSample) ? "sample " : "";
      uint32_t loc = spvc_compiler_get_decoration(comp, id, SpvDecorationLocation);
      char arr[16] = "";
      if (dims)
         snprintf(arr, sizeof(arr), "[%u]", spvc_type_get_array_dimension(t, 0));
      GS_PUT("layout(location = %u) %sin highp %s es_i%u[]%s;\nlayout(location = %u) %sout highp %s es_o%u%s;\n", loc,
             interp, type, loc, arr, loc, interp, type, loc, arr);
      /* a line's vertex i; a triangle's point of barycentric b (clipping made it) */
      int n;
      if (in == 1 || flat)
         n = snprintf(copies + clen, sizeof(copies) - clen, "    es_o%u = es_i%u[%s];\n", loc, loc, flat ? "p" : "i");
      else if (!dims)
         n = snprintf(copies + clen, sizeof(copies) - clen,
                      "    es_o%u = b.x * es_i%u[0] + b.y * es_i%u[1] + b.z * es_i%u[2];\n", loc, loc, loc, loc);
      else
         n = snprintf(copies + clen, sizeof(copies) - clen,
                      "    for (int e = 0; e < %u; e++)\n"
                      "        es_o%u[e] = b.x * es_i%u[0][e] + b.y * es_i%u[1][e] + b.z * es_i%u[2][e];\n",
                      spvc_type_get_array_dimension(t, 0), loc, loc, loc, loc);
      if (n < 0 || (size_t)n >= sizeof(copies) - clen)
         goto fail;
      clen += (size_t)n;
   }
   int p = first ? 0 : in == 1 ? 1 : 2;
   if (in == 1) {
      /* a line: its vertices as they are */
      GS_PUT("void es_emit(int i, int p)\n{\n    gl_Position = gl_in[i].gl_Position;\n");
      if (psize)
         GS_PUT("    gl_PointSize = gl_in[i].gl_PointSize;\n");
      for (uint32_t c = 0; c < nclip; c++)
         GS_PUT("    gl_ClipDistance[%u] = gl_in[i].gl_ClipDistance[%u];\n", c, c);
      for (uint32_t c = 0; c < ncull; c++)
         GS_PUT("    gl_CullDistance[%u] = gl_in[i].gl_CullDistance[%u];\n", c, c);
      GS_PUT("%s    EmitVertex();\n}\n", copies);
      GS_PUT("void main()\n{\n    es_emit(0, %d);\n    es_emit(1, %d);\n", p, p);
   } else {
      /* A LINE / POINT triangle: GL clips the polygon first (OpenGL 3.3 section 2.20), and
       * the edges and vertices clipping against the clip distances makes are drawn too
       * (llvmpipe and lavapipe do so; neither draws an edge along the near / far planes or the
       * window's, which they clip per fragment or by guard band); the host would clip the
       * lines or points instead. So the triangle is clipped here against each clip distance
       * (the vertex stage wrote 1.0, inside, to the disabled ones), its polygon kept as
       * barycentrics of the three vertices; every output is interpolated from them as the
       * host's clipper would, the distances written clamped to inside. */
      GS_PUT("void es_emit(vec3 b, int p)\n{\n"
             "    gl_Position = b.x * gl_in[0].gl_Position + b.y * gl_in[1].gl_Position + b.z * gl_in[2].gl_Position;\n");
      if (psize)
         GS_PUT("    gl_PointSize = b.x * gl_in[0].gl_PointSize + b.y * gl_in[1].gl_PointSize + b.z * gl_in[2].gl_PointSize;\n");
      for (uint32_t c = 0; c < nclip; c++)
         GS_PUT("    gl_ClipDistance[%u] = max(0.0, dot(b, vec3(gl_in[0].gl_ClipDistance[%u], gl_in[1].gl_ClipDistance[%u], "
                "gl_in[2].gl_ClipDistance[%u])));\n", c, c, c, c);
      for (uint32_t c = 0; c < ncull; c++)
         GS_PUT("    gl_CullDistance[%u] = dot(b, vec3(gl_in[0].gl_CullDistance[%u], gl_in[1].gl_CullDistance[%u], "
                "gl_in[2].gl_CullDistance[%u]));\n", c, c, c, c);
      GS_PUT("%s    EmitVertex();\n}\n", copies);
      uint32_t planes = nclip;
      GS_PUT("vec3 es_b[%u];\nint es_n;\n", planes + 4);
      GS_PUT("void es_clip(vec3 d)\n{\n"
             "    vec3 o[%u];\n    int m = 0;\n"
             "    for (int i = 0; i < es_n; i++) {\n"
             "        vec3 p = es_b[i], q = es_b[(i + 1) %% es_n];\n"
             "        float dp = dot(p, d), dq = dot(q, d);\n"
             "        if (dp >= 0.0)\n            o[m++] = p;\n"
             "        if ((dp >= 0.0) != (dq >= 0.0))\n            o[m++] = mix(p, q, dp / (dp - dq));\n"
             "    }\n"
             "    es_n = m;\n    for (int i = 0; i < m; i++)\n        es_b[i] = o[i];\n}\n",
             planes + 4);
      GS_PUT("void main()\n{\n");
      if (cull != WIRE_CULL_NONE) {
         if (cull == WIRE_CULL_FRONT_AND_BACK)
            GS_PUT("    return;\n");
         GS_PUT("    float area = determinant(mat3(gl_in[0].gl_Position.xyw, gl_in[1].gl_Position.xyw, "
                "gl_in[2].gl_Position.xyw));\n"
                "    bool front = %s;\n    if (%sfront)\n        return;\n",
                ccw ? "area > 0.0" : "area < 0.0", cull == WIRE_CULL_BACK ? "!" : "");
      }
      GS_PUT("    es_n = 3;\n    es_b[0] = vec3(1.0, 0.0, 0.0);\n    es_b[1] = vec3(0.0, 1.0, 0.0);\n"
             "    es_b[2] = vec3(0.0, 0.0, 1.0);\n");
      for (uint32_t c = 0; c < nclip; c++)
         GS_PUT("    es_clip(vec3(gl_in[0].gl_ClipDistance[%u], gl_in[1].gl_ClipDistance[%u], gl_in[2].gl_ClipDistance[%u]));\n",
                c, c, c);
      GS_PUT("    for (int i = 0; i < es_n; i++)\n        es_emit(es_b[i], %d);\n", p);
      if (mode == WIRE_POLYGON_LINE)
         GS_PUT("    if (es_n > 0)\n        es_emit(es_b[0], %d);\n", p);
   }
   GS_PUT("}\n");
#undef GS_PUT
   return g;
fail:
   if (!x->err[0])
      snprintf(x->err, sizeof(x->err), "polygon mode / provoking vertex: the geometry stage does not fit");
   free(g);
   return NULL;
}

/* GLSL ES source of one stage (malloc'd), or NULL with x->err. */
static char *
translate(struct xlate *x, const uint32_t *words, size_t count)
{
   spvc_context sc = NULL;
   spvc_parsed_ir ir = NULL;
   spvc_compiler comp = NULL;
   spvc_compiler_options opts = NULL;
   spvc_resources res = NULL;
   const char *src = NULL;
   char *out = NULL;
   if (spvc_context_create(&sc) != SPVC_SUCCESS) {
      snprintf(x->err, sizeof(x->err), "SPIRV-Cross: no context");
      return NULL;
   }
   spvc_context_set_error_callback(sc, spvc_error, x);
   unsigned version = x->version;
   if (spvc_context_parse_spirv(sc, words, count, &ir) != SPVC_SUCCESS ||
       spvc_context_create_compiler(sc, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP, &comp) !=
          SPVC_SUCCESS ||
       spvc_compiler_create_compiler_options(comp, &opts) != SPVC_SUCCESS)
      goto done;
   spvc_compiler_options_set_uint(opts, SPVC_COMPILER_OPTION_GLSL_VERSION, version);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_ES, SPVC_TRUE);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_VULKAN_SEMANTICS, SPVC_FALSE);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_SUPPORT_NONZERO_BASE_INSTANCE, SPVC_FALSE);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_FLOAT_PRECISION_HIGHP, SPVC_TRUE);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_INT_PRECISION_HIGHP, SPVC_TRUE);
   if (spvc_compiler_install_compiler_options(comp, opts) != SPVC_SUCCESS ||
       spvc_compiler_create_shader_resources(comp, &res) != SPVC_SUCCESS)
      goto done;
   /* gl_ClipDistance / gl_CullDistance in GLSL ES (SPIRV-Cross does not enable it itself) */
   if (x->clip_cull && spvc_compiler_require_extension(comp, "GL_EXT_clip_cull_distance") != SPVC_SUCCESS)
      goto done;
   /* gl_PointSize in a geometry stage: GLSL ES 3.20 has it only with EXT / OES_geometry_point_size
    * (GL 3.3 always); refused by name where the host lacks it */
   if (spvc_compiler_get_execution_model(comp) == SpvExecutionModelGeometry) {
      spvc_compiler_update_active_builtins(comp);
      if (spvc_compiler_has_active_builtin(comp, SpvBuiltInPointSize, SpvStorageClassInput) ||
          spvc_compiler_has_active_builtin(comp, SpvBuiltInPointSize, SpvStorageClassOutput)) {
         if (!es_has(x->be, ES_FEAT_GEOMETRY_POINT_SIZE)) {
            snprintf(x->err, sizeof(x->err), "gl_PointSize in a geometry stage: the host lacks EXT_geometry_point_size");
            goto done;
         }
         if (spvc_compiler_require_extension(comp, x->be->gs_point_size_ext) != SPVC_SUCCESS)
            goto done;
      }
   }
   if (uses_ms_array(comp, res) &&
       spvc_compiler_require_extension(comp, "GL_OES_texture_storage_multisample_2d_array") != SPVC_SUCCESS)
      goto done;
   if (!require_output_index(x, comp, res))
      goto done;
   bool fragment = spvc_compiler_get_execution_model(comp) == SpvExecutionModelFragment;
   if (x->key->raster_gs && spvc_compiler_get_execution_model(comp) == SpvExecutionModelVertex) {
      x->raster_gs = make_raster_gs(x, comp, res);
      if (!x->raster_gs)
         goto done;
   }
   struct lop_out lop[WIRE_MAX_COLOR_BUFS];
   uint32_t nlop = 0;
   bool logic = fragment && x->key->logic_op;
   if (logic) {
      if (!lop_outputs(x, comp, res, lop, &nlop) ||
          spvc_compiler_require_extension(comp, es_has(x->be, ES_FEAT_FRAMEBUFFER_FETCH)
                                                   ? "GL_EXT_shader_framebuffer_fetch"
                                                   : "GL_EXT_shader_framebuffer_fetch_non_coherent") != SPVC_SUCCESS)
         goto done;
   }
   if (fragment && x->key->count_samples) {
      /* early tests would not see the depth the shader writes */
      spvc_compiler_update_active_builtins(comp);
      if (spvc_compiler_has_active_builtin(comp, SpvBuiltInFragDepth, SpvStorageClassOutput)) {
         snprintf(x->err, sizeof(x->err), "SAMPLES_PASSED of a fragment shader that writes gl_FragDepth (Espryt counts "
                                          "with early fragment tests)");
         goto done;
      }
   }
   rename_resources(comp, res, SPVC_RESOURCE_TYPE_UNIFORM_BUFFER);
   rename_resources(comp, res, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE);
   strip_xfb(x, comp, res);
   if (spvc_compiler_compile(comp, &src) != SPVC_SUCCESS || !src)
      goto done;
   /* the specialization constants' values (the variant's), defined ahead of SPIRV-Cross's
    * #ifndef defaults; a stage that does not declare one never reads its macro */
   char spec[192];
   float psize;
   memcpy(&psize, &x->key->point_size, sizeof(psize));
   /* SPV_SPEC_POINT_ORIGIN: the lift flips gl_PointCoord.y for Vulkan's origin when it is 0,
    * keeps it when 1. A GL host's gl_PointCoord has GL's UPPER_LEFT origin already, so
    * UPPER_LEFT is 1 here and LOWER_LEFT (GL core's) is 0, the flip */
   int spec_len = snprintf(spec, sizeof(spec),
                           "#define SPIRV_CROSS_CONSTANT_ID_%d %.9e\n#define SPIRV_CROSS_CONSTANT_ID_%d %d\n"
                           "#define SPIRV_CROSS_CONSTANT_ID_%d %u\n",
                           SPV_SPEC_POINT_SIZE, (double)psize, SPV_SPEC_POINT_ORIGIN,
                           x->key->point_origin == WIRE_POINT_ORIGIN_LOWER_LEFT ? 0 : 1, SPV_SPEC_CLIP_ENABLE,
                           x->key->clip_enable);
   const char *nl = strchr(src, '\n');
   size_t head = nl ? (size_t)(nl - src) + 1 : 0, len = strlen(src);
   out = spec_len > 0 && (size_t)spec_len < sizeof(spec) ? malloc(len + (size_t)spec_len + 1) : NULL;
   if (out) {
      memcpy(out, src, head);
      memcpy(out + head, spec, (size_t)spec_len);
      memcpy(out + head + (size_t)spec_len, src + head, len - head + 1);
   }
   if (out && logic) {
      out = lop_inout(out, lop, nlop, !es_has(x->be, ES_FEAT_FRAMEBUFFER_FETCH));
      static _Thread_local char before[4096], after[16384];
      before[0] = after[0] = 0;
      for (uint32_t i = 0; i < nlop; i++)
         lop_statements(before, sizeof(before), after, sizeof(after), &lop[i], x->key->logic_op - 1,
                        x->key->logic_kinds);
      if (out)
         out = wrap_main(out, "", before, after);
      if (!out)
         snprintf(x->err, sizeof(x->err), "logic op: SPIRV-Cross's fragment shader is not as Espryt wraps it");
   }
   if (out && fragment && x->key->count_samples) {
      out = wrap_main(out, count_decls, "", count_after);
      if (!out)
         snprintf(x->err, sizeof(x->err), "SPIRV-Cross's fragment shader has no single main()");
   }
done:
   if (!out && !x->err[0])
      snprintf(x->err, sizeof(x->err), "SPIRV-Cross: %s", spvc_context_get_last_error_string(sc));
   spvc_context_destroy(sc);
   return out;
}

static GLuint
compile(struct es_backend *be, GLenum stage, const char *src, char *err, size_t err_size)
{
   GLuint sh = be->gl.CreateShader(stage);
   be->gl.ShaderSource(sh, 1, &src, NULL);
   be->gl.CompileShader(sh);
   GLint ok = 0;
   be->gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      be->gl.GetShaderInfoLog(sh, (GLsizei)err_size, NULL, err);
      be->gl.DeleteShader(sh);
      return 0;
   }
   return sh;
}

static void
lookup_names(struct es_backend *be, const struct spv_program_info *info, struct es_variant *v)
{
   const struct es_gl *gl = &be->gl;
   GLuint idx = gl->GetUniformBlockIndex(v->prog, "es_default");
   v->default_block = idx == GL_INVALID_INDEX ? -1 : (GLint)idx;
   if (v->default_block >= 0)
      gl->UniformBlockBinding(v->prog, idx, be->default_ubo_binding);
   for (uint32_t i = 0; i < info->sampler_count; i++) {
      char name[48];
      snprintf(name, sizeof(name), "es_s%u", info->samplers[i].binding);
      v->sampler_loc[i] = gl->GetUniformLocation(v->prog, name);
   }
   for (uint32_t i = 0; i < info->block_count; i++) {
      const struct spv_block *b = &info->blocks[i];
      char name[48];
      if (b->array_size > 1)
         snprintf(name, sizeof(name), "es_ub%u[%u]", b->binding, b->array_index);
      else
         snprintf(name, sizeof(name), "es_ub%u", b->binding);
      v->block_index[i] = gl->GetUniformBlockIndex(v->prog, name);
   }
}

/* Compiles and links one variant into v->prog (a cached binary where there is one); false,
 * with err, where the host refuses it. */
static bool
link_variant(struct es_backend *be, const struct spv_program_info *info, struct es_variant *v, char *err,
             size_t err_size)
{
   uint8_t key[32];
   program_key(be, info, &v->key, key);
   v->prog = be->gl.CreateProgram();
   if (cache_load(be, v->prog, key)) {
      lookup_names(be, info, v);
      be->binary_hits++;
      return true;
   }
   static const GLenum stages[SPV_STAGE_COUNT] = {[SPV_STAGE_VERTEX] = GL_VERTEX_SHADER,
                                                  [SPV_STAGE_FRAGMENT] = GL_FRAGMENT_SHADER,
                                                  [SPV_STAGE_GEOMETRY] = GL_GEOMETRY_SHADER};
   static const char *const stage_names[SPV_STAGE_COUNT] = {"vertex", "fragment", "geometry"};
   GLuint sh[SPV_STAGE_COUNT] = {0};
   bool ok = true;
   /* the capture names of the last vertex-processing stage (translate) */
   const GLchar *cap_names[64];
   uint32_t ncap = 0;
   static _Thread_local struct xlate x;
   struct xfb_name cap[64];
   char *raster_gs = NULL; /* the geometry stage of v->key.raster_gs (make_raster_gs) */
   for (unsigned s = 0; s < SPV_STAGE_COUNT && ok; s++) {
      if (!(info->stage_mask & (1u << s)))
         continue;
      memset(&x, 0, sizeof(x));
      x.be = be;
      x.version = glsl_version(be, info, &v->key);
      x.key = &v->key;
      x.clip_cull = info->uses_clip_distance || info->uses_cull_distance;
      /* the samplers' LOD biases, where this stage samples one that has a bias */
      struct es_bias_binding bias[WIRE_MAX_PROGRAM_SAMPLERS];
      bool biased = false;
      for (uint32_t i = 0; i < info->sampler_count && i < WIRE_MAX_PROGRAM_SAMPLERS; i++) {
         bias[i].binding = info->samplers[i].binding;
         memcpy(&bias[i].bias, &v->key.lod_bias[i], sizeof(float));
         biased |= bias[i].bias != 0.0f && (info->samplers[i].stage_mask & (1u << s));
      }
      uint32_t *patched = NULL, *lowered = NULL;
      size_t patched_words = 0, lowered_words = 0;
      const uint32_t *words = info->spirv[s];
      size_t nwords = info->spirv_words[s];
      /* 1D images as 2D ones of height 1 (GLSL ES has none; resource.c stores them so) */
      if (es_spirv_uses_1d(words, nwords)) {
         err[0] = 0;
         if (!es_spirv_lower_1d(words, nwords, &lowered, &lowered_words, err, err_size)) {
            ok = false;
            break;
         }
         words = lowered;
         nwords = lowered_words;
      }
      /* arrays of structures between stages inside interface blocks (GLSL ES refuses them
       * bare): the fragment stage's inputs, the last vertex-processing stage's outputs */
      uint32_t *blocked = NULL;
      size_t blocked_words = 0;
      if (s == SPV_STAGE_FRAGMENT || s == spv_last_vertex_stage(info->stage_mask)) {
         if (!es_spirv_block_struct_arrays(words, nwords, s == SPV_STAGE_FRAGMENT, &blocked, &blocked_words, err,
                                           err_size) &&
             err[0]) {
            free(lowered);
            ok = false;
            break;
         }
         if (blocked) {
            free(lowered);
            lowered = blocked; /* freed with it */
            words = blocked;
            nwords = blocked_words;
         }
      }
      if (biased &&
          !es_spirv_lod_bias(words, nwords, bias,
                             info->sampler_count < WIRE_MAX_PROGRAM_SAMPLERS ? info->sampler_count
                                                                             : WIRE_MAX_PROGRAM_SAMPLERS,
                             es_max_lod_bias(be), &patched, &patched_words, err,
                             err_size)) {
         free(lowered);
         ok = false;
         break;
      }
      char *src = patched ? translate(&x, patched, patched_words) : translate(&x, words, nwords);
      free(patched);
      free(lowered);
      if (!src) {
         snprintf(err, err_size, "%s", x.err);
         ok = false;
         break;
      }
      if (x.raster_gs) {
         free(raster_gs);
         raster_gs = x.raster_gs;
         x.raster_gs = NULL;
      }
      if (s == spv_last_vertex_stage(info->stage_mask) && !x.xfb_bad && x.nxfb) {
         /* SEPARATE_ATTRIBS gives each name a buffer of its own: one output per buffer */
         bool fits = !info->xfb_separate || x.nxfb == info->xfb_varying_count;
         for (uint32_t i = 0; fits && info->xfb_separate && i < x.nxfb; i++)
            fits = x.xfb[i].buffer == i;
         if (fits) {
            memcpy(cap, x.xfb, x.nxfb * sizeof(cap[0]));
            ncap = x.nxfb;
         }
      }
      sgl_dbg("espryt: translated %s shader:\n%s", stage_names[s], src);
      sh[s] = compile(be, stages[s], src, err, err_size);
      if (!sh[s]) {
         sgl_err("espryt: the host refused the translated %s shader:\n%s", stage_names[s], src);
         ok = false;
      }
      free(src);
   }
   if (ok && raster_gs) {
      sgl_dbg("espryt: geometry stage of the raster state:\n%s", raster_gs);
      sh[SPV_STAGE_GEOMETRY] = compile(be, GL_GEOMETRY_SHADER, raster_gs, err, err_size);
      if (!sh[SPV_STAGE_GEOMETRY]) {
         sgl_err("espryt: the host refused the raster state's geometry shader:\n%s", raster_gs);
         ok = false;
      }
   }
   free(raster_gs);
   /* GL core links a program without a fragment shader (its fragments' outputs are
    * undefined; transform feedback under rasterizer discard); ES refuses it at link (ES 3.0
    * section 2.12.3), so the host program gets an empty one that writes nothing, in the
    * version of the translated stages (a link requires one version) */
   if (ok && !(info->stage_mask & (1u << SPV_STAGE_FRAGMENT))) {
      char empty_fs[256];
      snprintf(empty_fs, sizeof(empty_fs), "#version %u es\n%svoid main() {\n%s}\n", glsl_version(be, info, &v->key),
               v->key.count_samples ? count_decls : "", v->key.count_samples ? count_after : "");
      sh[SPV_STAGE_FRAGMENT] = compile(be, GL_FRAGMENT_SHADER, empty_fs, err, err_size);
      ok = sh[SPV_STAGE_FRAGMENT] != 0;
   }
   if (ok) {
      be->gl.ProgramParameteri(v->prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
      if (info->xfb_varying_count) {
         /* what the stage's decorations capture, in buffer and offset order, by the names
          * its GLSL gives them (several GL varyings may share one output: the lift packs
          * them); else (outputs that do not follow one another) the blob's GL names, which
          * SPIRV-Cross keeps for the outputs themselves */
         uint32_t n = ncap ? ncap : info->xfb_varying_count < 64 ? info->xfb_varying_count : 64;
         for (uint32_t i = 0; i < n; i++)
            cap_names[i] = ncap ? cap[i].name : info->xfb_varyings[i].name;
         be->gl.TransformFeedbackVaryings(v->prog, (GLsizei)n, cap_names,
                                          info->xfb_separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS);
      }
      for (unsigned s = 0; s < SPV_STAGE_COUNT; s++)
         if (sh[s])
            be->gl.AttachShader(v->prog, sh[s]);
      be->gl.LinkProgram(v->prog);
      GLint linked = 0;
      be->gl.GetProgramiv(v->prog, GL_LINK_STATUS, &linked);
      if (!linked) {
         be->gl.GetProgramInfoLog(v->prog, (GLsizei)err_size, NULL, err);
         ok = false;
      } else {
         lookup_names(be, info, v);
         cache_store(be, v->prog, key);
      }
   }
   for (unsigned s = 0; s < SPV_STAGE_COUNT; s++)
      if (sh[s])
         be->gl.DeleteShader(sh[s]);
   be->programs_linked++; /* compiled and linked on the host (a cached binary is not counted) */
   if (!ok) {
      be->gl.DeleteProgram(v->prog);
      v->prog = 0;
   }
   return ok;
}

static void
variant_free(struct es_backend *be, struct es_variant *v)
{
   if (v->prog)
      be->gl.DeleteProgram(v->prog);
   free(v->sampler_loc);
   free(v->block_index);
   memset(v, 0, sizeof(*v));
}

/* SetProgramBindings' values on one variant; the caller made ctx current. */
static void
apply_bindings(struct es_ctx *ctx, const struct es_program *p, const struct es_variant *v)
{
   struct es_backend *be = ctx->be;
   const struct spv_program_info *info = p->info;
   if (!v->prog || (!p->unit_count && !p->binding_count))
      return;
   es_host_bind_program(ctx, v->prog);
   for (uint32_t i = 0; i < info->sampler_count; i++) {
      const struct spv_sampler *s = &info->samplers[i];
      if (v->sampler_loc[i] < 0 || s->first_slot + s->array_size > p->unit_count)
         continue;
      GLint units[WIRE_MAX_PROGRAM_SAMPLERS];
      for (uint32_t j = 0; j < s->array_size && j < WIRE_MAX_PROGRAM_SAMPLERS; j++)
         units[j] = (GLint)p->units[s->first_slot + j];
      be->gl.Uniform1iv(v->sampler_loc[i], (GLsizei)s->array_size, units);
   }
   for (uint32_t i = 0; i < p->binding_count && i < info->block_count; i++)
      if (v->block_index[i] != GL_INVALID_INDEX)
         be->gl.UniformBlockBinding(v->prog, v->block_index[i], p->bindings[i]);
}

/* Makes the variant of `key` in slot v (empty); false where the host refuses it (the
 * session then ends, es_fail) or memory runs out. */
static bool
make_variant(struct es_backend *be, struct es_program *p, struct es_variant *v, const struct es_variant_key *key)
{
   const struct spv_program_info *info = p->info;
   v->key = *key;
   v->sampler_loc = calloc(info->sampler_count + 1, sizeof(GLint));
   v->block_index = calloc(info->block_count + 1, sizeof(GLuint));
   if (!v->sampler_loc || !v->block_index) {
      variant_free(be, v);
      be->status = be->status ? be->status : SRV_STATUS_OUT_OF_MEMORY;
      return false;
   }
   char err[512] = "";
   if (!link_variant(be, info, v, err, sizeof(err))) {
      /* the blob passed the core's validation: a refusal here is Espryt's (or the host's) */
      es_fail(be, "ProgramCreate: %s", err);
      variant_free(be, v);
      return false;
   }
   es_check(be, "ProgramCreate");
   return true;
}

struct srv_program *
es_program_create(struct srv_backend *sbe, const struct spv_program_info *info)
{
   struct es_backend *be = es_backend(sbe);
   if (!es_make_current(be, NULL))
      return NULL;
   if (info->stage_mask & ~((1u << SPV_STAGE_VERTEX) | (1u << SPV_STAGE_FRAGMENT) | (1u << SPV_STAGE_GEOMETRY))) {
      es_unimplemented(be, "program stages beyond vertex + geometry + fragment");
      return NULL;
   }
   /* the core offers geometry stages only where the capability table does (caps.c) */
   if ((info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) && !es_has(be, ES_FEAT_GEOMETRY_SHADER)) {
      es_unimplemented(be, "a geometry stage on a host without geometry shaders");
      return NULL;
   }
   struct es_program *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->info = info;
   /* the variant of GL's initial state (point size 1, PROGRAM_POINT_SIZE disabled, UPPER_LEFT
    * sprites, no clip distance enabled), so the host's verdict on the program comes now */
   const float one = 1.0f;
   struct es_variant_key key = {0};
   if (info->point_size_spec || info->gs_point_size_spec)
      memcpy(&key.point_size, &one, sizeof(one));
   if (make_variant(be, p, &p->var[0], &key))
      p->nvar = 1;
   else
      p->failed = true;
   return (struct srv_program *)p;
}

void
es_program_destroy(struct es_backend *be, struct es_program *p)
{
   if (es_make_current(be, NULL))
      for (uint32_t i = 0; i < p->nvar; i++)
         variant_free(be, &p->var[i]);
   free(p);
}

/* MAX_TEXTURE_LOD_BIAS as the front end reports it (gl_front/caps.c): the host's (Mesa
 * answers the query on ES contexts too), at least GL's minimum 2 where a host does not. */
float
es_max_lod_bias(const struct es_backend *be)
{
   float bias = wire_cap_float(be->caps[WIRE_CAP_MAX_LOD_BIAS]);
   return bias > 2.0f ? bias : 2.0f;
}

/* The specialization-constant values ctx's state gives the bound program (spv_layout.h says
 * what each means; Magma's fill_key and spec_point_size make the same), and the LOD bias of
 * the sampler bound to each of its samplers. False where the key cannot say it: an array of
 * samplers whose elements have different biases (one binding takes one bias). */
static bool
variant_key(const struct es_ctx *ctx, const struct es_program *p, struct es_variant_key *k)
{
   const struct spv_program_info *info = p->info;
   memset(k, 0, sizeof(*k));
   /* From the OpenGL 3.3 core spec, section 3.8.11: "lambda'(x, y) = lambda_base(x, y) +
    * clamp(bias_texobj + bias_shader)", clamped to MAX_TEXTURE_LOD_BIAS (the host's, caps.c) */
   const float max_bias = es_max_lod_bias(ctx->be);
   for (uint32_t i = 0; i < info->sampler_count && i < WIRE_MAX_PROGRAM_SAMPLERS; i++) {
      const struct spv_sampler *s = &info->samplers[i];
      for (uint32_t j = 0; j < s->array_size; j++) {
         /* a sampler uniform never set is unit 0 (GL's initial value) */
         uint32_t unit = s->first_slot + j < p->unit_count ? p->units[s->first_slot + j] : 0;
         const struct es_sampler *smp = unit < WIRE_MAX_SAMPLER_UNITS ? ctx->samplers[unit] : NULL;
         float bias = smp ? smp->s.lod_bias : 0.0f;
         bias = bias < -max_bias ? -max_bias : bias > max_bias ? max_bias : bias;
         if (bias == 0.0f)
            bias = 0.0f; /* -0.0: the key's bits stay 0 */
         uint32_t bits;
         memcpy(&bits, &bias, sizeof(bits));
         if (j && bits != k->lod_bias[i])
            return false;
         k->lod_bias[i] = bits;
      }
   }
   if (info->point_size_spec || info->gs_point_size_spec) {
      /* wire_rast_state.point_size: glPointSize, or 0 under GL_PROGRAM_POINT_SIZE. From the
       * OpenGL 3.3 core spec, section 3.4: the point size is "clamped to the
       * implementation-dependent point size range". */
      float size = ctx->rast ? ctx->rast->s.point_size : 1.0f;
      if (size > 0.0f) {
         float lo = wire_cap_float(ctx->be->caps[WIRE_CAP_POINT_SIZE_MIN]);
         float hi = wire_cap_float(ctx->be->caps[WIRE_CAP_POINT_SIZE_MAX]);
         size = size < lo ? lo : size > hi ? hi : size;
         memcpy(&k->point_size, &size, sizeof(size));
      }
   }
   if (info->fs_point_origin_spec)
      k->point_origin = ctx->point_origin;
   if (info->clip_enable_stage != SPV_STAGE_COUNT)
      k->clip_enable = ctx->clip_enable;
   k->count_samples = ctx->counting;
   /* polygon mode and first-vertex provoking: the geometry stage Espryt writes
    * (make_raster_gs), for the draw's primitive class; nothing without rasterization */
   const struct wire_rast_state *r = ctx->rast ? &ctx->rast->s : NULL;
   if (r && !r->rasterizer_discard && !(info->stage_mask & (1u << SPV_STAGE_GEOMETRY))) {
      uint32_t m = ctx->draw_mode;
      uint32_t in = m == WIRE_PRIM_LINES || m == WIRE_PRIM_LINE_LOOP || m == WIRE_PRIM_LINE_STRIP ? 1u
                  : m == WIRE_PRIM_TRIANGLES || m == WIRE_PRIM_TRIANGLE_STRIP || m == WIRE_PRIM_TRIANGLE_FAN ? 2u : 0u;
      uint32_t mode = in == 2 ? r->polygon_mode : WIRE_POLYGON_FILL;
      /* (triangles with first-vertex provoking arrive as lists rotated to end with it: draw.c) */
      uint32_t first = in == 1 && r->provoking_first;
      if (mode != WIRE_POLYGON_FILL || first) {
         k->raster_gs = in | mode << 2 | first << 4;
         if (mode != WIRE_POLYGON_FILL)
            k->raster_gs |= (uint32_t)r->cull_mode << 5 | (uint32_t)r->front_ccw << 7;
      }
   }
   /* GL core's logic op: the op and each attachment's kind (wrap_main's lop_statements) */
   if (ctx->blend && ctx->blend->s.logic_op_enable && (info->stage_mask & (1u << SPV_STAGE_FRAGMENT))) {
      k->logic_op = ctx->blend->s.logic_op + 1u;
      for (uint32_t i = 0; i < ctx->fb_state.nr_cbufs && i < 8; i++) {
         const struct es_resource *r = (const struct es_resource *)ctx->fb_state.cbufs[i].res;
         k->logic_kinds |= (r ? es_logic_kind(r->templ.format) : 0u) << (i * 4);
      }
   }
   return true;
}

GLuint
es_program_select(struct es_ctx *ctx)
{
   struct es_backend *be = ctx->be;
   struct es_program *p = ctx->prog;
   if (!p || p->failed)
      return 0;
   struct es_variant_key key;
   if (!variant_key(ctx, p, &key)) {
      es_fail(be, "Draw: LOD bias differing between the elements of one sampler array");
      return 0;
   }
   struct es_variant *v = NULL;
   for (uint32_t i = 0; i < p->nvar && !v; i++)
      if (!memcmp(&p->var[i].key, &key, sizeof(key)))
         v = &p->var[i];
   if (!v) {
      if (p->nvar < ES_PROGRAM_VARIANTS) {
         v = &p->var[p->nvar];
      } else { /* full: the least recently drawn one makes room */
         v = &p->var[0];
         for (uint32_t i = 1; i < p->nvar; i++)
            if (p->var[i].last_use < v->last_use)
               v = &p->var[i];
         variant_free(be, v);
         if (v != &p->var[p->nvar - 1]) { /* keep var[0 .. nvar) dense */
            *v = p->var[p->nvar - 1];
            memset(&p->var[p->nvar - 1], 0, sizeof(*v));
         }
         p->nvar--;
         v = &p->var[p->nvar];
      }
      if (!make_variant(be, p, v, &key)) {
         p->failed = true;
         return 0;
      }
      p->nvar++;
      apply_bindings(ctx, p, v);
   }
   v->last_use = ++p->use_clock;
   return v->prog;
}

void
es_set_program_bindings(struct srv_ctx *sctx, struct srv_program *sprog, uint32_t sampler_count,
                        const uint32_t *units, uint32_t block_count, const uint32_t *bindings)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   struct es_program *p = (struct es_program *)sprog;
   if (!es_make_current(be, ctx) || p->failed)
      return;
   if (sampler_count > WIRE_MAX_PROGRAM_SAMPLERS || block_count > WIRE_MAX_UNIFORM_BLOCKS) {
      es_fail(be, "SetProgramBindings: %u units / %u blocks", sampler_count, block_count); /* the core bounds both */
      return;
   }
   for (uint32_t i = 0; i < block_count; i++) {
      if (bindings[i] >= be->default_ubo_binding) {
         es_fail(be, "SetProgramBindings: binding point %u is past the host's", bindings[i]);
         return;
      }
   }
   /* kept for the variants made later (GL's sampler uniforms and block bindings are program
    * state, not the host program's) */
   memcpy(p->units, units, sampler_count * sizeof(*units));
   memcpy(p->bindings, bindings, block_count * sizeof(*bindings));
   p->unit_count = sampler_count;
   p->binding_count = block_count;
   for (uint32_t i = 0; i < p->nvar; i++)
      apply_bindings(ctx, p, &p->var[i]);
   es_check(be, "SetProgramBindings");
}
