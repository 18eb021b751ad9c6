/* The on-disk shader cache (spirv/cache.c): hits give the bytes the link gave, a changed
 * input misses, entries that do not verify are removed, several processes share one
 * directory, the size cap evicts the least recently used, and SPLITGL_SHADER_CACHE=0 turns it
 * off. Each case runs in a fresh process (the knobs are read once per process). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "spv_test.h"

static const char vs[] =
   "#version 300 es\nin vec4 a_pos; in vec2 a_uv; out vec2 v_uv; uniform float u_k;\n"
   "void main() { v_uv = a_uv * u_k; gl_Position = a_pos; }\n";
static const char fs[] =
   "#version 300 es\nprecision mediump float; in vec2 v_uv; uniform sampler2D t; out vec4 o;\n"
   "void main() { o = texture(t, v_uv); }\n";

static char dir[256];

/* Links vs + fs (variant v changes u_k's name, so each variant is a program of its own). */
static bool
link_variant(int v, const struct spv_link_options *opts, bool cached, void **blob, size_t *size, bool *hit)
{
   char vsv[512];
   snprintf(vsv, sizeof(vsv), "%s// variant %d\n", vs, v);
   struct spv_shader *sh[2] = {spv_compile(SPV_STAGE_VERTEX, SPV_API_GLES, vsv),
                               spv_compile(SPV_STAGE_FRAGMENT, SPV_API_GLES, fs)};
   char *log = NULL;
   bool ok = cached ? spv_link_cached(sh, 2, opts, blob, size, &log, hit) : spv_link(sh, 2, opts, blob, size, &log);
   if (!cached)
      *hit = false;
   free(log);
   spv_shader_free(sh[0]);
   spv_shader_free(sh[1]);
   return ok;
}

/* The cached link equals the uncached one. */
static bool
same_as_uncached(int v, const struct spv_link_options *opts, bool *hit)
{
   void *a = NULL, *b = NULL;
   size_t na = 0, nb = 0;
   bool h2;
   bool ok = link_variant(v, opts, true, &a, &na, hit) && link_variant(v, opts, false, &b, &nb, &h2) && na == nb &&
             memcmp(a, b, na) == 0;
   free(a);
   free(b);
   return ok;
}

static uint32_t
count_files(const char *prefix_dot, bool tmp)
{
   uint32_t n = 0;
   for (int d = 0; d < 256; d++) {
      char sub[512];
      snprintf(sub, sizeof(sub), "%s/%02x", dir, d);
      DIR *dh = opendir(sub);
      if (!dh)
         continue;
      struct dirent *de;
      while ((de = readdir(dh)))
         if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && ((de->d_name[0] == '.') == tmp))
            n++;
      closedir(dh);
   }
   (void)prefix_dot;
   return n;
}

static char *
first_entry(void)
{
   for (int d = 0; d < 256; d++) {
      char sub[512];
      snprintf(sub, sizeof(sub), "%s/%02x", dir, d);
      DIR *dh = opendir(sub);
      if (!dh)
         continue;
      struct dirent *de;
      char *path = NULL;
      while (!path && (de = readdir(dh)))
         if (de->d_name[0] != '.' && asprintf(&path, "%s/%s", sub, de->d_name) < 0)
            path = NULL;
      closedir(dh);
      if (path)
         return path;
   }
   return NULL;
}

static void
case_basic(void)
{
   struct spv_cache_stats st;
   bool hit = true;
   CHECK(same_as_uncached(0, NULL, &hit) && !hit);
   CHECK(same_as_uncached(0, NULL, &hit) && hit);
   /* a binding is an input: a miss */
   struct spv_binding b[] = {{"a_uv", 5}};
   struct spv_link_options o = {b, 1, NULL, 0};
   CHECK(same_as_uncached(0, &o, &hit) && !hit);
   CHECK(same_as_uncached(0, &o, &hit) && hit);
   spv_cache_stats(&st);
   CHECK(st.enabled && st.hits == 2 && st.misses == 2 && st.stores == 2);
   CHECK_EQ(count_files(NULL, false), 2);
   /* a failed link is not stored */
   struct spv_shader *bad[2] = {spv_compile(SPV_STAGE_VERTEX, SPV_API_GLES, vs),
                                spv_compile(SPV_STAGE_FRAGMENT, SPV_API_GLES,
                                            "#version 300 es\nprecision mediump float; in vec3 v_uv; out vec4 o;\n"
                                            "void main() { o = vec4(v_uv, 1.0); }\n")};
   void *blob = NULL;
   size_t size = 0;
   char *log = NULL;
   CHECK(!spv_link_cached(bad, 2, NULL, &blob, &size, &log, &hit) && !hit);
   free(log);
   free(blob);
   spv_shader_free(bad[0]);
   spv_shader_free(bad[1]);
   CHECK_EQ(count_files(NULL, false), 2);
   /* a corrupted entry is removed, relinked and stored again */
   char *path = first_entry();
   CHECK(path != NULL);
   if (path) {
      int fd = open(path, O_RDWR);
      struct stat sb;
      CHECK(fd >= 0 && fstat(fd, &sb) == 0);
      uint8_t byte = 0;
      CHECK(pread(fd, &byte, 1, sb.st_size - 10) == 1);
      byte ^= 0x55;
      CHECK(pwrite(fd, &byte, 1, sb.st_size - 10) == 1);
      close(fd);
      uint32_t hits = 0;
      for (int i = 0; i < 2; i++) {
         CHECK(same_as_uncached(0, NULL, &hit));
         hits += hit;
         CHECK(same_as_uncached(0, &o, &hit));
         hits += hit;
      }
      CHECK_EQ(hits, 3); /* the corrupted one missed once */
      /* a truncated entry too */
      CHECK(truncate(path, 40) == 0);
      CHECK(same_as_uncached(0, NULL, &hit));
      bool h1 = hit;
      CHECK(same_as_uncached(0, &o, &hit));
      CHECK(h1 != hit); /* exactly one of the two was the truncated entry */
      free(path);
   }
}

