/*
 * flame_density.c - one pass's buckets into the accumulator, as flam3
 * 3.1.1's rect.c does after the iteration of a batch: log-density scaling
 * with k1, k2 and either the density-estimation splat of de_thread or the
 * plain per-bucket scaling.
 *
 * Threads. The plain path writes each accumulator cell from its own bucket
 * only. The DE splat scatters: a bucket adds to cells up to R rows away
 * (R <= the widest kernel's half size). Rows are cut into swaths of a
 * fixed height of at least 2 R, independent of the thread count, and the
 * even swaths run in parallel first, then the odd ones, so no two swaths
 * running at once write the same cell. Each cell receives the same adds in
 * the same order whatever the thread count, so the result is bit-identical
 * for any number of threads (and equals the sequential splat up to the
 * order of floating-point additions at swath boundaries).
 */
#include "flame/flame_frame.h"

#include "flame/flame_density_core.h"

#include <math.h>

enum { SWATH_MIN = 16 };

/* rect.c render_rectangle, per batch (contrast 1, sumfilt 1). */
void fr_flame_log_constants(const fr_flame_genome *g, const fr_flame_frame *f, double *k1, double *k2)
{
    const double prefilter_white = 255.0, white_level = 255.0, contrast = 1.0, sumfilt = 1.0;
    double nbatches = f->passes;
    *k1 = (contrast * g->brightness * prefilter_white * 268.0 * (1.0 / nbatches)) / 256;
    double area = f->width * f->height / (f->ppux * f->ppuy);
    *k2 = (f->os * f->os * nbatches) / (contrast * area * white_level * f->sample_density * sumfilt);
}

/* rect.c de_thread over rows [os-1, hb-os] and columns [os-1, wb-os] (the
 * edge buckets within os-1 are skipped), in two phases of swaths. */
static void de_splat(const fr_context *ctx, const fr_flame_frame *f, const fr_flame_bucket_t *buckets, double *accum,
                     double k1, double k2)
{
    const int os = f->os;
    const int j0 = os - 1, j1 = f->hb - os + 1; /* rows [j0, j1) */
    const int i0 = os - 1, i1 = f->wb - os + 1;
    if (j1 <= j0 || i1 <= i0) return;
    int rmax = (int)ceil(f->de.width[0]) - 1; /* widest splat */
    int swath = 2 * rmax > SWATH_MIN ? 2 * rmax : SWATH_MIN;
    int nswath = (j1 - j0 + swath - 1) / swath;
    for (int phase = 0; phase < 2; phase++) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(fr_threads(ctx))
        for (int s = phase; s < nswath; s += 2) {
            int ja = j0 + s * swath, jb = ja + swath < j1 ? ja + swath : j1;
            for (int j = ja; j < jb; j++)
                for (int i = i0; i < i1; i++) fr_flame_de_splat_bucket(f, buckets, accum, i, j, k1, k2);
        }
    }
}

fr_status fr_flame_accumulate(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f,
                              const fr_flame_bucket_t *buckets, double *accum)
{
    if (!g || !f || !buckets || !accum) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_accumulate: NULL argument");
    double k1, k2;
    fr_flame_log_constants(g, f, &k1, &k2);
    if (f->de.max_filter_index > 0)
        de_splat(ctx, f, buckets, accum, k1, k2);
    else {
        const int64_t n = (int64_t)f->wb * f->hb;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
        for (int64_t i = 0; i < n; i++) fr_flame_scale_bucket(buckets, accum, i, k1, k2);
    }
    return FR_OK;
}
