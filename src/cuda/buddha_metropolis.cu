/*
 * Metropolis-Hastings orbit density on the GPU: one thread a chain
 * (buddha_chain_body.h, the host's loop), the orbit classified and
 * replayed with the canonical step of buddha_job.h and mapped to pixels by
 * the same functions, each state plotted with 64-bit atomic adds into the
 * device's 64-bit counts (a state's weight times its points can pass
 * 2^32). Integer adds commute, so the histogram is the CPU's bit for bit.
 */
#include "cuda/buddha_launch.h"

#define THREADS 128

/* Plot point n (z_n = (x, y)) of orbit o for every channel it belongs to,
 * as fr_buddha_plot_point (hist adds only when `plot`); returns the points. */
template <int MODE>
__device__ __forceinline__ uint64_t mh_point(const fr_cuda_buddha_args &a, bool plot, double x, double y, uint32_t n,
                                             const uint32_t len[3], fr_orbit o, uint64_t w)
{
    const fr_buddha_job &j = a.job;
    int twice = 0;
    int64_t p0 = MODE == FR_PLOT_FOLD ? fr_buddha_fold_pixel(&j, x, y, &twice) : fr_buddha_pixel(&j, x, y);
    int64_t p1 = MODE == FR_PLOT_PAIR ? fr_buddha_pixel(&j, x, -y) : -1;
    if (p0 < 0 && p1 < 0) return 0;
    /* C and the hits count the whole view (the chain is the same in every
     * band); the adds go to the band's rows */
    const int64_t s0 = fr_buddha_band_index(&j, p0), s1 = fr_buddha_band_index(&j, p1);
    uint64_t hits = 0;
    for (int k = 0; k < j.channels; k++) {
        uint64_t m = fr_buddha_mult(n, len[k], o.cyc_s, o.cyc_p);
        if (!m) continue;
        if (p0 >= 0) {
            if (plot && s0 >= 0)
                atomicAdd(a.hist64 + (size_t)s0 * j.channels + k,
                          (unsigned long long)(m * w * (MODE == FR_PLOT_FOLD ? 2 - !twice : 1)));
            hits += m * (MODE == FR_PLOT_FOLD ? 2 : 1);
        }
        if (p1 >= 0) {
            if (plot && s1 >= 0) atomicAdd(a.hist64 + (size_t)s1 * j.channels + k, (unsigned long long)(m * w));
            hits += m;
        }
    }
    return hits;
}

/* The orbit of sample (cr, ci) in T: its points in the view, plotted with
 * weight w when `plot` (as mh_orbit in buddha_metropolis.c). */
template <typename T, int MODE, int F>
__device__ uint64_t mh_orbit(const fr_cuda_buddha_args &a, double cr, double ci, uint64_t w, bool plot,
                             uint64_t *steps)
{
    const fr_buddha_job &j = a.job;
    const T sx = (T)cr, sy = (T)ci;
    if (j.interior_test && fr_in_cardioid_or_bulb((double)sx, (double)sy)) return 0;
    fr_orbit o;
    if constexpr (sizeof(T) == 4) o = fr_orbit_f_step(&j, F, sx, sy);
    else o = fr_orbit_d_step(&j, F, sx, sy);
    *steps += o.steps;
    uint32_t len[3];
    const uint32_t top = fr_buddha_plot_top(&j, o, len);
    T x, y, cx, cy;
    FR_ORBIT_START(&j, T, sx, sy, x, y, cx, cy);
    uint64_t hits = 0;
    for (uint32_t n = 1; n <= top; n++) {
        if constexpr (sizeof(T) == 4) fr_step_f(F, j.power, &x, &y, cx, cy);
        else fr_step_d(F, j.power, &x, &y, cx, cy);
        hits += mh_point<MODE>(a, plot, (double)x, (double)y, n, len, o, w);
    }
    *steps += top;
    return hits;
}

#define FR_MH_CHAIN mh_chain
#define FR_MH_QUAL template <typename T, int MODE, int F> __device__
#define FR_MH_CTX const fr_cuda_buddha_args *
#define FR_MH_SCORE(x, cr, ci, steps) mh_orbit<T, MODE, F>(*(x), cr, ci, 1, false, steps)
#define FR_MH_PLOT(x, cr, ci, w, steps) mh_orbit<T, MODE, F>(*(x), cr, ci, w, true, steps)
#include "buddha/buddha_chain_body.h"

template <typename T, int MODE, int F> __global__ void __launch_bounds__(THREADS) mh_kernel(fr_cuda_buddha_args a)
{
    const uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= a.count) return;
    fr_buddha_counters c = {0, 0, 0, 0, 0, 0, 0, 0};
    mh_chain<T, MODE, F>(&a.job, a.first + i, &a, &c);
    const unsigned long long v[FR_BS_COUNT] = {c.orbits,   c.iterations, c.hits,   c.fresh,
                                               c.fresh_in, c.accepted,   c.states, c.weight_sum};
    unsigned long long *s = a.stats + (i % FR_BS_SLOTS) * FR_BS_COUNT;
    for (int k = 0; k < FR_BS_COUNT; k++)
        if (v[k]) atomicAdd(s + k, v[k]);
}

template <typename T, int F> static cudaError_t mh_mode(const fr_cuda_buddha_args *a, cudaStream_t st)
{
    const unsigned blocks = (unsigned)((a->count + THREADS - 1) / THREADS);
    if (a->mode == FR_PLOT_FOLD) mh_kernel<T, FR_PLOT_FOLD, F><<<blocks, THREADS, 0, st>>>(*a);
    else if (a->mode == FR_PLOT_PAIR) mh_kernel<T, FR_PLOT_PAIR, F><<<blocks, THREADS, 0, st>>>(*a);
    else mh_kernel<T, FR_PLOT_SINGLE, F><<<blocks, THREADS, 0, st>>>(*a);
    return cudaGetLastError();
}

template <typename T> static cudaError_t mh_formula(const fr_cuda_buddha_args *a, cudaStream_t st)
{
    switch (a->job.step) {
    case FR_STEP_SHIP: return mh_mode<T, FR_STEP_SHIP>(a, st);
    case FR_STEP_TRICORN: return mh_mode<T, FR_STEP_TRICORN>(a, st);
    case FR_STEP_MULTI: return mh_mode<T, FR_STEP_MULTI>(a, st);
    default: return mh_mode<T, FR_STEP_MANDEL>(a, st);
    }
}

extern "C" cudaError_t fr_cuda_buddha_mh_launch(const fr_cuda_buddha_args *a, cudaStream_t stream)
{
    if (!a->count) return cudaSuccess;
    return a->job.f32 ? mh_formula<float>(a, stream) : mh_formula<double>(a, stream);
}
