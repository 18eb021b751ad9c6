#!/usr/bin/env python3
"""The service side of splitgl-server --listen, with an EGL application (tcp_egl_probe) as the
client. Each case starts its own server on a kernel-picked port (--port-file).

  tcp_cases.py token SERVER PROBE JSON DIR      no token / a wrong token: refused (the probe gets
                                                EGL_NOT_INITIALIZED, both sides log why); the
                                                right token renders
  tcp_cases.py nonloopback SERVER PROBE JSON DIR  a non-loopback --listen without --token-file
                                                refuses to start; with one it starts and serves
  tcp_cases.py cap SERVER PROBE JSON DIR        --max-sessions 1: a second session is refused
                                                with a reason while the first holds; accepted
                                                after it ended
  tcp_cases.py segment SERVER PROBE JSON DIR    --max-ring-mib / --max-staging-mib: a client
                                                asking for more is refused, saying which
  tcp_cases.py watchdog SERVER PROBE JSON DIR   --watchdog-ms 5000: a session stuck in one record
                                                (seconds of GPU work, then a read-back) ends
                                                with Watchdog "<Op>"; the next session renders
Every case ends the server with SIGTERM and checks it exits 0.
Python 3 standard library only.
"""
import os
import signal
import socket
import subprocess
import sys
import time

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


