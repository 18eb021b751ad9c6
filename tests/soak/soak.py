#!/usr/bin/env python3
"""The soak and the per-session cap tests of splitgl-server --listen (issue 15).

  soak.py soak SERVER CLIENT JSON DIR [--clients N] [--frames F] [--kill-every K] [--lsan SUPP]
      One `SERVER --listen 127.0.0.1:0 --port-file DIR/port`; N soak_client processes (`CLIENT
      render`, a real EGL + GLES program through libglvnd over tcp), F frames each, every frame
      read back and checked by the client. Each time the clients together have finished another
      K frames, one client (round robin over clients 1..N-1: client 0 lives through the whole
      run) is SIGKILLed right after it printed "frame n begin", inside the frame, and restarted
      for its remaining frames. Every second the server's RSS is sampled: the listener, every
      session process, and client 0's session. Passes when every client that was not killed
      rendered every frame right, the server is still serving at the end and stops cleanly on
      SIGTERM, and memory is flat: after a warm-up (the first 10% of the samples), the largest
      RSS of the last third is within 10% of the largest of the first third, for the listener
      (+1 MiB slack), the sum over all sessions, and client 0's long-lived session (under
      --lsan + 16 MiB per session process: ASan's quarantine, which fills as it runs). With --lsan
      (an AddressSanitizer build of the server, SUPP its suppressions file) LeakSanitizer must
      report nothing, neither at the listener's exit nor in any session process (the server
      runs a leak check as each session process ends); ASan's quarantine is kept to 16 MiB so
      it does not read as growth. Figures go to stdout and DIR/soak.json.

  soak.py caps SERVER CLIENT JSON DIR
      A server with --max-objects 300 --max-session-mib 256: one client renders 40 frames while
      a second creates textures forever (cut with ResourceExhausted "objects.RESOURCE") and a
      third allocates 16 MiB buffers forever (cut with "memory.ResourceCreate"); each sees
      GL_CONTEXT_LOST and EGL_CONTEXT_LOST and the named error; the renderer is undisturbed; a
      client that stays below the cap (200 textures) runs to its end; the server serves on.

  soak.py caps-local CLIENT JSON DIR
      The same cut for the in-process transport, through SPLITGL_MAX_OBJECTS.

Python 3 standard library only.
"""
import json
import os
import re
import selectors
import signal
import subprocess
import sys
import time

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def client_env(json_path, transport, extra=None):
    env = dict(os.environ)
    env["__EGL_VENDOR_LIBRARY_FILENAMES"] = json_path
    env.pop("__EGL_VENDOR_LIBRARY_DIRS", None)
    env["EGL_PLATFORM"] = "surfaceless"
    env["SPLITGL_TRANSPORT"] = transport
    env.update(extra or {})
    return env


class Server:
    def __init__(self, server, d, flags, env=None):
        self.port_file = os.path.join(d, "port")
        self.log_path = os.path.join(d, "server.log")
        if os.path.exists(self.port_file):
            os.unlink(self.port_file)
        self.log = open(self.log_path, "wb")
        self.p = subprocess.Popen([server, "--listen", "127.0.0.1:0", "--port-file", self.port_file] + flags,
                                  stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log, env=env)
        self.port = None
        deadline = time.time() + 30
        while time.time() < deadline and self.p.poll() is None:
            if os.path.exists(self.port_file):
                self.port = int(open(self.port_file).read())
                break
            time.sleep(0.05)

    def text(self):
        self.log.flush()
        return open(self.log_path, errors="replace").read()

    def stop(self):
        alive = self.p.poll() is None
        check(alive, "the server is still serving at the end (exit %s)" % self.p.returncode)
        if not alive:
            return
        self.p.send_signal(signal.SIGTERM)
        try:
            rc = self.p.wait(30)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = None
        check(rc == 0 and "splitgl-server: stopped" in self.text(), "SIGTERM stops the server cleanly (exit %s)" % rc)


# ---- memory -------------------------------------------------------------------------------

def rss_kib(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    return 0


def children(pid):
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(x) for x in f.read().split()]
    except (FileNotFoundError, ProcessLookupError):
        return []


QUARANTINE_MIB = 16  # ASan's quarantine in each server process under --lsan
WARMUP_S = 30  # lavapipe's JIT, pipeline caches and malloc arenas grow a session's RSS first


