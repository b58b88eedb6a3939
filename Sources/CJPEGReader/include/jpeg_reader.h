#ifndef RENDER_GIF_JPEG_READER_H
#define RENDER_GIF_JPEG_READER_H
// Decodes a whole JPEG held in memory into straight RGBA8 pixels, optionally scaled down in
// the DCT domain (by 1/8 to 8/8) to the smallest size that still covers a wanted size.
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
/// bottom) is malloc'd and set only when status is JPEG_READER_OK; release it with
/// jpeg_reader_free_pixels.
typedef struct {
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

/// Decodes `size` bytes at `data`. Never exits, never longjmps out; always fills `result`.
/// With `min_width` and `min_height` above zero, libjpeg decodes at the smallest of the scales
/// 1/8, 2/8, ... 8/8 whose output is at least that wide and that high (full size when none
/// smaller is); zero means full size.
void jpeg_reader_decode(const unsigned char *data, size_t size, JPEGReaderLimits limits,
                        uint32_t min_width, uint32_t min_height, JPEGReaderResult *result);

/// Frees pixels returned in a result (NULL is fine).
void jpeg_reader_free_pixels(unsigned char *pixels);

#endif
