/* splitgl spirv: the token-level lift of preprocessed GLSL to what glslang generates Vulkan
 * SPIR-V for, and the scan of global declarations for facts SPIR-V loses (bool uniforms,
 * explicit locations, uniform initializers).
 *
 * glslang refuses SPIR-V for GLSL ES below 3.10 ("ES shaders for SPIR-V require version 310
 * or higher"), and its Vulkan dialect adds keywords (texture2D is a type there, sampler,
 * subpassInput, ...). The input is glslang's own preprocessor output, so macros and
 * comments are gone and the token stream is what the compiler saw in pass 1. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "spirv/spv_internal.h"

/* ---- tokens ------------------------------------------------------------------------------ */
enum tok_kind { TK_EOF, TK_IDENT, TK_NUM, TK_PUNCT, TK_WS, TK_DIRECTIVE };

struct tok {
   enum tok_kind kind;
   const char *s;
   size_t n;
};

static bool
is_ident_start(char c)
{
   return c == '_' || isalpha((unsigned char)c);
}

static bool
is_ident_char(char c)
{
   return c == '_' || isalnum((unsigned char)c);
}

/* at_line_start: only white space since the last newline. */
static struct tok
next_tok(const char *p, bool at_line_start)
{
   struct tok t = {TK_EOF, p, 0};
   if (!*p)
      return t;
   if (*p == '#' && at_line_start) {
      const char *e = p;
      while (*e && *e != '\n')
         e++;
      t.kind = TK_DIRECTIVE;
      t.n = (size_t)(e - p);
      return t;
   }
   if (isspace((unsigned char)*p)) {
      const char *e = p;
      while (*e && isspace((unsigned char)*e))
         e++;
      t.kind = TK_WS;
      t.n = (size_t)(e - p);
      return t;
   }
   if (is_ident_start(*p)) {
      const char *e = p;
      while (is_ident_char(*e))
         e++;
      t.kind = TK_IDENT;
      t.n = (size_t)(e - p);
      return t;
   }
   if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
      const char *e = p;
      bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
      while (is_ident_char(*e) || *e == '.' ||
             (!hex && (*e == '+' || *e == '-') && (e[-1] == 'e' || e[-1] == 'E')))
         e++;
      t.kind = TK_NUM;
      t.n = (size_t)(e - p);
      return t;
   }
   t.kind = TK_PUNCT;
   t.n = 1;
   return t;
}

struct tok_list {
   struct tok *t;
   uint32_t n, cap;
};

/* All tokens, white space included. */
static bool
tokenize(const char *src, struct tok_list *out)
{
   const char *p = src;
   bool line_start = true;
   memset(out, 0, sizeof(*out));
   for (;;) {
      struct tok t = next_tok(p, line_start);
      if (t.kind == TK_EOF)
         break;
      if (out->n == out->cap) {
         uint32_t cap = out->cap ? out->cap * 2 : 256;
         struct tok *nt = realloc(out->t, cap * sizeof(*nt));
         if (!nt) {
            free(out->t);
            return false;
         }
         out->t = nt;
         out->cap = cap;
      }
      out->t[out->n++] = t;
      if (t.kind == TK_WS)
         line_start = memchr(t.s, '\n', t.n) != NULL || line_start;
      else
         line_start = false;
      p += t.n;
   }
   return true;
}

static bool
tok_is(const struct tok *t, const char *s)
{
   return strlen(s) == t->n && memcmp(t->s, s, t->n) == 0;
}

static bool
in_list(const struct tok *t, const char *const *list)
{
   for (; *list; list++)
      if (tok_is(t, *list))
         return true;
   return false;
}

/* ---- word lists ---------------------------------------------------------------------------- */
/* Keywords and built-in functions of GLSL ES 3.00 / 3.10 that a GLSL ES 1.00 shader may use
 * as its own identifiers (they are neither keywords, reserved words nor built-ins there). */
static const char *const es100_new_words[] = {
   "layout", "centroid", "flat", "smooth", "case", "default", "uint", "uvec2", "uvec3", "uvec4",
   "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4",
   "samplerCubeShadow", "sampler2DArray", "sampler2DArrayShadow", "isampler2D", "isampler3D",
   "isamplerCube", "isampler2DArray", "usampler2D", "usampler3D", "usamplerCube",
   "usampler2DArray", "sampler3D", "sampler2DShadow", "sample", "resource", "patch",
   "noperspective", "subroutine", "common", "partition", "active", "filter", "precise",
   "texture", "textureProj", "textureLod", "textureOffset", "textureProjOffset",
   "textureLodOffset", "textureProjLod", "textureProjLodOffset", "texelFetch",
   "texelFetchOffset", "textureSize", "textureGrad", "textureGradOffset", "textureProjGrad",
   "textureProjGradOffset", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "trunc", "round",
   "roundEven", "modf", "isnan", "isinf", "floatBitsToInt", "floatBitsToUint", "intBitsToFloat",
   "uintBitsToFloat", "packSnorm2x16", "unpackSnorm2x16", "packUnorm2x16", "unpackUnorm2x16",
   "packHalf2x16", "unpackHalf2x16", "outerProduct", "transpose", "determinant", "inverse",
   NULL,
};

/* Added by GLSL ES 3.10 over 3.00. */
static const char *const es300_new_words[] = {
   "sampler2DMS", "isampler2DMS", "usampler2DMS", "image2D", "iimage2D", "uimage2D", "image3D",
   "iimage3D", "uimage3D", "imageCube", "iimageCube", "uimageCube", "image2DArray",
   "iimage2DArray", "uimage2DArray", "atomic_uint", "buffer", "shared", "coherent", "restrict",
   "readonly", "writeonly", "packUnorm4x8", "packSnorm4x8", "unpackUnorm4x8", "unpackSnorm4x8",
   "frexp", "ldexp", "uaddCarry", "usubBorrow", "umulExtended", "imulExtended",
   "bitfieldExtract", "bitfieldInsert", "bitfieldReverse", "bitCount", "findLSB", "findMSB",
   "textureGather", "textureGatherOffset", "imageLoad", "imageStore", "imageSize",
   "imageAtomicAdd", "imageAtomicMin", "imageAtomicMax", "imageAtomicAnd", "imageAtomicOr",
   "imageAtomicXor", "imageAtomicExchange", "imageAtomicCompSwap", "atomicCounter",
   "atomicCounterIncrement", "atomicCounterDecrement", "atomicAdd", "atomicMin", "atomicMax",
   "atomicAnd", "atomicOr", "atomicXor", "atomicExchange", "atomicCompSwap", "memoryBarrier",
   "memoryBarrierAtomicCounter", "memoryBarrierBuffer", "memoryBarrierImage",
   "memoryBarrierShared", "groupMemoryBarrier", "barrier", NULL,
};

/* Keywords of the Vulkan GLSL dialect (GL_KHR_vulkan_glsl). */
static const char *const vulkan_words[] = {
   "texture1D", "texture1DArray", "texture2D", "texture2DArray", "texture2DMS",
   "texture2DMSArray", "texture2DRect", "texture3D", "textureCube", "textureCubeArray",
   "textureBuffer", "itexture1D", "itexture1DArray", "itexture2D", "itexture2DArray",
   "itexture2DMS", "itexture2DMSArray", "itexture2DRect", "itexture3D", "itextureCube",
   "itextureCubeArray", "itextureBuffer", "utexture1D", "utexture1DArray", "utexture2D",
   "utexture2DArray", "utexture2DMS", "utexture2DMSArray", "utexture2DRect", "utexture3D",
   "utextureCube", "utextureCubeArray", "utextureBuffer", "sampler", "samplerShadow",
   "subpassInput", "isubpassInput", "usubpassInput", "subpassInputMS", "isubpassInputMS",
   "usubpassInputMS", NULL,
};

/* Desktop GLSL 1.10 / 1.20 / 1.30 shaders are lifted to 1.40 (glslang generates no SPIR-V
 * below it): user identifiers that a later version made a keyword or a built-in are renamed.
 * Each list holds what the version after `before` added. */
static const char *const gl110_new_words[] = {
   "centroid", "invariant", "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2",
   "mat4x3", "mat4x4", "outerProduct", "transpose", NULL,
};
static const char *const gl120_new_words[] = {
   "flat", "smooth", "noperspective", "case", "default", "switch", "uint", "uvec2", "uvec3", "uvec4",
   "lowp", "mediump", "highp", "precision", "sampler1DArray", "sampler2DArray", "sampler1DArrayShadow",
   "sampler2DArrayShadow", "samplerCubeShadow", "isampler1D", "isampler2D", "isampler3D", "isamplerCube",
   "isampler1DArray", "isampler2DArray", "usampler1D", "usampler2D", "usampler3D", "usamplerCube",
   "usampler1DArray", "usampler2DArray", "texture", "textureProj", "textureLod", "textureOffset",
   "textureProjOffset", "textureLodOffset", "textureProjLod", "textureProjLodOffset", "texelFetch",
   "texelFetchOffset", "textureSize", "textureGrad", "textureGradOffset", "textureProjGrad",
   "textureProjGradOffset", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "trunc", "round",
   "roundEven", "modf", "isnan", "isinf", NULL,
};
static const char *const gl130_new_words[] = {
   "layout", "inverse", "samplerBuffer", "isamplerBuffer", "usamplerBuffer", "isampler2DRect",
   "usampler2DRect", NULL,
};

/* GLSL ES 1.00 / GLSL 1.40 texture functions -> the 3.x overloads. */
static const struct {
   const char *from, *to;
} texture_map[] = {
   {"texture2D", "texture"},
   {"texture2DProj", "textureProj"},
   {"texture2DLod", "textureLod"},
   {"texture2DProjLod", "textureProjLod"},
   {"textureCube", "texture"},
   {"textureCubeLod", "textureLod"},
   {"texture2DLodEXT", "textureLod"},
   {"texture2DProjLodEXT", "textureProjLod"},
   {"textureCubeLodEXT", "textureLod"},
   {"texture2DGradEXT", "textureGrad"},
   {"texture2DProjGradEXT", "textureProjGrad"},
   {"textureCubeGradEXT", "textureGrad"},
   {"texture3D", "texture"},
   {"texture3DProj", "textureProj"},
   {"texture3DLod", "textureLod"},
   {"texture3DProjLod", "textureProjLod"},
   {"shadow2DEXT", "texture"},
   {"shadow2DProjEXT", "textureProj"},
   {"texture1D", "texture"},
   {"texture1DProj", "textureProj"},
   {"texture1DLod", "textureLod"},
   {"texture2DRect", "texture"},
   {"texture2DRectProj", "textureProj"},
};

