/* GPU conformance of the raw arrays behind OpenEXR output (ctest label
 * gpu): the smooth values and the directional distance estimate
 * (fr_escape_render_raw's FR_RAW_SMOOTH, FR_RAW_DE) from the CUDA backend
 * against the CPU's for every formula, plain and deep zoom (perturbation),
 * on one GPU and on a device list with the CPU: counts exact, the rest
 * within float rounding (logf and log differ in the last bits); strips
 * give the arrays of one piece bit for bit; an EXR written from a GPU
 * render reads back. Exits with the skip code 77 when no CUDA device is
 * present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fractalis.h"
#include "gpu_support.h"

static void render_on(const char *device, uint64_t mem, const fr_escape_params *p, fr_escape_raw *raw,
                      fr_escape_extra *ex, const char *what)
{
    fr_context *ctx = fr_context_create();
    fr_status s = fr_context_set_device(ctx, device);
    if (!s) s = fr_context_set_device_memory(ctx, mem);
    if (!s) s = fr_escape_render_raw(ctx, p, NULL, raw, FR_RAW_SMOOTH | FR_RAW_DE, ex, NULL);
    if (s) fail_msg("%s on %s: %s", what, device, fr_last_error(ctx));
    fr_context_destroy(ctx);
}

/* Counts equal; smooth values and the estimate within float rounding. */
static void compare(const fr_escape_params *p, const char *device, const char *what)
{
    fr_escape_raw a, b;
    fr_escape_extra ea, eb;
    render_on("cpu", 0, p, &a, &ea, what);
    render_on(device, 0, p, &b, &eb, what);
    const size_t n = (size_t)a.width * a.height;
    int lit = 0;
    for (size_t i = 0; i < n; i++) {
        if (a.counts[i] != b.counts[i]) fail_msg("%s: sample %zu: count %u on %s, %u on the CPU", what, i, b.counts[i], device, a.counts[i]);
        double sa = ea.smooth[i], sb = eb.smooth[i];
        if (sa != sb && !(fabs(sa - sb) <= 1e-4 * fmax(1.0, fabs(sa))))
            fail_msg("%s: sample %zu: smooth %.9g on %s, %.9g on the CPU", what, i, sb, device, sa);
        double len = hypot(ea.de[2 * i], ea.de[2 * i + 1]);
        double d = hypot(ea.de[2 * i] - eb.de[2 * i], ea.de[2 * i + 1] - eb.de[2 * i + 1]);
        if (!(d <= 1e-4 * len))
            fail_msg("%s: sample %zu: de %.9g,%.9g on %s, %.9g,%.9g on the CPU", what, i, eb.de[2 * i],
                     eb.de[2 * i + 1], device, ea.de[2 * i], ea.de[2 * i + 1]);
        lit += len > 0;
    }
    assert_true(lit > 0);
    fr_escape_raw_free(&a), fr_escape_raw_free(&b);
    fr_escape_extra_free(&ea), fr_escape_extra_free(&eb);
}

static void test_formulas(void **state)
{
    char what[128];
    for (int f = FR_MANDELBROT; f <= FR_MULTIBROT; f++)
        for (int aa = 1; aa <= 2; aa++) {
            fr_escape_params p;
            fr_escape_params_default(&p, (fr_formula)f);
            p.width = 160, p.height = 100, p.aa = aa, p.max_iter = 500, p.rotate_deg = 20 * aa;
            p.color = aa == 1 ? FR_COLOR_DISTANCE : FR_COLOR_SMOOTH; /* any colouring may ask for it */
            snprintf(what, sizeof what, "%s aa %d", fr_formula_name((fr_formula)f), aa);
            compare(&p, "cuda", what);
        }
}

/* Bands over the GPU and the CPU. */
static void test_device_list(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_BURNINGSHIP);
    p.width = 400, p.height = 300, p.max_iter = 400, p.color = FR_COLOR_DISTANCE;
    compare(&p, "cuda:0,cpu", "burning ship on cuda:0,cpu");
}

/* Deep zoom (perturbation and BLA on the GPU). */
static void test_deep(void **state)
{
    static const struct {
        fr_formula f;
        double re, im, width;
    } views[] = {
        {FR_MANDELBROT, -0.7436438870371587, 0.1318259042053119, 1e-7},
        {FR_TRICORN, 0.2885618396079565, 0.3847491194772754, 1e-4},
        {FR_BURNINGSHIP, 0.3294984136687213, 0.4393312182249617, 1e-4},
    };
    for (int k = 0; k < 3; k++) {
        fr_escape_params p;
        fr_escape_params_default(&p, views[k].f);
        p.width = 192, p.height = 108, p.max_iter = 2000, p.color = FR_COLOR_DISTANCE;
        p.center_re = views[k].re, p.center_im = views[k].im, p.view_width = views[k].width;
        p.perturbation = FR_PERTURB_ON;
        compare(&p, "cuda", fr_formula_name(views[k].f));
    }
}

/* A 16 MiB budget forces strips: the same arrays, bit for bit. */
static void test_strips(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 1600, p.height = 1200, p.aa = 2, p.max_iter = 300, p.color = FR_COLOR_DISTANCE;
    fr_escape_raw a, b;
    fr_escape_extra ea, eb;
    render_on("cuda", 0, &p, &a, &ea, "one piece");
    render_on("cuda", 16u << 20, &p, &b, &eb, "strips");
    const size_t n = (size_t)a.width * a.height;
    assert_memory_equal(a.counts, b.counts, n * 4);
    assert_memory_equal(a.values, b.values, n * 4);
    assert_memory_equal(ea.smooth, eb.smooth, n * 4);
    assert_memory_equal(ea.de, eb.de, n * 8);
    fr_escape_raw_free(&a), fr_escape_raw_free(&b);
    fr_escape_extra_free(&ea), fr_escape_extra_free(&eb);
}

/* The EXR of a GPU render, and its scene back. */
static void test_exr(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 200, p.height = 150, p.color = FR_COLOR_DISTANCE;
    fr_escape_raw raw;
    fr_escape_extra ex;
    render_on("cuda", 0, &p, &raw, &ex, "exr");
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_gpu_exr-%d.exr", (int)getpid());
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_escape_write_exr(ctx, &p, &raw, &ex, path), FR_OK);
    char *json = NULL, *meta = NULL;
    assert_int_equal(fr_escape_params_to_json(ctx, &p, &json), FR_OK);
    assert_int_equal(fr_exr_read_meta(ctx, path, "fractalis", &meta), FR_OK);
    assert_string_equal(meta, json);
    free(json), free(meta);
    unlink(path);
    fr_context_destroy(ctx);
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&ex);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formulas), cmocka_unit_test(test_device_list), cmocka_unit_test(test_deep),
        cmocka_unit_test(test_strips),   cmocka_unit_test(test_exr),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
