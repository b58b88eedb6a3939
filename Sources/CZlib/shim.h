#ifndef RENDER_GIF_CZLIB_SHIM_H
#define RENDER_GIF_CZLIB_SHIM_H
// zlib, which libpng compresses with; render-gif calls it only to name its version.
#include <zlib.h>
#endif
