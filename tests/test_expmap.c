/* The exponential map of a zoom (fr_expmap_*, src/deep/deep_expmap.c): the
 * strip's geometry (a known point in the right row and column, the set's
 * real-axis boundary where the geometry puts it), its samples against
 * direct renders of the same points (float64 rows: fr_escape_count and a
 * 1x1 render at the point, bit for bit; a deep row: the MPFR oracle
 * tests/deep_oracle.c at each sample's exact point), frames resampled from
 * it against frames rendered directly (PSNR bounds, docs/PERFORMANCE.md
 * "Animation"), and bad input. */
#define _GNU_SOURCE /* strndup */
#include <math.h>
#include <mpfr.h>
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

#define TWO_PI 6.283185307179586476925286766559

static fr_escape_params *view(fr_context *ctx, const char *center, const char *width, int w, int h, int aa,
                              uint32_t iter)
{
    fr_escape_params *p = malloc(sizeof *p);
    assert_non_null(p);
    fr_escape_params_default(p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, p, "center", center), FR_OK);
    if (fr_escape_param_set(ctx, p, "width", width)) fail_msg("width %s: %s", width, fr_last_error(ctx));
    p->width = w, p->height = h, p->aa = aa, p->max_iter = iter;
    p->color = FR_COLOR_SMOOTH;
    return p;
}

/* Around 0, from width 4 to 0.04 (64x36): the rows span 0.011 .. 2.3, all
 * in float64. */
static void test_geometry(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = view(ctx, "0,0", "4", 64, 36, 1, 200),
                     *b = view(ctx, "0,0", "0.04", 64, 36, 1, 200);
    fr_expmap *m = NULL;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_OK);
    fr_expmap_info in;
    fr_expmap_get_info(m, &in);
    /* automatic columns: 2 pi x the corner radius (hypot(32, 18) pixels), a multiple of 32 */
    assert_int_equal(in.width % 32, 0);
    assert_true(in.width >= TWO_PI * hypot(32, 18) && in.width < TWO_PI * hypot(32, 18) + 32);
    assert_true(fabs(in.log2_step - TWO_PI / (in.width * log(2.0))) < 1e-15);
    assert_string_equal(in.target, "0,0");
    assert_int_equal(in.plain_rows, in.height); /* T = 0: float64 resolves every row */
    /* the rows reach from below the final view's half height to beyond the first view's corner */
    const double top = in.log2_r0 + (in.height - 1) * in.log2_step;
    assert_true(in.log2_r0 < log2(0.04 * 18 / 64) && in.log2_r0 > log2(0.04 * 18 / 64) - 2 * in.log2_step);
    assert_true(top > log2(hypot(2, 1.125)) && top < log2(hypot(2, 1.125)) + 3 * in.log2_step);
    /* every sample: radius and angle as documented; locate gives it back */
    for (int y = 0; y < in.height; y += 7)
        for (int x = 0; x < in.width; x += 5) {
            fr_expmap_sample_info s;
            assert_int_equal(fr_expmap_sample(ctx, m, x, y, &s), FR_OK);
            const double r = hypot(s.dx, s.dy) * exp2((double)s.e2);
            const double want = exp2(in.log2_r0 + (in.height - 1 - y) * in.log2_step);
            assert_true(fabs(r / want - 1) < 1e-13);
            double th = atan2(s.dy, s.dx);
            if (th < 0) th += TWO_PI;
            assert_true(fabs(th - TWO_PI * x / in.width) < 1e-12);
            double lx, ly;
            assert_int_equal(fr_expmap_locate(m, s.dx, s.dy, s.e2, &lx, &ly), 0);
            assert_true(fabs(lx - x) < 1e-9 || fabs(lx - x - in.width) < 1e-9);
            assert_true(fabs(ly - y) < 1e-9);
        }
    /* a known point: T + r e^{i pi/2} with r ten rows above r0 -> column width/4, row height - 11;
     * quarter turns are exactly on the axes */
    {
        const double r = exp2(in.log2_r0 + 10 * in.log2_step);
        double lx, ly;
        assert_int_equal(fr_expmap_locate(m, 0, r, 0, &lx, &ly), 0);
        assert_true(fabs(lx - in.width / 4) < 1e-9 && fabs(ly - (in.height - 11)) < 1e-9);
        fr_expmap_sample_info s;
        assert_int_equal(fr_expmap_sample(ctx, m, in.width / 2, 0, &s), FR_OK);
        assert_true(s.dy == 0 && s.dx < 0 && s.im == 0);
        assert_int_equal(fr_expmap_locate(m, 0, 0, 0, &lx, &ly), -1);
    }
    /* the set where the geometry puts it: on the positive real axis (column 0)
     * the cardioid ends at 1/4, on the negative one (column width/2) the set
     * ends at -2 (all of [-2, 1/4] is in it) */
    const double step = in.log2_step;
    for (int y = 0; y < in.height; y++) {
        const double r = exp2(in.log2_r0 + (in.height - 1 - y) * step);
        const uint32_t c0 = in.counts[(size_t)y * in.width],
                       cpi = in.counts[(size_t)y * in.width + in.width / 2];
        if (r < 0.25 * (1 - 3 * step)) assert_int_equal(c0, 200);
        if (r > 0.25 * (1 + 0.3)) assert_true(c0 < 200);
        if (r < 2) assert_int_equal(cpi, 200);
        if (r > 2 * (1 + 3 * step)) assert_true(cpi < 200);
    }
    fr_expmap_destroy(m);
    free(a), free(b);
    fr_context_destroy(ctx);
}

