/* Colouring of escape-time samples on the CPU and the anti-aliasing
 * downsample. Each sample is coloured (count, smooth, histogram or
 * distance; escape_shade.h, shared with the GPU), converted to linear
 * light, box-filtered over the pixel's N x N samples, converted back to
 * sRGB and quantized. */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "escape/escape_shade.h"

void fr_shade_lut_build(float *lut, const fr_palette *pal)
{
    for (int i = 0; i < FR_LUT_N; i++) fr_palette_sample(pal, (double)i / FR_LUT_N, lut + 3 * i);
    memcpy(lut + 3 * FR_LUT_N, lut, 3 * sizeof *lut);
}

/* Rank table of the exterior counts (escape_shade.h); frac is malloc()ed. */
static fr_status build_ranks(fr_context *ctx, const fr_escape_job *job, fr_rank_table *rt)
{
    const int64_t n = (int64_t)job->sw * job->sh;
    const uint32_t max_iter = job->max_iter;
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
    double *frac = malloc(span * sizeof *frac);
    if (!hist || !frac) {
        free(hist), free(frac);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the histogram of %zu counts", span);
    }
    for (int64_t i = 0; i < n; i++)
        if (job->counts[i] < max_iter) hist[job->counts[i] - lo]++;
    uint64_t total = 0, run = 0;
    for (size_t k = 0; k < span; k++) total += hist[k];
    for (size_t k = 0; k < span; k++) run += hist[k], frac[k] = (double)run / (double)total;
    free(hist);
    rt->frac = frac;
    return FR_OK;
}

/* What shading a job's samples needs: the palette's table and, for the
 * histogram colouring, the rank table (both freed by shading_end). */
typedef struct shading {
    float *lut;
    fr_rank_table rt;
} shading;

static void shading_end(shading *sh)
{
    free(sh->lut);
    free((void *)sh->rt.frac);
}

static fr_status shading_begin(fr_context *ctx, const fr_escape_job *job, shading *sh)
{
    fr_status s;
    sh->rt = (fr_rank_table){1, 0, NULL};
    sh->lut = NULL;
    if (job->color == FR_COLOR_HISTOGRAM && (s = build_ranks(ctx, job, &sh->rt))) return s;
    if (!(sh->lut = malloc(FR_LUT_FLOATS * sizeof *sh->lut))) {
        shading_end(sh);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    fr_shade_lut_build(sh->lut, &job->p->palette);
    return FR_OK;
}

/* Sample i's colour (sRGB, 0..1). */
static inline void shade_at(const fr_escape_job *job, const shading *sh, int64_t i, float rgb[3])
{
    fr_shade_sample(job, sh->lut, &sh->rt, job->counts[i], job->smooth ? job->smooth[i] : 0.0f,
                    job->dist ? job->dist[i] : 0.0f, rgb);
}

fr_status fr_escape_colorize(fr_context *ctx, const fr_escape_job *job, fr_image *image)
{
    const int aa = job->aa, w = job->width, h = job->height, depth = job->depth;
    shading sh;
    fr_status s;
    if ((s = shading_begin(ctx, job, &sh))) return s;
    size_t bytes = (size_t)w * h * 3 * (depth == 16 ? 2 : 1);
    void *pixels = malloc(bytes);
    if (!pixels) {
        shading_end(&sh);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d image", w, h);
    }
#pragma omp parallel for schedule(dynamic, 4) num_threads(fr_threads(ctx))
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            float acc[3] = {0, 0, 0}, rgb[3];
            for (int sy = 0; sy < aa; sy++)
                for (int sx = 0; sx < aa; sx++) {
                    shade_at(job, &sh, (int64_t)(y * aa + sy) * job->sw + (x * aa + sx), rgb);
                    fr_shade_accumulate(aa, rgb, acc);
                }
            fr_shade_store(aa, depth, acc, pixels, ((size_t)y * w + x) * 3);
        }
    }
    shading_end(&sh);
    image->width = w, image->height = h, image->depth = depth, image->pixels = pixels;
    return FR_OK;
}

fr_status fr_escape_shade_samples(fr_context *ctx, const fr_escape_job *job, float *rgb)
{
    shading sh;
    fr_status s;
    if ((s = shading_begin(ctx, job, &sh))) return s;
    const int64_t n = (int64_t)job->sw * job->sh;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
    for (int64_t i = 0; i < n; i++) {
        float c[3];
        shade_at(job, &sh, i, c);
        for (int k = 0; k < 3; k++) rgb[3 * i + k] = fr_srgb_to_linear(c[k]);
    }
    shading_end(&sh);
    return FR_OK;
}
