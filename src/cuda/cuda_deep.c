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

typedef struct dev_tables {
    void *Z, *Zfe, *bla, *blafe, *blaq, *blaqfe;
} dev_tables;

static void tables_free(dev_tables *t)
{
    cudaFree(t->Z), cudaFree(t->Zfe), cudaFree(t->bla), cudaFree(t->blafe), cudaFree(t->blaq), cudaFree(t->blaqfe);
    memset(t, 0, sizeof *t);
}

/* A host table on the device (NULL stays NULL), through the two halves
 * of a pinned staging buffer (`stage`, 2 x half bytes): the copy into one
 * half overlaps the transfer from the other, at the link's speed rather
 * than pageable memory's (a table at 1e1086 is about 100 MB). */
static fr_status upload(fr_context *ctx, void **dev, const void *host, size_t bytes, const char *what, char *stage,
                        size_t half, cudaEvent_t sent[2], cudaStream_t stream)
{
    fr_status s = FR_OK;
    *dev = NULL;
    if (!host || !bytes) return FR_OK;
    CK(cudaMalloc(dev, bytes), what);
    for (size_t at = 0, k = 0; at < bytes; at += half, k++) {
        const size_t n = bytes - at < half ? bytes - at : half;
        char *buf = stage + (k & 1) * half;
        CK(cudaEventSynchronize(sent[k & 1]), what); /* the half's last transfer is done */
        memcpy(buf, (const char *)host + at, n);
        CK(cudaMemcpyAsync((char *)*dev + at, buf, n, cudaMemcpyHostToDevice, stream), what);
        CK(cudaEventRecord(sent[k & 1], stream), what);
    }
out:
    return s;
}

/* A render's device state: the tables, a launch's results and the totals. */
typedef struct gdeep {
    fr_context *ctx;
    fr_deep_job j;          /* the host job with the device's tables */
    fr_escape_job *ej;
    dev_tables t;
    fr_cuda_deep_out *dout, *hout; /* two launches' results: one stored on the host while the next runs */
    float *dde, *hde;       /* the estimates' directions, when the job wants them (two launches' too) */
    unsigned long long *dtot;
    cudaStream_t stream;
    cudaEvent_t back[2];    /* a launch's results are on the host */
} gdeep;

static void cuda_deep_end(void *state)
{
    gdeep *g = state;
    if (!g) return;
    cudaSetDevice(g->ctx->cuda_index);
    tables_free(&g->t);
    cudaFree(g->dout);
    cudaFree(g->dde);
    cudaFree(g->dtot);
    if (g->hout) cudaFreeHost(g->hout);
    if (g->hde) cudaFreeHost(g->hde);
    if (g->stream) cudaStreamDestroy(g->stream);
    for (int i = 0; i < 2; i++)
        if (g->back[i]) cudaEventDestroy(g->back[i]);
    (void)cudaGetLastError();
    free(g);
}

static fr_status cuda_deep_begin(fr_context *ctx, const fr_deep_job *hj, fr_escape_job *ej, void **state)
{
    fr_status s = FR_OK;
    gdeep *g = calloc(1, sizeof *g);
    if (!g) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    g->ctx = ctx, g->j = *hj, g->ej = ej;
    const size_t points = (size_t)hj->M + 1;
    const size_t entries = hj->levels ? (size_t)hj->level_off[hj->levels - 1] + hj->level_n[hj->levels - 1] : 0;
    dev_tables *t = &g->t;
    cudaEvent_t sent[2] = {NULL, NULL};
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking), "cudaStreamCreate");
    /* the launches' pinned result buffer stages the tables first */
    CK(cudaMallocHost((void **)&g->hout, 2 * (size_t)LAUNCH_SAMPLES * sizeof *g->hout), "sample results");
    CK(cudaEventCreateWithFlags(&sent[0], cudaEventDisableTiming), "cudaEventCreate");
    CK(cudaEventCreateWithFlags(&sent[1], cudaEventDisableTiming), "cudaEventCreate");
    CK(cudaEventRecord(sent[0], g->stream), "cudaEventRecord");
    CK(cudaEventRecord(sent[1], g->stream), "cudaEventRecord");
    {
        char *stage = (char *)g->hout;
        const size_t half = (size_t)LAUNCH_SAMPLES * sizeof *g->hout;
#define UP(dst, src, bytes, what) upload(ctx, &t->dst, src, bytes, what, stage, half, sent, g->stream)
        if ((s = UP(Z, hj->Z, FR_DEEP_ZREC * points * sizeof *hj->Z, "reference orbit")) ||
            (s = UP(Zfe, hj->Zfe, points * sizeof *hj->Zfe, "reference orbit")) ||
            (s = UP(bla, hj->bla, entries * sizeof *hj->bla, "BLA tables")) ||
            (s = UP(blafe, hj->blafe, entries * sizeof *hj->blafe, "BLA tables")) ||
            (s = UP(blaq, hj->blaq, entries * sizeof *hj->blaq, "BLA tables")) ||
            (s = UP(blaqfe, hj->blaqfe, entries * sizeof *hj->blaqfe, "BLA tables")))
            goto out;
#undef UP
    }
    CK(cudaStreamSynchronize(g->stream), "tables");
    g->j.Z = t->Z, g->j.Zfe = t->Zfe, g->j.bla = t->bla, g->j.blafe = t->blafe, g->j.blaq = t->blaq,
    g->j.blaqfe = t->blaqfe;
    CK(cudaMalloc((void **)&g->dout, 2 * (size_t)LAUNCH_SAMPLES * sizeof *g->dout), "sample results");
    if (ej->de && hj->derivative) {
        CK(cudaMalloc((void **)&g->dde, 2 * (size_t)LAUNCH_SAMPLES * 2 * sizeof *g->dde), "sample estimates");
        CK(cudaMallocHost((void **)&g->hde, 2 * (size_t)LAUNCH_SAMPLES * 2 * sizeof *g->hde), "sample estimates");
    }
    for (int i = 0; i < 2; i++) CK(cudaEventCreateWithFlags(&g->back[i], cudaEventDisableTiming), "cudaEventCreate");
    CK(cudaMalloc((void **)&g->dtot, 3 * sizeof *g->dtot), "totals");
    CK(cudaMemsetAsync(g->dtot, 0, 3 * sizeof *g->dtot, g->stream), "totals");
    *state = g;
out:
    for (int i = 0; i < 2; i++)
        if (sent[i]) cudaEventDestroy(sent[i]);
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
