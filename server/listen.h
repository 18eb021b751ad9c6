/* splitgl-server as a service: `--listen ADDR:PORT` (server/listen.c) and the session of one
 * tcp connection (server/tcp_session.c). */
#ifndef SGL_SERVER_LISTEN_H
#define SGL_SERVER_LISTEN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "session.h"

/** The listener: parses the service flags, binds, accepts, forks one process per session.
 *  Returns the process exit status. */
int srv_listen_main(int argc, char **argv);

struct srv_tcp_config {
   const uint8_t *token;
   int token_len;   /* 0: no token required */
   int watchdog_ms; /* 0: no watchdog */
   int max_ring_mib, max_staging_mib; /* the largest segment sections a client may ask for */
   struct srv_caps caps;              /* per-session caps (--max-session-mib, --max-objects, ...) */
   volatile sig_atomic_t *stop;
};

/** Runs the session of one accepted connection in the calling (forked) process: checks the
 *  token before reading anything else, then the hello, then applies records until the client
 *  closes, the connection drops, a fatal error, *stop, or the watchdog: one record applying
 *  for longer than watchdog_ms ends the session with `Watchdog "<Op>"` and the process exits.
 *  Returns the process exit status. */
int srv_tcp_session(int fd, const char *peer, const struct srv_tcp_config *cfg);

#endif
