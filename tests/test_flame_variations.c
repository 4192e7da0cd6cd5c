/* The 99 flam3 variations: the table (names, parameters, defaults, lookup)
 * and their evaluation. Each variation is checked against a reference
 * written here from its mathematical definition (the paper's formulas, and
 * flam3 3.1.1's own conventions where it has them: angles from atan2(x, y)
 * or atan2(y, x), EPS = 1e-10 in denominators, the weight used inside some
 * formulas, the order and number of its random draws), at several points,
 * with several weights and with non-default parameters. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_genome.h"
#include "flame/flame_rng.h"
#include "flame/flame_var_common.h"
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"

#define EPS 1e-10
#define TWO_PI (2.0 * M_PI)

/* ---- helpers ---------------------------------------------------------- */

static int pidx(const char *name)
{
    int i = fr_flame_param_find(name);
    if (i < 0)
        fail_msg("no parameter '%s'", name);
    return i;
}

/* A new xform as flam3 makes one: identity maps, default parameters, no
 * variation. */
static void xform_init(fr_flame_xform *xf)
{
    memset(xf, 0, sizeof *xf);
    xf->c[0][0] = xf->c[1][1] = 1.0;
    xf->post[0][0] = xf->post[1][1] = 1.0;
    xf->opacity = 1.0;
    for (int i = 0; i < FR_FLAME_NPARAM; i++)
        xf->param[i] = fr_flame_params[i].def;
}

/* "name=value name=value ..." into the xform's parameters. */
static void set_params(fr_flame_xform *xf, const char *text)
{
    char buf[512];
    if (!text)
        return;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        assert_non_null(eq);
        *eq = 0;
        xf->param[pidx(tok)] = strtod(eq + 1, NULL);
    }
}

static int near(double got, double want)
{
    if (isnan(want))
        return isnan(got);
    if (isinf(want))
        return got == want;
    return fabs(got - want) <= 1e-12 * fmax(1.0, fabs(want));
}

typedef void (*ref_fn)(const double *P, const double C[3][2], double w, double x, double y,
                       fr_flame_rng *g, double o[2]);

#define PV(n) P[pidx(n)]
#define U01(g) fr_flame_rng_01(g)

static void out2(double o[2], double a, double b)
{
    o[0] = a;
    o[1] = b;
}

static void outc(double o[2], double complex z)
{
    o[0] = creal(z);
    o[1] = cimag(z);
}

/* flam3 measures the "precalc" angle from the y axis: atan2(x, y). */
static double th(double x, double y) { return atan2(x, y); }
static double phi(double x, double y) { return atan2(y, x); }
static double rad(double x, double y) { return hypot(x, y); }

/* flam3 truncates to int with a C cast; on x86, where it runs, a value out
 * of int's range (or NaN) becomes INT_MIN. fan2 and rings2 reach that with
 * their default parameters (a quotient by ~1e-10). */
static double int_cast(double v)
{
    if (isnan(v) || v <= -2147483649.0 || v >= 2147483648.0)
        return -2147483648.0;
    return trunc(v);
}

/* ---- references: 0 .. 22, the paper's variations ---------------------- */

static void ref_linear(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * x, w * y);
}

static void ref_sinusoidal(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * sin(x), w * sin(y));
}

static void ref_spherical(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double d = x * x + y * y + EPS;
    out2(o, w * x / d, w * y / d);
}

static void ref_swirl(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r2 = x * x + y * y;
    out2(o, w * (x * sin(r2) - y * cos(r2)), w * (x * cos(r2) + y * sin(r2)));
}

static void ref_horseshoe(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = w / (rad(x, y) + EPS);
    out2(o, k * (x - y) * (x + y), k * 2 * x * y);
}

static void ref_polar(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * th(x, y) / M_PI, w * (rad(x, y) - 1));
}

static void ref_handkerchief(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y), t = th(x, y);
    out2(o, w * r * sin(t + r), w * r * cos(t - r));
}

static void ref_heart(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y), t = th(x, y);
    out2(o, w * r * sin(t * r), -w * r * cos(t * r));
}

static void ref_disc(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y), t = th(x, y) / M_PI;
    out2(o, w * t * sin(M_PI * r), w * t * cos(M_PI * r));
}

static void ref_spiral(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y) + EPS, t = th(x, y);
    out2(o, w / r * (cos(t) + sin(r)), w / r * (sin(t) - cos(r)));
}

static void ref_hyperbolic(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y) + EPS, t = th(x, y);
    out2(o, w * sin(t) / r, w * cos(t) * r);
}

static void ref_diamond(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y), t = th(x, y);
    out2(o, w * sin(t) * cos(r), w * cos(t) * sin(r));
}

static void ref_ex(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y), t = th(x, y);
    double a = pow(sin(t + r), 3), b = pow(cos(t - r), 3);
    out2(o, w * r * (a + b), w * r * (a - b));
}

static void ref_julia(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = th(x, y) / 2 + (fr_flame_rng_bit(g) ? M_PI : 0.0);
    double r = sqrt(rad(x, y));
    out2(o, w * r * cos(a), w * r * sin(a));
}

static void ref_bent(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * (x < 0 ? 2 * x : x), w * (y < 0 ? y / 2 : y));
}

static void ref_waves(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double b = C[1][0], e = C[1][1], c = C[2][0], f = C[2][1];
    out2(o, w * (x + b * sin(y / (c * c + EPS))), w * (y + e * sin(x / (f * f + EPS))));
}

static void ref_fisheye(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    /* flam3 writes (y, x): the swap is its definition. */
    double k = 2 * w / (rad(x, y) + 1);
    out2(o, k * y, k * x);
}

static void ref_popcorn(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * (x + C[2][0] * sin(tan(3 * y))), w * (y + C[2][1] * sin(tan(3 * x))));
}

static void ref_exponential(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    outc(o, w * cexp(x - 1 + I * M_PI * y));
}

static void ref_power(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double t = th(x, y), k = pow(rad(x, y), sin(t));
    out2(o, w * k * cos(t), w * k * sin(t));
}

static void ref_cosine(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    outc(o, w * ccos(M_PI * x + I * y));
}

static void ref_rings(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double d = C[2][0] * C[2][0] + EPS, r = rad(x, y), t = th(x, y);
    double k = fmod(r + d, 2 * d) - d + r * (1 - d);
    out2(o, w * k * cos(t), w * k * sin(t));
}

static void ref_fan(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double t = M_PI * (C[2][0] * C[2][0] + EPS), a = th(x, y), r = rad(x, y);
    a += fmod(a + C[2][1], t) > t / 2 ? -t / 2 : t / 2;
    out2(o, w * r * cos(a), w * r * sin(a));
}

/* ---- 23 .. 40 ---------------------------------------------------------- */

static void ref_blob(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double lo = PV("blob_low"), hi = PV("blob_high"), t = th(x, y);
    double r = rad(x, y) * (lo + (hi - lo) * (0.5 + 0.5 * sin(PV("blob_waves") * t)));
    out2(o, w * r * sin(t), w * r * cos(t));
}

static void ref_pdj(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * (sin(PV("pdj_a") * y) - cos(PV("pdj_b") * x)), w * (sin(PV("pdj_c") * x) - cos(PV("pdj_d") * y)));
}

static void ref_fan2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double fx = PV("fan2_x"), fy = PV("fan2_y");
    double t = M_PI * (fx * fx + EPS), a = th(x, y), r = rad(x, y);
    double rem = (a + fy) - t * int_cast((a + fy) / t);
    a = rem > t / 2 ? a - t / 2 : a + t / 2;
    out2(o, w * r * sin(a), w * r * cos(a));
}

