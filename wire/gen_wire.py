#!/usr/bin/env python3
"""Generates the wire's payload structs, their validators and a hostile test from one schema.

usage: gen_wire.py payloads.schema enums.schema ops.def wire_types.h OUTDIR

Writes OUTDIR/wire/wire_enums.h (the dense state enums and their GL / Vulkan maps, from
enums.schema), OUTDIR/wire/wire_payloads.h (structs, static asserts), OUTDIR/wire/wire_layout.h
(every field's offset and size, for tests/unit/test_layout.c), OUTDIR/wire/wire_validate.h and
.c (validate_ functions, wire_validate_payload) and OUTDIR/tests/unit/hostile_rules.h (one
case per rule and op: the field flipped to a value the rule refuses). wire/payloads.schema
says what the rules mean. Fails (exit 1, naming file and line) on a field without a rule, a
rule its type cannot hold, or a struct whose layout differs from its declared size.
"""
import os
import re
import sys

SCALARS = {  # type: (C type, size, align, signed, float)
    'u8': ('uint8_t', 1, 1, False, False),
    'u16': ('uint16_t', 2, 2, False, False),
    'u32': ('uint32_t', 4, 4, False, False),
    'u64': ('uint64_t', 8, 8, False, False),
    'i32': ('int32_t', 4, 4, True, False),
    'f32': ('float', 4, 4, False, True),
    'handle': ('wire_handle', 8, 4, False, False),
    'span': ('struct wire_span', 8, 4, False, False),
}
TYPE_MAX = {'u8': 'UINT8_MAX', 'u16': 'UINT16_MAX', 'u32': 'UINT32_MAX', 'u64': 'UINT64_MAX',
            'i32': 'INT32_MAX'}
INT_RULES = {'zero', 'bool', 'lt', 'le', 'ge', 'range', 'oneof', 'flags', 'nonzero', 'window', 'any', 'checked'}
FLOAT_RULES = {'finite', 'notnan', 'frange', 'fmin', 'any'}
HANDLE_RULES = {'new', 'live', 'opt', 'dyn', 'optby', 'checked'}
SPAN_RULES = {'staged'}


class SchemaError(Exception):
    pass


class Field:
    def __init__(self, type_, name, dims, upto, rule, args, comment, line):
        self.type, self.name, self.dims, self.upto = type_, name, dims, upto
        self.rule, self.args, self.comment, self.line = rule, args, comment, line
        self.offset = self.size = None


class Struct:
    def __init__(self, name, size, line):
        self.name, self.declared, self.line = name, size, line
        self.fields = []
        self.size = self.align = None


def fail(where, msg):
    raise SchemaError('%s: %s' % (where, msg))


def parse_defines(text, consts):
    for m in re.finditer(r'^\s*#define\s+(\w+)\s+\(?(0x[0-9a-fA-F]+|\d+)u?\)?\s*(/\*.*)?$', text, re.M):
        consts[m.group(1)] = int(m.group(2), 0)


def eval_dim(expr, consts, where):
    try:
        return int(expr, 0)
    except ValueError:
        pass
    if expr in consts:
        return consts[expr]
    fail(where, 'array size %s is not a number or a #define the generator knows' % expr)


