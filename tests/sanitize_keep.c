/* Sanitizer builds only: keep the Vulkan driver mapped until exit.
 *
 * The Vulkan loader dlcloses the ICD (and layers) at vkDestroyInstance; memory that lavapipe / LLVM still
 * point to from their own data segments then looks unreachable to LeakSanitizer, which
 * reports it as a leak from "<unknown module>". Pinning the driver with RTLD_NODELETE keeps
 * those roots visible, so LeakSanitizer reports only real leaks. */
#include <dlfcn.h>

__attribute__((constructor)) static void
sgl_keep_vulkan_driver(void)
{
   dlopen("libvulkan_lvp.so", RTLD_NOW | RTLD_NODELETE);
   dlopen("libVkLayer_khronos_validation.so", RTLD_NOW | RTLD_NODELETE); /* SPLITGL_VALIDATE=1 */
}
