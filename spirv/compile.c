/* splitgl spirv: pass 1, the GL compile. glslang parses the shader with its own #version and
 * no SPIR-V target; its status and info log are the spec's compile status and info log.
 * Code generation waits for the link (link.c). */
#include <pthread.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>

#include "spirv/spv_internal.h"
#include "util/log.h"

/* ---- spv_str ------------------------------------------------------------------------------ */
void
spv_str_putn(struct spv_str *b, const char *s, size_t n)
{
   if (b->oom)
      return;
   if (b->len + n + 1 > b->cap) {
      size_t cap = b->cap ? b->cap : 256;
      while (cap < b->len + n + 1)
         cap *= 2;
      char *p = realloc(b->s, cap);
      if (!p) {
         b->oom = true;
         return;
      }
      b->s = p;
      b->cap = cap;
   }
   memcpy(b->s + b->len, s, n);
   b->len += n;
   b->s[b->len] = '\0';
}

void
spv_str_puts(struct spv_str *b, const char *s)
{
   spv_str_putn(b, s, strlen(s));
}

void
spv_str_printf(struct spv_str *b, const char *fmt, ...)
{
   char tmp[512];
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
   va_end(ap);
   if (n < 0)
      return;
   spv_str_putn(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

char *
spv_str_take(struct spv_str *b)
{
   if (b->oom) {
      free(b->s);
      b->s = NULL;
      b->len = b->cap = 0;
      return NULL;
   }
   char *s = b->s ? b->s : strdup("");
   b->s = NULL;
   b->len = b->cap = 0;
   return s;
}

/* ---- glslang process state ---------------------------------------------------------------- */
static pthread_once_t glslang_once = PTHREAD_ONCE_INIT;

static void
init_glslang_once(void)
{
   if (!glslang_initialize_process())
      sgl_err("spirv: glslang_initialize_process failed");
}

void
spv_glslang_init(void)
{
   pthread_once(&glslang_once, init_glslang_once);
}

int
spv_glslang_stage_of(enum spv_stage stage)
{
   switch (stage) {
   case SPV_STAGE_VERTEX: return GLSLANG_STAGE_VERTEX;
   case SPV_STAGE_GEOMETRY: return GLSLANG_STAGE_GEOMETRY;
   default: return GLSLANG_STAGE_FRAGMENT;
   }
}

/* Reads "#version N [profile]" if it is the first directive (only comments and white space
 * may precede it: GLSL ES 3.00 spec, section 3.4 "The #version directive must be present
 * in a shader ... before anything else, except for comments and white space"). */
static void
detect_version(const char *src, int *version, bool *es, bool *compat, bool *found, const char **directive)
{
   const char *p = src;
   *found = false;
   for (;;) {
      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '\f' || *p == '\v')
         p++;
      if (p[0] == '/' && p[1] == '/') {
         while (*p && *p != '\n')
            p++;
      } else if (p[0] == '/' && p[1] == '*') {
         const char *e = strstr(p + 2, "*/");
         if (!e)
            return;
         p = e + 2;
      } else {
         break;
      }
   }
   if (*p != '#')
      return;
   *directive = p;
   p++;
   while (*p == ' ' || *p == '\t')
      p++;
   if (strncmp(p, "version", 7) != 0)
      return;
   p += 7;
   while (*p == ' ' || *p == '\t')
      p++;
   char *end;
   long v = strtol(p, &end, 10);
   if (end == p || v < 0 || v > 10000)
      return;
   *version = (int)v;
   *found = true;
   p = end;
   while (*p == ' ' || *p == '\t')
      p++;
   *es = strncmp(p, "es", 2) == 0 && !(p[2] == '_' || (p[2] >= 'a' && p[2] <= 'z') ||
                                       (p[2] >= 'A' && p[2] <= 'Z') || (p[2] >= '0' && p[2] <= '9'));
   *compat = strncmp(p, "compatibility", 13) == 0;
   /* GLSL ES 1.00 has no profile token: "#version 100" is ES. */
   if (v == 100)
      *es = true;
}

/* Built-ins of the compatibility profile. GLSL 1.40 removed what 1.30 deprecated (section
 * 1.2.1: the fixed-function vertex inputs, uniform state and varyings, gl_ClipVertex,
 * ftransform) unless ARB_compatibility, which no splitgl context offers; glslang still
 * declares them at #version 140 (from 1.50 on its core profile does not). gl_FragColor,
 * gl_FragData and the texture2D family were only deprecated and stay. */
static const char *const compat_builtins[] = {
   "gl_Vertex", "gl_Normal", "gl_Color", "gl_SecondaryColor", "gl_FogCoord", "gl_MultiTexCoord0",
   "gl_MultiTexCoord1", "gl_MultiTexCoord2", "gl_MultiTexCoord3", "gl_MultiTexCoord4", "gl_MultiTexCoord5",
   "gl_MultiTexCoord6", "gl_MultiTexCoord7", "gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor",
   "gl_BackSecondaryColor", "gl_TexCoord", "gl_FogFragCoord", "gl_ClipVertex", "gl_ModelViewMatrix",
   "gl_ProjectionMatrix", "gl_ModelViewProjectionMatrix", "gl_TextureMatrix", "gl_NormalMatrix",
   "gl_ModelViewMatrixInverse", "gl_ProjectionMatrixInverse", "gl_ModelViewProjectionMatrixInverse",
   "gl_TextureMatrixInverse", "gl_ModelViewMatrixTranspose", "gl_ProjectionMatrixTranspose",
   "gl_ModelViewProjectionMatrixTranspose", "gl_TextureMatrixTranspose", "gl_ModelViewMatrixInverseTranspose",
   "gl_ProjectionMatrixInverseTranspose", "gl_ModelViewProjectionMatrixInverseTranspose",
   "gl_TextureMatrixInverseTranspose", "gl_NormalScale", "gl_ClipPlane", "gl_Point", "gl_PointParameters",
   "gl_FrontMaterial", "gl_BackMaterial", "gl_MaterialParameters", "gl_LightSource", "gl_LightSourceParameters",
   "gl_LightModel", "gl_LightModelParameters", "gl_FrontLightModelProduct", "gl_BackLightModelProduct",
   "gl_LightModelProducts", "gl_FrontLightProduct", "gl_BackLightProduct", "gl_LightProducts",
   "gl_TextureEnvColor", "gl_EyePlaneS", "gl_EyePlaneT", "gl_EyePlaneR", "gl_EyePlaneQ", "gl_ObjectPlaneS",
   "gl_ObjectPlaneT", "gl_ObjectPlaneR", "gl_ObjectPlaneQ", "gl_Fog", "gl_FogParameters", "gl_MaxTextureUnits",
   "gl_MaxTextureCoords", "gl_MaxClipPlanes", "ftransform", NULL,
};

/* The first compatibility built-in the preprocessed source names, with its line; NULL if none. */
static const char *
find_compat_builtin(const char *pp, int *line)
{
   *line = 1;
   for (const char *p = pp; *p;) {
      if (*p == '\n') {
         (*line)++;
         p++;
         continue;
      }
      if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) {
         p++;
         continue;
      }
      const char *b = p;
      while (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))
         p++;
      size_t n = (size_t)(p - b);
      if (n < 4 || !((b[0] == 'g' && b[1] == 'l' && b[2] == '_') || b[0] == 'f'))
         continue;
      for (const char *const *c = compat_builtins; *c; c++)
         if (strlen(*c) == n && memcmp(*c, b, n) == 0)
            return *c;
   }
   return NULL;
}

/* ---- fragment inputs of integer type in interface blocks ------------------------------------
 * GLSL 1.50 section 4.3.4 (and GLSL ES 3.00 4.3.4): "Fragment shader inputs that are signed or
 * unsigned integers, integer vectors, or any double-precision floating-point type must be
 * qualified with the interpolation qualifier flat." glslang applies it to plain inputs but not
 * to the members of an input interface block (piglit glsl-1.50 flat_interpolation). A token
 * walk of the preprocessed source: the structures declared at global scope, then every member
 * of every `in` block. */
struct tok {
   const char *p;
   size_t n;
   int line;
};

/* The next token (an identifier or number, or one punctuation character); false at the end. */
static bool
next_tok(const char **pp, int *line, struct tok *t)
{
   const char *p = *pp;
   for (;;) {
      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
         if (*p == '\n')
            (*line)++;
         p++;
      }
      if (*p != '#')
         break;
      while (*p && *p != '\n') /* #version, #extension, #line, #pragma: not declarations */
         p++;
   }
   if (!*p) {
      *pp = p;
      return false;
   }
   t->p = p;
   t->line = *line;
   if (isalnum((unsigned char)*p) || *p == '_') {
      while (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
         p++;
   } else {
      p++;
   }
   t->n = (size_t)(p - t->p);
   *pp = p;
   return true;
}

static bool
tok_is(const struct tok *t, const char *s)
{
   return strlen(s) == t->n && !memcmp(t->p, s, t->n);
}

#define MAX_INT_STRUCTS 64
struct int_structs {
   struct tok name[MAX_INT_STRUCTS]; /* structures with an integer member, at any depth */
   unsigned count;
};

static bool
type_is_integer(const struct tok *t, const struct int_structs *is)
{
   static const char *const ints[] = {"int", "ivec2", "ivec3", "ivec4", "uint", "uvec2", "uvec3", "uvec4", NULL};
   for (const char *const *i = ints; *i; i++)
      if (tok_is(t, *i))
         return true;
   for (unsigned i = 0; i < is->count; i++)
      if (is->name[i].n == t->n && !memcmp(is->name[i].p, t->p, t->n))
         return true;
   return false;
}

static bool
is_qualifier(const struct tok *t)
{
   static const char *const q[] = {"flat", "smooth", "noperspective", "centroid", "invariant", "highp", "mediump",
                                   "lowp", "in", "out", "uniform", "const", "precise", "sample", "patch", NULL};
   for (const char *const *i = q; *i; i++)
      if (tok_is(t, *i))
         return true;
   return false;
}

/* The member declarations of a block or structure body, from after its `{` to its `}`: calls
 * back with each declaration's type token and whether `flat` qualified it. Returns false if the
 * body does not end. */
