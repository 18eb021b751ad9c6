/* Espryt: buffers, textures and renderbuffers as host objects of the session's share group.
 * Textures get immutable storage (glTexStorage*) of every level the template names; uploads
 * are the wire layout read through the format's GL format / type with UNPACK_ALIGNMENT 1. */
#include "es_private.h"

#include <stdlib.h>
#include <string.h>

#include "util/knobs.h"
#include "util/log.h"
#include "wire/format.h"
#include "wire/rgtc.h"

GLenum
es_tex_target(uint32_t t)
{
   switch (t) {
   case WIRE_TARGET_TEX_2D: return GL_TEXTURE_2D;
   case WIRE_TARGET_TEX_CUBE: return GL_TEXTURE_CUBE_MAP;
   case WIRE_TARGET_TEX_3D: return GL_TEXTURE_3D;
   case WIRE_TARGET_TEX_2D_ARRAY: return GL_TEXTURE_2D_ARRAY;
   /* GLSL ES has no 1D images: a 1D texture is a 2D one of height 1, a 1D array a 2D array of
    * height 1 (the shaders' lookups follow: spirv_patch.c) */
   case WIRE_TARGET_TEX_1D: return GL_TEXTURE_2D;
   case WIRE_TARGET_TEX_1D_ARRAY: return GL_TEXTURE_2D_ARRAY;
   case WIRE_TARGET_RENDERBUFFER: return GL_RENDERBUFFER;
   /* the core sends these only where MS_TEXTURE_FORMATS_* list the format (caps.c: hosts
    * with both features) */
   case WIRE_TARGET_TEX_2D_MULTISAMPLE: return GL_TEXTURE_2D_MULTISAMPLE;
   case WIRE_TARGET_TEX_2D_MULTISAMPLE_ARRAY: return GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   default: return 0; /* buffer textures are views of buffers (state.c) */
   }
}

/* Bytes of a resource's storage in the wire layout (every level, layer, face and sample): what
 * SPLITGL_TEST_OOM_ABOVE_KIB compares. */
static uint64_t
storage_bytes(const struct wire_resource_create *t)
{
   if (t->target == WIRE_TARGET_BUFFER)
      return t->width;
   bool is3d = t->target == WIRE_TARGET_TEX_3D;
   uint64_t total = 0; /* a cube's 6 faces are its layers on the wire */
   for (uint32_t l = 0; l <= t->last_level; l++)
      total += wire_format_image_size(t->format, wire_minify(t->width, l), wire_minify(t->height, l),
                                      is3d ? wire_minify(t->depth, l) : 1) * (is3d ? 1u : t->layers);
   return total * (t->samples > 1 ? t->samples : 1);
}

