/* Transform feedback at link time: the layout of captured varyings, the link errors of
 * OpenGL ES 3.0 section 2.11.3, Vulkan-valid decorated modules, and the blob's XFB section
 * (round trip and hostile values). */
#include <GL/glcorearb.h>

#include "spv_test.h"

static const char vs[] =
   "#version 300 es\n"
   "in vec4 p;\n"
   "out vec2 a;\n"
   "out float b[3];\n"
   "flat out ivec3 c;\n"
   "out mat2 m;\n"
   "void main() { a = p.xy; b[0] = p.x; b[1] = p.y; b[2] = p.z; c = ivec3(p.xyz); m = mat2(p);\n"
   "              gl_Position = p; gl_PointSize = 2.0; }\n";
static const char fs[] =
   "#version 300 es\n"
   "precision mediump float;\n"
   "in vec2 a;\n"
   "out vec4 o;\n"
   "void main() { o = vec4(a, 0.0, 1.0); }\n";

static struct spv_program_info *
link_xfb(const char *const *names, uint32_t n, bool separate, char **log, void **blob, size_t *size)
{
   struct spv_link_options o = {.xfb_varyings = names, .xfb_varying_count = n, .xfb_separate = separate};
   return link_program(SPV_API_GLES, vs, fs, &o, log, blob, size);
}

static void
test_interleaved(void)
{
   static const char *const names[] = {"gl_Position", "b", "c", "b[1]" /* overlaps b */};
   char *log = NULL;
   struct spv_program_info *info = link_xfb(names, 4, false, &log, NULL, NULL);
   CHECK(info == NULL);
   CHECK(log && strstr(log, "more than once"));
   free(log);

   static const char *const ok_names[] = {"gl_Position", "b", "c", "m", "a", "gl_PointSize"};
   void *blob = NULL;
   size_t size = 0;
   info = link_xfb(ok_names, 6, false, &log, &blob, &size);
   if (!info)
      fprintf(stderr, "%s\n", log);
   CHECK(info != NULL);
   free(log);
   if (!info)
      return;
   check_modules_valid(info);
   CHECK_EQ(info->xfb_varying_count, 6);
   CHECK_EQ(info->xfb_separate, 0);
   static const uint32_t types[] = {GL_FLOAT_VEC4, GL_FLOAT, GL_INT_VEC3, GL_FLOAT_MAT2, GL_FLOAT_VEC2, GL_FLOAT};
   static const uint32_t sizes[] = {1, 3, 1, 1, 1, 1};
   static const uint32_t offsets[] = {0, 16, 28, 40, 56, 64};
   for (uint32_t i = 0; i < 6; i++) {
      CHECK(!strcmp(info->xfb_varyings[i].name, ok_names[i]));
      CHECK_EQ(info->xfb_varyings[i].gl_type, types[i]);
      CHECK_EQ(info->xfb_varyings[i].size, sizes[i]);
      CHECK_EQ(info->xfb_varyings[i].offset, offsets[i]);
      CHECK_EQ(info->xfb_varyings[i].buffer, 0);
   }
   CHECK_EQ(info->xfb_strides[0], 68);
   CHECK_EQ(info->xfb_strides[1], 0);
   spv_program_info_free(info);

   /* Hostile XFB sections: find the section and break one field at a time. */
   uint8_t *b = blob;
   uint32_t nsec, off = 0;
   memcpy(&nsec, b + 12, 4);
   for (uint32_t i = 0; i < nsec; i++) {
      uint32_t kind;
      memcpy(&kind, b + 16 + 12 * i, 4);
      if (kind == 8)
         memcpy(&off, b + 20 + 12 * i, 4);
   }
   CHECK(off != 0);
   static const struct { uint32_t word, value; } bad[] = {
      {0, 0},          /* count 0 with a section */
      {0, 7},          /* count does not match the size */
      {1, 2},          /* separate not 0/1 */
      {2, 66},         /* stride not a multiple of 4 */
      {2, 64},         /* a varying past its stride */
      {3, 16},         /* a stride without varyings */
      {2, 4096},       /* stride past the blob limit */
      {6 + 6 * 1 + 3, 1},  /* interleaved varying in buffer 1 */
      {6 + 6 * 2 + 4, 30}, /* offset not a multiple of 4 */
      {6 + 6 * 3 + 5, 5},  /* components do not match the type */
      {6 + 6 * 0 + 1, 0x1234}, /* not a capturable type */
      {6 + 6 * 0 + 0, 0xffffff}, /* name outside the strings */
   };
   for (size_t k = 0; off && k < sizeof(bad) / sizeof(bad[0]); k++) {
      uint8_t *copy = malloc(size);
      memcpy(copy, blob, size);
      memcpy(copy + off + 4 * bad[k].word, &bad[k].value, 4);
      char err[256] = "";
      struct spv_program_info *x = spv_blob_parse(copy, size, err, sizeof(err));
      if (x)
         fprintf(stderr, "hostile XFB case %zu accepted\n", k);
      CHECK(x == NULL);
      spv_program_info_free(x);
      free(copy);
   }
   free(blob);
}

