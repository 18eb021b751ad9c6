/* splitgl EGL: objects shared by gl_front/egl_*.c.
 *
 * Each display (egl_display.c: one per platform and native display, from a fixed table) owns
 * one wire channel, opened at its first eglInitialize. Every EGL
 * object lives on one of the display's lists and is looked up by walking that list, so a
 * stale or forged handle is an EGL error, never a dereference. The display lock guards the
 * lists, the objects' binding fields and the channel's lifetime.
 *
 * Lifetime (EGL 1.5, sections 3.2, 3.5.5, 3.7.2): eglDestroySurface / eglDestroyContext /
 * eglTerminate on an object that is current to some thread only mark it; it is destroyed when
 * it stops being current. A marked object is invisible to lookups. The channel is closed when
 * the display is terminated and no object is left.
 */
#ifndef SGL_GL_FRONT_EGL_PRIVATE_H
#define SGL_GL_FRONT_EGL_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "gl_front/egl_public.h"
#include "gl_front/glf_public.h"

/* The EGL entry points, from the one list. */
#define EGLF_ENTRY(ret, name, params) ret eglf_##name params;
#include "gl_front/egl_entrypoints.h"
#undef EGLF_ENTRY

#define EGLF_VERSION_MAJOR 1
#define EGLF_VERSION_MINOR 5
#define EGLF_MAX_PBUFFER_SIZE 16384 /* WIRE_MAX_TEXTURE_SIZE */

/* ---- configs (egl_config.c) ----------------------------------------------------------- */
struct egl_config {
   EGLint id;
   uint32_t color_format; /* wire_format of the colour buffer */
   uint32_t ds_format;    /* wire_format of the depth / stencil buffer, or WIRE_FMT_NONE */
   EGLint depth_size;
   EGLint stencil_size;
   EGLint samples;        /* EGL_SAMPLES (0: single-sampled; EGL_SAMPLE_BUFFERS follows) */
};

/** The configs this display's device renders (egl_config.c), asked once per channel at
 *  eglInitialize; a config outside them is EGL_BAD_CONFIG. */
void egl_configs_init(struct wire_client *c);
const struct egl_config *egl_config_lookup(EGLConfig handle);
/** The sRGB colour format of cfg's surfaces with EGL_GL_COLORSPACE_SRGB (RGBA8 configs, where
 *  the device renders R8G8B8A8_SRGB, multisampled too for a multisampled config); 0: none. */
uint32_t egl_config_srgb_format(const struct egl_config *cfg);
/** The config's value of attribute `attr`; false if attr is not a config attribute. */
bool egl_config_attrib(const struct egl_config *cfg, EGLint attr, EGLint *value);
/** EGL 1.5 section 3.7.3: surfaces and contexts are compatible when they have color and
 *  ancillary buffers of the same type and depth. */
bool egl_config_compatible(const struct egl_config *a, const struct egl_config *b);

/* ---- objects -------------------------------------------------------------------------- */
enum egl_obj_kind { EGL_OBJ_SURFACE = 0, EGL_OBJ_CONTEXT, EGL_OBJ_SYNC, EGL_OBJ_IMAGE, EGL_OBJ_KINDS };

struct egl_display;

struct egl_object {
   struct egl_object *next;
   struct egl_display *dpy;
   enum egl_obj_kind kind;
   bool marked; /* destroyed by the app (or eglTerminate) while current: deferred */
};

struct egl_context;

struct egl_surface {
   struct egl_object base;
   const struct egl_config *config;
   EGLint width, height; /* as created (may be 0) */
   EGLBoolean largest;
   EGLint swap_behavior;
   EGLint multisample_resolve;
   EGLint mipmap_level;
   EGLint swap_interval;
   /* Window surfaces (egl_surface.c, egl_x11.c): xid 0 for pbuffers. */
   uint32_t xid;
   bool client_present;            /* frames come back and the client puts them (egl_x11.c) */
   EGLint colorspace;              /* EGL_GL_COLORSPACE: LINEAR, or SRGB (an sRGB colour buffer) */
   EGLint sent_interval;           /* the interval the server presents with */
   EGLint buffer_age;              /* EGL_EXT_buffer_age: 0 until a swap, then 1 (preserved) */
   struct glf_drawable drawable;   /* the server resources */
   struct egl_context *bound;      /* the context it is current with (draw or read), or NULL */
};

