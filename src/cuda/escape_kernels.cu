/* Escape-time kernels: the fast pixel kernel (iterate, shade, downsample
 * in one pass), the shading pass of histogram colouring, and the plain
 * reference kernel the benchmark compares against.
 *
 * Exactness: the canonical step of escape_step.h, compiled with
 * --fmad=false, so every count equals the CPU backend's. The fast loop
 * runs blocks of K steps with one escape test at the end of the block and
 * replays the block step by step from its saved start when that test
 * fires; for |c|^2 <= job.c_safe2 an escaped orbit never comes back inside
 * the bailout (escape_job.c_safe2), and an overflow ends in inf or NaN,
 * which the test !(|z|^2 <= R^2) also catches, so the count is exact.
 * Samples with larger |c| take the per-step loop. Periodicity (Brent) is
 * checked on block ends: an exact repeat of z proves a cycle. */
#include <cuda_runtime.h>
#include <stdint.h>

#include "cuda/cuda_launch.h"
#include "escape/escape_distance.h"
#include "escape/escape_shade.h"
#include "escape/escape_step.h"

namespace {

template <typename T> struct num;
template <> struct num<float> {
    static __device__ __forceinline__ float mag2(float x, float y) { return fr_mag2_f(x, y); }
    static __device__ __forceinline__ void step(int f, int d, float *x, float *y, float cx, float cy)
    {
        fr_step_f(f, d, x, y, cx, cy);
    }
};
template <> struct num<double> {
    static __device__ __forceinline__ double mag2(double x, double y) { return fr_mag2_d(x, y); }
    static __device__ __forceinline__ void step(int f, int d, double *x, double *y, double cx, double cy)
    {
        fr_step_d(f, d, x, y, cx, cy);
    }
};

/* Steps per unchecked block: long enough to amortise the test and the
 * saved state, short enough that the replay after an escape stays cheap. */
template <int F> struct block_len { enum { K = F == FR_STEP_MULTI ? 8 : 32 }; };

/* Count of one sample; z after the last step into (zx, zy) for the smooth
 * value; steps performed added to *steps. */
template <typename T, int F>
__device__ __forceinline__ uint32_t sample_count(const fr_escape_job &j, double re, double im, uint32_t limit,
                                                 uint64_t *steps, double *zx, double *zy, bool *done)
{
    *done = true;
    const int K = block_len<F>::K;
    T x = 0, y = 0, cx = (T)re, cy = (T)im;
    if (j.julia) {
        x = cx, y = cy;
        cx = (T)j.julia_re, cy = (T)j.julia_im;
    } else if (j.interior_test && fr_in_cardioid_or_bulb(cx, cy)) {
        *zx = *zy = 0;
        return j.max_iter;
    }
    const T b2 = (T)j.b2;
    const uint32_t max_iter = j.max_iter;
    const int d = j.power;
    uint32_t n = 0;
    /* Stop after `limit` steps (the budget of the first pass) unless the
     * sample has finished by then. */
    if ((double)cx * cx + (double)cy * cy <= j.c_safe2) {
        /* Most samples of a wide view escape within a few steps: test every
         * step first, so they skip the wasted block and its replay. */
        const uint32_t pre = limit < (uint32_t)K ? limit : (uint32_t)K;
        for (; n < pre; n++) {
            if (num<T>::mag2(x, y) > b2) goto out;
            num<T>::step(F, d, &x, &y, cx, cy);
        }
        T px = (T)NAN, py = (T)NAN;
        uint32_t blocks = 0, save_at = 1;
        while (limit - n >= (uint32_t)K) {
            T x0 = x, y0 = y;
#pragma unroll
            for (int i = 0; i < K; i++) num<T>::step(F, d, &x, &y, cx, cy);
            if (!(num<T>::mag2(x, y) <= b2)) {
                x = x0, y = y0; /* escaped inside the block: replay it below */
                break;
            }
            n += K;
            if (j.periodicity) {
                if (x == px && y == py) {
                    *steps += n;
                    *zx = x, *zy = y;
                    return max_iter;
                }
                if (++blocks == save_at) {
                    px = x, py = y;
                    save_at = save_at > 0x40000000u ? save_at : save_at * 2;
                }
            }
        }
    }
    for (; n < limit; n++) {
        if (num<T>::mag2(x, y) > b2) break;
        num<T>::step(F, d, &x, &y, cx, cy);
    }
out:
    *steps += n;
    *zx = x, *zy = y;
    if (n == limit && limit < max_iter) *done = false;
    return n;
}

__device__ __forceinline__ void warp_stats(const fr_cuda_escape_args &a, bool small, uint64_t steps,
                                           unsigned interior, uint32_t lo, uint32_t hi)
{
    /* One instruction a reduction where a warp's steps fit 32 bits (one
     * pixel a thread, 32 x aa^2 x max_iter < 2^32). */
    if (small) steps = __reduce_add_sync(0xffffffffu, (unsigned)steps);
    else
        for (int o = 16; o > 0; o >>= 1) steps += __shfl_down_sync(0xffffffffu, steps, o);
    interior = __reduce_add_sync(0xffffffffu, interior);
    if (a.minmax) {
        lo = __reduce_min_sync(0xffffffffu, lo);
        hi = __reduce_max_sync(0xffffffffu, hi);
    }
    const unsigned t = threadIdx.x + threadIdx.y * blockDim.x;
    if (t % 32 == 0) {
        const unsigned slot =
            ((blockIdx.x + (blockIdx.y + blockIdx.z * gridDim.y) * gridDim.x) * (blockDim.x * blockDim.y / 32) +
             t / 32) %
            FR_CS_SLOTS;
        unsigned long long *st = a.stats + (size_t)slot * FR_CS_COUNT;
        if (steps) atomicAdd(st + FR_CS_ITERATIONS, (unsigned long long)steps);
        if (interior) atomicAdd(st + FR_CS_INTERIOR, (unsigned long long)interior);
        if (a.minmax && lo <= hi) {
            atomicMin(st + FR_CS_MIN_EXTERIOR, (unsigned long long)lo);
            atomicMax(st + FR_CS_MAX_EXTERIOR, (unsigned long long)hi);
        }
    }
}

/* The iteration of one sample (count, smooth value) by the fast loop. */
template <typename T, int F> struct iterate_sampler {
    static constexpr bool has_de = false; /* (no distance estimate: the store of de drops out) */
    static __device__ __forceinline__ uint32_t run(const fr_escape_job &j, double re, double im, uint32_t limit,
                                                   uint64_t *steps, float *sm, float *ds, float *dv, bool *done)
    {
        double zx, zy;
        uint32_t n = sample_count<T, F>(j, re, im, limit, steps, &zx, &zy, done);
        if (*done && j.values != FR_VALUES_NONE) *sm = fr_escape_value(&j, n, zx, zy);
        return n;
    }
};

/* Distance estimation of one sample (escape_distance.h): any formula and
 * precision, so one instance serves all. */
struct distance_sampler {
    static constexpr bool has_de = true;
    static __device__ __forceinline__ uint32_t run(const fr_escape_job &j, double re, double im, uint32_t limit,
                                                   uint64_t *steps, float *sm, float *ds, float *dv, bool *done)
    {
        uint32_t n;
        *done = true;
        *steps += fr_escape_distance_sample(&j, re, im, &n, sm, ds, dv);
        return n;
    }
};

/* One pixel: its aa x aa samples, stored raw and/or shaded and averaged
 * into the pixel. With a step budget (first pass) a pixel with a sample
 * still running after `limit` steps is abandoned and returns false; the
 * second pass computes it again, whole, in a warp of such pixels. */
template <class Sampler>
__device__ __forceinline__ bool pixel(const fr_cuda_escape_args &a, int px, int py, uint32_t limit, uint64_t *steps,
                                      unsigned *interior, uint32_t *lo, uint32_t *hi)
{
    const fr_escape_job &j = a.job;
    float acc[3] = {0, 0, 0};
    unsigned in = 0;
    uint32_t l = UINT32_MAX, h = 0;
    for (int sy = 0; sy < j.aa; sy++)
        for (int sx = 0; sx < j.aa; sx++) {
            const int gx = px * j.aa + sx, gy = py * j.aa + sy;
            double re, im;
            fr_escape_sample_point(&j, gx, gy, &re, &im);
            float sm = 0.0f, ds = 0.0f, dv[2] = {0.0f, 0.0f};
            bool done;
            const uint32_t n =
                Sampler::run(j, re, im, limit, steps, &sm, &ds, Sampler::has_de && a.de ? dv : NULL, &done);
            if (!done) return false;
            if (n >= j.max_iter) in++;
            else l = min(l, n), h = max(h, n);
            if (a.counts) {
                size_t i = (size_t)(gy - a.strip_row0 * j.aa) * j.sw + gx;
                a.counts[i] = n;
                if (a.smooth) a.smooth[i] = sm;
                if (a.dist) a.dist[i] = ds;
                if (Sampler::has_de && a.de) a.de[2 * i] = dv[0], a.de[2 * i + 1] = dv[1];
            }
            if (a.rgb) {
                float rgb[3];
                fr_shade_sample(&j, a.lut, &a.ranks, n, sm, ds, rgb);
                fr_shade_accumulate(j.aa, rgb, acc);
            }
        }
    if (a.rgb) fr_shade_store(j.aa, j.depth, acc, a.rgb, ((size_t)(py - a.strip_row0) * j.width + px) * 3);
    *interior += in, *lo = min(*lo, l), *hi = max(*hi, h);
    return true;
}

/* The arguments of view v of a batch: its centre and pixel size, its image,
 * samples and statistics (fr_cuda_escape_args.views). */
__device__ __forceinline__ void select_view(fr_cuda_escape_args &b, unsigned v)
{
    const fr_cuda_view w = b.views[v];
    b.job.center_re = w.center_re, b.job.center_im = w.center_im, b.job.pixel = w.pixel;
    if (b.rgb) b.rgb = (char *)b.rgb + v * b.view_rgb;
    if (b.counts) b.counts += v * b.view_samples;
    if (b.smooth) b.smooth += v * b.view_samples;
    if (b.dist) b.dist += v * b.view_samples;
    b.de = NULL;
    if (b.view_stats) b.stats += (size_t)v * FR_CS_SLOTS * FR_CS_COUNT;
}

/* First pass: one thread per pixel of rows [row0, row0 + rows), each with
 * the step budget a.budget (0: none); pixels over budget go to the queue
 * (their index among the launch's pixels; in a batch, after those of the
 * views before `view`). */
template <class Sampler> __device__ __forceinline__ void first_pass(const fr_cuda_escape_args &a, unsigned view = 0)
{
    const fr_escape_job &j = a.job;
    const int px = blockIdx.x * blockDim.x + threadIdx.x;
    const int py = a.row0 + blockIdx.y * blockDim.y + threadIdx.y;
    const uint32_t limit = a.budget && a.budget < j.max_iter ? a.budget : j.max_iter;
    uint64_t steps = 0;
    unsigned interior = 0;
    uint32_t lo = UINT32_MAX, hi = 0;
    bool late = false;
    if (px < j.width && py < a.row0 + a.rows)
        late = !pixel<Sampler>(a, px, py, limit, &steps, &interior, &lo, &hi);
    const bool small = a.small_steps;
    /* Queue the late pixels: one atomic a warp. */
    const unsigned mask = __ballot_sync(0xffffffffu, late);
    if (mask) {
        const unsigned lane = (threadIdx.x + threadIdx.y * blockDim.x) % 32;
        unsigned base = 0;
        if (lane == __ffs(mask) - 1) base = atomicAdd(a.queue_len, (unsigned)__popc(mask));
        base = __shfl_sync(0xffffffffu, base, __ffs(mask) - 1);
        if (late)
            a.queue[base + __popc(mask & ((1u << lane) - 1))] =
                (view * (uint32_t)a.rows + (uint32_t)(py - a.row0)) * (uint32_t)j.width + px;
    }
    warp_stats(a, small, steps, interior, lo, hi);
}

/* Second pass: the queued pixels. Each warp takes the next 32 entries
 * (consecutive queued pixels) until the queue is drained, so no warp idles
 * while others still have work. */
template <class Sampler> __device__ __forceinline__ void second_pass(const fr_cuda_escape_args &a)
{
    const fr_escape_job &j = a.job;
    const unsigned n = a.queue_len[0], lane = threadIdx.x % 32;
    uint64_t steps = 0;
    unsigned interior = 0;
    uint32_t lo = UINT32_MAX, hi = 0;
    for (;;) {
        unsigned base = 0;
        if (lane == 0) base = atomicAdd(&a.queue_len[1], 32u);
        base = __shfl_sync(0xffffffffu, base, 0);
        if (base >= n) break;
        if (base + lane < n) {
            const uint32_t q = a.queue[base + lane];
            pixel<Sampler>(a, (int)(q % j.width), a.row0 + (int)(q / j.width), j.max_iter, &steps, &interior, &lo,
                           &hi);
        }
    }
    warp_stats(a, false, steps, interior, lo, hi);
}

/* Second pass of a batch: as second_pass, each queued pixel with its
 * view's arguments. Where each view has its own statistics, a thread adds
 * what it counted into a view's block whenever its next pixel belongs to
 * another view (no warp reduction: the lanes' views differ). */
template <class Sampler> __device__ __forceinline__ void second_pass_batch(const fr_cuda_escape_args &a)
{
    const fr_escape_job &j = a.job;
    const unsigned n = a.queue_len[0], lane = threadIdx.x % 32;
    const uint32_t per_view = (uint32_t)a.rows * (uint32_t)j.width;
    const unsigned slot = (blockIdx.x * blockDim.x + threadIdx.x) % FR_CS_SLOTS;
    uint64_t steps = 0;
    unsigned interior = 0;
    uint32_t lo = UINT32_MAX, hi = 0;
    unsigned long long *cur = NULL;
    for (;;) {
        unsigned base = 0;
        if (lane == 0) base = atomicAdd(&a.queue_len[1], 32u);
        base = __shfl_sync(0xffffffffu, base, 0);
        if (base >= n) break;
        if (base + lane < n) {
            const uint32_t q = a.queue[base + lane], v = q / per_view, r = q % per_view;
            fr_cuda_escape_args b = a;
            select_view(b, v);
            if (a.view_stats && b.stats != cur) {
                if (cur) {
                    unsigned long long *st = cur + (size_t)slot * FR_CS_COUNT;
                    if (steps) atomicAdd(st + FR_CS_ITERATIONS, (unsigned long long)steps);
                    if (interior) atomicAdd(st + FR_CS_INTERIOR, (unsigned long long)interior);
                    if (a.minmax && lo <= hi) {
                        atomicMin(st + FR_CS_MIN_EXTERIOR, (unsigned long long)lo);
                        atomicMax(st + FR_CS_MAX_EXTERIOR, (unsigned long long)hi);
                    }
                }
                cur = b.stats, steps = 0, interior = 0, lo = UINT32_MAX, hi = 0;
            }
            pixel<Sampler>(b, (int)(r % j.width), a.row0 + (int)(r / j.width), j.max_iter, &steps, &interior, &lo,
                           &hi);
        }
    }
    if (!a.view_stats) {
        warp_stats(a, false, steps, interior, lo, hi);
    } else if (cur) {
        unsigned long long *st = cur + (size_t)slot * FR_CS_COUNT;
        if (steps) atomicAdd(st + FR_CS_ITERATIONS, (unsigned long long)steps);
        if (interior) atomicAdd(st + FR_CS_INTERIOR, (unsigned long long)interior);
        if (a.minmax && lo <= hi) {
            atomicMin(st + FR_CS_MIN_EXTERIOR, (unsigned long long)lo);
            atomicMax(st + FR_CS_MAX_EXTERIOR, (unsigned long long)hi);
        }
    }
}

template <typename T, int F> __global__ void escape_pixels(const fr_cuda_escape_args a)
{
    first_pass<iterate_sampler<T, F>>(a);
}

template <typename T, int F> __global__ void escape_late_pixels(const fr_cuda_escape_args a)
{
    second_pass<iterate_sampler<T, F>>(a);
}

__global__ void distance_pixels(const fr_cuda_escape_args a) { first_pass<distance_sampler>(a); }

/* The batch's kernels: blockIdx.z is the view. */
template <typename T, int F> __global__ void escape_pixels_batch(const fr_cuda_escape_args a)
{
    fr_cuda_escape_args b = a;
    select_view(b, blockIdx.z);
    first_pass<iterate_sampler<T, F>>(b, blockIdx.z);
}

template <typename T, int F> __global__ void escape_late_pixels_batch(const fr_cuda_escape_args a)
{
    second_pass_batch<iterate_sampler<T, F>>(a);
}

__global__ void distance_pixels_batch(const fr_cuda_escape_args a)
{
    fr_cuda_escape_args b = a;
    select_view(b, blockIdx.z);
    first_pass<distance_sampler>(b, blockIdx.z);
}

__global__ void shade_pixels(const fr_cuda_escape_args a)
{
    const fr_escape_job &j = a.job;
    const int px = blockIdx.x * blockDim.x + threadIdx.x;
    const int py = a.row0 + blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= j.width || py >= a.row0 + a.rows) return;
    float acc[3] = {0, 0, 0};
    for (int sy = 0; sy < j.aa; sy++)
        for (int sx = 0; sx < j.aa; sx++) {
            size_t i = (size_t)((py - a.strip_row0) * j.aa + sy) * j.sw + (px * j.aa + sx);
            float rgb[3];
            fr_shade_sample(&j, a.lut, &a.ranks, a.counts[i], a.smooth ? a.smooth[i] : 0.0f,
                            a.dist ? a.dist[i] : 0.0f, rgb);
            fr_shade_accumulate(j.aa, rgb, acc);
        }
    fr_shade_store(j.aa, j.depth, acc, a.rgb, ((size_t)(py - a.strip_row0) * j.width + px) * 3);
}