static bool
walk_members(const char **pp, int *line, const struct int_structs *is, bool *any_int, struct tok *bad)
{
   struct tok t, type = {0};
   bool flat = false, have_type = false;
   int depth = 0;
   while (next_tok(pp, line, &t)) {
      if (tok_is(&t, "}") && depth == 0)
         return true;
      if (tok_is(&t, "[") || tok_is(&t, "("))
         depth++;
      else if ((tok_is(&t, "]") || tok_is(&t, ")")) && depth > 0)
         depth--;
      if (depth)
         continue;
      if (tok_is(&t, ";")) {
         if (have_type && type_is_integer(&type, is)) {
            *any_int = true;
            if (!flat && bad && !bad->p)
               *bad = type;
         }
         flat = have_type = false;
      } else if (tok_is(&t, "flat")) {
         flat = true;
      } else if (!have_type && !is_qualifier(&t) && (isalpha((unsigned char)t.p[0]) || t.p[0] == '_')) {
         type = t;
         have_type = true;
      }
   }
   return false;
}

/* The first member of a fragment shader's input block with an integer type and no `flat`: its
 * type token, or a token with p NULL. */
static struct tok
find_unflat_block_int(const char *pp)
{
   struct int_structs is = {.count = 0};
   struct tok t, prev[2] = {{0}, {0}}, bad = {0};
   int line = 1, depth = 0;
   const char *p = pp;
   while (next_tok(&p, &line, &t)) {
      if (tok_is(&t, "{")) {
         if (depth == 0 && prev[1].p && tok_is(&prev[1], "struct")) {
            /* struct NAME { ... }: remember it if it holds an integer */
            bool any_int = false;
            if (!walk_members(&p, &line, &is, &any_int, NULL))
               break;
            if (any_int && is.count < MAX_INT_STRUCTS)
               is.name[is.count++] = prev[0];
         } else if (depth == 0 && prev[1].p && tok_is(&prev[1], "in")) {
            bool any_int = false;
            if (!walk_members(&p, &line, &is, &any_int, &bad))
               break;
            if (bad.p)
               return bad;
         } else {
            depth++;
         }
      } else if (tok_is(&t, "}") && depth > 0) {
         depth--;
      }
      prev[1] = prev[0];
      prev[0] = t;
   }
   return (struct tok){0};
}

/* ---- a block named like an earlier function -------------------------------------------------
 * GLSL 1.50 section 4.3.7: "it is an error to use a block name at global scope for anything
 * other than as a block name". glslang reports most such reuses, but a block whose name an
 * earlier function declaration or definition took makes its parser look the name up as a
 * variable, find nothing (functions are stored under mangled names) and dereference NULL: a
 * crash in the application's process (piglit interface-blocks-name-reused-globally-6). The
 * preprocessed source is walked before glslang parses it: at global scope, `TYPE NAME (` declares
 * a function NAME; `in|out|uniform|buffer NAME {` opens a block. Returns the block's name token
 * (p NULL if none). */
#define MAX_FUNC_NAMES 256
static struct tok
find_block_named_like_function(const char *pp)
{
   struct tok funcs[MAX_FUNC_NAMES];
   unsigned nfuncs = 0;
   struct tok t, prev[2] = {{0}, {0}};
   int line = 1, braces = 0, parens = 0;
   const char *p = pp;
   while (next_tok(&p, &line, &t)) {
      bool prev0_ident = prev[0].p && (isalpha((unsigned char)prev[0].p[0]) || prev[0].p[0] == '_');
      bool prev1_ident = prev[1].p && (isalpha((unsigned char)prev[1].p[0]) || prev[1].p[0] == '_');
      if (tok_is(&t, "{")) {
         if (braces == 0 && parens == 0 && prev0_ident && prev[1].p &&
             (tok_is(&prev[1], "in") || tok_is(&prev[1], "out") || tok_is(&prev[1], "uniform") ||
              tok_is(&prev[1], "buffer"))) {
            for (unsigned i = 0; i < nfuncs; i++)
               if (funcs[i].n == prev[0].n && !memcmp(funcs[i].p, prev[0].p, prev[0].n))
                  return prev[0];
         }
         braces++;
      } else if (tok_is(&t, "}")) {
         if (braces > 0)
            braces--;
      } else if (tok_is(&t, "(")) {
         if (braces == 0 && parens == 0 && prev0_ident && prev1_ident && !tok_is(&prev[0], "layout") &&
             nfuncs < MAX_FUNC_NAMES)
            funcs[nfuncs++] = prev[0];
         parens++;
      } else if (tok_is(&t, ")")) {
         if (parens > 0)
            parens--;
      }
      prev[1] = prev[0];
      prev[0] = t;
   }
   return (struct tok){0};
}

/* ---- gl_PerVertex redeclarations ------------------------------------------------------------
 * GLSL 4.10 section 7.1, which piglit and Mesa apply from GLSL 1.50 (see polyfill): "when a
 * built-in interface block with an instance name is redeclared (e.g., gl_in), the instance
 * name must be included in the redeclaration" and "if a built-in interface block is
 * redeclared, no member of the built-in declaration can be redeclared outside the block
 * redeclaration". glslang checks neither when the block comes first. A token walk of the
 * preprocessed source: the members of an `out gl_PerVertex` redeclaration, the names of global
 * `out` declarations of built-ins, the instance name after a geometry shader's `in` one. */
#define MAX_PERVERTEX_NAMES 16

static bool
is_ident(const struct tok *t)
{
   return isalpha((unsigned char)t->p[0]) || t->p[0] == '_';
}

/* From after the block's `{` through its `}`: each member's name (the identifier before its
 * `;` or array size) into names (when names is not NULL). False if the body does not end. */
static bool
block_member_names(const char **pp, int *line, struct tok *names, unsigned *count)
{
   struct tok m, last = {0};
   int depth = 0;
   while (next_tok(pp, line, &m)) {
      if (depth == 0 && tok_is(&m, "}"))
         return true;
      if (tok_is(&m, "[") || tok_is(&m, ";")) {
         if (depth == 0 && last.p && names && *count < MAX_PERVERTEX_NAMES)
            names[(*count)++] = last;
         last.p = NULL;
         depth += tok_is(&m, "[");
      } else if (tok_is(&m, "]")) {
         depth -= depth > 0;
      } else if (depth == 0 && is_ident(&m)) {
         last = m;
      }
   }
   return false;
}

/* A misuse of a gl_PerVertex redeclaration: the offending token and *why, or p NULL. */
static struct tok
find_pervertex_misuse(const char *pp, bool geometry, const char **why)
{
   struct tok t, prev[2] = {{0}, {0}}, members[MAX_PERVERTEX_NAMES], globals[MAX_PERVERTEX_NAMES];
   struct tok first = {0}, name = {0};
   unsigned nm = 0, ng = 0;
   int line = 1, depth = 0;
   const char *p = pp;
   while (next_tok(&p, &line, &t)) {
      if (depth == 0 && tok_is(&t, "{") && prev[0].p && tok_is(&prev[0], "gl_PerVertex") && prev[1].p &&
          (tok_is(&prev[1], "in") || tok_is(&prev[1], "out"))) {
         bool out = tok_is(&prev[1], "out");
         if (!block_member_names(&p, &line, out ? members : NULL, &nm))
            break;
         struct tok inst;
         if (!out && geometry && (!next_tok(&p, &line, &inst) || !tok_is(&inst, "gl_in"))) {
            *why = "the redeclaration of gl_PerVertex input must keep its instance name gl_in";
            return prev[0];
         }
         prev[0] = prev[1] = first = name = (struct tok){0};
         continue;
      }
      if (tok_is(&t, "{")) {
         depth++;
         first = name = (struct tok){0};
      } else if (tok_is(&t, "}")) {
         depth -= depth > 0;
         first = name = (struct tok){0};
      } else if (depth == 0 && (tok_is(&t, ";") || tok_is(&t, "["))) {
         if (first.p && tok_is(&first, "out") && name.p && name.n > 3 && !memcmp(name.p, "gl_", 3) &&
             ng < MAX_PERVERTEX_NAMES)
            globals[ng++] = name;
         if (tok_is(&t, ";"))
            first = (struct tok){0};
         name = (struct tok){0};
      } else if (depth == 0) {
         if (!first.p)
            first = t;
         if (is_ident(&t))
            name = t;
      }
      prev[1] = prev[0];
      prev[0] = t;
   }
   for (unsigned g = 0; g < ng; g++) {
      for (unsigned k = 0; k < nm; k++) {
         if (globals[g].n == members[k].n && !memcmp(globals[g].p, members[k].p, members[k].n)) {
            *why = "a member of the redeclared gl_PerVertex block cannot be redeclared outside it";
            return members[k].line > globals[g].line ? members[k] : globals[g];
         }
      }
   }
   return (struct tok){0};
}

/* ---- sequences in ESSL 1.00 constant expressions ---------------------------------------------
 * GLSL ES 1.00 section 5.10 does not exclude the sequence operator from constant expressions
 * (ESSL 3.00 does: "the sequence operator ( , )"), so `const float f = (1.0, 2.0);`, an array
 * size `[(1, 2)]` and a global initializer `(cf, 3.0)` are constant; glslang never folds a
 * sequence ("global const initializers must be constant"). At global scope (where every such
 * expression must be constant) a parenthesized sequence `(e1, ..., en)` that is not a call's or
 * a constructor's argument list becomes `(en)`: a constant e1 has no effect on the value. So
 * that e1 ... e(n-1) are still checked, each group is appended as
 * `const float sgl_seqK = float((e1, ..., e(n-1)));` with a #line of its own line (a constant
 * initializer: e1 must be a constant expression; float() of any scalar, vector or matrix). The
 * appended initializers are folded again, until no sequence is left at global scope; the
 * removed text keeps its newlines. Returns the new text, NULL when nothing changed (*oom on
 * failure). Sequences inside functions are left to glslang. */
