/* The CUDA backend's escape-time contract: memory planning and the
 * pipeline on the GPU. Samples are iterated, shaded and downsampled on the
 * device; only the final image (and the raw samples when asked for) crosses
 * to the host. Images larger than the device memory budget are rendered in
 * strips of whole rows. Every CUDA error becomes a status with a message. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cuda/cuda_host.h"
#include "cuda/cuda_launch.h"
#include "escape/escape_ops.h"
#include "escape/escape_shade.h"

/* Samples per kernel launch when progress is reported: a progress update
 * (and a chance to cancel) every few milliseconds, enough to fill the
 * device. Without a progress callback a strip is one launch. */
#define LAUNCH_SAMPLES (1u << 25)
/* First-pass step budget: pixels still running after it are computed
 * again by the second pass in warps of such pixels (escape_kernels.cu). */
#define STEP_BUDGET 128
/* Pinned staging buffers for copies to the host, two of this size; a copy
 * into destinations of at most DIRECT_BYTES each (tiles) goes without
 * them until they exist. */
#define STAGE_BYTES ((size_t)16 << 20)
#define DIRECT_BYTES ((size_t)4 << 20)
/* Default block shape of the pixel kernel (fractalis bench --sweep). */
#define BLOCK_W 8
#define BLOCK_H 32
#define FR_CS_STATS_BYTES (FR_CS_SLOTS * FR_CS_COUNT * sizeof(unsigned long long))

/* Device state of one escape-time render. */
typedef struct gpu {
    fr_context *ctx;
    cudaStream_t stream;
    fr_cuda_escape_args a;     /* template of every launch */
    int strip_rows, block_w, block_h;
    size_t rgb_row;            /* bytes of one image row */
    float *lut;
    unsigned long long *stats, *scratch_stats;
    unsigned long long *hist;
    double *frac;
    void *scan_temp;
    int store_raw;             /* strip sample buffers exist */
    /* progress over all launches */
    double work_done, work_total;
    double copy_seconds;
    void *stage[2];            /* pinned staging buffers */
    cudaEvent_t staged[2];
    /* a batch of views (fr_escape_render_batch) */
    fr_cuda_view *views;       /* on the device, a launch's views */
    unsigned long long *view_stats; /* a statistics block a view (histogram colouring), or NULL */
} gpu;

static void gpu_free(gpu *g)
{
    cudaFree(g->a.rgb);
    cudaFree(g->a.counts);
    cudaFree(g->a.smooth);
    cudaFree(g->a.dist);
    cudaFree(g->a.de);
    cudaFree(g->lut);
    cudaFree(g->stats);
    cudaFree(g->hist);
    cudaFree(g->frac);
    cudaFree(g->scan_temp);
    cudaFree(g->a.queue);
    cudaFree(g->a.queue_len);
    cudaFree(g->views);
    cudaFree(g->view_stats);
    for (int i = 0; i < 2; i++) {
        if (g->stage[i]) cudaFreeHost(g->stage[i]);
        if (g->staged[i]) cudaEventDestroy(g->staged[i]);
    }
    if (g->stream) cudaStreamDestroy(g->stream);
    (void)cudaGetLastError();
}

/* Plan strips and allocate. `want_rgb`: shade on the device; `want_raw`:
 * keep the samples (raw output, or histogram colouring). `max_rows` caps
 * the strip (0 = whole image). */
