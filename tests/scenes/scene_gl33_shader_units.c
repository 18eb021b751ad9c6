/*
 * gl33_shader_units — programs built the ways desktop GL allows beyond "one #version 150
 * shader per stage". Bottom to top:
 *   (a) several shaders per stage (OpenGL 3.3 core spec, section 2.11.3: "Multiple shader
 *       objects of the same type may be attached to a single program object"): the vertex
 *       stage's main in one shader, the function it calls in another (#version 140); the
 *       geometry stage's layout, main and helper in three; the fragment colour function in a
 *       shader of its own. Each input point becomes a triangle strip with EndPrimitive()
 *       between triangles, coloured per primitive.
 *   (b) GLSL 1.10 and 1.20 shaders (attribute / varying / gl_FragColor / texture2D) in the
 *       core context: versions that OpenGL 3.3 does not require but lets an implementation
 *       support (section 2.11.1), as Mesa does; a user variable named like a later built-in
 *       (`round`, `layout`).
 *   (c) a #version 130 vertex shader with a #version 330 fragment shader (GLSL 3.30 section
 *       3.3: shaders of different versions link), and one stage mixing 1.30 and 1.50 units.
 * Also: the link error of a stage whose two shaders both define main. (Mesa also feeds 1.10's
 * compatibility built-ins, ftransform and the matrices, in a core context; splitgl refuses
 * them at compile time, tests/spirv/test_compile.c.)
 * Rectangles lie on pixel edges: exact, default tolerance.
 */
#include <string.h>

#include "scene_common.h"

static GLuint
link_units(const GLenum *types, const char *const *srcs, int n, bool expect_ok)
{
   GLuint p = glCreateProgram();
   for (int i = 0; i < n; i++) {
      GLuint sh = scene_compile(types[i], srcs[i]);
      GL(glAttachShader(p, sh));
      GL(glDeleteShader(sh));
   }
   GL(glBindAttribLocation(p, 0, "a_pos"));
   GL(glLinkProgram(p));
   GLint ok = 0;
   GL(glGetProgramiv(p, GL_LINK_STATUS, &ok));
   char log[2048] = "";
   glGetProgramInfoLog(p, sizeof(log), NULL, log);
   SCENE_CHECK(ok == (expect_ok ? GL_TRUE : GL_FALSE), "link status %d, expected %d: %s", ok, expect_ok, log);
   if (!expect_ok) {
      SCENE_CHECK(log[0] != '\0', "a failed link leaves an info log");
      GL(glDeleteProgram(p));
      return 0;
   }
   return p;
}

/* ---- (a) several shaders per stage --------------------------------------------------------- */
static const char *vs_a_main =
   "#version 150\n"
   "in vec2 a_pos;\n"
   "vec4 place(vec2 p);\n"
   "out int v_id;\n"
   "void main() { gl_Position = place(a_pos); v_id = gl_VertexID; }\n";
static const char *vs_a_place =
   "#version 140\n"
   "uniform vec2 u_half;\n"
   "vec4 place(vec2 p) { return vec4(p / u_half - 1.0, 0.0, 1.0); }\n";
static const char *gs_a_layout =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(triangle_strip, max_vertices = 12) out;\n";
static const char *gs_a_main =
   "#version 150\n"
   "vec2 corner(int k);\n"
   "in int v_id[];\n"
   "flat out vec4 g_color;\n"
   "uniform vec2 u_half;\n"
   "void main() {\n"
   "   for (int t = 0; t < 4; t++) {\n"
   "      g_color = vec4(0.2 + 0.2 * float(t), 0.3 + 0.3 * float(v_id[0]), 0.9 - 0.2 * float(t), 1.0);\n"
   "      for (int k = 0; k < 3; k++) {\n"
   "         gl_Position = gl_in[0].gl_Position + vec4(corner(t * 3 + k) / u_half, 0.0, 0.0);\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";
static const char *gs_a_corner =
   "#version 330\n"
   "vec2 corner(int i) {\n"
   "   int t = i / 3, k = i - t * 3;\n"
   "   vec2 o = vec2(float(t) * 6.0, 0.0);\n"
   "   return o + (k == 0 ? vec2(0.0, 0.0) : k == 1 ? vec2(5.0, 0.0) : vec2(0.0, 12.0));\n"
   "}\n";
static const char *fs_a_main =
   "#version 150\n"
   "flat in vec4 g_color;\n"
   "vec4 shade(vec4 c);\n"
   "out vec4 o_color;\n"
   "void main() { o_color = shade(g_color); }\n";
static const char *fs_a_shade =
   "#version 150\n"
   "vec4 shade(vec4 c) { return vec4(c.rgb, 1.0); }\n";

/* ---- (b) GLSL 1.10 / 1.20 ------------------------------------------------------------------ */
static const char *vs_110 =
   "attribute vec2 a_pos;\n"
   "uniform vec2 u_half;\n"
   "uniform vec4 u_rect;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   float round = 1.0;\n" /* a built-in from 1.30 on */
   "   vec2 p = u_rect.xy + a_pos * u_rect.zw;\n"
   "   v_uv = a_pos * round;\n"
   "   gl_Position = vec4(p / u_half - 1.0, 0.0, 1.0);\n"
   "}\n";
static const char *fs_110 =
   "uniform sampler2D u_tex;\n"
   "varying vec2 v_uv;\n"
   "void main() { gl_FragColor = texture2D(u_tex, v_uv) * vec4(1.0, 0.8, 0.6, 1.0); }\n";
