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
enum { FR_BS_ORBITS = 0, FR_BS_ITERATIONS = 1, FR_BS_HITS = 2, FR_BS_COUNT = 3 };
#define FR_BS_SLOTS 1024

/* An orbit that qualified: its c (exact for float32 too), escape index,
 * cycle and weight. */
typedef struct fr_cuda_orbit_entry {
    double cx, cy;
    uint32_t e, w, cyc_s, cyc_p;
} fr_cuda_orbit_entry;

typedef struct fr_cuda_buddha_args {
    fr_buddha_job job;          /* by value; cdf and weight point to device memory */
    uint64_t first, count;      /* samples of this launch */
    int mode;                   /* FR_PLOT_* */
    fr_cuda_orbit_entry *queue; /* count entries */
    unsigned *queue_len;
    unsigned *hist;             /* channels planes of `plane` 32-bit counters */
    size_t plane;
    unsigned long long *ovf;    /* counters that wrapped, one entry a wrap */
    unsigned *ovf_len;
    unsigned ovf_cap;
    unsigned long long *stats;  /* FR_BS_SLOTS x FR_BS_COUNT */
} fr_cuda_buddha_args;

/* Classify and plot samples [first, first + count): two kernels on `stream`. */
cudaError_t fr_cuda_buddha_launch(const fr_cuda_buddha_args *a, int sms, cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
