#ifndef RENDER_GIF_TEST_IMAGE_FIXTURES_H
#define RENDER_GIF_TEST_IMAGE_FIXTURES_H
// Test-only encoders that produce PNG and JPEG fixtures with exactly chosen bytes.
//
// They use the libraries' full (low-level) write APIs, which the product never does, so that
// tests can make every colour type, bit depth, interlacing and transparency the PNG format
// allows, and baseline, progressive and greyscale JPEGs. Output is deterministic: no time
// chunk, fixed compression settings. Each function holds its own setjmp; nothing jumps out.

#include <stddef.h>
#include <stdint.h>

/// A PNG to write, in the file's own sample layout.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// 1, 2, 4, 8 or 16.
    int bit_depth;
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    int color_type;
    /// Non-zero for Adam7 interlacing.
    int interlaced;
    /// `height` rows of `row_bytes` packed samples each (16-bit samples big-endian).
    const uint8_t *rows;
    size_t row_bytes;
    /// Palette entries as R, G, B triples (colour type 3).
    const uint8_t *palette_rgb;
    int palette_count;
    /// tRNS for a palette: one alpha per entry, `palette_alpha_count` of them (may be 0).
    const uint8_t *palette_alpha;
    int palette_alpha_count;
    /// tRNS for grey or RGB: the one sample value (at the file's bit depth) that is transparent.
    int has_transparent_value;
    uint16_t transparent_gray;
    uint16_t transparent_red;
    uint16_t transparent_green;
    uint16_t transparent_blue;
    /// gAMA chunk as libpng fixed point (45455 = 1/2.2); 0 writes none.
    uint32_t gamma_fixed;
} FixturePNGSpec;

/// Encodes `spec`; on success returns 1 and a malloc'd buffer in *out (free with fixture_free).
/// On failure returns 0 and the libpng message in `message`.
int fixture_png_encode(const FixturePNGSpec *spec, uint8_t **out, size_t *out_size,
                       char *message, size_t message_size);

/// Encodes 8-bit pixels (1 component grey or 3 components RGB) as a JPEG at `quality`,
/// progressive when `progressive` is non-zero. Same result convention as fixture_png_encode.
int fixture_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                        int quality, int progressive, uint8_t **out, size_t *out_size,
                        char *message, size_t message_size);

/// As fixture_jpeg_encode, with the luma component's sampling factors for an RGB picture
/// (the chroma ones stay 1): 1 x 1 is 4:4:4, 2 x 1 is 4:2:2, 2 x 2 is 4:2:0; 0 x 0 keeps
/// libjpeg's default (4:2:0).
int fixture_jpeg_encode_sampled(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                                int quality, int progressive, int luma_h, int luma_v, uint8_t **out,
                                size_t *out_size, char *message, size_t message_size);

/// Frees a buffer returned by the encoders.
void fixture_free(void *buffer);

#endif
