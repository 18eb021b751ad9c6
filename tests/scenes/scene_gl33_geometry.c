/*
 * gl33_geometry — OpenGL 3.3 core geometry shaders (GLSL 1.50). From the OpenGL 3.3 core spec,
 * section 2.12: "The geometry shader ... operates on a single primitive at a time and emits
 * one or more output primitives". Bottom to top:
 *   (a) points expanded into quads (points in, triangle_strip out, max_vertices 4): the half
 *       size from a default-block uniform of the geometry stage, the colour tinted by a named
 *       uniform block read in the geometry stage only;
 *   (b) triangles amplified: each triangle emitted twice with EmitVertex / EndPrimitive (the
 *       copy shifted right), coloured by gl_PrimitiveIDIn in the geometry shader and by
 *       gl_PrimitiveID (written by the geometry shader) in the fragment shader;
 *   (c) transform feedback captured from the geometry shader: each input point becomes two
 *       output points (gl_Position, a varying and gl_PrimitiveID captured, interleaved); the
 *       varying carries the vertex shader's gl_PointSize as the geometry shader reads it
 *       (the vertex shader's own value: only the last stage's size is replaced by
 *       glPointSize); the captured bytes are checked exactly, then drawn as vertex data (the
 *       rectangles of row c);
 *   (d) GL_TRIANGLES_ADJACENCY: the triangle of the even vertices, each coloured by the
 *       adjacent (odd) vertex after it, read through gl_in[] / the arrayed input.
 * Also: glGetProgramiv(GEOMETRY_VERTICES_OUT / INPUT_TYPE / OUTPUT_TYPE), INVALID_OPERATION
 * for a program without a geometry shader, UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER, a draw
 * whose mode does not match the geometry shader's input (INVALID_OPERATION, GL 3.3 section
 * 2.12.1), the link error of a geometry shader without max_vertices, and the limits.
 * Rectangles lie on pixel edges and the triangles' slanted edges run between integer
 * positions with dx + dy odd: exact, default tolerance.
 */
#include <string.h>

#include "scene_common.h"

static GLuint
link_gs(const char *vs, const char *gs, const char *fs, const char *const *xfb, int nxfb)
{
   GLuint p = glCreateProgram();
   GLuint v = scene_compile(GL_VERTEX_SHADER, vs), g = scene_compile(GL_GEOMETRY_SHADER, gs),
          f = scene_compile(GL_FRAGMENT_SHADER, fs);
   GL(glAttachShader(p, v));
   GL(glAttachShader(p, g));
   GL(glAttachShader(p, f));
   if (nxfb)
      GL(glTransformFeedbackVaryings(p, nxfb, xfb, GL_INTERLEAVED_ATTRIBS));
   GL(glLinkProgram(p));
   GLint ok = 0;
   GL(glGetProgramiv(p, GL_LINK_STATUS, &ok));
   if (!ok) {
      char log[2048] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      SCENE_CHECK(0, "geometry program link failed: %s", log);
   }
   GL(glDeleteShader(v));
   GL(glDeleteShader(g));
   GL(glDeleteShader(f));
   return p;
}

/* ---- (a) points -> quads ------------------------------------------------------------------ */
static const char *vs_pass =
   "#version 150 core\n"
   "in vec2 a_pos; in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "out vec4 v_color;\n"
   "void main() { gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0); v_color = a_color; }\n";

static const char *gs_quads =
   "#version 150 core\n"
   "layout(points) in;\n"
   "layout(triangle_strip, max_vertices = 4) out;\n"
   "in vec4 v_color[];\n"
   "out vec4 g_color;\n"
   "uniform vec2 u_size;\n" /* half extent in NDC */
   "layout(std140) uniform GsParams { vec4 tint; float scale; } params;\n"
   "void main() {\n"
   "   vec4 c = gl_in[0].gl_Position;\n"
   "   vec2 h = u_size * params.scale;\n"
   "   g_color = v_color[0] * params.tint;\n"
   "   gl_Position = c + vec4(-h.x, -h.y, 0.0, 0.0); EmitVertex();\n"
   "   gl_Position = c + vec4( h.x, -h.y, 0.0, 0.0); EmitVertex();\n"
   "   gl_Position = c + vec4(-h.x,  h.y, 0.0, 0.0); EmitVertex();\n"
   "   gl_Position = c + vec4( h.x,  h.y, 0.0, 0.0); EmitVertex();\n"
   "   EndPrimitive();\n"
   "}\n";

