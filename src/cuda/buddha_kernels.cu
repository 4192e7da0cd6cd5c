/*
 * Orbit-density kernels. Two passes per launch of samples:
 * - classify: each lane iterates its sample's orbit (the shared canonical
 *   step, escape test and exact cycle check of buddha_job.h) and, when it
 *   qualifies for a channel, appends it to a queue; a lane that finishes
 *   takes its next sample at once (per-lane refill), so a long orbit does
 *   not hold its warp's other lanes idle.
 * - plot: each lane replays queued orbits and adds every point to the
 *   32-bit working histogram (folded into half the rows when the view and
 *   the sampling are symmetric: one atomic stands for a point and its
 *   mirror, and the histogram is half the size, which keeps it in L2).
 *   Again a lane that finishes takes the next orbit at once.
 * Atomic adds return the old count; a count that wraps past 2^32 - 1 is
 * logged, and the host adds 2^32 for each log entry: no overflow is silent.
 */
#include "cuda/buddha_launch.h"

#define THREADS 256

/* Warp-aggregated append: one atomic per group of lanes that arrive
 * together. Returns this lane's slot. */
__device__ __forceinline__ unsigned append_slot(unsigned *len)
{
    unsigned mask = __activemask();
    int leader = __ffs(mask) - 1, lane = threadIdx.x & 31;
    unsigned rank = __popc(mask & ((1u << lane) - 1));
    unsigned base = 0;
    if (lane == leader) base = atomicAdd(len, __popc(mask));
    base = __shfl_sync(mask, base, leader);
    return base + rank;
}

__device__ __forceinline__ void add_stats(unsigned long long *stats, unsigned long long a, unsigned long long b,
                                          unsigned long long c)
{
    unsigned slot = (blockIdx.x * blockDim.x + threadIdx.x) % FR_BS_SLOTS;
    unsigned long long *s = stats + slot * FR_BS_COUNT;
    if (a) atomicAdd(s + FR_BS_ORBITS, a);
    if (b) atomicAdd(s + FR_BS_ITERATIONS, b);
    if (c) atomicAdd(s + FR_BS_HITS, c);
}

template <typename T> struct ops;
template <> struct ops<float> {
    static __device__ __forceinline__ void step(float *x, float *y, float cx, float cy) { fr_step_mandel_f(x, y, cx, cy); }
    static __device__ __forceinline__ float mag2(float x, float y) { return fr_mag2_f(x, y); }
};
template <> struct ops<double> {
    static __device__ __forceinline__ void step(double *x, double *y, double cx, double cy) { fr_step_mandel_d(x, y, cx, cy); }
    static __device__ __forceinline__ double mag2(double x, double y) { return fr_mag2_d(x, y); }
};

/* Draw samples until one needs iterating (interior samples are settled on
 * the way) or none is left. */
template <typename T>
__device__ __forceinline__ bool next_sample(const fr_buddha_job &j, uint64_t &i, uint64_t end, uint64_t stride, T &cx,
                                            T &cy, uint32_t &w)
{
    for (; i < end; i += stride) {
        double cr, ci;
        w = fr_buddha_sample(&j, i, &cr, &ci);
        cx = (T)cr, cy = (T)ci;
        if (j.interior_test && fr_in_cardioid_or_bulb((double)cx, (double)cy)) continue;
        return true;
    }
    return false;
}

template <typename T>
__global__ void __launch_bounds__(THREADS) classify_kernel(fr_cuda_buddha_args a)
{
    const fr_buddha_job &j = a.job;
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    uint64_t i = a.first + blockIdx.x * blockDim.x + threadIdx.x;
    const uint64_t end = a.first + a.count;
    const T b2 = (T)j.b2;
    unsigned long long iters = 0;
    T cx, cy, x = 0, y = 0, sx = (T)NAN, sy = (T)NAN;
    uint32_t w, n = 0, sn = 0, next_save = 1;
    bool live = next_sample<T>(j, i, end, stride, cx, cy, w);
    while (live) {
        ops<T>::step(&x, &y, cx, cy);
        n++;
        bool esc = ops<T>::mag2(x, y) > b2;
        bool cyc = !esc && j.periodicity && x == sx && y == sy;
        if (esc || cyc || n == j.max_len) {
            uint32_t e = esc ? n : j.max_len + 1;
            uint32_t top = 0;
            for (int k = 0; k < j.channels; k++) top = max(top, fr_buddha_len(&j, k, e));
            if (top) {
                unsigned q = append_slot(a.queue_len);
                fr_cuda_orbit_entry en;
                en.cx = (double)cx, en.cy = (double)cy;
                en.e = e, en.w = w;
                en.cyc_s = cyc ? n : 0, en.cyc_p = cyc ? n - sn : 0;
                a.queue[q] = en;
            }
            iters += n;
            i += stride;
            live = next_sample<T>(j, i, end, stride, cx, cy, w);
            x = y = 0, sx = sy = (T)NAN, n = 0, sn = 0, next_save = 1;
        } else if (j.periodicity && n == next_save) {
            sx = x, sy = y, sn = n;
            next_save = next_save > 0x40000000u ? next_save : next_save * 2;
        }
    }
    add_stats(a.stats, 0, iters, 0);
}

