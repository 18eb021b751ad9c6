/*
 * es3_clip_cull_distance — EXT_clip_cull_distance on OpenGL ES 3.0: gl_ClipDistance with the
 * CLIP_DISTANCEi enables, and gl_CullDistance, in GLSL ES 3.00 shaders that enable the
 * extension. From the extension: "Clipping against a client-defined half-space is enabled with
 * Enable(CLIP_DISTANCEi_EXT)", and a primitive is culled "if the cull distance for any plane is
 * negative for all of the vertices of the primitive"; partly negative primitives are not
 * clipped by a cull distance.
 *   row 0: a vertex shader writing gl_ClipDistance[0] (x > -0.25) and [1] (y < 0.5) into the
 *          implicitly sized array: enables 0, 1, both, 0 again with a second colour;
 *   row 1: four triangles per cell whose gl_CullDistance[0] comes from an attribute: the
 *          first and third have every vertex negative (culled), the second one vertex and
 *          the fourth none (both drawn whole); cells differ in colour;
 *   row 2: gl_ClipDistance[0] and a redeclared "out highp float gl_CullDistance[1]" together,
 *          guarded by #ifdef GL_EXT_clip_cull_distance, the sizes checked against
 *          gl_MaxCombinedClipAndCullDistances in the shader; CLIP_DISTANCE0 enabled.
 * Also the limits (at least 8 each, the extension's minimums), IsEnabled, INVALID_ENUM past
 * MAX_CLIP_DISTANCES_EXT, and a vertex shader naming gl_ClipDistance without the #extension
 * directive failing to compile. As in gl33_clip_distance, no clip-distance cell has every
 * distance disabled while the shader writes one (llvmpipe then clips against all of them).
 * Plane and triangle edges lie between pixel centres of the 24x20 cells.
 */
#include <string.h>

#include "scene_common.h"

/* EXT_clip_cull_distance's tokens (GLES2/gl2ext.h; the ES 3.0 header has none) */
#define GL_MAX_CLIP_DISTANCES_EXT 0x0D32
#define GL_MAX_CULL_DISTANCES_EXT 0x82F9
#define GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT 0x82FA
#define GL_CLIP_DISTANCE0_EXT 0x3000

#define W 96
#define H 60
#define CW 24
#define CH 20

static const char *vs_clip =
   "#version 300 es\n"
   "#extension GL_EXT_clip_cull_distance : enable\n"
   "in vec2 a_pos;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   gl_ClipDistance[0] = a_pos.x + 0.25;\n"
   "   gl_ClipDistance[1] = 0.5 - a_pos.y;\n"
   "}\n";

static const char *vs_cull =
   "#version 300 es\n"
   "#extension GL_EXT_clip_cull_distance : require\n"
   "in vec2 a_pos;\n"
   "in float a_cull;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   gl_CullDistance[0] = a_cull;\n"
   "}\n";

static const char *vs_both =
   "#version 300 es\n"
   "#ifdef GL_EXT_clip_cull_distance\n"
   "#extension GL_EXT_clip_cull_distance : enable\n"
   "#endif\n"
   "in vec2 a_pos;\n"
   "in float a_cull;\n"
   "out highp float gl_CullDistance[1];\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   gl_ClipDistance[0] = gl_MaxCombinedClipAndCullDistances >= 2 ? 0.5 - a_pos.x : -1.0;\n"
   "   gl_CullDistance[0] = a_cull;\n"
   "}\n";

static const char *vs_no_ext =
   "#version 300 es\n"
   "in vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); gl_ClipDistance[0] = a_pos.x; }\n";

static const char *fs =
   "#version 300 es\n"
   "precision mediump float;\n"
   "uniform vec4 u_color;\n"
   "out vec4 o;\n"
   "void main() { o = u_color; }\n";

static void
set_enables(unsigned mask)
{
   for (int i = 0; i < 8; i++) {
      if (mask & (1u << i))
         GL(glEnable(GL_CLIP_DISTANCE0_EXT + (GLenum)i));
      else
         GL(glDisable(GL_CLIP_DISTANCE0_EXT + (GLenum)i));
      GLboolean on = glIsEnabled(GL_CLIP_DISTANCE0_EXT + (GLenum)i);
      SCENE_CHECK(on == ((mask >> i) & 1u), "IsEnabled(CLIP_DISTANCE%d) = %d", i, on);
   }
}

