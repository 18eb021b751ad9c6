/* splitgl EGL: the configs, eglGetConfigs / eglChooseConfig / eglGetConfigAttrib.
 *
 * Pbuffer configs (on an X11 display also window configs: egl_config_attrib_on), renderable
 * with OpenGL ES 2/3 and OpenGL, offered where the server's
 * device renders their formats (RENDERABLE_FORMATS) and, for the multisampled ones, renders
 * them with 4 samples (MS_FORMATS_4):
 *    id 1: RGBA8                    id 2: RGBA8, D24S8        id 3: RGBA8, D16
 *    id 4: RGBA8, D32F              id 5: RGB565              id 6: RGB565, D16
 *    id 7: RGBA8, D24S8, 4 samples  id 8: RGBA8, 4 samples
 * A multisampled config's surface is a 4-sample colour (and depth-stencil) image plus a
 * single-sampled colour image it is resolved into for reads and presentation (egl_surface.c).
 */
#include "gl_front/egl_private.h"

#include <stdlib.h>
#include <string.h>

#include "wire/client.h"
#include "wire/format.h"

#define XCB_TRUE_COLOR 4 /* X11's TrueColor visual class (EGL_NATIVE_VISUAL_TYPE) */

#define EGLF_RENDERABLE (EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT | EGL_OPENGL_BIT)
/* A pbuffer has one buffer: eglSwapBuffers leaves it alone, so its contents are preserved. */
#define EGLF_SURFACE_TYPE (EGL_PBUFFER_BIT | EGL_SWAP_BEHAVIOR_PRESERVED_BIT)

static const struct egl_config egl_configs[] = {
   {.id = 1, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .ds_format = WIRE_FMT_NONE},
   {.id = 2, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .ds_format = WIRE_FMT_D24_UNORM_S8_UINT, .depth_size = 24,
    .stencil_size = 8},
   {.id = 3, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .ds_format = WIRE_FMT_D16_UNORM, .depth_size = 16},
   {.id = 4, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .ds_format = WIRE_FMT_D32_FLOAT, .depth_size = 32},
   {.id = 5, .color_format = WIRE_FMT_R5G6B5_UNORM, .ds_format = WIRE_FMT_NONE},
   {.id = 6, .color_format = WIRE_FMT_R5G6B5_UNORM, .ds_format = WIRE_FMT_D16_UNORM, .depth_size = 16},
   {.id = 7, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .ds_format = WIRE_FMT_D24_UNORM_S8_UINT, .depth_size = 24,
    .stencil_size = 8, .samples = 4},
   {.id = 8, .color_format = WIRE_FMT_R8G8B8A8_UNORM, .ds_format = WIRE_FMT_NONE, .samples = 4},
};
#define EGLF_NUM_CONFIGS ((EGLint)(sizeof(egl_configs) / sizeof(egl_configs[0])))

/* Bit i: egl_configs[i] is offered. Until a device answered: the two RGBA8 configs every
 * Vulkan device renders (D24S8 falls back to D32S8 in Magma). Written under the display lock
 * (one display). */
static uint32_t configs_offered = 0x3u;
/* What the device renders (WIRE_CAP_RENDERABLE_FORMATS, WIRE_CAP_MS_FORMATS_4): sRGB surfaces. */
static uint64_t formats_rendered, formats_rendered_ms4;

void
egl_configs_init(struct wire_client *c)
{
   struct wire_server_info info;
   if (!c || !wire_client_info(c, &info))
      return;
   uint32_t n = info.cap_count < WIRE_CAP_COUNT ? info.cap_count : WIRE_CAP_COUNT;
   uint64_t renders = n > WIRE_CAP_RENDERABLE_FORMATS ? info.caps[WIRE_CAP_RENDERABLE_FORMATS] : 0;
   uint64_t ms4 = n > WIRE_CAP_MS_FORMATS_4 ? info.caps[WIRE_CAP_MS_FORMATS_4] : 0;
   uint32_t mask = 0;
   for (EGLint i = 0; i < EGLF_NUM_CONFIGS; i++) {
      const struct egl_config *cfg = &egl_configs[i];
      uint64_t need = (1ull << cfg->color_format) | (cfg->ds_format ? 1ull << cfg->ds_format : 0);
      if ((renders & need) == need && (!cfg->samples || (ms4 & need) == need))
         mask |= 1u << i;
   }
   configs_offered = mask ? mask : 0x3u;
   formats_rendered = renders;
   formats_rendered_ms4 = ms4;
}

