#ifndef RENDER_GIF_PNG_READER_H
#define RENDER_GIF_PNG_READER_H
// Reads a PNG held in memory one row at a time, as straight RGBA8, through libpng's
// low-level API, so that a caller can reduce a large picture without holding it whole.
//
// libpng reports fatal errors by longjmp. Every function here that calls libpng holds its
// own setjmp, so the jump never leaves C; a failure is a zero or negative return with the
// library's message in the reader.
//
// Interlaced (Adam7) files are delivered pass by pass: each row carries the pixels of one
// pass at columns first_column, first_column + column_step, ... of image row `y`. Every
// pixel of the picture arrives exactly once.

#include <stddef.h>
#include <stdint.h>

/// An open reader; create with png_reader_open, release with png_reader_close.
typedef struct PNGReader PNGReader;

/// What the header and the chunks before the image data say.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// Non-zero for an Adam7-interlaced file.
    int interlaced;
    /// Non-zero when an sRGB chunk marks the picture as sRGB.
    int has_srgb;
    /// The decompressed iCCP profile (NULL when there is none or libpng refused it);
    /// owned by the reader.
    const unsigned char *icc_profile;
    uint32_t icc_profile_size;
    /// The eXIf chunk's TIFF data (NULL when absent); owned by the reader.
    const unsigned char *exif;
    uint32_t exif_size;
} PNGReaderInfo;

/// Where the pixels of one delivered row belong.
typedef struct {
    uint32_t y;
    uint32_t first_column;
    uint32_t column_step;
    uint32_t count;
} PNGReaderRow;

/// Reads the signature, header and chunks up to the image data of the `size` bytes at `data`
/// (which must outlive the reader). No single allocation inside libpng exceeds 16 MB, and an
/// ancillary chunk larger than 8 MB is dropped, whatever the file declares. Returns NULL only
/// when memory for the reader itself is missing; otherwise check png_reader_failed and
/// png_reader_message.
PNGReader *png_reader_open(const unsigned char *data, size_t size);

/// Non-zero when the reader met an error; its message says which.
int png_reader_failed(const PNGReader *reader);

/// The NUL-terminated message of the last error (empty when there was none).
const char *png_reader_message(const PNGReader *reader);

/// Fills `info` from the chunks read by png_reader_open. Returns 0 after an error.
int png_reader_info(const PNGReader *reader, PNGReaderInfo *info);

/// Sets up the conversion to straight RGBA8 (palette and grey expanded, transparency made
/// alpha, 16 bits scaled to 8, and, when `correct_gamma` is non-zero, a gAMA other than
/// sRGB's converted to sRGB). Call once, before the first row. Returns 0 on error.
int png_reader_start(PNGReader *reader, int correct_gamma);

/// Decodes the next row into `pixels` (room for width * 4 bytes) and says where it belongs.
/// Returns 1 for a row, 0 after the last one, -1 on error.
int png_reader_next_row(PNGReader *reader, unsigned char *pixels, PNGReaderRow *row);

/// Releases the reader and everything libpng holds (NULL is fine).
void png_reader_close(PNGReader *reader);

#endif
