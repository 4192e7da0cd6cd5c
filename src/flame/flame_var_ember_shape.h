/*
 * flame_var_ember_shape.h - Apophysis plugins and 3D-hack variations that
 * reshape or turn the point, with Ember's semantics (see flame_var_ember.h):
 * foci_3D, unpolar, epispiral, rotate_x, rotate_y, rotate_z, mirror_x,
 * mirror_y, mirror_z, julia3Dz,
 * curl3D, zcone, pow_block, wdisc, eJulia, bcircle, hypertile, hypertile2,
 * shredlin, barycentroid, glynnia, y.
 *
 * rotate_* and mirror_x, as regular variations, set (not add to) the sum's
 * coordinates Ember's reset (rotate_x its x, rotate_y its y, rotate_z its z,
 * mirror_x all three) to their own: the variations before them in the sum
 * (here: of lower index) lose theirs, as in Ember those before them in the
 * xform. As pre_ / post_ variations (their usual use) the two agree.
 */
#ifndef FR_FLAME_VAR_EMBER_SHAPE_H
#define FR_FLAME_VAR_EMBER_SHAPE_H

#include "flame/flame_var_ember.h"

/* foci_3D: flam3's foci with z (or, at z 0, the point's angle) as a third
 * angle. */
FR_HD void fr_var_foci3d(fr_flame_vctx *f, double w)
{
    const double ex = exp(f->tx) * 0.5;
    const double enx = 0.25 / fr_flame_zeps(ex);
    const double boot = f->tz == 0.0 ? f->atan_yx : f->tz;
    const double t = w / fr_flame_zeps(ex + enx - cos(f->ty) * cos(boot));
    f->p0 += (ex - enx) * t;
    f->p1 += sin(f->ty) * t;
    f->p2 += sin(boot) * t;
}

/* unpolar: polar's inverse: the angle x and log radius y to a point,
 * scaled by w / (2 pi). */
FR_HD void fr_var_unpolar(fr_flame_vctx *f, double w)
{
    const double v = (w / M_PI) * 0.5;
    const double r = exp(f->ty);
    double s, c;
    fr_flame_sincos(f->tx, &s, &c);
    f->p0 += v * r * s;
    f->p1 += v * r * c;
}

/* epispiral: the epispiral r = 1 / cos(n theta) less holes, along the
 * point's angle; thickness (times w) scales it by a draw. */
FR_HD void fr_var_epispiral(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double th = f->atan_yx;
    const double tw = p[FR_PL_EPISPIRAL_THICKNESS] * w;
    const double t = (tw == 0.0 ? w : tw * fr_flame_u01(rng)) / cos(p[FR_PL_EPISPIRAL_N] * th) - p[FR_PL_EPISPIRAL_HOLES] * w;
    if (fabs(t) != 0.0) {
        double s, c;
        fr_flame_sincos(th, &s, &c);
        f->p0 += t * c;
        f->p1 += t * s;
    }
}

/* rotate_x: a turn of w quarter turns about the x axis (the weight is the
 * angle, the point is not scaled). */
FR_HD void fr_var_rotate_x(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(w * M_PI_2, &s, &c);
    const double z = c * f->tz - s * f->ty;
    f->p0 = f->tx;
    f->p1 += s * f->tz + c * f->ty;
    f->p2 += z;
}

/* rotate_y: the same about the y axis. */
FR_HD void fr_var_rotate_y(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(w * M_PI_2, &s, &c);
    f->p0 += c * f->tx - s * f->tz;
    f->p1 = f->ty;
    f->p2 += s * f->tx + c * f->tz;
}

/* rotate_z: the same about the z axis. */
FR_HD void fr_var_rotate_z(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(w * M_PI_2, &s, &c);
    f->p0 += s * f->ty + c * f->tx;
    f->p1 += c * f->ty - s * f->tx;
    f->p2 = f->tz;
}

/* mirror_x: x made +-|x| by a random bit (set: -), y and z kept; the weight
 * is unused. */
FR_HD void fr_var_mirror_x(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    (void)w;
    const double ax = fabs(f->tx);
    f->p0 = fr_flame_rng_bit(rng) ? -ax : ax;
    f->p1 = f->ty;
    f->p2 = f->tz;
}

