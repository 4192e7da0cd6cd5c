/*
 * The batched chaos game (flame_simd.h), compiled with -mavx2 -mfma
 * -fopenmp-simd -fno-math-errno -fno-trapping-math and called only on a
 * processor with AVX2 and FMA. No fast-math: NaN and infinities stay
 * (flam3's bad values are NaN or beyond 1e10), contraction stays off.
 *
 * A batch of walkers lives in structure-of-arrays lanes. One iteration:
 *  1. every lane draws from its own stream (a vector loop) and takes its
 *     xform from the xform-choice row of its previous one;
 *  2. the lanes are sorted by xform (a counting sort into the other lane
 *     buffer); each xform's run starts at a multiple of 4 lanes and is
 *     padded to one (pad lanes sit at the origin and are never read back),
 *     so every vector loop works on whole 4-lane vectors and a lane's
 *     result does not depend on its neighbours;
 *  3. per xform: the affine map, pre_blur, the shared quantities (r2, r,
 *     the two atan2, x / r, y / r) and each variation as a loop over the
 *     run; the variation loops are generated from flame_var_calls.h and
 *     call the scalar FR_HD formulas, which GCC vectorises with libmvec's
 *     sin, cos, atan2, pow, exp, log ... (a variation that does not
 *     vectorise -- fmod, a call inside a branch -- runs its scalar loop);
 *  4. a bad value: the lane runs the rest of the iteration's tries with
 *     the scalar walker (fr_flame_walker_tries), from the same stream;
 *  5. plotting lanes draw for the final xform's opacity, those that take
 *     it run it as one more run of lanes; the hits go through the prefetch
 *     ring.
 * Random numbers come from each walker's stream in the scalar walker's
 * order: xform, pre_blur, variations in order, the bad value's new point,
 * the opacity draw, the final xform's variations.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* libmvec has AVX2 versions of these (_ZGVdN4v_sin ...); glibc's math.h
 * declares them so only under fast-math. sin and cos are not built-ins
 * here (-fno-builtin-sin -fno-builtin-cos) so that GCC does not fuse a
 * pair into sincos, which it cannot vectorise. */
#pragma omp declare simd notinbranch
double sin(double) __attribute__((const));
#pragma omp declare simd notinbranch
double cos(double) __attribute__((const));
#pragma omp declare simd notinbranch
double tan(double) __attribute__((const));
#pragma omp declare simd notinbranch
double exp(double) __attribute__((const));
#pragma omp declare simd notinbranch
double log(double) __attribute__((const));
#pragma omp declare simd notinbranch
double log10(double) __attribute__((const));
#pragma omp declare simd notinbranch
double pow(double, double) __attribute__((const));
#pragma omp declare simd notinbranch
double atan2(double, double) __attribute__((const));
#pragma omp declare simd notinbranch
double sinh(double) __attribute__((const));
#pragma omp declare simd notinbranch
double cosh(double) __attribute__((const));
#pragma omp declare simd notinbranch
double acos(double) __attribute__((const));

#include "cpu/flame_simd.h"
#include "flame/flame_xform_core.h"

#define LANES FR_FLAME_SIMD_BATCH
#define ALIGN 64

static inline int up4(int n) { return (n + 3) & ~3; }

/* Lane state, structure of arrays. */
typedef struct lanes {
    double *x, *y, *c;           /* point and colour coordinate */
    uint64_t *s0, *s1, *s2, *s3; /* the walker's stream */
    int32_t *last;               /* previous xform + 1 */
    int32_t *fn;                 /* the xform of this iteration */
    uint32_t *left;              /* samples still to plot */
} lanes;

/* The arrays a run of lanes is computed in: the variation context, the
 * sum, and the stream of the lanes being computed. */
typedef struct work {
    double *tx, *ty, *r2, *rr, *ax, *sa, *ca, *ay, *p0, *p1;
    uint64_t *s0, *s1, *s2, *s3;
} work;

