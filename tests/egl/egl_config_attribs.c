/* EGL_KHR_config_attribs through libglvnd: EGL_CONFORMANT answers for every config (and
 * names only APIs the config renders), eglChooseConfig matches it as a mask, and the OpenVG
 * surface-type bits the extension adds are accepted and match no config (no config renders
 * OpenVG); an unknown bit is EGL_BAD_ATTRIBUTE. ctest runs it on splitgl and on Mesa llvmpipe. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "egl_check.h"

int
main(void)
{
   EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL), "display");
   const char *exts = eglQueryString(d, EGL_EXTENSIONS);
   CHECK(exts && strstr(exts, "EGL_KHR_config_attribs"), "EGL_KHR_config_attribs listed");
   EGLConfig cfg[256];
   EGLint n = 0;
   CHECK(eglGetConfigs(d, cfg, 256, &n) && n > 0, "configs");
   int es3 = 0;
   for (EGLint i = 0; i < n; i++) {
      EGLint conf = -1, rt = -1, st = -1;
      CHECK(eglGetConfigAttrib(d, cfg[i], EGL_CONFORMANT_KHR, &conf) &&
               eglGetConfigAttrib(d, cfg[i], EGL_RENDERABLE_TYPE, &rt) &&
               eglGetConfigAttrib(d, cfg[i], EGL_SURFACE_TYPE, &st),
            "config %d attributes 0x%x", i, eglGetError());
      CHECK(conf >= 0 && !(conf & ~rt), "config %d conformant 0x%x outside renderable 0x%x", i, conf, rt);
      CHECK(!(st & (EGL_VG_COLORSPACE_LINEAR_BIT_KHR | EGL_VG_ALPHA_FORMAT_PRE_BIT_KHR)), "config %d: VG bits 0x%x", i, st);
      es3 += (conf & EGL_OPENGL_ES3_BIT) && (st & EGL_PBUFFER_BIT) && (rt & EGL_OPENGL_ES3_BIT);
   }
   EGLConfig out[256];
   EGLint m = -1;
   const EGLint conformant[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                                EGL_CONFORMANT_KHR, EGL_OPENGL_ES3_BIT, EGL_NONE};
   /* (other attributes' defaults, e.g. EGL_COLOR_COMPONENT_TYPE_EXT's, may leave some out) */
   CHECK(eglChooseConfig(d, conformant, out, 256, &m) && m <= es3 && m > 0, "conformant ES3 pbuffer configs: %d of %d",
         m, es3);
   for (EGLint i = 0; i < m; i++) {
      EGLint conf = 0;
      eglGetConfigAttrib(d, out[i], EGL_CONFORMANT_KHR, &conf);
      CHECK(conf & EGL_OPENGL_ES3_BIT, "chosen config %d conformant 0x%x", i, conf);
   }
   const EGLint vg[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT | EGL_VG_COLORSPACE_LINEAR_BIT_KHR, EGL_RENDERABLE_TYPE,
                        EGL_OPENGL_ES3_BIT, EGL_NONE};
   m = -1;
   CHECK(eglChooseConfig(d, vg, out, 256, &m) && m == 0, "VG linear colorspace: %d configs", m);
   const EGLint pre[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT | EGL_VG_ALPHA_FORMAT_PRE_BIT_KHR, EGL_RENDERABLE_TYPE,
                         EGL_OPENGL_ES3_BIT, EGL_NONE};
   m = -1;
   CHECK(eglChooseConfig(d, pre, out, 256, &m) && m == 0, "VG premultiplied alpha: %d configs", m);
   const EGLint bad[] = {EGL_CONFORMANT_KHR, 0x10000, EGL_NONE};
   CHECK(!eglChooseConfig(d, bad, out, 256, &m) && eglGetError() == EGL_BAD_ATTRIBUTE, "unknown conformant bit");
   eglTerminate(d);
   printf("%s\n", fails ? "FAIL" : "PASS");
   return fails ? 1 : 0;
}
