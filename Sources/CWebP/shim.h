#ifndef RENDER_GIF_CWEBP_SHIM_H
#define RENDER_GIF_CWEBP_SHIM_H
// libwebp's decoder and libwebpdemux (the container's chunks: ICCP, EXIF, animation frames).
// Both report failure by return value, never through longjmp, so Swift calls them directly
// (their versioned inline wrappers, WebPInitDecoderConfig and friends, import as they are).
#include <webp/decode.h>
#include <webp/demux.h>
#endif
