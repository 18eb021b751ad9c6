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
glsl_version(struct es_backend *be, const struct spv_program_info *info)
{
   if ((info->stage_mask & (1u << SPV_STAGE_GEOMETRY)) && es_has(be, ES_FEAT_GLSL_ES_320))
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
   uint32_t version = glsl_version(be, info);
   sgl_sha256_update(&h, &version, sizeof(version));
   /* the specialization constants' values are part of the host program */
   const uint32_t spec[3] = {vk->point_size, vk->point_origin, vk->clip_enable};
   sgl_sha256_update(&h, spec, sizeof(spec));
   sgl_sha256_update(&h, vk->lod_bias, sizeof(vk->lod_bias)); /* added to the lookups (spirv_patch.c) */
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
   rename_resources(comp, res, SPVC_RESOURCE_TYPE_UNIFORM_BUFFER);
   rename_resources(comp, res, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE);
   strip_xfb(comp, res);
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
   for (unsigned s = 0; s < SPV_STAGE_COUNT && ok; s++) {
      if (!(info->stage_mask & (1u << s)))
         continue;
      struct xlate x = {.be = be, .version = glsl_version(be, info), .key = &v->key,
                        .clip_cull = info->uses_clip_distance || info->uses_cull_distance};
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
      sgl_dbg("espryt: translated %s shader:\n%s", stage_names[s], src);
      sh[s] = compile(be, stages[s], src, err, err_size);
      if (!sh[s]) {
         sgl_err("espryt: the host refused the translated %s shader:\n%s", stage_names[s], src);
         ok = false;
      }
      free(src);
   }
   /* GL core links a program without a fragment shader (its fragments' outputs are
    * undefined; transform feedback under rasterizer discard); ES refuses it at link (ES 3.0
    * section 2.12.3), so the host program gets an empty one that writes nothing, in the
    * version of the translated stages (a link requires one version) */
   if (ok && !(info->stage_mask & (1u << SPV_STAGE_FRAGMENT))) {
      char empty_fs[48];
      snprintf(empty_fs, sizeof(empty_fs), "#version %u es\nvoid main() {}\n", glsl_version(be, info));
      sh[SPV_STAGE_FRAGMENT] = compile(be, GL_FRAGMENT_SHADER, empty_fs, err, err_size);
      ok = sh[SPV_STAGE_FRAGMENT] != 0;
   }
   if (ok) {
      be->gl.ProgramParameteri(v->prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
      if (info->xfb_varying_count) {
         /* the blob's captured varyings by GL name; SPIRV-Cross keeps the outputs' names */
         const GLchar *names[64];
         uint32_t n = info->xfb_varying_count < 64 ? info->xfb_varying_count : 64;
         for (uint32_t i = 0; i < n; i++)
            names[i] = info->xfb_varyings[i].name;
         be->gl.TransformFeedbackVaryings(v->prog, (GLsizei)n, names,
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
