/* Flames over a list of devices: each pass's walkers are cut into one
 * piece a device, in proportion to the devices' measured rates; each
 * device runs its walkers (walker k draws from its own stream, whoever
 * runs it) into integer buckets. Where the backend finishes bands
 * (part_rows), each device then owns a band of the image's rows: it sums
 * the bucket rows its band needs from every device (saturating, as the
 * buckets themselves: GPU to GPU by peer copies), density-estimates them
 * into its accumulator and, after the last pass, tone-maps its rows, all
 * devices at once. Otherwise the first device adds every device's buckets
 * up where they are, density-estimates the sum into its accumulator and,
 * after the last pass, tone-maps the image. The integer sum is the one device's buckets, so the image is the
 * one device's, byte for byte, when every device cuts the passes into the
 * same walkers (devices of one kind: the GPU's walker length follows its
 * resident threads). Where they differ (a GPU with the CPU, two GPU
 * models), or a backend cannot render in parts, the first device renders
 * the flame alone.
 *
 * A render shared between processes (MPI ranks, fr_context_set_share)
 * cuts each pass's walkers between the processes too. Where every process
 * has one device and they all run on one machine, each maps the others'
 * buckets (part_export / part_import: CUDA IPC) and its band sums them
 * device to device, as in one process; otherwise each process copies its
 * buckets to the host and they are summed there by the combine function
 * (MPI_Allreduce). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flame/flame_ops.h"
#include "multi/multi_backend.h"
#include "multi/multi_pool.h"

typedef struct mflame {
    fr_multi_pool pool;
    const fr_flame_render_job *job;
    const fr_flame_ops *ops[FR_MAX_DEVICES];
    void *state[FR_MAX_DEVICES];
    uint64_t *walkers[FR_MAX_DEVICES];
    fr_flame_stats st[FR_MAX_DEVICES];
    int pass, passes;
    const fr_flame_bucket_t *sum; /* a shared render's buckets (host), for part_density */
    int band_first, band_all;     /* bands: this process's first, and how many in all */
    int mapped;                   /* a shared render whose bands read the other processes' buckets */
    uint16_t *image;
    fr_progress_fn fn;
    void *user;
} mflame;

static const fr_flame_ops *ops_of(const fr_multi_worker *w)
{
    return w->backend->flame ? w->backend->flame : fr_cpu_backend.flame;
}

/* The first worker, bound to the calling thread. */
static fr_status first(fr_context *ctx, fr_multi_pool *p)
{
    fr_status s = fr_multi_pool_open(ctx, p);
    if (!s && p->w[0].backend->bind && (s = p->w[0].backend->bind(&p->w[0].ctx))) fr_multi_fail(p, 0, s);
    return s;
}

static fr_status done(fr_multi_pool *p, fr_status s)
{
    if (s) fr_multi_fail(p, 0, s);
    fr_multi_pool_close(p);
    return s;
}

/* The whole render on the first device. */
static fr_status render_first(fr_context *ctx, const fr_flame_render_job *job, uint16_t *image, fr_flame_stats *st)
{
    fr_multi_pool p;
    fr_status s = first(ctx, &p);
    if (s) return s;
    p.w[0].ctx.progress = ctx->progress, p.w[0].ctx.progress_user = ctx->progress_user;
    s = ops_of(&p.w[0])->render(&p.w[0].ctx, job, image, st);
    p.w[0].units = 1;
    fr_multi_note_shares(&p);
    return done(&p, s);
}

static fr_status begin_one(fr_multi_worker *w, void *arg)
{
    mflame *m = arg;
    const int k = w->index;
    m->ops[k] = ops_of(w);
    if (!(m->walkers[k] = calloc((size_t)m->passes, sizeof *m->walkers[k])))
        return fr_fail(&w->ctx, FR_ERR_NOMEM, "out of memory");
    return m->ops[k]->part_begin(&w->ctx, m->job, m->walkers[k], &m->state[k]);
}

static fr_status chaos_one(fr_multi_worker *w, uint64_t first, uint64_t count, void *arg)
{
    mflame *m = arg;
    const int k = w->index;
    /* (a worker given no walkers still runs: its buckets come out cleared) */
    return m->ops[k]->part_chaos(m->state[k], m->pass, first, count, NULL, &m->st[k]);
}