static const char *fs_color =
   "#version 150 core\n"
   "in vec4 g_color;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = g_color; }\n";

/* ---- (b) triangle amplification ------------------------------------------------------------ */
static const char *vs_pos =
   "#version 150 core\n"
   "in vec2 a_pos;\n"
   "uniform vec2 u_half;\n"
   "void main() { gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0); }\n";

static const char *gs_amplify =
   "#version 150 core\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 6) out;\n"
   "uniform float u_shift;\n"
   "flat out vec4 g_color;\n"
   "void main() {\n"
   "   for (int copy = 0; copy < 2; copy++) {\n"
   "      for (int i = 0; i < 3; i++) {\n"
   "         g_color = vec4(0.25 + 0.25 * float(gl_PrimitiveIDIn), 0.2 + 0.6 * float(copy), 0.9, 1.0);\n"
   "         gl_PrimitiveID = gl_PrimitiveIDIn * 2 + copy;\n"
   "         gl_Position = gl_in[i].gl_Position + vec4(u_shift * float(copy), 0.0, 0.0, 0.0);\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";

static const char *fs_prim =
   "#version 150 core\n"
   "flat in vec4 g_color;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = vec4(g_color.rgb, 1.0) * (1.0 - 0.1 * float(gl_PrimitiveID)); }\n";

/* ---- (d) adjacency: the triangle of the even vertices, coloured by the odd ones ----------- */
static const char *vs_adj =
   "#version 150 core\n"
   "in vec2 a_pos; in vec4 a_color;\n"
   "uniform vec2 u_half;\n"
   "out vec4 v_color;\n"
   "void main() { gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0); v_color = a_color; }\n";

static const char *gs_adj =
   "#version 150 core\n"
   "layout(triangles_adjacency) in;\n"
   "layout(triangle_strip, max_vertices = 3) out;\n"
   "in vec4 v_color[];\n"
   "out vec4 g_color;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      g_color = v_color[2 * i + 1];\n"
   "      gl_Position = gl_in[2 * i].gl_Position;\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

/* ---- (c) transform feedback from the geometry shader --------------------------------------- */
static const char *vs_id =
   "#version 150 core\n"
   "in vec2 a_pos;\n"
   "out float v_k;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); v_k = a_pos.x * 0.5; gl_PointSize = a_pos.y + 0.25; }\n";

static const char *gs_split =
   "#version 150 core\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 2) out;\n"
   "in float v_k[];\n"
   "out vec2 g_extra;\n"
   "void main() {\n"
   "   for (int j = 0; j < 2; j++) {\n"
   "      gl_Position = gl_in[0].gl_Position + vec4(float(j) * 16.0, 0.0, 0.0, 0.0);\n"
   "      g_extra = vec2(v_k[0] + float(j), float(gl_PrimitiveIDIn) + gl_in[0].gl_PointSize);\n"
   "      gl_PrimitiveID = gl_PrimitiveIDIn * 10 + j;\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

static const char *fs_plain =
   "#version 150 core\n"
   "in vec2 g_extra;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = vec4(g_extra, 0.0, 1.0); }\n";

static void
check_limits(void)
{
   static const struct {
      GLenum pname;
      GLint min;
   } lim[] = {
      {GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256}, {GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024},
      {GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64}, {GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 128},
      {GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, 1024}, {GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16},
      {GL_MAX_GEOMETRY_UNIFORM_BLOCKS, 12},
   };
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(lim); i++) {
      GLint v = 0;
      GL(glGetIntegerv(lim[i].pname, &v));
      SCENE_CHECK(v >= lim[i].min, "limit 0x%x is %d, GL 3.3 asks at least %d", lim[i].pname, v, lim[i].min);
   }
}

