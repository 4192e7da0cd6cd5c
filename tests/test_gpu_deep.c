/* GPU deep zoom (ctest label gpu): the CUDA backend's deep-zoom path gives
 * the CPU backend's counts and smooth values bit for bit, for every formula
 * perturbation renders, in double and in extended range, on whole small
 * images; distance estimates within 1e-6 (the GPU's log() may differ from
 * glibc's in the last bit); the same totals of steps performed and
 * skipped; cancellation and bad input as statuses. Exits with the skip
 * code 77 when no CUDA device is present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fractalis.h"
#include "gpu_support.h"

#define KF14 "-1.759817130804847813610825010561798238243999999999999999999800,-0.012593310799749865383746631843264858450340000000000000000000"
#define TRICORN "0.288561839607956535358565133092742576766155405,0.384749119477275380478086844123656769021540540"
#define SHIP "0.32949841366872126989896595519239730229263655896,0.43933121822496169319862127358986306972351541194"

static fr_status render_on(const char *device, const fr_escape_params *p, fr_escape_raw *raw, fr_escape_stats *st,
                           char *err)
{
    fr_context *ctx = fr_context_create();
    fr_status s = fr_context_set_device(ctx, device);
    if (!s) s = fr_escape_render(ctx, p, NULL, raw, st);
    snprintf(err, 256, "%s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return s;
}

static fr_escape_params *view(fr_formula f, int power, const char *center, const char *width, uint32_t iter, int w,
                              int h, fr_color_mode color)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = malloc(sizeof *p);
    assert_non_null(p);
    fr_escape_params_default(p, f);
    assert_int_equal(fr_escape_param_set(ctx, p, "center", center), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, p, "width", width), FR_OK);
    p->power = power, p->max_iter = iter, p->width = w, p->height = h, p->color = color;
    p->perturbation = FR_PERTURB_ON;
    fr_context_destroy(ctx);
    return p;
}

/* CPU and GPU: the same counts and smooth values bit for bit, distances
 * within 1e-6, the same statistics of the deep path. */
static void same_on_both(const fr_escape_params *p, int deep, const char *what)
{
    char err[256];
    fr_escape_raw cpu, gpu;
    fr_escape_stats sc, sg;
    if (render_on("cpu", p, &cpu, &sc, err)) fail_msg("%s: cpu: %s", what, err);
    if (render_on("cuda", p, &gpu, &sg, err)) fail_msg("%s: cuda: %s", what, err);
    assert_int_equal(sc.deep, deep);
    assert_int_equal(sg.deep, deep);
    assert_true(sc.iterations == sg.iterations);
    assert_true(sc.iterations_skipped == sg.iterations_skipped);
    const size_t n = (size_t)cpu.width * cpu.height;
    uint32_t escaped = 0;
    for (size_t i = 0; i < n; i++) {
        if (gpu.counts[i] != cpu.counts[i])
            fail_msg("%s: sample %zu (x %zu, y %zu): gpu count %u, cpu %u", what, i, i % (size_t)cpu.width,
                     i / (size_t)cpu.width, gpu.counts[i], cpu.counts[i]);
        escaped += cpu.counts[i] < p->max_iter;
        if (!cpu.values) continue;
        double a = gpu.values[i], b = cpu.values[i];
        if (p->color == FR_COLOR_DISTANCE ? !(a == b || fabs(a - b) <= 1e-6 * fabs(b)) : a != b)
            fail_msg("%s: sample %zu: gpu value %.17g, cpu %.17g", what, i, a, b);
    }
    assert_true(escaped > 0 && escaped < n); /* a view with structure */
    printf("# %s: %zu samples, %u escaped, %.4g steps, %.4g skipped\n", what, n, escaped, (double)sc.iterations,
           (double)sc.iterations_skipped);
    fr_escape_raw_free(&cpu);
    fr_escape_raw_free(&gpu);
}

static void test_mandelbrot(void **state)
{
    static const char *const widths[] = {"4e-14", "3e-250", "2e-700"};
    for (int k = 0; k < 3; k++) {
        for (int c = 0; c < 3; c++) {
            const fr_color_mode colors[] = {FR_COLOR_COUNT, FR_COLOR_SMOOTH, FR_COLOR_DISTANCE};
            fr_escape_params *p = view(FR_MANDELBROT, 2, KF14, widths[k], 4000, 97, 41, colors[c]);
            char what[64];
            snprintf(what, sizeof what, "mandelbrot %s colour %d", widths[k], c);
            same_on_both(p, k < 2 ? 1 : 2, what);
            free(p);
        }
    }
}

static void test_other_formulas(void **state)
{
    static const struct {
        fr_formula f;
        int power;
        const char *center, *width;
        uint32_t iter;
        int deep;
    } views[] = {
        {FR_MULTIBROT, 3, "0.430448985100123193008738073391766900530348195,0.573931980133497590678317431189022534040464260",
         "1e-30", 3000, 1},
        {FR_TRICORN, 2, TRICORN, "1e-30", 3000, 1},
        {FR_TRICORN, 2, TRICORN, "1e-330", 3000, 2},
        {FR_BURNINGSHIP, 2, SHIP, "1e-30", 3000, 1},
        {FR_BURNINGSHIP, 2, SHIP, "1e-330", 3000, 2},
        {FR_BURNINGSHIP, 2, "-1.7548776662466927600495,0", "1e-18", 2000, 1},
    };
    for (size_t k = 0; k < sizeof views / sizeof *views; k++) {
        for (int c = 1; c < 3; c++) {
            fr_escape_params *p = view(views[k].f, views[k].power, views[k].center, views[k].width, views[k].iter, 64,
                                       36, c == 1 ? FR_COLOR_SMOOTH : FR_COLOR_DISTANCE);
            char what[96];
            snprintf(what, sizeof what, "%s %s colour %d", fr_formula_name(views[k].f), views[k].width, c);
            same_on_both(p, views[k].deep, what);
            free(p);
        }
    }
}

typedef struct canceller {
    fr_context *ctx;
    int pixel_reports;
} canceller;

/* Stop at the pixel stage's second report: after a launch ran. */
static int cancel_in_pixels(double done, void *user)
{
    (void)done;
    canceller *c = user;
    const char *stage = fr_progress_stage(c->ctx);
    if (stage && !strcmp(stage, "pixels")) return ++c->pixel_reports >= 2;
    return 0;
}

/* Cancelling in the pixel stage (between launches) ends the render with
 * FR_ERR_CANCELLED and no image. */
static void test_cancel(void **state)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cuda"), FR_OK);
    fr_escape_params *p = view(FR_MANDELBROT, 2, KF14, "1e-200", 20000, 2048, 1024, FR_COLOR_COUNT);
    canceller c = {ctx, 0};
    fr_context_set_progress(ctx, cancel_in_pixels, &c);
    fr_image img;
    assert_int_equal(fr_escape_render(ctx, p, &img, NULL, NULL), FR_ERR_CANCELLED);
    assert_int_equal(c.pixel_reports, 2);
    free(p);
    fr_context_destroy(ctx);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mandelbrot),
        cmocka_unit_test(test_other_formulas),
        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
