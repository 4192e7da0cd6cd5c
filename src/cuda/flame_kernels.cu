/*
 * Flame kernels: the chaos game, the bucket conversion, density estimation
 * and the tone map, each the CPU path's FR_HD code (flame_chaos.h,
 * flame_density_core.h, flame_tone_core.h) run per thread.
 *
 * Chaos game: one walker a thread, each with its own random stream keyed
 * by (seed, walker) and its own xform choice, so the points of a warp never
 * share an orbit. A hit adds (R, G, B, CNT) to its bucket with one float4
 * vector atomic (red.global.add.v4.f32 on sm_90); the values are flam3's
 * integer adds (<= 255), so sums are exact up to 2^24 and, beyond, off by
 * rounding only (relative 6e-8).
 */
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

/* One hit of the chaos game into the float buckets. */
__device__ __forceinline__ void plot_hit(const fr_cuda_flame_args &a, const fr_flame_job *j, int64_t b, double oc,
                                         int fn)
{
    uint32_t v[FR_FB_CHANNELS];
    fr_flame_hit_values(j, oc, fn, v);
    add4(a.b4 + b, make_float4((float)v[FR_FB_R], (float)v[FR_FB_G], (float)v[FR_FB_B], (float)v[FR_FB_CNT]));
    if (a.ba && v[FR_FB_A]) atomicAdd(a.ba + b, (float)v[FR_FB_A]);
}

/* MULTI: a pass of several jobs (temporal samples), each walker finds its
 * job from its segment; else the job alone, passed by value. */
template <int MINB, bool MULTI> __global__ void __launch_bounds__(THREADS, MINB) flame_chaos(const fr_cuda_flame_args a)
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
            int64_t b = fr_flame_walker_step(j, &w, 1, &oc, &fn);
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
#define MIN_BLOCKS 4

static int resident_blocks(int *sms)
{
    int dev = 0, per_sm = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, dev);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, flame_chaos<MIN_BLOCKS, false>, THREADS, 0);
    return per_sm > 0 ? per_sm : 1;
}

extern "C" uint64_t fr_cuda_flame_resident(void)
{
    int sms = 0, per_sm = resident_blocks(&sms);
    return (uint64_t)sms * per_sm * THREADS;
}

extern "C" cudaError_t fr_cuda_flame_chaos(const fr_cuda_flame_args *a, cudaStream_t s)
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

/* A float sum to a bucket counter: rounded, saturating as the CPU's. */
__device__ __forceinline__ fr_flame_bucket_t to_bucket(float v)
{
    return v >= (float)FR_FLAME_BUCKET_MAX ? FR_FLAME_BUCKET_MAX : (fr_flame_bucket_t)llrintf(v);
}

__global__ void flame_to_buckets(const float4 *b4, const float *ba, fr_flame_bucket_t *buckets, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        float4 v = b4[i];
        fr_flame_bucket_t *o = buckets + i * FR_FB_CHANNELS;
        o[FR_FB_R] = to_bucket(v.x);
        o[FR_FB_G] = to_bucket(v.y);
        o[FR_FB_B] = to_bucket(v.z);
        o[FR_FB_CNT] = to_bucket(v.w);
        o[FR_FB_A] = ba ? to_bucket(ba[i]) : o[FR_FB_CNT];
    }
}

static unsigned grid_for(size_t n, unsigned block)
{
    size_t g = (n + block - 1) / block;
    return (unsigned)(g < 65535u * 16 ? (g ? g : 1) : 65535u * 16);
}

extern "C" cudaError_t fr_cuda_flame_buckets(const float4 *b4, const float *ba, fr_flame_bucket_t *buckets, size_t n,
                                             cudaStream_t s)
{
    flame_to_buckets<<<grid_for(n, 256), 256, 0, s>>>(b4, ba, buckets, n);
    return cudaGetLastError();
}

__global__ void flame_scale(const fr_flame_bucket_t *buckets, double *accum, int64_t n, double k1, double k2)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        fr_flame_scale_bucket(buckets, accum, i, k1, k2);
}

/* de_thread over columns [i0, i0 + ni) and rows [j0, j0 + nj). */
__global__ void flame_de(const fr_flame_frame *f, const fr_flame_bucket_t *buckets, double *accum, int i0, int ni, int j0,
                         int nj, double k1, double k2)
{
    const int64_t n = (int64_t)ni * nj;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < n; t += (int64_t)gridDim.x * blockDim.x)
        fr_flame_de_splat_bucket(f, buckets, accum, i0 + (int)(t % ni), j0 + (int)(t / ni), k1, k2);
}

extern "C" cudaError_t fr_cuda_flame_density(const fr_flame_frame *frame, const fr_flame_frame *hf,
                                             const fr_flame_bucket_t *buckets, double *accum, double k1, double k2,
                                             cudaStream_t s)
{
    if (hf->de.max_filter_index > 0) {
        const int os = hf->os, i0 = os - 1, j0 = os - 1, ni = hf->wb - 2 * os + 2, nj = hf->hb - 2 * os + 2;
        if (ni > 0 && nj > 0) flame_de<<<grid_for((size_t)ni * nj, 128), 128, 0, s>>>(frame, buckets, accum, i0, ni, j0, nj, k1, k2);
    } else {
        const int64_t n = (int64_t)hf->wb * hf->hb;
        flame_scale<<<grid_for((size_t)n, 256), 256, 0, s>>>(buckets, accum, n, k1, k2);
    }
    return cudaGetLastError();
}

__global__ void flame_earlyclip(fr_flame_tone tone, double *accum, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        fr_flame_tonemap_cell(&tone, accum + i * 4);
}

__global__ void flame_tone(const fr_flame_frame *f, fr_flame_tone tone, const double *accum, int earlyclip, int bpc,
                           int width, int height, uint16_t *out)
{
    const int64_t n = (int64_t)width * height;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < n; t += (int64_t)gridDim.x * blockDim.x)
        fr_flame_tone_pixel(f, &tone, accum, earlyclip, bpc, (int)(t % width), (int)(t / width), out + t * 4);
}

extern "C" cudaError_t fr_cuda_flame_tonemap(const fr_flame_frame *frame, const fr_flame_frame *hf,
                                             const fr_flame_tone *tone, double *accum, int earlyclip, int bpc,
                                             uint16_t *out, cudaStream_t s)
{
    if (earlyclip) {
        const int64_t n = (int64_t)hf->wb * hf->hb;
        flame_earlyclip<<<grid_for((size_t)n, 256), 256, 0, s>>>(*tone, accum, n);
    }
    const size_t n = (size_t)hf->width * hf->height;
    flame_tone<<<grid_for(n, 128), 128, 0, s>>>(frame, *tone, accum, earlyclip, bpc, hf->width, hf->height, out);
    return cudaGetLastError();
}
