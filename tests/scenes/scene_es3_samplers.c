/*
 * es3_samplers — OpenGL ES 3.0 sampler objects (section 3.8.2): one texture sampled on four
 * units at once, each unit with other sampling state — the texture's own (NEAREST, REPEAT), a
 * sampler object with LINEAR / CLAMP_TO_EDGE, one with NEAREST / MIRRORED_REPEAT and
 * TEXTURE_MIN_LOD / MAX_LOD picking mip level 1, and one bound then re-parameterized after the
 * bind; a sampler object's comparison on a depth texture; SAMPLER_BINDING per unit; deleting a
 * bound sampler (its unit falls back to the texture's state); the spec's errors; and sampler
 * objects shared with a second context of the share group: made there, changed there, used
 * here. Quads are sized so NEAREST samples texel centres; LINEAR tiles have tolerance 2.
 */
#include "scene_common.h"

#include <string.h>

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform vec4 u_rect, u_uv;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   gl_Position = vec4(mix(u_rect.xy, u_rect.zw, a_pos) / 64.0 - 1.0, 0.0, 1.0);\n"
   "   v_uv = mix(u_uv.xy, u_uv.zw, a_pos);\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform sampler2D u_t0, u_t1, u_t2, u_t3;\n"
   "uniform highp sampler2DShadow u_shadow;\n"
   "uniform int u_unit;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   if (u_unit == 0) o = texture(u_t0, v_uv);\n"
   "   else if (u_unit == 1) o = texture(u_t1, v_uv);\n"
   "   else if (u_unit == 2) o = texture(u_t2, v_uv);\n"
   "   else if (u_unit == 3) o = texture(u_t3, v_uv);\n"
   "   else o = vec4(texture(u_shadow, vec3(v_uv, 0.53)), 0.0, 0.0, 1.0);\n"
   "}\n";

static GLint u_rect, u_uv, u_unit;

