/* splitgl spirv: GL 3.3's rectangle samplers (sampler2DRect, sampler2DRectShadow and the
 * integer forms) lowered to 2D samplers.
 *
 * glslang generates Dim Rect images (capability SampledRect), which Vulkan does not take. A
 * rectangle texture is stored as a one-level 2D image, so every Rect image type becomes a 2D
 * one and the lookups that take texel coordinates are rescaled in the shader:
 *   - OpImageSample* / OpImageGather: the coordinate's s and t (and a Grad operand's dx, dy)
 *     are divided by the level-0 size (OpImageQuerySizeLod); q, the depth reference and texel
 *     offsets stay as they are (offsets are texels for both kinds);
 *   - OpImageFetch gets the Lod operand 0 a 2D fetch needs;
 *   - OpImageQuerySize (textureSize of a rectangle) becomes OpImageQuerySizeLod with lod 0.
 * Why not Vulkan's unnormalizedCoordinates samplers: they require equal min / mag filters, no
 * depth comparison (sampler2DRectShadow) and no offsets (textureOffset on a rectangle), all of
 * which GL allows; the division costs one size query per lookup and is exact for
 * power-of-two sizes and within float rounding otherwise (NEAREST picks the same texel). */
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_internal.h"
#include "spirv/spv_words.h"

enum {
   OP_NAME = 5, OP_MEMBER_NAME = 6, OP_CAPABILITY = 17, OP_TYPE_VOID = 19, OP_TYPE_INT = 21, OP_TYPE_FLOAT = 22,
   OP_TYPE_VECTOR = 23, OP_TYPE_IMAGE = 25, OP_TYPE_SAMPLED_IMAGE = 27, OP_TYPE_FORWARD_POINTER = 39,
   OP_CONSTANT = 43, OP_FUNCTION = 54, OP_DECORATE = 71, OP_MEMBER_DECORATE = 72, OP_COMPOSITE_CONSTRUCT = 80,
   OP_COMPOSITE_EXTRACT = 81, OP_IMAGE_SAMPLE_FIRST = 87, OP_IMAGE_SAMPLE_LAST = 94, OP_IMAGE_FETCH = 95,
   OP_IMAGE_GATHER = 96, OP_IMAGE_DREF_GATHER = 97, OP_IMAGE = 100, OP_IMAGE_QUERY_SIZE_LOD = 103,
   OP_IMAGE_QUERY_SIZE = 104, OP_CONVERT_S_TO_F = 111, OP_FDIV = 136,
   CAP_SAMPLED_RECT = 37, CAP_IMAGE_QUERY = 50, DIM_2D = 1, DIM_RECT = 4,
   IMAGE_OPERAND_LOD = 0x2, IMAGE_OPERAND_GRAD = 0x4,
};

/* Whether word 1 of an instruction of this opcode is its result type (the heuristic below only
 * trusts it when word 1 also is a type id). */
static bool
may_have_result_type(uint32_t op)
{
   return !(op >= OP_TYPE_VOID && op <= OP_TYPE_FORWARD_POINTER) && op != OP_NAME && op != OP_MEMBER_NAME &&
          op != OP_DECORATE && op != OP_MEMBER_DECORATE && op != OP_CAPABILITY;
}

struct ids {
   uint32_t bound;
   uint8_t *is_type;   /* [bound] */
   uint8_t *rect;      /* [bound] 1: a Rect image type, 2: a sampled image of one */
   uint32_t *type_of;  /* [bound] result type of an id (0: unknown) */
   uint32_t int32, ivec2, float32, vec2, vec3, vec4, zero, one;
};

static uint32_t
fresh(struct ids *d)
{
   return d->bound++;
}

/* The scale of a coordinate of type `ctype` (vec2: the size as it is; vec3 / vec4: (w, h, 1,
 * 1)), from the sampled image `si` of image type `itype`; its instructions go to `o`. */