def parse_schema(path, consts):
    items = []  # ('c', text) or ('struct', Struct)
    structs = {}
    cur = None
    verbatim = None
    with open(path) as f:
        lines = f.read().split('\n')
    for n, raw in enumerate(lines, 1):
        where = '%s:%d' % (path, n)
        if verbatim is not None:
            if raw.strip() == '%}':
                text = '\n'.join(verbatim)
                parse_defines(text, consts)
                items.append(('c', text))
                verbatim = None
            else:
                verbatim.append(raw)
            continue
        line = raw.strip()
        if not line or line.startswith('#'):
            continue
        if line == '%{':
            if cur:
                fail(where, 'C block inside struct %s' % cur.name)
            verbatim = []
            continue
        if cur is None:
            m = re.match(r'struct\s+(\w+)\s+(\d+)$', line)
            if not m:
                fail(where, 'expected "struct NAME SIZE" or a %{ block')
            cur = Struct(m.group(1), int(m.group(2)), where)
            continue
        if line == 'end':
            if not cur.fields:
                fail(where, 'struct %s has no fields' % cur.name)
            structs[cur.name] = cur
            items.append(('struct', cur))
            cur = None
            continue
        comment = ''
        if '#' in line:
            line, comment = line.split('#', 1)
            line, comment = line.strip(), comment.strip()
        rule_text = None
        if ':' in line:
            line, rule_text = line.split(':', 1)
            line, rule_text = line.strip(), rule_text.strip()
        m = re.match(r'(\w+)\s+(\w+)((?:\[[^\]]+\])*)(?:\s+upto\s+(\w+))?$', line)
        if not m:
            fail(where, 'cannot read field "%s"' % line)
        type_, name, dimtext, upto = m.groups()
        dims = re.findall(r'\[([^\]]+)\]', dimtext)
        if upto and not dims:
            fail(where, '%s: upto needs an array' % name)
        if type_ in SCALARS:
            if not rule_text:
                fail(where, 'field %s.%s has no rule (every field needs one: see the header)' % (cur.name, name))
            mm = re.match(r'(\w+)\s*(.*)$', rule_text)
            rule, rest = mm.group(1), mm.group(2).strip()
            if rule in ('any', 'checked'):
                q = re.match(r'"([^"]+)"$', rest)
                if not q:
                    fail(where, '%s needs a quoted reason' % rule)
                args = [q.group(1)]
            elif rule in ('flags', 'lt', 'le', 'ge'):
                if not rest:
                    fail(where, '%s needs an argument' % rule)
                args = [rest]
            else:
                args = rest.split() if rest else []
            allowed = (FLOAT_RULES if SCALARS[type_][4] else HANDLE_RULES if type_ == 'handle'
                       else SPAN_RULES if type_ == 'span' else INT_RULES)
            if rule not in allowed:
                fail(where, 'rule "%s" does not apply to a %s field' % (rule, type_))
            nargs = {'zero': 0, 'bool': 0, 'nonzero': 0, 'finite': 0, 'notnan': 0, 'range': 2, 'frange': 2,
                     'fmin': 1, 'window': 2, 'new': 1, 'live': 1, 'opt': 1, 'dyn': 1, 'optby': 2}
            if rule in nargs and len(args) != nargs[rule]:
                fail(where, 'rule %s takes %d arguments' % (rule, nargs[rule]))
            if rule == 'oneof' and (not args or not all(re.match(r'\d+$', a) for a in args)):
                fail(where, 'oneof takes literal non-negative integers')
            if rule == 'ge' and not SCALARS[type_][3]:
                fail(where, 'ge on an unsigned field always holds: use any or lt / le')
            if rule == 'staged' and len(args) > 1:
                fail(where, 'staged takes at most a maximum size')
        else:
            if type_ not in structs:
                fail(where, 'unknown type %s (a scalar or a struct declared above)' % type_)
            if rule_text:
                fail(where, 'a struct field takes its rules from struct %s' % type_)
            rule, args = 'struct', []
        cur.fields.append(Field(type_, name, dims, upto, rule, args, comment, where))
    if cur or verbatim is not None:
        fail(path, 'unterminated struct or C block at the end')
    return items, structs


def layout(structs, consts):
    for s in structs.values():
        off, align = 0, 1
        for f in s.fields:
            if f.type in SCALARS:
                size, al = SCALARS[f.type][1], SCALARS[f.type][2]
            else:
                sub = structs[f.type]
                size, al = sub.size, sub.align
            count = 1
            for d in f.dims:
                count *= eval_dim(d, consts, f.line)
            if off % al:
                fail(f.line, '%s.%s would need %d bytes of implicit padding: name them (a zero field)'
                     % (s.name, f.name, al - off % al))
            f.offset, f.size = off, size * count
            off += f.size
            align = max(align, al)
        if off % align:
            fail(s.line, '%s ends with implicit padding' % s.name)
        if off != s.declared:
            fail(s.line, '%s is %d bytes by its fields, %d declared' % (s.name, off, s.declared))
        s.size, s.align = off, align
        for f in s.fields:
            if f.upto:
                ref = [g for g in s.fields if g.name == f.upto]
                if not ref or ref[0].type not in SCALARS or ref[0].dims or ref[0].offset > f.offset:
                    fail(f.line, 'upto %s: not a scalar field before %s' % (f.upto, f.name))
            if f.rule in ('window', 'dyn', 'optby'):
                ref = [g for g in s.fields if g.name == f.args[0]]
                if not ref or ref[0].offset > f.offset or ref[0].dims:
                    fail(f.line, '%s %s: not a scalar field before %s' % (f.rule, f.args[0], f.name))


