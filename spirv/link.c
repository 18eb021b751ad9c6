/* splitgl spirv: the GL link. Checks the program the way GL does, generates SPIR-V for every
 * stage from one linked glslang program (so the merged default uniform block has one layout
 * in all stages), then rewrites locations and bindings to GL's rules and spv_layout.h's
 * convention, reflects, and writes the blob. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>

#include "spirv/spv_internal.h"
#include "util/log.h"

#define MAX_VERTEX_ATTRIBS 16
#define MAX_VARYING_LOCATIONS 32
#define MAX_DRAW_BUFFERS 8
#define MAX_LOCATION_MAP 64

static const char *const stage_names[SPV_STAGE_COUNT] = {"vertex", "fragment", "geometry"};

/* ---- pass 2: code generation ------------------------------------------------------------- */
static glslang_stage_t
glslang_stage_of(int s)
{
   return (glslang_stage_t)spv_glslang_stage_of((enum spv_stage)s);
}

/* The compilation units of one stage. Desktop GL links any number of shaders of a stage
 * into its executable (OpenGL 3.3 section 2.11.3); ES attaches at most one. The unit that
 * defines main is first: the lift puts its wrappers there. */
#define MAX_STAGE_UNITS 8
struct stage_units {
   const struct spv_shader *u[MAX_STAGE_UNITS];
   uint32_t n;
   bool points_out; /* geometry: some unit declares layout(points) out */
};

/* Generates every stage present (units[s].n > 0); the transform-feedback copies go to
 * xfb_stage, the last vertex-processing stage. */
static bool
generate(const struct stage_units units[SPV_STAGE_COUNT], const struct spv_xfb_copy *copies, uint32_t ncopies,
         int xfb_stage, const struct spv_attrib_merge *merge, uint32_t *words[SPV_STAGE_COUNT],
         uint32_t counts[SPV_STAGE_COUNT], struct spv_str *log)
{
   char *lifted[SPV_STAGE_COUNT][MAX_STAGE_UNITS] = {{0}};
   glslang_shader_t *gs[SPV_STAGE_COUNT][MAX_STAGE_UNITS] = {{0}};
   glslang_input_t in[SPV_STAGE_COUNT][MAX_STAGE_UNITS];
   glslang_resource_t res[SPV_STAGE_COUNT][MAX_STAGE_UNITS];
   glslang_program_t *prog = glslang_program_create();
   bool ok = prog != NULL;
   const int messages = GLSLANG_MSG_SPV_RULES_BIT | GLSLANG_MSG_VULKAN_RULES_BIT;

   for (int s = 0; ok && s < SPV_STAGE_COUNT; s++) {
      struct spv_lift_unit lu = {.main_unit = true, .stage_points = units[s].points_out};
      for (uint32_t k = 0; ok && k < units[s].n; k++) {
         const struct spv_shader *sh = units[s].u[k];
         lu.main_unit = k == 0;
         lifted[s][k] = spv_lift_source_xfb(sh, copies, s == xfb_stage ? ncopies : 0, merge, s == xfb_stage,
                                            units[s].n > 1 ? &lu : NULL);
         if (!lifted[s][k]) {
            ok = false;
            break;
         }
         glslang_input_t *ip = &in[s][k];
         memset(ip, 0, sizeof(*ip));
         ip->language = GLSLANG_SOURCE_GLSL;
         ip->stage = glslang_stage_of(s);
         ip->client = GLSLANG_CLIENT_VULKAN;
         ip->client_version = GLSLANG_TARGET_VULKAN_1_1;
         ip->target_language = GLSLANG_TARGET_SPV;
         ip->target_language_version = GLSLANG_TARGET_SPV_1_3;
         ip->code = lifted[s][k];
         ip->default_version = sh->es ? 310 : 450;
         ip->default_profile = sh->es ? GLSLANG_ES_PROFILE : GLSLANG_CORE_PROFILE;
         ip->messages = messages;
         spv_fill_resource(&res[s][k], sh);
         ip->resource = &res[s][k];
         gs[s][k] = glslang_shader_create(ip);
         if (!gs[s][k]) {
            ok = false;
            break;
         }
         glslang_shader_set_options(gs[s][k], GLSLANG_SHADER_VULKAN_RULES_RELAXED |
                                                 GLSLANG_SHADER_AUTO_MAP_BINDINGS |
                                                 GLSLANG_SHADER_AUTO_MAP_LOCATIONS);
         if (!glslang_shader_preprocess(gs[s][k], ip) || !glslang_shader_parse(gs[s][k], ip)) {
            /* Pass 1 accepted this shader, so this is a gap in the lift, reported as a link
             * error with glslang's words. */
            spv_str_printf(log, "error: %s shader: SPIR-V generation failed:\n%s", stage_names[s],
                           glslang_shader_get_info_log(gs[s][k]));
            sgl_dbg("spirv: lifted %s shader:\n%s", stage_names[s], lifted[s][k]);
            ok = false;
            break;
         }
         glslang_program_add_shader(prog, gs[s][k]);
      }
   }
   if (ok && !glslang_program_link(prog, messages)) {
      const char *l = glslang_program_get_info_log(prog);
      spv_str_puts(log, l && *l ? l : "error: link failed\n");
      ok = false;
   }
   if (ok && !glslang_program_map_io(prog)) {
      spv_str_printf(log, "error: interface mapping failed\n%s", glslang_program_get_info_log(prog));
      ok = false;
   }
   /* glslang 12's C API appends each stage's words to the previous stage's: take each
    * module from the previous size onward. */
   size_t prev = 0;
   for (int s = 0; ok && s < SPV_STAGE_COUNT; s++) {
      if (!units[s].n)
         continue;
      glslang_spv_options_t opts = {0};
      opts.disable_optimizer = true;
      opts.validate = false;
      glslang_program_SPIRV_generate_with_options(prog, glslang_stage_of(s), &opts);
      size_t total = glslang_program_SPIRV_get_size(prog);
      const unsigned *all = glslang_program_SPIRV_get_ptr(prog);
      if (total <= prev || total - prev < 5 || total - prev > (1u << 24) || !all) {
         spv_str_printf(log, "error: %s shader: no SPIR-V generated\n", stage_names[s]);
         ok = false;
         break;
      }
      counts[s] = (uint32_t)(total - prev);
      words[s] = malloc(counts[s] * sizeof(uint32_t));
      if (!words[s]) {
         ok = false;
         break;
      }
      memcpy(words[s], all + prev, counts[s] * sizeof(uint32_t));
      prev = total;
      bool ccd = false; /* EXT_clip_cull_distance (ES: one unit per stage) */
      for (uint32_t k = 0; k < units[s].n; k++)
         ccd = ccd || units[s].u[k]->ccd;
      if (ccd && !spv_add_distance_capabilities(&words[s], &counts[s])) {
         ok = false;
         break;
      }
   }
   if (prog)
      glslang_program_delete(prog);
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      for (uint32_t k = 0; k < MAX_STAGE_UNITS; k++) {
         if (gs[s][k])
            glslang_shader_delete(gs[s][k]);
         free(lifted[s][k]);
      }
   }
   if (!ok) {
      for (int s = 0; s < SPV_STAGE_COUNT; s++) {
         free(words[s]);
         words[s] = NULL;
      }
   }
   return ok;
}