/* mirror_y, mirror_z: mirror_x's for y, for z. */
FR_HD void fr_var_mirror_y(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    (void)w;
    const double ay = fabs(f->ty);
    f->p0 = f->tx;
    f->p1 = fr_flame_rng_bit(rng) ? -ay : ay;
    f->p2 = f->tz;
}

FR_HD void fr_var_mirror_z(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    (void)w;
    const double az = fabs(f->tz);
    f->p0 = f->tx;
    f->p1 = f->ty;
    f->p2 = fr_flame_rng_bit(rng) ? -az : az;
}

/* julia3Dz: julia3D's root in the plane, z scaled by r^(2 cn) / (|t| |power|)
 * (Ember's; julia3D scales it differently); one of |power| branches drawn. */
FR_HD void fr_var_julia3dz(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double n = f->pv[FR_PL_JULIA3DZ_POWER], absn = fabs(n);
    const double r = w * pow(f->r2, 1.0 / n / 2.0);
    const double a = (f->atan_yx + 2.0 * M_PI * (double)fr_flame_d2i(fr_flame_u01(rng) * absn)) / n;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
    f->p2 += r * f->tz / fr_flame_zeps(f->r * absn);
}

/* curl3D: flam3's curl in 3D, (p + c |p|^2) / (|c|^2 |p|^2 + 2 c.p' + 1)
 * with p' = (x, -y, z), as Ember. */
FR_HD void fr_var_curl3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double cx = f->pv[FR_PL_CURL3D_CX], cy = f->pv[FR_PL_CURL3D_CY], cz = f->pv[FR_PL_CURL3D_CZ];
    const double r2 = f->r2 + f->tz * f->tz;
    const double c2 = cx * cx + cy * cy + cz * cz;
    const double r = w / fr_flame_zeps(r2 * c2 + 2.0 * cx * f->tx - 2.0 * cy * f->ty + 2.0 * cz * f->tz + 1.0);
    f->p0 += r * (f->tx + cx * r2);
    f->p1 += r * (f->ty - cy * r2);
    f->p2 += r * (f->tz + cz * r2);
}

/* zcone: z becomes w |(x, y)|; x and y add nothing (Ember's regular form;
 * its pre_ / post_ forms keep them, here they give 0). */
FR_HD void fr_var_zcone(fr_flame_vctx *f, double w) { f->p2 += w * f->r; }

/* pow_block: r^(numerator / (denominator correctn / correctd)) w at the
 * angle (theta + root 2 pi k) numerator / denominator, k a draw in
 * 0 .. denominator - 1. */
FR_HD void fr_var_pow_block(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double num = p[FR_PL_POW_BLOCK_NUMERATOR], den = p[FR_PL_POW_BLOCK_DENOMINATOR];
    const double power = num / fr_flame_zeps(den * p[FR_PL_POW_BLOCK_CORRECTN] * (1.0 / p[FR_PL_POW_BLOCK_CORRECTD]));
    const double r = pow(f->r2, power * 0.5) * w;
    const double zd = fr_flame_zeps(den);
    const double a = (f->atan_yx / zd + p[FR_PL_POW_BLOCK_ROOT] * 2.0 * M_PI * floor(fr_flame_u01(rng) * den) / zd) * num;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
}

/* wdisc: the angle theta / pi as the radius, pi / (r + 1) (or pi less it
 * for theta > 0) as the angle. */
FR_HD void fr_var_wdisc(fr_flame_vctx *f, double w)
{
    double a = M_PI / (f->r + 1.0);
    const double r = f->atan_yx * M_1_PI;
    if (r > 0.0)
        a = M_PI - a;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += w * r * c;
    f->p1 += w * r * s;
}

/* Ember's SafeSqrt: 0 for x <= 0. */
FR_HD double fr_flame_safe_sqrt(double x) { return x <= 0.0 ? 0.0 : sqrt(x); }

/* eJulia: julia in elliptic coordinates: (mu, nu) of the point (of its
 * inversion for power < 0) divided by power, nu on one of |power| branches
 * (a draw). */