static fr_status gpu_open(gpu *g, fr_context *ctx, const fr_escape_job *job, int want_rgb, int want_raw,
                          int block_w, int block_h)
{
    fr_status s = FR_OK;
    memset(g, 0, sizeof *g);
    g->ctx = ctx;
    g->block_w = block_w > 0 ? block_w : BLOCK_W;
    g->block_h = block_h > 0 ? block_h : BLOCK_H;
    g->a.job = *job;
    g->a.job.p = NULL, g->a.job.counts = NULL, g->a.job.smooth = NULL, g->a.job.dist = NULL, g->a.job.de = NULL;
    g->a.ranks.lo = 1, g->a.ranks.hi = 0;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    CK(cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking), "cudaStreamCreate");

    const int bpc = job->depth == 16 ? 2 : 1;
    g->rgb_row = want_rgb ? (size_t)job->width * 3 * bpc : 0;
    g->store_raw = want_raw;
    size_t sample_bytes = 4 + (job->values != FR_VALUES_NONE ? 4 : 0) + (job->values == FR_VALUES_DISTANCE ? 4 : 0) +
                          (job->de ? 8 : 0);
    size_t raw_row = want_raw ? (size_t)job->aa * job->sw * sample_bytes : 0;
    size_t free_b = 0, total_b = 0;
    CK(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
    /* Leave room for the histogram tables, the scan and the runtime. */
    size_t budget = ctx->device_memory ? (size_t)ctx->device_memory : free_b / 10 * 8;
    if (budget > free_b) budget = free_b;
    size_t reserve = (64u << 20) + (job->color == FR_COLOR_HISTOGRAM ? (size_t)job->max_iter * 16 : 0);
    if (reserve > budget / 2) reserve = budget / 2;
    size_t per_row = g->rgb_row + raw_row + (size_t)job->width * 4; /* + the late-pixel queue */
    size_t rows = (budget - reserve) / per_row;
    if (rows > UINT32_MAX / (size_t)job->width) rows = UINT32_MAX / (size_t)job->width; /* queue index */
    if (rows < 1)
        return gpu_free(g),
               fr_fail(ctx, FR_ERR_NOMEM, "GPU memory budget of %zu MiB is too small for one row of %d pixels",
                       budget >> 20, job->width);
    g->strip_rows = rows < (size_t)job->height ? (int)rows : job->height;

    size_t strip_samples = (size_t)g->strip_rows * job->aa * job->sw;
    if (want_rgb) CK(cudaMalloc(&g->a.rgb, g->rgb_row * g->strip_rows), "image strip");
    if (want_raw) {
        CK(cudaMalloc((void **)&g->a.counts, strip_samples * 4), "sample strip");
        if (job->values != FR_VALUES_NONE) CK(cudaMalloc((void **)&g->a.smooth, strip_samples * 4), "sample strip");
        if (job->values == FR_VALUES_DISTANCE) CK(cudaMalloc((void **)&g->a.dist, strip_samples * 4), "sample strip");
        if (job->de) CK(cudaMalloc((void **)&g->a.de, strip_samples * 8), "sample strip");
    }
    CK(cudaMalloc((void **)&g->a.queue, (size_t)g->strip_rows * job->width * 4), "pixel queue");
    CK(cudaMalloc((void **)&g->a.queue_len, 2 * sizeof *g->a.queue_len), "pixel queue");
    g->a.budget = STEP_BUDGET;
    g->a.small_steps = 32.0 * job->aa * job->aa * (double)job->max_iter < 4294967296.0;
    {
        int sms = 0;
        CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, ctx->cuda_index), "device attributes");
        g->a.late_blocks = sms * 9;
    }
    CK(cudaMalloc((void **)&g->lut, FR_LUT_FLOATS * sizeof(float)), "palette");
    CK(cudaMalloc((void **)&g->stats, 2 * FR_CS_STATS_BYTES), "statistics");
    g->scratch_stats = g->stats + FR_CS_SLOTS * FR_CS_COUNT;
    g->a.lut = g->lut;
    return FR_OK;
out:
    gpu_free(g);
    return s;
}

/* Both statistics blocks to zero counts and an empty count range. */
static fr_status gpu_reset_stats(gpu *g)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    CK(fr_cuda_stats_reset_launch(g->stats, 2 * FR_CS_SLOTS, g->stream), "statistics");
out:
    return s;
}

/* Sum the slots of a statistics block into st[FR_CS_COUNT]. */
static fr_status gpu_read_stats(gpu *g, const unsigned long long *block, unsigned long long st[FR_CS_COUNT])
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    unsigned long long *all = malloc(FR_CS_STATS_BYTES);
    if (!all) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    CK(cudaMemcpyAsync(all, block, FR_CS_STATS_BYTES, cudaMemcpyDeviceToHost, g->stream), "statistics");
    CK(cudaStreamSynchronize(g->stream), "statistics");
    st[FR_CS_ITERATIONS] = st[FR_CS_INTERIOR] = st[FR_CS_MAX_EXTERIOR] = 0;
    st[FR_CS_MIN_EXTERIOR] = UINT64_MAX;
    for (int i = 0; i < FR_CS_SLOTS; i++) {
        const unsigned long long *v = all + i * FR_CS_COUNT;
        st[FR_CS_ITERATIONS] += v[FR_CS_ITERATIONS];
        st[FR_CS_INTERIOR] += v[FR_CS_INTERIOR];
        if (v[FR_CS_MIN_EXTERIOR] < st[FR_CS_MIN_EXTERIOR]) st[FR_CS_MIN_EXTERIOR] = v[FR_CS_MIN_EXTERIOR];
        if (v[FR_CS_MAX_EXTERIOR] > st[FR_CS_MAX_EXTERIOR]) st[FR_CS_MAX_EXTERIOR] = v[FR_CS_MAX_EXTERIOR];
    }
