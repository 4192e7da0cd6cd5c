/*
 * flame_var_ember_v04.h - the variations of Ember's Variations04.h that
 * fractalis did not have, in that file's order (as far as taken): eSwirl,
 * lazyjess, lazyTravis, squish, circus, tancos, rippled, juliaNab,
 * sintrange, waffle, square3D, SuperShape3D, sphyp3D, circlecrop2,
 * julian3Dx, fourth, mobiq, spherivoid, farblur, heat, interference2, the
 * quaternion functions sinq .. cschq, estiq, loq, curvature, q_ode,
 * blur_heart, truchet_knot, gdoffs, octagon, trade, Juliac, blade3D,
 * blob3D, blocky, block. Ember's semantics as in flame_var_ember.h; its
 * Zeps (fr_flame_ezeps) and EPS (FR_EMBER_EPS). What Ember precomputes
 * from the parameters (its Precalc) is worked out here in the formula, in
 * Ember's order of operations.
 */
#ifndef FR_FLAME_VAR_EMBER_V04_H
#define FR_FLAME_VAR_EMBER_V04_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_shape.h"
#include "flame/flame_var_ember_v03.h"

/* Ember's precalc cosine and sine of the point's angle: x / Zeps(r),
 * y / Zeps(r) (flam3's sina, cosa are the other way round). */
FR_HD double fr_flame_ecosa(const fr_flame_vctx *f)
{
    return f->tx / fr_flame_ezeps(f->r);
}
FR_HD double fr_flame_esina(const fr_flame_vctx *f)
{
    return f->ty / fr_flame_ezeps(f->r);
}

/* eSwirl: nu turned by mu out + in / mu (Ember clamps xmax at -1, not 1:
 * on the foci's segment mu is 0 and in / mu infinite). */
FR_HD void fr_var_eswirl(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = f->r2 + 1.0, t2 = 2.0 * f->tx;
    double xmax = (fr_flame_safe_sqrt(t + t2) + fr_flame_safe_sqrt(t - t2)) * 0.5;
    if (xmax < -1.0) xmax = -1.0;
    const double mu = acosh(xmax);
    double nu = fr_flame_elliptic_nu(f, xmax);
    if (f->ty < 0) nu = -nu;
    nu = nu + mu * f->pv[FR_PL_ESWIRL_OUT] + f->pv[FR_PL_ESWIRL_IN] / mu;
    fr_flame_elliptic_out(f, w, mu, nu);
}

/* lazyjess (FarDareisMai): inside the regular n-gon of circumradius
 * w sqrt 2 (n 2: the band |x| < w) the point turned by spin, what the turn
 * carries out of it flipped and turned back by the corner's rotation;
 * outside pushed out by space / r. */
FR_HD double fr_flame_lazyjess_edge(double w, double theta, double half, double pie, double vertex,
                                    double sinv)
{
    const double diff = fmod(theta + half, pie);
    return w * M_SQRT2 * sinv / fr_flame_ezeps(sin(M_PI - diff - vertex));
}

FR_HD void fr_var_lazyjess(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double n = f->pv[FR_PL_LAZYJESS_N], spin = f->pv[FR_PL_LAZYJESS_SPIN];
    const double space = f->pv[FR_PL_LAZYJESS_SPACE];
    const double vertex = M_PI * (n - 2.0) / fr_flame_ezeps(2.0 * n), sinv = sin(vertex);
    const double pie = 2.0 * M_PI / fr_flame_ezeps(n), half = pie / 2.0;
    const double corner_rot = (f->pv[FR_PL_LAZYJESS_CORNER] - 1.0) * pie;
    double px = f->tx, py = f->ty, modulus = f->r, theta;
    if (n == 2.0) {
        if (fabs(px) < w) {
            theta = atan2(py, px) + spin;
            px = w * modulus * cos(theta);
            py = w * modulus * sin(theta);
            if (fabs(px) < w) {
                f->p0 += px;
                f->p1 += py;
            } else {
                theta = atan2(py, px) - spin + corner_rot;
                f->p0 += w * modulus * cos(theta);
                f->p1 += -(w * modulus * sin(theta));
            }
            return;
        }
    } else if (modulus < fr_flame_lazyjess_edge(w, atan2(py, px) + 2.0 * M_PI, half, pie, vertex, sinv)) {
        theta = atan2(py, px) + spin + 2.0 * M_PI;
        px = w * modulus * cos(theta);
        py = w * modulus * sin(theta);
        const double r = fr_flame_lazyjess_edge(w, theta, half, pie, vertex, sinv);
        modulus = sqrt(px * px + py * py);
        if (modulus < r) {
            f->p0 += px;
            f->p1 += py;
        } else {
            theta = atan2(py, px) - spin + corner_rot + 2.0 * M_PI;
            f->p0 += w * modulus * cos(theta);
            f->p1 += -(w * modulus * sin(theta));
        }
        return;
    }
    modulus = 1.0 + space / fr_flame_ezeps(modulus);
    f->p0 += w * modulus * px;
    f->p1 += w * modulus * py;
}

/* lazyTravis: the point's square ring (half side s = max(|x|, |y|)) walked
 * round by 4 spin_in s inside the square of half side w, by 4 spin_out s
 * (and out by space) outside it. */