def parse_ops(path):
    ops = []
    with open(path) as f:
        for m in re.finditer(r'^OP\((\d+),\s*(\w+),\s*(\w+),', f.read(), re.M):
            ops.append((int(m.group(1)), m.group(2), m.group(3)))
    return ops


BANNER = '/* Generated by wire/gen_wire.py from wire/payloads.schema: do not edit. */\n'


def emit_payloads(items, structs):
    out = [BANNER, '#ifndef SGL_WIRE_PAYLOADS_H', '#define SGL_WIRE_PAYLOADS_H', '',
           '/* Included by wire/wire_types.h after the handles, dense enums and limits. */', '']
    for kind, it in items:
        if kind == 'c':
            out.append(it)
            continue
        s = it
        out.append('struct %s {' % s.name)
        for f in s.fields:
            ctype = SCALARS[f.type][0] if f.type in SCALARS else 'struct ' + f.type
            dims = ''.join('[%s]' % d for d in f.dims)
            if f.rule == 'struct':
                rule = 'rules of ' + f.type
            elif f.rule in ('any', 'checked'):
                rule = '%s: %s' % (f.rule, f.args[0])
            else:
                rule = ' '.join([f.rule] + f.args)
            text = '   %s %s%s;' % (ctype, f.name, dims)
            cmt = ' /* %d: %s%s */' % (f.offset, rule, ('; ' + f.comment) if f.comment else '')
            out.append(text + cmt)
        out.append('};')
        out.append('static_assert(sizeof(struct %s) == %d, "%s");' % (s.name, s.size, s.name))
        for f in s.fields:
            out.append('static_assert(offsetof(struct %s, %s) == %d, "%s.%s");' % (s.name, f.name, f.offset,
                                                                                    s.name, f.name))
        out.append('')
    out.append('#endif')
    return '\n'.join(out) + '\n'


def emit_layout(items):
    out = [BANNER, '#ifndef SGL_WIRE_LAYOUT_H', '#define SGL_WIRE_LAYOUT_H', '',
           '/* L(struct, field, offset, size) for every field of every schema struct; S(struct, size). */',
           '#define WIRE_PAYLOAD_LAYOUT(L) \\']
    for kind, s in items:
        if kind == 'struct':
            for f in s.fields:
                out.append('   L(%s, %s, %d, %d) \\' % (s.name, f.name, f.offset, f.size))
    out.append('')
    out.append('#define WIRE_PAYLOAD_SIZES(S) \\')
    for kind, s in items:
        if kind == 'struct':
            out.append('   S(%s, %d) \\' % (s.name, s.size))
    out += ['', '#endif']
    return '\n'.join(out) + '\n'


def leaves(structs, s, prefix='', path='', depth=0, loops=()):
    """Yields (field, C access expression, dotted path, loops) for every scalar leaf; loops is
    a tuple of (index var, bound, upto access or None) from outer to inner."""
    for f in s.fields:
        acc = prefix + f.name
        lp = list(loops)
        for k, d in enumerate(f.dims):
            var = 'i%d' % (len(lp))
            upto = (prefix + f.upto) if (f.upto and k == 0) else None
            lp.append((var, d, upto))
            acc += '[%s]' % var
        p = path + f.name
        if f.type in SCALARS:
            yield f, acc, p, tuple(lp), prefix
        else:
            yield from leaves(structs, structs[f.type], acc + '.', p + '.', depth + 1, tuple(lp))


