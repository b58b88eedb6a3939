#ifndef RENDER_GIF_CHEIF_SHIM_H
#define RENDER_GIF_CHEIF_SHIM_H
// libheif: HEIF and AVIF files (HEVC through libde265, AV1 through dav1d or aom). Every call
// reports failure through a returned heif_error, never through longjmp, so Swift calls it directly.
#include <libheif/heif.h>
#include <stdint.h>

/// Sets libheif's own guards on `context` before it reads a file: tiles decoded on the calling
/// thread, one after another (0 decoding threads: libheif 1.15 starts a thread with std::async
/// for each tile otherwise, and a thread it cannot start throws std::system_error through its
/// C API, which ends the process), and, where the libheif version has them, its limits on a
/// picture's sides (`max_side`) and pixels (`max_pixels`), on the tiles of one picture
/// (`max_tiles`) and on the memory one decoding takes (`max_memory`, libheif 1.20 and later).
/// Swift cannot test the version macros itself, hence this header function.
static inline void render_gif_heif_set_limits(struct heif_context *context, int max_side, uint64_t max_pixels,
                                              uint64_t max_tiles, uint64_t max_memory) {
    heif_context_set_max_decoding_threads(context, 0);
#if LIBHEIF_HAVE_VERSION(1, 19, 0)
    // 1.19 reads heif_context_set_maximum_image_size_limit's argument as pixels, 1.20 as a
    // side: the security limits say the same in every version that has them.
    (void)max_side;
    struct heif_security_limits *limits = heif_context_get_security_limits(context);
    if (limits != NULL) {
        limits->max_image_size_pixels = max_pixels;
        limits->max_number_of_tiles = max_tiles;
#if LIBHEIF_HAVE_VERSION(1, 20, 0)
        if (limits->version >= 2) limits->max_total_memory = max_memory;
#else
        (void)max_memory;
#endif
    }
#else
    (void)max_pixels;
    (void)max_tiles;
    (void)max_memory;
    heif_context_set_maximum_image_size_limit(context, max_side);
#endif
}
#endif