FR_HD double fr_flame_lazytravis_walk(double px, double py, double spin4, double *s)
{
    const double ax = fabs(px), ay = fabs(py);
    double p;
    if (ax > ay) {
        *s = ax;
        p = px > 0 ? *s + py + *s * spin4 : 5.0 * *s - py + *s * spin4;
    } else {
        *s = ay;
        p = py > 0 ? 3.0 * *s - px + *s * spin4 : 7.0 * *s + px + *s * spin4;
    }
    return fmod(p, *s * 8.0);
}

FR_HD void fr_var_lazytravis(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double space = f->pv[FR_PL_LAZYTRAVIS_SPACE];
    double s, x2, y2;
    if (fabs(f->tx) > w || fabs(f->ty) > w) {
        const double p = fr_flame_lazytravis_walk(f->tx, f->ty, 4.0 * f->pv[FR_PL_LAZYTRAVIS_SPIN_OUT], &s);
        if (p <= 2.0 * s) {
            x2 = s + space;
            y2 = -(1.0 * s - p);
            y2 = y2 + y2 / s * space;
        } else if (p <= 4.0 * s) {
            y2 = s + space;
            x2 = (3.0 * s - p);
            x2 = x2 + x2 / s * space;
        } else if (p <= 6.0 * s) {
            x2 = -(s + space);
            y2 = (5.0 * s - p);
            y2 = y2 + y2 / s * space;
        } else {
            y2 = -(s + space);
            x2 = -(7.0 * s - p);
            x2 = x2 + x2 / s * space;
        }
        f->p0 += w * x2;
        f->p1 += w * y2;
    } else {
        const double p = fr_flame_lazytravis_walk(f->tx, f->ty, 4.0 * f->pv[FR_PL_LAZYTRAVIS_SPIN_IN], &s);
        if (p <= 2.0 * s) {
            f->p0 += w * s;
            f->p1 += -(w * (s - p));
        } else if (p <= 4.0 * s) {
            f->p0 += w * (3.0 * s - p);
            f->p1 += w * s;
        } else if (p <= 6.0 * s) {
            f->p0 += -(w * s);
            f->p1 += w * (5.0 * s - p);
        } else {
            f->p0 += -(w * (7.0 * s - p));
            f->p1 += -(w * s);
        }
    }
}

/* squish: the point's square ring squeezed to 1 / power of it, on one of
 * floor(power) copies round it (one draw). */
FR_HD void fr_var_squish(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = f->pv[FR_PL_SQUISH_POWER], inv = 1.0 / power;
    const double ax = fabs(f->tx), ay = fabs(f->ty);
    double s, p;
    if (ax > ay) {
        s = ax;
        p = f->tx > 0 ? f->ty : 4.0 * s - f->ty;
    } else {
        s = ay;
        p = f->ty > 0 ? 2.0 * s - f->tx : 6.0 * s + f->tx;
    }
    p = inv * (p + 8.0 * s * floor(power * fr_flame_u01(rng)));
    if (p <= s) {
        f->p0 += w * s;
        f->p1 += w * p;
    } else if (p <= 3.0 * s) {
        f->p0 += w * (2.0 * s - p);
        f->p1 += w * s;
    } else if (p <= 5.0 * s) {
        f->p0 += -(w * s);
        f->p1 += w * (4.0 * s - p);
    } else if (p <= 7.0 * s) {
        f->p0 += -(w * (6.0 * s - p));
        f->p1 += -(w * s);
    } else {
        f->p0 += w * s;
        f->p1 += w * (8.0 * s - p);
    }
}

/* circus: the radius scaled by scale inside the unit circle, by 1 / scale
 * outside. */
FR_HD void fr_var_circus(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double scale = f->pv[FR_PL_CIRCUS_SCALE];
    double r = f->r;
    if (r <= 1)
        r *= scale;
    else
        r *= 1.0 / scale;
    f->p0 += w * r * fr_flame_ecosa(f);
    f->p1 += w * r * fr_flame_esina(f);
}

/* tancos, rippled: (tanh d 2x, cos d 2y), d = r^2, over d (tancos) or 2
 * (rippled). */
FR_HD void fr_var_tancos(fr_flame_vctx *f, double w)
{
    const double d = fr_flame_ezeps(f->r2);
    f->p0 += (w / d) * (tanh(d) * (2.0 * f->tx));
    f->p1 += (w / d) * (cos(d) * (2.0 * f->ty));
}

FR_HD void fr_var_rippled(fr_flame_vctx *f, double w)
{
    const double d = fr_flame_ezeps(f->r2);
    f->p0 += (w / 2.0) * (tanh(d) * (2.0 * f->tx));
    f->p1 += (w / 2.0) * (cos(d) * (2.0 * f->ty));
}

/* juliaNab: julian of the angle of (|x|^separ, y) (one of |n| branches,
 * a draw), its radius w (r^2)^(a / 2|n|), moved by (b, b); z kept (a regular
 * juliaNab sets the sum's z, as Ember's: those of lower index lose theirs). */
FR_HD void fr_var_julianab(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double n = f->pv[FR_PL_JULIANAB_N], b = f->pv[FR_PL_JULIANAB_B];
    const double jun = fr_flame_ezeps(fabs(n)), cn = 1.0 / jun / 2.0;
    const double a = (atan2(f->ty, pow(fabs(f->tx), f->pv[FR_PL_JULIANAB_SEPAR])) +
                      2.0 * M_PI * floor(fr_flame_u01(rng) * fabs(n))) /
                     jun;
    const double r = w * pow(f->r2, cn * f->pv[FR_PL_JULIANAB_A]);
    f->p0 += r * cos(a) + b;
    f->p1 += r * sin(a) + b;
    f->p2 = f->tz;
}