static fr_status density_one(fr_multi_worker *w, void *arg)
{
    mflame *m = arg;
    return m->ops[w->index]->part_density(m->state[w->index], m->pass, m->sum);
}

static fr_status tonemap_one(fr_multi_worker *w, void *arg)
{
    mflame *m = arg;
    return m->ops[w->index]->part_tonemap(m->state[w->index], m->image);
}

/* Each device a band of image rows, as even as rows allow: of `all`
 * bands (m->band_all), this process's devices take bands m->band_first,
 * m->band_first + 1, ... */
static fr_status band_one(fr_multi_worker *w, void *arg)
{
    mflame *m = arg;
    const int64_t h = m->job->frame->height, b = m->band_first + w->index, all = m->band_all;
    return m->ops[w->index]->part_rows(m->state[w->index], (int)(h * b / all), (int)(h * (b + 1) / all), m->state,
                                       m->pool.n);
}

/* Which machine this is: its name and the kernel's boot id. */
static void machine_id(char *out, size_t len)
{
    memset(out, 0, len);
    if (gethostname(out, len / 2 - 1)) out[0] = 0;
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
    if (f) {
        if (!fgets(out + len / 2, (int)(len / 2), f)) out[len / 2] = 0;
        fclose(f);
    }
}

#define MACHINE_ID 128
#define SLOT (1 + MACHINE_ID + FR_FLAME_PART_EXPORT)

/* A shared render, one device a process: whether every process's band can
 * read every other process's buckets where they are (one machine, buckets
 * exported and mapped). Collective: every process learns the same answer,
 * and a process that mapped some and not all forgets them. */
static fr_status map_processes(fr_context *ctx, mflame *m)
{
    const int procs = ctx->share_count, me = ctx->share_index;
    unsigned char *all = calloc((size_t)procs, SLOT), *mine = all + (size_t)me * SLOT;
    if (!all) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    machine_id((char *)mine + 1, MACHINE_ID);
    mine[0] = m->ops[0]->part_export(m->state[0], mine + 1 + MACHINE_ID) ? 2 : 1; /* 1: exported */
    fr_status s = fr_share_combine(ctx, all, (size_t)procs * SLOT, FR_COMBINE_OR, "flame buckets' addresses");
    uint64_t failed = mine[0] != 1;
    for (int k = 0; k < procs && !s && !failed; k++) {
        const unsigned char *o = all + (size_t)k * SLOT;
        if (k == me) continue;
        failed = o[0] != 1 || memcmp(o + 1, mine + 1, MACHINE_ID) ||
                 m->ops[0]->part_import(m->state[0], o + 1 + MACHINE_ID) != FR_OK;
    }
    free(all);
    if (!s) s = fr_share_combine(ctx, &failed, 1, FR_COMBINE_SUM_U64, "flame buckets' addresses");
    if (s || failed) m->ops[0]->part_import(m->state[0], NULL);
    m->mapped = !s && !failed;
    return s;
}

/* Every process at this point (a failure anywhere fails everyone). */
static fr_status barrier(fr_context *ctx, const char *what)
{
    uint64_t one = 1;
    fr_status s = fr_share_combine(ctx, &one, 1, FR_COMBINE_SUM_U64, what);
    if (!s && one != (uint64_t)ctx->share_count) s = fr_fail(ctx, FR_ERR_DEVICE, "%s: a process is missing", what);
    return s;
}

/* The parent's progress: the passes' walkers 95 %, density and tone map the rest. */
static int pass_progress(double done, void *user)
{
    mflame *m = user;
    return m->fn(0.95 * (m->pass + done) / m->passes, m->user);
}

