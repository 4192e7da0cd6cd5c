/* Orbit-density rendering: the sampling loop over batches (sample count,
 * time limit, hits target, cancel), the importance pilot pass and map, the
 * histogram's statistics, and the benchmark. */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "buddha/buddha.h"
#include "buddha/buddha_ops.h"
#include "core/context.h"

/* Hits per pixel drawn when no stopping rule is given. */
#define DEFAULT_HITS 1000.0
/* Pilot samples per importance cell, and a chunk of the pilot between
 * checks of the time limit and a cancel. */
#define PILOT_PER_CELL 16
#define PILOT_CHUNK ((int64_t)1 << 18)
/* Importance weights: a cell with the pilot's mean density gets weight K;
 * every cell keeps at least ALPHA of the uniform density. */
#define IMPORTANCE_K 64.0
#define IMPORTANCE_ALPHA 0.2
/* Batches aim at this many seconds (progress and stop granularity). */
#define BATCH_SECONDS 0.25

fr_status fr_buddha_hist_alloc(fr_context *ctx, fr_buddha_hist *h, int width, int height, int channels)
{
    memset(h, 0, sizeof *h);
    if (width < 1 || height < 1 || channels < 1 || channels > FR_BUDDHA_MAX_CHANNELS)
        return fr_fail(ctx, FR_ERR_INVALID, "histogram shape %dx%dx%d is invalid", channels, height, width);
    h->counts = calloc((size_t)width * height * channels, sizeof *h->counts);
    if (!h->counts)
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d histogram of %d channel(s)", width, height,
                       channels);
    h->width = width, h->height = height, h->channels = channels;
    return FR_OK;
}

void fr_buddha_hist_free(fr_buddha_hist *h)
{
    if (!h) return;
    free(h->counts);
    memset(h, 0, sizeof *h);
}

/* ------------------------------------------------------------ importance */

/* In-view points of the orbit of c (all channels), for the pilot. */
static uint64_t pilot_score(const fr_buddha_job *j, double cr, double ci)
{
    uint64_t hits = 0, steps = 0;
    for (int m = 0; m <= j->paired; m++) {
        double y = m ? -ci : ci;
        if (j->f32) {
            float fx = (float)cr, fy = (float)y;
            if (j->interior_test && fr_in_cardioid_or_bulb(fx, fy)) continue;
            fr_orbit o = fr_orbit_f(j, fx, fy);
            hits += fr_buddha_plot_f(j, fx, fy, o, 1, FR_PLOT_SINGLE, 0, NULL, 0, &steps);
        } else {
            if (j->interior_test && fr_in_cardioid_or_bulb(cr, y)) continue;
            fr_orbit o = fr_orbit_d(j, cr, y);
            hits += fr_buddha_plot_d(j, cr, y, o, 1, FR_PLOT_SINGLE, 0, NULL, 0, &steps);
        }
    }
    return hits;
}

