/* The plain-C interface to the flame kernels (flame_kernels.cu). */
#ifndef FR_CUDA_FLAME_LAUNCH_H
#define FR_CUDA_FLAME_LAUNCH_H

#include <cuda_runtime_api.h>

#include "flame/flame_chaos.h"
#include "flame/flame_temporal.h"
#include "flame/flame_tone_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Per-launch counters: iterations, bad values, plotted. */
enum { FR_FS_ITERATIONS = 0, FR_FS_BAD = 1, FR_FS_PLOTTED = 2, FR_FS_COUNT = 3 };
#define FR_FS_SLOTS 256

typedef struct fr_cuda_flame_args {
    fr_flame_job job;          /* by value; every pointer in it is device memory */
    fr_flame_frame frame;      /* the jobs' frame by value (bucket of a point: no global loads) */
    const float4 *fmap;        /* the jobs' colour maps (linear palette) in float: entry e of a job at
                                  fmap[(job.dmap - dmap0) + e] */
    const double (*dmap0)[4];
    const fr_flame_job *jobs;  /* several jobs (temporal samples): device array, walker k of the pass
                                  runs jobs[seg[fr_flame_segment_find(seg, nseg, k)].job]; NULL: job */
    const fr_flame_segment *seg; /* with jobs: the pass's segments (device), nseg of them */
    int nseg;
    uint64_t base;             /* walker number of walker 0 of the pass */
    uint64_t first, count;     /* walkers of this launch */
    uint32_t per_walker;       /* samples a walker */
    uint64_t samples;          /* samples of the pass (job alone) */
    float4 *b4;                /* buckets: R, G, B, CNT */
    float *ba;                 /* A when it differs from CNT (a palette alpha below 1), else NULL */
    int plot;                  /* 0: no adds (benchmarks: the chaos game without accumulation) */
    int classic;               /* every variation of every job is classic (fr_flame_var_classic) */
    unsigned long long *stats; /* FR_FS_SLOTS x FR_FS_COUNT */
} fr_cuda_flame_args;

/* Threads of the chaos kernel resident on the current device at once. */
uint64_t fr_cuda_flame_resident(void);

/* The chaos game of walkers [first, first + count). */
cudaError_t fr_cuda_flame_chaos(const fr_cuda_flame_args *a, cudaStream_t s);

/* The same with the kernel built for the classic variations only
 * (a->classic must be set). */
cudaError_t fr_cuda_flame_chaos_classic(const fr_cuda_flame_args *a, cudaStream_t s);

/* The float buckets to the integer buckets fr_flame_accumulate reads
 * (wb x hb x FR_FB_CHANNELS, rounded to nearest). */
cudaError_t fr_cuda_flame_buckets(const float4 *b4, const float *ba, fr_flame_bucket_t *buckets, size_t n, cudaStream_t s);

/* One pass's integer buckets into the accumulator: log scaling, or the
 * density-estimation splat when the frame has kernels. `frame` is a device
 * copy whose arrays are device memory. */
cudaError_t fr_cuda_flame_density(const fr_flame_frame *frame, const fr_flame_frame *host_frame,
                                  const fr_flame_bucket_t *buckets, double *accum, double k1, double k2, cudaStream_t s);

/* The accumulator to the image (width x height x 4 values). */
cudaError_t fr_cuda_flame_tonemap(const fr_flame_frame *frame, const fr_flame_frame *host_frame,
                                  const fr_flame_tone *tone, double *accum, int earlyclip, int bpc, uint16_t *out,
                                  cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
