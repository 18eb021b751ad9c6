#!/usr/bin/env python3
"""Regenerates the piglit case lists in cts_subset/lists/ (Python 3 standard library only).

How the lists are selected (rerun this when splitgl offers a new context kind: change
restrict/restrict.c's offered() and the version limits below, then run it):

 1. Candidates, from the piglit package's test lists (tests/*.xml.gz):
    - opengl.xml.gz, native test binaries ("gl" tests): all, except window-system tests
      (glx, egl, wgl), tests of GL 4.x / ES 3.1+ / GLSL 4.x / GLSL ES 3.10+ and tests in the
      folder of an extension that is not core in GL 3.3 or ES 3.0 (CORE_EXTENSIONS);
    - shader.xml.gz (shader_runner*): GLSL ES 1.00 / 3.00 tests (api gles2/gles3, ES <= 3.0)
      and GLSL 1.40 - 3.30 core tests (GL <= 3.3), requiring no extension;
    - glslparser.xml.gz (glslparsertest*): GLSL ES 1.00 / 3.00 and GLSL 1.10 - 3.30 (a
      desktop one runs when piglit gets a core context for it), requiring no extension.
 2. Every candidate runs on Mesa llvmpipe restricted to what splitgl offers
    (ctslib.oracle_env(): eglCreateContext refuses what splitgl refuses, each context kind
    lists only the extensions splitgl lists for it (asked from the splitgl build that
    --vendor-json names), MESA_GL_VERSION_OVERRIDE=3.3, MESA_GLES_VERSION_OVERRIDE=3.0,
    MESA_GLSL_VERSION_OVERRIDE=330), -j cores, a per-test timeout.
 3. A test that passes there goes to the list of the context it got (the stand-in logs it):
    piglit-gles2 (an ES 2.0 context), piglit-gles3 (ES 3.0), piglit-gl33 (GL 3.3 core).
    Inside a list, tests are grouped by area (area()).

    cts_subset/gen_lists.py [-j N] [--timeout S] [--areas REGEX] [--piglit DIR]

Re-filtering (when the restriction changes, without a whole new derivation): run the tests
that may be affected on the oracle (run --oracle --no-expectations --filter ... --results R),
then

    cts_subset/gen_lists.py --refilter R [--refilter R2 ...] --why 'TEXT'

drops from the lists every test R has a result for that is not a pass (except Timeout: a test
that ran out of time under load is run again, not dropped) and drops their lines from the
-fails.txt files; each list's header gains a line saying when, why and how many.
"""
import argparse
import ast
import gzip
import json
import os
import re
import sys
import time
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctslib  # noqa: E402

# Extensions whose functionality is core in OpenGL 3.3 or OpenGL ES 3.0 (piglit folder names).
CORE_EXTENSIONS = set('''
arb_blend_func_extended arb_color_buffer_float arb_copy_buffer arb_depth_buffer_float
arb_depth_clamp arb_depth_texture arb_draw_buffers arb_draw_elements_base_vertex
arb_draw_instanced arb_explicit_attrib_location arb_fragment_coord_conventions
arb_fragment_shader arb_framebuffer_object arb_framebuffer_srgb arb_half_float_pixel
arb_half_float_vertex arb_instanced_arrays arb_map_buffer_range arb_multisample
arb_occlusion_query arb_occlusion_query2 arb_pixel_buffer_object arb_point_sprite
arb_provoking_vertex arb_sampler_objects arb_seamless_cube_map arb_shader_bit_encoding
arb_shader_objects arb_shading_language_100 arb_sync arb_texture_border_clamp
arb_texture_buffer_object arb_texture_compression arb_texture_compression_rgtc
arb_texture_cube_map arb_texture_float arb_texture_mirrored_repeat arb_texture_multisample
arb_texture_non_power_of_two arb_texture_rectangle arb_texture_rg arb_texture_rgb10_a2ui
arb_texture_swizzle arb_timer_query arb_uniform_buffer_object arb_vertex_array_bgra
arb_vertex_array_object arb_vertex_buffer_object arb_vertex_shader
arb_vertex_type_2_10_10_10_rev ext_blend_color ext_blend_equation_separate ext_blend_func_separate
ext_blend_minmax ext_blend_subtract ext_draw_buffers2 ext_framebuffer_blit
ext_framebuffer_multisample ext_framebuffer_object ext_framebuffer_srgb ext_gpu_shader4
ext_packed_depth_stencil ext_packed_float ext_provoking_vertex ext_stencil_wrap
ext_texture_array ext_texture_compression_rgtc ext_texture_integer ext_texture_lod_bias
ext_texture_shared_exponent ext_texture_snorm ext_texture_srgb ext_texture_swizzle
ext_timer_query ext_transform_feedback nv_conditional_render nv_primitive_restart
oes_element_index_uint oes_packed_depth_stencil oes_rgb8_rgba8 oes_depth24 oes_texture_3d
oes_texture_npot oes_vertex_array_object oes_compressed_etc2_texture ext_occlusion_query_boolean
'''.split())

