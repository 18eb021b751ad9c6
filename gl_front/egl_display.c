/* splitgl EGL: the surfaceless display, its channel, errors, strings and the proc table. */
#include "gl_front/egl_private.h"

#include <stdlib.h>
#include <string.h>

#include "util/exit_order.h"
#include "util/knobs.h"
#include "util/log.h"

#define EGLF_VENDOR "splitgl"
#define EGLF_VERSION_STRING "1.5 splitgl 0.1"
#define EGLF_CLIENT_APIS "OpenGL_ES OpenGL"

/* Only what is implemented (the fence syncs: egl_sync.c). */
#define EGLF_DISPLAY_EXTENSIONS                                                              \
   "EGL_EXT_create_context_robustness "                                                      \
   "EGL_KHR_config_attribs "                                                                 \
   "EGL_KHR_create_context "                                                                 \
   "EGL_KHR_fence_sync "                                                                     \
   "EGL_KHR_get_all_proc_addresses "                                                         \
   "EGL_KHR_gl_colorspace "                                                                  \
   "EGL_KHR_gl_renderbuffer_image "                                                          \
   "EGL_KHR_gl_texture_2D_image "                                                            \
   "EGL_KHR_image_base "                                                                     \
   "EGL_KHR_no_config_context "                                                              \
   "EGL_KHR_surfaceless_context "                                                            \
   "EGL_KHR_wait_sync"

/* On X11 displays (window surfaces: egl_surface.c). */
#define EGLF_X11_DISPLAY_EXTENSIONS                                                          \
   " EGL_EXT_buffer_age EGL_EXT_swap_buffers_with_damage EGL_KHR_swap_buffers_with_damage"

#define EGLF_PLATFORM_EXTENSIONS "EGL_EXT_platform_device EGL_MESA_platform_surfaceless EGL_EXT_platform_x11 EGL_KHR_platform_x11"
/* The device extensions (egl_device.c); libglvnd reads EGL_EXT_device_base / _enumeration here
 * to call our eglQueryDevicesEXT. */
#define EGLF_CLIENT_EXTENSIONS                                                               \
   "EGL_EXT_client_extensions EGL_EXT_device_base EGL_EXT_device_enumeration "             \
   "EGL_EXT_device_query EGL_EXT_platform_base " EGLF_PLATFORM_EXTENSIONS

/* The displays, one per (platform, native display), never freed: an EGLDisplay stays valid for
 * the life of the process (EGL 1.5, section 3.2). A slot's address is the EGLDisplay handle, so
 * a forged handle is found out by range and slot checks, never dereferenced. Slot 0 is the
 * default (surfaceless) display. */
#define EGLF_MAX_DISPLAYS 32
static struct egl_display displays[EGLF_MAX_DISPLAYS] = {
   [0] = {.used = true, .platform = EGL_NONE},
};
static pthread_mutex_t displays_lock = PTHREAD_MUTEX_INITIALIZER;
/* The thread running the exit teardown (egl_atexit): EGL calls it makes while the display
 * lock is held by that teardown are refused, not deadlocked on. */
static _Thread_local bool exiting_thread;

static void
displays_init_locks(void)
{
   for (unsigned i = 0; i < EGLF_MAX_DISPLAYS; i++)
      pthread_mutex_init(&displays[i].lock, NULL);
}

static struct egl_display *
display_from_handle(EGLDisplay dpy)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, displays_init_locks);
   uintptr_t p = (uintptr_t)dpy, base = (uintptr_t)&displays[0];
   if (p < base || p >= base + sizeof(displays) || (p - base) % sizeof(displays[0]))
      return NULL;
   struct egl_display *d = &displays[(p - base) / sizeof(displays[0])];
   return __atomic_load_n(&d->used, __ATOMIC_ACQUIRE) ? d : NULL;
}

/** The display for (platform, native), taking a free slot the first time. NULL (and a log
 *  line) when the table is full. */
static struct egl_display *
display_get(EGLenum platform, void *native)
{
   (void)display_from_handle(NULL); /* the slots' locks */
   pthread_mutex_lock(&displays_lock);
   struct egl_display *found = NULL, *free_slot = NULL;
   for (unsigned i = 0; i < EGLF_MAX_DISPLAYS && !found; i++) {
      struct egl_display *d = &displays[i];
      if (!d->used) {
         if (!free_slot)
            free_slot = d;
      } else if (d->platform == platform && d->native == native) {
         found = d;
      }
   }
   if (!found && free_slot) {
      free_slot->platform = platform;
      free_slot->native = native;
      __atomic_store_n(&free_slot->used, true, __ATOMIC_RELEASE);
      found = free_slot;
   }
   pthread_mutex_unlock(&displays_lock);
   if (!found)
      sgl_warn("eglGetPlatformDisplay: all %d display slots are taken; EGL_NO_DISPLAY", EGLF_MAX_DISPLAYS);
   return found;
}

