/* Orbit density over a list of devices: every device holds the whole
 * histogram; each batch of samples is cut into one piece a device, in
 * proportion to the devices' measured rates, and the integer histograms are
 * summed at the end. Integer adds commute, so the histogram is the one
 * device's, bit for bit. */
#include <stdlib.h>

#include "buddha/buddha_ops.h"
#include "multi/multi_backend.h"
#include "multi/multi_pool.h"

typedef struct mbuddha {
    fr_multi_pool pool;
    const fr_buddha_job *job;
    const fr_buddha_ops *ops[FR_MAX_DEVICES];
    void *state[FR_MAX_DEVICES];
    fr_buddha_counters c[FR_MAX_DEVICES];
} mbuddha;

static const fr_buddha_ops *ops_of(const fr_multi_worker *w)
{
    return w->backend->buddha ? w->backend->buddha : fr_cpu_backend.buddha;
}

static fr_status begin_one(fr_multi_worker *w, void *arg)
{
    mbuddha *m = arg;
    m->ops[w->index] = ops_of(w);
    return m->ops[w->index]->begin(&w->ctx, m->job, &m->state[w->index]);
}

/* End every worker's render, adding into hist (NULL: discard): first the
 * counts of every device that can add its own into the first's where they
 * are (gather), then every end in worker order; each end's time is that
 * worker's finish. */
static fr_status end_all(mbuddha *m, uint64_t *hist)
{
    fr_status s = FR_OK;
    for (int k = 1; k < m->pool.n && hist && m->state[0] && m->ops[0]->gather; k++) {
        if (!m->state[k] || m->ops[k] != m->ops[0]) continue;
        const double t0 = fr_now();
        fr_status sk = m->ops[0]->gather(m->state[0], m->state[k]);
        m->pool.w[0].finish += fr_now() - t0;
        if (sk == FR_ERR_UNSUPPORTED) continue;
        if (sk) {
            s = fr_multi_fail(&m->pool, 0, sk);
            break;
        }
        m->ops[k]->end(m->state[k], NULL); /* its counts are the first's now */
        m->state[k] = NULL;
    }
    for (int k = 0; k < m->pool.n; k++) {
        if (!m->state[k]) continue;
        const double t0 = fr_now();
        fr_status sk = m->ops[k]->end(m->state[k], s ? NULL : hist);
        m->pool.w[k].finish += fr_now() - t0;
        if (sk && !s) s = fr_multi_fail(&m->pool, k, sk);
        m->state[k] = NULL;
    }
    fr_multi_note_shares(&m->pool);
    fr_multi_pool_close(&m->pool);
    free(m);
    return s;
}

static fr_status multi_buddha_begin(fr_context *ctx, const fr_buddha_job *job, void **state)
{
    mbuddha *m = calloc(1, sizeof *m);
    if (!m) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_status s = fr_multi_pool_open(ctx, &m->pool);
    if (s) return free(m), s;
    m->job = job;
    if ((s = fr_multi_each(&m->pool, begin_one, m))) {
        end_all(m, NULL);
        return s;
    }
    *state = m;
    return FR_OK;
}

static fr_status run_one(fr_multi_worker *w, uint64_t first, uint64_t count, void *arg)
{
    mbuddha *m = arg;
    if (!count) return FR_OK;
    return m->ops[w->index]->run(m->state[w->index], first, count, &m->c[w->index]);
}

static fr_status multi_buddha_run(void *state, uint64_t first, uint64_t count, fr_buddha_counters *c)
{
    mbuddha *m = state;
    for (int k = 0; k < m->pool.n; k++) m->c[k] = (fr_buddha_counters){0};
    fr_status s = fr_multi_split(&m->pool, first, count, 0, run_one, m);
    for (int k = 0; k < m->pool.n; k++) fr_buddha_counters_add(c, &m->c[k]);
    return s;
}

static fr_status multi_buddha_end(void *state, uint64_t *hist) { return end_all(state, hist); }

/* Metropolis chains at once: every device's. */
static uint64_t multi_buddha_lanes(void *state)
{
    mbuddha *m = state;
    uint64_t n = 0;
    for (int k = 0; k < m->pool.n; k++) n += m->ops[k]->lanes ? m->ops[k]->lanes(m->state[k]) : 1;
    return n;
}

const fr_buddha_ops fr_multi_buddha_ops = {
    .begin = multi_buddha_begin,
    .run = multi_buddha_run,
    .end = multi_buddha_end,
    .lanes = multi_buddha_lanes,
};
