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

#endif
