/* Frames put into X11 windows with core XCB requests: the client's put thread
 * (gl_front/egl_x11.c, client presentation) and Espryt's window presentation
 * (server_gles/window.c) share the conversion to the window's pixel format and the banded
 * xcb_put_image. */
#ifndef SGL_X11_IMAGE_H
#define SGL_X11_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <xcb/xcb.h>

/* How a window's ZPixmap rows look: its visual, bits per pixel, byte order. */
struct sgl_x11_format {
   const xcb_visualtype_t *vt;
   uint32_t bpp;   /* 16, 24 or 32 */
   uint32_t pad;   /* bytes a scanline is padded to */
   bool msb;       /* the X server's image byte order is MSB first */
};

/* The format of a window of `visual` and `depth`; false where it is not a TrueColor visual
 * of 16, 24 or 32 bits per pixel. */
bool sgl_x11_format(const xcb_setup_t *setup, uint32_t visual, uint8_t depth, struct sgl_x11_format *f);
/* The bytes of one row of `width` pixels. */
uint32_t sgl_x11_stride(const struct sgl_x11_format *f, uint32_t width);
/* A frame (rows bottom first: RGBA8 bytes, or R5G6B5 when is565; `src_stride` bytes a row) as
 * the window's rows, top first, `dst_stride` bytes apart. */
void sgl_x11_convert(const struct sgl_x11_format *f, bool is565, const uint8_t *src, uint32_t src_stride,
                     uint32_t width, uint32_t height, uint8_t *dst, uint32_t dst_stride);
/* xcb_put_image of converted rows in bands of whole rows below `max_request` bytes. */
void sgl_x11_put(xcb_connection_t *conn, uint32_t xid, xcb_gcontext_t gc, uint8_t depth, uint32_t width,
                 uint32_t height, uint32_t stride, const uint8_t *rows, uint32_t max_request);

#endif
