/*
 * flame_var_apo.h - variations 41 to 81 (arch .. waves2): those flam3 3.1.1
 * took from Apophysis and its plugin pack, as flam3 computes them. Some of
 * them (arch, rays, blade, secant2, twintrian, loonie, scry, whorl) use the
 * variation weight inside the formula, not only as a factor; that is
 * flam3's definition and is kept.
 */
#ifndef FR_FLAME_VAR_APO_H
#define FR_FLAME_VAR_APO_H

#include "flame/flame_var_common.h"

/* One draw. */
FR_HD void fr_var_arch(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double a = fr_flame_u01(rng) * w * M_PI;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += w * s;
    f->p1 += w * (s * s) / c;
}

FR_HD void fr_var_tangent(fr_flame_vctx *f, double w)
{
    f->p0 += w * sin(f->tx) / cos(f->ty);
    f->p1 += w * tan(f->ty);
}

/* Two draws: x, then y. */
FR_HD void fr_var_square(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    f->p0 += w * (fr_flame_u01(rng) - 0.5);
    f->p1 += w * (fr_flame_u01(rng) - 0.5);
}

/* One draw. */
FR_HD void fr_var_rays(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double a = w * fr_flame_u01(rng) * M_PI;
    double r = w / (f->r2 + FR_FLAME_EPS);
    double k = w * tan(a) * r;
    f->p0 += k * cos(f->tx);
    f->p1 += k * sin(f->ty);
}

/* One draw. */
FR_HD void fr_var_blade(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double r = fr_flame_u01(rng) * w * f->r;
    double s, c;
    fr_flame_sincos(r, &s, &c);
    f->p0 += w * f->tx * (c + s);
    f->p1 += w * f->tx * (c - s);
}

FR_HD void fr_var_secant2(fr_flame_vctx *f, double w)
{
    double cr = cos(w * f->r);
    double icr = 1.0 / cr;
    f->p0 += w * f->tx;
    if (cr < 0)
        f->p1 += w * (icr + 1);
    else
        f->p1 += w * (icr - 1);
}

/* One draw; a bad log10 is replaced by -30 as in flam3. */
FR_HD void fr_var_twintrian(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double r = fr_flame_u01(rng) * w * f->r;
    double s, c;
    fr_flame_sincos(r, &s, &c);
    double diff = log10(s * s) + c;
    if (fr_flame_bad(diff))
        diff = -30.0;
    f->p0 += w * f->tx * diff;
    f->p1 += w * f->tx * (diff - s * M_PI);
}

FR_HD void fr_var_cross(fr_flame_vctx *f, double w)
{
    double s = f->tx * f->tx - f->ty * f->ty;
    double k = w * sqrt(1.0 / (s * s + FR_FLAME_EPS));
    f->p0 += f->tx * k;
    f->p1 += f->ty * k;
}

FR_HD void fr_var_disc2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double t = x->disc2_timespi * (f->tx + f->ty);
    double s, c;
    fr_flame_sincos(t, &s, &c);
    double k = w * f->atan_xy / M_PI;
    f->p0 += (s + x->disc2_cosadd) * k;
    f->p1 += (c + x->disc2_sinadd) * k;
}

/* One draw, whatever super_shape_rnd is. */
FR_HD void fr_var_super_shape(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    double theta = x->ss_pm4 * f->atan_yx + M_PI_4;
    double st, ct;
    fr_flame_sincos(theta, &st, &ct);
    double t1 = pow(fabs(ct), p[FR_PL_SUPER_SHAPE_N2]);
    double t2 = pow(fabs(st), p[FR_PL_SUPER_SHAPE_N3]);
    double rnd = p[FR_PL_SUPER_SHAPE_RND];
    double u = fr_flame_u01(rng);
    double k = w * ((rnd * u + (1.0 - rnd) * f->r) - p[FR_PL_SUPER_SHAPE_HOLES]) *
               pow(t1 + t2, x->ss_pneg1_n1) / f->r;
    f->p0 += k * f->tx;
    f->p1 += k * f->ty;
}

/* One draw. */
FR_HD void fr_var_flower(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    double k = w * (fr_flame_u01(rng) - p[FR_PL_FLOWER_HOLES]) * cos(p[FR_PL_FLOWER_PETALS] * f->atan_yx) / f->r;
    f->p0 += k * f->tx;
    f->p1 += k * f->ty;
}

