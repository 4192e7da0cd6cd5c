/*
 * Orbit-density kernels. Each launch of samples runs:
 * - generate: one thread a sample draws c (Julia: z_0), settles the
 *   interior test and appends the rest to the sample list;
 * - classification rounds: the shared canonical step (each formula's
 *   kernels compiled for it: the F template argument), escape test and
 *   exact cycle check of buddha_job.h, one lane an orbit for at most the
 *   round's steps (4, 4, 8, 16, ... 128); orbits still running are saved
 *   and listed (a ballot a warp, then a compaction) for the next round. A
 *   warp's lanes thus end together: most orbits end within a few steps,
 *   while a few (points of the set outside the cardioid and bulb, orbits
 *   near its boundary) run hundreds, and with one lane a sample from start
 *   to end those few kept most lanes of most warps idle;
 * - plot: each lane replays the queued orbits of at most SHORT_STEPS points
 *   (per-lane refill) and adds every point to the 32-bit working histogram
 *   (folded into half the rows when the view and the sampling are
 *   symmetric: one atomic stands for a point and its mirror, and the
 *   histogram is half the size, which keeps it in L2; a pixel's channels
 *   side by side, so a Nebulabrot point's adds share a sector); longer
 *   orbits are parked and plotted in rounds of ROUND_STEPS points, one lane
 *   an orbit.
 * Every path adds the same integers as the reference, so the order does not
 * matter. Atomic adds return the old count; a count that wraps past
 * 2^32 - 1 is logged, and the host adds 2^32 for each log entry: no
 * overflow is silent.
 */
#include "cuda/buddha_launch.h"

#define THREADS 256
/* Points a lane plots of one orbit before the orbit is parked for the
 * plot rounds. */
#define SHORT_STEPS 32u
/* Steps of a long round (see classify_rounds, plot_rounds). */
#define ROUND_STEPS 128u
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ void add_stats(unsigned long long *stats, unsigned long long a, unsigned long long b,
                                          unsigned long long c)
{
    unsigned slot = (blockIdx.x * blockDim.x + threadIdx.x) % FR_BS_SLOTS;
    unsigned long long *s = stats + slot * FR_BS_COUNT;
    if (a) atomicAdd(s + FR_BS_ORBITS, a);
    if (b) atomicAdd(s + FR_BS_ITERATIONS, b);
    if (c) atomicAdd(s + FR_BS_HITS, c);
}

/* The canonical step of formula F (a template constant: the dispatch in
 * escape_step.h folds away), d the multibrot exponent. */
template <int F> __device__ __forceinline__ void step(int d, float *x, float *y, float cx, float cy)
{
    fr_step_f(F, d, x, y, cx, cy);
}
template <int F> __device__ __forceinline__ void step(int d, double *x, double *y, double cx, double cy)
{
    fr_step_d(F, d, x, y, cx, cy);
}
__device__ __forceinline__ float mag2(float x, float y) { return fr_mag2_f(x, y); }
__device__ __forceinline__ double mag2(double x, double y) { return fr_mag2_d(x, y); }

/* z_0 and c of the orbit of sample (sx, sy): (0, sample), or for Julia
 * (sample, the job's constant). */
template <typename T>
__device__ __forceinline__ void orbit_start(const fr_buddha_job &j, T sx, T sy, T &x, T &y, T &cx, T &cy)
{
    FR_ORBIT_START(&j, T, sx, sy, x, y, cx, cy);
}

/* A drawn sample that needs iterating, an orbit queued for plotting (its
 * escape index and cycle; e = 0: nothing to plot), and the saved state of
 * a parked orbit (classify: z, the Brent point and schedule; plot: z and
 * the points done). Entry q of the queue and of the states belongs to
 * entry q of the sample list. */
template <typename T> struct sample_t {
    T cx, cy;
    uint32_t w;
};
template <typename T> struct orbit_t {
    T cx, cy;
    uint32_t e, w, cyc_s, cyc_p;
};
template <typename T> struct state_t {
    T x, y, sx, sy;
    uint32_t n, sn, next_save;
};

