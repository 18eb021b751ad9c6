/* What the record fuzz targets share besides the stream format (fuzz_stream.h): one session
 * kept across inputs and reset between them, with a check that nothing outlives an input. */
#ifndef SGL_TEST_FUZZ_HARNESS_H
#define SGL_TEST_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

struct srv_backend;

/* fuzz_harness.c */
/** Log sink off, the segment mapped (once per process). */
void fuzz_harness_init(void);
/** Replays one input (fuzz_stream.h) into the target's session, then resets the session
 *  (srv_session_reset) and checks it is as a fresh one: every table empty, every backend object
 *  the input made destroyed (the backend's create / destroy calls are counted). A check that
 *  fails aborts with what it found, so libFuzzer keeps the input. make_backend() gives the
 *  backend for the first input and after a device loss (NULL: abort, nothing to fuzz);
 *  backend_live(be), where given, is the backend's own count of live objects (0 wanted). */
void fuzz_harness_run(const uint8_t *data, size_t size, struct srv_backend *(*make_backend)(void),
                      unsigned (*backend_live)(struct srv_backend *be));

#endif