out:
    free(all);
    return s;
}

/* Progress after one launch; a cancel ends the render. */
static fr_status gpu_progress(gpu *g, double work, int sync)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    g->work_done += work;
    if (!sync || !ctx->progress) return FR_OK;
    CK(cudaStreamSynchronize(g->stream), "escape kernel");
    if (ctx->progress(g->work_total > 0 ? g->work_done / g->work_total : 1.0, ctx->progress_user))
        return fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
out:
    return s;
}

/* Run the pixel kernel over the strip starting at row0, in launches of
 * about LAUNCH_SAMPLES samples. `shade` writes the image strip, `store`
 * the sample strip; `stats` picks the statistics block. */
static fr_status gpu_strip(gpu *g, int row0, int rows, int shade, int store, unsigned long long *stats, int sync)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    const fr_escape_job *j = &g->a.job;
    size_t row_samples = (size_t)j->aa * j->sw;
    int per_launch = sync && ctx->progress ? (int)(LAUNCH_SAMPLES / row_samples) : rows;
    if (per_launch < 1) per_launch = 1;
    fr_cuda_escape_args a = g->a;
    a.strip_row0 = row0;
    a.stats = stats;
    a.minmax = j->color == FR_COLOR_HISTOGRAM;
    if (!shade) a.rgb = NULL;
    if (!store) a.counts = NULL, a.smooth = NULL, a.dist = NULL, a.de = NULL;
    for (int r = row0; r < row0 + rows; r += per_launch) {
        a.row0 = r;
        a.rows = row0 + rows - r < per_launch ? row0 + rows - r : per_launch;
        CK(fr_cuda_escape_launch(&a, g->block_w, g->block_h, g->stream), "escape kernel launch");
        if ((s = gpu_progress(g, (double)a.rows, sync))) goto out;
    }
out:
    return s;
}

/* Histogram colouring: the rank table from the counts of every strip.
 * With one strip the counts are still on the device; otherwise each strip
 * is computed again (identically) into the sample buffers. */
static fr_status gpu_ranks(gpu *g, int sync)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    const fr_escape_job *j = &g->a.job;
    unsigned long long st[FR_CS_COUNT];
    if ((s = gpu_read_stats(g, g->stats, st))) return s;
    if (st[FR_CS_MIN_EXTERIOR] > st[FR_CS_MAX_EXTERIOR]) return FR_OK; /* nothing escaped */
    uint32_t lo = (uint32_t)st[FR_CS_MIN_EXTERIOR], span = (uint32_t)(st[FR_CS_MAX_EXTERIOR] - lo + 1);
    size_t temp_bytes = 0;
    cudaFree(g->hist), cudaFree(g->frac), cudaFree(g->scan_temp);
    g->hist = NULL, g->frac = NULL, g->scan_temp = NULL;
    CK(cudaMalloc((void **)&g->hist, (size_t)span * sizeof *g->hist), "count histogram");
    CK(cudaMalloc((void **)&g->frac, (size_t)span * sizeof *g->frac), "rank table");
    CK(cudaMemsetAsync(g->hist, 0, (size_t)span * sizeof *g->hist, g->stream), "count histogram");
    CK(fr_cuda_ranks_launch(g->hist, g->frac, span, NULL, &temp_bytes, g->stream), "scan set-up");
    CK(cudaMalloc(&g->scan_temp, temp_bytes), "scan");
    int nstrips = (j->height + g->strip_rows - 1) / g->strip_rows;
    for (int row0 = 0; row0 < j->height; row0 += g->strip_rows) {
        int rows = j->height - row0 < g->strip_rows ? j->height - row0 : g->strip_rows;
        if (nstrips > 1 && (s = gpu_strip(g, row0, rows, 0, 1, g->scratch_stats, sync))) goto out;
        CK(fr_cuda_hist_launch(g->a.counts, (size_t)rows * j->aa * j->sw, j->max_iter, lo, span, g->hist, g->stream),
           "histogram kernel");
    }
    CK(fr_cuda_ranks_launch(g->hist, g->frac, span, g->scan_temp, &temp_bytes, g->stream), "rank scan");
    g->a.ranks.lo = lo, g->a.ranks.hi = lo + span - 1, g->a.ranks.frac = g->frac;
