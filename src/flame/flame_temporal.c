/*
 * flame_temporal.c - the temporal filter and the jobs of a render's time
 * steps (see flame_temporal.h). Each piece of a job (prepared xforms,
 * xform-choice table, colour map with hit tables) is looked up among those
 * already built and made only when new, so a render without motion costs
 * one xform set and one table whatever its number of steps.
 *
 * The jobs are built in three phases, so that a render of a thousand
 * interpolated genomes (an animation frame) does not wait for one core:
 * (1) a block of steps at a time, in parallel: each step's genome (the
 * step callback's make), camera, palette hash and prepared xforms; (2) the
 * same block in step order, on one thread: the step callback's note, and
 * each piece shared or added exactly as a step-by-step build would (the
 * same comparisons in the same order, so the same pieces, indices, errors
 * and memory limit); (3) once every step is placed, the pools allocated
 * at their size and filled in parallel (the new xform sets copied, the
 * xform-choice tables and the colour maps with their hit tables made).
 * Every value is computed by the same code from the same inputs as one
 * thread would: the jobs are the same bytes on any number of threads.
 */
#include "flame/flame_temporal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_chaos.h"
#include "flame/flame_motion.h"
#include "flame/flame_xform_eval.h"

/* Steps of a render at most (passes x temporal samples). */
#define MAX_STEPS (1 << 24)
/* Memory of the pools at most. */
#define MAX_POOL_BYTES (1024.0 * 1024 * 1024)

double fr_flame_tfilter(int n, fr_flame_temporal_filter type, double exp, double width, double *deltas, double *filter)
{
    if (n == 1) {
        deltas[0] = 0;
        filter[0] = 1.0;
        return 1.0;
    }
    for (int i = 0; i < n; i++)
        deltas[i] = ((double)i / (double)(n - 1) - 0.5) * width;
    double maxfilt = 0.0, sumfilt = 0.0;
    if (type == FR_TFILTER_EXP) {
        for (int i = 0; i < n; i++) {
            double slpx = exp >= 0 ? ((double)i + 1.0) / n : (double)(n - i) / n;
            filter[i] = pow(slpx, fabs(exp));
            if (filter[i] > maxfilt) maxfilt = filter[i];
        }
    } else if (type == FR_TFILTER_GAUSSIAN) {
        const double halfsteps = n / 2.0;
        for (int i = 0; i < n; i++) {
            filter[i] = fr_flame_spatial_filter(FR_FILTER_GAUSSIAN, fr_flame_spatial_support(FR_FILTER_GAUSSIAN) *
                                                                        fabs(i - halfsteps) / halfsteps);
            if (filter[i] > maxfilt) maxfilt = filter[i];
        }
    } else {
        for (int i = 0; i < n; i++)
            filter[i] = 1.0;
        maxfilt = 1.0;
    }
    for (int i = 0; i < n; i++) {
        filter[i] /= maxfilt;
        sumfilt += filter[i];
    }
    return sumfilt / n;
}

/* ------------------------------------------------ a map of byte keys */

/* Keys of a fixed length to indices 0, 1, ... in insertion order (open
 * addressing, FNV-1a). */
typedef struct kmap {
    size_t klen, n, cap; /* cap: slots, a power of 2 */
    unsigned char *keys; /* n x klen */
    uint64_t *hash;      /* n: each key's hash */
    int *slot;           /* cap: key index or -1 */
} kmap;

static uint64_t khash(const unsigned char *k, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ k[i]) * 1099511628211ull;
    return h;
}

static void kmap_free(kmap *m)
{
    free(m->keys), free(m->hash), free(m->slot);
    memset(m, 0, sizeof *m);
}

/* Index of key k whose hash (khash) is hk, added when new (*added = 1);
 * -1 when out of memory. */
static int kmap_get_h(kmap *m, const void *k, uint64_t hk, int *added)
{
    *added = 0;
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 64;
        int *slot = malloc(cap * sizeof *slot);
        unsigned char *keys = realloc(m->keys, cap / 2 * m->klen);
        if (keys) m->keys = keys;
        uint64_t *hash = keys ? realloc(m->hash, cap / 2 * sizeof *hash) : NULL;
        if (hash) m->hash = hash;
        if (!slot || !keys || !hash) {
            free(slot);
            return -1;
        }
        for (size_t i = 0; i < cap; i++)
            slot[i] = -1;
        for (size_t i = 0; i < m->n; i++) {
            size_t h = m->hash[i] & (cap - 1);
            while (slot[h] >= 0)
                h = (h + 1) & (cap - 1);
            slot[h] = (int)i;
        }
        free(m->slot);
        m->slot = slot, m->cap = cap;
    }
    size_t h = hk & (m->cap - 1);
    while (m->slot[h] >= 0) {
        const int i = m->slot[h];
        if (m->hash[i] == hk && !memcmp(m->keys + (size_t)i * m->klen, k, m->klen)) return i;
        h = (h + 1) & (m->cap - 1);
    }
    memcpy(m->keys + m->n * m->klen, k, m->klen);
    m->hash[m->n] = hk;
    m->slot[h] = (int)m->n;
    *added = 1;
    return (int)m->n++;
}

static int kmap_get(kmap *m, const void *k, int *added)
{
    return kmap_get_h(m, k, khash(k, m->klen), added);
}

/* ------------------------------------------------------------- pools */

