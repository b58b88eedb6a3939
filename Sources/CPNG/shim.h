#ifndef RENDER_GIF_CPNG_SHIM_H
#define RENDER_GIF_CPNG_SHIM_H
// libpng, used only through its simplified png_image_* API, which contains libpng's
// longjmp-based error handling and reports failures as return values with a message.
#include <png.h>
#endif