/* Warp-uniform append of the lanes with `keep` set (every lane calls it). */
__device__ __forceinline__ void append_kept(unsigned *list, unsigned *len, bool keep, unsigned q)
{
    unsigned m = __ballot_sync(FULL_MASK, keep);
    if (!m) return;
    const unsigned lane = threadIdx.x & 31;
    unsigned base = 0;
    if (lane == 0) base = atomicAdd(len, __popc(m));
    base = __shfl_sync(FULL_MASK, base, 0);
    if (keep) list[base + __popc(m & ((1u << lane) - 1))] = q;
}

__device__ __forceinline__ void park(unsigned *bits, unsigned q) { atomicOr(bits + (q >> 5), 1u << (q & 31)); }

/* One thread a sample: draw it, settle the interior test (and drop a
 * Julia sample already outside R), and append the
 * rest to the sample list, one atomic a block (the list's one counter
 * took an atomic a warp before, and same-address atomics were the limit). */
template <typename T>
__global__ void __launch_bounds__(THREADS) generate_kernel(fr_cuda_buddha_args a)
{
    const fr_buddha_job &j = a.job;
    const uint64_t k = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    T cx = 0, cy = 0;
    uint32_t w = 0;
    bool keep = false;
    if (k < a.count) {
        double cr, ci;
        w = fr_buddha_sample(&j, a.first + k, &cr, &ci);
        cx = (T)cr, cy = (T)ci;
        keep = !(j.interior_test && fr_in_cardioid_or_bulb((double)cx, (double)cy)) &&
               !(j.julia && mag2(cx, cy) > (T)j.b2); /* a Julia z_0 outside R: nothing to plot */
    }
    __shared__ unsigned s_warp[THREADS / 32], s_base;
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32, m = __ballot_sync(FULL_MASK, keep);
    if (lane == 0) s_warp[warp] = __popc(m);
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned total = 0;
        for (int i = 0; i < THREADS / 32; i++) {
            unsigned c = s_warp[i];
            s_warp[i] = total;
            total += c;
        }
        s_base = total ? atomicAdd(a.samples_len, total) : 0;
    }
    __syncthreads();
    if (keep) {
        sample_t<T> s = {cx, cy, w};
        ((sample_t<T> *)a.samples)[s_base + s_warp[warp] + __popc(m & ((1u << lane) - 1))] = s;
    }
}

/* Sum of per-thread values into the 64 weight slots (the plot kernels read
 * their total). */
__device__ __forceinline__ void add_weight(unsigned long long *slots, unsigned long long v)
{
    if (v) atomicAdd(slots + ((blockIdx.x * blockDim.x + threadIdx.x) & (FR_BW_SLOTS - 1)), v);
}

/* Queue the classified orbit of sample q: escaped after n steps (esc), in
 * an exact cycle from step n back to step sn (cyc), or neither after
 * max_len steps. Adds its weighted increments to *weight. */
template <typename T>
__device__ __forceinline__ void finish_orbit(const fr_cuda_buddha_args &a, unsigned q, const sample_t<T> &s,
                                             uint32_t n, bool esc, bool cyc, uint32_t sn,
                                             unsigned long long *weight)
{
    const fr_buddha_job &j = a.job;
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
    *weight += sum * s.w * 2;
    orbit_t<T> en = {s.cx, s.cy, top ? e : 0, s.w, cyc ? n : 0, cyc ? n - sn : 0};
    ((orbit_t<T> *)a.queue)[q] = en;
}

/* One round of classification. Round 0 takes every sample of the list
 * from z_0, later rounds the orbits listed in `in` from their saved state;
 * each lane of a warp takes one orbit and runs it for at most `steps`
 * steps, so the warp's lanes end their orbits together at the round's end
 * (no lane refills while the others wait). Finished orbits are queued; bit
 * i of `keep` says whether entry i still runs (the next round's list). */
