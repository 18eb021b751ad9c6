#!/usr/bin/python3
"""Headless Chromium renders a WebGL2 page through ANGLE's OpenGL ES back end on EGL
(--use-angle=gl-egl) on splitgl and on Mesa llvmpipe (the vendor chosen with
__EGL_VENDOR_LIBRARY_FILENAMES), and the page's readPixels must agree.

    chromium_webgl2.py SPLITGL_JSON [MESA_JSON]     exit 0 pass, 1 fail, 77 skip

The page (webgl2_triangle.html) draws a triangle with a GLSL ES 3.00 program, reads the
64x64 canvas back and writes "RESULT renderer=... err=... hash=... centre=... corner=..." into
the DOM, which --dump-dom prints. Skipped (77) when chromium is not installed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(json_path, profile):
    env = dict(os.environ)
    env["__EGL_VENDOR_LIBRARY_FILENAMES"] = json_path
    env.pop("EGL_PLATFORM", None)
    cmd = [shutil.which("chromium"), "--headless=new", "--use-gl=angle", "--use-angle=gl-egl",
           "--enable-unsafe-swiftshader=false", "--ignore-gpu-blocklist", "--disable-gpu-sandbox",
           "--user-data-dir=" + profile, "--dump-dom", "file://" + os.path.join(HERE, "webgl2_triangle.html")]
    if os.geteuid() == 0:
        cmd.insert(1, "--no-sandbox")  # chromium refuses to run as root with its sandbox
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=90)
    except subprocess.TimeoutExpired:
        print("chromium on %s did not finish in 90 s" % json_path)
        return None
    m = re.search(r"RESULT renderer=(.*?) err=(\d+) hash=(\d+) centre=([\d,]+) corner=([\d,]+)", p.stdout)
    if not m:
        tail = "\n".join(l for l in p.stderr.splitlines() if "dbus" not in l)[-3000:]
        other = re.search(r"RESULT [^<]*", p.stdout)
        print("no result on %s (exit %d; page said: %s)\n%s" % (json_path, p.returncode,
                                                                other.group(0) if other else "nothing", tail))
        return None
    return m.groups()


def main():
    if not shutil.which("chromium"):
        print("SKIP: chromium is not installed")
        return 77
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    mesa_json = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/glvnd/egl_vendor.d/50_mesa.json"
    with tempfile.TemporaryDirectory(prefix="splitgl-chromium-") as tmp:
        ours = run(sys.argv[1], os.path.join(tmp, "splitgl"))
        ref = run(mesa_json, os.path.join(tmp, "mesa"))
    if not ours or not ref:
        print("FAIL")
        return 1
    print("splitgl:  renderer '%s' error %s hash %s centre %s corner %s" % ours)
    print("llvmpipe: renderer '%s' error %s hash %s centre %s corner %s" % ref)
    fails = 0
    if "splitgl" not in ours[0] or "splitgl" in ref[0]:
        print("FAIL: the runs did not use the vendors asked for")
        fails += 1
    if ours[1] != "0":
        print("FAIL: WebGL error %s on splitgl" % ours[1])
        fails += 1
    if ours[3] == ours[4]:
        print("FAIL: the triangle's centre has the clear colour: nothing drawn")
        fails += 1
    if ours[2:] != ref[2:]:
        print("FAIL: splitgl's pixels differ from llvmpipe's")
        fails += 1
    print("PASS" if not fails else "FAIL")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