/* ---- interface variables --------------------------------------------------------------- */
struct io_var {
   uint32_t var, type;
   const char *name; /* SPIR-V name */
   uint32_t slots;
   int32_t location;
   bool used;
};

/* User (non-built-in) variables of one storage class, in declaration order. */
static uint32_t
collect_io(const struct spv_module *m, uint32_t storage, struct io_var *out, uint32_t max)
{
   uint32_t n = 0;
   for (uint32_t i = 0; i < m->var_count && n < max; i++) {
      uint32_t v = m->vars[i];
      if (spv_var_storage(m, v) != storage || m->ids[v].builtin != SPV_NO_VALUE)
         continue;
      uint32_t t = spv_var_type(m, v);
      const struct spv_member_info *mi = spv_member(m, t, 0);
      if (mi && mi->builtin != SPV_NO_VALUE) /* gl_PerVertex */
         continue;
      if (!m->ids[v].name || !m->ids[v].location_w)
         continue;
      out[n].var = v;
      out[n].type = t;
      out[n].name = m->ids[v].name;
      out[n].slots = spv_type_slots(m, t);
      out[n].location = -1;
      out[n].used = m->ids[v].used;
      n++;
   }
   return n;
}

static const char *
unprefixed(const char *name)
{
   size_t pn = strlen(SPV_RENAME_PREFIX);
   return strncmp(name, SPV_RENAME_PREFIX, pn) == 0 ? name + pn : name;
}

static char *
gl_name(const char *spirv_name)
{
   char *s = strdup(spirv_name);
   if (s)
      spv_unrename(s);
   return s;
}

/* Marks [loc, loc + slots) in used[]; false if any is taken or out of range. */
static bool
claim(uint8_t *used, uint32_t max, int32_t loc, uint32_t slots)
{
   if (loc < 0 || (uint64_t)loc + slots > max)
      return false;
   for (uint32_t k = 0; k < slots; k++)
      if (used[loc + k])
         return false;
   memset(used + loc, 1, slots);
   return true;
}

static int32_t
lowest_free(const uint8_t *used, uint32_t max, uint32_t slots)
{
   for (uint32_t l = 0; l + slots <= max; l++) {
      uint32_t k = 0;
      while (k < slots && !used[l + k])
         k++;
      if (k == slots)
         return (int32_t)l;
   }
   return -1;
}

static int32_t
find_binding(const struct spv_binding *b, uint32_t n, const char *name)
{
   for (uint32_t i = 0; b && i < n; i++)
      if (b[i].name && strcmp(b[i].name, name) == 0)
         return b[i].location;
   return -1;
}

static bool
push_attrib(struct spv_reflection *r, const struct spv_module *m, const struct io_var *v)
{
   struct spv_attrib *n = realloc(r->attribs, (r->info.attrib_count + 1) * sizeof(*n));
   if (!n)
      return false;
   r->attribs = n;
   struct spv_attrib *a = &n[r->info.attrib_count];
   uint32_t t = v->type, size = 1;
   if (spv_op(m, t) == SpvOpTypeArray) {
      spv_const_u32(m, spv_word(m, t, 3), &size);
      t = spv_word(m, t, 2);
   }
   a->name = gl_name(v->name);
   if (!a->name)
      return false;
   a->gl_type = spv_gl_type(m, t, NULL);
   a->array_size = size;
   a->location = v->location;
   a->slots = v->slots;
   r->info.attrib_count++;
   return true;
}

/* Vertex inputs. OpenGL ES 3.0 spec, section 2.11.5: "If an active attribute has a binding
 * explicitly set within the shader text and a different binding assigned by
 * BindAttribLocation, the assignment in the shader text is used"; the rest are assigned by
 * the linker. "LinkProgram will fail if the attribute bindings specified either by
 * BindAttribLocation or explicitly set within the shader text do not leave not enough space
 * to assign a location for an active matrix attribute"; aliasing is "not permitted in
 * OpenGL ES Shading Language 3.00 vertex shaders". */
static uint32_t
decl_rank(const struct spv_source_info *src, const char *name)
{
   for (uint32_t i = 0; src && i < src->decl_count; i++)
      if (strcmp(src->decls[i].name, name) == 0)
         return i;
   return UINT32_MAX;
}

/* Declaration order (glslang emits variables in order of first use), so that the linker's
 * own assignments are stable under reordering of the code. */
static void
sort_by_declaration(struct io_var *v, uint32_t n, const struct spv_source_info *src)
{
   for (uint32_t i = 1; i < n; i++) {
      struct io_var x = v[i];
      uint32_t rx = decl_rank(src, unprefixed(x.name)), j = i;
      while (j > 0 && decl_rank(src, unprefixed(v[j - 1].name)) > rx) {
         v[j] = v[j - 1];
         j--;
      }
      v[j] = x;
   }
}

/* Assigns every vertex input a location (v[].location). With may_alias, bindings that share
 * locations are accepted and *aliased says so; otherwise they are a link error. */
static bool
assign_attribute_locations(const struct spv_source_info *src, const struct spv_link_options *opts, bool may_alias,
                           struct io_var *v, uint32_t n, bool *aliased, struct spv_str *log)
{
   uint8_t used[MAX_LOCATION_MAP] = {0};
   *aliased = false;
   for (int pass = 0; pass < 3; pass++) {
      for (uint32_t i = 0; i < n; i++) {
         if (v[i].location >= 0 || (!v[i].used && pass < 2))
            continue;
         const char *name = unprefixed(v[i].name);
         int32_t loc = -1;
         const char *how = "";
         if (pass == 0) {
            const struct spv_decl *d = spv_find_decl(src, name, SPV_DECL_IN);
            loc = d ? d->location : -1;
            how = "layout(location)";
         } else if (pass == 1) {
            loc = find_binding(opts ? opts->attrib_bindings : NULL,
                               opts ? opts->attrib_binding_count : 0, name);
            how = "glBindAttribLocation";
         }
         if (pass < 2 && loc < 0)
            continue;
         if (pass == 2) {
            loc = lowest_free(used, v[i].used ? MAX_VERTEX_ATTRIBS : MAX_LOCATION_MAP, v[i].slots);
            if (loc < 0 && v[i].used) {
               spv_str_printf(log, "error: not enough vertex attribute locations for '%s'\n", name);
               return false;
            }
            if (loc < 0)
               loc = MAX_LOCATION_MAP - 1; /* inactive, cannot be fetched */
            claim(used, MAX_LOCATION_MAP, loc, v[i].slots);
         } else if (!claim(used, MAX_VERTEX_ATTRIBS, loc, v[i].slots)) {
            const bool fits = (uint64_t)loc + v[i].slots <= MAX_VERTEX_ATTRIBS;
            if (!fits || !may_alias) {
               spv_str_printf(log, "error: vertex attribute '%s' at location %d (%s) %s\n", name, loc, how,
                              !fits ? "does not fit" : "aliases another attribute");
               return false;
            }
            memset(used + loc, 1, v[i].slots);
            *aliased = true;
         }
         v[i].location = loc;
      }
   }
   return true;
}

