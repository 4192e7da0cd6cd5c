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

/* Buckets too dense for one float sum: one whose float sum took 2^23 in
 * a launch (where 2^24, past which a float add rounds, is near) joins this
 * table at the drain, and its hits from then on are spread over
 * FR_FLAME_HOT_COPIES float sums (by thread), each far from 2^24, which
 * the drain adds exactly (flame_kernels.cu). An open-addressing hash
 * table of bucket numbers + 1 (0: empty; buckets past 2^32 - 2 have none)
 * and of the copies each has; at most `cap` buckets (a render's memory
 * grows by FR_FLAME_HOT_BYTES a bucket it can take). */
#define FR_FLAME_HOT_SLOTS 8192
#define FR_FLAME_HOT_BITS 65536 /* a filter: bit h(b) set for every bucket b in the table */
#define FR_FLAME_HOT_MAX (FR_FLAME_HOT_SLOTS / 2) /* at most half full: a probe always ends */
#define FR_FLAME_HOT_COPIES 512
#define FR_FLAME_HOT_BYTES (FR_FLAME_HOT_COPIES * (sizeof(float) * 5))
typedef struct fr_cuda_flame_hot {
    unsigned long long *slot; /* FR_FLAME_HOT_SLOTS: bucket number + 1, and above it (<< 32) the
                                 bucket's copies' block (its copies: block x FR_FLAME_HOT_COPIES on) */
    float4 *copy;    /* cap x FR_FLAME_HOT_COPIES (R, G, B, CNT) sums */
    float *copy_a;   /* and A sums, when A has its own (args.ba) */
    unsigned *bits;  /* FR_FLAME_HOT_BITS / 32 words of the filter */
    unsigned *count; /* buckets taken (may pass the cap: then no more are) */
    unsigned cap;    /* <= FR_FLAME_HOT_MAX */
} fr_cuda_flame_hot;

typedef struct fr_cuda_flame_args {
    fr_flame_job job;          /* by value; every pointer in it is device memory */
    fr_flame_frame frame;      /* the jobs' frame by value (bucket of a point: no global loads) */
    const fr_flame_job *jobs;  /* several jobs (temporal samples): device array, walker k of the pass
                                  runs jobs[seg[fr_flame_segment_find(seg, nseg, k)].job]; NULL: job */
    const fr_flame_segment *seg; /* with jobs: the pass's segments (device), nseg of them */
    int nseg;
    uint64_t base;             /* walker number of walker 0 of the pass */
    uint64_t first, count;     /* walkers of this launch */
    uint32_t per_walker;       /* samples a walker */
    uint32_t from, upto;       /* samples [from, upto) of each walker in this launch: a walker starts (its
                                  fuse) at 0, else goes on from saved[k - first], and is saved there when
                                  it has samples left */
    fr_flame_walker *saved;    /* device: count walkers' states between launches (NULL when whole) */
    uint64_t samples;          /* samples of the pass (job alone) */
    float4 *b4;                /* buckets: R, G, B, CNT */
    float *ba;                 /* A when it differs from CNT (a palette alpha below 1), else NULL */
    fr_cuda_flame_hot hot;     /* dense buckets: their sums spread over copies */
    int any_hot;               /* the table has buckets (the launch then has its filter in shared memory) */
    int plot;                  /* 0: no adds (benchmarks: the chaos game without accumulation) */
    int classic;               /* every variation of every job is classic (fr_flame_var_classic) */
    int common;                /* every variation of every job is common (below FR_V_FIRST_RARE) and
                                  no xform has Ember pre_ or post_ variations */
    int cameras;               /* with jobs: each job's frame (job->frame, device) has a camera of its own
                                  (a timeline's time steps), read by its walkers in place of a.frame's */
    int proj;                  /* some job's frame has Ember's 3D camera (frame.proj.on): the kernel
                                  built with the projection runs */
    unsigned long long *stats; /* FR_FS_SLOTS x FR_FS_COUNT */
} fr_cuda_flame_args;

/* Threads of the chaos kernel resident on the current device at once. */
uint64_t fr_cuda_flame_resident(void);

/* The chaos game of walkers [first, first + count). */
cudaError_t fr_cuda_flame_chaos(const fr_cuda_flame_args *a, cudaStream_t s);

/* The same with the kernel built for the classic variations only
 * (a->classic must be set). */
cudaError_t fr_cuda_flame_chaos_classic(const fr_cuda_flame_args *a, cudaStream_t s);
/* The same with the kernel built for the common variations only, without
 * pre_/post_ slots (a->common must be set). */
cudaError_t fr_cuda_flame_chaos_common(const fr_cuda_flame_args *a, cudaStream_t s);

/* The float buckets added into the integer buckets (saturating) and
 * cleared; *lost set when a float sum had reached 2^24 (not exact); a
 * bucket whose sums reached `dense` joins the hot table. Then the hot
 * table's sums added in and cleared. */
cudaError_t fr_cuda_flame_drain(float4 *b4, float *ba, fr_flame_bucket_t *buckets, size_t n, float dense,
                                fr_cuda_flame_hot hot, unsigned *lost, cudaStream_t s);

/* One pass's integer buckets into the accumulator's rows [alo, ahi) (the
 * whole: 0, hb): log scaling, or the density-estimation splat when the
 * frame has kernels. `frame` is a device copy whose arrays are device
 * memory; `buckets` must hold the rows fr_cuda_flame_rows names. */
cudaError_t fr_cuda_flame_density(const fr_flame_frame *frame, const fr_flame_frame *host_frame,
                                  const fr_flame_bucket_t *buckets, double *accum, double k1, double k2, int alo,
                                  int ahi, cudaStream_t s);

/* What image rows [y0, y1) need (a device that finishes a band of the
 * image): the accumulator rows [alo, ahi) their filter reads, and the
 * bucket rows [blo, bhi) whose density estimation reaches those (the
 * density estimation's sources and their count windows). */
void fr_cuda_flame_rows(const fr_flame_frame *host_frame, int y0, int y1, int *alo, int *ahi, int *blo, int *bhi);

/* dst[i] += src[i] for n bucket values, saturating at 2^32 - 1 (another
 * device's part of a pass, copied here). */
cudaError_t fr_cuda_flame_bucket_add(fr_flame_bucket_t *dst, const fr_flame_bucket_t *src, size_t n, cudaStream_t s);

/* The accumulator to the image rows [y0, y1) (width x (y1 - y0) x 4
 * values from out; the whole image: 0, height). */
cudaError_t fr_cuda_flame_tonemap(const fr_flame_frame *frame, const fr_flame_frame *host_frame,
                                  const fr_flame_tone *tone, double *accum, int earlyclip, int bpc, uint16_t *out,
                                  int y0, int y1, cudaStream_t s);

#ifdef __cplusplus
}
#endif
#endif