static const struct eglf_host *host;
static _Thread_local struct egl_thread thread_state = {
   .error = EGL_SUCCESS,
   .api = EGL_OPENGL_ES_API,
};

struct egl_thread *
egl_thread(void)
{
   return &thread_state;
}

void
eglf_init(const struct eglf_host *h)
{
   host = h;
}

EGLenum
egl_current_api(void)
{
   if (host && host->current_api)
      return host->current_api();
   return thread_state.api;
}

bool
eglf_supports_api(EGLenum api)
{
   return api == EGL_OPENGL_ES_API || api == EGL_OPENGL_API;
}

const char *
eglf_platform_extensions(void)
{
   return EGLF_PLATFORM_EXTENSIONS;
}

/* ---- locking and objects ---------------------------------------------------------------- */

struct egl_display *
egl_display_lock(EGLDisplay dpy, bool need_init)
{
   struct egl_display *d = display_from_handle(dpy);
   if (!d) {
      egl_set_error(EGL_BAD_DISPLAY);
      return NULL;
   }
   if (exiting_thread) {
      /* an EGL call from within the exit teardown below (on NVIDIA, unloading the Vulkan
       * driver calls eglReleaseThread) while this thread holds the display's lock */
      egl_set_error(EGL_BAD_ACCESS);
      return NULL;
   }
   pthread_mutex_lock(&d->lock);
   if (need_init && !d->initialized) {
      pthread_mutex_unlock(&d->lock);
      egl_set_error(EGL_NOT_INITIALIZED);
      return NULL;
   }
   return d;
}

void
egl_display_unlock(struct egl_display *d)
{
   pthread_mutex_unlock(&d->lock);
}

bool
egl_display_fail(EGLDisplay dpy, EGLint err)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return false;
   egl_display_unlock(d);
   egl_set_error(err);
   return true;
}

bool
egl_display_lost(const struct egl_display *d)
{
   return __atomic_load_n(&d->lost, __ATOMIC_ACQUIRE) || (d->wire && wire_client_lost(d->wire));
}

void
egl_object_link(struct egl_display *d, struct egl_object *o, enum egl_obj_kind kind)
{
   o->dpy = d;
   o->kind = kind;
   o->marked = false;
   o->next = d->objects[kind];
   d->objects[kind] = o;
}

void
egl_object_unlink(struct egl_display *d, struct egl_object *o)
{
   for (struct egl_object **p = &d->objects[o->kind]; *p; p = &(*p)->next) {
      if (*p == o) {
         *p = o->next;
         o->next = NULL;
         return;
      }
   }
}

struct egl_object *
egl_object_lookup(struct egl_display *d, enum egl_obj_kind kind, const void *h)
{
   if (!h)
      return NULL;
   for (struct egl_object *o = d->objects[kind]; o; o = o->next) {
      if ((const void *)o == h)
         return o->marked ? NULL : o;
   }
   return NULL;
}

struct egl_object *
egl_object_lock(EGLDisplay dpy, enum egl_obj_kind kind, const void *h, EGLint bad_handle)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return NULL;
   struct egl_object *o = egl_object_lookup(d, kind, h);
   if (!o)
      EGLF_RETURN(d, bad_handle, NULL);
   return o;
}

void
egl_display_maybe_close(struct egl_display *d)
{
   if (d->initialized || !d->wire)
      return;
   for (int k = 0; k < EGL_OBJ_KINDS; k++) {
      if (d->objects[k])
         return;
   }
   wire_client_close(d->wire);
   d->wire = NULL;
   __atomic_store_n(&d->lost, 0, __ATOMIC_RELEASE);
}

/* ---- the channel's events ----------------------------------------------------------------- */

/* Both run on whichever thread drains the channel, under the wire lock (wire/client.h); the
 * display's wire pointer is stable while the channel is open. */
static void
on_gl_error(void *user, wire_handle ctx, uint32_t gl_error)
{
   struct egl_display *d = user;
   glf_wire_gl_error(d->wire, ctx, gl_error);
}

static void
on_lost(void *user, const char *why, bool device_lost)
{
   struct egl_display *d = user;
   __atomic_store_n(&d->lost, 1, __ATOMIC_RELEASE);
   sgl_err("EGL: the server is gone (%s%s); EGL calls now report EGL_CONTEXT_LOST",
           device_lost ? "device lost: " : "", why ? why : "?");
   glf_wire_lost(d->wire, device_lost);
}

