/* splitgl spirv: constant folding glslang lacks.
 *
 * GLSL 1.50 section 4.3.3 makes a built-in function call whose arguments are constant
 * expressions a constant expression (texture lookups aside), so an array may be sized by
 * `acosh(2.0) > 1.0 ? 1 : -1`. glslang (Debian's) does not fold acosh / asinh / atanh / cosh /
 * sinh / tanh, determinant, inverse, transpose and matrixCompMult ("array size must be a
 * constant integer expression"), and folds `==` / `!=` of two vector or matrix constructors
 * wrongly. Before glslang sees a desktop GLSL source, such a call whose arguments are
 * constructors of literals (or literals, or calls folded the same way) is replaced by its
 * value, written as a constructor of literals; such a comparison by `true` / `false` where no
 * neighbouring operator binds tighter. Values that are not finite are left alone (glslang
 * reports what it reports). Lines never move; comments are copied as they are. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spv_internal.h"

enum kind { K_FLOAT, K_INT, K_UINT, K_BOOL };

struct val {
   enum kind kind;
   int cols, rows; /* scalar 1x1, vecN 1xN, matCxR CxR */
   double v[16];   /* column-major */
};

static const char *
skip_ws(const char *p)
{
   for (;;) {
      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
         p++;
      if (p[0] == '/' && p[1] == '/') {
         while (*p && *p != '\n')
            p++;
      } else if (p[0] == '/' && p[1] == '*') {
         const char *e = strstr(p + 2, "*/");
         if (!e)
            return p;
         p = e + 2;
      } else {
         return p;
      }
   }
}

static bool
ident_char(char c)
{
   return c == '_' || isalnum((unsigned char)c);
}

/* The identifier at p (length), 0 if none. */
static size_t
ident_len(const char *p)
{
   if (!(*p == '_' || isalpha((unsigned char)*p)))
      return 0;
   size_t n = 1;
   while (ident_char(p[n]))
      n++;
   return n;
}

static bool
word_is(const char *p, size_t n, const char *w)
{
   return strlen(w) == n && !strncmp(p, w, n);
}

/* A constructor type name: kind and shape. */
static bool
type_of(const char *p, size_t n, struct val *t)
{
   char name[16];
   if (n >= sizeof(name))
      return false;
   memcpy(name, p, n);
   name[n] = '\0';
   t->cols = t->rows = 1;
   static const struct {
      const char *name;
      enum kind kind;
   } scalars[] = {{"float", K_FLOAT}, {"int", K_INT}, {"uint", K_UINT}, {"bool", K_BOOL}};
   for (size_t i = 0; i < sizeof(scalars) / sizeof(scalars[0]); i++)
      if (!strcmp(name, scalars[i].name)) {
         t->kind = scalars[i].kind;
         return true;
      }
   const char *q = name;
   t->kind = K_FLOAT;
   if (*q == 'i' || *q == 'u' || *q == 'b') {
      t->kind = *q == 'i' ? K_INT : *q == 'u' ? K_UINT : K_BOOL;
      q++;
   }
   if (!strncmp(q, "vec", 3) && q[3] >= '2' && q[3] <= '4' && !q[4]) {
      t->rows = q[3] - '0';
      return true;
   }
   if (q != name || strncmp(q, "mat", 3) || q[3] < '2' || q[3] > '4')
      return false;
   t->cols = t->rows = q[3] - '0';
   if (!q[4])
      return true;
   if (q[4] == 'x' && q[5] >= '2' && q[5] <= '4' && !q[6]) {
      t->rows = q[5] - '0';
      return true;
   }
   return false;
}

static const char *parse_expr(const char *p, struct val *out);

