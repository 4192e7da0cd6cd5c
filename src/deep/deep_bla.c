/* Bilinear approximation tables (mathr's BLA, as in Fraktaler-3): level 0
 * holds one step per reference index m = 1 .. M-1 (z -> 2 Z_m z + dc,
 * valid while |z| < eps |Z_m|: the dropped z^2 is below eps of the kept
 * term); level k+1 merges neighbouring pairs of level k, x then y:
 *   A = A_y A_x, B = A_y B_x + B_y,
 *   r = min(r_x, max(0, (r_y - |B_x| dcmax) / |A_x|)).
 * Built in extended range (A over a long span leaves a double's range at
 * depth), then stored as doubles for the validity test and the double
 * loop. The radius stored is r / sqrt 2, so that the loop may test the max
 * norm. The non-conformal formulas' steps are real-linear maps
 * z -> a z + aq conj(z) (deep_job.h). The Burning Ship's step at
 * Z = X + iY is z -> 2 Z z where X Y > 0 and 2 conj(Z) conj(z) where
 * X Y < 0 (the fold |.| keeps its side); it holds while z moves neither
 * part across an axis, |z| < min(|X|, |Y|), as well as |z| < eps |Z|.
 * Deterministic: the same tables on every backend and thread count. */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "deep/deep_view.h"

/* Levels of fewer entries are built without a parallel region. */
#define FR_BLA_PARALLEL_MIN 16384

typedef struct bla_build {
    fr_fec a, b;
    fr_fec aq, bq; /* conjugate parts (Tricorn, Burning Ship; zero otherwise) */
    fr_fe r;       /* Euclidean radius */
    uint32_t l;
} bla_build;

static fr_fec conj_fec(fr_fec v)
{
    v.y = -v.y;
    return v;
}

/* x then y. A map z -> a z + aq conj(z) composes as
 * (a2, q2) o (a1, q1) = (a2 a1 + q2 conj(q1), a2 q1 + q2 conj(a1)); its
 * norm is at most |a| + |aq|. */
static bla_build merge(const bla_build *x, const bla_build *y, fr_fe dcmax, int q)
{
    bla_build o;
    fr_fe nax = fr_fec_abs(x->a), nbx = fr_fec_abs(x->b);
    if (!q) {
        o.a = fr_fec_mul(y->a, x->a);
        o.b = fr_fec_add(fr_fec_mul(y->a, x->b), y->b);
        o.aq = o.bq = fr_fec_from_d(0, 0);
    } else {
        o.a = fr_fec_add(fr_fec_mul(y->a, x->a), fr_fec_mul(y->aq, conj_fec(x->aq)));
        o.aq = fr_fec_add(fr_fec_mul(y->a, x->aq), fr_fec_mul(y->aq, conj_fec(x->a)));
        o.b = fr_fec_add(fr_fec_add(fr_fec_mul(y->a, x->b), fr_fec_mul(y->aq, conj_fec(x->bq))), y->b);
        o.bq = fr_fec_add(fr_fec_add(fr_fec_mul(y->a, x->bq), fr_fec_mul(y->aq, conj_fec(x->b))), y->bq);
        nax = fr_fe_add(nax, fr_fec_abs(x->aq));
        nbx = fr_fe_add(nbx, fr_fec_abs(x->bq));
    }
    fr_fe t = fr_fe_sub(y->r, fr_fe_mul(nbx, dcmax));
    if (t.m <= 0) t = fr_fe_norm(0, 0);
    else t = fr_fe_div(t, nax);
    o.r = fr_fe_lt(t, x->r) ? t : x->r;
    o.l = x->l + y->l;
    return o;
}

static void store_q(const bla_build *s, fr_bla_q_d *d, fr_bla_q_fe *fe)
{
    fr_fec_to_d(s->aq, &d->aqx, &d->aqy);
    fr_fec_to_d(s->bq, &d->bqx, &d->bqy);
    if (fe) fe->aq = s->aq, fe->bq = s->bq;
}

static void store(const bla_build *s, fr_bla_d *d, fr_bla_fe *fe)
{
    static const double inv_sqrt2 = 0.70710678118654752440;
    fr_fe r = fr_fe_mul(s->r, fr_fe_from_d(inv_sqrt2));
    fr_fec_to_d(s->a, &d->ax, &d->ay);
    fr_fec_to_d(s->b, &d->bx, &d->by);
    d->r = fr_fe_to_d(r);
    double qx, qy, px, py;
    fr_fec_to_d(s->aq, &qx, &qy);
    fr_fec_to_d(s->bq, &px, &py);
    if (!isfinite(d->ax) || !isfinite(d->ay) || !isfinite(d->bx) || !isfinite(d->by) || !isfinite(d->r) ||
        !isfinite(qx) || !isfinite(qy) || !isfinite(px) || !isfinite(py))
        d->r = 0; /* beyond a double: never taken in the double loop */
    d->l = s->l;
    if (fe) fe->a = s->a, fe->b = s->b, fe->r = r;
}

void fr_deep_bla_free(fr_deep_bla *t)
{
    free(t->d);
    free(t->fe);
    free(t->qd);
    free(t->qfe);
    memset(t, 0, sizeof *t);
}