def cond(f, v, prefix):
    """C expression that holds when v (an lvalue expression) obeys f's rule."""
    r, a = f.rule, f.args
    if r == 'zero':
        return '%s == 0' % v
    if r == 'bool':
        return '%s <= 1' % v
    if r == 'lt':
        return '%s < (%s)' % (v, a[0])
    if r == 'le':
        return '%s <= (%s)' % (v, a[0])
    if r == 'ge':
        return '%s >= (%s)' % (v, a[0])
    if r == 'range':
        return '%s >= (%s) && %s <= (%s)' % (v, a[0], v, a[1])
    if r == 'oneof':
        return ' || '.join('%s == %s' % (v, x) for x in a)
    if r == 'flags':
        return '(%s & ~(uint64_t)(%s)) == 0' % (v, a[0])
    if r == 'nonzero':
        return '%s != 0' % v
    if r == 'window':
        s = prefix + a[0]
        return '%s <= (%s) && %s <= (%s) - %s' % (s, a[1], v, a[1], s)
    if r == 'finite':
        return 'isfinite(%s)' % v
    if r == 'notnan':
        return '!isnan(%s)' % v
    if r == 'frange':
        return 'isfinite(%s) && %s >= (%s) && %s <= (%s)' % (v, v, a[0], v, a[1])
    if r == 'fmin':
        return 'isfinite(%s) && %s >= (%s)' % (v, v, a[0])
    if r == 'new':
        return '%s.gen != 0 && %s.slot < WIRE_MAX_SLOTS' % (v, v)
    if r == 'live':
        return 'env->live(env->user, WIRE_KIND_%s, %s)' % (a[0], v)
    if r == 'opt':
        return '%s.gen == 0 || env->live(env->user, WIRE_KIND_%s, %s)' % (v, a[0], v)
    if r == 'dyn':
        return 'env->live(env->user, %s%s, %s)' % (prefix, a[0], v)
    if r == 'optby':
        return '%s.gen == 0 || env->live(env->user, %s[%s%s], %s)' % (v, a[1], prefix, a[0], v)
    if r == 'staged':
        c = '%s.offset <= env->staging_size && %s.size <= env->staging_size - %s.offset' % (v, v, v)
        if a:
            c = '%s.size <= (%s) && %s' % (v, a[0], c)
        return c
    return None  # any, checked


def emit_validate(items, structs, ops):
    h = [BANNER, '#ifndef SGL_WIRE_VALIDATE_H', '#define SGL_WIRE_VALIDATE_H', '', '#include <stdbool.h>',
         '#include "wire/wire_types.h"', '',
         '/** What a payload is checked against besides itself. */',
         'struct wire_validate_env {',
         '   uint32_t staging_size;                                   /* bytes of the staging segment */',
         '   bool (*live)(const void *user, uint32_t kind, wire_handle h); /* h names a live object of kind */',
         '   const void *user;',
         '};', '',
         '/** NULL if every field of the payload obeys its rule (wire/payloads.schema), else the',
         ' *  dotted path of the first field that does not ("rt.rgb_src"). Fields are read once each',
         ' *  from `p`, which must not be shared memory the client can still write. */']
    c = [BANNER, '#include <math.h>', '#include <stdint.h>', '', '#include "wire/ops.h"',
         '#include "wire/wire_validate.h"', '']
    for kind, s in items:
        if kind != 'struct':
            continue
        short = s.name[5:] if s.name.startswith('wire_') else s.name
        proto = 'const char *\nwire_validate_%s(const struct %s *p, const struct wire_validate_env *env)' % (short, s.name)
        h.append(proto.replace('\n', ' ') + ';')
        c.append(proto)
        c.append('{')
        c.append('   (void)env;')
        # group consecutive leaves by identical loop nests to keep the code short
        for f, acc, path, loops, prefix in leaves(structs, s, 'p->'):
            test = cond(f, acc, prefix)
            if test is None:
                continue
            ind = '   '
            for var, bound, upto in loops:
                lim = '(uint32_t)(%s)' % bound
                if upto:
                    c.append('%sfor (uint32_t %s = 0; %s < %s && %s < %s; %s++)' % (ind, var, var, lim, var, upto, var))
                else:
                    c.append('%sfor (uint32_t %s = 0; %s < %s; %s++)' % (ind, var, var, lim, var))
                ind += '   '
            c.append('%sif (!(%s))' % (ind, test))
            c.append('%s   return "%s";' % (ind, path))
        c.append('   return NULL;')
        c.append('}')
        c.append('')
    h += ['', '/** wire_validate_<payload> of op `op`\'s payload; NULL for an op that is not in ops.def. */',
          'const char *wire_validate_payload(uint32_t op, const void *payload, const struct wire_validate_env *env);',
          '', '#endif']
    c.append('const char *')
    c.append('wire_validate_payload(uint32_t op, const void *payload, const struct wire_validate_env *env)')
    c.append('{')
    c.append('   switch (op) {')
    for num, name, payload in ops:
        if payload not in structs:
            fail('ops.def', 'op %s: payload %s is not in the schema' % (name, payload))
        short = payload[5:]
        c.append('   case WIRE_OP_%s: return wire_validate_%s(payload, env);' % (name, short))
    c.append('   default: return NULL;')
    c.append('   }')
    c.append('}')
    return '\n'.join(h) + '\n', '\n'.join(c) + '\n'