/* The float64 rows: each sample's count and smooth value are fr_escape_count's
 * at its point, and a 1x1 render centred there gives the same. */
static void test_plain_equals_direct(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = view(ctx, "-0.75,0.1", "3", 64, 36, 1, 500),
                     *b = view(ctx, "-0.75,0.1", "1e-4", 64, 36, 1, 500);
    fr_expmap *m = NULL;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_OK);
    fr_expmap_info in;
    fr_expmap_get_info(m, &in);
    assert_true(in.plain_rows == in.height && in.height > 100);
    fr_escape_params *one = malloc(sizeof *one);
    memcpy(one, a, sizeof *one);
    one->width = one->height = 1, one->view_width = 1e-9;
    int rendered = 0;
    for (int y = 0; y < in.height; y++)
        for (int x = 0; x < in.width; x++) {
            fr_expmap_sample_info s;
            assert_int_equal(fr_expmap_sample(ctx, m, x, y, &s), FR_OK);
            assert_int_equal(s.deep, 0);
            assert_int_equal(s.count, fr_escape_count(a, s.re, s.im));
            if ((x * 31 + y * 17) % 97) continue;
            one->center_re = s.re, one->center_im = s.im, one->center_text[0] = 0;
            fr_escape_raw raw;
            assert_int_equal(fr_escape_render(ctx, one, NULL, &raw, NULL), FR_OK);
            assert_int_equal(raw.counts[0], s.count);
            assert_memory_equal(&raw.values[0], &s.smooth, sizeof s.smooth);
            fr_escape_raw_free(&raw);
            rendered++;
        }
    assert_true(rendered > 50);
    fr_expmap_destroy(m);
    free(a), free(b), free(one);
    fr_context_destroy(ctx);
}

/* Row y's samples (n of them, spread over the turn) against the MPFR
 * oracle at each sample's exact point T + (dx, dy) 2^e2
 * (tests/deep_oracle.c, given by FR_DEEP_ORACLE): every count equal, or one
 * off where the oracle flags the orbit as passing within rounding of the
 * bailout, and at most one such. */
