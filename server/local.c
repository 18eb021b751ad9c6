/* splitgl server: the session as an in-process server (monolith and inproc transports). */
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "session.h"
#include "util/knobs.h"
#include "wire/local_server.h"

struct local {
   struct srv_session *s;
};

static struct srv_backend *
backend_create(const struct wire_device_select *sel, char *err, size_t err_size)
{
   const char *name = sgl_knobs()->server;
   if (strcmp(name, "magma")) {
      snprintf(err, err_size, "SPLITGL_SERVER=%s: only magma is built", name);
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
   struct srv_backend *be = backend_create(&seg->device, err, err_size);
   if (!be)
      return NULL;
   /* monolith: the client thread applies, so the server must never park on the event ring */
   bool may_park = false;
   struct srv_session *s = srv_session_create(seg, be, may_park);
   if (!s) {
      be->ops->destroy(be);
      snprintf(err, err_size, "out of memory creating the session");
   }
   return s;
}

static bool
local_pump(void *session)
{
   return srv_session_pump(session);
}

static void
local_run(void *session)
{
   srv_session_set_may_park(session, true);
   srv_session_run(session, NULL, NULL);
}

static void
local_destroy(void *session)
{
   srv_session_destroy(session);
}

static void
local_set_frame_sink(void *session, void (*fn)(void *user, const struct wire_frame *f, const void *texels), void *user)
{
   srv_session_set_frame_sink(session, fn, user);
}

const struct wire_local_server srv_local_server = {
   .create = local_create,
   .pump = local_pump,
   .run = local_run,
   .destroy = local_destroy,
   .set_frame_sink = local_set_frame_sink,
};
