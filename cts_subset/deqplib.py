"""Batch runner for dEQP modules (deqp-gles2, deqp-gles3, deqp-gles31 of VK-GL-CTS), used by
cts_subset/run. Python 3 standard library only.

One process per case costs a dEQP start (and a splitgl server start) per case, too slow for
60,000 cases; so, like Mesa CI's deqp-runner, each worker runs one dEQP process over a chunk of
the case list (--deqp-caselist-file) and reads the results as they stream on its stdout:

    Test case 'dEQP-GLES3.functional.foo.bar'..
      Pass (Pass)

When the process ends before its chunk is done, the cases that printed a status keep it, the
case that was running (a "Test case" line without a status) is recorded as Crash, or as
Timeout when the runner killed it (no status line within the per-case timeout), and a new
process starts over the cases of the chunk that have not run. dEQP runs a case list in its own
hierarchy order, so "not run" is the chunk minus the cases seen, not a position in the list.
Each restart writes only what is left of one chunk, so a driver whose every process ends after
one case (dEQP-GLES3 on splitgl today: "Test run was ABORTED!" after each case, because the
state reset between cases calls glBindTransformFeedback) costs one process per case and
O(chunk) per restart, linear in the list.

A process that dies before it starts any case died in its start-up or in a group's init (some
groups build GL objects there); the first remaining case is then run alone, and if it dies the
same way alone it is recorded as Crash (or Timeout). The exception is a module whose context
version the driver does not offer (MODULES / OFFERED_ES: dEQP-GLES31 needs an ES 3.1 context,
splitgl offers ES 2.0 and 3.0, the restricted oracle the same): dEQP then stops with
"FATAL ERROR: ... eglCreateContext" before any case, and the whole chunk is NotSupported.

Every process writes its QPA log into the work folder (never beside the binary); for a case
that fails, the <Text> and <InfoLog> lines of its QPA section are kept in the results.
"""
import collections
import html
import os
import re
import select
import shlex
import signal
import subprocess
import threading
import time

import ctslib
from ctslib import PASS, FAIL, CRASH, TIMEOUT, NOTSUP, QWARN, CWARN

# module -> (binary relative to the dEQP folder, ES context version the module creates)
MODULES = {
    'gles2': ('gles2/deqp-gles2', (2, 0)),
    'gles3': ('gles3/deqp-gles3', (3, 0)),
    'gles31': ('gles31/deqp-gles31', (3, 1)),
}
# ES context versions splitgl offers (gl_front/egl_context.c); restrict/restrict.c offered()
# makes the oracle refuse the same others. Keep the three in step.
OFFERED_ES = {(2, 0), (3, 0)}

# The flags /work/shared/deqp/README.md gives (pbuffer surfaces of the surfaceless platform).
DEQP_FLAGS = ['--deqp-surface-type=pbuffer', '--deqp-gl-config-name=rgba8888d24s8ms0',
              '--deqp-surface-width=256', '--deqp-surface-height=256',
              '--deqp-log-images=disable', '--deqp-log-shader-sources=disable',
              '--deqp-watchdog=enable']

# dEQP's status codes (qpTestResult) -> ours. ResourceError and InternalError are failures of
# the run (ours or the driver's); the raw code is kept in the result as 'deqp_status'.
STATUS = {'Pass': PASS, 'Fail': FAIL, 'NotSupported': NOTSUP, 'QualityWarning': QWARN,
          'CompatibilityWarning': CWARN, 'ResourceError': FAIL, 'InternalError': FAIL,
          'Pending': FAIL, 'Crash': CRASH, 'Timeout': TIMEOUT, 'Waiver': NOTSUP,
          'DeviceLost': CRASH}

CASE_RX = re.compile(r"^Test case '(.+)'\.\.$")
STATUS_RX = re.compile(r'^  (%s) \((.*)\)$' % '|'.join(STATUS))
CONTEXT_RX = re.compile(r'FATAL ERROR:.*eglCreateContext')
CASE_LINES = 200      # lines of a case's own output kept while it runs
TAIL_LINES = 120      # lines of a process's output kept for a crash / hang
LOG_CHARS = 3000      # characters of a case's output kept in the results
QPA_CHARS = 2000      # characters of a case's QPA text kept in the results


