#include "segment.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096u

static size_t
round_page(size_t v)
{
   return (v + PAGE - 1) & ~(size_t)(PAGE - 1);
}

size_t
wire_segment_total(uint32_t cmd_size, uint32_t staging_size)
{
   return WIRE_CTRL_SIZE + round_page(cmd_size) + round_page(staging_size) +
          round_page(WIRE_MAX_REPLY) + round_page(WIRE_EVENT_RING_SIZE) + 5u * PAGE;
}

static void
layout(struct wire_segment *seg, void *base, size_t size)
{
   uint8_t *p = base;
   seg->base = base;
   seg->size = size;
   seg->ctrl = base;
   p += WIRE_CTRL_SIZE + PAGE;
   seg->cmd = p;
   p += round_page(seg->cmd_size) + PAGE;
   seg->staging = p;
   p += round_page(seg->staging_size) + PAGE;
   seg->reply = p;
   p += round_page(seg->reply_size) + PAGE;
   seg->events = p;
}

bool
wire_segment_guard(struct wire_segment *seg)
{
   uint8_t *ends[] = {
      (uint8_t *)seg->ctrl + WIRE_CTRL_SIZE,
      seg->cmd + round_page(seg->cmd_size),
      seg->staging + round_page(seg->staging_size),
      seg->reply + round_page(seg->reply_size),
      seg->events + round_page(seg->event_size),
   };
   bool ok = true;
   for (unsigned i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
      ok &= mprotect(ends[i], PAGE, PROT_NONE) == 0;
   return ok;
}

void
wire_segment_init(struct wire_segment *seg, void *base, size_t size, uint32_t cmd_size, uint32_t staging_size)
{
   memset(base, 0, WIRE_CTRL_SIZE);
   struct wire_ctrl *c = base;
   c->magic = WIRE_SEGMENT_MAGIC;
   c->revision = WIRE_PROTOCOL_REVISION;
   c->cmd_size = cmd_size;
   c->staging_size = staging_size;
   c->reply_size = WIRE_MAX_REPLY;
   c->event_size = WIRE_EVENT_RING_SIZE;
   c->device = seg->device;
   seg->cmd_size = cmd_size;
   seg->staging_size = staging_size;
   seg->reply_size = WIRE_MAX_REPLY;
   seg->event_size = WIRE_EVENT_RING_SIZE;
   layout(seg, base, size);
}

bool
wire_segment_attach(struct wire_segment *seg, void *base, size_t size, char *err, size_t err_size)
{
   if (size < WIRE_CTRL_SIZE) {
      snprintf(err, err_size, "segment smaller than its header");
      return false;
   }
   const struct wire_ctrl *c = base;
   /* Read once into locals: the client could change them under us. */
   uint32_t magic = c->magic, rev = c->revision, cmd = c->cmd_size, stg = c->staging_size;
   uint32_t rep = c->reply_size, ev = c->event_size;
   struct wire_device_select dev;
   memcpy(&dev, (const void *)&c->device, sizeof(dev));
   if (magic != WIRE_SEGMENT_MAGIC || rev != WIRE_PROTOCOL_REVISION) {
      snprintf(err, err_size, "segment magic/revision mismatch (rev %u, want %u)", rev, WIRE_PROTOCOL_REVISION);
      return false;
   }
   if (cmd < 65536 || cmd > (1u << 30) || (cmd & 7) || stg < 65536 || stg > (1u << 30) ||
       rep != WIRE_MAX_REPLY || ev != WIRE_EVENT_RING_SIZE) {
      snprintf(err, err_size, "segment section sizes out of range");
      return false;
   }
   if (wire_segment_total(cmd, stg) != size) {
      snprintf(err, err_size, "segment size %zu does not match its sections", size);
      return false;
   }
   seg->cmd_size = cmd;
   seg->staging_size = stg;
   seg->reply_size = rep;
   seg->event_size = ev;
   seg->device = dev;
   layout(seg, base, size);
   return true;
}

void
wire_futex_wait(uint32_t *addr, uint32_t expected, int timeout_ms)
{
   struct timespec ts, *tsp = NULL;
   if (timeout_ms >= 0) {
      ts.tv_sec = timeout_ms / 1000;
      ts.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
      tsp = &ts;
   }
   syscall(SYS_futex, addr, FUTEX_WAIT, expected, tsp, NULL, 0);
}

void
wire_futex_wake(uint32_t *addr)
{
   syscall(SYS_futex, addr, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}