/* Four processes link the same three programs and one of their own, ten times over. */
static void
case_processes(void)
{
   pid_t kids[4];
   for (int k = 0; k < 4; k++) {
      kids[k] = fork();
      if (kids[k] == 0) {
         bool ok = true, hit;
         for (int r = 0; r < 10 && ok; r++)
            for (int v = 0; v < 3 && ok; v++)
               ok = same_as_uncached(v, NULL, &hit) && same_as_uncached(100 + k, NULL, &hit);
         _exit(ok ? 0 : 1);
      }
   }
   for (int k = 0; k < 4; k++) {
      int status = 0;
      CHECK(waitpid(kids[k], &status, 0) == kids[k] && WIFEXITED(status) && WEXITSTATUS(status) == 0);
   }
   CHECK_EQ(count_files(NULL, true), 0); /* no temporary left behind */
   CHECK_EQ(count_files(NULL, false), 7);
   bool hit = false;
   for (int v = 0; v < 3; v++) {
      CHECK(same_as_uncached(v, NULL, &hit) && hit);
      CHECK(same_as_uncached(100 + v, NULL, &hit) && hit);
   }
}

/* Cap 1 MiB: four 400 KiB entries of the past, then a store: the oldest go first. */
static void
case_evict(void)
{
   const char *names[4] = {"00/aa", "01/bb", "02/cc", "03/dd"};
   static char junk[400 << 10];
   CHECK(spv_cache_dir() != NULL); /* made with its parents */
   for (int i = 0; i < 4; i++) {
      char sub[512], path[512];
      snprintf(sub, sizeof(sub), "%s/%.2s", dir, names[i]);
      mkdir(sub, 0700);
      snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
      int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      CHECK(fd >= 0 && write(fd, junk, sizeof(junk)) == (ssize_t)sizeof(junk));
      close(fd);
      struct timespec t[2] = {{.tv_sec = 1000000 + i * 1000}, {.tv_sec = 1000000 + i * 1000}};
      CHECK(utimensat(AT_FDCWD, path, t, 0) == 0);
   }
   bool hit;
   CHECK(same_as_uncached(7, NULL, &hit) && !hit);
   struct spv_cache_stats st;
   spv_cache_stats(&st);
   CHECK(st.evicted >= 2);
   char path[512];
   snprintf(path, sizeof(path), "%s/%s", dir, names[0]);
   CHECK(access(path, F_OK) != 0); /* the oldest */
   snprintf(path, sizeof(path), "%s/%s", dir, names[3]);
   CHECK(access(path, F_OK) == 0); /* the newest fits */
   CHECK(same_as_uncached(7, NULL, &hit) && hit);
}

static void
case_disabled(void)
{
   bool hit = true;
   CHECK(same_as_uncached(0, NULL, &hit) && !hit);
   CHECK(same_as_uncached(0, NULL, &hit) && !hit);
   struct spv_cache_stats st;
   spv_cache_stats(&st);
   CHECK(!st.enabled && st.stores == 0 && spv_cache_dir() == NULL);
}

static int
run_child(const char *self, const char *mode, const char *cache_env, const char *max_mib)
{
   pid_t pid = fork();
   if (pid == 0) {
      setenv("SPLITGL_SHADER_CACHE", cache_env, 1);
      if (max_mib)
         setenv("SPLITGL_SHADER_CACHE_MAX_MIB", max_mib, 1);
      execl(self, self, mode, (char *)NULL);
      _exit(127);
   }
   int status = 0;
   waitpid(pid, &status, 0);
   return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int
main(int argc, char **argv)
{
   const char *tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
   if (argc > 1) {
      snprintf(dir, sizeof(dir), "%s", getenv("SPLITGL_SHADER_CACHE"));
      if (!strcmp(argv[1], "basic"))
         case_basic();
      else if (!strcmp(argv[1], "processes"))
         case_processes();
      else if (!strcmp(argv[1], "evict"))
         case_evict();
      else if (!strcmp(argv[1], "disabled"))
         case_disabled();
      return check_done(argv[1]);
   }
   char root[256];
   snprintf(root, sizeof(root), "%s/sgl-cache-XXXXXX", tmpdir);
   CHECK(mkdtemp(root) != NULL);
   char d1[300], d2[300], d3[300];
   snprintf(d1, sizeof(d1), "%s/basic", root);
   snprintf(d2, sizeof(d2), "%s/processes", root);
   snprintf(d3, sizeof(d3), "%s/evict/nested", root); /* created with its parents */
   CHECK_EQ(run_child(argv[0], "basic", d1, NULL), 0);
   CHECK_EQ(run_child(argv[0], "processes", d2, NULL), 0);
   CHECK_EQ(run_child(argv[0], "evict", d3, "1"), 0);
   CHECK_EQ(run_child(argv[0], "disabled", "0", NULL), 0);
   char cmd[400];
   snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
   CHECK(system(cmd) == 0);
   return check_done("spirv_cache");
}
