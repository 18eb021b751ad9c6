/* splitgl EGL: devices (EGL_EXT_device_enumeration, EGL_EXT_device_query,
 * EGL_EXT_device_query_name; EGL_EXT_platform_device's displays are in egl_display.c).
 *
 * One EGLDeviceEXT per Vulkan device the server sees and can drive. The client never asks
 * Vulkan itself: the list is the server's QueryDevices reply, taken from the first channel
 * that asks (eglQueryDevicesEXT opens a short-lived channel when no display has one yet) and
 * kept for the life of the process, so a handle stays valid (EGL_EXT_device_base: devices
 * are never destroyed). A device display's channel names its device in the segment header
 * (wire_device_select: the server's index and the device's UUID), which overrides
 * SPLITGL_VK_DEVICE; the default display renders on the server's own choice.
 */
#include "gl_front/egl_private.h"

#include <stdio.h>
#include <string.h>

#include "util/log.h"
#include "wire/client.h"

/* Only what is implemented: the device's name strings and its persistent ids. */
#define EGLF_DEVICE_EXTENSIONS "EGL_EXT_device_persistent_id EGL_EXT_device_query_name"

static struct egl_device devices[WIRE_MAX_DEVICES];
static unsigned device_count;
static bool devices_known;
static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;

const struct egl_device *
egl_device_lookup(EGLDeviceEXT h)
{
   uintptr_t p = (uintptr_t)h, base = (uintptr_t)&devices[0];
   if (p < base || p >= base + sizeof(devices) || (p - base) % sizeof(devices[0]))
      return NULL;
   pthread_mutex_lock(&devices_lock);
   const struct egl_device *d = (p - base) / sizeof(devices[0]) < device_count ? (const struct egl_device *)h : NULL;
   pthread_mutex_unlock(&devices_lock);
   return d;
}

void
egl_device_select(const struct egl_device *dev, struct wire_device_select *sel)
{
   memset(sel, 0, sizeof(*sel));
   sel->index = dev->index + 1;
   memcpy(sel->uuid, dev->desc.uuid, sizeof(sel->uuid));
}

/* Takes the server's list as the process's devices the first time one arrives (under
 * devices_lock). Devices the server cannot drive get no handle. */
static void
note_list_locked(const struct wire_device_list *l, const char *server)
{
   if (devices_known)
      return;
   unsigned n = 0;
   for (uint32_t i = 0; i < l->count && i < WIRE_MAX_DEVICES; i++) {
      if (!l->dev[i].usable) {
         sgl_warn("EGL: Vulkan device %u (%s) is not offered as an EGLDevice: the server cannot drive it", i,
                  l->dev[i].name);
         continue;
      }
      struct egl_device *d = &devices[n++];
      d->index = i;
      d->desc = l->dev[i];
      d->desc.name[sizeof(d->desc.name) - 1] = 0;
      d->desc.vendor[sizeof(d->desc.vendor) - 1] = 0;
      d->desc.driver_name[sizeof(d->desc.driver_name) - 1] = 0;
      /* what GL_RENDERER says on a context of this device: the server's name, then the
       * device's ("splitgl Magma (...)", "splitgl Espryt (...)": server_vk, server_gles) */
      snprintf(d->renderer, sizeof(d->renderer), "%s (%.127s)", server, l->dev[i].name);
   }
   device_count = n;
   devices_known = true;
}

/* The server's name on channel c: its renderer string before the device's ("splitgl Magma"
 * of "splitgl Magma (llvmpipe ...)"). */
static void
server_name(struct wire_client *c, char *out, size_t size)
{
   struct wire_server_info info;
   snprintf(out, size, "splitgl");
   if (wire_client_info(c, &info)) {
      const char *cut = strstr(info.renderer, " (");
      size_t n = cut ? (size_t)(cut - info.renderer) : strlen(info.renderer);
      snprintf(out, size, "%.*s", (int)n, info.renderer);
   }
}

/* QueryDevices on channel c; false when the channel is lost. */
static bool
query_list(struct wire_client *c, struct wire_device_list *l)
{
   memset(l, 0, sizeof(*l));
   struct wire_empty *p = wire_begin(c, WIRE_OP_QueryDevices, 0);
   if (!p)
      return false;
   p->reserved = 0;
   return wire_end_reply(c, l, sizeof(*l)) >= (int64_t)sizeof(*l);
}

