/*
 * es3_uniforms_state — OpenGL ES 3.0: every glUniform{1,2,3,4}{f,i}[v] and
 * glUniformMatrix{2,3,4}fv (mat3 with transpose = GL_TRUE) feeds one cell of a grid; the
 * fragment shader turns the selected uniform into the cell's colour, so a wrong value shows.
 * Values are read back with glGetUniformfv/iv. Negative tests come from tables: invalid enums
 * per entry point (INVALID_ENUM), and uniform type/size/count mismatches (INVALID_OPERATION).
 * State queries: GetIntegerv/GetFloatv/GetBooleanv agree on the same state.
 * Flat colours on axis-aligned integer rectangles: exact (tolerance 1 for value -> unorm).
 */
#include "scene_common.h"

#include <math.h>
#include <stdio.h>

static const char *fs_body =
   "uniform int u_cell;\n"
   "uniform float u_f1; uniform vec2 u_f2; uniform vec3 u_f3; uniform vec4 u_f4;\n"
   "uniform int u_i1; uniform ivec2 u_i2; uniform ivec3 u_i3; uniform ivec4 u_i4;\n"
   "uniform float u_f1v[2]; uniform vec2 u_f2v[2]; uniform vec3 u_f3v; uniform vec4 u_f4v[2];\n"
   "uniform int u_i1v[3]; uniform ivec2 u_i2v; uniform ivec3 u_i3v[2]; uniform ivec4 u_i4v;\n"
   "uniform mat2 u_m2; uniform mat3 u_m3; uniform mat4 u_m4; uniform bool u_b;\n"
   "out vec4 o_color;\n"
   "vec4 ic(ivec4 v) { return vec4(v) / 255.0; }\n"
   "void main() {\n"
   "   vec4 c = vec4(1.0, 0.0, 1.0, 1.0);\n"
   "   if (u_cell == 0) c = vec4(u_f1, 0.0, 0.0, 1.0);\n"
   "   else if (u_cell == 1) c = vec4(u_f2, 0.0, 1.0);\n"
   "   else if (u_cell == 2) c = vec4(u_f3, 1.0);\n"
   "   else if (u_cell == 3) c = u_f4;\n"
   "   else if (u_cell == 4) c = ic(ivec4(u_i1, 0, 0, 255));\n"
   "   else if (u_cell == 5) c = ic(ivec4(u_i2, 0, 255));\n"
   "   else if (u_cell == 6) c = ic(ivec4(u_i3, 255));\n"
   "   else if (u_cell == 7) c = ic(u_i4);\n"
   "   else if (u_cell == 8) c = vec4(u_f1v[0], u_f1v[1], 0.5, 1.0);\n"
   "   else if (u_cell == 9) c = vec4(u_f2v[0], u_f2v[1]);\n"
   "   else if (u_cell == 10) c = vec4(u_f3v, 1.0);\n"
   "   else if (u_cell == 11) c = u_f4v[1] - u_f4v[0];\n"
   "   else if (u_cell == 12) c = ic(ivec4(u_i1v[0], u_i1v[1], u_i1v[2], 255));\n"
   "   else if (u_cell == 13) c = ic(ivec4(u_i2v, 128, 255));\n"
   "   else if (u_cell == 14) c = ic(ivec4(u_i3v[1] - u_i3v[0], 255));\n"
   "   else if (u_cell == 15) c = ic(u_i4v);\n"
   "   else if (u_cell == 16) c = vec4(u_m2 * vec2(1.0, 0.5), 0.25, 1.0);\n"
   "   else if (u_cell == 17) c = vec4(u_m3 * vec3(1.0, 0.5, 0.25), 1.0);\n"
   "   else if (u_cell == 18) c = u_m4 * vec4(0.5, 0.25, 0.125, 1.0);\n"
   "   else if (u_cell == 19) c = u_b ? vec4(0.2, 0.8, 0.2, 1.0) : vec4(0.8, 0.2, 0.2, 1.0);\n"
   "   o_color = c;\n"
   "}\n";

static const char *vs_body =
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec2 u_half;\n"
   "void main() { gl_Position = vec4(a_pos / u_half - 1.0, 0.0, 1.0); }\n";