/* GLSL 1.40 - 3.30's vec4 shadow lookups -> the definitions compile.c inserts (desktop only). */
static const struct {
   const char *from, *to;
} shadow_map[] = {
   {"shadow1D", SPV_RENAME_PREFIX "shadow1D"},         {"shadow1DProj", SPV_RENAME_PREFIX "shadow1DProj"},
   {"shadow2D", SPV_RENAME_PREFIX "shadow2D"},         {"shadow2DProj", SPV_RENAME_PREFIX "shadow2DProj"},
   {"shadow2DRect", SPV_RENAME_PREFIX "shadow2DRect"}, {"shadow2DRectProj", SPV_RENAME_PREFIX "shadow2DRectProj"},
};

/* Extensions whose features GLSL ES 3.10 has in core. */
static const char *const es100_core_exts[] = {
   "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod", "GL_EXT_frag_depth",
   "GL_EXT_draw_buffers", "GL_OES_texture_3D", "GL_EXT_shadow_samplers", NULL,
};

/* ---- the lift --------------------------------------------------------------------------- */
static const struct tok *
next_nonws(const struct tok_list *tl, uint32_t *i)
{
   while (*i < tl->n && tl->t[*i].kind == TK_WS)
      (*i)++;
   return *i < tl->n ? &tl->t[*i] : NULL;
}

static bool
directive_is(const struct tok *t, const char *word, const char **rest)
{
   const char *p = t->s + 1, *e = t->s + t->n;
   while (p < e && (*p == ' ' || *p == '\t'))
      p++;
   size_t n = strlen(word);
   if ((size_t)(e - p) < n || memcmp(p, word, n) != 0 || (p + n < e && is_ident_char(p[n])))
      return false;
   p += n;
   while (p < e && (*p == ' ' || *p == '\t'))
      p++;
   if (rest)
      *rest = p;
   return true;
}

/* The extension name of a #extension directive, in a small buffer. */
static void
extension_name(const struct tok *t, char *buf, size_t size)
{
   const char *rest = NULL;
   buf[0] = '\0';
   if (!directive_is(t, "extension", &rest))
      return;
   size_t n = 0;
   while (rest < t->s + t->n && is_ident_char(*rest) && n + 1 < size)
      buf[n++] = *rest++;
   buf[n] = '\0';
}

/* ---- desktop GL's point size --------------------------------------------------------------
 * From the OpenGL 3.3 core spec, section 3.4: "If program point size mode is enabled, the
 * derived point size is taken from the (potentially clipped) shader built-in gl_PointSize
 * ... If the value written to gl_PointSize is less than or equal to zero, or if no value is
 * written, the point size is undefined. If program point size mode is disabled, the derived
 * point size is specified with the command void PointSize(float size)". Vulkan always takes
 * PointSize from the vertex stage and needs it written for point topologies. So the main of
 * a desktop vertex shader is renamed and wrapped:
 *
 *    layout(constant_id = SPV_SPEC_POINT_SIZE) const float sgl__point_size = 0.0;
 *    void main() { sgl__main(); <store>; }
 *
 * The server specializes sgl__point_size to glPointSize, or to 0.0 under
 * GL_PROGRAM_POINT_SIZE (what wire_rast_state.point_size carries). A shader that writes
 * gl_PointSize keeps its value at 0.0 ("if (sgl__point_size > 0.0) gl_PointSize =
 * sgl__point_size;"); one that does not gets 1.0 there (undefined, see above). The decision
 * is static use of the gl_PointSize token in the preprocessed source. The renamed main is
 * SPV_RENAME_PREFIX "main", so should the token name anything reflected (a struct member
 * "main"), spv_unrename gives the name back.
 *
 * ES: gl_PointSize is the only source of the size. The GLSL ES 3.00 spec, section 7.1: "It is
 * intended for the shader to write gl_PointSize ... If gl_PointSize is not written to, its
 * value is undefined in subsequent pipe stages" — and Vulkan needs it written to rasterize
 * points at all. A vertex shader that never names gl_PointSize gets it written as 1.0 after its
 * main (what GL's default point size, and Mesa, give it), so its points draw instead of being
 * dropped; one that names it is left alone. */
enum psz_wrap { PSZ_NONE, PSZ_KEEP_SHADER, PSZ_ALWAYS, PSZ_ES_ONE };

#define SPV_POINT_SIZE_MAIN SPV_RENAME_PREFIX "main"
#define SPV_POINT_SIZE_CONST SPV_RENAME_PREFIX "point_size"
#define SPV_POINT_ORIGIN_CONST SPV_RENAME_PREFIX "point_origin"

static bool gs_emits_points(const struct tok_list *tl);

/* Only the last vertex-processing stage's gl_PointSize sizes points (OpenGL 3.3 section 3.4);
 * a vertex shader followed by a geometry shader keeps what it wrote, which the geometry
 * shader reads as gl_in[].gl_PointSize. */
static enum psz_wrap
point_size_wrap(const struct spv_shader *sh, const struct tok_list *tl, const struct spv_lift_unit *unit,
                bool last_vertex_stage)
{
   const bool points = unit ? unit->stage_points : gs_emits_points(tl);
   if (sh->stage == SPV_STAGE_FRAGMENT || (sh->stage == SPV_STAGE_GEOMETRY && !points) ||
       (sh->stage == SPV_STAGE_VERTEX && !last_vertex_stage))
      return PSZ_NONE;
   bool has_main = false, writes = false, per_vertex = false;
   for (uint32_t i = 0; i < tl->n; i++) {
      const struct tok *t = &tl->t[i];
      if (t->kind != TK_IDENT)
         continue;
      has_main |= tok_is(t, "main");
      writes |= tok_is(t, "gl_PointSize");
      per_vertex |= tok_is(t, "gl_PerVertex");
   }
   /* No main: leave glslang's link error as it is. A gl_PerVertex redeclaration without
    * gl_PointSize (GLSL 4.10+) leaves no member to store to: no wrap, and the server skips
    * point draws of that program as it does for ES programs that do not write the size. */
   if (unit)
      has_main = unit->main_unit;
   if (!has_main || (per_vertex && !writes))
      return PSZ_NONE;
   if (sh->es)
      return writes ? PSZ_NONE : PSZ_ES_ONE;
   return writes ? PSZ_KEEP_SHADER : PSZ_ALWAYS;
}

/* GL_CLIP_DISTANCEi. From the OpenGL 3.3 core spec, section 2.19: "Clipping against a
 * client-defined half-space is enabled with Enable(CLIP_DISTANCEi)"; a disabled one does not
 * clip whatever the shader wrote. Vulkan clips against every ClipDistance element the last
 * vertex-processing stage writes, so that stage writes 1.0 (inside) to each disabled one after
 * its own code (the vertex wrapper main, or before each EmitVertex), under the int
 * specialization constant SPV_SPEC_CLIP_ENABLE (spv_layout.h), bit i for GL_CLIP_DISTANCEi.
 *
 * How many elements: a redeclaration ("out float gl_ClipDistance[N];", also inside an
 * "out gl_PerVertex" block) gives N. Otherwise the array is implicitly sized, and GLSL 1.30+
 * (section 7.1) lets the shader index it with constant expressions only: the largest literal
 * index plus one, or gl_MaxClipDistances where an index is not a literal. Indexing the wrapper
 * up to that count cannot grow the array past what the shader could. A geometry shader's
 * gl_in[i].gl_ClipDistance (after a '.') is an input and does not count. Returns 0 when the
 * shader does not write gl_ClipDistance (or is not a desktop last vertex-processing stage). */
#define SPV_CLIP_ENABLE_CONST SPV_RENAME_PREFIX "clip_enable"

static uint32_t
clip_distance_count(const struct spv_shader *sh, const struct tok_list *tl, bool last_vertex_stage)
{
   if (sh->es || !last_vertex_stage || sh->stage == SPV_STAGE_FRAGMENT)
      return 0;
   const uint32_t max = sh->limits.max_clip_distances > 0 ? (uint32_t)sh->limits.max_clip_distances : 8u;
   bool used = false, other_index = false;
   uint32_t declared = 0, literal = 0;
   const struct tok *prev = NULL;
   for (uint32_t i = 0; i < tl->n; i++) {
      const struct tok *t = &tl->t[i];
      if (t->kind == TK_WS)
         continue;
      if (t->kind == TK_IDENT && tok_is(t, "gl_ClipDistance") && !(prev && tok_is(prev, "."))) {
         used = true;
         const bool decl = prev && tok_is(prev, "float");
         uint32_t j = i + 1;
         const struct tok *open = next_nonws(tl, &j);
         if (open && tok_is(open, "[")) {
            j++;
            const struct tok *idx = next_nonws(tl, &j);
            uint32_t k = j + 1;
            const struct tok *close = idx ? next_nonws(tl, &k) : NULL;
            const bool lit = idx && idx->kind == TK_NUM && close && tok_is(close, "]");
            const unsigned long v = lit ? strtoul(idx->s, NULL, 0) : 0;
            if (decl && lit)
               declared = v < max ? (uint32_t)v : max;
            else if (!decl && lit)
               literal = v + 1 > literal ? (uint32_t)(v + 1 < max ? v + 1 : max) : literal;
            else if (!decl && !(idx && tok_is(idx, "]")))
               other_index = true;
         } else if (!decl) {
            other_index = true; /* the whole array: passed or assigned */
         }
      }
      prev = t;
   }
   if (!used)
      return 0;
   if (declared)
      return declared;
   return other_index || !literal ? max : literal;
}

/* ES with EXT_clip_cull_distance (compile.c clip_cull_rewrite): pass 1 declared the arrays as
 * SPV_CCD_CLIP / SPV_CCD_CULL (or the shader redeclared them under those names). Pass 2
 * declares each one used as a BuiltIn through GL_EXT_spirv_intrinsics' spirv_decorate (no
 * Location is assigned to it; link.c adds the capability), with the count GLSL gives it: the
 * redeclared size, else the largest literal index plus one, else gl_Max*Distances (a
 * non-literal constant index). Pass 1's declaration statement is dropped. */
struct ccd_array {
   const char *name;
   uint32_t decl_start, decl_end; /* its declaration statement's tokens [start, end]; end 0: none */
   uint32_t count;                /* elements pass 2 declares (0: not used) */
};

