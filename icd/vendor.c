/* splitgl icd: the libglvnd EGL vendor entry point.
 *
 * libEGL (libglvnd) dlopens the library named by the vendor JSON, calls __egl_Main once, and
 * from then on reaches splitgl only through the callbacks filled in here:
 *   getPlatformDisplay   eglGetPlatformDisplay(EXT), and eglGetDisplay(EGL_DEFAULT_DISPLAY)
 *                        with platform EGL_NONE
 *   getSupportsAPI       which APIs eglBindAPI may select
 *   getVendorString      the platform extensions merged into the client extension string
 *   getProcAddress       the EGL 1.5 functions (libEGL's static dispatch) and GL functions
 *   getDispatchAddress / setDispatchIndex
 *                        dispatch stubs for the EGL display-extension functions (the
 *                        EGLF_EXT_ENTRY lines of gl_front/egl_entrypoints.h): libEGL hands
 *                        them out from eglGetProcAddress; each finds the vendor that owns its
 *                        display and calls that vendor's function, fetched by index
 *                        and for the device functions (EGLF_DEV_ENTRY), each finding the
 *                        vendor that owns its EGLDeviceEXT
 * libEGL itself implements eglGetDisplay, eglBindAPI/eglQueryAPI bookkeeping,
 * eglGetCurrent*, eglGetProcAddress and eglGetError (it asks the last vendor it dispatched to
 * for its error: gl_front/egl_display.c keeps one per thread).
 */
#ifndef EGL_NO_X11
#define EGL_NO_X11
#endif
#include <glvnd/libeglabi.h>
#include <stddef.h>
#include <string.h>

#include "gl_front/egl_public.h"
#include "icd/icd.h"

#ifdef SPLITGL_HAVE_LOCAL_SERVER
/* srv_local_server: the server core's entry points for the monolith and inproc transports. */
#include "server/session.h"
#include "wire/local_server.h"
#endif

static const __EGLapiExports *glvnd;

static EGLenum
host_current_api(void)
{
   return glvnd->getCurrentApi();
}

static const struct eglf_host host = {
   .current_api = host_current_api,
};

static EGLDisplay
vendor_get_platform_display(EGLenum platform, void *native_display, const EGLAttrib *attrib_list)
{
   EGLDisplay d = eglf_get_platform_display(platform, native_display, attrib_list);
   /* libglvnd asks a vendor for its error after a failed eglGetPlatformDisplay, except on the
    * device platform, where it hands the device straight to its vendor and returns: hand the
    * error over (else eglGetError says EGL_SUCCESS for a refused attribute). */
   if (d == EGL_NO_DISPLAY && platform == EGL_PLATFORM_DEVICE_EXT)
      glvnd->setEGLError(eglf_take_error());
   return d;
}

static EGLBoolean
vendor_supports_api(EGLenum api)
{
   return eglf_supports_api(api) ? EGL_TRUE : EGL_FALSE;
}

static const char *
vendor_string(int name)
{
   return name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS ? eglf_platform_extensions() : NULL;
}

static void *
vendor_get_proc_address(const char *name)
{
   return eglf_get_proc_address(name);
}

/* ---- dispatch stubs for display-extension functions ------------------------------------------ */

enum vendor_ext {
#define EGLF_ENTRY(ret, name, params)
#define EGLF_EXT_ENTRY(ret, name, params, args) VENDOR_EXT_##name,
#define EGLF_DEV_ENTRY(ret, name, params, args) VENDOR_EXT_##name,
#include "gl_front/egl_entrypoints.h"
#undef EGLF_DEV_ENTRY
#undef EGLF_EXT_ENTRY
#undef EGLF_ENTRY
   VENDOR_EXT_COUNT
};

/* libEGL's dispatch-table index per function; -1 until setDispatchIndex. */
static int ext_index[VENDOR_EXT_COUNT];

/* Like libglvnd's own __eglDispatchFetchByDisplay: the owner's function, or NULL with
 * EGL_BAD_DISPLAY (the display is nobody's, or its vendor lacks the function). */
static __eglMustCastToProperFunctionPointerType
fetch_by_display(EGLDisplay dpy, enum vendor_ext i)
{
   glvnd->threadInit();
   __EGLvendorInfo *v = glvnd->getVendorFromDisplay(dpy);
   int index = __atomic_load_n(&ext_index[i], __ATOMIC_ACQUIRE);
   __eglMustCastToProperFunctionPointerType fn = NULL;
   if (v && index >= 0)
      fn = glvnd->fetchDispatchEntry(v, index);
   if (!fn) {
      glvnd->setEGLError(EGL_BAD_DISPLAY);
      return NULL;
   }
   /* So that eglGetError asks the vendor that ran the call. */
   glvnd->setLastVendor(v);
   return fn;
}

