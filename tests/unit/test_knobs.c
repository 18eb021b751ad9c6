/* Every SPLITGL_* knob of util/knobs.def is documented in the README, and the README names
 * no knob that does not exist. */
#include <stdbool.h>
#include <string.h>

#include "check.h"
#include "util/knobs.h"

int
main(int argc, char **argv)
{
   FILE *f = fopen(argv[1], "r");
   CHECK(f != NULL);
   if (!f)
      return check_done("test_knobs");
   static char text[1 << 20];
   size_t n = fread(text, 1, sizeof(text) - 1, f);
   text[n] = 0;
   fclose(f);
   for (const struct sgl_knob_info *k = sgl_knob_table; k->env; k++) {
      if (!strstr(text, k->env)) {
         fprintf(stderr, "README does not document %s\n", k->env);
         CHECK(0);
      }
   }
   for (const char *p = strstr(text, "SPLITGL_"); p; p = strstr(p + 1, "SPLITGL_")) {
      char name[64];
      size_t len = strspn(p, "SPLITGL_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
      if (len >= sizeof(name))
         continue;
      memcpy(name, p, len);
      name[len] = 0;
      while (len && name[len - 1] == '_')
         name[--len] = 0;
      bool known = !strcmp(name, "SPLITGL_WERROR") || !strcmp(name, "SPLITGL_SANITIZE") ||
                   !strcmp(name, "SPLITGL_SKIP_DIRS") || !strcmp(name, "SPLITGL_SPIRV_VALIDATE") || !strcmp(name, "SPLITGL_SCENE_ORACLE_ONLY");
      for (const struct sgl_knob_info *k = sgl_knob_table; k->env && !known; k++)
         known = !strcmp(k->env, name);
      if (!known) {
         fprintf(stderr, "README names %s, which is not a knob\n", name);
         CHECK(0);
      }
   }
   return check_done("test_knobs");
}
