/* The CUDA backend: device discovery, CUDA errors as statuses, and the
 * backend entry gathering the family contracts (cuda_escape.c,
 * cuda_buddha.c, cuda_flame.c, cuda_deep.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/backend.h"
#include "core/context.h"
#include "cuda/cuda_host.h"
#include "cuda/cuda_launch.h"

int fr_cuda_peer(int dev, int peer)
{
    int ok = 0;
    if (dev == peer) return 1;
    if (cudaDeviceCanAccessPeer(&ok, dev, peer) != cudaSuccess || !ok) {
        (void)cudaGetLastError();
        return 0;
    }
    const cudaError_t e = cudaDeviceEnablePeerAccess(peer, 0);
    (void)cudaGetLastError();
    return e == cudaSuccess || e == cudaErrorPeerAccessAlreadyEnabled;
}

fr_status fr_cuda_fail(fr_context *ctx, cudaError_t e, const char *what)
{
    (void)cudaGetLastError(); /* clear a non-sticky error */
    if (e == cudaErrorMemoryAllocation)
        return fr_fail(ctx, FR_ERR_NOMEM, "GPU out of memory (%s)", what);
    if (e == cudaErrorNoKernelImageForDevice || e == cudaErrorInvalidPtx || e == cudaErrorUnsupportedPtxVersion)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "this build has no code for the GPU (%s: %s)", what,
                       cudaGetErrorString(e));
    return fr_fail(ctx, FR_ERR_DEVICE, "CUDA error in %s: %s", what, cudaGetErrorString(e));
}

/* The devices, 0 when there is none or no driver (a machine without a
 * GPU), -1 when the CUDA runtime fails otherwise (a broken installation). */
static int cuda_device_count(char *why, size_t why_len)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        int driver = 0;
        if (e == cudaErrorNoDevice) snprintf(why, why_len, "no CUDA device found");
        else if (e == cudaErrorInsufficientDriver && cudaDriverGetVersion(&driver) == cudaSuccess && driver == 0)
            snprintf(why, why_len, "no NVIDIA driver is installed");
        else {
            snprintf(why, why_len, "the CUDA runtime failed: %s", cudaGetErrorString(e));
            return -1;
        }
        return 0;
    }
    if (n == 0) snprintf(why, why_len, "no CUDA device found");
    return n;
}

static fr_status cuda_device_info(fr_context *ctx, int index, fr_device_info *out)
{
    struct cudaDeviceProp prop;
    cudaError_t e = cudaGetDeviceProperties(&prop, index);
    if (e != cudaSuccess) return fr_cuda_fail(ctx, e, "cudaGetDeviceProperties");
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%.127s", prop.name);
    out->cc_major = prop.major, out->cc_minor = prop.minor;
    out->multiprocessors = prop.multiProcessorCount;
    out->memory_bytes = prop.totalGlobalMem;
    out->l2_bytes = (uint64_t)prop.l2CacheSize;
    int clock = 0;
    if (cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, index) == cudaSuccess) out->clock_mhz = clock / 1000;
    int prev = 0;
    cudaGetDevice(&prev);
    if (cudaSetDevice(index) == cudaSuccess) {
        out->usable = fr_cuda_probe() == cudaSuccess;
        size_t free_b = 0, total_b = 0;
        if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess) out->memory_free = free_b;
        cudaSetDevice(prev);
    }
    (void)cudaGetLastError();
    return FR_OK;
}

/* A worker thread of a render spread over devices uses its device. */
static fr_status cuda_bind(fr_context *ctx)
{
    cudaError_t e = cudaSetDevice(ctx->cuda_index);
    return e == cudaSuccess ? FR_OK : fr_cuda_fail(ctx, e, "cudaSetDevice");
}

const fr_backend_iface fr_cuda_backend = {
    .api_version = FR_BACKEND_API_VERSION,
    .name = "cuda",
    .device_count = cuda_device_count,
    .device_info = cuda_device_info,
    .escape = &fr_cuda_escape_ops,
    .buddha = &fr_cuda_buddha_ops,
    .flame = &fr_cuda_flame_ops,
    .deep = &fr_cuda_deep_ops,
    .bind = cuda_bind,
};
