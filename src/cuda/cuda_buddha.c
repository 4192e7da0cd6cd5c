/* Orbit density on the GPU, host side: device buffers, launches of
 * samples, counters, and the 64-bit result. The working histogram holds
 * 32-bit counts (folded when the view and sampling are symmetric); the host
 * adds it into 64-bit counts when the render ends or the overflow log
 * fills halfway, adding 2^32 for every logged wrap. Plotting adds without
 * reading counts back while the weighted total since the last move to the
 * device's 64-bit counts is below 2^32 (no counter can have wrapped).
 * Metropolis chains (buddha_metropolis.cu) add into the 64-bit counts. */
#include <stdlib.h>
#include <string.h>

#include "buddha/buddha_ops.h"
#include "core/context.h"
#include "cuda/buddha_launch.h"
#include "cuda/cuda_host.h"

/* Samples a launch (draw, classify, plot); the sample list, the queue and
 * the parked states hold one entry each (a multiple of 32). */
#define LAUNCH_SAMPLES (1u << 24)
/* Wrapped-counter log entries. */
#define OVF_CAP (1u << 20)
#define STATS_BYTES (FR_BS_SLOTS * FR_BS_COUNT * sizeof(unsigned long long))

typedef struct gbuddha {
    fr_context *ctx;
    cudaStream_t stream;
    int sms;
    fr_cuda_buddha_args a;
    const fr_buddha_job *job;
    size_t counters;       /* channels x plane */
    uint64_t *acc;         /* host 64-bit counts, storage layout; NULL until a drain */
    double *cdf;
    uint32_t *weight;
} gbuddha;

static void gb_free(gbuddha *g)
{
    cudaFree(g->a.queue);
    cudaFree(g->a.state);
    cudaFree(g->a.bits);
    cudaFree(g->a.list);
    cudaFree(g->a.round_len);
    cudaFree(g->a.samples);
    cudaFree(g->a.samples_len);
    cudaFree(g->a.weight_slots);
    cudaFree(g->a.hist);
    cudaFree(g->a.hist64);
    cudaFree(g->a.ovf);
    cudaFree(g->a.ovf_len);
    cudaFree(g->a.stats);
    cudaFree(g->cdf);
    cudaFree(g->weight);
    if (g->stream) cudaStreamDestroy(g->stream);
    (void)cudaGetLastError();
    free(g->acc);
    free(g);
}

/* Device bytes for histograms: the device-memory budget, else 80 % of the
 * free memory (0: the query failed). */
