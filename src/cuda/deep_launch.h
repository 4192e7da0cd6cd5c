/* The plain-C interface to the deep-zoom kernel (deep_kernels.cu): one
 * thread a sample through the shared per-pixel loop (deep/deep_pixel.h),
 * with the job's tables in device memory. */
#ifndef FR_CUDA_DEEP_LAUNCH_H
#define FR_CUDA_DEEP_LAUNCH_H

#include <cuda_runtime_api.h>

#include "deep/deep_job.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one sample gives back: its count, its distance estimate as the CPU
 * stores it (-1 for interior), and the first orbit point past the bailout
 * (the host makes the smooth value of it, as for the CPU). The direction of
 * the estimate (fr_deep_result's de) goes to an array of its own, only when
 * asked for: most renders do not want it, and 8 bytes more a sample cost
 * about 5 ms a 1080p render in the copy back (H200). */
typedef struct fr_cuda_deep_out {
    uint32_t n;
    float dist;
    double wx, wy;
} fr_cuda_deep_out;

/* Samples [first, first + count) of the job's grid (row-major, job->sw a
 * row; `block` threads a block, a multiple of 32) into out[0 .. count) and, when de is not NULL (a job
 * with the derivative), the estimate's direction into de[0 .. 2 count); adds the perturbation steps and the
 * iterations BLA skipped into totals[0] and totals[1]; totals[2] is the
 * launch's sample cursor (set to 0 by the launch). The job's table
 * pointers are device pointers. */
cudaError_t fr_cuda_deep_launch(const fr_deep_job *job, int64_t first, int64_t count, fr_cuda_deep_out *out,
                                float *de, unsigned long long *totals, int block, cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