/* sintrange: sin of each coordinate times its square plus W (1 - r^2). */
FR_HD void fr_var_sintrange(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double sw = f->pv[FR_PL_SINTRANGE_W];
    const double sqx = f->tx * f->tx, sqy = f->ty * f->ty, v = (sqx + sqy) * sw;
    f->p0 += w * sin(f->tx) * (sqx + sw - v);
    f->p1 += w * sin(f->ty) * (sqy + sw - v);
}

/* waffle: a random point of a grid of slices x slices cells' bars
 * (xthickness, ythickness wide), turned by rotation: one of five cases by
 * Ember's Rand(5), then its Rand(slices) and uniform draws in its order
 * (four or five draws in all). */
FR_HD void fr_var_waffle(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double slices = f->pv[FR_PL_WAFFLE_SLICES];
    const double xth = f->pv[FR_PL_WAFFLE_XTHICKNESS], yth = f->pv[FR_PL_WAFFLE_YTHICKNESS];
    const double n = slices >= 1.0 ? floor(slices) : 0.0; /* Ember's size_t(slices) */
    double a, r, k;
    switch ((int)fr_flame_ember_rand_n(rng, 5.0)) {
    case 0:
        k = fr_flame_ember_rand_n(rng, n);
        a = (k + fr_flame_u01(rng) * xth) / slices;
        k = fr_flame_ember_rand_n(rng, n);
        r = (k + fr_flame_u01(rng) * yth) / slices;
        break;
    case 1:
        k = fr_flame_ember_rand_n(rng, n);
        a = (k + fr_flame_u01(rng)) / slices;
        r = (fr_flame_ember_rand_n(rng, n) + yth) / slices;
        break;
    case 2:
        a = (fr_flame_ember_rand_n(rng, n) + xth) / slices;
        k = fr_flame_ember_rand_n(rng, n);
        r = (k + fr_flame_u01(rng)) / slices;
        break;
    case 3:
        a = fr_flame_u01(rng);
        k = fr_flame_ember_rand_n(rng, n);
        r = (k + yth + fr_flame_u01(rng) * (1.0 - yth)) / slices;
        break;
    default:
        k = fr_flame_ember_rand_n(rng, n);
        a = (k + xth + fr_flame_u01(rng) * (1.0 - xth)) / slices;
        r = fr_flame_u01(rng);
        break;
    }
    const double rot = f->pv[FR_PL_WAFFLE_ROTATION];
    const double sinr = w * sin(rot), cosr = w * cos(rot);
    f->p0 += cosr * a + sinr * r;
    f->p1 += -sinr * a + cosr * r;
}

/* square3D: a uniform point of the cube of side w (three draws). */
FR_HD void fr_var_square3d(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    f->p0 += w * (fr_flame_u01(rng) - 0.5);
    f->p1 += w * (fr_flame_u01(rng) - 0.5);
    f->p2 += w * (fr_flame_u01(rng) - 0.5);
}

/* SuperShape3D: a random point of the product of two superformula curves
 * (rho along the first, phi +- along the second: three draws), as a
 * sphere-like surface or (toroidmap 1) a torus. Ember's rho2pi is
 * rho 2 / pi (C's M_2_PI), as is phi2pi; its radius takes n1 as a power,
 * not -1 / n1. */
FR_HD double fr_flame_superformula(double ang, double m4, double a, double b, double n1, double n2, double n3)
{
    const double an2 = pow(fabs(1.0 / a), n2), bn3 = pow(fabs(1.0 / b), n3);
    const double t = m4 * ang;
    const double pr = an2 * pow(fabs(cos(t)), n2) + bn3 * pow(fabs(sin(t)), n3);
    return pow(fabs(pr), n1);
}

FR_HD void fr_var_supershape3d(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p =
        f->pv; /* rho phi m1 m2 a1 a2 b1 b2 n1_1 n1_2 n2_1 n2_2 n3_1 n3_2 */
    const double rho1 = fr_flame_u01(rng) * (p[0] * M_2_PI);
    double phi1 = fr_flame_u01(rng) * (p[1] * M_2_PI);
    if (fr_flame_rng_bit(rng)) phi1 = -phi1;
    const double sinr = sin(rho1), cosr = cos(rho1), sinp = sin(phi1), cosp = cos(phi1);
    const double r1 = fr_flame_superformula(rho1, p[2] / 4.0, p[4], p[6], p[8], p[10], p[12]) +
                      f->pv[FR_PL_SUPERSHAPE3D_SPIRAL] * rho1;
    const double r2 = fr_flame_superformula(phi1, p[3] / 4.0, p[5], p[7], p[9], p[11], p[13]);
    if (fr_flame_d2i(f->pv[FR_PL_SUPERSHAPE3D_TOROIDMAP]) == 1) {
        f->p0 += w * cosr * (r1 + r2 * cosp);
        f->p1 += w * sinr * (r1 + r2 * cosp);
    } else {
        f->p0 += w * r1 * cosr * r2 * cosp;
        f->p1 += w * r1 * sinr * r2 * cosp;
    }
    f->p2 += w * r2 * sinp;
}

