/* Frames into X11 windows with core XCB requests (x11_image.h). */
#include "util/x11_image.h"

static const xcb_visualtype_t *
find_visual(const xcb_setup_t *setup, uint32_t id)
{
   for (xcb_screen_iterator_t si = xcb_setup_roots_iterator(setup); si.rem; xcb_screen_next(&si))
      for (xcb_depth_iterator_t di = xcb_screen_allowed_depths_iterator(si.data); di.rem; xcb_depth_next(&di))
         for (xcb_visualtype_iterator_t vi = xcb_depth_visuals_iterator(di.data); vi.rem; xcb_visualtype_next(&vi))
            if (vi.data->visual_id == id)
               return vi.data;
   return NULL;
}

static const xcb_format_t *
find_pixmap_format(const xcb_setup_t *setup, uint8_t depth)
{
   for (xcb_format_iterator_t fi = xcb_setup_pixmap_formats_iterator(setup); fi.rem; xcb_format_next(&fi))
      if (fi.data->depth == depth)
         return fi.data;
   return NULL;
}

bool
sgl_x11_format(const xcb_setup_t *setup, uint32_t visual, uint8_t depth, struct sgl_x11_format *f)
{
   const xcb_visualtype_t *vt = find_visual(setup, visual);
   const xcb_format_t *pf = find_pixmap_format(setup, depth);
   if (!vt || vt->_class != XCB_VISUAL_CLASS_TRUE_COLOR || !pf ||
       (pf->bits_per_pixel != 16 && pf->bits_per_pixel != 24 && pf->bits_per_pixel != 32))
      return false;
   f->vt = vt;
   f->bpp = pf->bits_per_pixel;
   f->pad = pf->scanline_pad / 8u ? pf->scanline_pad / 8u : 1u;
   f->msb = setup->image_byte_order == XCB_IMAGE_ORDER_MSB_FIRST;
   return true;
}

uint32_t
sgl_x11_stride(const struct sgl_x11_format *f, uint32_t width)
{
   return (width * f->bpp / 8u + f->pad - 1u) / f->pad * f->pad;
}

/* An 8-bit component into the bits of `mask`, rounded. */
static inline uint32_t
pack_component(uint32_t c, uint32_t mask)
{
   if (!mask)
      return 0;
   const uint32_t shift = (uint32_t)__builtin_ctz(mask), max = mask >> shift;
   return ((c * max + 127u) / 255u) << shift;
}

void
sgl_x11_convert(const struct sgl_x11_format *f, bool is565, const uint8_t *src, uint32_t src_stride,
                uint32_t width, uint32_t height, uint8_t *dst, uint32_t dst_stride)
{
   const uint32_t bytes = f->bpp / 8;
   const xcb_visualtype_t *vt = f->vt;
   for (uint32_t y = 0; y < height; y++) {
      const uint8_t *s = src + (size_t)(height - 1 - y) * src_stride;
      uint8_t *d = dst + (size_t)y * dst_stride;
      for (uint32_t x = 0; x < width; x++, d += bytes) {
         uint32_t r, g, b;
         if (is565) {
            const uint32_t v = (uint32_t)s[2 * x] | (uint32_t)s[2 * x + 1] << 8;
            r = v >> 11;
            g = (v >> 5) & 63u;
            b = v & 31u;
            r = (r << 3) | (r >> 2);
            g = (g << 2) | (g >> 4);
            b = (b << 3) | (b >> 2);
         } else {
            r = s[4 * x];
            g = s[4 * x + 1];
            b = s[4 * x + 2];
         }
         const uint32_t px =
            pack_component(r, vt->red_mask) | pack_component(g, vt->green_mask) | pack_component(b, vt->blue_mask);
         for (uint32_t i = 0; i < bytes; i++)
            d[f->msb ? bytes - 1 - i : i] = (uint8_t)(px >> (8 * i));
      }
   }
}

void
sgl_x11_put(xcb_connection_t *conn, uint32_t xid, xcb_gcontext_t gc, uint8_t depth, uint32_t width, uint32_t height,
            uint32_t stride, const uint8_t *rows, uint32_t max_request)
{
   /* bands of whole rows below the request size (the request's header is 24 bytes) */
   uint32_t band = max_request > 64u ? (max_request - 64u) / stride : 0;
   if (!band)
      band = 1;
   for (uint32_t y = 0; y < height; y += band) {
      const uint32_t n = height - y < band ? height - y : band;
      xcb_put_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, xid, gc, (uint16_t)width, (uint16_t)n, 0, (int16_t)y, 0, depth,
                    n * stride, rows + (size_t)y * stride);
   }
}
