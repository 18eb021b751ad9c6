"""Shared code of cts_subset/run and cts_subset/gen_lists.py (Python 3 standard library only).

Case lists (lists/<name>.txt) are committed data, one test a line, grouped by area:

    # area: glsl-es-3.00 exec
    spec@glsl-es-3.00@execution@sanity<TAB>shader_runner_gles3 tests/spec/.../sanity.shader_test -auto -fbo

The name is piglit's; the command is the one piglit's own runner would run (its -auto / -fbo
included), with the binary relative to the piglit bin/ folder and data files relative to the
piglit folder. Expectations sit beside the list in Mesa CI's form:

    <list>-fails.txt   "name,Status" lines: Fail, Crash, Timeout, Skip or Warn expected
    <list>-flakes.txt  regular expressions (one a line) of tests whose result may vary
    <list>-skips.txt   regular expressions of tests that are not run at all (hangs, very slow)
"""
import json
import os
import re
import shlex
import signal
import subprocess
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LIST_DIR = os.path.join(HERE, 'lists')
DEFAULT_PIGLIT = '/usr/lib/x86_64-linux-gnu/piglit'
MESA_JSON = '/usr/share/glvnd/egl_vendor.d/50_mesa.json'
REAL_LIBEGL = '/usr/lib/x86_64-linux-gnu/libEGL.so.1'

# Result names, Mesa CI's spelling. Skip and Warn are piglit's; NotSupported, QualityWarning and
# CompatibilityWarning are dEQP's, each kept as its own status (none of them is a pass).
PASS, FAIL, CRASH, TIMEOUT, SKIP, WARN = 'Pass', 'Fail', 'Crash', 'Timeout', 'Skip', 'Warn'
NOTSUP, QWARN, CWARN = 'NotSupported', 'QualityWarning', 'CompatibilityWarning'
STATUSES = [PASS, FAIL, CRASH, TIMEOUT, SKIP, WARN, NOTSUP, QWARN, CWARN]
_PIGLIT_STATUS = {'pass': PASS, 'fail': FAIL, 'crash': CRASH, 'timeout': TIMEOUT, 'skip': SKIP,
                  'warn': WARN, 'notrun': FAIL, 'incomplete': CRASH}
_RANK = {PASS: 0, SKIP: 1, NOTSUP: 1, WARN: 2, QWARN: 2, CWARN: 2, FAIL: 3, TIMEOUT: 4, CRASH: 5}

LOG_TAIL = 6000  # characters of a test's output kept in the results for a test that did not pass


# --- case lists and expectations -----------------------------------------------------------

class Case:
    __slots__ = ('name', 'command', 'area', 'kind')

    def __init__(self, name, command, area, kind='piglit'):
        self.name, self.command, self.area, self.kind = name, command, area, kind


def read_list(path):
    """Reads a case list; returns [Case]. A line without a TAB is a bare name (dEQP lists)."""
    cases, area = [], 'all'
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('# area:'):
                area = line[len('# area:'):].strip()
                continue
            if not line.strip() or line.startswith('#'):
                continue
            if '\t' in line:
                name, cmd = line.split('\t', 1)
                cases.append(Case(name, cmd, area))
            else:
                cases.append(Case(line.strip(), None, deqp_area(line.strip()), 'deqp'))
    return cases


def write_list(path, header, cases):
    """Writes cases grouped by area (areas in first-seen order, names sorted inside an area)."""
    by_area = {}
    for c in cases:
        by_area.setdefault(c.area, []).append(c)
    with open(path, 'w', encoding='utf-8') as f:
        for h in header:
            f.write('# ' + h + '\n' if h else '#\n')
        for area in sorted(by_area):
            f.write('# area: %s\n' % area)
            for c in sorted(by_area[area], key=lambda c: c.name):
                f.write('%s\t%s\n' % (c.name, c.command))


def deqp_area(name):
    """A dEQP case's top-level group without the module prefix: 'functional.texture' for
    dEQP-GLES3.functional.texture.format..., 'info' for dEQP-GLES3.info.vendor."""
    parts = name.split('.')
    return '.'.join(parts[1:3]) if len(parts) > 3 else '.'.join(parts[1:-1]) or name


def _read_lines(path):
    if not path or not os.path.exists(path):
        return []
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                out.append(line)
    return out


def expectations_base(list_path, suffix=None):
    """<list> of the <list>-fails.txt / -flakes.txt / -skips.txt beside a list: the list's own
    name, or with a suffix (a second server's own set, e.g. "espryt") <list>-<suffix>: that set
    is complete in itself, nothing of the plain files is added to it."""
    base = os.path.splitext(list_path)[0]
    return base + '-' + suffix if suffix else base


