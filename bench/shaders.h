/* bench/: programs of the size real applications link (lighting with several lights, shadow
 * and normal mapping, skinning, a blur with loops, a deferred-shading resolve, and a GLSL ES
 * 1.00 one in glmark2's style). Each is a vertex + fragment pair of GLSL ES 3.00 / 1.00. */
#ifndef SGL_BENCH_SHADERS_H
#define SGL_BENCH_SHADERS_H

struct bench_program {
   const char *name, *vs, *fs;
};

#define ES3 "#version 300 es\n"
#define PREC "precision highp float;\n"

static const struct bench_program bench_programs[] = {
   {"phong_4_lights",
    ES3 "layout(location = 0) in vec3 a_pos; layout(location = 1) in vec3 a_normal; layout(location = 2) in vec2 a_uv;\n"
    "uniform mat4 u_model, u_view, u_proj; uniform mat3 u_normal_matrix;\n"
    "out vec3 v_pos; out vec3 v_normal; out vec2 v_uv;\n"
    "void main() {\n"
    "  vec4 wp = u_model * vec4(a_pos, 1.0); v_pos = wp.xyz; v_normal = normalize(u_normal_matrix * a_normal);\n"
    "  v_uv = a_uv; gl_Position = u_proj * u_view * wp;\n"
    "}\n",
    ES3 PREC
    "struct Light { vec3 pos; vec3 color; float radius; float intensity; };\n"
    "uniform Light u_lights[4]; uniform int u_light_count; uniform vec3 u_eye; uniform float u_shininess;\n"
    "uniform sampler2D u_albedo; uniform sampler2D u_specular_map; uniform vec3 u_ambient;\n"
    "in vec3 v_pos; in vec3 v_normal; in vec2 v_uv; out vec4 o_color;\n"
    "vec3 shade(Light l, vec3 n, vec3 v, vec3 albedo, float spec) {\n"
    "  vec3 d = l.pos - v_pos; float dist = length(d); vec3 ld = d / dist;\n"
    "  float att = clamp(1.0 - dist / l.radius, 0.0, 1.0); att *= att;\n"
    "  float ndl = max(dot(n, ld), 0.0); vec3 h = normalize(ld + v);\n"
    "  float s = pow(max(dot(n, h), 0.0), u_shininess) * spec;\n"
    "  return (albedo * ndl + vec3(s)) * l.color * l.intensity * att;\n"
    "}\n"
    "void main() {\n"
    "  vec3 n = normalize(v_normal); vec3 v = normalize(u_eye - v_pos);\n"
    "  vec3 albedo = texture(u_albedo, v_uv).rgb; float spec = texture(u_specular_map, v_uv).r;\n"
    "  vec3 c = u_ambient * albedo;\n"
    "  for (int i = 0; i < 4; i++) { if (i >= u_light_count) break; c += shade(u_lights[i], n, v, albedo, spec); }\n"
    "  o_color = vec4(pow(c, vec3(1.0 / 2.2)), 1.0);\n"
    "}\n"},
   {"shadow_pcf",
    ES3 "layout(location = 0) in vec3 a_pos; layout(location = 1) in vec3 a_normal;\n"
    "uniform mat4 u_mvp, u_model, u_light_mvp; out vec4 v_light_pos; out vec3 v_normal; out vec3 v_world;\n"
    "void main() { v_light_pos = u_light_mvp * vec4(a_pos, 1.0); v_normal = mat3(u_model) * a_normal;\n"
    "  v_world = (u_model * vec4(a_pos, 1.0)).xyz; gl_Position = u_mvp * vec4(a_pos, 1.0); }\n",
    ES3 PREC
    "uniform highp sampler2DShadow u_shadow; uniform vec3 u_light_dir; uniform vec3 u_color; uniform float u_bias;\n"
    "uniform vec2 u_texel; in vec4 v_light_pos; in vec3 v_normal; in vec3 v_world; out vec4 o_color;\n"
    "float pcf(vec3 p) {\n"
    "  float sum = 0.0;\n"
    "  for (int y = -2; y <= 2; y++) for (int x = -2; x <= 2; x++)\n"
    "    sum += texture(u_shadow, vec3(p.xy + vec2(x, y) * u_texel, p.z - u_bias));\n"
    "  return sum / 25.0;\n"
    "}\n"
    "void main() { vec3 p = v_light_pos.xyz / v_light_pos.w * 0.5 + 0.5;\n"
    "  float lit = pcf(p); float ndl = max(dot(normalize(v_normal), -u_light_dir), 0.0);\n"
    "  float fog = exp(-length(v_world) * 0.02);\n"
    "  o_color = vec4(mix(vec3(0.6, 0.7, 0.8), u_color * (0.2 + 0.8 * ndl * lit), fog), 1.0); }\n"},
   {"normal_map_parallax",
    ES3 "layout(location = 0) in vec3 a_pos; layout(location = 1) in vec3 a_normal; layout(location = 2) in vec4 a_tangent;\n"
    "layout(location = 3) in vec2 a_uv; uniform mat4 u_mvp, u_model; uniform vec3 u_eye, u_light;\n"
    "out vec2 v_uv; out vec3 v_view_ts; out vec3 v_light_ts;\n"
    "void main() { vec3 n = normalize(mat3(u_model) * a_normal); vec3 t = normalize(mat3(u_model) * a_tangent.xyz);\n"
    "  vec3 b = cross(n, t) * a_tangent.w; mat3 tbn = transpose(mat3(t, b, n));\n"
    "  vec3 wp = (u_model * vec4(a_pos, 1.0)).xyz; v_view_ts = tbn * (u_eye - wp); v_light_ts = tbn * (u_light - wp);\n"
    "  v_uv = a_uv; gl_Position = u_mvp * vec4(a_pos, 1.0); }\n",
    ES3 PREC
    "uniform sampler2D u_diffuse, u_normals, u_height; uniform float u_scale; uniform int u_steps;\n"
    "in vec2 v_uv; in vec3 v_view_ts; in vec3 v_light_ts; out vec4 o_color;\n"
    "vec2 parallax(vec2 uv, vec3 v) {\n"
    "  float layer = 1.0 / float(u_steps); float depth = 0.0; vec2 dt = v.xy / v.z * u_scale * layer;\n"
    "  vec2 cur = uv; float h = texture(u_height, cur).r;\n"
    "  for (int i = 0; i < 32; i++) { if (i >= u_steps || depth >= h) break; cur -= dt; h = texture(u_height, cur).r; depth += layer; }\n"
    "  vec2 prev = cur + dt; float after = h - depth; float before = texture(u_height, prev).r - depth + layer;\n"
    "  float w = after / (after - before); return mix(cur, prev, w);\n"
    "}\n"
    "void main() { vec3 v = normalize(v_view_ts); vec2 uv = parallax(v_uv, v);\n"
    "  vec3 n = normalize(texture(u_normals, uv).xyz * 2.0 - 1.0); vec3 l = normalize(v_light_ts);\n"
    "  vec3 h = normalize(l + v); vec3 c = texture(u_diffuse, uv).rgb;\n"
    "  o_color = vec4(c * max(dot(n, l), 0.0) + vec3(pow(max(dot(n, h), 0.0), 32.0)) * 0.3, 1.0); }\n"},
   {"skinning_64_bones",
    ES3 "layout(location = 0) in vec3 a_pos; layout(location = 1) in vec3 a_normal; layout(location = 2) in vec4 a_weights;\n"
    "layout(location = 3) in uvec4 a_bones; layout(location = 4) in vec2 a_uv;\n"
    "layout(std140) uniform Bones { mat4 u_bones[64]; }; uniform mat4 u_view_proj;\n"
    "out vec3 v_normal; out vec2 v_uv;\n"
    "void main() {\n"
    "  mat4 skin = u_bones[a_bones.x] * a_weights.x + u_bones[a_bones.y] * a_weights.y +\n"
    "              u_bones[a_bones.z] * a_weights.z + u_bones[a_bones.w] * a_weights.w;\n"
    "  vec4 p = skin * vec4(a_pos, 1.0); v_normal = normalize(mat3(skin) * a_normal); v_uv = a_uv;\n"
    "  gl_Position = u_view_proj * p;\n"
    "}\n",
    ES3 PREC
    "uniform sampler2D u_tex; uniform vec3 u_light_dir; in vec3 v_normal; in vec2 v_uv; out vec4 o_color;\n"
    "void main() { float d = max(dot(normalize(v_normal), -u_light_dir), 0.0);\n"
    "  vec4 c = texture(u_tex, v_uv); o_color = vec4(c.rgb * (0.25 + 0.75 * d), c.a); }\n"},
   {"gaussian_blur_13",
    ES3 "layout(location = 0) in vec2 a_pos; out vec2 v_uv; void main() { v_uv = a_pos * 0.5 + 0.5; gl_Position = vec4(a_pos, 0.0, 1.0); }\n",
    ES3 PREC
    "uniform sampler2D u_src; uniform vec2 u_dir; uniform float u_weights[7]; uniform float u_offsets[7];\n"
    "uniform float u_exposure; uniform float u_threshold; in vec2 v_uv; out vec4 o_color;\n"
    "vec3 bright(vec3 c) { float l = dot(c, vec3(0.2126, 0.7152, 0.0722)); return c * smoothstep(u_threshold, u_threshold + 0.1, l); }\n"
    "void main() { vec3 sum = bright(texture(u_src, v_uv).rgb) * u_weights[0];\n"
    "  for (int i = 1; i < 7; i++) {\n"
    "    sum += bright(texture(u_src, v_uv + u_dir * u_offsets[i]).rgb) * u_weights[i];\n"
    "    sum += bright(texture(u_src, v_uv - u_dir * u_offsets[i]).rgb) * u_weights[i];\n"
    "  }\n"
    "  vec3 mapped = vec3(1.0) - exp(-sum * u_exposure); o_color = vec4(mapped, 1.0); }\n"},
   {"deferred_resolve",
    ES3 "layout(location = 0) in vec2 a_pos; out vec2 v_uv; void main() { v_uv = a_pos * 0.5 + 0.5; gl_Position = vec4(a_pos, 0.0, 1.0); }\n",
    ES3 PREC
    "uniform sampler2D u_gpos, u_gnormal, u_galbedo, u_ssao; uniform vec3 u_eye;\n"
    "layout(std140) uniform Lights { vec4 u_light_pos[16]; vec4 u_light_color[16]; int u_count; };\n"
    "in vec2 v_uv; out vec4 o_color;\n"
    "void main() { vec3 p = texture(u_gpos, v_uv).xyz; vec3 n = normalize(texture(u_gnormal, v_uv).xyz);\n"
    "  vec4 a = texture(u_galbedo, v_uv); float ao = texture(u_ssao, v_uv).r; vec3 v = normalize(u_eye - p);\n"
    "  vec3 c = a.rgb * 0.1 * ao;\n"
    "  for (int i = 0; i < 16; i++) { if (i >= u_count) break;\n"
    "    vec3 d = u_light_pos[i].xyz - p; float dist = length(d); vec3 l = d / dist;\n"
    "    float att = 1.0 / (1.0 + 0.09 * dist + 0.032 * dist * dist);\n"
    "    vec3 h = normalize(l + v); float s = pow(max(dot(n, h), 0.0), 16.0) * a.a;\n"
    "    c += (a.rgb * max(dot(n, l), 0.0) + vec3(s)) * u_light_color[i].rgb * att; }\n"
    "  o_color = vec4(c / (c + vec3(1.0)), 1.0); }\n"},
   {"es100_glmark2_style",
    "attribute vec3 position; attribute vec3 normal; attribute vec2 texcoord;\n"
    "uniform mat4 ModelViewProjectionMatrix; uniform mat4 NormalMatrix; uniform vec4 LightSourcePosition;\n"
    "varying vec3 Normal; varying vec3 Light; varying vec2 TextureCoord;\n"
    "void main(void) { Normal = normalize(vec3(NormalMatrix * vec4(normal, 1.0)));\n"
    "  Light = normalize(LightSourcePosition.xyz); TextureCoord = texcoord;\n"
    "  gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0); }\n",
    "precision mediump float;\n"
    "uniform sampler2D MaterialTexture0; uniform vec4 LightColor; uniform vec4 MaterialDiffuse;\n"
    "varying vec3 Normal; varying vec3 Light; varying vec2 TextureCoord;\n"
    "void main(void) { vec3 N = normalize(Normal); vec3 L = normalize(Light);\n"
    "  float diffuse = max(dot(N, L), 0.0); vec4 texel = texture2D(MaterialTexture0, TextureCoord);\n"
    "  vec3 H = normalize(L + vec3(0.0, 0.0, 1.0)); float spec = pow(max(dot(N, H), 0.0), 50.0);\n"
    "  gl_FragColor = vec4((texel.rgb * MaterialDiffuse.rgb * diffuse + vec3(spec)) * LightColor.rgb, texel.a); }\n"},
};

#endif
