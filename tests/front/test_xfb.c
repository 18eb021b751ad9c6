/* Transform feedback, queries and buffer read mappings in the front end, on the recording fake
 * wire: the errors of OpenGL ES 3.0 (sections 2.9-2.15, 6.1) and OpenGL 3.3 (2.9-2.17), the
 * places where the two APIs differ (ES refuses indexed draws, other modes and overflowing
 * draws while capturing; GL captures them), tables of invalid enums per entry point, and the
 * records each call emits. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

static int fails;
#define CHECK(cond, ...)                                                                     \
   do {                                                                                     \
      if (!(cond)) {                                                                        \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                                       \
         printf(__VA_ARGS__);                                                               \
         printf("\n");                                                                      \
         fails++;                                                                           \
      }                                                                                     \
   } while (0)

#define EXPECT(err, call)                                                                    \
   do {                                                                                     \
      call;                                                                                 \
      GLenum got_ = glf_GetError();                                                         \
      CHECK(got_ == (err), "%s: got 0x%x, want 0x%x", #call, got_, (GLenum)(err));          \
      CHECK(glf_GetError() == GL_NO_ERROR, "%s: a second error", #call);                    \
   } while (0)

static const char *vs_es =
   "#version 300 es\n"
   "in vec4 p;\n"
   "out vec4 a;\n"
   "out float b[2];\n"
   "void main() { a = p; b[0] = p.x; b[1] = p.y; gl_Position = p; }\n";
static const char *fs_es =
   "#version 300 es\nprecision mediump float;\nin vec4 a;\nout vec4 o;\nvoid main() { o = a; }\n";
static const char *vs_gl =
   "#version 330 core\n"
   "in vec4 p;\n"
   "out vec4 a;\n"
   "out float b[2];\n"
   "void main() { a = p; b[0] = p.x; b[1] = p.y; gl_Position = p; }\n";
static const char *fs_gl = "#version 330 core\nin vec4 a;\nout vec4 o;\nvoid main() { o = a; }\n";

static GLuint
program(bool es, const char *const *names, int n, GLenum mode, bool expect_link)
{
   GLuint p = glf_CreateProgram();
   GLuint s[2] = {glf_CreateShader(GL_VERTEX_SHADER), glf_CreateShader(GL_FRAGMENT_SHADER)};
   const char *src[2] = {es ? vs_es : vs_gl, es ? fs_es : fs_gl};
   for (int i = 0; i < 2; i++) {
      glf_ShaderSource(s[i], 1, &src[i], NULL);
      glf_CompileShader(s[i]);
      glf_AttachShader(p, s[i]);
   }
   glf_TransformFeedbackVaryings(p, n, names, mode);
   glf_LinkProgram(p);
   GLint ok = 0;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok == expect_link, "link status %d, want %d", ok, expect_link);
   if (ok != expect_link) {
      char log[512] = "";
      glf_GetProgramInfoLog(p, sizeof(log), NULL, log);
      printf("log: %s\n", log);
   }
   CHECK(glf_GetError() == GL_NO_ERROR, "program setup error");
   return p;
}

/* ---- invalid enums, one per argument ------------------------------------------------------ */
typedef void (*call_fn)(GLenum bad);
struct enum_case {
   const char *name;
   call_fn call;
   GLenum bad[6];
   unsigned n;
   GLenum err;
};

static GLuint g_prog, g_query;
static void c_begin_xfb(GLenum v) { glf_BeginTransformFeedback(v); }
static void c_bind_xfb(GLenum v) { glf_BindTransformFeedback(v, 0); }
static void c_varyings_mode(GLenum v) { const char *n = "a"; glf_TransformFeedbackVaryings(g_prog, 1, &n, v); }
static void c_bind_base(GLenum v) { glf_BindBufferBase(v, 0, 0); }
static void c_bind_range(GLenum v) { glf_BindBufferRange(v, 0, 0, 0, 0); }
static void c_geti(GLenum v) { GLint x; glf_GetIntegeri_v(v, 0, &x); }
static void c_begin_query(GLenum v) { glf_BeginQuery(v, g_query); }
static void c_end_query(GLenum v) { glf_EndQuery(v); }
static void c_query_iv_target(GLenum v) { GLint x; glf_GetQueryiv(v, GL_CURRENT_QUERY, &x); }
static void c_query_iv_pname(GLenum v) { GLint x; glf_GetQueryiv(GL_ANY_SAMPLES_PASSED, v, &x); }
static void c_map_target(GLenum v) { glf_MapBufferRange(v, 0, 4, GL_MAP_READ_BIT); }

