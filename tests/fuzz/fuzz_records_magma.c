/* libFuzzer target: a record stream (fuzz_stream.h) into a session on Magma (lavapipe here).
 * One device and one session serve every input (fuzz_harness.c): between inputs every object
 * the input made is destroyed and the session reset; a backend that lost its device is
 * replaced. Device-memory allocations above 64 MiB fail as out of memory
 * (SPLITGL_TEST_OOM_ABOVE_KIB) so that no input can exhaust the machine. */
#include <sanitizer/lsan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <vulkan/vulkan.h>

#include "fuzz_harness.h"
#include "server/backend.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct srv_backend *
make_backend(void)
{
   return mg_backend_create(NULL);
}

/* A device an input hung stays with its draw still running in lavapipe's threads (Magma keeps
 * it whole, by design, until the work ends: mg_backends_kept). exit() would run the static
 * destructors of LLVM and the other libraries under that JIT code; a 16-core run of 520 s
 * crashed so once at exit (SEGV in a lavapipe thread after libFuzzer's DONE). With such a
 * device the process checks for leaks itself, then leaves without destructors. */
static void
leave_past_kept_devices(void)
{
   if (!mg_backends_kept())
      return;
   fprintf(stderr, "fuzz: %u hung device(s) still running at exit: leak check, then _exit\n", mg_backends_kept());
   __lsan_do_leak_check();
   fflush(NULL);
   _exit(0);
}

/* An instance of the harness's own for the whole process: the Vulkan loader then never unloads
 * the driver between backends (a lost device makes a new instance). When it did, lavapipe's
 * allocations still alive at exit had their frames in no module any more, so the leak check at
 * the end of a 55-minute run reported 2.9 MB "<unknown module>" leaks that the lavapipe
 * suppression (tools/lsan.supp) could not name. Reachable from here, so not a leak itself. */
static VkInstance keep_driver_loaded;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   atexit(leave_past_kept_devices);
   const VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3};
   const VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
   if (vkCreateInstance(&ici, NULL, &keep_driver_loaded) != VK_SUCCESS) {
      fprintf(stderr, "fuzz: no Vulkan instance: nothing to fuzz\n");
      abort();
   }
   uint32_t n = 0;
   vkEnumeratePhysicalDevices(keep_driver_loaded, &n, NULL); /* loads the drivers */
   setenv("SPLITGL_TEST_OOM_ABOVE_KIB", "65536", 0);
   /* GPU work an input makes that runs past 3 s ends as a lost device (and a new one), not as
    * libFuzzer's 20 s timeout (fuzz_harness.c waits as long for each input's work, then
    * Magma's destroy once more: a hung input took 15 s at 5 s each on a loaded machine) */
   setenv("SPLITGL_WAIT_TIMEOUT_MS", "3000", 0);
   fuzz_harness_init();
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   fuzz_harness_run(data, size, make_backend, NULL);
   return 0;
}
