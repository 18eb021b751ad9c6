#!/bin/sh
# Installs the Debian 12 packages splitgl needs, by name. Idempotent: does nothing when all are
# present. Needs root (or sudo) only when something is missing.
set -e
# libegl1 libpng16-16 zlib1g libjsoncpp25: run-time needs of the prebuilt dEQP modules that
# cts_subset runs from ../shared/deqp (see its README). python3-moderngl python3-numpy: the
# moderngl application check (tests/apps); chromium: the headless WebGL2 check (tests/apps).
# libx11-dev libx11-xcb-dev libxcb1-dev: EGL on X11 (gl_front/egl_x11.c, server_vk/present.c);
# libxcb-shm0-dev: windows the client puts with MIT-SHM (tcp, SPLITGL_WINDOW_PRESENT=client);
# xvfb xauth glmark2-es2-x11 mesa-utils-bin gstreamer1.0-* apitrace*: the X11 application checks
# of tests/apps.
PKGS="cmake make gcc g++ pkg-config python3 libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers
glslang-dev glslang-tools spirv-tools spirv-headers libspirv-cross-c-shared-dev libglvnd-dev libegl-dev libgles-dev libopengl-dev
khronos-api libegl-mesa0 mesa-utils piglit
libegl1 libpng16-16 zlib1g libjsoncpp25
clang libclang-rt-14-dev
python3-moderngl python3-numpy chromium
libx11-dev libx11-xcb-dev libxcb1-dev libxcb-shm0-dev xvfb xauth glmark2-es2-x11 mesa-utils-bin
gstreamer1.0-tools gstreamer1.0-gl gstreamer1.0-plugins-base apitrace apitrace-tracers"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing:$missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends $missing
