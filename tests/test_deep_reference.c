/* Deep zoom with a reference orbit away from the view's centre
 * (fr_escape_params.reference_text) and its reuse between renders on one
 * context (zoom videos): a render that reuses the context's orbit gives the
 * bytes of a render on a fresh context, in double and in extended range;
 * a reference at the centre itself changes nothing; a shorter iteration
 * limit reuses a longer orbit's prefix; the frames of fr_escape_zoom_view
 * share one orbit; an orbit that repeats exactly is copied past the
 * repeat. (Exactness against the MPFR oracle with the reference off the
 * centre: tests/deep_reference.sh.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "deep_views.h"
#include "fractalis.h"

/* KF14 moved by (13.7, -5.2) pixels of a 64-pixel view 3e-20 wide, and
 * of one 1e-300 wide */
#define KF14_REF                                                                                             \
    "-1.759817130804847813604403135561798238243999999999999999999800,-0."                                    \
    "012593310799749865386184131843264858450340000000000000000000"
#define KF14_REF300                                                                                          \
    "-1."                                                                                                    \
    "759817130804847813610825010561798238243999999999999999999799999999999999999999999999999999999999999999" \
    "9999999"                                                                                                \
    "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999" \
    "9999999999"                                                                                             \
    "99999999999999999999999999999999999999999999999999999999999999999999999999997859375,"                   \
    "-0."                                                                                                    \
    "012593310799749865383746631843264858450340000000000000000000000000000000000000000000000000000000000000" \
    "0000000"                                                                                                \
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" \
    "0000000000"                                                                                             \
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000812500"

static fr_escape_params *mk(fr_context *ctx, const char *center, const char *width, uint32_t iter, int w,
                            int h)
{
    fr_escape_params *p = malloc(sizeof *p);
    assert_non_null(p);
    fr_escape_params_default(p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, p, "center", center), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, p, "width", width), FR_OK);
    p->max_iter = iter, p->width = w, p->height = h;
    return p;
}

typedef struct out {
    fr_escape_raw raw;
    fr_image img;
    fr_escape_stats st;
} out;

static void render(fr_context *ctx, const fr_escape_params *p, out *o)
{
    memset(o, 0, sizeof *o);
    assert_int_equal(fr_escape_render(ctx, p, &o->img, &o->raw, &o->st), FR_OK);
}

static void same(const out *a, const out *b)
{
    size_t n = (size_t)a->raw.width * a->raw.height;
    assert_int_equal(a->raw.width, b->raw.width);
    assert_memory_equal(a->raw.counts, b->raw.counts, n * sizeof *a->raw.counts);
    if (a->raw.values) assert_memory_equal(a->raw.values, b->raw.values, n * sizeof *a->raw.values);
    assert_memory_equal(a->img.pixels, b->img.pixels, (size_t)a->img.width * a->img.height * 3);
}

static void drop(out *o)
{
    fr_escape_raw_free(&o->raw);
    fr_image_free(&o->img);
}

/* The same scene with its reference: computed on a fresh context, then
 * reused on the same one: the same bytes; a third context agrees. */
static void reuse_case(const char *width, const char *ref, int deep)
{
    fr_context *ctx = fr_context_create(), *fresh = fr_context_create();
    fr_escape_params *p = mk(ctx, KF14, width, 3000, 64, 36);
    assert_int_equal(fr_escape_param_set(ctx, p, "reference", ref), FR_OK);
    out a, b, c;
    render(ctx, p, &a);
    assert_int_equal(a.st.deep, deep);
    assert_int_equal(a.st.reference_reused, 0);
    render(ctx, p, &b);
    assert_int_equal(b.st.reference_reused, 1);
    same(&a, &b);
    render(fresh, p, &c);
    assert_int_equal(c.st.reference_reused, 0);
    same(&a, &c);
    /* escapes happened: the orbit's deltas were used */
    size_t esc = 0;
    for (int i = 0; i < 64 * 36; i++)
        esc += a.raw.counts[i] < 3000;
    assert_true(esc > 100);
    drop(&a), drop(&b), drop(&c);
    free(p);
    fr_context_destroy(ctx);
    fr_context_destroy(fresh);
}

