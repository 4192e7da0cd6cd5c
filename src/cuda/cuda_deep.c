/* The CUDA backend's deep-zoom contract: the reference orbit and the BLA
 * tables (built once on the host by deep_render.c) are copied to the
 * device once per render (begin) and shared by every launch; the samples run in
 * launches of LAUNCH_SAMPLES through deep_kernels.cu (the CPU's per-pixel
 * loop), and each launch's results come back and are stored as the CPU
 * backend stores them (the smooth value made on the host from the escaped
 * point), so the raw samples equal the CPU's bit for bit. Device memory:
 * the tables plus 24 bytes a sample of one launch; where they do not fit,
 * the render fails with FR_ERR_NOMEM naming what did not fit (the CPU
 * backend, --device cpu, has no such limit). */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cuda/cuda_host.h"
#include "cuda/deep_launch.h"
#include "deep/deep_ops.h"

/* Samples per launch: a progress report (and a chance to cancel) after
 * each; the device's threads take samples from the launch until none is
 * left (deep_kernel_body.cuh), so only each launch's last samples run
 * with the device part idle. */
#define LAUNCH_SAMPLES ((int64_t)1 << 20)
#define BLOCK 128

/* A device buffer that only grows. */
typedef struct dev_buf {
    void *p;
    size_t cap;
} dev_buf;

/* What a context keeps between deep renders on one GPU (the context's
 * backend_keep): the stream, two launches' result buffers (device and
 * pinned host: allocating them took longer than a short view's kernels,
 * about 1 ms a MB of pinned memory, H200), the totals and the tables'
 * buffers, which grow as renders need. A zoom video's frames then pay
 * only for copying their tables. Freed with the context. */
typedef struct deep_keep {
    int device;
    cudaStream_t stream;
    cudaEvent_t back[2];    /* a launch's results are on the host */
    cudaEvent_t sent[2];    /* a staging half's upload is done */
    fr_cuda_deep_out *dout, *hout; /* two launches' results (hout also stages the tables) */
    float *dde, *hde;       /* the estimates' directions, when a job wants them (two launches') */
    unsigned long long *dtot;
    dev_buf Z, Zfe, bla, blafe, blaq, blaqfe;
    dev_buf pol_dir, pol_rad; /* the exponential map's grid (deep_job.h) */
} deep_keep;

static void keep_free(void *p)
{
    deep_keep *k = p;
    if (!k) return;
    int cur = -1;
    cudaGetDevice(&cur);
    cudaSetDevice(k->device);
    if (k->stream) cudaStreamSynchronize(k->stream);
    dev_buf *b[] = {&k->Z, &k->Zfe, &k->bla, &k->blafe, &k->blaq, &k->blaqfe, &k->pol_dir, &k->pol_rad};
    for (size_t i = 0; i < sizeof b / sizeof *b; i++) cudaFree(b[i]->p);
    cudaFree(k->dout), cudaFree(k->dde), cudaFree(k->dtot);
    if (k->hout) cudaFreeHost(k->hout);
    if (k->hde) cudaFreeHost(k->hde);
    for (int i = 0; i < 2; i++) {
        if (k->back[i]) cudaEventDestroy(k->back[i]);
        if (k->sent[i]) cudaEventDestroy(k->sent[i]);
    }
    if (k->stream) cudaStreamDestroy(k->stream);
    if (cur >= 0) cudaSetDevice(cur);
    (void)cudaGetLastError();
    free(k);
}

/* The context's keep for its device, made on first use. */
static fr_status keep_get(fr_context *ctx, deep_keep **out)
{
    fr_status s = FR_OK;
    deep_keep *k = ctx->backend_keep_free == keep_free ? ctx->backend_keep : NULL;
    if (k && k->device == ctx->cuda_index) {
        *out = k;
        return FR_OK;
    }
    fr_context_clear_backend_keep(ctx);
    k = calloc(1, sizeof *k);
    if (!k) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    k->device = ctx->cuda_index;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaStreamCreateWithFlags(&k->stream, cudaStreamNonBlocking), "cudaStreamCreate");
    for (int i = 0; i < 2; i++) {
        CK(cudaEventCreateWithFlags(&k->back[i], cudaEventDisableTiming), "cudaEventCreate");
        CK(cudaEventCreateWithFlags(&k->sent[i], cudaEventDisableTiming), "cudaEventCreate");
    }
    CK(cudaMallocHost((void **)&k->hout, 2 * (size_t)LAUNCH_SAMPLES * sizeof *k->hout), "sample results");
    CK(cudaMalloc((void **)&k->dout, 2 * (size_t)LAUNCH_SAMPLES * sizeof *k->dout), "sample results");
    CK(cudaMalloc((void **)&k->dtot, 3 * sizeof *k->dtot), "totals");
    CK(cudaMemsetAsync(k->dtot, 0, 3 * sizeof *k->dtot, k->stream), "totals");
