/*
 * gl33_queries — OpenGL 3.3 core queries and transform feedback where GL differs from ES.
 *   1. SAMPLES_PASSED of two rectangles (10x10 and 6x4, one half hidden by a depth test):
 *      exactly 100 + 12 samples (single-sampled surface).
 *   2. PRIMITIVES_GENERATED and TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN of an instanced
 *      TRIANGLE_STRIP (GL captures strips as independent triangles) into a buffer with room for
 *      only 3 triangles: 8 generated, 3 written, and the 9 captured vertices read back with
 *      glGetBufferSubData (strip order: triangle i is i, i+1, i+2, the odd ones' first two
 *      swapped, OpenGL 3.3 section 2.17.2 / Vulkan's transform feedback order alike); the bytes
 *      past them untouched.
 *      PRIMITIVES_GENERATED of an indexed strip cut by primitive restart (3, not 6).
 *   3. TIME_ELAPSED, QueryCounter(TIMESTAMP) and GL_TIMESTAMP: available, ordered
 *      (t0 <= t1 <= GL_TIMESTAMP), through the 32- and 64-bit result getters.
 *   4. QUERY_COUNTER_BITS, IsQuery, the GL-only query errors.
 *   5. Conditional rendering: a draw under a query that counted nothing is discarded, one under
 *      a query that counted samples is drawn; the errors.
 *   6. Capturing every member of an array of structures (piglit's structs
 *      array-struct-array-elem): 20 locations of struct array plus 17 captured array
 *      elements and members, int and uint mixed, then a float array element, a matrix, gl_Position
 *      and a float, interleaved; each captured value is checked, and the fragment shader
 *      sees the structures unchanged (a green rectangle). One output per captured member
 *      would not fit the vertex stage's 32 locations.
 *   7. Capturing gl_ClipDistance (sized 3 by the shader) with only GL_CLIP_DISTANCE1 enabled:
 *      every captured distance is what the shader wrote (capture precedes clipping).
 * The image holds the rectangles of 1 and 6: axis-aligned on integer pixels, exact.
 */
#include <string.h>
#include <time.h>

#include "scene_common.h"

static const char *vs_src =
   "#version 330 core\n"
   "layout(location = 0) in vec3 a_pos;\n" /* pixels, z in NDC */
   "uniform vec2 u_half;\n"
   "out vec2 v_pos;\n"
   "flat out int v_inst;\n"
   "void main() {\n"
   "   v_pos = a_pos.xy;\n"
   "   v_inst = gl_InstanceID;\n"
   "   gl_Position = vec4(a_pos.xy / u_half - 1.0, a_pos.z, 1.0);\n"
   "}\n";

static const char *fs_src =
   "#version 330 core\n"
   "layout(location = 0) out vec4 o_color;\n"
   "uniform vec4 u_color;\n"
   "void main() { o_color = u_color; }\n";

#define W 64
#define H 32

static const char *vs6_src =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n" /* pixels */
   "struct S { int a[2]; uint b[3]; };\n"
   "flat out S v[4];\n"
   "out vec2 c[2];\n"
   "out mat2x3 m;\n"
   "out float w;\n"
   "void main() {\n"
   "   for (int i = 0; i < 4; i++) {\n"
   "      v[i].a[0] = 100 * i + gl_VertexID;\n"
   "      v[i].a[1] = -(100 * i + 1);\n"
   "      for (int j = 0; j < 3; j++)\n"
   "         v[i].b[j] = 0x80000000u + uint(1000 * i + j);\n"
   "   }\n"
   "   for (int k = 0; k < 2; k++)\n"
   "      c[k] = vec2(float(k) + 0.5, -float(gl_VertexID));\n"
   "   m = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0) + float(gl_VertexID);\n"
   "   w = 0.25 * float(gl_VertexID);\n"
   "   gl_Position = vec4(a_pos / vec2(32.0, 16.0) - 1.0, 0.0, 1.0);\n"
   "}\n";

static const char *fs6_src =
   "#version 330 core\n"
   "struct S { int a[2]; uint b[3]; };\n"
   "flat in S v[4];\n"
   "layout(location = 0) out vec4 o_color;\n"
   "void main() {\n"
   "   bool ok = true;\n"
   "   for (int i = 0; i < 4; i++)\n"
   "      ok = ok && v[i].a[1] == -(100 * i + 1) && v[i].b[2] == 0x80000000u + uint(1000 * i + 2);\n"
   "   o_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