def default_dir(repo):
    """../shared/deqp beside the clone (where CI has it), or $CTS_DEQP_DIR."""
    return os.environ.get('CTS_DEQP_DIR') or os.path.normpath(os.path.join(repo, '..', 'shared', 'deqp'))


def module_binary(deqp_dir, module):
    return os.path.join(deqp_dir, MODULES[module][0])


def context_offered(module):
    """False when the module needs a context version the driver does not offer; None when the
    module is unknown (a user's own binary)."""
    if module not in MODULES:
        return None
    return MODULES[module][1] in OFFERED_ES


class Job:
    """One module to run: its binary, the folder to run it in (dEQP finds its data relative to
    the working directory), its environment, and a label for file names."""

    def __init__(self, module, binary, env, env_note):
        self.module, self.binary, self.env, self.env_note = module, binary, env, env_note
        self.cwd = os.path.dirname(os.path.abspath(binary))

    def argv(self, caselist, qpa):
        return [self.binary, '--deqp-caselist-file=' + caselist, '--deqp-log-filename=' + qpa] + DEQP_FLAGS

    def repro(self, name):
        """The command that runs one case by hand."""
        return 'cd %s && %s ./%s --deqp-case=%s %s' % (
            shlex.quote(self.cwd), self.env_note, os.path.basename(self.binary),
            shlex.quote(name), ' '.join(DEQP_FLAGS))


# --- one dEQP process ------------------------------------------------------------------------

class Outcome:
    """What one dEQP process did. reported: [(name, raw status, description, seconds, lines)];
    running: the case that printed "Test case" and no status (None); head: the output before the
    first case; tail: the last lines of all of it."""

    def __init__(self):
        self.reported, self.running, self.running_lines = [], None, []
        self.head, self.tail = [], collections.deque(maxlen=TAIL_LINES)
        self.timed_out = self.aborted = self.done = self.watchdog = self.stopped = False
        self.rc, self.seconds = None, 0.0

    def clean(self):
        """The process went through its whole case list."""
        return self.done and not self.aborted and self.rc == 0 and not self.timed_out


def run_process(argv, cwd, env, timeout, on_status=None, stop=None):
    """Runs one dEQP process and parses its stdout (stderr merged) as it streams. A case (or the
    start-up before the first case, or a group init between cases) that goes `timeout` seconds
    without a new line of progress is killed with the process group. on_status(name, raw,
    description, seconds, lines) is called as each status line arrives. stop: an Event that
    ends the process early (the run was interrupted)."""
    out = Outcome()
    t0 = time.monotonic()
    try:
        p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True)
    except OSError as e:
        out.rc, out.head = -1, ['cannot start %s: %s' % (argv[0], e)]
        out.tail.extend(out.head)
        return out
    fd = p.stdout.fileno()
    buf = b''
    mark = t0          # start of the current case (or of the wait for the next one)
    exited_at = None

    def handle(raw):
        nonlocal mark
        line = raw.decode('utf-8', 'replace').rstrip('\r')
        out.tail.append(line)
        m = CASE_RX.match(line)
        if m:
            if out.running:  # a case without a status line, then another: dEQP's own confusion
                out.reported.append((out.running, 'InternalError', 'no status line',
                                     time.monotonic() - mark, out.running_lines))
            out.running, out.running_lines, mark = m.group(1), [], time.monotonic()
            return
        m = STATUS_RX.match(line)
        if m and out.running:
            now = time.monotonic()
            rec = (out.running, m.group(1), m.group(2), now - mark, out.running_lines)
            out.reported.append(rec)
            out.running, out.running_lines, mark = None, [], now
            if on_status:
                on_status(*rec)
            return
        if line == 'DONE!':
            out.done = True
        elif line.startswith('Test run was ABORTED'):
            out.aborted = True
        elif 'Watchdog timer timeout' in line:
            out.watchdog = True
        if out.running:
            if len(out.running_lines) < CASE_LINES:
                out.running_lines.append(line)
        elif not out.reported and len(out.head) < CASE_LINES:
            out.head.append(line)

    while True:
        now = time.monotonic()
        if now - mark > timeout:
            out.timed_out = True
            break
        if stop is not None and stop.is_set():
            out.stopped = True
            break
        if exited_at is None and p.poll() is not None:
            exited_at = now
        if exited_at is not None and now - exited_at > 2:
            break  # exited; a helper that inherited the pipe keeps it open: stop reading
        r, _, _ = select.select([fd], [], [], min(0.5, max(0.01, timeout - (now - mark))))
        if not r:
            continue
        data = os.read(fd, 65536)
        if not data:
            break
        buf += data
        *lines, buf = buf.split(b'\n')
        for raw in lines:
            handle(raw)
    if buf and not out.timed_out:
        handle(buf)
    _kill_group(p)  # a hung process, or a server the driver left behind
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    p.stdout.close()
    out.rc = p.returncode
    out.seconds = time.monotonic() - t0
    return out