fr_status fr_buddha_importance_map(fr_context *ctx, fr_buddha_job *j, double deadline, double **cdf_out,
                                   uint32_t **w_out)
{
    const uint64_t cells = j->cells;
    uint64_t *score = calloc(cells, sizeof *score);
    double *cdf = malloc(cells * sizeof *cdf);
    uint32_t *w = malloc(cells * sizeof *w);
    if (!score || !cdf || !w) {
        free(score), free(cdf), free(w);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for an importance map of %llu cells",
                       (unsigned long long)cells);
    }
    /* Pilot: stratified samples of its own random stream; the score of a
     * cell is the in-view points of its orbits. Integer sums: the map does
     * not depend on the thread count. */
    fr_buddha_job pilot = *j;
    pilot.sampling = FR_BS_STRATIFIED;
    pilot.stream = FR_BUDDHA_PILOT_STREAM;
    /* In chunks, between which a cancel or the deadline stops it: the map
     * is all or nothing (a partial one would make the histogram depend on
     * the time it had). */
    const int64_t n = (int64_t)(cells * PILOT_PER_CELL);
    const double t0 = fr_now();
    for (int64_t first = 0; first < n; first += PILOT_CHUNK) {
        const int64_t end = n - first < PILOT_CHUNK ? n : first + PILOT_CHUNK;
#pragma omp parallel for schedule(dynamic, 4096) num_threads(fr_threads(ctx))
        for (int64_t i = first; i < end; i++) {
            double cr, ci;
            fr_buddha_sample(&pilot, (uint64_t)i, &cr, &ci);
            uint64_t s = pilot_score(&pilot, cr, ci);
            /* Pilot plotting needs no histogram: score only counts points. */
            if (s) __atomic_fetch_add(&score[(uint64_t)i % cells], s, __ATOMIC_RELAXED);
        }
        const int cancel = ctx && ctx->progress && ctx->progress(0, ctx->progress_user);
        if (end < n && (cancel || (deadline > 0 && fr_now() >= deadline))) {
            free(score), free(cdf), free(w);
            return fr_fail(ctx, FR_ERR_CANCELLED,
                           "%s during the importance pilot pass (%lld of %lld orbits in %.1f s): nothing was "
                           "sampled; a coarser grid makes the pilot shorter",
                           cancel ? "cancelled" : "the time limit ran out", (long long)end, (long long)n,
                           fr_now() - t0);
        }
    }
    double total = 0;
    for (uint64_t k = 0; k < cells; k++) total += (double)score[k];
    const double mean = total > 0 ? total / (double)cells : 1;
    double inv_sum = 0;
    for (uint64_t k = 0; k < cells; k++) {
        double q = IMPORTANCE_ALPHA + (1 - IMPORTANCE_ALPHA) * (double)score[k] / mean;
        double wk = floor(IMPORTANCE_K / q + 0.5);
        w[k] = wk < 1 ? 1 : (uint32_t)wk;
        inv_sum += 1.0 / w[k];
    }
    /* p(cell) = (1 / w) / sum(1 / w): weight x probability is the same for
     * every cell, so the expected histogram is the uniform one's, scaled. */
    double acc = 0;
    for (uint64_t k = 0; k < cells; k++) {
        acc += 1.0 / w[k];
        cdf[k] = acc / inv_sum;
    }
    cdf[cells - 1] = 1.0;
    free(score);
    *cdf_out = cdf, *w_out = w;
    j->cdf = cdf, j->weight = w;
    return FR_OK;
}

static double weight_scale(const fr_buddha_job *j)
{
    if (j->sampling != FR_BS_IMPORTANCE) return 1;
    double inv_sum = 0;
    for (uint64_t k = 0; k < j->cells; k++) inv_sum += 1.0 / j->weight[k];
    return (double)j->cells / inv_sum;
}

/* ------------------------------------------------------------------ render */

/* The counters travel between processes as an array. */
_Static_assert(sizeof(fr_buddha_counters) == FR_BUDDHA_COUNTERS * sizeof(uint64_t), "fr_buddha_counters layout");

/* Metropolis: a histogram of whole chains, and room for the chains to
 * draw (every state adds at most K + Cmax: *room, the chains that cannot
 * carry a count past 2^64 - 1; a sample count past it is refused). */
static fr_status metropolis_check(fr_context *ctx, const fr_buddha_job *j, const fr_buddha_hist *h, uint64_t units,
                                  uint64_t *room)
{
    if (j->sampling != FR_BS_METROPOLIS) return FR_OK;
    if (h->samples % j->chain_len)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "the histogram holds %llu samples, not whole metropolis chains of %u steps (chain-length): "
                       "resume it with the chain-length it was rendered with",
                       (unsigned long long)h->samples, (unsigned)j->chain_len);
    const size_t n = (size_t)h->width * h->height * h->channels;
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) total = h->counts[i] > UINT64_MAX - total ? UINT64_MAX : total + h->counts[i];
    *room = fr_buddha_mh_room(j, total);
    if (units > *room)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "metropolis: %llu chains could carry a count past 2^64 - 1 (each state adds up to %llu); "
                       "at most %llu more chains fit this histogram",
                       (unsigned long long)units, (unsigned long long)(j->mh_k + j->mh_cmax),
                       (unsigned long long)*room);
    return FR_OK;
}

static void metropolis_stats(const fr_buddha_job *j, const fr_buddha_counters *c, uint64_t samples,
                             fr_buddha_stats *st)
{
    st->weight_scale = fr_buddha_mh_scale(j, c, samples);
    /* proposals: the steps of the chains that started */
    const double proposals = (double)c->states / (double)(j->chain_len - j->burn_in) * (double)j->chain_len;
    st->acceptance = proposals > 0 ? (double)c->accepted / proposals : 0;
}

static void hist_stats(const fr_buddha_hist *h, fr_buddha_stats *st)
{
    const size_t n = (size_t)h->width * h->height * h->channels;
    uint64_t total = 0, mx = 0, mn = n ? UINT64_MAX : 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = h->counts[i];
        total += v;
        mx = v > mx ? v : mx;
        mn = v < mn ? v : mn;
    }
    st->total = total, st->max = mx, st->min = mn;
}

