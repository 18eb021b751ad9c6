/* libFuzzer target: a record stream (fuzz_stream.h) into a session on Magma (lavapipe here).
 * One device serves every input: each session ends with every object it made destroyed and
 * hands the backend on (srv_session_destroy_keep_backend); a backend that lost its device is
 * replaced. Device-memory allocations above 64 MiB fail as out of memory
 * (SPLITGL_TEST_OOM_ABOVE_KIB) so that no input can exhaust the machine. */
#include <stdlib.h>

#include "fuzz_stream.h"
#include "server/backend.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct srv_backend *be;

static void
quiet(enum sgl_log_level level, const char *line, void *user)
{
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   setenv("SPLITGL_TEST_OOM_ABOVE_KIB", "65536", 0);
   sgl_log_set_sink(quiet, NULL); /* fatal errors are the expected end of most inputs */
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static struct fuzz_rig rig;
   if (!rig.mem)
      fuzz_rig_map(&rig);
   if (!be && !(be = mg_backend_create(NULL)))
      abort(); /* no Vulkan device: nothing to fuzz */
   struct srv_session *s = fuzz_replay(&rig, be, data, size);
   bool lost = s && wire_load32(&rig.seg.ctrl->server_state) == WIRE_SERVER_FATAL &&
               !strncmp(rig.seg.ctrl->fatal_msg, "DeviceLost", 10);
   be = srv_session_destroy_keep_backend(s);
   if (lost && be) {
      be->ops->destroy(be);
      be = NULL;
   }
   return 0;
}
