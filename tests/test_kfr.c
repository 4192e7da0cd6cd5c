/* Kalles Fraktaler location files (src/io/kfr.c): the six corpus files
 * (FR_SHARED/corpus/kfr; missing, the test fails), KF's colour table,
 * applying a location to escape-time parameters, and malformed input. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/context.h"
#include "fractalis.h"
#include "io/kfr.h"

static fr_context *ctx;

static int setup(void **state) { return (ctx = fr_context_create()) ? 0 : -1; }
static int teardown(void **state) { return fr_context_destroy(ctx), 0; }

/* ------------------------------------------------------------ helpers */

static char *read_corpus(const char *name, size_t *len)
{
    char path[2048];
    const char *shared = getenv("FR_SHARED");
    if (!shared || !*shared) shared = "../shared";
    snprintf(path, sizeof path, "%s/corpus/kfr/%s", shared, name);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("no kfr corpus file at %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    buf[n] = 0;
    *len = (size_t)n;
    return buf;
}

static void load(const char *name, fr_kfr *k)
{
    size_t len;
    char *text = read_corpus(name, &len);
    fr_status s = fr_kfr_parse(ctx, text, len, k);
    free(text);
    if (s) fail_msg("%s: %s", name, fr_last_error(ctx));
}

static fr_status parse_str(const char *text, fr_kfr *k) { return fr_kfr_parse(ctx, text, strlen(text), k); }

static void expect_bad(const char *text, const char *in_message)
{
    fr_kfr k;
    fr_status s = parse_str(text, &k);
    if (s == FR_OK) fail_msg("accepted: %.80s", text);
    assert_int_equal(s, FR_ERR_PARSE);
    if (!strstr(fr_last_error(ctx), in_message))
        fail_msg("message '%s' lacks '%s'", fr_last_error(ctx), in_message);
    assert_null(k.re);
    assert_null(k.colors);
}

#define LOC "Re: -0.75\nIm: 0.1\nZoom: 1E3\n"

/* ------------------------------------------------------------ corpus */

static void test_corpus_1e14(void **state)
{
    fr_kfr k;
    load("1e14.kfr", &k);
    assert_string_equal(k.re, "-1.759817130804847813610825010561798238243999999999999999999800");
    assert_string_equal(k.im, "-0.012593310799749865383746631843264858450340000000000000000000");
    assert_string_equal(k.zoom, "1.00e014");
    assert_int_equal(k.zoom_exp10, 14);
    assert_true(k.zoom_mant == 1.0);
    assert_int_equal(k.iterations, 4036);
    assert_true(k.iter_div == 1.0);
    assert_true(k.color_offset == 0.0);
    assert_true(k.rotate_deg == 0.0);
    assert_true(k.ratio == 360.0);
    assert_int_equal(k.smooth, 1);
    assert_int_equal(k.color_method, 0);
    assert_int_equal(k.power, 2);
    assert_int_equal(k.fractal_type, 0);
    assert_int_equal(k.ncolors, 128);
    assert_memory_equal(k.colors[0], ((uint8_t[]){0, 0, 0}), 3);
    assert_memory_equal(k.colors[1], ((uint8_t[]){41, 35, 190}), 3);
    assert_memory_equal(k.colors[127], ((uint8_t[]){120, 194, 99}), 3);
    fr_kfr_free(&k);
}

static void test_corpus_deep(void **state)
{
    fr_kfr k;
    load("1e1086.kfr", &k);
    assert_int_equal(k.zoom_exp10, 1086);
    assert_true(k.zoom_mant == 1.0);
    assert_int_equal(k.iterations, 600100);
    assert_true(fabs(k.ratio - 381.176471) < 1e-9);
    assert_true(strlen(k.re) > 1000 && strncmp(k.re, "-1.76861049301467707450", 23) == 0);
    assert_true(strlen(k.im) > 1000 && strncmp(k.im, "0.00126661350386871770", 22) == 0);
    assert_int_equal(k.ncolors, 128);
    char w[64];
    fr_kfr_width_text(&k, 1280, 720, w, sizeof w);
    assert_string_equal(w, "7.1111111111111107e-1086");
    fr_kfr_width_text(&k, 640, 640, w, sizeof w);
    assert_string_equal(w, "4e-1086");
    fr_kfr_free(&k);

    load("4e533.kfr", &k); /* the short form: no Smooth, Rotate, ... */
    assert_true(k.zoom_mant == 4.0);
    assert_int_equal(k.zoom_exp10, 533);
    assert_int_equal(k.iterations, 120000);
    assert_true(k.iter_div == 1.0);
    assert_int_equal(k.smooth, 1); /* KF's default */
    assert_true(k.ratio == 360.0);
    assert_int_equal(k.ncolors, 32);
    assert_memory_equal(k.colors[1], ((uint8_t[]){54, 21, 223}), 3);
    fr_kfr_width_text(&k, 1000, 1000, w, sizeof w);
    assert_string_equal(w, "1e-533");
    fr_kfr_free(&k);

    load("5e113.kfr", &k);
    assert_true(k.zoom_mant == 5.0);
    assert_int_equal(k.zoom_exp10, 113);
    assert_int_equal(k.iterations, 35494);
    assert_true(k.iter_div == 0.5);
    assert_int_equal(k.color_method, 7);
    assert_int_equal(k.differences, 3);
    fr_kfr_free(&k);

    load("1e50.kfr", &k);
    assert_int_equal(k.zoom_exp10, 50);
    assert_int_equal(k.iterations, 263010);
    assert_true(k.iter_div == 0.5);
    assert_int_equal(k.color_method, 7);
    fr_kfr_free(&k);

    load("5e227.kfr", &k);
    assert_true(k.zoom_mant == 5.0);
    assert_int_equal(k.zoom_exp10, 227);
    assert_int_equal(k.iterations, 1200000);
    assert_true(k.iter_div == 18.0);
    assert_int_equal(k.ncolors, 96);
    assert_memory_equal(k.colors[0], ((uint8_t[]){183, 223, 235}), 3);
    assert_memory_equal(k.colors[95], ((uint8_t[]){168, 210, 227}), 3);
    fr_kfr_free(&k);
}

/* ------------------------------------------------------------ colour */

static void test_color_table(void **state)
{
    /* Two keys, black and white: KF eases with sin and truncates, and the
     * table wraps from the last key back to the first. */
    fr_kfr k;
    assert_int_equal(parse_str(LOC "Colors: 0,0,0,255,255,255,\n", &k), FR_OK);
    assert_int_equal(k.ncolors, 2);
    uint8_t t[1024][3];
    fr_kfr_color_table(&k, t);
    assert_int_equal(t[0][0], 0);
    assert_int_equal(t[256][0], 127); /* f = 1/2: 127.5 truncated */
    assert_int_equal(t[512][1], 255);
    assert_int_equal(t[768][2], 127);
    double f = sin((128.0 / 512 - .5) * M_PI) / 2 + .5; /* eased, not linear (0.25) */
    assert_int_equal(t[128][0], (int)(f * 255));
    assert_true(t[128][0] < 64);
    fr_kfr_free(&k);
}

static void test_apply(void **state)
{
    fr_kfr k;
    load("1e14.kfr", &k);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, &p, "size", "1280x720"), FR_OK);
    if (fr_kfr_apply(ctx, &k, &p)) fail_msg("%s", fr_last_error(ctx));
    assert_int_equal(p.formula, FR_MANDELBROT);
    assert_true(fabs(p.view_width / (4e-14 * 1280 / 720) - 1) < 1e-12);
    assert_true(fabs(p.center_re - -1.7598171308048478) < 1e-15);
    assert_true(fabs(p.center_im - -0.012593310799749865) < 1e-17);
    assert_int_equal(p.max_iter, 4036);
    assert_true(p.rotate_deg == 0);
    assert_int_equal(p.color, FR_COLOR_SMOOTH);
    assert_true(p.bailout == 10000);
    assert_int_equal(p.palette.count, 1024);
    assert_true(p.palette_cycle == 1024);
    assert_true(fabs(p.palette_offset - (1 - log2(log(10000.0))) / 1024) < 1e-15);
    /* The palette is KF's table, stop for stop. */
    uint8_t t[1024][3];
    fr_kfr_color_table(&k, t);
    for (int i = 0; i < 1024; i++) assert_memory_equal(p.palette.rgb[i], t[i], 3);
    fr_kfr_free(&k);

    /* IterDiv 18: a cycle of 18432 iterations; ColorOffset in 1024ths. */
    assert_int_equal(parse_str(LOC "IterDiv: 18\nColorOffset: 256\nSmooth: 0\nColors: 1,2,3,\n", &k), FR_OK);
    assert_int_equal(fr_kfr_apply(ctx, &k, &p), FR_OK);
    assert_true(p.palette_cycle == 18432);
    assert_true(fabs(p.palette_offset - (0.25 + (1 - log2(log(10000.0))) / 18432)) < 1e-15);
    assert_int_equal(p.color, FR_COLOR_COUNT);
    assert_true(fabs(p.view_width / (4e-3 * 1280 / 720) - 1) < 1e-12);
    fr_kfr_free(&k);

    /* Rotate is radians in KF and turns the other way. */
    assert_int_equal(parse_str(LOC "Rotate: 0.5\n", &k), FR_OK);
    assert_true(fabs(k.rotate_deg - 0.5 * 180 / M_PI) < 1e-12);
    assert_int_equal(fr_kfr_apply(ctx, &k, &p), FR_OK);
    assert_true(fabs(p.rotate_deg + 0.5 * 180 / M_PI) < 1e-12);
    fr_kfr_free(&k);
}

