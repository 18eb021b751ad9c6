/* splitgl icd: where the vendor library lives. */
#define _GNU_SOURCE
#include "icd/icd.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char icd_dir[PATH_MAX] = ".";
static pthread_once_t icd_dir_once = PTHREAD_ONCE_INIT;

static void
find_icd_dir(void)
{
   Dl_info info;
   if (!dladdr((void *)find_icd_dir, &info) || !info.dli_fname || !strchr(info.dli_fname, '/'))
      return;
   snprintf(icd_dir, sizeof(icd_dir), "%s", info.dli_fname);
   char *slash = strrchr(icd_dir, '/');
   if (slash == icd_dir)
      slash[1] = '\0'; /* "/libEGL_splitgl.so.0" */
   else
      *slash = '\0';
}

const char *
sgl_icd_dir(void)
{
   pthread_once(&icd_dir_once, find_icd_dir);
   return icd_dir;
}
