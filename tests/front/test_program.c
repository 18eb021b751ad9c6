/* Shaders through spirv/ (real glslang), uniforms into the default-block image, and a
 * client-array draw on the recording fake wire. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

static int fails;
#define CHECK(cond, ...)                                                                     \
   do {                                                                                     \
      if (!(cond)) {                                                                        \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                                       \
         printf(__VA_ARGS__);                                                               \
         printf("\n");                                                                      \
         fails++;                                                                           \
      }                                                                                     \
   } while (0)

static const char *vs = "#version 300 es\nin vec4 pos;\nuniform mat4 mvp;\nvoid main() { gl_Position = mvp * pos; }\n";
static const char *fs = "#version 300 es\nprecision mediump float;\nuniform vec4 color[3];\nuniform sampler2D tex;\n"
                        "out vec4 o;\nvoid main() { o = color[2] + texture(tex, vec2(0.5)); }\n";

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glf_CreateShader(type);
   glf_ShaderSource(s, 1, &src, NULL);
   glf_CompileShader(s);
   GLint ok = 0;
   glf_GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024];
      glf_GetShaderInfoLog(s, sizeof(log), NULL, log);
      printf("compile: %s\n", log);
   }
   CHECK(ok, "compile");
   return s;
}

/* GLSL 3.30, section 4.3.5: a uniform's link-time value is its initializer. */
static void
uniform_initializers(struct wire_client *c)
{
   static const char *vs330 = "#version 330 core\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
   static const char *fs330 = "#version 330 core\nuniform vec4 tint = vec4(0.25, 0.5, 0.75, 1.0);\n"
                              "uniform float k = 2.5;\nuniform float z;\nout vec4 o;\n"
                              "void main() { o = tint * k + z; }\n";
   struct glf_context *ctx = glf_context_create(c, GLF_API_GL_CORE, 3, 3, NULL, false, false);
   struct glf_drawable d = {.color = {1, 1}, .width = 16, .height = 16};
   glf_make_current(ctx, &d, &d);
   GLuint p = glf_CreateProgram();
   glf_AttachShader(p, shader(GL_VERTEX_SHADER, vs330));
   glf_AttachShader(p, shader(GL_FRAGMENT_SHADER, fs330));
   glf_LinkProgram(p);
   GLint ok = 0;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok, "link 330");
   GLfloat tint[4] = {0}, k = 0, z = -1;
   glf_GetUniformfv(p, glf_GetUniformLocation(p, "tint"), tint);
   glf_GetUniformfv(p, glf_GetUniformLocation(p, "k"), &k);
   glf_GetUniformfv(p, glf_GetUniformLocation(p, "z"), &z);
   CHECK(tint[0] == 0.25f && tint[1] == 0.5f && tint[2] == 0.75f && tint[3] == 1.0f, "tint initializer");
   CHECK(k == 2.5f, "k initializer %f", k);
   CHECK(z == 0.0f, "no initializer reads 0");
   CHECK(glf_GetError() == GL_NO_ERROR, "no error");
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

