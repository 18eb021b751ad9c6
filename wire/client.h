/* splitgl wire: the client end of a channel (what gl_front encodes records into).
 *
 * One channel = one server session. Records are encoded in place:
 *
 *    struct wire_draw *d = wire_begin(c, WIRE_OP_Draw, 0);
 *    d->mode = ...;
 *    wire_end(c);                       // publish; waits only if the op's wait class says so
 *
 * Staged bytes (ops with WF_STAGED) are allocated between begin and end:
 *
 *    struct wire_buffer_subdata *p = wire_begin(c, WIRE_OP_BufferSubData, 0);
 *    void *dst = wire_stage(c, size, &p->data);   // NULL: larger than wire_max_stage(c)
 *    memcpy(dst, src, size); ...; wire_end(c);
 *
 * A reply op ends with wire_end_reply(), which waits for and copies the reply.
 * wire_begin takes the channel lock and wire_end / wire_end_reply release it, so records
 * from several threads never interleave. Between begin and end, call nothing else on c.
 */
#ifndef SGL_WIRE_CLIENT_H
#define SGL_WIRE_CLIENT_H

#include <stdbool.h>
#include <stdint.h>

#include "ops.h"
#include "wire_types.h"

struct wire_client;

struct wire_client_callbacks {
   /** A GL error the server raised (e.g. GL_OUT_OF_MEMORY), observed at a drain point. */
   void (*gl_error)(void *user, uint32_t gl_error);
   /** The server is gone (crash, protocol error, timeout). Called once. */
   void (*lost)(void *user, const char *why);
   void *user;
};

enum wire_transport_kind {
   WIRE_TRANSPORT_MONOLITH = 0,
   WIRE_TRANSPORT_INPROC,
   WIRE_TRANSPORT_SPAWN,
   WIRE_TRANSPORT_COUNT
};

/** Opens a channel with the transport SPLITGL_TRANSPORT names (or `kind` if >= 0) and
 *  starts its server. Returns NULL with a reason in err. */
struct wire_client *wire_client_open(int kind, const struct wire_client_callbacks *cb, char *err, unsigned err_size);
void wire_client_close(struct wire_client *c);
enum wire_transport_kind wire_client_transport(const struct wire_client *c);
const char *wire_transport_name(enum wire_transport_kind k);

void *wire_begin(struct wire_client *c, uint32_t op, uint32_t tail_size);
void *wire_stage(struct wire_client *c, uint32_t size, struct wire_span *span);
uint32_t wire_max_stage(const struct wire_client *c);
/** Publishes the record begun last; returns its sequence number (0 if the channel is lost). */
uint64_t wire_end(struct wire_client *c);
/** For WF_REPLY ops: publishes, waits for the reply and copies min(size, cap) bytes to dst.
 *  Returns the reply size, or -1 if the channel is lost. */
int64_t wire_end_reply(struct wire_client *c, void *dst, uint32_t cap);

/** glFinish: waits until everything published so far is applied (and drains events). */
bool wire_finish(struct wire_client *c);
/** Drains pending events (GL errors, logs) without waiting. */
void wire_drain(struct wire_client *c);
bool wire_client_lost(const struct wire_client *c);

/** Handles: minted per kind; a slot freed with wire_handle_release is reused with gen + 1.
 *  Release only after the Destroy record naming the handle was published. */
wire_handle wire_handle_mint(struct wire_client *c, enum wire_handle_kind kind);
void wire_handle_release(struct wire_client *c, enum wire_handle_kind kind, wire_handle h);

struct wire_client_stats {
   uint64_t records;
   uint64_t bytes;        /* ring bytes + staged bytes */
   uint64_t staged_bytes;
   uint64_t waits[WIRE_WAIT_COUNT]; /* by wait class */
};
void wire_client_get_stats(const struct wire_client *c, struct wire_client_stats *s);

#endif
