/* splitgl EGL: every EGL entry point splitgl implements, declared once.
 *
 * EGLF_ENTRY(return type, name without "egl", parameter list)
 *
 * Each entry is implemented as eglf_<Name> (never as the real eglXxx symbol: libEGL owns
 * those names, and a test that links sgl_front next to libEGL must not clash). The list gives
 * the prototypes (egl_private.h) and the name -> function table that libglvnd's
 * getProcAddress walks (egl_display.c), the way Mesa's eglentrypoint.h does.
 *
 * libglvnd implements eglGetDisplay, eglGetPlatformDisplay(EXT), eglQueryAPI,
 * eglGetCurrentContext/Display/Surface, eglGetProcAddress and eglGetError's bookkeeping itself;
 * it loads the functions below from the vendor by name (src/EGL/libeglvendor.c,
 * LookupVendorEntrypoints: the first 27 are required, the rest optional).
 * EGLF_EXT_ENTRY(return type, name, parameter list, argument list) marks a display
 * extension function: libglvnd has no slot for it, so the vendor glue (icd/vendor.c) also
 * makes a dispatch stub from the entry that finds the display's vendor and forwards the
 * arguments. Users that do not define it get it as a plain EGLF_ENTRY.
 *
 * EGLF_DEV_ENTRY(return type, name, parameter list, argument list) is the same for a device
 * extension function (EGL_EXT_device_query): its stub finds the vendor by the EGLDeviceEXT
 * `device` argument (libglvnd learns which vendor owns a device from eglQueryDevicesEXT and
 * eglQueryDisplayAttribEXT(EGL_DEVICE_EXT)).
 *
 * Keep each part sorted by name.
 */
#ifndef EGLF_EXT_ENTRY
#define EGLF_EXT_ENTRY(ret, name, params, args) EGLF_ENTRY(ret, name, params)
#define EGLF_EXT_ENTRY_DEFAULTED
#endif
#ifndef EGLF_DEV_ENTRY
#define EGLF_DEV_ENTRY(ret, name, params, args) EGLF_ENTRY(ret, name, params)
#define EGLF_DEV_ENTRY_DEFAULTED
#endif

/* EGL 1.5 */
EGLF_ENTRY(EGLBoolean, BindAPI, (EGLenum api))
EGLF_ENTRY(EGLBoolean, BindTexImage, (EGLDisplay dpy, EGLSurface surface, EGLint buffer))
EGLF_ENTRY(EGLBoolean, ChooseConfig, (EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *configs, EGLint config_size, EGLint *num_config))
EGLF_ENTRY(EGLint, ClientWaitSync, (EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout))
EGLF_ENTRY(EGLBoolean, CopyBuffers, (EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target))
EGLF_ENTRY(EGLContext, CreateContext, (EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint *attrib_list))
EGLF_ENTRY(EGLImage, CreateImage, (EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLAttrib *attrib_list))
EGLF_ENTRY(EGLSurface, CreatePbufferFromClientBuffer, (EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer, EGLConfig config, const EGLint *attrib_list))
EGLF_ENTRY(EGLSurface, CreatePbufferSurface, (EGLDisplay dpy, EGLConfig config, const EGLint *attrib_list))
EGLF_ENTRY(EGLSurface, CreatePixmapSurface, (EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint *attrib_list))
EGLF_ENTRY(EGLSurface, CreatePlatformPixmapSurface, (EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLAttrib *attrib_list))
EGLF_ENTRY(EGLSurface, CreatePlatformWindowSurface, (EGLDisplay dpy, EGLConfig config, void *native_window, const EGLAttrib *attrib_list))
EGLF_ENTRY(EGLSync, CreateSync, (EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list))
EGLF_ENTRY(EGLSurface, CreateWindowSurface, (EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint *attrib_list))
EGLF_ENTRY(EGLBoolean, DestroyContext, (EGLDisplay dpy, EGLContext ctx))
EGLF_ENTRY(EGLBoolean, DestroyImage, (EGLDisplay dpy, EGLImage image))
EGLF_ENTRY(EGLBoolean, DestroySurface, (EGLDisplay dpy, EGLSurface surface))
EGLF_ENTRY(EGLBoolean, DestroySync, (EGLDisplay dpy, EGLSync sync))
EGLF_ENTRY(EGLBoolean, GetConfigAttrib, (EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint *value))
EGLF_ENTRY(EGLBoolean, GetConfigs, (EGLDisplay dpy, EGLConfig *configs, EGLint config_size, EGLint *num_config))
EGLF_ENTRY(EGLint, GetError, (void))
EGLF_ENTRY(EGLBoolean, GetSyncAttrib, (EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value))
EGLF_ENTRY(EGLBoolean, Initialize, (EGLDisplay dpy, EGLint *major, EGLint *minor))
EGLF_ENTRY(EGLBoolean, MakeCurrent, (EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx))
EGLF_ENTRY(EGLenum, QueryAPI, (void))
EGLF_ENTRY(EGLBoolean, QueryContext, (EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint *value))
EGLF_ENTRY(const char *, QueryString, (EGLDisplay dpy, EGLint name))
EGLF_ENTRY(EGLBoolean, QuerySurface, (EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint *value))
EGLF_ENTRY(EGLBoolean, ReleaseTexImage, (EGLDisplay dpy, EGLSurface surface, EGLint buffer))
EGLF_ENTRY(EGLBoolean, ReleaseThread, (void))
EGLF_ENTRY(EGLBoolean, SurfaceAttrib, (EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value))
EGLF_ENTRY(EGLBoolean, SwapBuffers, (EGLDisplay dpy, EGLSurface surface))
EGLF_ENTRY(EGLBoolean, SwapInterval, (EGLDisplay dpy, EGLint interval))
EGLF_ENTRY(EGLBoolean, Terminate, (EGLDisplay dpy))
EGLF_ENTRY(EGLBoolean, WaitClient, (void))
EGLF_ENTRY(EGLBoolean, WaitGL, (void))
EGLF_ENTRY(EGLBoolean, WaitNative, (EGLint engine))
EGLF_ENTRY(EGLBoolean, WaitSync, (EGLDisplay dpy, EGLSync sync, EGLint flags))