static bool
alloc_storage(struct es_backend *be, struct es_resource *r, const struct wire_resource_create *t)
{
   const struct es_gl *gl = &be->gl;
   r->templ = *t;
   if (es_test_oom(be, storage_bytes(t), "ResourceCreate"))
      return false; /* no storage: the resource stays valid and empty, as after a host OOM */
   if (t->target == WIRE_TARGET_BUFFER) {
      r->is_buffer = true;
      gl->GenBuffers(1, &r->name);
      gl->BindBuffer(GL_COPY_WRITE_BUFFER, r->name);
      gl->BufferData(GL_COPY_WRITE_BUFFER, t->width, NULL, GL_DYNAMIC_DRAW);
      return es_check(be, "ResourceCreate(buffer)");
   }
   const struct es_format *f = es_format(be, t->format);
   r->target = es_tex_target(t->target);
   if (!f || !r->target) {
      es_fail(be, "ResourceCreate: target %u / format %u is not stored by Espryt yet", t->target, t->format);
      return false;
   }
   r->levels = t->last_level + 1;
   if (r->target == GL_RENDERBUFFER) {
      gl->GenRenderbuffers(1, &r->name);
      gl->BindRenderbuffer(GL_RENDERBUFFER, r->name);
      gl->RenderbufferStorageMultisample(GL_RENDERBUFFER, t->samples > 1 ? (GLsizei)t->samples : 0, f->ifmt,
                                         (GLsizei)t->width, (GLsizei)t->height);
      return es_check(be, "ResourceCreate(renderbuffer)");
   }
   gl->GenTextures(1, &r->name);
   be->tex_epoch++;
   gl->BindTexture(r->target, r->name);
   /* GL core's multisample textures (ES 3.1 section 8.8): always fixed sample locations, which
    * GL allows for either answer of the application (the front end keeps its own) */
   if (r->target == GL_TEXTURE_2D_MULTISAMPLE)
      gl->TexStorage2DMultisample(r->target, (GLsizei)t->samples, f->ifmt, (GLsizei)t->width, (GLsizei)t->height,
                                  GL_TRUE);
   else if (r->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      gl->TexStorage3DMultisampleOES(r->target, (GLsizei)t->samples, f->ifmt, (GLsizei)t->width,
                                     (GLsizei)t->height, (GLsizei)t->layers, GL_TRUE);
   else if (r->target == GL_TEXTURE_3D)
      gl->TexStorage3D(r->target, (GLsizei)r->levels, f->ifmt, (GLsizei)t->width, (GLsizei)t->height,
                       (GLsizei)t->depth);
   else if (r->target == GL_TEXTURE_2D_ARRAY)
      gl->TexStorage3D(r->target, (GLsizei)r->levels, f->ifmt, (GLsizei)t->width, (GLsizei)t->height,
                       (GLsizei)t->layers);
   else
      gl->TexStorage2D(r->target, (GLsizei)r->levels, f->ifmt, (GLsizei)t->width, (GLsizei)t->height);
   r->view_known = false;
   if (!es_has(be, ES_FEAT_COPY_IMAGE) && !r->store && !(r->store = calloc(r->levels, sizeof(*r->store))))
      be->status = be->status ? be->status : SRV_STATUS_OUT_OF_MEMORY;
   return es_check(be, "ResourceCreate(texture)");
}

static void store_free(struct es_resource *r);

static void
free_storage(struct es_backend *be, struct es_resource *r)
{
   store_free(r);
   if (r->shadow)
      be->gl.DeleteTextures(1, &r->shadow);
   r->shadow = 0;
   for (unsigned i = 0; i < ES_MAX_TBO_FORMATS; i++)
      if (r->tbo[i].tex)
         be->gl.DeleteTextures(1, &r->tbo[i].tex);
   memset(r->tbo, 0, sizeof(r->tbo));
   if (!r->name)
      return;
   if (r->is_buffer) {
      be->gl.DeleteBuffers(1, &r->name);
      be->buf_epoch++;
   }
   else if (r->target == GL_RENDERBUFFER)
      be->gl.DeleteRenderbuffers(1, &r->name);
   else
      be->gl.DeleteTextures(1, &r->name);
   if (!r->is_buffer)
      be->attach_epoch++;
   r->name = 0;
}

/* Remint (DESIGN 2.6), GPU -> GPU on the host: every level present in both with the same
 * extent, the layers both have, when the format stayed (glCopyImageSubData, ES 3.2 section
 * 8.3); a buffer keeps the bytes both sizes hold. */
static void
preserve_contents(struct es_backend *be, const struct es_resource *o, struct es_resource *n)
{
   const struct es_gl *gl = &be->gl;
   const struct wire_resource_create *a = &o->templ, *b = &n->templ;
   if (o->is_buffer) {
      uint32_t size = a->width < b->width ? a->width : b->width;
      gl->BindBuffer(GL_COPY_READ_BUFFER, o->name);
      gl->BindBuffer(GL_COPY_WRITE_BUFFER, n->name);
      gl->CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, size);
      be->remint_bytes += size;
      es_check(be, "ResourceRespecify(buffer)");
      return;
   }
   if (a->format != b->format || o->target != n->target)
      return;
   bool is3d = o->target == GL_TEXTURE_3D;
   uint32_t layers = is3d ? 1 : (a->layers < b->layers ? a->layers : b->layers);
   for (uint32_t l = 0; l <= a->last_level && l <= b->last_level; l++) {
      uint32_t w = wire_minify(a->width, l), h = wire_minify(a->height, l);
      uint32_t d = is3d ? wire_minify(a->depth, l) : layers;
      if (w != wire_minify(b->width, l) || h != wire_minify(b->height, l) || (is3d && d != wire_minify(b->depth, l)))
         continue;
      gl->CopyImageSubData(o->name, o->target, (GLint)l, 0, 0, 0, n->name, n->target, (GLint)l, 0, 0, 0, (GLsizei)w,
                           (GLsizei)h, (GLsizei)(d ? d : 1));
      be->remint_bytes += wire_format_image_size(a->format, w, h, is3d ? d : 1) * (is3d ? 1 : layers);
   }
   es_check(be, "ResourceRespecify(preserve)");
}

