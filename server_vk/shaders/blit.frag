#version 450
// Magma internal: one glBlitFramebuffer colour rectangle as a draw (blit.c), built once per
// numeric class (SAMPLER / CTYPE: float, signed, unsigned integer). The destination pixel
// centre maps to the source through GL's rectangles: s = gl_FragCoord.xy * map.xy + map.zw
// in source texels (image row 0 is GL's bottom row, so window and image coordinates agree).
// NEAREST takes the texel holding s; LINEAR filters at s (float formats only).
layout(set = 0, binding = 0) uniform SAMPLER src;
layout(push_constant) uniform PC {
   vec4 map;
   vec2 size;    // the source level's extent in texels
   int linear;
} pc;
layout(location = 0) out CTYPE o;
void main()
{
   vec2 s = gl_FragCoord.xy * pc.map.xy + pc.map.zw;
#if LINEAR_OK
   if (pc.linear == 1) { // the device filters the format: its own LINEAR sampler
      o = textureLod(src, s / pc.size, 0.0);
      return;
   }
   if (pc.linear == 2) { // it does not (e.g. 32-bit float): four fetches, clamped to the edge
      vec2 c = s - 0.5;
      vec2 f = floor(c);
      vec2 w = c - f;
      ivec2 i = ivec2(f), mx = ivec2(pc.size) - 1;
      CTYPE t00 = texelFetch(src, clamp(i, ivec2(0), mx), 0);
      CTYPE t10 = texelFetch(src, clamp(i + ivec2(1, 0), ivec2(0), mx), 0);
      CTYPE t01 = texelFetch(src, clamp(i + ivec2(0, 1), ivec2(0), mx), 0);
      CTYPE t11 = texelFetch(src, clamp(i + ivec2(1, 1), ivec2(0), mx), 0);
      o = mix(mix(t00, t10, w.x), mix(t01, t11, w.x), w.y);
      return;
   }
#endif
   ivec2 t = clamp(ivec2(floor(s)), ivec2(0), ivec2(pc.size) - 1);
   o = texelFetch(src, t, 0);
}