/* ---- SPLITGL_STATS at exit ---------------------------------------------------------------- */

static void
display_atexit(struct egl_display *d)
{
   /* Registered after the channel opened, so it runs before the static destructors of the
    * driver the server loaded (LLVM for lavapipe): the inproc apply thread must be out of the
    * driver by then (an app that exits without eglTerminate, as piglit does, crashed in
    * LLVM's destructors now and then). */
   /* A thread may hold the lock while the process exits: never wait for it here. */
   bool locked = pthread_mutex_trylock(&d->lock) == 0;
   if (sgl_knobs()->stats) {
      for (struct egl_object *o = locked ? d->objects[EGL_OBJ_CONTEXT] : NULL; o; o = o->next)
         egl_context_print_stats((struct egl_context *)o);
   }
   if (locked) {
      wire_client_quiesce(d->wire); /* NULL after eglTerminate */
      pthread_mutex_unlock(&d->lock);
   }
}

static void
egl_atexit(void)
{
   /* registered more than once (egl_atexit_again): the first call to run does the work */
   static bool ran;
   if (__atomic_exchange_n(&ran, true, __ATOMIC_ACQ_REL))
      return;
   exiting_thread = true;
   bool stats = sgl_knobs()->stats;
   for (unsigned i = 0; i < EGLF_MAX_DISPLAYS; i++) {
      if (__atomic_load_n(&displays[i].used, __ATOMIC_ACQUIRE))
         display_atexit(&displays[i]);
   }
   if (stats)
      glf_print_unimplemented_hits();
}

/* Registered again after the server thread's driver may have registered destructors of its
 * own (util/exit_order.h), so that egl_atexit still runs before them. */
static void
egl_atexit_again(void)
{
   atexit(egl_atexit);
}

static void
egl_atexit_register(void)
{
   /* From a shared object, glibc ties this to the object: it runs at exit or at dlclose,
    * whichever comes first. */
   atexit(egl_atexit);
   sgl_exit_order_set(egl_atexit_again);
}

static void
register_atexit_once(void)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, egl_atexit_register);
}

/* ---- display entry points ----------------------------------------------------------------- */

static EGLDisplay egl_x11_get_display(void *native_display, const EGLAttrib *attrib_list);

EGLDisplay
eglf_get_platform_display(EGLenum platform, void *native_display, const EGLAttrib *attrib_list)
{
   switch (platform) {
   case EGL_NONE:
      /* libglvnd: eglGetDisplay(EGL_DEFAULT_DISPLAY) asks every vendor with EGL_NONE; any
       * other native display is not ours to claim (no false matches). */
      if (native_display != (void *)EGL_DEFAULT_DISPLAY) {
         egl_set_error(EGL_SUCCESS);
         return EGL_NO_DISPLAY;
      }
      break;
   case EGL_PLATFORM_SURFACELESS_MESA:
      /* From EGL_MESA_platform_surfaceless: "<native_display> must be EGL_DEFAULT_DISPLAY.
       * [...] If <native_display> is not EGL_DEFAULT_DISPLAY, then EGL_BAD_PARAMETER is
       * generated." No attributes are defined. */
      if (native_display != (void *)EGL_DEFAULT_DISPLAY) {
         egl_set_error(EGL_BAD_PARAMETER);
         return EGL_NO_DISPLAY;
      }
      if (attrib_list && attrib_list[0] != EGL_NONE) {
         egl_set_error(EGL_BAD_ATTRIBUTE);
         return EGL_NO_DISPLAY;
      }
      break;
   case EGL_PLATFORM_X11_KHR: /* == EGL_PLATFORM_X11_EXT */
      return egl_x11_get_display(native_display, attrib_list);
   case EGL_PLATFORM_DEVICE_EXT: {
      /* EGL_EXT_platform_device: <native_display> is an EGLDeviceEXT; no attributes are
       * defined. A display per device (egl_device.c). */
      const struct egl_device *dev = egl_device_lookup((EGLDeviceEXT)native_display);
      if (!dev) {
         egl_set_error(EGL_BAD_PARAMETER);
         return EGL_NO_DISPLAY;
      }
      if (attrib_list && attrib_list[0] != EGL_NONE) {
         sgl_warn("eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT): attribute 0x%04x is not defined", (int)attrib_list[0]);
         egl_set_error(EGL_BAD_ATTRIBUTE);
         return EGL_NO_DISPLAY;
      }
      struct egl_display *d = display_get(EGL_PLATFORM_DEVICE_EXT, native_display);
      if (!d) {
         egl_set_error(EGL_BAD_ALLOC);
         return EGL_NO_DISPLAY;
      }
      pthread_mutex_lock(&d->lock); /* eglInitialize reads it under the lock */
      d->device = dev;              /* the same for every get of this slot */
      pthread_mutex_unlock(&d->lock);
      egl_set_error(EGL_SUCCESS);
      return (EGLDisplay)d;
   }
   default:
      egl_set_error(EGL_BAD_PARAMETER);
      return EGL_NO_DISPLAY;
   }
   /* The default display and the surfaceless platform's are one display. */
   struct egl_display *d = display_get(EGL_NONE, NULL);
   if (!d) {
      egl_set_error(EGL_BAD_ALLOC);
      return EGL_NO_DISPLAY;
   }
   egl_set_error(EGL_SUCCESS);
   return (EGLDisplay)d;
}

