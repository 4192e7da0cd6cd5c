/* The deep-zoom kernel: each thread runs one sample through the per-pixel
 * loop the CPU runs (deep/deep_pixel.h: perturbation, rebasing, BLA,
 * extended range), compiled without FMA contraction (--fmad=false, see
 * CMakeLists.txt), so every count is the CPU's, bit for bit. */
#include "cuda/deep_launch.h"
#include "deep/deep_pixel.h"

__global__ void fr_deep_kernel(const __grid_constant__ fr_deep_job j, int64_t first, int64_t count,
                               fr_cuda_deep_out *out, unsigned long long *totals)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long steps = 0, skipped = 0;
    if (i < count) {
        const int64_t idx = first + i;
        const int sx = (int)(idx % j.sw), sy = (int)(idx / j.sw);
        fr_deep_result r;
        if (j.mode == FR_DEEP_DOUBLE) {
            double dcx, dcy;
            fr_deep_sample_dc_d(&j, sx, sy, &dcx, &dcy);
            fr_deep_pixel_d(&j, dcx, dcy, &r);
        } else {
            fr_deep_pixel_fe(&j, fr_deep_sample_dc_fe(&j, sx, sy), &r);
        }
        fr_cuda_deep_out o;
        o.n = r.n;
        o.dist = r.n >= j.max_iter ? -1.0f : (float)r.dist_px;
        o.wx = r.wx, o.wy = r.wy;
        out[i] = o;
        steps = r.steps, skipped = r.skipped;
    }
    for (int d = 16; d; d >>= 1) {
        steps += __shfl_down_sync(0xffffffffu, steps, d);
        skipped += __shfl_down_sync(0xffffffffu, skipped, d);
    }
    if ((threadIdx.x & 31) == 0 && (steps || skipped)) {
        atomicAdd(&totals[0], steps);
        atomicAdd(&totals[1], skipped);
    }
}

extern "C" cudaError_t fr_cuda_deep_launch(const fr_deep_job *job, int64_t first, int64_t count,
                                           fr_cuda_deep_out *out, unsigned long long *totals, int block,
                                           cudaStream_t stream)
{
    if (count <= 0) return cudaSuccess;
    if (block <= 0) block = 128;
    const int64_t grid = (count + block - 1) / block;
    fr_deep_kernel<<<(unsigned)grid, block, 0, stream>>>(*job, first, count, out, totals);
    return cudaGetLastError();
}
