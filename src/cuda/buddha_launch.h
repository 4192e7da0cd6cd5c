/* The plain-C interface to the orbit-density kernels (buddha_kernels.cu). */
#ifndef FR_CUDA_BUDDHA_LAUNCH_H
#define FR_CUDA_BUDDHA_LAUNCH_H

#include <cuda_runtime_api.h>

#include "buddha/buddha.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counters, accumulated into FR_BS_SLOTS slots of FR_BS_COUNT each so that
 * no one address takes every atomic; the host sums the slots. */
enum {
    FR_BS_ORBITS = 0, FR_BS_ITERATIONS = 1, FR_BS_HITS = 2,
    /* metropolis (fr_buddha_counters' order) */
    FR_BS_FRESH = 3, FR_BS_FRESH_IN = 4, FR_BS_ACCEPTED = 5, FR_BS_STATES = 6, FR_BS_WEIGHT_SUM = 7, FR_BS_COUNT = 8
};
#define FR_BS_SLOTS 1024
#define FR_BW_SLOTS 64
/* Most classification rounds, and most plot rounds, in a launch. */
#define FR_BUDDHA_ROUNDS 64

typedef struct fr_cuda_buddha_args {
    fr_buddha_job job;          /* by value; cdf and weight point to device memory */
    uint64_t first, count;      /* samples of this launch */
    int mode;                   /* FR_PLOT_* */
    void *samples;              /* count entries: drawn samples needing iteration */
    void *queue;                /* count entries: orbits that qualified */
    void *state;                /* count entries: saved state of orbits between rounds */
    unsigned *bits;             /* count bits: the entries of a round still running after it */
    unsigned *plot_bits;        /* count bits: plots parked for the plot rounds (zero between launches) */
    unsigned *list;             /* 2 x count entries: the running orbits of a round, and of the next */
    unsigned *round_len;        /* 2 x (FR_BUDDHA_ROUNDS + 2): entries of each round's list */
    unsigned *samples_len;      /* entries in `samples` */
    unsigned long long *weight_slots; /* FR_BW_SLOTS: weighted adds since the last drain */
    unsigned *hist;             /* `plane` pixels of `channels` adjacent 32-bit counters */
    unsigned long long *hist64; /* the same counters' moved 64-bit part */
    size_t plane;
    unsigned long long *ovf;    /* counters that wrapped, one entry a wrap */
    unsigned *ovf_len;
    unsigned ovf_cap;
    unsigned long long *stats;  /* FR_BS_SLOTS x FR_BS_COUNT */
} fr_cuda_buddha_args;

/* Bytes of one sample-list, queue and state entry (float32 or float64
 * orbits), and of the three together. */
size_t fr_cuda_buddha_sample_bytes(int f32);
size_t fr_cuda_buddha_queue_bytes(int f32);
size_t fr_cuda_buddha_state_bytes(int f32);
size_t fr_cuda_buddha_entry_bytes(int f32);

/* Draw, classify and plot samples [first, first + count) on `stream`; then
 * move the 32-bit counts into hist64 when the weighted total calls for it. */
cudaError_t fr_cuda_buddha_launch(const fr_cuda_buddha_args *a, int sms, cudaStream_t stream);

/* dst64[i] += hist[i] + hist64[i] for n counters, then 2^32 at each of
 * `wraps` entries of ovf: another device's histogram (peer memory) into
 * this one's; hist64 NULL: only hist (this device's 32-bit part into its
 * 64-bit part). */
cudaError_t fr_cuda_buddha_gather(unsigned long long *dst64, const unsigned *hist, const unsigned long long *hist64,
                                  size_t n, const unsigned long long *ovf, unsigned wraps, cudaStream_t stream);

/* Metropolis (buddha_metropolis.cu): chains [first, first + count), one
 * thread a chain, plotted with 64-bit atomic adds into hist64. */
#define FR_CUDA_MH_LAUNCH_CHAINS (1u << 18)
cudaError_t fr_cuda_buddha_mh_launch(const fr_cuda_buddha_args *a, cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