/* ---- remint by read-back (DESIGN 2.6, Espryt's arm) ----------------------------------------
 * A host without glCopyImageSubData (ES 3.0 / 3.1; SPLITGL_ESPRYT_HIDE=copy_image here) cannot
 * copy image to image, so a remint reads each level the old storage holds back (a framebuffer
 * of its own, es_read_color) and uploads it into the new one. Every level exists with its
 * extent (glTexStorage*). Where the host refuses the read (depth / stencil, formats it does
 * not render; SPLITGL_TEST_FORCE_REMINT_READBACK_FAILURE=1), the bytes uploaded into the level
 * serve (r->store: uploads merged into a whole-level image); a level the GPU wrote with nothing
 * uploaded ends the session; one neither wrote nor uploaded has undefined contents and is
 * skipped. Renderbuffers are blitted (glBlitFramebuffer, ES 3.0), multisampled ones too. */

static uint64_t
level_bytes(const struct wire_resource_create *t, uint32_t l)
{
   bool is3d = t->target == WIRE_TARGET_TEX_3D;
   return wire_format_image_size(t->format, wire_minify(t->width, l), wire_minify(t->height, l),
                                 is3d ? wire_minify(t->depth, l) : t->layers);
}

static void
store_free(struct es_resource *r)
{
   for (uint32_t l = 0; r->store && l < r->levels; l++)
      free(r->store[l].bytes);
   free(r->store);
   r->store = NULL;
}

void
es_mark_gpu_written(struct es_resource *r, uint32_t level)
{
   if (r && r->store && level < r->levels)
      r->store[level].gpu_written = true;
}

/* The box of an upload into the level's store (wire layout; compressed formats in whole
 * blocks, as the wire carries them). */
static void
store_upload(struct es_backend *be, struct es_resource *r, const struct wire_texture_subdata *b, const uint8_t *data)
{
   struct es_level_store *ls = r->store && b->level < r->levels ? &r->store[b->level] : NULL;
   if (!ls)
      return;
   const struct wire_resource_create *t = &r->templ;
   if (!ls->bytes && !(ls->bytes = calloc(1, level_bytes(t, b->level) ? level_bytes(t, b->level) : 1))) {
      be->status = be->status ? be->status : SRV_STATUS_OUT_OF_MEMORY;
      return;
   }
   const uint32_t f = t->format, lw = wire_minify(t->width, b->level), lh = wire_minify(t->height, b->level);
   const uint32_t bh = wire_format_is_compressed(f) ? 4 : 1; /* texel rows per row of the layout */
   const uint64_t lrow = wire_format_image_size(f, lw, 1, 1), slice = wire_format_image_size(f, lw, lh, 1);
   const uint64_t brow = wire_format_image_size(f, b->w, 1, 1), xoff = wire_format_image_size(f, b->x, 1, 1);
   const uint32_t rows = (b->h + bh - 1) / bh;
   /* the first slice: the layer (cube face, array layer) or the 3D slice z */
   const uint32_t z0 = t->target == WIRE_TARGET_TEX_3D ? b->z : b->layer;
   for (uint32_t k = 0; k < b->d; k++)
      for (uint32_t y = 0; y < rows; y++)
         memcpy(ls->bytes + (z0 + k) * slice + (b->y / bh + y) * lrow + xoff,
                data + ((uint64_t)k * rows + y) * brow, brow);
}

