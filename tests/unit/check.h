/* Minimal assertions for splitgl's C unit tests: a failed CHECK prints file:line and the
 * expression, counts, and the test exits non-zero at the end (check_done). */
#ifndef SGL_TEST_CHECK_H
#define SGL_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static int check_failures;
static int check_count;

#define CHECK(expr)                                                                    \
   do {                                                                                \
      check_count++;                                                                   \
      if (!(expr)) {                                                                   \
         check_failures++;                                                             \
         fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #expr);      \
      }                                                                                \
   } while (0)

#define CHECK_EQ(a, b)                                                                                   \
   do {                                                                                                  \
      long long a_ = (long long)(a), b_ = (long long)(b);                                                \
      check_count++;                                                                                     \
      if (a_ != b_) {                                                                                    \
         check_failures++;                                                                               \
         fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%lld vs %lld)\n", __FILE__, __LINE__, #a, #b, \
                 a_, b_);                                                                                \
      }                                                                                                  \
   } while (0)

static inline int
check_done(const char *name)
{
   printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
   return check_failures ? 1 : 0;
}

#endif
