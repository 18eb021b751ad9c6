/* splitgl server: one session = one channel's segment, its handle tables and its backend. */
#ifndef SGL_SERVER_SESSION_H
#define SGL_SERVER_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire/segment.h"

struct srv_session;
struct srv_backend;

/** Creates a session on an attached segment; takes ownership of `be`.
 *  may_park: the server may block on a full event ring (false for monolith, where the
 *  client is the same thread). */
struct srv_session *srv_session_create(const struct wire_segment *seg, struct srv_backend *be, bool may_park);
void srv_session_destroy(struct srv_session *s);

/** Test-only (the fuzz targets): ends every object the session made, as srv_session_destroy
 *  does but keeping the backend, and starts the session anew on the same segment and
 *  backend, as srv_session_create would on a segment whose control page the caller has
 *  re-initialised (handle tables empty, generations forgotten, sequence and ring at 0). False
 *  if an object outlived the ending (the session is then unusable: destroy it). */
bool srv_session_reset(struct srv_session *s);

/** Applies every record published so far. Returns false once the session has ended (a fatal
 *  error or the client closed). */
bool srv_session_pump(struct srv_session *s);

/** The apply loop: pumps, sleeps on the doorbell, calls idle(user) every idle slice (return
 *  false from it to end the session), until the client closes or a fatal error. */
void srv_session_run(struct srv_session *s, bool (*idle)(void *user), void *user);

/** The wire_local_server that monolith and inproc use (server/local.c). */
struct wire_local_server;
extern const struct wire_local_server srv_local_server;

/** Set by splitgl-server: the session is the process's own (a test death exits it). */
extern bool srv_own_process;

void srv_session_set_may_park(struct srv_session *s, bool may_park);
/** Where Present of a WindowFramesBack resource sends its frame (NULL: such a Present logs a
 *  WARN once and sends nothing). Called on the applying thread, inside the Present. */
struct wire_frame;
void srv_session_set_frame_sink(struct srv_session *s, void (*fn)(void *user, const struct wire_frame *f, const void *texels),
                                void *user);

/** Per-session caps (DESIGN.md §2.2-2.3, issue 15): past one the session ends with
 *  `ResourceExhausted "<what>"` (a named fatal error: the client sees a lost context) and the
 *  server serves on. Defaults come from SPLITGL_MAX_SESSION_MIB / SPLITGL_MAX_OBJECTS /
 *  SPLITGL_MAX_QUEUED_EVENTS; `splitgl-server --listen` sets them from its flags. */
struct srv_caps {
   uint64_t max_bytes;          /* host + device bytes the server holds for the session */
   uint32_t max_objects;        /* live objects of each handle kind */
   uint32_t max_queued_events;  /* fences whose FENCE_SIGNALED event the server still owes */
};
void srv_session_set_caps(struct srv_session *s, const struct srv_caps *caps);
/** The caps the knobs give (what a session starts with). */
void srv_caps_from_knobs(struct srv_caps *caps);
/** The backend SPLITGL_SERVER names on the device the client selected in the segment header
 *  (sel->index 0: the backend's own choice), or NULL with a reason. */
struct wire_device_select;
struct srv_backend *srv_backend_create(const struct wire_device_select *sel, char *err, size_t err_size);

#endif
