/*
 * flame_temporal.c - the temporal filter and the jobs of a render's time
 * steps (see flame_temporal.h). The jobs are built step by step; each
 * piece (prepared xforms, xform-choice table, colour map with hit tables)
 * is looked up among those already built and made only when new, so a
 * render without motion costs one xform set and one table whatever its
 * number of steps.
 */
#include "flame/flame_temporal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
    free(m->keys), free(m->slot);
    memset(m, 0, sizeof *m);
}

/* Index of key k, added when new (*added = 1); -1 when out of memory. */
static int kmap_get(kmap *m, const void *k, int *added)
{
    *added = 0;
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 64;
        int *slot = malloc(cap * sizeof *slot);
        unsigned char *keys = realloc(m->keys, cap / 2 * m->klen);
        if (!slot || !keys) {
            free(slot);
            if (keys) m->keys = keys;
            return -1;
        }
        m->keys = keys;
        for (size_t i = 0; i < cap; i++)
            slot[i] = -1;
        for (size_t i = 0; i < m->n; i++) {
            size_t h = khash(m->keys + i * m->klen, m->klen) & (cap - 1);
            while (slot[h] >= 0)
                h = (h + 1) & (cap - 1);
            slot[h] = (int)i;
        }
        free(m->slot);
        m->slot = slot, m->cap = cap;
    }
    size_t h = khash(k, m->klen) & (m->cap - 1);
    while (m->slot[h] >= 0) {
        if (!memcmp(m->keys + (size_t)m->slot[h] * m->klen, k, m->klen)) return m->slot[h];
        h = (h + 1) & (m->cap - 1);
    }
    memcpy(m->keys + m->n * m->klen, k, m->klen);
    m->slot[h] = (int)m->n;
    *added = 1;
    return (int)m->n++;
}

/* ------------------------------------------------------------- pools */

/* Room for one more element of `size` bytes in *a (n used, *cap room). */
static int grow(void **a, int n, int *cap, size_t size)
{
    if (n < *cap) return 1;
    int c = *cap ? 2 * *cap : 4;
    void *p = realloc(*a, (size_t)c * size);
    if (!p) return 0;
    *a = p, *cap = c;
    return 1;
}

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

/* The builder's state: pools with their capacities, the maps, scratch. */
typedef struct builder {
    fr_flame_jobs *J;
    const fr_flame_genome *g;
    int cap_xs, cap_tab, cap_col, cap_job;
    double *final_opacity; /* per xform set */
    double *tw;            /* per table: the std weights it was made from */
    int *job_xs, *job_tab, *job_col;
    kmap cols, jobs;
    /* scratch: the xforms at a step */
    fr_flame_xform *x;
    fr_flame_xform_pre *pre;
    double *color, *speed, *vis, *w, *ckey;
    double bytes;
} builder;

static void builder_free(builder *b)
{
    free(b->final_opacity), free(b->tw), free(b->job_xs), free(b->job_tab), free(b->job_col);
    kmap_free(&b->cols), kmap_free(&b->jobs);
    free(b->x), free(b->pre), free(b->color), free(b->speed), free(b->vis), free(b->w), free(b->ckey);
}

static fr_status too_big(fr_context *ctx, const builder *b)
{
    return fr_fail(ctx, FR_ERR_NOMEM,
                   "the %d temporal steps need more than %.0f MiB of xform and colour tables: lower temporal_samples "
                   "or passes",
                   b->J->steps, MAX_POOL_BYTES / (1 << 20));
}

/* The xforms at time t (motion applied when `motion`) into the scratch. */
static void xforms_at(builder *b, double t, int motion)
{
    const fr_flame_genome *g = b->g;
    const int nstd = b->J->nstd, nall = b->J->nall;
    for (int i = 0; i < nall; i++) {
        const fr_flame_xform *x = i < nstd ? &g->xf[i] : g->final;
        if (motion && x->nmotion > 0)
            fr_flame_xform_at_time(x, t, &b->x[i]);
        else
            b->x[i] = *x;
        const fr_flame_xform *y = &b->x[i];
        fr_flame_xform_precalc(y, &b->pre[i]);
        b->color[i] = y->color, b->speed[i] = y->color_speed, b->vis[i] = visibility(y->opacity);
    }
    for (int i = 0; i < nstd; i++)
        b->w[i] = b->x[i].weight;
}

