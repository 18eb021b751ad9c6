/* Sanitizer builds only: keep the drivers mapped until exit.
 *
 * The Vulkan loader dlcloses the ICD (and layers) at vkDestroyInstance, and libglvnd its EGL
 * vendors (splitgl's, Mesa's for the llvmpipe oracle) at exit; memory that they still point
 * to from their own data segments then looks unreachable to LeakSanitizer, which reports it
 * as a leak from "<unknown module>" -- and a real leak in splitgl would show no frames.
 * Pinning them with RTLD_NODELETE keeps those roots visible and the frames symbolized, so
 * LeakSanitizer reports only real leaks, with their stacks. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The library_path of the vendor JSON named by __EGL_VENDOR_LIBRARY_FILENAMES (splitgl's). */
static void
keep_vendor_library(void)
{
   const char *files = getenv("__EGL_VENDOR_LIBRARY_FILENAMES");
   if (!files)
      return;
   char path[4096];
   snprintf(path, sizeof(path), "%s", files);
   char *colon = strchr(path, ':');
   if (colon)
      *colon = 0;
   FILE *f = fopen(path, "r");
   if (!f)
      return;
   char json[4096];
   size_t n = fread(json, 1, sizeof(json) - 1, f);
   fclose(f);
   json[n] = 0;
   char *p = strstr(json, "\"library_path\"");
   p = p ? strchr(p + 14, '"') : NULL;
   char *end = p ? strchr(p + 1, '"') : NULL;
   if (!end)
      return;
   *end = 0;
   dlopen(p + 1, RTLD_NOW | RTLD_NODELETE);
}

__attribute__((constructor)) static void
sgl_keep_drivers(void)
{
   static const char *const libs[] = {
      "libvulkan_lvp.so",
      "libVkLayer_khronos_validation.so", /* SPLITGL_VALIDATE=1 */
      "libEGL_mesa.so.0",                 /* the llvmpipe oracle */
      "libglapi.so.0",
      "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so",
   };
   for (unsigned i = 0; i < sizeof(libs) / sizeof(libs[0]); i++)
      dlopen(libs[i], RTLD_NOW | RTLD_NODELETE);
   keep_vendor_library();
}
