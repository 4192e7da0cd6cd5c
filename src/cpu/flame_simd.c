/*
 * The batched chaos game (flame_simd.h), compiled with -mavx2 -mfma
 * -fopenmp-simd -fno-math-errno -fno-trapping-math -fno-builtin-sin
 * -fno-builtin-cos and called only on a processor with AVX2 and FMA. No
 * fast-math: NaN and infinities stay (flam3's bad values are NaN or beyond
 * 1e10), contraction stays off.
 *
 * A batch of walkers lives in structure-of-arrays lanes (lane i is one
 * walker for the whole batch; a batch of several segments, the time steps
 * of a temporal-sample render, holds each segment's walkers from a
 * multiple of 4, its "part", and a run of an xform takes each lane's own
 * job's coefficients). One iteration:
 *  1. every lane's xform, from its draw (made at the end of the previous
 *     iteration) and the xform-choice row of its previous xform;
 *  2. the lanes' indices sorted by xform (a counting sort); each xform's
 *     run starts at a multiple of 4 and is padded to one with a dummy lane
 *     (at the origin, a zero stream, never read back), and every vector
 *     loop is simdlen(4): whole 4-lane vectors only, so a lane's result
 *     does not depend on its neighbours;
 *  3. per xform: the affine map (gathering the lanes' points), pre_blur,
 *     the shared quantities (r2, r, the two atan2, x / r, y / r) and each
 *     variation as a loop over the run; the variation loops are generated
 *     from flame_var_calls.h and call the scalar FR_HD formulas, which GCC
 *     vectorises with libmvec's sin, cos, atan2, exp, log ... (a variation
 *     that does not vectorise -- fmod, a call inside a branch -- runs its
 *     loop scalar); the new points and colours go back to the lanes;
 *  4. a bad value: the lane runs the rest of the iteration's tries with
 *     the scalar walker (fr_flame_walker_tries), from the same stream;
 *  5. plotting lanes draw for the final xform's opacity (when below 1),
 *     those that take it run it as one more run of lanes; with Ember's 3D
 *     camera, each plotted point goes through it (flame_proj.h), lane by
 *     lane;
 *  6. the hits' buckets and adds in vector loops; the next iteration's
 *     xform draws; the previous iteration's adds, interleaved with the
 *     prefetches of this one's buckets.
 * Flames of at most four xforms that are affine maps alone (IFS such as
 * the Sierpinski triangle) replace steps 1 to 4 with affine_step: no sort,
 * the lanes four at a time, each taking its xform's coefficients from
 * registers; the same operations, so the same values as the scalar
 * walker's.
 * Random numbers come from each walker's stream in the scalar walker's
 * order: xform, pre_blur, variations in order, the bad value's new point,
 * the opacity draw, the final xform's variations, the camera's depth of
 * field, the next xform.
 */
#include <immintrin.h>
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

/* The variations' pow (julian, juliascope, wedge_julia, power, ngon,
 * super_shape) as exp(y log x): libmvec's vector pow costs five times its
 * vector sine, exp and log together under two. Their bases are never
 * negative (r, r^2, |.|, sums of those); the result differs from pow by
 * |y log x| x 2^-53 relative (1e-15 for these exponents), far below what
 * a pixel resolves, as libmvec's other functions differ from the scalar
 * ones in their last bits (the GPU's variations run in single precision).
 * pow's exact cases that exp(y log x) misses: y = 0 and x = 1 give 1. */
static inline double fr_simd_pow(double x, double y)
{
    const double r = exp(y * log(x));
    return y == 0.0 || x == 1.0 ? 1.0 : r;
}
#define pow(x, y) fr_simd_pow(x, y)

#include "cpu/flame_simd.h"
#include "flame/flame_xform_core.h"

#define ALIGN 64

static inline int up4(int n) { return (n + 3) & ~3; }

/* Lane state, structure of arrays: lane i is one walker (part p's walker
 * k0 + i - lo) for the whole batch (lanes are never moved; each iteration sorts their
 * indices by xform, except in affine_step). Lane DUMMY (at the origin, a
 * zero stream) stands for the pads of the runs. */
typedef struct lanes {
    double *x, *y, *c;           /* point and colour coordinate */
    double *z;                   /* z (Ember's third coordinate) */
    uint64_t *s0, *s1, *s2, *s3; /* the walker's stream */
    int32_t *last;               /* previous xform + 1 */
    int32_t *fn;                 /* the xform of this iteration */
    uint32_t *left;              /* samples still to plot */
    uint32_t *u;                 /* the xform draw */
} lanes;

/* The arrays a run of lanes is computed in: the variation context, the
 * sum, and the run's streams (gathered from the lanes when the xform
 * draws random numbers). */
typedef struct work {
    double *tx, *ty, *r2, *rr, *ax, *sa, *ca, *ay, *p0, *p1;
    double *tz, *p2; /* z of the point and of the sum */
    double *wv;      /* the weight of the variation being run */
    double *pc;      /* an xform of FR_FLAME_NEED_COLOR: the lanes' colours, blended, in and out */
    uint64_t *s0, *s1, *s2, *s3;
} work;

/* Hits of one iteration (bucket, -1 for none, and the five adds): their
 * buckets are prefetched while the next iteration computes, then added. A
 * hit's adds are a row of the job's step table or, linear palette, of v. */
typedef struct hits {
    int64_t *b;
    const uint32_t **row;          /* a hit's five adds */
    uint32_t (*v)[FR_FB_CHANNELS]; /* linear palette: the adds side by side */
    int n;
} hits;

struct fr_flame_simd {
    int lanes, nxf;
    lanes l;
    work w;
    double *ox, *oy, *oz;   /* a run's results */
    int32_t *bad;           /* per run position: a bad value */
    int32_t *idx, *fidx;    /* lanes sorted by xform (runs padded with DUMMY); lanes taking the final xform */
    int32_t *on;            /* per lane: plots this iteration */
    double *fc;             /* final lanes: colour */
    double *cx, *cy;        /* per lane: the point through the 3D camera (flame_proj.h) */
    int32_t *ffn, *fon;     /* final lanes: std xform, 1 */
    hits h[2];
    uint32_t *lin[FR_FB_CHANNELS]; /* linear palette: the adds, channel by channel */
    int *cnt, *start, *pos;
    int *cnt4, *pos4;       /* the sort's four interleaved counts and places per xform */
    unsigned char *draws;   /* per key: the xform takes random numbers */
    unsigned char *visible; /* per key: the xform plots (opacity above 0) */
    struct part *part;      /* the batch's segments */
    int32_t *pt;            /* per lane: its part */
    const fr_flame_xform_pre **xp; /* per run position: the lane's xform (a batch of several parts) */
    void *mem;
};

/* A segment's share of a batch: walkers k0 .. k0 + n - 1 of job j in
 * lanes lo .. lo + n - 1 (lo a multiple of 4, the lanes up to the next
 * multiple of 4 idle: affine_step's vectors hold lanes of one job), its
 * xforms' flags at draws and visible [key .. key + nstd] (the final xform
 * last). The parts of a batch are alike (fr_flame_simd_alike): a run of
 * xform k holds the lanes of every part that drew k. */
typedef struct part {
    const fr_flame_job *j;
    const fr_flame_segment *seg;
    uint64_t k0;
    int lo, n, key, affine;
} part;


/* ---- the variation loops: one per variation, from the shared list. */

