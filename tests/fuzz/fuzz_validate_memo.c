/* The record fuzz targets link with -Wl,--wrap=spv_validate_module: the server's call to the
 * SPIRV-Tools validator (ProgramCreate, server/decode_objects.c) lands here first. The
 * validator is a pure function of the module's words, most inputs replay the seeds' programs
 * byte for byte, and one validation costs more than the rest of an input, so each module's
 * answer (ok and the reason) is kept under its exact words and handed back when the same words
 * come again; new words are validated for real. The answer is the one the validator would
 * give: the server's code paths after it are the same. The memo is dropped whole when it grows
 * past FUZZ_MEMO_MAX_BYTES. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

bool __real_spv_validate_module(const uint32_t *words, uint32_t count, char *err, size_t err_size);
bool __wrap_spv_validate_module(const uint32_t *words, uint32_t count, char *err, size_t err_size);

#define FUZZ_MEMO_BUCKETS 4096u
#define FUZZ_MEMO_MAX_BYTES (64u << 20)

struct memo_entry {
   struct memo_entry *next;
   uint64_t hash;
   uint32_t count;
   bool ok;
   char err[256];
   uint32_t words[];
};

static struct memo_entry *memo[FUZZ_MEMO_BUCKETS];
static size_t memo_bytes;

static uint64_t
hash_words(const uint32_t *words, uint32_t count)
{
   uint64_t h = 0xcbf29ce484222325ull ^ count; /* FNV-1a over the words */
   for (uint32_t i = 0; i < count; i++) {
      h ^= words[i];
      h *= 0x100000001b3ull;
   }
   return h;
}

static void
memo_drop(void)
{
   for (uint32_t b = 0; b < FUZZ_MEMO_BUCKETS; b++) {
      while (memo[b]) {
         struct memo_entry *e = memo[b];
         memo[b] = e->next;
         free(e);
      }
   }
   memo_bytes = 0;
}

static void
copy_err(char *err, size_t err_size, const char *from)
{
   if (err && err_size) {
      strncpy(err, from, err_size - 1);
      err[err_size - 1] = '\0';
   }
}

bool
__wrap_spv_validate_module(const uint32_t *words, uint32_t count, char *err, size_t err_size)
{
   if (!words || !count)
      return __real_spv_validate_module(words, count, err, err_size);
   uint64_t h = hash_words(words, count);
   struct memo_entry **bucket = &memo[h % FUZZ_MEMO_BUCKETS];
   for (struct memo_entry *e = *bucket; e; e = e->next) {
      if (e->hash == h && e->count == count && !memcmp(e->words, words, (size_t)count * 4)) {
         copy_err(err, err_size, e->err);
         return e->ok;
      }
   }
   char why[256];
   bool ok = __real_spv_validate_module(words, count, why, sizeof(why));
   copy_err(err, err_size, why);
   size_t size = sizeof(struct memo_entry) + (size_t)count * 4;
   if (memo_bytes + size > FUZZ_MEMO_MAX_BYTES)
      memo_drop();
   struct memo_entry *e = malloc(size);
   if (!e)
      return ok;
   e->hash = h;
   e->count = count;
   e->ok = ok;
   memcpy(e->err, why, sizeof(e->err));
   memcpy(e->words, words, (size_t)count * 4);
   e->next = *bucket;
   *bucket = e;
   memo_bytes += size;
   return ok;
}
