/*
 * flame_var_ember_v03.h - the variations of Ember's Variations03.h that
 * fractalis did not have, in that file's order (as far as taken): funnel,
 * squirrel, ennepers, SphericalN, Kaleidoscope, GlynnSim3 .. 5, starblur,
 * circleblur, cropn, shredrad, linearT, linearT3D, ovoid, ovoid3d,
 * Spirograph, petal, spher, roundspher, spiralwing, squarize, sschecks,
 * flipx, flipy, eCollide, eMod, eMotion, ePush, eRotate, eScale; then
 * (taken later, at the end) phoenix_julia, mobius_strip, Lissajous, svf,
 * target, target0, target2, taurus, bMod, bSwirl, bTransform, bCollide,
 * eclipse, flipcircle. What Ember precomputes from the parameters (and
 * the weight) is worked out in the formula.
 * Ember's semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps).
 */
#ifndef FR_FLAME_VAR_EMBER_V03_H
#define FR_FLAME_VAR_EMBER_V03_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_shape.h"
#include "flame/flame_var_ember_v02.h"

/* funnel: tanh of each coordinate scaled by 1 / cos y + effect pi. */
FR_HD void fr_var_funnel(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double temp = 1.0 / fr_flame_ezeps(cos(f->ty)) + f->pv[FR_PL_FUNNEL_EFFECT] * M_PI;
    f->p0 += w * (tanh(f->tx) * temp);
    f->p1 += w * (tanh(f->ty) * temp);
}

/* squirrel: (cos u tan x, sin u tan y), u = sqrt(a x^2 + b y^2) (0 below
 * 0: Ember's clamp). */
FR_HD void fr_var_squirrel(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double v = fr_flame_ezeps(f->pv[FR_PL_SQUIRREL_A]) * (f->tx * f->tx) +
               fr_flame_ezeps(f->pv[FR_PL_SQUIRREL_B]) * (f->ty * f->ty);
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
    const double power = f->pv[FR_PL_SPHERICALN_POWER];
    const double r = fr_flame_ezeps(pow(f->r, f->pv[FR_PL_SPHERICALN_DIST]));
    const double n = floor(power * fr_flame_u01(rng));
    const double alpha = f->atan_yx + n * (2.0 * M_PI) / fr_flame_ezeps(floor(power));
    f->p0 += w * cos(alpha) / r;
    f->p1 += w * sin(alpha) / r;
}

/* Kaleidoscope: the point turned by 45 degrees (x scaled by rotate),
 * lined up, the halves above and below the x axis pulled apart (Ember's:
 * the weight not applied, x and y offsets on the upper half only). */
FR_HD void fr_var_kaleidoscope(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    (void)w;
    const double sin45 = sin(45.0 * (M_PI / 180.0)), cos45 = cos(45.0 * (M_PI / 180.0));
    const double rot = f->pv[FR_PL_KALEIDOSCOPE_ROTATE], lineup = f->pv[FR_PL_KALEIDOSCOPE_LINE_UP];
    const double pull = f->pv[FR_PL_KALEIDOSCOPE_PULL];
    f->p0 += ((rot * f->tx) * cos45 - f->ty * sin45 + lineup) + f->pv[FR_PL_KALEIDOSCOPE_X];
    if (f->ty > 0)
        f->p1 += ((rot * f->ty) * cos45 + f->tx * sin45 + pull + lineup) + f->pv[FR_PL_KALEIDOSCOPE_Y];
    else
        f->p1 += (rot * f->ty) * cos45 + f->tx * sin45 - pull - lineup;
}

/* The GlynnSims' outside: the point kept, or (one draw above contrast
 * alpha^pow, alpha = |radius / r|) pulled in by alpha^2. */
FR_HD double fr_flame_glynn_alpha(double radius, double contrast, double pw, const fr_flame_vctx *f,
                                  fr_flame_rng *rng)
{
    const double alpha = fabs(radius / fr_flame_ezeps(f->r));
    return fr_flame_u01(rng) > contrast * pow(alpha, pw) ? 1.0 : alpha * alpha;
}

/* GlynnSim3: inside radius + thickness a circle of radius1 or radius2 =
 * radius^2 / radius1 (three draws: Ember's radius draw unused, the angle,
 * the choice by gamma); outside the GlynnSims' pull (one draw). */
