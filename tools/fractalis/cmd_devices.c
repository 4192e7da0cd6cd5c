/* fractalis devices: the compute backends this build has. */
#include <omp.h>
#include <stdio.h>

#include "cli.h"

int cmd_devices(int argc, char **argv)
{
    fr_context *ctx = fr_context_create();
    if (!ctx) return EXIT_WORK;
    printf("cpu     %d threads, kernel %s\n", omp_get_max_threads(), fr_cpu_kernel_name(fr_cpu_kernel_best()));
    fr_context_set_device(ctx, "auto");
    if (fr_context_device_note(ctx)[0]) printf("cuda    none: %s\n", fr_context_device_note(ctx));
    fr_context_destroy(ctx);
    return 0;
}
