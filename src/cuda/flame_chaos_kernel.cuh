/*
 * flame_chaos_kernel.cuh - the chaos-game kernel, compiled by two
 * translation units: flame_kernels.cu with every variation, and
 * flame_chaos_classic.cu with the classic ones only (FR_FLAME_VAR_ON set
 * before the include), whose kernel needs no register spills, and
 * flame_chaos_common.cu; and, at run time, by NVRTC for the variations of
 * the genome at hand (cuda/flame_jit.c: its source defines FR_FLAME_VAR_ON
 * and includes this file, the launch below left out). Everything here has
 * internal linkage, so each unit has its own.
 *
 * One walker a thread, each with its own random stream keyed by (seed,
 * walker) and its own xform choice, so the points of a warp never share an
 * orbit. A hit adds (R, G, B, CNT) to its bucket with one float4 vector
 * atomic (red.global.add.v4.f32 on sm_90); the values are flam3's integer
 * adds (<= 255), so a sum is exact while it stays below 2^24: a launch runs
 * a span of each walker's samples (its state kept in device memory between
 * launches), the host drains the float sums into the integer buckets after
 * each (cuda_flame.c), and the few buckets dense enough to near 2^24 in a
 * launch have their hits spread over 512 copies (the hot table,
 * flame_launch.h). The integer buckets are then the CPU's, exactly.
 */
#ifndef FR_CUDA_FLAME_CHAOS_KERNEL_CUH
#define FR_CUDA_FLAME_CHAOS_KERNEL_CUH

#include "flame/flame_density_core.h"
#include "flame/flame_frame.h"
#include "flame/flame_tone_core.h"
/* the variations with single-precision transcendentals (flame_fast_math.cuh) */
#define FR_FLAME_FAST_MATH_ON
#include "cuda/flame_fast_math.cuh"
#include "flame/flame_xform_core.h"
#undef FR_FLAME_FAST_MATH_ON
#include "cuda/flame_fast_math.cuh"

#include "cuda/flame_launch.h"

#define THREADS 128

