/* Magma: instance, physical-device choice, device and queue, feature checks, the ops table. */
#include "mg_private.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/knobs.h"

static const struct srv_backend_ops mg_ops;

static void
set_status_what(struct mg_backend *be, const char *what)
{
   if (!be->status_what[0])
      snprintf(be->status_what, sizeof(be->status_what), "%s", what);
}

void
mg_out_of_memory(struct mg_backend *be, const char *what)
{
   be->oom = true;
   set_status_what(be, what);
}

/* Every VkResult that is not success reaches the core through take_status: a lost device
 * ends the session, out-of-memory becomes GL_OUT_OF_MEMORY; anything else is a driver
 * failure with the same effect on the GL as running out of memory (the work is not done). */
void
mg_check(struct mg_backend *be, VkResult r, const char *what)
{
   if (r == VK_SUCCESS)
      return;
   if (r == VK_ERROR_DEVICE_LOST) {
      if (!be->lost) {
         be->lost = true;
         be->status_what[0] = 0;
         set_status_what(be, what);
         sgl_err("magma: device lost (%s)", what);
      }
      return;
   }
   sgl_err("magma: %s failed: VkResult %d", what, (int)r);
   mg_out_of_memory(be, what);
}

enum mg_wait_result
mg_wait_fence(struct mg_backend *be, VkFence fence, const char *what, bool cancellable)
{
   const uint64_t slice_ns = 100000000ull;
   uint64_t waited_ms = 0, limit_ms = (uint64_t)sgl_knobs()->wait_timeout_ms;
   for (;;) {
      VkResult r = vkWaitForFences(be->dev, 1, &fence, VK_TRUE, slice_ns);
      if (r == VK_SUCCESS)
         return MG_WAIT_DONE;
      if (r != VK_TIMEOUT) {
         mg_check(be, r, what);
         return MG_WAIT_LOST;
      }
      waited_ms += slice_ns / 1000000u;
      if (cancellable && be->cancel && __atomic_load_n(be->cancel, __ATOMIC_ACQUIRE))
         return MG_WAIT_CANCELLED; /* the session is ending: nobody waits for the result */
      if (waited_ms >= limit_ms) {
         char msg[96];
         snprintf(msg, sizeof(msg), "%s: GPU work did not complete in %llu ms", what, (unsigned long long)limit_ms);
         mg_check(be, VK_ERROR_DEVICE_LOST, msg);
         be->hung = true;
         return MG_WAIT_HUNG;
      }
   }
}

static enum srv_status
mg_take_status(struct srv_backend *sbe, char *what, size_t what_size)
{
   struct mg_backend *be = mg_backend(sbe);
   enum srv_status st = be->lost ? SRV_STATUS_DEVICE_LOST : be->oom ? SRV_STATUS_OUT_OF_MEMORY : SRV_STATUS_OK;
   if (st != SRV_STATUS_OK && what)
      snprintf(what, what_size, "%s", be->status_what);
   if (!be->lost) {
      be->oom = false;
      be->status_what[0] = 0;
   }
   return st;
}

static void
mg_set_cancel(struct srv_backend *sbe, const uint32_t *cancel)
{
   mg_backend(sbe)->cancel = cancel;
}

int32_t
mg_memory_type(struct mg_backend *be, uint32_t type_bits, VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer)
{
   int32_t fallback = -1;
   for (uint32_t i = 0; i < be->memprops.memoryTypeCount; i++) {
      VkMemoryPropertyFlags f = be->memprops.memoryTypes[i].propertyFlags;
      if (!(type_bits & (1u << i)) || (f & want) != want)
         continue;
      if ((f & prefer) == prefer)
         return (int32_t)i;
      if (fallback < 0)
         fallback = (int32_t)i;
   }
   return fallback;
}

VkDeviceMemory
mg_alloc_memory(struct mg_backend *be, VkMemoryRequirements req, VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer)
{
   int32_t type = mg_memory_type(be, req.memoryTypeBits, want, prefer);
   if (type < 0) {
      sgl_err("magma: no memory type for bits 0x%x", req.memoryTypeBits);
      return VK_NULL_HANDLE;
   }
   VkMemoryAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = (uint32_t)type,
   };
   VkDeviceMemory mem = VK_NULL_HANDLE;
   /* SPLITGL_TEST_OOM_ABOVE_KIB: a larger allocation fails as the device would when full. */
   int limit_kib = sgl_knobs()->test_oom_above_kib;
   VkResult r = limit_kib > 0 && req.size > (VkDeviceSize)limit_kib * 1024u ? VK_ERROR_OUT_OF_DEVICE_MEMORY
                                                                          : vkAllocateMemory(be->dev, &ai, NULL, &mem);
   if (r != VK_SUCCESS) {
      char what[96];
      snprintf(what, sizeof(what), "vkAllocateMemory(%llu bytes)", (unsigned long long)req.size);
      mg_check(be, r, what);
      return VK_NULL_HANDLE;
   }
   return mem;
}

static bool has_ext(const VkExtensionProperties *e, uint32_t n, const char *name);