/* EGL_KHR_platform_x11: "<native_display> must be a pointer to a Display [...] If
 * <native_display> is EGL_DEFAULT_DISPLAY, then the resultant EGLDisplay will be backed by the
 * default X11 display"; the one attribute is EGL_PLATFORM_X11_SCREEN_KHR. A Display* keeps the
 * screen it was first got with. */
static EGLDisplay
egl_x11_get_display(void *native_display, const EGLAttrib *attrib_list)
{
   int screen = -1;
   for (const EGLAttrib *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      if (a[0] != EGL_PLATFORM_X11_SCREEN_KHR || a[1] < 0 || a[1] > 255) {
         egl_set_error(EGL_BAD_ATTRIBUTE);
         return EGL_NO_DISPLAY;
      }
      screen = (int)a[1];
   }
   struct egl_display *d = display_get(EGL_PLATFORM_X11_KHR, native_display);
   if (!d) {
      egl_set_error(EGL_BAD_ALLOC);
      return EGL_NO_DISPLAY;
   }
   pthread_mutex_lock(&d->lock);
   bool clash = false;
   if (screen >= 0) {
      if (!d->x11_screen_set) {
         d->x11_screen = screen;
         d->x11_screen_set = true;
      }
      clash = screen != d->x11_screen;
   }
   pthread_mutex_unlock(&d->lock);
   if (clash) {
      sgl_warn("eglGetPlatformDisplay: this Display was got for X screen %d; screen %d: EGL_BAD_ATTRIBUTE",
               d->x11_screen, screen);
      egl_set_error(EGL_BAD_ATTRIBUTE);
      return EGL_NO_DISPLAY;
   }
   egl_set_error(EGL_SUCCESS);
   return (EGLDisplay)d;
}

