/*
 * flame_xform_core.h - the dispatch over the variations and the body of
 * flam3's apply_xform (spatial part) with Ember's additions (z, pre_ and
 * post_ variations), as FR_HD code that the CPU wrapper in
 * flame_xform_eval.c and a device kernel can both compile.
 */
#ifndef FR_FLAME_XFORM_CORE_H
#define FR_FLAME_XFORM_CORE_H

#include "flame/flame_var_apo.h"
#include "flame/flame_var_calls.h"
#include "flame/flame_var_classic.h"
#include "flame/flame_var_common.h"
#include "flame/flame_var_complex.h"
#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_blur.h"
#include "flame/flame_var_ember_corpus.h"
#include "flame/flame_var_ember_shape.h"
#include "flame/flame_var_ember_v01.h"
#include "flame/flame_var_ember_v02.h"
#include "flame/flame_var_ember_v03.h"
#include "flame/flame_var_ember_v04.h"
#include "flame/flame_var_ember_v05.h"
#include "flame/flame_var_ember_v06.h"
#include "flame/flame_var_ember_v07.h"
#include "flame/flame_var_ember_v08.h"
#include "flame/flame_var_ember_v09.h"
#include "flame/flame_var_ember_v10.h"
#include "flame/flame_var_ember_v11.h"
#include "flame/flame_var_ember_tile.h"
#include "flame/flame_var_param.h"

/* The variations a build of the dispatch runs (the others add nothing): all
 * of them unless the includer says otherwise, as the GPU's kernel for the
 * classic variations does (flame_chaos_classic.cu: without the rest, it
 * needs no spills). */
#ifndef FR_FLAME_VAR_ON
#define FR_FLAME_VAR_ON(v) 1
#endif
/* Ember's pre_ and post_ variations: compiled in unless the includer says
 * otherwise (the GPU's classic kernel runs only xforms without them). */
#ifndef FR_FLAME_PREPOST_ON
#define FR_FLAME_PREPOST_ON 1
#endif
/* The walker's colour handed to the variations that read or set it
 * (FR_FLAME_NEED_COLOR): compiled in unless the includer says otherwise
 * (the GPU's classic and common kernels, which run none of them, and a
 * kernel built for a genome without them: flame_jit.c). */
#ifndef FR_FLAME_COLOR_ON
#define FR_FLAME_COLOR_ON 1
#endif

#define FR_VAR_CASE(V, DRAWS, CALL)                                                                        \
    case V:                                                                                                \
        if (FR_FLAME_VAR_ON(V)) CALL;                                                                      \
        break;

/* The rare variations (FR_V_FIRST_RARE on): their own switch, on the GPU a
 * call (FR_HD_RARE), so that the chaos kernels' inlined dispatch keeps the
 * registers and spills of the common ones however many rare ones there
 * are. */
FR_HD_RARE void fr_flame_var_dispatch_rare(const fr_flame_vset *x, int v, double w, fr_flame_vctx *f,
                                           fr_flame_rng *rng)
{
    switch (v) {
        FR_FLAME_VAR_CALLS_RARE(FR_VAR_CASE)
    default: break;
    }
}

/* Adds variation v with weight w at the point of f. pre_blur is not here:
 * it moves the point before the others run (fr_flame_xform_apply_core). */
FR_HD void fr_flame_var_dispatch(const fr_flame_vset *x, int v, double w, fr_flame_vctx *f,
                                 fr_flame_rng *rng)
{
    switch (v) {
        FR_FLAME_VAR_CALLS_COMMON(FR_VAR_CASE)
    default:
        if (v >= FR_V_FIRST_RARE && FR_FLAME_VAR_ON(v)) fr_flame_var_dispatch_rare(x, v, w, f, rng);
        break;
    }
}
#undef FR_VAR_CASE

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

