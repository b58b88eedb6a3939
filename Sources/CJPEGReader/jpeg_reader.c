// JPEG decoding behind a setjmp boundary. See include/jpeg_reader.h for the contract.
//
// Every allocation made here (the output pixels, one scanline buffer, libjpeg's own pools)
// is released on every path: success, a library error caught by the longjmp, or the size
// limit refusing the header.

#include "jpeg_reader.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/// A progressive file may legally hold many scans, each of which re-walks the whole image;
/// more than this many is treated as hostile.
enum { JPEG_READER_MAX_SCANS = 1000 };

/// Room for libjpeg's fixed pools (Huffman and quantisation tables, its structures), beside
/// the rows it buffers, which are counted per output row.
enum { JPEG_READER_POOL_BYTES = 1 << 20 };

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} ReaderErrorManager;

/// Replaces libjpeg's exit(): keeps the text and jumps back into jpeg_reader_decode.
static void reader_error_exit(j_common_ptr cinfo) {
    ReaderErrorManager *manager = (ReaderErrorManager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->message);
    longjmp(manager->jump, 1);
}

/// Replaces printing to stderr: the text goes into the buffer handed back to the caller.
static void reader_output_message(j_common_ptr cinfo) {
    ReaderErrorManager *manager = (ReaderErrorManager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->message);
}

/// Warnings that mean the picture is missing data (a truncated or damaged file) are fatal,
/// so a damaged image is reported instead of being shown with grey blocks. Other warnings
/// (stray bytes between markers, which many cameras write) are tolerated, as viewers do.
static void reader_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER || code == JWRN_HUFF_BAD_CODE) {
        reader_error_exit(cinfo);
    }
    cinfo->err->num_warnings++;
}

static void reader_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    if (decompress->input_scan_number > JPEG_READER_MAX_SCANS) {
        ReaderErrorManager *manager = (ReaderErrorManager *)cinfo->err;
        snprintf(manager->message, sizeof manager->message,
                 "more than %d scans in a progressive JPEG", JPEG_READER_MAX_SCANS);
        longjmp(manager->jump, 1);
    }
}

/// The bytes libjpeg allocates for a whole-image coefficient buffer: a progressive file (or
/// a multi-scan sequential one) keeps every DCT block of every component, 64 coefficients of
/// 2 bytes, rounded up to whole MCUs, until the last scan is read. Sequential single-scan
/// files decode an MCU row at a time and need none.
static uint64_t coefficient_bytes(j_decompress_ptr cinfo) {
    if (!jpeg_has_multiple_scans(cinfo)) return 0;
    uint64_t total = 0;
    for (int index = 0; index < cinfo->num_components; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        uint64_t h = (uint64_t)component->h_samp_factor, v = (uint64_t)component->v_samp_factor;
        uint64_t columns = ((uint64_t)component->width_in_blocks + h - 1) / h * h;
        uint64_t rows = ((uint64_t)component->height_in_blocks + v - 1) / v * v;
        total += columns * rows * 64u * sizeof(JCOEF);
    }
    return total;
}

static unsigned char multiply255(unsigned a, unsigned b) {
    return (unsigned char)((a * b + 127) / 255);
}

/// Expands one decoded scanline (grey, RGB or CMYK) into RGBA with opaque alpha.
static void expand_row(const unsigned char *source, unsigned char *target, JDIMENSION width,
                       int components, int inverted_cmyk) {
    for (JDIMENSION x = 0; x < width; x++) {
        unsigned char *out = target + 4 * (size_t)x;
        if (components == 1) {
            out[0] = out[1] = out[2] = source[x];
        } else if (components == 3) {
            out[0] = source[3 * (size_t)x];
            out[1] = source[3 * (size_t)x + 1];
            out[2] = source[3 * (size_t)x + 2];
        } else {
            const unsigned char *ink = source + 4 * (size_t)x;
            // Adobe files store inverted inks (255 = no ink); others store ink amounts.
            unsigned c = inverted_cmyk ? ink[0] : 255u - ink[0];
            unsigned m = inverted_cmyk ? ink[1] : 255u - ink[1];
            unsigned y = inverted_cmyk ? ink[2] : 255u - ink[2];
            unsigned k = inverted_cmyk ? ink[3] : 255u - ink[3];
            out[0] = multiply255(c, k);
            out[1] = multiply255(m, k);
            out[2] = multiply255(y, k);
        }
        out[3] = 255;
    }
}

uint32_t jpeg_reader_scale_num(uint32_t image_width, uint32_t image_height, uint32_t min_width,
                               uint32_t min_height) {
    if (min_width == 0 || min_height == 0) return 8;
    for (uint32_t eighths = 1; eighths < 8; eighths *= 2) {
        // The scaled picture spans image_width * eighths / 8 pixels (the last one partly
        // outside when that is not whole); compared without rounding.
        uint64_t wide = (uint64_t)image_width * eighths, high = (uint64_t)image_height * eighths;
        uint64_t need = 8u * (uint64_t)JPEG_READER_SCALE_MARGIN;
        if (wide >= need * min_width && high >= need * min_height) return eighths;
    }
    return 8;
}