EXCLUDED_PREFIXES = ('glx@', 'egl@', 'wgl@', 'spec@egl', 'spec@glx', 'spec@wgl',
                     'spec@!opengl 4', 'spec@!opengl es 3.1', 'spec@!opengl es 3.2',
                     'spec@glsl-4', 'spec@glsl-es-3.1', 'spec@glsl-es-3.2')

# Area of a test: what it exercises (the grouping), from its name.
_AREAS = [
    ('xfb', r'transform.?feedback|xfb|tfb'),
    ('query', r'query|occlusion|timer|timestamp|conditional.?render'),
    ('framebuffer', r'fbo|framebuffer|renderbuffer|blit|readpixels|read.?pixels|draw.?buffers|'
                    r'clear|multisample|srgb|depthstencil|stencil'),
    ('texture', r'tex|sampler|mipmap|compress|rgtc|etc2|cube|swizzle|pbo|pixelstore|'
                r'formats|border|lod'),
    ('vertex', r'vertex|attrib|draw|instanc|vao|vbo|primitive|restart|elements|index|'
               r'buffer|provoking'),
]


def area(name, prog):
    parts = name.split('@')
    if prog.startswith('glslparsertest'):
        return 'glsl-parser ' + (parts[1] if len(parts) > 2 else 'misc')
    if prog.startswith('shader_runner'):
        return 'shader-runner ' + (parts[1] if len(parts) > 2 else 'misc')
    low = name.lower()
    for a, rx in _AREAS:
        if re.search(rx, low):
            return a
    return 'api'


def spec_folder(name):
    parts = name.split('@')
    return parts[1] if parts[0] == 'spec' and len(parts) > 2 else None


def ext_ok(name):
    f = spec_folder(name)
    if f is None or not re.match(r'^(arb|ext|oes|nv|amd|khr|mesa|intel|apple|ati|angle|'
                                 r'img|nvx|ovr|sgis|sgix|sun|3dfx|s3|gremedy)_', f):
        return True
    return f in CORE_EXTENSIONS


def _opts(el):
    return {o.get('name'): o.get('value') for o in el.findall('option')}


def _lit(v, default=None):
    if v is None:
        return default
    try:
        return ast.literal_eval(v)
    except (ValueError, SyntaxError):
        return v


