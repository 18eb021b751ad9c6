/* splitgl spirv: transform feedback at link time.
 *
 * glTransformFeedbackVaryings names vertex outputs ("v"), their array elements ("a[2]") and
 * the built-ins gl_Position / gl_PointSize. Vulkan (VK_EXT_transform_feedback) captures
 * whole output variables decorated XfbBuffer / XfbStride / Offset in a module with the Xfb
 * execution mode. So:
 *
 *   - a whole user output is decorated where it is;
 *   - anything else (an array element, a struct or block member, a built-in, which lives in
 *     the gl_PerVertex block whose members would all have to go to one buffer) is copied, at
 *     the end of main, into outputs of their own, SPV_RENAME_PREFIX "xfb<k>", which are
 *     decorated instead. The copies are packed: the components of copied varyings that
 *     follow each other in one buffer go four to an output (a vec4 / ivec4 / uvec4 captures
 *     its components consecutively, as the varyings would be), so that capturing every
 *     member of a struct array costs a quarter of the locations it would as one output per
 *     member (the vertex stage's outputs are limited). Floating-point and integer components
 *     are not packed together (GLSL 1.40 / 1.50 have no floatBitsToInt); int and uint are,
 *     through int(), which keeps the bits. The copies are GLSL appended by the lift
 *     (lift.c), so the link generates code a second time when a program needs any.
 *
 * Layout (OpenGL ES 3.0 section 2.15.2): interleaved, varyings follow each other tightly
 * packed in buffer 0; separate, varying i alone in buffer i. Components are 32 bits; arrays
 * and matrix columns are captured consecutively, which is Vulkan's layout for an Offset
 * decorated variable too. */
#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_internal.h"

/* The ES 3.0 / GL 3.3 minimums (tables 6.37 / 6.53), for options that leave a limit 0. */
#define MIN_INTERLEAVED_COMPONENTS 64
#define MIN_SEPARATE_COMPONENTS 4
#define MIN_SEPARATE_ATTRIBS 4

/* kind: 'f' float, 'i' int, 'u' uint components; cols: matrix columns (1 otherwise). */
static const struct {
   uint32_t gl_type, components, cols;
   char kind;
} types[] = {
   {GL_FLOAT, 1, 1, 'f'}, {GL_FLOAT_VEC2, 2, 1, 'f'}, {GL_FLOAT_VEC3, 3, 1, 'f'}, {GL_FLOAT_VEC4, 4, 1, 'f'},
   {GL_INT, 1, 1, 'i'}, {GL_INT_VEC2, 2, 1, 'i'}, {GL_INT_VEC3, 3, 1, 'i'}, {GL_INT_VEC4, 4, 1, 'i'},
   {GL_UNSIGNED_INT, 1, 1, 'u'}, {GL_UNSIGNED_INT_VEC2, 2, 1, 'u'}, {GL_UNSIGNED_INT_VEC3, 3, 1, 'u'},
   {GL_UNSIGNED_INT_VEC4, 4, 1, 'u'},
   {GL_FLOAT_MAT2, 4, 2, 'f'}, {GL_FLOAT_MAT3, 9, 3, 'f'}, {GL_FLOAT_MAT4, 16, 4, 'f'},
   {GL_FLOAT_MAT2x3, 6, 2, 'f'}, {GL_FLOAT_MAT2x4, 8, 2, 'f'}, {GL_FLOAT_MAT3x2, 6, 3, 'f'},
   {GL_FLOAT_MAT3x4, 12, 3, 'f'}, {GL_FLOAT_MAT4x2, 8, 4, 'f'}, {GL_FLOAT_MAT4x3, 12, 4, 'f'},
};

/* The GLSL type of a packed copy of n (1..4) components of one kind. */
static const char *
packed_type(char kind, uint32_t n)
{
   static const char *const names[3][4] = {
      {"float", "vec2", "vec3", "vec4"}, {"int", "ivec2", "ivec3", "ivec4"}, {"uint", "uvec2", "uvec3", "uvec4"}};
   return names[kind == 'f' ? 0 : kind == 'i' ? 1 : 2][n - 1];
}

static int
type_index(uint32_t gl_type)
{
   for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
      if (types[i].gl_type == gl_type)
         return (int)i;
   return -1;
}

uint32_t
spv_xfb_type_components(uint32_t gl_type)
{
   int i = type_index(gl_type);
   return i < 0 ? 0 : types[i].components;
}