/* sphyp3D: each coordinate over (x^2 + y^2 + z^2) to its own stretch; z
 * only with zOn 1 (else nothing added to it: Ember leaves the z its
 * previous variation left). */
FR_HD void fr_var_sphyp3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = fr_flame_ezeps(f->r2 + f->tz * f->tz);
    f->p0 += f->tx * (w / pow(t, f->pv[FR_PL_SPHYP3D_STRETCHX]));
    f->p1 += f->ty * (w / pow(t, f->pv[FR_PL_SPHYP3D_STRETCHY]));
    if (fr_flame_d2i(f->pv[FR_PL_SPHYP3D_ZON]) == 1)
        f->p2 += f->tz * (w / pow(t, f->pv[FR_PL_SPHYP3D_STRETCHZ]));
}

/* circlecrop2 (tatasz): the ring inner .. outer kept; outside it 0 or
 * (zero 0) onto the outer circle, Ember's way: (sin, cos) of the angle. */
FR_HD void fr_var_circlecrop2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double inner = f->pv[FR_PL_CIRCLECROP2_INNER], outer = f->pv[FR_PL_CIRCLECROP2_OUTER];
    const double in = inner < outer ? inner : outer, out = inner < outer ? outer : inner;
    double s = 0.0, c = 0.0;
    if (f->r > out || f->r < in) {
        if (f->pv[FR_PL_CIRCLECROP2_ZERO] == 0.0) {
            s = sin(f->atan_yx) * (out * w);
            c = cos(f->atan_yx) * (out * w);
        }
    } else {
        s = f->tx * w;
        c = f->ty * w;
    }
    f->p0 += s;
    f->p1 += c;
}

/* julian3Dx: julia3D's root of an affine image of the point (a .. f), one
 * of |power| branches drawn (one draw). */
FR_HD void fr_var_julian3dx(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv; /* dist power a b c d e f */
    const double power = p[1], absn = fabs(power), cn = (p[0] / power - 1.0) / 2.0;
    const double z = f->tz / absn;
    const double rout = w * pow(f->r2 + z * z, cn);
    const double ax = p[2] * f->tx + p[3] * f->ty + p[6];
    const double ay = p[4] * f->tx + p[5] * f->ty + p[7];
    const double k = (double)fr_flame_d2i(fr_flame_u01(rng) * absn);
    const double alpha = (atan2(ay, ax) + 2.0 * M_PI * k) / power;
    const double gamma = rout * f->r;
    f->p0 += gamma * cos(alpha);
    f->p1 += gamma * sin(alpha);
    f->p2 += rout * z;
}

/* fourth: a quadrant each: x > 0, y > 0 spherical; x > 0, y < 0 loonie;
 * x < 0, y > 0 lazysusan (about (x, -y), spin, space, twist); else linear. */