static const struct enum_case common_cases[] = {
   {"BeginTransformFeedback", c_begin_xfb, {GL_LINE_STRIP, GL_TRIANGLE_FAN, GL_LINE_LOOP, 0x1234}, 4, GL_INVALID_ENUM},
   {"BindTransformFeedback", c_bind_xfb, {GL_TRANSFORM_FEEDBACK_BUFFER, GL_ARRAY_BUFFER, 0}, 3, GL_INVALID_ENUM},
   {"TransformFeedbackVaryings", c_varyings_mode, {GL_TRIANGLES, GL_NONE, GL_SEPARATE_ATTRIBS + 1}, 3, GL_INVALID_ENUM},
   {"BindBufferBase", c_bind_base, {GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_TEXTURE_2D}, 3, GL_INVALID_ENUM},
   {"BindBufferRange", c_bind_range, {GL_COPY_READ_BUFFER, GL_PIXEL_PACK_BUFFER}, 2, GL_INVALID_ENUM},
   {"GetIntegeri_v", c_geti, {GL_ARRAY_BUFFER_BINDING, GL_VIEWPORT, 0x1234}, 3, GL_INVALID_ENUM},
   {"BeginQuery", c_begin_query, {GL_TEXTURE_2D, GL_TIMESTAMP, 0}, 3, GL_INVALID_ENUM},
   {"EndQuery", c_end_query, {GL_TEXTURE_2D, GL_TIMESTAMP}, 2, GL_INVALID_ENUM},
   {"GetQueryiv target", c_query_iv_target, {GL_TEXTURE_2D, 0}, 2, GL_INVALID_ENUM},
   {"GetQueryiv pname", c_query_iv_pname, {GL_QUERY_RESULT, GL_QUERY_RESULT_AVAILABLE, 0}, 3, GL_INVALID_ENUM},
   {"MapBufferRange", c_map_target, {GL_TEXTURE_2D, 0}, 2, GL_INVALID_ENUM},
};
/* ES 3.0 has only the ANY_SAMPLES_PASSED(_CONSERVATIVE) and primitives-written targets. */
static const struct enum_case es_cases[] = {
   {"BeginQuery (ES)", c_begin_query, {GL_SAMPLES_PASSED, GL_PRIMITIVES_GENERATED, GL_TIME_ELAPSED}, 3, GL_INVALID_ENUM},
   {"GetQueryiv (ES)", c_query_iv_pname, {GL_QUERY_COUNTER_BITS}, 1, GL_INVALID_ENUM},
};

static void
run_cases(const struct enum_case *cases, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      for (unsigned k = 0; k < cases[i].n; k++) {
         cases[i].call(cases[i].bad[k]);
         GLenum got = glf_GetError();
         CHECK(got == cases[i].err, "%s(0x%x): got 0x%x, want 0x%x", cases[i].name, cases[i].bad[k], got, cases[i].err);
         CHECK(glf_GetError() == GL_NO_ERROR, "%s: second error", cases[i].name);
      }
   }
}