/* The bands of a render: p->bands, or as many as the backend needs to
 * hold the histogram (band_rows); rows a band (the last may have fewer). */
static fr_status plan_bands(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_ops *b,
                            const fr_buddha_job *job, int *nb, int *rows)
{
    uint64_t n = p->bands;
    if (!n) {
        const uint64_t fit = b->band_rows ? b->band_rows(ctx, job) : UINT64_MAX;
        if (!fit)
            return fr_fail(ctx, FR_ERR_NOMEM,
                           "bands: not even one row of the %dx%d histogram (%d channel(s)) fits the device's memory",
                           p->width, p->height, p->channels);
        n = fit >= (uint64_t)p->height ? 1 : ((uint64_t)p->height + fit - 1) / fit;
    }
    if (n > (uint64_t)p->height) n = (uint64_t)p->height;
    *rows = (int)(((uint64_t)p->height + n - 1) / n);
    *nb = (p->height + *rows - 1) / *rows;
    return FR_OK;
}

/* One render's sampling, band after band: what band 0 drew (units from
 * first + lo) and its counters, which every later band repeats. */
typedef struct sampling_run {
    fr_context *ctx;
    const fr_buddha_params *p;
    const fr_buddha_ops *b;
    uint64_t unit, own, room, lo, first;
    double t0;
    int band, nb;
    uint64_t done;       /* units band 0 drew */
    fr_buddha_counters c; /* band 0's */
} sampling_run;

/* Sample one band of the histogram `counts` (the whole image when the job
 * has no band): begin, the batches, end. Band 0 stops by p's rules (a
 * count, a time limit, a hits target, a cancel); later bands draw band 0's
 * units, and a cancel there is an error (the bands would disagree). */
static fr_status sample_band(sampling_run *r, const fr_buddha_job *job, uint64_t *counts, fr_buddha_stats *st)
{
    fr_context *ctx = r->ctx;
    const fr_buddha_params *p = r->p;
    const fr_buddha_ops *b = r->b;
    const uint64_t unit = r->unit;
    const int first_band = r->band == 0;
    void *state = NULL;
    fr_status s = b->begin(ctx, job, &state);
    if (s) return s;
    const double pixels = (double)p->width * p->height;
    double hits_target = p->hits_per_pixel > 0 ? p->hits_per_pixel * pixels : 0;
    if (!p->samples && !p->time_limit && !hits_target) hits_target = DEFAULT_HITS * pixels;
    const uint64_t own = first_band ? r->own : r->done, room = first_band ? r->room : UINT64_MAX;
    uint64_t batch = unit < (1u << 12) ? (1u << 12) / unit : 1, done = 0;
    /* metropolis: at least as many chains as run at once (a chain's steps
     * run one after another, so a batch's time does not fall below one
     * chain's) */
    const uint64_t min_batch = unit > 1 && b->lanes ? b->lanes(state) : 1;
    if (batch < min_batch) batch = min_batch;
    fr_buddha_counters c = {0, 0, 0};
    int stopped = 0;
    for (;;) {
        uint64_t n = batch;
        if ((p->samples || !first_band) && n > own - done) n = own - done;
        if (n > room - done) n = room - done, stopped = 1; /* metropolis: counts would pass 2^64 - 1 */
        if (n == 0) break;
        double tb = fr_now();
        if ((s = b->run(state, r->first + r->lo + done, n, &c))) break;
        done += n;
        double now = fr_now(), dt = now - tb, el = now - r->t0;
        /* Next batch: about BATCH_SECONDS of work, growing at most 4x. */
        if (dt < BATCH_SECONDS / 4) batch = batch * 4;
        else if (dt > 0) batch = (uint64_t)((double)batch * BATCH_SECONDS / dt) + 1;
        if (batch < min_batch) batch = min_batch;
        double frac = 0;
        if (first_band) {
            if (p->time_limit && el + dt * 0.5 >= p->time_limit) stopped = 1;
            if (hits_target && (double)c.hits >= hits_target) stopped = 1;
            if (hits_target && c.hits == 0 && done * unit >= (1u << 24)) {
                s = fr_fail(ctx, FR_ERR_INVALID,
                            "no orbit lands in the view after %llu samples: check the view, region and bands",
                            (unsigned long long)(done * unit));
                break;
            }
            if (p->samples) frac = own ? (double)done / (double)own : 1.0;
            if (p->time_limit) frac = fmax(frac, el / p->time_limit);
            if (hits_target) frac = fmax(frac, (double)c.hits / hits_target);
        } else {
            frac = own ? (double)done / (double)own : 1.0;
        }
        frac = (r->band + fmin(frac, 1.0)) / r->nb;
        if (ctx->progress && ctx->progress(fmin(frac, 1.0), ctx->progress_user)) {
            if (!first_band) {
                s = fr_fail(ctx, FR_ERR_CANCELLED,
                            "cancelled in band %d of %d: the bands of a render draw the same samples, so a "
                            "cancel after the first keeps nothing (the histogram is left incomplete)",
                            r->band + 1, r->nb);
                break;
            }
            stopped = 1;
        }
        if (stopped) break;
    }
    fr_status se = b->end(state, s ? NULL : counts);
    if (!s) s = se;
    if (!s && first_band) {
        r->done = done, r->c = c;
        st->stopped = stopped;
    }
    return s;
}