void
spv_xfb_plan_fini(struct spv_xfb_plan *p)
{
   for (uint32_t i = 0; i < p->count; i++) {
      free(p->e[i].name);
      free(p->e[i].expr);
   }
   for (uint32_t i = 0; i < p->copy_count; i++)
      free(p->copies[i].expr);
   free(p->copies);
   free(p->e);
   memset(p, 0, sizeof(*p));
}

/* "name" or "name[N]" (N decimal, no sign, no spaces). */
static bool
split_name(const char *s, char *base, size_t base_size, int64_t *index)
{
   const char *br = strchr(s, '[');
   size_t n = br ? (size_t)(br - s) : strlen(s);
   if (n == 0 || n >= base_size)
      return false;
   memcpy(base, s, n);
   base[n] = '\0';
   *index = -1;
   if (!br)
      return true;
   const char *p = br + 1;
   if (*p < '0' || *p > '9')
      return false;
   int64_t v = 0;
   while (*p >= '0' && *p <= '9') {
      v = v * 10 + (*p - '0');
      if (v > (1 << 20))
         return false;
      p++;
   }
   if (p[0] != ']' || p[1] != '\0')
      return false;
   *index = v;
   return true;
}

/* "x" or "x[N]" with x anything (a member path too): x and N (-1 without). */
static bool
strip_index(const char *s, char *base, size_t base_size, int64_t *index)
{
   size_t n = strlen(s);
   *index = -1;
   if (n && s[n - 1] == ']') {
      const char *br = strrchr(s, '[');
      if (!br || br[1] < '0' || br[1] > '9')
         return false;
      int64_t v = 0;
      for (const char *p = br + 1; *p != ']'; p++) {
         if (*p < '0' || *p > '9' || (v = v * 10 + (*p - '0')) > (1 << 20))
            return false;
      }
      *index = v;
      n = (size_t)(br - s);
   }
   if (!n || n >= base_size)
      return false;
   memcpy(base, s, n);
   base[n] = '\0';
   return true;
}

/* The user output of the vertex stage whose GL name is `name` (0 if none). */
static uint32_t
find_output(const struct spv_module *m, const char *name)
{
   for (uint32_t i = 0; i < m->var_count; i++) {
      uint32_t v = m->vars[i];
      if (spv_var_storage(m, v) != SpvStorageClassOutput || m->ids[v].builtin != SPV_NO_VALUE || !m->ids[v].name)
         continue;
      const struct spv_member_info *mi = spv_member(m, spv_var_type(m, v), 0);
      if (mi && mi->builtin != SPV_NO_VALUE) /* gl_PerVertex */
         continue;
      char *gl = strdup(m->ids[v].name);
      if (!gl)
         return 0;
      spv_unrename(gl);
      bool hit = strcmp(gl, name) == 0;
      free(gl);
      if (hit)
         return v;
   }
   return 0;
}

static uint32_t
find_named(const struct spv_module *m, const char *spirv_name)
{
   for (uint32_t i = 0; i < m->var_count; i++) {
      uint32_t v = m->vars[i];
      if (spv_var_storage(m, v) == SpvStorageClassOutput && m->ids[v].name && strcmp(m->ids[v].name, spirv_name) == 0)
         return v;
   }
   return 0;
}

/* Struct members and interface block members (OpenGL 4.x / ES 3.1 wording, which the Khronos
 * board applies to ES 3.0 and GL 3.x too: "v.a", "v[1].b[2]", "Blk.m"): the name names one
 * member of a user output, through any number of struct and array levels, down to a
 * capturable type (a basic type or an array of one: the whole array). A structure itself,
 * or an array of structures without an index, cannot be captured. */
#define MAX_PATH_STEPS 16
struct path_step {
   char id[128];
   int64_t index; /* -1: none */
};

