/* End-to-end tests of `fractalis render` / `fractalis params` / `--help`:
 * they run the real binary ($FR_CLI) without a shell and check its outputs
 * through the library's own readers. Every test works in a fresh folder
 * under $FR_TEST_TMP/cli_render and uses small images (the CI machine has
 * two cores). */
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
#include <unistd.h>

#include "fractalis.h"
#include "cli_support.h"

/* --------------------------------------------------------------- fixture */

static int setup(void **state)
{
    return cli_setup(state, "cli_render");
}

/* --------------------------------------------------------------- helpers */

static void assert_files_equal(const char *a, const char *b)
{
    size_t na = 0, nb = 0;
    unsigned char *da = read_file(a, &na), *db = read_file(b, &nb);
    if (!da || !db) {
        free(da);
        free(db);
        fail_msg("cannot read '%s' or '%s'", a, b);
    }
    size_t i = 0;
    while (i < na && i < nb && da[i] == db[i]) i++;
    free(da);
    free(db);
    if (na != nb || i != na)
        fail_msg("'%s' (%zu bytes) and '%s' (%zu bytes) differ at byte %zu", a, na, b, nb, i);
}

/* Decode a PNG and check its size and depth; returns its metadata (or NULL). */
static char *check_png(fixture *f, const char *path, int w, int h, int depth)
{
    fr_image img = {0};
    char *meta = NULL;
    fr_status s = fr_image_read_png(f->ctx, path, &img, &meta);
    if (s != FR_OK) fail_msg("fr_image_read_png(%s): %s", path, fr_last_error(f->ctx));
    assert_int_equal(img.width, w);
    assert_int_equal(img.height, h);
    assert_int_equal(img.depth, depth);
    assert_non_null(img.pixels);
    fr_image_free(&img);
    return meta;
}

/* A parsed .npy file (format version 1 or 2). */
typedef struct npy {
    unsigned char *data;
    size_t len;
    char header[1024];
    size_t data_off;
} npy;

static void npy_read(const char *path, npy *n)
{
    memset(n, 0, sizeof *n);
    n->data = read_file(path, &n->len);
    assert_non_null(n->data);
    assert_true(n->len >= 12);
    assert_memory_equal(n->data, "\x93NUMPY", 6);
    size_t hlen, hoff;
    if (n->data[6] == 1) {
        hlen = n->data[8] | (size_t)n->data[9] << 8;
        hoff = 10;
    } else {
        assert_true(n->len >= 12);
        hlen = n->data[8] | (size_t)n->data[9] << 8 | (size_t)n->data[10] << 16 | (size_t)n->data[11] << 24;
        hoff = 12;
    }
    assert_true(hoff + hlen <= n->len);
    assert_true(hlen < sizeof n->header);
    memcpy(n->header, n->data + hoff, hlen);
    n->header[hlen] = 0;
    n->data_off = hoff + hlen;
    assert_int_equal(n->data_off % 16, 0); /* the format aligns the data */
}

static void npy_check(const char *path, const char *descr, int rows, int cols)
{
    npy n;
    npy_read(path, &n);
    char want[64];
    snprintf(want, sizeof want, "'%s'", descr);
    if (!strstr(n.header, want)) fail_msg("%s: header lacks %s: %s", path, want, n.header);
    snprintf(want, sizeof want, "(%d, %d)", rows, cols);
    if (!strstr(n.header, want)) fail_msg("%s: header lacks shape %s: %s", path, want, n.header);
    assert_non_null(strstr(n.header, "'fortran_order': False"));
    assert_int_equal(n.len - n.data_off, (size_t)rows * (size_t)cols * 4);
    free(n.data);
}

/* -------------------------------------------------------------------- tests */

static void test_png_basic(void **state)
{
    fixture *f = *state;
    const char *out = P(f, "m.png");
    run_ok("render", "mandelbrot", "--size", "160x90", "-o", out);
    char *meta = check_png(f, out, 160, 90, 8);
    assert_non_null(meta);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_JULIA); /* the JSON must say mandelbrot */
    p.width = p.height = 7;
    fr_status s = fr_escape_params_from_json(f->ctx, meta, &p);
    if (s != FR_OK) fail_msg("metadata does not parse: %s\n%s", fr_last_error(f->ctx), meta);
    assert_int_equal(p.width, 160);
    assert_int_equal(p.height, 90);
    assert_int_equal(p.formula, FR_MANDELBROT);
    assert_int_equal(fr_escape_params_validate(f->ctx, &p), FR_OK);
    free(meta);
}

