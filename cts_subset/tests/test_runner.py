#!/usr/bin/env python3
"""Self-test of cts_subset/run: a fake piglit folder whose one test binary passes, fails,
skips, crashes, aborts, hangs (with a child process) or prints nothing, as its argument says.
Checks that every outcome is recorded with its log, that a crash or a hang does not stop the
run, that expectations gate (exit 1 on a regression, 0 when all are expected), that a newly
passing test is reported for promotion, and that the skips file and --slice work.
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
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print('\n%d check(s) failed' % len(failures) if failures else '\nall checks passed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