static size_t device_budget(fr_context *ctx)
{
    size_t free_b = 0, total_b = 0;
    if (cudaSetDevice(ctx->cuda_index) != cudaSuccess || cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return ctx->device_memory ? (size_t)ctx->device_memory : free_b / 10 * 8;
}

/* Device bytes beside the histogram: sample lists, queues, overflow log,
 * importance map. */
static size_t fixed_bytes(const fr_buddha_job *job)
{
    const size_t entry = fr_cuda_buddha_entry_bytes(job->f32);
    return (size_t)LAUNCH_SAMPLES * (entry + 8 + 1) + (size_t)OVF_CAP * 8 +
           (job->sampling == FR_BS_IMPORTANCE ? job->cells * 12 : 0);
}

static fr_status cuda_buddha_begin(fr_context *ctx, const fr_buddha_job *job, void **state)
{
    fr_status s = FR_OK;
    gbuddha *g = calloc(1, sizeof *g);
    if (!g) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    g->ctx = ctx, g->job = job;
    g->a.job = *job;
    g->a.mode = fr_buddha_can_fold(job) ? FR_PLOT_FOLD : job->paired ? FR_PLOT_PAIR : FR_PLOT_SINGLE;
    g->a.plane = fr_buddha_store_plane(job, g->a.mode);
    g->counters = g->a.plane * job->channels;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking), "cudaStreamCreate");
    CK(cudaDeviceGetAttribute(&g->sms, cudaDevAttrMultiProcessorCount, ctx->cuda_index), "device attributes");

    const size_t budget = device_budget(ctx), need = g->counters * 12 + fixed_bytes(job);
    if (!budget) {
        s = fr_fail(ctx, FR_ERR_DEVICE, "cudaMemGetInfo failed on device %d", ctx->cuda_index);
        goto out;
    }
    if (need > budget) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "the GPU histogram and queues need %zu MiB, more than the %zu MiB budget",
                    need >> 20, budget >> 20);
        goto out;
    }
    CK(cudaMalloc((void **)&g->a.hist, g->counters * 4), "histogram");
    CK(cudaMemsetAsync(g->a.hist, 0, g->counters * 4, g->stream), "histogram");
    CK(cudaMalloc((void **)&g->a.hist64, g->counters * 8), "histogram");
    CK(cudaMemsetAsync(g->a.hist64, 0, g->counters * 8, g->stream), "histogram");
    CK(cudaMalloc(&g->a.queue, (size_t)LAUNCH_SAMPLES * fr_cuda_buddha_queue_bytes(job->f32)), "orbit queue");
    CK(cudaMalloc(&g->a.samples, (size_t)LAUNCH_SAMPLES * fr_cuda_buddha_sample_bytes(job->f32)), "sample list");
    CK(cudaMalloc(&g->a.state, (size_t)LAUNCH_SAMPLES * fr_cuda_buddha_state_bytes(job->f32)), "orbit states");
    CK(cudaMalloc((void **)&g->a.bits, LAUNCH_SAMPLES / 4), "orbit states");
    CK(cudaMemsetAsync(g->a.bits, 0, LAUNCH_SAMPLES / 4, g->stream), "orbit states");
    g->a.plot_bits = g->a.bits + LAUNCH_SAMPLES / 32;
    CK(cudaMalloc((void **)&g->a.list, (size_t)LAUNCH_SAMPLES * 2 * sizeof(unsigned)), "orbit lists");
    CK(cudaMalloc((void **)&g->a.round_len, 2 * (FR_BUDDHA_ROUNDS + 2) * sizeof(unsigned)), "orbit lists");
    CK(cudaMalloc((void **)&g->a.samples_len, sizeof(unsigned)), "sample list");
    CK(cudaMalloc((void **)&g->a.weight_slots, FR_BW_SLOTS * 8), "weights");
    CK(cudaMemsetAsync(g->a.weight_slots, 0, FR_BW_SLOTS * 8, g->stream), "weights");
    CK(cudaMalloc((void **)&g->a.ovf, (size_t)OVF_CAP * 8), "overflow log");
    CK(cudaMalloc((void **)&g->a.ovf_len, sizeof(unsigned)), "overflow log");
    CK(cudaMemsetAsync(g->a.ovf_len, 0, sizeof(unsigned), g->stream), "overflow log");
    g->a.ovf_cap = OVF_CAP;
    CK(cudaMalloc((void **)&g->a.stats, STATS_BYTES), "counters");
    CK(cudaMemsetAsync(g->a.stats, 0, STATS_BYTES, g->stream), "counters");
    if (job->sampling == FR_BS_IMPORTANCE) {
        CK(cudaMalloc((void **)&g->cdf, job->cells * sizeof(double)), "importance map");
        CK(cudaMalloc((void **)&g->weight, job->cells * sizeof(uint32_t)), "importance map");
        CK(cudaMemcpy(g->cdf, job->cdf, job->cells * sizeof(double), cudaMemcpyHostToDevice), "importance map");
        CK(cudaMemcpy(g->weight, job->weight, job->cells * sizeof(uint32_t), cudaMemcpyHostToDevice),
           "importance map");
        g->a.job.cdf = g->cdf, g->a.job.weight = g->weight;
    }
    CK(cudaStreamSynchronize(g->stream), "GPU setup");
    *state = g;
    return FR_OK;
out:
    gb_free(g);
    return s;
}

/* Counters a drain copies at a time (a 32768 x 32768 Nebulabrot band has
 * 3.2e9: no host copy of the whole device histogram). */
#define DRAIN_CHUNK ((size_t)1 << 26)

/* Move the device counts into the host's 64-bit counts and clear them, a
 * slice of whole pixels at a time. */