static void ref_rings2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double v = PV("rings2_val"), d = v * v + EPS, r = rad(x, y), t = th(x, y);
    double k = r - 2 * d * int_cast((r + d) / (2 * d)) + r * (1 - d);
    out2(o, w * k * sin(t), w * k * cos(t));
}

static void ref_eyefish(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = 2 * w / (rad(x, y) + 1);
    out2(o, k * x, k * y);
}

static void ref_bubble(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = w / ((x * x + y * y) / 4 + 1);
    out2(o, k * x, k * y);
}

static void ref_cylinder(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * sin(x), w * y);
}

static void ref_perspective(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = PV("perspective_angle") * M_PI / 2, d = PV("perspective_dist");
    double den = d - y * sin(a);
    out2(o, w * d * x / den, w * d * cos(a) * y / den);
}

static void ref_noise(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = TWO_PI * U01(g), k = w * U01(g);
    out2(o, k * x * cos(a), k * y * sin(a));
}

static void ref_julian(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double p = PV("julian_power"), d = PV("julian_dist");
    double k = int_cast(fabs(p) * U01(g));
    double a = (phi(x, y) + TWO_PI * k) / p;
    double r = pow(rad(x, y), d / p);
    out2(o, w * r * cos(a), w * r * sin(a));
}

static void ref_juliascope(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double p = PV("juliascope_power"), d = PV("juliascope_dist");
    double k = int_cast(fabs(p) * U01(g));
    double f = fmod(k, 2.0) == 0 ? phi(x, y) : -phi(x, y);
    double a = (TWO_PI * k + f) / p;
    double r = pow(rad(x, y), d / p);
    out2(o, w * r * cos(a), w * r * sin(a));
}

static void ref_blur(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = TWO_PI * U01(g), k = w * U01(g);
    out2(o, k * cos(a), k * sin(a));
}

static double gauss4(fr_flame_rng *g)
{
    double s = 0;
    for (int i = 0; i < 4; i++)
        s += U01(g);
    return s - 2;
}

static void ref_gaussian_blur(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = TWO_PI * U01(g);
    double k = w * gauss4(g);
    out2(o, k * cos(a), k * sin(a));
}

static void ref_radial_blur(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double ang = PV("radial_blur_angle") * M_PI / 2;
    double k = w * gauss4(g);
    double a = phi(x, y) + sin(ang) * k, r = rad(x, y);
    double z = cos(ang) * k - 1;
    out2(o, r * cos(a) + z * x, r * sin(a) + z * y);
}

static void ref_pie(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double n = PV("pie_slices");
    double sl = int_cast(U01(g) * n + 0.5);
    double a = PV("pie_rotation") + TWO_PI * (sl + U01(g) * PV("pie_thickness")) / n;
    double k = w * U01(g);
    out2(o, k * cos(a), k * sin(a));
}

static void ref_ngon(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double b = TWO_PI / PV("ngon_sides");
    double p = phi(x, y) - b * floor(phi(x, y) / b);
    if (p > b / 2)
        p -= b;
    double amp = PV("ngon_corners") * (1 / (cos(p) + EPS) - 1) + PV("ngon_circle");
    amp /= pow(rad(x, y), PV("ngon_power")) + EPS;
    out2(o, w * amp * x, w * amp * y);
}

static void ref_curl(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double complex z = x + I * y;
    outc(o, w * z / (1 + PV("curl_c1") * z + PV("curl_c2") * z * z));
}

static double rect1(double v, double s)
{
    return s == 0 ? v : (2 * floor(v / s) + 1) * s - v;
}

static void ref_rectangles(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * rect1(x, PV("rectangles_x")), w * rect1(y, PV("rectangles_y")));
}

/* ---- 41 .. 81 ---------------------------------------------------------- */

static void ref_arch(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = U01(g) * w * M_PI;
    out2(o, w * sin(a), w * sin(a) * sin(a) / cos(a));
}

static void ref_tangent(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * sin(x) / cos(y), w * tan(y));
}

static void ref_square(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = U01(g) - 0.5;
    double b = U01(g) - 0.5;
    out2(o, w * a, w * b);
}

static void ref_rays(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = w * w * tan(w * U01(g) * M_PI) / (x * x + y * y + EPS);
    out2(o, k * cos(x), k * sin(y));
}

static void ref_blade(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = U01(g) * w * rad(x, y);
    out2(o, w * x * (cos(a) + sin(a)), w * x * (cos(a) - sin(a)));
}

static void ref_secant2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double c = cos(w * rad(x, y));
    out2(o, w * x, w * (1 / c + (c < 0 ? 1 : -1)));
}

static void ref_twintrian(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double a = U01(g) * w * rad(x, y);
    double d = log10(sin(a) * sin(a)) + cos(a);
    if (isnan(d) || fabs(d) > 1e10)
        d = -30;
    out2(o, w * x * d, w * x * (d - M_PI * sin(a)));
}

static void ref_cross(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double s = x * x - y * y;
    double k = w / sqrt(s * s + EPS);
    out2(o, k * x, k * y);
}

static void ref_disc2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double tw = PV("disc2_twist");
    double sa = sin(tw), ca = cos(tw) - 1;
    double k = 1;
    if (tw > TWO_PI)
        k = 1 + tw - TWO_PI;
    if (tw < -TWO_PI)
        k = 1 + tw + TWO_PI;
    double t = PV("disc2_rot") * M_PI * (x + y);
    double r = w * th(x, y) / M_PI;
    out2(o, r * (sin(t) + k * ca), r * (cos(t) + k * sa));
}

static void ref_super_shape(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double t = PV("super_shape_m") / 4 * phi(x, y) + M_PI / 4;
    double s = pow(fabs(cos(t)), PV("super_shape_n2")) + pow(fabs(sin(t)), PV("super_shape_n3"));
    double rnd = PV("super_shape_rnd"), r = rad(x, y);
    double k = w * (rnd * U01(g) + (1 - rnd) * r - PV("super_shape_holes")) * pow(s, -1 / PV("super_shape_n1")) / r;
    out2(o, k * x, k * y);
}

static void ref_flower(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = w * (U01(g) - PV("flower_holes")) * cos(PV("flower_petals") * phi(x, y)) / rad(x, y);
    out2(o, k * x, k * y);
}

static void ref_conic(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double e = PV("conic_eccentricity");
    double k = w * (U01(g) - PV("conic_holes")) * e / (1 + e * cos(phi(x, y))) / rad(x, y);
    out2(o, k * x, k * y);
}

static void ref_parabola(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y);
    double a = U01(g);
    double b = U01(g);
    out2(o, PV("parabola_height") * w * sin(r) * sin(r) * a, PV("parabola_width") * w * cos(r) * b);
}

static void ref_bent2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * (x < 0 ? x * PV("bent2_x") : x), w * (y < 0 ? y * PV("bent2_y") : y));
}

static void ref_bipolar(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r2 = x * x + y * y;
    double v = 0.5 * atan2(2 * y, r2 - 1) - M_PI / 2 * PV("bipolar_shift");
    if (v > M_PI / 2)
        v = -M_PI / 2 + fmod(v + M_PI / 2, M_PI);
    else if (v < -M_PI / 2)
        v = M_PI / 2 - fmod(M_PI / 2 - v, M_PI);
    out2(o, w * (2 / M_PI) * 0.25 * log((r2 + 1 + 2 * x) / (r2 + 1 - 2 * x)), w * (2 / M_PI) * v);
}