static void test_apply_refused(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    fr_kfr k;
    assert_int_equal(parse_str(LOC "FractalType: 1\n", &k), FR_OK);
    assert_int_equal(k.fractal_type, 1);
    assert_int_equal(fr_kfr_apply(ctx, &k, &p), FR_ERR_UNSUPPORTED);
    assert_non_null(strstr(fr_last_error(ctx), "FractalType 1"));
    fr_kfr_free(&k);
    assert_int_equal(parse_str(LOC "Power: 3\n", &k), FR_OK);
    assert_int_equal(fr_kfr_apply(ctx, &k, &p), FR_ERR_UNSUPPORTED);
    assert_non_null(strstr(fr_last_error(ctx), "Power 3"));
    fr_kfr_free(&k);
    assert_int_equal(parse_str(LOC "Rotate: 1\nRatio: 400\n", &k), FR_OK);
    assert_int_equal(fr_kfr_apply(ctx, &k, &p), FR_ERR_UNSUPPORTED);
    fr_kfr_free(&k);
    /* Without a rotation Ratio changes nothing. */
    assert_int_equal(parse_str(LOC "Ratio: 381.176471\n", &k), FR_OK);
    assert_int_equal(fr_kfr_apply(ctx, &k, &p), FR_OK);
    fr_kfr_free(&k);
}