out:
    return s;
}

/* Bytes [off, off + n) of a copy whose byte o goes to dst[o / each] +
 * o % each, from `from`. */
static void scatter(void *const *dst, size_t each, size_t off, const char *from, size_t n)
{
    while (n) {
        const size_t i = off / each, o = off % each, k = each - o < n ? each - o : n;
        memcpy((char *)dst[i] + o, from, k);
        off += k, from += k, n -= k;
    }
}

/* Device to host, byte o of `src` to dst[o / each] + o % each: through
 * two pinned staging buffers, the copy of one piece overlapping the
 * parallel copy of the previous one into the destinations (pageable
 * memory, which the GPU copies to only slowly); a small copy (tiles) goes
 * directly, as allocating and pinning the buffers costs more. */
static fr_status copy_scatter(gpu *g, void *const *dst, size_t each, const void *src, size_t bytes)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    CK(cudaStreamSynchronize(g->stream), "escape kernel");
    double t0 = fr_now();
    if (!g->stage[0] && each <= DIRECT_BYTES) {
        /* small pieces: straight into the destinations (allocating and
         * pinning the staging buffers would cost more than the pageable
         * copy loses: 40 tiles of 256 x 256, 7.5 MiB, 1.0 ms instead of
         * 4.5 ms on an H200) */
        for (size_t off = 0; off < bytes; off += each) {
            const size_t n = bytes - off < each ? bytes - off : each;
            CK(cudaMemcpyAsync(dst[off / each], (const char *)src + off, n, cudaMemcpyDeviceToHost, g->stream),
               "copy to host");
        }
        CK(cudaStreamSynchronize(g->stream), "copy to host");
        g->copy_seconds += fr_now() - t0;
        return FR_OK;
    }
    const size_t stage = STAGE_BYTES;
    for (int i = 0; i < 2; i++)
        if (!g->stage[i]) {
            CK(cudaHostAlloc(&g->stage[i], stage, cudaHostAllocDefault), "staging buffer");
            CK(cudaEventCreateWithFlags(&g->staged[i], cudaEventDisableTiming), "cudaEventCreate");
        }
    const size_t pieces = (bytes + stage - 1) / stage;
    for (size_t k = 0; k <= pieces; k++) {
        if (k < pieces) {
            size_t off = k * stage, n = bytes - off < stage ? bytes - off : stage;
            CK(cudaMemcpyAsync(g->stage[k & 1], (const char *)src + off, n, cudaMemcpyDeviceToHost, g->stream),
               "copy to host");
            CK(cudaEventRecord(g->staged[k & 1], g->stream), "cudaEventRecord");
        }
        if (k == 0) continue;
        size_t p = k - 1, off = p * stage, n = bytes - off < stage ? bytes - off : stage;
        CK(cudaEventSynchronize(g->staged[p & 1]), "copy to host");
        const char *from = g->stage[p & 1];
        const int threads = fr_threads(ctx);
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int t = 0; t < threads; t++) {
            size_t a = n * t / threads, b = n * (t + 1) / threads;
            scatter(dst, each, off + a, from + a, b - a);
        }
    }
    g->copy_seconds += fr_now() - t0;
out:
    return s;
}

static fr_status copy_rows(gpu *g, void *dst, const void *src, size_t bytes)
{
    return copy_scatter(g, &dst, bytes, src, bytes);
}

/* Copy one strip's outputs to the host image and raw arrays. */
static fr_status gpu_fetch(gpu *g, int row0, int rows, void *pixels, fr_escape_job *job, int raw)
{
    fr_status s = FR_OK;
    if (pixels && (s = copy_rows(g, (char *)pixels + g->rgb_row * row0, g->a.rgb, g->rgb_row * rows)))
        return s;
    if (!raw) return FR_OK;
    size_t first = (size_t)row0 * job->aa * job->sw, n = (size_t)rows * job->aa * job->sw;
    if ((s = copy_rows(g, job->counts + first, g->a.counts, n * 4))) return s;
    if (job->smooth && (s = copy_rows(g, job->smooth + first, g->a.smooth, n * 4))) return s;
    if (job->dist && (s = copy_rows(g, job->dist + first, g->a.dist, n * 4))) return s;
    if (job->de && (s = copy_rows(g, job->de + 2 * first, g->a.de, n * 8))) return s;
    return FR_OK;
}

/* The whole pipeline into the strip buffers, strip by strip; `pixels` and
 * the job's arrays (when `raw`) receive the results on the host. With
 * pixels == NULL and raw == 0 (benchmark) the image stays on the device. */
