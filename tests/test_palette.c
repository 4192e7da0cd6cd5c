/* Palette presets, files, hex lists and sampling. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fractalis.h"

static const uint8_t classic_table[16][3] = {
    {66, 30, 15},    {25, 7, 26},     {9, 1, 47},      {4, 4, 73},
    {0, 7, 100},     {12, 44, 138},   {24, 82, 177},   {57, 125, 209},
    {134, 181, 229}, {211, 236, 248}, {241, 233, 191}, {248, 201, 95},
    {255, 170, 0},   {204, 128, 0},   {153, 87, 0},    {106, 52, 3}};

static int setup_ctx(void **state)
{
    fr_context *ctx = fr_context_create();
    if (!ctx) return -1;
    *state = ctx;
    return 0;
}

static int teardown_ctx(void **state)
{
    fr_context_destroy(*state);
    return 0;
}

/* A path in the test scratch folder; the file is (re)written with `text`. */
static const char *write_tmp(const char *name, const char *text)
{
    static char path[1024];
    const char *dir = getenv("FR_TEST_TMP");
    if (!dir || !*dir) dir = "/tmp";
    snprintf(path, sizeof path, "%s/test_palette_%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
    return path;
}

static void assert_rgb_near(const float got[3], const float want[3], double tol)
{
    for (int c = 0; c < 3; c++) {
        if (fabs((double)got[c] - (double)want[c]) > tol)
            fail_msg("channel %d: got %.9g, want %.9g", c, (double)got[c], (double)want[c]);
    }
}

static void assert_rgb_exact(const float got[3], const uint8_t want[3])
{
    for (int c = 0; c < 3; c++) {
        float w = (float)want[c] / 255.0f;
        if (got[c] != w) fail_msg("channel %d: got %.9g, want %.9g", c, (double)got[c], (double)w);
    }
}

static void test_classic_exact_at_stops(void **state)
{
    fr_palette pal;
    assert_int_equal(fr_palette_preset(*state, "classic", &pal), FR_OK);
    assert_int_equal(pal.count, 16);
    assert_string_equal(pal.name, "classic");
    for (int k = 0; k < 16; k++) {
        float rgb[3];
        fr_palette_sample(&pal, k / 16.0, rgb);
        assert_rgb_exact(rgb, classic_table[k]);
        assert_memory_equal(pal.rgb[k], classic_table[k], 3);
        /* Colouring by count n uses t = n/16: every cycle must agree. */
        fr_palette_sample(&pal, (k + 16 * 37) / 16.0, rgb);
        assert_rgb_exact(rgb, classic_table[k]);
    }
}

static void test_interpolation_midway(void **state)
{
    fr_palette pal;
    assert_int_equal(fr_palette_preset(*state, "classic", &pal), FR_OK);
    float rgb[3];
    fr_palette_sample(&pal, 1.0 / 32.0, rgb);
    float want[3];
    for (int c = 0; c < 3; c++)
        want[c] = (float)((classic_table[0][c] + classic_table[1][c]) / 2.0 / 255.0);
    assert_rgb_near(rgb, want, 1e-6);

    /* The last stop blends toward stop 0, not toward a copy of itself. */
    fr_palette_sample(&pal, 31.0 / 32.0, rgb);
    for (int c = 0; c < 3; c++)
        want[c] = (float)((classic_table[15][c] + classic_table[0][c]) / 2.0 / 255.0);
    assert_rgb_near(rgb, want, 1e-6);

    /* Non-uniform positions: a quarter of the way from 0.16 to 0.42 in ultra. */
    assert_int_equal(fr_palette_preset(*state, "ultra", &pal), FR_OK);
    fr_palette_sample(&pal, 0.16 + 0.25 * (0.42 - 0.16), rgb);
    const float a[3] = {0x20, 0x6b, 0xcb}, b[3] = {0xed, 0xff, 0xff};
    for (int c = 0; c < 3; c++) want[c] = (a[c] + 0.25f * (b[c] - a[c])) / 255.0f;
    assert_rgb_near(rgb, want, 1e-5);
}

static void test_cyclic_wrap(void **state)
{
    static const char *const names[] = {"classic", "ultra", "twilight"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        fr_palette pal;
        assert_int_equal(fr_palette_preset(*state, names[i], &pal), FR_OK);
        float r0[3], r1[3], r2[3], r3[3];
        fr_palette_sample(&pal, 0.25, r0);
        fr_palette_sample(&pal, 1.25, r1);
        fr_palette_sample(&pal, -0.75, r2);
        fr_palette_sample(&pal, 1000000.25, r3);
        assert_memory_equal(r0, r1, sizeof r0);
        assert_memory_equal(r0, r2, sizeof r0);
        assert_memory_equal(r0, r3, sizeof r0);

        /* Integers, huge t, a tiny negative t and NaN all land on stop 0. */
        const double at_zero[] = {0.0, 1.0, -3.0, 1e300, -1e300, -1e-300, NAN, INFINITY};
        for (size_t k = 0; k < sizeof at_zero / sizeof at_zero[0]; k++) {
            float r[3];
            fr_palette_sample(&pal, at_zero[k], r);
            assert_rgb_exact(r, pal.rgb[0]);
        }
    }
}

static void test_every_preset(void **state)
{
    const char *const *names = fr_palette_presets();
    assert_non_null(names);
    int n = 0;
    for (; names[n]; n++) {
        fr_palette pal;
        assert_int_equal(fr_palette_preset(*state, names[n], &pal), FR_OK);
        assert_string_equal(pal.name, names[n]);
        assert_true(pal.count >= 2 && pal.count <= FR_PALETTE_MAX_STOPS);
        for (int k = 0; k < pal.count; k++) {
            assert_true(pal.pos[k] >= 0.0f && pal.pos[k] < 1.0f);
            if (k) assert_true(pal.pos[k] > pal.pos[k - 1]);
            float rgb[3];
            fr_palette_sample(&pal, pal.pos[k], rgb);
            assert_rgb_exact(rgb, pal.rgb[k]);
        }
        for (int s = -500; s <= 1500; s++) {
            float rgb[3];
            fr_palette_sample(&pal, s / 997.0, rgb);
            for (int c = 0; c < 3; c++) assert_true(rgb[c] >= 0.0f && rgb[c] <= 1.0f);
        }
    }
    assert_true(n >= 7);
    static const char *const required[] = {"classic", "ultra",   "fire",    "ocean",
                                           "grey",    "rainbow", "twilight"};
    for (size_t r = 0; r < sizeof required / sizeof required[0]; r++) {
        int found = 0;
        for (int i = 0; i < n; i++) found |= strcmp(names[i], required[r]) == 0;
        if (!found) fail_msg("preset '%s' missing from fr_palette_presets()", required[r]);
    }

    fr_palette pal;
    assert_int_equal(fr_palette_preset(*state, "ultra", &pal), FR_OK);
    assert_int_equal(pal.count, 5);
    assert_float_equal(pal.pos[3], 0.6425f, 0.0f);
    const uint8_t ultra0[3] = {0x00, 0x07, 0x64};
    assert_memory_equal(pal.rgb[0], ultra0, 3);

    assert_int_equal(fr_palette_preset(*state, "grey", &pal), FR_OK);
    float rgb[3];
    fr_palette_sample(&pal, 0.25, rgb);
    assert_float_equal(rgb[0], 0.5f, 1e-6);
    fr_palette_sample(&pal, 0.75, rgb);
    assert_float_equal(rgb[1], 0.5f, 1e-6);
}

static void test_load_file(void **state)
{
    const char *path = write_tmp("ok.txt",
                                 "\xEF\xBB\xBF# a palette with every syntax\n"
                                 "\n"
                                 "#FF0000\n"
                                 "   00ff00   \n"
                                 "// a comment\n"
                                 "\t0x0000Ff\r\n"
                                 "#\n"
                                 "#\tanother comment\n"
                                 "   \n"
                                 "0XaBcDeF"); /* no final newline */
    fr_palette pal;
    memset(&pal, 0x55, sizeof pal);
    assert_int_equal(fr_palette_load(*state, path, &pal), FR_OK);
    assert_int_equal(pal.count, 4);
    assert_string_equal(pal.name, "");
    const uint8_t want[4][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {0xab, 0xcd, 0xef}};
    for (int k = 0; k < 4; k++) {
        assert_memory_equal(pal.rgb[k], want[k], 3);
        assert_float_equal(pal.pos[k], k / 4.0f, 0.0f);
        float rgb[3];
        fr_palette_sample(&pal, k / 4.0, rgb);
        assert_rgb_exact(rgb, want[k]);
    }

    /* A single colour is a flat palette. */
    path = write_tmp("one.txt", "#123456\n");
    assert_int_equal(fr_palette_load(*state, path, &pal), FR_OK);
    assert_int_equal(pal.count, 1);
    float rgb[3];
    fr_palette_sample(&pal, 0.7, rgb);
    assert_rgb_exact(rgb, pal.rgb[0]);
}

static void test_load_bad_line(void **state)
{
    const char *path = write_tmp("bad.txt", "#000000\n# comment\nzz1122\n#ffffff\n");
    fr_palette pal;
    pal.count = 99;
    assert_int_equal(fr_palette_load(*state, path, &pal), FR_ERR_PARSE);
    const char *msg = fr_last_error(*state);
    assert_non_null(strstr(msg, "line 3"));
    assert_non_null(strstr(msg, "'zz1122'"));
    assert_non_null(strstr(msg, "test_palette_bad.txt"));
    assert_int_equal(pal.count, 99); /* untouched on failure */

    /* Near misses of the syntax are errors too, not silently skipped. */
    static const char *const bad[] = {"#12345\n", "#1234567\n", "0x12345g\n", "#ff00ff ff\n",
                                      "#!ff00ff\n", "0x\n", "rgb(1,2,3)\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        path = write_tmp("bad2.txt", bad[i]);
        assert_int_equal(fr_palette_load(*state, path, &pal), FR_ERR_PARSE);
        assert_non_null(strstr(fr_last_error(*state), "line 1"));
    }

    /* A long junk line is reported with a short excerpt. */
    char big[600];
    memset(big, 'q', sizeof big - 2);
    big[sizeof big - 2] = '\n';
    big[sizeof big - 1] = '\0';
    path = write_tmp("long.txt", big);
    assert_int_equal(fr_palette_load(*state, path, &pal), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(*state), "line 1"));
    assert_true(strlen(fr_last_error(*state)) < 300);
}