#define RESTRICT_WORK(g)                                                                                              \
    double *restrict tx = __builtin_assume_aligned(g->tx, 32), *restrict ty = __builtin_assume_aligned(g->ty, 32);    \
    double *restrict r2 = __builtin_assume_aligned(g->r2, 32), *restrict rr = __builtin_assume_aligned(g->rr, 32);    \
    double *restrict ax = __builtin_assume_aligned(g->ax, 32), *restrict sa = __builtin_assume_aligned(g->sa, 32);    \
    double *restrict ca = __builtin_assume_aligned(g->ca, 32), *restrict ay = __builtin_assume_aligned(g->ay, 32);    \
    double *restrict p0 = __builtin_assume_aligned(g->p0, 32), *restrict p1 = __builtin_assume_aligned(g->p1, 32);    \
    double *restrict tz = __builtin_assume_aligned(g->tz, 32), *restrict p2 = __builtin_assume_aligned(g->p2, 32);    \
    uint64_t *restrict s0 = g->s0, *restrict s1 = g->s1, *restrict s2 = g->s2, *restrict s3 = g->s3;                  \
    (void)tx, (void)ty, (void)r2, (void)rr, (void)ax, (void)sa, (void)ca, (void)ay, (void)p0, (void)p1, (void)s0,      \
        (void)s1, (void)s2, (void)s3, (void)tz, (void)p2

#define VAR_LOOP(V, DRAWS, CALL)                                                                                       \
    static __attribute__((noinline)) void vloop_##V(const fr_flame_vset *x, const double *pv, const work *g,      \
                                                    int lo, int hi)                                                   \
    {                                                                                                                 \
        RESTRICT_WORK(g);                                                                                             \
        const double *restrict wv = __builtin_assume_aligned(g->wv, 32);                                              \
        _Pragma("omp simd simdlen(4)") for (int j = lo; j < hi; j++)                                                  \
        {                                                                                                             \
            const double w = wv[j];                                                                                   \
            fr_flame_vctx fv = {.tx = tx[j], .ty = ty[j], .tz = tz[j], .r2 = r2[j], .r = rr[j], .atan_xy = ax[j],     \
                                .sina = sa[j], .cosa = ca[j], .atan_yx = ay[j], .p0 = p0[j], .p1 = p1[j],             \
                                .p2 = p2[j], .pv = pv};                                                               \
            fr_flame_rng rv = {0, 0, 0, 0};                                                                           \
            if (DRAWS) rv.s0 = s0[j], rv.s1 = s1[j], rv.s2 = s2[j], rv.s3 = s3[j];                                    \
            fr_flame_vctx *f = &fv;                                                                                   \
            fr_flame_rng *rng = &rv;                                                                                  \
            (void)x, (void)rng;                                                                                       \
            CALL;                                                                                                     \
            p0[j] = fv.p0, p1[j] = fv.p1, p2[j] = fv.p2;                                                              \
            if (DRAWS) s0[j] = rv.s0, s1[j] = rv.s1, s2[j] = rv.s2, s3[j] = rv.s3;                                    \
        }                                                                                                             \
    }
FR_FLAME_VAR_CALLS(VAR_LOOP)
#undef VAR_LOOP

static void var_run(const fr_flame_vset *x, const double *pv, int v, const work *g, int lo, int hi)
{
    switch (v) {
#define VAR_CASE(V, DRAWS, CALL)                                                                                       \
    case V: vloop_##V(x, pv, g, lo, hi); break;
        FR_FLAME_VAR_CALLS(VAR_CASE)
#undef VAR_CASE
    default: break;
    }
}

/* ---- one xform on a run of lanes: idx[lo .. hi) (hi - lo a multiple of 4,
 * pads naming DUMMY), their points gathered from (px, py), computed in g's
 * arrays [lo, hi); the results in (ox, oy)[lo, hi) and bad[lo, hi); returns
 * the number of bad values. xp NULL: every lane runs x; else lane j runs
 * xp[j], an xform of x's kind (alike: the same variations, flags and
 * parameters, fr_flame_simd_alike) whose affine maps, pre_blur and weights
 * may differ (a batch of several time steps). */
static int apply_run(const fr_flame_xform_pre *x, const fr_flame_xform_pre *const *xp, const int32_t *idx,
                     const double *px, const double *py, const double *pz, double *ox, double *oy, double *oz,
                     int32_t *bad, const work *g, int lo, int hi)
{
    RESTRICT_WORK(g);
    double *restrict wv = __builtin_assume_aligned(g->wv, 32);
    const int32_t *restrict id = idx;
    const double *restrict ix = px, *restrict iy = py, *restrict iz = pz;
    const double c00 = x->c[0][0], c10 = x->c[1][0], c20 = x->c[2][0];
    const double c01 = x->c[0][1], c11 = x->c[1][1], c21 = x->c[2][1];
    if (xp) {
        for (int j = lo; j < hi; j++) {
            const double a = ix[id[j]], b = iy[id[j]];
            const fr_flame_xform_pre *y = xp[j];
            tx[j] = y->c[0][0] * a + y->c[1][0] * b + y->c[2][0];
            ty[j] = y->c[0][1] * a + y->c[1][1] * b + y->c[2][1];
            tz[j] = iz[id[j]];
        }
    } else {
#pragma omp simd simdlen(4)
        for (int j = lo; j < hi; j++) {
            const double a = ix[id[j]], b = iy[id[j]];
            tx[j] = c00 * a + c10 * b + c20;
            ty[j] = c01 * a + c11 * b + c21;
            tz[j] = iz[id[j]];
        }
    }
    if (x->preblur != 0.0) {
        for (int j = lo; j < hi; j++) wv[j] = xp ? xp[j]->preblur : x->preblur;
#pragma omp simd simdlen(4)
        for (int j = lo; j < hi; j++) {
            fr_flame_vctx fv = {.tx = tx[j], .ty = ty[j]};
            fr_flame_rng rv = {s0[j], s1[j], s2[j], s3[j]};
            fr_var_pre_blur(&fv, wv[j], &rv);
            tx[j] = fv.tx, ty[j] = fv.ty;
            s0[j] = rv.s0, s1[j] = rv.s1, s2[j] = rv.s2, s3[j] = rv.s3;
        }
    }
    /* the shared quantities, as fr_flame_vctx_prepare; those not asked for are 0 */
    const int fl = x->flags;
    if (fl & (FR_FLAME_NEED_R2 | FR_FLAME_NEED_R | FR_FLAME_NEED_ANGLES)) {
#pragma omp simd simdlen(4)
        for (int j = lo; j < hi; j++) r2[j] = tx[j] * tx[j] + ty[j] * ty[j];
    } else {
        for (int j = lo; j < hi; j++) r2[j] = 0.0;
    }
    if (fl & (FR_FLAME_NEED_R | FR_FLAME_NEED_ANGLES)) {
#pragma omp simd simdlen(4)
        for (int j = lo; j < hi; j++) rr[j] = sqrt(r2[j]);
    } else {
        for (int j = lo; j < hi; j++) rr[j] = 0.0;
    }
    if (fl & FR_FLAME_NEED_ATAN) {
#pragma omp simd simdlen(4)
        for (int j = lo; j < hi; j++) ax[j] = atan2(tx[j], ty[j]);
    } else {
        for (int j = lo; j < hi; j++) ax[j] = 0.0;
    }
    if (fl & FR_FLAME_NEED_ANGLES) {
#pragma omp simd simdlen(4)
        for (int j = lo; j < hi; j++) sa[j] = tx[j] / rr[j], ca[j] = ty[j] / rr[j];
    } else {
        for (int j = lo; j < hi; j++) sa[j] = ca[j] = 0.0;
    }
    if (fl & FR_FLAME_NEED_ATANYX) {
#pragma omp simd simdlen(4)
        for (int j = lo; j < hi; j++) ay[j] = atan2(ty[j], tx[j]);
    } else {
        for (int j = lo; j < hi; j++) ay[j] = 0.0;
    }
    /* the sum from 0, its z from Ember's z = w z where a variation reads it (FR_FLAME_NEED_SUM: zw_sum) */
    const int zws = FR_FLAME_Z_PASS && (x->flags & FR_FLAME_NEED_SUM);
    for (int j = lo; j < hi; j++) {
        const double zs = zws ? (xp ? xp[j] : x)->zw_sum : 0.0;
        p0[j] = p1[j] = 0.0, p2[j] = zs != 0.0 ? zs * tz[j] : 0.0;
    }
    for (int i = 0; i < x->nvar; i++) {
        if (xp)
            for (int j = lo; j < hi; j++) wv[j] = xp[j]->w[i];
        else
            for (int j = lo; j < hi; j++) wv[j] = x->w[i];
        var_run(&x->v, x->prm + x->poff[i], x->var[i], g, lo, hi);
    }
    { /* z: the sum's, with z = w z of Ember's (zw, each lane its xform's) */
        double *restrict qz = oz;
        const int zz = x->zero_z;
        for (int j = lo; j < hi; j++) qz[j] = zz ? 0.0 : p2[j] + (xp ? xp[j]->zw : x->zw) * tz[j];
    }
    /* the post affine and the bad-value test */
    double *restrict qx = ox, *restrict qy = oy;
    int32_t *restrict bd = bad;
    int nbad = 0;
    if (x->has_post && xp) {
        for (int j = lo; j < hi; j++) {
            const fr_flame_xform_pre *y = xp[j];
            const double a = y->post[0][0] * p0[j] + y->post[1][0] * p1[j] + y->post[2][0];
            const double b = y->post[0][1] * p0[j] + y->post[1][1] * p1[j] + y->post[2][1];
            qx[j] = a, qy[j] = b;
            bd[j] = fr_flame_bad(a) | fr_flame_bad(b);
            nbad += bd[j];
        }
    } else if (x->has_post) {
        const double q00 = x->post[0][0], q10 = x->post[1][0], q20 = x->post[2][0];
        const double q01 = x->post[0][1], q11 = x->post[1][1], q21 = x->post[2][1];
#pragma omp simd simdlen(4) reduction(+ : nbad)
        for (int j = lo; j < hi; j++) {
            const double a = q00 * p0[j] + q10 * p1[j] + q20, b = q01 * p0[j] + q11 * p1[j] + q21;
            qx[j] = a, qy[j] = b;
            bd[j] = fr_flame_bad(a) | fr_flame_bad(b);
            nbad += bd[j];
        }
    } else {
#pragma omp simd simdlen(4) reduction(+ : nbad)
        for (int j = lo; j < hi; j++) {
            const double a = p0[j], b = p1[j];
            qx[j] = a, qy[j] = b;
            bd[j] = fr_flame_bad(a) | fr_flame_bad(b);
            nbad += bd[j];
        }
    }
    return nbad;
}

