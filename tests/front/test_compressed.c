/* Compressed textures (ETC2 / EAC, ETC1; GL core's RGTC) on a recording fake wire: one row per
 * call the OpenGL ES 3.0 spec (section 3.8.6) or the GL 3.3 spec (section 3.8.5) refuses, with
 * its error, plus the valid rows, the records they send (whole blocks), the format lists per
 * context and a server that cannot sample them. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

#include "../egl/egl_check.h" /* CHECK and its failure count */

static void
expect(GLenum want, const char *what, unsigned row)
{
   GLenum got = glf_GetError();
   CHECK(got == want, "%s row %u: got 0x%x, want 0x%x", what, row, got, want);
   while (glf_GetError() != GL_NO_ERROR)
      ;
}

static uint8_t blocks[16 * 64 * 64];

static struct glf_context *
make(enum glf_api api, int major, int minor)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, api, major, minor, NULL, false, false);
   static struct glf_drawable d = {.color = {1, 1}, .width = 16, .height = 16};
   glf_make_current(ctx, &d, &d);
   return ctx;
}

static void
drop(struct glf_context *ctx)
{
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

/* ---- glCompressedTexImage2D / 3D ------------------------------------------------------------ */
struct image_row {
   int dims; /* 2 or 3 */
   GLenum target;
   GLint level;
   GLenum ifmt;
   GLsizei w, h, d;
   GLint border;
   GLsizei size;
   GLenum err;
};

#define RGB8 GL_COMPRESSED_RGB8_ETC2
#define RGBA8 GL_COMPRESSED_RGBA8_ETC2_EAC
static const struct image_row image_rows[] = {
   /* valid: 8- and 16-byte blocks, partial blocks, cube faces, arrays */
   {2, GL_TEXTURE_2D, 0, RGB8, 8, 8, 1, 0, 32, GL_NO_ERROR},
   {2, GL_TEXTURE_2D, 0, RGBA8, 5, 3, 1, 0, 32, GL_NO_ERROR},
   {2, GL_TEXTURE_2D, 0, GL_COMPRESSED_R11_EAC, 1, 1, 1, 0, 8, GL_NO_ERROR},
   {2, GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RG11_EAC, 4, 12, 1, 0, 48, GL_NO_ERROR},
   {2, GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 1, 0, 8, GL_NO_ERROR},
   {2, GL_TEXTURE_2D, 0, RGB8, 0, 0, 1, 0, 0, GL_NO_ERROR},
   {2, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 1, GL_COMPRESSED_SRGB8_ETC2, 4, 4, 1, 0, 8, GL_NO_ERROR},
   {3, GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 8, 4, 3, 0, 48, GL_NO_ERROR},
   {3, GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, 6, 6, 2, 0, 128, GL_NO_ERROR},
   /* INVALID_ENUM: the target, a format that is not compressed (or not in ES 3.0) */
   {2, GL_TEXTURE_3D, 0, RGB8, 4, 4, 1, 0, 8, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D_ARRAY, 0, RGB8, 4, 4, 1, 0, 8, GL_INVALID_ENUM},
   {3, GL_TEXTURE_2D, 0, RGB8, 4, 4, 1, 0, 8, GL_INVALID_ENUM},
   {2, 0, 0, RGB8, 4, 4, 1, 0, 8, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, 0, 64, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 1, 0, 64, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA, 4, 4, 1, 0, 16, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D, 0, 0x83F0 /* COMPRESSED_RGB_S3TC_DXT1_EXT */, 4, 4, 1, 0, 8, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D, 0, 0x8DBB /* COMPRESSED_RED_RGTC1 (GL only) */, 4, 4, 1, 0, 8, GL_INVALID_ENUM},
   /* INVALID_OPERATION: ETC2 / EAC on a 3D texture, ETC1 on an array */
   {3, GL_TEXTURE_3D, 0, RGB8, 4, 4, 1, 0, 8, GL_INVALID_OPERATION},
   {3, GL_TEXTURE_3D, 0, GL_COMPRESSED_R11_EAC, 4, 4, 4, 0, 32, GL_INVALID_OPERATION},
   {3, GL_TEXTURE_2D_ARRAY, 0, GL_ETC1_RGB8_OES, 4, 4, 1, 0, 8, GL_INVALID_OPERATION},
   /* INVALID_VALUE: level, sizes, border, a non-square cube face, imageSize */
   {2, GL_TEXTURE_2D, -1, RGB8, 4, 4, 1, 0, 8, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 15, RGB8, 1, 1, 1, 0, 8, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 0, RGB8, -4, 4, 1, 0, 8, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 0, RGB8, 4, 1 << 20, 1, 0, 8, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 0, RGB8, 4, 4, 1, 1, 8, GL_INVALID_VALUE},
   {2, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, RGB8, 8, 4, 1, 0, 16, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 0, RGB8, 4, 4, 1, 0, 16, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 0, RGB8, 4, 4, 1, 0, 7, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 0, RGB8, 4, 4, 1, 0, -8, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, 0, RGBA8, 4, 4, 1, 0, 8, GL_INVALID_VALUE},   /* 16-byte blocks */
   {2, GL_TEXTURE_2D, 0, RGB8, 5, 5, 1, 0, 8, GL_INVALID_VALUE},    /* four blocks */
   {3, GL_TEXTURE_2D_ARRAY, 0, RGB8, 4, 4, 3, 0, 8, GL_INVALID_VALUE}, /* per layer */
   {3, GL_TEXTURE_2D_ARRAY, 0, RGB8, 4, 4, -1, 0, 8, GL_INVALID_VALUE},
};

static void
image_table(void)
{
   GLuint t[4];
   glf_GenTextures(4, t);
   glf_BindTexture(GL_TEXTURE_2D, t[0]);
   glf_BindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
   glf_BindTexture(GL_TEXTURE_2D_ARRAY, t[2]);
   glf_BindTexture(GL_TEXTURE_3D, t[3]);
   for (unsigned i = 0; i < sizeof(image_rows) / sizeof(image_rows[0]); i++) {
      const struct image_row *r = &image_rows[i];
      if (r->dims == 2)
         glf_CompressedTexImage2D(r->target, r->level, r->ifmt, r->w, r->h, r->border, r->size, blocks);
      else
         glf_CompressedTexImage3D(r->target, r->level, r->ifmt, r->w, r->h, r->d, r->border, r->size, blocks);
      expect(r->err, "glCompressedTexImage", i);
   }
   glf_DeleteTextures(4, t);
}

/* ---- glCompressedTexSubImage2D on an 8x6 RGB8 ETC2 image (2 x 2 blocks, the top row partial) -- */
struct sub_row {
   GLint level, x, y;
   GLsizei w, h;
   GLenum format;
   GLsizei size;
   GLenum err;
};

static const struct sub_row sub_rows[] = {
   {0, 0, 0, 8, 6, RGB8, 32, GL_NO_ERROR},
   {0, 4, 0, 4, 4, RGB8, 8, GL_NO_ERROR},
   {0, 0, 4, 8, 2, RGB8, 16, GL_NO_ERROR},   /* the partial top row: reaches the edge */
   {0, 4, 4, 4, 2, RGB8, 8, GL_NO_ERROR},
   {0, 0, 0, 0, 0, RGB8, 0, GL_NO_ERROR},
   /* INVALID_ENUM: no compressed format */
   {0, 0, 0, 4, 4, GL_RGB, 8, GL_INVALID_ENUM},
   {0, 0, 0, 4, 4, 0, 8, GL_INVALID_ENUM},
   /* INVALID_OPERATION: another format than the image's; off the block grid */
   {0, 0, 0, 4, 4, RGBA8, 16, GL_INVALID_OPERATION},
   {0, 0, 0, 4, 4, GL_COMPRESSED_SRGB8_ETC2, 8, GL_INVALID_OPERATION},
   {0, 2, 0, 4, 4, RGB8, 8, GL_INVALID_OPERATION},
   {0, 0, 1, 4, 4, RGB8, 8, GL_INVALID_OPERATION},
   {0, 0, 0, 3, 4, RGB8, 8, GL_INVALID_OPERATION},
   {0, 0, 0, 4, 2, RGB8, 8, GL_INVALID_OPERATION},    /* 2 high, not at the edge */
   {1, 0, 0, 4, 3, RGB8, 8, GL_INVALID_OPERATION},    /* level 1 is not defined */
   /* INVALID_VALUE: negative offsets and sizes, past the image, imageSize */
   {0, -4, 0, 4, 4, RGB8, 8, GL_INVALID_VALUE},
   {0, 0, 0, -4, 4, RGB8, 8, GL_INVALID_VALUE},
   {0, 4, 0, 8, 4, RGB8, 16, GL_INVALID_VALUE},
   {0, 0, 4, 4, 4, RGB8, 8, GL_INVALID_VALUE},
   {-1, 0, 0, 4, 4, RGB8, 8, GL_INVALID_VALUE},
   {0, 0, 0, 4, 4, RGB8, 16, GL_INVALID_VALUE},
   {0, 0, 0, 8, 6, RGB8, 24, GL_INVALID_VALUE},
};

static void
sub_table(void)
{
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, RGB8, 8, 6, 0, 32, blocks);
   expect(GL_NO_ERROR, "glCompressedTexImage2D(8x6)", 0);
   for (unsigned i = 0; i < sizeof(sub_rows) / sizeof(sub_rows[0]); i++) {
      const struct sub_row *r = &sub_rows[i];
      glf_CompressedTexSubImage2D(GL_TEXTURE_2D, r->level, r->x, r->y, r->w, r->h, r->format, r->size, blocks);
      expect(r->err, "glCompressedTexSubImage2D", i);
   }
   /* Texel paths into a compressed image: TexSubImage's format / type cannot match it,
    * CopyTexSubImage does not write blocks, GenerateMipmap needs a renderable format. */
   glf_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGB, GL_UNSIGNED_BYTE, blocks);
   expect(GL_INVALID_OPERATION, "glTexSubImage2D(compressed image)", 0);
   glf_CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
   expect(GL_INVALID_OPERATION, "glCopyTexSubImage2D(compressed image)", 0);
   glf_GenerateMipmap(GL_TEXTURE_2D);
   expect(GL_INVALID_OPERATION, "glGenerateMipmap(compressed)", 0);
   glf_CopyTexImage2D(GL_TEXTURE_2D, 0, RGB8, 0, 0, 4, 4, 0);
   expect(GL_INVALID_ENUM, "glCopyTexImage2D(compressed internalformat)", 0);
   glf_TexImage2D(GL_TEXTURE_2D, 0, (GLint)RGB8, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, blocks);
   expect(GL_INVALID_VALUE, "glTexImage2D(compressed internalformat)", 0);
   /* ETC1: no sub-image updates (OES_compressed_ETC1_RGB8_texture) */
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 8, 8, 0, 32, blocks);
   expect(GL_NO_ERROR, "glCompressedTexImage2D(ETC1)", 0);
   glf_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_ETC1_RGB8_OES, 8, blocks);
   expect(GL_INVALID_OPERATION, "glCompressedTexSubImage2D(ETC1)", 0);
   glf_DeleteTextures(1, &t);
}

