/* Flames on the GPU, host side: the jobs' arrays (one job, or one per
 * distinct temporal sample, their walkers mixed in every launch) and the
 * frame copied to the device once, then per pass the chaos game in
 * launches of a wave of walkers by a span of their samples (progress and
 * cancel between launches), each launch's float sums drained into the
 * integer buckets, and density estimation into the accumulator; at the
 * end the tone map, and only the image comes back. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cuda/cuda_host.h"
#include "cuda/flame_jit.h"
#include "cuda/flame_launch.h"
#include "flame/flame_ops.h"

#define STATS_BYTES (FR_FS_SLOTS * FR_FS_COUNT * sizeof(unsigned long long))
#define FR_PILOTS 5 /* pilot launches: spans / 4^5, / 4^4, ..., / 4 */

typedef struct gflame {
    cudaStream_t stream;
    fr_cuda_flame_args a;
    fr_flame_frame *dframe;          /* device copy of the frame */
    void *xf, *color, *speed, *vis, *table, *dmap, *hit, *filter, *dew, *dec;
    fr_flame_job *jobs;              /* device: every job, when there are several (temporal samples) */
    fr_flame_frame *frames;          /* device: each job's frame, when the jobs have cameras of their own */
    fr_flame_segment *seg;           /* device: every pass's segments, when there are several jobs */
    fr_flame_bucket_t *buckets;               /* integer buckets */
    unsigned *lost;                  /* device: set by a drain whose float sums were not exact */
    fr_flame_walker *saved;          /* device: a launch's walkers between the spans of their samples */
    uint64_t wide;                   /* walkers a launch (a wave of resident threads) */
    uint32_t span;                   /* samples of each walker a launch */
    int ramp;                        /* pilot launches made (FR_PILOTS of them open a render) */
    uint64_t launches;               /* chaos-game launches */
    int redone;                      /* passes done again */
    double *accum;
    uint16_t *out;
    size_t nb;                       /* buckets */
    uint64_t *walkers, *base;        /* host, per pass: walkers, stream of walker 0 */
    uint64_t *psamples;              /* host, per pass: its samples (one job: the kernel's a.samples) */
    int *seg_off, *seg_n;            /* host, per pass: its segments in seg */
    int sms;
    fr_cuda_flame_jit jit;           /* a kernel built for the genome's variations (kernel NULL: the built-in ones) */
} gflame;

static void gf_free(gflame *g)
{
    void *p[] = {g->dframe, g->xf,   g->color,   g->speed, g->vis, g->table, g->dmap,
                 g->hit,    g->filter, g->dew,   g->dec,   g->jobs, g->frames, g->seg,  g->buckets, g->accum,
                 g->out,    g->a.b4, g->a.ba,    g->a.stats, g->lost,  g->saved,
                 g->a.hot.slot, g->a.hot.bits, g->a.hot.copy, g->a.hot.copy_a, g->a.hot.count};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) cudaFree(p[i]);
    if (g->stream) cudaStreamDestroy(g->stream);
    free(g->walkers), free(g->base), free(g->seg_off), free(g->seg_n), free(g->psamples);
    (void)cudaGetLastError();
    memset(g, 0, sizeof *g);
}

/* Copies n bytes of host memory to a new device buffer. */
static cudaError_t upload(void **d, const void *h, size_t n)
{
    *d = NULL;
    if (!n) return cudaSuccess;
    cudaError_t e = cudaMalloc(d, n);
    return e ? e : cudaMemcpy(*d, h, n, cudaMemcpyHostToDevice);
}

/* A palette alpha below 1 (or a temporal filter value below 1) makes A
 * differ from CNT: A gets its own adds (the builder notes it while it
 * makes the colour maps). */
static int alpha_differs(const fr_flame_jobs *J, int linear)
{
    return linear ? J->alpha_lin : J->alpha_hit;
}

/* Every variation of every prepared xform is classic (and none is an
 * Ember pre_ or post_ one): the chaos game can run the kernel built for
 * those alone. */
static int all_classic(const fr_flame_jobs *J)
{
    for (size_t i = 0; i < J->nxf_all; i++) {
        const fr_flame_xform_pre *x = &J->xf[i];
        for (int k = 0; k < x->nvar; k++)
            if (!fr_flame_var_classic(x->var[k])) return 0;
        if (x->pre.n || x->postv.n) return 0; /* Ember's pre_ and post_ variations: not in that kernel */
    }
    return 1;
}

/* The same for the common variations (flame_chaos_common.cu's kernel). */
static int all_common(const fr_flame_jobs *J)
{
    for (size_t i = 0; i < J->nxf_all; i++) {
        const fr_flame_xform_pre *x = &J->xf[i];
        for (int k = 0; k < x->nvar; k++)
            if (x->var[k] >= FR_V_FIRST_RARE) return 0;
        if (x->pre.n || x->postv.n) return 0;
    }
    return 1;
}

/* Samples a walker: flam3's 10000, as on the CPU (much shorter walkers
 * change images: more of each orbit's start, whose points lie off the
 * lattice an exact IFS such as a Sierpinski gasket settles on); when that
 * takes more than two waves of resident threads, a little shorter, so the
 * walkers fill whole waves (the last wave is not left nearly empty): at
 * least 2/3 of 10000. */
static uint32_t walker_length(uint64_t samples, uint64_t resident)
{
    const uint64_t l = FR_FLAME_SUB_BATCH;
    if (!resident) return (uint32_t)l;
    uint64_t waves = (samples + l * resident - 1) / (l * resident);
    if (waves <= 2) return (uint32_t)l;
    uint64_t w = (samples + waves * resident - 1) / (waves * resident);
    return (uint32_t)(w < l ? w : l);
}