/* OpenGL ES 3.0.5, section 2.12.5: "Binding more than one attribute name to the same location
 * is referred to as aliasing, and is not permitted in OpenGL ES Shading Language 3.00 vertex
 * shaders. LinkProgram will fail when this condition exists." GLSL ES 3.10 / 3.20 (section
 * 12.46): "The existence of aliasing is determined by declarations present after
 * preprocessing": attributes the shader never reads count too, which the location assignment
 * (it skips inactive attributes) does not see. */
static bool
check_es3_aliasing(const struct spv_source_info *src, const struct spv_link_options *opts, const struct io_var *v,
                   uint32_t n, struct spv_str *log)
{
   uint8_t used[MAX_VERTEX_ATTRIBS] = {0};
   for (uint32_t i = 0; i < n; i++) {
      const char *name = unprefixed(v[i].name);
      const struct spv_decl *d = spv_find_decl(src, name, SPV_DECL_IN);
      int32_t loc = d && d->location >= 0
                       ? d->location
                       : find_binding(opts ? opts->attrib_bindings : NULL, opts ? opts->attrib_binding_count : 0, name);
      if (loc >= 0 && (uint64_t)loc + v[i].slots <= MAX_VERTEX_ATTRIBS && !claim(used, MAX_VERTEX_ATTRIBS, loc, v[i].slots)) {
         spv_str_printf(log, "error: vertex attribute '%s' at location %d aliases another attribute\n", name, loc);
         return false;
      }
   }
   return true;
}

static bool
link_attributes(struct spv_module *m, const struct spv_source_info *src,
                const struct spv_link_options *opts, struct spv_reflection *r, struct spv_str *log)
{
   struct io_var v[MAX_LOCATION_MAP];
   uint32_t n = collect_io(m, SpvStorageClassInput, v, MAX_LOCATION_MAP);
   sort_by_declaration(v, n, src);
   bool aliased;
   if (!assign_attribute_locations(src, opts, false, v, n, &aliased, log))
      return false;
   for (uint32_t i = 0; i < n; i++) {
      spv_set_location(m, v[i].var, (uint32_t)v[i].location);
      if (v[i].used && !push_attrib(r, m, &v[i]))
         return false;
   }
   return true;
}

/* Attribute aliasing. OpenGL ES 3.0 section 2.11.5 and OpenGL 3.3 section 2.11.3: "Binding
 * more than one attribute name to the same location is referred to as aliasing", allowed in
 * GLSL ES 1.00 and desktop GLSL vertex shaders "only if just one of the aliased attributes is
 * active in the executable program, or if no path through the shader consumes more than one
 * attribute of a set of attributes aliased to the same location", and "not permitted in
 * OpenGL ES Shading Language 3.00". Vulkan allows one vertex input per location, so when
 * bindings alias, every active attribute of the vertex shader becomes a global that the
 * wrapper main (lift.c) assigns from one input per location, SPV_RENAME_PREFIX "a<location>"
 * (vec4, ivec4 or uvec4: the attribute's components are its first ones, as GL fetches them);
 * the reflection lists the attributes themselves. Aliased attributes of different base types
 * (float / int / uint) are refused. */
#define MERGED_INPUT_PREFIX SPV_RENAME_PREFIX "a"

struct attrib_plan {
   struct spv_attrib *attribs; /* the active attributes, as the reflection lists them */
   uint32_t count;
   struct spv_str inputs, prologue;
};

static void
attrib_plan_fini(struct attrib_plan *ap)
{
   for (uint32_t i = 0; i < ap->count; i++)
      free((char *)ap->attribs[i].name);
   free(ap->attribs);
   free(ap->inputs.s);
   free(ap->prologue.s);
}

/* The shape of an attribute type: array elements, matrix columns, rows (components per
 * location) and base class ('f', 'i', 'u'; 0 if none of those). */
static char
attrib_shape(const struct spv_module *m, uint32_t t, uint32_t *elems, uint32_t *cols, uint32_t *rows)
{
   *elems = *cols = *rows = 1;
   if (spv_op(m, t) == SpvOpTypeArray) {
      spv_const_u32(m, spv_word(m, t, 3), elems);
      t = spv_word(m, t, 2);
   }
   if (spv_op(m, t) == SpvOpTypeMatrix) {
      *cols = spv_word(m, t, 3);
      t = spv_word(m, t, 2);
   }
   if (spv_op(m, t) == SpvOpTypeVector) {
      *rows = spv_word(m, t, 3);
      t = spv_word(m, t, 2);
   }
   if (spv_op(m, t) == SpvOpTypeFloat && spv_word(m, t, 2) == 32)
      return 'f';
   if (spv_op(m, t) == SpvOpTypeInt && spv_word(m, t, 2) == 32)
      return spv_word(m, t, 3) ? 'i' : 'u';
   return 0;
}

/* From the first generation's vertex module: no plan (count 0) unless bindings alias. */
static bool
plan_attributes(const struct spv_module *m, const struct spv_source_info *src, const struct spv_shader *vs,
                const struct spv_link_options *opts, struct attrib_plan *ap, struct spv_str *log)
{
   struct io_var v[MAX_LOCATION_MAP];
   uint32_t n = collect_io(m, SpvStorageClassInput, v, MAX_LOCATION_MAP);
   sort_by_declaration(v, n, src);
   bool aliased;
   if (vs->es && vs->version >= 300 && !check_es3_aliasing(src, opts, v, n, log))
      return false;
   if (!assign_attribute_locations(src, opts, !vs->es || vs->version < 300, v, n, &aliased, log))
      return false;
   if (!aliased)
      return true;
   char cls[MAX_VERTEX_ATTRIBS] = {0};
   const char *const prec = vs->es ? "highp " : "";
   for (uint32_t i = 0; i < n; i++) {
      if (!v[i].used)
         continue;
      uint32_t elems, cols, rows;
      const char c = attrib_shape(m, v[i].type, &elems, &cols, &rows);
      const char *name = unprefixed(v[i].name);
      if (!c || rows > 4 || cols > 4 || (uint64_t)v[i].location + (uint64_t)elems * cols > MAX_VERTEX_ATTRIBS) {
         spv_str_printf(log, "error: vertex attribute '%s' cannot share its location\n", name);
         return false;
      }
      for (uint32_t e = 0; e < elems; e++) {
         if (elems > 1)
            spv_str_printf(&ap->prologue, "   %s[%u] = ", v[i].name, e);
         else
            spv_str_printf(&ap->prologue, "   %s = ", v[i].name);
         if (cols > 1 && rows == cols)
            spv_str_printf(&ap->prologue, "mat%u(", cols);
         else if (cols > 1)
            spv_str_printf(&ap->prologue, "mat%ux%u(", cols, rows);
         for (uint32_t k = 0; k < cols; k++) {
            const uint32_t loc = (uint32_t)v[i].location + e * cols + k;
            if (cls[loc] && cls[loc] != c) {
               spv_str_printf(log, "error: vertex attribute '%s' aliases an attribute of another base type at "
                                   "location %u\n", name, loc);
               return false;
            }
            cls[loc] = c;
            static const char *const swz[5] = {"", ".x", ".xy", ".xyz", ""};
            spv_str_printf(&ap->prologue, "%s" MERGED_INPUT_PREFIX "%u%s", k ? ", " : "", loc, swz[rows]);
         }
         spv_str_puts(&ap->prologue, cols > 1 ? ");\n" : ";\n");
      }
      struct spv_attrib *na = realloc(ap->attribs, (ap->count + 1) * sizeof(*na));
      if (!na)
         return false;
      ap->attribs = na;
      struct spv_attrib *a = &na[ap->count];
      uint32_t t = spv_op(m, v[i].type) == SpvOpTypeArray ? spv_word(m, v[i].type, 2) : v[i].type;
      *a = (struct spv_attrib){.name = gl_name(v[i].name), .gl_type = spv_gl_type(m, t, NULL),
                               .array_size = elems, .location = v[i].location, .slots = v[i].slots};
      if (!a->name)
         return false;
      ap->count++;
   }
   for (uint32_t loc = 0; loc < MAX_VERTEX_ATTRIBS; loc++)
      if (cls[loc])
         spv_str_printf(&ap->inputs, "in %s%svec4 " MERGED_INPUT_PREFIX "%u;\n", prec,
                        cls[loc] == 'i' ? "i" : cls[loc] == 'u' ? "u" : "", loc);
   return !ap->inputs.oom && !ap->prologue.oom;
}

