/* splitgl: SHA-256 (FIPS 180-4), for content keys (the shader cache). */
#ifndef SGL_UTIL_SHA256_H
#define SGL_UTIL_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sgl_sha256 {
   uint32_t h[8];
   uint64_t bytes;
   uint8_t buf[64];
   uint32_t fill;
};

void sgl_sha256_init(struct sgl_sha256 *s);
void sgl_sha256_update(struct sgl_sha256 *s, const void *data, size_t n);
void sgl_sha256_final(struct sgl_sha256 *s, uint8_t out[32]);

/** The GNU build-id of the loaded object that contains `addr` (copied into out, at most
 *  `cap` bytes); returns its length, 0 if there is none. */
size_t sgl_build_id(const void *addr, uint8_t *out, size_t cap);

#endif