static uint32_t
emit_scale(struct spv_words *o, struct ids *d, uint32_t itype, uint32_t si, bool si_is_image, uint32_t ctype)
{
   uint32_t img = si;
   if (!si_is_image) {
      img = fresh(d);
      SPV_EMIT(o, spv_opw(OP_IMAGE, 4), itype, img, si);
   }
   uint32_t size = fresh(d), fsize = fresh(d);
   SPV_EMIT(o, spv_opw(OP_IMAGE_QUERY_SIZE_LOD, 5), d->ivec2, size, img, d->zero);
   SPV_EMIT(o, spv_opw(OP_CONVERT_S_TO_F, 4), d->vec2, fsize, size);
   if (ctype == d->vec2)
      return fsize;
   uint32_t sx = fresh(d), sy = fresh(d), div = fresh(d);
   SPV_EMIT(o, spv_opw(OP_COMPOSITE_EXTRACT, 5), d->float32, sx, fsize, 0);
   SPV_EMIT(o, spv_opw(OP_COMPOSITE_EXTRACT, 5), d->float32, sy, fsize, 1);
   if (ctype == d->vec3)
      SPV_EMIT(o, spv_opw(OP_COMPOSITE_CONSTRUCT, 6), d->vec3, div, sx, sy, d->one);
   else
      SPV_EMIT(o, spv_opw(OP_COMPOSITE_CONSTRUCT, 7), d->vec4, div, sx, sy, d->one, d->one);
   return div;
}

static uint32_t
emit_div(struct spv_words *o, struct ids *d, uint32_t type, uint32_t value, uint32_t by)
{
   uint32_t r = fresh(d);
   SPV_EMIT(o, spv_opw(OP_FDIV, 5), type, r, value, by);
   return r;
}

/* Finds (or notes to declare) the scalar / vector types and constants the rewrite uses. */
static void
find_types(const uint32_t *w, size_t count, struct ids *d)
{
   for (size_t i = 5; i < count;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (wc == 0 || i + wc > count)
         break;
      if (op == OP_FUNCTION)
         break;
      if (op == OP_TYPE_INT && wc == 4 && w[i + 2] == 32 && w[i + 3] == 1)
         d->int32 = w[i + 1];
      else if (op == OP_TYPE_FLOAT && wc == 3 && w[i + 2] == 32)
         d->float32 = w[i + 1];
      i += wc;
   }
   for (size_t i = 5; i < count;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (wc == 0 || i + wc > count || op == OP_FUNCTION)
         break;
      if (op == OP_TYPE_VECTOR && wc == 4) {
         if (w[i + 2] == d->int32 && d->int32 && w[i + 3] == 2)
            d->ivec2 = w[i + 1];
         else if (w[i + 2] == d->float32 && d->float32 && w[i + 3] >= 2 && w[i + 3] <= 4)
            *(w[i + 3] == 2 ? &d->vec2 : w[i + 3] == 3 ? &d->vec3 : &d->vec4) = w[i + 1];
      } else if (op == OP_CONSTANT && wc == 4 && w[i + 1] == d->int32 && d->int32 && w[i + 3] == 0) {
         d->zero = w[i + 2];
      } else if (op == OP_CONSTANT && wc == 4 && w[i + 1] == d->float32 && d->float32 && w[i + 3] == 0x3f800000u) {
         d->one = w[i + 2];
      }
      i += wc;
   }
}

/* After the rewrite a Rect image type may equal a 2D one the module already had (a shader
 * with both sampler2D and sampler2DRect), and then their sampled-image types too: SPIR-V
 * forbids duplicate non-aggregate types. The later declaration of each pair goes; its id is
 * renamed to the earlier one's wherever a type id stands (result types: word 1 of every
 * instruction from OpTypeVoid on, OpUndef and OpExtInst; the operands of sampled-image,
 * pointer, array and function types); names and decorations of a removed id go with it. */
