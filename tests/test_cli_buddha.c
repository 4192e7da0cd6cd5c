/* The orbit-density command end to end: a render writes the image, the raw
 * histogram and its scene; --resume adds samples and gives exactly the
 * one-run histogram; other formulas (--formula, --c, --power) round trip
 * through scenes; bad input fails with a clear message and no output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_support.h"

static int setup(void **state) { return cli_setup(state, "cli_buddha"); }

static void test_render_outputs(void **state)
{
    fixture *f = *state;
    run_ok("render", "buddhabrot", "--size", "64x48", "--samples", "20000", "--device", "cpu", "-q", "-o",
           P(f, "b.png"), "-o", P(f, "b.npy"));
    fr_image img;
    char *meta = NULL;
    assert_int_equal(fr_image_read_png(f->ctx, P(f, "b.png"), &img, &meta), FR_OK);
    assert_int_equal(img.width, 64);
    assert_int_equal(img.height, 48);
    assert_non_null(meta);
    assert_non_null(strstr(meta, "\"fractalis\": \"buddhabrot\""));
    fr_image_free(&img), free(meta);
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_read_npy(f->ctx, P(f, "b.npy"), &h), FR_OK);
    uint64_t sum = 0;
    for (int i = 0; i < 64 * 48; i++) sum += h.counts[i];
    assert_true(sum > 0);
    fr_buddha_hist_free(&h);
    assert_int_equal(access(P(f, "b.npy.json"), F_OK), 0);
    /* Nebulabrot: three channels, 16-bit. */
    run_ok("render", "nebulabrot", "--size", "32x32", "--samples", "5000", "--depth", "16", "--device", "cpu", "-q",
           "-o", P(f, "n.png"), "-o", P(f, "n.npy"));
    assert_int_equal(fr_buddha_hist_read_npy(f->ctx, P(f, "n.npy"), &h), FR_OK);
    assert_int_equal(h.channels, 3);
    fr_buddha_hist_free(&h);
}

/* 8000 samples, then --resume with 12000 more: the 20000-sample histogram. */
static void test_resume_is_exact(void **state)
{
    fixture *f = *state;
    run_ok("render", "buddhabrot", "--size", "40x40", "--samples", "20000", "--seed", "5", "--device", "cpu", "-q",
           "-o", P(f, "one.npy"));
    run_ok("render", "buddhabrot", "--size", "40x40", "--samples", "8000", "--seed", "5", "--device", "cpu", "-q",
           "-o", P(f, "part.npy"));
    run_ok("render", "--resume", P(f, "part.npy"), "--samples", "12000", "--device", "cpu", "-q", "-o",
           P(f, "part.png"));
    assert_same_file(P(f, "one.npy"), P(f, "part.npy"));
    char *scene = (char *)read_file(P(f, "part.npy.json"), &(size_t){0});
    assert_non_null(strstr(scene, "\"histogram_samples\": 20000"));
    free(scene);
}

/* A Buddhabrot PNG carries its scene: render --from it and the command
 * `params` prints both give the same histogram again. */
static void test_scene_from_png_and_params(void **state)
{
    fixture *f = *state;
    run_ok("render", "buddhabrot", "--size", "40x40", "--samples", "8000", "--seed", "9", "--channel", "r:0:300",
           "--channel", "g:0:30", "--channel", "b:0:3", "--device", "cpu", "-q", "-o", P(f, "a.png"), "-o",
           P(f, "a.npy"));
    run_ok("render", "--from", P(f, "a.png"), "--device", "cpu", "-q", "-o", P(f, "b.npy"));
    assert_same_file(P(f, "a.npy"), P(f, "b.npy"));
    cli_result r;
    run_cli(&r, "params", P(f, "a.png"));
    if (r.status) fail_msg("params: %s", r.err);
    assert_non_null(strstr(r.out, "\"fractalis\": \"buddhabrot\""));
    char *line = strstr(r.out, "fractalis render buddhabrot ");
    if (!line) fail_msg("no command line in:\n%s", r.out);
    /* the printed command, word by word (its values need no quoting) */
    const char *args[80];
    int n = 0;
    for (char *save = NULL, *w = strtok_r(line + strlen("fractalis "), " \n", &save); w && n < 72;
         w = strtok_r(NULL, " \n", &save))
        args[n++] = w;
    args[n++] = "--device", args[n++] = "cpu", args[n++] = "-q", args[n++] = "-o";
    args[n++] = P(f, "c.npy");
    args[n] = NULL;
    cli_result again;
    run_cli_env(&again, NULL, args);
    if (again.status) fail_msg("the printed command failed: %s", again.err);
    cli_result_free(&again);
    cli_result_free(&r);
    assert_same_file(P(f, "a.npy"), P(f, "c.npy"));
}