/* flam3_create_chaos_distrib: 16384 slots shared out by the weights. */
static fr_status fill_row(fr_context *ctx, const double *w, int n, uint16_t *row)
{
    double total = 0;
    for (int i = 0; i < n; i++) {
        if (!(w[i] >= 0)) return fr_fail(ctx, FR_ERR_INVALID, "xform %d has a negative weight", i);
        total += w[i];
    }
    if (!(total > 0)) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xform with a positive weight");
    const double dr = total / FR_FLAME_GRAIN;
    int j = 0;
    double t = w[0], r = 0;
    for (int i = 0; i < FR_FLAME_GRAIN; i++) {
        while (r >= t && j < n - 1)
            t += w[++j];
        row[i] = (uint16_t)j;
        r += dr;
    }
    return FR_OK;
}

/* flam3's vis_adjusted = opacity^log2(10) (adjust_percentage), clamped. */
static double visibility(double opacity)
{
    return opacity <= 0 ? 0.0 : opacity >= 1 ? 1.0 : pow(10.0, -log2(1.0 / opacity));
}

/* fill_row's refusals of weights w (each times scale[i] when scale is not
 * NULL, as the xaos rows are made): 1 when weight *bad is negative (or
 * NaN), 2 when they add up to no positive total, else 0. */
static int row_fault(const double *w, const double *scale, int n, int *bad)
{
    double total = 0;
    for (int i = 0; i < n; i++) {
        const double v = scale ? w[i] * scale[i] : w[i];
        if (!(v >= 0)) return *bad = i, 1;
        total += v;
    }
    return total > 0 ? 0 : 2;
}

/* ------------------------------------------------------------- steps */

/* A step's own work, made on any thread (the first phase): its genome,
 * camera, sample density and palette hash, and, when the step makes its
 * own xforms, them prepared with their colours, speeds, opacity weights,
 * choice weights and xaos. */
typedef struct stepw {
    const fr_flame_genome *g; /* the step's genome (steps only) */
    fr_flame_genome own;      /* its storage when made for the step */
    int owned;
    fr_status s; /* the step callback's failure (its message: the callback again, in order) */
    int oom;     /* no memory for the xforms */
    int unfit, unfit_why, unfit_n; /* xform unfit - 1 does not fit a prepared xform (fr_flame_xform_fits) */
    int motion;  /* the step's xforms move (steps only) */
    fr_flame_camera cam;
    double sd;
    uint64_t palhash;
    int has_x, nstd, nall, final, chaos;
    void *mem; /* one block for the arrays below, mem_bytes of room (kept from step to step) */
    size_t mem_bytes;
    fr_flame_xform *x; /* the step's xforms at its time, room for nx (kept from step to step) */
    int nx;
    fr_flame_xform_pre *pre;
    double *color, *speed, *vis, *w, *chaosm; /* nall, nall, nall, nall (nstd used), nstd^2 (chaos) */
    double final_opacity;
} stepw;

/* The step's xforms of genome g at time t (motion applied when `motion`);
 * 0 when out of memory. A genome refused by check_xforms makes none. */
static int step_xforms(stepw *w, const fr_flame_genome *g, double t, int motion)
{
    const int nstd = g->nxf, nall = nstd + (g->final ? 1 : 0);
    w->nstd = nstd, w->nall = nall, w->final = g->final != NULL;
    if (nstd < 1 || nstd > 65535) return 1;
    int chaos = 0;
    for (int i = 0; i < nstd; i++)
        for (int k = 0; g->xf[i].chaos && k < nstd; k++)
            chaos |= fabs(g->xf[i].chaos[k] - 1.0) > 1e-10;
    w->chaos = chaos;
    const size_t n = (size_t)nall, nc = chaos ? (size_t)nstd * nstd : 0;
    const size_t bytes = n * sizeof *w->pre + (4 * n + nc) * sizeof(double);
    if (w->nx < nall) {
        free(w->x);
        w->nx = (w->x = malloc(n * sizeof *w->x)) ? nall : 0;
    }
    if (w->mem_bytes < bytes) {
        free(w->mem);
        w->mem_bytes = (w->mem = malloc(bytes)) ? bytes : 0;
    }
    if (!w->nx || !w->mem_bytes) return 0;
    fr_flame_xform *x = w->x;
    w->pre = w->mem;
    w->color = (double *)(w->pre + n), w->speed = w->color + n, w->vis = w->speed + n, w->w = w->vis + n;
    w->chaosm = chaos ? w->w + n : NULL;
    const int flatten = fr_flame_genome_flattens(g);
    for (int i = 0; i < nall; i++) {
        const fr_flame_xform *xi = i < nstd ? &g->xf[i] : g->final;
        if (motion && xi->nmotion > 0)
            fr_flame_xform_at_time(xi, t, &x[i]);
        else
            x[i] = *xi;
        const fr_flame_xform *y = &x[i];
        int nv, np, why = fr_flame_xform_fits(y, &nv, &np);
        if (why && !w->unfit) w->unfit = i + 1, w->unfit_why = why, w->unfit_n = why == 1 ? nv : np;
        fr_flame_xform_precalc(y, &w->pre[i]);
        if (flatten) fr_flame_xform_flatten_legacy(y, &w->pre[i]); /* z as Ember reads the genome */
        w->color[i] = y->color, w->speed[i] = y->color_speed, w->vis[i] = visibility(y->opacity);
    }
    for (int i = 0; i < nstd; i++)
        w->w[i] = x[i].weight;
    for (int i = nstd; i < nall; i++)
        w->w[i] = 0;
    if (chaos)
        for (int i = 0; i < nstd; i++)
            for (int k = 0; k < nstd; k++)
                w->chaosm[(size_t)i * nstd + k] = g->xf[i].chaos ? g->xf[i].chaos[k] : 1.0;
    w->final_opacity = w->final ? x[nstd].opacity : 1.0;
    w->has_x = 1;
    return 1;
}

