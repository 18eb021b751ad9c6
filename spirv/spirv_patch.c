/* splitgl spirv: a small SPIR-V walker. It indexes names, decorations, types and global
 * variables of one module, so that link.c can rewrite Location / Binding / DescriptorSet
 * literals in place and reflect.c can read the default uniform block's layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_internal.h"

#define SPV_MAGIC 0x07230203u
#define MAX_BOUND (1u << 22)

static bool
fail(char *err, size_t err_size, const char *msg, uint32_t at)
{
   if (err && err_size)
      snprintf(err, err_size, "SPIR-V: %s (word %u)", msg, at);
   return false;
}

/* A literal string operand starting at word w of an instruction ending at word end. */
static const char *
literal_string(const uint32_t *words, uint32_t w, uint32_t end)
{
   if (w >= end)
      return NULL;
   const char *s = (const char *)(words + w);
   size_t max = (size_t)(end - w) * 4;
   return memchr(s, '\0', max) ? s : NULL;
}

static struct spv_member_info *
member_slot(struct spv_module *m, uint32_t type, uint32_t member)
{
   for (uint32_t i = 0; i < m->member_count; i++)
      if (m->members[i].type_id == type && m->members[i].member == member)
         return &m->members[i];
   if (m->member_count == m->member_cap) {
      uint32_t cap = m->member_cap ? m->member_cap * 2 : 16;
      struct spv_member_info *n = realloc(m->members, cap * sizeof(*n));
      if (!n)
         return NULL;
      m->members = n;
      m->member_cap = cap;
   }
   struct spv_member_info *mi = &m->members[m->member_count++];
   mi->type_id = type;
   mi->member = member;
   mi->name = NULL;
   mi->offset = SPV_NO_VALUE;
   mi->matrix_stride = SPV_NO_VALUE;
   mi->builtin = SPV_NO_VALUE;
   mi->row_major = false;
   return mi;
}

static bool
is_type_op(uint32_t op)
{
   return op >= SpvOpTypeVoid && op <= 38; /* OpTypeVoid .. OpTypePipe */
}

