/*
 * The floor for writing an animated GIF: giflib alone LZW-encoding frames that are already
 * cropped to what changed and already mapped to a fixed palette. Everything else (reading
 * the input, parsing it, allocating the output buffer) happens before the clock starts, so
 * the time is giflib's work only: header, palette, loop block, per frame a graphics control
 * block, an image descriptor and EGifPutLine for every row, and the trailer.
 *
 * Input (little-endian), made by floor_input.py:
 *   "GFLR", u32 width, u32 height, u32 frame count, 768 bytes of palette (256 RGB entries),
 *   then per frame u32 left, top, width, height, delay in centiseconds, and width*height
 *   palette indices, row by row.
 *
 * Usage: giflib_floor INPUT OUTPUT.gif REPETITIONS
 * Prints one line per repetition on standard error, "floor: <milliseconds> ms <bytes> bytes",
 * and writes the last repetition's GIF to OUTPUT.gif so it can be checked.
 */
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    uint32_t left, top, width, height, delay;
    GifPixelType *indices;
} Frame;

typedef struct {
    unsigned char *bytes;
    size_t count, capacity;
} Buffer;

static int write_bytes(GifFileType *gif, const GifByteType *data, int length) {
    Buffer *buffer = (Buffer *)gif->UserData;
    if (buffer->count + (size_t)length > buffer->capacity) {
        size_t capacity = buffer->capacity * 2 + (size_t)length;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return 0;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, (size_t)length);
    buffer->count += (size_t)length;
    return length;
}

static uint32_t read_u32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void fail(const char *what) {
    fprintf(stderr, "giflib_floor: %s\n", what);
    exit(1);
}

/* Encodes every frame into `buffer`; returns 0 on success. */
static int encode(Buffer *buffer, uint32_t width, uint32_t height, ColorMapObject *palette,
                  const Frame *frames, uint32_t count) {
    int error = 0;
    buffer->count = 0;
    GifFileType *gif = EGifOpen(buffer, write_bytes, &error);
    if (gif == NULL) return 1;
    EGifSetGifVersion(gif, true);
    if (EGifPutScreenDesc(gif, (int)width, (int)height, 8, 0, palette) == GIF_ERROR) goto failed;
    static const GifByteType netscape[] = "NETSCAPE2.0";
    static const GifByteType loop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 11, netscape) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif) == GIF_ERROR) goto failed;
    for (uint32_t k = 0; k < count; k++) {
        const Frame *frame = &frames[k];
        GraphicsControlBlock control = {DISPOSAL_UNSPECIFIED, false, (int)frame->delay, NO_TRANSPARENT_COLOR};
        GifByteType extension[4];
        EGifGCBToExtension(&control, extension);
        if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_ERROR) goto failed;
        if (EGifPutImageDesc(gif, (int)frame->left, (int)frame->top, (int)frame->width,
                             (int)frame->height, false, NULL) == GIF_ERROR) goto failed;
        for (uint32_t y = 0; y < frame->height; y++) {
            if (EGifPutLine(gif, frame->indices + (size_t)y * frame->width, (int)frame->width) == GIF_ERROR) goto failed;
        }
    }
    return EGifCloseFile(gif, &error) == GIF_ERROR ? 1 : 0;
failed:
    EGifCloseFile(gif, &error);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 4) fail("usage: giflib_floor INPUT OUTPUT.gif REPETITIONS");
    int repetitions = atoi(argv[3]);
    if (repetitions < 1) fail("REPETITIONS must be at least 1");

    FILE *input = fopen(argv[1], "rb");
    if (input == NULL) fail("cannot open the input");
    fseek(input, 0, SEEK_END);
    long size = ftell(input);
    fseek(input, 0, SEEK_SET);
    if (size < 16 + 768) fail("the input is too short");
    unsigned char *data = malloc((size_t)size);
    if (data == NULL || fread(data, 1, (size_t)size, input) != (size_t)size) fail("cannot read the input");
    fclose(input);
    if (memcmp(data, "GFLR", 4) != 0) fail("the input does not start with GFLR");

    uint32_t width = read_u32(data + 4), height = read_u32(data + 8), count = read_u32(data + 12);
    GifColorType colors[256];
    for (int i = 0; i < 256; i++) {
        colors[i].Red = data[16 + 3 * i];
        colors[i].Green = data[17 + 3 * i];
        colors[i].Blue = data[18 + 3 * i];
    }
    ColorMapObject *palette = GifMakeMapObject(256, colors);
    Frame *frames = calloc(count, sizeof(Frame));
    if (palette == NULL || frames == NULL) fail("out of memory");
    size_t offset = 16 + 768;
    for (uint32_t k = 0; k < count; k++) {
        if (offset + 20 > (size_t)size) fail("the input ends inside a frame header");
        Frame *frame = &frames[k];
        frame->left = read_u32(data + offset);
        frame->top = read_u32(data + offset + 4);
        frame->width = read_u32(data + offset + 8);
        frame->height = read_u32(data + offset + 12);
        frame->delay = read_u32(data + offset + 16);
        offset += 20;
        size_t pixels = (size_t)frame->width * frame->height;
        if (frame->width == 0 || frame->height == 0 || frame->left + frame->width > width ||
            frame->top + frame->height > height || offset + pixels > (size_t)size) fail("a frame lies outside the screen or the input");
        frame->indices = data + offset;
        offset += pixels;
    }

    Buffer buffer = {malloc(1 << 24), 0, 1 << 24};
    if (buffer.bytes == NULL) fail("out of memory");
    for (int r = 0; r < repetitions; r++) {
        double start = now_seconds();
        if (encode(&buffer, width, height, palette, frames, count) != 0) fail("giflib failed to encode");
        double elapsed = now_seconds() - start;
        fprintf(stderr, "floor: %.3f ms %zu bytes\n", elapsed * 1000.0, buffer.count);
    }
    FILE *output = fopen(argv[2], "wb");
    if (output == NULL || fwrite(buffer.bytes, 1, buffer.count, output) != buffer.count || fclose(output) != 0) {
        fail("cannot write the output");
    }
    GifFreeMapObject(palette);
    free(frames);
    free(buffer.bytes);
    free(data);
    return 0;
}
