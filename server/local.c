/* splitgl server: the session as an in-process server (monolith and inproc transports).
 *
 * inproc: the apply thread's log lines go through the same forwarding queue and policy as a
 * spawned server's (server/logfwd.c, DESIGN 2.7), to the client's log box (wire/
 * transport_local.c) instead of a socket. A client that leaves the box full for its wait
 * timeout has stopped draining: the session ends with the named fatal error
 * `Forfeited "Log"` (the client sees a lost context); the other sessions of the process go on.
 * monolith applies on the application's own thread inside its GL call: there is no other
 * thread to protect from a slow log, so its lines go to stderr on that thread, tagged
 * "server" (docs/ARCHITECTURE.md, "Log forwarding"). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "logfwd.h"
#include "server_private.h"
#include "session.h"
#include "util/knobs.h"
#include "util/log.h"
#include "wire/local_server.h"

/* The session handle the wire's local transports hold. */
struct local {
   struct srv_session *s;
   struct wire_local_log log; /* inproc: where the apply thread's lines go (write NULL: stderr) */
   pthread_mutex_t fwd_lock;  /* the forwarder's lifetime against log_flush (a leaf) */
   struct srv_logfwd *fwd;    /* while the apply thread runs */
};

static struct srv_backend *
backend_create(const struct wire_device_select *sel, char *err, size_t err_size)
{
   const char *name = sgl_knobs()->server;
   if (!strcmp(name, "espryt")) {
      char why[256];
      struct srv_backend *be = es_backend_create(sel, why, sizeof(why));
      if (!be)
         snprintf(err, err_size, "Espryt: %s", why);
      return be;
   }
   if (strcmp(name, "magma")) {
      snprintf(err, err_size, "SPLITGL_SERVER=%s: magma or espryt", name);
      return NULL;
   }
   struct srv_backend *be = mg_backend_create(sel);
   if (!be && sel && sel->index)
      snprintf(err, err_size, "Magma cannot use the selected Vulkan device %u (see the log)", sel->index - 1);
   else if (!be)
      snprintf(err, err_size, "Magma found no usable Vulkan device (see the log)");
   return be;
}

struct srv_backend *
srv_backend_create(const struct wire_device_select *sel, char *err, size_t err_size)
{
   return backend_create(sel, err, err_size);
}

static void *
local_create(struct wire_segment *seg, char *err, size_t err_size)
{
   struct local *l = calloc(1, sizeof(*l));
   if (!l) {
      snprintf(err, err_size, "out of memory creating the session");
      return NULL;
   }
   struct srv_backend *be = backend_create(&seg->device, err, err_size);
   if (!be) {
      free(l);
      return NULL;
   }
   /* monolith: the client thread applies, so the server must never park on the event ring */
   bool may_park = false;
   l->s = srv_session_create(seg, be, may_park);
   if (!l->s) {
      be->ops->destroy(be);
      snprintf(err, err_size, "out of memory creating the session");
      free(l);
      return NULL;
   }
   pthread_mutex_init(&l->fwd_lock, NULL);
   return l;
}

/* monolith: the records apply on the application's thread; their lines say they are the
 * server's. */
static bool
local_pump(void *session)
{
   struct local *l = session;
   const char *tag = sgl_log_set_thread_tag("server");
   bool alive = srv_session_pump(l->s);
   sgl_log_set_thread_tag(tag);
   return alive;
}

/* Idle hook of the apply loop: a client that stopped draining its log box forfeits the
 * session (DESIGN 2.7), which ends with a named fatal error. */
static bool
local_idle(void *user)
{
   struct local *l = user;
   if (!srv_logfwd_forfeited(l->fwd))
      return true;
   srv_fatal(l->s, "Forfeited", "Log");
   return false;
}

static void
local_run(void *session)
{
   struct local *l = session;
   srv_session_set_may_park(l->s, true);
   struct srv_logfwd *fwd = NULL;
   if (l->log.write) {
      fwd = srv_logfwd_start_thread(l->log.write, l->log.unblock, l->log.user);
      if (!fwd)
         sgl_warn("server: cannot start the log forwarder; the apply thread logs to stderr");
   }
   pthread_mutex_lock(&l->fwd_lock);
   l->fwd = fwd;
   pthread_mutex_unlock(&l->fwd_lock);
   srv_session_run(l->s, local_idle, l);
   pthread_mutex_lock(&l->fwd_lock);
   l->fwd = NULL;
   pthread_mutex_unlock(&l->fwd_lock);
   /* the queue, the counters line; then this thread logs to stderr again */
   srv_logfwd_stop(fwd);
}

static void
local_destroy(void *session)
{
   struct local *l = session;
   srv_session_destroy(l->s);
   pthread_mutex_destroy(&l->fwd_lock);
   free(l);
}

static void
local_set_frame_sink(void *session, void (*fn)(void *user, const struct wire_frame *f, const void *texels), void *user)
{
   struct local *l = session;
   srv_session_set_frame_sink(l->s, fn, user);
}

static void
local_set_log(void *session, const struct wire_local_log *log)
{
   struct local *l = session;
   l->log = log ? *log : (struct wire_local_log){0};
}

static bool
local_log_flush(void *session, uint32_t seq)
{
   struct local *l = session;
   pthread_mutex_lock(&l->fwd_lock);
   bool queued = l->fwd != NULL;
   if (queued)
      srv_logfwd_flush_request(l->fwd, seq);
   pthread_mutex_unlock(&l->fwd_lock);
   return queued;
}

const struct wire_local_server srv_local_server = {
   .create = local_create,
   .pump = local_pump,
   .run = local_run,
   .destroy = local_destroy,
   .set_frame_sink = local_set_frame_sink,
   .set_log = local_set_log,
   .log_flush = local_log_flush,
};
