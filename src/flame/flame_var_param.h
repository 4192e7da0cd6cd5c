/*
 * flame_var_param.h - variations 23 to 40 (blob .. rectangles): the first
 * parametric and random ones, as flam3 3.1.1 computes them, with its
 * per-xform precomputed values (perspective, julian, juliascope,
 * radial_blur) and its use of random numbers: each draw is one
 * fr_flame_u01 where flam3 calls flam3_random_isaac_01, in flam3's order.
 */
#ifndef FR_FLAME_VAR_PARAM_H
#define FR_FLAME_VAR_PARAM_H

#include "flame/flame_var_common.h"
#include "flame/flame_var_ember.h"

FR_HD void fr_var_blob(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double low = p[FR_PL_BLOB_LOW];
    double diff = p[FR_PL_BLOB_HIGH] - low;
    double r = f->r * (low + diff * (0.5 + 0.5 * sin(p[FR_PL_BLOB_WAVES] * f->atan_xy)));
    f->p0 += w * f->sina * r;
    f->p1 += w * f->cosa * r;
}

FR_HD void fr_var_pdj(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double nx1 = cos(p[FR_PL_PDJ_B] * f->tx);
    double nx2 = sin(p[FR_PL_PDJ_C] * f->tx);
    double ny1 = sin(p[FR_PL_PDJ_A] * f->ty);
    double ny2 = cos(p[FR_PL_PDJ_D] * f->ty);
    f->p0 += w * (ny1 - nx1);
    f->p1 += w * (nx2 - ny2);
}

/* Like fan, with its own parameters; the remainder is taken with an int
 * truncation as flam3 does. */
FR_HD void fr_var_fan2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double fx = p[FR_PL_FAN2_X];
    double dy = p[FR_PL_FAN2_Y];
    double dx = M_PI * (fx * fx + FR_FLAME_EPS);
    double half = 0.5 * dx;
    double a = f->atan_xy;
    double k = w * f->r;
    double t = a + dy - dx * (double)fr_flame_d2i((a + dy) / dx);
    if (t > half)
        a = a - half;
    else
        a = a + half;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += k * s;
    f->p1 += k * c;
}

FR_HD void fr_var_rings2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double v = f->pv[FR_PL_RINGS2_VAL];
    double dx = v * v + FR_FLAME_EPS;
    double r = f->r;
    r += -2.0 * dx * (double)fr_flame_d2i((r + dx) * x->rings2_i2dx) + r * (1.0 - dx);
    f->p0 += w * f->sina * r;
    f->p1 += w * f->cosa * r;
}

FR_HD void fr_var_eyefish(fr_flame_vctx *f, double w)
{
    double k = (w * 2.0) / (f->r + 1.0);
    f->p0 += k * f->tx;
    f->p1 += k * f->ty;
}

/* z: Ember's, w * 2 / Zeps(denom - 1). */
FR_HD void fr_var_bubble(fr_flame_vctx *f, double w)
{
    const double denom = 0.25 * f->r2 + 1;
    double k = w / denom;
    f->p0 += k * f->tx;
    f->p1 += k * f->ty;
    if (FR_FLAME_Z_PASS) f->p2 += w * (2.0 / fr_flame_ezeps(denom - 1.0));
}

/* z: Ember's, w cos(tx). */
FR_HD void fr_var_cylinder(fr_flame_vctx *f, double w)
{
    f->p0 += w * sin(f->tx);
    f->p1 += w * f->ty;
    if (FR_FLAME_Z_PASS) f->p2 += w * cos(f->tx);
}

FR_HD void fr_var_perspective(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double dist = f->pv[FR_PL_PERSPECTIVE_DIST];
    double t = 1.0 / (dist - f->ty * x->persp_vsin);
    f->p0 += w * dist * f->tx * t;
    f->p1 += w * x->persp_vfcos * f->ty * t;
}

/* Two draws: the angle, then the radius. */
FR_HD void fr_var_noise(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double a = fr_flame_u01(rng) * 2 * M_PI;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    double k = w * fr_flame_u01(rng);
    f->p0 += f->tx * k * c;
    f->p1 += f->ty * k * s;
}

/* One draw picks the root. */
FR_HD void fr_var_julian(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    int t = fr_flame_d2i(x->julian_rn * fr_flame_u01(rng));
    double a = (f->atan_yx + 2 * M_PI * (double)t) / f->pv[FR_PL_JULIAN_POWER];
    double k = w * pow(f->r2, x->julian_cn);
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += k * c;
    f->p1 += k * s;
}

