/* Workers for a render spread over a list of devices (multi_pool.h). */
#include "multi/multi_pool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parent progress reports at most this often (a chunk's end always reports). */
#define REPORT_SECONDS 0.05

/* The parent's progress from the units finished and the chunks in hand;
 * called with the lock held. Returns the stop flag. */
static int report(fr_multi_pool *p, int force)
{
    fr_context *ctx = p->parent;
    if (!ctx->progress || p->total == 0) return atomic_load(&p->stop);
    double now = fr_now();
    if (!force && now - p->last_report < REPORT_SECONDS) return atomic_load(&p->stop);
    p->last_report = now;
    double done = (double)p->finished;
    for (int k = 0; k < p->n; k++) done += (double)p->w[k].chunk * p->w[k].chunk_done;
    double f = done / (double)p->total;
    if (ctx->progress(f < 1 ? f : 1, ctx->progress_user)) atomic_store(&p->stop, 1);
    return atomic_load(&p->stop);
}

/* A worker's own progress report (a fraction of the chunk in hand). */
static int worker_progress(double done, void *user)
{
    fr_multi_worker *w = user;
    fr_multi_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    w->chunk_done = done;
    int stop = report(p, 0);
    pthread_mutex_unlock(&p->lock);
    return stop;
}

/* What the workers' backends keep between renders (a GPU's deep-zoom
 * buffers: core/context.h), held by the parent context while no render
 * runs, so that a render on a device list, like one on a single device,
 * pays for allocating them once per context, not once per render. Slot k
 * is worker k's, for the device it had. */
typedef struct multi_keep {
    int device[FR_MAX_DEVICES];
    void *keep[FR_MAX_DEVICES];
    void (*keep_free[FR_MAX_DEVICES])(void *keep);
} multi_keep;

static void multi_keep_free(void *p)
{
    multi_keep *mk = p;
    for (int k = 0; k < FR_MAX_DEVICES; k++)
        if (mk->keep[k]) mk->keep_free[k](mk->keep[k]);
    free(mk);
}

/* Worker k's keep from the parent's, when it was made for the same device. */
static void keep_lend(fr_context *parent, fr_multi_worker *w, int device)
{
    multi_keep *mk = parent->backend_keep_free == multi_keep_free ? parent->backend_keep : NULL;
    const int k = w->index;
    if (!mk || !mk->keep[k] || mk->device[k] != device) return;
    w->ctx.backend_keep = mk->keep[k], w->ctx.backend_keep_free = mk->keep_free[k];
    mk->keep[k] = NULL, mk->keep_free[k] = NULL;
}

/* Worker k's keep back to the parent (freed when the parent cannot hold it). */
static void keep_return(fr_context *parent, fr_multi_worker *w)
{
    fr_context *c = &w->ctx;
    if (!c->backend_keep) return;
    multi_keep *mk = parent->backend_keep_free == multi_keep_free ? parent->backend_keep : NULL;
    if (!mk && (mk = calloc(1, sizeof *mk))) {
        fr_context_clear_backend_keep(parent); /* a single device's, from before the list */
        parent->backend_keep = mk, parent->backend_keep_free = multi_keep_free;
    }
    const int k = w->index;
    if (!mk || mk->keep[k]) { /* (another pool's worker k returned one first) */
        fr_context_clear_backend_keep(c);
        return;
    }
    mk->device[k] = c->cuda_index, mk->keep[k] = c->backend_keep, mk->keep_free[k] = c->backend_keep_free;
    c->backend_keep = NULL, c->backend_keep_free = NULL;
}

fr_status fr_multi_pool_open(fr_context *ctx, fr_multi_pool *p)
{
    memset(p, 0, sizeof *p);
    p->parent = ctx;
    p->n = ctx->ndevices;
    ctx->shares[0] = 0;
    if (p->n < 1 || p->n > FR_MAX_DEVICES)
        return fr_fail(ctx, FR_ERR_INVALID, "device list of %d devices", p->n);
    pthread_mutex_init(&p->lock, NULL);
    atomic_init(&p->stop, 0);
    for (int k = 0; k < p->n; k++) {
        fr_multi_worker *w = &p->w[k];
        const int d = ctx->devices[k];
        w->pool = p, w->index = k;
        w->ctx = *ctx;
        w->ctx.error[0] = 0;
        w->ctx.backend_keep = NULL, w->ctx.backend_keep_free = NULL;
        w->ctx.flame_pool = NULL, w->ctx.flame_pool_n = 0;
        keep_lend(ctx, w, d);
        w->ctx.cuda_index = d;
        w->ctx.ndevices = 1;
        w->ctx.devices[0] = d;
        if (d < 0) strcpy(w->ctx.device, "cpu");
        else snprintf(w->ctx.device, sizeof w->ctx.device, "cuda:%d", d);
        w->ctx.progress = worker_progress;
        w->ctx.progress_user = w;
        w->ctx.progress_stage = NULL;
        w->backend = fr_backend_of_device(d);
    }
    return FR_OK;
}

