/*
 * flame_var_ember_v09.h - the Ember variations whose Precalc rewrites
 * their own parameters (clamps them, or replaces them by Zeps or |.|):
 * MobiusN, collideoscope, wavesn, bubbleT3D, sphereblur, depth_sine2,
 * smartshape, hypercrop, Truchet_glyph, GlynnSim1, GlynnSim2,
 * CircleTrans1, Truchet (see flame_var_list_ember_v09.h). The rewriting
 * is done here in the formula, on a copy: the genome keeps the parameters
 * as written (Ember writes back the rewritten ones), and what Ember
 * precomputes from them follows in its order of operations. Ember's
 * semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps), EPS
 * (FR_EMBER_EPS), Floor (fr_flame_ember_floor), Round
 * (fr_flame_ember_round), Rand(n) (fr_flame_ember_rand_n) and
 * flam3-compatible mode (its default).
 */
#ifndef FR_FLAME_VAR_EMBER_V09_H
#define FR_FLAME_VAR_EMBER_V09_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_v02.h"
#include "flame/flame_var_ember_v03.h"
#include "flame/flame_var_ember_v05.h"
#include "flame/flame_var_ember_v07.h"

/* MobiusN: the Mobius map (A z + B) / (C z + D) between the point's
 * power-th power (radius to 4 dist / power) and a random one of its
 * floor(power) roots (one draw). Precalc: |power| < 1 is 1. */
FR_HD void fr_var_mobiusn(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double power = fabs(p[FR_PL_MOBIUSN_POWER]) < 1 ? 1.0 : p[FR_PL_MOBIUSN_POWER];
    double z = 4 * p[FR_PL_MOBIUSN_DIST] / power;
    double r = pow(f->r, z);
    double alpha = f->atan_yx * power;
    double px = r * cos(alpha), py = r * sin(alpha);
    const double reu = p[FR_PL_MOBIUSN_RE_A] * px - p[FR_PL_MOBIUSN_IM_A] * py + p[FR_PL_MOBIUSN_RE_B];
    const double imu = p[FR_PL_MOBIUSN_RE_A] * py + p[FR_PL_MOBIUSN_IM_A] * px + p[FR_PL_MOBIUSN_IM_B];
    const double rev = p[FR_PL_MOBIUSN_RE_C] * px - p[FR_PL_MOBIUSN_IM_C] * py + p[FR_PL_MOBIUSN_RE_D];
    const double imv = p[FR_PL_MOBIUSN_RE_C] * py + p[FR_PL_MOBIUSN_IM_C] * px + p[FR_PL_MOBIUSN_IM_D];
    const double radv = rev * rev + imv * imv;
    px = (reu * rev + imu * imv) / radv;
    py = (imu * rev - reu * imv) / radv;
    z = 1 / z;
    r = pow(sqrt(px * px + py * py), z);
    const double n = fr_flame_ember_floor(power * fr_flame_u01(rng));
    alpha = (atan2(py, px) + n * (2 * M_PI)) / fr_flame_ember_floor(power);
    f->p0 += w * r * cos(alpha);
    f->p1 += w * r * sin(alpha);
}

/* collideoscope: the angle folded into num mirrored sectors, turned by
 * pi a / num. Precalc: num Zeps'd. */
FR_HD void fr_var_collideoscope(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double num = fr_flame_ezeps(f->pv[FR_PL_COLLIDEOSCOPE_NUM]);
    const double knpi = num * M_1_PI, pikn = M_PI / num;
    const double kakn = M_PI * f->pv[FR_PL_COLLIDEOSCOPE_A] / num;
    double a = f->atan_yx;
    const double r = w * f->r;
    if (a >= 0) {
        const int alt = fr_flame_d2i(a * knpi);
        a = alt * pikn + fmod((alt & 1) == 0 ? kakn + a : -kakn + a, pikn);
    } else {
        const int alt = fr_flame_d2i(-a * knpi);
        a = -(alt * pikn + fmod((alt & 1) == 1 ? -kakn - a : kakn - a, pikn));
    }
    f->p0 += r * cos(a);
    f->p1 += r * sin(a);
}

