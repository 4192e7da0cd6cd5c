/*
 * flame_var_ember_blur.h - Apophysis plugins' blurs and falloff, with
 * Ember's semantics (see flame_var_ember.h): blur_linear, blur_zoom,
 * blur_circle, falloff2, gaussian, rblur, falloff, falloff3, zblur,
 * blur3D. Their random numbers come from the walker's
 * stream in the order of Ember's formula.
 */
#ifndef FR_FLAME_VAR_EMBER_BLUR_H
#define FR_FLAME_VAR_EMBER_BLUR_H

#include "flame/flame_var_ember.h"

/* blur_linear: the point moved along the angle by u * length. */
FR_HD void fr_var_blur_linear(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double r = f->pv[FR_PL_BLUR_LINEAR_LENGTH] * fr_flame_u01(rng);
    f->p0 += w * (f->tx + r * x->blin_c);
    f->p1 += w * (f->ty + r * x->blin_s);
}

/* blur_zoom: the point scaled by 1 + u * length about (x, -y); z by w. */
FR_HD void fr_var_blur_zoom(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double z = 1.0 + p[FR_PL_BLUR_ZOOM_LENGTH] * fr_flame_u01(rng);
    f->p0 += w * ((f->tx - p[FR_PL_BLUR_ZOOM_X]) * z + p[FR_PL_BLUR_ZOOM_X]);
    f->p1 += w * ((f->ty + p[FR_PL_BLUR_ZOOM_Y]) * z - p[FR_PL_BLUR_ZOOM_Y]);
    f->p2 += w * f->tz;
}

/* blur_circle: a uniform point (x, y) of the square [-1, 1)^2 mapped onto the
 * disc of radius w: its ring is max(|x|, |y|), its angle pi/4 times its
 * place on that ring's perimeter (0 .. 8) less pi/4. z by w. */
FR_HD void fr_var_blur_circle(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double x = 2.0 * fr_flame_u01(rng) - 1.0;
    const double y = 2.0 * fr_flame_u01(rng) - 1.0;
    const double ax = fabs(x), ay = fabs(y);
    double side, per;
    if (ax >= ay) {
        per = x >= ay ? ax + y : 5.0 * ax - y;
        side = ax;
    } else {
        per = y >= ax ? 3.0 * ay - x : 7.0 * ay + x;
        side = ay;
    }
    const double r = w * side;
    double s, c;
    fr_flame_sincos(M_PI_4 * per / side - M_PI_4, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
    f->p2 += w * f->tz;
}

/* The falloffs' moves: a point in spherical coordinates (radius r,
 * azimuth phi, elevation sigma) times w, and the gaussian move of the point
 * by dist rx along the direction (cos s cos p, cos s sin p, sin s), s = 2 pi
 * dist ry, p = pi dist rz, each axis by its mul. */
FR_HD void fr_flame_fall_sph(fr_flame_vctx *f, double w, double r, double phi, double sigma)
{
    double ss, sc, ps, pc;
    fr_flame_sincos(sigma, &ss, &sc);
    fr_flame_sincos(phi, &ps, &pc);
    const double sigmas = ss * w, sigmac = sc * w;
    f->p0 += r * sigmac * pc;
    f->p1 += r * sigmac * ps;
    f->p2 += r * sigmas;
}

FR_HD void fr_flame_fall_gauss(fr_flame_vctx *f, double w, double dist, double rx, double ry, double rz, double mx,
                               double my, double mz)
{
    double ss, sc, ps, pc;
    fr_flame_sincos(dist * ry * 2.0 * M_PI, &ss, &sc);
    fr_flame_sincos(dist * rz * M_PI, &ps, &pc);
    const double rad = dist * rx;
    f->p0 += (f->tx + mx * rad * sc * pc) * w;
    f->p1 += (f->ty + my * rad * sc * ps) * w;
    f->p2 += (f->tz + mz * rad * ss) * w;
}

/* falloff2: the point scattered more the farther it is from (x0, y0, z0)
 * (beyond mindist; invert: the nearer), by four draws in [-0.5, 0.5) taken
 * first (x, y, z, colour): type 0 linearly, 1 in spherical coordinates, 2
 * along a random direction. mul_c's move of the colour coordinate is not
 * reproduced (variations here move the point only). */
FR_HD void fr_var_falloff2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double rx = fr_flame_u01(rng) - 0.5, ry = fr_flame_u01(rng) - 0.5, rz = fr_flame_u01(rng) - 0.5;
    (void)fr_flame_u01(rng); /* Ember's colour draw */
    const double dx = f->tx - p[FR_PL_FALLOFF2_X0], dy = f->ty - p[FR_PL_FALLOFF2_Y0], dz = f->tz - p[FR_PL_FALLOFF2_Z0];
    const double da = sqrt(dx * dx + dy * dy + dz * dz);
    const double db = p[FR_PL_FALLOFF2_INVERT] != 0.0 ? fmax(1.0 - da, 0.0) : fmax(da, 0.0);
    const double dist = fmax((db - p[FR_PL_FALLOFF2_MINDIST]) * x->fo2_rmax, 0.0);
    const double mx = p[FR_PL_FALLOFF2_MUL_X], my = p[FR_PL_FALLOFF2_MUL_Y], mz = p[FR_PL_FALLOFF2_MUL_Z];
    const int type = fr_flame_d2i(p[FR_PL_FALLOFF2_TYPE]);
    if (type == 0) {
        f->p0 += (f->tx + mx * rx * dist) * w;
        f->p1 += (f->ty + my * ry * dist) * w;
        f->p2 += (f->tz + mz * rz * dist) * w;
    } else if (type == 1) {
        if (f->tx == 0.0 && f->ty == 0.0 && f->tz == 0.0)
            return; /* the point, 0, times w */
        const double rin = fr_flame_zeps(sqrt(f->r2 + f->tz * f->tz));
        fr_flame_fall_sph(f, w, rin + mx * rx * dist, f->atan_yx + my * ry * dist, asin(f->tz / rin) + mz * rz * dist);
    } else {
        fr_flame_fall_gauss(f, w, dist, rx, ry, rz, mx, my, mz);
    }
}

