/* Deep zoom: views of any depth as parameters and scenes, the switch to
 * perturbation, counts that do not depend on threads, number type or
 * lanes, the feature finder, errors and cancellation. (Exactness against
 * the MPFR oracle: tests/deep_exact.sh.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "deep/deep_view.h"
#include "deep_views.h"
#include "fractalis.h"

/* tests/deep_boundary.py .. --tricorn 0.6 0.8 10000 290: a point of the Tricorn's boundary */
#define TRICORN290 \
    "0.2885596947854280718438425411803713694250854753457811207327081691355003060397203102866091391046824752519981949291371007287030400957597170130718736961523624232420756294949192442126390563484371595417640264574452876373963178833104645309672207185635795091746598671898435665193352482457185234252322,"                                                                                            \
    "0.3847462597139040957917900549071618259001139671277081609769442255140004080529604137154788521395766336693309265721828009716040534610129560174291649282031498976561008393265589922835187417979162127223520352765937168498617571777472860412896276247514393455662131562531247553591136643276246979003096"

static fr_escape_params *mk(fr_context *ctx, const char *center, const char *width, uint32_t iter, int w, int h)
{
    fr_escape_params *p = malloc(sizeof *p);
    assert_non_null(p);
    fr_escape_params_default(p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, p, "center", center), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, p, "width", width), FR_OK);
    p->max_iter = iter, p->width = w, p->height = h;
    p->color = FR_COLOR_COUNT;
    return p;
}

static uint32_t *counts(fr_context *ctx, const fr_escape_params *p, fr_escape_stats *st)
{
    fr_escape_raw raw;
    fr_escape_stats s;
    assert_int_equal(fr_escape_render(ctx, p, NULL, &raw, st ? st : &s), FR_OK);
    uint32_t *c = raw.counts;
    raw.counts = NULL;
    fr_escape_raw_free(&raw);
    return c;
}

static void test_params_any_depth(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = mk(ctx, KF14, "4e-5000", 100, 16, 9);
    assert_true(p->view_width == 4 && p->view_width_exp10 == -5000);
    assert_string_equal(fr_escape_center_text(p), KF14);
    char *v;
    assert_int_equal(fr_escape_param_get(ctx, p, "width", &v), FR_OK);
    assert_string_equal(v, "4e-5000");
    free(v);
    assert_int_equal(fr_escape_param_set(ctx, p, "zoom", "2.5e100000"), FR_OK);
    assert_true(p->view_width == 1.6 && p->view_width_exp10 == -100000);
    assert_int_equal(fr_escape_param_set(ctx, p, "zoom", "1e14"), FR_OK);
    assert_true(p->view_width == 4e-14 && p->view_width_exp10 == 0);
    /* a scene keeps every digit, and a width past a double's range as text */
    assert_int_equal(fr_escape_param_set(ctx, p, "width", "1.25e-1086"), FR_OK);
    char *json;
    assert_int_equal(fr_escape_params_to_json(ctx, p, &json), FR_OK);
    assert_non_null(strstr(json, "\"width\": \"1.25e-1086\""));
    assert_non_null(strstr(json, KF14));
    fr_escape_params *q = malloc(sizeof *q);
    fr_escape_params_default(q, FR_JULIA);
    assert_int_equal(fr_escape_params_from_json(ctx, json, q), FR_OK);
    assert_true(q->view_width == 1.25 && q->view_width_exp10 == -1086);
    assert_string_equal(fr_escape_center_text(q), KF14);
    free(json);
    /* shallow numbers stay plain doubles and JSON numbers */
    assert_int_equal(fr_escape_param_set(ctx, q, "width", "0.5"), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, q, "center", "-0.75,0.1"), FR_OK);
    assert_null(fr_escape_center_text(q));
    assert_int_equal(fr_escape_params_to_json(ctx, q, &json), FR_OK);
    assert_non_null(strstr(json, "\"width\": 0.5"));
    free(json);
    /* setting the fields directly overrides the text */
    p->center_re = 0.25;
    assert_null(fr_escape_center_text(p));
    /* bad values name the parameter */
    static const char *const bad_w[] = {"0", "-1e-5000", "1e-", "e5", "1e400", "4e-5000x", "1e-9999999999"};
    for (size_t i = 0; i < sizeof bad_w / sizeof *bad_w; i++) {
        assert_int_equal(fr_escape_param_set(ctx, q, "width", bad_w[i]), FR_ERR_INVALID);
        assert_non_null(strstr(fr_last_error(ctx), "width"));
    }
    static const char *const bad_c[] = {"1", "1,", "-0.5.1,0", "0,1e", "abc,0", "1e7,0", "0x1p-3,0"};
    for (size_t i = 0; i < sizeof bad_c / sizeof *bad_c; i++) {
        assert_int_equal(fr_escape_param_set(ctx, q, "center", bad_c[i]), FR_ERR_INVALID);
        assert_non_null(strstr(fr_last_error(ctx), "center"));
    }
    free(p);
    free(q);
    fr_context_destroy(ctx);
}