static bool
create_instance(struct mg_backend *be)
{
   bool validate = mg_validate_wanted();
   const char *layers[1] = {"VK_LAYER_KHRONOS_validation"};
   const char *exts[3] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
   /* Window surfaces (present.c) where the loader offers them; a window surface on an
    * instance without them is refused with the reason. */
   uint32_t nx = 0, wsi = 0;
   vkEnumerateInstanceExtensionProperties(NULL, &nx, NULL);
   VkExtensionProperties *ie = calloc(nx ? nx : 1, sizeof(*ie));
   if (ie && vkEnumerateInstanceExtensionProperties(NULL, &nx, ie) >= 0) {
      wsi = has_ext(ie, nx, VK_KHR_SURFACE_EXTENSION_NAME) && has_ext(ie, nx, "VK_KHR_xcb_surface");
   }
   free(ie);
   be->has_xcb_surface = wsi;
   VkDebugUtilsMessengerCreateInfoEXT mi;
   if (validate) {
      mg_validate_setup_env();
      mg_validate_messenger_info(be, &mi);
   }
   VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "splitgl",
      .pEngineName = "splitgl Magma",
      .apiVersion = VK_API_VERSION_1_3,
   };
   VkInstanceCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = validate ? &mi : NULL,
      .pApplicationInfo = &app,
      .enabledLayerCount = validate ? 1 : 0,
      .ppEnabledLayerNames = layers,
      .enabledExtensionCount = validate ? 1 : 0,
      .ppEnabledExtensionNames = exts + (validate ? 0 : 1),
   };
   if (wsi) {
      exts[1] = VK_KHR_SURFACE_EXTENSION_NAME;
      exts[2] = "VK_KHR_xcb_surface";
      ci.enabledExtensionCount += 2;
   }
   VkResult r = vkCreateInstance(&ci, NULL, &be->instance);
   if (r != VK_SUCCESS && validate) {
      /* The stats line says validation=off: a validation lane checks it (a lane whose layer
       * did not load must fail, not pass). */
      sgl_err("magma: SPLITGL_VALIDATE=1 but VK_LAYER_KHRONOS_validation cannot be enabled (%d); validation off",
              (int)r);
      ci.pNext = NULL;
      ci.enabledLayerCount = 0;
      ci.enabledExtensionCount = wsi ? 2 : 0;
      ci.ppEnabledExtensionNames = exts + 1;
      validate = false;
      r = vkCreateInstance(&ci, NULL, &be->instance);
   }
   if (r != VK_SUCCESS) {
      sgl_err("magma: vkCreateInstance failed: %d", (int)r);
      return false;
   }
#if defined(__SANITIZE_THREAD__)
   /* ThreadSanitizer builds only: tools/tsan.supp names lavapipe in a called_from_lib
    * suppression, and TSan ends the process when such a library is unloaded, which the Vulkan
    * loader does when a session's instance is destroyed before the process exits (a session
    * ended by a fatal error, in process). Pinning it keeps the library mapped; nothing else
    * changes. */
   if (!dlopen("libvulkan_lvp.so", RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE))
      sgl_dbg("magma: lavapipe is not loaded (another driver): nothing to pin for TSan");
#endif
   if (validate)
      mg_validate_create_messenger(be);
   return true;
}

/* The device's UUID (VkPhysicalDeviceIDProperties, core in Vulkan 1.1) and, when asked, its
 * driver's UUID and name (VkPhysicalDeviceDriverProperties, core in 1.2; empty before). */
static void
device_ids(VkPhysicalDevice pd, uint8_t uuid[16], uint8_t *driver_uuid, char *driver_name, size_t name_size)
{
   VkPhysicalDeviceProperties p;
   vkGetPhysicalDeviceProperties(pd, &p);
   VkPhysicalDeviceDriverProperties drv = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
   VkPhysicalDeviceIDProperties id = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES,
                                      .pNext = p.apiVersion >= VK_API_VERSION_1_2 ? &drv : NULL};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &id};
   vkGetPhysicalDeviceProperties2(pd, &p2);
   memcpy(uuid, id.deviceUUID, 16);
   if (driver_uuid)
      memcpy(driver_uuid, id.driverUUID, 16);
   if (driver_name)
      snprintf(driver_name, name_size, "%.*s", (int)name_size - 1, drv.driverName);
}

static void
device_uuid(VkPhysicalDevice pd, uint8_t uuid[16])
{
   device_ids(pd, uuid, NULL, NULL, 0);
}

/* The physical devices in the instance's order (at most WIRE_MAX_DEVICES); NULL on failure. */
static VkPhysicalDevice *
enumerate_devices(VkInstance instance, uint32_t *count)
{
   uint32_t n = 0;
   if (vkEnumeratePhysicalDevices(instance, &n, NULL) != VK_SUCCESS || n == 0)
      return NULL;
   VkPhysicalDevice *devs = calloc(n, sizeof(*devs));
   if (!devs || vkEnumeratePhysicalDevices(instance, &n, devs) < 0) {
      free(devs);
      return NULL;
   }
   *count = n > WIRE_MAX_DEVICES ? WIRE_MAX_DEVICES : n;
   return devs;
}