static void
test_separate(void)
{
   static const char *const names[] = {"a", "b[2]", "gl_Position"};
   char *log = NULL;
   struct spv_program_info *info = link_xfb(names, 3, true, &log, NULL, NULL);
   if (!info)
      fprintf(stderr, "%s\n", log);
   CHECK(info != NULL);
   free(log);
   if (!info)
      return;
   check_modules_valid(info);
   CHECK_EQ(info->xfb_separate, 1);
   CHECK_EQ(info->xfb_strides[0], 8);
   CHECK_EQ(info->xfb_strides[1], 4);
   CHECK_EQ(info->xfb_strides[2], 16);
   CHECK_EQ(info->xfb_strides[3], 0);
   CHECK_EQ(info->xfb_varyings[1].buffer, 1);
   CHECK_EQ(info->xfb_varyings[1].gl_type, GL_FLOAT);
   CHECK_EQ(info->xfb_varyings[1].size, 1);
   spv_program_info_free(info);

   /* Link errors. */
   static const struct { const char *names[5]; uint32_t n; bool separate; const char *why; } errs[] = {
      {{"nope"}, 1, false, "not a vertex shader output"},
      {{"b[3]"}, 1, false, "out of range"},
      {{"a[0]"}, 1, false, "out of range"},
      {{"gl_Position[0]"}, 1, false, "not an array"},
      {{"a", "a"}, 2, false, "more than once"},
      {{"b"}, 1, true, "SEPARATE_COMPONENTS"},   /* 3 floats fit; m (4) fits; ... */
      {{"a", "b[0]", "c", "m", "gl_Position"}, 5, true, "separate"},
      {{"b[ 1]"}, 1, false, "not a vertex shader output"},
   };
   for (size_t k = 0; k < sizeof(errs) / sizeof(errs[0]); k++) {
      struct spv_link_options o = {.xfb_varyings = errs[k].names, .xfb_varying_count = errs[k].n,
                                   .xfb_separate = errs[k].separate, .xfb_max_separate_components = 2};
      struct spv_program_info *x = link_program(SPV_API_GLES, vs, fs, &o, &log, NULL, NULL);
      if (x || !log || !strstr(log, errs[k].why))
         fprintf(stderr, "case %zu: want '%s', log '%s'\n", k, errs[k].why, log ? log : "");
      CHECK(x == NULL);
      CHECK(log && strstr(log, errs[k].why));
      spv_program_info_free(x);
      free(log);
   }
}

/* Struct and interface-block members ("v.a", "v[1].b[2]", "Blk.s.x"): each is captured
 * through a copy with the member's type; a whole array member has its length as size; a
 * structure, an array of structures without an index and a missing member are link errors. */
