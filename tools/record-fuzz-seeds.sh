#!/bin/sh
# Re-records the record seeds of the fuzz targets (tests/fuzz/corpus/records/<scene>) from the
# scene programs of a build, so that the seeds carry the current protocol revision's payloads
# (a payload that changes size makes the old seeds' records fail their shape check early).
#
#   tools/record-fuzz-seeds.sh [BUILD]        (default: build)
#
# Each scene runs once on the spawn transport with SPLITGL_TEST_RECORD_SESSION (the server
# writes every record it applies, with the staged bytes it read, in the fuzz input format);
# the largest session file a scene leaves becomes its seed. Seeds named found_* (inputs of
# fixed findings) are left as they are.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src/build}" && pwd)
out="$src/tests/fuzz/corpus/records"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for seed in "$out"/*; do
   name=$(basename "$seed")
   case $name in found_*) continue ;; esac
   scene="$build/tests/scenes/scene_$name"
   [ -x "$scene" ] || { echo "record-fuzz-seeds: no scene program for $name" >&2; exit 1; }
   mkdir "$tmp/$name"
   __EGL_VENDOR_LIBRARY_FILENAMES="$build/icd/50_splitgl.json" SPLITGL_TRANSPORT=spawn \
      SPLITGL_TEST_RECORD_SESSION="$tmp/$name/s" "$scene" "$tmp/$name/out.png" >/dev/null 2>&1 ||
      { echo "record-fuzz-seeds: scene $name failed" >&2; exit 1; }
   best=$(ls -S "$tmp/$name"/s.* 2>/dev/null | head -1)
   [ -n "$best" ] || { echo "record-fuzz-seeds: $name recorded nothing" >&2; exit 1; }
   cp "$best" "$seed"
   echo "$name: $(wc -c < "$seed") bytes"
done
