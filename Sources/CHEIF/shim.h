#ifndef RENDER_GIF_CHEIF_SHIM_H
#define RENDER_GIF_CHEIF_SHIM_H
// libheif: HEIF and AVIF files (HEVC through libde265, AV1 through dav1d or aom). Every call
// reports failure through a returned heif_error, never through longjmp, so Swift calls it directly.
#include <libheif/heif.h>
#endif