static void test_png_depth16(void **state)
{
    fixture *f = *state;
    const char *out = P(f, "m16.png");
    run_ok("render", "mandelbrot", "--size", "160x90", "--depth", "16", "-q", "-o", out);
    free(check_png(f, out, 160, 90, 16));
}

static void test_every_formula(void **state)
{
    fixture *f = *state;
    const char *formulas[] = {"mandelbrot", "julia", "burningship", "tricorn", "multibrot"};
    for (size_t i = 0; i < sizeof formulas / sizeof *formulas; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s.png", formulas[i]);
        const char *out = P(f, name);
        run_ok("render", formulas[i], "--size", "64x48", "--iter", "200", "-q", "-o", out);
        char *meta = check_png(f, out, 64, 48, 8);
        assert_non_null(meta);
        fr_escape_params p;
        fr_escape_params_default(&p, FR_MANDELBROT);
        assert_int_equal(fr_escape_params_from_json(f->ctx, meta, &p), FR_OK);
        assert_string_equal(fr_formula_name(p.formula), formulas[i]);
        free(meta);
    }
}

static void test_every_colouring(void **state)
{
    fixture *f = *state;
    const char *modes[] = {"count", "smooth", "histogram", "distance"};
    for (size_t i = 0; i < sizeof modes / sizeof *modes; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s.png", modes[i]);
        const char *out = P(f, name);
        run_ok("render", "mandelbrot", "--size", "64x48", "--iter", "200", "--color", modes[i], "-q", "-o", out);
        free(check_png(f, out, 64, 48, 8));
    }
}

static void test_from_png_reproduces(void **state)
{
    fixture *f = *state;
    const char *x = P(f, "x.png"), *y = P(f, "y.png");
    run_ok("render", "julia", "--size", "160x90", "--c", "-0.4,0.6", "--palette", "ultra", "--aa", "2", "--rotate",
           "30", "--color", "histogram", "--iter", "500", "--precision", "f32", "-q", "-o", x);
    run_ok("render", "--from", x, "-q", "-o", y);
    assert_files_equal(x, y);
}

static void test_from_png_custom_palette(void **state)
{
    fixture *f = *state;
    const char *pal = P(f, "pal.txt"), *x = P(f, "x.png"), *y = P(f, "y.png");
    write_text(pal, "#ff0000\n#00ff00\n#0000ff\n");
    run_ok("render", "mandelbrot", "--size", "160x90", "--palette", pal, "--iter", "300", "-q", "-o", x);
    assert_int_equal(unlink(pal), 0); /* the PNG must carry the colours itself */
    run_ok("render", "--from", x, "-q", "-o", y);
    assert_files_equal(x, y);

    /* The embedded palette is the colour list, not the file name. */
    char *meta = check_png(f, x, 160, 90, 8);
    assert_non_null(meta);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    assert_int_equal(fr_escape_params_from_json(f->ctx, meta, &p), FR_OK);
    assert_int_equal(p.palette.count, 3);
    assert_int_equal(p.palette.rgb[0][0], 0xff);
    assert_int_equal(p.palette.rgb[1][1], 0xff);
    assert_int_equal(p.palette.rgb[2][2], 0xff);
    free(meta);
}

static void test_from_png_size_override(void **state)
{
    fixture *f = *state;
    const char *x = P(f, "x.png"), *z = P(f, "z.png");
    run_ok("render", "mandelbrot", "--size", "160x90", "--iter", "300", "-q", "-o", x);
    run_ok("render", "--from", x, "--size", "80x45", "-q", "-o", z);
    char *meta = check_png(f, z, 80, 45, 8);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_JULIA);
    assert_int_equal(fr_escape_params_from_json(f->ctx, meta, &p), FR_OK);
    assert_int_equal(p.width, 80);
    assert_int_equal(p.height, 45);
    assert_int_equal(p.formula, FR_MANDELBROT);
    assert_int_equal(p.max_iter, 300); /* the rest comes from x.png */
    free(meta);
}

