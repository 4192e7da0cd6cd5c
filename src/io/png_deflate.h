/* Parallel compression of PNG image data (the zlib stream of all IDAT
 * chunks), pigz style: rows are filtered and deflated in strips on all
 * threads, each strip ending on a byte-aligned sync flush, and the strips
 * are joined into one zlib stream with a combined Adler-32. */
#ifndef FR_IO_PNG_DEFLATE_H
#define FR_IO_PNG_DEFLATE_H

#include <stddef.h>

#include "fractalis.h"

/* Filter (UP) and compress the image's scanlines, 16-bit samples stored
 * big-endian. *out is malloc()ed. */
fr_status fr_png_deflate_parallel(fr_context *ctx, const fr_image *img, int threads, unsigned char **out,
                                  size_t *len);

/* Scanlines made on demand: `shape` gives the width, height, depth and
 * channels (its pixels unused when `row` is set); row(user, y, dst) writes
 * scanline y in PNG byte order (16-bit samples big-endian), from any
 * thread, any row any number of times. An image need not exist whole. */
typedef struct fr_png_rows {
    fr_image shape;
    void (*row)(void *user, int y, unsigned char *dst);
    void *user;
} fr_png_rows;
fr_status fr_png_deflate_rows(fr_context *ctx, const fr_png_rows *src, int threads, unsigned char **out, size_t *len);

/* A PNG written atomically to path from scanlines made on demand (as
 * fr_image_write_png_keyed: the same bytes as the whole image would give). */
fr_status fr_png_write_rows(fr_context *ctx, const fr_png_rows *src, const char *path, const char *key,
                            const char *meta);

#endif
