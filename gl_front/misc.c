/* splitgl gl_front: strings, glFinish / glFlush, pixel store. */
#include <stdio.h>
#include <stdlib.h>

#include "glf_context.h"

#define GLF_VERSION_SUFFIX "splitgl 0.1"

static const char *
renderer_string(struct glf_context *ctx)
{
   /* Written once per channel (caps.c), read-only afterwards. */
   return glf_channel_info(ctx) ? ctx->chan->renderer : "splitgl (server lost)";
}

/* The extensions each context lists: exactly those implemented (gl_front/extensions.def). */
#define EXT_NONE 0u
#define EXT_ES 1u
#define EXT_CORE 2u
static const struct {
   const char *name;
   unsigned apis;
   bool (*avail)(const struct glf_context *ctx); /* what the server's device must offer; NULL: always */
} extensions[] = {
#define EXT(name, apis, avail) {#name, apis, avail},
#include "gl_front/extensions.def"
#undef EXT
};

static unsigned
ext_api(const struct glf_context *ctx)
{
   return GLF_CORE(ctx) ? EXT_CORE : EXT_ES;
}

static bool
listed(const struct glf_context *ctx, unsigned i)
{
   return (extensions[i].apis & ext_api(ctx)) && (!extensions[i].avail || extensions[i].avail(ctx));
}

unsigned
glf_num_extensions(const struct glf_context *ctx)
{
   unsigned n = 0;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(extensions); i++)
      n += listed(ctx, i);
   return n;
}

static const char *
extension_at(const struct glf_context *ctx, unsigned index)
{
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(extensions); i++)
      if (listed(ctx, i) && index-- == 0)
         return extensions[i].name;
   return NULL;
}

/* GL_EXTENSIONS: the names joined by spaces, built once per context. */
static const char *
extension_string(struct glf_context *ctx)
{
   if (ctx->extensions_str)
      return ctx->extensions_str;
   size_t len = 1;
   for (unsigned i = 0; i < GLF_ARRAY_SIZE(extensions); i++)
      len += strlen(extensions[i].name) + 1;
   char *s = malloc(len);
   if (!s)
      return "";
   s[0] = 0;
   for (unsigned i = 0, n = glf_num_extensions(ctx); i < n; i++) {
      if (i)
         strcat(s, " ");
      strcat(s, extension_at(ctx, i));
   }
   ctx->extensions_str = s;
   return s;
}

const GLubyte *GLAPIENTRY
glf_GetString(GLenum name)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return NULL;
   bool es = GLF_ES(ctx);
   switch (name) {
   case GL_VENDOR:
      return (const GLubyte *)"splitgl";
   case GL_RENDERER:
      return (const GLubyte *)renderer_string(ctx);
   case GL_VERSION:
      if (es)
         return (const GLubyte *)(ctx->major >= 3 ? "OpenGL ES 3.0 " GLF_VERSION_SUFFIX
                                                  : "OpenGL ES 2.0 " GLF_VERSION_SUFFIX);
      return (const GLubyte *)("3.3 (Core Profile) " GLF_VERSION_SUFFIX);
   case GL_SHADING_LANGUAGE_VERSION:
      if (es)
         return (const GLubyte *)(ctx->major >= 3 ? "OpenGL ES GLSL ES 3.00" : "OpenGL ES GLSL ES 1.00");
      return (const GLubyte *)"3.30";
   case GL_EXTENSIONS:
      /* From the OpenGL 3.3 core spec, section 6.1.5 (GetString): EXTENSIONS is not an
       * accepted name in the core profile (use GetStringi). */
      if (!es)
         break;
      return (const GLubyte *)extension_string(ctx);
   default:
      break;
   }
   glf_error(ctx, GL_INVALID_ENUM, "glGetString(name=0x%x)", name);
   return NULL;
}