/* ---- one API ------------------------------------------------------------------------------- */
static void
run_api(struct wire_client *c, bool es)
{
   struct glf_context *ctx =
      glf_context_create(c, es ? GLF_API_GLES : GLF_API_GL_CORE, 3, es ? 0 : 3, NULL, false, false);
   struct glf_drawable d = {.color = {1, 1}, .width = 16, .height = 16};
   glf_make_current(ctx, &d, &d);
   GLuint vao;
   glf_GenVertexArrays(1, &vao);
   glf_BindVertexArray(vao);

   /* Link: a name that is not an output fails, as does one given twice. */
   static const char *const bad1[] = {"nope"};
   static const char *const bad2[] = {"a", "a"};
   GLuint pbad = program(es, bad1, 1, GL_INTERLEAVED_ATTRIBS, false);
   glf_DeleteProgram(pbad);
   pbad = program(es, bad2, 2, GL_INTERLEAVED_ATTRIBS, false);
   glf_DeleteProgram(pbad);
   static const char *const names[] = {"a", "b[1]"};
   GLuint p = program(es, names, 2, GL_INTERLEAVED_ATTRIBS, true);
   g_prog = p;
   GLint v = 0;
   glf_GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &v);
   CHECK(v == 2, "TRANSFORM_FEEDBACK_VARYINGS %d", v);
   /* Set but not linked: the queries still report the last link. */
   static const char *const sep[] = {"a", "b"};
   glf_TransformFeedbackVaryings(p, 2, sep, GL_SEPARATE_ATTRIBS);
   glf_GetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &v);
   CHECK(v == GL_INTERLEAVED_ATTRIBS, "BUFFER_MODE before relink 0x%x", v);
   glf_TransformFeedbackVaryings(p, 2, names, GL_INTERLEAVED_ATTRIBS);
   const char *five[5] = {"a", "a", "a", "a", "a"};
   EXPECT(GL_INVALID_VALUE, glf_TransformFeedbackVaryings(p, 5, five, GL_SEPARATE_ATTRIBS));
   EXPECT(GL_INVALID_VALUE, glf_TransformFeedbackVaryings(p, -1, names, GL_INTERLEAVED_ATTRIBS));
   EXPECT(GL_INVALID_VALUE, glf_TransformFeedbackVaryings(12345, 1, names, GL_INTERLEAVED_ATTRIBS));
   GLchar nm[8];
   GLsizei len = 0, size = 0;
   GLenum type = 0;
   glf_GetTransformFeedbackVarying(p, 1, sizeof(nm), &len, &size, &type, nm);
   CHECK(!strcmp(nm, "b[1]") && len == 4 && size == 1 && type == GL_FLOAT, "varying 1: %s %d %d 0x%x", nm, len, size,
         type);
   EXPECT(GL_INVALID_VALUE, glf_GetTransformFeedbackVarying(p, 2, sizeof(nm), &len, &size, &type, nm));
   EXPECT(GL_INVALID_VALUE, glf_GetTransformFeedbackVarying(p, 0, -1, &len, &size, &type, nm));

   GLuint buf[2];
   glf_GenBuffers(2, buf);
   glf_BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf[0]);
   glf_BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 3 * 20, NULL, GL_STATIC_READ); /* 3 triangles of 20 bytes */
   glf_BindBuffer(GL_ARRAY_BUFFER, buf[1]);
   static const float pts[12 * 4] = {0};
   glf_BufferData(GL_ARRAY_BUFFER, sizeof(pts), pts, GL_STATIC_DRAW);
   glf_VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   glf_EnableVertexAttribArray(0);
   glf_BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
   glf_UseProgram(p);
   CHECK(glf_GetError() == GL_NO_ERROR, "setup");

   EXPECT(GL_INVALID_OPERATION, glf_BeginTransformFeedback(GL_TRIANGLES)); /* no buffer at index 0 */
   EXPECT(GL_INVALID_VALUE, glf_BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 4, 6));
   EXPECT(GL_INVALID_VALUE, glf_BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], -4, 8));
   EXPECT(GL_INVALID_VALUE, glf_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 4, buf[0]));
   EXPECT(GL_INVALID_VALUE, glf_BindBufferBase(GL_UNIFORM_BUFFER, 1000, buf[0]));
   if (!es)
      EXPECT(GL_INVALID_OPERATION, glf_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 777)); /* not generated */
   EXPECT(GL_NO_ERROR, glf_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0]));

   uint64_t creates = fake_wire_op_count[WIRE_OP_SoTargetCreate], sets = fake_wire_op_count[WIRE_OP_SetSoTargets];
   EXPECT(GL_NO_ERROR, glf_BeginTransformFeedback(GL_TRIANGLES));
   CHECK(fake_wire_op_count[WIRE_OP_SoTargetCreate] == creates + 1, "one target for interleaved");
   CHECK(fake_wire_op_count[WIRE_OP_SetSoTargets] == sets + 1, "targets bound at Begin");

   /* While active: the binding and program rules (both APIs). */
   EXPECT(GL_INVALID_OPERATION, glf_UseProgram(0));
   EXPECT(GL_INVALID_OPERATION, glf_BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0]));
   EXPECT(GL_INVALID_OPERATION, glf_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0));
   EXPECT(GL_INVALID_OPERATION, glf_LinkProgram(p));
   EXPECT(GL_INVALID_OPERATION, glf_ResumeTransformFeedback());

   /* Draws: ES refuses what GL captures. */
   uint64_t draws = fake_wire_op_count[WIRE_OP_Draw];
   EXPECT(es ? GL_INVALID_OPERATION : GL_NO_ERROR, glf_DrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   EXPECT(GL_INVALID_OPERATION, glf_DrawArrays(GL_POINTS, 0, 4));
   EXPECT(GL_INVALID_OPERATION, glf_DrawArrays(GL_LINES, 0, 4));
   EXPECT(es ? GL_INVALID_OPERATION : GL_NO_ERROR, glf_DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL));
   EXPECT(es ? GL_INVALID_OPERATION : GL_NO_ERROR, glf_DrawArrays(GL_TRIANGLES, 0, 12)); /* 4 triangles > 3 */
   CHECK(fake_wire_op_count[WIRE_OP_Draw] == draws + (es ? 0 : 3), "refused draws emit nothing");
   if (es) {
      EXPECT(GL_NO_ERROR, glf_DrawArrays(GL_TRIANGLES, 0, 6));
      EXPECT(GL_INVALID_OPERATION, glf_DrawArraysInstanced(GL_TRIANGLES, 0, 3, 2)); /* 2 more > 1 left */
      EXPECT(GL_NO_ERROR, glf_DrawArrays(GL_TRIANGLES, 0, 3));
      EXPECT(GL_INVALID_OPERATION, glf_DrawArrays(GL_TRIANGLES, 0, 3)); /* full */
   }

   EXPECT(GL_NO_ERROR, glf_PauseTransformFeedback());
   EXPECT(GL_INVALID_OPERATION, glf_PauseTransformFeedback());
   EXPECT(GL_NO_ERROR, glf_DrawElements(GL_TRIANGLE_STRIP, 3, GL_UNSIGNED_SHORT, NULL)); /* paused: any draw */
   /* Paused: the program may change, but Resume wants the capturing program back. */
   EXPECT(GL_NO_ERROR, glf_UseProgram(0));
   EXPECT(GL_INVALID_OPERATION, glf_ResumeTransformFeedback());
   EXPECT(GL_NO_ERROR, glf_UseProgram(p));
   GLuint tf[2];
   glf_GenTransformFeedbacks(2, tf);
   EXPECT(GL_NO_ERROR, glf_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf[0])); /* paused: may switch */
   EXPECT(GL_INVALID_OPERATION, glf_ResumeTransformFeedback()); /* tf[0] is not active */
   EXPECT(GL_INVALID_OPERATION, glf_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 999)); /* not generated */
   EXPECT(GL_NO_ERROR, glf_DeleteTransformFeedbacks(1, &tf[0])); /* bound, not active: reverts to 0 */
   glf_GetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &v);
   CHECK(v == 0, "binding after deleting the bound object: %d", v);
   EXPECT(GL_NO_ERROR, glf_ResumeTransformFeedback());
   EXPECT(GL_NO_ERROR, glf_EndTransformFeedback());
   EXPECT(GL_INVALID_OPERATION, glf_EndTransformFeedback());
   CHECK(fake_wire_op_count[WIRE_OP_SetSoTargets] == sets + 4, "Begin, Pause, Resume, End: %llu",
         (unsigned long long)(fake_wire_op_count[WIRE_OP_SetSoTargets] - sets));
   EXPECT(GL_INVALID_VALUE, glf_DeleteTransformFeedbacks(-1, tf));
   EXPECT(GL_INVALID_VALUE, glf_GenTransformFeedbacks(-1, tf));

   /* Deleting an active object fails; the default object's state is per object. */
   EXPECT(GL_NO_ERROR, glf_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf[1]));
   glf_GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &v);
   CHECK(v == 0, "a new object has its own (empty) bindings: %d", v);
   EXPECT(GL_NO_ERROR, glf_BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 0, 60));
   EXPECT(GL_NO_ERROR, glf_BeginTransformFeedback(GL_TRIANGLES));
   EXPECT(GL_INVALID_OPERATION, glf_DeleteTransformFeedbacks(1, &tf[1]));
   EXPECT(GL_NO_ERROR, glf_PauseTransformFeedback());
   EXPECT(GL_INVALID_OPERATION, glf_DeleteTransformFeedbacks(1, &tf[1])); /* paused is still active */
   EXPECT(GL_NO_ERROR, glf_EndTransformFeedback());
   EXPECT(GL_NO_ERROR, glf_BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0));
   glf_GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &v);
   CHECK(v == (GLint)buf[0], "the default object kept its binding: %d", v);
   EXPECT(GL_NO_ERROR, glf_DeleteTransformFeedbacks(1, &tf[1]));
   CHECK(!glf_IsTransformFeedback(tf[1]), "deleted");

   /* Deleting a buffer unbinds it from the bound object's indexed points. */
   EXPECT(GL_NO_ERROR, glf_DeleteBuffers(1, &buf[0]));
   glf_GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &v);
   CHECK(v == 0, "indexed binding after delete: %d", v);

   /* Queries. */
   GLuint q[2];
   glf_GenQueries(2, q);
   g_query = q[0];
   run_cases(common_cases, sizeof(common_cases) / sizeof(common_cases[0]));
   if (es)
      run_cases(es_cases, sizeof(es_cases) / sizeof(es_cases[0]));
   EXPECT(GL_INVALID_VALUE, glf_GenQueries(-1, q));
   EXPECT(GL_INVALID_OPERATION, glf_BeginQuery(GL_ANY_SAMPLES_PASSED, 4242)); /* not generated */
   EXPECT(GL_NO_ERROR, glf_BeginQuery(GL_ANY_SAMPLES_PASSED, q[0]));
   EXPECT(GL_INVALID_OPERATION, glf_BeginQuery(GL_ANY_SAMPLES_PASSED, q[1]));
   EXPECT(GL_INVALID_OPERATION, glf_BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[1]));
   if (!es) {
      EXPECT(GL_INVALID_OPERATION, glf_BeginQuery(GL_SAMPLES_PASSED, q[1])); /* one occlusion query */
      EXPECT(GL_NO_ERROR, glf_BeginQuery(GL_TIME_ELAPSED, q[1]));
      EXPECT(GL_NO_ERROR, glf_EndQuery(GL_TIME_ELAPSED));
      EXPECT(GL_INVALID_OPERATION, glf_QueryCounter(q[1], GL_TIMESTAMP)); /* a TIME_ELAPSED object */
      EXPECT(GL_INVALID_ENUM, glf_QueryCounter(q[1], GL_TIME_ELAPSED));
      GLint bits = 0;
      glf_GetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
      CHECK(bits >= 30, "TIMESTAMP QUERY_COUNTER_BITS %d", bits);
      EXPECT(GL_INVALID_ENUM, glf_GetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &bits));
   } else {
      EXPECT(GL_INVALID_OPERATION, glf_QueryCounter(q[1], GL_TIMESTAMP)); /* no timer queries in ES 3.0 */
   }
   GLuint r;
   EXPECT(GL_INVALID_OPERATION, glf_GetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &r)); /* active */
   EXPECT(GL_INVALID_OPERATION, glf_EndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE)); /* other target active */
   glf_GetQueryiv(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, GL_CURRENT_QUERY, &v);
   CHECK(v == 0, "CURRENT_QUERY of the other occlusion target: %d", v);
   EXPECT(GL_NO_ERROR, glf_EndQuery(GL_ANY_SAMPLES_PASSED));
   uint64_t results = fake_wire_op_count[WIRE_OP_QueryResult];
   EXPECT(GL_NO_ERROR, glf_GetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &r));
   CHECK(fake_wire_op_count[WIRE_OP_QueryResult] == results + 1, "a poll is a reply");
   CHECK(r == GL_FALSE, "the fake server never has the result");
   EXPECT(GL_INVALID_ENUM, glf_GetQueryObjectuiv(q[0], GL_QUERY_COUNTER_BITS, &r));
   EXPECT(es ? GL_INVALID_OPERATION : GL_NO_ERROR, glf_GetQueryObjectiv(q[0], GL_QUERY_RESULT_AVAILABLE, &v));
   EXPECT(GL_NO_ERROR, glf_DeleteQueries(2, q));
   EXPECT(GL_INVALID_VALUE, glf_DeleteQueries(-1, q));

   /* Read mappings and glGetBufferSubData. */
   glf_BindBuffer(GL_ARRAY_BUFFER, buf[1]);
   EXPECT(GL_INVALID_OPERATION, glf_MapBufferRange(GL_ARRAY_BUFFER, 0, 0, GL_MAP_READ_BIT)); /* length 0 */
   EXPECT(GL_INVALID_VALUE, glf_MapBufferRange(GL_ARRAY_BUFFER, 0, 4096, GL_MAP_READ_BIT));
   EXPECT(GL_INVALID_VALUE, glf_MapBufferRange(GL_ARRAY_BUFFER, -4, 4, GL_MAP_READ_BIT));
   EXPECT(GL_INVALID_VALUE, glf_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | 0x1000));
   EXPECT(GL_INVALID_OPERATION, glf_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, 0));
   EXPECT(GL_INVALID_OPERATION, glf_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
   EXPECT(GL_INVALID_OPERATION, glf_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT));
   const float *m = glf_MapBufferRange(GL_ARRAY_BUFFER, 4, 8, GL_MAP_READ_BIT);
   CHECK(m != NULL && glf_GetError() == GL_NO_ERROR, "read mapping");
   void *ptr = NULL;
   glf_GetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &ptr);
   CHECK(ptr == m, "BUFFER_MAP_POINTER");
   EXPECT(GL_INVALID_OPERATION, glf_MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT)); /* mapped */
   EXPECT(GL_INVALID_OPERATION, glf_BufferSubData(GL_ARRAY_BUFFER, 0, 4, pts));
   GLint64 len64 = 0;
   glf_GetBufferParameteri64v(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH, &len64);
   CHECK(len64 == 8, "BUFFER_MAP_LENGTH %lld", (long long)len64);
   CHECK(glf_UnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE, "unmap");
   EXPECT(GL_INVALID_OPERATION, glf_UnmapBuffer(GL_ARRAY_BUFFER));
   float back[2] = {1, 1};
   EXPECT(es ? GL_INVALID_OPERATION : GL_NO_ERROR, glf_GetBufferSubData(GL_ARRAY_BUFFER, 0, 8, back));
   if (!es) {
      CHECK(back[0] == 0 && back[1] == 0, "GetBufferSubData from the shadow");
      EXPECT(GL_INVALID_VALUE, glf_GetBufferSubData(GL_ARRAY_BUFFER, 190, 8, back));
   }

   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

int
main(void)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   run_api(c, true);
   run_api(c, false);
   printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
