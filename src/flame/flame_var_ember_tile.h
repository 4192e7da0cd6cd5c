/*
 * flame_var_ember_tile.h - Apophysis plugins that cut the plane into cells
 * or a box, with Ember's semantics (see flame_var_ember.h): bwraps, crop,
 * tile_hlp, tile_log, twoface, hexes, smartcrop, gnarly, circlecrop, Voron.
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
    const double cs = f->pv[FR_PL_BWRAPS_CELLSIZE];
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
            fr_flame_sincos(f->pv[FR_PL_BWRAPS_INNER_TWIST] * (1.0 - r) + f->pv[FR_PL_BWRAPS_OUTER_TWIST] * r, &s, &c);
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
    if ((px < x->crop_x0 || px > x->crop_x1 || py < x->crop_y0 || py > x->crop_y1) && f->pv[FR_PL_CROP_ZERO] != 0.0) {
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
    const double width = f->pv[FR_PL_TILE_HLP_WIDTH];
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
    const double spread = f->pv[FR_PL_TILE_LOG_SPREAD];
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

/* smartcrop (Ember's post_smartcrop; here any slot): crops the point to
 * a regular polygon of |power| sides (power 2 or more; radius |radius|,
 * rounded by roundstr, distorted) or, for |power| < 2, to a wedge of angle
 * |power| pi; a point on the cut side (inside when power and radius have
 * different signs) goes to the origin (cropmode 0), onto the edge pushed
 * out by scatter and offset (1; radial: onto the wedge's sides) or keeps its
 * radius (-1); radial, cropmode 0 is 1. Draws, in Ember's order: radial, one for the soft edge, then
 * two for a cut point; else one for the soft edge when edge is not 0 and
 * one for a cut point of cropmode 1. Ember's static 0, 1 and 3 read the
 * xform's affine image and cropmode 2 the walker's last kept point: here
 * the point the variation gets, and cropmode 2 cuts as cropmode 0. */
FR_HD void fr_var_smartcrop(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double xi = f->tx, yi = f->ty, zi = f->tz;
    const double st = p[FR_PL_SMARTCROP_STATIC], cm = p[FR_PL_SMARTCROP_CROPMODE];
    const int set = st > 1.0 || st == -1.0; /* the output replaces (else adds to) the point */
    const double ang = atan2(yi, xi), rad = sqrt(xi * xi + yi * yi);
    double rr = 0.0, ra = 0.0; /* the cut point's radius and angle */
    int cut = 0;
    if (x->sc_radial) {
        const double edge = p[FR_PL_SMARTCROP_EDGE] * (fr_flame_u01(rng) - 0.5);
        double xa = ang / (2.0 * M_PI) + 1.0 + edge;
        xa = (xa - (double)fr_flame_d2i(xa)) * (2.0 * M_PI);
        if ((xa > x->sc_wpow) == (int)x->sc_mode) {
            cut = cm == 2.0 ? 2 : 1;
            if (cut == 1) {
                const double sc = p[FR_PL_SMARTCROP_SCATTER], off = p[FR_PL_SMARTCROP_OFFSET];
                ra = fr_flame_d2i(fr_flame_u01(rng) * 2.0) ? x->sc_wpow + (fr_flame_u01(rng) * sc + off + edge) * M_PI
                                                           : -(fr_flame_u01(rng) * sc + off + edge) * M_PI;
                rr = rad;
            }
        }
    } else {
        double coeff = 1.0;
        const double dist = p[FR_PL_SMARTCROP_DISTORTION];
        if (dist != 0.0) {
            double xa = (ang + M_PI) / x->sc_alpha;
            xa = xa - (double)fr_flame_d2i(xa);
            xa = xa < 0.5 ? xa : 1.0 - xa;
            coeff = 1.0 / cos(xa * x->sc_alpha);
            if (p[FR_PL_SMARTCROP_ROUNDSTR] != 0.0) {
                const double rw = p[FR_PL_SMARTCROP_ROUNDWIDTH];
                const double ww = (rw != 1.0 ? exp(log(xa * 2.0) * rw) : xa * 2.0) * x->sc_rcoeff;
                coeff = fabs((1.0 - ww) * coeff + ww);
            }
            if (dist != 1.0)
                coeff = exp(log(coeff) * dist);
        }
        const double edge = p[FR_PL_SMARTCROP_EDGE];
        const double xr = coeff * (edge != 0.0 ? x->sc_wrad + edge * (fr_flame_u01(rng) - 0.5) : x->sc_wrad);
        if ((rad > xr) == (int)x->sc_mode) {
            cut = cm == 0.0 ? 3 : cm == 2.0 ? 2 : 1;
            if (cut == 1) {
                rr = cm == -1.0 ? rad : xr + coeff * (fr_flame_u01(rng) * p[FR_PL_SMARTCROP_SCATTER] + p[FR_PL_SMARTCROP_OFFSET]);
                ra = ang + x->sc_wrot;
            }
        }
    }
    if (cut == 1) {
        double s, c;
        fr_flame_sincos(ra, &s, &c);
        f->p0 += (set ? 0.0 : xi) + w * rr * c;
        f->p1 += (set ? 0.0 : yi) + w * rr * s;
        f->p2 += (set ? 0.0 : zi) + w * zi;
    } else if (cut == 2) { /* Ember's last kept point taken as 0 */
        if (!set)
            f->p0 += xi, f->p1 += yi, f->p2 += zi;
    } else if (cut == 3) { /* the origin */
    } else {
        const int keep = st > 0.0; /* Ember's state (x, y, z) w, given alone or added */
        f->p0 += (keep ? 0.0 : xi) + w * xi;
        f->p1 += (keep ? 0.0 : yi) + w * yi;
        f->p2 += (keep ? 0.0 : zi) + w * zi;
    }
}

