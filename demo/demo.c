/* splitgl demo: an animated OpenGL ES 3.0 scene rendered offscreen into a pbuffer.
 *
 * Linked only against libglvnd's libEGL and libGLESv2: the vendor JSON decides who renders.
 * By default that is splitgl's uninstalled JSON (SPLITGL_ICD_JSON, compiled in) unless
 * __EGL_VENDOR_LIBRARY_FILENAMES is already set; `--vendor mesa` picks Mesa's JSON instead.
 *
 * Scene: a textured ground plane, a ring of rotating cubes and pyramids, a ring of small
 * instanced cubes, and translucent cubes drawn back to front after the opaque ones. One
 * procedurally generated, mipmapped texture; per-fragment diffuse + specular lighting.
 * The animation advances by frame number, not wall time, so a frame is reproducible.
 *
 * Usage: splitgl-demo [--frames N] [--out file.png] [--vendor splitgl|mesa] [--size WxH]
 * Prints `frames=N seconds=S fps=F`.
 */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "png.h"

#ifndef SPLITGL_ICD_JSON
#define SPLITGL_ICD_JSON "build/icd/50_splitgl.json"
#endif
#define MESA_ICD_JSON "/usr/share/glvnd/egl_vendor.d/50_mesa.json"

#define PI_F 3.14159265358979f

/* ---- small matrix helpers (column-major, as GL expects) ------------------------------------ */
typedef struct {
   float m[16];
} mat4;

static mat4
mat4_identity(void)
{
   mat4 r = {{0}};
   r.m[0] = r.m[5] = r.m[10] = r.m[15] = 1.0f;
   return r;
}

static mat4
mat4_mul(mat4 a, mat4 b)
{
   mat4 r;
   for (int c = 0; c < 4; c++)
      for (int row = 0; row < 4; row++) {
         float s = 0.0f;
         for (int k = 0; k < 4; k++)
            s += a.m[k * 4 + row] * b.m[c * 4 + k];
         r.m[c * 4 + row] = s;
      }
   return r;
}

static mat4
mat4_translate(float x, float y, float z)
{
   mat4 r = mat4_identity();
   r.m[12] = x;
   r.m[13] = y;
   r.m[14] = z;
   return r;
}

static mat4
mat4_scale(float s)
{
   mat4 r = mat4_identity();
   r.m[0] = r.m[5] = r.m[10] = s;
   return r;
}

/* Rotation by angle (radians) about a unit axis. */
static mat4
mat4_rotate(float angle, float x, float y, float z)
{
   float c = cosf(angle), s = sinf(angle), t = 1.0f - c;
   float len = sqrtf(x * x + y * y + z * z);
   x /= len, y /= len, z /= len;
   mat4 r = mat4_identity();
   r.m[0] = t * x * x + c;
   r.m[1] = t * x * y + s * z;
   r.m[2] = t * x * z - s * y;
   r.m[4] = t * x * y - s * z;
   r.m[5] = t * y * y + c;
   r.m[6] = t * y * z + s * x;
   r.m[8] = t * x * z + s * y;
   r.m[9] = t * y * z - s * x;
   r.m[10] = t * z * z + c;
   return r;
}

static mat4
mat4_perspective(float fovy, float aspect, float znear, float zfar)
{
   float f = 1.0f / tanf(fovy / 2.0f);
   mat4 r = {{0}};
   r.m[0] = f / aspect;
   r.m[5] = f;
   r.m[10] = (zfar + znear) / (znear - zfar);
   r.m[11] = -1.0f;
   r.m[14] = 2.0f * zfar * znear / (znear - zfar);
   return r;
}

