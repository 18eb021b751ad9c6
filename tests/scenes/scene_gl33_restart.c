/* gl33_restart: scene_es3_restart.c built for an OpenGL 3.3 core context (custom restart
 * indices through glPrimitiveRestartIndex). */
#include "scene_es3_restart.c"