template <typename T, int F>
__global__ void escape_plain(const fr_escape_job j, uint32_t *counts, unsigned long long *iters)
{
    const size_t total = (size_t)j.sw * j.sh;
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t steps = 0;
    if (i < total) {
        double re, im;
        fr_escape_sample_point(&j, (int)(i % j.sw), (int)(i / j.sw), &re, &im);
        T x = 0, y = 0, cx = (T)re, cy = (T)im;
        if (j.julia) x = cx, y = cy, cx = (T)j.julia_re, cy = (T)j.julia_im;
        const T b2 = (T)j.b2;
        uint32_t n = 0;
        for (; n < j.max_iter; n++) {
            if (num<T>::mag2(x, y) > b2) break;
            num<T>::step(F, j.power, &x, &y, cx, cy);
        }
        counts[i] = n;
        steps = n;
    }
    for (int o = 16; o > 0; o >>= 1) steps += __shfl_down_sync(0xffffffffu, steps, o);
    if (threadIdx.x % 32 == 0 && steps)
        atomicAdd(iters + (size_t)((i / 32) % FR_CS_SLOTS) * FR_CS_COUNT + FR_CS_ITERATIONS,
                  (unsigned long long)steps);
}

/* Dispatch on precision and formula: one kernel instance each. */
template <template <typename, int> class Fn, typename... A> cudaError_t dispatch(const fr_escape_job &j, A... args)
{
    switch (j.step) {
    case FR_STEP_SHIP: return j.f32 ? Fn<float, FR_STEP_SHIP>::run(args...) : Fn<double, FR_STEP_SHIP>::run(args...);
    case FR_STEP_TRICORN:
        return j.f32 ? Fn<float, FR_STEP_TRICORN>::run(args...) : Fn<double, FR_STEP_TRICORN>::run(args...);
    case FR_STEP_MULTI:
        return j.f32 ? Fn<float, FR_STEP_MULTI>::run(args...) : Fn<double, FR_STEP_MULTI>::run(args...);
    default: return j.f32 ? Fn<float, FR_STEP_MANDEL>::run(args...) : Fn<double, FR_STEP_MANDEL>::run(args...);
    }
}