/* Xform x on the n lanes idx[lo .. lo + n) (their run padded to a multiple
 * of 4): the streams gathered and put back when it draws. */
/* An xform of linear alone (no pre_blur, no shared quantities: most of
 * Apophysis-style genomes) in one loop: the affine map, fr_var_linear on the
 * context apply_run would build (sum from 0, shared quantities 0), the post
 * affine and the bad-value test; the same operations, without the set-up
 * of a dozen loops a run (many xforms make short runs). */
static int linear_run(const fr_flame_xform_pre *x, const fr_flame_xform_pre *const *xp, const int32_t *idx,
                      const double *px, const double *py, const double *pz, double *ox, double *oy, double *oz,
                      int32_t *bad, int lo, int hi)
{
    /* linear's z: Ember's w z, or 0 when flattened */
    for (int j = lo; j < hi; j++) oz[j] = x->zero_z ? 0.0 : (xp ? xp[j]->zw : x->zw) * pz[idx[j]];
    const int32_t *restrict id = idx;
    const double *restrict ix = px, *restrict iy = py;
    double *restrict qx = ox, *restrict qy = oy;
    int32_t *restrict bd = bad;
    if (xp) { /* each lane its own xform (apply_run) */
        int nbad = 0;
        for (int j = lo; j < hi; j++) {
            const fr_flame_xform_pre *y = xp[j];
            const double a = ix[id[j]], b = iy[id[j]];
            fr_flame_vctx fv = {.tx = y->c[0][0] * a + y->c[1][0] * b + y->c[2][0],
                                .ty = y->c[0][1] * a + y->c[1][1] * b + y->c[2][1], .p0 = 0.0, .p1 = 0.0};
            fr_var_linear(&fv, y->w[0]);
            const double u = y->has_post ? y->post[0][0] * fv.p0 + y->post[1][0] * fv.p1 + y->post[2][0] : fv.p0;
            const double v = y->has_post ? y->post[0][1] * fv.p0 + y->post[1][1] * fv.p1 + y->post[2][1] : fv.p1;
            qx[j] = u, qy[j] = v;
            bd[j] = fr_flame_bad(u) | fr_flame_bad(v);
            nbad += bd[j];
        }
        return nbad;
    }
    const double c00 = x->c[0][0], c10 = x->c[1][0], c20 = x->c[2][0];
    const double c01 = x->c[0][1], c11 = x->c[1][1], c21 = x->c[2][1];
    const double q00 = x->post[0][0], q10 = x->post[1][0], q20 = x->post[2][0];
    const double q01 = x->post[0][1], q11 = x->post[1][1], q21 = x->post[2][1];
    const double w = x->w[0];
    const int post = x->has_post;
    int nbad = 0;
#pragma omp simd simdlen(4) reduction(+ : nbad)
    for (int j = lo; j < hi; j++) {
        const double a = ix[id[j]], b = iy[id[j]];
        fr_flame_vctx fv = {.tx = c00 * a + c10 * b + c20, .ty = c01 * a + c11 * b + c21, .p0 = 0.0, .p1 = 0.0};
        fr_var_linear(&fv, w);
        const double u = post ? q00 * fv.p0 + q10 * fv.p1 + q20 : fv.p0;
        const double v = post ? q01 * fv.p0 + q11 * fv.p1 + q21 : fv.p1;
        qx[j] = u, qy[j] = v;
        bd[j] = fr_flame_bad(u) | fr_flame_bad(v);
        nbad += bd[j];
    }
    return nbad;
}

/* An xform with Ember's pre_ or post_ variations (rare; their order and
 * replacing the point make them one chain per lane), or with a variation
 * that reads or sets the colour (FR_FLAME_NEED_COLOR: the colours in and
 * out in g->pc, by run position): each lane of the run through the scalar
 * formula (fr_flame_xform_apply_body), from its stream in g; the pads stay
 * at the origin. */
static int prepost_run(const fr_flame_xform_pre *x, const int32_t *idx, const lanes *L, double *ox, double *oy,
                       double *oz, int32_t *bad, const work *g, int lo, int n)
{
    int nbad = 0;
    for (int j = lo; j < lo + up4(n); j++) {
        if (j >= lo + n) {
            ox[j] = oy[j] = oz[j] = 0.0, bad[j] = 0;
            continue;
        }
        const int i = idx[j];
        fr_flame_rng r = {g->s0[j], g->s1[j], g->s2[j], g->s3[j]};
        fr_flame_xform_apply_body(x, L->x[i], L->y[i], L->z[i], &r, &ox[j], &oy[j], &oz[j], &g->pc[j]);
        g->s0[j] = r.s0, g->s1[j] = r.s1, g->s2[j] = r.s2, g->s3[j] = r.s3;
        bad[j] = fr_flame_bad(ox[j]) | fr_flame_bad(oy[j]);
        nbad += bad[j];
    }
    return nbad;
}

