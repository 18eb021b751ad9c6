/* splitgl spirv: reflection of the default uniform block and the samplers, GL style.
 *
 * The default block (glslang's gl_DefaultUniformBlock under the relaxed Vulkan rules) is
 * flattened the way glGetActiveUniform reports it: "s.a" for struct members, "a[0].b" for
 * arrays of structs, "arr[0]" with array_size for arrays of basic types. SPIR-V turns bool
 * into uint inside blocks, so the declared type comes from the source scan (lift.c). */
#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_internal.h"
#include "util/log.h"

#define MAX_UNIFORM_ENTRIES 4096
#define MAX_UNIFORM_LOCATIONS 4096

void
spv_reflection_fini(struct spv_reflection *r)
{
   for (uint32_t i = 0; i < r->info.uniform_count; i++)
      free((char *)r->uniforms[i].name);
   for (uint32_t i = 0; i < r->info.attrib_count; i++)
      free((char *)r->attribs[i].name);
   for (uint32_t i = 0; i < r->info.output_count; i++)
      free((char *)r->outputs[i].name);
   for (uint32_t i = 0; i < r->info.xfb_varying_count; i++)
      free((char *)r->xfb[i].name);
   for (uint32_t i = 0; i < r->info.block_count; i++)
      free((char *)r->blocks[i].name);
   free(r->blocks);
   free(r->xfb);
   free(r->uniforms);
   free(r->samplers);
   free(r->attribs);
   free(r->outputs);
   free(r->default_block_init);
   memset(r, 0, sizeof(*r));
}

/* ---- GL types ---------------------------------------------------------------------------- */
uint32_t
spv_image_gl_type(int kind, uint32_t dim, uint32_t depth, uint32_t arrayed, uint32_t ms)
{
   if (kind < 0 || kind > 2)
      return 0;
   static const uint32_t table[3][8] = {
      /* 1D, 1D array, 2D, 2D array, 3D, cube, cube array, 2D ms */
      {GL_SAMPLER_1D, GL_SAMPLER_1D_ARRAY, GL_SAMPLER_2D, GL_SAMPLER_2D_ARRAY, GL_SAMPLER_3D,
       GL_SAMPLER_CUBE, GL_SAMPLER_CUBE_MAP_ARRAY, GL_SAMPLER_2D_MULTISAMPLE},
      {GL_INT_SAMPLER_1D, GL_INT_SAMPLER_1D_ARRAY, GL_INT_SAMPLER_2D, GL_INT_SAMPLER_2D_ARRAY,
       GL_INT_SAMPLER_3D, GL_INT_SAMPLER_CUBE, GL_INT_SAMPLER_CUBE_MAP_ARRAY,
       GL_INT_SAMPLER_2D_MULTISAMPLE},
      {GL_UNSIGNED_INT_SAMPLER_1D, GL_UNSIGNED_INT_SAMPLER_1D_ARRAY, GL_UNSIGNED_INT_SAMPLER_2D,
       GL_UNSIGNED_INT_SAMPLER_2D_ARRAY, GL_UNSIGNED_INT_SAMPLER_3D,
       GL_UNSIGNED_INT_SAMPLER_CUBE, GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY,
       GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE},
   };
   if (depth == 1 && kind == 0) {
      switch (dim) {
      case 0: return arrayed ? GL_SAMPLER_1D_ARRAY_SHADOW : GL_SAMPLER_1D_SHADOW;
      case 1: return arrayed ? GL_SAMPLER_2D_ARRAY_SHADOW : GL_SAMPLER_2D_SHADOW;
      case 3: return arrayed ? GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW : GL_SAMPLER_CUBE_SHADOW;
      case 4: return GL_SAMPLER_2D_RECT_SHADOW;
      default: return 0;
      }
   }
   switch (dim) {
   case 0: return table[kind][arrayed ? 1 : 0];
   case 1: return ms ? (arrayed ? (kind == 0 ? GL_SAMPLER_2D_MULTISAMPLE_ARRAY
                                   : kind == 1 ? GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY
                                               : GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY)
                             : table[kind][7])
                     : table[kind][arrayed ? 3 : 2];
   case 2: return table[kind][4];
   case 3: return table[kind][arrayed ? 6 : 5];
   case 4: return kind == 0 ? GL_SAMPLER_2D_RECT : kind == 1 ? GL_INT_SAMPLER_2D_RECT
                                                             : GL_UNSIGNED_INT_SAMPLER_2D_RECT;
   case 5: return kind == 0 ? GL_SAMPLER_BUFFER : kind == 1 ? GL_INT_SAMPLER_BUFFER
                                                            : GL_UNSIGNED_INT_SAMPLER_BUFFER;
   default: return 0;
   }
}


static uint32_t
sampler_gl_type(const struct spv_module *m, uint32_t image)
{
   if (spv_op(m, image) != SpvOpTypeImage)
      return 0;
   uint32_t comp = spv_word(m, image, 2);
   int kind = 0; /* 0 float, 1 int, 2 uint */
   if (spv_op(m, comp) == SpvOpTypeInt)
      kind = spv_word(m, comp, 3) ? 1 : 2;
   return spv_image_gl_type(kind, spv_word(m, image, 3), spv_word(m, image, 4), spv_word(m, image, 5),
                            spv_word(m, image, 6));
}

/* The 2D sampler type a rectangle sampler reads after spirv/rect.c's lowering (else 0). */
uint32_t
spv_rect_as_2d(uint32_t gl_type)
{
   switch (gl_type) {
   case GL_SAMPLER_2D_RECT: return GL_SAMPLER_2D;
   case GL_SAMPLER_2D_RECT_SHADOW: return GL_SAMPLER_2D_SHADOW;
   case GL_INT_SAMPLER_2D_RECT: return GL_INT_SAMPLER_2D;
   case GL_UNSIGNED_INT_SAMPLER_2D_RECT: return GL_UNSIGNED_INT_SAMPLER_2D;
   default: return 0;
   }
}

