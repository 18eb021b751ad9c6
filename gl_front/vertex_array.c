/* splitgl gl_front: vertex array objects, attribute pointers and current attribute values. */
#include <stdlib.h>

#include "glf_context.h"

void GLAPIENTRY
glf_GenVertexArrays(GLsizei n, GLuint *arrays)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glGenVertexArrays(n < 0)");
      return;
   }
   GLuint first = glf_hash_find_free_block(&ctx->vaos, (GLuint)n);
   for (GLsizei i = 0; i < n; i++) {
      arrays[i] = first + (GLuint)i;
      glf_hash_insert(&ctx->vaos, arrays[i], GLF_NAME_RESERVED);
   }
}

void GLAPIENTRY
glf_BindVertexArray(GLuint array)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_vao *vao = ctx->default_vao;
   if (array) {
      vao = glf_hash_lookup(&ctx->vaos, array);
      /* From the OpenGL ES 3.0 spec, section 2.10: "An INVALID_OPERATION error is generated
       * if array is not zero or a name returned from a previous call to GenVertexArrays, or
       * if such a name has since been deleted". */
      if (!vao) {
         glf_error(ctx, GL_INVALID_OPERATION, "glBindVertexArray(array=%u)", array);
         return;
      }
      if (vao == GLF_NAME_RESERVED) {
         vao = malloc(sizeof(*vao));
         glf_vao_init(vao, array);
         glf_hash_insert(&ctx->vaos, array, vao);
      }
   }
   if (ctx->vao != vao) {
      ctx->vao = vao;
      glf_dirty(ctx, GLF_DIRTY_VELEMS | GLF_DIRTY_VERTEX_BUFFERS);
   }
}

void GLAPIENTRY
glf_DeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (n < 0) {
      glf_error(ctx, GL_INVALID_VALUE, "glDeleteVertexArrays(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      struct glf_vao *vao = arrays[i] ? glf_hash_lookup(&ctx->vaos, arrays[i]) : NULL;
      if (!vao)
         continue;
      glf_hash_remove(&ctx->vaos, arrays[i]);
      if (vao == GLF_NAME_RESERVED)
         continue;
      /* "If a vertex array object that is currently bound is deleted, the binding for that
       * object reverts to zero and the default vertex array becomes current." */
      if (ctx->vao == vao)
         glf_BindVertexArray(0);
      glf_vao_free(ctx, vao);
   }
}

GLboolean GLAPIENTRY
glf_IsVertexArray(GLuint array)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return GL_FALSE;
   void *v = glf_hash_lookup(&ctx->vaos, array);
   return v && v != GLF_NAME_RESERVED;
}

static bool
valid_attrib_type(struct glf_context *ctx, GLenum type, bool integer)
{
   bool es2 = GLF_ES(ctx) && ctx->major < 3;
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT:
      return true;
   case GL_INT: case GL_UNSIGNED_INT:
      return !es2;
   case GL_FLOAT: return !integer;
   case GL_FIXED: return !integer && !GLF_CORE(ctx);
   case GL_HALF_FLOAT: case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
      return !integer && !es2;
   case GL_DOUBLE: return !integer && GLF_CORE(ctx);
   default: return false;
   }
}

static void
attrib_pointer(GLuint index, GLint size, GLenum type, GLboolean normalized, bool integer,
               GLsizei stride, const void *pointer, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   /* OpenGL 3.3 core, section 2.8 (ARB_vertex_array_bgra): glVertexAttribPointer's size may
    * be BGRA (table 2.5; glVertexAttribIPointer's may not): four components stored B, G, R, A. */
   const bool bgra = size == GL_BGRA && GLF_CORE(ctx) && !integer;
   if (bgra)
      size = 4;
   /* From the OpenGL ES 3.0 spec, section 2.8: "An INVALID_VALUE error is generated if
    * index is greater than or equal to the value of MAX_VERTEX_ATTRIBS ... if size is not
    * one of the values shown in table 2.5 ... if stride is negative." */
   if (index >= (GLuint)ctx->limits.max_vertex_attribs || size < 1 || size > 4 || stride < 0 ||
       stride > ctx->limits.max_vertex_attrib_stride) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(index=%u, size=%d, stride=%d)", caller, index, size, stride);
      return;
   }
   if (!valid_attrib_type(ctx, type, integer)) {
      glf_error(ctx, GL_INVALID_ENUM, "%s(type=0x%x)", caller, type);
      return;
   }
   /* "An INVALID_OPERATION error is generated if type is INT_2_10_10_10_REV or
    * UNSIGNED_INT_2_10_10_10_REV, and size is not 4" (GL 3.3 core: "neither 4 or BGRA"). */
   if ((type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV) && size != 4) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(packed type, size=%d)", caller, size);
      return;
   }
   /* GL 3.3 core, section 2.8: "An INVALID_OPERATION error is generated under any of the
    * following conditions: size is BGRA and type is not UNSIGNED_BYTE, INT_2_10_10_10_REV or
    * UNSIGNED_INT_2_10_10_10_REV; ... size is BGRA and normalized is FALSE". */
   if (bgra && ((type != GL_UNSIGNED_BYTE && type != GL_INT_2_10_10_10_REV && type != GL_UNSIGNED_INT_2_10_10_10_REV) ||
                !normalized)) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(size=GL_BGRA, type=0x%x, normalized=%d)", caller, type, normalized);
      return;
   }
   if (!ctx->vao) { /* GL core: no default vertex array object */
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object bound)", caller);
      return;
   }
   /* "An INVALID_OPERATION error is generated if a non-zero vertex array object is bound,
    * zero is bound to the ARRAY_BUFFER buffer object binding point, and the pointer
    * argument is not NULL." (GL core forbids client arrays altogether.) */
   if (!ctx->array_buffer && pointer && (ctx->vao != ctx->default_vao || GLF_CORE(ctx))) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(client array with a vertex array object)", caller);
      return;
   }
   struct glf_vertex_attrib *a = &ctx->vao->attr[index];
   a->size = size;
   a->bgra = bgra;
   a->type = type;
   a->normalized = !integer && normalized;
   a->integer = integer;
   a->stride = stride;
   a->ptr = pointer;
   glf_buffer_ref(ctx, &a->buffer, ctx->array_buffer);
   glf_dirty(ctx, GLF_DIRTY_VELEMS | GLF_DIRTY_VERTEX_BUFFERS);
}

