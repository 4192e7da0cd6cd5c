/* GPU conformance (ctest label gpu): the CUDA backend returns exactly the
 * CPU backend's iteration counts for every formula and precision, on many
 * random views and on deep-iteration views; its images match the CPU's
 * (the shading code is shared; only the last bits of logf/powf differ);
 * strips give the same image as one piece; CUDA problems become statuses.
 * Exits with the skip code 77 when no CUDA device is present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "escape_views.h"
#include "fractalis.h"
#include "gpu_support.h"

static fr_status render_on(const char *device, uint64_t mem, const fr_escape_params *p, fr_image *img,
                           fr_escape_raw *raw, char *err)
{
    fr_context *ctx = fr_context_create();
    fr_status s = fr_context_set_device(ctx, device);
    if (!s) s = fr_context_set_device_memory(ctx, mem);
    if (!s) s = fr_escape_render(ctx, p, img, raw, NULL);
    snprintf(err, 256, "%s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return s;
}

/* Counts equal bit for bit; smooth values within float rounding of logf. */
static void check_counts(const fr_escape_params *p, const char *what)
{
    char err[256];
    fr_escape_raw cpu, gpu;
    if (render_on("cpu", 0, p, NULL, &cpu, err)) fail_msg("%s: cpu: %s", what, err);
    if (render_on("cuda", 0, p, NULL, &gpu, err)) fail_msg("%s: cuda: %s", what, err);
    const size_t n = (size_t)cpu.width * cpu.height;
    assert_int_equal(gpu.width, cpu.width);
    assert_int_equal(gpu.height, cpu.height);
    for (size_t i = 0; i < n; i++) {
        if (gpu.counts[i] != cpu.counts[i])
            fail_msg("%s: sample %zu (x %zu, y %zu): gpu count %u, cpu %u", what, i, i % (size_t)cpu.width,
                     i / (size_t)cpu.width, gpu.counts[i], cpu.counts[i]);
        if (cpu.values) {
            double a = gpu.values[i], b = cpu.values[i];
            if (a != b && !(fabs(a - b) <= 1e-4 * fmax(1.0, fabs(b))))
                fail_msg("%s: sample %zu: gpu value %.9g, cpu %.9g", what, i, a, b);
        }
    }
    fr_escape_raw_free(&cpu);
    fr_escape_raw_free(&gpu);
}

static void test_random_views(void **state)
{
    char what[256];
    for (int f = FR_MANDELBROT; f <= FR_MULTIBROT; f++)
        for (int prec = FR_F32; prec <= FR_F64; prec++)
            for (int v = 0; v < 12; v++) {
                fr_escape_params p;
                fr_test_random_view(&p, (fr_formula)f, (fr_precision)prec);
                p.width = 96, p.height = 64;
                p.periodicity = fr_test_rnd() % 2;
                p.interior_test = fr_test_rnd() % 2;
                if (v % 4 == 3) p.color = FR_COLOR_COUNT;
                snprintf(what, sizeof what,
                         "%s d=%d %s view %d (centre %.17g,%.17g width %.3g rot %g iter %u bailout %g aa %d)",
                         fr_formula_name(p.formula), p.power, prec ? "f64" : "f32", v, p.center_re, p.center_im,
                         p.view_width, p.rotate_deg, (unsigned)p.max_iter, p.bailout, p.aa);
                check_counts(&p, what);
            }
}

static void test_deep_iteration_views(void **state)
{
    char what[128];
    for (size_t i = 0; i < fr_test_deep_view_count; i++)
        for (int prec = FR_F32; prec <= FR_F64; prec++)
            for (int per = 0; per < 2; per++) {
                fr_escape_params p;
                fr_escape_params_default(&p, fr_test_deep_views[i].f);
                p.precision = (fr_precision)prec;
                p.width = 32, p.height = 24;
                p.center_re = fr_test_deep_views[i].re, p.center_im = fr_test_deep_views[i].im;
                p.view_width = fr_test_deep_views[i].w;
                if (prec == FR_F32 && p.view_width < 1e-4) continue;
                p.max_iter = fr_test_deep_views[i].iter;
                p.periodicity = per;
                snprintf(what, sizeof what, "deep view %zu %s periodicity %d", i, prec ? "f64" : "f32", per);
                check_counts(&p, what);
            }
}

/* Far views and Julia constants outside the late-test radius take the
 * per-step loop on the GPU too. */
static void test_large_c(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 80, p.height = 60, p.view_width = 12, p.center_re = 1, p.center_im = 1;
    p.max_iter = 100, p.bailout = 2;
    check_counts(&p, "mandelbrot far view");
    fr_escape_params_default(&p, FR_JULIA);
    p.width = 80, p.height = 60, p.julia_re = 1.95, p.julia_im = 0.3, p.bailout = 2, p.max_iter = 300;
    check_counts(&p, "julia with |c| near 2");
    p.julia_re = 2.5, p.julia_im = 0;
    check_counts(&p, "julia with |c| > 2");
}

