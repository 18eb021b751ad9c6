/* Varyings declared in different orders in the two stages get the same location by name
 * (glslang auto-maps each stage on its own; spv_link rewrites both sides). */
#include "spv_test.h"

static void
check_pairs(const struct spv_program_info *info, const char *const *names, const uint32_t *slots, int n)
{
   long loc[16];
   for (int i = 0; i < n; i++) {
      long v = spirv_decoration(info->spirv[0], info->spirv_words[0], names[i], SPV_DEC_LOC);
      long f = spirv_decoration(info->spirv[1], info->spirv_words[1], names[i], SPV_DEC_LOC);
      if (v != f)
         fprintf(stderr, "varying %s: vertex location %ld, fragment location %ld\n", names[i], v, f);
      CHECK(v >= 0);
      CHECK_EQ(v, f);
      loc[i] = v;
   }
   /* no two varyings overlap */
   for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
         if (i != j)
            CHECK(loc[j] >= loc[i] + (long)slots[i] || loc[i] >= loc[j] + (long)slots[j]);
}

static void
test_es300(void)
{
   static const char vs[] =
      "#version 300 es\n"
      "in vec4 p;\n"
      "out vec2 a;\n"
      "out float b;\n"
      "out vec4 c;\n"
      "out mat2 d;\n"
      "flat out int e;\n"
      "out vec3 only_vs;\n"
      "void main() { e = 3; d = mat2(p); only_vs = p.xyz; c = p; b = p.x; a = p.xy; gl_Position = p; }\n";
   static const char fs[] =
      "#version 300 es\n"
      "precision mediump float;\n"
      "flat in int e;\n"
      "in vec4 c;\n"
      "in mat2 d;\n"
      "in vec2 a;\n"
      "in float b;\n"
      "in vec4 unused_in;\n" /* no vertex output, not statically used: links */
      "out vec4 o;\n"
      "void main() { o = vec4(a, b, float(e)) + c + vec4(d[0], d[1]); }\n";
   struct spv_program_info *info = link_program(SPV_API_GLES, vs, fs, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      return;
   check_modules_valid(info);
   static const char *const names[] = {"a", "b", "c", "d", "e"};
   static const uint32_t slots[] = {1, 1, 1, 2, 1};
   check_pairs(info, names, slots, 5);
   /* the unmatched ones do not collide with the matched ones */
   long only_vs = spirv_decoration(info->spirv[0], info->spirv_words[0], "only_vs", SPV_DEC_LOC);
   long unused = spirv_decoration(info->spirv[1], info->spirv_words[1], "unused_in", SPV_DEC_LOC);
   CHECK(only_vs >= 0 && unused >= 0 && only_vs != unused);
   for (int i = 0; i < 5; i++) {
      long l = spirv_decoration(info->spirv[1], info->spirv_words[1], names[i], SPV_DEC_LOC);
      CHECK(unused < l || unused >= l + (long)slots[i]);
   }
   spv_program_info_free(info);
}

static void
test_es100(void)
{
   static const char vs[] =
      "attribute vec4 p;\n"
      "varying vec4 z;\n"
      "varying vec2 y;\n"
      "varying float x;\n"
      "void main() { x = p.x; y = p.xy; z = p; gl_Position = p; }\n";
   static const char fs[] =
      "precision mediump float;\n"
      "varying float x;\n"
      "varying vec4 z;\n"
      "varying vec2 y;\n"
      "void main() { gl_FragColor = vec4(y, x, 1.0) * z; }\n";
   struct spv_program_info *info = link_program(SPV_API_GLES, vs, fs, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      return;
   check_modules_valid(info);
   static const char *const names[] = {"x", "y", "z"};
   static const uint32_t slots[] = {1, 1, 1};
   check_pairs(info, names, slots, 3);
   spv_program_info_free(info);
}

static void
test_gl330(void)
{
   static const char vs[] =
      "#version 330 core\n"
      "in vec4 p;\n"
      "out VS_DATA_NONE { vec4 unused; } blk_none;\n"
      "out float q;\n"
      "out vec3 r[2];\n"
      "void main() { r[1] = p.xyz; r[0] = p.zyx; q = p.w; blk_none.unused = p; gl_Position = p; }\n";
   static const char fs[] =
      "#version 330 core\n"
      "in vec3 r[2];\n"
      "in float q;\n"
      "out vec4 o;\n"
      "void main() { o = vec4(r[0] + r[1], q); }\n";
   struct spv_program_info *info = link_program(SPV_API_GL, vs, fs, NULL, NULL, NULL, NULL);
   CHECK(info != NULL);
   if (!info)
      return;
   check_modules_valid(info);
   static const char *const names[] = {"q", "r"};
   static const uint32_t slots[] = {1, 2};
   check_pairs(info, names, slots, 2);
   spv_program_info_free(info);
}

int
main(void)
{
   test_es300();
   test_es100();
   test_gl330();
   return check_done("spirv_varyings");
}
