/* The CPU backend's deep-zoom contract: OpenMP with dynamic scheduling over
 * the rows (or parts of rows) of a range of samples, each sample run by
 * the shared per-pixel loop (deep/deep_pixel.h, through cpu_deep_body.h),
 * so any thread count and any split of the range give the same counts. */
#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/context.h"
#include "cpu/cpu_backend.h"
#include "deep/deep_ops.h"
#include "cpu/cpu_deep.h"

typedef struct cpu_deep {
    fr_context *ctx;
    const fr_deep_job *j;
    fr_escape_job *ej;
    fr_cpu_deep_span_fn span;
} cpu_deep;

static fr_status cpu_deep_begin(fr_context *ctx, const fr_deep_job *j, fr_escape_job *ej, void **state)
{
    cpu_deep *c = malloc(sizeof *c);
    if (!c) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    __builtin_cpu_init();
    fr_cpu_deep_span_fn span = fr_cpu_kernel_of(ctx) == FR_CPU_KERNEL_AVX2 ? fr_cpu_deep_span_avx2
                               : __builtin_cpu_supports("fma")             ? fr_cpu_deep_span_fma
                                                                           : fr_cpu_deep_span;
    *c = (cpu_deep){ctx, j, ej, span};
    *state = c;
    return FR_OK;
}

static fr_status cpu_deep_run(void *state, uint64_t first, uint64_t count, fr_deep_totals *tot)
{
    cpu_deep *c = state;
    fr_context *ctx = c->ctx;
    const fr_deep_job *j = c->j;
    const uint64_t sw = (uint64_t)j->sw;
    if (count == 0) return FR_OK;
    /* the rows the range touches; the first and last may be partial */
    const int64_t row_a = (int64_t)(first / sw), row_b = (int64_t)((first + count - 1) / sw) + 1;
    const int64_t rows = row_b - row_a;
    atomic_int_fast64_t done = 0;
    atomic_int cancelled = 0;
    uint64_t steps = 0, skipped = 0;
    double last = fr_now();
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : steps, skipped) num_threads(fr_threads(ctx))
    for (int64_t r = 0; r < rows; r++) {
        if (atomic_load_explicit(&cancelled, memory_order_relaxed)) continue;
        const int64_t sy = row_a + r;
        uint64_t a = (uint64_t)sy * sw, b = a + sw;
        if (a < first) a = first;
        if (b > first + count) b = first + count;
        uint64_t st = 0, sk = 0;
        c->span(j, c->ej, (int)sy, (int)(a - (uint64_t)sy * sw), (int)(b - (uint64_t)sy * sw), &st, &sk);
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

static void cpu_deep_end(void *state) { free(state); }

const fr_deep_ops fr_cpu_deep_ops = {
    .begin = cpu_deep_begin,
    .run = cpu_deep_run,
    .end = cpu_deep_end,
};