/* The hot table's room: 64 buckets and one per 1024 (about 10 bytes a
 * bucket), up to FR_FLAME_HOT_MAX. */
static unsigned hot_cap(const fr_flame_frame *f)
{
    const double c = 64.0 + (double)f->wb * f->hb / 1024.0;
    return c < FR_FLAME_HOT_MAX ? (unsigned)c : FR_FLAME_HOT_MAX;
}

/* At most this many walkers' states wait between launches: a wave, or a
 * pass's walkers when they are fewer (walkers of at least 2/3 of
 * FR_FLAME_SUB_BATCH, one more a job). */
static uint64_t saved_walkers(const fr_flame_render_job *dj)
{
    const uint64_t wave = fr_cuda_flame_resident();
    const uint64_t walkers = dj->per_pass / (FR_FLAME_SUB_BATCH * 2 / 3) + (uint64_t)dj->jobs->njobs + 1;
    return wave && wave < walkers ? wave : walkers;
}

/* The device memory of a render: float and integer buckets, accumulator,
 * image; the budget: --device-memory, else 90% of what is free. */
static fr_status cuda_flame_memory(fr_context *ctx, const fr_flame_render_job *dj, double *need, double *budget)
{
    fr_status s = FR_OK;
    const fr_flame_frame *f = dj->frame;
    const double nb = (double)f->wb * f->hb;
    const fr_flame_jobs *J = dj->jobs;
    size_t free_b = 0, total_b = 0;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
    *need = nb * (sizeof(float4) + (alpha_differs(J, dj->job->linear_palette) ? sizeof(float) : 0) +
                  FR_FB_CHANNELS * sizeof(fr_flame_bucket_t) + 4 * sizeof(double)) +
            (double)f->width * f->height * 4 * sizeof(uint16_t) + fr_flame_jobs_bytes(J) +
            (double)J->pass_group[J->passes] * sizeof(fr_flame_segment) +
            (double)saved_walkers(dj) * sizeof(fr_flame_walker) + FR_FLAME_HOT_SLOTS * sizeof(unsigned long long) + FR_FLAME_HOT_BITS / 8 +
            (double)hot_cap(f) * FR_FLAME_HOT_BYTES;
    *budget = ctx->device_memory ? (double)ctx->device_memory : (double)free_b * 0.9;
out:
    return s;
}