FR_HD void fr_var_ejulia(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = f->pv[FR_PL_EJULIA_POWER];
    double r2 = f->r2, px = f->tx;
    if (power < 0) {
        r2 = 1.0 / fr_flame_zeps(r2);
        px = f->tx * r2;
    }
    const double t = r2 + 1.0, t2 = 2.0 * px;
    double xmax = (fr_flame_safe_sqrt(t + t2) + fr_flame_safe_sqrt(t - t2)) * 0.5;
    if (xmax < 1.0)
        xmax = 1.0;
    double mu = acosh(xmax);
    const double q = px / xmax;
    double nu = acos(q < -1.0 ? -1.0 : q > 1.0 ? 1.0 : q);
    if (f->ty < 0.0)
        nu = -nu;
    nu = nu / power + 2.0 * M_PI / power * floor(fr_flame_u01(rng) * power);
    mu /= power;
    f->p0 += w * cosh(mu) * cos(nu);
    f->p1 += w * sinh(mu) * sin(nu);
}

/* bcircle: the point scaled; inside the unit circle kept, outside onto a
 * ring 1 .. 1 + borderwidth / 5 (a draw), or (borderwidth 0) the origin. */
FR_HD void fr_var_bcircle(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double sc = f->pv[FR_PL_BCIRCLE_SCALE], bw = fabs(f->pv[FR_PL_BCIRCLE_BORDERWIDTH]);
    const double px = f->tx * sc, py = f->ty * sc;
    if (sqrt(px * px + py * py) <= 1.0) {
        f->p0 += w * px;
        f->p1 += w * py;
    } else if (bw != 0.0) {
        const double a = atan2(py, px);
        const double t = w * (0.2 * bw * fr_flame_u01(rng) + 1.0);
        double s, c;
        fr_flame_sincos(a, &s, &c);
        f->p0 += t * c;
        f->p1 += t * s;
    }
}

/* hypertile: the Mobius map (t + z0) / (conj(z0) t + 1) of the {p, q}
 * hyperbolic tiling, z0 = r e^(i n 2 pi / p) (conj: Ember's signs). */
FR_HD void fr_var_hypertile(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double re = x->ht_re, im = x->ht_im;
    const double a = f->tx + re, b = f->ty - im;
    const double c = re * f->tx - im * f->ty + 1.0, d = re * f->ty + im * f->tx;
    const double vr = w / (c * c + d * d);
    f->p0 += vr * (a * c + b * d);
    f->p1 += vr * (b * c - a * d);
}

/* hypertile2: the same map with z0 = r real, turned by k 2 pi / p, k a
 * whole draw in 0 .. 32766 (Ember's Crand). */
FR_HD void fr_var_hypertile2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double r = x->ht2_r;
    const double a = f->tx + r, b = f->ty;
    const double c = r * f->tx + 1.0, d = r * f->ty;
    const double px = a * c + b * d, py = b * c - a * d;
    const double vr = w / fr_flame_zeps(c * c + d * d);
    double s, co;
    fr_flame_sincos(floor(fr_flame_u01(rng) * 32767.0) * x->ht2_pa, &s, &co);
    f->p0 += vr * (px * co + py * s);
    f->p1 += vr * (py * co - px * s);
}

/* shredlin: each axis cut into strips xdistance apart, each strip narrowed
 * to xwidth of it about its middle (Ember's trunc-based strips); z by w. */
FR_HD void fr_var_shredlin(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double xd = p[FR_PL_SHREDLIN_XDISTANCE], xw = p[FR_PL_SHREDLIN_XWIDTH];
    const double yd = p[FR_PL_SHREDLIN_YDISTANCE], yw = p[FR_PL_SHREDLIN_YWIDTH];
    const double xr = f->tx / xd, yr = f->ty / yd;
    const double xi = (double)fr_flame_d2i(xr), yi = (double)fr_flame_d2i(yr);
    f->p0 += w * xd * ((xr - xi) * xw + xi + (0.5 - (f->tx < 0.0)) * (1.0 - xw));
    f->p1 += w * yd * ((yr - yi) * yw + yi + (0.5 - (f->ty < 0.0)) * (1.0 - yw));
    f->p2 += w * f->tz;
}

/* barycentroid: the point's barycentric coordinates (u, v) in the basis
 * (a, b), (c, d), each combined with the point's: sign(u) sqrt(u^2 + x^2),
 * sign(v) sqrt(v^2 + y^2); z by w. */