const GLubyte *GLAPIENTRY
glf_GetStringi(GLenum name, GLuint index)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return NULL;
   if (name != GL_EXTENSIONS) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetStringi(name=0x%x)", name);
      return NULL;
   }
   /* "INVALID_VALUE is generated if index is outside [0, NUM_EXTENSIONS - 1]". */
   if (index >= glf_num_extensions(ctx)) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetStringi(index=%u)", index);
      return NULL;
   }
   return (const GLubyte *)extension_at(ctx, index);
}

void GLAPIENTRY
glf_Finish(void)
{
   GET_CURRENT_CONTEXT(ctx);
   /* "Finish does not return until the effects of all previously called GL commands are
    * complete": the Finish record waits until it is applied, and applying it waits for the
    * device. */
   if (ctx && GLF_BEGIN(ctx, Finish))
      wire_end(ctx->wire);
}

void GLAPIENTRY
glf_Flush(void)
{
   GET_CURRENT_CONTEXT(ctx);
   glf_flush(ctx);
}

void GLAPIENTRY
glf_PixelStorei(GLenum pname, GLint param)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   GLint *dst = NULL;
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   switch (pname) {
   case GL_UNPACK_ALIGNMENT: dst = &ctx->unpack.alignment; break;
   case GL_PACK_ALIGNMENT: dst = &ctx->pack.alignment; break;
   case GL_UNPACK_ROW_LENGTH: dst = es2 ? NULL : &ctx->unpack.row_length; break;
   case GL_UNPACK_IMAGE_HEIGHT: dst = es2 ? NULL : &ctx->unpack.image_height; break;
   case GL_UNPACK_SKIP_PIXELS: dst = es2 ? NULL : &ctx->unpack.skip_pixels; break;
   case GL_UNPACK_SKIP_ROWS: dst = es2 ? NULL : &ctx->unpack.skip_rows; break;
   case GL_UNPACK_SKIP_IMAGES: dst = es2 ? NULL : &ctx->unpack.skip_images; break;
   case GL_PACK_ROW_LENGTH: dst = es2 ? NULL : &ctx->pack.row_length; break;
   case GL_PACK_SKIP_PIXELS: dst = es2 ? NULL : &ctx->pack.skip_pixels; break;
   case GL_PACK_SKIP_ROWS: dst = es2 ? NULL : &ctx->pack.skip_rows; break;
   case GL_PACK_IMAGE_HEIGHT: dst = GLF_CORE(ctx) ? &ctx->pack.image_height : NULL; break;
   case GL_PACK_SKIP_IMAGES: dst = GLF_CORE(ctx) ? &ctx->pack.skip_images : NULL; break;
   case GL_UNPACK_SWAP_BYTES: case GL_UNPACK_LSB_FIRST: case GL_PACK_SWAP_BYTES: case GL_PACK_LSB_FIRST:
      if (GLF_CORE(ctx)) {
         if (param)
            sgl_log_once(SGL_LOG_WARN, "glPixelStorei: SWAP_BYTES / LSB_FIRST are ignored");
         return;
      }
      break;
   default:
      break;
   }
   if (!dst) {
      glf_error(ctx, GL_INVALID_ENUM, "glPixelStorei(pname=0x%x)", pname);
      return;
   }
   /* From the OpenGL ES 3.0 spec, section 3.7.1: "An INVALID_VALUE error is generated if
    * a negative row length, image height, or skip value is specified, or if an alignment is
    * specified as other than 1, 2, 4, or 8." */
   if (pname == GL_UNPACK_ALIGNMENT || pname == GL_PACK_ALIGNMENT) {
      if (param != 1 && param != 2 && param != 4 && param != 8) {
         glf_error(ctx, GL_INVALID_VALUE, "glPixelStorei(alignment=%d)", param);
         return;
      }
   } else if (param < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glPixelStorei(param=%d)", param);
      return;
   }
   *dst = param;
}

void GLAPIENTRY
glf_PixelStoref(GLenum pname, GLfloat param)
{
   glf_PixelStorei(pname, (GLint)(param + (param >= 0 ? 0.5f : -0.5f)));
}