static void
ccd_scan(const struct tok_list *tl, struct ccd_array *a, bool own, uint32_t max)
{
   bool used = false, other_index = false;
   uint32_t declared = 0, literal = 0, last_end = 0; /* last_end: after the last ; } or directive */
   int depth = 0;
   const struct tok *prev = NULL;
   for (uint32_t i = 0; i < tl->n; i++) {
      const struct tok *t = &tl->t[i];
      if (t->kind == TK_WS)
         continue;
      if (t->kind == TK_DIRECTIVE || tok_is(t, ";") || tok_is(t, "}") || tok_is(t, "{")) {
         depth += tok_is(t, "{") - tok_is(t, "}");
         last_end = i + 1;
      }
      if (t->kind == TK_IDENT && tok_is(t, a->name)) {
         uint32_t j = i + 1;
         const struct tok *open = next_nonws(tl, &j);
         uint32_t k = j + 1;
         const struct tok *idx = open && tok_is(open, "[") ? next_nonws(tl, &k) : NULL;
         uint32_t m = k + 1;
         const struct tok *close = idx ? next_nonws(tl, &m) : NULL;
         const bool lit = idx && idx->kind == TK_NUM && close && tok_is(close, "]");
         const unsigned long v = lit ? strtoul(idx->s, NULL, 0) : 0;
         if (prev && tok_is(prev, "float") && depth == 0 && !a->decl_end) {
            a->decl_start = last_end;
            for (a->decl_end = i; a->decl_end < tl->n && !tok_is(&tl->t[a->decl_end], ";"); a->decl_end++)
               ;
            if (!own && lit)
               declared = v < max ? (uint32_t)v : max;
            if (!own)
               used = true;
         } else {
            used = true;
            if (lit)
               literal = v + 1 > literal ? (uint32_t)(v + 1 < max ? v + 1 : max) : literal;
            else
               other_index = true; /* a non-literal index, or the whole array */
         }
      }
      prev = t;
   }
   a->count = !used ? 0 : declared ? declared : other_index || !literal ? max : literal;
}

/* The stores that leave a disabled clip distance inside (see clip_distance_count). */
static void
append_clip_disable(struct spv_str *out, uint32_t nclip, const char *name)
{
   for (uint32_t i = 0; i < nclip; i++)
      spv_str_printf(out, "   if ((" SPV_CLIP_ENABLE_CONST " & %d) == 0)\n      %s[%u] = 1.0;\n", 1 << i, name, i);
}

/* The declaration of transform-feedback copy i (spirv/xfb.c). */
static void
copy_decl(struct spv_str *out, const struct spv_xfb_copy *c, uint32_t i)
{
   spv_str_printf(out, "%sout %s " SPV_RENAME_PREFIX "xfb%u;\n", c->flat ? "flat " : "", c->glsl_type, i);
}

/* The wrapper main: the shader's own (renamed), the point-size store, the transform-feedback
 * copies (spirv/xfb.c), then the clip-distance enables: a copy of gl_ClipDistance captures
 * what the shader wrote, whatever GL_CLIP_DISTANCEi says. */
static void
append_point_size_main(struct spv_str *out, enum psz_wrap psz, const struct spv_xfb_copy *copies, uint32_t ncopies,
                       const struct spv_attrib_merge *merge, uint32_t nclip, const char *clip_name)
{
   if (psz == PSZ_NONE && !ncopies && !merge && !nclip)
      return;
   spv_str_puts(out, "\n");
   if (merge)
      spv_str_puts(out, merge->inputs);
   for (uint32_t i = 0; i < ncopies; i++)
      copy_decl(out, &copies[i], i);
   if (psz == PSZ_KEEP_SHADER || psz == PSZ_ALWAYS)
      spv_str_printf(out, "layout(constant_id = %d) const float " SPV_POINT_SIZE_CONST " = 0.0;\n",
                     SPV_SPEC_POINT_SIZE);
   if (nclip)
      spv_str_printf(out, "layout(constant_id = %d) const int " SPV_CLIP_ENABLE_CONST " = 0;\n", SPV_SPEC_CLIP_ENABLE);
   spv_str_puts(out, "void main()\n{\n");
   if (merge)
      spv_str_puts(out, merge->prologue);
   spv_str_puts(out, "   " SPV_POINT_SIZE_MAIN "();\n");
   if (psz == PSZ_ES_ONE)
      spv_str_puts(out, "   gl_PointSize = 1.0;\n");
   else if (psz == PSZ_KEEP_SHADER)
      spv_str_puts(out, "   if (" SPV_POINT_SIZE_CONST " > 0.0)\n"
                        "      gl_PointSize = " SPV_POINT_SIZE_CONST ";\n");
   else if (psz == PSZ_ALWAYS)
      spv_str_puts(out, "   gl_PointSize = " SPV_POINT_SIZE_CONST " > 0.0 ? " SPV_POINT_SIZE_CONST
                        " : 1.0;\n");
   for (uint32_t i = 0; i < ncopies; i++)
      spv_str_printf(out, "   " SPV_RENAME_PREFIX "xfb%u = %s;\n", i, copies[i].expr);
   append_clip_disable(out, nclip, clip_name);
   spv_str_puts(out, "}\n");
}

/* Geometry shaders: a vertex is captured when EmitVertex() is called (OpenGL 3.3 section
 * 2.17: "the vertices ... emitted by the geometry shader" are what transform feedback
 * records), so the copies are assigned right before each one. Every EmitVertex call of the
 * shader is renamed to this helper, declared before the shader's own code.
 *
 * Point size: with a geometry shader that emits points, the size comes from it (OpenGL 3.3
 * section 3.4: gl_PointSize of the last vertex-processing stage under PROGRAM_POINT_SIZE,
 * else glPointSize), and Vulkan (with shaderTessellationAndGeometryPointSize, which Magma
 * enables for shaders that write the size) needs PointSize written for every emitted
 * vertex. So such a shader's helper stores the size as the vertex stage's wrapper does, from
 * the same specialization constant (spv_program_info.gs_point_size_spec). */
#define SPV_EMIT_VERTEX SPV_RENAME_PREFIX "EmitVertex"

static void
append_emit_vertex(struct spv_str *out, enum psz_wrap psz, const struct spv_xfb_copy *copies, uint32_t ncopies,
                   uint32_t nclip, const char *clip_name)
{
   spv_str_puts(out, "\n");
   for (uint32_t i = 0; i < ncopies; i++)
      copy_decl(out, &copies[i], i);
   if (psz == PSZ_KEEP_SHADER || psz == PSZ_ALWAYS)
      spv_str_printf(out, "layout(constant_id = %d) const float " SPV_POINT_SIZE_CONST " = 0.0;\n",
                     SPV_SPEC_POINT_SIZE);
   if (nclip)
      spv_str_printf(out, "layout(constant_id = %d) const int " SPV_CLIP_ENABLE_CONST " = 0;\n", SPV_SPEC_CLIP_ENABLE);
   spv_str_puts(out, "void " SPV_EMIT_VERTEX "()\n{\n");
   if (psz == PSZ_KEEP_SHADER)
      spv_str_puts(out, "   if (" SPV_POINT_SIZE_CONST " > 0.0)\n"
                        "      gl_PointSize = " SPV_POINT_SIZE_CONST ";\n");
   else if (psz == PSZ_ALWAYS)
      spv_str_puts(out, "   gl_PointSize = " SPV_POINT_SIZE_CONST " > 0.0 ? " SPV_POINT_SIZE_CONST " : 1.0;\n");
   for (uint32_t i = 0; i < ncopies; i++)
      spv_str_printf(out, "   " SPV_RENAME_PREFIX "xfb%u = %s;\n", i, copies[i].expr);
   append_clip_disable(out, nclip, clip_name);
   spv_str_puts(out, "   EmitVertex();\n}\n");
}

/* The geometry shader declares "layout(points ...) out" (its output primitive is points). */
static bool
gs_emits_points(const struct tok_list *tl)
{
   for (uint32_t i = 0; i < tl->n; i++) {
      if (tl->t[i].kind != TK_IDENT || !tok_is(&tl->t[i], "layout"))
         continue;
      bool points = false;
      int depth = 0;
      uint32_t j = i + 1;
      for (; j < tl->n; j++) {
         const struct tok *t = &tl->t[j];
         if (tok_is(t, "("))
            depth++;
         else if (tok_is(t, ")") && --depth == 0)
            break;
         else if (depth > 0 && t->kind == TK_IDENT && tok_is(t, "points"))
            points = true;
      }
      j++;
      const struct tok *n = next_nonws(tl, &j);
      if (points && n && tok_is(n, "out"))
         return true;
   }
   return false;
}

char *
spv_lift_source(const struct spv_shader *sh)
{
   return spv_lift_source_xfb(sh, NULL, 0, NULL, false, NULL);
}

static uint32_t match_bracket(const struct tok *t, uint32_t n, uint32_t i, const char *open, const char *close);

/* "main" at file scope, its parameter list followed by a body. */
static bool
defines_main(const struct tok_list *tl)
{
   int brace = 0;
   for (uint32_t i = 0; i < tl->n; i++) {
      const struct tok *t = &tl->t[i];
      if (t->kind == TK_PUNCT)
         brace += tok_is(t, "{") - tok_is(t, "}");
      if (brace || t->kind != TK_IDENT || !tok_is(t, "main"))
         continue;
      uint32_t j = i + 1;
      const struct tok *o = next_nonws(tl, &j);
      if (!o || !tok_is(o, "("))
         continue;
      uint32_t k = match_bracket(tl->t, tl->n, j, "(", ")") + 1;
      const struct tok *b = k < tl->n ? next_nonws(tl, &k) : NULL;
      if (b && tok_is(b, "{"))
         return true;
   }
   return false;
}

bool
spv_scan_unit(const struct spv_shader *sh, bool *has_main, bool *points_out)
{
   struct tok_list tl;
   if (!tokenize(sh->preprocessed ? sh->preprocessed : "", &tl))
      return false;
   *has_main = defines_main(&tl);
   *points_out = sh->stage == SPV_STAGE_GEOMETRY && gs_emits_points(&tl);
   free(tl.t);
   return true;
}

static char *lift_opaque_structs(const char *src);