static const char vs_struct[] =
   "#version 150\n"
   "struct S { float a; ivec2 d[3]; };\n"
   "struct U { S e; vec3 f; };\n"
   "in vec4 p;\n"
   "flat out S v;\n"
   "flat out S w[2];\n"
   "out Blk { flat U u; } blk;\n"
   "out Bare { vec2 g; };\n"
   "void main() { v.a = p.x; v.d = ivec2[3](ivec2(1), ivec2(2), ivec2(3)); w[0] = v; w[1] = v;\n"
   "              blk.u.e = v; blk.u.f = p.xyz; g = p.zw; gl_Position = p; }\n";
static const char fs_struct[] =
   "#version 150\n"
   "out vec4 o;\n"
   "void main() { o = vec4(1.0); }\n";

static void
test_struct_members(void)
{
   static const char *const names[] = {"v.a", "v.d", "w[1].d[2]", "Blk.u.e.a", "Blk.u.f", "Bare.g"};
   char *log = NULL;
   struct spv_link_options o = {.xfb_varyings = names, .xfb_varying_count = 6};
   struct spv_program_info *info = link_program(SPV_API_GL, vs_struct, fs_struct, &o, &log, NULL, NULL);
   if (!info)
      fprintf(stderr, "%s\n", log);
   CHECK(info != NULL);
   free(log);
   if (info) {
      check_modules_valid(info);
      static const uint32_t types[] = {GL_FLOAT, GL_INT_VEC2, GL_INT_VEC2, GL_FLOAT, GL_FLOAT_VEC3, GL_FLOAT_VEC2};
      static const uint32_t sizes[] = {1, 3, 1, 1, 1, 1};
      static const uint32_t offsets[] = {0, 4, 28, 36, 40, 52};
      CHECK_EQ(info->xfb_varying_count, 6);
      for (uint32_t i = 0; i < 6 && i < info->xfb_varying_count; i++) {
         CHECK(!strcmp(info->xfb_varyings[i].name, names[i]));
         CHECK_EQ(info->xfb_varyings[i].gl_type, types[i]);
         CHECK_EQ(info->xfb_varyings[i].size, sizes[i]);
         CHECK_EQ(info->xfb_varyings[i].offset, offsets[i]);
      }
      CHECK_EQ(info->xfb_strides[0], 60);
      spv_program_info_free(info);
   }
   static const struct { const char *names[2]; uint32_t n; const char *why; } errs[] = {
      {{"v"}, 1, "cannot be captured"},
      {{"w.a"}, 1, "not a vertex shader output"},
      {{"w[0]"}, 1, "cannot be captured"},
      {{"v.nope"}, 1, "not a vertex shader output"},
      {{"v.d[3]"}, 1, "not a vertex shader output"},
      {{"Blk.u"}, 1, "not a vertex shader output"},
      {{"v.d", "v.d[1]"}, 2, "more than once"},
   };
   for (size_t k = 0; k < sizeof(errs) / sizeof(errs[0]); k++) {
      struct spv_link_options eo = {.xfb_varyings = errs[k].names, .xfb_varying_count = errs[k].n};
      struct spv_program_info *x = link_program(SPV_API_GL, vs_struct, fs_struct, &eo, &log, NULL, NULL);
      if (x || !log || !strstr(log, errs[k].why))
         fprintf(stderr, "struct case %zu: want '%s', log '%s'\n", k, errs[k].why, log ? log : "");
      CHECK(x == NULL);
      CHECK(log && strstr(log, errs[k].why));
      spv_program_info_free(x);
      free(log);
   }
}


/* Copies are packed: the components of copied varyings that follow each other in a buffer go
 * four to an output (piglit's structs array-struct-array-elem: 20 locations of struct array
 * plus 20 captured ints must fit the vertex stage's 32 locations), floating-point and integer
 * components apart, int and uint together; a varying captured in place ends a run. */