uint32_t
spv_gl_type(const struct spv_module *m, uint32_t type, const char *src_type)
{
   bool src_bool = src_type && (strncmp(src_type, "bool", 4) == 0 || strncmp(src_type, "bvec", 4) == 0);
   uint32_t op = spv_op(m, type), n = 1, comp = type;
   if (op == SpvOpTypeSampledImage)
      return sampler_gl_type(m, spv_word(m, type, 2));
   if (op == SpvOpTypeMatrix) {
      uint32_t cols = spv_word(m, type, 3), col = spv_word(m, type, 2);
      uint32_t rows = spv_word(m, col, 3);
      if (spv_op(m, col) != SpvOpTypeVector || spv_op(m, spv_word(m, col, 2)) != SpvOpTypeFloat ||
          spv_word(m, spv_word(m, col, 2), 2) != 32)
         return 0;
      static const uint32_t mats[3][3] = {
         {GL_FLOAT_MAT2, GL_FLOAT_MAT2x3, GL_FLOAT_MAT2x4},
         {GL_FLOAT_MAT3x2, GL_FLOAT_MAT3, GL_FLOAT_MAT3x4},
         {GL_FLOAT_MAT4x2, GL_FLOAT_MAT4x3, GL_FLOAT_MAT4},
      };
      if (cols < 2 || cols > 4 || rows < 2 || rows > 4)
         return 0;
      return mats[cols - 2][rows - 2];
   }
   if (op == SpvOpTypeVector) {
      n = spv_word(m, type, 3);
      comp = spv_word(m, type, 2);
      if (n < 2 || n > 4)
         return 0;
   }
   switch (spv_op(m, comp)) {
   case SpvOpTypeBool:
      return n == 1 ? GL_BOOL : GL_BOOL_VEC2 + n - 2;
   case SpvOpTypeFloat:
      if (spv_word(m, comp, 2) != 32)
         return 0;
      return n == 1 ? GL_FLOAT : GL_FLOAT_VEC2 + n - 2;
   case SpvOpTypeInt:
      if (spv_word(m, comp, 2) != 32)
         return 0;
      if (src_bool)
         return n == 1 ? GL_BOOL : GL_BOOL_VEC2 + n - 2;
      if (spv_word(m, comp, 3))
         return n == 1 ? GL_INT : GL_INT_VEC2 + n - 2;
      return n == 1 ? GL_UNSIGNED_INT : GL_UNSIGNED_INT_VEC2 + n - 2;
   default:
      return 0;
   }
}

uint32_t
spv_gl_type_size(uint32_t t)
{
   switch (t) {
   case GL_FLOAT: case GL_INT: case GL_UNSIGNED_INT: case GL_BOOL:
      return 4;
   case GL_FLOAT_VEC2: case GL_INT_VEC2: case GL_UNSIGNED_INT_VEC2: case GL_BOOL_VEC2:
      return 8;
   case GL_FLOAT_VEC3: case GL_INT_VEC3: case GL_UNSIGNED_INT_VEC3: case GL_BOOL_VEC3:
      return 12;
   case GL_FLOAT_VEC4: case GL_INT_VEC4: case GL_UNSIGNED_INT_VEC4: case GL_BOOL_VEC4:
      return 16;
   default:
      return 0;
   }
}

/* Columns and rows of a matrix type, 0 for others. */
static void
mat_dims(uint32_t t, uint32_t *cols, uint32_t *rows)
{
   static const struct { uint32_t t, c, r; } dims[] = {
      {GL_FLOAT_MAT2, 2, 2}, {GL_FLOAT_MAT2x3, 2, 3}, {GL_FLOAT_MAT2x4, 2, 4},
      {GL_FLOAT_MAT3x2, 3, 2}, {GL_FLOAT_MAT3, 3, 3}, {GL_FLOAT_MAT3x4, 3, 4},
      {GL_FLOAT_MAT4x2, 4, 2}, {GL_FLOAT_MAT4x3, 4, 3}, {GL_FLOAT_MAT4, 4, 4},
   };
   *cols = *rows = 0;
   for (size_t i = 0; i < sizeof(dims) / sizeof(dims[0]); i++)
      if (dims[i].t == t) {
         *cols = dims[i].c;
         *rows = dims[i].r;
      }
}

bool
spv_gl_type_is_sampler(uint32_t t)
{
   uint32_t cols, rows;
   mat_dims(t, &cols, &rows);
   return t != 0 && spv_gl_type_size(t) == 0 && cols == 0;
}

/* Bytes a value of this type occupies in the block (for the block size and bounds). */
static uint64_t
type_extent(const struct spv_module *m, uint32_t type, uint32_t matrix_stride, bool row_major, int depth)
{
   if (depth > 16)
      return 0;
   switch (spv_op(m, type)) {
   case SpvOpTypeBool: case SpvOpTypeInt: case SpvOpTypeFloat:
      return 4;
   case SpvOpTypeVector:
      return 4ull * spv_word(m, type, 3);
   case SpvOpTypeMatrix: {
      /* Row-major matrices store one vector per row (the column vector's component count). */
      uint32_t vecs = row_major ? spv_word(m, spv_word(m, type, 2), 3) : spv_word(m, type, 3);
      return (uint64_t)(matrix_stride == SPV_NO_VALUE ? 16 : matrix_stride) * vecs;
   }
   case SpvOpTypeArray: {
      uint32_t len = 0, stride = m->ids[type].array_stride;
      if (!spv_const_u32(m, spv_word(m, type, 3), &len) || stride == SPV_NO_VALUE)
         return 0;
      return (uint64_t)stride * len;
   }
   case SpvOpTypeStruct: {
      uint64_t size = 0;
      uint32_t n = spv_struct_member_count(m, type);
      for (uint32_t i = 0; i < n; i++) {
         const struct spv_member_info *mi = spv_member(m, type, i);
         if (!mi || mi->offset == SPV_NO_VALUE)
            continue;
         uint64_t e = mi->offset + type_extent(m, spv_word(m, type, 2 + i), mi->matrix_stride, mi->row_major,
                                               depth + 1);
         if (e > size)
            size = e;
      }
      return (size + 15) & ~15ull;
   }
   default:
      return 0;
   }
}

/* ---- uniform table ---------------------------------------------------------------------- */
struct flatten_ctx {
   struct spv_reflection *r;
   const struct spv_module *m;
   const struct spv_source_info *const *src;
   struct spv_str *log;
   int explicit_location; /* of the top-level uniform being flattened, or -1 */
   bool failed;
   int32_t block_index; /* named block members: the GL block index; -1: the default block */
};

