/* splitgl gl_front: KHR_debug (OpenGL 4.3 chapter 20 / OpenGL ES 3.2 chapter 18 semantics, as
 * the extension for GL 3.3 core and ES 3.0 contexts).
 *
 * Messages: the application's (glDebugMessageInsert), every GL error the front end raises
 * (source API, type ERROR, severity HIGH, id = the error enum, the text saying which call and
 * argument), splitgl's own warnings on the context (unimplemented entry points, refused
 * formats: glf_debug_warn), and group push / pop. A message that passes the current group's
 * filter goes to the callback (on the calling thread, before the call returns: output is
 * always synchronous) or, without one, to the context's log. Filters: a default per (source,
 * type, severity) -- LOW disabled, everything else enabled, as the spec's initial state -- and
 * per-id overrides; each debug group starts with a copy of its parent's filter. DEBUG_OUTPUT
 * starts enabled in debug contexts only. Labels live on the objects and go with them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "glf_context.h"

#define DBG_SOURCES 6
#define DBG_TYPES 9
#define DBG_SEVERITIES 4

static int
source_index(GLenum s)
{
   switch (s) {
   case GL_DEBUG_SOURCE_API: return 0;
   case GL_DEBUG_SOURCE_WINDOW_SYSTEM: return 1;
   case GL_DEBUG_SOURCE_SHADER_COMPILER: return 2;
   case GL_DEBUG_SOURCE_THIRD_PARTY: return 3;
   case GL_DEBUG_SOURCE_APPLICATION: return 4;
   case GL_DEBUG_SOURCE_OTHER: return 5;
   default: return -1;
   }
}

static int
type_index(GLenum t)
{
   switch (t) {
   case GL_DEBUG_TYPE_ERROR: return 0;
   case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return 1;
   case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return 2;
   case GL_DEBUG_TYPE_PORTABILITY: return 3;
   case GL_DEBUG_TYPE_PERFORMANCE: return 4;
   case GL_DEBUG_TYPE_OTHER: return 5;
   case GL_DEBUG_TYPE_MARKER: return 6;
   case GL_DEBUG_TYPE_PUSH_GROUP: return 7;
   case GL_DEBUG_TYPE_POP_GROUP: return 8;
   default: return -1;
   }
}

static int
severity_index(GLenum s)
{
   switch (s) {
   case GL_DEBUG_SEVERITY_HIGH: return 0;
   case GL_DEBUG_SEVERITY_MEDIUM: return 1;
   case GL_DEBUG_SEVERITY_LOW: return 2;
   case GL_DEBUG_SEVERITY_NOTIFICATION: return 3;
   default: return -1;
   }
}

struct dbg_id_rule {
   GLenum source, type;
   GLuint id;
   bool enabled;
};

struct dbg_filter {
   bool enabled[DBG_SOURCES][DBG_TYPES][DBG_SEVERITIES];
   struct dbg_id_rule *ids; /* checked first, newest last */
   uint32_t nids, cap;
};

struct dbg_message {
   GLenum source, type, severity;
   GLuint id;
   char *text;
   GLsizei length; /* with the terminating NUL */
};

struct glf_debug {
   GLDEBUGPROC callback;
   const void *user;
   struct dbg_filter filters[GLF_MAX_DEBUG_GROUP_DEPTH];
   struct dbg_message groups[GLF_MAX_DEBUG_GROUP_DEPTH]; /* the message each push made */
   uint32_t depth;                                      /* groups pushed (0: the default) */
   struct dbg_message log[GLF_MAX_DEBUG_LOGGED_MESSAGES];
   uint32_t log_first, log_count;
   bool in_callback; /* a callback that raises GL errors does not recurse */
};

static void
filter_default(struct dbg_filter *f)
{
   for (int s = 0; s < DBG_SOURCES; s++)
      for (int t = 0; t < DBG_TYPES; t++)
         for (int v = 0; v < DBG_SEVERITIES; v++)
            f->enabled[s][t][v] = v != 2; /* "all messages except those of severity LOW" */
   f->nids = 0;
}

static bool
filter_copy(struct dbg_filter *dst, const struct dbg_filter *src)
{
   memcpy(dst->enabled, src->enabled, sizeof(dst->enabled));
   dst->nids = 0;
   if (!src->nids)
      return true;
   if (dst->cap < src->nids) {
      struct dbg_id_rule *n = realloc(dst->ids, src->nids * sizeof(*n));
      if (!n)
         return false;
      dst->ids = n;
      dst->cap = src->nids;
   }
   memcpy(dst->ids, src->ids, src->nids * sizeof(*dst->ids));
   dst->nids = src->nids;
   return true;
}

