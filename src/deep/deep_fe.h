/*
 * deep_fe.h - the extended-range number of deep zoom: a double mantissa
 * with its own 32-bit binary exponent, written once for every backend (C
 * and CUDA), so that both round identically. Compile without FP
 * contraction: every fma here is placed by hand.
 *
 * fr_fe is a real m * 2^e with 1 <= |m| < 2 (or m = 0, e = FR_FE_ZERO_E).
 * fr_fec is a complex (x + iy) * 2^e sharing one exponent, normalised so
 * that the larger of |x|, |y| lies in [1, 2): the absolute error of each
 * part is relative to |z|, as in plain double complex arithmetic, which is
 * what perturbation needs. The exponent covers 2^-2^30 .. 2^2^30, far past
 * 1e-100000.
 */
#ifndef FR_DEEP_FE_H
#define FR_DEEP_FE_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/hd.h"

#define FR_FE_ZERO_E (-(1 << 30))

typedef struct fr_fe {
    double m;
    int32_t e;
} fr_fe;

typedef struct fr_fec {
    double x, y;
    int32_t e;
} fr_fec;

FR_HD uint64_t fr_fe_bits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}
FR_HD double fr_fe_from_bits(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}
/* 2^k for -1022 <= k <= 1023, exactly. */
FR_HD double fr_fe_pow2(int k) { return fr_fe_from_bits((uint64_t)(1023 + k) << 52); }
/* The binary exponent of a normal double (its field minus the bias). */
FR_HD int fr_fe_ilogb(double d) { return (int)((fr_fe_bits(d) >> 52) & 0x7ff) - 1023; }

/* A double times 2^k for any k, saturating to 0 or infinity. */
FR_HD double fr_fe_ldexp(double m, int64_t k)
{
    while (k > 1000) m *= fr_fe_pow2(1000), k -= 1000;
    while (k < -1000) {
        if (m == 0) return m;
        m *= fr_fe_pow2(-1000), k += 1000;
    }
    return m * fr_fe_pow2((int)k);
}

FR_HD fr_fe fr_fe_norm(double m, int64_t e)
{
    fr_fe r;
    if (m == 0 || !isfinite(m)) {
        r.m = m, r.e = m == 0 ? FR_FE_ZERO_E : 0;
        return r;
    }
    int k = fr_fe_ilogb(m);
    if (k == -1023) { /* subnormal mantissa: make it normal first */
        m *= fr_fe_pow2(600), e -= 600;
        k = fr_fe_ilogb(m);
    }
    r.m = m * fr_fe_pow2(-k);
    r.e = (int32_t)(e + k);
    return r;
}
FR_HD fr_fe fr_fe_from_d(double d) { return fr_fe_norm(d, 0); }
FR_HD double fr_fe_to_d(fr_fe a) { return a.m == 0 ? 0.0 : fr_fe_ldexp(a.m, a.e); }

FR_HD fr_fe fr_fe_mul(fr_fe a, fr_fe b)
{
    if (a.m == 0 || b.m == 0) return fr_fe_norm(0, 0);
    return fr_fe_norm(a.m * b.m, (int64_t)a.e + b.e);
}
FR_HD fr_fe fr_fe_div(fr_fe a, fr_fe b)
{
    if (a.m == 0) return a;
    return fr_fe_norm(a.m / b.m, (int64_t)a.e - b.e);
}
FR_HD fr_fe fr_fe_add(fr_fe a, fr_fe b)
{
    if (a.m == 0) return b;
    if (b.m == 0) return a;
    if (a.e < b.e) {
        fr_fe t = a;
        a = b, b = t;
    }
    int d = a.e - b.e;
    if (d > 110) return a;
    return fr_fe_norm(a.m + b.m * fr_fe_pow2(-d), a.e);
}
FR_HD fr_fe fr_fe_neg(fr_fe a)
{
    a.m = -a.m;
    return a;
}
FR_HD fr_fe fr_fe_sub(fr_fe a, fr_fe b) { return fr_fe_add(a, fr_fe_neg(b)); }
/* a < b for a, b >= 0. */
FR_HD int fr_fe_lt(fr_fe a, fr_fe b)
{
    if (b.m == 0) return 0;
    if (a.m == 0) return 1;
    return a.e != b.e ? a.e < b.e : a.m < b.m;
}
FR_HD fr_fe fr_fe_sqrt(fr_fe a)
{
    if (a.m == 0) return a;
    if (a.e & 1) return fr_fe_norm(sqrt(a.m * 2.0), (a.e - 1) / 2);
    return fr_fe_norm(sqrt(a.m), a.e / 2);
}