void fr_multi_pool_close(fr_multi_pool *p)
{
    for (int k = 0; k < p->n && k < FR_MAX_DEVICES; k++) keep_return(p->parent, &p->w[k]);
    if (p->n > 0) pthread_mutex_destroy(&p->lock);
    p->n = 0;
}

/* Record a worker's failure: the first one names its device on the
 * parent; a cancel is reported as the parent's. */
static void fail(fr_multi_worker *w, fr_status s)
{
    fr_multi_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    if (!p->first_error) {
        p->first_error = s;
        if (s == FR_ERR_CANCELLED) fr_fail(p->parent, s, "render cancelled");
        else fr_fail(p->parent, s, "%s (worker %d): %s", w->ctx.device, w->index, w->ctx.error);
    }
    atomic_store(&p->stop, 1);
    pthread_mutex_unlock(&p->lock);
}

fr_status fr_multi_fail(fr_multi_pool *p, int k, fr_status s)
{
    fail(&p->w[k], s);
    return s;
}

void fr_multi_note_shares(fr_multi_pool *p)
{
    fr_multi_shares(p, p->parent->shares, sizeof p->parent->shares);
}

typedef struct job {
    fr_multi_worker *w;
    fr_multi_each_fn each;
    int finish; /* each: the time is finishing, not set-up */
    fr_multi_range_fn range;
    void *arg;
    /* pull */
    _Atomic uint64_t *cursor;
    uint64_t start, end, chunk;
    /* split */
    uint64_t first, count;
} job;

static fr_status bind(fr_multi_worker *w)
{
    return w->backend->bind ? w->backend->bind(&w->ctx) : FR_OK;
}

static void *run_each(void *arg)
{
    job *j = arg;
    double t0 = fr_now();
    fr_status s = bind(j->w);
    if (!s) s = j->each(j->w, j->arg);
    *(j->finish ? &j->w->finish : &j->w->setup) += fr_now() - t0;
    if (s) fail(j->w, s);
    return NULL;
}

static void *run_pull(void *arg)
{
    job *j = arg;
    fr_multi_worker *w = j->w;
    fr_multi_pool *p = w->pool;
    fr_status s = bind(w);
    const fr_context *parent = p->parent;
    while (!s && !atomic_load(&p->stop)) {
        uint64_t first = atomic_fetch_add(j->cursor, j->chunk);
        if (first >= j->end) break;
        uint64_t count = j->end - first < j->chunk ? j->end - first : j->chunk;
        if (p->grid && ((first - j->start) / p->grid) % (uint64_t)parent->share_count != (uint64_t)parent->share_index) {
            pthread_mutex_lock(&p->lock); /* another process's cell */
            p->finished += count;
            pthread_mutex_unlock(&p->lock);
            continue;
        }
        pthread_mutex_lock(&p->lock);
        w->chunk = count, w->chunk_done = 0;
        pthread_mutex_unlock(&p->lock);
        double t0 = fr_now();
        s = j->range(w, first, count, j->arg);
        pthread_mutex_lock(&p->lock);
        w->seconds += fr_now() - t0;
        w->units += count;
        w->chunk = 0;
        if (!s) {
            p->finished += count;
            if (report(p, 1) && !p->first_error) s = FR_ERR_CANCELLED;
        }
        pthread_mutex_unlock(&p->lock);
    }
    if (s) fail(w, s);
    return NULL;
}

static void *run_split(void *arg)
{
    job *j = arg;
    fr_multi_worker *w = j->w;
    fr_multi_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    w->chunk = j->count, w->chunk_done = 0;
    pthread_mutex_unlock(&p->lock);
    double t0 = fr_now();
    fr_status s = bind(w);
    if (!s) s = j->range(w, j->first, j->count, j->arg);
    pthread_mutex_lock(&p->lock);
    w->seconds += fr_now() - t0;
    w->units += j->count;
    w->chunk = 0;
    if (!s) {
        p->finished += j->count;
        if (report(p, 1) && !p->first_error) s = FR_ERR_CANCELLED;
    }
    pthread_mutex_unlock(&p->lock);
    if (s) fail(w, s);
    return NULL;
}