/* ---- invalid-enum table ---- */
static void c_enable(GLenum e) { glEnable(e); }
static void c_disable(GLenum e) { glDisable(e); }
static void c_bind_buffer(GLenum e) { glBindBuffer(e, 0); }
static void c_bind_texture(GLenum e) { glBindTexture(e, 0); }
static void c_tex_param(GLenum e) { glTexParameteri(GL_TEXTURE_2D, e, GL_LINEAR); }
static void c_blend_eq(GLenum e) { glBlendEquation(e); }
static void c_blend_func(GLenum e) { glBlendFunc(e, GL_ONE); }
static void c_depth_func(GLenum e) { glDepthFunc(e); }
static void c_stencil_op(GLenum e) { glStencilOp(GL_KEEP, GL_KEEP, e); }
static void c_cull(GLenum e) { glCullFace(e); }
static void c_front(GLenum e) { glFrontFace(e); }
static void c_draw(GLenum e) { glDrawArrays(e, 0, 0); }
static void c_get(GLenum e) { GLint v[16]; glGetIntegerv(e, v); }
static void c_getf(GLenum e) { GLfloat v[16]; glGetFloatv(e, v); }
static void c_getb(GLenum e) { GLboolean v[16]; glGetBooleanv(e, v); }
static void c_bind_fb(GLenum e) { glBindFramebuffer(e, 0); }
static void c_bind_rb(GLenum e) { glBindRenderbuffer(e, 0); }
static void c_active_tex(GLenum e) { glActiveTexture(e); }
static void c_create_shader(GLenum e) { (void)glCreateShader(e); }
static void c_hint(GLenum e) { glHint(e, GL_NICEST); }
static void c_pixel_store(GLenum e) { glPixelStorei(e, 1); }
static void c_is_enabled(GLenum e) { (void)glIsEnabled(e); }

static const struct {
   const char *name;
   void (*call)(GLenum);
} enum_entry_points[] = {
   {"glEnable", c_enable},           {"glDisable", c_disable},
   {"glBindBuffer", c_bind_buffer},  {"glBindTexture", c_bind_texture},
   {"glTexParameteri", c_tex_param}, {"glBlendEquation", c_blend_eq},
   {"glBlendFunc", c_blend_func},    {"glDepthFunc", c_depth_func},
   {"glStencilOp", c_stencil_op},    {"glCullFace", c_cull},
   {"glFrontFace", c_front},         {"glDrawArrays", c_draw},
   {"glGetIntegerv", c_get},         {"glGetFloatv", c_getf},
   {"glGetBooleanv", c_getb},        {"glBindFramebuffer", c_bind_fb},
   {"glBindRenderbuffer", c_bind_rb}, {"glActiveTexture", c_active_tex},
   {"glCreateShader", c_create_shader}, {"glHint", c_hint},
   {"glPixelStorei", c_pixel_store}, {"glIsEnabled", c_is_enabled},
};
/* Values that are no enum of any of these entry points. */
static const GLenum bad_enums[] = {0x7777, 0xFFFF, 0x0B71 /* DEPTH_TEST is a cap, not these */};

static void
negative_enum_table(void)
{
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(enum_entry_points); i++) {
      for (size_t b = 0; b < SCENE_ARRAY_SIZE(bad_enums); b++) {
         GLenum bad = bad_enums[b];
         /* GL_DEPTH_TEST is a valid capability and a valid state to query. */
         if (bad == GL_DEPTH_TEST && (enum_entry_points[i].call == c_enable ||
                                      enum_entry_points[i].call == c_disable ||
                                      enum_entry_points[i].call == c_is_enabled ||
                                      enum_entry_points[i].call == c_get ||
                                      enum_entry_points[i].call == c_getf ||
                                      enum_entry_points[i].call == c_getb))
            continue;
         enum_entry_points[i].call(bad);
         GLenum err = glGetError();
         SCENE_CHECK(err == GL_INVALID_ENUM, "%s(0x%04x): error 0x%04x, expected INVALID_ENUM",
                     enum_entry_points[i].name, bad, err);
         SCENE_CHECK(glGetError() == GL_NO_ERROR, "%s: second error", enum_entry_points[i].name);
      }
   }
   SCENE_CHECK(!glIsEnabled(GL_DEPTH_TEST), "a rejected glEnable enabled depth testing");
}