class Server:
    def __init__(self, server, d, name, flags, listen="127.0.0.1:0"):
        self.port_file = os.path.join(d, name + ".port")
        self.log_path = os.path.join(d, name + ".log")
        if os.path.exists(self.port_file):
            os.unlink(self.port_file)
        self.log = open(self.log_path, "wb")
        self.p = subprocess.Popen([server, "--listen", listen, "--port-file", self.port_file] + flags,
                                  stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        deadline = time.time() + 20
        self.port = None
        while time.time() < deadline and self.p.poll() is None:
            if os.path.exists(self.port_file):
                self.port = int(open(self.port_file).read())
                break
            time.sleep(0.05)

    def text(self):
        self.log.flush()
        return open(self.log_path, errors="replace").read()

    def stop(self):
        if self.p.poll() is not None:
            check(False, "server still running before SIGTERM (exit %s)" % self.p.returncode)
            return
        self.p.send_signal(signal.SIGTERM)
        try:
            rc = self.p.wait(10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = None
        check(rc == 0, "SIGTERM stops the server cleanly (exit %s)" % rc)


def probe(probe_bin, json_path, port, token_file=None, hold_ms=0, host="127.0.0.1", mode=None, extra=None):
    env = dict(os.environ)
    env.update(extra or {})
    env["__EGL_VENDOR_LIBRARY_FILENAMES"] = json_path
    env.pop("__EGL_VENDOR_LIBRARY_DIRS", None)
    env["SPLITGL_TRANSPORT"] = "tcp:%s:%d" % (host, port)
    # Sanitizer builds: these cases check the service's answers (exit codes, log lines); the
    # probe's own leak check would turn a refused or lost run's status into LeakSanitizer's.
    # The scene and threads lanes check splitgl's leaks.
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")
    env.pop("SPLITGL_TOKEN_FILE", None)
    if token_file:
        env["SPLITGL_TOKEN_FILE"] = token_file
    return subprocess.Popen([probe_bin, str(hold_ms)] + ([mode] if mode else []), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(p):
    out, err = p.communicate(timeout=60)
    return p.returncode, out + err


def write_token(d, name, text):
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write(text + "\n")
    return path


def case_token(server, probe_bin, json_path, d):
    good = write_token(d, "good.token", "splitgl-test-token-0123456789abcdef")
    bad = write_token(d, "bad.token", "splitgl-test-token-0123456789abcdeX")
    s = Server(server, d, "token", ["--token-file", good])
    check(s.port is not None, "server with --token-file starts")
    if s.port is None:
        print(s.text())
        return
    rc, text = finish(probe(probe_bin, json_path, s.port))
    print(text)
    check(rc == 3 and "EGL_NOT_INITIALIZED" in text, "no token: eglInitialize fails with EGL_NOT_INITIALIZED")
    check("authentication failed" in text, "no token: the client logs why")
    rc, text = finish(probe(probe_bin, json_path, s.port, bad))
    print(text)
    check(rc == 3 and "EGL_NOT_INITIALIZED" in text, "wrong token: eglInitialize fails with EGL_NOT_INITIALIZED")
    rc, text = finish(probe(probe_bin, json_path, s.port, good))
    print(text)
    check(rc == 0 and "ok" in text, "the right token: the session renders")
    log = s.text()
    print(log)
    check("refused the session from 127.0.0.1" in log and "no token" in log, "server logs the missing token")
    check("wrong token" in log, "server logs the wrong token")
    # a client that connects and says nothing holds a session process in its handshake:
    # SIGTERM must still end it cleanly, without the listener resorting to SIGKILL
    silent = socket.create_connection(("127.0.0.1", s.port))
    time.sleep(0.3)
    s.stop()
    check("did not end within" not in s.text(), "SIGTERM ends a session still in its handshake")
    silent.close()


def case_nonloopback(server, probe_bin, json_path, d):
    s = Server(server, d, "open", [], listen="0.0.0.0:0")
    try:
        rc = s.p.wait(10)
    except subprocess.TimeoutExpired:
        s.p.kill()
        rc = None
    log = s.text()
    print(log)
    check(rc not in (None, 0), "0.0.0.0 without --token-file: refuses to start (exit %s)" % rc)
    check("refusing to listen on 0.0.0.0" in log and "--token-file" in log, "... with a clear message")
    good = write_token(d, "good.token", "splitgl-test-token-0123456789abcdef")
    s = Server(server, d, "open-token", ["--token-file", good], listen="0.0.0.0:0")
    check(s.port is not None, "0.0.0.0 with --token-file starts")
    if s.port is not None:
        rc, text = finish(probe(probe_bin, json_path, s.port, good))
        print(text)
        check(rc == 0, "... and serves a client with the token")
        s.stop()


def case_cap(server, probe_bin, json_path, d):
    s = Server(server, d, "cap", ["--max-sessions", "1"])
    check(s.port is not None, "server with --max-sessions 1 starts")
    if s.port is None:
        print(s.text())
        return
    first = probe(probe_bin, json_path, s.port, hold_ms=6000)
    line = first.stdout.readline()
    check("initialized" in line, "the first session starts")
    rc, text = finish(probe(probe_bin, json_path, s.port))
    print(text)
    check(rc == 3 and "server busy" in text, "a second session at the cap is refused with the reason")
    rc, text = finish(first)
    check(rc == 0, "the first session renders on")
    # its session process ends and is reaped at its own pace: try again for up to 20 s
    for _ in range(40):
        rc, text = finish(probe(probe_bin, json_path, s.port))
        if rc == 0 or "server busy" not in text:
            break
        time.sleep(0.5)
    print(text)
    check(rc == 0, "a session after the first ended is accepted")
    log = s.text()
    print(log)
    check("--max-sessions" in log, "server logs the refusal")
    s.stop()


def case_segment(server, probe_bin, json_path, d):
    s = Server(server, d, "segment", ["--max-staging-mib", "8", "--max-ring-mib", "4"])
    check(s.port is not None, "server with --max-staging-mib 8 --max-ring-mib 4 starts")
    if s.port is None:
        print(s.text())
        return
    rc, text = finish(probe(probe_bin, json_path, s.port))
    print(text)
    check(rc == 3 and "command ring of 8192 KiB" in text, "the default 8 MiB ring is refused, saying why")
    rc, text = finish(probe(probe_bin, json_path, s.port, extra={"SPLITGL_RING_KIB": "4096"}))
    print(text)
    check(rc == 3 and "staging arena of 32768 KiB" in text, "the default 32 MiB staging arena is refused, saying why")
    rc, text = finish(probe(probe_bin, json_path, s.port,
                            extra={"SPLITGL_RING_KIB": "4096", "SPLITGL_STAGING_KIB": "8192"}))
    print(text)
    check(rc == 0, "a client within the caps renders")
    log = s.text()
    print(log)
    check("--max-staging-mib" in log and "--max-ring-mib" in log, "server logs both refusals")
    s.stop()


def case_watchdog(server, probe_bin, json_path, d):
    # 5 s: far above what any record of the second (plain) session takes, even on a loaded
    # machine, and far below the heavy session's read-back (over 30 s on lavapipe here)
    s = Server(server, d, "watchdog", ["--watchdog-ms", "5000"])
    check(s.port is not None, "server with --watchdog-ms 5000 starts")
    if s.port is None:
        print(s.text())
        return
    rc, text = finish(probe(probe_bin, json_path, s.port, mode="heavy"))
    print(text)
    check(rc == 5 and "GL_CONTEXT_LOST" in text, "a record past the watchdog: the context is lost")
    check('Watchdog "' in text and "took longer than 5000 ms" in text,
          "... and the client is told the watchdog's named error")
    rc, text = finish(probe(probe_bin, json_path, s.port))
    print(text)
    check(rc == 0, "the next session renders")
    log = s.text()
    print(log)
    check("Watchdog" in log and "the session process ends" in log, "server logs the watchdog")
    s.stop()


def main():
    if len(sys.argv) != 6:
        print(__doc__)
        return 2
    case, server, probe_bin, json_path, d = sys.argv[1:]
    os.makedirs(d, exist_ok=True)
    {"token": case_token, "nonloopback": case_nonloopback, "cap": case_cap,
     "watchdog": case_watchdog, "segment": case_segment}[case](server, probe_bin, json_path, d)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