uint32_t
egl_config_srgb_format(const struct egl_config *cfg)
{
   const uint64_t bit = 1ull << WIRE_FMT_R8G8B8A8_SRGB;
   if (cfg->color_format != WIRE_FMT_R8G8B8A8_UNORM || !(formats_rendered & bit) ||
       (cfg->samples && !(formats_rendered_ms4 & bit)))
      return 0;
   return WIRE_FMT_R8G8B8A8_SRGB;
}

static bool
offered(EGLint i)
{
   return (configs_offered >> i) & 1u;
}

const struct egl_config *
egl_config_lookup(EGLConfig handle)
{
   for (EGLint i = 0; i < EGLF_NUM_CONFIGS; i++) {
      if (handle == (EGLConfig)&egl_configs[i])
         return offered(i) ? &egl_configs[i] : NULL;
   }
   return NULL;
}

bool
egl_config_compatible(const struct egl_config *a, const struct egl_config *b)
{
   /* The colour buffers' formats and every ancillary buffer decide. */
   return a->color_format == b->color_format && a->depth_size == b->depth_size &&
          a->stencil_size == b->stencil_size && a->samples == b->samples;
}

/* The config attributes of EGL 1.5 table 3.1, with the defaults, selection criteria and sort
 * priorities of table 3.4, declared once:
 *    A(attribute, eglChooseConfig default, criterion, sort priority (0: not sorted))
 * Criteria: ATLEAST / EXACT / MASK compare; SPECIAL is handled by name; IGNORE attributes
 * are accepted in an attribute list and do not take part in selection. */
#define EGLF_CONFIG_ATTRIBS(A)                                                               \
   A(EGL_BUFFER_SIZE, 0, ATLEAST, 4)                                                         \
   A(EGL_RED_SIZE, 0, ATLEAST, 3)                                                            \
   A(EGL_GREEN_SIZE, 0, ATLEAST, 3)                                                          \
   A(EGL_BLUE_SIZE, 0, ATLEAST, 3)                                                           \
   A(EGL_LUMINANCE_SIZE, 0, ATLEAST, 3)                                                      \
   A(EGL_ALPHA_SIZE, 0, ATLEAST, 3)                                                          \
   A(EGL_ALPHA_MASK_SIZE, 0, ATLEAST, 9)                                                     \
   A(EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE, EXACT, 0)                                       \
   A(EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE, EXACT, 0)                                      \
   A(EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, EXACT, 2)                                        \
   A(EGL_CONFIG_CAVEAT, EGL_DONT_CARE, EXACT, 1)                                             \
   A(EGL_CONFIG_ID, EGL_DONT_CARE, SPECIAL, 11)                                              \
   A(EGL_CONFORMANT, 0, MASK, 0)                                                             \
   A(EGL_DEPTH_SIZE, 0, ATLEAST, 7)                                                          \
   A(EGL_LEVEL, 0, EXACT, 0)                                                                 \
   A(EGL_MAX_PBUFFER_WIDTH, 0, IGNORE, 0)                                                    \
   A(EGL_MAX_PBUFFER_HEIGHT, 0, IGNORE, 0)                                                   \
   A(EGL_MAX_PBUFFER_PIXELS, 0, IGNORE, 0)                                                   \
   A(EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE, EXACT, 0)                                         \
   A(EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE, EXACT, 0)                                         \
   A(EGL_NATIVE_RENDERABLE, EGL_DONT_CARE, EXACT, 0)                                         \
   A(EGL_NATIVE_VISUAL_ID, 0, IGNORE, 0)                                                     \
   A(EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE, EXACT, 10)                                       \
   A(EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, MASK, 0)                                        \
   A(EGL_SAMPLE_BUFFERS, 0, ATLEAST, 5)                                                      \
   A(EGL_SAMPLES, 0, ATLEAST, 6)                                                             \
   A(EGL_STENCIL_SIZE, 0, ATLEAST, 8)                                                        \
   A(EGL_SURFACE_TYPE, EGL_WINDOW_BIT, MASK, 0)                                              \
   A(EGL_TRANSPARENT_TYPE, EGL_NONE, EXACT, 0)                                               \
   A(EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE, EXACT, 0)                                     \
   A(EGL_TRANSPARENT_GREEN_VALUE, EGL_DONT_CARE, EXACT, 0)                                   \
   A(EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE, EXACT, 0)

