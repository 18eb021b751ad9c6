/* splitgl: typed access to the SPLITGL_* knobs of util/knobs.def. */
#ifndef SGL_UTIL_KNOBS_H
#define SGL_UTIL_KNOBS_H

struct sgl_knobs {
#define KNOB_INT int
#define KNOB_STR const char *
#define KNOB(id, env, type, def, lo, hi, help) KNOB_##type id;
#include "knobs.def"
#undef KNOB
#undef KNOB_INT
#undef KNOB_STR
};

/** Parsed once (thread-safe) from the environment on first use. */
const struct sgl_knobs *sgl_knobs(void);

struct sgl_knob_info {
   const char *env;
   const char *help;
};
/** The table, for the README check and --help output. Ends with {0}. */
extern const struct sgl_knob_info sgl_knob_table[];

#endif
