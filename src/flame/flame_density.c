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

#include <math.h>

enum { DE_THRESH = 100, SWATH_MIN = 16 };

/* rect.c render_rectangle, per batch (contrast 1, sumfilt 1). */
static void log_constants(const fr_flame_genome *g, const fr_flame_frame *f, double *k1, double *k2)
{
    const double prefilter_white = 255.0, white_level = 255.0, contrast = 1.0, sumfilt = 1.0;
    double nbatches = f->passes;
    *k1 = (contrast * g->brightness * prefilter_white * 268.0 * (1.0 / nbatches)) / 256;
    double area = f->width * f->height / (f->ppux * f->ppuy);
    *k2 = (f->os * f->os * nbatches) / (contrast * area * white_level * f->sample_density * sumfilt);
}

/* rect.c: the loop without density estimation. */
static void plain_scale(const fr_context *ctx, const fr_flame_frame *f, const uint64_t *buckets, double *accum,
                        double k1, double k2)
{
    int64_t n = (int64_t)f->wb * f->hb;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
    for (int64_t i = 0; i < n; i++) {
        const uint64_t *b = buckets + i * FR_FB_CHANNELS;
        double c[4] = {(double)b[FR_FB_R], (double)b[FR_FB_G], (double)b[FR_FB_B], (double)b[FR_FB_A]};
        if (c[3] == 0.0) continue;
        double ls = (k1 * log(1.0 + c[3] * k2)) / c[3];
        double *a = accum + i * 4;
        for (int k = 0; k < 4; k++) a[k] += c[k] * ls;
    }
}

/* de_thread: the kernel for the (opacity-weighted) hit count f. */
static int de_kernel_index(const fr_flame_de *de, double f)
{
    int k;
    if (f > de->max_filtered_counts)
        k = de->max_filter_index;
    else if (f <= DE_THRESH)
        k = (int)ceil(f) - 1;
    else
        k = DE_THRESH + (int)floor(pow(f - DE_THRESH, de->curve));
    if (k > de->max_filter_index) k = de->max_filter_index;
    return k;
}

/* add_c_to_accum: one target, dropped outside the grid. */
static inline void add_at(const fr_flame_frame *f, double *accum, int i, int j, const double c[4], double s)
{
    if (i < 0 || i >= f->wb || j < 0 || j >= f->hb) return;
    double *a = accum + ((int64_t)i + (int64_t)j * f->wb) * 4;
    for (int k = 0; k < 4; k++) a[k] += c[k] * s;
}

/* de_thread for the bucket (i, j): the hit count over the
 * (2 floor(os/2) + 1)^2 window picks the kernel, whose triangle of
 * coefficients is splatted to its 1, 4 or 8 mirror images, up to
 * R = ceil(width) - 1. */
static void de_splat_bucket(const fr_flame_frame *f, const uint64_t *buckets, double *accum, int i, int j,
                            double k1, double k2)
{
    const fr_flame_de *de = &f->de;
    const int os = f->os, ss = os / 2, scf = !(os & 1);
    const double scfact = pow(os / (os + 1.0), 2.0);
    const uint64_t *b = buckets + ((int64_t)i + (int64_t)j * f->wb) * FR_FB_CHANNELS;
    if (b[FR_FB_CNT] == 0 || b[FR_FB_A] == 0) return;

    double fs = 0.0;
    for (int ii = -ss; ii <= ss; ii++)
        for (int jj = -ss; jj <= ss; jj++)
            fs += buckets[((int64_t)(i + ii) + (int64_t)(j + jj) * f->wb) * FR_FB_CHANNELS + FR_FB_CNT] / 255.0;
    if (scf) fs *= scfact;

    int k = de_kernel_index(de, fs);
    int r = (int)ceil(de->width[k]) - 1;
    const double *coef = de->coef + (size_t)k * de->kernel_size;
    double c[4] = {(double)b[FR_FB_R], (double)b[FR_FB_G], (double)b[FR_FB_B], (double)b[FR_FB_A]};
    double base = k1 * log(1.0 + c[3] * k2) / c[3];

    int idx = 0;
    for (int jj = 0; jj <= r; jj++) {
        for (int ii = 0; ii <= jj; ii++) {
            double w = coef[idx++];
            if (w == 0.0) continue;
            double s = w * base;
            if (jj == 0) { /* ii == 0 too: the centre */
                add_at(f, accum, i, j, c, s);
            } else if (ii == 0) {
                add_at(f, accum, i, j + jj, c, s);
                add_at(f, accum, i, j - jj, c, s);
                add_at(f, accum, i + jj, j, c, s);
                add_at(f, accum, i - jj, j, c, s);
            } else if (ii == jj) {
                add_at(f, accum, i + ii, j + jj, c, s);
                add_at(f, accum, i - ii, j + jj, c, s);
                add_at(f, accum, i + ii, j - jj, c, s);
                add_at(f, accum, i - ii, j - jj, c, s);
            } else {
                add_at(f, accum, i + ii, j + jj, c, s);
                add_at(f, accum, i - ii, j + jj, c, s);
                add_at(f, accum, i + ii, j - jj, c, s);
                add_at(f, accum, i - ii, j - jj, c, s);
                add_at(f, accum, i + jj, j + ii, c, s);
                add_at(f, accum, i - jj, j + ii, c, s);
                add_at(f, accum, i + jj, j - ii, c, s);
                add_at(f, accum, i - jj, j - ii, c, s);
            }
        }
    }
}

/* rect.c de_thread over rows [os-1, hb-os] and columns [os-1, wb-os] (the
 * edge buckets within os-1 are skipped), in two phases of swaths. */
static void de_splat(const fr_context *ctx, const fr_flame_frame *f, const uint64_t *buckets, double *accum,
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
                for (int i = i0; i < i1; i++) de_splat_bucket(f, buckets, accum, i, j, k1, k2);
        }
    }
}

fr_status fr_flame_accumulate(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f,
                              const uint64_t *buckets, double *accum)
{
    if (!g || !f || !buckets || !accum) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_accumulate: NULL argument");
    double k1, k2;
    log_constants(g, f, &k1, &k2);
    if (f->de.max_filter_index > 0)
        de_splat(ctx, f, buckets, accum, k1, k2);
    else
        plain_scale(ctx, f, buckets, accum, k1, k2);
    return FR_OK;
}
