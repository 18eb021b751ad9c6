/* splitgl gl_front: glReadPixels, in reply bands of RGBA8 converted to the client format. */
#include <stdlib.h>
#include <string.h>

#include "glf_context.h"
#include "util/knobs.h"

/* From the OpenGL ES 3.0 spec, section 4.3.1: "Only two combinations of format and type are
 * accepted in most cases. The first varies depending on the format of the currently bound
 * rendering surface. For normalized fixed-point rendering surfaces, the combination format RGBA
 * and type UNSIGNED_BYTE is accepted. For signed integer rendering surfaces, the combination
 * format RGBA_INTEGER and type INT is accepted. For unsigned integer rendering surfaces, the
 * combination format RGBA_INTEGER and type UNSIGNED_INT is accepted. The second is an
 * implementation-chosen format" (IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE: formats.c's table,
 * the format's own layout). Floating-point surfaces (EXT_color_buffer_float): RGBA / FLOAT.
 * OpenGL 3.3 accepts any valid pair whose integer-ness matches the surface's. */
bool
glf_color_read_format(struct glf_context *ctx, GLenum *format, GLenum *type, const char *caller)
{
   /* The default framebuffer: its config's format (RGBA8 before a surface is current). */
   const struct glf_format *f = ctx->read_fb->is_default && !ctx->read_fb->has_drawable
                                   ? glf_format_by_ifmt(GL_RGBA8)
                                   : glf_framebuffer_read_format(ctx, ctx->read_fb);
   if (!f || !f->read_format) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no colour read buffer)", caller);
      return false;
   }
   *format = f->read_format;
   *type = f->read_type;
   return true;
}

static bool
format_allowed(struct glf_context *ctx, const struct glf_format *f, GLenum format, GLenum type,
               const struct glf_pixfmt *pf)
{
   const bool integer = wire_format_is_integer(f->wfmt);
   if (pf->integer != integer || pf->depth || pf->stencil)
      return false;
   if (GLF_CORE(ctx))
      return true;
   if (format == f->read_format && type == f->read_type)
      return true;
   if (integer)
      return format == GL_RGBA_INTEGER && type == (f->ctype == GL_INT ? GL_INT : GL_UNSIGNED_INT);
   if (f->ctype == GL_FLOAT)
      return format == GL_RGBA && type == GL_FLOAT;
   /* EXT_read_format_bgra: BGRA_EXT with these three types from a normalized fixed-point
    * colour buffer */
   if (format == GL_BGRA_EXT && f->ctype == GL_UNSIGNED_NORMALIZED)
      return type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT ||
             type == GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT;
   return format == GL_RGBA && type == GL_UNSIGNED_BYTE;
}

/* GL core's depth / stencil read-back: the read framebuffer's depth buffer (DEPTH_COMPONENT),
 * stencil buffer (STENCIL_INDEX) or both (DEPTH_STENCIL). From the OpenGL 3.3 core spec,
 * section 4.3.1: "If the format is DEPTH_COMPONENT, then values are taken from the depth
 * buffer. If there is no depth buffer, the error INVALID_OPERATION occurs." "If the format
 * is STENCIL_INDEX, then values are taken from the stencil buffer. If there is no stencil
 * buffer, the error INVALID_OPERATION occurs." "If format is DEPTH_STENCIL, then values are
 * taken from both the depth buffer and the stencil buffer. If there is no depth buffer or if
 * there is no stencil buffer, then the error INVALID_OPERATION occurs." OpenGL ES 3.0 reads
 * colour only (section 4.3.1's format / type pairs; NV_read_depth is not offered). */
static const struct glf_format *
zs_read_source(struct glf_context *ctx, GLenum format, const struct glf_pixfmt *pf, struct wire_surface_ref *src,
               uint32_t *fbw, uint32_t *fbh)
{
   char b1[64];
   if (!GLF_CORE(ctx)) {
      sgl_log_once(SGL_LOG_WARN, "glReadPixels: format %s is not readable in OpenGL ES (INVALID_OPERATION)",
                   glf_enum_str(format, b1));
      glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(format=0x%x: ES reads colour only)", format);
      return NULL;
   }
   /* the default framebuffer's multisampled depth-stencil image has no single-sampled twin */
   if (ctx->read_fb->is_default && glf_framebuffer_samples(ctx, ctx->read_fb)) {
      sgl_log_once(SGL_LOG_WARN, "glReadPixels: %s from a multisampled default framebuffer is not implemented "
                                 "(INVALID_OPERATION)", glf_enum_str(format, b1));
      glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(multisampled depth / stencil)");
      return NULL;
   }
   const struct glf_format *f = glf_framebuffer_zs_read(ctx, ctx->read_fb, pf->depth, pf->stencil, src, fbw, fbh);
   if (!f) {
      sgl_log_once(SGL_LOG_WARN, "glReadPixels: format %s without such a buffer in the read framebuffer "
                                 "(INVALID_OPERATION)", glf_enum_str(format, b1));
      glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(format=0x%x: no such buffer)", format);
   }
   return f;
}

