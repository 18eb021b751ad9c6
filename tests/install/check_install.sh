#!/bin/sh
# Installs the build tree into a fresh prefix (not the configured one) and checks that
# libglvnd loads splitgl from the installed vendor JSON, found through the installed
# pkg-config file, on the spawn transport (splitgl-server installed beside the library).
#   check_install.sh BUILD_DIR WORK_DIR
set -eu
build=$1
prefix=$2/prefix
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name splitgl.pc | head -n 1)
[ -n "$pc" ] || { echo "no splitgl.pc installed"; exit 1; }
json=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --variable=vendor_json splitgl)
[ -f "$json" ] || { echo "vendor_json $json does not exist"; exit 1; }
grep -q "\"$prefix/" "$json" || { echo "the installed JSON does not name a library under $prefix:"; cat "$json"; exit 1; }
# eglinfo (Debian 12) walks every platform whatever -p says and exits with the number that
# failed: the X11 platform fails where no X display is reachable, as on Mesa.
out=$(__EGL_VENDOR_LIBRARY_FILENAMES=$json SPLITGL_TRANSPORT=spawn eglinfo -p surfaceless 2>&1 || true)
echo "$out" | grep -q "EGL vendor string: splitgl" || { echo "eglinfo did not load splitgl:"; echo "$out" | head -20; exit 1; }
echo "installed into $prefix; eglinfo loads splitgl from $json"