struct fr_flame_simd {
    int cap, nxf;
    lanes a, b;       /* current lanes and the sort's target */
    lanes f;          /* the lanes that take the final xform */
    work w;
    double *ox, *oy;  /* a run's results */
    int32_t *bad;     /* per lane: bad value */
    uint32_t *u;      /* per lane: the xform draw */
    int32_t *at, *at2; /* positions of the live lanes */
    int32_t *src;     /* final lanes: their position */
    int *cnt, *start, *pos;
    void *mem;
};

/* ---- the variation loops: one per variation, from the shared list. */

#define RESTRICT_WORK(g)                                                                                              \
    double *restrict tx = __builtin_assume_aligned(g->tx, 32), *restrict ty = __builtin_assume_aligned(g->ty, 32);    \
    double *restrict r2 = __builtin_assume_aligned(g->r2, 32), *restrict rr = __builtin_assume_aligned(g->rr, 32);    \
    double *restrict ax = __builtin_assume_aligned(g->ax, 32), *restrict sa = __builtin_assume_aligned(g->sa, 32);    \
    double *restrict ca = __builtin_assume_aligned(g->ca, 32), *restrict ay = __builtin_assume_aligned(g->ay, 32);    \
    double *restrict p0 = __builtin_assume_aligned(g->p0, 32), *restrict p1 = __builtin_assume_aligned(g->p1, 32);    \
    uint64_t *restrict s0 = g->s0, *restrict s1 = g->s1, *restrict s2 = g->s2, *restrict s3 = g->s3;                  \
    (void)tx, (void)ty, (void)r2, (void)rr, (void)ax, (void)sa, (void)ca, (void)ay, (void)p0, (void)p1, (void)s0,      \
        (void)s1, (void)s2, (void)s3

#define VAR_LOOP(V, DRAWS, CALL)                                                                                       \
    static __attribute__((noinline)) void vloop_##V(const fr_flame_xform_pre *x, double w, const work *g, int lo, int hi)                     \
    {                                                                                                                 \
        RESTRICT_WORK(g);                                                                                             \
        _Pragma("omp simd") for (int j = lo; j < hi; j++)                                                             \
        {                                                                                                             \
            fr_flame_vctx fv = {.tx = tx[j], .ty = ty[j], .r2 = r2[j], .r = rr[j], .atan_xy = ax[j], .sina = sa[j],   \
                                .cosa = ca[j], .atan_yx = ay[j], .p0 = p0[j], .p1 = p1[j]};                           \
            fr_flame_rng rv = {0, 0, 0, 0};                                                                           \
            if (DRAWS) rv.s0 = s0[j], rv.s1 = s1[j], rv.s2 = s2[j], rv.s3 = s3[j];                                    \
            fr_flame_vctx *f = &fv;                                                                                   \
            fr_flame_rng *rng = &rv;                                                                                  \
            (void)x, (void)rng;                                                                                       \
            CALL;                                                                                                     \
            p0[j] = fv.p0, p1[j] = fv.p1;                                                                             \
            if (DRAWS) s0[j] = rv.s0, s1[j] = rv.s1, s2[j] = rv.s2, s3[j] = rv.s3;                                    \
        }                                                                                                             \
    }
FR_FLAME_VAR_CALLS(VAR_LOOP)
#undef VAR_LOOP

static void var_run(const fr_flame_xform_pre *x, int v, double w, const work *g, int lo, int hi)
{
    switch (v) {
#define VAR_CASE(V, DRAWS, CALL)                                                                                       \
    case V: vloop_##V(x, w, g, lo, hi); break;
        FR_FLAME_VAR_CALLS(VAR_CASE)
#undef VAR_CASE
    default: break;
    }
}

/* ---- one xform on a run of lanes [lo, hi): (px, py) and the stream in g
 * -> (ox, oy), bad[] set; returns the number of bad values. */