static int run_xform(fr_flame_simd *s, const fr_flame_xform_pre *x, const fr_flame_xform_pre *const *xp, int draws,
                     const int32_t *idx, int lo, int n)
{
    const int hi = lo + up4(n);
    lanes *L = &s->l;
    work *g = &s->w;
    if (draws)
        for (int j = lo; j < hi; j++) {
            const int i = idx[j];
            g->s0[j] = L->s0[i], g->s1[j] = L->s1[i], g->s2[j] = L->s2[i], g->s3[j] = L->s3[i];
        }
    int nb;
    if (x->pre.n || x->postv.n || (x->flags & FR_FLAME_NEED_COLOR))
        nb = prepost_run(x, idx, L, s->ox, s->oy, s->oz, s->bad, g, lo, n);
    else if (x->nvar == 1 && x->var[0] == FR_V_LINEAR && x->preblur == 0.0 && x->flags == 0)
        nb = linear_run(x, xp, idx, L->x, L->y, L->z, s->ox, s->oy, s->oz, s->bad, lo, hi);
    else
        nb = apply_run(x, xp, idx, L->x, L->y, L->z, s->ox, s->oy, s->oz, s->bad, g, lo, hi);
    if (draws)
        for (int j = lo; j < lo + n; j++) {
            const int i = idx[j];
            L->s0[i] = g->s0[j], L->s1[i] = g->s1[j], L->s2[i] = g->s2[j], L->s3[i] = g->s3[j];
        }
    return nb;
}

static const unsigned char var_draws[FR_FLAME_NVAR] = {
#define VAR_DRAWS(V, DRAWS, CALL) [V] = DRAWS,
    FR_FLAME_VAR_CALLS(VAR_DRAWS)
#undef VAR_DRAWS
};

static int xform_draws(const fr_flame_xform_pre *x)
{
    if (x->preblur != 0.0 || x->pre.n || x->postv.n || (x->flags & FR_FLAME_NEED_COLOR))
        return 1; /* pre_/post_, colour: the scalar chain takes the stream */
    for (int i = 0; i < x->nvar; i++)
        if (var_draws[x->var[i]]) return 1;
    return 0;
}

/* Whether a variation reads the xform's parameter set (its call passes x):
 * lanes of different jobs cannot share a run of it. */
static const char *const var_call[FR_FLAME_NVAR] = {
#define VAR_TEXT(V, DRAWS, CALL) [V] = #CALL,
    FR_FLAME_VAR_CALLS(VAR_TEXT)
#undef VAR_TEXT
};

static int var_reads_x(int v) { return !var_call[v] || strstr(var_call[v], "(x,") != NULL; }

/* Two std xforms that one run can apply, each lane its own (apply_run's
 * xp): the same variations in the same order, flags, post affine or none,
 * pre_blur or none; no Ember pre_/post_ variations, none that reads or sets
 * the colour (these take the scalar chain, prepost_run, with the first
 * lane's xform) and no variation that reads the parameter set (the run
 * takes the first lane's). */
static int xform_alike(const fr_flame_xform_pre *a, const fr_flame_xform_pre *b)
{
    if (a == b) return 1; /* (steps that share the prepared xforms) */
    if (a->nvar != b->nvar || a->flags != b->flags || a->has_post != b->has_post || a->zero_z != b->zero_z ||
        (a->preblur != 0.0) != (b->preblur != 0.0) || a->pre.n || a->postv.n || b->pre.n || b->postv.n ||
        (a->flags & FR_FLAME_NEED_COLOR))
        return 0;
    for (int i = 0; i < a->nvar; i++)
        if (a->var[i] != b->var[i] || var_reads_x(a->var[i])) return 0;
    return 1;
}

int fr_flame_simd_alike(const fr_flame_job *a, const fr_flame_job *b)
{
    if (a->nstd != b->nstd || a->has_final != b->has_final || a->fuse != b->fuse) return 0;
    for (int k = 0; k < a->nstd; k++)
        if (!xform_alike(&a->xf[k], &b->xf[k])) return 0;
    return 1;
}

/* ---- workspace */

fr_flame_simd *fr_flame_simd_new(int nlanes, int nxf)
{
    fr_flame_simd *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->lanes = nlanes, s->nxf = nxf;
    const size_t nl = (size_t)nlanes + 4;                                       /* lanes and the dummy */
    const size_t nw = ((size_t)nlanes + 4 * (size_t)(nxf + 1) + 7) & ~(size_t)7; /* run positions */
    /* parts (segments) a batch: each takes at least 4 lanes; their xforms' flags */
    const size_t np = (size_t)nlanes / 4 + 1, nk = np * ((size_t)nxf + 1);
    const size_t al = ALIGN - 1;
#define SZ(count, type) ((((count) * sizeof(type)) + al) & ~al)
    const size_t lane_bytes = 8 * SZ(nl, double) + 4 * SZ(nl, int32_t);
    const size_t work_bytes = 17 * SZ(nw, double) + 3 * SZ(nw, double) + 3 * SZ(nw, int32_t);
    /* hits: every lane directly and (final xform of opacity < 1) again through the final xform */
    const size_t hit_bytes = SZ(nl, double) + 3 * SZ(nl, int32_t) + FR_FB_CHANNELS * SZ(2 * nl, uint32_t) +
                             2 * (SZ(2 * nl, int64_t) + SZ(2 * nl, const uint32_t *) +
                                  SZ(2 * nl * FR_FB_CHANNELS, uint32_t));
    const size_t misc = 3 * SZ((size_t)nxf + 1, int) + 2 * SZ(4 * ((size_t)nxf + 1), int) +
                        2 * SZ(nk, unsigned char) + SZ(np, part) + SZ(nl, int32_t) +
                        SZ(nw, const fr_flame_xform_pre *) + SZ(nw, double) + 2 * SZ(nl, double);
    const size_t total = lane_bytes + work_bytes + hit_bytes + misc;
    s->mem = aligned_alloc(ALIGN, total);
    if (!s->mem) {
        free(s);
        return NULL;
    }
    memset(s->mem, 0, total);
    char *p = s->mem;
#define TAKE(ptr, count, type) (ptr = (void *)p, p += SZ(count, type))
    lanes *L = &s->l;
    TAKE(L->x, nl, double), TAKE(L->y, nl, double), TAKE(L->c, nl, double), TAKE(L->z, nl, double);
    TAKE(L->s0, nl, double), TAKE(L->s1, nl, double), TAKE(L->s2, nl, double), TAKE(L->s3, nl, double);
    TAKE(L->last, nl, int32_t), TAKE(L->fn, nl, int32_t), TAKE(L->left, nl, int32_t), TAKE(L->u, nl, int32_t);
    work *w = &s->w;
    TAKE(w->tx, nw, double), TAKE(w->ty, nw, double), TAKE(w->r2, nw, double), TAKE(w->rr, nw, double);
    TAKE(w->ax, nw, double), TAKE(w->sa, nw, double), TAKE(w->ca, nw, double), TAKE(w->ay, nw, double);
    TAKE(w->p0, nw, double), TAKE(w->p1, nw, double), TAKE(w->tz, nw, double), TAKE(w->p2, nw, double);
    TAKE(w->s0, nw, double), TAKE(w->s1, nw, double), TAKE(w->s2, nw, double), TAKE(w->s3, nw, double);
    TAKE(s->ox, nw, double), TAKE(s->oy, nw, double), TAKE(s->oz, nw, double);
    TAKE(s->bad, nw, int32_t), TAKE(s->idx, nw, int32_t), TAKE(s->fidx, nw, int32_t);
    TAKE(s->fc, nl, double), TAKE(s->on, nl, int32_t), TAKE(s->ffn, nl, int32_t), TAKE(s->fon, nl, int32_t);
    for (int k = 0; k < 2; k++) {
        TAKE(s->h[k].b, 2 * nl, int64_t), TAKE(s->h[k].row, 2 * nl, const uint32_t *);
        TAKE(s->h[k].v, 2 * nl * FR_FB_CHANNELS, uint32_t);
    }
    for (int c = 0; c < FR_FB_CHANNELS; c++) TAKE(s->lin[c], 2 * nl, uint32_t);
    TAKE(s->cnt, (size_t)nxf + 1, int), TAKE(s->start, (size_t)nxf + 1, int), TAKE(s->pos, (size_t)nxf + 1, int);
    TAKE(s->cnt4, 4 * ((size_t)nxf + 1), int), TAKE(s->pos4, 4 * ((size_t)nxf + 1), int);
    TAKE(s->draws, nk, unsigned char), TAKE(s->visible, nk, unsigned char);
    TAKE(s->part, np, part), TAKE(s->pt, nl, int32_t), TAKE(s->xp, nw, const fr_flame_xform_pre *);
    TAKE(w->wv, nw, double), TAKE(w->pc, nw, double);
    TAKE(s->cx, nl, double), TAKE(s->cy, nl, double);
#undef TAKE
#undef SZ
    return s;
}

