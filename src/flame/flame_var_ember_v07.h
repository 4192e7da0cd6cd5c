/*
 * flame_var_ember_v07.h - the variations of Ember's Variations07.h that
 * fractalis did not have, in that file's order (as far as taken): see
 * flame_var_list_ember_v07.h. Ember's semantics as in flame_var_ember.h;
 * its Zeps (fr_flame_ezeps), EPS (FR_EMBER_EPS), Floor (a whole number
 * through a 64-bit integer: fr_flame_ember_floor) and flam3-compatible
 * mode (its default). What Ember precomputes from the parameters (its
 * Precalc) is worked out here in the formula, in Ember's order of
 * operations.
 */
#ifndef FR_FLAME_VAR_EMBER_V07_H
#define FR_FLAME_VAR_EMBER_V07_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_v02.h"
#include "flame/flame_var_ember_v04.h"
#include "flame/flame_var_ember_v05.h"

/* Ember's Round: halves away from 0, positive values through its Floor. */
FR_HD double fr_flame_ember_round(double v)
{
    return v > 0 ? fr_flame_ember_floor(v + 0.5) : ceil(v - 0.5);
}

/* Ember's RandBit: 0 or 1, floor(2 u) of one draw. */
FR_HD double fr_flame_ember_randbit(fr_flame_rng *rng)
{
    return fr_flame_ember_rand_n(rng, 2.0);
}

/* Jacobi's elliptic functions sn, cn, dn of u for the complementary
 * parameter emmc, by Ember's descending Landen (AGM) iteration: at most
 * 8 steps, to a relative 3e-4 (Ember's accuracy). emmc 0: tanh, sech. */
FR_HD void fr_flame_jacobi_elliptic(double uu, double emmc, double *sn, double *cn, double *dn)
{
    const double ca = 0.0003;
    double a, b, c = 0, d = 1, em[13], en[13];
    double emc = emmc, u = uu;
    int l = 0;
    if (emc != 0) {
        const int bo = emc < 0;
        if (bo) {
            d = 1 - emc;
            emc = -emc / d;
            d = sqrt(d);
            u = d * u;
        }
        a = 1;
        *dn = 1;
        for (int i = 0; i < 8; i++) {
            l = i;
            em[i] = a;
            emc = sqrt(emc);
            en[i] = emc;
            c = 0.5 * (a + emc);
            if (fabs(a - emc) <= ca * a) break;
            emc = a * emc;
            a = c;
        }
        u = c * u;
        fr_flame_sincos(u, sn, cn);
        if (*sn != 0) {
            a = *cn / *sn;
            c = a * c;
            for (int ii = l; ii >= 0; --ii) {
                b = em[ii];
                a = c * a;
                c = *dn * c;
                *dn = (en[ii] + a) / (b + a);
                a = c / b;
            }
            a = 1 / sqrt(c * c + 1);
            *sn = *sn < 0 ? -a : a;
            *cn = c * *sn;
        }
        if (bo) {
            a = *dn;
            *dn = *cn;
            *cn = a;
            *sn = *sn / d;
        }
    } else {
        *cn = 1 / cosh(u);
        *dn = *cn;
        *sn = tanh(u);
    }
}

/* splits3D: each coordinate pushed away from 0 by (x, y, z). */
FR_HD void fr_var_splits3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double sx = f->pv[FR_PL_SPLITS3D_X], sy = f->pv[FR_PL_SPLITS3D_Y],
                 sz = f->pv[FR_PL_SPLITS3D_Z];
    f->p0 += f->tx >= 0 ? w * (f->tx + sx) : w * (f->tx - sx);
    f->p1 += f->ty >= 0 ? w * (f->ty + sy) : w * (f->ty - sy);
    f->p2 += f->tz >= 0 ? w * (f->tz + sz) : w * (f->tz - sz);
}

/* waves2b's wave of one coordinate: Jacobi's sn (pw in [0, 1e-4)), the
 * Bessel J1 (pw in (-1e-4, 0)), else sin of the signed power pw. */
FR_HD double fr_flame_waves2b_wave(double v, double pw, double freq, double jacok)
{
    if (pw >= 0 && pw < 1e-4) {
        double sn, cn, dn;
        fr_flame_jacobi_elliptic(v * freq, jacok, &sn, &cn, &dn);
        return sn;
    }
    if (pw < 0 && pw > -1e-4) return j1(v * freq);
    return sin((v < 0 ? -1.0 : 1.0) * pow(fr_flame_ezeps(fabs(v)), pw) * freq);
}

/* Ember's SafeDivInv: 1 / r below EPS, else q / r. */
FR_HD double fr_flame_safe_div_inv(double q, double r)
{
    return r < FR_EMBER_EPS ? 1 / r : q / r;
}

/* waves2b: waves2 with the amplitude easing from scale (at 0) to
 * scaleinf (far away) by unity / (unity + v^2), and the wave chosen by
 * pwx, pwy. */
FR_HD void fr_var_waves2b(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double unity = p[FR_PL_WAVES2B_UNITY], jacok = p[FR_PL_WAVES2B_JACOK];
    const double six = p[FR_PL_WAVES2B_SCALEX] - p[FR_PL_WAVES2B_SCALEINFX];
    const double siy = p[FR_PL_WAVES2B_SCALEY] - p[FR_PL_WAVES2B_SCALEINFY];
    const double csx = fr_flame_safe_div_inv(unity, unity + f->tx * f->tx) * six + p[FR_PL_WAVES2B_SCALEINFX];
    const double csy = fr_flame_safe_div_inv(unity, unity + f->ty * f->ty) * siy + p[FR_PL_WAVES2B_SCALEINFY];
    f->p0 +=
        w * (f->tx + csx * fr_flame_waves2b_wave(f->ty, p[FR_PL_WAVES2B_PWX], p[FR_PL_WAVES2B_FREQX], jacok));
    f->p1 +=
        w * (f->ty + csy * fr_flame_waves2b_wave(f->tx, p[FR_PL_WAVES2B_PWY], p[FR_PL_WAVES2B_FREQY], jacok));
}

/* jac_cn, jac_dn, jac_sn: Jacobi's cn, dn, sn of x + i y (parameter k),
 * by the addition formulas: numerators over sn(x)^2 sn'(y)^2 k + cn'(y)^2. */
FR_HD void fr_flame_jac(double tx, double ty, double k, int which, fr_flame_vctx *f, double w)
{
    double snx, cnx, dnx, sny, cny, dny, nx, ny;
    fr_flame_jacobi_elliptic(tx, k, &snx, &cnx, &dnx);
    fr_flame_jacobi_elliptic(ty, 1 - k, &sny, &cny, &dny);
    if (which == 0) {
        nx = cnx * cny;
        ny = -dnx * snx * dny * sny;
    } else if (which == 1) {
        nx = dnx * cny * dny;
        ny = -cnx * snx * sny * k;
    } else {
        nx = snx * dny;
        ny = cnx * dnx * cny * sny;
    }
    double denom = snx * snx * (sny * sny) * k + cny * cny;
    denom = w / fr_flame_ezeps(denom);
    f->p0 += denom * nx;
    f->p1 += denom * ny;
}

FR_HD void fr_var_jac_cn(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    fr_flame_jac(f->tx, f->ty, f->pv[FR_PL_JAC_CN_K], 0, f, w);
}

FR_HD void fr_var_jac_dn(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    fr_flame_jac(f->tx, f->ty, f->pv[FR_PL_JAC_DN_K], 1, f, w);
}

FR_HD void fr_var_jac_sn(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    fr_flame_jac(f->tx, f->ty, f->pv[FR_PL_JAC_SN_K], 2, f, w);
}

/* pressure_wave: v + sin(2 pi freq v) / (2 pi freq) in each coordinate. */
FR_HD void fr_var_pressure_wave(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double fx = f->pv[FR_PL_PRESSURE_WAVE_X_FREQ] * (2 * M_PI);
    const double fy = f->pv[FR_PL_PRESSURE_WAVE_Y_FREQ] * (2 * M_PI);
    f->p0 += w * (f->tx + (1 / fr_flame_ezeps(fx)) * sin(fx * f->tx));
    f->p1 += w * (f->ty + (1 / fr_flame_ezeps(fy)) * sin(fy * f->ty));
}

/* gamma: log |Gamma(r)|, and the angle. */
FR_HD void fr_var_gamma(fr_flame_vctx *f, double w)
{
    f->p0 += w * lgamma(f->r);
    f->p1 += w * f->atan_yx;
}

/* pRose3D: a rose of k petals (length l, phase c) in the plane, lifted in
 * z by a waggle of the radius; two draws: the side (z1 or, ghosted, z2
 * below), then the ghost (transp^2, off unless opt or opt3 is negative).
 * (Ember's petal count near 0 takes the sign of its previous Precalc: k's
 * here.) */
