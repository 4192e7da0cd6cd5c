/*
 * escape_step.h - the canonical escape-time step, written once for every
 * backend (C, SIMD reference, CUDA). Including code must be compiled without
 * FP contraction (-ffp-contract=off, nvcc --fmad=false): every rounding here
 * is deliberate, so every backend and SIMD width gets the same iteration
 * count for the same sample, bit for bit.
 *
 * Conventions: z_0 = 0 (Mandelbrot type) or the sample (Julia); n counts
 * steps; escape is tested on z_n before the step, strictly: |z_n|^2 > R^2.
 * A sample that has not escaped after max_iter steps reports max_iter.
 */
#ifndef FR_ESCAPE_STEP_H
#define FR_ESCAPE_STEP_H

#include <math.h>
#include <stdint.h>

#include "core/hd.h"

#define FR_FMA(a, b, c) fma((a), (b), (c))
#define FR_FMAF(a, b, c) fmaf((a), (b), (c))

/* Formula codes, equal to fr_formula. */
enum { FR_STEP_MANDEL = 0, FR_STEP_JULIA = 1, FR_STEP_SHIP = 2, FR_STEP_TRICORN = 3, FR_STEP_MULTI = 4 };

/* |z|^2 as the escape test computes it: one rounding fewer than x*x + y*y. */
FR_HD double fr_mag2_d(double x, double y) { return FR_FMA(x, x, y * y); }
FR_HD float fr_mag2_f(float x, float y) { return FR_FMAF(x, x, y * y); }

/* One step of z^2 + c. Four FP instructions. */
FR_HD void fr_step_mandel_d(double *x, double *y, double cx, double cy)
{
    double xn = FR_FMA(*x, *x, FR_FMA(-*y, *y, cx));
    *y = FR_FMA(*x + *x, *y, cy);
    *x = xn;
}
FR_HD void fr_step_mandel_f(float *x, float *y, float cx, float cy)
{
    float xn = FR_FMAF(*x, *x, FR_FMAF(-*y, *y, cx));
    *y = FR_FMAF(*x + *x, *y, cy);
    *x = xn;
}

/* Burning Ship: (|x| + i|y|)^2 + c. */
FR_HD void fr_step_ship_d(double *x, double *y, double cx, double cy)
{
    double xn = FR_FMA(*x, *x, FR_FMA(-*y, *y, cx));
    *y = FR_FMA(fabs(*x + *x), fabs(*y), cy);
    *x = xn;
}
FR_HD void fr_step_ship_f(float *x, float *y, float cx, float cy)
{
    float xn = FR_FMAF(*x, *x, FR_FMAF(-*y, *y, cx));
    *y = FR_FMAF(fabsf(*x + *x), fabsf(*y), cy);
    *x = xn;
}

/* Tricorn (Mandelbar): conj(z)^2 + c. */
FR_HD void fr_step_tricorn_d(double *x, double *y, double cx, double cy)
{
    double xn = FR_FMA(*x, *x, FR_FMA(-*y, *y, cx));
    *y = FR_FMA(-(*x + *x), *y, cy);
    *x = xn;
}
FR_HD void fr_step_tricorn_f(float *x, float *y, float cx, float cy)
{
    float xn = FR_FMAF(*x, *x, FR_FMAF(-*y, *y, cx));
    *y = FR_FMAF(-(*x + *x), *y, cy);
    *x = xn;
}

/* Multibrot z^d + c for integer d >= 3: d-1 complex products w = w * z, each
 * component with one fma, then + c. (d = 2 uses the Mandelbrot step.) */
