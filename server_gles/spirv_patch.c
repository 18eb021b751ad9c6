/* Espryt: SPIR-V rewrites made before SPIRV-Cross, for what GLSL ES lacks.
 *
 * LOD bias (es_spirv_lod_bias). GL core's TEXTURE_LOD_BIAS (texture or sampler object) has no
 * ES counterpart: a program variant (program.c, es_variant_key.lod_bias) carries the bias of
 * each sampler binding, and this pass adds it to every lookup through that binding, as GL
 * 3.3 core section 3.8.11 (equation 3.18) and Vulkan's mipLodBias (Magma) define it:
 * lambda' = lambda_base + clamp(bias_texobj + bias_shader, -MAX_TEXTURE_LOD_BIAS, +MAX):
 *   - OpImageSample*ImplicitLod: the Bias image operand is added (the sampler's, clamped)
 *     or, where the shader has one, replaced by clamp(shader's + sampler's);
 *   - OpImageSample*ExplicitLod with Lod (textureLod, and texture() outside the fragment
 *     stage, which glslang makes an explicit LOD 0): Lod + the clamped bias;
 *   - ... with Grad (textureGrad): both gradients times 2^bias, which adds bias to
 *     log2(rho).
 * Gathers and fetches take no LOD. A sampler reaches its lookups through OpLoad /
 * OpAccessChain / OpCopyObject and function parameters; a parameter that receives samplers
 * of different biases cannot be given one and the rewrite is refused by name.
 *
 * 1D images (es_spirv_uses_1d): GLSL ES has none; not emulated yet, so a program that
 * declares one is refused by name (program.c) rather than by the host's compiler. */
#include "es_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
   OP_EXT_INST_IMPORT = 11, OP_TYPE_BOOL = 20, OP_TYPE_FLOAT = 22, OP_CONSTANT = 43, OP_FUNCTION = 54,
   OP_FUNCTION_PARAMETER = 55, OP_FUNCTION_END = 56, OP_FUNCTION_CALL = 57, OP_VARIABLE = 59, OP_LOAD = 61,
   OP_ACCESS_CHAIN = 65, OP_IN_BOUNDS_ACCESS_CHAIN = 66, OP_DECORATE = 71, OP_COPY_OBJECT = 83,
   OP_SAMPLED_IMAGE = 86, OP_SAMPLE_IMPLICIT = 87, OP_SAMPLE_EXPLICIT = 88, OP_SAMPLE_DREF_IMPLICIT = 89,
   OP_SAMPLE_PROJ_DREF_EXPLICIT = 94, OP_FADD = 129, OP_FMUL = 133, OP_VECTOR_TIMES_SCALAR = 142, OP_SELECT = 169,
   OP_FORD_LESS_THAN = 184, OP_FORD_GREATER_THAN = 186, DECORATION_BINDING = 33,
   OPERAND_BIAS = 0x1, OPERAND_LOD = 0x2, OPERAND_GRAD = 0x4,
};

#define CONFLICT 0xffffffffu

struct out {
   uint32_t *w;
   size_t n, cap;
   bool oom;
};

static void
emit(struct out *o, const uint32_t *ins, uint32_t wc)
{
   if (o->oom)
      return;
   if (o->n + wc > o->cap) {
      size_t cap = (o->cap ? o->cap * 2 : 1024) + wc;
      uint32_t *w = realloc(o->w, cap * sizeof(uint32_t));
      if (!w) {
         o->oom = true;
         return;
      }
      o->w = w;
      o->cap = cap;
   }
   memcpy(o->w + o->n, ins, wc * sizeof(uint32_t));
   o->n += wc;
}

#define EMIT(o, ...)                                                                                         \
   do {                                                                                                      \
      const uint32_t ins_[] = {__VA_ARGS__};                                                                 \
      emit((o), ins_, sizeof(ins_) / sizeof(ins_[0]));                                                       \
   } while (0)

