/* libFuzzer target: the server's parser of untrusted program blobs (spirv/blob_parse.c
 * spv_blob_parse): any bytes give a program or NULL with a reason, never a crash. */
#include <stdint.h>
#include <stdlib.h>

#include "spirv/spv.h"
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
   char err[256];
   struct spv_program_info *p = spv_blob_parse(data, size, err, sizeof(err));
   spv_program_info_free(p);
   return 0;
}