static void test_switch(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = malloc(sizeof *p);
    fr_escape_params_default(p, FR_MANDELBROT);
    assert_false(fr_escape_is_deep(p)); /* the default view stays float64 */
    p->view_width = 1e-5; /* 1280 pixels: a pixel 2^-37.5 of |c| */
    p->center_re = -1.76;
    assert_false(fr_escape_is_deep(p));
    p->view_width = 1e-8;
    assert_true(fr_escape_is_deep(p));
    p->perturbation = FR_PERTURB_OFF;
    assert_false(fr_escape_is_deep(p));
    p->perturbation = FR_PERTURB_ON, p->view_width = 3;
    assert_true(fr_escape_is_deep(p));
    /* the statistics say which path ran */
    fr_escape_stats st;
    p->width = 32, p->height = 18, p->max_iter = 300;
    free(counts(ctx, p, &st));
    assert_int_equal(st.deep, 1);
    assert_true(st.reference_iterations > 0 && st.reference_bits >= 64);
    p->perturbation = FR_PERTURB_AUTO;
    free(counts(ctx, p, &st));
    assert_int_equal(st.deep, 0);
    /* formulas without perturbation are refused when it is needed */
    fr_escape_params_default(p, FR_JULIA);
    assert_int_equal(fr_escape_param_set(ctx, p, "width", "1e-400"), FR_OK);
    assert_int_equal(fr_escape_params_validate(ctx, p), FR_ERR_UNSUPPORTED);
    assert_non_null(strstr(fr_last_error(ctx), "perturbation"));
    fr_escape_params_default(p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, p, "width", "1e-400"), FR_OK);
    p->perturbation = FR_PERTURB_OFF;
    assert_int_equal(fr_escape_params_validate(ctx, p), FR_ERR_INVALID);
    free(p);
    fr_context_destroy(ctx);
}

/* Shallow views: perturbation gives the plain path's counts. */
static void test_shallow_agrees(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = mk(ctx, "-0.75,0.1", "0.5", 500, 96, 54);
    p->interior_test = 0, p->periodicity = 0;
    uint32_t *a = counts(ctx, p, NULL);
    p->perturbation = FR_PERTURB_ON;
    uint32_t *b = counts(ctx, p, NULL);
    int same = 0;
    for (int i = 0; i < 96 * 54; i++) same += a[i] == b[i];
    assert_true(same >= 96 * 54 - 2); /* float64 itself is one off at a boundary now and then */
    free(a);
    free(b);
    free(p);
    fr_context_destroy(ctx);
}

/* Render p with 1 and with `threads` threads: the same counts and values,
 * by the number type `deep` (1 double, 2 extended range). */
static void same_at_threads(fr_context *ctx, const fr_escape_params *p, int threads, int deep)
{
    fr_escape_raw ra, rb;
    fr_escape_stats st;
    const size_t n = (size_t)p->width * (size_t)p->height;
    fr_context_set_threads(ctx, 1);
    assert_int_equal(fr_escape_render(ctx, p, NULL, &ra, &st), FR_OK);
    assert_int_equal(st.deep, deep);
    fr_context_set_threads(ctx, threads);
    assert_int_equal(fr_escape_render(ctx, p, NULL, &rb, &st), FR_OK);
    assert_memory_equal(ra.counts, rb.counts, n * sizeof *ra.counts);
    assert_memory_equal(ra.values, rb.values, n * sizeof *ra.values);
    fr_escape_raw_free(&ra);
    fr_escape_raw_free(&rb);
}