def candidates(piglit_dir, areas_rx=None):
    out = []
    rx = re.compile(areas_rx) if areas_rx else None

    def keep(name):
        return (not name.startswith(EXCLUDED_PREFIXES) and ext_ok(name)
                and (rx is None or rx.search(name)))

    for xml in ('opengl', 'shader', 'glslparser'):
        path = os.path.join(piglit_dir, 'tests', xml + '.xml.gz')
        for _, el in ET.iterparse(gzip.open(path)):
            if el.tag != 'Test':
                continue
            name, typ, o = el.get('name'), el.get('type'), _opts(el)
            el.clear()
            if not keep(name):
                continue
            cmd = _lit(o.get('command'), [])
            if not cmd:
                continue
            exts = _lit(o.get('extensions'), set()) or set()
            api = _lit(o.get('api'))
            sv = float(_lit(o.get('shader_version'), 0) or 0)
            av = float(_lit(o.get('api_version'), 0) or 0)
            if typ == 'gl':
                concurrent = _lit(o.get('run_concurrent'), True) in (True, 'True')
                argv = cmd + (['-auto', '-fbo'] if concurrent else ['-auto'])
            elif typ == 'shader':
                if exts:
                    continue
                if api in ('gles2', 'gles3'):
                    if sv > 3.0 or av > 3.0:
                        continue
                elif api == 'core':
                    if not (1.4 <= sv <= 3.3) or av > 3.3:
                        continue
                else:
                    continue  # compat: splitgl has no compatibility profile
                argv = cmd + ['-auto', '-fbo']
            elif typ == 'glsl_parser':
                if exts:
                    continue
                if api in ('gles2', 'gles3'):
                    if sv > 3.0:
                        continue
                elif api == 'core':
                    if sv > 3.3:
                        continue
                else:
                    continue
                argv = list(cmd)
            else:
                continue  # asm_parser (ARB assembly: compat only), gl_builtin
            command = ' '.join(argv)
            out.append(ctslib.Case(name, command, area(name, argv[0])))
    return out


def _header(path):
    """A list's header lines (before its first area), without the '# '."""
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            if not line.startswith('#') or line.startswith('# area:'):
                break
            out.append(line[2:].rstrip('\n') if line.startswith('# ') else '')
    return out