/* Ember's gaussian radius: four draws summed in order, less 2 (on
 * [-2, 2], bell-shaped). */
FR_HD double fr_flame_u01_sum4_less2(fr_flame_rng *rng)
{
    double u = fr_flame_u01(rng);
    u += fr_flame_u01(rng);
    u += fr_flame_u01(rng);
    u += fr_flame_u01(rng);
    return u - 2.0;
}

/* gaussian (Ember's; flam3's is gaussian_blur): the point moved by w (the
 * sum of four draws less 2) along an angle drawn first. */
FR_HD void fr_var_gaussian(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double ang = fr_flame_u01(rng) * 2.0 * M_PI;
    const double r = w * fr_flame_u01_sum4_less2(rng);
    double s, c;
    fr_flame_sincos(ang, &s, &c);
    f->p0 += r * c + f->tx;
    f->p1 += r * s + f->ty;
}

/* zblur: z alone, w (four draws' sum less 2). */
FR_HD void fr_var_zblur(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    f->p2 += w * fr_flame_u01_sum4_less2(rng);
}

/* blur3D: gaussian in 3D: an azimuth, the radius w (four draws' sum less
 * 2), then a polar angle. */
FR_HD void fr_var_blur3d(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double ang = fr_flame_u01(rng) * 2.0 * M_PI;
    const double r = w * fr_flame_u01_sum4_less2(rng);
    const double ang2 = fr_flame_u01(rng) * M_PI;
    double sa, ca, sb, cb;
    fr_flame_sincos(ang, &sa, &ca);
    fr_flame_sincos(ang2, &sb, &cb);
    f->p0 += r * sb * ca;
    f->p1 += r * sb * sa;
    f->p2 += r * cb;
}

/* rblur: the point scattered in a square of side 2 strength (|t - center|
 * less offset, 0 below it), x's draw first; times w. */
FR_HD void fr_var_rblur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double sx = f->tx - p[FR_PL_RBLUR_CENTER_X], sy = f->ty - p[FR_PL_RBLUR_CENTER_Y];
    double r = sqrt(sx * sx + sy * sy) - p[FR_PL_RBLUR_OFFSET];
    r = r < 0.0 ? 0.0 : r;
    r *= 2.0 * p[FR_PL_RBLUR_STRENGTH];
    f->p0 += w * (f->tx + (fr_flame_u01(rng) - 0.5) * r);
    f->p1 += w * (f->ty + (fr_flame_u01(rng) - 0.5) * r);
}

/* falloff (falloff2's predecessor): three draws in [-0.5, 0.5) first; the
 * scatter grows with the distance r from (x0, y0, z0) beyond mindist (or,
 * invert, with 1 - r); type 0 linear, 1 in spherical coordinates about the
 * origin with r as radius, 2 (and others) into boxes of side
 * clamp(scatter) + 0.1 with pow(draw, boxpow). */