/* Level l of r, every layer, into buf (wire layout) through a read framebuffer of the
 * current host context's own; false where the host refuses. */
static bool
read_level(struct es_backend *be, const struct es_resource *r, uint32_t l, uint8_t *buf)
{
   const struct es_gl *gl = &be->gl;
   const struct wire_resource_create *t = &r->templ;
   /* compressed levels are not read back as blocks (a decoded RGTC level would come back as
    * R / RG texels): their uploaded bytes serve */
   if (sgl_knobs()->test_force_remint_readback_failure || wire_format_is_compressed(t->format))
      return false;
   const uint32_t w = wire_minify(t->width, l), h = wire_minify(t->height, l);
   const uint32_t n = t->target == WIRE_TARGET_TEX_3D ? wire_minify(t->depth, l) : t->layers;
   const uint64_t slice = wire_format_image_size(t->format, w, h, 1);
   GLuint fb = 0;
   gl->GenFramebuffers(1, &fb);
   gl->BindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   bool ok = fb != 0;
   for (uint32_t k = 0; ok && k < n; k++) {
      if (r->target == GL_TEXTURE_2D)
         gl->FramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, r->name, (GLint)l);
      else if (r->target == GL_TEXTURE_CUBE_MAP)
         gl->FramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + k,
                                  r->name, (GLint)l);
      else
         gl->FramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, r->name, (GLint)l, (GLint)k);
      gl->ReadBuffer(GL_COLOR_ATTACHMENT0);
      GLenum err = GL_NO_ERROR;
      ok = gl->CheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE &&
           es_read_color(be, t->format, 0, 0, w, h, w, buf + k * slice, &err);
   }
   while (gl->GetError() != GL_NO_ERROR) /* a refused read is this path's answer, not the session's */
      ;
   gl->BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   gl->DeleteFramebuffers(1, &fb);
   if (be->cur_ctx)
      be->cur_ctx->host.read_fb = 0;
   return ok;
}

/* Level l's bytes (every layer) into n's storage and store. */
static void
upload_level(struct es_backend *be, struct es_resource *n, uint32_t l, const uint8_t *buf)
{
   const struct wire_resource_create *t = &n->templ;
   const bool cube = n->target == GL_TEXTURE_CUBE_MAP, is3d = t->target == WIRE_TARGET_TEX_3D;
   const uint32_t w = wire_minify(t->width, l), h = wire_minify(t->height, l);
   const uint32_t d = is3d ? wire_minify(t->depth, l) : t->layers;
   const uint64_t slice = wire_format_image_size(t->format, w, h, 1);
   /* a cube's faces one by one; an array's layers or a 3D level's slices at once */
   for (uint32_t k = 0; k < (cube ? d : 1); k++) {
      struct wire_texture_subdata b = {.level = l, .layer = cube ? k : 0, .w = w, .h = h, .d = cube ? 1 : d};
      es_texture_subdata(&be->base, (struct srv_resource *)n, &b, buf + k * slice);
   }
}