class Expectations:
    """Mesa CI's baseline: fails (name -> status), flakes and skips (regexes)."""

    def __init__(self, list_path=None, suffix=None):
        self.fails, self.flakes, self.skips = {}, [], []
        self.sources = []
        if list_path:
            base = expectations_base(list_path, suffix)
            self.load(base + '-fails.txt', base + '-flakes.txt', base + '-skips.txt')

    def load(self, fails, flakes, skips):
        for line in _read_lines(fails):
            name, _, st = line.rpartition(',')
            if not name or st not in STATUSES:
                raise SystemExit('%s: bad line %r (want "name,Status")' % (fails, line))
            self.fails[name] = st
        self.flakes += [re.compile(x) for x in _read_lines(flakes)]
        self.skips += [re.compile(x) for x in _read_lines(skips)]
        self.sources += [p for p in (fails, flakes, skips) if os.path.exists(p)]

    def skipped(self, name):
        return any(r.search(name) for r in self.skips)

    def flaky(self, name):
        return any(r.search(name) for r in self.flakes)

    def judge(self, name, status):
        """Returns one of: ok, expected-fail, flake, unexpected-pass, regression."""
        want = self.fails.get(name)
        if status == PASS:
            return 'unexpected-pass' if want else 'ok'
        if want == status:
            return 'expected-fail'
        if self.flaky(name):
            return 'flake'
        return 'regression'


# --- the oracle restricted to what splitgl offers ------------------------------------------

# Mesa llvmpipe offers GL 4.5 core / compat and ES 3.2. For deriving lists (and the comparison),
# it runs with the versions splitgl hands out and with eglCreateContext refusing every context
# splitgl refuses (restrict/restrict.c). Extensions: Mesa gates core features on its extension
# bits (MESA_EXTENSION_OVERRIDE would break 3.3 core itself), so the stand-ins change only the
# extension strings: each context kind lists llvmpipe's extensions that splitgl lists for that
# kind too, splitgl's lists taken from real splitgl contexts by restrict/probe.c.
RESTRICT_ENV = {
    'MESA_GL_VERSION_OVERRIDE': '3.3',
    'MESA_GLES_VERSION_OVERRIDE': '3.0',
    'MESA_GLSL_VERSION_OVERRIDE': '330',
}


RESTRICT_LIBS = ['libEGL.so.1', 'libGL.so.1', 'libGLESv2.so.2']
SYSTEM_LIBDIR = '/usr/lib/x86_64-linux-gnu'
KINDS = ['gles2', 'gles3', 'gl33']
DEFAULT_SPLITGL_JSON = os.path.normpath(os.path.join(HERE, '..', 'build', 'icd', '50_splitgl.json'))


def _stale(target, *sources):
    return not os.path.exists(target) or any(os.path.getmtime(s) > os.path.getmtime(target)
                                             for s in sources)


def probe_extensions(work_dir, splitgl_json):
    """The extensions splitgl lists in each context kind, from real splitgl contexts (the device
    decides some of them): {kind: [name]}. Runs restrict/probe.c through splitgl_json; a probe
    that fails ends the program (an oracle built on a guess would be wrong, not slower)."""
    out = os.path.join(work_dir, 'restrict')
    os.makedirs(out, exist_ok=True)
    src = os.path.join(HERE, 'restrict', 'probe.c')
    probe = os.path.join(out, 'probe')
    if _stale(probe, src):
        subprocess.check_call([os.environ.get('CC', 'cc'), '-O2', '-Wall', '-Wextra', '-Werror',
                               '-o', probe + '.tmp', src, '-lEGL'])
        os.replace(probe + '.tmp', probe)
    if not os.path.exists(splitgl_json):
        raise SystemExit('restrict: no splitgl vendor JSON at %s (build splitgl first): the '
                         'oracle shows the extensions splitgl lists, and asks splitgl' % splitgl_json)
    env = dict(os.environ)
    for k in list(env):
        if k.startswith('MESA_') or k == 'LD_LIBRARY_PATH':
            del env[k]
    env.update({'__EGL_VENDOR_LIBRARY_FILENAMES': os.path.abspath(splitgl_json),
                'EGL_PLATFORM': 'surfaceless'})
    p = subprocess.run([probe], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       stdin=subprocess.DEVNULL, timeout=120, start_new_session=True)
    text = p.stdout.decode('utf-8', 'replace')
    lists = {k: [] for k in KINDS}
    ended = False
    for line in text.splitlines():
        if line == 'end':
            ended = True
            continue
        m = re.match(r'^(gles2|gles3|gl33) (GL_\w+)$', line)
        if not m:
            raise SystemExit('restrict: probe printed %r' % line)
        lists[m.group(1)].append(m.group(2))
    if p.returncode != 0 or not ended:
        raise SystemExit('restrict: probing splitgl\'s extensions (%s) failed, status %d:\n%s'
                         % (splitgl_json, p.returncode, p.stderr.decode('utf-8', 'replace')[-2000:]))
    return lists