static void ref_boarders(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double rx = nearbyint(x), ry = nearbyint(y), ox = x - rx, oy = y - ry;
    double nx = ox / 2 + rx, ny = oy / 2 + ry;
    if (U01(g) < 0.75) {
        if (fabs(ox) >= fabs(oy)) {
            double s = ox >= 0 ? 0.25 : -0.25;
            nx += s;
            ny += s * oy / ox;
        } else {
            double s = oy >= 0 ? 0.25 : -0.25;
            ny += s;
            nx += s * ox / oy;
        }
    }
    out2(o, w * nx, w * ny);
}

static void ref_butterfly(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = w * 4 / sqrt(3 * M_PI) * sqrt(fabs(x * y) / (x * x + 4 * y * y + EPS));
    out2(o, k * x, k * 2 * y);
}

static double cell_fold(double i) { return i >= 0 ? 2 * i : -(2 * i + 1); }

static void ref_cell(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double s = PV("cell_size");
    double ix = floor(x / s), iy = floor(y / s);
    double dx = x - ix * s, dy = y - iy * s;
    out2(o, w * (dx + cell_fold(ix) * s), -w * (dy + cell_fold(iy) * s));
}

static void ref_cpow(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double p = PV("cpow_power");
    double k = floor(p * U01(g));
    double complex e = ((PV("cpow_r") + I * PV("cpow_i")) * clog(x + I * y) + I * TWO_PI * k) / p;
    outc(o, w * cexp(e));
}

static void ref_curve(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double xl = fmax(pow(PV("curve_xlength"), 2), 1e-20), yl = fmax(pow(PV("curve_ylength"), 2), 1e-20);
    out2(o, w * (x + PV("curve_xamp") * exp(-y * y / xl)), w * (y + PV("curve_yamp") * exp(-x * x / yl)));
}

static void ref_edisc(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double t = x * x + y * y + 1;
    double xm = (sqrt(t + 2 * x) + sqrt(t - 2 * x)) / 2;
    double a1 = log(xm + sqrt(xm - 1)), a2 = -acos(x / xm);
    double s = y > 0 ? -sin(a1) : sin(a1);
    double k = w / 11.57034632;
    out2(o, k * cosh(a2) * cos(a1), k * sinh(a2) * s);
}

static void ref_elliptic(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double t = x * x + y * y + 1;
    double xm = (sqrt(t + 2 * x) + sqrt(t - 2 * x)) / 2;
    double a = x / xm;
    double b = sqrt(fmax(1 - a * a, 0)), s = sqrt(fmax(xm - 1, 0));
    double k = w * 2 / M_PI;
    out2(o, k * atan2(a, b), (y > 0 ? k : -k) * log(xm + s));
}

static void ref_escher(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double b = PV("escher_beta");
    double complex e = 0.5 * (1 + cos(b) + I * sin(b));
    outc(o, w * cexp(e * clog(x + I * y)));
}

static void ref_foci(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = w / (cosh(x) - cos(y));
    out2(o, k * sinh(x), k * sin(y));
}

static void ref_lazysusan(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double lx = PV("lazysusan_x"), ly = PV("lazysusan_y");
    double px = x - lx, py = y + ly, r = rad(px, py);
    if (r < w) {
        double a = atan2(py, px) + PV("lazysusan_spin") + PV("lazysusan_twist") * (w - r);
        out2(o, w * r * cos(a) + lx, w * r * sin(a) - ly);
    } else {
        double k = w * (1 + PV("lazysusan_space") / r);
        out2(o, k * px + lx, k * py - ly);
    }
}

static void ref_loonie(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r2 = x * x + y * y;
    double k = r2 < w * w ? w * sqrt(w * w / r2 - 1) : w;
    out2(o, k * x, k * y);
}

static void ref_pre_blur(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double k = w * gauss4(g);
    double a = TWO_PI * U01(g);
    out2(o, k * cos(a), k * sin(a));
}

static double modulus1(double v, double m)
{
    if (v > m)
        return -m + fmod(v + m, 2 * m);
    if (v < -m)
        return m - fmod(m - v, 2 * m);
    return v;
}

static void ref_modulus(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * modulus1(x, PV("modulus_x")), w * modulus1(y, PV("modulus_y")));
}

static void ref_oscilloscope(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double d = PV("oscilloscope_damping");
    double env = d == 0 ? 1 : exp(-fabs(x) * d);
    double t = PV("oscilloscope_amplitude") * env * cos(TWO_PI * PV("oscilloscope_frequency") * x) +
               PV("oscilloscope_separation");
    out2(o, w * x, fabs(y) <= t ? -w * y : w * y);
}

static void ref_polar2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w / M_PI * th(x, y), w / M_PI * log(rad(x, y)));
}

static void ref_popcorn2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double c = PV("popcorn2_c");
    out2(o, w * (x + PV("popcorn2_x") * sin(tan(c * y))), w * (y + PV("popcorn2_y") * sin(tan(c * x))));
}

static void ref_scry(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y);
    double k = 1 / (r * (r * r + 1 / (w + EPS)));
    out2(o, k * x, k * y);
}

static double separation1(double v, double s, double in)
{
    return v > 0 ? sqrt(v * v + s * s) - v * in : -(sqrt(v * v + s * s) + v * in);
}

static void ref_separation(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * separation1(x, PV("separation_x"), PV("separation_xinside")),
         w * separation1(y, PV("separation_y"), PV("separation_yinside")));
}

static void ref_split(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double sx = cos(M_PI * PV("split_xsize") * x) >= 0 ? 1 : -1;
    double sy = cos(M_PI * PV("split_ysize") * y) >= 0 ? 1 : -1;
    out2(o, sy * w * x, sx * w * y);
}

static void ref_splits(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double sx = PV("splits_x"), sy = PV("splits_y");
    out2(o, w * (x >= 0 ? x + sx : x - sx), w * (y >= 0 ? y + sy : y - sy));
}

static void ref_stripes(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double rx = floor(x + 0.5), ox = x - rx;
    out2(o, w * (ox * (1 - PV("stripes_space")) + rx), w * (y + ox * ox * PV("stripes_warp")));
}

/* The wedge family: cut the plane into count sectors and close the gaps
 * of angle `angle` between them. */
static double wedge_angle(double a, double count, double angle)
{
    double c = floor((count * a + M_PI) / TWO_PI);
    return a * (1 - angle * count / TWO_PI) + c * angle;
}

static void ref_wedge(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y);
    double a = wedge_angle(phi(x, y) + PV("wedge_swirl") * r, PV("wedge_count"), PV("wedge_angle"));
    double k = w * (r + PV("wedge_hole"));
    out2(o, k * cos(a), k * sin(a));
}

static void ref_wedge_julia(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double p = PV("wedge_julia_power");
    double r = w * pow(rad(x, y), PV("wedge_julia_dist") / p);
    double k = int_cast(fabs(p) * U01(g));
    double a = wedge_angle((phi(x, y) + TWO_PI * k) / p, PV("wedge_julia_count"), PV("wedge_julia_angle"));
    out2(o, r * cos(a), r * sin(a));
}

static void ref_wedge_sph(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = 1 / (rad(x, y) + EPS);
    double a = wedge_angle(phi(x, y) + PV("wedge_sph_swirl") * r, PV("wedge_sph_count"), PV("wedge_sph_angle"));
    double k = w * (r + PV("wedge_sph_hole"));
    out2(o, k * cos(a), k * sin(a));
}

static void ref_whorl(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double r = rad(x, y);
    double a = phi(x, y) + (r < w ? PV("whorl_inside") : PV("whorl_outside")) / (w - r);
    out2(o, w * r * cos(a), w * r * sin(a));
}

static void ref_waves2(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    out2(o, w * (x + PV("waves2_scalex") * sin(y * PV("waves2_freqx"))),
         w * (y + PV("waves2_scaley") * sin(x * PV("waves2_freqy"))));
}