template <typename T, int F> struct launch_pixels {
    static cudaError_t run(const fr_cuda_escape_args *a, dim3 grid, dim3 block, cudaStream_t s)
    {
        if (a->job.values == FR_VALUES_DISTANCE) {
            fr_cuda_escape_args b = *a;
            b.budget = 0;
            distance_pixels<<<grid, block, 0, s>>>(b);
            return cudaGetLastError();
        }
        cudaError_t e = cudaMemsetAsync(a->queue_len, 0, 2 * sizeof *a->queue_len, s);
        if (e != cudaSuccess) return e;
        escape_pixels<T, F><<<grid, block, 0, s>>>(*a);
        if (a->budget && a->budget < a->job.max_iter) escape_late_pixels<T, F><<<a->late_blocks, 128, 0, s>>>(*a);
        return cudaGetLastError();
    }
};

template <typename T, int F> struct launch_batch {
    static cudaError_t run(const fr_cuda_escape_args *a, dim3 grid, dim3 block, cudaStream_t s)
    {
        if (a->job.values == FR_VALUES_DISTANCE) {
            fr_cuda_escape_args b = *a;
            b.budget = 0;
            distance_pixels_batch<<<grid, block, 0, s>>>(b);
            return cudaGetLastError();
        }
        cudaError_t e = cudaMemsetAsync(a->queue_len, 0, 2 * sizeof *a->queue_len, s);
        if (e != cudaSuccess) return e;
        escape_pixels_batch<T, F><<<grid, block, 0, s>>>(*a);
        if (a->budget && a->budget < a->job.max_iter)
            escape_late_pixels_batch<T, F><<<a->late_blocks, 128, 0, s>>>(*a);
        return cudaGetLastError();
    }
};

