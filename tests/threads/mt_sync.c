/* Sync objects and EGL fence syncs, as an application uses them:
 *   - a fence after seconds of GPU work: glGetSynciv(SYNC_STATUS), glClientWaitSync with a 0
 *     timeout and eglGetSyncAttrib(EGL_SYNC_STATUS) return at once, UNSIGNALED, while the work
 *     runs (a driver that waits there would answer SIGNALED, seconds later); then a real wait
 *     returns CONDITION_SATISFIED and the pixels are there;
 *   - a fence of one context waited for by another thread's context of the share group;
 *   - an EGL sync destroyed by another thread while a wait blocks on it: the wait returns;
 *   - after glFinish every earlier fence is signalled, at once (glClientWaitSync with a 0
 *     timeout: ALREADY_SIGNALED; the server must say so before it acknowledges the Finish);
 *   - the spec's errors for bad arguments.
 *
 *   mt_sync [--heavy-draws N]
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "mt_common.h"

static struct mt_display disp;
static PFNEGLCREATESYNCKHRPROC create_sync;
static PFNEGLDESTROYSYNCKHRPROC destroy_sync;
static PFNEGLCLIENTWAITSYNCKHRPROC client_wait_sync;
static PFNEGLGETSYNCATTRIBKHRPROC get_sync_attrib;

/* Queues a few seconds of fragment work on lavapipe (a long loop per pixel). */
static void
heavy_work(int draws)
{
   static GLuint prog;
   if (!prog)
      prog = mt_program("#version 300 es\nin vec4 a_pos;\nvoid main() { gl_Position = a_pos; }\n",
                        "#version 300 es\nprecision highp float;\nuniform float k;\nout vec4 o;\n"
                        "void main() { float x = gl_FragCoord.x * k;\n"
                        "  for (int i = 0; i < 1000; i++) x = fract(x * 1.618 + 0.123);\n"
                        "  o = vec4(x, 0.5, 0.25, 1.0); }\n");
   glUseProgram(prog);
   glUniform1f(glGetUniformLocation(prog, "k"), 0.001f);
   for (int i = 0; i < draws; i++)
      mt_quad(-1, -1, 1, 1);
}

static GLint
sync_status(GLsync s)
{
   GLint v = 0;
   GLsizei len = 0;
   glGetSynciv(s, GL_SYNC_STATUS, 1, &len, &v);
   MT_CHECK(len == 1, "glGetSynciv length %d", len);
   return v;
}

static void
nonblocking_status(int heavy_draws)
{
   heavy_work(heavy_draws);
   GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   EGLSyncKHR es = create_sync(disp.dpy, EGL_SYNC_FENCE_KHR, NULL);
   MT_CHECK(s && glIsSync(s) && es != EGL_NO_SYNC_KHR, "fences");
   double t0 = mt_now();
   GLint st = sync_status(s);
   GLenum r0 = glClientWaitSync(s, 0, 0);
   EGLint est = 0;
   MT_CHECK(get_sync_attrib(disp.dpy, es, EGL_SYNC_STATUS_KHR, &est), "eglGetSyncAttrib");
   double dt = mt_now() - t0;
   printf("mt_sync: status queries took %.3f s while the work ran (status 0x%x, wait(0) 0x%x, egl 0x%x)\n", dt, st,
          r0, est);
   MT_CHECK(st == GL_UNSIGNALED && r0 == GL_TIMEOUT_EXPIRED && est == EGL_UNSIGNALED_KHR,
            "status queries must not wait for the GPU (status 0x%x, wait(0) 0x%x, egl 0x%x after %.3f s)", st, r0, est,
            dt);
   GLenum r = glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 60000000000ull);
   MT_CHECK(r == GL_CONDITION_SATISFIED || r == GL_ALREADY_SIGNALED, "wait 0x%x", r);
   MT_CHECK(sync_status(s) == GL_SIGNALED, "signalled after the wait");
   MT_CHECK(glClientWaitSync(s, 0, 0) == GL_ALREADY_SIGNALED, "already signalled");
   MT_CHECK(client_wait_sync(disp.dpy, es, 0, EGL_FOREVER_KHR) == EGL_CONDITION_SATISFIED_KHR, "egl wait");
   MT_CHECK(get_sync_attrib(disp.dpy, es, EGL_SYNC_STATUS_KHR, &est) && est == EGL_SIGNALED_KHR, "egl status");
   uint8_t px[4];
   glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   MT_CHECK(px[1] == 128 || px[1] == 127, "the fenced work is done: %u,%u,%u", px[0], px[1], px[2]);
   glDeleteSync(s);
   MT_CHECK(!glIsSync(s), "deleted");
   MT_CHECK(destroy_sync(disp.dpy, es), "eglDestroySync");
   MT_CHECK(glGetError() == GL_NO_ERROR, "GL error");
}

static void
finish_signals(void)
{
   for (int i = 0; i < 20; i++) {
      heavy_work(1);
      GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      glFinish();
      GLenum r = glClientWaitSync(s, 0, 0);
      MT_CHECK(r == GL_ALREADY_SIGNALED, "wait(0) after glFinish returned 0x%x (round %d)", r, i);
      glDeleteSync(s);
   }
}