static void
readback_preserve(struct es_backend *be, struct es_resource *o, struct es_resource *n)
{
   const struct wire_resource_create *a = &o->templ, *b = &n->templ;
   if (a->format != b->format || o->target != n->target)
      return;
   const bool is3d = o->target == GL_TEXTURE_3D;
   for (uint32_t l = 0; l <= a->last_level && l <= b->last_level && be->status == SRV_STATUS_OK; l++) {
      uint32_t w = wire_minify(a->width, l), h = wire_minify(a->height, l);
      if (w != wire_minify(b->width, l) || h != wire_minify(b->height, l) ||
          (is3d && wire_minify(a->depth, l) != wire_minify(b->depth, l)))
         continue;
      uint64_t size = level_bytes(a, l);
      uint8_t *buf = malloc(size ? size : 1);
      if (!buf) {
         be->status = be->status ? be->status : SRV_STATUS_OUT_OF_MEMORY;
         return;
      }
      const struct es_level_store *ls = o->store ? &o->store[l] : NULL;
      bool ok = read_level(be, o, l, buf);
      if (!ok && ls && ls->bytes) {
         memcpy(buf, ls->bytes, size);
         ok = true;
         sgl_log_once(SGL_LOG_WARN, "espryt: remint-readback-fallback: the host did not read back a level of "
                                    "wire format %u; the bytes uploaded into it serve%s",
                      a->format, ls->gpu_written ? " (the GPU's later writes are lost)" : "");
      } else if (!ok && ls && ls->gpu_written) {
         es_fail(be, "remint: level %u of a texture of wire format %u was written by the GPU, cannot be read "
                     "back on this host and was never uploaded", l, a->format);
      }
      if (ok) {
         be->remint_bytes += size;
         if (is3d || a->layers == b->layers) {
            upload_level(be, n, l, buf);
         } else { /* the layers both have, one by one */
            uint64_t slice = wire_format_image_size(a->format, w, h, 1);
            uint32_t layers = a->layers < b->layers ? a->layers : b->layers;
            for (uint32_t k = 0; k < layers; k++) {
               struct wire_texture_subdata sb = {.level = l, .layer = k, .w = w, .h = h, .d = 1};
               es_texture_subdata(&be->base, (struct srv_resource *)n, &sb, buf + k * slice);
            }
         }
      }
      free(buf);
   }
}

/* A renderbuffer's contents into its re-specified storage of the same size, format and
 * samples, GPU -> GPU (glBlitFramebuffer, ES 3.0 section 4.3.3). */
static void
blit_preserve(struct es_backend *be, const struct es_resource *o, const struct es_resource *n)
{
   const struct es_gl *gl = &be->gl;
   const struct wire_resource_create *a = &o->templ, *b = &n->templ;
   if (a->format != b->format || a->width != b->width || a->height != b->height || a->samples != b->samples)
      return;
   const uint32_t f = a->format;
   const bool zs = wire_format_has_depth(f) || wire_format_has_stencil(f);
   const GLenum att = !zs                                                        ? GL_COLOR_ATTACHMENT0
                      : wire_format_has_depth(f) && wire_format_has_stencil(f) ? GL_DEPTH_STENCIL_ATTACHMENT
                      : wire_format_has_depth(f)                               ? GL_DEPTH_ATTACHMENT
                                                                               : GL_STENCIL_ATTACHMENT;
   const GLbitfield mask = !zs ? GL_COLOR_BUFFER_BIT
                               : (wire_format_has_depth(f) ? GL_DEPTH_BUFFER_BIT : 0) |
                                    (wire_format_has_stencil(f) ? GL_STENCIL_BUFFER_BIT : 0);
   GLuint fb[2] = {0, 0};
   gl->GenFramebuffers(2, fb);
   gl->BindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
   gl->FramebufferRenderbuffer(GL_READ_FRAMEBUFFER, att, GL_RENDERBUFFER, o->name);
   gl->FramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, att, GL_RENDERBUFFER, n->name);
   if (!zs) {
      const GLenum buf = GL_COLOR_ATTACHMENT0;
      gl->ReadBuffer(buf);
      gl->DrawBuffers(1, &buf);
   }
   struct es_ctx *ctx = be->cur_ctx;
   if (ctx) /* the blit is the whole surface: nothing of the context's may clip it */
      es_host_enable(ctx, ES_EN_SCISSOR, GL_SCISSOR_TEST, false);
   gl->BlitFramebuffer(0, 0, (GLint)a->width, (GLint)a->height, 0, 0, (GLint)a->width, (GLint)a->height, mask,
                       GL_NEAREST);
   be->remint_bytes += level_bytes(a, 0) * (a->samples > 1 ? a->samples : 1);
   gl->BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl->DeleteFramebuffers(2, fb);
   if (ctx) {
      ctx->host.read_fb = 0;
      ctx->host.draw_fb = 0;
   }
   es_check(be, "ResourceRespecify(blit)");
}