char *
spv_lift_source_xfb(const struct spv_shader *sh, const struct spv_xfb_copy *copies, uint32_t ncopies,
                    const struct spv_attrib_merge *merge, bool last_vertex_stage, struct spv_lift_unit *unit)
{
   struct tok_list tl;
   /* first: samplers out of uniform structures (below) */
   char *flat = sh->preprocessed ? lift_opaque_structs(sh->preprocessed) : NULL;
   if (!tokenize(flat ? flat : sh->preprocessed ? sh->preprocessed : "", &tl)) {
      free(flat);
      return NULL;
   }
   const bool es100 = sh->es && sh->version == 100;
   const bool es300 = sh->es && sh->version == 300;
   const bool desktop = !sh->es;
   const bool fs = sh->stage == SPV_STAGE_FRAGMENT;
   struct spv_str out = {0};

   /* Directives first: #extension must precede every other token. */
   if (sh->es)
      spv_str_printf(&out, "#version %d es\n", sh->version < 310 ? 310 : sh->version);
   else
      spv_str_printf(&out, "#version %d%s\n", sh->version < 140 ? 140 : sh->version, sh->version >= 150 ? " core" : "");
   struct ccd_array ccd[2] = {{SPV_CCD_CLIP, 0, 0, 0}, {SPV_CCD_CULL, 0, 0, 0}};
   if (sh->ccd) {
      ccd_scan(&tl, &ccd[0], sh->ccd_own_clip, (uint32_t)sh->limits.max_clip_distances);
      ccd_scan(&tl, &ccd[1], sh->ccd_own_cull, (uint32_t)sh->limits.max_cull_distances);
      if (ccd[0].count || ccd[1].count)
         spv_str_puts(&out, "#extension GL_EXT_spirv_intrinsics : require\n");
   }
   bool draw_buffers = false;
   /* GLSL 1.10 - 1.30: `layout` is a keyword of pass 1 where ARB_explicit_attrib_location or
    * ARB_shading_language_420pack is turned on (glslang's scanner, as those extensions say),
    * and must not be renamed as a user identifier then. */
   bool layout_keyword = false;
   for (uint32_t i = 0; i < tl.n; i++) {
      const struct tok *t = &tl.t[i];
      if (t->kind != TK_DIRECTIVE || !directive_is(t, "extension", NULL))
         continue;
      char ext[96];
      extension_name(t, ext, sizeof(ext));
      if (!strcmp(ext, "GL_ARB_explicit_attrib_location") || !strcmp(ext, "GL_ARB_shading_language_420pack")) {
         /* "#extension name : behavior": every behavior but disable turns it on */
         const char *b = memchr(t->s, ':', t->n), *e = t->s + t->n;
         if (b) {
            b++;
            while (b < e && (*b == ' ' || *b == '\t'))
               b++;
            layout_keyword = !((size_t)(e - b) >= 7 && !memcmp(b, "disable", 7));
         }
      }
      if (es100) {
         if (strcmp(ext, "GL_EXT_draw_buffers") == 0)
            draw_buffers = true;
         bool core = false;
         for (const char *const *e = es100_core_exts; *e; e++)
            core |= strcmp(ext, *e) == 0;
         if (core)
            continue;
         if (strcmp(ext, "GL_OES_EGL_image_external") == 0) {
            spv_str_puts(&out, "#extension GL_OES_EGL_image_external_essl3 : require\n");
            continue;
         }
      }
      spv_str_putn(&out, t->s, t->n);
      spv_str_puts(&out, "\n");
   }

   /* ESSL 1.00 fragment outputs become user outputs (GLSL ES 3.00 spec, section 4.3.4:
    * "gl_FragColor and gl_FragData are not available; user-defined outputs are used"). */
   bool uses_frag_color = false, uses_frag_data = false, frag_data_const = true;
   long frag_data_max = 0;
   if (es100 || desktop) {
      for (uint32_t i = 0; i < tl.n; i++) {
         const struct tok *t = &tl.t[i];
         if (t->kind != TK_IDENT)
            continue;
         if (tok_is(t, "gl_FragColor"))
            uses_frag_color = true;
         if (tok_is(t, "gl_FragData")) {
            uses_frag_data = true;
            uint32_t j = i + 1;
            const struct tok *b = next_nonws(&tl, &j);
            j++;
            const struct tok *n = b && tok_is(b, "[") ? next_nonws(&tl, &j) : NULL;
            j++;
            const struct tok *c = n ? next_nonws(&tl, &j) : NULL;
            if (n && n->kind == TK_NUM && c && tok_is(c, "]")) {
               long v = strtol(n->s, NULL, 0);
               if (v > frag_data_max)
                  frag_data_max = v;
            } else {
               frag_data_const = false;
            }
         }
      }
   }
   if (fs && uses_frag_color)
      spv_str_puts(&out, "out highp vec4 " SPV_RENAME_PREFIX "FragColor;\n");
   if (fs && uses_frag_data) {
      long size = frag_data_const ? frag_data_max + 1 : (draw_buffers || desktop ? 8 : 1);
      if (size > 8)
         size = 8;
      spv_str_printf(&out, "out highp vec4 " SPV_RENAME_PREFIX "FragData[%ld];\n", size);
   }

   /* gl_DepthRange is not in the Vulkan dialect: a uniform of the default block with GL's
    * structure, which the front end fills from glDepthRangef (gl_front/uniform.c); the
    * reflection names it gl_DepthRange.near / .far / .diff, as GL's built-in uniforms are. */
   for (uint32_t i = 0; i < tl.n; i++) {
      if (tl.t[i].kind == TK_IDENT && tok_is(&tl.t[i], "gl_DepthRange")) {
         spv_str_puts(&out, "struct " SPV_RENAME_PREFIX "DepthRangeParameters { highp float near; highp float far; "
                            "highp float diff; };\nuniform " SPV_RENAME_PREFIX "DepthRangeParameters "
                            SPV_RENAME_PREFIX "DepthRange;\n");
         break;
      }
   }

   /* A 1.10 - 1.30 shader's shadow lookups (renamed below, shadow_map): the definitions
    * compile.c inserts into 1.40+ sources (pass 1 had the version's own built-ins). */
   bool shadow_lookups = false;
   for (uint32_t i = 0; desktop && sh->version < 140 && i < tl.n && !shadow_lookups; i++)
      for (size_t k = 0; tl.t[i].kind == TK_IDENT && k < sizeof(shadow_map) / sizeof(shadow_map[0]); k++)
         shadow_lookups = shadow_lookups || tok_is(&tl.t[i], shadow_map[k].from);
   if (shadow_lookups)
      spv_str_puts(&out, spv_shadow_funcs);

   /* GL core's POINT_SPRITE_COORD_ORIGIN is pipeline state the fragment stage sees: the int
    * specialization constant SPV_SPEC_POINT_ORIGIN (spv_layout.h), which Magma specializes
    * from SetPointState (0 UPPER_LEFT, GL's default; 1 LOWER_LEFT). */
   for (uint32_t i = 0; fs && i < tl.n; i++) {
      if (tl.t[i].kind == TK_IDENT && tok_is(&tl.t[i], "gl_PointCoord")) {
         spv_str_printf(&out, "layout(constant_id = %d) const int " SPV_POINT_ORIGIN_CONST " = 0;\n",
                        SPV_SPEC_POINT_ORIGIN);
         break;
      }
   }

   /* EXT_clip_cull_distance's arrays as BuiltIns (decoration 11 BuiltIn, 3 ClipDistance, 4
    * CullDistance). The extension: "It is a compile-time or link-time error for the set of
    * shaders forming a program to have the sum of the sizes of the gl_ClipDistance and
    * gl_CullDistance arrays to be larger than gl_MaxCombinedClipAndCullDistances" (checked per
    * stage here: a link error with that message). */
   for (int k = 0; k < 2; k++)
      if (ccd[k].count)
         spv_str_printf(&out, "spirv_decorate(11, %d) %s highp float %s%s[%u];\n", 3 + k, fs ? "in" : "out",
                        ccd[k].name, fs ? "_in" : "", ccd[k].count);
   if (ccd[0].count + ccd[1].count > (uint32_t)sh->limits.max_combined_clip_and_cull_distances && sh->ccd)
      spv_str_printf(&out, "#error %u clip and %u cull distances exceed gl_MaxCombinedClipAndCullDistances (%d)\n",
                     ccd[0].count, ccd[1].count, sh->limits.max_combined_clip_and_cull_distances);

   /* gl_FragCoord redeclared (GLSL 1.50 section 4.3.8.1, ARB_fragment_coord_conventions):
    * the redeclaration is dropped (the Vulkan dialect has none) and, with
    * layout(pixel_center_integer), every read of gl_FragCoord is moved by -0.5 in x and y
    * ("pixel centers are located at whole number pixel offsets"); Vulkan's FragCoord has its
    * centers at half offsets. Below 1.50 compile.c already removed the statement and set
    * frag_coord_pixel_center_integer. origin_upper_left is not applied (docs/ARCHITECTURE.md,
    * "Compiler gaps"). */
   bool frag_coord_pci = sh->frag_coord_pixel_center_integer;
   uint32_t fc_drop_b = tl.n, fc_drop_e = tl.n; /* the redeclaration's tokens [b, e] */
   for (uint32_t i = 0, depth = 0; fs && desktop && i < tl.n; i++) {
      const struct tok *t = &tl.t[i];
      if (t->kind == TK_PUNCT && tok_is(t, "{"))
         depth++;
      else if (t->kind == TK_PUNCT && tok_is(t, "}") && depth)
         depth--;
      if (depth || t->kind != TK_IDENT || !tok_is(t, "gl_FragCoord"))
         continue;
      uint32_t b = i, e = i;
      while (b > 0 && !(tl.t[b - 1].kind == TK_PUNCT && (tok_is(&tl.t[b - 1], ";") || tok_is(&tl.t[b - 1], "}"))) &&
             tl.t[b - 1].kind != TK_DIRECTIVE)
         b--;
      while (e < tl.n && !(tl.t[e].kind == TK_PUNCT && tok_is(&tl.t[e], ";")))
         e++;
      bool is_in = false, pci = false;
      for (uint32_t k = b; k < e; k++) {
         is_in |= tl.t[k].kind == TK_IDENT && tok_is(&tl.t[k], "in");
         /* GLSL 1.50 section 4.3.8: layout qualifier identifiers are not case sensitive */
         pci |= tl.t[k].kind == TK_IDENT && tl.t[k].n == 20 && !strncasecmp(tl.t[k].s, "pixel_center_integer", 20);
      }
      if (is_in && e < tl.n) {
         fc_drop_b = b;
         fc_drop_e = e;
         frag_coord_pci |= pci;
         break;
      }
   }

   const enum psz_wrap psz = point_size_wrap(sh, &tl, unit, last_vertex_stage);
   const bool gs = sh->stage == SPV_STAGE_GEOMETRY;
   /* A stage of several compilation units (desktop GL): the wrappers (main, EmitVertex) are
    * defined once, in the unit that defines main; the others only call the EmitVertex one. */
   const bool other_unit = unit && !unit->main_unit;
   if (fs || other_unit)
      ncopies = 0;
   if (other_unit) {
      merge = NULL;
      last_vertex_stage = false;
   }
   /* Copies need the wrapper; a shader without main fails glslang's link either way. A
    * geometry shader captures at each EmitVertex, so its copies are made there instead
    * (append_emit_vertex). */
   if (sh->stage != SPV_STAGE_VERTEX)
      merge = NULL;
   const char *clip_name = sh->ccd ? SPV_CCD_CLIP : "gl_ClipDistance";
   const uint32_t nclip = sh->ccd ? (last_vertex_stage && !fs ? ccd[0].count : 0)
                                  : clip_distance_count(sh, &tl, last_vertex_stage);
   const bool wrap = !gs && (psz != PSZ_NONE || ncopies || merge || nclip);
   const bool emit_wrap = gs && !other_unit && (ncopies || psz != PSZ_NONE || nclip);
   const bool emit_call = emit_wrap || (gs && other_unit && unit->emit_wrap);
   if (unit && unit->main_unit)
      unit->emit_wrap = emit_wrap;
   if (emit_call)
      spv_str_puts(&out, "void " SPV_EMIT_VERTEX "();\n");
   int layout_depth = 0; /* > 0 inside the parentheses of layout(...) */
   bool after_layout = false;
   int brace = 0, paren = 0; /* nesting outside layout(...) */
   for (uint32_t i = 0; i < tl.n; i++) {
      const struct tok *t = &tl.t[i];
      if ((ccd[0].decl_end && i >= ccd[0].decl_start && i <= ccd[0].decl_end) ||
          (ccd[1].decl_end && i >= ccd[1].decl_start && i <= ccd[1].decl_end))
         continue; /* pass 1's declaration of an EXT_clip_cull_distance array (declared above) */
      if (i >= fc_drop_b && i <= fc_drop_e)
         continue; /* gl_FragCoord's redeclaration (above) */
      if (t->kind == TK_PUNCT && !layout_depth && !after_layout) {
         brace += tok_is(t, "{") - tok_is(t, "}");
         paren += tok_is(t, "(") - tok_is(t, ")");
      }
      /* Vertex inputs lose their layout(...): the linker assigns every attribute's location
       * from the source scan and the bindings (link.c), and overlapping locations, which
       * desktop GLSL allows (aliasing), are an error to glslang's Vulkan rules. Merged
       * attributes also lose their in / attribute, leaving plain globals the wrapper main
       * assigns. */
      if (sh->stage == SPV_STAGE_VERTEX && !brace && !paren && !layout_depth && t->kind == TK_IDENT) {
         if (merge && (tok_is(t, "attribute") || tok_is(t, "in")))
            continue;
         if (tok_is(t, "layout")) {
            uint32_t j = i + 1;
            const struct tok *o = next_nonws(&tl, &j);
            uint32_t close = o && tok_is(o, "(") ? match_bracket(tl.t, tl.n, j, "(", ")") : tl.n;
            uint32_t k = close + 1;
            const struct tok *q = close < tl.n ? next_nonws(&tl, &k) : NULL;
            if (q && (tok_is(q, "in") || tok_is(q, "attribute"))) {
               i = close;
               continue;
            }
         }
      }
      if (t->kind == TK_PUNCT && (after_layout || layout_depth)) {
         if (tok_is(t, "("))
            layout_depth++;
         else if (tok_is(t, ")"))
            layout_depth--;
         after_layout = false;
      }
      if (t->kind == TK_DIRECTIVE) {
         /* #version and #extension were written above; #pragma and #line are dropped so
          * that they cannot refer to a line count that the inserted lines shift. */
         spv_str_puts(&out, "\n");
         continue;
      }
      if (t->kind != TK_IDENT) {
         spv_str_putn(&out, t->s, t->n);
         continue;
      }
      const char *rep = NULL;
      bool rename = false;
      if (tok_is(t, "layout"))
         after_layout = true;
      /* GLSL ES 3.00 spec, section 4.3.8.3 / GLSL 3.30 section 4.3.8.3: the shared and packed
       * block layouts are the implementation's choice; Vulkan knows only std140 / std430, and
       * std140 is a valid shared and packed layout (every member active, offsets as std140
       * defines them, reported through the reflection). */
      if (layout_depth > 0 && (tok_is(t, "shared") || tok_is(t, "packed")))
         rep = "std140";
      if (!rep && wrap && tok_is(t, "main"))
         rep = SPV_POINT_SIZE_MAIN;
      if (!rep && emit_call && tok_is(t, "EmitVertex"))
         rep = SPV_EMIT_VERTEX;
      if (!rep && (es100 || desktop)) {
         if (tok_is(t, "attribute"))
            rep = "in";
         else if (tok_is(t, "varying"))
            rep = fs ? "in" : "out";
         else if (tok_is(t, "gl_FragColor") && fs)
            rep = SPV_RENAME_PREFIX "FragColor";
         else if (tok_is(t, "gl_FragData") && fs)
            rep = SPV_RENAME_PREFIX "FragData";
         else if (tok_is(t, "gl_FragDepthEXT"))
            rep = "gl_FragDepth";
         for (size_t k = 0; !rep && k < sizeof(texture_map) / sizeof(texture_map[0]); k++)
            if (tok_is(t, texture_map[k].from))
               rep = texture_map[k].to;
         for (size_t k = 0; !rep && desktop && k < sizeof(shadow_map) / sizeof(shadow_map[0]); k++)
            if (tok_is(t, shadow_map[k].from))
               rep = shadow_map[k].to;
         if (es100 && fs && tok_is(t, "invariant")) {
            /* GLSL ES 3.00 spec, section 4.6.1: "Only variables output from a shader can be
             * candidates for invariance"; an ESSL 1.00 fragment shader may declare its
             * varyings invariant (to match the vertex shader), which 3.x rejects. */
            uint32_t j = i + 1;
            const struct tok *n = next_nonws(&tl, &j);
            if (n && tok_is(n, "varying")) {
               continue;
            }
            /* "invariant name, ...;" re-declaration: drop the statement. */
            while (i < tl.n && !tok_is(&tl.t[i], ";"))
               i++;
            continue;
         }
      }
      /* Magma stores images with row 0 = GL's bottom row and rasterizes with a positive
       * viewport, so Vulkan's PointCoord (origin at the framebuffer's row 0) runs bottom-up:
       * GL's LOWER_LEFT origin. GL_POINT_SPRITE_COORD_ORIGIN's default, UPPER_LEFT (the only
       * one in ES), flips it. gl_FragCoord needs no such fix: its y already is the GL window
       * y. */
      /* A fragment shader's arrays under names of their own: glslang would match them with
       * the vertex shader's as user varyings and refuse sizes that differ, which GLSL allows
       * (each stage sizes its built-in arrays itself). */
      if (!rep && fs && sh->ccd && tok_is(t, SPV_CCD_CLIP))
         rep = SPV_CCD_CLIP "_in";
      if (!rep && fs && sh->ccd && tok_is(t, SPV_CCD_CULL))
         rep = SPV_CCD_CULL "_in";
      if (!rep && tok_is(t, "gl_DepthRange"))
         rep = SPV_RENAME_PREFIX "DepthRange";
      if (!rep && fs && frag_coord_pci && tok_is(t, "gl_FragCoord"))
         rep = "(gl_FragCoord - vec4(0.5, 0.5, 0.0, 0.0))";
      if (!rep && fs && tok_is(t, "gl_PointCoord"))
         rep = "(vec2(gl_PointCoord.x, " SPV_POINT_ORIGIN_CONST " != 0 ? gl_PointCoord.y : 1.0 - gl_PointCoord.y))";
      /* GLSL ES 1.00 / 3.00's gl_MaxVaryingVectors is gone from the Vulkan dialect: the value
       * pass 1 gave it (the context's MAX_VARYING_VECTORS, or glslang's default). */
      char maxvar[24];
      if (!rep && sh->es && tok_is(t, "gl_MaxVaryingVectors")) {
         snprintf(maxvar, sizeof(maxvar), "%d", spv_max_varying_vectors(sh));
         rep = maxvar;
      }
      if (!rep) {
         if (es100)
            rename = in_list(t, es100_new_words) || in_list(t, es300_new_words);
         else if (es300)
            rename = in_list(t, es300_new_words);
         else if (desktop && sh->version < 140)
            rename = (sh->version < 120 && in_list(t, gl110_new_words)) ||
                     (sh->version < 130 && in_list(t, gl120_new_words)) ||
                     (in_list(t, gl130_new_words) && !(layout_keyword && tok_is(t, "layout")));
         rename = rename || in_list(t, vulkan_words);
      }
      if (rep) {
         spv_str_puts(&out, rep);
      } else if (rename) {
         spv_str_puts(&out, SPV_RENAME_PREFIX);
         spv_str_putn(&out, t->s, t->n);
      } else {
         spv_str_putn(&out, t->s, t->n);
      }
   }
   if (emit_wrap)
      append_emit_vertex(&out, psz, copies, ncopies, nclip, clip_name);
   else
      append_point_size_main(&out, psz, copies, ncopies, merge, nclip, clip_name);
   free(tl.t);
   free(flat);
   return spv_str_take(&out);
}