enum egl_criterion { ATLEAST, EXACT, MASK, SPECIAL, IGNORE };

struct egl_attrib_info {
   EGLint attr;
   EGLint def;
   enum egl_criterion crit;
   int sort;
};

static const struct egl_attrib_info attrib_info[] = {
#define A(attr, def, crit, sort) {attr, def, crit, sort},
   EGLF_CONFIG_ATTRIBS(A)
#undef A
};
#define EGLF_NUM_ATTRIBS ((int)(sizeof(attrib_info) / sizeof(attrib_info[0])))

static int
attrib_index(EGLint attr)
{
   for (int i = 0; i < EGLF_NUM_ATTRIBS; i++) {
      if (attrib_info[i].attr == attr)
         return i;
   }
   return -1;
}

bool
egl_config_attrib(const struct egl_config *cfg, EGLint attr, EGLint *value)
{
   EGLint v;
   switch (attr) {
   case EGL_BUFFER_SIZE: v = cfg->color_format == WIRE_FMT_R5G6B5_UNORM ? 16 : 32; break;
   case EGL_RED_SIZE:
   case EGL_BLUE_SIZE: v = cfg->color_format == WIRE_FMT_R5G6B5_UNORM ? 5 : 8; break;
   case EGL_GREEN_SIZE: v = cfg->color_format == WIRE_FMT_R5G6B5_UNORM ? 6 : 8; break;
   case EGL_ALPHA_SIZE: v = cfg->color_format == WIRE_FMT_R5G6B5_UNORM ? 0 : 8; break;
   case EGL_LUMINANCE_SIZE: v = 0; break;
   case EGL_ALPHA_MASK_SIZE: v = 0; break;
   case EGL_BIND_TO_TEXTURE_RGB:
   case EGL_BIND_TO_TEXTURE_RGBA: v = EGL_FALSE; break;
   case EGL_COLOR_BUFFER_TYPE: v = EGL_RGB_BUFFER; break;
   case EGL_CONFIG_CAVEAT: v = EGL_NONE; break;
   case EGL_CONFIG_ID: v = cfg->id; break;
   case EGL_CONFORMANT: v = EGLF_RENDERABLE; break;
   case EGL_DEPTH_SIZE: v = cfg->depth_size; break;
   case EGL_LEVEL: v = 0; break;
   case EGL_MAX_PBUFFER_WIDTH:
   case EGL_MAX_PBUFFER_HEIGHT: v = EGLF_MAX_PBUFFER_SIZE; break;
   case EGL_MAX_PBUFFER_PIXELS: v = EGLF_MAX_PBUFFER_SIZE * EGLF_MAX_PBUFFER_SIZE; break;
   case EGL_MAX_SWAP_INTERVAL: v = 1; break;
   case EGL_MIN_SWAP_INTERVAL: v = 0; break;
   case EGL_NATIVE_RENDERABLE: v = EGL_FALSE; break;
   case EGL_NATIVE_VISUAL_ID: v = 0; break;
   case EGL_NATIVE_VISUAL_TYPE: v = EGL_NONE; break;
   case EGL_RENDERABLE_TYPE: v = EGLF_RENDERABLE; break;
   case EGL_SAMPLE_BUFFERS: v = cfg->samples > 0; break;
   case EGL_SAMPLES: v = cfg->samples; break;
   case EGL_STENCIL_SIZE: v = cfg->stencil_size; break;
   case EGL_SURFACE_TYPE: v = EGLF_SURFACE_TYPE; break;
   case EGL_TRANSPARENT_TYPE: v = EGL_NONE; break;
   case EGL_TRANSPARENT_RED_VALUE:
   case EGL_TRANSPARENT_GREEN_VALUE:
   case EGL_TRANSPARENT_BLUE_VALUE: v = 0; break;
   default: return false;
   }
   *value = v;
   return true;
}

