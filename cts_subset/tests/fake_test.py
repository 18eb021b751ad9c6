#!/usr/bin/env python3
"""A fake piglit test binary for the runner's self-test: argv[1] says how to behave."""
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else 'pass'
print('fake test: %s, args %s' % (mode, ' '.join(sys.argv[2:])), flush=True)
if mode in ('pass', 'fail', 'skip', 'warn'):
    print('PIGLIT: {"result": "%s" }' % mode, flush=True)
    sys.exit(1 if mode == 'fail' else 0)
if mode == 'subtest-fail':  # the worst subtest decides
    print('PIGLIT: {"subtest": {"a": "pass"}}')
    print('PIGLIT: {"subtest": {"b": "fail"}}')
    print('PIGLIT: {"result": "pass" }', flush=True)
    sys.exit(0)
if mode == 'crash':
    print('about to crash', flush=True)
    os.kill(os.getpid(), signal.SIGSEGV)
if mode == 'abort':
    os.abort()
if mode == 'hang':
    # a helper process that hangs too, as a driver's server process might: the runner kills
    # the whole process group
    child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'])
    if os.environ.get('FAKE_PID_FILE'):
        with open(os.environ['FAKE_PID_FILE'], 'w') as f:
            f.write(str(child.pid))
    print('hanging', flush=True)
    time.sleep(3600)
if mode == 'silent':  # exits 0 without a result line
    sys.exit(0)
if mode == 'env':  # the runner's environment reaches the test
    ok = os.environ.get('PIGLIT_PLATFORM') == 'surfaceless_egl' and \
        os.environ.get('__EGL_VENDOR_LIBRARY_FILENAMES', '').endswith('.json') and \
        os.environ.get('SPLITGL_SERVER') == os.environ.get('FAKE_WANT_SERVER')  # both unset, or equal
    print('PIGLIT: {"result": "%s" }' % ('pass' if ok else 'fail'))
    sys.exit(0)
sys.exit(2)
