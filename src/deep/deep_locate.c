/* Feature finding for deep zooms (see deep_locate.h).
 *
 * The maths follows Claude Heiland-Allen's "mandelbrot-numerics":
 *
 *  - period: the ball method. A disc of centre c and radius r in the
 *    parameter plane is pushed through z -> z^2 + c as a ball of centre z_n
 *    and radius r_n that contains every orbit of the disc:
 *        z_{n+1} = z_n^2 + c,   r_{n+1} = r_n (2|z_n| + r_n) + r
 *    (z_0 = 0, r_0 = 0). The first n whose ball contains 0 (|z_n| <= r_n) is
 *    the period of the lowest-period nucleus in (or very near) the disc.
 *
 *  - nucleus: Newton's method on z_p(c) = 0, with z_{n+1} = z_n^2 + c and
 *    dz_{n+1} = 2 z_n dz_n + 1 (dz = dz/dc, dz_0 = 0).
 *
 *  - size: at the nucleus, with l_0 = 1, l_j = 2 z_j l_{j-1} and
 *    b = sum_{j=0}^{p-1} 1 / l_j, the atom's size estimate is the complex
 *    s = 1 / (b l_{p-1}^2); |s| is its size (for the main cardioid ~ its
 *    radius), arg s its orientation.
 *
 * Precision: the orbit z runs at full precision (enough bits to resolve the
 * disc, resp. the atom's size, with 64 spare bits). The product l and the
 * sum b only need a relative accuracy, so they run at LOW_PREC bits (MPFR
 * keeps their huge exponents). The derivative needs a relative accuracy
 * like the Newton error relative to the search radius (an error e_rel in
 * dz leaves e_rel * |error| after the step, against |error|^2 / radius for
 * the quadratic convergence): its precision starts at LOW_PREC and follows
 * 2 log2(radius / |last step|) + LOW_PREC. Likewise the orbit only has to
 * resolve the next error (~ |step|^2 / radius) until the size estimate
 * asks for more, so early steps are cheap.
 */
#include "deep/deep_locate.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "core/context.h"

#define LOW_PREC 128           /* bits of derivative, size and ball radius */
#define NEWTON_MAX_STEPS 256   /* give up after this many Newton steps */
#define NEWTON_TOL_BITS 40     /* converged: |step| < size * 2^-40 */
#define PREC_LIMIT ((mpfr_prec_t)1 << 28) /* refuse absurd depths */

/* ceil(log2(n)) for n >= 1. */
static unsigned ceil_log2_u32(uint32_t n)
{
    unsigned b = 0;
    while (b < 32 && ((uint64_t)1 << b) < n)
        b++;
    return b;
}

/* Parse decimal text into x (already initialised at its precision). Only a
 * complete, finite number is accepted. Returns 0 on success. */
static int parse_dec(mpfr_t x, const char *s)
{
    if (!s || !*s)
        return -1;
    if (mpfr_set_str(x, s, 10, MPFR_RNDN) != 0)
        return -1;
    return mpfr_number_p(x) ? 0 : -1;
}

/* Parse a radius: finite and > 0. Returns its binary exponent through *e
 * (radius in [2^(e-1), 2^e)). */
static fr_status parse_radius(fr_context *ctx, const char *what, const char *s, mpfr_t r, mpfr_exp_t *e)
{
    if (parse_dec(r, s) != 0)
        return fr_fail(ctx, FR_ERR_INVALID, "%s must be a decimal number, got \"%.40s\"", what,
                       s ? s : "(null)");
    if (mpfr_sgn(r) <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "%s must be > 0, got \"%.40s\"", what, s);
    *e = mpfr_get_exp(r);
    return FR_OK;
}

/* Bits to resolve a length 2^e with `spare` bits to spare. */
static mpfr_prec_t bits_for_exp(mpfr_exp_t e, long spare)
{
    long b = (e < 0 ? (long)-e : 0) + spare;
    return (mpfr_prec_t)(b < 64 ? 64 : b);
}

/* The radius parsed into rad (its binary exponent into *e), and the working
 * precision for a search of that radius with `guard` bits above it; "too
 * small" past PREC_LIMIT. */
