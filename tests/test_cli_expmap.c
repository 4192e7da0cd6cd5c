/* fractalis expmap and animate --expmap end to end: the strip as PNG
 * (coloured, its geometry under the text key fractalis-expmap) and as
 * EXR (KF's channels, read back with OpenEXRCore's own decoder), a zoom's
 * frames resampled from the map (the last one the final view rendered
 * directly), and the refusals with their messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_support.h"
#include "exr_read.h"
#include "fractalis.h"

#define SCENE "--center", "-0.75,0.1", "--size", "48x27", "--iter", "300", "-q"

static int setup(void **state)
{
    return cli_setup(state, "cli_expmap");
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void test_strip_png_exr(void **state)
{
    fixture *f = *state;
    const char *png = P(f, "strip.png"), *exr = P(f, "strip.exr");
    run_ok("expmap", "mandelbrot", SCENE, "--zoom-to", "1e-4", "-o", png);
    fr_image img = {0};
    char *meta = NULL;
    assert_int_equal(fr_image_read_png_keyed(f->ctx, png, "fractalis-expmap", &img, &meta), FR_OK);
    assert_non_null(meta);
    /* 2 pi x the corner radius hypot(24, 13.5) = 173: 192 columns (a multiple of 32); the rows from 13.5
     * pixels of the final view (1e-4 wide) to 27.5 of the first (4.5 wide): 192 / 2 pi x ln(27.54 x 4.5 /
     * 13.5e-4) + 3 */
    assert_int_equal(img.width, 192);
    assert_true(img.height >= 350 && img.height <= 354);
    assert_non_null(strstr(meta, "\"columns\": 192"));
    assert_non_null(strstr(meta, "\"target\": \"-7.5e-1,1e-1\""));
    assert_non_null(strstr(meta, "\"scene\": {"));
    free(meta);
    fr_image_free(&img);
    run_ok("expmap", "mandelbrot", SCENE, "--zoom-to", "1e-4", "--expmap-columns", "64", "-o", exr);
    exr_read_image x;
    char err[256], names[128];
    assert_int_equal(exr_read(exr, &x, err, sizeof err), 0);
    assert_int_equal(x.width, 64);
    assert_string_equal(exr_read_names(&x, names, sizeof names), "B,G,N,NF,R");
    assert_non_null(strstr(exr_read_string(&x, "fractalis-expmap"), "\"columns\": 64"));
    int bias = 0;
    assert_int_equal(exr_read_int(&x, "IterationsBias", &bias), 0);
    assert_int_equal(bias, 1024);
    exr_read_free(&x);
}

static void test_animate_expmap(void **state)
{
    fixture *f = *state;
    const char *pattern = P(f, "f-%02d.png"), *strip = P(f, "s.png"), *last = P(f, "f-04.png"),
               *direct = P(f, "direct.png");
    run_ok("animate", "mandelbrot", SCENE, "--zoom-to", "1e-3", "--frames", "5", "--expmap", "--strip", strip,
           "-o", pattern);
    assert_true(exists(strip));
    for (int i = 0; i < 5; i++) {
        char name[32];
        snprintf(name, sizeof name, "f-%02d.png", i);
        assert_true(exists(P(f, name)));
    }
    /* the last frame is the final view, rendered directly: its scene re-renders to the same image */
    run_ok("render", "--from", last, "-q", "-o", direct);
    cli_result r;
    run_cli(&r, "compare", last, direct);
    assert_int_equal(r.status, 0);
    assert_true(strtod(r.out, NULL) >= 50);
    cli_result_free(&r);
}

static void expect_failure(const char *const *args, int status, const char *message)
{
    cli_result r;
    run_cli_env(&r, NULL, args);
    if (r.status != status || !strstr(r.err, message))
        fail_msg("exit %d (want %d), stderr: %s (want '%s')", r.status, status, r.err, message);
    cli_result_free(&r);
}

static void test_refusals(void **state)
{
    fixture *f = *state;
    const char *o = P(f, "x.png"), *jpg = P(f, "x.jpg");
    expect_failure(ARGS("expmap", "mandelbrot", SCENE, "--zoom-to", "1e-4", "-o", jpg), 2,
                   "-o strip.png or -o strip.exr");
    expect_failure(ARGS("expmap", "mandelbrot", SCENE, "--zoom-to", "1e-4"), 2,
                   "-o strip.png or -o strip.exr");
    expect_failure(ARGS("expmap", "mandelbrot", SCENE, "-o", o), 2, "say where the zoom goes");
    expect_failure(
        ARGS("expmap", "mandelbrot", SCENE, "--zoom-to", "1e-4", "--expmap-columns", "30", "-o", o), 2,
        "a multiple of 4");
    expect_failure(ARGS("expmap", "mandelbrot", SCENE, "--zoom-to", "1e-4", "--color", "histogram", "-o", o),
                   1, "histogram colouring is not a function of one sample");
    expect_failure(ARGS("expmap", "mandelbrot", SCENE, "--zoom-to", "4.5", "-o", o), 1,
                   "zoom, in or out, is needed");
    expect_failure(ARGS("expmap", "julia", SCENE, "--zoom-to", "1e-14", "-o", o), 1, "no perturbation");
    expect_failure(ARGS("expmap", "--frames"), 2, "say a formula");
    expect_failure(ARGS("expmap", "mandelbrot", SCENE, "--zoom-to", "1e-4", "--frames", "10", "-o", o), 2,
                   "are animate's");
    expect_failure(ARGS("animate", "mandelbrot", SCENE, "--zoom-to", "1e-4", "--frames", "3", "--strip", o,
                        "-o", P(f, "f-%02d.png")),
                   2, "--strip: with --expmap");
    expect_failure(ARGS("animate", "mandelbrot", SCENE, "--zoom-to", "1e-4", "--frames", "3", "--expmap",
                        "--resample", "2", "-o", P(f, "f-%02d.png")),
                   2, "one fast path or the other");
    assert_false(exists(o));
    cli_result r;
    run_cli(&r, "expmap", "--help");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "exponential map"));
    assert_non_null(strstr(r.out, "--expmap-columns"));
    cli_result_free(&r);
    run_cli(&r, "animate", "mandelbrot", "--help");
    assert_non_null(strstr(r.out, "--expmap"));
    cli_result_free(&r);
}

int main(void)
{
    if (!cli_path()) return 77;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_strip_png_exr, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_animate_expmap, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_refusals, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