template <typename T, bool FIRST, int F>
__global__ void __launch_bounds__(THREADS) classify_kernel(fr_cuda_buddha_args a, const unsigned *in,
                                                           const unsigned *in_len, unsigned *keep_bits,
                                                           uint32_t steps)
{
    const fr_buddha_job &j = a.job;
    const unsigned n_in = FIRST ? *a.samples_len : *in_len;
    const T b2 = (T)j.b2;
    const int d = j.power;
    unsigned long long iters = 0, weight = 0;
    const unsigned stride = gridDim.x * blockDim.x;
    for (unsigned i0 = blockIdx.x * blockDim.x + (threadIdx.x & ~31u); i0 < n_in; i0 += stride) {
        const unsigned i = i0 + (threadIdx.x & 31);
        bool keep = false;
        if (i < n_in) {
            const unsigned q = FIRST ? i : in[i];
            const sample_t<T> s = ((const sample_t<T> *)a.samples)[q];
            T x0, y0, cx, cy;
            orbit_start(j, s.cx, s.cy, x0, y0, cx, cy);
            state_t<T> st = {x0, y0, (T)NAN, (T)NAN, 0, 0, 1};
            if (!FIRST) st = ((const state_t<T> *)a.state)[q];
            T x = st.x, y = st.y, sx = st.sx, sy = st.sy;
            uint32_t n = st.n, sn = st.sn, next_save = st.next_save;
            const uint32_t n0 = n, lim = j.max_len - n < steps ? j.max_len : n + steps;
            bool esc = false, cyc = false;
            while (n < lim) {
                step<F>(d, &x, &y, cx, cy);
                n++;
                esc = mag2(x, y) > b2;
                cyc = !esc && j.periodicity && x == sx && y == sy;
                if (esc || cyc) break;
                if (j.periodicity && n == next_save) {
                    sx = x, sy = y, sn = n;
                    next_save = next_save > 0x40000000u ? next_save : next_save * 2;
                }
            }
            iters += n - n0;
            if (esc || cyc || n == j.max_len) {
                finish_orbit(a, q, s, n, esc, cyc, sn, &weight);
            } else {
                state_t<T> nst = {x, y, sx, sy, n, sn, next_save};
                ((state_t<T> *)a.state)[q] = nst;
                keep = true;
            }
        }
        const unsigned m = __ballot_sync(FULL_MASK, keep);
        if ((threadIdx.x & 31) == 0) keep_bits[i0 / 32] = m;
    }
    add_stats(a.stats, 0, iters, 0);
    add_weight(a.weight_slots, weight);
}

/* The entries whose bit is set, as a list: in[i] (or i without `in`) for
 * each set bit i of the first *n_len bits; the bits are cleared when
 * `clear` (bits set by atomics, zero between uses). */
