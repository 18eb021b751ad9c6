/*
 * gl33_clip_distance — user clip distances and their enables on OpenGL 3.3 core. From the
 * OpenGL 3.3 core spec, section 2.19: "Clipping against a client-defined half-space is enabled
 * with Enable(CLIP_DISTANCEi)"; a disabled distance does not clip, whatever the shader wrote.
 * Each row draws one full-viewport quad per cell, the cells differing only in which
 * GL_CLIP_DISTANCEi are enabled:
 *   row 0: a vertex shader writing gl_ClipDistance[0] (x > -0.25) and [1] (y < 0.5) into the
 *          implicitly sized array: enables none, 0, 1, both;
 *   row 1: a vertex shader that redeclares "out float gl_ClipDistance[3]" and fills it in a
 *          loop from three uniform planes: enables none, 0, 0+2, all three;
 *   row 2: a geometry shader that writes gl_ClipDistance[0] from its input's (the vertex
 *          shader writes x + 0.5, the geometry shader passes 0.5 - x on): enables none, 0;
 *          then the same with the vertex shader's distance disabled by the enable but still
 *          read in full by the geometry shader (gl_in[].gl_ClipDistance is not clipped).
 * Also IsEnabled for each CLIP_DISTANCEi and INVALID_ENUM past GL_MAX_CLIP_DISTANCES. Plane
 * edges lie between pixel centres of the 24x20 cells.
 *
 * No cell has every distance disabled: llvmpipe (Mesa's draw module) then clips against every
 * distance the shader writes, the rule of APIs that have no enables, where the spec clips
 * against none. That case is checked on splitgl alone, off the picture: each program draws
 * once with no enables into a renderbuffer that must come out fully covered.
 */
#include <string.h>

#include "scene_common.h"

#define W 96
#define H 60
#define CW 24
#define CH 20

static const char *vs_implicit =
   "#version 150 core\n"
   "in vec2 a_pos;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   gl_ClipDistance[0] = a_pos.x + 0.25;\n"
   "   gl_ClipDistance[1] = 0.5 - a_pos.y;\n"
   "}\n";

static const char *vs_sized =
   "#version 150 core\n"
   "in vec2 a_pos;\n"
   "uniform vec4 u_planes[3];\n"
   "out float gl_ClipDistance[3];\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   for (int i = 0; i < 3; i++)\n"
   "      gl_ClipDistance[i] = dot(vec4(a_pos, 0.0, 1.0), u_planes[i]);\n"
   "}\n";

static const char *vs_to_gs =
   "#version 150 core\n"
   "in vec2 a_pos;\n"
   "void main() {\n"
   "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "   gl_ClipDistance[0] = a_pos.x + 0.5;\n"
   "}\n";

static const char *gs =
   "#version 150 core\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 3) out;\n"
   "out float g_shade;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position;\n"
   "      gl_ClipDistance[0] = 1.0 - gl_in[i].gl_ClipDistance[0];\n" /* 0.5 - x */
   "      g_shade = gl_in[i].gl_ClipDistance[0] * 0.5;\n"
   "      EmitVertex();\n"
   "   }\n"
   "   EndPrimitive();\n"
   "}\n";

static const char *fs =
   "#version 150 core\n"
   "uniform vec4 u_color;\n"
   "out vec4 o;\n"
   "void main() { o = u_color; }\n";

static const char *fs_gs =
   "#version 150 core\n"
   "in float g_shade;\n"
   "uniform vec4 u_color;\n"
   "out vec4 o;\n"
   "void main() { o = vec4(u_color.rgb * clamp(g_shade, 0.25, 1.0), 1.0); }\n";

static void
set_enables(unsigned mask, int n)
{
   for (int i = 0; i < n; i++) {
      if (mask & (1u << i))
         GL(glEnable(GL_CLIP_DISTANCE0 + (GLenum)i));
      else
         GL(glDisable(GL_CLIP_DISTANCE0 + (GLenum)i));
      GLboolean on = glIsEnabled(GL_CLIP_DISTANCE0 + (GLenum)i);
      SCENE_CHECK(on == ((mask >> i) & 1u), "IsEnabled(CLIP_DISTANCE%d) = %d", i, on);
   }
}

/* With no distance enabled, nothing is clipped: the quad covers a 16x16 renderbuffer. Checked
 * on splitgl only (see the top of the file); the default framebuffer is bound again after. */
