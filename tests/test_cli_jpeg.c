/* End-to-end tests of JPEG output (-o x.jpg / x.jpeg) from `fractalis render
 * flame`, escape-time renders and orbit-density renders: the files decode
 * with libjpeg to the size asked for and, within JPEG's loss, to the PNG of
 * the same render; --jpeg-quality works; --transparent with a JPEG, bad
 * qualities and bad paths fail with a clear message and leave no file. In a
 * build without libjpeg every JPEG output fails with "no JPEG support". */
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
#include "fractalis.h"
#ifdef FR_HAVE_JPEG
#include "jpeg_read.h"
#endif

static int setup(void **state)
{
    return cli_setup(state, "cli_jpeg");
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* A Sierpinski triangle with a 256-entry rainbow palette (no palette file
 * needed), 64x48 at a low quality: fast on two cores. */
static const char *write_genome(fixture *f)
{
    const char *path = P(f, "g.flame");
    size_t cap = 32768, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    len += (size_t)snprintf(text + len, cap - len,
                            "<flame name=\"tri\" size=\"64 48\" center=\"0.5 0.45\" scale=\"40\" quality=\"20\">\n"
                            " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
                            " <xform weight=\"1\" color=\"0.5\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
                            " <xform weight=\"1\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0.5\"/>\n");
    for (int i = 0; i < 256; i++)
        len += (size_t)snprintf(text + len, cap - len, " <color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, 255 - i,
                                (i * 3) % 256, i);
    len += (size_t)snprintf(text + len, cap - len, "</flame>\n");
    assert_true(len < cap);
    write_text(path, text);
    free(text);
    return path;
}

static void expect_usage_error(const char *const *args, const char *message, const char *no_file)
{
    cli_result r;
    run_cli_env(&r, NULL, args);
    if (r.status != 2 || !strstr(r.err, message))
        fail_msg("expected exit 2 with '%s', got %d: %s", message, r.status, r.err);
    cli_result_free(&r);
    assert_false(exists(no_file));
}

#ifdef FR_HAVE_JPEG

/* Decode a JPEG (size checked) and return its mean absolute difference from
 * a PNG of the same render (RGB, 8-bit scale); also counts the JPEG's
 * non-black pixels. */
static double jpeg_vs_png(fixture *f, const char *jpg, const char *png, int w, int h, int *lit)
{
    char err[256];
    int jw = 0, jh = 0;
    unsigned char *j = test_jpeg_read(jpg, &jw, &jh, err, sizeof err);
    if (!j) fail_msg("%s", err);
    assert_int_equal(jw, w);
    assert_int_equal(jh, h);
    fr_image img = {0};
    if (fr_image_read_png(f->ctx, png, &img, NULL)) fail_msg("%s", fr_last_error(f->ctx));
    assert_int_equal(img.width, w);
    assert_int_equal(img.height, h);
    double sum = 0;
    *lit = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) {
        int on = 0;
        for (int c = 0; c < 3; c++) {
            size_t k = i * 3 + c;
            double v = img.depth == 16 ? ((uint16_t *)img.pixels)[k] / 257.0 : ((uint8_t *)img.pixels)[k];
            sum += v > j[k] ? v - j[k] : j[k] - v;
            on |= j[k] > 16;
        }
        *lit += on;
    }
    fr_image_free(&img);
    free(j);
    return sum / ((double)w * h * 3);
}

static long file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

static void test_flame_jpeg(void **state)
{
    fixture *f = *state;
    const char *g = write_genome(f);
    run_ok("render", "flame", g, "--seed", "3", "--threads", "2", "-q", "-o", P(f, "tri.jpg"));
    run_ok("render", "flame", g, "--seed", "3", "--threads", "2", "-q", "-o", P(f, "tri.png"));
    int lit;
    double mad = jpeg_vs_png(f, P(f, "tri.jpg"), P(f, "tri.png"), 64, 48, &lit);
    print_message("flame: JPEG q95 vs PNG: mean abs difference %.2f, %d lit pixels\n", mad, lit);
    assert_true(lit > 64 * 48 / 20);
    assert_true(mad < 4.0);

    /* .jpeg, a lower quality (a smaller file) and a 16-bit render. */
    run_ok("render", "flame", g, "--seed", "3", "--threads", "2", "--jpeg-quality", "30", "--depth", "16", "-q", "-o",
           P(f, "low.JPEG"));
    assert_true(file_size(P(f, "low.JPEG")) < file_size(P(f, "tri.jpg")));
    mad = jpeg_vs_png(f, P(f, "low.JPEG"), P(f, "tri.png"), 64, 48, &lit);
    assert_true(mad < 12.0);

    /* --size: the JPEG has the size asked for. */
    run_ok("render", "flame", g, "--size", "40x30", "--quality", "5", "-q", "-o", P(f, "small.jpg"));
    char err[256];
    int w, h;
    unsigned char *px = test_jpeg_read(P(f, "small.jpg"), &w, &h, err, sizeof err);
    if (!px) fail_msg("%s", err);
    assert_int_equal(w, 40);
    assert_int_equal(h, 30);
    free(px);
}

