/*
 * flame_var_ember_v06.h - the variations of Ember's Variations06.h that
 * fractalis did not have, in that file's order (as far as taken): synth,
 * erf, xerf, w, x, z (hexes, nBlur, y and post_smartcrop were here
 * already).
 * Ember's semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps).
 * What Ember precomputes from the parameters (its Precalc) is worked out
 * here in the formula, in Ember's order of operations.
 */
#ifndef FR_FLAME_VAR_EMBER_V06_H
#define FR_FLAME_VAR_EMBER_V06_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_v02.h"

/* synth: Ember's wave of the layers b .. f (amplitude, type, skew,
 * frequency, phase, layer mode: 6 parameters each from synth_b) at theta,
 * on a of synth_a, mixed by mix towards the flat 1. */
FR_HD double fr_flame_synth_value(const double *p, double theta)
{
    const double a = p[FR_PL_SYNTH_A], mix = p[FR_PL_SYNTH_MIX];
    double tf = a;
    for (int k = 0; k < 5; k++) {
        const double *q = p + FR_PL_SYNTH_B + 6 * k;
        const double amp = q[0], skew = q[2], frq = q[3];
        if (amp == 0) continue;
        double z = q[4] + theta * frq, v;
        double y = z / (2.0 * M_PI);
        y -= fr_flame_ember_floor(y);
        if (skew != 0) {
            z = 0.5 + 0.5 * skew;
            if (y > z)
                y = 0.5 + 0.5 * (y - z) / fr_flame_ezeps(1.0 - z);
            else
                y = 0.5 - 0.5 * (z - y) / fr_flame_ezeps(z);
        }
        switch (fr_flame_d2i(q[1])) {
        case 0: v = sin(y * (2.0 * M_PI)); break;
        case 1: v = cos(y * (2.0 * M_PI)); break;
        case 2: v = y > 0.5 ? 1.0 : -1.0; break;
        case 3: v = 1.0 - 2.0 * y; break;
        case 4: v = y > 0.5 ? 3.0 - 4.0 * y : 2.0 * y - 1.0; break;
        case 5: v = 8.0 * (y - 0.5) * (y - 0.5) - 1.0; break;
        case 6: v = 2.0 * sqrt(y) - 1.0; break;
        case 7:
            y -= 0.5;
            y *= 2.0 * M_PI / frq;
            v = 1.0 / fr_flame_ezeps(cos(y)) - 1.0;
            break;
        default: /* the inverted n-gon, Ember's default */
            y -= 0.5;
            y *= 2.0 * M_PI / frq;
            z = cos(y);
            v = z / fr_flame_ezeps(1.0 - z);
            break;
        }
        switch (fr_flame_d2i(q[5])) {
        case 0: tf += amp * v; break;
        case 1: tf *= (1.0 + amp * v); break;
        case 2:
            z = a + amp * v;
            tf = tf > z ? tf : z;
            break;
        default:
            z = a + amp * v;
            tf = tf < z ? tf : z;
            break;
        }
    }
    return tf * mix + (1.0 - mix);
}

/* synth's Bezier smoothing: x bent by the quadratic curve of m, back to
 * y = x from L on (signs reflected). */
FR_HD double fr_flame_synth_bezier(double x, double m)
{
    double a = 1.0, t;
    if (m < 0) {
        m = -m;
        a = -1.0;
    }
    if (x < 0) {
        x = -x;
        a = -a;
    }
    const double im = m > 1.0e-10 ? 1.0 / m : 1e10;
    const double L = im < m * 2.0 ? m * 2.0 : im;
    if ((x > L) || (m == 1)) return a * x;
    if ((m < 1) && (x <= 1)) {
        t = x;
        if (fabs(m - 0.5) > 1e-10) t = (-1.0 * m + sqrt(m * m + (1.0 - 2.0 * m) * x)) / (1.0 - 2.0 * m);
        return a * (x + (m - 1.0) * t * t);
    }
    if ((1 < m) && (x <= 1)) {
        t = x;
        if (fabs(m - 2.0) > 1e-10) t = (-1.0 * im + sqrt(im * im + (1.0 - 2.0 * im) * x)) / (1.0 - 2.0 * im);
        return a * (x + (m - 1.0) * t * t);
    }
    if (m < 1) {
        t = sqrt((x - 1.0) / (L - 1.0));
        return a * (x + (m - 1.0) * t * t + 2.0 * (1.0 - m) * t + (m - 1.0));
    }
    t = (1.0 - m) + sqrt((m - 1.0) * (m - 1.0) + (x - 1.0));
    return a * (x + (m - 1.0) * t * t - 2.0 * (m - 1.0) * t + (m - 1.0));
}

