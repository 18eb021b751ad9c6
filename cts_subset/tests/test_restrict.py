#!/usr/bin/env python3
"""Test of the restricted oracle (cts_subset/restrict/): with splitgl built (argument 1: its
vendor JSON) and Mesa's EGL vendor installed, sets the oracle up in a fresh folder and checks

 - splitgl's lists come from splitgl (probe.c): every kind has some, GL core has none of the ES
   names and the other way round;
 - the restricted llvmpipe lists, per kind, exactly llvmpipe's extensions that splitgl lists
   (probe.c through the stand-ins: strings on ES, GL_NUM_EXTENSIONS + glGetStringi on GL core),
   and fewer than llvmpipe itself;
 - the leak check fires: told that splitgl lacks one of the shown names, check_restrict_shim()
   stops;
 - a piglit GL 3.3 test that needs an extension splitgl does not list (textureSize tes ...:
   ARB_tessellation_shader, reached through glXGetProcAddress, the path that leaked) skips on
   the oracle, and one that needs only listed ones passes (skipped when piglit is absent).

Exit 77 (ctest: skipped) when Mesa's vendor JSON or splitgl's is missing. Run by ctest
(cts_oracle_restrict) or directly."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
import ctslib  # noqa: E402

failures = []


def check(cond, what):
    print(('ok   ' if cond else 'FAIL ') + what)
    if not cond:
        failures.append(what)


def probe(path, env):
    p = subprocess.run([path], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    out = {k: [] for k in ctslib.KINDS}
    for line in p.stdout.decode().splitlines():
        kind, _, name = line.partition(' ')
        if kind in out:
            out[kind].append(name)
    return p.returncode, out


def main():
    splitgl_json = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ctslib.DEFAULT_SPLITGL_JSON
    for need in (splitgl_json, ctslib.MESA_JSON):
        if not os.path.exists(need):
            print('SKIP: %s is missing' % need)
            return 77
    work = tempfile.mkdtemp(prefix='cts-restrict-')
    try:
        return run_checks(work, splitgl_json)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_checks(work, splitgl_json):
    env = ctslib.oracle_env(work, splitgl_json)
    lists = ctslib.probe_extensions(work, splitgl_json)
    check(all(lists[k] for k in ctslib.KINDS), 'splitgl lists extensions in every kind')
    check(not set(lists['gl33']) & {'GL_OES_texture_npot', 'GL_OES_vertex_array_object'} and
          'GL_ARB_vertex_array_object' not in lists['gles3'],
          'splitgl\'s GL core and ES lists differ as extensions.def says')

    probe_bin = os.path.join(work, 'restrict', 'probe')
    base = dict(os.environ)
    base.update({'__EGL_VENDOR_LIBRARY_FILENAMES': ctslib.MESA_JSON, 'EGL_PLATFORM': 'surfaceless'})
    base.update(ctslib.RESTRICT_ENV)
    rc, native = probe(probe_bin, base)
    check(rc == 0, 'llvmpipe without the stand-ins probes')
    shown_env = dict(base)
    shown_env['LD_LIBRARY_PATH'] = env['LD_LIBRARY_PATH']
    rc, shown = probe(probe_bin, shown_env)
    check(rc == 0, 'llvmpipe with the stand-ins probes')
    for k in ctslib.KINDS:
        want = [n for n in native[k] if n in lists[k]]
        check(shown[k] == want, '%s: the oracle lists llvmpipe\'s extensions that splitgl lists '
              '(%d of %d)' % (k, len(shown[k]), len(native[k])))
        check(len(shown[k]) < len(native[k]), '%s: the oracle hides some of llvmpipe\'s' % k)

    bad = {k: list(v) for k, v in lists.items()}
    bad['gl33'] = [n for n in bad['gl33'] if n != shown['gl33'][0]] if shown['gl33'] else []
    try:
        ctslib.check_restrict_shim(work, bad)
        check(False, 'the leak check stops on a name splitgl does not list')
    except SystemExit as e:
        check('shown but not on splitgl' in str(e), 'the leak check stops on a name splitgl does not list')

    piglit = ctslib.DEFAULT_PIGLIT
    if not os.path.isdir(os.path.join(piglit, 'bin')):
        print('piglit is not installed: the piglit part is not run')
    else:
        penv = dict(shown_env)
        penv.update({'PIGLIT_PLATFORM': 'surfaceless_egl', 'PIGLIT_SOURCE_DIR': piglit})
        for args, want, why in (
                (['textureSize', 'tes', 'sampler2D'], 'Skip', 'needs ARB_tessellation_shader'),
                (['textureSize', 'gs', 'sampler2D'], 'Pass', 'needs nothing splitgl lacks')):
            argv = [os.path.join(piglit, 'bin', args[0])] + args[1:] + ['-auto', '-fbo']
            st, _, detail, out = ctslib.run_one(argv, piglit, penv, 120)
            check(st == want, 'piglit %s on the oracle: %s (%s; got %s %s)'
                  % (' '.join(args), want, why, st, detail))
    print('%d failures' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