static void test_reuse_double(void **state)
{
    reuse_case("3e-20", KF14_REF, 1);
}
/* pixels of 1.6e-302: extended range */
static void test_reuse_extended(void **state)
{
    reuse_case("1e-300", KF14_REF300, 2);
}

/* A reference at the centre's own text changes no byte; a reference off
 * the centre gives the fresh render's counts but where a count sits within
 * rounding (checked against MPFR by deep_reference.sh). */
static void test_reference_at_centre(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = mk(ctx, KF14, "3e-20", 3000, 64, 36);
    out a, b, c;
    render(ctx, p, &a);
    assert_int_equal(fr_escape_param_set(ctx, p, "reference", KF14), FR_OK);
    render(ctx, p, &b);
    same(&a, &b);
    assert_int_equal(fr_escape_param_set(ctx, p, "reference", KF14_REF), FR_OK);
    render(ctx, p, &c);
    size_t eq = 0;
    for (int i = 0; i < 64 * 36; i++)
        eq += a.raw.counts[i] == c.raw.counts[i];
    assert_true(eq >= 64 * 36 - 2);
    drop(&a), drop(&b), drop(&c);
    free(p);
    fr_context_destroy(ctx);
}

/* A shorter limit reuses a longer orbit's first steps; a longer one
 * computes its own. */
static void test_iteration_prefix(void **state)
{
    fr_context *ctx = fr_context_create(), *fresh = fr_context_create();
    fr_escape_params *p = mk(ctx, KF14, "3e-20", 5000, 48, 27);
    assert_int_equal(fr_escape_param_set(ctx, p, "reference", KF14_REF), FR_OK);
    out a, b, c;
    render(ctx, p, &a);
    p->max_iter = 2500;
    render(ctx, p, &b);
    assert_int_equal(b.st.reference_reused, 1);
    render(fresh, p, &c);
    same(&b, &c);
    drop(&a), drop(&b), drop(&c);
    p->max_iter = 6000;
    render(ctx, p, &a);
    assert_int_equal(a.st.reference_reused, a.st.reference_iterations < 5000);
    drop(&a);
    free(p);
    fr_context_destroy(ctx);
    fr_context_destroy(fresh);
}

/* A reference more than 2^24 pixels away is refused; scenes keep the
 * reference only when one is set, and read it back. */
/* A centre whose orbit comes back to an earlier state bit for bit (c = i:
 * 0, i, -1 + i, -i, -1 + i, ...) has its orbit copied past the repeat,
 * period 2, to the iteration limit: at 1e-2000, and at 1e-100000, where
 * the 400,000 steps at 332,000 bits would take an hour of MPFR; the view
 * there has structure (pixels escape at many counts). A centre that does
 * not repeat (KF14) reports no period. (Counts against the MPFR oracle:
 * deep_exact_misiurewicz-i-1e-2000.) */
static void test_periodic_reference(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    const char *widths[2] = {"1e-2000", "1e-100000"};
    const uint32_t iters[2] = {8000, 400000};
    for (int k = 0; k < 2; k++) {
        fr_escape_params *p = mk(ctx, "0,1", widths[k], iters[k], 32, 18);
        out a;
        render(ctx, p, &a);
        assert_int_equal(a.st.deep, 2);
        assert_int_equal(a.st.reference_period, 2);
        assert_int_equal(a.st.reference_iterations, iters[k]);
        uint32_t lo = UINT32_MAX, hi = 0;
        size_t esc = 0;
        for (int i = 0; i < 32 * 18; i++) {
            const uint32_t n = a.raw.counts[i];
            if (n < iters[k]) esc++, lo = n < lo ? n : lo, hi = n > hi ? n : hi;
        }
        assert_true(esc > 32 * 18 / 2);
        assert_true(hi > lo + 10);
        drop(&a);
        free(p);
    }
    fr_escape_params *p = mk(ctx, KF14, "3e-20", 3000, 32, 18);
    out b;
    render(ctx, p, &b);
    assert_int_equal(b.st.reference_period, 0);
    drop(&b);
    free(p);
    fr_context_destroy(ctx);
}