def baseline(f, v, prefix):
    """Statements giving v (an lvalue) a value its rule accepts (the payload starts zeroed)."""
    r, a = f.rule, f.args
    if r == 'range':
        return ['%s = (%s);' % (v, a[0])]
    if r == 'ge':
        return ['%s = (%s);' % (v, a[0])]
    if r == 'oneof':
        return ['%s = %s;' % (v, a[0])]
    if r == 'nonzero':
        return ['%s = 1;' % v]
    if r in ('frange', 'fmin'):
        return ['%s = (float)(%s);' % (v, a[0])]
    if r == 'new':
        return ['%s = (wire_handle){1, 1};' % v]
    if r == 'live':
        return ['%s = live_handle(WIRE_KIND_%s);' % (v, a[0])]
    if r == 'dyn':
        return ['%s = live_handle(%s%s);' % (v, prefix, a[0])]
    return []


def flips(f, v, prefix, tname):
    """(setup statements, description) pairs that each break f's rule alone."""
    r, a = f.rule, f.args
    tmax = TYPE_MAX.get(tname)
    out = []
    if r == 'zero':
        out.append((['%s = 1;' % v], 'non-zero'))
    elif r == 'bool':
        out.append((['%s = 2;' % v], '2'))
    elif r == 'lt':
        out.append((['static_assert((%s) <= %s, "%s: lt %s cannot be violated in a %s");' % (a[0], tmax, v, a[0], tname),
                     '%s = (%s);' % (v, a[0])], 'the limit'))
        out.append((['%s = %s;' % (v, tmax)], 'the type\'s largest'))
    elif r == 'le':
        out.append((['static_assert((%s) < %s, "%s: le %s cannot be violated in a %s");' % (a[0], tmax, v, a[0], tname),
                     '%s = (uint64_t)(%s) + 1;' % (v, a[0])], 'one past'))
    elif r == 'ge':
        out.append((['static_assert((%s) > INT32_MIN, "%s: ge cannot be violated");' % (a[0], v),
                     '%s = (int64_t)(%s) - 1;' % (v, a[0])], 'one below'))
    elif r == 'range':
        out.append((['static_assert((%s) < %s, "%s: range cannot be violated in a %s");' % (a[1], tmax, v, tname),
                     '%s = (uint64_t)(%s) + 1;' % (v, a[1])], 'one past'))
        out.append((['if ((%s) == 0) continue_case = 0;' % a[0], '%s = (%s) - 1;' % (v, a[0])], 'one below'))
    elif r == 'oneof':
        vals = set(int(x) for x in a)
        k = 0
        while k in vals:
            k += 1
        out.append((['%s = %d;' % (v, k)], 'not listed'))
    elif r == 'flags':
        out.append((['static_assert((~(uint64_t)(%s) & %s) != 0, "%s: flags cover the whole type");' % (a[0], tmax, v),
                     '%s = lowest_bit(~(uint64_t)(%s) & %s);' % (v, a[0], tmax)], 'an unknown bit'))
    elif r == 'nonzero':
        out.append((['%s = 0;' % v], 'zero'))
    elif r == 'window':
        out.append((['%s = (%s) + 1;' % (v, a[1])], 'past the limit'))
        out.append((['%s%s = 1;' % (prefix, a[0]), '%s = (%s);' % (v, a[1])], 'start + count past the limit'))
    elif r in ('finite', 'notnan', 'frange', 'fmin'):
        out.append((['%s = NAN;' % v], 'NaN'))
        if r != 'notnan':
            out.append((['%s = INFINITY;' % v], 'infinity'))
        if r == 'frange':
            out.append((['%s = (float)(%s) + 1.0f;' % (v, a[1])], 'above'))
            out.append((['%s = (float)(%s) - 1.0f;' % (v, a[0])], 'below'))
        if r == 'fmin':
            out.append((['%s = (float)(%s) - 1.0f;' % (v, a[0])], 'below'))
    elif r == 'new':
        out.append((['%s = (wire_handle){1, 0};' % v], 'null'))
        out.append((['%s = (wire_handle){WIRE_MAX_SLOTS, 1};' % v], 'slot past WIRE_MAX_SLOTS'))
    elif r in ('live', 'opt', 'dyn', 'optby'):
        out.append((['%s = (wire_handle){7, 9};' % v], 'unknown'))
        if r == 'live':
            out.append((['%s = (wire_handle){0, 0};' % v], 'null'))
            out.append((['%s = live_handle((WIRE_KIND_%s + 1) %% WIRE_KIND_COUNT);' % (v, a[0])], 'another kind'))
        if r == 'opt':
            out.append((['%s = live_handle((WIRE_KIND_%s + 1) %% WIRE_KIND_COUNT);' % (v, a[0])], 'another kind'))
        if r == 'dyn':
            out.append((['%s = live_handle((%s%s + 1) %% WIRE_KIND_COUNT);' % (v, prefix, a[0])], 'another kind'))
        if r == 'optby':
            out.append((['%s = live_handle((%s[%s%s] + 1) %% WIRE_KIND_COUNT);' % (v, a[1], prefix, a[0])],
                        'another kind'))
    elif r == 'staged':
        out.append((['%s = (struct wire_span){TEST_STAGING, 1};' % v], 'past the end'))
        out.append((['%s = (struct wire_span){8, UINT32_MAX - 4};' % v], 'wrapping'))
        if a:
            out.append((['%s = (struct wire_span){0, (uint32_t)(%s) + 1};' % (v, a[0])], 'larger than allowed'))
    return out