static void test_load_missing_file(void **state)
{
    fr_palette pal;
    assert_int_equal(fr_palette_load(*state, "/nonexistent/dir/no_such_palette.txt", &pal),
                     FR_ERR_IO);
    const char *msg = fr_last_error(*state);
    assert_non_null(strstr(msg, "no_such_palette.txt"));
    assert_non_null(strstr(msg, "No such file"));
}

static void test_load_empty_file(void **state)
{
    fr_palette pal;
    const char *path = write_tmp("empty.txt", "");
    assert_int_equal(fr_palette_load(*state, path, &pal), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(*state), "no colours"));

    path = write_tmp("comments.txt", "# only\n\n// comments\n   \n");
    assert_int_equal(fr_palette_load(*state, path, &pal), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(*state), "no colours"));
}

static void test_load_too_many(void **state)
{
    size_t cap = (size_t)(FR_PALETTE_MAX_STOPS + 1) * 8 + 1;
    char *text = malloc(cap);
    assert_non_null(text);
    char *p = text;
    for (int k = 0; k < FR_PALETTE_MAX_STOPS; k++) p += sprintf(p, "#%06x\n", k * 16);

    fr_palette *pal = malloc(sizeof *pal);
    assert_non_null(pal);
    const char *path = write_tmp("max.txt", text);
    assert_int_equal(fr_palette_load(*state, path, pal), FR_OK);
    assert_int_equal(pal->count, FR_PALETTE_MAX_STOPS);

    sprintf(p, "#ffffff\n");
    path = write_tmp("toomany.txt", text);
    assert_int_equal(fr_palette_load(*state, path, pal), FR_ERR_PARSE);
    char want[64];
    snprintf(want, sizeof want, "line %d", FR_PALETTE_MAX_STOPS + 1);
    assert_non_null(strstr(fr_last_error(*state), want));
    snprintf(want, sizeof want, "%d", FR_PALETTE_MAX_STOPS);
    assert_non_null(strstr(fr_last_error(*state), want));
    free(pal);
    free(text);
}