static fr_status gpu_run(gpu *g, fr_escape_job *job, void *pixels, int raw, int sync)
{
    fr_status s;
    const int hist = job->color == FR_COLOR_HISTOGRAM && g->a.rgb;
    const int h = job->height;
    const int nstrips = (h + g->strip_rows - 1) / g->strip_rows;
    g->work_done = 0;
    g->work_total = (double)h * (hist ? (nstrips > 1 ? 3 : 1) : 1);
    if ((s = gpu_reset_stats(g))) return s;
    if (hist) {
        /* Pass 1: counts of every strip (kept when wanted as raw output). */
        for (int row0 = 0; row0 < h; row0 += g->strip_rows) {
            int rows = h - row0 < g->strip_rows ? h - row0 : g->strip_rows;
            if ((s = gpu_strip(g, row0, rows, 0, 1, g->stats, sync))) return s;
            if (raw && (s = gpu_fetch(g, row0, rows, NULL, job, 1))) return s;
        }
        if ((s = gpu_ranks(g, sync))) return s;
        if (nstrips == 1) {
            fr_context *ctx = g->ctx;
            fr_cuda_escape_args a = g->a;
            a.row0 = 0, a.rows = h, a.strip_row0 = 0;
            CK(fr_cuda_shade_launch(&a, g->stream), "shade kernel launch");
            if (pixels) return gpu_fetch(g, 0, h, pixels, job, 0);
            return FR_OK;
        }
    }
    for (int row0 = 0; row0 < h; row0 += g->strip_rows) {
        int rows = h - row0 < g->strip_rows ? h - row0 : g->strip_rows;
        int store = g->store_raw && !hist;
        if ((s = gpu_strip(g, row0, rows, g->a.rgb != NULL, store, hist ? g->scratch_stats : g->stats, sync)))
            return s;
        if ((pixels || (raw && !hist)) && (s = gpu_fetch(g, row0, rows, pixels, job, raw && !hist))) return s;
    }
    return FR_OK;
out:
    return s;
}

static fr_status gpu_stats(gpu *g, uint64_t *iterations, uint64_t *interior)
{
    fr_status s;
    unsigned long long st[FR_CS_COUNT];
    if ((s = gpu_read_stats(g, g->stats, st))) return s;
    if (iterations) *iterations = st[FR_CS_ITERATIONS];
    if (interior) *interior = st[FR_CS_INTERIOR];
    return s;
}

static fr_status cuda_escape_render(fr_context *ctx, fr_escape_job *job, const float *lut, fr_image *image,
                                    fr_escape_stats *st)
{
    fr_status s;
    gpu g;
    const int raw = job->counts != NULL;
    double t0 = fr_now();
    if ((s = gpu_open(&g, ctx, job, image != NULL, raw || (image && job->color == FR_COLOR_HISTOGRAM), 0, 0)))
        return s;
    st->seconds_setup = fr_now() - t0;
    /* into the caller's pixels when given (a band of an image spread over devices) */
    void *const given = image ? image->pixels : NULL;
    void *pixels = given;
    if (image && !given) {
        pixels = malloc(g.rgb_row * job->height);
        if (!pixels) {
            gpu_free(&g);
            return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d image", job->width, job->height);
        }
    }
    CK(cudaMemcpyAsync(g.lut, lut, FR_LUT_FLOATS * sizeof(float), cudaMemcpyHostToDevice, g.stream), "palette");
    if ((s = gpu_run(&g, job, pixels, raw, 1))) goto out;
    if ((s = gpu_stats(&g, &st->iterations, &st->interior))) goto out;
    st->seconds_copy = g.copy_seconds;
    st->seconds_iterate = fr_now() - t0 - st->seconds_setup - st->seconds_copy;
    if (image) {
        image->width = job->width, image->height = job->height, image->depth = job->depth;
        image->pixels = pixels;
        pixels = NULL;
    }
out:
    if (pixels != given) free(pixels);
    gpu_free(&g);
    return s;
}

/* ------------------------------------------------ batches (fr_escape_render_batch) */

/* Histogram colouring of view v of a launch whose counts (and values) are
 * in the sample buffers: its rank table from its own statistics block,
 * then the shading pass into its image. */