void
spv_unrename(char *name)
{
   static const struct {
      const char *from, *to;
   } builtins[] = {
      {SPV_RENAME_PREFIX "FragColor", "gl_FragColor"},
      {SPV_RENAME_PREFIX "FragData", "gl_FragData"},
      {SPV_RENAME_PREFIX "DepthRange", "gl_DepthRange"},
   };
   for (size_t k = 0; k < sizeof(builtins) / sizeof(builtins[0]); k++) {
      size_t n = strlen(builtins[k].from);
      if (strncmp(name, builtins[k].from, n) == 0 && (name[n] == '\0' || name[n] == '[' || name[n] == '.')) {
         size_t tn = strlen(builtins[k].to); /* shorter than from */
         memmove(name + tn, name + n, strlen(name + n) + 1);
         memcpy(name, builtins[k].to, tn);
         return;
      }
   }
   const size_t pn = strlen(SPV_RENAME_PREFIX);
   char *w = name;
   const char *r = name;
   bool comp_start = true;
   while (*r) {
      if (comp_start && strncmp(r, SPV_RENAME_PREFIX, pn) == 0)
         r += pn;
      comp_start = *r == '.';
      *w++ = *r++;
   }
   *w = '\0';
}

/* ---- the declaration scan -------------------------------------------------------------- */
static char *
tok_dup(const struct tok *t)
{
   char *s = malloc(t->n + 1);
   if (s) {
      memcpy(s, t->s, t->n);
      s[t->n] = '\0';
   }
   return s;
}

static const char *const qualifier_words[] = {
   "const", "centroid", "flat", "smooth", "noperspective", "invariant", "highp", "mediump",
   "lowp", "precise", "inout", "sample", "patch", "buffer", "shared", NULL,
};

/* Index of the token matching the bracket at i (same depth), or n. */
static uint32_t
match_bracket(const struct tok *t, uint32_t n, uint32_t i, const char *open, const char *close)
{
   int depth = 0;
   for (; i < n; i++) {
      if (tok_is(&t[i], open))
         depth++;
      else if (tok_is(&t[i], close) && --depth == 0)
         return i;
   }
   return n;
}