/* wavesn: a random one of the point's |power| power-th roots (one draw:
 * Ember's Rand(|power| truncated)) waved in x and y by the other's sine
 * (the weight applied twice: Ember's). Precalc: power 0 is 2. */
FR_HD void fr_var_wavesn(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double power = p[FR_PL_WAVESN_POWER] == 0 ? 2.0 : p[FR_PL_WAVESN_POWER];
    const double absn = fr_flame_d2i(fabs(power)), cn = 1 / power / 2;
    const double angle = (f->atan_yx + 2 * M_PI * fr_flame_ember_rand_n(rng, absn)) / power;
    const double r = w * pow(f->r2, cn);
    const double xn = r * cos(angle), yn = r * sin(angle);
    const double siny = sin(p[FR_PL_WAVESN_FREQX] * yn), sinx = sin(p[FR_PL_WAVESN_FREQY] * xn);
    f->p0 += w * (xn + 0.5 * (p[FR_PL_WAVESN_SCALEX] * siny + fabs(xn) * p[FR_PL_WAVESN_INCX] * siny));
    f->p1 += w * (yn + 0.5 * (p[FR_PL_WAVESN_SCALEY] * sinx + fabs(yn) * p[FR_PL_WAVESN_INCY] * sinx));
}

/* (x, y) turned by the angle of sine s, cosine c. */
FR_HD void fr_flame_turn(double s, double c, double *x, double *y)
{
    const double t = c * *x - s * *y;
    *y = s * *x + c * *y;
    *x = t;
}

/* The bound on bubbleT3D's reduction of the angle to a stripe pair (as
 * nBlur's loops): Ember's takes number_of_stripes steps at most. */
#define FR_BUBBLET3D_MAX_STEPS 4096

/* bubbleT3D: the point onto a bubble (z from exponentZ), cut in
 * number_of_stripes stripes (negative: inverted) of ratio ratio_of_stripes,
 * with a hole of angle_of_hole degrees at the top (symmetryZ: at both
 * poles); modusBlur turns the cut parts instead of dropping them.
 * Precalc: ratio_of_stripes clamped to [0.01, 1.99] (where there are
 * stripes), the hole's angle to [0, 179.9] with symmetryZ 1. */
