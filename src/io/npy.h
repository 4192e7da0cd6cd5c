/* NumPy .npy arrays (src/io/npy.c) inside the library. */
#ifndef FR_IO_NPY_H
#define FR_IO_NPY_H

#include <stdint.h>
#include <stdio.h>

#include "fractalis.h"

/* Write ndim dimensions of elements of `size` bytes, dtype `descr`: into
 * an open file (fr_npy_write_fp; `path` for messages), or atomically to
 * path. */
fr_status fr_npy_write_fp(fr_context *ctx, FILE *fp, const char *path, const void *data, const char *descr, int size,
                          int ndim, const int64_t *shape);
fr_status fr_npy_write(fr_context *ctx, const char *path, const void *data, const char *descr, int size, int ndim,
                       const int64_t *shape);
/* The header alone (the caller writes the count elements after it, in
 * chunks); *count receives the element count (may be NULL). */
fr_status fr_npy_write_header(fr_context *ctx, FILE *fp, const char *path, const char *descr, int ndim,
                              const int64_t *shape, size_t *count);
/* Read '<u4' or '<u8' (C order, up to 4 dimensions) as 64-bit values. */
fr_status fr_npy_read_u64(fr_context *ctx, const char *path, int *ndim, int64_t shape[4], uint64_t **data);

#endif