/* The same counts at any thread count, in double and in extended range,
 * the reference orbit on one thread and on a team. */
static void test_threads(void **state)
{
    /* 2e-5000: a reference past 16,384 bits, whose products run on a team of threads */
    static const char *const widths[] = {"4e-14", "3e-250", "2e-700", "2e-5000"};
    fr_context *ctx = fr_context_create();
    for (int k = 0; k < 4; k++) {
        fr_escape_params *p = mk(ctx, KF14, widths[k], 3000, 67, 31);
        p->color = FR_COLOR_SMOOTH;
        same_at_threads(ctx, p, 3, k < 2 ? 1 : 2);
        free(p);
    }
    fr_context_destroy(ctx);
}

/* Multibrot (z^3 + c, z^5 + c) by perturbation: the binomial expansion,
 * in double and extended range, the same at any thread count; the MPFR
 * comparison is deep_exact_multibrot_*. */
static void test_multibrot(void **state)
{
    fr_context *ctx = fr_context_create();
    static const char *const widths[] = {"1e-20", "1e-400"};
    for (int k = 0; k < 2; k++) {
        fr_escape_params *p = mk(ctx, "0.4304295451374646674765523370843778635366,0.5739060601832862233020697827791704847154",
                                 widths[k], 3000, 40, 24);
        p->formula = FR_MULTIBROT, p->power = 3 + 2 * k;
        p->color = FR_COLOR_DISTANCE;
        same_at_threads(ctx, p, 2, k + 1);
        free(p);
    }
    fr_context_destroy(ctx);
}

/* A real-linear formula by perturbation at 1e-25 (double) and 1e-330
 * (extended range): the same at any thread count, smooth and distance
 * colouring; BLA takes steps. */
static void real_linear_threads(fr_context *ctx, fr_formula f, const char *center)
{
    static const char *const widths[] = {"1e-25", "1e-330"};
    for (int k = 0; k < 2; k++) {
        fr_escape_params *p = mk(ctx, center, widths[k], 3000, 40, 24);
        p->formula = f, p->color = FR_COLOR_SMOOTH;
        same_at_threads(ctx, p, 2, k + 1);
        fr_escape_stats st;
        free(counts(ctx, p, &st));
        assert_int_equal(st.deep, k + 1);
        assert_true(st.iterations_skipped > 0);
        p->color = FR_COLOR_DISTANCE;
        same_at_threads(ctx, p, 2, k + 1);
        free(p);
    }
}

/* Tricorn by perturbation (conjugate-linear BLA steps). */
static void test_tricorn(void **state)
{
    fr_context *ctx = fr_context_create();
    real_linear_threads(ctx, FR_TRICORN,
                        "0.2885618396079565353585651330927425767662,0.3847491194772753804780868441236567690215");
    fr_context_destroy(ctx);
}

/* Burning Ship by perturbation (real-linear BLA steps, the fold by
 * diffabs). */
static void test_burningship(void **state)
{
    fr_context *ctx = fr_context_create();
    real_linear_threads(ctx, FR_BURNINGSHIP, "0.32949841366872126989896595519239730229263655896,"
                                             "0.43933121822496169319862127358986306972351541194");
    /* a view on the real axis: Y = 0 all along the reference, where no BLA
     * step holds (the fold), so every iteration is a perturbation step */
    fr_escape_params *p = mk(ctx, "-1.7548776662466927600495,0", "1e-18", 2000, 32, 18);
    p->formula = FR_BURNINGSHIP, p->color = FR_COLOR_SMOOTH;
    same_at_threads(ctx, p, 2, 1);
    fr_escape_stats st;
    free(counts(ctx, p, &st));
    assert_int_equal(st.deep, 1);
    assert_true(st.iterations > 0);
    assert_true(st.iterations_skipped == 0);
    free(p);
    fr_context_destroy(ctx);
}

/* Distance estimation carried through perturbation and BLA agrees with
 * the plain path's (the Jacobian iterated in float64) within 1e-4 where
 * both give the same count (the plain path's in plane units, the deep
 * path's in pixels), and so does its direction (fr_escape_extra.de, in
 * sample spacings from both): Mandelbrot, Tricorn and Burning Ship at
 * shallow views that both can render. */