static fr_status gf_setup(fr_context *ctx, const fr_flame_render_job *dj, gflame *g)
{
    fr_status s = FR_OK;
    memset(g, 0, sizeof *g);
    const fr_flame_frame *f = dj->frame;
    const fr_flame_job *j = dj->job;
    fr_flame_job *hjobs = NULL;
    fr_flame_frame *hframes = NULL;
    fr_flame_segment *hseg = NULL;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking), "cudaStreamCreate");
    CK(cudaDeviceGetAttribute(&g->sms, cudaDevAttrMultiProcessorCount, ctx->cuda_index), "device attributes");

    g->nb = (size_t)f->wb * f->hb;
    const fr_flame_jobs *J = dj->jobs;
    const int sep = alpha_differs(J, j->linear_palette);
    const size_t out_bytes = (size_t)f->width * f->height * 4 * sizeof(uint16_t);
    double need, budget;
    if ((s = cuda_flame_memory(ctx, dj, &need, &budget))) goto out;
    if (need > budget) {
        s = fr_fail(ctx, FR_ERR_NOMEM,
                    "the flame needs %.1f GiB of GPU memory (%zu buckets), %.1f GiB are available: use more strips, "
                    "a smaller size or supersample, or the CPU",
                    need / (1 << 30), g->nb, budget / (1 << 30));
        goto out;
    }

    /* the frame, its arrays on the device */
    fr_flame_frame df = *f;
    CK(upload(&g->filter, f->filter, (size_t)f->fwidth * f->fwidth * sizeof(double)), "flame frame");
    df.filter = g->filter;
    if (f->de.max_filter_index > 0) {
        const size_t nk = (size_t)f->de.max_filter_index + 1;
        CK(upload(&g->dew, f->de.width, nk * sizeof(double)), "flame frame");
        CK(upload(&g->dec, f->de.coef, nk * f->de.kernel_size * sizeof(double)), "flame frame");
        df.de.width = g->dew, df.de.coef = g->dec;
    }
    CK(upload((void **)&g->dframe, &df, sizeof df), "flame frame");

    /* the jobs: their pools on the device, each job's pointers moved by its pool's offset */
    const size_t nx = J->nxf_all, nt = J->ntable_all;
    CK(upload(&g->xf, J->xf, nx * sizeof *J->xf), "flame xforms");
    CK(upload(&g->color, J->color, nx * sizeof(double)), "flame xforms");
    CK(upload(&g->speed, J->speed, nx * sizeof(double)), "flame xforms");
    CK(upload(&g->vis, J->vis, nx * sizeof(double)), "flame xforms");
    CK(upload(&g->table, J->table, nt * sizeof(uint16_t)), "flame xforms");
    CK(upload(&g->dmap, J->dmap, (size_t)J->ncol * 256 * sizeof *J->dmap), "flame palette");
    CK(upload(&g->hit, J->hit, J->nhit_all * sizeof *J->hit), "flame palette");
    hjobs = malloc((size_t)J->njobs * sizeof *hjobs);
    hframes = J->cameras ? malloc((size_t)J->njobs * sizeof *hframes) : NULL;
    if (!hjobs || (J->cameras && !hframes)) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto out;
    }
    for (int k = 0; k < J->njobs; k++) {
        const fr_flame_job *h = &J->job[k];
        fr_flame_job *d = &hjobs[k];
        *d = *h;
        d->frame = g->dframe;
        if (J->cameras) { /* the job's camera in a copy of the device frame */
            fr_flame_camera c;
            fr_flame_camera_get(h->frame, &c);
            hframes[k] = df;
            fr_flame_camera_put(&hframes[k], &c);
        }
        d->xf = (const fr_flame_xform_pre *)g->xf + (h->xf - J->xf);
        d->color = (const double *)g->color + (h->color - J->color);
        d->speed = (const double *)g->speed + (h->speed - J->speed);
        d->vis = (const double *)g->vis + (h->vis - J->vis);
        d->table = (const uint16_t *)g->table + (h->table - J->table);
        d->dmap = (const double(*)[4])g->dmap + (h->dmap - (const double(*)[4])J->dmap);
        d->hit = (const uint32_t(*)[256][5])g->hit + (h->hit - (const uint32_t(*)[256][5])J->hit);
    }
    if (J->cameras) {
        CK(upload((void **)&g->frames, hframes, (size_t)J->njobs * sizeof *hframes), "flame jobs");
        for (int k = 0; k < J->njobs; k++) hjobs[k].frame = g->frames + k;
    }
    g->a.job = hjobs[0];
    /* the plain kernel maps points through a.frame: one job's camera */
    g->a.frame = J->cameras ? hframes[0] : df;
    g->a.cameras = J->cameras && J->njobs > 1;
    g->a.proj = df.proj.on;
    for (int k = 0; k < J->ncam; k++) g->a.proj |= J->cam[k].proj.on;
    if (J->njobs > 1) {
        CK(upload((void **)&g->jobs, hjobs, (size_t)J->njobs * sizeof *hjobs), "flame jobs");
        g->a.jobs = g->jobs;
    }

    CK(cudaMalloc((void **)&g->a.b4, g->nb * sizeof(float4)), "flame buckets");
    if (sep) CK(cudaMalloc((void **)&g->a.ba, g->nb * sizeof(float)), "flame buckets");
    CK(cudaMalloc((void **)&g->buckets, g->nb * FR_FB_CHANNELS * sizeof(fr_flame_bucket_t)), "flame buckets");
    CK(cudaMalloc((void **)&g->lost, sizeof *g->lost), "flame buckets");
    g->a.hot.cap = hot_cap(f);
    const size_t copies = (size_t)g->a.hot.cap * FR_FLAME_HOT_COPIES;
    CK(cudaMalloc((void **)&g->a.hot.slot, FR_FLAME_HOT_SLOTS * sizeof(unsigned long long)), "flame buckets");
    CK(cudaMalloc((void **)&g->a.hot.bits, FR_FLAME_HOT_BITS / 8), "flame buckets");
    CK(cudaMemsetAsync(g->a.hot.bits, 0, FR_FLAME_HOT_BITS / 8, g->stream), "flame buckets");
    CK(cudaMalloc((void **)&g->a.hot.copy, copies * sizeof(float4)), "flame buckets");
    if (sep) CK(cudaMalloc((void **)&g->a.hot.copy_a, copies * sizeof(float)), "flame buckets");
    CK(cudaMalloc((void **)&g->a.hot.count, sizeof(unsigned)), "flame buckets");
    CK(cudaMemsetAsync(g->a.hot.slot, 0, FR_FLAME_HOT_SLOTS * sizeof(unsigned long long), g->stream), "flame buckets");
    CK(cudaMemsetAsync(g->a.hot.count, 0, sizeof(unsigned), g->stream), "flame buckets");
    CK(cudaMalloc((void **)&g->accum, g->nb * 4 * sizeof(double)), "flame accumulator");
    CK(cudaMalloc((void **)&g->out, out_bytes), "flame image");
    CK(cudaMalloc((void **)&g->a.stats, STATS_BYTES), "flame counters");
    CK(cudaMemsetAsync(g->a.stats, 0, STATS_BYTES, g->stream), "flame counters");
    g->a.classic = all_classic(J);
    g->a.common = all_common(J);
    /* a flame the built-in classic and common kernels cannot run gets a
     * kernel built for its variations (flame_jit.h), when NVRTC is there */
    uint64_t resident = fr_cuda_flame_resident();
    const int jit = fr_cuda_flame_jit_mode();
    const char *why = jit ? NULL : "FRACTALIS_FLAME_JIT=0";
    if (jit == 2 || (jit == 1 && !g->a.classic && !g->a.common)) {
        if (!fr_cuda_flame_jit_get(J, &g->a, &g->jit, &why))
            resident = (uint64_t)g->jit.sms * (uint64_t)g->jit.per_sm * 128u;
    }
    if (g->jit.kernel)
        snprintf(ctx->flame_kernel, sizeof ctx->flame_kernel, "genome (%s)", g->jit.note);
    else if (g->a.classic || g->a.common)
        snprintf(ctx->flame_kernel, sizeof ctx->flame_kernel, "%s", g->a.classic ? "classic" : "common");
    else
        snprintf(ctx->flame_kernel, sizeof ctx->flame_kernel, "full (%.140s)", why ? why : "?");
    g->a.per_walker = walker_length(dj->per_pass, resident);
    g->wide = resident;
    if (!g->wide) g->wide = 1;
    g->a.samples = dj->per_pass;
    g->a.plot = 1;
    /* each pass's walkers and segments (walker -> job) */
    g->walkers = malloc((size_t)J->passes * sizeof *g->walkers);
    g->base = malloc((size_t)J->passes * sizeof *g->base);
    g->seg_off = malloc((size_t)J->passes * sizeof *g->seg_off);
    g->seg_n = malloc((size_t)J->passes * sizeof *g->seg_n);
    g->psamples = malloc((size_t)J->passes * sizeof *g->psamples);
    hseg = malloc(((size_t)J->pass_group[J->passes] + 1) * sizeof *hseg);
    if (!g->walkers || !g->base || !g->seg_off || !g->seg_n || !g->psamples || !hseg) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto out;
    }
    uint64_t base = 0;
    for (int p = 0; p < J->passes; p++) {
        g->seg_off[p] = J->pass_group[p];
        g->walkers[p] = fr_flame_segments(J, p, g->a.per_walker, hseg + g->seg_off[p], &g->seg_n[p]);
        g->psamples[p] = 0;
        for (int k = 0; k < g->seg_n[p]; k++) g->psamples[p] += hseg[g->seg_off[p] + k].samples;
        g->base[p] = base;
        base += g->walkers[p];
    }
    if (g->a.jobs) CK(upload((void **)&g->seg, hseg, (size_t)J->pass_group[J->passes] * sizeof *hseg), "flame jobs");
    uint64_t most = 1;
    for (int p = 0; p < J->passes; p++) most = g->walkers[p] > most ? g->walkers[p] : most;
    if (most > g->wide) most = g->wide;
    CK(cudaMalloc((void **)&g->saved, most * sizeof(fr_flame_walker)), "flame walkers");
    g->a.saved = g->saved;
    /* Launches of a wave of walkers by a span of their samples: about
     * max(2^26, 256 x buckets) samples, so that a bucket takes 2^23 / 255
     * hits in one launch (and joins the hot table) only when it is some
     * 128 times denser than the average, and the drains cost about 1 % of
     * the chaos game. A render opens with FR_PILOTS pilot launches of
     * 1/1024, 1/256, 1/64, 1/16 and 1/4 of the span, each drain sending the
     * buckets dense at that scale to the hot table: a bucket that takes 3 %
     * of all hits (a fixed point) stays below 2^24 in the first and is hot
     * before the longer launches. */
    {
        const double per_launch = fmax(67108864.0, 256.0 * (double)g->nb);
        const double span = per_launch / (double)most;
        g->span = span >= g->a.per_walker ? g->a.per_walker : span < 1 ? 1 : (uint32_t)span;
    }
