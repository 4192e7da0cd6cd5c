/*
 * flame_var_complex.h - variations 82 to 98: the complex functions of
 * z = tx + i ty (exp .. coth), auger, flux and mobius, as flam3 3.1.1
 * computes them.
 */
#ifndef FR_FLAME_VAR_COMPLEX_H
#define FR_FLAME_VAR_COMPLEX_H

#include "flame/flame_var_common.h"

FR_HD void fr_var_exp(fr_flame_vctx *f, double w)
{
    double e = exp(f->tx);
    double s, c;
    fr_flame_sincos(f->ty, &s, &c);
    f->p0 += w * e * c;
    f->p1 += w * e * s;
}

/* log: flam3's is the natural one; Ember's log_base (default e, where
 * log_half is 0.5 exactly and the sum flam3's) divides by log(base). */
FR_HD void fr_var_log(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += w * x->log_half * log(f->r2);
    f->p1 += w * f->atan_yx;
}

FR_HD void fr_var_sin(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->tx, &s, &c);
    double sh = sinh(f->ty), ch = cosh(f->ty);
    f->p0 += w * s * ch;
    f->p1 += w * c * sh;
}

FR_HD void fr_var_cos(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->tx, &s, &c);
    double sh = sinh(f->ty), ch = cosh(f->ty);
    f->p0 += w * c * ch;
    f->p1 -= w * s * sh;
}

FR_HD void fr_var_tan(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(2 * f->tx, &s, &c);
    double sh = sinh(2.0 * f->ty), ch = cosh(2.0 * f->ty);
    double den = 1.0 / (c + ch);
    f->p0 += w * den * s;
    f->p1 += w * den * sh;
}

FR_HD void fr_var_sec(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->tx, &s, &c);
    double sh = sinh(f->ty), ch = cosh(f->ty);
    double den = 2.0 / (cos(2 * f->tx) + cosh(2 * f->ty));
    f->p0 += w * den * c * ch;
    f->p1 += w * den * s * sh;
}

FR_HD void fr_var_csc(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->tx, &s, &c);
    double sh = sinh(f->ty), ch = cosh(f->ty);
    double den = 2.0 / (cosh(2.0 * f->ty) - cos(2.0 * f->tx));
    f->p0 += w * den * s * ch;
    f->p1 -= w * den * c * sh;
}

FR_HD void fr_var_cot(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(2.0 * f->tx, &s, &c);
    double sh = sinh(2.0 * f->ty), ch = cosh(2.0 * f->ty);
    double den = 1.0 / (ch - c);
    f->p0 += w * den * s;
    f->p1 += w * den * -1 * sh;
}

FR_HD void fr_var_sinh(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->ty, &s, &c);
    double sh = sinh(f->tx), ch = cosh(f->tx);
    f->p0 += w * sh * c;
    f->p1 += w * ch * s;
}

FR_HD void fr_var_cosh(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->ty, &s, &c);
    double sh = sinh(f->tx), ch = cosh(f->tx);
    f->p0 += w * ch * c;
    f->p1 += w * sh * s;
}

FR_HD void fr_var_tanh(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(2.0 * f->ty, &s, &c);
    double sh = sinh(2.0 * f->tx), ch = cosh(2.0 * f->tx);
    double den = 1.0 / (c + ch);
    f->p0 += w * den * sh;
    f->p1 += w * den * s;
}

FR_HD void fr_var_sech(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->ty, &s, &c);
    double sh = sinh(f->tx), ch = cosh(f->tx);
    double den = 2.0 / (cos(2.0 * f->ty) + cosh(2.0 * f->tx));
    f->p0 += w * den * c * ch;
    f->p1 -= w * den * s * sh;
}

FR_HD void fr_var_csch(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->ty, &s, &c);
    double sh = sinh(f->tx), ch = cosh(f->tx);
    double den = 2.0 / (cosh(2.0 * f->tx) - cos(2.0 * f->ty));
    f->p0 += w * den * sh * c;
    f->p1 -= w * den * ch * s;
}

FR_HD void fr_var_coth(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(2.0 * f->ty, &s, &c);
    double sh = sinh(2.0 * f->tx), ch = cosh(2.0 * f->tx);
    double den = 1.0 / (ch - c);
    f->p0 += w * den * sh;
    f->p1 += w * den * s;
}

FR_HD void fr_var_auger(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double freq = p[FR_PL_AUGER_FREQ], aw = p[FR_PL_AUGER_WEIGHT], scale = p[FR_PL_AUGER_SCALE];
    double s = sin(freq * f->tx);
    double t = sin(freq * f->ty);
    double dy = f->ty + aw * (scale * s / 2.0 + fabs(f->ty) * s);
    double dx = f->tx + aw * (scale * t / 2.0 + fabs(f->tx) * t);
    f->p0 += w * (f->tx + p[FR_PL_AUGER_SYM] * (dx - f->tx));
    f->p1 += w * dy;
}

FR_HD void fr_var_flux(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double xpw = f->tx + w;
    double xmw = f->tx - w;
    double ty2 = f->ty * f->ty;
    double avgr = w * (2 + f->pv[FR_PL_FLUX_SPREAD]) * sqrt(sqrt(ty2 + xpw * xpw) / sqrt(ty2 + xmw * xmw));
    double avga = (atan2(f->ty, xmw) - atan2(f->ty, xpw)) * 0.5;
    f->p0 += avgr * cos(avga);
    f->p1 += avgr * sin(avga);
}

/* (a z + b) / (c z + d) with complex a, b, c, d. */
FR_HD void fr_var_mobius(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double tx = f->tx, ty = f->ty;
    double re_u = p[FR_PL_MOBIUS_RE_A] * tx - p[FR_PL_MOBIUS_IM_A] * ty + p[FR_PL_MOBIUS_RE_B];
    double im_u = p[FR_PL_MOBIUS_RE_A] * ty + p[FR_PL_MOBIUS_IM_A] * tx + p[FR_PL_MOBIUS_IM_B];
    double re_v = p[FR_PL_MOBIUS_RE_C] * tx - p[FR_PL_MOBIUS_IM_C] * ty + p[FR_PL_MOBIUS_RE_D];
    double im_v = p[FR_PL_MOBIUS_RE_C] * ty + p[FR_PL_MOBIUS_IM_C] * tx + p[FR_PL_MOBIUS_IM_D];
    double k = w / (re_v * re_v + im_v * im_v);
    f->p0 += k * (re_u * re_v + im_u * im_v);
    f->p1 += k * (im_u * re_v - re_u * im_v);
}

#endif