/* "a[1].b.c[2]" -> steps; false if malformed. */
static bool
parse_path(const char *p, struct path_step *steps, uint32_t *count)
{
   *count = 0;
   for (;;) {
      if (*count == MAX_PATH_STEPS)
         return false;
      struct path_step *st = &steps[(*count)++];
      size_t n = 0;
      while (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') ||
             (n && p[n] >= '0' && p[n] <= '9'))
         n++;
      if (!n || n >= sizeof(st->id))
         return false;
      memcpy(st->id, p, n);
      st->id[n] = '\0';
      p += n;
      st->index = -1;
      if (*p == '[') {
         p++;
         if (*p < '0' || *p > '9')
            return false;
         int64_t v = 0;
         while (*p >= '0' && *p <= '9') {
            v = v * 10 + (*p - '0');
            if (v > (1 << 20))
               return false;
            p++;
         }
         if (*p++ != ']')
            return false;
         st->index = v;
      }
      if (!*p)
         return true;
      if (*p++ != '.')
         return false;
   }
}

/* The user output block (not gl_PerVertex) whose block name is `name` (0 if none). */
static uint32_t
find_output_block(const struct spv_module *m, const char *name)
{
   for (uint32_t i = 0; i < m->var_count; i++) {
      uint32_t v = m->vars[i];
      if (spv_var_storage(m, v) != SpvStorageClassOutput || m->ids[v].builtin != SPV_NO_VALUE)
         continue;
      uint32_t t = spv_var_type(m, v);
      if (spv_op(m, t) != SpvOpTypeStruct || !m->ids[t].block || !m->ids[t].name)
         continue;
      const struct spv_member_info *mi = spv_member(m, t, 0);
      if (mi && mi->builtin != SPV_NO_VALUE)
         continue;
      char *gl = strdup(m->ids[t].name);
      if (!gl)
         return 0;
      spv_unrename(gl);
      bool hit = strcmp(gl, name) == 0;
      free(gl);
      if (hit)
         return v;
   }
   return 0;
}

/* Member `name` of struct type t: its index, or -1. */
static int
find_member(const struct spv_module *m, uint32_t t, const char *name)
{
   uint32_t count = spv_struct_member_count(m, t);
   for (uint32_t k = 0; k < count; k++) {
      const struct spv_member_info *mi = spv_member(m, t, k);
      if (!mi || !mi->name)
         continue;
      char *gl = strdup(mi->name);
      if (!gl)
         return -1;
      spv_unrename(gl);
      bool hit = strcmp(gl, name) == 0;
      free(gl);
      if (hit)
         return (int)k;
   }
   return -1;
}

/* On success *expr is the GLSL expression in the lifted source (malloc'd), *type the leaf
 * type (array stripped) and *len its array length (0: not an array; only when the last step
 * has no index). */
static bool
resolve_member_path(const struct spv_module *vs, const char *name, char **expr, uint32_t *type, uint32_t *len)
{
   struct path_step steps[MAX_PATH_STEPS];
   uint32_t n, i = 0, t;
   *len = 0;
   if (!parse_path(name, steps, &n) || n < 2)
      return false;
   struct spv_str out = {0};
   uint32_t var = find_output(vs, steps[0].id);
   if (var) {
      t = spv_var_type(vs, var);
      spv_str_puts(&out, vs->ids[var].name);
   } else {
      /* "Blk.m": the block's instance, or its members as globals when it has no instance
       * name; the block itself is no array here (a block array's members are "Blk[1].m"
       * in GL 4.x, not offered). */
      var = find_output_block(vs, steps[0].id);
      if (!var || steps[0].index >= 0)
         return false;
      t = spv_var_type(vs, var);
      int k = find_member(vs, t, steps[1].id);
      if (k < 0)
         return false;
      if (vs->ids[var].name && vs->ids[var].name[0])
         spv_str_printf(&out, "%s.", vs->ids[var].name);
      spv_str_puts(&out, spv_member(vs, t, (uint32_t)k)->name);
      t = spv_word(vs, t, 2 + (uint32_t)k);
      i = 1;
   }
   for (;;) {
      if (steps[i].index >= 0) {
         uint32_t alen;
         if (spv_op(vs, t) != SpvOpTypeArray || !spv_const_u32(vs, spv_word(vs, t, 3), &alen) ||
             steps[i].index >= alen)
            goto fail;
         spv_str_printf(&out, "[%u]", (unsigned)steps[i].index);
         t = spv_word(vs, t, 2);
      }
      if (++i == n)
         break;
      if (spv_op(vs, t) != SpvOpTypeStruct)
         goto fail;
      int k = find_member(vs, t, steps[i].id);
      if (k < 0)
         goto fail;
      spv_str_printf(&out, ".%s", spv_member(vs, t, (uint32_t)k)->name);
      t = spv_word(vs, t, 2 + (uint32_t)k);
   }
   if (spv_op(vs, t) == SpvOpTypeArray) {
      if (!spv_const_u32(vs, spv_word(vs, t, 3), len) || !*len)
         goto fail;
      t = spv_word(vs, t, 2);
   }
   if (spv_op(vs, t) == SpvOpTypeStruct || spv_op(vs, t) == SpvOpTypeArray)
      goto fail;
   *type = t;
   *expr = spv_str_take(&out);
   return *expr != NULL;
fail:
   free(spv_str_take(&out));
   return false;
}