static void test_bad_input(void **state)
{
    fixture *f = *state;
    static const char *const bad[][3] = {
        {"--channel", "q:0:10", "channel 'q'"},
        {"--channel", "r:50:10", "MIN <= MAX"},
        {"--region", "1,0,0,1", "RE0 < RE1"},
        {"--time", "soon", "duration"},
        {"--sampling", "magic", "uniform|stratified|importance"},
        {"--samples", "-5", "whole number"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cli_result r;
        run_cli(&r, "render", "buddhabrot", bad[i][0], bad[i][1], "-o", P(f, "x.png"));
        assert_int_equal(r.status, 2);
        if (!strstr(r.err, bad[i][2])) fail_msg("%s %s: stderr lacks '%s':\n%s", bad[i][0], bad[i][1], bad[i][2], r.err);
        cli_result_free(&r);
        assert_int_not_equal(access(P(f, "x.png"), F_OK), 0);
    }
    /* Resume without its scene, and with a parameter that would change it. */
    cli_result r;
    write_text(P(f, "lone.npy"), "not numpy");
    run_cli(&r, "render", "--resume", P(f, "lone.npy"), "-o", P(f, "x.png"));
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "missing"));
    cli_result_free(&r);
    run_ok("render", "buddhabrot", "--size", "20x20", "--samples", "1000", "--device", "cpu", "-q", "-o",
           P(f, "h.npy"));
    run_cli(&r, "render", "--resume", P(f, "h.npy"), "--iter", "50", "-o", P(f, "x.png"));
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--channel differs"));
    cli_result_free(&r);
    assert_int_not_equal(access(P(f, "x.png"), F_OK), 0);
}

/* The printed command of `fractalis params FILE` run again (its words need
 * no quoting), writing OUT. */
static void rerun_printed(fixture *f, const char *file, const char *out)
{
    cli_result r;
    run_cli(&r, "params", file);
    if (r.status) fail_msg("params: %s", r.err);
    char *line = strstr(r.out, "fractalis render buddhabrot ");
    if (!line) fail_msg("no command line in:\n%s", r.out);
    const char *args[96];
    int n = 0;
    for (char *save = NULL, *w = strtok_r(line + strlen("fractalis "), " \n", &save); w && n < 88;
         w = strtok_r(NULL, " \n", &save))
        args[n++] = w;
    args[n++] = "--device", args[n++] = "cpu", args[n++] = "-q", args[n++] = "-o", args[n++] = out;
    args[n] = NULL;
    cli_result again;
    run_cli_env(&again, NULL, args);
    if (again.status) fail_msg("the printed command failed: %s", again.err);
    cli_result_free(&again);
    cli_result_free(&r);
}

/* Other formulas from the command line: --formula burningship, julia with
 * --c, multibrot with --power, in each mode; the scene they carry (PNG
 * metadata, .json, the printed command) renders the same histogram again;
 * a resumed render keeps the formula; bad values are refused. */