FR_HD void fr_var_glynnsim3(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double radius = f->pv[FR_PL_GLYNNSIM3_RADIUS], thick = f->pv[FR_PL_GLYNNSIM3_THICKNESS];
    const double radius1 = radius + thick, radius2 = radius * radius / fr_flame_ezeps(radius1);
    const double gamma = radius1 / fr_flame_ezeps(radius1 + radius2);
    if (f->r < radius1) {
        (void)fr_flame_u01(rng); /* Ember's r = radius + thickness - gamma u, overwritten */
        const double phi = 2.0 * M_PI * fr_flame_u01(rng);
        const double r = fr_flame_u01(rng) < gamma ? radius1 : radius2;
        f->p0 += w * (r * cos(phi));
        f->p1 += w * (r * sin(phi));
    } else {
        const double a = fr_flame_glynn_alpha(radius, f->pv[FR_PL_GLYNNSIM3_CONTRAST], f->pv[FR_PL_GLYNNSIM3_POW], f, rng);
        f->p0 += w * a * f->tx;
        f->p1 += w * a * f->ty;
    }
}

/* GlynnSim4: inside radius the point (X, Y) (no draw); outside the pull. */
FR_HD void fr_var_glynnsim4(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double radius = f->pv[FR_PL_GLYNNSIM4_RADIUS];
    if (f->r < radius) {
        f->p0 += w * f->pv[FR_PL_GLYNNSIM4_X];
        f->p1 += w * f->pv[FR_PL_GLYNNSIM4_Y];
    } else {
        const double a = fr_flame_glynn_alpha(radius, f->pv[FR_PL_GLYNNSIM4_CONTRAST], f->pv[FR_PL_GLYNNSIM4_POW], f, rng);
        f->p0 += w * a * f->tx;
        f->p1 += w * a * f->ty;
    }
}

/* GlynnSim5: inside radius + thickness 0 (no draw); outside the point, or
 * (w alpha^2, w alpha^2) (Ember's: not times the point). */
FR_HD void fr_var_glynnsim5(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double radius = f->pv[FR_PL_GLYNNSIM5_RADIUS];
    if (f->r < radius + f->pv[FR_PL_GLYNNSIM5_THICKNESS]) return;
    const double alpha = fabs(radius / fr_flame_ezeps(f->r));
    if (fr_flame_u01(rng) > f->pv[FR_PL_GLYNNSIM5_CONTRAST] * pow(alpha, f->pv[FR_PL_GLYNNSIM5_POW])) {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    } else {
        f->p0 += w * (alpha * alpha);
        f->p1 += w * (alpha * alpha);
    }
}

/* starblur: a uniform point of the star of power points and inner
 * radius range (two draws: the edge, the distance). */
FR_HD void fr_var_starblur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = f->pv[FR_PL_STARBLUR_POWER], range = f->pv[FR_PL_STARBLUR_RANGE];
    double alpha = M_PI / power;
    const double length = sqrt(1.0 + range * range - 2.0 * range * cos(alpha));
    alpha = asin(sin(alpha) * range / length);
    double fr = fr_flame_u01(rng) * power * 2.0;
    const int intangle = fr_flame_d2i(fr);
    double angle = (double)intangle;
    fr -= angle;
    const double xx = fr * length;
    double z = sqrt(1.0 + xx * xx - 2.0 * xx * cos(alpha));
    if (intangle & 1)
        angle = 2.0 * M_PI / power * (double)(intangle / 2) + asin(sin(alpha) * xx / z);
    else
        angle = 2.0 * M_PI / power * (double)(intangle / 2) - asin(sin(alpha) * xx / z);
    z *= sqrt(fr_flame_u01(rng));
    const double temp = angle - M_PI_2;
    f->p0 += w * z * cos(temp);
    f->p1 += w * z * sin(temp);
}

/* circleblur: a uniform point of the disc of radius w (two draws). */
FR_HD void fr_var_circleblur(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double rad = sqrt(fr_flame_u01(rng));
    const double temp = fr_flame_u01(rng) * (2.0 * M_PI);
    f->p0 += w * cos(temp) * rad;
    f->p1 += w * sin(temp) * rad;
}

/* cropn (Ember's flam3-compatible mode, its default): the regular
 * |power|-gon (2 at least) of inradius radius; outside it (inside for
 * power < 0) 0 (zero 1) or on its edge scattered out by up to
 * scatterdist / 2 (one draw), the rest kept. */
