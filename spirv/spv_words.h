/* A growing array of SPIR-V words, for the passes that rewrite a module instruction by
 * instruction (spirv/rect.c on the client, server_gles/spirv_patch.c on Espryt). Header only:
 * the server side links no glslang. */
#ifndef SPV_WORDS_H
#define SPV_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct spv_words {
   uint32_t *w;
   size_t n, cap;
   bool oom; /* an append failed: the words are incomplete */
};

static inline void
spv_words_emit(struct spv_words *o, const uint32_t *ins, uint32_t wc)
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

/* One instruction from its words: SPV_EMIT(o, spv_opw(op, count), ...) */
#define SPV_EMIT(o, ...)                                                                                     \
   do {                                                                                                      \
      const uint32_t ins_[] = {__VA_ARGS__};                                                                 \
      spv_words_emit((o), ins_, sizeof(ins_) / sizeof(ins_[0]));                                             \
   } while (0)

/* An instruction's first word. */
static inline uint32_t
spv_opw(uint32_t op, uint32_t wc)
{
   return wc << 16 | op;
}

#endif