/* ---- TexStorage, immutability, PIXEL_UNPACK_BUFFER ------------------------------------------- */
static void
storage_and_buffers(void)
{
   GLuint t[3];
   glf_GenTextures(3, t);
   glf_BindTexture(GL_TEXTURE_2D, t[0]);
   glf_TexStorage2D(GL_TEXTURE_2D, 4, GL_COMPRESSED_RG11_EAC, 8, 8);
   expect(GL_NO_ERROR, "glTexStorage2D(RG11 EAC)", 0);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG11_EAC, 8, 8, 0, 64, blocks);
   expect(GL_INVALID_OPERATION, "glCompressedTexImage2D(immutable)", 0);
   glf_CompressedTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1, GL_COMPRESSED_RG11_EAC, 16, blocks);
   expect(GL_NO_ERROR, "glCompressedTexSubImage2D(level 3, 1x1)", 0);
   glf_CompressedTexSubImage2D(GL_TEXTURE_2D, 4, 0, 0, 1, 1, GL_COMPRESSED_RG11_EAC, 16, blocks);
   expect(GL_INVALID_OPERATION, "glCompressedTexSubImage2D(level 4 of 4 levels)", 0);
   GLint v = 0;
   glf_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   CHECK(v == GL_TRUE, "IMMUTABLE_FORMAT %d", v);
   glf_BindTexture(GL_TEXTURE_3D, t[1]);
   glf_TexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGB8_ETC2, 8, 8, 2);
   expect(GL_INVALID_OPERATION, "glTexStorage3D(3D, ETC2)", 0);
   glf_BindTexture(GL_TEXTURE_2D_ARRAY, t[2]);
   glf_TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_ETC1_RGB8_OES, 8, 8, 2);
   expect(GL_INVALID_ENUM, "glTexStorage3D(ETC1)", 0);
   glf_TexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_COMPRESSED_SIGNED_R11_EAC, 8, 8, 2);
   expect(GL_NO_ERROR, "glTexStorage3D(2D array, signed R11)", 0);
   /* one layer, then both layers at once: one record per layer */
   uint64_t before = fake_wire_op_count[WIRE_OP_TextureSubData];
   glf_CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 8, 8, 1, GL_COMPRESSED_SIGNED_R11_EAC, 32, blocks);
   expect(GL_NO_ERROR, "glCompressedTexSubImage3D(layer 1)", 0);
   CHECK(fake_wire_op_count[WIRE_OP_TextureSubData] == before + 1, "one record for one layer");
   CHECK(fake_wire_last_stage_size == 32, "whole blocks staged: %u", fake_wire_last_stage_size);
   glf_CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8, 8, 2, GL_COMPRESSED_SIGNED_R11_EAC, 64, blocks);
   expect(GL_NO_ERROR, "glCompressedTexSubImage3D(layers 0-1)", 0);
   CHECK(fake_wire_op_count[WIRE_OP_TextureSubData] == before + 3, "a record per layer");
   glf_CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 8, 8, 2, GL_COMPRESSED_SIGNED_R11_EAC, 64, blocks);
   expect(GL_INVALID_VALUE, "glCompressedTexSubImage3D(past the last layer)", 0);

   /* PIXEL_UNPACK_BUFFER: data is an offset; imageSize bytes must lie inside the buffer */
   GLuint pbo;
   glf_GenBuffers(1, &pbo);
   glf_BindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
   for (unsigned i = 0; i < 48; i++)
      blocks[i] = (uint8_t)(i * 7);
   glf_BufferData(GL_PIXEL_UNPACK_BUFFER, 48, blocks, GL_STATIC_DRAW);
   glf_BindTexture(GL_TEXTURE_2D, t[0]);
   glf_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RG11_EAC, 16, (void *)32);
   expect(GL_NO_ERROR, "glCompressedTexSubImage2D(from a buffer)", 0);
   CHECK(fake_wire_last_stage_size == 16 && fake_wire_last_stage && fake_wire_last_stage[0] == (uint8_t)(32 * 7),
         "the buffer's bytes at the offset were staged");
   glf_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RG11_EAC, 16, (void *)33);
   expect(GL_INVALID_OPERATION, "glCompressedTexSubImage2D(past the buffer)", 0);
   glf_MapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 48, GL_MAP_WRITE_BIT);
   glf_CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RG11_EAC, 16, (void *)0);
   expect(GL_INVALID_OPERATION, "glCompressedTexSubImage2D(mapped buffer)", 0);
   glf_UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
   glf_BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   glf_DeleteBuffers(1, &pbo);
   glf_DeleteTextures(3, t);
}