/* Add v to a 32-bit counter; log the counter when it wraps. */
__device__ __forceinline__ void hist_add(const fr_cuda_buddha_args &a, size_t at, unsigned long long v)
{
    while (v) {
        unsigned part = v > 0x80000000ull ? 0x80000000u : (unsigned)v;
        v -= part;
        unsigned old = atomicAdd(a.hist + at, part);
        if (old > 0xFFFFFFFFu - part) {
            unsigned k = atomicAdd(a.ovf_len, 1u);
            if (k < a.ovf_cap) a.ovf[k] = (unsigned long long)at;
        }
    }
}

template <typename T, int MODE>
__global__ void __launch_bounds__(THREADS) plot_kernel(fr_cuda_buddha_args a)
{
    const fr_buddha_job &j = a.job;
    const unsigned qlen = *a.queue_len;
    const unsigned stride = gridDim.x * blockDim.x;
    unsigned q = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long iters = 0, hits = 0, orbits = 0;
    T cx = 0, cy = 0, x = 0, y = 0;
    uint32_t len[3] = {0, 0, 0}, top = 0, k = 0, cs = 0, cp = 0, w = 0;
    bool live = q < qlen;
#define LOAD_ENTRY()                                                                                    \
    do {                                                                                                \
        fr_cuda_orbit_entry en = a.queue[q];                                                            \
        cx = (T)en.cx, cy = (T)en.cy, w = en.w, cs = en.cyc_s, cp = en.cyc_p;                           \
        top = 0;                                                                                        \
        for (int c = 0; c < j.channels; c++) top = max(top, len[c] = fr_buddha_len(&j, c, en.e));       \
        if (cs && top > cs + cp) top = cs + cp;                                                         \
        x = y = 0, k = 0;                                                                               \
        orbits += j.paired ? 2 : 1;                                                                     \
    } while (0)
    if (live) LOAD_ENTRY();
    while (live) {
        ops<T>::step(&x, &y, cx, cy);
        k++;
        int twice = 0;
        int64_t p0 = MODE == FR_PLOT_FOLD ? fr_buddha_fold_pixel(&j, (double)x, (double)y, &twice)
                                          : fr_buddha_pixel(&j, (double)x, (double)y);
        int64_t p1 = MODE == FR_PLOT_PAIR ? fr_buddha_pixel(&j, (double)x, -(double)y) : -1;
        if (p0 >= 0 || p1 >= 0) {
            for (int c = 0; c < j.channels; c++) {
                unsigned long long m = fr_buddha_mult(k, len[c], cs, cp);
                if (!m) continue;
                const size_t base = (size_t)c * a.plane;
                if (p0 >= 0) {
                    hist_add(a, base + (size_t)p0, m * w * (MODE == FR_PLOT_FOLD ? 2 - !twice : 1));
                    hits += m * (MODE == FR_PLOT_FOLD ? 2 : 1);
                }
                if (p1 >= 0) {
                    hist_add(a, base + (size_t)p1, m * w);
                    hits += m;
                }
            }
        }
        if (k == top) {
            iters += top;
            q += stride;
            live = q < qlen;
            if (live) LOAD_ENTRY();
        }
    }
#undef LOAD_ENTRY
    add_stats(a.stats, orbits, iters, hits);
}

static int grid_for(uint64_t work, int sms)
{
    uint64_t blocks = (work + THREADS - 1) / THREADS;
    uint64_t cap = (uint64_t)sms * 8;
    return (int)(blocks < cap ? (blocks ? blocks : 1) : cap);
}

extern "C" cudaError_t fr_cuda_buddha_launch(const fr_cuda_buddha_args *a, int sms, cudaStream_t stream)
{
    cudaError_t e = cudaMemsetAsync(a->queue_len, 0, sizeof(unsigned), stream);
    if (e != cudaSuccess) return e;
    int g = grid_for(a->count, sms);
    if (a->job.f32) classify_kernel<float><<<g, THREADS, 0, stream>>>(*a);
    else classify_kernel<double><<<g, THREADS, 0, stream>>>(*a);
    if ((e = cudaGetLastError()) != cudaSuccess) return e;
    /* The plot grid covers the most entries the queue can hold; threads
     * beyond the queue's length exit at once. */
    g = grid_for(a->count, sms);
#define PLOT(T, M) plot_kernel<T, M><<<g, THREADS, 0, stream>>>(*a)
    if (a->job.f32) {
        if (a->mode == FR_PLOT_FOLD) PLOT(float, FR_PLOT_FOLD);
        else if (a->mode == FR_PLOT_PAIR) PLOT(float, FR_PLOT_PAIR);
        else PLOT(float, FR_PLOT_SINGLE);
    } else {
        if (a->mode == FR_PLOT_FOLD) PLOT(double, FR_PLOT_FOLD);
        else if (a->mode == FR_PLOT_PAIR) PLOT(double, FR_PLOT_PAIR);
        else PLOT(double, FR_PLOT_SINGLE);
    }
#undef PLOT
    return cudaGetLastError();
}
