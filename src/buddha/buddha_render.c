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
    /* a shared render: this process's range of the samples; the histogram
     * it was given (a resumed one) is kept by process 0 alone */
    uint64_t lo = 0, hi = p->samples;
    if (fr_shared(ctx)) {
        if (!p->samples || p->time_limit > 0 || p->hits_per_pixel > 0)
            return fr_fail(ctx, FR_ERR_INVALID,
                           "orbit density over %d processes needs a sample count (samples), not a time limit or "
                           "hits target: each process draws its own range of the samples",
                           ctx->share_count);
        lo = (uint64_t)((unsigned __int128)p->samples * (unsigned)ctx->share_index / (unsigned)ctx->share_count);
        hi = (uint64_t)((unsigned __int128)p->samples * (unsigned)(ctx->share_index + 1) / (unsigned)ctx->share_count);
        if (ctx->share_index)
            memset(hist->counts, 0, (size_t)p->width * p->height * p->channels * sizeof *hist->counts);
    }
    const uint64_t own = hi - lo;
    fr_buddha_job job;
    fr_buddha_job_init(&job, p);
    double *cdf = NULL;
    uint32_t *weight = NULL;
    const double t0 = fr_now(); /* the time limit counts the pilot pass too */
    if (job.sampling == FR_BS_IMPORTANCE &&
        (s = fr_buddha_importance_map(ctx, &job, p->time_limit > 0 ? t0 + p->time_limit : 0, &cdf, &weight)))
        return s;
    st->weight_scale = weight_scale(&job);

    const fr_buddha_ops *b = FR_BACKEND_OPS(ctx, buddha);
    void *state = NULL;
    if ((s = b->begin(ctx, &job, &state))) goto out;

    const double pixels = (double)p->width * p->height;
    double hits_target = p->hits_per_pixel > 0 ? p->hits_per_pixel * pixels : 0;
    if (!p->samples && !p->time_limit && !hits_target) hits_target = DEFAULT_HITS * pixels;
    const double t_sampling = fr_now();
    uint64_t batch = 1u << 12, done = 0;
    fr_buddha_counters c = {0, 0, 0};
    for (;;) {
        uint64_t n = batch;
        if (p->samples && n > own - done) n = own - done;
        if (n == 0) break;
        double tb = fr_now();
        if ((s = b->run(state, hist->samples + lo + done, n, &c))) break;
        done += n;
        double now = fr_now(), dt = now - tb, el = now - t0;
        /* Next batch: about BATCH_SECONDS of work, growing at most 4x. */
        if (dt < BATCH_SECONDS / 4) batch = batch * 4;
        else if (dt > 0) batch = (uint64_t)((double)batch * BATCH_SECONDS / dt) + 1;
        if (p->time_limit && el + dt * 0.5 >= p->time_limit) st->stopped = 1;
        if (hits_target && (double)c.hits >= hits_target) st->stopped = 1;
        if (hits_target && c.hits == 0 && done >= (1u << 24)) {
            s = fr_fail(ctx, FR_ERR_INVALID,
                        "no orbit lands in the view after %llu samples: check the view, region and bands",
                        (unsigned long long)done);
            break;
        }
        double frac = 0;
        if (p->samples) frac = own ? (double)done / (double)own : 1.0;
        if (p->time_limit) frac = fmax(frac, el / p->time_limit);
        if (hits_target) frac = fmax(frac, (double)c.hits / hits_target);
        if (ctx->progress && ctx->progress(fmin(frac, 1.0), ctx->progress_user)) st->stopped = 1;
        if (st->stopped) break;
    }
    st->seconds = fr_now() - t_sampling;
    fr_status se = b->end(state, s ? NULL : hist->counts);
    if (!s) s = se;
    if (!s && fr_shared(ctx) && st->stopped && done < own)
        /* the shares' prefixes make no one sample count: a stopped shared render keeps nothing */
        s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled: a render shared between processes keeps nothing partial");
    if (!s && fr_shared(ctx)) {
        /* every process's counts and counters into every process's */
        uint64_t cn[3] = {c.orbits, c.iterations, c.hits};
        s = fr_share_combine(ctx, hist->counts, (size_t)p->width * p->height * p->channels, FR_COMBINE_SUM_U64,
                             "histograms");
        if (!s) s = fr_share_combine(ctx, cn, 3, FR_COMBINE_SUM_U64, "counters");
        c.orbits = cn[0], c.iterations = cn[1], c.hits = cn[2];
        done = p->samples;
    }
    if (!s) {
        hist->samples += done;
        st->samples = done;
        st->orbits = c.orbits, st->iterations = c.iterations, st->hits = c.hits;
        if (p->samples && done == p->samples) st->stopped = 0;
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
    double *cdf = NULL;
    uint32_t *weight = NULL;
    if (job.sampling == FR_BS_IMPORTANCE && (s = fr_buddha_importance_map(ctx, &job, 0, &cdf, &weight))) return s;
    const fr_buddha_ops *b = FR_BACKEND_OPS(ctx, buddha);
    void *state = NULL;
    double *t = calloc((size_t)repeats, sizeof *t);
    if (!t) s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    if (!s) s = b->begin(ctx, &job, &state);
    for (int k = -1; !s && k < repeats; k++) {
        fr_buddha_counters c = {0, 0, 0};
        double sec;
        if (b->bench) s = b->bench(state, p->samples, &sec, &c);
        else {
            double t0 = fr_now();
            s = b->run(state, 0, p->samples, &c);
            sec = fr_now() - t0;
        }
        if (s || k < 0) continue; /* the first run warms up */
        t[k] = sec;
        r->orbits = c.orbits, r->iterations = c.iterations, r->hits = c.hits;
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
        r->samples = p->samples;
    }
    free(t);
    free(cdf);
    free(weight);
    return s;
}
