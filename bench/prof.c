/* libsplitgl-prof.so: a sampling CPU profiler for the bench programs, loaded with LD_PRELOAD.
 *
 * For machines without perf (the GPU machine has none): every millisecond of the process's
 * CPU time (ITIMER_PROF, all threads) the thread that was running records its program counter
 * and its call stack. At exit the samples and the process's mappings are written to
 * $SPLITGL_PROF.<comm>.<transport>.<pid>.prof; bench/prof_report.py symbolizes them with
 * addr2line on a machine that has the same binaries (libraries it lacks, such as a vendor's
 * driver, are attributed to the library).
 *
 *   SPLITGL_PROF=PREFIX          where to write (unset: the library does nothing)
 *   SPLITGL_PROF_DELAY_MS=N      start sampling N ms after load (default 300), so start-up,
 *                                device creation and dlopen storms stay out of the profile
 *   SPLITGL_PROF_HZ=N            samples per CPU second (default 1000)
 *
 * The handler calls backtrace(), which unwinds through glibc's lock-free _dl_find_object
 * (glibc 2.35+); backtrace() is called once at load so libgcc is loaded before any signal.
 * A benchmark tool only: it is not built into the driver and no test uses it. */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define PROF_DEPTH 30
#define PROF_MAX_SAMPLES (1u << 18) /* 262,144 ms of CPU time: over 4 minutes */

struct prof_sample {
   uint32_t tid;
   uint32_t depth;
   uintptr_t pc;
   void *frames[PROF_DEPTH];
};

static struct prof_sample *samples;
static atomic_uint next_sample;
static atomic_uint dropped;
static atomic_bool sampling;
static char out_prefix[512];

/* Mappings seen before each dlclose (a Vulkan driver is unloaded before exit), appended to the
 * profile beside the final ones; thread names seen by the sleeper thread while sampling. */
static pthread_mutex_t meta_lock = PTHREAD_MUTEX_INITIALIZER;
static char *old_maps;
static size_t old_maps_len;
#define PROF_MAX_THREADS 512
static struct {
   uint32_t tid;
   char name[20];
} thread_names[PROF_MAX_THREADS];
static unsigned nr_thread_names;
static unsigned hz = 1000;

static void
on_sigprof(int sig, siginfo_t *info, void *uctx)
{
   (void)sig;
   (void)info;
   if (!atomic_load_explicit(&sampling, memory_order_relaxed))
      return;
   unsigned i = atomic_fetch_add_explicit(&next_sample, 1, memory_order_relaxed);
   if (i >= PROF_MAX_SAMPLES) {
      atomic_fetch_add_explicit(&dropped, 1, memory_order_relaxed);
      return;
   }
   int saved_errno = errno;
   struct prof_sample *s = &samples[i];
   const ucontext_t *uc = uctx;
   s->tid = (uint32_t)syscall(SYS_gettid);
   s->pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
   s->depth = (uint32_t)backtrace(s->frames, PROF_DEPTH);
   errno = saved_errno;
}

static void
start_timer(void)
{
   struct itimerval it = {0};
   it.it_interval.tv_usec = (suseconds_t)(1000000u / hz);
   it.it_value = it.it_interval;
   setitimer(ITIMER_PROF, &it, NULL);
}

static void
note_thread_names(void)
{
   DIR *dir = opendir("/proc/self/task");
   if (!dir)
      return;
   struct dirent *e;
   while ((e = readdir(dir))) {
      uint32_t tid = (uint32_t)strtoul(e->d_name, NULL, 10);
      if (!tid)
         continue;
      pthread_mutex_lock(&meta_lock);
      bool known = false;
      for (unsigned i = 0; i < nr_thread_names && !known; i++)
         known = thread_names[i].tid == tid;
      if (!known && nr_thread_names < PROF_MAX_THREADS) {
         char path[64];
         snprintf(path, sizeof(path), "/proc/self/task/%u/comm", tid);
         FILE *f = fopen(path, "r");
         if (f) {
            char name[20] = "";
            if (fgets(name, sizeof(name), f)) {
               name[strcspn(name, "\n")] = 0;
               thread_names[nr_thread_names].tid = tid;
               memcpy(thread_names[nr_thread_names].name, name, sizeof(name));
               nr_thread_names++;
            }
            fclose(f);
         }
      }
      pthread_mutex_unlock(&meta_lock);
   }
   closedir(dir);
}

static void *
keeper(void *arg)
{
   unsigned ms = (unsigned)(uintptr_t)arg;
   struct timespec ts = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};
   nanosleep(&ts, NULL);
   atomic_store(&sampling, true);
   const struct timespec tick = {0, 100 * 1000000L};
   while (atomic_load(&sampling)) {
      note_thread_names();
      nanosleep(&tick, NULL);
   }
   return NULL;
}

