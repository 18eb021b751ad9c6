/* splitgl spirv: the on-disk shader cache (issue 10 item 9).
 *
 * A link's output (the program blob and the link log) is a pure function of its inputs: each
 * shader's stage, API, version, limits, source and preprocessed source, the link options
 * (attribute and fragment-data bindings, transform-feedback varyings, mode and limits) and
 * the code that links them. The key is the SHA-256 of all of that, the code named by the
 * ELF build-id of the object this file is linked into (no build-id: no cache). Only
 * successful links are stored.
 *
 * Layout: <dir>/<first two hex digits>/<the other 62>, each file a header (magic, the key,
 * sizes, the SHA-256 of the payload) then the blob and the log. Several processes may share
 * a directory: a writer fills a temporary file in the same directory and rename()s it into
 * place (readers see a whole entry or none); a reader that finds an entry that does not
 * verify removes it and links. A hit touches the file's mtime; every 32nd store of a
 * process (and its first) totals the directory and removes the least recently used entries
 * until it is under 90% of SPLITGL_SHADER_CACHE_MAX_MIB, and temporary files older than ten
 * minutes (a writer that died). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "spirv/spv_internal.h"
#include "util/knobs.h"
#include "util/log.h"
#include "util/sha256.h"

#define CACHE_MAGIC "SGLC"
#define CACHE_VERSION 2u /* 2: multi-shader stages, built-in attributes, GLSL 1.10-1.30 */
#define STALE_TMP_SECONDS 600

struct cache_header {
   char magic[4];
   uint32_t version;
   uint8_t key[32];
   uint64_t blob_size, log_size;
   uint8_t sum[32];
};

static struct {
   pthread_once_t once;
   bool enabled;
   char dir[PATH_MAX - 80];
   uint64_t max_bytes;
   uint8_t build[64];
   size_t build_len;
   pthread_mutex_t lock;
   uint64_t hits, misses, stores, evicted;
} cache = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

static bool
mkdirs(const char *path)
{
   char tmp[PATH_MAX];
   size_t n = strlen(path);
   if (n == 0 || n >= sizeof(tmp))
      return false;
   memcpy(tmp, path, n + 1);
   for (char *p = tmp + 1; *p; p++) {
      if (*p != '/')
         continue;
      *p = '\0';
      if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
         return false;
      *p = '/';
   }
   return mkdir(tmp, 0700) == 0 || errno == EEXIST;
}

static void
cache_init(void)
{
   const char *knob = sgl_knobs()->shader_cache;
   if (knob && strcmp(knob, "0") == 0)
      return;
   int n;
   if (knob && *knob) {
      n = snprintf(cache.dir, sizeof(cache.dir), "%s", knob);
   } else {
      const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
      if (xdg && xdg[0] == '/')
         n = snprintf(cache.dir, sizeof(cache.dir), "%s/splitgl", xdg);
      else if (home && home[0] == '/')
         n = snprintf(cache.dir, sizeof(cache.dir), "%s/.cache/splitgl", home);
      else
         return;
   }
   if (n <= 0 || (size_t)n >= sizeof(cache.dir))
      return;
   cache.build_len = sgl_build_id((const void *)cache_init, cache.build, sizeof(cache.build));
   if (!cache.build_len) {
      sgl_info("spirv: no build-id in this build: the shader cache is off");
      return;
   }
   if (!mkdirs(cache.dir)) {
      sgl_warn("spirv: shader cache directory %s cannot be created (%s): the cache is off", cache.dir,
               strerror(errno));
      return;
   }
   cache.max_bytes = (uint64_t)sgl_knobs()->shader_cache_max_mib << 20;
   cache.enabled = true;
}

/* ---- the key ------------------------------------------------------------------------------- */
static void
put_u32(struct sgl_sha256 *s, uint32_t v)
{
   sgl_sha256_update(s, &v, sizeof(v));
}

static void
put_str(struct sgl_sha256 *s, const char *str)
{
   uint32_t n = str ? (uint32_t)strlen(str) : UINT32_MAX;
   put_u32(s, n);
   if (str)
      sgl_sha256_update(s, str, n);
}