static bool
pick_device(struct mg_backend *be, const struct wire_device_select *sel)
{
   uint32_t n = 0;
   VkPhysicalDevice *devs = enumerate_devices(be->instance, &n);
   if (!devs) {
      sgl_err("magma: no Vulkan physical device");
      return false;
   }
   be->pdev = VK_NULL_HANDLE;
   if (sel && sel->index) {
      /* The client chose (an EGL device display): its index in the list QueryDevices gave,
       * which must still name the same device. SPLITGL_VK_DEVICE does not apply. */
      uint32_t i = sel->index - 1;
      uint8_t uuid[16];
      if (i < n)
         device_uuid(devs[i], uuid);
      if (i >= n || memcmp(uuid, sel->uuid, 16)) {
         sgl_err("magma: the client selected Vulkan device %u, which %s", i,
                 i >= n ? "does not exist" : "is no longer the device it listed (UUID differs)");
         free(devs);
         return false;
      }
      be->pdev = devs[i];
      be->device_index = i;
   }
   if (sel && !sel->index && (sel->flags & WIRE_DEVICE_SELECT_ANY)) {
      /* a channel that lists the devices: any device Magma can drive will do */
      for (uint32_t i = 0; i < n && !be->pdev; i++) {
         VkPhysicalDeviceProperties p;
         vkGetPhysicalDeviceProperties(devs[i], &p);
         if (p.apiVersion >= VK_API_VERSION_1_3) {
            be->pdev = devs[i];
            be->device_index = i;
         }
      }
   }
   const char *want = be->pdev ? NULL : sgl_knobs()->vk_device;
   for (uint32_t i = 0; i < n && !be->pdev; i++) {
      VkPhysicalDeviceProperties p;
      vkGetPhysicalDeviceProperties(devs[i], &p);
      char *end = NULL;
      long idx = want && *want ? strtol(want, &end, 10) : 0;
      bool by_index = want && *want && end && *end == 0;
      if (!want || !*want || (by_index && idx == (long)i) || (!by_index && strstr(p.deviceName, want))) {
         be->pdev = devs[i];
         be->device_index = i;
      }
   }
   free(devs);
   if (!be->pdev) {
      sgl_err("magma: SPLITGL_VK_DEVICE=\"%s\" matches no device", want);
      return false;
   }
   vkGetPhysicalDeviceProperties(be->pdev, &be->props);
   vkGetPhysicalDeviceMemoryProperties(be->pdev, &be->memprops);
   if (be->props.apiVersion < VK_API_VERSION_1_3) {
      sgl_err("magma: %s offers Vulkan %u.%u, 1.3 is required", be->props.deviceName,
              VK_API_VERSION_MAJOR(be->props.apiVersion), VK_API_VERSION_MINOR(be->props.apiVersion));
      return false;
   }
   VkPhysicalDeviceDriverProperties drv = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &drv};
   vkGetPhysicalDeviceProperties2(be->pdev, &p2);
   /* lavapipe recompiles a stage per bind when UBO values feed its control flow (see
    * spirv_quirks.c); storage-buffer loads are exempt. */
   be->default_block_ssbo = drv.driverID == VK_DRIVER_ID_MESA_LLVMPIPE;
   return true;
}

static bool
has_ext(const VkExtensionProperties *e, uint32_t n, const char *name)
{
   for (uint32_t i = 0; i < n; i++)
      if (!strcmp(e[i].extensionName, name))
         return true;
   return false;
}

static bool
pick_queue(struct mg_backend *be)
{
   uint32_t n = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(be->pdev, &n, NULL);
   VkQueueFamilyProperties q[16];
   n = n > 16 ? 16 : n;
   vkGetPhysicalDeviceQueueFamilyProperties(be->pdev, &n, q);
   for (uint32_t i = 0; i < n; i++) {
      if (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
         be->qfam = i;
         be->timestamp_bits = q[i].timestampValidBits;
         return true;
      }
   }
   sgl_err("magma: %s has no graphics queue", be->props.deviceName);
   return false;
}