fr_status fr_buddha_render(fr_context *ctx, const fr_buddha_params *p, fr_buddha_hist *hist, fr_buddha_stats *stats)
{
    fr_buddha_stats st_local, *st = stats ? stats : &st_local;
    memset(st, 0, sizeof *st);
    fr_status s = fr_buddha_params_validate(ctx, p);
    if (s) return s;
    if (!hist || !hist->counts || hist->width != p->width || hist->height != p->height ||
        hist->channels != p->channels)
        return fr_fail(ctx, FR_ERR_INVALID, "the histogram is not %dx%d with %d channel(s)", p->width, p->height,
                       p->channels);
    fr_buddha_job job;
    fr_buddha_job_init(&job, p);
    /* The backends' ranges are in units: samples, or whole metropolis
     * chains (p->samples rounded up to them). */
    const uint64_t unit = fr_buddha_unit(&job), units = p->samples / unit + (p->samples % unit != 0);
    uint64_t room = UINT64_MAX;
    if ((s = metropolis_check(ctx, &job, hist, units, &room))) return s;
    /* a shared render: this process's range of the samples; the histogram
     * it was given (a resumed one) is kept by process 0 alone */
    uint64_t lo = 0, hi = units;
    if (fr_shared(ctx)) {
        if (!p->samples || p->time_limit > 0 || p->hits_per_pixel > 0)
            return fr_fail(ctx, FR_ERR_INVALID,
                           "orbit density over %d processes needs a sample count (samples), not a time limit or "
                           "hits target: each process draws its own range of the samples",
                           ctx->share_count);
        lo = (uint64_t)((unsigned __int128)units * (unsigned)ctx->share_index / (unsigned)ctx->share_count);
        hi = (uint64_t)((unsigned __int128)units * (unsigned)(ctx->share_index + 1) / (unsigned)ctx->share_count);
        if (ctx->share_index)
            memset(hist->counts, 0, (size_t)p->width * p->height * p->channels * sizeof *hist->counts);
    }
    const uint64_t own = hi - lo;
    double *cdf = NULL;
    uint32_t *weight = NULL;
    const double t0 = fr_now(); /* the time limit counts the pilot pass too */
    if (job.sampling == FR_BS_IMPORTANCE &&
        (s = fr_buddha_importance_map(ctx, &job, p->time_limit > 0 ? t0 + p->time_limit : 0, &cdf, &weight)))
        return s;
    st->weight_scale = weight_scale(&job);

    const fr_buddha_ops *b = FR_BACKEND_OPS(ctx, buddha);
    int nb = 1, band_rows = p->height;
    if ((s = plan_bands(ctx, p, b, &job, &nb, &band_rows))) goto out;
    st->bands = nb;
    sampling_run run = {ctx, p, b, unit, own, room, lo, hist->samples / unit, t0, 0, nb, 0, {0}};
    const double t_sampling = fr_now();
    /* Band 0 draws with the stopping rules and fixes the samples; every
     * later band draws exactly those (the same keys: the same orbits, the
     * same counters), adding only into its rows. */
    for (int k = 0; k < nb && !s && (k == 0 || run.done); k++) {
        fr_buddha_job bj = job;
        if (nb > 1) {
            const int r0 = k * band_rows, r1 = r0 + band_rows < p->height ? r0 + band_rows : p->height;
            bj.band_lo = (int64_t)r0 * p->width, bj.band_n = (uint64_t)(r1 - r0) * (uint64_t)p->width;
        }
        run.band = k;
        s = sample_band(&run, &bj, hist->counts, st);
    }
    st->seconds = fr_now() - t_sampling;
    uint64_t done = run.done;
    fr_buddha_counters c = run.c;
    if (!s && fr_shared(ctx) && st->stopped && done < own)
        /* the shares' prefixes make no one sample count: a stopped shared render keeps nothing */
        s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled: a render shared between processes keeps nothing partial");
    if (!s && fr_shared(ctx)) {
        /* every process's counts and counters into every process's */
        uint64_t cn[FR_BUDDHA_COUNTERS];
        memcpy(cn, &c, sizeof cn);
        s = fr_share_combine(ctx, hist->counts, (size_t)p->width * p->height * p->channels, FR_COMBINE_SUM_U64,
                             "histograms");
        if (!s) s = fr_share_combine(ctx, cn, FR_BUDDHA_COUNTERS, FR_COMBINE_SUM_U64, "counters");
        memcpy(&c, cn, sizeof cn);
        done = units;
    }
    if (!s && job.sampling == FR_BS_METROPOLIS && done && !c.states)
        s = fr_fail(ctx, FR_ERR_INVALID,
                    "metropolis: none of the %llu chains found a start: no orbit of %d uniform draws a chain lands "
                    "in the view; check the view, region and bands",
                    (unsigned long long)done, FR_BUDDHA_MH_START_TRIES);
    if (!s) {
        hist->samples += done * unit;
        st->samples = done * unit;
        st->orbits = c.orbits, st->iterations = c.iterations, st->hits = c.hits;
        if (p->samples && done == units) st->stopped = 0;
        if (job.sampling == FR_BS_METROPOLIS) metropolis_stats(&job, &c, done * unit, st);
        hist_stats(hist, st);
    }
out:
    free(cdf);
    free(weight);
    return s;
}

