/* splitgl wire: the in-process transports.
 *   monolith  the server applies each record on the calling thread inside wire_end: no apply
 *             thread, no doorbell; the baseline for measuring what the wire costs.
 *   inproc    an apply thread in this process consumes the ring; the client runs ahead.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "client_private.h"
#include "local_server.h"
#include "util/log.h"

static void
local_frame(void *user, const struct wire_frame *f, const void *texels)
{
   wire_client_deliver_frame(user, f, texels);
}

static bool
local_start(struct wire_client *c, char *err, unsigned err_size)
{
   const struct wire_local_server *srv = wire_local_server();
   if (!srv) {
      snprintf(err, err_size, "no in-process server is linked into this library");
      return false;
   }
   if (!wire_client_map_anon(c, err, err_size))
      return false;
   c->session = srv->create(&c->seg, err, err_size);
   if (!c->session) {
      munmap(c->mapping, c->mapping_size);
      c->mapping = NULL;
      return false;
   }
   if (srv->set_frame_sink)
      srv->set_frame_sink(c->session, local_frame, c);
   return true;
}

static void
local_end_session(struct wire_client *c)
{
   if (c->session)
      wire_local_server()->destroy(c->session);
   c->session = NULL;
}

static void
local_unmap(struct wire_client *c)
{
   local_end_session(c);
   if (c->mapping)
      munmap(c->mapping, c->mapping_size);
   c->mapping = NULL;
}

/* ---- monolith ---------------------------------------------------------------------------- */

/* The server cannot park on a full event ring here (it runs on this thread), so the events a
 * record raised are drained right after it is applied: the ring never overflows. */
static void
monolith_kick(struct wire_client *c)
{
   wire_local_server()->pump(c->session);
   wire_client_drain_locked(c);
}

static bool
always_alive(struct wire_client *c)
{
   return true;
}

const struct wire_transport_ops wire_transport_monolith = {
   .start = local_start,
   .kick = monolith_kick,
   .alive = always_alive,
   .stop = local_unmap,
   .quiesce = local_end_session,
};

/* ---- inproc ------------------------------------------------------------------------------ */

static void *
apply_thread(void *arg)
{
   struct wire_client *c = arg;
   wire_local_server()->run(c->session);
   __atomic_store_n(&c->thread_done, true, __ATOMIC_RELEASE);
   /* Wake a client that waits for progress so it sees the end at once. */
   __atomic_add_fetch(&c->seg.ctrl->applied_bell, 1, __ATOMIC_SEQ_CST);
   wire_futex_wake(&c->seg.ctrl->applied_bell);
   return NULL;
}

static bool
inproc_start(struct wire_client *c, char *err, unsigned err_size)
{
   if (!local_start(c, err, err_size))
      return false;
   if (pthread_create(&c->thread, NULL, apply_thread, c)) {
      snprintf(err, err_size, "cannot start the apply thread");
      local_unmap(c);
      return false;
   }
   c->thread_started = true;
   return true;
}

static void
inproc_kick(struct wire_client *c)
{
   wire_ring_bell(&c->seg.ctrl->cmd_bell, &c->seg.ctrl->server_sleeping);
}

static bool
inproc_alive(struct wire_client *c)
{
   return !__atomic_load_n(&c->thread_done, __ATOMIC_ACQUIRE);
}

/* Asks the apply thread to end and waits for it (it finishes the record it is on: waits in
 * the server are bounded). */
static void
inproc_end_thread(struct wire_client *c)
{
   if (c->thread_started) {
      wire_store32(&c->seg.ctrl->client_closing, 1);
      __atomic_add_fetch(&c->seg.ctrl->cmd_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->seg.ctrl->cmd_bell);
      /* A server parked on a full event ring must see the close too. */
      __atomic_add_fetch(&c->seg.ctrl->event_bell, 1, __ATOMIC_SEQ_CST);
      wire_futex_wake(&c->seg.ctrl->event_bell);
      pthread_join(c->thread, NULL);
      c->thread_started = false;
   }
}

static void
inproc_quiesce(struct wire_client *c)
{
   inproc_end_thread(c);
   local_end_session(c);
}

static void
inproc_stop(struct wire_client *c)
{
   inproc_end_thread(c);
   local_unmap(c);
}

const struct wire_transport_ops wire_transport_inproc = {
   .start = inproc_start,
   .kick = inproc_kick,
   .alive = inproc_alive,
   .stop = inproc_stop,
   .quiesce = inproc_quiesce,
};