static mat4
mat4_look_at(const float eye[3], const float at[3], const float up[3])
{
   float f[3] = {at[0] - eye[0], at[1] - eye[1], at[2] - eye[2]};
   float fl = sqrtf(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
   for (int i = 0; i < 3; i++)
      f[i] /= fl;
   float s[3] = {f[1] * up[2] - f[2] * up[1], f[2] * up[0] - f[0] * up[2], f[0] * up[1] - f[1] * up[0]};
   float sl = sqrtf(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
   for (int i = 0; i < 3; i++)
      s[i] /= sl;
   float u[3] = {s[1] * f[2] - s[2] * f[1], s[2] * f[0] - s[0] * f[2], s[0] * f[1] - s[1] * f[0]};
   mat4 r = mat4_identity();
   r.m[0] = s[0], r.m[4] = s[1], r.m[8] = s[2];
   r.m[1] = u[0], r.m[5] = u[1], r.m[9] = u[2];
   r.m[2] = -f[0], r.m[6] = -f[1], r.m[10] = -f[2];
   r.m[12] = -(s[0] * eye[0] + s[1] * eye[1] + s[2] * eye[2]);
   r.m[13] = -(u[0] * eye[0] + u[1] * eye[1] + u[2] * eye[2]);
   r.m[14] = f[0] * eye[0] + f[1] * eye[1] + f[2] * eye[2];
   return r;
}

/* ---- geometry: interleaved position(3) normal(3) uv(2) -------------------------------------- */
#define VERTEX_FLOATS 8

static float cube_vertices[24 * VERTEX_FLOATS];
static GLushort cube_indices[36];

/* Each face: corners n + (+-u) + (+-v) with v = n x u, so u x v = n and the corners go
 * counter-clockwise seen from outside. */
static void
build_cube(void)
{
   static const float faces[6][2][3] = {
      {{1, 0, 0}, {0, 0, -1}}, {{-1, 0, 0}, {0, 0, 1}}, {{0, 1, 0}, {1, 0, 0}},
      {{0, -1, 0}, {1, 0, 0}}, {{0, 0, 1}, {1, 0, 0}},  {{0, 0, -1}, {-1, 0, 0}},
   };
   static const float corner[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
   float *out = cube_vertices;
   for (int f = 0; f < 6; f++) {
      const float *n = faces[f][0], *u = faces[f][1];
      const float v[3] = {n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]};
      for (int c = 0; c < 4; c++, out += VERTEX_FLOATS) {
         for (int k = 0; k < 3; k++)
            out[k] = n[k] + corner[c][0] * u[k] + corner[c][1] * v[k];
         out[3] = n[0], out[4] = n[1], out[5] = n[2];
         out[6] = (corner[c][0] + 1) / 2, out[7] = (corner[c][1] + 1) / 2;
      }
      static const GLushort quad[6] = {0, 1, 2, 0, 2, 3};
      for (int k = 0; k < 6; k++)
         cube_indices[f * 6 + k] = (GLushort)(f * 4 + quad[k]);
   }
}

#define PYRAMID_VERTS 18
static float pyramid_vertices[PYRAMID_VERTS * VERTEX_FLOATS];

static void
build_pyramid(void)
{
   const float apex[3] = {0, 1, 0};
   const float base[4][3] = {{-1, -1, 1}, {1, -1, 1}, {1, -1, -1}, {-1, -1, -1}};
   float *v = pyramid_vertices;
   for (int i = 0; i < 4; i++) {
      const float *a = base[i], *b = base[(i + 1) % 4];
      float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
      float e2[3] = {apex[0] - a[0], apex[1] - a[1], apex[2] - a[2]};
      float n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
      float l = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      const float *p[3] = {a, b, apex};
      const float uv[3][2] = {{0, 0}, {1, 0}, {0.5f, 1}};
      for (int k = 0; k < 3; k++, v += VERTEX_FLOATS) {
         memcpy(v, p[k], 3 * sizeof(float));
         v[3] = n[0] / l, v[4] = n[1] / l, v[5] = n[2] / l;
         v[6] = uv[k][0], v[7] = uv[k][1];
      }
   }
   const int quad[6] = {0, 3, 2, 0, 2, 1}; /* base, facing down */
   for (int k = 0; k < 6; k++, v += VERTEX_FLOATS) {
      memcpy(v, base[quad[k]], 3 * sizeof(float));
      v[3] = 0, v[4] = -1, v[5] = 0;
      v[6] = (base[quad[k]][0] + 1) / 2, v[7] = (base[quad[k]][2] + 1) / 2;
   }
}

static const float plane_vertices[4 * VERTEX_FLOATS] = {
   -1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 6, 0, 1, 0, -1, 0, 1, 0, 6, 6, -1, 0, -1, 0, 1, 0, 0, 6,
};

/* ---- shaders --------------------------------------------------------------------------------- */
static const char *vs_src =
   "#version 300 es\n"
   "layout(location = 0) in vec3 a_position;\n"
   "layout(location = 1) in vec3 a_normal;\n"
   "layout(location = 2) in vec2 a_uv;\n"
   "uniform mat4 u_view_proj;\n"
   "uniform mat4 u_model;\n"
   "uniform float u_ring_radius; // > 0: instance i sits on a ring\n"
   "uniform float u_ring_count;\n"
   "out vec3 v_world;\n"
   "out vec3 v_normal;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   vec4 world = u_model * vec4(a_position, 1.0);\n"
   "   if (u_ring_radius > 0.0) {\n"
   "      float a = 6.2831853 * float(gl_InstanceID) / u_ring_count;\n"
   "      world.xyz += vec3(cos(a) * u_ring_radius, 0.25 * sin(3.0 * a), sin(a) * u_ring_radius);\n"
   "   }\n"
   "   v_world = world.xyz;\n"
   "   v_normal = mat3(u_model) * a_normal;\n"
   "   v_uv = a_uv;\n"
   "   gl_Position = u_view_proj * world;\n"
   "}\n";

static const char *fs_src =
   "#version 300 es\n"
   "precision highp float;\n"
   "in vec3 v_world;\n"
   "in vec3 v_normal;\n"
   "in vec2 v_uv;\n"
   "uniform sampler2D u_tex;\n"
   "uniform vec4 u_color;\n"
   "uniform vec3 u_light_pos;\n"
   "uniform vec3 u_eye;\n"
   "uniform float u_shininess;\n"
   "uniform float u_tex_mix;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "   vec3 n = normalize(v_normal);\n"
   "   vec3 l = normalize(u_light_pos - v_world);\n"
   "   vec3 v = normalize(u_eye - v_world);\n"
   "   vec3 h = normalize(l + v);\n"
   "   float diffuse = max(dot(n, l), 0.0);\n"
   "   float specular = diffuse > 0.0 ? pow(max(dot(n, h), 0.0), u_shininess) : 0.0;\n"
   "   vec3 albedo = u_color.rgb * mix(vec3(1.0), texture(u_tex, v_uv).rgb, u_tex_mix);\n"
   "   vec3 c = albedo * (0.18 + 0.82 * diffuse) + vec3(0.6) * specular;\n"
   "   o_color = vec4(c, u_color.a);\n"
   "}\n";

static GLuint
compile(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      fprintf(stderr, "splitgl-demo: shader compile failed:\n%s\n", log);
      exit(1);
   }
   return s;
}

static GLuint
link_program(void)
{
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint p = glCreateProgram();
   glAttachShader(p, vs);
   glAttachShader(p, fs);
   glLinkProgram(p);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      fprintf(stderr, "splitgl-demo: program link failed:\n%s\n", log);
      exit(1);
   }
   glDeleteShader(vs);
   glDeleteShader(fs);
   return p;
}