FR_HD void fr_var_fourth(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    if (f->tx > 0 && f->ty > 0) {
        const double r = 1.0 / f->r;
        f->p0 += w * r * fr_flame_ecosa(f);
        f->p1 += w * r * fr_flame_esina(f);
    } else if (f->tx > 0 && f->ty < 0) {
        const double sqw = w * w;
        if (f->r2 < sqw) {
            const double r = w * sqrt(sqw / f->r2 - 1.0);
            f->p0 += r * f->tx;
            f->p1 += r * f->ty;
        } else {
            f->p0 += w * f->tx;
            f->p1 += w * f->ty;
        }
    } else if (f->tx < 0 && f->ty > 0) {
        const double cx = f->pv[FR_PL_FOURTH_X], cy = f->pv[FR_PL_FOURTH_Y];
        const double px = f->tx - cx, py = f->ty + cy;
        double r = sqrt(px * px + py * py);
        if (r < w) {
            const double a =
                atan2(py, px) + f->pv[FR_PL_FOURTH_SPIN] + f->pv[FR_PL_FOURTH_TWIST] * (w - r);
            r *= w;
            f->p0 += r * cos(a) + cx;
            f->p1 += r * sin(a) - cy;
        } else {
            r = w * (1.0 + f->pv[FR_PL_FOURTH_SPACE] / fr_flame_ezeps(r));
            f->p0 += r * px + cx;
            f->p1 += r * py - cy;
        }
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* mobiq: a Moebius map of quaternions, (A q + B) / (C q + D), q = (x, y, z)
 * as (t, x, y) with Ember's products (its last component its own). */
FR_HD void fr_var_mobiq(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv; /* at ax ay az bt bx by bz ct cx cy cz dt dx dy dz */
    const double t2 = f->tx, x2 = f->ty, y2 = f->tz;
    const double nt = p[0] * t2 - p[1] * x2 - p[2] * y2 + p[4];
    const double nx = p[0] * x2 + p[1] * t2 - p[3] * y2 + p[5];
    const double ny = p[0] * y2 + p[2] * t2 + p[3] * x2 + p[6];
    const double nz = p[3] * t2 + p[1] * y2 - p[2] * x2 + p[7];
    const double dt = p[8] * t2 - p[9] * x2 - p[10] * y2 + p[12];
    const double dx = p[8] * x2 + p[9] * t2 - p[11] * y2 + p[13];
    const double dy = p[8] * y2 + p[10] * t2 + p[11] * x2 + p[14];
    const double dz = p[11] * t2 + p[9] * y2 - p[10] * x2 + p[15];
    const double ni = w / (dt * dt + dx * dx + dy * dy + dz * dz);
    f->p0 += (nt * dt + nx * dx + ny * dy + nz * dz) * ni;
    f->p1 += (nx * dt - nt * dx - ny * dz + nz * dy) * ni;
    f->p2 += (ny * dt - nt * dy - nz * dx + nx * dz) * ni;
}

/* spherivoid: the point's distance from the origin in 3D plus radius, in
 * its direction. */
FR_HD void fr_var_spherivoid(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double zr = sqrt(f->tz * f->tz + f->r * f->r);
    const double q = f->tz / zr;
    const double phi = acos(q < -1.0 ? -1.0 : q > 1.0 ? 1.0 : q);
    const double ps = sin(phi), pc = cos(phi), rad = zr + f->pv[FR_PL_SPHERIVOID_RADIUS];
    f->p0 += w * fr_flame_ecosa(f) * ps * rad;
    f->p1 += w * fr_flame_esina(f) * ps * rad;
    f->p2 += w * pc * rad;
}

/* farblur: a blur in a random 3D direction, its size the squared distance
 * from (x_origin, y_origin, z_origin) times a sum of four draws less 2,
 * scaled by (x, y, z) (six draws). */
FR_HD void fr_var_farblur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv; /* x y z x_origin y_origin z_origin */
    const double dx = f->tx - p[3], dy = f->ty - p[4], dz = f->tz - p[5];
    const double r = w * (dx * dx + dy * dy + dz * dz) * fr_flame_u01_sum4_less2(rng);
    const double u = fr_flame_u01(rng) * 2.0 * M_PI;
    const double v = fr_flame_u01(rng) * 2.0 * M_PI;
    const double sv = sin(v);
    f->p0 += p[0] * r * sv * cos(u);
    f->p1 += p[1] * r * sv * sin(u);
    f->p2 += p[2] * r * cos(v);
}

/* heat: the point in spherical coordinates (r from x^2 + y^2 + z, as
 * Ember's), each of r, theta and phi waved by a sine of r (period, phase,
 * amplitude; the amplitudes times w, which scales nothing else). */
FR_HD void fr_var_heat(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p =
        f->pv; /* theta_period _phase _amp phi_period _phase _amp r_period _phase _amp */
    const double tx = p[0] == 0 ? 0.0 : 1.0 / p[0];
    const double px = p[3] == 0 ? 0.0 : 1.0 / p[3];
    const double rx = p[6] == 0 ? 0.0 : 1.0 / p[6];
    const double at = w * p[2], bt = 2.0 * M_PI * tx, ct = p[1] * tx;
    const double ap = w * p[5], bp = 2.0 * M_PI * px, cp = p[4] * px;
    const double ar = w * p[8], br = 2.0 * M_PI * rx, cr = p[7] * rx;
    double r = sqrt(fabs(f->r2 + f->tz));
    r += ar * sin(fma(br, r, cr));
    if (r == 0) r = FR_EMBER_EPS;
    const double theta = fma(at, sin(fma(bt, r, ct)), f->atan_yx);
    const double q = f->tz / r;
    const double phi = fma(ap, sin(fma(bp, r, cp)), acos(q < -1.0 ? -1.0 : q > 1.0 ? 1.0 : q));
    const double sp = sin(phi);
    f->p0 += r * cos(theta) * sp;
    f->p1 += r * sin(theta) * sp;
    f->p2 += r * cos(phi);
}

/* interference2: two waves (sine, triangle or square by t1, t2: a
 * |wave(b v + c)|^p) of each coordinate, summed. */
FR_HD double fr_flame_interference_wave(int t, double a, double b, double c, double p, double v)
{
    if (t == 1) return a * 2.0 * pow(fabs(asin(cos(b * v + c - M_PI_2))) * M_1_PI, p);
    if (t == 2) return a * pow(sin(b * v + c) < 0 ? FR_EMBER_EPS : 1.0, p);
    return a * pow(fabs(sin(b * v + c)), p);
}

FR_HD void fr_var_interference2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv; /* a1 b1 c1 p1 t1 a2 b2 c2 p2 t2 */
    const int t1 = fr_flame_d2i(p[4]), t2 = fr_flame_d2i(p[9]);
    const double fp1x = fr_flame_interference_wave(t1, p[0], p[1], p[2], p[3], f->tx);
    const double fp1y = fr_flame_interference_wave(t1, p[0], p[1], p[2], p[3], f->ty);
    const double fp2x = fr_flame_interference_wave(t2, p[5], p[6], p[7], p[8], f->tx);
    const double fp2y = fr_flame_interference_wave(t2, p[5], p[6], p[7], p[8], f->ty);
    f->p0 += w * (fp1x + fp2x);
    f->p1 += w * (fp1y + fp2y);
}

/* The quaternion functions: q = x + (y, z) as a quaternion of real part x
 * and vector part v = (y, z) (|v| = absv); sin, sinh, sec, sech, tan,
 * tanh, cos, cosh, cot, coth, csc, csch, exp (estiq) and log (loq) of it,
 * Ember's formulas (cothq's denominator squared, secq's and cscq's signs,
 * loq's real part not weighted, as Ember's). */
FR_HD double fr_flame_absv(const fr_flame_vctx *f)
{
    return sqrt(f->ty * f->ty + f->tz * f->tz);
}

FR_HD void fr_flame_quat_out(fr_flame_vctx *f, double re, double d)
{
    f->p0 += re;
    f->p1 += d * f->ty;
    f->p2 += d * f->tz;
}