static char *
fold_es100_sequences_once(const char *src, unsigned *serial, bool *oom)
{
   struct spv_str out = {0}, tail = {0};
   struct tok t, prev = {0};
   int line = 1, depth = 0;
   const char *p = src, *copied = src;
   bool changed = false;
   while (next_tok(&p, &line, &t)) {
      if (tok_is(&t, "{")) {
         depth++;
      } else if (tok_is(&t, "}")) {
         depth -= depth > 0;
      } else if (tok_is(&t, "(") && depth == 0 &&
                 !(prev.p && (isalpha((unsigned char)prev.p[0]) || prev.p[0] == '_' || tok_is(&prev, "]")))) {
         /* the top-level commas of this parenthesis, and its end */
         const char *q = p, *last_comma = NULL;
         int l2 = line, nest = 0;
         struct tok u;
         bool closed = false;
         while (next_tok(&q, &l2, &u)) {
            if (tok_is(&u, "(") || tok_is(&u, "[") || tok_is(&u, "{"))
               nest++;
            else if ((tok_is(&u, ")") || tok_is(&u, "]") || tok_is(&u, "}")) && nest > 0)
               nest--;
            else if (tok_is(&u, ")")) {
               closed = true;
               break;
            } else if (tok_is(&u, ",") && nest == 0)
               last_comma = u.p;
         }
         if (closed && last_comma) {
            /* `(` e1, ..., e(n-1) `,` en `)`: keep `(` en `)`; the dropped text's newlines stay */
            spv_str_putn(&out, copied, (size_t)(p - copied));
            for (const char *c = p; c < last_comma + 1; c++)
               if (*c == '\n')
                  spv_str_putn(&out, "\n", 1);
            copied = last_comma + 1;
            /* the line after "#line N" is N (glslang's ES rule) */
            spv_str_printf(&tail, "\n#line %d\nconst float sgl_seq%u = float((", t.line, (*serial)++);
            spv_str_putn(&tail, p, (size_t)(last_comma - p));
            spv_str_puts(&tail, "));");
            changed = true;
            /* go on in en (its own sequences are folded in this round too) */
            for (const char *c = p; c < last_comma + 1; c++)
               line += *c == '\n';
            p = last_comma + 1;
            prev = (struct tok){last_comma, 1, line};
            continue;
         }
      }
      prev = t;
   }
   if (!changed) {
      free(spv_str_take(&out));
      free(spv_str_take(&tail));
      return NULL;
   }
   spv_str_puts(&out, copied);
   char *tl = spv_str_take(&tail);
   if (tl)
      spv_str_puts(&out, tl);
   free(tl);
   char *r = tl ? spv_str_take(&out) : (free(spv_str_take(&out)), NULL);
   *oom = r == NULL;
   return r;
}

static char *
fold_es100_sequences(const char *src, bool *oom)
{
   unsigned serial = 0;
   char *cur = NULL;
   *oom = false;
   /* each round moves the sequences one level out of the kept operand or into an appended
    * initializer; a bound keeps a hostile nesting from looping long */
   for (int round = 0; round < 16; round++) {
      char *next = fold_es100_sequences_once(cur ? cur : src, &serial, oom);
      if (!next)
         break;
      free(cur);
      cur = next;
   }
   if (*oom) {
      free(cur);
      return NULL;
   }
   return cur;
}

/* ---- ESSL 1.00 array type specifiers ---------------------------------------------------------
 * The GLSL ES 1.00 grammar (section 9) has `type_specifier_no_prec: type_specifier_nonarray
 * LEFT_BRACKET constant_expression RIGHT_BRACKET`, so `float[2] x;` declares an array as
 * `float x[2];` does; glslang allows that form from ESSL 3.00 only ("arrayed type : not
 * supported for this version"). In a declaration (after `;`, `{`, `}`, `(`, `,`, a qualifier or
 * the start) `T [e] NAME` not followed by `(` becomes `T NAME[e]`, and in a declaration
 * statement every later declarator of it gets `[e]` too (`float[2] a, b;` declares two
 * arrays). The moved text keeps its newlines. An array return type or an array constructor
 * (`float[2](...)`, which ESSL 1.00 does not have) is left to glslang's error. */
struct text_edit {
   const char *at;     /* where */
   size_t drop;        /* bytes replaced */
   const char *ins;    /* inserted text (its own newlines none), ins_n bytes */
   size_t ins_n;
};

static bool
decl_start(const struct tok *prev)
{
   static const char *const q[] = {";", "{", "}", "(", ",", "const", "uniform", "attribute", "varying", "in", "out",
                                   "inout", "highp", "mediump", "lowp", "invariant", NULL};
   if (!prev->p)
      return true;
   for (const char *const *i = q; *i; i++)
      if (tok_is(prev, *i))
         return true;
   return false;
}

static char *
es100_array_types(const char *src, bool *oom)
{
   struct text_edit edits[256];
   unsigned nedits = 0;
   struct tok t, prev = {0};
   int line = 1, paren = 0;
   const char *p = src;
   while (next_tok(&p, &line, &t) && nedits + 64 < sizeof(edits) / sizeof(edits[0])) {
      paren += tok_is(&t, "(") - tok_is(&t, ")");
      bool ident = isalpha((unsigned char)t.p[0]) || t.p[0] == '_';
      const char *q = p;
      int l2 = line;
      struct tok open;
      if (!ident || !decl_start(&prev) || !next_tok(&q, &l2, &open) || !tok_is(&open, "[")) {
         prev = t;
         continue;
      }
      /* T [ e ] NAME */
      struct tok u, close = {0}, name;
      int nest = 0;
      while (next_tok(&q, &l2, &u)) {
         if (tok_is(&u, "["))
            nest++;
         else if (tok_is(&u, "]") && nest-- == 0) {
            close = u;
            break;
         }
      }
      const char *after_close = q;
      struct tok follow;
      if (!close.p || !next_tok(&q, &l2, &name) || !(isalpha((unsigned char)name.p[0]) || name.p[0] == '_') ||
          (next_tok(&(const char *){q}, &(int){l2}, &follow) && tok_is(&follow, "("))) {
         prev = t;
         continue;
      }
      const char *size = open.p;
      size_t size_n = (size_t)(close.p + 1 - open.p);
      if (memchr(size, '\n', size_n)) { /* a size over several lines: left alone */
         prev = t;
         continue;
      }
      edits[nedits++] = (struct text_edit){open.p, (size_t)(after_close - open.p), " ", 1};
      edits[nedits++] = (struct text_edit){name.p + name.n, 0, size, size_n};
      if (paren == 0) {
         /* the statement's other declarators */
         int n2 = 0;
         struct tok v, last = name;
         while (next_tok(&q, &l2, &v) && !(tok_is(&v, ";") && n2 == 0) && nedits + 2 < sizeof(edits) / sizeof(edits[0])) {
            if (tok_is(&v, "(") || tok_is(&v, "[") || tok_is(&v, "{"))
               n2++;
            else if (tok_is(&v, ")") || tok_is(&v, "]") || tok_is(&v, "}"))
               n2--;
            else if (n2 == 0 && tok_is(&last, ",") && (isalpha((unsigned char)v.p[0]) || v.p[0] == '_'))
               edits[nedits++] = (struct text_edit){v.p + v.n, 0, size, size_n};
            last = v;
         }
      }
      p = after_close;
      line = l2;
      /* re-count lines from the source: next_tok's count for p */
      line = 1;
      for (const char *c = src; c < p; c++)
         line += *c == '\n';
      prev = close;
   }
   if (!nedits)
      return NULL;
   /* apply in source order (edits were recorded in order except within a statement, whose
    * declarator inserts follow its first two edits) */
   for (unsigned i = 1; i < nedits; i++)
      for (unsigned j = i; j > 0 && edits[j - 1].at > edits[j].at; j--) {
         struct text_edit x = edits[j];
         edits[j] = edits[j - 1];
         edits[j - 1] = x;
      }
   struct spv_str out = {0};
   const char *c = src;
   for (unsigned i = 0; i < nedits; i++) {
      if (edits[i].at < c)
         continue; /* overlapping: cannot happen for well-formed text; skip */
      spv_str_putn(&out, c, (size_t)(edits[i].at - c));
      spv_str_putn(&out, edits[i].ins, edits[i].ins_n);
      for (const char *d = edits[i].at; d < edits[i].at + edits[i].drop; d++)
         if (*d == '\n')
            spv_str_putn(&out, "\n", 1);
      c = edits[i].at + edits[i].drop;
   }
   spv_str_puts(&out, c);
   char *r = spv_str_take(&out);
   *oom = r == NULL;
   return r;
}

/* ---- declaration rules of desktop GLSL 1.50 that glslang leaves out ---------------------------
 * A token walk of the preprocessed text of a desktop shader that compiled; the first error's
 * message (into err) and line, or 0:
 *   - GLSL 1.50 section 4.3.7: block members take no `varying` / `attribute` (deprecated
 *     storage; glslang only warns), and a uniform block array has a size ("array_blocks[]");
 *   - section 4.3.8.1: a geometry `layout(...) in` / `out` names one primitive ("points,
 *     triangles_adjacency" is an error; glslang takes the last);
 *   - section 4.3.4 (geometry inputs): every sized input array has the size of the input
 *     primitive, so sizes that differ are an error, and an unsized one indexed with a literal
 *     past the primitive's vertex count is too. */
