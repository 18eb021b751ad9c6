/* splitgl: the deadline of a timed pthread wait (pthread_cond_timedwait,
 * pthread_mutex_timedlock: CLOCK_REALTIME), ms milliseconds from now. */
#ifndef SGL_UTIL_CLOCK_H
#define SGL_UTIL_CLOCK_H

#include <time.h>

static inline struct timespec
sgl_realtime_in_ms(long ms)
{
   struct timespec dl;
   clock_gettime(CLOCK_REALTIME, &dl);
   dl.tv_sec += ms / 1000;
   dl.tv_nsec += (ms % 1000) * 1000000L;
   if (dl.tv_nsec >= 1000000000L)
      dl.tv_sec++, dl.tv_nsec -= 1000000000L;
   return dl;
}

#endif