void fr_flame_simd_free(fr_flame_simd *s)
{
    if (!s) return;
    free(s->mem);
    free(s);
}

/* ---- one batch */

static inline fr_flame_rng lane_rng(const lanes *l, int i)
{
    fr_flame_rng r = {l->s0[i], l->s1[i], l->s2[i], l->s3[i]};
    return r;
}

static inline void lane_rng_put(lanes *l, int i, const fr_flame_rng *r)
{
    l->s0[i] = r->s0, l->s1[i] = r->s1, l->s2[i] = r->s2, l->s3[i] = r->s3;
}

typedef double v4d __attribute__((vector_size(32)));
typedef int64_t v4l __attribute__((vector_size(32)));
typedef int32_t v4i __attribute__((vector_size(16)));
typedef uint32_t v4u __attribute__((vector_size(16)));

/* fr_flame_bucket with int32 conversions (AVX2 converts int32 lanes): inside
 * the bounds the bucket coordinates are far below 2^31, so the values are
 * the same; outside, -1. The frame's fields are the caller's locals. */
#define LANE_BUCKET(x_, y_, out)                                                                                       \
    do {                                                                                                              \
        double lx = (x_), ly = (y_);                                                                                      \
        if (rot) {                                                                                                    \
            const double dx = lx - rc0, dy = ly - rc1;                                                                    \
            lx = dx * rcos - dy * rsin + rc0;                                                                         \
            ly = dx * rsin + dy * rcos + rc1;                                                                         \
        }                                                                                                             \
        const int in = lx >= bx0 && ly >= by0 && lx <= bx1 && ly <= by1;                                                \
        const double cx = in ? lx : bx0, cy = in ? ly : by0; /* converted in range either way */                        \
        const int32_t bi = (int32_t)(ws0 * cx - wb0s0), bj = (int32_t)(hs1 * cy - hb1s1);                             \
        const int64_t bb = (int64_t)bi + wb * (int64_t)(bj - row0);                                                   \
        (out) = in && bb >= 0 && bb < nbk ? bb : -1;                                                                  \
    } while (0)

/* The hits of m points (px, py) of colours pc by std xforms fn, those with
 * on[q] set, appended to h: buckets and adds in vector loops, the buckets
 * prefetched. Returns how many land in the frame. */
static int hits_make(const fr_flame_job *j, int m, const double *px, const double *py, const double *pc,
                     const int32_t *fn, const int32_t *on, hits *h, uint32_t *const lin[FR_FB_CHANNELS])
{
    const fr_flame_frame *f = j->frame;
    const int rot = f->rotated;
    const double rc0 = f->rot_center[0], rc1 = f->rot_center[1], rcos = f->rot_cos, rsin = f->rot_sin;
    const double bx0 = f->bounds[0], by0 = f->bounds[1], bx1 = f->bounds[2], by1 = f->bounds[3];
    const double ws0 = f->ws0, wb0s0 = f->wb0s0, hs1 = f->hs1, hb1s1 = f->hb1s1;
    const int64_t wb = f->wb, nbk = (int64_t)f->wb * f->hb;
    const int32_t row0 = f->row0;
    int64_t *restrict b = h->b + h->n;
    const double *restrict x = px, *restrict y = py, *restrict c = pc;
    const int32_t *restrict xf = fn, *restrict lit = on;
    uint32_t(*restrict v)[FR_FB_CHANNELS] = h->v + h->n;
    const uint32_t **restrict row = h->row + h->n;
#pragma omp simd
    for (int q = 0; q < m; q++) {
        int64_t bq;
        LANE_BUCKET(x[q], y[q], bq);
        b[q] = (lit[q] & 1) ? bq : -1;
    }
    const fr_flame_job jl = *j; /* a local copy: its fields stay in registers */
    if (jl.linear_palette) {
        /* fr_flame_hit_values' linear palette, a hit at a time with its four colour channels
         * in one vector (the colour map's rows are 4 doubles): the same
         * operations as fr_flame_hit_linear_channel and fr_flame_trunc_u32,
         * element by element */
        const v4d one = {1.0, 1.0, 1.0, 1.0}, two31 = {0x1p31, 0x1p31, 0x1p31, 0x1p31};
        for (int q = 0; q < m; q++) {
            const double w = jl.vis[xf[q]];
            double frac;
            const int idx = fr_flame_hit_linear_entry(c[q], jl.cmap_scale, &frac);
            v4d d0, d1;
            memcpy(&d0, jl.dmap[idx], sizeof d0), memcpy(&d1, jl.dmap[idx + 1], sizeof d1);
            const v4d col = d0 * (1.0 - frac) + d1 * frac;
            const v4d a = w * col;
            const v4l big = a >= two31, some = a >= one;
            const v4d t = a - (v4d)((v4l)two31 & big); /* a - 2^31 where big, else a - 0 = a */
            const v4u r = (v4u)__builtin_convertvector(t, v4i) + ((v4u)__builtin_convertvector(big, v4i) & 0x80000000u);
            const v4u add = r & (v4u)__builtin_convertvector(some, v4i);
            memcpy(v[q], &add, sizeof add);
            v[q][FR_FB_CNT] = fr_flame_trunc_u32(w * 255.0);
            row[q] = v[q];
        }
    } else {
        /* a row of the step table (fr_flame_hit_values) */
        const uint32_t(*restrict tab)[256][FR_FB_CHANNELS] = jl.hit;
        const double cs = jl.cmap_scale;
#pragma omp simd
        for (int q = 0; q < m; q++) row[q] = tab[xf[q]][fr_flame_cmap_index(c[q], cs)];
    }
    int nin = 0;
#pragma omp simd reduction(+ : nin)
    for (int q = 0; q < m; q++) nin += b[q] >= 0;
    h->n += m;
    return nin;
}

/* The adds of hits `add` (their buckets prefetched an iteration ago),
 * interleaved with the prefetches of hits `pre` (the next iteration's adds):
 * the misses overlap with the adds instead of a burst of prefetches
 * stalling on the full miss queue. */
static void hits_add(const hits *add, const hits *pre, fr_flame_bucket_t *buckets, int atomic)
{
    const int n = add->n > pre->n ? add->n : pre->n;
    for (int q = 0; q < n; q++) {
        if (q < pre->n && pre->b[q] >= 0) {
            const fr_flame_bucket_t *o = buckets + (size_t)pre->b[q] * FR_FB_CHANNELS;
            __builtin_prefetch(o, 1, 3);
            __builtin_prefetch(o + FR_FB_CHANNELS - 1, 1, 3);
        }
        if (q >= add->n || add->b[q] < 0) continue;
        fr_flame_bucket_t *o = buckets + (size_t)add->b[q] * FR_FB_CHANNELS;
        const uint32_t *v = add->row[q];
        if (atomic) {
            for (int k = 0; k < FR_FB_CHANNELS; k++)
                if (v[k]) fr_flame_badd(o + k, (fr_flame_bucket_t)v[k], 1);
            continue;
        }
        /* R, G, B, A as one vector: a + v, or all ones where that wrapped
         * (max(a + v, a) != a + v); then the count: fr_flame_bucket_sat_add */
        const __m128i a = _mm_loadu_si128((const __m128i *)o);
        const __m128i sum = _mm_add_epi32(a, _mm_loadu_si128((const __m128i *)v));
        const __m128i wrapped = _mm_xor_si128(_mm_cmpeq_epi32(_mm_max_epu32(sum, a), sum), _mm_set1_epi32(-1));
        _mm_storeu_si128((__m128i *)o, _mm_or_si128(sum, wrapped));
        o[FR_FB_CNT] = fr_flame_bucket_sat_add(o[FR_FB_CNT], v[FR_FB_CNT]);
    }
}

