/* Colouring of escape-time samples and the anti-aliasing downsample. Each
 * sample is coloured (count, smooth, histogram or distance), converted to
 * linear light, box-filtered over the pixel's N x N samples, converted back
 * to sRGB and quantized. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "escape/escape_job.h"

static float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static float linear_to_srgb(float c)
{
    if (c <= 0.0031308f) return c * 12.92f;
    return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

/* The palette as a table of LUT_N colours per cycle, sampled with linear
 * interpolation: a lookup instead of a search per sample. LUT_N is a
 * multiple of 16, so the stops of a 16-colour palette fall on entries and
 * are reproduced exactly. */
#define LUT_N 4096
typedef struct palette_lut {
    float rgb[LUT_N + 1][3];
} palette_lut;

static void lut_build(palette_lut *lut, const fr_palette *pal)
{
    for (int i = 0; i < LUT_N; i++) fr_palette_sample(pal, (double)i / LUT_N, lut->rgb[i]);
    memcpy(lut->rgb[LUT_N], lut->rgb[0], sizeof lut->rgb[0]);
}

static inline void lut_sample(const palette_lut *lut, double t, float rgb[3])
{
    t -= floor(t);
    double f = t * LUT_N;
    int i = (int)f;
    if (i >= LUT_N) i = LUT_N - 1; /* t just below 1 rounding up */
    float w = (float)(f - i);
    for (int c = 0; c < 3; c++) rgb[c] = lut->rgb[i][c] + w * (lut->rgb[i + 1][c] - lut->rgb[i][c]);
}

/* Rank table for histogram colouring: frac[k - lo] is the fraction of
 * exterior samples with count <= k, for k in [lo, hi]. */
typedef struct rank_table {
    uint32_t lo, hi;
    double *frac;
} rank_table;

static fr_status build_ranks(fr_context *ctx, const fr_escape_job *job, rank_table *rt)
{
    const int64_t n = (int64_t)job->sw * job->sh;
    const uint32_t max_iter = job->p->max_iter;
    uint32_t lo = UINT32_MAX, hi = 0;
    for (int64_t i = 0; i < n; i++) {
        uint32_t c = job->counts[i];
        if (c >= max_iter) continue;
        if (c < lo) lo = c;
        if (c > hi) hi = c;
    }
    rt->frac = NULL;
    if (lo > hi) return rt->lo = 1, rt->hi = 0, FR_OK; /* no exterior sample */
    rt->lo = lo, rt->hi = hi;
    size_t span = (size_t)(hi - lo) + 1;
    uint64_t *hist = calloc(span, sizeof *hist);
    rt->frac = malloc(span * sizeof *rt->frac);
    if (!hist || !rt->frac) {
        free(hist), free(rt->frac);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the histogram of %zu counts", span);
    }
    for (int64_t i = 0; i < n; i++)
        if (job->counts[i] < max_iter) hist[job->counts[i] - lo]++;
    uint64_t total = 0, run = 0;
    for (size_t k = 0; k < span; k++) total += hist[k];
    for (size_t k = 0; k < span; k++) run += hist[k], rt->frac[k] = (double)run / (double)total;
    free(hist);
    return FR_OK;
}

static double rank_at(const rank_table *rt, int64_t k)
{
    if (k < (int64_t)rt->lo) return 0.0;
    if (k > (int64_t)rt->hi) return 1.0;
    return rt->frac[k - rt->lo];
}

