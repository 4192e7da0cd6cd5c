/* The CUDA backend's deep-zoom contract: the reference orbit and the BLA
 * tables (built once on the host by deep_render.c) are copied to the
 * device once per render and shared by every launch; the samples run in
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

/* A host table on the device (NULL stays NULL). */
static fr_status upload(fr_context *ctx, void **dev, const void *host, size_t bytes, const char *what)
{
    fr_status s = FR_OK;
    *dev = NULL;
    if (!host || !bytes) return FR_OK;
    CK(cudaMalloc(dev, bytes), what);
    CK(cudaMemcpy(*dev, host, bytes, cudaMemcpyHostToDevice), what);
out:
    return s;
}

static fr_status cuda_deep_compute(fr_context *ctx, const fr_deep_job *hj, fr_escape_job *ej, fr_deep_totals *tot)
{
    fr_status s = FR_OK;
    dev_tables t = {0};
    fr_cuda_deep_out *dout = NULL, *hout = NULL;
    unsigned long long *dtot = NULL, htot[3] = {0, 0, 0};
    cudaStream_t stream = NULL;
    fr_deep_job j = *hj;
    const size_t points = (size_t)hj->M + 1;
    const size_t entries = hj->levels ? (size_t)hj->level_off[hj->levels - 1] + hj->level_n[hj->levels - 1] : 0;
    const int64_t total = (int64_t)hj->sw * hj->sh;
    const int64_t chunk = total < LAUNCH_SAMPLES ? total : LAUNCH_SAMPLES;

    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    if ((s = upload(ctx, &t.Z, hj->Z, 3 * points * sizeof *hj->Z, "reference orbit")) ||
        (s = upload(ctx, &t.Zfe, hj->Zfe, points * sizeof *hj->Zfe, "reference orbit")) ||
        (s = upload(ctx, &t.bla, hj->bla, entries * sizeof *hj->bla, "BLA tables")) ||
        (s = upload(ctx, &t.blafe, hj->blafe, entries * sizeof *hj->blafe, "BLA tables")) ||
        (s = upload(ctx, &t.blaq, hj->blaq, entries * sizeof *hj->blaq, "BLA tables")) ||
        (s = upload(ctx, &t.blaqfe, hj->blaqfe, entries * sizeof *hj->blaqfe, "BLA tables")))
        goto out;
    j.Z = t.Z, j.Zfe = t.Zfe, j.bla = t.bla, j.blafe = t.blafe, j.blaq = t.blaq, j.blaqfe = t.blaqfe;
    CK(cudaMalloc((void **)&dout, (size_t)chunk * sizeof *dout), "sample results");
    CK(cudaMallocHost((void **)&hout, (size_t)chunk * sizeof *hout), "sample results");
    CK(cudaMalloc((void **)&dtot, 3 * sizeof *dtot), "totals");
    CK(cudaMemsetAsync(dtot, 0, 3 * sizeof *dtot, stream), "totals");
    /* the pixel stage opens with a report, so a caller can stop it before any work */
    if (ctx->progress && ctx->progress(0.0, ctx->progress_user)) {
        s = fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
        goto out;
    }
    for (int64_t first = 0; first < total; first += chunk) {
        const int64_t count = total - first < chunk ? total - first : chunk;
        CK(fr_cuda_deep_launch(&j, first, count, dout, dtot, BLOCK, stream), "deep-zoom kernel");
        CK(cudaMemcpyAsync(hout, dout, (size_t)count * sizeof *hout, cudaMemcpyDeviceToHost, stream),
           "deep-zoom results");
        CK(cudaStreamSynchronize(stream), "deep-zoom kernel");
        for (int64_t i = 0; i < count; i++) {
            const int64_t idx = first + i;
            const fr_cuda_deep_out *o = &hout[i];
            ej->counts[idx] = o->n;
            if (ej->smooth) ej->smooth[idx] = fr_escape_value(ej, o->n, o->wx, o->wy);
            if (ej->dist) ej->dist[idx] = o->dist;
        }
        if (ctx->progress && ctx->progress((double)(first + count) / (double)total, ctx->progress_user)) {
            s = fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
            goto out;
        }
    }
    CK(cudaMemcpyAsync(htot, dtot, sizeof htot, cudaMemcpyDeviceToHost, stream), "totals");
    CK(cudaStreamSynchronize(stream), "totals");
    tot->steps += htot[0], tot->skipped += htot[1];
out:
    tables_free(&t);
    cudaFree(dout);
    cudaFree(dtot);
    if (hout) cudaFreeHost(hout);
    if (stream) cudaStreamDestroy(stream);
    (void)cudaGetLastError();
    return s;
}

const fr_deep_ops fr_cuda_deep_ops = {
    .compute = cuda_deep_compute,
};