static const char *vs_120 =
   "#version 120\n"
   "attribute vec2 a_pos;\n"
   "uniform vec2 u_half;\n"
   "uniform vec4 u_rect;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   vec2 layout = u_rect.xy + a_pos * u_rect.zw;\n" /* a keyword from 1.40 on */
   "   mat2x3 m = mat2x3(1.0);\n"
   "   v_uv = (m * a_pos).xy;\n"
   "   gl_Position = vec4(layout / u_half - 1.0, 0.0, 1.0);\n"
   "}\n";
static const char *fs_120 =
   "#version 120\n"
   "varying vec2 v_uv;\n"
   "void main() { gl_FragData[0] = vec4(v_uv.x, 0.25, v_uv.y, 1.0); }\n";

/* ---- (c) versions mixed ---------------------------------------------------------------------- */
static const char *vs_130 =
   "#version 130\n"
   "in vec2 a_pos;\n"
   "uniform vec2 u_half;\n"
   "uniform vec4 u_rect;\n"
   "flat out ivec2 v_cell;\n"
   "vec2 scaled(vec2 p);\n"
   "void main() {\n"
   "   v_cell = ivec2(a_pos * 4.0);\n"
   "   gl_Position = vec4(scaled(u_rect.xy + a_pos * u_rect.zw), 0.0, 1.0);\n"
   "}\n";
static const char *vs_150_fn =
   "#version 150\n"
   "uniform vec2 u_half;\n"
   "vec2 scaled(vec2 p) { return p / u_half - 1.0; }\n";
static const char *fs_330 =
   "#version 330\n"
   "flat in ivec2 v_cell;\n"
   "layout(location = 0) out vec4 o_color;\n"
   "void main() { o_color = vec4(float(v_cell.x) * 0.25, 0.5, float(v_cell.y) * 0.25, 1.0); }\n";

static void
draw_rect(GLuint prog, float x, float y, float w, float h, const struct scene *s)
{
   GL(glUseProgram(prog));
   GL(glUniform2f(scene_uniform(prog, "u_half"), s->width * 0.5f, s->height * 0.5f));
   GL(glUniform4f(scene_uniform(prog, "u_rect"), x, y, w, h));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   GL(glClearColor(0.05f, 0.05f, 0.1f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);

   /* (a) several shaders per stage: three points, four triangles each */
   {
      const GLenum t[] = {GL_VERTEX_SHADER, GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_GEOMETRY_SHADER,
                          GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER, GL_FRAGMENT_SHADER};
      const char *src[] = {vs_a_place, vs_a_main, gs_a_layout, gs_a_corner, gs_a_main, fs_a_shade, fs_a_main};
      GLuint p = link_units(t, src, 7, true);
      GLint n = 0;
      GL(glGetProgramiv(p, GL_ATTACHED_SHADERS, &n));
      SCENE_CHECK(n == 7, "ATTACHED_SHADERS %d", n);
      GLint out = 0;
      GL(glGetProgramiv(p, GL_GEOMETRY_VERTICES_OUT, &out));
      SCENE_CHECK(out == 12, "GEOMETRY_VERTICES_OUT %d (from the layout-only shader)", out);
      GLuint pvao, pvbo;
      const float pts[] = {4, 4, 4, 22, 4, 40};
      GL(glGenVertexArrays(1, &pvao));
      GL(glBindVertexArray(pvao));
      GL(glGenBuffers(1, &pvbo));
      GL(glBindBuffer(GL_ARRAY_BUFFER, pvbo));
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(pts), pts, GL_STATIC_DRAW));
      GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
      GL(glEnableVertexAttribArray(0));
      GL(glUseProgram(p));
      GL(glUniform2f(scene_uniform(p, "u_half"), s.width * 0.5f, s.height * 0.5f));
      GL(glDrawArrays(GL_POINTS, 0, 3));
      GL(glBindVertexArray(vao));
      GL(glDeleteVertexArrays(1, &pvao));
      GL(glDeleteBuffers(1, &pvbo));
      GL(glDeleteProgram(p));
   }
   /* (b) GLSL 1.10 and 1.20 */
   {
      static const uint8_t texels[4 * 4] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
      GLuint tex;
      GL(glGenTextures(1, &tex));
      GL(glBindTexture(GL_TEXTURE_2D, tex));
      GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels));
      GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
      GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
      const GLenum t[] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
      const char *s110[] = {vs_110, fs_110};
      GLuint p = link_units(t, s110, 2, true);
      GL(glUseProgram(p));
      GL(glUniform1i(scene_uniform(p, "u_tex"), 0));
      draw_rect(p, 64, 4, 32, 32, &s);
      GL(glDeleteProgram(p));
      const char *s120[] = {vs_120, fs_120};
      p = link_units(t, s120, 2, true);
      draw_rect(p, 100, 4, 24, 32, &s);
      GL(glDeleteProgram(p));
      GL(glDeleteTextures(1, &tex));
   }
   /* (c) 1.30 with 3.30; a vertex stage of a 1.30 and a 1.50 shader */
   {
      const GLenum t[] = {GL_VERTEX_SHADER, GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
      const char *src[] = {vs_130, vs_150_fn, fs_330};
      GLuint p = link_units(t, src, 3, true);
      draw_rect(p, 64, 64, 56, 56, &s);
      GL(glDeleteProgram(p));
   }
   /* error: main defined twice in one stage */
   {
      const GLenum t[] = {GL_VERTEX_SHADER, GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
      const char *src[] = {vs_110, vs_110, fs_110};
      link_units(t, src, 3, false);
   }
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   return scene_finish(&s);
}
