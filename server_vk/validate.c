/* Magma: SPLITGL_VALIDATE=1 — VK_LAYER_KHRONOS_validation with the settings kept in
 * layer_json/vk_layer_settings.txt (installed at configure time to
 * ${CMAKE_BINARY_DIR}/layer_json/, MG_LAYER_SETTINGS_PATH), and a VK_EXT_debug_utils messenger
 * that routes every message into the splitgl log at its level and counts it for get_stats.
 *
 * The loader of this platform (1.3.239) predates VK_EXT_layer_settings, so the layer reads its
 * settings from the file named by VK_LAYER_SETTINGS_PATH; we point it there unless the user
 * already did.
 */
#include "mg_private.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/knobs.h"

#ifndef MG_LAYER_SETTINGS_PATH
#define MG_LAYER_SETTINGS_PATH ""
#endif

bool
mg_validate_wanted(void)
{
   return sgl_knobs()->validate != 0;
}

void
mg_validate_setup_env(void)
{
   const char *path = MG_LAYER_SETTINGS_PATH;
   if (getenv("VK_LAYER_SETTINGS_PATH") || !*path)
      return;
   if (access(path, R_OK) == 0)
      setenv("VK_LAYER_SETTINGS_PATH", path, 0);
   else
      sgl_warn("magma: validation layer settings %s not found; using the layer's defaults", path);
}

static VkBool32 VKAPI_PTR
mg_debug_cb(VkDebugUtilsMessageSeverityFlagBitsEXT sev, VkDebugUtilsMessageTypeFlagsEXT types,
            const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   struct mg_backend *be = user;
   const char *id = data && data->pMessageIdName ? data->pMessageIdName : "";
   const char *msg = data && data->pMessage ? data->pMessage : "";
   if (sev & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
      __atomic_add_fetch(&be->val_errors, 1, __ATOMIC_RELAXED);
      sgl_err("VALIDATION ERROR (vulkan): [%s] %s", id, msg);
   } else if (sev & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
      __atomic_add_fetch(&be->val_warnings, 1, __ATOMIC_RELAXED);
      sgl_warn("vulkan validation: [%s] %s", id, msg);
   } else if (sev & VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT) {
      sgl_info("vulkan: [%s] %s", id, msg);
   } else {
      sgl_dbg("vulkan: [%s] %s", id, msg);
   }
   return VK_FALSE;
}

void
mg_validate_messenger_info(struct mg_backend *be, VkDebugUtilsMessengerCreateInfoEXT *info)
{
   memset(info, 0, sizeof(*info));
   info->sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
   info->messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT;
   info->messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
   info->pfnUserCallback = mg_debug_cb;
   info->pUserData = be;
}

void
mg_validate_create_messenger(struct mg_backend *be)
{
   PFN_vkCreateDebugUtilsMessengerEXT create =
      (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(be->instance, "vkCreateDebugUtilsMessengerEXT");
   VkDebugUtilsMessengerCreateInfoEXT mi;
   mg_validate_messenger_info(be, &mi);
   if (!create || create(be->instance, &mi, NULL, &be->messenger) != VK_SUCCESS) {
      sgl_err("magma: cannot create the debug messenger; validation messages are not routed (validation=off)");
      be->messenger = VK_NULL_HANDLE;
      return;
   }
   be->validation_active = true;
   sgl_info("magma: VK_LAYER_KHRONOS_validation enabled");
}

void
mg_validate_destroy_messenger(struct mg_backend *be)
{
   if (!be->messenger)
      return;
   PFN_vkDestroyDebugUtilsMessengerEXT destroy =
      (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(be->instance, "vkDestroyDebugUtilsMessengerEXT");
   if (destroy)
      destroy(be->instance, be->messenger, NULL);
   be->messenger = VK_NULL_HANDLE;
}
