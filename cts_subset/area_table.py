#!/usr/bin/env python3
"""Prints cts_subset/README.md's piglit comparison table (markdown) from what the repository
holds plus the oracle runs that checked it (Python 3 standard library only):

    cts_subset/area_table.py [--results splitgl.json ...] --oracle-results llvmpipe.json [...]

Per list and area: tests (lists/<list>.txt); splitgl pass = tests whose result in the --results
runs is a pass, and for a test those runs did not run, one not in <list>-fails.txt (so without
--results the table is as current as the fails files: say which runs wrote them); llvmpipe pass = tests
whose result in the --oracle runs is a pass, plus the tests those runs did not run (each list
holds the tests that passed on the restricted llvmpipe when it was made or re-filtered: column
"llvmpipe not re-run"); ratio = splitgl pass / llvmpipe pass (a test splitgl passes that the
oracle does not is counted in neither). The "glsl subset" rows group the GLSL areas as issues
8-10 do: glslparsertest and shader_runner of GLSL ES 1.00 / 3.00 (piglit-gles2 / -gles3) and of
GLSL 1.40 / 1.50 / 3.30 (piglit-gl33).
"""
import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctslib  # noqa: E402

LISTS = ['piglit-gl33', 'piglit-gles2', 'piglit-gles3']
SUBSETS = [
    ('GLSL 1.40-3.30 (both)', r'^piglit-gl33 (glsl-parser|shader-runner) glsl-(1\.40|1\.50|3\.30)$'),
    ('GLSL ES 1.00/3.00 (both)', r'^piglit-gles[23] (glsl-parser|shader-runner) glsl-es-(1\.00|3\.00)$'),
    ('glslparsertest GLSL 1.40-3.30', r'^piglit-gl33 glsl-parser glsl-(1\.40|1\.50|3\.30)$'),
    ('glslparsertest GLSL ES 1.00/3.00', r'^piglit-gles[23] glsl-parser glsl-es-(1\.00|3\.00)$'),
    ('shader_runner GLSL 1.40-3.30', r'^piglit-gl33 shader-runner glsl-(1\.40|1\.50|3\.30)$'),
    ('shader_runner GLSL ES 1.00/3.00', r'^piglit-gles[23] shader-runner glsl-es-(1\.00|3\.00)$'),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--oracle-results', action='append', default=[], metavar='JSON',
                    help='results of run --oracle (repeat to merge; later runs win)')
    ap.add_argument('--results', action='append', default=[], metavar='JSON',
                    help='results of splitgl runs (repeat to merge; later runs win)')
    args = ap.parse_args()
    ours_res = {}
    for p in args.results:
        with open(p) as f:
            d = json.load(f)
        if d.get('driver', '').startswith('llvmpipe'):
            sys.exit('area_table: %s is an --oracle run' % p)
        ours_res.update(d['results'])
    oracle = {}
    for p in args.oracle_results:
        with open(p) as f:
            d = json.load(f)
        if not d.get('driver', '').startswith('llvmpipe'):
            sys.exit('area_table: %s is not an --oracle run (driver %r)' % (p, d.get('driver')))
        oracle.update(d['results'])

    rows = {}  # (list, area) -> [tests, splitgl pass, llvmpipe pass, not re-run]
    for lst in LISTS:
        path = os.path.join(ctslib.LIST_DIR, lst + '.txt')
        fails = ctslib.Expectations(path).fails
        for c in ctslib.read_list(path):
            r = rows.setdefault((lst, c.area), [0, 0, 0, 0])
            o = oracle.get(c.name)
            ours = (ours_res[c.name]['status'] == ctslib.PASS if c.name in ours_res
                    else c.name not in fails)
            theirs = o is None or o['status'] == ctslib.PASS
            r[0] += 1
            r[1] += ours and theirs
            r[2] += theirs
            r[3] += o is None

    def line(a, b, r):
        return '| %s | %s | %d | %d | %d | %s | %d |' % (
            a, b, r[0], r[1], r[2], '%.3f' % (r[1] / r[2]) if r[2] else '-', r[3])

    def total(keys):
        t = [0, 0, 0, 0]
        for k in keys:
            t = [x + y for x, y in zip(t, rows[k])]
        return t

    out = ['| list | area | tests | splitgl pass | llvmpipe pass | ratio | llvmpipe not re-run |',
           '|---|---|---:|---:|---:|---:|---:|']
    for label, rx in SUBSETS:
        keys = [k for k in rows if re.match(rx, '%s %s' % k)]
        out.append(line('glsl subset', label, total(keys)))
    for lst in LISTS:
        keys = sorted(k for k in rows if k[0] == lst)
        out.append(line(lst, '(all)', total(keys)))
        out += [line(lst, k[1], rows[k]) for k in keys]
    out.append(line('**total**', '', total(list(rows))))
    print('\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
