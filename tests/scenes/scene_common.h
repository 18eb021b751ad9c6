/*
 * scene_common.h — shared helpers for the differential render scenes (tests/scenes/).
 *
 * A scene is a small program that uses only EGL and GL through libglvnd. It renders into a
 * pbuffer, reads the whole surface back with glReadPixels(RGBA, UNSIGNED_BYTE) and writes it as
 * a binary PAM (P7, RGB_ALPHA, rows top to bottom) to the path given as argv[1]. run_scene.py
 * runs it once on Mesa's llvmpipe (the oracle) and once on splitgl and compares the images.
 *
 * The API headers are picked by a compile definition, one per context kind, so a scene can only
 * call what its context offers:
 *   SCENE_API_ES2  -> <GLES2/gl2.h>   (link -lEGL -lGLESv2)
 *   SCENE_API_ES3  -> <GLES3/gl3.h>   (link -lEGL -lGLESv2)
 *   SCENE_API_GL33 -> <GL/glcorearb.h> (link -lEGL -lOpenGL)
 *
 * Every failure ends the process with exit status 1 after one line on stderr of the form
 *   scene FAIL <file>:<line>: <what>
 */
#ifndef SCENE_COMMON_H
#define SCENE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#if defined(SCENE_API_GL33)
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#elif defined(SCENE_API_ES3)
#include <GLES3/gl3.h>
#elif defined(SCENE_API_ES2)
#include <GLES2/gl2.h>
#else
#error "define one of SCENE_API_ES2, SCENE_API_ES3, SCENE_API_GL33"
#endif

#define SCENE_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum scene_api {
   SCENE_ES2,  /**< OpenGL ES 2.0 context, GLSL ES 1.00 */
   SCENE_ES3,  /**< OpenGL ES 3.0 context, GLSL ES 3.00 */
   SCENE_GL33, /**< OpenGL 3.3 core profile context, GLSL 3.30 core */
};

struct scene_config {
   enum scene_api api;
   int width, height;      /**< pbuffer size */
   int depth_bits;         /**< 0 or 24 */
   int stencil_bits;       /**< 0 or 8 */
   int samples;            /**< EGL_SAMPLES of the config: 0 (single-sampled) or 4 */
   /** Open the display with eglGetDisplay(EGL_DEFAULT_DISPLAY) instead of
    *  eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, ...); the test sets
    *  EGL_PLATFORM=surfaceless (the way dEQP's surfaceless target runs). */
   bool default_display;
};

struct scene {
   const char *out_path;
   enum scene_api api;
   EGLDisplay dpy;
   EGLConfig config;
   EGLSurface surface;
   EGLContext context;
   int width, height;
};

/** Fails the scene: prints "scene FAIL file:line: msg" and exits 1. */
void scene_fail(const char *file, int line, const char *fmt, ...)
   __attribute__((noreturn, format(printf, 3, 4)));

/** Reads glGetError(); fails unless it is @p expected, then fails unless the error flags are
 *  all clear (an expected error must be the only one). @p what names the call. */
void scene_check_error(const char *file, int line, GLenum expected, const char *what);

#define SCENE_CHECK(cond, ...)                                                                    \
   do {                                                                                          \
      if (!(cond))                                                                               \
         scene_fail(__FILE__, __LINE__, __VA_ARGS__);                                            \
   } while (0)

/** Runs one GL call and fails the scene unless glGetError() == GL_NO_ERROR afterwards. */
#define GL(call)                                                                                  \
   do {                                                                                          \
      call;                                                                                      \
      scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, #call);                                 \
   } while (0)