/* Run fn on a thread a job (the last one on the calling thread). */
static fr_status run_all(fr_multi_pool *p, job *jobs, void *(*fn)(void *))
{
    pthread_t t[FR_MAX_DEVICES];
    int started[FR_MAX_DEVICES] = {0};
    p->first_error = FR_OK;
    atomic_store(&p->stop, 0);
    for (int k = 0; k < p->n - 1; k++) started[k] = pthread_create(&t[k], NULL, fn, &jobs[k]) == 0;
    for (int k = 0; k < p->n - 1; k++)
        if (!started[k]) fn(&jobs[k]); /* no thread: run it here */
    fn(&jobs[p->n - 1]);
    for (int k = 0; k < p->n - 1; k++)
        if (started[k]) pthread_join(t[k], NULL);
    return p->first_error;
}

fr_status fr_multi_each(fr_multi_pool *p, fr_multi_each_fn fn, void *arg)
{
    job jobs[FR_MAX_DEVICES];
    for (int k = 0; k < p->n; k++) jobs[k] = (job){.w = &p->w[k], .each = fn, .arg = arg};
    return run_all(p, jobs, run_each);
}

fr_status fr_multi_finish(fr_multi_pool *p, fr_multi_each_fn fn, void *arg)
{
    job jobs[FR_MAX_DEVICES];
    for (int k = 0; k < p->n; k++) jobs[k] = (job){.w = &p->w[k], .each = fn, .finish = 1, .arg = arg};
    return run_all(p, jobs, run_each);
}

fr_status fr_multi_pull(fr_multi_pool *p, uint64_t first, uint64_t count, const uint64_t *chunk,
                        fr_multi_range_fn fn, void *arg)
{
    job jobs[FR_MAX_DEVICES];
    _Atomic uint64_t cursor;
    atomic_init(&cursor, first);
    p->total = count, p->finished = 0, p->last_report = 0;
    for (int k = 0; k < p->n; k++)
        jobs[k] = (job){.w = &p->w[k], .range = fn, .arg = arg, .cursor = &cursor, .start = first,
                        .end = first + count, .chunk = p->grid ? p->grid : chunk[k] ? chunk[k] : 1};
    fr_status s = run_all(p, jobs, run_pull);
    p->total = 0;
    return s;
}

fr_status fr_multi_split(fr_multi_pool *p, uint64_t first, uint64_t count, int progress, fr_multi_range_fn fn,
                         void *arg)
{
    job jobs[FR_MAX_DEVICES];
    double rate[FR_MAX_DEVICES], sum = 0;
    int measured = 1;
    for (int k = 0; k < p->n; k++) measured &= p->w[k].seconds > 0 && p->w[k].units > 0;
    for (int k = 0; k < p->n; k++) {
        rate[k] = measured ? (double)p->w[k].units / p->w[k].seconds : 1.0;
        sum += rate[k];
    }
    uint64_t at = first, left = count;
    for (int k = 0; k < p->n; k++) {
        uint64_t piece = k == p->n - 1 ? left : (uint64_t)((double)count * rate[k] / sum);
        if (piece > left) piece = left;
        jobs[k] = (job){.w = &p->w[k], .range = fn, .arg = arg, .first = at, .count = piece};
        at += piece, left -= piece;
    }
    p->total = progress ? count : 0, p->finished = 0, p->last_report = 0;
    fr_status s = run_all(p, jobs, run_split);
    p->total = 0;
    return s;
}

void fr_multi_shares(const fr_multi_pool *p, char *out, size_t len)
{
    uint64_t all = 0;
    for (int k = 0; k < p->n; k++) all += p->w[k].units;
    size_t at = 0;
    if (len) out[0] = 0;
    for (int k = 0; k < p->n && at < len; k++) {
        const fr_multi_worker *x = &p->w[k];
        const double share = all ? 100.0 * (double)x->units / (double)all : 0.0;
        int w = snprintf(out + at, len - at, "%s%s %.0f %% (%.3f s", k ? ", " : "", x->ctx.device, share, x->seconds);
        if (w >= 0 && x->setup >= 0.0005 && (size_t)w < len - at)
            w += snprintf(out + at + w, len - at - w, " + %.3f s set-up", x->setup);
        if (w >= 0 && x->finish >= 0.0005 && (size_t)w < len - at)
            w += snprintf(out + at + w, len - at - w, " + %.3f s finishing", x->finish);
        if (w >= 0 && (size_t)w < len - at) w += snprintf(out + at + w, len - at - w, ")");
        if (w < 0) break;
        at += (size_t)w;
    }
}
