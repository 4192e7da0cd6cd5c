/*
 * flame_var_ember_v11.h - the Ember variations that read or set the
 * walker's colour coordinate (Ember's outPoint.m_ColorX): dc_bubble,
 * dc_carpet, dc_cube, dc_cylinder, dc_gridout, dc_linear, dc_triangle,
 * dc_ztransl, randCubes, pixel_flow (Ember's VariationsDC.h) and curl_sp
 * (Variations04.h, its colour move in Ember's flam3-compatible mode, its
 * default).
 *
 * An xform with one of them (FR_FLAME_NEED_COLOR in its flags, set by
 * fr_flame_xform_precalc from any of its regular, pre_ or post_ variations)
 * has the walker hand the variations its colour coordinate after the
 * xform's blend (fr_flame_vctx.pc: Ember's outPoint.m_ColorX, which
 * Xform::Apply sets to that blend before the variations run) and take it
 * back after them as Ember's c + var_color (c' - c), NaN made 0
 * (fr_flame_xform_apply_body); the other xforms neither read nor write it.
 * A variation that sets it overwrites what one before it in the xform set
 * (the last one's counts; dc_carpet, dc_gridout and curl_sp move the one
 * they get). Regular variations run in the registry's order (these last);
 * pre_ ones before them, post_ ones after, as Ember's.
 *
 * dc_bubble, dc_cylinder and dc_linear read the sum so far (x, y) for their
 * colour (Ember's outPoint, the point itself for a pre_/post_ form:
 * fr_flame_sum_so_far); randCubes zeroes it (FR_FLAME_NEED_SUM). dc_carpet
 * and dc_triangle read the xform's affine coefficients (Ember's A .. F:
 * a = c[0][0], b = c[1][0], c = c[2][0], d = c[0][1], e = c[1][1],
 * f = c[2][1]) the way Ember's code does (dc_carpet's offsets E and F,
 * dc_triangle's axes A B and -C -D), which is not the affine map itself.
 *
 * Ember's semantics as in flame_var_ember.h: its Zeps (fr_flame_ezeps),
 * LRint (fr_flame_lrint), Floor (fr_flame_ember_floor), RandBit
 * (floor(2 u) of one draw), Rand(n) (floor(n u)), its Clamp of a double (NaN
 * to the low end: fr_flame_dc_clamp), and what its Precalc derives worked
 * out in the formula. Draws in a C++ expression are taken left to right.
 */
#ifndef FR_FLAME_VAR_EMBER_V11_H
#define FR_FLAME_VAR_EMBER_V11_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_v02.h"
#include "flame/flame_var_ember_v07.h"
#include "flame/flame_var_ember_v10.h"

/* Ember's Clamp<double> (and ClampRef): below lo lo, above hi hi, NaN lo. */
FR_HD double fr_flame_dc_clamp(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v != v ? lo : v;
}

/* Ember's ClampLteRef<double>: above lte, or not finite, lte. */
FR_HD double fr_flame_dc_clamp_lte(double v, double lte)
{
    return v > lte || !(v - v == 0.0) ? lte : v;
}

/* Ember's VarFuncs::Hash: Thomas Wang's 32-bit integer hash over [-1, 1]
 * (its int arithmetic wrapping as on x86, its right shifts arithmetic). */
FR_HD double fr_flame_dc_hash(int a)
{
    uint32_t u = (uint32_t)a;
    u = (u ^ 61u) ^ (uint32_t)((int32_t)u >> 16);
    u = u + (u << 3);
    u = u ^ (uint32_t)((int32_t)u >> 4);
    u = u * 0x27d4eb2du;
    u = u ^ (uint32_t)((int32_t)u >> 15);
    return (double)(int32_t)u / 2147483647.0;
}

/* dc_cylinder's and dc_linear's output (ox, oy, oz) added, and their
 * colour: a stripe along the direction angle through the sum so far plus
 * that output; p their parameters offset, angle, scale (in that order). */