/* On an X11 display a config whose colour buffer an X visual of the screen shows (RGBA8:
 * depth-24 TrueColor; RGB565: depth-16 TrueColor) renders to windows too. */
bool
egl_config_attrib_on(const struct egl_display *d, const struct egl_config *cfg, EGLint attr, EGLint *value)
{
   if (!egl_config_attrib(cfg, attr, value))
      return false;
   uint32_t visual = egl_x11_config_visual(d, cfg);
   if (!visual)
      return true;
   switch (attr) {
   case EGL_SURFACE_TYPE: *value |= EGL_WINDOW_BIT; break;
   case EGL_NATIVE_VISUAL_ID: *value = (EGLint)visual; break;
   case EGL_NATIVE_VISUAL_TYPE: *value = XCB_TRUE_COLOR; break;
   default: break;
   }
   return true;
}

static EGLint
cfg_get(const struct egl_display *d, const struct egl_config *cfg, EGLint attr)
{
   EGLint v = 0;
   egl_config_attrib_on(d, cfg, attr, &v);
   return v;
}

/* Values an attribute list may carry (EGL 1.5, table 3.1 types); false: EGL_BAD_ATTRIBUTE. */
static bool
validate_value(const struct egl_attrib_info *info, EGLint v)
{
   if (v == EGL_DONT_CARE)
      return info->attr != EGL_LEVEL && info->attr != EGL_MATCH_NATIVE_PIXMAP;
   switch (info->attr) {
   case EGL_BIND_TO_TEXTURE_RGB:
   case EGL_BIND_TO_TEXTURE_RGBA:
   case EGL_NATIVE_RENDERABLE:
      return v == EGL_TRUE || v == EGL_FALSE;
   case EGL_COLOR_BUFFER_TYPE:
      return v == EGL_RGB_BUFFER || v == EGL_LUMINANCE_BUFFER;
   case EGL_CONFIG_CAVEAT:
      return v == EGL_NONE || v == EGL_SLOW_CONFIG || v == EGL_NON_CONFORMANT_CONFIG;
   case EGL_TRANSPARENT_TYPE:
      return v == EGL_NONE || v == EGL_TRANSPARENT_RGB;
   case EGL_RENDERABLE_TYPE:
   case EGL_CONFORMANT:
      return !(v & ~(EGL_OPENGL_ES_BIT | EGL_OPENVG_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_BIT |
                     EGL_OPENGL_ES3_BIT));
   case EGL_SURFACE_TYPE:
      return !(v & ~(EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT |
                     EGL_MULTISAMPLE_RESOLVE_BOX_BIT | EGL_SWAP_BEHAVIOR_PRESERVED_BIT |
                     EGL_VG_COLORSPACE_LINEAR_BIT | EGL_VG_ALPHA_FORMAT_PRE_BIT));
   case EGL_NATIVE_VISUAL_TYPE:
   case EGL_CONFIG_ID:
   case EGL_LEVEL:
      return true;
   default:
      return info->crit != ATLEAST || v >= 0;
   }
}