static void test_formulas(void **state)
{
    fixture *f = *state;
    run_ok("render", "buddhabrot", "--formula", "burningship", "--size", "40x32", "--samples", "6000", "--grid", "32",
           "--center", "-0.4,-0.6", "--width", "3.4", "--rotate", "0", "--device", "cpu", "-q", "-o", P(f, "s.png"),
           "-o", P(f, "s.npy"), "-o", P(f, "s.json"));
    fr_image img;
    char *meta = NULL;
    assert_int_equal(fr_image_read_png(f->ctx, P(f, "s.png"), &img, &meta), FR_OK);
    assert_non_null(strstr(meta, "\"formula\": \"burningship\""));
    assert_non_null(strstr(meta, "\"region\": \"auto\""));
    fr_image_free(&img), free(meta);
    run_ok("render", "--from", P(f, "s.png"), "--device", "cpu", "-q", "-o", P(f, "s2.npy"));
    assert_same_file(P(f, "s.npy"), P(f, "s2.npy"));
    run_ok("render", "--from", P(f, "s.json"), "--device", "cpu", "-q", "-o", P(f, "s3.npy"));
    assert_same_file(P(f, "s.npy"), P(f, "s3.npy"));
    rerun_printed(f, P(f, "s.png"), P(f, "s4.npy"));
    assert_same_file(P(f, "s.npy"), P(f, "s4.npy"));
    /* the same scene as a Mandelbrot Buddhabrot is another histogram */
    run_ok("render", "buddhabrot", "--size", "40x32", "--samples", "6000", "--grid", "32", "--center", "-0.4,-0.6",
           "--width", "3.4", "--rotate", "0", "--device", "cpu", "-q", "-o", P(f, "m.npy"));
    size_t la, lb;
    unsigned char *a = read_file(P(f, "s.npy"), &la), *b = read_file(P(f, "m.npy"), &lb);
    assert_true(la != lb || memcmp(a, b, la));
    free(a), free(b);

    /* Julia: the constant from --c, z_0 sampled in -2,2,-2,2 */
    run_ok("render", "buddhabrot", "--formula", "julia", "--c", "-0.4,0.6", "--size", "40x40", "--samples", "6000",
           "--grid", "32", "--center", "0,0", "--rotate", "0", "--device", "cpu", "-q", "-o", P(f, "j.png"), "-o",
           P(f, "j.npy"));
    assert_int_equal(fr_image_read_png(f->ctx, P(f, "j.png"), &img, &meta), FR_OK);
    assert_non_null(strstr(meta, "\"formula\": \"julia\""));
    assert_non_null(strstr(meta, "\"c\": \"-0.4,0.6\""));
    fr_image_free(&img), free(meta);
    rerun_printed(f, P(f, "j.png"), P(f, "j2.npy"));
    assert_same_file(P(f, "j.npy"), P(f, "j2.npy"));
    /* resumed: 2000 then 4000 more is the 6000-sample histogram */
    run_ok("render", "buddhabrot", "--formula", "julia", "--c", "-0.4,0.6", "--size", "40x40", "--samples", "2000",
           "--grid", "32", "--center", "0,0", "--rotate", "0", "--device", "cpu", "-q", "-o", P(f, "jr.npy"));
    run_ok("render", "--resume", P(f, "jr.npy"), "--samples", "4000", "--device", "cpu", "-q", "-o", P(f, "jr.png"));
    assert_same_file(P(f, "j.npy"), P(f, "jr.npy"));
    cli_result r;
    static const char *const changed[][3] = {
        {"--formula", "mandelbrot", "--formula differs"}, {"--c", "-0.4,0.61", "--c differs"},
        {"--region", "-2,2,-2,1", "--region differs"},
    };
    for (int i = 0; i < 3; i++) {
        run_cli(&r, "render", "--resume", P(f, "jr.npy"), changed[i][0], changed[i][1], "--samples", "10", "-o",
                P(f, "x.png"));
        assert_int_equal(r.status, 2);
        if (!strstr(r.err, changed[i][2])) fail_msg("stderr lacks '%s':\n%s", changed[i][2], r.err);
        cli_result_free(&r);
    }
    /* the region given as the numbers auto stands for: the same histogram */
    run_ok("render", "--resume", P(f, "jr.npy"), "--region", "-2,2,-2,2", "--samples", "0", "--hits", "0.001",
           "--device", "cpu", "-q", "-o", P(f, "jr.png"));

    /* multibrot, nebulabrot and anti-buddhabrot, tricorn */
    run_ok("render", "nebulabrot", "--formula", "multibrot", "--power", "4", "--size", "32x32", "--samples", "4000",
           "--grid", "32", "--center", "0,0", "--rotate", "0", "--device", "cpu", "-q", "-o", P(f, "n.npy"));
    run_ok("render", "anti-buddhabrot", "--formula", "tricorn", "--iter", "100", "--size", "32x32", "--samples",
           "3000", "--grid", "32", "--device", "cpu", "-q", "-o", P(f, "t.npy"));
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_read_npy(f->ctx, P(f, "t.npy"), &h), FR_OK);
    uint64_t sum = 0;
    for (int i = 0; i < 32 * 32; i++) sum += h.counts[i];
    assert_true(sum > 0);
    fr_buddha_hist_free(&h);

    static const char *const bad[][3] = {
        {"--formula", "newton", "mandelbrot|julia|burningship|tricorn|multibrot"},
        {"--power", "1", "power"},
        {"--c", "0.3", "c"},
        {"--region", "auto,1", "region"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        run_cli(&r, "render", "buddhabrot", bad[i][0], bad[i][1], "-o", P(f, "x.png"));
        assert_int_equal(r.status, 2);
        if (!strstr(r.err, bad[i][2])) fail_msg("%s %s: stderr lacks '%s':\n%s", bad[i][0], bad[i][1], bad[i][2], r.err);
        cli_result_free(&r);
        assert_int_not_equal(access(P(f, "x.png"), F_OK), 0);
    }
}

/* --time ends sampling and still writes the outputs. */
static void test_time_budget(void **state)
{
    fixture *f = *state;
    cli_result r;
    run_cli(&r, "render", "buddhabrot", "--size", "32x32", "--time", "0.5s", "--device", "cpu", "-o", P(f, "t.png"),
            "-o", P(f, "t.npy"));
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "hits per pixel"));
    cli_result_free(&r);
    assert_int_equal(access(P(f, "t.png"), F_OK), 0);
    assert_int_equal(access(P(f, "t.npy"), F_OK), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_render_outputs, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_resume_is_exact, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_scene_from_png_and_params, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_bad_input, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_time_budget, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_formulas, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
