/*
 * flame_xform_core.h - the dispatch over the 99 variations and the body of
 * flam3's apply_xform (spatial part), as FR_HD code that the CPU wrapper in
 * flame_xform_eval.c and a device kernel can both compile.
 */
#ifndef FR_FLAME_XFORM_CORE_H
#define FR_FLAME_XFORM_CORE_H

#include "flame/flame_var_apo.h"
#include "flame/flame_var_classic.h"
#include "flame/flame_var_common.h"
#include "flame/flame_var_complex.h"
#include "flame/flame_var_param.h"

/* The variations a build of the dispatch runs (the others add nothing): all
 * of them unless the includer says otherwise, as the GPU's kernel for the
 * classic variations does (flame_chaos_classic.cu: without the rest, it
 * needs no spills). */
#ifndef FR_FLAME_VAR_ON
#define FR_FLAME_VAR_ON(v) 1
#endif
#define FR_VCASE(v, call)                                                                                  \
    case v:                                                                                                \
        if (FR_FLAME_VAR_ON(v)) call;                                                                      \
        break

/* Adds variation v with weight w at the point of f. pre_blur is not here:
 * it moves the point before the others run (fr_flame_xform_apply_core). */
FR_HD void fr_flame_var_dispatch(const fr_flame_xform_pre *x, int v, double w, fr_flame_vctx *f,
                                 fr_flame_rng *rng)
{
    switch (v) {
        FR_VCASE(FR_V_LINEAR, fr_var_linear(f, w));
        FR_VCASE(FR_V_SINUSOIDAL, fr_var_sinusoidal(f, w));
        FR_VCASE(FR_V_SPHERICAL, fr_var_spherical(f, w));
        FR_VCASE(FR_V_SWIRL, fr_var_swirl(f, w));
        FR_VCASE(FR_V_HORSESHOE, fr_var_horseshoe(f, w));
        FR_VCASE(FR_V_POLAR, fr_var_polar(f, w));
        FR_VCASE(FR_V_HANDKERCHIEF, fr_var_handkerchief(f, w));
        FR_VCASE(FR_V_HEART, fr_var_heart(f, w));
        FR_VCASE(FR_V_DISC, fr_var_disc(f, w));
        FR_VCASE(FR_V_SPIRAL, fr_var_spiral(f, w));
        FR_VCASE(FR_V_HYPERBOLIC, fr_var_hyperbolic(f, w));
        FR_VCASE(FR_V_DIAMOND, fr_var_diamond(f, w));
        FR_VCASE(FR_V_EX, fr_var_ex(f, w));
        FR_VCASE(FR_V_JULIA, fr_var_julia(f, w, rng));
        FR_VCASE(FR_V_BENT, fr_var_bent(f, w));
        FR_VCASE(FR_V_WAVES, fr_var_waves(x, f, w));
        FR_VCASE(FR_V_FISHEYE, fr_var_fisheye(f, w));
        FR_VCASE(FR_V_POPCORN, fr_var_popcorn(x, f, w));
        FR_VCASE(FR_V_EXPONENTIAL, fr_var_exponential(f, w));
        FR_VCASE(FR_V_POWER, fr_var_power(f, w));
        FR_VCASE(FR_V_COSINE, fr_var_cosine(f, w));
        FR_VCASE(FR_V_RINGS, fr_var_rings(x, f, w));
        FR_VCASE(FR_V_FAN, fr_var_fan(x, f, w));
        FR_VCASE(FR_V_BLOB, fr_var_blob(x, f, w));
        FR_VCASE(FR_V_PDJ, fr_var_pdj(x, f, w));
        FR_VCASE(FR_V_FAN2, fr_var_fan2(x, f, w));
        FR_VCASE(FR_V_RINGS2, fr_var_rings2(x, f, w));
        FR_VCASE(FR_V_EYEFISH, fr_var_eyefish(f, w));
        FR_VCASE(FR_V_BUBBLE, fr_var_bubble(f, w));
        FR_VCASE(FR_V_CYLINDER, fr_var_cylinder(f, w));
        FR_VCASE(FR_V_PERSPECTIVE, fr_var_perspective(x, f, w));
        FR_VCASE(FR_V_NOISE, fr_var_noise(f, w, rng));
        FR_VCASE(FR_V_JULIAN, fr_var_julian(x, f, w, rng));
        FR_VCASE(FR_V_JULIASCOPE, fr_var_juliascope(x, f, w, rng));
        FR_VCASE(FR_V_BLUR, fr_var_blur(f, w, rng));
        FR_VCASE(FR_V_GAUSSIAN_BLUR, fr_var_gaussian_blur(f, w, rng));
        FR_VCASE(FR_V_RADIAL_BLUR, fr_var_radial_blur(x, f, w, rng));
        FR_VCASE(FR_V_PIE, fr_var_pie(x, f, w, rng));
        FR_VCASE(FR_V_NGON, fr_var_ngon(x, f, w));
        FR_VCASE(FR_V_CURL, fr_var_curl(x, f, w));
        FR_VCASE(FR_V_RECTANGLES, fr_var_rectangles(x, f, w));
        FR_VCASE(FR_V_ARCH, fr_var_arch(f, w, rng));
        FR_VCASE(FR_V_TANGENT, fr_var_tangent(f, w));
        FR_VCASE(FR_V_SQUARE, fr_var_square(f, w, rng));
        FR_VCASE(FR_V_RAYS, fr_var_rays(f, w, rng));
        FR_VCASE(FR_V_BLADE, fr_var_blade(f, w, rng));
        FR_VCASE(FR_V_SECANT2, fr_var_secant2(f, w));
        FR_VCASE(FR_V_TWINTRIAN, fr_var_twintrian(f, w, rng));
        FR_VCASE(FR_V_CROSS, fr_var_cross(f, w));
        FR_VCASE(FR_V_DISC2, fr_var_disc2(x, f, w));
        FR_VCASE(FR_V_SUPER_SHAPE, fr_var_super_shape(x, f, w, rng));
        FR_VCASE(FR_V_FLOWER, fr_var_flower(x, f, w, rng));
        FR_VCASE(FR_V_CONIC, fr_var_conic(x, f, w, rng));
        FR_VCASE(FR_V_PARABOLA, fr_var_parabola(x, f, w, rng));
        FR_VCASE(FR_V_BENT2, fr_var_bent2(x, f, w));
        FR_VCASE(FR_V_BIPOLAR, fr_var_bipolar(x, f, w));
        FR_VCASE(FR_V_BOARDERS, fr_var_boarders(f, w, rng));
        FR_VCASE(FR_V_BUTTERFLY, fr_var_butterfly(f, w));
        FR_VCASE(FR_V_CELL, fr_var_cell(x, f, w));
        FR_VCASE(FR_V_CPOW, fr_var_cpow(x, f, w, rng));
        FR_VCASE(FR_V_CURVE, fr_var_curve(x, f, w));
        FR_VCASE(FR_V_EDISC, fr_var_edisc(f, w));
        FR_VCASE(FR_V_ELLIPTIC, fr_var_elliptic(f, w));
        FR_VCASE(FR_V_ESCHER, fr_var_escher(x, f, w));
        FR_VCASE(FR_V_FOCI, fr_var_foci(f, w));
        FR_VCASE(FR_V_LAZYSUSAN, fr_var_lazysusan(x, f, w));
        FR_VCASE(FR_V_LOONIE, fr_var_loonie(f, w));
        FR_VCASE(FR_V_MODULUS, fr_var_modulus(x, f, w));
        FR_VCASE(FR_V_OSCILLOSCOPE, fr_var_oscilloscope(x, f, w));
        FR_VCASE(FR_V_POLAR2, fr_var_polar2(f, w));
        FR_VCASE(FR_V_POPCORN2, fr_var_popcorn2(x, f, w));
        FR_VCASE(FR_V_SCRY, fr_var_scry(f, w));
        FR_VCASE(FR_V_SEPARATION, fr_var_separation(x, f, w));
        FR_VCASE(FR_V_SPLIT, fr_var_split(x, f, w));
        FR_VCASE(FR_V_SPLITS, fr_var_splits(x, f, w));
        FR_VCASE(FR_V_STRIPES, fr_var_stripes(x, f, w));
        FR_VCASE(FR_V_WEDGE, fr_var_wedge(x, f, w));
        FR_VCASE(FR_V_WEDGE_JULIA, fr_var_wedge_julia(x, f, w, rng));
        FR_VCASE(FR_V_WEDGE_SPH, fr_var_wedge_sph(x, f, w));
        FR_VCASE(FR_V_WHORL, fr_var_whorl(x, f, w));
        FR_VCASE(FR_V_WAVES2, fr_var_waves2(x, f, w));
        FR_VCASE(FR_V_EXP, fr_var_exp(f, w));
        FR_VCASE(FR_V_LOG, fr_var_log(f, w));
        FR_VCASE(FR_V_SIN, fr_var_sin(f, w));
        FR_VCASE(FR_V_COS, fr_var_cos(f, w));
        FR_VCASE(FR_V_TAN, fr_var_tan(f, w));
        FR_VCASE(FR_V_SEC, fr_var_sec(f, w));
        FR_VCASE(FR_V_CSC, fr_var_csc(f, w));
        FR_VCASE(FR_V_COT, fr_var_cot(f, w));
        FR_VCASE(FR_V_SINH, fr_var_sinh(f, w));
        FR_VCASE(FR_V_COSH, fr_var_cosh(f, w));
        FR_VCASE(FR_V_TANH, fr_var_tanh(f, w));
        FR_VCASE(FR_V_SECH, fr_var_sech(f, w));
        FR_VCASE(FR_V_CSCH, fr_var_csch(f, w));
        FR_VCASE(FR_V_COTH, fr_var_coth(f, w));
        FR_VCASE(FR_V_AUGER, fr_var_auger(x, f, w));
        FR_VCASE(FR_V_FLUX, fr_var_flux(x, f, w));
        FR_VCASE(FR_V_MOBIUS, fr_var_mobius(x, f, w));
    default: break;
    }
}