/* ---- the procedural texture ------------------------------------------------------------------ */
#define TEX_SIZE 256

static GLuint
make_texture(void)
{
   static uint8_t texels[TEX_SIZE * TEX_SIZE * 4];
   for (int y = 0; y < TEX_SIZE; y++) {
      for (int x = 0; x < TEX_SIZE; x++) {
         uint8_t *t = &texels[(y * TEX_SIZE + x) * 4];
         int check = ((x / 32) ^ (y / 32)) & 1;
         float fx = (float)x / TEX_SIZE, fy = (float)y / TEX_SIZE;
         float ripple = 0.5f + 0.5f * sinf(fx * 24.0f * PI_F + 4.0f * sinf(fy * 6.0f * PI_F));
         float grout = (x % 32 < 2 || y % 32 < 2) ? 0.35f : 1.0f;
         float r = check ? 0.95f : 0.35f + 0.3f * ripple;
         float g = check ? 0.85f : 0.55f + 0.25f * ripple;
         float b = check ? 0.70f : 0.85f;
         t[0] = (uint8_t)(255.0f * r * grout);
         t[1] = (uint8_t)(255.0f * g * grout);
         t[2] = (uint8_t)(255.0f * b * grout);
         t[3] = 255;
      }
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TEX_SIZE, TEX_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   /* A darker band written with TexSubImage2D, then the mip chain. */
   static uint8_t band[TEX_SIZE * 8 * 4];
   for (int i = 0; i < TEX_SIZE * 8; i++) {
      band[i * 4 + 0] = 40;
      band[i * 4 + 1] = 60;
      band[i * 4 + 2] = 120;
      band[i * 4 + 3] = 255;
   }
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, TEX_SIZE / 2 - 4, TEX_SIZE, 8, GL_RGBA, GL_UNSIGNED_BYTE, band);
   glGenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   return tex;
}