static bool
push_decl(struct spv_source_info *info, struct spv_decl d)
{
   struct spv_decl *nd = realloc(info->decls, (info->decl_count + 1) * sizeof(*nd));
   if (!nd)
      return false;
   info->decls = nd;
   info->decls[info->decl_count++] = d;
   return true;
}

/* Struct body tokens [b, e): "type name[, name][[N]]; ..." */
static bool
scan_struct(struct spv_source_info *info, const struct tok *t, uint32_t b, uint32_t e, char *name)
{
   struct spv_struct_def def = {name, NULL, 0, SPV_PACKING_SHARED};
   uint32_t i = b;
   while (i < e) {
      for (;;) {
         if (i < e && in_list(&t[i], qualifier_words))
            i++;
         else if (i < e && tok_is(&t[i], "layout")) /* block members: layout(row_major) */
            i = match_bracket(t, e, i + 1, "(", ")") + 1;
         else
            break;
      }
      if (i >= e || t[i].kind != TK_IDENT)
         break;
      const struct tok *type = &t[i++];
      for (;;) {
         while (i < e && tok_is(&t[i], "["))
            i = match_bracket(t, e, i, "[", "]") + 1;
         if (i < e && t[i].kind == TK_IDENT) {
            struct spv_struct_member *nm =
               realloc(def.members, (def.member_count + 1) * sizeof(*nm));
            if (!nm)
               goto oom;
            def.members = nm;
            nm[def.member_count].name = tok_dup(&t[i]);
            nm[def.member_count].type = tok_dup(type);
            def.member_count++;
            i++;
         }
         while (i < e && tok_is(&t[i], "["))
            i = match_bracket(t, e, i, "[", "]") + 1;
         if (i < e && tok_is(&t[i], ",")) {
            i++;
            continue;
         }
         break;
      }
      while (i < e && !tok_is(&t[i], ";"))
         i++;
      i++;
   }
   struct spv_struct_def *ns = realloc(info->structs, (info->struct_count + 1) * sizeof(*ns));
   if (!ns)
      goto oom;
   info->structs = ns;
   info->structs[info->struct_count++] = def;
   return true;
oom:
   for (uint32_t k = 0; k < def.member_count; k++) {
      free(def.members[k].name);
      free(def.members[k].type);
   }
   free(def.members);
   free(name);
   return false;
}

/* GLSL ES default precisions in force (section 4.5.4 of both specs): for float, int and
 * each sampler type named by a precision statement. */
#define MAX_DEFAULT_PRECISIONS 24
struct precisions {
   char type[MAX_DEFAULT_PRECISIONS][24];
   char p[MAX_DEFAULT_PRECISIONS];
   uint32_t n;
};

static char
precision_word(const struct tok *t)
{
   return tok_is(t, "highp") ? 'h' : tok_is(t, "mediump") ? 'm' : tok_is(t, "lowp") ? 'l' : 0;
}

static void
set_default(struct precisions *d, const char *type, size_t len, char p)
{
   uint32_t i = 0;
   while (i < d->n && !(strlen(d->type[i]) == len && memcmp(d->type[i], type, len) == 0))
      i++;
   if (i == MAX_DEFAULT_PRECISIONS || len >= sizeof(d->type[0]))
      return;
   if (i == d->n) {
      memcpy(d->type[i], type, len);
      d->type[i][len] = '\0';
      d->n++;
   }
   d->p[i] = p;
}

/* The default for a declared type: float for float vectors and matrices, int for int and
 * uint ones, the sampler type's own; 0 for bool and structures. */
static char
default_for(const struct precisions *d, const char *type)
{
   const char *key = type;
   if (!strncmp(type, "vec", 3) || !strncmp(type, "mat", 3) || !strcmp(type, "float"))
      key = "float";
   else if (!strncmp(type, "ivec", 4) || !strncmp(type, "uvec", 4) || !strcmp(type, "int") || !strcmp(type, "uint"))
      key = "int";
   for (uint32_t i = 0; d && i < d->n; i++)
      if (!strcmp(d->type[i], key))
         return d->p[i];
   return 0;
}

/* One global statement [b, e) (no trailing ';'); struct bodies already stripped. */
static bool
scan_statement(struct spv_source_info *info, const struct tok *t, uint32_t b, uint32_t e,
               const char *struct_type, bool vertex, const struct precisions *defaults)
{
   int location = -1;
   char precision = 0;
   enum spv_decl_storage storage = SPV_DECL_OTHER;
   uint32_t i = b;
   for (;;) {
      if (i < e && tok_is(&t[i], "layout")) {
         uint32_t close = match_bracket(t, e, i + 1, "(", ")");
         for (uint32_t k = i + 1; k + 2 < close; k++)
            if (tok_is(&t[k], "location") && tok_is(&t[k + 1], "=") && t[k + 2].kind == TK_NUM)
               location = (int)strtol(t[k + 2].s, NULL, 0);
         i = close + 1;
      } else if (i < e && tok_is(&t[i], "uniform")) {
         storage = SPV_DECL_UNIFORM;
         i++;
      } else if (i < e && (tok_is(&t[i], "in") || tok_is(&t[i], "attribute"))) {
         storage = SPV_DECL_IN;
         i++;
      } else if (i < e && tok_is(&t[i], "out")) {
         storage = SPV_DECL_OUT;
         i++;
      } else if (i < e && tok_is(&t[i], "varying")) {
         storage = vertex ? SPV_DECL_OUT : SPV_DECL_IN;
         i++;
      } else if (i < e && in_list(&t[i], qualifier_words)) {
         precision = precision_word(&t[i]) ? precision_word(&t[i]) : precision;
         i++;
      } else {
         break;
      }
   }
   if (storage == SPV_DECL_OTHER)
      return true;
   const char *type = struct_type;
   char *type_buf = NULL;
   if (!type) {
      if (i >= e || t[i].kind != TK_IDENT)
         return true;
      type_buf = tok_dup(&t[i++]);
      if (!type_buf)
         return false;
      type = type_buf;
   } else if (i < e && tok_is(&t[i], "struct")) {
      i++;
   }
   while (i < e && tok_is(&t[i], "["))
      i = match_bracket(t, e, i, "[", "]") + 1;
   bool ok = true;
   while (ok && i < e && t[i].kind == TK_IDENT) {
      struct spv_decl d = {tok_dup(&t[i]), strdup(type), storage, location, NULL,
                           precision ? precision : struct_type ? 0 : default_for(defaults, type)};
      i++;
      while (i < e && tok_is(&t[i], "["))
         i = match_bracket(t, e, i, "[", "]") + 1;
      if (i < e && tok_is(&t[i], "=")) {
         uint32_t s = ++i;
         int depth = 0;
         while (i < e && !(depth == 0 && tok_is(&t[i], ","))) {
            if (tok_is(&t[i], "(") || tok_is(&t[i], "["))
               depth++;
            else if (tok_is(&t[i], ")") || tok_is(&t[i], "]"))
               depth--;
            i++;
         }
         struct spv_str init = {0};
         for (uint32_t k = s; k < i; k++) {
            spv_str_putn(&init, t[k].s, t[k].n);
            spv_str_puts(&init, " ");
         }
         d.init = spv_str_take(&init);
      }
      if (!d.name || !d.type || !push_decl(info, d)) {
         free(d.name);
         free(d.type);
         free(d.init);
         ok = false;
      }
      location = -1; /* one location cannot name two variables */
      if (i < e && tok_is(&t[i], ","))
         i++;
   }
   free(type_buf);
   return ok;
}

/* The packing a layout(...) among tokens [b, e) names, else `dflt`. */
static enum spv_packing
packing_of(const struct tok *t, uint32_t b, uint32_t e, enum spv_packing dflt)
{
   for (uint32_t k = b; k < e; k++) {
      if (!tok_is(&t[k], "layout"))
         continue;
      uint32_t close = match_bracket(t, e, k + 1, "(", ")");
      for (uint32_t q = k + 1; q < close; q++) {
         if (tok_is(&t[q], "std140"))
            dflt = SPV_PACKING_STD140;
         else if (tok_is(&t[q], "shared"))
            dflt = SPV_PACKING_SHARED;
         else if (tok_is(&t[q], "packed"))
            dflt = SPV_PACKING_PACKED;
      }
      k = close;
   }
   return dflt;
}

bool
spv_scan_decls(const char *pp, bool vertex, struct spv_source_info *info)
{
   memset(info, 0, sizeof(*info));
   struct tok_list all;
   if (!tokenize(pp ? pp : "", &all))
      return false;
   /* Keep only the tokens the grammar sees. */
   uint32_t n = 0;
   for (uint32_t i = 0; i < all.n; i++)
      if (all.t[i].kind != TK_WS && all.t[i].kind != TK_DIRECTIVE)
         all.t[n++] = all.t[i];
   const struct tok *t = all.t;
   bool ok = true;
   uint32_t start = 0;
   /* GLSL ES 3.00 section 4.3.8.3: blocks default to shared; "layout(std140) uniform;"
    * changes the default for the blocks after it */
   enum spv_packing default_packing = SPV_PACKING_SHARED;
   /* GLSL ES 3.00 / 1.00 section 4.5.4: the predeclared defaults of each stage */
   struct precisions defaults = {.n = 0};
   set_default(&defaults, "int", 3, vertex ? 'h' : 'm');
   set_default(&defaults, "sampler2D", 9, 'l');
   set_default(&defaults, "samplerCube", 11, 'l');
   if (vertex)
      set_default(&defaults, "float", 5, 'h');
   for (uint32_t i = 0; ok && i < n; i++) {
      if (tok_is(&t[i], ";")) {
         if (i >= start + 2 && tok_is(&t[i - 1], "uniform") && tok_is(&t[start], "layout"))
            default_packing = packing_of(t, start, i, default_packing);
         /* "precision <qualifier> <type>;" */
         if (i == start + 3 && tok_is(&t[start], "precision") && precision_word(&t[start + 1]) &&
             t[start + 2].kind == TK_IDENT)
            set_default(&defaults, t[start + 2].s, t[start + 2].n, precision_word(&t[start + 1]));
         ok = scan_statement(info, t, start, i, NULL, vertex, &defaults);
         start = i + 1;
      } else if (tok_is(&t[i], "{")) {
         uint32_t close = match_bracket(t, n, i, "{", "}");
         bool is_struct = false, is_func = false;
         uint32_t sname = 0;
         for (uint32_t k = start; k < i; k++) {
            if (tok_is(&t[k], "struct")) {
               is_struct = true;
               sname = k + 1 < i && t[k + 1].kind == TK_IDENT ? k + 1 : 0;
            }
            /* "f(...) {": a function body (a block's layout(...) is no parameter list) */
            if (tok_is(&t[k], ")") && !is_struct && k + 1 == i)
               is_func = true;
         }
         if (is_func) {
            i = close;
            start = i + 1;
            continue;
         }
         if (is_struct) {
            char *name = sname ? tok_dup(&t[sname]) : strdup("");
            ok = name && scan_struct(info, t, i + 1, close < n ? close : n, name);
            /* Declarators after the body: "uniform struct S {...} s;" */
            uint32_t semi = close;
            while (semi < n && !tok_is(&t[semi], ";"))
               semi++;
            if (ok && semi > close + 1) {
               /* Build the statement as qualifiers + declarators. */
               const char *type = info->structs[info->struct_count - 1].name;
               struct tok *tmp = malloc((n + 1) * sizeof(*tmp));
               if (!tmp) {
                  ok = false;
                  break;
               }
               uint32_t m = 0;
               for (uint32_t k = start; k < i && !tok_is(&t[k], "struct"); k++)
                  tmp[m++] = t[k];
               for (uint32_t k = close + 1; k < semi; k++)
                  tmp[m++] = t[k];
               ok = scan_statement(info, tmp, 0, m, type, vertex, &defaults);
               free(tmp);
            }
            i = semi;
            start = i + 1;
            continue;
         }
         /* Interface block: a uniform block's members are kept as a struct named "@" + the
          * block name (no identifier starts with '@'), for the members' declared types. */
         bool uniform_block = false;
         for (uint32_t k = start; k < i; k++)
            uniform_block |= tok_is(&t[k], "uniform");
         if (uniform_block && i > start && t[i - 1].kind == TK_IDENT) {
            char *name = malloc(t[i - 1].n + 2);
            if (name) {
               name[0] = '@';
               memcpy(name + 1, t[i - 1].s, t[i - 1].n);
               name[t[i - 1].n + 1] = '\0';
            }
            ok = name && scan_struct(info, t, i + 1, close < n ? close : n, name);
            if (ok)
               info->structs[info->struct_count - 1].packing = packing_of(t, start, i, default_packing);
         }
         uint32_t semi = close;
         while (semi < n && !tok_is(&t[semi], ";"))
            semi++;
         i = semi;
         start = i + 1;
      }
   }
   free(all.t);
   if (!ok)
      spv_source_info_fini(info);
   return ok;
}