/* The regenerated vertex module of a plan: its inputs are the merged ones. */
static bool
link_merged_attributes(struct spv_module *m, const struct attrib_plan *ap, struct spv_reflection *r,
                       struct spv_str *log)
{
   struct io_var v[MAX_LOCATION_MAP];
   uint32_t n = collect_io(m, SpvStorageClassInput, v, MAX_LOCATION_MAP);
   const size_t pn = strlen(MERGED_INPUT_PREFIX);
   for (uint32_t i = 0; i < n; i++) {
      char *end;
      unsigned long loc = strncmp(v[i].name, MERGED_INPUT_PREFIX, pn) == 0 ? strtoul(v[i].name + pn, &end, 10)
                                                                          : MAX_VERTEX_ATTRIBS;
      if (loc >= MAX_VERTEX_ATTRIBS) {
         spv_str_printf(log, "error: internal: unexpected vertex input '%s' after merging attributes\n", v[i].name);
         return false;
      }
      spv_set_location(m, v[i].var, (uint32_t)loc);
   }
   struct spv_attrib *a = malloc((ap->count ? ap->count : 1) * sizeof(*a));
   if (!a)
      return false;
   for (uint32_t i = 0; i < ap->count; i++) {
      a[i] = ap->attribs[i];
      a[i].name = strdup(ap->attribs[i].name);
      if (!a[i].name) {
         for (uint32_t k = 0; k < i; k++)
            free((char *)a[k].name);
         free(a);
         return false;
      }
   }
   r->attribs = a;
   r->info.attrib_count = ap->count;
   return true;
}

static const struct spv_binding *
find_binding_entry(const struct spv_binding *b, uint32_t n, const char *name)
{
   for (uint32_t i = 0; b && i < n; i++)
      if (b[i].name && strcmp(b[i].name, name) == 0)
         return &b[i];
   return NULL;
}

/* Fragment outputs. OpenGL 3.3 spec, section 3.9.2: "If an output has a binding explicitly
 * set within the shader text ... it overrides BindFragDataLocation"; GLSL ES 3.00 spec,
 * section 4.3.8.2: "If there is only a single output, the location does not need to be
 * specified, in which case it defaults to zero ... if there is more than one output, the
 * location must be specified for all outputs."
 * Dual-source blending (OpenGL 3.3 section 3.9.2, ARB_blend_func_extended): an output has a
 * location and an index (0 or 1; `layout(index = 1)` or BindFragDataLocationIndexed's index,
 * automatic assignments take index 0). "Output binding assignments will cause LinkProgram to
 * fail: ... if the program has an active output assigned to a location greater than or equal
 * to the value of MAX_DUAL_SOURCE_DRAW_BUFFERS and has an active output assigned an index
 * greater than or equal to one; if more than one varying out variable is bound to the same
 * number and index". Index-1 outputs whose index came from a binding get their Index
 * decoration in spv_link (index1_vars), after the module's last indexed use. */
static bool
link_outputs(struct spv_module *m, const struct spv_shader *fs, const struct spv_source_info *src,
             const struct spv_link_options *opts, struct spv_reflection *r, uint32_t *index1_vars,
             uint32_t *index1_count, struct spv_str *log)
{
   struct io_var v[MAX_LOCATION_MAP];
   uint32_t n = collect_io(m, SpvStorageClassOutput, v, MAX_LOCATION_MAP);
   sort_by_declaration(v, n, src);
   uint8_t used[2][MAX_DRAW_BUFFERS] = {{0}};
   uint32_t index[MAX_LOCATION_MAP] = {0};
   const struct spv_binding *fb = opts ? opts->frag_data_bindings : NULL;
   const uint32_t fbn = opts ? opts->frag_data_binding_count : 0;
   for (int pass = 0; pass < 3; pass++) {
      for (uint32_t i = 0; i < n; i++) {
         if (v[i].location >= 0)
            continue;
         const char *name = unprefixed(v[i].name);
         int32_t loc = -1;
         uint32_t idx = 0;
         if (pass == 0) {
            const struct spv_decl *d = spv_find_decl(src, name, SPV_DECL_OUT);
            loc = d ? d->location : -1;
            /* layout(index = N): glslang's Index decoration (GLSL 3.30 section 4.3.8.2: "a
             * layout index ... less than 0 or greater than 1" is a compile error) */
            const uint32_t iw = m->ids[v[i].var].index_w;
            idx = iw ? m->words[iw] : 0;
         } else if (pass == 1) {
            const struct spv_binding *b = find_binding_entry(fb, fbn, name);
            loc = b ? b->location : -1;
            idx = b ? b->index : 0;
         } else if (n == 1) {
            loc = 0;
         } else if (fs->es) {
            spv_str_printf(log, "error: fragment output '%s' needs layout(location) when there "
                                "is more than one output\n", name);
            return false;
         } else {
            loc = lowest_free(used[0], MAX_DRAW_BUFFERS, v[i].slots);
         }
         if (loc < 0 && pass < 2)
            continue;
         if (idx > 1 || !claim(used[idx], MAX_DRAW_BUFFERS, loc, v[i].slots)) {
            spv_str_printf(log, "error: fragment output '%s' at location %d index %u overlaps another or "
                                "exceeds the draw buffers\n", name, loc, idx);
            return false;
         }
         v[i].location = loc;
         index[i] = idx;
      }
   }
   const uint32_t max_dual = opts ? opts->max_dual_source_draw_buffers : 0;
   bool dual = false;
   for (uint32_t i = 0; i < n; i++)
      dual |= index[i] == 1;
   for (uint32_t i = 0; dual && i < n; i++) {
      if ((uint32_t)v[i].location + v[i].slots > max_dual) {
         spv_str_printf(log, "error: fragment output '%s' at location %d: with an output of index 1 (dual-source "
                             "blending) every output must lie below MAX_DUAL_SOURCE_DRAW_BUFFERS (%u)\n",
                        unprefixed(v[i].name), v[i].location, max_dual);
         return false;
      }
   }
   for (uint32_t i = 0; i < n; i++) {
      spv_set_location(m, v[i].var, (uint32_t)v[i].location);
      if (index[i] == 1 && !m->ids[v[i].var].index_w)
         index1_vars[(*index1_count)++] = v[i].var;
      struct spv_output *no = realloc(r->outputs, (r->info.output_count + 1) * sizeof(*no));
      if (!no)
         return false;
      r->outputs = no;
      struct spv_output *o = &no[r->info.output_count];
      uint32_t t = v[i].type, size = 1;
      if (spv_op(m, t) == SpvOpTypeArray) {
         spv_const_u32(m, spv_word(m, t, 3), &size);
         t = spv_word(m, t, 2);
      }
      o->name = gl_name(v[i].name);
      if (!o->name)
         return false;
      o->gl_type = spv_gl_type(m, t, NULL);
      o->array_size = size;
      o->location = v[i].location;
      o->index = index[i];
      r->info.output_count++;
   }
   return true;
}