bool
spv_module_index(struct spv_module *m, uint32_t *words, uint32_t count, char *err, size_t err_size)
{
   memset(m, 0, sizeof(*m));
   if (count < 5 || words[0] != SPV_MAGIC)
      return fail(err, err_size, "bad header", 0);
   if (words[3] == 0 || words[3] > MAX_BOUND)
      return fail(err, err_size, "bad id bound", 3);
   m->words = words;
   m->count = count;
   m->bound = words[3];
   m->ids = calloc(m->bound, sizeof(*m->ids));
   m->vars = malloc(sizeof(uint32_t) * 16);
   uint32_t var_cap = 16;
   if (!m->ids || !m->vars) {
      spv_module_fini(m);
      return fail(err, err_size, "out of memory", 0);
   }
   for (uint32_t i = 0; i < m->bound; i++) {
      m->ids[i].array_stride = SPV_NO_VALUE;
      m->ids[i].builtin = SPV_NO_VALUE;
   }
   bool in_function = false;
   for (uint32_t i = 5; i < count;) {
      uint32_t wc = words[i] >> 16, op = words[i] & 0xffff;
      if (wc == 0 || wc > count - i) {
         spv_module_fini(m);
         return fail(err, err_size, "bad instruction length", i);
      }
      const uint32_t end = i + wc;
#define ID_OK(w) ((w) < end && words[w] != 0 && words[w] < m->bound)
      switch (op) {
      case SpvOpName:
         if (ID_OK(i + 1))
            m->ids[words[i + 1]].name = literal_string(words, i + 2, end);
         break;
      case SpvOpMemberName:
         if (ID_OK(i + 1) && i + 2 < end) {
            struct spv_member_info *mi = member_slot(m, words[i + 1], words[i + 2]);
            if (!mi)
               goto oom;
            mi->name = literal_string(words, i + 3, end);
         }
         break;
      case SpvOpDecorate:
         if (ID_OK(i + 1) && i + 2 < end) {
            struct spv_id_info *id = &m->ids[words[i + 1]];
            uint32_t dec = words[i + 2], lit = i + 3 < end ? i + 3 : 0;
            if (dec == SpvDecorationLocation && lit)
               id->location_w = lit;
            else if (dec == SpvDecorationIndex && lit)
               id->index_w = lit;
            else if (dec == SpvDecorationBinding && lit)
               id->binding_w = lit;
            else if (dec == SpvDecorationDescriptorSet && lit)
               id->set_w = lit;
            else if (dec == SpvDecorationArrayStride && lit)
               id->array_stride = words[lit];
            else if (dec == SpvDecorationBuiltIn && lit)
               id->builtin = words[lit];
            else if (dec == SpvDecorationFlat)
               id->flat = true;
            else if (dec == SpvDecorationBlock)
               id->block = true;
         }
         break;
      case SpvOpMemberDecorate:
         if (ID_OK(i + 1) && i + 3 < end && words[i + 3] == SpvDecorationRowMajor) {
            struct spv_member_info *mi = member_slot(m, words[i + 1], words[i + 2]);
            if (!mi)
               goto oom;
            mi->row_major = true;
         } else if (ID_OK(i + 1) && i + 4 < end) {
            uint32_t dec = words[i + 3];
            if (dec == SpvDecorationOffset || dec == SpvDecorationMatrixStride || dec == SpvDecorationBuiltIn) {
               struct spv_member_info *mi = member_slot(m, words[i + 1], words[i + 2]);
               if (!mi)
                  goto oom;
               if (dec == SpvDecorationOffset)
                  mi->offset = words[i + 4];
               else if (dec == SpvDecorationMatrixStride)
                  mi->matrix_stride = words[i + 4];
               else
                  mi->builtin = words[i + 4];
            }
         }
         break;
      case SpvOpConstant:
         if (ID_OK(i + 2))
            m->ids[words[i + 2]].def = i;
         break;
      case SpvOpVariable:
         if (ID_OK(i + 2) && i + 3 < end) {
            m->ids[words[i + 2]].def = i;
            if (!in_function) {
               if (m->var_count == var_cap) {
                  uint32_t *n = realloc(m->vars, var_cap * 2 * sizeof(*n));
                  if (!n)
                     goto oom;
                  m->vars = n;
                  var_cap *= 2;
               }
               m->vars[m->var_count++] = words[i + 2];
            }
         }
         break;
      case SpvOpFunction:
         in_function = true;
         break;
      case SpvOpLoad:
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
         if (ID_OK(i + 3))
            m->ids[words[i + 3]].used = true;
         break;
      case SpvOpStore:
         if (ID_OK(i + 1))
            m->ids[words[i + 1]].used = true;
         break;
      case SpvOpCopyMemory:
         if (ID_OK(i + 1))
            m->ids[words[i + 1]].used = true;
         if (ID_OK(i + 2))
            m->ids[words[i + 2]].used = true;
         break;
      default:
         if (is_type_op(op) && ID_OK(i + 1))
            m->ids[words[i + 1]].def = i;
         break;
      }
#undef ID_OK
      i = end;
   }
   return true;
oom:
   spv_module_fini(m);
   return fail(err, err_size, "out of memory", 0);
}

void
spv_module_fini(struct spv_module *m)
{
   free(m->ids);
   free(m->members);
   free(m->vars);
   memset(m, 0, sizeof(*m));
}

uint32_t
spv_op(const struct spv_module *m, uint32_t id)
{
   if (id == 0 || id >= m->bound || !m->ids[id].def)
      return 0;
   return m->words[m->ids[id].def] & 0xffff;
}