/* ---- the format lists ------------------------------------------------------------------------- */
static GLint
get_int(GLenum e)
{
   GLint v = -1;
   glf_GetIntegerv(e, &v);
   return v;
}

static bool
has_extension(const char *name)
{
   const char *s = (const char *)glf_GetString(GL_EXTENSIONS);
   return s && strstr(s, name) != NULL;
}

/* GL core contexts list extensions through glGetStringi only */
static bool
has_extension_i(const char *name)
{
   GLint n = get_int(GL_NUM_EXTENSIONS);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)glf_GetStringi(GL_EXTENSIONS, (GLuint)i);
      if (e && !strcmp(e, name))
         return true;
   }
   return false;
}

static void
format_lists(void)
{
   struct glf_context *ctx = make(GLF_API_GLES, 3, 0);
   CHECK(get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS) == 11, "ES 3.0: %d", get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS));
   GLint f[16] = {0};
   glf_GetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, f);
   bool etc1 = false, rgba8 = false;
   for (int i = 0; i < 11; i++) {
      etc1 = etc1 || f[i] == GL_ETC1_RGB8_OES;
      rgba8 = rgba8 || f[i] == GL_COMPRESSED_RGBA8_ETC2_EAC;
   }
   CHECK(etc1 && rgba8 && f[11] == 0, "COMPRESSED_TEXTURE_FORMATS");
   CHECK(has_extension("GL_OES_compressed_ETC1_RGB8_texture"), "ES 3.0 lists ETC1");
   /* glGetInternalformativ and renderbuffers: "INVALID_ENUM if internalformat is not color-,
    * depth-, or stencil-renderable" (ES 3.0 section 6.1.15, 4.4.2.1) */
   GLint samples = -1;
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_COMPRESSED_RGB8_ETC2, GL_NUM_SAMPLE_COUNTS, 1, &samples);
   expect(GL_INVALID_ENUM, "glGetInternalformativ(ETC2)", 0);
   CHECK(samples == -1, "nothing written");
   glf_GetInternalformativ(GL_RENDERBUFFER, GL_COMPRESSED_R11_EAC, GL_SAMPLES, 1, &samples);
   expect(GL_INVALID_ENUM, "glGetInternalformativ(EAC)", 0);
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   glf_RenderbufferStorage(GL_RENDERBUFFER, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4);
   expect(GL_INVALID_ENUM, "glRenderbufferStorage(ETC2)", 0);
   glf_DeleteRenderbuffers(1, &rb);
   image_table();
   sub_table();
   storage_and_buffers();
   drop(ctx);

   ctx = make(GLF_API_GLES, 2, 0);
   CHECK(get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS) == 1, "ES 2.0: ETC1 only");
   GLuint t;
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, RGB8, 4, 4, 0, 8, blocks);
   expect(GL_INVALID_ENUM, "ES 2.0 glCompressedTexImage2D(ETC2)", 0);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 0, 8, blocks);
   expect(GL_NO_ERROR, "ES 2.0 glCompressedTexImage2D(ETC1)", 0);
   drop(ctx);

   /* GL 3.3 core requires no ETC2 and splitgl offers none there (RGTC: gl_core_rgtc) */
   ctx = make(GLF_API_GL_CORE, 3, 3);
   CHECK(get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS) == 0, "GL 3.3 core: none");
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, RGB8, 4, 4, 0, 8, blocks);
   expect(GL_INVALID_ENUM, "GL glCompressedTexImage2D(ETC2)", 0);
   drop(ctx);

   /* A server that samples none of the compressed formats (second mask word empty): nothing
    * listed, nothing accepted. */
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   static_assert(WIRE_FMT_ETC2_R8G8B8_UNORM == 63, "the first compressed format is the last bit of word 0");
   fake_wire_info.caps[WIRE_CAP_SAMPLED_FORMATS] = (1ull << WIRE_FMT_ETC2_R8G8B8_UNORM) - 1;
   fake_wire_info.caps[WIRE_CAP_SAMPLED_FORMATS_1] = 0;
   ctx = make(GLF_API_GLES, 3, 0);
   CHECK(get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS) == 0, "no compressed sampling: %d",
         get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS));
   CHECK(!has_extension("GL_OES_compressed_ETC1_RGB8_texture"), "ETC1 not listed");
   glf_GenTextures(1, &t);
   glf_BindTexture(GL_TEXTURE_2D, t);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, RGB8, 4, 4, 0, 8, blocks);
   expect(GL_INVALID_ENUM, "glCompressedTexImage2D(unsampled)", 0);
   glf_TexStorage2D(GL_TEXTURE_2D, 1, RGB8, 4, 4);
   expect(GL_INVALID_ENUM, "glTexStorage2D(unsampled)", 0);
   drop(ctx);
   /* ... and one that samples only RGBA8 ETC2 (bit 67: word 1, bit 3) */
   fake_wire_info.caps[WIRE_CAP_SAMPLED_FORMATS_1] = 1ull << (WIRE_FMT_ETC2_R8G8B8A8_UNORM - 64);
   ctx = make(GLF_API_GLES, 3, 0);
   CHECK(get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS) == 1, "one compressed format: %d",
         get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS));
   drop(ctx);
   memset(fake_wire_info.caps, 0, sizeof(fake_wire_info.caps));
   fake_wire_info.cap_count = 0;
}

