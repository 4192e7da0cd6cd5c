/* GPU exponential map (ctest label gpu): the strip of a zoom whose deep
 * rows run on the CUDA backend (the polar grid of fr_deep_job, both number
 * types: a zoom from 1e-282 to a minibrot at 1e-300 crosses 1e-290) gives
 * the CPU backend's counts and smooth values bit for bit, and so the same
 * frames. Exits with the skip code 77 when no CUDA device is present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "deep_views.h"
#include "fractalis.h"
#include "gpu_support.h"

static fr_expmap *map_on(const char *device, const fr_escape_params *a, const fr_escape_params *b,
                         fr_image *frame, const fr_escape_params *f)
{
    fr_context *ctx = fr_context_create();
    fr_status s = fr_context_set_device(ctx, device);
    fr_expmap *m = NULL;
    if (!s) s = fr_expmap_render(ctx, a, b, NULL, &m);
    if (!s) s = fr_expmap_frame(ctx, m, f, frame);
    if (s) fail_msg("%s: %s", device, fr_last_error(ctx));
    fr_context_destroy(ctx);
    return m;
}

static void test_same_strip(void **state)
{
    (void)state;
    deep_view dv;
    if (deep_view_make(300, &dv)) fail_msg("deep view 1e-300: %s", deep_view_error());
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = malloc(sizeof *a), *b = malloc(sizeof *b), *f = malloc(sizeof *f);
    char center[4096], wide[64];
    snprintf(center, sizeof center, "%s,%s", dv.re, dv.im);
    fr_escape_params_default(a, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, a, "center", center), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, a, "width", dv.width), FR_OK);
    a->width = 48, a->height = 27, a->max_iter = dv.max_iter, a->color = FR_COLOR_SMOOTH;
    memcpy(b, a, sizeof *b);
    { /* 10^18 times as wide */
        const double L = fr_escape_view_log10_width(a) + 18, E = floor(L);
        snprintf(wide, sizeof wide, "%.9fe%.0f", pow(10.0, L - E), E);
    }
    assert_int_equal(fr_escape_param_set(ctx, a, "width", wide), FR_OK);
    assert_int_equal(fr_escape_zoom_view(ctx, a, b, 0.5, 1, f), FR_OK);
    fr_image fc = {0}, fg = {0};
    fr_expmap *mc = map_on("cpu", a, b, &fc, f), *mg = map_on("cuda", a, b, &fg, f);
    fr_expmap_info ic, ig;
    fr_expmap_get_info(mc, &ic);
    fr_expmap_get_info(mg, &ig);
    assert_int_equal(ic.width, ig.width);
    assert_int_equal(ic.height, ig.height);
    assert_true(ic.fe_rows > 0 && ic.fe_rows < ic.height - ic.plain_rows); /* both number types */
    const size_t n = (size_t)ic.width * ic.height;
    uint32_t lo = UINT32_MAX, hi = 0; /* structure: counts that differ */
    for (size_t i = 0; i < n; i++)
        lo = ic.counts[i] < lo ? ic.counts[i] : lo, hi = ic.counts[i] > hi ? ic.counts[i] : hi;
    assert_true(hi > lo + 100);
    assert_memory_equal(ic.counts, ig.counts, n * sizeof *ic.counts);
    assert_memory_equal(ic.smooth, ig.smooth, n * sizeof *ic.smooth);
    assert_memory_equal(fc.pixels, fg.pixels, (size_t)fc.width * fc.height * 3);
    assert_int_equal(ic.stats.iterations, ig.stats.iterations);
    fr_image_free(&fc), fr_image_free(&fg);
    fr_expmap_destroy(mc), fr_expmap_destroy(mg);
    free(a), free(b), free(f);
    deep_view_free(&dv);
    fr_context_destroy(ctx);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_strip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
