/* The golden facts of ../shared/reference/escape-time.md, in float64, with
 * the canonical step: escape counts, bounded points, nuclei, interior
 * tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fractalis.h"

static fr_escape_params mandel(uint32_t max_iter)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.max_iter = max_iter;
    p.bailout = 2.0; /* |z|^2 > 4, strict */
    p.precision = FR_F64;
    return p;
}

static void test_reference_counts(void **state)
{
    static const struct {
        double re, im;
        uint32_t n;
    } cases[] = {
        {1, 0, 3}, {-2.0000001, 0, 1}, {0.26, 0, 30}, {0.2501, 0, 312},
        {-0.75, 0.1, 33}, {-0.75, 0.01, 315}, {-0.75, 0.0001, 31417},
    };
    fr_escape_params p = mandel(100000);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_int_equal(fr_escape_count(&p, cases[i].re, cases[i].im), cases[i].n);
}

static void test_bounded_points(void **state)
{
    fr_escape_params p = mandel(1000000);
    assert_int_equal(fr_escape_count(&p, -2, 0), p.max_iter); /* |z| stays exactly 2 */
    assert_int_equal(fr_escape_count(&p, 0, 1), p.max_iter);  /* period 2: -1+i, -i */
    /* Nuclei of periods 3, 4, 5: superattracting, bounded forever. */
    assert_int_equal(fr_escape_count(&p, -1.7548776662466927600, 0), p.max_iter);
    assert_int_equal(fr_escape_count(&p, -0.1225611668766536200, 0.7448617666197442366), p.max_iter);
    assert_int_equal(fr_escape_count(&p, -1.3107026413368328836, 0), p.max_iter);
    assert_int_equal(fr_escape_count(&p, -1.9854242530542053106, 0), p.max_iter);
}

static void test_interior_tests(void **state)
{
    /* Inside the main cardioid or the period-2 bulb. */
    assert_true(fr_mandelbrot_interior(0, 0));
    assert_true(fr_mandelbrot_interior(-0.5, 0.3));
    assert_true(fr_mandelbrot_interior(0.24, 0));
    assert_true(fr_mandelbrot_interior(0.25, 0)); /* the cusp: on the boundary, in the set */
    assert_true(fr_mandelbrot_interior(-0.75, 0)); /* where the two touch */
    assert_true(fr_mandelbrot_interior(-1, 0));
    assert_true(fr_mandelbrot_interior(-1.2, 0.1));
    /* Outside both: escaping points, other components' nuclei, and points
     * in the "small bulb disks" that are not all inside their bulbs. */
    assert_false(fr_mandelbrot_interior(0.26, 0));
    assert_false(fr_mandelbrot_interior(-0.75, 0.1));
    assert_false(fr_mandelbrot_interior(-1.2505, 0));
    assert_false(fr_mandelbrot_interior(-1.7548776662466927600, 0));
    assert_false(fr_mandelbrot_interior(-0.1225611668766536200, 0.7448617666197442366));
    assert_false(fr_mandelbrot_interior(-1.3107026413368328836, 0));
}

/* The interior test is exact: every point it accepts stays bounded under
 * the canonical iteration (a dense grid over both components). */
static void test_interior_test_never_wrong(void **state)
{
    fr_escape_params p = mandel(20000);
    int inside = 0;
    for (int i = 0; i < 200; i++)
        for (int j = 0; j < 100; j++) {
            double re = -1.3 + 1.6 * i / 199.0, im = 0.7 * j / 99.0;
            if (!fr_mandelbrot_interior(re, im)) continue;
            inside++;
            assert_int_equal(fr_escape_count(&p, re, im), p.max_iter);
        }
    assert_true(inside > 5000);
}

/* Rendering agrees with the point function: counts of a rendered image
 * equal fr_escape_count at each sample's point, whatever kernel ran. */
static void test_render_matches_point_counts(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params p = mandel(500);
    p.width = 40, p.height = 30, p.view_width = 3.0, p.center_re = -0.6, p.center_im = 0.1;
    p.color = FR_COLOR_COUNT;
    fr_escape_raw raw;
    assert_int_equal(fr_escape_render(ctx, &p, NULL, &raw, NULL), FR_OK);
    double px = p.view_width / p.width;
    for (int y = 0; y < p.height; y++)
        for (int x = 0; x < p.width; x++) {
            double re = p.center_re + (x + 0.5 - p.width / 2.0) * px;
            double im = p.center_im + (p.height / 2.0 - (y + 0.5)) * px;
            assert_int_equal(raw.counts[y * p.width + x], fr_escape_count(&p, re, im));
        }
    fr_escape_raw_free(&raw);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_counts),
        cmocka_unit_test(test_bounded_points),
        cmocka_unit_test(test_interior_tests),
        cmocka_unit_test(test_interior_test_never_wrong),
        cmocka_unit_test(test_render_matches_point_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
