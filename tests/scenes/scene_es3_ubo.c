/*
 * es3_ubo — named uniform blocks (OpenGL ES 3.0 section 2.12.6, GLSL ES 3.00 section 4.3.7):
 *   - a std140 block with an instance name (vec4, row_major mat3, float[3], bool, an array of
 *     structs): its std140 offsets, strides and row-major flag are checked against the values
 *     the layout rules give, then filled through those offsets;
 *   - a shared block declared in both stages and an anonymous packed block, filled through
 *     the offsets the driver reports (what an application must do for those layouts);
 *   - an array of blocks in the fragment shader ("Lights[0]", "Lights[1]");
 *   - one buffer holding several blocks through glBindBufferRange at offsets aligned to
 *     UNIFORM_BUFFER_OFFSET_ALIGNMENT, glUniformBlockBinding onto other binding points,
 *     glBufferSubData between draws, rebinding, and a block read with nothing bound to it
 *     (drawn, not compared: GL leaves it undefined);
 *   - the reflection queries (block names, sizes, active uniform indices, referenced-by
 *     flags, glGetUniformIndices, glGetActiveUniformsiv) and their errors.
 * Each quad is axis-aligned on pixel boundaries with a flat colour: exact.
 */
#include <string.h>

#include "scene_common.h"

static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "struct Item { vec4 v; int n; };\n"
   "layout(std140) uniform Xform {\n"
   "   vec4 color;\n"
   "   layout(row_major) mat3 m;\n"
   "   float arr[3];\n"
   "   bool flag;\n"
   "   Item items[2];\n"
   "} xf;\n"
   "layout(shared) uniform Shared { mediump vec4 tint; float scale; };\n"
   "out vec4 v_color;\n"
   "void main() {\n"
   "   vec3 p = xf.m * vec3(a_pos, 1.0);\n"
   "   float k = xf.flag ? xf.arr[1] : xf.arr[2];\n"
   "   v_color = xf.color * k + xf.items[1].v * float(xf.items[0].n);\n"
   "   gl_Position = vec4(p.xy * scale, 0.0, 1.0);\n"
   "}\n";

static const char *fs_src = "#version 300 es\n"
                            "precision mediump float;\n"
                            "layout(shared) uniform Shared { mediump vec4 tint; float scale; };\n"
                            "layout(packed) uniform Extra { vec2 pad; vec4 add; };\n"
                            "uniform Lights { vec4 c; } lights[2];\n"
                            "in vec4 v_color;\n"
                            "out vec4 o;\n"
                            "void main() { o = v_color * tint + add + lights[0].c + lights[1].c; }\n";

#define MAX_OFFSETS 16

struct layout {
   GLuint index[MAX_OFFSETS];
   GLint offset[MAX_OFFSETS], astride[MAX_OFFSETS], mstride[MAX_OFFSETS], row_major[MAX_OFFSETS];
   GLint block[MAX_OFFSETS];
};

static void
query_layout(GLuint prog, const char *const *names, int n, struct layout *l)
{
   GL(glGetUniformIndices(prog, n, names, l->index));
   for (int i = 0; i < n; i++)
      SCENE_CHECK(l->index[i] != GL_INVALID_INDEX, "uniform %s not active", names[i]);
   GL(glGetActiveUniformsiv(prog, n, l->index, GL_UNIFORM_OFFSET, l->offset));
   GL(glGetActiveUniformsiv(prog, n, l->index, GL_UNIFORM_ARRAY_STRIDE, l->astride));
   GL(glGetActiveUniformsiv(prog, n, l->index, GL_UNIFORM_MATRIX_STRIDE, l->mstride));
   GL(glGetActiveUniformsiv(prog, n, l->index, GL_UNIFORM_IS_ROW_MAJOR, l->row_major));
   GL(glGetActiveUniformsiv(prog, n, l->index, GL_UNIFORM_BLOCK_INDEX, l->block));
}