/* The module is a geometry shader's. */
static bool
is_geometry(const struct spv_module *m)
{
   for (uint32_t i = 5; i < m->count && m->words[i] >> 16; i += m->words[i] >> 16)
      if ((m->words[i] & 0xffff) == SpvOpEntryPoint && (m->words[i] >> 16) >= 2)
         return m->words[i + 1] == SpvExecutionModelGeometry;
   return false;
}

/* Some access chain into block variable `var` starts at member k (the member is used). */
static bool
member_used(const struct spv_module *m, uint32_t var, uint32_t k)
{
   for (uint32_t i = 5; i < m->count;) {
      uint32_t wc = m->words[i] >> 16, op = m->words[i] & 0xffff, idx;
      if (wc == 0 || wc > m->count - i)
         break;
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 5 && m->words[i + 3] == var &&
          spv_const_u32(m, m->words[i + 4], &idx) && idx == k)
         return true;
      i += wc;
   }
   return false;
}

/* The length of gl_ClipDistance as the capturing stage declares it (sized by the shader, or
 * implicitly by the largest index it uses), 0 when the stage does not use it (glslang
 * declares every gl_PerVertex member; GL's gl_ClipDistance is an output of a shader that
 * uses it). */
static uint32_t
clip_distance_len(const struct spv_module *m)
{
   for (uint32_t i = 0; i < m->var_count; i++) {
      uint32_t v = m->vars[i], t = spv_var_type(m, v), len;
      if (spv_var_storage(m, v) != SpvStorageClassOutput)
         continue;
      if (m->ids[v].builtin == SpvBuiltInClipDistance)
         return spv_op(m, t) == SpvOpTypeArray && spv_const_u32(m, spv_word(m, t, 3), &len) ? len : 0;
      if (spv_op(m, t) != SpvOpTypeStruct)
         continue;
      for (uint32_t k = 0; k < spv_struct_member_count(m, t); k++) {
         const struct spv_member_info *mi = spv_member(m, t, k);
         uint32_t mt = spv_word(m, t, 2 + k);
         if (mi && mi->builtin == SpvBuiltInClipDistance)
            return spv_op(m, mt) == SpvOpTypeArray && spv_const_u32(m, spv_word(m, mt, 3), &len) &&
                         member_used(m, v, k) ? len : 0;
      }
   }
   return 0;
}

/* A built-in output of the capturing stage that can be captured (copied): its GL type, or 0;
 * *len its array length (0: not an array). gl_Position, gl_PointSize and gl_ClipDistance are
 * outputs of both stages; gl_Layer and gl_PrimitiveID are geometry shader outputs only (GLSL
 * 1.50 section 7.1: "gl_PrimitiveID ... gl_Layer ... available only in the geometry
 * language"). */
static uint32_t
builtin_output(const struct spv_module *m, const char *base, uint32_t *len)
{
   *len = 0;
   if (!strcmp(base, "gl_ClipDistance"))
      return (*len = clip_distance_len(m)) != 0 ? GL_FLOAT : 0;
   if (!strcmp(base, "gl_Position"))
      return GL_FLOAT_VEC4;
   if (!strcmp(base, "gl_PointSize"))
      return GL_FLOAT;
   if ((!strcmp(base, "gl_Layer") || !strcmp(base, "gl_PrimitiveID")) && is_geometry(m))
      return GL_INT;
   return 0;
}