static uint32_t
opw(uint32_t op, uint32_t wc)
{
   return wc << 16 | op;
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static float
clampf(float v, float lo, float hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* Whether the sample opcode has a Dref operand ahead of its image operands. */
static bool
has_dref(uint32_t op)
{
   return op == 89 || op == 90 || op == 93 || op == 94;
}

static bool
is_sample(uint32_t op)
{
   return op >= OP_SAMPLE_IMPLICIT && op <= OP_SAMPLE_PROJ_DREF_EXPLICIT;
}

static bool
is_implicit(uint32_t op)
{
   return op == 87 || op == 89 || op == 91 || op == 93;
}

bool
es_spirv_lod_bias(const uint32_t *w, size_t n, const struct es_bias_binding *b, unsigned nb, float max_bias,
                  uint32_t **out_words, size_t *out_count, char *err, size_t err_size)
{
   *out_words = NULL;
   *out_count = 0;
   if (n < 5) {
      snprintf(err, err_size, "LOD bias: a SPIR-V module of %zu words", n);
      return false;
   }
   uint32_t bound = w[3];
   uint32_t *src = calloc(bound, sizeof(uint32_t));     /* id -> 1 + index into b[]; CONFLICT */
   uint32_t *binding = calloc(bound, sizeof(uint32_t)); /* id -> 1 + Binding decoration */
   uint32_t *type_of = calloc(bound, sizeof(uint32_t));
   uint8_t *is_type = calloc(bound, 1);
   struct out o = {0};
   bool ok = src && binding && type_of && is_type;
   uint32_t float32 = 0, bool_t = 0;
   for (size_t i = 5; ok && i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      if (op == OP_DECORATE && wc == 4 && w[i + 2] == DECORATION_BINDING && w[i + 1] < bound)
         binding[w[i + 1]] = 1 + w[i + 3];
      if (op == OP_TYPE_FLOAT && wc == 3 && w[i + 2] == 32)
         float32 = w[i + 1];
      if (op == OP_TYPE_BOOL && wc == 2)
         bool_t = w[i + 1];
      if (op == OP_VARIABLE && wc >= 4 && w[i + 2] < bound && binding[w[i + 2]])
         for (unsigned k = 0; k < nb; k++)
            if (b[k].binding + 1 == binding[w[i + 2]])
               src[w[i + 2]] = 1 + k;
      if (op >= 19 && op <= 39 && wc >= 2 && w[i + 1] < bound) /* OpTypeVoid .. OpTypeForwardPointer */
         is_type[w[i + 1]] = 1;
      else if (op != OP_DECORATE && op != 72 && op != 5 && op != 6 && wc >= 3 && w[i + 1] < bound &&
               is_type[w[i + 1]] && w[i + 2] < bound)
         type_of[w[i + 2]] = w[i + 1]; /* a result type, then its result */
      i += wc;
   }
   /* propagation to loads, chains, copies and parameters, until nothing changes */
   for (bool changed = ok; changed;) {
      changed = false;
      uint32_t func_params[64], nparams = 0;
      for (size_t i = 5; i < n;) {
         uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
         if (!wc || i + wc > n)
            break;
         const uint32_t *ins = w + i;
         i += wc;
         uint32_t from = 0, to = 0;
         if ((op == OP_LOAD || op == OP_ACCESS_CHAIN || op == OP_IN_BOUNDS_ACCESS_CHAIN || op == OP_COPY_OBJECT ||
              op == OP_SAMPLED_IMAGE) &&
             wc >= 4)
            from = ins[3], to = ins[2];
         if (from && from < bound && to < bound && src[from] && src[to] != src[from]) {
            uint32_t s = src[to] ? CONFLICT : src[from];
            if (src[to] != s) {
               src[to] = s;
               changed = true;
            }
         }
         if (op == OP_FUNCTION_CALL && wc >= 4) {
            /* the callee's parameters, in order */
            uint32_t callee = ins[3];
            nparams = 0;
            for (size_t k = 5; k < n && nparams < 64;) {
               uint32_t kwc = w[k] >> 16, kop = w[k] & 0xffff;
               if (!kwc || k + kwc > n)
                  break;
               if (kop == OP_FUNCTION && w[k + 2] == callee) {
                  for (k += kwc; k < n && (w[k] & 0xffff) == OP_FUNCTION_PARAMETER && nparams < 64; k += w[k] >> 16)
                     func_params[nparams++] = w[k + 2];
                  break;
               }
               k += kwc;
            }
            for (uint32_t a = 0; a + 4 < wc && a < nparams; a++) {
               uint32_t arg = ins[4 + a], par = func_params[a];
               if (arg >= bound || par >= bound || !src[arg] || src[par] == src[arg] || src[par] == CONFLICT)
                  continue;
               uint32_t s = src[arg];
               if (src[par] && (s == CONFLICT || b[src[par] - 1].bias != b[s - 1].bias))
                  s = CONFLICT;
               else if (src[par])
                  continue; /* same bias: either does */
               src[par] = s;
               changed = true;
            }
         }
      }
   }
   /* the constants: declared ahead of the first function */
   uint32_t next = bound;
   uint32_t *bias_const = calloc(nb + 1, sizeof(uint32_t)), *scale_const = calloc(nb + 1, sizeof(uint32_t));
   uint32_t lo_c = 0, hi_c = 0;
   ok = ok && bias_const && scale_const;
   if (ok)
      emit(&o, w, 5);
   bool decls = false;
   for (size_t i = 5; ok && i < n && !o.oom;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      const uint32_t *ins = w + i;
      i += wc;
      if (op == OP_FUNCTION && !decls) {
         decls = true;
         if (!float32)
            EMIT(&o, opw(OP_TYPE_FLOAT, 3), float32 = next++, 32);
         if (!bool_t)
            EMIT(&o, opw(OP_TYPE_BOOL, 2), bool_t = next++);
         EMIT(&o, opw(OP_CONSTANT, 4), float32, lo_c = next++, fbits(-max_bias));
         EMIT(&o, opw(OP_CONSTANT, 4), float32, hi_c = next++, fbits(max_bias));
         for (unsigned k = 0; k < nb; k++) {
            if (b[k].bias == 0.0f)
               continue;
            float c = clampf(b[k].bias, -max_bias, max_bias);
            EMIT(&o, opw(OP_CONSTANT, 4), float32, bias_const[k] = next++, fbits(c));
            EMIT(&o, opw(OP_CONSTANT, 4), float32, scale_const[k] = next++, fbits(exp2f(c)));
         }
      }
      uint32_t s = is_sample(op) && wc >= 5 && ins[3] < bound ? src[ins[3]] : 0;
      if (s == CONFLICT) {
         snprintf(err, err_size,
                  "LOD bias: one sampler parameter of a shader function receives samplers of different biases");
         ok = false;
         break;
      }
      if (s && wc > 60) {
         snprintf(err, err_size, "LOD bias: a lookup of %u words", wc);
         ok = false;
         break;
      }
      if (!s || b[s - 1].bias == 0.0f) {
         emit(&o, ins, wc);
         continue;
      }
      uint32_t k = s - 1, at = 5 + (has_dref(op) ? 1 : 0);
      uint32_t copy[64];
      memcpy(copy, ins, wc * sizeof(uint32_t));
      uint32_t mask = at < wc ? ins[at] : 0, out_wc = wc;
      if (is_implicit(op) && (mask & OPERAND_BIAS) && at + 1 < wc) {
         /* clamp(the shader's + the sampler's) */
         uint32_t sum = next++, lt = next++, c1 = next++, gt = next++, c2 = next++;
         EMIT(&o, opw(OP_FADD, 5), float32, sum, ins[at + 1], bias_const[k]);
         EMIT(&o, opw(OP_FORD_LESS_THAN, 5), bool_t, lt, sum, lo_c);
         EMIT(&o, opw(OP_SELECT, 6), float32, c1, lt, lo_c, sum);
         EMIT(&o, opw(OP_FORD_GREATER_THAN, 5), bool_t, gt, c1, hi_c);
         EMIT(&o, opw(OP_SELECT, 6), float32, c2, gt, hi_c, c1);
         copy[at + 1] = c2;
      } else if (is_implicit(op)) {
         /* Bias is the first image operand */
         copy[at] = mask | OPERAND_BIAS;
         copy[at + 1] = bias_const[k];
         if (at < wc)
            memcpy(copy + at + 2, ins + at + 1, (wc - at - 1) * sizeof(uint32_t));
         out_wc = at < wc ? wc + 1 : wc + 2;
      } else if ((mask & OPERAND_LOD) && at + 1 < wc) {
         uint32_t lod = next++;
         EMIT(&o, opw(OP_FADD, 5), float32, lod, ins[at + 1], bias_const[k]);
         copy[at + 1] = lod;
      } else if ((mask & OPERAND_GRAD) && at + 2 < wc) {
         for (unsigned g = 0; g < 2; g++) {
            uint32_t d = ins[at + 1 + g], r = next++;
            uint32_t t = d < bound ? type_of[d] : 0;
            if (t == float32 || !t)
               EMIT(&o, opw(OP_FMUL, 5), float32, r, d, scale_const[k]);
            else
               EMIT(&o, opw(OP_VECTOR_TIMES_SCALAR, 5), t, r, d, scale_const[k]);
            copy[at + 1 + g] = r;
         }
      }
      copy[0] = opw(op, out_wc);
      emit(&o, copy, out_wc);
   }
   free(src);
   free(binding);
   free(type_of);
   free(is_type);
   free(bias_const);
   free(scale_const);
   if (ok && o.oom) {
      snprintf(err, err_size, "LOD bias: out of memory");
      ok = false;
   }
   if (!ok) {
      if (!err[0])
         snprintf(err, err_size, "LOD bias: out of memory");
      free(o.w);
      return false;
   }
   o.w[3] = next;
   *out_words = o.w;
   *out_count = o.n;
   return true;
}

bool
es_spirv_uses_1d(const uint32_t *w, size_t n)
{
   for (size_t i = 5; i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n || op == OP_FUNCTION)
         break;
      if (op == 25 /* OpTypeImage */ && wc >= 9 && w[i + 3] == 0 /* Dim1D */)
         return true;
      i += wc;
   }
   return false;
}