/* Distance estimation: counts exact, distances within float rounding. */
static void test_distance(void **state)
{
    for (int f = FR_MANDELBROT; f <= FR_MULTIBROT; f++) {
        fr_escape_params p;
        fr_escape_params_default(&p, (fr_formula)f);
        p.width = 120, p.height = 80, p.color = FR_COLOR_DISTANCE, p.max_iter = 500;
        check_counts(&p, "distance estimation");
    }
}

static void compare_images(const fr_image *a, const fr_image *b, const char *what)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->depth, b->depth);
    const size_t n = (size_t)a->width * a->height * 3;
    const int scale = a->depth == 16 ? 257 : 1;
    int maxd = 0;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        int x = a->depth == 16 ? ((uint16_t *)a->pixels)[i] : ((uint8_t *)a->pixels)[i];
        int y = b->depth == 16 ? ((uint16_t *)b->pixels)[i] : ((uint8_t *)b->pixels)[i];
        int d = abs(x - y);
        if (d > maxd) maxd = d;
        sum += d;
    }
    /* One level of 8 bits: last-bit differences of logf/powf can move a
     * value across a rounding boundary, never further. */
    if (maxd > 1 * scale || sum / n > 0.01 * scale)
        fail_msg("%s: images differ: max %d, mean %.4f (levels of %d bits)", what, maxd, sum / n, a->depth);
}

static void test_images_match_cpu(void **state)
{
    static const fr_color_mode modes[] = {FR_COLOR_COUNT, FR_COLOR_SMOOTH, FR_COLOR_HISTOGRAM, FR_COLOR_DISTANCE};
    char what[128], err[256];
    for (size_t m = 0; m < 4; m++)
        for (int aa = 1; aa <= 3; aa += 2)
            for (int depth = 8; depth <= 16; depth += 8) {
                fr_escape_params p;
                fr_escape_params_default(&p, FR_MANDELBROT);
                p.width = 320, p.height = 200, p.color = modes[m], p.aa = aa, p.depth = depth;
                p.center_re = -0.74, p.center_im = 0.15, p.view_width = 0.1, p.max_iter = 2000;
                fr_image ci, gi;
                snprintf(what, sizeof what, "colour mode %d aa %d depth %d", (int)modes[m], aa, depth);
                if (render_on("cpu", 0, &p, &ci, NULL, err)) fail_msg("%s: cpu: %s", what, err);
                if (render_on("cuda", 0, &p, &gi, NULL, err)) fail_msg("%s: cuda: %s", what, err);
                compare_images(&ci, &gi, what);
                fr_image_free(&ci);
                fr_image_free(&gi);
            }
}

/* A 16 MiB budget forces strips; the result is the same image and the
 * same raw samples as one piece. Histogram colouring recomputes strips. */
static void test_strips_equal_one_piece(void **state)
{
    static const fr_color_mode modes[] = {FR_COLOR_SMOOTH, FR_COLOR_HISTOGRAM, FR_COLOR_DISTANCE};
    char err[256];
    for (size_t m = 0; m < 3; m++) {
        fr_escape_params p;
        fr_escape_params_default(&p, FR_MANDELBROT);
        p.width = 1600, p.height = 1200, p.aa = 2, p.color = modes[m], p.max_iter = 300;
        fr_image one, strips;
        fr_escape_raw r1, r2;
        if (render_on("cuda", 0, &p, &one, NULL, err)) fail_msg("one piece: %s", err);
        if (render_on("cuda", 16u << 20, &p, &strips, NULL, err)) fail_msg("strips: %s", err);
        assert_memory_equal(one.pixels, strips.pixels, (size_t)p.width * p.height * 3);
        if (render_on("cuda", 0, &p, NULL, &r1, err)) fail_msg("raw one piece: %s", err);
        if (render_on("cuda", 16u << 20, &p, NULL, &r2, err)) fail_msg("raw strips: %s", err);
        assert_memory_equal(r1.counts, r2.counts, (size_t)r1.width * r1.height * 4);
        assert_memory_equal(r1.values, r2.values, (size_t)r1.width * r1.height * 4);
        fr_image_free(&one), fr_image_free(&strips);
        fr_escape_raw_free(&r1), fr_escape_raw_free(&r2);
    }
}

static void test_errors_are_statuses(void **state)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cuda:200"), FR_ERR_UNSUPPORTED);
    assert_non_null(strstr(fr_last_error(ctx), "no such GPU"));
    /* A budget too small for one row of a wide, 16x anti-aliased image. */
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 60000, p.height = 2, p.aa = 16, p.color = FR_COLOR_DISTANCE;
    fr_escape_raw raw;
    assert_int_equal(fr_context_set_device(ctx, "cuda"), FR_OK);
    assert_int_equal(fr_context_set_device_memory(ctx, 16u << 20), FR_OK);
    assert_int_equal(fr_escape_render(ctx, &p, NULL, &raw, NULL), FR_ERR_NOMEM);
    assert_non_null(strstr(fr_last_error(ctx), "too small for one row"));
    fr_context_destroy(ctx);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_views),      cmocka_unit_test(test_deep_iteration_views),
        cmocka_unit_test(test_large_c),           cmocka_unit_test(test_distance),
        cmocka_unit_test(test_images_match_cpu),  cmocka_unit_test(test_strips_equal_one_piece),
        cmocka_unit_test(test_errors_are_statuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
