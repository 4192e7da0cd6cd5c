/*
 * flame_strips.h - a flame rendered in horizontal strips when its buckets
 * and accumulator do not fit the memory (flam3-render's nstrips).
 *
 * Each strip runs the whole chaos game: every sample of the image, the
 * same walkers with the same streams, so the points are the image's; only
 * those that land in the strip's band of buckets are kept. The band is the
 * strip's rows of the image's own bucket grid (fr_flame_bucket less the
 * band's first row) with margins wide enough for everything its pixels
 * read: the spatial filter's window, the density-estimation splats that
 * reach it, the hit counts that choose their kernels and the edge rows the
 * splat skips. The strip keeps the image's sample count and its k1, k2, so
 * each strip's buckets, accumulator cells and pixels are the whole
 * image's: on the CPU the strips give the unsplit image bit for bit.
 */
#ifndef FR_FLAME_STRIPS_H
#define FR_FLAME_STRIPS_H

#include "flame/flame_frame.h"

/* What a render does with one frame (the whole image's or a strip's). */
typedef struct fr_flame_strip_ops {
    void *user;
    /* Bytes a render of frame f needs and bytes it may use (*budget 0: no
     * limit known). */
    fr_status (*memory)(fr_context *ctx, void *user, const fr_flame_frame *f, double *need, double *budget);
    /* Render frame f into out (f->width x f->height x 4 values; NULL: no
     * image) and add its image buckets into raw (NULL: not kept); counters
     * and times into *st (zeroed). */
    fr_status (*render)(fr_context *ctx, void *user, const fr_flame_frame *f, uint16_t *out, fr_flame_bucket_t *raw,
                        fr_flame_stats *st);
} fr_flame_strip_ops;

/* The frame of the image rows [y0, y1) of `whole` (a whole image's frame):
 * its arrays are whole's. Rows [0, height): whole itself. */
void fr_flame_strip_frame(const fr_flame_frame *whole, int y0, int y1, fr_flame_frame *strip);

/* Image rows [y0, y1) of strip k of n: the rows shared out evenly. */
void fr_flame_strip_rows(int height, int n, int k, int *y0, int *y1);

/* Render `whole` in `strips` strips (0: automatic, the fewest that fit the
 * budget ops->memory gives, and more if a render still runs out of memory)
 * into out (width x height x 4; NULL: no image) and raw (os height x os
 * width x FR_FB_CHANNELS, zeroed; NULL: not kept). Progress through the
 * context's callback stays monotone across strips; *st sums the strips'
 * counters and times (st->strips: how many). Errors: more strips than
 * rows (FR_ERR_INVALID), a frame that does not fit even in strips of one
 * row (FR_ERR_NOMEM), the render's own. */
fr_status fr_flame_render_strips(fr_context *ctx, const fr_flame_frame *whole, int strips,
                                 const fr_flame_strip_ops *ops, uint16_t *out, fr_flame_bucket_t *raw,
                                 fr_flame_stats *st);

#endif
