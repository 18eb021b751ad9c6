#!/usr/bin/env python3
"""Differential render comparator for splitgl's scenes (tests/scenes/README.md).

Modes:
  compare (default)  run a scene on the oracle (Mesa llvmpipe through its glvnd vendor JSON) and
                     on splitgl (its vendor JSON), compare the two images.
  --selfcheck        run every scene of a manifest on the oracle twice; the images must be
                     identical and not blank.
  --to-png IN OUT    convert a PAM written by a scene into a PNG (for looking at it).

--tcp-port-file F runs splitgl over the tcp transport against the server whose port F holds
(tests/tcp/tcp_server.py starts one for the scene lane).

Environment:
  SPLITGL_SCENE_ORACLE_ONLY=1   compare mode runs only the oracle (and checks that it succeeds).

A splitgl run fails when it exits non-zero, times out, when its SPLITGL_STATS line reports work
the server declined (skipped=N, N > 0) or has no such line, or -- when SPLITGL_VALIDATE=1 is in
its environment -- when its stderr contains "VALIDATION ERROR".
Python 3 standard library only.
"""
import argparse
import concurrent.futures
import os
import re
import struct
import subprocess
import sys
import zlib

ORACLE_JSON = "/usr/share/glvnd/egl_vendor.d/50_mesa.json"
VALIDATION_MARK = "VALIDATION ERROR"


# ---- images ------------------------------------------------------------------------------------

class Image:
    def __init__(self, width, height, data):
        self.width, self.height, self.data = width, height, data  # RGBA, rows top to bottom

    def pixel(self, x, y):
        o = (y * self.width + x) * 4
        return tuple(self.data[o:o + 4])


def read_pam(path):
    with open(path, "rb") as f:
        blob = f.read()
    end = blob.find(b"ENDHDR\n")
    if not blob.startswith(b"P7\n") or end < 0:
        raise ValueError(f"{path}: not a PAM (P7) file")
    fields = {}
    for line in blob[3:end].decode("ascii").splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.partition(" ")
            fields[key] = value.strip()
    w, h = int(fields["WIDTH"]), int(fields["HEIGHT"])
    if int(fields["DEPTH"]) != 4 or int(fields["MAXVAL"]) != 255:
        raise ValueError(f"{path}: expected DEPTH 4 MAXVAL 255")
    data = blob[end + 7:]
    if len(data) != w * h * 4:
        raise ValueError(f"{path}: {len(data)} pixel bytes, expected {w * h * 4}")
    return Image(w, h, data)


def write_pam(path, img):
    with open(path, "wb") as f:
        f.write(b"P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
                % (img.width, img.height))
        f.write(img.data)


def write_png(path, img, opaque=True):
    """RGBA PNG; opaque=True forces alpha to 255 so the colour channels are visible."""
    raw = bytearray()
    stride = img.width * 4
    for y in range(img.height):
        raw.append(0)
        row = bytearray(img.data[y * stride:(y + 1) * stride])
        if opaque:
            row[3::4] = b"\xff" * img.width
        raw += row

    def chunk(tag, body):
        c = struct.pack(">I", len(body)) + tag + body
        return c + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", img.width, img.height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(bytes(raw), 6)))
        f.write(chunk(b"IEND", b""))


def scale_image(img, n):
    if n <= 1:
        return img
    out = bytearray()
    for y in range(img.height):
        row = bytearray()
        for x in range(img.width):
            row += img.data[(y * img.width + x) * 4:(y * img.width + x) * 4 + 4] * n
        out += bytes(row) * n
    return Image(img.width * n, img.height * n, bytes(out))


