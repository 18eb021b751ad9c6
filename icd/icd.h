/* splitgl icd: facts about the vendor library itself. */
#ifndef SGL_ICD_H
#define SGL_ICD_H

/** The directory that holds the loaded vendor library (libEGL_splitgl.so.0), found with
 *  dladdr; "." if it cannot be found. splitgl-server is looked for there. */
const char *sgl_icd_dir(void);

#endif