static const char *
parse_number(const char *p, struct val *out)
{
   const char *s = p;
   bool flt = false;
   while (isdigit((unsigned char)*p))
      p++;
   if (*p == '.') {
      flt = true;
      p++;
      while (isdigit((unsigned char)*p))
         p++;
   }
   if (p == s || (p == s + 1 && *s == '.'))
      return NULL;
   if (*p == 'e' || *p == 'E') {
      const char *e = p + 1;
      if (*e == '+' || *e == '-')
         e++;
      if (!isdigit((unsigned char)*e))
         return NULL;
      while (isdigit((unsigned char)*e))
         e++;
      p = e;
      flt = true;
   }
   char buf[64];
   if ((size_t)(p - s) >= sizeof(buf))
      return NULL;
   memcpy(buf, s, (size_t)(p - s));
   buf[p - s] = '\0';
   out->cols = out->rows = 1;
   if (flt) {
      if (*p == 'f' || *p == 'F')
         p++;
      out->kind = K_FLOAT;
      out->v[0] = strtod(buf, NULL);
   } else {
      if (buf[0] == '0' && buf[1]) /* octal: leave to glslang */
         return NULL;
      out->kind = K_INT;
      if (*p == 'u' || *p == 'U') {
         out->kind = K_UINT;
         p++;
      }
      out->v[0] = strtod(buf, NULL);
   }
   return ident_char(*p) ? NULL : p;
}

static int
count(const struct val *v)
{
   return v->cols * v->rows;
}

/* ---- built-ins ---- */
static double
det_n(const double *m, int n)
{
   if (n == 1)
      return m[0];
   if (n == 2)
      return m[0] * m[3] - m[2] * m[1];
   double d = 0, sub[9];
   for (int c = 0; c < n; c++) {
      int k = 0;
      for (int cc = 0; cc < n; cc++) {
         if (cc == c)
            continue;
         for (int r = 1; r < n; r++)
            sub[k++] = m[cc * n + r];
      }
      d += ((c & 1) ? -1 : 1) * m[c * n] * det_n(sub, n - 1);
   }
   return d;
}

static bool
inverse_n(const double *m, int n, double *out)
{
   double d = det_n(m, n);
   if (d == 0)
      return false;
   double sub[9];
   for (int c = 0; c < n; c++)
      for (int r = 0; r < n; r++) {
         /* cofactor of element (col c, row r) goes to (col r, row c) */
         int k = 0;
         for (int cc = 0; cc < n; cc++) {
            if (cc == c)
               continue;
            for (int rr = 0; rr < n; rr++)
               if (rr != r)
                  sub[k++] = m[cc * n + rr];
         }
         double cof = (((c + r) & 1) ? -1 : 1) * (n == 1 ? 1 : det_n(sub, n - 1));
         out[r * n + c] = cof / d;
      }
   return true;
}

static void
to_float(struct val *v)
{
   if (v->kind == K_BOOL || v->kind == K_FLOAT)
      return;
   v->kind = K_FLOAT;
}

/* name(args): args already parsed. */
static bool
apply(const char *name, size_t n, struct val *a, int nargs, struct val *out)
{
   static const struct {
      const char *name;
      double (*fn)(double);
   } unary[] = {{"acosh", acosh}, {"asinh", asinh}, {"atanh", atanh}, {"cosh", cosh}, {"sinh", sinh}, {"tanh", tanh}};
   for (size_t i = 0; i < sizeof(unary) / sizeof(unary[0]); i++) {
      if (!word_is(name, n, unary[i].name))
         continue;
      if (nargs != 1 || a[0].kind == K_BOOL || a[0].cols != 1)
         return false;
      *out = a[0];
      to_float(out);
      for (int k = 0; k < count(out); k++)
         out->v[k] = unary[i].fn(out->v[k]);
      return true;
   }
   if (word_is(name, n, "determinant") || word_is(name, n, "inverse")) {
      if (nargs != 1 || a[0].kind != K_FLOAT || a[0].cols < 2 || a[0].cols != a[0].rows)
         return false;
      if (name[0] == 'd') {
         out->kind = K_FLOAT;
         out->cols = out->rows = 1;
         out->v[0] = det_n(a[0].v, a[0].cols);
         return true;
      }
      *out = a[0];
      return inverse_n(a[0].v, a[0].cols, out->v);
   }
   if (word_is(name, n, "transpose")) {
      if (nargs != 1 || a[0].kind != K_FLOAT || a[0].cols < 2)
         return false;
      out->kind = K_FLOAT;
      out->cols = a[0].rows;
      out->rows = a[0].cols;
      for (int c = 0; c < a[0].cols; c++)
         for (int r = 0; r < a[0].rows; r++)
            out->v[r * out->rows + c] = a[0].v[c * a[0].rows + r];
      return true;
   }
   if (word_is(name, n, "matrixCompMult")) {
      if (nargs != 2 || a[0].kind != K_FLOAT || a[1].kind != K_FLOAT || a[0].cols < 2 || a[0].cols != a[1].cols ||
          a[0].rows != a[1].rows)
         return false;
      *out = a[0];
      for (int k = 0; k < count(out); k++)
         out->v[k] = a[0].v[k] * a[1].v[k];
      return true;
   }
   return false;
}

