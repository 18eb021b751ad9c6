/* The program blob: round trip, and spv_blob_parse on hostile input (every truncation,
 * random byte flips, crafted headers) never crashes or reads out of bounds. */
#include "spv_test.h"

static const char vs[] =
   "#version 140\n"
   "in vec4 pos; in vec2 uv; out vec2 v_uv;\n"
   "uniform mat4 mvp; uniform float k = 0.5; uniform vec4 arr[2];\n"
   "layout(row_major) uniform Xf { mat3x4 m; vec4 off[2]; } xf;\n"
   "void main() { v_uv = uv; gl_Position = mvp * pos * k + arr[1] + xf.off[1] + xf.m[0]; }\n";
static const char fs[] =
   "#version 140\n"
   "in vec2 v_uv; uniform sampler2D tex; uniform samplerCube cube[2]; out vec4 o;\n"
   "uniform Light { vec4 c; } lights[2];\n"
   "void main() { o = texture(tex, v_uv) + texture(cube[1], vec3(v_uv, 1.0)) + lights[1].c; }\n";

static uint32_t rng = 12345;

static uint32_t
next_rand(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return rng;
}

/* Touches everything a parsed blob points at (ASan catches a bad pointer). */
static unsigned
touch(const struct spv_program_info *info)
{
   unsigned sum = 0;
   for (uint32_t i = 0; i < info->uniform_count; i++)
      sum += (unsigned)strlen(info->uniforms[i].name) + info->uniforms[i].gl_type;
   for (uint32_t i = 0; i < info->attrib_count; i++)
      sum += (unsigned)strlen(info->attribs[i].name);
   for (uint32_t i = 0; i < info->output_count; i++)
      sum += (unsigned)strlen(info->outputs[i].name);
   for (uint32_t i = 0; i < info->sampler_count; i++)
      sum += info->samplers[i].binding;
   for (uint32_t i = 0; i < info->block_count; i++)
      sum += (unsigned)strlen(info->blocks[i].name) + info->blocks[i].binding;
   for (int s = 0; s < SPV_STAGE_COUNT; s++)
      for (uint32_t w = 0; info->spirv[s] && w < info->spirv_words[s]; w++)
         sum += info->spirv[s][w];
   if (info->default_block_init)
      for (uint32_t b = 0; b < info->default_block_size; b++)
         sum += info->default_block_init[b];
   return sum;
}

static void
put32(uint8_t *p, uint32_t v)
{
   memcpy(p, &v, 4);
}

