/* Orbit density on the CPU: the generator matches the published Philox
 * vectors; the CPU backend's histograms equal the reference's bit for bit
 * on every path (folded, paired, single, anti with credited cycles,
 * Nebulabrot bands, each sampling), for any thread count, and without the
 * speed tricks; a resumed render equals one run; stratified and importance
 * sampling have the uniform expectation; tone curves and .npy round trips. */
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
#include "core/philox.h"

static void test_philox_vectors(void **state)
{
    /* Random123's known-answer vectors of philox4x32-10 (its kat_vectors):
     * counter, key, result. */
    static const uint32_t kat[3][10] = {
        {0, 0, 0, 0, 0, 0, 0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u},
        {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x408f276du, 0x41c83b0eu,
         0xa20bc7c6u, 0x6d5451fdu},
        {0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xa4093822u, 0x299f31d0u, 0xd16cfe09u, 0x94fdccebu,
         0x5001e420u, 0x24126ea1u},
    };
    for (int v = 0; v < 3; v++) {
        uint32_t r[4];
        fr_philox4x32(kat[v], kat[v][4], kat[v][5], r);
        assert_memory_equal(r, kat[v] + 6, sizeof r);
    }
    /* fr_philox(seed, index, stream) is the counter (index low, high,
     * stream, 0) under the key (seed low, high) */
    uint32_t r[4], c[4] = {0x89abcdefu, 0x01234567u, 7u, 0u};
    uint32_t q[4];
    fr_philox(0x0f1e2d3c4b5a6978ull, 0x0123456789abcdefull, 7u, r);
    fr_philox4x32(c, 0x4b5a6978u, 0x0f1e2d3cu, q);
    assert_memory_equal(r, q, sizeof r);
    fr_philox(0, 0, 0, r);
    assert_memory_equal(r, kat[0] + 6, sizeof r);
}

static uint64_t *render_cpu_kernel(const fr_buddha_params *p, int threads, fr_cpu_kernel kernel,
                                   fr_buddha_stats *st)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    assert_int_equal(fr_context_set_threads(ctx, threads), FR_OK);
    assert_int_equal(fr_context_set_cpu_kernel(ctx, kernel), FR_OK);
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, p->width, p->height, p->channels), FR_OK);
    fr_status s = fr_buddha_render(ctx, p, &h, st);
    if (s) fail_msg("render: %s", fr_last_error(ctx));
    assert_int_equal(h.samples, p->samples);
    fr_context_destroy(ctx);
    return h.counts;
}

static uint64_t *render_cpu(const fr_buddha_params *p, int threads, fr_buddha_stats *st)
{
    return render_cpu_kernel(p, threads, FR_CPU_KERNEL_AUTO, st);
}

static void test_cpu_equals_reference(void **state)
{
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_case(k);
        if (!c.name) break;
        fr_buddha_counters rc = {0, 0, 0};
        uint64_t *ref = fr_test_buddha_reference(&c.p, &rc);
        assert_non_null(ref);
        fr_buddha_stats st;
        uint64_t iterations = 0;
        /* The scalar kernel, and the AVX2 lanes where the CPU has them. */
        int kernels = fr_cpu_kernel_best() == FR_CPU_KERNEL_AVX2 ? 2 : 1;
        for (int kn = 0; kn < kernels; kn++)
            for (int threads = 1; threads <= 4; threads += 3) {
                fr_cpu_kernel kernel = kn ? FR_CPU_KERNEL_AVX2 : FR_CPU_KERNEL_SCALAR;
                uint64_t *h = render_cpu_kernel(&c.p, threads, kernel, &st);
                char what[160];
                snprintf(what, sizeof what, "%s, %s kernel, %d thread(s)", c.name, fr_cpu_kernel_name(kernel),
                         threads);
                fr_test_assert_same_hist(ref, h, &c.p, what);
                assert_int_equal(st.hits, rc.hits);
                assert_int_equal(st.orbits, rc.orbits);
                /* the lanes compute exactly the steps of one orbit at a time */
                if (!iterations) iterations = st.iterations;
                assert_int_equal(st.iterations, iterations);
                free(h);
            }
        free(ref);
    }
}

/* Without periodicity checks, without the interior test, without
 * conjugate folding (symmetry off draws other samples, so the reference
 * with pairs iterated one by one is the comparison): the same counts. */
