/*
 * flame_var_ember_shape.h - Apophysis plugins and 3D-hack variations that
 * reshape or turn the point, with Ember's semantics (see flame_var_ember.h):
 * foci_3D, unpolar, epispiral, rotate_x, rotate_y, rotate_z, mirror_x.
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

#endif