fr_status fr_deep_bla_build(fr_context *ctx, fr_deep_orbit *o, int power, int conj, int ship, fr_fe dcmax, double eps,
                            int want_fe, fr_deep_bla *t)
{
    memset(t, 0, sizeof *t);
    const int q = conj || ship; /* real-linear steps: the q parts are kept */
    if (o->M < 2) return FR_OK;
    uint64_t total = 0;
    uint32_t n = o->M - 1;
    for (int k = 0; k < FR_BLA_MAX_LEVELS; k++) {
        t->off[k] = (uint32_t)total, t->n[k] = n;
        total += n;
        t->levels = k + 1;
        if (n == 1) break;
        n = (n + 1) / 2;
    }
    t->d = malloc(total * sizeof *t->d);
    t->fe = want_fe ? malloc(total * sizeof *t->fe) : NULL;
    t->qd = q ? malloc(total * sizeof *t->qd) : NULL;
    t->qfe = q && want_fe ? malloc(total * sizeof *t->qfe) : NULL;
    bla_build *cur = malloc((size_t)t->n[0] * sizeof *cur), *next = malloc(((size_t)t->n[0] + 1) / 2 * sizeof *next);
    if (!t->d || (want_fe && !t->fe) || (q && !t->qd) || (q && want_fe && !t->qfe) || !cur || !next) {
        free(cur);
        free(next);
        fr_deep_bla_free(t);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for BLA tables of %u reference iterations", o->M);
    }
    const fr_fe feps = fr_fe_from_d(eps);
    const int64_t n0 = t->n[0];
    /* Short tables are built on one thread: a zoom video builds them every
     * frame, and a parallel region's fork and barrier (three a level) cost
     * more than the work below FR_BLA_PARALLEL_MIN entries, far more on a
     * busy machine (0.3 s a table of 500 entries measured on 2 loaded
     * cores). Each entry is computed alike either way. */
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx)) if (n0 >= FR_BLA_PARALLEL_MIN)
    for (int64_t i = 0; i < n0; i++) {
        const uint32_t m = (uint32_t)i + 1;
        fr_fec Z = o->Zfe ? o->Zfe[m] : fr_fec_from_d(o->Z[FR_DEEP_ZREC * m], o->Z[FR_DEEP_ZREC * m + 1]);
        cur[i].aq = cur[i].bq = fr_fec_from_d(0, 0);
        if (conj) { /* Tricorn: z -> conj(2 Z z) = conj(2 Z) conj(z) */
            cur[i].a = fr_fec_from_d(0, 0);
            cur[i].aq = conj_fec(fr_fec_twice(Z));
            cur[i].r = fr_fe_mul(feps, fr_fec_abs(Z));
        } else if (ship) {
            fr_fe r = fr_fe_mul(feps, fr_fec_abs(Z));
            fr_fe ax = fr_fe_norm(fabs(Z.x), Z.e), ay = fr_fe_norm(fabs(Z.y), Z.e);
            if (fr_fe_lt(ax, r)) r = ax;
            if (fr_fe_lt(ay, r)) r = ay;
            cur[i].r = r;
            if ((Z.x < 0) == (Z.y < 0)) cur[i].a = fr_fec_twice(Z); /* X Y >= 0 (r is 0 where X Y = 0) */
            else cur[i].a = fr_fec_from_d(0, 0), cur[i].aq = fr_fec_twice(conj_fec(Z));
        } else if (power == 2) {
            cur[i].a = fr_fec_twice(Z);
            cur[i].r = fr_fe_mul(feps, fr_fec_abs(Z));
        } else { /* z^d: A = d Z^(d-1); the dropped C(d,2) Z^(d-2) z^2 is below eps of it while |z| < eps |Z| / (d-1) */
            fr_fec a = Z;
            for (int k = 2; k < power; k++) a = fr_fec_mul(a, Z);
            cur[i].a = fr_fec_scale(a, fr_fe_from_d((double)power));
            cur[i].r = fr_fe_mul(fr_fe_mul(feps, fr_fe_from_d(1.0 / (power - 1))), fr_fec_abs(Z));
        }
        cur[i].b = fr_fec_from_d(1, 0);
        cur[i].l = 1;
    }
    for (int k = 0; k < t->levels; k++) {
        const int64_t nk = t->n[k], off = t->off[k];
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx)) if (nk >= FR_BLA_PARALLEL_MIN)
        for (int64_t i = 0; i < nk; i++) {
            store(&cur[i], &t->d[off + i], t->fe ? &t->fe[off + i] : NULL);
            if (q) store_q(&cur[i], &t->qd[off + i], t->qfe ? &t->qfe[off + i] : NULL);
        }
        if (k + 1 == t->levels) break;
        const int64_t nn = t->n[k + 1];
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx)) if (nn >= FR_BLA_PARALLEL_MIN)
        for (int64_t i = 0; i < nn; i++)
            next[i] = 2 * i + 1 < nk ? merge(&cur[2 * i], &cur[2 * i + 1], dcmax, q) : cur[2 * i];
        bla_build *sw = cur;
        cur = next, next = sw;
    }
    free(cur);
    free(next);
    for (uint32_t m = 1; m < o->M; m++) o->Z[FR_DEEP_ZREC * m + 2] = t->d[m - 1].r; /* beside Z_m: one stream */
    return FR_OK;
}