out:
    free(hjobs), free(hframes), free(hseg);
    if (s) gf_free(g);
    return s;
}

/* Samples [from, upto) of walkers [first, first + count) of pass `pass`
 * queued, then (when it plots) the float sums drained into the integer
 * buckets. */
static cudaError_t gf_launch(gflame *g, int pass, uint64_t first, uint64_t count, uint32_t from, uint32_t upto)
{
    g->a.base = g->base[pass], g->a.first = first, g->a.count = count, g->a.from = from, g->a.upto = upto;
    if (g->seg) g->a.seg = g->seg + g->seg_off[pass], g->a.nseg = g->seg_n[pass];
    else g->a.samples = g->psamples[pass]; /* (a timeline's passes may differ) */
    if (g->ramp < FR_PILOTS) g->ramp++;
    g->launches++;
    cudaError_t e = g->jit.kernel ? fr_cuda_flame_jit_launch(&g->jit, &g->a, g->stream)
                                  : fr_cuda_flame_chaos(&g->a, g->stream);
    /* dense: 2^23 in a launch of the span, in proportion in a shorter one */
    const float dense = (float)(8388608.0 * (upto - from) / g->span);
    if (e == cudaSuccess && g->a.plot)
        e = fr_cuda_flame_drain(g->a.b4, g->a.ba, g->buckets, g->nb, dense, g->a.hot, g->lost, g->stream);
    return e;
}

/* The pass's image buckets added into dj->raw on the host. */
static fr_status gf_raw(fr_context *ctx, gflame *g, const fr_flame_render_job *dj)
{
    fr_status s = FR_OK;
    const fr_flame_frame *f = dj->frame;
    const size_t row = (size_t)f->os * f->width * FR_FB_CHANNELS * sizeof(fr_flame_bucket_t);
    const size_t rows = (size_t)f->os * f->height;
    fr_flame_bucket_t *h = malloc(row * rows);
    if (!h) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the raw buffer's copy");
    const fr_flame_bucket_t *src =
        g->buckets + ((size_t)fr_flame_image_row0(f) * f->wb + f->gutter) * FR_FB_CHANNELS;
    CK(cudaMemcpy2DAsync(h, row, src, (size_t)f->wb * FR_FB_CHANNELS * sizeof(fr_flame_bucket_t), row, rows,
                         cudaMemcpyDeviceToHost, g->stream),
       "flame raw buffer");
    CK(cudaStreamSynchronize(g->stream), "flame raw buffer");
    fr_flame_raw_add(f, h, (int64_t)f->os * f->width, dj->raw);
out:
    free(h);
    return s;
}

static fr_status gf_counters(fr_context *ctx, gflame *g, fr_flame_stats *st)
{
    fr_status s = FR_OK;
    unsigned long long h[FR_FS_SLOTS * FR_FS_COUNT];
    CK(cudaMemcpy(h, g->a.stats, STATS_BYTES, cudaMemcpyDeviceToHost), "flame counters");
    st->iterations = st->bad_values = st->plotted = 0;
    for (int i = 0; i < FR_FS_SLOTS; i++) {
        st->iterations += h[i * FR_FS_COUNT + FR_FS_ITERATIONS];
        st->bad_values += h[i * FR_FS_COUNT + FR_FS_BAD];
        st->plotted += h[i * FR_FS_COUNT + FR_FS_PLOTTED];
    }
    unsigned dense = 0;
    CK(cudaMemcpy(&dense, g->a.hot.count, sizeof dense, cudaMemcpyDeviceToHost), "flame counters");
    st->dense_buckets = dense < g->a.hot.cap ? dense : g->a.hot.cap;
    st->launches = g->launches;
    st->passes_redone = g->redone;
out:
    return s;
}

