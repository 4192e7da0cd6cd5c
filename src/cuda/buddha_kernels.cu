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

/* A drawn sample that needs iterating (and, queued for plotting, its
 * escape index and cycle). */
template <typename T> struct sample_t {
    T cx, cy;
    uint32_t w;
};
template <typename T> struct orbit_t {
    T cx, cy;
    uint32_t e, w, cyc_s, cyc_p;
};

/* One thread a sample: draw it, settle the interior test, and append the
 * rest to the sample list. No loop, no divergence but the append. */
template <typename T>
__global__ void __launch_bounds__(THREADS) generate_kernel(fr_cuda_buddha_args a)
{
    const fr_buddha_job &j = a.job;
    uint64_t k = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= a.count) return;
    double cr, ci;
    uint32_t w = fr_buddha_sample(&j, a.first + k, &cr, &ci);
    T cx = (T)cr, cy = (T)ci;
    if (j.interior_test && fr_in_cardioid_or_bulb((double)cx, (double)cy)) return;
    unsigned q = append_slot(a.samples_len);
    sample_t<T> s = {cx, cy, w};
    ((sample_t<T> *)a.samples)[q] = s;
}

/* Sum of per-thread values into the 64 weight slots (the plot kernel reads
 * their total). */
__device__ __forceinline__ void add_weight(unsigned long long *slots, unsigned long long v)
{
    if (v) atomicAdd(slots + ((blockIdx.x * blockDim.x + threadIdx.x) & (FR_BW_SLOTS - 1)), v);
}

template <typename T>
__global__ void __launch_bounds__(THREADS) classify_kernel(fr_cuda_buddha_args a)
{
    const fr_buddha_job &j = a.job;
    const sample_t<T> *list = (const sample_t<T> *)a.samples;
    orbit_t<T> *queue = (orbit_t<T> *)a.queue;
    const unsigned n_list = *a.samples_len;
    const T b2 = (T)j.b2;
    const unsigned stride = gridDim.x * blockDim.x;
    unsigned q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= n_list) return;
    unsigned long long iters = 0, weight = 0;
    /* Lanes of a warp take adjacent samples (coherent orbits, coalesced
     * loads); the next one is loaded an orbit ahead. */
    sample_t<T> cur = list[q], nxt = cur;
    if (q + stride < n_list) nxt = list[q + stride];
    T x = 0, y = 0, sx = (T)NAN, sy = (T)NAN;
    uint32_t n = 0, sn = 0, next_save = 1;
    for (;;) {
        ops<T>::step(&x, &y, cur.cx, cur.cy);
        n++;
        bool esc = ops<T>::mag2(x, y) > b2;
        bool cyc = !esc && j.periodicity && x == sx && y == sy;
        if (esc || cyc || n == j.max_len) {
            uint32_t e = esc ? n : j.max_len + 1;
            uint32_t top = 0;
            unsigned long long sum = 0;
#pragma unroll
            for (int k = 0; k < 3; k++)
                if (k < j.channels) {
                    uint32_t l = fr_buddha_len(&j, k, e);
                    top = max(top, l);
                    sum += l;
                }
            /* At most 2 w per point and channel (a point and its mirror). */
            weight += sum * cur.w * 2;
            /* Entry q of the queue belongs to sample q: no shared counter
             * (e = 0: nothing to plot). */
            orbit_t<T> en = {cur.cx, cur.cy, top ? e : 0, cur.w, cyc ? n : 0, cyc ? n - sn : 0};
            queue[q] = en;
            iters += n;
            q += stride;
            if (q >= n_list) break;
            cur = nxt;
            if (q + stride < n_list) nxt = list[q + stride];
            x = y = 0, sx = sy = (T)NAN, n = 0, sn = 0, next_save = 1;
        } else if (j.periodicity && n == next_save) {
            sx = x, sy = y, sn = n;
            next_save = next_save > 0x40000000u ? next_save : next_save * 2;
        }
    }
    add_stats(a.stats, 0, iters, 0);
    add_weight(a.weight_slots, weight);
}

/* Add v to a 32-bit counter. Unchecked (a fire-and-forget reduction) when
 * the weighted total since the last drain proves no counter can pass
 * 2^32 - 1; else read the old count back and log the counter when it wraps. */