int
main(void)
{
   void *blob = NULL;
   size_t size = 0;
   struct spv_program_info *info = link_program(SPV_API_GL, vs, fs, NULL, NULL, &blob, &size);
   CHECK(info != NULL);
   if (!info)
      return check_done("spirv_blob");
   check_modules_valid(info);
   CHECK(memcmp(blob, "SGLP", 4) == 0);
   CHECK(size % 8 == 0);

   /* round trip: a second parse of the same bytes gives the same tables */
   char err[256];
   struct spv_program_info *again = spv_blob_parse(blob, size, err, sizeof(err));
   CHECK(again != NULL);
   if (again) {
      CHECK_EQ(again->uniform_count, info->uniform_count);
      CHECK_EQ(again->sampler_count, 2);
      CHECK_EQ(again->sampler_slot_count, 3);
      CHECK_EQ(again->default_block_size, info->default_block_size);
      CHECK(again->default_block_init != NULL);
      for (uint32_t i = 0; i < info->uniform_count; i++) {
         CHECK(strcmp(again->uniforms[i].name, info->uniforms[i].name) == 0);
         CHECK(memcmp(&again->uniforms[i].gl_type, &info->uniforms[i].gl_type,
                      sizeof(struct spv_uniform) - offsetof(struct spv_uniform, gl_type)) == 0);
      }
      for (int s = 0; s < SPV_STAGE_COUNT; s++) {
         CHECK_EQ(again->spirv_words[s], info->spirv_words[s]);
         if (info->spirv_words[s]) /* the geometry stage is absent here */
            CHECK(memcmp(again->spirv[s], info->spirv[s], info->spirv_words[s] * 4) == 0);
      }
      const struct spv_uniform *u = find_uniform(again, "k");
      CHECK(u != NULL);
      if (u && again->default_block_init) {
         float k;
         memcpy(&k, again->default_block_init + u->offset, 4);
         CHECK(k == 0.5f);
      }
      CHECK((u = find_uniform(again, "cube[0]")) && u->array_size == 2 && u->gl_type == 0x8B60);
      CHECK_EQ(again->point_size_spec, 1); /* desktop GL vertex shader */
      CHECK_EQ(again->writes_point_size, 1);
      spv_program_info_free(again);
   }
   /* the blob does not depend on the caller's buffer alignment */
   uint8_t *shifted = malloc(size + 1);
   memcpy(shifted + 1, blob, size);
   again = spv_blob_parse(shifted + 1, size, err, sizeof(err));
   CHECK(again != NULL);
   spv_program_info_free(again);
   free(shifted);

   /* every truncation is rejected, with a reason */
   unsigned sink = 0;
   for (size_t n = 0; n < size; n++) {
      uint8_t *copy = malloc(n ? n : 1);
      memcpy(copy, blob, n);
      err[0] = '\0';
      struct spv_program_info *p = spv_blob_parse(copy, n, err, sizeof(err));
      CHECK(p == NULL);
      CHECK(err[0] != '\0');
      spv_program_info_free(p);
      free(copy);
   }
   CHECK(spv_blob_parse(NULL, 0, err, sizeof(err)) == NULL);

   /* random flips: never a crash; whatever parses is self-consistent */
   uint8_t *copy = malloc(size);
   int accepted = 0;
   for (int iter = 0; iter < 20000; iter++) {
      memcpy(copy, blob, size);
      int flips = 1 + (int)(next_rand() % 4);
      for (int f = 0; f < flips; f++) {
         /* bias towards the header, section table and record tables */
         size_t at = (next_rand() & 1) ? next_rand() % (size < 512 ? size : 512) : next_rand() % size;
         copy[at] ^= (uint8_t)(1u << (next_rand() % 8));
      }
      struct spv_program_info *p = spv_blob_parse(copy, size, err, sizeof(err));
      if (p) {
         accepted++;
         sink += touch(p);
         for (uint32_t i = 0; i < p->sampler_count; i++)
            CHECK(p->samplers[i].first_slot + p->samplers[i].array_size <= p->sampler_slot_count);
         for (uint32_t i = 0; i < p->uniform_count; i++)
            CHECK((uint64_t)p->uniforms[i].location + p->uniforms[i].array_size <= p->max_uniform_location);
         spv_program_info_free(p);
      }
   }
   printf("random flips: %d of 20000 still parse (flips inside SPIR-V or names)\n", accepted);

   /* crafted: huge offsets, overflowing sizes, bad counts, unterminated strings */
   const uint32_t nsec = ((const uint32_t *)blob)[3];
   for (uint32_t s = 0; s < nsec; s++) {
      static const uint32_t evil[] = {0xffffffffu, 0xfffffff8u, 0x80000000u, 8, 0};
      for (size_t e = 0; e < sizeof(evil) / sizeof(evil[0]); e++) {
         memcpy(copy, blob, size);
         put32(copy + 20 + 12 * s, evil[e]); /* offset */
         struct spv_program_info *p = spv_blob_parse(copy, size, err, sizeof(err));
         if (p)
            sink += touch(p);
         spv_program_info_free(p);
         memcpy(copy, blob, size);
         put32(copy + 24 + 12 * s, evil[e]); /* size */
         p = spv_blob_parse(copy, size, err, sizeof(err));
         if (p)
            sink += touch(p);
         spv_program_info_free(p);
      }
      /* duplicate a section kind */
      memcpy(copy, blob, size);
      put32(copy + 16 + 12 * s, ((const uint32_t *)blob)[4 + 3 * ((s + 1) % nsec)]);
      CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
   }
   memcpy(copy, blob, size);
   put32(copy + 12, 0xffffffffu); /* section count */
   CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
   memcpy(copy, blob, size);
   put32(copy + 8, (uint32_t)size + 8); /* total size lies */
   CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
   memcpy(copy, blob, size);
   put32(copy + 4, 1); /* an older version (before the XFB section) */
   CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
   CHECK(strstr(err, "version") != NULL);
   /* unterminated string table: find STRINGS (kind 2) and clobber its last byte */
   for (uint32_t s = 0; s < nsec; s++) {
      const uint8_t *e = (const uint8_t *)blob + 16 + 12 * s;
      uint32_t kind, off, sz;
      memcpy(&kind, e, 4);
      memcpy(&off, e + 4, 4);
      memcpy(&sz, e + 8, 4);
      if (kind == 2 && sz) {
         memcpy(copy, blob, size);
         copy[off + sz - 1] = 'x';
         CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
      }
      if (kind == 4 && sz >= 20) { /* SAMPLERS: a GL type the module's image is not (1D, 3D) */
         static const uint32_t wrong[] = {0x8B5D /* SAMPLER_1D */, 0x8B5F /* SAMPLER_3D */,
                                          0x8DD2 /* UNSIGNED_INT_SAMPLER_2D */};
         for (size_t k = 0; k < sizeof(wrong) / sizeof(wrong[0]); k++) {
            memcpy(copy, blob, size);
            put32(copy + off + 4, wrong[k]);
            err[0] = '\0';
            CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
            CHECK(strstr(err, "does not match") != NULL);
         }
      }
      if (kind == 1) { /* INFO: absurd uniform count */
         memcpy(copy, blob, size);
         put32(copy + off + 16, 0x40000000u);
         CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
         /* INFO word 10, flags: 0 as in blobs from before the flags parses; unknown bits and
          * the point-size flag without a PointSize store do not */
         memcpy(copy, blob, size);
         put32(copy + off + 40, 0);
         struct spv_program_info *p = spv_blob_parse(copy, size, err, sizeof(err));
         CHECK(p != NULL && p->point_size_spec == 0);
         spv_program_info_free(p);
         put32(copy + off + 40, 2); /* bits 1-2: gl_VertexID / gl_InstanceID read */
         p = spv_blob_parse(copy, size, err, sizeof(err));
         CHECK(p != NULL && p->builtin_attribs == SPV_BUILTIN_ATTRIB_VERTEX_ID);
         spv_program_info_free(p);
         put32(copy + off + 40, 8);
         CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
         put32(copy + off + 40, 1);
         put32(copy + off + 36, 0);
         CHECK(spv_blob_parse(copy, size, err, sizeof(err)) == NULL);
      }
   }
   free(copy);

   /* uniform blocks: Xf (vertex) and Light[0..1] (fragment, one binding of two descriptors);
    * each corruption of a block record, or of a member's block fields, is refused */
   CHECK_EQ(info->block_count, 3);
   const struct spv_uniform *xm = find_uniform(info, "Xf.m");
   CHECK(xm && xm->row_major == 1 && xm->matrix_stride == 16 && xm->block_index == 0);
   uint32_t boff = 0, uoff = 0;
   for (uint32_t s = 0; s < nsec; s++) {
      uint32_t kind, off;
      memcpy(&kind, (const uint8_t *)blob + 16 + 12 * s, 4);
      memcpy(&off, (const uint8_t *)blob + 20 + 12 * s, 4);
      if (kind == 9)
         boff = off;
      if (kind == 3)
         uoff = off;
   }
   CHECK(boff != 0 && uoff != 0);
   static const struct {
      uint32_t block, word, value;
      const char *what;
   } bad_blocks[] = {
      {0, 1, 0, "binding below the UBO range"},
      {1, 1, SPV_BINDING_UBO_BASE + 7, "binding past the blocks"},
      {2, 2, 0, "array element twice"},
      {1, 3, 3, "array size differs within a binding"},
      {0, 4, 16, "data size below a member's extent"},
      {0, 4, 65540, "data size too large"},
      {0, 5, 2, "stage mask that does not declare it"},
      {2, 5, 4, "stage mask past the stages"},
      {1, 6, 100, "members past the uniform table"},
   };
   uint8_t *c2 = malloc(size);
   for (size_t i = 0; boff && i < sizeof(bad_blocks) / sizeof(bad_blocks[0]); i++) {
      memcpy(c2, blob, size);
      put32(c2 + boff + 32 * bad_blocks[i].block + 4 * bad_blocks[i].word, bad_blocks[i].value);
      err[0] = '\0';
      struct spv_program_info *p = spv_blob_parse(c2, size, err, sizeof(err));
      if (p)
         fprintf(stderr, "accepted a blob with %s\n", bad_blocks[i].what);
      CHECK(p == NULL);
      spv_program_info_free(p);
   }
   /* a member claiming a location, a block past the table, or an offset past its block */
   uint32_t xi = (uint32_t)(xm - info->uniforms);
   static const struct { uint32_t word, value; } bad_members[] = {{3, 0}, {8, 3}, {8, 0xfffffffeu}, {4, 60}, {9, 2}};
   for (size_t i = 0; uoff && i < sizeof(bad_members) / sizeof(bad_members[0]); i++) {
      memcpy(c2, blob, size);
      put32(c2 + uoff + 40 * xi + 4 * bad_members[i].word, bad_members[i].value);
      struct spv_program_info *p = spv_blob_parse(c2, size, err, sizeof(err));
      CHECK(p == NULL);
      spv_program_info_free(p);
   }
   free(c2);

   /* the point-size flag on a module without the specialization constant (an ES program that
    * writes gl_PointSize itself) is rejected */
   static const char es_vs[] = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; gl_PointSize = 2.0; }\n";
   static const char es_fs[] = "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   void *es_blob = NULL;
   size_t es_size = 0;
   struct spv_program_info *es = link_program(SPV_API_GLES, es_vs, es_fs, NULL, NULL, &es_blob, &es_size);
   CHECK(es != NULL && es->writes_point_size == 1 && es->point_size_spec == 0);
   for (uint32_t s = 0; es_blob && s < ((const uint32_t *)es_blob)[3]; s++) {
      uint32_t kind, off;
      memcpy(&kind, (const uint8_t *)es_blob + 16 + 12 * s, 4);
      memcpy(&off, (const uint8_t *)es_blob + 20 + 12 * s, 4);
      if (kind != 1)
         continue;
      put32((uint8_t *)es_blob + off + 40, 1);
      err[0] = '\0';
      CHECK(spv_blob_parse(es_blob, es_size, err, sizeof(err)) == NULL);
      CHECK(strstr(err, "specialization") != NULL);
   }
   spv_program_info_free(es);
   free(es_blob);
   printf("checksum %u\n", sink);
   spv_program_info_free(info);
   free(blob);
   return check_done("spirv_blob");
}