/* The scalar GLSL expressions of copied entry e, appended to *list (*n of *cap). */
static bool
entry_scalars(const struct spv_xfb_entry *e, char ***list, char **kinds, uint32_t *n, uint32_t *cap)
{
   int ti = type_index(e->gl_type);
   uint32_t comps = types[ti].components, cols = types[ti].cols, rows = comps / cols;
   uint32_t elems = e->copy_len ? e->copy_len : 1;
   for (uint32_t k = 0; k < elems; k++) {
      for (uint32_t c = 0; c < comps; c++) {
         if (*n == *cap) {
            uint32_t nc = *cap ? *cap * 2 : 16;
            char **l = realloc(*list, nc * sizeof(**list));
            if (l)
               *list = l;
            char *kd = l ? realloc(*kinds, nc) : NULL;
            if (!kd)
               return false;
            *kinds = kd;
            *cap = nc;
         }
         struct spv_str x = {0};
         spv_str_puts(&x, e->expr);
         if (e->copy_len)
            spv_str_printf(&x, "[%u]", k);
         if (cols > 1)
            spv_str_printf(&x, "[%u][%u]", c / rows, c % rows);
         else if (comps > 1)
            spv_str_printf(&x, ".%c", "xyzw"[c]);
         char *str = spv_str_take(&x);
         if (!str)
            return false;
         (*list)[*n] = str;
         (*kinds)[*n] = types[ti].kind;
         (*n)++;
      }
   }
   return true;
}

/* Packs scalars [0, n) of a run that starts at `offset` in `buffer` into copies of up to
 * four components. */
static bool
emit_run(struct spv_xfb_plan *p, char **list, const char *kinds, uint32_t n, uint32_t buffer, uint32_t offset)
{
   for (uint32_t j = 0; j < n; j += 4) {
      uint32_t m = n - j < 4 ? n - j : 4;
      char kind = kinds[j];
      for (uint32_t k = 1; k < m; k++)
         if (kinds[j + k] != kind)
            kind = 'i'; /* int and uint mixed: uint through int(), bits kept */
      struct spv_xfb_packed *c = &p->copies[p->copy_count];
      struct spv_str x = {0};
      if (m > 1)
         spv_str_printf(&x, "%s(", packed_type(kind, m));
      for (uint32_t k = 0; k < m; k++) {
         bool conv = kind != kinds[j + k];
         spv_str_printf(&x, "%s%s%s%s", k ? ", " : "", conv ? "int(" : "", list[j + k], conv ? ")" : "");
      }
      if (m > 1)
         spv_str_puts(&x, ")");
      c->expr = spv_str_take(&x);
      if (!c->expr)
         return false;
      c->glsl_type = packed_type(kind, m);
      c->flat = kind != 'f';
      c->buffer = buffer;
      c->offset = offset + j * 4;
      p->copy_count++;
   }
   return true;
}

/* Groups the copied entries into runs (consecutive in one buffer, all floating-point or all
 * integer) and packs each run (see the top of the file). */
static bool
pack_copies(struct spv_xfb_plan *p, struct spv_str *log)
{
   uint32_t total = 0;
   for (uint32_t i = 0; i < p->count; i++)
      if (p->e[i].copy)
         total += p->e[i].components;
   if (!total)
      return true;
   p->copies = calloc(total, sizeof(*p->copies)); /* at most one per component */
   if (!p->copies)
      return false;
   char **list = NULL, *kinds = NULL;
   uint32_t n = 0, cap = 0, buffer = 0, start = 0, end = 0;
   bool ok = true;
   for (uint32_t i = 0; ok && i <= p->count; i++) {
      const struct spv_xfb_entry *e = i < p->count ? &p->e[i] : NULL;
      bool fl = e && e->copy && types[type_index(e->gl_type)].kind == 'f';
      bool joins = e && e->copy && n && e->buffer == buffer && e->offset == end && fl == (kinds[0] == 'f');
      if (n && !joins) {
         ok = emit_run(p, list, kinds, n, buffer, start);
         for (uint32_t k = 0; k < n; k++)
            free(list[k]);
         n = 0;
      }
      if (!ok || !e || !e->copy)
         continue;
      if (!n) {
         buffer = e->buffer;
         start = e->offset;
      }
      ok = entry_scalars(e, &list, &kinds, &n, &cap);
      end = e->offset + e->components * 4;
   }
   for (uint32_t k = 0; k < n; k++)
      free(list[k]);
   free(list);
   free(kinds);
   if (!ok)
      spv_str_puts(log, "error: out of memory\n");
   return ok;
}

