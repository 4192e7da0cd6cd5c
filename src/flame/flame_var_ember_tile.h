/*
 * flame_var_ember_tile.h - Apophysis plugins that cut the plane into cells
 * or a box, with Ember's semantics (see flame_var_ember.h): bwraps, crop,
 * tile_hlp, tile_log, twoface.
 */
#ifndef FR_FLAME_VAR_EMBER_TILE_H
#define FR_FLAME_VAR_EMBER_TILE_H

#include "flame/flame_var_ember.h"

/* bwraps: a grid of cells of side cellsize, in each a bubble (radius
 * cellsize / 2 / (1 + space^2)) whose inside is magnified by gain and
 * twisted (inner_twist at its centre, outer_twist at its rim); points
 * outside the bubbles stay. z by w. */
FR_HD void fr_var_bwraps(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double cs = x->param[FR_P_BWRAPS_CELLSIZE];
    double vx = f->tx, vy = f->ty;
    if (cs != 0.0) {
        const double cx = (floor(vx / cs) + 0.5) * cs, cy = (floor(vy / cs) + 0.5) * cs;
        double lx = vx - cx, ly = vy - cy;
        if (lx * lx + ly * ly <= x->bw_r2) {
            lx *= x->bw_g2;
            ly *= x->bw_g2;
            double r = x->bw_rfactor / fr_flame_zeps((lx * lx + ly * ly) / 4.0 + 1.0);
            lx *= r;
            ly *= r;
            r = (lx * lx + ly * ly) / x->bw_r2;
            double s, c;
            fr_flame_sincos(x->param[FR_P_BWRAPS_INNER_TWIST] * (1.0 - r) + x->param[FR_P_BWRAPS_OUTER_TWIST] * r, &s, &c);
            vx = cx + c * lx + s * ly;
            vy = cy - s * lx + c * ly;
        }
    }
    f->p0 += w * vx;
    f->p1 += w * vy;
    f->p2 += w * f->tz;
}

/* crop: points outside the box [left, right] x [top, bottom] go to 0 (zero
 * set) or into a band scatter_area / 2 of the box wide along the side they
 * crossed (0: onto the side), one draw a coordinate that crossed. z by w. */
FR_HD void fr_var_crop(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double px = f->tx, py = f->ty;
    if ((px < x->crop_x0 || px > x->crop_x1 || py < x->crop_y0 || py > x->crop_y1) && x->param[FR_P_CROP_ZERO] != 0.0) {
        px = py = 0.0;
    } else {
        if (px < x->crop_x0)
            px = x->crop_x0 + fr_flame_u01(rng) * x->crop_w;
        else if (px > x->crop_x1)
            px = x->crop_x1 - fr_flame_u01(rng) * x->crop_w;
        if (py < x->crop_y0)
            py = x->crop_y0 + fr_flame_u01(rng) * x->crop_h;
        else if (py > x->crop_y1)
            py = x->crop_y1 - fr_flame_u01(rng) * x->crop_h;
    }
    f->p0 += w * px;
    f->p1 += w * py;
    f->p2 += w * f->tz;
}

/* tile_hlp: copies of the plane shifted by -+ width w along x, a point
 * jumping with a chance that grows with its distance into its tile (Ember's
 * fraction for x < 0 is x + trunc(x), as the plugin's). One draw. */
FR_HD void fr_var_tile_hlp(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double width = x->param[FR_P_TILE_HLP_WIDTH];
    const double t = f->tx / width;
    const int pos = t > 0.0;
    const double fr = pos ? t - (double)fr_flame_d2i(t) : t + (double)fr_flame_d2i(t);
    double shift = 0.0;
    if (cos(fr * M_PI) < fr_flame_u11(rng))
        shift = pos ? -width * w : width * w;
    f->p0 += w * f->tx + shift;
    f->p1 += w * f->ty;
}

/* Ember's Round: halves away from 0. */
FR_HD double fr_flame_round(double r) { return r > 0.0 ? floor(r + 0.5) : ceil(r - 0.5); }

/* tile_log: the point shifted along x by a whole number of units,
 * round(+-spread log u): a draw u, then a bit for the sign. */
FR_HD void fr_var_tile_log(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double l = log(fr_flame_u01(rng));
    const double spread = x->param[FR_P_TILE_LOG_SPREAD];
    const double t = fr_flame_round(l * (fr_flame_rng_bit(rng) ? spread : -spread));
    f->p0 += w * (f->tx + t);
    f->p1 += w * f->ty;
}

/* twoface: the half plane x > 0 inverted (spherical), the other kept. */
FR_HD void fr_var_twoface(fr_flame_vctx *f, double w)
{
    double r = w;
    if (f->tx > 0.0)
        r /= f->r2;
    f->p0 += r * f->tx;
    f->p1 += r * f->ty;
}

#endif
