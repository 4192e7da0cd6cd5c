/* Renders spread over GPU lists (label gpu): one GPU named twice
 * ("cuda:0,0", two workers sharing it) and, where there are several, every
 * GPU ("cuda:all"): every family's output equals cuda:0's byte for byte;
 * the GPU with the CPU ("cuda:0,cpu"): samples, histograms and flames
 * equal too (escape-time images may differ from cuda:0's in the last bit
 * of a colour where the CPU shades a band: not compared)
 * (test_multi_body.h). Exits with the skip code 77 when no CUDA device is
 * present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fractalis.h"
#include "gpu_support.h"

#define SINGLE "cuda:0"
#define GATE()                                                                                                     \
    do {                                                                                                           \
        int rc_ = gpu_tests_gate();                                                                                \
        if (rc_) return rc_;                                                                                       \
    } while (0)

static const char *const *lists(void)
{
    static const char *const two[] = {"cuda:0,0", "cuda:all", NULL}, *const one[] = {"cuda:0,0", NULL};
    fr_context *ctx = fr_context_create();
    int n = 0;
    fr_cuda_devices(ctx, &n);
    fr_context_destroy(ctx);
    return n >= 2 ? two : one;
}

static const char *const *mixed(void)
{
    static const char *const l[] = {"cuda:0,cpu", NULL};
    return l;
}

static void check_gpu_lists(fr_context *ctx)
{
    int n = 0;
    assert_int_equal(fr_cuda_devices(ctx, &n), FR_OK);
    assert_int_equal(fr_context_set_device(ctx, "cuda:all"), FR_OK);
    assert_int_equal(fr_context_device_count(ctx), n);
    assert_int_equal(fr_context_set_device(ctx, "cuda:0,0,cpu"), FR_OK);
    assert_string_equal(fr_context_device(ctx), "cuda:0,0,cpu");
    assert_int_equal(fr_context_device_count(ctx), 3);
    if (fr_context_set_device(ctx, "cuda:0,99") != FR_ERR_UNSUPPORTED) fail_msg("cuda:0,99: %s", fr_last_error(ctx));
}

#include "test_multi_body.h"