def extensions_header(lists, splitgl_json):
    lines = ['/* generated by cts_subset/ctslib.py probe_extensions() from real splitgl contexts',
             ' * (%s); do not edit. */' % splitgl_json]
    for k in KINDS:
        lines.append('static const char *const splitgl_extensions_%s[] = {' % k)
        lines += ['   "%s",' % n for n in lists[k]]
        lines.append('   0};')
    return '\n'.join(lines) + '\n'


def build_restrict_shim(work_dir, splitgl_json=DEFAULT_SPLITGL_JSON, lists=None):
    """Compiles restrict/restrict.c into <work_dir>/restrict/{libEGL.so.1,libGL.so.1,
    libGLESv2.so.2} with splitgl's extension lists (probe_extensions(), asked every time: the
    stand-ins are rebuilt when the lists change); returns that folder (for LD_LIBRARY_PATH)."""
    out = os.path.join(work_dir, 'restrict')
    src = os.path.join(HERE, 'restrict', 'restrict.c')
    header = os.path.join(out, 'splitgl_extensions.h')
    if lists is None:
        lists = probe_extensions(work_dir, splitgl_json)
    text = extensions_header(lists, splitgl_json)
    old = open(header).read() if os.path.exists(header) else None
    if old != text:
        with open(header + '.tmp', 'w') as f:
            f.write(text)
        os.replace(header + '.tmp', header)
    libs = [os.path.join(out, n) for n in RESTRICT_LIBS]
    if not any(_stale(l, src, header) for l in libs):
        return out
    cc = os.environ.get('CC', 'cc')
    with tempfile.TemporaryDirectory() as tmp:
        stub_c = os.path.join(tmp, 'stub.c')
        with open(stub_c, 'w') as f:
            f.write('int restrict_stub;\n')
        for name, lib in zip(RESTRICT_LIBS, libs):
            real = os.path.join(SYSTEM_LIBDIR, name)
            # A stub whose soname is the real library's absolute path: linking against it
            # records that path as DT_NEEDED, so the real library loads behind the stand-in.
            stub = os.path.join(tmp, 'stub-' + name)
            subprocess.check_call([cc, '-shared', '-fPIC', '-o', stub, stub_c,
                                   '-Wl,-soname,' + real])
            subprocess.check_call([cc, '-shared', '-fPIC', '-O2', '-Wall', '-Wextra', '-Werror',
                                   '-fvisibility=hidden', '-I', out,
                                   '-DREAL_LIBEGL="%s"' % REAL_LIBEGL,
                                   '-DREAL_LIBGL="%s"' % os.path.join(SYSTEM_LIBDIR, 'libGL.so.1')]
                                  + (['-DRESTRICT_GLX'] if name == 'libGL.so.1' else [])
                                  + ['-o', lib + '.tmp', src, '-Wl,-soname,' + name,
                                     '-Wl,--no-as-needed', stub, '-ldl', '-lpthread'])
            os.replace(lib + '.tmp', lib)
    return out


def check_restrict_shim(work_dir, splitgl_lists):
    """Runs restrict/probe.c on the restricted llvmpipe: every kind must list only extensions
    splitgl lists for it (ES through glGetString, GL 3.3 core through GL_NUM_EXTENSIONS and
    glGetStringi). Returns {kind: [name]} shown; a leak ends the program."""
    out = os.path.join(work_dir, 'restrict')
    env = dict(os.environ)
    env.update(RESTRICT_ENV)
    env.update({'LD_LIBRARY_PATH': out, '__EGL_VENDOR_LIBRARY_FILENAMES': MESA_JSON,
                'EGL_PLATFORM': 'surfaceless'})
    p = subprocess.run([os.path.join(out, 'probe')], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=120)
    shown = {k: [] for k in KINDS}
    lines = p.stdout.decode('utf-8', 'replace').splitlines()
    for line in lines:
        kind, _, name = line.partition(' ')
        if kind in shown:
            shown[kind].append(name)
    leaks = ['%s %s' % (k, n) for k in KINDS for n in shown[k] if n not in splitgl_lists[k]]
    if p.returncode != 0 or 'end' not in lines or leaks:
        raise SystemExit('restrict: the stand-ins in %s do not restrict llvmpipe (status %d%s):\n%s'
                         % (out, p.returncode, '; shown but not on splitgl: ' + ', '.join(leaks)
                            if leaks else '', p.stderr.decode('utf-8', 'replace')[-2000:]))
    return shown