FR_HD void fr_var_prose3d(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double l = p[FR_PL_PROSE3D_L], k = p[FR_PL_PROSE3D_K], opt = p[FR_PL_PROSE3D_OPT];
    const double opt3 = p[FR_PL_PROSE3D_OPT3], crvsc = p[FR_PL_PROSE3D_CRVSC], wagsc = p[FR_PL_PROSE3D_WAGSC];
    const double cycle = 2 * M_PI / fr_flame_ezeps(k);
    double numpetals = k, ghost = p[FR_PL_PROSE3D_TRANSP] * p[FR_PL_PROSE3D_TRANSP];
    const double freq = p[FR_PL_PROSE3D_F] * (2 * M_PI), wigscale = p[FR_PL_PROSE3D_WIGSC] * 0.5;
    if (fabs(numpetals) < 0.0001) numpetals = 0.0001 * copysign(1.0, k);
    double smooth12 = fabs(opt), smooth3 = fabs(opt3);
    const double absoptsc = fabs(p[FR_PL_PROSE3D_OPTSC]);
    if (smooth12 > 2) smooth12 = 2;
    const double antiopt1 = 2 - smooth12;
    if (smooth3 > 1) smooth3 = 1;
    double optdir = copysign(1.0, opt);
    if (opt3 < 0) optdir = -1;
    if (optdir > 0) ghost = 0;

    const double rad = f->r, curve1 = rad / l, curve2 = curve1 * curve1;
    const double curve3 = (rad - l * 0.5) / l, curve4 = curve2 * curve2;
    const double th = f->atan_yx;
    double sth, cth;
    fr_flame_sincos(th, &sth, &cth);
    const int posneg = fr_flame_u01(rng) < 0.5 ? -1 : 1;
    const double pang = th / fr_flame_ezeps(cycle);
    const double wig = pang * freq * 0.5 + p[FR_PL_PROSE3D_OFFSET] * cycle;
    double wag, wag3;
    if (optdir < 0) {
        wag = sin(curve1 * M_PI * absoptsc) + wagsc * 0.4 * rad + crvsc * 0.5 * sin(curve2 * M_PI);
        wag3 = sin(curve4 * M_PI * absoptsc) + wagsc * (rad * rad) * 0.4 + crvsc * 0.5 * cos(curve3 * M_PI);
    } else {
        wag = sin(curve1 * M_PI * absoptsc) + wagsc * 0.4 * rad + crvsc * 0.5 * cos(curve3 * M_PI);
        wag3 = sin(curve4 * M_PI * absoptsc) + wagsc * (rad * rad) * 0.4 + crvsc * 0.5 * sin(curve2 * M_PI);
    }
    const double wag2 = sin(curve2 * M_PI * absoptsc) + wagsc * 0.4 * rad + crvsc * 0.5 * cos(curve3 * M_PI);
    double wag12 = 0, waggle = 0;
    if (smooth12 <= 1)
        wag12 = wag;
    else if (smooth12 <= 2 && smooth12 > 1)
        wag12 = wag2 * (1 - antiopt1) + wag * antiopt1;
    else if (smooth12 > 2)
        wag12 = wag2;
    if (smooth3 == 0)
        waggle = wag12;
    else if (smooth3 > 0)
        waggle = wag12 * (1 - smooth3) + wag3 * smooth3;
    const double rose = l * cos(numpetals * th + p[FR_PL_PROSE3D_C]);
    const double lift = (rad * 0.5) * (rad * 0.5) * sin(wig) * wigscale;
    if (fr_flame_u01(rng) < ghost && posneg < 0) {
        const double refsc = p[FR_PL_PROSE3D_REFSC];
        f->p0 += w * 0.5 * refsc * rose * cth;
        f->p1 += w * 0.5 * refsc * rose * sth;
        f->p2 += w * -0.5 * ((p[FR_PL_PROSE3D_Z2] * waggle + lift) + p[FR_PL_PROSE3D_DIST]);
    } else {
        f->p0 += w * 0.5 * rose * cth;
        f->p1 += w * 0.5 * rose * sth;
        f->p2 += w * 0.5 * ((p[FR_PL_PROSE3D_Z1] * waggle + lift) + p[FR_PL_PROSE3D_DIST]);
    }
}

/* log_db: log with base (above EPS) and the angle shifted by a random
 * whole number of fix_period pi (seven draws of Ember's Rand(10), each
 * -2 .. 2 or 0); z times w. */
FR_HD void fr_var_log_db(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    double period = 0;
    for (int i = 0; i < 7; i++) {
        const double adp = fr_flame_ember_rand_n(rng, 10.0) - 5.0;
        period += fabs(adp) >= 3 ? 0.0 : adp;
    }
    const double base = f->pv[FR_PL_LOG_DB_BASE], fix = f->pv[FR_PL_LOG_DB_FIX_PERIOD];
    double denom = 0.5;
    if (base > FR_EMBER_EPS) denom = denom / log(M_E * base);
    denom *= w;
    double fixpe = M_PI;
    if (fix > FR_EMBER_EPS) fixpe *= fix;
    period *= fixpe;
    f->p0 += denom * log(f->r2);
    f->p1 += w * (f->atan_yx + period);
    f->p2 += w * f->tz;
}

/* circlesplit: the disc of radius - split kept, the rest pushed out by
 * split. */
FR_HD void fr_var_circlesplit(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double split = f->pv[FR_PL_CIRCLESPLIT_SPLIT];
    double x1 = f->tx, y1 = f->ty;
    if (!(f->r < f->pv[FR_PL_CIRCLESPLIT_RADIUS] - split)) {
        const double len = f->r + split;
        x1 = cos(f->atan_yx) * len;
        y1 = sin(f->atan_yx) * len;
    }
    f->p0 += w * x1;
    f->p1 += w * y1;
}

/* cylinder2: x / sqrt(x^2 + 1), y. */
FR_HD void fr_var_cylinder2(fr_flame_vctx *f, double w)
{
    f->p0 += w * (f->tx / fr_flame_ezeps(sqrt(f->tx * f->tx + 1)));
    f->p1 += w * f->ty;
}