/* ---- 82 .. 98: complex functions of z = x + iy, and the rest ---------- */

#define Z (x + I * y)
static void ref_exp(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * cexp(Z)); }
static void ref_log(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * clog(Z)); }
static void ref_sin(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * csin(Z)); }
static void ref_cos(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * ccos(Z)); }
static void ref_tan(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * ctan(Z)); }
static void ref_sec(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w / ccos(Z)); }
static void ref_csc(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w / csin(Z)); }
static void ref_cot(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * ccos(Z) / csin(Z)); }
static void ref_sinh(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * csinh(Z)); }
static void ref_cosh(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * ccosh(Z)); }
static void ref_tanh(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * ctanh(Z)); }
static void ref_sech(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w / ccosh(Z)); }
static void ref_csch(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w / csinh(Z)); }
/* flam3's coth is the conjugate of coth(z) (its y term has the sign of
 * tanh's); that is what flames made with it look like, so it is kept. */
static void ref_coth(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2]) { outc(o, w * conj(ccosh(Z) / csinh(Z))); }
#undef Z

static void ref_auger(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double f = PV("auger_freq"), aw = PV("auger_weight"), sc = PV("auger_scale");
    double s = sin(f * x), t = sin(f * y);
    double dx = x + aw * (sc * t / 2 + fabs(x) * t);
    double dy = y + aw * (sc * s / 2 + fabs(y) * s);
    out2(o, w * (x + PV("auger_sym") * (dx - x)), w * dy);
}

static void ref_flux(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double xp = x + w, xm = x - w;
    double r = w * (2 + PV("flux_spread")) * sqrt(hypot(y, xp) / hypot(y, xm));
    double a = (atan2(y, xm) - atan2(y, xp)) / 2;
    out2(o, r * cos(a), r * sin(a));
}

static void ref_mobius(const double *P, const double C[3][2], double w, double x, double y, fr_flame_rng *g, double o[2])
{
    double complex a = PV("re_a") + I * PV("im_a"), b = PV("re_b") + I * PV("im_b");
    double complex c = PV("re_c") + I * PV("im_c"), d = PV("re_d") + I * PV("im_d");
    double complex z = x + I * y;
    outc(o, w * (a * z + b) / (c * z + d));
}

/* ---- the cases --------------------------------------------------------- */

typedef struct vcase {
    const char *name;
    ref_fn ref;
    const char *params[3]; /* non-default parameter sets (defaults always run) */
    const double (*pts)[2]; /* points, or NULL for the common ones */
    int npts;
} vcase;

static const double common_pts[][2] = {
    {0.3, -0.7}, {-1.2, 0.4}, {1.5, 1.1}, {-0.45, -0.9}, {0.8, 0.15}, {-0.05, 0.6}, {2.7, -1.9},
};
/* Inside and outside the unit circle, on both sides of both axes. */
static const double small_pts[][2] = {
    {0.3, -0.7}, {-0.2, 0.4}, {0.55, 0.35}, {-0.45, -0.5}, {1.4, 0.6}, {-1.1, -1.3}, {0.9, -1.5},
};
/* Away from cos(y) = 0 and the poles of the complex functions. */
static const double trig_pts[][2] = {
    {0.3, -0.7}, {-1.2, 0.4}, {0.7, 1.1}, {-0.45, -0.9}, {2.1, 0.15}, {-0.05, 0.6}, {1.3, -0.35},
};
/* For boarders: each branch (|ox| >= |oy| or not, signs). */
static const double grid_pts[][2] = {
    {0.3, -0.1}, {-1.35, 0.2}, {2.1, 0.45}, {-0.05, -0.4}, {0.8, 0.1}, {1.9, -2.2}, {-0.3, 1.15},
};

/* For curve: tiny coordinates reach its clamp of the lengths at 1e-20. */
static const double curve_pts[][2] = {
    {0.3, -0.7}, {-1.2, 0.4}, {1.5, 1.1}, {3e-11, -5e-11}, {-8e-11, 2e-11},
};

#define PTS(a) a, (int)(sizeof a / sizeof a[0])