static void test_scene_json(void **state)
{
    fixture *f = *state;
    const char *scene = P(f, "scene.json"), *a = P(f, "a.png"), *b = P(f, "b.png");
#define SCENE_FLAGS "mandelbrot", "--size", "160x90", "--center", "-0.5,0.1", "--iter", "300", "--palette", "fire"
    run_ok("render", SCENE_FLAGS, "-q", "-o", scene);

    /* Only the scene was written: no image anywhere in the folder. */
    DIR *d = opendir(f->dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        if (strcmp(e->d_name, "scene.json")) {
            closedir(d);
            fail_msg("unexpected file '%s' after writing a scene", e->d_name);
        }
    }
    closedir(d);

    size_t len = 0;
    char *text = (char *)read_file(scene, &len);
    assert_non_null(text);
    assert_true(len > 0);
    char *t = realloc(text, len + 1);
    assert_non_null(t);
    text = t;
    text[len] = 0;
    assert_int_equal(text[strspn(text, " \t\r\n")], '{');
    fr_escape_params p;
    fr_escape_params_default(&p, FR_JULIA);
    if (fr_escape_params_from_json(f->ctx, text, &p) != FR_OK)
        fail_msg("scene does not parse: %s\n%s", fr_last_error(f->ctx), text);
    assert_int_equal(p.formula, FR_MANDELBROT);
    assert_int_equal(p.width, 160);
    assert_int_equal(p.height, 90);
    assert_int_equal(p.max_iter, 300);
    free(text);

    run_ok("render", "--from", scene, "-q", "-o", a);
    run_ok("render", SCENE_FLAGS, "-q", "-o", b);
#undef SCENE_FLAGS
    free(check_png(f, a, 160, 90, 8));
    assert_files_equal(a, b);
}

static void check_ppm(const char *path, const char *header, size_t bytes_per_sample)
{
    size_t len = 0;
    unsigned char *d = read_file(path, &len);
    assert_non_null(d);
    size_t hl = strlen(header);
    assert_true(len >= hl);
    if (memcmp(d, header, hl)) fail_msg("%s: header is not '%s'", path, header);
    assert_int_equal(len, hl + (size_t)160 * 90 * 3 * bytes_per_sample);
    free(d);
}

static void test_ppm(void **state)
{
    fixture *f = *state;
    const char *p8 = P(f, "m.ppm"), *p16 = P(f, "m16.ppm");
    run_ok("render", "mandelbrot", "--size", "160x90", "-q", "-o", p8);
    check_ppm(p8, "P6\n160 90\n255\n", 1);
    run_ok("render", "mandelbrot", "--size", "160x90", "--depth", "16", "-q", "-o", p16);
    check_ppm(p16, "P6\n160 90\n65535\n", 2);
}

static void test_npy(void **state)
{
    fixture *f = *state;
    const char *c = P(f, "count.npy"), *s = P(f, "smooth.npy"), *a = P(f, "aa.npy");
    run_ok("render", "mandelbrot", "--size", "160x90", "--iter", "300", "--color", "count", "-q", "-o", c);
    npy_check(c, "<u4", 90, 160);
    run_ok("render", "mandelbrot", "--size", "160x90", "--iter", "300", "--color", "smooth", "-q", "-o", s);
    npy_check(s, "<f4", 90, 160);
    run_ok("render", "mandelbrot", "--size", "160x90", "--iter", "300", "--color", "count", "--aa", "2", "-q", "-o",
           a);
    npy_check(a, "<u4", 180, 320);
}

static void test_npy_known_count(void **state)
{
    fixture *f = *state;
    const char *x = P(f, "x.npy");
    /* c = 1: z = 0, 1, 2, 5; |z3| = 5 > 2 is the first escape: count 3. */
    run_ok("render", "mandelbrot", "--size", "1x1", "--center", "1,0", "--width", "1e-9", "--color", "count",
           "--bailout", "2", "-q", "-o", x);
    npy n;
    npy_read(x, &n);
    assert_non_null(strstr(n.header, "'<u4'"));
    assert_non_null(strstr(n.header, "(1, 1)"));
    assert_int_equal(n.len - n.data_off, 4);
    const unsigned char *v = n.data + n.data_off;
    uint32_t count = v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 | (uint32_t)v[3] << 24;
    free(n.data);
    assert_int_equal(count, 3);
}