FR_HD void fr_var_sinq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double d = w * cos(f->tx) * sinh(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, w * sin(f->tx) * cosh(absv), d);
}

FR_HD void fr_var_sinhq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double d = w * cosh(f->tx) * sin(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, w * sinh(f->tx) * cos(absv), d);
}

FR_HD void fr_var_secq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double ni = w / fr_flame_ezeps(f->r2 + f->tz * f->tz);
    const double d = ni * sin(-f->tx) * sinh(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, cos(-f->tx) * cosh(absv) * ni, -d);
}

FR_HD void fr_var_sechq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double ni = w / fr_flame_ezeps(f->r2 + f->tz * f->tz);
    const double d = ni * sinh(f->tx) * sin(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, cosh(f->tx) * cos(absv) * ni, -d);
}

/* tanq, cotq (sign of the vector part), from sin and cos of x and sinh,
 * cosh of |v|; tanhq, cothq from sinh, cosh of x and sin, cos of |v|. */
FR_HD void fr_flame_tanq_like(fr_flame_vctx *f, double ni, double s, double c, double sh, double ch,
                              double sign)
{
    const double sysz = f->ty * f->ty + f->tz * f->tz, absv = sqrt(sysz);
    const double d = c * sh / fr_flame_ezeps(absv);
    const double b = -s * sh / fr_flame_ezeps(absv);
    const double stcv = s * ch, nstcv = -stcv, ctcv = c * ch;
    f->p0 += (stcv * ctcv + d * b * sysz) * ni;
    f->p1 += sign * (nstcv * b * f->ty + d * f->ty * ctcv) * ni;
    f->p2 += sign * (nstcv * b * f->tz + d * f->tz * ctcv) * ni;
}

FR_HD void fr_var_tanq(fr_flame_vctx *f, double w)
{
    const double sysz = f->ty * f->ty + f->tz * f->tz, absv = sqrt(sysz);
    const double ni = w / fr_flame_ezeps(f->tx * f->tx + sysz);
    fr_flame_tanq_like(f, ni, sin(f->tx), cos(f->tx), sinh(absv), cosh(absv), 1.0);
}

FR_HD void fr_flame_tanhq_like(fr_flame_vctx *f, double ni)
{
    const double sysz = f->ty * f->ty + f->tz * f->tz, absv = sqrt(sysz);
    const double s = sin(absv), c = cos(absv), sh = sinh(f->tx), ch = cosh(f->tx);
    const double d = ch * s / fr_flame_ezeps(absv);
    const double b = sh * s / fr_flame_ezeps(absv);
    const double stcv = sh * c, nstcv = -stcv, ctcv = c * ch;
    f->p0 += (stcv * ctcv + d * b * sysz) * ni;
    f->p1 += (nstcv * b * f->ty + d * f->ty * ctcv) * ni;
    f->p2 += (nstcv * b * f->tz + d * f->tz * ctcv) * ni;
}

FR_HD void fr_var_tanhq(fr_flame_vctx *f, double w)
{
    const double sysz = f->ty * f->ty + f->tz * f->tz;
    fr_flame_tanhq_like(f, w / fr_flame_ezeps(f->tx * f->tx + sysz));
}

FR_HD void fr_var_cosq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double d = -w * sin(f->tx) * sinh(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, w * cos(f->tx) * cosh(absv), d);
}

FR_HD void fr_var_coshq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double d = w * sinh(f->tx) * sin(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, w * cos(absv) * cosh(f->tx), d);
}

FR_HD void fr_var_cotq(fr_flame_vctx *f, double w)
{
    const double sysz = f->ty * f->ty + f->tz * f->tz, absv = sqrt(sysz);
    const double ni = w / fr_flame_ezeps(f->tx * f->tx + sysz);
    fr_flame_tanq_like(f, ni, sin(f->tx), cos(f->tx), sinh(absv), cosh(absv), -1.0);
}

FR_HD void fr_var_cothq(fr_flame_vctx *f, double w)
{
    const double sysz = f->ty * f->ty + f->tz * f->tz, q = f->tx * f->tx + sysz;
    fr_flame_tanhq_like(f, w / fr_flame_ezeps(q * q));
}

FR_HD void fr_var_cscq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double ni = w / fr_flame_ezeps(f->r2 + f->tz * f->tz);
    const double d = ni * cos(f->tx) * sinh(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, sin(f->tx) * cosh(absv) * ni, -d);
}

FR_HD void fr_var_cschq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double ni = w / fr_flame_ezeps(f->r2 + f->tz * f->tz);
    const double d = ni * cosh(f->tx) * sin(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, sinh(f->tx) * cos(absv) * ni, -d);
}

FR_HD void fr_var_estiq(fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f), e = exp(f->tx);
    const double a = e * sin(absv) / fr_flame_ezeps(absv);
    fr_flame_quat_out(f, w * e * cos(absv), w * a);
}

/* loq: log to base `base`; its real part is not weighted (Ember's). */
FR_HD void fr_var_loq(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double absv = fr_flame_absv(f);
    const double c = w * atan2(absv, f->tx) / fr_flame_ezeps(absv);
    const double denom = 0.5 / log(f->pv[FR_PL_LOQ_BASE]);
    fr_flame_quat_out(f, log(f->tx * f->tx + absv * absv) * denom, c);
}