static int apply_run(const fr_flame_xform_pre *x, const double *px, const double *py, double *ox, double *oy,
                     int32_t *bad, const work *g, int lo, int hi)
{
    RESTRICT_WORK(g);
    const double *restrict ix = px, *restrict iy = py;
    const double c00 = x->c[0][0], c10 = x->c[1][0], c20 = x->c[2][0];
    const double c01 = x->c[0][1], c11 = x->c[1][1], c21 = x->c[2][1];
#pragma omp simd
    for (int j = lo; j < hi; j++) {
        tx[j] = c00 * ix[j] + c10 * iy[j] + c20;
        ty[j] = c01 * ix[j] + c11 * iy[j] + c21;
    }
    if (x->preblur != 0.0) {
        const double pb = x->preblur;
#pragma omp simd
        for (int j = lo; j < hi; j++) {
            fr_flame_vctx fv = {.tx = tx[j], .ty = ty[j]};
            fr_flame_rng rv = {s0[j], s1[j], s2[j], s3[j]};
            fr_var_pre_blur(&fv, pb, &rv);
            tx[j] = fv.tx, ty[j] = fv.ty;
            s0[j] = rv.s0, s1[j] = rv.s1, s2[j] = rv.s2, s3[j] = rv.s3;
        }
    }
    /* the shared quantities, as fr_flame_vctx_prepare; those not asked for are 0 */
    const int fl = x->flags;
    if (fl & (FR_FLAME_NEED_R2 | FR_FLAME_NEED_R | FR_FLAME_NEED_ANGLES)) {
#pragma omp simd
        for (int j = lo; j < hi; j++) r2[j] = tx[j] * tx[j] + ty[j] * ty[j];
    } else {
        for (int j = lo; j < hi; j++) r2[j] = 0.0;
    }
    if (fl & (FR_FLAME_NEED_R | FR_FLAME_NEED_ANGLES)) {
#pragma omp simd
        for (int j = lo; j < hi; j++) rr[j] = sqrt(r2[j]);
    } else {
        for (int j = lo; j < hi; j++) rr[j] = 0.0;
    }
    if (fl & FR_FLAME_NEED_ATAN) {
#pragma omp simd
        for (int j = lo; j < hi; j++) ax[j] = atan2(tx[j], ty[j]);
    } else {
        for (int j = lo; j < hi; j++) ax[j] = 0.0;
    }
    if (fl & FR_FLAME_NEED_ANGLES) {
#pragma omp simd
        for (int j = lo; j < hi; j++) sa[j] = tx[j] / rr[j], ca[j] = ty[j] / rr[j];
    } else {
        for (int j = lo; j < hi; j++) sa[j] = ca[j] = 0.0;
    }
    if (fl & FR_FLAME_NEED_ATANYX) {
#pragma omp simd
        for (int j = lo; j < hi; j++) ay[j] = atan2(ty[j], tx[j]);
    } else {
        for (int j = lo; j < hi; j++) ay[j] = 0.0;
    }
    for (int j = lo; j < hi; j++) p0[j] = p1[j] = 0.0;
    for (int i = 0; i < x->nvar; i++) var_run(x, x->var[i], x->w[i], g, lo, hi);
    /* the post affine and the bad-value test */
    double *restrict qx = ox, *restrict qy = oy;
    int32_t *restrict bd = bad;
    int nbad = 0;
    if (x->has_post) {
        const double q00 = x->post[0][0], q10 = x->post[1][0], q20 = x->post[2][0];
        const double q01 = x->post[0][1], q11 = x->post[1][1], q21 = x->post[2][1];
#pragma omp simd reduction(+ : nbad)
        for (int j = lo; j < hi; j++) {
            const double a = q00 * p0[j] + q10 * p1[j] + q20, b = q01 * p0[j] + q11 * p1[j] + q21;
            qx[j] = a, qy[j] = b;
            bd[j] = fr_flame_bad(a) | fr_flame_bad(b);
            nbad += bd[j];
        }
    } else {
#pragma omp simd reduction(+ : nbad)
        for (int j = lo; j < hi; j++) {
            const double a = p0[j], b = p1[j];
            qx[j] = a, qy[j] = b;
            bd[j] = fr_flame_bad(a) | fr_flame_bad(b);
            nbad += bd[j];
        }
    }
    return nbad;
}