static const char *vs7_src =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "out float gl_ClipDistance[3];\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos / vec2(32.0, 16.0) - 1.0, 0.0, 1.0);\n"
   "   for (int k = 0; k < 3; k++)\n"
   "      gl_ClipDistance[k] = a_pos.x - 0.5 * float(k) - 100.0;\n"
   "}\n";

/* 7: gl_ClipDistance captured whole, one plane enabled. */
static void
clip_distances(void)
{
   GLuint vs = scene_compile(GL_VERTEX_SHADER, vs7_src);
   GLuint prog = glCreateProgram();
   GL(glAttachShader(prog, vs));
   static const char *const names[] = {"gl_ClipDistance", "gl_Position"};
   GL(glTransformFeedbackVaryings(prog, 2, names, GL_INTERLEAVED_ATTRIBS));
   GL(glLinkProgram(prog));
   GLint ok = 0;
   GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
   SCENE_CHECK(ok, "link of the clip distance capture program");
   GLint size = 0;
   GLenum type = 0;
   char name[32];
   GL(glGetTransformFeedbackVarying(prog, 0, sizeof(name), NULL, &size, &type, name));
   SCENE_CHECK(size == 3 && type == GL_FLOAT && !strcmp(name, "gl_ClipDistance"), "varying 0: %s %d 0x%x", name,
               size, type);
   GL(glUseProgram(prog));
   static const GLfloat verts[] = {4, 2, 20, 2, 4, 12};
   GLuint vao, vbo, cap;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glEnableVertexAttribArray(0));
   GL(glGenBuffers(1, &cap));
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, cap));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 7 * 4, NULL, GL_STATIC_READ));
   GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, cap));
   GL(glEnable(GL_CLIP_DISTANCE1));
   GL(glEnable(GL_RASTERIZER_DISCARD));
   GL(glBeginTransformFeedback(GL_TRIANGLES));
   GL(glDrawArrays(GL_TRIANGLES, 0, 3));
   GL(glEndTransformFeedback());
   GL(glDisable(GL_RASTERIZER_DISCARD));
   GL(glDisable(GL_CLIP_DISTANCE1));
   GLfloat back[3 * 7];
   GL(glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(back), back));
   for (int v = 0; v < 3; v++) {
      const GLfloat want[7] = {verts[2 * v] - 100.0f, verts[2 * v] - 100.5f, verts[2 * v] - 101.0f,
                               verts[2 * v] / 32.0f - 1.0f, verts[2 * v + 1] / 16.0f - 1.0f, 0.0f, 1.0f};
      for (int c = 0; c < 7; c++)
         SCENE_CHECK(back[v * 7 + c] == want[c], "clip capture vertex %d component %d: %g, want %g", v, c,
                     (double)back[v * 7 + c], (double)want[c]);
   }
   GL(glDeleteBuffers(1, &cap));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteProgram(prog));
   GL(glDeleteShader(vs));
}