/* flam3's apply_xform, spatial part, with z (Ember's: the affine map keeps
 * it, flam3's variations add Ember's z, most of them w z: zw), up to the
 * bad-value test: the image in (*qx, *qy, *qz).
 *
 * With Ember's pre_ and post_ variations compiled in, the xform is one
 * sequence of steps with a single dispatch: the pre_ variations, the
 * regular ones (summed, from the point the pre_ ones left), then the post_
 * ones on the sum: one inlined dispatch and no call (a function of their
 * own for the pre_/post_ slots was a second copy of the dispatch, a call
 * on the GPU with its spills). A pre_/post_ variation gets the point with
 * its own shared quantities and replaces it (x, y and, for a 2D variation,
 * z kept, w z for those Ember gives that; flatten: z 0) or adds to it
 * (FR_VF_SUM: z not carried);
 * post_depth also reads the affine image the pre_ ones left (Ember's
 * m_Trans).
 *
 * *qc is the walker's colour coordinate after the xform's blend; an xform
 * with a variation that reads or sets it (FR_FLAME_NEED_COLOR) hands it to
 * the variations (f.pc) and gives back Ember's c + var_color (c' - c), NaN
 * made 0 (Xform::Apply); the others neither read nor write it. */
FR_HD void fr_flame_xform_apply_body(const fr_flame_xform_pre *x, double px, double py, double pz, fr_flame_rng *rng,
                                     double *qx, double *qy, double *qz, double *qc)
{
    fr_flame_vctx f;
    const int color = FR_FLAME_COLOR_ON && (x->flags & FR_FLAME_NEED_COLOR);
    if (color) f.pc = *qc;
    f.tx = x->c[0][0] * px + x->c[1][0] * py + x->c[2][0];
    f.ty = x->c[0][1] * px + x->c[1][1] * py + x->c[2][1];
    f.tz = pz;
    if (x->preblur != 0.0)
        fr_var_pre_blur(&f, x->preblur, rng);
#if FR_FLAME_PREPOST_ON
    const int npre = x->pre.n, nreg = x->nvar, nall = npre + nreg + x->postv.n;
    double cx = f.tx, cy = f.ty, cz = f.tz; /* the point between steps */
    double ux = cx, uy = cy, uz = cz;       /* the affine image after the pre_ steps */
    if (npre == 0 && nreg == 0)             /* no variation: the sum is 0 */
        cx = cy = cz = 0.0;
    for (int k = 0; k < nall; k++) {
        const fr_flame_vset *vs;
        const fr_flame_prepost *pp = NULL;
        int i, v;
        double w;
        if (k < npre) {
            pp = &x->pre, vs = &x->vpre, i = k;
        } else if (k < npre + nreg) {
            vs = &x->v, i = k - npre;
        } else {
            pp = &x->postv, vs = &x->vpost, i = k - npre - nreg;
        }
        if (pp) {
            v = pp->var[i], w = pp->w[i], f.pv = x->prm + pp->poff[i];
        } else {
            v = x->var[i], w = x->w[i], f.pv = x->prm + x->poff[i];
        }
        if (pp || i == 0) { /* a pre_/post_ variation, or the first regular one: the point anew */
            const int needs = pp ? pp->needs[i] : x->flags;
            f.tx = cx, f.ty = cy, f.tz = cz;
            f.r2 = f.r = f.atan_xy = f.sina = f.cosa = f.atan_yx = 0.0;
            fr_flame_vctx_prepare(&f, needs);
            f.p0 = f.p1 = 0.0;
            /* Ember's DefaultZ: a 2D pre_/post_ variation's z is the point's when it replaces it;
             * w z for those Ember gives that (FR_FLAME_NEED_ZW) */
            f.p2 = !pp || pp->sum[i] || (needs & (FR_FLAME_NEED_Z3 | FR_FLAME_NEED_ZW)) ? 0.0 : cz;
            if (FR_FLAME_Z_PASS && !pp && x->zw_sum != 0.0) f.p2 = x->zw_sum * cz; /* FR_FLAME_NEED_SUM */
            if (FR_FLAME_Z_PASS && pp && (needs & FR_FLAME_NEED_ZW)) f.p2 = w * cz;
        }
        if (pp && v == FR_V_FLATTEN)
            f.p0 = cx, f.p1 = cy, f.p2 = 0.0;
        else if (pp == &x->postv && v == FR_V_DEPTH)
            fr_var_depth(vs, &f, w, ux, uy, uz);
        else
            fr_flame_var_dispatch(vs, v, w, &f, rng);
        if (pp) {
            if (pp->sum[i])
                cx += f.p0, cy += f.p1, cz += f.p2;
            else
                cx = f.p0, cy = f.p1, cz = f.p2;
            if (k == npre - 1) ux = cx, uy = cy, uz = cz;
        } else if (i == nreg - 1) { /* the sum is the point, z = w z of Ember's (zw) added */
            cx = f.p0, cy = f.p1, cz = x->zero_z ? 0.0 : FR_FLAME_Z_PASS ? f.p2 + x->zw * f.tz : f.p2;
        }
    }
    if (x->has_post) {
        *qx = x->post[0][0] * cx + x->post[1][0] * cy + x->post[2][0];
        *qy = x->post[0][1] * cx + x->post[1][1] * cy + x->post[2][1];
    } else {
        *qx = cx;
        *qy = cy;
    }
    *qz = cz;
#else
    f.r2 = f.r = f.atan_xy = f.sina = f.cosa = f.atan_yx = 0.0;
    fr_flame_vctx_prepare(&f, x->flags);
    f.p0 = 0.0;
    f.p1 = 0.0;
    f.p2 = FR_FLAME_Z_PASS && x->zw_sum != 0.0 ? x->zw_sum * f.tz : 0.0; /* FR_FLAME_NEED_SUM */
    for (int i = 0; i < x->nvar; i++) {
        f.pv = x->prm + x->poff[i];
        fr_flame_var_dispatch(&x->v, x->var[i], x->w[i], &f, rng);
    }
    if (FR_FLAME_Z_PASS) f.p2 += x->zw * f.tz; /* z = w z of Ember's (zw) */
    if (x->zero_z)
        f.p2 = 0.0;
    if (x->has_post) {
        *qx = x->post[0][0] * f.p0 + x->post[1][0] * f.p1 + x->post[2][0];
        *qy = x->post[0][1] * f.p0 + x->post[1][1] * f.p1 + x->post[2][1];
    } else {
        *qx = f.p0;
        *qy = f.p1;
    }
    *qz = f.p2;
#endif
    if (color) {
        const double c = *qc + x->dc_direct * (f.pc - *qc);
        *qc = c != c ? 0.0 : c;
    }
}