static const vcase cases[] = {
    {"linear", ref_linear, {0}, NULL, 0},
    {"sinusoidal", ref_sinusoidal, {0}, NULL, 0},
    {"spherical", ref_spherical, {0}, NULL, 0},
    {"swirl", ref_swirl, {0}, NULL, 0},
    {"horseshoe", ref_horseshoe, {0}, NULL, 0},
    {"polar", ref_polar, {0}, NULL, 0},
    {"handkerchief", ref_handkerchief, {0}, NULL, 0},
    {"heart", ref_heart, {0}, NULL, 0},
    {"disc", ref_disc, {0}, NULL, 0},
    {"spiral", ref_spiral, {0}, NULL, 0},
    {"hyperbolic", ref_hyperbolic, {0}, NULL, 0},
    {"diamond", ref_diamond, {0}, NULL, 0},
    {"ex", ref_ex, {0}, NULL, 0},
    {"julia", ref_julia, {0}, NULL, 0},
    {"bent", ref_bent, {0}, NULL, 0},
    {"waves", ref_waves, {0}, NULL, 0},
    {"fisheye", ref_fisheye, {0}, NULL, 0},
    {"popcorn", ref_popcorn, {0}, PTS(small_pts)},
    {"exponential", ref_exponential, {0}, NULL, 0},
    {"power", ref_power, {0}, NULL, 0},
    {"cosine", ref_cosine, {0}, NULL, 0},
    {"rings", ref_rings, {0}, NULL, 0},
    {"fan", ref_fan, {0}, NULL, 0},
    {"blob", ref_blob, {"blob_low=0.2 blob_high=1.1 blob_waves=3", "blob_low=-0.4 blob_high=0.7 blob_waves=-2.5"}, NULL, 0},
    {"pdj", ref_pdj, {"pdj_a=1.1 pdj_b=-0.7 pdj_c=2.3 pdj_d=0.4"}, NULL, 0},
    {"fan2", ref_fan2, {"fan2_x=0.6 fan2_y=0.3", "fan2_x=0.9 fan2_y=-1.7"}, NULL, 0},
    {"rings2", ref_rings2, {"rings2_val=0.45", "rings2_val=1.3"}, NULL, 0},
    {"eyefish", ref_eyefish, {0}, NULL, 0},
    {"bubble", ref_bubble, {0}, NULL, 0},
    {"cylinder", ref_cylinder, {0}, NULL, 0},
    {"perspective", ref_perspective, {"perspective_angle=0.35 perspective_dist=2.2", "perspective_angle=-0.6 perspective_dist=3"}, NULL, 0},
    {"noise", ref_noise, {0}, NULL, 0},
    {"julian", ref_julian, {"julian_power=5 julian_dist=0.7", "julian_power=-3 julian_dist=1.3", "julian_power=2.5 julian_dist=-0.4"}, NULL, 0},
    {"juliascope", ref_juliascope, {"juliascope_power=4 juliascope_dist=0.6", "juliascope_power=-3 juliascope_dist=1.2", "juliascope_power=7 juliascope_dist=2"}, NULL, 0},
    {"blur", ref_blur, {0}, NULL, 0},
    {"gaussian_blur", ref_gaussian_blur, {0}, NULL, 0},
    {"radial_blur", ref_radial_blur, {"radial_blur_angle=0.6", "radial_blur_angle=-1.3"}, NULL, 0},
    {"pie", ref_pie, {"pie_slices=5 pie_rotation=0.3 pie_thickness=0.8", "pie_slices=3.5 pie_rotation=-1 pie_thickness=0.1"}, NULL, 0},
    {"ngon", ref_ngon, {"ngon_sides=6 ngon_power=2.5 ngon_circle=0.5 ngon_corners=1.5", "ngon_sides=3 ngon_power=-1 ngon_circle=2 ngon_corners=0.3"}, NULL, 0},
    {"curl", ref_curl, {"curl_c1=0.4 curl_c2=0.25", "curl_c1=-0.3 curl_c2=0.6"}, NULL, 0},
    {"rectangles", ref_rectangles, {"rectangles_x=0.3 rectangles_y=0", "rectangles_x=0 rectangles_y=0.45", "rectangles_x=0.7 rectangles_y=-0.35"}, NULL, 0},
    {"arch", ref_arch, {0}, NULL, 0},
    {"tangent", ref_tangent, {0}, PTS(trig_pts)},
    {"square", ref_square, {0}, NULL, 0},
    {"rays", ref_rays, {0}, NULL, 0},
    {"blade", ref_blade, {0}, NULL, 0},
    {"secant2", ref_secant2, {0}, NULL, 0},
    {"twintrian", ref_twintrian, {0}, NULL, 0},
    {"cross", ref_cross, {0}, NULL, 0},
    {"disc2", ref_disc2, {"disc2_rot=0.7 disc2_twist=0.9", "disc2_rot=-1.2 disc2_twist=7.5", "disc2_rot=0.4 disc2_twist=-8"}, NULL, 0},
    {"super_shape", ref_super_shape, {"super_shape_rnd=0.3 super_shape_m=5 super_shape_n1=2 super_shape_n2=0.8 super_shape_n3=1.4 super_shape_holes=0.1", "super_shape_rnd=1 super_shape_m=3 super_shape_n1=0.5 super_shape_n2=2 super_shape_n3=2 super_shape_holes=-0.2"}, NULL, 0},
    {"flower", ref_flower, {"flower_petals=4 flower_holes=0.2", "flower_petals=2.5 flower_holes=-0.3"}, NULL, 0},
    {"conic", ref_conic, {"conic_eccentricity=0.6 conic_holes=0.1", "conic_eccentricity=0.3 conic_holes=0.5"}, NULL, 0},
    {"parabola", ref_parabola, {"parabola_height=0.8 parabola_width=1.2"}, NULL, 0},
    {"bent2", ref_bent2, {"bent2_x=0.4 bent2_y=1.7", "bent2_x=-2 bent2_y=0"}, NULL, 0},
    {"bipolar", ref_bipolar, {"bipolar_shift=0.8", "bipolar_shift=-2.5", "bipolar_shift=3.2"}, NULL, 0},
    {"boarders", ref_boarders, {0}, PTS(grid_pts)},
    {"butterfly", ref_butterfly, {0}, NULL, 0},
    {"cell", ref_cell, {"cell_size=0.35", "cell_size=-0.6"}, NULL, 0},
    {"cpow", ref_cpow, {"cpow_i=0.3 cpow_r=1.4 cpow_power=3", "cpow_i=-0.5 cpow_r=0.8 cpow_power=-2"}, NULL, 0},
    {"curve", ref_curve, {"curve_xamp=0.6 curve_yamp=-0.4 curve_xlength=0.8 curve_ylength=1.3", "curve_xamp=0.3 curve_yamp=0.2 curve_xlength=0 curve_ylength=1e-11"}, PTS(curve_pts)},
    {"edisc", ref_edisc, {0}, NULL, 0},
    {"elliptic", ref_elliptic, {0}, NULL, 0},
    {"escher", ref_escher, {"escher_beta=0.7", "escher_beta=-2.1"}, NULL, 0},
    {"foci", ref_foci, {0}, NULL, 0},
    {"lazysusan", ref_lazysusan, {"lazysusan_x=0.2 lazysusan_y=-0.1 lazysusan_spin=0.5 lazysusan_space=0.3 lazysusan_twist=0.4"}, PTS(small_pts)},
    {"loonie", ref_loonie, {0}, PTS(small_pts)},
    {"modulus", ref_modulus, {"modulus_x=0.7 modulus_y=0.4", "modulus_x=1.5 modulus_y=0.25"}, NULL, 0},
    {"oscilloscope", ref_oscilloscope, {"oscilloscope_separation=0.5 oscilloscope_frequency=1.3 oscilloscope_amplitude=0.8 oscilloscope_damping=0.6", "oscilloscope_separation=0.2 oscilloscope_frequency=0.7 oscilloscope_amplitude=1.5 oscilloscope_damping=0"}, NULL, 0},
    {"polar2", ref_polar2, {0}, NULL, 0},
    {"popcorn2", ref_popcorn2, {"popcorn2_x=0.3 popcorn2_y=0.2 popcorn2_c=1.7"}, PTS(small_pts)},
    {"scry", ref_scry, {0}, NULL, 0},
    {"separation", ref_separation, {"separation_x=0.5 separation_xinside=0.3 separation_y=0.8 separation_yinside=-0.2"}, NULL, 0},
    {"split", ref_split, {"split_xsize=0.6 split_ysize=0.35", "split_xsize=1.7 split_ysize=-0.9"}, NULL, 0},
    {"splits", ref_splits, {"splits_x=0.25 splits_y=0.4"}, NULL, 0},
    {"stripes", ref_stripes, {"stripes_space=0.3 stripes_warp=1.2"}, NULL, 0},
    {"wedge", ref_wedge, {"wedge_angle=0.5 wedge_hole=0.2 wedge_count=3 wedge_swirl=0.3", "wedge_angle=-0.3 wedge_hole=-0.1 wedge_count=5 wedge_swirl=-0.6"}, NULL, 0},
    {"wedge_julia", ref_wedge_julia, {"wedge_julia_angle=0.4 wedge_julia_count=2 wedge_julia_power=3 wedge_julia_dist=0.8", "wedge_julia_angle=0.2 wedge_julia_count=4 wedge_julia_power=-2 wedge_julia_dist=1.1"}, NULL, 0},
    {"wedge_sph", ref_wedge_sph, {"wedge_sph_angle=0.5 wedge_sph_hole=0.1 wedge_sph_count=4 wedge_sph_swirl=0.2"}, NULL, 0},
    {"whorl", ref_whorl, {"whorl_inside=0.3 whorl_outside=0.6"}, PTS(small_pts)},
    {"waves2", ref_waves2, {"waves2_scalex=0.4 waves2_scaley=0.3 waves2_freqx=2.1 waves2_freqy=1.5"}, NULL, 0},
    {"exp", ref_exp, {0}, NULL, 0},
    {"log", ref_log, {0}, NULL, 0},
    {"sin", ref_sin, {0}, NULL, 0},
    {"cos", ref_cos, {0}, NULL, 0},
    {"tan", ref_tan, {0}, PTS(trig_pts)},
    {"sec", ref_sec, {0}, PTS(trig_pts)},
    {"csc", ref_csc, {0}, PTS(trig_pts)},
    {"cot", ref_cot, {0}, PTS(trig_pts)},
    {"sinh", ref_sinh, {0}, NULL, 0},
    {"cosh", ref_cosh, {0}, NULL, 0},
    {"tanh", ref_tanh, {0}, PTS(trig_pts)},
    {"sech", ref_sech, {0}, PTS(trig_pts)},
    {"csch", ref_csch, {0}, PTS(trig_pts)},
    {"coth", ref_coth, {0}, PTS(trig_pts)},
    {"auger", ref_auger, {"auger_freq=2 auger_weight=0.7 auger_sym=0.4 auger_scale=1.3"}, NULL, 0},
    {"flux", ref_flux, {"flux_spread=0.5", "flux_spread=-1.2"}, NULL, 0},
    {"mobius", ref_mobius, {"re_a=1.1 im_a=0.3 re_b=-0.2 im_b=0.5 re_c=0.4 im_c=-0.6 re_d=1 im_d=0.2", "mobius_re_a=0.5 mobius_im_a=-1 Re_B=0.3 Im_B=0.1 re_c=-0.7 im_c=0.2 re_d=0.4 im_d=0.9"}, NULL, 0},
};