static void
check_unclipped(GLuint prog, bool splitgl)
{
   GLuint fbo, rb;
   GL(glGenFramebuffers(1, &fbo));
   GL(glGenRenderbuffers(1, &rb));
   GL(glBindRenderbuffer(GL_RENDERBUFFER, rb));
   GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16));
   GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
   GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb));
   GL(glViewport(0, 0, 16, 16));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   set_enables(0, 8);
   static const float white[4] = {1.0f, 1.0f, 1.0f, 1.0f};
   GL(glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, white));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
   uint8_t px[16 * 16 * 4];
   GL(glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, px));
   int clipped = 0;
   for (int i = 0; i < 16 * 16; i++)
      clipped += px[i * 4] == 26 && px[i * 4 + 1] == 26 && px[i * 4 + 2] == 51; /* the clear colour */
   if (splitgl)
      SCENE_CHECK(clipped == 0, "no CLIP_DISTANCEi enabled, yet %d of 256 pixels were clipped", clipped);
   GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
   GL(glDeleteFramebuffers(1, &fbo));
   GL(glDeleteRenderbuffers(1, &rb));
}

/* One cell: the quad over the cell's viewport in `color`. */
static void
cell(GLuint prog, int col, int row, const float color[4])
{
   GL(glViewport(col * CW, H - (row + 1) * CH, CW, CH));
   GL(glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, color));
   GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_GL33, .width = W, .height = H};
   scene_init(&s, &cfg, argc, argv);

   GLint max = 0;
   GL(glGetIntegerv(GL_MAX_CLIP_DISTANCES, &max));
   SCENE_CHECK(max >= 8, "MAX_CLIP_DISTANCES %d (GL 3.3 requires 8)", max);
   glEnable(GL_CLIP_DISTANCE0 + (GLenum)max);
   scene_check_error(__FILE__, __LINE__, GL_INVALID_ENUM, "glEnable(CLIP_DISTANCE0 + MAX)");
   glIsEnabled(GL_CLIP_DISTANCE0 + (GLenum)max);
   scene_check_error(__FILE__, __LINE__, GL_INVALID_ENUM, "glIsEnabled(CLIP_DISTANCE0 + MAX)");

   GLuint vao, vbo;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   GL(glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL));
   GL(glEnableVertexAttribArray(0));

   GL(glClearColor(0.1f, 0.1f, 0.2f, 1.0f));
   GL(glClear(GL_COLOR_BUFFER_BIT));
   const char *const attribs[] = {"a_pos", NULL};
   static const float red[4] = {0.9f, 0.2f, 0.1f, 1.0f}, green[4] = {0.2f, 0.8f, 0.3f, 1.0f},
                      blue[4] = {0.3f, 0.4f, 0.9f, 1.0f}, yellow[4] = {0.9f, 0.8f, 0.2f, 1.0f};
   const float *colors[4] = {red, green, blue, yellow};

   /* row 0: two implicitly sized distances */
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const bool splitgl = renderer && strncmp(renderer, "splitgl", 7) == 0;
   GLuint p0 = scene_program(vs_implicit, fs, attribs);
   GL(glUseProgram(p0));
   check_unclipped(p0, splitgl);
   static const unsigned row0[4] = {0x1, 0x1, 0x2, 0x3};
   for (int c = 0; c < 4; c++) {
      set_enables(row0[c], 8);
      cell(p0, c, 0, colors[c]);
   }

   /* row 1: three redeclared distances filled in a loop */
   GLuint p1 = scene_program(vs_sized, fs, attribs);
   GL(glUseProgram(p1));
   static const float planes[12] = {
      1.0f, 0.0f, 0.0f, 0.5f,  /* x > -0.5 */
      0.0f, -1.0f, 0.0f, 0.25f, /* y < 0.25 */
      -1.0f, 0.0f, 0.0f, 0.75f, /* x < 0.75 */
   };
   GL(glUniform4fv(glGetUniformLocation(p1, "u_planes"), 3, planes));
   check_unclipped(p1, splitgl);
   static const unsigned row1[4] = {0x4, 0x1, 0x5, 0x7};
   for (int c = 0; c < 4; c++) {
      set_enables(row1[c], 8);
      cell(p1, c, 1, colors[3 - c]);
   }

   /* row 2: the geometry shader's distance clips; the vertex shader's one feeds it whole */
   GLuint p2 = scene_program_gs(vs_to_gs, gs, fs_gs, attribs);
   GL(glUseProgram(p2));
   check_unclipped(p2, splitgl);
   static const unsigned row2[4] = {0x1, 0x1, 0x3, 0x1};
   for (int c = 0; c < 4; c++) {
      set_enables(row2[c], 8);
      cell(p2, c, 2, colors[c]);
   }
   set_enables(0, 8);

   GL(glDeleteProgram(p0));
   GL(glDeleteProgram(p1));
   GL(glDeleteProgram(p2));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   return scene_finish(&s);
}
