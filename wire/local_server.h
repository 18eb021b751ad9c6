/* splitgl wire: how the monolith and inproc transports reach a server in this process.
 *
 * wire/ sits below server/, so it cannot call it; the vendor library registers the server's
 * entry points here at load (icd/). The spawn transport runs the same session code in the
 * splitgl-server process instead.
 */
#ifndef SGL_WIRE_LOCAL_SERVER_H
#define SGL_WIRE_LOCAL_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "segment.h"

/* Where an inproc session's log lines go (DESIGN 2.7): its apply thread logs into the server's
 * forwarding queue (server/logfwd.c) and the queue's sender thread hands each control message
 * (struct wire_ctrl_msg + text, n bytes: LOG or FLUSH_ACK) to `write`, the client's log box.
 * write returns true once the box took it; false when it cannot, with *forfeit set when the
 * client took nothing for forfeit_ms (it stopped draining). unblock makes a write that waits
 * for room return false at once (the end of the session). */
struct wire_local_log {
   bool (*write)(void *user, const void *msg, size_t n, int forfeit_ms, bool *forfeit);
   void (*unblock)(void *user);
   void *user;
};

struct wire_local_server {
   /** Creates a session on an initialised segment (its backend included). NULL + reason. */
   void *(*create)(struct wire_segment *seg, char *err, size_t err_size);
   /** Applies every record published so far. Returns false once the session has ended. */
   bool (*pump)(void *session);
   /** The apply loop of an apply thread: returns when the client closes or on a fatal. */
   void (*run)(void *session);
   void (*destroy)(void *session);
   /** Where the session sends the frames of WindowFramesBack resources (on the applying
    *  thread). */
   void (*set_frame_sink)(void *session, void (*fn)(void *user, const struct wire_frame *f, const void *texels),
                          void *user);
   /** Before run: the apply thread forwards its log lines to `log` (NULL: they stay on this
    *  process's stderr, as monolith's do). */
   void (*set_log)(void *session, const struct wire_local_log *log);
   /** A log flush: FLUSH_ACK seq reaches log->write after every line the apply thread logged
    *  before. False when no forwarder runs (every line was handed over already). */
   bool (*log_flush)(void *session, uint32_t seq);
};

void wire_register_local_server(const struct wire_local_server *srv);
const struct wire_local_server *wire_local_server(void);

#endif