struct srv_resource *
es_resource_create(struct srv_backend *sbe, const struct wire_resource_create *t)
{
   struct es_backend *be = es_backend(sbe);
   struct es_resource *r = calloc(1, sizeof(*r));
   if (!r || !es_make_current(be, NULL)) {
      free(r);
      return NULL;
   }
   alloc_storage(be, r, t); /* a failure is the session's (es_fail), the object stays valid */
   return (struct srv_resource *)r;
}

bool
es_resource_respecify(struct srv_backend *sbe, struct srv_resource *res, const struct wire_resource_create *t)
{
   struct es_backend *be = es_backend(sbe);
   struct es_resource *r = (struct es_resource *)res;
   if (!es_make_current(be, NULL))
      return false;
   if (!(t->flags & WIRE_RESPECIFY_PRESERVE)) {
      free_storage(be, r);
      alloc_storage(be, r, t);
      return true;
   }
   struct es_resource old = *r;
   r->name = 0;
   r->shadow = 0; /* old's, freed with it */
   memset(r->tbo, 0, sizeof(r->tbo));
   r->store = NULL;
   if (!alloc_storage(be, r, t)) {
      store_free(r);
      *r = old; /* the old storage stays (the session is failing anyway) */
      return false;
   }
   if (es_has(be, ES_FEAT_COPY_IMAGE) || old.is_buffer)
      preserve_contents(be, &old, r); /* GPU -> GPU; a buffer's bytes by CopyBufferSubData (ES 3.0) */
   else if (old.target == GL_RENDERBUFFER)
      blit_preserve(be, &old, r);
   else
      readback_preserve(be, &old, r);
   free_storage(be, &old);
   r->view_known = false;
   return true;
}

void
es_resource_destroy(struct srv_backend *sbe, struct srv_resource *res)
{
   struct es_backend *be = es_backend(sbe);
   struct es_resource *r = (struct es_resource *)res;
   if (es_make_current(be, NULL))
      free_storage(be, r);
   es_window_free(r->window);
   free(r);
}

void
es_buffer_subdata(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, const void *data, uint32_t size)
{
   struct es_backend *be = es_backend(sbe);
   struct es_resource *r = (struct es_resource *)res;
   if (!es_make_current(be, NULL) || !r->name)
      return;
   be->gl.BindBuffer(GL_COPY_WRITE_BUFFER, r->name);
   be->gl.BufferSubData(GL_COPY_WRITE_BUFFER, offset, size, data);
   es_check(be, "BufferSubData");
}

/* RGTC blocks of an upload box decoded into 8-bit R / RG texels (ES_CONV_RGTC): whole blocks,
 * so rows of *row texels, slices of *rows rows (the caller's UNPACK_ROW_LENGTH /
 * IMAGE_HEIGHT); block rows bottom first as GL's compressed images, each block's first row
 * its lowest (wire/rgtc.h). NULL when out of memory. */