static void
snapshot_maps(void)
{
   char buf[4096];
   int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
   if (fd < 0)
      return;
   ssize_t n;
   pthread_mutex_lock(&meta_lock);
   while ((n = read(fd, buf, sizeof(buf))) > 0) {
      char *grown = realloc(old_maps, old_maps_len + (size_t)n);
      if (!grown)
         break;
      old_maps = grown;
      memcpy(old_maps + old_maps_len, buf, (size_t)n);
      old_maps_len += (size_t)n;
   }
   pthread_mutex_unlock(&meta_lock);
   close(fd);
}

/* Interposed: the library about to be unloaded keeps its place in the profile's mappings. */
__attribute__((visibility("default"))) int
dlclose(void *handle)
{
   static int (*real_dlclose)(void *);
   if (!real_dlclose)
      real_dlclose = (int (*)(void *))dlsym(RTLD_NEXT, "dlclose");
   if (samples && atomic_load(&sampling))
      snapshot_maps();
   return real_dlclose ? real_dlclose(handle) : -1;
}

static void
copy_file(FILE *out, const char *path)
{
   char buf[4096];
   int fd = open(path, O_RDONLY | O_CLOEXEC);
   if (fd < 0)
      return;
   ssize_t n;
   while ((n = read(fd, buf, sizeof(buf))) > 0)
      fwrite(buf, 1, (size_t)n, out);
   close(fd);
}

static void
write_profile(void)
{
   if (!samples || !atomic_exchange(&sampling, false))
      return;
   note_thread_names();
   struct itimerval off = {0};
   setitimer(ITIMER_PROF, &off, NULL);

   char comm[64] = "?";
   FILE *f = fopen("/proc/self/comm", "r");
   if (f) {
      if (fgets(comm, sizeof(comm), f))
         comm[strcspn(comm, "\n")] = 0;
      fclose(f);
   }
   const char *transport = getenv("SPLITGL_TRANSPORT");
   char path[700];
   snprintf(path, sizeof(path), "%s.%s.%s.%d.prof", out_prefix, comm,
            transport && *transport ? transport : "default", (int)getpid());
   for (char *p = path + strlen(out_prefix); *p; p++)
      if (*p == '/' || *p == ':')
         *p = '_';
   FILE *out = fopen(path, "w");
   if (!out)
      return;
   unsigned n = atomic_load(&next_sample);
   if (n > PROF_MAX_SAMPLES)
      n = PROF_MAX_SAMPLES;
   fprintf(out, "# splitgl-prof 1 comm=%s pid=%d hz=%u samples=%u dropped=%u\n", comm, (int)getpid(),
           hz, n, atomic_load(&dropped));
   fprintf(out, "# maps\n");
   pthread_mutex_lock(&meta_lock);
   if (old_maps)
      fwrite(old_maps, 1, old_maps_len, out);
   pthread_mutex_unlock(&meta_lock);
   copy_file(out, "/proc/self/maps");
   fprintf(out, "# threads\n");
   note_thread_names();
   for (unsigned i = 0; i < nr_thread_names; i++)
      fprintf(out, "%u %s\n", thread_names[i].tid, thread_names[i].name);
   fprintf(out, "# samples: tid pc frames...\n");
   for (unsigned i = 0; i < n; i++) {
      const struct prof_sample *s = &samples[i];
      fprintf(out, "%u %lx", s->tid, (unsigned long)s->pc);
      for (uint32_t d = 0; d < s->depth; d++)
         fprintf(out, " %lx", (unsigned long)(uintptr_t)s->frames[d]);
      fputc('\n', out);
   }
   fclose(out);
}

__attribute__((constructor)) static void
prof_init(void)
{
   const char *prefix = getenv("SPLITGL_PROF");
   if (!prefix || !*prefix)
      return;
   snprintf(out_prefix, sizeof(out_prefix), "%s", prefix);
   const char *h = getenv("SPLITGL_PROF_HZ");
   if (h && atoi(h) > 0 && atoi(h) <= 10000)
      hz = (unsigned)atoi(h);
   unsigned delay = 300;
   const char *d = getenv("SPLITGL_PROF_DELAY_MS");
   if (d && atoi(d) >= 0)
      delay = (unsigned)atoi(d);
   samples = mmap(NULL, sizeof(struct prof_sample) * PROF_MAX_SAMPLES, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
   if (samples == MAP_FAILED) {
      samples = NULL;
      return;
   }
   void *warm[4];
   backtrace(warm, 4); /* loads libgcc's unwinder now, not inside the handler */

   struct sigaction sa = {0};
   sa.sa_sigaction = on_sigprof;
   sa.sa_flags = SA_SIGINFO | SA_RESTART;
   sigemptyset(&sa.sa_mask);
   sigaction(SIGPROF, &sa, NULL);
   start_timer();
   {
      /* A detached thread starts sampling after the delay (rather than a timer signal: the
       * program's own signals stay its own) and notes thread names while it runs. */
      pthread_t t;
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      if (pthread_create(&t, &attr, keeper, (void *)(uintptr_t)delay) != 0)
         atomic_store(&sampling, true);
      pthread_attr_destroy(&attr);
   }
   atexit(write_profile);
}

__attribute__((destructor)) static void
prof_fini(void)
{
   write_profile();
}
