/* The CPU backend's orbit-density kernel: OpenMP over chunks of samples
 * (metropolis: over chains, one chain at a time, buddha_metropolis.c);
 * in each chunk the orbits run in AVX2 lanes with per-lane regeneration
 * (buddha_avx2.c) or one at a time (the scalar kernel), are classified
 * once and plotted with their mirror (folded into half the rows when the
 * view is symmetric). Each thread adds into its own 64-bit histogram with
 * plain adds when memory allows (summed at the end), else into one shared
 * histogram with atomic adds. Integer adds commute, so the result does
 * not depend on the kernel, the thread count or the schedule. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "buddha/buddha_ops.h"
#include "core/context.h"
#include "cpu/cpu_backend.h"
#include "cpu/cpu_buddha.h"

/* Memory the per-thread histograms may take beyond the first. */
#define PRIVATE_MAX (4.0 * 1024 * 1024 * 1024)

typedef struct cpu_buddha {
    fr_context *ctx;
    const fr_buddha_job *job;
    int mode;           /* FR_PLOT_* */
    int simd;           /* AVX2 lanes */
    int threads;
    size_t plane;       /* counters a channel */
    size_t size;        /* counters a histogram */
    uint64_t *work;     /* threads histograms of `size` (private), or one (shared) */
    int shared;         /* one histogram, atomic adds */
    fr_buddha_scratch *scratch; /* one per thread (AVX2) */
} cpu_buddha;

static void cpu_buddha_free(cpu_buddha *c)
{
    free(c->work);
    free(c->scratch);
    free(c);
}

static fr_status cpu_buddha_begin(fr_context *ctx, const fr_buddha_job *job, void **state)
{
    cpu_buddha *c = calloc(1, sizeof *c);
    if (!c) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    c->ctx = ctx, c->job = job;
    c->mode = fr_buddha_can_fold(job) ? FR_PLOT_FOLD : job->paired ? FR_PLOT_PAIR : FR_PLOT_SINGLE;
    c->simd = fr_cpu_kernel_of(ctx) == FR_CPU_KERNEL_AVX2;
    c->threads = fr_threads(ctx);
    c->plane = fr_buddha_store_plane(job, c->mode);
    c->size = c->plane * job->channels;
    double extra = (double)(c->threads - 1) * (double)c->size * sizeof(uint64_t);
    double mem = fr_physical_memory();
    /* a host-memory budget caps the working histograms (one copy at least) */
    const double cap = ctx->host_memory ? (double)ctx->host_memory : 0;
    c->shared = c->threads > 1 && (extra > PRIVATE_MAX || (mem > 0 && extra > 0.25 * mem) ||
                                   (cap > 0 && extra + (double)c->size * sizeof(uint64_t) > cap));
    size_t copies = c->shared ? 1 : (size_t)c->threads;
    c->work = calloc(c->size * copies, sizeof *c->work);
    if (c->simd) c->scratch = malloc(sizeof *c->scratch * (size_t)c->threads);
    if (!c->work || (c->simd && !c->scratch)) {
        cpu_buddha_free(c);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the working histogram");
    }
    *state = c;
    return FR_OK;
}

/* The scalar kernel: one orbit at a time. */
static void scalar_range(const fr_buddha_job *j, uint64_t i0, uint64_t i1, int mode, int atomic, uint64_t *hist,
                         size_t plane, fr_buddha_counters *c)
{
    for (uint64_t i = i0; i < i1; i++) {
        double cr, ci;
        uint32_t w = fr_buddha_sample(j, i, &cr, &ci);
        uint64_t steps = 0, h;
        fr_orbit o;
        if (j->f32) {
            float x = (float)cr, y = (float)ci;
            if (j->interior_test && fr_in_cardioid_or_bulb(x, y)) continue;
            o = fr_orbit_f(j, x, y);
            h = fr_buddha_plot_f(j, x, y, o, w, mode, atomic, hist, plane, &steps);
        } else {
            if (j->interior_test && fr_in_cardioid_or_bulb(cr, ci)) continue;
            o = fr_orbit_d(j, cr, ci);
            h = fr_buddha_plot_d(j, cr, ci, o, w, mode, atomic, hist, plane, &steps);
        }
        /* Steps as computed; a pair's mirror counts as an orbit of its own. */
        c->iterations += o.steps + steps;
        c->orbits += steps ? (uint64_t)(j->paired ? 2 : 1) : 0;
        c->hits += h;
    }
}

