/* EXT_clip_cull_distance on ES 3.0 (gl_front/caps.c, get.c, enable.c; spirv/compile.c and
 * lift.c): offered only where the server's device has shaderClipDistance and shaderCullDistance
 * at the extension's minimums; its queries, enables and shading-language side, and the errors
 * of a context without it. On the recording fake wire, whose GetInfo reply each case sets. */
#include <stdio.h>
#include <string.h>

#include "fake_wire.h"
#include "gl_front/glf_public.h"
#include "glf_gl.h"

#include "../egl/egl_check.h" /* CHECK and its failure count */
#include "front_context.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A device with clip distances (8) and cull distances `cull` / combined `combined` (0: none). */
static struct glf_context *
make(enum glf_api api, int major, uint64_t cull, uint64_t combined)
{
   memset(&fake_wire_info, 0, sizeof(fake_wire_info));
   fake_wire_info.cap_count = WIRE_CAP_COUNT;
   fake_wire_info.caps[WIRE_CAP_MAX_CLIP_DISTANCES] = 8;
   fake_wire_info.caps[WIRE_CAP_CULL_DISTANCES] = cull | combined << 16;
   fake_wire_info.caps[WIRE_CAP_FEATURES] = cull ? WIRE_FEATURE_CULL_DISTANCE : 0;
   return front_context(api, major, api == GLF_API_GLES ? 0 : 3);
}

static void
drop(struct glf_context *ctx)
{
   front_context_end(ctx);
}

static bool
listed(const char *name)
{
   GLint n = 0;
   glf_GetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glf_GetStringi(GL_EXTENSIONS, (GLuint)i), name))
         return true;
   const char *all = (const char *)glf_GetString(GL_EXTENSIONS); /* ES only: core's is INVALID_ENUM */
   glf_GetError();
   CHECK(!all || !strstr(all, name), "%s in GL_EXTENSIONS but not in glGetStringi", name);
   return false;
}

static GLint
get_int(GLenum pname, GLenum expect_error)
{
   GLint v = -1;
   glf_GetIntegerv(pname, &v);
   GLenum e = glf_GetError();
   CHECK(e == expect_error, "glGetIntegerv(0x%x): error 0x%x, expected 0x%x", pname, e, expect_error);
   return v;
}

static bool
compiles(GLenum type, const char *src)
{
   GLuint s = glf_CreateShader(type);
   glf_ShaderSource(s, 1, &src, NULL);
   glf_CompileShader(s);
   GLint ok = 0;
   glf_GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   glf_DeleteShader(s);
   return ok != 0;
}

static bool
links(const char *vs, const char *fs, char *log, size_t log_size)
{
   GLuint p = glf_CreateProgram();
   const char *src[2] = {vs, fs};
   const GLenum type[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int i = 0; i < 2; i++) {
      GLuint s = glf_CreateShader(type[i]);
      glf_ShaderSource(s, 1, &src[i], NULL);
      glf_CompileShader(s);
      glf_AttachShader(p, s);
      glf_DeleteShader(s);
   }
   glf_LinkProgram(p);
   GLint ok = 0;
   glf_GetProgramiv(p, GL_LINK_STATUS, &ok);
   glf_GetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
   glf_DeleteProgram(p);
   return ok != 0;
}

#define VS_HEAD "#version 300 es\n"
#define EXT_ON "#extension GL_EXT_clip_cull_distance : enable\n"
#define POS "in vec4 p;\n"
static const char *fs_plain = "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";

