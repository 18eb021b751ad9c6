/* gl33_current_attrib: scene_es3_current_attrib.c on an OpenGL 3.3 core context. */
#include "scene_es3_current_attrib.c"
