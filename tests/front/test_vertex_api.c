/* GL 3.3 core vertex-array and program API rules on the recording fake wire: the
 * ELEMENT_ARRAY_BUFFER binding while no vertex array object is bound, and a program of a
 * fragment shader alone (links; its draws send nothing); gl_VertexID / gl_InstanceID among
 * the active attributes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

#include "../egl/egl_check.h" /* CHECK and its failure count */
#include "front_context.h"

static struct glf_context *
make(enum glf_api api)
{
   return front_context(api, 3, api == GLF_API_GLES ? 0 : 3);
}

static void
drop(struct glf_context *ctx)
{
   front_context_end(ctx);
}

static GLint
get_int(GLenum pname)
{
   GLint v[4] = {-1, -1, -1, -1};
   glf_GetIntegerv(pname, v);
   return v[0];
}

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glf_CreateShader(type);
   glf_ShaderSource(s, 1, &src, NULL);
   glf_CompileShader(s);
   GLint ok = 0;
   glf_GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   CHECK(ok, "compile");
   return s;
}

/* OpenGL 3.3 core, appendix E.2.2: without a vertex array object, VertexAttribPointer and
 * draws fail; BindBuffer(ELEMENT_ARRAY_BUFFER) is not among the errors, and that buffer
 * takes data and answers queries like any other binding. Binding a VAO shows its own. */
static void
element_binding_without_vao(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLuint b[2], vao;
   glf_GenBuffers(2, b);
   glf_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[0]);
   CHECK(glf_GetError() == GL_NO_ERROR, "BindBuffer(ELEMENT_ARRAY_BUFFER) without a VAO");
   CHECK(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == (GLint)b[0], "ELEMENT_ARRAY_BUFFER_BINDING");
   static const GLushort idx[5] = {0, 1, 2, 3, 4};
   glf_BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   CHECK(glf_GetError() == GL_NO_ERROR, "BufferData(ELEMENT_ARRAY_BUFFER) without a VAO");
   GLint64 size = -1;
   glf_GetBufferParameteri64v(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK(size == (GLint64)sizeof(idx), "BUFFER_SIZE %lld", (long long)size);
   glf_VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK(glf_GetError() == GL_INVALID_OPERATION, "VertexAttribPointer without a VAO");
   glf_DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK(glf_GetError() == GL_INVALID_OPERATION, "DrawElements without a VAO");
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);
   CHECK(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == 0, "a new VAO has no element buffer");
   glf_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   glf_BindVertexArray(0);
   CHECK(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == (GLint)b[0], "the binding without a VAO is kept");
   glf_DeleteBuffers(1, &b[0]); /* deleting unbinds it */
   CHECK(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == 0, "deleted element buffer still bound");
   glf_DeleteBuffers(1, &b[1]);
   glf_DeleteVertexArrays(1, &vao);
   drop(ctx);
}

/* OpenGL 3.3 section 2.11: a program without a vertex shader links (a fragment shader
 * alone); "the results of vertex shader execution are undefined": its draws raise nothing
 * and send nothing, and the program never reaches the server. ES refuses the link. */
static void
fragment_only_program(void)
{
   static const char *fs = "#version 150\nlayout(std140) uniform B { vec4 a; float f[3]; } b;\n"
                           "out vec4 o;\nvoid main() { o = b.a * b.f[2]; }\n";
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   uint64_t creates = fake_wire_op_count[WIRE_OP_ProgramCreate];
   GLuint p = glf_CreateProgram();
   glf_AttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glf_LinkProgram(p);
   GLint ok = 0, n = -1, size = -1;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok, "a fragment shader alone links");
   glf_GetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &n);
   CHECK(n == 1, "ACTIVE_UNIFORM_BLOCKS %d", n);
   glf_GetActiveUniformBlockiv(p, 0, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
   CHECK(size == 64, "UNIFORM_BLOCK_DATA_SIZE %d", size);
   CHECK(fake_wire_op_count[WIRE_OP_ProgramCreate] == creates, "a program without a vertex stage was sent");
   GLuint vao;
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);
   glf_UseProgram(p);
   uint64_t draws = fake_wire_op_count[WIRE_OP_Draw];
   glf_DrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(glf_GetError() == GL_NO_ERROR, "draw with a fragment-only program");
   CHECK(fake_wire_op_count[WIRE_OP_Draw] == draws, "a draw without a vertex stage was sent");
   glf_UseProgram(0);
   glf_DeleteProgram(p);
   glf_DeleteVertexArrays(1, &vao);
   drop(ctx);

   ctx = make(GLF_API_GLES);
   static const char *es_fs = "#version 300 es\nprecision mediump float; out vec4 o; void main() { o = vec4(1.0); }\n";
   p = glf_CreateProgram();
   glf_AttachShader(p, shader(GL_FRAGMENT_SHADER, es_fs));
   glf_LinkProgram(p);
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(!ok, "ES: a fragment shader alone does not link");
   glf_DeleteProgram(p);
   drop(ctx);
}

/* OpenGL 3.3 section 2.11.3: "all active vertex shader input variables are enumerated,
 * including the special built-in inputs gl_VertexID and gl_InstanceID" (GL_INT, location
 * -1 from GetAttribLocation, as every gl_ name). */
