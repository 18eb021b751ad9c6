/* The payload structs' byte layout against the shipped one (tests/unit/layout.txt): every
 * field's offset and size, every struct's size. layout.txt was written from the hand-written
 * wire_types.h before the structs were generated from wire/payloads.schema, so the generated
 * structs are byte-identical to the old ones; a schema change that moves a byte fails here
 * (the wire's layout changes only with a protocol revision). `test_layout --dump` prints the
 * current layout in layout.txt's format. */
#include <stdbool.h>
#include <string.h>

#include "check.h"
#include "wire/wire_layout.h"
#include "wire/wire_types.h"

struct entry {
   const char *name;
   unsigned offset, size;
};

#define SIZE_OF_FIELD(s, f) sizeof(((struct s *)0)->f)
static const struct entry fields[] = {
#define L(s, f, off, size) {#s "." #f, offsetof(struct s, f), SIZE_OF_FIELD(s, f)},
   WIRE_PAYLOAD_LAYOUT(L)
#undef L
};
static const struct entry structs[] = {
#define S(s, size) {#s, sizeof(struct s), 0},
   WIRE_PAYLOAD_SIZES(S)
#undef S
};

/* The schema's own computation agrees with the compiler's. */
#define L(s, f, off, size)                                                             \
   static_assert(offsetof(struct s, f) == off && SIZE_OF_FIELD(s, f) == size, #s "." #f);
WIRE_PAYLOAD_LAYOUT(L)
#undef L
#define S(s, size) static_assert(sizeof(struct s) == size, #s);
WIRE_PAYLOAD_SIZES(S)
#undef S

#define N(a) (sizeof(a) / sizeof((a)[0]))

int
main(int argc, char **argv)
{
   if (argc > 1 && !strcmp(argv[1], "--dump")) {
      for (size_t i = 0; i < N(structs); i++)
         printf("struct %s %u\n", structs[i].name, structs[i].offset);
      for (size_t i = 0; i < N(fields); i++)
         printf("field %s %u %u\n", fields[i].name, fields[i].offset, fields[i].size);
      return 0;
   }
   FILE *f = fopen(argv[1], "r");
   CHECK(f != NULL);
   if (!f)
      return check_done("test_layout");
   char line[256];
   unsigned seen_fields = 0, seen_structs = 0;
   while (fgets(line, sizeof(line), f)) {
      char name[128];
      unsigned a, b;
      if (sscanf(line, "struct %127s %u", name, &a) == 2) {
         bool found = false;
         for (size_t i = 0; i < N(structs); i++)
            if (!strcmp(structs[i].name, name)) {
               found = true;
               seen_structs++;
               if (structs[i].offset != a) {
                  fprintf(stderr, "%s: %u bytes, shipped %u\n", name, structs[i].offset, a);
                  CHECK(0);
               }
            }
         if (!found)
            fprintf(stderr, "shipped struct %s is gone\n", name);
         CHECK(found);
      } else if (sscanf(line, "field %127s %u %u", name, &a, &b) == 3) {
         bool found = false;
         for (size_t i = 0; i < N(fields); i++)
            if (!strcmp(fields[i].name, name)) {
               found = true;
               seen_fields++;
               if (fields[i].offset != a || fields[i].size != b) {
                  fprintf(stderr, "%s at %u (%u bytes), shipped at %u (%u bytes)\n", name, fields[i].offset,
                          fields[i].size, a, b);
                  CHECK(0);
               }
            }
         if (!found)
            fprintf(stderr, "shipped field %s is gone\n", name);
         CHECK(found);
      }
   }
   fclose(f);
   /* New structs / fields (a new op): append their lines (--dump prints them). */
   if (seen_fields != N(fields) || seen_structs != N(structs))
      printf("layout.txt lacks %zu structs / %zu fields: append them from test_layout --dump\n",
             N(structs) - seen_structs, N(fields) - seen_fields);
   CHECK(seen_structs > 40 && seen_fields > 150);
   return check_done("test_layout");
}