static int
desktop_decl_checks(const char *pp, enum spv_stage stage, char *err, size_t err_size)
{
   static const struct {
      const char *name;
      int n;
   } in_prims[] = {{"points", 1}, {"lines", 2}, {"lines_adjacency", 4}, {"triangles", 3}, {"triangles_adjacency", 6}};
   static const char *const out_prims[] = {"points", "line_strip", "triangle_strip"};
   struct tok t, prev[3] = {{0}, {0}, {0}};
   int line = 1, depth = 0, layout_n = 0;
   struct {
      struct tok name;
      int size; /* 0: unsized */
   } arrays[32];
   unsigned narrays = 0;
   const char *p = pp;
   bool in_block = false, uniform_block = false;
   struct tok block_kw = {0};
   while (next_tok(&p, &line, &t)) {
      if (tok_is(&t, "{")) {
         if (depth == 0 && prev[1].p && (tok_is(&prev[1], "in") || tok_is(&prev[1], "out") || tok_is(&prev[1], "uniform"))) {
            in_block = true;
            uniform_block = tok_is(&prev[1], "uniform");
            block_kw = prev[1];
         }
         depth++;
      } else if (tok_is(&t, "}")) {
         depth -= depth > 0;
         if (depth == 0 && in_block) {
            in_block = false;
            /* } NAME [ N? ] */
            const char *q = p;
            int l2 = line;
            struct tok name, open, sz, close;
            if (next_tok(&q, &l2, &name) && next_tok(&q, &l2, &open) && tok_is(&open, "[") && next_tok(&q, &l2, &sz)) {
               bool unsized = tok_is(&sz, "]");
               if (uniform_block && unsized) {
                  snprintf(err, err_size, "'%.*s' : a uniform block array must be declared with a size",
                           (int)name.n, name.p);
                  return name.line;
               }
               if (tok_is(&block_kw, "in") && stage == SPV_STAGE_GEOMETRY && narrays < 32 &&
                   (unsized || (isdigit((unsigned char)sz.p[0]) && next_tok(&q, &l2, &close) && tok_is(&close, "]"))))
                  arrays[narrays].name = name, arrays[narrays++].size = unsized ? 0 : atoi(sz.p);
            }
         }
      } else if (in_block && depth == 1 && (tok_is(&t, "varying") || tok_is(&t, "attribute"))) {
         snprintf(err, err_size, "'%.*s' : not allowed on a block member", (int)t.n, t.p);
         return t.line;
      } else if (depth == 0 && tok_is(&t, "layout")) {
         /* layout ( ids ) in|out ; */
         const char *q = p;
         int l2 = line, nprim = 0, n_in = 0;
         struct tok u;
         if (!next_tok(&q, &l2, &u) || !tok_is(&u, "("))
            goto next;
         int nout = 0;
         while (next_tok(&q, &l2, &u) && !tok_is(&u, ")")) {
            for (size_t k = 0; k < sizeof(in_prims) / sizeof(in_prims[0]); k++)
               if (tok_is(&u, in_prims[k].name))
                  nprim++, n_in = in_prims[k].n;
            for (size_t k = 0; k < sizeof(out_prims) / sizeof(out_prims[0]); k++)
               if (tok_is(&u, out_prims[k]))
                  nout++;
         }
         struct tok dir, semi;
         if (stage == SPV_STAGE_GEOMETRY && next_tok(&q, &l2, &dir) && next_tok(&q, &l2, &semi) && tok_is(&semi, ";")) {
            if (tok_is(&dir, "in") && nprim > 1) {
               snprintf(err, err_size, "'layout' : only one input primitive type may be declared");
               return t.line;
            }
            if (tok_is(&dir, "out") && nout > 1) {
               snprintf(err, err_size, "'layout' : only one output primitive type may be declared");
               return t.line;
            }
            if (tok_is(&dir, "in") && nprim == 1)
               layout_n = n_in;
         }
      } else if (depth == 0 && stage == SPV_STAGE_GEOMETRY && tok_is(&t, "[") && prev[0].p && prev[1].p &&
                 prev[2].p && tok_is(&prev[2], "in") && narrays < 32) {
         /* in TYPE NAME [ N? ] */
         const char *q = p;
         int l2 = line;
         struct tok sz, close;
         if (next_tok(&q, &l2, &sz)) {
            if (tok_is(&sz, "]"))
               arrays[narrays].name = prev[0], arrays[narrays++].size = 0;
            else if (isdigit((unsigned char)sz.p[0]) && next_tok(&q, &l2, &close) && tok_is(&close, "]"))
               arrays[narrays].name = prev[0], arrays[narrays++].size = atoi(sz.p);
         }
      }
   next:
      prev[2] = prev[1];
      prev[1] = prev[0];
      prev[0] = t;
   }
   if (stage != SPV_STAGE_GEOMETRY)
      return 0;
   int size = layout_n;
   for (unsigned i = 0; i < narrays; i++) {
      if (!arrays[i].size)
         continue;
      if (size && arrays[i].size != size) {
         snprintf(err, err_size, "'%.*s' : geometry shader input arrays have inconsistent sizes (%d, %d)",
                  (int)arrays[i].name.n, arrays[i].name.p, size, arrays[i].size);
         return arrays[i].name.line;
      }
      size = arrays[i].size;
   }
   if (!layout_n)
      return 0;
   /* unsized inputs indexed with a literal past the primitive's vertex count */
   line = 1;
   p = pp;
   struct tok a = {0}, b = {0};
   while (next_tok(&p, &line, &t)) {
      if (b.p && tok_is(&b, "[") && isdigit((unsigned char)t.p[0])) {
         for (unsigned i = 0; i < narrays; i++)
            if (!arrays[i].size && arrays[i].name.n == a.n && !memcmp(arrays[i].name.p, a.p, a.n) && atoi(t.p) >= layout_n) {
               snprintf(err, err_size, "'%.*s' : index %d is past the input primitive's %d vertices", (int)a.n, a.p,
                        atoi(t.p), layout_n);
               return t.line;
            }
      }
      a = b;
      b = t;
   }
   return 0;
}

/* ---- unsized uniform arrays with an initializer (desktop GLSL) -------------------------------
 * GLSL 1.50 section 4.1.9: an array declared without a size and initialized takes its size from
 * the initializer (`uniform vec4 c[] = vec4[](a, b, c);` has 3 elements). glslang ignores
 * initializers of uniforms ("Ignoring initializer for uniform"; splitgl applies them, see
 * spv_eval_init), so such a uniform stays unsized and a variable index into it fails in pass 2.
 * The size is written into the declaration's `[]`: the constructor's own size, else the count
 * of its top-level arguments. NULL when nothing changed. */
static char *
size_initialized_uniforms(const char *src, bool *oom)
{
   struct spv_str out = {0};
   const char *p = src, *copied = src;
   struct tok t, prev[2] = {{0}, {0}};
   int line = 1, depth = 0;
   bool uniform_stmt = false, changed = false;
   while (next_tok(&p, &line, &t)) {
      if (tok_is(&t, "{"))
         depth++;
      else if (tok_is(&t, "}"))
         depth -= depth > 0;
      else if (depth == 0 && tok_is(&t, ";"))
         uniform_stmt = false;
      else if (depth == 0 && tok_is(&t, "uniform"))
         uniform_stmt = true;
      else if (depth == 0 && uniform_stmt && tok_is(&t, "=") && prev[0].p && tok_is(&prev[0], "]") && prev[1].p &&
               tok_is(&prev[1], "[")) {
         /* NAME [ ] = TYPE [ N? ] ( args ) */
         const char *q = p;
         int l2 = line;
         struct tok ty, open, u;
         if (!next_tok(&q, &l2, &ty) || !next_tok(&q, &l2, &open) || !tok_is(&open, "["))
            goto next;
         long n = -1;
         if (!next_tok(&q, &l2, &u))
            goto next;
         if (isdigit((unsigned char)u.p[0])) {
            n = strtol(u.p, NULL, 0);
            if (!next_tok(&q, &l2, &u))
               goto next;
         }
         if (!tok_is(&u, "]") || !next_tok(&q, &l2, &u) || !tok_is(&u, "("))
            goto next;
         if (n < 0) {
            int nest = 0;
            long args = 0;
            bool any = false;
            while (next_tok(&q, &l2, &u)) {
               if (tok_is(&u, "(") || tok_is(&u, "["))
                  nest++;
               else if ((tok_is(&u, ")") || tok_is(&u, "]")) && nest > 0)
                  nest--;
               else if (tok_is(&u, ")"))
                  break;
               else if (tok_is(&u, ",") && nest == 0)
                  args++;
               any = true;
            }
            n = any ? args + 1 : 0;
         }
         if (n <= 0)
            goto next;
         spv_str_putn(&out, copied, (size_t)(prev[0].p - copied));
         spv_str_printf(&out, "%ld", n);
         copied = prev[0].p;
         changed = true;
      }
   next:
      prev[1] = prev[0];
      prev[0] = t;
   }
   if (!changed) {
      free(spv_str_take(&out));
      return NULL;
   }
   spv_str_puts(&out, copied);
   char *r = spv_str_take(&out);
   *oom = r == NULL;
   return r;
}

/* ---- ESSL return precisions -------------------------------------------------------------------
 * GLSL ES 1.00 section 6.1: a function's declarations and its definition must match in
 * "return type", and ESSL's precision is part of a type's qualification: a prototype that
 * returns `float` under `precision mediump float` and a definition that returns `highp float`
 * do not match (piglit mismatched-return-precision). glslang compares the basic types only. A
 * walk of the global statements keeps the default precisions in force (float and int; a vertex
 * shader starts with highp for both, a fragment shader with mediump int) and each function
 * header's effective return precision, keyed by its name and parameter types; a later header
 * of the same key with another precision is an error (0 if none; err gets the message). */
static char
base_of(const struct tok *t)
{
   if (tok_is(t, "float") || (t->n == 4 && (!memcmp(t->p, "vec", 3) || !memcmp(t->p, "mat", 3))))
      return 'f';
   if (tok_is(t, "int") || (t->n == 5 && !memcmp(t->p, "ivec", 4)))
      return 'i';
   return 0;
}

static char
prec_of(const struct tok *t)
{
   return tok_is(t, "lowp") ? 'l' : tok_is(t, "mediump") ? 'm' : tok_is(t, "highp") ? 'h' : 0;
}

/* Appends n bytes of s and then `sep` to key (size bytes, *k used); false once it does not fit
 * (the key is then not used: a truncated key could match another function's). */
static bool
key_put(char *key, size_t size, size_t *k, const char *s, size_t n, char sep)
{
   if (*k + n + 2 > size)
      return false;
   memcpy(key + *k, s, n);
   *k += n;
   key[(*k)++] = sep;
   key[*k] = '\0';
   return true;
}