FR_HD void fr_var_barycentroid(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double a = p[FR_PL_BARYCENTROID_A], b = p[FR_PL_BARYCENTROID_B];
    const double c = p[FR_PL_BARYCENTROID_C], d = p[FR_PL_BARYCENTROID_D];
    const double d00 = a * a + b * b, d01 = a * c + b * d, d02 = a * f->tx + b * f->ty;
    const double d11 = c * c + d * d, d12 = c * f->tx + d * f->ty;
    const double inv = 1.0 / fr_flame_zeps(d00 * d11 - d01 * d01);
    const double u = (d11 * d02 - d01 * d12) * inv, v = (d00 * d12 - d01 * d02) * inv;
    const double su = u < 0.0 ? -1.0 : u > 0.0 ? 1.0 : 0.0, sv = v < 0.0 ? -1.0 : v > 0.0 ? 1.0 : 0.0;
    f->p0 += w * (sqrt(u * u + f->tx * f->tx) * su);
    f->p1 += w * (sqrt(v * v + f->ty * f->ty) * sv);
    f->p2 += w * f->tz;
}

/* glynnia (Ember's flam3-compatible form): outside the unit circle a
 * square root or an inversion of it, inside their mirror images, each by
 * half a draw. */
FR_HD void fr_var_glynnia(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double v2 = w * (sqrt(2.0) / 2.0);
    const double r = f->r;
    const int pick = fr_flame_u01(rng) > 0.5;
    if (r > 1.0) {
        if (pick) {
            const double d = sqrt(r + f->tx);
            f->p0 += v2 * d;
            f->p1 += -(v2 / d * f->ty);
        } else {
            const double d = r + f->tx;
            const double q = w / sqrt(r * (f->ty * f->ty + d * d));
            f->p0 += q * d;
            f->p1 += q * f->ty;
        }
    } else if (pick) {
        const double d = fr_flame_zeps(sqrt(r + f->tx));
        f->p0 += -(v2 * d);
        f->p1 += -(v2 / d * f->ty);
    } else {
        const double d = r + f->tx;
        const double q = w / fr_flame_zeps(sqrt(r * (f->ty * f->ty + d * d)));
        f->p0 += -(q * d);
        f->p1 += q * f->ty;
    }
}

/* y: the point's angle kept, its radius total^2 w / r, total the sum of
 * four shapes' radii at that angle: a hypergon (n sides, radius r), a star
 * (n points, slope), a lituus (|a / pi + 1|^-a) and a superformula
 * (m, n1, n2, n3), each weighted by its parameter (0: left out). */
FR_HD void fr_var_y(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double a = f->atan_yx;
    double total = 0.0, s, c;
    if (p[FR_PL_Y_HYPERGON] != 0.0) {
        const double hn = p[FR_PL_Y_HYPERGON_N], hr = p[FR_PL_Y_HYPERGON_R];
        const double t1 = fmod(fabs(a), 2.0 * M_PI / hn) - M_PI / hn;
        const double t = tan(t1), t2 = t * t + 1.0;
        const double hd = sqrt(1.0 + hr * hr), hd2 = hd * hd;
        total += t2 >= hd2 ? p[FR_PL_Y_HYPERGON] : p[FR_PL_Y_HYPERGON] * (hd - sqrt(hd2 - t2)) / sqrt(t2);
    }
    if (p[FR_PL_Y_STAR] != 0.0) {
        const double sn = p[FR_PL_Y_STAR_N], sl = p[FR_PL_Y_STAR_SLOPE];
        const double ts = fabs(sl - M_PI_2) <= 1e-6 ? tan(sl - 0.05) : tan(sl); /* Ember's: tan(pi / 2) is none */
        const double t1 = tan(fabs(fmod(fabs(a), 2.0 * M_PI / sn) - M_PI / sn));
        total += p[FR_PL_Y_STAR] * sqrt(ts * ts * (1.0 + t1 * t1) / ((t1 + ts) * (t1 + ts)));
    }
    if (p[FR_PL_Y_LITUUS] != 0.0)
        total += p[FR_PL_Y_LITUUS] * pow(fabs(a / M_PI + 1.0), -p[FR_PL_Y_LITUUS_A]);
    if (p[FR_PL_Y_SUPER] != 0.0) {
        fr_flame_sincos(a * (p[FR_PL_Y_SUPER_M] / 4.0), &s, &c);
        total += p[FR_PL_Y_SUPER] * pow(pow(fabs(c), p[FR_PL_Y_SUPER_N2]) + pow(fabs(s), p[FR_PL_Y_SUPER_N3]),
                                       -1.0 / fr_flame_zeps(p[FR_PL_Y_SUPER_N1]));
    }
    const double r = w * (total * total) / f->r;
    fr_flame_sincos(a, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
}

#endif
