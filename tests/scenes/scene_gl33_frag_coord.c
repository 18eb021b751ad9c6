/*
 * gl33_frag_coord — gl_FragCoord redeclared with layout(pixel_center_integer) (GLSL 1.50
 * section 4.3.8.1; ARB_fragment_coord_conventions below 1.50, as piglit's texelFetch gs tests
 * use it at #version 130). Three bands write the fractional part and the pixel's coordinates:
 * band 0 #version 130 with the extension and pixel_center_integer (fract 0), band 1 #version
 * 150 with it spelt in mixed case (section 4.3.8: layout qualifier identifiers are not case
 * sensitive), band 2 #version 150 without a redeclaration (fract 0.5). Compared with llvmpipe,
 * exact.
 */
#include "scene_common.h"

static const char *vs_src = "#version 130\n"
                            "in vec2 a_pos;\n"
                            "uniform float x0;\n"
                            "void main() { gl_Position = vec4((x0 + a_pos.x / 3.0) * 2.0 - 1.0, a_pos.y * 2.0 - 1.0, 0.0, 1.0); }\n";

static const char *fs130 = "#version 130\n"
                           "#extension GL_ARB_fragment_coord_conventions : require\n"
                           "layout(pixel_center_integer) in vec4 gl_FragCoord;\n"
                           "out vec4 o;\n"
                           "void main() { o = vec4(fract(gl_FragCoord.xy) + gl_FragCoord.xy / 128.0, 0.25, 1.0); }\n";

static const char *fs150 = "#version 150\n"
                           "layout(PIXEL_center_Integer) in vec4 gl_FragCoord;\n"
                           "out vec4 o;\n"
                           "void main() { o = vec4(fract(gl_FragCoord.xy) + gl_FragCoord.xy / 128.0, 0.5, 1.0); }\n";

static const char *fs150_plain = "#version 150\n"
                                 "out vec4 o;\n"
                                 "void main() { o = vec4(fract(gl_FragCoord.xy) + gl_FragCoord.xy / 128.0, 0.75, 1.0); }\n";

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = 48, .height = 16};
   scene_init(&s, &cfg, argc, argv);
   static const char *const attribs[] = {"a_pos", NULL};
   const char *fss[3] = {fs130, fs150, fs150_plain};
   GLuint vao = scene_unit_quad();
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   for (int b = 0; b < 3; b++) {
      GLuint prog = scene_program(vs_src, fss[b], attribs);
      GL(glUseProgram(prog));
      GL(glUniform1f(scene_uniform(prog, "x0"), (float)b / 3.0f));
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
      GL(glDeleteProgram(prog));
   }
   /* pixel (0, 0) of band 0: integer centre (0, 0); of band 2: (16.5, 0.5) */
   GLubyte px[4];
   GL(glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px));
   SCENE_CHECK(px[0] == 0 && px[1] == 0, "band 0 pixel (0,0) reads %u %u", px[0], px[1]);
   GL(glDeleteVertexArrays(1, &vao));
   return scene_finish(&s);
}