struct egl_context {
   struct egl_object base;
   const struct egl_config *config; /* NULL: EGL_NO_CONFIG_KHR */
   EGLenum api;                     /* EGL_OPENGL_ES_API or EGL_OPENGL_API */
   EGLint major, minor;             /* the version handed out */
   struct glf_context *glf;
   const void *thread;              /* the thread it is current to (egl_thread()), or NULL */
   struct egl_surface *draw, *read;
   bool stats_printed;
};

struct egl_sync {
   struct egl_object base;
   EGLenum type;   /* EGL_SYNC_FENCE */
   EGLenum status; /* EGL_SIGNALED / EGL_UNSIGNALED */
   uint64_t fence; /* wire_fence id */
   unsigned waiters; /* eglClientWaitSync calls in progress (destruction waits for them) */
};

struct egl_display {
   pthread_mutex_t lock;
   /* Identity, fixed once the slot is taken (egl_display.c): the platform (EGL_NONE for the
    * default display, which EGL_PLATFORM_SURFACELESS_MESA also names) and the native display
    * it was got for. */
   bool used;
   EGLenum platform;
   void *native;
   const struct egl_device *device; /* EGL_PLATFORM_DEVICE_EXT: the device it renders on */
   bool initialized;
   struct wire_client *wire; /* open while initialized or while objects outlive eglTerminate */
   struct wire_client_callbacks callbacks;
   int lost;                 /* atomic: the channel's server is gone */
   struct egl_object *objects[EGL_OBJ_KINDS];
   /* EGL_PLATFORM_X11_KHR (egl_x11.c): the X screen (set: asked for, or the default one
    * once initialized) and the connection's state, made at the first eglInitialize. */
   int x11_screen;
   bool x11_screen_set;
   struct egl_x11 *x11;
};

/* ---- per-thread state ----------------------------------------------------------------- */
struct egl_thread {
   EGLint error;
   EGLenum api;               /* eglBindAPI when no host tracks it */
   struct egl_context *ctx;   /* current context (on our display) */
};

struct egl_thread *egl_thread(void);

static inline void
egl_set_error(EGLint err)
{
   egl_thread()->error = err;
}

EGLenum egl_current_api(void);

/* ---- display (egl_display.c) ---------------------------------------------------------- */
/** Validates and locks dpy. On failure sets EGL_BAD_DISPLAY (or EGL_NOT_INITIALIZED when
 *  need_init and the display is not initialized) and returns NULL unlocked. */
struct egl_display *egl_display_lock(EGLDisplay dpy, bool need_init);
void egl_display_unlock(struct egl_display *d);
bool egl_display_lost(const struct egl_display *d);

/** Validates dpy as egl_display_lock(dpy, true) does and, when it is valid, sets err: the
 *  whole of an entry point that can only fail. Returns whether dpy was valid. */
bool egl_display_fail(EGLDisplay dpy, EGLint err);

/** Unlocks, sets the thread's error and yields `ret`. */
#define EGLF_RETURN(d, err, ret)                                                             \
   do {                                                                                      \
      egl_display_unlock(d);                                                                 \
      egl_set_error(err);                                                                    \
      return ret;                                                                            \
   } while (0)

/** The tail of a query: EGL_BAD_PARAMETER when `value` is NULL, else stores v through it and
 *  succeeds. Unlocks d and returns from the caller either way. */
#define EGLF_RETURN_VALUE(d, value, v)                                                       \
   do {                                                                                      \
      if (!(value))                                                                          \
         EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);                                       \
      *(value) = (v);                                                                        \
      EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);                                                 \
   } while (0)

void egl_object_link(struct egl_display *d, struct egl_object *o, enum egl_obj_kind kind);
void egl_object_unlink(struct egl_display *d, struct egl_object *o);
/** The live (unmarked) object of `kind` whose handle is h, or NULL. */
struct egl_object *egl_object_lookup(struct egl_display *d, enum egl_obj_kind kind, const void *h);
/** The prologue of an entry point on one object: locks dpy (which must be initialized) and
 *  finds its live object h of `kind`. On failure sets the error (egl_display_lock's, or
 *  bad_handle when h is no such object) and returns NULL unlocked; on success the object's
 *  display (o->dpy) stays locked. */