template <typename T, int F> struct launch_plain {
    static cudaError_t run(const fr_escape_job *j, uint32_t *counts, unsigned long long *iters, int block,
                           cudaStream_t s)
    {
        size_t total = (size_t)j->sw * j->sh;
        escape_plain<T, F><<<(unsigned)((total + block - 1) / block), block, 0, s>>>(*j, counts, iters);
        return cudaGetLastError();
    }
};

template <typename T, int F> struct occupancy {
    static cudaError_t run(int *block)
    {
        int min_grid = 0;
        return cudaOccupancyMaxPotentialBlockSize(&min_grid, block, escape_pixels<T, F>, 0, 0);
    }
};

__global__ void stats_reset(unsigned long long *stats, int slots)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < slots; i += gridDim.x * blockDim.x) {
        unsigned long long *v = stats + (size_t)i * FR_CS_COUNT;
        v[FR_CS_ITERATIONS] = v[FR_CS_INTERIOR] = v[FR_CS_MAX_EXTERIOR] = 0;
        v[FR_CS_MIN_EXTERIOR] = ~0ull;
    }
}

__global__ void probe_kernel(int *p)
{
    if (p) *p = 1;
}

} // namespace

extern "C" cudaError_t fr_cuda_escape_launch(const fr_cuda_escape_args *a, int block_w, int block_h,
                                             cudaStream_t stream)
{
    dim3 block(block_w, block_h);
    dim3 grid((a->job.width + block_w - 1) / block_w, (a->rows + block_h - 1) / block_h);
    return dispatch<launch_pixels>(a->job, a, grid, block, stream);
}

