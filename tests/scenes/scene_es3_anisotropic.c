/*
 * es3_anisotropic — EXT_texture_filter_anisotropic on OpenGL ES 3.0: a mipmapped checkerboard
 * on a floor receding to the horizon, sampled LINEAR_MIPMAP_LINEAR with TEXTURE_MAX_ANISOTROPY
 * 1 (left), 16 through the texture's parameter (middle: clamped to the device's maximum) and 4
 * through a sampler object (right). The extension must be listed and MAX_TEXTURE_MAX_ANISOTROPY
 * at least 2.0; a value below 1.0 is INVALID_VALUE; the parameter reads back as set. Anisotropic
 * footprints are implementation-defined, so the tolerance is that of a LINEAR scene and a
 * bounded number of pixels may differ.
 */
#include "scene_common.h"

#include <GLES2/gl2ext.h>
#include <string.h>

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "uniform float u_x0;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   /* a floor: the bottom edge near (w = 1), the top edge far (w = 12) */
   "   float w = mix(1.0, 12.0, a_pos.y);\n"
   "   vec2 ndc = vec2(u_x0 + a_pos.x * (2.0 / 3.0), a_pos.y * 1.8 - 0.9);\n"
   "   gl_Position = vec4(ndc * w, 0.0, w);\n"
   "   v_uv = vec2(a_pos.x * 4.0, a_pos.y * 48.0);\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "uniform sampler2D u_tex;\n"
   "in vec2 v_uv;\n"
   "out vec4 o;\n"
   "void main() { o = texture(u_tex, v_uv); }\n";

static bool
listed(const char *name)
{
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i), name))
         return true;
   return false;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 96, .height = 64};
   scene_init(&s, &cfg, argc, argv);
   SCENE_CHECK(listed("GL_EXT_texture_filter_anisotropic"), "GL_EXT_texture_filter_anisotropic not listed");
   GLfloat max_aniso = 0;
   GL(glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, &max_aniso));
   SCENE_CHECK(max_aniso >= 2.0f, "MAX_TEXTURE_MAX_ANISOTROPY %g", max_aniso);

   /* a 64x64 checkerboard of 4-texel squares, every level generated */
   static GLubyte texels[64 * 64 * 4];
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++) {
         GLubyte c = ((x / 4) ^ (y / 4)) & 1 ? 240 : 20;
         GLubyte *t = &texels[(y * 64 + x) * 4];
         t[0] = c, t[1] = (GLubyte)(255 - c), t[2] = 128, t[3] = 255;
      }
   GLuint tex;
   GL(glGenTextures(1, &tex));
   GL(glBindTexture(GL_TEXTURE_2D, tex));
   GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels));
   GL(glGenerateMipmap(GL_TEXTURE_2D));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR));
   GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
   GLfloat v = 0;
   GL(glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, &v));
   SCENE_CHECK(v == 1.0f, "initial TEXTURE_MAX_ANISOTROPY %g", v);
   GL_EXPECT(GL_INVALID_VALUE, glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 0.5f));

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));
   GL(glUniform1i(scene_uniform(prog, "u_tex"), 0));
   GLint x0 = scene_uniform(prog, "u_x0");
   GLuint vao, vbo;
   scene_unit_strip(&vao, &vbo);
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* left: isotropic */
   GL(glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 1.0f));
   GL(glUniform1f(x0, -1.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   /* middle: 16 asked through the texture */
   GL(glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 16.0f));
   GL(glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, &v));
   SCENE_CHECK(v == 16.0f, "TEXTURE_MAX_ANISOTROPY read back %g", v);
   GL(glUniform1f(x0, -1.0f / 3.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   /* right: 4 through a sampler object, which overrides the texture's 16 */
   GLuint smp;
   GL(glGenSamplers(1, &smp));
   GL(glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR));
   GL(glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
   GL(glSamplerParameterf(smp, GL_TEXTURE_MAX_ANISOTROPY_EXT, 4.0f));
   GL_EXPECT(GL_INVALID_VALUE, glSamplerParameteri(smp, GL_TEXTURE_MAX_ANISOTROPY_EXT, 0));
   GLint iv = 0;
   GL(glGetSamplerParameteriv(smp, GL_TEXTURE_MAX_ANISOTROPY_EXT, &iv));
   SCENE_CHECK(iv == 4, "sampler's TEXTURE_MAX_ANISOTROPY %d", iv);
   GL(glBindSampler(0, smp));
   GL(glUniform1f(x0, 1.0f / 3.0f));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   GL(glBindSampler(0, 0));
   return scene_finish(&s);
}