/* Whether the hot table has buckets, for the next launches (waits). */
static cudaError_t gf_any_hot(gflame *g)
{
    unsigned n = 0;
    cudaError_t e = cudaMemcpyAsync(&n, g->a.hot.count, sizeof n, cudaMemcpyDeviceToHost, g->stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(g->stream);
    g->a.any_hot = n != 0;
    return e;
}

/* One pass into the integer buckets (cleared first), in launches of
 * g->wide walkers by g->span samples, each drained. A drain that finds a
 * float sum past 2^24 (not exact) has the pass done again, its counters as
 * they were, in launches of half the span (or, at one sample, half the
 * walkers: one sample a launch adds 255 at most, so this ends), which the
 * next passes keep. A wave's launches are queued at once; progress (when
 * shown is not NULL) and cancel after each wave. */
static fr_status gf_pass(fr_context *ctx, gflame *g, int pass, int passes, uint64_t first, uint64_t count,
                         double *shown, float *ms)
{
    fr_status s = FR_OK;
    cudaEvent_t e0 = NULL, e1 = NULL;
    CK(cudaEventCreate(&e0), "events");
    CK(cudaEventCreate(&e1), "events");
    unsigned long long kept[FR_FS_SLOTS * FR_FS_COUNT];
    CK(cudaMemcpyAsync(kept, g->a.stats, STATS_BYTES, cudaMemcpyDeviceToHost, g->stream), "flame counters");
    for (;;) {
        CK(cudaMemsetAsync(g->a.b4, 0, g->nb * sizeof(float4), g->stream), "flame buckets");
        if (g->a.ba) CK(cudaMemsetAsync(g->a.ba, 0, g->nb * sizeof(float), g->stream), "flame buckets");
        CK(cudaMemsetAsync(g->buckets, 0, g->nb * FR_FB_CHANNELS * sizeof(fr_flame_bucket_t), g->stream),
           "flame buckets");
        CK(cudaMemsetAsync(g->lost, 0, sizeof *g->lost, g->stream), "flame buckets");
        const size_t copies = (size_t)g->a.hot.cap * FR_FLAME_HOT_COPIES;
        CK(cudaMemsetAsync(g->a.hot.copy, 0, copies * sizeof(float4), g->stream), "flame buckets");
        if (g->a.hot.copy_a) CK(cudaMemsetAsync(g->a.hot.copy_a, 0, copies * sizeof(float), g->stream), "flame buckets");
        const uint64_t walkers = g->walkers[pass];
        const uint64_t end = count < walkers - first ? first + count : walkers;
        const uint32_t per = g->a.per_walker;
        for (uint64_t w = first; w < end; w += g->wide) {
            /* a wave's launches queued together, timed, then waited for */
            const uint64_t n = end - w < g->wide ? end - w : g->wide;
            CK(cudaEventRecord(e0, g->stream), "events");
            for (uint32_t from = 0; from < per;) {
                const int pilot = g->ramp < FR_PILOTS;
                const uint32_t part = pilot ? g->span >> (2 * (FR_PILOTS - g->ramp)) : g->span;
                const uint32_t step = part ? part : 1;
                const uint32_t upto = per - from < step ? per : from + step;
                CK(gf_launch(g, pass, w, n, from, upto), "flame chaos game");
                if (pilot) CK(gf_any_hot(g), "flame buckets");
                from = upto;
            }
            CK(cudaEventRecord(e1, g->stream), "events");
            CK(cudaEventSynchronize(e1), "flame chaos game");
            float t = 0;
            CK(cudaEventElapsedTime(&t, e0, e1), "events");
            *ms += t;
            CK(gf_any_hot(g), "flame buckets");
            if (!shown) continue;
            /* passes == 0: a part of a pass, its fraction done */
            const double done = passes ? 0.95 * (pass + (double)(w + n) / walkers) / passes
                                       : (double)(w + n - first) / (double)(end - first);
            if (done < *shown) continue;
            *shown = done;
            if (ctx->progress && ctx->progress(done, ctx->progress_user)) {
                s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled");
                goto out;
            }
        }
        if (!g->a.plot) break;
        unsigned lost = 0;
        CK(cudaMemcpyAsync(&lost, g->lost, sizeof lost, cudaMemcpyDeviceToHost, g->stream), "flame buckets");
        CK(cudaStreamSynchronize(g->stream), "flame chaos game");
        if (!lost) break;
        if (g->span > 1)
            g->span = (g->span + 1) / 2;
        else if (g->wide > 1)
            g->wide /= 2;
        else
            break;
        CK(cudaMemcpyAsync(g->a.stats, kept, STATS_BYTES, cudaMemcpyHostToDevice, g->stream), "flame counters");
        g->redone++;
    }
out:
    if (e0) cudaEventDestroy(e0);
    if (e1) cudaEventDestroy(e1);
    return s;
}

static fr_status cuda_flame_render(fr_context *ctx, const fr_flame_render_job *dj, uint16_t *image, fr_flame_stats *st)
{
    double t0 = fr_now();
    gflame g;
    fr_status s = gf_setup(ctx, dj, &g);
    if (s) return s;
    const fr_flame_frame *f = dj->frame;
    const int passes = f->passes;
    CK(cudaMemsetAsync(g.accum, 0, g.nb * 4 * sizeof(double), g.stream), "flame accumulator");
    CK(cudaStreamSynchronize(g.stream), "flame setup");
    st->seconds_setup = fr_now() - t0;
    st->bucket_bytes = (double)g.nb * (sizeof(float4) + (g.a.ba ? sizeof(float) : 0));
    double shown = 0; /* progress shown: never back, even when a pass is done again */
    for (int pass = 0; pass < passes; pass++) {
        /* a pass of no samples (more passes than samples) adds nothing */
        if (!g.walkers[pass]) continue;
        float ms = 0;
        if ((s = gf_pass(ctx, &g, pass, passes, 0, UINT64_MAX, &shown, &ms))) goto out;
        st->seconds_iterate += ms / 1e3;
        double t1 = fr_now();
        if (dj->raw && (s = gf_raw(ctx, &g, dj))) goto out;
        double k1, k2;
        fr_flame_pass_k(dj, pass, &k1, &k2);
        CK(fr_cuda_flame_density(g.dframe, f, g.buckets, g.accum, k1, k2, 0, f->hb, g.stream), "flame density");
        CK(cudaStreamSynchronize(g.stream), "flame density");
        st->seconds_density += fr_now() - t1;
    }
    double t2 = fr_now();
    if (image) { /* else the raw buffer alone was asked for */
        CK(fr_cuda_flame_tonemap(g.dframe, f, &dj->tone, g.accum, dj->earlyclip, dj->bpc, g.out, 0, f->height,
                                 g.stream),
           "flame tone map");
        CK(cudaMemcpyAsync(image, g.out, (size_t)f->width * f->height * 4 * sizeof(uint16_t),
                           cudaMemcpyDeviceToHost, g.stream),
           "flame image");
        CK(cudaStreamSynchronize(g.stream), "flame tone map");
    }
    st->seconds_filter = fr_now() - t2;
    s = gf_counters(ctx, &g, st);
out:
    gf_free(&g);
    return s;
}

static fr_status cuda_flame_bench(fr_context *ctx, const fr_flame_render_job *dj, int runs, int plot, double *seconds,
                              fr_flame_stats *st)
{
    gflame g;
    fr_status s = gf_setup(ctx, dj, &g);
    if (s) return s;
    g.a.plot = plot;
    for (int r = 0; r < runs; r++) {
        float ms = 0;
        g.launches = 0;
        CK(cudaMemsetAsync(g.a.stats, 0, STATS_BYTES, g.stream), "flame counters");
        if ((s = gf_pass(ctx, &g, 0, 1, 0, UINT64_MAX, NULL, &ms))) goto out;
        seconds[r] = ms / 1e3;
    }
    s = gf_counters(ctx, &g, st);
out:
    gf_free(&g);
    return s;
}

/* ---------------------------------------------- a render in parts (src/multi) */

typedef struct gpart {
    fr_context *ctx;
    const fr_flame_render_job *dj;
    gflame g;
    /* a band (part_rows): image rows [y0, y1), accumulator rows [alo,
     * ahi), and the bucket rows [blo, bhi) they need, every part's summed
     * into `band` (row blo first) from the parts `peer` */
    int banded, y0, y1, alo, ahi, blo, bhi;
    fr_flame_bucket_t *band, *tmp;
    int band_owned;                  /* band allocated here (else the float buckets' memory) */
    struct gpart *const *peer;
    int npeers;
    /* other processes' buckets (part_import), mapped here */
    struct gfar {
        int dev;
        fr_flame_bucket_t *b;
    } *far;
    int nfar;
} gpart;

/* What another process needs to map a part's buckets (part_export). */
typedef struct gexport {
    char magic[8];             /* "frflmcu1" */
    uint64_t values;           /* bucket values (buckets x channels): the same frame */
    char bus[32];              /* the device's PCI bus id */
    cudaIpcMemHandle_t handle; /* the integer buckets' memory */
} gexport;
_Static_assert(sizeof(gexport) <= FR_FLAME_PART_EXPORT, "a part's export fits the blob");

static void unmap_far(gpart *p)
{
    for (int k = 0; k < p->nfar; k++) cudaIpcCloseMemHandle(p->far[k].b);
    free(p->far);
    p->far = NULL, p->nfar = 0;
    (void)cudaGetLastError();
}

static void cuda_part_end(void *state)
{
    gpart *p = state;
    if (!p) return;
    cudaSetDevice(p->ctx->cuda_index);
    unmap_far(p);
    if (p->band_owned) cudaFree(p->band);
    gf_free(&p->g);
    cudaFree(p->tmp);
    free(p);
}

static fr_status cuda_part_begin(fr_context *ctx, const fr_flame_render_job *dj, uint64_t *walkers, void **state)
{
    gpart *p = calloc(1, sizeof *p);
    if (!p) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    p->ctx = ctx, p->dj = dj;
    fr_status s = gf_setup(ctx, dj, &p->g);
    if (s) return free(p), s;
    CK(cudaMemsetAsync(p->g.accum, 0, p->g.nb * 4 * sizeof(double), p->g.stream), "flame accumulator");
    CK(cudaStreamSynchronize(p->g.stream), "flame setup");
    for (int pass = 0; pass < dj->frame->passes; pass++) walkers[pass] = p->g.walkers[pass];
    *state = p;
    return FR_OK;
out:
    cuda_part_end(p);
    return s;
}

static fr_status cuda_part_chaos(void *state, int pass, uint64_t first, uint64_t count, fr_flame_bucket_t *out,
                                 fr_flame_stats *st)
{
    gpart *p = state;
    fr_context *ctx = p->ctx;
    fr_status s = FR_OK;
    double shown = 0;
    float ms = 0;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    if ((s = gf_pass(ctx, &p->g, pass, 0, first, count, &shown, &ms))) goto out;
    if (out)
        CK(cudaMemcpyAsync(out, p->g.buckets, p->g.nb * FR_FB_CHANNELS * sizeof *out, cudaMemcpyDeviceToHost,
                           p->g.stream),
           "flame buckets");
    CK(cudaStreamSynchronize(p->g.stream), "flame buckets");
    st->seconds_iterate += ms / 1e3;
    st->bucket_bytes = (double)p->g.nb * (sizeof(float4) + (p->g.a.ba ? sizeof(float) : 0));
    s = gf_counters(ctx, &p->g, st);
out:
    return s;
}

/* Bucket values moved between devices at a time (256 MiB). */
#define GATHER_VALUES ((size_t)64 << 20)

/* dst (on p's device) += n bucket values at src on device `dev`,
 * saturating: read where they are (one device, or peer access over NVLink
 * or PCIe), else in pieces through p->tmp (peer copies, which the driver
 * may stage through the host). */
static cudaError_t add_from(gpart *p, fr_flame_bucket_t *dst, int dev, const fr_flame_bucket_t *src, size_t n)
{
    cudaError_t e = cudaSuccess;
    if (fr_cuda_peer(p->ctx->cuda_index, dev)) return fr_cuda_flame_bucket_add(dst, src, n, p->g.stream);
    if (!p->tmp && (e = cudaMalloc((void **)&p->tmp, GATHER_VALUES * sizeof *p->tmp))) return e;
    for (size_t at = 0; at < n && !e; at += GATHER_VALUES) {
        const size_t m = n - at < GATHER_VALUES ? n - at : GATHER_VALUES;
        e = cudaMemcpyPeerAsync(p->tmp, p->ctx->cuda_index, src + at, dev, m * sizeof *p->tmp,
                                p->g.stream);
        if (!e) e = fr_cuda_flame_bucket_add(dst + at, p->tmp, m, p->g.stream);
    }
    return e;
}

static fr_status cuda_part_gather(void *state, void *from)
{
    gpart *p = state, *q = from;
    fr_context *ctx = p->ctx;
    fr_status s = FR_OK;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(add_from(p, p->g.buckets, q->ctx->cuda_index, q->g.buckets, p->g.nb * FR_FB_CHANNELS), "flame bucket sum");
    CK(cudaStreamSynchronize(p->g.stream), "flame bucket sum");
out:
    return s;
}

/* This part finishes image rows [y0, y1) alone: its density estimation
 * and tone map cover them, from its band of every peer's buckets summed
 * (part_density) or of the caller's (a shared render). */
static fr_status cuda_part_rows(void *state, int y0, int y1, void *const *peers, int npeers)
{
    gpart *p = state;
    fr_context *ctx = p->ctx;
    const fr_flame_frame *f = p->dj->frame;
    fr_status s = FR_OK;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    p->banded = 1, p->y0 = y0, p->y1 = y1, p->peer = (struct gpart *const *)peers, p->npeers = npeers;
    fr_cuda_flame_rows(f, y0, y1, &p->alo, &p->ahi, &p->blo, &p->bhi);
    const size_t bytes = (size_t)(p->bhi - p->blo) * f->wb * FR_FB_CHANNELS * sizeof *p->band;
    /* the float buckets are free from a pass's drain to the next pass's
     * clearing, which is when the band is used: its home when it fits */
    if (bytes && bytes <= p->g.nb * sizeof(float4)) {
        p->band = (fr_flame_bucket_t *)p->g.a.b4;
    } else if (bytes) {
        CK(cudaMalloc((void **)&p->band, bytes), "flame bucket band");
        p->band_owned = 1;
    }
out:
    return s;
}

/* The band's buckets: every peer's rows [blo, bhi) summed, and every other
 * process's (the peers are done with their chaos game, and nobody writes
 * buckets until every part has summed its band). */
static cudaError_t sum_band(gpart *p)
{
    const int64_t row = (int64_t)p->dj->frame->wb * FR_FB_CHANNELS, at = row * p->blo;
    const size_t n = (size_t)(row * (p->bhi - p->blo));
    cudaError_t e = cudaMemcpyAsync(p->band, p->g.buckets + at, n * sizeof *p->band, cudaMemcpyDeviceToDevice,
                                    p->g.stream);
    for (int k = 0; k < p->npeers && !e; k++)
        if (p->peer[k] != p) e = add_from(p, p->band, p->peer[k]->ctx->cuda_index, p->peer[k]->g.buckets + at, n);
    for (int k = 0; k < p->nfar && !e; k++) e = add_from(p, p->band, p->far[k].dev, p->far[k].b + at, n);
    return e;
}

static fr_status cuda_part_fetch(void *state, fr_flame_bucket_t *out)
{
    gpart *p = state;
    fr_context *ctx = p->ctx;
    fr_status s = FR_OK;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaMemcpyAsync(out, p->g.buckets, p->g.nb * FR_FB_CHANNELS * sizeof *out, cudaMemcpyDeviceToHost,
                       p->g.stream),
       "flame buckets");
    CK(cudaStreamSynchronize(p->g.stream), "flame buckets");
out:
    return s;
}