static struct glf_debug *
debug_state(struct glf_context *ctx)
{
   if (!ctx->debug_state) {
      ctx->debug_state = calloc(1, sizeof(*ctx->debug_state));
      if (ctx->debug_state)
         filter_default(&ctx->debug_state->filters[0]);
   }
   return ctx->debug_state;
}

static bool
message_enabled(const struct dbg_filter *f, GLenum source, GLenum type, GLenum severity, GLuint id)
{
   for (uint32_t i = f->nids; i-- > 0;) {
      const struct dbg_id_rule *r = &f->ids[i];
      if (r->id == id && r->source == source && r->type == type)
         return r->enabled;
   }
   int s = source_index(source), t = type_index(type), v = severity_index(severity);
   return s >= 0 && t >= 0 && v >= 0 && f->enabled[s][t][v];
}

static void
free_message(struct dbg_message *m)
{
   free(m->text);
   m->text = NULL;
}

/* Delivers one message (the length excludes the NUL). */
static void
deliver(struct glf_context *ctx, GLenum source, GLenum type, GLuint id, GLenum severity, const char *text,
        size_t len)
{
   if (!ctx->debug_output)
      return;
   struct glf_debug *d = debug_state(ctx);
   if (!d || d->in_callback || !message_enabled(&d->filters[d->depth], source, type, severity, id))
      return;
   if (len >= GLF_MAX_DEBUG_MESSAGE_LENGTH)
      len = GLF_MAX_DEBUG_MESSAGE_LENGTH - 1;
   if (d->callback) {
      char buf[GLF_MAX_DEBUG_MESSAGE_LENGTH];
      memcpy(buf, text, len);
      buf[len] = 0;
      d->in_callback = true;
      /* The callback may call GL: the share-group lock is recursive. */
      d->callback(source, type, id, severity, (GLsizei)len, buf, d->user);
      d->in_callback = false;
      return;
   }
   /* "If the message log is full, then any new messages [...] will be discarded." */
   if (d->log_count == GLF_MAX_DEBUG_LOGGED_MESSAGES)
      return;
   struct dbg_message *m = &d->log[(d->log_first + d->log_count) % GLF_MAX_DEBUG_LOGGED_MESSAGES];
   m->text = malloc(len + 1);
   if (!m->text)
      return;
   memcpy(m->text, text, len);
   m->text[len] = 0;
   m->length = (GLsizei)len + 1;
   m->source = source;
   m->type = type;
   m->id = id;
   m->severity = severity;
   d->log_count++;
}

void
glf_debug_error(struct glf_context *ctx, GLenum err, const char *text)
{
   if (ctx->debug_output)
      deliver(ctx, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, err, GL_DEBUG_SEVERITY_HIGH, text, strlen(text));
}

void
glf_debug_warn(struct glf_context *ctx, GLenum type, const char *fmt, ...)
{
   if (!ctx || !ctx->debug_output)
      return;
   char text[GLF_MAX_DEBUG_MESSAGE_LENGTH];
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(text, sizeof(text), fmt, ap);
   va_end(ap);
   if (n > 0)
      deliver(ctx, GL_DEBUG_SOURCE_API, type, 1, GL_DEBUG_SEVERITY_MEDIUM, text, strlen(text));
}

void
glf_debug_destroy(struct glf_context *ctx)
{
   struct glf_debug *d = ctx->debug_state;
   if (!d)
      return;
   for (uint32_t i = 0; i < GLF_MAX_DEBUG_LOGGED_MESSAGES; i++)
      free_message(&d->log[i]);
   for (uint32_t i = 0; i < GLF_MAX_DEBUG_GROUP_DEPTH; i++) {
      free(d->filters[i].ids);
      free_message(&d->groups[i]);
   }
   free(d);
   ctx->debug_state = NULL;
}

/* ---- entry points ---------------------------------------------------------------------------- */

static bool
valid_or_dont_care(int index, GLenum v)
{
   return index >= 0 || v == GL_DONT_CARE;
}