/* The first phase of step st at time t: the steps' genome (g without
 * steps), its camera and palette hash, and its xforms when it makes its
 * own (the first step, a step with motion, every step of a timeline).
 * jmotion: the render's motion (without steps). */
static void step_make(stepw *w, const fr_flame_steps *steps, const fr_flame_genome *g, const fr_flame_frame *f,
                      int st, double t, int motion_blur, int jmotion)
{
    const fr_flame_genome *gs = g;
    int motion = jmotion;
    if (steps) {
        w->s = steps->make(NULL, steps->user, st, t, &w->own, &gs);
        if (w->s) return;
        w->g = gs, w->owned = gs == &w->own;
        motion = w->motion = motion_blur && fr_flame_genome_has_motion(gs);
        fr_flame_frame_camera(gs, f, &w->cam, NULL, &w->sd);
        w->palhash = khash((const unsigned char *)gs->palette, sizeof gs->palette);
    }
    if ((st == 0 || motion || steps) && !step_xforms(w, gs, t, motion)) w->oom = 1;
}

/* The step's genome freed, its workspace kept for the next step. */
static void step_free(stepw *w)
{
    if (w->owned) fr_flame_genome_free(&w->own);
    void *mem = w->mem, *x = w->x;
    const size_t mem_bytes = w->mem_bytes;
    const int nx = w->nx;
    memset(w, 0, sizeof *w);
    w->mem = mem, w->mem_bytes = mem_bytes, w->x = x, w->nx = nx;
}

/* The same and its workspace. */
static void step_drop(stepw *w)
{
    step_free(w);
    free(w->mem), free(w->x);
    memset(w, 0, sizeof *w);
}

/* ------------------------------------------------------------- pools */

/* A colour map: its filter value, palette (a key of the builder's pals)
 * and opacity weights (one of its vis vectors). */
typedef struct colkey {
    double scale;
    int pal, vis;
} colkey;

/* The builder's state: the pieces placed so far (the pools' sizes; what
 * each new piece is made from), the maps. */
typedef struct builder {
    fr_flame_jobs *J;
    int cap_xs, cap_tab, cap_col, cap_job, cap_vis, cap_cam;
    /* per xform set: where it starts, its sizes, the final's opacity, its arrays */
    size_t *xs_off;
    int *xs_nstd, *xs_final;
    double *final_opacity;
    /* per table: where it starts, rows, the std weights and xaos it is made from */
    size_t *tab_off;
    int *tab_rows, *tab_n;
    double *tw;     /* tab_n[t] weights of table t at tw_off[t] */
    double *tchaos; /* tab_n^2 chaos values (rows > 1) at tc_off[t] */
    size_t *tw_off, *tc_off, tw_n, tc_n, tw_cap, tc_cap;
    /* per colour map: where its hit rows start (its colkey: the cols map's key) */
    size_t *hit_off;
    /* distinct vis vectors (linear search): n, offset into visv */
    int nvis;
    int *vis_n;
    size_t *vis_off, visv_n, visv_cap;
    double *visv;
    int *job_xs, *job_tab, *job_col, *job_cam, *job_lin;
    kmap cols, jobs, pals, cams;
    double bytes;
} builder;

static void builder_free(builder *b)
{
    free(b->xs_off), free(b->xs_nstd), free(b->xs_final), free(b->final_opacity);
    free(b->tab_off), free(b->tab_rows), free(b->tab_n), free(b->tw), free(b->tchaos), free(b->tw_off),
        free(b->tc_off);
    free(b->hit_off), free(b->vis_n), free(b->vis_off), free(b->visv);
    free(b->job_xs), free(b->job_tab), free(b->job_col), free(b->job_cam), free(b->job_lin);
    kmap_free(&b->cols), kmap_free(&b->jobs), kmap_free(&b->pals), kmap_free(&b->cams);
}

static fr_status too_big(fr_context *ctx, const builder *b)
{
    return fr_fail(ctx, FR_ERR_NOMEM,
                   "the %d temporal steps need more than %.0f MiB of xform and colour tables: lower temporal_samples "
                   "or passes",
                   b->J->steps, MAX_POOL_BYTES / (1 << 20));
}

static fr_status oom(fr_context *ctx) { return fr_fail(ctx, FR_ERR_NOMEM, "out of memory"); }

/* Room for n more elements of `size` bytes at *a (used, *cap room). */
static int grow_n(void **a, size_t used, size_t n, size_t *cap, size_t size)
{
    if (used + n <= *cap) return 1;
    size_t c = *cap ? 2 * *cap : 16;
    while (c < used + n) c *= 2;
    void *p = realloc(*a, c * size);
    if (!p) return 0;
    *a = p, *cap = c;
    return 1;
}

/* Room for one more entry in each of the per-index arrays ps[0 .. n-1]
 * (sizes sz[]), n used, *cap room. */
static int grow_each(void ***ps, const size_t *sz, int k, int n, int *cap)
{
    if (n < *cap) return 1;
    const int c = *cap ? 2 * *cap : 4;
    for (int i = 0; i < k; i++) {
        void *q = realloc(*ps[i], (size_t)c * sz[i]);
        if (!q) return 0;
        *ps[i] = q;
    }
    *cap = c;
    return 1;
}

/* The refusal of a step whose xform does not fit a prepared xform. */
static fr_status unfit(fr_context *ctx, const stepw *w)
{
    char name[32];
    if (w->unfit > w->nstd)
        snprintf(name, sizeof name, "the final xform");
    else
        snprintf(name, sizeof name, "xform %d", w->unfit - 1);
    if (w->unfit_why == 1)
        return fr_fail(ctx, FR_ERR_INVALID, "%s has %d variations: at most %d are supported", name, w->unfit_n,
                       FR_FLAME_XVAR);
    return fr_fail(ctx, FR_ERR_INVALID, "%s's variations have %d parameters: at most %d are supported", name,
                   w->unfit_n, FR_FLAME_XPARAM);
}