static void
cache_key(struct spv_shader *const *shaders, uint32_t count, const struct spv_link_options *opts, uint8_t key[32])
{
   struct sgl_sha256 s;
   sgl_sha256_init(&s);
   put_str(&s, "splitgl shader cache");
   put_u32(&s, CACHE_VERSION);
   sgl_sha256_update(&s, cache.build, cache.build_len);
   put_u32(&s, count);
   for (uint32_t i = 0; i < count; i++) {
      const struct spv_shader *sh = shaders[i];
      put_u32(&s, sh ? 1 : 0);
      if (!sh)
         continue;
      put_u32(&s, (uint32_t)sh->stage);
      put_u32(&s, (uint32_t)sh->api);
      put_u32(&s, sh->ok);
      put_u32(&s, sh->es);
      put_u32(&s, (uint32_t)sh->version);
      sgl_sha256_update(&s, &sh->limits, sizeof(sh->limits)); /* int32 fields only: no padding */
      put_str(&s, sh->source);
      put_str(&s, sh->preprocessed);
   }
   const struct spv_link_options none = {0};
   if (!opts)
      opts = &none;
   put_u32(&s, opts->attrib_binding_count);
   for (uint32_t i = 0; i < opts->attrib_binding_count; i++) {
      put_str(&s, opts->attrib_bindings[i].name);
      put_u32(&s, (uint32_t)opts->attrib_bindings[i].location);
   }
   put_u32(&s, opts->frag_data_binding_count);
   for (uint32_t i = 0; i < opts->frag_data_binding_count; i++) {
      put_str(&s, opts->frag_data_bindings[i].name);
      put_u32(&s, (uint32_t)opts->frag_data_bindings[i].location);
      put_u32(&s, opts->frag_data_bindings[i].index);
   }
   put_u32(&s, opts->max_dual_source_draw_buffers);
   put_u32(&s, opts->xfb_varying_count);
   for (uint32_t i = 0; i < opts->xfb_varying_count; i++)
      put_str(&s, opts->xfb_varyings[i]);
   put_u32(&s, opts->xfb_separate);
   put_u32(&s, opts->xfb_max_interleaved_components);
   put_u32(&s, opts->xfb_max_separate_components);
   put_u32(&s, opts->xfb_max_separate_attribs);
   sgl_sha256_final(&s, key);
}

static void
entry_path(const uint8_t key[32], char *dir, size_t dsize, char *path, size_t psize)
{
   char hex[65];
   for (int i = 0; i < 32; i++)
      snprintf(hex + 2 * i, 3, "%02x", key[i]);
   snprintf(dir, dsize, "%s/%.2s", cache.dir, hex);
   snprintf(path, psize, "%s/%.2s/%s", cache.dir, hex, hex + 2);
}

static void
payload_sum(const void *blob, size_t blob_size, const char *log, size_t log_size, uint8_t sum[32])
{
   struct sgl_sha256 s;
   sgl_sha256_init(&s);
   sgl_sha256_update(&s, blob, blob_size);
   sgl_sha256_update(&s, log, log_size);
   sgl_sha256_final(&s, sum);
}

static bool
read_all(int fd, void *dst, size_t n)
{
   uint8_t *p = dst;
   while (n) {
      ssize_t r = read(fd, p, n);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0)
         return false;
      p += r;
      n -= (size_t)r;
   }
   return true;
}

static bool
write_all(int fd, const void *src, size_t n)
{
   const uint8_t *p = src;
   while (n) {
      ssize_t r = write(fd, p, n);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0)
         return false;
      p += r;
      n -= (size_t)r;
   }
   return true;
}

/* A verified entry, or false (an entry that does not verify is removed). */
static bool
lookup(const uint8_t key[32], void **blob, size_t *blob_size, char **log)
{
   char dir[PATH_MAX], path[PATH_MAX];
   entry_path(key, dir, sizeof(dir), path, sizeof(path));
   int fd = open(path, O_RDONLY | O_CLOEXEC);
   if (fd < 0)
      return false;
   struct cache_header h;
   struct stat st;
   void *b = NULL;
   char *l = NULL;
   bool ok = fstat(fd, &st) == 0 && read_all(fd, &h, sizeof(h)) && memcmp(h.magic, CACHE_MAGIC, 4) == 0 &&
             h.version == CACHE_VERSION && memcmp(h.key, key, 32) == 0 && h.blob_size > 0 &&
             h.blob_size < (1u << 30) && h.log_size < (1u << 24) &&
             (uint64_t)st.st_size == sizeof(h) + h.blob_size + h.log_size;
   if (ok) {
      b = malloc(h.blob_size);
      l = malloc(h.log_size + 1);
      ok = b && l && read_all(fd, b, h.blob_size) && read_all(fd, l, h.log_size);
   }
   if (ok) {
      uint8_t sum[32];
      payload_sum(b, h.blob_size, l, h.log_size, sum);
      ok = memcmp(sum, h.sum, 32) == 0;
   }
   if (ok) {
      l[h.log_size] = '\0';
      futimens(fd, NULL); /* most recently used */
      *blob = b;
      *blob_size = h.blob_size;
      *log = l;
   } else {
      free(b);
      free(l);
      sgl_warn("spirv: shader cache entry %s does not verify: removed", path);
      unlink(path);
   }
   close(fd);
   return ok;
}

struct entry {
   char *path;
   off_t size;
   time_t mtime;
};

static int
by_age(const void *a, const void *b)
{
   const struct entry *x = a, *y = b;
   return x->mtime < y->mtime ? -1 : x->mtime > y->mtime;
}