/* 6: struct array members captured, packed four to an output by splitgl. */
static void
struct_members(void)
{
   GLuint vs = scene_compile(GL_VERTEX_SHADER, vs6_src), fs = scene_compile(GL_FRAGMENT_SHADER, fs6_src);
   GLuint prog = glCreateProgram();
   GL(glAttachShader(prog, vs));
   GL(glAttachShader(prog, fs));
   static const char *const names[] = {
      "v[0].a[0]", "v[0].a[1]", "v[0].b[0]", "v[0].b[1]", "v[0].b[2]", "v[1].a[0]", "v[1].a[1]", "v[1].b[0]",
      "v[1].b[1]", "v[1].b[2]", "v[2].a[0]", "v[2].a[1]", "v[2].b[0]", "v[2].b[1]", "v[2].b[2]", "v[3].a",
      "v[3].b", "c[1]", "m", "gl_Position", "w"};
   const int n = (int)(sizeof(names) / sizeof(names[0]));
   GL(glTransformFeedbackVaryings(prog, n, names, GL_INTERLEAVED_ATTRIBS));
   GL(glLinkProgram(prog));
   GLint ok = 0;
   GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
   SCENE_CHECK(ok, "link of the struct capture program");
   GLint size = 0;
   GLenum type = 0;
   char name[32];
   GL(glGetTransformFeedbackVarying(prog, 16, sizeof(name), NULL, &size, &type, name));
   SCENE_CHECK(size == 3 && type == GL_UNSIGNED_INT && !strcmp(name, "v[3].b"), "varying 16: %s %d 0x%x", name,
               size, type);
   GL(glUseProgram(prog));

   static const GLfloat verts[] = {40, 2, 60, 2, 40, 12, 40, 12, 60, 2, 60, 12}; /* two triangles */
   GLuint vao, vbo, cap;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glEnableVertexAttribArray(0));
   enum { COMPS = 20 + 2 + 6 + 4 + 1 };
   GL(glGenBuffers(1, &cap));
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, cap));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 6 * COMPS * 4, NULL, GL_STATIC_READ));
   GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, cap));
   GL(glBeginTransformFeedback(GL_TRIANGLES));
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));
   GL(glEndTransformFeedback());

   uint32_t back[6 * COMPS];
   GL(glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(back), back));
   for (int vtx = 0; vtx < 6; vtx++) {
      const uint32_t *r = back + vtx * COMPS;
      uint32_t want[COMPS];
      int k = 0;
      for (int i = 0; i < 4; i++) {
         want[k++] = (uint32_t)(100 * i + vtx);
         want[k++] = (uint32_t)-(100 * i + 1);
         for (int j = 0; j < 3; j++)
            want[k++] = 0x80000000u + (uint32_t)(1000 * i + j);
      }
      float f[COMPS - 20] = {1.5f, -(float)vtx};
      for (int e = 0; e < 6; e++)
         f[2 + e] = (float)(e + 1 + vtx);
      f[8] = verts[vtx * 2] / 32.0f - 1.0f;
      f[9] = verts[vtx * 2 + 1] / 16.0f - 1.0f;
      f[10] = 0.0f;
      f[11] = 1.0f;
      f[12] = 0.25f * (float)vtx;
      memcpy(&want[20], f, sizeof(f));
      for (int c = 0; c < COMPS; c++)
         SCENE_CHECK(r[c] == want[c], "vertex %d component %d: 0x%08x, want 0x%08x", vtx, c, r[c], want[c]);
   }
   GL(glDeleteBuffers(1, &cap));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteProgram(prog));
   GL(glDeleteShader(vs));
   GL(glDeleteShader(fs));
}