extern "C" cudaError_t fr_cuda_escape_batch_launch(const fr_cuda_escape_args *a, int nviews, int block_w,
                                                   int block_h, cudaStream_t stream)
{
    if (nviews < 1 || nviews > 65535 || !a->views) return cudaErrorInvalidValue;
    dim3 block(block_w, block_h);
    dim3 grid((a->job.width + block_w - 1) / block_w, (a->rows + block_h - 1) / block_h, nviews);
    return dispatch<launch_batch>(a->job, a, grid, block, stream);
}

extern "C" cudaError_t fr_cuda_shade_launch(const fr_cuda_escape_args *a, cudaStream_t stream)
{
    dim3 block(32, 8);
    dim3 grid((a->job.width + 31) / 32, (a->rows + 7) / 8);
    shade_pixels<<<grid, block, 0, stream>>>(*a);
    return cudaGetLastError();
}

extern "C" cudaError_t fr_cuda_escape_plain_launch(const fr_escape_job *job, uint32_t *counts,
                                                   unsigned long long *iters, int block, cudaStream_t stream)
{
    return dispatch<launch_plain>(*job, job, counts, iters, block, stream);
}

extern "C" int fr_cuda_escape_occupancy_block(const fr_escape_job *job)
{
    int block = 0;
    return dispatch<occupancy>(*job, &block) == cudaSuccess ? block : 0;
}

extern "C" cudaError_t fr_cuda_probe(void)
{
    cudaFuncAttributes attr;
    return cudaFuncGetAttributes(&attr, probe_kernel);
}

extern "C" cudaError_t fr_cuda_stats_reset_launch(unsigned long long *stats, int slots, cudaStream_t stream)
{
    stats_reset<<<(slots + 255) / 256, 256, 0, stream>>>(stats, slots);
    return cudaGetLastError();
}