static void
state_agreement(void)
{
   static const GLenum pnames[] = {GL_VIEWPORT,         GL_SCISSOR_BOX,   GL_MAX_TEXTURE_SIZE,
                                   GL_MAX_VIEWPORT_DIMS, GL_DEPTH_TEST,   GL_BLEND,
                                   GL_STENCIL_REF,       GL_ACTIVE_TEXTURE, GL_CURRENT_PROGRAM,
                                   GL_UNPACK_ALIGNMENT,  GL_PACK_ALIGNMENT, GL_CULL_FACE_MODE};
   for (size_t i = 0; i < SCENE_ARRAY_SIZE(pnames); i++) {
      GLint iv[4] = {0};
      GLfloat fv[4] = {0};
      GLboolean bv[4] = {0};
      GL(glGetIntegerv(pnames[i], iv));
      GL(glGetFloatv(pnames[i], fv));
      GL(glGetBooleanv(pnames[i], bv));
      int n = (pnames[i] == GL_VIEWPORT || pnames[i] == GL_SCISSOR_BOX) ? 4
              : pnames[i] == GL_MAX_VIEWPORT_DIMS                     ? 2
                                                                      : 1;
      for (int k = 0; k < n; k++) {
         SCENE_CHECK((GLfloat)iv[k] == fv[k], "pname 0x%04x[%d]: int %d vs float %g", pnames[i],
                     k, iv[k], fv[k]);
         SCENE_CHECK((iv[k] != 0) == (bv[k] != GL_FALSE), "pname 0x%04x[%d]: int %d vs bool %d",
                     pnames[i], k, iv[k], bv[k]);
      }
   }
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);
   scene_check_limits(&s);

   /* From the OpenGL ES 3.0 spec, section 2.12.6: Uniform* with no current program is
    * INVALID_OPERATION. */
   GL_EXPECT(GL_INVALID_OPERATION, glUniform1f(0, 1.0f));

   char vs[1024], fs[4096];
   snprintf(vs, sizeof(vs), "%s%s", scene_glsl_header(), vs_body);
   snprintf(fs, sizeof(fs), "%s%s", scene_glsl_header(), fs_body);
   GLuint prog = scene_program(vs, fs, NULL);
   GL(glUseProgram(prog));