static int
es_return_precisions(const char *pp, bool vertex, char *err, size_t err_size)
{
   char def_f = vertex ? 'h' : 0, def_i = vertex ? 'h' : 'm';
   struct {
      char key[200];
      char prec;
   } seen[64];
   unsigned nseen = 0;
   struct tok stmt[64];
   unsigned n = 0;
   int line = 1, depth = 0;
   const char *p = pp;
   struct tok t;
   while (next_tok(&p, &line, &t)) {
      if (depth > 0) {
         depth += tok_is(&t, "{") - tok_is(&t, "}");
         continue;
      }
      if (tok_is(&t, ";") || tok_is(&t, "{") || tok_is(&t, "}")) {
         /* precision Q T ; */
         if (tok_is(&t, ";") && n == 3 && tok_is(&stmt[0], "precision") && prec_of(&stmt[1])) {
            if (tok_is(&stmt[2], "float"))
               def_f = prec_of(&stmt[1]);
            else if (tok_is(&stmt[2], "int"))
               def_i = prec_of(&stmt[1]);
         }
         /* [prec] TYPE NAME ( params ) ;|{ */
         unsigned open = 0;
         while (open < n && !tok_is(&stmt[open], "("))
            open++;
         if ((tok_is(&t, ";") || tok_is(&t, "{")) && open >= 2 && open < n && tok_is(&stmt[n - 1], ")")) {
            const struct tok *type = &stmt[open - 2], *name = &stmt[open - 1];
            char base = base_of(type);
            char prec = open >= 3 ? prec_of(&stmt[open - 3]) : 0;
            if (base && !prec)
               prec = base == 'f' ? def_f : def_i;
            if (base && prec) {
               char key[200];
               size_t k = 0;
               bool fits = key_put(key, sizeof(key), &k, name->p, name->n, '(');
               /* parameter types: each parameter's tokens but its name and precisions */
               unsigned ps = open + 1;
               for (unsigned i = open + 1; i < n && fits; i++) {
                  if (tok_is(&stmt[i], ",") || i == n - 1) {
                     /* the name: the last identifier before any `[` */
                     unsigned last_id = ps;
                     bool found = false;
                     for (unsigned j = ps; j < i && !tok_is(&stmt[j], "["); j++)
                        if (isalpha((unsigned char)stmt[j].p[0]) || stmt[j].p[0] == '_')
                           last_id = j, found = true;
                     for (unsigned j = ps; j < i && fits; j++)
                        if (!(found && j == last_id && j > ps) && !prec_of(&stmt[j]))
                           fits = key_put(key, sizeof(key), &k, stmt[j].p, stmt[j].n, ' ');
                     fits = fits && key_put(key, sizeof(key), &k, "", 0, ',');
                     ps = i + 1;
                  }
               }
               /* a header whose statement was cut (more than 64 tokens) or whose key does not
                * fit is not compared */
               if (!fits || n >= 64)
                  goto header_done;
               unsigned s2 = 0;
               while (s2 < nseen && strcmp(seen[s2].key, key))
                  s2++;
               if (s2 < nseen && seen[s2].prec != prec) {
                  snprintf(err, err_size, "'%.*s' : the return precision differs from an earlier declaration "
                                          "of the function (GLSL ES 1.00 section 6.1)", (int)name->n, name->p);
                  return name->line;
               }
               if (s2 == nseen && nseen < 64) {
                  memcpy(seen[nseen].key, key, sizeof(key));
                  seen[nseen++].prec = prec;
               }
            }
         }
      header_done:
         if (tok_is(&t, "{"))
            depth = 1;
         n = 0;
         continue;
      }
      if (n < 64)
         stmt[n++] = t;
   }
   return 0;
}

/* A desktop fragment shader's gl_FragCoord (GLSL 1.50 section 4.3.8.1; the link compares the
 * units of the stage, link.c check_frag_coord): a global statement with `in` naming it is a
 * redeclaration (its layout qualifiers into sh->frag_coord_decl), any other mention a static
 * use. Below 1.50 blank_frag_coord_redeclaration already took the redeclaration out and set
 * frag_coord_decl. */
static void
scan_frag_coord(struct spv_shader *sh)
{
   struct tok t;
   int line = 1, depth = 0;
   unsigned stmt = 0; /* SPV_FRAG_COORD_* bits of the current global statement; REDECLARED: `in` */
   const char *p = sh->preprocessed;
   while (next_tok(&p, &line, &t)) {
      if (tok_is(&t, "{") || tok_is(&t, "}") || (tok_is(&t, ";") && !depth)) {
         depth += tok_is(&t, "{") - (tok_is(&t, "}") && depth);
         stmt = 0;
         continue;
      }
      if (!depth && tok_is(&t, "in"))
         stmt |= SPV_FRAG_COORD_REDECLARED;
      else if (!depth && t.n == 17 && !strncasecmp(t.p, "origin_upper_left", 17)) /* not case sensitive */
         stmt |= SPV_FRAG_COORD_ORIGIN_UPPER_LEFT;
      else if (!depth && t.n == 20 && !strncasecmp(t.p, "pixel_center_integer", 20))
         stmt |= SPV_FRAG_COORD_PIXEL_CENTER_INTEGER;
      if (t.n < 12 || memcmp(t.p, "gl_FragCoord", 12) || (t.n > 12 && t.p[12] != '.'))
         continue;
      if (!depth && (stmt & SPV_FRAG_COORD_REDECLARED) && t.n == 12)
         sh->frag_coord_decl = (uint8_t)stmt;
      else
         sh->frag_coord_used = true;
   }
}

/* GLSL 1.10 - 4.60 and GLSL ES, section 3.7 / 3.8 (Identifiers): "Identifiers starting with
 * "gl_" are reserved ... and may not be declared in a shader as either a variable or a
 * function"; a structure's name is declared too (piglit struct-name-uses-gl-prefix). glslang
 * checks variables and functions but not structure names: the first `struct gl_...` of the
 * preprocessed source, or a token with p NULL. */
static struct tok
find_reserved_struct_name(const char *pp)
{
   struct tok t, prev = {0};
   int line = 1;
   const char *p = pp;
   while (next_tok(&p, &line, &t)) {
      if (prev.p && tok_is(&prev, "struct") && t.n > 3 && !strncmp(t.p, "gl_", 3))
         return t;
      prev = t;
   }
   return (struct tok){0};
}

/* Versions this driver accepts per API. */
static bool
version_supported(enum spv_api api, int version, bool es)
{
   if (api == SPV_API_GLES)
      return es && (version == 100 || version == 300 || version == 310 || version == 320);
   if (es)
      return false;
   /* OpenGL 3.3 core, section 2.11.1 ("OpenGL 3.3 implementations are guaranteed to support
    * versions 1.40, 1.50 and 3.30"): older versions may be supported too, and are (as Mesa
    * does); the compatibility built-ins they name are refused below (find_compat_builtin),
    * a core context has no fixed-function state to feed them. */
   switch (version) {
   case 110: case 120: case 130: case 140: case 150: case 330: case 400: case 410: case 420: case 430: case 440: case 450: case 460:
      return true;
   default:
      return false;
   }
}

/* glslang refuses an ES #version that is not on the first line ("must appear first in
 * es-profile shader; before comments or newlines"), but the GLSL ES specs let comments and
 * white space precede it (GLSL ES 3.00, section 3.4). Moves the directive to line 1 and keeps
 * every later line's number with #line (the line after "#line N" is line N in glslang).
 * Returns NULL when no rewrite is needed. */
static char *
hoist_version(const char *src, const char *directive)
{
   if (directive == src)
      return NULL;
   unsigned line = 1;
   for (const char *q = src; q < directive; q++)
      line += *q == '\n';
   const char *eol = strchr(directive, '\n');
   size_t dlen = eol ? (size_t)(eol - directive) : strlen(directive);
   const char *rest = eol ? eol + 1 : "";
   size_t size = dlen + strlen(rest) + 32;
   char *out = malloc(size);
   if (out)
      snprintf(out, size, "%.*s\n#line %u\n%s", (int)dlen, directive, line + 1, rest);
   return out;
}

int
spv_max_varying_vectors(const struct spv_shader *sh)
{
   glslang_resource_t r;
   spv_fill_resource(&r, sh);
   return r.max_varying_vectors;
}

void
spv_fill_resource(glslang_resource_t *r, const struct spv_shader *sh)
{
   *r = *glslang_default_resource();
   const struct spv_limits *l = &sh->limits;
#define SET(field, value)                                                                    \
   if ((value) != 0)                                                                        \
      r->field = (value);
   SET(max_vertex_attribs, l->max_vertex_attribs)
   SET(max_vertex_uniform_vectors, l->max_vertex_uniform_vectors)
   SET(max_vertex_uniform_components, l->max_vertex_uniform_vectors * 4)
   SET(max_fragment_uniform_vectors, l->max_fragment_uniform_vectors)
   SET(max_fragment_uniform_components, l->max_fragment_uniform_vectors * 4)
   SET(max_varying_vectors, l->max_varying_vectors)
   SET(max_varying_components, l->max_varying_components)
   SET(max_varying_floats, l->max_varying_components)
   SET(max_vertex_output_components, l->max_vertex_output_components)
   SET(max_vertex_output_vectors, l->max_vertex_output_components / 4)
   SET(max_fragment_input_components, l->max_fragment_input_components)
   SET(max_fragment_input_vectors, l->max_fragment_input_components / 4)
   SET(max_vertex_texture_image_units, l->max_vertex_texture_image_units)
   SET(max_texture_image_units, l->max_texture_image_units)
   SET(max_combined_texture_image_units, l->max_combined_texture_image_units)
   SET(max_draw_buffers, l->max_draw_buffers)
   SET(max_clip_distances, l->max_clip_distances)
   SET(max_geometry_input_components, l->max_geometry_input_components)
   SET(max_geometry_output_components, l->max_geometry_output_components)
   SET(max_geometry_output_vertices, l->max_geometry_output_vertices)
   SET(max_geometry_total_output_components, l->max_geometry_total_output_components)
   SET(max_geometry_uniform_components, l->max_geometry_uniform_components)
   SET(max_geometry_texture_image_units, l->max_geometry_texture_image_units)
   SET(max_geometry_varying_components, l->max_geometry_output_components)
#undef SET
   if (l->min_program_texel_offset || l->max_program_texel_offset) {
      r->min_program_texel_offset = l->min_program_texel_offset;
      r->max_program_texel_offset = l->max_program_texel_offset;
   }
}

/* glslang's GLSL 1.40 lacks inverse(), which the GLSL 1.40 spec (section 8.5) has. A shader of
 * that version that names it and defines none of its own gets these definitions after its
 * #version line (#line keeps the numbers of its own lines); both passes see them. A table of
 * such gaps, and how each is closed, is in docs/ARCHITECTURE.md ("Compiler gaps"). */