def _kill_group(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _how_it_ended(out):
    if out.timed_out:
        return 'killed after no progress for the timeout'
    if out.watchdog:
        return 'dEQP watchdog timeout'
    if out.rc is not None and out.rc < 0:
        return 'killed by %s' % ctslib.signal_name(out.rc)
    return 'process exited with code %s' % out.rc


def _first(lines, rx):
    for l in lines:
        if rx.search(l):
            return l.strip()[:200]
    return ''


FATAL_RX = re.compile(r'FATAL ERROR|terminate called|Assertion|[Ss]egmentation|[Aa]bort')


# --- QPA log: the text of failing cases ---------------------------------------------------------

QPA_BEGIN_RX = re.compile(r'^#beginTestCaseResult (\S+)', re.M)
QPA_TEXT_RX = re.compile(r'<(Text|InfoLog)>(.*?)</\1>', re.S)


def qpa_texts(path, names):
    """{name: the <Text> / <InfoLog> contents of its section} for the names in `names`."""
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            log = f.read()
    except OSError:
        return {}
    found = {}
    starts = [(m.start(), m.group(1)) for m in QPA_BEGIN_RX.finditer(log)]
    for i, (pos, name) in enumerate(starts):
        if name not in names:
            continue
        end = starts[i + 1][0] if i + 1 < len(starts) else len(log)
        texts = [html.unescape(t[1]).strip() for t in QPA_TEXT_RX.findall(log, pos, end)]
        text = '\n'.join(t for t in texts if t)
        found[name] = text[-QPA_CHARS:]
    return found


# dEQP's own lines after a case whose state reset failed (every GLES3 case on splitgl today)
RESET_RX = re.compile(r'^(Transformation state reset failed|Error in test case deinit)')


def qpa_reason(text):
    """The last line of a case's QPA text that says why it failed (for a status line that says
    only "Fail")."""
    lines = [l.strip() for l in text.splitlines() if l.strip() and not RESET_RX.search(l)]
    for l in reversed(lines):
        if ctslib._REASON_RX.search(l):
            return l[:200]
    return lines[-1][:200] if lines else ''


# --- a chunk of cases, restarting as needed -------------------------------------------------------

class Stats:
    """Counts of one worker (summed with add() at the end: no lock while running)."""

    def __init__(self):
        self.processes = self.aborted = self.isolated = self.died = self.timeouts = 0
        self.caselist_lines = 0  # case names written into case list files, all restarts together

    def add(self, other):
        for k, v in other.__dict__.items():
            setattr(self, k, getattr(self, k) + v)

    def as_dict(self):
        return dict(self.__dict__)


def run_chunk(job, names, area_of, timeout, files, record, stats, stop=None):
    """Runs the case names of one chunk to the end, restarting dEQP where it stops.
    files: (caselist path, qpa path) this worker owns. record(name, result dict)."""
    caselist, qpa = files
    remaining = list(names)
    isolate = False
    offered = context_offered(job.module)

    def result(status, seconds, name, detail='', raw=None, lines=(), extra_log=''):
        r = {'status': status, 'time': round(seconds, 3), 'area': area_of(name)}
        if raw and raw != status:
            r['deqp_status'] = raw
        if detail:
            r['detail'] = detail[:300]
        if status != PASS and status != NOTSUP:
            log = '\n'.join(lines)
            if extra_log:
                log += ('\n' if log else '') + '--- process output (tail) ---\n' + extra_log
            r['log'] = log[-LOG_CHARS:]
            r['command'] = job.repro(name)
        return r

    while remaining and not (stop and stop.is_set()):
        batch = remaining[:1] if isolate else remaining
        with open(caselist, 'w') as f:
            f.write(''.join(n + '\n' for n in batch))
        stats.caselist_lines += len(batch)
        stats.processes += 1
        if os.path.exists(qpa):
            os.unlink(qpa)
        wanted = set(batch)

        def on_status(name, raw, desc, secs, lines):
            if name in wanted:
                st = STATUS[raw]
                record(name, result(st, secs, name, '' if st == PASS else desc, raw, lines))

        out = run_process(job.argv(caselist, qpa), job.cwd, job.env, timeout, on_status, stop)
        if out.stopped:
            return  # interrupted: the case that was running has no result
        stats.aborted += out.aborted
        seen = {n for n, *_ in out.reported if n in wanted}
        failing = {n for n, raw, *_ in out.reported if n in wanted and STATUS[raw] not in (PASS, NOTSUP)}
        if failing:
            for n, text in qpa_texts(qpa, failing).items():
                record(n, None, qpa=text)
        tail = '\n'.join(out.tail)
        if out.running in wanted:
            st = TIMEOUT if out.timed_out or out.watchdog else CRASH
            stats.died += 1
            stats.timeouts += st == TIMEOUT
            detail = _how_it_ended(out)
            why = _first(out.running_lines, FATAL_RX)
            record(out.running, result(st, out.seconds, out.running,
                                       detail + (': ' + why if why else ''), None,
                                       out.running_lines, tail))
            seen.add(out.running)
        elif out.clean():
            for n in batch:
                if n not in seen:  # dEQP went through its list and never started it
                    record(n, result(FAIL, 0, n, 'dEQP did not run it (no such case in %s?)'
                                     % os.path.basename(job.binary)))
                    seen.add(n)
        elif not seen:
            # died or hung before its first case: start-up or a group's init
            why = _first(out.head, FATAL_RX)
            if offered is False and CONTEXT_RX.search(tail):
                ver = '%d.%d' % MODULES[job.module][1]
                for n in batch:
                    record(n, result(NOTSUP, 0, n, 'no OpenGL ES %s context on this driver (%s)'
                                     % (ver, why)))
                seen.update(batch)
            elif len(batch) > 1:
                isolate = True  # run the first case alone to see whether it is the one
                stats.isolated += 1
                continue
            else:
                st = TIMEOUT if out.timed_out or out.watchdog else CRASH
                stats.died += 1
                stats.timeouts += st == TIMEOUT
                n = batch[0]
                record(n, result(st, out.seconds, n, '%s before the case started%s'
                                 % (_how_it_ended(out), ': ' + why if why else ''), None, (), tail))
                seen.add(n)
        isolate = False
        remaining = [n for n in remaining if n not in seen]


def run_deqp(jobs_cases, n_workers, timeout, chunk, work_dir, progress=None):
    """jobs_cases: [(Job, [Case])]. Runs them in chunks of `chunk` cases on n_workers threads.
    Returns ({name: result}, Stats, interrupted). On Ctrl-C (or SIGTERM, which run turns into
    KeyboardInterrupt) the processes are killed and the results so far come back."""
    stop = threading.Event()
    results, lock = {}, threading.Lock()
    stats = [Stats() for _ in range(max(1, n_workers))]
    todo = collections.deque()
    areas = {}
    for job, cases in jobs_cases:
        for c in cases:
            areas[c.name] = c.area
        names = [c.name for c in cases]
        for i in range(0, len(names), max(1, chunk)):
            todo.append((job, names[i:i + chunk]))
    os.makedirs(work_dir, exist_ok=True)

    def record(name, r, qpa=None):
        with lock:
            if r is None:
                r = results.get(name)
                if r is not None:
                    r['qpa'] = qpa
                    if r.get('detail', '') in ('', r.get('deqp_status', r['status'])):
                        r['detail'] = qpa_reason(qpa) or r.get('detail', '')
                return
            new = name not in results
            results[name] = r
            if progress and new:
                progress(len(results), name, r)

    def worker(wid):
        while not stop.is_set():
            with lock:
                if not todo:
                    return
                job, names = todo.popleft()
            files = (os.path.join(work_dir, '%s-w%d.txt' % (job.module, wid)),
                     os.path.join(work_dir, '%s-w%d.qpa' % (job.module, wid)))
            run_chunk(job, names, areas.get, timeout, files, record, stats[wid], stop)

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(max(1, n_workers))]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:
        stop.set()
        for t in threads:
            t.join()
    total = Stats()
    for s in stats:
        total.add(s)
    with lock:
        return dict(results), total, stop.is_set()
