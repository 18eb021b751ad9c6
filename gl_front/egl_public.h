/* splitgl EGL: what the vendor glue (icd/) uses of the EGL implementation in gl_front. */
#ifndef SGL_GL_FRONT_EGL_PUBLIC_H
#define SGL_GL_FRONT_EGL_PUBLIC_H

#ifndef EGL_NO_X11
#define EGL_NO_X11
#endif
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdbool.h>

/** Services of the EGL API library that loaded us (libglvnd's libEGL). All optional. */
struct eglf_host {
   /** The calling thread's bound API (libEGL tracks eglBindAPI itself). */
   EGLenum (*current_api)(void);
};

/** Called once when the vendor library is loaded; host may be NULL (then eglBindAPI as
 *  implemented here is the only source of the bound API). */
void eglf_init(const struct eglf_host *host);

/** eglGetPlatformDisplay / eglGetDisplay(EGL_DEFAULT_DISPLAY) (platform EGL_NONE).
 *  EGL_NO_DISPLAY with the thread's EGL error set when the platform is not ours. */
EGLDisplay eglf_get_platform_display(EGLenum platform, void *native_display, const EGLAttrib *attrib_list);

/** The calling thread's EGL error, which it clears (eglGetError). */
EGLint eglf_take_error(void);

/** EGL_OPENGL_ES_API and EGL_OPENGL_API. */
bool eglf_supports_api(EGLenum api);

/** The platform extensions (client extensions) this implementation adds. */
const char *eglf_platform_extensions(void);

/** An EGL function implemented here ("eglInitialize" ...) or a GL function of the front end. */
void *eglf_get_proc_address(const char *name);

#endif