fr_status fr_buddha_bench(fr_context *ctx, const fr_buddha_params *p, int repeats, fr_buddha_bench_result *r)
{
    memset(r, 0, sizeof *r);
    fr_status s = fr_buddha_params_validate(ctx, p);
    if (s) return s;
    if (!p->samples || repeats < 1) return fr_fail(ctx, FR_ERR_INVALID, "a benchmark needs samples > 0 and repeats >= 1");
    fr_buddha_job job;
    fr_buddha_job_init(&job, p);
    /* samples, or metropolis chains (rounded up) */
    const uint64_t units = (p->samples + fr_buddha_unit(&job) - 1) / fr_buddha_unit(&job);
    double *cdf = NULL;
    uint32_t *weight = NULL;
    if (job.sampling == FR_BS_IMPORTANCE && (s = fr_buddha_importance_map(ctx, &job, 0, &cdf, &weight))) return s;
    const fr_buddha_ops *b = FR_BACKEND_OPS(ctx, buddha);
    void *state = NULL;
    double *t = calloc((size_t)repeats, sizeof *t);
    int nb = 1, rows = p->height;
    if (!t) s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    if (!s) s = plan_bands(ctx, p, b, &job, &nb, &rows);
    /* one band: the working histogram stays between runs; several: each
     * run renders every band (begin and end untimed) */
    if (!s && nb == 1) s = b->begin(ctx, &job, &state);
    for (int k = -1; !s && k < repeats; k++) {
        double total = 0;
        for (int band = 0; !s && band < nb; band++) {
            fr_buddha_job bj = job;
            if (nb > 1) {
                const int r0 = band * rows, r1 = r0 + rows < p->height ? r0 + rows : p->height;
                bj.band_lo = (int64_t)r0 * p->width, bj.band_n = (uint64_t)(r1 - r0) * (uint64_t)p->width;
                if ((s = b->begin(ctx, &bj, &state))) break;
            }
            fr_buddha_counters c = {0, 0, 0};
            double sec;
            if (b->bench) s = b->bench(state, units, &sec, &c);
            else {
                double t0 = fr_now();
                s = b->run(state, 0, units, &c);
                sec = fr_now() - t0;
            }
            if (nb > 1) {
                fr_status se = b->end(state, NULL);
                state = NULL;
                if (!s) s = se;
            }
            total += sec;
            if (band == 0) r->orbits = c.orbits, r->iterations = c.iterations, r->hits = c.hits;
        }
        if (s || k < 0) continue; /* the first run warms up */
        t[k] = total;
    }
    if (state) {
        fr_status se = b->end(state, NULL);
        if (!s) s = se;
    }
    if (!s) {
        for (int a = 1; a < repeats; a++)
            for (int k = a; k > 0 && t[k] < t[k - 1]; k--) {
                double x = t[k];
                t[k] = t[k - 1], t[k - 1] = x;
            }
        r->seconds = t[repeats / 2], r->seconds_min = t[0], r->seconds_max = t[repeats - 1];
        r->samples = units * fr_buddha_unit(&job);
        r->bands = nb;
    }
    free(t);
    free(cdf);
    free(weight);
    return s;
}
