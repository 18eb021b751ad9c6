/* Espryt: the host display. The host's EGL must be a real vendor's (Mesa here, NVIDIA on the
 * GPU machine), never splitgl's own, also when the server runs inside the application
 * (monolith, inproc), where the application's libEGL.so.1 (libglvnd) already dispatches to
 * splitgl. So Espryt does not go through libglvnd at all: it opens the vendor library itself
 * and speaks the vendor ABI libglvnd speaks (<glvnd/libeglabi.h>: __egl_Main fills the
 * vendor's imports; its getProcAddress returns the vendor's own EGL and GL functions).
 *
 * Which vendor: the first vendor JSON (libglvnd's format, "ICD.library_path") that is not
 * splitgl's, from the files of __EGL_VENDOR_LIBRARY_FILENAMES, then __EGL_VENDOR_LIBRARY_DIRS (default
 * /etc/glvnd/egl_vendor.d:/usr/share/glvnd/egl_vendor.d), in libglvnd's order. A vendor whose
 * EGL_VENDOR string names splitgl is refused too. The library is opened once per process
 * and stays; if the application's libglvnd has it among its own vendors (it ran its
 * __egl_Main), Espryt refuses it rather than re-run __egl_Main, which would redirect that
 * vendor's dispatch stubs.
 *
 * The display is the vendor's surfaceless platform (EGL_MESA_platform_surfaceless), else its
 * EGL_EXT_platform_device display of the first device; no surfaces: every host context is
 * made current with EGL_NO_SURFACE (EGL_KHR_surfaceless_context) and renders into framebuffer
 * objects. One process-wide display, initialized once and kept for the process (vendor_close).
 *
 * EGL devices (QueryDevices, a selected device): the vendor's own EGL_EXT_device_enumeration
 * list, each device described from a context on its EGL_EXT_platform_device display (made
 * once, kept like the default one): its name is what that context's GL_RENDERER and
 * GL_VERSION say (as Espryt's renderer string, so a client's device and its GL_RENDERER
 * agree), its vendor EGL_VENDOR, its type CPU for EGL_MESA_device_software; its UUID is
 * derived from the vendor library and the device's place in the list (a vendor with
 * EGL_EXT_device_persistent_id would give its own; Mesa 22.3 has none). A session that selects
 * device n renders on that device's display; the default display's device is the one the
 * vendor reports for it (eglQueryDisplayAttribEXT(EGL_DEVICE_EXT)).
 */
#define _GNU_SOURCE
#include "es_private.h"

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <glvnd/libeglabi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/sha256.h"

/* ---- the vendor library (process-wide) ------------------------------------------------- */
static pthread_mutex_t vendor_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
   unsigned users;
   void *lib;
   __EGLapiImports imports;
   char path[256];
   EGLDisplay dpy;
   struct es_egl egl;
   EGLint major, minor;
} vendor;

/* The vendor's devices (under vendor_lock), probed once. */
static struct {
   bool probed;
   uint32_t n;
   int default_dev;                       /* vendor.dpy's device; -1: not known */
   EGLDeviceEXT dev[WIRE_MAX_DEVICES];
   EGLDisplay dpy[WIRE_MAX_DEVICES];      /* its display, initialized at its description */
   int state[WIRE_MAX_DEVICES];           /* 0: not described yet, 1: usable, -1: not */
   struct wire_device_desc desc[WIRE_MAX_DEVICES];
} devs;

/* The exports a vendor's own dispatch stubs call. Espryt never calls those stubs (it takes
 * every function from getProcAddress), so these answer "nothing is current through libglvnd". */
static void ex_thread_init(void) {}
static EGLenum ex_current_api(void) { return EGL_OPENGL_ES_API; }
static __EGLvendorInfo *ex_current_vendor(void) { return NULL; }
static EGLContext ex_current_context(void) { return EGL_NO_CONTEXT; }
static EGLDisplay ex_current_display(void) { return EGL_NO_DISPLAY; }
static EGLSurface ex_current_surface(EGLint rd) { return EGL_NO_SURFACE; }
static __eglMustCastToProperFunctionPointerType ex_fetch(__EGLvendorInfo *v, int i) { return NULL; }
static void ex_set_error(EGLint e) {}
static EGLBoolean ex_set_last_vendor(__EGLvendorInfo *v) { return EGL_TRUE; }
static __EGLvendorInfo *ex_vendor_from_display(EGLDisplay d) { return NULL; }
static __EGLvendorInfo *ex_vendor_from_device(EGLDeviceEXT d) { return NULL; }
static EGLBoolean ex_set_vendor_for_device(EGLDeviceEXT d, __EGLvendorInfo *v) { return EGL_FALSE; }

