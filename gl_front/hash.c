/* splitgl gl_front: GL name -> object hash (open addressing, linear probing). */
#include <stdlib.h>

#include "glf_context.h"

static uint32_t
hash_slot(GLuint key, uint32_t cap)
{
   return (key * 2654435761u) & (cap - 1);
}

void *
glf_hash_lookup(const struct glf_hash *h, GLuint key)
{
   if (!key || !h->cap)
      return NULL;
   for (uint32_t i = hash_slot(key, h->cap);; i = (i + 1) & (h->cap - 1)) {
      if (h->keys[i] == key)
         return h->vals[i];
      if (!h->keys[i])
         return NULL;
   }
}

static bool
hash_grow(struct glf_hash *h)
{
   uint32_t cap = h->cap ? h->cap * 2 : 64;
   GLuint *keys = calloc(cap, sizeof(*keys));
   void **vals = calloc(cap, sizeof(*vals));
   if (!keys || !vals) {
      free(keys);
      free(vals);
      return false;
   }
   for (uint32_t i = 0; i < h->cap; i++) {
      if (!h->keys[i])
         continue;
      uint32_t j = hash_slot(h->keys[i], cap);
      while (keys[j])
         j = (j + 1) & (cap - 1);
      keys[j] = h->keys[i];
      vals[j] = h->vals[i];
   }
   free(h->keys);
   free(h->vals);
   h->keys = keys;
   h->vals = vals;
   h->cap = cap;
   return true;
}

bool
glf_hash_insert(struct glf_hash *h, GLuint key, void *val)
{
   if ((h->count + 1) * 2 > h->cap && !hash_grow(h))
      return false;
   uint32_t i = hash_slot(key, h->cap);
   while (h->keys[i] && h->keys[i] != key)
      i = (i + 1) & (h->cap - 1);
   if (!h->keys[i])
      h->count++;
   h->keys[i] = key;
   h->vals[i] = val;
   return true;
}

void
glf_hash_remove(struct glf_hash *h, GLuint key)
{
   if (!key || !h->cap)
      return;
   uint32_t i = hash_slot(key, h->cap);
   while (h->keys[i] != key) {
      if (!h->keys[i])
         return;
      i = (i + 1) & (h->cap - 1);
   }
   h->keys[i] = 0;
   h->vals[i] = NULL;
   h->count--;
   /* Re-insert the rest of the cluster (backward-shift deletion). */
   for (uint32_t j = (i + 1) & (h->cap - 1); h->keys[j]; j = (j + 1) & (h->cap - 1)) {
      GLuint k = h->keys[j];
      void *v = h->vals[j];
      h->keys[j] = 0;
      h->vals[j] = NULL;
      h->count--;
      glf_hash_insert(h, k, v);
   }
}

/* First name of `count` consecutive unused names. */
GLuint
glf_hash_find_free_block(const struct glf_hash *h, GLuint count)
{
   GLuint start = 1;
   for (GLuint n = 1; n < 0xffffffffu - count;) {
      GLuint k;
      for (k = 0; k < count; k++)
         if (glf_hash_lookup(h, n + k))
            break;
      if (k == count)
         return start;
      n += k + 1;
      start = n;
   }
   return 0;
}

void
glf_hash_free(struct glf_hash *h)
{
   free(h->keys);
   free(h->vals);
   memset(h, 0, sizeof(*h));
}