/* From the OpenGL ES 3.0 spec, section 2.11.3 (LinkProgram): "... the program object will
 * fail to link if: ... any variable name specified in the varyings array is not declared as
 * an output in the vertex shader; any two entries in the varyings array specify the same
 * varying variable; the total number of components to capture in any varying variable in
 * varyings is greater than the value of MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS and the
 * buffer mode is SEPARATE_ATTRIBS; or the total number of components to capture is greater
 * than the value of MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS and the buffer mode is
 * INTERLEAVED_ATTRIBS." */
bool
spv_xfb_resolve(const struct spv_module *vs, const struct spv_link_options *o, struct spv_xfb_plan *plan,
                struct spv_str *log)
{
   memset(plan, 0, sizeof(*plan));
   uint32_t n = o ? o->xfb_varying_count : 0;
   if (!n)
      return true;
   if (n > SPV_MAX_XFB_VARYINGS) {
      spv_str_printf(log, "error: too many transform feedback varyings (%u)\n", n);
      return false;
   }
   plan->separate = o->xfb_separate;
   plan->e = calloc(n, sizeof(*plan->e));
   if (!plan->e)
      return false;
   uint32_t max_inter = o->xfb_max_interleaved_components ? o->xfb_max_interleaved_components : MIN_INTERLEAVED_COMPONENTS;
   uint32_t max_sep = o->xfb_max_separate_components ? o->xfb_max_separate_components : MIN_SEPARATE_COMPONENTS;
   uint32_t max_attribs = o->xfb_max_separate_attribs ? o->xfb_max_separate_attribs : MIN_SEPARATE_ATTRIBS;
   if (plan->separate && (n > max_attribs || n > SPV_MAX_XFB_BUFFERS)) {
      spv_str_printf(log, "error: %u separate transform feedback varyings, at most %u\n", n, max_attribs);
      return false;
   }
   uint32_t total = 0;
   for (uint32_t i = 0; i < n; i++) {
      struct spv_xfb_entry *e = &plan->e[i];
      const char *name = o->xfb_varyings[i] ? o->xfb_varyings[i] : "";
      e->name = strdup(name);
      if (!e->name)
         return false;
      plan->count = i + 1;
      char base[256];
      int64_t index;
      bool path = strchr(name, '.') != NULL; /* a struct or block member */
      if (path && !strip_index(name, base, sizeof(base), &index))
         index = -1;
      if (!path && !split_name(name, base, sizeof(base), &index)) {
         spv_str_printf(log, "error: transform feedback varying '%s' is not a vertex shader output\n", name);
         return false;
      }
      e->index = index;
      uint32_t len = 0; /* 0: not an array */
      if (path) {
         uint32_t leaf;
         if (!resolve_member_path(vs, name, &e->expr, &leaf, &len)) {
            spv_str_printf(log, "error: transform feedback varying '%s' is not a vertex shader output\n", name);
            return false;
         }
         e->gl_type = spv_gl_type(vs, leaf, NULL);
         if (!e->gl_type || type_index(e->gl_type) < 0) {
            spv_str_printf(log, "error: transform feedback varying '%s' has a type that cannot be captured\n",
                           name);
            return false;
         }
         index = -1; /* an index of the last step is in the expression */
         e->copy = true;
      } else if ((e->gl_type = builtin_output(vs, base, &len)) != 0) {
         if (index >= 0 && !len) {
            spv_str_printf(log, "error: transform feedback varying '%s': %s is not an array\n", name, base);
            return false;
         }
         if (index >= len && len) {
            spv_str_printf(log, "error: transform feedback varying '%s': index out of range\n", name);
            return false;
         }
         e->copy = true;
      } else {
         uint32_t var = base[0] == 'g' && base[1] == 'l' && base[2] == '_' ? 0 : find_output(vs, base);
         if (!var) {
            spv_str_printf(log, "error: transform feedback varying '%s' is not a vertex shader output\n", name);
            return false;
         }
         uint32_t t = spv_var_type(vs, var);
         if (spv_op(vs, t) == SpvOpTypeArray) {
            if (!spv_const_u32(vs, spv_word(vs, t, 3), &len) || !len) {
               spv_str_printf(log, "error: transform feedback varying '%s' has an unsized type\n", name);
               return false;
            }
            t = spv_word(vs, t, 2);
         }
         e->gl_type = spv_gl_type(vs, t, NULL);
         if (!e->gl_type || type_index(e->gl_type) < 0) {
            spv_str_printf(log, "error: transform feedback varying '%s' has a type that cannot be captured\n",
                           name);
            return false;
         }
         if (index >= 0 && (!len || index >= len)) {
            spv_str_printf(log, "error: transform feedback varying '%s': index out of range\n", name);
            return false;
         }
         e->copy = index >= 0;
         e->expr = strdup(vs->ids[var].name); /* the SPIR-V (lifted source) name */
         if (!e->expr)
            return false;
      }
      e->size = index < 0 && len ? len : 1;
      e->components = e->size * (uint32_t)types[type_index(e->gl_type)].components;
      /* Two entries naming the same variable (or overlapping parts of one array). */
      for (uint32_t j = 0; j < i; j++) {
         const struct spv_xfb_entry *f = &plan->e[j];
         char fb[256], mb[256];
         int64_t fi, mi;
         if (strip_index(f->name, fb, sizeof(fb), &fi) && strip_index(name, mb, sizeof(mb), &mi) &&
             !strcmp(fb, mb) && (fi < 0 || mi < 0 || fi == mi)) {
            spv_str_printf(log, "error: transform feedback varying '%s' is specified more than once\n", name);
            return false;
         }
      }
      if (plan->separate && e->components > max_sep) {
         spv_str_printf(log, "error: transform feedback varying '%s' has %u components, more than "
                             "MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (%u)\n", name, e->components, max_sep);
         return false;
      }
      if (e->copy && path) {
         e->copy_len = len;
      } else if (e->copy) {
         e->copy_len = index < 0 ? len : 0; /* a whole built-in array (gl_ClipDistance) */
         char expr[300];
         if (index >= 0)
            snprintf(expr, sizeof(expr), "%s[%u]", e->expr ? e->expr : base, (unsigned)index);
         else
            snprintf(expr, sizeof(expr), "%s", base);
         free(e->expr);
         e->expr = strdup(expr);
         if (!e->expr)
            return false;
      }
      e->buffer = plan->separate ? i : 0;
      e->offset = plan->separate ? 0 : total * 4;
      total += e->components;
      uint32_t end = e->offset + e->components * 4;
      if (end > plan->strides[e->buffer])
         plan->strides[e->buffer] = end;
   }
   if (!plan->separate && total > max_inter) {
      spv_str_printf(log, "error: %u transform feedback components, more than "
                          "MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (%u)\n", total, max_inter);
      return false;
   }
   for (uint32_t b = 0; b < SPV_MAX_XFB_BUFFERS; b++) {
      if (plan->strides[b] > SPV_MAX_XFB_STRIDE) {
         spv_str_printf(log, "error: transform feedback buffer %u takes %u bytes per vertex, at most %u\n", b,
                        plan->strides[b], SPV_MAX_XFB_STRIDE);
         return false;
      }
   }
   return pack_copies(plan, log);
}

