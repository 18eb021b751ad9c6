#version 450
// magma tests: per-vertex position, per-instance offset (divisor 1) and color (divisor 1).
layout(location = 0) in vec2 pos;
layout(location = 1) in vec2 offset;
layout(location = 2) in vec4 col;
layout(location = 0) out vec4 v_col;
void main()
{
   v_col = col;
   gl_Position = vec4(pos + offset, 0.0, 1.0);
}