static bool
dedup_images(struct spv_words *o, uint32_t bound)
{
   uint32_t *map = calloc(bound, sizeof(uint32_t));
   uint8_t *drop = calloc(bound, 1);
   if (!map || !drop) {
      free(map);
      free(drop);
      return false;
   }
   bool any = false;
   uint32_t *w = o->w;
   /* declarations (before the first function): images by operands, then sampled images */
   for (size_t i = 5; i < o->n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (!wc || i + wc > o->n || op == OP_FUNCTION)
         break;
      if ((op == OP_TYPE_IMAGE || op == OP_TYPE_SAMPLED_IMAGE) && w[i + 1] < bound) {
         if (op == OP_TYPE_SAMPLED_IMAGE && wc == 3 && w[i + 2] < bound && map[w[i + 2]])
            w[i + 2] = map[w[i + 2]];
         for (size_t k = 5; k < i;) {
            uint32_t kwc = w[k] >> 16;
            if ((w[k] & 0xffff) == op && kwc == wc && !drop[w[k + 1]] &&
                !memcmp(w + k + 2, w + i + 2, (wc - 2) * sizeof(uint32_t))) {
               map[w[i + 1]] = w[k + 1];
               drop[w[i + 1]] = 1;
               any = true;
               break;
            }
            k += kwc;
         }
      }
      i += wc;
   }
   if (any) {
      size_t n = 5;
      for (size_t i = 5; i < o->n;) {
         uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
         if (!wc || i + wc > o->n)
            break;
         uint32_t *ins = w + i;
         i += wc;
         bool annotation = op == OP_NAME || op == OP_MEMBER_NAME || op == OP_DECORATE || op == OP_MEMBER_DECORATE;
         if (wc >= 2 && ins[1] < bound && drop[ins[1]] &&
             (annotation || op == OP_TYPE_IMAGE || op == OP_TYPE_SAMPLED_IMAGE))
            continue;
         if (wc >= 2 && (op == 1 || op == 12 || op >= OP_TYPE_VOID) && !annotation && ins[1] < bound && map[ins[1]])
            ins[1] = map[ins[1]];
         uint32_t from = op == OP_TYPE_SAMPLED_IMAGE || op == 28 /* Array */ || op == 29 /* RuntimeArray */ ? 2
                         : op == 32 /* Pointer */                                                        ? 3
                         : op == 33 /* Function */                                                       ? 2
                                                                                                         : wc;
         uint32_t to = op == 28 ? 3 : op == 29 || op == OP_TYPE_SAMPLED_IMAGE ? 3 : wc;
         for (uint32_t k = from; k < to && k < wc; k++)
            if (ins[k] < bound && map[ins[k]])
               ins[k] = map[ins[k]];
         memmove(w + n, ins, wc * sizeof(uint32_t));
         n += wc;
      }
      o->n = n;
   }
   free(map);
   free(drop);
   return true;
}