def refilter(result_paths, why):
    """Drops from the three piglit lists (and their -fails.txt) the tests that the given
    --oracle results show not passing (Timeout apart)."""
    results = {}
    for p in result_paths:
        with open(p) as f:
            d = json.load(f)
        if not d.get('driver', '').startswith('llvmpipe'):
            raise SystemExit('gen_lists: %s is not an --oracle run (driver %r)' % (p, d.get('driver')))
        results.update(d['results'])
    stamp = time.strftime('%Y-%m-%d')
    for name in ('piglit-gles2', 'piglit-gles3', 'piglit-gl33'):
        path = os.path.join(ctslib.LIST_DIR, name + '.txt')
        cases = ctslib.read_list(path)
        drop = {c.name: results[c.name] for c in cases if c.name in results
                and results[c.name]['status'] not in (ctslib.PASS, ctslib.TIMEOUT)}
        timeouts = [c.name for c in cases if results.get(c.name, {}).get('status') == ctslib.TIMEOUT]
        checked = sum(c.name in results for c in cases)
        print('%-14s %d of %d tests checked, %d dropped, %d timeouts kept'
              % (name, checked, len(cases), len(drop), len(timeouts)))
        for n in sorted(drop):
            print('  drop %s: %s %s' % (n, drop[n]['status'], drop[n].get('detail', '')))
        for n in timeouts:
            print('  kept (timeout, run it again): %s' % n)
        if not drop:
            continue
        keep = [c for c in cases if c.name not in drop]
        header = _header(path) + [
            're-filtered by cts_subset/gen_lists.py --refilter on %s: %d of the %d tests re-run on '
            'the oracle no longer pass there and left the list (%s); %d tests'
            % (stamp, len(drop), checked, why, len(keep))]
        ctslib.write_list(path, header, keep)
        fails = os.path.join(ctslib.LIST_DIR, name + '-fails.txt')
        if os.path.exists(fails):
            with open(fails, encoding='utf-8') as f:
                lines = f.readlines()
            with open(fails, 'w', encoding='utf-8') as f:
                f.writelines(l for l in lines
                             if l.startswith('#') or l.rstrip('\n').rpartition(',')[0] not in drop)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--piglit', default=ctslib.DEFAULT_PIGLIT)
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--timeout', type=int, default=30)
    ap.add_argument('--areas', help='only candidates whose name matches this regex')
    ap.add_argument('--work-dir', default=os.path.join(ctslib.HERE, '..', 'build', 'cts_subset'))
    ap.add_argument('--vendor-json', default=ctslib.DEFAULT_SPLITGL_JSON,
                    help='splitgl\'s glvnd vendor JSON: the oracle lists the extensions it lists '
                         '(default: %(default)s)')
    ap.add_argument('--dry-run', action='store_true', help='print candidate counts and stop')
    ap.add_argument('--oracle-results', help='reuse this derivation results JSON (no run)')
    ap.add_argument('--refilter', action='append', metavar='JSON',
                    help='drop from the lists the tests these --oracle results show not passing '
                         '(see the top of this file); no derivation run')
    ap.add_argument('--why', help='with --refilter: the reason, for the lists\' headers')
    args = ap.parse_args()
    if args.refilter:
        if not args.why:
            ap.error('--refilter needs --why')
        return refilter(args.refilter, args.why)

    cands = candidates(args.piglit, args.areas)
    print('candidates: %d' % len(cands))
    if args.dry_run:
        by = {}
        for c in cands:
            by[c.area] = by.get(c.area, 0) + 1
        for a in sorted(by):
            print('  %-36s %6d' % (a, by[a]))
        return 0

    os.makedirs(args.work_dir, exist_ok=True)
    res_path = os.path.join(args.work_dir, 'derive-llvmpipe.json')
    if args.oracle_results:
        with open(args.oracle_results) as f:
            results = json.load(f)['results']
    else:
        env = dict(os.environ)
        env.update(ctslib.oracle_env(args.work_dir, os.path.abspath(args.vendor_json)))
        env.update({'__EGL_VENDOR_LIBRARY_FILENAMES': ctslib.MESA_JSON,
                    'PIGLIT_PLATFORM': 'surfaceless_egl', 'PIGLIT_SOURCE_DIR': args.piglit,
                    'CTS_RESTRICT_LOG': '1', 'LP_NUM_THREADS': '0'})
        t0 = time.time()

        def make_job(c):
            return ctslib.piglit_argv(c, args.piglit), args.piglit, env

        def progress(n, name, r):
            if n % 500 == 0:
                print('  %d/%d  %.0fs' % (n, len(cands), time.time() - t0), flush=True)

        results = ctslib.run_cases(cands, args.jobs, args.timeout, make_job, progress,
                                   keep_output=True)
        with open(res_path, 'w') as f:
            json.dump({'driver': 'llvmpipe (restricted)', 'seconds': round(time.time() - t0),
                       'results': results}, f, indent=0, sort_keys=True)
        print('derivation run: %.0fs, results in %s' % (time.time() - t0, res_path))

    lists = {'piglit-gles2': [], 'piglit-gles3': [], 'piglit-gl33': []}
    for c in cands:
        r = results.get(c.name)
        if not r or r['status'] != ctslib.PASS:
            continue
        ctx = re.findall(r'^restrict: context (\w+)$', r.get('log', ''), re.M)
        if not ctx:
            continue
        lists['piglit-' + ctx[-1]].append(c)
    stamp = time.strftime('%Y-%m-%d')
    for name, cases in lists.items():
        header = ['%s: piglit tests that pass on Mesa llvmpipe restricted to what splitgl offers' % name,
                  'generated by cts_subset/gen_lists.py on %s, do not edit; %d tests' % (stamp, len(cases)),
                  'format: name<TAB>command (binary in piglit bin/, files relative to the piglit folder)']
        ctslib.write_list(os.path.join(ctslib.LIST_DIR, name + '.txt'), header, cases)
        print('%-14s %6d tests' % (name, len(cases)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