/* EGL_KHR_image_base */
EGLF_EXT_ENTRY(EGLImageKHR, CreateImageKHR, (EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLint *attrib_list), (dpy, ctx, target, buffer, attrib_list))
EGLF_EXT_ENTRY(EGLBoolean, DestroyImageKHR, (EGLDisplay dpy, EGLImageKHR image), (dpy, image))

/* EGL_KHR_fence_sync, EGL_KHR_wait_sync */
EGLF_EXT_ENTRY(EGLint, ClientWaitSyncKHR, (EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout), (dpy, sync, flags, timeout))
EGLF_EXT_ENTRY(EGLSyncKHR, CreateSyncKHR, (EGLDisplay dpy, EGLenum type, const EGLint *attrib_list), (dpy, type, attrib_list))
EGLF_EXT_ENTRY(EGLBoolean, DestroySyncKHR, (EGLDisplay dpy, EGLSyncKHR sync), (dpy, sync))
EGLF_EXT_ENTRY(EGLBoolean, GetSyncAttribKHR, (EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint *value), (dpy, sync, attribute, value))
EGLF_EXT_ENTRY(EGLint, WaitSyncKHR, (EGLDisplay dpy, EGLSyncKHR sync, EGLint flags), (dpy, sync, flags))

/* EGL_EXT_platform_base's surface functions (EGLint attributes) */
EGLF_EXT_ENTRY(EGLSurface, CreatePlatformPixmapSurfaceEXT, (EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLint *attrib_list), (dpy, config, native_pixmap, attrib_list))
EGLF_EXT_ENTRY(EGLSurface, CreatePlatformWindowSurfaceEXT, (EGLDisplay dpy, EGLConfig config, void *native_window, const EGLint *attrib_list), (dpy, config, native_window, attrib_list))

/* EGL_EXT_swap_buffers_with_damage, EGL_KHR_swap_buffers_with_damage */
EGLF_EXT_ENTRY(EGLBoolean, SwapBuffersWithDamageEXT, (EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects), (dpy, surface, rects, n_rects))
EGLF_EXT_ENTRY(EGLBoolean, SwapBuffersWithDamageKHR, (EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects), (dpy, surface, rects, n_rects))

/* EGL_EXT_device_enumeration (libglvnd calls every vendor's and merges the lists),
 * EGL_EXT_device_query (libglvnd implements eglQueryDisplayAttribEXT / KHR and calls the
 * vendor's, which it loads by name) */
EGLF_ENTRY(EGLBoolean, QueryDevicesEXT, (EGLint max_devices, EGLDeviceEXT *devices, EGLint *num_devices))
EGLF_ENTRY(EGLBoolean, QueryDisplayAttribEXT, (EGLDisplay dpy, EGLint attribute, EGLAttrib *value))
EGLF_ENTRY(EGLBoolean, QueryDisplayAttribKHR, (EGLDisplay dpy, EGLint attribute, EGLAttrib *value))
EGLF_DEV_ENTRY(EGLBoolean, QueryDeviceAttribEXT, (EGLDeviceEXT device, EGLint attribute, EGLAttrib *value), (device, attribute, value))
/* EGL_EXT_device_persistent_id */
EGLF_DEV_ENTRY(EGLBoolean, QueryDeviceBinaryEXT, (EGLDeviceEXT device, EGLint name, EGLint max_size, void *value, EGLint *size), (device, name, max_size, value, size))
EGLF_DEV_ENTRY(const char *, QueryDeviceStringEXT, (EGLDeviceEXT device, EGLint name), (device, name))

#ifdef EGLF_DEV_ENTRY_DEFAULTED
#undef EGLF_DEV_ENTRY
#undef EGLF_DEV_ENTRY_DEFAULTED
#endif
#ifdef EGLF_EXT_ENTRY_DEFAULTED
#undef EGLF_EXT_ENTRY
#undef EGLF_EXT_ENTRY_DEFAULTED
#endif
