/* The CPU backend's escape-time contract: OpenMP with dynamic scheduling
 * over tiles of samples, each tile run by the widest kernel the processor
 * supports (or the one the context asks for). All kernels give identical
 * results; the host colours afterwards (escape_color.c). */
#include <omp.h>
#include <stdatomic.h>

#include "core/context.h"
#include "cpu/cpu_backend.h"
#include "cpu/cpu_escape.h"
#include "escape/escape_ops.h"

/* Samples per tile: small enough to balance uneven work on many threads,
 * large enough that scheduling costs nothing. */
#define TILE 2048

typedef uint64_t (*escape_kernel)(const fr_escape_job *, int64_t, int64_t);

static escape_kernel pick_kernel(const fr_context *ctx, const fr_escape_job *job)
{
    if (job->values == FR_VALUES_DISTANCE) return fr_escape_distance_range;
    if (fr_cpu_kernel_of(ctx) == FR_CPU_KERNEL_AVX2)
        return job->p->precision == FR_F32 ? fr_escape_avx2_f32_range : fr_escape_avx2_f64_range;
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma") ? fr_escape_scalar_fma_range : fr_escape_scalar_range;
}

static fr_status cpu_escape_compute(fr_context *ctx, fr_escape_job *job, uint64_t *iterations)
{
    escape_kernel kernel = pick_kernel(ctx, job);
    const int64_t total = (int64_t)job->sw * job->sh;
    const int64_t tiles = (total + TILE - 1) / TILE;
    atomic_int_fast64_t done = 0;
    atomic_int cancelled = 0;
    uint64_t iters = 0;
    double last = fr_now();
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : iters) num_threads(fr_threads(ctx))
    for (int64_t t = 0; t < tiles; t++) {
        if (atomic_load_explicit(&cancelled, memory_order_relaxed)) continue;
        int64_t first = t * TILE, n = total - first < TILE ? total - first : TILE;
        iters += kernel(job, first, n);
        int64_t d = atomic_fetch_add(&done, 1) + 1;
        /* Only the calling thread talks to the callback, at most 20 times a
         * second, so the callback needs no locking. */
        if (ctx->progress && omp_get_thread_num() == 0) {
            double now = fr_now();
            if (now - last >= 0.05 || d == tiles) {
                last = now;
                if (ctx->progress((double)d / (double)tiles, ctx->progress_user)) atomic_store(&cancelled, 1);
            }
        }
    }
    *iterations += iters;
    if (cancelled) return fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
    return FR_OK;
}

/* No render or bench entry: escape_render.c colours on the host and times
 * whole renders by the wall clock. */
const fr_escape_ops fr_cpu_escape_ops = {
    .compute = cpu_escape_compute,
};