def emit_hostile(items, structs, ops):
    out = [BANNER, '/* For tests/unit/test_schema.c: per op, a payload every rule accepts, then each ruled',
           ' * field alone flipped to values its rule refuses; the validator must name that field. */', '']
    for num, name, payload in ops:
        s = structs[payload]
        out.append('static void\nhostile_%s(void)\n{' % name)
        out.append('   struct %s base;' % s.name)
        out.append('   memset(&base, 0, sizeof(base));')
        leaf = list(leaves(structs, s, 'base.'))
        for f, acc, path, loops, prefix in leaf:
            stm = baseline(f, acc, prefix)
            if not stm:
                continue
            ind = '   '
            for var, bound, upto in loops:
                out.append('%sfor (uint32_t %s = 0; %s < (uint32_t)(%s); %s++)' % (ind, var, var, bound, var))
                ind += '   '
            out += [ind + x for x in stm]
        out.append('   expect_site(WIRE_OP_%s, "%s", &base, NULL, "baseline");' % (name, name))
        for f, acc, path, loops, prefix in leaf:
            cases = flips(f, acc, prefix, f.type)
            for where in ('first', 'last'):
                if where == 'last' and not loops:
                    continue
                for stm, desc in cases:
                    out.append('   {')
                    out.append('      struct %s q = base;' % s.name)
                    out.append('      int continue_case = 1;')
                    idx = []
                    for var, bound, upto in loops:
                        iv = '0' if where == 'first' else '(uint32_t)(%s) - 1' % bound
                        out.append('      const uint32_t %s = %s;' % (var, iv))
                        if upto:
                            out.append('      %s = %s + 1;' % (upto.replace('base.', 'q.'), var))
                        idx.append(var)
                    for x in stm:
                        out.append('      ' + x.replace('base.', 'q.'))
                    out.append('      if (continue_case)')
                    out.append('         expect_site(WIRE_OP_%s, "%s", &q, "%s", "%s %s");' % (name, name, path,
                                                                                              where, desc))
                    out.append('   }')
        out.append('}')
        out.append('')
    out.append('static void\nhostile_all(void)\n{')
    for num, name, payload in ops:
        out.append('   hostile_%s();' % name)
    out.append('}')
    return '\n'.join(out) + '\n'