static struct spv_uniform *
push_uniform(struct flatten_ctx *c, const char *name)
{
   struct spv_reflection *r = c->r;
   if (r->info.uniform_count >= MAX_UNIFORM_ENTRIES) {
      if (!c->failed)
         spv_str_puts(c->log, "error: too many active uniforms\n");
      c->failed = true;
      return NULL;
   }
   if (r->info.uniform_count == r->uniform_cap) {
      uint32_t cap = r->uniform_cap ? r->uniform_cap * 2 : 16;
      struct spv_uniform *n = realloc(r->uniforms, cap * sizeof(*n));
      if (!n) {
         c->failed = true;
         return NULL;
      }
      r->uniforms = n;
      r->uniform_cap = cap;
   }
   char *dup = strdup(name);
   if (!dup) {
      c->failed = true;
      return NULL;
   }
   spv_unrename(dup);
   struct spv_uniform *u = &r->uniforms[r->info.uniform_count++];
   memset(u, 0, sizeof(*u));
   u->name = dup;
   u->array_size = 1;
   u->location = c->block_index >= 0 ? -1 : c->explicit_location; /* fixed up in assign_locations */
   u->sampler_slot = -1;
   u->block_index = c->block_index;
   return u;
}

static const char *
member_src_type(const struct flatten_ctx *c, const char *struct_type, const char *member)
{
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      const struct spv_struct_def *d = spv_find_struct(c->src[s], struct_type);
      if (!d)
         continue;
      for (uint32_t i = 0; i < d->member_count; i++)
         if (strcmp(d->members[i].name, member) == 0)
            return d->members[i].type;
   }
   return NULL;
}

static void
flatten(struct flatten_ctx *c, uint32_t type, const char *name, uint64_t offset,
        uint32_t matrix_stride, bool row_major, const char *src_type, int depth)
{
   const struct spv_module *m = c->m;
   if (c->failed || depth > 8)
      return;
   uint32_t op = spv_op(m, type);
   if (op == SpvOpTypeStruct) {
      uint32_t n = spv_struct_member_count(m, type);
      for (uint32_t i = 0; i < n; i++) {
         const struct spv_member_info *mi = spv_member(m, type, i);
         if (!mi || !mi->name || mi->offset == SPV_NO_VALUE || !strcmp(mi->name, SPV_OPAQUE_PAD))
            continue;
         char sub[512];
         snprintf(sub, sizeof(sub), "%s%s%s", name, name[0] ? "." : "", mi->name);
         const char *st = src_type ? member_src_type(c, src_type, mi->name) : NULL;
         flatten(c, spv_word(m, type, 2 + i), sub, offset + mi->offset, mi->matrix_stride, mi->row_major, st,
                 depth + 1);
      }
      return;
   }
   if (op == SpvOpTypeArray) {
      uint32_t len = 0, elem = spv_word(m, type, 2), stride = m->ids[type].array_stride;
      if (!spv_const_u32(m, spv_word(m, type, 3), &len) || stride == SPV_NO_VALUE || len == 0)
         return;
      uint32_t eop = spv_op(m, elem);
      if (eop == SpvOpTypeStruct || eop == SpvOpTypeArray) {
         for (uint32_t i = 0; i < len && !c->failed; i++) {
            char sub[512];
            snprintf(sub, sizeof(sub), "%s[%u]", name, i);
            flatten(c, elem, sub, offset + (uint64_t)i * stride, matrix_stride, row_major, src_type, depth + 1);
         }
         return;
      }
      char sub[512];
      snprintf(sub, sizeof(sub), "%s[0]", name);
      struct spv_uniform *u = push_uniform(c, sub);
      if (!u)
         return;
      u->gl_type = spv_gl_type(m, elem, src_type);
      u->array_size = len;
      u->offset = (uint32_t)offset;
      u->array_stride = stride;
      u->matrix_stride = eop == SpvOpTypeMatrix ? matrix_stride : 0;
      u->row_major = eop == SpvOpTypeMatrix && row_major;
      if (c->explicit_location >= 0)
         c->explicit_location += len;
      return;
   }
   struct spv_uniform *u = push_uniform(c, name);
   if (!u)
      return;
   u->gl_type = spv_gl_type(m, type, src_type);
   u->offset = (uint32_t)offset;
   u->matrix_stride = op == SpvOpTypeMatrix ? matrix_stride : 0;
   u->row_major = op == SpvOpTypeMatrix && row_major;
   if (c->explicit_location >= 0)
      c->explicit_location++;
}

static const struct spv_decl *
find_uniform_decl(const struct spv_source_info *const *src, const char *name)
{
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      const struct spv_decl *d = spv_find_decl(src[s], name, SPV_DECL_UNIFORM);
      if (d)
         return d;
   }
   /* renamed identifiers: the source has the name without the prefix */
   size_t pn = strlen(SPV_RENAME_PREFIX);
   if (strncmp(name, SPV_RENAME_PREFIX, pn) == 0)
      return find_uniform_decl(src, name + pn);
   return NULL;
}

/* The default block of a module: a Uniform variable of a struct named
 * gl_DefaultUniformBlock. */
static uint32_t
default_block_var(const struct spv_module *m)
{
   for (uint32_t i = 0; i < m->var_count; i++) {
      uint32_t v = m->vars[i];
      uint32_t t = spv_var_type(m, v);
      if (spv_var_storage(m, v) == SpvStorageClassUniform && t && m->ids[t].name &&
          strcmp(m->ids[t].name, "gl_DefaultUniformBlock") == 0)
         return v;
   }
   return 0;
}

static bool
same_block_layout(const struct spv_module *a, uint32_t ta, const struct spv_module *b, uint32_t tb)
{
   uint32_t n = spv_struct_member_count(a, ta);
   if (n != spv_struct_member_count(b, tb))
      return false;
   for (uint32_t i = 0; i < n; i++) {
      const struct spv_member_info *ma = spv_member(a, ta, i), *mb = spv_member(b, tb, i);
      if (!ma || !mb || !ma->name || !mb->name || strcmp(ma->name, mb->name) != 0 ||
          ma->offset != mb->offset || ma->matrix_stride != mb->matrix_stride)
         return false;
      if (!spv_types_equal(a, spv_word(a, ta, 2 + i), b, spv_word(b, tb, 2 + i)))
         return false;
   }
   return true;
}