/* The type an input of `consumer` has per vertex: geometry inputs are arrays over the
 * primitive's vertices (GLSL 1.50 spec, section 4.3.4: "geometry shader input variables
 * ... must be declared as arrays"), matched against the producer's per-vertex output. */
static uint32_t
per_vertex_type(const struct spv_module *m, uint32_t type, bool arrayed)
{
   return arrayed && spv_op(m, type) == SpvOpTypeArray ? spv_word(m, type, 2) : type;
}

/* The name an interface variable is matched by: an interface block by its block name (GLSL
 * 1.50 spec, section 4.3.7: "matched by block name"; instance names may differ), anything
 * else by its own name. */
static const char *
match_name(const struct spv_module *m, const struct io_var *v, bool arrayed)
{
   uint32_t t = per_vertex_type(m, v->type, arrayed);
   if (spv_op(m, t) == SpvOpTypeStruct && t < m->bound && m->ids[t].block && m->ids[t].name)
      return m->ids[t].name;
   return v->name;
}

/* Outputs of one stage and inputs of the next, matched by name. GLSL ES 3.00 spec, section
 * 4.3.10: "The output of the vertex shader and the input of the fragment shader form an
 * interface. For this interface, vertex shader output variables and fragment shader input
 * variables of the same name must match in type and qualification (other than precision and
 * out matching to in)... It is a link error if a fragment shader input that is statically
 * used has no corresponding vertex shader output." GLSL 1.50 says the same of the vertex ->
 * geometry and geometry -> fragment interfaces (sections 4.3.4, 4.3.6), with the geometry
 * inputs arrayed per vertex. glslang auto-maps each stage on its own, so both sides are
 * rewritten here: the producer's outputs take locations in declaration order, each
 * consumer input the location of its output. */
static bool
link_varyings(struct spv_module *ps, int pstage, struct spv_module *cs, int cstage,
              const struct spv_source_info *psrc, bool es, struct spv_str *log)
{
   struct io_var out[MAX_LOCATION_MAP], in[MAX_LOCATION_MAP];
   const bool arrayed = cstage == SPV_STAGE_GEOMETRY;
   const char *pn = stage_names[pstage], *cn = stage_names[cstage];
   uint32_t no = collect_io(ps, SpvStorageClassOutput, out, MAX_LOCATION_MAP);
   uint32_t ni = cs ? collect_io(cs, SpvStorageClassInput, in, MAX_LOCATION_MAP) : 0; /* no fragment shader */
   sort_by_declaration(out, no, psrc);
   uint32_t next = 0;
   for (uint32_t i = 0; i < no; i++) {
      out[i].location = (int32_t)next;
      next += out[i].slots;
      spv_set_location(ps, out[i].var, (uint32_t)out[i].location);
   }
   for (uint32_t k = 0; k < ni; k++) {
      const char *key = match_name(cs, &in[k], arrayed);
      const char *name = unprefixed(key);
      uint32_t ctype = per_vertex_type(cs, in[k].type, arrayed);
      if (arrayed && ctype == in[k].type) {
         spv_str_printf(log, "error: geometry shader input '%s' is not an array\n", name);
         return false;
      }
      uint32_t i = 0;
      while (i < no && strcmp(match_name(ps, &out[i], false), key) != 0)
         i++;
      if (i == no) {
         if (in[k].used) {
            spv_str_printf(log, "error: %s shader input '%s' is not written by the %s "
                                "shader (no output of that name)\n", cn, name, pn);
            return false;
         }
         in[k].location = (int32_t)next;
         next += spv_type_slots(cs, ctype);
      } else {
         if (!spv_types_equal(ps, out[i].type, cs, ctype)) {
            spv_str_printf(log, "error: varying '%s' has a different type in the %s and "
                                "%s shaders\n", name, pn, cn);
            return false;
         }
         if (es && ps->ids[out[i].var].flat != cs->ids[in[k].var].flat) {
            spv_str_printf(log, "error: varying '%s' has different interpolation qualifiers in "
                                "the %s and %s shaders\n", name, pn, cn);
            return false;
         }
         in[k].location = out[i].location;
      }
      spv_set_location(cs, in[k].var, (uint32_t)in[k].location);
   }
   if (next > MAX_VARYING_LOCATIONS) {
      spv_str_printf(log, "error: too many varyings between the %s and %s shaders (%u locations, "
                          "at most %d)\n", pn, cn, next, MAX_VARYING_LOCATIONS);
      return false;
   }
   return true;
}

/* ---- spv_link ---------------------------------------------------------------------------- */
static bool
index_modules(struct spv_module mods[SPV_STAGE_COUNT], uint32_t *words[SPV_STAGE_COUNT],
              const uint32_t counts[SPV_STAGE_COUNT], struct spv_str *log)
{
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      char err[128];
      if (!words[s])
         continue;
      if (!spv_module_index(&mods[s], words[s], counts[s], err, sizeof(err))) {
         spv_str_printf(log, "error: internal: %s\n", err);
         return false;
      }
   }
   return true;
}

/* Whether ESSL 1.00 source `pp` (preprocessed) declares `name` invariant: "invariant a, b;"
 * naming it, or (vertex outputs) "#pragma STDGL invariant(all)". */
