/* libFuzzer target: a record stream (fuzz_stream.h) into a session on the recording (null)
 * backend of the unit tests. Whatever the bytes, the session applies them or ends with a named
 * fatal error; ASan / UBSan turn any out-of-bounds access, leak or undefined behaviour into a
 * finding. One session serves every input (fuzz_harness.c: reset and checked between them). */
#include "fake_backend.h"
#include "fuzz_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct srv_backend *
make_backend(void)
{
   struct fake_backend *f = fake_backend_create();
   return f ? &f->base : NULL;
}

/* The recording backend's own counts of what is alive, besides the harness's. */
static unsigned
backend_live(struct srv_backend *be)
{
   struct fake_backend *f = (struct fake_backend *)be;
   return f->live_resources + f->live_csos + f->live_contexts + f->live_so_targets + f->live_queries;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   fuzz_harness_init();
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   fuzz_harness_run(data, size, make_backend, backend_live);
   return 0;
}
