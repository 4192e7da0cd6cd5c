/*
 * flame_var_ember_v01.h - the variations of Ember's Variations01.h that
 * fractalis did not have, in that file's order: swirl3, swirl3r, rays1,
 * rays2, rays3, flowerdb, oscilloscope2, scry2, exp2, tanh_spiral. Ember's
 * semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps).
 */
#ifndef FR_FLAME_VAR_EMBER_V01_H
#define FR_FLAME_VAR_EMBER_V01_H

#include "flame/flame_var_ember.h"

/* swirl3 (Zy0rg): the angle turned by shift log r. */
FR_HD void fr_var_swirl3(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double rad = f->r, ang = f->atan_yx + log(rad) * f->pv[FR_PL_SWIRL3_SHIFT];
    f->p0 += w * rad * cos(ang);
    f->p1 += w * rad * sin(ang);
}

/* swirl3r: swirl3 between the radii min and max (in either order), the
 * turn held at their values inside and outside. */
FR_HD void fr_var_swirl3r(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double rad = f->r, ang = f->atan_yx;
    double ang2;
    if (rad < x->sw3r_minr)
        ang2 = ang + x->sw3r_mina;
    else if (rad > x->sw3r_maxr)
        ang2 = ang + x->sw3r_maxa;
    else
        ang2 = ang + log(rad) * f->pv[FR_PL_SWIRL3R_SHIFT];
    f->p0 += w * rad * cos(ang2);
    f->p1 += w * rad * sin(ang2);
}

/* rays1, rays2, rays3 (JWildfire's, by Raykoid666): r^2 / t scaled by a
 * function of r; z by w. As Ember's, the regular form sets the sum's x and
 * y (those of the variations before it are lost: here of lower index). */
FR_HD void fr_var_rays1(fr_flame_vctx *f, double w)
{
    const double u = 1.0 / fr_flame_ezeps(tan(f->r)) + w * (M_2_PI * M_2_PI);
    f->p0 = w * u * f->r2 / fr_flame_ezeps(f->tx);
    f->p1 = w * u * f->r2 / fr_flame_ezeps(f->ty);
    f->p2 += w * f->tz;
}

FR_HD void fr_var_rays2(fr_flame_vctx *f, double w)
{
    const double u = 1.0 / cos(f->r2 * tan(1.0 / fr_flame_ezeps(f->r2)));
    f->p0 = (w / 10.0) * u * f->r2 / fr_flame_ezeps(f->tx);
    f->p1 = (w / 10.0) * u * f->r2 / fr_flame_ezeps(f->ty);
    f->p2 += w * f->tz;
}

FR_HD void fr_var_rays3(fr_flame_vctx *f, double w)
{
    const double sq = f->r2 * f->r2;
    const double u = 1.0 / sqrt(cos(sin(sq) * sin(1.0 / fr_flame_ezeps(sq))));
    f->p0 = (w / 10.0) * u * cos(f->r2) * f->r2 / fr_flame_ezeps(f->tx);
    f->p1 = (w / 10.0) * u * tan(f->r2) * f->r2 / fr_flame_ezeps(f->ty);
    f->p2 += w * f->tz;
}

/* flowerdb (dark-beam): a flower of `petals`, split and spread. */
FR_HD void fr_var_flowerdb(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r = w * f->r, t = f->atan_yx;
    const double r2 = r * fabs((f->pv[FR_PL_FLOWERDB_PETAL_SPREAD] + sin(f->pv[FR_PL_FLOWERDB_PETALS] * t)) *
                               cos(x->fdb_split * t));
    f->p0 += r2 * cos(t);
    f->p1 += r2 * sin(t);
}

/* oscilloscope2 (dark-beam): flam3's oscilloscope with a wave perturbed in
 * y; inside the wave the point is negated. */
FR_HD void fr_var_oscilloscope2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double pt = p[FR_PL_OSCILLOSCOPE2_PERTURBATION] * sin(x->osc2_tpf2 * f->ty);
    double t;
    if (p[FR_PL_OSCILLOSCOPE2_DAMPING] == 0.0)
        t = p[FR_PL_OSCILLOSCOPE2_AMPLITUDE] * cos(x->osc2_tpf * f->tx + pt) + p[FR_PL_OSCILLOSCOPE2_SEPARATION];
    else
        t = p[FR_PL_OSCILLOSCOPE2_AMPLITUDE] * exp(-fabs(f->tx) * p[FR_PL_OSCILLOSCOPE2_DAMPING]) *
                cos(x->osc2_tpf * f->tx + pt) +
            p[FR_PL_OSCILLOSCOPE2_SEPARATION];
    if (fabs(f->ty) <= t) {
        f->p0 += -(w * f->tx);
        f->p1 += -(w * f->ty);
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* scry2 (dark-beam, tatasz): scry's inversion folded into `power`
 * sectors, each straightened to a polygon's side. */
FR_HD void fr_var_scry2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r2 = f->r2, tp = x->scry2_tp;
    const double s = 1.0 / fr_flame_ezeps(sqrt(r2) * (r2 + 1.0));
    const double nx = f->tx * s, ny = f->ty * s;
    const double dang = (atan2(ny, nx) + M_PI) / tp;
    const double rad = sqrt(nx * nx + ny * ny);
    const double zang1 = floor(dang), xang1 = dang - zang1;
    const double xang2 = xang1 > 0.5 ? 1.0 - xang1 : xang1;
    const double zang = xang1 > 0.5 ? zang1 + 1.0 : zang1;
    const double sign = xang1 > 0.5 ? -1.0 : 1.0;
    const double xang = atan(xang2 * tan(tp * 0.5) * 2.0) / tp;
    const double coeff = 1.0 / cos(xang * tp);
    const double ang = (zang + sign * xang) * tp - M_PI;
    f->p0 += w * coeff * rad * cos(ang);
    f->p1 += w * coeff * rad * sin(ang);
}

/* exp2 (tatasz): exp(pi t), t as a complex number. */
FR_HD void fr_var_exp2(fr_flame_vctx *f, double w)
{
    const double ypi = f->ty * M_PI, expe = w * exp(f->tx * M_PI);
    f->p0 += expe * cos(ypi);
    f->p1 += expe * sin(ypi);
}

/* tanh_spiral: a point of the curve (sinh t, sin a t) / (cos a t + cosh t)
 * at a uniform t in [-pi, pi) (one draw); the point is not read. */
FR_HD void fr_var_tanh_spiral(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double a = f->pv[FR_PL_TANH_SPIRAL_A];
    const double t2 = (fr_flame_u01(rng) - 0.5) * (2.0 * M_PI);
    const double aux = fr_flame_ezeps(cos(a * t2) + cosh(t2));
    f->p0 += w * (sinh(t2) / aux);
    f->p1 += w * (sin(a * t2) / aux);
}

#endif