/* One draw picks the root; odd roots are mirrored (flam3's 2 pi t - atan,
 * written as 2 pi t + (-atan): the same IEEE operation, and one branch-free
 * formula the CPU's vector loops take). */
FR_HD void fr_var_juliascope(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    int t = fr_flame_d2i(x->juliascope_rn * fr_flame_u01(rng));
    double power = f->pv[FR_PL_JULIASCOPE_POWER];
    double at = (t & 1) == 0 ? f->atan_yx : -f->atan_yx;
    double a = (2 * M_PI * (double)t + at) / power;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    double k = w * pow(f->r2, x->juliascope_cn);
    f->p0 += k * c;
    f->p1 += k * s;
}

/* Two draws: the angle, then the radius. */
FR_HD void fr_var_blur(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double a = fr_flame_u01(rng) * 2 * M_PI;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    double k = w * fr_flame_u01(rng);
    f->p0 += k * c;
    f->p1 += k * s;
}

/* Five draws: the angle, then four summed for a pseudo-Gaussian radius. */
FR_HD void fr_var_gaussian_blur(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double a = fr_flame_u01(rng) * 2 * M_PI;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    double u1 = fr_flame_u01(rng);
    double u2 = fr_flame_u01(rng);
    double u3 = fr_flame_u01(rng);
    double u4 = fr_flame_u01(rng);
    double k = w * (u1 + u2 + u3 + u4 - 2.0);
    f->p0 += k * c;
    f->p1 += k * s;
}

/* Four draws summed for a pseudo-Gaussian spin and zoom. */
FR_HD void fr_var_radial_blur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double u1 = fr_flame_u01(rng);
    double u2 = fr_flame_u01(rng);
    double u3 = fr_flame_u01(rng);
    double u4 = fr_flame_u01(rng);
    double g = w * (u1 + u2 + u3 + u4 - 2.0);
    double a = f->atan_yx + x->rblur_spin * g;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    double z = x->rblur_zoom * g - 1;
    f->p0 += f->r * c + z * f->tx;
    f->p1 += f->r * s + z * f->ty;
}

/* Three draws: the slice, the angle within it, the radius. */
FR_HD void fr_var_pie(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    double slices = p[FR_PL_PIE_SLICES];
    int sl = fr_flame_d2i(fr_flame_u01(rng) * slices + 0.5);
    double a = p[FR_PL_PIE_ROTATION] +
               2.0 * M_PI * ((double)sl + fr_flame_u01(rng) * p[FR_PL_PIE_THICKNESS]) / slices;
    double k = w * fr_flame_u01(rng);
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += k * c;
    f->p1 += k * s;
}

FR_HD void fr_var_ngon(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double rf = pow(f->r2, p[FR_PL_NGON_POWER] / 2.0);
    double theta = f->atan_yx;
    double b = 2 * M_PI / p[FR_PL_NGON_SIDES];
    double phi = theta - (b * floor(theta / b));
    if (phi > b / 2)
        phi -= b;
    double amp = p[FR_PL_NGON_CORNERS] * (1.0 / (cos(phi) + FR_FLAME_EPS) - 1.0) + p[FR_PL_NGON_CIRCLE];
    amp /= (rf + FR_FLAME_EPS);
    f->p0 += w * f->tx * amp;
    f->p1 += w * f->ty * amp;
}

FR_HD void fr_var_curl(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double c1 = f->pv[FR_PL_CURL_C1], c2 = f->pv[FR_PL_CURL_C2];
    double tx = f->tx, ty = f->ty;
    double re = 1.0 + c1 * tx + c2 * (tx * tx - ty * ty);
    double im = c1 * ty + 2.0 * c2 * tx * ty;
    double k = w / (re * re + im * im);
    f->p0 += (tx * re + ty * im) * k;
    f->p1 += (ty * re - tx * im) * k;
}

/* flam3 divides by x and y; the prepared reciprocals give the same cells
 * but where t / x is within an ulp of an integer (a division is a chain of
 * dependent FP64 operations on the GPU). */
FR_HD void fr_var_rectangles(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double rx = f->pv[FR_PL_RECTANGLES_X], ry = f->pv[FR_PL_RECTANGLES_Y];
    if (rx == 0)
        f->p0 += w * f->tx;
    else
        f->p0 += w * ((2 * floor(f->tx * x->rect_ix) + 1) * rx - f->tx);
    if (ry == 0)
        f->p1 += w * f->ty;
    else
        f->p1 += w * ((2 * floor(f->ty * x->rect_iy) + 1) * ry - f->ty);
}

#endif