static void row_against_oracle(fr_context *ctx, const char *oracle, const fr_expmap *m, int y, int n,
                               int deep, const fr_escape_params *p)
{
    fr_expmap_info in;
    fr_expmap_get_info(m, &in);
    const size_t tl = strlen(in.target);
    mpfr_prec_t prec = (mpfr_prec_t)(tl * 3.33) + 128;
    mpfr_t tx, ty, d, cx, cy;
    mpfr_inits2(prec, tx, ty, d, cx, cy, (mpfr_ptr)0);
    const char *comma = strchr(in.target, ',');
    char *re = strndup(in.target, (size_t)(comma - in.target));
    assert_int_equal(mpfr_set_str(tx, re, 10, MPFR_RNDN), 0);
    assert_int_equal(mpfr_set_str(ty, comma + 1, 10, MPFR_RNDN), 0);
    free(re);
    const size_t cap = 4 * tl + 1024;
    char *cmd = malloc(cap);
    int equal = 0, close_only = 0;
    for (int k = 0; k < n; k++) {
        const int x = k * in.width / n + 1;
        fr_expmap_sample_info s;
        assert_int_equal(fr_expmap_sample(ctx, m, x, y, &s), FR_OK);
        assert_int_equal(s.deep, deep);
        /* the exact point: prec bits hold T's digits and the offset's 53 */
        mpfr_set_d(d, s.dx, MPFR_RNDN), mpfr_mul_2si(d, d, s.e2, MPFR_RNDN), mpfr_add(cx, tx, d, MPFR_RNDN);
        mpfr_set_d(d, s.dy, MPFR_RNDN), mpfr_mul_2si(d, d, s.e2, MPFR_RNDN), mpfr_add(cy, ty, d, MPFR_RNDN);
        int at = snprintf(cmd, cap, "'%s' --center ", oracle);
        at += mpfr_snprintf(cmd + at, cap - at, "%.*Re,%.*Re", (int)tl + 40, cx, (int)tl + 40, cy);
        snprintf(cmd + at, cap - at, " --width 1e-%d --size 1x1 --iter %u --bailout %.17g --sample 1",
                 (int)tl + 20, p->max_iter, fr_escape_bailout(p));
        FILE *f = popen(cmd, "r");
        assert_non_null(f);
        unsigned sx, sy, cnt, close;
        assert_int_equal(fscanf(f, "%u %u %u %u", &sx, &sy, &cnt, &close), 4);
        assert_int_equal(pclose(f), 0);
        if (cnt == s.count)
            equal++;
        else if (close)
            close_only++;
        else
            print_error("sample (%d, %d): strip %u, oracle %u\n", x, y, s.count, cnt);
    }
    free(cmd);
    mpfr_clears(tx, ty, d, cx, cy, (mpfr_ptr)0);
    assert_int_equal(equal + close_only, n);
    assert_true(equal >= n - 1);
}

/* A deep row in double: a zoom from 1e-8 to 1e-13 at the KF 1e14
 * location, every row by perturbation; and a row in extended range: a zoom
 * from 1e-282 to a minibrot at 1e-300 (the rows cross 1e-290). */
