/*
 * flame_chaos_kernel.cuh - the chaos-game kernel, compiled by two
 * translation units: flame_kernels.cu with every variation, and
 * flame_chaos_classic.cu with the classic ones only (FR_FLAME_VAR_ON set
 * before the include), whose kernel needs no register spills. Everything
 * here has internal linkage, so each unit has its own.
 *
 * One walker a thread, each with its own random stream keyed by (seed,
 * walker) and its own xform choice, so the points of a warp never share an
 * orbit. A hit adds (R, G, B, CNT) to its bucket with one float4 vector
 * atomic (red.global.add.v4.f32 on sm_90); the values are flam3's integer
 * adds (<= 255), so sums are exact up to 2^24 and, beyond, off by rounding
 * only (relative 6e-8).
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

/* One hit of the chaos game into the float buckets: fr_flame_hit_values'
 * adds, the linear palette's from the single-precision colour map (two
 * 16-byte loads, not eight 8-byte ones). A channel whose product lies
 * within rounding of an integer (often on a flat run of the palette, equal
 * neighbouring entries) may truncate one lower or higher than the CPU's
 * double does. */
__device__ __forceinline__ void plot_hit(const fr_cuda_flame_args &a, const fr_flame_job *j, int64_t b, double oc,
                                         int fn)
{
    float4 v;
    float alpha;
    if (j->linear_palette) {
        double frac;
        const int idx = fr_flame_hit_linear_entry(oc, &frac);
        const float4 *m = a.fmap + (j->dmap - a.dmap0) + idx;
        const float4 d0 = __ldg(m), d1 = __ldg(m + 1);
        const float f = (float)frac, g = 1.0f - f, w = (float)j->vis[fn];
        const float r = w * (d0.x * g + d1.x * f), gr = w * (d0.y * g + d1.y * f);
        const float bl = w * (d0.z * g + d1.z * f), al = w * (d0.w * g + d1.w * f);
        v = make_float4(r >= 1.0f ? truncf(r) : 0.0f, gr >= 1.0f ? truncf(gr) : 0.0f, bl >= 1.0f ? truncf(bl) : 0.0f,
                        (float)fr_flame_trunc_u32(j->vis[fn] * 255.0));
        alpha = al >= 1.0f ? truncf(al) : 0.0f;
    } else {
        uint32_t u[FR_FB_CHANNELS];
        fr_flame_hit_values(j, oc, fn, u);
        v = make_float4((float)u[FR_FB_R], (float)u[FR_FB_G], (float)u[FR_FB_B], (float)u[FR_FB_CNT]);
        alpha = (float)u[FR_FB_A];
    }
    add4(a.b4 + b, v);
    if (a.ba && alpha != 0.0f) atomicAdd(a.ba + b, alpha);
}

/* MULTI: a pass of several jobs (temporal samples), each walker finds its
 * job from its segment; else the job alone, passed by value. */
template <int MINB, bool MULTI>
__global__ void __launch_bounds__(THREADS, MINB) flame_chaos(const __grid_constant__ fr_cuda_flame_args a)
{
    const fr_flame_job *j = &a.job;
    uint64_t iters = 0, bad = 0, plotted = 0;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; t < a.count; t += stride) {
        const uint64_t k = a.first + t;
        uint32_t n;
        if (MULTI) {
            const fr_flame_segment *sg = a.seg + fr_flame_segment_find(a.seg, a.nseg, k);
            j = a.jobs + sg->job;
            n = fr_flame_segment_walker(sg, k, a.per_walker);
        } else {
            const uint64_t done = k * a.per_walker;
            n = a.samples - done < a.per_walker ? (uint32_t)(a.samples - done) : a.per_walker;
        }
        fr_flame_walker w;
        fr_flame_walker_start(j, a.base + k, &w);
        for (uint32_t i = 0; i < n; i++) {
            double oc;
            int fn;
            int64_t b = fr_flame_walker_step(j, &a.frame, &w, 1, &oc, &fn);
            if (b < 0) continue;
            plotted++;
            if (a.plot) plot_hit(a, j, b, oc, fn);
        }
        iters += w.iters, bad += w.bad;
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

int resident_blocks(int *sms)
{
    int dev = 0, per_sm = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, dev);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, flame_chaos<MIN_BLOCKS, false>, THREADS, 0);
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
    if (grid == 0) return cudaSuccess;
    if (a->jobs)
        flame_chaos<MIN_BLOCKS, true><<<grid, THREADS, 0, s>>>(*a);
    else
        flame_chaos<MIN_BLOCKS, false><<<grid, THREADS, 0, s>>>(*a);
    return cudaGetLastError();
}

} /* namespace */

#endif