FR_HD void fr_flame_dc_stripe_add(const fr_flame_vset *x, fr_flame_vctx *f, const double *p, double ox,
                                  double oy, double oz)
{
    const double offset = p[0], angle = p[1], scale = p[2];
    const double ldcs = 1 / (scale == 0 ? 10E-6 : scale);
    double sx, sy, sz;
    fr_flame_sum_so_far(x, f, &sx, &sy, &sz);
    const double tx = ox + sx, ty = oy + sy;
    f->pc = fmod(fabs(0.5 * (ldcs * ((cos(angle) * tx + sin(angle) * ty + offset)) + 1)), 1.0);
    f->p0 += ox;
    f->p1 += oy;
    f->p2 += oz;
}

/* dc_bubble: bubble's point; the colour from the squared distance of the
 * sum so far (plus its output) to the centre, over scale. */
FR_HD void fr_var_dc_bubble(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double scale = f->pv[FR_PL_DC_BUBBLE_SCALE];
    const double bdcs = 1 / (scale == 0 ? 10E-6 : scale);
    double sx, sy, sz;
    fr_flame_sum_so_far(x, f, &sx, &sy, &sz);
    const double r4_1 = w / fr_flame_ezeps(f->r2 / 4 + 1);
    const double ox = r4_1 * f->tx, oy = r4_1 * f->ty;
    const double cx = ox + sx + f->pv[FR_PL_DC_BUBBLE_CENTERX],
                 cy = oy + sy + f->pv[FR_PL_DC_BUBBLE_CENTERY];
    f->p0 += ox;
    f->p1 += oy;
    f->p2 += w * (2 / r4_1 - 1);
    f->pc = fmod(fabs(bdcs * (cx * cx + cy * cy)), 1.0);
}

/* dc_carpet: a random quadrant's shift (two draws), the xform's
 * coefficients applied as Ember's code does; the colour halved toward the
 * quadrant's parity, by origin. */
FR_HD void fr_var_dc_carpet(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const int x0 = fr_flame_ember_randbit(rng) != 0 ? -1 : 1;
    const int y0 = fr_flame_ember_randbit(rng) != 0 ? -1 : 1;
    const double px = f->tx + x0, py = f->ty + y0;
    const double xr = (double)(x0 ^ y0), hh = 0.1 * f->pv[FR_PL_DC_CARPET_ORIGIN];
    const double h = -hh + (1 - xr) * hh;
    f->p0 += w * (x->c[0][0] * px + x->c[1][0] * py + x->c[1][1]);
    f->p1 += w * (x->c[2][0] * px + x->c[0][1] * py + x->c[2][1]);
    f->pc = fmod(fabs(f->pc * 0.5 * (1 + h) + xr * (1 - h) * 0.5), 1.0);
}

/* dc_cube: a random face of the cube (four draws: p, q, the axis, the
 * side), scaled by x, y, z; the face's colour c1 .. c6 (clamped to [0, 1]). */
FR_HD void fr_var_dc_cube(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double p = 2 * fr_flame_u01(rng) - 1;
    const double q = 2 * fr_flame_u01(rng) - 1;
    const int i = (int)fr_flame_ember_rand_n(rng, 3.0);
    const int j = fr_flame_ember_randbit(rng) != 0;
    const double s = w * (j ? -1 : 1);
    double vx, vy, vz;
    int face;
    if (i == 0)
        vx = s, vy = w * p, vz = w * q, face = j ? 0 : 1;
    else if (i == 1)
        vx = w * p, vy = s, vz = w * q, face = j ? 2 : 3;
    else
        vx = w * p, vy = w * q, vz = s, face = j ? 4 : 5;
    f->pc = fr_flame_dc_clamp(f->pv[FR_PL_DC_CUBE_C1 + face], 0, 1);
    f->p0 += vx * f->pv[FR_PL_DC_CUBE_X];
    f->p1 += vy * f->pv[FR_PL_DC_CUBE_Y];
    f->p2 += vz * f->pv[FR_PL_DC_CUBE_Z];
}

