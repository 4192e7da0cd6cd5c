/*
 * flame_tonemap.c - the accumulator to the image, as flam3 3.1.1's rect.c
 * does it after the last batch: spatial filter and downsample, then the
 * tone map (palettes.c flam3_calc_alpha and flam3_calc_newrgb with gamma,
 * gamma_threshold, vibrancy, highlight_power and the background), clamp and
 * truncation to 8 or 16 bits. With earlyclip the tone map runs on every
 * accumulator cell before the filter.
 */
#include "flame/flame_frame.h"

#include <math.h>

#include "flame/flame_tone_core.h"

fr_status fr_flame_tonemap(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, fr_flame_acc_t *accum,
                           int earlyclip, int transparency, int bpc, uint16_t *out)
{
    if (!g || !f || !accum || !out) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_tonemap: NULL argument");
    if (bpc != 8 && bpc != 16) return fr_fail(ctx, FR_ERR_INVALID, "bits per channel must be 8 or 16, not %d", bpc);
    fr_flame_tone tn;
    fr_flame_tone_setup(g, transparency != 0, &tn);

    if (earlyclip) { /* every cell, gutter included */
        int64_t n = (int64_t)f->wb * f->hb;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
        for (int64_t i = 0; i < n; i++) fr_flame_tonemap_acc(&tn, accum + i * 4);
    }

#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
    for (int j = 0; j < f->height; j++)
        for (int i = 0; i < f->width; i++)
            fr_flame_tone_pixel(f, &tn, accum, earlyclip, bpc, i, j, out + ((int64_t)i + (int64_t)j * f->width) * 4);
    return FR_OK;
}
