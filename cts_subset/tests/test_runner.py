#!/usr/bin/env python3
"""Self-test of cts_subset/run.

piglit: a fake piglit folder whose one test binary passes, fails, skips, crashes, aborts, hangs
(with a child process) or prints nothing, as its argument says. Checks that every outcome is
recorded with its log, that a crash or a hang does not stop the run, that expectations gate
(exit 1 on a regression, 0 when all are expected), that a newly passing test is reported for
promotion, and that the skips file and --slice work.

dEQP: a fake dEQP folder (tests/fake_deqp.py as deqp-gles2 and deqp-gles31, mustpass lists
referenced by list files) whose cases pass, fail, are not supported, warn, crash, hang, die in
a group init or are missing. Checks the batch runner: every status recorded, a crash and a hang
cost only their case and the chunk goes on in a new process, a process that ends "Test run was
ABORTED!" after every case costs one process per case and no more (not quadratic), a module
whose context the driver does not offer is all NotSupported, NotSupported gates like a failure,
--shard splits, and a missing dEQP folder exits 77 with a message.
Run by ctest (cts_runner_selftest) or directly."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = os.path.join(HERE, '..', 'run')
MODES = ['pass', 'fail', 'skip', 'warn', 'subtest-fail', 'crash', 'abort', 'hang', 'silent', 'env']
WANT = {'pass': 'Pass', 'fail': 'Fail', 'skip': 'Skip', 'warn': 'Warn', 'subtest-fail': 'Fail',
        'crash': 'Crash', 'abort': 'Crash', 'hang': 'Timeout', 'silent': 'Fail', 'env': 'Pass'}
failures = []


def check(cond, what):
    print(('ok   ' if cond else 'FAIL ') + what)
    if not cond:
        failures.append(what)


def run(tmp, *extra):
    os.environ['FAKE_PID_FILE'] = os.path.join(tmp, 'child.pid')
    cmd = [sys.executable, RUN, os.path.join(tmp, 'fake.txt'), '--piglit', os.path.join(tmp, 'piglit'),
           '--vendor-json', os.path.join(tmp, 'fake.json'), '--timeout', '3', '-j', '4',
           '--work-dir', os.path.join(tmp, 'work'), '--results', os.path.join(tmp, 'r.json')] + list(extra)
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    print(p.stdout)
    with open(os.path.join(tmp, 'r.json')) as f:
        return p.returncode, p.stdout, json.load(f)['results'], time.time() - t0


def main():
    tmp = tempfile.mkdtemp(prefix='cts-selftest-')
    try:
        piglit_tests(tmp)
        deqp_tests(os.path.join(tmp, 'deqp-test'))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print('\n%d check(s) failed' % len(failures) if failures else '\nall checks passed')
    return 1 if failures else 0


def piglit_tests(tmp):
    if True:
        os.makedirs(os.path.join(tmp, 'piglit', 'bin'))
        shutil.copy(os.path.join(HERE, 'fake_test.py'), os.path.join(tmp, 'piglit', 'bin', 'fake'))
        os.chmod(os.path.join(tmp, 'piglit', 'bin', 'fake'), 0o755)
        with open(os.path.join(tmp, 'fake.json'), 'w') as f:
            f.write('{}\n')
        with open(os.path.join(tmp, 'fake.txt'), 'w') as f:
            f.write('# area: a\n')
            for m in MODES:
                f.write('selftest@%s\tfake %s -auto -fbo\n' % (m, m))
            f.write('# area: b\nselftest@b1\tfake pass\nselftest@b2\tfake pass\nselftest@b3\tfake pass\n')

        # 1. no expectations: every outcome recorded, the run goes on past crash and hang
        rc, out, res, secs = run(tmp)
        for m in MODES:
            got = res.get('selftest@' + m, {}).get('status')
            check(got == WANT[m], '%s recorded as %s (got %s)' % (m, WANT[m], got))
        check(len(res) == len(MODES) + 3, 'all %d tests ran' % (len(MODES) + 3))
        check('SIGSEGV' in res['selftest@crash'].get('detail', ''), 'crash detail names the signal')
        check('about to crash' in res['selftest@crash'].get('log', ''), 'crash log kept')
        check('hanging' in res['selftest@hang'].get('log', ''), 'hang log kept')
        check(secs < 60, 'a hang costs its timeout only (%.1fs)' % secs)
        with open(os.path.join(tmp, 'child.pid')) as f:
            child = int(f.read())
        check(not os.path.exists('/proc/%d' % child) or
              open('/proc/%d/stat' % child).read().split()[2] == 'Z',
              'the hung test\'s helper process was killed with it')
        check(rc == 1, 'unexpected failures exit 1 (got %d)' % rc)
        check('unexpected results' in out, 'regressions are listed')

        # 2. expectations cover every failure -> exit 0; a listed failure that passes is promoted
        with open(os.path.join(tmp, 'fake-fails.txt'), 'w') as f:
            for m in MODES:
                if WANT[m] != 'Pass':
                    f.write('selftest@%s,%s\n' % (m, WANT[m]))
            f.write('selftest@b1,Fail\n')
        rc, out, res, _ = run(tmp)
        check(rc == 0, 'all failures expected: exit 0 (got %d)' % rc)
        check('selftest@b1 (was Fail)' in out, 'newly passing test printed for promotion')

        # 3. a different failure than the listed one is a regression; flakes and skips files
        with open(os.path.join(tmp, 'fake-fails.txt'), 'a') as f:
            f.write('selftest@b2,Crash\n')
        rc, out, res, _ = run(tmp)
        check(rc == 0, 'Pass where Crash was expected is no regression (got %d)' % rc)
        with open(os.path.join(tmp, 'fake-fails.txt')) as f:
            lines = [l for l in f if not l.startswith('selftest@crash,')]
        with open(os.path.join(tmp, 'fake-fails.txt'), 'w') as f:
            f.writelines(lines + ['selftest@crash,Fail\n'])
        rc, out, res, _ = run(tmp)
        check(rc == 1, 'Crash where Fail was expected exits 1 (got %d)' % rc)
        with open(os.path.join(tmp, 'fake-flakes.txt'), 'w') as f:
            f.write('^selftest@cr\n')
        with open(os.path.join(tmp, 'fake-skips.txt'), 'w') as f:
            f.write('@hang$\n')
        rc, out, res, _ = run(tmp)
        check(rc == 0, 'flakes file absorbs it (got %d)' % rc)
        check('selftest@hang' not in res, 'skips file: test not run')

        # 4. --slice: every n-th per area, at least one per area
        rc, out, res, _ = run(tmp, '--slice', '3', '--no-expectations')
        check(sorted(res) == ['selftest@abort', 'selftest@b1', 'selftest@fail', 'selftest@silent',
                             'selftest@warn'],
              '--slice 3 picks a fixed, area-balanced subset (got %s)' % sorted(res))

        # 5. --expectations-suffix: a second server's own files (<list>-espryt-fails.txt ...), complete
        # in themselves (the plain files of 3., which make the run pass, are not read); the
        # environment (SPLITGL_SERVER) reaches the tests; --update-expectations writes the suffixed file
        os.environ.update(SPLITGL_SERVER='espryt', FAKE_WANT_SERVER='espryt')
        try:
            rc, out, res, _ = run(tmp, '--expectations-suffix', 'espryt')
            check(rc == 1, 'suffix without its own fails file: the plain one is not read, exit 1 (got %d)' % rc)
            check(res.get('selftest@env', {}).get('status') == 'Pass', 'SPLITGL_SERVER reaches the tests')
            with open(os.path.join(tmp, 'fake-fails.txt')) as f:
                plain = f.read()
            rc, out, res, _ = run(tmp, '--expectations-suffix', 'espryt', '--update-expectations')
            with open(os.path.join(tmp, 'fake-fails.txt')) as f:
                check(f.read() == plain, '--update-expectations with a suffix leaves the plain fails file')
            with open(os.path.join(tmp, 'fake-espryt-fails.txt')) as f:
                written = f.read()
            check('selftest@crash,Crash' in written and 'SPLITGL_SERVER=espryt' in written,
                  'it writes fake-espryt-fails.txt (got %r)' % written[:200])
            rc, out, res, _ = run(tmp, '--expectations-suffix', 'espryt')
            check(rc == 0, 'with its own fails file: exit 0 (got %d)' % rc)
            del os.environ['FAKE_WANT_SERVER']
            rc, out, res, _ = run(tmp, '--no-expectations')
            check(res.get('selftest@env', {}).get('status') == 'Fail', 'the env check can fail')
        finally:
            os.environ.pop('SPLITGL_SERVER', None)
            os.environ.pop('FAKE_WANT_SERVER', None)


# --- dEQP --------------------------------------------------------------------------------------

DEQP_CASES = {  # name in the fake dEQP-GLES2 mustpass -> status the runner must record
    'dEQP-GLES2.functional.a.pass1': 'Pass',
    'dEQP-GLES2.functional.a.fail1': 'Fail',
    'dEQP-GLES2.functional.a.crash1': 'Crash',
    'dEQP-GLES2.functional.a.pass2': 'Pass',
    'dEQP-GLES2.functional.a.notsupported1': 'NotSupported',
    'dEQP-GLES2.functional.a.hang1': 'Timeout',
    'dEQP-GLES2.functional.a.pass3': 'Pass',
    'dEQP-GLES2.functional.b.qualitywarning1': 'QualityWarning',
    'dEQP-GLES2.functional.b.compatwarning1': 'CompatibilityWarning',
    'dEQP-GLES2.functional.b.groupinit1': 'Crash',
    'dEQP-GLES2.functional.b.missing1': 'Fail',
    'dEQP-GLES2.functional.b.pass4': 'Pass',
    'dEQP-GLES2.info.pass5': 'Pass',
}
N_PASS_ONLY = 40  # cases of the "many" list: an ABORTED after each must cost 40 processes


def deqp_tests(tmp):
    deqp = os.path.join(tmp, 'deqp')
    for module in ('gles2', 'gles31'):
        os.makedirs(os.path.join(deqp, module))
        binary = os.path.join(deqp, module, 'deqp-' + module)
        shutil.copy(os.path.join(HERE, 'fake_deqp.py'), binary)
        os.chmod(binary, 0o755)
    os.makedirs(os.path.join(deqp, 'mustpass'))
    with open(os.path.join(deqp, 'mustpass', 'gles2-main.txt'), 'w') as f:
        f.write(''.join(n + '\n' for n in DEQP_CASES))  # not in name order, on purpose
    with open(os.path.join(deqp, 'mustpass', 'gles31-main.txt'), 'w') as f:
        f.write(''.join('dEQP-GLES31.functional.x.pass%d\n' % i for i in range(7)))
    for module in ('gles2', 'gles31'):
        with open(os.path.join(tmp, 'deqp-%s.txt' % module), 'w') as f:
            f.write('# fake list by reference\n# deqp-module: %s\n# deqp-mustpass: %s-main.txt\n'
                    % (module, module))
    with open(os.path.join(tmp, 'many.txt'), 'w') as f:
        f.write('# deqp-module: gles2\n')
        f.write(''.join('dEQP-GLES2.functional.m.pass%d\n' % i for i in range(N_PASS_ONLY)))
    with open(os.path.join(tmp, 'fake.json'), 'w') as f:
        f.write('{}\n')
    starts = os.path.join(tmp, 'starts.txt')

    def run(lists, *extra, env=None):
        if os.path.exists(starts):
            os.unlink(starts)
        e = dict(os.environ, FAKE_DEQP_STARTS=starts, FAKE_PID_FILE=os.path.join(tmp, 'child.pid'))
        e.update(env or {})
        cmd = [sys.executable, RUN] + [os.path.join(tmp, l) for l in lists] + [
            '--deqp-dir', deqp, '--vendor-json', os.path.join(tmp, 'fake.json'),
            '--timeout', '3', '-j', '2', '--deqp-chunk', '4', '--work-dir', os.path.join(tmp, 'work'),
            '--results', os.path.join(tmp, 'r.json')] + list(extra)
        if '--results' in extra:  # the last --results wins; read the default one only
            cmd = cmd[:cmd.index('--results')] + cmd[cmd.index('--results') + 2:]
        t0 = time.time()
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=180, env=e)
        print(p.stdout)
        res = {}
        if os.path.exists(os.path.join(tmp, 'r.json')):
            with open(os.path.join(tmp, 'r.json')) as f:
                res = json.load(f)['results']
            os.unlink(os.path.join(tmp, 'r.json'))
        procs = []
        if os.path.exists(starts):
            with open(starts) as f:
                procs = [int(l) for l in f]
        return p.returncode, p.stdout, res, procs, time.time() - t0

    # 1. every status, in chunks of 4 cases; crash and hang cost their case only
    for abort in ('0', '1'):
        how = ' (ABORTED after every case)' if abort == '1' else ''
        rc, out, res, procs, secs = run(['deqp-gles2.txt', 'deqp-gles31.txt'],
                                        env={'FAKE_DEQP_ABORT': abort})
        for n, want in DEQP_CASES.items():
            got = res.get(n, {}).get('status')
            check(got == want, 'dEQP %s recorded as %s%s (got %s)' % (n.split('.')[-1], want, how, got))
        for i in range(7):
            n = 'dEQP-GLES31.functional.x.pass%d' % i
            check(res.get(n, {}).get('status') == 'NotSupported',
                  'no ES 3.1 context: %s NotSupported%s' % (n, how))
        crash = res.get('dEQP-GLES2.functional.a.crash1', {})
        check('SIGSEGV' in crash.get('detail', '') and 'about to crash' in crash.get('log', ''),
              'crash: detail names the signal, log keeps the output%s' % how)
        check('deqp-gles2 --deqp-case=dEQP-GLES2.functional.a.crash1' in crash.get('command', ''),
              'crash: a command to run the case by hand')
        hang = res.get('dEQP-GLES2.functional.a.hang1', {})
        check('hanging' in hang.get('log', ''), 'hang: log kept%s' % how)
        check(secs < 60, 'a hang costs its timeout only (%.1fs)%s' % (secs, how))
        check('before the case started' in res.get('dEQP-GLES2.functional.b.groupinit1', {}).get('detail', ''),
              'a group init that dies is blamed on its case, alone%s' % how)
        check('no OpenGL ES 3.1 context' in res.get('dEQP-GLES31.functional.x.pass0', {}).get('detail', ''),
              'NotSupported says why (no ES 3.1 context)%s' % how)
        check('fake reason: fail & more' in res.get('dEQP-GLES2.functional.a.fail1', {}).get('qpa', ''),
              'a failing case keeps its QPA text%s' % how)
        check('WARN: fail happened' in res.get('dEQP-GLES2.functional.a.fail1', {}).get('log', ''),
              'a failing case keeps its own output%s' % how)
        check(rc == 1, 'unlisted failures and NotSupported exit 1 (got %d)%s' % (rc, how))
        check('notsup' in out and 'qwarn' in out and 'cwarn' in out, 'table has dEQP columns')
    with open(os.path.join(tmp, 'child.pid')) as f:
        child = int(f.read())
    check(not os.path.exists('/proc/%d' % child) or
          open('/proc/%d/stat' % child).read().split()[2] == 'Z',
          'the hung case\'s helper process was killed with it')

    # 2. ABORTED after every case: one process per case, each given what is left of its chunk
    for abort, want_procs in (('0', 10), ('1', N_PASS_ONLY)):
        rc, out, res, procs, _ = run(['many.txt'], '--no-expectations', env={'FAKE_DEQP_ABORT': abort})
        check(sum(r.get('status') == 'Pass' for r in res.values()) == N_PASS_ONLY,
              'many: all %d pass (abort=%s)' % (N_PASS_ONLY, abort))
        check(len(procs) == want_procs, 'many, abort=%s: %d processes (got %d)' % (abort, want_procs, len(procs)))
        check(sum(procs) <= N_PASS_ONLY * 4,
              'many, abort=%s: case list lines written grow with cases x chunk, not cases^2 (%d)'
              % (abort, sum(procs)))

    # 3. expectations: all listed -> exit 0; NotSupported unlisted -> regression
    with open(os.path.join(tmp, 'deqp-gles2-fails.txt'), 'w') as f:
        for n, want in DEQP_CASES.items():
            if want != 'Pass' and want != 'NotSupported':
                f.write('%s,%s\n' % (n, want))
    with open(os.path.join(tmp, 'deqp-gles31-fails.txt'), 'w') as f:
        f.write(''.join('dEQP-GLES31.functional.x.pass%d,NotSupported\n' % i for i in range(7)))
    rc, out, res, _, _ = run(['deqp-gles2.txt', 'deqp-gles31.txt'])
    check(rc == 1 and 'notsupported1: NotSupported' in out,
          'an unlisted NotSupported is a regression, not a pass (got %d)' % rc)
    with open(os.path.join(tmp, 'deqp-gles2-fails.txt'), 'a') as f:
        f.write('dEQP-GLES2.functional.a.notsupported1,NotSupported\n')
        f.write('dEQP-GLES2.functional.a.pass1,Fail\n')
    rc, out, res, _, _ = run(['deqp-gles2.txt', 'deqp-gles31.txt'])
    check(rc == 0, 'all dEQP results expected: exit 0 (got %d)' % rc)
    check('functional.a.pass1 (was Fail)' in out, 'a newly passing dEQP case is printed for promotion')
    with open(os.path.join(tmp, 'deqp-gles2-fails.txt'), 'a') as f:
        f.write('dEQP-GLES2.functional.b.pass4,Crash\n')
    rc, out, res, _, _ = run(['deqp-gles2.txt'], '--update-expectations', '--filter', r'\.a\.')
    with open(os.path.join(tmp, 'deqp-gles2-fails.txt')) as f:
        fails = f.read()
    check('functional.a.pass1,' not in fails and 'functional.a.fail1,Fail' in fails and
          'functional.b.pass4,Crash' in fails and 'partial run (--filter' in fails,
          '--update-expectations on a partial run rewrites the entries of the cases it ran only')

    # 4. --shard splits the cases into disjoint parts that cover the list
    parts = []
    for i in (1, 2, 3):
        rc, out, res, _, _ = run(['many.txt'], '--shard', '%d/3' % i, '--no-expectations')
        parts.append(set(res))

    check(sum(len(p) for p in parts) == N_PASS_ONLY and len(set.union(*parts)) == N_PASS_ONLY,
          '--shard i/3: disjoint parts covering all %d cases (got %s)' % (N_PASS_ONLY, [len(p) for p in parts]))

    # 5. --slice on a dEQP list keeps whole chunks (every 3rd chunk of 4 cases)
    rc, out, res, _, _ = run(['many.txt'], '--slice', '3', '--no-expectations')
    want = {'dEQP-GLES2.functional.m.pass%d' % i for k in (0, 3, 6, 9) for i in range(4 * k, 4 * k + 4)}
    check(set(res) == want, '--slice 3 on dEQP: every 3rd chunk of --deqp-chunk cases (got %s)'
          % sorted(res))

    # 6. --from-results: tables and expectations from an earlier run, shards merged
    for i in (1, 2):
        rc, out, res, _, _ = run(['many.txt'], '--shard', '%d/2' % i, '--no-expectations',
                                 '--results', os.path.join(tmp, 'shard%d.json' % i))
    rc, out, res, procs, _ = run(['many.txt'], '--no-expectations',
                                 '--from-results', os.path.join(tmp, 'shard1.json'),
                                 '--from-results', os.path.join(tmp, 'shard2.json'))
    check(not procs and len(res) == N_PASS_ONLY and 'total' in out,
          '--from-results merges two shards without running (%d results, %d processes)'
          % (len(res), len(procs)))

    # 7. SIGTERM stops a run and keeps the results it has
    # Terminated once the second process started (so the first case has a result), however
    # slow the machine: a fixed sleep raced with a loaded machine's start-up.
    starts = os.path.join(tmp, 'sigterm-starts.txt')
    e = dict(os.environ, FAKE_DEQP_ABORT='1', FAKE_DEQP_STARTS=starts)
    cmd = [sys.executable, RUN, os.path.join(tmp, 'many.txt'), '--deqp-dir', deqp,
           '--vendor-json', os.path.join(tmp, 'fake.json'), '-j', '1', '--deqp-chunk', '4',
           '--work-dir', os.path.join(tmp, 'work'), '--results', os.path.join(tmp, 'r.json')]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=e)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and p.poll() is None:
        if os.path.exists(starts):
            with open(starts) as f:
                if len(f.readlines()) >= 2:
                    break
        time.sleep(0.05)
    p.terminate()
    out = p.communicate(timeout=60)[0]
    print(out)
    res = {}
    if os.path.exists(os.path.join(tmp, 'r.json')):
        with open(os.path.join(tmp, 'r.json')) as f:
            res = json.load(f)['results']
    check('interrupted' in out and 0 < len(res) < N_PASS_ONLY,
          'SIGTERM: the run stops and writes the %d results it has' % len(res))

    # 8. no dEQP folder: a visible skip (77), never a pass
    rc, out, res, _, _ = run(['deqp-gles2.txt'], '--deqp-dir', os.path.join(tmp, 'nowhere'))
    check(rc == 77 and 'SKIP' in out, 'no dEQP folder: exit 77 with a message (got %d)' % rc)


if __name__ == '__main__':
    sys.exit(main())
