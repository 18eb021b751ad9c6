#version 450
// Magma internal: writes the clear colour to every colour output; write masks do the rest.
// Built three times (server_vk/CMakeLists.txt): CTYPE vec4 for float and normalized
// attachments, ivec4 for signed and uvec4 for unsigned integer ones; the push constant's
// bytes are the Clear record's words as they came.
#ifndef CTYPE
#define CTYPE vec4
#endif
layout(push_constant) uniform PC { CTYPE color; float depth; } pc;
layout(location = 0) out CTYPE o0;
layout(location = 1) out CTYPE o1;
layout(location = 2) out CTYPE o2;
layout(location = 3) out CTYPE o3;
layout(location = 4) out CTYPE o4;
layout(location = 5) out CTYPE o5;
layout(location = 6) out CTYPE o6;
layout(location = 7) out CTYPE o7;
void main()
{
   o0 = pc.color; o1 = pc.color; o2 = pc.color; o3 = pc.color;
   o4 = pc.color; o5 = pc.color; o6 = pc.color; o7 = pc.color;
}