/* ---- workspace */

fr_flame_simd *fr_flame_simd_new(int nxf)
{
    fr_flame_simd *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    const int cap = (LANES + 4 * (nxf + 1) + 7) & ~7;
    s->cap = cap, s->nxf = nxf;
    /* 3 lane sets x (6 doubles/u64 + 3 ints) + work (14) + ox, oy + 4 int arrays */
    const size_t dbl = (size_t)cap * sizeof(double), i32 = (size_t)cap * sizeof(int32_t);
    const size_t dbl_a = (dbl + ALIGN - 1) & ~(size_t)(ALIGN - 1), i32_a = (i32 + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    const size_t total = dbl_a * (3 * 7 + 14 + 2) + i32_a * (3 * 3 + 5) + 3 * (size_t)(nxf + 1) * sizeof(int) + ALIGN;
    s->mem = aligned_alloc(ALIGN, (total + ALIGN - 1) & ~(size_t)(ALIGN - 1));
    if (!s->mem) {
        free(s);
        return NULL;
    }
    memset(s->mem, 0, total);
    char *p = s->mem;
#define TAKE(ptr, bytes) (ptr = (void *)p, p += (bytes))
    lanes *ls[3] = {&s->a, &s->b, &s->f};
    for (int k = 0; k < 3; k++) {
        TAKE(ls[k]->x, dbl_a), TAKE(ls[k]->y, dbl_a), TAKE(ls[k]->c, dbl_a);
        TAKE(ls[k]->s0, dbl_a), TAKE(ls[k]->s1, dbl_a), TAKE(ls[k]->s2, dbl_a), TAKE(ls[k]->s3, dbl_a);
        TAKE(ls[k]->last, i32_a), TAKE(ls[k]->fn, i32_a), TAKE(ls[k]->left, i32_a);
    }
    work *w = &s->w;
    TAKE(w->tx, dbl_a), TAKE(w->ty, dbl_a), TAKE(w->r2, dbl_a), TAKE(w->rr, dbl_a), TAKE(w->ax, dbl_a);
    TAKE(w->sa, dbl_a), TAKE(w->ca, dbl_a), TAKE(w->ay, dbl_a), TAKE(w->p0, dbl_a), TAKE(w->p1, dbl_a);
    p += 4 * dbl_a; /* (w->s0..s3 point into lane sets) */
    TAKE(s->ox, dbl_a), TAKE(s->oy, dbl_a);
    TAKE(s->bad, i32_a), TAKE(s->u, i32_a), TAKE(s->at, i32_a), TAKE(s->at2, i32_a), TAKE(s->src, i32_a);
    TAKE(s->cnt, (size_t)(nxf + 1) * sizeof(int)), TAKE(s->start, (size_t)(nxf + 1) * sizeof(int));
    TAKE(s->pos, (size_t)(nxf + 1) * sizeof(int));
#undef TAKE
    return s;
}

void fr_flame_simd_free(fr_flame_simd *s)
{
    if (!s) return;
    free(s->mem);
    free(s);
}

/* ---- one batch */

static inline fr_flame_rng lane_rng(const lanes *l, int q)
{
    fr_flame_rng r = {l->s0[q], l->s1[q], l->s2[q], l->s3[q]};
    return r;
}

static inline void lane_rng_put(lanes *l, int q, const fr_flame_rng *r)
{
    l->s0[q] = r->s0, l->s1[q] = r->s1, l->s2[q] = r->s2, l->s3[q] = r->s3;
}

static inline void lane_copy(lanes *d, int q, const lanes *s, int p)
{
    d->x[q] = s->x[p], d->y[q] = s->y[p], d->c[q] = s->c[p];
    d->s0[q] = s->s0[p], d->s1[q] = s->s1[p], d->s2[q] = s->s2[p], d->s3[q] = s->s3[p];
    d->last[q] = s->last[p], d->fn[q] = s->fn[p], d->left[q] = s->left[p];
}

void fr_flame_simd_walk(fr_flame_simd *s, const fr_flame_job *j, const fr_flame_segment *seg, uint64_t base,
                        uint64_t k0, int n, fr_flame_bucket_t *buckets, int atomic, fr_flame_walk_stats *st)
{
    lanes *A = &s->a, *B = &s->b, *F = &s->f;
    work *g = &s->w;
    const int nstd = j->nstd;
    uint64_t iters = 0, nbad = 0, plotted = 0;
    fr_flame_ring ring;
    ring.n = ring.head = 0;

    /* the walkers' starts (fr_flame_walker_start) */
    for (int i = 0; i < n; i++) {
        fr_flame_rng r;
        fr_flame_rng_init(&r, j->seed, base + k0 + i);
        A->x[i] = fr_flame_rand11(&r);
        A->y[i] = fr_flame_rand11(&r);
        A->c[i] = fr_flame_rng_01(&r);
        lane_rng_put(A, i, &r);
        A->last[i] = 0;
        A->left[i] = fr_flame_segment_walker(seg, k0 + i, FR_FLAME_SUB_BATCH);
        s->at[i] = i;
    }
    int span = up4(n), nl = n;
    for (int q = n; q < span; q++) A->x[q] = A->y[q] = 0.0, A->s0[q] = A->s1[q] = A->s2[q] = A->s3[q] = 0;

    for (int it = 0; nl > 0; it++) {
        const int plot = it >= j->fuse;
        /* 1. the xform draws, over every lane of the span (pads too: harmless) */
        {
            uint64_t *restrict a0 = A->s0, *restrict a1 = A->s1, *restrict a2 = A->s2, *restrict a3 = A->s3;
            uint32_t *restrict u = s->u;
#pragma omp simd
            for (int q = 0; q < span; q++) {
                fr_flame_rng r = {a0[q], a1[q], a2[q], a3[q]};
                u[q] = fr_flame_rng_u32(&r);
                a0[q] = r.s0, a1[q] = r.s1, a2[q] = r.s2, a3[q] = r.s3;
            }
        }
        memset(s->cnt, 0, (size_t)nstd * sizeof(int));
        for (int i = 0; i < nl; i++) {
            const int p = s->at[i];
            const uint16_t *row = j->chaos ? j->table + (size_t)A->last[p] * FR_FLAME_GRAIN : j->table;
            const int fn = row[s->u[p] & (FR_FLAME_GRAIN - 1)];
            A->fn[p] = fn;
            s->cnt[fn]++;
        }
        /* 2. sort by xform into B, each run at a multiple of 4 */
        int off = 0;
        for (int k = 0; k < nstd; k++) s->start[k] = s->pos[k] = off, off += up4(s->cnt[k]);
        for (int i = 0; i < nl; i++) {
            const int p = s->at[i];
            lane_copy(B, s->pos[A->fn[p]]++, A, p);
        }
        int m = 0;
        for (int k = 0; k < nstd; k++) {
            const int e = s->start[k] + s->cnt[k];
            for (int q = s->start[k]; q < e; q++) s->at2[m++] = q;
            for (int q = e; q < s->start[k] + up4(s->cnt[k]); q++) B->x[q] = B->y[q] = 0.0;
        }
        span = off;
        /* 3. each xform's run */
        g->s0 = B->s0, g->s1 = B->s1, g->s2 = B->s2, g->s3 = B->s3;
        int anybad = 0;
        for (int k = 0; k < nstd; k++) {
            if (!s->cnt[k]) continue;
            const int lo = s->start[k], hi = lo + up4(s->cnt[k]);
            anybad |= apply_run(&j->xf[k], B->x, B->y, s->ox, s->oy, s->bad, g, lo, hi);
            const double sp = j->speed[k], cc = sp * j->color[k], keep = 1.0 - sp;
            double *restrict c = B->c, *restrict x = B->x, *restrict y = B->y;
            const double *restrict ox = s->ox, *restrict oy = s->oy;
#pragma omp simd
            for (int q = lo; q < hi; q++) x[q] = ox[q], y[q] = oy[q], c[q] = cc + keep * c[q];
        }
        iters += (uint64_t)nl;
        /* 4. bad values: the rest of the tries on the scalar walker */
        if (anybad) {
            for (int i = 0; i < nl; i++) {
                const int q = s->at2[i];
                if (!s->bad[q]) continue;
                fr_flame_walker w;
                w.r = lane_rng(B, q);
                w.p0 = fr_flame_u11(&w.r); /* the bad value's new point (fr_flame_xform_apply_core) */
                w.p1 = fr_flame_u11(&w.r);
                w.pc = B->c[q];
                w.last = B->last[q];
                w.iters = 0, w.bad = 1;
                B->fn[q] = fr_flame_walker_tries(j, &w, 1);
                B->x[q] = w.p0, B->y[q] = w.p1, B->c[q] = w.pc;
                lane_rng_put(B, q, &w.r);
                iters += w.iters, nbad += w.bad;
            }
        }
        for (int i = 0; i < nl; i++) {
            const int q = s->at2[i];
            B->last[q] = B->fn[q] + 1;
        }
        /* 5. plot */
        if (plot) {
            int nf = 0;
            for (int i = 0; i < nl; i++) {
                const int q = s->at2[i];
                B->left[q]--;
                const int fn = B->fn[q];
                if (j->vis[fn] == 0.0) continue;
                if (j->has_final) {
                    int take = 1;
                    if (j->final_opacity != 1.0) {
                        fr_flame_rng r = lane_rng(B, q);
                        take = fr_flame_rng_01(&r) < j->final_opacity;
                        lane_rng_put(B, q, &r);
                    }
                    if (take) {
                        F->x[nf] = B->x[q], F->y[nf] = B->y[q], F->c[nf] = B->c[q], F->fn[nf] = fn;
                        F->s0[nf] = B->s0[q], F->s1[nf] = B->s1[q], F->s2[nf] = B->s2[q], F->s3[nf] = B->s3[q];
                        s->src[nf++] = q;
                        continue;
                    }
                }
                const int64_t b = fr_flame_bucket(j->frame, B->x[q], B->y[q]);
                if (b >= 0) {
                    fr_flame_ring_push(j, &ring, buckets, b, B->c[q], fn, atomic);
                    plotted++;
                }
            }
            if (nf) {
                const int nf4 = up4(nf);
                for (int q = nf; q < nf4; q++) F->x[q] = F->y[q] = 0.0;
                g->s0 = F->s0, g->s1 = F->s1, g->s2 = F->s2, g->s3 = F->s3;
                const int fbad = apply_run(&j->xf[nstd], F->x, F->y, s->ox, s->oy, s->bad, g, 0, nf4);
                iters += (uint64_t)nf;
                const double fs = j->speed[nstd], fcc = fs * j->color[nstd], fkeep = 1.0 - fs;
                for (int i = 0; i < nf; i++) {
                    const int q = s->src[i];
                    double o0 = s->ox[i], o1 = s->oy[i];
                    fr_flame_rng r = lane_rng(F, i);
                    if (fbad && s->bad[i]) o0 = fr_flame_u11(&r), o1 = fr_flame_u11(&r);
                    lane_rng_put(B, q, &r);
                    const int64_t b = fr_flame_bucket(j->frame, o0, o1);
                    if (b >= 0) {
                        fr_flame_ring_push(j, &ring, buckets, b, fcc + fkeep * F->c[i], F->fn[i], atomic);
                        plotted++;
                    }
                }
            }
            /* walkers done leave the batch */
            int m2 = 0;
            for (int i = 0; i < nl; i++)
                if (B->left[s->at2[i]]) s->at2[m2++] = s->at2[i];
            nl = m2;
        }
        /* B is now the current lane set */
        lanes t = *A;
        *A = *B, *B = t;
        int32_t *ta = s->at;
        s->at = s->at2, s->at2 = ta;
    }
    fr_flame_ring_flush(j, &ring, buckets, atomic);
    st->iterations += iters, st->bad += nbad, st->plotted += plotted;
}