__global__ void __launch_bounds__(THREADS) compact_kernel(unsigned *bits, const unsigned *n_len, const unsigned *in,
                                                          unsigned *out, unsigned *out_len, bool clear)
{
    const unsigned nwords = (*n_len + 31) / 32, lane = threadIdx.x & 31;
    const unsigned stride = gridDim.x * blockDim.x;
    for (unsigned w0 = blockIdx.x * blockDim.x + (threadIdx.x & ~31u); w0 < nwords; w0 += stride) {
        const unsigned w = w0 + lane;
        unsigned word = w < nwords ? bits[w] : 0;
        if (clear && word) bits[w] = 0;
        const unsigned total = __reduce_add_sync(FULL_MASK, __popc(word));
        unsigned base = 0;
        if (lane == 0 && total) base = atomicAdd(out_len, total);
        base = __shfl_sync(FULL_MASK, base, 0);
        /* Word by word, the lanes write adjacent entries (coalesced). */
        for (int k = 0; k < 32 && total; k++) {
            const unsigned wk = __shfl_sync(FULL_MASK, word, k);
            if (!wk) continue;
            if ((wk >> lane) & 1) {
                const unsigned e = (w0 + k) * 32 + lane;
                out[base + __popc(wk & ((1u << lane) - 1))] = in ? in[e] : e;
            }
            base += __popc(wk);
        }
    }
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

/* Whether the plot kernels must read counts back (the weighted total since
 * the last move to the 64-bit counts could pass 2^32 - 1). */
__device__ __forceinline__ bool block_checked(const fr_cuda_buddha_args &a)
{
    __shared__ bool s_checked;
    if (threadIdx.x == 0) {
        unsigned long long total = 0;
        for (int k = 0; k < FR_BW_SLOTS; k++) total += a.weight_slots[k];
        s_checked = total > 0xFFFFFFFFull;
    }
    __syncthreads();
    return s_checked;
}

/* Channel lengths and the points to replay of a queued orbit. */
template <typename T>
__device__ __forceinline__ uint32_t orbit_top(const fr_buddha_job &j, const orbit_t<T> &o, uint32_t len[3])
{
    uint32_t top = 0;
#pragma unroll
    for (int c = 0; c < 3; c++) {
        len[c] = c < j.channels ? fr_buddha_len(&j, c, o.e) : 0;
        top = max(top, len[c]);
    }
    if (o.cyc_s && top > o.cyc_s + o.cyc_p) top = o.cyc_s + o.cyc_p;
    return top;
}

/* Plot point k (z_k = (x, y)) of orbit o for every channel it belongs to. */
template <typename T, int MODE>
__device__ __forceinline__ void plot_point(const fr_cuda_buddha_args &a, bool checked, T x, T y, uint32_t k,
                                           const uint32_t len[3], const orbit_t<T> &o,
                                           unsigned long long *hits)
{
    const fr_buddha_job &j = a.job;
    int twice = 0;
    int64_t p0 = MODE == FR_PLOT_FOLD ? fr_buddha_fold_pixel(&j, (double)x, (double)y, &twice)
                                      : fr_buddha_pixel(&j, (double)x, (double)y);
    int64_t p1 = MODE == FR_PLOT_PAIR ? fr_buddha_pixel(&j, (double)x, -(double)y) : -1;
    if (p0 < 0 && p1 < 0) return;
    /* the hits count the whole view; the adds go to the band's rows */
    const int64_t s0 = fr_buddha_band_index(&j, p0), s1 = fr_buddha_band_index(&j, p1);
#pragma unroll
    for (int c = 0; c < 3; c++) {
        if (c >= j.channels) break;
        unsigned long long m = fr_buddha_mult(k, len[c], o.cyc_s, o.cyc_p);
        if (!m) continue;
        if (p0 >= 0) {
            if (s0 >= 0)
                hist_add(a, checked, (size_t)s0 * j.channels + c, m * o.w * (MODE == FR_PLOT_FOLD ? 2 - !twice : 1));
            *hits += m * (MODE == FR_PLOT_FOLD ? 2 : 1);
        }
        if (p1 >= 0) {
            if (s1 >= 0) hist_add(a, checked, (size_t)s1 * j.channels + c, m * o.w);
            *hits += m;
        }
    }
}

/* Plot the queued orbits of at most SHORT_STEPS points, one lane an orbit
 * with per-lane refill; park the longer ones (state: from z_0). */
template <typename T, int MODE, int F>
__global__ void __launch_bounds__(THREADS) plot_kernel(fr_cuda_buddha_args a)
{
    const fr_buddha_job &j = a.job;
    const orbit_t<T> *queue = (const orbit_t<T> *)a.queue;
    const unsigned qlen = *a.samples_len;
    const bool checked = block_checked(a);
    unsigned long long iters = 0, hits = 0, orbits = 0;
    const unsigned stride = gridDim.x * blockDim.x;
    unsigned q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= qlen) return;
    orbit_t<T> cur = queue[q], nxt = cur;
    if (q + stride < qlen) nxt = queue[q + stride];
    uint32_t len[3], top = 0, k = 0;
    /* Take entry q if it has something to plot: short orbits here, long
     * ones parked. */
    auto take = [&]() -> bool {
        if (!cur.e) return false;
        top = orbit_top(j, cur, len);
        orbits += j.paired ? 2 : 1;
        if (top <= SHORT_STEPS) return true;
        T x0, y0, c0x, c0y;
        orbit_start(j, cur.cx, cur.cy, x0, y0, c0x, c0y);
        state_t<T> st = {x0, y0, 0, 0, 0, 0, 0};
        ((state_t<T> *)a.state)[q] = st;
        park(a.plot_bits, q);
        return false;
    };
    /* Move to the next entry with something to plot; false at the end. */
    auto advance = [&]() -> bool {
        for (;;) {
            q += stride;
            if (q >= qlen) return false;
            cur = nxt;
            if (q + stride < qlen) nxt = queue[q + stride];
            if (take()) return true;
        }
    };
    const int d = j.power;
    T x = 0, y = 0, cx = 0, cy = 0;
    if (take() || advance()) {
        orbit_start(j, cur.cx, cur.cy, x, y, cx, cy);
        for (;;) {
            step<F>(d, &x, &y, cx, cy);
            k++;
            plot_point<T, MODE>(a, checked, x, y, k, len, cur, &hits);
            if (k == top) {
                iters += top;
                if (!advance()) break;
                orbit_start(j, cur.cx, cur.cy, x, y, cx, cy);
                k = 0;
            }
        }
    }
    add_stats(a.stats, orbits, iters, hits);
}