/* One draw. */
FR_HD void fr_var_conic(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    double e = p[FR_PL_CONIC_ECCENTRICITY];
    double ct = f->tx / f->r;
    double k = w * (fr_flame_u01(rng) - p[FR_PL_CONIC_HOLES]) * e / (1 + e * ct) / f->r;
    f->p0 += k * f->tx;
    f->p1 += k * f->ty;
}

/* Two draws: x, then y. */
FR_HD void fr_var_parabola(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    double s, c;
    fr_flame_sincos(f->r, &s, &c);
    f->p0 += p[FR_PL_PARABOLA_HEIGHT] * w * s * s * fr_flame_u01(rng);
    f->p1 += p[FR_PL_PARABOLA_WIDTH] * w * c * fr_flame_u01(rng);
}

FR_HD void fr_var_bent2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double bx = f->pv[FR_PL_BENT2_X], by = f->pv[FR_PL_BENT2_Y];
    double nx = f->tx, ny = f->ty;
    if (nx < 0.0)
        nx = nx * bx;
    if (ny < 0.0)
        ny = ny * by;
    f->p0 += w * nx;
    f->p1 += w * ny;
}

FR_HD void fr_var_bipolar(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double r2 = f->r2;
    double t = r2 + 1;
    double x2 = 2 * f->tx;
    double ps = -M_PI_2 * f->pv[FR_PL_BIPOLAR_SHIFT];
    double y = 0.5 * atan2(2.0 * f->ty, r2 - 1.0) + ps;
    if (y > M_PI_2)
        y = -M_PI_2 + fmod(y + M_PI_2, M_PI);
    else if (y < -M_PI_2)
        y = M_PI_2 - fmod(M_PI_2 - y, M_PI);
    f->p0 += w * 0.25 * M_2_PI * log((t + x2) / (t - x2));
    f->p1 += w * M_2_PI * y;
}

/* One draw. */
FR_HD void fr_var_boarders(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double rx = rint(f->tx), ry = rint(f->ty);
    double ox = f->tx - rx, oy = f->ty - ry;
    if (fr_flame_u01(rng) >= 0.75) {
        f->p0 += w * (ox * 0.5 + rx);
        f->p1 += w * (oy * 0.5 + ry);
    } else if (fabs(ox) >= fabs(oy)) {
        if (ox >= 0.0) {
            f->p0 += w * (ox * 0.5 + rx + 0.25);
            f->p1 += w * (oy * 0.5 + ry + 0.25 * oy / ox);
        } else {
            f->p0 += w * (ox * 0.5 + rx - 0.25);
            f->p1 += w * (oy * 0.5 + ry - 0.25 * oy / ox);
        }
    } else {
        if (oy >= 0.0) {
            f->p1 += w * (oy * 0.5 + ry + 0.25);
            f->p0 += w * (ox * 0.5 + rx + ox / oy * 0.25);
        } else {
            f->p1 += w * (oy * 0.5 + ry - 0.25);
            f->p0 += w * (ox * 0.5 + rx - ox / oy * 0.25);
        }
    }
}

FR_HD void fr_var_butterfly(fr_flame_vctx *f, double w)
{
    double wx = w * 1.3029400317411197908970256609023; /* 4 / sqrt(3 pi) */
    double y2 = f->ty * 2.0;
    double k = wx * sqrt(fabs(f->ty * f->tx) / (FR_FLAME_EPS + f->tx * f->tx + y2 * y2));
    f->p0 += k * f->tx;
    f->p1 += k * y2;
}

FR_HD void fr_var_cell(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double size = f->pv[FR_PL_CELL_SIZE];
    double inv = 1.0 / size;
    int cx = fr_flame_d2i(floor(f->tx * inv));
    int cy = fr_flame_d2i(floor(f->ty * inv));
    double dx = f->tx - (double)cx * size;
    double dy = f->ty - (double)cy * size;
    /* Interleave the cells; int arithmetic wraps as on the machines flam3
     * runs on (done in unsigned, where C defines the wrap). */
    unsigned ux = (unsigned)cx, uy = (unsigned)cy;
    ux = cx >= 0 ? 2u * ux : 0u - (2u * ux + 1u);
    uy = cy >= 0 ? 2u * uy : 0u - (2u * uy + 1u);
    cx = ux <= 2147483647u ? (int)ux : -(int)(~ux) - 1;
    cy = uy <= 2147483647u ? (int)uy : -(int)(~uy) - 1;
    f->p0 += w * (dx + (double)cx * size);
    f->p1 -= w * (dy + (double)cy * size);
}