static bool
is_fold_fn(const char *p, size_t n)
{
   static const char *const names[] = {"acosh", "asinh", "atanh", "cosh", "sinh", "tanh",
                                        "determinant", "inverse", "transpose", "matrixCompMult"};
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      if (word_is(p, n, names[i]))
         return true;
   return false;
}

/* A constructor or foldable call (p at its name) or a literal, optionally negated. */
static const char *
parse_expr(const char *p, struct val *out)
{
   p = skip_ws(p);
   if (*p == '-' && p[1] != '-' && p[1] != '=') {
      p = parse_expr(p + 1, out);
      if (!p || out->kind == K_BOOL)
         return NULL;
      for (int k = 0; k < count(out); k++)
         out->v[k] = -out->v[k];
      if (out->kind == K_UINT)
         return NULL; /* wrap-around: leave to glslang */
      return p;
   }
   if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1])))
      return parse_number(p, out);
   size_t n = ident_len(p);
   if (!n)
      return NULL;
   if (word_is(p, n, "true") || word_is(p, n, "false")) {
      out->kind = K_BOOL;
      out->cols = out->rows = 1;
      out->v[0] = p[0] == 't';
      return p + n;
   }
   struct val t;
   bool ctor = type_of(p, n, &t), fn = !ctor && is_fold_fn(p, n);
   if (!ctor && !fn)
      return NULL;
   const char *name = p;
   const char *q = skip_ws(p + n);
   if (*q != '(')
      return NULL;
   struct val args[16];
   int nargs = 0;
   q = skip_ws(q + 1);
   if (*q == ')')
      return NULL;
   for (;;) {
      if (nargs == 16)
         return NULL;
      q = parse_expr(q, &args[nargs++]);
      if (!q)
         return NULL;
      q = skip_ws(q);
      if (*q == ')')
         break;
      if (*q != ',')
         return NULL;
      q++;
   }
   q++;
   if (fn)
      return apply(name, n, args, nargs, out) ? q : NULL;
   /* constructor */
   *out = t;
   int want = count(&t);
   if (nargs == 1 && count(&args[0]) == 1) {
      double s = args[0].v[0];
      for (int k = 0; k < want; k++)
         out->v[k] = t.cols > 1 ? (k / t.rows == k % t.rows ? s : 0.0) : s;
   } else {
      int k = 0;
      for (int i = 0; i < nargs; i++) {
         if (args[i].cols > 1 && t.cols > 1 && nargs == 1)
            return NULL; /* matrix from matrix: leave to glslang */
         for (int j = 0; j < count(&args[i]) && k < want; j++)
            out->v[k++] = args[i].v[j];
         if (k == want && i != nargs - 1)
            return NULL; /* unused arguments are an error: glslang says so */
      }
      if (k < want)
         return NULL;
   }
   for (int k = 0; k < want; k++) {
      if (t.kind == K_BOOL)
         out->v[k] = out->v[k] != 0;
      else if (t.kind == K_INT || t.kind == K_UINT)
         out->v[k] = trunc(out->v[k]);
   }
   return q;
}

static bool
put_val(struct spv_str *o, const struct val *v)
{
   static const char *const pre[] = {"", "i", "u", "b"};
   int n = count(v);
   for (int k = 0; k < n; k++)
      if (!isfinite(v->v[k]))
         return false;
   if (v->cols > 1) {
      if (v->cols == v->rows)
         spv_str_printf(o, "(mat%d(", v->cols);
      else
         spv_str_printf(o, "(mat%dx%d(", v->cols, v->rows);
   } else if (v->rows > 1) {
      spv_str_printf(o, "(%svec%d(", pre[v->kind], v->rows);
   } else {
      static const char *const scalar[] = {"float", "int", "uint", "bool"};
      spv_str_printf(o, "(%s(", scalar[v->kind]);
   }
   for (int k = 0; k < n; k++) {
      if (k)
         spv_str_puts(o, ", ");
      switch (v->kind) {
      case K_FLOAT: {
         char b[40];
         snprintf(b, sizeof(b), "%.9g", v->v[k]);
         spv_str_puts(o, b);
         if (!strpbrk(b, ".e"))
            spv_str_puts(o, ".0");
         break;
      }
      case K_INT:
         spv_str_printf(o, "%.0f", v->v[k]);
         break;
      case K_UINT:
         spv_str_printf(o, "%.0fu", v->v[k]);
         break;
      case K_BOOL:
         spv_str_puts(o, v->v[k] != 0 ? "true" : "false");
         break;
      }
   }
   spv_str_puts(o, "))");
   return true;
}