static const char vs_pack[] =
   "#version 150\n"
   "struct S { int a[2]; uint b[3]; };\n"
   "in vec4 p;\n"
   "flat out S v[4];\n"
   "out float f;\n"
   "out vec3 g[2];\n"
   "void main() { for (int i = 0; i < 4; i++) { v[i].a[0] = i; v[i].a[1] = -i; v[i].b = uint[3](1u, 2u, 3u); }\n"
   "              f = p.x; g[0] = p.xyz; g[1] = p.yzw; gl_Position = p; }\n";

static void
test_packed(void)
{
   const char *names[23];
   char buf[20][16];
   uint32_t n = 0;
   for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 5; j++) {
         snprintf(buf[n], sizeof(buf[n]), j < 2 ? "v[%d].a[%d]" : "v[%d].b[%d]", i, j < 2 ? j : j - 2);
         names[n] = buf[n];
         n++;
      }
   }
   names[n++] = "g[1]";        /* float run of 3 + 4: vec4, vec3 */
   names[n++] = "gl_Position";
   names[n++] = "f";           /* in place */
   char *log = NULL;
   struct spv_link_options o = {.xfb_varyings = names, .xfb_varying_count = n};
   struct spv_program_info *info = link_program(SPV_API_GL, vs_pack, fs_struct, &o, &log, NULL, NULL);
   if (!info)
      fprintf(stderr, "%s\n", log);
   CHECK(info != NULL);
   free(log);
   if (!info)
      return;
   check_modules_valid(info);
   CHECK_EQ(info->xfb_varying_count, 23);
   CHECK_EQ(info->xfb_strides[0], (20 + 3 + 4 + 1) * 4);
   CHECK_EQ(info->xfb_varyings[20].gl_type, GL_FLOAT_VEC3);
   CHECK_EQ(info->xfb_varyings[22].offset, 27 * 4);
   const uint32_t *w = info->spirv[SPV_STAGE_VERTEX];
   uint32_t nw = info->spirv_words[SPV_STAGE_VERTEX];
   /* 20 ints in 5 outputs at 16-byte steps, then g[1] and gl_Position as vec4 + vec3 */
   static const long offsets[] = {0, 16, 32, 48, 64, 80, 96};
   for (uint32_t k = 0; k < 7; k++) {
      char name[32];
      snprintf(name, sizeof(name), "sgl__xfb%u", k);
      CHECK_EQ(spirv_decoration(w, nw, name, 35), offsets[k]);
   }
   CHECK_EQ(spirv_decoration(w, nw, "sgl__xfb7", 35), -1);
   CHECK_EQ(spirv_decoration(w, nw, "f", 35), 27 * 4);
   spv_program_info_free(info);

   /* Integer components between floating-point ones: three runs. */
   static const char *const mixed[] = {"g[0]", "v[1].a[1]", "v[2].b[2]", "g[1]", "f"};
   o.xfb_varyings = mixed;
   o.xfb_varying_count = 5;
   info = link_program(SPV_API_GL, vs_pack, fs_struct, &o, &log, NULL, NULL);
   if (!info)
      fprintf(stderr, "%s\n", log);
   CHECK(info != NULL);
   free(log);
   if (!info)
      return;
   check_modules_valid(info);
   w = info->spirv[SPV_STAGE_VERTEX];
   nw = info->spirv_words[SPV_STAGE_VERTEX];
   CHECK_EQ(spirv_decoration(w, nw, "sgl__xfb0", 35), 0);  /* g[0]: vec3 */
   CHECK_EQ(spirv_decoration(w, nw, "sgl__xfb1", 35), 12); /* int + uint: ivec2 */
   CHECK_EQ(spirv_decoration(w, nw, "sgl__xfb2", 35), 20); /* g[1]: vec3 */
   CHECK_EQ(spirv_decoration(w, nw, "sgl__xfb3", 35), -1);
   CHECK_EQ(spirv_decoration(w, nw, "f", 35), 32);
   spv_program_info_free(info);

   /* Separate buffers: one run per buffer. */
   o.xfb_separate = true;
   o.xfb_varying_count = 4;
   info = link_program(SPV_API_GL, vs_pack, fs_struct, &o, &log, NULL, NULL);
   CHECK(info != NULL);
   free(log);
   if (info) {
      check_modules_valid(info);
      w = info->spirv[SPV_STAGE_VERTEX];
      nw = info->spirv_words[SPV_STAGE_VERTEX];
      for (uint32_t k = 0; k < 4; k++) {
         char name[32];
         snprintf(name, sizeof(name), "sgl__xfb%u", k);
         CHECK_EQ(spirv_decoration(w, nw, name, 35), 0);
         CHECK_EQ(spirv_decoration(w, nw, name, 36 /* XfbBuffer */), k);
      }
   }
   spv_program_info_free(info);
}


