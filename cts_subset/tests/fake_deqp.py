#!/usr/bin/env python3
"""A fake dEQP module for the runner's self-test. It takes dEQP's flags, runs the cases of
--deqp-caselist-file in name order (dEQP runs its hierarchy order, not the file's), prints what
dEQP prints on stdout and writes a QPA log. The last part of a case name says what it does:

  pass*, fail*, notsupported*, qualitywarning*, compatwarning*  print that status
  crash*      prints its "Test case" line, then dies of SIGSEGV
  hang*       prints its "Test case" line, starts a helper that hangs too, then hangs
  groupinit*  dies (SIGKILL, as dEQP's FATAL ERROR does) before its "Test case" line, as a
              group whose init fails
  missing*    is not in this binary: never run, never printed

FAKE_DEQP_ABORT=1: every process ends after its first case with "Test run was ABORTED!" and
exit code 1, as deqp-gles3 on splitgl does today (its state reset after a case fails). A binary named deqp-gles31 fails to create
its context (FATAL ERROR ... eglCreateContext) before any case, as on a driver without ES 3.1.
FAKE_DEQP_STARTS: a file that gets one line per process: the number of cases it was given.
FAKE_PID_FILE: where a hanging case writes its helper's pid."""
import os
import signal
import subprocess
import sys
import time

args = dict(a.split('=', 1) for a in sys.argv[1:] if a.startswith('--') and '=' in a)
with open(args['--deqp-caselist-file']) as f:
    cases = [l.strip() for l in f if l.strip()]
if os.environ.get('FAKE_DEQP_STARTS'):
    with open(os.environ['FAKE_DEQP_STARTS'], 'a') as f:
        f.write('%d\n' % len(cases))
log = open(args['--deqp-log-filename'], 'w')
log.write('#sessionInfo releaseName fake\n#beginSession\n')
log.flush()


def out(text):
    sys.stdout.write(text + '\n')
    sys.stdout.flush()


out('Writing test log into %s' % args['--deqp-log-filename'])
out('dEQP Core fake (0x0) starting..')
out("  target implementation = 'Surfaceless'")
if os.path.basename(sys.argv[0]) == 'deqp-gles31':
    out('FATAL ERROR: Got EGL_BAD_MATCH: eglCreateContext() at tcuSurfacelessPlatform.cpp:395')
    os.kill(os.getpid(), signal.SIGKILL)

STATUS = {'pass': ('Pass', 'Pass'), 'fail': ('Fail', 'Fail'),
          'notsupported': ('NotSupported', 'GL_EXT_fake is not supported'),
          'qualitywarning': ('QualityWarning', 'Low-quality filtering result'),
          'compatwarning': ('CompatibilityWarning', 'Suspicious performance behavior')}
n = 0
for name in sorted(cases):
    kind = name.rsplit('.', 1)[-1].rstrip('0123456789')
    if kind == 'missing':
        continue
    if kind == 'groupinit':
        out('FATAL ERROR: glTransformFeedbackVaryings(): glGetError() returned GL_INVALID_OPERATION')
        os.kill(os.getpid(), signal.SIGKILL)
    out('')
    out("Test case '%s'.." % name)
    log.write('#beginTestCaseResult %s\n<TestCaseResult CasePath="%s">\n' % (name, name))
    log.flush()
    if kind == 'crash':
        out('about to crash')
        os.kill(os.getpid(), signal.SIGSEGV)
    if kind == 'hang':
        child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'])
        if os.environ.get('FAKE_PID_FILE'):
            with open(os.environ['FAKE_PID_FILE'], 'w') as f:
                f.write(str(child.pid))
        out('hanging')
        time.sleep(3600)
    code, desc = STATUS[kind]
    if code != 'Pass':
        out('fake driver: WARN: %s happened' % kind)
    log.write(' <Text>fake reason: %s &amp; more</Text>\n <Result StatusCode="%s">%s</Result>\n'
              '</TestCaseResult>\n#endTestCaseResult\n' % (kind, code, desc))
    log.flush()
    out('  %s (%s)' % (code, desc))
    n += 1
    if os.environ.get('FAKE_DEQP_ABORT') == '1':
        break
out('')
out('DONE!')
out('')
out('Test run totals:')
out('  Passed:        %d/%d' % (n, n))
log.write('#endSession\n')
log.close()
if os.environ.get('FAKE_DEQP_ABORT') == '1' and n:  # the reset after a case fails
    out('Test run was ABORTED!')
    sys.exit(1)
sys.exit(0)
