/* EGL devices through libglvnd, on splitgl: EGL_EXT_device_enumeration / _query /
 * _query_name and EGL_EXT_platform_device. Every device listed has strings, gets a display
 * that renders on it (GL_RENDERER names the device, eglQueryDisplayAttribEXT(EGL_DEVICE_EXT)
 * gives it back), and the spec's errors come for bad devices, names and attributes.
 * Run with SPLITGL_VK_DEVICE naming no device (ctest egl_devices_override): the devices are
 * still listed and their displays still render (the device overrides the knob), while the
 * default display, bound by the knob, cannot initialize. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_check.h"

static PFNEGLQUERYDEVICESEXTPROC query_devices;
static PFNEGLQUERYDEVICESTRINGEXTPROC query_device_string;
static PFNEGLQUERYDEVICEATTRIBEXTPROC query_device_attrib;
static PFNEGLQUERYDISPLAYATTRIBEXTPROC query_display_attrib;
static PFNEGLQUERYDEVICEBINARYEXTPROC query_device_binary;

static bool
has_ext(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += n) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
         return true;
   }
   return false;
}

/* Renders a clear on dpy's GL 3.3 core context and returns GL_RENDERER (static copy). */
static const char *
render_on(EGLDisplay dpy, const char *what)
{
   static char renderer[256];
   renderer[0] = 0;
   const EGLint ca[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_NONE};
   EGLConfig cfg;
   EGLint n = 0;
   CHECK(eglChooseConfig(dpy, ca, &cfg, 1, &n) && n == 1, "%s: config", what);
   if (n != 1)
      return renderer;
   eglBindAPI(EGL_OPENGL_API);
   const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                           EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attrs);
   const EGLint pa[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE};
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, pa);
   CHECK(ctx && s && eglMakeCurrent(dpy, s, s, ctx), "%s: context 0x%x", what, eglGetError());
   if (!ctx || !s)
      return renderer;
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = {0};
   glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 255, "%s: cleared pixel %u %u %u %u", what, px[0], px[1],
         px[2], px[3]);
   const char *r = (const char *)glGetString(GL_RENDERER);
   snprintf(renderer, sizeof(renderer), "%s", r ? r : "");
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, s);
   eglDestroyContext(dpy, ctx);
   return renderer;
}

