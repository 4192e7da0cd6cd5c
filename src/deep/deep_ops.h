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
    /* Fill ej->counts (and ej->smooth / ej->dist when set) for every
     * sample of the escape job from the deep job; add to *totals. */
    fr_status (*compute)(fr_context *ctx, const fr_deep_job *dj, fr_escape_job *ej, fr_deep_totals *totals);
} fr_deep_ops;

#endif