def compare_images(a, b, tolerance):
    """Returns (list of (x, y, max_channel_diff), diff image)."""
    if (a.width, a.height) != (b.width, b.height):
        raise ValueError(f"size differs: {a.width}x{a.height} vs {b.width}x{b.height}")
    bad = []
    diff = bytearray(len(a.data))
    da, db = a.data, b.data
    for i in range(0, len(da), 4):
        d = max(abs(da[i] - db[i]), abs(da[i + 1] - db[i + 1]),
                abs(da[i + 2] - db[i + 2]), abs(da[i + 3] - db[i + 3]))
        if d > tolerance:
            p = i // 4
            bad.append((p % a.width, p // a.width, d))
            diff[i:i + 4] = bytes((min(255, 128 + d), 0, 0, 255))
        else:
            # Matching pixels: a dim grey of the oracle, so the picture stays recognisable.
            g = (da[i] * 3 + da[i + 1] * 6 + da[i + 2]) // 40
            diff[i:i + 4] = bytes((g, g, g, 255))
    return bad, Image(a.width, a.height, bytes(diff))


# ---- running -----------------------------------------------------------------------------------

def parse_env(pairs):
    env = {}
    for p in pairs or []:
        key, sep, value = p.partition("=")
        if not sep:
            raise SystemExit(f"bad env assignment '{p}' (want KEY=VALUE)")
        env[key] = value
    return env


def oracle_env(scene_env):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("SPLITGL_") and k != "__EGL_VENDOR_LIBRARY_DIRS"}
    env.update(scene_env)
    env["__EGL_VENDOR_LIBRARY_FILENAMES"] = ORACLE_JSON
    env["LIBGL_ALWAYS_SOFTWARE"] = "1"
    env["GALLIUM_DRIVER"] = "llvmpipe"
    # Sanitizer builds: the oracle's leaks are Mesa's, not ours, and LeakSanitizer cannot
    # always stop llvmpipe's threads at exit. Checking splitgl's run is what matters.
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")
    return env


def splitgl_env(json_path, scene_env, extra_env):
    env = {k: v for k, v in os.environ.items() if k != "__EGL_VENDOR_LIBRARY_DIRS"}
    env.update(scene_env)
    env.update(extra_env)
    env["__EGL_VENDOR_LIBRARY_FILENAMES"] = json_path
    # The stats line carries the server's count of declined work (and, under
    # SPLITGL_VALIDATE=1, of validation errors).
    env["SPLITGL_STATS"] = "1"
    return env


class RunResult:
    def __init__(self, label, ok, why, stderr, image):
        self.label, self.ok, self.why, self.stderr, self.image = label, ok, why, stderr, image


def run_one(label, scene, out_path, env, timeout, validate=False, splitgl=False):
    if os.path.exists(out_path):
        os.unlink(out_path)
    try:
        proc = subprocess.run([scene, out_path], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        err = (e.stderr or b"").decode("utf-8", "replace")
        return RunResult(label, False, f"timed out after {timeout} s", err, None)
    err = proc.stderr.decode("utf-8", "replace") + proc.stdout.decode("utf-8", "replace")
    if proc.returncode != 0:
        return RunResult(label, False, f"exit status {proc.returncode}", err, None)
    if validate and VALIDATION_MARK in err:
        n = err.count(VALIDATION_MARK)
        return RunResult(label, False, f"{n} '{VALIDATION_MARK}' line(s) under SPLITGL_VALIDATE=1",
                         err, None)
    if validate:
        # The stats line (SPLITGL_STATS=1 is set for validate runs) carries the server's count of
        # validation messages at error severity: it must be there and say 0.
        counts = [int(n) for n in re.findall(r"validation_errors=(\d+)", err)]
        if not counts:
            return RunResult(label, False, "no stats line with validation_errors under "
                             "SPLITGL_VALIDATE=1", err, None)
        if any(counts):
            return RunResult(label, False, f"validation_errors={max(counts)} under SPLITGL_VALIDATE=1",
                             err, None)
        # A lane whose layer did not load proves nothing: it fails.
        if "validation=on" not in err:
            return RunResult(label, False, "SPLITGL_VALIDATE=1 but the validation layer is not active "
                             "(stats line says validation=off)", err, None)
    if splitgl:
        # Nothing may be skipped: every draw and record the server got was executed (lowered
        # where the device lacks a feature). One stats line per context.
        counts = [int(n) for n in re.findall(r"\bskipped=(\d+)", err)]
        if not counts:
            return RunResult(label, False, "no SPLITGL_STATS line with skipped=", err, None)
        if any(counts):
            return RunResult(label, False, f"skipped={max(counts)}: the server declined work",
                             err, None)
    try:
        img = read_pam(out_path)
    except (OSError, ValueError, KeyError) as e:
        return RunResult(label, False, f"bad output image: {e}", err, None)
    return RunResult(label, True, "", err, img)


def report_failure(results):
    for r in results:
        status = "ok" if r.ok else f"FAILED ({r.why})"
        print(f"--- {r.label}: {status}; stderr:")
        print(r.stderr.rstrip() or "(empty)")


def is_blank(img):
    first = img.data[0:4]
    return all(img.data[i:i + 4] == first for i in range(0, len(img.data), 4))


def dump_mismatch(out_dir, stem, oracle, other, diff, other_label):
    paths = []
    for suffix, img in (("oracle", oracle), (other_label, other), ("diff", diff)):
        base = os.path.join(out_dir, f"{stem}_{suffix}")
        write_pam(base + ".pam", img)
        write_png(base + ".png", img)
        paths.append(base + ".png")
    return paths


def print_mismatches(bad, oracle, other, other_label, tolerance, max_mismatch, limit=10):
    print(f"{len(bad)} pixel(s) differ by more than {tolerance} per channel "
          f"(allowed: {max_mismatch}); worst difference {max(d for _, _, d in bad)}")
    for x, y, d in bad[:limit]:
        print(f"  ({x},{y}) [row 0 = top]  oracle {oracle.pixel(x, y)}  "
              f"{other_label} {other.pixel(x, y)}  diff {d}")


def cmd_compare(args):
    scene_env = parse_env(args.scene_env)
    extra_env = parse_env(args.env)
    if args.tcp_port_file:
        with open(args.tcp_port_file) as f:
            extra_env["SPLITGL_TRANSPORT"] = "tcp:127.0.0.1:%d" % int(f.read().strip())
    out_dir = os.path.join(args.out_dir, args.name, args.tag)
    os.makedirs(out_dir, exist_ok=True)
    stem = f"{args.name}_{args.tag}"

    oracle = run_one("oracle (llvmpipe)", args.scene, os.path.join(out_dir, stem + "_oracle_raw.pam"),
                     oracle_env(scene_env), args.timeout)
    if os.environ.get("SPLITGL_SCENE_ORACLE_ONLY") == "1":
        if not oracle.ok:
            report_failure([oracle])
            return 1
        if is_blank(oracle.image):
            print(f"{stem}: the oracle image is a single colour (blank scene)")
            return 1
        print(f"{stem}: oracle-only run ok ({oracle.image.width}x{oracle.image.height}); "
              "splitgl not run (SPLITGL_SCENE_ORACLE_ONLY=1)")
        return 0

    if not os.path.isfile(args.splitgl_json):
        report_failure([oracle])
        print(f"{stem}: splitgl vendor JSON {args.splitgl_json} does not exist (build the icd "
              "target, or set SPLITGL_SCENE_ORACLE_ONLY=1 to run the oracle alone)")
        return 1
    run_env = splitgl_env(args.splitgl_json, scene_env, extra_env)
    validate = run_env.get("SPLITGL_VALIDATE") == "1"
    splitgl = run_one("splitgl" + (" " + " ".join(args.env) if args.env else ""), args.scene,
                      os.path.join(out_dir, stem + "_splitgl_raw.pam"), run_env, args.timeout,
                      validate, splitgl=True)
    if not oracle.ok or not splitgl.ok:
        report_failure([oracle, splitgl])
        return 1

    try:
        bad, diff = compare_images(oracle.image, splitgl.image, args.tolerance)
    except ValueError as e:
        report_failure([oracle, splitgl])
        print(f"{stem}: {e}")
        return 1
    if len(bad) > args.max_mismatch:
        print_mismatches(bad, oracle.image, splitgl.image, "splitgl", args.tolerance,
                         args.max_mismatch)
        paths = dump_mismatch(out_dir, stem, oracle.image, splitgl.image, diff, "splitgl")
        print("images: " + " ".join(paths))
        report_failure([oracle, splitgl])
        return 1
    print(f"{stem}: match ({len(bad)} pixel(s) beyond tolerance {args.tolerance}, "
          f"allowed {args.max_mismatch})")
    if splitgl.stderr.strip():
        print("--- splitgl stderr:\n" + splitgl.stderr.rstrip())
    return 0


def read_manifest(path):
    """Lines: name<TAB>binary<TAB>scene-env (space-separated KEY=VALUE, may be empty)."""
    scenes = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            env = parts[2].split() if len(parts) > 2 else []
            scenes.append((parts[0], parts[1], env))
    return scenes


def selfcheck_runs(scene, args):
    """Runs one scene twice on the oracle: (first, second)."""
    name, binary, env_pairs = scene
    out_dir = os.path.join(args.out_dir, name, "selfcheck")
    os.makedirs(out_dir, exist_ok=True)
    env = oracle_env(parse_env(env_pairs))
    first = run_one("oracle run 1", binary, os.path.join(out_dir, name + "_run1.pam"), env,
                    args.timeout)
    second = run_one("oracle run 2", binary, os.path.join(out_dir, name + "_run2.pam"), env,
                     args.timeout)
    return first, second


def cmd_selfcheck(args):
    failures = 0
    scenes = read_manifest(args.manifest)
    if not scenes:
        print("manifest lists no scenes")
        return 1
    # Two scenes run at a time (separate processes; the verdicts below are printed in order):
    # the manifest is over a hundred llvmpipe runs, and CI has two cores.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(lambda sc: selfcheck_runs(sc, args), scenes))
    for (name, _, _), (first, second) in zip(scenes, runs):
        out_dir = os.path.join(args.out_dir, name, "selfcheck")
        if not first.ok or not second.ok:
            print(f"FAIL {name}: the oracle run failed")
            report_failure([first, second])
            failures += 1
            continue
        if is_blank(first.image):
            print(f"FAIL {name}: the image is a single colour (blank scene)")
            failures += 1
            continue
        bad, diff = compare_images(first.image, second.image, 0)
        if bad:
            print(f"FAIL {name}: the oracle is not deterministic")
            print_mismatches(bad, first.image, second.image, "run2", 0, 0)
            dump_mismatch(out_dir, name, first.image, second.image, diff, "run2")
            failures += 1
            continue
        write_png(os.path.join(out_dir, name + ".png"), first.image)
        print(f"ok   {name} ({first.image.width}x{first.image.height}, deterministic)")
    print(f"{len(scenes) - failures}/{len(scenes)} scenes deterministic on the oracle")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scene", help="scene binary (compare mode)")
    ap.add_argument("--name", help="scene name (compare mode)")
    ap.add_argument("--tag", default="run", help="subfolder/suffix for this test's outputs")
    ap.add_argument("--out-dir", default="scene-out")
    ap.add_argument("--splitgl-json", default="build/icd/50_splitgl.json")
    ap.add_argument("--tolerance", type=int, default=1,
                    help="max per-channel absolute difference (default 1)")
    ap.add_argument("--max-mismatch", type=int, default=0,
                    help="pixels allowed beyond the tolerance (default 0)")
    ap.add_argument("--timeout", type=float, default=50.0, help="seconds per scene run")
    ap.add_argument("--scene-env", action="append", default=[], metavar="KEY=VALUE",
                    help="environment for both runs (e.g. EGL_PLATFORM=surfaceless)")
    ap.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                    help="extra environment for the splitgl run only")
    ap.add_argument("--tcp-port-file", metavar="FILE",
                    help="splitgl over the tcp transport: the port a running splitgl-server --listen "
                         "127.0.0.1:0 wrote to FILE (sets SPLITGL_TRANSPORT=tcp:127.0.0.1:PORT)")
    ap.add_argument("--selfcheck", action="store_true")
    ap.add_argument("--manifest", help="scene manifest (selfcheck mode)")
    ap.add_argument("--to-png", nargs=2, metavar=("IN_PAM", "OUT_PNG"))
    ap.add_argument("--scale", type=int, default=1, help="--to-png: enlarge N times (nearest)")
    args = ap.parse_args()

    if args.to_png:
        write_png(args.to_png[1], scale_image(read_pam(args.to_png[0]), args.scale))
        return 0
    if args.selfcheck:
        if not args.manifest:
            ap.error("--selfcheck needs --manifest")
        return cmd_selfcheck(args)
    if not args.scene or not args.name:
        ap.error("compare mode needs --scene and --name")
    return cmd_compare(args)


if __name__ == "__main__":
    sys.exit(main())
