/* splitgl-bench-link: program link time, cold and from the shader cache, beside Mesa.
 *
 * For each program of shaders.h it times glCompileShader (both stages) and glLinkProgram up to
 * LINK_STATUS, in fresh processes (one per run, so nothing is warm in memory):
 *   splitgl, cache off      SPLITGL_SHADER_CACHE=0
 *   splitgl, cold cache     an empty cache directory (a miss, then the store)
 *   splitgl, cached         the same directory again (a hit)
 *   Mesa                    the system's Mesa EGL vendor (llvmpipe here)
 * Each configuration runs --runs times (default 5; cold ones on a new directory each time)
 * and the table gives medians of the link step and of compile + link, with ratios. Machines
 * are shared and noisy: read the ratios, not the milliseconds.
 *
 *   splitgl-bench-link [--runs N]
 */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shaders.h"

#define MESA_ICD_JSON "/usr/share/glvnd/egl_vendor.d/50_mesa.json"
#define NPROG (sizeof(bench_programs) / sizeof(bench_programs[0]))
#define MAX_RUNS 15

static double
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static GLuint
compile(GLenum type, const char *src)
{
   GLuint sh = glCreateShader(type);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   GLint ok = 0;
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      glGetShaderInfoLog(sh, sizeof(log), NULL, log);
      fprintf(stderr, "bench-link: compile failed:\n%s\n", log);
      exit(2);
   }
   return sh;
}

/* One process: EGL + an ES 3.0 context, then every program once; prints "<i> <link> <total>". */
static int
run_child(void)
{
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLint major, minor, n = 0;
   EGLConfig cfg;
   const EGLint ca[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
   const EGLint sa[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
   const EGLint xa[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor) || !eglBindAPI(EGL_OPENGL_ES_API) ||
       !eglChooseConfig(dpy, ca, &cfg, 1, &n) || n < 1) {
      fprintf(stderr, "bench-link: no EGL display / config\n");
      return 2;
   }
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, sa);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, xa);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      fprintf(stderr, "bench-link: no ES 3.0 context\n");
      return 2;
   }
   for (unsigned i = 0; i < NPROG; i++) {
      double t0 = now_ms();
      GLuint vs = compile(GL_VERTEX_SHADER, bench_programs[i].vs);
      GLuint fs = compile(GL_FRAGMENT_SHADER, bench_programs[i].fs);
      GLuint p = glCreateProgram();
      glAttachShader(p, vs);
      glAttachShader(p, fs);
      double t1 = now_ms();
      glLinkProgram(p);
      GLint ok = 0;
      glGetProgramiv(p, GL_LINK_STATUS, &ok);
      double t2 = now_ms();
      if (!ok) {
         char log[2048] = "";
         glGetProgramInfoLog(p, sizeof(log), NULL, log);
         fprintf(stderr, "bench-link: %s: link failed:\n%s\n", bench_programs[i].name, log);
         return 2;
      }
      printf("%u %.3f %.3f\n", i, t2 - t1, t2 - t0);
      glDeleteProgram(p);
      glDeleteShader(vs);
      glDeleteShader(fs);
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
   eglTerminate(dpy);
   return 0;
}

/* Runs the child with vendor JSON and cache setting; adds its times to link[] / total[]. */
static int
measure(const char *self, const char *json, const char *cache, double link[NPROG], double total[NPROG])
{
   int fds[2];
   if (pipe(fds) != 0)
      return -1;
   pid_t pid = fork();
   if (pid == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      setenv("__EGL_VENDOR_LIBRARY_FILENAMES", json, 1);
      if (cache)
         setenv("SPLITGL_SHADER_CACHE", cache, 1);
      execl(self, self, "--child", (char *)NULL);
      _exit(127);
   }
   close(fds[1]);
   FILE *f = fdopen(fds[0], "r");
   unsigned i, got = 0;
   double l, t;
   while (f && fscanf(f, "%u %lf %lf", &i, &l, &t) == 3)
      if (i < NPROG)
         link[i] = l, total[i] = t, got++;
   if (f)
      fclose(f);
   int status = 0;
   waitpid(pid, &status, 0);
   return WIFEXITED(status) && WEXITSTATUS(status) == 0 && got == NPROG ? 0 : -1;
}

