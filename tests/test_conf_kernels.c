/* Conformance: every CPU kernel (scalar reference compiled with FMA, AVX2
 * f32/f64), every thread count, with interior tests and periodicity checks
 * on, returns exactly the counts (and smooth values) of the portable scalar
 * oracle run with no shortcut at all, on many random views of every
 * formula in both precisions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "escape/escape_job.h"
#include "escape_views.h"
#include "fractalis.h"

/* The oracle: portable scalar loop, no interior test, no periodicity. */
static void oracle(const fr_escape_params *p, uint32_t *counts, float *smooth)
{
    fr_escape_params q = *p;
    q.interior_test = 0;
    q.periodicity = 0;
    fr_escape_job job;
    fr_escape_job_init(&job, &q);
    job.counts = counts;
    job.smooth = smooth;
    fr_escape_scalar_range(&job, 0, (int64_t)job.sw * job.sh);
}

static void check_view(const fr_escape_params *p, const char *what)
{
    const size_t n = (size_t)p->width * p->height * p->aa * p->aa;
    uint32_t *want = malloc(n * 4);
    float *want_v = malloc(n * 4);
    assert_non_null(want);
    oracle(p, want, want_v);
    static const struct {
        fr_cpu_kernel k;
        int threads;
    } runs[] = {{FR_CPU_KERNEL_SCALAR, 1}, {FR_CPU_KERNEL_SCALAR, 3}, {FR_CPU_KERNEL_AVX2, 1},
                {FR_CPU_KERNEL_AVX2, 2}, {FR_CPU_KERNEL_AVX2, 3}, {FR_CPU_KERNEL_AVX2, 4},
                {FR_CPU_KERNEL_AVX2, 7}};
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        if (runs[r].k == FR_CPU_KERNEL_AVX2 && fr_cpu_kernel_best() != FR_CPU_KERNEL_AVX2) continue;
        fr_context *ctx = fr_context_create();
        assert_int_equal(fr_context_set_cpu_kernel(ctx, runs[r].k), FR_OK);
        assert_int_equal(fr_context_set_threads(ctx, runs[r].threads), FR_OK);
        fr_escape_raw raw;
        fr_status s = fr_escape_render(ctx, p, NULL, &raw, NULL);
        if (s) fail_msg("%s: %s", what, fr_last_error(ctx));
        for (size_t i = 0; i < n; i++) {
            if (raw.counts[i] != want[i] ||
                (raw.values && memcmp(&raw.values[i], &want_v[i], sizeof(float)) != 0))
                fail_msg("%s, kernel %s, %d threads: sample %zu (x %zu, y %zu): count %u value %.9g, oracle %u %.9g",
                         what, fr_cpu_kernel_name(runs[r].k), runs[r].threads, i, i % (size_t)(p->width * p->aa),
                         i / (size_t)(p->width * p->aa), raw.counts[i], raw.values ? raw.values[i] : 0.0, want[i],
                         want_v[i]);
        }
        fr_escape_raw_free(&raw);
        fr_context_destroy(ctx);
    }
    free(want);
    free(want_v);
}

static void test_random_views(void **state)
{
    char what[256];
    for (int f = FR_MANDELBROT; f <= FR_MULTIBROT; f++)
        for (int prec = FR_F32; prec <= FR_F64; prec++)
            for (int v = 0; v < 6; v++) {
                fr_escape_params p;
                fr_test_random_view(&p, (fr_formula)f, (fr_precision)prec);
                snprintf(what, sizeof what, "%s d=%d %s view %d (centre %.17g,%.17g width %.3g iter %u bailout %g aa %d)",
                         fr_formula_name(p.formula), p.power, prec ? "f64" : "f32", v, p.center_re, p.center_im,
                         p.view_width, (unsigned)p.max_iter, p.bailout, p.aa);
                check_view(&p, what);
            }
}

/* Long orbits: interior components that periodicity cuts short, and
 * slow escapes near parabolic points. */
static void test_deep_iteration_views(void **state)
{
    char what[128];
    for (size_t i = 0; i < fr_test_deep_view_count; i++)
        for (int prec = FR_F32; prec <= FR_F64; prec++) {
            fr_escape_params p;
            fr_escape_params_default(&p, fr_test_deep_views[i].f);
            p.precision = (fr_precision)prec;
            p.width = 16, p.height = 12;
            p.center_re = fr_test_deep_views[i].re, p.center_im = fr_test_deep_views[i].im, p.view_width = fr_test_deep_views[i].w;
            if (prec == FR_F32 && p.view_width < 1e-4) continue;
            p.max_iter = fr_test_deep_views[i].iter;
            p.color = FR_COLOR_SMOOTH;
            snprintf(what, sizeof what, "deep view %zu %s", i, prec ? "f64" : "f32");
            check_view(&p, what);
        }
}

/* Samples far outside (|c| beyond the block test's safe radius) and Julia
 * constants outside the set take the scalar path inside the SIMD kernel. */
static void test_large_c(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 40, p.height = 30, p.view_width = 12, p.center_re = 1, p.center_im = 1;
    p.max_iter = 100, p.bailout = 2, p.color = FR_COLOR_SMOOTH;
    check_view(&p, "mandelbrot far view");
    fr_escape_params_default(&p, FR_JULIA);
    p.width = 40, p.height = 30, p.julia_re = 1.95, p.julia_im = 0.3, p.bailout = 2, p.max_iter = 300;
    check_view(&p, "julia with |c| near 2");
    p.julia_re = 2.5, p.julia_im = 0;
    check_view(&p, "julia with |c| > 2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_views),
        cmocka_unit_test(test_deep_iteration_views),
        cmocka_unit_test(test_large_c),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
