#version 450
// magma tests: a cube sampler at binding 1; the face comes from the default block.
layout(set = 0, binding = 0) uniform DefaultBlock { vec4 dir; } u;
layout(set = 0, binding = 1) uniform samplerCube tex;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o;
void main() { o = texture(tex, u.dir.xyz); }