/* ---- meshes ---------------------------------------------------------------------------------- */
struct mesh {
   GLuint vao, vbo, ibo;
   GLsizei count;
   bool indexed;
};

static struct mesh
make_mesh(const float *verts, size_t vert_bytes, const GLushort *indices, GLsizei index_count)
{
   struct mesh m = {0};
   glGenVertexArrays(1, &m.vao);
   glBindVertexArray(m.vao);
   glGenBuffers(1, &m.vbo);
   glBindBuffer(GL_ARRAY_BUFFER, m.vbo);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)vert_bytes, verts, GL_STATIC_DRAW);
   const GLsizei stride = VERTEX_FLOATS * sizeof(float);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, (const void *)0);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, (const void *)(3 * sizeof(float)));
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, (const void *)(6 * sizeof(float)));
   for (GLuint i = 0; i < 3; i++)
      glEnableVertexAttribArray(i);
   if (indices) {
      glGenBuffers(1, &m.ibo);
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m.ibo);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, index_count * (GLsizeiptr)sizeof(GLushort), indices, GL_STATIC_DRAW);
      m.count = index_count;
      m.indexed = true;
   } else {
      m.count = (GLsizei)(vert_bytes / (VERTEX_FLOATS * sizeof(float)));
   }
   glBindVertexArray(0);
   return m;
}

static void
draw_mesh(const struct mesh *m, GLenum mode, GLsizei instances)
{
   glBindVertexArray(m->vao);
   if (m->indexed && instances > 1)
      glDrawElementsInstanced(mode, m->count, GL_UNSIGNED_SHORT, 0, instances);
   else if (m->indexed)
      glDrawElements(mode, m->count, GL_UNSIGNED_SHORT, 0);
   else if (instances > 1)
      glDrawArraysInstanced(mode, 0, m->count, instances);
   else
      glDrawArrays(mode, 0, m->count);
}

/* ---- the scene ------------------------------------------------------------------------------- */
struct uniforms {
   GLint view_proj, model, ring_radius, ring_count, tex, color, light_pos, eye, shininess, tex_mix;
};

struct scene {
   GLuint program, texture;
   struct uniforms u;
   struct mesh cube, pyramid, plane;
   int width, height;
};

#define RING_OBJECTS 8
#define TRANSLUCENT 3

static void
set_object(const struct scene *s, mat4 model, float r, float g, float b, float a, float shininess, float tex_mix)
{
   glUniformMatrix4fv(s->u.model, 1, GL_FALSE, model.m);
   glUniform4f(s->u.color, r, g, b, a);
   glUniform1f(s->u.shininess, shininess);
   glUniform1f(s->u.tex_mix, tex_mix);
}

struct translucent {
   mat4 model;
   float color[4];
   float depth; /* view-space distance, for sorting */
};

static int
farther_first(const void *a, const void *b)
{
   float da = ((const struct translucent *)a)->depth, db = ((const struct translucent *)b)->depth;
   return da < db ? 1 : da > db ? -1 : 0;
}