/* One draw picks the branch. */
FR_HD void fr_var_cpow(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    double power = p[FR_PL_CPOW_POWER];
    double a = f->atan_yx;
    double lnr = 0.5 * log(f->r2);
    double va = 2.0 * M_PI / power;
    double vc = p[FR_PL_CPOW_R] / power;
    double vd = p[FR_PL_CPOW_I] / power;
    double ang = vc * a + vd * lnr + va * floor(power * fr_flame_u01(rng));
    double m = w * exp(vc * lnr - vd * a);
    double s, c;
    fr_flame_sincos(ang, &s, &c);
    f->p0 += m * c;
    f->p1 += m * s;
}

FR_HD void fr_var_curve(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double xl = p[FR_PL_CURVE_XLENGTH] * p[FR_PL_CURVE_XLENGTH];
    double yl = p[FR_PL_CURVE_YLENGTH] * p[FR_PL_CURVE_YLENGTH];
    if (xl < 1E-20)
        xl = 1E-20;
    if (yl < 1E-20)
        yl = 1E-20;
    f->p0 += w * (f->tx + p[FR_PL_CURVE_XAMP] * exp(-f->ty * f->ty / xl));
    f->p1 += w * (f->ty + p[FR_PL_CURVE_YAMP] * exp(-f->tx * f->tx / yl));
}

FR_HD void fr_var_edisc(fr_flame_vctx *f, double w)
{
    double t = f->r2 + 1.0;
    double t2 = 2.0 * f->tx;
    double r1 = sqrt(t + t2);
    double r2 = sqrt(t - t2);
    double xmax = (r1 + r2) * 0.5;
    double a1 = log(xmax + sqrt(xmax - 1.0));
    double a2 = -acos(f->tx / xmax);
    double k = w / 11.57034632;
    double snv, csv;
    fr_flame_sincos(a1, &snv, &csv);
    double snhu = sinh(a2);
    double cshu = cosh(a2);
    if (f->ty > 0.0)
        snv = -snv;
    f->p0 += k * cshu * csv;
    f->p1 += k * snhu * snv;
}

FR_HD void fr_var_elliptic(fr_flame_vctx *f, double w)
{
    double t = f->r2 + 1.0;
    double x2 = 2.0 * f->tx;
    double xmax = 0.5 * (sqrt(t + x2) + sqrt(t - x2));
    double a = f->tx / xmax;
    double b = 1.0 - a * a;
    double ssx = xmax - 1.0;
    double k = w / M_PI_2;
    if (b < 0)
        b = 0;
    else
        b = sqrt(b);
    if (ssx < 0)
        ssx = 0;
    else
        ssx = sqrt(ssx);
    f->p0 += k * atan2(a, b);
    if (f->ty > 0)
        f->p1 += k * log(xmax + ssx);
    else
        f->p1 -= k * log(xmax + ssx);
}

/* vc, vd are precomputed from escher_beta (flam3 takes its sine and
 * cosine at every call; the values are the same). */
FR_HD void fr_var_escher(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double a = f->atan_yx;
    double lnr = 0.5 * log(f->r2);
    double vc = x->escher_vc, vd = x->escher_vd;
    double m = w * exp(vc * lnr - vd * a);
    double n = vc * a + vd * lnr;
    double s, c;
    fr_flame_sincos(n, &s, &c);
    f->p0 += m * c;
    f->p1 += m * s;
}

FR_HD void fr_var_foci(fr_flame_vctx *f, double w)
{
    double ex = exp(f->tx) * 0.5;
    double enx = 0.25 / ex;
    double s, c;
    fr_flame_sincos(f->ty, &s, &c);
    double k = w / (ex + enx - c);
    f->p0 += k * (ex - enx);
    f->p1 += k * s;
}

FR_HD void fr_var_lazysusan(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double lx = p[FR_PL_LAZYSUSAN_X], ly = p[FR_PL_LAZYSUSAN_Y];
    double px = f->tx - lx;
    double py = f->ty + ly;
    double r = sqrt(px * px + py * py);
    if (r < w) {
        double a = atan2(py, px) + p[FR_PL_LAZYSUSAN_SPIN] + p[FR_PL_LAZYSUSAN_TWIST] * (w - r);
        double s, c;
        fr_flame_sincos(a, &s, &c);
        r = w * r;
        f->p0 += r * c + lx;
        f->p1 += r * s - ly;
    } else {
        r = w * (1.0 + p[FR_PL_LAZYSUSAN_SPACE] / r);
        f->p0 += r * px + lx;
        f->p1 += r * py - ly;
    }
}