static void test_params(void **state)
{
    fixture *f = *state;
    const char *x = P(f, "x.png");
    run_ok("render", "julia", "--size", "64x48", "--c", "-0.4,0.6", "--iter", "200", "-q", "-o", x);
    cli_result r;
    run_cli(&r, "params", x);
    if (r.status != 0) fail_msg("params exited %d: %s", r.status, r.err);
    if (!strstr(r.out, "\"formula\": \"julia\"")) fail_msg("no julia formula in:\n%s", r.out);
    int found = !strncmp(r.out, "fractalis render julia", 22);
    for (const char *q = strchr(r.out, '\n'); q && !found; q = strchr(q + 1, '\n'))
        found = !strncmp(q + 1, "fractalis render julia", 22);
    if (!found) fail_msg("no line starting 'fractalis render julia' in:\n%s", r.out);
    cli_result_free(&r);
}

/* `flag` appears as a word: after start/space, before space, ',', '=' or end of line. */
static const char *find_flag(const char *text, const char *flag)
{
    size_t n = strlen(flag);
    for (const char *q = strstr(text, flag); q; q = strstr(q + 1, flag)) {
        int before = q == text || q[-1] == ' ' || q[-1] == '\n' || q[-1] == '\t';
        char c = q[n];
        int after = c == ' ' || c == ',' || c == '=' || c == '\n' || c == '\t' || c == 0;
        if (before && after) return q;
    }
    return NULL;
}

/* Every flag of a parameter table is listed with its default (aliases,
 * which have no value of their own, with their range). */
static void check_table_help(const char *text, int count, const fr_param_info *(*info)(int), const char *skip)
{
    assert_true(count > 1);
    for (int i = 0; i < count; i++) {
        const fr_param_info *in = info(i);
        assert_non_null(in);
        if (skip && !strcmp(in->name, skip)) continue;
        char flag[80];
        snprintf(flag, sizeof flag, "--%s", in->name);
        const char *at = find_flag(text, flag);
        if (!at) fail_msg("help does not list %s", flag);
        if (in->flags & FR_PARAM_ALIAS) continue;
        /* The entry runs until the next line that starts a flag. */
        const char *end = strstr(at + strlen(flag), "\n  --");
        size_t len = end ? (size_t)(end - at) : strlen(at);
        char *entry = strndup(at, len);
        assert_non_null(entry);
        int ok = strstr(entry, "default:") != NULL;
        if (!ok) print_error("help entry:\n%s\n", entry);
        free(entry);
        if (!ok) fail_msg("help entry of %s shows no 'default:'", flag);
    }
}

static void check_flags(const char *text, const char *const *flags)
{
    for (size_t i = 0; flags[i]; i++)
        if (!find_flag(text, flags[i])) fail_msg("help does not list %s:\n%s", flags[i], text);
}

static void test_help(void **state)
{
    (void)state;
    cli_result r;
    /* the top level lists every command */
    run_cli(&r, "--help");
    if (r.status != 0) fail_msg("fractalis --help exited %d: %s", r.status, r.err);
    const char *commands[] = {"render FORMULA", "render buddhabrot", "render flame", "render --from", "flame info",
                              "flame convert", "params", "compare", "devices", "bench", "bench orbit",
                              "bench flame", "--version"};
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strstr(r.out, commands[i])) fail_msg("fractalis --help does not list '%s':\n%s", commands[i], r.out);
    cli_result_free(&r);
    /* each render command lists its family's table and the run options */
    run_cli(&r, "render", "--help");
    if (r.status != 0) fail_msg("fractalis render --help exited %d: %s", r.status, r.err);
    check_table_help(r.out, fr_escape_param_count(), fr_escape_param_info, "formula");
    check_flags(r.out, ARGS("--threads", "--device", "--kernel", "--device-memory", "--quiet", "-o", "--from",
                            "--jpeg-quality"));
    cli_result_free(&r);
    run_cli(&r, "help", "render", "buddhabrot");
    if (r.status != 0) fail_msg("fractalis help render buddhabrot exited %d: %s", r.status, r.err);
    check_table_help(r.out, fr_buddha_param_count(), fr_buddha_param_info, NULL);
    check_flags(r.out, ARGS("--threads", "--device", "--kernel", "--quiet", "-o", "--from", "--resume"));
    cli_result_free(&r);
    run_cli(&r, "render", "flame", "--help");
    if (r.status != 0) fail_msg("fractalis render flame --help exited %d: %s", r.status, r.err);
    check_table_help(r.out, fr_flame_option_count(), fr_flame_option_info, NULL);
    check_flags(r.out, ARGS("--threads", "--device", "--kernel", "--host-memory", "--quiet", "-o", "--index",
                            "--name", "--all", "--raw", "--strict", "--palettes"));
    cli_result_free(&r);
}