/* synth's smoothing: linear (0: x m) or Bezier. */
FR_HD double fr_flame_synth_lerp(double x, double m, int smooth)
{
    return smooth == 0 ? x * m : fr_flame_synth_bezier(x, m);
}

/* synth's sine and cosine of theta: multiplied by the wave at theta and
 * theta + pi / 2 (smooth 0) or mixed with it. */
FR_HD void fr_flame_synth_sincos(const double *p, double theta, double *s, double *c, int smooth)
{
    fr_flame_sincos(theta, s, c);
    if (smooth == 0) {
        *s = *s * fr_flame_synth_value(p, theta);
        *c = *c * fr_flame_synth_value(p, theta + M_PI / 2.0);
    } else {
        const double mix = p[FR_PL_SYNTH_MIX];
        *s = (1.0 - mix) * *s + (fr_flame_synth_value(p, theta) - 1.0);
        *c = (1.0 - mix) * *c + (fr_flame_synth_value(p, theta + M_PI / 2.0) - 1.0);
    }
}

/* synth's radius shaped by its wave at theta, then out along theta (its
 * sine and cosine, as Ember's polar modes). */
FR_HD void fr_flame_synth_polar(const double *p, int smooth, fr_flame_vctx *f, double w, double radius,
                                double theta)
{
    double s, c;
    radius = fr_flame_synth_lerp(radius, fr_flame_synth_value(p, theta), smooth);
    fr_flame_sincos(theta, &s, &c);
    f->p0 += w * radius * s;
    f->p1 += w * radius * c;
}

/* synth: one of Ember's 27 modes (mode, 3 the blur by default; outside 0
 * .. 25 its spherical2) whose radius, angle or shift the wave bends; the
 * blur modes draw (in Ember's order, its sums' operands left to right). */
