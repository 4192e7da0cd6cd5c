/*
 * flame_curves.h - Ember's colour curves (the genome's `curves`, or
 * overall_curve, red_curve, green_curve, blue_curve): four curves of
 * control points in [0, 1]^2, each a cubic spline through its points, applied to the final image as Fractorium's renderer applies them
 * (Renderer.cpp, CurveAdjust): a channel value v in [0, 1] is looked up on
 * a grid of 65536 steps in the overall curve, the result again on that
 * grid in the channel's own curve. FR_HD: the CPU and the CUDA tone map
 * share it.
 *
 * The spline (Ember's Spline.cpp): on the n segments between the sorted
 * points x_0 < ... < x_n, with w_i = x_{i+1} - x_i, h_i = (y_{i+1} - y_i)
 * / w_i, second derivatives m_0 = m_n = 0 (natural ends) and, inside,
 * m_{i+1} = 3 (h_{i+1} - h_i) / (w_{i+1} + w_i) (from the two neighbouring
 * slopes alone, not the tridiagonal solve of a true natural spline: what
 * Ember draws), segment i is
 *   S(x) = a_i t^3 + b_i t^2 + c_i t + y_i,  t = x - x_i,
 *   a_i = (m_{i+1} - m_i) / (6 w_i), b_i = m_i / 2,
 *   c_i = h_i - w_i (m_{i+1} + 2 m_i) / 6,
 * and x is clamped to [x_0, x_n] first. (Ember evaluates in float; here in
 * double. Points with equal x make a segment of width 0: it has slope 0
 * instead of Ember's NaN.)
 */
#ifndef FR_FLAME_CURVES_H
#define FR_FLAME_CURVES_H

#include <string.h>

#include "core/hd.h"

#define FR_FLAME_CURVE_MAX 12 /* control points of one curve */
#define FR_FLAME_CURVE_STEPS 65535.0 /* Ember's grid: CURVES_LENGTH - 1 */

/* The genome's curves: index 0 overall, 1 red, 2 green, 3 blue; n[k]
 * points sorted by x (n[k] == 0: the curve is absent, the identity). */
typedef struct fr_flame_curves {
    int n[4];
    double p[4][FR_FLAME_CURVE_MAX][2];
} fr_flame_curves;

/* The splines of the four curves, ready to evaluate (the tone map's). */
typedef struct fr_flame_curve_splines {
    int on;     /* 0: every curve is the identity, nothing is applied */
    int n[4];   /* segments of curve k (0: the identity) */
    double x[4][FR_FLAME_CURVE_MAX];
    double coef[4][FR_FLAME_CURVE_MAX][4]; /* a b c d of each segment */
} fr_flame_curve_splines;

/* 1 when curve k maps every value to itself: absent, a single point, or
 * every point on y = x with the points spanning [0, 1]. */
static inline int fr_flame_curve_is_identity(const fr_flame_curves *c, int k)
{
    int n = c->n[k];
    if (n < 2) return 1;
    double lo = c->p[k][0][0], hi = lo;
    for (int i = 0; i < n; i++) {
        if (c->p[k][i][0] != c->p[k][i][1]) return 0;
        if (c->p[k][i][0] < lo) lo = c->p[k][i][0];
        if (c->p[k][i][0] > hi) hi = c->p[k][i][0];
    }
    return lo == 0.0 && hi == 1.0;
}

/* Points sorted by x, stably (points of equal x keep their order). */
static inline void fr_flame_curve_sort(double (*p)[2], int n)
{
    for (int i = 1; i < n; i++) {
        const double t[2] = {p[i][0], p[i][1]};
        int j = i;
        for (; j > 0 && p[j - 1][0] > t[0]; j--) {
            p[j][0] = p[j - 1][0];
            p[j][1] = p[j - 1][1];
        }
        p[j][0] = t[0];
        p[j][1] = t[1];
    }
}

/* The splines of c (its points sorted by x here, as the
 * spline sorts them: an interpolated genome's may not be). */
static inline void fr_flame_curve_splines_setup(const fr_flame_curves *c, fr_flame_curve_splines *s)
{
    s->on = 0;
    for (int k = 0; k < 4; k++) {
        s->n[k] = 0;
        if (fr_flame_curve_is_identity(c, k)) continue;
        s->on = 1;
        const int n = c->n[k] - 1; /* segments */
        double w[FR_FLAME_CURVE_MAX], h[FR_FLAME_CURVE_MAX], m[FR_FLAME_CURVE_MAX], p[FR_FLAME_CURVE_MAX][2];
        memcpy(p, c->p[k], sizeof p);
        fr_flame_curve_sort(p, n + 1);
        for (int i = 0; i <= n; i++)
            s->x[k][i] = p[i][0];
        for (int i = 0; i < n; i++) {
            w[i] = p[i + 1][0] - p[i][0];
            h[i] = w[i] > 0 ? (p[i + 1][1] - p[i][1]) / w[i] : 0.0;
        }
        m[0] = m[n] = 0.0;
        for (int i = 0; i < n - 1; i++)
            m[i + 1] = w[i + 1] + w[i] > 0 ? 3 * (h[i + 1] - h[i]) / (w[i + 1] + w[i]) : 0.0;
        for (int i = 0; i < n; i++) {
            s->coef[k][i][0] = w[i] > 0 ? (m[i + 1] - m[i]) / (6 * w[i]) : 0.0;
            s->coef[k][i][1] = m[i] / 2;
            s->coef[k][i][2] = h[i] - w[i] * (m[i + 1] + 2 * m[i]) / 6;
            s->coef[k][i][3] = p[i][1];
        }
        s->n[k] = n;
    }
}

/* Curve k at x (Spline::Interpolate); the identity when it has no segments. */
FR_HD double fr_flame_curve_eval(const fr_flame_curve_splines *s, int k, double x)
{
    const int n = s->n[k];
    if (n == 0) return x;
    const double *xs = s->x[k];
    if (x < xs[0]) x = xs[0];
    if (x > xs[n]) x = xs[n];
    int j = 0;
    while (j < n - 1 && x > xs[j + 1])
        j++;
    const double t = x - xs[j], *q = s->coef[k][j];
    return ((q[0] * t + q[1]) * t + q[2]) * t + q[3];
}

/* A value in [0, 1] onto Ember's grid of 65536 steps: its table index
 * (truncated; NaN and below 0: 0). */
FR_HD int fr_flame_curve_index(double v)
{
    double i = v * FR_FLAME_CURVE_STEPS;
    if (!(i > 0)) i = 0;
    if (i > FR_FLAME_CURVE_STEPS) i = FR_FLAME_CURVE_STEPS;
    return (int)i;
}

/* CurveAdjust: channel ch (0 red, 1 green, 2 blue) of a value in [0, 1]:
 * the overall curve at the value's grid step, then the channel's curve at
 * the result's grid step. */
FR_HD double fr_flame_curve_apply(const fr_flame_curve_splines *s, int ch, double v)
{
    int i = fr_flame_curve_index(v);
    if (s->n[0]) i = fr_flame_curve_index(fr_flame_curve_eval(s, 0, i / FR_FLAME_CURVE_STEPS));
    return fr_flame_curve_eval(s, ch + 1, i / FR_FLAME_CURVE_STEPS);
}

#endif
