/* End-to-end tests of OpenEXR output (-o x.exr) from escape-time,
 * orbit-density and flame renders, read back with OpenEXRCore
 * (tests/exr_read.c): Kalles Fraktaler's channels (DEX, DEY with --color
 * distance), the sample grid with --aa, the scene read back by `render
 * --from x.exr` into a byte-identical PNG and by `params`, a flame's
 * buckets and genome; bad paths and damaged files fail with a clear
 * message and leave no file. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_support.h"
#include "exr_read.h"
#include "fractalis.h"

static int setup(void **state)
{
    return cli_setup(state, "cli_exr");
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void expect_exr(const char *path, int w, int h, const char *names)
{
    exr_read_image x;
    char err[512], buf[256];
    if (exr_read(path, &x, err, sizeof err)) fail_msg("%s: %s", path, err);
    assert_int_equal(x.width, w);
    assert_int_equal(x.height, h);
    assert_string_equal(exr_read_names(&x, buf, sizeof buf), names);
    exr_read_free(&x);
}

static void expect_failure(const char *const *args, int status, const char *message)
{
    cli_result r;
    run_cli_env(&r, NULL, args);
    if (r.status != status || !strstr(r.err, message))
        fail_msg("expected exit %d with '%s', got %d: %s", status, message, r.status, r.err);
    cli_result_free(&r);
}

/* Escape time: KF's channels, DEX/DEY with distance colouring, the sample
 * grid with --aa, and the scene back through --from (the same PNG, byte
 * for byte) and params. */
static void test_escape(void **state)
{
    fixture *f = *state;
    run_ok("render", "mandelbrot", "--size", "40x30", "--iter", "150", "--device", "cpu", "-q", "-o",
           P(f, "a.png"));
    run_ok("render", "mandelbrot", "--size", "40x30", "--iter", "150", "--device", "cpu", "-q", "-o",
           P(f, "a.exr"));
    expect_exr(P(f, "a.exr"), 40, 30, "B,G,N,NF,R");
    run_ok("render", "--from", P(f, "a.exr"), "--device", "cpu", "-q", "-o", P(f, "b.png"));
    assert_same_file(P(f, "a.png"), P(f, "b.png"));
    cli_result r;
    run_cli(&r, "params", P(f, "a.exr"));
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"fractalis\": \"escape\""));
    assert_non_null(strstr(r.out, "fractalis render mandelbrot"));
    cli_result_free(&r);

    run_ok("render", "burningship", "--size", "24x16", "--aa", "2", "--color", "distance", "--device", "cpu",
           "-q", "-o", P(f, "d.exr"));
    expect_exr(P(f, "d.exr"), 48, 32, "B,DEX,DEY,G,N,NF,R");
    run_ok("render", "--from", P(f, "d.exr"), "--device", "cpu", "-q", "-o", P(f, "d.png"));
    run_ok("render", "burningship", "--size", "24x16", "--aa", "2", "--color", "distance", "--device", "cpu",
           "-q", "-o", P(f, "e.png"));
    assert_same_file(P(f, "d.png"), P(f, "e.png"));
}

/* Orbit density: the image and the counts (hits.Y); the scene back. */
static void test_orbit(void **state)
{
    fixture *f = *state;
    run_ok("render", "buddhabrot", "--size", "32x24", "--samples", "20000", "--device", "cpu", "-q", "-o",
           P(f, "b.png"), "-o", P(f, "b.exr"));
    expect_exr(P(f, "b.exr"), 32, 24, "B,G,R,hits.Y");
    run_ok("render", "--from", P(f, "b.exr"), "--device", "cpu", "-q", "-o", P(f, "c.png"));
    assert_same_file(P(f, "b.png"), P(f, "c.png"));
    run_ok("render", "nebulabrot", "--size", "16x16", "--samples", "5000", "--device", "cpu", "-q", "-o",
           P(f, "n.exr"));
    expect_exr(P(f, "n.exr"), 16, 16, "B,G,R,hits.B,hits.G,hits.R");
}

static const char *write_genome(fixture *f)
{
    const char *path = P(f, "g.flame");
    FILE *g = fopen(path, "w");
    assert_non_null(g);
    fprintf(g, "<flame name=\"tri\" size=\"32 24\" center=\"0.5 0.45\" scale=\"20\" quality=\"10\">\n"
               " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
               " <xform weight=\"1\" color=\"0.5\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
               " <xform weight=\"1\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0.5\"/>\n");
    for (int i = 0; i < 256; i++)
        fprintf(g, " <color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, 255 - i, (i * 3) % 256, i);
    fprintf(g, "</flame>\n");
    fclose(g);
    return path;
}

/* Flames: the buckets alone (-o x.exr) or beside the image (--raw x.exr),
 * with the genome, which params prints. */
static void test_flame(void **state)
{
    fixture *f = *state;
    const char *g = write_genome(f);
    run_ok("render", "flame", g, "--supersample", "2", "--seed", "3", "--device", "cpu", "-q", "-o",
           P(f, "f.exr"));
    expect_exr(P(f, "f.exr"), 64, 48, "A,B,G,R,hits");
    run_ok("render", "flame", g, "--seed", "3", "--device", "cpu", "-q", "-o", P(f, "f.png"), "--raw",
           P(f, "r.exr"));
    assert_true(exists(P(f, "f.png")));
    expect_exr(P(f, "r.exr"), 32, 24, "A,B,G,R,hits");
    cli_result r;
    run_cli(&r, "params", P(f, "r.exr"));
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "<flame"));
    assert_non_null(strstr(r.out, "fractalis render flame"));
    cli_result_free(&r);
    expect_failure(ARGS("render", "--from", P(f, "r.exr"), "-o", P(f, "x.png")), 1,
                   "carries no fractalis parameters");
    assert_false(exists(P(f, "x.png")));
}

/* A folder that is not there, a damaged file, and the help texts. */
static void test_errors(void **state)
{
    fixture *f = *state;
    char missing[PATH_MAX + 32];
    snprintf(missing, sizeof missing, "%s/no/such/m.exr", f->dir);
    expect_failure(ARGS("render", "mandelbrot", "--size", "16x12", "-q", "-o", missing), 1, "not writable");
    write_text(P(f, "bad.exr"), "v/1 this is not an OpenEXR file");
    expect_failure(ARGS("render", "--from", P(f, "bad.exr"), "-o", P(f, "y.png")), 1, "not an OpenEXR file");
    expect_failure(ARGS("params", P(f, "bad.exr")), 1, "not an OpenEXR file");
    assert_false(exists(P(f, "y.png")));
    const char *const helps[][4] = {{"render", "mandelbrot", "--help"},
                                    {"render", "buddhabrot", "--help"},
                                    {"render", "flame", "--help"}};
    for (int k = 0; k < 3; k++) {
        cli_result r;
        run_cli(&r, helps[k][0], helps[k][1], helps[k][2]);
        assert_int_equal(r.status, 0);
        if (!strstr(r.out, ".exr")) fail_msg("%s %s --help does not mention .exr", helps[k][0], helps[k][1]);
        cli_result_free(&r);
    }
}

int main(void)
{
    if (!cli_path()) {
        print_message("FR_CLI is not set: the CLI tests need the fractalis binary\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_escape, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_orbit, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_flame, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_errors, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