static fr_status drain(gbuddha *g)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    unsigned n_ovf = 0;
    uint32_t *tmp = NULL;
    uint64_t *tmp64 = NULL;
    unsigned long long *log = NULL;
    const size_t ch = (size_t)g->job->channels, plane = g->a.plane;
    const size_t slice = DRAIN_CHUNK / ch * ch < g->counters ? DRAIN_CHUNK / ch * ch : g->counters;
    /* the first drain of one channel: the host's counts are the device's
     * 64-bit part once the 32-bit part is added in there, in the same
     * layout: one copy, no pass on the host */
    const int direct = !g->acc && ch == 1;
    if (direct && !(g->acc = malloc(g->counters * sizeof *g->acc)))
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the histogram");
    if (!g->acc && !(g->acc = calloc(g->counters, sizeof *g->acc)))
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the histogram");
    if (!direct && (!(tmp = malloc(slice * 4)) || !(tmp64 = malloc(slice * 8)))) {
        free(tmp);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the histogram");
    }
    CK(cudaMemcpyAsync(&n_ovf, g->a.ovf_len, sizeof n_ovf, cudaMemcpyDeviceToHost, g->stream), "overflow log");
    CK(cudaStreamSynchronize(g->stream), "histogram copy");
    if (n_ovf > OVF_CAP) {
        s = fr_fail(ctx, FR_ERR_DEVICE, "more than %u histogram counters passed 2^32 in one pass; render fewer "
                                        "samples at a time",
                    OVF_CAP);
        goto out;
    }
    if (direct) {
        CK(fr_cuda_buddha_gather(g->a.hist64, g->a.hist, NULL, g->counters, NULL, 0, g->stream), "histogram copy");
        CK(cudaMemcpyAsync(g->acc, g->a.hist64, g->counters * sizeof *g->acc, cudaMemcpyDeviceToHost, g->stream),
           "histogram copy");
        CK(cudaStreamSynchronize(g->stream), "histogram copy");
    }
    for (size_t at = 0; at < g->counters && !direct; at += slice) {
        const size_t m = g->counters - at < slice ? g->counters - at : slice;
        CK(cudaMemcpyAsync(tmp, g->a.hist + at, m * 4, cudaMemcpyDeviceToHost, g->stream), "histogram copy");
        CK(cudaMemcpyAsync(tmp64, g->a.hist64 + at, m * 8, cudaMemcpyDeviceToHost, g->stream), "histogram copy");
        CK(cudaStreamSynchronize(g->stream), "histogram copy");
        /* The device keeps a pixel's channels together (one sector for a
         * Nebulabrot point's three adds); the host's counts are planes. */
        const size_t p0 = at / ch, pixels = m / ch;
#pragma omp parallel for schedule(static)
        for (size_t p = 0; p < pixels; p++)
            for (size_t c = 0; c < ch; c++) g->acc[c * plane + p0 + p] += tmp[p * ch + c] + tmp64[p * ch + c];
    }
    if (n_ovf) {
        if (!(log = malloc((size_t)n_ovf * 8))) {
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
            goto out;
        }
        CK(cudaMemcpy(log, g->a.ovf, (size_t)n_ovf * 8, cudaMemcpyDeviceToHost), "overflow log");
    }
    for (unsigned k = 0; k < n_ovf; k++) g->acc[log[k] % ch * plane + log[k] / ch] += (uint64_t)1 << 32;
    CK(cudaMemsetAsync(g->a.hist, 0, g->counters * 4, g->stream), "histogram");
    CK(cudaMemsetAsync(g->a.hist64, 0, g->counters * 8, g->stream), "histogram");
    CK(cudaMemsetAsync(g->a.ovf_len, 0, sizeof(unsigned), g->stream), "overflow log");
    CK(cudaMemsetAsync(g->a.weight_slots, 0, FR_BW_SLOTS * 8, g->stream), "weights");
out:
    free(tmp);
    free(tmp64);
    free(log);
    return s;
}

static fr_status launch_range(gbuddha *g, uint64_t first, uint64_t count)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    if (g->job->sampling == FR_BS_METROPOLIS) {
        /* chains, one thread each */
        for (uint64_t done = 0; done < count; done += FR_CUDA_MH_LAUNCH_CHAINS) {
            g->a.first = first + done;
            g->a.count = count - done < FR_CUDA_MH_LAUNCH_CHAINS ? count - done : FR_CUDA_MH_LAUNCH_CHAINS;
            CK(fr_cuda_buddha_mh_launch(&g->a, g->stream), "metropolis chains");
        }
        return FR_OK;
    }
    for (uint64_t done = 0; done < count; done += LAUNCH_SAMPLES) {
        g->a.first = first + done;
        g->a.count = count - done < LAUNCH_SAMPLES ? count - done : LAUNCH_SAMPLES;
        CK(fr_cuda_buddha_launch(&g->a, g->sms, g->stream), "orbit kernels");
    }
out:
    return s;
}

/* Sum and clear the counter slots; drain when the overflow log is half full. */
static fr_status collect(gbuddha *g, fr_buddha_counters *c)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    unsigned long long st[FR_BS_SLOTS * FR_BS_COUNT], wt[FR_BW_SLOTS], weight = 0;
    unsigned n_ovf = 0;
    CK(cudaMemcpyAsync(st, g->a.stats, STATS_BYTES, cudaMemcpyDeviceToHost, g->stream), "counters");
    CK(cudaMemcpyAsync(wt, g->a.weight_slots, sizeof wt, cudaMemcpyDeviceToHost, g->stream), "weights");
    CK(cudaMemcpyAsync(&n_ovf, g->a.ovf_len, sizeof n_ovf, cudaMemcpyDeviceToHost, g->stream), "overflow log");
    CK(cudaMemsetAsync(g->a.stats, 0, STATS_BYTES, g->stream), "counters");
    CK(cudaStreamSynchronize(g->stream), "orbit kernels");
    for (int k = 0; k < FR_BS_SLOTS; k++) {
        const unsigned long long *v = st + k * FR_BS_COUNT;
        fr_buddha_counters add = {v[FR_BS_ORBITS],   v[FR_BS_ITERATIONS], v[FR_BS_HITS],   v[FR_BS_FRESH],
                                  v[FR_BS_FRESH_IN], v[FR_BS_ACCEPTED],   v[FR_BS_STATES], v[FR_BS_WEIGHT_SUM]};
        fr_buddha_counters_add(c, &add);
    }
    for (int k = 0; k < FR_BW_SLOTS; k++) weight += wt[k];
    (void)weight; /* the device moves counts itself (fold_kernel) */
    if (n_ovf > OVF_CAP / 2) s = drain(g);