/* One set of ranges for the run options: every command says the same of
 * the same bad value. */
static void test_run_options_agree(void **state)
{
    (void)state;
    const char *cmds[][3] = {{"render", "mandelbrot", NULL}, {"render", "buddhabrot", NULL},
                             {"render", "flame", "/nonexistent.flam3"}};
    const char *bad[][3] = {{"--threads", "-1", "--threads '-1' must be a whole number 0..4096"},
                            {"--threads", "4097", "--threads '4097' must be a whole number 0..4096"},
                            {"--device-memory", "8", "--device-memory '8' must be 0 (automatic) or 16..16777216 MiB"},
                            {"--jpeg-quality", "0", "--jpeg-quality '0' must be a whole number 1..100"},
                            {"--kernel", "neon", "--kernel 'neon' is not one of auto, scalar, avx2"}};
    for (size_t c = 0; c < 3; c++)
        for (size_t b = 0; b < sizeof bad / sizeof *bad; b++) {
            cli_result r;
            const char *args[] = {cmds[c][0], cmds[c][1], bad[b][0], bad[b][1], "-q", cmds[c][2], NULL};
            run_cli_env(&r, NULL, args);
            if (r.status != 2 || !strstr(r.err, bad[b][2]))
                fail_msg("%s %s %s %s: exit %d, stderr '%s', expected '%s'", cmds[c][0], cmds[c][1], bad[b][0],
                         bad[b][1], r.status, r.err, bad[b][2]);
            cli_result_free(&r);
        }
    /* --threads 0 (all) is taken by every command */
    cli_result r;
    run_cli(&r, "render", "flame", "--threads", "0", "--help");
    assert_int_equal(r.status, 0);
    cli_result_free(&r);
}

/* devices lists the CPU and says what it found of CUDA; bench prints its
 * table with the plain-kernel comparison. */
static void test_devices_and_bench(void **state)
{
    (void)state;
    cli_result r;
    run_cli(&r, "devices");
    if (r.status != 0) fail_msg("fractalis devices exited %d: %s", r.status, r.err);
    assert_non_null(strstr(r.out, "cpu "));
    assert_non_null(strstr(r.out, "cuda"));
    /* without a GPU, the reason (it was lost, once: an empty "no usable GPU: ") */
    const char *none = strstr(r.out, "no usable GPU: ");
    if (none && (none[15] == '\n' || none[15] == 0)) fail_msg("devices gives no reason: %s", r.out);
    cli_result_free(&r);
    run_cli(&r, "bench", "--device", "cpu", "--small", "--scene", "full-f32", "--repeats", "1");
    if (r.status != 0) fail_msg("fractalis bench exited %d: %s", r.status, r.err);
    assert_non_null(strstr(r.out, "speed-up"));
    assert_non_null(strstr(r.out, "full-f32      cpu"));
    cli_result_free(&r);
    run_cli(&r, "bench", "--help");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "--sweep"));
    cli_result_free(&r);
}

#define DET_FLAGS "mandelbrot", "--size", "160x90", "--center", "-0.74,0.15", "--width", "0.3", "--iter", "400", "-q"

static void test_threads_identical(void **state)
{
    fixture *f = *state;
    const char *t1 = P(f, "t1.png"), *t3 = P(f, "t3.png");
    run_ok("render", DET_FLAGS, "--threads", "1", "-o", t1);
    run_ok("render", DET_FLAGS, "--threads", "3", "-o", t3);
    assert_files_equal(t1, t3);
}