static fr_status batch_hist_view(gpu *g, const fr_escape_job *job, int v)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    gpu w = *g; /* the view's arguments over the batch's buffers */
    const size_t samples = (size_t)job->sw * job->sh;
    w.a.job = *job;
    w.a.job.p = NULL, w.a.job.counts = NULL, w.a.job.smooth = NULL, w.a.job.dist = NULL, w.a.job.de = NULL;
    w.a.ranks.lo = 1, w.a.ranks.hi = 0, w.a.ranks.frac = NULL;
    w.a.counts += v * samples;
    if (w.a.smooth) w.a.smooth += v * samples;
    if (w.a.dist) w.a.dist += v * samples;
    w.a.rgb = (char *)w.a.rgb + v * g->rgb_row * job->height;
    w.stats = g->view_stats + (size_t)v * FR_CS_SLOTS * FR_CS_COUNT;
    w.strip_rows = job->height; /* one piece: gpu_ranks reads the counts as they are */
    s = gpu_ranks(&w, 0);
    /* the tables are the batch's to free (gpu_ranks replaces them) */
    g->hist = w.hist, g->frac = w.frac, g->scan_temp = w.scan_temp;
    if (s) return s;
    w.a.row0 = 0, w.a.rows = job->height, w.a.strip_row0 = 0;
    CK(fr_cuda_shade_launch(&w.a, g->stream), "shade kernel launch");
out:
    return s;
}

/* jobs[0 .. n) differ only in centre and pixel size (escape_ops.h). As
 * many views as the memory budget holds go into each launch: their images
 * one after another in the image buffer (a view's image is a strip of
 * `height` rows), their samples likewise where histogram colouring keeps
 * them; one copy brings a launch's images back. A view too large for the
 * budget alone renders by itself (in strips). */
static fr_status cuda_escape_render_batch(fr_context *ctx, const fr_escape_job *jobs, int n, const float *lut,
                                          fr_image *images, fr_escape_stats *st)
{
    fr_status s = FR_OK;
    gpu g;
    const fr_escape_job *j0 = &jobs[0];
    const int hist = j0->color == FR_COLOR_HISTOGRAM;
    const int h = j0->height;
    double t0 = fr_now();
    /* Plan as for one image of all the views' rows: whole views a launch. */
    int most = n < 65535 ? n : 65535;
    if (most > INT32_MAX / h) most = INT32_MAX / h;
    fr_escape_job all = *j0;
    all.height = most * h, all.sh = all.height * j0->aa;
    all.counts = NULL, all.smooth = NULL, all.dist = NULL, all.de = NULL;
    if ((s = gpu_open(&g, ctx, &all, 1, hist, 0, 0))) return s;
    const int per = g.strip_rows / h; /* views a launch */
    if (per < 1) {
        /* not even one view in one piece: each on its own, in strips */
        gpu_free(&g);
        for (int k = 0; k < n && !s; k++) {
            fr_escape_job one = jobs[k];
            fr_escape_stats vs = {0};
            if (!(s = cuda_escape_render(ctx, &one, lut, &images[k], &vs))) {
                st->iterations += vs.iterations, st->interior += vs.interior;
                st->seconds_iterate += vs.seconds_iterate, st->seconds_setup += vs.seconds_setup;
                st->seconds_copy += vs.seconds_copy;
            }
        }
        goto fail;
    }
    g.a.job = *j0;
    g.a.job.p = NULL;
    const size_t view_rgb = g.rgb_row * h, view_samples = (size_t)j0->sw * j0->sh;
    fr_cuda_view *views = malloc((size_t)per * sizeof *views);
    void **dst = malloc((size_t)per * sizeof *dst);
    unsigned long long *vst = NULL;
    if (!views || !dst) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto done;
    }
    CK(cudaMalloc((void **)&g.views, (size_t)per * sizeof *g.views), "batch views");
    if (hist) {
        CK(cudaMalloc((void **)&g.view_stats, (size_t)per * FR_CS_STATS_BYTES), "batch statistics");
        if (!(vst = malloc((size_t)per * FR_CS_STATS_BYTES))) {
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
            goto done;
        }
    }
    CK(cudaMemcpyAsync(g.lut, lut, FR_LUT_FLOATS * sizeof(float), cudaMemcpyHostToDevice, g.stream), "palette");
    if ((s = gpu_reset_stats(&g))) goto done;
    const double setup = fr_now() - t0;
    g.work_done = 0, g.work_total = n;
    for (int v0 = 0; v0 < n; v0 += per) {
        const int c = n - v0 < per ? n - v0 : per;
        for (int k = 0; k < c; k++) {
            const fr_escape_job *j = &jobs[v0 + k];
            views[k] = (fr_cuda_view){j->center_re, j->center_im, j->pixel};
            if (!(dst[k] = images[v0 + k].pixels = malloc(view_rgb))) {
                s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for %d images of %dx%d", n, j0->width, h);
                goto done;
            }
            images[v0 + k].width = j0->width, images[v0 + k].height = h, images[v0 + k].depth = j0->depth;
        }
        CK(cudaMemcpyAsync(g.views, views, (size_t)c * sizeof *views, cudaMemcpyHostToDevice, g.stream),
           "batch views");
        fr_cuda_escape_args a = g.a;
        a.row0 = 0, a.rows = h, a.strip_row0 = 0;
        a.views = g.views, a.view_rgb = view_rgb, a.view_samples = view_samples;
        if (hist) {
            /* counts first, each view's ranks and shading after */
            CK(fr_cuda_stats_reset_launch(g.view_stats, c * FR_CS_SLOTS, g.stream), "statistics");
            a.rgb = NULL, a.stats = g.view_stats, a.view_stats = 1, a.minmax = 1;
        } else {
            a.counts = NULL, a.smooth = NULL, a.dist = NULL, a.stats = g.stats, a.view_stats = 0, a.minmax = 0;
        }
        a.de = NULL;
        CK(fr_cuda_escape_batch_launch(&a, c, g.block_w, g.block_h, g.stream), "batch kernel launch");
        if (hist) {
            CK(cudaMemcpyAsync(vst, g.view_stats, (size_t)c * FR_CS_STATS_BYTES, cudaMemcpyDeviceToHost, g.stream),
               "statistics");
            CK(cudaStreamSynchronize(g.stream), "batch kernel");
            for (size_t i = 0; i < (size_t)c * FR_CS_SLOTS; i++)
                st->iterations += vst[i * FR_CS_COUNT + FR_CS_ITERATIONS],
                    st->interior += vst[i * FR_CS_COUNT + FR_CS_INTERIOR];
            for (int k = 0; k < c && !s; k++) s = batch_hist_view(&g, &jobs[v0 + k], k);
            if (s) goto done;
        }
        if ((s = copy_scatter(&g, dst, view_rgb, g.a.rgb, (size_t)c * view_rgb))) goto done;
        if ((s = gpu_progress(&g, c, 1))) goto done;
    }
    if (!hist) {
        uint64_t it = 0, in = 0;
        if ((s = gpu_stats(&g, &it, &in))) goto done;
        st->iterations += it, st->interior += in;
    }
    st->seconds_setup += setup;
    st->seconds_copy += g.copy_seconds;
    st->seconds_iterate += fr_now() - t0 - setup - g.copy_seconds;
