#ifndef RENDER_GIF_CJPEG_SHIM_H
#define RENDER_GIF_CJPEG_SHIM_H
// libjpeg (libjpeg-turbo). jpeglib.h needs stdio.h and stddef.h first.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif
