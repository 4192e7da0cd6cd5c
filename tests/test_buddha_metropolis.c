/* Metropolis-Hastings orbit density on the CPU: the CPU backend's
 * histograms equal the scalar reference's bit for bit at 1 and 2 threads
 * in every storage mode, formula and channel set; a resumed render equals
 * one run; the parameters refuse what cannot work with a clear message;
 * and on a zoom the image converges to the uniform-sampling image of the
 * same view (block means within the measured noise), with the number of
 * uniform samples that reach metropolis's error printed (the figure in
 * docs/PERFORMANCE.md). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buddha_support.h"
#include "core/context.h"

static uint64_t *render(const fr_buddha_params *p, int threads, fr_buddha_stats *st)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    assert_int_equal(fr_context_set_threads(ctx, threads), FR_OK);
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, p->width, p->height, p->channels), FR_OK);
    fr_status s = fr_buddha_render(ctx, p, &h, st);
    if (s) fail_msg("render: %s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return h.counts;
}

static void test_cpu_equals_reference(void **state)
{
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_mh_case(k);
        if (!c.name) break;
        fr_buddha_counters rc = {0};
        uint64_t *ref = fr_test_buddha_reference(&c.p, &rc);
        assert_non_null(ref);
        for (int threads = 1; threads <= 2; threads++) {
            fr_buddha_stats st;
            uint64_t *h = render(&c.p, threads, &st);
            char what[160];
            snprintf(what, sizeof what, "%s, %d thread(s)", c.name, threads);
            fr_test_assert_same_hist(ref, h, &c.p, what);
            assert_int_equal(st.samples, c.p.samples);
            assert_int_equal(st.hits, rc.hits);
            assert_int_equal(st.orbits, rc.orbits);
            /* every chain started; some moves were taken, not all */
            assert_int_equal(rc.states, c.p.samples / c.p.chain_length * (c.p.chain_length - c.p.burn_in));
            assert_true(st.acceptance > 0.01 && st.acceptance < 0.99);
            assert_true(st.weight_scale > 0);
            free(h);
        }
        free(ref);
    }
}

/* Chains 0..5 then 6..11 into the same histogram equal 0..11 at once; a
 * sample count that is not whole chains is rounded up to them. */
static void test_resume_equals_one_run(void **state)
{
    buddha_case c = fr_test_buddha_mh_case(0);
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, c.p.width, c.p.height, 1), FR_OK);
    fr_buddha_params p = c.p;
    p.samples = 5 * 512 + 100; /* rounded up to 6 chains */
    assert_int_equal(fr_buddha_render(ctx, &p, &h, NULL), FR_OK);
    assert_int_equal(h.samples, 6 * 512);
    p.samples = 6 * 512;
    assert_int_equal(fr_buddha_render(ctx, &p, &h, NULL), FR_OK);
    assert_int_equal(h.samples, c.p.samples);
    uint64_t *ref = fr_test_buddha_reference(&c.p, NULL);
    fr_test_assert_same_hist(ref, h.counts, &c.p, "resumed by chains");
    /* a histogram of part of a chain cannot be continued */
    h.samples = 1000;
    fr_status s = fr_buddha_render(ctx, &p, &h, NULL);
    assert_int_equal(s, FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "chain-length"));
    free(ref);
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
}

static void expect_refused(fr_buddha_params *p, const char *words)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, p->width, p->height, p->channels), FR_OK);
    fr_status s = fr_buddha_render(ctx, p, &h, NULL);
    if (s == FR_OK || !strstr(fr_last_error(ctx), words))
        fail_msg("expected an error naming '%s', got %d: %s", words, (int)s, fr_last_error(ctx));
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
}

/* The parameters through the table (names, range checks, scenes), and the
 * clear errors: burn-in not below the chain length, a view no orbit
 * reaches, a render whose counts could pass 2^64 - 1. */
static void test_parameters_and_refusals(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    /* a scene without metropolis settings is unchanged (no new keys) */
    char *json = NULL;
    assert_int_equal(fr_buddha_params_to_json(ctx, &p, &json), FR_OK);
    assert_null(strstr(json, "chain-length"));
    assert_null(strstr(json, "mutation"));
    free(json);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "sampling", "metropolis"), FR_OK);
    assert_int_equal(p.sampling, FR_SAMPLING_METROPOLIS);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "chain-length", "1000"), FR_OK);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "burn-in", "100"), FR_OK);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "fresh", "0.25"), FR_OK);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "mutation", "0.05"), FR_OK);
    assert_int_not_equal(fr_buddha_param_set(ctx, &p, "fresh", "1.5"), FR_OK);
    assert_non_null(strstr(fr_last_error(ctx), "fresh"));
    assert_int_not_equal(fr_buddha_param_set(ctx, &p, "mutation", "0"), FR_OK);
    assert_int_not_equal(fr_buddha_param_set(ctx, &p, "chain-length", "0"), FR_OK);
    assert_int_equal(fr_buddha_params_to_json(ctx, &p, &json), FR_OK);
    fr_buddha_params q;
    fr_buddha_params_default(&q, 0, 0);
    assert_int_equal(fr_buddha_params_from_json(ctx, json, &q), FR_OK);
    free(json);
    assert_int_equal(q.sampling, FR_SAMPLING_METROPOLIS);
    assert_int_equal(q.chain_length, 1000);
    assert_int_equal(q.burn_in, 100);
    assert_true(q.fresh == 0.25 && q.mutation == 0.05);
    fr_context_destroy(ctx);

    buddha_case c = fr_test_buddha_mh_case(0);
    p = c.p;
    p.burn_in = p.chain_length;
    expect_refused(&p, "burn-in");
    /* no orbit reaches a view far outside |z| <= 2: every chain fails to start */
    p = c.p;
    p.center_re = 40, p.center_im = 40, p.band[0].max_iter = 20, p.samples = 512;
    expect_refused(&p, "found a start");
    /* 2^31-weighted states of 2^31-step chains: counts could pass 2^64 - 1 */
    p = c.p;
    p.band[0].max_iter = 1u << 30, p.chain_length = 1u << 31, p.samples = (uint64_t)1 << 40;
    expect_refused(&p, "2^64");
}

/* ---------------------------------------------------------- convergence */

enum { SIDE = 32, BLK = 8, NB = (SIDE / BLK) * (SIDE / BLK) };

/* FR_MH_WIDTH, FR_MH_SCALE (tests/test_buddha_metropolis.c's own
 * measurement knobs, for docs/PERFORMANCE.md): the view's width and a
 * factor on every sample count. */
static double zoom_width = 0.04, sample_scale = 1;

/* A zoom at the period-3 bulb: a view 0.04 wide where uniform sampling
 * lands about one sample (a conjugate pair) in 255 in the view. */
static fr_buddha_params zoom(fr_sampling sampling, uint64_t samples, uint64_t seed)
{
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    p.width = p.height = SIDE;
    p.center_re = -0.12, p.center_im = 0.78, p.view_width = zoom_width, p.rotate_deg = 0;
    p.band[0].max_iter = 500;
    p.sampling = sampling, p.samples = samples, p.seed = seed;
    if (getenv("FR_MH_CHAIN")) p.chain_length = (uint32_t)atoi(getenv("FR_MH_CHAIN"));
    if (getenv("FR_MH_BURN")) p.burn_in = (uint32_t)atoi(getenv("FR_MH_BURN"));
    if (getenv("FR_MH_FRESH")) p.fresh = atof(getenv("FR_MH_FRESH"));
    if (getenv("FR_MH_MUTATION")) p.mutation = atof(getenv("FR_MH_MUTATION"));
    return p;
}

/* Block means of an image per uniform sample (counts / (samples x weight scale)). */
static void blocks(fr_sampling sampling, uint64_t samples, uint64_t seed, double out[NB], double *seconds)
{
    fr_buddha_params p = zoom(sampling, samples, seed);
    fr_buddha_stats st;
    uint64_t *h = render(&p, 2, &st);
    assert_true(st.weight_scale > 0);
    memset(out, 0, sizeof(double) * NB);
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            out[(y / BLK) * (SIDE / BLK) + x / BLK] +=
                (double)h[y * SIDE + x] / ((double)samples * st.weight_scale * BLK * BLK);
    if (seconds) *seconds += st.seconds;
    free(h);
}

/* Relative RMS difference of block means a against b; shape: with a
 * scaled to b's sum first (the image's look: tone mapping normalises). */
static int shape_only;
static double rel_rms(const double *a, const double *b)
{
    double num = 0, den = 0, sa = 0, sb = 0;
    for (int i = 0; i < NB; i++) sa += a[i], sb += b[i];
    const double f = shape_only ? sb / sa : 1;
    for (int i = 0; i < NB; i++) num += (a[i] * f - b[i]) * (a[i] * f - b[i]), den += b[i] * b[i];
    return sqrt(num / den);
}

/* The uniform reference is two halves of independent seeds (their
 * difference measures its own noise); metropolis runs REPS times with other
 * seeds (their spread measures its noise, the scale estimate's included).
 * The mean of the metropolis runs must agree with the reference within 5
 * standard deviations of the two noises in every block. The figure: the
 * uniform sample count whose relative RMS error equals one metropolis run's
 * (errors scale as 1 / sqrt(samples), measured on a uniform run of U
 * samples against the reference). */
static void test_zoom_converges_to_uniform(void **state)
{
    enum { REPS = 6 };
    if (getenv("FR_MH_WIDTH")) zoom_width = atof(getenv("FR_MH_WIDTH"));
    if (getenv("FR_MH_SCALE")) sample_scale = atof(getenv("FR_MH_SCALE"));
    const uint64_t REF = (uint64_t)(16000000 * sample_scale), MH = (uint64_t)((1 << 18) * sample_scale),
                   U = (uint64_t)(2000000 * sample_scale);
    double ref[2][NB], mh[REPS][NB], uni[NB], t_mh = 0, t_u = 0;
    for (int h = 0; h < 2; h++) blocks(FR_SAMPLING_UNIFORM, REF / 2, 900 + h, ref[h], NULL);
    double r[NB], var_ref[NB];
    for (int i = 0; i < NB; i++) {
        r[i] = (ref[0][i] + ref[1][i]) / 2;
        var_ref[i] = (ref[0][i] - ref[1][i]) * (ref[0][i] - ref[1][i]) / 4; /* variance of the mean of two */
    }
    for (int k = 0; k < REPS; k++) blocks(FR_SAMPLING_METROPOLIS, MH, 1 + 31 * (uint64_t)k, mh[k], &t_mh);
    blocks(FR_SAMPLING_UNIFORM, U, 77, uni, &t_u);
    for (int k = 0; k < REPS; k++) {
        double a = 0, b = 0;
        for (int i = 0; i < NB; i++) a += mh[k][i], b += r[i];
        print_message("run %d: total / reference total %.4f\n", k, a / b);
    }
    double worst = 0, err_mh = 0;
    for (int i = 0; i < NB; i++) {
        double m = 0, v = 0;
        for (int k = 0; k < REPS; k++) m += mh[k][i] / REPS;
        for (int k = 0; k < REPS; k++) v += (mh[k][i] - m) * (mh[k][i] - m) / (REPS - 1);
        double z = fabs(m - r[i]) / sqrt(v / REPS + var_ref[i] + 1e-30);
        if (z > worst) worst = z;
    }
    print_message("zoom %g at -0.12+0.78i, max 500, %dx%d, %dx%d blocks: worst block |z| %.2f\n", zoom_width, SIDE,
                  SIDE, BLK, BLK, worst);
    double equiv[2];
    for (shape_only = 0; shape_only < 2; shape_only++) {
        err_mh = 0;
        for (int k = 0; k < REPS; k++) err_mh += rel_rms(mh[k], r) * rel_rms(mh[k], r) / REPS;
        /* the reference's own share of the errors (its variance) taken out */
        double vr = 0, den = 0;
        for (int i = 0; i < NB; i++) vr += var_ref[i], den += r[i] * r[i];
        vr /= den;
        double e_mh = sqrt(fmax(err_mh - vr, 1e-12)), e_u = rel_rms(uni, r);
        e_u = sqrt(fmax(e_u * e_u - vr, 1e-12));
        equiv[shape_only] = (double)U * (e_u / e_mh) * (e_u / e_mh);
        print_message("%s: metropolis %llu samples: rel. RMS error %.4f (%.2f s a run); uniform %llu: %.4f (%.2f s)\n",
                      shape_only ? "shape (sums equal)" : "absolute (weight_scale)", (unsigned long long)MH, e_mh,
                      t_mh / REPS, (unsigned long long)U, e_u, t_u);
        print_message("  uniform needs %.3g samples for metropolis's error: %.1fx the samples, %.1fx the time\n",
                      equiv[shape_only], equiv[shape_only] / (double)MH,
                      equiv[shape_only] / (double)U * t_u / (t_mh / REPS));
    }
    assert_true(worst < 5);
    /* the point of it: fewer samples than uniform for the same noise */
    assert_true(equiv[1] > 1.2 * (double)MH);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cpu_equals_reference),
        cmocka_unit_test(test_resume_equals_one_run),
        cmocka_unit_test(test_parameters_and_refusals),
        cmocka_unit_test(test_zoom_converges_to_uniform),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
