/* The plain-C interface to the CUDA kernels: every __global__ lives in a
 * .cu file of this folder, and each file exports C launchers that take a
 * stream. Nothing CUDA-specific leaks past src/cuda/. */
#ifndef FR_CUDA_LAUNCH_H
#define FR_CUDA_LAUNCH_H

#include <cuda_runtime_api.h>

#include "escape/escape_job.h"
#include "escape/escape_shade.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Render statistics, accumulated on the device into FR_CS_SLOTS slots of
 * FR_CS_COUNT counters each (slot s at stats[s * FR_CS_COUNT]): warps add
 * into slots picked by their position, so no one address takes every
 * atomic; the host sums the slots. */
enum { FR_CS_ITERATIONS = 0, FR_CS_INTERIOR = 1, FR_CS_MIN_EXTERIOR = 2, FR_CS_MAX_EXTERIOR = 3, FR_CS_COUNT = 4 };
#define FR_CS_SLOTS 1024

/* Where view v of a batch (fr_escape_render_batch) looks: the fields of
 * its job that differ from the batch's first. */
typedef struct fr_cuda_view {
    double center_re, center_im, pixel;
} fr_cuda_view;

/* One launch of the escape-time pixel kernel over image rows
 * [row0, row0 + rows): each thread computes one pixel's aa x aa samples.
 * With `rgb` it shades and downsamples them into the strip image; with
 * `counts` it stores the raw samples (and smooth/dist/de when not NULL). */
typedef struct fr_cuda_escape_args {
    fr_escape_job job;          /* by value; its host pointers are not used */
    int row0, rows;             /* image rows of this launch */
    int strip_row0;             /* first image row held by the strip buffers */
    void *rgb;                  /* strip image, width * 3 samples a row */
    uint32_t *counts;           /* strip samples, aa rows of job.sw per image row */
    float *smooth, *dist;
    float *de;                  /* 2 floats a sample (the directional distance estimate), or NULL */
    const float *lut;           /* FR_LUT_FLOATS palette entries */
    fr_rank_table ranks;        /* histogram mode: frac on the device */
    unsigned long long *stats;  /* FR_CS_SLOTS x FR_CS_COUNT counters */
    int minmax;                 /* also track the exterior count range */
    int small_steps;            /* 32 x aa^2 x max_iter < 2^32 */
    /* Divergence control: pixels still running after `budget` steps (0:
     * no budget) are queued (pixel index within the launch's rows) and
     * computed by a second kernel of late_blocks blocks, in full warps. */
    uint32_t budget;
    uint32_t *queue;            /* rows * width entries (a batch: of each view) */
    unsigned *queue_len;        /* [0] entries, [1] next entry to take */
    int late_blocks;
    /* A batch (fr_cuda_escape_batch_launch): view v takes its centre and
     * pixel size from views[v], writes its image at rgb + v * view_rgb
     * bytes and its samples at v * view_samples; with view_stats its
     * statistics go to block v of `stats` (FR_CS_SLOTS x FR_CS_COUNT
     * counters each), else all to the one block. */
    const fr_cuda_view *views;
    size_t view_rgb, view_samples;
    int view_stats;
} fr_cuda_escape_args;

cudaError_t fr_cuda_escape_launch(const fr_cuda_escape_args *a, int block_w, int block_h, cudaStream_t stream);
/* The same over rows [row0, row0 + rows) of `nviews` views (at most
 * 65535; nviews * width * rows < 2^32) in one launch (blockIdx.z: the
 * view), the late pixels of all of them in one more. */
cudaError_t fr_cuda_escape_batch_launch(const fr_cuda_escape_args *a, int nviews, int block_w, int block_h,
                                        cudaStream_t stream);

/* Set `slots` statistics slots to zero counts and an empty range. */
cudaError_t fr_cuda_stats_reset_launch(unsigned long long *stats, int slots, cudaStream_t stream);

/* Shade stored samples (strip buffers of `a`) into the strip image: the
 * second pass of histogram colouring. */
cudaError_t fr_cuda_shade_launch(const fr_cuda_escape_args *a, cudaStream_t stream);

/* The plain reference kernel: one thread per sample, escape test every
 * step, no interior test, no periodicity; counts for the whole sample grid
 * and the iteration total into the FR_CS_ITERATIONS counters of a
 * statistics block. */
cudaError_t fr_cuda_escape_plain_launch(const fr_escape_job *job, uint32_t *counts, unsigned long long *iters,
                                        int block, cudaStream_t stream);

/* Threads per block the occupancy API suggests for the pixel kernel of this
 * job, or 0 on error. */
int fr_cuda_escape_occupancy_block(const fr_escape_job *job);

/* cudaSuccess if this build has code for the current device. */
cudaError_t fr_cuda_probe(void);

/* Histogram colouring: hist[k - lo] += number of samples with count k, for
 * exterior samples (count < max_iter) of counts[0 .. n). */
cudaError_t fr_cuda_hist_launch(const uint32_t *counts, size_t n, uint32_t max_iter, uint32_t lo, uint32_t span,
                                unsigned long long *hist, cudaStream_t stream);
/* frac[k] = (hist[0] + ... + hist[k]) / total, in place over hist as
 * scratch. With temp == NULL only sets *temp_bytes. */
cudaError_t fr_cuda_ranks_launch(unsigned long long *hist, double *frac, uint32_t span, void *temp,
                                 size_t *temp_bytes, cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
