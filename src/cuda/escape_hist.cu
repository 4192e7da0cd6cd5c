/* Histogram colouring on the GPU: the histogram of exterior counts and its
 * normalised prefix sum (the rank table of escape_shade.h). */
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include "cuda/cuda_launch.h"

namespace {

/* Bins up to this many are counted in shared memory first: the low counts
 * of a full view collect most samples, and global atomics on a few bins
 * would serialise. */
const uint32_t SHARED_BINS = 8192;

__global__ void hist_shared(const uint32_t *counts, size_t n, uint32_t max_iter, uint32_t lo, uint32_t span,
                            unsigned long long *hist)
{
    __shared__ unsigned bins[SHARED_BINS];
    for (uint32_t k = threadIdx.x; k < span; k += blockDim.x) bins[k] = 0;
    __syncthreads();
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint32_t c = counts[i];
        if (c < max_iter) atomicAdd(&bins[c - lo], 1u);
    }
    __syncthreads();
    for (uint32_t k = threadIdx.x; k < span; k += blockDim.x)
        if (bins[k]) atomicAdd(hist + k, (unsigned long long)bins[k]);
}

__global__ void hist_global(const uint32_t *counts, size_t n, uint32_t max_iter, uint32_t lo,
                            unsigned long long *hist)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint32_t c = counts[i];
        if (c < max_iter) atomicAdd(hist + (c - lo), 1ull);
    }
}

__global__ void normalise(const unsigned long long *cum, double *frac, uint32_t span)
{
    const double total = (double)cum[span - 1];
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < span; k += (size_t)gridDim.x * blockDim.x)
        frac[k] = (double)cum[k] / total;
}

} // namespace

extern "C" cudaError_t fr_cuda_hist_launch(const uint32_t *counts, size_t n, uint32_t max_iter, uint32_t lo,
                                           uint32_t span, unsigned long long *hist, cudaStream_t stream)
{
    if (span <= SHARED_BINS) hist_shared<<<264, 1024, 0, stream>>>(counts, n, max_iter, lo, span, hist);
    else hist_global<<<1056, 256, 0, stream>>>(counts, n, max_iter, lo, hist);
    return cudaGetLastError();
}

extern "C" cudaError_t fr_cuda_ranks_launch(unsigned long long *hist, double *frac, uint32_t span, void *temp,
                                            size_t *temp_bytes, cudaStream_t stream)
{
    cudaError_t e = cub::DeviceScan::InclusiveSum(temp, *temp_bytes, hist, hist, (int)span, stream);
    if (e != cudaSuccess || !temp) return e;
    normalise<<<264, 256, 0, stream>>>(hist, frac, span);
    return cudaGetLastError();
}
