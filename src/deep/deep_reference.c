/* The reference orbit of deep zoom: Z_{m+1} = f(Z_m) + C in MPFR at the
 * view's exact centre, stored as doubles (and, in extended-range mode, as
 * fr_fec, which keeps the values a double would flush to zero).
 *
 * For the quadratic formulas a step's three products (x^2, y^2, x y) are
 * independent: once they are long enough to pay for handing them over
 * (FR_REF_TEAM_BITS), up to three threads compute them at once, the
 * calling thread then ends the step. MPFR rounds each product the same
 * wherever it runs, so the orbit is the same bits at any thread count.
 *
 * An orbit that comes back to one of its last FR_REF_RING states bit for
 * bit (a centre that is a Misiurewicz point or a nucleus exactly, such as
 * c = i) repeats from there exactly, so its rest is copied instead of
 * computed: a view 1e-100000 wide at c = i needs its first four steps in
 * MPFR, not a hundred thousand at 332,000 bits. The doubles stored for
 * each step are compared first; MPFR decides on their equality. */
#include <omp.h>
#include <stdlib.h>

#include "core/context.h"
#include "deep/deep_view.h"

/* Precision from which a step's products run on a team of threads. */
#define FR_REF_TEAM_BITS 16384
/* The states kept for the exact period test: periods up to this. */
#define FR_REF_RING 64

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

typedef struct ref {
    fr_context *ctx;
    const fr_deep_view *v;
    int power, conj, ship, want_fe;
    uint32_t max_iter, m;
    double b2, last;
    fr_deep_orbit *o;
    mpfr_t x, y, x2, y2, t, px, py;
    mpfr_t ring[FR_REF_RING][2]; /* the state of step m at m % FR_REF_RING */
    fr_status s;
} ref;

/* Whether the state just computed (step m) equals that of a step m - p,
 * 1 <= p <= FR_REF_RING: then the orbit repeats with period p from there
 * and its steps up to max_iter are copied (returns 1). Else the state is
 * kept in its ring slot. */
static int repeats(ref *r, uint32_t m, double zx, double zy)
{
    fr_deep_orbit *o = r->o;
    for (uint32_t p = 1; p <= FR_REF_RING && p <= m; p++) {
        const double *q = o->Z + FR_DEEP_ZREC * (size_t)(m - p);
        mpfr_t *st = r->ring[(m - p) % FR_REF_RING];
        if (q[0] != zx || q[1] != zy || !mpfr_equal_p(st[0], r->x) || !mpfr_equal_p(st[1], r->y)) continue;
        for (uint32_t n = m + 1; n <= r->max_iter; n++) {
            const double *from = o->Z + FR_DEEP_ZREC * (size_t)(n - p);
            double *to = o->Z + FR_DEEP_ZREC * (size_t)n;
            for (int k = 0; k < FR_DEEP_ZREC; k++) to[k] = from[k];
            if (r->want_fe) o->Zfe[n] = o->Zfe[n - p];
        }
        r->m = r->max_iter;
        o->period = p;
        return 1;
    }
    mpfr_set(r->ring[m % FR_REF_RING][0], r->x, MPFR_RNDN);
    mpfr_set(r->ring[m % FR_REF_RING][1], r->y, MPFR_RNDN);
    return 0;
}

/* The products of a quadratic step, task k of 3 (t = x y, x2, y2). */
static void quad_product(ref *r, int k)
{
    if (k == 0) mpfr_mul(r->t, r->x, r->y, MPFR_RNDN);
    else if (k == 1) mpfr_sqr(r->x2, r->x, MPFR_RNDN);
    else mpfr_sqr(r->y2, r->y, MPFR_RNDN);
}

/* The rest of the step: z^d + c for d >= 3, the quadratic step's sums from
 * its products; then Z_m stored, the escape test and the progress report.
 * 1 when the orbit is done (escaped, at its end, or cancelled). */