out:
    if (s) {
        keep_free(k);
        return s;
    }
    ctx->backend_keep = k, ctx->backend_keep_free = keep_free;
    *out = k;
    return FR_OK;
}

/* A host table into a kept device buffer (grown when too small; NULL or
 * empty gives NULL), through the two halves of the pinned staging buffer
 * (`stage`, 2 x half bytes): the copy into one half overlaps the transfer
 * from the other, at the link's speed rather than pageable memory's (a
 * table at 1e1086 is about 100 MB). */
static fr_status upload(fr_context *ctx, deep_keep *k, dev_buf *dev, void **dptr, const void *host, size_t bytes,
                        const char *what)
{
    fr_status s = FR_OK;
    *dptr = NULL;
    if (!host || !bytes) return FR_OK;
    if (dev->cap < bytes) {
        CK(cudaStreamSynchronize(k->stream), what); /* a kept buffer may still be read */
        cudaFree(dev->p);
        dev->p = NULL, dev->cap = 0;
        CK(cudaMalloc(&dev->p, bytes), what);
        dev->cap = bytes;
    }
    char *stage = (char *)k->hout;
    const size_t half = (size_t)LAUNCH_SAMPLES * sizeof *k->hout;
    for (size_t at = 0, i = 0; at < bytes; at += half, i++) {
        const size_t n = bytes - at < half ? bytes - at : half;
        char *buf = stage + (i & 1) * half;
        CK(cudaEventSynchronize(k->sent[i & 1]), what); /* the half's last transfer is done */
        memcpy(buf, (const char *)host + at, n);
        CK(cudaMemcpyAsync((char *)dev->p + at, buf, n, cudaMemcpyHostToDevice, k->stream), what);
        CK(cudaEventRecord(k->sent[i & 1], k->stream), what);
    }
    *dptr = dev->p;
out:
    return s;
}

/* A render's state: the job with the device's tables, and the keep. */
typedef struct gdeep {
    fr_context *ctx;
    fr_deep_job j;          /* the host job with the device's tables */
    fr_escape_job *ej;
    deep_keep *k;
    float *dde, *hde;       /* the keep's, when this job wants them */
    cudaStream_t stream;
    fr_cuda_deep_out *dout, *hout;
    unsigned long long *dtot;
    cudaEvent_t *back;
} gdeep;

static void cuda_deep_end(void *state)
{
    gdeep *g = state;
    if (!g) return;
    cudaSetDevice(g->ctx->cuda_index);
    cudaStreamSynchronize(g->stream); /* nothing of this render runs on after it */
    (void)cudaGetLastError();
    free(g);
}

static fr_status cuda_deep_begin(fr_context *ctx, const fr_deep_job *hj, fr_escape_job *ej, void **state)
{
    fr_status s = FR_OK;
    deep_keep *k = NULL;
    if ((s = keep_get(ctx, &k))) return s;
    gdeep *g = calloc(1, sizeof *g);
    if (!g) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    g->ctx = ctx, g->j = *hj, g->ej = ej, g->k = k;
    g->stream = k->stream, g->dout = k->dout, g->hout = k->hout, g->dtot = k->dtot, g->back = k->back;
    const size_t points = (size_t)hj->M + 1;
    const size_t entries = hj->levels ? (size_t)hj->level_off[hj->levels - 1] + hj->level_n[hj->levels - 1] : 0;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    /* the results of an earlier render are out of the staging buffer */
    CK(cudaStreamSynchronize(k->stream), "deep-zoom kernel");
    for (int i = 0; i < 2; i++) CK(cudaEventRecord(k->sent[i], k->stream), "cudaEventRecord");
    {
        void *Z, *Zfe, *bla, *blafe, *blaq, *blaqfe, *pol_dir = NULL, *pol_rad = NULL;
#define UP(name, bytes, what) upload(ctx, k, &k->name, &name, hj->name, bytes, what)
        if ((s = UP(Z, FR_DEEP_ZREC * points * sizeof *hj->Z, "reference orbit")) ||
            (s = UP(Zfe, points * sizeof *hj->Zfe, "reference orbit")) ||
            (s = UP(bla, entries * sizeof *hj->bla, "BLA tables")) ||
            (s = UP(blafe, entries * sizeof *hj->blafe, "BLA tables")) ||
            (s = UP(blaq, entries * sizeof *hj->blaq, "BLA tables")) ||
            (s = UP(blaqfe, entries * sizeof *hj->blaqfe, "BLA tables")))
            goto out;
        if (hj->polar && ((s = UP(pol_dir, 2 * (size_t)hj->sw * sizeof *hj->pol_dir, "polar grid")) ||
                          (s = UP(pol_rad, (size_t)hj->sh * sizeof *hj->pol_rad, "polar grid"))))
            goto out;
#undef UP
        g->j.Z = Z, g->j.Zfe = Zfe, g->j.bla = bla, g->j.blafe = blafe, g->j.blaq = blaq, g->j.blaqfe = blaqfe;
        g->j.pol_dir = pol_dir, g->j.pol_rad = pol_rad;
    }
    CK(cudaStreamSynchronize(k->stream), "tables"); /* the staging buffer holds results next */
    if (ej->de && hj->derivative) {
        if (!k->dde) CK(cudaMalloc((void **)&k->dde, 2 * (size_t)LAUNCH_SAMPLES * 2 * sizeof *k->dde), "sample estimates");
        if (!k->hde)
            CK(cudaMallocHost((void **)&k->hde, 2 * (size_t)LAUNCH_SAMPLES * 2 * sizeof *k->hde), "sample estimates");
        g->dde = k->dde, g->hde = k->hde;
    }
    CK(cudaMemsetAsync(k->dtot, 0, 3 * sizeof *k->dtot, k->stream), "totals");
    *state = g;
out:
    if (s) cuda_deep_end(g);
    return s;
}