static void test_deep_rows_oracle(void **state)
{
    (void)state;
    const char *oracle = getenv("FR_DEEP_ORACLE");
    if (!oracle || !oracle[0]) skip();
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = view(ctx, KF14, "1e-8", 64, 36, 1, 5000),
                     *b = view(ctx, KF14, "1e-13", 64, 36, 1, 5000);
    fr_expmap *m = NULL;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_OK);
    fr_expmap_info in;
    fr_expmap_get_info(m, &in);
    assert_int_equal(in.plain_rows, 0);
    assert_int_equal(in.fe_rows, 0);
    assert_int_equal(in.stats.deep, 1);
    row_against_oracle(ctx, oracle, m, in.height / 2, 48, 1, a);
    fr_expmap_destroy(m);
    free(a), free(b);

    deep_view dv;
    if (deep_view_make(300, &dv)) fail_msg("deep view 1e-300: %s", deep_view_error());
    char center[4096], wide[64];
    snprintf(center, sizeof center, "%s,%s", dv.re, dv.im);
    b = view(ctx, center, dv.width, 48, 27, 1, dv.max_iter);
    { /* 10^18 times as wide */
        const double L = fr_escape_view_log10_width(b) + 18, E = floor(L);
        snprintf(wide, sizeof wide, "%.9fe%.0f", pow(10.0, L - E), E);
    }
    a = view(ctx, center, wide, 48, 27, 1, dv.max_iter);
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_OK);
    fr_expmap_get_info(m, &in);
    assert_true(in.fe_rows > 0 && in.fe_rows < in.height);
    assert_int_equal(in.stats.deep, 2);
    row_against_oracle(ctx, oracle, m, in.height - in.fe_rows / 2, 6, 2, a);
    row_against_oracle(ctx, oracle, m, in.height - in.fe_rows - 2, 6, 1, a);
    fr_expmap_destroy(m);
    free(a), free(b);
    deep_view_free(&dv);
    fr_context_destroy(ctx);
}

/* PSNR of two 8-bit RGB images of the same size. */
static double psnr(const fr_image *x, const fr_image *y)
{
    assert_int_equal(x->width, y->width);
    assert_int_equal(x->height, y->height);
    const uint8_t *p = x->pixels, *q = y->pixels;
    double se = 0;
    const size_t n = (size_t)x->width * x->height * 3;
    for (size_t i = 0; i < n; i++)
        se += ((double)p[i] - q[i]) * ((double)p[i] - q[i]);
    return se == 0 ? 99.0 : 10 * log10(255.0 * 255.0 / (se / n));
}

/* Frames of a smooth-coloured zoom (aa 3) resampled from the map against
 * the same frames rendered directly, and both against the truth (the frame
 * rendered at aa 8). The final frame is the centre image itself: the same
 * bytes. Between, the seahorse valley's detail is far finer than the
 * frames' pixels, so even a direct aa 3 frame is only 22 to 26 dB from the
 * aa 8 one; measured here, the resampled frames are 22.0 to 24.8 dB from
 * the direct ones and 28.2 to 30.4 dB from the truth, 4.6 to 6.2 dB nearer
 * than the direct frames (the pyramid averages the strip's samples where
 * they are denser than the frame's, toward the target). The bounds: 20 dB
 * from the direct frame, and never more than 1 dB further from the truth
 * than the direct frame is (docs/PERFORMANCE.md,
 * "Animation", has the 640x360 zoom's numbers). */
static void test_frames_close(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = view(ctx, "-0.7436438870371,0.1318259042053", "0.02", 96, 54, 3, 2000),
                     *b = view(ctx, "-0.7436438870371,0.1318259042053", "2e-7", 96, 54, 3, 2000);
    fr_expmap *m = NULL;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_OK);
    fr_escape_params *f = malloc(sizeof *f);
    const double s_of[] = {0.0, 0.3, 0.6, 0.9, 1.0};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(fr_escape_zoom_view(ctx, a, b, s_of[k], 1, f), FR_OK);
        fr_image direct = {0}, resampled = {0}, truth = {0};
        assert_int_equal(fr_escape_render(ctx, f, &direct, NULL, NULL), FR_OK);
        assert_int_equal(fr_expmap_frame(ctx, m, f, &resampled), FR_OK);
        f->aa = 8;
        assert_int_equal(fr_escape_render(ctx, f, &truth, NULL, NULL), FR_OK);
        const double db = psnr(&direct, &resampled), dt = psnr(&direct, &truth),
                     rt = psnr(&resampled, &truth);
        print_message(
            "frame at s = %.1f: resampled against direct %.2f dB; against aa 8: direct %.2f, resampled "
            "%.2f\n",
            s_of[k], db, dt, rt);
        if (s_of[k] == 1.0) assert_true(db >= 50);
        assert_true(db >= 20);
        assert_true(rt >= dt - 1);
        fr_image_free(&direct), fr_image_free(&resampled), fr_image_free(&truth);
    }
    fr_expmap_destroy(m);
    free(a), free(b), free(f);
    fr_context_destroy(ctx);
}

