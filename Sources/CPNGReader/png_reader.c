// Row-by-row PNG decoding behind setjmp boundaries. See include/png_reader.h for the contract.
//
// The reader owns libpng's read and info structures; png_reader_close releases them on every
// path. Warnings (and the benign errors libpng downgrades to warnings while reading, such as
// a damaged iCCP or eXIf chunk) are ignored: the chunk is dropped and the picture is read.
//
// Allocation bounds. libpng 1.6.39 (Debian 12's) checks a chunk's declared length against
// its chunk allocation cap only as a benign error, a warning while reading, and its eXIf
// handler then allocates the declared length as it stands: a 130-byte file declaring a 2 GB
// eXIf chunk had malloc asked for 2 GB before the read failed. So every allocation libpng
// makes goes through reader_malloc, which refuses any above READER_MAX_ALLOCATION: libpng then
// drops the ancillary chunk ("out of memory", benign) and skips its bytes, which a short file
// does not have ("read beyond end of data"). No allocation libpng makes for a picture within
// the default limits comes near it: rows (at most 16384 pixels of 8 bytes, a few of them),
// zlib's state, and the chunk buffers capped by png_set_chunk_malloc_max below it.

#include "png_reader.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

struct PNGReader {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    int failed;
    char message[200];
    /// Adam7 pass being read (always 0 for a file that is not interlaced) and the row in it.
    int pass;
    uint32_t pass_row;
    int passes;
};

static void reader_error(png_structp png, png_const_charp message) {
    PNGReader *reader = (PNGReader *)png_get_error_ptr(png);
    snprintf(reader->message, sizeof reader->message, "%s", message ? message : "libpng error");
    reader->failed = 1;
    png_longjmp(png, 1);
}

static void reader_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// The most one libpng allocation may take.
#define READER_MAX_ALLOCATION ((size_t)16 << 20)
/// The largest ancillary chunk (a decompressed iCCP profile or text included) libpng keeps.
#define READER_MAX_CHUNK ((png_alloc_size_t)8 << 20)

static png_voidp reader_malloc(png_structp png, png_alloc_size_t size) {
    (void)png;
    return size <= READER_MAX_ALLOCATION ? malloc(size) : NULL;
}

static void reader_free(png_structp png, png_voidp pointer) {
    (void)png;
    free(pointer);
}

static void reader_read(png_structp png, png_bytep target, size_t length) {
    PNGReader *reader = (PNGReader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        png_error(png, "read beyond end of data");
    }
    memcpy(target, reader->data + reader->offset, length);
    reader->offset += length;
}

PNGReader *png_reader_open(const unsigned char *data, size_t size) {
    PNGReader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, reader, reader_error, reader_warning,
                                           NULL, reader_malloc, reader_free);
    if (reader->png == NULL) {
        reader->failed = 1;
        snprintf(reader->message, sizeof reader->message, "out of memory for libpng");
        return reader;
    }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        reader->failed = 1;
        snprintf(reader->message, sizeof reader->message, "out of memory for libpng");
        return reader;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        return reader;
    }
    png_set_read_fn(reader->png, reader, reader_read);
    // The caller checks the size against its own limits, with its own message, as soon as
    // png_read_info returns: nothing libpng allocates before then depends on the size, so
    // its user limits (1000000 a side) stay as they are, a floor far above the caller's.
    png_set_chunk_malloc_max(reader->png, READER_MAX_CHUNK);
    png_read_info(reader->png, reader->info);
    return reader;
}

int png_reader_failed(const PNGReader *reader) {
    return reader == NULL || reader->failed;
}

const char *png_reader_message(const PNGReader *reader) {
    return reader == NULL ? "out of memory for the PNG reader" : reader->message;
}

int png_reader_info(const PNGReader *reader, PNGReaderInfo *info) {
    memset(info, 0, sizeof *info);
    if (png_reader_failed(reader)) return 0;
    png_structp png = reader->png;
    png_infop header = reader->info;
    info->width = png_get_image_width(png, header);
    info->height = png_get_image_height(png, header);
    info->interlaced = png_get_interlace_type(png, header) == PNG_INTERLACE_ADAM7;
    info->has_srgb = png_get_valid(png, header, PNG_INFO_sRGB) != 0;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (png_get_iCCP(png, header, &name, &compression, &profile, &profile_size) == PNG_INFO_iCCP) {
        info->icc_profile = profile;
        info->icc_profile_size = profile_size;
    }
    png_bytep exif = NULL;
    png_uint_32 exif_size = 0;
    if (png_get_eXIf_1(png, header, &exif_size, &exif) == PNG_INFO_eXIf) {
        info->exif = exif;
        info->exif_size = exif_size;
    }
    return 1;
}

int png_reader_start(PNGReader *reader, int correct_gamma) {
    if (png_reader_failed(reader)) return 0;
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) {
        return 0;
    }
    int color_type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    if (correct_gamma) {
        // The output is sRGB; libpng converts only when the file's gAMA says otherwise.
        png_set_alpha_mode(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    }
    reader->passes = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7 ? 7 : 1;
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)png_get_image_width(png, info) * 4u) {
        snprintf(reader->message, sizeof reader->message, "libpng could not convert the pixels to RGBA8");
        reader->failed = 1;
        return 0;
    }
    return 1;
}

/// Rows and columns of Adam7 pass `pass` (or of the whole picture when not interlaced).
static void pass_size(const PNGReader *reader, uint32_t *rows, uint32_t *columns) {
    uint32_t width = png_get_image_width(reader->png, reader->info);
    uint32_t height = png_get_image_height(reader->png, reader->info);
    if (reader->passes == 1) {
        *rows = height;
        *columns = width;
    } else {
        *rows = PNG_PASS_ROWS(height, reader->pass);
        *columns = PNG_PASS_COLS(width, reader->pass);
    }
}

int png_reader_next_row(PNGReader *reader, unsigned char *pixels, PNGReaderRow *row) {
    if (png_reader_failed(reader)) return -1;
    uint32_t rows = 0, columns = 0;
    // libpng skips empty Adam7 passes on its own; so must the bookkeeping here.
    for (;;) {
        if (reader->pass >= reader->passes) return 0;
        pass_size(reader, &rows, &columns);
        if (reader->pass_row < rows && columns > 0) break;
        reader->pass++;
        reader->pass_row = 0;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        return -1;
    }
    png_read_row(reader->png, pixels, NULL);
    if (reader->passes == 1) {
        row->y = reader->pass_row;
        row->first_column = 0;
        row->column_step = 1;
    } else {
        row->y = PNG_PASS_START_ROW(reader->pass) + (reader->pass_row << PNG_PASS_ROW_SHIFT(reader->pass));
        row->first_column = PNG_PASS_START_COL(reader->pass);
        row->column_step = 1u << PNG_PASS_COL_SHIFT(reader->pass);
    }
    row->count = columns;
    reader->pass_row++;
    return 1;
}

void png_reader_close(PNGReader *reader) {
    if (reader == NULL) return;
    if (reader->png != NULL) {
        png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    }
    free(reader);
}