/* ---------------------------------------------------------------- complex */

FR_HD fr_fec fr_fec_norm(double x, double y, int64_t e)
{
    fr_fec r;
    double ax = fabs(x), ay = fabs(y), a = ax > ay ? ax : ay;
    if (a == 0 || !(a < HUGE_VAL)) {
        r.x = x, r.y = y, r.e = a == 0 ? FR_FE_ZERO_E : 0;
        return r;
    }
    int k = fr_fe_ilogb(a);
    if (k == -1023) {
        x *= fr_fe_pow2(600), y *= fr_fe_pow2(600), e -= 600;
        a *= fr_fe_pow2(600);
        k = fr_fe_ilogb(a);
    }
    double s = fr_fe_pow2(-k);
    r.x = x * s, r.y = y * s;
    r.e = (int32_t)(e + k);
    return r;
}
FR_HD fr_fec fr_fec_from_d(double x, double y) { return fr_fec_norm(x, y, 0); }
FR_HD int fr_fec_is_zero(fr_fec a) { return a.x == 0 && a.y == 0; }
FR_HD void fr_fec_to_d(fr_fec a, double *x, double *y)
{
    if (fr_fec_is_zero(a)) {
        *x = 0, *y = 0;
        return;
    }
    *x = fr_fe_ldexp(a.x, a.e), *y = fr_fe_ldexp(a.y, a.e);
}

FR_HD fr_fec fr_fec_add(fr_fec a, fr_fec b)
{
    if (fr_fec_is_zero(a)) return b;
    if (fr_fec_is_zero(b)) return a;
    if (a.e < b.e) {
        fr_fec t = a;
        a = b, b = t;
    }
    int d = a.e - b.e;
    if (d > 110) return a;
    double s = fr_fe_pow2(-d);
    return fr_fec_norm(a.x + b.x * s, a.y + b.y * s, a.e);
}
FR_HD fr_fec fr_fec_mul(fr_fec a, fr_fec b)
{
    if (fr_fec_is_zero(a) || fr_fec_is_zero(b)) return fr_fec_norm(0, 0, 0);
    double x = fma(a.x, b.x, -(a.y * b.y));
    double y = fma(a.x, b.y, a.y * b.x);
    return fr_fec_norm(x, y, (int64_t)a.e + b.e);
}
FR_HD fr_fec fr_fec_scale(fr_fec a, fr_fe s)
{
    if (fr_fec_is_zero(a) || s.m == 0) return fr_fec_norm(0, 0, 0);
    return fr_fec_norm(a.x * s.m, a.y * s.m, (int64_t)a.e + s.e);
}
FR_HD fr_fec fr_fec_twice(fr_fec a)
{
    if (!fr_fec_is_zero(a)) a.e += 1;
    return a;
}
/* |a|^2 */
FR_HD fr_fe fr_fec_norm2(fr_fec a)
{
    if (fr_fec_is_zero(a)) return fr_fe_norm(0, 0);
    return fr_fe_norm(fma(a.x, a.x, a.y * a.y), 2 * (int64_t)a.e);
}
/* |a| */
FR_HD fr_fe fr_fec_abs(fr_fec a) { return fr_fe_sqrt(fr_fec_norm2(a)); }
/* max(|x|, |y|) */
FR_HD fr_fe fr_fec_maxnorm(fr_fec a)
{
    double ax = fabs(a.x), ay = fabs(a.y);
    if (fr_fec_is_zero(a)) return fr_fe_norm(0, 0);
    fr_fe r;
    r.m = ax > ay ? ax : ay, r.e = a.e;
    return r;
}

#endif
