#include "knobs.h"

#include <pthread.h>
#include <stdlib.h>

static struct sgl_knobs knobs;
static pthread_once_t knobs_once = PTHREAD_ONCE_INIT;

static int
parse_int(const char *env, int def, int lo, int hi)
{
   const char *s = getenv(env);
   if (!s || !*s)
      return def;
   char *end;
   long v = strtol(s, &end, 0);
   if (*end)
      return def;
   if (v < lo)
      v = lo;
   if (v > hi)
      v = hi;
   return (int)v;
}

static const char *
parse_str(const char *env, const char *def)
{
   const char *s = getenv(env);
   return (s && *s) ? s : def;
}

#define KNOB_PARSE_INT(env, def, lo, hi) parse_int(env, (int)(long)(def), lo, hi)
#define KNOB_PARSE_STR(env, def, lo, hi) parse_str(env, (const char *)(def))

static void
knobs_init(void)
{
#define KNOB(id, env, type, def, lo, hi, help) knobs.id = KNOB_PARSE_##type(env, def, lo, hi);
#include "knobs.def"
#undef KNOB
}

const struct sgl_knobs *
sgl_knobs(void)
{
   pthread_once(&knobs_once, knobs_init);
   return &knobs;
}

const struct sgl_knob_info sgl_knob_table[] = {
#define KNOB(id, env, type, def, lo, hi, help) {env, help},
#include "knobs.def"
#undef KNOB
   {0, 0},
};