/* The shading-language verdicts, where the extension is offered (ok) or not. */
static const struct {
   const char *src;
   bool ok_with, ok_without; /* compile status with / without the extension */
   const char *why;
} sources[] = {
   {VS_HEAD EXT_ON POS "void main() { gl_Position = p; gl_ClipDistance[1] = p.x; gl_CullDistance[0] = p.y; }\n", true,
    false, "both arrays, enabled"},
   {VS_HEAD "#extension GL_EXT_clip_cull_distance : require\n" POS
    "void main() { gl_Position = p; gl_ClipDistance[0] = float(gl_MaxClipDistances + gl_MaxCullDistances +"
    " gl_MaxCombinedClipAndCullDistances); }\n",
    true, false, "require, the limits"},
   {VS_HEAD "#extension GL_EXT_clip_cull_distance : warn\n" POS "void main() { gl_Position = p; gl_CullDistance[2] = p.x; }\n",
    true, false, "warn enables"},
   {VS_HEAD POS "void main() { gl_Position = p; gl_ClipDistance[0] = p.x; }\n", false, false,
    "gl_ClipDistance without the directive"},
   {VS_HEAD "#extension GL_EXT_clip_cull_distance : disable\n" POS "void main() { gl_Position = p; gl_CullDistance[0] = p.x; }\n",
    false, false, "disabled"},
   {VS_HEAD "#if 0\n" EXT_ON "#endif\n" POS "void main() { gl_Position = p; gl_ClipDistance[0] = p.x; }\n", false, false,
    "the directive in an inactive #if"},
   {VS_HEAD "#ifdef GL_EXT_clip_cull_distance\n" EXT_ON "#endif\n" POS
    "void main() { gl_Position = p; gl_ClipDistance[0] = p.x; }\n",
    true, false, "guarded by the macro"},
   {VS_HEAD "#ifndef GL_EXT_clip_cull_distance\n#error no macro\n#endif\n" POS "void main() { gl_Position = p; }\n", true,
    false, "the macro GL_EXT_clip_cull_distance"},
   {VS_HEAD EXT_ON POS "out highp float gl_ClipDistance[3];\nvoid main() { gl_Position = p; gl_ClipDistance[2] = p.x; }\n",
    true, false, "redeclared with a size"},
   {VS_HEAD EXT_ON POS "out highp float gl_ClipDistance[9];\nvoid main() { gl_Position = p; }\n", false, false,
    "redeclared past gl_MaxClipDistances"},
   {VS_HEAD EXT_ON POS "void main() { gl_Position = p; gl_CullDistance[8] = p.x; }\n", false, false,
    "an index past gl_MaxCullDistances"},
   {"#version 300 es\n" EXT_ON "precision mediump float;\nout vec4 o;\nvoid main() { o = vec4(gl_ClipDistance[0]); }\n", true,
    false, "a fragment shader reads gl_ClipDistance"},
   {"#version 100\n" EXT_ON "attribute vec4 p;\nvoid main() { gl_Position = p; gl_ClipDistance[0] = p.x; }\n", false, false,
    "GLSL ES 1.00 has no clip distances"},
};

static void
offered(void)
{
   struct glf_context *ctx = make(GLF_API_GLES, 3, 8, 8);
   CHECK(listed("GL_EXT_clip_cull_distance"), "GL_EXT_clip_cull_distance not listed");
   CHECK(get_int(GL_MAX_CLIP_DISTANCES, GL_NO_ERROR) == 8, "MAX_CLIP_DISTANCES_EXT");
   CHECK(get_int(GL_MAX_CULL_DISTANCES_EXT, GL_NO_ERROR) == 8, "MAX_CULL_DISTANCES_EXT");
   CHECK(get_int(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT, GL_NO_ERROR) == 8, "MAX_COMBINED_..._EXT");
   for (GLenum i = 0; i < 8; i++) {
      glf_Enable(GL_CLIP_DISTANCE0 + i);
      CHECK(glf_IsEnabled(GL_CLIP_DISTANCE0 + i), "CLIP_DISTANCE%u enabled", i);
      glf_Disable(GL_CLIP_DISTANCE0 + i);
      CHECK(!glf_IsEnabled(GL_CLIP_DISTANCE0 + i), "CLIP_DISTANCE%u disabled", i);
      CHECK(glf_GetError() == GL_NO_ERROR, "CLIP_DISTANCE%u", i);
   }
   glf_Enable(GL_CLIP_DISTANCE0 + 8);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "Enable(CLIP_DISTANCE0 + MAX)");
   for (unsigned i = 0; i < ARRAY_SIZE(sources); i++)
      CHECK(compiles(strstr(sources[i].src, "out vec4 o") ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER, sources[i].src) ==
               sources[i].ok_with,
            "offered: %s", sources[i].why);

   /* links: the arrays become BuiltIns (the generated SPIR-V passes the validator in test
    * builds); 5 + 4 elements pass gl_MaxCombinedClipAndCullDistances (8) */
   char log[1024] = "";
   CHECK(links(sources[0].src, fs_plain, log, sizeof(log)), "link both arrays: %s", log);
   CHECK(links(sources[8].src, sources[11].src, log, sizeof(log)), "link with a fragment reader: %s", log);
   CHECK(!links(VS_HEAD EXT_ON POS "void main() { gl_Position = p; gl_ClipDistance[4] = p.x; gl_CullDistance[3] = p.y; }\n",
                fs_plain, log, sizeof(log)),
         "5 clip and 4 cull distances past the combined limit 8");
   drop(ctx);

   /* a larger combined limit admits them */
   ctx = make(GLF_API_GLES, 3, 8, 16);
   CHECK(get_int(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT, GL_NO_ERROR) == 16, "combined 16");
   CHECK(links(VS_HEAD EXT_ON POS "void main() { gl_Position = p; gl_ClipDistance[4] = p.x; gl_CullDistance[3] = p.y; }\n",
               fs_plain, log, sizeof(log)),
         "5 + 4 within 16: %s", log);
   drop(ctx);
}