static void
render_frame(const struct scene *s, int frame, int frames)
{
   const float t = (float)frame / 60.0f;
   const float eye[3] = {9.0f * sinf(0.15f * t), 5.5f, 9.0f * cosf(0.15f * t)};
   const float at[3] = {0, 0.5f, 0}, up[3] = {0, 1, 0};
   const float light[3] = {4.0f * cosf(0.7f * t), 6.0f, 4.0f * sinf(0.7f * t)};
   mat4 view = mat4_look_at(eye, at, up);
   mat4 proj = mat4_perspective(55.0f * PI_F / 180.0f, (float)s->width / (float)s->height, 0.1f, 100.0f);
   mat4 view_proj = mat4_mul(proj, view);

   glViewport(0, 0, s->width, s->height);
   glDisable(GL_SCISSOR_TEST);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDepthMask(GL_TRUE);
   glClearColor(0.10f, 0.12f, 0.18f, 1.0f);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

   glUseProgram(s->program);
   glUniformMatrix4fv(s->u.view_proj, 1, GL_FALSE, view_proj.m);
   glUniform3fv(s->u.light_pos, 1, light);
   glUniform3fv(s->u.eye, 1, eye);
   glUniform1i(s->u.tex, 0);
   glUniform1f(s->u.ring_radius, 0.0f);
   glUniform1f(s->u.ring_count, 1.0f);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, s->texture);

   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   glFrontFace(GL_CCW);
   glDisable(GL_BLEND);

   /* Ground plane. */
   set_object(s, mat4_mul(mat4_translate(0, -1.0f, 0), mat4_scale(8.0f)), 0.9f, 0.9f, 0.9f, 1.0f, 24.0f, 1.0f);
   draw_mesh(&s->plane, GL_TRIANGLE_FAN, 1);

   /* A ring of rotating cubes and pyramids. */
   static const float palette[RING_OBJECTS][3] = {
      {0.95f, 0.35f, 0.30f}, {0.30f, 0.80f, 0.40f}, {0.35f, 0.55f, 0.95f}, {0.95f, 0.80f, 0.25f},
      {0.80f, 0.40f, 0.90f}, {0.30f, 0.85f, 0.85f}, {0.95f, 0.60f, 0.30f}, {0.85f, 0.85f, 0.85f},
   };
   for (int i = 0; i < RING_OBJECTS; i++) {
      float a = 2.0f * PI_F * (float)i / RING_OBJECTS + 0.25f * t;
      float bob = 0.3f * sinf(1.3f * t + (float)i);
      mat4 m = mat4_translate(4.0f * cosf(a), 0.2f + bob, 4.0f * sinf(a));
      m = mat4_mul(m, mat4_rotate(t * (0.8f + 0.15f * (float)i), 0.3f, 1.0f, 0.2f));
      m = mat4_mul(m, mat4_scale(0.6f));
      set_object(s, m, palette[i][0], palette[i][1], palette[i][2], 1.0f, 48.0f, (i & 1) ? 0.0f : 0.7f);
      draw_mesh((i & 1) ? &s->pyramid : &s->cube, GL_TRIANGLES, 1);
   }

   /* A ring of small instanced cubes on the ground. */
   glUniform1f(s->u.ring_radius, 6.5f);
   glUniform1f(s->u.ring_count, 24.0f);
   set_object(s, mat4_mul(mat4_translate(0, -0.8f, 0), mat4_mul(mat4_rotate(0.5f * t, 0, 1, 0), mat4_scale(0.2f))),
              0.9f, 0.9f, 0.6f, 1.0f, 16.0f, 0.0f);
   draw_mesh(&s->cube, GL_TRIANGLES, 24);
   glUniform1f(s->u.ring_radius, 0.0f);

   /* Translucent cubes, back to front, back faces before front faces, no depth writes. */
   struct translucent tr[TRANSLUCENT] = {
      {mat4_identity(), {0.2f, 0.6f, 1.0f, 0.45f}, 0},
      {mat4_identity(), {1.0f, 0.3f, 0.5f, 0.45f}, 0},
      {mat4_identity(), {0.4f, 1.0f, 0.4f, 0.45f}, 0},
   };
   for (int i = 0; i < TRANSLUCENT; i++) {
      float a = 2.0f * PI_F * (float)i / TRANSLUCENT - 0.4f * t;
      float x = 1.6f * cosf(a), z = 1.6f * sinf(a), y = 0.6f + 0.2f * sinf(t + (float)i);
      tr[i].model = mat4_mul(mat4_translate(x, y, z), mat4_mul(mat4_rotate(0.6f * t, 1, 1, 0), mat4_scale(0.75f)));
      float vz = view.m[2] * x + view.m[6] * y + view.m[10] * z + view.m[14];
      tr[i].depth = -vz;
   }
   qsort(tr, TRANSLUCENT, sizeof(tr[0]), farther_first);
   glEnable(GL_BLEND);
   glBlendEquation(GL_FUNC_ADD);
   glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
   glDepthMask(GL_FALSE);
   for (int i = 0; i < TRANSLUCENT; i++) {
      set_object(s, tr[i].model, tr[i].color[0], tr[i].color[1], tr[i].color[2], tr[i].color[3], 64.0f, 0.0f);
      glCullFace(GL_FRONT);
      draw_mesh(&s->cube, GL_TRIANGLES, 1);
      glCullFace(GL_BACK);
      draw_mesh(&s->cube, GL_TRIANGLES, 1);
   }
   glDepthMask(GL_TRUE);
   glDisable(GL_BLEND);

   /* A progress bar: a scissored clear, alpha left alone. */
   glEnable(GL_SCISSOR_TEST);
   glScissor(8, 8, (s->width - 16) * (frame + 1) / frames, 6);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
   glClearColor(0.95f, 0.75f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDisable(GL_SCISSOR_TEST);
}

