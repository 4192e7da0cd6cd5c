/* The deep-zoom backend contract: what a backend fills to run the
 * per-pixel loop (deep_pixel.h) over every sample of a deep view
 * (src/cpu/cpu_deep.c, src/cuda/cuda_deep.c). deep_render.c is its one caller: it
 * builds the reference orbit and the BLA tables once on the host and hands
 * the same job to whichever backend runs. */
#ifndef FR_DEEP_DEEP_OPS_H
#define FR_DEEP_DEEP_OPS_H

#include "core/backend.h"
#include "deep/deep_job.h"
#include "escape/escape_job.h"

typedef struct fr_deep_totals {
    uint64_t steps;    /* perturbation steps performed */
    uint64_t skipped;  /* iterations skipped by BLA */
} fr_deep_totals;

typedef struct fr_deep_ops {
    /* begin prepares a render of the deep job into the escape job's arrays
     * (both stay valid until end: a device copies the tables here); run
     * fills ej->counts (and ej->smooth / ej->dist when set) for samples
     * [first, first + count) in row-major order, adds to *totals, and may
     * report progress through the fraction of its range done (a cancel
     * from the callback ends it with FR_ERR_CANCELLED); end frees. */
    fr_status (*begin)(fr_context *ctx, const fr_deep_job *dj, fr_escape_job *ej, void **state);
    fr_status (*run)(void *state, uint64_t first, uint64_t count, fr_deep_totals *totals);
    void (*end)(void *state);
    /* Samples a run should take at a time where devices share a render
     * (0: a few rows). */
    uint64_t chunk;
} fr_deep_ops;

#endif
