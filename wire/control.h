/* splitgl wire: the control stream of the spawn transport (a SOCK_SEQPACKET unix socket).
 *
 *   client -> server  wire_hello, with the segment memfd attached (SCM_RIGHTS)
 *   server -> client  wire_hello_ack: status 0 and the server is applying records
 *
 * After the ack, messages (struct wire_ctrl_msg, one per SOCK_SEQPACKET packet):
 *   server -> client  LOG (a server log line with its level), FLUSH_ACK (every LOG before it
 *                     was sent: the answer to FLUSH)
 *   client -> server  FLUSH (a log flush)
 * The socket closing ends the session on either side (the server polls it while idle).
 */
#ifndef SGL_WIRE_CONTROL_H
#define SGL_WIRE_CONTROL_H

#include <stdint.h>

#define WIRE_HELLO_MAGIC 0x4c4c4548u /* "HELL" */
#define WIRE_SERVER_FD 3 /* the control socket's fd number in splitgl-server */

struct wire_hello {
   uint32_t magic;
   uint32_t revision;
   uint64_t segment_size;
};

struct wire_hello_ack {
   uint32_t magic;
   uint32_t revision;
   int32_t status; /* 0: ok */
   uint32_t pad;
   char msg[256];
};

#define WIRE_CTRL_MAGIC 0x4c525443u /* "CTRL" */
#define WIRE_CTRL_MAX_TEXT 1024u
enum wire_ctrl_type { WIRE_CTRL_LOG = 1, WIRE_CTRL_FLUSH_ACK = 2, WIRE_CTRL_FLUSH = 3 };

struct wire_ctrl_msg {
   uint32_t magic;
   uint16_t type;  /* enum wire_ctrl_type */
   uint16_t level; /* LOG: enum sgl_log_level */
   uint32_t len;   /* bytes of text that follow (LOG), at most WIRE_CTRL_MAX_TEXT */
   uint32_t seq;   /* FLUSH / FLUSH_ACK: the flush's number */
   /* char text[len] */
};

#endif
