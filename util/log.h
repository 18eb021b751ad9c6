/* splitgl: levelled logging shared by every layer. */
#ifndef SGL_UTIL_LOG_H
#define SGL_UTIL_LOG_H

#include <stdarg.h>

enum sgl_log_level {
   SGL_LOG_FATAL = 0,
   SGL_LOG_ERROR = 1,
   SGL_LOG_WARN = 2,
   SGL_LOG_INFO = 3,
   SGL_LOG_DEBUG = 4,
};

/** Where log lines go; default is stderr with a "splitgl: LEVEL:" prefix.
 *  The server side may install a sink that forwards lines to the client. */
typedef void (*sgl_log_sink_fn)(enum sgl_log_level level, const char *line, void *user);
void sgl_log_set_sink(sgl_log_sink_fn fn, void *user);
/** The calling thread's own sink, taken before the process's (NULL: none). An in-process
 *  server's apply thread routes its lines through its session's forwarder with it. */
void sgl_log_set_thread_sink(sgl_log_sink_fn fn, void *user);
/** The calling thread's own tag, printed instead of the process's (NULL: none); returns the
 *  previous one. A monolith server applying on the application's thread tags its lines
 *  "server" with it. */
const char *sgl_log_set_thread_tag(const char *tag);
/** Tag printed after the prefix ("client", "server"), may be NULL. */
void sgl_log_set_tag(const char *tag);

void sgl_log(enum sgl_log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sgl_logv(enum sgl_log_level level, const char *fmt, va_list ap);
const char *sgl_log_level_name(enum sgl_log_level level);
/** Writes a line another process logged (the server's, forwarded) with its level and origin,
 *  as "splitgl[origin]: LEVEL: line"; the peer filtered it by its own level already. */
void sgl_log_peer(enum sgl_log_level level, const char *origin, const char *line);
int sgl_log_enabled(enum sgl_log_level level);

#define sgl_err(...) sgl_log(SGL_LOG_ERROR, __VA_ARGS__)
#define sgl_warn(...) sgl_log(SGL_LOG_WARN, __VA_ARGS__)
#define sgl_info(...) sgl_log(SGL_LOG_INFO, __VA_ARGS__)
#define sgl_dbg(...) sgl_log(SGL_LOG_DEBUG, __VA_ARGS__)

/* Log once per call site. */
#define sgl_log_once(level, ...)                                              \
   do {                                                                       \
      static int sgl_once_;                                                   \
      if (!__atomic_exchange_n(&sgl_once_, 1, __ATOMIC_RELAXED))              \
         sgl_log(level, __VA_ARGS__);                                         \
   } while (0)

/* ---- re-entry from a device driver -------------------------------------------------------
 * NVIDIA's Vulkan driver loads libglvnd's EGL while Magma creates its instance and device, and
 * libglvnd asks every vendor, splitgl too, for its EGL devices. splitgl must not open a channel
 * (and create another backend) from inside its own backend's creation: the thread creating a
 * backend marks it here, and splitgl-server marks its whole process
 * (SPLITGL_INTERNAL_SERVER_PROCESS in its environment). */
void sgl_backend_init_enter(void);
void sgl_backend_init_leave(void);
/** True on a thread creating a backend, and in a splitgl-server process. */
int sgl_inside_backend(void);

#endif
