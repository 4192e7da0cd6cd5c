/* Deep zoom over a list of devices: every device gets the reference orbit
 * and BLA tables (begin), then takes chunks of samples from a shared cursor
 * as it frees up, so a device that meets costly pixels simply takes fewer
 * chunks. Each sample is the one device's per-pixel loop, so the counts
 * are the same whoever computes them. */
#include <stdlib.h>

#include "deep/deep_ops.h"
#include "multi/multi_backend.h"
#include "multi/multi_pool.h"

/* Chunks a device should get at least, so that the last ones balance. */
#define CHUNKS_PER_DEVICE 6

typedef struct mdeep {
    fr_multi_pool pool;
    const fr_deep_job *dj;
    fr_escape_job *ej;
    const fr_deep_ops *ops[FR_MAX_DEVICES];
    void *state[FR_MAX_DEVICES];
    fr_deep_totals tot[FR_MAX_DEVICES];
} mdeep;

static const fr_deep_ops *ops_of(const fr_multi_worker *w)
{
    return w->backend->deep ? w->backend->deep : fr_cpu_backend.deep;
}

static fr_status begin_one(fr_multi_worker *w, void *arg)
{
    mdeep *m = arg;
    m->ops[w->index] = ops_of(w);
    return m->ops[w->index]->begin(&w->ctx, m->dj, m->ej, &m->state[w->index]);
}

static void multi_deep_end(void *state)
{
    mdeep *m = state;
    for (int k = 0; k < m->pool.n; k++)
        if (m->state[k]) m->ops[k]->end(m->state[k]);
    fr_multi_note_shares(&m->pool);
    fr_multi_pool_close(&m->pool);
    free(m);
}

static fr_status multi_deep_begin(fr_context *ctx, const fr_deep_job *dj, fr_escape_job *ej, void **state)
{
    mdeep *m = calloc(1, sizeof *m);
    if (!m) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_status s = fr_multi_pool_open(ctx, &m->pool);
    if (s) return free(m), s;
    m->dj = dj, m->ej = ej;
    if ((s = fr_multi_each(&m->pool, begin_one, m))) {
        multi_deep_end(m);
        return s;
    }
    *state = m;
    return FR_OK;
}

static fr_status run_one(fr_multi_worker *w, uint64_t first, uint64_t count, void *arg)
{
    mdeep *m = arg;
    return m->ops[w->index]->run(m->state[w->index], first, count, &m->tot[w->index]);
}

static fr_status multi_deep_run(void *state, uint64_t first, uint64_t count, fr_deep_totals *tot)
{
    mdeep *m = state;
    const int n = m->pool.n;
    const uint64_t row = (uint64_t)m->ej->sw;
    uint64_t chunk[FR_MAX_DEVICES] = {0};
    /* a device's own chunk (the CPU: rows for every thread), no more than
     * leaves each device CHUNKS_PER_DEVICE of them, whole rows at least */
    uint64_t most = count / ((uint64_t)n * CHUNKS_PER_DEVICE);
    for (int k = 0; k < n; k++) {
        uint64_t c = m->ops[k]->chunk ? m->ops[k]->chunk : row * 4 * (uint64_t)fr_threads(&m->pool.w[k].ctx);
        if (c > most) c = most;
        if (c < row) c = row;
        chunk[k] = c;
    }
    for (int k = 0; k < n; k++) m->tot[k] = (fr_deep_totals){0, 0};
    fr_context *ctx = m->pool.parent;
    if (fr_shared(ctx)) {
        /* this process's cells of samples, six a process, at most 2^18 */
        uint64_t g = count / ((uint64_t)ctx->share_count * CHUNKS_PER_DEVICE);
        m->pool.grid = g > ((uint64_t)1 << 18) ? (uint64_t)1 << 18 : g ? g : 1;
    }
    fr_status s = fr_multi_pull(&m->pool, first, count, chunk, run_one, m);
    uint64_t t[2] = {0, 0};
    for (int k = 0; k < n; k++) t[0] += m->tot[k].steps, t[1] += m->tot[k].skipped;
    if (!s && fr_shared(ctx)) {
        /* every process's samples into every process's arrays (zero elsewhere) */
        s = fr_multi_share_samples(ctx, m->ej, first, count);
        if (!s) s = fr_share_combine(ctx, t, 2, FR_COMBINE_SUM_U64, "statistics");
    }
    tot->steps += t[0], tot->skipped += t[1];
    return s;
}

const fr_deep_ops fr_multi_deep_ops = {
    .begin = multi_deep_begin,
    .run = multi_deep_run,
    .end = multi_deep_end,
};
