/* The reference orbit of deep zoom: Z_{m+1} = f(Z_m) + C in MPFR at the
 * view's exact centre, stored as doubles (and, in extended-range mode, as
 * fr_fec, which keeps the values a double would flush to zero). */
#include <stdlib.h>

#include "core/context.h"
#include "deep/deep_view.h"

/* An MPFR value as m * 2^e with m in [0.5, 1) (0 for zero). */
static double get_2exp(long *e, const mpfr_t v)
{
    if (mpfr_zero_p(v)) return *e = 0, 0.0;
    return mpfr_get_d_2exp(e, v, MPFR_RNDN);
}

static fr_fec to_fec(const mpfr_t x, const mpfr_t y)
{
    long ex, ey;
    double mx = get_2exp(&ex, x), my = get_2exp(&ey, y);
    if (mx == 0 && my == 0) return fr_fec_from_d(0, 0);
    long e = mx == 0 ? ey : my == 0 ? ex : (ex > ey ? ex : ey);
    return fr_fec_norm(fr_fe_ldexp(mx, ex - e), fr_fe_ldexp(my, ey - e), e);
}

fr_status fr_deep_reference(fr_context *ctx, const fr_deep_view *v, int power, int conj, int ship, uint32_t max_iter,
                            double b2, int want_fe, fr_deep_orbit *o)
{
    const uint64_t n = (uint64_t)max_iter + 1;
    o->Z = malloc(3 * n * sizeof *o->Z);
    o->Zfe = want_fe ? malloc(n * sizeof *o->Zfe) : NULL;
    if (!o->Z || (want_fe && !o->Zfe)) {
        fr_deep_orbit_free(o);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a reference orbit of %u iterations (iter)", max_iter);
    }
    mpfr_t x, y, x2, y2, t, px, py;
    mpfr_inits2(v->bits, x, y, x2, y2, t, px, py, (mpfr_ptr)0);
    mpfr_set_ui(x, 0, MPFR_RNDN);
    mpfr_set_ui(y, 0, MPFR_RNDN);
    o->Z[0] = o->Z[1] = o->Z[2] = 0;
    if (want_fe) o->Zfe[0] = fr_fec_from_d(0, 0);
    uint32_t m = 0;
    fr_status s = FR_OK;
    double last = fr_now();
    while (m < max_iter) {
        if (power == 2) {
            mpfr_sqr(x2, x, MPFR_RNDN);
            mpfr_sqr(y2, y, MPFR_RNDN);
            mpfr_mul(t, x, y, MPFR_RNDN);
            mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
            if (conj) mpfr_neg(t, t, MPFR_RNDN); /* Tricorn: conj(z)^2 */
            if (ship) mpfr_abs(t, t, MPFR_RNDN); /* Burning Ship: 2 |x y| */
            mpfr_add(y, t, v->ci, MPFR_RNDN);
            mpfr_sub(x, x2, y2, MPFR_RNDN);
            mpfr_add(x, x, v->cr, MPFR_RNDN);
        } else { /* z^d by d - 1 complex products */
            mpfr_set(px, x, MPFR_RNDN);
            mpfr_set(py, y, MPFR_RNDN);
            for (int k = 1; k < power; k++) {
                mpfr_mul(x2, px, x, MPFR_RNDN);
                mpfr_mul(t, py, y, MPFR_RNDN);
                mpfr_sub(x2, x2, t, MPFR_RNDN);
                mpfr_mul(y2, px, y, MPFR_RNDN);
                mpfr_mul(t, py, x, MPFR_RNDN);
                mpfr_add(py, y2, t, MPFR_RNDN);
                mpfr_set(px, x2, MPFR_RNDN);
            }
            mpfr_add(x, px, v->cr, MPFR_RNDN);
            mpfr_add(y, py, v->ci, MPFR_RNDN);
        }
        m++;
        double zx = mpfr_get_d(x, MPFR_RNDN), zy = mpfr_get_d(y, MPFR_RNDN);
        o->Z[3 * m] = zx, o->Z[3 * m + 1] = zy, o->Z[3 * m + 2] = 0;
        if (want_fe) o->Zfe[m] = to_fec(x, y);
        if (zx * zx + zy * zy > b2) break;
        if ((m & 1023) == 0 && ctx->progress) {
            double now = fr_now();
            if (now - last >= 0.05) {
                last = now;
                if (ctx->progress((double)m / max_iter, ctx->progress_user)) {
                    s = fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
                    break;
                }
            }
        }
    }
    o->M = m;
    mpfr_clears(x, y, x2, y2, t, px, py, (mpfr_ptr)0);
    if (s) fr_deep_orbit_free(o);
    return s;
}

void fr_deep_orbit_free(fr_deep_orbit *o)
{
    free(o->Z);
    free(o->Zfe);
    o->Z = NULL, o->Zfe = NULL;
}
