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
 * from several threads never interleave. Between begin and end, call nothing else on c and
 * take no other lock (the channel lock is below every front-end lock but the context
 * registry's and the handle pool's: docs/ARCHITECTURE.md, "Locks").
 */
#ifndef SGL_WIRE_CLIENT_H
#define SGL_WIRE_CLIENT_H

#include <stdbool.h>
#include <stdint.h>

#include "ops.h"
#include "wire_types.h"

struct wire_client;

/** What a GL error or a lost channel means to the front end. Both callbacks run on whichever
 *  thread drains the event ring, with the channel lock held: they may take only locks below
 *  it (the front end's context registry) and must not encode records. */
struct wire_client_callbacks {
   /** A GL error the server raised (e.g. GL_OUT_OF_MEMORY) while applying a record of the
    *  context `ctx`; observed at a drain point. */
   void (*gl_error)(void *user, wire_handle ctx, uint32_t gl_error);
   /** The server is gone (crash, protocol error, device lost, timeout). Called once.
    *  device_lost: the server reported a lost device (as opposed to dying or misbehaving). */
   void (*lost)(void *user, const char *why, bool device_lost);
   void *user;
};

struct wire_client_stats {
   uint64_t records;
   uint64_t bytes;        /* ring bytes + staged bytes */
   uint64_t staged_bytes;
   uint64_t waits[WIRE_WAIT_COUNT]; /* by wait class */
   uint64_t writeback_chunks, writeback_bytes; /* WIRE_EVENT_WRITEBACK chunks taken */
};

/** The GL context a record belongs to (DESIGN 2.1, the context rule): every record begun with
 *  an issuer is applied to that context's server state whatever thread encodes it. The
 *  channel emits a MakeCurrent record, under its lock, before the first record of an issuer
 *  that is not the server's current context. Its counters are that context's share of the
 *  channel's. Owned by the front end's context; the channel only writes `stats` while the
 *  issuer's record is being encoded or waited for (under the channel lock). */
struct wire_issuer {
   wire_handle ctx;
   struct wire_client_stats stats;
};

enum wire_transport_kind {
   WIRE_TRANSPORT_MONOLITH = 0,
   WIRE_TRANSPORT_INPROC,
   WIRE_TRANSPORT_SPAWN,
   WIRE_TRANSPORT_TCP, /* tcp:HOST:PORT, a splitgl-server --listen */
   WIRE_TRANSPORT_COUNT
};

/** Opens a channel with the transport SPLITGL_TRANSPORT names (or `kind` if >= 0) and
 *  starts its server. Returns NULL with a reason in err. */
struct wire_client *wire_client_open(int kind, const struct wire_client_callbacks *cb, char *err, unsigned err_size);
/** The same, on the device `device` selects (NULL: the server's own choice): the server
 *  refuses the session when that device is not the one it listed. */
struct wire_client *wire_client_open_device(int kind, const struct wire_device_select *device,
                                            const struct wire_client_callbacks *cb, char *err, unsigned err_size);
void wire_client_close(struct wire_client *c);
/** The server's GetInfo reply (renderer, capability table), asked once per channel and kept:
 *  false if the channel is lost before it came. */
bool wire_client_info(struct wire_client *c, struct wire_server_info *out);
/** spawn, tcp and inproc: asks the server for a log flush and prints its lines until the
 *  acknowledgement (at most timeout_ms); true when acknowledged (monolith: nothing to flush,
 *  its lines are written as they are logged). */
bool wire_spawn_log_flush(struct wire_client *c, int timeout_ms);
/** At process exit: ends a local server's thread (inproc) before the driver's static
 *  destructors run; the channel is then lost. Frees nothing. */
void wire_client_quiesce(struct wire_client *c);
enum wire_transport_kind wire_client_transport(const struct wire_client *c);
const char *wire_transport_name(enum wire_transport_kind k);

/** Begins a record that belongs to no context (surfaces, tests). Takes the channel lock. */
void *wire_begin(struct wire_client *c, uint32_t op, uint32_t tail_size);
/** Begins a record of the context `who` (see struct wire_issuer). Takes the channel lock. */
void *wire_begin_ctx(struct wire_client *c, struct wire_issuer *who, uint32_t op, uint32_t tail_size);
void *wire_stage(struct wire_client *c, uint32_t size, struct wire_span *span);
uint32_t wire_max_stage(const struct wire_client *c);
/** Publishes the record begun last; returns its sequence number (0 if the channel is lost). */
uint64_t wire_end(struct wire_client *c);
/** For WF_REPLY ops: publishes, waits for the reply and copies min(size, cap) bytes to dst.
 *  Returns the reply size, or -1 if the channel is lost. */
int64_t wire_end_reply(struct wire_client *c, void *dst, uint32_t cap);
/** For BufferWriteback: publishes, then waits until the server applied it, reassembling its
 *  write-back chunks into dst[0, size) as they arrive on the event ring. True when all size
 *  bytes came; false if the channel is lost (or the server sent fewer). */
bool wire_end_writeback(struct wire_client *c, void *dst, uint32_t size);
/** Whether CPU reads of server-written bytes can come back as write-back chunks (the event
 *  ring with a server that parks on it): every transport but monolith. */
bool wire_has_writeback(const struct wire_client *c);

/** Fences (GL sync objects, EGL fence syncs). wire_fence publishes a FenceSync record of
 *  `who` covering every record before it and returns its id (0 if the channel is lost).
 *  wire_fence_signaled never blocks (it drains events); wire_fence_wait waits up to
 *  timeout_ns without holding the channel between its slices. Both report a fence of a lost
 *  channel as signalled (KHR_robustness: waits return after a reset); check wire_client_lost. */
uint64_t wire_fence(struct wire_client *c, struct wire_issuer *who);
bool wire_fence_signaled(struct wire_client *c, uint64_t id);
bool wire_fence_wait(struct wire_client *c, uint64_t id, uint64_t timeout_ns, const bool *cancel);

/** glFinish: waits until everything published so far is applied (and drains events). */
bool wire_finish(struct wire_client *c);
/** Drains pending events (GL errors, logs) without waiting. */
void wire_drain(struct wire_client *c);
bool wire_client_lost(const struct wire_client *c);

/** Frames sent back (WindowFramesBack): called once per frame on whichever thread receives
 *  it (tcp: the receive thread; inproc: the apply thread; monolith: the thread applying the
 *  Present, with the channel lock held), so it may take only leaf locks and must not encode
 *  records. `texels` lives only for the call. fn NULL: frames are dropped. */
typedef void (*wire_frame_fn)(void *user, const struct wire_frame *f, const void *texels);
void wire_client_set_frame_sink(struct wire_client *c, wire_frame_fn fn, void *user);
/** Whether this channel's transport brings frames back (monolith, inproc, tcp; not spawn). */
bool wire_client_frames_back(const struct wire_client *c);

/** Handles: minted per kind; a slot freed with wire_handle_release is reused with gen + 1.
 *  Release only after the Destroy record naming the handle was published. */
wire_handle wire_handle_mint(struct wire_client *c, enum wire_handle_kind kind);
void wire_handle_release(struct wire_client *c, enum wire_handle_kind kind, wire_handle h);

/** The channel's counters, or (who != NULL) that context's share of them. */
void wire_client_get_stats(struct wire_client *c, const struct wire_issuer *who, struct wire_client_stats *s);

#endif