FR_HD void fr_var_synth(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double power = p[FR_PL_SYNTH_POWER], mix = p[FR_PL_SYNTH_MIX];
    const int smooth = fr_flame_d2i(p[FR_PL_SYNTH_SMOOTH]);
    const double vx0 = f->tx, vy0 = f->ty;
    double vx, vy, radius, theta, s, c, mu;
    switch (fr_flame_d2i(p[FR_PL_SYNTH_MODE])) {
    case 0: /* spherical */
        radius = pow(fr_flame_ezeps(f->r2), (power + 1.0) / 2.0);
        theta = f->atan_xy;
        fr_flame_synth_polar(p, smooth, f, w, radius, theta);
        break;
    case 1: /* bubble */
        radius = f->r / (f->r2 / 4.0 + 1.0);
        theta = f->atan_xy;
        fr_flame_synth_polar(p, smooth, f, w, radius, theta);
        break;
    case 2: { /* blur, legacy */
        const double u1 = fr_flame_u01(rng), u2 = fr_flame_u01(rng), u3 = fr_flame_u01(rng);
        radius = (u1 + u2 + 0.002 * u3) / 2.002;
        theta = 2.0 * M_PI * fr_flame_u01(rng) - M_PI;
        vx = radius * sin(theta);
        vy = radius * cos(theta);
        radius = pow(fr_flame_ezeps(radius * radius), power / 2.0);
        radius = w * fr_flame_synth_lerp(radius, fr_flame_synth_value(p, theta), smooth);
        f->p0 += vx * radius;
        f->p1 += vy * radius;
        break;
    }
    case 3: { /* blur */
        const double u1 = fr_flame_u01(rng), u2 = fr_flame_u01(rng);
        radius = 0.5 * (u1 + u2);
        theta = 2.0 * M_PI * fr_flame_u01(rng) - M_PI;
        radius = pow(fr_flame_ezeps(radius * radius), -power / 2.0);
        fr_flame_synth_polar(p, smooth, f, w, radius, theta);
        break;
    }
    case 4: { /* blur, zigzag */
        const double u1 = fr_flame_u01(rng), u2 = fr_flame_u01(rng);
        vy = 1.0 + 0.1 * (u1 + u2 - 1.0) * power;
        theta = 2.0 * asin((fr_flame_u01(rng) - 0.5) * 2.0);
        vy = fr_flame_synth_lerp(vy, fr_flame_synth_value(p, theta), smooth);
        f->p0 += w * (theta / M_PI);
        f->p1 += w * (vy - 1.0);
        break;
    }
    case 5: /* raw circle */
        radius = f->r;
        theta = f->atan_xy;
        fr_flame_synth_polar(p, smooth, f, w, radius, theta);
        break;
    case 6: /* raw x */
        f->p0 += w * fr_flame_synth_lerp(vx0, fr_flame_synth_value(p, vy0), smooth);
        f->p1 += w * vy0;
        break;
    case 7: /* raw y */
        f->p0 += w * vx0;
        f->p1 += w * fr_flame_synth_lerp(vy0, fr_flame_synth_value(p, vx0), smooth);
        break;
    case 8: /* raw xy */
        f->p0 += w * fr_flame_synth_lerp(vx0, fr_flame_synth_value(p, vy0), smooth);
        f->p1 += w * fr_flame_synth_lerp(vy0, fr_flame_synth_value(p, vx0), smooth);
        break;
    case 9: /* shift x */
        f->p0 += w * (vx0 + fr_flame_synth_value(p, vy0) - 1.0);
        f->p1 += w * vy0;
        break;
    case 10: /* shift y */
        f->p0 += w * vx0;
        f->p1 += w * (vy0 + fr_flame_synth_value(p, vx0) - 1.0);
        break;
    case 11: /* shift xy */
        f->p0 += w * (vx0 + fr_flame_synth_value(p, vy0) - 1.0);
        f->p1 += w * (vy0 + fr_flame_synth_value(p, vx0) - 1.0);
        break;
    case 12: /* sinusoidal */
        f->p0 += w * (fr_flame_synth_value(p, vx0) - 1.0 + (1.0 - mix) * sin(vx0));
        f->p1 += w * (fr_flame_synth_value(p, vy0) - 1.0 + (1.0 - mix) * sin(vy0));
        break;
    case 13: /* swirl */
        radius = pow(fr_flame_ezeps(f->r2), power / 2.0);
        fr_flame_synth_sincos(p, radius, &s, &c, smooth);
        f->p0 += w * (s * vx0 - c * vy0);
        f->p1 += w * (c * vx0 + s * vy0);
        break;
    case 14: /* hyperbolic */
        radius = pow(fr_flame_ezeps(f->r2), power / 2.0);
        fr_flame_synth_sincos(p, f->atan_xy, &s, &c, smooth);
        f->p0 += w * s / radius;
        f->p1 += w * c * radius;
        break;
    case 15: /* julia */
        radius = pow(fr_flame_ezeps(f->r2), power / 4.0);
        theta = f->atan_xy / 2.0;
        if (fr_flame_u01(rng) < 0.5) theta += M_PI;
        fr_flame_synth_sincos(p, theta, &s, &c, smooth);
        f->p0 += w * radius * c;
        f->p1 += w * radius * s;
        break;
    case 16: /* disc */
        theta = f->atan_xy / M_PI;
        radius = M_PI * pow(fr_flame_ezeps(f->r2), power / 2.0);
        fr_flame_synth_sincos(p, radius, &s, &c, smooth);
        f->p0 += w * s * theta;
        f->p1 += w * c * theta;
        break;
    case 17: /* rings */
        radius = f->r;
        theta = f->atan_xy;
        mu = fr_flame_ezeps(power * power);
        radius += -2.0 * mu * fr_flame_d2i((radius + mu) / (2.0 * mu)) + radius * (1.0 - mu);
        fr_flame_synth_sincos(p, radius, &s, &c, smooth);
        f->p0 += w * s * theta;
        f->p1 += w * c * theta;
        break;
    case 18: /* cylinder */
        radius = pow(fr_flame_ezeps(f->r2), power / 2.0);
        fr_flame_synth_sincos(p, vx0, &s, &c, smooth);
        f->p0 += w * radius * s;
        f->p1 += w * radius * vy0;
        break;
    case 19: { /* blur ring */
        const double u1 = fr_flame_u01(rng), u2 = fr_flame_u01(rng);
        radius = 1.0 + 0.1 * (u1 + u2 - 1.0) * power;
        theta = 2.0 * M_PI * fr_flame_u01(rng) - M_PI;
        fr_flame_synth_polar(p, smooth, f, w, radius, theta);
        break;
    }
    case 20: /* blur ring 2 */
        theta = 2.0 * M_PI * fr_flame_u01(rng) - M_PI;
        radius = pow(fr_flame_ezeps(fr_flame_u01(rng)), power);
        radius = fr_flame_synth_value(p, theta) + 0.1 * radius;
        fr_flame_sincos(theta, &s, &c);
        f->p0 += w * radius * s;
        f->p1 += w * radius * c;
        break;
    case 21: /* shift theta */
    case 22: /* shift and stretch (Ember's: the same) */
        radius = pow(fr_flame_ezeps(f->r2), power / 2.0);
        theta = f->atan_xy - 1.0 + fr_flame_synth_value(p, radius);
        fr_flame_sincos(theta, &s, &c);
        f->p0 += w * radius * s;
        f->p1 += w * radius * c;
        break;
    case 23: /* shift tangent */
        radius = pow(fr_flame_ezeps(f->r2), power / 2.0);
        fr_flame_sincos(f->atan_xy, &s, &c);
        mu = fr_flame_synth_value(p, radius) - 1.0;
        f->p0 += w * (vx0 + mu * c);
        f->p1 += w * (vy0 - mu * s);
        break;
    case 24: /* x mirror */
        mu = fr_flame_synth_value(p, vx0) - 1.0;
        f->p0 += w * vx0;
        f->p1 += w * (2.0 * mu - vy0);
        break;
    case 25: /* xy mirror */
        mu = fr_flame_synth_value(p, vx0) - 1.0;
        radius = fr_flame_synth_value(p, vy0) - 1.0;
        f->p0 += w * (2.0 * radius - vx0);
        f->p1 += w * (2.0 * mu - vy0);
        break;
    default: /* spherical2 */
        radius = f->r;
        theta = f->atan_xy;
        radius = fr_flame_synth_lerp(radius, fr_flame_synth_value(p, theta), smooth);
        /* a negative radius to a whole power by squaring (the batched
         * loops' pow is exp(y log x), NaN below 0) */
        radius = radius < 0 ? fr_flame_pow_whole(radius, power) : pow(radius, power);
        fr_flame_sincos(theta, &s, &c);
        f->p0 += w * radius * s;
        f->p1 += w * radius * c;
        break;
    }
}

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
    double a2 = a + f->pv[FR_PL_W_ANGLE];
    if (a2 < -M_PI) a2 += 2.0 * M_PI;
    if (a2 > M_PI) a2 -= 2.0 * M_PI;
    const double total = fr_flame_wxz_total(&f->pv[FR_PL_W_HYPERGON], a);
    if (f->r <= total) {
        const double total2 = fr_flame_wxz_total(&f->pv[FR_PL_W_HYPERGON], a2);
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
    const double total = fr_flame_wxz_total(&f->pv[FR_PL_X_HYPERGON], a);
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
    const double r = w * (f->r + fr_flame_wxz_total(&f->pv[FR_PL_Z_HYPERGON], a));
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
}

#endif