static uint8_t *
rgtc_decode_box(uint32_t fmt, const struct wire_texture_subdata *b, const uint8_t *data, uint32_t *row,
                uint32_t *rows)
{
   const bool is_signed = fmt == WIRE_FMT_BC4_SNORM || fmt == WIRE_FMT_BC5_SNORM;
   const uint32_t comps = fmt == WIRE_FMT_BC5_UNORM || fmt == WIRE_FMT_BC5_SNORM ? 2 : 1;
   const uint32_t bw = (b->w + 3) / 4, bh = (b->h + 3) / 4, bs = 8 * comps;
   *row = bw * 4;
   *rows = bh * 4;
   uint8_t *out = malloc((size_t)*row * *rows * comps * (b->d ? b->d : 1));
   if (!out)
      return NULL;
   for (uint32_t k = 0; k < b->d; k++)
      for (uint32_t by = 0; by < bh; by++)
         for (uint32_t bx = 0; bx < bw; bx++) {
            const uint8_t *blk = data + (((size_t)k * bh + by) * bw + bx) * bs;
            uint8_t texels[32];
            for (uint32_t c = 0; c < comps; c++) /* BC5: the red block, then the green */
               wire_rgtc_decode(blk + 8 * c, is_signed, texels + c, comps);
            for (uint32_t y = 0; y < 4; y++)
               memcpy(out + (((size_t)k * *rows + by * 4 + y) * *row + bx * 4) * comps, texels + y * 4 * comps,
                      4 * comps);
         }
   return out;
}

void
es_texture_subdata_wire(struct srv_backend *sbe, struct srv_resource *res, const struct wire_texture_subdata *b,
                        const void *data)
{
   const struct es_resource *r = (const struct es_resource *)res;
   if (r->templ.target == WIRE_TARGET_TEX_1D_ARRAY) {
      struct wire_texture_subdata a = *b;
      a.layer = b->y;
      a.d = b->h;
      a.y = 0;
      a.h = 1;
      es_texture_subdata(sbe, res, &a, data);
      return;
   }
   es_texture_subdata(sbe, res, b, data);
}

