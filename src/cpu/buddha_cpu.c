/* The CPU backend's orbit-density kernel: OpenMP over chunks of samples,
 * the orbit classified once and plotted with its mirror (folded into half
 * the rows when the view is symmetric), atomic adds into a 64-bit working
 * histogram shared by the threads. Integer adds commute, so the result
 * does not depend on the thread count or the schedule. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "buddha/buddha_cpu.h"
#include "core/context.h"

/* Samples a thread takes at a time. */
#define CHUNK 256

typedef struct cpu_buddha {
    fr_context *ctx;
    const fr_buddha_job *job;
    int mode;           /* FR_PLOT_* */
    size_t plane;       /* counters a channel */
    uint64_t *work;
} cpu_buddha;

fr_status fr_cpu_buddha_begin(fr_context *ctx, const fr_buddha_job *job, void **state)
{
    cpu_buddha *c = calloc(1, sizeof *c);
    if (!c) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    c->ctx = ctx, c->job = job;
    c->mode = fr_buddha_can_fold(job) ? FR_PLOT_FOLD : job->paired ? FR_PLOT_PAIR : FR_PLOT_SINGLE;
    int rows = c->mode == FR_PLOT_FOLD ? fr_buddha_fold_rows(job) : job->height;
    c->plane = (size_t)rows * job->width;
    c->work = calloc(c->plane * job->channels, sizeof *c->work);
    if (!c->work) {
        free(c);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the working histogram");
    }
    *state = c;
    return FR_OK;
}

fr_status fr_cpu_buddha_run(void *state, uint64_t first, uint64_t count, fr_buddha_counters *out)
{
    cpu_buddha *c = state;
    const fr_buddha_job *j = c->job;
    const int64_t chunks = (int64_t)((count + CHUNK - 1) / CHUNK);
    uint64_t orbits = 0, iters = 0, hits = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(fr_threads(c->ctx)) reduction(+ : orbits, iters, hits)
    for (int64_t k = 0; k < chunks; k++) {
        uint64_t i0 = first + (uint64_t)k * CHUNK, i1 = i0 + CHUNK;
        if (i1 > first + count) i1 = first + count;
        for (uint64_t i = i0; i < i1; i++) {
            double cr, ci;
            uint32_t w = fr_buddha_sample(j, i, &cr, &ci);
            uint64_t steps = 0, h;
            fr_orbit o;
            if (j->f32) {
                float x = (float)cr, y = (float)ci;
                if (j->interior_test && fr_in_cardioid_or_bulb(x, y)) continue;
                o = fr_orbit_f(j, x, y);
                h = fr_buddha_plot_f(j, x, y, o, w, c->mode, 1, c->work, c->plane, &steps);
            } else {
                if (j->interior_test && fr_in_cardioid_or_bulb(cr, ci)) continue;
                o = fr_orbit_d(j, cr, ci);
                h = fr_buddha_plot_d(j, cr, ci, o, w, c->mode, 1, c->work, c->plane, &steps);
            }
            /* Steps as computed; a pair's mirror counts as an orbit of its own. */
            iters += o.steps + steps;
            orbits += steps ? (uint64_t)(j->paired ? 2 : 1) : 0;
            hits += h;
        }
    }
    out->orbits += orbits, out->iterations += iters, out->hits += hits;
    return FR_OK;
}

fr_status fr_cpu_buddha_end(void *state, uint64_t *hist)
{
    cpu_buddha *c = state;
    if (hist) {
        if (c->mode == FR_PLOT_FOLD) fr_buddha_unfold_add(c->job, c->work, hist);
        else
            for (size_t i = 0; i < c->plane * c->job->channels; i++) hist[i] += c->work[i];
    }
    free(c->work);
    free(c);
    return FR_OK;
}