static void
builtin_attributes(void)
{
   static const char *vs = "#version 150\nin vec4 pos;\n"
                           "void main() { gl_Position = pos + vec4(float(gl_VertexID + gl_InstanceID)); }\n";
   static const char *fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLuint p = glf_CreateProgram();
   glf_AttachShader(p, shader(GL_VERTEX_SHADER, vs));
   glf_AttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glf_LinkProgram(p);
   GLint ok = 0, n = -1, maxlen = -1;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok, "link");
   glf_GetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
   CHECK(n == 3, "ACTIVE_ATTRIBUTES %d", n);
   glf_GetProgramiv(p, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH, &maxlen);
   CHECK(maxlen == (GLint)sizeof("gl_InstanceID"), "ACTIVE_ATTRIBUTE_MAX_LENGTH %d", maxlen);
   bool seen_vid = false, seen_iid = false, seen_pos = false;
   for (GLint i = 0; i < n && i < 3; i++) {
      char name[32] = "";
      GLint size = 0;
      GLenum type = 0;
      glf_GetActiveAttrib(p, (GLuint)i, sizeof(name), NULL, &size, &type, name);
      if (!strcmp(name, "gl_VertexID") || !strcmp(name, "gl_InstanceID")) {
         CHECK(size == 1 && type == GL_INT, "%s size %d type 0x%x", name, size, type);
         CHECK(glf_GetAttribLocation(p, name) == -1, "%s location", name);
      }
      seen_vid |= !strcmp(name, "gl_VertexID");
      seen_iid |= !strcmp(name, "gl_InstanceID");
      seen_pos |= !strcmp(name, "pos");
   }
   CHECK(seen_vid && seen_iid && seen_pos, "active attributes %d %d %d", seen_vid, seen_iid, seen_pos);
   char name[8];
   GLint size;
   GLenum type;
   glf_GetActiveAttrib(p, 3, sizeof(name), NULL, &size, &type, name);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "GetActiveAttrib past the count");
   glf_DeleteProgram(p);
   /* gl_VertexID alone: gl_InstanceID is not active */
   static const char *vs_vid = "#version 150\nvoid main() { gl_Position = vec4(float(gl_VertexID)); }\n";
   p = glf_CreateProgram();
   glf_AttachShader(p, shader(GL_VERTEX_SHADER, vs_vid));
   glf_AttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glf_LinkProgram(p);
   glf_GetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
   char only[32] = "";
   glf_GetActiveAttrib(p, 0, sizeof(only), NULL, &size, &type, only);
   CHECK(n == 1 && !strcmp(only, "gl_VertexID"), "ACTIVE_ATTRIBUTES %d (%s)", n, only);
   glf_DeleteProgram(p);
   drop(ctx);
}

/* GLSL 1.50 vertex input arrays: "name[k]" locates element k, consecutive locations of
 * as many slots as an element takes; malformed or out-of-range indices locate nothing. */
static void
array_attribute_elements(void)
{
   static const char *vs = "#version 150\nin float a[3];\nin mat2 d[2];\n"
                           "void main() { gl_Position = vec4(a[0] + a[2], d[1][1], d[0][0].x); }\n";
   static const char *fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLuint p = glf_CreateProgram();
   glf_AttachShader(p, shader(GL_VERTEX_SHADER, vs));
   glf_AttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glf_LinkProgram(p);
   GLint ok = 0;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok, "link");
   GLint la = glf_GetAttribLocation(p, "a"), ld = glf_GetAttribLocation(p, "d");
   CHECK(la >= 0 && ld >= 0, "locations %d %d", la, ld);
   CHECK(glf_GetAttribLocation(p, "a[0]") == la, "a[0]");
   CHECK(glf_GetAttribLocation(p, "a[2]") == la + 2, "a[2]");
   CHECK(glf_GetAttribLocation(p, "d[0]") == ld, "d[0]");
   CHECK(glf_GetAttribLocation(p, "d[1]") == ld + 2, "d[1]: a mat2 element takes two locations");
   static const char *bad[] = {"a[3]", "a[01]", "a[-1]", "a[]", "a[1", "a[1]x", "b[0]", "a [0]"};
   for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
      CHECK(glf_GetAttribLocation(p, bad[i]) == -1, "%s located", bad[i]);
   glf_DeleteProgram(p);
   drop(ctx);
}

/* OpenGL 3.3 section 5.2.1: glWaitSync's server wait never times out here (the channel's
 * one ordered queue), so MAX_SERVER_WAIT_TIMEOUT is unbounded, clamped through GetIntegerv. */
static void
server_wait_timeout(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE);
   GLint64 t = -1;
   glf_GetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &t);
   CHECK(t == INT64_MAX, "MAX_SERVER_WAIT_TIMEOUT %lld", (long long)t);
   CHECK(get_int(GL_MAX_SERVER_WAIT_TIMEOUT) == INT32_MAX, "GetIntegerv(MAX_SERVER_WAIT_TIMEOUT) not clamped");
   drop(ctx);
}

int
main(void)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   element_binding_without_vao();
   fragment_only_program();
   builtin_attributes();
   server_wait_timeout();
   array_attribute_elements();
   if (fails)
      printf("%d failures\n", fails);
   else
      printf("front_vertex_api: ok\n");
   return fails ? 1 : 0;
}