static fr_status cuda_part_density(void *state, int pass, const fr_flame_bucket_t *b)
{
    gpart *p = state;
    fr_context *ctx = p->ctx;
    const fr_flame_frame *f = p->dj->frame;
    fr_status s = FR_OK;
    double k1, k2;
    fr_flame_pass_k(p->dj, pass, &k1, &k2);
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    if (p->banded) {
        /* this part's rows alone: its band of the buckets, from the
         * caller's sum or every peer's */
        if (p->bhi <= p->blo) return FR_OK;
        const size_t row = (size_t)f->wb * FR_FB_CHANNELS, n = row * (size_t)(p->bhi - p->blo);
        if (b)
            CK(cudaMemcpyAsync(p->band, b + row * p->blo, n * sizeof *b, cudaMemcpyHostToDevice, p->g.stream),
               "flame buckets");
        else
            CK(sum_band(p), "flame bucket sum");
        CK(fr_cuda_flame_density(p->g.dframe, f, p->band - row * p->blo, p->g.accum, k1, k2, p->alo, p->ahi,
                                 p->g.stream),
           "flame density");
        CK(cudaStreamSynchronize(p->g.stream), "flame density");
        return FR_OK;
    }
    if (b)
        CK(cudaMemcpyAsync(p->g.buckets, b, p->g.nb * FR_FB_CHANNELS * sizeof *b, cudaMemcpyHostToDevice,
                           p->g.stream),
           "flame buckets");
    if (p->dj->raw && (s = gf_raw(ctx, &p->g, p->dj))) goto out;
    CK(fr_cuda_flame_density(p->g.dframe, f, p->g.buckets, p->g.accum, k1, k2, 0, f->hb, p->g.stream),
       "flame density");
    CK(cudaStreamSynchronize(p->g.stream), "flame density");
out:
    return s;
}