EGLBoolean
eglf_Initialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
   struct egl_display *d = egl_display_lock(dpy, false);
   if (!d)
      return EGL_FALSE;
   if (d->platform == EGL_PLATFORM_X11_KHR && !egl_x11_open(d))
      EGLF_RETURN(d, EGL_NOT_INITIALIZED, EGL_FALSE);
   if (!d->wire) {
      char err[256] = "";
      d->callbacks = (struct wire_client_callbacks){.gl_error = on_gl_error, .lost = on_lost, .user = d};
      __atomic_store_n(&d->lost, 0, __ATOMIC_RELEASE);
      struct wire_device_select sel = {0};
      if (d->device)
         egl_device_select(d->device, &sel); /* a device display renders on its device */
      d->wire = wire_client_open_device(-1, &sel, &d->callbacks, err, sizeof(err));
      if (!d->wire) {
         /* EGL 1.5, section 3.2: "EGL_NOT_INITIALIZED is generated if dpy cannot be
          * initialized." */
         sgl_err("eglInitialize: cannot open the splitgl channel: %s", err[0] ? err : "unknown error");
         EGLF_RETURN(d, EGL_NOT_INITIALIZED, EGL_FALSE);
      }
      sgl_info("eglInitialize: channel open (%s transport)",
               wire_transport_name(wire_client_transport(d->wire)));
      egl_configs_init(d->wire); /* the configs the device renders */
   }
   d->initialized = true;
   register_atexit_once();
   if (major)
      *major = EGLF_VERSION_MAJOR;
   if (minor)
      *minor = EGLF_VERSION_MINOR;
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_Terminate(EGLDisplay dpy)
{
   struct egl_display *d = egl_display_lock(dpy, false);
   if (!d)
      return EGL_FALSE;
   if (!d->initialized)
      EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
   d->initialized = false;

   /* EGL 1.5, section 3.2: "Termination marks all EGL-specific resources, such as contexts and
    * surfaces, associated with the specified display for deletion. [...] If contexts or
    * surfaces associated with display is current to any thread, they are not released until
    * they are no longer current as a result of eglMakeCurrent." */
   struct egl_object *o, *next;
   for (o = d->objects[EGL_OBJ_SYNC]; o; o = next) {
      next = o->next;
      if (((struct egl_sync *)o)->waiters)
         __atomic_store_n(&o->marked, true, __ATOMIC_RELEASE); /* a wait in progress destroys it when it returns */
      else
         egl_sync_destroy(d, (struct egl_sync *)o);
   }
   for (o = d->objects[EGL_OBJ_IMAGE]; o; o = next) {
      next = o->next;
      egl_image_destroy(d, (struct egl_image *)o); /* siblings keep the storage */
   }
   for (o = d->objects[EGL_OBJ_CONTEXT]; o; o = next) {
      struct egl_context *c = (struct egl_context *)o;
      next = o->next;
      if (c->thread) {
         o->marked = true;
         egl_context_print_stats(c);
      } else {
         egl_context_destroy(d, c);
      }
   }
   for (o = d->objects[EGL_OBJ_SURFACE]; o; o = next) {
      struct egl_surface *s = (struct egl_surface *)o;
      next = o->next;
      if (s->bound)
         o->marked = true;
      else
         egl_surface_destroy(d, s);
   }
   egl_display_maybe_close(d);
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

const char *
eglf_QueryString(EGLDisplay dpy, EGLint name)
{
   if (dpy == EGL_NO_DISPLAY) {
      /* EGL_EXT_client_extensions: EGL_EXTENSIONS with EGL_NO_DISPLAY gives the client
       * extensions; libglvnd merges ours into its own at load. */
      if (name == EGL_EXTENSIONS) {
         egl_set_error(EGL_SUCCESS);
         return EGLF_CLIENT_EXTENSIONS;
      }
      if (name == EGL_VERSION) {
         egl_set_error(EGL_SUCCESS);
         return "1.5";
      }
      egl_set_error(EGL_BAD_DISPLAY);
      return NULL;
   }
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return NULL;
   switch (name) {
   case EGL_VENDOR: EGLF_RETURN(d, EGL_SUCCESS, EGLF_VENDOR);
   case EGL_VERSION: EGLF_RETURN(d, EGL_SUCCESS, EGLF_VERSION_STRING);
   case EGL_CLIENT_APIS: EGLF_RETURN(d, EGL_SUCCESS, EGLF_CLIENT_APIS);
   case EGL_EXTENSIONS:
      EGLF_RETURN(d, EGL_SUCCESS,
                  d->platform == EGL_PLATFORM_X11_KHR ? EGLF_DISPLAY_EXTENSIONS EGLF_X11_DISPLAY_EXTENSIONS
                                                      : EGLF_DISPLAY_EXTENSIONS);
   default: EGLF_RETURN(d, EGL_BAD_PARAMETER, NULL);
   }
}

EGLint
eglf_GetError(void)
{
   EGLint e = thread_state.error;
   thread_state.error = EGL_SUCCESS;
   return e;
}

EGLBoolean
eglf_BindAPI(EGLenum api)
{
   /* libglvnd validates api and tracks it per thread; it calls this to keep us informed.
    * EGL 1.5, section 3.7: "If api is not one of the values specified above, or if the client
    * API specified by api is not supported by the implementation, an EGL_BAD_PARAMETER error
    * is generated." */
   if (!eglf_supports_api(api)) {
      egl_set_error(EGL_BAD_PARAMETER);
      return EGL_FALSE;
   }
   thread_state.api = api;
   egl_set_error(EGL_SUCCESS);
   return EGL_TRUE;
}

EGLenum
eglf_QueryAPI(void)
{
   egl_set_error(EGL_SUCCESS);
   return egl_current_api();
}

/* ---- the proc table ----------------------------------------------------------------------- */

static const struct {
   const char *name;
   void *fn;
} egl_procs[] = {
#define EGLF_ENTRY(ret, name, params) {"egl" #name, (void *)eglf_##name},
#include "gl_front/egl_entrypoints.h"
#undef EGLF_ENTRY
};

void *
eglf_get_proc_address(const char *name)
{
   if (!name)
      return NULL;
   if (!strncmp(name, "egl", 3)) {
      for (size_t i = 0; i < sizeof(egl_procs) / sizeof(egl_procs[0]); i++) {
         if (!strcmp(egl_procs[i].name, name))
            return egl_procs[i].fn;
      }
      return NULL;
   }
   if (!strncmp(name, "gl", 2))
      return glf_get_proc_address(name);
   return NULL;
}