uint32_t
spv_word(const struct spv_module *m, uint32_t id, uint32_t i)
{
   if (id == 0 || id >= m->bound || !m->ids[id].def)
      return 0;
   uint32_t d = m->ids[id].def;
   return i < (m->words[d] >> 16) ? m->words[d + i] : 0;
}

uint32_t
spv_var_storage(const struct spv_module *m, uint32_t var)
{
   return spv_op(m, var) == SpvOpVariable ? spv_word(m, var, 3) : SPV_NO_VALUE;
}

uint32_t
spv_var_type(const struct spv_module *m, uint32_t var)
{
   if (spv_op(m, var) != SpvOpVariable)
      return 0;
   uint32_t ptr = spv_word(m, var, 1);
   return spv_op(m, ptr) == SpvOpTypePointer ? spv_word(m, ptr, 3) : 0;
}

bool
spv_const_u32(const struct spv_module *m, uint32_t id, uint32_t *value)
{
   if (spv_op(m, id) != SpvOpConstant)
      return false;
   uint32_t d = m->ids[id].def;
   if ((m->words[d] >> 16) < 4)
      return false;
   *value = m->words[d + 3];
   return true;
}

const struct spv_member_info *
spv_member(const struct spv_module *m, uint32_t struct_id, uint32_t i)
{
   for (uint32_t k = 0; k < m->member_count; k++)
      if (m->members[k].type_id == struct_id && m->members[k].member == i)
         return &m->members[k];
   return NULL;
}

uint32_t
spv_struct_member_count(const struct spv_module *m, uint32_t struct_id)
{
   if (spv_op(m, struct_id) != SpvOpTypeStruct)
      return 0;
   return (m->words[m->ids[struct_id].def] >> 16) - 2;
}

static uint32_t
type_slots(const struct spv_module *m, uint32_t type, int depth)
{
   if (depth > 16)
      return 0;
   switch (spv_op(m, type)) {
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
   case SpvOpTypeVector:
      return 1;
   case SpvOpTypeMatrix:
      return spv_word(m, type, 3);
   case SpvOpTypeArray: {
      uint32_t len = 0;
      if (!spv_const_u32(m, spv_word(m, type, 3), &len))
         return 0;
      return len * type_slots(m, spv_word(m, type, 2), depth + 1);
   }
   case SpvOpTypeStruct: {
      uint32_t n = spv_struct_member_count(m, type), sum = 0;
      for (uint32_t i = 0; i < n; i++)
         sum += type_slots(m, spv_word(m, type, 2 + i), depth + 1);
      return sum;
   }
   default:
      return 0;
   }
}

uint32_t
spv_type_slots(const struct spv_module *m, uint32_t type)
{
   return type_slots(m, type, 0);
}

static bool
types_equal(const struct spv_module *a, uint32_t ta, const struct spv_module *b, uint32_t tb,
            int depth)
{
   if (depth > 16)
      return false;
   uint32_t op = spv_op(a, ta);
   if (op == 0 || op != spv_op(b, tb))
      return false;
   uint32_t wa = a->words[a->ids[ta].def] >> 16, wb = b->words[b->ids[tb].def] >> 16;
   if (wa != wb)
      return false;
   switch (op) {
   case SpvOpTypeBool:
      return true;
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
      return memcmp(a->words + a->ids[ta].def + 2, b->words + b->ids[tb].def + 2, (wa - 2) * 4) == 0;
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
      return spv_word(a, ta, 3) == spv_word(b, tb, 3) &&
             types_equal(a, spv_word(a, ta, 2), b, spv_word(b, tb, 2), depth + 1);
   case SpvOpTypeArray: {
      uint32_t la, lb;
      return spv_const_u32(a, spv_word(a, ta, 3), &la) &&
             spv_const_u32(b, spv_word(b, tb, 3), &lb) && la == lb &&
             types_equal(a, spv_word(a, ta, 2), b, spv_word(b, tb, 2), depth + 1);
   }
   case SpvOpTypeStruct:
      for (uint32_t i = 2; i < wa; i++)
         if (!types_equal(a, spv_word(a, ta, i), b, spv_word(b, tb, i), depth + 1))
            return false;
      return true;
   default:
      return false;
   }
}