static void test_speed_tricks_change_nothing(void **state)
{
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_case(k);
        if (!c.name) break;
        uint64_t *ref = fr_test_buddha_reference(&c.p, NULL);
        fr_buddha_params q = c.p;
        q.periodicity = 0;
        q.interior_test = 0;
        fr_buddha_stats st;
        uint64_t *h = render_cpu(&q, 2, &st);
        fr_test_assert_same_hist(ref, h, &q, c.name);
        free(h), free(ref);
    }
}

/* An anti-Buddhabrot credits a detected cycle's remaining visits at once:
 * the counts equal iterating every orbit to the end. */
static void test_cycle_credit(void **state)
{
    buddha_case c = fr_test_buddha_case(5);
    c.p.band[0].max_iter = 2000;
    c.p.samples = 1500;
    fr_buddha_stats a, b;
    uint64_t *with = render_cpu(&c.p, 2, &a);
    c.p.periodicity = 0;
    uint64_t *without = render_cpu(&c.p, 2, &b);
    fr_test_assert_same_hist(without, with, &c.p, "anti, cycles credited vs iterated");
    assert_true(a.iterations * 4 < b.iterations); /* and it saves most of the work */
    free(with), free(without);
}

/* Samples 0..N-1 then N..M-1 into the same histogram equal 0..M-1 at once. */
static void test_resume_equals_one_run(void **state)
{
    buddha_case c = fr_test_buddha_case(2);
    fr_context *ctx = fr_context_create();
    fr_context_set_device(ctx, "cpu");
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, c.p.width, c.p.height, 1), FR_OK);
    fr_buddha_params p = c.p;
    p.samples = 15000;
    assert_int_equal(fr_buddha_render(ctx, &p, &h, NULL), FR_OK);
    p.samples = c.p.samples - 15000;
    assert_int_equal(fr_buddha_render(ctx, &p, &h, NULL), FR_OK);
    assert_int_equal(h.samples, c.p.samples);
    uint64_t *ref = fr_test_buddha_reference(&c.p, NULL);
    fr_test_assert_same_hist(ref, h.counts, &c.p, "resumed");
    free(ref);
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
}

/* Block sums of a histogram normalised per sample, and their variance
 * estimated from two independent halves. */
static void block_means(const uint64_t *h, const fr_buddha_params *p, int b, double scale, double *out)
{
    int bw = p->width / b, bh = p->height / b;
    memset(out, 0, sizeof(double) * b * b);
    for (int y = 0; y < bh * b; y++)
        for (int x = 0; x < bw * b; x++) out[(y / bh) * b + x / bw] += (double)h[(size_t)y * p->width + x] * scale;
}

/* Stratified and importance sampling estimate the same expected image as
 * uniform sampling: 8x8 block sums agree within 5 standard deviations
 * (estimated from repeated runs with other seeds). */
static void test_sampling_unbiased(void **state)
{
    enum { B = 8, REPS = 6 };
    for (int mode = FR_SAMPLING_STRATIFIED; mode <= FR_SAMPLING_IMPORTANCE; mode++) {
        double mu[2][B * B] = {{0}}, m2[2][B * B] = {{0}};
        for (int which = 0; which < 2; which++)
            for (int r = 0; r < REPS; r++) {
                fr_buddha_params p;
                fr_buddha_params_default(&p, 0, 0);
                p.width = p.height = 64;
                p.center_re = -0.2, p.center_im = 0.5, p.view_width = 1.2, p.rotate_deg = 0;
                p.samples = 204800, p.seed = 1000 + 17 * r + 500 * which, p.grid = 64;
                p.band[0].max_iter = 200; /* short orbits: light tails, honest variance estimates */
                p.sampling = which ? (fr_sampling)mode : FR_SAMPLING_UNIFORM;
                fr_buddha_stats st;
                uint64_t *h = render_cpu(&p, 2, &st);
                double blk[B * B];
                block_means(h, &p, B, 1.0 / ((double)p.samples * st.weight_scale), blk);
                for (int i = 0; i < B * B; i++) mu[which][i] += blk[i] / REPS, m2[which][i] += blk[i] * blk[i] / REPS;
                free(h);
            }
        int checked = 0;
        for (int i = 0; i < B * B; i++) {
            /* Variance of each mean of REPS runs: sample variance / REPS. */
            double v0 = (m2[0][i] - mu[0][i] * mu[0][i]) / (REPS - 1), v1 = (m2[1][i] - mu[1][i] * mu[1][i]) / (REPS - 1);
            double sd = sqrt(fmax(v0 + v1, 1e-30)) + 1e-12;
            if (mu[0][i] < 1e-3) continue;
            checked++;
            double z = fabs(mu[0][i] - mu[1][i]) / sd;
            if (z > 5 && fabs(mu[0][i] - mu[1][i]) > 0.02 * mu[0][i])
                fail_msg("%s sampling: block %d mean %.5g vs uniform %.5g (z = %.1f)",
                         mode == FR_SAMPLING_STRATIFIED ? "stratified" : "importance", i, mu[1][i], mu[0][i], z);
        }
        assert_true(checked > B * B / 2);
    }
}

