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
 * Specialization constants become SPIRV-Cross's SPIRV_CROSS_CONSTANT_ID_<n> macros; Espryt
 * defines SPV_SPEC_POINT_ORIGIN as 1 (no flip: a GL host's gl_PointCoord already has ES's
 * upper-left origin; the lift's flip is for Vulkan). */
#include "es_private.h"

#include <pthread.h>
#include <spirv_cross_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_layout.h"
#include "util/log.h"
#include "util/sha256.h"

/* ---- host program binaries, cached per blob ---------------------------------------------
 * Key: SHA-256 of the host's renderer and version strings, the GLSL ES version Espryt
 * targets, and every stage's SPIR-V (the blob's code; the reflection does not change the
 * host program). Process-wide, since every session of a process talks to the same host
 * driver; capped at ES_BINARY_CACHE_BYTES (oldest entries go first). A binary the host
 * refuses later (glProgramBinary leaves LINK_STATUS false: a driver update) is dropped and
 * the program is compiled again (ES 3.0 section 2.12.4 allows the refusal). */
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
glsl_version(struct es_backend *be, const struct spv_program_info *info)
{
   if ((info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) && es_has(be, ES_FEAT_GLSL_ES_320))
      return 320;
   return es_has(be, ES_FEAT_GLSL_ES_310) ? 310 : 300;
}

static void
program_key(struct es_backend *be, const struct spv_program_info *info, uint8_t key[32])
{
   struct sgl_sha256 h;
   sgl_sha256_init(&h);
   sgl_sha256_update(&h, be->renderer, strlen(be->renderer) + 1);
   uint32_t version = glsl_version(be, info);
   sgl_sha256_update(&h, &version, sizeof(version));
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
   bool clip_cull; /* the program declares clip or cull distances (EXT_clip_cull_distance) */
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
strip_xfb(spvc_compiler comp, spvc_resources res)
{
   static const SpvDecoration decs[] = {SpvDecorationOffset, SpvDecorationXfbBuffer, SpvDecorationXfbStride};
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count);
   for (size_t i = 0; i < count; i++)
      for (unsigned k = 0; k < 3; k++)
         spvc_compiler_unset_decoration(comp, list[i].id, decs[k]);
   const spvc_reflected_builtin_resource *blist = NULL;
   spvc_resources_get_builtin_resource_list_for_type(res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &blist, &count);
   for (size_t i = 0; i < count; i++) {
      for (unsigned k = 0; k < 3; k++)
         spvc_compiler_unset_decoration(comp, blist[i].resource.id, decs[k]);
      spvc_type t = spvc_compiler_get_type_handle(comp, blist[i].resource.base_type_id);
      unsigned members = t ? spvc_type_get_num_member_types(t) : 0;
      for (unsigned m = 0; m < members; m++)
         for (unsigned k = 0; k < 3; k++)
            spvc_compiler_unset_member_decoration(comp, blist[i].resource.base_type_id, m, decs[k]);
   }
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
   rename_resources(comp, res, SPVC_RESOURCE_TYPE_UNIFORM_BUFFER);
   rename_resources(comp, res, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE);
   strip_xfb(comp, res);
   if (spvc_compiler_compile(comp, &src) != SPVC_SUCCESS || !src)
      goto done;
   /* the specialization constants' values, defined ahead of SPIRV-Cross's #ifndef defaults:
    * SPV_SPEC_POINT_ORIGIN 1 (above); SPV_SPEC_CLIP_ENABLE every plane, the host's own
    * CLIP_DISTANCEi_EXT enables choosing among them (state.c) */
   static const char spec[] = "#define SPIRV_CROSS_CONSTANT_ID_1 1\n#define SPIRV_CROSS_CONSTANT_ID_2 255\n";
   const char *nl = strchr(src, '\n');
   size_t head = nl ? (size_t)(nl - src) + 1 : 0, len = strlen(src);
   out = malloc(len + sizeof(spec));
   if (out) {
      memcpy(out, src, head);
      memcpy(out + head, spec, sizeof(spec) - 1);
      memcpy(out + head + sizeof(spec) - 1, src + head, len - head + 1);
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
lookup_names(struct es_backend *be, struct es_program *p)
{
   const struct spv_program_info *info = p->info;
   const struct es_gl *gl = &be->gl;
   GLuint idx = gl->GetUniformBlockIndex(p->prog, "es_default");
   p->default_block = idx == GL_INVALID_INDEX ? -1 : (GLint)idx;
   if (p->default_block >= 0)
      gl->UniformBlockBinding(p->prog, idx, be->default_ubo_binding);
   for (uint32_t i = 0; i < info->sampler_count; i++) {
      char name[48];
      snprintf(name, sizeof(name), "es_s%u", info->samplers[i].binding);
      p->sampler_loc[i] = gl->GetUniformLocation(p->prog, name);
   }
   for (uint32_t i = 0; i < info->block_count; i++) {
      const struct spv_block *b = &info->blocks[i];
      char name[48];
      if (b->array_size > 1)
         snprintf(name, sizeof(name), "es_ub%u[%u]", b->binding, b->array_index);
      else
         snprintf(name, sizeof(name), "es_ub%u", b->binding);
      p->block_index[i] = gl->GetUniformBlockIndex(p->prog, name);
   }
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
   char err[512] = "";
   /* our own copy of the reflection (names, bindings) */
   if (p) {
      p->sampler_loc = calloc(info->sampler_count + 1, sizeof(GLint));
      p->block_index = calloc(info->block_count + 1, sizeof(GLuint));
      p->info = (struct spv_program_info *)info; /* replaced below by a private copy */
   }
   if (!p || !p->sampler_loc || !p->block_index) {
      if (p) {
         free(p->sampler_loc);
         free(p->block_index);
      }
      free(p);
      return NULL;
   }
   uint8_t key[32];
   program_key(be, info, key);
   p->prog = be->gl.CreateProgram();
   if (cache_load(be, p->prog, key)) {
      lookup_names(be, p);
      be->binary_hits++;
      es_check(be, "ProgramCreate(binary)");
      return (struct srv_program *)p;
   }
   static const GLenum stages[SPV_STAGE_COUNT] = {[SPV_STAGE_VERTEX] = GL_VERTEX_SHADER,
                                                  [SPV_STAGE_FRAGMENT] = GL_FRAGMENT_SHADER,
                                                  [SPV_STAGE_GEOMETRY] = GL_GEOMETRY_SHADER};
   static const char *const stage_names[SPV_STAGE_COUNT] = {"vertex", "fragment", "geometry"};
   GLuint sh[SPV_STAGE_COUNT] = {0};
   bool ok = true;
   for (unsigned s = 0; s < SPV_STAGE_COUNT && ok; s++) {
      if (!(info->stage_mask & (1u << s)))
         continue;
      struct xlate x = {.be = be, .version = glsl_version(be, info),
                        .clip_cull = info->uses_clip_distance || info->uses_cull_distance};
      char *src = translate(&x, info->spirv[s], info->spirv_words[s]);
      if (!src) {
         snprintf(err, sizeof(err), "%s", x.err);
         ok = false;
         break;
      }
      sgl_dbg("espryt: translated %s shader:\n%s", stage_names[s], src);
      sh[s] = compile(be, stages[s], src, err, sizeof(err));
      if (!sh[s]) {
         sgl_err("espryt: the host refused the translated %s shader:\n%s", stage_names[s], src);
         ok = false;
      }
      free(src);
   }
   if (ok) {
      be->gl.ProgramParameteri(p->prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
      if (info->xfb_varying_count) {
         /* the blob's captured varyings by GL name; SPIRV-Cross keeps the outputs' names */
         const GLchar *names[64];
         uint32_t n = info->xfb_varying_count < 64 ? info->xfb_varying_count : 64;
         for (uint32_t i = 0; i < n; i++)
            names[i] = info->xfb_varyings[i].name;
         be->gl.TransformFeedbackVaryings(p->prog, (GLsizei)n, names,
                                          info->xfb_separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS);
      }
      for (unsigned s = 0; s < SPV_STAGE_COUNT; s++)
         if (sh[s])
            be->gl.AttachShader(p->prog, sh[s]);
      be->gl.LinkProgram(p->prog);
      GLint linked = 0;
      be->gl.GetProgramiv(p->prog, GL_LINK_STATUS, &linked);
      if (!linked) {
         be->gl.GetProgramInfoLog(p->prog, sizeof(err), NULL, err);
         ok = false;
      } else {
         lookup_names(be, p);
         cache_store(be, p->prog, key);
      }
   }
   for (unsigned s = 0; s < SPV_STAGE_COUNT; s++)
      if (sh[s])
         be->gl.DeleteShader(sh[s]);
   if (!ok) {
      /* the blob passed the core's validation: a refusal here is Espryt's (or the host's) */
      es_fail(be, "ProgramCreate: %s", err);
      if (p->prog)
         be->gl.DeleteProgram(p->prog);
      p->prog = 0;
   }
   be->programs_linked++; /* compiled and linked on the host (a cached binary is not counted) */
   return (struct srv_program *)p;
}

void
es_program_destroy(struct es_backend *be, struct es_program *p)
{
   if (es_make_current(be, NULL) && p->prog)
      be->gl.DeleteProgram(p->prog);
   free(p->sampler_loc);
   free(p->block_index);
   free(p);
}

void
es_set_program_bindings(struct srv_ctx *sctx, struct srv_program *sprog, uint32_t sampler_count,
                        const uint32_t *units, uint32_t block_count, const uint32_t *bindings)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   struct es_program *p = (struct es_program *)sprog;
   if (!es_make_current(be, ctx) || !p->prog)
      return;
   /* p->info belongs to the core's handle table entry, which outlives this program object */
   const struct spv_program_info *info = p->info;
   es_host_bind_program(ctx, p->prog);
   for (uint32_t i = 0; i < info->sampler_count; i++) {
      const struct spv_sampler *s = &info->samplers[i];
      if (p->sampler_loc[i] < 0 || s->first_slot + s->array_size > sampler_count)
         continue;
      GLint v[WIRE_MAX_PROGRAM_SAMPLERS];
      for (uint32_t j = 0; j < s->array_size && j < WIRE_MAX_PROGRAM_SAMPLERS; j++)
         v[j] = (GLint)units[s->first_slot + j];
      be->gl.Uniform1iv(p->sampler_loc[i], (GLsizei)s->array_size, v);
   }
   for (uint32_t i = 0; i < block_count && i < info->block_count; i++) {
      if (p->block_index[i] == GL_INVALID_INDEX)
         continue;
      if (bindings[i] >= be->default_ubo_binding) {
         es_fail(be, "SetProgramBindings: binding point %u is past the host's", bindings[i]);
         return;
      }
      be->gl.UniformBlockBinding(p->prog, p->block_index[i], bindings[i]);
   }
   es_check(be, "SetProgramBindings");
}