int
main(void)
{
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, GLF_API_GLES, 3, 0, NULL, false, false);
   struct glf_drawable d = {.color = {1, 1}, .width = 16, .height = 16};
   glf_make_current(ctx, &d, &d);
   GLuint p = glf_CreateProgram();
   glf_AttachShader(p, shader(GL_VERTEX_SHADER, vs));
   glf_AttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glf_LinkProgram(p);
   GLint ok = 0, n = 0;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok, "link");
   if (!ok) {
      char log[1024];
      glf_GetProgramInfoLog(p, sizeof(log), NULL, log);
      printf("link: %s\n", log);
      return 1;
   }
   glf_GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
   CHECK(n == 3, "ACTIVE_UNIFORMS %d", n);
   GLint color = glf_GetUniformLocation(p, "color");
   CHECK(color >= 0 && glf_GetUniformLocation(p, "color[0]") == color, "color location");
   CHECK(glf_GetUniformLocation(p, "color[2]") == color + 2, "color[2]");
   CHECK(glf_GetUniformLocation(p, "color[3]") == -1, "color[3]");
   CHECK(glf_GetAttribLocation(p, "pos") >= 0, "pos");
   glf_UseProgram(p);
   glf_Uniform4f(color + 2, 1, 2, 3, 4);
   GLfloat back[4] = {0};
   glf_GetUniformfv(p, color + 2, back);
   CHECK(back[0] == 1 && back[3] == 4, "uniform readback %f %f", back[0], back[3]);
   glf_Uniform3f(color, 1, 2, 3);
   CHECK(glf_GetError() == GL_INVALID_OPERATION, "size mismatch");
   glf_Uniform4i(color, 1, 2, 3, 4);
   CHECK(glf_GetError() == GL_INVALID_OPERATION, "type mismatch");
   glf_Uniform1i(glf_GetUniformLocation(p, "tex"), 40);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "sampler unit range");
   static const float tri[] = {0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1};
   GLint pos = glf_GetAttribLocation(p, "pos");
   glf_VertexAttribPointer((GLuint)pos, 4, GL_FLOAT, GL_FALSE, 0, tri);
   glf_EnableVertexAttribArray((GLuint)pos);
   glf_DrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(glf_GetError() == GL_NO_ERROR, "draw error");
   CHECK(fake_wire_op_count[WIRE_OP_Draw] == 1, "Draw emitted");
   CHECK(fake_wire_op_count[WIRE_OP_SetConstantBuffer] == 1, "constants emitted");
   CHECK(fake_wire_op_count[WIRE_OP_ProgramCreate] == 1, "ProgramCreate");
   uint64_t blends = fake_wire_op_count[WIRE_OP_BlendCreate], fbs = fake_wire_op_count[WIRE_OP_SetFramebuffer];
   glf_DrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(fake_wire_op_count[WIRE_OP_BlendCreate] == blends && fake_wire_op_count[WIRE_OP_SetFramebuffer] == fbs,
         "clean state is not re-emitted");
   /* binaries: one format, the blob behind a build header (ES 3.0 section 2.11.3) */
   GLint nfmt = -1, hint = -1, blen = -1, fmt = 0;
   glf_GetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &nfmt);
   glf_GetIntegerv(GL_PROGRAM_BINARY_FORMATS, &fmt);
   glf_GetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &blen);
   CHECK(nfmt == 1 && fmt != 0 && blen > 32, "binary formats %d (0x%x), length %d", nfmt, fmt, blen);
   glf_ProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
   glf_GetProgramiv(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &hint);
   CHECK(hint == GL_TRUE && glf_GetError() == GL_NO_ERROR, "retrievable hint %d", hint);
   glf_ProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, 7);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "hint value");
   glf_ProgramParameteri(p, GL_LINK_STATUS, GL_TRUE);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "hint pname");
   GLsizei got = -1;
   GLenum bfmt = 0;
   static char bin[64 * 1024];
   glf_GetProgramBinary(p, blen - 1, &got, &bfmt, bin);
   CHECK(glf_GetError() == GL_INVALID_OPERATION && got == 0, "GetProgramBinary into too small a buffer");
   glf_GetProgramBinary(p, sizeof(bin), &got, &bfmt, bin);
   CHECK(glf_GetError() == GL_NO_ERROR && got == blen && bfmt == (GLenum)fmt, "GetProgramBinary %d 0x%x", got, bfmt);
   /* loaded into a new program: linked, same interface, uniforms at their initial values */
   GLuint p2 = glf_CreateProgram();
   glf_ProgramBinary(p2, bfmt, bin, got);
   GLint ok2 = 0, n2 = 0;
   glf_GetProgramiv(p2, GL_LINK_STATUS, &ok2);
   glf_GetProgramiv(p2, GL_ACTIVE_UNIFORMS, &n2);
   CHECK(ok2 && n2 == 3 && glf_GetUniformLocation(p2, "color[2]") == color + 2, "binary loads: %d %d", ok2, n2);
   GLfloat zero[4] = {9, 9, 9, 9};
   glf_GetUniformfv(p2, color + 2, zero);
   CHECK(zero[0] == 0 && zero[3] == 0, "a loaded binary's uniforms start at 0");
   /* another build's binary (or garbage): LINK_STATUS FALSE, the log says why, no error */
   bin[10] ^= 1;
   glf_ProgramBinary(p2, bfmt, bin, got);
   char log2[256] = {0};
   glf_GetProgramiv(p2, GL_LINK_STATUS, &ok2);
   glf_GetProgramInfoLog(p2, sizeof(log2), NULL, log2);
   CHECK(glf_GetError() == GL_NO_ERROR && !ok2 && strstr(log2, "another splitgl build"), "refused: %s", log2);
   bin[10] ^= 1;
   bin[got - 5] ^= 0x55; /* inside the blob: the parser's verdict */
   glf_ProgramBinary(p2, bfmt, bin, got - 9);
   glf_GetProgramiv(p2, GL_LINK_STATUS, &ok2);
   CHECK(!ok2, "a truncated blob does not load");
   glf_ProgramBinary(p2, 0x1234, bin, 4);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "ProgramBinary format");
   glf_DeleteProgram(p2);
   GLuint shs[1] = {1};
   glf_ShaderBinary(1, shs, 0x1234, bin, 4);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "ShaderBinary format");
   glf_ShaderBinary(-1, shs, 0x1234, bin, 4);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "ShaderBinary count");
   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
   uniform_initializers(c);
   printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
