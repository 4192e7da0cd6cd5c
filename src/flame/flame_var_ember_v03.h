/*
 * flame_var_ember_v03.h - the variations of Ember's Variations03.h that
 * fractalis did not have, in that file's order (as far as taken): funnel,
 * squirrel, ennepers, SphericalN, linearT, linearT3D, spher, flipx, flipy,
 * eCollide, eMod, eMotion, ePush, eRotate, eScale.
 * Ember's semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps).
 */
#ifndef FR_FLAME_VAR_EMBER_V03_H
#define FR_FLAME_VAR_EMBER_V03_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_shape.h"

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

/* The e* variations (Michael Faber's elliptic family, as eJulia): the
 * point in elliptic coordinates, mu >= 0 along the confocal ellipses of
 * foci (+-1, 0) (cosh mu = xmax, Ember's clamped to 1 at least), nu in
 * [-pi, pi] along the hyperbolas (negative below the x axis: y < 0). */
FR_HD double fr_flame_elliptic_xmax(const fr_flame_vctx *f)
{
    const double t = f->r2 + 1.0, t2 = 2.0 * f->tx;
    const double xmax = (fr_flame_safe_sqrt(t + t2) + fr_flame_safe_sqrt(t - t2)) * 0.5;
    return xmax < 1.0 ? 1.0 : xmax;
}

FR_HD double fr_flame_elliptic_nu(const fr_flame_vctx *f, double xmax)
{
    const double q = f->tx / xmax;
    return acos(q < -1.0 ? -1.0 : q > 1.0 ? 1.0 : q);
}

/* (mu, nu) back to the plane, times w. */
FR_HD void fr_flame_elliptic_out(fr_flame_vctx *f, double w, double mu, double nu)
{
    f->p0 += w * cosh(mu) * cos(nu);
    f->p1 += w * sinh(mu) * sin(nu);
}

/* eCollide: nu folded into num sectors of pi / num, each shifted by
 * a pi / num (alternate sectors the other way); on the ellipse it had. */
FR_HD void fr_var_ecollide(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double num = x->param[FR_P_ECOLLIDE_NUM];
    const double cn_pi = num * M_1_PI, pi_cn = M_PI / num, ca_cn = M_PI * x->param[FR_P_ECOLLIDE_A] / num;
    const double xmax = fr_flame_elliptic_xmax(f);
    double nu = fr_flame_elliptic_nu(f, xmax);
    const int alt = fr_flame_d2i(nu * cn_pi);
    if ((alt & 1) == 0)
        nu = alt * pi_cn + fmod(nu + ca_cn, pi_cn);
    else
        nu = alt * pi_cn + fmod(nu - ca_cn, pi_cn);
    if (!(f->ty > 0))
        nu = -nu;
    f->p0 += w * xmax * cos(nu);
    f->p1 += w * sqrt(xmax - 1.0) * sqrt(xmax + 1.0) * sin(nu);
}

/* eMod: mu inside radius taken modulo 2 radius after a shift of
 * (1 + distance) radius (up for nu > 0, down otherwise). */
FR_HD void fr_var_emod(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double radius = x->param[FR_P_EMOD_RADIUS], dist = x->param[FR_P_EMOD_DISTANCE];
    const double xmax = fr_flame_elliptic_xmax(f);
    double mu = acosh(xmax), nu = fr_flame_elliptic_nu(f, xmax);
    if (f->ty < 0)
        nu = -nu;
    if (mu < radius && -mu < radius) {
        if (nu > 0)
            mu = fmod(mu + radius + dist * radius, 2.0 * radius) - radius;
        else
            mu = fmod(mu - radius - dist * radius, 2.0 * radius) + radius;
    }
    fr_flame_elliptic_out(f, w, mu, nu);
}

/* eMotion: mu moved by -move above the axis, +move below (through 0:
 * mirrored), nu turned by rotate. */
FR_HD void fr_var_emotion(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double move = x->param[FR_P_EMOTION_MOVE];
    const double xmax = fr_flame_elliptic_xmax(f);
    double mu = acosh(xmax), nu = fr_flame_elliptic_nu(f, xmax);
    if (f->ty < 0)
        nu = -nu;
    if (nu < 0)
        mu += move;
    else
        mu -= move;
    if (mu <= 0) {
        mu = -mu;
        nu = -nu;
    }
    nu += x->param[FR_P_EMOTION_ROTATE];
    fr_flame_elliptic_out(f, w, mu, nu);
}

/* ePush: mu scaled by dist and pushed by push, nu turned by rotate. */
FR_HD void fr_var_epush(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double xmax = fr_flame_elliptic_xmax(f);
    double mu = acosh(xmax), nu = fr_flame_elliptic_nu(f, xmax);
    if (f->ty < 0)
        nu = -nu;
    nu += x->param[FR_P_EPUSH_ROTATE];
    mu *= x->param[FR_P_EPUSH_DIST];
    mu += x->param[FR_P_EPUSH_PUSH];
    fr_flame_elliptic_out(f, w, mu, nu);
}

/* eRotate: nu turned by rotate (back into [-pi, pi) by C's fmod), on the
 * point's ellipse. */
FR_HD void fr_var_erotate(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double xmax = fr_flame_elliptic_xmax(f);
    double nu = fr_flame_elliptic_nu(f, xmax);
    if (f->ty < 0)
        nu = -nu;
    nu = fmod(nu + x->param[FR_P_EROTATE_ROTATE] + M_PI, 2.0 * M_PI) - M_PI;
    f->p0 += w * xmax * cos(nu);
    f->p1 += w * sqrt(xmax * xmax - 1.0) * sin(nu);
}

/* eScale: mu scaled by scale, nu too about angle (folded into
 * [-pi, pi]). */
FR_HD void fr_var_escale(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double scale = x->param[FR_P_ESCALE_SCALE], angle = x->param[FR_P_ESCALE_ANGLE];
    const double xmax = fr_flame_elliptic_xmax(f);
    double mu = acosh(xmax), nu = fr_flame_elliptic_nu(f, xmax);
    if (f->ty < 0)
        nu = -nu;
    mu *= scale;
    nu = fmod(fmod(scale * (nu + M_PI + angle), 2.0 * M_PI * scale) - angle - scale * M_PI, 2.0 * M_PI);
    if (nu > M_PI)
        nu -= 2.0 * M_PI;
    if (nu < -M_PI)
        nu += 2.0 * M_PI;
    fr_flame_elliptic_out(f, w, mu, nu);
}

#endif
