/* Espryt: buffers, textures and renderbuffers as host objects of the session's share group.
 * Textures get immutable storage (glTexStorage*) of every level the template names; uploads
 * are the wire layout read through the format's GL format / type with UNPACK_ALIGNMENT 1. */
#include "es_private.h"

#include <stdlib.h>
#include <string.h>

#include "wire/format.h"

GLenum
es_tex_target(uint32_t t)
{
   switch (t) {
   case WIRE_TARGET_TEX_2D: return GL_TEXTURE_2D;
   case WIRE_TARGET_TEX_CUBE: return GL_TEXTURE_CUBE_MAP;
   case WIRE_TARGET_TEX_3D: return GL_TEXTURE_3D;
   case WIRE_TARGET_TEX_2D_ARRAY: return GL_TEXTURE_2D_ARRAY;
   case WIRE_TARGET_RENDERBUFFER: return GL_RENDERBUFFER;
   default: return 0; /* multisample textures, 1D, buffer textures: not on Espryt yet */
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
   if (r->target == GL_TEXTURE_3D)
      gl->TexStorage3D(r->target, (GLsizei)r->levels, f->ifmt, (GLsizei)t->width, (GLsizei)t->height,
                       (GLsizei)t->depth);
   else if (r->target == GL_TEXTURE_2D_ARRAY)
      gl->TexStorage3D(r->target, (GLsizei)r->levels, f->ifmt, (GLsizei)t->width, (GLsizei)t->height,
                       (GLsizei)t->layers);
   else
      gl->TexStorage2D(r->target, (GLsizei)r->levels, f->ifmt, (GLsizei)t->width, (GLsizei)t->height);
   r->view_known = false;
   return es_check(be, "ResourceCreate(texture)");
}

static void
free_storage(struct es_backend *be, struct es_resource *r)
{
   if (r->shadow)
      be->gl.DeleteTextures(1, &r->shadow);
   r->shadow = 0;
   if (!r->name)
      return;
   if (r->is_buffer)
      be->gl.DeleteBuffers(1, &r->name);
   else if (r->target == GL_RENDERBUFFER)
      be->gl.DeleteRenderbuffers(1, &r->name);
   else
      be->gl.DeleteTextures(1, &r->name);
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
   if (!es_has(be, ES_FEAT_COPY_IMAGE)) {
      /* DESIGN 2.6's own Espryt remint (read back what the host holds, merge pending uploads,
       * fall back to staged bytes) is a later milestone */
      es_unimplemented(be, "ResourceRespecify with PRESERVE on a host without glCopyImageSubData");
      return true;
   }
   struct es_resource old = *r;
   r->name = 0;
   r->shadow = 0; /* old's, freed with it */
   if (!alloc_storage(be, r, t)) {
      *r = old; /* the old storage stays (the session is failing anyway) */
      return false;
   }
   preserve_contents(be, &old, r);
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
   gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   be->tex_epoch++;
   gl->BindTexture(r->target, r->name);
   if (wire_format_is_compressed(r->templ.format)) {
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
   r->view_known = false; /* the next sampler view sets its own level range */
   es_check(be, "GenerateMipmap");
}
