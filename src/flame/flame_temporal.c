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
    const fr_flame_genome *g; /* the step's genome */
    size_t cap_xf, cap_table, cap_hit, cap_dmap;
    int cap_xs, cap_tab, cap_col, cap_job, cap_vis, cap_cam;
    /* per xform set: where it starts, its sizes, the final's opacity */
    size_t *xs_off;
    int *xs_nstd, *xs_final;
    double *final_opacity;
    /* per table: where it starts, rows, the std weights and xaos it was made from */
    size_t *tab_off;
    int *tab_rows, *tab_n;
    double *tw;    /* tab_n[t] weights of table t at tw_off[t] */
    double *tchaos; /* tab_n^2 chaos values (rows > 1) at tc_off[t] */
    size_t *tw_off, *tc_off, tw_n, tc_n, tw_cap, tc_cap;
    /* per colour map: where its hit rows start */
    size_t *hit_off;
    /* distinct vis vectors (linear search): n, offset into visv */
    int nvis;
    int *vis_n;
    size_t *vis_off, visv_n, visv_cap;
    double *visv;
    int *job_xs, *job_tab, *job_col, *job_cam, *job_lin;
    kmap cols, jobs, pals, cams;
    /* scratch: the xforms at a step */
    int nstd, nall, cap_scratch, chaos;
    fr_flame_xform *x;
    fr_flame_xform_pre *pre;
    double *color, *speed, *vis, *w, *chaosm;
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
    free(b->x), free(b->pre), free(b->color), free(b->speed), free(b->vis), free(b->w), free(b->chaosm);
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

/* The scratch sized for the step genome's xforms. */
static fr_status scratch(fr_context *ctx, builder *b, const fr_flame_genome *g)
{
    const int nstd = g->nxf, nall = nstd + (g->final ? 1 : 0);
    if (nstd < 1) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xforms");
    if (nstd > 65535) return fr_fail(ctx, FR_ERR_INVALID, "too many xforms (%d)", nstd);
    b->g = g, b->nstd = nstd, b->nall = nall;
    if (nall > b->cap_scratch) {
        const size_t n = (size_t)nall;
        void *p[7] = {b->x, b->pre, b->color, b->speed, b->vis, b->w, b->chaosm};
        const size_t sz[7] = {n * sizeof *b->x, n * sizeof *b->pre, n * sizeof(double), n * sizeof(double),
                              n * sizeof(double), n * sizeof(double), n * n * sizeof(double)};
        for (int i = 0; i < 7; i++) {
            void *q = realloc(p[i], sz[i] ? sz[i] : 1);
            if (!q) {
                b->x = p[0], b->pre = p[1], b->color = p[2], b->speed = p[3], b->vis = p[4], b->w = p[5],
                b->chaosm = p[6];
                return oom(ctx);
            }
            p[i] = q;
        }
        b->x = p[0], b->pre = p[1], b->color = p[2], b->speed = p[3], b->vis = p[4], b->w = p[5], b->chaosm = p[6];
        b->cap_scratch = nall;
    }
    int chaos = 0;
    for (int i = 0; i < nstd; i++)
        for (int k = 0; g->xf[i].chaos && k < nstd; k++)
            chaos |= fabs(g->xf[i].chaos[k] - 1.0) > 1e-10;
    b->chaos = chaos;
    if (chaos)
        for (int i = 0; i < nstd; i++)
            for (int k = 0; k < nstd; k++)
                b->chaosm[(size_t)i * nstd + k] = g->xf[i].chaos ? g->xf[i].chaos[k] : 1.0;
    return FR_OK;
}

