/* End-to-end tests of `fractalis render flame` in strips and with the raw
 * accumulation buffer: --strips gives the unsplit image (and says how many
 * strips ran), --host-memory makes strips by itself; --raw writes a .npy of
 * shape (H*ss, W*ss, 5) beside the image, -o x.npy writes only that, the
 * same in strips; bad values and paths fail with a clear message and leave
 * no file. */
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

#include "cli_support.h"
#include "fs_support.h"
#include "fractalis.h"

static int setup(void **state) { return cli_setup(state, "cli_flame"); }

/* Two genomes: a Sierpinski triangle with density estimation, 96 x 72,
 * supersample 2, and a copy named "two". */
static const char *write_genomes(fixture *f)
{
    const char *path = P(f, "g.flame");
    size_t cap = 65536, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    len += (size_t)snprintf(text + len, cap - len, "<flames>\n");
    for (int g = 0; g < 2; g++) {
        len += (size_t)snprintf(text + len, cap - len,
                                "<flame name=\"%s\" size=\"96 72\" center=\"0.5 0.45\" scale=\"60\" quality=\"20\" "
                                "supersample=\"2\" estimator_radius=\"4\" estimator_minimum=\"0\" brightness=\"3\">\n"
                                " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
                                " <xform weight=\"1\" color=\"0.5\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
                                " <xform weight=\"1\" color=\"1\" spherical=\"0.3\" linear=\"0.7\" "
                                "coefs=\"0.5 0 0 0.5 0 0.5\"/>\n",
                                g ? "two" : "one");
        for (int i = 0; i < 256; i++)
            len += (size_t)snprintf(text + len, cap - len, " <color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, 255 - i,
                                    (i * 3) % 256, i);
        len += (size_t)snprintf(text + len, cap - len, "</flame>\n");
    }
    len += (size_t)snprintf(text + len, cap - len, "</flames>\n");
    assert_true(len < cap);
    write_text(path, text);
    free(text);
    return path;
}

static void expect_failure(const char *const *args, int status, const char *message, const char *no_file)
{
    cli_result r;
    run_cli_env(&r, NULL, args);
    if (r.status != status || !strstr(r.err, message))
        fail_msg("expected exit %d with '%s', got %d: %s", status, message, r.status, r.err);
    cli_result_free(&r);
    if (no_file) assert_false(exists(no_file));
}

static void same_png(fixture *f, const char *a, const char *b)
{
    fr_image x = {0}, y = {0};
    if (fr_image_read_png(f->ctx, a, &x, NULL) || fr_image_read_png(f->ctx, b, &y, NULL))
        fail_msg("%s", fr_last_error(f->ctx));
    assert_int_equal(x.width, y.width);
    assert_int_equal(x.height, y.height);
    assert_int_equal(x.depth, y.depth);
    assert_memory_equal(x.pixels, y.pixels, (size_t)x.width * x.height * 3 * (x.depth == 16 ? 2 : 1));
    fr_image_free(&x), fr_image_free(&y);
}

/* The header of a .npy flame buffer: shape (h, w, 5), '<u4'; returns the
 * sum of the count channel. */
static uint64_t check_npy(const char *path, int h, int w)
{
    size_t len = 0;
    unsigned char *b = read_file(path, &len);
    assert_non_null(b);
    assert_true(len > 10);
    assert_memory_equal(b, "\x93NUMPY\x01\x00", 8);
    size_t hlen = b[8] | (size_t)b[9] << 8;
    assert_int_equal((10 + hlen) % 64, 0);
    char want[128];
    snprintf(want, sizeof want, "{'descr': '<u4', 'fortran_order': False, 'shape': (%d, %d, 5), }", h, w);
    assert_memory_equal(b + 10, want, strlen(want));
    assert_int_equal(len, 10 + hlen + (size_t)h * w * 5 * 4);
    uint64_t count = 0;
    for (size_t i = 0; i < (size_t)h * w; i++) {
        const unsigned char *v = b + 10 + hlen + (i * 5 + 4) * 4;
        count += v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 | (uint32_t)v[3] << 24;
    }
    free(b);
    return count;
}

static void test_strips(void **state)
{
    fixture *f = *state;
    char g[PATH_MAX]; /* P's buffers rotate */
    snprintf(g, sizeof g, "%s", write_genomes(f));
    run_ok("render", "flame", g, "--device", "cpu", "--seed", "3", "-q", "-o", P(f, "whole.png"));
    cli_result r;
    run_cli(&r, "render", "flame", g, "--device", "cpu", "--seed", "3", "--strips", "3", "-o", P(f, "split.png"));
    if (r.status) fail_msg("exit %d: %s", r.status, r.err);
    assert_non_null(strstr(r.err, "in 3 strips"));
    cli_result_free(&r);
    same_png(f, P(f, "whole.png"), P(f, "split.png"));
    /* a memory cap makes strips by itself (512 x 384, supersample 2: about 36 MiB) */
    run_ok("render", "flame", g, "--device", "cpu", "--size", "512x384", "--quality", "2", "-q", "-o",
           P(f, "big.png"));
    run_cli(&r, "render", "flame", g, "--device", "cpu", "--size", "512x384", "--quality", "2", "--host-memory", "16",
            "-o", P(f, "capped.png"));
    if (r.status) fail_msg("exit %d: %s", r.status, r.err);
    assert_non_null(strstr(r.err, " strips"));
    cli_result_free(&r);
    same_png(f, P(f, "big.png"), P(f, "capped.png"));
}