/* False when the channel is lost (GL_CONTEXT_LOST is raised): the band is not written. */
bool
glf_read_band(struct glf_context *ctx, const struct wire_surface_ref *src, int32_t x, int32_t y, uint32_t w,
          uint32_t h, uint32_t texel, uint8_t *tmp)
{
   struct wire_read_pixels *p = GLF_BEGIN(ctx, ReadPixels);
   if (!p)
      return false;
   p->src = *src;
   p->x = x;
   p->y = y;
   p->w = w;
   p->h = h;
   int64_t bytes = (int64_t)w * h * texel;
   if (wire_end_reply(ctx->wire, tmp, (uint32_t)bytes) == bytes)
      return true;
   glf_error(ctx, GL_CONTEXT_LOST, "glReadPixels(channel lost)");
   return false;
}

/* A read into a pixel pack buffer that the client does not wait for (DESIGN 2.4): the server
 * reads the rectangle and writes its rows into the buffer at `offset` + i * `stride`, in bands
 * of the reply slot (which bounds the server's scratch). The buffer then holds bytes the GPU
 * side wrote: the client's next CPU read of it pulls them (glf_buffer_shadow). */
void
glf_read_to_buffer(struct glf_context *ctx, const struct wire_surface_ref *src, struct glf_buffer *pbo, int32_t x,
               int32_t y, uint32_t w, uint32_t h, size_t offset, size_t stride, uint32_t texel)
{
   uint32_t band = WIRE_MAX_REPLY / (w * texel);
   for (uint32_t r = 0; band && r < h; r += band) {
      struct wire_read_to_buffer *p = GLF_BEGIN(ctx, ReadPixelsToBuffer);
      if (!p)
         return;
      p->src.src = *src;
      p->src.x = x;
      p->src.y = y + (int32_t)r;
      p->src.w = w;
      p->src.h = h - r < band ? h - r : band;
      p->dst = pbo->res;
      p->dst_offset = (uint32_t)(offset + (size_t)r * stride);
      p->row_stride = (uint32_t)stride;
      wire_end(ctx->wire);
   }
   pbo->gpu_written = true;
   ctx->pack_async_reads++;
}

/* Bytes ReadPixels writes from the start of `pixels` with the pack state (the last row ends
 * after its last pixel, without alignment padding). */
static size_t
packed_size(const struct glf_pixelstore *ps, GLsizei width, GLsizei height, size_t bpp)
{
   if (!width || !height)
      return 0;
   size_t row_pixels = ps->row_length ? (size_t)ps->row_length : (size_t)width;
   size_t stride = (row_pixels * bpp + (size_t)ps->alignment - 1) / (size_t)ps->alignment * (size_t)ps->alignment;
   return ((size_t)ps->skip_rows + (size_t)height - 1) * stride + ((size_t)ps->skip_pixels + (size_t)width) * bpp;
}