static void
put_floats(uint8_t *dst, GLint off, const float *v, int n)
{
   memcpy(dst + off, v, (size_t)n * 4);
}

static GLint
block_param(GLuint prog, GLuint block, GLenum pname)
{
   GLint v = -1;
   GL(glGetActiveUniformBlockiv(prog, block, pname, &v));
   return v;
}

int
main(int argc, char **argv)
{
   struct scene s;
   const struct scene_config cfg = {.api = SCENE_ES3, .width = 96, .height = 64};
   scene_init(&s, &cfg, argc, argv);

   GLuint prog = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog));

   /* ---- blocks ---- */
   GLint nblocks = 0, maxlen = 0;
   GL(glGetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCKS, &nblocks));
   GL(glGetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH, &maxlen));
   SCENE_CHECK(nblocks == 5, "ACTIVE_UNIFORM_BLOCKS %d (Xform, Shared, Extra, Lights[0], Lights[1])", nblocks);
   SCENE_CHECK(maxlen == (GLint)sizeof("Lights[0]"), "ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH %d", maxlen);
   GLuint xform = glGetUniformBlockIndex(prog, "Xform");
   GLuint shared = glGetUniformBlockIndex(prog, "Shared");
   GLuint extra = glGetUniformBlockIndex(prog, "Extra");
   GLuint light0 = glGetUniformBlockIndex(prog, "Lights[0]");
   GLuint light1 = glGetUniformBlockIndex(prog, "Lights[1]");
   SCENE_CHECK(xform != GL_INVALID_INDEX && shared != GL_INVALID_INDEX && extra != GL_INVALID_INDEX &&
                  light0 != GL_INVALID_INDEX && light1 != GL_INVALID_INDEX,
               "block indices %u %u %u %u %u", xform, shared, extra, light0, light1);
   SCENE_CHECK(glGetUniformBlockIndex(prog, "xf") == GL_INVALID_INDEX, "the instance name is no block name");
   SCENE_CHECK(glGetUniformBlockIndex(prog, "Lights") == light0, "\"Lights\" names Lights[0]");
   char name[32];
   GLsizei len = 0;
   GL(glGetActiveUniformBlockName(prog, light1, sizeof(name), &len, name));
   SCENE_CHECK(!strcmp(name, "Lights[1]") && len == 9, "block name '%s' (%d)", name, len);
   SCENE_CHECK(block_param(prog, xform, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER) == 1 &&
                  block_param(prog, xform, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER) == 0,
               "Xform referenced by the vertex shader only");
   SCENE_CHECK(block_param(prog, shared, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER) == 1 &&
                  block_param(prog, shared, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER) == 1,
               "Shared referenced by both stages");
   SCENE_CHECK(block_param(prog, xform, GL_UNIFORM_BLOCK_BINDING) == 0, "initial binding 0");
   GLint xform_size = block_param(prog, xform, GL_UNIFORM_BLOCK_DATA_SIZE);
   /* std140: color 0, m 16 (3 rows x 16), arr 64 (stride 16), flag 112, items 128 (stride 32) */
   SCENE_CHECK(xform_size >= 192, "Xform UNIFORM_BLOCK_DATA_SIZE %d", xform_size);
   GLint nactive = block_param(prog, xform, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS);
   SCENE_CHECK(nactive == 8, "Xform has %d active uniforms (std140: all members)", nactive);
   GLint active[8] = {0};
   GL(glGetActiveUniformBlockiv(prog, xform, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, active));

   static const char *const xnames[] = {"Xform.color", "Xform.m", "Xform.arr[0]", "Xform.flag",
                                        "Xform.items[0].v", "Xform.items[1].n"};
   struct layout xl;
   query_layout(prog, xnames, 6, &xl);
   static const GLint want_off[] = {0, 16, 64, 112, 128, 176};
   for (int i = 0; i < 6; i++) {
      SCENE_CHECK(xl.offset[i] == want_off[i], "%s offset %d, std140 says %d", xnames[i], xl.offset[i], want_off[i]);
      SCENE_CHECK(xl.block[i] == (GLint)xform, "%s in block %d", xnames[i], xl.block[i]);
      bool listed = false;
      for (int k = 0; k < nactive; k++)
         listed |= active[k] == (GLint)xl.index[i];
      SCENE_CHECK(listed, "%s not in ACTIVE_UNIFORM_INDICES", xnames[i]);
   }
   SCENE_CHECK(xl.astride[2] == 16 && xl.mstride[1] == 16 && xl.row_major[1] == 1 && xl.row_major[0] == 0,
               "arr stride %d, m stride %d row-major %d", xl.astride[2], xl.mstride[1], xl.row_major[1]);
   GLuint arr_base;
   const char *arr_name = "Xform.arr";
   GL(glGetUniformIndices(prog, 1, &arr_name, &arr_base));
   SCENE_CHECK(arr_base == xl.index[2], "Xform.arr and Xform.arr[0] name one uniform");
   GLint type = 0, size = 0;
   GL(glGetActiveUniformsiv(prog, 1, &xl.index[3], GL_UNIFORM_TYPE, &type));
   GL(glGetActiveUniformsiv(prog, 1, &xl.index[2], GL_UNIFORM_SIZE, &size));
   SCENE_CHECK(type == GL_BOOL && size == 3, "flag type 0x%x, arr size %d", type, size);
   SCENE_CHECK(glGetUniformLocation(prog, "Xform.color") == -1, "block members have no location");

   static const char *const snames[] = {"tint", "scale", "add", "Lights.c"};
   struct layout sl;
   query_layout(prog, snames, 4, &sl);
   SCENE_CHECK(sl.block[3] == (GLint)light0, "Lights.c belongs to Lights[0] (block %d)", sl.block[3]);

   /* ---- errors ---- */
   GL_EXPECT(GL_INVALID_VALUE, glUniformBlockBinding(prog, (GLuint)nblocks, 0));
   GLint max_bindings = 0, align = 0;
   GL(glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max_bindings));
   GL(glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align));
   SCENE_CHECK(max_bindings >= 24 && align >= 1 && align <= 256, "bindings %d alignment %d", max_bindings, align);
   GL_EXPECT(GL_INVALID_VALUE, glUniformBlockBinding(prog, xform, (GLuint)max_bindings));
   GLuint bad = 9999;
   GLint dummy = 0;
   GL_EXPECT(GL_INVALID_VALUE, glGetActiveUniformsiv(prog, 1, &bad, GL_UNIFORM_OFFSET, &dummy));
   GL_EXPECT(GL_INVALID_ENUM, glGetActiveUniformsiv(prog, 1, &xl.index[0], GL_UNIFORM_BLOCK_BINDING, &dummy));
   GL_EXPECT(GL_INVALID_VALUE, glGetActiveUniformBlockiv(prog, (GLuint)nblocks, GL_UNIFORM_BLOCK_DATA_SIZE, &dummy));
   GL_EXPECT(GL_INVALID_ENUM, glGetActiveUniformBlockiv(prog, xform, GL_UNIFORM_OFFSET, &dummy));
   GLuint ub[2];
   GL(glGenBuffers(2, ub));
   if (align > 1)
      GL_EXPECT(GL_INVALID_VALUE, glBindBufferRange(GL_UNIFORM_BUFFER, 0, ub[0], 1, 16));
   GL_EXPECT(GL_INVALID_VALUE, glBindBufferRange(GL_UNIFORM_BUFFER, (GLuint)max_bindings, ub[0], 0, 16));

   /* ---- one buffer, four ranges ---- */
   GLint shared_size = block_param(prog, shared, GL_UNIFORM_BLOCK_DATA_SIZE);
   GLint extra_size = block_param(prog, extra, GL_UNIFORM_BLOCK_DATA_SIZE);
   GLint light_size = block_param(prog, light0, GL_UNIFORM_BLOCK_DATA_SIZE);
   SCENE_CHECK(shared_size >= 20 && extra_size >= 24 && light_size >= 16, "sizes %d %d %d", shared_size, extra_size,
               light_size);
   GLint stride = 256; /* every block fits; a multiple of any permitted alignment */
   uint8_t data[256 * 6];
   memset(data, 0, sizeof(data));
   uint8_t *xf = data, *sh = data + stride, *ex = data + 2 * stride, *l0 = data + 3 * stride, *l1 = data + 4 * stride;
   const float color[4] = {0.5f, 0.25f, 1.0f, 1.0f};
   put_floats(xf, xl.offset[0], color, 4);
   /* row_major mat3 m = scale x by 1/48, y by 1/32, translate (-1, -1): rows at 16-byte stride */
   const float rows[3][3] = {{1.0f / 48.0f, 0, -1.0f}, {0, 1.0f / 32.0f, -1.0f}, {0, 0, 1.0f}};
   for (int r = 0; r < 3; r++)
      put_floats(xf, xl.offset[1] + r * xl.mstride[1], rows[r], 3);
   const float arr[3] = {0.0f, 1.0f, 0.5f};
   for (int i = 0; i < 3; i++)
      put_floats(xf, xl.offset[2] + i * xl.astride[2], &arr[i], 1);
   const GLuint yes = 1;
   memcpy(xf + xl.offset[3], &yes, 4);
   const float item1_v[4] = {0.0f, 0.125f, 0.0f, 0.0f};
   put_floats(xf, xl.offset[4] + 32, item1_v, 4); /* items[1].v: array stride 32 (std140) */
   const GLint item0_n = 2;
   memcpy(xf + 144, &item0_n, 4); /* items[0].n at 128 + 16 */
   const float tint[4] = {1.0f, 0.5f, 1.0f, 1.0f}, one = 1.0f;
   put_floats(sh, sl.offset[0], tint, 4);
   put_floats(sh, sl.offset[1], &one, 1);
   const float add[4] = {0.0f, 0.0f, 0.0f, 0.0f};
   put_floats(ex, sl.offset[2], add, 4);
   const float c0[4] = {0.25f, 0.0f, 0.0f, 0.0f}, c1[4] = {0.0f, 0.0f, 0.0f, 0.0f};
   put_floats(l0, sl.offset[3], c0, 4);
   put_floats(l1, sl.offset[3], c1, 4);
   GL(glBindBuffer(GL_UNIFORM_BUFFER, ub[0]));
   GL(glBufferData(GL_UNIFORM_BUFFER, sizeof(data), data, GL_DYNAMIC_DRAW));
   /* blocks onto binding points 3, 7, 1, 5, 6 */
   const GLuint points[5] = {3, 7, 1, 5, 6};
   const GLuint blocks[5] = {xform, shared, extra, light0, light1};
   for (int i = 0; i < 5; i++) {
      GL(glUniformBlockBinding(prog, blocks[i], points[i]));
      GL(glBindBufferRange(GL_UNIFORM_BUFFER, points[i], ub[0], i * stride, stride));
   }
   SCENE_CHECK(block_param(prog, light1, GL_UNIFORM_BLOCK_BINDING) == 6, "UNIFORM_BLOCK_BINDING");
   GLint bound = 0;
   GL(glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 7, &bound));
   SCENE_CHECK(bound == (GLint)ub[0], "UNIFORM_BUFFER_BINDING[7] %d", bound);

   GLuint vbo, vao;
   GL(glGenVertexArrays(1, &vao));
   GL(glBindVertexArray(vao));
   GL(glGenBuffers(1, &vbo));
   GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
   GL(glEnableVertexAttribArray(0));
   GL(glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0));
   GL(glClearColor(0, 0, 0, 1));
   GL(glClear(GL_COLOR_BUFFER_BIT));

   /* quads in a 4 x 3 grid of 24 x 21 cells (window coordinates through m) */
   int cell = 0;
