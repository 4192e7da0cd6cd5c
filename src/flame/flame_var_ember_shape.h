/*
 * flame_var_ember_shape.h - Apophysis plugins and 3D-hack variations that
 * reshape or turn the point, with Ember's semantics (see flame_var_ember.h):
 * foci_3D, unpolar, epispiral, rotate_x, rotate_y, rotate_z, mirror_x,
 * curl3D, zcone, pow_block, wdisc.
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
FR_HD_RARE void fr_var_foci3d(fr_flame_vctx *f, double w)
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
FR_HD_RARE void fr_var_unpolar(fr_flame_vctx *f, double w)
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
FR_HD_RARE void fr_var_epispiral(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = x->param;
    const double th = f->atan_yx;
    const double tw = p[FR_P_EPISPIRAL_THICKNESS] * w;
    const double t = (tw == 0.0 ? w : tw * fr_flame_u01(rng)) / cos(p[FR_P_EPISPIRAL_N] * th) - p[FR_P_EPISPIRAL_HOLES] * w;
    if (fabs(t) != 0.0) {
        double s, c;
        fr_flame_sincos(th, &s, &c);
        f->p0 += t * c;
        f->p1 += t * s;
    }
}

/* rotate_x: a turn of w quarter turns about the x axis (the weight is the
 * angle, the point is not scaled). */
FR_HD_RARE void fr_var_rotate_x(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(w * M_PI_2, &s, &c);
    const double z = c * f->tz - s * f->ty;
    f->p0 = f->tx;
    f->p1 += s * f->tz + c * f->ty;
    f->p2 += z;
}

/* rotate_y: the same about the y axis. */
FR_HD_RARE void fr_var_rotate_y(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(w * M_PI_2, &s, &c);
    f->p0 += c * f->tx - s * f->tz;
    f->p1 = f->ty;
    f->p2 += s * f->tx + c * f->tz;
}

/* rotate_z: the same about the z axis. */
FR_HD_RARE void fr_var_rotate_z(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(w * M_PI_2, &s, &c);
    f->p0 += s * f->ty + c * f->tx;
    f->p1 += c * f->ty - s * f->tx;
    f->p2 = f->tz;
}

/* mirror_x: x made +-|x| by a random bit (set: -), y and z kept; the weight
 * is unused. */
FR_HD_RARE void fr_var_mirror_x(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    (void)w;
    const double ax = fabs(f->tx);
    f->p0 = fr_flame_rng_bit(rng) ? -ax : ax;
    f->p1 = f->ty;
    f->p2 = f->tz;
}

/* curl3D: flam3's curl in 3D, (p + c |p|^2) / (|c|^2 |p|^2 + 2 c.p' + 1)
 * with p' = (x, -y, z), as Ember. */
FR_HD_RARE void fr_var_curl3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double cx = x->param[FR_P_CURL3D_CX], cy = x->param[FR_P_CURL3D_CY], cz = x->param[FR_P_CURL3D_CZ];
    const double r2 = f->r2 + f->tz * f->tz;
    const double c2 = cx * cx + cy * cy + cz * cz;
    const double r = w / fr_flame_zeps(r2 * c2 + 2.0 * cx * f->tx - 2.0 * cy * f->ty + 2.0 * cz * f->tz + 1.0);
    f->p0 += r * (f->tx + cx * r2);
    f->p1 += r * (f->ty - cy * r2);
    f->p2 += r * (f->tz + cz * r2);
}

/* zcone: z becomes w |(x, y)|; x and y add nothing (Ember's regular form;
 * its pre_ / post_ forms keep them, here they give 0). */
FR_HD_RARE void fr_var_zcone(fr_flame_vctx *f, double w) { f->p2 += w * f->r; }

/* pow_block: r^(numerator / (denominator correctn / correctd)) w at the
 * angle (theta + root 2 pi k) numerator / denominator, k a draw in
 * 0 .. denominator - 1. */
FR_HD_RARE void fr_var_pow_block(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = x->param;
    const double num = p[FR_P_POW_BLOCK_NUMERATOR], den = p[FR_P_POW_BLOCK_DENOMINATOR];
    const double power = num / fr_flame_zeps(den * p[FR_P_POW_BLOCK_CORRECTN] * (1.0 / p[FR_P_POW_BLOCK_CORRECTD]));
    const double r = pow(f->r2, power * 0.5) * w;
    const double zd = fr_flame_zeps(den);
    const double a = (f->atan_yx / zd + p[FR_P_POW_BLOCK_ROOT] * 2.0 * M_PI * floor(fr_flame_u01(rng) * den) / zd) * num;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += r * c;
    f->p1 += r * s;
}

/* wdisc: the angle theta / pi as the radius, pi / (r + 1) (or pi less it
 * for theta > 0) as the angle. */
FR_HD_RARE void fr_var_wdisc(fr_flame_vctx *f, double w)
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

#endif
