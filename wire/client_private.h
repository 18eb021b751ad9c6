/* splitgl wire: client internals shared by client.c and the transports. */
#ifndef SGL_WIRE_CLIENT_PRIVATE_H
#define SGL_WIRE_CLIENT_PRIVATE_H

#include <pthread.h>
#include <sys/types.h>

#include "client.h"
#include "handles.h"
#include "segment.h"

struct wire_transport_ops {
   /** Maps the segment and starts the server. */
   bool (*start)(struct wire_client *c, char *err, unsigned err_size);
   /** After a publish: the monolith applies here; the others ring the doorbell. */
   void (*kick)(struct wire_client *c);
   /** Liveness beyond the segment's server_state (process gone, thread gone). */
   bool (*alive)(struct wire_client *c);
   /** Ends the session and releases everything start made. */
   void (*stop)(struct wire_client *c);
   /** At process exit: ends the server's work in this process (the inproc apply thread
    *  returns, the local session and its device are destroyed) and keeps the mapping another
    *  thread may still write. May be NULL (nothing runs in this process). */
   void (*quiesce)(struct wire_client *c);
   /** At every drain point (lock held): writes the server's log lines waiting in this process
    *  (inproc's log box). May be NULL (spawn reads its socket in `alive`). */
   void (*drain_log)(struct wire_client *c);
};

extern const struct wire_transport_ops wire_transport_monolith;
extern const struct wire_transport_ops wire_transport_inproc;
extern const struct wire_transport_ops wire_transport_spawn;
extern const struct wire_transport_ops wire_transport_tcp;

/* When the client closes a spawn or tcp channel it reads the server's last log lines until the
 * server ends its stream: at most WIRE_CLOSE_QUIET_MS without a message, WIRE_CLOSE_MAX_MS in
 * all (the server gives its log queue at most 2 + 2 s after its session ended). */
#define WIRE_CLOSE_QUIET_MS 5000u
#define WIRE_CLOSE_MAX_MS 20000u

struct wire_tcp_client;
/** tcp: a log flush (the server answers after every line queued before it). */
bool wire_tcp_log_flush(struct wire_client *c, int timeout_ms);
/** inproc: the same through the log box (transport_local.c). */
bool wire_inproc_log_flush(struct wire_client *c, int timeout_ms);
/** A control message of the server (spawn's socket, tcp's CTRL frames, inproc's log box),
 *  text NUL-terminated: a LOG line is written with its level and origin, a FLUSH_ACK noted
 *  (and a flush waiting on applied_bell woken). False for a type the client cannot take. */
struct wire_ctrl_msg;
bool wire_client_take_ctl(struct wire_client *c, const struct wire_ctrl_msg *m, const char *text);

struct wire_stage_entry {
   uint64_t seq; /* the record naming the bytes */
   uint64_t end; /* stage position after them */
};

struct wire_client {
   pthread_mutex_t lock;
   enum wire_transport_kind kind;
   const struct wire_transport_ops *ops;
   struct wire_segment seg;
   struct wire_client_callbacks cb;
   int wait_timeout_ms;
   bool run_ahead; /* SPLITGL_RUN_AHEAD: 0 waits for every record to be applied (the A/B control) */
   uint32_t present_credit;

   /* the record being encoded (between wire_begin and wire_end) */
   bool in_record;
   struct wire_issuer *issuer; /* its context, or NULL */
   wire_handle server_ctx;     /* the context the server applies records to (last MakeCurrent) */
   uint32_t rec_op;
   uint32_t rec_size;
   uint8_t *rec;
   uint64_t head;     /* our cmd_head */
   uint64_t next_seq; /* seq of the last record published */

   /* staging arena */
   uint64_t stage_head;
   uint64_t stage_reclaimed;
   uint64_t stage_skip_start, stage_skip_end; /* the last stretch wire_stage skipped at the arena's end */
   struct wire_stage_entry *stage_fifo;
   uint32_t stage_fifo_cap, stage_fifo_first, stage_fifo_count;

   /* fences (FenceSync): the last id minted, the newest the server signalled (atomic) */
   uint64_t fence_next;
   uint64_t fence_signaled;

   /* present credit: seqs of the last presents */
   uint64_t present_seqs[16];
   uint64_t presents;

   struct wire_handle_pool pools[WIRE_KIND_COUNT];
   pthread_mutex_t handle_lock;

   /* channel lost: records go to scratch and are dropped */
   bool lost;
   uint8_t *scratch;
   uint8_t *scratch_stage;

   struct wire_client_stats stats;

   /* the BufferWriteback being waited for (wire_end_writeback): its chunks land in dst */
   uint64_t wb_seq; /* 0: none */
   uint8_t *wb_dst;
   uint32_t wb_size, wb_got;

   /* GetInfo's reply, asked once per channel (wire_client_info) */
   struct wire_server_info *info;

   /* transport state */
   void *mapping;
   size_t mapping_size;
   void *session;        /* monolith / inproc: the local server session */
   pthread_t thread;     /* inproc: the apply thread */
   bool thread_started;
   bool thread_done;
   pid_t pid;            /* spawn: the server process */
   int sock;             /* spawn: control socket */
   int memfd;
   uint32_t ctl_flush_seq, ctl_flush_acked; /* spawn: log flushes asked / answered */
   uint64_t ctl_received; /* spawn: control messages read; tcp: frames read (atomic) */
   struct wire_tcp_client *tcp; /* tcp: the connection (transport_tcp.c) */
   struct wire_log_box *log_box; /* inproc: the apply thread's log lines (transport_local.c) */

   /* frames sent back (WindowFramesBack): the front end's sink, under frame_lock (a leaf) */
   pthread_mutex_t frame_lock;
   wire_frame_fn frame_fn;
   void *frame_user;
};

/** Hands a frame the server sent back to the front end's sink (any thread; takes only
 *  frame_lock). */
void wire_client_deliver_frame(struct wire_client *c, const struct wire_frame *f, const void *texels);

/** Marks the channel lost (once) and tells the callbacks. Lock held. */
void wire_client_set_lost(struct wire_client *c, const char *why);
/** The same, saying whether the server reported a lost device. */
void wire_client_set_lost_kind(struct wire_client *c, const char *why, bool device_lost);
/** Drains the event ring if anything is in it. Lock held. */
void wire_client_drain_locked(struct wire_client *c);
/** Maps an anonymous (shared) segment of the knob-configured sizes. */
bool wire_client_map_anon(struct wire_client *c, char *err, unsigned err_size);

#endif
