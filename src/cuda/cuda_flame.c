/* Flames on the GPU, host side: the jobs' arrays (one job, or one per
 * distinct temporal sample, their walkers mixed in every launch) and the
 * frame copied to the device once, then per pass the chaos game in
 * launches of walkers
 * (progress and cancel between launches), the float buckets turned into
 * the integer buckets and density estimation into the accumulator; at the
 * end the tone map, and only the image comes back. */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cuda/cuda_host.h"
#include "cuda/flame_launch.h"
#include "flame/flame_ops.h"

#define STATS_BYTES (FR_FS_SLOTS * FR_FS_COUNT * sizeof(unsigned long long))

typedef struct gflame {
    cudaStream_t stream;
    fr_cuda_flame_args a;
    fr_flame_frame *dframe;          /* device copy of the frame */
    void *xf, *color, *speed, *vis, *table, *dmap, *fmap, *hit, *filter, *dew, *dec;
    fr_flame_job *jobs;              /* device: every job, when there are several (temporal samples) */
    fr_flame_segment *seg;           /* device: every pass's segments, when there are several jobs */
    fr_flame_bucket_t *buckets;               /* integer buckets */
    double *accum;
    uint16_t *out;
    size_t nb;                       /* buckets */
    uint64_t *walkers, *base;        /* host, per pass: walkers, stream of walker 0 */
    int *seg_off, *seg_n;            /* host, per pass: its segments in seg */
    int sms;
} gflame;

static void gf_free(gflame *g)
{
    void *p[] = {g->dframe, g->xf,   g->color,   g->speed, g->vis, g->table, g->dmap, g->fmap,
                 g->hit,    g->filter, g->dew,   g->dec,   g->jobs, g->seg,  g->buckets, g->accum,
                 g->out,    g->a.b4, g->a.ba,    g->a.stats};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) cudaFree(p[i]);
    if (g->stream) cudaStreamDestroy(g->stream);
    free(g->walkers), free(g->base), free(g->seg_off), free(g->seg_n);
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
 * differ from CNT: A gets its own adds. */
static int alpha_differs(const fr_flame_jobs *J, int linear)
{
    if (linear) {
        for (size_t e = 0; e < (size_t)J->ncol * 256; e++)
            if (J->dmap[e][3] != 255.0) return 1;
        return 0;
    }
    for (size_t i = 0; i < (size_t)J->ncol * J->nstd; i++)
        for (int e = 0; e < 256; e++)
            if (J->hit[i][e][FR_FB_A] != J->hit[i][e][FR_FB_CNT]) return 1;
    return 0;
}

/* Every variation of every prepared xform is classic: the chaos game can
 * run the kernel built for those alone. */