bool
spv_lower_rect(uint32_t **words, uint32_t *count, struct spv_str *log)
{
   const uint32_t *w = *words;
   const size_t n = *count;
   if (n < 5)
      return true;
   struct ids d = {.bound = w[3]};
   d.is_type = calloc(d.bound, 1);
   d.rect = calloc(d.bound, 1);
   d.type_of = calloc(d.bound, sizeof(uint32_t));
   bool any = false, has_query = false, ok = d.is_type && d.rect && d.type_of;
   /* Pass 1: types (Rect images and sampled images of them) and result types. */
   for (size_t i = 5; ok && i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (wc == 0 || i + wc > n)
         break;
      if (op >= OP_TYPE_VOID && op <= OP_TYPE_FORWARD_POINTER && wc >= 2 && w[i + 1] < d.bound)
         d.is_type[w[i + 1]] = 1;
      if (op == OP_TYPE_IMAGE && wc >= 9 && w[i + 3] == DIM_RECT)
         d.rect[w[i + 1]] = 1, any = true;
      if (op == OP_TYPE_SAMPLED_IMAGE && wc == 3 && w[i + 2] < d.bound && d.rect[w[i + 2]] == 1)
         d.rect[w[i + 1]] = 2;
      if (op == OP_CAPABILITY && wc == 2 && w[i + 1] == CAP_IMAGE_QUERY)
         has_query = true;
      if (may_have_result_type(op) && wc >= 3 && w[i + 1] < d.bound && d.is_type[w[i + 1]] && w[i + 2] < d.bound)
         d.type_of[w[i + 2]] = w[i + 1];
      i += wc;
   }
   if (!ok || !any) {
      free(d.is_type);
      free(d.rect);
      free(d.type_of);
      if (!ok)
         spv_str_puts(log, "error: out of memory\n");
      return ok;
   }
   find_types(w, n, &d);
   struct spv_words o = {0};
   spv_words_emit(&o, w, 5);
   bool decls_done = false;
   for (size_t i = 5; i < n;) {
      uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
      if (wc == 0 || i + wc > n)
         break;
      const uint32_t *ins = w + i;
      i += wc;
      if (op == OP_CAPABILITY && wc == 2 && ins[1] == CAP_SAMPLED_RECT) {
         if (!has_query)
            SPV_EMIT(&o, spv_opw(OP_CAPABILITY, 2), CAP_IMAGE_QUERY);
         has_query = true;
         continue;
      }
      if (op == OP_TYPE_IMAGE && wc >= 9 && ins[3] == DIM_RECT) {
         uint32_t copy[16];
         memcpy(copy, ins, wc * sizeof(uint32_t) > sizeof(copy) ? sizeof(copy) : wc * sizeof(uint32_t));
         copy[3] = DIM_2D;
         spv_words_emit(&o, copy, wc < 16 ? wc : 16);
         continue;
      }
      if (op == OP_FUNCTION && !decls_done) {
         /* the scalar / vector types and constants the rewrite needs, declared once */
         decls_done = true;
         if (!d.int32)
            SPV_EMIT(&o, spv_opw(OP_TYPE_INT, 4), d.int32 = fresh(&d), 32, 1);
         if (!d.float32)
            SPV_EMIT(&o, spv_opw(OP_TYPE_FLOAT, 3), d.float32 = fresh(&d), 32);
         if (!d.ivec2)
            SPV_EMIT(&o, spv_opw(OP_TYPE_VECTOR, 4), d.ivec2 = fresh(&d), d.int32, 2);
         if (!d.vec2)
            SPV_EMIT(&o, spv_opw(OP_TYPE_VECTOR, 4), d.vec2 = fresh(&d), d.float32, 2);
         if (!d.vec3)
            SPV_EMIT(&o, spv_opw(OP_TYPE_VECTOR, 4), d.vec3 = fresh(&d), d.float32, 3);
         if (!d.vec4)
            SPV_EMIT(&o, spv_opw(OP_TYPE_VECTOR, 4), d.vec4 = fresh(&d), d.float32, 4);
         if (!d.zero)
            SPV_EMIT(&o, spv_opw(OP_CONSTANT, 4), d.int32, d.zero = fresh(&d), 0);
         if (!d.one)
            SPV_EMIT(&o, spv_opw(OP_CONSTANT, 4), d.float32, d.one = fresh(&d), 0x3f800000u);
      }
      bool sample = (op >= OP_IMAGE_SAMPLE_FIRST && op <= OP_IMAGE_SAMPLE_LAST) || op == OP_IMAGE_GATHER ||
                    op == OP_IMAGE_DREF_GATHER;
      if (sample && wc >= 5 && ins[3] < d.bound && d.type_of[ins[3]] < d.bound && d.rect[d.type_of[ins[3]]] == 2) {
         uint32_t copy[32];
         if (wc > 32) {
            spv_str_puts(log, "error: internal: rectangle lookup too long\n");
            o.oom = true;
            break;
         }
         memcpy(copy, ins, wc * sizeof(uint32_t));
         uint32_t si_type = d.type_of[ins[3]], itype = 0;
         /* the image type of the sampled image type */
         for (size_t k = 5; k < n;) {
            uint32_t kwc = w[k] >> 16;
            if (!kwc)
               break;
            if ((w[k] & 0xffff) == OP_TYPE_SAMPLED_IMAGE && w[k + 1] == si_type) {
               itype = w[k + 2];
               break;
            }
            k += kwc;
         }
         uint32_t ctype = ins[4] < d.bound ? d.type_of[ins[4]] : 0;
         if (!itype || (ctype != d.vec2 && ctype != d.vec3 && ctype != d.vec4)) {
            spv_str_puts(log, "error: internal: a rectangle lookup whose coordinate type is unknown\n");
            o.oom = true;
            break;
         }
         uint32_t scale = emit_scale(&o, &d, itype, ins[3], false, ctype);
         copy[4] = emit_div(&o, &d, ctype, ins[4], scale);
         /* the image operands: after the coordinate (and the Dref / component operand) */
         uint32_t at = 5 + ((op == OP_IMAGE_SAMPLE_FIRST + 2 || op == OP_IMAGE_SAMPLE_FIRST + 3 ||
                             op == OP_IMAGE_SAMPLE_FIRST + 6 || op == OP_IMAGE_SAMPLE_FIRST + 7 ||
                             op == OP_IMAGE_GATHER || op == OP_IMAGE_DREF_GATHER) ? 1 : 0);
         if (at < wc && (copy[at] & IMAGE_OPERAND_GRAD)) {
            uint32_t g = at + 1 + ((copy[at] & 0x1) ? 1 : 0) + ((copy[at] & IMAGE_OPERAND_LOD) ? 1 : 0);
            uint32_t fs = ctype == d.vec2 ? scale : emit_scale(&o, &d, itype, ins[3], false, d.vec2);
            if (g + 1 < wc) {
               copy[g] = emit_div(&o, &d, d.vec2, copy[g], fs);
               copy[g + 1] = emit_div(&o, &d, d.vec2, copy[g + 1], fs);
            }
         }
         spv_words_emit(&o, copy, wc);
         continue;
      }
      if (op == OP_IMAGE_FETCH && wc >= 5 && ins[3] < d.bound && d.rect[d.type_of[ins[3]]] == 1) {
         /* texelFetch(sampler2DRect, ivec2): a 2D fetch of level 0 */
         uint32_t copy[32];
         if (wc + 2 > 32) {
            o.oom = true;
            break;
         }
         memcpy(copy, ins, 5 * sizeof(uint32_t));
         uint32_t mask = wc > 5 ? ins[5] : 0, out_wc;
         if (mask & IMAGE_OPERAND_LOD) {
            memcpy(copy + 5, ins + 5, (wc - 5) * sizeof(uint32_t));
            out_wc = wc;
         } else {
            copy[5] = mask | IMAGE_OPERAND_LOD;
            copy[6] = d.zero;
            if (wc > 6)
               memcpy(copy + 7, ins + 6, (wc - 6) * sizeof(uint32_t));
            out_wc = wc > 5 ? wc + 1 : 7;
         }
         copy[0] = spv_opw(op, out_wc);
         spv_words_emit(&o, copy, out_wc);
         continue;
      }
      if (op == OP_IMAGE_QUERY_SIZE && wc == 4 && ins[3] < d.bound && d.rect[d.type_of[ins[3]]] == 1) {
         SPV_EMIT(&o, spv_opw(OP_IMAGE_QUERY_SIZE_LOD, 5), ins[1], ins[2], ins[3], d.zero);
         continue;
      }
      spv_words_emit(&o, ins, wc);
   }
   free(d.is_type);
   free(d.rect);
   free(d.type_of);
   if (!o.oom && !dedup_images(&o, d.bound))
      o.oom = true;
   if (o.oom) {
      free(o.w);
      if (!log->len)
         spv_str_puts(log, "error: out of memory\n");
      return false;
   }
   o.w[3] = d.bound;
   free(*words);
   *words = o.w;
   *count = (uint32_t)o.n;
   return true;
}