FR_HD void fr_var_cropn(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = f->pv[FR_PL_CROPN_POWER];
    double work = power > 0 ? power : -power;
    if (work < 2.0) work = 2.0;
    const double alpha = 2.0 * M_PI / work, half = alpha / 2.0;
    double xang = (f->atan_yx + M_PI) / alpha;
    xang = (xang - (double)fr_flame_d2i(xang)) * alpha;
    xang = cos(xang < half ? xang : alpha - xang);
    const double xr = xang > 0 ? f->pv[FR_PL_CROPN_RADIUS] / xang : 1.0;
    if ((f->r > xr) == (power > 0)) {
        if (f->pv[FR_PL_CROPN_ZERO] == 1.0) return;
        const double rdc = xr + (fr_flame_u01(rng) * 0.5 * f->pv[FR_PL_CROPN_SCATTERDIST]);
        f->p0 += w * rdc * (f->tx / fr_flame_ezeps(f->r));
        f->p1 += w * rdc * (f->ty / fr_flame_ezeps(f->r));
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* shredrad: the angle's n sectors each narrowed to width of itself about
 * its middle; z times w. */
FR_HD void fr_var_shredrad(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double alpha = 2.0 * M_PI / f->pv[FR_PL_SHREDRAD_N], width = f->pv[FR_PL_SHREDRAD_WIDTH];
    const double xang = (f->atan_yx + 3.0 * M_PI + alpha / 2.0) / alpha;
    const double ix = (double)fr_flame_d2i(xang);
    const double zang = ((xang - ix) * width + ix) * alpha - M_PI - alpha / 2.0 * width;
    f->p0 += w * f->r * cos(zang);
    f->p1 += w * f->r * sin(zang);
    f->p2 += w * f->tz;
}

/* linearT, linearT3D: each coordinate to its power, its sign kept (0 as
 * positive). */
FR_HD double fr_flame_pow_signed(double v, double p) { return (v < 0 ? -1.0 : 1.0) * pow(fabs(v), p); }

FR_HD void fr_var_lineart(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += fr_flame_pow_signed(f->tx, f->pv[FR_PL_LINEART_POWX]) * w;
    f->p1 += fr_flame_pow_signed(f->ty, f->pv[FR_PL_LINEART_POWY]) * w;
}

FR_HD void fr_var_lineart3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += fr_flame_pow_signed(f->tx, f->pv[FR_PL_LINEART3D_POWX]) * w;
    f->p1 += fr_flame_pow_signed(f->ty, f->pv[FR_PL_LINEART3D_POWY]) * w;
    f->p2 += fr_flame_pow_signed(f->tz, f->pv[FR_PL_LINEART3D_POWZ]) * w;
}

/* ovoid, ovoid3d: spherical with each coordinate scaled. */
FR_HD void fr_var_ovoid(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r = w / fr_flame_ezeps(f->r2);
    f->p0 += f->tx * r * f->pv[FR_PL_OVOID_X];
    f->p1 += f->ty * r * f->pv[FR_PL_OVOID_Y];
}

FR_HD void fr_var_ovoid3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r = w / fr_flame_ezeps(f->r2 + f->tz * f->tz);
    f->p0 += f->tx * r * f->pv[FR_PL_OVOID3D_X];
    f->p1 += f->ty * r * f->pv[FR_PL_OVOID3D_Y];
    f->p2 += f->tz * r * f->pv[FR_PL_OVOID3D_Z];
}

/* Spirograph: a point of the epitrochoid at a uniform t in [tmin, tmax],
 * both coordinates moved by a uniform y in [ymin, ymax] (two draws, t
 * first); the point is not read. */