/* GLSL 1.50 section 4.3.8.2: max_vertices must be declared (a link error without it). */
static void
check_link_error(void)
{
   static const char *gs_bad = "#version 150 core\nlayout(points) in; layout(points) out;\n"
                               "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
   GLuint p = glCreateProgram();
   GLuint v = scene_compile(GL_VERTEX_SHADER, vs_pos), f = scene_compile(GL_FRAGMENT_SHADER, fs_color);
   GLuint g = glCreateShader(GL_GEOMETRY_SHADER);
   GL(glShaderSource(g, 1, &gs_bad, NULL));
   GL(glCompileShader(g));
   GL(glAttachShader(p, v));
   GL(glAttachShader(p, g));
   GL(glAttachShader(p, f));
   GL(glLinkProgram(p));
   GLint ok = 1;
   GL(glGetProgramiv(p, GL_LINK_STATUS, &ok));
   SCENE_CHECK(!ok, "a geometry shader without max_vertices linked");
   GL(glDeleteShader(v));
   GL(glDeleteShader(g));
   GL(glDeleteShader(f));
   GL(glDeleteProgram(p));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   check_limits();
   check_link_error();

   GL(glClearColor(0.05f, 0.06f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLuint vao;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GLuint bufs[4];
   GL(glGenBuffers(4, bufs));

   /* (a) four points on pixel corners, each grown into a 16x20 pixel quad. */
   {
      GLuint prog = link_gs(vs_pass, gs_quads, fs_color, NULL, 0);
      GLint v = 0;
      GL(glGetProgramiv(prog, GL_GEOMETRY_VERTICES_OUT, &v));
      SCENE_CHECK(v == 4, "GEOMETRY_VERTICES_OUT %d", v);
      GL(glGetProgramiv(prog, GL_GEOMETRY_INPUT_TYPE, &v));
      SCENE_CHECK(v == GL_POINTS, "GEOMETRY_INPUT_TYPE 0x%x", v);
      GL(glGetProgramiv(prog, GL_GEOMETRY_OUTPUT_TYPE, &v));
      SCENE_CHECK(v == GL_TRIANGLE_STRIP, "GEOMETRY_OUTPUT_TYPE 0x%x", v);
      GLuint bi = glGetUniformBlockIndex(prog, "GsParams");
      SCENE_CHECK(bi != GL_INVALID_INDEX, "GsParams not active");
      GL(glGetActiveUniformBlockiv(prog, bi, GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER, &v));
      SCENE_CHECK(v == 1, "GsParams not referenced by the geometry shader");
      GL(glGetActiveUniformBlockiv(prog, bi, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER, &v));
      SCENE_CHECK(v == 0, "GsParams referenced by the vertex shader");
      GL(glUniformBlockBinding(prog, bi, 2));
      const float params[8] = {1.0f, 0.8f, 0.6f, 1.0f, 2.0f, 0, 0, 0};
      GL(glBindBuffer(GL_UNIFORM_BUFFER, bufs[0]));
      GL(glBufferData(GL_UNIFORM_BUFFER, sizeof(params), params, GL_STATIC_DRAW));
      GL(glBindBufferBase(GL_UNIFORM_BUFFER, 2, bufs[0]));
      GL(glUseProgram(prog));
      GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
      GL(glUniform2f(scene_uniform(prog, "u_size"), 4.0f / 64.0f, 5.0f / 64.0f)); /* x2: 8x10 px */
      struct {
         GLfloat x, y;
         GLubyte c[4];
      } pts[4] = {{16, 16, {255, 60, 60, 255}}, {48, 16, {60, 255, 60, 255}},
                  {80, 16, {60, 60, 255, 255}}, {112, 16, {255, 255, 60, 255}}};
      GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[1]));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(pts), pts, GL_STATIC_DRAW));
      GLint a_pos = glGetAttribLocation(prog, "a_pos"), a_color = glGetAttribLocation(prog, "a_color");
      SCENE_CHECK(a_pos >= 0 && a_color >= 0, "attributes not active");
      GL(glVertexAttribPointer((GLuint)a_pos, 2, GL_FLOAT, GL_FALSE, sizeof(pts[0]), (void *)0));
      GL(glVertexAttribPointer((GLuint)a_color, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(pts[0]), (void *)8));
      GL(glEnableVertexAttribArray((GLuint)a_pos));
      GL(glEnableVertexAttribArray((GLuint)a_color));
      /* GL 3.3 section 2.12.1: the mode must match the geometry shader's input type. */
      GL_EXPECT(GL_INVALID_OPERATION, glDrawArrays(GL_TRIANGLES, 0, 3));
      GL(glDrawArrays(GL_POINTS, 0, 4));
      GL(glDisableVertexAttribArray((GLuint)a_pos));
      GL(glDisableVertexAttribArray((GLuint)a_color));
      GL(glUseProgram(0));
      GL(glDeleteProgram(prog));
   }

   /* (b) two triangles, each drawn twice (shifted 48 px right) by the geometry shader. */
   {
      GLuint prog = link_gs(vs_pos, gs_amplify, fs_prim, NULL, 0);
      GL(glUseProgram(prog));
      GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
      GL(glUniform1f(scene_uniform(prog, "u_shift"), 48.0f / 64.0f));
      /* right triangles: legs on pixel edges, hypotenuses with dx + dy odd */
      const GLfloat tri[12] = {8, 40, 40, 40, 8, 71, 44, 44, 44, 75, 12, 75};
      GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[2]));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW));
      GLint a_pos = glGetAttribLocation(prog, "a_pos");
      GL(glVertexAttribPointer((GLuint)a_pos, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
      GL(glEnableVertexAttribArray((GLuint)a_pos));
      GL_EXPECT(GL_INVALID_OPERATION, glDrawArrays(GL_POINTS, 0, 6));
      GL(glDrawArrays(GL_TRIANGLES, 0, 6));
      GL(glDisableVertexAttribArray((GLuint)a_pos));
      GL(glUseProgram(0));
      GL(glDeleteProgram(prog));
   }

   /* (c) capture: three points in, six out, {gl_Position, g_extra, gl_PrimitiveID} interleaved. */
   {
      static const char *const names[] = {"gl_Position", "g_extra", "gl_PrimitiveID"};
      GLuint prog = link_gs(vs_id, gs_split, fs_plain, names, 3);
      GLint v = 0;
      GL(glGetProgramiv(prog, GL_TRANSFORM_FEEDBACK_VARYINGS, &v));
      SCENE_CHECK(v == 3, "TRANSFORM_FEEDBACK_VARYINGS %d", v);
      GL(glUseProgram(prog));
      const GLfloat in[6] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
      GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[3]));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(in), in, GL_STATIC_DRAW));
      GLint a_pos = glGetAttribLocation(prog, "a_pos");
      GL(glVertexAttribPointer((GLuint)a_pos, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
      GL(glEnableVertexAttribArray((GLuint)a_pos));
      GLuint xbuf;
      GL(glGenBuffers(1, &xbuf));
      GL(glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xbuf));
      GL(glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 6 * 7 * sizeof(GLfloat), NULL, GL_STATIC_READ));
      GL(glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xbuf));
      GLuint q;
      GL(glGenQueries(1, &q));
      GL(glEnable(GL_RASTERIZER_DISCARD));
      GL(glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q));
      GL(glBeginTransformFeedback(GL_POINTS));
      GL(glDrawArrays(GL_POINTS, 0, 3));
      GL(glEndTransformFeedback());
      GL(glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN));
      GL(glDisable(GL_RASTERIZER_DISCARD));
      GLuint written = 0;
      GL(glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written));
      SCENE_CHECK(written == 6, "PRIMITIVES_WRITTEN %u, expected 6", written);
      GLfloat got[42];
      GL(glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got));
      for (int p = 0; p < 3; p++)
         for (int j = 0; j < 2; j++) {
            const GLfloat *r = got + (p * 2 + j) * 7;
            const GLfloat want[6] = {in[2 * p] + 16.0f * (float)j, in[2 * p + 1], 0.0f, 1.0f,
                                     in[2 * p] * 0.5f + (float)j, (float)p + in[2 * p + 1] + 0.25f};
            for (int k = 0; k < 6; k++)
               SCENE_CHECK(r[k] == want[k], "captured vertex %d component %d is %g, expected %g", p * 2 + j, k,
                           (double)r[k], (double)want[k]);
            int32_t prim;
            memcpy(&prim, &r[6], 4);
            SCENE_CHECK(prim == p * 10 + j, "captured gl_PrimitiveID of vertex %d is %d, expected %d", p * 2 + j,
                        prim, p * 10 + j);
         }
      GL(glDisableVertexAttribArray((GLuint)a_pos));
      GL(glUseProgram(0));
      GL(glDeleteProgram(prog));
      GL(glDeleteQueries(1, &q));

      /* Draw the capture: each captured vertex as a rectangle, x from gl_Position.x, colour
       * from g_extra (so the image shows the GS-captured values). */
      struct scene_rects rects;
      scene_rects_init(&rects, 128, 128);
      for (int i = 0; i < 6; i++) {
         const GLfloat *r = got + i * 7;
         const float x0 = 4.0f + (r[0] - 1.0f) * 3.0f, y0 = 92.0f + 6.0f * (float)(i % 2);
         const float rgba[4] = {r[4] / 4.0f, 0.3f + 0.05f * r[5], r[1] / 8.0f, 1.0f};
         scene_rects_draw(&rects, x0, y0, x0 + 2.0f, y0 + 5.0f, 0.0f, rgba);
      }
      scene_rects_fini(&rects);
      GL(glDeleteBuffers(1, &xbuf));
   }

   /* (d) GL_TRIANGLES_ADJACENCY: six vertices, the adjacent ones far off screen. */
   {
      GL(glBindVertexArray(vao)); /* scene_rects left its own (deleted) one */
      GLuint prog = link_gs(vs_adj, gs_adj, fs_color, NULL, 0);
      GLint v = 0;
      GL(glGetProgramiv(prog, GL_GEOMETRY_INPUT_TYPE, &v));
      SCENE_CHECK(v == GL_TRIANGLES_ADJACENCY, "GEOMETRY_INPUT_TYPE 0x%x", v);
      GL(glUseProgram(prog));
      GL(glUniform2f(scene_uniform(prog, "u_half"), 64.0f, 64.0f));
      struct {
         GLfloat x, y;
         GLubyte c[4];
      } adj[6] = {{72, 104, {0, 0, 0, 255}}, {-500, 0, {250, 120, 30, 255}}, {104, 104, {0, 0, 0, 255}},
                  {900, 900, {30, 200, 120, 255}}, {72, 125, {0, 0, 0, 255}}, {-900, 300, {90, 60, 240, 255}}};
      GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[2]));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(adj), adj, GL_STATIC_DRAW));
      GLint a_pos = glGetAttribLocation(prog, "a_pos"), a_color = glGetAttribLocation(prog, "a_color");
      GL(glVertexAttribPointer((GLuint)a_pos, 2, GL_FLOAT, GL_FALSE, sizeof(adj[0]), (void *)0));
      GL(glVertexAttribPointer((GLuint)a_color, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(adj[0]), (void *)8));
      GL(glEnableVertexAttribArray((GLuint)a_pos));
      GL(glEnableVertexAttribArray((GLuint)a_color));
      GL_EXPECT(GL_INVALID_OPERATION, glDrawArrays(GL_TRIANGLES, 0, 6));
      GL(glDrawArrays(GL_TRIANGLES_ADJACENCY, 0, 6));
      GL(glDisableVertexAttribArray((GLuint)a_pos));
      GL(glDisableVertexAttribArray((GLuint)a_color));
      GL(glUseProgram(0));
      GL(glDeleteProgram(prog));
   }

   /* A program without a geometry shader has none of the geometry queries. */
   {
      GLuint prog = scene_program(vs_pos, "#version 150 core\nout vec4 o; void main() { o = vec4(1.0); }\n", NULL);
      GLint v = 12345;
      GL_EXPECT(GL_INVALID_OPERATION, glGetProgramiv(prog, GL_GEOMETRY_VERTICES_OUT, &v));
      SCENE_CHECK(v == 12345, "params written on error");
      GL(glDeleteProgram(prog));
   }

   scene_swap(&s);
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(4, bufs));
   return scene_finish(&s);
}
