#ifndef RENDER_GIF_JPEG_READER_H
#define RENDER_GIF_JPEG_READER_H
// Decodes a whole JPEG held in memory into straight RGBA8 pixels, optionally scaled down in
// the DCT domain (by 1/8 to 8/8) to the smallest size that is still several times a wanted
// size, so that the area reduction the caller makes next averages the scaled decode's
// differences from a full decode away.
//
// libjpeg reports fatal errors by calling error_exit, whose default ends the process. Here
// error_exit longjmps back into jpeg_reader_decode, the one function that holds the setjmp,
// so the jump never leaves C. The library's message is copied into the result for the caller.

#include <stddef.h>
#include <stdint.h>

/// How a decode ended.
typedef enum {
    JPEG_READER_OK = 0,
    /// libjpeg rejected the data; `message` holds its text.
    JPEG_READER_CORRUPT = 1,
    /// The header declares more pixels than the limits allow; width and height are set.
    JPEG_READER_TOO_LARGE = 2,
    /// malloc failed for the output pixels.
    JPEG_READER_OUT_OF_MEMORY = 3,
    /// libjpeg's own memory (a progressive file's coefficients, its buffers) plus the output
    /// pixels would be more than max_working_bytes; working_bytes holds the need.
    JPEG_READER_OVER_MEMORY = 4,
} JPEGReaderStatus;

/// The caps checked after the header is read and before any pixel memory is allocated.
typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_decoded_bytes;
    /// The most memory one decode may take: libjpeg's pools (its max_memory_to_use) plus the
    /// output pixels, estimated from the header before decoding starts.
    uint64_t max_working_bytes;
} JPEGReaderLimits;

/// What jpeg_reader_decode hands back. `pixels` (width * height * 4 bytes, rows top to
/// bottom) is malloc'd and set only when status is JPEG_READER_OK and no row handler was
/// given; release it with jpeg_reader_free_pixels.
typedef struct JPEGReaderResult {
    JPEGReaderStatus status;
    /// The decoded size: the stored size times the chosen scale.
    uint32_t width;
    uint32_t height;
    /// The size stored in the file's frame header.
    uint32_t image_width;
    uint32_t image_height;
    /// The scale libjpeg decoded at: scale_num / 8.
    int scale_num;
    /// Colour components in the file: 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK.
    int components;
    /// Non-zero for a progressive (multi-scan) file.
    int progressive;
    /// The memory the decode needs (set with JPEG_READER_OVER_MEMORY and JPEG_READER_OK).
    uint64_t working_bytes;
    unsigned char *pixels;
    /// NUL-terminated library message when status is not JPEG_READER_OK.
    char message[200];
} JPEGReaderResult;

/// How many times the wanted size a scaled decode must be on each axis. A picture decoded at
/// M/8 and then area-reduced to the wanted size differs from the same picture decoded whole
/// and area-reduced: the scaled IDCT keeps only the block's lowest frequencies, interpolates
/// 4:2:0 chroma in the DCT instead of upsampling it, and clips its ringing at black and white
/// in other places, and the area filter averages that away only in part. Measured against the
/// full decode area-reduced (PSNR over RGB), on five photographs and on sharp drawings of 100
/// to 4000 pixels at 4:4:4, 4:2:2, 4:2:0 and greyscale, reduced to 30 to 250 pixels: at 1/8,
/// 2/8 and 4/8, photographs reach 45 dB from 3 times the wanted size and 50 dB from 4, but
/// drawings of one-pixel lines on white only 42 to 47 dB between 8 and 17 times and at least
/// 45.5 dB from 20 times; the other scales (3/8, 5/8, 6/8, 7/8) do worse on drawings at every
/// margin measured and decode slower than a whole picture with SIMD, so they are not used.
#define JPEG_READER_SCALE_MARGIN 24

/// The scale, in eighths, jpeg_reader_decode picks for a stored picture of `image_width` x
/// `image_height` pixels wanted at `min_width` x `min_height`: the smallest of 1, 2 and 4
/// whose scaled size, image_width * M / 8 by image_height * M / 8 (unrounded), is at least
/// JPEG_READER_SCALE_MARGIN times the wanted size on both axes; 8 (full size) when none is,
/// or when a wanted side is 0.
uint32_t jpeg_reader_scale_num(uint32_t image_width, uint32_t image_height, uint32_t min_width,
                               uint32_t min_height);

/// Takes one decoded row, row `y` from the top (rows come in order): `decoding->width` straight
/// RGBA8 pixels at `rgba`, valid only during the call (the handler may change them).
/// `decoding` is the result being filled, its width, height, scale and components already set.
typedef void (*JPEGReaderRowHandler)(void *context, const struct JPEGReaderResult *decoding,
                                     unsigned char *rgba, uint32_t y);

/// Decodes `size` bytes at `data`. Never exits, never longjmps out; always fills `result`.
/// With `min_width` and `min_height` above zero, libjpeg decodes at the scale that
/// jpeg_reader_scale_num picks (its output is then image_width * M / 8 rounded up, the last
/// column and row partly past the picture's edge when that is not whole); zero means full size.
/// With a `row_handler`, each row goes to it (with `context`) as it is decoded and the whole
/// picture is never held; without one, `result->pixels` holds it.
void jpeg_reader_decode(const unsigned char *data, size_t size, JPEGReaderLimits limits,
                        uint32_t min_width, uint32_t min_height, JPEGReaderRowHandler row_handler,
                        void *context, JPEGReaderResult *result);

/// Frees pixels returned in a result (NULL is fine).
void jpeg_reader_free_pixels(unsigned char *pixels);

#endif