/** Runs one GL call that the spec says must fail with @p err (and have no other effect). */
#define GL_EXPECT(err, call)                                                                      \
   do {                                                                                          \
      call;                                                                                      \
      scene_check_error(__FILE__, __LINE__, (err), #call);                                       \
   } while (0)

#define EGL_CHECK(cond)                                                                           \
   do {                                                                                          \
      if (!(cond))                                                                               \
         scene_fail(__FILE__, __LINE__, "%s failed, eglGetError() = 0x%04x", #cond,           \
                    (unsigned)eglGetError());                                                    \
   } while (0)

/** Parses argv (one argument: the output image path), opens the display, picks a config,
 *  creates the pbuffer and the context, makes them current and checks the GL strings. */
void scene_init(struct scene *s, const struct scene_config *cfg, int argc, char **argv);

/** eglSwapBuffers on the pbuffer (no effect on the contents per EGL 1.5 §3.10.1). */
void scene_swap(struct scene *s);

/** Reads the whole surface back from framebuffer 0, writes the PAM, releases the context,
 *  destroys everything, terminates the display. Returns the process exit status (0). */
int scene_finish(struct scene *s);

/* Programs. Each helper checks compile/link status and fails the scene with the info log. */
GLuint scene_compile(GLenum type, const char *src);
/** Compiles @p src, which must fail: checks COMPILE_STATUS == GL_FALSE and a non-empty log. */
void scene_expect_compile_failure(GLenum type, const char *src);
/** Links vs+fs; @p attribs (NULL-terminated, may be NULL) are bound with
 *  glBindAttribLocation(prog, i, attribs[i]) before linking. Deletes the shaders. */
GLuint scene_program(const char *vs_src, const char *fs_src, const char *const *attribs);
/** scene_program with a geometry shader between them (@p gs_src may be NULL). */
GLuint scene_program_gs(const char *vs_src, const char *gs_src, const char *fs_src, const char *const *attribs);
/** A bound vertex array whose attribute 0 is the unit square as a triangle strip (vec2 (0,0),
 *  (1,0), (0,1), (1,1)) from the buffer *vbo (ES 3.0 and GL 3.3 scenes). */
void scene_unit_strip(GLuint *vao, GLuint *vbo);
/** glGetUniformLocation that fails the scene when the uniform is not active. */
GLint scene_uniform(GLuint prog, const char *name);

/** Checks GL_VIEWPORT / GL_SCISSOR_BOX equal what was set. */
void scene_expect_viewport(int x, int y, int w, int h);
void scene_expect_scissor(int x, int y, int w, int h);
/** Checks limits apps commonly query are present and sane (not equal to any one driver's). */
void scene_check_limits(const struct scene *s);

/* Small math for the scenes: column-major 4x4 matrices as GL wants them. */
void scene_mat4_identity(float m[16]);
void scene_mat4_mul(float out[16], const float a[16], const float b[16]);
void scene_mat4_perspective(float m[16], float fovy_deg, float aspect, float znear, float zfar);
void scene_mat4_translate(float m[16], float x, float y, float z);
void scene_mat4_rotate(float m[16], float deg, float x, float y, float z);
/** Upper-left 3x3 of @p m (for a rotation-only model matrix this is the normal matrix). */
void scene_mat3_from_mat4(float out[9], const float m[16]);

#ifndef SCENE_API_ES2
/** A flat-colour rectangle drawer for ES 3.0 / GL 3.3 scenes: rectangles in pixels (of the
 *  current viewport size given at init), depth @p z in NDC, one colour. Owns a program, a VAO
 *  and a stream buffer; scene_rects_draw binds them (and leaves them bound). */
struct scene_rects {
   GLuint prog, vao, vbo;
   GLint u_color, u_half, u_z;
};
void scene_rects_init(struct scene_rects *r, int width, int height);
void scene_rects_draw(struct scene_rects *r, float x0, float y0, float x1, float y1, float z,
                      const float rgba[4]);
/** Any quad as a 4-vertex triangle strip (x,y pairs in pixels): (v0,v1,v2) and (v1,v3,v2)...
 *  the strip's own winding, so v0,v1,v2 counter-clockwise makes both triangles front-facing. */
void scene_rects_draw_strip(struct scene_rects *r, const float xy[8], float z,
                            const float rgba[4]);
void scene_rects_fini(struct scene_rects *r);
/** A new texture bound to @p target: @p min_filter, NEAREST magnification, CLAMP_TO_EDGE. */
GLuint scene_texture(GLenum target, GLenum min_filter);
/** A bound VAO whose attribute 0 is the unit square as a 4-vertex triangle strip (0,0)-(1,1)
 *  (its buffer lives as long as the context). */
GLuint scene_unit_quad(void);
/** The "#version ..." line (plus precision for ES) of the scene's shading language. */
const char *scene_glsl_header(void);
#endif

/** Fills @p n bytes with a pattern that depends on @p seed (deterministic, no libc rand). */
void scene_fill_pattern(uint8_t *dst, size_t n, uint32_t seed);

#endif /* SCENE_COMMON_H */