void
spv_source_info_fini(struct spv_source_info *info)
{
   for (uint32_t i = 0; i < info->decl_count; i++) {
      free(info->decls[i].name);
      free(info->decls[i].type);
      free(info->decls[i].init);
   }
   for (uint32_t i = 0; i < info->struct_count; i++) {
      for (uint32_t k = 0; k < info->structs[i].member_count; k++) {
         free(info->structs[i].members[k].name);
         free(info->structs[i].members[k].type);
      }
      free(info->structs[i].members);
      free(info->structs[i].name);
   }
   free(info->decls);
   free(info->structs);
   memset(info, 0, sizeof(*info));
}

const struct spv_decl *
spv_find_decl(const struct spv_source_info *info, const char *name, enum spv_decl_storage storage)
{
   if (!info)
      return NULL;
   for (uint32_t i = 0; i < info->decl_count; i++)
      if (info->decls[i].storage == storage && strcmp(info->decls[i].name, name) == 0)
         return &info->decls[i];
   return NULL;
}

const struct spv_struct_def *
spv_find_struct(const struct spv_source_info *info, const char *name)
{
   if (!info)
      return NULL;
   for (uint32_t i = 0; i < info->struct_count; i++)
      if (strcmp(info->structs[i].name, name) == 0)
         return &info->structs[i];
   return NULL;
}

/* ---- opaque members of uniform structures --------------------------------------------------
 * GLSL lets a uniform structure hold samplers ("struct S { float a; sampler2D s; }; uniform S
 * u[2];"); Vulkan's GLSL does not (glslang puts the structure in a UniformConstant block, which
 * is invalid SPIR-V). Before the lift proper, such a shader is rewritten: the structure loses
 * its opaque members (an int SPV_RENAME_PREFIX "pad" member keeps an emptied one legal), each
 * opaque leaf of each such uniform becomes a uniform of its own, an array over the arrays on
 * its path ("uniform samplerCube <enc>[2];"), and every access chain that ends at an opaque
 * leaf ("u[i].s") names that uniform with the chain's indices ("<enc>[i]"). The new name
 * encodes the path (spv_opaque_decode) so that the reflection reports GL's names
 * ("u[0].s", "u[1].s"). A structure holding samplers used as a whole (a function argument)
 * is left as it is and fails the link with glslang's words. */
#define OPAQUE_MAX_STRUCTS 64
#define OPAQUE_MAX_MEMBERS 64
#define OPAQUE_MAX_UNIFORMS 64
#define OPAQUE_MAX_DEPTH 6

struct op_member {
   const struct tok *type;           /* type token */
   const struct tok *name;
   uint32_t qual_b, qual_e;          /* qualifier tokens [qual_b, qual_e) (precision) */
   uint32_t dims_b, dims_e;          /* the declarator's array brackets [dims_b, dims_e) */
};

struct op_struct {
   const struct tok *name;
   uint32_t body_b, body_e; /* tokens strictly inside the braces */
   struct op_member m[OPAQUE_MAX_MEMBERS];
   uint32_t nm;
   bool opaque; /* holds an opaque member, directly or through a member structure */
};

struct op_uniform {
   const struct tok *name;
   struct op_struct *type;
   uint32_t dims_b, dims_e;
   uint32_t decl_end; /* index of its statement's ';' */
};

struct op_ctx {
   const struct tok *t; /* non-white-space tokens */
   uint32_t n;
   const char **next;   /* next[i]: where the text after t[i]'s trailing white space starts */
   struct op_struct s[OPAQUE_MAX_STRUCTS];
   uint32_t ns;
   struct op_uniform u[OPAQUE_MAX_UNIFORMS];
   uint32_t nu;
};

static bool
opaque_type_name(const struct tok *t)
{
   return t->kind == TK_IDENT && ((t->n > 7 && !memcmp(t->s, "sampler", 7)) ||
                                  (t->n > 8 && (!memcmp(t->s, "isampler", 8) || !memcmp(t->s, "usampler", 8))));
}

static struct op_struct *
op_find_struct(struct op_ctx *c, const struct tok *name)
{
   for (uint32_t i = 0; i < c->ns; i++)
      if (c->s[i].name->n == name->n && !memcmp(c->s[i].name->s, name->s, name->n))
         return &c->s[i];
   return NULL;
}

static bool
op_member_opaque(struct op_ctx *c, const struct op_member *m)
{
   struct op_struct *st = opaque_type_name(m->type) ? NULL : op_find_struct(c, m->type);
   return opaque_type_name(m->type) || (st && st->opaque);
}

/* The members of a structure body [b, e). */
static void
op_parse_members(struct op_ctx *c, struct op_struct *st, uint32_t b, uint32_t e)
{
   const struct tok *t = c->t;
   uint32_t i = b;
   while (i < e && st->nm < OPAQUE_MAX_MEMBERS) {
      uint32_t qb = i;
      while (i < e && (in_list(&t[i], qualifier_words) || tok_is(&t[i], "layout"))) {
         if (tok_is(&t[i], "layout"))
            i = match_bracket(t, e, i + 1, "(", ")");
         i++;
      }
      if (i >= e || t[i].kind != TK_IDENT)
         break;
      uint32_t qe = i;
      const struct tok *type = &t[i++];
      while (i < e && !tok_is(&t[i], ";")) {
         if (t[i].kind != TK_IDENT) {
            i++;
            continue;
         }
         struct op_member *m = &st->m[st->nm++];
         m->type = type;
         m->name = &t[i++];
         m->qual_b = qb;
         m->qual_e = qe;
         m->dims_b = i;
         while (i < e && tok_is(&t[i], "["))
            i = match_bracket(t, e, i, "[", "]") + 1;
         m->dims_e = i;
         if (st->nm == OPAQUE_MAX_MEMBERS)
            break;
      }
      i++;
   }
}

/* Structures and the uniforms of structure types that hold opaque members. */
static bool
op_scan(struct op_ctx *c)
{
   const struct tok *t = c->t;
   int depth = 0;
   for (uint32_t i = 0; i < c->n; i++) {
      if (tok_is(&t[i], "{"))
         depth++;
      else if (tok_is(&t[i], "}"))
         depth--;
      if (!tok_is(&t[i], "struct") || i + 2 >= c->n || t[i + 1].kind != TK_IDENT || !tok_is(&t[i + 2], "{") ||
          c->ns == OPAQUE_MAX_STRUCTS)
         continue;
      struct op_struct *st = &c->s[c->ns++];
      memset(st, 0, sizeof(*st));
      st->name = &t[i + 1];
      st->body_b = i + 3;
      st->body_e = match_bracket(t, c->n, i + 2, "{", "}");
      op_parse_members(c, st, st->body_b, st->body_e);
   }
   /* opaque-ness through member structures (declared before use: one pass in order) */
   bool any = false;
   for (uint32_t k = 0; k < c->ns; k++) {
      for (uint32_t m = 0; m < c->s[k].nm; m++)
         c->s[k].opaque |= op_member_opaque(c, &c->s[k].m[m]);
      any |= c->s[k].opaque;
   }
   if (!any)
      return false;
   /* global "uniform [qualifiers] S name[dims], ...;" (also "uniform struct S {...} name;") */
   depth = 0;
   for (uint32_t i = 0; i < c->n; i++) {
      if (tok_is(&t[i], "{"))
         depth++;
      else if (tok_is(&t[i], "}"))
         depth--;
      if (depth != 0 || !tok_is(&t[i], "uniform"))
         continue;
      uint32_t j = i + 1;
      while (j < c->n && in_list(&t[j], qualifier_words))
         j++;
      const struct tok *type = j < c->n ? &t[j] : NULL;
      if (type && tok_is(type, "struct")) {
         /* "uniform struct S { ... } u;": the declarators follow the body */
         type = j + 2 < c->n && t[j + 1].kind == TK_IDENT && tok_is(&t[j + 2], "{") ? &t[j + 1] : NULL;
         j = type ? match_bracket(t, c->n, j + 2, "{", "}") : j;
      }
      struct op_struct *st = type ? op_find_struct(c, type) : NULL;
      if (!st || !st->opaque)
         continue;
      j++;
      while (j < c->n && !tok_is(&t[j], ";")) {
         if (t[j].kind != TK_IDENT || c->nu == OPAQUE_MAX_UNIFORMS) {
            j++;
            continue;
         }
         struct op_uniform *u = &c->u[c->nu++];
         u->name = &t[j++];
         u->type = st;
         u->dims_b = j;
         while (j < c->n && tok_is(&t[j], "["))
            j = match_bracket(t, c->n, j, "[", "]") + 1;
         u->dims_e = j;
      }
      for (uint32_t k = 0; k < c->nu; k++)
         if (!c->u[k].decl_end)
            c->u[k].decl_end = j;
      i = j;
   }
   return c->nu > 0;
}