static void test_distance_agrees(void **state)
{
    static const struct {
        fr_formula f;
        const char *center, *width;
    } views[] = {
        {FR_MANDELBROT, "-0.7436438870371587,0.1318259042053119", "1e-7"},
        {FR_TRICORN, "0.2885618396079565,0.3847491194772754", "1e-4"},
        {FR_BURNINGSHIP, "0.3294984136687213,0.4393312182249617", "1e-4"},
    };
    fr_context *ctx = fr_context_create();
    for (int k = 0; k < 3; k++) {
        fr_escape_params *p = mk(ctx, views[k].center, views[k].width, 2000, 96, 54);
        p->formula = views[k].f, p->color = FR_COLOR_DISTANCE;
        p->interior_test = 0, p->periodicity = 0;
        p->perturbation = FR_PERTURB_OFF;
        fr_escape_raw a, b;
        fr_escape_extra ea, eb; /* the directional estimates, both in sample spacings */
        fr_escape_stats st;
        assert_int_equal(fr_escape_render_raw(ctx, p, NULL, &a, FR_RAW_DE, &ea, &st), FR_OK);
        assert_int_equal(st.deep, 0);
        p->perturbation = FR_PERTURB_ON;
        assert_int_equal(fr_escape_render_raw(ctx, p, NULL, &b, FR_RAW_DE, &eb, &st), FR_OK);
        assert_int_equal(st.deep, 1);
        int compared = 0, close = 0, close_de = 0;
        const double pixel = p->view_width / 96;
        for (int i = 0; i < 96 * 54; i++) {
            double plain = a.values[i] / pixel; /* plane units; the deep path's are pixels */
            if (a.counts[i] != b.counts[i] || a.counts[i] >= 2000 || plain < 0.01) continue;
            compared++;
            close += fabs(plain - b.values[i]) <= 1e-4 * plain;
            close_de += hypot(ea.de[2 * i] - eb.de[2 * i], ea.de[2 * i + 1] - eb.de[2 * i + 1]) <= 1e-4 * plain;
        }
        printf("# %s: %d compared, %d within 1e-4, %d directions\n", fr_formula_name(views[k].f), compared, close,
               close_de);
        assert_true(compared >= 200);
        assert_true(close >= compared - compared / 100);
        assert_true(close_de >= compared - compared / 100);
        fr_escape_raw_free(&a);
        fr_escape_raw_free(&b);
        fr_escape_extra_free(&ea);
        fr_escape_extra_free(&eb);
        free(p);
    }
    fr_context_destroy(ctx);
}

/* Extended range (forced by the FR_DEEP_EXTENDED knob) and double on the
 * same views 1e-275 wide (pixels within both ranges): the same counts but
 * for a few, and where equal the same distance estimates and directional
 * estimates within 1e-6 (the derivative in fr_fec, through BLA and
 * perturbation steps), for every
 * formula: a minibrot from the feature finder, and points of the
 * Tricorn's (tests/deep_boundary.py --tricorn 0.6 0.8 10000 290) and the
 * Burning Ship's boundary (tests/data/deep/ship-1e-320.view). */