/* The devices, asking a server the first time (a channel of its own, closed again). */
static unsigned
devices_probe(void)
{
   /* asked from inside a backend's creation (a device driver that loads EGL): no channel may
    * be opened from here, and the list is not cached either (util/log.h) */
   if (sgl_inside_backend()) {
      sgl_dbg("eglQueryDevicesEXT from inside a splitgl backend's creation: no devices");
      return 0;
   }
   pthread_mutex_lock(&devices_lock);
   if (!devices_known) {
      char err[256] = "";
      /* not bound by SPLITGL_VK_DEVICE, which selects the default display's device only */
      const struct wire_device_select any = {.flags = WIRE_DEVICE_SELECT_ANY};
      struct wire_client *c = wire_client_open_device(-1, &any, NULL, err, sizeof(err));
      struct wire_device_list l;
      if (!c)
         sgl_warn("eglQueryDevicesEXT: cannot open a splitgl channel to list the devices: %s; no devices",
                  err[0] ? err : "unknown error");
      else if (!query_list(c, &l))
         sgl_warn("eglQueryDevicesEXT: the server did not answer QueryDevices; no devices");
      else {
         char server[64];
         server_name(c, server, sizeof(server));
         note_list_locked(&l, server);
      }
      if (c)
         wire_client_close(c);
   }
   unsigned n = device_count;
   pthread_mutex_unlock(&devices_lock);
   return n;
}

EGLint
eglf_take_error(void)
{
   return eglf_GetError();
}

EGLBoolean
eglf_QueryDevicesEXT(EGLint max_devices, EGLDeviceEXT *out, EGLint *num_devices)
{
   /* EGL_EXT_device_enumeration: "EGL_BAD_PARAMETER is generated if <max_devices> is less
    * than or equal to zero unless <devices> is NULL, or if <num_devices> is NULL." */
   if (!num_devices || (max_devices <= 0 && out)) {
      egl_set_error(EGL_BAD_PARAMETER);
      return EGL_FALSE;
   }
   unsigned n = devices_probe();
   if (!out) {
      *num_devices = (EGLint)n;
   } else {
      EGLint k = 0;
      for (unsigned i = 0; i < n && k < max_devices; i++)
         out[k++] = (EGLDeviceEXT)&devices[i];
      *num_devices = k;
   }
   egl_set_error(EGL_SUCCESS);
   return EGL_TRUE;
}

EGLBoolean
eglf_QueryDeviceAttribEXT(EGLDeviceEXT device, EGLint attribute, EGLAttrib *value)
{
   /* EGL_EXT_device_query: "EGL_BAD_DEVICE_EXT is generated if <device> is not a valid
    * EGLDeviceEXT. EGL_BAD_ATTRIBUTE is generated if <attribute> is not a valid attribute."
    * None of the device extensions listed (EGL_EXT_device_query_name) adds an attribute. */
   (void)value;
   if (!egl_device_lookup(device)) {
      egl_set_error(EGL_BAD_DEVICE_EXT);
      return EGL_FALSE;
   }
   sgl_warn("eglQueryDeviceAttribEXT: attribute 0x%04x is not a device attribute splitgl offers", attribute);
   egl_set_error(EGL_BAD_ATTRIBUTE);
   return EGL_FALSE;
}

const char *
eglf_QueryDeviceStringEXT(EGLDeviceEXT device, EGLint name)
{
   const struct egl_device *d = egl_device_lookup(device);
   if (!d) {
      egl_set_error(EGL_BAD_DEVICE_EXT);
      return NULL;
   }
   switch (name) {
   case EGL_EXTENSIONS:
      egl_set_error(EGL_SUCCESS);
      return EGLF_DEVICE_EXTENSIONS;
   case EGL_VENDOR: /* EGL_EXT_device_query_name */
      egl_set_error(EGL_SUCCESS);
      return d->desc.vendor;
   case EGL_RENDERER_EXT:
      egl_set_error(EGL_SUCCESS);
      return d->renderer;
   case EGL_DRIVER_NAME_EXT: /* EGL_EXT_device_persistent_id: the Vulkan driver's name */
      egl_set_error(EGL_SUCCESS);
      return d->desc.driver_name;
   default:
      /* "EGL_BAD_PARAMETER is generated if <name> is not one of the values listed" */
      egl_set_error(EGL_BAD_PARAMETER);
      return NULL;
   }
}