static void test_kernels_identical(void **state)
{
    fixture *f = *state;
    if (fr_cpu_kernel_best() != FR_CPU_KERNEL_AVX2) {
        print_message("skipped: this processor has no AVX2 and FMA, so only the scalar kernel runs\n");
        skip(); /* hardware, not data: ctest reports the test passed, cmocka lists it as skipped */
    }
    const char *precisions[] = {"f64", "f32"};
    for (int i = 0; i < 2; i++) {
        const char *s = P(f, "scalar.png"), *v = P(f, "avx2.png");
        run_ok("render", DET_FLAGS, "--precision", precisions[i], "--kernel", "scalar", "-o", s);
        run_ok("render", DET_FLAGS, "--precision", precisions[i], "--kernel", "avx2", "-o", v);
        assert_files_equal(s, v);
    }
}

static void test_omp_env_identical(void **state)
{
    fixture *f = *state;
    const char *a = P(f, "default.png"), *b = P(f, "omp1.png");
    run_ok("render", DET_FLAGS, "-o", a);
    cli_result r;
    run_cli_env(&r, ARGS("OMP_NUM_THREADS=1"), ARGS("render", DET_FLAGS, "-o", b));
    if (r.status != 0) fail_msg("exited %d: %s", r.status, r.err);
    cli_result_free(&r);
    assert_files_equal(a, b);
}

static void test_zoom_is_width(void **state)
{
    fixture *f = *state;
    const char *z = P(f, "zoom.png"), *w = P(f, "width.png");
    run_ok("render", "mandelbrot", "--size", "160x90", "--iter", "300", "--zoom", "2", "-q", "-o", z);
    run_ok("render", "mandelbrot", "--size", "160x90", "--iter", "300", "--width", "2", "-q", "-o", w);
    assert_files_equal(z, w);
}

/* --depth is a scene parameter: a 16-bit PNG carries it, and --from gives the
 * same file back without repeating the flag. */
static void test_depth_in_scene(void **state)
{
    fixture *f = *state;
    const char *a = P(f, "a.png"), *b = P(f, "b.png");
    run_ok("render", "julia", "--size", "64x48", "--depth", "16", "-q", "-o", a);
    run_ok("render", "--from", a, "-q", "-o", b);
    free(check_png(f, a, 64, 48, 16));
    char *meta = check_png(f, b, 64, 48, 16);
    assert_non_null(meta);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    if (fr_escape_params_from_json(f->ctx, meta, &p) != FR_OK)
        fail_msg("metadata does not parse: %s\n%s", fr_last_error(f->ctx), meta);
    assert_int_equal(p.depth, 16);
    assert_int_equal(p.formula, FR_JULIA);
    free(meta);
    assert_files_equal(a, b);

    /* A later --depth overrides the scene's. */
    const char *c = P(f, "c.png");
    run_ok("render", "--from", a, "--depth", "8", "-q", "-o", c);
    free(check_png(f, c, 64, 48, 8));
}

/* --zoom 4 is the default view width (4 / 4 = 1). */
static void test_zoom4_is_width1(void **state)
{
    fixture *f = *state;
    const char *z = P(f, "zoom.png"), *w = P(f, "width.png");
    run_ok("render", "mandelbrot", "--size", "64x48", "--iter", "300", "--zoom", "4", "-q", "-o", z);
    run_ok("render", "mandelbrot", "--size", "64x48", "--iter", "300", "--width", "1", "-q", "-o", w);
    assert_files_equal(z, w);
}

/* Histogram colouring writes escape counts to .npy, as the help says: the
 * same uint32 array as count colouring. */
static void test_npy_histogram_counts(void **state)
{
    fixture *f = *state;
    const char *h = P(f, "h.npy"), *c = P(f, "c.npy");
    run_ok("render", "mandelbrot", "--size", "64x48", "--iter", "300", "--color", "histogram", "-q", "-o", h);
    npy_check(h, "<u4", 48, 64);
    run_ok("render", "mandelbrot", "--size", "64x48", "--iter", "300", "--color", "count", "-q", "-o", c);
    npy nh, nc;
    npy_read(h, &nh);
    npy_read(c, &nc);
    int same = nh.len - nh.data_off == nc.len - nc.data_off &&
               !memcmp(nh.data + nh.data_off, nc.data + nc.data_off, nh.len - nh.data_off);
    free(nh.data);
    free(nc.data);
    if (!same) fail_msg("histogram and count .npy hold different counts");
}