static fr_status radius_bits(fr_context *ctx, const char *radius, long guard, mpfr_t rad, mpfr_exp_t *e,
                             mpfr_prec_t *bits)
{
    *e = 0;
    fr_status st = parse_radius(ctx, "radius", radius, rad, e);
    if (st != FR_OK)
        return st;
    *bits = bits_for_exp(*e, guard);
    if (*bits > PREC_LIMIT)
        return fr_fail(ctx, FR_ERR_INVALID, "radius \"%.40s\" is too small", radius);
    return FR_OK;
}

fr_status fr_locate_period(fr_context *ctx, const char *re, const char *im, const char *radius,
                           uint32_t max_period, uint32_t *period)
{
    if (!period)
        return fr_fail(ctx, FR_ERR_INVALID, "period (output) must not be NULL");
    *period = 0;
    if (max_period == 0)
        return fr_fail(ctx, FR_ERR_INVALID, "max_period must be >= 1");

    /* The disc must be resolved; rounding errors grow like the ball radius,
     * so a fixed margin above the radius suffices. */
    mpfr_t rad;
    mpfr_exp_t re2;
    mpfr_prec_t bits;
    mpfr_init2(rad, LOW_PREC);
    fr_status st = radius_bits(ctx, radius, 64 + (long)ceil_log2_u32(max_period), rad, &re2, &bits);
    if (st != FR_OK) {
        mpfr_clear(rad);
        return st;
    }

    mpfr_t cx, cy, x, y, x2, y2, t, r, az, u;
    mpfr_inits2(bits, cx, cy, x, y, x2, y2, t, (mpfr_ptr)0);
    mpfr_inits2(LOW_PREC, r, az, u, (mpfr_ptr)0);
    st = FR_OK;
    if (parse_dec(cx, re) != 0)
        st = fr_fail(ctx, FR_ERR_INVALID, "re must be a decimal number, got \"%.40s\"", re ? re : "(null)");
    else if (parse_dec(cy, im) != 0)
        st = fr_fail(ctx, FR_ERR_INVALID, "im must be a decimal number, got \"%.40s\"", im ? im : "(null)");

    if (st == FR_OK) {
        mpfr_set_zero(x, 1);
        mpfr_set_zero(y, 1);
        mpfr_set_zero(r, 1);
        mpfr_set_zero(az, 1);
        st = fr_fail(ctx, FR_ERR_INVALID, "no atom of period <= max_period (%u) found within radius %.40s",
                     (unsigned)max_period, radius);
        for (uint32_t n = 1; n <= max_period; n++) {
            /* r_n = r_{n-1} (2 |z_{n-1}| + r_{n-1}) + radius, rounded up. */
            mpfr_mul_2ui(u, az, 1, MPFR_RNDU);
            mpfr_add(u, u, r, MPFR_RNDU);
            mpfr_mul(r, r, u, MPFR_RNDU);
            mpfr_add(r, r, rad, MPFR_RNDU);
            /* z_n = z_{n-1}^2 + c with three squarings. */
            mpfr_sqr(x2, x, MPFR_RNDN);
            mpfr_sqr(y2, y, MPFR_RNDN);
            mpfr_add(t, x, y, MPFR_RNDN);
            mpfr_sqr(t, t, MPFR_RNDN);
            mpfr_sub(t, t, x2, MPFR_RNDN);
            mpfr_sub(y, t, y2, MPFR_RNDN);
            mpfr_add(y, y, cy, MPFR_RNDN);
            mpfr_sub(x, x2, y2, MPFR_RNDN);
            mpfr_add(x, x, cx, MPFR_RNDN);
            mpfr_hypot(az, x, y, MPFR_RNDN);
            if (mpfr_lessequal_p(az, r)) {
                *period = n;
                st = FR_OK;
                break;
            }
            /* The whole ball is outside |z| = 2: every point escapes. */
            mpfr_sub(u, az, r, MPFR_RNDD);
            if (mpfr_cmp_ui(u, 2) > 0) {
                st = fr_fail(ctx, FR_ERR_INVALID,
                             "no atom within radius %.40s: the whole disc escapes at iteration %u", radius,
                             (unsigned)n);
                break;
            }
        }
    }
    mpfr_clears(cx, cy, x, y, x2, y2, t, r, az, u, rad, (mpfr_ptr)0);
    return st;
}

/* ---- Newton ---------------------------------------------------------- */

/* Working state of the nucleus search; full-precision and low-precision
 * variables are kept apart so that the precision can grow. */
