/* splitgl server: forwarding log lines to the client (server/logfwd.c, DESIGN 2.7). */
#ifndef SGL_SERVER_LOGFWD_H
#define SGL_SERVER_LOGFWD_H

#include <stdbool.h>
#include <stdint.h>

struct srv_logfwd;

/** Starts the sender thread on control socket fd and routes every log line of the process
 *  through it. NULL if it cannot start (lines then stay on stderr). */
struct srv_logfwd *srv_logfwd_start(int fd);
/** The client asked for a log flush: FLUSH_ACK seq goes out after every line queued so far. */
void srv_logfwd_flush_request(struct srv_logfwd *f, uint32_t seq);
/** The client stopped draining the control socket for its wait timeout: the session ends. */
bool srv_logfwd_forfeited(struct srv_logfwd *f);
/** Sends the counters line, gives the queue at most 2 s, stops the sender and restores
 *  stderr logging. */
void srv_logfwd_stop(struct srv_logfwd *f);

#endif