/* The xforms at time t (motion applied when `motion`) into the scratch. */
static void xforms_at(builder *b, double t, int motion)
{
    const fr_flame_genome *g = b->g;
    const int nstd = b->nstd, nall = b->nall;
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
    const int nall = b->nall, has_final = b->g->final != NULL;
    const size_t np = (size_t)nall;
    if (J->nxs > 0) {
        const int l = J->nxs - 1;
        const size_t o = b->xs_off[l];
        if (b->xs_nstd[l] == b->nstd && b->xs_final[l] == has_final &&
            !memcmp(J->xf + o, b->pre, np * sizeof *b->pre) && !memcmp(J->color + o, b->color, np * sizeof(double)) &&
            !memcmp(J->speed + o, b->speed, np * sizeof(double)) && !memcmp(J->vis + o, b->vis, np * sizeof(double))) {
            *xs = l;
            return FR_OK;
        }
    }
    if ((b->bytes += np * (sizeof *b->pre + 3 * sizeof(double))) > MAX_POOL_BYTES) return too_big(ctx, b);
    size_t c = b->cap_xf;
    void *p[4] = {J->xf, J->color, J->speed, J->vis};
    const size_t sz[4] = {sizeof *b->pre, sizeof(double), sizeof(double), sizeof(double)};
    for (int k = 0; k < 4; k++) {
        c = b->cap_xf;
        if (!grow_n(&p[k], J->nxf_all, np, &c, sz[k])) {
            J->xf = p[0], J->color = p[1], J->speed = p[2], J->vis = p[3];
            return oom(ctx);
        }
    }
    J->xf = p[0], J->color = p[1], J->speed = p[2], J->vis = p[3];
    b->cap_xf = c;
    void **q[4] = {(void **)&b->xs_off, (void **)&b->xs_nstd, (void **)&b->xs_final, (void **)&b->final_opacity};
    const size_t qs[4] = {sizeof(size_t), sizeof(int), sizeof(int), sizeof(double)};
    if (!grow_each(q, qs, 4, J->nxs, &b->cap_xs)) return oom(ctx);
    const size_t o = J->nxf_all;
    memcpy(J->xf + o, b->pre, np * sizeof *b->pre);
    memcpy(J->color + o, b->color, np * sizeof(double));
    memcpy(J->speed + o, b->speed, np * sizeof(double));
    memcpy(J->vis + o, b->vis, np * sizeof(double));
    b->xs_off[J->nxs] = o, b->xs_nstd[J->nxs] = b->nstd, b->xs_final[J->nxs] = has_final;
    b->final_opacity[J->nxs] = has_final ? b->x[b->nstd].opacity : 1.0;
    J->nxf_all += np;
    if (nall > J->nall) J->nall = nall;
    if (b->nstd > J->nstd) J->nstd = b->nstd;
    *xs = J->nxs++;
    return FR_OK;
}

/* The xform-choice table of the scratch weights and xaos: the last one when
 * they are equal, else a new one (a row per previous xform with xaos). */
