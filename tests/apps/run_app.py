#!/usr/bin/env python3
"""Real applications on X11 windows (issue 12): each check runs the app under a private Xvfb
once on splitgl and once on Mesa's llvmpipe (the comparison, in the log) and fails when the
app fails on splitgl (or on llvmpipe, where llvmpipe is the reference the check needs).

  run_app.py --check window   --splitgl-json J --scene build/tests/apps/window_scene
             [--tcp-server build/server/splitgl-server]
  run_app.py --check glmark2  --splitgl-json J [--offscreen]
  run_app.py --check es2gears --splitgl-json J --key build/tests/apps/x11_key
  run_app.py --check gstreamer --splitgl-json J --out-dir DIR
  run_app.py --check apitrace  --splitgl-json J --out-dir DIR

--tcp-server: splitgl runs over tcp, on a splitgl-server --listen started here without DISPLAY
(it cannot reach the X display: the frames come back and the client puts them into the window);
the server must still be running at the end.

Exit 77 (ctest: skipped) with a message when Xvfb or the app is not installed
(tools/install-deps.sh installs them).
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ORACLE_JSON = "/usr/share/glvnd/egl_vendor.d/50_mesa.json"
SKIP = 77


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(SKIP)


class Xvfb:
    """Xvfb on a free display number (-displayfd), 800x600x24."""

    def __enter__(self):
        r, w = os.pipe()
        # its own messages, kept to say why it went away if it does (a rare failure under load:
        # a later app of the same check could not open the display)
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=self.log)
        os.close(w)
        num = b""
        deadline = time.time() + 30
        while not num.endswith(b"\n") and time.time() < deadline:
            chunk = os.read(r, 16)
            if not chunk:
                break
            num += chunk
        os.close(r)
        if not num.strip():
            self.proc.kill()
            raise SystemExit("FAIL: Xvfb did not start")
        self.display = ":" + num.decode().strip()
        return self

    def gone(self):
        """None while the server runs, else its exit status and the end of its log."""
        if self.proc.poll() is None:
            return None
        self.log.seek(0)
        tail = self.log.read().decode(errors="replace").strip().splitlines()[-8:]
        return f"Xvfb {self.display} exited with status {self.proc.returncode}: " + " | ".join(tail)

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()  # gone, socket and lock included, before the next check starts one
        self.log.close()


def driver_env(display, driver, splitgl_json, extra):
    env = {k: v for k, v in os.environ.items() if k != "__EGL_VENDOR_LIBRARY_DIRS"}
    if driver == "llvmpipe":
        env = {k: v for k, v in env.items() if not k.startswith("SPLITGL_")}
    env["__EGL_VENDOR_LIBRARY_FILENAMES"] = splitgl_json if driver == "splitgl" else ORACLE_JSON
    env["DISPLAY"] = display
    env.update(extra)
    return env


def run(cmd, env, timeout):
    print("$ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=timeout)
    print(p.stdout, flush=True)
    return p.returncode, p.stdout


# Lines an app prints when something went wrong. splitgl's own WARN lines are listed but not
# failures by themselves (window_scene provokes refusals on purpose).
ERROR_RE = re.compile(r"(^|\W)(error|failed|failure)(\W|$)", re.IGNORECASE)


def error_lines(out):
    return [l for l in out.splitlines() if ERROR_RE.search(l) and not l.startswith("splitgl: WARN")]


class TcpServer:
    """splitgl-server --listen on a kernel-picked loopback port, without DISPLAY."""

    def __init__(self, binary, out_dir):
        self.binary, self.dir = binary, out_dir

    def __enter__(self):
        os.makedirs(self.dir, exist_ok=True)
        port_file = os.path.join(self.dir, "tcp_port")
        if os.path.exists(port_file):
            os.unlink(port_file)
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SPLITGL_TRANSPORT")}
        self.log = open(os.path.join(self.dir, "tcp_server.log"), "wb")
        self.proc = subprocess.Popen([self.binary, "--listen", "127.0.0.1:0", "--port-file", port_file], env=env,
                                     stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        deadline, port = time.time() + 20, ""
        while not port.endswith("\n") and time.time() < deadline and self.proc.poll() is None:
            time.sleep(0.05)
            if os.path.exists(port_file):
                port = open(port_file).read()
        if not port.strip():
            self.proc.kill()
            raise SystemExit("FAIL: splitgl-server did not write its port file")
        self.address = "tcp:127.0.0.1:" + port.strip()
        print(f"splitgl-server listening at {self.address}", flush=True)
        return self

    def alive(self):
        return self.proc.poll() is None

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()  # gone, socket and lock included, before the next check starts one
        self.log.close()


def with_tcp(args, fn):
    """Runs fn(extra_env) on a tcp server when --tcp-server is given, else fn({})."""
    if not args.tcp_server:
        return fn({})
    with TcpServer(args.tcp_server, args.out_dir) as srv:
        bad = fn({"SPLITGL_TRANSPORT": srv.address})
        if not srv.alive():
            bad.append("splitgl-server is not running any more")
        return bad


def check_window(args, display):
    return with_tcp(args, lambda tcp: check_window_on(args, display, tcp))


def check_window_on(args, display, tcp):
    bad = []
    for driver in ("splitgl", "llvmpipe"):
        extra = {"SPLITGL_VALIDATE": "1", "SPLITGL_STATS": "1"} if args.validate and driver == "splitgl" else {}
        if driver == "splitgl":
            extra.update(tcp)
        rc, out = run([args.scene, driver], driver_env(display, driver, args.splitgl_json, extra), 55)
        if rc != 0 or "PASS" not in out:
            sock = "/tmp/.X11-unix/X" + display.lstrip(":")
            bad.append(f"window_scene on {driver}: exit {rc}" +
                       ("" if os.path.exists(sock) else f" ({sock} is gone)"))
        # --validate: the Vulkan validation layers watched the swapchain work and found nothing.
        if args.validate and driver == "splitgl" and ("validation=on" not in out or "validation_errors=0" not in out):
            bad.append("window_scene under SPLITGL_VALIDATE=1: validation off or errors reported")
    return bad


def check_window_refused(args, display):
    """splitgl on a server without VK_KHR_swapchain (SPLITGL_MAGMA_HIDE=wsi): refused, with
    the WARN line saying why."""
    rc, out = run([args.scene, "refused"],
                  driver_env(display, "splitgl", args.splitgl_json, {"SPLITGL_MAGMA_HIDE": "wsi"}), 55)
    bad = []
    if rc != 0 or "PASS" not in out:
        bad.append(f"window_scene refused: exit {rc}")
    if "lacks VK_KHR_swapchain" not in out:
        bad.append("no WARN line naming the missing VK_KHR_swapchain")
    return bad


def check_glmark2(args, display):
    if not shutil.which("glmark2-es2"):
        skip("glmark2-es2 (Debian glmark2-es2-x11) is not installed")
    return with_tcp(args, lambda tcp: check_glmark2_on(args, display, tcp))


def check_glmark2_on(args, display, tcp):
    cmd = ["glmark2-es2", "-s", "400x300", "-b", "build:duration=1", "-b", "texture:duration=1",
           "-b", "shading:duration=1", "-b", "bump:duration=1"]
    if args.offscreen:
        cmd.append("--off-screen")
    bad, scores = [], {}
    for driver in ("splitgl", "llvmpipe"):
        rc, out = run(cmd, driver_env(display, driver, args.splitgl_json, tcp if driver == "splitgl" else {}), 55)
        m = re.search(r"glmark2 Score: (\d+)", out)
        scenes = len(re.findall(r"^\[\w+\] .*FPS: \d+", out, re.MULTILINE))
        scores[driver] = int(m.group(1)) if m else None
        errs = error_lines(out)
        if rc != 0 or not m or scores[driver] <= 0 or scenes != 4 or errs:
            bad.append(f"glmark2-es2 on {driver}: exit {rc}, score {scores[driver]}, {scenes}/4 scenes, "
                       f"error lines {errs[:3]}")
    print(f"glmark2-es2 {'--off-screen ' if args.offscreen else ''}score: splitgl {scores['splitgl']}, "
          f"llvmpipe {scores['llvmpipe']}")
    return bad


def check_es2gears(args, display):
    if not shutil.which("es2gears_x11"):
        skip("es2gears_x11 (Debian mesa-utils-bin) is not installed")
    bad = []
    for driver in ("splitgl", "llvmpipe"):
        env = driver_env(display, driver, args.splitgl_json, {})
        cmd = ["stdbuf", "-oL", "es2gears_x11"]
        print("$ " + " ".join(cmd), flush=True)
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines, frames = [], []
        deadline = time.time() + 40
        # es2gears prints "N frames in 5.0 seconds" every 5 s: wait for two reports.
        while len(frames) < 2 and time.time() < deadline:
            line = p.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip())
            m = re.match(r"(\d+) frames in", line)
            if m:
                frames.append(int(m.group(1)))
        sent = subprocess.run([args.key, "es2gears", "Escape"], env=env).returncode == 0
        try:
            rest, _ = p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            rest, _ = p.communicate()
            bad.append(f"es2gears_x11 on {driver}: did not exit on Escape")
        lines += rest.splitlines()
        print("\n".join(lines), flush=True)
        errs = error_lines("\n".join(lines))
        if len(frames) < 2 or min(frames) <= 0 or not sent or p.returncode != 0 or errs:
            bad.append(f"es2gears_x11 on {driver}: frame reports {frames}, Escape sent {sent}, exit {p.returncode}, "
                       f"error lines {errs[:3]}")
        print(f"es2gears_x11 on {driver}: frames per 5 s {frames}", flush=True)
    return bad


GST_ENV = {"GST_GL_PLATFORM": "egl", "GST_GL_WINDOW": "x11", "GST_GL_API": "gles2"}


def check_gstreamer(args, display):
    """GStreamer GL: glimagesink shows 30 frames in an X window (EOS, no error line), and
    gldownload's frames (I420 -> RGBA by glcolorconvert's shader, read back through a pack
    buffer and a fence) equal llvmpipe's within 1 per channel."""
    if not shutil.which("gst-launch-1.0") or subprocess.run(
            ["gst-inspect-1.0", "glimagesink"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode:
        skip("gst-launch-1.0 or glimagesink (Debian gstreamer1.0-tools, gstreamer1.0-gl) is not installed")
    bad, frames = [], {}
    for driver in ("splitgl", "llvmpipe"):
        env = driver_env(display, driver, args.splitgl_json,
                         dict(GST_ENV, GST_REGISTRY=os.path.join(args.out_dir, "gst-registry.bin")))
        rc, out = run(["gst-launch-1.0", "videotestsrc", "num-buffers=30", "!", "glimagesink"], env, 55)
        errs = error_lines(out)
        if rc != 0 or "Got EOS" not in out or errs:
            bad.append(f"glimagesink on {driver}: exit {rc}, error lines {errs[:3]}")
        path = os.path.join(args.out_dir, f"gldownload-{driver}.raw")
        rc, out = run(["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=5", "!",
                       "video/x-raw,format=I420,width=160,height=120", "!", "glupload", "!", "glcolorconvert",
                       "!", "gldownload", "!", "video/x-raw,format=RGBA", "!", "filesink", f"location={path}"],
                      env, 55)
        frames[driver] = open(path, "rb").read() if rc == 0 and os.path.exists(path) else b""
        if rc != 0 or error_lines(out):
            bad.append(f"gldownload on {driver}: exit {rc}")
    a, b = frames["splitgl"], frames["llvmpipe"]
    want = 5 * 160 * 120 * 4
    if len(a) != want or len(b) != want:
        bad.append(f"gldownload: {len(a)} bytes on splitgl, {len(b)} on llvmpipe, want {want}")
    else:
        worst = max(abs(x - y) for x, y in zip(a, b))
        print(f"gldownload: {sum(1 for x, y in zip(a, b) if x != y)} of {want} bytes differ, at most by {worst}")
        if worst > 1 or len(set(a)) < 8:
            bad.append(f"gldownload frames differ from llvmpipe's by up to {worst} (or are blank)")
    return bad


def pnm_frames(data):
    """The frames of eglretrace's `-s -` stream: (label, w, h, rgb bytes)."""
    i, out = 0, []
    while i < len(data):
        lines = []
        while len(lines) < 4:
            j = data.index(b"\n", i)
            lines.append(data[i:j])
            i = j + 1
        if lines[0] != b"P6":
            raise ValueError("not a P6 stream")
        w, h = map(int, lines[2].split())
        out.append((lines[1].decode(), w, h, data[i:i + w * h * 3]))
        i += w * h * 3
    return out


def check_apitrace(args, display):
    """apitrace: a short glmark2-es2 trace recorded on llvmpipe, replayed by eglretrace on
    both drivers; every 20th frame's snapshot equal (within 2 per channel) and not blank."""
    for tool in ("apitrace", "eglretrace", "glmark2-es2"):
        if not shutil.which(tool):
            skip(f"{tool} (Debian apitrace, apitrace-tracers, glmark2-es2-x11) is not installed")
    trace = os.path.join(args.out_dir, "glmark2-es2.trace")
    if os.path.exists(trace):
        os.remove(trace)
    rc, out = run(["apitrace", "trace", "-a", "egl", "-o", trace, "glmark2-es2", "-s", "160x120",
                   "-b", "build:duration=0.5", "-b", "texture:duration=0.5", "-b", "shading:duration=0.5"],
                  driver_env(display, "llvmpipe", args.splitgl_json, {}), 55)
    if rc != 0 or not os.path.exists(trace):
        return [f"recording the trace on llvmpipe: exit {rc}"]
    snaps, bad = {}, []
    for driver in ("splitgl", "llvmpipe"):
        env = driver_env(display, driver, args.splitgl_json, {})
        print(f"$ eglretrace --snapshot-interval=20 -s - {trace}  ({driver})", flush=True)
        p = subprocess.run(["eglretrace", "--snapshot-interval=20", "-s", "-", trace], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=55)
        err = p.stderr.decode(errors="replace")
        print(err[-2000:], flush=True)
        try:
            snaps[driver] = pnm_frames(p.stdout)
        except ValueError as e:
            snaps[driver] = []
            bad.append(f"eglretrace on {driver}: {e}")
        if p.returncode != 0 or error_lines(err):
            bad.append(f"eglretrace on {driver}: exit {p.returncode}, error lines {error_lines(err)[:3]}")
    a, b = snaps["splitgl"], snaps["llvmpipe"]
    if not a or len(a) != len(b):
        return bad + [f"eglretrace snapshots: {len(a)} on splitgl, {len(b)} on llvmpipe"]
    differ = 0
    for (la, wa, ha, pa), (lb, wb, hb, pb) in zip(a, b):
        worst = max((abs(x - y) for x, y in zip(pa, pb)), default=0) if (wa, ha) == (wb, hb) else 255
        differ += worst > 2
        if worst > 2:
            print(f"snapshot {la}: differs by up to {worst}")
    blank = sum(1 for _, _, _, px in a if len(set(px)) < 4)
    print(f"eglretrace: {len(a)} snapshots, {differ} differ from llvmpipe's beyond 2, {blank} blank on splitgl")
    if differ or blank == len(a):
        bad.append(f"eglretrace snapshots: {differ} of {len(a)} differ, {blank} blank")
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", required=True, choices=["window", "window-refused", "glmark2", "es2gears", "gstreamer", "apitrace"])
    ap.add_argument("--splitgl-json", required=True)
    ap.add_argument("--scene")
    ap.add_argument("--key")
    ap.add_argument("--offscreen", action="store_true")
    ap.add_argument("--validate", action="store_true")
    ap.add_argument("--out-dir", default=".")
    ap.add_argument("--tcp-server")
    args = ap.parse_args()
    if not shutil.which("Xvfb"):
        skip("Xvfb (Debian xvfb) is not installed")
    with Xvfb() as x:
        print(f"Xvfb on {x.display}", flush=True)
        checks = {"window": check_window, "window-refused": check_window_refused, "glmark2": check_glmark2,
                  "es2gears": check_es2gears, "gstreamer": check_gstreamer, "apitrace": check_apitrace}
        bad = checks[args.check](args, x.display)
        if x.gone():
            bad.append(x.gone())
    for b in bad:
        print("FAIL: " + b)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
