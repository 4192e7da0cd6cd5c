/* The orbit-density family's backend contract: what a backend fills to
 * add samples to a histogram (src/cpu/cpu_buddha.c, src/cuda/cuda_buddha.c).
 * buddha_render.c is its one caller. */
#ifndef FR_BUDDHA_BUDDHA_OPS_H
#define FR_BUDDHA_BUDDHA_OPS_H

#include "buddha/buddha.h"
#include "core/backend.h"

typedef struct fr_buddha_ops {
    /* begin prepares a render of `job` (which stays valid until end); run
     * adds samples [first, first + count) and their counters; end adds
     * everything run into `hist` (the job's full histogram planes; NULL:
     * discard) and frees the state. */
    fr_status (*begin)(fr_context *ctx, const fr_buddha_job *job, void **state);
    fr_status (*run)(void *state, uint64_t first, uint64_t count, fr_buddha_counters *c);
    fr_status (*end)(void *state, uint64_t *hist);
    /* Optional: add the counts of `from`, another state of this backend
     * rendering the same job (another device), into this state's where
     * they are (GPU to GPU); `from` is then ended with NULL.
     * FR_ERR_UNSUPPORTED (nothing done, no message): these two cannot. */
    fr_status (*gather)(void *state, void *from);
    /* Optional: time `count` samples from 0 (CUDA events); NULL: wall clock
     * around run. */
    fr_status (*bench)(void *state, uint64_t count, double *seconds, fr_buddha_counters *c);
    /* Optional: how many metropolis chains run at once (a batch of fewer
     * leaves the device idle); NULL: 1. */
    uint64_t (*lanes)(void *state);
    /* Optional: the most histogram rows (the job's width and channels,
     * unfolded) one begin can hold in the backend's memory (the host-memory
     * budget, the device's free memory less its queues); a taller image
     * renders in bands of at most that many rows (buddha_render.c). 0: not
     * even one row. NULL: any height. */
    uint64_t (*band_rows)(fr_context *ctx, const fr_buddha_job *job);
} fr_buddha_ops;

#endif