static fr_status xtable(fr_context *ctx, builder *b, int *tab)
{
    fr_flame_jobs *J = b->J;
    const int nstd = b->nstd, rows = b->chaos ? nstd + 1 : 1;
    const size_t nc = b->chaos ? (size_t)nstd * nstd : 0;
    if (J->ntab > 0) {
        const int l = J->ntab - 1;
        if (b->tab_n[l] == nstd && b->tab_rows[l] == rows &&
            !memcmp(b->tw + b->tw_off[l], b->w, (size_t)nstd * sizeof(double)) &&
            (!nc || !memcmp(b->tchaos + b->tc_off[l], b->chaosm, nc * sizeof(double)))) {
            *tab = l;
            return FR_OK;
        }
    }
    const size_t tsz = (size_t)rows * FR_FLAME_GRAIN;
    if ((b->bytes += tsz * sizeof(uint16_t)) > MAX_POOL_BYTES) return too_big(ctx, b);
    void *t = J->table, *w = b->tw, *cm = b->tchaos;
    int okt = grow_n(&t, J->ntable_all, tsz, &b->cap_table, sizeof(uint16_t));
    J->table = t;
    int okw = grow_n(&w, b->tw_n, (size_t)nstd, &b->tw_cap, sizeof(double));
    b->tw = w;
    int okc = grow_n(&cm, b->tc_n, nc ? nc : 1, &b->tc_cap, sizeof(double));
    b->tchaos = cm;
    if (!okt || !okw || !okc) return oom(ctx);
    void **q[5] = {(void **)&b->tab_off, (void **)&b->tab_rows, (void **)&b->tab_n, (void **)&b->tw_off,
                   (void **)&b->tc_off};
    const size_t qs[5] = {sizeof(size_t), sizeof(int), sizeof(int), sizeof(size_t), sizeof(size_t)};
    if (!grow_each(q, qs, 5, J->ntab, &b->cap_tab)) return oom(ctx);
    uint16_t *row = J->table + J->ntable_all;
    const int l = J->ntab;
    b->tab_off[l] = J->ntable_all, b->tab_rows[l] = rows, b->tab_n[l] = nstd;
    b->tw_off[l] = b->tw_n, b->tc_off[l] = b->tc_n;
    memcpy(b->tw + b->tw_n, b->w, (size_t)nstd * sizeof(double));
    if (nc) memcpy(b->tchaos + b->tc_n, b->chaosm, nc * sizeof(double));
    b->tw_n += (size_t)nstd, b->tc_n += nc;
    fr_status s = fill_row(ctx, b->w, nstd, row);
    if (s) return s;
    double *wr = malloc((size_t)nstd * sizeof *wr);
    if (!wr) return oom(ctx);
    for (int r = 1; r < rows; r++) {
        const fr_flame_xform *from = &b->g->xf[r - 1];
        for (int i = 0; i < nstd; i++)
            wr[i] = b->w[i] * (from->chaos ? from->chaos[i] : 1.0);
        if (fill_row(ctx, wr, nstd, row + (size_t)r * FR_FLAME_GRAIN)) {
            free(wr);
            return fr_fail(ctx, FR_ERR_INVALID, "xaos leaves xform %d with nowhere to go (its chaos row is all 0)",
                           r - 1);
        }
    }
    free(wr);
    J->ntable_all += tsz;
    if (rows > J->rows) J->rows = rows;
    *tab = J->ntab++;
    return FR_OK;
}

/* The index of the scratch's vis vector among those seen (added when new). */
static int vis_id(builder *b)
{
    const int n = b->nstd;
    for (int i = 0; i < b->nvis; i++)
        if (b->vis_n[i] == n && !memcmp(b->visv + b->vis_off[i], b->vis, (size_t)n * sizeof(double))) return i;
    void *v = b->visv;
    if (!grow_n(&v, b->visv_n, (size_t)n, &b->visv_cap, sizeof(double))) return -1;
    b->visv = v;
    void **q[2] = {(void **)&b->vis_n, (void **)&b->vis_off};
    const size_t qs[2] = {sizeof(int), sizeof(size_t)};
    if (!grow_each(q, qs, 2, b->nvis, &b->cap_vis)) return -1;
    b->vis_n[b->nvis] = n, b->vis_off[b->nvis] = b->visv_n;
    memcpy(b->visv + b->visv_n, b->vis, (size_t)n * sizeof(double));
    b->visv_n += (size_t)n;
    return b->nvis++;
}

/* The colour map and hit tables of filter value `scale` with the step's
 * palette and the scratch opacities: an existing one with the same values,
 * else a new one. */
static fr_status cmap(fr_context *ctx, builder *b, double scale, int *col)
{
    fr_flame_jobs *J = b->J;
    const int nstd = b->nstd;
    int added, pal = kmap_get(&b->pals, b->g->palette, &added), vis = vis_id(b);
    if (pal < 0 || vis < 0) return oom(ctx);
    struct {
        double scale;
        int pal, vis;
    } key;
    memset(&key, 0, sizeof key);
    key.scale = scale, key.pal = pal, key.vis = vis;
    int k = kmap_get(&b->cols, &key, &added);
    if (k < 0) return oom(ctx);
    *col = k;
    if (!added) return FR_OK;
    const size_t hsz = (size_t)nstd * sizeof *J->hit;
    if ((b->bytes += 256 * sizeof *J->dmap + hsz) > MAX_POOL_BYTES) return too_big(ctx, b);
    void *d = J->dmap, *h = J->hit;
    int okd = grow_n(&d, (size_t)J->ncol * 256, 256, &b->cap_dmap, sizeof *J->dmap);
    J->dmap = d;
    int okh = grow_n(&h, J->nhit_all, (size_t)nstd, &b->cap_hit, sizeof *J->hit);
    J->hit = h;
    if (!okd || !okh || !grow_each((void **[]){(void **)&b->hit_off}, (const size_t[]){sizeof(size_t)}, 1, J->ncol,
                                   &b->cap_col))
        return oom(ctx);
    double(*dmap)[4] = J->dmap + (size_t)J->ncol * 256;
    uint32_t(*hit)[256][5] = J->hit + J->nhit_all;
    b->hit_off[J->ncol] = J->nhit_all;
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

/* The camera of the step as camera `*cam`. */
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
    return fr_flame_jobs_build(ctx, g, f, seed, earlyclip, motion_blur, g->time, NULL, NULL, J);
}

