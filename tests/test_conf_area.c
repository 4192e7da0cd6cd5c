/* The area of the Mandelbrot set estimated from a rendered count image
 * agrees with the reference value (1.5065918849 +- 2.8e-9) within the
 * pixel-counting error: every pixel whose 3x3 neighbourhood mixes interior
 * and exterior may be wrongly classified, so the error is bounded by their
 * number times the pixel area; and since those err either way about
 * equally often, the error also stays within 3 sigma of their count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>

#include <cmocka.h>

#include "fractalis.h"

static void test_area(void **state)
{
    const double reference = 1.5065918849;
    fr_context *ctx = fr_context_create();
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    /* The set lies in [-2, 0.4709] x [-1.1226, 1.1226]. */
    p.width = 2000, p.height = 1800;
    p.center_re = -0.76, p.center_im = 0.0, p.view_width = 2.5;
    p.max_iter = 20000;
    p.color = FR_COLOR_COUNT;
    p.bailout = 2;
    fr_escape_raw raw;
    assert_int_equal(fr_escape_render(ctx, &p, NULL, &raw, NULL), FR_OK);
    const double px = p.view_width / p.width, pixel_area = px * px;
    /* The frame must hold the whole set: no interior pixel on its edge. */
    for (int x = 0; x < p.width; x++)
        assert_true(raw.counts[x] < p.max_iter && raw.counts[(size_t)(p.height - 1) * p.width + x] < p.max_iter);
    uint64_t inside = 0, mixed = 0;
    for (int y = 0; y < p.height; y++)
        for (int x = 0; x < p.width; x++) {
            int in = raw.counts[(size_t)y * p.width + x] >= p.max_iter, differs = 0;
            inside += in;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int yy = y + dy, xx = x + dx;
                    if (yy < 0 || xx < 0 || yy >= p.height || xx >= p.width) continue;
                    differs |= (raw.counts[(size_t)yy * p.width + xx] >= p.max_iter) != in;
                }
            mixed += differs;
        }
    double area = inside * pixel_area, bound = mixed * pixel_area;
    print_message("area %.6f (reference %.10f), error %.2e, pixel-counting bound %.2e\n", area, reference,
                  fabs(area - reference), bound);
    assert_true(fabs(area - reference) <= bound);
    /* Boundary-band pixels err either way about equally often, so the
     * error behaves like a sum of +-1/2 pixel coin flips: within 3 sigma. */
    double sigma = 0.5 * sqrt((double)mixed) * pixel_area;
    print_message("statistical 3-sigma bound %.2e\n", 3 * sigma);
    assert_true(fabs(area - reference) <= 3 * sigma);
    fr_escape_raw_free(&raw);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_area)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