def flat(samples, i, slack_kib=0, pct=10, warmup_s=WARMUP_S):
    """After a warm-up (the first warmup_s seconds or 10% of the samples, whichever is longer):
    the last third's max within pct% (+ slack) of the first third's max. Returns (verdict,
    first max, last max); verdict None when fewer than 9 samples are left to judge."""
    s = [x[i] for x in samples if x[i] is not None]
    t = [x[0] for x in samples if x[i] is not None]
    skip = max(len(s) // 10, sum(1 for v in t if v < warmup_s))
    s = s[skip:]
    if len(s) < (9 if warmup_s else 3):
        return None, 0, 0
    third = len(s) // 3
    first, last = max(s[:third]), max(s[-third:])
    return last <= first * (100 + pct) / 100 + slack_kib, first, last


# ---- the soak -----------------------------------------------------------------------------

class Slot:
    def __init__(self, idx, frames):
        self.idx = idx
        self.left = frames
        self.p = None
        self.buf = b""
        self.starts = 0
        self.in_frame = False
        self.kill_pending = False
        self.killed = False
        self.out = []


def soak(server_bin, client_bin, json_path, d, clients, frames, kill_every, lsan_supp):
    env = dict(os.environ)
    if lsan_supp:
        # a small quarantine: ASan's default (256 MiB of freed blocks held back per process)
        # would read as RSS growth for its first few minutes
        env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:quarantine_size_mb=%d" % QUARANTINE_MIB
        env["LSAN_OPTIONS"] = "suppressions=%s:print_suppressions=0" % lsan_supp
    # killed clients' sessions take a moment to end (an ASan session runs its leak check): room
    # for them besides the clients
    srv = Server(server_bin, d, ["--max-sessions", str(clients * 4 + 8)], env)
    check(srv.port is not None, "the server starts")
    if srv.port is None:
        print(srv.text())
        return
    cenv = client_env(json_path, "tcp:127.0.0.1:%d" % srv.port,
                      {"SPLITGL_SHADER_CACHE": os.path.join(d, "shader-cache"), "SPLITGL_WAIT_TIMEOUT_MS": "60000"})
    cenv["ASAN_OPTIONS"] = (cenv.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")
    sel = selectors.DefaultSelector()
    slots = [Slot(i, frames) for i in range(clients)]
    seed = [0]

    def start(slot):
        seed[0] += 1
        slot.p = subprocess.Popen([client_bin, "render", str(slot.left), str(slot.idx * 1000 + seed[0])], env=cenv,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        os.set_blocking(slot.p.stdout.fileno(), False)
        sel.register(slot.p.stdout, selectors.EVENT_READ, slot)
        slot.starts += 1
        slot.buf = b""
        slot.in_frame = False

    t0 = time.time()
    # client 0 first, alone until its session is up: that session process is the one to watch
    start(slots[0])
    session0 = None
    first = b""
    while b"initialized" not in first and slots[0].p.poll() is None and time.time() < t0 + 60:
        if sel.select(timeout=0.5):
            try:
                first += os.read(slots[0].p.stdout.fileno(), 65536)
            except BlockingIOError:
                pass
    slots[0].buf = first
    kids = children(srv.p.pid)
    check(len(kids) == 1, "client 0's session is the one session process (%s)" % kids)
    session0 = kids[0] if len(kids) == 1 else None
    for s in slots[1:]:
        start(s)
    done_frames = 0
    kills = 0
    next_kill = kill_every
    victim = 0
    wrong = []
    between = []  # kills that landed between frames or after the client ended
    samples = []  # (t, listener, sessions sum, sessions, client 0's session)
    last_sample = 0.0
    unfinished = []
    deadline = t0 + max(600, frames * clients * 0.5)
    while any(s.p for s in slots) and time.time() < deadline:
        for key, _ in sel.select(timeout=0.2):
            slot = key.data
            try:
                chunk = os.read(key.fileobj.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                sel.unregister(key.fileobj)
                rc = slot.p.wait()
                text = slot.buf.decode(errors="replace")
                if slot.kill_pending:
                    slot.kill_pending = False
                    slot.killed = False
                    # the frame it was in: its last line (lines come later than the kill lands)
                    last = slot.out[-1] if slot.out else ""
                    if rc == -signal.SIGKILL and last.startswith("frame ") and last.endswith(" begin"):
                        kills += 1
                        print("killed client %d inside its %s (%d frames done in all)" % (slot.idx, last, done_frames),
                              flush=True)
                    else:
                        between.append((slot.idx, rc, last))
                    if slot.left > 0:
                        start(slot)
                    else:
                        slot.p = None
                    continue
                if rc != 0 or slot.left != 0:
                    wrong.append((slot.idx, rc, "\n".join(slot.out[-30:])))
                    unfinished.append(slot.idx)
                slot.p = None
                continue
            slot.buf += chunk
            while b"\n" in slot.buf:
                line, slot.buf = slot.buf.split(b"\n", 1)
                line = line.decode(errors="replace")
                slot.out.append(line)
                del slot.out[:-200]
                if line.endswith(" begin") and line.startswith("frame "):
                    slot.in_frame = True
                    if slot.kill_pending and not slot.killed:
                        slot.p.send_signal(signal.SIGKILL)  # inside the frame it just began
                        slot.killed = True
                elif line.endswith(" ok") and line.startswith("frame "):
                    slot.in_frame = False
                    slot.left -= 1
                    done_frames += 1
                    if done_frames >= next_kill and clients > 1:
                        next_kill += kill_every
                        # round robin over clients 1..N-1 with frames left after this one
                        for _ in range(clients - 1):
                            victim = victim % (clients - 1) + 1
                            v = slots[victim]
                            if v.p and not v.kill_pending and v.left > 1:
                                v.kill_pending = True
                                break
                elif "WRONG" in line or "GL error" in line:
                    print("client %d: %s" % (slot.idx, line), flush=True)
        now = time.time()
        if now - last_sample >= 1.0:
            last_sample = now
            kids = children(srv.p.pid)
            samples.append((round(now - t0, 1), rss_kib(srv.p.pid), sum(rss_kib(k) for k in kids), len(kids),
                            rss_kib(session0) if session0 in kids else None))
    for s in slots:
        if s.p:
            s.p.kill()
            unfinished.append(s.idx)
    elapsed = time.time() - t0
    for idx, rc, text in wrong:
        print("client %d ended with %s; its last lines:\n%s" % (idx, rc, text))
    check(not wrong, "every client that was not killed rendered all its frames right (%d clients)" % clients)
    check(done_frames == clients * frames, "%d frames rendered and checked (want %d)" % (done_frames, clients * frames))
    want_kills = max(0, (clients * frames - 1) // kill_every) if clients > 1 else 0
    for idx, rc, last in between:
        print("note: the kill of client %d landed outside a frame (exit %s, last line %r)" % (idx, rc, last))
    check(kills >= min(1, want_kills) and kills + len(between) <= want_kills,
          "%d clients killed inside a frame (one per %d frames: at most %d)" % (kills, kill_every, want_kills))
    time.sleep(1.5)  # the killed clients' sessions end and are reaped
    log = srv.text()
    srv.stop()
    log = srv.text()
    fatal = [l for l in log.splitlines() if "fatal:" in l]
    check(not fatal, "no session ended on a fatal error (%d did)" % len(fatal))
    for l in fatal[:5]:
        print("  " + l)
    leaks = [l for l in log.splitlines() if "LeakSanitizer" in l or "reported leaks" in l]
    if lsan_supp:
        check(not leaks, "LeakSanitizer: no leaks in the listener or any session process")
        if leaks:
            print(log[-20000:])
    verdicts = {}
    # the listener only forks and reaps: no warm-up. Under ASan a session process may also hold
    # up to its quarantine (freed blocks not reused yet), which fills as it runs: that much
    # slack per session process
    q = QUARANTINE_MIB * 1024 if lsan_supp else 0
    for name, i, slack, warm in (("listener", 1, 1024, 0), ("sessions' RSS (sum)", 2, q * clients, WARMUP_S),
                                 ("client 0's long-lived session", 4, q, WARMUP_S)):
        ok, a, b = flat(samples, i, slack, warmup_s=warm)
        verdicts[name] = ok
        if ok is None:
            print("-    %s RSS: not judged (the run is shorter than its warm-up)" % name)
        else:
            check(ok, "%s RSS flat: %d KiB -> %d KiB (max of the first / last third after warm-up)" % (name, a, b))
    def stats(i):
        v = [x[i] for x in samples if x[i]]  # None / 0: not running (or a zombie)
        return {"start": v[len(v) // 10] if v else 0, "end": v[-1] if v else 0, "max": max(v) if v else 0}

    total = [x[1] + x[2] for x in samples]
    summary = {
        "clients": clients, "frames_per_client": frames, "frames": done_frames, "kills": kills,
        "kills_outside_a_frame": len(between), "sessions_held": clients + kills + len(between), "max_sessions_at_once": max([x[3] for x in samples] or [0]),
        "seconds": round(elapsed, 1), "samples": len(samples),
        "rss_kib": {"listener": stats(1), "sessions_sum": stats(2), "session_client0": stats(4),
                    "total": {"start": total[len(total) // 10] if total else 0, "end": total[-1] if total else 0,
                              "max": max(total or [0])}},
        "flat": verdicts,
        "lsan": ("clean" if not leaks else "LEAKS") if lsan_supp else "not run",
        "failures": len(failures),
    }
    with open(os.path.join(d, "soak.json"), "w") as f:
        json.dump({"summary": summary, "samples": samples}, f, indent=1)
    print(json.dumps(summary, indent=1))


# ---- the caps -----------------------------------------------------------------------------

def run_client(client_bin, env, *args, timeout=300):
    p = subprocess.run([client_bin] + list(args), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=timeout)
    return p.returncode, p.stdout


def tail(text, n=15):
    return "\n".join(text.splitlines()[-n:])


def caps(server_bin, client_bin, json_path, d):
    srv = Server(server_bin, d, ["--max-objects", "300", "--max-session-mib", "256"])
    check(srv.port is not None, "server with --max-objects 300 --max-session-mib 256 starts")
    if srv.port is None:
        print(srv.text())
        return
    env = client_env(json_path, "tcp:127.0.0.1:%d" % srv.port,
                     {"SPLITGL_SHADER_CACHE": os.path.join(d, "shader-cache")})
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")
    render = subprocess.Popen([client_bin, "render", "40", "7"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    rc, text = run_client(client_bin, env, "objects", "100000")
    print(tail(text))
    check(rc == 5, "textures forever: the context is lost (GL_CONTEXT_LOST, then EGL_CONTEXT_LOST) (exit %d)" % rc)
    check('ResourceExhausted "objects.RESOURCE"' in text, "... and the client is told ResourceExhausted \"objects.RESOURCE\"")
    m = re.search(r"context lost after (\d+) textures", text)
    # the surface's own resources count too, and the loss is seen at the next glFinish (every 50)
    check(m is not None and 250 <= int(m.group(1)) <= 350, "... at the cap (%s textures made)" % (m and m.group(1)))
    rc, text = run_client(client_bin, env, "memory", "100000")
    print(tail(text))
    check(rc == 5, "16 MiB buffers forever: the context is lost (exit %d)" % rc)
    check('ResourceExhausted "memory.ResourceCreate"' in text,
          "... and the client is told ResourceExhausted \"memory.ResourceCreate\"")
    rc, text = run_client(client_bin, env, "objects", "200")
    print(tail(text, 3))
    check(rc == 4 and "made 200 objects without losing the context" in text,
          "200 textures, below the cap: nothing changes")
    out, _ = render.communicate(timeout=300)
    print(tail(out, 3))
    check(render.returncode == 0 and "all frames ok" in out, "a session rendering meanwhile renders every frame right")
    log = srv.text()
    check('fatal: ResourceExhausted "objects.RESOURCE"' in log and "300 live RESOURCE objects already (--max-objects" in log,
          "the server logs the objects cap, naming the flag")
    check('fatal: ResourceExhausted "memory.ResourceCreate"' in log and "--max-session-mib" in log,
          "the server logs the memory cap, naming the flag")
    srv.stop()


def caps_local(client_bin, json_path, d):
    env = client_env(json_path, "inproc", {"SPLITGL_MAX_OBJECTS": "300",
                                           "SPLITGL_SHADER_CACHE": os.path.join(d, "shader-cache")})
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")
    rc, text = run_client(client_bin, env, "objects", "100000")
    print(tail(text))
    check(rc == 5 and 'ResourceExhausted "objects.RESOURCE"' in text,
          "inproc, SPLITGL_MAX_OBJECTS=300: textures forever end in a lost context naming the cap (exit %d)" % rc)
    env["SPLITGL_MAX_OBJECTS"] = "262144"
    rc, text = run_client(client_bin, env, "objects", "1000")
    check(rc == 4 and "made 1000 objects" in text, "inproc, the default cap: 1000 textures run to the end")


def main():
    args = sys.argv[1:]
    if len(args) >= 5 and args[0] == "soak":
        opts = {"--clients": 3, "--frames": 60, "--kill-every": 100, "--lsan": None}
        rest = args[5:]
        while rest:
            k = rest.pop(0)
            if k not in opts or not rest:
                print(__doc__)
                return 2
            opts[k] = rest.pop(0) if k == "--lsan" else int(rest.pop(0))
        os.makedirs(args[4], exist_ok=True)
        soak(args[1], args[2], args[3], args[4], opts["--clients"], opts["--frames"], opts["--kill-every"],
             opts["--lsan"])
    elif len(args) == 5 and args[0] == "caps":
        os.makedirs(args[4], exist_ok=True)
        caps(*args[1:])
    elif len(args) == 4 and args[0] == "caps-local":
        os.makedirs(args[3], exist_ok=True)
        caps_local(*args[1:])
    else:
        print(__doc__)
        return 2
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