/* Totals the cache and removes the least recently used entries down to 90% of the cap. */
static void
evict(void)
{
   struct entry *e = NULL;
   size_t n = 0, cap = 0;
   uint64_t total = 0;
   time_t now = time(NULL);
   for (int d = 0; d < 256; d++) {
      char sub[PATH_MAX];
      snprintf(sub, sizeof(sub), "%s/%02x", cache.dir, d);
      DIR *dh = opendir(sub);
      if (!dh)
         continue;
      struct dirent *de;
      while ((de = readdir(dh))) {
         if (de->d_name[0] == '.' && (de->d_name[1] == '\0' || (de->d_name[1] == '.' && de->d_name[2] == '\0')))
            continue;
         char path[PATH_MAX];
         if (snprintf(path, sizeof(path), "%s/%s", sub, de->d_name) >= (int)sizeof(path))
            continue;
         struct stat st;
         if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
         if (de->d_name[0] == '.') { /* a temporary file */
            if (now - st.st_mtime > STALE_TMP_SECONDS)
               unlink(path);
            continue;
         }
         if (n == cap) {
            size_t nc = cap ? cap * 2 : 256;
            struct entry *ne = realloc(e, nc * sizeof(*ne));
            if (!ne)
               break;
            e = ne;
            cap = nc;
         }
         e[n].path = strdup(path);
         if (!e[n].path)
            break;
         e[n].size = st.st_size;
         e[n].mtime = st.st_mtime;
         total += (uint64_t)st.st_size;
         n++;
      }
      closedir(dh);
   }
   if (total > cache.max_bytes) {
      qsort(e, n, sizeof(*e), by_age);
      const uint64_t target = cache.max_bytes / 10 * 9;
      for (size_t i = 0; i < n && total > target; i++) {
         if (unlink(e[i].path) == 0) {
            total -= (uint64_t)e[i].size;
            pthread_mutex_lock(&cache.lock);
            cache.evicted++;
            pthread_mutex_unlock(&cache.lock);
         }
      }
   }
   for (size_t i = 0; i < n; i++)
      free(e[i].path);
   free(e);
}

static void
store(const uint8_t key[32], const void *blob, size_t blob_size, const char *log)
{
   char dir[PATH_MAX], path[PATH_MAX], tmp[PATH_MAX];
   entry_path(key, dir, sizeof(dir), path, sizeof(path));
   if (mkdir(dir, 0700) != 0 && errno != EEXIST)
      return;
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   if (snprintf(tmp, sizeof(tmp), "%s/.tmp.%d.%lx", dir, (int)getpid(),
                (unsigned long)ts.tv_nsec ^ (unsigned long)pthread_self()) >= (int)sizeof(tmp))
      return;
   int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
   if (fd < 0)
      return;
   size_t log_size = log ? strlen(log) : 0;
   struct cache_header h = {.version = CACHE_VERSION, .blob_size = blob_size, .log_size = log_size};
   memcpy(h.magic, CACHE_MAGIC, 4);
   memcpy(h.key, key, 32);
   payload_sum(blob, blob_size, log ? log : "", log_size, h.sum);
   bool ok = write_all(fd, &h, sizeof(h)) && write_all(fd, blob, blob_size) && write_all(fd, log ? log : "", log_size);
   ok = close(fd) == 0 && ok;
   if (!ok || rename(tmp, path) != 0) {
      unlink(tmp);
      return;
   }
   pthread_mutex_lock(&cache.lock);
   uint64_t nth = ++cache.stores;
   pthread_mutex_unlock(&cache.lock);
   if (nth % 32 == 1)
      evict();
}

bool
spv_link_cached(struct spv_shader *const *shaders, uint32_t count, const struct spv_link_options *opts,
                void **blob, size_t *blob_size, char **info_log, bool *hit)
{
   pthread_once(&cache.once, cache_init);
   *hit = false;
   uint8_t key[32];
   if (cache.enabled) {
      cache_key(shaders, count, opts, key);
      if (lookup(key, blob, blob_size, info_log)) {
         pthread_mutex_lock(&cache.lock);
         cache.hits++;
         pthread_mutex_unlock(&cache.lock);
         *hit = true;
         return true;
      }
      pthread_mutex_lock(&cache.lock);
      cache.misses++;
      pthread_mutex_unlock(&cache.lock);
   }
   bool ok = spv_link(shaders, count, opts, blob, blob_size, info_log);
   if (ok && cache.enabled)
      store(key, *blob, *blob_size, *info_log);
   return ok;
}

void
spv_cache_stats(struct spv_cache_stats *st)
{
   pthread_once(&cache.once, cache_init);
   pthread_mutex_lock(&cache.lock);
   *st = (struct spv_cache_stats){cache.enabled, cache.hits, cache.misses, cache.stores, cache.evicted};
   pthread_mutex_unlock(&cache.lock);
}

const char *
spv_cache_dir(void)
{
   pthread_once(&cache.once, cache_init);
   return cache.enabled ? cache.dir : NULL;
}
