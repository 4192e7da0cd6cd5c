/* Whether the GPU tests run here: a machine without a CUDA device (or
 * without a driver, or a build without the CUDA backend) skips them with
 * ctest's skip code and says why; a broken CUDA installation fails; and
 * where FR_REQUIRE_GPU=1 (set by scripts/gpu-check.sh on the GPU machine)
 * a missing device fails too, so that no GPU test can pass by not running. */
#ifndef FR_TESTS_GPU_SUPPORT_H
#define FR_TESTS_GPU_SUPPORT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fractalis.h"

/* 0: run the GPU tests; else the exit status to end with. */
static inline int gpu_tests_gate(void)
{
    const char *req = getenv("FR_REQUIRE_GPU");
    const int required = req && !strcmp(req, "1");
    fr_context *ctx = fr_context_create();
    int n = 0;
    fr_status s = fr_cuda_devices(ctx, &n);
    int rc = 0;
    if (s == FR_ERR_DEVICE) {
        printf("FAILED: the CUDA runtime is broken: %s\n", fr_last_error(ctx));
        rc = 1;
    } else if (s || n == 0) {
        printf("%s: %s\n", required ? "FAILED (FR_REQUIRE_GPU=1)" : "skipped, no GPU here", fr_last_error(ctx));
        rc = required ? 1 : 77;
    }
    fr_context_destroy(ctx);
    return rc;
}

#endif
