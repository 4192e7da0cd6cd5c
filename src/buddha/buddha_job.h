/*
 * buddha_job.h - everything one orbit-density render needs, as plain data,
 * and the per-sample pieces every backend shares (host C and CUDA): the
 * sample a counter draws, the orbit's escape index and cycle, the channel
 * lengths and the pixel a point lands in. Compiled without FP contraction,
 * like escape_step.h: the same sample gives the same orbit and the same
 * pixels on every backend.
 */
#ifndef FR_BUDDHA_JOB_H
#define FR_BUDDHA_JOB_H

#include <math.h>
#include <stdint.h>

#include "core/hd.h"
#include "core/philox.h"
#include "escape/escape_step.h"

/* A function of one formula, inlined where a literal formula calls it so
 * that the step's dispatch folds away. */
#ifdef __CUDACC__
#define FR_HD_FLAT FR_HD
#else
#define FR_HD_FLAT static inline __attribute__((always_inline))
#endif

enum { FR_BS_UNIFORM = 0, FR_BS_STRATIFIED = 1, FR_BS_IMPORTANCE = 2, FR_BS_METROPOLIS = 3 };

typedef struct fr_buddha_job {
    int width, height, channels;
    int f32;
    /* view: point -> pixel */
    double center_re, center_im, scale, half_w, half_h, rc, rs;
    int rotated;           /* rc/rs used (else u = dx, v = dy) */
    int sym_view;          /* centre on the real axis, no rotation: rows from |v| */
    /* sampling */
    int sampling;          /* FR_BS_* */
    int paired;            /* sample i is the pair c, conj(c); region is the upper half */
    double re0, re1, im0, im1;
    uint32_t grid_w, grid_h;
    double cell_w, cell_h;
    uint64_t cells;        /* grid_w * grid_h */
    const double *cdf;     /* importance: cdf[k] = P(cell <= k), cells entries */
    const uint32_t *weight; /* importance: integer weight of each cell */
    uint64_t seed;
    uint32_t stream;
    /* orbits: the map (FR_STEP_*; multibrot d = 2 runs the Mandelbrot step),
     * its exponent, and for Julia the constant c (the sample is z_0) */
    int step, power, julia;
    double julia_re, julia_im;
    uint32_t min_iter[3], max_iter[3];
    uint32_t max_len;      /* max of max_iter */
    int anti;
    double b2;
    int interior_test, periodicity;
    /* metropolis (buddha_metropolis.h): steps a chain, steps not plotted,
     * probability of a fresh proposal, the largest mutation (complex-plane
     * units), the weight numerator K and the largest possible C */
    uint32_t chain_len, burn_in;
    double fresh, mut_max;
    uint64_t mh_k, mh_cmax;
    /* the band of rows this render stores (buddha_render.c's bands): the
     * pixels [band_lo, band_lo + band_n) of the full view, stored from 0.
     * Every test of the view (the counters, metropolis' C) still sees the
     * whole view; only the adds are cut to the band. The whole image:
     * band_lo 0, band_n UINT64_MAX. */
    int64_t band_lo;
    uint64_t band_n;
} fr_buddha_job;

/* Storage index of full-view pixel p (-1: outside the image) in the job's
 * band, or -1 when the band does not hold it. */
FR_HD int64_t fr_buddha_band_index(const fr_buddha_job *j, int64_t p)
{
    const uint64_t q = (uint64_t)(p - j->band_lo);
    return p >= 0 && q < j->band_n ? (int64_t)q : -1;
}

/* Classification of one orbit. */
typedef struct fr_orbit {
    uint32_t e;            /* escape index, or max_len + 1 */
    uint32_t cyc_s, cyc_p; /* z_s == z_(s-p): an exact cycle from step s (0: none) */
    uint32_t steps;        /* steps computed */
} fr_orbit;

/* A uniform point of the region from one random block. */
FR_HD void fr_buddha_uniform(const fr_buddha_job *j, const uint32_t r[4], double *cr, double *ci)
{
    *cr = j->re0 + fr_u53(r[0], r[1]) * (j->re1 - j->re0);
    *ci = j->im0 + fr_u53(r[2], r[3]) * (j->im1 - j->im0);
}

/* Sample i: c in double (the caller rounds it to the iteration type) and
 * its integer weight. */