static const __EGLapiExports exports = {
   .threadInit = ex_thread_init,
   .getCurrentApi = ex_current_api,
   .getCurrentVendor = ex_current_vendor,
   .getCurrentContext = ex_current_context,
   .getCurrentDisplay = ex_current_display,
   .getCurrentSurface = ex_current_surface,
   .fetchDispatchEntry = ex_fetch,
   .setEGLError = ex_set_error,
   .setLastVendor = ex_set_last_vendor,
   .getVendorFromDisplay = ex_vendor_from_display,
   .getVendorFromDevice = ex_vendor_from_device,
   .setVendorForDevice = ex_set_vendor_for_device,
};

/* "library_path" of a libglvnd vendor JSON, resolved as libglvnd does (a bare name through the
 * loader's search, a relative path from the JSON's folder). */
static bool
json_library(const char *json, char *out, size_t out_size)
{
   FILE *f = fopen(json, "r");
   if (!f)
      return false;
   char buf[4096];
   size_t n = fread(buf, 1, sizeof(buf) - 1, f);
   fclose(f);
   buf[n] = 0;
   const char *k = strstr(buf, "\"library_path\"");
   if (!k)
      return false;
   k = strchr(k + 14, ':');
   k = k ? strchr(k, '"') : NULL;
   if (!k)
      return false;
   const char *e = strchr(k + 1, '"');
   if (!e || e - k - 1 <= 0 || (size_t)(e - k) >= out_size)
      return false;
   char lib[256];
   snprintf(lib, sizeof(lib), "%.*s", (int)(e - k - 1), k + 1);
   if (lib[0] == '/' || !strchr(lib, '/')) {
      snprintf(out, out_size, "%s", lib);
   } else {
      const char *slash = strrchr(json, '/');
      int dir = slash ? (int)(slash - json) : 1;
      snprintf(out, out_size, "%.*s/%s", dir, slash ? json : ".", lib);
   }
   return true;
}

static bool
is_splitgl(const char *s)
{
   const char *base = strrchr(s, '/');
   return strstr(base ? base + 1 : s, "splitgl") != NULL;
}