void GLAPIENTRY
glf_DebugMessageControl(GLenum source, GLenum type, GLenum severity, GLsizei count, const GLuint *ids,
                        GLboolean enabled)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   int si = source_index(source), ti = type_index(type), vi = severity_index(severity);
   if (!valid_or_dont_care(si, source) || !valid_or_dont_care(ti, type) || !valid_or_dont_care(vi, severity)) {
      glf_error(ctx, GL_INVALID_ENUM, "glDebugMessageControl(source=0x%x, type=0x%x, severity=0x%x)", source, type,
                severity);
      return;
   }
   /* "An INVALID_VALUE error is generated if count is negative. An INVALID_OPERATION error
    * is generated if count is non-zero and either source or type is DONT_CARE or severity is
    * not DONT_CARE." */
   if (count < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDebugMessageControl(count < 0)");
      return;
   }
   if (count && (source == GL_DONT_CARE || type == GL_DONT_CARE || severity != GL_DONT_CARE)) {
      glf_error(ctx, GL_INVALID_OPERATION, "glDebugMessageControl(ids with a DONT_CARE filter)");
      return;
   }
   struct glf_debug *d = debug_state(ctx);
   if (!d) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glDebugMessageControl");
      return;
   }
   struct dbg_filter *f = &d->filters[d->depth];
   if (count) {
      if (!ids)
         return;
      for (GLsizei i = 0; i < count; i++) {
         if (f->nids == f->cap) {
            uint32_t cap = f->cap ? f->cap * 2 : 16;
            struct dbg_id_rule *n = realloc(f->ids, cap * sizeof(*n));
            if (!n) {
               glf_error(ctx, GL_OUT_OF_MEMORY, "glDebugMessageControl");
               return;
            }
            f->ids = n;
            f->cap = cap;
         }
         f->ids[f->nids++] = (struct dbg_id_rule){source, type, ids[i], enabled != GL_FALSE};
      }
      return;
   }
   for (int s = 0; s < DBG_SOURCES; s++)
      for (int t = 0; t < DBG_TYPES; t++)
         for (int v = 0; v < DBG_SEVERITIES; v++)
            if ((si < 0 || si == s) && (ti < 0 || ti == t) && (vi < 0 || vi == v))
               f->enabled[s][t][v] = enabled != GL_FALSE;
   /* A broader rule overrides earlier per-id ones it covers. */
   uint32_t keep = 0;
   for (uint32_t i = 0; i < f->nids; i++) {
      const struct dbg_id_rule *r = &f->ids[i];
      bool covered = (si < 0 || r->source == source) && (ti < 0 || r->type == type);
      if (!covered)
         f->ids[keep++] = *r;
   }
   f->nids = keep;
}

/* "An INVALID_VALUE error is generated if the length of the message is greater than or equal
 * to MAX_DEBUG_MESSAGE_LENGTH": length < 0 means NUL-terminated. */
static bool
message_length(struct glf_context *ctx, GLsizei length, const GLchar *buf, size_t *len, const char *caller)
{
   *len = length < 0 ? (buf ? strlen(buf) : 0) : (size_t)length;
   if (*len >= GLF_MAX_DEBUG_MESSAGE_LENGTH) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(message length %zu)", caller, *len);
      return false;
   }
   return true;
}

void GLAPIENTRY
glf_DebugMessageInsert(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *buf)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* "An INVALID_ENUM error is generated if [source is not] DEBUG_SOURCE_APPLICATION or
    * DEBUG_SOURCE_THIRD_PARTY", or type or severity is not a valid value. */
   if ((source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY) || type_index(type) < 0 ||
       severity_index(severity) < 0) {
      glf_error(ctx, GL_INVALID_ENUM, "glDebugMessageInsert(source=0x%x, type=0x%x, severity=0x%x)", source, type,
                severity);
      return;
   }
   size_t len;
   if (!message_length(ctx, length, buf, &len, "glDebugMessageInsert") || !buf)
      return;
   deliver(ctx, source, type, id, severity, buf, len);
}

void GLAPIENTRY
glf_DebugMessageCallback(GLDEBUGPROC callback, const void *userParam)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_debug *d = debug_state(ctx);
   if (!d) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glDebugMessageCallback");
      return;
   }
   d->callback = callback;
   d->user = userParam;
}