/* One round for the parked plots of `in`: each plots at most `steps` more
 * points; the unfinished are listed in `out`. */
template <typename T, int MODE, int F>
__global__ void __launch_bounds__(THREADS) plot_round_kernel(fr_cuda_buddha_args a, const unsigned *in,
                                                             const unsigned *in_len, unsigned *out,
                                                             unsigned *out_len, uint32_t steps)
{
    const fr_buddha_job &j = a.job;
    const unsigned n_in = *in_len;
    const bool checked = block_checked(a);
    unsigned long long iters = 0, hits = 0;
    const unsigned stride = gridDim.x * blockDim.x;
    for (unsigned i0 = blockIdx.x * blockDim.x + (threadIdx.x & ~31u); i0 < n_in; i0 += stride) {
        const unsigned i = i0 + (threadIdx.x & 31);
        bool keep = false;
        unsigned q = 0;
        if (i < n_in) {
            q = in[i];
            const orbit_t<T> o = ((const orbit_t<T> *)a.queue)[q];
            state_t<T> st = ((const state_t<T> *)a.state)[q];
            uint32_t len[3];
            const uint32_t top = orbit_top(j, o, len), k0 = st.n, lim = top - k0 < steps ? top : k0 + steps;
            T x = st.x, y = st.y, x0, y0, cx, cy;
            orbit_start(j, o.cx, o.cy, x0, y0, cx, cy);
            uint32_t k = k0;
            while (k < lim) {
                step<F>(j.power, &x, &y, cx, cy);
                k++;
                plot_point<T, MODE>(a, checked, x, y, k, len, o, &hits);
            }
            iters += k - k0;
            if (k < top) {
                st.x = x, st.y = y, st.n = k;
                ((state_t<T> *)a.state)[q] = st;
                keep = true;
            }
        }
        append_kept(out, out_len, keep, q);
    }
    add_stats(a.stats, 0, iters, hits);
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

/* Blocks of a grid-stride kernel: enough for `work` threads, at most what
 * fits on the device at once (one wave). */
template <typename K> static int grid_for(K kernel, uint64_t work, int sms)
{
    int per_sm = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, 0) != cudaSuccess || per_sm < 1)
        per_sm = 1;
    uint64_t blocks = (work + THREADS - 1) / THREADS, cap = (uint64_t)sms * per_sm;
    return (int)(blocks < cap ? (blocks ? blocks : 1) : cap);
}

extern "C" size_t fr_cuda_buddha_entry_bytes(int f32)
{
    return f32 ? sizeof(sample_t<float>) + sizeof(orbit_t<float>) + sizeof(state_t<float>)
               : sizeof(sample_t<double>) + sizeof(orbit_t<double>) + sizeof(state_t<double>);
}