#define MAX_SAMPLER_DIMS 6

/* The sampled-image type of a sampler variable; *array_size: its descriptors (arrays of
 * arrays, from samplers taken out of structures, flattened outermost first); dims[] and
 * *ndims: the lengths of its array levels, outermost first. */
static uint32_t
sampler_type_of(const struct spv_module *m, uint32_t var, uint32_t *array_size, uint32_t dims[MAX_SAMPLER_DIMS],
                uint32_t *ndims)
{
   uint32_t t = spv_var_type(m, var);
   *array_size = 1;
   *ndims = 0;
   while (spv_op(m, t) == SpvOpTypeArray) {
      uint32_t len = 0;
      if (*ndims == MAX_SAMPLER_DIMS || !spv_const_u32(m, spv_word(m, t, 3), &len) || len == 0 ||
          *array_size > 4096 / len)
         return 0;
      dims[(*ndims)++] = len;
      *array_size *= len;
      t = spv_word(m, t, 2);
   }
   return spv_op(m, t) == SpvOpTypeSampledImage ? t : 0;
}

/* The GL path of a sampler the lift took out of a uniform structure (SPV_OPAQUE_PREFIX, then
 * "_<length>x<name><a|s>" per component; a: the component is indexed). false if `name` is
 * not such a sampler or does not decode. */
struct opaque_path {
   char name[MAX_SAMPLER_DIMS][128];
   uint32_t dim[MAX_SAMPLER_DIMS]; /* array length, 0: not an array */
   uint32_t n;
};

static bool
opaque_decode(const char *name, struct opaque_path *p)
{
   size_t pn = strlen(SPV_OPAQUE_PREFIX);
   if (strncmp(name, SPV_OPAQUE_PREFIX, pn) != 0)
      return false;
   const char *q = name + pn;
   p->n = 0;
   while (*q) {
      char *end;
      if (*q != '_' || p->n == MAX_SAMPLER_DIMS)
         return false;
      unsigned long len = strtoul(q + 1, &end, 10);
      if (*end != 'x' || len == 0 || len >= sizeof(p->name[0]) || strnlen(end + 1, len + 1) < len + 1)
         return false;
      memcpy(p->name[p->n], end + 1, len);
      p->name[p->n][len] = '\0';
      spv_unrename(p->name[p->n]);
      const char *k = end + 1 + len;
      if (*k == 's') {
         p->dim[p->n++] = 0;
         q = k + 1;
      } else if (*k == 'a') {
         unsigned long d = strtoul(k + 1, &end, 10);
         if (d == 0 || d > 64)
            return false;
         p->dim[p->n++] = (uint32_t)d;
         q = end;
      } else {
         return false;
      }
   }
   return p->n >= 2;
}

/* GL's active uniforms for a sampler taken out of a structure: one per element of the
 * structure arrays on its path ("u[1].s"), each of the leaf's own array length ("u.s[0]",
 * size N) or 1. */
static bool
add_opaque_uniforms(struct flatten_ctx *c, const struct opaque_path *p, uint32_t size, uint32_t gl_type,
                    uint32_t first_slot)
{
   /* the lift declared one array over the path's arrays: their product is its length */
   uint32_t product = 1, outer = 1;
   for (uint32_t k = 0; k < p->n; k++) {
      product *= p->dim[k] ? p->dim[k] : 1;
      if (k + 1 < p->n)
         outer *= p->dim[k] ? p->dim[k] : 1;
   }
   if (product != size)
      return false;
   uint32_t leaf_len = p->dim[p->n - 1] ? p->dim[p->n - 1] : 1;
   for (uint32_t e = 0; e < outer; e++) {
      uint32_t idx[MAX_SAMPLER_DIMS] = {0}, rest = e;
      for (uint32_t k = p->n - 1; k-- > 0;) {
         if (p->dim[k]) {
            idx[k] = rest % p->dim[k];
            rest /= p->dim[k];
         }
      }
      char gl[512] = "";
      size_t len = 0;
      for (uint32_t k = 0; k < p->n && len < sizeof(gl); k++) {
         len += (size_t)snprintf(gl + len, sizeof(gl) - len, "%s%s", k ? "." : "", p->name[k]);
         if (p->dim[k] && len < sizeof(gl))
            len += (size_t)snprintf(gl + len, sizeof(gl) - len, "[%u]", k == p->n - 1 ? 0 : idx[k]);
      }
      if (len >= sizeof(gl))
         return false;
      struct spv_uniform *u = push_uniform(c, gl);
      if (!u)
         return false;
      u->gl_type = gl_type;
      u->array_size = leaf_len;
      u->sampler_slot = (int32_t)(first_slot + e * leaf_len);
   }
   return true;
}

