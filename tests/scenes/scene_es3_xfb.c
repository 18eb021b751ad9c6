/*
 * es3_xfb — OpenGL ES 3.0 transform feedback and queries, read back and compared exactly.
 *   1. Interleaved capture of a user vec2, gl_Position, an array element and an ivec2 (9
 *      components a vertex) of two triangles under RASTERIZER_DISCARD, with a
 *      TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN query (2); read back with glMapBufferRange(READ)
 *      and compared to the values the shader must produce (all exact in float).
 *   2. Separate capture (a vec4 into a BindBufferRange at an offset, a whole float[3] into a
 *      BindBufferBase) on a transform feedback object, paused across a draw that renders but
 *      must not be captured, resumed (capture continues after the first triangle), then ended;
 *      the indexed binding queries; the captured bytes compared, the untouched bytes too.
 *   3. The captured positions drawn as vertex input (left half of the image).
 *   4. ANY_SAMPLES_PASSED / _CONSERVATIVE of a visible and of a scissored-away draw, polled
 *      through QUERY_RESULT_AVAILABLE.
 *   5. The errors both llvmpipe (ES 3.2) and ES 3.0 agree on: Begin with a bad mode, twice,
 *      without a buffer; UseProgram, BindBufferRange, BindTransformFeedback and
 *      DeleteTransformFeedbacks while active; Pause / Resume / End out of order; varying
 *      queries out of range; BeginQuery / EndQuery / GetQueryObject misuse.
 * Every rectangle is axis-aligned on integer pixels: exact.
 */
#include <string.h>
#include <time.h>

#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n" /* pixels */
   "layout(location = 1) in float a_k;\n"
   "uniform vec2 u_half;\n"
   "out vec2 v_pos;\n"
   "out float v_arr[3];\n"
   "flat out ivec2 v_i;\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   v_pos = a_pos;\n"
   "   v_arr[0] = a_k;\n"
   "   v_arr[1] = a_k * 2.0;\n"
   "   v_arr[2] = a_k + 0.5;\n"
   "   v_i = ivec2(gl_VertexID, -3 * gl_VertexID);\n"
   "   v_color = vec4(a_k * 0.125, 1.0 - a_k * 0.125, 0.5, 1.0);\n"
   "   gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0);\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "in vec4 v_color;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = v_color; }\n";

#define W 128
#define H 64

/* 12 vertices: four axis-aligned rectangles' worth of triangles (pixels), k per vertex. */
static const GLfloat verts[12][2] = {
   {8, 8},  {40, 8},  {8, 28},  {40, 8},  {40, 28}, {8, 28},  /* rect A */
   {8, 36}, {40, 36}, {8, 56},  {40, 36}, {40, 56}, {8, 56},  /* rect B */
};
static const GLfloat ks[12] = {1, 1, 1, 1, 1, 1, 5, 5, 5, 5, 5, 5};

static GLuint
xfb_program(const char *const *names, int n, GLenum mode)
{
   GLuint vs = scene_compile(GL_VERTEX_SHADER, vs_src), fs = scene_compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint p = glCreateProgram();
   GL(glAttachShader(p, vs));
   GL(glAttachShader(p, fs));
   GL(glTransformFeedbackVaryings(p, n, names, mode));
   GL(glLinkProgram(p));
   GLint ok = 0;
   GL(glGetProgramiv(p, GL_LINK_STATUS, &ok));
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      SCENE_CHECK(0, "link failed: %s", log);
   }
   GL(glDeleteShader(vs));
   GL(glDeleteShader(fs));
   GL(glUseProgram(p));
   GL(glUniform2f(scene_uniform(p, "u_half"), W / 2.0f, H / 2.0f));
   return p;
}

static void
expect_f(float got, float want, const char *what, int i)
{
   SCENE_CHECK(got == want, "%s of vertex %d: got %g, want %g", what, i, (double)got, (double)want);
}