FR_HD void fr_var_falloff(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double ax = fr_flame_u01(rng) - 0.5, ay = fr_flame_u01(rng) - 0.5, az = fr_flame_u01(rng) - 0.5;
    const double dx = f->tx - p[FR_PL_FALLOFF_X0], dy = f->ty - p[FR_PL_FALLOFF_Y0], dz = f->tz - p[FR_PL_FALLOFF_Z0];
    const double r = sqrt(dx * dx + dy * dy + dz * dz);
    const double rc = ((p[FR_PL_FALLOFF_INVERT] != 0.0 ? fmax(1.0 - r, 0.0) : fmax(r, 0.0)) - p[FR_PL_FALLOFF_MINDIST]) *
                      (0.04 * p[FR_PL_FALLOFF_SCATTER]);
    const double rs = fmax(rc, 0.0);
    const double mx = p[FR_PL_FALLOFF_MUL_X], my = p[FR_PL_FALLOFF_MUL_Y], mz = p[FR_PL_FALLOFF_MUL_Z];
    const int type = fr_flame_d2i(p[FR_PL_FALLOFF_TYPE]);
    if (type == 0) {
        f->p0 += w * (f->tx + mx * ax * rs);
        f->p1 += w * (f->ty + my * ay * rs);
        f->p2 += w * (f->tz + mz * az * rs);
    } else if (type == 1) {
        fr_flame_fall_sph(f, w, r + mx * ax * rs, f->atan_yx + my * ay * rs,
                          asin(r == 0.0 ? 0.0 : f->tz / r) + mz * az * rs);
    } else {
        const double scale = (rs < 0.0 ? 0.0 : rs > 0.9 ? 0.9 : rs) + 0.1, den = 1.0 / scale;
        const double bp = p[FR_PL_FALLOFF_BOXPOW];
        const double t[3] = {f->tx, f->ty, f->tz}, a[3] = {ax, ay, az}, m[3] = {mx, my, mz};
        double o[3];
        for (int k = 0; k < 3; k++) {
            const double b = floor(t[k] * den) + scale * a[k];
            o[k] = w * (t[k] + (b - t[k]) * (m[k] * rs)) + m[k] * fr_flame_pow_whole(a[k], bp) * rs * den;
        }
        f->p0 += o[0];
        f->p1 += o[1];
        f->p2 += o[2];
    }
}

/* Ember's LogScale and LogMap (falloff3's log type). */
FR_HD double fr_flame_logscale(double v)
{
    return v == 0.0 ? 0.0 : log((fabs(v) + 1.0) * M_E) * (v < 0.0 ? -1.0 : 1.0) / M_E;
}
FR_HD double fr_flame_logmap(double v)
{
    return v == 0.0 ? 0.0 : (M_E + log(v * M_E)) * 0.25 * (v < 0.0 ? -1.0 : 1.0);
}

/* falloff3: falloff2 with a square distance (blur_shape 1) and a
 * logarithmic type (2); blur types 0 (gaussian) and 1 (radial) are
 * falloff2's 2 and 1. Four draws first; mul_c's colour move is not
 * reproduced. */
FR_HD void fr_var_falloff3(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double rx = fr_flame_u01(rng) - 0.5, ry = fr_flame_u01(rng) - 0.5, rz = fr_flame_u01(rng) - 0.5;
    (void)fr_flame_u01(rng); /* Ember's colour draw */
    const double dx = f->tx - p[FR_PL_FALLOFF3_CENTER_X], dy = f->ty - p[FR_PL_FALLOFF3_CENTER_Y],
                 dz = f->tz - p[FR_PL_FALLOFF3_CENTER_Z];
    const double radius = p[FR_PL_FALLOFF3_BLUR_SHAPE] == 0.0 ? sqrt(dx * dx + dy * dy + dz * dz)
                                                              : fmax(fabs(dx), fmax(fabs(dy), fabs(dz)));
    const double rmax = 0.04 * p[FR_PL_FALLOFF3_BLUR_STRENGTH];
    const double dist = fmax(((p[FR_PL_FALLOFF3_INVERT_DISTANCE] != 0.0 ? fmax(1.0 - radius, 0.0) : fmax(radius, 0.0)) -
                              p[FR_PL_FALLOFF3_MIN_DISTANCE]) * rmax, 0.0);
    const double mx = p[FR_PL_FALLOFF3_MUL_X], my = p[FR_PL_FALLOFF3_MUL_Y], mz = p[FR_PL_FALLOFF3_MUL_Z];
    const int type = fr_flame_d2i(p[FR_PL_FALLOFF3_BLUR_TYPE]);
    if (type == 0) {
        fr_flame_fall_gauss(f, w, dist, rx, ry, rz, mx, my, mz);
    } else if (type == 1) {
        if (f->tx == 0.0 && f->ty == 0.0 && f->tz == 0.0)
            return;
        const double rin = sqrt(f->r2 + f->tz * f->tz);
        fr_flame_fall_sph(f, w, rin + mx * rx * dist, f->atan_yx + my * ry * dist, asin(f->tz / rin) + mz * rz * dist);
    } else {
        const double coeff =
            rmax <= 2.220446049250313e-16 ? dist : dist + p[FR_PL_FALLOFF3_ALPHA] * (fr_flame_logmap(dist) - dist);
        f->p0 += (f->tx + fr_flame_logmap(mx) * fr_flame_logscale(rx) * coeff) * w;
        f->p1 += (f->ty + fr_flame_logmap(my) * fr_flame_logscale(ry) * coeff) * w;
        f->p2 += (f->tz + fr_flame_logmap(mz) * fr_flame_logscale(rz) * coeff) * w;
    }
}

#endif