__device__ __forceinline__ void hist_add(const fr_cuda_buddha_args &a, bool checked, size_t at,
                                         unsigned long long v)
{
    if (!checked) {
        atomicAdd(a.hist + at, (unsigned)v);
        return;
    }
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
    const orbit_t<T> *queue = (const orbit_t<T> *)a.queue;
    const unsigned qlen = *a.samples_len;
    __shared__ bool s_checked;
    if (threadIdx.x == 0) {
        unsigned long long total = 0;
        for (int k = 0; k < FR_BW_SLOTS; k++) total += a.weight_slots[k];
        s_checked = total > 0xFFFFFFFFull;
    }
    __syncthreads();
    const bool checked = s_checked;
    unsigned long long iters = 0, hits = 0, orbits = 0;
    const unsigned stride = gridDim.x * blockDim.x;
    unsigned q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= qlen) return;
    orbit_t<T> cur = queue[q], nxt = cur;
    if (q + stride < qlen) nxt = queue[q + stride];
    /* Move to the next entry with something to plot; false at the end. */
    auto advance = [&]() -> bool {
        for (;;) {
            q += stride;
            if (q >= qlen) return false;
            cur = nxt;
            if (q + stride < qlen) nxt = queue[q + stride];
            if (cur.e) return true;
        }
    };
    if (!cur.e && !advance()) return;
    T x = 0, y = 0;
    uint32_t len[3], top, k = 0;
    auto load = [&]() {
        top = 0;
#pragma unroll
        for (int c = 0; c < 3; c++) {
            len[c] = c < j.channels ? fr_buddha_len(&j, c, cur.e) : 0;
            top = max(top, len[c]);
        }
        if (cur.cyc_s && top > cur.cyc_s + cur.cyc_p) top = cur.cyc_s + cur.cyc_p;
        x = y = 0, k = 0;
        orbits += j.paired ? 2 : 1;
    };
    load();
    for (;;) {
        ops<T>::step(&x, &y, cur.cx, cur.cy);
        k++;
        int twice = 0;
        int64_t p0 = MODE == FR_PLOT_FOLD ? fr_buddha_fold_pixel(&j, (double)x, (double)y, &twice)
                                          : fr_buddha_pixel(&j, (double)x, (double)y);
        int64_t p1 = MODE == FR_PLOT_PAIR ? fr_buddha_pixel(&j, (double)x, -(double)y) : -1;
        if (p0 >= 0 || p1 >= 0) {
#pragma unroll
            for (int c = 0; c < 3; c++) {
                if (c >= j.channels) break;
                unsigned long long m = fr_buddha_mult(k, len[c], cur.cyc_s, cur.cyc_p);
                if (!m) continue;
                const size_t base = (size_t)c * a.plane;
                if (p0 >= 0) {
                    hist_add(a, checked, base + (size_t)p0, m * cur.w * (MODE == FR_PLOT_FOLD ? 2 - !twice : 1));
                    hits += m * (MODE == FR_PLOT_FOLD ? 2 : 1);
                }
                if (p1 >= 0) {
                    hist_add(a, checked, base + (size_t)p1, m * cur.w);
                    hits += m;
                }
            }
        }
        if (k == top) {
            iters += top;
            if (!advance()) break;
            load();
        }
    }
    add_stats(a.stats, orbits, iters, hits);
}

/* Once the weighted total since the last drain passes 2^31, move the
 * 32-bit counts into the 64-bit ones on the device (and, in the next
 * kernel, restart the total), so that plotting stays unchecked. */
__device__ __forceinline__ unsigned long long weight_total(const fr_cuda_buddha_args &a)
{
    unsigned long long total = 0;
    for (int k = 0; k < FR_BW_SLOTS; k++) total += a.weight_slots[k];
    return total;
}

__global__ void fold_kernel(fr_cuda_buddha_args a, size_t n)
{
    if (weight_total(a) <= 0x7FFFFFFFull) return;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        unsigned v = a.hist[i];
        if (v) a.hist64[i] += v, a.hist[i] = 0;
    }
}

__global__ void restart_kernel(fr_cuda_buddha_args a)
{
    if (weight_total(a) <= 0x7FFFFFFFull) return;
    for (int k = 0; k < FR_BW_SLOTS; k++) a.weight_slots[k] = 0;
}

static int grid_for(uint64_t work, int sms)
{
    uint64_t blocks = (work + THREADS - 1) / THREADS;
    uint64_t cap = (uint64_t)sms * 8;
    return (int)(blocks < cap ? (blocks ? blocks : 1) : cap);
}

extern "C" size_t fr_cuda_buddha_entry_bytes(int f32)
{
    return f32 ? sizeof(orbit_t<float>) : sizeof(orbit_t<double>);
}

extern "C" cudaError_t fr_cuda_buddha_launch(const fr_cuda_buddha_args *a, int sms, cudaStream_t stream)
{
    cudaError_t e = cudaMemsetAsync(a->cursors, 0, 3 * sizeof(unsigned), stream);
    if (e != cudaSuccess) return e;
    const int all = (int)((a->count + THREADS - 1) / THREADS), g = grid_for(a->count, sms);
    if (a->job.f32) generate_kernel<float><<<all, THREADS, 0, stream>>>(*a);
    else generate_kernel<double><<<all, THREADS, 0, stream>>>(*a);
    if (a->job.f32) classify_kernel<float><<<g, THREADS, 0, stream>>>(*a);
    else classify_kernel<double><<<g, THREADS, 0, stream>>>(*a);
    if ((e = cudaGetLastError()) != cudaSuccess) return e;
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
    fold_kernel<<<sms * 8, THREADS, 0, stream>>>(*a, a->plane * a->job.channels);
    restart_kernel<<<1, 1, 0, stream>>>(*a);
    return cudaGetLastError();
}
