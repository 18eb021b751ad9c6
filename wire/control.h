/* splitgl wire: the control stream of the spawn transport (a SOCK_SEQPACKET unix socket).
 *
 *   client -> server  wire_hello, with the segment memfd attached (SCM_RIGHTS)
 *   server -> client  wire_hello_ack: status 0 and the server is applying records
 *
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

#endif
