/* splitgl gl_front: glReadPixels (RGBA / UNSIGNED_BYTE), in reply bands. */
#include <stdlib.h>

#include "glf_context.h"

static bool
read_format_ok(struct glf_context *ctx, GLenum format, GLenum type)
{
   /* From the OpenGL ES 3.0 spec, section 4.3.1: for normalized fixed-point color buffers
    * RGBA / UNSIGNED_BYTE is always accepted, plus IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE
    * (also RGBA / UNSIGNED_BYTE here). */
   return format == GL_RGBA && type == GL_UNSIGNED_BYTE;
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
   if (!read_format_ok(ctx, format, type)) {
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
   size_t stride = (row_pixels * 4 + (size_t)ps->alignment - 1) / (size_t)ps->alignment * (size_t)ps->alignment;
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
         memcpy((uint8_t *)pixels + dy * stride + dx * 4, tmp + (size_t)i * cw * 4, (size_t)cw * 4);
      }
   }
   free(tmp);
}
