#!/usr/bin/python3
"""moderngl on splitgl: a standalone EGL context renders a triangle into a framebuffer object
and reads it back, on splitgl and on Mesa's llvmpipe (each in its own process, the vendor
chosen with __EGL_VENDOR_LIBRARY_FILENAMES); the pixels must match.

    moderngl_triangle.py SPLITGL_JSON [MESA_JSON]   compare (exit 0 pass, 1 fail, 77 skip)
    moderngl_triangle.py --child                    render with the EGL vendor in the env

Both ways moderngl makes a headless EGL context are checked:
create_standalone_context(backend='egl') and create_context(standalone=True, backend='egl',
require=330). moderngl's EGL backend (glcontext) picks an EGL device
(EGL_EXT_device_enumeration, EGL_EXT_platform_device) and makes an OpenGL 3.3 core context.
"""
import os
import subprocess
import sys

W, H = 64, 48
MODES = ("standalone", "require330")

VS = """
#version 330 core
in vec2 in_pos;
in vec3 in_color;
out vec3 v_color;
uniform vec2 offset;
void main() {
    v_color = in_color;
    gl_Position = vec4(in_pos + offset, 0.0, 1.0);
}
"""
FS = """
#version 330 core
in vec3 v_color;
out vec4 f_color;
uniform float gain;
void main() {
    f_color = vec4(v_color * gain, 1.0);
}
"""


def child():
    import moderngl
    import numpy as np

    out = []
    for mode in MODES:
        if mode == "standalone":
            ctx = moderngl.create_standalone_context(backend="egl")
        else:
            ctx = moderngl.create_context(standalone=True, backend="egl", require=330)
        renderer = ctx.info["GL_RENDERER"]
        # moderngl's context set-up (ctx.info) asks for limits of later GL versions and
        # extensions a GL 3.3 context need not have (MAX_TEXTURE_MAX_ANISOTROPY,
        # MAX_VERTEX_ATTRIB_BINDINGS ...): INVALID_ENUM there is the spec's answer. Report it,
        # then require no error from the rendering itself.
        setup_err = ctx.error
        prog = ctx.program(vertex_shader=VS, fragment_shader=FS)
        prog["offset"].value = (0.05, -0.05)
        prog["gain"].value = 0.9
        verts = np.array([
            # x, y, r, g, b
            -0.8, -0.7, 1.0, 0.0, 0.0,
            0.7, -0.8, 0.0, 1.0, 0.0,
            0.0, 0.8, 0.0, 0.0, 1.0,
        ], dtype="f4")
        vbo = ctx.buffer(verts.tobytes())
        vao = ctx.vertex_array(prog, [(vbo, "2f 3f", "in_pos", "in_color")])
        fbo = ctx.simple_framebuffer((W, H), components=4)
        fbo.use()
        fbo.clear(0.1, 0.2, 0.3, 1.0)
        vao.render(moderngl.TRIANGLES)
        data = fbo.read(components=4, alignment=1)
        err = ctx.error
        out.append("%s|%s (set-up: %s)|%s|%s" % (mode, renderer, setup_err, err, data.hex()))
        ctx.release()
    print("\n".join(out))


def run(json_path):
    env = dict(os.environ)
    env["__EGL_VENDOR_LIBRARY_FILENAMES"] = json_path
    env.pop("EGL_PLATFORM", None)
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child"], env=env,
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        print("child on %s failed (%d):\n%s%s" % (json_path, p.returncode, p.stdout, p.stderr))
        return None
    if p.stderr.strip():
        print("stderr on %s:\n%s" % (json_path, p.stderr.strip()))
    res = {}
    for line in p.stdout.splitlines():
        parts = line.split("|")
        if len(parts) == 4:
            res[parts[0]] = (parts[1], parts[2], bytes.fromhex(parts[3]))
    return res


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child()
        return 0
    try:
        import moderngl  # noqa: F401
    except ImportError as e:
        print("SKIP: python3-moderngl is not installed (%s)" % e)
        return 77
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    splitgl_json = sys.argv[1]
    mesa_json = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/glvnd/egl_vendor.d/50_mesa.json"
    ours = run(splitgl_json)
    ref = run(mesa_json)
    if ours is None or ref is None:
        return 1
    fails = 0
    for mode in MODES:
        if mode not in ours or mode not in ref:
            print("FAIL %s: no result (splitgl %s, llvmpipe %s)" % (mode, mode in ours, mode in ref))
            fails += 1
            continue
        r_ours, e_ours, px_ours = ours[mode]
        r_ref, e_ref, px_ref = ref[mode]
        print("%s: splitgl renderer '%s' (error %s), llvmpipe renderer '%s' (error %s)" %
              (mode, r_ours, e_ours, r_ref, e_ref))
        if "splitgl" not in r_ours or "splitgl" in r_ref:
            print("FAIL %s: the runs did not use the vendors asked for" % mode)
            fails += 1
        if e_ours != "GL_NO_ERROR":
            print("FAIL %s: GL error %s on splitgl" % (mode, e_ours))
            fails += 1
        if len(px_ours) != W * H * 4 or len(px_ref) != W * H * 4:
            print("FAIL %s: read back %d / %d bytes" % (mode, len(px_ours), len(px_ref)))
            fails += 1
            continue
        # The triangle must be there: the clear colour (llvmpipe's corner pixel) on between a
        # quarter and three quarters of the pixels.
        bgpx = px_ref[0:4]
        bg = sum(1 for i in range(0, len(px_ours), 4) if px_ours[i:i + 4] == bgpx)
        if not (W * H // 4 < bg < W * H * 3 // 4):
            print("FAIL %s: %d background pixels of %d: no triangle?" % (mode, bg, W * H))
            fails += 1
        # Same rasterization rules and the same interpolation: a difference of at most 1 per
        # channel (rounding), and never a pixel covered on one side only.
        worst = 0
        differ = 0
        for i in range(0, len(px_ours), 4):
            d = max(abs(px_ours[i + k] - px_ref[i + k]) for k in range(4))
            worst = max(worst, d)
            differ += d > 1
        print("%s: %d pixels, %d differ by more than 1, largest difference %d" % (mode, W * H, differ, worst))
        if differ:
            print("FAIL %s: splitgl's pixels differ from llvmpipe's" % mode)
            fails += 1
    print("PASS" if not fails else "FAIL (%d)" % fails)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
