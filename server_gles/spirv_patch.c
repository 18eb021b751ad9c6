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
 * 1D images (es_spirv_lower_1d, below): GLSL ES has none; they become 2D ones. */
#include "es_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <spirv/unified1/spirv.h>
#include <string.h>

#include "spirv/spv_words.h"

#define CONFLICT 0xffffffffu

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
   return op >= SpvOpImageSampleImplicitLod && op <= SpvOpImageSampleProjDrefExplicitLod;
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
   struct spv_words o = {0};
   bool ok = src && binding && type_of && is_type;
   uint32_t float32 = 0, bool_t = 0;
   for (size_t i = 5; ok && i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      if (op == SpvOpDecorate && wc == 4 && w[i + 2] == SpvDecorationBinding && w[i + 1] < bound)
         binding[w[i + 1]] = 1 + w[i + 3];
      if (op == SpvOpTypeFloat && wc == 3 && w[i + 2] == 32)
         float32 = w[i + 1];
      if (op == SpvOpTypeBool && wc == 2)
         bool_t = w[i + 1];
      if (op == SpvOpVariable && wc >= 4 && w[i + 2] < bound && binding[w[i + 2]])
         for (unsigned k = 0; k < nb; k++)
            if (b[k].binding + 1 == binding[w[i + 2]])
               src[w[i + 2]] = 1 + k;
      if (op >= 19 && op <= 39 && wc >= 2 && w[i + 1] < bound) /* OpTypeVoid .. OpTypeForwardPointer */
         is_type[w[i + 1]] = 1;
      else if (op != SpvOpDecorate && op != 72 && op != 5 && op != 6 && wc >= 3 && w[i + 1] < bound &&
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
         if ((op == SpvOpLoad || op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain || op == SpvOpCopyObject ||
              op == SpvOpSampledImage) &&
             wc >= 4)
            from = ins[3], to = ins[2];
         if (from && from < bound && to < bound && src[from] && src[to] != src[from]) {
            uint32_t s = src[to] ? CONFLICT : src[from];
            if (src[to] != s) {
               src[to] = s;
               changed = true;
            }
         }
         if (op == SpvOpFunctionCall && wc >= 4) {
            /* the callee's parameters, in order */
            uint32_t callee = ins[3];
            nparams = 0;
            for (size_t k = 5; k < n && nparams < 64;) {
               uint32_t kwc = w[k] >> 16, kop = w[k] & 0xffff;
               if (!kwc || k + kwc > n)
                  break;
               if (kop == SpvOpFunction && w[k + 2] == callee) {
                  for (k += kwc; k < n && (w[k] & 0xffff) == SpvOpFunctionParameter && nparams < 64; k += w[k] >> 16)
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
      spv_words_emit(&o, w, 5);
   bool decls = false;
   for (size_t i = 5; ok && i < n && !o.oom;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      const uint32_t *ins = w + i;
      i += wc;
      if (op == SpvOpFunction && !decls) {
         decls = true;
         if (!float32)
            SPV_EMIT(&o, spv_opw(SpvOpTypeFloat, 3), float32 = next++, 32);
         if (!bool_t)
            SPV_EMIT(&o, spv_opw(SpvOpTypeBool, 2), bool_t = next++);
         SPV_EMIT(&o, spv_opw(SpvOpConstant, 4), float32, lo_c = next++, fbits(-max_bias));
         SPV_EMIT(&o, spv_opw(SpvOpConstant, 4), float32, hi_c = next++, fbits(max_bias));
         for (unsigned k = 0; k < nb; k++) {
            if (b[k].bias == 0.0f)
               continue;
            float c = clampf(b[k].bias, -max_bias, max_bias);
            SPV_EMIT(&o, spv_opw(SpvOpConstant, 4), float32, bias_const[k] = next++, fbits(c));
            SPV_EMIT(&o, spv_opw(SpvOpConstant, 4), float32, scale_const[k] = next++, fbits(exp2f(c)));
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
         spv_words_emit(&o, ins, wc);
         continue;
      }
      uint32_t k = s - 1, at = 5 + (has_dref(op) ? 1 : 0);
      uint32_t copy[64];
      memcpy(copy, ins, wc * sizeof(uint32_t));
      uint32_t mask = at < wc ? ins[at] : 0, out_wc = wc;
      if (is_implicit(op) && (mask & SpvImageOperandsBiasMask) && at + 1 < wc) {
         /* clamp(the shader's + the sampler's) */
         uint32_t sum = next++, lt = next++, c1 = next++, gt = next++, c2 = next++;
         SPV_EMIT(&o, spv_opw(SpvOpFAdd, 5), float32, sum, ins[at + 1], bias_const[k]);
         SPV_EMIT(&o, spv_opw(SpvOpFOrdLessThan, 5), bool_t, lt, sum, lo_c);
         SPV_EMIT(&o, spv_opw(SpvOpSelect, 6), float32, c1, lt, lo_c, sum);
         SPV_EMIT(&o, spv_opw(SpvOpFOrdGreaterThan, 5), bool_t, gt, c1, hi_c);
         SPV_EMIT(&o, spv_opw(SpvOpSelect, 6), float32, c2, gt, hi_c, c1);
         copy[at + 1] = c2;
      } else if (is_implicit(op)) {
         /* Bias is the first image operand */
         copy[at] = mask | SpvImageOperandsBiasMask;
         copy[at + 1] = bias_const[k];
         if (at < wc)
            memcpy(copy + at + 2, ins + at + 1, (wc - at - 1) * sizeof(uint32_t));
         out_wc = at < wc ? wc + 1 : wc + 2;
      } else if ((mask & SpvImageOperandsLodMask) && at + 1 < wc) {
         uint32_t lod = next++;
         SPV_EMIT(&o, spv_opw(SpvOpFAdd, 5), float32, lod, ins[at + 1], bias_const[k]);
         copy[at + 1] = lod;
      } else if ((mask & SpvImageOperandsGradMask) && at + 2 < wc) {
         for (unsigned g = 0; g < 2; g++) {
            uint32_t d = ins[at + 1 + g], r = next++;
            uint32_t t = d < bound ? type_of[d] : 0;
            if (t == float32 || !t)
               SPV_EMIT(&o, spv_opw(SpvOpFMul, 5), float32, r, d, scale_const[k]);
            else
               SPV_EMIT(&o, spv_opw(SpvOpVectorTimesScalar, 5), t, r, d, scale_const[k]);
            copy[at + 1 + g] = r;
         }
      }
      copy[0] = spv_opw(op, out_wc);
      spv_words_emit(&o, copy, out_wc);
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
      if (!wc || i + wc > n || op == SpvOpFunction)
         break;
      if (op == 25 /* OpTypeImage */ && wc >= 9 && w[i + 3] == 0 /* Dim1D */)
         return true;
      i += wc;
   }
   return false;
}

/* ---- 1D images as 2D ones (es_spirv_lower_1d) ------------------------------------------------
 * GLSL ES has no 1D images: Espryt stores a 1D texture as a 2D one of height 1 and a 1D array
 * as a 2D array of height 1 (resource.c), and every Dim1D image type becomes Dim2D. The
 * lookups' coordinates gain a y: 0.5 (the row's centre) for normalized ones, 0.5 * q for
 * projective ones (divided by q), 0 for texelFetch; an array's layer moves to the third
 * component. Gradients gain a 0 y, offsets a 0 y (constant offsets as constant composites, as
 * GLSL ES wants constant expressions), and textureSize is narrowed back (x; x and the layer
 * count for arrays). */
struct lower1d {
   uint32_t bound, next;
   uint8_t *is_type;
   uint8_t *d1;       /* type id -> 1: a 1D image type, 2: a sampled image of one; |4: arrayed */
   uint32_t *type_of; /* id -> result type */
   uint32_t *vcomp;   /* vector type -> component type */
   uint8_t *vsize;    /* vector type -> size */
   uint32_t *offc;    /* int constant -> its ivec2 (c, 0) composite */
   uint32_t f32, i32, vec[5], ivec[5], half, izero, fzero;
   struct spv_words o;
};

static uint32_t
l1_new(struct lower1d *d)
{
   return d->next++;
}

/* The coordinate `c` (one component or a vector) as its components. */
static unsigned
l1_components(struct lower1d *d, uint32_t c, uint32_t *comp)
{
   uint32_t t = c < d->bound ? d->type_of[c] : 0;
   unsigned n = t < d->bound && d->vsize[t] ? d->vsize[t] : 1;
   if (n == 1) {
      comp[0] = c;
      return 1;
   }
   for (unsigned k = 0; k < n && k < 4; k++) {
      comp[k] = l1_new(d);
      SPV_EMIT(&d->o, spv_opw(SpvOpCompositeExtract, 5), d->vcomp[t], comp[k], c, k);
   }
   return n;
}

bool
es_spirv_lower_1d(const uint32_t *w, size_t n, uint32_t **out_words, size_t *out_count, char *err, size_t err_size)
{
   *out_words = NULL;
   *out_count = 0;
   if (n < 5)
      return false;
   struct lower1d d = {.bound = w[3], .next = w[3]};
   d.is_type = calloc(d.bound, 1);
   d.d1 = calloc(d.bound, 1);
   d.type_of = calloc(d.bound, sizeof(uint32_t));
   d.vcomp = calloc(d.bound, sizeof(uint32_t));
   d.vsize = calloc(d.bound, 1);
   d.offc = calloc(d.bound, sizeof(uint32_t));
   bool ok = d.is_type && d.d1 && d.type_of && d.vcomp && d.vsize && d.offc;
   for (size_t i = 5; ok && i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      const uint32_t *ins = w + i;
      i += wc;
      if (op >= 19 && op <= 39 && wc >= 2 && ins[1] < d.bound) {
         d.is_type[ins[1]] = 1;
         if (op == SpvOpTypeFloat && wc == 3 && ins[2] == 32)
            d.f32 = ins[1];
         if (op == SpvOpTypeInt && wc == 4 && ins[2] == 32 && ins[3] == 1)
            d.i32 = ins[1];
         if (op == SpvOpTypeVector && wc == 4 && ins[2] < d.bound && ins[3] <= 4) {
            d.vcomp[ins[1]] = ins[2];
            d.vsize[ins[1]] = (uint8_t)ins[3];
            if (ins[2] == d.f32 && d.f32)
               d.vec[ins[3]] = ins[1];
            if (ins[2] == d.i32 && d.i32)
               d.ivec[ins[3]] = ins[1];
         }
         if (op == SpvOpTypeImage && wc >= 9 && ins[3] == 0)
            d.d1[ins[1]] = (uint8_t)(1 | (ins[5] ? 4 : 0));
         if (op == SpvOpTypeSampledImage && wc == 3 && ins[2] < d.bound && (d.d1[ins[2]] & 1))
            d.d1[ins[1]] = (uint8_t)(2 | (d.d1[ins[2]] & 4));
      } else if (op != SpvOpDecorate && op != 72 && op != 5 && op != 6 && wc >= 3 && ins[1] < d.bound &&
                 d.is_type[ins[1]] && ins[2] < d.bound) {
         d.type_of[ins[2]] = ins[1];
      }
      /* constant offsets of 1D lookups: an ivec2 (c, 0) each, declared below */
      uint32_t it = wc >= 5 && ins[3] < d.bound ? d.type_of[ins[3]] : 0;
      if (((op >= SpvOpImageSampleImplicitLod && op <= SpvOpImageSampleProjDrefExplicitLod) || op == SpvOpImageFetch) && it &&
          d.d1[it]) {
         uint32_t at = 5 + (has_dref(op) ? 1 : 0);
         if (at < wc && (ins[at] & SpvImageOperandsConstOffsetMask)) {
            /* after Bias, Lod and Grad's two */
            uint32_t k = at + 1 + ((ins[at] & SpvImageOperandsBiasMask) ? 1 : 0) + ((ins[at] & SpvImageOperandsLodMask) ? 1 : 0) +
                         ((ins[at] & SpvImageOperandsGradMask) ? 2 : 0);
            if (k < wc && ins[k] < d.bound)
               d.offc[ins[k]] = 1;
         }
      }
   }
   bool any = false;
   for (uint32_t id = 0; ok && id < d.bound; id++)
      any |= d.d1[id] != 0;
   if (!ok || !any) {
      free(d.is_type), free(d.d1), free(d.type_of), free(d.vcomp), free(d.vsize), free(d.offc);
      if (!ok)
         snprintf(err, err_size, "1D textures: out of memory");
      return false;
   }
   spv_words_emit(&d.o, w, 5);
   bool decls = false;
   for (size_t i = 5; ok && i < n && !d.o.oom;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      const uint32_t *ins = w + i;
      i += wc;
      if (op == SpvOpTypeImage && wc >= 9 && ins[3] == 0) {
         uint32_t copy[16];
         memcpy(copy, ins, (wc < 16 ? wc : 16) * sizeof(uint32_t));
         copy[3] = 1; /* Dim2D */
         spv_words_emit(&d.o, copy, wc < 16 ? wc : 16);
         continue;
      }
      if (op == SpvOpFunction && !decls) {
         decls = true;
         if (!d.f32)
            SPV_EMIT(&d.o, spv_opw(SpvOpTypeFloat, 3), d.f32 = l1_new(&d), 32);
         if (!d.i32)
            SPV_EMIT(&d.o, spv_opw(SpvOpTypeInt, 4), d.i32 = l1_new(&d), 32, 1);
         for (unsigned k = 2; k <= 4; k++) {
            if (!d.vec[k])
               SPV_EMIT(&d.o, spv_opw(SpvOpTypeVector, 4), d.vec[k] = l1_new(&d), d.f32, k);
            if (!d.ivec[k])
               SPV_EMIT(&d.o, spv_opw(SpvOpTypeVector, 4), d.ivec[k] = l1_new(&d), d.i32, k);
         }
         SPV_EMIT(&d.o, spv_opw(SpvOpConstant, 4), d.f32, d.half = l1_new(&d), 0x3f000000u);
         SPV_EMIT(&d.o, spv_opw(SpvOpConstant, 4), d.f32, d.fzero = l1_new(&d), 0);
         SPV_EMIT(&d.o, spv_opw(SpvOpConstant, 4), d.i32, d.izero = l1_new(&d), 0);
         for (uint32_t id = 0; id < d.bound; id++) {
            if (!d.offc[id])
               continue;
            d.offc[id] = l1_new(&d);
            SPV_EMIT(&d.o, spv_opw(SpvOpConstantComposite, 5), d.ivec[2], d.offc[id], id, d.izero);
         }
      }
      uint32_t it = wc >= 4 && ins[3] < d.bound ? d.type_of[ins[3]] : 0;
      uint8_t kind = it < d.bound ? d.d1[it] : 0;
      bool sample = op >= SpvOpImageSampleImplicitLod && op <= SpvOpImageSampleProjDrefExplicitLod;
      if (!kind || !(sample || op == SpvOpImageFetch || op == SpvOpImageQuerySize || op == SpvOpImageQuerySizeLod ||
                     op == SpvOpImageQueryLod)) {
         spv_words_emit(&d.o, ins, wc);
         continue;
      }
      bool arrayed = kind & 4;
      if (op == SpvOpImageQuerySize || op == SpvOpImageQuerySizeLod) {
         /* the 2D size, narrowed back: x, or (x, layers) */
         uint32_t r = l1_new(&d);
         uint32_t copy[8];
         memcpy(copy, ins, (wc < 8 ? wc : 8) * sizeof(uint32_t));
         copy[1] = d.ivec[arrayed ? 3 : 2];
         copy[2] = r;
         spv_words_emit(&d.o, copy, wc < 8 ? wc : 8);
         if (arrayed)
            SPV_EMIT(&d.o, spv_opw(SpvOpVectorShuffle, 7), ins[1], ins[2], r, r, 0, 2);
         else
            SPV_EMIT(&d.o, spv_opw(SpvOpCompositeExtract, 5), ins[1], ins[2], r, 0);
         continue;
      }
      if (wc < 5 || wc > 60) {
         snprintf(err, err_size, "1D textures: a lookup of %u words", wc);
         ok = false;
         break;
      }
      uint32_t copy[64];
      memcpy(copy, ins, wc * sizeof(uint32_t));
      bool proj = op >= 91 && op <= 94, fetch = op == SpvOpImageFetch;
      uint32_t comp[4];
      unsigned nc = l1_components(&d, ins[4], comp);
      uint32_t c[4], m = 0;
      c[m++] = comp[0];
      if (proj) {
         uint32_t q = comp[nc - 1], y = l1_new(&d);
         SPV_EMIT(&d.o, spv_opw(SpvOpFMul, 5), d.f32, y, d.half, q);
         c[m++] = y;
         c[m++] = q;
      } else {
         c[m++] = fetch ? d.izero : d.half;
         for (unsigned k = 1; k < nc && m < 4; k++)
            c[m++] = comp[k];
      }
      uint32_t ct = fetch ? d.ivec[m] : d.vec[m], coord = l1_new(&d);
      uint32_t cc[8] = {spv_opw(SpvOpCompositeConstruct, 3 + m), ct, coord};
      memcpy(cc + 3, c, m * sizeof(uint32_t));
      spv_words_emit(&d.o, cc, 3 + m);
      copy[4] = coord;
      uint32_t at = 5 + (has_dref(op) ? 1 : 0);
      if (at < wc) {
         uint32_t mask = ins[at], k = at + 1;
         if (mask & SpvImageOperandsBiasMask)
            k++;
         if (mask & SpvImageOperandsLodMask)
            k++;
         if ((mask & SpvImageOperandsGradMask) && k + 1 < wc) {
            for (unsigned g = 0; g < 2; g++) {
               uint32_t dv = l1_new(&d);
               SPV_EMIT(&d.o, spv_opw(SpvOpCompositeConstruct, 5), d.vec[2], dv, ins[k + g], d.fzero);
               copy[k + g] = dv;
            }
            k += 2;
         }
         if ((mask & SpvImageOperandsConstOffsetMask) && k < wc && ins[k] < d.bound && d.offc[ins[k]]) {
            copy[k] = d.offc[ins[k]];
            k++;
         } else if ((mask & SpvImageOperandsOffsetMask) && k < wc) {
            uint32_t ov = l1_new(&d);
            SPV_EMIT(&d.o, spv_opw(SpvOpCompositeConstruct, 5), d.ivec[2], ov, ins[k], d.izero);
            copy[k] = ov;
            k++;
         }
      }
      spv_words_emit(&d.o, copy, wc);
   }
   free(d.is_type), free(d.d1), free(d.type_of), free(d.vcomp), free(d.vsize), free(d.offc);
   if (ok && d.o.oom) {
      snprintf(err, err_size, "1D textures: out of memory");
      ok = false;
   }
   if (!ok) {
      free(d.o.w);
      return false;
   }
   d.o.w[3] = d.next;
   *out_words = d.o.w;
   *out_count = d.o.n;
   return true;
}

/* ---- arrays of structures between stages (es_spirv_block_struct_arrays) ---------------------
 * GLSL ES refuses a vertex output or a fragment input that is an array of structures (GLSL ES
 * 3.20 section 4.3.4), which GL core declares freely ("flat out S v[4];"). Such a variable
 * becomes the one member of an interface block (ES 3.2, or EXT_shader_io_blocks, which
 * SPIRV-Cross requires itself), which may hold one: the block es_io<location> of both stages
 * matches by name and location, its member keeps the variable's name (the interpolation
 * decorations move onto it), the instance is named es_blk<location>. The variable's id stays
 * the block variable's: access chains through it gain the member index 0 in front, and a load,
 * store or copy of the whole array goes through an access chain to the member; any other use
 * (passed to a function) is refused by name. */
#define BSA_MAX 16

static bool
is_interp(uint32_t dec)
{
   return dec == SpvDecorationFlat || dec == SpvDecorationNoPerspective || dec == SpvDecorationCentroid ||
          dec == SpvDecorationSample || dec == SpvDecorationPatch;
}

/* OpName of `id`: `prefix` followed by the number n. */
static void
emit_name(struct spv_words *o, uint32_t id, const char *prefix, uint32_t n)
{
   char name[32];
   uint32_t words[8] = {0};
   int len = snprintf(name, sizeof(name), "%s%u", prefix, n);
   uint32_t wc = (uint32_t)len / 4u + 1u; /* the nul and its padding included */
   memcpy(words, name, (size_t)len);
   const uint32_t hdr[2] = {spv_opw(SpvOpName, 2 + wc), id};
   spv_words_emit(o, hdr, 2);
   spv_words_emit(o, words, wc);
}

bool
es_spirv_block_struct_arrays(const uint32_t *w, size_t n, bool inputs, uint32_t **out_words, size_t *out_count,
                             char *err, size_t err_size)
{
   *out_words = NULL;
   *out_count = 0;
   err[0] = 0;
   if (n < 5)
      return false;
   const uint32_t storage = inputs ? SpvStorageClassInput : SpvStorageClassOutput;
   uint32_t bound = w[3];
   uint32_t *arr_elem = calloc(bound, sizeof(uint32_t)); /* array type -> element type */
   uint32_t *ptr_to = calloc(bound, sizeof(uint32_t));   /* pointer type (this storage) -> pointee */
   uint8_t *is_struct = calloc(bound, 1);                /* 1: a struct; 2: decorated Block */
   uint8_t *target = calloc(bound, 1);                   /* variable id -> 1 + index into v[] */
   struct {
      uint32_t id, ptr_type, arr, location;
      uint32_t block, block_ptr;
   } v[BSA_MAX];
   unsigned nv = 0;
   uint32_t i32 = 0, zero = 0;
   struct spv_words o = {0};
   bool ok = arr_elem && ptr_to && is_struct && target;
   /* pass 1: the types, and the variables to change */
   for (size_t i = 5; ok && i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      const uint32_t *ins = w + i;
      if (op == SpvOpTypeArray && wc >= 4 && ins[1] < bound)
         arr_elem[ins[1]] = ins[2];
      else if (op == SpvOpTypeStruct && wc >= 2 && ins[1] < bound)
         is_struct[ins[1]] |= 1;
      else if (op == SpvOpDecorate && wc >= 3 && ins[2] == SpvDecorationBlock && ins[1] < bound)
         is_struct[ins[1]] |= 2;
      else if (op == SpvOpTypePointer && wc >= 4 && ins[2] == storage && ins[1] < bound)
         ptr_to[ins[1]] = ins[3];
      else if (op == SpvOpTypeInt && wc >= 4 && ins[2] == 32 && ins[3] == 1 && !i32)
         i32 = ins[1];
      else if (op == SpvOpConstant && wc >= 4 && i32 && ins[1] == i32 && ins[3] == 0 && !zero)
         zero = ins[2];
      else if (op == SpvOpVariable && wc >= 4 && ins[3] == storage && ins[1] < bound && ins[2] < bound) {
         uint32_t arr = ptr_to[ins[1]];
         uint32_t elem = arr < bound ? arr_elem[arr] : 0;
         if (elem && elem < bound && is_struct[elem] == 1) {
            if (nv == BSA_MAX) {
               snprintf(err, err_size, "more than %d arrays of structures between stages", BSA_MAX);
               ok = false;
               break;
            }
            v[nv].id = ins[2];
            v[nv].ptr_type = ins[1];
            v[nv].arr = arr;
            v[nv].location = 0;
            target[ins[2]] = (uint8_t)(1 + nv);
            nv++;
         }
      } else if (op == SpvOpFunction) {
         break;
      }
      i += wc;
   }
   if (!ok || !nv)
      goto done;
   for (size_t i = 5; i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      if (op == SpvOpDecorate && wc >= 4 && w[i + 1] < bound && target[w[i + 1]] && w[i + 2] == SpvDecorationLocation)
         v[target[w[i + 1]] - 1].location = w[i + 3];
      i += wc;
   }
   uint32_t next = bound;
   bool need_i32 = !i32, need_zero = !zero;
   if (need_i32)
      i32 = next++;
   if (need_zero)
      zero = next++;
   for (unsigned k = 0; k < nv; k++) {
      v[k].block = next++;
      v[k].block_ptr = next++;
   }
   /* pass 2: the module, rewritten */
   bool names_done = false, decorations_done = false;
   SPV_EMIT(&o, w[0], w[1], w[2], 0 /* bound: below */, w[4]);
   for (size_t i = 5; ok && i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > n)
         break;
      const uint32_t *ins = w + i;
      bool annotation = op == SpvOpDecorate || op == SpvOpMemberDecorate || op == SpvOpDecorationGroup ||
                        op == SpvOpGroupDecorate || op == SpvOpGroupMemberDecorate || op == SpvOpDecorateId ||
                        op == SpvOpDecorateString || op == SpvOpMemberDecorateString;
      bool declaration = (op >= SpvOpTypeVoid && op <= SpvOpTypeForwardPointer) ||
                         (op >= SpvOpConstantTrue && op <= SpvOpSpecConstantOp) || op == SpvOpVariable ||
                         op == SpvOpFunction;
      if (op == SpvOpFunction && (need_i32 || need_zero)) {
         /* the member index 0, where the module has none: after every other declaration */
         if (need_i32)
            SPV_EMIT(&o, spv_opw(SpvOpTypeInt, 4), i32, 32, 1);
         SPV_EMIT(&o, spv_opw(SpvOpConstant, 4), i32, zero, 0);
         need_i32 = need_zero = false;
      }
      if (!names_done && (annotation || declaration)) {
         /* the blocks' names (debug section): es_io<location>, member the variable's name */
         names_done = true;
         for (unsigned k = 0; k < nv; k++)
            emit_name(&o, v[k].block, "es_io", v[k].location);
      }
      if (!decorations_done && declaration) {
         decorations_done = true;
         for (unsigned k = 0; k < nv; k++)
            SPV_EMIT(&o, spv_opw(SpvOpDecorate, 3), v[k].block, SpvDecorationBlock);
      }
      if (op == SpvOpName && wc >= 3 && ins[1] < bound && target[ins[1]]) {
         /* the variable's name goes to the member; the instance is es_blk<location> */
         unsigned k = target[ins[1]] - 1;
         uint32_t hdr[3] = {spv_opw(SpvOpMemberName, wc + 1), v[k].block, 0};
         spv_words_emit(&o, hdr, 3);
         spv_words_emit(&o, ins + 2, wc - 2);
         emit_name(&o, ins[1], "es_blk", v[k].location);
      } else if (op == SpvOpDecorate && wc >= 3 && ins[1] < bound && target[ins[1]] && is_interp(ins[2])) {
         unsigned k = target[ins[1]] - 1;
         uint32_t hdr[4] = {spv_opw(SpvOpMemberDecorate, wc + 1), v[k].block, 0, ins[2]};
         spv_words_emit(&o, hdr, 4);
         spv_words_emit(&o, ins + 3, wc - 3);
      } else if (op == SpvOpVariable && wc >= 4 && ins[2] < bound && target[ins[2]]) {
         unsigned k = target[ins[2]] - 1;
         SPV_EMIT(&o, spv_opw(SpvOpTypeStruct, 3), v[k].block, v[k].arr);
         SPV_EMIT(&o, spv_opw(SpvOpTypePointer, 4), v[k].block_ptr, storage, v[k].block);
         uint32_t var[4] = {spv_opw(SpvOpVariable, wc), v[k].block_ptr, ins[2], ins[3]};
         spv_words_emit(&o, var, 4);
         spv_words_emit(&o, ins + 4, wc - 4); /* an initializer (none on interface variables) */
      } else if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 4 && ins[3] < bound &&
                 target[ins[3]]) {
         uint32_t hdr[5] = {spv_opw(op, wc + 1), ins[1], ins[2], ins[3], zero};
         spv_words_emit(&o, hdr, 5);
         spv_words_emit(&o, ins + 4, wc - 4);
      } else if ((op == SpvOpLoad && wc >= 4 && ins[3] < bound && target[ins[3]]) ||
                 (op == SpvOpStore && wc >= 3 && ins[1] < bound && target[ins[1]]) ||
                 (op == SpvOpCopyMemory && wc >= 3 &&
                  ((ins[1] < bound && target[ins[1]]) || (ins[2] < bound && target[ins[2]])))) {
         /* the whole array: through a pointer to the member */
         uint32_t copy[16];
         if (wc > 16) {
            snprintf(err, err_size, "an array of structures between stages: an access Espryt cannot rewrite");
            ok = false;
            break;
         }
         memcpy(copy, ins, wc * sizeof(uint32_t));
         for (uint32_t a = op == SpvOpLoad ? 3 : 1; a <= (op == SpvOpLoad ? 3u : 2u) && a < wc; a++) {
            if (op == SpvOpStore && a == 2)
               break; /* a store's second operand is the value */
            if (copy[a] < bound && target[copy[a]]) {
               unsigned k = target[copy[a]] - 1;
               uint32_t p = next++;
               SPV_EMIT(&o, spv_opw(SpvOpAccessChain, 5), v[k].ptr_type, p, copy[a], zero);
               copy[a] = p;
            }
         }
         spv_words_emit(&o, copy, wc);
      } else {
         if (op != SpvOpEntryPoint && op != SpvOpDecorate && op != SpvOpName)
            for (uint32_t a = 1; a < wc; a++)
               if (ins[a] < bound && target[ins[a]] && op != SpvOpMemberName && op != SpvOpString &&
                   op != SpvOpSource && op != SpvOpExtInstImport && op != SpvOpExtension) {
                  /* a literal may equal the id; only instructions that can use a pointer matter */
                  if (op == SpvOpFunctionCall || op == SpvOpPtrAccessChain || op == SpvOpCopyObject ||
                      op == SpvOpPhi || op == SpvOpSelect) {
                     snprintf(err, err_size,
                              "an array of structures between stages used as a whole (opcode %u): Espryt cannot "
                              "put it in a block",
                              op);
                     ok = false;
                  }
                  break;
               }
         spv_words_emit(&o, ins, wc);
      }
      i += wc;
   }
   if (ok && o.oom) {
      snprintf(err, err_size, "out of memory");
      ok = false;
   }
   if (ok) {
      o.w[3] = next;
      *out_words = o.w;
      *out_count = o.n;
      o.w = NULL;
   }
done:
   if (!arr_elem || !ptr_to || !is_struct || !target) {
      snprintf(err, err_size, "out of memory");
      ok = false;
   }
   free(o.w);
   free(arr_elem);
   free(ptr_to);
   free(is_struct);
   free(target);
   return ok;
}