static bool
declares_invariant(const char *pp, const char *name, bool all_counts)
{
   const size_t n = strlen(name);
   for (const char *p = pp; (p = strstr(p, "invariant")) != NULL; p += 9) {
      const char *line = p, *eol = strchr(p, '\n');
      while (line > pp && line[-1] != '\n')
         line--;
      while (*line == ' ' || *line == '\t')
         line++;
      if (*line == '#') { /* glslang's output joins the pragma's tokens: "#pragma STDGLinvariant(all)" */
         const char *all = strstr(p, "(all)");
         if (all_counts && !strncmp(line, "#pragma", 7) && all && (!eol || all < eol))
            return true;
         continue;
      }
      const bool word = (p == pp || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
                        !(isalnum((unsigned char)p[9]) || p[9] == '_');
      if (!word)
         continue;
      for (const char *q = p + 9; *q && *q != ';'; q++)
         if (!strncmp(q, name, n) && !(isalnum((unsigned char)q[n]) || q[n] == '_') &&
             !(isalnum((unsigned char)q[-1]) || q[-1] == '_'))
            return true;
   }
   return false;
}

/* GLSL 1.50 section 4.6.1: "For variables leaving one shader and coming into another shader,
 * the invariant keyword has to be used in both shaders, or a link error will result." (GLSL
 * 4.20 relaxed it; desktop GLSL before 4.20 only; glslang does not check it.) An output the next
 * stage declares as an input is invariant in both stages' units or in neither. */
static bool
stage_declares_invariant(const struct stage_units *su, const char *name)
{
   for (uint32_t k = 0; k < su->n; k++)
      if (su->u[k]->preprocessed && declares_invariant(su->u[k]->preprocessed, name, false))
         return true;
   return false;
}

static bool
check_interface_invariance(const struct stage_units units[SPV_STAGE_COUNT], const struct spv_shader *const sh[SPV_STAGE_COUNT],
                           const struct spv_source_info src[SPV_STAGE_COUNT], struct spv_str *log)
{
   static const int order[3] = {SPV_STAGE_VERTEX, SPV_STAGE_GEOMETRY, SPV_STAGE_FRAGMENT};
   int prev = -1;
   for (int i = 0; i < 3; i++) {
      const int st = order[i];
      if (!sh[st])
         continue;
      if (prev >= 0 && !sh[prev]->es && !sh[st]->es && sh[prev]->version < 420 && sh[st]->version < 420) {
         for (uint32_t d = 0; d < src[prev].decl_count; d++) {
            const struct spv_decl *o = &src[prev].decls[d];
            if (o->storage != SPV_DECL_OUT || !spv_find_decl(&src[st], o->name, SPV_DECL_IN))
               continue;
            if (stage_declares_invariant(&units[prev], o->name) != stage_declares_invariant(&units[st], o->name)) {
               spv_str_printf(log, "error: `%s` is invariant in one shader of the interface and not in the other "
                                   "(GLSL 1.50 section 4.6.1)\n", o->name);
               return false;
            }
         }
      }
      prev = st;
   }
   return true;
}

/* GLSL ES 1.00 section 4.6.4: "gl_FragCoord can only be declared invariant if and only if
 * gl_Position is declared invariant. Similarly gl_PointCoord can only be declared invariant if
 * and only if gl_PointSize is declared invariant." A link error when the fragment shader's is
 * invariant and the vertex shader's is not (as Mesa; the lift drops the fragment shader's
 * redeclarations, which GLSL ES 3.00 no longer has); glslang accepts them all. */
static bool
check_es100_invariance(const struct spv_shader *const sh[SPV_STAGE_COUNT], struct spv_str *log)
{
   const struct spv_shader *vs = sh[SPV_STAGE_VERTEX], *fs = sh[SPV_STAGE_FRAGMENT];
   if (!vs || !fs || !fs->es || fs->version != 100 || !vs->preprocessed || !fs->preprocessed)
      return true;
   /* "It is an error to declare gl_FrontFacing as invariant." (the same section) */
   if (declares_invariant(fs->preprocessed, "gl_FrontFacing", false)) {
      spv_str_puts(log, "error: gl_FrontFacing cannot be declared invariant\n");
      return false;
   }
   static const char *const pairs[2][2] = {{"gl_FragCoord", "gl_Position"}, {"gl_PointCoord", "gl_PointSize"}};
   for (int i = 0; i < 2; i++) {
      if (declares_invariant(fs->preprocessed, pairs[i][0], false) &&
          !declares_invariant(vs->preprocessed, pairs[i][1], true)) {
         spv_str_printf(log, "error: %s is declared invariant in the fragment shader but %s is not invariant in "
                             "the vertex shader\n", pairs[i][0], pairs[i][1]);
         return false;
      }
   }
   return true;
}

/* GLSL ES 3.00 section 4.3.5 / GLSL ES 1.00 section 4.3.4: a uniform declared in both
 * stages "must have the same name, type and precision"; glslang does not compare precisions
 * across stages. The precisions are the declared ones or the defaults in force (lift.c). */
static bool
check_uniform_precisions(const struct spv_shader *const sh[SPV_STAGE_COUNT],
                         const struct spv_source_info src[SPV_STAGE_COUNT], struct spv_str *log)
{
   const struct spv_shader *vs = sh[SPV_STAGE_VERTEX], *fs = sh[SPV_STAGE_FRAGMENT];
   if (!vs || !fs || !vs->es || !fs->es)
      return true;
   const struct spv_source_info *v = &src[SPV_STAGE_VERTEX];
   for (uint32_t i = 0; i < v->decl_count; i++) {
      const struct spv_decl *a = &v->decls[i];
      if (a->storage != SPV_DECL_UNIFORM || !a->precision)
         continue;
      const struct spv_decl *b = spv_find_decl(&src[SPV_STAGE_FRAGMENT], a->name, SPV_DECL_UNIFORM);
      if (b && b->precision && b->precision != a->precision) {
         spv_str_printf(log, "error: declarations for uniform `%s` have mismatching precision qualifiers\n",
                        a->name);
         return false;
      }
   }
   return true;
}

static void
drop_modules(struct spv_module mods[SPV_STAGE_COUNT], uint32_t *words[SPV_STAGE_COUNT])
{
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      spv_module_fini(&mods[s]);
      free(words[s]);
      words[s] = NULL;
   }
}