struct egl_object *egl_object_lock(EGLDisplay dpy, enum egl_obj_kind kind, const void *h, EGLint bad_handle);
/** Closes the channel once the display is terminated and nothing is left on it. */
void egl_display_maybe_close(struct egl_display *d);

/* ---- devices (egl_device.c) ---------------------------------------------------------- */
/** One Vulkan device the server sees (EGL_EXT_device_enumeration); its address is the
 *  EGLDeviceEXT, valid for the life of the process. */
struct egl_device {
   uint32_t index; /* the server's index (wire_device_select.index - 1) */
   struct wire_device_desc desc;
   char renderer[160];
};
/** The device whose EGLDeviceEXT is h, or NULL (a forged handle is never dereferenced). */
const struct egl_device *egl_device_lookup(EGLDeviceEXT h);
/** What a channel for dev's display tells the server (the device and its UUID). */
void egl_device_select(const struct egl_device *dev, struct wire_device_select *sel);

/* ---- surfaces (egl_surface.c) --------------------------------------------------------- */
struct egl_surface *egl_surface_lookup(struct egl_display *d, EGLSurface h);
/** egl_object_lock for a surface: EGL_BAD_SURFACE when h is none. */
static inline struct egl_surface *
egl_surface_lock(EGLDisplay dpy, EGLSurface h)
{
   return (struct egl_surface *)egl_object_lock(dpy, EGL_OBJ_SURFACE, h, EGL_BAD_SURFACE);
}
/** Emits the Destroy records and frees s (not current anywhere). */
void egl_surface_destroy(struct egl_display *d, struct egl_surface *s);

/* ---- the X11 platform (egl_x11.c) ----------------------------------------------------- */
/** At eglInitialize of an X11 display: opens $DISPLAY for EGL_DEFAULT_DISPLAY, finds the
 *  screen's visuals. False (logged) if the display cannot be used. */
bool egl_x11_open(struct egl_display *d);
/** DisplayString of the display ("" if not X11). */
const char *egl_x11_display_name(const struct egl_display *d);
/** The X visual a config's windows have on d (EGL_NATIVE_VISUAL_ID); 0: none (no
 *  EGL_WINDOW_BIT), also on displays of other platforms. */
uint32_t egl_x11_config_visual(const struct egl_display *d, const struct egl_config *cfg);
/** Checks window xid for a surface of cfg (NULL: existence only) and gives its size:
 *  EGL_SUCCESS, EGL_BAD_NATIVE_WINDOW (no such window) or EGL_BAD_MATCH (its depth). */
EGLint egl_x11_window_query(const struct egl_display *d, uint32_t xid, const struct egl_config *cfg, uint32_t *w,
                            uint32_t *h);
/** Client presentation: frames of `res` sent back by the server (WindowFramesBack) are put
 *  into window xid by the display's put thread (started here on first use). False (logged at
 *  WARN): the window is gone, or no connection / thread for putting could be made. */
bool egl_x11_put_register(struct egl_display *d, uint32_t xid, wire_handle res);
/** Stops showing frames of `res` (waits for a put of it in progress). */
void egl_x11_put_unregister(struct egl_display *d, wire_handle res);
/** The window's size now; false if it is gone. */
bool egl_x11_window_size(const struct egl_display *d, uint32_t xid, uint32_t *w, uint32_t *h);
/** A config's attribute as display d shows it (egl_config.c): egl_config_attrib, with the
 *  window bit and native visual of the X11 platform. */
bool egl_config_attrib_on(const struct egl_display *d, const struct egl_config *cfg, EGLint attr, EGLint *value);

/* ---- contexts (egl_context.c) --------------------------------------------------------- */
struct egl_context *egl_context_lookup(struct egl_display *d, EGLContext h);
void egl_context_destroy(struct egl_display *d, struct egl_context *c);
/** SPLITGL_STATS=1: prints the context's stats line once. */
void egl_context_print_stats(struct egl_context *c);

/* ---- images (egl_image.c) ------------------------------------------------------------ */
/** Unregisters and frees an EGLImage (eglDestroyImage, eglTerminate); its storage lives on
 *  while a sibling holds it. */
struct egl_image;
void egl_image_destroy(struct egl_display *d, struct egl_image *img);

/* ---- syncs (egl_sync.c) --------------------------------------------------------------- */
void egl_sync_destroy(struct egl_display *d, struct egl_sync *s);

#endif