static void
errors(void)
{
   MT_CHECK(glFenceSync(0, 0) == NULL && glGetError() == GL_INVALID_ENUM, "FenceSync(condition 0)");
   MT_CHECK(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1) == NULL && glGetError() == GL_INVALID_VALUE,
            "FenceSync(flags 1)");
   GLsync bogus = (GLsync)(uintptr_t)0x12345;
   MT_CHECK(!glIsSync(bogus), "IsSync(bogus)");
   MT_CHECK(glClientWaitSync(bogus, 0, 0) == GL_WAIT_FAILED && glGetError() == GL_INVALID_VALUE, "wait(bogus)");
   glDeleteSync(bogus);
   MT_CHECK(glGetError() == GL_INVALID_VALUE, "DeleteSync(bogus)");
   glDeleteSync(0);
   MT_CHECK(glGetError() == GL_NO_ERROR, "DeleteSync(0)");
   GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   MT_CHECK(glClientWaitSync(s, 0x80, 0) == GL_WAIT_FAILED && glGetError() == GL_INVALID_VALUE, "wait flags");
   glWaitSync(s, 0, 5);
   MT_CHECK(glGetError() == GL_INVALID_VALUE, "WaitSync(timeout != IGNORED)");
   glWaitSync(s, 0, GL_TIMEOUT_IGNORED);
   MT_CHECK(glGetError() == GL_NO_ERROR, "WaitSync");
   GLint v[2] = {0, 0};
   GLsizei len = 0;
   glGetSynciv(s, GL_OBJECT_TYPE, 2, &len, v);
   MT_CHECK(len == 1 && v[0] == GL_SYNC_FENCE, "OBJECT_TYPE");
   glGetSynciv(s, GL_SYNC_CONDITION, 1, NULL, v);
   MT_CHECK(v[0] == GL_SYNC_GPU_COMMANDS_COMPLETE, "SYNC_CONDITION");
   glGetSynciv(s, GL_SYNC_FLAGS, 1, NULL, v);
   MT_CHECK(v[0] == 0, "SYNC_FLAGS");
   glGetSynciv(s, GL_TEXTURE_2D, 1, NULL, v);
   MT_CHECK(glGetError() == GL_INVALID_ENUM, "GetSynciv(bad pname)");
   glDeleteSync(s);
}

/* ---- another thread ----------------------------------------------------------------------- */
static EGLContext first;
static GLsync shared_sync;
static EGLSyncKHR egl_sync_to_destroy;
static pthread_barrier_t bar;

static void *
other_thread(void *arg)
{
   EGLContext ctx = mt_context(&disp, first, false);
   EGLSurface surf = mt_pbuffer(&disp, 8, 8);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, ctx), "eglMakeCurrent");
   pthread_barrier_wait(&bar); /* 1: shared_sync exists */
   GLenum r = glClientWaitSync(shared_sync, 0, 60000000000ull);
   MT_CHECK(r == GL_CONDITION_SATISFIED || r == GL_ALREADY_SIGNALED, "another context's fence: 0x%x", r);
   pthread_barrier_wait(&bar); /* 2: the main thread waits on egl_sync_to_destroy */
   usleep(200000);
   MT_CHECK(destroy_sync(disp.dpy, egl_sync_to_destroy), "destroy while waited on");
   mt_release(&disp, ctx, surf);
   return NULL;
}

static void
cross_thread(int heavy_draws)
{
   pthread_barrier_init(&bar, NULL, 2);
   pthread_t t;
   pthread_create(&t, NULL, other_thread, NULL);
   heavy_work(heavy_draws / 4);
   shared_sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   pthread_barrier_wait(&bar); /* 1 */
   heavy_work(heavy_draws);
   egl_sync_to_destroy = create_sync(disp.dpy, EGL_SYNC_FENCE_KHR, NULL);
   pthread_barrier_wait(&bar); /* 2 */
   double t0 = mt_now();
   EGLint r = client_wait_sync(disp.dpy, egl_sync_to_destroy, 0, EGL_FOREVER_KHR);
   MT_CHECK(r == EGL_CONDITION_SATISFIED_KHR, "wait on a destroyed sync: 0x%x", r);
   printf("mt_sync: a wait on a sync destroyed by another thread returned after %.2f s\n", mt_now() - t0);
   pthread_join(t, NULL);
   glDeleteSync(shared_sync);
   glFinish();
}

int
main(int argc, char **argv)
{
   int heavy = mt_arg_int(argc, argv, "--heavy-draws", 10);
   mt_init(&disp);
   create_sync = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   destroy_sync = (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   client_wait_sync = (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
   get_sync_attrib = (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
   MT_CHECK(create_sync && destroy_sync && client_wait_sync && get_sync_attrib, "EGL_KHR_fence_sync");
   first = mt_context(&disp, EGL_NO_CONTEXT, false);
   EGLSurface surf = mt_pbuffer(&disp, 256, 256);
   MT_CHECK(eglMakeCurrent(disp.dpy, surf, surf, first), "eglMakeCurrent");
   errors();
   nonblocking_status(heavy);
   finish_signals();
   cross_thread(heavy);
   MT_CHECK(glGetError() == GL_NO_ERROR, "GL error at the end");
   mt_release(&disp, first, surf);
   eglTerminate(disp.dpy);
   printf("mt_sync: ok\n");
   return 0;
}