static int
cmp(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
   qsort(v, (size_t)n, sizeof(*v), cmp);
   return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

enum { C_OFF, C_COLD, C_CACHED, C_MESA, C_COUNT };

int
main(int argc, char **argv)
{
   if (argc > 1 && !strcmp(argv[1], "--child"))
      return run_child();
   int runs = 5;
   for (int i = 1; i < argc; i++)
      if (!strcmp(argv[i], "--runs") && i + 1 < argc)
         runs = atoi(argv[++i]);
   if (runs < 1 || runs > MAX_RUNS)
      runs = 5;
   const char *self = "/proc/self/exe";
   char self_path[4096];
   ssize_t sl = readlink(self, self_path, sizeof(self_path) - 1);
   if (sl <= 0)
      return 2;
   self_path[sl] = '\0';
   static double link[C_COUNT][NPROG][MAX_RUNS], total[C_COUNT][NPROG][MAX_RUNS];
   char tmpl[] = "/tmp/sgl-bench-cache-XXXXXX";
   char *root = mkdtemp(tmpl);
   if (!root)
      return 2;
   const bool have_mesa = access(MESA_ICD_JSON, R_OK) == 0;
   for (int r = 0; r < runs; r++) {
      char dir[256];
      snprintf(dir, sizeof(dir), "%s/run%d", root, r);
      double l[NPROG], t[NPROG];
      const struct {
         int c;
         const char *json, *cache;
      } plan[] = {{C_OFF, SPLITGL_ICD_JSON, "0"},
                  {C_COLD, SPLITGL_ICD_JSON, dir},
                  {C_CACHED, SPLITGL_ICD_JSON, dir},
                  {C_MESA, MESA_ICD_JSON, NULL}};
      for (unsigned k = 0; k < sizeof(plan) / sizeof(plan[0]); k++) {
         if (plan[k].c == C_MESA && !have_mesa)
            continue;
         if (measure(self_path, plan[k].json, plan[k].cache, l, t) != 0) {
            fprintf(stderr, "bench-link: a run failed (configuration %d)\n", plan[k].c);
            return 1;
         }
         for (unsigned i = 0; i < NPROG; i++)
            link[plan[k].c][i][r] = l[i], total[plan[k].c][i][r] = t[i];
      }
   }
   char cmd[300];
   snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
   if (system(cmd) != 0)
      fprintf(stderr, "bench-link: could not remove %s\n", root);

   printf("link time, median of %d fresh processes per configuration (ms: glLinkProgram to LINK_STATUS;\n"
          "in parentheses compile + link)\n\n", runs);
   printf("%-22s %18s %18s %18s %18s %12s %12s\n", "program", "splitgl cache off", "splitgl cold", "splitgl cached",
          have_mesa ? "Mesa" : "(no Mesa)", "cached/off", "cached/Mesa");
   double sum[C_COUNT][2] = {{0}};
   for (unsigned i = 0; i < NPROG; i++) {
      double ml[C_COUNT], mt[C_COUNT];
      for (int c = 0; c < C_COUNT; c++) {
         ml[c] = have_mesa || c != C_MESA ? median(link[c][i], runs) : 0;
         mt[c] = have_mesa || c != C_MESA ? median(total[c][i], runs) : 0;
         sum[c][0] += ml[c];
         sum[c][1] += mt[c];
      }
      printf("%-22s", bench_programs[i].name);
      for (int c = 0; c < C_COUNT; c++)
         printf("   %6.2f (%7.2f)", ml[c], mt[c]);
      printf(" %12.3f %12.3f\n", ml[C_CACHED] / ml[C_OFF], have_mesa ? mt[C_CACHED] / mt[C_MESA] : 0.0);
   }
   printf("%-22s", "all");
   for (int c = 0; c < C_COUNT; c++)
      printf("   %6.2f (%7.2f)", sum[c][0], sum[c][1]);
   printf(" %12.3f %12.3f\n", sum[C_CACHED][0] / sum[C_OFF][0], have_mesa ? sum[C_CACHED][1] / sum[C_MESA][1] : 0.0);
   return 0;
}
