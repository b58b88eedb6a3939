#ifndef RENDER_GIF_CLCMS_SHIM_H
#define RENDER_GIF_CLCMS_SHIM_H
// Little CMS 2, the colour engine that converts pictures with an embedded ICC profile to
// sRGB. Its functions report failure by return value (no longjmp), so Swift calls them directly.
#include <lcms2.h>

/// TYPE_RGBA_8, a macro built from other macros that Swift does not import.
static const cmsUInt32Number render_gif_lcms_rgba8 = TYPE_RGBA_8;
/// TYPE_RGBA_16: the 10- and 12-bit HEIF/AVIF samples, widened to 16 bits before conversion.
static const cmsUInt32Number render_gif_lcms_rgba16 = TYPE_RGBA_16;
#endif
