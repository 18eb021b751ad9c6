#include "log.h"
#include "knobs.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sgl_log_sink_fn log_sink;
static void *log_sink_user;
static const char *log_tag;
static pthread_mutex_t log_mtx = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local sgl_log_sink_fn thread_sink;
static _Thread_local void *thread_sink_user;
static _Thread_local const char *thread_tag;

void
sgl_log_set_thread_sink(sgl_log_sink_fn fn, void *user)
{
   thread_sink = fn;
   thread_sink_user = user;
}

const char *
sgl_log_set_thread_tag(const char *tag)
{
   const char *old = thread_tag;
   thread_tag = tag;
   return old;
}

void
sgl_log_set_sink(sgl_log_sink_fn fn, void *user)
{
   /* a thread that loaded the function must find its user: set the user first, clear it last */
   if (fn) {
      __atomic_store_n(&log_sink_user, user, __ATOMIC_RELEASE);
      __atomic_store_n(&log_sink, fn, __ATOMIC_RELEASE);
   } else {
      __atomic_store_n(&log_sink, fn, __ATOMIC_RELEASE);
      __atomic_store_n(&log_sink_user, user, __ATOMIC_RELEASE);
   }
}

void
sgl_log_set_tag(const char *tag)
{
   log_tag = tag;
}

const char *
sgl_log_level_name(enum sgl_log_level level)
{
   static const char *names[] = {"FATAL", "ERROR", "WARN", "INFO", "DEBUG"};
   return (unsigned)level < 5 ? names[level] : "?";
}

int
sgl_log_enabled(enum sgl_log_level level)
{
   return level <= SGL_LOG_ERROR || (int)level <= sgl_knobs()->log_level;
}

void
sgl_logv(enum sgl_log_level level, const char *fmt, va_list ap)
{
   if (!sgl_log_enabled(level))
      return;
   char line[1024];
   vsnprintf(line, sizeof(line), fmt, ap);
   size_t n = strlen(line);
   while (n && line[n - 1] == '\n')
      line[--n] = 0;
   if (thread_sink) {
      thread_sink(level, line, thread_sink_user);
      return;
   }
   sgl_log_sink_fn sink = __atomic_load_n(&log_sink, __ATOMIC_ACQUIRE);
   if (sink) {
      sink(level, line, __atomic_load_n(&log_sink_user, __ATOMIC_ACQUIRE));
      return;
   }
   const char *tag = thread_tag ? thread_tag : log_tag;
   pthread_mutex_lock(&log_mtx);
   if (tag)
      fprintf(stderr, "splitgl[%s]: %s: %s\n", tag, sgl_log_level_name(level), line);
   else
      fprintf(stderr, "splitgl: %s: %s\n", sgl_log_level_name(level), line);
   pthread_mutex_unlock(&log_mtx);
}

void
sgl_log_peer(enum sgl_log_level level, const char *origin, const char *line)
{
   pthread_mutex_lock(&log_mtx);
   fprintf(stderr, "splitgl[%s]: %s: %s\n", origin, sgl_log_level_name(level), line);
   pthread_mutex_unlock(&log_mtx);
}

void
sgl_log(enum sgl_log_level level, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   sgl_logv(level, fmt, ap);
   va_end(ap);
}

static _Thread_local int backend_init_depth;

void
sgl_backend_init_enter(void)
{
   backend_init_depth++;
}

void
sgl_backend_init_leave(void)
{
   backend_init_depth--;
}

int
sgl_inside_backend(void)
{
   static int server_process = -1;
   if (server_process < 0)
      __atomic_store_n(&server_process, getenv("SPLITGL_INTERNAL_SERVER_PROCESS") != NULL, __ATOMIC_RELAXED);
   return backend_init_depth > 0 || __atomic_load_n(&server_process, __ATOMIC_RELAXED);
}
