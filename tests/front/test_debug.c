/* KHR_debug on ES 3.0 and GL 3.3 core contexts (fake wire): GL errors and splitgl's warnings
 * as messages, the callback and the log, filters with per-id rules and groups, labels that go
 * with their objects, and the spec's errors. */
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

static struct {
   GLenum source, type, severity;
   GLuint id;
   char text[1100];
   int count;
} last;

static void GLAPIENTRY
callback(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *message,
         const void *user)
{
   last.source = source;
   last.type = type;
   last.id = id;
   last.severity = severity;
   snprintf(last.text, sizeof(last.text), "%s", message);
   CHECK((size_t)length == strlen(message), "length %d for '%s'", length, message);
   CHECK(user == (void *)&last, "user param");
   last.count++;
}

static void
run(enum glf_api api)
{
   memset(&last, 0, sizeof(last));
   struct wire_client *c = wire_client_open(WIRE_TRANSPORT_MONOLITH, NULL, NULL, 0);
   struct glf_context *ctx = glf_context_create(c, api, 3, api == GLF_API_GLES ? 0 : 3, NULL, true, false);
   struct glf_drawable d = {.color = {1, 1}, .width = 8, .height = 8};
   glf_make_current(ctx, &d, &d);
   CHECK(glf_IsEnabled(GL_DEBUG_OUTPUT), "DEBUG_OUTPUT starts enabled in a debug context");
   GLint v = 0;
   glf_GetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &v);
   CHECK(v == 1, "group depth %d", v);

   /* the log: a GL error becomes a message */
   glf_Enable(0x1234);
   CHECK(glf_GetError() == GL_INVALID_ENUM, "the error is still raised");
   glf_GetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &v);
   CHECK(v == 1, "logged %d", v);
   GLenum src, type, sev;
   GLuint id;
   GLsizei len;
   char buf[2048];
   CHECK(glf_GetDebugMessageLog(4, sizeof(buf), &src, &type, &id, &sev, &len, buf) == 1, "fetch");
   CHECK(src == GL_DEBUG_SOURCE_API && type == GL_DEBUG_TYPE_ERROR && id == GL_INVALID_ENUM &&
            sev == GL_DEBUG_SEVERITY_HIGH && strstr(buf, "glEnable") && len == (GLsizei)strlen(buf) + 1,
         "error message: src 0x%x type 0x%x id 0x%x sev 0x%x '%s'", src, type, id, sev, buf);

   /* the callback, and what an application inserts */
   glf_DebugMessageCallback(callback, &last);
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42, GL_DEBUG_SEVERITY_NOTIFICATION, -1,
                          "frame 1");
   CHECK(last.count == 1 && last.id == 42 && !strcmp(last.text, "frame 1"), "inserted message");
   /* LOW severity is disabled by default, then enabled */
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_LOW, 3, "low");
   CHECK(last.count == 1, "LOW is off by default");
   glf_DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL, GL_TRUE);
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_LOW, 3, "low");
   CHECK(last.count == 2 && !strcmp(last.text, "low"), "LOW enabled");
   /* per-id rule inside a group; the group's end restores the parent's filter */
   glf_PushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 7, -1, "pass");
   CHECK(last.type == GL_DEBUG_TYPE_PUSH_GROUP && !strcmp(last.text, "pass"), "push message");
   GLuint muted = 5;
   glf_DebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1, &muted, GL_FALSE);
   int before = last.count;
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_HIGH, -1, "muted");
   CHECK(last.count == before, "id 5 is muted in the group");
   glf_GetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &v);
   CHECK(v == 2, "depth %d", v);
   glf_PopDebugGroup();
   CHECK(last.type == GL_DEBUG_TYPE_POP_GROUP && last.id == 7, "pop message");
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_HIGH, -1, "back");
   CHECK(!strcmp(last.text, "back"), "id 5 is back after the pop");
   /* DEBUG_OUTPUT off: nothing */
   glf_Disable(GL_DEBUG_OUTPUT);
   before = last.count;
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, -1, "off");
   CHECK(last.count == before, "no output while disabled");
   glf_Enable(GL_DEBUG_OUTPUT);
   void *p = NULL;
   glf_GetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &p);
   CHECK(p == &last, "callback user param");

   /* errors */
   glf_PopDebugGroup();
   CHECK(glf_GetError() == GL_STACK_UNDERFLOW, "pop of the default group");
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, -1, "x");
   CHECK(glf_GetError() == GL_INVALID_ENUM, "insert from source API");
   glf_DebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1, &muted, GL_TRUE);
   CHECK(glf_GetError() == GL_INVALID_OPERATION, "ids with source DONT_CARE");
   static char huge[1100];
   memset(huge, 'a', sizeof(huge) - 1);
   glf_DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, -1, huge);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "message too long");
   /* the stack holds MAX_DEBUG_GROUP_STACK_DEPTH groups, the default one included */
   for (int i = 0; i < 63; i++)
      glf_PushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, "g");
   CHECK(glf_GetError() == GL_NO_ERROR, "63 pushes");
   glf_PushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, "g");
   CHECK(glf_GetError() == GL_STACK_OVERFLOW, "the 64th push overflows");
   for (int i = 0; i < 63; i++)
      glf_PopDebugGroup();
   CHECK(glf_GetError() == GL_NO_ERROR, "pops");

   /* splitgl's own warnings */
   before = last.count;
   if (api == GLF_API_GLES)
      glf_BeginQuery(GL_ANY_SAMPLES_PASSED, 1); /* no such query object: an error */
   else
      glf_PolygonMode(GL_FRONT_AND_BACK, GL_LINE); /* the fake server's device lacks it: a warning and an error */
   glf_GetError();
   CHECK(last.count >= before + 1, "warning delivered");

   /* labels */
   GLuint buf_name;
   glf_GenBuffers(1, &buf_name);
   glf_BindBuffer(GL_ARRAY_BUFFER, buf_name);
   glf_ObjectLabel(GL_BUFFER, buf_name, -1, "vertices");
   char lab[64] = "";
   glf_GetObjectLabel(GL_BUFFER, buf_name, sizeof(lab), &len, lab);
   CHECK(!strcmp(lab, "vertices") && len == 8, "label '%s' %d", lab, len);
   glf_GetObjectLabel(GL_BUFFER, buf_name, 4, &len, lab);
   CHECK(!strcmp(lab, "ver") && len == 3, "truncated label '%s' %d", lab, len);
   glf_DeleteBuffers(1, &buf_name);
   glf_GetObjectLabel(GL_BUFFER, buf_name, sizeof(lab), &len, lab);
   CHECK(glf_GetError() == GL_INVALID_VALUE, "label of a deleted buffer");
   glf_ObjectLabel(GL_TEXTURE, 999, -1, "x");
   CHECK(glf_GetError() == GL_INVALID_VALUE, "label of no texture");
   glf_ObjectLabel(0x1234, 1, -1, "x");
   CHECK(glf_GetError() == GL_INVALID_ENUM, "bad identifier");
   GLuint prog = glf_CreateProgram();
   glf_ObjectLabel(GL_PROGRAM, prog, 4, "prog-ignored");
   glf_GetObjectLabel(GL_PROGRAM, prog, sizeof(lab), &len, lab);
   CHECK(!strcmp(lab, "prog"), "program label '%s'", lab);
   glf_ObjectLabel(GL_PROGRAM, prog, 0, NULL);
   glf_GetObjectLabel(GL_PROGRAM, prog, sizeof(lab), &len, lab);
   CHECK(len == 0 && lab[0] == 0, "removed label");
   glf_DeleteProgram(prog);
   GLuint smp;
   glf_GenSamplers(1, &smp);
   glf_ObjectLabel(GL_SAMPLER, smp, -1, "nearest");
   glf_GetObjectLabel(GL_SAMPLER, smp, sizeof(lab), &len, lab);
   CHECK(!strcmp(lab, "nearest") && len == 7, "sampler label '%s'", lab);
   glf_DeleteSamplers(1, &smp);
   glf_ObjectLabel(GL_SAMPLER, smp, -1, "x");
   CHECK(glf_GetError() == GL_INVALID_VALUE, "label of a deleted sampler");
   GLsync s = glf_FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   glf_ObjectPtrLabel(s, -1, "fence");
   glf_GetObjectPtrLabel(s, sizeof(lab), &len, lab);
   CHECK(!strcmp(lab, "fence"), "sync label '%s'", lab);
   glf_DeleteSync(s);
   CHECK(glf_GetError() == GL_NO_ERROR, "no error left");

   glf_make_current(NULL, NULL, NULL);
   glf_context_destroy(ctx);
}

int
main(void)
{
   run(GLF_API_GLES);
   run(GLF_API_GL_CORE);
   printf("%d failures\n", fails);
   return fails ? 1 : 0;
}
