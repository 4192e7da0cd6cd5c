/*
 * Flame kernels: the chaos game, the bucket conversion, density estimation
 * and the tone map, each the CPU path's FR_HD code (flame_chaos.h,
 * flame_density_core.h, flame_tone_core.h) run per thread.
 *
 * The chaos game is flame_chaos_kernel.cuh's.
 */
#include "cuda/flame_chaos_kernel.cuh"

/* Every variation here; flames that use only the classic ones run the
 * spill-free kernel of flame_chaos_classic.cu, those with only common ones
 * and no pre_/post_ variations flame_chaos_common.cu's. */
extern "C" uint64_t fr_cuda_flame_resident(void) { return chaos_resident(); }

extern "C" cudaError_t fr_cuda_flame_chaos(const fr_cuda_flame_args *a, cudaStream_t s)
{
    if (a->classic) return fr_cuda_flame_chaos_classic(a, s);
    if (a->common) return fr_cuda_flame_chaos_common(a, s);
    return chaos_launch(a, s);
}

/* counter += v (a whole number below 2^24), saturating as the CPU's. */
__device__ __forceinline__ void add_bucket(fr_flame_bucket_t *o, float v)
{
    const fr_flame_bucket_t a = *o, b = (fr_flame_bucket_t)v, r = a + b;
    *o = r < a ? FR_FLAME_BUCKET_MAX : r;
}

/* The float buckets added into the integer buckets and cleared. A float
 * sum of integer adds is exact while it stays below 2^24, and adds only
 * grow it: *lost is set when any sum reached 2^24 (then some were rounded,
 * and the host does the pass again). A bucket whose sums reached `dense`
 * joins the hot table (while it has room), so its later hits are spread
 * over its copies. Empty buckets are not written. */
__global__ void flame_drain(float4 *b4, float *ba, fr_flame_bucket_t *buckets, size_t n, float dense,
                            fr_cuda_flame_hot hot, unsigned *lost)
{
    const float exact = 16777216.0f; /* 2^24 */
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const float4 v = b4[i];
        const float a = ba ? ba[i] : v.w;
        if (v.w == 0.0f && v.x == 0.0f && v.y == 0.0f && v.z == 0.0f && a == 0.0f) continue;
        const float top = fmaxf(fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)), a);
        if (top >= exact) atomicOr(lost, 1u);
        fr_flame_bucket_t *o = buckets + i * FR_FB_CHANNELS;
        add_bucket(o + FR_FB_R, v.x);
        add_bucket(o + FR_FB_G, v.y);
        add_bucket(o + FR_FB_B, v.z);
        add_bucket(o + FR_FB_CNT, v.w);
        add_bucket(o + FR_FB_A, a);
        b4[i] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (ba) ba[i] = 0.0f;
        if (top >= dense && i < 0xfffffffeu) {
            const unsigned c = atomicAdd(hot.count, 1u);
            if (c >= hot.cap) continue;
            const unsigned key = (unsigned)i + 1;
            for (unsigned s = hot_hash(key);; s = (s + 1) & (FR_FLAME_HOT_SLOTS - 1))
                if (atomicCAS(hot.slot + s, 0ull, (unsigned long long)c << 32 | key) == 0ull) {
                    const unsigned bit = hot_bit(key);
                    atomicOr(hot.bits + (bit >> 5), 1u << (bit & 31));
                    break;
                }
        }
    }
}

/* The hot buckets' copies added into their buckets and cleared: a block a
 * slot, each thread a share of the copies, summed exactly in 64 bits. */