FR_HD void fr_var_spirograph(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double t = (p[FR_PL_SPIROGRAPH_TMAX] - p[FR_PL_SPIROGRAPH_TMIN]) * fr_flame_u01(rng) + p[FR_PL_SPIROGRAPH_TMIN];
    const double y = (p[FR_PL_SPIROGRAPH_YMAX] - p[FR_PL_SPIROGRAPH_YMIN]) * fr_flame_u01(rng) + p[FR_PL_SPIROGRAPH_YMIN];
    const double ab = p[FR_PL_SPIROGRAPH_A] + p[FR_PL_SPIROGRAPH_B];
    const double abdivbt = ab / p[FR_PL_SPIROGRAPH_B] * t;
    const double x1 = ab * cos(t) - p[FR_PL_SPIROGRAPH_C1] * cos(abdivbt);
    const double y1 = ab * sin(t) - p[FR_PL_SPIROGRAPH_C2] * sin(abdivbt);
    f->p0 += w * (x1 + p[FR_PL_SPIROGRAPH_D] * cos(t) + y);
    f->p1 += w * (y1 + p[FR_PL_SPIROGRAPH_D] * sin(t) + y);
}

/* petal: cos x times the cubes of (cos x cos y, sin x cos y). */
FR_HD void fr_var_petal(fr_flame_vctx *f, double w)
{
    const double sx = sin(f->tx), cx = cos(f->tx), cy = cos(f->ty);
    const double a = cx * cy, b = sx * cy;
    f->p0 += w * cx * (a * a * a);
    f->p1 += w * cx * (b * b * b);
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

/* roundspher: spherical softened by (2 / pi)^2 (w twice, as Ember's). */
FR_HD void fr_var_roundspher(fr_flame_vctx *f, double w)
{
    const double e = 1.0 / fr_flame_ezeps(f->r2) + (M_2_PI * M_2_PI);
    const double temp = w / fr_flame_ezeps(f->r2);
    f->p0 += w * (temp * f->tx / e);
    f->p1 += w * (temp * f->ty / e);
}

/* spiralwing: (cos x^2 sin y^2, sin x^2 sin y^2) / r^2. */
FR_HD void fr_var_spiralwing(fr_flame_vctx *f, double w)
{
    const double d = fr_flame_ezeps(f->r2);
    const double c1 = fr_flame_ezeps(f->tx * f->tx), c2 = fr_flame_ezeps(f->ty * f->ty);
    f->p0 += w * ((1.0 / d) * cos(c1) * sin(c2));
    f->p1 += w * ((1.0 / d) * sin(c1) * sin(c2));
}

/* squarize: the circle of radius r unrolled onto the square of half side
 * r, the angle (in [0, 2 pi)) as the walk round it. */
FR_HD void fr_var_squarize(fr_flame_vctx *f, double w)
{
    const double s = f->r;
    double a = f->atan_yx;
    if (a < 0) a += 2.0 * M_PI;
    const double p = 4.0 * s * a * M_1_PI;
    if (p <= 1.0 * s) {
        f->p0 += w * s;
        f->p1 += w * p;
    } else if (p <= 3.0 * s) {
        f->p0 += w * (2.0 * s - p);
        f->p1 += w * s;
    } else if (p <= 5.0 * s) {
        f->p0 += -(w * s);
        f->p1 += w * (4.0 * s - p);
    } else if (p <= 7.0 * s) {
        f->p0 += -(w * (6.0 * s - p));
        f->p1 += -(w * s);
    } else {
        f->p0 += w * s;
        f->p1 += -(w * (8.0 * s - p));
    }
}

/* sschecks: sin of each coordinate over r^2 plus a checkerboard's
 * offset (cells of side size by Ember's LRint), rnd times one draw on x in
 * odd cells, on y in even ones (w twice, as Ember's). */
FR_HD void fr_var_sschecks(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double inv = 1.0 / fr_flame_ezeps(f->pv[FR_PL_SSCHECKS_SIZE]);
    const double r = w / fr_flame_ezeps(f->r2), rnd = f->pv[FR_PL_SSCHECKS_RND];
    const double cx = f->pv[FR_PL_SSCHECKS_X], cy = f->pv[FR_PL_SSCHECKS_Y];
    const int isxy = fr_flame_d2i(fr_flame_lrint(f->tx * inv) + fr_flame_lrint(f->ty * inv));
    double dx, dy;
    if (isxy & 1) {
        dx = -cx + rnd * fr_flame_u01(rng);
        dy = -cy;
    } else {
        dx = cx;
        dy = cy + rnd * fr_flame_u01(rng);
    }
    f->p0 += w * (sin(f->tx) * r + dx);
    f->p1 += w * (sin(f->ty) * r + dy);
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
    const double num = f->pv[FR_PL_ECOLLIDE_NUM];
    const double cn_pi = num * M_1_PI, pi_cn = M_PI / num, ca_cn = M_PI * f->pv[FR_PL_ECOLLIDE_A] / num;
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
    const double radius = f->pv[FR_PL_EMOD_RADIUS], dist = f->pv[FR_PL_EMOD_DISTANCE];
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
    const double move = f->pv[FR_PL_EMOTION_MOVE];
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
    nu += f->pv[FR_PL_EMOTION_ROTATE];
    fr_flame_elliptic_out(f, w, mu, nu);
}

/* ePush: mu scaled by dist and pushed by push, nu turned by rotate. */
FR_HD void fr_var_epush(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double xmax = fr_flame_elliptic_xmax(f);
    double mu = acosh(xmax), nu = fr_flame_elliptic_nu(f, xmax);
    if (f->ty < 0)
        nu = -nu;
    nu += f->pv[FR_PL_EPUSH_ROTATE];
    mu *= f->pv[FR_PL_EPUSH_DIST];
    mu += f->pv[FR_PL_EPUSH_PUSH];
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
    nu = fmod(nu + f->pv[FR_PL_EROTATE_ROTATE] + M_PI, 2.0 * M_PI) - M_PI;
    f->p0 += w * xmax * cos(nu);
    f->p1 += w * sqrt(xmax * xmax - 1.0) * sin(nu);
}

/* eScale: mu scaled by scale, nu too about angle (folded into
 * [-pi, pi]). */
FR_HD void fr_var_escale(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double scale = f->pv[FR_PL_ESCALE_SCALE], angle = f->pv[FR_PL_ESCALE_ANGLE];
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

/* phoenix_julia (Ember's flam3-compatible form, its default): julian of
 * the point with x, y stretched by 1 + distortion, the root by Ember's
 * Crand() (one draw); z times w. */
FR_HD void fr_var_phoenix_julia(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double zp = fr_flame_ezeps(f->pv[FR_PL_PHOENIX_JULIA_POWER]);
    const double invn = f->pv[FR_PL_PHOENIX_JULIA_DIST] / zp, inv2pin = 2.0 * M_PI / zp, cn = invn / 2.0;
    const double prex = f->tx * (f->pv[FR_PL_PHOENIX_JULIA_X_DISTORT] + 1.0);
    const double prey = f->ty * (f->pv[FR_PL_PHOENIX_JULIA_Y_DISTORT] + 1.0);
    const double temp = atan2(prey, prex) * invn + fr_flame_ember_crand(rng) * inv2pin;
    const double r = w * pow(f->r2, cn);
    f->p0 += r * cos(temp);
    f->p1 += r * sin(temp);
    f->p2 += w * f->tz;
}

/* mobius_strip: x over [-rect_x, rect_x) as the angle round the strip, y
 * over [-rect_y, rect_y) across its width (a zero rect: 0), turned about
 * x then y by rotate_y, rotate_x turns; x and y of it. */
FR_HD void fr_var_mobius_strip(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double rectx = p[FR_PL_MOBIUS_STRIP_RECT_X], recty = p[FR_PL_MOBIUS_STRIP_RECT_Y];
    const double width = p[FR_PL_MOBIUS_STRIP_WIDTH], radius = p[FR_PL_MOBIUS_STRIP_RADIUS];
    const double rxs = sin(p[FR_PL_MOBIUS_STRIP_ROTATE_X] * 2.0 * M_PI);
    const double rxc = cos(p[FR_PL_MOBIUS_STRIP_ROTATE_X] * 2.0 * M_PI);
    const double rys = sin(p[FR_PL_MOBIUS_STRIP_ROTATE_Y] * 2.0 * M_PI);
    const double ryc = cos(p[FR_PL_MOBIUS_STRIP_ROTATE_Y] * 2.0 * M_PI);
    double t = 0.0, s = 0.0;
    if (rectx != 0) {
        double d = (f->tx + rectx) / (2.0 * rectx);
        d -= fr_flame_ember_floor(d);
        t = 2.0 * M_PI * d;
    }
    if (recty != 0) {
        double d = (f->ty + recty) / (2.0 * recty);
        d -= fr_flame_ember_floor(d);
        s = 2.0 * width * d - width;
    }
    const double mx = (radius + s * cos(t / 2.0)) * cos(t);
    const double my = (radius + s * cos(t / 2.0)) * sin(t);
    const double mz = s * sin(t / 2.0);
    const double ry = my * ryc + mz * rys, rz = mz * ryc - my * rys;
    f->p0 += w * (mx * rxc - rz * rxs);
    f->p1 += w * ry;
}

/* Lissajous: the curve (sin(a t + d), sin(b t)) at a uniform t in [tmin,
 * tmax], both coordinates moved by c t and e (u - 1/2) (two draws, t
 * first); the point is not read. */
FR_HD void fr_var_lissajous(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double t =
        (p[FR_PL_LISSAJOUS_TMAX] - p[FR_PL_LISSAJOUS_TMIN]) * fr_flame_u01(rng) + p[FR_PL_LISSAJOUS_TMIN];
    const double y = fr_flame_u01(rng) - 0.5;
    const double x1 = sin(p[FR_PL_LISSAJOUS_A] * t + p[FR_PL_LISSAJOUS_D]), y1 = sin(p[FR_PL_LISSAJOUS_B] * t);
    f->p0 += w * (x1 + p[FR_PL_LISSAJOUS_C] * t + p[FR_PL_LISSAJOUS_E] * y);
    f->p1 += w * (y1 + p[FR_PL_LISSAJOUS_C] * t + p[FR_PL_LISSAJOUS_E] * y);
}

/* svf: the sphere's point of longitude x, latitude y, scaled by
 * cos(n y). */
FR_HD void fr_var_svf(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double cn = cos(f->pv[FR_PL_SVF_N] * f->ty);
    const double sx = sin(f->tx), cx = cos(f->tx), sy = sin(f->ty), cy = cos(f->ty);
    f->p0 += w * (cy * (cn * cx));
    f->p1 += w * (cy * (cn * sx));
    f->p2 += w * (sy * cn);
}

/* The targets: the point turned by even or odd as t (|t| modulo size)
 * falls in the first or second half of size; a negative t first moved
 * down by size / 2. */
FR_HD void fr_flame_target_out(fr_flame_vctx *f, double t, double even, double odd, double size, double w)
{
    const double half = size * 0.5;
    double a = f->atan_yx;
    if (t < 0) t -= half;
    t = fmod(fabs(t), size);
    a += t < half ? even : odd;
    f->p0 += f->r * cos(a) * w;
    f->p1 += f->r * sin(a) * w;
}

/* target: rings of log r (Ember's: the weight not applied). */
FR_HD void fr_var_target(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    (void)w;
    fr_flame_target_out(f, log(f->r), f->pv[FR_PL_TARGET_EVEN], f->pv[FR_PL_TARGET_ODD],
                        f->pv[FR_PL_TARGET_SIZE], 1.0);
}

/* target0: target with the weight. */
FR_HD void fr_var_target0(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    fr_flame_target_out(f, log(f->r), f->pv[FR_PL_TARGET0_EVEN], f->pv[FR_PL_TARGET0_ODD],
                        f->pv[FR_PL_TARGET0_SIZE], w);
}

/* target2: target0's rings wound into a spiral of tightness. */
FR_HD void fr_var_target2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = f->pv[FR_PL_TARGET2_THIGHTNESS] * log(f->r) + M_1_PI * (f->atan_yx + M_PI);
    fr_flame_target_out(f, t, f->pv[FR_PL_TARGET2_EVEN], f->pv[FR_PL_TARGET2_ODD],
                        f->pv[FR_PL_TARGET2_SIZE], w);
}

/* taurus: a torus of radius r, its tube waved n times along x; z between
 * w sor cos y and y (the latter not weighted, Ember's). */
FR_HD void fr_var_taurus(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double r = p[FR_PL_TAURUS_R], inv = p[FR_PL_TAURUS_INV], sor = p[FR_PL_TAURUS_SOR];
    const double sx = sin(f->tx), cx = cos(f->tx), sy = sin(f->ty), cy = cos(f->ty);
    const double ir = inv * r + ((1.0 - inv) * (r * cos(p[FR_PL_TAURUS_N] * f->tx)));
    f->p0 += w * (cx * (ir + sy));
    f->p1 += w * (sx * (ir + sy));
    f->p2 += w * (sor * cy) + ((1.0 - sor) * f->ty);
}

/* The b* variations: bipolar coordinates (tau, sigma) of the point, and
 * back. */
FR_HD void fr_flame_bipolar(const fr_flame_vctx *f, double *tau, double *sigma)
{
    const double xp1 = f->tx + 1.0, ysq = f->ty * f->ty, xm1 = f->tx - 1.0;
    *tau = 0.5 * (log(xp1 * xp1 + ysq) - log(xm1 * xm1 + ysq));
    *sigma = M_PI - atan2(f->ty, xp1) - atan2(f->ty, 1.0 - f->tx);
}

FR_HD void fr_flame_bipolar_out(fr_flame_vctx *f, double w, double tau, double sigma)
{
    const double temp = fr_flame_ezeps(cosh(tau) - cos(sigma));
    f->p0 += w * sinh(tau) / temp;
    f->p1 += w * sin(sigma) / temp;
}

/* bMod: tau inside (-radius, radius) moved by distance radius, modulo
 * 2 radius. */
FR_HD void fr_var_bmod(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double radius = f->pv[FR_PL_BMOD_RADIUS];
    double tau, sigma;
    fr_flame_bipolar(f, &tau, &sigma);
    if (tau < radius && -tau < radius)
        tau = fmod(tau + radius + f->pv[FR_PL_BMOD_DISTANCE] * radius, 2.0 * radius) - radius;
    fr_flame_bipolar_out(f, w, tau, sigma);
}

/* bSwirl: sigma turned by out tau + in / tau. */
FR_HD void fr_var_bswirl(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double tau, sigma;
    fr_flame_bipolar(f, &tau, &sigma);
    sigma = sigma + tau * f->pv[FR_PL_BSWIRL_OUT] + f->pv[FR_PL_BSWIRL_IN] / fr_flame_ezeps(tau);
    fr_flame_bipolar_out(f, w, tau, sigma);
}

/* bTransform: tau / power + move, sigma + rotate over power with a
 * uniform one of power turns (one draw: Ember's Floor of u power), tau
 * split apart by the sign of x. */
FR_HD void fr_var_btransform(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = f->pv[FR_PL_BTRANSFORM_POWER];
    double tau, sigma;
    fr_flame_bipolar(f, &tau, &sigma);
    tau = tau / power + f->pv[FR_PL_BTRANSFORM_MOVE];
    sigma += f->pv[FR_PL_BTRANSFORM_ROTATE];
    sigma = sigma / power + 2.0 * M_PI / power * fr_flame_ember_floor(fr_flame_u01(rng) * power);
    if (f->tx >= 0)
        tau += f->pv[FR_PL_BTRANSFORM_SPLIT];
    else
        tau -= f->pv[FR_PL_BTRANSFORM_SPLIT];
    fr_flame_bipolar_out(f, w, tau, sigma);
}

/* bCollide: sigma's num sectors of pi / num shifted by a pi / num, back
 * and forth. */
FR_HD void fr_var_bcollide(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double num = f->pv[FR_PL_BCOLLIDE_NUM];
    const double cnpi = num * M_1_PI, picn = M_PI / fr_flame_ezeps(num);
    const double cacn = (M_PI * f->pv[FR_PL_BCOLLIDE_A]) / fr_flame_ezeps(num);
    double tau, sigma;
    fr_flame_bipolar(f, &tau, &sigma);
    const int alt = fr_flame_d2i(sigma * cnpi);
    if ((alt & 1) == 0)
        sigma = alt * picn + fmod(sigma + cacn, picn);
    else
        sigma = alt * picn + fmod(sigma - cacn, picn);
    fr_flame_bipolar_out(f, w, tau, sigma);
}

/* eclipse: inside the disc of radius w the point moved along x by shift
 * w, mirrored where that leaves the disc. */
FR_HD void fr_var_eclipse(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    if (fabs(f->ty) <= w) {
        const double c2 = sqrt(w * w - f->ty * f->ty);
        if (fabs(f->tx) <= c2) {
            const double xx = f->tx + f->pv[FR_PL_ECLIPSE_SHIFT] * w;
            f->p0 += fabs(xx) >= c2 ? -(w * f->tx) : w * xx;
        } else
            f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* flipcircle: y mirrored inside the circle of radius |w|. */
FR_HD void fr_var_flipcircle(fr_flame_vctx *f, double w)
{
    f->p0 += w * f->tx;
    f->p1 += f->r2 > w * w ? w * f->ty : -(w * f->ty);
}

#endif