/* gnarly: bwraps' grid without the magnifying: inside each cell's circle
 * (radius cellsize / 2) the offset turned by twist log(r^2 / radius^2). */
FR_HD void fr_var_gnarly(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double cs = f->pv[FR_PL_GNARLY_CELLSIZE];
    double vx = f->tx, vy = f->ty;
    if (cs != 0.0) {
        const double rad = 0.5 * cs, r2 = fr_flame_zeps(rad * rad);
        const double cx = (floor(vx / cs) + 0.5) * cs, cy = (floor(vy / cs) + 0.5) * cs;
        const double lx = vx - cx, ly = vy - cy;
        if (lx * lx + ly * ly <= r2) {
            double s, c;
            fr_flame_sincos(f->pv[FR_PL_GNARLY_TWIST] * log((lx * lx + ly * ly) / r2), &s, &c);
            vx = cx + c * lx + s * ly;
            vy = cy - s * lx + c * ly;
        }
    }
    f->p0 += w * vx;
    f->p1 += w * vy;
}

/* circlecrop: outside the circle of radius `radius` about (x, y) to the
 * origin (zero) or onto a ring radius + u scatter_area / 2 wide (a draw
 * taken always); inside scaled by w about the centre. Ember's pre_ / post_
 * form (its usual use); its regular form also moves the xform's affine
 * image for the variations after it and zeroes the sum: not reproduced. */
FR_HD void fr_var_circlecrop(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double cx = p[FR_PL_CIRCLECROP_X], cy = p[FR_PL_CIRCLECROP_Y], rad0 = p[FR_PL_CIRCLECROP_RADIUS];
    const double sa = p[FR_PL_CIRCLECROP_SCATTER_AREA], ca = sa < -1.0 ? -1.0 : sa > 1.0 ? 1.0 : sa;
    const double xi = f->tx - cx, yi = f->ty - cy;
    const double rad = sqrt(xi * xi + yi * yi);
    const double rdc = rad0 + fr_flame_u01(rng) * 0.5 * ca;
    if (rad > rad0) {
        if (!fr_flame_d2i(p[FR_PL_CIRCLECROP_ZERO])) {
            double s, c;
            fr_flame_sincos(atan2(yi, xi), &s, &c);
            f->p0 += w * rdc * c + cx;
            f->p1 += w * rdc * s + cy;
        }
    } else {
        f->p0 += w * xi + cx;
        f->p1 += w * yi + cy;
    }
}

/* Voron's integer hash (the classic lattice-noise one) as a number in
 * [0, 1], with 32-bit wrap-around as Ember's ints. */
FR_HD double fr_flame_voron_noise(int v)
{
    unsigned n = (unsigned)v;
    n = (n << 13) ^ n;
    return (double)((n * (n * n * 15731u + 789221u) + 1376312589u) & 0x7fffffffu) * (1.0 / 2147483647.0);
}

/* Voron: Voronoi cells of 1 .. num hashed points in each square of side
 * step (the point's square and its eight neighbours searched); the point
 * drawn towards its nearest one, by K. */
FR_HD void fr_var_voron(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double step = p[FR_PL_VORON_STEP], num = p[FR_PL_VORON_NUM];
    const double xs = p[FR_PL_VORON_XSEED], ys = p[FR_PL_VORON_YSEED];
    const int m = fr_flame_d2i(floor(f->tx / step)), n = fr_flame_d2i(floor(f->ty / step));
    double rmin = 20.0, x0 = 0.0, y0 = 0.0;
    for (int i = -1; i < 2; i++)
        for (int j = -1; j < 2; j++) {
            /* wrap-around as Ember's ints on x86 (m is INT_MIN for a huge point) */
            const int m1 = (int)((unsigned)m + (unsigned)i), n1 = (int)((unsigned)n + (unsigned)j);
            const double k = 1.0 + floor(num * fr_flame_voron_noise(fr_flame_d2i(19.0 * m1 + 257.0 * n1 + xs)));
            for (double l = 0.0; l < k; l += 1.0) {
                const double px = (fr_flame_voron_noise(fr_flame_d2i(l + 64.0 * m1 + 15.0 * n1 + xs)) + m1) * step;
                const double py = (fr_flame_voron_noise(fr_flame_d2i(l + 21.0 * m1 + 33.0 * n1 + ys)) + n1) * step;
                const double dx = f->tx - px, dy = f->ty - py;
                const double r = sqrt(dx * dx + dy * dy);
                if (r < rmin)
                    rmin = r, x0 = px, y0 = py;
            }
        }
    const double kk = p[FR_PL_VORON_K];
    f->p0 += w * (kk * (f->tx - x0) + x0);
    f->p1 += w * (kk * (f->ty - y0) + y0);
}

