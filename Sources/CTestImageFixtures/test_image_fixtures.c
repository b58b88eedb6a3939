// Test fixture encoders. See include/test_image_fixtures.h.

#include "test_image_fixtures.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <jpeglib.h>

// MARK: PNG

typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
    int failed;
} GrowingBuffer;

static void buffer_append(GrowingBuffer *buffer, const uint8_t *bytes, size_t count) {
    if (buffer->failed) return;
    if (buffer->count + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1024;
        while (capacity < buffer->count + count) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) { buffer->failed = 1; return; }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, bytes, count);
    buffer->count += count;
}

static void png_write_to_buffer(png_structp png, png_bytep data, size_t length) {
    GrowingBuffer *buffer = png_get_io_ptr(png);
    buffer_append(buffer, data, length);
    if (buffer->failed) png_error(png, "out of memory");
}

static void png_flush_nothing(png_structp png) { (void)png; }

typedef struct {
    char *text;
    size_t size;
} MessageTarget;

static void png_fixture_error(png_structp png, png_const_charp text) {
    MessageTarget *target = png_get_error_ptr(png);
    snprintf(target->text, target->size, "%s", text);
    png_longjmp(png, 1);
}

static void png_fixture_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int fixture_png_encode(const FixturePNGSpec *spec, uint8_t **out, size_t *out_size,
                       char *message, size_t message_size) {
    MessageTarget target = { message, message_size };
    GrowingBuffer buffer = { NULL, 0, 0, 0 };
    png_bytep *volatile row_pointers = NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &target, png_fixture_error,
                                              png_fixture_warning);
    if (png == NULL) {
        snprintf(message, message_size, "png_create_write_struct failed");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.bytes);
        free(row_pointers);
        if (info == NULL) snprintf(message, message_size, "png_create_info_struct failed");
        return 0;
    }
    png_set_write_fn(png, &buffer, png_write_to_buffer, png_flush_nothing);
    png_set_compression_level(png, 9);
    png_set_IHDR(png, info, spec->width, spec->height, spec->bit_depth, spec->color_type,
                 spec->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (spec->palette_count > 0) {
        png_color colors[256];
        for (int i = 0; i < spec->palette_count && i < 256; i++) {
            colors[i].red = spec->palette_rgb[3 * i];
            colors[i].green = spec->palette_rgb[3 * i + 1];
            colors[i].blue = spec->palette_rgb[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, spec->palette_count);
    }
    if (spec->palette_alpha_count > 0) {
        png_set_tRNS(png, info, spec->palette_alpha, spec->palette_alpha_count, NULL);
    } else if (spec->has_transparent_value) {
        png_color_16 value;
        memset(&value, 0, sizeof value);
        value.gray = spec->transparent_gray;
        value.red = spec->transparent_red;
        value.green = spec->transparent_green;
        value.blue = spec->transparent_blue;
        png_set_tRNS(png, info, NULL, 0, &value);
    }
    if (spec->gamma_fixed != 0) png_set_gAMA_fixed(png, info, (png_fixed_point)spec->gamma_fixed);
    row_pointers = malloc(sizeof(png_bytep) * (spec->height ? spec->height : 1));
    if (row_pointers == NULL) png_error(png, "out of memory");
    for (uint32_t y = 0; y < spec->height; y++) {
        row_pointers[y] = (png_bytep)(spec->rows + (size_t)y * spec->row_bytes);
    }
    png_set_rows(png, info, row_pointers);
    png_write_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);
    png_destroy_write_struct(&png, &info);
    free(row_pointers);
    *out = buffer.bytes;
    *out_size = buffer.count;
    return 1;
}

// MARK: JPEG

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} FixtureJPEGErrors;

static void jpeg_fixture_error_exit(j_common_ptr cinfo) {
    FixtureJPEGErrors *errors = (FixtureJPEGErrors *)cinfo->err;
    longjmp(errors->jump, 1);
}

int fixture_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                        int quality, int progressive, uint8_t **out, size_t *out_size,
                        char *message, size_t message_size) {
    return fixture_jpeg_encode_sampled(pixels, width, height, components, quality, progressive, 0, 0,
                                       out, out_size, message, message_size);
}

int fixture_jpeg_encode_sampled(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                                int quality, int progressive, int luma_h, int luma_v, uint8_t **out,
                                size_t *out_size, char *message, size_t message_size) {
    struct jpeg_compress_struct cinfo;
    FixtureJPEGErrors errors;
    unsigned char *volatile memory = NULL;
    unsigned long memory_size = 0;

    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = jpeg_fixture_error_exit;
    if (setjmp(errors.jump)) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, text);
        snprintf(message, message_size, "%s", text);
        jpeg_destroy_compress(&cinfo);
        free(memory);
        return 0;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&memory, &memory_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (components == 3 && luma_h > 0 && luma_v > 0) {
        cinfo.comp_info[0].h_samp_factor = luma_h;
        cinfo.comp_info[0].v_samp_factor = luma_v;
    }
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * width * components);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = memory;
    *out_size = memory_size;
    return 1;
}

void fixture_free(void *buffer) {
    free(buffer);
}
