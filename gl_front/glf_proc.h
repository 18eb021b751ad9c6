/* splitgl gl_front: the generated entry-point name table (glf_proc_table.c). */
#ifndef SGL_GLF_PROC_H
#define SGL_GLF_PROC_H

struct glf_proc_entry {
   const char *name; /* "glBufferData"; the table is sorted by strcmp */
   void (*fn)(void);
};

/* GLF_ENTRYPOINT_COUNT entries (glf_gl.h). */
extern const struct glf_proc_entry glf_proc_table[];

#endif