/* The pre-affine coefficients some variations read (waves, popcorn, rings,
 * fan): not the identity, so those terms matter. */
static const double test_coefs[3][2] = {{0.9, -0.2}, {0.3, 0.6}, {0.35, -0.25}};

static const double weights[] = {1.0, 0.65, -0.8, 1.7};

/* Every variation (but pre_blur, tested with the xform) against its
 * reference: all points, all weights, default and other parameters; the
 * random ones with the same draws, and drawing exactly as many. */
static void test_every_variation(void **state)
{
    int seen[FR_FLAME_NVAR] = {0};
    int checked = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const vcase *vc = &cases[k];
        int v = fr_flame_var_find(vc->name);
        if (v < 0)
            fail_msg("no variation '%s'", vc->name);
        seen[v] = 1;
        const double (*pts)[2] = vc->pts ? vc->pts : common_pts;
        int npts = vc->pts ? vc->npts : (int)(sizeof common_pts / sizeof common_pts[0]);
        for (int ps = -1; ps < 3; ps++) {
            if (ps >= 0 && !vc->params[ps])
                continue;
            fr_flame_xform xf;
            xform_init(&xf);
            memcpy(xf.c, test_coefs, sizeof xf.c);
            if (ps >= 0)
                set_params(&xf, vc->params[ps]);
            xf.var[v] = 1.0;
            for (int pi = 0; pi < npts; pi++) {
                for (size_t wi = 0; wi < sizeof weights / sizeof weights[0]; wi++) {
                    double w = weights[wi], x = pts[pi][0], y = pts[pi][1];
                    fr_flame_rng a, b;
                    fr_flame_rng_init(&a, 1234 + k, (uint64_t)(pi * 16 + wi));
                    b = a;
                    double got[2] = {0.125, -0.25}; /* it adds to what is there */
                    fr_flame_var_eval(&xf, v, w, x, y, &a, &got[0], &got[1]);
                    double want[2];
                    vc->ref(xf.param, (const double(*)[2])xf.c, w, x, y, &b, want);
                    want[0] += 0.125;
                    want[1] += -0.25;
                    if (!near(got[0], want[0]) || !near(got[1], want[1]))
                        fail_msg("%s (params %s) w=%g at (%g, %g): got (%.17g, %.17g), want (%.17g, %.17g)",
                                 vc->name, ps >= 0 ? vc->params[ps] : "default", w, x, y, got[0], got[1],
                                 want[0], want[1]);
                    if (memcmp(&a, &b, sizeof a) != 0)
                        fail_msg("%s: not the reference's number of random draws", vc->name);
                    checked++;
                }
            }
        }
    }
    for (int v = 0; v < FR_FLAME_NVAR_FLAM3; v++) /* the others: test_flame_variations_ember.c */
        if (!seen[v] && v != fr_flame_var_find("pre_blur"))
            fail_msg("variation %s has no test case", fr_flame_vars[v].name);
    assert_true(checked > 2000);
}

/* julia's branch is one random bit; over many draws both branches come. */
static void test_julia_both_roots(void **state)
{
    fr_flame_xform xf;
    xform_init(&xf);
    xf.var[fr_flame_var_find("julia")] = 1.0;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 0);
    int pos = 0, neg = 0;
    for (int i = 0; i < 200; i++) {
        double ox = 0, oy = 0;
        fr_flame_var_eval(&xf, fr_flame_var_find("julia"), 1.0, 0.0, 2.0, &g, &ox, &oy);
        /* sqrt(2) at angle 0 or pi (atan2(0, 2) = 0): (sqrt 2, 0) or (-sqrt 2, 0) */
        assert_true(fabs(oy) < 1e-12);
        if (ox > 0)
            pos++;
        else
            neg++;
        assert_true(near(fabs(ox), sqrt(2.0)));
    }
    assert_true(pos > 50 && neg > 50);
}

/* twintrian replaces a bad log10 (of sin^2 = 0, from a zero draw) by -30. */
static void test_twintrian_bad_log(void **state)
{
    fr_flame_xform xf;
    xform_init(&xf);
    fr_flame_rng g = {1, 0, 0, 0}; /* its first output is 0 */
    double ox = 0, oy = 0;
    fr_flame_var_eval(&xf, fr_flame_var_find("twintrian"), 0.5, 0.8, -0.3, &g, &ox, &oy);
    assert_true(ox == 0.5 * 0.8 * -30.0);
    assert_true(oy == 0.5 * 0.8 * -30.0);
}

/* Blurs stay in their range. */
static void test_random_ranges(void **state)
{
    fr_flame_xform xf;
    xform_init(&xf);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 99, 3);
    for (int i = 0; i < 2000; i++) {
        double ox = 0, oy = 0;
        fr_flame_var_eval(&xf, fr_flame_var_find("blur"), 0.7, 3.0, -2.0, &g, &ox, &oy);
        assert_true(hypot(ox, oy) <= 0.7 + 1e-15);
        ox = oy = 0;
        fr_flame_var_eval(&xf, fr_flame_var_find("gaussian_blur"), 0.5, 3.0, -2.0, &g, &ox, &oy);
        assert_true(hypot(ox, oy) <= 1.0 + 1e-15);
        ox = oy = 0;
        fr_flame_var_eval(&xf, fr_flame_var_find("square"), 2.0, 3.0, -2.0, &g, &ox, &oy);
        assert_true(ox >= -1.0 && ox < 1.0 && oy >= -1.0 && oy < 1.0);
        ox = oy = 0;
        fr_flame_var_eval(&xf, fr_flame_var_find("pre_blur"), 0.5, 3.0, -2.0, &g, &ox, &oy);
        assert_true(hypot(ox, oy) <= 1.0 + 1e-15);
    }
}

/* ---- the whole xform --------------------------------------------------- */

/* Affine, pre_blur (first, moving the point), the sum of the variations in
 * index order, post affine. */
