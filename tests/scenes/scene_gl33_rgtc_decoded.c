/* gl33_rgtc_decoded: scene_gl33_rgtc.c run with SPLITGL_MAGMA_HIDE=bc (Espryt:
 * SPLITGL_ESPRYT_HIDE=rgtc), so that the server decodes the RGTC blocks at upload (wire/rgtc.h: the appendix's integer formulas, 8 bits). llvmpipe's own
 * BC4 / BC5 sampling rounds some interpolants differently (by up to 2 / 255 in this scene), hence
 * the tolerance of 2; a block or texel misplaced differs by far more. */
#include "scene_gl33_rgtc.c"
