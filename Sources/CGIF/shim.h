#ifndef RENDER_GIF_CGIF_SHIM_H
#define RENDER_GIF_CGIF_SHIM_H
// giflib 5: reports every failure through return codes, never through longjmp.
#include <gif_lib.h>
#endif