/* A genome whose xforms a step can take. */
static fr_status check_xforms(fr_context *ctx, const fr_flame_genome *g)
{
    if (g->nxf < 1) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xforms");
    if (g->nxf > 65535) return fr_fail(ctx, FR_ERR_INVALID, "too many xforms (%d)", g->nxf);
    return FR_OK;
}

/* Room in the xform pools for n more prepared xforms: each grown to the
 * same capacity (J->xf_cap), the xform pool starting from the one the
 * context kept from its last frame (fr_flame_jobs_release), so that a
 * frame of many time steps writes into pages already mapped. */
static int pool_room(builder *b, size_t n)
{
    fr_flame_jobs *J = b->J;
    if (J->nxf_all + n <= J->xf_cap) return 1;
    size_t c = J->xf_cap ? 2 * J->xf_cap : 16;
    while (c < J->nxf_all + n) c *= 2;
    void *x = realloc(J->xf, c * sizeof *J->xf);
    if (x) J->xf = x;
    double **d[3] = {&J->color, &J->speed, &J->vis};
    for (int i = 0; x && i < 3; i++) {
        double *q = realloc(*d[i], c * sizeof **d[i]);
        if (!q) return 0;
        *d[i] = q;
    }
    if (!x) return 0;
    J->xf_cap = c;
    return 1;
}

/* The step's xform set as set `*xs`: the last one when equal, else a new
 * one, copied into the pools. */
static fr_status xset(fr_context *ctx, builder *b, stepw *w, int *xs)
{
    fr_flame_jobs *J = b->J;
    const int nall = w->nall, has_final = w->final;
    const size_t np = (size_t)nall;
    if (J->nxs > 0) {
        const int l = J->nxs - 1;
        const size_t o = b->xs_off[l];
        if (b->xs_nstd[l] == w->nstd && b->xs_final[l] == has_final &&
            !memcmp(J->xf + o, w->pre, np * sizeof *w->pre) && !memcmp(J->color + o, w->color, np * sizeof(double)) &&
            !memcmp(J->speed + o, w->speed, np * sizeof(double)) && !memcmp(J->vis + o, w->vis, np * sizeof(double))) {
            *xs = l;
            return FR_OK;
        }
    }
    if ((b->bytes += np * (sizeof *w->pre + 3 * sizeof(double))) > MAX_POOL_BYTES) return too_big(ctx, b);
    void **q[4] = {(void **)&b->xs_off, (void **)&b->xs_nstd, (void **)&b->xs_final, (void **)&b->final_opacity};
    const size_t qs[4] = {sizeof(size_t), sizeof(int), sizeof(int), sizeof(double)};
    if (!grow_each(q, qs, 4, J->nxs, &b->cap_xs) || !pool_room(b, np)) return oom(ctx);
    const int k = J->nxs;
    const size_t o = J->nxf_all;
    b->xs_off[k] = o, b->xs_nstd[k] = w->nstd, b->xs_final[k] = has_final;
    b->final_opacity[k] = w->final_opacity;
    memcpy(J->xf + o, w->pre, np * sizeof *J->xf);
    memcpy(J->color + o, w->color, np * sizeof(double));
    memcpy(J->speed + o, w->speed, np * sizeof(double));
    memcpy(J->vis + o, w->vis, np * sizeof(double));
    J->nxf_all += np;
    if (nall > J->nall) J->nall = nall;
    if (w->nstd > J->nstd) J->nstd = w->nstd;
    *xs = J->nxs++;
    return FR_OK;
}

/* The xform-choice table of the step's weights and xaos: the last one when
 * they are equal, else a new one (a row per previous xform with xaos),
 * its weights checked as fill_row will take them. */
static fr_status xtable(fr_context *ctx, builder *b, const stepw *w, int *tab)
{
    fr_flame_jobs *J = b->J;
    const int nstd = w->nstd, rows = w->chaos ? nstd + 1 : 1;
    const size_t nc = w->chaos ? (size_t)nstd * nstd : 0;
    if (J->ntab > 0) {
        const int l = J->ntab - 1;
        if (b->tab_n[l] == nstd && b->tab_rows[l] == rows &&
            !memcmp(b->tw + b->tw_off[l], w->w, (size_t)nstd * sizeof(double)) &&
            (!nc || !memcmp(b->tchaos + b->tc_off[l], w->chaosm, nc * sizeof(double)))) {
            *tab = l;
            return FR_OK;
        }
    }
    const size_t tsz = (size_t)rows * FR_FLAME_GRAIN;
    if ((b->bytes += tsz * sizeof(uint16_t)) > MAX_POOL_BYTES) return too_big(ctx, b);
    void *tw = b->tw, *cm = b->tchaos;
    int okw = grow_n(&tw, b->tw_n, (size_t)nstd, &b->tw_cap, sizeof(double));
    b->tw = tw;
    int okc = grow_n(&cm, b->tc_n, nc ? nc : 1, &b->tc_cap, sizeof(double));
    b->tchaos = cm;
    if (!okw || !okc) return oom(ctx);
    void **q[5] = {(void **)&b->tab_off, (void **)&b->tab_rows, (void **)&b->tab_n, (void **)&b->tw_off,
                   (void **)&b->tc_off};
    const size_t qs[5] = {sizeof(size_t), sizeof(int), sizeof(int), sizeof(size_t), sizeof(size_t)};
    if (!grow_each(q, qs, 5, J->ntab, &b->cap_tab)) return oom(ctx);
    const int l = J->ntab;
    b->tab_off[l] = J->ntable_all, b->tab_rows[l] = rows, b->tab_n[l] = nstd;
    b->tw_off[l] = b->tw_n, b->tc_off[l] = b->tc_n;
    memcpy(b->tw + b->tw_n, w->w, (size_t)nstd * sizeof(double));
    if (nc) memcpy(b->tchaos + b->tc_n, w->chaosm, nc * sizeof(double));
    b->tw_n += (size_t)nstd, b->tc_n += nc;
    int bad = 0, fault = row_fault(w->w, NULL, nstd, &bad);
    if (fault == 1) return fr_fail(ctx, FR_ERR_INVALID, "xform %d has a negative weight", bad);
    if (fault) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xform with a positive weight");
    for (int r = 1; r < rows; r++)
        if (row_fault(w->w, w->chaosm + (size_t)(r - 1) * nstd, nstd, &bad))
            return fr_fail(ctx, FR_ERR_INVALID, "xaos leaves xform %d with nowhere to go (its chaos row is all 0)",
                           r - 1);
    J->ntable_all += tsz;
    if (rows > J->rows) J->rows = rows;
    *tab = J->ntab++;
    return FR_OK;
}

