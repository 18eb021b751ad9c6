/* splitgl gl_front: glReadPixels, in reply bands of RGBA8 converted to the client format. */
#include <stdlib.h>
#include <string.h>

#include "glf_context.h"

/* How one read-back texel (RGBA8) becomes one client pixel. */
struct read_layout {
   uint8_t ncomp;
   uint8_t comp[4];  /* source channel of each component */
   uint8_t size;     /* bytes per component: 1 (UNSIGNED_BYTE) or 4 (FLOAT) */
};

static bool
read_layout(struct glf_context *ctx, GLenum format, GLenum type, struct read_layout *l)
{
   /* From the OpenGL ES 3.0 spec, section 4.3.1: for normalized fixed-point color buffers
    * RGBA / UNSIGNED_BYTE is always accepted, plus IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE
    * (also RGBA / UNSIGNED_BYTE here). Desktop GL accepts any format / type pair; the ones
    * below are converted here, the rest are not implemented yet. */
   static const struct {
      GLenum format;
      uint8_t n, c[4];
   } fmts[] = {
      {GL_RGBA, 4, {0, 1, 2, 3}}, {GL_RGB, 3, {0, 1, 2}}, {GL_RED, 1, {0}},   {GL_GREEN, 1, {1}},
      {GL_BLUE, 1, {2}},          {GL_ALPHA, 1, {3}},     {GL_RG, 2, {0, 1}}, {GL_BGRA, 4, {2, 1, 0, 3}},
      {GL_BGR, 3, {2, 1, 0}},
   };
   if (GLF_ES(ctx) && !(format == GL_RGBA && type == GL_UNSIGNED_BYTE))
      return false;
   if (type != GL_UNSIGNED_BYTE && type != GL_FLOAT)
      return false;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(fmts); i++) {
      if (fmts[i].format == format) {
         l->ncomp = fmts[i].n;
         memcpy(l->comp, fmts[i].c, 4);
         l->size = type == GL_FLOAT ? 4 : 1;
         return true;
      }
   }
   return false;
}

static void
convert_row(const struct read_layout *l, const uint8_t *src, uint8_t *dst, uint32_t w)
{
   if (l->ncomp == 4 && l->size == 1 && l->comp[0] == 0 && l->comp[3] == 3) {
      memcpy(dst, src, (size_t)w * 4);
      return;
   }
   for (uint32_t x = 0; x < w; x++, src += 4) {
      for (unsigned c = 0; c < l->ncomp; c++) {
         uint8_t v = src[l->comp[c]];
         if (l->size == 1) {
            *dst++ = v;
         } else {
            float f = (float)v / 255.0f;
            memcpy(dst, &f, 4);
            dst += 4;
         }
      }
   }
}

static void
read_band(struct glf_context *ctx, const struct wire_surface_ref *src, int32_t x, int32_t y, uint32_t w,
          uint32_t h, uint8_t *tmp)
{
   struct wire_read_pixels *p = GLF_BEGIN(ctx, ReadPixels);
   if (!p)
      return;
   p->src = *src;
   p->x = x;
   p->y = y;
   p->w = w;
   p->h = h;
   wire_end_reply(ctx->wire, tmp, w * h * 4);
}

void GLAPIENTRY
glf_ReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, void *pixels)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (width < 0 || height < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glReadPixels(%dx%d)", width, height);
      return;
   }
   struct read_layout layout;
   if (!read_layout(ctx, format, type, &layout)) {
      bool known = (format == GL_RGBA || format == GL_RGB || format == GL_ALPHA || format == GL_RGBA_INTEGER ||
                    format == GL_RED || format == GL_RG || format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA ||
                    format == GL_DEPTH_COMPONENT || format == GL_BGRA) &&
                   (type == GL_UNSIGNED_BYTE || type == GL_FLOAT || type == GL_UNSIGNED_INT ||
                    type == GL_INT || type == GL_HALF_FLOAT || type == GL_UNSIGNED_SHORT_5_6_5 ||
                    type == GL_UNSIGNED_SHORT_4_4_4_4 || type == GL_UNSIGNED_SHORT_5_5_5_1 ||
                    type == GL_UNSIGNED_INT_2_10_10_10_REV || type == GL_UNSIGNED_SHORT || type == GL_BYTE);
      glf_error(ctx, known ? GL_INVALID_OPERATION : GL_INVALID_ENUM, "glReadPixels(format=0x%x, type=0x%x)",
                format, type);
      return;
   }
   if (glf_framebuffer_status(ctx, ctx->read_fb) != GL_FRAMEBUFFER_COMPLETE) {
      glf_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "glReadPixels(read framebuffer incomplete)");
      return;
   }
   struct wire_surface_ref src;
   uint32_t fbw, fbh;
   if (!glf_framebuffer_read_surface(ctx, ctx->read_fb, &src, &fbw, &fbh)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(read buffer is NONE)");
      return;
   }
   if (ctx->pixel_pack_buffer) {
      sgl_log_once(SGL_LOG_WARN, "glReadPixels into a pixel pack buffer is not implemented yet");
      glf_error(ctx, GL_INVALID_OPERATION, "glReadPixels(pixel pack buffer)");
      return;
   }
   /* Pixels outside the framebuffer are left untouched (section 4.3.1). */
   int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   int64_t x1 = (int64_t)x + width < (int64_t)fbw ? (int64_t)x + width : (int64_t)fbw;
   int64_t y1 = (int64_t)y + height < (int64_t)fbh ? (int64_t)y + height : (int64_t)fbh;
   if (x1 <= x0 || y1 <= y0 || !pixels)
      return;
   uint32_t cw = (uint32_t)(x1 - x0), ch = (uint32_t)(y1 - y0);
   const struct glf_pixelstore *ps = &ctx->pack;
   size_t row_pixels = ps->row_length ? (size_t)ps->row_length : (size_t)width;
   size_t bpp = (size_t)layout.ncomp * layout.size;
   size_t stride = (row_pixels * bpp + (size_t)ps->alignment - 1) / (size_t)ps->alignment * (size_t)ps->alignment;
   uint32_t band = WIRE_MAX_REPLY / (cw * 4);
   uint8_t *tmp = malloc((size_t)cw * 4 * (band < ch ? band : ch));
   if (!tmp || !band) {
      free(tmp);
      glf_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels");
      return;
   }
   for (uint32_t r = 0; r < ch; r += band) {
      uint32_t rows = ch - r < band ? ch - r : band;
      read_band(ctx, &src, (int32_t)x0, (int32_t)(y0 + r), cw, rows, tmp);
      for (uint32_t i = 0; i < rows; i++) {
         size_t dy = (size_t)(y0 - y) + r + i + (size_t)ps->skip_rows;
         size_t dx = (size_t)(x0 - x) + (size_t)ps->skip_pixels;
         convert_row(&layout, tmp + (size_t)i * cw * 4, (uint8_t *)pixels + dy * stride + dx * bpp, cw);
      }
   }
   free(tmp);
}
