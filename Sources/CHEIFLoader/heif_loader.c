#include "heif_loader.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The definitions below stay inside render-gif's own binary: were they exported, libheif's
// calls of its own API would come back through them, also while dlopen runs its
// constructors inside the one-time open below.
#pragma GCC visibility push(hidden)
#include <libheif/heif.h>

// Every libheif function render-gif calls (the sources' and the tests'): its result type, name,
// parameters as the header declares them, and the arguments that pass them on. A definition
// that does not match the header's declaration does not compile. The two version-dependent
// entries follow render_gif_heif_set_limits in CHEIF's shim.h.
#if LIBHEIF_HAVE_VERSION(1, 19, 0)
#define RENDER_GIF_HEIF_LIMIT_FUNCTIONS(CALL, PROC)                                                                    \
    CALL(struct heif_security_limits *, heif_context_get_security_limits, (const struct heif_context *context),      \
         (context))
#else
#define RENDER_GIF_HEIF_LIMIT_FUNCTIONS(CALL, PROC)                                                                    \
    PROC(heif_context_set_maximum_image_size_limit, (struct heif_context *context, int maximum_width),               \
         (context, maximum_width))
#endif

#define RENDER_GIF_HEIF_FUNCTIONS(CALL, PROC)                                                                          \
    RENDER_GIF_HEIF_LIMIT_FUNCTIONS(CALL, PROC)                                                                        \
    CALL(const char *, heif_get_version, (void), ())                                                                   \
    CALL(int, heif_get_decoder_descriptors,                                                                            \
         (enum heif_compression_format filter, const struct heif_decoder_descriptor **out, int count),               \
         (filter, out, count))                                                                                         \
    CALL(const char *, heif_decoder_descriptor_get_name, (const struct heif_decoder_descriptor *descriptor),        \
         (descriptor))                                                                                                 \
    CALL(struct heif_context *, heif_context_alloc, (void), ())                                                        \
    PROC(heif_context_free, (struct heif_context *context), (context))                                                 \
    PROC(heif_context_set_max_decoding_threads, (struct heif_context *context, int max_threads),                      \
         (context, max_threads))                                                                                       \
    CALL(struct heif_error, heif_context_read_from_file,                                                               \
         (struct heif_context *context, const char *filename, const struct heif_reading_options *options),            \
         (context, filename, options))                                                                                 \
    CALL(struct heif_error, heif_context_read_from_memory_without_copy,                                                \
         (struct heif_context *context, const void *memory, size_t size, const struct heif_reading_options *options), \
         (context, memory, size, options))                                                                             \
    CALL(struct heif_error, heif_context_read_from_reader,                                                             \
         (struct heif_context *context, const struct heif_reader *reader, void *userdata,                             \
          const struct heif_reading_options *options),                                                                 \
         (context, reader, userdata, options))                                                                         \
    CALL(struct heif_error, heif_context_get_primary_image_handle,                                                     \
         (struct heif_context *context, struct heif_image_handle **handle), (context, handle))                        \
    CALL(struct heif_error, heif_context_get_primary_image_ID, (struct heif_context *context, heif_item_id *id),      \
         (context, id))                                                                                                \
    CALL(struct heif_error, heif_context_get_image_handle,                                                             \
         (struct heif_context *context, heif_item_id id, struct heif_image_handle **handle), (context, id, handle))   \
    PROC(heif_image_handle_release, (const struct heif_image_handle *handle), (handle))                               \
    CALL(int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle))                        \
    CALL(int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle))                       \
    CALL(int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle *handle), (handle))                \
    CALL(int, heif_image_handle_get_luma_bits_per_pixel, (const struct heif_image_handle *handle), (handle))          \
    CALL(int, heif_image_handle_get_number_of_thumbnails, (const struct heif_image_handle *handle), (handle))         \
    CALL(int, heif_image_handle_get_list_of_thumbnail_IDs,                                                             \
         (const struct heif_image_handle *handle, heif_item_id *ids, int count), (handle, ids, count))                \
    CALL(struct heif_error, heif_image_handle_get_thumbnail,                                                           \
         (const struct heif_image_handle *handle, heif_item_id id, struct heif_image_handle **thumbnail),             \
         (handle, id, thumbnail))                                                                                      \
    CALL(enum heif_color_profile_type, heif_image_handle_get_color_profile_type,                                       \
         (const struct heif_image_handle *handle), (handle))                                                          \
    CALL(size_t, heif_image_handle_get_raw_color_profile_size, (const struct heif_image_handle *handle), (handle))    \
    CALL(struct heif_error, heif_image_handle_get_raw_color_profile,                                                   \
         (const struct heif_image_handle *handle, void *out_data), (handle, out_data))                                \
    CALL(struct heif_error, heif_image_handle_get_nclx_color_profile,                                                  \
         (const struct heif_image_handle *handle, struct heif_color_profile_nclx **out_data), (handle, out_data))     \
    CALL(struct heif_decoding_options *, heif_decoding_options_alloc, (void), ())                                      \
    PROC(heif_decoding_options_free, (struct heif_decoding_options *options), (options))                              \
    CALL(struct heif_error, heif_decode_image,                                                                         \
         (const struct heif_image_handle *handle, struct heif_image **image, enum heif_colorspace colorspace,         \
          enum heif_chroma chroma, const struct heif_decoding_options *options),                                       \
         (handle, image, colorspace, chroma, options))                                                                 \
    CALL(struct heif_error, heif_image_create,                                                                         \
         (int width, int height, enum heif_colorspace colorspace, enum heif_chroma chroma, struct heif_image **image), \
         (width, height, colorspace, chroma, image))                                                                   \
    CALL(struct heif_error, heif_image_add_plane,                                                                      \
         (struct heif_image *image, enum heif_channel channel, int width, int height, int bit_depth),                 \
         (image, channel, width, height, bit_depth))                                                                   \
    PROC(heif_image_release, (const struct heif_image *image), (image))                                               \
    CALL(int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel), (image, channel))    \
    CALL(int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel), (image, channel))   \
    CALL(int, heif_image_get_bits_per_pixel_range, (const struct heif_image *image, enum heif_channel channel),       \
         (image, channel))                                                                                             \
    CALL(int, heif_image_has_channel, (const struct heif_image *image, enum heif_channel channel), (image, channel))  \
    CALL(int, heif_image_is_premultiplied_alpha, (struct heif_image *image), (image))                                 \
    CALL(uint8_t *, heif_image_get_plane, (struct heif_image *image, enum heif_channel channel, int *out_stride),     \
         (image, channel, out_stride))                                                                                 \
    CALL(const uint8_t *, heif_image_get_plane_readonly,                                                               \
         (const struct heif_image *image, enum heif_channel channel, int *out_stride), (image, channel, out_stride))  \
    CALL(struct heif_color_profile_nclx *, heif_nclx_color_profile_alloc, (void), ())                                  \
    PROC(heif_nclx_color_profile_free, (struct heif_color_profile_nclx *profile), (profile))                          \
    CALL(struct heif_error, heif_nclx_color_profile_set_color_primaries,                                               \
         (struct heif_color_profile_nclx *profile, uint16_t primaries), (profile, primaries))                         \
    CALL(struct heif_error, heif_nclx_color_profile_set_transfer_characteristics,                                      \
         (struct heif_color_profile_nclx *profile, uint16_t transfer), (profile, transfer))

