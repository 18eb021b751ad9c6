/* splitgl gl_front: GL errors (first error wins, as Mesa's _mesa_error) and the record of
 * unimplemented entry points that were called. */
#include <stdarg.h>
#include <stdio.h>

#include "glf_context.h"

void
glf_error(struct glf_context *ctx, GLenum err, const char *fmt, ...)
{
   if (!ctx)
      return;
   if (ctx->error == GL_NO_ERROR)
      ctx->error = err;
   if (sgl_log_enabled(SGL_LOG_DEBUG) || ctx->debug_output) {
      char where[256];
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(where, sizeof(where), fmt, ap);
      va_end(ap);
      sgl_dbg("GL error %s in %s", glf_enum_name(err), where);
      if (ctx->debug_output) {
         char text[320];
         snprintf(text, sizeof(text), "%s in %s", glf_enum_name(err), where);
         glf_debug_error(ctx, err, text);
      }
   }
}

const char *
glf_enum_name(GLenum e)
{
   switch (e) {
   case GL_NO_ERROR: return "GL_NO_ERROR";
   case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
   case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
   case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
   case GL_CONTEXT_LOST: return "GL_CONTEXT_LOST";
   case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
   case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
   default: {
      static __thread char buf[16];
      snprintf(buf, sizeof(buf), "0x%04x", e);
      return buf;
   }
   }
}

/* ---- unimplemented entry points ------------------------------------------------------ */
#define GLF_MAX_UNIMPL_HITS 512
static pthread_mutex_t unimpl_lock = PTHREAD_MUTEX_INITIALIZER;
static const char *unimpl_names[GLF_MAX_UNIMPL_HITS];
static uint64_t unimpl_counts[GLF_MAX_UNIMPL_HITS];
static unsigned unimpl_count;


void
glf_unimplemented(const char *name)
{
   GET_CURRENT_CONTEXT(ctx);
   bool first = false;
   pthread_mutex_lock(&unimpl_lock);
   unsigned i;
   for (i = 0; i < unimpl_count; i++)
      if (unimpl_names[i] == name)
         break;
   if (i == unimpl_count && unimpl_count < GLF_MAX_UNIMPL_HITS) {
      unimpl_names[unimpl_count++] = name;
      first = true;
   }
   if (i < unimpl_count)
      unimpl_counts[i]++;
   pthread_mutex_unlock(&unimpl_lock);
   if (first)
      sgl_warn("%s is not implemented (GL_INVALID_OPERATION)", name);
   glf_debug_warn(ctx, GL_DEBUG_TYPE_OTHER, "splitgl: %s is not implemented", name);
   glf_error(ctx, GL_INVALID_OPERATION, "%s (not implemented)", name);
}

/* Writes "glFoo, glBar" into buf. */
static void
unimpl_list(char *buf, size_t size)
{
   size_t used = 0;
   buf[0] = 0;
   pthread_mutex_lock(&unimpl_lock);
   for (unsigned i = 0; i < unimpl_count && used < size; i++) {
      int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", unimpl_names[i]);
      if (n < 0)
         break;
      used += (size_t)n;
   }
   pthread_mutex_unlock(&unimpl_lock);
}

void
glf_print_unimplemented_hits(void)
{
   pthread_mutex_lock(&unimpl_lock);
   for (unsigned i = 0; i < unimpl_count; i++)
      fprintf(stderr, "splitgl: unimplemented %s called %llu times\n", unimpl_names[i],
              (unsigned long long)unimpl_counts[i]);
   pthread_mutex_unlock(&unimpl_lock);
}

void
glf_stats_unimplemented(char *buf, size_t size)
{
   unimpl_list(buf, size);
}

GLenum GLAPIENTRY
glf_GetError(void)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_NO_ERROR;
   /* Errors only the server can find arrive as events, recorded on the context whose record
    * raised them (glf_wire_gl_error): observe them now. The client's own error, raised
    * synchronously by an earlier call, comes first. */
   wire_drain(ctx->wire);
   GLenum e = ctx->error;
   if (e == GL_NO_ERROR)
      e = __atomic_exchange_n(&ctx->server_error, GL_NO_ERROR, __ATOMIC_ACQ_REL);
   /* From KHR_robustness: "After a graphics reset has occurred on a context, subsequent GL
    * commands on that context [...] will generate a CONTEXT_LOST error" (glf_begin raises it
    * for every command that reaches the wire); the first glGetError after the loss reports
    * it even when no command ran since. */
   if (e == GL_NO_ERROR && !ctx->loss_reported && glf_reset_status(ctx) != GL_NO_ERROR)
      e = GL_CONTEXT_LOST;
   if (e == GL_CONTEXT_LOST)
      ctx->loss_reported = true;
   ctx->error = GL_NO_ERROR;
   return e;
}