fr_status fr_flame_jobs_build(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, uint64_t seed,
                              int earlyclip, int motion_blur, double time, fr_flame_step_fn step, void *user,
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
    J->per_pass = (uint64_t)(f->nsamples / f->passes);

    builder b;
    memset(&b, 0, sizeof b);
    b.J = J;
    b.cols.klen = sizeof(struct {
        double scale;
        int pal, vis;
    });
    b.jobs.klen = 5 * sizeof(int);
    b.pals.klen = sizeof g->palette;
    b.cams.klen = sizeof(fr_flame_camera);
    double *deltas = malloc((size_t)J->steps * sizeof *deltas), *filt = malloc((size_t)J->steps * sizeof *filt);
    double *samples = step ? malloc((size_t)J->steps * sizeof *samples) : NULL;
    int *step_job = malloc((size_t)J->steps * sizeof *step_job);
    fr_status s = FR_OK;
    int uneven = 0;
    if (!deltas || !filt || !step_job || (step && !samples)) {
        s = oom(ctx);
        goto done;
    }
    J->sumfilt = fr_flame_tfilter(J->steps, g->temporal_filter_type, g->temporal_filter_exp, g->temporal_filter_width,
                                  deltas, filt);
    fr_flame_camera own;
    fr_flame_camera_get(f, &own);
    int xs = 0, tab = 0, cam = 0;
    if (!step) {
        J->motion = motion_blur && fr_flame_genome_has_motion(g);
        if ((s = scratch(ctx, &b, g)) || (s = camera(ctx, &b, &own, &cam))) goto done;
    }
    for (int st = 0; st < J->steps && !s; st++) {
        int col = 0, job = 0, motion = J->motion;
        const double t = time + deltas[st];
        if (step) {
            const fr_flame_genome *gs = NULL;
            if ((s = step(ctx, user, st, t, &gs)) || (s = scratch(ctx, &b, gs))) break;
            motion = motion_blur && fr_flame_genome_has_motion(gs);
            J->motion |= motion;
            fr_flame_camera c;
            double sd;
            fr_flame_frame_camera(gs, f, &c, NULL, &sd);
            if ((s = camera(ctx, &b, &c, &cam))) break;
            /* rect.c: batch_size = sample_density x size / numsteps, of the step's genome */
            samples[st] = sd * f->width * f->image_height / J->steps;
            uneven |= sd != f->sample_density;
        }
        /* without motion or interpolation, every step has the genome's xforms */
        if (st == 0 || motion || step) {
            xforms_at(&b, t, motion);
            if ((s = xset(ctx, &b, &xs)) || (s = xtable(ctx, &b, &tab))) break;
        }
        if ((s = cmap(ctx, &b, filt[st], &col)) ||
            (s = job_of(ctx, &b, xs, tab, col, cam, b.g->palette_mode == FR_PALETTE_LINEAR, &job)))
            break;
        step_job[st] = job;
    }
    if (s || (s = groups(ctx, J, step_job, uneven ? samples : NULL))) goto done;
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
        seg[n++] = (fr_flame_segment){walkers, gr->samples, (uint32_t)gr->job, 0};
        walkers += (gr->samples + len - 1) / len;
    }
    *nseg = n;
    return walkers;
}
