/* End-to-end tests of `fractalis render` failures: every bad input must end
 * with a non-zero exit status (1: the work failed, 2: bad usage, see
 * tools/fractalis/cli.h), a message on stderr that names the problem, and no
 * output file - neither the asked one nor a leftover temporary
 * (".NAME.XXXXXX"). An existing output file must survive a failed render
 * untouched. Each case runs in a fresh folder under $FR_TEST_TMP/cli_errors,
 * which is listed afterwards. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fractalis.h"
#include "cli_support.h"

/* --------------------------------------------------------------- fixture */

static int setup(void **state)
{
    return cli_setup(state, "cli_errors");
}

/* --------------------------------------------------------------- helpers */

/* The folder holds exactly the entries named in `expected` (NULL-ended):
 * no output file and no temporary left behind. */
static void assert_folder_holds(fixture *f, const char *const *expected)
{
    DIR *d = opendir(f->dir);
    assert_non_null(d);
    struct dirent *e;
    char unexpected[512] = "";
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        int ok = 0;
        for (size_t i = 0; expected[i]; i++) ok |= !strcmp(e->d_name, expected[i]);
        if (!ok && !unexpected[0]) snprintf(unexpected, sizeof unexpected, "%s", e->d_name);
    }
    closedir(d);
    if (unexpected[0])
        fail_msg("unexpected entry '%s' left in the output folder%s", unexpected,
                 unexpected[0] == '.' ? " (a temporary file?)" : "");
    for (size_t i = 0; expected[i]; i++) {
        struct stat st;
        if (stat(P(f, expected[i]), &st) != 0) fail_msg("'%s' disappeared", expected[i]);
    }
}

/* ------------------------------------------------------- fixture files */

enum {
    FX_BADPAL = 1,    /* badpal.txt: a palette file with a bad second line */
    FX_BADJSON = 2,   /* bad.json: malformed JSON */
    FX_UNKJSON = 4,   /* unknown.json: a scene with an unknown key */
    FX_PLAINPNG = 8,  /* plain.png: a PNG without fractalis metadata */
};

static const char *const fixture_names[] = {"badpal.txt", "bad.json", "unknown.json", "plain.png"};

static void make_fixtures(fixture *f, int which, const char **names)
{
    int n = 0;
    if (which & FX_BADPAL) write_text(P(f, "badpal.txt"), "#ff0000\nnotacolour\n#0000ff\n");
    if (which & FX_BADJSON) write_text(P(f, "bad.json"), "{\"fractalis\": \"escape\", \"formula\": \"julia\",\n");
    if (which & FX_UNKJSON)
        write_text(P(f, "unknown.json"),
                   "{\"fractalis\": \"escape\", \"formula\": \"mandelbrot\", \"size\": \"16x9\", \"frobnicate\": 1}\n");
    if (which & FX_PLAINPNG) {
        uint8_t px[8 * 6 * 3];
        for (size_t i = 0; i < sizeof px; i++) px[i] = (uint8_t)(i * 7);
        fr_image img = {.width = 8, .height = 6, .depth = 8, .pixels = px};
        if (fr_image_write_png(f->ctx, &img, P(f, "plain.png"), NULL) != FR_OK)
            fail_msg("fr_image_write_png: %s", fr_last_error(f->ctx));
    }
    for (int i = 0; i < 4; i++)
        if (which & (1 << i)) names[n++] = fixture_names[i];
    names[n] = NULL;
}

/* ----------------------------------------------------------- bad inputs */

typedef struct bad_case {
    const char *name;
    /* Arguments after "render"; "@NAME" stands for the path of NAME in the
     * test folder. */
    const char *args[16];
    const char *expect; /* a substring of stderr naming the problem */
    int fixtures;       /* FX_* */
} bad_case;

#define SZ "--size", "16x9"