static bool
add_samplers(struct flatten_ctx *c, struct spv_module *mods[SPV_STAGE_COUNT])
{
   struct spv_reflection *r = c->r;
   /* names[i] is the SPIR-V name of samplers[i] */
   const char *names[SPV_MAX_SAMPLER_BINDINGS];
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      struct spv_module *m = mods[s];
      if (!m)
         continue;
      for (uint32_t v = 0; v < m->var_count; v++) {
         uint32_t var = m->vars[v], size, dims[MAX_SAMPLER_DIMS], ndims;
         if (spv_var_storage(m, var) != SpvStorageClassUniformConstant)
            continue;
         uint32_t st = sampler_type_of(m, var, &size, dims, &ndims);
         const char *name = m->ids[var].name;
         if (!st || !name) {
            spv_str_printf(c->log, "error: unsupported opaque uniform '%s'\n", name ? name : "?");
            return false;
         }
         uint32_t gl_type = spv_gl_type(m, st, NULL);
         uint32_t i = 0;
         while (i < r->info.sampler_count && strcmp(names[i], name) != 0)
            i++;
         if (i < r->info.sampler_count) {
            /* GLSL ES 3.00 spec, section 4.3.5: "The type and precision of uniform variables
             * with the same name must match across all shaders that are linked into a
             * single program" (precision is not checked: it does not reach SPIR-V types). */
            if (r->samplers[i].gl_type != gl_type || r->samplers[i].array_size != size) {
               spv_str_printf(c->log, "error: uniform '%s' differs in type between shaders\n", name);
               return false;
            }
            r->samplers[i].stage_mask |= 1u << s;
         } else {
            if (i >= SPV_MAX_SAMPLER_BINDINGS) {
               spv_str_printf(c->log, "error: too many samplers (more than %d)\n", SPV_MAX_SAMPLER_BINDINGS);
               return false;
            }
            struct opaque_path op;
            bool from_struct = opaque_decode(name, &op);
            if (!gl_type || size == 0 || size > 64 || (!from_struct && ndims > 1)) {
               spv_str_printf(c->log, "error: unsupported sampler '%s'\n", name);
               return false;
            }
            if (!r->samplers) {
               r->samplers = calloc(SPV_MAX_SAMPLER_BINDINGS, sizeof(*r->samplers));
               if (!r->samplers)
                  return false;
            }
            names[i] = name;
            struct spv_sampler *sp = &r->samplers[r->info.sampler_count++];
            sp->binding = SPV_BINDING_SAMPLER_BASE + i;
            sp->gl_type = gl_type;
            sp->array_size = size;
            sp->first_slot = r->info.sampler_slot_count;
            sp->stage_mask = 1u << s;
            r->info.sampler_slot_count += size;
            if (from_struct) {
               c->explicit_location = -1;
               if (ndims > 1 || !add_opaque_uniforms(c, &op, size, gl_type, sp->first_slot)) {
                  spv_str_printf(c->log, "error: internal: sampler '%s' of a structure does not decode\n", name);
                  return false;
               }
               goto bind;
            }
            const struct spv_decl *d = find_uniform_decl(c->src, name);
            c->explicit_location = d ? d->location : -1;
            char uname[300];
            snprintf(uname, sizeof(uname), size > 1 || spv_op(m, spv_var_type(m, var)) == SpvOpTypeArray
                                                ? "%s[0]" : "%s", name);
            struct spv_uniform *u = push_uniform(c, uname);
            if (!u)
               return false;
            u->gl_type = gl_type;
            u->array_size = size;
            u->sampler_slot = (int32_t)sp->first_slot;
         }
      bind:
         if (!spv_set_binding(m, var, SPV_SET_MAIN, SPV_BINDING_SAMPLER_BASE + i)) {
            spv_str_printf(c->log, "error: sampler '%s' has no binding decoration\n", name);
            return false;
         }
      }
   }
   return true;
}

/* GL ES 3.1 spec, section 7.6.1 (explicit uniform locations): "No two default-block uniform
 * variables in the program can have the same location, even if they are unused, otherwise
 * a compiler or linker error will be generated." The rest get the lowest free ranges. */
static bool
assign_locations(struct spv_reflection *r, struct spv_str *log)
{
   uint8_t *used = calloc(MAX_UNIFORM_LOCATIONS, 1);
   if (!used)
      return false;
   bool ok = true;
   for (uint32_t i = 0; ok && i < r->info.uniform_count; i++) {
      struct spv_uniform *u = &r->uniforms[i];
      if (u->location < 0)
         continue;
      if ((uint64_t)u->location + u->array_size > MAX_UNIFORM_LOCATIONS) {
         spv_str_printf(log, "error: uniform '%s' location %d out of range\n", u->name, u->location);
         ok = false;
         break;
      }
      for (uint32_t k = 0; k < u->array_size; k++) {
         if (used[u->location + k]) {
            spv_str_printf(log, "error: uniform '%s' location %d is already used\n", u->name,
                           u->location + (int)k);
            ok = false;
            break;
         }
         used[u->location + k] = 1;
      }
   }
   uint32_t next = 0;
   for (uint32_t i = 0; ok && i < r->info.uniform_count; i++) {
      struct spv_uniform *u = &r->uniforms[i];
      if (u->location >= 0)
         continue;
      for (;;) {
         if ((uint64_t)next + u->array_size > MAX_UNIFORM_LOCATIONS) {
            spv_str_puts(log, "error: too many uniform locations\n");
            ok = false;
            break;
         }
         uint32_t k = 0;
         while (k < u->array_size && !used[next + k])
            k++;
         if (k == u->array_size)
            break;
         next += k + 1;
      }
      if (!ok)
         break;
      u->location = (int32_t)next;
      memset(used + next, 1, u->array_size);
      next += u->array_size;
   }
   for (uint32_t i = 0; ok && i < r->info.uniform_count; i++) {
      uint32_t end = (uint32_t)r->uniforms[i].location + r->uniforms[i].array_size;
      if (end > r->info.max_uniform_location)
         r->info.max_uniform_location = end;
   }
   free(used);
   return ok;
}

/* The elements of an array constructor `T [ N? ] ( e0 , e1 , ... )` (the initializer's tokens
 * joined by spaces) evaluated into element i of u; false if the text is not that or an element
 * is not evaluated, or the count differs from the array's size. */
static bool
apply_array_init(const char *init, const struct spv_uniform *u, uint8_t *block, uint32_t block_size)
{
   const char *p = strchr(init, ']');
   p = p ? strchr(p, '(') : NULL;
   if (!p)
      return false;
   p++;
   uint32_t i = 0;
   for (;;) {
      const char *b = p;
      int nest = 0;
      while (*p && !((*p == ',' || *p == ')') && nest == 0)) {
         nest += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
         p++;
      }
      if (!*p || i >= u->array_size)
         return false;
      char elem[512];
      size_t n = (size_t)(p - b);
      if (n >= sizeof(elem))
         return false;
      memcpy(elem, b, n);
      while (n && elem[n - 1] == ' ')
         n--;
      elem[n] = '\0';
      const char *e = elem;
      while (*e == ' ')
         e++;
      uint64_t off = (uint64_t)u->offset + (uint64_t)i * u->array_stride;
      if (off >= block_size || !spv_eval_init(e, u->gl_type, u->matrix_stride, block + off, block_size - off))
         return false;
      i++;
      if (*p == ')')
         break;
      p++;
   }
   return i == u->array_size;
}

/* Uniform initializers (desktop GLSL 1.20+): "uniform float x = 1.0;" sets the value at link
 * time (GLSL 3.30 spec, section 4.3.5). The relaxed Vulkan rules drop them, so they become
 * an initial image of the default block. Basic types and arrays of them. */