static void test_apply_xform(void **state)
{
    fr_flame_xform xf;
    xform_init(&xf);
    double c[3][2] = {{0.8, 0.3}, {-0.4, 0.9}, {0.25, -0.15}};
    double post[3][2] = {{1.1, -0.2}, {0.35, 0.7}, {-0.3, 0.05}};
    memcpy(xf.c, c, sizeof c);
    memcpy(xf.post, post, sizeof post);
    xf.has_post = 1;
    int lin = fr_flame_var_find("linear"), sph = fr_flame_var_find("spherical");
    int jul = fr_flame_var_find("julia"), jn = fr_flame_var_find("julian");
    int pb = fr_flame_var_find("pre_blur"), swl = fr_flame_var_find("swirl");
    xf.var[lin] = 0.6;
    xf.var[sph] = 0.3;
    xf.var[jul] = 0.2;
    xf.var[jn] = 0.45;
    xf.var[swl] = -0.1;
    xf.var[pb] = 0.15;
    set_params(&xf, "julian_power=3 julian_dist=0.8");
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&xf, &pre);
    assert_int_equal(pre.nvar, 5);
    assert_true(pre.preblur == 0.15);

    const double pts[][2] = {{0.3, -0.7}, {-1.2, 0.4}, {1.5, 1.1}, {0.02, 0.01}};
    for (int i = 0; i < 4; i++) {
        double x = pts[i][0], y = pts[i][1];
        fr_flame_rng a, b;
        fr_flame_rng_init(&a, 42, (uint64_t)i);
        b = a;
        double ox, oy;
        assert_int_equal(fr_flame_xform_apply(&pre, x, y, &a, &ox, &oy), 0);

        double tx = c[0][0] * x + c[1][0] * y + c[2][0];
        double ty = c[0][1] * x + c[1][1] * y + c[2][1];
        double d[2], s[2] = {0, 0}, o[2];
        ref_pre_blur(xf.param, (const double(*)[2])xf.c, 0.15, tx, ty, &b, d);
        tx += d[0];
        ty += d[1];
        ref_linear(xf.param, (const double(*)[2])xf.c, 0.6, tx, ty, &b, o);
        s[0] += o[0], s[1] += o[1];
        ref_spherical(xf.param, (const double(*)[2])xf.c, 0.3, tx, ty, &b, o);
        s[0] += o[0], s[1] += o[1];
        ref_swirl(xf.param, (const double(*)[2])xf.c, -0.1, tx, ty, &b, o);
        s[0] += o[0], s[1] += o[1];
        ref_julia(xf.param, (const double(*)[2])xf.c, 0.2, tx, ty, &b, o);
        s[0] += o[0], s[1] += o[1];
        ref_julian(xf.param, (const double(*)[2])xf.c, 0.45, tx, ty, &b, o);
        s[0] += o[0], s[1] += o[1];
        double wx = post[0][0] * s[0] + post[1][0] * s[1] + post[2][0];
        double wy = post[0][1] * s[0] + post[1][1] * s[1] + post[2][1];
        if (!near(ox, wx) || !near(oy, wy))
            fail_msg("at (%g, %g): got (%.17g, %.17g), want (%.17g, %.17g)", x, y, ox, oy, wx, wy);
        assert_memory_equal(&a, &b, sizeof a);
    }
}

/* An identity post is no post; a single linear variation is the affine map. */
static void test_apply_affine_only(void **state)
{
    fr_flame_xform xf;
    xform_init(&xf);
    double c[3][2] = {{0.5, -0.25}, {0.75, 0.5}, {0.125, -1.0}};
    memcpy(xf.c, c, sizeof c);
    xf.var[0] = 1.0;
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&xf, &pre);
    assert_int_equal(pre.has_post, 0);
    assert_int_equal(pre.flags, 0);
    fr_flame_rng g, g0;
    fr_flame_rng_init(&g, 1, 1);
    g0 = g;
    double ox, oy;
    assert_int_equal(fr_flame_xform_apply(&pre, 2.0, -4.0, &g, &ox, &oy), 0);
    assert_true(ox == 0.5 * 2.0 + 0.75 * -4.0 + 0.125);
    assert_true(oy == -0.25 * 2.0 + 0.5 * -4.0 - 1.0);
    assert_memory_equal(&g, &g0, sizeof g); /* nothing random, nothing drawn */

    /* A post that is not the identity is applied. */
    xf.post[2][0] = 1.0;
    fr_flame_xform_precalc(&xf, &pre);
    assert_int_equal(pre.has_post, 1);
    assert_int_equal(fr_flame_xform_apply(&pre, 2.0, -4.0, &g, &ox, &oy), 0);
    assert_true(ox == 0.5 * 2.0 + 0.75 * -4.0 + 0.125 + 1.0);
}

/* flam3's bad value: NaN or |v| > 1e10 (1e10 itself is fine); the point is
 * then replaced by two uniform draws in [-1, 1), x first. */
static void test_apply_bad_value(void **state)
{
    fr_flame_xform xf;
    xform_init(&xf);
    xf.var[0] = 1.0;
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&xf, &pre);
    fr_flame_rng a, b;
    fr_flame_rng_init(&a, 5, 5);
    b = a;
    double ox, oy;
    assert_int_equal(fr_flame_xform_apply(&pre, 1e10, -1e10, &a, &ox, &oy), 0);
    assert_true(ox == 1e10 && oy == -1e10);
    assert_memory_equal(&a, &b, sizeof a);

    const double bad[][2] = {{1.5e10, 0.0}, {0.0, -2e10}, {NAN, 0.0}, {0.0, INFINITY}};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(fr_flame_xform_apply(&pre, bad[i][0], bad[i][1], &a, &ox, &oy), 1);
        double wx = 2.0 * fr_flame_rng_01(&b) - 1.0;
        double wy = 2.0 * fr_flame_rng_01(&b) - 1.0;
        assert_true(ox == wx && oy == wy);
        assert_true(ox >= -1.0 && ox < 1.0 && oy >= -1.0 && oy < 1.0);
        assert_memory_equal(&a, &b, sizeof a);
    }

    /* NaN from a variation: power at the origin (0/0 angle). */
    xform_init(&xf);
    xf.var[fr_flame_var_find("power")] = 1.0;
    fr_flame_xform_precalc(&xf, &pre);
    assert_int_equal(fr_flame_xform_apply(&pre, 0.0, 0.0, &a, &ox, &oy), 1);
}

/* The precomputed flags: only what the active variations read. */
static void test_precalc_flags(void **state)
{
    const struct {
        const char *var;
        int flags;
    } want[] = {
        {"linear", 0},
        {"sinusoidal", 0},
        {"spherical", FR_FLAME_NEED_R2},
        {"polar", FR_FLAME_NEED_ATAN | FR_FLAME_NEED_R},
        {"spiral", FR_FLAME_NEED_ANGLES},
        {"julian", FR_FLAME_NEED_ATANYX | FR_FLAME_NEED_R2},
        {"blob", FR_FLAME_NEED_ATAN | FR_FLAME_NEED_ANGLES},
        {"pre_blur", 0},
        {"mobius", 0},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        fr_flame_xform xf;
        xform_init(&xf);
        xf.var[fr_flame_var_find(want[i].var)] = 0.5;
        fr_flame_xform_pre pre;
        fr_flame_xform_precalc(&xf, &pre);
        if (pre.flags != want[i].flags)
            fail_msg("%s: flags %d, want %d", want[i].var, pre.flags, want[i].flags);
    }
    /* Active variations in ascending order, weights kept, zero weights out. */
    fr_flame_xform xf;
    xform_init(&xf);
    xf.var[98] = 0.1;
    xf.var[3] = -0.2;
    xf.var[40] = 0.3;
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&xf, &pre);
    assert_int_equal(pre.nvar, 3);
    assert_int_equal(pre.var[0], 3);
    assert_int_equal(pre.var[1], 40);
    assert_int_equal(pre.var[2], 98);
    assert_true(pre.w[0] == -0.2 && pre.w[1] == 0.3 && pre.w[2] == 0.1);
}

/* ---- the table --------------------------------------------------------- */

/* Parameter names per variation, as in ../shared/reference/flam3-variations.md. */
static void test_table_matches_reference(void **state)
{
    const char *shared = getenv("FR_SHARED");
    char path[1024];
    snprintf(path, sizeof path, "%s/reference/flam3-variations.md", shared ? shared : "../shared");
    FILE *f = fopen(path, "r");
    if (!f) {
        fail_msg("no %s: the reference list of the variations is missing", path);
    }
    char line[512];
    int n = 0, in_block = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "```", 3) == 0) {
            in_block = !in_block;
            continue;
        }
        if (!in_block)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char *paren = strstr(line, " (");
        if (paren)
            *paren = 0; /* "(also mobius_*)" */
        int idx, used = 0;
        char name[64];
        assert_int_equal(sscanf(line, "%d %63[a-z0-9_]%n", &idx, name, &used), 2);
        assert_int_equal(idx, n);
        assert_string_equal(fr_flame_vars[idx].name, name);
        int np = 0;
        const char *rest = line + used;
        if (*rest == ':') {
            char buf[512];
            snprintf(buf, sizeof buf, "%s", rest + 1);
            for (char *tok = strtok(buf, ", "); tok; tok = strtok(NULL, ", ")) {
                assert_true(np < fr_flame_vars[idx].nparam);
                int pi = fr_flame_vars[idx].first + np;
                assert_string_equal(fr_flame_params[pi].name, tok);
                assert_int_equal(fr_flame_params[pi].var, idx);
                np++;
            }
        }
        /* then Ember's parameters of it (waves2_scalez, log_base), marked extra */
        for (int k = np; k < fr_flame_vars[idx].nparam; k++)
            assert_true(fr_flame_params[fr_flame_vars[idx].first + k].extra);
        for (int k = 0; k < np; k++)
            assert_false(fr_flame_params[fr_flame_vars[idx].first + k].extra);
        n++;
    }
    fclose(f);
    assert_int_equal(n, FR_FLAME_NVAR_FLAM3); /* flam3's; the others follow them */
}

