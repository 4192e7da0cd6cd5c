/* The deep-zoom kernel, included by deep_kernels.cu (every formula and
 * number type) and deep_kernels_z2.cu (Mandelbrot in double without the
 * derivative: FR_DEEP_ONLY_Z2, see deep/deep_pixel.h), each defining
 * FR_DEEP_KERNEL to its name first.
 *
 * Each thread takes the next sample from a cursor (totals[2]) until none
 * is left, so a lane whose pixel ends early takes another instead of idling
 * beside a long one (the counts of a deep view range over orders of
 * magnitude). Which thread computes a sample changes nothing: each runs the
 * CPU's per-pixel loop, compiled without FMA contraction (--fmad=false). */
#include "cuda/deep_launch.h"
#include "deep/deep_pixel.h"

__global__ void FR_DEEP_KERNEL(const __grid_constant__ fr_deep_job j, int64_t first, int64_t count,
                               fr_cuda_deep_out *out, float *de, unsigned long long *totals)
{
    unsigned long long steps = 0, skipped = 0;
    for (;;) {
        const unsigned long long i = atomicAdd(&totals[2], 1ull);
        if (i >= (unsigned long long)count) break;
        const int64_t idx = first + (int64_t)i;
        const int sx = (int)(idx % j.sw), sy = (int)(idx / j.sw);
        fr_deep_result r;
#ifdef FR_DEEP_ONLY_Z2
        double dcx, dcy;
        fr_deep_sample_dc_d(&j, sx, sy, &dcx, &dcy);
        fr_deep_pixel_d(&j, dcx, dcy, &r);
#else
        if (j.mode == FR_DEEP_DOUBLE) {
            double dcx, dcy;
            fr_deep_sample_dc_d(&j, sx, sy, &dcx, &dcy);
            fr_deep_pixel_d(&j, dcx, dcy, &r);
        } else {
            fr_deep_pixel_fe(&j, fr_deep_sample_dc_fe(&j, sx, sy), &r);
        }
#endif
        fr_cuda_deep_out o;
        o.n = r.n;
        o.dist = r.n >= j.max_iter ? -1.0f : (float)r.dist_px;
        o.wx = r.wx, o.wy = r.wy;
        out[i] = o;
#ifndef FR_DEEP_ONLY_Z2
        if (de) de[2 * i] = r.de[0], de[2 * i + 1] = r.de[1];
#endif
        steps += r.steps, skipped += r.skipped;
    }
    __syncwarp();
    for (int d = 16; d; d >>= 1) {
        steps += __shfl_down_sync(0xffffffffu, steps, d);
        skipped += __shfl_down_sync(0xffffffffu, skipped, d);
    }
    if ((threadIdx.x & 31) == 0 && (steps || skipped)) {
        atomicAdd(&totals[0], steps);
        atomicAdd(&totals[1], skipped);
    }
}

/* Launch enough blocks to fill the device once (they then take samples
 * until none is left). */
static cudaError_t launch_filling(const fr_deep_job *job, int64_t first, int64_t count, fr_cuda_deep_out *out,
                                  float *de, unsigned long long *totals, int block, cudaStream_t stream)
{
    if (count <= 0) return cudaSuccess;
    if (block <= 0 || block % 32) return cudaErrorInvalidValue; /* whole warps: the totals are summed by shuffles */
    int dev = 0, sms = 0, per_sm = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (!e) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (!e) e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, FR_DEEP_KERNEL, block, 0);
    if (!e) e = cudaMemsetAsync(totals + 2, 0, sizeof *totals, stream);
    if (e) return e;
    int64_t blocks = (int64_t)sms * (per_sm > 0 ? per_sm : 1), need = (count + block - 1) / block;
    if (blocks > need) blocks = need;
    FR_DEEP_KERNEL<<<(unsigned)blocks, block, 0, stream>>>(*job, first, count, out, de, totals);
    return cudaGetLastError();
}