/* Ember's Clamp: below lo lo, above hi hi, else (NaN too) v. */
FR_HD double fr_flame_ember_clamp(double v, double lo, double hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* The Truchet tiles' arcs' half width (Ember's rmax, Zeps'd) for the
 * exponent's inverse oneoverex and the arc width. */
FR_HD double fr_flame_truchet_rmax(double oneoverex, double width)
{
    return fr_flame_ezeps(0.5 * (pow(2.0, oneoverex) - 1) * width);
}

/* A coordinate's place in its unit cell of the Truchet tiles: v less its
 * nearest whole number (Ember's Floor of v + 0.5), taken into [0, 1). */
FR_HD double fr_flame_truchet_frac(double v)
{
    const double r = v - fr_flame_ember_floor(v + 0.5);
    return r < 0 ? 1 + r : r;
}

/* The Truchet tiles' arcs at (px, py) of a unit cell: the superellipse
 * distances (exponent ex, 1 / ex) r0 from the corner (0, 0) and r1 from
 * (1, 1), or (turned) from (1, 0) and (0, 1). */
FR_HD void fr_flame_truchet_arcs(double px, double py, int turned, double ex, double oneoverex, double *r0,
                                 double *r1)
{
    const double xv1 = turned ? px - 1 : px, xv2 = turned ? px : px - 1;
    *r0 = pow(pow(fabs(xv1), ex) + pow(fabs(py), ex), oneoverex);
    *r1 = pow(pow(fabs(xv2), ex) + pow(fabs(py - 1), ex), oneoverex);
}

/* Truchet_fill: unit cells (of the point scaled by 1 / w) with the two
 * quarter arcs of a Truchet tile (a superellipse's exponent in [0.001,
 * 2], arc width in [0.001, 1]), the tile's turn from a hash of the cell
 * (seed; 1: all turned); inside an arc the cell's point doubled, less the
 * point. The weight acts only through the scale (Ember's). */
FR_HD void fr_var_truchet_fill(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double ex = f->pv[FR_PL_TRUCHET_FILL_EXPONENT], aw = f->pv[FR_PL_TRUCHET_FILL_ARC_WIDTH];
    const double seed = f->pv[FR_PL_TRUCHET_FILL_SEED];
    const double fe = fr_flame_ember_clamp(ex, 0.001, 2), oneoverex = 1 / fe;
    const double width = fr_flame_ember_clamp(aw, 0.001, 1);
    const double seed2 = sqrt(seed * 1.5) / fr_flame_ezeps(seed * 0.5) * 0.25;
    const double rmax = fr_flame_truchet_rmax(oneoverex, width);
    const double scale = 1 / w;
    double px = f->tx * scale, py = f->ty * scale;
    double r = px - fr_flame_ember_round(px);
    px = r < 0 ? 1 + r : r;
    r = py - fr_flame_ember_round(py);
    py = r < 0 ? 1 + r : r;
    double tiletype = 0;
    if (seed != 0) {
        if (seed == 1)
            tiletype = seed;
        else {
            const double xr = fr_flame_ember_round(fabs(f->tx)) * seed2;
            const double yr = fr_flame_ember_round(fabs(f->ty)) * seed2;
            const double niter = xr + yr + (xr * yr);
            double ri = (seed + niter) * seed2 * 0.5;
            ri = fmod(ri * 32747.0 + 12345.0, 65535.0);
            tiletype = fmod(ri, 2.0);
        }
    }
    double r0, r1;
    fr_flame_truchet_arcs(px, py, !(tiletype < 1), fe, oneoverex, &r0, &r1);
    const double cx = 2 * (px + fr_flame_ember_floor(f->tx)), cy = 2 * (py + fr_flame_ember_floor(f->ty));
    double x1 = 0, y1 = 0;
    if (fabs(r0 - 0.5) / rmax < 1) {
        x1 = cx;
        y1 = cy;
    }
    if (fabs(r1 - 0.5) / rmax < 1) {
        f->p0 += x1 + cx - f->tx;
        f->p1 += y1 + cy - f->ty;
    } else {
        f->p0 += x1 - f->tx;
        f->p1 += y1 - f->ty;
    }
}

/* Truchet_hex_fill: a hexagonal cell drawn (rounded exponential draws,
 * spreadx, spready), the point bent into a third of a ring of the cell's
 * Truchet tile (n turns, one drawn), its turn (seed 1: parity, 2 on: a
 * hash) flipping x, y (flipx, flipy). Six draws. */
FR_HD void fr_var_truchet_hex_fill(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double sx = p[FR_PL_TRUCHET_HEX_FILL_SPREADX], sy = p[FR_PL_TRUCHET_HEX_FILL_SPREADY];
    const double seed = p[FR_PL_TRUCHET_HEX_FILL_SEED];
    const double n3 = 3 * p[FR_PL_TRUCHET_HEX_FILL_N], n13 = 1 / fr_flame_ezeps(n3);
    double l = log(fr_flame_u01(rng));
    const double rx = fr_flame_ember_floor(l * (fr_flame_u01(rng) < 0.5 ? sx : -sx));
    l = log(fr_flame_u01(rng));
    const double rz = fr_flame_ember_floor(l * (fr_flame_u01(rng) < 0.5 ? sy : -sy));
    const double fxh = 1.7320508075688772 * rx + 0.8660254037844386 * (fr_flame_u01(rng) < 0.5 ? rz : -rz);
    const double fyh = 1.5 * rz;
    int add = 1;
    if (seed == 1) {
        if (!(fr_flame_d2i(rx) & 1) && !(fr_flame_d2i(rz) & 1)) add = 0;
    } else if (seed >= 2) {
        if (fr_flame_hash_shadertoy(fxh, fyh, seed) < 0.5) add = 0;
    }
    const double rangle = fr_flame_ember_floor(fr_flame_u01(rng) * n3) * (2 * M_PI) * n13;
    const double yaux = p[FR_PL_TRUCHET_HEX_FILL_FLIPY] != 0 ? (add ? f->ty : -f->ty) : f->ty;
    const double xaux = p[FR_PL_TRUCHET_HEX_FILL_FLIPX] != 0 ? (add ? f->tx : -f->tx) : f->tx;
    double fy = yaux * n13, fx = xaux * n13;
    double ang = fy * M_PI + rangle;
    const double a = 1 + fx * M_PI;
    fx = a * cos(ang);
    fy = a * sin(ang);
    double aa = atan2(fy, fx);
    if (aa < 0) aa += 2 * M_PI;
    aa = fr_flame_ember_floor(1.5 * aa * M_1_PI);
    ang = (M_PI + aa * (2 * M_PI)) / 3;
    const double fxn = fx - cos(ang) * 2, fyn = fy - sin(ang) * 2;
    if (add) {
        fx = 0.8660254037844386 * fxn - 0.5 * fyn;
        fy = 0.5 * fxn + 0.8660254037844386 * fyn;
    } else {
        fx = 0.8660254037844386 * fxn + 0.5 * fyn;
        fy = -0.5 * fxn + 0.8660254037844386 * fyn;
    }
    f->p0 += w * (fx * 0.5 + fxh);
    f->p1 += w * (fy * 0.5 + fyh);
}

/* Truchet_hex_crop: the point's hexagonal cell (cube rounding) and, in
 * it, the arcs of a Truchet tile (turned by parity, seed 1, or a hash,
 * seed 2 on) of half width wd; points in the arcs (outside them: inv)
 * go to 0 (mode 0), the arc's centre (1) or the nearer or farther edge
 * of the arc band, drawn (2: one draw). */
FR_HD void fr_var_truchet_hex_crop(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double seed = p[FR_PL_TRUCHET_HEX_CROP_SEED], mode = p[FR_PL_TRUCHET_HEX_CROP_MODE];
    const double d1 = 0.5 + p[FR_PL_TRUCHET_HEX_CROP_WD], d2 = 0.5 - p[FR_PL_TRUCHET_HEX_CROP_WD];
    const double yover3 = f->ty / 3;
    const double hx = 0.5773502691896258 * f->tx - yover3, hz = 2.0 * yover3, hy = -hx - hz;
    double rx = round(hx), ry = round(hy), rz = round(hz);
    const double xd = fabs(rx - hx), yd = fabs(ry - hy), zd = fabs(rz - hz);
    if ((xd > yd) && (xd > zd))
        rx = -ry - rz;
    else if (yd > zd)
        ry = -rx - rz;
    else
        rz = -rx - ry;
    (void)ry;
    const double fxh = 1.7320508075688772 * rx + 0.8660254037844386 * rz, fyh = 1.5 * rz;
    double fx = f->tx - fxh, fy = f->ty - fyh, add = 0.0;
    if (seed == 1) {
        if (!(fr_flame_d2i(rx) & 1) && !(fr_flame_d2i(rz) & 1)) add = 1.0471975511965979;
    } else if (seed >= 2) {
        if (fr_flame_hash_shadertoy(fxh, fyh, seed) < 0.5) add = 1.0471975511965979;
    }
    const double angle = atan2(fy, fx) + 0.5235987755982989 - add;
    const double coef = 0.477464829275686;
    const double angle2 = fr_flame_ember_floor(angle * coef) / coef + 0.5235987755982989 + add;
    const double x0 = cos(angle2), y0 = sin(angle2);
    const double dist = sqrt((fx - x0) * (fx - x0) + (fy - y0) * (fy - y0));
    const int hit =
        p[FR_PL_TRUCHET_HEX_CROP_INV] != 0 ? (dist > d1) || (dist < d2) : (dist < d1) && (dist > d2);
    if (hit) {
        if (mode < 0.5) {
            fx = 0;
            fy = 0;
        } else if (mode < 1.5) {
            fx = x0;
            fy = y0;
        } else {
            const double rangle = atan2(fy - y0, fx - x0);
            const double d = fr_flame_u01(rng) < 0.5 ? d1 : d2;
            fx = x0 + cos(rangle) * d;
            fy = y0 + sin(rangle) * d;
        }
    }
    f->p0 += (fx + fxh) * w;
    f->p1 += (fy + fyh) * w;
}

/* waves2_radial: waves2 faded in between the radii null and distance. */
FR_HD void fr_var_waves2_radial(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double nul = p[FR_PL_WAVES2_RADIAL_NULL], dist = p[FR_PL_WAVES2_RADIAL_DISTANCE];
    double factor = f->r < dist ? (f->r - nul) / fr_flame_ezeps(dist - nul) : 1.0;
    factor = f->r < nul ? 0.0 : factor;
    f->p0 += w * (f->tx + factor * sin(f->ty * p[FR_PL_WAVES2_RADIAL_FREQX]) * p[FR_PL_WAVES2_RADIAL_SCALEX]);
    f->p1 += w * (f->ty + factor * sin(f->tx * p[FR_PL_WAVES2_RADIAL_FREQY]) * p[FR_PL_WAVES2_RADIAL_SCALEY]);
}

/* panorama1, panorama2: the point shrunk by 1 / sqrt(r^2 + 1) (1 / (r +
 * 1)), as (its angle from the y axis / pi, its radius - 1/2). Ember
 * shrinks its affine image: the same point for the regular forms. */
FR_HD void fr_flame_panorama(fr_flame_vctx *f, double w, double aux)
{
    const double x1 = f->tx * aux, y1 = f->ty * aux;
    const double r = sqrt(x1 * x1 + y1 * y1);
    f->p0 += w * atan2(x1, y1) * M_1_PI;
    f->p1 += w * (r - 0.5);
}

FR_HD void fr_var_panorama1(fr_flame_vctx *f, double w)
{
    fr_flame_panorama(f, w, 1 / sqrt(f->r2 + 1));
}

FR_HD void fr_var_panorama2(fr_flame_vctx *f, double w)
{
    fr_flame_panorama(f, w, 1 / (f->r + 1));
}

/* helicoid: the point turned by 2 pi frequency z; z times w. */
FR_HD void fr_var_helicoid(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = f->tz * (f->pv[FR_PL_HELICOID_FREQUENCY] * (2 * M_PI)) + f->atan_yx;
    const double wr = w * f->r;
    f->p0 += wr * cos(t);
    f->p1 += wr * sin(t);
    f->p2 += w * f->tz;
}

/* helix: the point moved by width along the circle of angle 2 pi
 * frequency z; z times w. */
FR_HD void fr_var_helix(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = f->tz * (f->pv[FR_PL_HELIX_FREQUENCY] * (2 * M_PI));
    const double width = f->pv[FR_PL_HELIX_WIDTH];
    f->p0 += w * (f->tx + cos(t) * width);
    f->p1 += w * (f->ty + sin(t) * width);
    f->p2 += w * f->tz;
}

/* cpow3: z^(r e^(i a)) / divisor with a from log d, over the log's
 * branches: the angle's half turn taken by a draw against cos(a / 2), a
 * whole number of turns from an exponential draw (spread), the sign by
 * Ember's RandBit, and one of divisor's roots by its Crand(). Four draws. */
FR_HD void fr_var_cpow3(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double pr = f->pv[FR_PL_CPOW3_R], d = f->pv[FR_PL_CPOW3_D];
    const double div = fr_flame_ezeps(f->pv[FR_PL_CPOW3_DIVISOR]);
    const double ang = 2 * M_PI / div;
    const double t = atan2((d < 0 ? -log(-d) : log(d)) * pr, 2 * M_PI);
    const double pc = cos(t) * pr * cos(t) / div, pd = cos(t) * pr * sin(t) / div;
    const double halfc = pc / 2, halfd = pd / 2;
    const double coeff = pd == 0 ? 0 : -0.095 * f->pv[FR_PL_CPOW3_SPREAD] / pd;
    double a = f->atan_yx;
    if (a < 0) a += 2 * M_PI;
    if (cos(a / 2) < fr_flame_u11(rng)) a -= 2 * M_PI;
    const double turn = fr_flame_ember_randbit(rng) != 0 ? 2 * M_PI : -2 * M_PI;
    a += turn * round(log(fr_flame_u01(rng)) * coeff);
    const double lnr2 = log(f->r2);
    const double r = w * exp(halfc * lnr2 - pd * a);
    const double th = pc * a + halfd * lnr2 + ang * fr_flame_ember_crand(rng);
    f->p0 += r * cos(th);
    f->p1 += r * sin(th);
}

/* lens: (x^2 - y^2) / 2, x y. */
FR_HD void fr_var_lens(fr_flame_vctx *f, double w)
{
    f->p0 += 0.5 * (f->tx * f->tx - f->ty * f->ty) * w;
    f->p1 += f->tx * f->ty * w;
}

/* projective: the projective map ((A1 x + B1 y + C1), (A2 x + B2 y + C2))
 * / (A x + B y + C). */
FR_HD void fr_var_projective(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double s = w / fr_flame_ezeps(p[FR_PL_PROJECTIVE_A] * f->tx + p[FR_PL_PROJECTIVE_B] * f->ty +
                                        p[FR_PL_PROJECTIVE_C]);
    f->p0 += (p[FR_PL_PROJECTIVE_A1] * f->tx + p[FR_PL_PROJECTIVE_B1] * f->ty + p[FR_PL_PROJECTIVE_C1]) * s;
    f->p1 += (p[FR_PL_PROJECTIVE_A2] * f->tx + p[FR_PL_PROJECTIVE_B2] * f->ty + p[FR_PL_PROJECTIVE_C2]) * s;
}

/* The depth_* variations: the point plus, beyond radius, a blur of size
 * blur / 10 times the distance past it ((rad - radius)^exp in the *2
 * forms, whose radius is of ((x - x0), (y - y0)) scaled). */

/* A point of starblur's star (power points, range): two draws; its
 * offset at the angle, scaled by the second's square root. odd: which
 * parity of the edge adds the angle. */
FR_HD void fr_flame_depth_star(double power, double range, int odd, double b10, double fac, double *bx,
                               double *by, fr_flame_rng *rng)
{
    const double alpha0 = M_PI / fr_flame_ezeps(power);
    const double length = sqrt(1 + range * range - 2 * range * cos(alpha0));
    const double alpha = asin(sin(alpha0) * range / fr_flame_ezeps(length));
    const double sina = sin(alpha), cosa = cos(alpha), tpop = 2 * M_PI / fr_flame_ezeps(power);
    double fv = fr_flame_u01(rng) * (power * 2);
    double ia = trunc(fv);
    fv = fv - ia;
    const double xx = fv * length;
    double z = sqrt(1 + xx * xx - 2 * xx * cosa);
    const int iangle = fr_flame_d2i(ia);
    if ((iangle & 1) == odd)
        ia = tpop * (iangle / 2) + asin(sina * xx / fr_flame_ezeps(z));
    else
        ia = tpop * (iangle / 2) - asin(sina * xx / fr_flame_ezeps(z));
    z *= sqrt(fr_flame_u01(rng));
    const double aux = z * b10 * fac;
    *by = aux * sin(ia - M_PI_2);
    *bx = aux * cos(ia - M_PI_2);
}

/* depth_blur: a star-shaped blur (power points, range). */
FR_HD void fr_var_depth_blur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double radius = p[FR_PL_DEPTH_BLUR_RADIUS];
    double bx = 0, by = 0;
    if (f->r > radius)
        fr_flame_depth_star(p[FR_PL_DEPTH_BLUR_POWER], p[FR_PL_DEPTH_BLUR_RANGE], 0,
                            p[FR_PL_DEPTH_BLUR_BLUR] / 10, f->r - radius, &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* depth_blur2: depth_blur about (x0, y0), scaled by 1 / mulx, 1 / muly,
 * the distance past radius to the power exp (the edges' parity swapped:
 * Ember's). */
FR_HD void fr_var_depth_blur2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double radius = p[FR_PL_DEPTH_BLUR2_RADIUS];
    const double dx = (f->tx - p[FR_PL_DEPTH_BLUR2_X0]) * (1 / fr_flame_ezeps(p[FR_PL_DEPTH_BLUR2_MULX]));
    const double dy = (f->ty - p[FR_PL_DEPTH_BLUR2_Y0]) * (1 / fr_flame_ezeps(p[FR_PL_DEPTH_BLUR2_MULY]));
    const double rad = sqrt(dx * dx + dy * dy);
    double bx = 0, by = 0;
    if (rad > radius)
        fr_flame_depth_star(p[FR_PL_DEPTH_BLUR2_POWER], p[FR_PL_DEPTH_BLUR2_RANGE], 1,
                            p[FR_PL_DEPTH_BLUR2_BLUR] / 10, exp(log(rad - radius) * p[FR_PL_DEPTH_BLUR2_EXP]),
                            &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* A gaussian offset (Box-Muller: two draws) of scale b10 fac. */
FR_HD void fr_flame_depth_gauss(double b10, double fac, double *bx, double *by, fr_flame_rng *rng)
{
    const double r = sqrt(-2 * log(fr_flame_u01(rng)));
    const double ang = fr_flame_u01(rng) * (2 * M_PI);
    const double aux = r * b10 * fac;
    *by = aux * sin(ang);
    *bx = aux * cos(ang);
}

/* depth_gaussian: a gaussian blur. */
FR_HD void fr_var_depth_gaussian(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double radius = f->pv[FR_PL_DEPTH_GAUSSIAN_RADIUS];
    double bx = 0, by = 0;
    if (f->r > radius)
        fr_flame_depth_gauss(f->pv[FR_PL_DEPTH_GAUSSIAN_BLUR] / 10, f->r - radius, &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* depth_gaussian2: about (x0, y0), the offsets divided by 1 / mulx^2,
 * 1 / muly^2 (Ember's), the distance past radius to the power exp. */
FR_HD void fr_var_depth_gaussian2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double radius = p[FR_PL_DEPTH_GAUSSIAN2_RADIUS];
    const double mx = p[FR_PL_DEPTH_GAUSSIAN2_MULX], my = p[FR_PL_DEPTH_GAUSSIAN2_MULY];
    const double dx = (f->tx - p[FR_PL_DEPTH_GAUSSIAN2_X0]) / (1 / fr_flame_ezeps(mx * mx));
    const double dy = (f->ty - p[FR_PL_DEPTH_GAUSSIAN2_Y0]) / (1 / fr_flame_ezeps(my * my));
    const double rad = sqrt(dx * dx + dy * dy);
    double bx = 0, by = 0;
    if (rad > radius)
        fr_flame_depth_gauss(p[FR_PL_DEPTH_GAUSSIAN2_BLUR] / 10,
                             exp(log(rad - radius) * p[FR_PL_DEPTH_GAUSSIAN2_EXP]), &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* A point of the power-gon's edge at a drawn angle (one draw), scaled by
 * b10 fac. */
FR_HD void fr_flame_depth_ngon(double power, double b10, double fac, double *bx, double *by,
                               fr_flame_rng *rng)
{
    const double side = 2 * M_PI / fr_flame_ezeps(power), half = side / 2;
    const double ang = fr_flame_u01(rng) * (2 * M_PI);
    double phi = ang - side * fr_flame_ember_floor(ang / fr_flame_ezeps(side));
    if (phi > half) phi -= side;
    phi = 1 / fr_flame_ezeps(cos(phi));
    const double aux = phi * b10 * fac;
    *bx = aux * cos(ang);
    *by = aux * sin(ang);
}

/* depth_ngon: an n-gon shaped blur. */
FR_HD void fr_var_depth_ngon(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double radius = f->pv[FR_PL_DEPTH_NGON_RADIUS];
    double bx = 0, by = 0;
    if (f->r > radius)
        fr_flame_depth_ngon(f->pv[FR_PL_DEPTH_NGON_POWER], f->pv[FR_PL_DEPTH_NGON_BLUR] / 10,
                            f->r - radius, &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* depth_ngon2: in Ember's flam3-compatible mode (its default) depth_ngon
 * (x0, y0, mulx, muly and exp unread). */
FR_HD void fr_var_depth_ngon2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double radius = f->pv[FR_PL_DEPTH_NGON2_RADIUS];
    double bx = 0, by = 0;
    if (f->r > radius)
        fr_flame_depth_ngon(f->pv[FR_PL_DEPTH_NGON2_POWER], f->pv[FR_PL_DEPTH_NGON2_BLUR] / 10,
                            f->r - radius, &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* The depth_sine blurs' offset: a random angle, a radius from the arc
 * cosine of a draw shaped by power, times b10 fac (two draws). */
FR_HD void fr_flame_depth_sine(double power, double b10, double fac, double *bx, double *by,
                               fr_flame_rng *rng)
{
    const double ang = fr_flame_u01(rng) * (2 * M_PI);
    const double u = fr_flame_u01(rng);
    const double r = power == 1 ? acos(u * 2 - 1) / M_PI : acos(exp(log(1 - u) * power) * 2 - 1) / M_PI;
    const double aux = r * b10 * fac;
    *bx = aux * cos(ang);
    *by = aux * sin(ang);
}

/* depth_sine: sineblur's blur (two draws: the angle, the radius). */
FR_HD void fr_var_depth_sine(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double radius = f->pv[FR_PL_DEPTH_SINE_RADIUS], power = f->pv[FR_PL_DEPTH_SINE_POWER];
    double bx = 0, by = 0;
    if (f->r > radius)
        fr_flame_depth_sine(power, f->pv[FR_PL_DEPTH_SINE_BLUR] / 10, f->r - radius, &bx, &by, rng);
    f->p0 += w * (f->tx + bx);
    f->p1 += w * (f->ty + by);
}

/* coth_spiral: a point of the curve (-sinh t, sin a t) / (cos a t - cosh
 * t) at a drawn t in [-pi, pi) (one draw); the point is not read. */
FR_HD void fr_var_coth_spiral(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double a = f->pv[FR_PL_COTH_SPIRAL_A];
    const double t2 = (fr_flame_u01(rng) - 0.5) * (2 * M_PI);
    const double aux = fr_flame_ezeps(cos(a * t2) - cosh(t2));
    f->p0 += w * (-sinh(t2) / aux);
    f->p1 += w * (sin(a * t2) / aux);
}

/* dust: the whole parts of |x|, |y| modulo density, scaled to [0, 1),
 * distorted by a hash and mapped to polar (angle, radius^power). */
FR_HD void fr_var_dust(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double zd = fr_flame_ezeps(f->pv[FR_PL_DUST_DENSITY]), dist = f->pv[FR_PL_DUST_DISTORTION];
    const double X = fmod(fr_flame_ember_floor(fabs(f->tx)), zd) / zd;
    const double Y = fmod(fr_flame_ember_floor(fabs(f->ty)), zd) / zd;
    const double rx = fr_flame_hash_shadertoy(X, Y, 1), ry = fr_flame_hash_shadertoy(Y, X, 2);
    const double a = (X + rx * dist) * (2 * M_PI);
    const double r = exp(log(Y + ry * dist) * f->pv[FR_PL_DUST_POWER]);
    f->p0 += w * cos(a) * r;
    f->p1 += w * sin(a) * r;
}

/* asteria (flam3-compatible mode): w (x, y) kept inside the unit disc
 * and outside the four unit discs at (+-1, +-1) (where both: by a draw,
 * 0.65 kept), else bent along the direction alpha pi. */
FR_HD void fr_var_asteria(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double al = f->pv[FR_PL_ASTERIA_ALPHA];
    const double sa = sin(M_PI * al), ca = cos(M_PI * al);
    const double x0 = w * f->tx, y0 = w * f->ty;
    double xx = x0, yy = y0;
    const double r = xx * xx + yy * yy;
    xx = (fabs(xx) - 1) * (fabs(xx) - 1);
    yy = (fabs(yy) - 1) * (fabs(yy) - 1);
    const double r2 = sqrt(yy + xx);
    int in1 = r < 1;
    const int out2 = r2 < 1;
    if (in1 && out2)
        in1 = fr_flame_u01(rng) > 0.35;
    else
        in1 = !in1;
    if (in1) {
        f->p0 += x0;
        f->p1 += y0;
    } else {
        xx = x0 * ca - y0 * sa;
        yy = x0 * sa + y0 * ca;
        const double t = -fabs(yy) + 1;
        const double nx = xx / sqrt(1 - yy * yy) * (1 - sqrt(1 - t * t));
        xx = nx * ca + yy * sa;
        yy = -nx * sa + yy * ca;
        f->p0 += xx;
        f->p1 += yy;
    }
}

/* pulse: v + scale sin(v freq) in each coordinate. */
FR_HD void fr_var_pulse(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    f->p0 += w * (f->tx + p[FR_PL_PULSE_SCALEX] * sin(f->tx * p[FR_PL_PULSE_FREQX]));
    f->p1 += w * (f->ty + p[FR_PL_PULSE_SCALEY] * sin(f->ty * p[FR_PL_PULSE_FREQY]));
}

/* excinis: z^2 times a function (radiusFunc: 1/r, cos, exp, log |.|,
 * r) of w / (lengthscalar r), r kept eps away from 0. */
FR_HD void fr_var_excinis(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double eps = p[FR_PL_EXCINIS_EPS], fn = p[FR_PL_EXCINIS_RADIUSFUNC];
    const double rp = f->r * p[FR_PL_EXCINIS_LENGTHSCALAR];
    const double rs = rp >= 0 ? 1.0 : -1.0;
    const double re = fabs(rp) > eps ? 0 : rs * eps;
    const double r = w / fr_flame_ezeps(rp + re);
    double rf;
    if (fn < 1)
        rf = r;
    else if (fn < 2)
        rf = cos(r);
    else if (fn < 3)
        rf = exp(r);
    else if (fn < 4)
        rf = log(fabs(r) + fabs(re));
    else
        rf = 1 / fr_flame_ezeps(r + re);
    f->p0 += (f->tx - f->ty) * (f->tx + f->ty) * rf;
    f->p1 += 2 * f->tx * f->ty * rf;
}

/* vibration: two waves across the directions dir, dir2 (freq, amp,
 * phase), each moving the point along angle (angle2) from its direction. */
FR_HD void fr_var_vibration(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double dir = p[FR_PL_VIBRATION_DIR], tot = p[FR_PL_VIBRATION_ANGLE] + dir;
    const double freq = p[FR_PL_VIBRATION_FREQ],
                 shift = 2 * M_PI * p[FR_PL_VIBRATION_PHASE] / fr_flame_ezeps(freq);
    const double dir2 = p[FR_PL_VIBRATION_DIR2], tot2 = p[FR_PL_VIBRATION_ANGLE2] + dir2;
    const double freq2 = p[FR_PL_VIBRATION_FREQ2];
    const double shift2 = 2 * M_PI * p[FR_PL_VIBRATION_PHASE2] / fr_flame_ezeps(freq2);
    double d = f->tx * cos(dir) + f->ty * sin(dir);
    double amp = p[FR_PL_VIBRATION_AMP] * sin((d * (freq * (2 * M_PI))) + shift);
    double ox = f->tx + amp * cos(tot), oy = f->ty + amp * sin(tot);
    d = f->tx * cos(dir2) + f->ty * sin(dir2);
    amp = p[FR_PL_VIBRATION_AMP2] * sin((d * (freq2 * (2 * M_PI))) + shift2);
    ox += amp * cos(tot2);
    oy += amp * sin(tot2);
    f->p0 += w * ox;
    f->p1 += w * oy;
}

/* Ember's Modulate: amp cos(2 pi freq x). */
FR_HD double fr_flame_modulate(double amp, double freq, double v)
{
    return amp * cos(v * freq * (2 * M_PI));
}

/* vibration2's wave: direction, angle, frequency and amplitude modulated
 * along the direction dir; (ox, oy) moved. */
FR_HD void fr_flame_vibration2_wave(const double *q, double tx, double ty, double *ox, double *oy)
{
    /* q: dir, angle, freq, amp, phase, dm, dmfreq, tm, tmfreq, fm, fmfreq, am, amfreq */
    double d = tx * cos(q[0]) + ty * sin(q[0]);
    const double dirl = q[0] + fr_flame_modulate(q[5], q[6], d);
    const double anglel = q[1] + fr_flame_modulate(q[7], q[8], d);
    const double freql = fr_flame_modulate(q[9], q[10], d) / fr_flame_ezeps(q[2]);
    const double ampl = q[3] + q[3] * fr_flame_modulate(q[11], q[12], d);
    const double tot = anglel + dirl;
    d = tx * cos(dirl) + ty * sin(dirl);
    const double amp = ampl * sin((d * (q[2] * (2 * M_PI))) + freql + 2 * M_PI * q[4] / fr_flame_ezeps(q[2]));
    *ox += amp * cos(tot);
    *oy += amp * sin(tot);
}

/* vibration2: vibration with each wave's direction, angle, frequency and
 * amplitude modulated along its direction (dm, tm, fm, am and their
 * frequencies). */
FR_HD void fr_var_vibration2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double q1[13] = {p[FR_PL_VIBRATION2_DIR],    p[FR_PL_VIBRATION2_ANGLE],  p[FR_PL_VIBRATION2_FREQ],
                           p[FR_PL_VIBRATION2_AMP],    p[FR_PL_VIBRATION2_PHASE],  p[FR_PL_VIBRATION2_DM],
                           p[FR_PL_VIBRATION2_DMFREQ], p[FR_PL_VIBRATION2_TM],     p[FR_PL_VIBRATION2_TMFREQ],
                           p[FR_PL_VIBRATION2_FM],     p[FR_PL_VIBRATION2_FMFREQ], p[FR_PL_VIBRATION2_AM],
                           p[FR_PL_VIBRATION2_AMFREQ]};
    const double q2[13] = {p[FR_PL_VIBRATION2_DIR2],    p[FR_PL_VIBRATION2_ANGLE2],  p[FR_PL_VIBRATION2_FREQ2],
                           p[FR_PL_VIBRATION2_AMP2],    p[FR_PL_VIBRATION2_PHASE2],  p[FR_PL_VIBRATION2_DM2],
                           p[FR_PL_VIBRATION2_DMFREQ2], p[FR_PL_VIBRATION2_TM2],     p[FR_PL_VIBRATION2_TMFREQ2],
                           p[FR_PL_VIBRATION2_FM2],     p[FR_PL_VIBRATION2_FMFREQ2], p[FR_PL_VIBRATION2_AM2],
                           p[FR_PL_VIBRATION2_AMFREQ2]};
    double ox = f->tx, oy = f->ty;
    fr_flame_vibration2_wave(q1, f->tx, f->ty, &ox, &oy);
    fr_flame_vibration2_wave(q2, f->tx, f->ty, &ox, &oy);
    f->p0 += w * ox;
    f->p1 += w * oy;
}

/* Complex arithmetic for the inverse hyperbolic variations (std::complex's
 * principal branches: sqrt's cut on the negative reals, the sign of a
 * zero imaginary part choosing the side; log's angle atan2). */
typedef struct fr_flame_cx {
    double re, im;
} fr_flame_cx;

FR_HD fr_flame_cx fr_flame_cx_make(double re, double im)
{
    fr_flame_cx z;
    z.re = re;
    z.im = im;
    return z;
}

FR_HD fr_flame_cx fr_flame_cx_mul(fr_flame_cx a, fr_flame_cx b)
{
    return fr_flame_cx_make(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}

FR_HD fr_flame_cx fr_flame_cx_div(fr_flame_cx a, fr_flame_cx b)
{
    const double d = b.re * b.re + b.im * b.im;
    return fr_flame_cx_make((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d);
}

FR_HD fr_flame_cx fr_flame_cx_sqrt(fr_flame_cx z)
{
    if (z.re == 0 && z.im == 0) return fr_flame_cx_make(0, z.im);
    const double t = sqrt((fabs(z.re) + hypot(z.re, z.im)) * 0.5);
    if (z.re >= 0) return fr_flame_cx_make(t, z.im / (2 * t));
    return fr_flame_cx_make(fabs(z.im) / (2 * t), copysign(t, z.im));
}

FR_HD fr_flame_cx fr_flame_cx_log(fr_flame_cx z)
{
    return fr_flame_cx_make(log(hypot(z.re, z.im)), atan2(z.im, z.re));
}

/* arcsech's log(1/z + sqrt(1/z + 1) sqrt(1/z - 1)). */
FR_HD fr_flame_cx fr_flame_arcsech(double tx, double ty)
{
    const fr_flame_cx z = fr_flame_cx_div(fr_flame_cx_make(1, 0), fr_flame_cx_make(tx, ty));
    const fr_flame_cx s = fr_flame_cx_mul(fr_flame_cx_sqrt(fr_flame_cx_make(z.re + 1, z.im)),
                                          fr_flame_cx_sqrt(fr_flame_cx_make(z.re - 1, z.im)));
    return fr_flame_cx_log(fr_flame_cx_make(z.re + s.re, z.im + s.im));
}

/* arcsech: w / pi arcsech(x + i y). */
FR_HD void fr_var_arcsech(fr_flame_vctx *f, double w)
{
    const fr_flame_cx r = fr_flame_arcsech(f->tx, f->ty);
    const double k = w * M_1_PI;
    f->p0 += k * r.re;
    f->p1 += k * r.im;
}

/* arcsech2: 2 w / pi arcsech, the lower half moved up by 1, the upper
 * mirrored and moved down by 1. */
FR_HD void fr_var_arcsech2(fr_flame_vctx *f, double w)
{
    const fr_flame_cx r = fr_flame_arcsech(f->tx, f->ty);
    const double k = w * M_1_PI * 2, re = k * r.re, im = k * r.im;
    if (im < 0) {
        f->p0 += re;
        f->p1 += im + 1.0;
    } else {
        f->p0 += -re;
        f->p1 += im - 1.0;
    }
}

/* arcsinh: 2 w / pi log(z + sqrt(z^2 + 1)). */
FR_HD void fr_var_arcsinh(fr_flame_vctx *f, double w)
{
    const fr_flame_cx z = fr_flame_cx_make(f->tx, f->ty), z2 = fr_flame_cx_mul(z, z);
    const fr_flame_cx s = fr_flame_cx_sqrt(fr_flame_cx_make(z2.re + 1, z2.im));
    const fr_flame_cx r = fr_flame_cx_log(fr_flame_cx_make(z.re + s.re, z.im + s.im));
    const double k = w * M_2_PI;
    f->p0 += k * r.re;
    f->p1 += k * r.im;
}

/* arctanh: w / pi log((1 + z) / (1 - z)). */
FR_HD void fr_var_arctanh(fr_flame_vctx *f, double w)
{
    const fr_flame_cx q =
        fr_flame_cx_div(fr_flame_cx_make(f->tx + 1, f->ty), fr_flame_cx_make(-f->tx + 1, -f->ty));
    const fr_flame_cx r = fr_flame_cx_log(q);
    const double k = w * M_1_PI;
    f->p0 += k * r.re;
    f->p1 += k * r.im;
}

/* hex_truchet: a point of a drawn cell (2 side + 1 per axis of the hex
 * lattice) on one of the three arcs of its Truchet tile (turned by a hash,
 * seed), the arc's band of width from size. Four draws; the point is not
 * read. */
FR_HD void fr_var_hex_truchet(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double size = f->pv[FR_PL_HEX_TRUCHET_SIZE], side = f->pv[FR_PL_HEX_TRUCHET_SIDE];
    const double onemsize = (1 - size) * 0.85;
    const double mn = (0.15 + onemsize * 0.5) * (0.15 + onemsize * 0.5);
    const double mx = (1 - onemsize * 0.5) * (1 - onemsize * 0.5);
    const double sidem2p1 = side * 2 + 1;
    const double angle = fr_flame_u01(rng) * (2 * M_PI);
    const double r = sqrt(fr_flame_u01(rng) * (mx - mn) + mn);
    double cx, cy;
    if (angle < 2.0943) {
        cx = 1;
        cy = 0.5773;
    } else if (angle < 4.1887) {
        cx = -1;
        cy = 0.5773;
    } else {
        cx = 0;
        cy = -1.1547;
    }
    const double a = angle + 2.6179;
    const double X = 2 * (fr_flame_ember_floor(fr_flame_u01(rng) * sidem2p1) - side);
    const double Y = 2 * (fr_flame_ember_floor(fr_flame_u01(rng) * sidem2p1) - side);
    const double xf = X + 0.5 * Y, yf = 0.8660 * Y;
    const double rot = fr_flame_hash_shadertoy(X, Y, f->pv[FR_PL_HEX_TRUCHET_SEED]) < 0.5 ? 0 : 1.0471;
    const double af = a - rot, c = cos(rot), s = sin(rot);
    f->p0 += (cos(af) * r + (cx * c + cy * s) + xf) * w;
    f->p1 += (sin(af) * r + (-cx * s + cy * c) + yf) * w;
}

/* hex_rand: a point of a drawn hexagon of the lattice (x, y cells each
 * way), kept by a hash (density), its size from a second hash to the power
 * power; three draws, a fourth for a kept one; 0 otherwise. The point is
 * not read. */
FR_HD void fr_var_hex_rand(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double hx = p[FR_PL_HEX_RAND_X], hy = p[FR_PL_HEX_RAND_Y], seed = p[FR_PL_HEX_RAND_SEED];
    const double k = fr_flame_u01(rng) * 6;
    const double ia = fr_flame_ember_floor(k);
    const double t = k - ia;
    const double z = sqrt(1 + t * t - t);
    const double sign = (ia - fr_flame_ember_floor(k / 2) * 2) == 1 ? 1.0 : -1.0;
    const double fa = 2.0943951023931957 * trunc(ia / 2) + sign * asin(0.8660254037844386 * t / z) - M_PI_2;
    const double X = floor(fr_flame_u01(rng) * hx * 2) - hx;
    const double Y = floor(fr_flame_u01(rng) * hy * 2) - hy;
    const double xf = X + 0.5 * Y, yf = Y * 0.8660254037844386;
    if (fr_flame_hash_shadertoy(yf, xf, seed) < p[FR_PL_HEX_RAND_DENSITY]) {
        const double zs = z * sqrt(fr_flame_u01(rng)) * 1.1547005383792515;
        const double n = fr_flame_hash_shadertoy(xf, yf, seed);
        const double R = p[FR_PL_HEX_RAND_SIZE] * 0.5 * zs * pow(n, p[FR_PL_HEX_RAND_POWER]);
        f->p0 += (cos(fa) * R + xf) * w;
        f->p1 += (sin(fa) * R + yf) * w;
    }
}

/* squares: cells of side cellsize, each of nested square rings turned by
 * a quarter turn a ring (rings min .. a hashed max; a hash, zero, keeps a
 * cell unturned); cellsize 0: w (x, y). */
FR_HD void fr_var_squares(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double cs = p[FR_PL_SQUARES_CELLSIZE];
    if (cs == 0) {
        f->p0 += f->tx * w;
        f->p1 += f->ty * w;
        return;
    }
    const double num = p[FR_PL_SQUARES_NUM], mn = p[FR_PL_SQUARES_MIN], mx = p[FR_PL_SQUARES_MAX];
    const double cx = (fr_flame_ember_floor(f->tx / cs) + 0.5) * cs;
    const double cy = (fr_flame_ember_floor(f->ty / cs) + 0.5) * cs;
    const double lx = f->tx - cx, ly = f->ty - cy;
    const double alx = fabs(fr_flame_ember_floor(lx * num * 2 / cs + 0.5));
    const double aly = fabs(fr_flame_ember_floor(ly * num * 2 / cs + 0.5));
    const double m = alx > aly ? alx : aly;
    const double maxi =
        mx +
        fr_flame_ember_floor(fr_flame_hash_shadertoy(cx * cx, cy * cy, p[FR_PL_SQUARES_SEED]) * (num - mx));
    double level;
    if (m > maxi)
        level = 0;
    else if (m < mn)
        level = 0;
    else
        level = m - mn;
    const double angle =
        fr_flame_hash_shadertoy(cx * cx, cy * cy, p[FR_PL_SQUARES_ZERO_SEED]) < p[FR_PL_SQUARES_ZERO]
            ? 0
            : level * M_PI_2;
    const double c = cos(angle), s = sin(angle);
    f->p0 += (cx + lx * c - ly * s) * w;
    f->p1 += (cy + lx * s + ly * c) * w;
}

/* starblur2: starblur with a hole (its radius squared the share left
 * out) and stripes of width along the edges; two draws, the point not
 * read. */
FR_HD void fr_var_starblur2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double power = p[FR_PL_STARBLUR2_POWER], range = p[FR_PL_STARBLUR2_RANGE],
                 width = p[FR_PL_STARBLUR2_WIDTH];
    const double pz = fr_flame_ezeps(power), alpha0 = M_PI / pz;
    const double length = sqrt(1 + range * range - 2 * range * cos(alpha0));
    const double alpha = asin(sin(alpha0) * range / fr_flame_ezeps(length));
    const double hole = fabs(p[FR_PL_STARBLUR2_HOLE]) < 1 ? fabs(p[FR_PL_STARBLUR2_HOLE]) : 1;
    const double stripes = fr_flame_ezeps(fabs(p[FR_PL_STARBLUR2_STRIPES]));
    const double holesq = hole * hole, onemholesq = 1 - holesq;
    const double k = fr_flame_u01(rng) * (power * 2);
    const double ia = fr_flame_ember_floor(k);
    const double fr = k - ia;
    double ff;
    if (stripes > 0) {
        const double fs = trunc(fr * stripes);
        const double dif = fmod(ia, 2.0) == 0 ? width * (fr * stripes - fs) : 1 - width * (fr * stripes - fs);
        ff = (dif + fs) / stripes;
    } else
        ff = fr;
    const double xx = ff * length;
    const double z = fr_flame_ezeps(sqrt(1 + xx * xx - xx * (cos(alpha) * 2)));
    const double sign = (ia - fr_flame_ember_floor(k / 2) * 2) == 1 ? 1.0 : -1.0;
    const double fa = (2 * M_PI / pz) * trunc(ia / 2) + sign * asin(sin(alpha) * xx / z) - M_PI_2;
    const double zs = w * (z * sqrt(fr_flame_u01(rng) * onemholesq + holesq));
    f->p0 += cos(fa) * zs;
    f->p1 += sin(fa) * zs;
}

/* unicorngaloshen: (x - y)(x + mult_y y), x y over the scaled radius,
 * each scaled by its amplitude or (sine) by 1, 2 plus a sine of x, y
 * (mode: of e^-v, 1 / v, log |v|, the angles). */
FR_HD void fr_var_unicorngaloshen(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double multy = p[FR_PL_UNICORNGALOSHEN_MULT_Y], mode = p[FR_PL_UNICORNGALOSHEN_MODE];
    const double ax = p[FR_PL_UNICORNGALOSHEN_SIN_X_AMPLITUDE], ay = p[FR_PL_UNICORNGALOSHEN_SIN_Y_AMPLITUDE];
    const double r =
        w /
        fr_flame_ezeps(sqrt((f->ty * f->ty * multy) + (p[FR_PL_UNICORNGALOSHEN_MULT_X] * (f->tx * f->tx))));
    double fx, fy;
    if (p[FR_PL_UNICORNGALOSHEN_SINE] <= 0) {
        fx = ax;
        fy = ay;
    } else {
        double sx, sy;
        if (mode <= 0) {
            sx = f->tx;
            sy = f->ty;
        } else if (mode <= 1) {
            sx = exp(-f->tx);
            sy = exp(-f->ty);
        } else if (mode <= 2) {
            sx = 1 / fr_flame_ezeps(f->tx);
            sy = 1 / fr_flame_ezeps(f->ty);
        } else if (mode <= 3) {
            sx = log(fabs(f->tx));
            sy = ay * log(fabs(f->ty));
        } else {
            sx = atan2(f->tx, f->ty);
            sy = atan2(f->ty, f->tx);
        }
        fx = 1 + ax * sin(sx * (M_PI * p[FR_PL_UNICORNGALOSHEN_SIN_X_FREQ]));
        fy = 2 + ay * sin(sy * (M_PI * p[FR_PL_UNICORNGALOSHEN_SIN_Y_FREQ]));
    }
    f->p0 += fx * (f->tx - f->ty) * (f->tx + multy * f->ty) * r;
    f->p1 += fy * f->tx * f->ty * r;
}

/* dragonfire: foci_p (e^x c1, c2 e^-x / c1) with a fuzz (fuzzyMode 1 .. 6
 * from cos(logScalarFuzzy / log |.|) of each coordinate) blended in by
 * the interpolation mode and position. */
FR_HD void fr_var_dragonfire(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double mode = p[FR_PL_DRAGONFIRE_FUZZYMODE], imode = p[FR_PL_DRAGONFIRE_FUZZYINTERPOLATIONMODE];
    const double pos = p[FR_PL_DRAGONFIRE_FUZZYINTERPOLATIONPOSITION], rad = p[FR_PL_DRAGONFIRE_FUZZYRADIUS];
    const double lsf = p[FR_PL_DRAGONFIRE_LOGSCALARFUZZY];
    const double ex = exp(f->tx) * p[FR_PL_DRAGONFIRE_C1];
    const double enx = p[FR_PL_DRAGONFIRE_C2] / fr_flame_ezeps(ex);
    const double r = w / fr_flame_ezeps(ex + enx - cos(f->ty));
    const double nfx = (ex - enx) * r, nfy = sin(f->ty) * r;
    if (mode < 1) {
        f->p0 += nfx;
        f->p1 += nfy;
        return;
    }
    const double fzx = cos(lsf / fr_flame_ezeps(log(fabs(nfx))));
    const double fzy = cos(lsf / fr_flame_ezeps(log(fabs(nfy))));
    double nx, ny;
    if (mode < 2) {
        nx = nfx + fzx;
        ny = nfy + fzy;
    } else if (mode < 3) {
        nx = nfx * sin(fzx);
        ny = nfy * sin(fzy);
    } else if (mode < 4) {
        nx = nfx * exp(sin(fzx));
        ny = nfy * exp(sin(fzy));
    } else {
        const double f1x = (fzx < 0 ? -1.0 : 1.0) * rad, f1y = (fzy < 0 ? -1.0 : 1.0) * rad;
        if (mode < 5) {
            nx = nfx + f1x;
            ny = nfy + f1y;
        } else if (mode < 6) {
            nx = nfx + exp(f1x);
            ny = nfy + exp(f1y);
        } else {
            nx = nfx + exp(sin(f1x));
            ny = nfy + exp(cos(f1y));
        }
    }
    if (imode < 1) {
        f->p0 += nx;
        f->p1 += ny;
        return;
    }
    double val;
    if (imode < 2)
        val = pos;
    else {
        const double pm = pos * M_PI;
        double trig;
        if (imode < 3)
            trig = cos(pm);
        else if (imode < 4)
            trig = tan(pm);
        else if (imode < 5)
            trig = sinh(pm);
        else
            trig = asinh(pm);
        val = (1 - trig) * p[FR_PL_DRAGONFIRE_ADJUSTEDFUZZYSCALAR];
    }
    const double onem = 1 - val;
    f->p0 += nfx * onem + nx * val;
    f->p1 += nfy * onem + ny * val;
}

/* Truchet_inv: Truchet_fill's tiles (the scale (cos rotation + sin
 * rotation) / w; seed 0, 1 or a hash of the rounded point), the cell's
 * point times size kept outside both arcs, 0 inside. */
FR_HD void fr_var_truchet_inv(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double ex = p[FR_PL_TRUCHET_INV_EXPONENT], aw = p[FR_PL_TRUCHET_INV_ARC_WIDTH];
    const double seed = p[FR_PL_TRUCHET_INV_SEED], rot = p[FR_PL_TRUCHET_INV_ROTATION];
    const double n = fr_flame_ember_clamp(ex, 0.001, 2), width = fr_flame_ember_clamp(aw, 0.001, 1);
    const double seed2 = sqrt(seed * 1.5) / fr_flame_ezeps(seed * 0.5) * 0.25, seed2half = seed2 * 0.5;
    const double onen = 1 / fr_flame_ezeps(n);
    const double rmax = fr_flame_truchet_rmax(onen, width);
    const double scale = (cos(rot) + sin(rot)) / w;
    const double px = fr_flame_truchet_frac(f->tx * scale), py = fr_flame_truchet_frac(f->ty * scale);
    double tiletype = seed; /* 0, 1: no tile turned, all */
    if (seed != 0 && seed != 1) {
        const double xr = fr_flame_ember_floor(f->tx + 0.5) * seed2,
                     yr = fr_flame_ember_floor(f->ty + 0.5) * seed2;
        const double niter = xr + yr + xr * yr;
        const double ri = fmod(((niter + seed) * seed2half) * 32747 + 12345, 65535.0);
        tiletype = fmod(ri, 2.0);
    }
    double r0, r1;
    fr_flame_truchet_arcs(px, py, !(tiletype < 1), n, onen, &r0, &r1);
    if (fabs(r0 - 0.5) / rmax > 1 && fabs(r1 - 0.5) / rmax > 1) {
        const double size = p[FR_PL_TRUCHET_INV_SIZE];
        f->p0 += (px + fr_flame_ember_floor(f->tx)) * size;
        f->p1 += (py + fr_flame_ember_floor(f->ty)) * size;
    }
}

/* henon: the Henon map (1 - a x^2 + y, b x). */
FR_HD void fr_var_henon(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += (1 - (f->pv[FR_PL_HENON_A] * (f->tx * f->tx)) + f->ty) * w;
    f->p1 += f->pv[FR_PL_HENON_B] * f->tx * w;
}

/* lozi: the Lozi map (1 - a |x| + y, b x). */
FR_HD void fr_var_lozi(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += (1 - (f->pv[FR_PL_LOZI_A] * fabs(f->tx)) + f->ty) * w;
    f->p1 += f->pv[FR_PL_LOZI_B] * f->tx * w;
}

/* point_symmetry: w (point - centre) turned by one of order turns (one
 * draw), plus the centre. */
FR_HD void fr_var_point_symmetry(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double cx = f->pv[FR_PL_POINT_SYMMETRY_CENTRE_X], cy = f->pv[FR_PL_POINT_SYMMETRY_CENTRE_Y];
    const double order = f->pv[FR_PL_POINT_SYMMETRY_ORDER];
    const double angle = fr_flame_ember_floor(fr_flame_u01(rng) * order) * (2 * M_PI / fr_flame_ezeps(order));
    const double dx = (f->tx - cx) * w, dy = (f->ty - cy) * w;
    const double c = cos(angle), s = sin(angle);
    f->p0 += cx + dx * c + dy * s;
    f->p1 += cy + dy * c - dx * s;
}

/* d_spherical: spherical with probability weight (one draw), else linear. */
FR_HD void fr_var_d_spherical(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    if (fr_flame_u01(rng) < f->pv[FR_PL_D_SPHERICAL_WEIGHT]) {
        const double r = w / fr_flame_ezeps(f->r2);
        f->p0 += f->tx * r;
        f->p1 += f->ty * r;
    } else {
        f->p0 += f->tx * w;
        f->p1 += f->ty * w;
    }
}

/* modulusx, modulusy: one coordinate (plus shift) wrapped into [-v, v)
 * by C's fmod. */
FR_HD double fr_flame_modulus(double t, double v, double shift)
{
    const double m = fmod(t + v + shift, 2 * v);
    return m >= 0 ? m - v : m + v;
}

FR_HD void fr_var_modulusx(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += w * fr_flame_modulus(f->tx, f->pv[FR_PL_MODULUSX_X], f->pv[FR_PL_MODULUSX_SHIFT]);
    f->p1 += w * f->ty;
}

FR_HD void fr_var_modulusy(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    f->p0 += w * f->tx;
    f->p1 += w * fr_flame_modulus(f->ty, f->pv[FR_PL_MODULUSY_Y], f->pv[FR_PL_MODULUSY_SHIFT]);
}

/* rotate: the point turned by angle degrees. */
FR_HD void fr_var_rotate(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double rad = f->pv[FR_PL_ROTATE_ANGLE] / 180 * M_PI, s = sin(rad), c = cos(rad);
    f->p0 += w * (f->tx * c - f->ty * s);
    f->p1 += w * (f->tx * s + f->ty * c);
}

/* shift: the point moved by (x, y) turned by angle degrees (y the other
 * way, Ember's). */
FR_HD void fr_var_shift(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double rad = f->pv[FR_PL_SHIFT_ANGLE] / 180 * M_PI, s = sin(rad), c = cos(rad);
    const double sx = f->pv[FR_PL_SHIFT_X], sy = f->pv[FR_PL_SHIFT_Y];
    f->p0 += w * (f->tx + c * sx - s * sy);
    f->p1 += w * (f->ty - c * sy - s * sx);
}

/* waves3: waves2 with each amplitude modulated, scale (1 + sin(v sfreq))
 * / 2. */
FR_HD void fr_var_waves3(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double sx = p[FR_PL_WAVES3_SCALEX] * 0.5 * (1.0 + sin(f->ty * p[FR_PL_WAVES3_SX_FREQ]));
    const double sy = p[FR_PL_WAVES3_SCALEY] * 0.5 * (1.0 + sin(f->tx * p[FR_PL_WAVES3_SY_FREQ]));
    f->p0 += w * (f->tx + sin(f->ty * p[FR_PL_WAVES3_FREQX]) * sx);
    f->p1 += w * (f->ty + sin(f->tx * p[FR_PL_WAVES3_FREQY]) * sy);
}

/* waves4, waves42: waves2 with x's wave scaled by the square of a hash
 * of y's band (its whole part as C's cast; cont 1: the hash to 0 or 1);
 * the band floor(y freqx / 2 pi) (waves4) or floor(y freqx2) (waves42). */
FR_HD void fr_flame_waves4(fr_flame_vctx *f, double w, double band, double scalex, double scaley,
                           double freqx, double freqy, double cont, double yfact)
{
    double ax = fr_flame_sin_exact(band * 12.9898 + band * 78.233 + 1.0 + f->ty * (yfact * 0.001)) * 43758.5453;
    ax = ax - fr_flame_d2i(ax);
    if (cont == 1) ax = ax > 0.5 ? 1.0 : 0.0;
    f->p0 += w * (f->tx + sin(f->ty * freqx) * ax * ax * scalex);
    f->p1 += w * (f->ty + sin(f->tx * freqy) * scaley);
}

FR_HD void fr_var_waves4(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double band = fr_flame_ember_floor(f->ty * p[FR_PL_WAVES4_FREQX] / (2 * M_PI));
    fr_flame_waves4(f, w, band, p[FR_PL_WAVES4_SCALEX], p[FR_PL_WAVES4_SCALEY], p[FR_PL_WAVES4_FREQX],
                    p[FR_PL_WAVES4_FREQY], p[FR_PL_WAVES4_CONT], p[FR_PL_WAVES4_YFACT]);
}

/* waves22: waves2 with each wave (mode 1: moved into [0, 1]) to a whole
 * power (powerx, powery as C's int). */
FR_HD void fr_var_waves22(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double px = fr_flame_d2i(p[FR_PL_WAVES22_POWERX]), py = fr_flame_d2i(p[FR_PL_WAVES22_POWERY]);
    double sx = sin(f->ty * p[FR_PL_WAVES22_FREQX]), sy = sin(f->tx * p[FR_PL_WAVES22_FREQY]);
    if (!(p[FR_PL_WAVES22_MODEX] < 0.5)) sx = 0.5 * (1.0 + sx);
    if (!(p[FR_PL_WAVES22_MODEY] < 0.5)) sy = 0.5 * (1.0 + sy);
    f->p0 += w * (f->tx + fr_flame_pow_whole(sx, px) * p[FR_PL_WAVES22_SCALEX]);
    f->p1 += w * (f->ty + fr_flame_pow_whole(sy, py) * p[FR_PL_WAVES22_SCALEY]);
}

/* waves23: waves2 with a saw tooth (the fractional part of v freq / 2 pi,
 * folded above 1/2) for the sine. */
FR_HD double fr_flame_waves23_saw(double m)
{
    double fm = m - fr_flame_ember_floor(m);
    if (fm > 0.5) fm = 0.5 - fm;
    return fm;
}

FR_HD void fr_var_waves23(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double i2pi = 0.15915494309189535;
    const double fx = fr_flame_waves23_saw(f->ty * (p[FR_PL_WAVES23_FREQX] * i2pi));
    const double fy = fr_flame_waves23_saw(f->tx * (p[FR_PL_WAVES23_FREQY] * i2pi));
    f->p0 += w * (f->tx + fx * p[FR_PL_WAVES23_SCALEX]);
    f->p1 += w * (f->ty + fy * p[FR_PL_WAVES23_SCALEY]);
}

FR_HD void fr_var_waves42(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double band = fr_flame_ember_floor(f->ty * p[FR_PL_WAVES42_FREQX2]);
    fr_flame_waves4(f, w, band, p[FR_PL_WAVES42_SCALEX], p[FR_PL_WAVES42_SCALEY], p[FR_PL_WAVES42_FREQX],
                    p[FR_PL_WAVES42_FREQY], p[FR_PL_WAVES42_CONT], p[FR_PL_WAVES42_YFACT]);
}

/* vignette: inside the inner radius about (posx, posy) the point (0 for a
 * negative radius); beyond, over the fade radius, dropped to 0 by a fade
 * draw (power; a negative fade radius inverts it) or blurred (blur, a
 * radius and an angle drawn): three draws. */
FR_HD void fr_var_vignette(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double inner = p[FR_PL_VIGNETTE_INNER_RADIUS], fr = p[FR_PL_VIGNETTE_FADE_RADIUS];
    const double ia = fabs(inner);
    double px = f->tx, py = f->ty;
    const double dx = px - p[FR_PL_VIGNETTE_POSX], dy = py - p[FR_PL_VIGNETTE_POSY];
    double dist = sqrt(dx * dx + dy * dy);
    if (dist < ia) {
        if (inner < 0.0) return;
        f->p0 += px * w;
        f->p1 += py * w;
        return;
    }
    dist = (dist - ia) / fabs(fr);
    const double fade = 1.0 - pow(fr_flame_u01(rng), 1.0 / fabs(p[FR_PL_VIGNETTE_POWER]));
    const double br = dist * fr_flame_u01(rng);
    const double blur_r = p[FR_PL_VIGNETTE_BLUR] * (br * br);
    const double blur_a = fr_flame_u01(rng) * (2 * M_PI);
    if (fr > 0 ? fade < dist : 1 - fade > dist) {
        px = 0;
        py = 0;
    } else {
        px += blur_r * cos(blur_a);
        py += blur_r * sin(blur_a);
    }
    f->p0 += px * w;
    f->p1 += py * w;
}

#endif