/* The index of vis vector v (n values) among those seen (added when new). */
static int vis_id(builder *b, const double *v, int n)
{
    for (int i = 0; i < b->nvis; i++)
        if (b->vis_n[i] == n && !memcmp(b->visv + b->vis_off[i], v, (size_t)n * sizeof(double))) return i;
    void *p = b->visv;
    if (!grow_n(&p, b->visv_n, (size_t)n, &b->visv_cap, sizeof(double))) return -1;
    b->visv = p;
    void **q[2] = {(void **)&b->vis_n, (void **)&b->vis_off};
    const size_t qs[2] = {sizeof(int), sizeof(size_t)};
    if (!grow_each(q, qs, 2, b->nvis, &b->cap_vis)) return -1;
    b->vis_n[b->nvis] = n, b->vis_off[b->nvis] = b->visv_n;
    memcpy(b->visv + b->visv_n, v, (size_t)n * sizeof(double));
    b->visv_n += (size_t)n;
    return b->nvis++;
}

/* The colour map and hit tables of filter value `scale` with the step's
 * palette (hash palhash) and opacity weights vis (nstd): an existing one
 * with the same values, else a new one (made in the third phase). */
static fr_status cmap(fr_context *ctx, builder *b, const double (*palette)[4], uint64_t palhash, const double *vis,
                      int nstd, double scale, int *col)
{
    fr_flame_jobs *J = b->J;
    int added, pal = kmap_get_h(&b->pals, palette, palhash, &added), v = vis_id(b, vis, nstd);
    if (pal < 0 || v < 0) return oom(ctx);
    colkey key;
    memset(&key, 0, sizeof key);
    key.scale = scale, key.pal = pal, key.vis = v;
    int k = kmap_get(&b->cols, &key, &added);
    if (k < 0) return oom(ctx);
    *col = k;
    if (!added) return FR_OK;
    const size_t hsz = (size_t)nstd * sizeof *J->hit;
    if ((b->bytes += 256 * sizeof *J->dmap + hsz) > MAX_POOL_BYTES) return too_big(ctx, b);
    if (!grow_each((void **[]){(void **)&b->hit_off}, (const size_t[]){sizeof(size_t)}, 1, J->ncol, &b->cap_col))
        return oom(ctx);
    b->hit_off[J->ncol] = J->nhit_all;
    J->nhit_all += (size_t)nstd;
    J->ncol++;
    return FR_OK;
}

/* The job of (xform set, table, colour map, camera, palette mode): an
 * existing one, else new. */
static fr_status job_of(fr_context *ctx, builder *b, int xs, int tab, int col, int cam, int lin, int *job)
{
    fr_flame_jobs *J = b->J;
    const int key[5] = {xs, tab, col, cam, lin};
    int added, k = kmap_get(&b->jobs, key, &added);
    if (k < 0) return oom(ctx);
    *job = k;
    if (!added) return FR_OK;
    void **q[5] = {(void **)&b->job_xs, (void **)&b->job_tab, (void **)&b->job_col, (void **)&b->job_cam,
                   (void **)&b->job_lin};
    const size_t qs[5] = {sizeof(int), sizeof(int), sizeof(int), sizeof(int), sizeof(int)};
    if (!grow_each(q, qs, 5, J->njobs, &b->cap_job)) return oom(ctx);
    b->job_xs[k] = xs, b->job_tab[k] = tab, b->job_col[k] = col, b->job_cam[k] = cam, b->job_lin[k] = lin;
    J->njobs++;
    return FR_OK;
}

/* The camera c of the step as camera `*cam`. */
static fr_status camera(fr_context *ctx, builder *b, const fr_flame_camera *c, int *cam)
{
    fr_flame_jobs *J = b->J;
    int added, k = kmap_get(&b->cams, c, &added);
    if (k < 0) return oom(ctx);
    *cam = k;
    if (!added) return FR_OK;
    if (!grow_each((void **[]){(void **)&J->cam}, (const size_t[]){sizeof *J->cam}, 1, J->ncam, &b->cap_cam))
        return oom(ctx);
    J->cam[J->ncam++] = *c;
    return FR_OK;
}

/* ------------------------------------------------ the third phase */