FR_HD uint32_t fr_buddha_sample(const fr_buddha_job *j, uint64_t i, double *cr, double *ci)
{
    uint32_t r[4];
    fr_philox(j->seed, i, j->stream, r);
    if (j->sampling == FR_BS_UNIFORM) {
        fr_buddha_uniform(j, r, cr, ci);
        return 1;
    }
    uint64_t cell;
    double ux, uy;
    uint32_t w = 1;
    if (j->sampling == FR_BS_STRATIFIED) {
        cell = i % j->cells;
        ux = fr_u53(r[0], r[1]);
        uy = fr_u53(r[2], r[3]);
    } else {
        /* The first cell whose cumulative probability exceeds u. */
        double u = fr_u53(r[0], r[1]);
        uint64_t lo = 0, hi = j->cells - 1;
        while (lo < hi) {
            uint64_t mid = (lo + hi) >> 1;
            if (j->cdf[mid] > u) hi = mid;
            else lo = mid + 1;
        }
        cell = lo;
        w = j->weight[cell];
        ux = fr_u32(r[2]);
        uy = fr_u32(r[3]);
    }
    *cr = j->re0 + ((double)(cell % j->grid_w) + ux) * j->cell_w;
    *ci = j->im0 + ((double)(cell / j->grid_w) + uy) * j->cell_h;
    return w;
}

/* Where the orbit of sample (sx, sy) starts: z_0 = 0 and c = the sample,
 * or for Julia z_0 = the sample and c = the job's constant (rounded to T,
 * as escape time rounds it). */
#define FR_ORBIT_START(j, T, sx, sy, x, y, cx, cy)                                                     \
    do {                                                                                              \
        if ((j)->julia) (x) = (sx), (y) = (sy), (cx) = (T)(j)->julia_re, (cy) = (T)(j)->julia_im;     \
        else (x) = 0, (y) = 0, (cx) = (sx), (cy) = (sy);                                              \
    } while (0)

/* 1 when a Julia sample's z_0 is already outside R: escape index 0, nothing
 * to plot (escape time's count 0); every backend drops it at the draw. */
FR_HD int fr_buddha_gone_d(const fr_buddha_job *j, double x, double y) { return j->julia && fr_mag2_d(x, y) > j->b2; }
FR_HD int fr_buddha_gone_f(const fr_buddha_job *j, float x, float y)
{
    return j->julia && fr_mag2_f(x, y) > (float)j->b2;
}

/* Escape index and cycle of the orbit of sample (sx, sy), up to max_len
 * steps. A cycle is an exact repeat of z (Brent: the saved point moves at
 * steps 1, 2, 4, ...): the map is deterministic, so the orbit repeats for
 * ever and never escapes; that holds for every formula, since only exact
 * iterates are compared. NAME##_step is the loop for one formula F (a
 * literal, so the step's dispatch folds away); NAME dispatches once an
 * orbit. */
#define FR_DEFINE_ORBIT(NAME, T, MAG2, STEP, GONE)                                                    \
    FR_HD_FLAT fr_orbit NAME##_step(const fr_buddha_job *j, const int F, T sx, T sy)                       \
    {                                                                                                 \
        fr_orbit o = {j->max_len + 1, 0, 0, 0};                                                       \
        T x, y, cx, cy, px = (T)NAN, py = (T)NAN;                                                     \
        FR_ORBIT_START(j, T, sx, sy, x, y, cx, cy);                                                   \
        if (GONE(j, x, y)) return o.e = 0, o;                                                         \
        const int d = j->power;                                                                       \
        uint32_t sn = 0, next_save = 1;                                                               \
        for (uint32_t n = 1; n <= j->max_len; n++) {                                                  \
            STEP(F, d, &x, &y, cx, cy);                                                               \
            if (MAG2(x, y) > (T)j->b2) {                                                              \
                o.e = n, o.steps = n;                                                                 \
                return o;                                                                             \
            }                                                                                         \
            if (j->periodicity) {                                                                     \
                if (x == px && y == py) {                                                             \
                    o.cyc_s = n, o.cyc_p = n - sn, o.steps = n;                                       \
                    return o;                                                                         \
                }                                                                                     \
                if (n == next_save) {                                                                 \
                    px = x, py = y, sn = n;                                                           \
                    next_save = next_save > 0x40000000u ? next_save : next_save * 2;                  \
                }                                                                                     \
            }                                                                                         \
        }                                                                                             \
        o.steps = j->max_len;                                                                         \
        return o;                                                                                     \
    }                                                                                                 \
    FR_HD fr_orbit NAME(const fr_buddha_job *j, T sx, T sy)                                           \
    {                                                                                                 \
        switch (j->step) {                                                                            \
        case FR_STEP_SHIP: return NAME##_step(j, FR_STEP_SHIP, sx, sy);                               \
        case FR_STEP_TRICORN: return NAME##_step(j, FR_STEP_TRICORN, sx, sy);                         \
        case FR_STEP_MULTI: return NAME##_step(j, FR_STEP_MULTI, sx, sy);                             \
        default: return NAME##_step(j, FR_STEP_MANDEL, sx, sy);                                       \
        }                                                                                             \
    }