bool
spv_types_equal(const struct spv_module *a, uint32_t ta, const struct spv_module *b, uint32_t tb)
{
   return types_equal(a, ta, b, tb, 0);
}

bool
spv_set_location(struct spv_module *m, uint32_t id, uint32_t location)
{
   if (id == 0 || id >= m->bound || !m->ids[id].location_w)
      return false;
   m->words[m->ids[id].location_w] = location;
   return true;
}

bool
spv_add_decoration(uint32_t **words, uint32_t *count, uint32_t id, uint32_t decoration, uint32_t literal)
{
   uint32_t *w = *words, at = 0;
   for (uint32_t i = 5; i < *count && (w[i] >> 16); i += w[i] >> 16) {
      if ((w[i] >> 16) > *count - i)
         break;
      if ((w[i] & 0xffff) == SpvOpDecorate) {
         at = i;
         break;
      }
   }
   if (!at)
      return false;
   uint32_t *n = malloc((*count + 4) * sizeof(uint32_t));
   if (!n)
      return false;
   memcpy(n, w, at * sizeof(uint32_t));
   n[at] = 4u << 16 | SpvOpDecorate;
   n[at + 1] = id;
   n[at + 2] = decoration;
   n[at + 3] = literal;
   memcpy(n + at + 4, w + at, (*count - at) * sizeof(uint32_t));
   free(w);
   *words = n;
   *count += 4;
   return true;
}

bool
spv_set_binding(struct spv_module *m, uint32_t id, uint32_t set, uint32_t binding)
{
   if (id == 0 || id >= m->bound || !m->ids[id].binding_w || !m->ids[id].set_w)
      return false;
   m->words[m->ids[id].binding_w] = binding;
   m->words[m->ids[id].set_w] = set;
   return true;
}

/* True if an OpStore writes gl_PointSize: either a PointSize-decorated output variable, or
 * an access chain into the gl_PerVertex block at the PointSize member. */
bool
spv_writes_point_size(const struct spv_module *m)
{
   uint8_t *ptr = calloc(m->bound, 1);
   if (!ptr)
      return false;
   for (uint32_t v = 0; v < m->var_count; v++) {
      uint32_t var = m->vars[v];
      if (spv_var_storage(m, var) == SpvStorageClassOutput && m->ids[var].builtin == SpvBuiltInPointSize)
         ptr[var] = 1;
   }
   bool writes = false;
   for (uint32_t i = 5; i < m->count;) {
      uint32_t wc = m->words[i] >> 16, op = m->words[i] & 0xffff;
      if (wc == 0 || wc > m->count - i)
         break;
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 5) {
         uint32_t res = m->words[i + 2], base = m->words[i + 3], idx;
         uint32_t st = spv_var_type(m, base);
         if (res < m->bound && spv_var_storage(m, base) == SpvStorageClassOutput &&
             spv_op(m, st) == SpvOpTypeStruct && spv_const_u32(m, m->words[i + 4], &idx)) {
            const struct spv_member_info *mi = spv_member(m, st, idx);
            if (mi && mi->builtin == SpvBuiltInPointSize)
               ptr[res] = 1;
         }
      } else if (op == SpvOpStore && wc >= 3 && m->words[i + 1] < m->bound && ptr[m->words[i + 1]]) {
         writes = true;
         break;
      }
      i += wc;
   }
   free(ptr);
   return writes;
}

static bool spec_constant_of(const uint32_t *words, uint32_t count, uint32_t spec_id, uint32_t type_op);

bool
spv_has_float_spec_constant(const uint32_t *words, uint32_t count, uint32_t spec_id)
{
   return spec_constant_of(words, count, spec_id, SpvOpTypeFloat);
}

