/* The deep-zoom kernel for the commonest view, Mandelbrot in double
 * without the derivative: the shared loop compiled for that case alone
 * (FR_DEEP_ONLY_Z2), so the other formulas' code and state drop out. */
#define FR_DEEP_ONLY_Z2
#define FR_DEEP_KERNEL fr_deep_kernel_z2
#include "cuda/deep_kernel_body.cuh"

extern "C" cudaError_t fr_cuda_deep_launch_z2(const fr_deep_job *job, int64_t first, int64_t count,
                                              fr_cuda_deep_out *out, float *de, unsigned long long *totals, int block,
                                              cudaStream_t stream)
{
    return launch_filling(job, first, count, out, de, totals, block, stream);
}
