/* GPU deep zoom (ctest label gpu): the CUDA backend's deep-zoom path gives
 * the CPU backend's counts and smooth values bit for bit, for every formula
 * perturbation renders, in double and in extended range, on whole small
 * images; distance estimates within 1e-6 (the GPU's log() may differ from
 * glibc's in the last bit); the same totals of steps performed and
 * skipped; cancellation between launches. Exits with the skip code 77
 * when no CUDA device is present. */
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
 * within 1e-6, the same statistics of the deep path; `structured`: some
 * samples escape and some do not. */
static void same_on_both(const fr_escape_params *p, int deep, int structured, const char *what)
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
    if (structured) assert_true(escaped > 0 && escaped < n);
    printf("# %s: %zu samples, %u escaped, %.4g steps, %.4g skipped\n", what, n, escaped, (double)sc.iterations,
           (double)sc.iterations_skipped);
    fr_escape_raw_free(&cpu);
    fr_escape_raw_free(&gpu);
}

/* The KF 1e14 location, and minibrots framed by the feature finder at
 * 1e-100 (double) and 1e-300, 1e-1000 (extended range). */
static void test_mandelbrot(void **state)
{
    for (int k = 0; k < 4; k++) {
        static const int depths[] = {0, 100, 300, 1000};
        deep_view dv = {0};
        char center[4096];
        const char *width = "4e-14";
        uint32_t iter = 4000;
        if (depths[k]) {
            if (deep_view_make(depths[k], &dv)) fail_msg("deep view 1e-%d: %s", depths[k], deep_view_error());
            snprintf(center, sizeof center, "%s,%s", dv.re, dv.im);
            width = dv.width, iter = dv.max_iter;
        } else {
            snprintf(center, sizeof center, "%s", KF14);
        }
        for (int c = 0; c < 3; c++) {
            const fr_color_mode colors[] = {FR_COLOR_COUNT, FR_COLOR_SMOOTH, FR_COLOR_DISTANCE};
            fr_escape_params *p = view(FR_MANDELBROT, 2, center, width, iter, 97, 41, colors[c]);
            char what[64];
            snprintf(what, sizeof what, "mandelbrot 1e-%d colour %d", depths[k] ? depths[k] : 13, c);
            same_on_both(p, k < 2 ? 1 : 2, k > 0, what);
            free(p);
        }
        if (depths[k]) deep_view_free(&dv);
    }
}

/* A view whose inside samples rebase and fall into exact cycles
 * (fr_deep_cycle jumps them ahead): the same counts, values and step
 * totals on both. */
static void test_cycles(void **state)
{
    for (int c = 0; c < 3; c++) {
        const fr_color_mode colors[] = {FR_COLOR_COUNT, FR_COLOR_SMOOTH, FR_COLOR_DISTANCE};
        fr_escape_params *p = view(FR_MANDELBROT, 2, KF50_1E8_CENTER, "1e-8", 263010, 97, 41, colors[c]);
        fr_context *ctx = fr_context_create();
        assert_int_equal(fr_escape_param_set(ctx, p, "reference", KF50_RE "," KF50_IM), FR_OK);
        fr_context_destroy(ctx);
        char what[64];
        snprintf(what, sizeof what, "mandelbrot 1e-8, cycles, colour %d", c);
        same_on_both(p, 1, 1, what);
        free(p);
    }
}

static void test_other_formulas(void **state)
{
    static const struct {
        fr_formula f;
        int power;
        const char *center, *width;
        uint32_t iter;
        int deep, structured;
    } views[] = {
        {FR_MULTIBROT, 3, "0.430448985100123193008738073391766900530348195,0.573931980133497590678317431189022534040464260",
         "1e-30", 3000, 1, 1},
        {FR_TRICORN, 2, TRICORN, "1e-30", 3000, 1, 1},
        {FR_TRICORN, 2, TRICORN, "1e-330", 3000, 2, 0},
        {FR_BURNINGSHIP, 2, SHIP, "1e-30", 3000, 1, 1},
        {FR_BURNINGSHIP, 2, SHIP320, "1e-320", 10000, 2, 1},
        {FR_BURNINGSHIP, 2, "-1.7548776662466927600495,0", "1e-18", 2000, 1, 0},
    };
    for (size_t k = 0; k < sizeof views / sizeof *views; k++) {
        for (int c = 1; c < 3; c++) {
            fr_escape_params *p = view(views[k].f, views[k].power, views[k].center, views[k].width, views[k].iter, 64,
                                       36, c == 1 ? FR_COLOR_SMOOTH : FR_COLOR_DISTANCE);
            char what[96];
            snprintf(what, sizeof what, "%s %s colour %d", fr_formula_name(views[k].f), views[k].width, c);
            same_on_both(p, views[k].deep, views[k].structured, what);
            free(p);
        }
    }
}

typedef struct canceller {
    fr_context *ctx;
    int pixel_reports;
    double done; /* the fraction reported at the stop */
} canceller;

/* Stop at the pixel stage's second report: after the first launch ran. */
static int cancel_in_pixels(double done, void *user)
{
    canceller *c = user;
    const char *stage = fr_progress_stage(c->ctx);
    if (stage && !strcmp(stage, "pixels") && ++c->pixel_reports >= 2) {
        c->done = done;
        return 1;
    }
    return 0;
}

/* Cancelling in the pixel stage between launches (2^21 samples: two
 * launches of 2^20, src/cuda/cuda_deep.c) ends the render with
 * FR_ERR_CANCELLED and no image. */
static void test_cancel(void **state)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cuda"), FR_OK);
    fr_escape_params *p = view(FR_MANDELBROT, 2, KF14, "1e-200", 20000, 2048, 1024, FR_COLOR_COUNT);
    canceller c = {ctx, 0, 0};
    fr_context_set_progress(ctx, cancel_in_pixels, &c);
    fr_image img;
    assert_int_equal(fr_escape_render(ctx, p, &img, NULL, NULL), FR_ERR_CANCELLED);
    assert_int_equal(c.pixel_reports, 2);
    assert_true(c.done > 0 && c.done < 1); /* stopped between launches, not after the last */
    free(p);
    fr_context_destroy(ctx);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mandelbrot),
        cmocka_unit_test(test_cycles),
        cmocka_unit_test(test_other_formulas),
        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