/* Ember's Voronoi helpers (its VarFuncs): how far u is towards the
 * bisector of q and p (1 on it, 0 at q), and the largest of that over the
 * points p[0..n) other than p[q] (where u's cell about p[q] ends: 1). */
FR_HD double fr_flame_vratio(const double p[2], const double q[2], const double u[2])
{
    const double dx = p[0] - q[0], dy = p[1] - q[1];
    if (dx == 0.0 && dy == 0.0)
        return 1.0;
    return 2.0 * ((u[0] - q[0]) * dx + (u[1] - q[1]) * dy) / fr_flame_zeps(dx * dx + dy * dy);
}

FR_HD double fr_flame_voronoi(const double (*p)[2], int n, int q, const double u[2])
{
    double m = -1.7976931348623157e308; /* Ember's TLOW */
    for (int i = 0; i < n; i++)
        if (i != q) {
            const double r = fr_flame_vratio(p[i], p[q], u);
            if (r > m)
                m = r;
        }
    return m;
}

/* hexes: a hexagonal grid of cells of size cellsize; in each the point's
 * offset from the centre is turned by rotate (turns) and scaled to
 * (its Voronoi distance l)^power scale, blending l measured before and
 * after the turn near the edge (Ember's, against rosettes). Cell size 0:
 * the origin. */
FR_HD void fr_var_hexes(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double s = f->pv[FR_PL_HEXES_CELLSIZE];
    if (s == 0.0)
        return;
    const double r3 = 1.7320508075688772935;
    /* to hex coordinates and back: h = ((x + sqrt3 y) / 3, (-x + sqrt3 y) / 3) / s,
     * o = (3/2 (hx - hy), sqrt3 / 2 (hx + hy)) s */
    const double u[2] = {f->tx, f->ty};
    double xh = floor(((1.0 / 3.0) * u[0] + (r3 / 3.0) * u[1]) / s);
    double yh = floor(((-1.0 / 3.0) * u[0] + (r3 / 3.0) * u[1]) / s);
    double p[7][2];
    for (int i = 0; i < 4; i++) {
        const double di = xh + (double)(i >> 1), dj = yh + (double)(i & 1);
        p[i][0] = (1.5 * di + -1.5 * dj) * s;
        p[i][1] = ((r3 / 2.0) * di + (r3 / 2.0) * dj) * s;
    }
    int q = 0;
    double dmin = 1.7976931348623157e308;
    for (int i = 0; i < 4; i++) {
        const double d = (p[i][0] - u[0]) * (p[i][0] - u[0]) + (p[i][1] - u[1]) * (p[i][1] - u[1]);
        if (d < dmin)
            dmin = d, q = i;
    }
    xh += (double)(q >> 1), yh += (double)(q & 1);
    const double cx = (1.5 * xh + -1.5 * yh) * s, cy = ((r3 / 2.0) * xh + (r3 / 2.0) * yh) * s;
    /* the cell's centre and its six neighbours: hex offsets (0, 1) (1, 1) (1, 0) and their opposites */
    const double ax = -1.5 * s, ay = (r3 / 2.0) * s, bx = (1.5 + -1.5) * s, by = (r3 / 2.0 + r3 / 2.0) * s,
                 ex = 1.5 * s, ey = (r3 / 2.0) * s;
    p[0][0] = cx, p[0][1] = cy;
    p[1][0] = cx + ax, p[1][1] = cy + ay;
    p[2][0] = cx + bx, p[2][1] = cy + by;
    p[3][0] = cx + ex, p[3][1] = cy + ey;
    p[4][0] = cx - ax, p[4][1] = cy - ay;
    p[5][0] = cx - bx, p[5][1] = cy - by;
    p[6][0] = cx - ex, p[6][1] = cy - ey;
    const double l1 = fr_flame_voronoi((const double (*)[2])p, 7, 0, u);
    const double dx = u[0] - cx, dy = u[1] - cy;
    const double trg = pow(fabs(l1), f->pv[FR_PL_HEXES_POWER]) * f->pv[FR_PL_HEXES_SCALE];
    double vx = dx * x->hex_cos + dy * x->hex_sin, vy = -dx * x->hex_sin + dy * x->hex_cos;
    const double u2[2] = {vx + cx, vy + cy};
    const double l2 = fr_flame_voronoi((const double (*)[2])p, 7, 0, u2);
    const double l = fmax(l1, l2);
    double r;
    if (l < 0.5)
        r = trg / l1;
    else if (l > 0.8)
        r = trg / l2;
    else
        r = ((trg / l1) * (0.8 - l) + (trg / l2) * (l - 0.5)) / 0.3;
    vx *= r, vy *= r;
    f->p0 += w * (vx + cx);
    f->p1 += w * (vy + cy);
}

#endif