static const char inverse_140[] =
   "mat2 inverse(mat2 m) { return mat2(m[1][1], -m[0][1], -m[1][0], m[0][0]) /"
   " (m[0][0] * m[1][1] - m[1][0] * m[0][1]); }\n"
   "mat3 inverse(mat3 m) {\n"
   " vec3 a = m[0], b = m[1], c = m[2];\n"
   " vec3 r0 = cross(b, c), r1 = cross(c, a), r2 = cross(a, b);\n"
   " return transpose(mat3(r0, r1, r2)) / dot(a, r0); }\n"
   "mat4 inverse(mat4 m) {\n"
   " float a00 = m[0][0], a01 = m[0][1], a02 = m[0][2], a03 = m[0][3];\n"
   " float a10 = m[1][0], a11 = m[1][1], a12 = m[1][2], a13 = m[1][3];\n"
   " float a20 = m[2][0], a21 = m[2][1], a22 = m[2][2], a23 = m[2][3];\n"
   " float a30 = m[3][0], a31 = m[3][1], a32 = m[3][2], a33 = m[3][3];\n"
   " float b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10, b02 = a00 * a13 - a03 * a10;\n"
   " float b03 = a01 * a12 - a02 * a11, b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;\n"
   " float b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30, b08 = a20 * a33 - a23 * a30;\n"
   " float b09 = a21 * a32 - a22 * a31, b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;\n"
   " float det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;\n"
   " return mat4(a11 * b11 - a12 * b10 + a13 * b09, a02 * b10 - a01 * b11 - a03 * b09,\n"
   "   a31 * b05 - a32 * b04 + a33 * b03, a22 * b04 - a21 * b05 - a23 * b03,\n"
   "   a12 * b08 - a10 * b11 - a13 * b07, a00 * b11 - a02 * b08 + a03 * b07,\n"
   "   a32 * b02 - a30 * b05 - a33 * b01, a20 * b05 - a22 * b02 + a23 * b01,\n"
   "   a10 * b10 - a11 * b08 + a13 * b06, a01 * b08 - a00 * b10 - a03 * b06,\n"
   "   a30 * b04 - a31 * b02 + a33 * b00, a21 * b02 - a20 * b04 - a23 * b00,\n"
   "   a11 * b07 - a10 * b09 - a12 * b06, a00 * b09 - a01 * b07 + a02 * b06,\n"
   "   a31 * b01 - a30 * b03 - a32 * b00, a20 * b03 - a21 * b01 + a22 * b00) / det; }\n";

static bool
names_word(const char *src, const char *word)
{
   size_t n = strlen(word);
   for (const char *q = strstr(src, word); q; q = strstr(q + 1, word)) {
      bool start = q == src || !(isalnum((unsigned char)q[-1]) || q[-1] == '_');
      bool end = !(isalnum((unsigned char)q[n]) || q[n] == '_');
      if (start && end)
         return true;
   }
   return false;
}

/* The source with `text` after its #version line (directive: where it starts), the later
 * lines keeping their numbers; NULL if not needed or out of memory. `#line N` numbers the next
 * line N from GLSL 3.30 on and N + 1 before it (GLSL 1.50 section 3.3: "... as if it is
 * compiling at line number line+1"), as glslang follows. */
static char *
insert_after_version(const char *src, const char *directive, const char *text, int version)
{
   unsigned line = 1;
   for (const char *q = src; q < directive; q++)
      line += *q == '\n';
   const char *eol = strchr(directive, '\n');
   size_t head = eol ? (size_t)(eol - src) : strlen(src);
   const char *rest = eol ? eol + 1 : "";
   size_t size = head + strlen(text) + strlen(rest) + 48;
   char *out = malloc(size);
   if (out)
      snprintf(out, size, "%.*s\n%s#line %u\n%s", (int)head, src, text, version < 330 ? line : line + 1, rest);
   return out;
}

/* GLSL 1.40 - 3.30 (core, before 4.20) keep the old shadow lookups shadow1D / shadow2D /
 * shadow2DRect (+Proj), which return vec4; the Vulkan dialect of pass 2 has none of them. A
 * 1.40+ shader that names one gets these definitions (both passes see them; a 1.10 - 1.30 one
 * only in pass 2, from the lift, since pass 1 compiles it with its own built-ins) and the lift
 * renames its calls to them (spirv/lift.c shadow_map). A core context has no
 * DEPTH_TEXTURE_MODE: the result is (r, 0, 0, 1), as for a RED texture (Mesa likewise). */
const char spv_shadow_funcs[] =
   "vec4 sgl__shadow1D(sampler1DShadow s, vec3 c) { return vec4(texture(s, c), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow1D(sampler1DShadow s, vec3 c, float b) { return vec4(texture(s, c, b), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow1DProj(sampler1DShadow s, vec4 c) { return vec4(textureProj(s, c), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow1DProj(sampler1DShadow s, vec4 c, float b) { return vec4(textureProj(s, c, b), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow2D(sampler2DShadow s, vec3 c) { return vec4(texture(s, c), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow2D(sampler2DShadow s, vec3 c, float b) { return vec4(texture(s, c, b), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow2DProj(sampler2DShadow s, vec4 c) { return vec4(textureProj(s, c), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow2DProj(sampler2DShadow s, vec4 c, float b) { return vec4(textureProj(s, c, b), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow2DRect(sampler2DRectShadow s, vec3 c) { return vec4(texture(s, c), 0.0, 0.0, 1.0); }\n"
   "vec4 sgl__shadow2DRectProj(sampler2DRectShadow s, vec4 c) { return vec4(textureProj(s, c), 0.0, 0.0, 1.0); }\n";

static bool
names_shadow_lookup(const char *src)
{
   static const char *const names[] = {"shadow1D", "shadow1DProj", "shadow2D", "shadow2DProj", "shadow2DRect",
                                        "shadow2DRectProj"};
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      if (names_word(src, names[i]))
         return true;
   return false;
}

/* GLSL 1.50 - 4.00 redeclare the built-in blocks gl_PerVertex (a subset of their members,
 * gl_ClipDistance sized; as GLSL 4.10 section 7.1 words it, which Mesa and piglit's glsl-1.50
 * tests apply from 1.50, where the name can appear only in such a redeclaration); glslang
 * accepts a redeclaration only from 4.10 or with ARB_separate_shader_objects. A shader that
 * names gl_PerVertex gets that extension enabled (both passes: pass 2 lifts the directive). */
static const char pervertex_ext[] = "#extension GL_ARB_separate_shader_objects : enable\n";

static char *
polyfill(const char *src, const char *directive, bool es, int version)
{
   if (es || !directive)
      return NULL;
   bool inverse = version == 140 && names_word(src, "inverse") && !strstr(src, "mat4 inverse") &&
                  !strstr(src, "mat3 inverse") && !strstr(src, "mat2 inverse");
   bool shadow = version >= 140 && names_shadow_lookup(src);
   bool pervertex = version >= 150 && version < 410 && names_word(src, "gl_PerVertex");
   if (!inverse && !shadow && !pervertex)
      return NULL;
   char text[sizeof(pervertex_ext) + sizeof(inverse_140) + sizeof(spv_shadow_funcs)];
   snprintf(text, sizeof(text), "%s%s%s", pervertex ? pervertex_ext : "", inverse ? inverse_140 : "",
            shadow ? spv_shadow_funcs : "");
   return insert_after_version(src, directive, text, version);
}

/* The GLSL specs (1.40 - 3.30 and ES 1.00 / 3.00, section 3.3) predefine __LINE__, __FILE__
 * and __VERSION__; glslang expands them but its `defined` operator says they are not defined
 * (`#if !defined __VERSION__` takes the #error branch; #ifdef likewise). In #if / #elif
 * lines `defined NAME` and `defined ( NAME )` of those three become 1, `#ifdef NAME` becomes
 * `#if 1` and `#ifndef NAME` `#if 0` (no line moves; the specs forbid #undef-ing them). Returns the rewritten source, or NULL when nothing changed. */
static char *
predefined_macros(const char *src)
{
   static const char *const names[] = {"__LINE__", "__FILE__", "__VERSION__"};
   if (!strstr(src, "__"))
      return NULL;
   struct spv_str out = {0};
   bool changed = false, line_start = true, directive_if = false;
   const char *p = src;
   while (*p) {
      if (*p == '\n') {
         line_start = true;
         directive_if = false;
         spv_str_putn(&out, p++, 1);
         continue;
      }
      if (line_start && *p == '#') {
         const char *q = p + 1;
         while (*q == ' ' || *q == '\t')
            q++;
         directive_if = (!strncmp(q, "if", 2) && !(isalnum((unsigned char)q[2]) || q[2] == '_')) ||
                        (!strncmp(q, "elif", 4) && !(isalnum((unsigned char)q[4]) || q[4] == '_'));
         /* #ifdef / #ifndef of one of them: #if 1 / #if 0 */
         bool ndef = !strncmp(q, "ifndef", 6);
         if (ndef || !strncmp(q, "ifdef", 5)) {
            const char *r = q + (ndef ? 6 : 5);
            if (*r == ' ' || *r == '\t') {
               while (*r == ' ' || *r == '\t')
                  r++;
               for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
                  size_t n = strlen(names[i]);
                  if (!strncmp(r, names[i], n) && !(isalnum((unsigned char)r[n]) || r[n] == '_')) {
                     spv_str_puts(&out, ndef ? "#if 0" : "#if 1");
                     p = r + n;
                     changed = true;
                     break;
                  }
               }
            }
         }
      }
      if (*p != ' ' && *p != '\t')
         line_start = false;
      if (directive_if && !strncmp(p, "defined", 7) && (p == src || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
          !(isalnum((unsigned char)p[7]) || p[7] == '_')) {
         const char *q = p + 7;
         while (*q == ' ' || *q == '\t')
            q++;
         bool paren = *q == '(';
         if (paren) {
            q++;
            while (*q == ' ' || *q == '\t')
               q++;
         }
         const char *end = NULL;
         for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !end; i++) {
            size_t n = strlen(names[i]);
            if (strncmp(q, names[i], n) || isalnum((unsigned char)q[n]) || q[n] == '_')
               continue;
            const char *e = q + n;
            if (paren) {
               while (*e == ' ' || *e == '\t')
                  e++;
               if (*e != ')')
                  break;
               e++;
            }
            end = e;
         }
         if (end) {
            spv_str_puts(&out, "1");
            p = end;
            changed = true;
            continue;
         }
      }
      spv_str_putn(&out, p++, 1);
   }
   char *r = spv_str_take(&out);
   if (!changed) {
      free(r);
      return NULL;
   }
   return r;
}

/* ---- EXT_clip_cull_distance (GLSL ES 3.00+) ------------------------------------------------
 * glslang 12 declares gl_ClipDistance only for desktop GLSL (gl_CullDistance from 4.50 on) and
 * does not know GL_EXT_clip_cull_distance. Where the context offers the extension, an ES 3.00+
 * shader with the extension's #extension directive is rewritten before glslang, lines kept:
 *  - after #version (a #line keeps the later numbers): the built-ins declared under names of
 *    their own (SPV_CCD_CLIP, SPV_CCD_CULL, sgl_Max*), and each built-in name defined as
 *    SPV_CCD_ENABLE(<own name>);
 *  - "#extension GL_EXT_clip_cull_distance : require / enable / warn" becomes
 *    "#define SPV_CCD_ENABLE(n) n", ": disable" becomes "#undef SPV_CCD_ENABLE".
 * So a built-in resolves only where the directive is in force as the preprocessor sees it
 * (conditionals included); elsewhere its name expands to a call of a function that does not
 * exist and the compile fails, as it does without the extension (the log names
 * SPV_CCD_ENABLE). The macro GL_EXT_clip_cull_distance (1) is glslang's preamble. A shader
 * that redeclares an array to size it ("out float gl_ClipDistance[4];") declares it itself;
 * more elements than gl_Max*Distances is an error ("The size can be at most
 * gl_MaxClipDistances", GLSL ES 3.20 section 7.1, which the extension adds to 3.00). The
 * lift (lift.c) turns the arrays into BuiltIn ClipDistance / CullDistance for pass 2. */

