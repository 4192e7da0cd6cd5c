/* Host-side helpers shared by the CUDA backend's C files, and the family
 * contracts they fill (cuda_escape.c, cuda_buddha.c, cuda_flame.c),
 * gathered into fr_cuda_backend by cuda_backend.c. */
#ifndef FR_CUDA_HOST_H
#define FR_CUDA_HOST_H

#include <cuda_runtime_api.h>

#include "core/backend.h"

/* A CUDA error as a status with a message (out of memory, no code for the
 * device, or a device error). */
fr_status fr_cuda_fail(fr_context *ctx, cudaError_t e, const char *what);

/* Whether kernels on device `dev` (the current one) can read device
 * `peer`'s memory: the same device, or peer access (NVLink, PCIe) enabled
 * now or before. */
int fr_cuda_peer(int dev, int peer);

/* Check a CUDA call: on an error, s = its status and goto out (the caller
 * has fr_context *ctx, fr_status s and a label out). */
#define CK(call, what)                                                                                       \
    do {                                                                                                     \
        cudaError_t e_ = (call);                                                                             \
        if (e_ != cudaSuccess) {                                                                             \
            s = fr_cuda_fail(ctx, e_, what);                                                                 \
            goto out;                                                                                        \
        }                                                                                                    \
    } while (0)

extern const struct fr_escape_ops fr_cuda_escape_ops;
extern const struct fr_buddha_ops fr_cuda_buddha_ops;
extern const struct fr_flame_ops fr_cuda_flame_ops;
extern const struct fr_deep_ops fr_cuda_deep_ops;

#endif