/* The same by device, as libglvnd's own __eglDispatchFetchByDevice: EGL_BAD_DEVICE_EXT when no
 * vendor owns the device. */
static __eglMustCastToProperFunctionPointerType
fetch_by_device(EGLDeviceEXT dev, enum vendor_ext i)
{
   glvnd->threadInit();
   __EGLvendorInfo *v = glvnd->getVendorFromDevice(dev);
   int index = __atomic_load_n(&ext_index[i], __ATOMIC_ACQUIRE);
   __eglMustCastToProperFunctionPointerType fn = NULL;
   if (v && index >= 0)
      fn = glvnd->fetchDispatchEntry(v, index);
   if (!fn) {
      glvnd->setEGLError(EGL_BAD_DEVICE_EXT);
      return NULL;
   }
   glvnd->setLastVendor(v);
   return fn;
}

#define EGLF_ENTRY(ret, name, params)
#define EGLF_EXT_ENTRY(ret, name, params, args)                                                 \
   static ret dispatch_##name params                                                           \
   {                                                                                           \
      typedef ret(*fn_t) params;                                                               \
      fn_t fn = (fn_t)fetch_by_display(dpy, VENDOR_EXT_##name);                                \
      return fn ? fn args : (ret)0;                                                            \
   }
#define EGLF_DEV_ENTRY(ret, name, params, args)                                                 \
   static ret dispatch_##name params                                                           \
   {                                                                                           \
      typedef ret(*fn_t) params;                                                               \
      fn_t fn = (fn_t)fetch_by_device(device, VENDOR_EXT_##name);                              \
      return fn ? fn args : (ret)0;                                                            \
   }
#include "gl_front/egl_entrypoints.h"
#undef EGLF_DEV_ENTRY
#undef EGLF_EXT_ENTRY
#undef EGLF_ENTRY

static const struct {
   const char *name;
   void *stub;
} ext_stubs[VENDOR_EXT_COUNT] = {
#define EGLF_ENTRY(ret, name, params)
#define EGLF_EXT_ENTRY(ret, name, params, args) [VENDOR_EXT_##name] = {"egl" #name, (void *)dispatch_##name},
#define EGLF_DEV_ENTRY(ret, name, params, args) [VENDOR_EXT_##name] = {"egl" #name, (void *)dispatch_##name},
#include "gl_front/egl_entrypoints.h"
#undef EGLF_DEV_ENTRY
#undef EGLF_EXT_ENTRY
#undef EGLF_ENTRY
};

static int
ext_lookup(const char *name)
{
   for (int i = 0; i < VENDOR_EXT_COUNT; i++) {
      if (!strcmp(ext_stubs[i].name, name))
         return i;
   }
   return -1;
}

static void *
vendor_get_dispatch_address(const char *name)
{
   int i = ext_lookup(name);
   return i < 0 ? NULL : ext_stubs[i].stub;
}

static void
vendor_set_dispatch_index(const char *name, int index)
{
   int i = ext_lookup(name);
   if (i >= 0)
      __atomic_store_n(&ext_index[i], index, __ATOMIC_RELEASE);
}

__attribute__((visibility("default"))) EGLBoolean
__egl_Main(uint32_t version, const __EGLapiExports *exports, __EGLvendorInfo *vendor, __EGLapiImports *imports)
{
   /* The major version changes only on incompatible ABI changes; every minor version has the
    * callbacks used here. */
   if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION)
      return EGL_FALSE;
   glvnd = exports;
   for (int i = 0; i < VENDOR_EXT_COUNT; i++)
      ext_index[i] = -1;
   eglf_init(&host);
#ifdef SPLITGL_HAVE_LOCAL_SERVER
   wire_register_local_server(&srv_local_server);
#endif
   (void)sgl_icd_dir(); /* resolve while the loader's view of the library is fresh */

   imports->getPlatformDisplay = vendor_get_platform_display;
   imports->getSupportsAPI = vendor_supports_api;
   imports->getVendorString = vendor_string;
   imports->getProcAddress = vendor_get_proc_address;
   imports->getDispatchAddress = vendor_get_dispatch_address;
   imports->setDispatchIndex = vendor_set_dispatch_index;
   /* Entry-point patching (isPatchSupported ...) and findNativeDisplayPlatform are optional
    * and left NULL: libglvnd's stubs dispatch through its table. */
   return EGL_TRUE;
}