static const bad_case bad_cases[] = {
    {"size 0x10", {"mandelbrot", "--size", "0x10", "-o", "@out.png"}, "--size", 0},
    {"size 10", {"mandelbrot", "--size", "10", "-o", "@out.png"}, "--size", 0},
    {"size abcx5", {"mandelbrot", "--size", "abcx5", "-o", "@out.png"}, "--size", 0},
    {"size 70000x10", {"mandelbrot", "--size", "70000x10", "-o", "@out.png"}, "--size", 0},
    {"center nan,0", {"mandelbrot", SZ, "--center", "nan,0", "-o", "@out.png"}, "--center", 0},
    {"center inf,0", {"mandelbrot", SZ, "--center", "inf,0", "-o", "@out.png"}, "--center", 0},
    {"center 1", {"mandelbrot", SZ, "--center", "1", "-o", "@out.png"}, "--center", 0},
    {"width 0", {"mandelbrot", SZ, "--width", "0", "-o", "@out.png"}, "--width", 0},
    {"width -1", {"mandelbrot", SZ, "--width", "-1", "-o", "@out.png"}, "--width", 0},
    {"width nan", {"mandelbrot", SZ, "--width", "nan", "-o", "@out.png"}, "--width", 0},
    {"zoom 0", {"mandelbrot", SZ, "--zoom", "0", "-o", "@out.png"}, "--zoom", 0},
    {"iter 0", {"mandelbrot", SZ, "--iter", "0", "-o", "@out.png"}, "--iter", 0},
    {"iter 3000000000", {"mandelbrot", SZ, "--iter", "3000000000", "-o", "@out.png"}, "--iter", 0},
    {"iter 1.5", {"mandelbrot", SZ, "--iter", "1.5", "-o", "@out.png"}, "--iter", 0},
    {"bailout 1", {"mandelbrot", SZ, "--bailout", "1", "-o", "@out.png"}, "--bailout", 0},
    {"aa 0", {"mandelbrot", SZ, "--aa", "0", "-o", "@out.png"}, "--aa", 0},
    {"aa 17", {"mandelbrot", SZ, "--aa", "17", "-o", "@out.png"}, "--aa", 0},
    {"too large for memory", {"mandelbrot", "--size", "65535x65535", "--aa", "16", "-o", "@out.png"}, "GiB", 0},
    {"precision f16", {"mandelbrot", SZ, "--precision", "f16", "-o", "@out.png"}, "f16", 0},
    {"color rainbow", {"mandelbrot", SZ, "--color", "rainbow", "-o", "@out.png"}, "rainbow", 0},
    {"palette nosuchpreset", {"mandelbrot", SZ, "--palette", "nosuchpreset", "-o", "@out.png"}, "nosuchpreset", 0},
    {"palette missing file", {"mandelbrot", SZ, "--palette", "/nonexistent/p.txt", "-o", "@out.png"},
     "/nonexistent/p.txt", 0},
    {"palette file bad line", {"mandelbrot", SZ, "--palette", "@badpal.txt", "-o", "@out.png"}, "notacolour",
     FX_BADPAL},
    {"from missing file", {"--from", "/nonexistent.json", "-o", "@out.png"}, "/nonexistent.json", 0},
    {"from malformed JSON", {"--from", "@bad.json", "-o", "@out.png"}, "bad.json", FX_BADJSON},
    {"from JSON with unknown key", {"--from", "@unknown.json", "-o", "@out.png"}, "frobnicate", FX_UNKJSON},
    {"from PNG without metadata", {"--from", "@plain.png", "-o", "@out.png"}, "plain.png", FX_PLAINPNG},
    {"output folder missing", {"mandelbrot", SZ, "-o", "@nosuchdir/out.png"}, "nosuchdir", 0},
    {"output format unknown", {"mandelbrot", SZ, "-o", "@x.bmp"}, "x.bmp", 0},
    {"unknown option", {"mandelbrot", SZ, "--frobnicate", "-o", "@out.png"}, "--frobnicate", 0},
    {"unknown formula", {"mandelbort", SZ, "-o", "@out.png"}, "mandelbort", 0},
    {"no formula", {SZ, "-o", "@out.png"}, "formula", 0},
    {"too narrow for float64", {"mandelbrot", SZ, "--perturbation", "off", "--width", "1e-300", "-o", "@out.png"},
     "float64", 0},
    {"too narrow for float32", {"mandelbrot", SZ, "--precision", "f32", "--width", "1e-9", "-o", "@out.png"},
     "float32", 0},
    /* A few more malformed values. */
    {"size 10x10x", {"mandelbrot", "--size", "10x10x", "-o", "@out.png"}, "--size", 0},
    {"center 1,2,3", {"mandelbrot", SZ, "--center", "1,2,3", "-o", "@out.png"}, "--center", 0},
    {"center out of range", {"mandelbrot", SZ, "--center", "1e7,0", "-o", "@out.png"}, "--center", 0},
    {"width 1e7", {"mandelbrot", SZ, "--width", "1e7", "-o", "@out.png"}, "--width", 0},
    {"iter -1", {"mandelbrot", SZ, "--iter", "-1", "-o", "@out.png"}, "--iter", 0},
    {"power 65", {"multibrot", SZ, "--power", "65", "-o", "@out.png"}, "--power", 0},
    {"interior red", {"mandelbrot", SZ, "--interior", "red", "-o", "@out.png"}, "--interior", 0},
    {"depth 12", {"mandelbrot", SZ, "--depth", "12", "-o", "@out.png"}, "--depth", 0},
    {"threads -1", {"mandelbrot", SZ, "--threads", "-1", "-o", "@out.png"}, "--threads", 0},
    {"kernel neon", {"mandelbrot", SZ, "--kernel", "neon", "-o", "@out.png"}, "--kernel", 0},
    {"device gpu", {"mandelbrot", SZ, "--device", "gpu", "-o", "@out.png"}, "gpu", 0},
    {"device cuda:x", {"mandelbrot", SZ, "--device", "cuda:x", "-o", "@out.png"}, "cuda:x", 0},
    {"device cuda:99", {"mandelbrot", SZ, "--device", "cuda:99", "-o", "@out.png"}, "cuda:99", 0},
    {"device-memory 3", {"mandelbrot", SZ, "--device-memory", "3", "-o", "@out.png"}, "--device-memory", 0},
    {"device-memory -5", {"mandelbrot", SZ, "--device-memory", "-5", "-o", "@out.png"}, "--device-memory", 0},
    {"flag without value", {"mandelbrot", "-o", "@out.png", "--size"}, "--size", 0},
    /* The view may be at most 1e6 wide, through --zoom as through --width. */
    {"zoom 1e-7", {"mandelbrot", SZ, "--zoom", "1e-7", "-o", "@out.png"}, "zoom", 0},
};