/* Every lane's xform draw (the idle lanes up to each segment's next
 * multiple of 4 draw too: harmless) and, with xaos (a row of the
 * xform-choice table per previous xform: it outgrows the caches with many
 * xforms), the prefetch of its table entry. */
static void draw_xforms(const part *P, int np, lanes *L, int n4)
{
    uint64_t *restrict a0 = L->s0, *restrict a1 = L->s1, *restrict a2 = L->s2, *restrict a3 = L->s3;
    uint32_t *restrict u = L->u;
#pragma omp simd
    for (int i = 0; i < n4; i++) {
        fr_flame_rng r = {a0[i], a1[i], a2[i], a3[i]};
        u[i] = fr_flame_rng_u32(&r);
        a0[i] = r.s0, a1[i] = r.s1, a2[i] = r.s2, a3[i] = r.s3;
    }
    for (int p = 0; p < np; p++) {
        const fr_flame_job *j = P[p].j;
        if (j->chaos)
            for (int i = P[p].lo; i < P[p].lo + P[p].n; i++)
                __builtin_prefetch(j->table + (size_t)L->last[i] * FR_FLAME_GRAIN + (u[i] & (FR_FLAME_GRAIN - 1)));
    }
}

/* A lane whose first try gave a bad value (fr_flame_xform_apply_core's new
 * point drawn here): the rest of the iteration's tries on the scalar
 * walker, from the same stream; its xform and plot flags follow the last
 * try. */
static void retry_lane(fr_flame_simd *s, const part *P, int i, int plot, uint64_t *iters, uint64_t *nbad)
{
    const fr_flame_job *j = P->j;
    lanes *L = &s->l;
    fr_flame_walker w;
    w.r = lane_rng(L, i);
    w.p0 = fr_flame_u11(&w.r);
    w.p1 = fr_flame_u11(&w.r);
    w.p2 = 0.0;
    w.pc = L->c[i];
    w.last = L->last[i];
    w.iters = 0, w.bad = 1;
    L->fn[i] = fr_flame_walker_tries(j, &w, 1);
    s->on[i] = (s->on[i] & 2) | ((s->on[i] >> 1) & s->visible[P->key + L->fn[i]]);
    L->x[i] = w.p0, L->y[i] = w.p1, L->z[i] = w.p2, L->c[i] = w.pc;
    lane_rng_put(L, i, &w.r);
    if (!plot || (s->on[i] & 2)) *iters += w.iters, *nbad += w.bad;
}

/* Flames of at most four xforms that are affine maps alone (linear, no
 * pre_blur, post or final xform: IFS such as the Sierpinski triangle) run
 * affine_step: the lanes stay in place, four at a time, and each lane
 * takes its xform's coefficients from registers (a permute by xform). */
static int affine_only(const fr_flame_job *j)
{
    if (j->has_final || j->nstd > 4) return 0;
    for (int k = 0; k < j->nstd; k++) {
        const fr_flame_xform_pre *x = &j->xf[k];
        if (x->nvar != 1 || x->var[0] != FR_V_LINEAR || x->preblur != 0.0 || x->flags != 0 || x->has_post ||
            x->pre.n || x->postv.n)
            return 0;
    }
    return 1;
}

/* Element fn of v in each place (fn: the places' xforms, two int32 indices
 * a double: 2 fn, 2 fn + 1). */
static inline __m256d pick(__m256d v, __m256i fn2)
{
    return _mm256_castsi256_pd(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(v), fn2));
}

/* Steps 1 to 4 of an iteration for affine_only flames: per four lanes the
 * xforms from the draws, the plotting flags, the affine map and linear
 * (fr_flame_xform_apply_core's operations in its order: contraction is
 * off), the colour, the bad-value test; a bad lane retries on the scalar
 * walker. */
static void affine_step(fr_flame_simd *s, const part *P, int plot, uint64_t *iters, uint64_t *nbad)
{
    lanes *L = &s->l;
    const fr_flame_job *j = P->j;
    const int lo = P->lo, n = lo + P->n, n4 = lo + up4(P->n);
    /* the xforms' values, one quantity a vector (places beyond nstd 0) */
    double q[9][4] = {{0.0}};
    for (int k = 0; k < j->nstd; k++) {
        const fr_flame_xform_pre *x = &j->xf[k];
        const double v[9] = {x->c[0][0], x->c[1][0], x->c[2][0], x->c[0][1], x->c[1][1], x->c[2][1],
                             x->w[0], j->speed[k] * j->color[k], 1.0 - j->speed[k]};
        for (int e = 0; e < 9; e++) q[e][k] = v[e];
    }
    const __m256d c00 = _mm256_loadu_pd(q[0]), c10 = _mm256_loadu_pd(q[1]), c20 = _mm256_loadu_pd(q[2]);
    const __m256d c01 = _mm256_loadu_pd(q[3]), c11 = _mm256_loadu_pd(q[4]), c21 = _mm256_loadu_pd(q[5]);
    const __m256d wv = _mm256_loadu_pd(q[6]), ccv = _mm256_loadu_pd(q[7]), keepv = _mm256_loadu_pd(q[8]);
    const __m256d zero = _mm256_setzero_pd(), big = _mm256_set1_pd(1e10), nbig = _mm256_set1_pd(-1e10);
    const __m256i one_hi = _mm256_set1_epi64x((int64_t)1 << 32);
    int nlive = 0;
    for (int i = lo; i < n4; i += 4) {
        int32_t f[4];
        for (int t = 0; t < 4; t++) {
            const uint16_t *row = j->chaos ? j->table + (size_t)L->last[i + t] * FR_FLAME_GRAIN : j->table;
            f[t] = row[L->u[i + t] & (FR_FLAME_GRAIN - 1)];
        }
        /* built in registers: a vector load of f would wait for its four stores */
        const __m256i f2 = _mm256_slli_epi64(_mm256_set_epi64x(f[3], f[2], f[1], f[0]), 1);
        const __m256i fn2 = _mm256_add_epi64(_mm256_add_epi64(f2, _mm256_slli_epi64(f2, 32)), one_hi);
        const __m256d x = _mm256_load_pd(L->x + i), y = _mm256_load_pd(L->y + i),
                      c = _mm256_load_pd(L->c + i);
        const __m256d tx =
            _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(pick(c00, fn2), x), _mm256_mul_pd(pick(c10, fn2), y)),
                          pick(c20, fn2));
        const __m256d ty =
            _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(pick(c01, fn2), x), _mm256_mul_pd(pick(c11, fn2), y)),
                          pick(c21, fn2));
        const __m256d w = pick(wv, fn2);
        const __m256d p0 = _mm256_add_pd(zero, _mm256_mul_pd(w, tx)),
                      p1 = _mm256_add_pd(zero, _mm256_mul_pd(w, ty));
        const __m256d nc = _mm256_add_pd(pick(ccv, fn2), _mm256_mul_pd(pick(keepv, fn2), c));
        const __m256d bad = _mm256_or_pd(
            _mm256_or_pd(_mm256_cmp_pd(p0, p0, _CMP_UNORD_Q), _mm256_cmp_pd(p1, p1, _CMP_UNORD_Q)),
            _mm256_or_pd(
                _mm256_or_pd(_mm256_cmp_pd(p0, big, _CMP_GT_OQ), _mm256_cmp_pd(p0, nbig, _CMP_LT_OQ)),
                _mm256_or_pd(_mm256_cmp_pd(p1, big, _CMP_GT_OQ), _mm256_cmp_pd(p1, nbig, _CMP_LT_OQ))));
        _mm256_store_pd(L->x + i, p0), _mm256_store_pd(L->y + i, p1), _mm256_store_pd(L->c + i, nc);
        for (int t = 0; t < 4; t++) {
            const int q = i + t;
            const int live = plot && q < n && L->left[q] > 0;
            L->fn[q] = f[t];
            L->left[q] -= (uint32_t)live;
            nlive += live;
            s->on[q] = 2 * live + (live & s->visible[P->key + f[t]]);
        }
        int mb = _mm256_movemask_pd(bad);
        if (mb)
            for (int t = 0; t < 4 && i + t < n; t++)
                if (mb >> t & 1) retry_lane(s, P, i + t, plot, iters, nbad);
        for (int t = 0; t < 4; t++)
            L->last[i + t] = L->fn[i + t] + 1;
    }
    *iters += (uint64_t)(plot ? nlive : P->n);
}