static int
cmp_str(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Calls try(lib) for each candidate library in order until it returns true. */
static bool
for_each_candidate(bool (*try)(const char *lib, char *why, size_t why_size), char *why, size_t why_size)
{
   char lib[512];
   const char *files = getenv("__EGL_VENDOR_LIBRARY_FILENAMES");
   char *list = strdup(files ? files : "");
   for (char *save = NULL, *t = strtok_r(list, ":", &save); t; t = strtok_r(NULL, ":", &save)) {
      if (is_splitgl(t) || !json_library(t, lib, sizeof(lib)) || is_splitgl(lib))
         continue;
      if (try(lib, why, why_size)) {
         free(list);
         return true;
      }
   }
   free(list);
   const char *dirs = getenv("__EGL_VENDOR_LIBRARY_DIRS");
   list = strdup(dirs && *dirs ? dirs : "/etc/glvnd/egl_vendor.d:/usr/share/glvnd/egl_vendor.d");
   bool ok = false;
   for (char *save = NULL, *d = strtok_r(list, ":", &save); d && !ok; d = strtok_r(NULL, ":", &save)) {
      DIR *dir = opendir(d);
      if (!dir)
         continue;
      char *names[64];
      unsigned count = 0;
      struct dirent *ent;
      while ((ent = readdir(dir)) && count < 64) {
         size_t len = strlen(ent->d_name);
         if (len > 5 && !strcmp(ent->d_name + len - 5, ".json"))
            names[count++] = strdup(ent->d_name);
      }
      closedir(dir);
      qsort(names, count, sizeof(names[0]), cmp_str);
      for (unsigned i = 0; i < count; i++) {
         char json[512];
         snprintf(json, sizeof(json), "%s/%s", d, names[i]);
         if (!ok && !is_splitgl(json) && json_library(json, lib, sizeof(lib)) && !is_splitgl(lib))
            ok = try(lib, why, why_size);
         free(names[i]);
      }
   }
   free(list);
   return ok;
}

/* Whether the process's libglvnd (libEGL.so.1) has `handle` among its vendors: libglvnd loads
 * every vendor of __EGL_VENDOR_LIBRARY_FILENAMES when set, else of the vendor folders, and
 * has called their __egl_Main. */
static bool
glvnd_owns(void *handle)
{
   void *glvnd = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
   if (!glvnd)
      return false;
   dlclose(glvnd);
   bool owns = false;
   char lib[512];
   const char *files = getenv("__EGL_VENDOR_LIBRARY_FILENAMES");
   if (files && *files) {
      char *list = strdup(files);
      for (char *save = NULL, *t = list ? strtok_r(list, ":", &save) : NULL; t && !owns; t = strtok_r(NULL, ":", &save)) {
         void *h = json_library(t, lib, sizeof(lib)) ? dlopen(lib, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD) : NULL;
         owns = h == handle;
         if (h)
            dlclose(h);
      }
      free(list);
      return owns;
   }
   const char *dirs = getenv("__EGL_VENDOR_LIBRARY_DIRS");
   char *list = strdup(dirs && *dirs ? dirs : "/etc/glvnd/egl_vendor.d:/usr/share/glvnd/egl_vendor.d");
   for (char *save = NULL, *d = list ? strtok_r(list, ":", &save) : NULL; d && !owns; d = strtok_r(NULL, ":", &save)) {
      DIR *dir = opendir(d);
      struct dirent *ent;
      while (dir && !owns && (ent = readdir(dir))) {
         char json[512];
         snprintf(json, sizeof(json), "%s/%s", d, ent->d_name);
         void *h = json_library(json, lib, sizeof(lib)) ? dlopen(lib, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD) : NULL;
         owns = h == handle;
         if (h)
            dlclose(h);
      }
      if (dir)
         closedir(dir);
   }
   free(list);
   return owns;
}

static bool
try_vendor(const char *lib, char *why, size_t why_size)
{
   /* Loaded already (by the sanitizer builds' keep-alive, say) is fine; loaded as one of
    * libglvnd's vendors is not: libglvnd ran its __egl_Main, and running it again would
    * redirect that vendor's dispatch stubs to Espryt's exports. */
   void *loaded = dlopen(lib, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
   if (loaded) {
      bool taken = glvnd_owns(loaded);
      dlclose(loaded);
      if (taken) {
         snprintf(why, why_size, "%s is one of this process's libglvnd vendors: Espryt will not share it", lib);
         return false;
      }
   }
   void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
   if (!h) {
      snprintf(why, why_size, "dlopen %s: %s", lib, dlerror());
      return false;
   }
   __PFNEGLMAINPROC main_fn = (__PFNEGLMAINPROC)dlsym(h, "__egl_Main");
   memset(&vendor.imports, 0, sizeof(vendor.imports));
   if (!main_fn || !main_fn(EGL_VENDOR_ABI_VERSION, &exports, NULL, &vendor.imports) ||
       !vendor.imports.getProcAddress || !vendor.imports.getPlatformDisplay) {
      snprintf(why, why_size, "%s is no libglvnd EGL vendor (no usable __egl_Main)", lib);
      dlclose(h);
      return false;
   }
   vendor.lib = h;
   snprintf(vendor.path, sizeof(vendor.path), "%s", lib);
   return true;
}

static EGLDisplay
open_display(char *why, size_t why_size)
{
   struct es_egl *e = &vendor.egl;
   EGLDisplay dpy = vendor.imports.getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy != EGL_NO_DISPLAY && e->eglInitialize(dpy, &vendor.major, &vendor.minor))
      return dpy;
   PFNEGLQUERYDEVICESEXTPROC query_devices =
      (PFNEGLQUERYDEVICESEXTPROC)vendor.imports.getProcAddress("eglQueryDevicesEXT");
   EGLDeviceEXT dev;
   EGLint n = 0;
   if (query_devices && query_devices(1, &dev, &n) && n > 0) {
      dpy = vendor.imports.getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
      if (dpy != EGL_NO_DISPLAY && e->eglInitialize(dpy, &vendor.major, &vendor.minor))
         return dpy;
   }
   snprintf(why, why_size, "%s: neither a surfaceless nor a device display initializes (EGL error 0x%x)",
            vendor.path, e->eglGetError ? (unsigned)e->eglGetError() : 0u);
   return EGL_NO_DISPLAY;
}

static bool
vendor_open(char *why, size_t why_size)
{
   if (vendor.users) {
      vendor.users++;
      return true;
   }
   why[0] = 0;
   /* once opened the library stays (a later session of the process reuses it) */
   if (!vendor.lib && !for_each_candidate(try_vendor, why, why_size)) {
      if (!why[0])
         snprintf(why, why_size, "no EGL vendor but splitgl's (see the vendor JSON folders)");
      return false;
   }
#define E(type, name) vendor.egl.name = (type)vendor.imports.getProcAddress(#name);
   ES_EGL_FUNCS(E)
#undef E
#define E(type, name)                                                                           \
   if (!vendor.egl.name) {                                                                      \
      snprintf(why, why_size, "%s has no %s", vendor.path, #name);                              \
      return false;                                                                             \
   }
   ES_EGL_FUNCS(E)
#undef E
   if (vendor.dpy) { /* a session before this one initialized it */
      vendor.users = 1;
      return true;
   }
   vendor.dpy = open_display(why, why_size);
   if (vendor.dpy == EGL_NO_DISPLAY)
      return false;
   const char *v = vendor.egl.eglQueryString(vendor.dpy, EGL_VENDOR);
   if (v && strstr(v, "splitgl")) {
      snprintf(why, why_size, "%s is splitgl itself (EGL_VENDOR \"%s\")", vendor.path, v);
      vendor.egl.eglTerminate(vendor.dpy);
      vendor.dpy = NULL;
      return false;
   }
   vendor.users = 1;
   sgl_info("espryt: host EGL %d.%d from %s (EGL_VENDOR \"%s\")", vendor.major, vendor.minor, vendor.path,
            v ? v : "?");
   return true;
}

/* The library stays loaded once opened (a vendor's TLS and atexit handlers outlive us), and
 * so does its initialized display: terminating it would unload the vendor's driver (Mesa's
 * DRI module) while its allocations live on, and a later session of the process would load
 * it again. Each session destroys its own contexts; the display goes with the process. */
static void
vendor_close(void)
{
   if (vendor.users)
      vendor.users--;
   vendor.egl.eglReleaseThread();
}

/* ---- EGL devices ----------------------------------------------------------------------- */
static void
devices_probe_locked(void)
{
   if (devs.probed)
      return;
   devs.probed = true;
   devs.default_dev = -1;
   PFNEGLQUERYDEVICESEXTPROC query_devices =
      (PFNEGLQUERYDEVICESEXTPROC)vendor.imports.getProcAddress("eglQueryDevicesEXT");
   PFNEGLQUERYDEVICESTRINGEXTPROC query_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)vendor.imports.getProcAddress("eglQueryDeviceStringEXT");
   PFNEGLQUERYDISPLAYATTRIBEXTPROC query_display =
      (PFNEGLQUERYDISPLAYATTRIBEXTPROC)vendor.imports.getProcAddress("eglQueryDisplayAttribEXT");
   EGLint n = 0;
   if (!query_devices || !query_devices(WIRE_MAX_DEVICES, devs.dev, &n) || n < 0)
      n = 0;
   devs.n = (uint32_t)n;
   for (uint32_t i = 0; i < devs.n; i++) {
      struct wire_device_desc *d = &devs.desc[i];
      const char *ext = query_string ? query_string(devs.dev[i], EGL_EXTENSIONS) : NULL;
      const char *node = NULL;
#ifdef EGL_DRM_RENDER_NODE_FILE_EXT
      if (query_string && ext && strstr(ext, "EGL_EXT_device_drm_render_node"))
         node = query_string(devs.dev[i], EGL_DRM_RENDER_NODE_FILE_EXT);
#endif
      d->type = ext && strstr(ext, "EGL_MESA_device_software") ? WIRE_DEVICE_CPU : WIRE_DEVICE_OTHER;
      struct sgl_sha256 h;
      uint8_t sum[32];
      sgl_sha256_init(&h);
      sgl_sha256_update(&h, vendor.path, strlen(vendor.path) + 1);
      sgl_sha256_final(&h, sum);
      memcpy(d->driver_uuid, sum, 16);
      sgl_sha256_init(&h);
      sgl_sha256_update(&h, "espryt device", 13);
      sgl_sha256_update(&h, vendor.path, strlen(vendor.path) + 1);
      sgl_sha256_update(&h, &i, sizeof(i));
      if (node)
         sgl_sha256_update(&h, node, strlen(node));
      sgl_sha256_final(&h, sum);
      memcpy(d->uuid, sum, 16);
      const char *base = strrchr(vendor.path, '/');
      snprintf(d->driver_name, sizeof(d->driver_name), "%.63s", base ? base + 1 : vendor.path);
      snprintf(d->name, sizeof(d->name), "EGL device %u%s%.100s", i, node ? " " : "", node ? node : "");
   }
   EGLAttrib a = 0;
   if (query_display && vendor.dpy && query_display(vendor.dpy, EGL_DEVICE_EXT, &a))
      for (uint32_t i = 0; i < devs.n; i++)
         if ((EGLAttrib)devs.dev[i] == a)
            devs.default_dev = (int)i;
}

/* Device i's display initialized and described from a context of its own (once). */
static bool
device_describe_locked(uint32_t i)
{
   if (devs.state[i])
      return devs.state[i] > 0;
   devs.state[i] = -1;
   struct es_egl *e = &vendor.egl;
   EGLDisplay dpy = vendor.imports.getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs.dev[i], NULL);
   if (dpy == EGL_NO_DISPLAY || !e->eglInitialize(dpy, NULL, NULL))
      return false;
   devs.dpy[i] = dpy;
   const char *v = e->eglQueryString(dpy, EGL_VENDOR);
   snprintf(devs.desc[i].vendor, sizeof(devs.desc[i].vendor), "%.63s", v ? v : "?");
   const EGLint cfg_attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
   EGLConfig cfg = EGL_NO_CONFIG_KHR;
   EGLint ncfg = 0;
   if (!e->eglChooseConfig(dpy, cfg_attrs, &cfg, 1, &ncfg) || ncfg < 1)
      cfg = EGL_NO_CONFIG_KHR;
   const EGLint ctx_attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
   e->eglBindAPI(EGL_OPENGL_ES_API);
   EGLContext c = e->eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attrs);
   if (c == EGL_NO_CONTEXT)
      return false;
   if (e->eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
      const GLubyte *(GL_APIENTRY *get_string)(GLenum) =
         (const GLubyte *(GL_APIENTRY *)(GLenum))e->eglGetProcAddress("glGetString");
      const char *r = get_string ? (const char *)get_string(GL_RENDERER) : NULL;
      const char *ver = get_string ? (const char *)get_string(GL_VERSION) : NULL;
      if (r && ver) {
         /* as es_backend_create names its renderer, cut where GetInfo cuts it */
         char full[256];
         snprintf(full, sizeof(full), "%.120s, %.120s", r, ver);
         snprintf(devs.desc[i].name, sizeof(devs.desc[i].name), "%.100s", full);
         devs.state[i] = 1;
      }
      e->eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   }
   e->eglDestroyContext(dpy, c);
   devs.desc[i].usable = devs.state[i] > 0;
   return devs.state[i] > 0;
}