GLuint GLAPIENTRY
glf_GetDebugMessageLog(GLuint count, GLsizei bufSize, GLenum *sources, GLenum *types, GLuint *ids,
                       GLenum *severities, GLsizei *lengths, GLchar *messageLog)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return 0;
   /* "An INVALID_VALUE error is generated if bufSize is negative and messageLog is not NULL" */
   if (bufSize < 0 && messageLog) {
      glf_error(ctx, GL_INVALID_VALUE, "glGetDebugMessageLog(bufSize < 0)");
      return 0;
   }
   struct glf_debug *d = debug_state(ctx);
   GLuint n = 0;
   size_t used = 0;
   while (d && n < count && d->log_count) {
      struct dbg_message *m = &d->log[d->log_first];
      /* "messages are fetched until [...] the next message would not fit in messageLog" */
      if (messageLog && used + (size_t)m->length > (size_t)bufSize)
         break;
      if (messageLog) {
         memcpy(messageLog + used, m->text, (size_t)m->length);
         used += (size_t)m->length;
      }
      if (sources)
         sources[n] = m->source;
      if (types)
         types[n] = m->type;
      if (ids)
         ids[n] = m->id;
      if (severities)
         severities[n] = m->severity;
      if (lengths)
         lengths[n] = m->length;
      free_message(m);
      d->log_first = (d->log_first + 1) % GLF_MAX_DEBUG_LOGGED_MESSAGES;
      d->log_count--;
      n++;
   }
   return n;
}

void GLAPIENTRY
glf_PushDebugGroup(GLenum source, GLuint id, GLsizei length, const GLchar *message)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY) {
      glf_error(ctx, GL_INVALID_ENUM, "glPushDebugGroup(source=0x%x)", source);
      return;
   }
   size_t len;
   if (!message_length(ctx, length, message, &len, "glPushDebugGroup"))
      return;
   struct glf_debug *d = debug_state(ctx);
   if (!d) {
      glf_error(ctx, GL_OUT_OF_MEMORY, "glPushDebugGroup");
      return;
   }
   /* "An error STACK_OVERFLOW is generated if PushDebugGroup is called and the stack contains
    * MAX_DEBUG_GROUP_STACK_DEPTH minus one elements." */
   if (d->depth + 1 >= GLF_MAX_DEBUG_GROUP_DEPTH) {
      glf_error(ctx, GL_STACK_OVERFLOW, "glPushDebugGroup");
      return;
   }
   struct dbg_message *g = &d->groups[d->depth + 1];
   free_message(g);
   g->text = malloc(len + 1);
   if (!g->text || !filter_copy(&d->filters[d->depth + 1], &d->filters[d->depth])) {
      free_message(g);
      glf_error(ctx, GL_OUT_OF_MEMORY, "glPushDebugGroup");
      return;
   }
   memcpy(g->text, message ? message : "", len);
   g->text[len] = 0;
   g->length = (GLsizei)len + 1;
   g->source = source;
   g->id = id;
   /* the push message is filtered by the parent group's state, the pop by the same */
   deliver(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP, id, GL_DEBUG_SEVERITY_NOTIFICATION, g->text, len);
   d->depth++;
}

void GLAPIENTRY
glf_PopDebugGroup(void)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_debug *d = debug_state(ctx);
   /* "An error STACK_UNDERFLOW is generated if PopDebugGroup is called and the stack contains
    * only the default debug group." */
   if (!d || d->depth == 0) {
      glf_error(ctx, GL_STACK_UNDERFLOW, "glPopDebugGroup");
      return;
   }
   struct dbg_message *g = &d->groups[d->depth];
   d->depth--;
   deliver(ctx, g->source, GL_DEBUG_TYPE_POP_GROUP, g->id, GL_DEBUG_SEVERITY_NOTIFICATION, g->text,
           (size_t)g->length - 1);
   free_message(g);
}

/* ---- labels ------------------------------------------------------------------------------------ */

/* The label slot of object `name` of kind `identifier`; NULL (error raised) if it names none.
 * Share-group objects are looked up under the share lock, which every entry point holds. */
