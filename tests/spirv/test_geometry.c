/* Geometry shaders (GLSL 1.50 core): vs + gs + fs links generate valid SPIR-V, varyings
 * match across both interfaces (gs inputs arrayed, interface blocks by block name), the
 * execution modes are reflected, uniforms / samplers / blocks of the geometry stage carry its
 * stage bit, transform feedback moves to the geometry stage, GL's link errors, and hostile
 * blobs with a geometry module are refused. */
#include <GL/glcorearb.h>

#include "spv_test.h"

static const char vs[] =
   "#version 150 core\n"
   "in vec4 pos; in vec4 col;\n"
   "out vec4 v_col;\n"
   "out VsData { vec2 uv; float k; } vs_out;\n"
   "void main() { v_col = col; vs_out.uv = pos.xy; vs_out.k = 2.0; gl_Position = pos; }\n";
static const char gs[] =
   "#version 150 core\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 6) out;\n"
   "in vec4 v_col[];\n"
   "in VsData { vec2 uv; float k; } gs_in[];\n"
   "uniform float g_scale; uniform sampler2D g_tex;\n"
   "uniform GBlock { vec4 g_off; };\n"
   "out vec4 g_col; flat out int g_prim;\n"
   "void main() {\n"
   "  for (int c = 0; c < 2; c++) {\n"
   "    for (int i = 0; i < 3; i++) {\n"
   "      g_col = v_col[i] * gs_in[i].k + texture(g_tex, gs_in[i].uv);\n"
   "      g_prim = gl_PrimitiveIDIn;\n"
   "      gl_Position = gl_in[i].gl_Position * g_scale + g_off + vec4(float(c), 0.0, 0.0, 0.0);\n"
   "      EmitVertex();\n"
   "    }\n"
   "    EndPrimitive();\n"
   "  }\n"
   "}\n";
static const char fs[] =
   "#version 150 core\n"
   "in vec4 g_col; flat in int g_prim; out vec4 o;\n"
   "uniform GBlock { vec4 g_off; };\n"
   "void main() { o = g_col + g_off + vec4(float(g_prim + gl_PrimitiveID)); }\n";

/* vs + gs + fs on GL (tests/spirv/spv_test.h) */
static struct spv_program_info *
link3(const char *v, const char *g, const char *f, const struct spv_link_options *opts, char **log_out,
      void **blob_out, size_t *blob_size_out)
{
   return link_stages(SPV_API_GL, v, g, f, opts, log_out, blob_out, blob_size_out);
}

static void
expect_link_error(const char *v, const char *g, const char *f, const struct spv_link_options *opts,
                  const char *needle)
{
   char *log = NULL;
   struct spv_program_info *info = link3(v, g, f, opts, &log, NULL, NULL);
   CHECK(info == NULL);
   if (log && !strstr(log, needle)) {
      fprintf(stderr, "expected '%s' in link log:\n%s\n", needle, log);
      CHECK(false);
   }
   free(log);
   spv_program_info_free(info);
}

static const struct spv_uniform *
uniform_named(const struct spv_program_info *info, const char *name)
{
   for (uint32_t i = 0; i < info->uniform_count; i++)
      if (strcmp(info->uniforms[i].name, name) == 0)
         return &info->uniforms[i];
   return NULL;
}

