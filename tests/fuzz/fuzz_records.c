/* libFuzzer target: a record stream (fuzz_stream.h) into a session on the recording (null)
 * backend of the unit tests. Whatever the bytes, the session applies them or ends with a named
 * fatal error; ASan / UBSan turn any out-of-bounds access, leak or undefined behaviour into a
 * finding. */
#include "fake_backend.h"
#include "fuzz_stream.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static void
quiet(enum sgl_log_level level, const char *line, void *user)
{
}

/* Fatal errors are the expected end of most inputs: their log lines would cost more than the
 * inputs themselves. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   sgl_log_set_sink(quiet, NULL);
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static struct fuzz_rig rig;
   if (!rig.mem)
      fuzz_rig_map(&rig);
   struct srv_session *s = fuzz_replay(&rig, &fake_backend_create()->base, data, size);
   srv_session_destroy(s);
   return 0;
}
