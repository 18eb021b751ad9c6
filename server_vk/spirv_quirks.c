/* Magma: SPIR-V rewrites for driver quirks (applied to a program's modules before
 * vkCreateShaderModule, the way ANGLE's Vulkan backend transforms SPIR-V per driver).
 *
 * Default uniform block as a read-only storage buffer (be->default_block_ssbo):
 * lavapipe (Mesa 22.x/23.0) "inlines" UBO values that feed an `if` condition or a loop bound
 * into the shader and recompiles the whole stage through LLVM every time a descriptor set
 * or pipeline is bound, without caching the variants. GL's loose uniforms change per draw
 * (a new default-block UBO per draw), so a program like
 *    uniform float u_radius; ... if (u_radius > 0.0) { ... }
 * costs one LLVM compile per draw (1-2 ms each; measured: 16 compiles per 16-draw frame).
 * Storage-buffer loads are never inlined, so on that driver the vertex stage reads the
 * default block as a storage buffer at MG_BINDING_DEFAULT_SSBO (the same bytes as the UBO):
 * the block struct's Block decoration becomes BufferBlock (SPIR-V <= 1.3, Uniform storage
 * class), every member is NonWritable (required without vertexPipelineStoresAndAtomics) and
 * the variable's Binding moves. glslang's std140 offsets satisfy the storage-buffer layout
 * rules, so the byte layout is unchanged. Only the vertex stage: llvmpipe's per-fragment
 * storage-buffer loads are far slower than UBO loads (measured: the demo at 1/3 speed),
 * while a vertex shader runs a few thousand times per frame. */
#include "mg_private.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_layout.h"

/* Opcodes and decorations: SPIRV-Headers (spirv/unified1/spirv.h). */
enum { SPIRV_1_3 = 0x00010300 }; /* the version word of SPIR-V 1.3 */

struct block_scan {
   uint32_t var, block_struct, members;
};

/* Walks the module; returns false on a malformed word stream. */
static bool
find_default_block(const uint32_t *w, uint32_t count, struct block_scan *s)
{
   /* Pass 0: the variable decorated Binding SPV_BINDING_DEFAULT_UBO + DescriptorSet SPV_SET_MAIN;
    * pass 1: its pointer type (Uniform storage class); pass 2: the pointee struct. */
   uint32_t var = 0, ptr = 0;
   for (int pass = 0; pass < 3; pass++) {
      for (uint32_t i = 5; i < count;) {
         uint32_t wc = w[i] >> 16, op = w[i] & 0xffff;
         if (!wc || i + wc > count)
            return false;
         if (pass == 0 && op == SpvOpDecorate && wc >= 4 && w[i + 2] == SpvDecorationBinding && w[i + 3] == SPV_BINDING_DEFAULT_UBO) {
            for (uint32_t j = 5; j < count && !var;) {
               uint32_t wc2 = w[j] >> 16;
               if (!wc2 || j + wc2 > count)
                  return false;
               if ((w[j] & 0xffff) == SpvOpDecorate && wc2 >= 4 && w[j + 1] == w[i + 1] &&
                   w[j + 2] == SpvDecorationDescriptorSet && w[j + 3] == SPV_SET_MAIN)
                  var = w[i + 1];
               j += wc2;
            }
         } else if (pass == 1 && op == SpvOpVariable && wc >= 4 && w[i + 2] == var && w[i + 3] == SpvStorageClassUniform) {
            ptr = w[i + 1];
         } else if (pass == 2 && op == SpvOpTypePointer && wc >= 4 && w[i + 1] == ptr && w[i + 2] == SpvStorageClassUniform) {
            s->block_struct = w[i + 3];
         }
         i += wc;
      }
      if ((pass == 0 && !var) || (pass == 1 && !ptr))
         return true;
   }
   s->var = var;
   if (!s->block_struct)
      return true;
   for (uint32_t i = 5; i < count; i += w[i] >> 16)
      if ((w[i] & 0xffff) == SpvOpTypeStruct && (w[i] >> 16) >= 2 && w[i + 1] == s->block_struct)
         s->members = (w[i] >> 16) - 2; /* the word count was checked by the passes above */
   return true;
}

/* Sets *out to a malloc'ed copy of `words` with the default block turned into a read-only
 * storage block at `binding` (*out = NULL when the module does not use the default block). Returns false
 * when the module uses it but cannot be rewritten: the program then keeps a uniform buffer. */
bool
mg_spirv_default_block_to_ssbo(const uint32_t *w, uint32_t count, uint32_t binding, uint32_t **out_words,
                               uint32_t *out_count)
{
   struct block_scan s = {0};
   *out_words = NULL;
   if (count < 5 || !find_default_block(w, count, &s))
      return false;
   if (!s.block_struct)
      return true;
   if (w[1] > SPIRV_1_3) /* BufferBlock is gone from SPIR-V 1.4 on */
      return false;
   uint32_t *out = malloc(((size_t)count + 4 * (size_t)s.members) * 4);
   if (!out)
      return false;
   memcpy(out, w, 5 * 4);
   uint32_t n = 5;
   bool found = false;
   for (uint32_t i = 5; i < count;) {
      uint32_t wc = w[i] >> 16;
      memcpy(out + n, w + i, wc * 4);
      n += wc;
      if ((w[i] & 0xffff) == SpvOpDecorate && wc == 3 && w[i + 1] == s.block_struct && w[i + 2] == SpvDecorationBlock && !found) {
         out[n - 1] = SpvDecorationBufferBlock;
         for (uint32_t m = 0; m < s.members; m++) {
            out[n++] = (4u << 16) | SpvOpMemberDecorate;
            out[n++] = s.block_struct;
            out[n++] = m;
            out[n++] = SpvDecorationNonWritable;
         }
         found = true;
      } else if ((w[i] & 0xffff) == SpvOpDecorate && wc == 4 && w[i + 1] == s.var && w[i + 2] == SpvDecorationBinding) {
         out[n - 1] = binding;
      }
      i += wc;
   }
   if (!found) {
      free(out);
      return false;
   }
   *out_words = out;
   *out_count = n;
   return true;
}
