/* splitgl gl_front: KHR_robustness (GL core and ES), EXT_robustness (ES) and the
 * ARB_robustness spellings: reset notification, and the bounded ReadnPixels / GetnUniform*.
 *
 * A reset here is the loss of the context's channel: the server died, reported a lost device
 * (Magma's VK_ERROR_DEVICE_LOST), a protocol error ended the session, or a wait timed out.
 * splitgl cannot tell whether this context caused it, so the status is always
 * UNKNOWN_CONTEXT_RESET, and the context never recovers: the application must make a new
 * one (on a new display connection). */
#include "glf_context.h"

GLenum
glf_reset_status(struct glf_context *ctx)
{
   wire_drain(ctx->wire); /* a DEVICE_LOST event may be waiting */
   return __atomic_load_n(&ctx->reset_status, __ATOMIC_ACQUIRE);
}

/* From KHR_robustness: "If the reset notification behavior is NO_RESET_NOTIFICATION, then the
 * implementation will never deliver notification of reset events, and
 * GetGraphicsResetStatus will always return NO_ERROR." Otherwise the status stays
 * UNKNOWN_CONTEXT_RESET: "If a reset status other than NO_ERROR is returned and subsequent
 * calls return NO_ERROR, the context reset was encountered and completed" -- ours never
 * completes. */
GLenum GLAPIENTRY
glf_GetGraphicsResetStatus(void)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_NO_ERROR;
   GLenum st = glf_reset_status(ctx);
   return ctx->reset_strategy == GL_LOSE_CONTEXT_ON_RESET ? st : GL_NO_ERROR;
}

GLenum GLAPIENTRY glf_GetGraphicsResetStatusKHR(void) { return glf_GetGraphicsResetStatus(); }
GLenum GLAPIENTRY glf_GetGraphicsResetStatusEXT(void) { return glf_GetGraphicsResetStatus(); }
GLenum GLAPIENTRY glf_GetGraphicsResetStatusARB(void) { return glf_GetGraphicsResetStatus(); }

static void
readn(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type, GLsizei bufSize, void *data)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glReadnPixels(bufSize < 0)");
      return;
   }
   glf_read_pixels(ctx, x, y, w, h, format, type, (size_t)bufSize, data);
}

#define READN_PIXELS(suffix)                                                                  \
   void GLAPIENTRY glf_ReadnPixels##suffix(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,   \
                                           GLenum type, GLsizei bufSize, void *data)              \
   {                                                                                          \
      readn(x, y, w, h, format, type, bufSize, data);                                         \
   }
READN_PIXELS()
READN_PIXELS(KHR)
READN_PIXELS(EXT)
READN_PIXELS(ARB)

#define GETN_UNIFORM(suffix, ctype, gltype)                                                   \
   void GLAPIENTRY glf_GetnUniform##suffix(GLuint p, GLint l, GLsizei n, ctype *v)         \
   {                                                                                       \
      glf_get_n_uniform(p, l, n, v, gltype, "glGetnUniform" #suffix);                      \
   }
GETN_UNIFORM(fv, GLfloat, GL_FLOAT)
GETN_UNIFORM(iv, GLint, GL_INT)
GETN_UNIFORM(uiv, GLuint, GL_UNSIGNED_INT)
GETN_UNIFORM(fvKHR, GLfloat, GL_FLOAT)
GETN_UNIFORM(ivKHR, GLint, GL_INT)
GETN_UNIFORM(uivKHR, GLuint, GL_UNSIGNED_INT)
GETN_UNIFORM(fvEXT, GLfloat, GL_FLOAT)
GETN_UNIFORM(ivEXT, GLint, GL_INT)
GETN_UNIFORM(fvARB, GLfloat, GL_FLOAT)
GETN_UNIFORM(ivARB, GLint, GL_INT)
GETN_UNIFORM(uivARB, GLuint, GL_UNSIGNED_INT)
