/* The generated entry points: every GLES 3.0 and GL 3.3 core command resolves, removed
 * compatibility commands do not, and the name table is sorted and self-consistent. */
#include <stdio.h>
#include <string.h>

#include "gl_front/glf_proc.h"
#include "glf_gl.h"
#include "gl_front/glf_public.h"

static const char *const must_resolve[] = {
   "glBufferData", "glDrawArraysInstanced", "glGetStringi", "glVertexAttribDivisor", "glClearDepthf",
   "glClearDepth", "glGetInteger64v", "glFenceSync", "glTexStorage2D", "glReadPixels", "glDrawRangeElements",
   "glUniformMatrix4x3fv", "glBindVertexArray", "glGetProgramBinary", "glInvalidateFramebuffer",
   "glShaderBinary", "glGetShaderPrecisionFormat", "glPrimitiveRestartIndex", "glTexImage2DMultisample",
   "glBindFragDataLocationIndexed", "glVertexAttribP4ui", "glQueryCounter", "glDrawBuffer", "glPolygonMode",
   "glTexImage1D", "glGetDoublev", "glVertexAttrib4Nub", "glMultiDrawArrays",
};
static const char *const must_not_resolve[] = {
   "glBegin", "glEnd", "glVertex3f", "glMatrixMode", "glLoadIdentity", "glAccum", "glNewList",
   "glTexEnvi", "glLightfv", "glDispatchCompute", "glBufferStorage", "eglGetDisplay",
   "BufferData", "", "gl",
};

int
main(int argc, char **argv)
{
   if (argc > 1 && !strcmp(argv[1], "--list-stubs")) { /* the unimplemented commands, one a line */
      for (unsigned i = 0; i < GLF_ENTRYPOINT_COUNT; i++)
         if (glf_proc_table[i].fn == glf_stub_table[i])
            printf("%s\n", glf_proc_table[i].name);
      return 0;
   }
   int fails = 0;
   for (unsigned i = 0; i < GLF_ENTRYPOINT_COUNT; i++) {
      if (i && strcmp(glf_proc_table[i - 1].name, glf_proc_table[i].name) >= 0) {
         printf("FAIL: table not sorted at %s\n", glf_proc_table[i].name);
         fails++;
      }
      if (glf_get_proc_address(glf_proc_table[i].name) != (void *)glf_proc_table[i].fn) {
         printf("FAIL: %s does not resolve to its entry\n", glf_proc_table[i].name);
         fails++;
      }
   }
   for (unsigned i = 0; i < sizeof(must_resolve) / sizeof(must_resolve[0]); i++)
      if (!glf_get_proc_address(must_resolve[i])) {
         printf("FAIL: %s does not resolve\n", must_resolve[i]);
         fails++;
      }
   for (unsigned i = 0; i < sizeof(must_not_resolve) / sizeof(must_not_resolve[0]); i++)
      if (glf_get_proc_address(must_not_resolve[i])) {
         printf("FAIL: %s resolves\n", must_not_resolve[i]);
         fails++;
      }
   /* Implemented commands resolve to their hand-written definitions, not to the generated
    * unimplemented stub (the table of stubs is distinct from the weak aliases). */
   static const char *const implemented[] = {
      "glBufferData", "glDrawArrays", "glReadPixels", "glGetError", "glGetGraphicsResetStatus",
      "glGetGraphicsResetStatusKHR", "glGetGraphicsResetStatusEXT", "glReadnPixels", "glReadnPixelsEXT",
      "glGetnUniformfv", "glGetnUniformivEXT", "glFinish", "glGetStringi", "glDebugMessageCallback",
      "glDebugMessageCallbackKHR", "glObjectLabel", "glPushDebugGroupKHR", "glBindVertexArrayOES", "glFenceSync",
      "glClientWaitSync",
   };
   unsigned stubs = 0;
   for (unsigned i = 0; i < GLF_ENTRYPOINT_COUNT; i++)
      stubs += glf_proc_table[i].fn == glf_stub_table[i];
   for (unsigned i = 0; i < sizeof(implemented) / sizeof(implemented[0]); i++) {
      const struct glf_proc_entry *e = NULL;
      for (unsigned j = 0; j < GLF_ENTRYPOINT_COUNT; j++)
         if (!strcmp(glf_proc_table[j].name, implemented[i]))
            e = &glf_proc_table[j];
      if (!e || e->fn == glf_stub_table[e - glf_proc_table]) {
         printf("FAIL: %s is the unimplemented stub\n", implemented[i]);
         fails++;
      }
   }
   /* A listed extension promises its commands: none of them may be the stub. */
   for (unsigned i = 0; i < GLF_ENTRYPOINT_COUNT; i++)
      if (glf_proc_table[i].extension_only && glf_proc_table[i].fn == glf_stub_table[i]) {
         printf("FAIL: %s (an extension's command) is the unimplemented stub\n", glf_proc_table[i].name);
         fails++;
      }
   /* The comparison must be able to tell: every entry point has a stub of its own, distinct
    * from the others (no entry point is left unimplemented since layered rendering, so the
    * count of stubs in use no longer shows it). */
   unsigned distinct = 0;
   for (unsigned i = 0; i < GLF_ENTRYPOINT_COUNT; i++)
      distinct += glf_stub_table[i] && (i == 0 || glf_stub_table[i] != glf_stub_table[i - 1]);
   if (stubs == GLF_ENTRYPOINT_COUNT || distinct != GLF_ENTRYPOINT_COUNT) {
      printf("FAIL: %u of %u entry points are stubs, %u stubs distinct: the stub table cannot tell them apart\n",
             stubs, (unsigned)GLF_ENTRYPOINT_COUNT, distinct);
      fails++;
   }
   printf("%u entry points, %u implemented, %u unimplemented stubs, %d failures\n", (unsigned)GLF_ENTRYPOINT_COUNT,
          (unsigned)GLF_ENTRYPOINT_COUNT - stubs, stubs, fails);
   return fails ? 1 : 0;
}
