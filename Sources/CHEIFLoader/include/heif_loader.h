#ifndef RENDER_GIF_HEIF_LOADER_H
#define RENDER_GIF_HEIF_LOADER_H
// libheif opened on first use. On Linux render-gif does not link libheif: loading it and the
// codecs it brings (libde265, dav1d, aom, x265), and libde265's constructor, cost every start
// about 3 ms (`render-gif --help` 6.5 against 3.6 ms), HEIF picture or not. This target
// defines each libheif function render-gif calls, under libheif's own name and with the
// header's own signature, as a call through a table filled by dlopen and dlsym the first time
// one is needed; the Swift code calls libheif as before.
// On macOS libheif is linked (Homebrew's library is not on dlopen's default path) and these
// functions only say so.

#include <stddef.h>

/// Opens libheif once for the process, and resolves every function render-gif calls.
/// Returns NULL when libheif is usable, else the reason ("libheif.so.1: cannot open shared
/// object file: No such file or directory"), which stays valid for the life of the process.
/// Safe to call from any thread; every later call returns the first one's answer.
const char *render_gif_heif_open(void);

/// Opens the library `name` as `render_gif_heif_open` would open libheif, resolves the same
/// functions, and closes it again, changing nothing the process uses. Returns 1 when every
/// function was found; otherwise 0, with the reason in `reason` (cut to `capacity` bytes,
/// NUL-terminated). For tests of the failures; always 1 where libheif is linked.
int render_gif_heif_try_open(const char *name, char *reason, size_t capacity);

/// 1 when libheif is opened on first use (Linux), 0 when it is linked.
int render_gif_heif_opens_on_use(void);

#endif
