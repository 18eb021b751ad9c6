/* splitgl gl_front: primitive restart (OpenGL ES 3.0 section 2.8.1, PRIMITIVE_RESTART_FIXED_INDEX;
 * OpenGL 3.3 section 2.8.1, PRIMITIVE_RESTART with PrimitiveRestartIndex).
 *
 * Vulkan restarts only at the all-ones index of the index type, and on point / line /
 * triangle lists only with VK_EXT_primitive_topology_list_restart. A draw that fits goes to the
 * server as it is with WIRE_DRAW_PRIMITIVE_RESTART. Otherwise the client rewrites the indices
 * (from client memory or the element buffer's CPU copy) into 32-bit ones: the restart index
 * becomes 0xffffffff, each line-loop piece is closed by its first index and drawn as a strip,
 * and without list restart each list piece keeps its whole primitives only (which is what
 * restarting a list does). */
#include <stdlib.h>

#include "glf_context.h"

bool
glf_restart_index(struct glf_context *ctx, uint32_t index_size, uint32_t *index)
{
   uint32_t all_ones = index_size == 1 ? 0xffu : index_size == 2 ? 0xffffu : 0xffffffffu;
   if (GLF_ES(ctx)) {
      /* "If PRIMITIVE_RESTART_FIXED_INDEX is enabled, the index [...] is 2^N - 1, where N is
       * 8, 16 or 32 if the type is UNSIGNED_BYTE, UNSIGNED_SHORT, or UNSIGNED_INT". */
      *index = all_ones;
      return ctx->st.primitive_restart_fixed;
   }
   *index = ctx->st.restart_index;
   return ctx->st.primitive_restart;
}

static bool
is_list(uint32_t mode)
{
   return mode == WIRE_PRIM_POINTS || mode == WIRE_PRIM_LINES || mode == WIRE_PRIM_TRIANGLES ||
          mode == WIRE_PRIM_LINES_ADJACENCY || mode == WIRE_PRIM_TRIANGLES_ADJACENCY;
}

bool
glf_restart_native(struct glf_context *ctx, uint32_t mode, uint32_t index_size, uint32_t index)
{
   uint32_t all_ones = index_size == 1 ? 0xffu : index_size == 2 ? 0xffffu : 0xffffffffu;
   uint32_t f = ctx->limits.features;
   return index == all_ones && mode != WIRE_PRIM_LINE_LOOP && (index_size != 1 || (f & WIRE_FEATURE_INDEX_UINT8)) &&
          (!is_list(mode) || (f & WIRE_FEATURE_LIST_RESTART));
}

static uint32_t
read_index(const void *p, uint32_t size, uint32_t i)
{
   return size == 1 ? ((const uint8_t *)p)[i] : size == 2 ? ((const uint16_t *)p)[i] : ((const uint32_t *)p)[i];
}

uint32_t *
glf_restart_rewrite(struct glf_context *ctx, const void *src, uint32_t index_size, uint32_t count, uint32_t index,
                    uint32_t *mode, uint32_t *out_count, bool *restarts)
{
   const uint32_t per_prim = *mode == WIRE_PRIM_TRIANGLES ? 3 : *mode == WIRE_PRIM_LINES ? 2
                             : *mode == WIRE_PRIM_LINES_ADJACENCY ? 4 : *mode == WIRE_PRIM_TRIANGLES_ADJACENCY ? 6 : 1;
   const bool loop = *mode == WIRE_PRIM_LINE_LOOP;
   const bool cut_lists = is_list(*mode) && !(ctx->limits.features & WIRE_FEATURE_LIST_RESTART);
   /* worst case: every piece of a loop gains a closing index and a separator */
   uint64_t cap = (uint64_t)count * 2 + 2;
   uint32_t *out = cap <= WIRE_MAX_BUFFER_SIZE / 8 ? malloc((size_t)cap * 4) : NULL;
   if (!out)
      return NULL;
   uint32_t n = 0;
   *restarts = false;
   for (uint32_t i = 0; i < count;) {
      uint32_t end = i;
      while (end < count && read_index(src, index_size, end) != index)
         end++;
      uint32_t len = end - i;
      if (cut_lists)
         len -= len % per_prim; /* the incomplete primitive of a piece is not drawn */
      if (len && (!loop || len >= 2)) {
         if (n) {
            if (!cut_lists) {
               out[n++] = 0xffffffffu;
               *restarts = true;
            }
         }
         for (uint32_t k = 0; k < len; k++)
            out[n++] = read_index(src, index_size, i + k);
         if (loop)
            out[n++] = read_index(src, index_size, i); /* close the loop */
      }
      i = end + 1; /* past the restart index */
   }
   if (loop)
      *mode = WIRE_PRIM_LINE_STRIP;
   *out_count = n;
   return out;
}

void GLAPIENTRY
glf_PrimitiveRestartIndex(GLuint index)
{
   GET_CURRENT_CONTEXT(ctx);
   if (ctx)
      ctx->st.restart_index = index;
}