out:
done:
    free(views);
    free(dst);
    free(vst);
    gpu_free(&g);
fail:
    if (s)
        for (int k = 0; k < n; k++) {
            free(images[k].pixels);
            memset(&images[k], 0, sizeof images[k]);
        }
    return s;
}

/* ------------------------------------------------ bands (src/multi) */

typedef struct gband {
    gpu g;
    fr_escape_job *job; /* the caller's: its host arrays receive the samples */
} gband;

static fr_status cuda_band_begin(fr_context *ctx, fr_escape_job *job, const float *lut, int image, void **state)
{
    fr_status s = FR_OK;
    gband *b = calloc(1, sizeof *b);
    if (!b) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    b->job = job;
    if ((s = gpu_open(&b->g, ctx, job, image, job->counts != NULL, 0, 0))) return free(b), s;
    CK(cudaMemcpyAsync(b->g.lut, lut, FR_LUT_FLOATS * sizeof(float), cudaMemcpyHostToDevice, b->g.stream), "palette");
    if ((s = gpu_reset_stats(&b->g))) goto out;
    *state = b;
    return FR_OK;
out:
    gpu_free(&b->g);
    free(b);
    return s;
}

static fr_status cuda_band_run(void *state, int y0, int rows, void *pixels)
{
    gband *b = state;
    gpu *g = &b->g;
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    CK(cudaSetDevice(ctx->cuda_index), "cudaSetDevice");
    g->work_done = 0, g->work_total = rows; /* progress: the band's fraction */
    for (int r = y0; r < y0 + rows; r += g->strip_rows) {
        const int n = y0 + rows - r < g->strip_rows ? y0 + rows - r : g->strip_rows;
        if ((s = gpu_strip(g, r, n, g->a.rgb != NULL, g->store_raw, g->stats, 1))) break;
        if ((s = gpu_fetch(g, r, n, g->a.rgb ? pixels : NULL, b->job, g->store_raw))) break;
    }
out:
    return s;
}