/* What an attribute list asks for: one value per attribute of the table. */
struct egl_criteria {
   const struct egl_display *dpy; /* whose view of the configs (egl_config_attrib_on) */
   EGLint value[EGLF_NUM_ATTRIBS];
   bool pixmap; /* EGL_MATCH_NATIVE_PIXMAP named a pixmap */
};

static EGLint
parse_criteria(const EGLint *list, struct egl_criteria *cr)
{
   for (int i = 0; i < EGLF_NUM_ATTRIBS; i++)
      cr->value[i] = attrib_info[i].def;
   cr->pixmap = false;
   for (; list && list[0] != EGL_NONE; list += 2) {
      if (list[0] == EGL_MATCH_NATIVE_PIXMAP) {
         /* There are no native pixmaps on the surfaceless platform. */
         cr->pixmap = list[1] != EGL_NONE;
         continue;
      }
      int i = attrib_index(list[0]);
      if (i < 0 || !validate_value(&attrib_info[i], list[1]))
         return EGL_BAD_ATTRIBUTE;
      cr->value[i] = list[1];
   }
   return EGL_SUCCESS;
}

static bool
config_matches(const struct egl_config *cfg, const struct egl_criteria *cr)
{
   if (cr->pixmap)
      return false;
   /* EGL 1.5, section 3.4.1.2: "If EGL_CONFIG_ID is specified, it is matched exactly, and
    * all other attributes are ignored." */
   EGLint id = cr->value[attrib_index(EGL_CONFIG_ID)];
   if (id != EGL_DONT_CARE)
      return cfg->id == id;
   bool transparent_rgb = cr->value[attrib_index(EGL_TRANSPARENT_TYPE)] == EGL_TRANSPARENT_RGB;
   for (int i = 0; i < EGLF_NUM_ATTRIBS; i++) {
      const struct egl_attrib_info *info = &attrib_info[i];
      EGLint want = cr->value[i];
      if (want == EGL_DONT_CARE)
         continue;
      /* "the EGL_TRANSPARENT_*_VALUE attributes are ignored unless EGL_TRANSPARENT_TYPE is
       * EGL_TRANSPARENT_RGB" */
      if (!transparent_rgb && (info->attr == EGL_TRANSPARENT_RED_VALUE ||
                               info->attr == EGL_TRANSPARENT_GREEN_VALUE ||
                               info->attr == EGL_TRANSPARENT_BLUE_VALUE))
         continue;
      EGLint have = cfg_get(cr->dpy, cfg, info->attr);
      switch (info->crit) {
      case ATLEAST:
         if (have < want)
            return false;
         break;
      case EXACT:
         if (have != want)
            return false;
         break;
      case MASK:
         if ((have & want) != want)
            return false;
         break;
      case SPECIAL:
      case IGNORE:
         break;
      }
   }
   return true;
}

static const struct egl_criteria *sort_criteria;

static int
caveat_rank(EGLint caveat)
{
   return caveat == EGL_NONE ? 0 : caveat == EGL_SLOW_CONFIG ? 1 : 2;
}

/* EGL 1.5, section 3.4.1.2, "Sorting of EGLConfigs": by priority, each key in the order the
 * table gives (Smaller / Larger / Special). */