/* gl_ClipDistance: the whole array (its length as the shader sizes it) or an element, copied
 * before the stores that emulate disabled GL_CLIP_DISTANCEi. */
static void
test_clip_distance(void)
{
   static const char vs_clip[] =
      "#version 150\n"
      "in vec4 p;\n"
      "void main() { gl_Position = p; gl_ClipDistance[0] = p.x; gl_ClipDistance[2] = p.y; }\n";
   static const char vs_noclip[] = "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
   static const char *const names[] = {"gl_Position", "gl_ClipDistance"};
   char *log = NULL;
   struct spv_link_options o = {.xfb_varyings = names, .xfb_varying_count = 2};
   struct spv_program_info *info = link_program(SPV_API_GL, vs_clip, fs_struct, &o, &log, NULL, NULL);
   if (!info)
      fprintf(stderr, "%s\n", log);
   CHECK(info != NULL);
   free(log);
   if (info) {
      check_modules_valid(info);
      CHECK_EQ(info->xfb_varyings[1].gl_type, GL_FLOAT);
      CHECK_EQ(info->xfb_varyings[1].size, 3);
      CHECK_EQ(info->xfb_varyings[1].offset, 16);
      CHECK_EQ(info->xfb_strides[0], 28);
   }
   spv_program_info_free(info);
   static const char *const elem[] = {"gl_ClipDistance[2]"};
   o.xfb_varyings = elem;
   o.xfb_varying_count = 1;
   info = link_program(SPV_API_GL, vs_clip, fs_struct, &o, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (info) {
      CHECK_EQ(info->xfb_varyings[0].size, 1);
      CHECK_EQ(info->xfb_strides[0], 4);
   }
   spv_program_info_free(info);
   static const struct { const char *vs, *name, *why; } errs[] = {
      {vs_clip, "gl_ClipDistance[3]", "index out of range"},
      {vs_noclip, "gl_ClipDistance", "not a vertex shader output"},
      {vs_clip, "gl_Position[0]", "not an array"},
   };
   for (size_t k = 0; k < sizeof(errs) / sizeof(errs[0]); k++) {
      struct spv_link_options eo = {.xfb_varyings = &errs[k].name, .xfb_varying_count = 1};
      struct spv_program_info *x = link_program(SPV_API_GL, errs[k].vs, fs_struct, &eo, &log, NULL, NULL);
      if (x || !log || !strstr(log, errs[k].why))
         fprintf(stderr, "clip case %zu: want '%s', log '%s'\n", k, errs[k].why, log ? log : "");
      CHECK(x == NULL);
      CHECK(log && strstr(log, errs[k].why));
      spv_program_info_free(x);
      free(log);
   }
}

int
main(void)
{
   test_interleaved();
   test_separate();
   test_struct_members();
   test_packed();
   test_clip_distance();
   return check_done("test_spirv_xfb");
}
