/* The deep-zoom kernel for every formula and number type (deep_kernel_body.cuh),
 * and the launcher that sends the commonest case to its own copy
 * (deep_kernels_z2.cu). */
#define FR_DEEP_KERNEL fr_deep_kernel
#include "cuda/deep_kernel_body.cuh"

extern "C" cudaError_t fr_cuda_deep_launch_z2(const fr_deep_job *job, int64_t first, int64_t count,
                                              fr_cuda_deep_out *out, float *de, unsigned long long *totals, int block,
                                              cudaStream_t stream);

extern "C" cudaError_t fr_cuda_deep_launch(const fr_deep_job *job, int64_t first, int64_t count,
                                           fr_cuda_deep_out *out, float *de, unsigned long long *totals, int block,
                                           cudaStream_t stream)
{
    if (job->mode == FR_DEEP_DOUBLE && job->power == 2 && !job->conj && !job->ship && !job->derivative)
        return fr_cuda_deep_launch_z2(job, first, count, out, NULL, totals, block, stream);
    return launch_filling(job, first, count, out, de, totals, block, stream);
}