/* The scratch xform set as set `*xs`: the last one when equal, else a new one. */
static fr_status xset(fr_context *ctx, builder *b, int *xs)
{
    fr_flame_jobs *J = b->J;
    const int nall = J->nall;
    const size_t np = (size_t)nall;
    if (J->nxs > 0) {
        const size_t o = (size_t)(J->nxs - 1) * np;
        if (!memcmp(J->xf + o, b->pre, np * sizeof *b->pre) && !memcmp(J->color + o, b->color, np * sizeof(double)) &&
            !memcmp(J->speed + o, b->speed, np * sizeof(double)) && !memcmp(J->vis + o, b->vis, np * sizeof(double))) {
            *xs = J->nxs - 1;
            return FR_OK;
        }
    }
    const size_t bytes = np * (sizeof *b->pre + 3 * sizeof(double));
    if ((b->bytes += bytes) > MAX_POOL_BYTES) return too_big(ctx, b);
    int cap = b->cap_xs;
    void *p[5] = {J->xf, J->color, J->speed, J->vis, b->final_opacity};
    if (J->nxs == cap) {
        const int c = cap ? 2 * cap : 4;
        const size_t sz[5] = {np * sizeof *b->pre, np * sizeof(double), np * sizeof(double), np * sizeof(double),
                              sizeof(double)};
        for (int k = 0; k < 5; k++) {
            void *q = realloc(p[k], (size_t)c * sz[k]);
            if (!q) {
                J->xf = p[0], J->color = p[1], J->speed = p[2], J->vis = p[3], b->final_opacity = p[4];
                return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
            }
            p[k] = q;
        }
        J->xf = p[0], J->color = p[1], J->speed = p[2], J->vis = p[3], b->final_opacity = p[4];
        b->cap_xs = c;
    }
    const size_t o = (size_t)J->nxs * np;
    memcpy(J->xf + o, b->pre, np * sizeof *b->pre);
    memcpy(J->color + o, b->color, np * sizeof(double));
    memcpy(J->speed + o, b->speed, np * sizeof(double));
    memcpy(J->vis + o, b->vis, np * sizeof(double));
    b->final_opacity[J->nxs] = b->g->final ? b->x[J->nstd].opacity : 1.0;
    *xs = J->nxs++;
    return FR_OK;
}

/* The xform-choice table of the scratch weights: the last one when they
 * are equal, else a new one (a row per previous xform with xaos). */
static fr_status xtable(fr_context *ctx, builder *b, int *tab)
{
    fr_flame_jobs *J = b->J;
    const int nstd = J->nstd, rows = J->rows;
    if (J->ntab > 0 && !memcmp(b->tw + (size_t)(J->ntab - 1) * nstd, b->w, (size_t)nstd * sizeof(double))) {
        *tab = J->ntab - 1;
        return FR_OK;
    }
    const size_t tsz = (size_t)rows * FR_FLAME_GRAIN;
    if ((b->bytes += tsz * sizeof(uint16_t)) > MAX_POOL_BYTES) return too_big(ctx, b);
    if (J->ntab == b->cap_tab) {
        int c = b->cap_tab;
        void *t = J->table, *w = b->tw;
        if (!grow(&t, J->ntab, &c, tsz * sizeof(uint16_t))) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        J->table = t;
        c = b->cap_tab;
        if (!grow(&w, J->ntab, &c, (size_t)nstd * sizeof(double))) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        b->tw = w;
        b->cap_tab = c;
    }
    uint16_t *row = J->table + (size_t)J->ntab * tsz;
    memcpy(b->tw + (size_t)J->ntab * nstd, b->w, (size_t)nstd * sizeof(double));
    fr_status s = fill_row(ctx, b->w, nstd, row);
    if (s) return s;
    double *w = malloc((size_t)nstd * sizeof *w);
    if (!w) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    for (int r = 1; r < rows; r++) {
        const fr_flame_xform *from = &b->g->xf[r - 1];
        for (int i = 0; i < nstd; i++)
            w[i] = b->w[i] * (from->chaos ? from->chaos[i] : 1.0);
        if (fill_row(ctx, w, nstd, row + (size_t)r * FR_FLAME_GRAIN)) {
            free(w);
            return fr_fail(ctx, FR_ERR_INVALID, "xaos leaves xform %d with nowhere to go (its chaos row is all 0)",
                           r - 1);
        }
    }
    free(w);
    *tab = J->ntab++;
    return FR_OK;
}

/* The colour map and hit tables of filter value `scale` with the scratch
 * opacities: an existing one with the same values, else a new one. */