void GLAPIENTRY
glf_VertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride,
                        const void *pointer)
{
   attrib_pointer(index, size, type, normalized, false, stride, pointer, "glVertexAttribPointer");
}

void GLAPIENTRY
glf_VertexAttribIPointer(GLuint index, GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   attrib_pointer(index, size, type, GL_FALSE, true, stride, pointer, "glVertexAttribIPointer");
}

static struct glf_vertex_attrib *
attrib_for(struct glf_context *ctx, GLuint index, const char *caller)
{
   if (index >= (GLuint)ctx->limits.max_vertex_attribs) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", caller, index);
      return NULL;
   }
   if (!ctx->vao) {
      glf_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object bound)", caller);
      return NULL;
   }
   return &ctx->vao->attr[index];
}

static void
set_array_enabled(GLuint index, bool enabled, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_vertex_attrib *a = attrib_for(ctx, index, caller);
   if (a && a->enabled != enabled) {
      a->enabled = enabled;
      glf_dirty(ctx, GLF_DIRTY_VELEMS | GLF_DIRTY_VERTEX_BUFFERS);
   }
}

void GLAPIENTRY
glf_EnableVertexAttribArray(GLuint index)
{
   set_array_enabled(index, true, "glEnableVertexAttribArray");
}

void GLAPIENTRY
glf_DisableVertexAttribArray(GLuint index)
{
   set_array_enabled(index, false, "glDisableVertexAttribArray");
}

void GLAPIENTRY
glf_VertexAttribDivisor(GLuint index, GLuint divisor)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   struct glf_vertex_attrib *a = attrib_for(ctx, index, "glVertexAttribDivisor");
   if (a && a->divisor != divisor) {
      a->divisor = divisor;
      glf_dirty(ctx, GLF_DIRTY_VELEMS);
   }
}

/* ---- queries -------------------------------------------------------------------------------- */
static bool
vertex_attrib_param(GLuint index, GLenum pname, GLint *out, GLfloat *fout, const char *caller)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return false;
   if (index >= (GLuint)ctx->limits.max_vertex_attribs) {
      glf_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", caller, index);
      return false;
   }
   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      glf_current_attrib_get(ctx, index, GL_FLOAT, fout);
      glf_current_attrib_get(ctx, index, GL_INT, out);
      return true;
   }
   struct glf_vertex_attrib *a = attrib_for(ctx, index, caller);
   if (!a)
      return false;
   switch (pname) {
   case GL_VERTEX_ATTRIB_ARRAY_ENABLED: *out = a->enabled; break;
   case GL_VERTEX_ATTRIB_ARRAY_SIZE: *out = a->bgra ? GL_BGRA : a->size; break;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE: *out = a->stride; break;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE: *out = (GLint)a->type; break;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: *out = a->normalized; break;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: *out = a->buffer ? (GLint)a->buffer->name : 0; break;
   case GL_VERTEX_ATTRIB_ARRAY_INTEGER:
      if (GLF_ES(ctx) && ctx->major < 3)
         goto bad;
      *out = a->integer;
      break;
   case GL_VERTEX_ATTRIB_ARRAY_DIVISOR:
      if (GLF_ES(ctx) && ctx->major < 3)
         goto bad;
      *out = (GLint)a->divisor;
      break;
   default:
      goto bad;
   }
   *fout = (GLfloat)*out;
   return true;
bad:
   glf_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", caller, pname);
   return false;
}

void GLAPIENTRY
glf_GetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
   GLint v[4];
   GLfloat f[4];
   if (vertex_attrib_param(index, pname, v, f, "glGetVertexAttribiv"))
      memcpy(params, v, (pname == GL_CURRENT_VERTEX_ATTRIB ? 4 : 1) * sizeof(GLint));
}

void GLAPIENTRY
glf_GetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
   GLint v[4];
   GLfloat f[4];
   if (vertex_attrib_param(index, pname, v, f, "glGetVertexAttribfv"))
      memcpy(params, f, (pname == GL_CURRENT_VERTEX_ATTRIB ? 4 : 1) * sizeof(GLfloat));
}

void GLAPIENTRY
glf_GetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return;
   if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
      glf_error(ctx, GL_INVALID_ENUM, "glGetVertexAttribPointerv(pname=0x%x)", pname);
      return;
   }
   struct glf_vertex_attrib *a = attrib_for(ctx, index, "glGetVertexAttribPointerv");
   if (a)
      *pointer = (void *)a->ptr;
}

/* OES_vertex_array_object (ES 2.0 contexts; ES 3.0 made it core): the same objects. */
void GLAPIENTRY glf_BindVertexArrayOES(GLuint array) { glf_BindVertexArray(array); }
void GLAPIENTRY glf_DeleteVertexArraysOES(GLsizei n, const GLuint *arrays) { glf_DeleteVertexArrays(n, arrays); }
void GLAPIENTRY glf_GenVertexArraysOES(GLsizei n, GLuint *arrays) { glf_GenVertexArrays(n, arrays); }
GLboolean GLAPIENTRY glf_IsVertexArrayOES(GLuint array) { return glf_IsVertexArray(array); }
