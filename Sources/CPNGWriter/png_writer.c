// PNG encoding behind a setjmp boundary. See include/png_writer.h for the contract.
//
// Every allocation made here (libpng's write and info structures, the growing output buffer,
// the sink that tracks it) is released on every path: success, a libpng error caught by the
// longjmp, an allocation failure, or arguments refused before libpng is involved.

#include "png_writer.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

/// The first output allocation; most frames of mostly flat content fit in it.
enum { PNG_WRITER_INITIAL_CAPACITY = 1 << 16 };
/// zlib's output buffer inside libpng, which is also the size of each IDAT chunk. Larger than
/// libpng's 8 KiB default so a frame needs fewer chunks (each costs 12 bytes and a CRC).
enum { PNG_WRITER_IDAT_SIZE = 1 << 17 };

/// The growing output buffer plus what the error and warning callbacks record.
typedef struct {
    unsigned char *bytes;
    size_t size;
    size_t capacity;
    int out_of_memory;
    /// The first warning libpng issued; png_set_IHDR explains a refusal in warnings and then
    /// raises a generic error, so the warning is the useful part of the message.
    char first_warning[160];
    PNGWriterResult *result;
} PNGWriterSink;

static void writer_error(png_structp png, png_const_charp message) {
    PNGWriterSink *sink = (PNGWriterSink *)png_get_error_ptr(png);
    if (sink->first_warning[0] != '\0') {
        snprintf(sink->result->message, sizeof sink->result->message, "%s: %s",
                 message, sink->first_warning);
    } else {
        snprintf(sink->result->message, sizeof sink->result->message, "%s", message);
    }
    png_longjmp(png, 1);
}

static void writer_warning(png_structp png, png_const_charp message) {
    PNGWriterSink *sink = (PNGWriterSink *)png_get_error_ptr(png);
    if (sink->first_warning[0] == '\0') {
        snprintf(sink->first_warning, sizeof sink->first_warning, "%s", message);
    }
}

/// Appends libpng's output to the sink, doubling the buffer as needed.
static void writer_write(png_structp png, png_bytep data, size_t length) {
    PNGWriterSink *sink = (PNGWriterSink *)png_get_io_ptr(png);
    if (length > sink->capacity - sink->size) {
        if (length > SIZE_MAX - sink->size) {
            sink->out_of_memory = 1;
            png_error(png, "the PNG output is larger than memory can address");
        }
        size_t needed = sink->size + length;
        size_t grown = sink->capacity > 0 ? sink->capacity : PNG_WRITER_INITIAL_CAPACITY;
        while (grown < needed) {
            grown = grown > SIZE_MAX / 2 ? needed : grown * 2;
        }
        unsigned char *moved = (unsigned char *)realloc(sink->bytes, grown);
        if (moved == NULL) {
            sink->out_of_memory = 1;
            png_error(png, "out of memory for the PNG output");
        }
        sink->bytes = moved;
        sink->capacity = grown;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size += length;
}

static void writer_flush(png_structp png) {
    (void)png;
}

static void refuse(PNGWriterResult *result, PNGWriterStatus status, const char *message) {
    result->status = status;
    snprintf(result->message, sizeof result->message, "%s", message);
}

void png_writer_encode(const unsigned char *pixels, uint32_t width, uint32_t height,
                       size_t row_stride, PNGWriterSettings settings, PNGWriterResult *result) {
    memset(result, 0, sizeof *result);
    const int known_filters = PNG_WRITER_FILTER_NONE | PNG_WRITER_FILTER_SUB | PNG_WRITER_FILTER_UP
                            | PNG_WRITER_FILTER_AVG | PNG_WRITER_FILTER_PAETH;
    if (pixels == NULL) {
        refuse(result, PNG_WRITER_INVALID_ARGUMENT, "no pixel memory");
        return;
    }
    if ((uint64_t)row_stride < (uint64_t)width * 4) {
        refuse(result, PNG_WRITER_INVALID_ARGUMENT, "rows are shorter than width * 4 bytes");
        return;
    }
    if (settings.compression_level < 0 || settings.compression_level > 9) {
        refuse(result, PNG_WRITER_INVALID_ARGUMENT, "compression level is not in 0...9");
        return;
    }
    if (settings.strategy < 0 || settings.strategy > 3) {
        refuse(result, PNG_WRITER_INVALID_ARGUMENT, "zlib strategy is not in 0...3");
        return;
    }
    if (settings.filters == 0 || (settings.filters & ~known_filters) != 0) {
        refuse(result, PNG_WRITER_INVALID_ARGUMENT, "filter mask is empty or holds unknown bits");
        return;
    }

    PNGWriterSink *sink = (PNGWriterSink *)calloc(1, sizeof *sink);
    if (sink == NULL) {
        refuse(result, PNG_WRITER_OUT_OF_MEMORY, "out of memory for the PNG writer");
        return;
    }
    sink->result = result;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, writer_error, writer_warning);
    if (png == NULL) {
        free(sink);
        refuse(result, PNG_WRITER_OUT_OF_MEMORY, "out of memory for libpng's write structure");
        return;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(sink);
        refuse(result, PNG_WRITER_OUT_OF_MEMORY, "out of memory for libpng's info structure");
        return;
    }

    // png, info and sink are fixed before the setjmp and only read after a jump; the sink's
    // fields live in heap memory, so their values survive the longjmp.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        result->status = sink->out_of_memory ? PNG_WRITER_OUT_OF_MEMORY : PNG_WRITER_LIBRARY_ERROR;
        free(sink->bytes);
        free(sink);
        return;
    }

    png_set_write_fn(png, sink, writer_write, writer_flush);
    png_set_IHDR(png, info, width, height, 8,
                 settings.opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, settings.compression_level);
    png_set_compression_strategy(png, settings.strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);
    png_set_compression_buffer_size(png, PNG_WRITER_IDAT_SIZE);
    png_write_info(png, info);
    if (settings.opaque) {
        // On write, a filler byte after RGB means: drop the fourth byte of every pixel.
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    }
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, pixels + (size_t)y * row_stride);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);

    result->status = PNG_WRITER_OK;
    result->bytes = sink->bytes;
    result->size = sink->size;
    free(sink);
}

void png_writer_free_bytes(unsigned char *bytes) {
    free(bytes);
}