static void test_bad_input(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = view(ctx, "-0.75,0.1", "3", 64, 36, 1, 200),
                     *b = view(ctx, "-0.75,0.1", "1e-3", 64, 36, 1, 200);
    fr_expmap *m = (fr_expmap *)1;
    /* histogram and distance colouring are not per sample */
    a->color = FR_COLOR_HISTOGRAM;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_ERR_INVALID);
    assert_null(m);
    assert_non_null(strstr(fr_last_error(ctx), "histogram"));
    a->color = FR_COLOR_DISTANCE;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_ERR_INVALID);
    a->color = FR_COLOR_SMOOTH;
    /* no zoom */
    assert_int_equal(fr_expmap_render(ctx, a, a, NULL, &m), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "1 %"));
    /* columns not a multiple of 4, too few */
    fr_expmap_options o = {1002, NULL};
    assert_int_equal(fr_expmap_render(ctx, a, b, &o, &m), FR_ERR_INVALID);
    o.columns = 8;
    assert_int_equal(fr_expmap_render(ctx, a, b, &o, &m), FR_ERR_INVALID);
    /* sizes differ */
    b->width = 32;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_ERR_INVALID);
    b->width = 64;
    /* deep rows with perturbation off, and with a formula without it */
    assert_int_equal(fr_escape_param_set(ctx, b, "width", "1e-12"), FR_OK);
    a->perturbation = FR_PERTURB_OFF;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "perturbation is off"));
    a->perturbation = FR_PERTURB_AUTO;
    a->formula = b->formula = FR_JULIA;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "no perturbation"));
    a->formula = b->formula = FR_MANDELBROT;
    /* queries outside */
    fr_escape_params *c = view(ctx, "-0.75,0.1", "0.3", 64, 36, 1, 200);
    assert_int_equal(fr_expmap_render(ctx, a, c, NULL, &m), FR_OK);
    free(c);
    fr_expmap_sample_info s;
    assert_int_equal(fr_expmap_sample(ctx, m, -1, 0, &s), FR_ERR_INVALID);
    fr_expmap_info in;
    fr_expmap_get_info(m, &in);
    assert_int_equal(fr_expmap_sample(ctx, m, 0, in.height, &s), FR_ERR_INVALID);
    fr_escape_params *bad = malloc(sizeof *bad);
    memcpy(bad, a, sizeof *bad);
    bad->depth = 12;
    fr_image img = {0};
    assert_int_equal(fr_expmap_frame(ctx, m, bad, &img), FR_ERR_INVALID);
    assert_int_equal(fr_expmap_write(ctx, m, "strip.jpg"), FR_ERR_INVALID);
    fr_expmap_destroy(m);
    fr_expmap_destroy(NULL);
    free(a), free(b), free(bad);
    fr_context_destroy(ctx);
}

/* A cancel from the progress callback stops the render and leaves no map. */
static int cancel_at(double done, void *user)
{
    (void)done;
    return ++*(int *)user >= 2; /* the first report is before any work */
}
static void test_cancel(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = view(ctx, "-0.75,0.1", "3", 64, 36, 1, 200),
                     *b = view(ctx, "-0.75,0.1", "1e-3", 64, 36, 1, 200);
    int calls = 0;
    fr_context_set_progress(ctx, cancel_at, &calls);
    fr_expmap *m = (fr_expmap *)1;
    assert_int_equal(fr_expmap_render(ctx, a, b, NULL, &m), FR_ERR_CANCELLED);
    assert_null(m);
    free(a), free(b);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_geometry),         cmocka_unit_test(test_plain_equals_direct),
        cmocka_unit_test(test_deep_rows_oracle), cmocka_unit_test(test_frames_close),
        cmocka_unit_test(test_bad_input),        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