FR_HD void fr_var_bubblet3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double nstripes = p[FR_PL_BUBBLET3D_NUMBER_OF_STRIPES], hole = p[FR_PL_BUBBLET3D_ANGLE_OF_HOLE];
    const double expz = p[FR_PL_BUBBLET3D_EXPONENTZ], symz = p[FR_PL_BUBBLET3D_SYMMETRYZ];
    const double blur = p[FR_PL_BUBBLET3D_MODUSBLUR];
    /* Ember's Precalc */
    const int invstripes = nstripes < 0;
    const double absn = invstripes ? fabs(nstripes) : nstripes;
    double ratio = p[FR_PL_BUBBLET3D_RATIO_OF_STRIPES], angstrip = 0, angstrip1 = 0, angstrip2 = 0, s = 0,
           c = 0;
    if (absn != 0) {
        angstrip = M_PI / absn;
        angstrip2 = 2 * angstrip;
        s = sin(angstrip);
        c = cos(angstrip);
        ratio = fr_flame_ember_clamp(ratio, 0.01, 1.99);
        angstrip1 = fr_flame_ezeps(ratio * angstrip);
    }
    double holetemp = hole;
    if (symz == 1) holetemp = hole < 0 ? fabs(hole) : (hole > 179.9 ? 179.9 : hole);
    const int invhole = holetemp < 0;
    if (invhole)
        holetemp = (fabs(hole) / 360 * (2 * M_PI)) / 2;
    else
        holetemp = M_PI - (holetemp / 360 * (2 * M_PI)) / 2;
    const double anghc = M_PI - holetemp;
    /* Ember's Func */
    double px = f->tx, py = f->ty, pz = f->tz, angz;
    const double rad = fr_flame_ezeps(f->r2 / 4 + 1);
    double angxy = f->atan_xy;
    if (angxy < 0) angxy += 2 * M_PI;
    if (absn != 0) {
        for (int k = 0; angxy > angstrip2 && k < FR_BUBBLET3D_MAX_STEPS; k++)
            angxy -= angstrip2;
        const int cut = invstripes ? angxy < angstrip1 : angxy > angstrip1;
        if (cut && blur == 0) {
            px = py = 0;
        } else if (cut) {
            if (invstripes ? absn == 1 : ratio == 1) {
                fr_flame_turn(s, c, &px, &py);
            } else {
                double angrot;
                if (invstripes) {
                    angrot = (angxy - angstrip1) / angstrip1;
                    angrot = angxy - angrot * (angstrip2 - angstrip1);
                } else {
                    angrot = (angxy - angstrip1) / fr_flame_ezeps(angstrip2 - angstrip1);
                    angrot = angxy - angrot * angstrip1;
                }
                fr_flame_turn(sin(angrot), cos(angrot), &px, &py);
            }
        }
    }
    px = px / rad;
    py = py / rad;
    if ((px != 0) || (py != 0)) {
        pz = 2 / pow(rad, expz) - 1;
        if (expz <= 2) {
            angz = M_PI - acos(pz / (px * px + py * py + pz * pz));
        } else {
            const double q = px * px + py * py;
            angz = M_PI - atan2(q * q, pz);
        }
    } else {
        pz = 0;
        angz = 0;
    }
    int cut;
    double angtmp = 0;
    if (symz == 0) {
        cut = invhole ? angz < holetemp : angz > holetemp;
        if (cut && !(blur == 0 || expz != 1)) {
            if (invhole)
                angtmp = M_PI - angz / fr_flame_ezeps(anghc * holetemp - M_PI_2);
            else
                angtmp = (M_PI - angz) / fr_flame_ezeps(anghc * holetemp - M_PI_2);
        }
    } else {
        cut = (angz > holetemp) || (angz < (M_PI - holetemp));
        if (cut && !(blur == 0 || expz != 1)) {
            if (angz > holetemp)
                angtmp = (M_PI - angz) / anghc * (M_PI - 2 * anghc) + anghc - M_PI_2;
            else
                angtmp = M_PI_2 - (angz / anghc * (M_PI - 2 * anghc) + anghc);
        }
    }
    if (cut) {
        if (blur == 0 || expz != 1) {
            px = py = pz = 0;
        } else {
            angz -= M_PI_2;
            const double fac = cos(angtmp) / cos(angz);
            px *= fac;
            py *= fac;
            pz *= (sin(angtmp) / sin(angz));
        }
    }
    f->p0 += w * px;
    f->p1 += w * py;
    f->p2 += w * pz;
}

/* sphereblur: a random point of the ball (three draws: azimuth, polar
 * angle, radius shaped by power). Precalc: power below 0 is 0. */
FR_HD void fr_var_sphereblur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = f->pv[FR_PL_SPHEREBLUR_POWER] < 0 ? 0.0 : f->pv[FR_PL_SPHEREBLUR_POWER];
    const double ang = fr_flame_u01(rng) * (2 * M_PI);
    const double angz = acos(fr_flame_u01(rng) * 2 - 1);
    const double u = fr_flame_u01(rng);
    const double r = w * exp(log(acos((power == 1.0 ? u : exp(log(u) * power)) * 2 - 1) / M_PI) / 1.5);
    const double sz = sin(angz);
    f->p0 += r * cos(ang) * sz;
    f->p1 += r * sin(ang) * sz;
    f->p2 += r * cos(angz);
}

/* depth_sine2: depth_sine about (x0, y0), scaled by 1 / mulx, 1 / muly,
 * the distance past radius to the power exp. Precalc: power below 0 (or
 * NaN) is 0. */