static fr_status cuda_band_end(void *state, fr_escape_stats *st)
{
    gband *b = state;
    fr_status s = FR_OK;
    if (st) {
        uint64_t it = 0, in = 0;
        cudaSetDevice(b->g.ctx->cuda_index);
        if (!(s = gpu_stats(&b->g, &it, &in))) st->iterations += it, st->interior += in;
    }
    gpu_free(&b->g);
    free(b);
    return s;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median of `reps` timed runs of `what` (0 = pipeline, 1 = plain kernel),
 * after one warm-up run. */
static fr_status time_runs(gpu *g, fr_escape_job *job, int what, int reps, uint32_t *plain_counts, double *median,
                           double *lo, double *hi)
{
    fr_context *ctx = g->ctx;
    fr_status s = FR_OK;
    cudaEvent_t e0 = NULL, e1 = NULL;
    double *t = calloc((size_t)reps, sizeof *t);
    if (!t) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    CK(cudaEventCreate(&e0), "cudaEventCreate");
    CK(cudaEventCreate(&e1), "cudaEventCreate");
    for (int r = -1; r < reps; r++) {
        if (what == 0) {
            if ((s = gpu_reset_stats(g))) goto out;
            CK(cudaEventRecord(e0, g->stream), "cudaEventRecord");
            if ((s = gpu_run(g, job, NULL, 0, 0))) goto out;
        } else {
            CK(cudaMemsetAsync(g->scratch_stats, 0, FR_CS_STATS_BYTES, g->stream), "statistics");
            CK(cudaEventRecord(e0, g->stream), "cudaEventRecord");
            CK(fr_cuda_escape_plain_launch(&g->a.job, plain_counts, g->scratch_stats, 256, g->stream),
               "plain kernel launch");
        }
        CK(cudaEventRecord(e1, g->stream), "cudaEventRecord");
        CK(cudaEventSynchronize(e1), "benchmark run");
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1), "cudaEventElapsedTime");
        if (r >= 0) t[r] = ms * 1e-3;
    }
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    *median = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
    *lo = t[0], *hi = t[reps - 1];
out:
    if (e0) cudaEventDestroy(e0);
    if (e1) cudaEventDestroy(e1);
    free(t);
    return s;
}

static fr_status cuda_escape_bench(fr_context *ctx, fr_escape_job *job, const float *lut, const fr_bench_opts *o,
                                   fr_bench_result *r)
{
    fr_status s;
    gpu g;
    uint32_t *plain_counts = NULL;
    if ((s = gpu_open(&g, ctx, job, 1, job->color == FR_COLOR_HISTOGRAM, o->block_w, o->block_h))) return s;
    if (g.strip_rows < job->height) {
        gpu_free(&g);
        return fr_fail(ctx, FR_ERR_NOMEM, "benchmark scene %dx%d does not fit the GPU in one piece", job->width,
                       job->height);
    }
    r->block_w = g.block_w, r->block_h = g.block_h;
    r->occupancy_block = fr_cuda_escape_occupancy_block(&g.a.job);
    CK(cudaMemcpyAsync(g.lut, lut, FR_LUT_FLOATS * sizeof(float), cudaMemcpyHostToDevice, g.stream), "palette");
    if ((s = time_runs(&g, job, 0, o->repeats, NULL, &r->seconds, &r->seconds_min, &r->seconds_max))) goto out;
    if ((s = gpu_stats(&g, &r->iterations, NULL))) goto out;
    if (o->plain) {
        double lo, hi;
        CK(cudaMalloc((void **)&plain_counts, (size_t)job->sw * job->sh * 4), "plain kernel counts");
        if ((s = time_runs(&g, job, 1, o->repeats, plain_counts, &r->plain_seconds, &lo, &hi))) goto out;
        unsigned long long st[FR_CS_COUNT];
        if ((s = gpu_read_stats(&g, g.scratch_stats, st))) goto out;
        r->plain_iterations = st[FR_CS_ITERATIONS];
    }
out:
    cudaFree(plain_counts);
    gpu_free(&g);
    return s;
}

const fr_escape_ops fr_cuda_escape_ops = {
    .render = cuda_escape_render,
    .render_batch = cuda_escape_render_batch,
    .bench = cuda_escape_bench,
    .band_begin = cuda_band_begin,
    .band_run = cuda_band_run,
    .band_end = cuda_band_end,
};
