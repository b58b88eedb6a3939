#ifndef RENDER_GIF_ALLOCATOR_H
#define RENDER_GIF_ALLOCATOR_H
// The C library's settings for what a process reserves beyond what it uses: malloc's arenas
// and the stacks of threads created without a size of their own. Swift's Glibc module does
// not import <malloc.h>, hence these functions. Everywhere but glibc they do nothing.

#include <stddef.h>

/// Bounds the number of malloc arenas glibc may create (mallopt M_ARENA_MAX); arenas that
/// exist already stay. Returns 1 if the bound was set, 0 if not (not glibc, or refused).
int render_gif_set_arena_max(int count);

/// Sets the stack size of threads created from now on without a size of their own
/// (pthread_setattr_default_np). Returns 1 if it was set, 0 if not (not glibc, or refused).
int render_gif_set_default_stack_size(size_t bytes);

/// The stack size a thread created without a size of its own gets (glibc: from
/// pthread_getattr_default_np, which follows `ulimit -s` unless set); 0 where it is not known.
size_t render_gif_default_stack_size(void);

#endif