static void test_tone_and_npy(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    p.width = 10, p.height = 10, p.percentile = 90;
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, 10, 10, 1), FR_OK);
    for (int i = 0; i < 100; i++) h.counts[i] = (uint64_t)i;
    h.counts[99] = 5000000000ull; /* a hot pixel past 32 bits */
    for (int t = FR_TONE_LINEAR; t <= FR_TONE_CURVE; t++) {
        p.tone = (fr_tone)t;
        fr_image img;
        assert_int_equal(fr_buddha_tone_map(ctx, &p, &h, &img), FR_OK);
        const uint8_t *px = img.pixels;
        assert_int_equal(px[0], 0);                 /* zero stays black */
        assert_int_equal(px[95 * 3], 255);          /* the percentile is white: one hot pixel does not rule */
        for (int i = 1; i < 100; i++) assert_true(px[i * 3] >= px[(i - 1) * 3]); /* monotone */
        assert_int_equal(px[50 * 3], px[50 * 3 + 2]);                             /* grey */
        fr_image_free(&img);
    }
    const char *dir = getenv("FR_TEST_TMP");
    char path[512];
    snprintf(path, sizeof path, "%s/tone.npy", dir ? dir : "/tmp");
    assert_int_equal(fr_buddha_hist_write_npy(ctx, &h, path), FR_OK);
    fr_buddha_hist back;
    assert_int_equal(fr_buddha_hist_read_npy(ctx, path, &back), FR_OK);
    assert_int_equal(back.width, 10);
    assert_memory_equal(back.counts, h.counts, 100 * 8);
    fr_buddha_hist_free(&back);
    h.counts[99] = 7; /* fits 32 bits: written as <u4 */
    assert_int_equal(fr_buddha_hist_write_npy(ctx, &h, path), FR_OK);
    assert_int_equal(fr_buddha_hist_read_npy(ctx, path, &back), FR_OK);
    assert_memory_equal(back.counts, h.counts, 100 * 8);
    fr_buddha_hist_free(&back);
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
}

static void test_params(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "channel", "r:0:5000"), FR_OK);
    assert_int_equal(p.channels, 3);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "channel", "b:10:50"), FR_OK);
    assert_int_equal(p.band[2].min_iter, 10);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "time", "2m"), FR_OK);
    assert_true(p.time_limit == 120);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "samples", "1e9"), FR_OK);
    assert_int_equal(p.samples, 1000000000ull);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "channel", "x:0:5"), FR_ERR_INVALID);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "channel", "r:9:5"), FR_ERR_INVALID);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "region", "1,0,0,1"), FR_ERR_INVALID);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "time", "soon"), FR_ERR_INVALID);
    char *json;
    assert_int_equal(fr_buddha_params_to_json(ctx, &p, &json), FR_OK);
    fr_buddha_params q;
    fr_buddha_params_default(&q, 0, 0);
    assert_int_equal(fr_buddha_params_from_json(ctx, json, &q), FR_OK);
    assert_memory_equal(&p, &q, sizeof p);
    free(json);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_philox_vectors),        cmocka_unit_test(test_cpu_equals_reference),
        cmocka_unit_test(test_speed_tricks_change_nothing), cmocka_unit_test(test_cycle_credit),
        cmocka_unit_test(test_resume_equals_one_run), cmocka_unit_test(test_sampling_unbiased),
        cmocka_unit_test(test_tone_and_npy),          cmocka_unit_test(test_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