static void
apply_initializers(struct flatten_ctx *c, const struct spv_module *m, uint32_t block)
{
   struct spv_reflection *r = c->r;
   uint32_t n = spv_struct_member_count(m, block);
   for (uint32_t i = 0; i < n; i++) {
      const struct spv_member_info *mi = spv_member(m, block, i);
      if (!mi || !mi->name)
         continue;
      const struct spv_decl *d = find_uniform_decl(c->src, mi->name);
      if (!d || !d->init)
         continue;
      struct spv_uniform *u = NULL;
      bool array = false;
      for (uint32_t k = 0; k < r->info.uniform_count && !u; k++) {
         char plain[300], first[304];
         snprintf(plain, sizeof(plain), "%s", mi->name);
         spv_unrename(plain);
         snprintf(first, sizeof(first), "%s[0]", plain);
         if (strcmp(r->uniforms[k].name, plain) == 0)
            u = &r->uniforms[k];
         else if (strcmp(r->uniforms[k].name, first) == 0 && r->uniforms[k].array_stride)
            u = &r->uniforms[k], array = true;
      }
      if (!u) {
         sgl_warn("spirv: initializer of uniform '%s' (aggregate) is not applied", mi->name);
         continue;
      }
      if (!r->default_block_init) {
         r->default_block_init = calloc(1, r->info.default_block_size);
         if (!r->default_block_init) {
            c->failed = true;
            return;
         }
      }
      if (array) {
         /* an array of a basic type: `T[N?](e0, e1, ...)`, element i from e_i */
         if (!apply_array_init(d->init, u, r->default_block_init, r->info.default_block_size))
            sgl_warn("spirv: initializer of uniform array '%s' is not a constant this linker evaluates", u->name);
         continue;
      }
      if (u->offset >= r->info.default_block_size ||
          !spv_eval_init(d->init, u->gl_type, u->matrix_stride, r->default_block_init + u->offset,
                         r->info.default_block_size - u->offset))
         sgl_warn("spirv: initializer of uniform '%s' is not a constant this linker evaluates", u->name);
   }
}

bool
spv_reflect_uniforms(struct spv_reflection *r, struct spv_module *mods[SPV_STAGE_COUNT],
                     const struct spv_source_info *src[SPV_STAGE_COUNT], struct spv_str *log)
{
   struct flatten_ctx c = {r, NULL, src, log, -1, false, -1};
   const struct spv_module *layout_mod = NULL;
   uint32_t layout_type = 0;
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      struct spv_module *m = mods[s];
      uint32_t var = m ? default_block_var(m) : 0;
      if (!var)
         continue;
      uint32_t t = spv_var_type(m, var);
      if (layout_mod && !same_block_layout(layout_mod, layout_type, m, t)) {
         /* The stages were generated from one linked glslang program, which merges the
          * default blocks; a difference here is a bug, not an application error. */
         spv_str_puts(log, "error: internal: default uniform block layouts differ between stages\n");
         return false;
      }
      if (!spv_set_binding(m, var, SPV_SET_MAIN, SPV_BINDING_DEFAULT_UBO)) {
         spv_str_puts(log, "error: internal: default uniform block has no binding\n");
         return false;
      }
      r->info.default_block_stage_mask |= 1u << s;
      if (!layout_mod) {
         layout_mod = m;
         layout_type = t;
      }
   }
   if (layout_mod) {
      uint64_t size = type_extent(layout_mod, layout_type, SPV_NO_VALUE, false, 0);
      if (size > 65536) {
         spv_str_puts(log, "error: default uniform block larger than 64 KiB\n");
         return false;
      }
      r->info.default_block_size = (uint32_t)size;
      c.m = layout_mod;
      uint32_t n = spv_struct_member_count(layout_mod, layout_type);
      for (uint32_t i = 0; i < n && !c.failed; i++) {
         const struct spv_member_info *mi = spv_member(layout_mod, layout_type, i);
         if (!mi || !mi->name || mi->offset == SPV_NO_VALUE)
            continue;
         const struct spv_decl *d = find_uniform_decl(src, mi->name);
         c.explicit_location = d ? d->location : -1;
         flatten(&c, spv_word(layout_mod, layout_type, 2 + i), mi->name, mi->offset,
                 mi->matrix_stride, mi->row_major, d ? d->type : NULL, 0);
      }
      for (uint32_t i = 0; i < r->info.uniform_count; i++) {
         if (!r->uniforms[i].gl_type) {
            spv_str_printf(log, "error: uniform '%s' has a type this linker does not support\n",
                           r->uniforms[i].name);
            return false;
         }
      }
   }
   if (c.failed)
      return false;
   if (!add_samplers(&c, mods) || c.failed)
      return false;
   if (!assign_locations(r, log))
      return false;
   if (layout_mod)
      apply_initializers(&c, layout_mod, layout_type);
   return !c.failed;
}

/* ---- named uniform blocks ----------------------------------------------------------------- */
/* The block struct a Uniform variable holds ("uniform B { ... } b;" or an array of them),
 * other than the default block; 0 for anything else. *array_size: 1, or the array's length. */
static uint32_t
named_block_type(const struct spv_module *m, uint32_t var, uint32_t *array_size)
{
   uint32_t t = spv_var_type(m, var);
   *array_size = 1;
   if (spv_var_storage(m, var) != SpvStorageClassUniform || !t)
      return 0;
   if (spv_op(m, t) == SpvOpTypeArray) {
      if (!spv_const_u32(m, spv_word(m, t, 3), array_size))
         return 0;
      t = spv_word(m, t, 2);
   }
   if (!t || t >= m->bound || spv_op(m, t) != SpvOpTypeStruct || !m->ids[t].block || !m->ids[t].name ||
       strcmp(m->ids[t].name, "gl_DefaultUniformBlock") == 0)
      return 0;
   return t;
}

struct block_decl {
   const struct spv_module *m; /* the first stage that declares it: its layout */
   uint32_t type, array_size, stage_mask;
   const char *instance; /* SPIR-V name of that stage's variable ("" if anonymous) */
   bool is_array;        /* an array of blocks (its elements are the GL blocks) */
   enum spv_packing packing;
};

