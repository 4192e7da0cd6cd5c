/* The CPU backend's deep-zoom contract: OpenMP with dynamic scheduling over
 * rows of samples, each sample run by the shared per-pixel loop
 * (deep/deep_pixel.h, through cpu_deep_body.h), so any thread count gives
 * the same counts. */
#include <omp.h>
#include <stdatomic.h>

#include "core/context.h"
#include "cpu/cpu_backend.h"
#include "deep/deep_ops.h"
#include "cpu/cpu_deep.h"

static fr_status cpu_deep_compute(fr_context *ctx, const fr_deep_job *j, fr_escape_job *ej, fr_deep_totals *tot)
{
    __builtin_cpu_init();
    void (*row)(const fr_deep_job *, fr_escape_job *, int, uint64_t *, uint64_t *) =
        __builtin_cpu_supports("fma") ? fr_cpu_deep_row_fma : fr_cpu_deep_row;
    const int64_t rows = j->sh;
    /* the pixel stage opens with a report, so a caller can stop it before any work */
    if (ctx->progress && ctx->progress(0.0, ctx->progress_user)) return fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
    atomic_int_fast64_t done = 0;
    atomic_int cancelled = 0;
    uint64_t steps = 0, skipped = 0;
    double last = fr_now();
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : steps, skipped) num_threads(fr_threads(ctx))
    for (int64_t sy = 0; sy < rows; sy++) {
        if (atomic_load_explicit(&cancelled, memory_order_relaxed)) continue;
        uint64_t st = 0, sk = 0;
        row(j, ej, (int)sy, &st, &sk);
        steps += st, skipped += sk;
        int64_t d = atomic_fetch_add(&done, 1) + 1;
        if (ctx->progress && omp_get_thread_num() == 0) {
            double now = fr_now();
            if (now - last >= 0.05 || d == rows) {
                last = now;
                if (ctx->progress((double)d / (double)rows, ctx->progress_user)) atomic_store(&cancelled, 1);
            }
        }
    }
    tot->steps += steps, tot->skipped += skipped;
    if (cancelled) return fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
    return FR_OK;
}

const fr_deep_ops fr_cpu_deep_ops = {
    .compute = cpu_deep_compute,
};