def oracle_env(work_dir, splitgl_json=DEFAULT_SPLITGL_JSON):
    """The environment that makes Mesa llvmpipe the restricted oracle (with MESA_JSON as the
    glvnd vendor); checks that the stand-ins show no extension splitgl does not list."""
    env = dict(RESTRICT_ENV)
    lists = probe_extensions(work_dir, splitgl_json)
    env['LD_LIBRARY_PATH'] = build_restrict_shim(work_dir, splitgl_json, lists)
    check_restrict_shim(work_dir, lists)
    return env


# --- running one test ----------------------------------------------------------------------

def piglit_argv(case, piglit_dir):
    argv = shlex.split(case.command)
    argv[0] = os.path.join(piglit_dir, 'bin', argv[0]) if '/' not in argv[0] else argv[0]
    for i in range(1, len(argv)):
        a = argv[i]
        if (a.startswith('tests/') or a.startswith('generated_tests/')) and \
                os.path.exists(os.path.join(piglit_dir, a)):
            argv[i] = os.path.join(piglit_dir, a)
    return argv


def parse_piglit(out, rc):
    """piglit's framework/test/base.py + piglit_test.py interpretation of a test's output."""
    result, subtests = None, {}
    for line in out.splitlines():
        if not line.startswith('PIGLIT:'):
            continue
        try:
            d = json.loads(line[len('PIGLIT:'):])
        except ValueError:
            continue
        if 'result' in d:
            result = d['result']
        if isinstance(d.get('subtest'), dict):
            subtests.update(d['subtest'])
    status = _PIGLIT_STATUS.get(result, FAIL) if result else FAIL
    for v in subtests.values():  # piglit reports the worst of the test and its subtests
        s = _PIGLIT_STATUS.get(v, FAIL)
        if status != SKIP and _RANK.get(s, 3) > _RANK[status] and s != SKIP:
            status = s
    if rc < 0:
        status = CRASH
    elif rc != 0:
        status = WARN if status == PASS else (status if status in (CRASH,) else FAIL)
    why = '' if result else 'no PIGLIT result line'
    return status, why


_REASON_RX = re.compile(r'ERROR|[Ee]rror|[Ff]ailed|[Pp]robe|[Ee]xpected|GL_INVALID|GL_OUT_OF|'
                        r'[Mm]ismatch|[Uu]nsupported|not supported|[Cc]ould not|[Aa]ssert|'
                        r'[Ss]egmentation|[Aa]bort')


def failure_reason(log):
    """The line of a test's output that most likely says why it did not pass."""
    lines = [l.strip() for l in log.splitlines()
             if l.strip() and not l.startswith('PIGLIT:')]
    for l in lines:
        if _REASON_RX.search(l):
            return l[:160]
    return lines[-1][:160] if lines else ''


def signal_name(rc):
    try:
        return signal.Signals(-rc).name
    except (ValueError, AttributeError):
        return 'signal %d' % -rc


def run_one(argv, cwd, env, timeout):
    """Runs one test in its own process group; returns (status, seconds, detail, log)."""
    t0 = time.monotonic()
    try:
        p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True)
    except OSError as e:
        return CRASH, 0.0, 'cannot start: %s' % e, ''
    try:
        raw, _ = p.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(p)
        try:
            raw, _ = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            raw = b''
    finally:
        _kill_group(p)  # a server process the test left behind goes with it
    dt = time.monotonic() - t0
    out = raw.decode('utf-8', 'replace') if raw else ''
    if timed_out:
        return TIMEOUT, dt, 'killed after %ds' % timeout, out
    rc = p.returncode
    status, why = parse_piglit(out, rc)
    if rc < 0:
        why = 'killed by %s' % signal_name(rc)
    elif status != PASS and not why:
        why = failure_reason(out) or ('exit code %d' % rc if rc else '')
    return status, dt, why, out


def _kill_group(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_cases(cases, jobs, timeout, make_job, progress=None, keep_output=False):
    """Runs piglit cases, one process each, on `jobs` worker threads; make_job(case) ->
    (argv, cwd, env).
    Returns {name: result dict}. A crash or timeout is a result like any other."""
    results, lock = {}, threading.Lock()
    todo = list(cases)
    todo.reverse()

    def worker():
        while True:
            with lock:
                if not todo:
                    return
                c = todo.pop()
            argv, cwd, env = make_job(c)
            st, dt, why, out = run_one(argv, cwd, env, timeout)
            r = {'status': st, 'time': round(dt, 3), 'area': c.area}
            if why:
                r['detail'] = why
            if st != PASS or keep_output:
                r['command'] = ' '.join(shlex.quote(a) for a in argv)
                r['log'] = out[-LOG_TAIL:]
            with lock:
                results[c.name] = r
                if progress:
                    progress(len(results), c.name, r)

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results
