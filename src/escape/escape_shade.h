/* Shading of escape-time samples, shared by the CPU colouring and the CUDA
 * kernels: palette lookup, the four colour modes, linear-light averaging
 * for anti-aliasing and quantization. */
#ifndef FR_ESCAPE_SHADE_H
#define FR_ESCAPE_SHADE_H

#include "escape/escape_job.h"

/* The palette as a table of FR_LUT_N colours per cycle (plus the first
 * again at the end), sampled with linear interpolation: a lookup instead of
 * a search per sample. FR_LUT_N is a multiple of 16, so the stops of a
 * 16-colour palette fall on entries and are reproduced exactly. */
#define FR_LUT_N 4096
#define FR_LUT_FLOATS ((FR_LUT_N + 1) * 3)

/* Fill lut[FR_LUT_FLOATS] from a palette (host). */
void fr_shade_lut_build(float *lut, const fr_palette *pal);

/* Histogram colouring: frac[k - lo] is the fraction of exterior samples
 * with count <= k, for k in [lo, hi]; lo > hi when nothing escaped. */
typedef struct fr_rank_table {
    uint32_t lo, hi;
    const double *frac;
} fr_rank_table;

FR_HD float fr_srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

FR_HD float fr_linear_to_srgb(float c)
{
    if (c <= 0.0031308f) return c * 12.92f;
    return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

FR_HD void fr_lut_sample(const float *lut, double t, float rgb[3])
{
    t -= floor(t);
    double f = t * FR_LUT_N;
    int i = (int)f;
    if (i >= FR_LUT_N) i = FR_LUT_N - 1; /* t just below 1 rounding up */
    float w = (float)(f - i);
    const float *a = lut + 3 * i, *b = a + 3;
    for (int c = 0; c < 3; c++) rgb[c] = a[c] + w * (b[c] - a[c]);
}

FR_HD double fr_rank_at(const fr_rank_table *rt, int64_t k)
{
    if (k < (int64_t)rt->lo) return 0.0;
    if (k > (int64_t)rt->hi) return 1.0;
    return rt->frac[k - rt->lo];
}

/* Colour of one sample in sRGB [0, 1] from its count n, smooth value and
 * distance (distance mode only). */
FR_HD void fr_shade_sample(const fr_escape_job *job, const float *lut, const fr_rank_table *rt, uint32_t n,
                           float smooth, float dist, float rgb[3])
{
    if (n >= job->max_iter) {
        for (int c = 0; c < 3; c++) rgb[c] = job->interior_rgb[c];
        return;
    }
    switch (job->color) {
    case FR_COLOR_COUNT:
        fr_lut_sample(lut, (double)n * job->inv_cycle + job->palette_offset, rgb);
        return;
    case FR_COLOR_SMOOTH:
        fr_lut_sample(lut, smooth * job->inv_cycle + job->palette_offset, rgb);
        return;
    case FR_COLOR_HISTOGRAM: {
        /* The smooth value nu lies in [n-1, n): interpolate the rank between
         * F(n-1) and F(n) so bands do not show. The gradient is traversed
         * once, from the first stop to the last. */
        double nu = smooth, f = nu - (double)(n - 1);
        if (!(f >= 0 && f <= 1)) f = 1;
        double r0 = fr_rank_at(rt, (int64_t)n - 1);
        double t = r0 + f * (fr_rank_at(rt, n) - r0);
        fr_lut_sample(lut, t * job->palette_span + job->palette_offset, rgb);
        return;
    }
    default: {
        /* Distance in pixels: the boundary (within a pixel) takes the
         * interior colour, fading into the smooth palette colour. */
        double dpix = dist / (job->pixel * job->inv_aa);
        double k = dpix <= 0 ? 0 : dpix >= 1 ? 1 : sqrt(dpix);
        fr_lut_sample(lut, smooth * job->inv_cycle + job->palette_offset, rgb);
        for (int c = 0; c < 3; c++) rgb[c] = (float)(job->interior_rgb[c] * (1 - k) + rgb[c] * k);
        return;
    }
    }
}

/* Accumulate one of a pixel's aa x aa samples (linear light when aa > 1). */
FR_HD void fr_shade_accumulate(int aa, const float rgb[3], float acc[3])
{
    for (int c = 0; c < 3; c++) acc[c] = aa == 1 ? rgb[c] : acc[c] + fr_srgb_to_linear(rgb[c]);
}

/* Quantize a pixel's accumulated colour into pixels[o .. o+2]. */
FR_HD void fr_shade_store(int aa, int depth, const float acc_in[3], void *pixels, size_t o)
{
    const float inv = 1.0f / (float)(aa * aa);
    for (int c = 0; c < 3; c++) {
        float v = aa == 1 ? acc_in[c] : fr_linear_to_srgb(acc_in[c] * inv);
        v = v < 0 ? 0 : v > 1 ? 1 : v;
        if (depth == 16) ((uint16_t *)pixels)[o + c] = (uint16_t)(v * 65535.0f + 0.5f);
        else ((uint8_t *)pixels)[o + c] = (uint8_t)(v * 255.0f + 0.5f);
    }
}

#endif