static void test_table_layout(void **state)
{
    int next = 0;
    for (int v = 0; v < FR_FLAME_NVAR; v++) {
        assert_int_equal(fr_flame_vars[v].first, next);
        for (int k = 0; k < fr_flame_vars[v].nparam; k++)
            assert_int_equal(fr_flame_params[next + k].var, v);
        next += fr_flame_vars[v].nparam;
    }
    assert_int_equal(next, FR_FLAME_NPARAM);
}

/* flam3 3.1.1's defaults for a new xform (initialize_xforms); every
 * parameter not listed is 0. */
static void test_table_defaults(void **state)
{
    const struct {
        const char *name;
        double def;
    } nonzero[] = {
        {"blob_high", 1},          {"blob_waves", 1},
        {"julian_power", 1},       {"julian_dist", 1},
        {"juliascope_power", 1},   {"juliascope_dist", 1},
        {"pie_slices", 6},         {"pie_thickness", 0.5},
        {"ngon_sides", 5},         {"ngon_power", 3},
        {"ngon_circle", 1},        {"ngon_corners", 2},
        {"curl_c1", 1},            {"rectangles_x", 1},
        {"rectangles_y", 1},       {"super_shape_n1", 1},
        {"super_shape_n2", 1},     {"super_shape_n3", 1},
        {"conic_eccentricity", 1}, {"bent2_x", 1},
        {"bent2_y", 1},            {"cell_size", 1},
        {"cpow_r", 1},             {"cpow_power", 1},
        {"curve_xlength", 1},      {"curve_ylength", 1},
        {"oscilloscope_separation", 1}, {"oscilloscope_frequency", M_PI},
        {"oscilloscope_amplitude", 1},  {"wedge_count", 1},
        {"wedge_julia_count", 1},  {"wedge_julia_power", 1},
        {"wedge_sph_count", 1},    {"auger_freq", 1},
        {"auger_weight", 0.5},     {"auger_scale", 1},
    };
    double want[FR_FLAME_NPARAM] = {0};
    for (size_t i = 0; i < sizeof nonzero / sizeof nonzero[0]; i++)
        want[pidx(nonzero[i].name)] = nonzero[i].def;
    for (int i = 0; i < FR_FLAME_NPARAM; i++) /* flam3's (the others: Ember's defaults) */
        if (fr_flame_params[i].var < FR_FLAME_NVAR_FLAM3 && !fr_flame_params[i].extra && fr_flame_params[i].def != want[i])
            fail_msg("%s: default %g, flam3's is %g", fr_flame_params[i].name, fr_flame_params[i].def, want[i]);
}

static void test_table_find(void **state)
{
    for (int v = 0; v < FR_FLAME_NVAR; v++)
        assert_int_equal(fr_flame_var_find(fr_flame_vars[v].name), v);
    for (int i = 0; i < FR_FLAME_NPARAM; i++)
        assert_int_equal(fr_flame_param_find(fr_flame_params[i].name), i);
    assert_int_equal(fr_flame_var_find("julia"), 13);
    assert_int_equal(fr_flame_var_find("pre_blur"), 67);
    assert_int_equal(fr_flame_var_find("mobius"), 98);
    assert_int_equal(fr_flame_var_find("nope"), -1);
    assert_int_equal(fr_flame_var_find(""), -1);
    assert_int_equal(fr_flame_var_find("Julia"), -1);
    assert_int_equal(fr_flame_param_find("julian_power"), 12);
    assert_int_equal(fr_flame_param_find("julian"), -1);
    assert_int_equal(fr_flame_param_find(""), -1);
    /* The other names flam3 reads. */
    const char *mob[] = {"re_a", "im_a", "re_b", "im_b", "re_c", "im_c", "re_d", "im_d"};
    const char *apo[] = {"Re_A", "Im_A", "Re_B", "Im_B", "Re_C", "Im_C", "Re_D", "Im_D"};
    for (int k = 0; k < 8; k++) {
        char alias[32];
        snprintf(alias, sizeof alias, "mobius_%s", mob[k]);
        int i = fr_flame_param_find(mob[k]);
        assert_int_equal(i, fr_flame_vars[98].first + k);
        assert_int_equal(fr_flame_param_find(alias), i);
        assert_int_equal(fr_flame_param_find(apo[k]), i);
    }
    assert_int_equal(fr_flame_param_find("RE_A"), -1);
    const char *osc[] = {"separation", "frequency", "amplitude", "damping"};
    for (int k = 0; k < 4; k++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "oscilloscope_%s", osc[k]);
        snprintf(b, sizeof b, "oscope_%s", osc[k]);
        assert_int_equal(fr_flame_param_find(b), fr_flame_param_find(a));
        assert_true(fr_flame_param_find(a) >= 0);
    }
}

/* The evaluator's own index constants agree with the table. */
static void test_index_constants(void **state)
{
    assert_int_equal(FR_V_LINEAR, fr_flame_var_find("linear"));
    assert_int_equal(FR_V_JULIA, fr_flame_var_find("julia"));
    assert_int_equal(FR_V_PRE_BLUR, fr_flame_var_find("pre_blur"));
    assert_int_equal(FR_V_WAVES2, fr_flame_var_find("waves2"));
    assert_int_equal(FR_V_COTH, fr_flame_var_find("coth"));
    assert_int_equal(FR_V_MOBIUS, fr_flame_var_find("mobius"));
    assert_int_equal(FR_P_BLOB_LOW, pidx("blob_low"));
    assert_int_equal(FR_P_JULIAN_POWER, pidx("julian_power"));
    assert_int_equal(FR_P_SUPER_SHAPE_HOLES, pidx("super_shape_holes"));
    assert_int_equal(FR_P_OSCILLOSCOPE_DAMPING, pidx("oscilloscope_damping"));
    assert_int_equal(FR_P_WAVES2_FREQY, pidx("waves2_freqy"));
    assert_int_equal(FR_P_FLUX_SPREAD, pidx("flux_spread"));
    assert_int_equal(FR_P_MOBIUS_RE_A, pidx("re_a"));
    assert_int_equal(FR_P_MOBIUS_IM_D, pidx("im_d"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_matches_reference),
        cmocka_unit_test(test_table_layout),
        cmocka_unit_test(test_table_defaults),
        cmocka_unit_test(test_table_find),
        cmocka_unit_test(test_index_constants),
        cmocka_unit_test(test_every_variation),
        cmocka_unit_test(test_julia_both_roots),
        cmocka_unit_test(test_twintrian_bad_log),
        cmocka_unit_test(test_random_ranges),
        cmocka_unit_test(test_apply_xform),
        cmocka_unit_test(test_apply_affine_only),
        cmocka_unit_test(test_apply_bad_value),
        cmocka_unit_test(test_precalc_flags),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
