/* An application that leaves by exit() without eglTerminate while the in-process server still
 * has programs to compile and draws to run (util/exit_order.h): each child must end with its
 * own status, not a crash in the driver's destructors or a hang. Before the exit-order renewal
 * most children on Espryt and some on Magma died (SIGSEGV in llvm::MCJIT::~MCJIT, heap
 * corruption in SPIRV-Tools) or hung.
 *
 *   egl_exit_queued SERVER...     runs 6 children per server (SPLITGL_SERVER=SERVER, inproc) */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHILD_STATUS 3
#define CHILDREN 6
#define CHILD_SECONDS 40

static void
child(void)
{
   EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (!eglInitialize(d, NULL, NULL))
      _exit(10);
   const EGLint ca[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
   EGLConfig c;
   EGLint n = 0;
   const EGLint pa[] = {EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE};
   const EGLint cta[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
   EGLSurface s;
   EGLContext x;
   if (!eglChooseConfig(d, ca, &c, 1, &n) || n < 1 || !(s = eglCreatePbufferSurface(d, c, pa)) ||
       !eglBindAPI(EGL_OPENGL_ES_API) || !(x = eglCreateContext(d, c, EGL_NO_CONTEXT, cta)) ||
       !eglMakeCurrent(d, s, s, x))
      _exit(11);
   const char *vs = "#version 300 es\n"
                    "void main() { gl_Position = vec4(float(gl_VertexID & 1), float(gl_VertexID >> 1), 0.0, 1.0); }\n";
   for (int v = 0; v < 30; v++) {
      /* a different program each time: the server compiles while the application goes on */
      char fs[320];
      snprintf(fs, sizeof(fs),
               "#version 300 es\nprecision highp float;\nout vec4 o;\n"
               "void main() { vec4 a = vec4(0.0); for (int i = 0; i < %d; i++) a += sin(vec4(float(i)) * gl_FragCoord);"
               " o = a; }\n",
               50 + v);
      const char *fsp = fs;
      GLuint p = glCreateProgram(), a = glCreateShader(GL_VERTEX_SHADER), b = glCreateShader(GL_FRAGMENT_SHADER);
      glShaderSource(a, 1, &vs, NULL);
      glCompileShader(a);
      glShaderSource(b, 1, &fsp, NULL);
      glCompileShader(b);
      glAttachShader(p, a);
      glAttachShader(p, b);
      glLinkProgram(p);
      glUseProgram(p);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   }
   glFlush();
   exit(CHILD_STATUS); /* no glFinish, no eglTerminate */
}

/* One child's end: 0 when it exited with CHILD_STATUS within CHILD_SECONDS. */
static int
run_child(const char *self, const char *server)
{
   pid_t pid = fork();
   if (pid < 0)
      return 1;
   if (pid == 0) {
      setenv("SPLITGL_SERVER", server, 1);
      setenv("SPLITGL_TRANSPORT", "inproc", 1);
      /* the child leaves without freeing: not a leak to report */
      const char *asan = getenv("ASAN_OPTIONS");
      char opts[512];
      snprintf(opts, sizeof(opts), "%s%sdetect_leaks=0", asan ? asan : "", asan && *asan ? ":" : "");
      setenv("ASAN_OPTIONS", opts, 1);
      execl(self, self, "--child", (char *)NULL);
      _exit(12);
   }
   int status = 0;
   for (int t = 0; t < CHILD_SECONDS * 10; t++) {
      if (waitpid(pid, &status, WNOHANG) == pid) {
         if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_STATUS)
            return 0;
         if (WIFSIGNALED(status))
            fprintf(stderr, "FAIL %s: child killed by signal %d\n", server, WTERMSIG(status));
         else
            fprintf(stderr, "FAIL %s: child exited %d, want %d\n", server, WEXITSTATUS(status), CHILD_STATUS);
         return 1;
      }
      nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
   }
   kill(pid, SIGKILL);
   waitpid(pid, &status, 0);
   fprintf(stderr, "FAIL %s: child still running after %d s (hung at exit)\n", server, CHILD_SECONDS);
   return 1;
}

int
main(int argc, char **argv)
{
   if (argc > 1 && !strcmp(argv[1], "--child"))
      child();
   if (argc < 2) {
      fprintf(stderr, "usage: %s SERVER...\n", argv[0]);
      return 2;
   }
   int failures = 0;
   for (int i = 1; i < argc; i++) {
      int bad = 0;
      for (int k = 0; k < CHILDREN; k++)
         bad += run_child("/proc/self/exe", argv[i]);
      printf("%s: %d of %d children ended with their own status\n", argv[i], CHILDREN - bad, CHILDREN);
      failures += bad;
   }
   return failures ? 1 : 0;
}
