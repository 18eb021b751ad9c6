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

#include "segment.h"

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
};

void wire_register_local_server(const struct wire_local_server *srv);
const struct wire_local_server *wire_local_server(void);

#endif