/* The batch's parts (one a segment of the unit that has walkers in k0 ..
 * k0 + n - 1), their keys' flags, and the walkers' starts
 * (fr_flame_walker_start); idle lanes and DUMMY at the origin with a zero
 * stream. Returns the parts; *n4 the lanes in use, *steps the most samples
 * a walker plots. */
static int parts_start(fr_flame_simd *s, const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg,
                       uint64_t base, uint64_t k0, int n, int *n4, uint32_t *steps)
{
    lanes *L = &s->l;
    int np = 0, lo = 0, key = 0;
    *steps = 0;
    for (int q = 0; q < nseg; q++) {
        const uint64_t a = seg[q].first > k0 ? seg[q].first : k0;
        const uint64_t e = q + 1 < nseg && seg[q + 1].first < k0 + (uint64_t)n ? seg[q + 1].first : k0 + (uint64_t)n;
        if (e <= a) continue;
        part *P = &s->part[np++];
        const fr_flame_job *j = &jobs[seg[q].job];
        *P = (part){j, &seg[q], a, lo, (int)(e - a), key, affine_only(j)};
        for (int k = 0; k < j->nstd + j->has_final; k++) s->draws[key + k] = (unsigned char)xform_draws(&j->xf[k]);
        for (int k = 0; k < j->nstd; k++) s->visible[key + k] = j->vis[k] != 0.0;
        for (int i = lo; i < lo + up4(P->n); i++) {
            if (i < lo + P->n) {
                fr_flame_rng r;
                fr_flame_rng_init(&r, j->seed, base + P->k0 + (uint64_t)(i - lo));
                L->x[i] = fr_flame_rand11(&r);
                L->y[i] = fr_flame_rand11(&r);
                L->c[i] = fr_flame_rng_01(&r);
                L->z[i] = 0.0;
                lane_rng_put(L, i, &r);
                L->left[i] = fr_flame_segment_walker(P->seg, P->k0 + (uint64_t)(i - lo), P->seg->len);
                if (L->left[i] > *steps) *steps = L->left[i];
            } else {
                L->x[i] = L->y[i] = L->z[i] = L->c[i] = 0.0;
                L->s0[i] = L->s1[i] = L->s2[i] = L->s3[i] = 0;
                L->left[i] = 0, L->fn[i] = 0, s->on[i] = 0;
            }
            L->last[i] = 0;
            s->pt[i] = np - 1;
        }
        lo += up4(P->n), key += j->nstd + j->has_final;
    }
    for (int i = lo; i <= s->lanes; i++) {
        L->x[i] = L->y[i] = L->z[i] = L->c[i] = 0.0;
        L->s0[i] = L->s1[i] = L->s2[i] = L->s3[i] = 0;
        L->left[i] = 0, L->last[i] = 0, L->fn[i] = 0, s->on[i] = 0;
        s->pt[i] = 0;
    }
    *n4 = lo;
    return np;
}

/* Lane i's colour blended by xform k: cc + keep c, from its own job's
 * colour speed where the run holds several parts' lanes (xp). */
static inline double lane_blend(const part *P, const fr_flame_simd *s, int several, int k, int i, double cc,
                                double keep)
{
    if (several) {
        const fr_flame_job *j = P[s->pt[i]].j;
        const double sp = j->speed[k];
        cc = sp * j->color[k], keep = 1.0 - sp;
    }
    return cc + keep * s->l.c[i];
}

/* Steps 1 to 4 of an iteration (flames that are not affine_only): the
 * lanes sorted by xform, each xform's run of lanes through it. The parts
 * of a batch are alike (fr_flame_simd_alike): a run holds the lanes of
 * every part that drew its xform, each lane with its own job's xform
 * (apply_run's xp) when there are several parts. */
static void sort_step(fr_flame_simd *s, const part *P, int np, int plot, uint64_t *iters, uint64_t *nbad)
{
    lanes *L = &s->l;
    const int DUMMY = s->lanes, K = P[0].j->nstd;
    /* 1. the xforms (drawn at the end of the previous iteration); the
     * plotting lanes (on: bit 1 a sample left to plot, bit 0 also a
     * visible xform); four interleaved counts (lane i counts in
     * c4[i & 3]) keep the increments independent */
    int *restrict c4 = s->cnt4;
    memset(c4, 0, 4 * (size_t)K * sizeof(int));
    int nlive = 0, nl = 0; /* lanes whose walker has samples left (the others idle on to the batch's end) */
    for (int p = 0; p < np; p++) {
        /* (locals: the stores below may alias the part and the job for the compiler) */
        const int chaos = P[p].j->chaos, lo = P[p].lo, hi = lo + P[p].n;
        const uint16_t *table = P[p].j->table;
        const unsigned char *vis = s->visible + P[p].key;
        nl += P[p].n;
        for (int i = lo; i < hi; i++) {
            const uint16_t *row = chaos ? table + (size_t)L->last[i] * FR_FLAME_GRAIN : table;
            const int fn = row[L->u[i] & (FR_FLAME_GRAIN - 1)];
            const int live = plot && L->left[i] > 0;
            L->fn[i] = fn;
            L->left[i] -= (uint32_t)live;
            nlive += live;
            s->on[i] = 2 * live + (live & vis[fn]);
            c4[(i & 3) * K + fn]++;
        }
    }
    /* 2. the lanes' indices sorted by xform, each run at a multiple of 4 */
    int off = 0;
    for (int k = 0; k < K; k++) {
        s->cnt[k] = c4[k] + c4[K + k] + c4[2 * K + k] + c4[3 * K + k];
        s->start[k] = off;
        for (int t = 0, q = off; t < 4; t++) s->pos4[t * K + k] = q, q += c4[t * K + k];
        off += up4(s->cnt[k]);
    }
    for (int p = 0; p < np; p++) {
        const int lo = P[p].lo, hi = lo + P[p].n;
        for (int i = lo; i < hi; i++) s->idx[s->pos4[(i & 3) * K + L->fn[i]]++] = i;
    }
    /* 3. each xform's run; the new points and colours back into the lanes */
    int anybad = 0;
    for (int k = 0; k < K; k++) {
        const int m = s->cnt[k];
        if (!m) continue;
        const int lo = s->start[k];
        for (int q = lo + m; q < lo + up4(m); q++) s->idx[q] = DUMMY;
        const fr_flame_xform_pre **xp = NULL;
        if (np > 1) { /* each lane's own xform k (DUMMY's: part 0's) */
            xp = s->xp;
            for (int q = lo; q < lo + up4(m); q++) xp[q] = &P[s->pt[s->idx[q]]].j->xf[k];
        }
        const fr_flame_xform_pre *xk = &P[0].j->xf[k];
        const int color = (xk->flags & FR_FLAME_NEED_COLOR) != 0;
        const fr_flame_job *j0 = P[0].j;
        const double sp0 = j0->speed[k], cc0 = sp0 * j0->color[k], keep0 = 1.0 - sp0;
        if (color) /* the blend first: the variations read it and set the colour (the scalar chain) */
            for (int q = lo; q < lo + m; q++) s->w.pc[q] = lane_blend(P, s, xp != NULL, k, s->idx[q], cc0, keep0);
        anybad |= run_xform(s, xk, xp, s->draws[k], s->idx, lo, m);
        for (int q = lo; q < lo + m; q++) {
            const int i = s->idx[q];
            L->x[i] = s->ox[q], L->y[i] = s->oy[q], L->z[i] = s->oz[q];
            L->c[i] = color ? s->w.pc[q] : lane_blend(P, s, xp != NULL, k, i, cc0, keep0);
        }
    }
    *iters += (uint64_t)(plot ? nlive : nl);
    /* 4. bad values: the rest of the iteration's tries on the scalar walker */
    if (anybad)
        for (int k = 0; k < K; k++)
            for (int q = s->start[k]; q < s->start[k] + s->cnt[k]; q++)
                if (s->bad[q]) retry_lane(s, &P[s->pt[s->idx[q]]], s->idx[q], plot, iters, nbad);
    for (int p = 0; p < np; p++) {
        const int lo = P[p].lo, hi = lo + P[p].n;
        for (int i = lo; i < hi; i++) L->last[i] = L->fn[i] + 1;
    }
}