FR_HD void fr_var_depth_sine2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double power = 0 < p[FR_PL_DEPTH_SINE2_POWER] ? p[FR_PL_DEPTH_SINE2_POWER] : 0.0;
    const double radius = p[FR_PL_DEPTH_SINE2_RADIUS];
    const double dx = (f->tx - p[FR_PL_DEPTH_SINE2_X0]) / fr_flame_ezeps(p[FR_PL_DEPTH_SINE2_MULX]);
    const double dy = (f->ty - p[FR_PL_DEPTH_SINE2_Y0]) / fr_flame_ezeps(p[FR_PL_DEPTH_SINE2_MULY]);
    const double rad = sqrt(dx * dx + dy * dy);
    double bx = 0, by = 0;
    if (rad > radius)
        fr_flame_depth_sine(power, p[FR_PL_DEPTH_SINE2_BLUR] / 10,
                            exp(log(rad - radius) * p[FR_PL_DEPTH_SINE2_EXP]), &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* smartshape: the plane pulled onto a regular power-gon (distortion),
 * its corners rounded (roundstr, roundwidth), compensation spreading the
 * angle evenly. Precalc: power below 2 is 2. */
FR_HD void fr_var_smartshape(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double power = p[FR_PL_SMARTSHAPE_POWER] < 2 ? 2.0 : p[FR_PL_SMARTSHAPE_POWER];
    const double roundstr = p[FR_PL_SMARTSHAPE_ROUNDSTR], roundwidth = p[FR_PL_SMARTSHAPE_ROUNDWIDTH];
    const double distortion = p[FR_PL_SMARTSHAPE_DISTORTION];
    const double alpha = (2 * M_PI) / power, alphacoeff = tan(alpha * 0.5) * 2;
    const double roundcoeff = roundstr / sin(alpha * 0.5) / power * 2;
    const int comp = !(p[FR_PL_SMARTSHAPE_COMPENSATION] <= 0);
    const double dang = (f->atan_yx + M_PI) / alpha;
    const double zang1 = fr_flame_ember_floor(dang), xang1 = dang - zang1;
    const double xang2 = xang1 > 0.5 ? 1 - xang1 : xang1, zang = xang1 > 0.5 ? zang1 + 1 : zang1;
    const double sign = xang1 > 0.5 ? -1.0 : 1.0;
    const double xang = comp && distortion >= 1 ? atan(xang2 * alphacoeff) / alpha : xang2;
    double coeff1 = 1;
    if (distortion != 0) {
        const double coeff0 = 1 / cos(xang * alpha);
        if (roundstr != 0) {
            const double wwidth =
                roundwidth != 1 ? exp(log(xang * 2) * roundwidth) * roundcoeff : xang * 2 * roundcoeff;
            coeff1 = fabs((1 - wwidth) * coeff0 + wwidth);
        } else
            coeff1 = coeff0;
    }
    const double coeff = distortion != 1 ? exp(log(coeff1) * distortion) : coeff1;
    const double ang = (zang + sign * xang) * alpha - M_PI;
    const double temp = w * coeff * f->r;
    f->p0 += cos(ang) * temp;
    f->p1 += sin(ang) * temp;
}

/* hypercrop: the discs about the corners of a regular n-gon's hyperbolic
 * tiling cut out: a point in one goes to its centre (zero > 1.5), to 0
 * (zero > 0.5) or to its edge, with z 0. Precalc: n Zeps'd. */
FR_HD void fr_var_hypercrop(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double n = fr_flame_ezeps(f->pv[FR_PL_HYPERCROP_N]), zero = f->pv[FR_PL_HYPERCROP_ZERO];
    const double coeff = fr_flame_ezeps(n * 0.5 / M_PI), a0 = M_PI / n;
    const double len = 1 / fr_flame_ezeps(cos(a0)), d = f->pv[FR_PL_HYPERCROP_RAD] * sin(a0) * len;
    double fx = f->tx, fy = f->ty, fz = f->tz;
    const double angle = fr_flame_ember_floor(f->atan_yx * coeff) / coeff + a0;
    const double x0 = cos(angle) * len, y0 = sin(angle) * len;
    const double dx = f->tx - x0, dy = f->ty - y0;
    if (sqrt(dx * dx + dy * dy) < d) {
        fz = 0;
        if (zero > 1.5) {
            fx = x0;
            fy = y0;
        } else if (zero > 0.5) {
            fx = fy = 0;
        } else {
            const double rangle = atan2(dy, dx);
            fx = x0 + cos(rangle) * d;
            fy = y0 + sin(rangle) * d;
        }
    }
    f->p0 += fx * w;
    f->p1 += fy * w;
    f->p2 += fz * w;
}

/* Truchet_glyph: Truchet_fill's arcs (the tile's turn from HashShadertoy
 * of the cell by seed; 0, 1: none, all) inside a square of side amp max
 * turned by angle about each amp cell's centre, the point elsewhere (the
 * weight acts only through the scale: Ember's). Precalc: exponent
 * clamped to [0.001, 2], arc_width to [0.001, 1], amp Zeps'd (after the
 * square's size is taken from it). */
FR_HD void fr_var_truchet_glyph(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double n = fr_flame_ember_clamp(p[FR_PL_TRUCHET_GLYPH_EXPONENT], 0.001, 2);
    const double width = fr_flame_ember_clamp(p[FR_PL_TRUCHET_GLYPH_ARC_WIDTH], 0.001, 1);
    const double onen = 1 / fr_flame_ezeps(n);
    const double rmax = fr_flame_truchet_rmax(onen, width);
    const double scale = 1 / w, rads = p[FR_PL_TRUCHET_GLYPH_ANGLE] * (M_PI / 180);
    const double halfampmax = p[FR_PL_TRUCHET_GLYPH_AMP] * 0.5 * p[FR_PL_TRUCHET_GLYPH_MAX];
    const double amp = fr_flame_ezeps(p[FR_PL_TRUCHET_GLYPH_AMP]), seed = p[FR_PL_TRUCHET_GLYPH_SEED];
    const double px = fr_flame_truchet_frac(f->tx * scale), py = fr_flame_truchet_frac(f->ty * scale);
    double tiletype = seed; /* 0, 1: no tile turned, all */
    if (seed != 0 && seed != 1) {
        const double xr = fr_flame_ember_floor(fabs(f->tx) + 0.5),
                     yr = fr_flame_ember_floor(fabs(f->ty) + 0.5);
        const double ri = fmod(fr_flame_hash_shadertoy(xr, yr, seed) * 32747.0 + 12345.0, 65535.0);
        tiletype = fmod(ri, 2.0);
    }
    double r0, r1;
    fr_flame_truchet_arcs(px, py, !(tiletype < 1), n, onen, &r0, &r1);
    const double cx = (px + fr_flame_ember_floor(f->tx)) * 2, cy = (py + fr_flame_ember_floor(f->ty)) * 2;
    const double xyx = fabs(r0 - 0.5) / rmax < 1 ? cx : 0, xyy = fabs(r0 - 0.5) / rmax < 1 ? cy : 0;
    const double cost = cos(rads), sint = sin(rads);
    const double vx = f->tx - (fr_flame_ember_floor(f->tx / amp) + 0.5) * amp;
    const double vy = f->ty - (fr_flame_ember_floor(f->ty / amp) + 0.5) * amp;
    const double newx = cost * vx + sint * vy, newy = -sint * vx + cost * vy;
    if (fabs(newx) + fabs(newy) < halfampmax) {
        if (fabs(r1 - 0.5) / rmax < 1) {
            f->p0 += xyx + cx - f->tx;
            f->p1 += xyy + cy - f->ty;
        } else {
            f->p0 += xyx - f->tx;
            f->p1 += xyy - f->ty;
        }
    } else {
        f->p0 += f->tx;
        f->p1 += f->ty;
    }
}

/* GlynnSim1: inside radius, and outside where the GlynnSims' pull lands
 * in the circle of radius radius1 about radius (cos phi1, sin phi1), a
 * random point of that circle's ring of thickness (two draws); elsewhere
 * the pulled point (one draw). Precalc: pow is |pow|. */
FR_HD void fr_var_glynnsim1(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double radius = p[FR_PL_GLYNNSIM1_RADIUS], radius1 = p[FR_PL_GLYNNSIM1_RADIUS1];
    const double thick = p[FR_PL_GLYNNSIM1_THICKNESS], phi1 = (M_PI / 180) * p[FR_PL_GLYNNSIM1_PHI1];
    const double x1 = radius * cos(phi1), y1 = radius * sin(phi1);
    double px, py;
    int circle = f->r < radius;
    if (!circle) {
        const double a =
            fr_flame_glynn_alpha(radius, p[FR_PL_GLYNNSIM1_CONTRAST], fabs(p[FR_PL_GLYNNSIM1_POW]), f, rng);
        px = a * f->tx;
        py = a * f->ty;
        circle = (px - x1) * (px - x1) + (py - y1) * (py - y1) < radius1 * radius1;
    }
    if (circle) {
        const double r = radius1 * (thick + (1 - thick) * fr_flame_u01(rng));
        const double phi = 2 * M_PI * fr_flame_u01(rng);
        px = r * cos(phi) + x1;
        py = r * sin(phi) + y1;
    }
    f->p0 += w * px;
    f->p1 += w * py;
}

/* GlynnSim2: inside radius a random point of the ring radius ..
 * radius + thickness between the angles phi1 and phi2 (degrees; two
 * draws); outside the GlynnSims' pull (one draw). Precalc: pow is |pow|. */
FR_HD void fr_var_glynnsim2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double radius = p[FR_PL_GLYNNSIM2_RADIUS], thick = p[FR_PL_GLYNNSIM2_THICKNESS];
    if (f->r < radius) {
        const double phi10 = M_PI * p[FR_PL_GLYNNSIM2_PHI1] / 180, phi20 = M_PI * p[FR_PL_GLYNNSIM2_PHI2] / 180;
        const double gamma = thick * (2 * radius + thick) / fr_flame_ezeps(radius + thick);
        const double r = radius + thick - gamma * fr_flame_u01(rng);
        const double phi = phi10 + (phi20 - phi10) * fr_flame_u01(rng);
        f->p0 += w * (r * cos(phi));
        f->p1 += w * (r * sin(phi));
    } else {
        const double a =
            fr_flame_glynn_alpha(radius, p[FR_PL_GLYNNSIM2_CONTRAST], fabs(p[FR_PL_GLYNNSIM2_POW]), f, rng);
        f->p0 += w * a * f->tx;
        f->p1 += w * a * f->ty;
    }
}

