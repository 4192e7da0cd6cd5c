/*
 * Flame kernels: the chaos game, the bucket conversion, density estimation
 * and the tone map, each the CPU path's FR_HD code (flame_chaos.h,
 * flame_density_core.h, flame_tone_core.h) run per thread.
 *
 * The chaos game is flame_chaos_kernel.cuh's.
 */
#include "cuda/flame_chaos_kernel.cuh"

/* Every variation here; flames that use only the classic ones run the
 * spill-free kernel of flame_chaos_classic.cu. */
extern "C" uint64_t fr_cuda_flame_resident(void) { return chaos_resident(); }

extern "C" cudaError_t fr_cuda_flame_chaos(const fr_cuda_flame_args *a, cudaStream_t s)
{
    return a->classic ? fr_cuda_flame_chaos_classic(a, s) : chaos_launch(a, s);
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
        fr_flame_tonemap_acc(&tone, accum + i * 4);
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