/* Step 5 for part P: its visible lanes' hits, through its final xform when
 * that applies (its run at run positions *fo, advanced past it), appended
 * to h. Returns the hits in the frame. */
static uint64_t plot_part(fr_flame_simd *s, const part *P, int *fo, hits *h, uint64_t *iters)
{
    lanes *L = &s->l;
    const fr_flame_job *j = P->j;
    const int lo = P->lo, f0 = *fo, DUMMY = s->lanes;
    uint64_t plotted = 0;
    int nf = 0;
    if (j->has_final) {
        const int hi = lo + P->n;
        for (int i = lo; i < hi; i++) {
            if (!(s->on[i] & 1)) continue;
            if (j->final_opacity != 1.0) {
                fr_flame_rng r = lane_rng(L, i);
                const int take = fr_flame_rng_01(&r) < j->final_opacity;
                lane_rng_put(L, i, &r);
                if (!take) continue;
            }
            s->fidx[f0 + nf++] = i;
            s->on[i] = 0;
        }
    }
    const fr_flame_proj *pj = j->frame->proj.on ? &j->frame->proj : NULL;
    if (!j->has_final || j->final_opacity != 1.0) {
        const double *hx = L->x + lo, *hy = L->y + lo;
        if (pj) { /* the plotting lanes' points through the 3D camera, their draws after the opacity's */
            for (int i = lo; i < lo + P->n; i++) {
                if (!(s->on[i] & 1)) continue;
                fr_flame_rng r = lane_rng(L, i);
                s->cx[i] = L->x[i], s->cy[i] = L->y[i];
                fr_flame_proj_apply(pj, &s->cx[i], &s->cy[i], L->z[i], &r);
                lane_rng_put(L, i, &r);
            }
            hx = s->cx + lo, hy = s->cy + lo;
        }
        plotted += (uint64_t)hits_make(j, P->n, hx, hy, L->c + lo, L->fn + lo, s->on + lo, h, s->lin);
    }
    if (!nf) return plotted;
    const int nstd = j->nstd;
    const double fs = j->speed[nstd], fcc = fs * j->color[nstd], fkeep = 1.0 - fs;
    for (int q = f0 + nf; q < f0 + up4(nf); q++) s->fidx[q] = DUMMY;
    const int fcolor = (j->xf[nstd].flags & FR_FLAME_NEED_COLOR) != 0;
    if (fcolor) /* the blend first: the variations read it */
        for (int q = f0; q < f0 + nf; q++) s->w.pc[q] = fcc + fkeep * L->c[s->fidx[q]];
    const int fbad = run_xform(s, &j->xf[nstd], NULL, s->draws[P->key + nstd], s->fidx, f0, nf);
    *iters += (uint64_t)nf;
    for (int q = f0; q < f0 + nf; q++) {
        const int i = s->fidx[q];
        if (fbad && s->bad[q]) { /* the bad value's new point (fr_flame_xform_apply_core) */
            fr_flame_rng r = lane_rng(L, i);
            s->ox[q] = fr_flame_u11(&r), s->oy[q] = fr_flame_u11(&r), s->oz[q] = 0.0;
            lane_rng_put(L, i, &r);
        }
        if (pj) { /* through the 3D camera, its draws after the final xform's */
            fr_flame_rng r = lane_rng(L, i);
            fr_flame_proj_apply(pj, &s->ox[q], &s->oy[q], s->oz[q], &r);
            lane_rng_put(L, i, &r);
        }
        s->fc[q] = fcolor ? s->w.pc[q] : fcc + fkeep * L->c[i], s->ffn[q] = L->fn[i], s->fon[q] = 1;
    }
    plotted += (uint64_t)hits_make(j, nf, s->ox + f0, s->oy + f0, s->fc + f0, s->ffn + f0, s->fon + f0, h, s->lin);
    *fo = f0 + up4(nf);
    return plotted;
}

void fr_flame_simd_walk(fr_flame_simd *s, const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg,
                        uint64_t base, uint64_t k0, int n, fr_flame_bucket_t *buckets, int atomic,
                        fr_flame_walk_stats *st)
{
    lanes *L = &s->l;
    uint64_t iters = 0, nbad = 0, plotted = 0;
    int n4;
    uint32_t steps;
    const int np = parts_start(s, jobs, seg, nseg, base, k0, n, &n4, &steps);
    if (!np) return;
    const part *P = s->part;
    hits *cur = &s->h[0], *prev = &s->h[1];
    cur->n = prev->n = 0;

    /* the parts' jobs are alike (fr_cpu_flame_run_pass packs only such): one fuse */
    const uint32_t fuse = (uint32_t)P[0].j->fuse, total = fuse + steps;
    draw_xforms(P, np, L, n4);
    for (uint32_t it = 0; it < total; it++) {
        const int plot = it >= fuse;
        if (P[0].affine) /* (the parts are alike: all or none) */
            for (int p = 0; p < np; p++) affine_step(s, &P[p], plot, &iters, &nbad);
        else
            sort_step(s, P, np, plot, &iters, &nbad);
        if (!plot) {
            if (it + 1 < total) draw_xforms(P, np, L, n4);
            continue;
        }
        /* 5. plot: the visible lanes, through the final xform when it applies */
        cur->n = 0;
        int fo = 0;
        for (int p = 0; p < np; p++) plotted += plot_part(s, &P[p], &fo, cur, &iters);
        /* 6. the next iteration's xform draws (every draw of this one is
         * done: each stream keeps its order), so that their table rows load
         * during the adds of the previous iteration's hits, whose buckets
         * are in cache by now, and the prefetches of this one's */
        if (it + 1 < total) draw_xforms(P, np, L, n4);
        hits_add(prev, cur, buckets, atomic);
        hits *t = prev;
        prev = cur, cur = t;
    }
    cur->n = 0;
    hits_add(prev, cur, buckets, atomic);
    st->iterations += iters, st->bad += nbad, st->plotted += plotted;
}