void jpeg_reader_decode(const unsigned char *data, size_t size, JPEGReaderLimits limits,
                        uint32_t min_width, uint32_t min_height, JPEGReaderRowHandler row_handler,
                        void *context, JPEGReaderResult *result) {
    struct jpeg_decompress_struct cinfo;
    ReaderErrorManager manager;
    struct jpeg_progress_mgr progress;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;

    memset(result, 0, sizeof *result);
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = reader_error_exit;
    manager.base.output_message = reader_output_message;
    manager.base.emit_message = reader_emit_message;
    manager.message[0] = '\0';

    if (setjmp(manager.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        result->status = JPEG_READER_CORRUPT;
        result->pixels = NULL;
        snprintf(result->message, sizeof result->message, "%s",
                 manager.message[0] ? manager.message : "unknown libjpeg error");
        return;
    }

    jpeg_create_decompress(&cinfo);
    progress.progress_monitor = reader_progress;
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    result->width = cinfo.image_width;
    result->height = cinfo.image_height;
    result->image_width = cinfo.image_width;
    result->image_height = cinfo.image_height;
    result->components = cinfo.num_components;
    result->progressive = cinfo.progressive_mode ? 1 : 0;
    uint64_t decoded_bytes = (uint64_t)cinfo.image_width * cinfo.image_height * 4u;
    if (cinfo.image_width > limits.max_width || cinfo.image_height > limits.max_height ||
        decoded_bytes > limits.max_decoded_bytes) {
        jpeg_destroy_decompress(&cinfo);
        result->status = JPEG_READER_TOO_LARGE;
        return;
    }

    int inverted_cmyk = 0;
    switch (cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
        cinfo.out_color_space = JCS_GRAYSCALE;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo.out_color_space = JCS_CMYK;
        inverted_cmyk = cinfo.saw_Adobe_marker ? 1 : 0;
        break;
    default:
#ifdef JCS_ALPHA_EXTENSIONS
        // libjpeg-turbo (1.2 and later) writes RGBA itself: the same colour conversion, one
        // copy fewer.
        cinfo.out_color_space = JCS_EXT_RGBA;
#else
        cinfo.out_color_space = JCS_RGB;
#endif
        break;
    }
    cinfo.scale_num = jpeg_reader_scale_num(cinfo.image_width, cinfo.image_height, min_width, min_height);
    cinfo.scale_denom = 8;
    // The accurate integer IDCT (libjpeg's default, named so it stays): its pixels do not
    // depend on the SIMD code the machine has, which the floating-point one's do.
    cinfo.dct_method = JDCT_ISLOW;
    result->scale_num = (int)cinfo.scale_num;
    jpeg_calc_output_dimensions(&cinfo);
    // Whole, the picture is held in RGBA (here, or by the handler when no reduction is
    // wanted); handed row by row to a reduction, one RGBA row here and the reduction's sums
    // (four 8-byte sums per wanted pixel) there.
    uint64_t output_rows = row_handler != NULL ? 1u : cinfo.output_height;
    uint64_t output_bytes = (uint64_t)cinfo.output_width * output_rows * 4u;
    if (row_handler != NULL) {
        output_bytes += (min_width == 0 || min_height == 0)
                            ? (uint64_t)cinfo.output_width * cinfo.output_height * 4u
                            : (uint64_t)min_width * min_height * 32u;
    }
    // MCU-row and upsampling buffers: up to 16 rows of every component at the output width.
    uint64_t row_bytes = (uint64_t)cinfo.output_width * (uint64_t)cinfo.num_components * 16u;
    uint64_t library_bytes = coefficient_bytes(&cinfo) + JPEG_READER_POOL_BYTES + row_bytes;
    result->working_bytes = library_bytes + output_bytes;
    if (result->working_bytes > limits.max_working_bytes) {
        jpeg_destroy_decompress(&cinfo);
        result->status = JPEG_READER_OVER_MEMORY;
        return;
    }
    // libjpeg's own cap on its pools: past it, it fails (JERR_NO_BACKING_STORE) rather than
    // take more, so even an estimate that fell short cannot go far over.
    cinfo.mem->max_memory_to_use = (long)(limits.max_working_bytes - output_bytes);
    jpeg_start_decompress(&cinfo);

    JDIMENSION width = cinfo.output_width;
    JDIMENSION height = cinfo.output_height;
    int components = cinfo.output_components;
    pixels = malloc((size_t)width * (size_t)output_rows * 4u);
    row = malloc((size_t)width * (size_t)components);
    if (pixels == NULL || row == NULL) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        result->status = JPEG_READER_OUT_OF_MEMORY;
        snprintf(result->message, sizeof result->message, "out of memory for %u x %u pixels",
                 (unsigned)width, (unsigned)height);
        return;
    }
    result->width = width;
    result->height = height;
    // Rows libjpeg writes as RGBA go straight where the RGBA rows belong.
    int writes_rgba = components == 4 && cinfo.out_color_space != JCS_CMYK;
    while (cinfo.output_scanline < height) {
        size_t y = cinfo.output_scanline;
        unsigned char *target = row_handler != NULL ? pixels : pixels + y * width * 4u;
        JSAMPROW rows[1] = { writes_rgba ? target : row };
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) {
            ERREXIT(&cinfo, JERR_INPUT_EOF);
        }
        if (!writes_rgba) expand_row(row, target, width, components, inverted_cmyk);
        // Called between libjpeg calls, so an error's longjmp never crosses the handler.
        if (row_handler != NULL) row_handler(context, result, pixels, (uint32_t)y);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    if (row_handler != NULL) {
        free(pixels);
        pixels = NULL;
    }

    result->status = JPEG_READER_OK;
    result->width = width;
    result->height = height;
    result->pixels = pixels;
}

void jpeg_reader_free_pixels(unsigned char *pixels) {
    free(pixels);
}