/* Table t made (its weights were checked); 0 when out of memory. */
static int fill_table(const builder *b, int t)
{
    fr_flame_jobs *J = b->J;
    const int n = b->tab_n[t], rows = b->tab_rows[t];
    const double *w = b->tw + b->tw_off[t];
    uint16_t *row = J->table + b->tab_off[t];
    fill_row(NULL, w, n, row);
    if (rows < 2) return 1;
    double *wr = malloc((size_t)n * sizeof *wr);
    if (!wr) return 0;
    for (int r = 1; r < rows; r++) {
        const double *c = b->tchaos + b->tc_off[t] + (size_t)(r - 1) * n;
        for (int i = 0; i < n; i++)
            wr[i] = w[i] * c[i];
        fill_row(NULL, wr, n, row + (size_t)r * FR_FLAME_GRAIN);
    }
    free(wr);
    return 1;
}

/* Colour map c and its hit tables made; *alpha_hit set when a hit's A add
 * differs from its count add, *alpha_lin when an alpha of the map is not
 * 255. */
static void fill_cmap(const builder *b, int c, int *alpha_hit, int *alpha_lin)
{
    fr_flame_jobs *J = b->J;
    colkey key;
    memcpy(&key, b->cols.keys + (size_t)c * b->cols.klen, sizeof key);
    const double(*palette)[4] = (const double(*)[4])(const void *)(b->pals.keys + (size_t)key.pal * b->pals.klen);
    const double *vis = b->visv + b->vis_off[key.vis];
    const int nstd = b->vis_n[key.vis];
    const double scale = key.scale;
    double(*dmap)[4] = J->dmap + (size_t)c * 256;
    uint32_t(*hit)[256][5] = J->hit + b->hit_off[c];
    /* rect.c: dmap = (palette x WHITE_LEVEL) x color_scalar */
    for (int e = 0; e < 256; e++)
        for (int k = 0; k < 4; k++)
            dmap[e][k] = palette[e][k] * 255.0 * scale;
    for (int e = 0; e < 256; e++)
        *alpha_lin |= dmap[e][3] != 255.0;
    for (int i = 0; i < nstd; i++) {
        const double v = vis[i];
        for (int e = 0; e < 256; e++) {
            for (int k = 0; k < 4; k++) {
                double a = v == 1.0 ? dmap[e][k] : v * dmap[e][k];
                hit[i][e][k] = a >= 1.0 ? (uint32_t)a : 0;
            }
            hit[i][e][FR_FB_CNT] = (uint32_t)(v == 1.0 ? 255.0 : v * 255.0);
            *alpha_hit |= hit[i][e][FR_FB_A] != hit[i][e][FR_FB_CNT];
        }
    }
}

/* The pools at their size, every new piece made into them in parallel. */
static fr_status fill_pools(fr_context *ctx, builder *b)
{
    fr_flame_jobs *J = b->J;
    if (!pool_room(b, 1)) return oom(ctx); /* (the xform pools were filled step by step) */
    J->table = malloc((J->ntable_all ? J->ntable_all : 1) * sizeof *J->table);
    J->dmap = malloc((J->ncol ? (size_t)J->ncol * 256 : 1) * sizeof *J->dmap);
    J->hit = malloc((J->nhit_all ? J->nhit_all : 1) * sizeof *J->hit);
    if (!J->table || !J->dmap || !J->hit) return oom(ctx);
    const int ntab = J->ntab, n = ntab + J->ncol;
    int alpha_hit = 0, alpha_lin = 0, failed = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(fr_threads(ctx)) if (n > 1) \
    reduction(| : alpha_hit, alpha_lin, failed)
    for (int k = 0; k < n; k++) {
        if (k < ntab)
            failed |= !fill_table(b, k);
        else
            fill_cmap(b, k - ntab, &alpha_hit, &alpha_lin);
    }
    if (failed) return oom(ctx);
    J->alpha_hit = alpha_hit, J->alpha_lin = alpha_lin;
    return FR_OK;
}

/* The groups of each pass: its steps' samples (the pass's samples shared
 * out, the first ones one more; or each step's own, from its sample
 * density), merged by job in order of appearance. */
static fr_status groups(fr_context *ctx, fr_flame_jobs *J, const int *step_job, const double *step_samples)
{
    const int nt = J->steps / J->passes;
    J->pass_group = malloc((size_t)(J->passes + 1) * sizeof *J->pass_group);
    J->group = malloc((size_t)J->steps * sizeof *J->group);
    int *where = malloc((size_t)J->njobs * sizeof *where); /* job -> its group in the pass, or -1 */
    if (!J->pass_group || !J->group || !where) {
        free(where);
        return oom(ctx);
    }
    const uint64_t q = J->per_pass / (uint64_t)nt, r = J->per_pass % (uint64_t)nt;
    uint64_t most = 0;
    int n = 0;
    for (int p = 0; p < J->passes; p++) {
        J->pass_group[p] = n;
        for (int i = 0; i < J->njobs; i++)
            where[i] = -1;
        uint64_t pass = 0;
        for (int i = 0; i < nt; i++) {
            const uint64_t samples =
                step_samples ? (uint64_t)step_samples[p * nt + i] : q + ((uint64_t)i < r ? 1 : 0);
            if (!samples) continue;
            pass += samples;
            const int job = step_job[p * nt + i];
            if (where[job] < 0) {
                where[job] = n;
                J->group[n++] = (fr_flame_group){job, 0};
            }
            J->group[where[job]].samples += samples;
        }
        most = pass > most ? pass : most;
    }
    if (step_samples) J->per_pass = most;
    J->pass_group[J->passes] = n;
    free(where);
    return FR_OK;
}

