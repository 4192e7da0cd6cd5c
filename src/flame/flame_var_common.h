/*
 * flame_var_common.h - what the variation formulas share: the per-point
 * context, flam3's constants and two helpers.
 *
 * Everything here and in the flame_var_*.h formula headers is FR_HD: plain
 * C on math.h only, so the same code can be compiled for a GPU.
 */
#ifndef FR_FLAME_VAR_COMMON_H
#define FR_FLAME_VAR_COMMON_H

#include <math.h>

#include "core/hd.h"
#include "flame/flame_rng.h"
#include "flame/flame_xform_eval.h"

/* The variation and parameter indices (FR_V_*, FR_P_*) are generated from
 * the registry's list (flame_var_list.h, through flame_variations.h). */

/* The rare variations: from here on (flame_var_calls.h). */
#define FR_V_FIRST_RARE FR_V_FOCI3D

/* flam3's EPS, added to denominators near zero. */
#define FR_FLAME_EPS 1e-10

/* Ember's z through flam3's variations: linear, spherical and 34 more give
 * z = w * z (fr_flame_xform_pre.zw, FR_FLAME_NEED_ZW), bubble and cylinder
 * a z of their own. 1 (the default): computed. A kernel whose flames read
 * no z (no 3D variation, no 3D camera) may define it 0 before including
 * the variations, to leave that work out; every kernel here keeps 1 (the
 * GPU's classic kernel also runs flames with Ember's 3D camera). */
#ifndef FR_FLAME_Z_PASS
#define FR_FLAME_Z_PASS 1
#endif

/* The point a variation receives and the shared quantities derived from it
 * (valid when the xform's flags ask for them), and the running sum. z is
 * Ember's third coordinate: the 3D variations add to it; of flam3's, those
 * Ember gives z = w * z add that (not in their bodies: the xform's sum of
 * their weights, fr_flame_xform_pre.zw), bubble and cylinder Ember's z of
 * their own, the rest nothing (as Ember's 2D ones, whose z is 0). */
typedef struct fr_flame_vctx {
    double tx, ty;   /* the affine image (moved by pre_blur, if any) */
    double tz;       /* its z (the affine map keeps z) */
    double r2, r;    /* tx^2 + ty^2, its square root */
    double atan_xy;  /* atan2(tx, ty) */
    double sina;     /* tx / r */
    double cosa;     /* ty / r */
    double atan_yx;  /* atan2(ty, tx) */
    double p0, p1;   /* sum of the weighted variations */
    double p2;       /* z of the sum */
    double pc;       /* the walker's colour coordinate after the xform's blend (Ember's
                        outPoint.m_ColorX), which a variation of FR_FLAME_NEED_COLOR reads and sets;
                        set only in such an xform */
    const double *pv; /* the running variation's parameters (pv[FR_PL_ID_NAME]: its block of
                         fr_flame_xform_pre.prm), set before each call */
} fr_flame_vctx;

/* flam3 converts doubles to int with C casts, which x86 (where flam3 runs)
 * turns into INT_MIN for NaN and out-of-range values; C leaves those
 * undefined, so they are spelled out here. */
FR_HD int fr_flame_d2i(double d)
{
    if (d > -2147483649.0 && d < 2147483648.0)
        return (int)d;
    return -2147483647 - 1;
}

/* flam3's badvalue(): NaN, or beyond +-1e10. */
FR_HD int fr_flame_bad(double v) { return v != v || v > 1e10 || v < -1e10; }

/* flam3_random_isaac_01 and _11. */
FR_HD double fr_flame_u01(fr_flame_rng *rng) { return fr_flame_rng_01(rng); }
FR_HD double fr_flame_u11(fr_flame_rng *rng) { return 2.0 * fr_flame_rng_01(rng) - 1.0; }

/* The classic variations: flam3's first 49 (linear .. cross) and
 * super_shape. The GPU runs flames that use only these with a kernel
 * compiled for them alone (flame_chaos_classic.cu). */
FR_HD int fr_flame_var_classic(int v) { return (v >= 0 && v <= FR_V_CROSS) || v == FR_V_SUPER_SHAPE; }

/* Sine and cosine of one angle (compilers fuse the pair into one call). */
FR_HD void fr_flame_sincos(double a, double *s, double *c)
{
    *s = sin(a);
    *c = cos(a);
}

#endif
