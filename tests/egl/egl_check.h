/* The EGL tests' check: prints the failure and counts it; main returns fails != 0. */
#ifndef SGL_TEST_EGL_CHECK_H
#define SGL_TEST_EGL_CHECK_H

#include <stdio.h>

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

#endif