/* This part's buckets as another process of the machine maps them. */
static fr_status cuda_part_export(void *state, unsigned char *blob)
{
    gpart *p = state;
    fr_context *ctx = p->ctx;
    fr_status s = FR_OK;
    gexport x;
    memset(&x, 0, sizeof x);
    memcpy(x.magic, "frflmcu1", sizeof x.magic);
    x.values = (uint64_t)p->g.nb * FR_FB_CHANNELS;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaDeviceGetPCIBusId(x.bus, sizeof x.bus - 1, ctx->cuda_index), "the GPU's bus id");
    CK(cudaIpcGetMemHandle(&x.handle, p->g.buckets), "sharing the flame buckets");
    memcpy(blob, &x, sizeof x);
out:
    return s;
}

/* Another process's buckets (its part_export), read where they are by
 * this part's band sums: the same GPU, or one this GPU reads by peer
 * access; anything else is unsupported (the caller sums through the host). */
static fr_status cuda_part_import(void *state, const unsigned char *blob)
{
    gpart *p = state;
    fr_context *ctx = p->ctx;
    fr_status s = FR_OK;
    gexport x;
    int dev = -1;
    void *at = NULL;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    if (!blob) return unmap_far(p), FR_OK;
    memcpy(&x, blob, sizeof x);
    x.bus[sizeof x.bus - 1] = 0;
    if (memcmp(x.magic, "frflmcu1", sizeof x.magic) || x.values != (uint64_t)p->g.nb * FR_FB_CHANNELS)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "another process's flame buckets are not this frame's");
    if (cudaDeviceGetByPCIBusId(&dev, x.bus) != cudaSuccess) {
        (void)cudaGetLastError();
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "another process's GPU (%s) is not visible here", x.bus);
    }
    if (!fr_cuda_peer(ctx->cuda_index, dev))
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "GPU %d cannot read GPU %d's memory", ctx->cuda_index, dev);
    struct gfar *far = realloc(p->far, (size_t)(p->nfar + 1) * sizeof *far);
    if (!far) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    p->far = far;
    CK(cudaIpcOpenMemHandle(&at, x.handle, cudaIpcMemLazyEnablePeerAccess), "mapping another process's flame buckets");
    p->far[p->nfar++] = (struct gfar){dev, at};