FR_HD void fr_step_multi_d(double *x, double *y, double cx, double cy, int d)
{
    double wx = *x, wy = *y;
    for (int k = 1; k < d; k++) {
        double t = FR_FMA(wx, *x, -(wy * *y));
        wy = FR_FMA(wx, *y, wy * *x);
        wx = t;
    }
    *x = wx + cx;
    *y = wy + cy;
}
FR_HD void fr_step_multi_f(float *x, float *y, float cx, float cy, int d)
{
    float wx = *x, wy = *y;
    for (int k = 1; k < d; k++) {
        float t = FR_FMAF(wx, *x, -(wy * *y));
        wy = FR_FMAF(wx, *y, wy * *x);
        wx = t;
    }
    *x = wx + cx;
    *y = wy + cy;
}

/* One step of formula f (FR_STEP_*): the one dispatch every scalar path
 * uses. Callers passing a literal f get the formula's step inlined. */
#define FR_DEFINE_STEP(NAME, T, SFX)                                                          \
    FR_HD void NAME(int f, int d, T *x, T *y, T cx, T cy)                                     \
    {                                                                                         \
        switch (f) {                                                                          \
        case FR_STEP_SHIP: fr_step_ship_##SFX(x, y, cx, cy); break;                           \
        case FR_STEP_TRICORN: fr_step_tricorn_##SFX(x, y, cx, cy); break;                     \
        case FR_STEP_MULTI: fr_step_multi_##SFX(x, y, cx, cy, d); break;                      \
        default: fr_step_mandel_##SFX(x, y, cx, cy); break;                                   \
        }                                                                                     \
    }
FR_DEFINE_STEP(fr_step_d, double, d)
FR_DEFINE_STEP(fr_step_f, float, f)

/* The exact interior test of the Mandelbrot set's main cardioid and period-2
 * bulb, evaluated in double on the sample as the kernel sees it (for float32
 * renders, the float-rounded c). Points inside never escape, so skipping
 * them cannot change a count. */
FR_HD int fr_in_cardioid_or_bulb(double x, double y)
{
    double xq = x - 0.25;
    double y2 = y * y;
    double q = xq * xq + y2;
    if (q * (q + xq) <= 0.25 * y2) return 1;
    double xb = x + 1.0;
    return xb * xb + y2 <= 0.0625;
}

/* The reference loop: iterate from (x, y) with constant (cx, cy) until
 * escape or max_iter; optional exact periodicity check (Brent: the saved
 * point moves at steps 1, 2, 4, ...; an exact repeat of z proves the orbit
 * is a cycle of the floating-point map, which never escapes, so the count
 * is max_iter either way). *steps receives the steps actually performed.
 * `f` is a formula code; callers pass literals so each instance specialises. */
#define FR_DEFINE_ITERATE(NAME, T, MAG2, STEP)                                                 \
    FR_HD uint32_t NAME(int f, int d, T *zx, T *zy, T cx, T cy, uint32_t max_iter, T b2,       \
                        int periodicity, uint32_t *steps)                                     \
    {                                                                                         \
        T x = *zx, y = *zy, px = (T)NAN, py = (T)NAN;                                         \
        uint32_t n = 0, save_at = 1;                                                          \
        for (; n < max_iter; n++) {                                                           \
            if (MAG2(x, y) > b2) break;                                                       \
            STEP(f, d, &x, &y, cx, cy);                                                       \
            if (periodicity) {                                                                \
                if (x == px && y == py) {                                                     \
                    *steps = n + 1;                                                           \
                    *zx = x;                                                                  \
                    *zy = y;                                                                  \
                    return max_iter;                                                          \
                }                                                                             \
                if (n + 1 == save_at) {                                                       \
                    px = x;                                                                   \
                    py = y;                                                                   \
                    save_at = save_at > 0x40000000u ? save_at : save_at * 2;                  \
                }                                                                             \
            }                                                                                 \
        }                                                                                     \
        *steps = n;                                                                           \
        *zx = x;                                                                              \
        *zy = y;                                                                              \
        return n;                                                                             \
    }

FR_DEFINE_ITERATE(fr_iterate_d, double, fr_mag2_d, fr_step_d)
FR_DEFINE_ITERATE(fr_iterate_f, float, fr_mag2_f, fr_step_f)

#endif