static void test_raw(void **state)
{
    fixture *f = *state;
    char g[PATH_MAX]; /* P's buffers rotate */
    snprintf(g, sizeof g, "%s", write_genomes(f));
    run_ok("render", "flame", g, "--device", "cpu", "--seed", "4", "-q", "-o", P(f, "img.png"), "--raw",
           P(f, "img.npy"));
    assert_true(exists(P(f, "img.png")));
    uint64_t count = check_npy(P(f, "img.npy"), 144, 192);
    assert_true(count > 0);
    assert_int_equal(count % 255, 0); /* opaque xforms: 255 a hit */
    /* -o x.npy: the raw buffer alone, the same; and the same in strips */
    const int before = count_entries(f->dir);
    run_ok("render", "flame", g, "--device", "cpu", "--seed", "4", "-q", "-o", P(f, "alone.npy"));
    assert_int_equal(count_entries(f->dir), before + 1);
    assert_same_file(P(f, "img.npy"), P(f, "alone.npy"));
    run_ok("render", "flame", g, "--device", "cpu", "--seed", "4", "--strips", "4", "-q", "-o", P(f, "s.png"),
           "--raw", P(f, "s.npy"));
    assert_same_file(P(f, "img.npy"), P(f, "s.npy"));
    same_png(f, P(f, "img.png"), P(f, "s.png"));
    /* --all with a pattern */
    run_ok("render", "flame", g, "--device", "cpu", "--all", "--quality", "2", "-q", "-o", P(f, "all-{name}.png"),
           "--raw", P(f, "all-{name}.npy"));
    check_npy(P(f, "all-one.npy"), 144, 192);
    check_npy(P(f, "all-two.npy"), 144, 192);
}

/* convert --index 0 writes genome 0 alone (not every genome); without
 * --index or --name every genome. */
static void test_convert_index(void **state)
{
    fixture *f = *state;
    char g[PATH_MAX];
    snprintf(g, sizeof g, "%s", write_genomes(f));
    run_ok("flame", "convert", g, P(f, "zero.flam3"), "--index", "0");
    run_ok("flame", "convert", g, P(f, "all.flam3"));
    fr_flames *z = NULL, *a = NULL;
    assert_int_equal(fr_flames_read(f->ctx, P(f, "zero.flam3"), NULL, 0, &z), FR_OK);
    assert_int_equal(fr_flames_read(f->ctx, P(f, "all.flam3"), NULL, 0, &a), FR_OK);
    assert_int_equal(fr_flames_count(z), 1);
    assert_string_equal(fr_flames_name(z, 0), "one");
    assert_int_equal(fr_flames_count(a), 2);
    fr_flames_destroy(z), fr_flames_destroy(a);
}

static void test_errors(void **state)
{
    fixture *f = *state;
    char g[PATH_MAX]; /* P's buffers rotate */
    snprintf(g, sizeof g, "%s", write_genomes(f));
    /* the range of the options' table, as every command states it */
    expect_failure(ARGS("render", "flame", g, "--strips", "-1", "-q", "-o", P(f, "a.png")), 2,
                   "--strips -1 is out of range 0, or 1..65535", P(f, "a.png"));
    expect_failure(ARGS("render", "flame", g, "--strips", "x", "-q", "-o", P(f, "a.png")), 2,
                   "--strips 'x' is not a finite number", P(f, "a.png"));
    expect_failure(ARGS("render", "flame", g, "--size", "65536x4", "-q", "-o", P(f, "a.png")), 2,
                   "--size 65536x4 is out of range 0..65535 per side", P(f, "a.png"));
    expect_failure(ARGS("render", "flame", g, "--device", "cpu", "--strips", "73", "-q", "-o", P(f, "a.png"),
                        "--raw", P(f, "a.npy")),
                   1, "more strips than rows", P(f, "a.png"));
    assert_false(exists(P(f, "a.npy")));
    expect_failure(ARGS("render", "flame", g, "--raw", P(f, "r.png"), "-q", "-o", P(f, "a.png")), 2,
                   "the raw buffer is written as .npy", P(f, "a.png"));
    expect_failure(ARGS("render", "flame", g, "--raw", P(f, "r.npy"), "-q", "-o", P(f, "a.npy")), 2,
                   "is already the raw buffer", P(f, "a.npy"));
    assert_false(exists(P(f, "r.npy")));
    expect_failure(ARGS("render", "flame", g, "--host-memory", "8", "-q", "-o", P(f, "a.png")), 2,
                   "--host-memory '8' must be 0 (automatic) or 16..16777216 MiB", P(f, "a.png"));
    expect_failure(ARGS("render", "flame", g, "--device-memory", "-1", "-q", "-o", P(f, "a.png")), 2,
                   "--device-memory '-1'", P(f, "a.png"));
    expect_failure(ARGS("render", "flame", g, "--all", "--raw", P(f, "r.npy"), "-q", "-o", P(f, "%d.png")), 2,
                   "--raw with --all needs one %d", P(f, "r.npy"));
    expect_failure(ARGS("render", "flame", g, "--raw", P(f, "r%d.npy"), "-q", "-o", P(f, "a.png")), 2,
                   "a % in --raw needs --all", P(f, "a.png"));
    /* a raw buffer in a missing folder: nothing is rendered or written */
    expect_failure(ARGS("render", "flame", g, "--raw", P(f, "nope/r.npy"), "-q", "-o", P(f, "a.png")), 1, "nope",
                   P(f, "a.png"));
    /* too large even in strips of one row */
    expect_failure(ARGS("render", "flame", g, "--device", "cpu", "--size", "65535x4", "--supersample", "16",
                        "--quality", "0.001", "--host-memory", "16", "-q", "-o", P(f, "h.png")),
                   1, "strips of one row", P(f, "h.png"));
}

int main(void)
{
    if (!cli_path()) {
        printf("FR_CLI is not set: the CLI tests need the fractalis binary\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_strips, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_raw, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_convert_index, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_errors, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