/* The location deeper than a double: needs the setter's "width" to take
 * exponents beyond double range. */
static void test_apply_deep(void **state)
{
    fr_kfr k;
    load("1e1086.kfr", &k);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    fr_status s = fr_kfr_apply(ctx, &k, &p);
    fr_kfr_free(&k);
    if (s) fail_msg("%s", fr_last_error(ctx));
}

/* ------------------------------------------------------------ malformed */

static void test_malformed(void **state)
{
    expect_bad("Im: 0\nZoom: 1\n", "Re");
    expect_bad("", "Re");
    expect_bad("Re: 0\nIm: 0\n", "Zoom");
    expect_bad("Re: 0\nIm: 0\nZoom: 1\nIterations: abc\n", "kfr line 4: Iterations 'abc' is not a whole number");
    expect_bad(LOC "Iterations: -5\n", "Iterations");
    expect_bad(LOC "Iterations: 4294967296\n", "Iterations");
    expect_bad(LOC "Iterations: 12.5\n", "Iterations");
    expect_bad("Re: 1.2.3\nIm: 0\nZoom: 1\n", "kfr line 1: Re '1.2.3' is not a decimal number");
    expect_bad("Re: --1\nIm: 0\nZoom: 1\n", "Re");
    expect_bad("Re: 0\nIm: 0x10\nZoom: 1\n", "kfr line 2: Im");
    expect_bad("Re: 0\nIm: nan\nZoom: 1\n", "Im");
    expect_bad("Re: 0\nIm: 1e\nZoom: 1\n", "Im");
    expect_bad("Re: 0\nIm: 1e1234567890123\nZoom: 1\n", "Im"); /* exponent too long */
    expect_bad("Re: 0\nIm: 0\nZoom: 0\n", "Zoom");
    expect_bad("Re: 0\nIm: 0\nZoom: -1E10\n", "Zoom");
    expect_bad("Re: 0\nIm: 0\nZoom: 1E\n", "Zoom");
    expect_bad(LOC "IterDiv: 0\n", "IterDiv");
    expect_bad(LOC "IterDiv: x\n", "IterDiv");
    expect_bad(LOC "Colors: 1,2,3,4,\n", "triples");
    expect_bad(LOC "Colors: 1,2,300,\n", "Colors value 3");
    expect_bad(LOC "Colors: 1,,3,\n", "Colors value 2");
    expect_bad(LOC "Smooth: 2\n", "Smooth");
    expect_bad(LOC "InteriorColor: 1,2\n", "InteriorColor");
    static const char nul[] = "Re: 1\0\nIm: 0\nZoom: 1\n";
    fr_kfr k;
    assert_int_equal(fr_kfr_parse(ctx, nul, sizeof nul - 1, &k), FR_ERR_PARSE);

    /* More than 1024 key colours. */
    size_t cap = 64 + 1025 * 12;
    char *big = malloc(cap), *o = big;
    o += sprintf(o, LOC "Colors: ");
    for (int i = 0; i < 1025; i++) o += sprintf(o, "1,2,3,");
    expect_bad(big, "more than 1024");
    /* Exactly 1024 is fine. */
    o = big;
    o += sprintf(o, LOC "Colors: ");
    for (int i = 0; i < 1024; i++) o += sprintf(o, "1,2,3,");
    assert_int_equal(parse_str(big, &k), FR_OK);
    assert_int_equal(k.ncolors, 1024);
    fr_kfr_free(&k);
    free(big);
}