#define U(name) scene_uniform(prog, name)
   GL(glUniform2f(U("u_half"), 64.0f, 64.0f));

   GL(glUniform1f(U("u_f1"), 0.75f));
   GL(glUniform2f(U("u_f2"), 0.25f, 0.5f));
   GL(glUniform3f(U("u_f3"), 0.1f, 0.6f, 0.9f));
   GL(glUniform4f(U("u_f4"), 0.9f, 0.8f, 0.1f, 1.0f));
   GL(glUniform1i(U("u_i1"), 200));
   GL(glUniform2i(U("u_i2"), 30, 230));
   GL(glUniform3i(U("u_i3"), 250, 100, 20));
   GL(glUniform4i(U("u_i4"), 64, 128, 192, 255));
   const GLfloat f1v[2] = {0.4f, 0.2f}, f2v[4] = {0.7f, 0.3f, 0.6f, 1.0f};
   const GLfloat f3v[3] = {0.33f, 0.66f, 0.99f};
   const GLfloat f4v[8] = {0.1f, 0.1f, 0.1f, 0.0f, 0.3f, 0.9f, 0.5f, 1.0f};
   GL(glUniform1fv(U("u_f1v"), 2, f1v));
   GL(glUniform2fv(U("u_f2v"), 2, f2v));
   GL(glUniform3fv(U("u_f3v"), 1, f3v));
   GL(glUniform4fv(U("u_f4v"), 2, f4v));
   /* Element 1 of an array by its own location: overwrite u_f4v[1].b. */
   const GLfloat f4v1[4] = {0.3f, 0.9f, 0.25f, 1.0f};
   GL(glUniform4fv(U("u_f4v[1]"), 1, f4v1));
   const GLint i1v[3] = {10, 150, 240}, i2v[2] = {255, 60}, i3v[6] = {0, 0, 0, 90, 180, 45};
   const GLint i4v[4] = {100, 20, 220, 255};
   GL(glUniform1iv(U("u_i1v"), 3, i1v));
   GL(glUniform2iv(U("u_i2v"), 1, i2v));
   GL(glUniform3iv(U("u_i3v"), 2, i3v));
   GL(glUniform4iv(U("u_i4v"), 1, i4v));
   const GLfloat m2[4] = {0.5f, 0.1f, 0.2f, 0.8f}; /* column-major */
   /* Row-major data with transpose = GL_TRUE (allowed from ES 3.0 on). */
   const GLfloat m3_rows[9] = {0.2f, 0.4f, 0.8f, 0.1f, 0.0f, 0.6f, 0.5f, 0.5f, 0.0f};
   float m4[16], rot[16], tr[16];
   scene_mat4_rotate(rot, 30.0f, 0.0f, 0.0f, 1.0f);
   scene_mat4_translate(tr, 0.2f, 0.3f, 0.1f);
   scene_mat4_mul(m4, tr, rot);
   GL(glUniformMatrix2fv(U("u_m2"), 1, GL_FALSE, m2));
   GL(glUniformMatrix3fv(U("u_m3"), 1, GL_TRUE, m3_rows));
   GL(glUniformMatrix4fv(U("u_m4"), 1, GL_FALSE, m4));
   GL(glUniform1i(U("u_b"), 1));

   /* Read back what was set. */
   GLfloat got[16];
   GLint goti[4];
   GL(glGetUniformfv(prog, U("u_f3"), got));
   SCENE_CHECK(got[0] == 0.1f && got[1] == 0.6f && got[2] == 0.9f, "u_f3 reads %g %g %g",
               got[0], got[1], got[2]);
   GL(glGetUniformiv(prog, U("u_i3v[1]"), goti));
   SCENE_CHECK(goti[0] == 90 && goti[1] == 180 && goti[2] == 45, "u_i3v[1] reads %d %d %d",
               goti[0], goti[1], goti[2]);
   GL(glGetUniformfv(prog, U("u_m3"), got));
   SCENE_CHECK(got[1] == 0.1f && got[3] == 0.4f, "u_m3 is not the transpose of its rows");
   GL(glGetUniformfv(prog, U("u_f4v[1]"), got));
   SCENE_CHECK(got[2] == 0.25f, "u_f4v[1].b reads %g", got[2]);

   /* Uniform type/size/count mismatches: INVALID_OPERATION, no change. */
   GL_EXPECT(GL_INVALID_OPERATION, glUniform1i(U("u_f1"), 3));
   GL_EXPECT(GL_INVALID_OPERATION, glUniform1f(U("u_i1"), 3.0f));
   GL_EXPECT(GL_INVALID_OPERATION, glUniform2f(U("u_f3"), 1.0f, 1.0f));
   GL_EXPECT(GL_INVALID_OPERATION, glUniform4iv(U("u_i3v"), 1, i4v));
   GL_EXPECT(GL_INVALID_OPERATION, glUniform3fv(U("u_f3v"), 2, f4v)); /* count > 1, not array */
   GL_EXPECT(GL_INVALID_OPERATION, glUniformMatrix3fv(U("u_m4"), 1, GL_FALSE, m4));
   GL_EXPECT(GL_INVALID_OPERATION, glUniform1i(99999, 1));
   GL_EXPECT(GL_INVALID_VALUE, glUniform1fv(U("u_f1v"), -1, f1v));
   GL(glUniform1f(-1, 5.0f)); /* location -1 is silently ignored */
   GL(glGetUniformfv(prog, U("u_f1"), got));
   SCENE_CHECK(got[0] == 0.75f, "u_f1 changed by a rejected call: %g", got[0]);

   negative_enum_table();
   state_agreement();

   struct scene_rects rects;
   scene_rects_init(&rects, s.width, s.height);
   GL(glUseProgram(prog));
   GLuint vao = rects.vao;
   GL(glBindVertexArray(vao));
   GL(glClearColor(0.15f, 0.15f, 0.15f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   GLint u_cell = U("u_cell");
   for (int c = 0; c < 20; c++) {
      const float x0 = (float)((c % 5) * 25 + 3), y0 = (float)((c / 5) * 31 + 4);
      const GLfloat v[8] = {x0, y0, x0 + 22, y0, x0, y0 + 26, x0 + 22, y0 + 26};
      GL(glBindBuffer(GL_ARRAY_BUFFER, rects.vbo));
      GL(glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v), v));
      GL(glUniform1i(u_cell, c));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
#undef U
   scene_swap(&s);
   scene_rects_fini(&rects);
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