/* `s` in single quotes for /bin/sh, appended to buf. */
static void sh_quote(char *buf, size_t n, const char *s)
{
    size_t len = strlen(buf);
    if (len + 1 < n) buf[len++] = '\'';
    for (; *s && len + 5 < n; s++) {
        if (*s == '\'') {
            memcpy(buf + len, "'\\''", 4);
            len += 4;
        } else {
            buf[len++] = *s;
        }
    }
    if (*s) fail_msg("command too long");
    buf[len++] = '\'';
    buf[len] = 0;
}

/* The last line of `params` is a shell command that renders the same image,
 * even with values a shell would mangle unquoted ('#' starts a comment). */
static void test_params_command_reproduces(void **state)
{
    fixture *f = *state;
    const char *x = P(f, "x.png");
    run_ok("render", "mandelbrot", "--size", "64x48", "--iter", "300", "--palette", "#ff0000,#00ff00,#0000ff",
           "--interior", "#102030", "-q", "-o", x);

    /* The palette and interior really are the custom ones. */
    char *meta = check_png(f, x, 64, 48, 8);
    assert_non_null(meta);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_JULIA);
    assert_int_equal(fr_escape_params_from_json(f->ctx, meta, &p), FR_OK);
    assert_int_equal(p.palette.count, 3);
    assert_int_equal(p.palette.rgb[0][0], 0xff);
    assert_int_equal(p.palette.rgb[0][1], 0);
    assert_int_equal(p.palette.rgb[2][2], 0xff);
    assert_int_equal(p.interior[0], 0x10);
    assert_int_equal(p.interior[1], 0x20);
    assert_int_equal(p.interior[2], 0x30);
    free(meta);

    cli_result r;
    run_cli(&r, "params", x);
    if (r.status != 0) fail_msg("params exited %d: %s", r.status, r.err);
    /* The last non-empty line. */
    size_t len = strlen(r.out);
    while (len > 0 && (r.out[len - 1] == '\n' || r.out[len - 1] == '\r')) r.out[--len] = 0;
    const char *nl = strrchr(r.out, '\n');
    const char *last = nl ? nl + 1 : r.out;
    static const char prefix[] = "fractalis render";
    if (strncmp(last, prefix, sizeof prefix - 1))
        fail_msg("the last line of params does not start with '%s':\n%s", prefix, r.out);

    static char cmd[16384];
    cmd[0] = 0;
    sh_quote(cmd, sizeof cmd, cli_path());
    const char *again = P(f, "again.png");
    if (strlen(cmd) + strlen(last) - strlen("fractalis") + strlen(" -q -o ") + 4 * strlen(again) + 3 >= sizeof cmd)
        fail_msg("command too long");
    strcat(cmd, last + strlen("fractalis"));
    strcat(cmd, " -q -o ");
    sh_quote(cmd, sizeof cmd, again);
    cli_result_free(&r);

    run_prog_env(&r, "/bin/sh", NULL, ARGS("-c", cmd));
    if (r.status != 0) fail_msg("sh -c exited %d running:\n%s\nstderr:\n%s", r.status, cmd, r.err);
    cli_result_free(&r);
    assert_files_equal(x, again);
}

int main(void)
{
    if (!cli_path()) {
        fprintf(stderr, "FR_CLI is not set: the CLI tests need the fractalis binary\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_png_basic, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_png_depth16, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_every_formula, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_every_colouring, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_from_png_reproduces, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_from_png_custom_palette, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_from_png_size_override, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_scene_json, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_ppm, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_npy, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_npy_known_count, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_params, setup, cli_teardown),
        cmocka_unit_test(test_help), cmocka_unit_test(test_run_options_agree),
        cmocka_unit_test_setup_teardown(test_threads_identical, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_kernels_identical, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_omp_env_identical, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_zoom_is_width, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_depth_in_scene, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_zoom4_is_width1, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_npy_histogram_counts, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_params_command_reproduces, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_devices_and_bench, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