/* curvature: (w / r, the angle): the angle not weighted (Ember's). */
FR_HD void fr_var_curvature(fr_flame_vctx *f, double w)
{
    f->p0 += w / fr_flame_ezeps(f->r);
    f->p1 += f->atan_yx;
}

/* q_ode: a quadratic map of (x, y), 12 coefficients; the weight on the
 * linear diagonal terms only (Ember's). */
FR_HD void fr_var_q_ode(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *q = f->pv; /* q_ode01 .. q_ode12 */
    const double sqx = f->tx * f->tx, sqy = f->ty * f->ty, xy = f->tx * f->ty;
    f->p0 += (q[0] + w * q[1] * f->tx + q[2] * sqx) + (q[3] * xy + q[4] * f->ty + q[5] * sqy);
    f->p1 += (q[6] + q[7] * f->tx + q[8] * sqx) + (q[9] * xy + w * q[10] * f->ty + q[11] * sqy);
}

/* blur_heart: a uniform point of [-1, 1]^2 (two draws) with y clamped to a
 * heart's outline a |x|^p + b sqrt|1 - x^2| (upper half) or its negative
 * branch, over |a| + |b|. */
FR_HD void fr_var_blur_heart(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double a = f->pv[FR_PL_BLUR_HEART_A], b = f->pv[FR_PL_BLUR_HEART_B];
    const double xx = (fr_flame_u01(rng) - 0.5) * 2.0;
    double yy = (fr_flame_u01(rng) - 0.5) * 2.0;
    const double k = yy < 0 ? -1.0 : 1.0;
    double yymax = (a * pow(fabs(xx), f->pv[FR_PL_BLUR_HEART_P]) + k * b * sqrt(fabs(1.0 - xx * xx))) - a;
    yymax /= fr_flame_ezeps(fabs(a) + fabs(b));
    if (k > 0) {
        if (yy > yymax) yy = yymax;
    } else if (yy < yymax) {
        yy = yymax;
    }
    f->p0 += xx * w;
    f->p1 += yy * w;
}

/* truchet_knot: a random bar in the point's unit cell (two draws), across
 * or along by the cell's parity. */
FR_HD void fr_var_truchet_knot(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double wd = 0.5, space = 0.1;
    const double cellx = floor(f->tx), celly = floor(f->ty);
    const double x0 = (fr_flame_u01(rng) - 0.5) * wd;
    const double y0 = (fr_flame_u01(rng) * 2.0 - 1.0) * (1.0 - space - wd * 0.5);
    const double dir0 = fabs(cellx + celly), dir1 = dir0 - 2.0 * floor(dir0 * 0.5);
    double px = x0, py = y0;
    if (!(dir1 < 0.5)) {
        px = -y0;
        py = x0;
    }
    f->p0 += w * (cellx + px);
    f->p1 += w * (celly + py);
}

/* gdoffs: each coordinate (moved by center) folded by oscillations of
 * itself and of gamma / area times it (delta_x, delta_y their mix: Ember's
 * square 0 and 1 alike but for y's mix); z times w. */
FR_HD double fr_flame_gdoffs_fclp(double a)
{
    return a < 0 ? -fmod(fabs(a), 1.0) : fmod(fabs(a), 1.0);
}
FR_HD double fr_flame_gdoffs_fosc(double p, double a)
{
    return fr_flame_gdoffs_fclp((-1.0 * cos(p * a * 2.0 * M_PI) + 1.0) / 2.0);
}
FR_HD double fr_flame_gdoffs_flip(double a, double b, double c)
{
    return c * (b - a) + a;
}

FR_HD double fr_flame_gdoffs_1(double in, double b, double osc)
{
    return fr_flame_gdoffs_flip(fr_flame_gdoffs_flip(in, fr_flame_gdoffs_fosc(in, 4.0), osc),
                                fr_flame_gdoffs_fosc(fr_flame_gdoffs_fclp(b * in), 4.0), osc);
}

FR_HD void fr_var_gdoffs(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p =
        f->pv; /* delta_x delta_y area_x area_y center_x center_y gamma square */
    const double dx = p[0] * 0.1, dy = p[1] * 0.1;
    const double ax = (fabs(p[2]) < 0.1 ? 0.1 : fabs(p[2])) * 2.0;
    const double ay = (fabs(p[3]) < 0.1 ? 0.1 : fabs(p[3])) * 2.0;
    const double b = p[6] * 2.0 / (ax > ay ? ax : ay);
    const double oscx = fr_flame_gdoffs_fosc(dx, 1.0), oscy = fr_flame_gdoffs_fosc(dy, 1.0);
    const double inx = f->tx + p[4] * 1.0, iny = f->ty + p[5] * 1.0;
    f->p0 += w * fr_flame_gdoffs_1(inx, b, oscx);
    f->p1 += w * fr_flame_gdoffs_1(iny, b, p[7] != 0 ? oscx : oscy);
    f->p2 += w * f->tz;
}

/* octagon: inside x^4 + y^4 + 2 z^2 = w / 2 the point over that sum
 * (times w); outside each coordinate moved away from 0 by (x, y, z), times
 * w (Ember's intermediate values there are all overwritten). */