struct op_path {
   const struct tok *name[OPAQUE_MAX_DEPTH];
   long dim[OPAQUE_MAX_DEPTH]; /* array length, 0: not an array */
   uint32_t n;
};

/* The length an array declarator [b, e) gives: 0 for none, -1 for anything but one
 * bracketed integer literal (then the structure is left as it is). */
static long
op_dim(const struct tok *t, uint32_t b, uint32_t e)
{
   if (b == e)
      return 0;
   if (e - b != 3 || !tok_is(&t[b], "[") || t[b + 1].kind != TK_NUM || !tok_is(&t[b + 2], "]"))
      return -1;
   char *end;
   char num[32];
   snprintf(num, sizeof(num), "%.*s", (int)t[b + 1].n, t[b + 1].s);
   long v = strtol(num, &end, 0);
   return *end == '\0' && v > 0 && v <= 64 ? v : -1;
}

/* Tokens [b, e) as written, with the white space after each ("*=" stays one operator). */
static void
op_put_tokens(struct op_ctx *c, struct spv_str *out, uint32_t b, uint32_t e)
{
   for (uint32_t i = b; i < e; i++)
      spv_str_putn(out, c->t[i].s, (size_t)(c->next[i] - c->t[i].s));
}

/* SPV_OPAQUE_PREFIX then, per path component, "_<length>x<name>" and "a<N>" for an array of
 * N or "s"; the uniform is one array over every array on the path (Vulkan allows one array
 * level for a descriptor, GLSL 3.30 has no arrays of arrays), outermost index first. */
static void
op_put_name(struct spv_str *out, const struct op_path *p)
{
   spv_str_puts(out, SPV_OPAQUE_PREFIX);
   for (uint32_t k = 0; k < p->n; k++) {
      spv_str_printf(out, "_%zux", p->name[k]->n);
      spv_str_putn(out, p->name[k]->s, p->name[k]->n);
      if (p->dim[k])
         spv_str_printf(out, "a%ld", p->dim[k]);
      else
         spv_str_puts(out, "s");
   }
}

/* "uniform <qualifiers> <type> <enc><dims>;" for every opaque leaf under `st`. */
static void
op_declare_leaves(struct op_ctx *c, struct spv_str *out, struct op_struct *st, struct op_path *p, int depth)
{
   if (depth >= OPAQUE_MAX_DEPTH - 1)
      return;
   for (uint32_t m = 0; m < st->nm; m++) {
      const struct op_member *mb = &st->m[m];
      if (!op_member_opaque(c, mb))
         continue;
      p->name[p->n] = mb->name;
      p->dim[p->n] = op_dim(c->t, mb->dims_b, mb->dims_e);
      p->n++;
      if (opaque_type_name(mb->type)) {
         long total = 1;
         bool array = false, bad = false;
         for (uint32_t k = 0; k < p->n; k++) {
            total *= p->dim[k] > 0 ? p->dim[k] : 1;
            array |= p->dim[k] != 0;
            bad |= p->dim[k] < 0;
         }
         if (bad) { /* not an integer literal length: left alone (the link fails) */
            p->n--;
            continue;
         }
         spv_str_puts(out, "\nuniform ");
         op_put_tokens(c, out, mb->qual_b, mb->qual_e);
         spv_str_putn(out, mb->type->s, mb->type->n);
         spv_str_puts(out, " ");
         op_put_name(out, p);
         if (array)
            spv_str_printf(out, "[%ld]", total);
         spv_str_puts(out, ";\n");
      } else {
         op_declare_leaves(c, out, op_find_struct(c, mb->type), p, depth + 1);
      }
      p->n--;
   }
}

/* An access chain from uniform u at token i ending at an opaque leaf: writes the flat name
 * with the chain's indices and returns the index past the chain; 0 when the chain does not
 * end at an opaque leaf (then nothing is written). */
static uint32_t
op_rewrite_chain(struct op_ctx *c, struct spv_str *out, const struct op_uniform *u, uint32_t i)
{
   const struct tok *t = c->t;
   struct op_path p = {.n = 1};
   p.name[0] = u->name;
   p.dim[0] = op_dim(t, u->dims_b, u->dims_e);
   uint32_t idx_b[OPAQUE_MAX_DEPTH], idx_e[OPAQUE_MAX_DEPTH];
   long idx_dim[OPAQUE_MAX_DEPTH];
   uint32_t nidx = 0;
   uint32_t j = i + 1;
   struct op_struct *st = u->type;
   long want = p.dim[0]; /* the current level's array length */
   for (int depth = 0; depth < OPAQUE_MAX_DEPTH; depth++) {
      if (want < 0)
         return 0;
      if (want) {
         if (j >= c->n || !tok_is(&t[j], "[") || nidx == OPAQUE_MAX_DEPTH)
            return 0;
         idx_b[nidx] = j + 1;
         idx_dim[nidx] = want;
         j = match_bracket(t, c->n, j, "[", "]");
         idx_e[nidx++] = j++;
      }
      if (!st || j + 1 >= c->n || !tok_is(&t[j], ".") || t[j + 1].kind != TK_IDENT)
         return 0;
      const struct op_member *mb = NULL;
      for (uint32_t m = 0; m < st->nm; m++)
         if (st->m[m].name->n == t[j + 1].n &&
             !memcmp(st->m[m].name->s, t[j + 1].s, t[j + 1].n))
            mb = &st->m[m];
      if (!mb || !op_member_opaque(c, mb) || p.n == OPAQUE_MAX_DEPTH)
         return 0;
      j += 2;
      p.name[p.n] = mb->name;
      p.dim[p.n] = op_dim(t, mb->dims_b, mb->dims_e);
      want = p.dim[p.n];
      p.n++;
      if (opaque_type_name(mb->type)) {
         /* the leaf: indexed when it is an array (a whole sampler array is not flattened) */
         if (want < 0 || (want && (j >= c->n || !tok_is(&t[j], "[") || nidx == OPAQUE_MAX_DEPTH)))
            return 0;
         if (want) {
            idx_b[nidx] = j + 1;
            idx_dim[nidx] = want;
            j = match_bracket(t, c->n, j, "[", "]");
            idx_e[nidx++] = j++;
         }
         /* one index over every level, outermost first: ((i0) * d1 + (i1)) * d2 + (i2) */
         op_put_name(out, &p);
         if (nidx) {
            spv_str_puts(out, "[");
            for (uint32_t k = 1; k < nidx; k++)
               spv_str_puts(out, "(");
            for (uint32_t k = 0; k < nidx; k++) {
               if (k)
                  spv_str_printf(out, ") * %ld + ", idx_dim[k]);
               spv_str_puts(out, "(");
               op_put_tokens(c, out, idx_b[k], idx_e[k]);
               spv_str_puts(out, ")");
            }
            spv_str_puts(out, "]");
         }
         spv_str_puts(out, " ");
         return j;
      }
      st = op_find_struct(c, mb->type);
   }
   return 0;
}

/* The rewritten source (malloc'd), or NULL when nothing needs it. */
static char *
lift_opaque_structs(const char *src)
{
   struct tok_list all;
   if (!tokenize(src, &all))
      return NULL;
   struct op_ctx *c = calloc(1, sizeof(*c));
   struct tok *nw = malloc((all.n + 1) * sizeof(*nw));
   char *result = NULL;
   if (!c || !nw)
      goto out;
   const char **next = malloc((all.n + 1) * sizeof(*next));
   if (!next)
      goto out;
   for (uint32_t i = 0; i < all.n; i++) {
      if (all.t[i].kind == TK_WS)
         continue;
      next[c->n] = all.t[i].s + all.t[i].n;
      if (i + 1 < all.n && all.t[i + 1].kind == TK_WS)
         next[c->n] += all.t[i + 1].n;
      nw[c->n++] = all.t[i];
   }
   c->t = nw;
   c->next = next;
   if (!op_scan(c))
      goto out;
   struct spv_str out = {0};
   const struct tok *t = c->t;
   for (uint32_t i = 0; i < c->n; i++) {
      if (t[i].kind == TK_DIRECTIVE) {
         spv_str_puts(&out, "\n");
         spv_str_putn(&out, t[i].s, t[i].n);
         spv_str_puts(&out, "\n");
         continue;
      }
      /* a structure body: without its opaque members */
      struct op_struct *st = NULL;
      for (uint32_t k = 0; k < c->ns; k++)
         if (c->s[k].opaque && c->s[k].body_b == i)
            st = &c->s[k];
      if (st) {
         uint32_t kept = 0;
         for (uint32_t m = 0; m < st->nm; m++) {
            const struct op_member *mb = &st->m[m];
            if (opaque_type_name(mb->type))
               continue;
            op_put_tokens(c, &out, mb->qual_b, mb->qual_e);
            spv_str_putn(&out, mb->type->s, mb->type->n);
            spv_str_puts(&out, " ");
            spv_str_putn(&out, mb->name->s, mb->name->n);
            op_put_tokens(c, &out, mb->dims_b, mb->dims_e);
            spv_str_puts(&out, ";\n");
            kept++;
         }
         if (!kept)
            spv_str_puts(&out, "int " SPV_OPAQUE_PAD ";\n");
         i = st->body_e - 1;
         continue;
      }
      const struct op_uniform *u = NULL;
      bool after_decl = false;
      for (uint32_t k = 0; t[i].kind == TK_IDENT && k < c->nu; k++) {
         if (c->u[k].name->n == t[i].n && !memcmp(c->u[k].name->s, t[i].s, t[i].n)) {
            u = &c->u[k];
            after_decl = i > u->decl_end;
         }
      }
      if (u && after_decl && !(i > 0 && tok_is(&t[i - 1], "."))) {
         uint32_t next = op_rewrite_chain(c, &out, u, i);
         if (next) {
            i = next - 1;
            continue;
         }
      }
      op_put_tokens(c, &out, i, i + 1);
      /* after a declaration statement: its uniforms' opaque leaves */
      for (uint32_t k = 0; k < c->nu; k++) {
         if (c->u[k].decl_end != i)
            continue;
         struct op_path p = {.n = 1};
         p.name[0] = c->u[k].name;
         p.dim[0] = op_dim(t, c->u[k].dims_b, c->u[k].dims_e);
         op_declare_leaves(c, &out, c->u[k].type, &p, 0);
      }
   }
   result = spv_str_take(&out);
out:
   if (c)
      free(c->next);
   free(c);
   free(nw);
   free(all.t);
   return result;
}
