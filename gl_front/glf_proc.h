/* splitgl gl_front: the generated entry-point name table (glf_proc_table.c). */
#ifndef SGL_GLF_PROC_H
#define SGL_GLF_PROC_H

typedef void (*glf_proc_fn)(void);

struct glf_proc_entry {
   const char *name; /* "glBufferData"; the table is sorted by strcmp */
   glf_proc_fn fn;
   unsigned char extension_only; /* only a listed extension (extensions.def) brings it */
};

/* GLF_ENTRYPOINT_COUNT entries (glf_gl.h). */
extern const struct glf_proc_entry glf_proc_table[];
/* The unimplemented stub of each entry, in the same order: glf_proc_table[i].fn equals
 * glf_stub_table[i] exactly when nothing in gl_front/ implements that command. */
extern const glf_proc_fn glf_stub_table[];

#endif
