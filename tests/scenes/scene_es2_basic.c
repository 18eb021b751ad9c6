/*
 * es2_basic — OpenGL ES 2.0, GLSL ES 1.00, display from eglGetDisplay(EGL_DEFAULT_DISPLAY) with
 * EGL_PLATFORM=surfaceless in the test's environment (the way dEQP opens it).
 *
 * Draws, in pixel coordinates (integer vertices, every slanted edge with dx+dy odd so no pixel
 * centre lies on an edge): a triangle strip (zig-zag band), a triangle fan (octagon-ish), a
 * GL_TRIANGLES pair from a client-side array, an indexed quad (UNSIGNED_SHORT and
 * UNSIGNED_BYTE indices from an element buffer) with a constant generic attribute
 * (DisableVertexAttribArray + glVertexAttrib4f), and the strip and fan again through a second,
 * moved viewport. Checks buffer object lifetime (IsBuffer), BindAttribLocation/GetAttribLocation,
 * a failing compile, GL_VIEWPORT, limits, and errors the spec demands for bad input.
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "#version 100\n"
   "attribute vec2 a_pos;\n"      /* pixels */
   "attribute vec4 a_color;\n"
   "uniform vec2 u_half_viewport;\n"
   "uniform vec2 u_offset;\n"
   "uniform float u_scale;\n"
   "varying vec4 v_color;\n"
   "void main() {\n"
   "   vec2 p = a_pos * u_scale + u_offset;\n"
   "   gl_Position = vec4(p / u_half_viewport - 1.0, 0.0, 1.0);\n"
   "   v_color = a_color;\n"
   "}\n";

static const char *fs_src =
   "#version 100\n"
   "precision mediump float;\n"
   "varying vec4 v_color;\n"
   "uniform vec4 u_tint;\n"
   "uniform vec3 u_add;\n"
   "void main() {\n"
   "   gl_FragColor = v_color * u_tint + vec4(u_add, 0.0);\n"
   "}\n";

/* Undeclared identifier and a type mismatch: must not compile. */
static const char *bad_fs_src =
   "#version 100\n"
   "precision mediump float;\n"
   "void main() {\n"
   "   vec3 c = undeclared_thing;\n"
   "   gl_FragColor = c;\n"
   "}\n";

