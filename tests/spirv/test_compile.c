/* spv_compile: the GL compile status and info log (pass 1, the shader's own version). */
#include "spv_test.h"

static void
expect(enum spv_stage st, enum spv_api api, const char *src, bool ok)
{
   struct spv_shader *sh = spv_compile(st, api, src);
   CHECK(sh != NULL);
   if (!sh)
      return;
   if (spv_shader_ok(sh) != ok)
      fprintf(stderr, "unexpected status for:\n%s\nlog:\n%s\n", src, spv_shader_info_log(sh));
   CHECK_EQ(spv_shader_ok(sh), ok);
   CHECK(spv_shader_info_log(sh) != NULL);
   if (!ok) {
      CHECK(strlen(spv_shader_info_log(sh)) > 0);
      CHECK(strstr(spv_shader_info_log(sh), "ERROR") != NULL);
   }
   spv_shader_free(sh);
}

int
main(void)
{
   const enum spv_stage V = SPV_STAGE_VERTEX, F = SPV_STAGE_FRAGMENT;
   struct spv_shader *sh;
   expect(V, SPV_API_GLES, "#version 300 es\nin vec4 p; void main(){ gl_Position = p; }\n", true);
   expect(V, SPV_API_GLES, "attribute vec4 p; void main(){ gl_Position = p; }\n", true);
   expect(F, SPV_API_GLES, "precision mediump float; void main(){ gl_FragColor = vec4(1.0); }\n", true);
   expect(V, SPV_API_GLES, "/* c */ // c\n#version 100\nattribute vec4 p; void main(){ gl_Position = p; }\n", true);
   /* undeclared identifier, type errors, syntax errors */
   expect(F, SPV_API_GLES, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main(){ o = vec4(x); }\n", false);
   expect(F, SPV_API_GLES, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main(){ o = 1; }\n", false);
   expect(V, SPV_API_GLES, "#version 300 es\nvoid main() { gl_Position = vec4(1.0) }\n", false);
   /* ESSL 1.00 features are gone in 3.00 */
   expect(V, SPV_API_GLES, "#version 300 es\nattribute vec4 p; void main(){ gl_Position = p; }\n", false);
   /* ES 1.00 fragment shaders have no default float precision */
   expect(F, SPV_API_GLES, "varying vec4 c; void main(){ gl_FragColor = c; }\n", false);
   /* versions per API */
   expect(V, SPV_API_GLES, "#version 330\nin vec4 p; void main(){ gl_Position = p; }\n", false);
   expect(V, SPV_API_GL, "#version 300 es\nin vec4 p; void main(){ gl_Position = p; }\n", false);
   /* 1.10 - 1.30 are supported in core contexts (as Mesa does), without their compatibility
    * built-ins; 1.10 (no #version) has no global `in` */
   expect(V, SPV_API_GL, "#version 130\nin vec4 p; void main(){ gl_Position = p; }\n", true);
   expect(V, SPV_API_GL, "#version 120\nattribute vec4 p; void main(){ gl_Position = p; }\n", true);
   expect(V, SPV_API_GL, "attribute vec4 p; void main(){ gl_Position = p; }\n", true);
   expect(V, SPV_API_GL, "in vec4 p; void main(){ gl_Position = p; }\n", false);
   expect(V, SPV_API_GL, "#version 110\nvoid main(){ gl_Position = ftransform(); }\n", false);
   expect(V, SPV_API_GL, "#version 120\nvoid main(){ gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; }\n", false);
   expect(F, SPV_API_GL, "#version 130\nvoid main(){ gl_FragColor = gl_Color; }\n", false);
   expect(V, SPV_API_GL, "#version 100\nattribute vec4 p; void main(){ gl_Position = p; }\n", false);
   /* gl_FragCoord redeclared: GLSL 1.50, or ARB_fragment_coord_conventions below it */
   expect(F, SPV_API_GL, "#version 130\n#extension GL_ARB_fragment_coord_conventions : require\n"
                         "layout(pixel_center_integer) in vec4 gl_FragCoord;\nout vec4 o;\n"
                         "void main(){ o = gl_FragCoord; }\n", true);
   expect(F, SPV_API_GL, "#version 130\nlayout(pixel_center_integer) in vec4 gl_FragCoord;\nout vec4 o;\n"
                         "void main(){ o = gl_FragCoord; }\n", false);
   /* structure names starting with gl_ are reserved identifiers too (glslang lets them by) */
   expect(V, SPV_API_GL, "struct gl_S { vec4 a; };\nvoid main(){ gl_Position = vec4(0.0); }\n", false);
   expect(V, SPV_API_GL, "#version 330 core\nstruct gl_S { vec4 a; };\nvoid main(){ gl_Position = vec4(0.0); }\n",
          false);
   expect(V, SPV_API_GLES, "#version 300 es\nstruct gl_S { vec4 a; };\nvoid main(){ gl_Position = vec4(0.0); }\n",
          false);
   expect(V, SPV_API_GL, "#version 140\nin vec4 p; void main(){ gl_Position = p; }\n", true);
   expect(V, SPV_API_GL, "#version 330 core\nlayout(location = 1) in vec4 p; void main(){ gl_Position = p; }\n", true);
   expect(F, SPV_API_GL, "#version 330 core\nout vec4 o; void main(){ o = texture2D(1.0); }\n", false);
   /* core contexts: no compatibility built-ins at #version 140, no compatibility profile */
   expect(F, SPV_API_GL, "#version 140\nout vec4 o; void main(){ o = gl_FrontMaterial.diffuse; }\n", false);
   expect(F, SPV_API_GL, "#version 140\nout vec4 o; void main(){ o = gl_TexCoord[0]; }\n", false);
   expect(V, SPV_API_GL, "#version 140\nvoid main(){ gl_Position = ftransform(); }\n", false);
   expect(V, SPV_API_GL, "#version 140\nvoid main(){ gl_Position = gl_ModelViewMatrix * gl_Vertex; }\n", false);
   expect(F, SPV_API_GL, "#version 140\nout vec4 o; void main(){ o = vec4(gl_Fog.density); }\n", false);
   expect(F, SPV_API_GL, "#version 150 compatibility\nvoid main(){ gl_FragColor = vec4(1.0); }\n", false);
   /* still there: deprecated, not removed */
   expect(F, SPV_API_GL, "#version 140\nuniform sampler2D s; void main(){ gl_FragColor = texture2D(s, vec2(0.5)); }\n",
          true);
   expect(F, SPV_API_GL, "#version 140\n#define gl_Foo 1\nout vec4 o; void main(){ float fog_Fog = 1.0; o = vec4(fog_Fog); }\n",
          true);

   /* __VERSION__, __LINE__ and __FILE__ are defined macros (glslang's `defined` says no) */
   expect(F, SPV_API_GL, "// c\n#version 150\n#if !defined __VERSION__\n#error no\n#endif\n"
                         "#if !defined( __LINE__ ) || !defined(__FILE__) || __VERSION__ != 150\n#error no\n#endif\n"
                         "#if defined __VERSION_ || defined __VERSION__x\n#error no\n#endif\n"
                         "out vec4 o; void main(){ o = vec4(__LINE__ == 9 ? 1.0 : 0.0); }\n", true);
   expect(F, SPV_API_GLES, "#version 300 es\n#if defined(__VERSION__) && defined __LINE__\n#else\n#error no\n#endif\n"
                           "precision mediump float; out vec4 o; void main(){ o = vec4(1.0); }\n", true);
   expect(F, SPV_API_GLES, "#version 300 es\n#ifdef __VERSION__\n#error __VERSION__ is defined\n#endif\n#ifndef __LINE__\n#else\n#error x\n#endif\n"
                           "precision mediump float; out vec4 o; void main(){ o = vec4(1.0); }\n", false);

   expect(F, SPV_API_GL, "#version 330\n#ifndef __FILE__\n#error no\n#endif\nout vec4 o; void main(){ o = vec4(1.0); }\n", true);

   /* built-in calls glslang does not fold, in constant expressions (spirv/constfold.c): an
    * array size of -1 is an error, so the wrong value fails as well as no value */
   static const char *const folds[] = {
      "acosh(2.0) > 1.3169 && acosh(2.0) < 1.317", "asinh(-1.0) < -0.8813 && asinh(-1.0) > -0.8814",
      "atanh(0.5) > 0.5493 && atanh(0.5) < 0.5494", "abs(cosh(1.0) - 1.5430806) < 1e-5",
      "distance(sinh(vec2(1.0, -1.0)), vec2(1.1752012, -1.1752012)) < 1e-5", "tanh(0.0) == 0.0",
      "abs(determinant(mat3(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 1.0, 0.0, 4.0)) - 24.0) < 1e-5",
      "abs(inverse(mat2(4.0, 7.0, 2.0, 6.0))[1][0] + 0.2) < 1e-6",
      "transpose(mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))[2] == vec2(3.0, 6.0)",
      "matrixCompMult(mat2(2.0), mat2(3.0, 1.0, 1.0, 3.0))[0][0] == 6.0",
      "(vec2(-0.1, -1.2) == vec2(-0.1, -1.2)) == true", "(ivec3(1, 2, 3) != ivec3(1, 2, 4)) == true",
      "(bvec2(true, false) == bvec2(true, true)) == false", "(mat2(1.0) != mat2(1.0)) == false",
   };
   for (size_t i = 0; i < sizeof(folds) / sizeof(folds[0]); i++) {
      char src[512];
      snprintf(src, sizeof(src), "#version 150\nvoid main() {\n  float a[(%s) ? 1 : -1];\n  gl_Position = vec4(a.length());\n}\n",
               folds[i]);
      expect(V, SPV_API_GL, src, true);
      snprintf(src, sizeof(src), "#version 150\nvoid main() {\n  float a[(%s) ? -1 : 1];\n  gl_Position = vec4(a.length());\n}\n",
               folds[i]);
      expect(V, SPV_API_GL, src, false);
   }
   /* not foldable: left to glslang's verdict */
   expect(V, SPV_API_GL, "#version 150\nvoid main() { float a[int(transpose(vec2(1.0)).x)]; gl_Position = vec4(0.0); }\n", false);

   /* gl_PerVertex redeclarations from GLSL 1.50 (4.10's rules, as Mesa and piglit apply them):
    * a subset and a sized gl_ClipDistance; the geometry input keeps its instance name gl_in;
    * no member redeclared outside the block, before or after it; line numbers kept. */
   const enum spv_stage G = SPV_STAGE_GEOMETRY;
   expect(V, SPV_API_GL, "#version 150\nout gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[3]; };\n"
                         "void main(){ gl_Position = vec4(0.0); gl_ClipDistance[2] = 1.0; }\n", true);
   static const char gs_head[] = "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n";
   char gsrc[512];
   snprintf(gsrc, sizeof(gsrc), "%sin gl_PerVertex { vec4 gl_Position; } gl_in[];\n"
                                "void main(){ gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n", gs_head);
   expect(G, SPV_API_GL, gsrc, true);
   snprintf(gsrc, sizeof(gsrc), "%sin gl_PerVertex { vec4 gl_Position; };\nvoid main(){ }\n", gs_head);
   expect(G, SPV_API_GL, gsrc, false);
   snprintf(gsrc, sizeof(gsrc), "%sout gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[]; };\n"
                                "out float gl_ClipDistance[4];\nvoid main(){ }\n", gs_head);
   expect(G, SPV_API_GL, gsrc, false);
   expect(V, SPV_API_GL, "#version 150\nout gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[]; };\n"
                         "out float gl_ClipDistance[4];\nvoid main(){ }\n", false);
   expect(V, SPV_API_GL, "#version 150\nout float gl_ClipDistance[4];\n"
                         "out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[]; };\nvoid main(){ }\n", false);
   /* a global redeclaration of a member the block does not redeclare is no conflict */
   expect(V, SPV_API_GL, "#version 150\nout gl_PerVertex { vec4 gl_Position; };\ninvariant gl_Position;\n"
                         "void main(){ gl_Position = vec4(0.0); }\n", true);
   sh = spv_compile(V, SPV_API_GL, "#version 150\nout gl_PerVertex { vec4 gl_Position; };\n\n"
                                   "void main(){ gl_Position = vec4(pv_undefined); }\n");
   CHECK(!spv_shader_ok(sh));
   CHECK(strstr(spv_shader_info_log(sh), "0:4") != NULL);
   spv_shader_free(sh);
   /* the same with text inserted at 3.30, where #line means the next line's own number */
   sh = spv_compile(F, SPV_API_GL, "#version 330\nuniform sampler2DShadow s;\nout vec4 o;\n"
                                   "void main(){ o = shadow2D(s, vec3(0.0)) + vec4(sh_undefined); }\n");
   CHECK(!spv_shader_ok(sh));
   CHECK(strstr(spv_shader_info_log(sh), "0:4") != NULL);
   spv_shader_free(sh);

   /* ... and in GLSL ES, where #line also means the next line's own number (the
    * EXT_clip_cull_distance declarations are inserted after #version) */
   const struct spv_limits ccd_limits = {.max_clip_distances = 8, .max_cull_distances = 8,
                                         .max_combined_clip_and_cull_distances = 8};
   sh = spv_compile_limits(V, SPV_API_GLES, "#version 300 es\n#extension GL_EXT_clip_cull_distance : enable\n\n"
                                            "void main(){ gl_Position = vec4(ccd_undefined); }\n", &ccd_limits);
   CHECK(!spv_shader_ok(sh));
   CHECK(strstr(spv_shader_info_log(sh), "0:4") != NULL);
   CHECK(strstr(spv_shader_info_log(sh), "ccd_undefined") != NULL);
   spv_shader_free(sh);

   /* GLSL 1.50 section 4.3.7: a block name is nothing else at global scope. A block named like
    * an earlier function crashed glslang's parser (piglit interface-blocks-name-reused-globally-6) */
   expect(V, SPV_API_GL, "#version 150\nvec4 block() { return vec4(0); }\nout block { vec4 a; } inst;\nvoid main(){}\n", false);
   expect(V, SPV_API_GL, "#version 150\nvec4 block();\nuniform block { vec4 a; };\nvoid main(){ gl_Position = a; }\n", false);
   expect(G, SPV_API_GL, "#version 150\nlayout(points) in; layout(points, max_vertices = 1) out;\nfloat b(int i) { return 1.0; }\n"
                         "in b { vec4 a; } inst[];\nvoid main(){ EmitVertex(); }\n", false);
   expect(V, SPV_API_GLES, "#version 300 es\nvec4 block();\nout block { vec4 a; };\nvoid main(){ gl_Position = vec4(0.0); }\n", false);
   expect(V, SPV_API_GL, "#version 150\nout block { vec4 a; } inst;\nvec4 block() { return vec4(0); }\nvoid main(){}\n", false);
   /* not a reuse: a function's local, a call, an instance name like a function */
   expect(V, SPV_API_GL, "#version 150\nvec4 f() { vec4 block = vec4(1.0); return block; }\nout block { vec4 a; } inst;\n"
                         "void main(){ inst.a = f(); gl_Position = vec4(0.0); }\n", true);
   expect(V, SPV_API_GL, "#version 150\nlayout(std140) uniform U { vec4 u; };\nconst vec4 k = vec4(1.0);\n"
                         "out vec4 v;\nvoid main(){ v = k + u; gl_Position = vec4(0.0); }\n", true);

   /* GLSL ES 1.00 section 5.10: a sequence of constant expressions is constant (ES 3.00 says
    * otherwise); glslang never folds one */
   expect(V, SPV_API_GLES, "#version 100\nuniform float uf[(1, 2)];\nvoid main() { gl_Position = vec4(uf[1]); }\n", true);
   expect(V, SPV_API_GLES, "const float f = 3.0 + (1.0, 2.0);\nvoid main() { gl_Position = vec4(f); }\n", true);
   expect(F, SPV_API_GLES, "precision mediump float;\nconst float cf = 2.0;\nfloat g = (cf, 3.0);\n"
                           "const vec2 v = (vec3(1.0), (1.0, vec2(2.0, 3.0)));\nconst float c = cos((1.0, 2.0));\n"
                           "void main() { gl_FragColor = vec4(g, v, c); }\n", true);
   expect(V, SPV_API_GLES, "uniform float b[((1, 2), (2, 3))];\nvoid main() { gl_Position = vec4(b[2]); }\n", true);
   /* the value is the last operand: an array of 2, not 1, so index 1 compiles and 2 does not */
   expect(V, SPV_API_GLES, "float a[(1, 2)];\nvoid main() { a[1] = 0.0; gl_Position = vec4(a[1]); }\n", true);
   expect(V, SPV_API_GLES, "float a[(3, 2)];\nvoid main() { a[2] = 0.0; gl_Position = vec4(a[2]); }\n", false);
   /* the dropped operands are still checked: constant, declared */
   expect(F, SPV_API_GLES, "precision mediump float;\nuniform float u;\nconst float a = (u, 1.0);\n"
                           "void main() { gl_FragColor = vec4(a); }\n", false);
   expect(F, SPV_API_GLES, "precision mediump float;\nconst float a = (nope, 1.0);\nvoid main() { gl_FragColor = vec4(a); }\n",
          false);
   expect(F, SPV_API_GLES, "precision mediump float;\nfloat g;\nconst float a = (g = 2.0, 1.0);\n"
                           "void main() { gl_FragColor = vec4(a); }\n", false);
   /* ES 3.00 excludes the sequence operator from constant expressions */
   expect(F, SPV_API_GLES, "#version 300 es\nprecision mediump float;\nconst float a = (1.0, 2.0);\nout vec4 o;\n"
                           "void main() { o = vec4(a); }\n", false);
   {
      struct spv_shader *q = spv_compile(F, SPV_API_GLES, "precision mediump float;\n\nconst float a = (seq_undefined,\n 1.0);\n"
                                                          "void main() { gl_FragColor = vec4(a); }\n");
      CHECK(!spv_shader_ok(q));
      CHECK(strstr(spv_shader_info_log(q), "0:3: 'seq_undefined'") != NULL);
      spv_shader_free(q);
      q = spv_compile(F, SPV_API_GLES, "precision mediump float;\n\nconst float a = (1.0,\n 1.0);\n"
                                       "void main() { gl_FragColor = vec4(a + after_undefined); }\n");
      CHECK(strstr(spv_shader_info_log(q), "0:5: 'after_undefined'") != NULL);
      spv_shader_free(q);
   }

   /* GLSL ES 1.00 grammar: `float[2] x` declares an array (glslang: from ES 3.00 only) */
   expect(V, SPV_API_GLES, "#version 100\nvoid f(out float x[2]) { x[0] = 1.0; }\nvoid main() {\n  float[2] x;\n  f(x);\n"
                           "  gl_Position = vec4(x[0]);\n}\n", true);
   expect(F, SPV_API_GLES, "precision mediump float;\nuniform vec2[2] u, w;\nstruct S { float a; };\nvoid f(inout S[2] s) {}\n"
                           "void main() {\n  float[2] x, y; S[2] z;\n  x[1] = y[1] + u[1].x + w[1].y; f(z);\n"
                           "  gl_FragColor = vec4(x[1]);\n}\n", true);
   /* every declarator of the statement is an array: y[1] is an element, not a float's [] */
   expect(F, SPV_API_GLES, "precision mediump float;\nvoid main() { float[2] x, y; y[1] = 1.0; gl_FragColor = vec4(y[1]); }\n", true);
   expect(F, SPV_API_GLES, "precision mediump float;\nvoid main() { float[2] x, y; float z = y; gl_FragColor = vec4(z); }\n", false);
   /* ESSL 1.00 has no array return types nor array constructors */
   expect(F, SPV_API_GLES, "precision mediump float;\nfloat[2] f() { float a[2]; return a; }\nvoid main() { gl_FragColor = vec4(1.0); }\n",
          false);
   expect(F, SPV_API_GLES, "precision mediump float;\nvoid main() { float b[2]; b = float[2](1.0, 2.0); gl_FragColor = vec4(b[0]); }\n",
          false);

   /* GLSL 1.50 declaration rules glslang leaves out (compile.c desktop_decl_checks) */
   expect(V, SPV_API_GL, "#version 150\nout block { varying vec4 a; } inst;\nvoid main() { }\n", false);
   expect(V, SPV_API_GL, "#version 150\nuniform Block { float a; } blocks[];\nvoid main() { }\n", false);
   expect(V, SPV_API_GL, "#version 150\nuniform Block { float a; } blocks[2];\nvoid main() { gl_Position = vec4(blocks[1].a); }\n", true);
   expect(G, SPV_API_GL, "#version 150\nlayout(points, triangles_adjacency) in;\nlayout(points, max_vertices = 1) out;\nvoid main() { }\n",
          false);
   expect(G, SPV_API_GL, "#version 150\nlayout(points, points) in;\nlayout(points, max_vertices = 1) out;\nvoid main() { }\n", false);
   expect(G, SPV_API_GL, "#version 150\nlayout(triangles) in;\nlayout(max_vertices = 3, triangle_strip) out;\nvoid main() { }\n", true);
   expect(G, SPV_API_GL, "#version 150\nlayout(triangles) in;\nlayout(points, line_strip, max_vertices = 3) out;\nvoid main() { }\n",
          false);
   expect(G, SPV_API_GL, "#version 150\nin vec4 c2[2];\nin vec4 c3[3];\nvoid main() { }\n", false);
   expect(G, SPV_API_GL, "#version 150\nin B1 { vec4 c; } i2[2];\nin B2 { vec4 c; } i3[3];\nvoid main() { }\n", false);
   expect(G, SPV_API_GL, "#version 150\nin vec4 c[];\nvec4 f() { return c[2]; }\nlayout(lines) in;\n"
                         "layout(points, max_vertices = 1) out;\nvoid main() { gl_Position = f(); EmitVertex(); }\n", false);
   expect(G, SPV_API_GL, "#version 150\nin vec4 c[];\nvec4 f() { return c[1]; }\nlayout(lines) in;\n"
                         "layout(points, max_vertices = 1) out;\nvoid main() { gl_Position = f(); EmitVertex(); }\n", true);

   /* GLSL ES 1.00 section 6.1: a prototype and the definition return the same precision */
   expect(F, SPV_API_GLES, "precision mediump float;\nfloat get3();\nhighp float get3() { return 3.0; }\n"
                           "void main() { gl_FragColor = vec4(get3()); }\n", false);
   expect(F, SPV_API_GLES, "precision mediump float;\nfloat get3();\nmediump float get3() { return 3.0; }\n"
                           "void main() { gl_FragColor = vec4(get3()); }\n", true);
   expect(V, SPV_API_GLES, "vec4 f(vec4 a, float b[2]);\nhighp vec4 f(vec4 x, float y[2]) { return x * y[0]; }\n"
                           "void main() { float b[2]; b[0] = 1.0; gl_Position = f(vec4(1.0), b); }\n", true);
   expect(V, SPV_API_GLES, "vec4 f(vec4 a);\nlowp vec4 f(vec4 x) { return x; }\nvoid main() { gl_Position = f(vec4(1.0)); }\n",
          false);
   {
      /* a parameter type longer than the comparison key: no overrun (the header is left to
       * glslang), and the same shader with a short name is still refused */
      char name[301], src[2048];
      memset(name, 'S', 300);
      name[300] = '\0';
      snprintf(src, sizeof(src), "precision mediump float;\nstruct %s { float a; };\nfloat f(%s s);\n"
                                 "highp float f(%s s) { return s.a; }\nvoid main() { %s s; s.a = 1.0; gl_FragColor = vec4(f(s)); }\n",
               name, name, name, name);
      struct spv_shader *ls = spv_compile(F, SPV_API_GLES, src);
      CHECK(ls != NULL);
      spv_shader_free(ls);
      expect(F, SPV_API_GLES, "precision mediump float;\nstruct S { float a; };\nfloat f(S s);\n"
                              "highp float f(S s) { return s.a; }\nvoid main() { S s; s.a = 1.0; gl_FragColor = vec4(f(s)); }\n",
             false);
   }
   /* overloads are other functions; a default changed between them counts */
   expect(F, SPV_API_GLES, "precision mediump float;\nfloat g(float a);\nhighp float g(int a) { return 1.0; }\n"
                           "float g(float a) { return a; }\nvoid main() { gl_FragColor = vec4(g(1.0) + g(1)); }\n", true);
   expect(F, SPV_API_GLES, "precision mediump float;\nfloat g();\nprecision highp float;\nfloat g() { return 1.0; }\n"
                           "void main() { gl_FragColor = vec4(g()); }\n", false);

   /* the log names the line */
   sh = spv_compile(F, SPV_API_GLES, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main(){ o = vec4(undefined_thing); }\n");
   CHECK(strstr(spv_shader_info_log(sh), "0:4") != NULL);
   CHECK(strstr(spv_shader_info_log(sh), "undefined_thing") != NULL);
   spv_shader_free(sh);

   /* GLSL ES 3.00, section 3.4: comments and white space may precede #version (piglit's
    * generated compiler tests start with a comment block); line numbers stay the source's. */
   const char *late = "/* [config]\n * expect_result: pass\n */\n\n#version 300 es\nprecision mediump float;\n"
                      "out vec4 o;\nvoid main(){ o = vec4(late_undefined); }\n";
   sh = spv_compile(F, SPV_API_GLES, late);
   CHECK(!spv_shader_ok(sh));
   CHECK(strstr(spv_shader_info_log(sh), "0:8") != NULL);
   CHECK(strstr(spv_shader_info_log(sh), "late_undefined") != NULL);
   CHECK(strstr(spv_shader_info_log(sh), "must appear first") == NULL);
   spv_shader_free(sh);
   expect(F, SPV_API_GLES, "// leading\n\n#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main(){ o = vec4(1.0); }\n", true);
   return check_done("spirv_compile");
}
