#ifndef RENDER_GIF_CPNG_SHIM_H
#define RENDER_GIF_CPNG_SHIM_H
// libpng. Swift calls only its simplified png_image_* API, which contains libpng's
// longjmp-based error handling and reports failures as return values with a message; the
// low-level write API is used from C alone, inside the CPNGWriter target's one setjmp.
#include <png.h>
#endif