static char **
label_slot(struct glf_context *ctx, GLenum identifier, GLuint name, const char *caller)
{
   void *obj = NULL;
   char **slot = NULL;
   switch (identifier) {
   case GL_BUFFER:
      obj = glf_hash_lookup(&ctx->shared->buffers, name);
      if (obj && obj != GLF_NAME_RESERVED)
         slot = &((struct glf_buffer *)obj)->label;
      break;
   case GL_TEXTURE:
      obj = glf_hash_lookup(&ctx->shared->textures, name);
      if (obj && obj != GLF_NAME_RESERVED)
         slot = &((struct glf_texture *)obj)->label;
      break;
   case GL_RENDERBUFFER:
      obj = glf_hash_lookup(&ctx->shared->renderbuffers, name);
      if (obj && obj != GLF_NAME_RESERVED)
         slot = &((struct glf_renderbuffer *)obj)->label;
      break;
   case GL_SHADER:
   case GL_PROGRAM: {
      struct glf_shader *sh = glf_hash_lookup(&ctx->shared->programs, name);
      if (sh && sh->is_program == (identifier == GL_PROGRAM))
         slot = sh->is_program ? &((struct glf_program *)sh)->label : &sh->label;
      break;
   }
   case GL_VERTEX_ARRAY:
      obj = glf_hash_lookup(&ctx->vaos, name);
      if (obj && obj != GLF_NAME_RESERVED)
         slot = &((struct glf_vao *)obj)->label;
      break;
   case GL_FRAMEBUFFER:
      obj = glf_hash_lookup(&ctx->framebuffers, name);
      if (obj && obj != GLF_NAME_RESERVED)
         slot = &((struct glf_framebuffer *)obj)->label;
      break;
   case GL_QUERY: /* an object once used (glIsQuery), as for the others */
      obj = glf_hash_lookup(&ctx->queries, name);
      if (obj && obj != GLF_NAME_RESERVED && ((struct glf_query *)obj)->target)
         slot = &((struct glf_query *)obj)->label;
      break;
   case GL_TRANSFORM_FEEDBACK:
      obj = name ? glf_hash_lookup(&ctx->xfbs, name) : &ctx->default_xfb;
      if (obj && obj != GLF_NAME_RESERVED && ((struct glf_xfb *)obj)->bound_once)
         slot = &((struct glf_xfb *)obj)->label;
      break;
   case GL_SAMPLER: /* made by glGenSamplers itself */
      obj = glf_hash_lookup(&ctx->shared->samplers, name);
      if (obj && obj != GLF_NAME_RESERVED)
         slot = &((struct glf_sampler *)obj)->label;
      break;
   case GL_PROGRAM_PIPELINE:
      break; /* no such objects exist (ES 3.1 / GL 4.1): INVALID_VALUE below */
   default:
      glf_error(ctx, GL_INVALID_ENUM, "%s(identifier=0x%x)", caller, identifier);
      return NULL;
   }
   /* "An INVALID_VALUE error is generated if name is not the name of an existing object of
    * the type specified by identifier." */
   if (!slot)
      glf_error(ctx, GL_INVALID_VALUE, "%s(identifier=0x%x, name=%u)", caller, identifier, name);
   return slot;
}

static void
set_label(struct glf_context *ctx, char **slot, GLsizei length, const GLchar *label, const char *caller)
{
   size_t len = 0;
   if (label) {
      len = length < 0 ? strlen(label) : (size_t)length;
      /* "An INVALID_VALUE error is generated if the number of characters in label [...] is
       * greater than or equal to MAX_LABEL_LENGTH." */
      if (len >= GLF_MAX_LABEL_LENGTH) {
         glf_error(ctx, GL_INVALID_VALUE, "%s(label length %zu)", caller, len);
         return;
      }
   }
   char *copy = NULL;
   if (label) {
      copy = malloc(len + 1);
      if (!copy) {
         glf_error(ctx, GL_OUT_OF_MEMORY, "%s", caller);
         return;
      }
      memcpy(copy, label, len);
      copy[len] = 0;
   }
   free(*slot);
   *slot = copy; /* a NULL label removes it */
}

static void
get_label(struct glf_context *ctx, const char *label, GLsizei bufSize, GLsizei *length, GLchar *out,
          const char *caller)
{
   if (bufSize < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(bufSize < 0)", caller);
      return;
   }
   size_t len = label ? strlen(label) : 0;
   if (out && bufSize > 0) {
      size_t n = len < (size_t)bufSize - 1 ? len : (size_t)bufSize - 1;
      memcpy(out, label ? label : "", n);
      out[n] = 0;
      len = n;
   }
   if (length)
      *length = (GLsizei)len;
}

void GLAPIENTRY
glf_ObjectLabel(GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   char **slot = label_slot(ctx, identifier, name, "glObjectLabel");
   if (slot)
      set_label(ctx, slot, length, label, "glObjectLabel");
}