def parse_enums(path):
    enums = []
    cur = None
    with open(path) as f:
        lines = f.read().split('\n')
    for n, raw in enumerate(lines, 1):
        where = '%s:%d' % (path, n)
        line, comment = raw, ''
        if '#' in line:
            line, comment = line.split('#', 1)
        line, comment = line.strip(), comment.strip()
        if not line:
            continue
        words = line.split()
        if cur is None:
            if len(words) != 3 or words[0] != 'enum':
                fail(where, 'expected "enum NAME PREFIX"')
            cur = {'name': words[1], 'prefix': words[2], 'comment': comment, 'rows': [], 'line': where}
            continue
        if words == ['end']:
            if not cur['rows']:
                fail(where, 'enum %s has no values' % cur['name'])
            enums.append(cur)
            cur = None
            continue
        if len(words) != 3:
            fail(where, 'expected "VALUE GL_ENUM|- VK_VALUE|-"')
        if any(r[0] == words[0] for r in cur['rows']):
            fail(where, '%s_%s twice' % (cur['prefix'], words[0]))
        cur['rows'].append((words[0], None if words[1] == '-' else words[1],
                            None if words[2] == '-' else words[2], comment))
    if cur:
        fail(path, 'enum %s is not closed' % cur['name'])
    return enums


def emit_enums(enums):
    out = [BANNER.replace('payloads.schema', 'enums.schema'), '#ifndef SGL_WIRE_ENUMS_H', '#define SGL_WIRE_ENUMS_H', '',
           '/* Included by wire/wire_types.h. PREFIX_GL_MAP(M) / PREFIX_VK_MAP(M) call M(wire value, GL enum)',
           ' * / M(wire value, Vulkan value) for each value that has one (wire/enums.schema). */', '']
    for e in enums:
        if e['comment']:
            out.append('/* %s */' % e['comment'])
        out.append('enum %s {' % e['name'])
        for k, (v, gl, vk, c) in enumerate(e['rows']):
            note = ', '.join(x for x in (gl, vk) if x)
            if c:
                note = (note + '; ' if note else '') + c
            out.append('   %s_%s = %d,%s' % (e['prefix'], v, k, (' /* %s */' % note) if note else ''))
        out.append('   %s_COUNT' % e['prefix'])
        out.append('};')
        for col, tag in ((1, 'GL'), (2, 'VK')):
            rows = [r for r in e['rows'] if r[col]]
            out.append('#define %s_%s_COUNT %d /* values with a %s counterpart */' % (e['prefix'], tag, len(rows), tag))
            out.append('#define %s_%s_MAP(M) %s' % (e['prefix'], tag, '' if rows else '/* none */'))
            if rows:
                out[-1] += '\\'
                for i, r in enumerate(rows):
                    out.append('   M(%s_%s, %s)%s' % (e['prefix'], r[0], r[col], ' \\' if i + 1 < len(rows) else ''))
        out.append('')
    out.append('#endif')
    return '\n'.join(out) + '\n'


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text:
        with open(path, 'w') as f:
            f.write(text)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    schema, enums_schema, opsdef, types_h, outdir = sys.argv[1:]
    consts = {}
    with open(types_h) as f:
        parse_defines(f.read(), consts)
    try:
        enums = parse_enums(enums_schema)
        items, structs = parse_schema(schema, consts)
        layout(structs, consts)
        ops = parse_ops(opsdef)
        if not ops:
            fail(opsdef, 'no OP lines')
        hdr, src = emit_validate(items, structs, ops)
        hostile = emit_hostile(items, structs, ops)
    except SchemaError as e:
        sys.stderr.write('gen_wire.py: %s\n' % e)
        sys.exit(1)
    write(os.path.join(outdir, 'wire', 'wire_enums.h'), emit_enums(enums))
    write(os.path.join(outdir, 'wire', 'wire_payloads.h'), emit_payloads(items, structs))
    write(os.path.join(outdir, 'wire', 'wire_layout.h'), emit_layout(items))
    write(os.path.join(outdir, 'wire', 'wire_validate.h'), hdr)
    write(os.path.join(outdir, 'wire', 'wire_validate.c'), src)
    write(os.path.join(outdir, 'tests', 'unit', 'hostile_rules.h'), hostile)


if __name__ == '__main__':
    main()