static void test_extended_distance(void **state)
{
    deep_view dv;
    assert_int_equal(deep_view_make(275, &dv), 0);
    char mandel[1024];
    snprintf(mandel, sizeof mandel, "%s,%s", dv.re, dv.im);
    const struct {
        fr_formula f;
        const char *center, *width;
        uint32_t iter;
    } views[] = {
        {FR_MANDELBROT, mandel, dv.width, dv.max_iter},
        {FR_TRICORN, TRICORN290, "1e-275", 10000},
        {FR_BURNINGSHIP, SHIP320, "1e-275", 10000},
    };
    fr_context *ctx = fr_context_create();
    for (int k = 0; k < 3; k++) {
        fr_escape_params *p = mk(ctx, views[k].center, views[k].width, views[k].iter, 64, 36);
        p->formula = views[k].f, p->color = FR_COLOR_DISTANCE;
        fr_escape_raw a, b;
        fr_escape_extra ea, eb;
        fr_escape_stats st;
        assert_int_equal(fr_escape_render_raw(ctx, p, NULL, &a, FR_RAW_DE, &ea, &st), FR_OK);
        assert_int_equal(st.deep, 1);
        const uint64_t steps_double = st.iterations;
        setenv("FR_DEEP_EXTENDED", "1", 1);
        fr_status s = fr_escape_render_raw(ctx, p, NULL, &b, FR_RAW_DE, &eb, &st);
        unsetenv("FR_DEEP_EXTENDED");
        assert_int_equal(s, FR_OK);
        assert_int_equal(st.deep, 2);
        assert_true(st.iterations > 0 && steps_double > 0);
        int same = 0, escaped = 0, close = 0, close_de = 0;
        for (int i = 0; i < 64 * 36; i++) {
            if (a.counts[i] != b.counts[i]) continue;
            same++;
            if (a.counts[i] >= views[k].iter) continue;
            escaped++;
            close += fabs((double)a.values[i] - b.values[i]) <= 1e-6 * fabs((double)a.values[i]);
            /* the directional estimate: in sample spacings, as long as the distance (in pixels here, aa 1) */
            const double len = hypot(ea.de[2 * i], ea.de[2 * i + 1]);
            close_de += fabs(len - a.values[i]) <= 1e-6 * len &&
                        hypot(ea.de[2 * i] - eb.de[2 * i], ea.de[2 * i + 1] - eb.de[2 * i + 1]) <= 1e-6 * len;
        }
        printf("# %s: %d of %d counts equal, %d of %d escaped distances within 1e-6, %d directions\n",
               fr_formula_name(views[k].f), same, 64 * 36, close, escaped, close_de);
        assert_true(same >= 64 * 36 * 99 / 100);
        assert_true(escaped >= 100);
        assert_true(close >= escaped * 99 / 100);
        assert_true(close_de >= escaped * 99 / 100);
        fr_escape_raw_free(&a);
        fr_escape_raw_free(&b);
        fr_escape_extra_free(&ea);
        fr_escape_extra_free(&eb);
        free(p);
    }
    deep_view_free(&dv);
    fr_context_destroy(ctx);
}

/* Extended range and double agree where both work (1e-250: the double
 * loop's range; the extended loop forced through the view). */
static void test_fe_matches_double(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = mk(ctx, KF14, "3e-250", 2000, 40, 24);
    uint32_t *a = counts(ctx, p, NULL);
    /* the same view, described with the width as mantissa and exponent, at
     * 1e-300 below: run by the extended loop (its pixel is below 1e-290) */
    fr_escape_params *q = mk(ctx, KF14, "3e-290", 2000, 40, 24);
    uint32_t *b = counts(ctx, q, NULL);
    fr_escape_stats st;
    free(counts(ctx, q, &st));
    assert_int_equal(st.deep, 2);
    /* different views: only check that both finished with escapes */
    int esc_a = 0, esc_b = 0;
    for (int i = 0; i < 40 * 24; i++) esc_a += a[i] < 2000, esc_b += b[i] < 2000;
    assert_true(esc_a > 0 && esc_b > 0);
    free(a);
    free(b);
    free(p);
    free(q);
    fr_context_destroy(ctx);
}

static int cancel_at_once(double done, void *user)
{
    (void)done;
    (*(int *)user)++;
    return 1;
}

static void test_cancel(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = mk(ctx, KF14, "1e-200", 200000, 300, 200);
    int calls = 0;
    fr_context_set_progress(ctx, cancel_at_once, &calls);
    fr_image img;
    assert_int_equal(fr_escape_render(ctx, p, &img, NULL, NULL), FR_ERR_CANCELLED);
    assert_true(calls >= 1);
    free(p);
    fr_context_destroy(ctx);
}

/* Exact cycle detection at rebases (deep_pixel.h, fr_deep_cycle; the
 * view's periodicity): the same counts, smooth values, distances and
 * directions as the loop without it, bit for bit, on a view where many
 * samples never escape, with far fewer steps. */