static fr_status cmap(fr_context *ctx, builder *b, double scale, int *col)
{
    fr_flame_jobs *J = b->J;
    const int nstd = J->nstd;
    b->ckey[0] = scale;
    memcpy(b->ckey + 1, b->vis, (size_t)nstd * sizeof(double));
    int added, k = kmap_get(&b->cols, b->ckey, &added);
    if (k < 0) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    *col = k;
    if (!added) return FR_OK;
    const size_t hsz = (size_t)nstd * sizeof *J->hit;
    if ((b->bytes += 256 * sizeof *J->dmap + hsz) > MAX_POOL_BYTES) return too_big(ctx, b);
    if (J->ncol == b->cap_col) {
        int c = b->cap_col;
        void *d = J->dmap, *h = J->hit;
        if (!grow(&d, J->ncol, &c, 256 * sizeof *J->dmap)) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        J->dmap = d;
        c = b->cap_col;
        if (!grow(&h, J->ncol, &c, hsz)) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        J->hit = h;
        b->cap_col = c;
    }
    double(*dmap)[4] = J->dmap + (size_t)J->ncol * 256;
    uint32_t(*hit)[256][5] = J->hit + (size_t)J->ncol * nstd;
    /* rect.c: dmap = (palette x WHITE_LEVEL) x color_scalar */
    for (int e = 0; e < 256; e++)
        for (int c = 0; c < 4; c++)
            dmap[e][c] = b->g->palette[e][c] * 255.0 * scale;
    for (int i = 0; i < nstd; i++) {
        const double v = b->vis[i];
        for (int e = 0; e < 256; e++) {
            for (int c = 0; c < 4; c++) {
                double a = v == 1.0 ? dmap[e][c] : v * dmap[e][c];
                hit[i][e][c] = a >= 1.0 ? (uint32_t)a : 0;
            }
            hit[i][e][FR_FB_CNT] = (uint32_t)(v == 1.0 ? 255.0 : v * 255.0);
        }
    }
    J->ncol++;
    return FR_OK;
}

/* The job of (xform set, table, colour map): an existing one, else new. */
static fr_status job_of(fr_context *ctx, builder *b, int xs, int tab, int col, int *job)
{
    fr_flame_jobs *J = b->J;
    const int key[3] = {xs, tab, col};
    int added, k = kmap_get(&b->jobs, key, &added);
    if (k < 0) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    *job = k;
    if (!added) return FR_OK;
    int c = b->cap_job;
    void *p[3] = {b->job_xs, b->job_tab, b->job_col};
    for (int i = 0; i < 3; i++) {
        c = b->cap_job;
        if (!grow(&p[i], J->njobs, &c, sizeof(int))) {
            b->job_xs = p[0], b->job_tab = p[1], b->job_col = p[2];
            return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        }
    }
    b->job_xs = p[0], b->job_tab = p[1], b->job_col = p[2];
    b->cap_job = c;
    b->job_xs[k] = xs, b->job_tab[k] = tab, b->job_col[k] = col;
    J->njobs++;
    return FR_OK;
}

/* The groups of each pass: its steps' samples (the pass's samples shared
 * out, the first ones one more), merged by job in order of appearance. */