typedef struct newton_ws {
    mpfr_prec_t bits, dbits;       /* full and derivative precision */
    mpfr_t cx, cy;                 /* the current guess */
    mpfr_t x, y, x2, y2, t;        /* orbit, full precision */
    mpfr_t zx, zy;                 /* z_n rounded to dbits */
    mpfr_t dx, dy;                 /* dz/dc, dbits */
    mpfr_t a, b, c, d, e;          /* scratch, dbits */
    mpfr_t stx, sty;               /* the last step, dbits */
    mpfr_t lx, ly, bx, by;         /* l_j and b of the size estimate, LOW_PREC */
    mpfr_t sx, sy;                 /* scratch, then the size estimate, LOW_PREC */
    long low_e;                    /* min over 1 <= j < p of exp|z_j| - exp|dz_j| */
    uint32_t low_j;                /* ... and the j where it was reached */
} newton_ws;

static void ws_init(newton_ws *w, mpfr_prec_t bits)
{
    w->bits = bits;
    w->dbits = LOW_PREC;
    mpfr_inits2(bits, w->cx, w->cy, w->x, w->y, w->x2, w->y2, w->t, (mpfr_ptr)0);
    mpfr_inits2(LOW_PREC, w->zx, w->zy, w->dx, w->dy, w->lx, w->ly, w->bx, w->by, w->a, w->b, w->c, w->d,
                w->e, w->sx, w->sy, w->stx, w->sty, (mpfr_ptr)0);
}

static void ws_clear(newton_ws *w)
{
    mpfr_clears(w->cx, w->cy, w->x, w->y, w->x2, w->y2, w->t, w->zx, w->zy, w->dx, w->dy, w->lx, w->ly, w->bx,
                w->by, w->a, w->b, w->c, w->d, w->e, w->sx, w->sy, w->stx, w->sty, (mpfr_ptr)0);
}

/* Raise the full precision, keeping the guess. */
static void ws_grow(newton_ws *w, mpfr_prec_t bits)
{
    w->bits = bits;
    mpfr_prec_round(w->cx, bits, MPFR_RNDN);
    mpfr_prec_round(w->cy, bits, MPFR_RNDN);
    mpfr_set_prec(w->x, bits);
    mpfr_set_prec(w->y, bits);
    mpfr_set_prec(w->x2, bits);
    mpfr_set_prec(w->y2, bits);
    mpfr_set_prec(w->t, bits);
}

/* Set the derivative precision (values are lost). */
static void ws_set_dbits(newton_ws *w, mpfr_prec_t dbits)
{
    if (dbits == w->dbits)
        return;
    w->dbits = dbits;
    mpfr_ptr v[] = {w->zx, w->zy, w->dx, w->dy, w->a, w->b, w->c, w->d, w->e, w->stx, w->sty};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        mpfr_set_prec(v[i], dbits);
}

/* (ox, oy) = (ax, ay) * (bx, by); scratch a, b of the workspace must not
 * alias the operands. */
static void cmul(newton_ws *w, mpfr_t ox, mpfr_t oy, mpfr_t ax, mpfr_t ay, mpfr_t bx, mpfr_t by)
{
    mpfr_mul(w->a, ax, bx, MPFR_RNDN);
    mpfr_mul(w->b, ay, by, MPFR_RNDN);
    mpfr_mul(w->c, ax, by, MPFR_RNDN);
    mpfr_mul(w->d, ay, bx, MPFR_RNDN);
    mpfr_sub(ox, w->a, w->b, MPFR_RNDN);
    mpfr_add(oy, w->c, w->d, MPFR_RNDN);
}

/* (ox, oy) = (nx, ny) / (qx, qy); uses scratch a..e. */
static void cdiv(newton_ws *w, mpfr_t ox, mpfr_t oy, mpfr_t nx, mpfr_t ny, mpfr_t qx, mpfr_t qy)
{
    mpfr_sqr(w->e, qx, MPFR_RNDN);
    mpfr_sqr(w->a, qy, MPFR_RNDN);
    mpfr_add(w->e, w->e, w->a, MPFR_RNDN); /* |q|^2 */
    mpfr_mul(w->a, nx, qx, MPFR_RNDN);
    mpfr_mul(w->b, ny, qy, MPFR_RNDN);
    mpfr_mul(w->c, ny, qx, MPFR_RNDN);
    mpfr_mul(w->d, nx, qy, MPFR_RNDN);
    mpfr_add(ox, w->a, w->b, MPFR_RNDN);
    mpfr_sub(oy, w->c, w->d, MPFR_RNDN);
    mpfr_div(ox, ox, w->e, MPFR_RNDN);
    mpfr_div(oy, oy, w->e, MPFR_RNDN);
}