void fr_flame_jobs_free(fr_flame_jobs *J)
{
    free(J->job), free(J->pass_group), free(J->group);
    free(J->cam), free(J->job_cam), free(J->frames);
    free(J->xf), free(J->color), free(J->speed), free(J->vis);
    free(J->table), free(J->dmap), free(J->hit);
    memset(J, 0, sizeof *J);
}

void fr_flame_jobs_release(fr_context *ctx, fr_flame_jobs *J)
{
    if (ctx && J->xf && J->xf_cap > ctx->flame_pool_n) {
        free(ctx->flame_pool);
        ctx->flame_pool = J->xf, ctx->flame_pool_n = J->xf_cap;
        J->xf = NULL;
    }
    fr_flame_jobs_free(J);
}

double fr_flame_jobs_bytes(const fr_flame_jobs *J)
{
    return (double)J->nxf_all * (sizeof *J->xf + 3 * sizeof(double)) +
           (double)J->ntable_all * sizeof(uint16_t) +
           (double)J->ncol * 256 * sizeof *J->dmap + (double)J->nhit_all * sizeof *J->hit +
           (double)J->njobs * (sizeof *J->job + (J->cameras ? sizeof(fr_flame_frame) : 0));
}

void fr_flame_jobs_frames(fr_flame_jobs *J, const fr_flame_frame *f)
{
    for (int k = 0; k < J->njobs; k++) {
        if (!J->cameras) {
            J->job[k].frame = f;
            continue;
        }
        J->frames[k] = *f;
        fr_flame_camera_put(&J->frames[k], &J->cam[J->job_cam[k]]);
        J->job[k].frame = &J->frames[k];
    }
}

fr_status fr_flame_jobs_init(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, uint64_t seed,
                             int earlyclip, int motion_blur, fr_flame_jobs *J)
{
    return fr_flame_jobs_build(ctx, g, f, seed, earlyclip, motion_blur, g->time, NULL, J);
}

/* Steps whose first phase runs at once (their genomes and xforms held). */
#define STEP_BLOCK 32

/* The failure of step st's first phase, its message from the step
 * callback called again with the context. */
static fr_status step_failed(fr_context *ctx, const fr_flame_steps *steps, int st, double t, fr_status was)
{
    fr_flame_genome tmp;
    const fr_flame_genome *gs = NULL;
    memset(&tmp, 0, sizeof tmp);
    fr_status s = steps->make(ctx, steps->user, st, t, &tmp, &gs);
    if (!s) {
        if (gs == &tmp) fr_flame_genome_free(&tmp);
        s = fr_fail(ctx, was, "time step %d: its genome could not be made", st);
    }
    return s;
}