#define N_BAD_CASES (sizeof bad_cases / sizeof *bad_cases)

/* Build the argument list of a case in the fixture's folder. */
static void case_args(fixture *f, const bad_case *c, const char **args)
{
    size_t n = 0;
    args[n++] = "render";
    for (size_t i = 0; i < 16 && c->args[i]; i++) args[n++] = c->args[i][0] == '@' ? P(f, c->args[i] + 1) : c->args[i];
    args[n] = NULL;
}

/* `status` is the exact exit status wanted, or 0 for either 1 or 2. */
static void check_failure_status(const cli_result *r, const char *what, const char *expect, int status)
{
    if (r->status == 0) fail_msg("%s: exit status 0, expected a failure; stderr:\n%s", what, r->err);
    if (r->status != 1 && r->status != 2)
        fail_msg("%s: exit status %d, expected 1 (work failed) or 2 (bad usage)", what, r->status);
    if (status && r->status != status)
        fail_msg("%s: exit status %d, expected %d; stderr:\n%s", what, r->status, status, r->err);
    if (!strstr(r->err, expect)) fail_msg("%s: stderr does not mention '%s':\n%s", what, expect, r->err);
}

static void check_failure(const cli_result *r, const char *what, const char *expect)
{
    check_failure_status(r, what, expect, 0);
}

static void test_bad_input(void **state)
{
    fixture *f = *state;
    const bad_case *c = f->param;
    const char *expected[8];
    make_fixtures(f, c->fixtures, expected);
    const char *args[20];
    case_args(f, c, args);
    cli_result r;
    run_cli_env(&r, NULL, args);
    check_failure(&r, c->name, c->expect);
    cli_result_free(&r);
    assert_folder_holds(f, expected);
}

/* An existing output file survives a failed render byte for byte. */
static void test_existing_output_untouched(void **state)
{
    fixture *f = *state;
    static const bad_case cases[] = {
        {"bad flag", {"mandelbrot", SZ, "--iter", "0", "-o", "@out.png"}, "--iter", 0},
        {"bad palette", {"mandelbrot", SZ, "--palette", "nosuchpreset", "-o", "@out.png"}, "nosuchpreset", 0},
        {"too large", {"mandelbrot", "--size", "65535x65535", "--aa", "16", "-o", "@out.png"}, "GiB", 0},
        {"bad scene", {"--from", "@bad.json", "-o", "@out.png"}, "bad.json", FX_BADJSON},
        {"bad flag, scene output", {"mandelbrot", SZ, "--aa", "0", "-o", "@out.json"}, "--aa", 0},
        {"bad flag, ppm output", {"mandelbrot", SZ, "--width", "0", "-o", "@out.ppm"}, "--width", 0},
        {"bad flag, npy output", {"mandelbrot", SZ, "--center", "1", "-o", "@out.npy"}, "--center", 0},
    };
    /* Real content for the PNG (a previous render), marker bytes for the rest. */
    const char *png = P(f, "out.png");
    run_ok("render", "mandelbrot", "--size", "32x18", "-q", "-o", png);
    size_t png_len = 0;
    unsigned char *png_bytes = read_file(png, &png_len);
    assert_non_null(png_bytes);
    static const char marker[] = "precious contents, keep me\n";
    write_text(P(f, "out.json"), marker);
    write_text(P(f, "out.ppm"), marker);
    write_text(P(f, "out.npy"), marker);

    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *expected[8];
        make_fixtures(f, cases[i].fixtures, expected);
        size_t n = 0;
        while (expected[n]) n++;
        const char *outs[] = {"out.png", "out.json", "out.ppm", "out.npy"};
        for (size_t k = 0; k < 4; k++) expected[n++] = outs[k];
        expected[n] = NULL;

        const char *args[20];
        case_args(f, &cases[i], args);
        cli_result r;
        run_cli_env(&r, NULL, args);
        check_failure(&r, cases[i].name, cases[i].expect);
        cli_result_free(&r);
        assert_folder_holds(f, expected);

        size_t len = 0;
        unsigned char *now = read_file(P(f, "out.png"), &len);
        assert_non_null(now);
        if (len != png_len || memcmp(now, png_bytes, len)) {
            free(now);
            fail_msg("%s: the existing out.png was changed", cases[i].name);
        }
        free(now);
        for (size_t k = 1; k < 4; k++) {
            now = read_file(P(f, outs[k]), &len);
            assert_non_null(now);
            int same = len == sizeof marker - 1 && !memcmp(now, marker, len);
            free(now);
            if (!same) fail_msg("%s: the existing %s was changed", cases[i].name, outs[k]);
        }
        if (cases[i].fixtures & FX_BADJSON) unlink(P(f, "bad.json"));
    }
    free(png_bytes);
}