struct vtx {
   GLfloat x, y;
   GLubyte r, g, b, a;
};

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES2, .width = 128, .height = 128,
                                    .default_display = true};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);
   scene_expect_compile_failure(GL_FRAGMENT_SHADER, bad_fs_src);

   static const char *const attribs[] = {"a_pos", "a_color", NULL};
   GLuint prog = scene_program(vs_src, fs_src, attribs);
   GL(glUseProgram(prog));
   GLint cur = 0;
   GL(glGetIntegerv(GL_CURRENT_PROGRAM, &cur));
   SCENE_CHECK((GLuint)cur == prog, "CURRENT_PROGRAM %d", cur);
   GLint active_attribs = 0, active_uniforms = 0;
   GL(glGetProgramiv(prog, GL_ACTIVE_ATTRIBUTES, &active_attribs));
   GL(glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &active_uniforms));
   SCENE_CHECK(active_attribs == 2 && active_uniforms == 5, "active attribs %d uniforms %d",
               active_attribs, active_uniforms);
   GLint u_half = scene_uniform(prog, "u_half_viewport");
   GLint u_offset = scene_uniform(prog, "u_offset");
   GLint u_scale = scene_uniform(prog, "u_scale");
   GLint u_tint = scene_uniform(prog, "u_tint");
   GLint u_add = scene_uniform(prog, "u_add");
   GL(glUniform2f(u_half, 64.0f, 64.0f));
   GL(glUniform2f(u_offset, 0.0f, 0.0f));
   GL(glUniform1f(u_scale, 1.0f));
   GL(glUniform4f(u_tint, 1.0f, 1.0f, 1.0f, 1.0f));
   const GLfloat zero3[3] = {0.0f, 0.0f, 0.0f};
   GL(glUniform3fv(u_add, 1, zero3));
   SCENE_CHECK(glGetUniformLocation(prog, "not_there") == -1, "inactive uniform has a location");

   /* From the OpenGL ES 2.0 spec, section 2.10.4: a Uniform* call whose type does not match
    * the uniform's declared type is INVALID_OPERATION. */
   GL_EXPECT(GL_INVALID_OPERATION, glUniform1i(u_scale, 1));
   GL_EXPECT(GL_INVALID_OPERATION, glUniform3f(u_tint, 1.0f, 1.0f, 1.0f));
   GLfloat scale_back = 0.0f;
   GL(glGetUniformfv(prog, u_scale, &scale_back));
   SCENE_CHECK(scale_back == 1.0f, "a failed glUniform changed the value (%g)", scale_back);

   /* Buffer objects: a name is not a buffer until first bound. */
   GLuint bufs[3];
   GL(glGenBuffers(3, bufs));
   SCENE_CHECK(!glIsBuffer(bufs[0]), "glIsBuffer true before first bind");
   GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[0]));
   SCENE_CHECK(glIsBuffer(bufs[0]), "glIsBuffer false after bind");
   GL_EXPECT(GL_INVALID_ENUM, glBindBuffer(0x1234, bufs[0]));
   GL_EXPECT(GL_INVALID_VALUE, glBufferData(GL_ARRAY_BUFFER, -4, NULL, GL_STATIC_DRAW));
   GL_EXPECT(GL_INVALID_ENUM, glBufferData(GL_ARRAY_BUFFER, 16, NULL, 0x1234));

   /* Zig-zag strip along the top: 8 vertices, colours stepping; all edges have dx+dy odd. */
   struct vtx strip[8];
   for (int i = 0; i < 8; i++) {
      strip[i] = (struct vtx){(GLfloat)(6 + i * 15), (GLfloat)(i % 2 ? 104 : 122),
                              (GLubyte)(255 - i * 30), (GLubyte)(i * 32), 40, 255};
   }
   /* Fan: centre + 9 rim points (last = first). */
   static const GLfloat fan_xy[][2] = {{32, 64}, {52, 64}, {46, 77}, {32, 82}, {18, 77},
                                       {12, 64}, {18, 51}, {32, 46}, {46, 51}, {52, 64}};
   struct vtx fan[10];
   for (int i = 0; i < 10; i++)
      fan[i] = (struct vtx){fan_xy[i][0], fan_xy[i][1], (GLubyte)(i * 25), 200,
                            (GLubyte)(255 - i * 20), 255};

   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(strip) + sizeof(fan), NULL, GL_STATIC_DRAW));
   GLint size = 0, usage = 0;
   GL(glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size));
   GL(glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &usage));
   SCENE_CHECK(size == (GLint)(sizeof(strip) + sizeof(fan)) && usage == GL_STATIC_DRAW,
               "BUFFER_SIZE %d USAGE 0x%x", size, usage);
   GL(glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(strip), strip));
   GL(glBufferSubData(GL_ARRAY_BUFFER, sizeof(strip), sizeof(fan), fan));
   GL_EXPECT(GL_INVALID_VALUE, glBufferSubData(GL_ARRAY_BUFFER, size - 4, 8, fan));

   GL(glClearColor(0.1f, 0.15f, 0.2f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GL_EXPECT(GL_INVALID_VALUE, glClear(0x00000001));

   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), (void *)8));
   GLint max_attribs = 0;
   GL(glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs));
   GL_EXPECT(GL_INVALID_VALUE, glVertexAttribPointer((GLuint)max_attribs, 2, GL_FLOAT, GL_FALSE,
                                                     0, NULL));
   GL_EXPECT(GL_INVALID_VALUE, glVertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, NULL));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 8));
   GL(glDrawArrays(GL_TRIANGLE_FAN, 8, 10));
   GL_EXPECT(GL_INVALID_VALUE, glDrawArrays(GL_TRIANGLES, 0, -1));
   GL_EXPECT(GL_INVALID_ENUM, glDrawArrays(0x7777, 0, 3));
   GL_EXPECT(GL_INVALID_ENUM, glEnable(0x7777));

   /* Client-side vertex array (valid in ES 2.0): two triangles, one colour each via a tint. */
   GL(glBindBuffer(GL_ARRAY_BUFFER, 0));
   static const struct vtx tris[6] = {
      {70, 40, 255, 255, 0, 255},  {120, 40, 255, 255, 0, 255}, {95, 90, 255, 255, 0, 255},
      {70, 92, 0, 255, 255, 255},  {120, 92, 0, 255, 255, 255}, {95, 58, 0, 255, 255, 255},
   };
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vtx), &tris[0].x));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), &tris[0].r));
   GL(glUniform4f(u_tint, 1.0f, 1.0f, 1.0f, 0.5f));
   GL(glDrawArrays(GL_TRIANGLES, 0, 6));

   /* Indexed quad: positions from a buffer, colour from the constant generic attribute. */
   static const GLfloat quad[] = {8, 8, 40, 8, 40, 30, 8, 30};
   static const GLushort idx16[] = {0, 1, 2, 0, 2, 3};
   static const GLubyte idx8[] = {0, 1, 2, 0, 2, 3};
   GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[1]));
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW));
   GL(glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]));
   GL(glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx16) + sizeof(idx8), NULL, GL_STATIC_DRAW));
   GL(glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof(idx16), idx16));
   GL(glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx16), sizeof(idx8), idx8));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0));
   GL(glDisableVertexAttribArray(1));
   GL(glVertexAttrib4f(1, 0.9f, 0.3f, 0.6f, 1.0f));
   GL(glUniform4f(u_tint, 1.0f, 1.0f, 1.0f, 1.0f));
   GL(glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0));
   GL_EXPECT(GL_INVALID_ENUM, glDrawElements(GL_TRIANGLES, 6, GL_FLOAT, (void *)0));
   GL_EXPECT(GL_INVALID_VALUE, glDrawElements(GL_TRIANGLES, -6, GL_UNSIGNED_SHORT, (void *)0));
   /* Same quad shifted right by the offset uniform, bytes indices, another constant colour. */
   GL(glUniform2f(u_offset, 40.0f, 0.0f));
   GL(glVertexAttrib4f(1, 0.2f, 0.8f, 0.3f, 1.0f));
   const GLfloat add[3] = {0.0f, 0.0f, 0.25f};
   GL(glUniform3fv(u_add, 1, add));
   GL(glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)sizeof(idx16)));
   GL(glUniform3fv(u_add, 1, zero3));

   /* Second viewport, same size, moved by (40,-60): the strip and the fan drawn again there
    * (integer window coordinates still; the parts off the surface are discarded). */
   GL(glViewport(40, -60, 128, 128));
   scene_expect_viewport(40, -60, 128, 128);
   GL_EXPECT(GL_INVALID_VALUE, glViewport(0, 0, -1, 10));
   scene_expect_viewport(40, -60, 128, 128);
   GL(glBindBuffer(GL_ARRAY_BUFFER, bufs[0]));
   GL(glEnableVertexAttribArray(1));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0));
   GL(glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(struct vtx), (void *)8));
   GL(glUniform2f(u_offset, 0.0f, 0.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 8));
   GL(glDrawArrays(GL_TRIANGLE_FAN, 8, 10));
   GLint binding = 0;
   GL(glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding));
   SCENE_CHECK((GLuint)binding == bufs[0], "ARRAY_BUFFER_BINDING %d", binding);
   GL(glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &binding));
   SCENE_CHECK((GLuint)binding == bufs[2], "ELEMENT_ARRAY_BUFFER_BINDING %d", binding);
   GL(glViewport(0, 0, s.width, s.height));
   scene_swap(&s);

   GL(glDisableVertexAttribArray(0));
   GL(glDisableVertexAttribArray(1));
   GL(glDeleteBuffers(3, bufs));
   SCENE_CHECK(!glIsBuffer(bufs[0]) && !glIsBuffer(bufs[2]), "buffer alive after delete");
   GL(glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding));
   SCENE_CHECK(binding == 0, "deleting the bound buffer left ARRAY_BUFFER_BINDING %d", binding);
   GL(glUseProgram(0));
   GL(glDeleteProgram(prog));
   GL_EXPECT(GL_INVALID_VALUE, glUseProgram(prog));
   return scene_finish(&s);
}
