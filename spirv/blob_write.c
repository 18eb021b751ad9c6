/* splitgl spirv: the program blob's writer (the client end: gl_front links programs into
 * blobs). The layout is in spirv/blob_format.h; the server's parser is spirv/blob_parse.c. */
#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/blob_format.h"

/* ---- writer ------------------------------------------------------------------------------ */
struct section {
   uint32_t kind;
   const void *data; /* NULL: filled by the writer */
   uint32_t size;
   uint32_t offset;
};

static uint32_t
align_up(uint32_t v)
{
   return (v + SPV_BLOB_ALIGN - 1) & ~(SPV_BLOB_ALIGN - 1);
}

bool
spv_blob_write(const struct spv_reflection *r, void **out, size_t *out_size)
{
   const struct spv_program_info *info = &r->info;
   /* strings: every name once, in record order */
   struct spv_str strings = {0};
   uint32_t *uname = calloc(info->uniform_count + 1, sizeof(uint32_t));
   uint32_t *aname = calloc(info->attrib_count + 1, sizeof(uint32_t));
   uint32_t *oname = calloc(info->output_count + 1, sizeof(uint32_t));
   uint32_t *xname = calloc(info->xfb_varying_count + 1, sizeof(uint32_t));
   uint32_t *bname = calloc(info->block_count + 1, sizeof(uint32_t));
   bool ok = uname && aname && oname && xname && bname;
   for (uint32_t i = 0; ok && i < info->uniform_count; i++) {
      uname[i] = (uint32_t)strings.len;
      spv_str_putn(&strings, r->uniforms[i].name, strlen(r->uniforms[i].name) + 1);
   }
   for (uint32_t i = 0; ok && i < info->attrib_count; i++) {
      aname[i] = (uint32_t)strings.len;
      spv_str_putn(&strings, r->attribs[i].name, strlen(r->attribs[i].name) + 1);
   }
   for (uint32_t i = 0; ok && i < info->output_count; i++) {
      oname[i] = (uint32_t)strings.len;
      spv_str_putn(&strings, r->outputs[i].name, strlen(r->outputs[i].name) + 1);
   }
   for (uint32_t i = 0; ok && i < info->xfb_varying_count; i++) {
      xname[i] = (uint32_t)strings.len;
      spv_str_putn(&strings, r->xfb[i].name, strlen(r->xfb[i].name) + 1);
   }
   for (uint32_t i = 0; ok && i < info->block_count; i++) {
      bname[i] = (uint32_t)strings.len;
      spv_str_putn(&strings, r->blocks[i].name, strlen(r->blocks[i].name) + 1);
   }
   ok = ok && !strings.oom;

   struct section sec[SPV_BLOB_MAX_SECTIONS];
   uint32_t n = 0;
   sec[n++] = (struct section){SEC_INFO, NULL, INFO_WORDS * 4, 0};
   sec[n++] = (struct section){SEC_STRINGS, strings.s, (uint32_t)strings.len, 0};
   sec[n++] = (struct section){SEC_UNIFORMS, NULL, info->uniform_count * UNIFORM_WORDS * 4, 0};
   sec[n++] = (struct section){SEC_SAMPLERS, NULL, info->sampler_count * SAMPLER_WORDS * 4, 0};
   sec[n++] = (struct section){SEC_ATTRIBS, NULL, info->attrib_count * ATTRIB_WORDS * 4, 0};
   sec[n++] = (struct section){SEC_OUTPUTS, NULL, info->output_count * OUTPUT_WORDS * 4, 0};
   if (r->default_block_init)
      sec[n++] = (struct section){SEC_INIT, r->default_block_init, info->default_block_size, 0};
   if (info->xfb_varying_count)
      sec[n++] = (struct section){SEC_XFB, NULL, (XFB_HEADER_WORDS + info->xfb_varying_count * XFB_WORDS) * 4, 0};
   if (info->block_count)
      sec[n++] = (struct section){SEC_BLOCKS, NULL, info->block_count * BLOCK_WORDS * 4, 0};
   for (int s = 0; s < SPV_STAGE_COUNT; s++)
      if (info->stage_mask & (1u << s))
         sec[n++] = (struct section){SEC_SPIRV + (uint32_t)s, info->spirv[s], info->spirv_words[s] * 4, 0};

   uint64_t pos = align_up(16 + 12 * n);
   for (uint32_t i = 0; i < n; i++) {
      sec[i].offset = (uint32_t)pos;
      pos = align_up((uint32_t)(pos + sec[i].size));
      if (pos > SPV_BLOB_MAX_SIZE)
         ok = false;
   }
   uint8_t *b = ok ? calloc(1, pos) : NULL;
   if (!b) {
      free(strings.s);
      free(uname);
      free(aname);
      free(oname);
      free(xname);
      free(bname);
      return false;
   }
   memcpy(b, "SGLP", 4);
   wr32(b + 4, SPV_BLOB_VERSION);
   wr32(b + 8, (uint32_t)pos);
   wr32(b + 12, n);
   for (uint32_t i = 0; i < n; i++) {
      wr32(b + 16 + 12 * i, sec[i].kind);
      wr32(b + 20 + 12 * i, sec[i].offset);
      wr32(b + 24 + 12 * i, sec[i].size);
      uint8_t *d = b + sec[i].offset;
      if (sec[i].data && sec[i].size) {
         memcpy(d, sec[i].data, sec[i].size);
         continue;
      }
      switch (sec[i].kind) {
      case SEC_INFO: {
         const uint32_t w[INFO_WORDS] = {
            info->stage_mask, info->default_block_size, info->default_block_stage_mask,
            info->sampler_slot_count, info->uniform_count, info->sampler_count,
            info->attrib_count, info->output_count, info->max_uniform_location,
            info->writes_point_size,
            (info->point_size_spec ? SPV_BLOB_FLAG_POINT_SIZE_SPEC : 0) |
               ((info->builtin_attribs & 3u) << SPV_BLOB_FLAG_BUILTIN_ATTRIBS_SHIFT),
            info->block_count,
         };
         for (uint32_t k = 0; k < INFO_WORDS; k++)
            wr32(d + 4 * k, w[k]);
         break;
      }
      case SEC_UNIFORMS:
         for (uint32_t k = 0; k < info->uniform_count; k++, d += UNIFORM_WORDS * 4) {
            const struct spv_uniform *u = &r->uniforms[k];
            const uint32_t w[UNIFORM_WORDS] = {uname[k], u->gl_type, u->array_size,
                                               (uint32_t)u->location, u->offset, u->array_stride,
                                               u->matrix_stride, (uint32_t)u->sampler_slot,
                                               (uint32_t)u->block_index, u->row_major};
            for (uint32_t j = 0; j < UNIFORM_WORDS; j++)
               wr32(d + 4 * j, w[j]);
         }
         break;
      case SEC_SAMPLERS:
         for (uint32_t k = 0; k < info->sampler_count; k++, d += SAMPLER_WORDS * 4) {
            const struct spv_sampler *sp = &r->samplers[k];
            const uint32_t w[SAMPLER_WORDS] = {sp->binding, sp->gl_type, sp->array_size,
                                               sp->first_slot, sp->stage_mask};
            for (uint32_t j = 0; j < SAMPLER_WORDS; j++)
               wr32(d + 4 * j, w[j]);
         }
         break;
      case SEC_ATTRIBS:
         for (uint32_t k = 0; k < info->attrib_count; k++, d += ATTRIB_WORDS * 4) {
            const struct spv_attrib *a = &r->attribs[k];
            const uint32_t w[ATTRIB_WORDS] = {aname[k], a->gl_type, a->array_size,
                                              (uint32_t)a->location, a->slots};
            for (uint32_t j = 0; j < ATTRIB_WORDS; j++)
               wr32(d + 4 * j, w[j]);
         }
         break;
      case SEC_OUTPUTS:
         for (uint32_t k = 0; k < info->output_count; k++, d += OUTPUT_WORDS * 4) {
            const struct spv_output *o = &r->outputs[k];
            const uint32_t w[OUTPUT_WORDS] = {oname[k], o->gl_type, o->array_size,
                                              (uint32_t)o->location, o->index};
            for (uint32_t j = 0; j < OUTPUT_WORDS; j++)
               wr32(d + 4 * j, w[j]);
         }
         break;
      case SEC_XFB: {
         wr32(d, info->xfb_varying_count);
         wr32(d + 4, info->xfb_separate);
         for (uint32_t b = 0; b < SPV_MAX_XFB_BUFFERS; b++)
            wr32(d + 8 + 4 * b, info->xfb_strides[b]);
         d += XFB_HEADER_WORDS * 4;
         for (uint32_t k = 0; k < info->xfb_varying_count; k++, d += XFB_WORDS * 4) {
            const struct spv_xfb_varying *x = &r->xfb[k];
            const uint32_t w[XFB_WORDS] = {xname[k], x->gl_type, x->size, x->buffer, x->offset, x->components};
            for (uint32_t j = 0; j < XFB_WORDS; j++)
               wr32(d + 4 * j, w[j]);
         }
         break;
      }
      case SEC_BLOCKS:
         for (uint32_t k = 0; k < info->block_count; k++, d += BLOCK_WORDS * 4) {
            const struct spv_block *bl = &r->blocks[k];
            const uint32_t w[BLOCK_WORDS] = {bname[k], bl->binding, bl->array_index, bl->array_size,
                                             bl->data_size, bl->stage_mask, bl->first_uniform, bl->uniform_count};
            for (uint32_t j = 0; j < BLOCK_WORDS; j++)
               wr32(d + 4 * j, w[j]);
         }
         break;
      default:
         break;
      }
   }
   free(strings.s);
   free(bname);
   free(uname);
   free(aname);
   free(oname);
   free(xname);
   *out = b;
   *out_size = pos;
   return true;
}

uint32_t
spv_blob_version(void)
{
   return SPV_BLOB_VERSION;
}
