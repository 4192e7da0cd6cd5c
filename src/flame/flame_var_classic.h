/*
 * flame_var_classic.h - variations 0 to 22, those of Draves and Reckase's
 * "The Fractal Flame Algorithm" (linear .. fan), as flam3 3.1.1 computes
 * them: its EPS guards, its precomputed r, atan2(x, y) and x/r, y/r, and
 * the xform's affine coefficients for waves, popcorn, rings and fan.
 *
 * Each function adds w * V(tx, ty) to (f->p0, f->p1); the order of the
 * floating-point operations is flam3's, so results agree to the last bit
 * wherever the maths library does.
 */
#ifndef FR_FLAME_VAR_CLASSIC_H
#define FR_FLAME_VAR_CLASSIC_H

#include "flame/flame_var_common.h"

FR_HD void fr_var_linear(fr_flame_vctx *f, double w)
{
    f->p0 += w * f->tx;
    f->p1 += w * f->ty;
}

FR_HD void fr_var_sinusoidal(fr_flame_vctx *f, double w)
{
    f->p0 += w * sin(f->tx);
    f->p1 += w * sin(f->ty);
}

FR_HD void fr_var_spherical(fr_flame_vctx *f, double w)
{
    double k = w / (f->r2 + FR_FLAME_EPS);
    f->p0 += k * f->tx;
    f->p1 += k * f->ty;
}

FR_HD void fr_var_swirl(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->r2, &s, &c);
    double nx = s * f->tx - c * f->ty;
    double ny = c * f->tx + s * f->ty;
    f->p0 += w * nx;
    f->p1 += w * ny;
}

FR_HD void fr_var_horseshoe(fr_flame_vctx *f, double w)
{
    double k = w / (f->r + FR_FLAME_EPS);
    f->p0 += (f->tx - f->ty) * (f->tx + f->ty) * k;
    f->p1 += 2.0 * f->tx * f->ty * k;
}

FR_HD void fr_var_polar(fr_flame_vctx *f, double w)
{
    double nx = f->atan_xy * M_1_PI;
    double ny = f->r - 1.0;
    f->p0 += w * nx;
    f->p1 += w * ny;
}

FR_HD void fr_var_handkerchief(fr_flame_vctx *f, double w)
{
    double a = f->atan_xy, r = f->r;
    f->p0 += w * r * sin(a + r);
    f->p1 += w * r * cos(a - r);
}

FR_HD void fr_var_heart(fr_flame_vctx *f, double w)
{
    double a = f->r * f->atan_xy;
    double k = w * f->r;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += k * s;
    f->p1 += (-k) * c;
}

FR_HD void fr_var_disc(fr_flame_vctx *f, double w)
{
    double a = f->atan_xy * M_1_PI;
    double r = M_PI * f->r;
    double s, c;
    fr_flame_sincos(r, &s, &c);
    f->p0 += w * s * a;
    f->p1 += w * c * a;
}

FR_HD void fr_var_spiral(fr_flame_vctx *f, double w)
{
    double r = f->r + FR_FLAME_EPS;
    double k = w / r;
    double s, c;
    fr_flame_sincos(r, &s, &c);
    f->p0 += k * (f->cosa + s);
    f->p1 += k * (f->sina - c);
}

FR_HD void fr_var_hyperbolic(fr_flame_vctx *f, double w)
{
    double r = f->r + FR_FLAME_EPS;
    f->p0 += w * f->sina / r;
    f->p1 += w * f->cosa * r;
}

FR_HD void fr_var_diamond(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->r, &s, &c);
    f->p0 += w * f->sina * c;
    f->p1 += w * f->cosa * s;
}

FR_HD void fr_var_ex(fr_flame_vctx *f, double w)
{
    double a = f->atan_xy, r = f->r;
    double n0 = sin(a + r);
    double n1 = cos(a - r);
    double m0 = n0 * n0 * n0 * r;
    double m1 = n1 * n1 * n1 * r;
    f->p0 += w * (m0 + m1);
    f->p1 += w * (m0 - m1);
}

/* One random bit picks the branch of the square root. */
FR_HD void fr_var_julia(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double a = 0.5 * f->atan_xy;
    if (fr_flame_rng_bit(rng))
        a += M_PI;
    double k = w * sqrt(f->r);
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += k * c;
    f->p1 += k * s;
}

FR_HD void fr_var_bent(fr_flame_vctx *f, double w)
{
    double nx = f->tx, ny = f->ty;
    if (nx < 0.0)
        nx = nx * 2.0;
    if (ny < 0.0)
        ny = ny / 2.0;
    f->p0 += w * nx;
    f->p1 += w * ny;
}

/* Reads the xform's c[1][*]; dx2, dy2 come from c[2][*]. */
FR_HD void fr_var_waves(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double nx = f->tx + x->c[1][0] * sin(f->ty * x->waves_dx2);
    double ny = f->ty + x->c[1][1] * sin(f->tx * x->waves_dy2);
    f->p0 += w * nx;
    f->p1 += w * ny;
}

/* Note the swap: flam3's fisheye scales (ty, tx). */
FR_HD void fr_var_fisheye(fr_flame_vctx *f, double w)
{
    double k = 2 * w / (f->r + 1);
    f->p0 += k * f->ty;
    f->p1 += k * f->tx;
}

/* Reads the xform's translation c[2][*]. */
FR_HD void fr_var_popcorn(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double dx = tan(3 * f->ty);
    double dy = tan(3 * f->tx);
    double nx = f->tx + x->c[2][0] * sin(dx);
    double ny = f->ty + x->c[2][1] * sin(dy);
    f->p0 += w * nx;
    f->p1 += w * ny;
}

FR_HD void fr_var_exponential(fr_flame_vctx *f, double w)
{
    double k = w * exp(f->tx - 1.0);
    double s, c;
    fr_flame_sincos(M_PI * f->ty, &s, &c);
    f->p0 += k * c;
    f->p1 += k * s;
}

FR_HD void fr_var_power(fr_flame_vctx *f, double w)
{
    double k = w * pow(f->r, f->sina);
    f->p0 += k * f->cosa;
    f->p1 += k * f->sina;
}

FR_HD void fr_var_cosine(fr_flame_vctx *f, double w)
{
    double s, c;
    fr_flame_sincos(f->tx * M_PI, &s, &c);
    double nx = c * cosh(f->ty);
    double ny = -s * sinh(f->ty);
    f->p0 += w * nx;
    f->p1 += w * ny;
}

/* Ring width from the xform's c[2][0]. */
FR_HD void fr_var_rings(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double dx = x->c[2][0] * x->c[2][0] + FR_FLAME_EPS;
    double r = f->r;
    r = w * (fmod(r + dx, 2 * dx) - dx + r * (1 - dx));
    f->p0 += r * f->cosa;
    f->p1 += r * f->sina;
}

/* Blade width and offset from the xform's c[2][*]. */
FR_HD void fr_var_fan(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double dx = M_PI * (x->c[2][0] * x->c[2][0] + FR_FLAME_EPS);
    double dy = x->c[2][1];
    double half = 0.5 * dx;
    double a = f->atan_xy;
    double k = w * f->r;
    a += (fmod(a + dy, dx) > half) ? -half : half;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += k * c;
    f->p1 += k * s;
}

#endif
