#!/usr/bin/env python3
"""Starts and stops a long-running splitgl-server --listen for a ctest fixture.

  tcp_server.py start DIR SERVER_BIN [server flags...]
      starts SERVER_BIN --listen 127.0.0.1:0 --port-file DIR/port [flags] in its own session
      (stderr to DIR/server.log, pid in DIR/pid) and returns once the port file exists.
  tcp_server.py stop DIR
      fails if the server is no longer running (a session took it down), then sends SIGTERM
      and fails unless it exits (status 0) within 10 s.

The port is picked by the kernel and read from the file, so parallel tests never race for one.
Python 3 standard library only.
"""
import os
import signal
import subprocess
import sys
import time


def start(d, server, flags):
    os.makedirs(d, exist_ok=True)
    for name in ("port", "pid"):
        try:
            os.unlink(os.path.join(d, name))
        except FileNotFoundError:
            pass
    log = open(os.path.join(d, "server.log"), "wb")
    # A grandchild: ctest's setup test ends here and the server lives on for the fixture.
    wrapper = os.fork()
    if wrapper == 0:
        os.setsid()
        p = subprocess.Popen([server, "--listen", "127.0.0.1:0", "--port-file", os.path.join(d, "port")] + flags,
                             stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        with open(os.path.join(d, "pid"), "w") as f:
            f.write("%d\n" % p.pid)
        os._exit(0)
    os.waitpid(wrapper, 0)
    deadline = time.time() + 20
    while time.time() < deadline:
        if os.path.exists(os.path.join(d, "port")):
            print("splitgl-server listening on port", open(os.path.join(d, "port")).read().strip())
            return 0
        time.sleep(0.05)
    print("splitgl-server did not write its port file; its log:")
    print(open(os.path.join(d, "server.log"), errors="replace").read())
    return 1


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (parent not reaping yet) counts as gone
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(") ")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def stop(d):
    try:
        pid = int(open(os.path.join(d, "pid")).read())
    except (FileNotFoundError, ValueError):
        print("no server pid file in", d)
        return 1
    log = os.path.join(d, "server.log")
    if not alive(pid):
        print("FAIL: splitgl-server (pid %d) was not running at the end of the lane; its log:" % pid)
        print(open(log, errors="replace").read())
        return 1
    os.kill(pid, signal.SIGTERM)
    deadline = time.time() + 10
    while time.time() < deadline and alive(pid):
        time.sleep(0.05)
    if alive(pid):
        os.kill(pid, signal.SIGKILL)
        print("FAIL: splitgl-server did not stop within 10 s of SIGTERM")
        return 1
    text = open(log, errors="replace").read()
    if "splitgl-server: stopped" not in text:
        print("FAIL: splitgl-server ended without its stopping line; its log:")
        print(text)
        return 1
    print("splitgl-server stopped cleanly")
    return 0


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "start":
        return start(sys.argv[2], sys.argv[3], sys.argv[4:])
    if len(sys.argv) == 3 and sys.argv[1] == "stop":
        return stop(sys.argv[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