static bool
check_shaders(struct spv_shader *const *shaders, uint32_t count, struct stage_units units[SPV_STAGE_COUNT],
              const struct spv_shader *by_stage[SPV_STAGE_COUNT], struct spv_str *log)
{
   for (uint32_t i = 0; i < count; i++) {
      const struct spv_shader *sh = shaders ? shaders[i] : NULL;
      if (!sh || (unsigned)sh->stage >= SPV_STAGE_COUNT) {
         spv_str_puts(log, "error: invalid shader\n");
         return false;
      }
      struct stage_units *su = &units[sh->stage];
      /* ES 3.0 section 2.11.3 refuses a second shader of a stage at glAttachShader; desktop
       * GL links them all into the stage's executable. */
      if (su->n && (sh->es || su->u[0]->es)) {
         spv_str_printf(log, "error: more than one %s shader attached\n", stage_names[sh->stage]);
         return false;
      }
      if (su->n == MAX_STAGE_UNITS) {
         spv_str_printf(log, "error: more than %d %s shaders attached\n", MAX_STAGE_UNITS, stage_names[sh->stage]);
         return false;
      }
      if (!sh->ok) {
         spv_str_printf(log, "error: the %s shader is not compiled\n", stage_names[sh->stage]);
         return false;
      }
      bool has_main = false, points = false;
      if (!spv_scan_unit(sh, &has_main, &points)) {
         spv_str_puts(log, "error: out of memory\n");
         return false;
      }
      su->points_out |= points;
      su->u[su->n++] = sh;
      /* the unit that defines main first (two that do fail glslang's link) */
      if (has_main && su->n > 1) {
         const struct spv_shader *t = su->u[0];
         su->u[0] = sh;
         su->u[su->n - 1] = t;
      }
   }
   for (int s = 0; s < SPV_STAGE_COUNT; s++)
      by_stage[s] = units[s].n ? units[s].u[0] : NULL;
   const struct spv_shader *vs = by_stage[SPV_STAGE_VERTEX], *fs = by_stage[SPV_STAGE_FRAGMENT];
   const struct spv_shader *gs = by_stage[SPV_STAGE_GEOMETRY];
   const struct spv_shader *any = vs ? vs : fs ? fs : gs;
   if (!any) {
      spv_str_puts(log, "error: no shaders attached\n");
      return false;
   }
   /* OpenGL ES 3.0 spec, section 2.11.3: linking fails if "the program object does not
    * contain both a vertex shader and a fragment shader" or "any of the shader objects
    * attached to program are not compiled successfully". */
   if (!vs && (any->es || gs)) {
      /* OpenGL 3.3 core, section 2.11.3: linking also fails when "program contains objects
       * to form a geometry shader, and ... no vertex shader" */
      spv_str_puts(log, "error: no vertex shader attached\n");
      return false;
   }
   /* OpenGL 3.3 core has no such rule: "If the current program has no fragment shader ...
    * the results of fragment shader execution are undefined" (section 3.9), and a program
    * of a vertex (and geometry) shader alone links (transform feedback, rasterizer discard).
    * Nor does it need a vertex shader: a fragment shader alone links (its blocks and
    * uniforms are queried), and vertex processing of its draws is undefined (section 2.11:
    * "If the program object has no vertex shader ... the results of vertex shader
    * execution are undefined"): the front end draws nothing with it. */
   if (!fs && any->es) {
      spv_str_puts(log, "error: no fragment shader attached\n");
      return false;
   }
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      if (by_stage[s] && !by_stage[s]->ok) {
         spv_str_printf(log, "error: the %s shader is not compiled\n", stage_names[s]);
         return false;
      }
   }
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      if (by_stage[s] && (by_stage[s]->api != any->api || by_stage[s]->es != any->es)) {
         spv_str_puts(log, "error: shaders of different APIs cannot be linked\n");
         return false;
      }
   }
   /* GLSL ES 3.00 spec, section 3.4: "Shaders for OpenGL ES 3.0 ... a program must not
    * contain shaders of different versions" — 1.00 links only with 1.00, 3.00 with 3.00.
    * Desktop GLSL (4.60 spec, section 3.3) lets core shaders of different versions link. */
   if (vs && vs->es && vs->version != fs->version) { /* ES: fs is there (above) */
      spv_str_printf(log, "error: version %d es vertex shader cannot be linked with a version %d "
                          "es fragment shader\n", vs->version, fs->version);
      return false;
   }
   return true;
}

/* gl_VertexID / gl_InstanceID read by the vertex stage (VertexIndex / InstanceIndex under
 * the Vulkan rules): the variable is loaded somewhere. glslang's relaxed rules declare
 * InstanceIndex beside VertexIndex even where the shader reads only gl_VertexID, so a
 * declaration alone does not make it active. */
static uint32_t
builtin_attribs(const struct spv_module *m)
{
   uint32_t mask = 0;
   for (uint32_t v = 0; v < m->var_count; v++) {
      uint32_t var = m->vars[v];
      if (spv_var_storage(m, var) != SpvStorageClassInput)
         continue;
      const uint32_t b = m->ids[var].builtin;
      const uint32_t bit = b == SpvBuiltInVertexIndex || b == SpvBuiltInVertexId         ? SPV_BUILTIN_ATTRIB_VERTEX_ID
                           : b == SpvBuiltInInstanceIndex || b == SpvBuiltInInstanceId ? SPV_BUILTIN_ATTRIB_INSTANCE_ID
                                                                                       : 0;
      for (uint32_t i = 5; bit && !(mask & bit) && i < m->count;) {
         const uint32_t wc = m->words[i] >> 16, op = m->words[i] & 0xffff;
         if (wc == 0 || wc > m->count - i)
            break;
         if ((op == SpvOpLoad && wc >= 4 && m->words[i + 3] == var) ||
             ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 4 && m->words[i + 3] == var))
            mask |= bit;
         i += wc;
      }
   }
   return mask;
}

/* GLSL 1.50 section 4.3.8.1: "If gl_FragCoord is redeclared in any fragment shader in a
 * program, it must be redeclared in all the fragment shaders in that program that have a static
 * use gl_FragCoord. All redeclarations of gl_FragCoord in all fragment shaders in a single
 * program must have the same set of qualifiers." (compile.c scan_frag_coord) */
static bool
check_frag_coord(const struct stage_units *fs, struct spv_str *log)
{
   uint8_t decl = 0;
   for (uint32_t k = 0; k < fs->n; k++) {
      const uint8_t d = fs->u[k]->frag_coord_decl;
      if (d && decl && d != decl) {
         spv_str_puts(log, "error: fragment shaders redeclare gl_FragCoord with different layout qualifiers\n");
         return false;
      }
      decl |= d;
   }
   for (uint32_t k = 0; decl && k < fs->n; k++) {
      if (fs->u[k]->frag_coord_used && !fs->u[k]->frag_coord_decl) {
         spv_str_puts(log, "error: gl_FragCoord is redeclared in a fragment shader but used without a "
                           "redeclaration in another\n");
         return false;
      }
   }
   return true;
}

/* The declarations of every unit of a stage, in attachment order (the main unit's first). */
static bool
scan_stage_decls(const struct stage_units *su, bool vertex, struct spv_source_info *info)
{
   if (su->n == 1)
      return spv_scan_decls(su->u[0]->preprocessed, vertex, info);
   struct spv_str all = {0};
   for (uint32_t k = 0; k < su->n; k++) {
      spv_str_puts(&all, su->u[k]->preprocessed ? su->u[k]->preprocessed : "");
      spv_str_puts(&all, "\n");
   }
   char *text = spv_str_take(&all);
   bool ok = text && spv_scan_decls(text, vertex, info);
   free(text);
   return ok;
}