static int
compare_configs(const void *pa, const void *pb)
{
   const struct egl_config *a = *(const struct egl_config *const *)pa;
   const struct egl_config *b = *(const struct egl_config *const *)pb;
   const struct egl_criteria *cr = sort_criteria;

   int d = caveat_rank(cfg_get(cr->dpy, a, EGL_CONFIG_CAVEAT)) - caveat_rank(cfg_get(cr->dpy, b, EGL_CONFIG_CAVEAT));
   if (d)
      return d;
   /* "EGL_RGB_BUFFER [...] precede EGL_LUMINANCE_BUFFER" */
   d = (cfg_get(cr->dpy, a, EGL_COLOR_BUFFER_TYPE) != EGL_RGB_BUFFER) - (cfg_get(cr->dpy, b, EGL_COLOR_BUFFER_TYPE) != EGL_RGB_BUFFER);
   if (d)
      return d;
   /* "Larger total number of color bits (of the components requested with a value that is
    * neither zero nor EGL_DONT_CARE)" */
   static const EGLint color_attrs[] = {EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE,
                                        EGL_ALPHA_SIZE, EGL_LUMINANCE_SIZE};
   EGLint bits_a = 0, bits_b = 0;
   for (unsigned i = 0; i < sizeof(color_attrs) / sizeof(color_attrs[0]); i++) {
      EGLint want = cr->value[attrib_index(color_attrs[i])];
      if (want != 0 && want != EGL_DONT_CARE) {
         bits_a += cfg_get(cr->dpy, a, color_attrs[i]);
         bits_b += cfg_get(cr->dpy, b, color_attrs[i]);
      }
   }
   if (bits_a != bits_b)
      return bits_b - bits_a;
   /* Then Smaller-first keys in priority order: buffer size, sample buffers, samples, depth,
    * stencil, alpha mask; native visual type (implementation-defined: none differ); id. */
   static const EGLint smaller_first[] = {EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES,
                                          EGL_DEPTH_SIZE, EGL_STENCIL_SIZE, EGL_ALPHA_MASK_SIZE,
                                          EGL_NATIVE_VISUAL_TYPE, EGL_CONFIG_ID};
   for (unsigned i = 0; i < sizeof(smaller_first) / sizeof(smaller_first[0]); i++) {
      EGLint va = cfg_get(cr->dpy, a, smaller_first[i]), vb = cfg_get(cr->dpy, b, smaller_first[i]);
      if (va != vb)
         return va < vb ? -1 : 1;
   }
   return 0;
}

EGLBoolean
eglf_GetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint config_size, EGLint *num_config)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   /* EGL 1.5, section 3.4.1: "If num_config is NULL, an EGL_BAD_PARAMETER error is
    * generated." */
   if (!num_config)
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);
   EGLint n = 0;
   for (EGLint i = 0; i < EGLF_NUM_CONFIGS; i++) {
      if (!offered(i))
         continue;
      if (configs && n >= (config_size < 0 ? 0 : config_size))
         break;
      if (configs)
         configs[n] = (EGLConfig)&egl_configs[i];
      n++;
   }
   *num_config = n;
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_ChooseConfig(EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *configs, EGLint config_size,
                  EGLint *num_config)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   if (!num_config)
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);
   struct egl_criteria cr;
   cr.dpy = d;
   EGLint err = parse_criteria(attrib_list, &cr);
   if (err != EGL_SUCCESS)
      EGLF_RETURN(d, err, EGL_FALSE);

   const struct egl_config *match[EGLF_NUM_CONFIGS];
   EGLint n = 0;
   for (EGLint i = 0; i < EGLF_NUM_CONFIGS; i++) {
      if (offered(i) && config_matches(&egl_configs[i], &cr))
         match[n++] = &egl_configs[i];
   }
   /* Under the display lock, so the one static pointer is safe. */
   sort_criteria = &cr;
   qsort(match, n, sizeof(match[0]), compare_configs);
   sort_criteria = NULL;

   if (configs) {
      if (config_size < n)
         n = config_size < 0 ? 0 : config_size;
      for (EGLint i = 0; i < n; i++)
         configs[i] = (EGLConfig)match[i];
   }
   *num_config = n;
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint *value)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   const struct egl_config *cfg = egl_config_lookup(config);
   if (!cfg)
      EGLF_RETURN(d, EGL_BAD_CONFIG, EGL_FALSE);
   EGLint v;
   if (!egl_config_attrib_on(d, cfg, attribute, &v))
      EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_FALSE);
   EGLF_RETURN_VALUE(d, value, v);
}