void GLAPIENTRY
glf_GetObjectLabel(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   char **slot = label_slot(ctx, identifier, name, "glGetObjectLabel");
   if (slot)
      get_label(ctx, *slot, bufSize, length, label, "glGetObjectLabel");
}

/* Sync objects are the pointer-named objects of ES 3.0 / GL 3.3. */
static char **
sync_label_slot(struct glf_context *ctx, const void *ptr, const char *caller)
{
   uintptr_t name = (uintptr_t)ptr;
   struct glf_sync *s = name && name <= UINT32_MAX ? glf_hash_lookup(&ctx->shared->syncs, (GLuint)name) : NULL;
   if (!s || s == GLF_NAME_RESERVED) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(ptr is not a sync object)", caller);
      return NULL;
   }
   return &s->label;
}

void GLAPIENTRY
glf_ObjectPtrLabel(const void *ptr, GLsizei length, const GLchar *label)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   char **slot = sync_label_slot(ctx, ptr, "glObjectPtrLabel");
   if (slot)
      set_label(ctx, slot, length, label, "glObjectPtrLabel");
}

void GLAPIENTRY
glf_GetObjectPtrLabel(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   char **slot = sync_label_slot(ctx, ptr, "glGetObjectPtrLabel");
   if (slot)
      get_label(ctx, *slot, bufSize, length, label, "glGetObjectPtrLabel");
}

void GLAPIENTRY
glf_GetPointerv(GLenum pname, void **params)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_debug *d = debug_state(ctx);
   switch (pname) {
   case GL_DEBUG_CALLBACK_FUNCTION: *params = d ? (void *)d->callback : NULL; break;
   case GL_DEBUG_CALLBACK_USER_PARAM: *params = d ? (void *)d->user : NULL; break;
   default: glf_error(ctx, GL_INVALID_ENUM, "glGetPointerv(pname=0x%x)", pname); break;
   }
}

/* glGet of the debug state (get.c) */
GLint
glf_debug_get(struct glf_context *ctx, GLenum pname)
{
   struct glf_debug *d = debug_state(ctx);
   switch (pname) {
   case GL_DEBUG_LOGGED_MESSAGES: return d ? (GLint)d->log_count : 0;
   case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH: return d && d->log_count ? d->log[d->log_first].length : 0;
   case GL_DEBUG_GROUP_STACK_DEPTH: return d ? (GLint)d->depth + 1 : 1;
   default: return 0;
   }
}

/* The KHR spellings OpenGL ES uses. */
void GLAPIENTRY
glf_DebugMessageControlKHR(GLenum source, GLenum type, GLenum severity, GLsizei count, const GLuint *ids,
                           GLboolean enabled)
{
   glf_DebugMessageControl(source, type, severity, count, ids, enabled);
}
void GLAPIENTRY
glf_DebugMessageInsertKHR(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *buf)
{
   glf_DebugMessageInsert(source, type, id, severity, length, buf);
}
void GLAPIENTRY glf_DebugMessageCallbackKHR(GLDEBUGPROC cb, const void *user) { glf_DebugMessageCallback(cb, user); }
GLuint GLAPIENTRY
glf_GetDebugMessageLogKHR(GLuint count, GLsizei bufSize, GLenum *sources, GLenum *types, GLuint *ids,
                          GLenum *severities, GLsizei *lengths, GLchar *messageLog)
{
   return glf_GetDebugMessageLog(count, bufSize, sources, types, ids, severities, lengths, messageLog);
}
void GLAPIENTRY
glf_PushDebugGroupKHR(GLenum source, GLuint id, GLsizei length, const GLchar *message)
{
   glf_PushDebugGroup(source, id, length, message);
}
void GLAPIENTRY glf_PopDebugGroupKHR(void) { glf_PopDebugGroup(); }
void GLAPIENTRY
glf_ObjectLabelKHR(GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
   glf_ObjectLabel(identifier, name, length, label);
}
void GLAPIENTRY
glf_GetObjectLabelKHR(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   glf_GetObjectLabel(identifier, name, bufSize, length, label);
}
void GLAPIENTRY glf_ObjectPtrLabelKHR(const void *ptr, GLsizei length, const GLchar *label) { glf_ObjectPtrLabel(ptr, length, label); }
void GLAPIENTRY
glf_GetObjectPtrLabelKHR(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   glf_GetObjectPtrLabel(ptr, bufSize, length, label);
}
void GLAPIENTRY glf_GetPointervKHR(GLenum pname, void **params) { glf_GetPointerv(pname, params); }