out:
    return s;
}

static fr_status cuda_buddha_run(void *state, uint64_t first, uint64_t count, fr_buddha_counters *c)
{
    gbuddha *g = state;
    fr_status s = launch_range(g, first, count);
    return s ? s : collect(g, c);
}

static fr_status cuda_buddha_bench(void *state, uint64_t count, double *seconds, fr_buddha_counters *c)
{
    gbuddha *g = state;
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    cudaEvent_t e0 = NULL, e1 = NULL;
    float ms = 0;
    CK(cudaEventCreate(&e0), "events");
    CK(cudaEventCreate(&e1), "events");
    CK(cudaEventRecord(e0, g->stream), "events");
    if ((s = launch_range(g, 0, count))) goto out;
    CK(cudaEventRecord(e1, g->stream), "events");
    CK(cudaEventSynchronize(e1), "orbit kernels");
    CK(cudaEventElapsedTime(&ms, e0, e1), "events");
    *seconds = ms * 1e-3;
    s = collect(g, c);
out:
    if (e0) cudaEventDestroy(e0);
    if (e1) cudaEventDestroy(e1);
    return s;
}

static fr_status cuda_buddha_end(void *state, uint64_t *hist)
{
    gbuddha *g = state;
    fr_status s = FR_OK;
    if (hist && !(s = drain(g))) {
        int over = fr_buddha_store_add(g->job, g->a.mode, g->acc, hist);
        if (over) s = fr_buddha_overflow(g->ctx);
    }
    gb_free(g);
    return s;
}

/* The counts of `from` (another device's render of the same job) added
 * into this device's, read where they are; `from` left to be ended
 * without its histogram. Unsupported where this device cannot read that
 * one's memory. */
static fr_status cuda_buddha_gather(void *state, void *from)
{
    gbuddha *g = state, *h = from;
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    unsigned wraps = 0;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    if (!fr_cuda_peer(ctx->cuda_index, h->ctx->cuda_index)) return FR_ERR_UNSUPPORTED;
    CK(cudaStreamSynchronize(h->stream), "orbit kernels");
    CK(cudaMemcpy(&wraps, h->a.ovf_len, sizeof wraps, cudaMemcpyDeviceToHost), "overflow log");
    if (wraps > OVF_CAP)
        return fr_fail(ctx, FR_ERR_DEVICE, "more than %u histogram counters passed 2^32 in one pass; render fewer "
                                           "samples at a time",
                       OVF_CAP);
    CK(fr_cuda_buddha_gather(g->a.hist64, h->a.hist, h->a.hist64, g->counters, h->a.ovf, wraps, g->stream),
       "histogram sum");
    CK(cudaStreamSynchronize(g->stream), "histogram sum");
out:
    return s;
}

/* Metropolis chains resident at once: a thread each, about 1024 a
 * multiprocessor. */
static uint64_t cuda_buddha_lanes(void *state) { return (uint64_t)((gbuddha *)state)->sms * 1024; }

/* Rows of 32- and 64-bit counters (12 bytes a counter) that fit beside
 * the queues; the host drains them into 64-bit counts of its own (the
 * caller's histogram is on the host). */
static uint64_t cuda_buddha_band_rows(fr_context *ctx, const fr_buddha_job *job)
{
    const size_t budget = device_budget(ctx), fixed = fixed_bytes(job);
    if (budget <= fixed) return 0;
    return (uint64_t)((budget - fixed) / ((size_t)job->width * job->channels * 12));
}

const fr_buddha_ops fr_cuda_buddha_ops = {
    .begin = cuda_buddha_begin,
    .run = cuda_buddha_run,
    .end = cuda_buddha_end,
    .gather = cuda_buddha_gather,
    .bench = cuda_buddha_bench,
    .lanes = cuda_buddha_lanes,
    .band_rows = cuda_buddha_band_rows,
};