FR_HD void fr_var_octagon(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double x2 = f->tx * f->tx, y2 = f->ty * f->ty, z2 = f->tz * f->tz;
    const double r = w / fr_flame_ezeps(x2 * x2 + z2 + y2 * y2 + z2);
    if (r < 2) {
        f->p0 += r * f->tx;
        f->p1 += r * f->ty;
        f->p2 += r * f->tz;
    } else {
        const double ox = f->pv[FR_PL_OCTAGON_X], oy = f->pv[FR_PL_OCTAGON_Y],
                     oz = f->pv[FR_PL_OCTAGON_Z];
        f->p0 += w * (f->tx >= 0 ? f->tx + ox : f->tx - ox);
        f->p1 += w * (f->ty >= 0 ? f->ty + oy : f->ty - oy);
        f->p2 += w * (f->tz >= 0 ? f->tz + oz : f->tz - oz);
    }
}

/* trade: two discs (radii r1, r2, their centres r1 + d1 right and
 * r2 + d2 left of 0) traded: each one's points scaled into the other,
 * mirrored; the rest linear. */
FR_HD void fr_var_trade(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r1 = f->pv[FR_PL_TRADE_R1], r2 = f->pv[FR_PL_TRADE_R2];
    const double c1 = r1 + f->pv[FR_PL_TRADE_D1], c2 = r2 + f->pv[FR_PL_TRADE_D2];
    if (f->tx > 0) {
        const double c1mx = c1 - f->tx;
        double r = sqrt(c1mx * c1mx + f->ty * f->ty);
        if (r <= r1) {
            r *= r2 / r1;
            const double t = atan2(f->ty, c1mx);
            f->p0 += w * (r * cos(t) - c2);
            f->p1 += w * r * sin(t);
            return;
        }
    } else {
        const double c1mx = -c2 - f->tx;
        double r = sqrt(c1mx * c1mx + f->ty * f->ty);
        if (r <= r2) {
            r *= r1 / r2;
            const double t = atan2(f->ty, c1mx);
            f->p0 += w * (r * cos(t) + c1);
            f->p1 += w * r * sin(t);
            return;
        }
    }
    f->p0 += w * f->tx;
    f->p1 += w * f->ty;
}

/* Juliac: the point to the complex power dist / (re + i im / 100), the
 * angle's branch from Ember's Rand() (a 32-bit integer: one draw) modulo
 * re. */
FR_HD void fr_var_juliac(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double re_inv = 1.0 / fr_flame_ezeps(f->pv[FR_PL_JULIAC_RE]), one_over = 1.0 / re_inv;
    const double im100 = f->pv[FR_PL_JULIAC_IM] * 0.01, half_dist = f->pv[FR_PL_JULIAC_DIST] * 0.5;
    const double arg = f->atan_yx + fmod((double)fr_flame_rng_u32(rng), one_over) * 2.0 * M_PI;
    const double lnmod = half_dist * log(f->r2);
    const double t = arg * re_inv + lnmod * im100;
    const double mod2 = exp(lnmod * re_inv - arg * im100);
    f->p0 += w * mod2 * cos(t);
    f->p1 += w * mod2 * sin(t);
}

/* blade3D: blade with z (Ember's: x from the point's x in both, one draw). */
FR_HD void fr_var_blade3d(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double r = fr_flame_u01(rng) * w * f->r;
    double s, c;
    fr_flame_sincos(r, &s, &c);
    f->p0 += w * f->tx * (c + s);
    f->p1 += w * f->tx * (c - s);
    f->p2 += w * f->tz * (s - c);
}

/* blob3D: blob (low .. high by waves of the angle atan2(x, y)), its wave
 * as z. */
FR_HD void fr_var_blob3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double low = f->pv[FR_PL_BLOB3D_LOW], high = f->pv[FR_PL_BLOB3D_HIGH];
    const double wave = sin(f->pv[FR_PL_BLOB3D_WAVES] * f->atan_xy);
    const double r = f->r * (low + (high - low) * (0.5 + 0.5 * wave));
    f->p0 += w * fr_flame_ecosa(f) * r;
    f->p1 += w * fr_flame_esina(f) * r;
    f->p2 += w * wave * r;
}

/* block, blocky: each coordinate through the elliptic map's asin (x /
 * xmax, y / ymax) times 2 / pi: the plane onto a square; blocky scales
 * by x, y and w / ((cos x + cos y) / mp + 1). */
FR_HD double fr_flame_block_1(double v, double r2)
{
    const double t = r2 + 1.0, v2 = 2.0 * v;
    const double vmax = 0.5 * (sqrt(t + v2) + sqrt(t - v2));
    const double a = v / fr_flame_ezeps(vmax);
    return atan2(a, fr_flame_safe_sqrt(1.0 - a * a));
}

FR_HD void fr_var_blocky(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = fr_flame_ezeps((cos(f->tx) + cos(f->ty)) / f->pv[FR_PL_BLOCKY_MP] + 1.0);
    const double r = w / t, v = w / M_PI_2;
    f->p0 += v * f->pv[FR_PL_BLOCKY_X] * fr_flame_block_1(f->tx, f->r2) * r;
    f->p1 += v * f->pv[FR_PL_BLOCKY_Y] * fr_flame_block_1(f->ty, f->r2) * r;
}

FR_HD void fr_var_block(fr_flame_vctx *f, double w)
{
    f->p0 += w * M_2_PI * fr_flame_block_1(f->tx, f->r2);
    f->p1 += w * M_2_PI * fr_flame_block_1(f->ty, f->r2);
}

#endif
