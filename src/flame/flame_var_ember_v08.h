/*
 * flame_var_ember_v08.h - the variations of Ember's Variations08.h that
 * fractalis did not have, in that file's order (as far as taken):
 * inkdrop, hex_modulus (gnarly was here already). Ember's semantics as in
 * flame_var_ember.h; its Zeps (fr_flame_ezeps). What Ember precomputes
 * from the parameters and the weight is worked out here in the formula,
 * in Ember's order of operations.
 */
#ifndef FR_FLAME_VAR_EMBER_V08_H
#define FR_FLAME_VAR_EMBER_V08_H

#include "flame/flame_var_ember.h"

/* Ember's sqrt(3) / 2 and sqrt(3) / 3 (its constants, to the double). */
#define FR_EMBER_SQRT3 1.7320508075688772935274463415059
#define FR_EMBER_SQRT3_2 0.86602540378443864676372317075294
#define FR_EMBER_SQRT3_3 0.57735026918962576450914878050196

/* inkdrop: the point pushed away from (x, y) so that the disc of radius
 * r about it is spread over the plane. */
FR_HD void fr_var_inkdrop(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double rr = f->pv[FR_PL_INKDROP_R];
    const double dx = f->tx - f->pv[FR_PL_INKDROP_X], dy = f->ty - f->pv[FR_PL_INKDROP_Y];
    const double d2 = dx * dx + dy * dy;
    const double adjust = sqrt(d2 + rr * rr) - sqrt(d2);
    const double bearing = atan2(dy, dx);
    f->p0 += w * (f->tx + (cos(bearing) * adjust));
    f->p1 += w * (f->ty + (sin(bearing) * adjust));
}

/* hex_modulus: the point's offset from the centre of its cell of the
 * hexagonal grid of size size (cube coordinates rounded, halves away
 * from 0, the largest rounding error dropped), scaled back by
 * w / (sqrt(3) / 2). */
FR_HD void fr_var_hex_modulus(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double hsize = FR_EMBER_SQRT3_2 / fr_flame_ezeps(f->pv[FR_PL_HEX_MODULUS_SIZE]);
    const double wp = w / FR_EMBER_SQRT3_2;
    const double X = f->tx * hsize, Y = f->ty * hsize;
    const double yover3 = Y / 3.0;
    const double cx = FR_EMBER_SQRT3_3 * X - yover3, cz = 2.0 * yover3, cy = -cx - cz;
    double rx = round(cx), ry = round(cy), rz = round(cz);
    const double dx = fabs(rx - cx), dy = fabs(ry - cy), dz = fabs(rz - cz);
    if ((dx > dy) & (dx > dz))
        rx = -ry - rz;
    else if (dy > dz)
        ry = -rx - rz;
    else
        rz = -rx - ry;
    const double fxh = FR_EMBER_SQRT3 * rx + FR_EMBER_SQRT3_2 * rz, fyh = 1.5 * rz;
    f->p0 += (X - fxh) * wp;
    f->p1 += (Y - fyh) * wp;
}

#endif