void
es_list_devices(struct srv_backend *sbe, struct wire_device_list *list)
{
   struct es_backend *be = es_backend(sbe);
   memset(list, 0, sizeof(*list));
   pthread_mutex_lock(&vendor_lock);
   devices_probe_locked();
   for (uint32_t i = 0; i < devs.n; i++) {
      device_describe_locked(i);
      list->dev[i] = devs.desc[i];
   }
   list->count = devs.n;
   list->current = be->dev_index >= 0 ? (uint32_t)be->dev_index : 0;
   pthread_mutex_unlock(&vendor_lock);
   be->current = EGL_NO_CONTEXT; /* the descriptions made their own contexts current */
}

/* The display a session renders on: the selected device's (checked against its UUID), else the
 * vendor's default. False with why where the selection cannot be honoured. */
static bool
choose_display(struct es_backend *be, const struct wire_device_select *sel, char *why, size_t why_size)
{
   pthread_mutex_lock(&vendor_lock);
   devices_probe_locked();
   bool ok = true;
   if (sel && sel->index) {
      uint32_t i = sel->index - 1;
      if (i >= devs.n || memcmp(devs.desc[i].uuid, sel->uuid, 16)) {
         snprintf(why, why_size, "the selected EGL device %u is not the host's device of that place", sel->index);
         ok = false;
      } else if (!device_describe_locked(i)) {
         snprintf(why, why_size, "the host's EGL device %u gives no OpenGL ES 3 context", i);
         ok = false;
      } else {
         be->dpy = devs.dpy[i];
         be->dev_index = (int)i;
      }
   } else {
      be->dpy = vendor.dpy;
      be->dev_index = devs.default_dev;
   }
   pthread_mutex_unlock(&vendor_lock);
   return ok;
}