/* The last token before `end` in out (what precedes a comparison's left operand) lets the
 * comparison be replaced: an opening bracket, a comma, ?, :, an assignment, && || ^^. */
static bool
left_ok(const struct spv_str *o)
{
   size_t i = o->len;
   while (i && (o->s[i - 1] == ' ' || o->s[i - 1] == '\t' || o->s[i - 1] == '\n' || o->s[i - 1] == '\r'))
      i--;
   if (!i)
      return false;
   char c = o->s[i - 1];
   if (c == '(' || c == ',' || c == '?' || c == ':' || c == '[')
      return true;
   if (c == '=' && i >= 2)
      return !strchr("=!<>+-*/%&|^", o->s[i - 2]);
   if ((c == '&' || c == '|' || c == '^') && i >= 2 && o->s[i - 2] == c)
      return true;
   return false;
}

static bool
right_ok(const char *p)
{
   p = skip_ws(p);
   if (strchr("),;]?:", *p) && *p)
      return true;
   if ((p[0] == '=' || p[0] == '!') && p[1] == '=')
      return true;
   return (p[0] == '&' || p[0] == '|' || p[0] == '^') && p[1] == p[0];
}

char *
spv_fold_constants(const char *src)
{
   struct spv_str o = {0};
   bool changed = false, line_start = true;
   const char *p = src;
   while (*p) {
      /* comments and preprocessor lines are copied as they are */
      if ((p[0] == '/' && (p[1] == '/' || p[1] == '*')) || (line_start && *p == '#')) {
         const char *e;
         if (*p == '#' || p[1] == '/') {
            e = p;
            while (*e && *e != '\n')
               e++;
         } else {
            e = strstr(p + 2, "*/");
            e = e ? e + 2 : p + strlen(p);
         }
         spv_str_putn(&o, p, (size_t)(e - p));
         p = e;
         continue;
      }
      if (*p == '\n')
         line_start = true;
      else if (*p != ' ' && *p != '\t' && *p != '\r')
         line_start = false;
      size_t n = ident_len(p);
      if (!n || (p > src && ident_char(p[-1]))) {
         spv_str_putn(&o, p, n ? n : 1);
         p += n ? n : 1;
         continue;
      }
      struct val v, t;
      const char *e = is_fold_fn(p, n) ? parse_expr(p, &v) : NULL;
      size_t mark = o.len;
      if (e && !memchr(p, '\n', (size_t)(e - p)) && put_val(&o, &v)) {
         p = e;
         changed = true;
         continue;
      }
      o.len = mark;
      /* CTOR == CTOR, CTOR != CTOR of vectors or matrices */
      if (type_of(p, n, &t) && (t.cols > 1 || t.rows > 1) && left_ok(&o)) {
         e = parse_expr(p, &v);
         const char *op = e ? skip_ws(e) : NULL;
         struct val w;
         const char *f = op && (op[0] == '=' || op[0] == '!') && op[1] == '=' && op[2] != '=' ? parse_expr(op + 2, &w)
                                                                                              : NULL;
         if (f && !memchr(p, '\n', (size_t)(f - p)) && right_ok(f) && v.kind == w.kind && v.cols == w.cols &&
             v.rows == w.rows) {
            bool eq = true;
            for (int k = 0; k < count(&v); k++)
               eq = eq && (v.kind == K_FLOAT ? (float)v.v[k] == (float)w.v[k] : v.v[k] == w.v[k]);
            spv_str_puts(&o, eq == (op[0] == '=') ? "true" : "false");
            p = f;
            changed = true;
            continue;
         }
      }
      spv_str_putn(&o, p, n);
      p += n;
   }
   char *r = spv_str_take(&o);
   if (!changed) {
      free(r);
      return NULL;
   }
   return r;
}