/* One pass over the orbit of the current guess: the Newton step
 * z_p / dz_p into (stx, sty) and the size estimate into (sx, sy).
 * Returns -1 if the derivative vanished or something went non-finite. */
static int newton_pass(newton_ws *w, uint32_t p)
{
    mpfr_set_zero(w->x, 1);
    mpfr_set_zero(w->y, 1);
    mpfr_set_zero(w->dx, 1);
    mpfr_set_zero(w->dy, 1);
    mpfr_set_ui(w->lx, 1, MPFR_RNDN);
    mpfr_set_zero(w->ly, 1);
    mpfr_set_ui(w->bx, 1, MPFR_RNDN);
    mpfr_set_zero(w->by, 1);
    w->low_e = LONG_MAX;
    w->low_j = 0;
    for (uint32_t n = 0; n < p; n++) {
        /* dz_{n+1} = 2 z_n dz_n + 1 (z_n rounded to LOW_PREC). */
        mpfr_set(w->zx, w->x, MPFR_RNDN);
        mpfr_set(w->zy, w->y, MPFR_RNDN);
        cmul(w, w->stx, w->sty, w->zx, w->zy, w->dx, w->dy);
        mpfr_mul_2ui(w->dx, w->stx, 1, MPFR_RNDN);
        mpfr_mul_2ui(w->dy, w->sty, 1, MPFR_RNDN);
        mpfr_add_ui(w->dx, w->dx, 1, MPFR_RNDN);
        /* z_{n+1} = z_n^2 + c at full precision. */
        mpfr_sqr(w->x2, w->x, MPFR_RNDN);
        mpfr_sqr(w->y2, w->y, MPFR_RNDN);
        mpfr_add(w->t, w->x, w->y, MPFR_RNDN);
        mpfr_sqr(w->t, w->t, MPFR_RNDN);
        mpfr_sub(w->t, w->t, w->x2, MPFR_RNDN);
        mpfr_sub(w->y, w->t, w->y2, MPFR_RNDN);
        mpfr_add(w->y, w->y, w->cy, MPFR_RNDN);
        mpfr_sub(w->x, w->x2, w->y2, MPFR_RNDN);
        mpfr_add(w->x, w->x, w->cx, MPFR_RNDN);
        if (n + 1 < p) {
            /* z_j / dz_j estimates the distance to a nucleus of period j:
             * record the smallest (as a binary exponent). */
            long ez = mpfr_zero_p(w->x) && mpfr_zero_p(w->y)
                          ? LONG_MIN / 2
                          : (long)(mpfr_zero_p(w->x)   ? mpfr_get_exp(w->y)
                                   : mpfr_zero_p(w->y) ? mpfr_get_exp(w->x)
                                   : mpfr_get_exp(w->x) > mpfr_get_exp(w->y) ? mpfr_get_exp(w->x)
                                                                            : mpfr_get_exp(w->y));
            long ed = (long)(mpfr_zero_p(w->dx)   ? mpfr_get_exp(w->dy)
                             : mpfr_zero_p(w->dy) ? mpfr_get_exp(w->dx)
                             : mpfr_get_exp(w->dx) > mpfr_get_exp(w->dy) ? mpfr_get_exp(w->dx)
                                                                          : mpfr_get_exp(w->dy));
            if (ez - ed < w->low_e) {
                w->low_e = ez - ed;
                w->low_j = n + 1;
            }
            /* l_j = 2 z_j l_{j-1}, b += 1 / l_j for j = n + 1 <= p - 1. */
            mpfr_set(w->zx, w->x, MPFR_RNDN);
            mpfr_set(w->zy, w->y, MPFR_RNDN);
            cmul(w, w->sx, w->sy, w->zx, w->zy, w->lx, w->ly);
            mpfr_mul_2ui(w->lx, w->sx, 1, MPFR_RNDN);
            mpfr_mul_2ui(w->ly, w->sy, 1, MPFR_RNDN);
            /* 1 / l = conj(l) / |l|^2 */
            mpfr_sqr(w->e, w->lx, MPFR_RNDN);
            mpfr_sqr(w->a, w->ly, MPFR_RNDN);
            mpfr_add(w->e, w->e, w->a, MPFR_RNDN);
            if (mpfr_zero_p(w->e))
                return -1;
            mpfr_div(w->a, w->lx, w->e, MPFR_RNDN);
            mpfr_div(w->b, w->ly, w->e, MPFR_RNDN);
            mpfr_add(w->bx, w->bx, w->a, MPFR_RNDN);
            mpfr_sub(w->by, w->by, w->b, MPFR_RNDN);
        }
    }
    if (mpfr_zero_p(w->dx) && mpfr_zero_p(w->dy))
        return -1;
    /* step = z_p / dz_p */
    mpfr_set(w->zx, w->x, MPFR_RNDN);
    mpfr_set(w->zy, w->y, MPFR_RNDN);
    cdiv(w, w->stx, w->sty, w->zx, w->zy, w->dx, w->dy);
    /* s = 1 / (b l^2) */
    cmul(w, w->sx, w->sy, w->lx, w->ly, w->lx, w->ly);
    cmul(w, w->zx, w->zy, w->sx, w->sy, w->bx, w->by);
    mpfr_set_ui(w->sx, 1, MPFR_RNDN);
    mpfr_set_zero(w->sy, 1);
    cdiv(w, w->sx, w->sy, w->sx, w->sy, w->zx, w->zy);
    if (!mpfr_number_p(w->stx) || !mpfr_number_p(w->sty) || !mpfr_number_p(w->sx) || !mpfr_number_p(w->sy) ||
        !mpfr_number_p(w->cx) || !mpfr_number_p(w->cy))
        return -1;
    return 0;
}