static GLuint64
result64(GLuint q)
{
   GLint avail = 0;
   for (int i = 0; i < 10000 && !avail; i++) {
      GL(glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, &avail));
      if (!avail)
         nanosleep(&(struct timespec){0, 1000000}, NULL);
   }
   SCENE_CHECK(avail, "query %u never became available", q);
   GLuint64 v = 0;
   GL(glGetQueryObjectui64v(q, GL_QUERY_RESULT, &v));
   return v;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = W, .height = H, .depth_bits = 24};
   scene_init(&s, &cfg, argc, argv);
   GL(glClearColor(0.0f, 0.0f, 0.0f, 1.0f));
   GL(glClearDepth(1.0));
   GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));

   GLuint vs = scene_compile(GL_VERTEX_SHADER, vs_src), fs = scene_compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint prog = glCreateProgram();
   GL(glAttachShader(prog, vs));
   GL(glAttachShader(prog, fs));
   static const char *const names[] = {"v_pos", "v_inst"};
   GL(glTransformFeedbackVaryings(prog, 2, names, GL_INTERLEAVED_ATTRIBS));
   GL(glLinkProgram(prog));
   GLint ok = 0;
   GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
   SCENE_CHECK(ok, "link");
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), W / 2.0f, H / 2.0f));
   GLint u_color = scene_uniform(prog, "u_color");

   /* rect A 10x10 at (2,2) z 0; rect B 6x8 at (20,4) z 0.5 of which the upper half is behind
    * rect C (20,8)-(26,12) drawn first at z 0 */
   static const GLfloat verts[] = {
      2, 2, 0,   12, 2, 0,   2, 12, 0,   12, 12, 0,    /* A (strip) */
      20, 8, 0,  26, 8, 0,   20, 12, 0,  26, 12, 0,    /* C (strip) */
      20, 4, .5f, 26, 4, .5f, 20, 12, .5f, 26, 12, .5f, /* B (strip) */
   };
   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glEnableVertexAttribArray(0));

   GLint bits = 0;
   GL(glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits));
   SCENE_CHECK(bits >= 1, "SAMPLES_PASSED QUERY_COUNTER_BITS %d", bits);
   GL(glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits));
   SCENE_CHECK(bits >= 30, "TIME_ELAPSED QUERY_COUNTER_BITS %d", bits);

   /* ---- 1. SAMPLES_PASSED ---------------------------------------------------------------- */
   GLuint q[6];
   GL(glGenQueries(6, q));
   GL(glEnable(GL_DEPTH_TEST));
   GL(glDepthFunc(GL_LESS));
   GL(glUniform4f(u_color, 0.2f, 0.2f, 0.9f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 4, 4)); /* C, not counted */
   GL(glBeginQuery(GL_SAMPLES_PASSED, q[0]));
   GL(glUniform4f(u_color, 0.9f, 0.5f, 0.1f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4)); /* A: 100 */
   GL(glUniform4f(u_color, 0.1f, 0.9f, 0.3f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 8, 4)); /* B: 6x4 below C pass, 6x4 behind C fail */
   GL(glEndQuery(GL_SAMPLES_PASSED));
   GL(glDisable(GL_DEPTH_TEST));
   GLuint64 samples = result64(q[0]);
   SCENE_CHECK(samples == 124, "SAMPLES_PASSED %llu, want 124", (unsigned long long)samples);
   GLint current = -1;
   GL(glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &current));
   SCENE_CHECK(current == 0, "CURRENT_QUERY after EndQuery %d", current);

   /* ---- 2. primitives generated / written, strips captured, a buffer that fills up --------- */
   GLuint cap;
   GL(glGenBuffers(1, &cap));
   GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, cap));
   uint8_t fill[12 * 12];
   memset(fill, 0x5A, sizeof(fill));
   GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(fill), fill, GL_STATIC_READ)); /* 12 vertices */
   GL(glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, cap, 0, 9 * 12));             /* room for 9 */
   GL(glEnable(GL_RASTERIZER_DISCARD));
   GL(glBeginQuery(GL_PRIMITIVES_GENERATED, q[1]));
   GL(glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[2]));
   GL(glBeginTransformFeedback(GL_TRIANGLES));
   GL(glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 6, 2)); /* 4 triangles an instance */
   GL(glEndTransformFeedback());
   GL(glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN));
   GL(glEndQuery(GL_PRIMITIVES_GENERATED));
   GL(glDisable(GL_RASTERIZER_DISCARD));
   GLuint64 gen = result64(q[1]), written = result64(q[2]);
   SCENE_CHECK(gen == 8, "PRIMITIVES_GENERATED %llu, want 8", (unsigned long long)gen);
   SCENE_CHECK(written == 3, "TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN %llu, want 3", (unsigned long long)written);
   uint8_t back[12 * 12];
   GL(glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(back), back));
   static const int order[9] = {0, 1, 2, 2, 1, 3, 2, 3, 4}; /* triangles 0, 1 (odd), 2 of the strip */
   for (int i = 0; i < 9; i++) {
      float p[2];
      int32_t inst;
      memcpy(p, back + i * 12, 8);
      memcpy(&inst, back + i * 12 + 8, 4);
      const float *src = &verts[order[i] * 3];
      SCENE_CHECK(p[0] == src[0] && p[1] == src[1] && inst == 0, "captured vertex %d: (%g, %g) instance %d, want (%g, %g) 0",
                  i, (double)p[0], (double)p[1], inst, (double)src[0], (double)src[1]);
   }
   for (size_t i = 9 * 12; i < sizeof(back); i++)
      SCENE_CHECK(back[i] == 0x5A, "byte %zu past the range was written", i);
   GL_EXPECT(GL_INVALID_VALUE, glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 140, 8, back));

   /* A restarted strip: (0 1 2 3) and (0 1 2) are 2 + 1 triangles. */
   static const GLushort idx[] = {0, 1, 2, 3, 0xFFFF, 0, 1, 2};
   GLuint ebo;
   GL(glGenBuffers(1, &ebo));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW));
   GL(glEnable(GL_PRIMITIVE_RESTART));
   GL(glPrimitiveRestartIndex(0xFFFF));
   GL(glEnable(GL_RASTERIZER_DISCARD));
   GL(glBeginQuery(GL_PRIMITIVES_GENERATED, q[1]));
   GL(glDrawElements(GL_TRIANGLE_STRIP, 8, GL_UNSIGNED_SHORT, 0));
   GL(glEndQuery(GL_PRIMITIVES_GENERATED));
   GL(glDisable(GL_RASTERIZER_DISCARD));
   GL(glDisable(GL_PRIMITIVE_RESTART));
   gen = result64(q[1]);
   SCENE_CHECK(gen == 3, "PRIMITIVES_GENERATED of a restarted strip %llu, want 3", (unsigned long long)gen);
   GL(glDeleteBuffers(1, &ebo));

   /* ---- 3. time ------------------------------------------------------------------------------ */
   GL(glQueryCounter(q[3], GL_TIMESTAMP));
   GL(glBeginQuery(GL_TIME_ELAPSED, q[4]));
   GL(glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1));
   GL(glEndQuery(GL_TIME_ELAPSED));
   GL(glQueryCounter(q[5], GL_TIMESTAMP));
   GLuint64 t0 = result64(q[3]), t1 = result64(q[5]);
   (void)result64(q[4]); /* any value: the time a draw took */
   GLint64 now = 0;
   GL(glGetInteger64v(GL_TIMESTAMP, &now));
   SCENE_CHECK(t0 <= t1 && t1 <= (GLuint64)now && now > 0, "timestamps out of order: %llu %llu %lld",
               (unsigned long long)t0, (unsigned long long)t1, (long long)now);
   GLint64 i64 = -1;
   GL(glGetQueryObjecti64v(q[5], GL_QUERY_RESULT, &i64));
   SCENE_CHECK((GLuint64)i64 == t1, "i64 result");

   /* ---- 4. errors ------------------------------------------------------------------------------ */
   GL_EXPECT(GL_INVALID_ENUM, glQueryCounter(q[3], GL_TIME_ELAPSED));
   GL_EXPECT(GL_INVALID_OPERATION, glQueryCounter(q[4], GL_TIMESTAMP)); /* a TIME_ELAPSED object */
   GL(glBeginQuery(GL_SAMPLES_PASSED, q[0]));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1])); /* one occlusion query */
   GL_EXPECT(GL_INVALID_OPERATION, glQueryCounter(q[0], GL_TIMESTAMP));      /* active */
   GL(glEndQuery(GL_SAMPLES_PASSED));
   SCENE_CHECK(glIsQuery(q[3]) && !glIsQuery(0), "IsQuery");

   /* ---- 5. conditional rendering ------------------------------------------------------------ */
   /* q[0] just counted nothing: a draw of A under it is discarded; then it counts B, and a
    * draw of C under it is drawn */
   GL(glBeginConditionalRender(q[0], GL_QUERY_WAIT));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginConditionalRender(q[0], GL_QUERY_WAIT)); /* nested */
   GL(glUniform4f(u_color, 1.0f, 1.0f, 0.0f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4)); /* discarded: A keeps its colour */
   GL(glEndConditionalRender());
   GL_EXPECT(GL_INVALID_OPERATION, glEndConditionalRender());
   GL(glBeginQuery(GL_SAMPLES_PASSED, q[0]));
   GL(glUniform4f(u_color, 0.1f, 0.9f, 0.3f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 8, 4));
   GL(glEndQuery(GL_SAMPLES_PASSED));
   GL(glBeginConditionalRender(q[0], GL_QUERY_BY_REGION_WAIT));
   GL(glUniform4f(u_color, 1.0f, 1.0f, 1.0f, 1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 4, 4)); /* drawn: C turns white, over B */
   GL(glEndConditionalRender());
   GL_EXPECT(GL_INVALID_ENUM, glBeginConditionalRender(q[0], GL_QUERY_RESULT));
   GL_EXPECT(GL_INVALID_OPERATION, glBeginConditionalRender(q[4], GL_QUERY_WAIT)); /* TIME_ELAPSED */
   GL_EXPECT(GL_INVALID_VALUE, glBeginConditionalRender(4242, GL_QUERY_WAIT));
   GL(glDeleteQueries(6, q));

   /* ---- 6. struct array members captured ------------------------------------------------ */
   struct_members();
   /* ---- 7. gl_ClipDistance captured --------------------------------------------------------- */
   clip_distances();
   GL(glBindVertexArray(vao));

   GL(glDeleteBuffers(1, &cap));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteProgram(prog));
   GL(glDeleteShader(vs));
   GL(glDeleteShader(fs));
   return scene_finish(&s);
}