static int all_classic(const fr_flame_jobs *J)
{
    for (size_t i = 0; i < (size_t)J->nxs * J->nall; i++)
        for (int k = 0; k < J->xf[i].nvar; k++)
            if (!fr_flame_var_classic(J->xf[i].var[k])) return 0;
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

/* The device memory of a render: float and integer buckets, accumulator,
 * image; the budget: --device-memory, else 90% of what is free. */
static fr_status cuda_flame_memory(fr_context *ctx, const fr_flame_render_job *dj, double *need, double *budget)
{
    fr_status s = FR_OK;
    const fr_flame_frame *f = dj->frame;
    const double nb = (double)f->wb * f->hb;
    const fr_flame_jobs *J = dj->jobs;
    *need = nb * (sizeof(float4) + (alpha_differs(J, dj->job->linear_palette) ? sizeof(float) : 0) +
                  FR_FB_CHANNELS * sizeof(fr_flame_bucket_t) + 4 * sizeof(double)) +
            (double)f->width * f->height * 4 * sizeof(uint16_t) + fr_flame_jobs_bytes(J) +
            (dj->job->linear_palette ? (double)J->ncol * 256 * sizeof(float4) : 0.0) +
            (double)J->pass_group[J->passes] * sizeof(fr_flame_segment);
    size_t free_b = 0, total_b = 0;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
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
    const size_t nx = (size_t)J->nxs * J->nall, nt = (size_t)J->ntab * J->rows * FR_FLAME_GRAIN;
    CK(upload(&g->xf, J->xf, nx * sizeof *J->xf), "flame xforms");
    CK(upload(&g->color, J->color, nx * sizeof(double)), "flame xforms");
    CK(upload(&g->speed, J->speed, nx * sizeof(double)), "flame xforms");
    CK(upload(&g->vis, J->vis, nx * sizeof(double)), "flame xforms");
    CK(upload(&g->table, J->table, nt * sizeof(uint16_t)), "flame xforms");
    CK(upload(&g->dmap, J->dmap, (size_t)J->ncol * 256 * sizeof *J->dmap), "flame palette");
    /* a linear palette's entries in single precision (a hit's two entries: two 16-byte loads) */
    if (dj->job->linear_palette) {
        const size_t ne = (size_t)J->ncol * 256;
        float *fm = malloc(ne * 4 * sizeof *fm);
        if (!fm) {
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
            goto out;
        }
        for (size_t e = 0; e < ne; e++)
            for (int k = 0; k < 4; k++) fm[e * 4 + k] = (float)J->dmap[e][k];
        const cudaError_t fe = upload(&g->fmap, fm, ne * 4 * sizeof *fm);
        free(fm);
        CK(fe, "flame palette");
        g->a.fmap = g->fmap, g->a.dmap0 = g->dmap;
    }
    CK(upload(&g->hit, J->hit, (size_t)J->ncol * J->nstd * sizeof *J->hit), "flame palette");
    hjobs = malloc((size_t)J->njobs * sizeof *hjobs);
    if (!hjobs) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto out;
    }
    for (int k = 0; k < J->njobs; k++) {
        const fr_flame_job *h = &J->job[k];
        fr_flame_job *d = &hjobs[k];
        *d = *h;
        d->frame = g->dframe;
        d->xf = (const fr_flame_xform_pre *)g->xf + (h->xf - J->xf);
        d->color = (const double *)g->color + (h->color - J->color);
        d->speed = (const double *)g->speed + (h->speed - J->speed);
        d->vis = (const double *)g->vis + (h->vis - J->vis);
        d->table = (const uint16_t *)g->table + (h->table - J->table);
        d->dmap = (const double(*)[4])g->dmap + (h->dmap - (const double(*)[4])J->dmap);
        d->hit = (const uint32_t(*)[256][5])g->hit + (h->hit - (const uint32_t(*)[256][5])J->hit);
    }
    g->a.job = hjobs[0];
    g->a.frame = df;
    if (J->njobs > 1) {
        CK(upload((void **)&g->jobs, hjobs, (size_t)J->njobs * sizeof *hjobs), "flame jobs");
        g->a.jobs = g->jobs;
    }

    CK(cudaMalloc((void **)&g->a.b4, g->nb * sizeof(float4)), "flame buckets");
    if (sep) CK(cudaMalloc((void **)&g->a.ba, g->nb * sizeof(float)), "flame buckets");
    CK(cudaMalloc((void **)&g->buckets, g->nb * FR_FB_CHANNELS * sizeof(fr_flame_bucket_t)), "flame buckets");
    CK(cudaMalloc((void **)&g->accum, g->nb * 4 * sizeof(double)), "flame accumulator");
    CK(cudaMalloc((void **)&g->out, out_bytes), "flame image");
    CK(cudaMalloc((void **)&g->a.stats, STATS_BYTES), "flame counters");
    CK(cudaMemsetAsync(g->a.stats, 0, STATS_BYTES, g->stream), "flame counters");
    g->a.per_walker = walker_length(dj->per_pass, fr_cuda_flame_resident());
    g->a.samples = dj->per_pass;
    g->a.plot = 1;
    g->a.classic = all_classic(J);
    /* each pass's walkers and segments (walker -> job) */
    g->walkers = malloc((size_t)J->passes * sizeof *g->walkers);
    g->base = malloc((size_t)J->passes * sizeof *g->base);
    g->seg_off = malloc((size_t)J->passes * sizeof *g->seg_off);
    g->seg_n = malloc((size_t)J->passes * sizeof *g->seg_n);
    hseg = malloc(((size_t)J->pass_group[J->passes] + 1) * sizeof *hseg);
    if (!g->walkers || !g->base || !g->seg_off || !g->seg_n || !hseg) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto out;
    }
    uint64_t base = 0;
    for (int p = 0; p < J->passes; p++) {
        g->seg_off[p] = J->pass_group[p];
        g->walkers[p] = fr_flame_segments(J, p, g->a.per_walker, hseg + g->seg_off[p], &g->seg_n[p]);
        g->base[p] = base;
        base += g->walkers[p];
    }
    if (g->a.jobs) CK(upload((void **)&g->seg, hseg, (size_t)J->pass_group[J->passes] * sizeof *hseg), "flame jobs");
