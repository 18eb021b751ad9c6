/* The op table against the shipped catalogue (append-only numbering) and its own rules. */
#include <string.h>

#include "check.h"
#include "wire/ops.h"

int
main(int argc, char **argv)
{
   FILE *f = fopen(argv[1], "r");
   CHECK(f != NULL);
   if (!f)
      return check_done("test_catalogue");
   char line[256];
   unsigned seen = 0;
   while (fgets(line, sizeof(line), f)) {
      unsigned num, size, flags;
      char name[64], wait[16];
      if (line[0] == '#' || sscanf(line, "%u %63s %u %u %15s", &num, name, &size, &flags, wait) != 5)
         continue;
      const struct wire_op_info *i = wire_op_info(num);
      CHECK(i != NULL);
      if (!i)
         continue;
      seen++;
      if (strcmp(i->name, name) || i->payload_size != size || i->flags != flags ||
          strcmp(wire_wait_class_name(i->wait_class), wait)) {
         fprintf(stderr, "op %u changed: catalogue '%s %u %u %s', table '%s %u %u %s'\n", num, name, size, flags,
                 wait, i->name, i->payload_size, i->flags, wire_wait_class_name(i->wait_class));
         CHECK(0);
      }
   }
   fclose(f);
   /* Ops in the table but not yet in the catalogue: print the lines to append, and fail (an
    * op ships with its catalogue line, or it could change unnoticed later: op 53 did). */
   for (unsigned op = seen + 1; op < WIRE_OP_LIMIT; op++) {
      const struct wire_op_info *i = wire_op_info(op);
      printf("new op, append to catalogue.txt: %u %s %u %u %s\n", op, i->name, i->payload_size, i->flags,
             wire_wait_class_name(i->wait_class));
      CHECK(0);
   }
   CHECK_EQ(seen + 1 <= WIRE_OP_LIMIT, 1);
   /* Table rules: a reply op waits for its reply; nothing else does. Numbers are dense. */
   for (unsigned op = 1; op < WIRE_OP_LIMIT; op++) {
      const struct wire_op_info *i = wire_op_info(op);
      CHECK(i != NULL);
      if (!i)
         continue;
      CHECK_EQ(!!(i->flags & WF_REPLY), i->wait_class == WIRE_WAIT_REPLY);
      CHECK_EQ(i->payload_size % 8, 0);
      CHECK(i->payload_size + sizeof(struct wire_record_hdr) + WIRE_MAX_TAIL < 65536u * 16);
   }
   CHECK(wire_op_info(0) == NULL);
   CHECK(wire_op_info(WIRE_OP_LIMIT) == NULL);
   return check_done("test_catalogue");
}