bool
spv_xfb_copies(const struct spv_xfb_plan *plan, struct spv_xfb_copy **out)
{
   *out = NULL;
   if (!plan->copy_count)
      return true;
   struct spv_xfb_copy *c = calloc(plan->copy_count, sizeof(*c));
   if (!c)
      return false;
   for (uint32_t i = 0; i < plan->copy_count; i++)
      c[i] = (struct spv_xfb_copy){plan->copies[i].glsl_type, plan->copies[i].expr, plan->copies[i].flat};
   *out = c;
   return true;
}

static void
put(uint32_t *dst, uint32_t *n, const uint32_t *w, uint32_t count)
{
   memcpy(dst + *n, w, count * sizeof(uint32_t));
   *n += count;
}

/* Adds the capability, the Xfb execution mode and the decorations to the final vertex
 * module. *words is replaced (the old array is freed). */
bool
spv_xfb_apply(const struct spv_xfb_plan *plan, uint32_t **words, uint32_t *count, struct spv_str *log)
{
   if (!plan->count)
      return true;
   struct spv_module m;
   char err[128];
   if (!spv_module_index(&m, *words, *count, err, sizeof(err))) {
      spv_str_printf(log, "error: internal: %s\n", err);
      return false;
   }
   /* The decorated variables: the whole outputs, then the packed copies. */
   struct { uint32_t var, buffer, offset; } *dec = calloc(plan->count + plan->copy_count, sizeof(*dec));
   uint32_t ndec = 0;
   if (!dec) {
      spv_module_fini(&m);
      return false;
   }
   for (uint32_t i = 0; i < plan->count + plan->copy_count; i++) {
      const struct spv_xfb_entry *e = i < plan->count ? &plan->e[i] : NULL;
      if (e && e->copy)
         continue;
      char name[64];
      if (!e)
         snprintf(name, sizeof(name), SPV_RENAME_PREFIX "xfb%u", i - plan->count);
      dec[ndec].var = find_named(&m, e ? e->expr : name);
      dec[ndec].buffer = e ? e->buffer : plan->copies[i - plan->count].buffer;
      dec[ndec].offset = e ? e->offset : plan->copies[i - plan->count].offset;
      if (!dec[ndec++].var) {
         spv_module_fini(&m);
         free(dec);
         spv_str_printf(log, "error: internal: transform feedback output for '%s' not generated\n",
                        e ? e->name : name);
         return false;
      }
   }
   bool have_cap = false;
   uint32_t entry = 0;
   for (uint32_t i = 5; i < *count; i += (*words)[i] >> 16) {
      uint32_t op = (*words)[i] & 0xffff;
      if (op == SpvOpCapability && (*words)[i + 1] == SpvCapabilityTransformFeedback)
         have_cap = true;
      if (op == SpvOpEntryPoint && ((*words)[i] >> 16) >= 3)
         entry = (*words)[i + 2];
   }
   spv_module_fini(&m);
   if (!entry) {
      free(dec);
      spv_str_puts(log, "error: internal: vertex module without entry point\n");
      return false;
   }
   uint32_t extra = 2 + 3 + ndec * 12;
   uint32_t *out = malloc((*count + extra) * sizeof(uint32_t));
   if (!out) {
      free(dec);
      return false;
   }
   uint32_t n = 0;
   put(out, &n, *words, 5);
   bool cap_done = have_cap, mode_done = false, dec_done = false, seen_entry = false;
   for (uint32_t i = 5; i < *count;) {
      uint32_t wc = (*words)[i] >> 16, op = (*words)[i] & 0xffff;
      if (!cap_done && op != SpvOpCapability) {
         const uint32_t cap[2] = {(2u << 16) | SpvOpCapability, SpvCapabilityTransformFeedback};
         put(out, &n, cap, 2);
         cap_done = true;
      }
      if (seen_entry && !mode_done && op != SpvOpEntryPoint) {
         const uint32_t mode[3] = {(3u << 16) | SpvOpExecutionMode, entry, SpvExecutionModeXfb};
         put(out, &n, mode, 3);
         mode_done = true;
      }
      if (!dec_done && op >= SpvOpTypeVoid && op <= 39) { /* the first type declaration */
         for (uint32_t k = 0; k < ndec; k++) {
            const uint32_t d[12] = {
               (4u << 16) | SpvOpDecorate, dec[k].var, SpvDecorationXfbBuffer, dec[k].buffer,
               (4u << 16) | SpvOpDecorate, dec[k].var, SpvDecorationXfbStride, plan->strides[dec[k].buffer],
               (4u << 16) | SpvOpDecorate, dec[k].var, SpvDecorationOffset, dec[k].offset,
            };
            put(out, &n, d, 12);
         }
         dec_done = true;
      }
      if (op == SpvOpEntryPoint)
         seen_entry = true;
      put(out, &n, *words + i, wc);
      i += wc;
   }
   free(dec);
   if (!cap_done || !mode_done || !dec_done) {
      free(out);
      spv_str_puts(log, "error: internal: cannot place transform feedback decorations\n");
      return false;
   }
   free(*words);
   *words = out;
   *count = n;
   return true;
}

bool
spv_xfb_reflect(const struct spv_xfb_plan *plan, struct spv_reflection *r)
{
   r->info.xfb_separate = plan->separate;
   memcpy(r->info.xfb_strides, plan->strides, sizeof(plan->strides));
   if (!plan->count)
      return true;
   r->xfb = calloc(plan->count, sizeof(*r->xfb));
   if (!r->xfb)
      return false;
   for (uint32_t i = 0; i < plan->count; i++) {
      const struct spv_xfb_entry *e = &plan->e[i];
      r->xfb[i] = (struct spv_xfb_varying){strdup(e->name), e->gl_type, e->size, e->buffer, e->offset, e->components};
      r->info.xfb_varying_count = i + 1;
      if (!r->xfb[i].name)
         return false;
   }
   r->info.xfb_varyings = r->xfb;
   return true;
}