void
glf_read_pixels(struct glf_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                GLenum type, size_t buf_size, void *pixels)
{
   char b1[64], b2[64], b3[64];
   if (width < 0 || height < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glReadPixels(%dx%d)", width, height);
      return;
   }
   struct glf_pixfmt pf;
   /* Unknown enums are INVALID_ENUM; valid ones that do not go together (a packed type with
    * another component count) INVALID_OPERATION. */
   if (!glf_valid_pixel_format(ctx, format) || !glf_valid_pixel_type(ctx, type)) {
      glf_error(ctx, GL_INVALID_ENUM, "glReadPixels(format=0x%x, type=0x%x)", format, type);
      return;
   }
   if (!glf_pixfmt(format, type, &pf)) {
      /* From EXT_packed_depth_stencil (OpenGL 3.0 core): "The error INVALID_ENUM is generated
       * if ReadPixels is called where format is DEPTH_STENCIL and type is not
       * UNSIGNED_INT_24_8" (or, with ARB_depth_buffer_float, FLOAT_32_UNSIGNED_INT_24_8_REV). */
      GLenum err = GLF_CORE(ctx) && format == GL_DEPTH_STENCIL ? GL_INVALID_ENUM : GL_INVALID_OPERATION;
      if (err == GL_INVALID_ENUM)
         sgl_log_once(SGL_LOG_WARN, "glReadPixels: format GL_DEPTH_STENCIL with type %s (INVALID_ENUM)",
                      glf_enum_str(type, b2));
      glf_error(ctx, err, "glReadPixels(format=0x%x, type=0x%x)", format, type);
      return;
   }
   if (glf_framebuffer_status(ctx, ctx->read_fb) != GL_FRAMEBUFFER_COMPLETE) {
      glf_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "glReadPixels(read framebuffer incomplete)");
      return;
   }
   /* "An INVALID_OPERATION error is generated if the value of READ_FRAMEBUFFER_BINDING is
    * non-zero, the read framebuffer is complete, and the value of SAMPLE_BUFFERS for the read
    * framebuffer is greater than zero." (ES 3.0 section 4.3.1; GL 3.3 section 4.3.1 alike.)
    * A multisampled default framebuffer reads its resolved image. */
   if (!ctx->read_fb->is_default && glf_framebuffer_samples(ctx, ctx->read_fb)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(multisampled read framebuffer)");
      return;
   }
   struct wire_surface_ref src;
   uint32_t fbw, fbh;
   const struct glf_format *f;
   if (pf.depth || pf.stencil) {
      f = zs_read_source(ctx, format, &pf, &src, &fbw, &fbh);
      if (!f)
         return;
   } else {
      f = glf_framebuffer_read_format(ctx, ctx->read_fb);
      if (!f || !glf_framebuffer_read_surface(ctx, ctx->read_fb, &src, &fbw, &fbh)) {
         glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(read buffer is NONE)");
         return;
      }
   }
   if (!pf.depth && !pf.stencil && !format_allowed(ctx, f, format, type, &pf)) {
      sgl_log_once(SGL_LOG_WARN, "glReadPixels: format %s, type %s refused for a read buffer of format %s "
                                 "(INVALID_OPERATION)", glf_enum_str(format, b1), glf_enum_str(type, b2),
                   glf_enum_str(f->ifmt, b3));
      glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(format=0x%x, type=0x%x)", format, type);
      return;
   }
   /* From KHR_robustness: "An INVALID_OPERATION error is generated by ReadnPixels if the
    * buffer size required to store the requested data is greater than bufSize." */
   if (packed_size(&ctx->pack, width, height, pf.bpp) > buf_size) {
      glf_error(ctx, GL_INVALID_OPERATION, "glReadnPixels(bufSize=%zu too small)", buf_size);
      return;
   }
   /* A pixel pack buffer: pixels is an offset into it. From the OpenGL ES 3.0 spec, section
    * 4.3.2: "An INVALID_OPERATION error is generated if a pixel pack buffer object is bound
    * and the buffer object's data store is currently mapped", "... the data would be packed
    * to the buffer object such that the memory writes required would exceed the data store
    * size", or "pixels is not evenly divisible into the number of basic machine units needed
    * to store in memory a datum indicated by type". */
   struct glf_buffer *pbo = ctx->pixel_pack_buffer;
   size_t pbo_off = 0, pbo_need = 0;
   if (pbo) {
      pbo_off = (size_t)(uintptr_t)pixels;
      pbo_need = packed_size(&ctx->pack, width, height, pf.bpp);
      size_t datum = glf_pixfmt_datum(&pf);
      if (pbo->mapped || pbo_off > pbo->size || pbo_need > pbo->size - pbo_off || (datum && pbo_off % datum)) {
         glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(pixel pack buffer %s)",
                   pbo->mapped ? "mapped" : "range / alignment");
         return;
      }
      if (!pbo_need)
         return;
   }
   /* Pixels outside the framebuffer are left untouched (section 4.3.1). */
   int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   int64_t x1 = (int64_t)x + width < (int64_t)fbw ? (int64_t)x + width : (int64_t)fbw;
   int64_t y1 = (int64_t)y + height < (int64_t)fbh ? (int64_t)y + height : (int64_t)fbh;
   if (x1 <= x0 || y1 <= y0 || (!pixels && !pbo))
      return;
   uint32_t cw = (uint32_t)(x1 - x0), ch = (uint32_t)(y1 - y0);
   const struct glf_pixelstore *ps = &ctx->pack;
   size_t row_pixels = ps->row_length ? (size_t)ps->row_length : (size_t)width;
   size_t bpp = pf.bpp;
   size_t stride = (row_pixels * bpp + (size_t)ps->alignment - 1) / (size_t)ps->alignment * (size_t)ps->alignment;
   /* The reply is the surface's wire format (wire_types.h wire_read_pixels); the client's
    * format / type is made here (pixels.c), or copied when it is the same layout. */
   uint32_t texel = wire_format_texel_size(f->wfmt);
   /* GL core's CLAMP_READ_COLOR (state.c); ES never clamps what it reads. Integer reads are
    * not colours to clamp. */
   const GLenum cr = ctx->st.clamp_read_color;
   const bool clamp = GLF_CORE(ctx) && !pf.integer && !pf.depth && !pf.stencil &&
                      (cr == GL_TRUE || (cr == GL_FIXED_ONLY && f->ctype != GL_FLOAT));
   /* The surface's texels are the pixels asked for: copied, not converted (a clamp changes
    * only float values: unsigned normalized ones are in [0, 1] already). */
   const bool copy = glf_pack_is_copy(f->wfmt, &pf) && (!clamp || f->ctype != GL_FLOAT);
   if (pbo && copy && !sgl_knobs()->pbo_readback_sync && pbo->created) {
      glf_read_to_buffer(ctx, &src, pbo, (int32_t)x0, (int32_t)y0, cw, ch,
                     pbo_off + ((size_t)(y0 - y) + (size_t)ps->skip_rows) * stride +
                        ((size_t)(x0 - x) + (size_t)ps->skip_pixels) * bpp,
                     stride, texel);
      return;
   }
   if (pbo) {
      /* The reply form: the rows' padding and the pixels outside the framebuffer keep the
       * buffer's bytes, so the shadow copy must hold them (read back first if the GPU wrote
       * the buffer). */
      if (!glf_buffer_shadow(ctx, pbo))
         return;
      pixels = pbo->shadow + pbo_off;
      ctx->pack_reply_reads++;
   }
   uint32_t band = WIRE_MAX_REPLY / (cw * texel);
   uint8_t *tmp = malloc((size_t)cw * texel * (band < ch ? band : ch));
   double (*vals)[4] = copy ? NULL : malloc(sizeof(double[4]) * cw);
   if (!tmp || !band || (!copy && !vals)) {
      free(tmp);
      free(vals);
      glf_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels");
      return;
   }
   for (uint32_t r = 0; r < ch; r += band) {
      uint32_t rows = ch - r < band ? ch - r : band;
      /* KHR_robustness: after a reset, commands "will not modify memory passed by pointer" */
      if (!glf_read_band(ctx, &src, (int32_t)x0, (int32_t)(y0 + r), cw, rows, texel, tmp))
         break;
      for (uint32_t i = 0; i < rows; i++) {
         size_t dy = (size_t)(y0 - y) + r + i + (size_t)ps->skip_rows;
         size_t dx = (size_t)(x0 - x) + (size_t)ps->skip_pixels;
         uint8_t *out = (uint8_t *)pixels + dy * stride + dx * bpp;
         const uint8_t *in = tmp + (size_t)i * cw * texel;
         if (copy) {
            memcpy(out, in, (size_t)cw * bpp);
         } else {
            glf_unpack_wire(f->wfmt, in, cw, vals);
            if (clamp)
               for (uint32_t k = 0; k < cw; k++)
                  for (int c = 0; c < 4; c++)
                     vals[k][c] = vals[k][c] < 0.0 ? 0.0 : vals[k][c] > 1.0 ? 1.0 : vals[k][c];
            glf_pack_pixels(&pf, (const double(*)[4])vals, cw, out);
         }
      }
   }
   free(tmp);
   free(vals);
   /* into the pack buffer: the written range goes to the server after the pixels (command
    * order; synchronous for now, issue 11 makes it wait-free) */
   if (pbo)
      glf_upload_buffer(ctx, pbo->res, (uint32_t)pbo_off, pbo->shadow + pbo_off, (uint32_t)pbo_need);
}

void GLAPIENTRY
glf_ReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, void *pixels)
{
   GET_CURRENT_CONTEXT(ctx);
   if (ctx)
      glf_read_pixels(ctx, x, y, width, height, format, type, SIZE_MAX, pixels);
}
