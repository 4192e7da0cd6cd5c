/* Deep zoom on the CPU: the AVX2 lanes (src/cpu/cpu_deep_avx2.c) give
 * every sample the bits of the scalar per-pixel loop (deep_pixel.h): the
 * same counts, smooth values, distance and directional estimates, and the
 * same steps performed and iterations skipped by BLA, on whole images at
 * several depths (the rescaled rebase test below 2^-400 included, and a
 * rotated view: the deltas' rotation must not be fused) and at
 * the Kalles Fraktaler benchmark locations that run in double
 * ($FR_SHARED/corpus/kfr), at low resolution. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "deep_views.h"
#include "fractalis.h"

typedef struct rendered {
    fr_escape_raw raw;
    fr_escape_extra extra;
    fr_escape_stats st;
} rendered;

static void render(const fr_escape_params *p, fr_cpu_kernel kernel, int threads, unsigned want, rendered *r)
{
    fr_context *ctx = fr_context_create();
    assert_non_null(ctx);
    assert_int_equal(fr_context_set_cpu_kernel(ctx, kernel), FR_OK);
    fr_context_set_threads(ctx, threads);
    memset(r, 0, sizeof *r);
    assert_int_equal(fr_escape_render_raw(ctx, p, NULL, &r->raw, want, &r->extra, &r->st), FR_OK);
    fr_context_destroy(ctx);
}

/* Renders p with the scalar loop and with the AVX2 lanes (2 threads each,
 * and the lanes on 1 thread too) and compares every sample. */
static void same_bits(const char *what, const fr_escape_params *p, unsigned want)
{
    const size_t n = (size_t)p->width * (size_t)p->height;
    rendered s, v, v1;
    render(p, FR_CPU_KERNEL_SCALAR, 2, want, &s);
    render(p, FR_CPU_KERNEL_AVX2, 2, want, &v);
    render(p, FR_CPU_KERNEL_AVX2, 1, want, &v1);
    size_t escaped = 0, interior = 0;
    for (size_t i = 0; i < n; i++) escaped += s.raw.counts[i] < p->max_iter, interior += s.raw.counts[i] >= p->max_iter;
    printf("# %s: %zu escaped, %zu interior, %llu steps, %llu skipped by BLA\n", what, escaped, interior,
           (unsigned long long)s.st.iterations, (unsigned long long)s.st.iterations_skipped);
    assert_int_equal(s.st.deep, 1); /* double: the lanes' mode */
    assert_true(escaped > 0 && s.st.iterations > 0);
    for (int k = 0; k < 2; k++) {
        const rendered *o = k ? &v1 : &v;
        assert_int_equal(o->st.deep, 1);
        assert_memory_equal(s.raw.counts, o->raw.counts, n * sizeof *s.raw.counts);
        assert_memory_equal(s.raw.values, o->raw.values, n * sizeof *s.raw.values);
        if (want & FR_RAW_SMOOTH) assert_memory_equal(s.extra.smooth, o->extra.smooth, n * sizeof *s.extra.smooth);
        if (want & FR_RAW_DE) assert_memory_equal(s.extra.de, o->extra.de, 2 * n * sizeof *s.extra.de);
        assert_true(s.st.iterations == o->st.iterations);
        assert_true(s.st.iterations_skipped == o->st.iterations_skipped);
    }
    rendered *all[] = {&s, &v, &v1};
    for (int k = 0; k < 3; k++) fr_escape_raw_free(&all[k]->raw), fr_escape_extra_free(&all[k]->extra);
}

static fr_escape_params *mk(const char *center, const char *width, uint32_t iter, int w, int h, fr_color_mode color)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = malloc(sizeof *p);
    assert_non_null(p);
    fr_escape_params_default(p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, p, "center", center), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, p, "width", width), FR_OK);
    p->max_iter = iter, p->width = w, p->height = h, p->color = color;
    fr_context_destroy(ctx);
    return p;
}

/* Whole images: the KF 1e14 centre (smooth and distance colouring: the
 * derivative rides in the lanes), and minibrots from the feature finder at
 * 1e-20 .. 1e-275 (long BLA steps; below 1e-120 the rebase test rescales
 * tiny deltas), near the tip and in a generic orientation. */
static void test_depths(void **state)
{
    for (int c = 0; c < 2; c++) {
        fr_escape_params *p = mk(KF14, "4e-14", 4036, 67, 41, c ? FR_COLOR_DISTANCE : FR_COLOR_SMOOTH);
        same_bits(c ? "KF14 distance" : "KF14 smooth", p, c ? FR_RAW_SMOOTH | FR_RAW_DE : FR_RAW_SMOOTH);
        free(p);
    }
    /* output_digests' e-perturb.png: rotated, shallow (large deltas) */
    fr_escape_params *q = mk("-0.743643887037151,0.13182590420533", "1e-9", 5000, 160, 120, FR_COLOR_SMOOTH);
    q->rotate_deg = 30;
    same_bits("seahorse 1e-9 rotated", q, FR_RAW_SMOOTH);
    free(q);
    static const struct {
        int depth;
        deep_site site;
    } views[] = {{20, DEEP_SITE_I}, {50, DEEP_SITE_TIP}, {100, DEEP_SITE_I}, {200, DEEP_SITE_TIP}, {275, DEEP_SITE_TIP}};
    for (size_t k = 0; k < sizeof views / sizeof *views; k++) {
        deep_view dv;
        assert_int_equal(deep_view_make_site(views[k].depth, views[k].site, &dv), 0);
        char center[4096];
        snprintf(center, sizeof center, "%s,%s", dv.re, dv.im);
        for (int c = 0; c < 2; c++) {
            fr_escape_params *p = mk(center, dv.width, dv.max_iter, 64, 36, c ? FR_COLOR_DISTANCE : FR_COLOR_SMOOTH);
            if (views[k].site == DEEP_SITE_TIP) p->bailout = 4; /* deep_views.h: orbits along |z| = 2 */
            char what[64];
            snprintf(what, sizeof what, "minibrot 1e-%d %s", views[k].depth, c ? "distance" : "smooth");
            same_bits(what, p, c ? FR_RAW_DE : FR_RAW_SMOOTH);
            free(p);
        }
        deep_view_free(&dv);
    }
}

/* The Kalles Fraktaler locations that run in double, at 96x54 with their
 * own iterations (the corpus must be there: a missing file fails). */
static void test_kf_locations(void **state)
{
    static const char *const names[] = {"1e14", "1e50", "5e113", "5e227"};
    const char *shared = getenv("FR_SHARED");
    assert_non_null(shared);
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/corpus/kfr/%s.kfr", shared, names[k]);
        FILE *f = fopen(path, "rb");
        if (!f) fail_msg("missing %s", path);
        char text[1 << 16];
        size_t len = fread(text, 1, sizeof text, f);
        fclose(f);
        fr_context *ctx = fr_context_create();
        fr_escape_params *p = malloc(sizeof *p);
        assert_non_null(p);
        fr_escape_params_default(p, FR_MANDELBROT);
        assert_int_equal(fr_escape_params_from_kfr(ctx, text, len, p), FR_OK);
        fr_context_destroy(ctx);
        p->width = 96, p->height = 54, p->color = FR_COLOR_SMOOTH;
        same_bits(names[k], p, FR_RAW_SMOOTH);
        free(p);
    }
}

int main(void)
{
    if (fr_cpu_kernel_best() != FR_CPU_KERNEL_AVX2) {
        printf("# this processor lacks AVX2 and FMA: only the scalar loop runs\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depths),
        cmocka_unit_test(test_kf_locations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