static void
init_scene(struct scene *s, int width, int height)
{
   s->width = width;
   s->height = height;
   s->program = link_program();
   GLuint p = s->program;
   s->u = (struct uniforms){
      .view_proj = glGetUniformLocation(p, "u_view_proj"),
      .model = glGetUniformLocation(p, "u_model"),
      .ring_radius = glGetUniformLocation(p, "u_ring_radius"),
      .ring_count = glGetUniformLocation(p, "u_ring_count"),
      .tex = glGetUniformLocation(p, "u_tex"),
      .color = glGetUniformLocation(p, "u_color"),
      .light_pos = glGetUniformLocation(p, "u_light_pos"),
      .eye = glGetUniformLocation(p, "u_eye"),
      .shininess = glGetUniformLocation(p, "u_shininess"),
      .tex_mix = glGetUniformLocation(p, "u_tex_mix"),
   };
   if (glGetAttribLocation(p, "a_position") != 0 || glGetAttribLocation(p, "a_normal") != 1 ||
       glGetAttribLocation(p, "a_uv") != 2)
      fprintf(stderr, "splitgl-demo: warning: unexpected attribute locations\n");
   s->texture = make_texture();
   build_cube();
   build_pyramid();
   s->cube = make_mesh(cube_vertices, sizeof(cube_vertices), cube_indices, 36);
   s->pyramid = make_mesh(pyramid_vertices, sizeof(pyramid_vertices), NULL, 0);
   s->plane = make_mesh(plane_vertices, sizeof(plane_vertices), NULL, 0);
}

/* ---- EGL ------------------------------------------------------------------------------------- */
static const char *
egl_error_name(EGLint e)
{
   switch (e) {
#define E(x) case x: return #x;
      E(EGL_SUCCESS) E(EGL_NOT_INITIALIZED) E(EGL_BAD_ACCESS) E(EGL_BAD_ALLOC) E(EGL_BAD_ATTRIBUTE)
      E(EGL_BAD_CONFIG) E(EGL_BAD_CONTEXT) E(EGL_BAD_CURRENT_SURFACE) E(EGL_BAD_DISPLAY)
      E(EGL_BAD_MATCH) E(EGL_BAD_NATIVE_PIXMAP) E(EGL_BAD_NATIVE_WINDOW) E(EGL_BAD_PARAMETER)
      E(EGL_BAD_SURFACE) E(EGL_CONTEXT_LOST)
#undef E
   default: return "unknown EGL error";
   }
}

static void
die_egl(const char *what)
{
   fprintf(stderr, "splitgl-demo: %s failed: %s\n", what, egl_error_name(eglGetError()));
   exit(1);
}

static const char *
gl_string(GLenum name)
{
   const char *s = (const char *)glGetString(name);
   return s ? s : "(null)";
}

static double
now_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
usage(void)
{
   fprintf(stderr, "usage: splitgl-demo [--frames N] [--out file.png] [--vendor splitgl|mesa] [--size WxH]\n");
   exit(2);
}