static GLuint
wait_query(GLuint q)
{
   /* Polling terminates (ES 3.0 section 6.1.7: "...repeatedly querying QUERY_RESULT_AVAILABLE
    * for any given query object is guaranteed to return true eventually"); 10 s at most. */
   GLuint avail = 0;
   for (int i = 0; i < 10000 && !avail; i++) {
      GL(glGetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE, &avail));
      if (!avail)
         nanosleep(&(struct timespec){0, 1000000}, NULL);
   }
   SCENE_CHECK(avail, "query %u never became available", q);
   GLuint v = 0;
   GL(glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v));
   return v;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = W, .height = H};
   scene_init(&s, &cfg, argc, argv);
   GL(glClearColor(0.1f, 0.1f, 0.2f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   GLint v = 0;
   GL(glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &v));
   SCENE_CHECK(v >= 4, "MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS %d", v);
   GL(glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, &v));
   SCENE_CHECK(v >= 64, "MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS %d", v);
   GL(glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, &v));
   SCENE_CHECK(v >= 4, "MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS %d", v);

   GLuint vao, vbo[2];
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(2, vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo[0]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glEnableVertexAttribArray(0));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo[1]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(ks), ks, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glEnableVertexAttribArray(1));

   /* ---- 1. interleaved, rasterizer discard, primitives written ---------------------------- */
   static const char *const inter[] = {"v_pos", "gl_Position", "v_arr[1]", "v_i"};
   GLuint pa = xfb_program(inter, 4, GL_INTERLEAVED_ATTRIBS);
   GL(glGetProgramiv(pa, GL_TRANSFORM_FEEDBACK_VARYINGS, &v));
   SCENE_CHECK(v == 4, "TRANSFORM_FEEDBACK_VARYINGS %d", v);
   GL(glGetProgramiv(pa, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, &v));
   SCENE_CHECK(v == 12, "TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH %d", v);
   GL(glGetProgramiv(pa, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &v));
   SCENE_CHECK(v == GL_INTERLEAVED_ATTRIBS, "TRANSFORM_FEEDBACK_BUFFER_MODE 0x%x", v);
   static const GLenum want_types[] = {GL_FLOAT_VEC2, GL_FLOAT_VEC4, GL_FLOAT, GL_INT_VEC2};
   for (int i = 0; i < 4; i++) {
      char name[32];
      GLsizei len = 0, size = 0;
      GLenum type = 0;
      GL(glGetTransformFeedbackVarying(pa, (GLuint)i, sizeof(name), &len, &size, &type, name));
      SCENE_CHECK(!strcmp(name, inter[i]) && len == (GLsizei)strlen(inter[i]) && size == 1 && type == want_types[i],
                  "varying %d: '%s' len %d size %d type 0x%x", i, name, len, size, type);
   }
   GL_EXPECT(GL_INVALID_VALUE, glGetTransformFeedbackVarying(pa, 4, 32, NULL, &v, (GLenum *)&v, (GLchar[32]){0}));

   GLuint cap;
   GL(glGenBuffers(1, &cap));
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, cap));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 6 * 36, NULL, GL_STATIC_READ));
   GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, cap));
   GLuint q[4];
   GL(glGenQueries(4, q));
   GL(glEnable(GL_RASTERIZER_DISCARD));
   GL(glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]));
   GL(glGetQueryiv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, GL_CURRENT_QUERY, &v));
   SCENE_CHECK(v == (GLint)q[0], "CURRENT_QUERY %d", v);
   GL_EXPECT(GL_INVALID_OPERATION, glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, (GLuint *)&v)); /* active */
   GL(glBeginTransformFeedback(GL_TRIANGLES));
   GLboolean active = GL_FALSE;
   GL(glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &active));
   SCENE_CHECK(active, "TRANSFORM_FEEDBACK_ACTIVE");
   GL_EXPECT(GL_INVALID_OPERATION, glBeginTransformFeedback(GL_TRIANGLES));
   GL_EXPECT(GL_INVALID_OPERATION, glUseProgram(0));
   GL_EXPECT(GL_INVALID_OPERATION, glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glResumeTransformFeedback());
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));
   GL(glEndTransformFeedback());
   GL(glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN));
   GL(glDisable(GL_RASTERIZER_DISCARD));
   GL_EXPECT(GL_INVALID_OPERATION, glEndTransformFeedback());
   GL_EXPECT(GL_INVALID_OPERATION, glPauseTransformFeedback());
   SCENE_CHECK(wait_query(q[0]) == 2, "primitives written: %u", wait_query(q[0]));

   const uint8_t *m = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 6 * 36, GL_MAP_READ_BIT);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glMapBufferRange");
   SCENE_CHECK(m != NULL, "glMapBufferRange returned NULL");
   for (int i = 0; i < 6; i++) {
      float f[7];
      int32_t n[2];
      memcpy(f, m + i * 36, 28);
      memcpy(n, m + i * 36 + 28, 8);
      expect_f(f[0], verts[i][0], "v_pos.x", i);
      expect_f(f[1], verts[i][1], "v_pos.y", i);
      expect_f(f[2], verts[i][0] / (W / 2.0f) - 1.0f, "gl_Position.x", i);
      expect_f(f[3], verts[i][1] / (H / 2.0f) - 1.0f, "gl_Position.y", i);
      expect_f(f[4], 0.0f, "gl_Position.z", i);
      expect_f(f[5], 1.0f, "gl_Position.w", i);
      expect_f(f[6], ks[i] * 2.0f, "v_arr[1]", i);
      SCENE_CHECK(n[0] == i && n[1] == -3 * i, "v_i of vertex %d: %d %d", i, n[0], n[1]);
   }
   GL(glGetBufferParameteriv(GL_TRANSFORM_FEEDBACK_BUFFER, GL_BUFFER_MAPPED, &v));
   SCENE_CHECK(v == GL_TRUE, "BUFFER_MAPPED");
   SCENE_CHECK(glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER) == GL_TRUE, "glUnmapBuffer");
   GL_EXPECT(GL_INVALID_OPERATION, glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER));

   /* ---- 2. separate, on an object, paused and resumed ----------------------------------------- */
   static const char *const sep[] = {"v_color", "v_arr"};
   GLuint pb = xfb_program(sep, 2, GL_SEPARATE_ATTRIBS);
   GL(glGetProgramiv(pb, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &v));
   SCENE_CHECK(v == GL_SEPARATE_ATTRIBS, "TRANSFORM_FEEDBACK_BUFFER_MODE 0x%x", v);
   GLuint tf;
   GL(glGenTransformFeedbacks(1, &tf));
   SCENE_CHECK(!glIsTransformFeedback(tf), "IsTransformFeedback before the first bind");
   GL(glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf));
   SCENE_CHECK(glIsTransformFeedback(tf), "IsTransformFeedback after bind");
   GL(glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &v));
   SCENE_CHECK(v == (GLint)tf, "TRANSFORM_FEEDBACK_BINDING %d", v);
   GLuint sb[2];
   GL(glGenBuffers(2, sb));
   uint8_t fill[8 * 16];
   memset(fill, 0xAB, sizeof(fill));
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, sb[0]));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 8 * 16, fill, GL_STATIC_READ));
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, sb[1]));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 6 * 12, NULL, GL_STATIC_READ));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginTransformFeedback(GL_TRIANGLES)); /* nothing bound */
   GL_EXPECT(GL_INVALID_VALUE, glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sb[0], 2, 16));
   GL_EXPECT(GL_INVALID_VALUE, glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sb[0], 0, 0));
   GL(glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &v));
   GL_EXPECT(GL_INVALID_VALUE, glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)v, sb[0]));
   GL(glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sb[0], 16, 6 * 16));
   GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, sb[1]));
   GLint64 v64 = 0;
   GL(glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &v));
   SCENE_CHECK(v == (GLint)sb[0], "TRANSFORM_FEEDBACK_BUFFER_BINDING[0] %d", v);
   GL(glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &v64));
   SCENE_CHECK(v64 == 16, "TRANSFORM_FEEDBACK_BUFFER_START[0] %lld", (long long)v64);
   GL(glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &v64));
   SCENE_CHECK(v64 == 6 * 16, "TRANSFORM_FEEDBACK_BUFFER_SIZE[0] %lld", (long long)v64);
   GL(glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v));
   SCENE_CHECK(v == (GLint)sb[1], "TRANSFORM_FEEDBACK_BUFFER_BINDING[1] %d", v);
   GL(glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 1, &v64));
   SCENE_CHECK(v64 == 0, "TRANSFORM_FEEDBACK_BUFFER_SIZE[1] (base) %lld", (long long)v64);
   GL(glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &v));
   SCENE_CHECK(v == (GLint)sb[1], "TRANSFORM_FEEDBACK_BUFFER_BINDING (generic) %d", v);

   GL(glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]));
   GL_EXPECT(GL_INVALID_ENUM, glBeginTransformFeedback(GL_TRIANGLE_STRIP));
   GL(glBeginTransformFeedback(GL_TRIANGLES));
   GL_EXPECT(GL_INVALID_OPERATION, glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glDeleteTransformFeedbacks(1, &tf));
   GL(glDrawArrays(GL_TRIANGLES, 0, 3));
   GL(glPauseTransformFeedback());
   GLboolean paused = GL_FALSE;
   GL(glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &paused));
   SCENE_CHECK(paused, "TRANSFORM_FEEDBACK_PAUSED");
   GL_EXPECT(GL_INVALID_OPERATION, glPauseTransformFeedback());
   GL_EXPECT(GL_INVALID_OPERATION, glLinkProgram(pb)); /* used by an active object */
   /* Paused: this draw renders (rect B) and is not captured. */
   GL(glDrawArrays(GL_TRIANGLES, 6, 6));
   GL(glResumeTransformFeedback());
   GL(glDrawArrays(GL_TRIANGLES, 3, 3));
   GL(glEndTransformFeedback());
   GL(glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN));
   GL(glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0));
   SCENE_CHECK(wait_query(q[1]) == 2, "separate: primitives written %u", wait_query(q[1]));

   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, sb[0]));
   m = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 8 * 16, GL_MAP_READ_BIT);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glMapBufferRange");
   SCENE_CHECK(m != NULL, "glMapBufferRange returned NULL");
   for (int i = 0; i < 16; i++)
      SCENE_CHECK(m[i] == 0xAB && m[7 * 16 + i] == 0xAB, "bytes outside the range were written");
   for (int i = 0; i < 6; i++) {
      float c[4];
      memcpy(c, m + 16 + i * 16, 16);
      expect_f(c[0], ks[i] * 0.125f, "v_color.r", i);
      expect_f(c[1], 1.0f - ks[i] * 0.125f, "v_color.g", i);
      expect_f(c[2], 0.5f, "v_color.b", i);
      expect_f(c[3], 1.0f, "v_color.a", i);
   }
   SCENE_CHECK(glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER) == GL_TRUE, "glUnmapBuffer");
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, sb[1]));
   m = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 6 * 12, GL_MAP_READ_BIT);
   scene_check_error(__FILE__, __LINE__, GL_NO_ERROR, "glMapBufferRange");
   SCENE_CHECK(m != NULL, "glMapBufferRange returned NULL");
   for (int i = 0; i < 6; i++) {
      float a[3];
      memcpy(a, m + i * 12, 12);
      expect_f(a[0], ks[i], "v_arr[0]", i);
      expect_f(a[1], ks[i] * 2.0f, "v_arr[1]", i);
      expect_f(a[2], ks[i] + 0.5f, "v_arr[2]", i);
   }
   SCENE_CHECK(glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER) == GL_TRUE, "glUnmapBuffer");
   GL(glDeleteTransformFeedbacks(1, &tf));
   SCENE_CHECK(!glIsTransformFeedback(tf), "IsTransformFeedback after delete");

   /* ---- 3. the captured positions as vertex input, shifted right ------------------------------ */
   GL(glUseProgram(pa));
   GL(glBindBuffer(GL_ARRAY_BUFFER, cap));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 36, 0)); /* v_pos of each captured vertex */
   GL(glUniform2f(scene_uniform(pa, "u_half"), W / 4.0f, H / 2.0f)); /* x doubled: 16..80 */
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));

   /* ---- 4. occlusion queries ------------------------------------------------------------------ */
   GL(glUniform2f(scene_uniform(pa, "u_half"), W / 2.0f, H / 2.0f));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo[0]));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginQuery(GL_ANY_SAMPLES_PASSED, 0));
   GL_EXPECT(GL_INVALID_OPERATION, glEndQuery(GL_ANY_SAMPLES_PASSED));
   GL_EXPECT(GL_INVALID_ENUM, glBeginQuery(GL_TEXTURE_2D, q[2]));
   GL(glBeginQuery(GL_ANY_SAMPLES_PASSED, q[2]));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[3]));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[2])); /* active */
   GL(glEnable(GL_SCISSOR_TEST));
   GL(glScissor(0, 0, 0, 0));
   GL(glDrawArrays(GL_TRIANGLES, 6, 6)); /* no sample passes */
   GL(glDisable(GL_SCISSOR_TEST));
   GL(glEndQuery(GL_ANY_SAMPLES_PASSED));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[2])); /* other target */
   SCENE_CHECK(wait_query(q[2]) == GL_FALSE, "ANY_SAMPLES_PASSED of a scissored draw");
   GL(glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[3]));
   GL(glDrawArrays(GL_TRIANGLES, 6, 6)); /* rect B, visible */
   GL(glEndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE));
   SCENE_CHECK(wait_query(q[3]) == GL_TRUE, "ANY_SAMPLES_PASSED_CONSERVATIVE of a visible draw");
   GL(glBeginQuery(GL_ANY_SAMPLES_PASSED, q[2])); /* the same object again */
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));
   GL(glEndQuery(GL_ANY_SAMPLES_PASSED));
   SCENE_CHECK(wait_query(q[2]) == GL_TRUE, "ANY_SAMPLES_PASSED of a visible draw");
   SCENE_CHECK(glIsQuery(q[2]) && glIsQuery(q[3]), "IsQuery");
   GLuint unused;
   GL(glGenQueries(1, &unused));
   SCENE_CHECK(!glIsQuery(unused), "IsQuery before first use");
   GL_EXPECT(GL_INVALID_OPERATION, glGetQueryObjectuiv(unused, GL_QUERY_RESULT, (GLuint *)&v));
   GL_EXPECT(GL_INVALID_ENUM, glGetQueryObjectuiv(q[2], GL_CURRENT_QUERY, (GLuint *)&v));
   GL(glDeleteQueries(4, q));
   GL(glDeleteQueries(1, &unused));
   SCENE_CHECK(!glIsQuery(q[2]), "IsQuery after delete");

   GL(glDeleteProgram(pa));
   GL(glDeleteProgram(pb));
   GL(glDeleteBuffers(1, &cap));
   GL(glDeleteBuffers(2, sb));
   GL(glDeleteBuffers(2, vbo));
   GL(glDeleteVertexArrays(1, &vao));
   return scene_finish(&s);
}