int
main(void)
{
   bool knob_override = getenv("SPLITGL_VK_DEVICE") && *getenv("SPLITGL_VK_DEVICE");
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   CHECK(has_ext(client, "EGL_EXT_device_enumeration") && has_ext(client, "EGL_EXT_device_query") &&
            has_ext(client, "EGL_EXT_platform_device"),
         "client extensions: %s", client ? client : "(null)");
   query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   query_device_string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
   query_device_attrib = (PFNEGLQUERYDEVICEATTRIBEXTPROC)eglGetProcAddress("eglQueryDeviceAttribEXT");
   query_display_attrib = (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
   query_device_binary = (PFNEGLQUERYDEVICEBINARYEXTPROC)eglGetProcAddress("eglQueryDeviceBinaryEXT");
   if (!query_devices || !query_device_string || !query_device_attrib || !query_display_attrib || !query_device_binary) {
      printf("FAIL: device functions missing\n");
      return 1;
   }

   /* enumeration and its errors */
   EGLint num = -1;
   CHECK(query_devices(0, NULL, &num) && num >= 1, "count %d", num);
   EGLDeviceEXT devs[16];
   CHECK(!query_devices(0, devs, &num) && eglGetError() == EGL_BAD_PARAMETER, "max_devices 0 with an array");
   CHECK(!query_devices(4, devs, NULL) && eglGetError() == EGL_BAD_PARAMETER, "num_devices NULL");
   EGLint got = 0;
   CHECK(query_devices(16, devs, &got) && got == num, "list %d of %d", got, num);
   EGLint again = 0;
   EGLDeviceEXT devs2[16];
   CHECK(query_devices(16, devs2, &again) && again == got && !memcmp(devs, devs2, sizeof(EGLDeviceEXT) * got),
         "the same handles every time");
   if (got > 1) {
      EGLint one = 0;
      CHECK(query_devices(1, devs2, &one) && one == 1 && devs2[0] == devs[0], "max_devices 1");
   }

   for (EGLint i = 0; i < got; i++) {
      const char *ext = query_device_string(devs[i], EGL_EXTENSIONS);
      const char *vendor = query_device_string(devs[i], EGL_VENDOR);
      const char *name = query_device_string(devs[i], EGL_RENDERER_EXT);
      CHECK(ext && has_ext(ext, "EGL_EXT_device_query_name"), "device %d extensions %s", i, ext ? ext : "(null)");
      CHECK(vendor && *vendor, "device %d vendor", i);
      CHECK(name && strstr(name, "splitgl"), "device %d renderer %s", i, name ? name : "(null)");
      printf("device %d: vendor '%s', renderer '%s', extensions '%s'\n", i, vendor ? vendor : "", name ? name : "",
             ext ? ext : "");
      CHECK(!query_device_string(devs[i], EGL_CLIENT_APIS) && eglGetError() == EGL_BAD_PARAMETER, "bad name");
      /* EGL_EXT_device_persistent_id */
      CHECK(ext && has_ext(ext, "EGL_EXT_device_persistent_id"), "device %d: persistent ids", i);
      const char *drv = query_device_string(devs[i], EGL_DRIVER_NAME_EXT);
      CHECK(drv && *drv, "device %d driver name", i);
      EGLint sz = -1;
      unsigned char uuid[2][16], again_uuid[16];
      CHECK(query_device_binary(devs[i], EGL_DEVICE_UUID_EXT, 0, NULL, &sz) && sz == 16, "UUID size %d", sz);
      CHECK(query_device_binary(devs[i], EGL_DEVICE_UUID_EXT, 16, uuid[0], &sz) && sz == 16, "device UUID");
      CHECK(query_device_binary(devs[i], EGL_DRIVER_UUID_EXT, 16, uuid[1], &sz) && sz == 16, "driver UUID");
      CHECK(query_device_binary(devs[i], EGL_DEVICE_UUID_EXT, 16, again_uuid, &sz) && !memcmp(uuid[0], again_uuid, 16),
            "the same UUID twice");
      for (EGLint j = 0; j < i; j++) {
         unsigned char other[16];
         query_device_binary(devs[j], EGL_DEVICE_UUID_EXT, 16, other, &sz);
         CHECK(memcmp(other, uuid[0], 16), "devices %d and %d share a UUID", j, i);
      }
      CHECK(!query_device_binary(devs[i], EGL_DEVICE_UUID_EXT, 8, uuid[0], &sz) && eglGetError() == EGL_BAD_PARAMETER,
            "short buffer");
      CHECK(!query_device_binary(devs[i], EGL_VENDOR, 16, uuid[0], &sz) && eglGetError() == EGL_BAD_ATTRIBUTE,
            "not a binary name");
      printf("device %d: driver '%s'\n", i, drv ? drv : "");
      EGLAttrib v = 0;
      CHECK(!query_device_attrib(devs[i], EGL_DEVICE_EXT, &v) && eglGetError() == EGL_BAD_ATTRIBUTE, "no attributes");

      /* a display per device, rendering on it */
      EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
      CHECK(dpy != EGL_NO_DISPLAY, "device %d display 0x%x", i, eglGetError());
      CHECK(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL) == dpy, "the same display twice");
      const EGLAttrib bad_attr[] = {EGL_WIDTH, 1, EGL_NONE};
      CHECK(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[i], bad_attr) == EGL_NO_DISPLAY &&
               eglGetError() == EGL_BAD_ATTRIBUTE,
            "undefined display attribute");
      CHECK(!query_display_attrib(dpy, EGL_DEVICE_EXT, &v) && eglGetError() == EGL_NOT_INITIALIZED,
            "display attribute before eglInitialize");
      CHECK(eglInitialize(dpy, NULL, NULL), "device %d eglInitialize 0x%x", i, eglGetError());
      v = 0;
      CHECK(query_display_attrib(dpy, EGL_DEVICE_EXT, &v) && (EGLDeviceEXT)v == devs[i], "EGL_DEVICE_EXT of display %d", i);
      CHECK(!query_display_attrib(dpy, EGL_VENDOR, &v) && eglGetError() == EGL_BAD_ATTRIBUTE, "bad display attribute");
      const char *r = render_on(dpy, "device display");
      CHECK(name && !strcmp(r, name), "device %d: GL_RENDERER '%s', device renderer '%s'", i, r, name ? name : "");
      eglTerminate(dpy);
   }

   /* bad devices: libglvnd knows no vendor for them */
   EGLDeviceEXT bogus = (EGLDeviceEXT)&num;
   CHECK(!query_device_string(bogus, EGL_VENDOR) && eglGetError() == EGL_BAD_DEVICE_EXT, "bogus device string");
   EGLAttrib v = 0;
   CHECK(!query_device_attrib(bogus, EGL_DEVICE_EXT, &v) && eglGetError() == EGL_BAD_DEVICE_EXT, "bogus device attrib");
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, bogus, NULL) == EGL_NO_DISPLAY && eglGetError() == EGL_BAD_PARAMETER,
         "bogus device display");

   /* the default display: its device is the server's choice (SPLITGL_VK_DEVICE) */
   EGLDisplay def = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (knob_override) {
      CHECK(!eglInitialize(def, NULL, NULL), "the default display follows SPLITGL_VK_DEVICE");
   } else {
      CHECK(eglInitialize(def, NULL, NULL), "default display");
      v = 0;
      CHECK(query_display_attrib(def, EGL_DEVICE_EXT, &v) && (EGLDeviceEXT)v == devs[0],
            "the default display's device is the first device");
      const char *r = render_on(def, "default display");
      CHECK(strstr(r, "splitgl"), "default renderer %s", r);
      eglTerminate(def);
   }
   printf("%s: %d devices\n", fails ? "FAIL" : "PASS", got);
   return fails ? 1 : 0;
}