static void
quad(int unit, float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1)
{
   GL(glUniform1i(u_unit, unit));
   GL(glUniform4f(u_rect, x0, y0, x1, y1));
   GL(glUniform4f(u_uv, u0, v0, u1, v1));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

static GLint
sampler_binding(GLenum unit)
{
   GLint b = -1;
   GL(glActiveTexture(unit));
   GL(glGetIntegerv(GL_SAMPLER_BINDING, &b));
   return b;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 128, .height = 128};
   scene_init(&s, &cfg, argc, argv);

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   u_rect = scene_uniform(prog, "u_rect");
   u_uv = scene_uniform(prog, "u_uv");
   u_unit = scene_uniform(prog, "u_unit");
   const char *names[] = {"u_t0", "u_t1", "u_t2", "u_t3", "u_shadow"};
   for (int i = 0; i < 5; i++)
      GL(glUniform1i(scene_uniform(prog, names[i]), i));

   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);

   /* An 8x8 texture with a distinct level 1 (4x4), bound to units 0..3. */
   uint8_t l0[8 * 8 * 4], l1[4 * 4 * 4];
   for (int i = 0; i < 64; i++) {
      l0[i * 4 + 0] = (uint8_t)((i % 8) * 32);
      l0[i * 4 + 1] = (uint8_t)((i / 8) * 32);
      l0[i * 4 + 2] = (uint8_t)(((i % 8 + i / 8) & 1) * 200);
      l0[i * 4 + 3] = 255;
   }
   for (int i = 0; i < 16; i++) {
      l1[i * 4 + 0] = 250;
      l1[i * 4 + 1] = (uint8_t)(i * 16);
      l1[i * 4 + 2] = 40;
      l1[i * 4 + 3] = 255;
   }
   GLuint tex, depth;
   GL(glGenTextures(1, &tex));
   for (int u = 0; u < 4; u++) {
      GL(glActiveTexture(GL_TEXTURE0 + (GLenum)u));
      GL(glBindTexture(GL_TEXTURE_2D, tex));
   }
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0));
   GL(glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1));
   /* the texture's own state: NEAREST, REPEAT, no mipmaps */
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));

   GLuint smp[4];
   GL(glGenSamplers(4, smp));
   SCENE_CHECK(glIsSampler(smp[0]) && glIsSampler(smp[3]) && !glIsSampler(0), "IsSampler");
   /* smp[0]: LINEAR, CLAMP_TO_EDGE */
   GL(glSamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_LINEAR));
   GL(glSamplerParameteri(smp[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR));
   GL(glSamplerParameteri(smp[0], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
   GL(glSamplerParameteri(smp[0], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
   /* smp[1]: NEAREST_MIPMAP_NEAREST, MIRRORED_REPEAT, LODs forcing level 1 */
   GL(glSamplerParameteri(smp[1], GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glSamplerParameteri(smp[1], GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT));
   GL(glSamplerParameteri(smp[1], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT));
   GL(glSamplerParameterf(smp[1], GL_TEXTURE_MIN_LOD, 1.0f));
   GL(glSamplerParameterf(smp[1], GL_TEXTURE_MAX_LOD, 1.0f));
   GL(glBindSampler(1, smp[0]));
   GL(glBindSampler(2, smp[1]));
   GL(glBindSampler(3, smp[2]));
   SCENE_CHECK(sampler_binding(GL_TEXTURE2) == (GLint)smp[1], "SAMPLER_BINDING unit 2");
   SCENE_CHECK(sampler_binding(GL_TEXTURE0) == 0, "SAMPLER_BINDING unit 0");
   /* smp[2] changed after its bind: the draw sees the new state */
   GL(glSamplerParameteri(smp[2], GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp[2], GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp[2], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
   GLint v = 0;
   GL(glGetSamplerParameteriv(smp[2], GL_TEXTURE_WRAP_S, &v));
   SCENE_CHECK(v == GL_CLAMP_TO_EDGE, "GetSamplerParameteriv WRAP_S 0x%x", v);
   GLfloat f = 0;
   GL(glGetSamplerParameterfv(smp[1], GL_TEXTURE_MIN_LOD, &f));
   SCENE_CHECK(f == 1.0f, "GetSamplerParameterfv MIN_LOD %g", (double)f);
   GL(glGetSamplerParameteriv(smp[3], GL_TEXTURE_MIN_FILTER, &v));
   SCENE_CHECK(v == GL_NEAREST_MIPMAP_LINEAR, "initial MIN_FILTER 0x%x", v);

   GL(glClearColor(0.15f, 0.15f, 0.15f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   /* uv 0..2: each unit's wrap shows; 32x32 px for 8x8 texels over 2 repeats: 2 px a texel */
   quad(0, 0, 0, 32, 32, 0, 0, 2, 2);  /* texture state: NEAREST REPEAT */
   quad(1, 32, 0, 64, 32, 0, 0, 2, 2); /* smp[0]: LINEAR CLAMP */
   quad(2, 64, 0, 96, 32, 0, 0, 2, 2); /* smp[1]: level 1, MIRRORED */
   quad(3, 96, 0, 128, 32, -1, 0, 1, 2); /* smp[2]: CLAMP on s, REPEAT on t */

   /* A sampler object's comparison on a depth texture (the texture's compare mode is NONE). */
   uint16_t d[16];
   for (int i = 0; i < 16; i++)
      d[i] = (uint16_t)(i * 4096);
   GL(glActiveTexture(GL_TEXTURE4));
   GL(glGenTextures(1, &depth));
   GL(glBindTexture(GL_TEXTURE_2D, depth));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 4, 4, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, d));
   GL(glSamplerParameteri(smp[3], GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp[3], GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glSamplerParameteri(smp[3], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE));
   GL(glSamplerParameteri(smp[3], GL_TEXTURE_COMPARE_FUNC, GL_GREATER));
   GL(glBindSampler(4, smp[3]));
   quad(4, 0, 32, 32, 64, 0, 0, 1, 1);

   /* The same unit with another sampler, then none: back to the texture's state. */
   GL(glBindSampler(1, smp[1]));
   quad(1, 32, 32, 64, 64, 0, 0, 2, 2);
   GL(glBindSampler(1, 0));
   quad(1, 64, 32, 96, 64, 0, 0, 2, 2);
   /* Deleting a bound sampler unbinds it from this context's units. */
   GL(glDeleteSamplers(1, &smp[2]));
   SCENE_CHECK(!glIsSampler(smp[2]), "deleted sampler is gone");
   SCENE_CHECK(sampler_binding(GL_TEXTURE3) == 0, "SAMPLER_BINDING after delete");
   quad(3, 96, 32, 128, 64, -1, 0, 1, 2);

   /* The spec's errors. */
   GL_EXPECT(GL_INVALID_VALUE, glBindSampler(1000, smp[0]));
   GL_EXPECT(GL_INVALID_OPERATION, glBindSampler(0, 12345));
   GL_EXPECT(GL_INVALID_OPERATION, glSamplerParameteri(12345, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
   GL_EXPECT(GL_INVALID_ENUM, glSamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_REPEAT));
   GL_EXPECT(GL_INVALID_ENUM, glSamplerParameteri(smp[0], GL_TEXTURE_BASE_LEVEL, 0));
   GL_EXPECT(GL_INVALID_ENUM, glGetSamplerParameteriv(smp[0], GL_TEXTURE_SWIZZLE_R, &v));
   GL_EXPECT(GL_INVALID_VALUE, glGenSamplers(-1, smp));

   /* A second context of the share group: it makes a sampler, changes one of ours, and both
    * are used here. */
   static const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   EGLContext other = eglCreateContext(s.dpy, s.config, s.context, ctx_attribs);
   EGL_CHECK(other != EGL_NO_CONTEXT);
   EGL_CHECK(eglMakeCurrent(s.dpy, s.surface, s.surface, other));
   GLuint shared;
   GL(glGenSamplers(1, &shared));
   GL(glSamplerParameteri(shared, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST));
   GL(glSamplerParameteri(shared, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   GL(glSamplerParameterf(shared, GL_TEXTURE_MIN_LOD, 1.0f));
   GL(glSamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST)); /* smp[0] is ours */
   GL(glSamplerParameteri(smp[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST));
   SCENE_CHECK(glIsSampler(smp[0]), "the other context sees our sampler");
   GL(glFinish());
   EGL_CHECK(eglMakeCurrent(s.dpy, s.surface, s.surface, s.context));
   SCENE_CHECK(glIsSampler(shared), "we see the other context's sampler");
   GL(glBindSampler(0, shared));
   quad(0, 0, 64, 32, 96, 0, 0, 2, 2);  /* level 1 through the shared sampler */
   GL(glBindSampler(0, smp[0]));
   quad(0, 32, 64, 64, 96, 0, 0, 2, 2); /* smp[0] now NEAREST CLAMP */
   EGL_CHECK(eglDestroyContext(s.dpy, other));
   /* the sampler outlives the context that made it */
   GL(glBindSampler(2, shared));
   quad(2, 64, 64, 96, 96, 0, 0, 2, 2);
   GL(glDeleteSamplers(1, &shared));
   SCENE_CHECK(sampler_binding(GL_TEXTURE2) == 0, "unbound at delete");

   scene_swap(&s);
   GL(glDeleteSamplers(4, smp)); /* smp[2] was deleted: ignored */
   GL(glDeleteTextures(1, &tex));
   GL(glDeleteTextures(1, &depth));
   GL(glBindVertexArray(0));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteProgram(prog));
   return scene_finish(&s);
}