__global__ void flame_drain_hot(fr_cuda_flame_hot hot, int has_a, fr_flame_bucket_t *buckets, unsigned *lost)
{
    const unsigned long long e = hot.slot[blockIdx.x];
    const unsigned key = (unsigned)e, block = (unsigned)(e >> 32);
    if (!key) return;
    __shared__ unsigned long long sum[FR_FB_CHANNELS];
    if (threadIdx.x < FR_FB_CHANNELS) sum[threadIdx.x] = 0;
    __syncthreads();
    unsigned long long t[FR_FB_CHANNELS] = {0, 0, 0, 0, 0};
    bool big = false;
    for (unsigned c = threadIdx.x; c < FR_FLAME_HOT_COPIES; c += blockDim.x) {
        const size_t i = (size_t)block * FR_FLAME_HOT_COPIES + c;
        const float4 v = hot.copy[i];
        const float a = has_a ? hot.copy_a[i] : v.w;
        big |= fmaxf(fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)), a) >= 16777216.0f;
        t[FR_FB_R] += (unsigned long long)v.x, t[FR_FB_G] += (unsigned long long)v.y;
        t[FR_FB_B] += (unsigned long long)v.z, t[FR_FB_CNT] += (unsigned long long)v.w;
        t[FR_FB_A] += (unsigned long long)a;
        hot.copy[i] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (has_a) hot.copy_a[i] = 0.0f;
    }
    if (big) atomicOr(lost, 1u);
    for (int k = 0; k < FR_FB_CHANNELS; k++)
        if (t[k]) atomicAdd(sum + k, t[k]);
    __syncthreads();
    if (threadIdx.x < FR_FB_CHANNELS) {
        fr_flame_bucket_t *o = buckets + (size_t)(key - 1) * FR_FB_CHANNELS + threadIdx.x;
        const unsigned long long r = (unsigned long long)*o + sum[threadIdx.x];
        *o = r > FR_FLAME_BUCKET_MAX ? FR_FLAME_BUCKET_MAX : (fr_flame_bucket_t)r;
    }
}

static unsigned grid_for(size_t n, unsigned block)
{
    size_t g = (n + block - 1) / block;
    return (unsigned)(g < 65535u * 16 ? (g ? g : 1) : 65535u * 16);
}

extern "C" cudaError_t fr_cuda_flame_drain(float4 *b4, float *ba, fr_flame_bucket_t *buckets, size_t n, float dense,
                                           fr_cuda_flame_hot hot, unsigned *lost, cudaStream_t s)
{
    flame_drain<<<grid_for(n, 256), 256, 0, s>>>(b4, ba, buckets, n, dense, hot, lost);
    flame_drain_hot<<<FR_FLAME_HOT_SLOTS, 128, 0, s>>>(hot, ba != NULL, buckets, lost);
    return cudaGetLastError();
}

__global__ void flame_scale(const fr_flame_bucket_t *buckets, double *accum, int64_t i0, int64_t n, double k1, double k2)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        fr_flame_scale_bucket(buckets, accum, i0 + i, k1, k2);
}

/* de_thread over columns [i0, i0 + ni) and rows [j0, j0 + nj), into the
 * accumulator's rows [jlo, jhi). */
__global__ void flame_de(const fr_flame_frame *f, const fr_flame_bucket_t *buckets, double *accum, int i0, int ni, int j0,
                         int nj, double k1, double k2, int jlo, int jhi)
{
    const int64_t n = (int64_t)ni * nj;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < n; t += (int64_t)gridDim.x * blockDim.x)
        fr_flame_de_splat_rows(f, buckets, accum, i0 + (int)(t % ni), j0 + (int)(t / ni), k1, k2, jlo, jhi);
}

extern "C" void fr_cuda_flame_rows(const fr_flame_frame *hf, int y0, int y1, int *alo, int *ahi, int *blo, int *bhi)
{
    /* the accumulator rows the filter of image rows [y0, y1) reads */
    const int a = hf->de_offset + (hf->y0 + y0) * hf->os - hf->row0;
    const int b = hf->de_offset + (hf->y0 + y1 - 1) * hf->os - hf->row0 + hf->fwidth;
    *alo = a < 0 ? 0 : a;
    *ahi = b > hf->hb ? hf->hb : b;
    if (y1 <= y0) *alo = *ahi = 0;
    if (hf->de.max_filter_index > 0) {
        /* the sources that splat into them, and their count windows */
        const int os = hf->os, r = fr_flame_de_reach(&hf->de), ss = os / 2;
        const int jlo = *alo - r > os - 1 ? *alo - r : os - 1, jhi = *ahi + r < hf->hb - os + 1 ? *ahi + r : hf->hb - os + 1;
        *blo = jlo - ss < 0 ? 0 : jlo - ss;
        *bhi = jhi + ss > hf->hb ? hf->hb : jhi + ss;
        if (*bhi < *blo) *bhi = *blo;
    } else {
        *blo = *alo, *bhi = *ahi;
    }
}