static void test_limits_and_scenes(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = mk(ctx, KF14, "3e-20", 100, 16, 9);
    char *json;
    assert_int_equal(fr_escape_params_to_json(ctx, p, &json), FR_OK);
    assert_null(strstr(json, "reference"));
    free(json);
    char *v;
    assert_int_equal(fr_escape_param_get(ctx, p, "reference", &v), FR_OK);
    assert_string_equal(v, "center");
    free(v);
    assert_int_equal(fr_escape_param_set(ctx, p, "reference", "-1.75,0"), FR_OK);
    fr_image img;
    assert_int_equal(fr_escape_render(ctx, p, &img, NULL, NULL), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "2^24"));
    assert_int_equal(fr_escape_param_set(ctx, p, "reference", "1,2,3"), FR_ERR_INVALID);
    assert_int_equal(fr_escape_param_set(ctx, p, "reference", KF14_REF), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, p, "reference-bits", "300"), FR_OK);
    assert_int_equal(fr_escape_params_to_json(ctx, p, &json), FR_OK);
    fr_escape_params *q = mk(ctx, "0,0", "1", 10, 8, 8);
    assert_int_equal(fr_escape_params_from_json(ctx, json, q), FR_OK);
    assert_string_equal(q->reference_text, KF14_REF);
    assert_int_equal(q->reference_bits, 300);
    free(json);
    fr_escape_stats st;
    assert_int_equal(fr_escape_render(ctx, q, &img, NULL, &st), FR_OK);
    fr_image_free(&img);
    assert_int_equal(st.reference_bits, 300);
    fr_context_clear_cache(ctx);
    free(p);
    free(q);
    fr_context_destroy(ctx);
}

/* A zoom's frames (fr_escape_zoom_view): log width linear, the deep ones
 * on one orbit, each the bytes of a fresh render of its scene. */
static void test_zoom_frames(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = mk(ctx, "-0.75,0.1", "4", 3000, 48, 27);
    fr_escape_params *b = mk(ctx, KF14, "1e-24", 3000, 48, 27);
    fr_escape_params *f = malloc(sizeof *f);
    assert_non_null(f);
    const int n = 9;
    int deep = 0, reused = 0;
    char *ref0 = NULL;
    for (int i = 0; i < n; i++) {
        double s = (double)i / (n - 1);
        assert_int_equal(fr_escape_zoom_view(ctx, a, b, s, 1, f), FR_OK);
        double l = fr_escape_view_log10_width(f);
        assert_true(fabs(l - (log10(4.0) + s * (-24 - log10(4.0)))) < 1e-9);
        assert_true(f->reference_text[0]);
        if (!ref0) ref0 = strdup(f->reference_text);
        assert_string_equal(f->reference_text, ref0);
        out x, y;
        render(ctx, f, &x);
        deep += x.st.deep != 0;
        reused += x.st.reference_reused;
        fr_context *fresh = fr_context_create();
        render(fresh, f, &y);
        fr_context_destroy(fresh);
        same(&x, &y);
        drop(&x), drop(&y);
    }
    assert_true(deep >= 4);
    assert_int_equal(reused, deep - 1);
    /* the ends exactly */
    assert_int_equal(fr_escape_zoom_view(ctx, a, b, 1.0, 1, f), FR_OK);
    assert_string_equal(fr_escape_center_text(f), KF14);
    assert_true(f->view_width == b->view_width);
    free(ref0);
    free(a);
    free(b);
    free(f);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reuse_double),        cmocka_unit_test(test_reuse_extended),
        cmocka_unit_test(test_reference_at_centre), cmocka_unit_test(test_iteration_prefix),
        cmocka_unit_test(test_limits_and_scenes),   cmocka_unit_test(test_zoom_frames),
        cmocka_unit_test(test_periodic_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