static bool
push_block(struct spv_reflection *r, const struct spv_block *b, struct spv_str *log)
{
   if (r->info.block_count >= SPV_MAX_UNIFORM_BLOCKS) {
      spv_str_printf(log, "error: too many uniform blocks (more than %d)\n", SPV_MAX_UNIFORM_BLOCKS);
      return false;
   }
   if (!r->blocks) {
      r->blocks = calloc(SPV_MAX_UNIFORM_BLOCKS, sizeof(*r->blocks));
      if (!r->blocks)
         return false;
   }
   char *name = strdup(b->name);
   if (!name)
      return false;
   spv_unrename(name);
   r->blocks[r->info.block_count] = *b;
   r->blocks[r->info.block_count++].name = name;
   return true;
}

/* OpenGL ES 3.0 spec, section 2.12.6 (uniform blocks): members are named "B.m" when the
 * block has an instance name and "m" when it has none ("the block name is used in place of
 * the instance name"); the elements of an array of blocks are blocks "B[0]", "B[1]", ...
 * sharing one set of member names. GLSL ES 3.00 spec, section 4.3.7: blocks of the same
 * name in two stages must match in members, types, order and layout. Every declared block
 * is active (std140 or shared; packed is laid out as std140, see lift.c), with all members. */
bool
spv_reflect_blocks(struct spv_reflection *r, struct spv_module *mods[SPV_STAGE_COUNT],
                   const struct spv_source_info *src[SPV_STAGE_COUNT], struct spv_str *log)
{
   struct block_decl d[SPV_MAX_UNIFORM_BLOCKS];
   uint32_t nd = 0;
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      struct spv_module *m = mods[s];
      for (uint32_t v = 0; m && v < m->var_count; v++) {
         uint32_t var = m->vars[v], n;
         uint32_t t = named_block_type(m, var, &n);
         if (!t)
            continue;
         const char *name = m->ids[t].name;
         uint32_t k = 0;
         while (k < nd && strcmp(d[k].m->ids[d[k].type].name, name) != 0)
            k++;
         /* GLSL ES 3.00 section 4.3.7: matched blocks must have the same layout qualifiers;
          * shared and packed both become std140 in the SPIR-V, so the source's word decides */
         char key[300];
         snprintf(key, sizeof(key), "@%s", name);
         const struct spv_struct_def *sd = spv_find_struct(src[s], key);
         enum spv_packing packing = sd ? sd->packing : SPV_PACKING_SHARED;
         if (k < nd) {
            if (!same_block_layout(d[k].m, d[k].type, m, t) || d[k].array_size != n || d[k].packing != packing) {
               char plain[300];
               snprintf(plain, sizeof(plain), "%s", name);
               spv_unrename(plain);
               spv_str_printf(log, "error: uniform block '%s' differs between shaders\n", plain);
               return false;
            }
            d[k].stage_mask |= 1u << s;
         } else {
            if (nd == SPV_MAX_UNIFORM_BLOCKS || n == 0 || n > SPV_MAX_UNIFORM_BLOCKS) {
               spv_str_printf(log, "error: too many uniform blocks (more than %d)\n", SPV_MAX_UNIFORM_BLOCKS);
               return false;
            }
            d[nd++] = (struct block_decl){m, t, n, 1u << s, m->ids[var].name ? m->ids[var].name : "",
                                          spv_op(m, spv_var_type(m, var)) == SpvOpTypeArray, packing};
         }
         if (!spv_set_binding(m, var, SPV_SET_MAIN, SPV_BINDING_UBO_BASE + k)) {
            spv_str_puts(log, "error: internal: uniform block has no binding\n");
            return false;
         }
      }
   }
   for (uint32_t k = 0; k < nd; k++) {
      const struct spv_module *m = d[k].m;
      const uint32_t t = d[k].type;
      const char *bname = m->ids[t].name;
      uint64_t size = type_extent(m, t, SPV_NO_VALUE, false, 0);
      if (size == 0 || size > 65536) {
         spv_str_printf(log, "error: uniform block '%s' is larger than 64 KiB\n", bname);
         return false;
      }
      char key[300];
      snprintf(key, sizeof(key), "@%s", bname);
      struct flatten_ctx c = {r, m, src, log, -1, false, (int32_t)r->info.block_count};
      const uint32_t first = r->info.uniform_count;
      uint32_t n = spv_struct_member_count(m, t);
      for (uint32_t i = 0; i < n && !c.failed; i++) {
         const struct spv_member_info *mi = spv_member(m, t, i);
         if (!mi || !mi->name || mi->offset == SPV_NO_VALUE)
            continue;
         char mname[300];
         snprintf(mname, sizeof(mname), "%s%s%s", d[k].instance[0] ? bname : "", d[k].instance[0] ? "." : "",
                  mi->name);
         flatten(&c, spv_word(m, t, 2 + i), mname, mi->offset, mi->matrix_stride, mi->row_major,
                 member_src_type(&c, key, mi->name), 0);
      }
      if (c.failed)
         return false;
      for (uint32_t i = first; i < r->info.uniform_count; i++) {
         if (!r->uniforms[i].gl_type || spv_gl_type_is_sampler(r->uniforms[i].gl_type)) {
            spv_str_printf(log, "error: uniform block member '%s' has a type this linker does not support\n",
                           r->uniforms[i].name);
            return false;
         }
      }
      for (uint32_t e = 0; e < d[k].array_size; e++) {
         char name[320];
         if (d[k].is_array)
            snprintf(name, sizeof(name), "%s[%u]", bname, e);
         else
            snprintf(name, sizeof(name), "%s", bname);
         struct spv_block b = {name, SPV_BINDING_UBO_BASE + k, e, d[k].array_size, (uint32_t)size,
                               d[k].stage_mask, first, r->info.uniform_count - first};
         if (!push_block(r, &b, log))
            return false;
      }
   }
   return true;
}

/* ---- constant initializers ---------------------------------------------------------------- */
struct eval {
   const char *p;
   double v[16];
   uint32_t n;
   bool ok;
};

static void
skip_ws(struct eval *e)
{
   while (*e->p == ' ' || *e->p == '\t' || *e->p == '\n')
      e->p++;
}