static void test_escape_and_orbit_jpeg(void **state)
{
    fixture *f = *state;
    run_ok("render", "mandelbrot", "--size", "48x32", "--device", "cpu", "-q", "-o", P(f, "m.jpg"));
    run_ok("render", "mandelbrot", "--size", "48x32", "--device", "cpu", "-q", "-o", P(f, "m.png"));
    int lit;
    double mad = jpeg_vs_png(f, P(f, "m.jpg"), P(f, "m.png"), 48, 32, &lit);
    print_message("mandelbrot: JPEG q95 vs PNG: mean abs difference %.2f\n", mad);
    assert_true(mad < 6.0);
    run_ok("render", "mandelbrot", "--size", "48x32", "--depth", "16", "--jpeg-quality", "80", "--device", "cpu", "-q",
           "-o", P(f, "m16.jpeg"));
    mad = jpeg_vs_png(f, P(f, "m16.jpeg"), P(f, "m.png"), 48, 32, &lit);
    assert_true(mad < 10.0);

    run_ok("render", "buddhabrot", "--size", "32x32", "--samples", "20000", "--device", "cpu", "-q", "-o",
           P(f, "b.jpg"), "-o", P(f, "b.png"));
    mad = jpeg_vs_png(f, P(f, "b.jpg"), P(f, "b.png"), 32, 32, &lit);
    assert_true(mad < 6.0);
}

static void test_jpeg_errors(void **state)
{
    fixture *f = *state;
    const char *g = write_genome(f);
    expect_usage_error(ARGS("render", "flame", g, "--transparent", "-q", "-o", P(f, "t.jpg")),
                       "JPEG has no alpha channel; --transparent needs .png", P(f, "t.jpg"));
    expect_usage_error(ARGS("render", "flame", g, "--jpeg-quality", "0", "-q", "-o", P(f, "q.jpg")),
                       "--jpeg-quality '0' must be a whole number 1..100", P(f, "q.jpg"));
    expect_usage_error(ARGS("render", "mandelbrot", "--jpeg-quality", "101", "-q", "-o", P(f, "q.jpg")),
                       "--jpeg-quality '101' must be a whole number 1..100", P(f, "q.jpg"));
    expect_usage_error(ARGS("render", "buddhabrot", "--jpeg-quality", "x", "-q", "-o", P(f, "q.jpg")),
                       "--jpeg-quality 'x'", P(f, "q.jpg"));

    /* A missing folder: the work fails (exit 1) and nothing is written. */
    cli_result r;
    run_cli(&r, "render", "flame", g, "-q", "-o", P(f, "nope/x.jpg"));
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "nope"));
    cli_result_free(&r);
    assert_false(exists(P(f, "nope/x.jpg")));
}

#else /* !FR_HAVE_JPEG */

static void test_no_jpeg_support(void **state)
{
    fixture *f = *state;
    const char *g = write_genome(f);
    expect_usage_error(ARGS("render", "flame", g, "-q", "-o", P(f, "a.jpg")), "this build has no JPEG support",
                       P(f, "a.jpg"));
    expect_usage_error(ARGS("render", "mandelbrot", "--size", "8x8", "-q", "-o", P(f, "m.jpg")),
                       "this build has no JPEG support", P(f, "m.jpg"));
    expect_usage_error(ARGS("render", "buddhabrot", "--size", "8x8", "-q", "-o", P(f, "b.jpeg")),
                       "this build has no JPEG support", P(f, "b.jpeg"));
}

#endif

int main(void)
{
    if (!cli_path()) {
        print_message("FR_CLI is not set: the CLI tests need the fractalis binary\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
#ifdef FR_HAVE_JPEG
        cmocka_unit_test_setup_teardown(test_flame_jpeg, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_escape_and_orbit_jpeg, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_jpeg_errors, setup, cli_teardown),
#else
        cmocka_unit_test_setup_teardown(test_no_jpeg_support, setup, cli_teardown),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