static fr_status groups(fr_context *ctx, fr_flame_jobs *J, const int *step_job)
{
    const int nt = J->steps / J->passes;
    J->pass_group = malloc((size_t)(J->passes + 1) * sizeof *J->pass_group);
    J->group = malloc((size_t)J->steps * sizeof *J->group);
    int *where = malloc((size_t)J->njobs * sizeof *where); /* job -> its group in the pass, or -1 */
    if (!J->pass_group || !J->group || !where) {
        free(where);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    const uint64_t q = J->per_pass / (uint64_t)nt, r = J->per_pass % (uint64_t)nt;
    int n = 0;
    for (int p = 0; p < J->passes; p++) {
        J->pass_group[p] = n;
        for (int i = 0; i < J->njobs; i++)
            where[i] = -1;
        for (int i = 0; i < nt; i++) {
            const uint64_t samples = q + ((uint64_t)i < r ? 1 : 0);
            if (!samples) continue;
            const int job = step_job[p * nt + i];
            if (where[job] < 0) {
                where[job] = n;
                J->group[n++] = (fr_flame_group){job, 0};
            }
            J->group[where[job]].samples += samples;
        }
    }
    J->pass_group[J->passes] = n;
    free(where);
    return FR_OK;
}

void fr_flame_jobs_free(fr_flame_jobs *J)
{
    free(J->job), free(J->pass_group), free(J->group);
    free(J->xf), free(J->color), free(J->speed), free(J->vis);
    free(J->table), free(J->dmap), free(J->hit);
    memset(J, 0, sizeof *J);
}

double fr_flame_jobs_bytes(const fr_flame_jobs *J)
{
    return (double)J->nxs * J->nall * (sizeof *J->xf + 3 * sizeof(double)) +
           (double)J->ntab * J->rows * FR_FLAME_GRAIN * sizeof(uint16_t) +
           (double)J->ncol * (256 * sizeof *J->dmap + (size_t)J->nstd * sizeof *J->hit) +
           (double)J->njobs * sizeof *J->job;
}

fr_status fr_flame_jobs_init(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, uint64_t seed,
                             int earlyclip, int motion_blur, fr_flame_jobs *J)
{
    memset(J, 0, sizeof *J);
    const int nstd = g->nxf, nall = nstd + (g->final ? 1 : 0);
    if (nstd < 1) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xforms");
    if (nstd > 65535) return fr_fail(ctx, FR_ERR_INVALID, "too many xforms (%d)", nstd);
    if (f->passes < 1) return fr_fail(ctx, FR_ERR_INVALID, "passes must be at least 1, not %d", f->passes);
    int chaos = 0;
    for (int i = 0; i < nstd; i++)
        for (int k = 0; g->xf[i].chaos && k < nstd; k++)
            chaos |= fabs(g->xf[i].chaos[k] - 1.0) > 1e-10;
    /* flam3-render forces ntemporal_samples to 1 */
    const int nt = motion_blur ? g->temporal_samples : 1;
    if (nt < 1) return fr_fail(ctx, FR_ERR_INVALID, "temporal_samples must be at least 1, not %d", nt);
    if ((double)f->passes * nt > MAX_STEPS)
        return fr_fail(ctx, FR_ERR_INVALID, "passes x temporal_samples (%d x %d) is more than %d steps", f->passes, nt,
                       MAX_STEPS);
    J->nstd = nstd, J->nall = nall, J->rows = chaos ? nstd + 1 : 1;
    J->passes = f->passes, J->steps = f->passes * nt;
    J->per_pass = (uint64_t)(f->nsamples / f->passes);
    J->motion = motion_blur && fr_flame_genome_has_motion(g);

    builder b;
    memset(&b, 0, sizeof b);
    b.J = J, b.g = g;
    b.cols.klen = (size_t)(1 + nstd) * sizeof(double);
    b.jobs.klen = 3 * sizeof(int);
    b.x = malloc((size_t)nall * sizeof *b.x);
    b.pre = malloc((size_t)nall * sizeof *b.pre);
    b.color = malloc((size_t)nall * sizeof(double));
    b.speed = malloc((size_t)nall * sizeof(double));
    b.vis = malloc((size_t)nall * sizeof(double));
    b.w = malloc((size_t)nstd * sizeof(double));
    b.ckey = malloc(b.cols.klen);
    double *deltas = malloc((size_t)J->steps * sizeof *deltas), *filt = malloc((size_t)J->steps * sizeof *filt);
    int *step_job = malloc((size_t)J->steps * sizeof *step_job);
    fr_status s = FR_OK;
    if (!b.x || !b.pre || !b.color || !b.speed || !b.vis || !b.w || !b.ckey || !deltas || !filt || !step_job) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto done;
    }
    J->sumfilt = fr_flame_tfilter(J->steps, g->temporal_filter_type, g->temporal_filter_exp, g->temporal_filter_width,
                                  deltas, filt);
    int xs = 0, tab = 0;
    for (int st = 0; st < J->steps && !s; st++) {
        int col = 0, job = 0;
        /* without motion, every step has the genome's xforms */
        if (st == 0 || J->motion) {
            xforms_at(&b, g->time + deltas[st], J->motion);
            if ((s = xset(ctx, &b, &xs)) || (s = xtable(ctx, &b, &tab))) break;
        }
        if ((s = cmap(ctx, &b, filt[st], &col)) || (s = job_of(ctx, &b, xs, tab, col, &job))) break;
        step_job[st] = job;
    }
    if (s || (s = groups(ctx, J, step_job))) goto done;
    if (!(J->job = calloc((size_t)J->njobs, sizeof *J->job))) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (int k = 0; k < J->njobs; k++) {
        fr_flame_job *j = &J->job[k];
        const size_t xo = (size_t)b.job_xs[k] * nall;
        j->nstd = nstd, j->has_final = g->final != NULL, j->chaos = chaos;
        j->fuse = earlyclip ? FR_FLAME_FUSE_EARLYCLIP : FR_FLAME_FUSE;
        j->linear_palette = g->palette_mode == FR_PALETTE_LINEAR;
        j->seed = seed, j->frame = f;
        j->xf = J->xf + xo, j->color = J->color + xo, j->speed = J->speed + xo, j->vis = J->vis + xo;
        j->final_opacity = b.final_opacity[b.job_xs[k]];
        j->table = J->table + (size_t)b.job_tab[k] * J->rows * FR_FLAME_GRAIN;
        j->dmap = (const double(*)[4])(J->dmap + (size_t)b.job_col[k] * 256);
        j->hit = (const uint32_t(*)[256][5])(J->hit + (size_t)b.job_col[k] * nstd);
    }
done:
    free(deltas), free(filt), free(step_job);
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
        seg[n++] = (fr_flame_segment){walkers, gr->samples, (uint32_t)gr->job, 0};
        walkers += (gr->samples + len - 1) / len;
    }
    *nseg = n;
    return walkers;
}
