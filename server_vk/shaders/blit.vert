#version 450
// Magma internal: the clipped destination rectangle of a draw-based blit (blit.c) as a
// triangle strip, corners in NDC from the push constant (an exact rectangle rather than a
// scissored fullscreen triangle: lavapipe's multisampled scissor lets edge samples through).
layout(push_constant) uniform PC {
   layout(offset = 32) vec4 rect; // x0, y0, x1, y1 in NDC
} pc;
void main()
{
   vec2 t = vec2(gl_VertexIndex & 1, gl_VertexIndex >> 1);
   gl_Position = vec4(mix(pc.rect.xy, pc.rect.zw, t), 0.0, 1.0);
}
