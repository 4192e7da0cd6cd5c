/* OpenEXR files through OpenEXRCore, OpenEXR's C library: one scanline
 * image of named channels with string and integer attributes, written
 * atomically like every output (atomic_file.h), and a string attribute
 * read back. This file knows no family: each lays out its own channels
 * (escape/escape_exr.c, buddha/buddha_exr.c, flame/flame_exr.c). */
#ifndef FR_IO_EXR_IO_H
#define FR_IO_EXR_IO_H

#include <stddef.h>

#include "core/context.h"

/* A channel's type in the file. The samples given are uint32_t for UINT
 * and float for HALF (converted, rounding to nearest) and FLOAT. */
typedef enum fr_exr_type { FR_EXR_UINT = 0, FR_EXR_HALF = 1, FR_EXR_FLOAT = 2 } fr_exr_type;

typedef struct fr_exr_channel {
    const char *name; /* "R", "N", "hits.R", ... (at most 31 bytes) */
    fr_exr_type type;
    const void *data; /* the sample of pixel (0, 0); rows follow each other, top row first */
    size_t stride;    /* bytes from one pixel's sample to the next (4: a plane of its own) */
} fr_exr_channel;

/* A header attribute: a string when text is not NULL, else the int value. */
typedef struct fr_exr_attr {
    const char *name;
    const char *text;
    int value;
} fr_exr_attr;

/* Write a width x height image of n channels (ZIP-compressed scanlines)
 * with n_attr attributes to `path`: whole or not at all. */
fr_status fr_exr_write(fr_context *ctx, const char *path, int width, int height, const fr_exr_channel *ch,
                       int n, const fr_exr_attr *attr, int n_attr);

/* An 8- or 16-bit image's colour (sRGB-encoded, as written to a PNG) in
 * linear light, 3 floats a pixel (alpha left out): EXR's R, G, B. */
void fr_exr_linear_rgb(const fr_image *img, float *rgb);

#endif