FR_HD void fr_var_loonie(fr_flame_vctx *f, double w)
{
    double r2 = f->r2;
    double w2 = w * w;
    if (r2 < w2) {
        double k = w * sqrt(w2 / r2 - 1.0);
        f->p0 += k * f->tx;
        f->p1 += k * f->ty;
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* pre_blur: moves the point the other variations receive by a
 * pseudo-Gaussian step. Five draws: four for the length, then the angle. */
FR_HD void fr_var_pre_blur(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double u1 = fr_flame_u01(rng);
    double u2 = fr_flame_u01(rng);
    double u3 = fr_flame_u01(rng);
    double u4 = fr_flame_u01(rng);
    double g = w * (u1 + u2 + u3 + u4 - 2.0);
    double a = fr_flame_u01(rng) * 2.0 * M_PI;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->tx += g * c;
    f->ty += g * s;
}

FR_HD void fr_var_modulus(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double mx = f->pv[FR_PL_MODULUS_X], my = f->pv[FR_PL_MODULUS_Y];
    double xr = 2 * mx, yr = 2 * my;
    if (f->tx > mx)
        f->p0 += w * (-mx + fmod(f->tx + mx, xr));
    else if (f->tx < -mx)
        f->p0 += w * (mx - fmod(mx - f->tx, xr));
    else
        f->p0 += w * f->tx;
    if (f->ty > my)
        f->p1 += w * (-my + fmod(f->ty + my, yr));
    else if (f->ty < -my)
        f->p1 += w * (my - fmod(my - f->ty, yr));
    else
        f->p1 += w * f->ty;
}

FR_HD void fr_var_oscilloscope(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double tpf = 2 * M_PI * p[FR_PL_OSCILLOSCOPE_FREQUENCY];
    double amp = p[FR_PL_OSCILLOSCOPE_AMPLITUDE];
    double damp = p[FR_PL_OSCILLOSCOPE_DAMPING];
    double t;
    if (damp == 0.0)
        t = amp * cos(tpf * f->tx) + p[FR_PL_OSCILLOSCOPE_SEPARATION];
    else
        t = amp * exp(-fabs(f->tx) * damp) * cos(tpf * f->tx) + p[FR_PL_OSCILLOSCOPE_SEPARATION];
    f->p0 += w * f->tx;
    if (fabs(f->ty) <= t)
        f->p1 -= w * f->ty;
    else
        f->p1 += w * f->ty;
}

FR_HD void fr_var_polar2(fr_flame_vctx *f, double w)
{
    double k = w / M_PI;
    f->p0 += k * f->atan_xy;
    f->p1 += k / 2.0 * log(f->r2);
}

FR_HD void fr_var_popcorn2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double c = p[FR_PL_POPCORN2_C];
    f->p0 += w * (f->tx + p[FR_PL_POPCORN2_X] * sin(tan(f->ty * c)));
    f->p1 += w * (f->ty + p[FR_PL_POPCORN2_Y] * sin(tan(f->tx * c)));
}

FR_HD void fr_var_scry(fr_flame_vctx *f, double w)
{
    double k = 1.0 / (f->r * (f->r2 + 1.0 / (w + FR_FLAME_EPS)));
    f->p0 += f->tx * k;
    f->p1 += f->ty * k;
}

FR_HD void fr_var_separation(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double sx2 = p[FR_PL_SEPARATION_X] * p[FR_PL_SEPARATION_X];
    double sy2 = p[FR_PL_SEPARATION_Y] * p[FR_PL_SEPARATION_Y];
    double xin = p[FR_PL_SEPARATION_XINSIDE], yin = p[FR_PL_SEPARATION_YINSIDE];
    if (f->tx > 0.0)
        f->p0 += w * (sqrt(f->tx * f->tx + sx2) - f->tx * xin);
    else
        f->p0 -= w * (sqrt(f->tx * f->tx + sx2) + f->tx * xin);
    if (f->ty > 0.0)
        f->p1 += w * (sqrt(f->ty * f->ty + sy2) - f->ty * yin);
    else
        f->p1 -= w * (sqrt(f->ty * f->ty + sy2) + f->ty * yin);
}

FR_HD void fr_var_split(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    if (cos(f->tx * p[FR_PL_SPLIT_XSIZE] * M_PI) >= 0)
        f->p1 += w * f->ty;
    else
        f->p1 -= w * f->ty;
    if (cos(f->ty * p[FR_PL_SPLIT_YSIZE] * M_PI) >= 0)
        f->p0 += w * f->tx;
    else
        f->p0 -= w * f->tx;
}

FR_HD void fr_var_splits(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double sx = f->pv[FR_PL_SPLITS_X], sy = f->pv[FR_PL_SPLITS_Y];
    if (f->tx >= 0)
        f->p0 += w * (f->tx + sx);
    else
        f->p0 += w * (f->tx - sx);
    if (f->ty >= 0)
        f->p1 += w * (f->ty + sy);
    else
        f->p1 += w * (f->ty - sy);
}

FR_HD void fr_var_stripes(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double rx = floor(f->tx + 0.5);
    double ox = f->tx - rx;
    f->p0 += w * (ox * (1.0 - p[FR_PL_STRIPES_SPACE]) + rx);
    f->p1 += w * (f->ty + ox * ox * p[FR_PL_STRIPES_WARP]);
}

FR_HD void fr_var_wedge(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double angle = p[FR_PL_WEDGE_ANGLE], count = p[FR_PL_WEDGE_COUNT];
    double r = f->r;
    double a = f->atan_yx + p[FR_PL_WEDGE_SWIRL] * r;
    double c = floor((count * a + M_PI) * M_1_PI * 0.5);
    double comp = 1 - angle * count * M_1_PI * 0.5;
    a = a * comp + c * angle;
    double s, co;
    fr_flame_sincos(a, &s, &co);
    r = w * (r + p[FR_PL_WEDGE_HOLE]);
    f->p0 += r * co;
    f->p1 += r * s;
}

/* One draw picks the root. */
FR_HD void fr_var_wedge_julia(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    double r = w * pow(f->r2, x->wj_cn);
    int t = fr_flame_d2i(x->wj_rn * fr_flame_u01(rng));
    double a = (f->atan_yx + 2 * M_PI * (double)t) / p[FR_PL_WEDGE_JULIA_POWER];
    double c = floor((p[FR_PL_WEDGE_JULIA_COUNT] * a + M_PI) * M_1_PI * 0.5);
    a = a * x->wj_cf + c * p[FR_PL_WEDGE_JULIA_ANGLE];
    double s, co;
    fr_flame_sincos(a, &s, &co);
    f->p0 += r * co;
    f->p1 += r * s;
}

FR_HD void fr_var_wedge_sph(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    double angle = p[FR_PL_WEDGE_SPH_ANGLE], count = p[FR_PL_WEDGE_SPH_COUNT];
    double r = 1.0 / (f->r + FR_FLAME_EPS);
    double a = f->atan_yx + p[FR_PL_WEDGE_SPH_SWIRL] * r;
    double c = floor((count * a + M_PI) * M_1_PI * 0.5);
    double comp = 1 - angle * count * M_1_PI * 0.5;
    a = a * comp + c * angle;
    double s, co;
    fr_flame_sincos(a, &s, &co);
    r = w * (r + p[FR_PL_WEDGE_SPH_HOLE]);
    f->p0 += r * co;
    f->p1 += r * s;
}

FR_HD void fr_var_whorl(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double r = f->r;
    double a;
    if (r < w)
        a = f->atan_yx + f->pv[FR_PL_WHORL_INSIDE] / (w - r);
    else
        a = f->atan_yx + f->pv[FR_PL_WHORL_OUTSIDE] / (w - r);
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += w * r * c;
    f->p1 += w * r * s;
}

FR_HD void fr_var_waves2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    f->p0 += w * (f->tx + p[FR_PL_WAVES2_SCALEX] * sin(f->ty * p[FR_PL_WAVES2_FREQX]));
    f->p1 += w * (f->ty + p[FR_PL_WAVES2_SCALEY] * sin(f->tx * p[FR_PL_WAVES2_FREQY]));
    /* Ember's z (flam3 genomes: z and waves2_scalez 0, so nothing) */
    const double sz = p[FR_PL_WAVES2_SCALEZ];
    f->p2 += w * (f->tz + (sz != 0.0 ? sz * sin(sqrt(f->tx * f->tx + f->ty * f->ty) * p[FR_PL_WAVES2_FREQZ]) : 0.0));
}

#endif
