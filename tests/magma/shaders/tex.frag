#version 450
// magma tests: default uniform block at binding 0, sampler 0 at binding 1 (spv_layout.h).
layout(set = 0, binding = 0) uniform DefaultBlock { vec4 tint; float lod; } u;
layout(set = 0, binding = 1) uniform sampler2D tex;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o;
void main() { o = textureLod(tex, v_uv, u.lod) * u.tint; }