/* Whitespace inside a number is bad usage (exit 2), not a value. */
static void test_whitespace_in_numbers(void **state)
{
    fixture *f = *state;
    static const bad_case cases[] = {
        {"size ' 5x10'", {"mandelbrot", "--size", " 5x10", "-o", "@out.png"}, "--size", 0},
        {"size '5x 10'", {"mandelbrot", "--size", "5x 10", "-o", "@out.png"}, "--size", 0},
        {"size '5x10 '", {"mandelbrot", "--size", "5x10 ", "-o", "@out.png"}, "--size", 0},
        {"iter ' 5'", {"mandelbrot", SZ, "--iter", " 5", "-o", "@out.png"}, "--iter", 0},
        {"iter '5 '", {"mandelbrot", SZ, "--iter", "5 ", "-o", "@out.png"}, "--iter", 0},
        {"iter=' 5'", {"mandelbrot", SZ, "--iter= 5", "-o", "@out.png"}, "--iter", 0},
    };
    const char *none[] = {NULL};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[20];
        case_args(f, &cases[i], args);
        cli_result r;
        run_cli_env(&r, NULL, args);
        check_failure_status(&r, cases[i].name, cases[i].expect, 2);
        cli_result_free(&r);
        assert_folder_holds(f, none);
    }
}

/* `render` and `params` with nothing to work on. */
static void test_usage_errors(void **state)
{
    fixture *f = *state;
    const char *none[] = {NULL};
    cli_result r;
    run_cli(&r, "params");
    check_failure(&r, "params without a file", "params");
    cli_result_free(&r);
    run_cli(&r, "params", P(f, "missing.png"));
    check_failure(&r, "params of a missing file", "missing.png");
    cli_result_free(&r);
    run_cli(&r, "frobnicate");
    check_failure(&r, "unknown command", "frobnicate");
    cli_result_free(&r);
    run_cli(&r, "bench", "--scene", "nosuchscene");
    check_failure(&r, "bench of an unknown scene", "nosuchscene");
    cli_result_free(&r);
    run_cli(&r, "bench", "--repeats", "0");
    check_failure(&r, "bench with 0 repeats", "--repeats");
    cli_result_free(&r);
    assert_folder_holds(f, none);
}

int main(void)
{
    if (!cli_path()) {
        fprintf(stderr, "FR_CLI is not set: the CLI tests need the fractalis binary\n");
        return 1;
    }
    static char names[N_BAD_CASES][96];
    struct CMUnitTest tests[N_BAD_CASES + 3];
    for (size_t i = 0; i < N_BAD_CASES; i++) {
        snprintf(names[i], sizeof names[i], "bad input: %s", bad_cases[i].name);
        tests[i] = (struct CMUnitTest){.name = names[i],
                                       .test_func = test_bad_input,
                                       .setup_func = setup,
                                       .teardown_func = cli_teardown,
                                       .initial_state = (void *)&bad_cases[i]};
    }
    tests[N_BAD_CASES] = (struct CMUnitTest)cmocka_unit_test_setup_teardown(test_existing_output_untouched,
                                                                            setup, cli_teardown);
    tests[N_BAD_CASES + 1] =
        (struct CMUnitTest)cmocka_unit_test_setup_teardown(test_usage_errors, setup, cli_teardown);
    tests[N_BAD_CASES + 2] =
        (struct CMUnitTest)cmocka_unit_test_setup_teardown(test_whitespace_in_numbers, setup, cli_teardown);
    return _cmocka_run_group_tests("test_cli_errors", tests, N_BAD_CASES + 3, NULL, NULL);
}