/// The library's file name: its soname, which every libheif 1.x release keeps.
static const char library_name[] = "libheif.so.1";

/// The libheif functions, resolved.
struct heif_functions {
#define RENDER_GIF_HEIF_POINTER(type, name, parameters, arguments) __typeof__(name) *name;
#define RENDER_GIF_HEIF_PROC_POINTER(name, parameters, arguments) __typeof__(name) *name;
    RENDER_GIF_HEIF_FUNCTIONS(RENDER_GIF_HEIF_POINTER, RENDER_GIF_HEIF_PROC_POINTER)
};

/// Opens `library` and fills `functions`; returns the handle, or NULL with the reason in `reason`.
static void *open_library(const char *library, struct heif_functions *functions, char *reason, size_t capacity) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *message = dlerror();
        snprintf(reason, capacity, "%s", message != NULL ? message : "cannot be opened");
        return NULL;
    }
#define RENDER_GIF_HEIF_RESOLVE_NAMED(function)                                                                        \
    functions->function = (__typeof__(function) *)dlsym(handle, #function);                                           \
    if (functions->function == NULL) {                                                                                 \
        (void)dlerror();                                                                                               \
        snprintf(reason, capacity, "%s has no function %s (older than the headers render-gif was built with)",        \
                 library, #function);                                                                                  \
        dlclose(handle);                                                                                               \
        return NULL;                                                                                                   \
    }
#define RENDER_GIF_HEIF_RESOLVE(type, function, parameters, arguments) RENDER_GIF_HEIF_RESOLVE_NAMED(function)
#define RENDER_GIF_HEIF_RESOLVE_PROC(function, parameters, arguments) RENDER_GIF_HEIF_RESOLVE_NAMED(function)
    RENDER_GIF_HEIF_FUNCTIONS(RENDER_GIF_HEIF_RESOLVE, RENDER_GIF_HEIF_RESOLVE_PROC)
    return handle;
}

static struct heif_functions loaded;
static pthread_once_t opening = PTHREAD_ONCE_INIT;
static char failure[512];
static int failed;

static void open_once(void) {
    void *handle = open_library(library_name, &loaded, failure, sizeof failure);
    if (handle == NULL) {
        failed = 1;
        return;
    }
#if LIBHEIF_HAVE_VERSION(1, 13, 0)
    // A libheif built with its codecs as plugins (1.14 and later, as some distributions ship
    // it) loads them in heif_init, or at the first context otherwise: initialised here, they
    // are mapped when the library is opened, which is when the memory estimate measures.
    // Optional: a library older than the headers may lack it; never undone (the process
    // keeps libheif to the end).
    __typeof__(heif_init) *initialise = (__typeof__(heif_init) *)dlsym(handle, "heif_init");
    if (initialise != NULL) (void)initialise(NULL);
#endif
}

const char *render_gif_heif_open(void) {
    pthread_once(&opening, open_once);
    return failed ? failure : NULL;
}

int render_gif_heif_try_open(const char *name, char *reason, size_t capacity) {
    struct heif_functions functions;
    void *handle = open_library(name, &functions, reason, capacity);
    if (handle == NULL) return 0;
    dlclose(handle);
    return 1;
}

int render_gif_heif_opens_on_use(void) { return 1; }

/// The table, opened on first use. render-gif asks `render_gif_heif_open` before it decodes a
/// picture and reports a failure as the picture's error, so reaching the abort means a call
/// that skipped that question.
static const struct heif_functions *functions(void) {
    const char *reason = render_gif_heif_open();
    if (reason != NULL) {
        fprintf(stderr, "render-gif: libheif was called but cannot be opened: %s\n", reason);
        abort();
    }
    return &loaded;
}

#define RENDER_GIF_HEIF_DEFINE(type, name, parameters, arguments)                                                      \
    type name parameters { return functions()->name arguments; }
#define RENDER_GIF_HEIF_DEFINE_PROC(name, parameters, arguments)                                                       \
    void name parameters { functions()->name arguments; }
RENDER_GIF_HEIF_FUNCTIONS(RENDER_GIF_HEIF_DEFINE, RENDER_GIF_HEIF_DEFINE_PROC)

#pragma GCC visibility pop

#else

// libheif is linked: there is nothing to open.
const char *render_gif_heif_open(void) { return NULL; }

int render_gif_heif_try_open(const char *name, char *reason, size_t capacity) {
    (void)name;
    if (capacity > 0) reason[0] = '\0';
    return 1;
}

int render_gif_heif_opens_on_use(void) { return 0; }

#endif
