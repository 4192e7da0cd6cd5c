/* Renders spread over a device list, on the CPU (named two and three
 * times): every family's output equals one CPU's byte for byte
 * (test_multi_body.h). The same tests over GPU lists: test_gpu_multi.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fractalis.h"

#define SINGLE "cpu"
#define GATE() ((void)0)

static const char *const *lists(void)
{
    static const char *const l[] = {"cpu,cpu", "cpu,cpu,cpu", NULL};
    return l;
}

/* Lists that mix kinds of device: none on the CPU alone. */
static const char *const *mixed(void)
{
    static const char *const l[] = {NULL};
    return l;
}

/* Without a GPU, or in a build without CUDA, "cuda:all" is refused. */
static void check_gpu_lists(fr_context *ctx)
{
    int n = 0;
    if (fr_cuda_devices(ctx, &n) == FR_OK && n > 0) return; /* (test_gpu_multi covers GPU lists) */
    if (fr_context_set_device(ctx, "cuda:all") != FR_ERR_UNSUPPORTED)
        fail_msg("cuda:all without a GPU: %s", fr_last_error(ctx));
    if (fr_context_set_device(ctx, "cpu,cuda:0") != FR_ERR_UNSUPPORTED)
        fail_msg("cpu,cuda:0 without a GPU: %s", fr_last_error(ctx));
}

#include "test_multi_body.h"