static int step_finish(ref *r)
{
    if (r->power == 2) {
        mpfr_mul_2ui(r->t, r->t, 1, MPFR_RNDN);
        if (r->conj) mpfr_neg(r->t, r->t, MPFR_RNDN); /* Tricorn: conj(z)^2 */
        if (r->ship) mpfr_abs(r->t, r->t, MPFR_RNDN); /* Burning Ship: 2 |x y| */
        mpfr_add(r->y, r->t, r->v->ci, MPFR_RNDN);
        mpfr_sub(r->x, r->x2, r->y2, MPFR_RNDN);
        mpfr_add(r->x, r->x, r->v->cr, MPFR_RNDN);
    } else { /* z^d by d - 1 complex products */
        mpfr_set(r->px, r->x, MPFR_RNDN);
        mpfr_set(r->py, r->y, MPFR_RNDN);
        for (int k = 1; k < r->power; k++) {
            mpfr_mul(r->x2, r->px, r->x, MPFR_RNDN);
            mpfr_mul(r->t, r->py, r->y, MPFR_RNDN);
            mpfr_sub(r->x2, r->x2, r->t, MPFR_RNDN);
            mpfr_mul(r->y2, r->px, r->y, MPFR_RNDN);
            mpfr_mul(r->t, r->py, r->x, MPFR_RNDN);
            mpfr_add(r->py, r->y2, r->t, MPFR_RNDN);
            mpfr_set(r->px, r->x2, MPFR_RNDN);
        }
        mpfr_add(r->x, r->px, r->v->cr, MPFR_RNDN);
        mpfr_add(r->y, r->py, r->v->ci, MPFR_RNDN);
    }
    const uint32_t m = ++r->m;
    double *Z = r->o->Z;
    double zx = mpfr_get_d(r->x, MPFR_RNDN), zy = mpfr_get_d(r->y, MPFR_RNDN);
    double *rec = Z + FR_DEEP_ZREC * (size_t)m;
    rec[0] = zx, rec[1] = zy, rec[2] = rec[3] = 0;
    if (r->want_fe) r->o->Zfe[m] = to_fec(r->x, r->y);
    if (zx * zx + zy * zy > r->b2 || m >= r->max_iter || repeats(r, m, zx, zy)) return 1;
    if ((m & 1023) == 0 && r->ctx->progress) {
        double now = fr_now();
        if (now - r->last >= 0.05) {
            r->last = now;
            if (r->ctx->progress((double)m / r->max_iter, r->ctx->progress_user)) {
                r->s = fr_fail(r->ctx, FR_ERR_CANCELLED, "render cancelled");
                return 1;
            }
        }
    }
    return 0;
}

fr_status fr_deep_reference(fr_context *ctx, const fr_deep_view *v, int power, int conj, int ship, uint32_t max_iter,
                            double b2, int want_fe, fr_deep_orbit *o)
{
    const uint64_t n = (uint64_t)max_iter + 1;
    o->Z = malloc(FR_DEEP_ZREC * n * sizeof *o->Z);
    o->Zfe = want_fe ? malloc(n * sizeof *o->Zfe) : NULL;
    if (!o->Z || (want_fe && !o->Zfe)) {
        fr_deep_orbit_free(o);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a reference orbit of %u iterations (iter)", max_iter);
    }
    ref r = {.ctx = ctx, .v = v, .power = power, .conj = conj, .ship = ship, .want_fe = want_fe,
             .max_iter = max_iter, .m = 0, .b2 = b2, .last = fr_now(), .o = o, .s = FR_OK};
    mpfr_inits2(v->bits, r.x, r.y, r.x2, r.y2, r.t, r.px, r.py, (mpfr_ptr)0);
    mpfr_set_ui(r.x, 0, MPFR_RNDN);
    mpfr_set_ui(r.y, 0, MPFR_RNDN);
    for (int k = 0; k < FR_REF_RING; k++) mpfr_inits2(v->bits, r.ring[k][0], r.ring[k][1], (mpfr_ptr)0);
    mpfr_set_ui(r.ring[0][0], 0, MPFR_RNDN); /* Z_0 = 0: a nucleus's orbit comes back to it */
    mpfr_set_ui(r.ring[0][1], 0, MPFR_RNDN);
    o->Z[0] = o->Z[1] = o->Z[2] = o->Z[3] = 0;
    if (want_fe) o->Zfe[0] = fr_fec_from_d(0, 0);
    int team = power == 2 && v->bits >= FR_REF_TEAM_BITS ? fr_threads(ctx) : 1;
    if (team > 3) team = 3;
    if (max_iter == 0) {
    } else if (team < 2) {
        while (1) {
            if (power == 2)
                for (int k = 0; k < 3; k++) quad_product(&r, k);
            if (step_finish(&r)) break;
        }
    } else {
        int done = 0;
#pragma omp parallel num_threads(team)
        {
            const int id = omp_get_thread_num(), nt = omp_get_num_threads();
            while (!done) {
                /* x y on thread 0; with two threads both squares on thread 1 */
                for (int k = 0; k < 3; k++)
                    if ((nt >= 3 ? k : k > 0) % nt == id) quad_product(&r, k);
#pragma omp barrier
#pragma omp master
                done = step_finish(&r);
#pragma omp barrier
            }
        }
    }
    o->M = r.m;
    mpfr_clears(r.x, r.y, r.x2, r.y2, r.t, r.px, r.py, (mpfr_ptr)0);
    for (int k = 0; k < FR_REF_RING; k++) mpfr_clears(r.ring[k][0], r.ring[k][1], (mpfr_ptr)0);
    fr_status s = r.s;
    if (s) fr_deep_orbit_free(o);
    return s;
}

void fr_deep_orbit_free(fr_deep_orbit *o)
{
    free(o->Z);
    free(o->Zfe);
    o->Z = NULL, o->Zfe = NULL;
}
