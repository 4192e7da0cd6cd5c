/*
 * flame_var_ember_v03.h - the variations of Ember's Variations03.h that
 * fractalis did not have, in that file's order (as far as taken): funnel,
 * squirrel, ennepers, SphericalN, linearT, linearT3D, spher, flipx, flipy.
 * Ember's semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps).
 */
#ifndef FR_FLAME_VAR_EMBER_V03_H
#define FR_FLAME_VAR_EMBER_V03_H

#include "flame/flame_var_ember.h"

/* funnel: tanh of each coordinate scaled by 1 / cos y + effect pi. */
FR_HD void fr_var_funnel(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double temp = 1.0 / fr_flame_ezeps(cos(f->ty)) + x->param[FR_P_FUNNEL_EFFECT] * M_PI;
    f->p0 += w * (tanh(f->tx) * temp);
    f->p1 += w * (tanh(f->ty) * temp);
}

/* squirrel: (cos u tan x, sin u tan y), u = sqrt(a x^2 + b y^2) (0 below
 * 0: Ember's clamp). */
FR_HD void fr_var_squirrel(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double v = fr_flame_ezeps(x->param[FR_P_SQUIRREL_A]) * (f->tx * f->tx) +
               fr_flame_ezeps(x->param[FR_P_SQUIRREL_B]) * (f->ty * f->ty);
    const double u = sqrt(v < 0 ? 0.0 : v);
    f->p0 += cos(u) * tan(f->tx) * w;
    f->p1 += sin(u) * tan(f->ty) * w;
}

/* ennepers: Enneper's surface's map (Ember's: the weight on the first
 * term only). */
FR_HD void fr_var_ennepers(fr_flame_vctx *f, double w)
{
    const double xx = f->tx * f->tx, yy = f->ty * f->ty;
    f->p0 += w * (f->tx - ((xx * f->tx) / 3.0)) + f->tx * yy;
    f->p1 += w * (f->ty - ((yy * f->ty) / 3.0)) + f->ty * xx;
}

/* SphericalN: spherical at the power dist of r, turned by one of floor
 * (power) whole turns (one draw; flam3-compatible: cos on x). */
FR_HD void fr_var_sphericaln(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = x->param[FR_P_SPHERICALN_POWER];
    const double r = fr_flame_ezeps(pow(f->r, x->param[FR_P_SPHERICALN_DIST]));
    const double n = floor(power * fr_flame_u01(rng));
    const double alpha = f->atan_yx + n * (2.0 * M_PI) / fr_flame_ezeps(floor(power));
    f->p0 += w * cos(alpha) / r;
    f->p1 += w * sin(alpha) / r;
}

/* linearT, linearT3D: each coordinate to its power, its sign kept (0 as
 * positive). */
FR_HD double fr_flame_pow_signed(double v, double p) { return (v < 0 ? -1.0 : 1.0) * pow(fabs(v), p); }

FR_HD void fr_var_lineart(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += fr_flame_pow_signed(f->tx, x->param[FR_P_LINEART_POWX]) * w;
    f->p1 += fr_flame_pow_signed(f->ty, x->param[FR_P_LINEART_POWY]) * w;
}

FR_HD void fr_var_lineart3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += fr_flame_pow_signed(f->tx, x->param[FR_P_LINEART3D_POWX]) * w;
    f->p1 += fr_flame_pow_signed(f->ty, x->param[FR_P_LINEART3D_POWY]) * w;
    f->p2 += fr_flame_pow_signed(f->tz, x->param[FR_P_LINEART3D_POWZ]) * w;
}

/* spher: outside the unit circle, by one draw, spherical or linear; inside
 * 0 (no draw). */
FR_HD void fr_var_spher(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double r2 = fr_flame_ezeps(f->r2);
    if (r2 > 1) {
        if (fr_flame_u01(rng) < 0.5) {
            f->p0 += (w / r2) * f->tx;
            f->p1 += (w / r2) * f->ty;
        } else {
            f->p0 += w * f->tx;
            f->p1 += w * f->ty;
        }
    }
}

/* flipx, flipy: x negated above the x axis; y right of the y axis. */
FR_HD void fr_var_flipx(fr_flame_vctx *f, double w)
{
    f->p0 += f->ty > 0 ? -(w * f->tx) : w * f->tx;
    f->p1 += w * f->ty;
}

FR_HD void fr_var_flipy(fr_flame_vctx *f, double w)
{
    f->p0 += w * f->tx;
    f->p1 += f->tx > 0 ? -(w * f->ty) : w * f->ty;
}

#endif
