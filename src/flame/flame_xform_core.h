/*
 * flame_xform_core.h - the dispatch over the 99 variations and the body of
 * flam3's apply_xform (spatial part), as FR_HD code that the CPU wrapper in
 * flame_xform_eval.c and a device kernel can both compile.
 */
#ifndef FR_FLAME_XFORM_CORE_H
#define FR_FLAME_XFORM_CORE_H

#include "flame/flame_var_apo.h"
#include "flame/flame_var_calls.h"
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

/* Adds variation v with weight w at the point of f. pre_blur is not here:
 * it moves the point before the others run (fr_flame_xform_apply_core). */
FR_HD void fr_flame_var_dispatch(const fr_flame_xform_pre *x, int v, double w, fr_flame_vctx *f,
                                 fr_flame_rng *rng)
{
    switch (v) {
#define FR_VAR_CASE(V, DRAWS, CALL)                                                                        \
    case V:                                                                                                \
        if (FR_FLAME_VAR_ON(V)) CALL;                                                                      \
        break;
        FR_FLAME_VAR_CALLS(FR_VAR_CASE)
#undef FR_VAR_CASE
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