extern "C" size_t fr_cuda_buddha_sample_bytes(int f32)
{
    return f32 ? sizeof(sample_t<float>) : sizeof(sample_t<double>);
}
extern "C" size_t fr_cuda_buddha_queue_bytes(int f32)
{
    return f32 ? sizeof(orbit_t<float>) : sizeof(orbit_t<double>);
}
extern "C" size_t fr_cuda_buddha_state_bytes(int f32)
{
    return f32 ? sizeof(state_t<float>) : sizeof(state_t<double>);
}

/* Steps of each classification round: 4, 4, 8, 16, ... doubling up to a
 * cap (128, or max_len / 16 when that is more, so that at most about 24
 * rounds are needed), until max_len is covered. Short rounds first: most
 * orbits end within a few steps, and a warp's round lasts as long as its
 * longest orbit. Returns the number of rounds. */
static uint32_t classify_rounds(uint32_t max_len, uint32_t steps[FR_BUDDHA_ROUNDS])
{
    const uint64_t cap = max_len / 16 > ROUND_STEPS ? max_len / 16 : ROUND_STEPS;
    uint64_t done = 0, s = 4;
    uint32_t r = 0;
    while (done < max_len && r < FR_BUDDHA_ROUNDS) {
        steps[r++] = (uint32_t)s;
        done += s;
        if (r >= 2) s = 2 * s < cap ? 2 * s : cap;
    }
    if (done < max_len) steps[r - 1] += (uint32_t)(max_len - done);
    return r;
}

/* Rounds of parked plots (from point SHORT_STEPS or less): ROUND_STEPS
 * points each, or more when that would take more than FR_BUDDHA_ROUNDS. */
static void plot_rounds(uint32_t max_len, uint32_t *rounds, uint32_t *steps)
{
    uint64_t s = ROUND_STEPS;
    if ((max_len + s - 1) / s > FR_BUDDHA_ROUNDS) s = (max_len + FR_BUDDHA_ROUNDS - 1) / FR_BUDDHA_ROUNDS;
    *steps = (uint32_t)s, *rounds = max_len > SHORT_STEPS ? (uint32_t)((max_len + s - 1) / s) : 0;
}

template <typename T, int MODE, int F> static cudaError_t launch_t(const fr_cuda_buddha_args *a, int sms, cudaStream_t st)
{
    const int all = (int)((a->count + THREADS - 1) / THREADS);
    generate_kernel<T><<<all, THREADS, 0, st>>>(*a);
    const int gc = grid_for(compact_kernel, (a->count + 31) / 32, sms);
    unsigned *lens = a->round_len, *list[2] = {a->list, a->list + a->count};
    /* Classification rounds: round r keeps its running orbits in list
     * r % 2 (lens[r] entries). */
    uint32_t steps[FR_BUDDHA_ROUNDS];
    const uint32_t rounds = classify_rounds(a->job.max_len, steps);
    const int g0 = grid_for(classify_kernel<T, true, F>, a->count, sms),
              g1 = grid_for(classify_kernel<T, false, F>, a->count, sms);
    for (uint32_t r = 0; r < rounds; r++) {
        unsigned *in = r ? list[(r - 1) & 1] : NULL;
        const unsigned *in_len = r ? lens + r - 1 : a->samples_len;
        if (r) classify_kernel<T, false, F><<<g1, THREADS, 0, st>>>(*a, in, in_len, a->bits, steps[r]);
        else classify_kernel<T, true, F><<<g0, THREADS, 0, st>>>(*a, in, in_len, a->bits, steps[r]);
        if (r + 1 < rounds) compact_kernel<<<gc, THREADS, 0, st>>>(a->bits, in_len, in, list[r & 1], lens + r, false);
    }
    /* Plots of at most SHORT_STEPS points, then rounds for the longer. */
    plot_kernel<T, MODE, F><<<grid_for(plot_kernel<T, MODE, F>, a->count, sms), THREADS, 0, st>>>(*a);
    lens += FR_BUDDHA_ROUNDS + 2;
    compact_kernel<<<gc, THREADS, 0, st>>>(a->plot_bits, a->samples_len, NULL, list[0], lens, true);
    uint32_t prounds, psteps;
    plot_rounds(a->job.max_len, &prounds, &psteps);
    const int gp = grid_for(plot_round_kernel<T, MODE, F>, a->count, sms);
    for (uint32_t r = 0; r < prounds; r++)
        plot_round_kernel<T, MODE, F>
            <<<gp, THREADS, 0, st>>>(*a, list[r & 1], lens + r, list[(r + 1) & 1], lens + r + 1, psteps);
    return cudaGetLastError();
}