/* Components a constructor of this type name takes, or 0 if unknown; *mat = columns. */
static uint32_t
ctor_size(const char *name, size_t n, uint32_t *cols)
{
   static const struct { const char *name; uint32_t size, cols; } ctors[] = {
      {"float", 1, 0}, {"int", 1, 0}, {"uint", 1, 0}, {"bool", 1, 0},
      {"vec2", 2, 0}, {"vec3", 3, 0}, {"vec4", 4, 0}, {"ivec2", 2, 0}, {"ivec3", 3, 0},
      {"ivec4", 4, 0}, {"uvec2", 2, 0}, {"uvec3", 3, 0}, {"uvec4", 4, 0}, {"bvec2", 2, 0},
      {"bvec3", 3, 0}, {"bvec4", 4, 0}, {"mat2", 4, 2}, {"mat3", 9, 3}, {"mat4", 16, 4},
      {"mat2x2", 4, 2}, {"mat3x3", 9, 3}, {"mat4x4", 16, 4}, {"mat2x3", 6, 2}, {"mat2x4", 8, 2},
      {"mat3x2", 6, 3}, {"mat3x4", 12, 3}, {"mat4x2", 8, 4}, {"mat4x3", 12, 4},
   };
   for (size_t i = 0; i < sizeof(ctors) / sizeof(ctors[0]); i++)
      if (strlen(ctors[i].name) == n && strncmp(ctors[i].name, name, n) == 0) {
         *cols = ctors[i].cols;
         return ctors[i].size;
      }
   return 0;
}

static void eval_expr(struct eval *e, double *out, uint32_t *count, int depth);

static void
eval_expr(struct eval *e, double *out, uint32_t *count, int depth)
{
   *count = 0;
   skip_ws(e);
   if (depth > 8) {
      e->ok = false;
      return;
   }
   double sign = 1.0;
   if (*e->p == '-' || *e->p == '+') {
      sign = *e->p == '-' ? -1.0 : 1.0;
      e->p++;
      skip_ws(e);
   }
   if ((*e->p >= '0' && *e->p <= '9') || *e->p == '.') {
      char *end;
      double v = strtod(e->p, &end);
      if (end == e->p) {
         e->ok = false;
         return;
      }
      e->p = end;
      while (*e->p == 'u' || *e->p == 'U' || *e->p == 'f' || *e->p == 'F')
         e->p++;
      out[0] = sign * v;
      *count = 1;
      return;
   }
   if (strncmp(e->p, "true", 4) == 0 || strncmp(e->p, "false", 5) == 0) {
      out[0] = e->p[0] == 't' ? 1.0 : 0.0;
      e->p += e->p[0] == 't' ? 4 : 5;
      *count = 1;
      return;
   }
   if (*e->p == '(') {
      e->p++;
      eval_expr(e, out, count, depth + 1);
      skip_ws(e);
      if (*e->p != ')')
         e->ok = false;
      else
         e->p++;
      for (uint32_t i = 0; i < *count; i++)
         out[i] *= sign;
      return;
   }
   const char *name = e->p;
   while ((*e->p >= 'a' && *e->p <= 'z') || (*e->p >= '0' && *e->p <= '9') || *e->p == 'x')
      e->p++;
   uint32_t cols = 0, size = ctor_size(name, (size_t)(e->p - name), &cols);
   skip_ws(e);
   if (!size || *e->p != '(') {
      e->ok = false;
      return;
   }
   e->p++;
   double args[64];
   uint32_t nargs = 0, nexprs = 0;
   for (;;) {
      double sub[16];
      uint32_t sn = 0;
      eval_expr(e, sub, &sn, depth + 1);
      if (!e->ok || nargs + sn > 64) {
         e->ok = false;
         return;
      }
      memcpy(args + nargs, sub, sn * sizeof(double));
      nargs += sn;
      nexprs++;
      skip_ws(e);
      if (*e->p == ',') {
         e->p++;
         continue;
      }
      if (*e->p != ')') {
         e->ok = false;
         return;
      }
      e->p++;
      break;
   }
   /* GLSL ES 3.00 spec, section 5.4.2: a single scalar fills a vector, or the diagonal of a
    * matrix; otherwise components are consumed in order (column-major for matrices). */
   if (nexprs == 1 && nargs == 1) {
      for (uint32_t i = 0; i < size; i++)
         out[i] = cols ? 0.0 : args[0];
      if (cols) {
         uint32_t rows = size / cols;
         for (uint32_t i = 0; i < cols && i < rows; i++)
            out[i * rows + i] = args[0];
      }
   } else {
      if (nargs < size) {
         e->ok = false;
         return;
      }
      memcpy(out, args, size * sizeof(double));
   }
   for (uint32_t i = 0; i < size; i++)
      out[i] *= sign;
   *count = size;
}

bool
spv_eval_init(const char *text, uint32_t gl_type, uint32_t matrix_stride, uint8_t *dst,
              size_t dst_size)
{
   struct eval e = {text, {0}, 0, true};
   double v[16];
   uint32_t n = 0;
   eval_expr(&e, v, &n, 0);
   skip_ws(&e);
   if (!e.ok || *e.p != '\0')
      return false;
   uint32_t cols, rows;
   mat_dims(gl_type, &cols, &rows);
   if (cols) {
      if (n != cols * rows || (uint64_t)matrix_stride * (cols - 1) + rows * 4 > dst_size)
         return false;
      for (uint32_t c = 0; c < cols; c++)
         for (uint32_t r = 0; r < rows; r++) {
            float f = (float)v[c * rows + r];
            memcpy(dst + c * matrix_stride + r * 4, &f, 4);
         }
      return true;
   }
   uint32_t size = spv_gl_type_size(gl_type);
   if (!size || n != size / 4 || size > dst_size)
      return false;
   for (uint32_t i = 0; i < n; i++) {
      uint32_t bits;
      switch (gl_type) {
      case GL_FLOAT: case GL_FLOAT_VEC2: case GL_FLOAT_VEC3: case GL_FLOAT_VEC4: {
         float f = (float)v[i];
         memcpy(&bits, &f, 4);
         break;
      }
      case GL_BOOL: case GL_BOOL_VEC2: case GL_BOOL_VEC3: case GL_BOOL_VEC4:
         bits = v[i] != 0.0;
         break;
      case GL_INT: case GL_INT_VEC2: case GL_INT_VEC3: case GL_INT_VEC4:
         bits = (uint32_t)(int32_t)v[i];
         break;
      default:
         bits = (uint32_t)v[i];
         break;
      }
      memcpy(dst + i * 4, &bits, 4);
   }
   return true;
}