/* CircleTrans1: the point halved towards (X, Y); in CircleLinear's cells
 * of side 2 Sc, where it falls in a cell's disc (a cell with one: Dens),
 * a random point of a random cell's disc instead (three draws a try, at
 * most 11 tries, as CircleRand's). Precalc: Sc Zeps'd. */
FR_HD void fr_var_circletrans1(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double sc = fr_flame_ezeps(p[FR_PL_CIRCLETRANS1_SC]), dens = p[FR_PL_CIRCLETRANS1_DENS];
    const double cx = p[FR_PL_CIRCLETRANS1_X], cy = p[FR_PL_CIRCLETRANS1_Y], seed = p[FR_PL_CIRCLETRANS1_SEED];
    double ux = (f->tx - cx) * 0.5 + cx, uy = (f->ty - cy) * 0.5 + cy;
    double m = fr_flame_ember_floor(0.5 * ux / sc), n = fr_flame_ember_floor(0.5 * uy / sc);
    double px = ux - (m * 2 + 1) * sc, py = uy - (n * 2 + 1) * sc;
    const double u = sqrt(px * px + py * py);
    if (!(fr_flame_discrete_noise2(fr_flame_d2i(m + seed), fr_flame_d2i(n)) > dens ||
          u > (0.3 + 0.7 * fr_flame_discrete_noise2(fr_flame_d2i(m + 10.0), fr_flame_d2i(n + 3.0))) * sc)) {
        int iters = 0;
        do {
            px = fabs(cx) * (1 - 2 * fr_flame_u01(rng));
            py = fabs(cy) * (1 - 2 * fr_flame_u01(rng));
            m = fr_flame_ember_floor(0.5 * px / sc);
            n = fr_flame_ember_floor(0.5 * py / sc);
            const double alpha = 2 * M_PI * fr_flame_u01(rng);
            const double v =
                0.3 + 0.7 * fr_flame_discrete_noise2(fr_flame_d2i(m + 10.0), fr_flame_d2i(n + 3.0));
            px = v * cos(alpha);
            py = v * sin(alpha);
            if (++iters > 10) break;
        } while (fr_flame_discrete_noise2(fr_flame_d2i(m + seed), fr_flame_d2i(n)) > dens);
        ux = px + (m * 2 + 1) * sc;
        uy = py + (n * 2 + 1) * sc;
    }
    f->p0 += w * ux;
    f->p1 += w * uy;
}

