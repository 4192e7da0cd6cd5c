/*
 * flame_var_ember_v06.h - the variations of Ember's Variations06.h that
 * fractalis did not have, in that file's order (as far as taken): erf,
 * xerf, w, x, z (hexes, nBlur, y and post_smartcrop were here already).
 * Ember's semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps).
 * What Ember precomputes from the parameters (its Precalc) is worked out
 * here in the formula, in Ember's order of operations.
 */
#ifndef FR_FLAME_VAR_EMBER_V06_H
#define FR_FLAME_VAR_EMBER_V06_H

#include "flame/flame_var_ember.h"

/* erf: erf of each coordinate. */
FR_HD void fr_var_erf(fr_flame_vctx *f, double w)
{
    f->p0 += w * erf(f->tx);
    f->p1 += w * erf(f->ty);
}

/* xerf: erf of each coordinate of (x, y, z), or, from |c| = 2 on, c over
 * the squared length. */
FR_HD void fr_var_xerf(fr_flame_vctx *f, double w)
{
    const double l = sqrt(f->r2 + f->tz * f->tz), r2 = l * l;
    f->p0 += w * (fabs(f->tx) >= 2.0 ? f->tx / r2 : erf(f->tx));
    f->p1 += w * (fabs(f->ty) >= 2.0 ? f->ty / r2 : erf(f->ty));
    f->p2 += w * (fabs(f->tz) >= 2.0 ? f->tz / r2 : erf(f->tz));
}

/* w, x, z (as y): the radius of the hypergon, star, lituus and super
 * shapes at angle a, summed with their weights; q the first of the 13
 * parameters (hypergon .. super_n3). A star slope within 1e-6 of pi / 2
 * is taken 0.05 below it (Ember's). */
FR_HD double fr_flame_wxz_total(const double *q, double a)
{
    double total = 0.0, s, c;
    if (q[0] != 0.0) {
        const double hn = q[1], hr = q[2];
        const double hd = sqrt(1.0 + hr * hr), hd2 = hd * hd;
        const double t1 = fmod(fabs(a), 2.0 * M_PI / hn) - M_PI / hn;
        const double t = tan(t1), t2 = t * t + 1.0;
        total += t2 >= hd2 ? q[0] : q[0] * (hd - sqrt(hd2 - t2)) / sqrt(t2);
    }
    if (q[3] != 0.0) {
        const double sn = q[4], sl = q[5];
        const double ts = (sl - M_PI_2 > -1e-6 && sl - M_PI_2 < 1e-6) ? tan(sl - 0.05) : tan(sl);
        const double t1 = tan(fabs(fmod(fabs(a), 2.0 * M_PI / sn) - M_PI / sn));
        total += q[3] * sqrt(ts * ts * (1.0 + t1 * t1) / ((t1 + ts) * (t1 + ts)));
    }
    if (q[6] != 0.0) total += q[6] * pow(fabs(a / M_PI + 1.0), -q[7]);
    if (q[8] != 0.0) {
        fr_flame_sincos(a * (q[9] / 4.0), &s, &c);
        total += q[8] * pow(pow(fabs(c), q[11]) + pow(fabs(s), q[12]), -1.0 / fr_flame_ezeps(q[10]));
    }
    return total;
}

/* w: inside the shape (r <= its radius) the point turned by angle (in
 * (-pi, pi]) and scaled by the shape's radii there and here; outside
 * kept. */
FR_HD void fr_var_w(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double a = f->atan_yx;
    double a2 = a + x->param[FR_P_W_ANGLE];
    if (a2 < -M_PI) a2 += 2.0 * M_PI;
    if (a2 > M_PI) a2 -= 2.0 * M_PI;
    const double total = fr_flame_wxz_total(&x->param[FR_P_W_HYPERGON], a);
    if (f->r <= total) {
        const double total2 = fr_flame_wxz_total(&x->param[FR_P_W_HYPERGON], a2);
        const double r = w * total2 * f->r / total;
        double s, c;
        fr_flame_sincos(a2, &s, &c);
        f->p0 += r * c;
        f->p1 += r * s;
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* x: the point at radius sqrt(r^2 + the shape's radius^2). */
FR_HD void fr_var_x(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double a = f->atan_yx;
    const double total = fr_flame_wxz_total(&x->param[FR_P_X_HYPERGON], a);
    const double r = w * sqrt(f->r2 + total * total);
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
}

/* z: the point at radius r + the shape's radius. */
FR_HD void fr_var_z(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double a = f->atan_yx;
    const double r = w * (f->r + fr_flame_wxz_total(&x->param[FR_P_Z_HYPERGON], a));
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
}

#endif
