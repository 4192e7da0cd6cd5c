/*
 * flame_density_core.h - what flam3 3.1.1's rect.c does to one bucket after
 * a batch, as FR_HD code (the CPU loops of flame_density.c and the CUDA
 * kernels share it): the log-density scaling of one bucket, and the
 * density-estimation splat (de_thread) of one bucket. On a GPU the adds
 * into the accumulator are atomic (splats overlap).
 */
#ifndef FR_FLAME_DENSITY_CORE_H
#define FR_FLAME_DENSITY_CORE_H

#include <math.h>
#include <stdint.h>

#include "core/hd.h"
#include "flame/flame_frame.h"

/* rect.c, the loop without density estimation: bucket i into its cell. */
FR_HD void fr_flame_scale_bucket(const fr_flame_bucket_t *buckets, fr_flame_acc_t *accum, int64_t i, double k1, double k2)
{
    const fr_flame_bucket_t *b = buckets + i * FR_FB_CHANNELS;
    double c[4] = {(double)b[FR_FB_R], (double)b[FR_FB_G], (double)b[FR_FB_B], (double)b[FR_FB_A]};
    if (c[3] == 0.0) return;
    double ls = (k1 * log(1.0 + c[3] * k2)) / c[3];
    fr_flame_acc_t *a = accum + i * 4;
    for (int k = 0; k < 4; k++) a[k] += c[k] * ls;
}

#define FR_DE_THRESH 100

/* de_thread: the kernel for the (opacity-weighted) hit count f. */
FR_HD int fr_flame_de_kernel_index(const fr_flame_de *de, double f)
{
    int k;
    if (f > de->max_filtered_counts)
        k = de->max_filter_index;
    else if (f <= FR_DE_THRESH)
        k = (int)ceil(f) - 1;
    else
        k = FR_DE_THRESH + (int)floor(pow(f - FR_DE_THRESH, de->curve));
    if (k > de->max_filter_index) k = de->max_filter_index;
    return k;
}

/* add_c_to_accum: one target, dropped outside the grid and outside the
 * rows [jlo, jhi) (a device that density-estimates a band of rows). */
FR_HD void fr_flame_accum_add(const fr_flame_frame *f, fr_flame_acc_t *accum, int i, int j, const double c[4], double s,
                              int jlo, int jhi)
{
    if (i < 0 || i >= f->wb || j < jlo || j >= jhi) return;
    fr_flame_acc_t *a = accum + ((int64_t)i + (int64_t)j * f->wb) * 4;
#ifdef __CUDA_ARCH__
    for (int k = 0; k < 4; k++) atomicAdd(a + k, c[k] * s);
#else
    for (int k = 0; k < 4; k++) a[k] += c[k] * s;
#endif
}

/* de_thread for the bucket (i, j): the hit count over the
 * (2 floor(os/2) + 1)^2 window picks the kernel, whose triangle of
 * coefficients is splatted to its 1, 4 or 8 mirror images, up to
 * R = ceil(width) - 1; only into the accumulator's rows [jlo, jhi). */
FR_HD void fr_flame_de_splat_rows(const fr_flame_frame *f, const fr_flame_bucket_t *buckets, fr_flame_acc_t *accum,
                                  int i, int j, double k1, double k2, int jlo, int jhi)
{
    const fr_flame_de *de = &f->de;
    const int os = f->os, ss = os / 2, scf = !(os & 1);
    const double scfact = pow(os / (os + 1.0), 2.0);
    const fr_flame_bucket_t *b = buckets + ((int64_t)i + (int64_t)j * f->wb) * FR_FB_CHANNELS;
    if (b[FR_FB_CNT] == 0 || b[FR_FB_A] == 0) return;

    double fs = 0.0;
    for (int ii = -ss; ii <= ss; ii++)
        for (int jj = -ss; jj <= ss; jj++)
            fs += buckets[((int64_t)(i + ii) + (int64_t)(j + jj) * f->wb) * FR_FB_CHANNELS + FR_FB_CNT] / 255.0;
    if (scf) fs *= scfact;

    int k = fr_flame_de_kernel_index(de, fs);
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
                fr_flame_accum_add(f, accum, i, j, c, s, jlo, jhi);
            } else if (ii == 0) {
                fr_flame_accum_add(f, accum, i, j + jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i, j - jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i + jj, j, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i - jj, j, c, s, jlo, jhi);
            } else if (ii == jj) {
                fr_flame_accum_add(f, accum, i + ii, j + jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i - ii, j + jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i + ii, j - jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i - ii, j - jj, c, s, jlo, jhi);
            } else {
                fr_flame_accum_add(f, accum, i + ii, j + jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i - ii, j + jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i + ii, j - jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i - ii, j - jj, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i + jj, j + ii, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i - jj, j + ii, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i + jj, j - ii, c, s, jlo, jhi);
                fr_flame_accum_add(f, accum, i - jj, j - ii, c, s, jlo, jhi);
            }
        }
    }
}

/* de_thread for the bucket (i, j), into every row. */
FR_HD void fr_flame_de_splat_bucket(const fr_flame_frame *f, const fr_flame_bucket_t *buckets, fr_flame_acc_t *accum,
                                    int i, int j, double k1, double k2)
{
    fr_flame_de_splat_rows(f, buckets, accum, i, j, k1, k2, 0, f->hb);
}

/* The widest kernel's reach R (buckets a splat may move), for a band's
 * rows of sources. */
static inline int fr_flame_de_reach(const fr_flame_de *de)
{
    int r = 0;
    for (int k = 0; k <= de->max_filter_index; k++) {
        const int rk = (int)ceil(de->width[k]) - 1;
        if (rk > r) r = rk;
    }
    return r;
}

#endif
