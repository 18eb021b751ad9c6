/* Helpers shared by the spirv/ tests: link a program and look things up in the result. */
#ifndef SGL_TEST_SPV_TEST_H
#define SGL_TEST_SPV_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv.h"
#include "tests/unit/check.h"

/* Compiles and links vs [+ gs] [+ fs] (NULL: no such stage); returns the parsed blob or NULL
 * (log printed when verbose). */
static inline struct spv_program_info *
link_stages(enum spv_api api, const char *vs, const char *gs, const char *fs, const struct spv_link_options *opts,
            char **log_out, void **blob_out, size_t *blob_size_out)
{
   struct spv_shader *sh[3] = {spv_compile(SPV_STAGE_VERTEX, api, vs),
                               gs ? spv_compile(SPV_STAGE_GEOMETRY, api, gs) : NULL,
                               fs ? spv_compile(SPV_STAGE_FRAGMENT, api, fs) : NULL};
   struct spv_shader *list[3];
   uint32_t n = 0;
   for (int i = 0; i < 3; i++) {
      if (!sh[i])
         continue;
      if (!spv_shader_ok(sh[i]))
         fprintf(stderr, "compile %d failed:\n%s\n", i, spv_shader_info_log(sh[i]));
      list[n++] = sh[i];
   }
   void *blob = NULL;
   size_t size = 0;
   char *log = NULL;
   bool ok = spv_link(list, n, opts, &blob, &size, &log);
   for (int i = 0; i < 3; i++)
      spv_shader_free(sh[i]);
   struct spv_program_info *info = NULL;
   if (ok) {
      char err[256];
      info = spv_blob_parse(blob, size, err, sizeof(err));
      if (!info)
         fprintf(stderr, "blob_parse: %s\n", err);
   }
   if (log_out)
      *log_out = log;
   else
      free(log);
   if (blob_out) {
      *blob_out = blob;
      *blob_size_out = size;
   } else {
      free(blob);
   }
   return info;
}

/* Compiles and links vs + fs. */
static inline struct spv_program_info *
link_program(enum spv_api api, const char *vs, const char *fs, const struct spv_link_options *opts,
             char **log_out, void **blob_out, size_t *blob_size_out)
{
   return link_stages(api, vs, NULL, fs, opts, log_out, blob_out, blob_size_out);
}

static inline const struct spv_uniform *
find_uniform(const struct spv_program_info *info, const char *name)
{
   for (uint32_t i = 0; i < info->uniform_count; i++)
      if (strcmp(info->uniforms[i].name, name) == 0)
         return &info->uniforms[i];
   fprintf(stderr, "uniform %s not found\n", name);
   return NULL;
}

static inline const struct spv_attrib *
find_attrib(const struct spv_program_info *info, const char *name)
{
   for (uint32_t i = 0; i < info->attrib_count; i++)
      if (strcmp(info->attribs[i].name, name) == 0)
         return &info->attribs[i];
   fprintf(stderr, "attribute %s not found\n", name);
   return NULL;
}

static inline const struct spv_output *
find_output(const struct spv_program_info *info, const char *name)
{
   for (uint32_t i = 0; i < info->output_count; i++)
      if (strcmp(info->outputs[i].name, name) == 0)
         return &info->outputs[i];
   fprintf(stderr, "output %s not found\n", name);
   return NULL;
}

/* The id an OpName (5) gives `name`, 0 if none. */
static inline uint32_t
spirv_id_of(const uint32_t *w, uint32_t n, const char *name)
{
   for (uint32_t i = 5; i < n && (w[i] >> 16);) {
      uint32_t wc = w[i] >> 16;
      if ((w[i] & 0xffff) == 5 && strcmp((const char *)(w + i + 2), name) == 0)
         return w[i + 1];
      i += wc;
   }
   return 0;
}

/* Literal of decoration `dec` on `name`'s id (OpDecorate = 71), -1 if none. */
static inline long
spirv_decoration(const uint32_t *w, uint32_t n, const char *name, uint32_t dec)
{
   uint32_t id = spirv_id_of(w, n, name);
   for (uint32_t i = 5; id && i < n && (w[i] >> 16);) {
      uint32_t wc = w[i] >> 16;
      if ((w[i] & 0xffff) == 71 && w[i + 1] == id && w[i + 2] == dec)
         return w[i + 3];
      i += wc;
   }
   return -1;
}

/* Offset (35) of the member called `member` of the struct type called `type`. */
static inline long
spirv_member_offset(const uint32_t *w, uint32_t n, const char *type, const char *member)
{
   uint32_t id = spirv_id_of(w, n, type);
   long index = -1;
   for (uint32_t i = 5; id && i < n && (w[i] >> 16);) {
      uint32_t wc = w[i] >> 16;
      if ((w[i] & 0xffff) == 6 && w[i + 1] == id && strcmp((const char *)(w + i + 3), member) == 0)
         index = w[i + 2];
      if ((w[i] & 0xffff) == 72 && w[i + 1] == id && (long)w[i + 2] == index && w[i + 3] == 35)
         return w[i + 4];
      i += wc;
   }
   return -1;
}

#define SPV_DEC_LOC 30
#define SPV_DEC_BIND 33
#define SPV_DEC_SET 34
#define SPV_DEC_INDEX 32

static inline void
check_modules_valid(const struct spv_program_info *info)
{
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      if (!(info->stage_mask & (1u << s)))
         continue;
      char err[512];
      bool ok = spv_validate_module(info->spirv[s], info->spirv_words[s], err, sizeof(err));
      if (!ok)
         fprintf(stderr, "stage %d invalid: %s\n", s, err);
      CHECK(ok);
   }
}

#endif