/* The whole of it: a bad value (flam3's test, on x and y as Ember's) is
 * replaced by a uniform point of [-1, 1)^2 (z 0); returns 1 then. The
 * colour *oc as fr_flame_xform_apply_body's *qc (kept with a bad value, as
 * Ember keeps it). */
FR_HD int fr_flame_xform_apply_core3(const fr_flame_xform_pre *x, double px, double py, double pz, fr_flame_rng *rng,
                                     double *ox, double *oy, double *oz, double *oc)
{
    double qx, qy, qz;
    fr_flame_xform_apply_body(x, px, py, pz, rng, &qx, &qy, &qz, oc);
    if (fr_flame_bad(qx) || fr_flame_bad(qy)) {
        *ox = fr_flame_u11(rng);
        *oy = fr_flame_u11(rng);
        *oz = 0.0;
        return 1;
    }
    *ox = qx;
    *oy = qy;
    *oz = qz;
    return 0;
}

/* The same in the plane (z 0 in, dropped out). */
FR_HD int fr_flame_xform_apply_core(const fr_flame_xform_pre *x, double px, double py, fr_flame_rng *rng,
                                    double *ox, double *oy)
{
    double oz, oc = 0.0;
    return fr_flame_xform_apply_core3(x, px, py, 0.0, rng, ox, oy, &oz, &oc);
}

#endif