bool
spv_link(struct spv_shader *const *shaders, uint32_t count, const struct spv_link_options *opts,
         void **blob, size_t *blob_size, char **info_log)
{
   struct spv_str log = {0};
   const struct spv_shader *sh[SPV_STAGE_COUNT] = {0};
   struct stage_units units[SPV_STAGE_COUNT] = {0};
   struct spv_source_info src[SPV_STAGE_COUNT] = {0};
   const struct spv_source_info *srcp[SPV_STAGE_COUNT] = {0};
   uint32_t *words[SPV_STAGE_COUNT] = {0};
   uint32_t counts[SPV_STAGE_COUNT] = {0};
   struct spv_module mods[SPV_STAGE_COUNT] = {0};
   struct spv_module *modp[SPV_STAGE_COUNT] = {0};
   struct spv_reflection r = {0};
   struct spv_xfb_plan xfb = {0};
   struct attrib_plan ap = {0};
   bool ok = false;
   uint32_t index1_vars[MAX_LOCATION_MAP], index1_count = 0;

   *blob = NULL;
   *blob_size = 0;
   spv_glslang_init();
   if (!check_shaders(shaders, count, units, sh, &log) || !check_frag_coord(&units[SPV_STAGE_FRAGMENT], &log))
      goto out;
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      if (!sh[s])
         continue;
      if (!scan_stage_decls(&units[s], s == SPV_STAGE_VERTEX, &src[s])) {
         spv_str_puts(&log, "error: out of memory\n");
         goto out;
      }
      srcp[s] = &src[s];
      modp[s] = &mods[s];
   }
   if (!check_uniform_precisions(sh, src, &log) || !check_es100_invariance(sh, &log) ||
       !check_interface_invariance(units, sh, src, &log))
      goto out;
   const bool has_gs = sh[SPV_STAGE_GEOMETRY] != NULL;
   /* Transform feedback captures the last vertex-processing stage's outputs (OpenGL 3.3
    * section 2.17: the vertices a geometry shader emits when there is one). */
   const int lvs = spv_last_vertex_stage(has_gs ? 1u << SPV_STAGE_GEOMETRY : 0);
   if (!generate(units, NULL, 0, lvs, NULL, words, counts, &log) || !index_modules(mods, words, counts, &log))
      goto out;
   /* A fragment shader alone (desktop GL, check_shaders): no attributes, varyings or
    * transform feedback to link. */
   const bool has_vs = sh[SPV_STAGE_VERTEX] != NULL;
   if (!has_vs && opts && opts->xfb_varying_count) {
      spv_str_printf(&log, "error: transform feedback varying '%s' is not a vertex shader output (no vertex "
                           "shader)\n", opts->xfb_varyings[0]);
      goto out;
   }
   /* Aliased attributes: merged per location, which takes a generation of its own. */
   if (has_vs && !plan_attributes(&mods[SPV_STAGE_VERTEX], &src[SPV_STAGE_VERTEX], sh[SPV_STAGE_VERTEX], opts, &ap, &log))
      goto out;
   const struct spv_attrib_merge merge = {ap.inputs.s, ap.prologue.s};
   const struct spv_attrib_merge *mp = ap.count ? &merge : NULL;
   if (mp) {
      drop_modules(mods, words);
      if (!generate(units, NULL, 0, lvs, mp, words, counts, &log) || !index_modules(mods, words, counts, &log))
         goto out;
   }
   /* Transform feedback: checked against the generated vertex outputs; what cannot be
    * decorated in place is copied into outputs of its own, which takes a second generation
    * (spirv/xfb.c). */
   if (has_vs && !spv_xfb_resolve(&mods[lvs], opts, &xfb, &log))
      goto out;
   if (xfb.copy_count) {
      struct spv_xfb_copy *copies = NULL;
      drop_modules(mods, words);
      bool gen = spv_xfb_copies(&xfb, &copies) && generate(units, copies, xfb.copy_count, lvs, mp, words, counts, &log);
      free(copies);
      if (!gen || !index_modules(mods, words, counts, &log))
         goto out;
   }
   const int next = lvs == SPV_STAGE_VERTEX ? SPV_STAGE_FRAGMENT : lvs;
   if ((has_vs && !link_varyings(&mods[SPV_STAGE_VERTEX], SPV_STAGE_VERTEX, modp[next], next,
                                 &src[SPV_STAGE_VERTEX], sh[SPV_STAGE_VERTEX]->es, &log)) ||
       (has_gs && !link_varyings(&mods[SPV_STAGE_GEOMETRY], SPV_STAGE_GEOMETRY, modp[SPV_STAGE_FRAGMENT],
                                 SPV_STAGE_FRAGMENT, &src[SPV_STAGE_GEOMETRY], false, &log)) ||
       (has_vs && !(mp ? link_merged_attributes(&mods[SPV_STAGE_VERTEX], &ap, &r, &log)
                       : link_attributes(&mods[SPV_STAGE_VERTEX], &src[SPV_STAGE_VERTEX], opts, &r, &log))) ||
       (sh[SPV_STAGE_FRAGMENT] && !link_outputs(&mods[SPV_STAGE_FRAGMENT], sh[SPV_STAGE_FRAGMENT],
                                                &src[SPV_STAGE_FRAGMENT], opts, &r, index1_vars, &index1_count,
                                                &log)) ||
       !spv_reflect_uniforms(&r, modp, srcp, &log) || !spv_reflect_blocks(&r, modp, srcp, &log))
      goto out;
   r.info.writes_point_size = has_vs && spv_writes_point_size(&mods[SPV_STAGE_VERTEX]);
   r.info.builtin_attribs = has_vs ? builtin_attribs(&mods[SPV_STAGE_VERTEX]) : 0;
   r.info.point_size_spec = has_vs && spv_has_float_spec_constant(words[SPV_STAGE_VERTEX], counts[SPV_STAGE_VERTEX],
                                                                  SPV_SPEC_POINT_SIZE);
   /* Outputs bound to index 1 by glBindFragDataLocationIndexed: their Index decoration (the
    * words are re-created: after the fragment module's last indexed use). */
   for (uint32_t i = 0; i < index1_count; i++) {
      if (!spv_add_decoration(&words[SPV_STAGE_FRAGMENT], &counts[SPV_STAGE_FRAGMENT], index1_vars[i],
                              SpvDecorationIndex, 1)) {
         spv_str_puts(&log, "error: out of memory\n");
         goto out;
      }
   }
   /* Last: the decorations re-create the capturing stage's words (mods[] no longer index them). */
   if (has_vs && (!spv_xfb_apply(&xfb, &words[lvs], &counts[lvs], &log) || !spv_xfb_reflect(&xfb, &r)))
      goto out;
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      if (!sh[s])
         continue;
      /* after the reflection, which reports the rectangle samplers' GL types */
      if (!sh[s]->es && !spv_lower_rect(&words[s], &counts[s], &log))
         goto out;
      r.info.stage_mask |= 1u << s;
      r.info.spirv[s] = words[s];
      r.info.spirv_words[s] = counts[s];
#ifdef SPLITGL_SPIRV_VALIDATE
      /* Test builds: every module this link produced must pass the SPIRV-Tools validator
       * (DESIGN 2.5); a failure is our bug, reported as a failed link and an ERROR line. */
      char verr[512];
      if (!spv_validate_module(words[s], counts[s], verr, sizeof(verr))) {
         sgl_err("spirv: generated stage %d fails SPIRV-Tools validation: %s", s, verr);
         spv_str_printf(&log, "error: internal: generated SPIR-V is invalid: %s\n", verr);
         goto out;
      }
#endif
   }
   r.info.uniforms = r.uniforms;
   r.info.samplers = r.samplers;
   r.info.attribs = r.attribs;
   r.info.outputs = r.outputs;
   r.info.blocks = r.blocks;
   if (!spv_blob_write(&r, blob, blob_size)) {
      spv_str_puts(&log, "error: out of memory\n");
      goto out;
   }
   ok = true;
out:
   if (!ok && log.len == 0)
      spv_str_puts(&log, "error: out of memory\n");
   spv_reflection_fini(&r);
   spv_xfb_plan_fini(&xfb);
   attrib_plan_fini(&ap);
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      spv_module_fini(&mods[s]);
      free(words[s]);
      spv_source_info_fini(&src[s]);
   }
   *info_log = spv_str_take(&log);
   if (!*info_log)
      *info_log = strdup("");
   return ok;
}
