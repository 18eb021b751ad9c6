/* libFuzzer target: a record stream (fuzz_stream.h) into a session on Magma (lavapipe here).
 * One device and one session serve every input (fuzz_harness.c): between inputs every object
 * the input made is destroyed and the session reset; a backend that lost its device is
 * replaced. Device-memory allocations above 64 MiB fail as out of memory
 * (SPLITGL_TEST_OOM_ABOVE_KIB) so that no input can exhaust the machine. */
#include <stdlib.h>

#include "fuzz_harness.h"
#include "server/backend.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct srv_backend *
make_backend(void)
{
   return mg_backend_create(NULL);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
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
