/* splitgl wire: facts about wire formats that both sides need. */
#ifndef SGL_WIRE_FORMAT_H
#define SGL_WIRE_FORMAT_H

#include "wire_types.h"

#include <stdbool.h>

/* Bytes of one texel in uploads / read-backs (the wire layout, not the server's storage). */
static inline uint32_t
wire_format_texel_size(uint32_t fmt)
{
   switch (fmt) {
   case WIRE_FMT_R8G8B8A8_UNORM: return 4;
   case WIRE_FMT_R8G8B8_UNORM: return 3;
   case WIRE_FMT_R8_UNORM: return 1;
   case WIRE_FMT_D24_UNORM_S8_UINT: return 4;
   case WIRE_FMT_D16_UNORM: return 2;
   case WIRE_FMT_D32_FLOAT: return 4;
   default: return 0;
   }
}

static inline bool
wire_format_has_depth(uint32_t fmt)
{
   return fmt == WIRE_FMT_D24_UNORM_S8_UINT || fmt == WIRE_FMT_D16_UNORM || fmt == WIRE_FMT_D32_FLOAT;
}

static inline bool
wire_format_has_stencil(uint32_t fmt)
{
   return fmt == WIRE_FMT_D24_UNORM_S8_UINT;
}

static inline uint32_t
wire_minify(uint32_t size, uint32_t level)
{
   uint32_t s = level < 32 ? size >> level : 0;
   return s ? s : 1;
}

#endif