static fr_status multi_flame_render(fr_context *ctx, const fr_flame_render_job *job, uint16_t *image,
                                    fr_flame_stats *st)
{
    mflame *m = calloc(1, sizeof *m);
    if (!m) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_status s = fr_multi_pool_open(ctx, &m->pool);
    if (s) return free(m), s;
    const fr_flame_frame *f = job->frame;
    const int n = m->pool.n;
    /* parts: devices of one backend that render in parts, their buckets
     * summed where they are (a GPU's walkers and the CPU's give different
     * points) */
    int parts = 1;
    for (int k = 0; k < n; k++) {
        const fr_flame_ops *ops = ops_of(&m->pool.w[k]);
        parts &= ops->part_begin && ops->part_gather && m->pool.w[k].backend == m->pool.w[0].backend;
    }
    const int shared = fr_shared(ctx);
    fr_flame_bucket_t *sum = NULL; /* a shared render: the pass's buckets, every process's summed */
    if (shared && !parts) {
        fr_multi_pool_close(&m->pool);
        free(m);
        return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                       "a flame over several processes needs each process's devices to be of one kind");
    }
    m->job = job, m->passes = f->passes;
    m->fn = ctx->progress, m->user = ctx->progress_user;
    double t0 = fr_now();
    if (parts) s = fr_multi_each(&m->pool, begin_one, m);
    /* every device must cut the passes into the same walkers */
    for (int k = 1; parts && !s && k < n; k++)
        if (memcmp(m->walkers[k], m->walkers[0], (size_t)m->passes * sizeof *m->walkers[0])) parts = 0;
    /* bands: every device (of every process) finishes rows of its own (not
     * with a raw buffer to fill, which wants every bucket in one place) */
    const int procs = shared ? ctx->share_count : 1;
    const int banded = parts && !s && n * procs > 1 && !job->raw && m->ops[0]->part_rows;
    m->band_first = shared ? ctx->share_index * n : 0, m->band_all = n * procs;
    if (banded) s = fr_multi_each(&m->pool, band_one, m);
    /* (FRACTALIS_MAP_PROCESSES=0: through the host, as between machines) */
    const char *map = getenv("FRACTALIS_MAP_PROCESSES");
    if (!s && banded && shared && n == 1 && m->ops[0]->part_export && m->ops[0]->part_import &&
        !(map && !strcmp(map, "0")))
        s = map_processes(ctx, m);
    if (!s && parts && shared && !m->mapped && !(sum = malloc((size_t)f->wb * f->hb * FR_FB_CHANNELS * sizeof *sum)))
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the flame's buckets");
    st->seconds_setup = fr_now() - t0;
    if (m->fn) ctx->progress = pass_progress, ctx->progress_user = m;
    for (m->pass = 0; parts && !s && m->pass < m->passes; m->pass++) {
        const uint64_t walkers = m->walkers[0][m->pass];
        if (!walkers) continue; /* a pass of no samples adds nothing */
        /* a shared render: this process's range of the walkers */
        const uint64_t lo = shared ? walkers * (uint64_t)ctx->share_index / (uint64_t)ctx->share_count : 0,
                       hi = shared ? walkers * (uint64_t)(ctx->share_index + 1) / (uint64_t)ctx->share_count : walkers;
        double t1 = fr_now();
        if ((s = fr_multi_split(&m->pool, lo, hi - lo, 1, chaos_one, m))) break;
        double t2 = fr_now();
        for (int k = 1; k < n && !s && (!banded || sum); k++)
            if ((s = m->ops[0]->part_gather(m->state[0], m->state[k]))) fr_multi_fail(&m->pool, 0, s);
        if (s) break;
        if (sum && (s = m->ops[0]->part_fetch(m->state[0], sum))) {
            fr_multi_fail(&m->pool, 0, s);
            break;
        }
        if (sum && (s = fr_share_combine(ctx, sum, (size_t)f->wb * f->hb * FR_FB_CHANNELS, FR_COMBINE_SUM_U32_SAT,
                                         "flame buckets")))
            break;
        /* mapped: every process's chaos game done before any band reads
         * its buckets, and every band summed before any clears them */
        if (m->mapped && (s = barrier(ctx, "flame pass")))
            break;
        m->sum = sum;
        if (banded) {
            if ((s = fr_multi_finish(&m->pool, density_one, m))) break;
            if (m->mapped && (s = barrier(ctx, "flame pass"))) break;
        } else if ((s = m->ops[0]->part_density(m->state[0], m->pass, sum))) {
            fr_multi_fail(&m->pool, 0, s);
            break;
        }
        st->seconds_iterate += t2 - t1;
        st->seconds_density += fr_now() - t2;
    }
    ctx->progress = m->fn, ctx->progress_user = m->user;
    /* the mappings go before any exporter's part_end (the image's
     * combine below, or the counters', waits for every process) */
    if (m->mapped) m->ops[0]->part_import(m->state[0], NULL);
    if (parts && !s && image) {
        double t3 = fr_now();
        m->image = image;
        const size_t bytes = (size_t)f->width * f->height * 4 * sizeof *image;
        if (banded && shared) memset(image, 0, bytes); /* the rows of other processes: zeros to combine */
        if (banded)
            s = fr_multi_finish(&m->pool, tonemap_one, m);
        else if ((s = m->ops[0]->part_tonemap(m->state[0], image)))
            fr_multi_fail(&m->pool, 0, s);
        /* every process's rows (disjoint) into every process's image */
        if (!s && banded && shared) s = fr_share_combine(ctx, image, bytes, FR_COMBINE_OR, "flame image");
        st->seconds_filter = fr_now() - t3;
    }
    if (parts && !s && m->fn && m->fn(1.0, m->user)) s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled");
    free(sum);
    for (int k = 0; k < n; k++) {
        if (!s) {
            st->iterations += m->st[k].iterations, st->bad_values += m->st[k].bad_values;
            st->plotted += m->st[k].plotted, st->launches += m->st[k].launches;
            st->passes_redone += m->st[k].passes_redone;
            st->dense_buckets = m->st[k].dense_buckets > st->dense_buckets ? m->st[k].dense_buckets : st->dense_buckets;
            st->bucket_bytes = m->st[k].bucket_bytes > st->bucket_bytes ? m->st[k].bucket_bytes : st->bucket_bytes;
        }
        if (m->state[k]) m->ops[k]->part_end(m->state[k]);
        free(m->walkers[k]);
    }
    if (!s && shared) {
        uint64_t cn[3] = {st->iterations, st->bad_values, st->plotted};
        s = fr_share_combine(ctx, cn, 3, FR_COMBINE_SUM_U64, "counters");
        st->iterations = cn[0], st->bad_values = cn[1], st->plotted = cn[2];
    }
    if (!s && parts) {
        fr_multi_note_shares(&m->pool);
        /* how the processes' buckets met (the statistics say it) */
        const size_t at = strlen(ctx->shares);
        if (shared)
            snprintf(ctx->shares + at, sizeof ctx->shares - at, "; the buckets of %d processes summed %s",
                     ctx->share_count, m->mapped ? "device to device" : "through the host");
    }
    fr_multi_pool_close(&m->pool);
    free(m);
    if (!s && !parts) return render_first(ctx, job, image, st);
    return s;
}

