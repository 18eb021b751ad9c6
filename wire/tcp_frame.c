/* splitgl wire: stream helpers shared by the tcp transport and splitgl-server --listen. */
#define _GNU_SOURCE
#include "tcp_frame.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

bool
wire_tcp_read_full(int fd, void *buf, size_t n, int timeout_ms)
{
   uint8_t *p = buf;
   while (n) {
      if (timeout_ms >= 0) {
         struct pollfd pfd = {fd, POLLIN, 0};
         int r = poll(&pfd, 1, timeout_ms);
         if (r < 0 && errno == EINTR)
            continue;
         if (r <= 0)
            return false;
      }
      ssize_t got = recv(fd, p, n, 0);
      if (got < 0 && (errno == EINTR || errno == EAGAIN))
         continue;
      if (got <= 0)
         return false;
      p += got;
      n -= (size_t)got;
   }
   return true;
}

bool
wire_tcp_write_full(int fd, const void *buf, size_t n, int timeout_ms, int split)
{
   const uint8_t *p = buf;
   while (n) {
      struct pollfd pfd = {fd, POLLOUT, 0};
      int r = poll(&pfd, 1, timeout_ms);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0 || (pfd.revents & (POLLERR | POLLHUP)))
         return false;
      size_t chunk = split > 0 && n > (size_t)split ? (size_t)split : n;
      ssize_t put = send(fd, p, chunk, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (put < 0 && (errno == EINTR || errno == EAGAIN))
         continue;
      if (put <= 0)
         return false;
      p += put;
      n -= (size_t)put;
   }
   return true;
}

bool
wire_tcp_token_equal(const uint8_t *expected, uint32_t expected_len, const uint8_t *got, uint32_t got_len)
{
   volatile uint8_t diff = (uint8_t)(expected_len != got_len);
   for (uint32_t i = 0; i < expected_len; i++)
      diff |= expected[i] ^ (i < got_len ? got[i] : (uint8_t)~expected[i]);
   return diff == 0;
}

int
wire_tcp_read_token(const char *path, uint8_t *out, char *err, size_t err_size)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      snprintf(err, err_size, "cannot read the token file %s: %s", path, strerror(errno));
      return -1;
   }
   uint8_t buf[WIRE_TCP_MAX_TOKEN + 2];
   size_t n = fread(buf, 1, sizeof(buf), f);
   fclose(f);
   while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t'))
      n--;
   if (n < WIRE_TCP_MIN_TOKEN || n > WIRE_TCP_MAX_TOKEN) {
      snprintf(err, err_size, "the token in %s must be %u to %u bytes (it has %zu)", path, WIRE_TCP_MIN_TOKEN,
               WIRE_TCP_MAX_TOKEN, n);
      return -1;
   }
   memcpy(out, buf, n);
   return (int)n;
}

void
wire_tcp_tune(int fd)
{
   int one = 1, idle = 10, intvl = 5, cnt = 3;
   setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
   setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
   setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof(idle));
   setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof(intvl));
   setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &cnt, sizeof(cnt));
}