/* Launch `count` samples from `first` into buffer b and bring them back. */
static fr_status launch_back(gdeep *g, int b, int64_t first, int64_t count)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    const size_t o = (size_t)b * LAUNCH_SAMPLES;
    CK(fr_cuda_deep_launch(&g->j, first, count, g->dout + o, g->dde ? g->dde + 2 * o : NULL, g->dtot, BLOCK,
                           g->stream),
       "deep-zoom kernel");
    CK(cudaMemcpyAsync(g->hout + o, g->dout + o, (size_t)count * sizeof *g->hout, cudaMemcpyDeviceToHost, g->stream),
       "deep-zoom results");
    if (g->dde)
        CK(cudaMemcpyAsync(g->hde + 2 * o, g->dde + 2 * o, (size_t)count * 2 * sizeof *g->hde, cudaMemcpyDeviceToHost,
                           g->stream),
           "deep-zoom estimates");
    CK(cudaEventRecord(g->back[b], g->stream), "cudaEventRecord");
out:
    return s;
}

/* Store buffer b's samples (launched from `first`) as the CPU backend does. */
static void store_back(gdeep *g, int b, int64_t first, int64_t count)
{
    fr_escape_job *ej = g->ej;
    const fr_cuda_deep_out *ho = g->hout + (size_t)b * LAUNCH_SAMPLES;
    const float *hde = g->hde ? g->hde + 2 * (size_t)b * LAUNCH_SAMPLES : NULL;
    for (int64_t i = 0; i < count; i++) {
        const int64_t idx = first + i;
        const fr_cuda_deep_out *o = &ho[i];
        ej->counts[idx] = o->n;
        if (ej->smooth) ej->smooth[idx] = fr_escape_value(ej, o->n, o->wx, o->wy);
        if (ej->dist) ej->dist[idx] = o->dist;
        if (ej->de) /* (a job without the derivative has none: zeros, as on the CPU) */
            ej->de[2 * idx] = hde ? hde[2 * i] : 0.0f, ej->de[2 * idx + 1] = hde ? hde[2 * i + 1] : 0.0f;
    }
}

static fr_status cuda_deep_run(void *state, uint64_t first0, uint64_t count0, fr_deep_totals *tot)
{
    gdeep *g = state;
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    unsigned long long htot[3] = {0, 0, 0};
    const int64_t end = (int64_t)(first0 + count0);
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    /* launch k + 1 runs while launch k's samples are stored */
    int64_t prev = -1, prev_n = 0;
    for (int64_t first = (int64_t)first0, k = 0;; first += LAUNCH_SAMPLES, k++) {
        const int64_t count = first >= end ? 0 : end - first < LAUNCH_SAMPLES ? end - first : LAUNCH_SAMPLES;
        if (count && (s = launch_back(g, (int)(k & 1), first, count))) goto out;
        if (prev_n) {
            CK(cudaEventSynchronize(g->back[(k - 1) & 1]), "deep-zoom kernel");
            store_back(g, (int)((k - 1) & 1), prev, prev_n);
            if (ctx->progress &&
                ctx->progress((double)(prev + prev_n - (int64_t)first0) / (double)count0, ctx->progress_user)) {
                s = fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
                cudaStreamSynchronize(g->stream);
                goto out;
            }
        }
        if (!count) break;
        prev = first, prev_n = count;
    }
    /* this range's totals, and the device's back to zero */
    CK(cudaMemcpyAsync(htot, g->dtot, sizeof htot, cudaMemcpyDeviceToHost, g->stream), "totals");
    CK(cudaMemsetAsync(g->dtot, 0, 3 * sizeof *g->dtot, g->stream), "totals");
    CK(cudaStreamSynchronize(g->stream), "totals");
    tot->steps += htot[0], tot->skipped += htot[1];
out:
    return s;
}

const fr_deep_ops fr_cuda_deep_ops = {
    .begin = cuda_deep_begin,
    .run = cuda_deep_run,
    .end = cuda_deep_end,
    .chunk = (uint64_t)1 << 18,
};
