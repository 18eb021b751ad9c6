/* splitgl: SHA-256 as FIPS 180-4 section 6.2 defines it, and the ELF build-id of an object. */
#define _GNU_SOURCE
#include "sha256.h"

#include <elf.h>
#include <stdbool.h>
#include <link.h>
#include <string.h>

static const uint32_t K[64] = {
   0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
   0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
   0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
   0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
   0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
   0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
   0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
   0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t
ror(uint32_t x, unsigned n)
{
   return x >> n | x << (32 - n);
}

static void
block(uint32_t h[8], const uint8_t *p)
{
   uint32_t w[64];
   for (int t = 0; t < 16; t++)
      w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 | (uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
   for (int t = 16; t < 64; t++) {
      uint32_t s0 = ror(w[t - 15], 7) ^ ror(w[t - 15], 18) ^ (w[t - 15] >> 3);
      uint32_t s1 = ror(w[t - 2], 17) ^ ror(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
   }
   uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
   for (int t = 0; t < 64; t++) {
      uint32_t t1 = k + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
      uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
   }
   h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

void
sgl_sha256_init(struct sgl_sha256 *s)
{
   static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
   memcpy(s->h, iv, sizeof(iv));
   s->bytes = 0;
   s->fill = 0;
}

void
sgl_sha256_update(struct sgl_sha256 *s, const void *data, size_t n)
{
   const uint8_t *p = data;
   s->bytes += n;
   while (n) {
      size_t take = 64 - s->fill < n ? 64 - s->fill : n;
      memcpy(s->buf + s->fill, p, take);
      s->fill += (uint32_t)take;
      p += take;
      n -= take;
      if (s->fill == 64) {
         block(s->h, s->buf);
         s->fill = 0;
      }
   }
}

void
sgl_sha256_final(struct sgl_sha256 *s, uint8_t out[32])
{
   uint64_t bits = s->bytes * 8;
   static const uint8_t pad[64] = {0x80};
   size_t padn = s->fill < 56 ? 56 - s->fill : 120 - s->fill;
   sgl_sha256_update(s, pad, padn);
   uint8_t len[8];
   for (int i = 0; i < 8; i++)
      len[i] = (uint8_t)(bits >> (56 - 8 * i));
   sgl_sha256_update(s, len, 8);
   for (int i = 0; i < 8; i++) {
      out[4 * i] = (uint8_t)(s->h[i] >> 24);
      out[4 * i + 1] = (uint8_t)(s->h[i] >> 16);
      out[4 * i + 2] = (uint8_t)(s->h[i] >> 8);
      out[4 * i + 3] = (uint8_t)s->h[i];
   }
}

/* ---- build-id ---------------------------------------------------------------------------- */
struct find_id {
   uintptr_t addr;
   uint8_t *out;
   size_t cap, len;
};

static int
find_object(struct dl_phdr_info *info, size_t size, void *data)
{
   (void)size;
   struct find_id *f = data;
   bool inside = false;
   for (int i = 0; i < info->dlpi_phnum && !inside; i++) {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
      inside = ph->p_type == PT_LOAD && f->addr >= lo && f->addr < lo + ph->p_memsz;
   }
   if (!inside)
      return 0;
   for (int i = 0; i < info->dlpi_phnum; i++) {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_NOTE)
         continue;
      const uint8_t *p = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
      while (p + sizeof(ElfW(Nhdr)) <= end) {
         const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
         const uint8_t *name = p + sizeof(*nh);
         const uint8_t *desc = name + ((nh->n_namesz + 3) & ~3u);
         const uint8_t *next = desc + ((nh->n_descsz + 3) & ~3u);
         if (next > end)
            break;
         if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
            f->len = nh->n_descsz < f->cap ? nh->n_descsz : f->cap;
            memcpy(f->out, desc, f->len);
            return 1;
         }
         p = next;
      }
   }
   return 1; /* the object, without a build-id */
}

size_t
sgl_build_id(const void *addr, uint8_t *out, size_t cap)
{
   struct find_id f = {(uintptr_t)addr, out, cap, 0};
   dl_iterate_phdr(find_object, &f);
   return f.len;
}