/* ---- per backend --------------------------------------------------------------------- */
EGLContext
es_egl_context_create(struct es_backend *be, EGLContext share)
{
   /* ES 3.2 where the host has it, else 3.1, else 3.0 (the minimum). Robust buffer access
    * (EGL 1.5's EGL_CONTEXT_OPENGL_ROBUST_ACCESS) where the host gives it: the wire lets a
    * vertex or index fetch run past its buffer (it reads zeros on Magma, robustBufferAccess),
    * which an ES context without robustness leaves undefined, crashes included. The root
    * decides; its share group must agree (EGL 1.5 section 3.7.1.5). */
   static const EGLint minors[] = {2, 1, 0};
   for (int robust = share == EGL_NO_CONTEXT ? 1 : be->robust; robust >= 0; robust--) {
      for (unsigned i = 0; i < 3; i++) {
         const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, minors[i],
                                 EGL_CONTEXT_OPENGL_ROBUST_ACCESS, robust ? EGL_TRUE : EGL_FALSE, EGL_NONE};
         EGLContext c = be->egl.eglCreateContext(be->dpy, be->config, share, attrs);
         if (c != EGL_NO_CONTEXT) {
            if (share == EGL_NO_CONTEXT)
               be->robust = robust != 0;
            return c;
         }
      }
      if (share != EGL_NO_CONTEXT)
         break;
   }
   return EGL_NO_CONTEXT;
}