namespace {

__device__ __forceinline__ void add4(float4 *p, float4 v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    atomicAdd(p, v);
#else
    atomicAdd(&p->x, v.x);
    atomicAdd(&p->y, v.y);
    atomicAdd(&p->z, v.z);
    atomicAdd(&p->w, v.w);
#endif
}

/* The hot table's slot of bucket b, -1 when b is not in it. */
__device__ __forceinline__ unsigned hot_hash(unsigned key)
{
    return (key * 2654435761u >> 12) & (FR_FLAME_HOT_SLOTS - 1);
}

/* The filter's bit of a key. */
__device__ __forceinline__ unsigned hot_bit(unsigned key)
{
    return (key * 0x85EBCA6Bu >> 7) & (FR_FLAME_HOT_BITS - 1);
}

/* The copies' block of bucket b, -1 when b is not in the table. (filter:
 * the table's filter in shared memory; most buckets end there) */
__device__ __forceinline__ long long hot_block(const fr_cuda_flame_hot &h, const unsigned *filter, long long b)
{
    if ((unsigned long long)b >= 0xfffffffeull) return -1;
    const unsigned key = (unsigned)b + 1, bit = hot_bit(key);
    if (!(filter[bit >> 5] >> (bit & 31) & 1u)) return -1;
    for (unsigned s = hot_hash(key);; s = (s + 1) & (FR_FLAME_HOT_SLOTS - 1)) {
        const unsigned long long e = __ldg(h.slot + s);
        if ((unsigned)e == key) return (long long)(e >> 32);
        if (e == 0) return -1;
    }
}

/* One hit of the chaos game into the float buckets: fr_flame_hit_values'
 * adds, the CPU's to the bit. (A linear palette's were once computed from
 * a single-precision copy of the colour map: where a product lies within
 * rounding of an integer, as on every flat run of a palette, it truncated
 * one higher or lower than flam3's double, and a genome came out 0.3 %
 * brighter than flam3's; now four 16-byte loads of the two entries and
 * double arithmetic, as on the CPU.) A hit of a dense bucket goes to this
 * thread's copy of its sums. */
__device__ __forceinline__ void plot_hit(const fr_cuda_flame_args &a, const fr_flame_job *j, int64_t b, double oc,
                                         int fn, bool any_hot, const unsigned *filter)
{
    float4 v;
    float alpha;
    if (j->linear_palette) {
        double frac;
        const int idx = fr_flame_hit_linear_entry(oc, j->cmap_scale, &frac);
        const double w = j->vis[fn];
        const double2 *e = (const double2 *)(j->dmap + idx); /* entries idx, idx + 1: (R, G), (B, A) each */
        const double2 e0 = __ldg(e), e1 = __ldg(e + 1), e2 = __ldg(e + 2), e3 = __ldg(e + 3);
        const float cnt = (float)fr_flame_trunc_u32(w * 255.0);
        v = make_float4((float)fr_flame_hit_linear_channel(e0.x, e2.x, frac, w),
                        (float)fr_flame_hit_linear_channel(e0.y, e2.y, frac, w),
                        (float)fr_flame_hit_linear_channel(e1.x, e3.x, frac, w), cnt);
        alpha = a.ba ? (float)fr_flame_hit_linear_channel(e1.y, e3.y, frac, w) : cnt;
    } else {
        uint32_t u[FR_FB_CHANNELS];
        fr_flame_hit_values(j, oc, fn, u);
        v = make_float4((float)u[FR_FB_R], (float)u[FR_FB_G], (float)u[FR_FB_B], (float)u[FR_FB_CNT]);
        alpha = (float)u[FR_FB_A];
    }
    if (any_hot) {
        const long long blk = hot_block(a.hot, filter, b);
        if (blk >= 0) { /* a dense bucket: this thread's copy of its sums */
            const size_t c = (size_t)blk * FR_FLAME_HOT_COPIES +
                             ((blockIdx.x * blockDim.x + threadIdx.x) & (FR_FLAME_HOT_COPIES - 1));
            add4(a.hot.copy + c, v);
            if (a.ba && alpha != 0.0f) atomicAdd(a.hot.copy_a + c, alpha);
            return;
        }
    }
    add4(a.b4 + b, v);
    if (a.ba && alpha != 0.0f) atomicAdd(a.ba + b, alpha);
}

/* MULTI: a pass of several jobs (temporal samples), each walker finds its
 * job from its segment; else the job alone, passed by value. CAMS (with
 * MULTI): the jobs have cameras of their own (a timeline's steps), so a
 * walker maps its points through its job's frame (global loads, the same
 * for every walker of a segment) instead of the kernel's copy. PROJ: some
 * frame has Ember's 3D camera (flame_proj.h); without it the projection's
 * code is not compiled in, so flames without a 3D camera run the kernel
 * they ran before. */
template <int MINB, bool MULTI, bool CAMS, bool PROJ>
__global__ void __launch_bounds__(THREADS, MINB) flame_chaos(const __grid_constant__ fr_cuda_flame_args a)
{
    const fr_flame_job *j = &a.job;
    const fr_flame_frame *fr = &a.frame;
    uint64_t iters = 0, bad = 0, plotted = 0;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    const bool any_hot = a.any_hot;
    extern __shared__ unsigned filter[]; /* FR_FLAME_HOT_BITS / 32 words when any_hot, else none */
    if (any_hot) { /* the same for every thread of the grid: no thread returns before the barrier */
        for (unsigned i = threadIdx.x; i < FR_FLAME_HOT_BITS / 32; i += blockDim.x) filter[i] = a.hot.bits[i];
        __syncthreads();
    }
    for (uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; t < a.count; t += stride) {
        const uint64_t k = a.first + t;
        uint32_t n;
        if (MULTI) {
            const fr_flame_segment *sg = a.seg + fr_flame_segment_find(a.seg, a.nseg, k);
            j = a.jobs + sg->job;
            if (CAMS) fr = j->frame;
            n = fr_flame_segment_walker(sg, k, a.per_walker);
        } else {
            const uint64_t done = k * a.per_walker;
            n = a.samples - done < a.per_walker ? (uint32_t)(a.samples - done) : a.per_walker;
        }
        if (a.from >= n) continue; /* it ended in an earlier launch */
        fr_flame_walker w;
        if (a.from == 0)
            fr_flame_walker_start(j, a.base + k, &w);
        else
            w = a.saved[t];
        const uint32_t end = n < a.upto ? n : a.upto;
        for (uint32_t i = a.from; i < end; i++) {
            double oc;
            int fn;
            int64_t b = fr_flame_walker_step(j, fr, &w, 1, PROJ, &oc, &fn);
            if (b < 0) continue;
            plotted++;
            if (a.plot) plot_hit(a, j, b, oc, fn, any_hot, filter);
        }
        iters += w.iters, bad += w.bad;
        if (end < n) {
            w.iters = w.bad = 0;
            a.saved[t] = w;
        }
    }
    unsigned long long *s = a.stats + ((blockIdx.x * blockDim.x + threadIdx.x) % FR_FS_SLOTS) * FR_FS_COUNT;
    if (iters) atomicAdd(s + FR_FS_ITERATIONS, (unsigned long long)iters);
    if (bad) atomicAdd(s + FR_FS_BAD, (unsigned long long)bad);
    if (plotted) atomicAdd(s + FR_FS_PLOTTED, (unsigned long long)plotted);
}

/* 4 blocks of 128 threads an SM (registers capped at 128): measured
 * faster on the corpus than 1, 3 or 5 (docs/PERFORMANCE.md). */
#ifndef MIN_BLOCKS
#define MIN_BLOCKS 4
#endif

#ifndef __CUDACC_RTC__ /* the launch: host code (a kernel built at run time is launched by flame_jit.c) */

int resident_blocks(int *sms)
{
    int dev = 0, per_sm = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, dev);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, flame_chaos<MIN_BLOCKS, false, false, false>, THREADS, 0);
    return per_sm > 0 ? per_sm : 1;
}

