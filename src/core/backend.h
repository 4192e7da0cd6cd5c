/* Compute backends behind a small versioned interface, registered by name.
 * Optional entries may be NULL: the documented fallback applies. */
#ifndef FR_CORE_BACKEND_H
#define FR_CORE_BACKEND_H

#include "fractalis.h"
#include "buddha/buddha.h"
#include "escape/escape_job.h"
#include "flame/flame_device.h"

#define FR_BACKEND_API_VERSION 5

typedef struct fr_backend_iface {
    int api_version;       /* FR_BACKEND_API_VERSION */
    const char *name;      /* "cpu", "cuda" */
    /* Number of devices usable now (CPU: 1), with a reason when 0. */
    int (*device_count)(char *why, size_t why_len);
    /* Optional: describe device `index` (NULL: not a device list). */
    fr_status (*device_info)(fr_context *ctx, int index, fr_device_info *out);
    /* Fill job->counts (and smooth/dist when set) for every sample; add the
     * iteration steps performed to *iterations. The host then colours.
     * May be NULL when escape_render is set. */
    fr_status (*escape_compute)(fr_context *ctx, fr_escape_job *job, uint64_t *iterations);
    /* Optional: the whole render on the device. `lut` is the palette table
     * (escape_shade.h); `image` (may be NULL) receives the final image; the
     * job's host arrays, when not NULL, receive the raw samples; fills
     * iterations, interior and seconds_iterate of *stats. */
    fr_status (*escape_render)(fr_context *ctx, fr_escape_job *job, const float *lut, fr_image *image,
                               fr_escape_stats *stats);
    /* Optional: time the render on the device (fractalis bench); NULL: the
     * generic wall-clock benchmark applies. */
    fr_status (*escape_bench)(fr_context *ctx, fr_escape_job *job, const float *lut, const fr_bench_opts *opts,
                              fr_bench_result *result);
    /* Orbit density (all three NULL: not supported). begin prepares a
     * render of `job` (which stays valid until end); run adds samples
     * [first, first + count) and their counters; end adds everything run
     * into `hist` (the job's full histogram planes; NULL: discard) and
     * frees the state. */
    fr_status (*buddha_begin)(fr_context *ctx, const fr_buddha_job *job, void **state);
    fr_status (*buddha_run)(void *state, uint64_t first, uint64_t count, fr_buddha_counters *c);
    fr_status (*buddha_end)(void *state, uint64_t *hist);
    /* Optional: time `count` samples from 0 (CUDA events); NULL: wall clock. */
    fr_status (*buddha_bench)(void *state, uint64_t count, double *seconds, fr_buddha_counters *c);
    /* Optional (NULL: flames render on the CPU): a whole flame render on the
     * device, every pass, density estimation and the tone map; `image`
     * receives width x height x 4 values (fr_flame_tonemap's); fills the
     * counters and times of *stats. */
    fr_status (*flame_render)(fr_context *ctx, const fr_flame_device_job *job, uint16_t *image,
                              fr_flame_stats *stats);
    /* Optional: the device memory flame_render would need for `job` and
     * the memory it may use, in bytes (NULL: no estimate; the render's
     * FR_ERR_NOMEM alone makes strips). */
    fr_status (*flame_memory)(fr_context *ctx, const fr_flame_device_job *job, double *need, double *budget);
    /* Optional: pass 0's chaos game `runs` times, seconds[r] each (plot 0:
     * no adds into the buckets). */
    fr_status (*flame_bench)(fr_context *ctx, const fr_flame_device_job *job, int runs, int plot, double *seconds,
                             fr_flame_stats *stats);
} fr_backend_iface;

extern const fr_backend_iface fr_cpu_backend;
#ifdef FR_HAVE_CUDA
extern const fr_backend_iface fr_cuda_backend;
#endif

/* A backend by name ("cpu", "cuda"), or NULL when not built. */
const fr_backend_iface *fr_backend_find(const char *name);

/* The backend selected in the context. */
const fr_backend_iface *fr_backend_current(const fr_context *ctx);

#endif