out:
    return s;
}

/* The image (a band: its rows alone) from the accumulator. */
static fr_status cuda_part_tonemap(void *state, uint16_t *image)
{
    gpart *p = state;
    fr_context *ctx = p->ctx;
    const fr_flame_frame *f = p->dj->frame;
    const int y0 = p->banded ? p->y0 : 0, y1 = p->banded ? p->y1 : f->height;
    const size_t row = (size_t)f->width * 4;
    fr_status s = FR_OK;
    if (y1 <= y0) return FR_OK;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(fr_cuda_flame_tonemap(p->g.dframe, f, &p->dj->tone, p->g.accum, p->dj->earlyclip, p->dj->bpc, p->g.out, y0,
                             y1, p->g.stream),
       "flame tone map");
    CK(cudaMemcpyAsync(image + row * y0, p->g.out, row * (y1 - y0) * sizeof(uint16_t), cudaMemcpyDeviceToHost,
                       p->g.stream),
       "flame image");
    CK(cudaStreamSynchronize(p->g.stream), "flame tone map");
out:
    return s;
}

const fr_flame_ops fr_cuda_flame_ops = {
    .render = cuda_flame_render,
    .memory = cuda_flame_memory,
    .bench = cuda_flame_bench,
    .part_begin = cuda_part_begin,
    .part_chaos = cuda_part_chaos,
    .part_gather = cuda_part_gather,
    .part_rows = cuda_part_rows,
    .part_fetch = cuda_part_fetch,
    .part_density = cuda_part_density,
    .part_tonemap = cuda_part_tonemap,
    .part_end = cuda_part_end,
    .part_export = cuda_part_export,
    .part_import = cuda_part_import,
};