FR_DEFINE_ORBIT(fr_orbit_d, double, fr_mag2_d, fr_step_d, fr_buddha_gone_d)
FR_DEFINE_ORBIT(fr_orbit_f, float, fr_mag2_f, fr_step_f, fr_buddha_gone_f)

/* Points plotted for channel k: z_1 .. z_len (0: the orbit does not qualify). */
FR_HD uint32_t fr_buddha_len(const fr_buddha_job *j, int k, uint32_t e)
{
    if (j->anti) return e > j->max_iter[k] ? j->max_iter[k] : 0;
    return e >= j->min_iter[k] && e <= j->max_iter[k] ? e : 0;
}

/* How many of the points z_step, z_(step+p), ... up to z_len a point
 * stands for: 1 before the cycle, the count of its repeats on it. */
FR_HD uint64_t fr_buddha_mult(uint32_t step, uint32_t len, uint32_t cyc_s, uint32_t cyc_p)
{
    if (step > len) return 0;
    if (!cyc_s || step <= cyc_s) return 1;
    return (uint64_t)((len - step) / cyc_p) + 1;
}

/* Column of a point, from its rotated offset u, or -1 outside. */
FR_HD int fr_buddha_col(const fr_buddha_job *j, double u)
{
    double fx = u * j->scale + j->half_w;
    if (!(fx >= 0 && fx < (double)j->width)) return -1;
    return (int)fx;
}

FR_HD void fr_buddha_uv(const fr_buddha_job *j, double x, double y, double *u, double *v)
{
    double dx = x - j->center_re, dy = y - j->center_im;
    if (j->rotated) {
        *u = dx * j->rc + dy * j->rs;
        *v = dy * j->rc - dx * j->rs;
    } else {
        *u = dx;
        *v = dy;
    }
}

/* The pixel (row * width + col) of point (x, y), or -1 outside the image.
 * In a symmetric view rows come from |v|, so that a point and its mirror
 * land in mirrored rows exactly; the real axis itself (v == 0) belongs to
 * the row above it when the height is even. */
FR_HD int64_t fr_buddha_pixel(const fr_buddha_job *j, double x, double y)
{
    double u, v;
    fr_buddha_uv(j, x, y, &u, &v);
    int col = fr_buddha_col(j, u);
    if (col < 0) return -1;
    int row;
    const int h = j->height;
    if (j->sym_view) {
        double t = fabs(v) * j->scale;
        if (h % 2 == 0) {
            if (!(t < (double)(h / 2))) return -1;
            int k = (int)t;
            row = v < 0 ? h / 2 + k : h / 2 - 1 - k;
        } else {
            t += 0.5;
            if (!(t < (double)(h / 2 + 1))) return -1;
            int k = (int)t;
            row = v < 0 ? h / 2 + k : h / 2 - k;
        }
    } else {
        double fy = j->half_h - v * j->scale;
        if (!(fy >= 0 && fy < (double)h)) return -1;
        row = (int)fy;
    }
    return (int64_t)row * j->width + col;
}

/* Folded storage for a symmetric view with conjugate pairs: one counter
 * stands for a pixel and its mirror. Rows 0 .. fold_rows-1: the upper half
 * (odd height: with the middle row); even height adds one row for points
 * on the real axis, whose pair both land in row h/2 - 1. *twice is 1 when
 * the point and its mirror fall on the same counter (add 2). */
FR_HD int fr_buddha_fold_rows(const fr_buddha_job *j) { return j->height / 2 + 1; }

FR_HD int64_t fr_buddha_fold_pixel(const fr_buddha_job *j, double x, double y, int *twice)
{
    double u, v;
    fr_buddha_uv(j, x, y, &u, &v);
    int col = fr_buddha_col(j, u);
    if (col < 0) return -1;
    const int h = j->height;
    double t = fabs(v) * j->scale;
    int row;
    if (h % 2 == 0) {
        if (!(t < (double)(h / 2))) return -1;
        row = v == 0 ? h / 2 : h / 2 - 1 - (int)t;
        *twice = v == 0;
    } else {
        t += 0.5;
        if (!(t < (double)(h / 2 + 1))) return -1;
        int k = (int)t;
        row = h / 2 - k;
        *twice = k == 0;
    }
    return (int64_t)row * j->width + col;
}

#endif
