#ifndef RENDER_GIF_PNG_WRITER_H
#define RENDER_GIF_PNG_WRITER_H
// Encodes 8-bit RGBA pixels held in memory as a PNG file held in memory, through libpng's
// low-level write API.
//
// libpng reports fatal errors by longjmp to the setjmp of the caller of its functions. Here
// the one function that calls libpng, png_writer_encode, holds that setjmp, so the jump never
// leaves C. libpng's message is copied into the result for the caller.

#include <stddef.h>
#include <stdint.h>

/// How an encode ended.
typedef enum {
    PNG_WRITER_OK = 0,
    /// libpng refused the data or the settings (for example a zero or oversized width);
    /// `message` holds its text.
    PNG_WRITER_LIBRARY_ERROR = 1,
    /// The arguments cannot describe an image (no pixels, rows shorter than width * 4 bytes,
    /// a setting out of range); `message` says which.
    PNG_WRITER_INVALID_ARGUMENT = 2,
    /// Memory for the output could not be allocated.
    PNG_WRITER_OUT_OF_MEMORY = 3,
} PNGWriterStatus;

/// Row filters, combinable as a mask; libpng picks per row among several when more than one is
/// set, which costs time. Values are libpng's PNG_FILTER_* masks.
enum {
    PNG_WRITER_FILTER_NONE = 0x08,
    PNG_WRITER_FILTER_SUB = 0x10,
    PNG_WRITER_FILTER_UP = 0x20,
    PNG_WRITER_FILTER_AVG = 0x40,
    PNG_WRITER_FILTER_PAETH = 0x80,
};

/// How the pixels are compressed.
typedef struct {
    /// zlib level, 0 (stored) to 9 (smallest).
    int compression_level;
    /// zlib strategy: 0 default, 1 filtered, 2 Huffman only, 3 run-length (zlib's Z_* values).
    int strategy;
    /// A non-empty mask of PNG_WRITER_FILTER_* values.
    int filters;
    /// Non-zero when every alpha byte is 255: the file is then written as RGB (colour type 2)
    /// and the alpha bytes are dropped while writing, which reads back identically.
    int opaque;
} PNGWriterSettings;

/// What png_writer_encode hands back. `bytes` (`size` bytes, a complete PNG file) is malloc'd
/// and set only when status is PNG_WRITER_OK; release it with png_writer_free_bytes.
typedef struct {
    PNGWriterStatus status;
    unsigned char *bytes;
    size_t size;
    /// NUL-terminated message when status is not PNG_WRITER_OK.
    char message[200];
} PNGWriterResult;

/// Encodes `height` rows of `width` RGBA8 pixels; row y starts at `pixels + y * row_stride`.
///
/// The file holds IHDR, an sRGB chunk (perceptual intent), IDAT and IEND: nothing depends on
/// the clock, so equal input and settings give equal bytes. Never exits, never longjmps out;
/// always fills `result`, and frees everything it allocated except a successful `bytes`.
void png_writer_encode(const unsigned char *pixels, uint32_t width, uint32_t height,
                       size_t row_stride, PNGWriterSettings settings, PNGWriterResult *result);

/// Frees bytes returned in a result (NULL is fine).
void png_writer_free_bytes(unsigned char *bytes);

#endif
