// pthread_setattr_default_np and pthread_getattr_default_np are GNU extensions.
#if defined(__linux__)
#define _GNU_SOURCE
#include <features.h> // defines __GLIBC__ on glibc, not on other C libraries
#endif
#include "allocator.h"

#if defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>

int render_gif_set_arena_max(int count) {
    return mallopt(M_ARENA_MAX, count) == 1;
}

int render_gif_set_default_stack_size(size_t bytes) {
    pthread_attr_t attr;
    if (pthread_getattr_default_np(&attr) != 0) return 0;
    int done = pthread_attr_setstacksize(&attr, bytes) == 0 && pthread_setattr_default_np(&attr) == 0;
    pthread_attr_destroy(&attr);
    return done;
}

size_t render_gif_default_stack_size(void) {
    pthread_attr_t attr;
    if (pthread_getattr_default_np(&attr) != 0) return 0;
    size_t size = 0;
    if (pthread_attr_getstacksize(&attr, &size) != 0) size = 0;
    pthread_attr_destroy(&attr);
    return size;
}

#else

int render_gif_set_arena_max(int count) {
    (void)count;
    return 0;
}

int render_gif_set_default_stack_size(size_t bytes) {
    (void)bytes;
    return 0;
}

size_t render_gif_default_stack_size(void) {
    return 0;
}

#endif
