#!/bin/sh
# Runs every scene binary of a bundle on a machine without the build (the NVIDIA device:
# README "Espryt and Magma on an NVIDIA H200"), on Espryt (the host's own GLES as the host) and
# on Magma (the host's Vulkan), writing each scene's image and log under $OUT/<server>/; the
# images are compared with llvmpipe's back here by tools/compare-scene-images.py.
#
#   BUNDLE/icd/libEGL_splitgl.so.0, BUNDLE/icd/splitgl-server, BUNDLE/scenes/scene_*,
#   BUNDLE/lib/ (libraries the machine lacks), GLDEBS/*.deb (libglvnd, the Vulkan loader: unpacked
#   into / first, as the device README says)
#
# tools/device-scenes.sh BUNDLE GLDEBS [espryt] [magma]      (environment: OUT, TMO seconds)
bundle=$(cd "$1" && pwd) debs=$2
shift 2
servers=${*:-espryt magma}
for f in "$debs"/*.deb; do dpkg -x "$f" /; done
ldconfig
NV=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f $NV ] || NV=/usr/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] &&
   export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
chmod +x "$bundle"/icd/* "$bundle"/scenes/*
printf '{"file_format_version":"1.0.0","ICD":{"library_path":"%s/icd/libEGL_splitgl.so.0"}}\n' "$bundle" >/tmp/sgl.json
export LD_LIBRARY_PATH="$bundle/lib" EGL_PLATFORM=surfaceless
for server in $servers; do
   mkdir -p "$OUT/$server"
   # Espryt must not share the host vendor with the application's libglvnd: the app sees
   # splitgl alone and Espryt finds NVIDIA's vendor in the folder; Magma on NVIDIA's Vulkan
   # needs NVIDIA's EGL vendor loaded beside splitgl's
   files=/tmp/sgl.json
   [ "$server" = magma ] && files=/tmp/sgl.json:$NV
   for s in "$bundle"/scenes/scene_*; do
      n=$(basename "$s" | sed 's/^scene_//')
      SPLITGL_LOG_LEVEL=3 SPLITGL_SERVER=$server SPLITGL_TRANSPORT=inproc __EGL_VENDOR_LIBRARY_FILENAMES=$files \
         __EGL_VENDOR_LIBRARY_DIRS=$(dirname $NV) timeout "${TMO:-60}" "$s" "$OUT/$server/$n.pam" >"$OUT/$server/$n.log" 2>&1
      echo "$server $n rc=$?"
   done
done | tee "$OUT/summary.txt" | grep -v "rc=0$"
for server in $servers; do
   echo "$server: $(grep -c "^$server .*rc=0$" "$OUT/summary.txt") scenes exited 0 of $(grep -c "^$server " "$OUT/summary.txt")"
done