/* The next identifier of raw source text from p (comments skipped), or NULL. */
static const char *
raw_ident(const char *p, size_t *n)
{
   while (*p) {
      if (p[0] == '/' && p[1] == '/') {
         while (*p && *p != '\n')
            p++;
      } else if (p[0] == '/' && p[1] == '*') {
         const char *e = strstr(p + 2, "*/");
         p = e ? e + 2 : p + strlen(p);
      } else if (isalpha((unsigned char)*p) || *p == '_') {
         const char *e = p;
         while (isalnum((unsigned char)*e) || *e == '_')
            e++;
         *n = (size_t)(e - p);
         return p;
      } else if (isdigit((unsigned char)*p)) {
         while (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
            p++;
      } else {
         p++;
      }
   }
   return NULL;
}

/* Whether the shader redeclares `name` ("float name[...]"); the literal size, if any, in *size. */
static bool
raw_redeclares(const char *src, const char *name, long *size)
{
   const size_t len = strlen(name);
   size_t n = 0, pn = 0;
   const char *prev = NULL;
   *size = 0;
   for (const char *t = raw_ident(src, &n); t; prev = t, pn = n, t = raw_ident(t + n, &n)) {
      if (n != len || memcmp(t, name, len) || !prev || pn != 5 || memcmp(prev, "float", 5))
         continue;
      const char *q = t + n;
      while (isspace((unsigned char)*q))
         q++;
      if (*q == '[') {
         q++;
         while (isspace((unsigned char)*q))
            q++;
         if (isdigit((unsigned char)*q))
            *size = strtol(q, NULL, 0);
      }
      return true;
   }
   return false;
}

/* "#extension GL_EXT_clip_cull_distance : <behavior>" at line start p: the behavior's first
 * character and length, or NULL. */
static const char *
ccd_directive(const char *p, size_t *blen)
{
   static const char ext[] = "GL_EXT_clip_cull_distance";
   while (*p == ' ' || *p == '\t')
      p++;
   if (*p++ != '#')
      return NULL;
   while (*p == ' ' || *p == '\t')
      p++;
   if (strncmp(p, "extension", 9) || (p[9] != ' ' && p[9] != '\t'))
      return NULL;
   p += 9;
   while (*p == ' ' || *p == '\t')
      p++;
   if (strncmp(p, ext, sizeof(ext) - 1) || isalnum((unsigned char)p[sizeof(ext) - 1]) || p[sizeof(ext) - 1] == '_')
      return NULL;
   p += sizeof(ext) - 1;
   while (*p == ' ' || *p == '\t')
      p++;
   if (*p++ != ':')
      return NULL;
   while (*p == ' ' || *p == '\t')
      p++;
   const char *b = p;
   while (isalpha((unsigned char)*p))
      p++;
   *blen = (size_t)(p - b);
   while (*p == ' ' || *p == '\t' || *p == '\r')
      p++;
   return *p == '\n' || *p == '\0' || (p[0] == '/' && (p[1] == '/' || p[1] == '*')) ? b : NULL;
}

/* The rewritten source (src starts with its #version line), or NULL when the shader has no
 * such directive; an error goes to `log` with *bad set. */
static char *
clip_cull_rewrite(struct spv_shader *sh, const char *src, struct spv_str *log, bool *bad)
{
   struct spv_str out = {0};
   bool any = false, in_comment = false, line_start = true;
   for (const char *p = src; *p;) {
      size_t blen = 0;
      const char *b = line_start && !in_comment ? ccd_directive(p, &blen) : NULL;
      const char *rep = NULL;
      if (b && (blen == 7 || blen == 6 || blen == 4) &&
          (!strncmp(b, "require", blen) || !strncmp(b, "enable", blen) || !strncmp(b, "warn", blen)))
         rep = "#define " SPV_CCD_ENABLE "(n) n";
      else if (b && blen == 7 && !strncmp(b, "disable", 7))
         rep = "#undef " SPV_CCD_ENABLE;
      if (rep) {
         spv_str_puts(&out, rep);
         any = true;
         while (*p && *p != '\n')
            p++;
         continue;
      }
      line_start = *p == '\n';
      if (!in_comment && p[0] == '/' && p[1] == '*') {
         in_comment = true;
         spv_str_putn(&out, p, 2);
         p += 2;
         continue;
      }
      if (in_comment && p[0] == '*' && p[1] == '/') {
         in_comment = false;
         spv_str_putn(&out, p, 2);
         p += 2;
         continue;
      }
      if (!in_comment && p[0] == '/' && p[1] == '/') {
         while (*p && *p != '\n')
            spv_str_putn(&out, p++, 1);
         continue;
      }
      spv_str_putn(&out, p++, 1);
   }
   char *body = spv_str_take(&out);
   if (!any || !body) {
      free(body);
      return NULL;
   }
   const bool fs = sh->stage == SPV_STAGE_FRAGMENT;
   const int mclip = sh->limits.max_clip_distances, mcull = sh->limits.max_cull_distances;
   long clip_size = 0, cull_size = 0;
   sh->ccd_own_clip = !raw_redeclares(body, "gl_ClipDistance", &clip_size);
   sh->ccd_own_cull = !raw_redeclares(body, "gl_CullDistance", &cull_size);
   if (clip_size > mclip || cull_size > mcull) {
      spv_str_printf(log, "ERROR: 0:0: '%s' : redeclared with %ld elements, more than %s (%d)\n",
                     clip_size > mclip ? "gl_ClipDistance" : "gl_CullDistance", clip_size > mclip ? clip_size : cull_size,
                     clip_size > mclip ? "gl_MaxClipDistances" : "gl_MaxCullDistances", clip_size > mclip ? mclip : mcull);
      *bad = true;
      free(body);
      return NULL;
   }
   char text[1024];
   int n = snprintf(text, sizeof(text),
                    "const mediump int sgl_MaxClipDistances = %d;\n"
                    "const mediump int sgl_MaxCullDistances = %d;\n"
                    "const mediump int sgl_MaxCombinedClipAndCullDistances = %d;\n"
                    "#define gl_MaxClipDistances " SPV_CCD_ENABLE "(sgl_MaxClipDistances)\n"
                    "#define gl_MaxCullDistances " SPV_CCD_ENABLE "(sgl_MaxCullDistances)\n"
                    "#define gl_MaxCombinedClipAndCullDistances " SPV_CCD_ENABLE "(sgl_MaxCombinedClipAndCullDistances)\n"
                    "#define gl_ClipDistance " SPV_CCD_ENABLE "(" SPV_CCD_CLIP ")\n"
                    "#define gl_CullDistance " SPV_CCD_ENABLE "(" SPV_CCD_CULL ")\n",
                    mclip, mcull, sh->limits.max_combined_clip_and_cull_distances);
   if (sh->ccd_own_clip)
      n += snprintf(text + n, sizeof(text) - (size_t)n, "%s highp float " SPV_CCD_CLIP "[%d];\n", fs ? "in" : "out", mclip);
   if (sh->ccd_own_cull)
      snprintf(text + n, sizeof(text) - (size_t)n, "%s highp float " SPV_CCD_CULL "[%d];\n", fs ? "in" : "out", mcull);
   /* ES: `#line N` numbers the next line N whatever the version (glslang: ES profile or 3.30+) */
   char *r = insert_after_version(body, body, text, 330);
   free(body);
   sh->ccd = r != NULL;
   return r;
}

/* ---- ARB_fragment_coord_conventions below GLSL 1.50 ----------------------------------------
 * GLSL 1.50 (section 4.3.8.1) and, before it, ARB_fragment_coord_conventions let a fragment
 * shader redeclare gl_FragCoord with layout(origin_upper_left) / layout(pixel_center_integer).
 * glslang accepts the redeclaration only from #version 150 ("identifiers starting with gl_ are
 * reserved" with the extension enabled at 1.30). When the extension is enabled below 1.50, the
 * global statement that redeclares gl_FragCoord is blanked for pass 1 (lines keep their
 * numbers) and its qualifiers are kept on the shader; the lift applies them (lift.c). Returns
 * the rewritten source or NULL when there is none to blank. */
static char *
blank_frag_coord_redeclaration(const char *src, struct spv_shader *sh)
{
   const char *ext = strstr(src, "GL_ARB_fragment_coord_conventions");
   if (!ext || sh->stage != SPV_STAGE_FRAGMENT)
      return NULL;
   for (const char *q = strstr(src, "gl_FragCoord"); q; q = strstr(q + 1, "gl_FragCoord")) {
      /* the statement around q: from after the previous ';', '}' or directive line to the ';' */
      const char *b = q;
      while (b > src && b[-1] != ';' && b[-1] != '}' && b[-1] != '{')
         b--;
      for (;;) { /* white space and directive lines (#version, #extension) before it */
         while (*b == ' ' || *b == '\t' || *b == '\r' || *b == '\n')
            b++;
         if (*b != '#')
            break;
         while (*b && *b != '\n')
            b++;
      }
      const char *e = strchr(q, ';');
      bool decl = e && (!strncmp(b, "layout", 6) || !strncmp(b, "in ", 3) || !strncmp(b, "in\t", 3));
      if (!decl || b < ext)
         continue;
      bool pci = false, ul = false, other = false;
      int depth = 0;
      for (const char *w = b; w < e; w++) {
         /* GLSL 1.50 section 4.3.8: layout qualifier identifiers are not case sensitive */
         if (!strncasecmp(w, "pixel_center_integer", 20))
            pci = true;
         if (!strncasecmp(w, "origin_upper_left", 17))
            ul = true;
         depth += (*w == '(') - (*w == ')');
         if (!depth && (*w == '=' || *w == ','))
            other = true; /* an initializer or a list: not a plain redeclaration */
      }
      if (other)
         continue;
      char *out = strdup(src);
      if (!out)
         return NULL;
      for (char *w = out + (b - src); w <= out + (e - src); w++)
         if (*w != '\n')
            *w = ' ';
      sh->frag_coord_pixel_center_integer = pci;
      sh->frag_coord_decl = SPV_FRAG_COORD_REDECLARED | (ul ? SPV_FRAG_COORD_ORIGIN_UPPER_LEFT : 0) |
                            (pci ? SPV_FRAG_COORD_PIXEL_CENTER_INTEGER : 0);
      return out;
   }
   return NULL;
}

static void
fill_input(glslang_input_t *in, glslang_resource_t *res, const struct spv_shader *sh, const char *code)
{
   memset(in, 0, sizeof(*in));
   in->language = GLSLANG_SOURCE_GLSL;
   in->stage = (glslang_stage_t)spv_glslang_stage_of(sh->stage);
   in->client = GLSLANG_CLIENT_NONE;
   in->target_language = GLSLANG_TARGET_NONE;
   in->code = code;
   in->default_version = sh->api == SPV_API_GLES ? 100 : 110;
   in->default_profile = sh->api == SPV_API_GLES ? GLSLANG_ES_PROFILE : GLSLANG_NO_PROFILE;
   in->messages = GLSLANG_MSG_DEFAULT_BIT;
   spv_fill_resource(res, sh);
   in->resource = res;
}

struct spv_shader *
spv_compile(enum spv_stage stage, enum spv_api api, const char *source)
{
   return spv_compile_limits(stage, api, source, NULL);
}

struct spv_shader *
spv_compile_limits(enum spv_stage stage, enum spv_api api, const char *source, const struct spv_limits *limits)
{
   struct spv_shader *sh = calloc(1, sizeof(*sh));
   if (!sh)
      return NULL;
   if (limits)
      sh->limits = *limits;
   sh->stage = stage;
   sh->api = api;
   sh->source = strdup(source ? source : "");
   if (!sh->source) {
      free(sh);
      return NULL;
   }
   spv_glslang_init();

   bool found = false, es = api == SPV_API_GLES, compat = false;
   int version = api == SPV_API_GLES ? 100 : 110;
   const char *directive = NULL;
   detect_version(sh->source, &version, &es, &compat, &found, &directive);
   char *hoisted = found && es ? hoist_version(sh->source, directive) : NULL;
   if (!hoisted && found)
      hoisted = polyfill(sh->source, directive, es, version);
   if (!found)
      es = api == SPV_API_GLES;
   /* GLSL ES 1.00 spec, section 3.4: "Shaders that do not include a #version directive
    * will be treated as targeting version 1.00." */
   sh->version = version;
   sh->es = es;

   struct spv_str log = {0};
   if ((unsigned)stage >= SPV_STAGE_COUNT) {
      spv_str_puts(&log, "ERROR: unsupported shader stage\n");
   } else if (stage == SPV_STAGE_GEOMETRY && (api != SPV_API_GL || es || version < 150)) {
      /* OpenGL 3.2 core introduced geometry shaders with GLSL 1.50; ES 3.0 has none. */
      spv_str_printf(&log, "ERROR: 0:1: '#version' : geometry shaders need #version 150 or later "
                           "(version %d%s)\n", version, es ? " es" : "");
   } else if (!version_supported(api, version, es)) {
      spv_str_printf(&log, "ERROR: 0:1: '#version' : version %d%s is not supported by this %s context\n",
                     version, es ? " es" : "", api == SPV_API_GLES ? "OpenGL ES" : "OpenGL core");
   } else if (compat) {
      /* GLSL 1.50 spec, section 3.3: a "compatibility" profile shader needs a context that
       * supports the compatibility profile; splitgl's GL contexts are core only. */
      spv_str_printf(&log, "ERROR: 0:1: '#version' : the compatibility profile (%d compatibility) is not supported "
                           "by this OpenGL core context\n", version);
   } else {
      glslang_input_t in;
      glslang_resource_t res;
      char *predef = predefined_macros(hoisted ? hoisted : sh->source);
      if (predef) {
         free(hoisted);
         hoisted = predef;
      }
      char *folded = es ? NULL : spv_fold_constants(hoisted ? hoisted : sh->source);
      if (folded) {
         free(hoisted);
         hoisted = folded;
      }
      /* EXT_clip_cull_distance (above): ES 3.00+ on a context that offers it */
      const bool ccd_offered = es && version >= 300 && sh->limits.max_cull_distances > 0;
      bool ccd_bad = false;
      char *ccd = ccd_offered ? clip_cull_rewrite(sh, hoisted ? hoisted : sh->source, &log, &ccd_bad) : NULL;
      if (ccd) {
         free(hoisted);
         hoisted = ccd;
      }
      char *blanked = !es && version < 150 ? blank_frag_coord_redeclaration(hoisted ? hoisted : sh->source, sh) : NULL;
      if (blanked) {
         free(hoisted);
         hoisted = blanked;
      }
      fill_input(&in, &res, sh, hoisted ? hoisted : sh->source);
      glslang_shader_t *gs = ccd_bad ? NULL : glslang_shader_create(&in);
      if (ccd_bad) {
         /* the log says why */
      } else if (!gs) {
         spv_str_puts(&log, "ERROR: out of memory\n");
      } else {
         if (ccd_offered)
            glslang_shader_set_preamble(gs, "#define GL_EXT_clip_cull_distance 1\n");
         bool ok = glslang_shader_preprocess(gs, &in);
         struct tok reused = {0};
         if (ok) {
            /* glslang_shader_parse parses the preprocessed text: check it first for what
             * would crash the parser */
            const char *pre = glslang_shader_get_preprocessed_code(gs);
            reused = find_block_named_like_function(pre ? pre : "");
         }
         if (reused.p) {
            spv_str_printf(&log, "ERROR: 0:%d: '%.*s' : block name redefinition (a function of this name is "
                                 "declared at global scope; GLSL 1.50 section 4.3.7)\n",
                           reused.line, (int)reused.n, reused.p);
            ok = false;
         }
         /* rewrites of the preprocessed text, which glslang then parses (pass 2 lifts that
          * text, so it sees them too) */
         char *text = NULL;
         bool oom = false;
         if (ok && !reused.p && es && version == 100) {
            const char *pre = glslang_shader_get_preprocessed_code(gs);
            text = fold_es100_sequences(pre ? pre : "", &oom);
            char *arr = oom ? NULL : es100_array_types(text ? text : pre ? pre : "", &oom);
            if (arr) {
               free(text);
               text = arr;
            }
         } else if (ok && !reused.p && !es) {
            const char *pre = glslang_shader_get_preprocessed_code(gs);
            text = size_initialized_uniforms(pre ? pre : "", &oom);
         }
         if (oom) {
            spv_str_puts(&log, "ERROR: out of memory\n");
            ok = false;
         } else if (text) {
            fill_input(&in, &res, sh, text);
            glslang_shader_t *g2 = glslang_shader_create(&in);
            if (g2) {
               glslang_shader_delete(gs);
               gs = g2;
               free(hoisted);
               hoisted = text;
               if (ccd_offered)
                  glslang_shader_set_preamble(gs, "#define GL_EXT_clip_cull_distance 1\n");
               ok = glslang_shader_preprocess(gs, &in);
            } else {
               free(text);
               spv_str_puts(&log, "ERROR: out of memory\n");
               ok = false;
            }
         }
         ok = ok && !reused.p && glslang_shader_parse(gs, &in);
         const char *l = glslang_shader_get_info_log(gs);
         if (l)
            spv_str_puts(&log, l);
         if (ok) {
            const char *pp = glslang_shader_get_preprocessed_code(gs);
            sh->preprocessed = strdup(pp ? pp : "");
            sh->ok = sh->preprocessed != NULL;
         }
         int line;
         const char *cb = sh->ok && !es ? find_compat_builtin(sh->preprocessed, &line) : NULL;
         if (cb) {
            spv_str_printf(&log, "ERROR: 0:%d: '%s' : undeclared identifier (a compatibility-profile built-in, "
                                 "removed in GLSL 1.40 without ARB_compatibility)\n", line, cb);
            sh->ok = false;
         }
         const char *why = NULL;
         struct tok pv = sh->ok && !es && strstr(sh->preprocessed, "gl_PerVertex")
                            ? find_pervertex_misuse(sh->preprocessed, stage == SPV_STAGE_GEOMETRY, &why)
                            : (struct tok){0};
         if (pv.p) {
            spv_str_printf(&log, "ERROR: 0:%d: '%.*s' : %s\n", pv.line, (int)pv.n, pv.p, why);
            sh->ok = false;
         }
         if (sh->ok && !es && stage == SPV_STAGE_FRAGMENT)
            scan_frag_coord(sh);
         struct tok gl_struct = sh->ok ? find_reserved_struct_name(sh->preprocessed) : (struct tok){0};
         if (gl_struct.p) {
            spv_str_printf(&log, "ERROR: 0:%d: '%.*s' : identifiers starting with \"gl_\" are reserved\n",
                           gl_struct.line, (int)gl_struct.n, gl_struct.p);
            sh->ok = false;
         }
         struct tok bad = sh->ok && stage == SPV_STAGE_FRAGMENT ? find_unflat_block_int(sh->preprocessed) : (struct tok){0};
         if (bad.p) {
            spv_str_printf(&log, "ERROR: 0:%d: '%.*s' : a fragment shader input of integer type must be qualified "
                                 "flat (a member of an input interface block)\n", bad.line, (int)bad.n, bad.p);
            sh->ok = false;
         }
         char derr[200];
         int dline = !sh->ok ? 0
                     : !es   ? desktop_decl_checks(sh->preprocessed, stage, derr, sizeof(derr))
                             : es_return_precisions(sh->preprocessed, stage == SPV_STAGE_VERTEX, derr, sizeof(derr));
         if (dline) {
            spv_str_printf(&log, "ERROR: 0:%d: %s\n", dline, derr);
            sh->ok = false;
         }
         glslang_shader_delete(gs);
      }
   }
   free(hoisted);
   sh->log = spv_str_take(&log);
   if (!sh->log) {
      sh->ok = false;
      sh->log = NULL;
   }
   return sh;
}

bool
spv_shader_ok(const struct spv_shader *sh)
{
   return sh && sh->ok;
}

const char *
spv_shader_info_log(const struct spv_shader *sh)
{
   return sh && sh->log ? sh->log : "";
}

void
spv_shader_free(struct spv_shader *sh)
{
   if (!sh)
      return;
   free(sh->source);
   free(sh->preprocessed);
   free(sh->log);
   free(sh);
}