fr_status fr_flame_jobs_build(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, uint64_t seed,
                              int earlyclip, int motion_blur, double time, const fr_flame_steps *steps,
                              fr_flame_jobs *J)
{
    memset(J, 0, sizeof *J);
    if (g->nxf < 1) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xforms");
    if (f->passes < 1) return fr_fail(ctx, FR_ERR_INVALID, "passes must be at least 1, not %d", f->passes);
    /* flam3-render forces ntemporal_samples to 1 */
    const int nt = motion_blur ? g->temporal_samples : 1;
    if (nt < 1) return fr_fail(ctx, FR_ERR_INVALID, "temporal_samples must be at least 1, not %d", nt);
    if ((double)f->passes * nt > MAX_STEPS)
        return fr_fail(ctx, FR_ERR_INVALID, "passes x temporal_samples (%d x %d) is more than %d steps", f->passes, nt,
                       MAX_STEPS);
    J->passes = f->passes, J->steps = f->passes * nt;
    if (ctx && ctx->flame_pool) { /* the xform pool of the context's last frame */
        const size_t c = ctx->flame_pool_n;
        J->xf = ctx->flame_pool, ctx->flame_pool = NULL, ctx->flame_pool_n = 0;
        J->color = malloc(c * sizeof(double)), J->speed = malloc(c * sizeof(double));
        J->vis = malloc(c * sizeof(double));
        J->xf_cap = J->color && J->speed && J->vis ? c : 0;
    }
    J->per_pass = (uint64_t)(f->nsamples / f->passes);

    builder b;
    memset(&b, 0, sizeof b);
    b.J = J;
    b.cols.klen = sizeof(colkey);
    b.jobs.klen = 5 * sizeof(int);
    b.pals.klen = sizeof g->palette;
    b.cams.klen = sizeof(fr_flame_camera);
    const int block = J->steps < STEP_BLOCK ? J->steps : STEP_BLOCK;
    double *deltas = malloc((size_t)J->steps * sizeof *deltas), *filt = malloc((size_t)J->steps * sizeof *filt);
    double *samples = steps ? malloc((size_t)J->steps * sizeof *samples) : NULL;
    int *step_job = malloc((size_t)J->steps * sizeof *step_job);
    stepw *W = calloc((size_t)block, sizeof *W);
    fr_status s = FR_OK;
    int uneven = 0;
    if (!deltas || !filt || !step_job || !W || (steps && !samples)) {
        s = oom(ctx);
        goto done;
    }
    J->sumfilt = fr_flame_tfilter(J->steps, g->temporal_filter_type, g->temporal_filter_exp, g->temporal_filter_width,
                                  deltas, filt);
    fr_flame_camera own;
    fr_flame_camera_get(f, &own);
    int xs = 0, tab = 0, cam = 0, cur_nstd = 0;
    const double *cur_vis = NULL; /* the opacity weights of the last xforms made */
    uint64_t gpal = 0;
    if (!steps) {
        J->motion = motion_blur && fr_flame_genome_has_motion(g);
        if ((s = check_xforms(ctx, g)) || (s = camera(ctx, &b, &own, &cam))) goto done;
        gpal = khash((const unsigned char *)g->palette, sizeof g->palette);
    }
    const int threads = fr_threads(ctx);
    for (int s0 = 0; s0 < J->steps && !s; s0 += block) {
        const int n = J->steps - s0 < block ? J->steps - s0 : block, jmotion = J->motion;
        /* the first phase, in parallel */
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (n > 1)
        for (int i = 0; i < n; i++)
            step_make(&W[i], steps, g, f, s0 + i, time + deltas[s0 + i], motion_blur, jmotion);
        /* the second, in step order */
        for (int i = 0; i < n && !s; i++) {
            const int st = s0 + i;
            stepw *w = &W[i];
            int col = 0, job = 0, motion = J->motion;
            const fr_flame_genome *gs = g;
            if (steps) {
                if (w->s) {
                    s = step_failed(ctx, steps, st, time + deltas[st], w->s);
                    break;
                }
                gs = w->g;
                if (steps->note) steps->note(steps->user, st, gs);
                if ((s = check_xforms(ctx, gs))) break;
                motion = w->motion;
                J->motion |= motion;
                if ((s = camera(ctx, &b, &w->cam, &cam))) break;
                /* rect.c: batch_size = sample_density x size / numsteps, of the step's genome */
                samples[st] = w->sd * f->width * f->image_height / J->steps;
                uneven |= w->sd != f->sample_density;
            }
            /* without motion or interpolation, every step has the genome's xforms */
            if (st == 0 || motion || steps) {
                if (w->oom) {
                    s = oom(ctx);
                    break;
                }
                if (w->unfit) {
                    s = unfit(ctx, w);
                    break;
                }
                if ((s = xset(ctx, &b, w, &xs)) || (s = xtable(ctx, &b, w, &tab))) break;
                cur_vis = J->vis + b.xs_off[xs], cur_nstd = b.xs_nstd[xs];
            }
            if ((s = cmap(ctx, &b, (const double(*)[4])gs->palette, steps ? w->palhash : gpal, cur_vis, cur_nstd,
                          filt[st], &col)) ||
                (s = job_of(ctx, &b, xs, tab, col, cam, gs->palette_mode == FR_PALETTE_LINEAR, &job)))
                break;
            step_job[st] = job;
        }
        for (int i = 0; i < n; i++)
            step_free(&W[i]);
    }
    if (s || (s = groups(ctx, J, step_job, uneven ? samples : NULL)) || (s = fill_pools(ctx, &b))) goto done;
    J->cameras = J->ncam > 1 || !fr_flame_camera_equal(&J->cam[0], &own);
    J->job = calloc((size_t)J->njobs, sizeof *J->job);
    J->job_cam = malloc((size_t)J->njobs * sizeof *J->job_cam);
    J->frames = J->cameras ? malloc((size_t)J->njobs * sizeof *J->frames) : NULL;
    if (!J->job || !J->job_cam || (J->cameras && !J->frames)) {
        s = oom(ctx);
        goto done;
    }
    for (int k = 0; k < J->njobs; k++) {
        fr_flame_job *j = &J->job[k];
        const int x = b.job_xs[k], t = b.job_tab[k], c = b.job_col[k];
        const size_t xo = b.xs_off[x];
        j->nstd = b.xs_nstd[x], j->has_final = b.xs_final[x], j->chaos = b.tab_rows[t] > 1;
        j->fuse = earlyclip ? FR_FLAME_FUSE_EARLYCLIP : FR_FLAME_FUSE;
        j->linear_palette = b.job_lin[k];
        j->cmap_scale = fr_flame_cmap_scale(f->ember);
        j->seed = seed, j->frame = f;
        j->xf = J->xf + xo, j->color = J->color + xo, j->speed = J->speed + xo, j->vis = J->vis + xo;
        j->final_opacity = b.final_opacity[x];
        j->table = J->table + b.tab_off[t];
        j->dmap = (const double(*)[4])(J->dmap + (size_t)c * 256);
        j->hit = (const uint32_t(*)[256][5])(J->hit + b.hit_off[c]);
        J->job_cam[k] = b.job_cam[k];
    }
    fr_flame_jobs_frames(J, f);
done:
    if (W)
        for (int i = 0; i < block; i++)
            step_drop(&W[i]);
    free(W);
    free(deltas), free(filt), free(step_job), free(samples);
    builder_free(&b);
    if (s) fr_flame_jobs_free(J);
    return s;
}

uint64_t fr_flame_segments(const fr_flame_jobs *J, int pass, uint64_t len, fr_flame_segment *seg, int *nseg)
{
    uint64_t walkers = 0;
    int n = 0;
    for (int i = J->pass_group[pass]; i < J->pass_group[pass + 1]; i++) {
        const fr_flame_group *gr = &J->group[i];
        seg[n++] = (fr_flame_segment){walkers, gr->samples, (uint32_t)gr->job, (uint32_t)len};
        walkers += (gr->samples + len - 1) / len;
    }
    *nseg = n;
    return walkers;
}

uint32_t fr_flame_walker_len(const fr_flame_jobs *J, int pass)
{
    const int n = J->pass_group[pass + 1] - J->pass_group[pass];
    if (n < 2) return FR_FLAME_SUB_BATCH;
    uint64_t total = 0;
    for (int i = J->pass_group[pass]; i < J->pass_group[pass + 1]; i++)
        total += J->group[i].samples;
    const uint64_t l = total / (uint64_t)n / 128;
    return (uint32_t)(l < 256 ? 256 : l > FR_FLAME_SUB_BATCH ? FR_FLAME_SUB_BATCH : l);
}