static void test_from_hex(void **state)
{
    const char *const hex[] = {"#000000", " ffffff ", "0x808080"};
    fr_palette pal;
    assert_int_equal(fr_palette_from_hex(*state, hex, 3, &pal), FR_OK);
    assert_int_equal(pal.count, 3);
    assert_string_equal(pal.name, "");
    assert_float_equal(pal.pos[1], 1.0f / 3.0f, 0.0f);
    const uint8_t grey[3] = {0x80, 0x80, 0x80};
    assert_memory_equal(pal.rgb[2], grey, 3);

    const char *const bad[] = {"#000000", "nope"};
    assert_int_equal(fr_palette_from_hex(*state, bad, 2, &pal), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(*state), "'nope'"));
    assert_int_equal(pal.count, 3);
    assert_int_equal(fr_palette_from_hex(*state, hex, 0, &pal), FR_ERR_INVALID);
    assert_int_equal(fr_palette_from_hex(*state, hex, FR_PALETTE_MAX_STOPS + 1, &pal),
                     FR_ERR_INVALID);
    /* A NULL context is allowed: the message is dropped. */
    assert_int_equal(fr_palette_from_hex(NULL, bad, 2, &pal), FR_ERR_INVALID);
}

static void test_unknown_preset(void **state)
{
    fr_palette pal;
    pal.count = 42;
    assert_int_equal(fr_palette_preset(*state, "plaid", &pal), FR_ERR_INVALID);
    assert_int_equal(pal.count, 42);
    const char *msg = fr_last_error(*state);
    assert_non_null(strstr(msg, "unknown palette 'plaid'"));
    for (const char *const *n = fr_palette_presets(); *n; n++) {
        if (!strstr(msg, *n)) fail_msg("message '%s' does not list preset '%s'", msg, *n);
    }
    assert_int_equal(fr_palette_preset(*state, NULL, &pal), FR_ERR_INVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_classic_exact_at_stops, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_interpolation_midway, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_cyclic_wrap, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_every_preset, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_load_file, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_load_bad_line, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_load_missing_file, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_load_empty_file, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_load_too_many, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_from_hex, setup_ctx, teardown_ctx),
        cmocka_unit_test_setup_teardown(test_unknown_preset, setup_ctx, teardown_ctx),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
