/* splitgl demo: a minimal PNG writer.
 *
 * PNG (ISO/IEC 15948): signature, IHDR, one IDAT, IEND; each chunk is length (big-endian),
 * type, data, CRC-32 of type + data. The IDAT is a zlib stream (RFC 1950: CMF/FLG header,
 * deflate data, Adler-32 of the uncompressed bytes) whose deflate data (RFC 1951) is a run of
 * stored blocks: BFINAL/BTYPE=00 byte, LEN, NLEN, LEN raw bytes (LEN <= 65535). The
 * uncompressed bytes are the scanlines, each prefixed with filter type 0 (None).
 */
#include "png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t crc_table[256];

static void
crc_init(void)
{
   for (uint32_t n = 0; n < 256; n++) {
      uint32_t c = n;
      for (int k = 0; k < 8; k++)
         c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      crc_table[n] = c;
   }
}

static uint32_t
crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++)
      crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
   return crc;
}

static void
put_be32(uint8_t *p, uint32_t v)
{
   p[0] = (uint8_t)(v >> 24);
   p[1] = (uint8_t)(v >> 16);
   p[2] = (uint8_t)(v >> 8);
   p[3] = (uint8_t)v;
}

static int
write_chunk(FILE *f, const char type[4], const uint8_t *data, size_t len)
{
   uint8_t hdr[8], tail[4];
   put_be32(hdr, (uint32_t)len);
   memcpy(hdr + 4, type, 4);
   uint32_t crc = crc_update(0xffffffffu, hdr + 4, 4);
   crc = crc_update(crc, data, len) ^ 0xffffffffu;
   put_be32(tail, crc);
   if (fwrite(hdr, 1, 8, f) != 8 || (len && fwrite(data, 1, len, f) != len) || fwrite(tail, 1, 4, f) != 4)
      return -1;
   return 0;
}

int
png_write_rgba(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride)
{
   crc_init();
   const size_t row = (size_t)width * 4 + 1;
   const size_t raw_size = row * height;
   const size_t blocks = raw_size ? (raw_size + 65534) / 65535 : 1;
   const size_t z_size = 2 + blocks * 5 + raw_size + 4;
   uint8_t *raw = malloc(raw_size ? raw_size : 1);
   uint8_t *z = malloc(z_size);
   if (!raw || !z) {
      free(raw);
      free(z);
      errno = ENOMEM;
      return -1;
   }
   for (uint32_t y = 0; y < height; y++) {
      raw[y * row] = 0; /* filter: None */
      memcpy(raw + y * row + 1, rgba + y * stride, (size_t)width * 4);
   }

   /* zlib: CM = 8 (deflate), CINFO = 7 (32K window); FLG makes CMF*256+FLG a multiple of 31,
    * FLEVEL 0 (fastest: nothing is compressed). */
   size_t o = 0;
   z[o++] = 0x78;
   z[o++] = 0x01;
   size_t left = raw_size, at = 0;
   do {
      uint16_t len = (uint16_t)(left > 65535 ? 65535 : left);
      z[o++] = left == len ? 1 : 0; /* BFINAL on the last block, BTYPE 00 = stored */
      z[o++] = (uint8_t)len;
      z[o++] = (uint8_t)(len >> 8);
      z[o++] = (uint8_t)~len;
      z[o++] = (uint8_t)(~len >> 8);
      memcpy(z + o, raw + at, len);
      o += len;
      at += len;
      left -= len;
   } while (left);
   /* Adler-32 (RFC 1950, 8.2), big-endian. */
   uint32_t a = 1, b = 0;
   for (size_t i = 0; i < raw_size; i++) {
      a = (a + raw[i]) % 65521u;
      b = (b + a) % 65521u;
   }
   put_be32(z + o, (b << 16) | a);
   o += 4;

   uint8_t ihdr[13];
   put_be32(ihdr, width);
   put_be32(ihdr + 4, height);
   ihdr[8] = 8;  /* bit depth */
   ihdr[9] = 6;  /* color type: RGBA */
   ihdr[10] = 0; /* compression: deflate */
   ihdr[11] = 0; /* filter method 0 */
   ihdr[12] = 0; /* no interlace */

   static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
   int ret = -1;
   FILE *f = fopen(path, "wb");
   if (f) {
      if (fwrite(signature, 1, 8, f) == 8 && !write_chunk(f, "IHDR", ihdr, sizeof(ihdr)) &&
          !write_chunk(f, "IDAT", z, o) && !write_chunk(f, "IEND", NULL, 0))
         ret = 0;
      if (fclose(f))
         ret = -1;
   }
   free(raw);
   free(z);
   return ret;
}
