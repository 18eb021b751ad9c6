/* splitgl server: forwarding log lines to the client (server/logfwd.c, DESIGN 2.7). */
#ifndef SGL_SERVER_LOGFWD_H
#define SGL_SERVER_LOGFWD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct srv_logfwd;

/** Starts the sender thread on control socket fd and routes every log line of the process
 *  through it. NULL if it cannot start (lines then stay on stderr). */
struct srv_logfwd *srv_logfwd_start(int fd);
/** How a transport with its own framing writes one control message (struct wire_ctrl_msg +
 *  text, n bytes): true once written; false when it cannot be, with *forfeit set when the
 *  client took nothing for forfeit_ms (it stopped draining). */
typedef bool (*srv_logfwd_write_fn)(void *user, const void *msg, size_t n, int forfeit_ms, bool *forfeit);
/** As srv_logfwd_start, the messages written by `write` (the tcp session's frames); fd is
 *  still the connection, shut for writing when a sender is stuck at the end. tee_errors: ERROR
 *  and FATAL lines also go to this process's stderr (a long-running server's own log). */
struct srv_logfwd *srv_logfwd_start_with(int fd, srv_logfwd_write_fn write, void *user, bool tee_errors);
/** How a sender that is stuck in `write` at the end is made to return (a socket: shut for
 *  writing). */
typedef void (*srv_logfwd_unblock_fn)(void *user);
/** An in-process server (inproc): as srv_logfwd_start_with, but only the calling thread's
 *  lines go through it (sgl_log_set_thread_sink): other threads of the process are the
 *  client's. No socket: `unblock` makes a write stuck at the end return. srv_logfwd_stop must
 *  run on the same thread. */
struct srv_logfwd *srv_logfwd_start_thread(srv_logfwd_write_fn write, srv_logfwd_unblock_fn unblock, void *user);
/** The client asked for a log flush: FLUSH_ACK seq goes out after every line queued so far. */
void srv_logfwd_flush_request(struct srv_logfwd *f, uint32_t seq);
/** The client stopped draining the control socket for its wait timeout: the session ends. */
bool srv_logfwd_forfeited(struct srv_logfwd *f);
/** Sends the counters line, gives the queue at most 2 s, stops the sender and restores
 *  stderr logging (the process's, or the calling thread's for srv_logfwd_start_thread). */
void srv_logfwd_stop(struct srv_logfwd *f);

#endif
