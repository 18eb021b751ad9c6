#version 450
// magma tests: position (xyz) + per-vertex color (or the constant attribute when absent).
layout(location = 0) in vec3 pos;
layout(location = 1) in vec4 col;
layout(location = 0) out vec4 v_col;
void main()
{
   v_col = col;
   gl_Position = vec4(pos, 1.0);
}
