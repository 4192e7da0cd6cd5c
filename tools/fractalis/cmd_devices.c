/* fractalis devices: the compute backends this build has and the GPUs. */
#include <omp.h>
#include <stdio.h>

#include "cli.h"

int cmd_devices(int argc, char **argv)
{
    fr_context *ctx = fr_context_create();
    if (!ctx) return EXIT_WORK;
    printf("cpu      %d threads, kernel %s\n", omp_get_max_threads(), fr_cpu_kernel_name(fr_cpu_kernel_best()));
    if (!fr_cuda_built()) {
        printf("cuda     not built (nvcc was not found when fractalis was built)\n");
        fr_context_destroy(ctx);
        return 0;
    }
    int n = fr_cuda_device_count(ctx);
    if (n == 0) printf("cuda     no usable GPU: %s\n", fr_last_error(ctx));
    for (int i = 0; i < n; i++) {
        fr_device_info d;
        if (fr_cuda_device_info(ctx, i, &d)) {
            printf("cuda:%-3d %s\n", i, fr_last_error(ctx));
            continue;
        }
        printf("cuda:%-3d %s, compute capability %d.%d, %d SMs at %d MHz, %.1f GiB (%.1f GiB free), L2 %.0f MiB%s\n",
               i, d.name, d.cc_major, d.cc_minor, d.multiprocessors, d.clock_mhz, d.memory_bytes / 1073741824.0,
               d.memory_free / 1073741824.0, d.l2_bytes / 1048576.0,
               d.usable ? "" : " - not usable: this build has no code for it");
    }
    fr_context_destroy(ctx);
    return 0;
}
