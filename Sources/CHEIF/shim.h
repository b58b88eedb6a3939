#ifndef RENDER_GIF_CHEIF_SHIM_H
#define RENDER_GIF_CHEIF_SHIM_H
// libheif: HEIF and AVIF files (HEVC through libde265, AV1 through dav1d or aom). Every call
// reports failure through a returned heif_error, never through longjmp, so Swift calls it directly.
// The module links nothing itself: on macOS pkg-config's flags link libheif, on Linux CHEIFLoader
// defines these functions and opens libheif the first time one is called.
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

/// The layout of libheif's decoding options up to their version 5 fields (libheif 1.16 and
/// later), for a program built with older headers that runs with a newer library: the fields
/// are only ever appended, and `version` says which ones the library's structure has.
struct render_gif_heif_decoding_options_v5 {
    uint8_t version;
    uint8_t ignore_transformations;
    void (*start_progress)(enum heif_progress_step step, int max_progress, void *user_data);
    void (*on_progress)(enum heif_progress_step step, int progress, void *user_data);
    void (*end_progress)(enum heif_progress_step step, void *user_data);
    void *progress_user_data;
    uint8_t convert_hdr_to_8bit;
    uint8_t strict_decoding;
    const char *decoder_id;
    struct {
        uint8_t version;
        int preferred_chroma_downsampling_algorithm;
        int preferred_chroma_upsampling_algorithm;
        uint8_t only_use_preferred_chroma_algorithm;
    } color_conversion_options;
};

/// Asks libheif (1.16 and later; earlier releases only repeat chroma samples) to bring chroma
/// to 4:4:4 by repeating each sample and by nothing else, so that a picture whose matrix is
/// the identity comes out with its coded samples unchanged, whichever release runs. Works
/// from the options' own `version`, not from the headers built against, since the library
/// loaded may be newer than they are.
static inline void render_gif_heif_repeat_chroma_samples(struct heif_decoding_options *options) {
    if (options == NULL || options->version < 5) return;
    struct render_gif_heif_decoding_options_v5 *known = (struct render_gif_heif_decoding_options_v5 *)(void *)options;
    known->color_conversion_options.preferred_chroma_upsampling_algorithm = 1;  // nearest neighbour
    known->color_conversion_options.only_use_preferred_chroma_algorithm = 1;
}
#endif