/* dc_cylinder: Ember's blurred cylinder (five draws: the turn, four for
 * the radius); the colour a stripe across the sum so far plus its output. */
FR_HD void fr_var_dc_cylinder(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double temp = fr_flame_u01(rng) * (2 * M_PI);
    const double sr = sin(temp), cr = cos(temp);
    const double u1 = fr_flame_u01(rng), u2 = fr_flame_u01(rng), u3 = fr_flame_u01(rng),
                 u4 = fr_flame_u01(rng);
    const double r = f->pv[FR_PL_DC_CYLINDER_BLUR] * (u1 + u2 + u3 + u4 - 2);
    const double ox = w * sin(f->tx + r * sr) * f->pv[FR_PL_DC_CYLINDER_X];
    const double oy = r + f->ty * f->pv[FR_PL_DC_CYLINDER_Y];
    fr_flame_dc_stripe_add(x, f, &f->pv[FR_PL_DC_CYLINDER_OFFSET], ox, oy, w * cos(f->tx + r * cr));
}

/* dc_gridout: gridout's step toward the cell's edge; the colour moved by a
 * quarter (x step) or three quarters (y step), modulo 1. */
FR_HD void fr_var_dc_gridout(fr_flame_vctx *f, double w)
{
    const double gx = fr_flame_lrint(f->tx), gy = fr_flame_lrint(f->ty);
    double dx = 0, dy = 0, c = f->pc;
    int step_x;
    if (gy <= 0) {
        if (gx > 0)
            step_x = -gy >= gx, dx = step_x ? 1 : 0, dy = step_x ? 0 : 1;
        else
            step_x = gy <= gx, dx = step_x ? 1 : 0, dy = step_x ? 0 : -1;
    } else {
        if (gx > 0)
            step_x = gy >= gx, dx = step_x ? -1 : 0, dy = step_x ? 0 : 1;
        else
            step_x = gy > -gx, dx = step_x ? -1 : 0, dy = step_x ? 0 : -1;
    }
    c += step_x ? 0.25 : 0.75;
    f->p0 += dx != 0 ? w * (f->tx + dx) : w * f->tx;
    f->p1 += dy != 0 ? w * (f->ty + dy) : w * f->ty;
    f->pc = fmod(c, 1.0);
}

/* dc_linear: linear3D; the colour a stripe across the sum so far plus its
 * output. */
FR_HD void fr_var_dc_linear(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    fr_flame_dc_stripe_add(x, f, &f->pv[FR_PL_DC_LINEAR_OFFSET], w * f->tx, w * f->ty, w * f->tz);
}

/* dc_triangle's folding of (u, v) back onto the edge u + v = 1. */
FR_HD void fr_flame_dc_fold(double *u, double *v)
{
    if (*u > *v) {
        *u = fr_flame_dc_clamp_lte(*u, 1);
        *v = 1 - *u;
    } else {
        *v = fr_flame_dc_clamp_lte(*v, 1);
        *u = 1 - *v;
    }
}

/* dc_triangle: the point's barycentric coordinates (u, v) in the triangle
 * the xform's coefficients span (Ember's axes (a, b), (-c, -d), origin
 * (e, f)), a point outside it brought onto its edges and scattered
 * inward (two draws) or to the origin (zero_edges); the colour u + v. */