/* ---- GL 3.3 core's RGTC (table 3.14) ---------------------------------------------------------- */
#define RED1 GL_COMPRESSED_RED_RGTC1
#define SRG2 GL_COMPRESSED_SIGNED_RG_RGTC2
struct rgtc_row {
   int dims; /* 1, 2 or 3 */
   GLenum target;
   GLenum ifmt;
   GLsizei w, h, d;
   GLsizei size;
   GLenum err;
};

static const struct rgtc_row rgtc_rows[] = {
   {2, GL_TEXTURE_2D, RED1, 8, 8, 1, 32, GL_NO_ERROR},
   {2, GL_TEXTURE_2D, SRG2, 5, 3, 1, 32, GL_NO_ERROR}, /* partial blocks: 2 x 1 of 16 bytes */
   {2, GL_TEXTURE_2D, GL_COMPRESSED_SIGNED_RED_RGTC1, 1, 1, 1, 8, GL_NO_ERROR},
   {2, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, GL_COMPRESSED_RG_RGTC2, 4, 4, 1, 16, GL_NO_ERROR},
   {3, GL_TEXTURE_2D_ARRAY, RED1, 4, 4, 2, 16, GL_NO_ERROR},
   /* "INVALID_VALUE if imageSize is not consistent with the format, dimensions, and contents" */
   {2, GL_TEXTURE_2D, RED1, 8, 8, 1, 64, GL_INVALID_VALUE},
   {2, GL_TEXTURE_2D, SRG2, 4, 4, 1, 8, GL_INVALID_VALUE},
   /* the generic compressed formats and ES's ETC2 are no CompressedTexImage format here */
   {2, GL_TEXTURE_2D, GL_COMPRESSED_RED, 4, 4, 1, 8, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D, GL_COMPRESSED_RG, 4, 4, 1, 16, GL_INVALID_ENUM},
   {2, GL_TEXTURE_2D, RGB8, 4, 4, 1, 8, GL_INVALID_ENUM},
   /* RGTC images are 2D: a 3D texture is INVALID_OPERATION; 1D, 1D-array and rectangle
    * targets INVALID_ENUM */
   {3, GL_TEXTURE_3D, RED1, 4, 4, 2, 16, GL_INVALID_OPERATION},
   {1, GL_TEXTURE_1D, RED1, 4, 1, 1, 8, GL_INVALID_ENUM},
   {2, GL_TEXTURE_1D_ARRAY, RED1, 4, 4, 1, 8, GL_INVALID_ENUM},
   {2, GL_TEXTURE_RECTANGLE, RED1, 4, 4, 1, 8, GL_INVALID_ENUM},
};