out:
    free(hjobs), free(hseg);
    if (s) gf_free(g);
    return s;
}

/* Walkers [first, first + count) of pass `pass`, timed into *ms. */
static fr_status gf_chaos(fr_context *ctx, gflame *g, int pass, uint64_t first, uint64_t count, float *ms)
{
    fr_status s = FR_OK;
    cudaEvent_t e0 = NULL, e1 = NULL;
    CK(cudaEventCreate(&e0), "events");
    CK(cudaEventCreate(&e1), "events");
    g->a.base = g->base[pass], g->a.first = first, g->a.count = count;
    if (g->seg) g->a.seg = g->seg + g->seg_off[pass], g->a.nseg = g->seg_n[pass];
    CK(cudaEventRecord(e0, g->stream), "events");
    CK(fr_cuda_flame_chaos(&g->a, g->stream), "flame chaos game");
    CK(cudaEventRecord(e1, g->stream), "events");
    CK(cudaEventSynchronize(e1), "flame chaos game");
    float t = 0;
    CK(cudaEventElapsedTime(&t, e0, e1), "events");
    *ms += t;
out:
    if (e0) cudaEventDestroy(e0);
    if (e1) cudaEventDestroy(e1);
    return s;
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
out:
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
    /* launches of whole waves of resident threads, about 1/32 of a pass */
    const uint64_t full = fr_cuda_flame_resident();
    uint64_t slice = full ? g.walkers[0] / 32 / full * full : g.walkers[0];
    if (slice < full) slice = full;
    CK(cudaMemsetAsync(g.accum, 0, g.nb * 4 * sizeof(double), g.stream), "flame accumulator");
    CK(cudaStreamSynchronize(g.stream), "flame setup");
    st->seconds_setup = fr_now() - t0;
    st->bucket_bytes = (double)g.nb * (sizeof(float4) + (g.a.ba ? sizeof(float) : 0));
    for (int pass = 0; pass < passes; pass++) {
        /* a pass of no samples (more passes than samples) adds nothing */
        if (!g.walkers[pass]) continue;
        CK(cudaMemsetAsync(g.a.b4, 0, g.nb * sizeof(float4), g.stream), "flame buckets");
        if (g.a.ba) CK(cudaMemsetAsync(g.a.ba, 0, g.nb * sizeof(float), g.stream), "flame buckets");
        float ms = 0;
        const uint64_t walkers = g.walkers[pass];
        for (uint64_t w = 0; w < walkers; w += slice) {
            uint64_t n = walkers - w < slice ? walkers - w : slice;
            if ((s = gf_chaos(ctx, &g, pass, w, n, &ms))) goto out;
            double done = (pass + (double)(w + n) / walkers) / passes;
            if (ctx->progress && ctx->progress(0.95 * done, ctx->progress_user)) {
                s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled");
                goto out;
            }
        }
        st->seconds_iterate += ms / 1e3;
        double t1 = fr_now();
        CK(fr_cuda_flame_buckets(g.a.b4, g.a.ba, g.buckets, g.nb, g.stream), "flame buckets");
        if (dj->raw && (s = gf_raw(ctx, &g, dj))) goto out;
        CK(fr_cuda_flame_density(g.dframe, f, g.buckets, g.accum, dj->k1, dj->k2, g.stream), "flame density");
        CK(cudaStreamSynchronize(g.stream), "flame density");
        st->seconds_density += fr_now() - t1;
    }
    double t2 = fr_now();
    if (image) { /* else the raw buffer alone was asked for */
        CK(fr_cuda_flame_tonemap(g.dframe, f, &dj->tone, g.accum, dj->earlyclip, dj->bpc, g.out, g.stream),
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
        CK(cudaMemsetAsync(g.a.b4, 0, g.nb * sizeof(float4), g.stream), "flame buckets");
        CK(cudaMemsetAsync(g.a.stats, 0, STATS_BYTES, g.stream), "flame counters");
        if ((s = gf_chaos(ctx, &g, 0, 0, g.walkers[0], &ms))) goto out;
        seconds[r] = ms / 1e3;
    }
    s = gf_counters(ctx, &g, st);
out:
    gf_free(&g);
    return s;
}

const fr_flame_ops fr_cuda_flame_ops = {
    .render = cuda_flame_render,
    .memory = cuda_flame_memory,
    .bench = cuda_flame_bench,
};