static bool
pick_config(struct es_backend *be, char *why, size_t why_size)
{
   const char *exts = be->egl.eglQueryString(be->dpy, EGL_EXTENSIONS);
   if (!exts || !strstr(exts, "EGL_KHR_surfaceless_context")) {
      snprintf(why, why_size, "the host display lacks EGL_KHR_surfaceless_context");
      return false;
   }
   bool no_config = strstr(exts, "EGL_KHR_no_config_context") != NULL;
   const EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
   EGLint n = 0;
   if (!be->egl.eglChooseConfig(be->dpy, attrs, &be->config, 1, &n) || n < 1) {
      if (!no_config) {
         snprintf(why, why_size, "the host display has no OpenGL ES 3 config");
         return false;
      }
      be->config = EGL_NO_CONFIG_KHR;
   }
   return true;
}

bool
es_egl_open(struct es_backend *be, const struct wire_device_select *sel, char *why, size_t why_size)
{
   pthread_mutex_lock(&vendor_lock);
   bool ok = vendor_open(why, why_size);
   pthread_mutex_unlock(&vendor_lock);
   if (!ok)
      return false;
   be->egl = vendor.egl;
   if (!choose_display(be, sel, why, why_size)) {
      pthread_mutex_lock(&vendor_lock);
      vendor_close();
      pthread_mutex_unlock(&vendor_lock);
      return false;
   }
   snprintf(be->vendor_path, sizeof(be->vendor_path), "%s", vendor.path);
   if (!be->egl.eglBindAPI(EGL_OPENGL_ES_API) || !pick_config(be, why, why_size))
      goto fail;
   be->root = es_egl_context_create(be, EGL_NO_CONTEXT);
   if (be->root == EGL_NO_CONTEXT) {
      snprintf(why, why_size, "the host cannot create an OpenGL ES 3.0 context (EGL error 0x%x)",
               (unsigned)be->egl.eglGetError());
      goto fail;
   }
   if (!be->egl.eglMakeCurrent(be->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, be->root)) {
      snprintf(why, why_size, "eglMakeCurrent of the root context failed (EGL error 0x%x)",
               (unsigned)be->egl.eglGetError());
      goto fail;
   }
   be->current = be->root;
#define ES_GL(ret, name, params) be->gl.name = (ret(GL_APIENTRY *) params)be->egl.eglGetProcAddress("gl" #name);
#define ES_GL_OPT ES_GL
#include "es_gl_funcs.h"
#undef ES_GL_OPT
#undef ES_GL
#define ES_GL(ret, name, params)                                                                \
   if (!be->gl.name) {                                                                          \
      snprintf(why, why_size, "the host's eglGetProcAddress has no gl%s", #name);              \
      goto fail;                                                                                \
   }
#define ES_GL_OPT(ret, name, params)
#include "es_gl_funcs.h"
#undef ES_GL_OPT
#undef ES_GL
   return true;
fail:
   es_egl_close(be);
   return false;
}

void
es_egl_close(struct es_backend *be)
{
   if (!be->dpy)
      return;
   if (be->current && be->egl.eglGetCurrentContext() == be->current)
      be->egl.eglMakeCurrent(be->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (be->root)
      be->egl.eglDestroyContext(be->dpy, be->root);
   be->root = EGL_NO_CONTEXT;
   be->current = EGL_NO_CONTEXT;
   pthread_mutex_lock(&vendor_lock);
   vendor_close();
   pthread_mutex_unlock(&vendor_lock);
   be->dpy = NULL;
}

/* A thread that made a host context current lets go of it when it ends (a thread-specific
 * destructor runs on the ending thread): inproc's apply thread ends with its context current,
 * and the session is then torn down on the client's thread, which could neither make that
 * context current nor have it freed while it stays bound to a dead thread. */
static pthread_key_t release_key;
static pthread_once_t release_once = PTHREAD_ONCE_INIT;

static void
release_on_exit(void *unused)
{
   pthread_mutex_lock(&vendor_lock);
   if (vendor.dpy) {
      vendor.egl.eglMakeCurrent(vendor.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      vendor.egl.eglReleaseThread();
   }
   pthread_mutex_unlock(&vendor_lock);
}

static void
release_key_init(void)
{
   pthread_key_create(&release_key, release_on_exit);
}

/* A session's calls come from one thread at a time (the apply thread; on monolith the
 * application's thread that holds the channel). The host context stays current between
 * calls; it is switched only when another context's record arrives, or when the thread
 * changed (the vendor's own current context is per thread). */
bool
es_make_current(struct es_backend *be, struct es_ctx *ctx)
{
   EGLContext want = ctx ? ctx->egl : (be->current ? be->current : be->root);
   if (want == be->current && be->egl.eglGetCurrentContext() == want)
      return true;
   if (be->current && be->egl.eglGetCurrentContext() == be->current)
      be->gl.Flush(); /* work of one context is ordered before the next one's (share group) */
   if (!be->egl.eglMakeCurrent(be->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, want)) {
      EGLint err = be->egl.eglGetError();
      if (err == EGL_BAD_ACCESS)
         es_fail(be, "the session's records came from another thread while its host context is current on "
                     "the first (monolith with several threads: not supported yet)");
      else
         es_fail(be, "eglMakeCurrent failed (EGL error 0x%x)", (unsigned)err);
      return false;
   }
   pthread_once(&release_once, release_key_init);
   pthread_setspecific(release_key, (void *)1);
   be->current = want;
   be->cur_ctx = want == be->root ? NULL : ctx ? ctx : be->cur_ctx;
   return true;
}