static void test_edges(void **state)
{
    fr_kfr k;
    /* A zoom far beyond double range parses without overflow. */
    assert_int_equal(parse_str("Re: 0\nIm: 0\nZoom: 1e100000\n", &k), FR_OK);
    assert_true(k.zoom_mant == 1.0);
    assert_int_equal(k.zoom_exp10, 100000);
    assert_int_equal(k.iterations, 200);
    assert_int_equal(k.ncolors, 0);
    fr_kfr_free(&k);
    assert_int_equal(parse_str("Re: 0\nIm: 0\nZoom: 2.5E-7\n", &k), FR_OK);
    assert_true(k.zoom_mant == 2.5);
    assert_int_equal(k.zoom_exp10, -7);
    fr_kfr_free(&k);
    assert_int_equal(parse_str("Re: 0\nIm: 0\nZoom: 0.0045\n", &k), FR_OK);
    assert_true(fabs(k.zoom_mant - 4.5) < 1e-15);
    assert_int_equal(k.zoom_exp10, -3);
    fr_kfr_free(&k);
    assert_int_equal(parse_str("Re: 0\nIm: 0\nZoom: 00123.5e3\n", &k), FR_OK);
    assert_true(fabs(k.zoom_mant - 1.235) < 1e-15);
    assert_int_equal(k.zoom_exp10, 5);
    fr_kfr_free(&k);
    assert_int_equal(parse_str("Re: 0\nIm: 0\nZoom: 9.99999999999999999999\n", &k), FR_OK);
    assert_true(k.zoom_mant >= 1.0 && k.zoom_mant < 10.0);
    fr_kfr_free(&k);

    /* A 2000-digit Re, CRLF line ends, a BOM, unknown keys, first key wins,
     * trailing spaces trimmed. */
    size_t cap = 2100;
    char *re = malloc(cap);
    strcpy(re, "-1.");
    for (int i = 0; i < 2000; i++) re[3 + i] = (char)('0' + i % 10);
    re[2003] = 0;
    char *text = malloc(cap + 200);
    snprintf(text, cap + 200, "\xEF\xBB\xBFRe: %s  \r\nIm: +0.5e-3\r\nBogus: x\r\nZoom: 1E20\r\nIterations: 7\r\n"
                              "Iterations: 9\r\nColorOffset: 2000\r\n", re);
    assert_int_equal(parse_str(text, &k), FR_OK);
    assert_string_equal(k.re, re);
    assert_string_equal(k.im, "+0.5e-3");
    assert_int_equal(k.iterations, 7);
    assert_true(k.color_offset == 0); /* KF resets an offset outside 0..1023 */
    fr_kfr_free(&k);
    free(text), free(re);

    fr_kfr_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_1e14), cmocka_unit_test(test_corpus_deep),
        cmocka_unit_test(test_color_table), cmocka_unit_test(test_apply),
        cmocka_unit_test(test_apply_refused), cmocka_unit_test(test_apply_deep),
        cmocka_unit_test(test_malformed),   cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