/* The storage mode, then the formula. A map that is not symmetric about
 * the real axis (burning ship) never draws conjugate pairs, so it has the
 * single mode alone. */
template <typename T, int F> static cudaError_t launch_mode(const fr_cuda_buddha_args *a, int sms, cudaStream_t st)
{
    if constexpr (F != FR_STEP_SHIP) {
        if (a->mode == FR_PLOT_FOLD) return launch_t<T, FR_PLOT_FOLD, F>(a, sms, st);
        if (a->mode == FR_PLOT_PAIR) return launch_t<T, FR_PLOT_PAIR, F>(a, sms, st);
    } else if (a->mode != FR_PLOT_SINGLE) {
        return cudaErrorInvalidValue;
    }
    return launch_t<T, FR_PLOT_SINGLE, F>(a, sms, st);
}

template <typename T> static cudaError_t launch_formula(const fr_cuda_buddha_args *a, int sms, cudaStream_t st)
{
    switch (a->job.step) {
    case FR_STEP_SHIP: return launch_mode<T, FR_STEP_SHIP>(a, sms, st);
    case FR_STEP_TRICORN: return launch_mode<T, FR_STEP_TRICORN>(a, sms, st);
    case FR_STEP_MULTI: return launch_mode<T, FR_STEP_MULTI>(a, sms, st);
    default: return launch_mode<T, FR_STEP_MANDEL>(a, sms, st);
    }
}

extern "C" cudaError_t fr_cuda_buddha_launch(const fr_cuda_buddha_args *a, int sms, cudaStream_t stream)
{
    cudaError_t e = cudaMemsetAsync(a->samples_len, 0, sizeof(unsigned), stream);
    if (e == cudaSuccess) e = cudaMemsetAsync(a->round_len, 0, 2 * (FR_BUDDHA_ROUNDS + 2) * sizeof(unsigned), stream);
    if (e != cudaSuccess) return e;
    if (a->job.f32) e = launch_formula<float>(a, sms, stream);
    else e = launch_formula<double>(a, sms, stream);
    if (e != cudaSuccess) return e;
    fold_kernel<<<sms * 8, THREADS, 0, stream>>>(*a, a->plane * a->job.channels);
    restart_kernel<<<1, 1, 0, stream>>>(*a);
    return cudaGetLastError();
}

/* Another device's counts into this one's 64-bit part: its 32-bit and
 * 64-bit parts, then 2^32 for each of its wraps (read where they are:
 * peer access). */
__global__ void gather_kernel(unsigned long long *dst64, const unsigned *hist, const unsigned long long *hist64, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        dst64[i] += (unsigned long long)hist[i] + (hist64 ? hist64[i] : 0ull);
}

__global__ void gather_wraps_kernel(unsigned long long *dst64, const unsigned long long *ovf, unsigned n)
{
    for (unsigned k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x)
        atomicAdd(dst64 + ovf[k], 1ull << 32);
}

extern "C" cudaError_t fr_cuda_buddha_gather(unsigned long long *dst64, const unsigned *hist,
                                             const unsigned long long *hist64, size_t n,
                                             const unsigned long long *ovf, unsigned wraps, cudaStream_t stream)
{
    size_t blocks = (n + 255) / 256;
    if (blocks > 65536) blocks = 65536;
    if (n) gather_kernel<<<(unsigned)blocks, 256, 0, stream>>>(dst64, hist, hist64, n);
    if (wraps) gather_wraps_kernel<<<(wraps + 255) / 256 < 4096 ? (wraps + 255) / 256 : 4096, 256, 0, stream>>>(dst64, ovf, wraps);
    return cudaGetLastError();
}