int
main(int argc, char **argv)
{
   int frames = 300, width = 640, height = 480;
   const char *out = NULL, *vendor = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--frames") && i + 1 < argc)
         frames = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--out") && i + 1 < argc)
         out = argv[++i];
      else if (!strcmp(argv[i], "--vendor") && i + 1 < argc)
         vendor = argv[++i];
      else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
         if (sscanf(argv[++i], "%dx%d", &width, &height) != 2)
            usage();
      } else
         usage();
   }
   if (frames < 1 || width < 1 || height < 1 || width > 8192 || height > 8192)
      usage();

   /* Before any EGL call: libEGL reads the vendor list once, at the first call. */
   if (vendor && !strcmp(vendor, "mesa"))
      setenv("__EGL_VENDOR_LIBRARY_FILENAMES", MESA_ICD_JSON, 1);
   else if (vendor && strcmp(vendor, "splitgl"))
      usage();
   else if (vendor)
      setenv("__EGL_VENDOR_LIBRARY_FILENAMES", SPLITGL_ICD_JSON, 1);
   else
      setenv("__EGL_VENDOR_LIBRARY_FILENAMES", SPLITGL_ICD_JSON, 0);
   setenv("SPLITGL_STATS", "1", 0);

   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY)
      die_egl("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)");
   EGLint major, minor;
   if (!eglInitialize(dpy, &major, &minor))
      die_egl("eglInitialize");
   if (!eglBindAPI(EGL_OPENGL_ES_API))
      die_egl("eglBindAPI");
   const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, 24, EGL_NONE,
   };
   EGLConfig config;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, config_attribs, &config, 1, &n) || n < 1)
      die_egl("eglChooseConfig (RGBA8, depth 24, pbuffer, ES3)");
   const EGLint surface_attribs[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
   EGLSurface surface = eglCreatePbufferSurface(dpy, config, surface_attribs);
   if (surface == EGL_NO_SURFACE)
      die_egl("eglCreatePbufferSurface");
   const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (ctx == EGL_NO_CONTEXT)
      die_egl("eglCreateContext (OpenGL ES 3.0)");
   if (!eglMakeCurrent(dpy, surface, surface, ctx))
      die_egl("eglMakeCurrent");

   GLint max_tex = 0;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_tex);
   printf("EGL: %s (%s), EGL %d.%d\n", eglQueryString(dpy, EGL_VENDOR), eglQueryString(dpy, EGL_VERSION), major, minor);
   printf("GL_VENDOR: %s\nGL_RENDERER: %s\nGL_VERSION: %s\nGL_MAX_TEXTURE_SIZE: %d\n",
          gl_string(GL_VENDOR), gl_string(GL_RENDERER), gl_string(GL_VERSION), max_tex);

   struct scene scene;
   init_scene(&scene, width, height);

   uint8_t *pixels = NULL;
   double t0 = now_seconds();
   for (int f = 0; f < frames; f++) {
      render_frame(&scene, f, frames);
      if (f == frames - 1 && out) {
         /* Read the last frame before the swap (a pbuffer keeps it either way); the default
          * GL_PACK_ALIGNMENT of 4 packs RGBA rows tightly. */
         pixels = malloc((size_t)width * height * 4);
         glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
      }
      if (!eglSwapBuffers(dpy, surface))
         die_egl("eglSwapBuffers");
   }
   glFinish(); /* every frame rendered, not only queued: the time covers the work */
   double seconds = now_seconds() - t0;

   GLenum err = glGetError();
   if (err != GL_NO_ERROR)
      fprintf(stderr, "splitgl-demo: GL error 0x%04x during the run\n", err);
   printf("frames=%d seconds=%.3f fps=%.1f\n", frames, seconds, seconds > 0 ? frames / seconds : 0.0);

   int status = err == GL_NO_ERROR ? 0 : 1;
   if (out && pixels) {
      /* GL rows are bottom first; PNG rows top first: write from the last row up. */
      const size_t stride = (size_t)width * 4;
      uint8_t *flipped = malloc(stride * height);
      for (int y = 0; y < height; y++)
         memcpy(flipped + (size_t)y * stride, pixels + (size_t)(height - 1 - y) * stride, stride);
      if (png_write_rgba(out, flipped, (uint32_t)width, (uint32_t)height, stride)) {
         perror(out);
         status = 1;
      } else {
         printf("wrote %s (%dx%d)\n", out, width, height);
      }
      free(flipped);
   }
   free(pixels);

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surface);
   eglTerminate(dpy);
   eglReleaseThread();
   return status;
}