/* Colour of one sample in sRGB [0, 1]. */
static void sample_color(const fr_escape_job *job, const palette_lut *lut, const rank_table *rt, double inv_cycle,
                         int64_t i, float rgb[3])
{
    const fr_escape_params *p = job->p;
    uint32_t n = job->counts[i];
    if (n >= p->max_iter) {
        for (int c = 0; c < 3; c++) rgb[c] = p->interior[c] / 255.0f;
        return;
    }
    switch (p->color) {
    case FR_COLOR_COUNT:
        lut_sample(lut, (double)n * inv_cycle + p->palette_offset, rgb);
        return;
    case FR_COLOR_SMOOTH:
        lut_sample(lut, job->smooth[i] * inv_cycle + p->palette_offset, rgb);
        return;
    case FR_COLOR_HISTOGRAM: {
        /* The smooth value nu lies in [n-1, n): interpolate the rank between
         * F(n-1) and F(n) so bands do not show. The gradient is traversed
         * once, from the first stop to the last. */
        double nu = job->smooth[i], f = nu - (double)(n - 1);
        if (!(f >= 0 && f <= 1)) f = 1;
        double t = rank_at(rt, (int64_t)n - 1) + f * (rank_at(rt, n) - rank_at(rt, (int64_t)n - 1));
        double span = p->palette.count > 1 ? p->palette.pos[p->palette.count - 1] : 0;
        lut_sample(lut, t * span + p->palette_offset, rgb);
        return;
    }
    case FR_COLOR_DISTANCE: {
        /* Distance in pixels: the boundary (within a pixel) takes the
         * interior colour, fading into the smooth palette colour. */
        double dpix = job->dist[i] / (job->pixel * job->inv_aa);
        double k = dpix <= 0 ? 0 : dpix >= 1 ? 1 : sqrt(dpix);
        lut_sample(lut, job->smooth[i] * inv_cycle + p->palette_offset, rgb);
        for (int c = 0; c < 3; c++) rgb[c] = (float)(p->interior[c] / 255.0 * (1 - k) + rgb[c] * k);
        return;
    }
    }
}

fr_status fr_escape_colorize(fr_context *ctx, const fr_escape_job *job, int depth, fr_image *image)
{
    const fr_escape_params *p = job->p;
    const int aa = p->aa, w = p->width, h = p->height;
    rank_table rt = {1, 0, NULL};
    fr_status s;
    if (p->color == FR_COLOR_HISTOGRAM && (s = build_ranks(ctx, job, &rt))) return s;
    size_t bytes = (size_t)w * h * 3 * (depth == 16 ? 2 : 1);
    void *pixels = malloc(bytes);
    palette_lut *lut = malloc(sizeof *lut);
    if (!pixels || !lut) {
        free(pixels), free(lut), free(rt.frac);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d image", w, h);
    }
    lut_build(lut, &p->palette);
    const double inv_cycle = 1.0 / fr_escape_palette_cycle(p);
    const float inv = 1.0f / (float)(aa * aa);
#pragma omp parallel for schedule(dynamic, 4) num_threads(fr_threads(ctx))
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            float acc[3] = {0, 0, 0}, rgb[3];
            if (aa == 1) {
                sample_color(job, lut, &rt, inv_cycle, (int64_t)y * job->sw + x, acc);
            } else {
                for (int sy = 0; sy < aa; sy++)
                    for (int sx = 0; sx < aa; sx++) {
                        sample_color(job, lut, &rt, inv_cycle, (int64_t)(y * aa + sy) * job->sw + (x * aa + sx), rgb);
                        for (int c = 0; c < 3; c++) acc[c] += srgb_to_linear(rgb[c]);
                    }
                for (int c = 0; c < 3; c++) acc[c] = linear_to_srgb(acc[c] * inv);
            }
            size_t o = ((size_t)y * w + x) * 3;
            for (int c = 0; c < 3; c++) {
                float v = acc[c] < 0 ? 0 : acc[c] > 1 ? 1 : acc[c];
                if (depth == 16) ((uint16_t *)pixels)[o + c] = (uint16_t)(v * 65535.0f + 0.5f);
                else ((uint8_t *)pixels)[o + c] = (uint8_t)(v * 255.0f + 0.5f);
            }
        }
    }
    free(rt.frac);
    free(lut);
    image->width = w, image->height = h, image->depth = depth, image->pixels = pixels;
    return FR_OK;
}