static void
viewport_cell(GLuint prog, int col, int row, const float color[4])
{
   GL(glViewport(col * CW, H - (row + 1) * CH, CW, CH));
   GL(glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, color));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = W, .height = H};
   scene_init(&s, &cfg, argc, argv);

   bool ext = false;
   GLint n = 0;
   GL(glGetIntegerv(GL_NUM_EXTENSIONS, &n));
   for (GLint i = 0; i < n; i++)
      ext |= strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i), "GL_EXT_clip_cull_distance") == 0;
   SCENE_CHECK(ext, "GL_EXT_clip_cull_distance is not offered");
   /* Mesa 22.3's llvmpipe answers MAX_CULL_DISTANCES_EXT and MAX_COMBINED_..._EXT on ES with
    * INVALID_ENUM (its table ties them to ARB_cull_distance), which the extension's "New
    * Tokens" contradict: checked on splitgl only. */
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const bool splitgl = renderer && strncmp(renderer, "splitgl", 7) == 0;
   GLint max_clip = 0, max_cull = 8, max_combined = 8;
   GL(glGetIntegerv(GL_MAX_CLIP_DISTANCES_EXT, &max_clip));
   if (splitgl) {
      GL(glGetIntegerv(GL_MAX_CULL_DISTANCES_EXT, &max_cull));
      GL(glGetIntegerv(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT, &max_combined));
   }
   SCENE_CHECK(max_clip >= 8 && max_cull >= 8 && max_combined >= 8, "limits %d / %d / %d (the extension asks 8 each)",
               max_clip, max_cull, max_combined);
   glEnable(GL_CLIP_DISTANCE0_EXT + (GLenum)max_clip);
   scene_check_error(__FILE__, __LINE__, GL_INVALID_ENUM, "glEnable(CLIP_DISTANCE0 + MAX)");
   scene_expect_compile_failure(GL_VERTEX_SHADER, vs_no_ext);

   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   /* a quad as a strip (vertices 0-3), then four triangles side by side (4-15) with their
    * cull distances: culled, one vertex negative, culled, all positive */
   static const float verts[] = {
      -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1,
      -0.95f, -0.9f, -1, -0.55f, -0.9f, -1, -0.75f, 0.9f, -1,
      -0.45f, -0.9f, -1, -0.05f, -0.9f, 1, -0.25f, 0.9f, 1,
      0.05f, -0.9f, -1, 0.45f, -0.9f, -0.5f, 0.25f, 0.9f, -2,
      0.55f, -0.9f, 1, 0.95f, -0.9f, 0.5f, 0.75f, 0.9f, 2,
   };
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 3 * sizeof(float), NULL));
   GL(glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 3 * sizeof(float), (const void *)(2 * sizeof(float))));
   GL(glEnableVertexAttribArray(0));
   GL(glEnableVertexAttribArray(1));

   GL(glClearColor(0.1f, 0.1f, 0.2f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   const char *const attribs[] = {"a_pos", "a_cull", NULL}, *const attribs_pos[] = {"a_pos", NULL};
   static const float red[4] = {0.9f, 0.2f, 0.1f, 1.0f}, green[4] = {0.2f, 0.8f, 0.3f, 1.0f},
                      blue[4] = {0.3f, 0.4f, 0.9f, 1.0f}, yellow[4] = {0.9f, 0.8f, 0.2f, 1.0f};
   const float *colors[4] = {red, green, blue, yellow};

   /* row 0: two implicitly sized clip distances */
   GLuint p0 = scene_program(vs_clip, fs, attribs_pos);
   GL(glUseProgram(p0));
   static const unsigned row0[4] = {0x1, 0x2, 0x3, 0x1};
   for (int c = 0; c < 4; c++) {
      set_enables(row0[c]);
      viewport_cell(p0, c, 0, colors[c]);
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   }
   set_enables(0);

   /* row 1: cull distances (no enable: culling always applies) */
   GLuint p1 = scene_program(vs_cull, fs, attribs);
   GL(glUseProgram(p1));
   for (int c = 0; c < 4; c++) {
      viewport_cell(p1, c, 1, colors[3 - c]);
      GL(glDrawArrays(GL_TRIANGLES, 4, 12));
   }

   /* row 2: both, the cull array redeclared */
   GLuint p2 = scene_program(vs_both, fs, attribs);
   GL(glUseProgram(p2));
   static const unsigned row2[2] = {0x1, 0x1};
   for (int c = 0; c < 2; c++) {
      set_enables(row2[c]);
      viewport_cell(p2, c, 2, colors[c]);
      GL(glDrawArrays(GL_TRIANGLES, 4, 12));
   }
   set_enables(0);

   GL(glDeleteProgram(p0));
   GL(glDeleteProgram(p1));
   GL(glDeleteProgram(p2));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   return scene_finish(&s);
}