static bool
create_device(struct mg_backend *be)
{
   uint32_t n = 0;
   vkEnumerateDeviceExtensionProperties(be->pdev, NULL, &n, NULL);
   VkExtensionProperties *e = calloc(n ? n : 1, sizeof(*e));
   if (!e || vkEnumerateDeviceExtensionProperties(be->pdev, NULL, &n, e) < 0) {
      free(e);
      return false;
   }
   const char *exts[13];
   uint32_t next = 0;
   /* eglSwapBuffers on a window surface (present.c) */
   be->has_swapchain = be->has_xcb_surface && has_ext(e, n, VK_KHR_SWAPCHAIN_EXTENSION_NAME) &&
                       !(mg_hidden_features() & MG_HIDE_WSI);
   if (be->has_swapchain)
      exts[next++] = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
   bool clip = has_ext(e, n, VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME);
   be->has_list_restart = has_ext(e, n, VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME);
   be->has_uint8 = has_ext(e, n, VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME);
   be->has_divisor = has_ext(e, n, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME);
   be->has_xfb = has_ext(e, n, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME);
   bool has_pv = has_ext(e, n, VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME);
   be->has_primgen = has_ext(e, n, VK_EXT_PRIMITIVES_GENERATED_QUERY_EXTENSION_NAME);
   be->custom_border = has_ext(e, n, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
   bool has_lines = has_ext(e, n, VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME);
   free(e);

   VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT lrf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT};
   VkPhysicalDeviceCustomBorderColorFeaturesEXT borderf = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
                                                           .pNext = &lrf};
   VkPhysicalDeviceDepthClipControlFeaturesEXT clipf = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT,
                                                        .pNext = &borderf};
   VkPhysicalDeviceIndexTypeUint8FeaturesEXT u8f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT, .pNext = &clipf};
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divf = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT, .pNext = &u8f};
   /* Structures of optional extensions join the chain only where the device has them. */
   void *qhead = &divf;
   VkPhysicalDeviceProvokingVertexFeaturesEXT pvf = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT};
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfbf = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
   VkPhysicalDevicePrimitivesGeneratedQueryFeaturesEXT pgf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVES_GENERATED_QUERY_FEATURES_EXT};
   if (has_pv)
      pvf.pNext = qhead, qhead = &pvf;
   if (be->has_xfb)
      xfbf.pNext = qhead, qhead = &xfbf;
   if (be->has_primgen)
      pgf.pNext = qhead, qhead = &pgf;
   VkPhysicalDeviceLineRasterizationFeaturesEXT linef = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT};
   if (has_lines)
      linef.pNext = qhead, qhead = &linef;
   VkPhysicalDeviceVulkan13Features f13 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES, .pNext = qhead};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f13};
   vkGetPhysicalDeviceFeatures2(be->pdev, &f2);
   if (!clip || !clipf.depthClipControl) {
      sgl_err("magma: %s lacks VK_EXT_depth_clip_control (needed for GL's [-1,1] clip depth)", be->props.deviceName);
      return false;
   }
   if (!f13.dynamicRendering) {
      sgl_err("magma: %s lacks dynamicRendering", be->props.deviceName);
      return false;
   }
   be->has_uint8 = be->has_uint8 && u8f.indexTypeUint8;
   be->has_divisor = be->has_divisor && divf.vertexAttributeInstanceRateDivisor;
   /* GL's primitive restart also cuts point, line and triangle lists */
   be->has_list_restart = be->has_list_restart && lrf.primitiveTopologyListRestart;
   /* GL's TEXTURE_BORDER_COLOR is any colour, for any format: custom border colours without
    * a format (else the nearest of Vulkan's three standard ones, descriptor.c). */
   be->custom_border = be->custom_border && borderf.customBorderColors && borderf.customBorderColorWithoutFormat;
   exts[next++] = VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME;
   if (be->has_list_restart)
      exts[next++] = VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME;
   if (be->custom_border)
      exts[next++] = VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME;
   if (be->has_uint8)
      exts[next++] = VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME;
   if (be->has_divisor)
      exts[next++] = VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME;
   /* Transform feedback (GL's capture, the primitives-written query): the device's limits go
    * to the capability table (caps.c). */
   be->has_xfb = be->has_xfb && xfbf.transformFeedback;
   if (be->has_xfb) {
      exts[next++] = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
      VkPhysicalDeviceTransformFeedbackPropertiesEXT xp = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &xp};
      vkGetPhysicalDeviceProperties2(be->pdev, &p2);
      be->xfb_max_buffers = xp.maxTransformFeedbackBuffers < WIRE_MAX_SO_TARGETS ? xp.maxTransformFeedbackBuffers
                                                                                 : WIRE_MAX_SO_TARGETS;
      be->xfb_max_stride = xp.maxTransformFeedbackBufferDataStride < xp.maxTransformFeedbackBufferDataSize
                              ? xp.maxTransformFeedbackBufferDataStride : xp.maxTransformFeedbackBufferDataSize;
      if (be->xfb_max_stride > xp.maxTransformFeedbackStreamDataSize)
         be->xfb_max_stride = xp.maxTransformFeedbackStreamDataSize;
      be->has_xfb_queries = xp.transformFeedbackQueries;
   }
   /* GL's provoking vertex is the last one (flat varyings; the order of a strip's odd
    * triangles in transform feedback, OpenGL 3.3 section 2.17.2); Vulkan's default is the
    * first. Every Magma pipeline asks for the last where the device can do it per pipeline
    * (the clear pipelines keep the default). */
   if (has_pv && pvf.provokingVertexLast) {
      VkPhysicalDeviceProvokingVertexPropertiesEXT pvp = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &pvp};
      vkGetPhysicalDeviceProperties2(be->pdev, &p2);
      be->provoking_last = pvp.provokingVertexModePerPipeline;
   }
   if (be->provoking_last)
      exts[next++] = VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME;
   /* GL's PRIMITIVES_GENERATED counts with rasterizer discard too. */
   be->has_primgen = be->has_primgen && pgf.primitivesGeneratedQuery && pgf.primitivesGeneratedQueryWithRasterizerDiscard;
   if (be->has_primgen)
      exts[next++] = VK_EXT_PRIMITIVES_GENERATED_QUERY_EXTENSION_NAME;
   /* GL's aliased lines hit the pixels whose diamonds they exit (ES 3.0 section 3.5.2),
    * widened along the minor axis; Vulkan's default lines are parallelograms. */
   be->bresenham_lines = has_lines && linef.bresenhamLines;
   if (be->bresenham_lines)
      exts[next++] = VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME;

   /* Enable only what we use. */
   VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT en_lr = {.sType = lrf.sType,
      .primitiveTopologyListRestart = be->has_list_restart};
   VkPhysicalDeviceCustomBorderColorFeaturesEXT en_border = {.sType = borderf.sType, .pNext = be->has_list_restart ? &en_lr : NULL,
      .customBorderColors = be->custom_border, .customBorderColorWithoutFormat = be->custom_border};
   VkPhysicalDeviceDepthClipControlFeaturesEXT en_clip = {.sType = clipf.sType, .pNext = &en_border,
                                                          .depthClipControl = VK_TRUE};
   VkPhysicalDeviceIndexTypeUint8FeaturesEXT en_u8 = {.sType = u8f.sType, .pNext = &en_clip, .indexTypeUint8 = be->has_uint8};
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT en_div = {.sType = divf.sType, .pNext = &en_u8,
      .vertexAttributeInstanceRateDivisor = be->has_divisor, .vertexAttributeInstanceRateZeroDivisor = be->has_divisor && divf.vertexAttributeInstanceRateZeroDivisor};
   VkPhysicalDeviceProvokingVertexFeaturesEXT en_pv = {.sType = pvf.sType, .pNext = &en_div,
      .provokingVertexLast = VK_TRUE,
      .transformFeedbackPreservesProvokingVertex = be->has_xfb && pvf.transformFeedbackPreservesProvokingVertex};
   void *en_chain = be->provoking_last ? (void *)&en_pv : (void *)&en_div;
   VkPhysicalDeviceTransformFeedbackFeaturesEXT en_xfb = {.sType = xfbf.sType, .pNext = en_chain,
      .transformFeedback = be->has_xfb};
   if (be->has_xfb)
      en_chain = &en_xfb;
   VkPhysicalDevicePrimitivesGeneratedQueryFeaturesEXT en_pg = {.sType = pgf.sType, .pNext = en_chain,
      .primitivesGeneratedQuery = VK_TRUE, .primitivesGeneratedQueryWithRasterizerDiscard = VK_TRUE};
   if (be->has_primgen)
      en_chain = &en_pg;
   VkPhysicalDeviceLineRasterizationFeaturesEXT en_line = {.sType = linef.sType, .pNext = en_chain,
      .bresenhamLines = VK_TRUE};
   if (be->bresenham_lines)
      en_chain = &en_line;
   VkPhysicalDeviceVulkan13Features en13 = {.sType = f13.sType, .pNext = en_chain,
      .dynamicRendering = VK_TRUE,
      .synchronization2 = f13.synchronization2};
   VkPhysicalDeviceFeatures2 en = {.sType = f2.sType, .pNext = &en13};
   be->wide_lines = f2.features.wideLines;
   be->independent_blend = f2.features.independentBlend;
   en.features.wideLines = f2.features.wideLines;
   en.features.independentBlend = f2.features.independentBlend;
   /* GL 3.3 core's dual-source blending (the SRC1 blend factors): WIRE_FEATURE_DUAL_SRC_BLEND
    * and WIRE_CAP_MAX_DUAL_SRC_ATTACHMENTS (0 without it); the core refuses SRC1 factors where
    * it is missing (server/decode_objects.c). */
   en.features.dualSrcBlend = be->dual_src_blend = f2.features.dualSrcBlend;
   en.features.samplerAnisotropy = f2.features.samplerAnisotropy;
   en.features.fillModeNonSolid = f2.features.fillModeNonSolid;
   /* GL core's glPolygonMode, GL_DEPTH_CLAMP and glLogicOp (the front end refuses them where
    * the device lacks the feature: WIRE_CAP_FEATURES) */
   be->polygon_mode = f2.features.fillModeNonSolid;
   en.features.depthClamp = be->depth_clamp = f2.features.depthClamp;
   en.features.logicOp = be->logic_op = f2.features.logicOp;
   en.features.alphaToOne = be->alpha_to_one = f2.features.alphaToOne;
   /* GL 3.2+ core's geometry shaders; a user geometry shader may write gl_PointSize
    * (GeometryPointSize), which needs shaderTessellationAndGeometryPointSize. */
   en.features.geometryShader = be->geometry = f2.features.geometryShader;
   /* gl_ClipDistance (GL core, ES's EXT_clip_cull_distance): WIRE_CAP_MAX_CLIP_DISTANCES is 0
    * without it; gl_CullDistance (EXT_clip_cull_distance): WIRE_FEATURE_CULL_DISTANCE and
    * WIRE_CAP_MAX_CULL_DISTANCES (caps.c). The core refuses programs that declare either
    * capability where the feature is missing (server/decode_objects.c). */
   en.features.shaderClipDistance = f2.features.shaderClipDistance;
   en.features.shaderCullDistance = be->cull_distance =
      f2.features.shaderCullDistance && !(mg_hidden_features() & MG_HIDE_CULL_DISTANCE);
   en.features.shaderTessellationAndGeometryPointSize =
      f2.features.geometryShader && f2.features.shaderTessellationAndGeometryPointSize;
   /* GL's SAMPLES_PASSED counts samples exactly; ANY_SAMPLES_PASSED needs no precision. */
   en.features.occlusionQueryPrecise = f2.features.occlusionQueryPrecise;
   be->occlusion_precise = f2.features.occlusionQueryPrecise;
   /* ES 3.0's ETC2 / EAC textures go to the device as blocks where it has them; elsewhere
    * (lavapipe) format.c stores them decoded. SPLITGL_MAGMA_HIDE=etc2 decodes anyway. */
   be->has_etc2 = f2.features.textureCompressionETC2 && !(mg_hidden_features() & MG_HIDE_ETC2);
   en.features.textureCompressionETC2 = be->has_etc2;
   /* GL core's RGTC textures likewise as BC4 / BC5 blocks (lavapipe has them);
    * SPLITGL_MAGMA_HIDE=bc decodes them at upload. */
   be->has_bc = f2.features.textureCompressionBC && !(mg_hidden_features() & MG_HIDE_BC);
   en.features.textureCompressionBC = be->has_bc;
   /* Robustness: a draw may fetch vertices past the end of a vertex buffer (GL leaves that
    * undefined, not a crash) and a program may read past its uniform buffer. Without
    * robustBufferAccess such a fetch is undefined behaviour in the driver, which for lavapipe
    * is an out-of-bounds read in this process. The decoder bounds index ranges, not vertex
    * indices, so every device that offers the feature gets it. */
   en.features.robustBufferAccess = f2.features.robustBufferAccess;
   be->robust = f2.features.robustBufferAccess;
   if (!be->robust)
      sgl_warn("magma: %s lacks robustBufferAccess: out-of-range vertex fetches are unchecked", be->props.deviceName);

   if (!pick_queue(be))
      return false;
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qi = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = be->qfam,
      .queueCount = 1,
      .pQueuePriorities = &prio,
   };
   VkDeviceCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &en,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qi,
      .enabledExtensionCount = next,
      .ppEnabledExtensionNames = exts,
   };
   VkResult r = vkCreateDevice(be->pdev, &ci, NULL, &be->dev);
   if (r != VK_SUCCESS) {
      sgl_err("magma: vkCreateDevice failed: %d", (int)r);
      return false;
   }
   vkGetDeviceQueue(be->dev, be->qfam, 0, &be->queue);
   if (be->has_xfb) {
      be->CmdBindTransformFeedbackBuffersEXT =
         (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(be->dev, "vkCmdBindTransformFeedbackBuffersEXT");
      be->CmdBeginTransformFeedbackEXT =
         (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(be->dev, "vkCmdBeginTransformFeedbackEXT");
      be->CmdEndTransformFeedbackEXT =
         (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(be->dev, "vkCmdEndTransformFeedbackEXT");
      be->CmdBeginQueryIndexedEXT = (PFN_vkCmdBeginQueryIndexedEXT)vkGetDeviceProcAddr(be->dev, "vkCmdBeginQueryIndexedEXT");
      be->CmdEndQueryIndexedEXT = (PFN_vkCmdEndQueryIndexedEXT)vkGetDeviceProcAddr(be->dev, "vkCmdEndQueryIndexedEXT");
      if (!be->CmdBindTransformFeedbackBuffersEXT || !be->CmdBeginTransformFeedbackEXT ||
          !be->CmdEndTransformFeedbackEXT || !be->CmdBeginQueryIndexedEXT || !be->CmdEndQueryIndexedEXT) {
         sgl_warn("magma: VK_EXT_transform_feedback entry points missing; no capture");
         be->has_xfb = be->has_xfb_queries = false;
      }
   }
   return true;
}

/* Backends whose device hung, kept while their work may still run: reachable from here (a
 * leak checker tells them from real leaks), and ended by reap_hung once every batch they
 * submitted has completed (lavapipe runs a draw of billions of vertices to its end). */
static struct mg_backend *hung_backends;
static unsigned hung_count;

static void
keep_hung(struct mg_backend *be)
{
   struct mg_backend *head = __atomic_load_n(&hung_backends, __ATOMIC_ACQUIRE);
   do
      be->hung_next = head;
   while (!__atomic_compare_exchange_n(&hung_backends, &head, be, true, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
}

/* Whether every batch the backend submitted has completed (a fence that answers anything but
 * VK_SUCCESS, a really lost device's, keeps it). */
static bool
hung_work_done(struct mg_backend *be)
{
   for (unsigned i = 0; i < MG_NUM_BATCHES; i++)
      if (be->batches[i].submitted && vkGetFenceStatus(be->dev, be->batches[i].fence) != VK_SUCCESS)
         return false;
   return true;
}

static void destroy_or_keep(struct mg_backend *be);

/* Ends the kept backends whose work has completed; keeps the others. The list is taken whole,
 * so that two callers never end the same backend. */
static void
reap_hung(void)
{
   struct mg_backend *be = __atomic_exchange_n(&hung_backends, NULL, __ATOMIC_ACQ_REL);
   while (be) {
      struct mg_backend *next = be->hung_next;
      if (hung_work_done(be)) {
         sgl_info("magma: a hung device's work has completed; its objects are freed");
         be->hung = false; /* nothing runs any more: all of it is freed */
         __atomic_fetch_sub(&hung_count, 1, __ATOMIC_ACQ_REL);
         destroy_or_keep(be);
      } else {
         keep_hung(be);
      }
      be = next;
   }
}

unsigned
mg_backends_kept(void)
{
   reap_hung();
   /* a count, not a walk of the list: another thread may be reaping it meanwhile */
   return __atomic_load_n(&hung_count, __ATOMIC_ACQUIRE);
}

static void
destroy_or_keep(struct mg_backend *be)
{
   /* The wait comes first: it is what finds work that never completes (a draw may outlast
    * SPLITGL_WAIT_TIMEOUT_MS, e.g. billions of vertices, and lavapipe cannot cancel it). */
   if (be->dev && !be->hung)
      mg_wait_idle(be);
   if (be->dev && be->hung) {
      /* Work that never completed may still use every object, and on a CPU driver it runs
       * in this process (lavapipe's queue thread, with code and state of the instance's
       * screen): the device and the instance are kept, whole, until that work is done. */
      sgl_err("magma: the device hung; its objects are kept until its work completes");
      __atomic_fetch_add(&hung_count, 1, __ATOMIC_ACQ_REL);
      keep_hung(be);
      return;
   }
   if (be->dev) {
      mg_windows_kept_fini(be);
      mg_kept_garbage_fini(be);
      for (unsigned i = 0; i < MG_ARRAY_SIZE(be->dummy); i++)
         if (be->dummy[i])
            mg_resource_free(be, be->dummy[i], true);
      for (unsigned i = 0; i < MG_ARRAY_SIZE(be->dummy_ms); i++)
         if (be->dummy_ms[i])
            mg_resource_free(be, be->dummy_ms[i], true);
      if (be->dummy_buffer)
         mg_resource_free(be, be->dummy_buffer, true);
      if (be->default_sampler)
         vkDestroySampler(be->dev, be->default_sampler, NULL);
      if (be->zero_buffer)
         vkDestroyBuffer(be->dev, be->zero_buffer, NULL);
      if (be->zero_mem)
         vkFreeMemory(be->dev, be->zero_mem, NULL);
      mg_clear_fini(be);
      mg_blit_fini(be);
      mg_batches_fini(be);
      mg_query_pools_fini(be);
      mg_xfb_fini(be);
      vkDestroyDevice(be->dev, NULL);
   }
   if (be->instance) {
      mg_validate_destroy_messenger(be);
      vkDestroyInstance(be->instance, NULL);
   }
   free(be);
}

static void
mg_destroy(struct srv_backend *sbe)
{
   destroy_or_keep(mg_backend(sbe));
   reap_hung();
}

static bool
create_zero_buffer(struct mg_backend *be)
{
   VkBufferCreateInfo bi = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = 256,
      /* also what an unbound uniform-buffer binding point reads (descriptor.c) */
      .usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
   };
   if (vkCreateBuffer(be->dev, &bi, NULL, &be->zero_buffer) != VK_SUCCESS)
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(be->dev, be->zero_buffer, &req);
   be->zero_mem = mg_alloc_memory(be, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   if (!be->zero_mem || vkBindBufferMemory(be->dev, be->zero_buffer, be->zero_mem, 0) != VK_SUCCESS)
      return false;
   vkCmdFillBuffer(mg_cmd(be), be->zero_buffer, 0, 256, 0);
   mg_transfer_done(be);
   return true;
}

static struct srv_backend *backend_create(const struct wire_device_select *sel);

/* The instance and device are made with the thread marked (util/log.h): a Vulkan driver that
 * loads libglvnd's EGL meanwhile (NVIDIA's) gets no devices from splitgl's EGL vendor instead
 * of a channel opened from inside this very creation. */
struct srv_backend *
mg_backend_create(const struct wire_device_select *sel)
{
   reap_hung();
   sgl_backend_init_enter();
   struct srv_backend *be = backend_create(sel);
   sgl_backend_init_leave();
   return be;
}

static struct srv_backend *
backend_create(const struct wire_device_select *sel)
{
   struct mg_backend *be = calloc(1, sizeof(*be));
   if (!be)
      return NULL;
   be->base.ops = &mg_ops;
   be->next_id = 1;
   if (!create_instance(be) || !pick_device(be, sel) || !create_device(be) || !mg_formats_init(be) ||
       !mg_batches_init(be) || !create_zero_buffer(be) || !mg_dummies_init(be) || !mg_clear_init(be) || !mg_blit_init(be) ||
       !mg_xfb_init(be)) {
      sgl_err("magma: backend creation failed");
      mg_destroy(&be->base);
      return NULL;
   }
   mg_caps_init(be);
   /* For units without a sampler: NEAREST, which every sampled format allows. */
   struct wire_sampler_state def = {.min_filter = WIRE_FILTER_NEAREST, .mag_filter = WIRE_FILTER_NEAREST,
                                    .mip_filter = WIRE_MIP_NEAREST, .min_lod = -1000.0f, .max_lod = 1000.0f,
                                    .max_anisotropy = 1.0f};
   be->default_sampler = mg_sampler_vk(be, &def);
   if (!be->default_sampler) {
      mg_destroy(&be->base);
      return NULL;
   }
   sgl_info("magma: using %s", be->props.deviceName);
   return &be->base;
}

static void
mg_get_info(struct srv_backend *sbe, struct wire_server_info *info)
{
   struct mg_backend *be = mg_backend(sbe);
   memset(info, 0, sizeof(*info));
   snprintf(info->renderer, sizeof(info->renderer), "splitgl Magma (%.100s)", be->props.deviceName);
   snprintf(info->device, sizeof(info->device), "%.127s", be->props.deviceName);
}

static const char *
vendor_name(uint32_t id)
{
   switch (id) {
   case 0x1002: return "AMD";
   case 0x1010: return "ImgTec";
   case 0x10de: return "NVIDIA";
   case 0x13b5: return "ARM";
   case 0x5143: return "Qualcomm";
   case 0x8086: return "Intel";
   case VK_VENDOR_ID_MESA: return "Mesa";
   default: return NULL;
   }
}

static void
mg_list_devices(struct srv_backend *sbe, struct wire_device_list *list)
{
   struct mg_backend *be = mg_backend(sbe);
   uint32_t n = 0;
   VkPhysicalDevice *devs = enumerate_devices(be->instance, &n);
   memset(list, 0, sizeof(*list));
   for (uint32_t i = 0; i < n; i++) {
      struct wire_device_desc *d = &list->dev[i];
      VkPhysicalDeviceProperties p;
      vkGetPhysicalDeviceProperties(devs[i], &p);
      snprintf(d->name, sizeof(d->name), "%.127s", p.deviceName);
      const char *v = vendor_name(p.vendorID);
      if (v)
         snprintf(d->vendor, sizeof(d->vendor), "%s", v);
      else
         snprintf(d->vendor, sizeof(d->vendor), "0x%04x", p.vendorID);
      device_ids(devs[i], d->uuid, d->driver_uuid, d->driver_name, sizeof(d->driver_name));
      d->vendor_id = p.vendorID;
      d->device_id = p.deviceID;
      switch (p.deviceType) {
      case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: d->type = WIRE_DEVICE_INTEGRATED; break;
      case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: d->type = WIRE_DEVICE_DISCRETE; break;
      case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: d->type = WIRE_DEVICE_VIRTUAL; break;
      case VK_PHYSICAL_DEVICE_TYPE_CPU: d->type = WIRE_DEVICE_CPU; break;
      default: d->type = WIRE_DEVICE_OTHER; break;
      }
      d->usable = p.apiVersion >= VK_API_VERSION_1_3;
   }
   list->count = n;
   list->current = be->device_index;
   free(devs);
}

static void
mg_get_stats(struct srv_backend *sbe, struct wire_server_stats *stats)
{
   struct mg_backend *be = mg_backend(sbe);
   stats->pipelines_created += be->pipelines_created;
   /* remints are the core's count (decode_objects.c); the bytes kept are Magma's */
   stats->remint_bytes += be->remint_bytes;
   stats->skipped += be->skipped;
   stats->validation_errors += __atomic_load_n(&be->val_errors, __ATOMIC_RELAXED);
   stats->validation_warnings += __atomic_load_n(&be->val_warnings, __ATOMIC_RELAXED);
   stats->validation_active = be->validation_active;
}

static const struct srv_backend_ops mg_ops = {
   .destroy = mg_destroy,
   .take_status = mg_take_status,
   .set_cancel = mg_set_cancel,
   .get_info = mg_get_info,
   .list_devices = mg_list_devices,
   .get_param = mg_get_param,
   .get_stats = mg_get_stats,
   .context_create = mg_context_create,
   .context_destroy = mg_context_destroy,
   .resource_create = mg_resource_create,
   .resource_respecify = mg_resource_respecify,
   .resource_destroy = mg_resource_destroy,
   .buffer_subdata = mg_buffer_subdata,
   .texture_subdata = mg_texture_subdata,
   .create_blend = mg_create_blend,
   .create_dsa = mg_create_dsa,
   .create_rast = mg_create_rast,
   .create_sampler = mg_create_sampler,
   .create_velems = mg_create_velems,
   .program_create = mg_program_create,
   .delete_cso = mg_delete_cso,
   .bind_cso = mg_bind_cso,
   .set_framebuffer = mg_set_framebuffer,
   .set_vertex_buffers = mg_set_vertex_buffers,
   .set_sampler_views = mg_set_sampler_views,
   .bind_sampler_states = mg_bind_sampler_states,
   .set_constant_buffer = mg_set_constant_buffer,
   .set_program_bindings = mg_set_program_bindings,
   .set_uniform_buffers = mg_set_uniform_buffers,
   .set_viewport = mg_set_viewport,
   .set_scissor = mg_set_scissor,
   .set_context_values = mg_set_context_values,
   .set_sample_state = mg_set_sample_state,
   .set_point_state = mg_set_point_state,
   .set_clip_state = mg_set_clip_state,
   .draw = mg_draw,
   .clear = mg_clear,
   .generate_mipmap = mg_generate_mipmap,
   .read_pixels = mg_read_pixels,
   .blit = mg_blit,
   .present = mg_present,
   .window_attach = mg_window_attach,
   .window_set_interval = mg_window_set_interval,
   .flush = mg_flush,
   .finish = mg_finish,
   .buffer_read = mg_buffer_read,
   .so_target_create = mg_so_target_create,
   .so_target_destroy = mg_so_target_destroy,
   .set_so_targets = mg_set_so_targets,
   .query_create = mg_query_create,
   .query_destroy = mg_query_destroy,
   .query_begin = mg_query_begin,
   .query_end = mg_query_end,
   .query_counter = mg_query_counter,
   .query_result = mg_query_result,
   .get_timestamp = mg_get_timestamp,
   .fence_submit = mg_fence_submit,
   .fence_completed = mg_fence_completed,
};