static fr_status multi_flame_memory(fr_context *ctx, const fr_flame_render_job *job, double *need, double *budget)
{
    /* each device holds the whole frame: the tightest device's budget */
    fr_multi_pool p;
    fr_status s = fr_multi_pool_open(ctx, &p);
    if (s) return s;
    *need = 0, *budget = 0;
    for (int k = 0; k < p.n && !s; k++) {
        const fr_flame_ops *ops = ops_of(&p.w[k]);
        double nk = 0, bk = 0;
        if (!ops->memory) continue;
        if (p.w[k].backend->bind && (s = p.w[k].backend->bind(&p.w[k].ctx))) break;
        if ((s = ops->memory(&p.w[k].ctx, job, &nk, &bk))) break;
        if (nk > *need) *need = nk;
        if (*budget == 0 || (bk > 0 && bk < *budget)) *budget = bk;
    }
    return done(&p, s);
}

static fr_status multi_flame_bench(fr_context *ctx, const fr_flame_render_job *job, int runs, int plot,
                                   double *seconds, fr_flame_stats *stats)
{
    fr_multi_pool p;
    fr_status s = first(ctx, &p);
    if (s) return s;
    const fr_flame_ops *ops = ops_of(&p.w[0]);
    s = ops->bench ? ops->bench(&p.w[0].ctx, job, runs, plot, seconds, stats)
                   : fr_fail(&p.w[0].ctx, FR_ERR_UNSUPPORTED, "no flame benchmark on this device");
    return done(&p, s);
}

const fr_flame_ops fr_multi_flame_ops = {
    .render = multi_flame_render,
    .memory = multi_flame_memory,
    .bench = multi_flame_bench,
};