void
es_texture_subdata(struct srv_backend *sbe, struct srv_resource *res, const struct wire_texture_subdata *b,
                   const void *data)
{
   struct es_backend *be = es_backend(sbe);
   struct es_resource *r = (struct es_resource *)res;
   if (!es_make_current(be, NULL) || !r->name)
      return;
   const struct es_format *f = es_format(be, r->templ.format);
   if (!f || r->target == GL_RENDERBUFFER) {
      es_fail(be, "TextureSubData into a resource Espryt cannot upload to (format %u)", r->templ.format);
      return;
   }
   const struct es_gl *gl = &be->gl;
   store_upload(be, r, b, data);
   void *conv = NULL;
   if (f->conv == ES_CONV_X8D24) {
      uint64_t n = (uint64_t)b->w * b->h * b->d;
      uint32_t *out = conv = malloc(n * 4);
      if (!out) {
         be->status = be->status ? be->status : SRV_STATUS_OUT_OF_MEMORY;
         return;
      }
      const uint8_t *in = data;
      for (uint64_t i = 0; i < n; i++) {
         uint32_t d;
         memcpy(&d, in + i * 4, 4);
         d &= 0xffffffu;
         out[i] = d << 8 | d >> 16; /* 24-bit fraction to 32-bit, bits replicated */
      }
      data = out;
   }
   uint32_t row = 0, rows = 0; /* UNPACK_ROW_LENGTH / IMAGE_HEIGHT of decoded blocks */
   if (f->conv == ES_CONV_RGTC && !(data = conv = rgtc_decode_box(r->templ.format, b, data, &row, &rows))) {
      be->status = be->status ? be->status : SRV_STATUS_OUT_OF_MEMORY;
      return;
   }
   gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   gl->PixelStorei(GL_UNPACK_ROW_LENGTH, (GLint)row);
   gl->PixelStorei(GL_UNPACK_IMAGE_HEIGHT, (GLint)rows);
   gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   be->tex_epoch++;
   gl->BindTexture(r->target, r->name);
   if (wire_format_is_compressed(r->templ.format) && f->conv == ES_CONV_NONE) {
      /* whole blocks, rows of blocks bottom first, as GL's compressed images */
      GLsizei size = (GLsizei)wire_format_image_size(r->templ.format, b->w, b->h, b->d);
      if (r->target == GL_TEXTURE_2D_ARRAY)
         gl->CompressedTexSubImage3D(r->target, (GLint)b->level, (GLint)b->x, (GLint)b->y, (GLint)b->layer,
                                     (GLsizei)b->w, (GLsizei)b->h, (GLsizei)b->d, f->ifmt, size, data);
      else
         gl->CompressedTexSubImage2D(r->target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + b->layer
                                                                      : GL_TEXTURE_2D,
                                     (GLint)b->level, (GLint)b->x, (GLint)b->y, (GLsizei)b->w, (GLsizei)b->h, f->ifmt,
                                     size, data);
      es_check(be, "TextureSubData(compressed)");
      return;
   }
   if (r->target == GL_TEXTURE_3D || r->target == GL_TEXTURE_2D_ARRAY) {
      GLint z = r->target == GL_TEXTURE_3D ? (GLint)b->z : (GLint)b->layer;
      gl->TexSubImage3D(r->target, (GLint)b->level, (GLint)b->x, (GLint)b->y, z, (GLsizei)b->w, (GLsizei)b->h,
                        (GLsizei)b->d, f->format, f->type, data);
   } else {
      GLenum face = r->target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + b->layer : GL_TEXTURE_2D;
      gl->TexSubImage2D(face, (GLint)b->level, (GLint)b->x, (GLint)b->y, (GLsizei)b->w, (GLsizei)b->h, f->format,
                        f->type, data);
   }
   free(conv);
   gl->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   gl->PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   es_check(be, "TextureSubData");
}

bool
es_buffer_read(struct srv_backend *sbe, struct srv_resource *res, uint32_t offset, uint32_t size, void *dst)
{
   struct es_backend *be = es_backend(sbe);
   struct es_resource *r = (struct es_resource *)res;
   memset(dst, 0, size);
   if (!es_make_current(be, NULL) || !r->name || be->status == SRV_STATUS_DEVICE_LOST)
      return false;
   if (!size)
      return true;
   be->gl.BindBuffer(GL_COPY_READ_BUFFER, r->name);
   const void *p = be->gl.MapBufferRange(GL_COPY_READ_BUFFER, offset, size, GL_MAP_READ_BIT);
   if (!p) {
      es_check(be, "BufferRead");
      return false;
   }
   memcpy(dst, p, size);
   be->gl.UnmapBuffer(GL_COPY_READ_BUFFER);
   return es_check(be, "BufferRead");
}

void
es_generate_mipmap(struct srv_ctx *sctx, struct srv_resource *res, uint32_t base, uint32_t last)
{
   struct es_ctx *ctx = (struct es_ctx *)sctx;
   struct es_backend *be = ctx->be;
   struct es_resource *r = (struct es_resource *)res;
   if (!es_make_current(be, ctx) || !r->name)
      return;
   be->tex_epoch++;
   be->gl.BindTexture(r->target, r->name);
   be->gl.TexParameteri(r->target, GL_TEXTURE_BASE_LEVEL, (GLint)base);
   be->gl.TexParameteri(r->target, GL_TEXTURE_MAX_LEVEL, (GLint)last);
   be->gl.GenerateMipmap(r->target);
   for (uint32_t l = base + 1; l <= last; l++)
      es_mark_gpu_written(r, l);
   r->base_level = base; /* the host's range now (framebuffer attachments check it) */
   r->max_level = last;
   r->view_known = false; /* the next sampler view sets its own level range */
   es_check(be, "GenerateMipmap");
}