/* Metropolis: chains [first, first + count), one chain an iteration (a
 * chain is thousands of orbits), each thread into its histogram. */
static fr_status cpu_buddha_chains(cpu_buddha *c, uint64_t first, uint64_t count, fr_buddha_counters *out)
{
    fr_buddha_counters *tc = calloc((size_t)c->threads, sizeof *tc);
    if (!tc) return fr_fail(c->ctx, FR_ERR_NOMEM, "out of memory");
#pragma omp parallel num_threads(c->threads)
    {
        const int t = omp_get_thread_num();
        uint64_t *hist = c->shared ? c->work : c->work + (size_t)t * c->size;
#pragma omp for schedule(dynamic, 1)
        for (int64_t k = 0; k < (int64_t)count; k++)
            fr_buddha_mh_chains(c->job, first + (uint64_t)k, 1, c->mode, c->shared, hist, c->plane, &tc[t]);
    }
    for (int t = 0; t < c->threads; t++) fr_buddha_counters_add(out, &tc[t]);
    free(tc);
    return FR_OK;
}

static fr_status cpu_buddha_run(void *state, uint64_t first, uint64_t count, fr_buddha_counters *out)
{
    cpu_buddha *c = state;
    const fr_buddha_job *j = c->job;
    if (j->sampling == FR_BS_METROPOLIS) return cpu_buddha_chains(c, first, count, out);
    const int64_t chunks = (int64_t)((count + FR_BUDDHA_CPU_CHUNK - 1) / FR_BUDDHA_CPU_CHUNK);
    uint64_t orbits = 0, iters = 0, hits = 0;
#pragma omp parallel num_threads(c->threads) reduction(+ : orbits, iters, hits)
    {
        const int t = omp_get_thread_num();
        uint64_t *hist = c->shared ? c->work : c->work + (size_t)t * c->size;
        const int atomic = c->shared;
        fr_buddha_counters n = {0, 0, 0};
#pragma omp for schedule(dynamic, 1)
        for (int64_t k = 0; k < chunks; k++) {
            uint64_t i0 = first + (uint64_t)k * FR_BUDDHA_CPU_CHUNK, i1 = i0 + FR_BUDDHA_CPU_CHUNK;
            if (i1 > first + count) i1 = first + count;
            if (!c->simd) scalar_range(j, i0, i1, c->mode, atomic, hist, c->plane, &n);
            else if (j->f32) fr_buddha_avx2_f32_range(j, i0, i1, c->mode, atomic, hist, c->plane, &c->scratch[t], &n);
            else fr_buddha_avx2_f64_range(j, i0, i1, c->mode, atomic, hist, c->plane, &c->scratch[t], &n);
        }
        orbits += n.orbits, iters += n.iterations, hits += n.hits;
    }
    out->orbits += orbits, out->iterations += iters, out->hits += hits;
    return FR_OK;
}

static fr_status cpu_buddha_end(void *state, uint64_t *hist)
{
    cpu_buddha *c = state;
    int over = 0;
    if (hist) {
        /* The threads' histograms into the first. */
        size_t copies = c->shared ? 1 : (size_t)c->threads;
        for (size_t t = 1; t < copies; t++) {
            const uint64_t *src = c->work + t * c->size;
#pragma omp parallel for num_threads(c->threads) schedule(static)
            for (size_t i = 0; i < c->size; i++) c->work[i] += src[i];
        }
        over = fr_buddha_store_add(c->job, c->mode, c->work, hist);
    }
    fr_context *ctx = c->ctx;
    cpu_buddha_free(c);
    return over ? fr_buddha_overflow(ctx) : FR_OK;
}

/* Rows one working histogram may take: the host-memory budget, else half
 * the machine's memory (the caller's 64-bit histogram holds the rest). */
static uint64_t cpu_buddha_band_rows(fr_context *ctx, const fr_buddha_job *job)
{
    const double budget = ctx->host_memory ? (double)ctx->host_memory : 0.5 * fr_physical_memory();
    if (!(budget > 0)) return UINT64_MAX;
    const double row = (double)job->width * job->channels * sizeof(uint64_t);
    return (uint64_t)(budget / row);
}

static uint64_t cpu_buddha_lanes(void *state) { return (uint64_t)((cpu_buddha *)state)->threads; }

const fr_buddha_ops fr_cpu_buddha_ops = {
    .begin = cpu_buddha_begin,
    .run = cpu_buddha_run,
    .end = cpu_buddha_end,
    .lanes = cpu_buddha_lanes,
    .band_rows = cpu_buddha_band_rows,
};
