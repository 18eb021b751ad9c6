#!/usr/bin/env python3
"""Compares scene images made elsewhere (tools/device-scenes.sh on the NVIDIA device) with
llvmpipe's here, each with the tolerance and mismatch allowance its ctest lane registers
(tests/scenes/CMakeLists.txt). Run from the repository root with a configured build/:

    tools/compare-scene-images.py DIR [--build build] [--work /tmp/scene-oracle]

DIR holds NAME.pam per scene. Prints one line per scene (match / DIFF n px / ERR) and a count.
Python 3 standard library only."""
import argparse
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'scenes'))
import run_scene  # noqa: E402


def registered_args(build):
    """Per scene: (tolerance, max mismatch, [--scene-env ...]) from its monolith lane."""
    out = subprocess.run(['ctest', '-N', '-V'], cwd=build, capture_output=True, text=True).stdout
    args = {}
    for line in out.splitlines():
        if 'run_scene.py' not in line or '"--tag" "monolith"' not in line:
            continue
        words = shlex.split(line.split('Test command:', 1)[1])
        name = words[words.index('--name') + 1]
        scene_env = []
        for i, w in enumerate(words):
            if w == '--scene-env':
                scene_env += ['--scene-env', words[i + 1]]
        args[name] = (int(words[words.index('--tolerance') + 1]), int(words[words.index('--max-mismatch') + 1]),
                      scene_env)
    return args


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--build', default='build')
    ap.add_argument('--work', default='/tmp/scene-oracle')
    a = ap.parse_args()
    args = registered_args(a.build)
    matched = total = 0
    for f in sorted(os.listdir(a.dir)):
        if not f.endswith('.pam'):
            continue
        name, total = f[:-4], total + 1
        tol, allowed, scene_env = args.get(name, (1, 0, []))
        oracle = os.path.join(a.work, name, 'run', name + '_run_oracle_raw.pam')
        if not os.path.exists(oracle):
            subprocess.run([sys.executable, os.path.join(os.path.dirname(run_scene.__file__), 'run_scene.py'),
                            '--scene', os.path.join(a.build, 'tests', 'scenes', 'scene_' + name), '--name', name,
                            '--out-dir', a.work, '--splitgl-json', os.path.join(a.build, 'icd', '50_splitgl.json')]
                           + scene_env, env=dict(os.environ, SPLITGL_SCENE_ORACLE_ONLY='1'), capture_output=True)
        try:
            bad, _ = run_scene.compare_images(run_scene.read_pam(oracle), run_scene.read_pam(os.path.join(a.dir, f)),
                                              tol)
        except (OSError, ValueError) as e:
            print(f'{name} ERR {e}')
            continue
        if len(bad) <= allowed:
            matched += 1
            print(f'{name} match')
        else:
            print(f'{name} DIFF {len(bad)} px (tolerance {tol}, allowed {allowed}, largest {max(d for _, _, d in bad)})')
    print(f'{matched} of {total} match llvmpipe')


if __name__ == '__main__':
    main()