static GLint
level_int(GLenum target, GLenum pname)
{
   GLint v = -1;
   glf_GetTexLevelParameteriv(target, 0, pname, &v);
   return v;
}

static void
gl_core_rgtc(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE, 3, 3);
   /* COMPRESSED_TEXTURE_FORMATS lists general-purpose formats only: RGTC is not one */
   CHECK(get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS) == 0, "GL 3.3 core lists none");
   CHECK(has_extension_i("GL_ARB_texture_compression_rgtc") && has_extension_i("GL_EXT_texture_compression_rgtc"),
         "the RGTC extensions listed");
   GLuint t[6];
   glf_GenTextures(6, t);
   glf_BindTexture(GL_TEXTURE_2D, t[0]);
   glf_BindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
   glf_BindTexture(GL_TEXTURE_2D_ARRAY, t[2]);
   glf_BindTexture(GL_TEXTURE_3D, t[3]);
   glf_BindTexture(GL_TEXTURE_1D, t[4]);
   glf_BindTexture(GL_TEXTURE_1D_ARRAY, t[5]);
   for (unsigned i = 0; i < sizeof(rgtc_rows) / sizeof(rgtc_rows[0]); i++) {
      const struct rgtc_row *r = &rgtc_rows[i];
      if (r->dims == 1)
         glf_CompressedTexImage1D(r->target, 0, r->ifmt, r->w, 0, r->size, blocks);
      else if (r->dims == 2)
         glf_CompressedTexImage2D(r->target, 0, r->ifmt, r->w, r->h, 0, r->size, blocks);
      else
         glf_CompressedTexImage3D(r->target, 0, r->ifmt, r->w, r->h, r->d, 0, r->size, blocks);
      expect(r->err, "GL core glCompressedTexImage (RGTC)", i);
   }
   /* TexImage with an RGTC internal format: the GL compresses; 3D INVALID_OPERATION, 1D
    * INVALID_ENUM, integer data INVALID_OPERATION */
   uint8_t texels[8 * 8 * 2];
   for (unsigned i = 0; i < sizeof(texels); i++)
      texels[i] = (uint8_t)((i / 16) & 1 ? 200 : 10);
   glf_TexImage2D(GL_TEXTURE_2D, 0, (GLint)RED1, 8, 8, 0, GL_RED, GL_UNSIGNED_BYTE, texels);
   expect(GL_NO_ERROR, "glTexImage2D(RED_RGTC1)", 0);
   CHECK(level_int(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED) == GL_TRUE, "TEXTURE_COMPRESSED");
   CHECK(level_int(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED_IMAGE_SIZE) == 32, "TEXTURE_COMPRESSED_IMAGE_SIZE");
   CHECK(level_int(GL_TEXTURE_2D, GL_TEXTURE_RED_SIZE) == 8 && level_int(GL_TEXTURE_2D, GL_TEXTURE_GREEN_SIZE) == 0,
         "RGTC1 sizes");
   uint8_t back[64 + 1];
   memset(back, 0xcd, sizeof(back));
   glf_GetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, back);
   expect(GL_NO_ERROR, "glGetTexImage(RED_RGTC1)", 0);
   CHECK(!memcmp(back, texels, 64) && back[64] == 0xcd, "two values a block come back exactly");
   uint8_t cblocks[32 + 1];
   memset(cblocks, 0xcd, sizeof(cblocks));
   glf_GetCompressedTexImage(GL_TEXTURE_2D, 0, cblocks);
   expect(GL_NO_ERROR, "glGetCompressedTexImage", 0);
   CHECK(cblocks[32] == 0xcd && (cblocks[0] == 200 || cblocks[0] == 10), "the encoded blocks");
   glf_TexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_RED, GL_UNSIGNED_BYTE, texels);
   expect(GL_INVALID_OPERATION, "glTexSubImage2D(off the block grid)", 0);
   glf_TexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 3, 4, GL_RED, GL_UNSIGNED_BYTE, texels);
   expect(GL_INVALID_OPERATION, "glTexSubImage2D(width 3 short of the edge)", 0);
   glf_TexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_RED, GL_UNSIGNED_BYTE, texels);
   expect(GL_NO_ERROR, "glTexSubImage2D(one block)", 0);
   glf_TexImage2D(GL_TEXTURE_2D, 0, (GLint)RED1, 4, 4, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, texels);
   expect(GL_INVALID_OPERATION, "glTexImage2D(RED_RGTC1, integer data)", 0);
   glf_TexImage3D(GL_TEXTURE_3D, 0, (GLint)RED1, 4, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
   expect(GL_INVALID_OPERATION, "glTexImage3D(3D, RED_RGTC1)", 0);
   glf_TexImage1D(GL_TEXTURE_1D, 0, (GLint)RED1, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
   expect(GL_INVALID_ENUM, "glTexImage1D(RED_RGTC1)", 0);
   glf_TexStorage3D(GL_TEXTURE_3D, 1, SRG2, 4, 4, 4);
   expect(GL_INVALID_OPERATION, "glTexStorage3D(3D, RGTC2)", 0);
   /* a pack buffer too small for the blocks */
   GLuint pbo;
   glf_GenBuffers(1, &pbo);
   glf_BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   glf_BufferData(GL_PIXEL_PACK_BUFFER, 16, NULL, GL_STREAM_READ);
   glf_GetCompressedTexImage(GL_TEXTURE_2D, 0, NULL);
   expect(GL_INVALID_OPERATION, "glGetCompressedTexImage(pack buffer too small)", 0);
   glf_BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   glf_DeleteBuffers(1, &pbo);
   /* an uncompressed image: GetCompressedTexImage and COMPRESSED_IMAGE_SIZE refused */
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_R8, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, texels);
   glf_GetCompressedTexImage(GL_TEXTURE_2D, 0, cblocks);
   expect(GL_INVALID_OPERATION, "glGetCompressedTexImage(R8)", 0);
   GLint v = -1;
   glf_GetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   expect(GL_INVALID_OPERATION, "TEXTURE_COMPRESSED_IMAGE_SIZE(R8)", 0);
   CHECK(v == -1, "nothing written");
   /* a generic compressed format is stored uncompressed and named by its base format */
   glf_TexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, blocks);
   expect(GL_NO_ERROR, "glTexImage2D(COMPRESSED_RGBA)", 0);
   CHECK(level_int(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA, "COMPRESSED_RGBA is RGBA");
   CHECK(level_int(GL_TEXTURE_2D, GL_TEXTURE_COMPRESSED) == GL_FALSE, "not compressed");
   /* never a renderbuffer format */
   GLuint rb;
   glf_GenRenderbuffers(1, &rb);
   glf_BindRenderbuffer(GL_RENDERBUFFER, rb);
   glf_RenderbufferStorage(GL_RENDERBUFFER, RED1, 4, 4);
   expect(GL_INVALID_ENUM, "glRenderbufferStorage(RGTC)", 0);
   glf_DeleteRenderbuffers(1, &rb);
   glf_DeleteTextures(6, t);
   drop(ctx);

   /* ES 3.0 has no RGTC */
   ctx = make(GLF_API_GLES, 3, 0);
   CHECK(!has_extension("texture_compression_rgtc"), "ES lists no RGTC extension");
   GLuint te;
   glf_GenTextures(1, &te);
   glf_BindTexture(GL_TEXTURE_2D, te);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, RED1, 4, 4, 0, 8, blocks);
   expect(GL_INVALID_ENUM, "ES 3.0 glCompressedTexImage2D(RGTC)", 0);
   glf_TexStorage2D(GL_TEXTURE_2D, 1, RED1, 4, 4);
   expect(GL_INVALID_ENUM, "ES 3.0 glTexStorage2D(RGTC)", 0);
   drop(ctx);

   /* a server that samples no BC4 / BC5: RGTC refused in GL core */
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   fake_wire_info.caps[WIRE_CAP_SAMPLED_FORMATS] = ~0ull;
   fake_wire_info.caps[WIRE_CAP_SAMPLED_FORMATS_1] = (1ull << (WIRE_FMT_BC4_UNORM - 64)) - 1;
   ctx = make(GLF_API_GL_CORE, 3, 3);
   glf_GenTextures(1, &te);
   glf_BindTexture(GL_TEXTURE_2D, te);
   glf_CompressedTexImage2D(GL_TEXTURE_2D, 0, RED1, 4, 4, 0, 8, blocks);
   expect(GL_INVALID_ENUM, "glCompressedTexImage2D(RGTC unsampled)", 0);
   CHECK(!has_extension_i("GL_ARB_texture_compression_rgtc"), "no RGTC extension without BC sampling");
   drop(ctx);
   memset(fake_wire_info.caps, 0, sizeof(fake_wire_info.caps));
   fake_wire_info.cap_count = 0;
}

int
main(void)
{
   format_lists();
   gl_core_rgtc();
   printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