static void test_cycles(void **state)
{
    fr_context *ctx = fr_context_create();
    for (int c = 0; c < 2; c++) {
        fr_escape_params *p = mk(ctx, KF50_1E8_CENTER, "1e-8", 263010, 48, 27);
        assert_int_equal(fr_escape_param_set(ctx, p, "reference", KF50_RE "," KF50_IM), FR_OK);
        p->perturbation = FR_PERTURB_ON;
        p->color = c ? FR_COLOR_DISTANCE : FR_COLOR_SMOOTH;
        fr_escape_raw a, b;
        fr_escape_extra ea, eb;
        fr_escape_stats sa, sb;
        const unsigned want = c ? FR_RAW_DE : 0;
        p->periodicity = 0;
        assert_int_equal(fr_escape_render_raw(ctx, p, NULL, &a, want, want ? &ea : NULL, &sa), FR_OK);
        p->periodicity = 1;
        assert_int_equal(fr_escape_render_raw(ctx, p, NULL, &b, want, want ? &eb : NULL, &sb), FR_OK);
        const size_t n = 48 * 27;
        assert_int_equal(sa.deep, 1);
        assert_memory_equal(a.counts, b.counts, n * sizeof *a.counts);
        assert_memory_equal(a.values, b.values, n * sizeof *a.values);
        if (c) assert_memory_equal(ea.de, eb.de, 2 * n * sizeof *ea.de);
        size_t inside = 0;
        for (size_t i = 0; i < n; i++) inside += a.counts[i] >= p->max_iter;
        printf("# colour %d: %zu of %zu samples inside; steps %.4g without the check, %.4g with it\n", c, inside, n,
               (double)sa.iterations, (double)sb.iterations);
        assert_true(inside > n / 4 && inside < n);
        assert_true(sb.iterations < sa.iterations / 2);
        assert_true(sa.iterations + sa.iterations_skipped == sb.iterations + sb.iterations_skipped);
        fr_escape_raw_free(&a);
        fr_escape_raw_free(&b);
        if (c) fr_escape_extra_free(&ea), fr_escape_extra_free(&eb);
        free(p);
    }
    fr_context_destroy(ctx);
}

static void test_locate(void **state)
{
    fr_context *ctx = fr_context_create();
    uint32_t period = 0;
    assert_int_equal(fr_locate_period(ctx, "-1.75", "0.0001", "0.01", 1000, &period), FR_OK);
    assert_int_equal(period, 3);
    fr_nucleus nu;
    assert_int_equal(fr_locate_nucleus(ctx, "-1.75", "0", "0.01", 3, &nu), FR_OK);
    assert_int_equal(nu.period, 3);
    assert_true(strncmp(nu.re, "-1.754877666246692", 18) == 0);
    assert_true(nu.size_exp10 == -2 && nu.size_mant > 1.8 && nu.size_mant < 2.0);
    fr_nucleus_free(&nu);
    /* a deep one: beside the Kalles Fraktaler 1e50 location lies a
     * minibrot of period 86614 and size 1.8e-60 */
    const char *re = "-0.04947002906310409375169222672735363011874571248822487931810494023264219477268690342799154"
                     "99747594190000000000000000000",
               *im = "-0.67478757584467536401139205313059765633477070682240348069799979479099419834548451115142084"
                     "99540310299999999999999999880";
    assert_int_equal(fr_locate_period(ctx, re, im, "1e-48", 1000000, &period), FR_OK);
    assert_int_equal(period, 86614);
    assert_int_equal(fr_locate_nucleus(ctx, re, im, "1e-48", period, &nu), FR_OK);
    assert_true(nu.size_exp10 == -60 && nu.size_mant > 1.7 && nu.size_mant < 1.9);
    fr_nucleus_free(&nu);
    /* a disc that escapes holds no atom */
    assert_int_equal(fr_locate_period(ctx, "-0.75", "0.1", "1e-6", 100000, &period), FR_ERR_INVALID);
    /* bad input names the parameter */
    assert_int_equal(fr_locate_period(ctx, "x", "0", "0.1", 100, &period), FR_ERR_INVALID);
    assert_int_equal(fr_locate_period(ctx, "0", "0", "-1", 100, &period), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "radius"));
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params_any_depth), cmocka_unit_test(test_switch),
        cmocka_unit_test(test_shallow_agrees),   cmocka_unit_test(test_threads),
        cmocka_unit_test(test_fe_matches_double), cmocka_unit_test(test_cancel),
        cmocka_unit_test(test_locate),          cmocka_unit_test(test_multibrot),
        cmocka_unit_test(test_cycles),
        cmocka_unit_test(test_tricorn),          cmocka_unit_test(test_burningship),
        cmocka_unit_test(test_distance_agrees), cmocka_unit_test(test_extended_distance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