/* A 32-bit signed int (OpSpecConstant of OpTypeInt 32 1). */
bool
spv_has_int_spec_constant(const uint32_t *words, uint32_t count, uint32_t spec_id)
{
   return spec_constant_of(words, count, spec_id, SpvOpTypeInt);
}

/* Three linear scans, no allocation: the blob parser runs this on hostile modules too. */
static bool
spec_constant_of(const uint32_t *words, uint32_t count, uint32_t spec_id, uint32_t type_op)
{
   enum { FIND_DECORATION, FIND_CONSTANT, FIND_TYPE };
   uint32_t want = 0; /* the id looked for by FIND_CONSTANT / FIND_TYPE */
   for (int pass = FIND_DECORATION; pass <= FIND_TYPE; pass++) {
      bool found = false;
      for (uint32_t i = 5; i < count && !found;) {
         uint32_t wc = words[i] >> 16, op = words[i] & 0xffff;
         if (wc == 0 || wc > count - i)
            return false;
         if (pass == FIND_DECORATION && op == SpvOpDecorate && wc == 4 &&
             words[i + 2] == SpvDecorationSpecId && words[i + 3] == spec_id) {
            want = words[i + 1];
            found = true;
         } else if (pass == FIND_CONSTANT && op == SpvOpSpecConstant && wc >= 4 &&
                    words[i + 2] == want) {
            want = words[i + 1];
            found = true;
         } else if (pass == FIND_TYPE && type_op == SpvOpTypeFloat && op == SpvOpTypeFloat && wc == 3 &&
                    words[i + 1] == want) {
            return words[i + 2] == 32;
         } else if (pass == FIND_TYPE && type_op == SpvOpTypeInt && op == SpvOpTypeInt && wc == 4 &&
                    words[i + 1] == want) {
            return words[i + 2] == 32 && words[i + 3] == 1;
         }
         i += wc;
      }
      if (!found)
         return false;
   }
   return false;
}

/* glslang declares no capability for a variable that GL_EXT_spirv_intrinsics' spirv_decorate
 * made BuiltIn ClipDistance / CullDistance (lift.c, EXT_clip_cull_distance), which SPIR-V's
 * BuiltIn table requires: the missing OpCapability goes in front of the module's first one. */
bool
spv_add_distance_capabilities(uint32_t **words, uint32_t *count)
{
   uint32_t *w = *words;
   bool want[2] = {false, false}, have[2] = {false, false};
   for (uint32_t i = 5; i < *count && (w[i] >> 16); i += w[i] >> 16) {
      const uint32_t op = w[i] & 0xffff, wc = w[i] >> 16;
      if (i + wc > *count)
         break;
      if (op == SpvOpCapability && wc >= 2) {
         have[0] |= w[i + 1] == SpvCapabilityClipDistance;
         have[1] |= w[i + 1] == SpvCapabilityCullDistance;
      } else if (op == SpvOpDecorate && wc >= 4 && w[i + 2] == SpvDecorationBuiltIn) {
         want[0] |= w[i + 3] == SpvBuiltInClipDistance;
         want[1] |= w[i + 3] == SpvBuiltInCullDistance;
      }
   }
   const uint32_t add = 2u * ((want[0] && !have[0]) + (want[1] && !have[1]));
   if (!add || *count < 5)
      return true;
   uint32_t *n = malloc((*count + add) * sizeof(uint32_t));
   if (!n)
      return false;
   memcpy(n, w, 5 * sizeof(uint32_t));
   uint32_t o = 5;
   if (want[0] && !have[0]) {
      n[o++] = 2u << 16 | SpvOpCapability;
      n[o++] = SpvCapabilityClipDistance;
   }
   if (want[1] && !have[1]) {
      n[o++] = 2u << 16 | SpvOpCapability;
      n[o++] = SpvCapabilityCullDistance;
   }
   memcpy(n + o, w + 5, (*count - 5) * sizeof(uint32_t));
   free(w);
   *words = n;
   *count += add;
   return true;
}
