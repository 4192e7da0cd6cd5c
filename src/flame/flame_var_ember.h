/*
 * flame_var_ember.h - variations beyond flam3's 99 that Apophysis 7X,
 * Ember (Fractorium) and JWildfire genomes use, with Ember's semantics:
 *
 * - the point has a third coordinate z (fr_flame_vctx tz in, p2 the sum);
 *   Ember's 2D variations add 0 to it (flam3's 99 leave p2 alone), its 3D
 *   ones add their z. Without a 3D camera (cam_* all 0) Ember plots x, y
 *   and so does fractalis: z only matters to the variations that read it;
 * - random numbers come from the walker's stream (fr_flame_u01), in the
 *   order of Ember's formula.
 *
 * The formulas follow Ember's maths (Fractorium, Source/Ember/Variations*.h),
 * written here from it; each is FR_HD, compiled for the CPU, the CPU's
 * vector loops and CUDA.
 */
#ifndef FR_FLAME_VAR_EMBER_H
#define FR_FLAME_VAR_EMBER_H

#include "flame/flame_var_common.h"

/* A function rarely run and heavy (the dispatch of the rare variations:
 * local arrays, many branches, transcendental calls): a call on the GPU,
 * not inlined into the chaos kernel (inlined,
 * the first 16 rare variations took its spills from 516 to 820 bytes, the
 * call costs about 170). */
#ifndef FR_HD_RARE /* (a kernel built for a genome's few variations inlines it: cuda/flame_jit.c) */
#ifdef __CUDACC__
#define FR_HD_RARE static __host__ __device__ __noinline__
#else
#define FR_HD_RARE static inline
#endif
#endif

/* Ember's Zeps: 0 replaced by EPS (a denominator). (flam3's EPS, 1e-10;
 * Ember's is the double's epsilon: fr_flame_ezeps, which the variations
 * taken since use.) */
FR_HD double fr_flame_zeps(double d) { return d == 0.0 ? FR_FLAME_EPS : d; }

/* Ember's EPS (std::numeric_limits<double>::epsilon()) and its Zeps. */
#define FR_EMBER_EPS 2.220446049250313e-16
FR_HD double fr_flame_ezeps(double d) { return d == 0.0 ? FR_EMBER_EPS : d; }

/* x^n where n may be a whole number and x negative (falloff's boxpow): by
 * squaring for whole |n| <= 64, pow otherwise. (The CPU's batched loops
 * take pow as exp(n log x), NaN for x < 0.) */
FR_HD double fr_flame_pow_whole(double x, double n)
{
    if (n != floor(n) || fabs(n) > 64.0)
        return pow(x, n);
    unsigned k = (unsigned)fabs(n);
    double r = 1.0, b = x;
    while (k) {
        if (k & 1u)
            r *= b;
        b *= b;
        k >>= 1;
    }
    return n < 0.0 ? 1.0 / r : r;
}

/* linear3D: w (x, y, z). */
FR_HD void fr_var_linear3d(fr_flame_vctx *f, double w)
{
    f->p0 += w * f->tx;
    f->p1 += w * f->ty;
    f->p2 += w * f->tz;
}

/* flatten adds nothing; the xform's z is 0 (fr_flame_xform_pre.zero_z:
 * Ember runs it last and sets the point's z to 0). */

/* hemisphere: w / sqrt(r^2 + 1) (x, y, 1). */
FR_HD void fr_var_hemisphere(fr_flame_vctx *f, double w)
{
    const double t = w / sqrt(f->r2 + 1.0);
    f->p0 += t * f->tx;
    f->p1 += t * f->ty;
    f->p2 += t;
}

/* julia3D: the power-th root of (x, y) with one of |power| branches drawn,
 * z scaled along. */
FR_HD void fr_var_julia3d(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double z = f->tz / x->j3_absn;
    const double r = w * pow(f->r2 + z * z, x->j3_cn);
    const double tmp = r * f->r;
    const int t = fr_flame_d2i(x->j3_absn * fr_flame_u01(rng));
    const double a = (f->atan_yx + 2 * M_PI * (double)t) / f->pv[FR_PL_JULIA3D_POWER];
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += tmp * c;
    f->p1 += tmp * s;
    f->p2 += r * z;
}

/* Spherical3D: w (x, y, z) / (x^2 + y^2 + z^2). */
FR_HD void fr_var_spherical3d(fr_flame_vctx *f, double w)
{
    const double r2 = w / fr_flame_zeps(f->r2 + f->tz * f->tz);
    f->p0 += r2 * f->tx;
    f->p1 += r2 * f->ty;
    f->p2 += r2 * f->tz;
}

/* sineblur: a point of the disc of radius w at a uniform angle, its radius
 * acos(2 u^power - 1) / pi w (power 1: acos(2 u - 1) / pi w); z scaled by w. */
FR_HD void fr_var_sineblur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double ang = fr_flame_u01(rng) * 2 * M_PI;
    const double u = fr_flame_u01(rng);
    const double power = f->pv[FR_PL_SINEBLUR_POWER];
    const double v = power == 1.0 ? u : exp(log(u) * power);
    const double r = w * acos(v * 2.0 - 1.0) / M_PI;
    double s, c;
    fr_flame_sincos(ang, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
    f->p2 += w * f->tz;
}

/* Mobius (Ember's, the Apophysis plugin's names): (a t + b) / (c t + d) with
 * complex a .. d and t = x + i y; z scaled by w. */
FR_HD void fr_var_emobius(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv + FR_PL_EMOBIUS_RE_A; /* re_a im_a re_b im_b re_c im_c re_d im_d */
    const double tx = f->tx, ty = f->ty;
    const double re_u = p[0] * tx - p[1] * ty + p[2];
    const double im_u = p[0] * ty + p[1] * tx + p[3];
    const double re_v = p[4] * tx - p[5] * ty + p[6];
    const double im_v = p[4] * ty + p[5] * tx + p[7];
    const double d = fr_flame_zeps(re_v * re_v + im_v * im_v);
    f->p0 += w * (re_u * re_v + im_u * im_v) / d;
    f->p1 += w * (im_u * re_v - re_u * im_v) / d;
    f->p2 += w * f->tz;
}

/* ztranslate: adds w to z alone. */
FR_HD void fr_var_ztranslate(fr_flame_vctx *f, double w) { f->p2 += w; }

/* zscale: adds w z to z alone. */
FR_HD void fr_var_zscale(fr_flame_vctx *f, double w) { f->p2 += w * f->tz; }

#endif