uint64_t chaos_resident(void)
{
    int sms = 0, per_sm = resident_blocks(&sms);
    return (uint64_t)sms * per_sm * THREADS;
}

cudaError_t chaos_launch(const fr_cuda_flame_args *a, cudaStream_t s)
{
    int sms = 0, per_sm = resident_blocks(&sms);
    uint64_t want = (a->count + THREADS - 1) / THREADS, cap = (uint64_t)sms * per_sm;
    unsigned grid = (unsigned)(want < cap ? want : cap);
    const size_t smem = a->any_hot ? FR_FLAME_HOT_BITS / 8 : 0;
    if (grid == 0) return cudaSuccess;
    if (a->proj) {
        if (a->jobs && a->cameras)
            flame_chaos<MIN_BLOCKS, true, true, true><<<grid, THREADS, smem, s>>>(*a);
        else if (a->jobs)
            flame_chaos<MIN_BLOCKS, true, false, true><<<grid, THREADS, smem, s>>>(*a);
        else
            flame_chaos<MIN_BLOCKS, false, false, true><<<grid, THREADS, smem, s>>>(*a);
    } else if (a->jobs && a->cameras)
        flame_chaos<MIN_BLOCKS, true, true, false><<<grid, THREADS, smem, s>>>(*a);
    else if (a->jobs)
        flame_chaos<MIN_BLOCKS, true, false, false><<<grid, THREADS, smem, s>>>(*a);
    else
        flame_chaos<MIN_BLOCKS, false, false, false><<<grid, THREADS, smem, s>>>(*a);
    return cudaGetLastError();
}
#endif

} /* namespace */

#endif