FR_HD void fr_var_dc_triangle(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double xx = x->c[0][0], xy = x->c[1][0], yx = x->c[2][0] * -1, yy = x->c[0][1] * -1;
    const double ox = x->c[1][1], oy = x->c[2][1], px = f->tx - ox, py = f->ty - oy;
    const double dot00 = xx * xx + xy * xy, dot01 = xx * yx + xy * yy, dot02 = xx * px + xy * py;
    const double dot11 = yx * yx + yy * yy, dot12 = yx * px + yy * py;
    const double denom = (dot00 * dot11 - dot01 * dot01);
    const double num_u = (dot11 * dot02 - dot01 * dot12), num_v = (dot00 * dot12 - dot01 * dot02);
    const double a = fr_flame_dc_clamp(f->pv[FR_PL_DC_TRIANGLE_SCATTER_AREA], -1, 1);
    double u = num_u / denom, v = num_v / denom, fs = 1;
    int inside = 0;
    if (u + v > 1) {
        fs = -1;
        fr_flame_dc_fold(&u, &v);
    } else if (u < 0 || v < 0) {
        u = fr_flame_dc_clamp(u, 0, 1);
        v = fr_flame_dc_clamp(v, 0, 1);
    } else {
        inside = 1;
    }
    if (f->pv[FR_PL_DC_TRIANGLE_ZERO_EDGES] != 0 && !inside) {
        u = v = 0;
    } else if (!inside) {
        u = (u + fr_flame_u01(rng) * a * fs);
        v = (v + fr_flame_u01(rng) * a * fs);
        u = fr_flame_dc_clamp(u, -1, 1);
        v = fr_flame_dc_clamp(v, -1, 1);
        if (u + v > 1 && a > 0) fr_flame_dc_fold(&u, &v);
    }
    f->p0 += w * (ox + u * xx + v * yx);
    f->p1 += w * (oy + u * xy + v * yy);
    f->p2 += w * f->tz;
    f->pc = fmod(fabs(u + v), 1.0);
}

/* dc_ztransl: linear's x and y; z from the colour's place between x0 and
 * x1 (in either order) times factor, clamped to [0, 1] when asked, in
 * place of z (overwrite) or scaling it. The colour is read only. */
FR_HD void fr_var_dc_ztransl(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double a = f->pv[FR_PL_DC_ZTRANSL_X0], b = f->pv[FR_PL_DC_ZTRANSL_X1];
    const double x0 = a < b ? a : b, x1 = a > b ? a : b;
    double zf = f->pv[FR_PL_DC_ZTRANSL_FACTOR] * (f->pc - x0) / fr_flame_ezeps(x1 - x0);
    if (f->pv[FR_PL_DC_ZTRANSL_CLAMP] != 0) zf = fr_flame_dc_clamp(zf, 0, 1);
    f->p0 += w * f->tx;
    f->p1 += w * f->ty;
    f->p2 += f->pv[FR_PL_DC_ZTRANSL_OVERWRITE] == 0 ? w * f->tz * zf : w * zf;
}

/* randCubes: a random block (two draws each way: the log distance, its
 * side), its height from the blocks' hash, a random point in it (three
 * more draws: x, y, the height's fade); in place of the sum so far (a
 * regular variation zeroes it, z included; Ember's ASSIGNTYPE_SUM); the
 * colour the height over 2. Its weight is unused (Ember's). */
FR_HD void fr_var_rand_cubes(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    (void)w;
    const double spread = f->pv[FR_PL_RAND_CUBES_SPREAD], seed = f->pv[FR_PL_RAND_CUBES_SEED];
    const double density = f->pv[FR_PL_RAND_CUBES_DENSITY], size = f->pv[FR_PL_RAND_CUBES_BLOCKSIZE];
    const double lx = log(fr_flame_u01(rng));
    const double bx = fr_flame_ember_floor(lx * (fr_flame_ember_randbit(rng) != 0 ? spread : -spread));
    const double ly = log(fr_flame_u01(rng));
    const double by = fr_flame_ember_floor(ly * (fr_flame_ember_randbit(rng) != 0 ? spread : -spread));
    const double z =
        fr_flame_dc_hash(fr_flame_d2i(bx * seed)) + fr_flame_dc_hash(fr_flame_d2i(bx + by * seed));
    fr_flame_sum_zero(x, f, 1);
    const double ux = fr_flame_u01(rng), uy = fr_flame_u01(rng), uz = fr_flame_u01(rng);
    f->p0 += (bx * density + ux) * size;
    f->p1 += (by * density + uy) * size;
    f->p2 += f->pv[FR_PL_RAND_CUBES_BLOCKHEIGHT] * z * pow(uz, 0.125);
    f->pc = z / 2;
}

