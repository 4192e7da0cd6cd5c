/* GPU orbit density in bands of rows (ctest label gpu): the CUDA backend's
 * banded histograms and counters equal the CPU's unbanded ones bit for bit
 * (Buddhabrot in every storage mode and sampling, anti, Nebulabrot,
 * metropolis), a device-memory budget too small for the histogram makes
 * the GPU render in bands on its own with the same result, and a render
 * resumed on the GPU in bands equals one CPU render. Exits with the skip
 * code 77 when no CUDA device is present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buddha/buddha_ops.h"
#include "buddha_support.h"
#include "core/context.h"
#include "gpu_support.h"

/* p on the CPU unbanded, on the GPU in `bands` bands (0: automatic, with
 * ctx's budget when ctx is given). */
static void compare(const fr_buddha_params *p0, uint32_t bands, fr_context *gctx, const char *what)
{
    fr_buddha_params p = *p0;
    fr_buddha_hist c = {0}, g = {0};
    fr_buddha_stats sc, sg;
    p.bands = 1;
    fr_test_buddha_render_on("cpu", &p, &c, &sc);
    p.bands = bands;
    if (gctx) {
        assert_int_equal(fr_buddha_hist_alloc(gctx, &g, p.width, p.height, p.channels), FR_OK);
        if (fr_buddha_render(gctx, &p, &g, &sg)) fail_msg("%s: %s", what, fr_last_error(gctx));
    } else {
        fr_test_buddha_render_on("cuda", &p, &g, &sg);
    }
    if (sg.bands < 2) fail_msg("%s: the GPU rendered %d band(s), not several", what, sg.bands);
    fr_test_assert_same_hist(c.counts, g.counts, &p, what);
    if (sc.hits != sg.hits || sc.orbits != sg.orbits || sc.iterations != sg.iterations ||
        sc.acceptance != sg.acceptance || sc.weight_scale != sg.weight_scale)
        fail_msg("%s: counters differ: hits %llu vs %llu, orbits %llu vs %llu, iterations %llu vs %llu", what,
                 (unsigned long long)sc.hits, (unsigned long long)sg.hits, (unsigned long long)sc.orbits,
                 (unsigned long long)sg.orbits, (unsigned long long)sc.iterations, (unsigned long long)sg.iterations);
    print_message("%-55s GPU in %d bands = CPU unbanded\n", what, sg.bands);
    fr_buddha_hist_free(&c), fr_buddha_hist_free(&g);
}

static void test_scenes(void **state)
{
    (void)state;
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_case(k);
        if (!c.name) break;
        compare(&c.p, 3, NULL, c.name);
    }
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_mh_case(k);
        if (!c.name) break;
        compare(&c.p, 4, NULL, c.name);
    }
}

/* A larger symmetric view (folded when unbanded: the bands store rows
 * unfolded) with many samples: several launches and drains a band. */
static void test_dense(void **state)
{
    (void)state;
    buddha_case c = fr_test_buddha_case(0);
    c.p.width = 256, c.p.height = 192, c.p.samples = 20000000, c.p.view_width = 0.5, c.p.center_re = -0.1;
    compare(&c.p, 5, NULL, "dense zoom, 20M samples");
}

/* A device-memory budget that holds about a third of a Nebulabrot's rows
 * beside the queues: automatic bands. */
static void test_automatic(void **state)
{
    (void)state;
    buddha_case c = fr_test_buddha_case(4);
    fr_buddha_params p = c.p;
    p.width = 8192, p.height = 300, p.samples = 200000, p.bands = 0;
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cuda"), FR_OK);
    const fr_buddha_ops *ops = FR_BACKEND_OPS(ctx, buddha);
    assert_non_null(ops->band_rows);
    fr_buddha_job job;
    fr_buddha_job_init(&job, &p);
    /* the queues' bytes, from the rows a 4 GiB budget holds */
    const uint64_t big = 4ull << 30, row = (uint64_t)p.width * p.channels * 12;
    assert_int_equal(fr_context_set_device_memory(ctx, big), FR_OK);
    const uint64_t rows = ops->band_rows(ctx, &job);
    assert_true(rows > 0 && rows * row < big);
    const uint64_t fixed = big - rows * row;
    assert_int_equal(fr_context_set_device_memory(ctx, fixed + (uint64_t)(p.height / 3) * row), FR_OK);
    compare(&p, 0, ctx, "nebulabrot, device budget of a third");
    fr_context_destroy(ctx);
}

/* Resumed on the GPU in bands: one CPU render of all the samples. */
static void test_resume(void **state)
{
    (void)state;
    buddha_case c = fr_test_buddha_mh_case(0);
    fr_buddha_params p = c.p;
    fr_buddha_hist a = {0}, g = {0};
    p.bands = 1;
    fr_test_buddha_render_on("cpu", &p, &a, NULL);
    const uint64_t total = p.samples;
    p.samples = total / p.chain_length / 2 * p.chain_length, p.bands = 3;
    fr_test_buddha_render_on("cuda", &p, &g, NULL);
    p.samples = total - p.samples, p.bands = 2;
    fr_test_buddha_render_on("cuda", &p, &g, NULL);
    assert_int_equal(g.samples, a.samples);
    fr_test_assert_same_hist(a.counts, g.counts, &p, "metropolis resumed on the GPU in bands");
    fr_buddha_hist_free(&a), fr_buddha_hist_free(&g);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenes),
        cmocka_unit_test(test_dense),
        cmocka_unit_test(test_automatic),
        cmocka_unit_test(test_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
