#ifndef RENDER_GIF_JPEG_READER_H
#define RENDER_GIF_JPEG_READER_H
// Decodes a whole JPEG held in memory into straight RGBA8 pixels.
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
} JPEGReaderStatus;

/// The caps checked after the header is read and before any pixel memory is allocated.
typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_decoded_bytes;
} JPEGReaderLimits;

/// What jpeg_reader_decode hands back. `pixels` (width * height * 4 bytes, rows top to
/// bottom) is malloc'd and set only when status is JPEG_READER_OK; release it with
/// jpeg_reader_free_pixels.
typedef struct {
    JPEGReaderStatus status;
    uint32_t width;
    uint32_t height;
    /// Colour components in the file: 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK.
    int components;
    /// Non-zero for a progressive (multi-scan) file.
    int progressive;
    unsigned char *pixels;
    /// NUL-terminated library message when status is not JPEG_READER_OK.
    char message[200];
} JPEGReaderResult;

/// Decodes `size` bytes at `data`. Never exits, never longjmps out; always fills `result`.
void jpeg_reader_decode(const unsigned char *data, size_t size, JPEGReaderLimits limits,
                        JPEGReaderResult *result);

/// Frees pixels returned in a result (NULL is fine).
void jpeg_reader_free_pixels(unsigned char *pixels);

#endif