extern "C" cudaError_t fr_cuda_flame_density(const fr_flame_frame *frame, const fr_flame_frame *hf,
                                             const fr_flame_bucket_t *buckets, double *accum, double k1, double k2,
                                             int alo, int ahi, cudaStream_t s)
{
    if (ahi <= alo) return cudaSuccess;
    if (hf->de.max_filter_index > 0) {
        const int os = hf->os, r = fr_flame_de_reach(&hf->de), i0 = os - 1, ni = hf->wb - 2 * os + 2;
        const int j0 = alo - r > os - 1 ? alo - r : os - 1, j1 = ahi + r < hf->hb - os + 1 ? ahi + r : hf->hb - os + 1;
        const int nj = j1 - j0;
        if (ni > 0 && nj > 0)
            flame_de<<<grid_for((size_t)ni * nj, 128), 128, 0, s>>>(frame, buckets, accum, i0, ni, j0, nj, k1, k2, alo, ahi);
    } else {
        const int64_t i0 = (int64_t)hf->wb * alo, n = (int64_t)hf->wb * (ahi - alo);
        flame_scale<<<grid_for((size_t)n, 256), 256, 0, s>>>(buckets, accum, i0, n, k1, k2);
    }
    return cudaGetLastError();
}

__global__ void flame_earlyclip(fr_flame_tone tone, double *accum, int64_t i0, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        fr_flame_tonemap_acc(&tone, accum + (i0 + i) * 4);
}

__global__ void flame_tone(const fr_flame_frame *f, fr_flame_tone tone, const double *accum, int earlyclip, int bpc,
                           int width, int y0, int rows, uint16_t *out)
{
    const int64_t n = (int64_t)width * rows;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < n; t += (int64_t)gridDim.x * blockDim.x)
        fr_flame_tone_pixel(f, &tone, accum, earlyclip, bpc, (int)(t % width), y0 + (int)(t / width), out + t * 4);
}

extern "C" cudaError_t fr_cuda_flame_tonemap(const fr_flame_frame *frame, const fr_flame_frame *hf,
                                             const fr_flame_tone *tone, double *accum, int earlyclip, int bpc,
                                             uint16_t *out, int y0, int y1, cudaStream_t s)
{
    if (y1 <= y0) return cudaSuccess;
    if (earlyclip) {
        int alo, ahi, blo, bhi;
        fr_cuda_flame_rows(hf, y0, y1, &alo, &ahi, &blo, &bhi);
        const int64_t i0 = (int64_t)hf->wb * alo, n = (int64_t)hf->wb * (ahi - alo);
        if (n > 0) flame_earlyclip<<<grid_for((size_t)n, 256), 256, 0, s>>>(*tone, accum, i0, n);
    }
    const size_t n = (size_t)hf->width * (y1 - y0);
    flame_tone<<<grid_for(n, 128), 128, 0, s>>>(frame, *tone, accum, earlyclip, bpc, hf->width, y0, y1 - y0, out);
    return cudaGetLastError();
}

__global__ void bucket_add_kernel(fr_flame_bucket_t *dst, const fr_flame_bucket_t *src, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const unsigned long long v = (unsigned long long)dst[i] + src[i];
        dst[i] = v > 0xffffffffull ? 0xffffffffu : (fr_flame_bucket_t)v;
    }
}

extern "C" cudaError_t fr_cuda_flame_bucket_add(fr_flame_bucket_t *dst, const fr_flame_bucket_t *src, size_t n,
                                                cudaStream_t s)
{
    if (!n) return cudaSuccess;
    size_t blocks = (n + 255) / 256;
    if (blocks > 65536) blocks = 65536;
    bucket_add_kernel<<<(unsigned)blocks, 256, 0, s>>>(dst, src, n);
    return cudaGetLastError();
}