/* Ember's (int) of its Floor (a 64-bit integer): the low 32 bits. */
FR_HD int fr_flame_dc_floor_int(double v)
{
    return (int)(int32_t)(uint32_t)(uint64_t)(int64_t)fr_flame_ember_floor(v);
}

/* pixel_flow: a short streak along angle (degrees) whose length comes
 * from the hash of the point's block (blocks of 1 / width, their sizes
 * varied by the hash) and one draw r (to the 4th power: the fade); the
 * colour r when enable_dc. */
FR_HD void fr_var_pixel_flow(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double rad = f->pv[FR_PL_PIXEL_FLOW_ANGLE] * (M_PI / 180);
    const double yl = sin(rad), xl = cos(rad);
    const double width = f->pv[FR_PL_PIXEL_FLOW_WIDTH], seed = f->pv[FR_PL_PIXEL_FLOW_SEED];
    int bx = fr_flame_dc_floor_int(f->tx * width);
    bx = (int)(uint32_t)((uint32_t)bx +
                         (uint32_t)(int)(2 - 4 * fr_flame_dc_hash(fr_flame_d2i(bx * seed + 1))));
    int by = fr_flame_dc_floor_int(f->ty * width);
    by = (int)(uint32_t)((uint32_t)by +
                         (uint32_t)(int)(2 - 4 * fr_flame_dc_hash(fr_flame_d2i(by * seed + 1))));
    const double flen = (fr_flame_dc_hash(fr_flame_d2i(by + bx * -seed)) +
                         fr_flame_dc_hash(fr_flame_d2i(bx + by * seed * 0.5))) *
                        0.5;
    const double r01 = fr_flame_u01(rng);
    const double fade = flen * r01 * r01 * r01 * r01;
    const double len = f->pv[FR_PL_PIXEL_FLOW_LEN];
    f->p0 += w * len * xl * fade;
    f->p1 += w * len * yl * fade;
    if (f->pv[FR_PL_PIXEL_FLOW_ENABLE_DC] != 0) f->pc = r01;
}

/* Ember's Powq4c: x^p keeping x's sign (SignNz: 0 as +), x itself for p 1. */
FR_HD double fr_flame_powq4c(double v, double p)
{
    return p == 1 ? v : pow(fabs(v), p) * (v < 0 ? -1.0 : 1.0);
}

/* Ember's Spread: |(a, b)| with a's sign (0 as -). */
FR_HD double fr_flame_spread(double a, double b)
{
    return sqrt(a * a + b * b) * (a > 0 ? 1.0 : -1.0);
}

/* curl_sp: curl with powers and spreads; the colour moved by dc / 10
 * times the divisor, clamped to [0, 1] (Ember's flam3-compatible mode). */
FR_HD void fr_var_curl_sp(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double power = fr_flame_ezeps(f->pv[FR_PL_CURL_SP_POW]), pinv = 1 / power;
    const double c1 = f->pv[FR_PL_CURL_SP_C1], c2 = f->pv[FR_PL_CURL_SP_C2];
    const double vx = fr_flame_powq4c(f->tx, power), vy = fr_flame_powq4c(f->ty, power);
    const double vz = fr_flame_powq4c(f->tz, power);
    const double d = vx * vx - vy * vy;
    const double re = fr_flame_spread(c1 * vx + c2 * d, f->pv[FR_PL_CURL_SP_SX]) + 1;
    const double im = fr_flame_spread(c1 * vy + 2 * c2 * vx * vy, f->pv[FR_PL_CURL_SP_SY]);
    const double c = fr_flame_ezeps(fr_flame_powq4c(re * re + im * im, pinv));
    const double r = w / c;
    f->p0 += (vx * re + vy * im) * r;
    f->p1 += (vy * re - vx * im) * r;
    f->p2 += (vz * w) / c;
    f->pc = fr_flame_dc_clamp(f->pc + 0.1 * f->pv[FR_PL_CURL_SP_DC] * c, 0, 1);
}

#endif