static void
test_link(void)
{
   char *log = NULL;
   void *blob = NULL;
   size_t size = 0;
   struct spv_program_info *info = link3(vs, gs, fs, NULL, &log, &blob, &size);
   if (!info)
      fprintf(stderr, "link log:\n%s\n", log ? log : "");
   CHECK(info != NULL);
   free(log);
   if (!info)
      return;
   check_modules_valid(info);
   const uint32_t all = (1u << SPV_STAGE_VERTEX) | (1u << SPV_STAGE_FRAGMENT) | (1u << SPV_STAGE_GEOMETRY);
   CHECK_EQ(info->stage_mask, all);
   CHECK_EQ(info->gs_input, GL_TRIANGLES);
   CHECK_EQ(info->gs_output, GL_TRIANGLE_STRIP);
   CHECK_EQ(info->gs_max_vertices, 6);
   CHECK_EQ(info->gs_invocations, 1);
   /* Locations: the vertex outputs and the geometry inputs agree per name (blocks by block
    * name), the geometry outputs and the fragment inputs likewise. */
   const uint32_t *w[SPV_STAGE_COUNT];
   uint32_t n[SPV_STAGE_COUNT];
   for (int s = 0; s < SPV_STAGE_COUNT; s++) {
      w[s] = info->spirv[s];
      n[s] = info->spirv_words[s];
   }
   long vcol = spirv_decoration(w[0], n[0], "v_col", SPV_DEC_LOC);
   long vblk = spirv_decoration(w[0], n[0], "vs_out", SPV_DEC_LOC);
   CHECK(vcol >= 0 && vblk >= 0 && vcol != vblk);
   CHECK_EQ(spirv_decoration(w[SPV_STAGE_GEOMETRY], n[SPV_STAGE_GEOMETRY], "v_col", SPV_DEC_LOC), vcol);
   CHECK_EQ(spirv_decoration(w[SPV_STAGE_GEOMETRY], n[SPV_STAGE_GEOMETRY], "gs_in", SPV_DEC_LOC), vblk);
   long gcol = spirv_decoration(w[SPV_STAGE_GEOMETRY], n[SPV_STAGE_GEOMETRY], "g_col", SPV_DEC_LOC);
   long gprim = spirv_decoration(w[SPV_STAGE_GEOMETRY], n[SPV_STAGE_GEOMETRY], "g_prim", SPV_DEC_LOC);
   CHECK(gcol >= 0 && gprim >= 0 && gcol != gprim);
   CHECK_EQ(spirv_decoration(w[SPV_STAGE_FRAGMENT], n[SPV_STAGE_FRAGMENT], "g_col", SPV_DEC_LOC), gcol);
   CHECK_EQ(spirv_decoration(w[SPV_STAGE_FRAGMENT], n[SPV_STAGE_FRAGMENT], "g_prim", SPV_DEC_LOC), gprim);
   /* The geometry stage's uniforms, sampler and block carry its stage bit. */
   CHECK(uniform_named(info, "g_scale") != NULL);
   CHECK(info->default_block_stage_mask & (1u << SPV_STAGE_GEOMETRY));
   CHECK_EQ(info->sampler_count, 1);
   if (info->sampler_count)
      CHECK_EQ(info->samplers[0].stage_mask, 1u << SPV_STAGE_GEOMETRY);
   CHECK_EQ(info->block_count, 1);
   if (info->block_count)
      CHECK_EQ(info->blocks[0].stage_mask, (1u << SPV_STAGE_GEOMETRY) | (1u << SPV_STAGE_FRAGMENT));
   spv_program_info_free(info);

   /* Round trip: the blob parses again to the same geometry facts. */
   char err[256];
   struct spv_program_info *again = spv_blob_parse(blob, size, err, sizeof(err));
   CHECK(again != NULL);
   if (again) {
      CHECK_EQ(again->gs_max_vertices, 6);
      CHECK_EQ(again->spirv_words[SPV_STAGE_GEOMETRY] > 0, 1);
   }
   spv_program_info_free(again);
   free(blob);

   /* Without a geometry shader nothing geometric is reported. */
   static const char fs2[] = "#version 150 core\nin vec4 v_col; out vec4 o; void main() { o = v_col; }\n";
   info = link3(vs, NULL, fs2, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (info) {
      CHECK_EQ(info->stage_mask, (1u << SPV_STAGE_VERTEX) | (1u << SPV_STAGE_FRAGMENT));
      CHECK_EQ(info->gs_input, 0);
      CHECK_EQ(info->gs_max_vertices, 0);
   }
   spv_program_info_free(info);
}

/* Points in, other primitives out, invocations, adjacency. */
static void
test_modes(void)
{
   static const char vs1[] = "#version 150 core\nin vec4 pos; void main() { gl_Position = pos; }\n";
   static const char fs1[] = "#version 150 core\nout vec4 o; void main() { o = vec4(1.0); }\n";
   static const struct {
      const char *layout;
      uint32_t in, out, max;
   } cases[] = {
      {"layout(points) in; layout(points, max_vertices = 1) out;", GL_POINTS, GL_POINTS, 1},
      {"layout(lines) in; layout(line_strip, max_vertices = 2) out;", GL_LINES, GL_LINE_STRIP, 2},
      {"layout(lines_adjacency) in; layout(line_strip, max_vertices = 4) out;", GL_LINES_ADJACENCY, GL_LINE_STRIP, 4},
      {"layout(triangles_adjacency) in; layout(triangle_strip, max_vertices = 3) out;", GL_TRIANGLES_ADJACENCY,
       GL_TRIANGLE_STRIP, 3},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char g[512];
      snprintf(g, sizeof(g),
               "#version 150 core\n%s\n"
               "void main() { for (int i = 0; i < gl_in.length(); i++) { gl_Position = gl_in[i].gl_Position; "
               "EmitVertex(); } }\n",
               cases[i].layout);
      struct spv_program_info *info = link3(vs1, g, fs1, NULL, NULL, NULL, NULL);
      CHECK(info != NULL);
      if (!info)
         continue;
      check_modules_valid(info);
      CHECK_EQ(info->gs_input, cases[i].in);
      CHECK_EQ(info->gs_output, cases[i].out);
      CHECK_EQ(info->gs_max_vertices, cases[i].max);
      spv_program_info_free(info);
   }
   /* GLSL 4.00's invocations (a GL 4 program; the layout qualifier reflects). */
   static const char g400[] = "#version 400 core\nlayout(triangles, invocations = 3) in;\n"
                              "layout(triangle_strip, max_vertices = 3) out;\n"
                              "void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position "
                              "+ vec4(gl_InvocationID); EmitVertex(); } }\n";
   struct spv_program_info *info = link3(vs1, g400, fs1, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (info)
      CHECK_EQ(info->gs_invocations, 3);
   spv_program_info_free(info);
}

static void
test_link_errors(void)
{
   static const char vs1[] = "#version 150 core\nin vec4 pos; out vec3 v; void main() { v = pos.xyz; gl_Position = pos; }\n";
   static const char fs1[] = "#version 150 core\nin vec3 w; out vec4 o; void main() { o = vec4(w, 1.0); }\n";
   static const char body[] = "void main() { w = v[0]; gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
   char g[512];
   /* GLSL 1.50 spec, section 4.3.8.1/4.3.8.2: the input and output primitive and max_vertices
    * must be declared in the program's geometry shader. */
   snprintf(g, sizeof(g), "#version 150 core\nlayout(triangle_strip, max_vertices = 3) out;\nin vec3 v[]; out vec3 w;\n%s", body);
   expect_link_error(vs1, g, fs1, NULL, "input layout primitive");
   snprintf(g, sizeof(g), "#version 150 core\nlayout(triangles) in;\nin vec3 v[]; out vec3 w;\n%s", body);
   expect_link_error(vs1, g, fs1, NULL, "output layout primitive");
   snprintf(g, sizeof(g), "#version 150 core\nlayout(triangles) in; layout(triangle_strip) out;\nin vec3 v[]; out vec3 w;\n%s",
            body);
   expect_link_error(vs1, g, fs1, NULL, "max_vertices");
   /* A geometry input with no vertex output of its name, of another type; a fragment input
    * the geometry shader does not write. */
   snprintf(g, sizeof(g), "#version 150 core\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
                          "in vec3 q[]; out vec3 w;\nvoid main() { w = q[0]; gl_Position = vec4(0.0); EmitVertex(); }\n");
   expect_link_error(vs1, g, fs1, NULL, "not written by the vertex shader");
   snprintf(g, sizeof(g), "#version 150 core\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
                          "in vec4 v[]; out vec3 w;\nvoid main() { w = v[0].xyz; gl_Position = vec4(0.0); EmitVertex(); }\n");
   expect_link_error(vs1, g, fs1, NULL, "Types must match");
   snprintf(g, sizeof(g), "#version 150 core\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
                          "in vec3 v[]; out vec3 x;\nvoid main() { x = v[0]; gl_Position = vec4(0.0); EmitVertex(); }\n");
   expect_link_error(vs1, g, fs1, NULL, "not written by the geometry shader");
   /* Two geometry shaders cannot be attached... the link takes one per stage. */
   /* A geometry shader needs GLSL 1.50 core (compile error, so a link error here). */
   struct spv_shader *old = spv_compile(SPV_STAGE_GEOMETRY, SPV_API_GL, "#version 140\nvoid main() {}\n");
   CHECK(!spv_shader_ok(old));
   spv_shader_free(old);
   struct spv_shader *es = spv_compile(SPV_STAGE_GEOMETRY, SPV_API_GLES, "#version 300 es\nvoid main() {}\n");
   CHECK(!spv_shader_ok(es));
   spv_shader_free(es);
}

/* Transform feedback captures the geometry stage's outputs: whole outputs in place, built-ins
 * and array elements through copies made at each EmitVertex. */
static void
test_xfb(void)
{
   static const char vs1[] = "#version 150 core\nin vec4 pos; out vec4 v; void main() { v = pos * 2.0; gl_Position = pos; }\n";
   static const char gs1[] =
      "#version 150 core\nlayout(points) in; layout(points, max_vertices = 2) out;\n"
      "in vec4 v[]; out vec4 g; out float ga[2];\n"
      "void main() { for (int k = 0; k < 2; k++) { g = v[0] + vec4(k); ga[0] = float(k); ga[1] = 7.0;\n"
      "  gl_Position = gl_in[0].gl_Position; EmitVertex(); } }\n";
   static const char fs1[] = "#version 150 core\nin vec4 g; out vec4 o; void main() { o = g; }\n";
   static const char *const names[] = {"g", "gl_Position", "ga[1]"};
   struct spv_link_options o = {0};
   o.xfb_varyings = names;
   o.xfb_varying_count = 3;
   char *log = NULL;
   struct spv_program_info *info = link3(vs1, gs1, fs1, &o, &log, NULL, NULL);
   if (!info)
      fprintf(stderr, "xfb link log:\n%s\n", log ? log : "");
   free(log);
   CHECK(info != NULL);
   if (!info)
      return;
   check_modules_valid(info);
   CHECK_EQ(info->xfb_varying_count, 3);
   CHECK_EQ(info->xfb_strides[0], (4 + 4 + 1) * 4);
   /* The geometry module declares the Xfb execution mode, the vertex module does not. */
   CHECK(spirv_decoration(info->spirv[SPV_STAGE_GEOMETRY], info->spirv_words[SPV_STAGE_GEOMETRY], "g", 36) == 0);
   CHECK(spirv_decoration(info->spirv[SPV_STAGE_VERTEX], info->spirv_words[SPV_STAGE_VERTEX], "v", 36) == -1);
   spv_program_info_free(info);
   /* GL 3.3 core links without a fragment shader (capture with rasterizer discard). */
   info = link3(vs1, gs1, NULL, &o, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (info) {
      CHECK_EQ(info->stage_mask, (1u << SPV_STAGE_VERTEX) | (1u << SPV_STAGE_GEOMETRY));
      CHECK_EQ(info->output_count, 0);
      check_modules_valid(info);
   }
   spv_program_info_free(info);
   /* A name the geometry shader does not output (the vertex shader's own) fails. */
   static const char *const vnames[] = {"v"};
   o.xfb_varyings = vnames;
   o.xfb_varying_count = 1;
   expect_link_error(vs1, gs1, fs1, &o, "not a vertex shader output");

   /* gl_Layer and gl_PrimitiveID are geometry shader outputs (GLSL 1.50 section 7.1), captured
    * through copies (piglit's glsl-1.50 transform-feedback-builtins); a vertex shader has
    * neither. */
   static const char gs2[] =
      "#version 150 core\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
      "void main() { for (int i = 0; i < 3; i++) { gl_Layer = 2 * i + 1; gl_PrimitiveID = gl_PrimitiveIDIn + i;\n"
      "  gl_Position = gl_in[i].gl_Position; EmitVertex(); } EndPrimitive(); }\n";
   static const char *const bnames[] = {"gl_Layer", "gl_PrimitiveID"};
   o.xfb_varyings = bnames;
   o.xfb_varying_count = 2;
   o.xfb_separate = true;
   info = link3(vs1, gs2, NULL, &o, &log, NULL, NULL);
   if (!info)
      fprintf(stderr, "xfb built-ins link log:\n%s\n", log ? log : "");
   free(log);
   CHECK(info != NULL);
   if (info) {
      check_modules_valid(info);
      CHECK_EQ(info->xfb_varying_count, 2);
      CHECK_EQ(info->xfb_varyings[0].gl_type, GL_INT);
      CHECK_EQ(info->xfb_varyings[1].gl_type, GL_INT);
      CHECK_EQ(info->xfb_varyings[1].buffer, 1);
      CHECK_EQ(info->xfb_strides[0], 4);
      CHECK_EQ(info->xfb_strides[1], 4);
   }
   spv_program_info_free(info);
   o.xfb_varying_count = 1;
   expect_link_error(vs1, NULL, fs1, &o, "not a vertex shader output");
   o.xfb_varyings = bnames + 1;
   expect_link_error(vs1, NULL, fs1, &o, "not a vertex shader output");
}

/* Hostile blobs: a geometry module where the program has none, a geometry section of another
 * execution model, missing modes. */
static uint8_t *
find_section(uint8_t *b, uint32_t kind, uint32_t *size)
{
   uint32_t n, k, off;
   memcpy(&n, b + 12, 4);
   for (uint32_t i = 0; i < n; i++) {
      memcpy(&k, b + 16 + 12 * i, 4);
      if (k == kind) {
         memcpy(&off, b + 20 + 12 * i, 4);
         memcpy(size, b + 24 + 12 * i, 4);
         return b + off;
      }
   }
   return NULL;
}

static void
expect_refused(const uint8_t *b, size_t size, const char *needle)
{
   char err[256] = "";
   struct spv_program_info *info = spv_blob_parse(b, size, err, sizeof(err));
   CHECK(info == NULL);
   if (!info && !strstr(err, needle)) {
      fprintf(stderr, "expected '%s' in blob error: %s\n", needle, err);
      CHECK(false);
   }
   spv_program_info_free(info);
}

static void
test_hostile(void)
{
   void *blob = NULL;
   size_t size = 0;
   static const char vs1[] = "#version 150 core\nin vec4 pos; void main() { gl_Position = pos; }\n";
   static const char gs1[] = "#version 150 core\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
                             "void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; "
                             "EmitVertex(); } }\n";
   static const char fs1[] = "#version 150 core\nout vec4 o; void main() { o = vec4(1.0); }\n";
   struct spv_program_info *info = link3(vs1, gs1, fs1, NULL, NULL, &blob, &size);
   CHECK(info != NULL);
   spv_program_info_free(info);
   if (!blob)
      return;
   uint8_t *b = malloc(size);
   uint32_t gsize = 0, isize = 0;
   /* The INFO stage mask without geometry: the SPIR-V section is unexpected. */
   memcpy(b, blob, size);
   uint8_t *in = find_section(b, 1, &isize);
   uint32_t mask;
   memcpy(&mask, in, 4);
   mask &= ~(1u << SPV_STAGE_GEOMETRY);
   memcpy(in, &mask, 4);
   expect_refused(b, size, "unexpected");
   /* A stage bit past the geometry stage. */
   memcpy(b, blob, size);
   in = find_section(b, 1, &isize);
   mask = 0xf;
   memcpy(in, &mask, 4);
   expect_refused(b, size, "stage masks");
   /* The geometry module's entry point of another execution model (Vertex). */
   memcpy(b, blob, size);
   uint32_t *g = (uint32_t *)find_section(b, 16 + SPV_STAGE_GEOMETRY, &gsize);
   bool patched = false;
   for (uint32_t i = 5; g && i < gsize / 4 && (g[i] >> 16);) {
      if ((g[i] & 0xffff) == 15) {
         g[i + 1] = 0;
         patched = true;
      }
      i += g[i] >> 16;
   }
   CHECK(patched);
   expect_refused(b, size, "entry point");
   /* OutputVertices 0, then a second input primitive. */
   for (int variant = 0; variant < 3; variant++) {
      memcpy(b, blob, size);
      g = (uint32_t *)find_section(b, 16 + SPV_STAGE_GEOMETRY, &gsize);
      patched = false;
      for (uint32_t i = 5; g && i < gsize / 4 && (g[i] >> 16);) {
         if ((g[i] & 0xffff) == 16 && variant == 0 && g[i + 2] == 26) {
            g[i + 3] = 0;
            patched = true;
         } else if ((g[i] & 0xffff) == 16 && variant == 1 && g[i + 2] == 29) {
            g[i + 2] = 22; /* OutputTriangleStrip -> a second input mode (Triangles) */
            patched = true;
         } else if ((g[i] & 0xffff) == 16 && variant == 2 && g[i + 2] == 26) {
            g[i + 3] = 100000;
            patched = true;
         }
         i += g[i] >> 16;
      }
      CHECK(patched);
      expect_refused(b, size, "geometry stage");
   }
   free(b);
   free(blob);
}

/* Patches, in the module of `stage`, the length constant of every array type whose length is
 * `from` to `to`; the count of arrays patched. */
static int
patch_array_lengths(uint8_t *b, uint32_t stage, uint32_t from, uint32_t to)
{
   uint32_t size = 0;
   uint32_t *m = (uint32_t *)find_section(b, 16 + stage, &size), n = size / 4;
   int patched = 0;
   for (uint32_t i = 5; m && i < n && (m[i] >> 16); i += m[i] >> 16) {
      if ((m[i] & 0xffff) != 28 /* OpTypeArray */)
         continue;
      for (uint32_t j = 5; j < n && (m[j] >> 16); j += m[j] >> 16)
         if ((m[j] & 0xffff) == 43 /* OpConstant */ && (m[j] >> 16) == 4 && m[j + 2] == m[i + 3] && m[j + 3] == from) {
            m[j + 3] = to;
            patched++;
         }
   }
   return patched;
}

/* What the interface spans: the parser measures each stage's inputs and outputs in locations
 * and the clip-distance arrays, for the server to compare with its device (a fuzzed blob with
 * gl_ClipDistance of 2^25 floats had lavapipe's compiler allocate 4 GiB); gl_in of other than
 * the input primitive's vertices is refused. */
static void
test_interface_extent(void)
{
   static const char vs1[] = "#version 150 core\nin vec4 pos; out vec4 a; out mat3 m; out float f[5];\n"
                             "void main() { gl_Position = pos; a = pos; m = mat3(pos.x); f[4] = pos.y; }\n";
   static const char gs1[] = "#version 150 core\nlayout(triangles) in; layout(points, max_vertices = 1) out;\n"
                             "in vec4 a[]; in mat3 m[]; out vec4 c; out float gl_ClipDistance[2];\n"
                             "void main() { c = a[0] + vec4(m[1][0], 0.0); gl_Position = gl_in[0].gl_Position; "
                             "gl_ClipDistance[1] = 0.0; "
                             "EmitVertex(); }\n";
   static const char fs1[] = "#version 150 core\nin vec4 c; out vec4 o; void main() { o = c; }\n";
   void *blob = NULL;
   size_t size = 0;
   char *log = NULL;
   struct spv_program_info *info = link3(vs1, gs1, fs1, NULL, &log, &blob, &size);
   if (!info)
      fprintf(stderr, "link: %s\n", log ? log : "");
   free(log);
   CHECK(info != NULL);
   spv_program_info_free(info);
   if (!blob)
      return;
   char err[256] = "";
   info = spv_blob_parse(blob, size, err, sizeof(err));
   CHECK(info != NULL);
   if (info) {
      CHECK(info->iface_end[SPV_STAGE_VERTEX][0] == 1);
      CHECK(info->iface_end[SPV_STAGE_VERTEX][1] == 1 + 3 + 5);
      CHECK(info->iface_end[SPV_STAGE_GEOMETRY][0] == 1 + 3); /* per vertex */
      CHECK(info->iface_end[SPV_STAGE_GEOMETRY][1] == 1);
      CHECK(info->iface_end[SPV_STAGE_FRAGMENT][0] == 1 && info->iface_end[SPV_STAGE_FRAGMENT][1] == 1);
      CHECK(info->clip_array_max == 2);
   }
   spv_program_info_free(info);
   uint8_t *b = malloc(size);
   /* the vertex stage's f and the geometry stage's gl_ClipDistance made 2^25 long: measured,
    * saturated (the server refuses both against its device) */
   memcpy(b, blob, size);
   CHECK(patch_array_lengths(b, SPV_STAGE_VERTEX, 5, 1u << 25) >= 1);
   CHECK(patch_array_lengths(b, SPV_STAGE_GEOMETRY, 2, 1u << 25) >= 1);
   info = spv_blob_parse(b, size, err, sizeof(err));
   CHECK(info != NULL);
   if (info)
      CHECK(info->iface_end[SPV_STAGE_VERTEX][1] >= (1u << 20) && info->clip_array_max >= (1u << 20));
   spv_program_info_free(info);
   /* gl_in and the geometry inputs of 7 vertices where triangles have 3 */
   memcpy(b, blob, size);
   CHECK(patch_array_lengths(b, SPV_STAGE_GEOMETRY, 3, 7) >= 1);
   expect_refused(b, size, "input variable");
   free(b);
   free(blob);
}

int
main(void)
{
   test_link();
   test_modes();
   test_link_errors();
   test_xfb();
   test_hostile();
   test_interface_extent();
   return check_done("spirv_geometry");
}