#define QUAD()                                                                                     \
   do {                                                                                            \
      float x0 = (float)(cell % 4) * 24.0f + 2.0f, y0 = (float)(cell / 4) * 21.0f + 2.0f;          \
      const GLfloat v[] = {x0, y0, x0 + 20, y0, x0, y0 + 17, x0 + 20, y0 + 17};                    \
      GL(glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW));                             \
      GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));                                                   \
      cell++;                                                                                      \
   } while (0)

   QUAD(); /* (0.5, 0.25, 1) * 1 * tint(1, .5, 1) + (0, .25, 0) + (.25, 0, 0) */
   /* glBufferSubData between draws: flag off (arr[2] = 0.5), a green light 1 */
   const GLuint no = 0;
   GL(glBufferSubData(GL_UNIFORM_BUFFER, xl.offset[3], 4, &no));
   const float green[4] = {0.0f, 0.5f, 0.0f, 0.0f};
   GL(glBufferSubData(GL_UNIFORM_BUFFER, 4 * stride + sl.offset[3], 16, green));
   QUAD();
   /* swap the two lights' binding points (program state) */
   GL(glUniformBlockBinding(prog, light0, 6));
   GL(glUniformBlockBinding(prog, light1, 5));
   QUAD();
   /* a second buffer for Shared: another tint */
   const float tint2[4] = {0.0f, 1.0f, 0.5f, 1.0f};
   uint8_t sh2[256] = {0};
   put_floats(sh2, sl.offset[0], tint2, 4);
   put_floats(sh2, sl.offset[1], &one, 1);
   GL(glBindBuffer(GL_UNIFORM_BUFFER, ub[1]));
   GL(glBufferData(GL_UNIFORM_BUFFER, sizeof(sh2), sh2, GL_STATIC_DRAW));
   GL(glBindBufferBase(GL_UNIFORM_BUFFER, 7, ub[1]));
   QUAD();
   /* the Extra block's buffer re-specified larger with new contents (same range) */
   GL(glBindBuffer(GL_UNIFORM_BUFFER, ub[0]));
   const float add2[4] = {0.0f, 0.0f, 0.25f, 0.0f};
   put_floats(ex, sl.offset[2], add2, 4);
   uint8_t big[256 * 8];
   memset(big, 0, sizeof(big));
   memcpy(big, data, sizeof(data));
   memcpy(big + 4 * stride + sl.offset[3], green, 16);
   GL(glBufferData(GL_UNIFORM_BUFFER, sizeof(big), big, GL_DYNAMIC_DRAW));
   QUAD();
   /* a second program of the same sources starts with every block on binding point 0: give
    * it points 0..4 (its block indices need not equal the first program's) */
   GLuint prog2 = scene_program(vs_src, fs_src, NULL);
   GL(glUseProgram(prog2));
   static const char *const bnames[5] = {"Xform", "Shared", "Extra", "Lights[0]", "Lights[1]"};
   for (int i = 0; i < 5; i++) {
      GLuint b2 = glGetUniformBlockIndex(prog2, bnames[i]);
      SCENE_CHECK(b2 != GL_INVALID_INDEX && block_param(prog2, b2, GL_UNIFORM_BLOCK_BINDING) == 0,
                  "%s: initial binding 0", bnames[i]);
      GL(glUniformBlockBinding(prog2, b2, (GLuint)i));
      GL(glBindBufferRange(GL_UNIFORM_BUFFER, (GLuint)i, ub[0], i * stride, stride));
   }
   QUAD();
   /* a deleted buffer unbinds from its indexed points: then rebinding ub[1] for Shared */
   GL(glBindBufferBase(GL_UNIFORM_BUFFER, 1, ub[1]));
   QUAD();
   GL(glBindVertexArray(0));
   GL(glDeleteBuffers(1, &vbo));
   GL(glDeleteVertexArrays(1, &vao));
   GL(glDeleteBuffers(2, ub));
   GL(glDeleteProgram(prog));
   GL(glDeleteProgram(prog2));
   return scene_finish(&s);
}