/* malloc'ed copy of an mpfr_asprintf result. */
static char *dup_mpfr_str(char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *o = malloc(n);
    if (o)
        memcpy(o, s, n);
    mpfr_free_str(s);
    return o;
}

/* Decimal text of x with an absolute accuracy of about 10^-(abs_digits). */
static char *coord_text(mpfr_t x, long abs_digits)
{
    if (mpfr_zero_p(x)) {
        char *o = malloc(2);
        if (o)
            memcpy(o, "0", 2);
        return o;
    }
    /* decimal exponent of |x|, roughly: |x| < 2^e */
    long e10 = (long)ceil((double)mpfr_get_exp(x) * 0.30102999566398120) + 1;
    long digits = e10 + abs_digits;
    if (digits < 17)
        digits = 17;
    char *s = NULL;
    if (mpfr_asprintf(&s, "%.*Re", (int)(digits - 1), x) < 0)
        return NULL;
    return dup_mpfr_str(s);
}

void fr_nucleus_free(fr_nucleus *n)
{
    if (!n)
        return;
    free(n->re);
    free(n->im);
    free(n->size);
    memset(n, 0, sizeof *n);
}

fr_status fr_locate_nucleus(fr_context *ctx, const char *re, const char *im, const char *radius, uint32_t period,
                            fr_nucleus *out)
{
    if (!out)
        return fr_fail(ctx, FR_ERR_INVALID, "out must not be NULL");
    memset(out, 0, sizeof *out);
    if (period == 0)
        return fr_fail(ctx, FR_ERR_INVALID, "period must be >= 1");

    const long guard = 64 + (long)ceil_log2_u32(period);
    mpfr_t rad;
    mpfr_exp_t e;
    mpfr_prec_t bits;
    mpfr_init2(rad, LOW_PREC);
    fr_status st = radius_bits(ctx, radius, guard, rad, &e, &bits);
    mpfr_clear(rad);
    if (st != FR_OK)
        return st;

    newton_ws w;
    ws_init(&w, bits);
    if (parse_dec(w.cx, re) != 0) {
        ws_clear(&w);
        return fr_fail(ctx, FR_ERR_INVALID, "re must be a decimal number, got \"%.40s\"", re ? re : "(null)");
    }
    if (parse_dec(w.cy, im) != 0) {
        ws_clear(&w);
        return fr_fail(ctx, FR_ERR_INVALID, "im must be a decimal number, got \"%.40s\"", im ? im : "(null)");
    }

    int converged = 0;
    const mpfr_exp_t rexp = e; /* radius ~ 2^rexp */
    const long base = (long)bits;
    long gained = 0;           /* log2(radius / |last step|), >= 0 */
    long cap = LONG_MAX;       /* full precision the size asks for (+ 32) */
    for (int step = 0; step < NEWTON_MAX_STEPS && !converged; step++) {
        /* The next error is about |step|^2 / radius: resolve that, and the
         * atom once the size is known; never lower the precision. */
        long fb = base + 4 * gained + 64;
        if (fb > cap)
            fb = cap;
        if (fb > (long)w.bits)
            ws_grow(&w, (mpfr_prec_t)fb);
        long db = 2 * gained + LOW_PREC;
        if (db > (long)w.bits)
            db = (long)w.bits;
        ws_set_dbits(&w, (mpfr_prec_t)db);
        if (newton_pass(&w, period) != 0) {
            ws_clear(&w);
            return fr_fail(ctx, FR_ERR_INVALID,
                           "Newton for the nucleus of period %u failed: derivative vanished or overflowed (step %d)",
                           (unsigned)period, step);
        }
        mpfr_hypot(w.a, w.sx, w.sy, MPFR_RNDN);   /* |size| */
        mpfr_hypot(w.b, w.stx, w.sty, MPFR_RNDN); /* |step| */
        /* the size estimate says how fine the nucleus must be resolved */
        mpfr_prec_t need = bits_for_exp(mpfr_get_exp(w.a), guard);
        if (need > PREC_LIMIT) {
            ws_clear(&w);
            return fr_fail(ctx, FR_ERR_INVALID, "the atom of period %u is too small to resolve",
                           (unsigned)period);
        }
        mpfr_mul_2si(w.c, w.a, -NEWTON_TOL_BITS, MPFR_RNDN);
        converged = need <= w.bits && mpfr_less_p(w.b, w.c);
        mpfr_sub(w.cx, w.cx, w.stx, MPFR_RNDN);
        mpfr_sub(w.cy, w.cy, w.sty, MPFR_RNDN);
        gained = mpfr_zero_p(w.b) ? (long)w.bits : (long)(rexp - mpfr_get_exp(w.b));
        if (gained < 0)
            gained = 0;
        cap = (long)need + 32; /* a little extra to avoid regrowing */
    }
    if (!converged) {
        ws_clear(&w);
        return fr_fail(ctx, FR_ERR_INVALID, "Newton for the nucleus of period %u did not converge in %d steps",
                       (unsigned)period, NEWTON_MAX_STEPS);
    }
    /* A nucleus of a lower period j (dividing `period`) is also a root of
     * z_period: refuse it when z_j / dz_j says a period-j nucleus lies far
     * closer than the atom's size (2^-20 of it). */
    if (w.low_j && w.low_e < (long)mpfr_get_exp(w.a) - 20) {
        uint32_t j = w.low_j;
        ws_clear(&w);
        return fr_fail(ctx, FR_ERR_INVALID,
                       "Newton for period %u converged to a nucleus of lower period %u; start nearer the atom",
                       (unsigned)period, (unsigned)j);
    }

    /* Size |s| as text, mantissa / exponent, orientation. */
    mpfr_hypot(w.a, w.sx, w.sy, MPFR_RNDN);
    char *ss = NULL;
    if (mpfr_asprintf(&ss, "%.16Re", w.a) < 0) {
        ws_clear(&w);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory formatting the nucleus");
    }
    char *ep = strchr(ss, 'e');
    out->size_exp10 = ep ? strtol(ep + 1, NULL, 10) : 0;
    if (ep)
        *ep = '\0';
    out->size_mant = strtod(ss, NULL);
    mpfr_free_str(ss);
    ss = NULL;
    if (mpfr_asprintf(&ss, "%.4Re", w.a) < 0) {
        ws_clear(&w);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory formatting the nucleus");
    }
    out->size = dup_mpfr_str(ss);
    mpfr_atan2(w.b, w.sy, w.sx, MPFR_RNDN);
    out->orientation_deg = mpfr_get_d(w.b, MPFR_RNDN) * (180.0 / 3.14159265358979323846);
    out->period = period;

    long abs_digits = -out->size_exp10 + 20;
    if (abs_digits < 20)
        abs_digits = 20;
    out->re = coord_text(w.cx, abs_digits);
    out->im = coord_text(w.cy, abs_digits);
    ws_clear(&w);
    if (!out->re || !out->im || !out->size) {
        fr_nucleus_free(out);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory formatting the nucleus");
    }
    return FR_OK;
}
