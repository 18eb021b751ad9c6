/* splitgl demo: a minimal PNG writer (no zlib: stored deflate blocks). */
#ifndef SGL_DEMO_PNG_H
#define SGL_DEMO_PNG_H

#include <stddef.h>
#include <stdint.h>

/** Writes an 8-bit RGBA image; rows are top first, `stride` bytes apart. 0 on success,
 *  -1 with errno set on an I/O error. */
int png_write_rgba(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride);

#endif