/* The shared quantities flags asks for, at the point (f->tx, f->ty). */
FR_HD void fr_flame_vctx_prepare(fr_flame_vctx *f, int flags)
{
    if (flags & (FR_FLAME_NEED_R2 | FR_FLAME_NEED_R | FR_FLAME_NEED_ANGLES)) {
        f->r2 = f->tx * f->tx + f->ty * f->ty;
        if (flags & (FR_FLAME_NEED_R | FR_FLAME_NEED_ANGLES))
            f->r = sqrt(f->r2);
    }
    if (flags & FR_FLAME_NEED_ATAN)
        f->atan_xy = atan2(f->tx, f->ty);
    if (flags & FR_FLAME_NEED_ANGLES) { /* one division, not flam3's two */
        const double ir = 1.0 / f->r;
        f->sina = f->tx * ir;
        f->cosa = f->ty * ir;
    }
    if (flags & FR_FLAME_NEED_ATANYX)
        f->atan_yx = atan2(f->ty, f->tx);
}

/* flam3's apply_xform, spatial part (see fr_flame_xform_apply). */
FR_HD int fr_flame_xform_apply_core(const fr_flame_xform_pre *x, double px, double py, fr_flame_rng *rng,
                                    double *ox, double *oy)
{
    fr_flame_vctx f;
    f.tx = x->c[0][0] * px + x->c[1][0] * py + x->c[2][0];
    f.ty = x->c[0][1] * px + x->c[1][1] * py + x->c[2][1];
    if (x->preblur != 0.0)
        fr_var_pre_blur(&f, x->preblur, rng);
    f.r2 = f.r = f.atan_xy = f.sina = f.cosa = f.atan_yx = 0.0;
    fr_flame_vctx_prepare(&f, x->flags);
    f.p0 = 0.0;
    f.p1 = 0.0;
    for (int i = 0; i < x->nvar; i++)
        fr_flame_var_dispatch(x, x->var[i], x->w[i], &f, rng);
    double qx, qy;
    if (x->has_post) {
        qx = x->post[0][0] * f.p0 + x->post[1][0] * f.p1 + x->post[2][0];
        qy = x->post[0][1] * f.p0 + x->post[1][1] * f.p1 + x->post[2][1];
    } else {
        qx = f.p0;
        qy = f.p1;
    }
    if (fr_flame_bad(qx) || fr_flame_bad(qy)) {
        *ox = fr_flame_u11(rng);
        *oy = fr_flame_u11(rng);
        return 1;
    }
    *ox = qx;
    *oy = qy;
    return 0;
}

#endif