EGLBoolean
eglf_QueryDeviceBinaryEXT(EGLDeviceEXT device, EGLint name, EGLint max_size, void *value, EGLint *size)
{
   /* EGL_EXT_device_persistent_id: EGL_DEVICE_UUID_EXT and EGL_DRIVER_UUID_EXT are 16 bytes
    * (the Vulkan device's and driver's UUIDs, as Vulkan reports them). With <value> NULL only
    * <size> is set. */
   const struct egl_device *d = egl_device_lookup(device);
   if (!d) {
      egl_set_error(EGL_BAD_DEVICE_EXT);
      return EGL_FALSE;
   }
   const uint8_t *bytes = name == EGL_DEVICE_UUID_EXT ? d->desc.uuid : name == EGL_DRIVER_UUID_EXT ? d->desc.driver_uuid : NULL;
   if (!bytes) {
      sgl_warn("eglQueryDeviceBinaryEXT: 0x%04x is not EGL_DEVICE_UUID_EXT or EGL_DRIVER_UUID_EXT (EGL_BAD_ATTRIBUTE)", name);
      egl_set_error(EGL_BAD_ATTRIBUTE);
      return EGL_FALSE;
   }
   if (!size || (value && max_size < 16)) {
      /* a UUID is written whole or not at all */
      sgl_warn("eglQueryDeviceBinaryEXT: %s (EGL_BAD_PARAMETER)", !size ? "size is NULL" : "max_size is below 16 bytes");
      egl_set_error(EGL_BAD_PARAMETER);
      return EGL_FALSE;
   }
   if (value)
      memcpy(value, bytes, 16);
   *size = 16;
   egl_set_error(EGL_SUCCESS);
   return EGL_TRUE;
}

/* The device display d renders on (d locked and initialized): its own for a device display,
 * else the one its server chose, asked on its channel. NULL when the channel is lost. */
static const struct egl_device *
display_device(struct egl_display *d)
{
   if (d->device)
      return d->device;
   struct wire_device_list l;
   if (!d->wire || !query_list(d->wire, &l))
      return NULL;
   char server[64];
   server_name(d->wire, server, sizeof(server));
   pthread_mutex_lock(&devices_lock);
   note_list_locked(&l, server);
   const struct egl_device *found = NULL;
   for (unsigned i = 0; i < device_count && !found; i++) {
      if (l.current < l.count && devices[i].index == l.current && !memcmp(devices[i].desc.uuid, l.dev[l.current].uuid, 16))
         found = &devices[i];
   }
   pthread_mutex_unlock(&devices_lock);
   return found;
}

EGLBoolean
eglf_QueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute, EGLAttrib *value)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   if (attribute != EGL_DEVICE_EXT) {
      /* EGL_EXT_device_query: "EGL_BAD_ATTRIBUTE is generated if <attribute> is not a valid
       * value." */
      sgl_warn("eglQueryDisplayAttribEXT: attribute 0x%04x is not one splitgl offers (EGL_DEVICE_EXT is)", attribute);
      EGLF_RETURN(d, EGL_BAD_ATTRIBUTE, EGL_FALSE);
   }
   if (!value)
      EGLF_RETURN(d, EGL_BAD_PARAMETER, EGL_FALSE);
   if (egl_display_lost(d))
      EGLF_RETURN(d, EGL_CONTEXT_LOST, EGL_FALSE);
   const struct egl_device *dev = display_device(d);
   if (!dev) {
      sgl_warn("eglQueryDisplayAttribEXT: the display's device is not among the EGL devices");
      EGLF_RETURN(d, egl_display_lost(d) ? EGL_CONTEXT_LOST : EGL_BAD_ACCESS, EGL_FALSE);
   }
   *value = (EGLAttrib)dev;
   EGLF_RETURN(d, EGL_SUCCESS, EGL_TRUE);
}

EGLBoolean
eglf_QueryDisplayAttribKHR(EGLDisplay dpy, EGLint attribute, EGLAttrib *value)
{
   return eglf_QueryDisplayAttribEXT(dpy, attribute, value);
}