/* Without it (no cull distances, too few, an ES 2.0 context): the extension's tokens are
 * INVALID_ENUM and its shaders do not compile. */
static void
not_offered(enum glf_api api, int major, uint64_t cull, uint64_t combined, const char *why)
{
   struct glf_context *ctx = make(api, major, cull, combined);
   CHECK(!listed("GL_EXT_clip_cull_distance"), "%s: listed", why);
   static const GLenum pnames[] = {GL_MAX_CLIP_DISTANCES, GL_MAX_CULL_DISTANCES_EXT,
                                   GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT};
   for (unsigned i = 0; i < ARRAY_SIZE(pnames); i++)
      get_int(pnames[i], GL_INVALID_ENUM);
   GLboolean b = GL_TRUE;
   glf_GetBooleanv(GL_MAX_CULL_DISTANCES_EXT, &b);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "%s: GetBooleanv(MAX_CULL_DISTANCES_EXT)", why);
   glf_Enable(GL_CLIP_DISTANCE0);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "%s: Enable(CLIP_DISTANCE0)", why);
   glf_Disable(GL_CLIP_DISTANCE7);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "%s: Disable(CLIP_DISTANCE7)", why);
   CHECK(!glf_IsEnabled(GL_CLIP_DISTANCE0) && glf_GetError() == GL_INVALID_ENUM, "%s: IsEnabled(CLIP_DISTANCE0)", why);
   for (unsigned i = 0; i < ARRAY_SIZE(sources); i++)
      CHECK(compiles(strstr(sources[i].src, "out vec4 o") ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER, sources[i].src) ==
               sources[i].ok_without,
            "%s: %s", why, sources[i].why);
   drop(ctx);
}

/* GL 3.3 core: MAX_CLIP_DISTANCES and the enables (GL 3.0), no cull distances (ARB_cull_distance
 * is not offered), whatever the device has. */
static void
gl_core(void)
{
   struct glf_context *ctx = make(GLF_API_GL_CORE, 3, 8, 8);
   CHECK(!listed("GL_EXT_clip_cull_distance") && !listed("GL_ARB_cull_distance"), "core lists cull distances");
   CHECK(get_int(GL_MAX_CLIP_DISTANCES, GL_NO_ERROR) == 8, "core MAX_CLIP_DISTANCES");
   get_int(GL_MAX_CULL_DISTANCES_EXT, GL_INVALID_ENUM);
   get_int(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT, GL_INVALID_ENUM);
   glf_Enable(GL_CLIP_DISTANCE3);
   CHECK(glf_IsEnabled(GL_CLIP_DISTANCE3) && glf_GetError() == GL_NO_ERROR, "core CLIP_DISTANCE3");
   CHECK(!compiles(GL_VERTEX_SHADER, "#version 330 core\nin vec4 p;\nvoid main() { gl_Position = p; gl_CullDistance[0] = 1.0; }\n"),
         "core gl_CullDistance at 3.30");
   drop(ctx);
}

int
main(void)
{
   offered();
   not_offered(GLF_API_GLES, 3, 0, 0, "no cull distances");
   not_offered(GLF_API_GLES, 3, 4, 8, "4 cull distances");
   not_offered(GLF_API_GLES, 2, 8, 8, "ES 2.0");
   gl_core();
   if (fails)
      printf("%d failures\n", fails);
   else
      printf("front_clip_cull: ok\n");
   return fails ? 1 : 0;
}