/* Truchet: the arcs of Truchet tiles on unit cells of the point scaled
 * by (cos rotation + sin rotation) / w, each arc's points to size times
 * the cell's point (both arcs: twice); the tile's turn from seed (0, 1:
 * none, all) by Ember's hash, its compatible mode's (extended 1, the
 * default) an iteration of at most 20 steps. The weight acts only
 * through the scale (Ember's). Precalc: exponent clamped to [EPS, 2],
 * arc_width replaced by the clamped exponent clamped to [EPS, 1]
 * (Ember's: not arc_width), seed by |seed|. */
FR_HD void fr_var_truchet(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const int extended = fr_flame_d2i(p[FR_PL_TRUCHET_EXTENDED]) == 0;
    const double ex = fr_flame_ember_clamp(p[FR_PL_TRUCHET_EXPONENT], FR_EMBER_EPS, 2);
    const double arcwidth = fr_flame_ember_clamp(ex, FR_EMBER_EPS, 1), oneoverex = 1 / ex;
    double seed = fabs(p[FR_PL_TRUCHET_SEED]);
    const double seed2 = sqrt(fr_flame_ezeps(seed * 1.5)) / fr_flame_ezeps(seed * 0.5) * 0.25;
    const double oneoverrmax = 1 / (0.5 * (pow(2.0, oneoverex) - 1) * arcwidth);
    const double rot = p[FR_PL_TRUCHET_ROTATION], scale = (cos(rot) + sin(rot)) / w;
    const double size = p[FR_PL_TRUCHET_SIZE];
    const double sx = f->tx * scale, sy = f->ty * scale;
    double r = sx - fr_flame_d2i(fr_flame_ember_round(sx));
    const double px = r < 0 ? 1 + r : r;
    r = sy - fr_flame_d2i(fr_flame_ember_round(sy));
    const double py = r < 0 ? 1 + r : r;
    double tiletype = seed; /* 0, 1: no tile turned, all */
    if (seed != 0 && seed != 1) {
        double ri;
        if (extended) {
            const double xr = fr_flame_ember_round(f->tx) * seed2, yr = fr_flame_ember_round(f->ty) * seed2;
            const double niter = xr + yr + xr * yr;
            ri = (niter + seed) * seed2 * 0.5;
            ri = fmod((ri * 32747.0 + 12345.0), 65535.0);
        } else {
            const uint32_t xr = (uint32_t)fr_flame_d2i(fr_flame_ember_round(f->tx));
            const uint32_t yr = (uint32_t)fr_flame_d2i(fr_flame_ember_round(f->ty));
            const int32_t s = (int32_t)(xr + yr + xr * yr); /* wrapping as x86's */
            const double niter = s < 0 ? (double)(int32_t)(0u - (uint32_t)s) : (double)s;
            seed = fr_flame_ember_floor(seed);
            ri = seed + niter;
            for (int k = 0; k < niter && k < 20; k++)
                ri = fmod((ri * 32747.0 + 12345.0), 65535.0);
        }
        tiletype = fmod(ri, 2.0);
    }
    double r0, r1;
    fr_flame_truchet_arcs(px, py, extended ? !(tiletype < 1) : !(tiletype == 1), ex, oneoverex, &r0, &r1);
    const double ox = size * (px + fr_flame_ember_floor(f->tx)),
                 oy = size * (py + fr_flame_ember_floor(f->ty));
    double outx = 0, outy = 0;
    if (fabs(r0 - 0.5) * oneoverrmax < 1) {
        outx = ox;
        outy = oy;
    }
    if (fabs(r1 - 0.5) * oneoverrmax < 1) {
        outx += ox;
        outy += oy;
    }
    f->p0 += outx;
    f->p1 += outy;
}

#endif
