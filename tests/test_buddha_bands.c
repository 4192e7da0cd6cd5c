/* Orbit density in bands of rows (fr_buddha_params.bands): a render split
 * into bands gives the unbanded render's histogram byte for byte, and its
 * counters and statistics, in every scene of buddha_support.h (folded,
 * paired and single storage, uniform, stratified and importance sampling,
 * anti, Nebulabrot, every formula, metropolis chains whose acceptance sees
 * the whole view); with bands forced by a small host-memory budget; when
 * resumed with another band count; when band 0 stops on a time limit; and
 * a cancel after band 0 is an error that keeps no samples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buddha_support.h"

static void render(const fr_buddha_params *p, fr_context *ctx, fr_buddha_hist *h, fr_buddha_stats *st)
{
    if (!h->counts) assert_int_equal(fr_buddha_hist_alloc(ctx, h, p->width, p->height, p->channels), FR_OK);
    fr_status s = fr_buddha_render(ctx, p, h, st);
    if (s) fail_msg("render: %s", fr_last_error(ctx));
}

static void assert_same_stats(const fr_buddha_stats *a, const fr_buddha_stats *b, const char *what)
{
    if (a->hits != b->hits || a->orbits != b->orbits || a->iterations != b->iterations || a->total != b->total ||
        a->max != b->max || a->min != b->min || a->samples != b->samples || a->weight_scale != b->weight_scale ||
        a->acceptance != b->acceptance)
        fail_msg("%s: statistics differ: hits %llu vs %llu, orbits %llu vs %llu, total %llu vs %llu, max %llu vs "
                 "%llu, samples %llu vs %llu, weight scale %.17g vs %.17g, acceptance %.17g vs %.17g",
                 what, (unsigned long long)a->hits, (unsigned long long)b->hits, (unsigned long long)a->orbits,
                 (unsigned long long)b->orbits, (unsigned long long)a->total, (unsigned long long)b->total,
                 (unsigned long long)a->max, (unsigned long long)b->max, (unsigned long long)a->samples,
                 (unsigned long long)b->samples, a->weight_scale, b->weight_scale, a->acceptance, b->acceptance);
}

/* p unbanded, then in `bands` bands: the same bytes and statistics. */
static void compare_bands(const fr_buddha_params *p0, uint32_t bands, const char *what)
{
    fr_context *ctx = fr_context_create();
    fr_buddha_params p = *p0;
    fr_buddha_hist a = {0}, b = {0};
    fr_buddha_stats sa, sb;
    p.bands = 1;
    render(&p, ctx, &a, &sa);
    assert_int_equal(sa.bands, 1);
    p.bands = bands;
    render(&p, ctx, &b, &sb);
    const int expect = (int)(bands < (uint32_t)p.height ? bands : (uint32_t)p.height);
    if (sb.bands < 2 || sb.bands > expect) fail_msg("%s: %d bands asked, %d rendered", what, expect, sb.bands);
    char label[200];
    snprintf(label, sizeof label, "%s, %u bands", what, bands);
    fr_test_assert_same_hist(a.counts, b.counts, &p, label);
    assert_same_stats(&sa, &sb, label);
    assert_int_equal(a.samples, b.samples);
    print_message("%-60s %d bands: identical\n", what, sb.bands);
    fr_buddha_hist_free(&a), fr_buddha_hist_free(&b);
    fr_context_destroy(ctx);
}

/* Every scene of the Buddhabrot, formula and metropolis lists, in 3 bands
 * and in 7. */
static void test_scenes(void **state)
{
    (void)state;
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_case(k);
        if (!c.name) break;
        compare_bands(&c.p, 3, c.name);
        compare_bands(&c.p, 7, c.name);
    }
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_formula_case(k);
        if (!c.name) break;
        compare_bands(&c.p, 4, c.name);
    }
}

/* Metropolis: a chain's acceptance sees the whole view, so every band
 * walks the same chain; a band that holds none of a state's points still
 * moves as the others do. */
static void test_metropolis(void **state)
{
    (void)state;
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_mh_case(k);
        if (!c.name) break;
        compare_bands(&c.p, 3, c.name);
        compare_bands(&c.p, 5, c.name);
    }
}

/* One row a band; and more bands asked than rows. */
static void test_one_row_bands(void **state)
{
    (void)state;
    buddha_case c = fr_test_buddha_case(4); /* nebulabrot */
    c.p.height = 20, c.p.samples = 5000;
    compare_bands(&c.p, 20, "nebulabrot, one row a band");
    compare_bands(&c.p, 1000, "nebulabrot, more bands than rows");
    c = fr_test_buddha_case(1); /* folded, odd height */
    c.p.height = 9, c.p.samples = 5000;
    compare_bands(&c.p, 9, "folded view, one row a band");
}

/* A host-memory budget too small for the histogram: the CPU renders in
 * bands on its own (0 = automatic), with the unbanded result. */
static void test_automatic_bands(void **state)
{
    (void)state;
    buddha_case c = fr_test_buddha_case(4); /* nebulabrot */
    fr_buddha_params p = c.p;
    /* 32768 x 64 x 3 counters of 8 bytes: 768 KiB a row, 48 MiB in all */
    p.width = 32768, p.height = 64, p.samples = 20000;
    fr_context *ctx = fr_context_create();
    fr_buddha_hist a = {0}, b = {0};
    fr_buddha_stats sa, sb;
    p.bands = 1;
    render(&p, ctx, &a, &sa);
    assert_int_equal(fr_context_set_host_memory(ctx, 16u << 20), FR_OK);
    p.bands = 0;
    render(&p, ctx, &b, &sb);
    /* 16 MiB: 21 rows at most, 4 bands of 16 */
    assert_int_equal(sb.bands, 4);
    fr_test_assert_same_hist(a.counts, b.counts, &p, "automatic bands");
    assert_same_stats(&sa, &sb, "automatic bands");
    fr_buddha_hist_free(&a), fr_buddha_hist_free(&b);
    fr_context_destroy(ctx);
}

/* A banded render resumed with another band count equals one render of
 * all the samples (uniform and metropolis). */
static void test_resume(void **state)
{
    (void)state;
    buddha_case cases[2] = {fr_test_buddha_case(2), fr_test_buddha_mh_case(3)};
    for (int k = 0; k < 2; k++) {
        fr_buddha_params p = cases[k].p;
        const uint64_t total = p.samples, unit = p.sampling == FR_SAMPLING_METROPOLIS ? p.chain_length : 1;
        fr_context *ctx = fr_context_create();
        fr_buddha_hist a = {0}, b = {0};
        fr_buddha_stats sa, sb;
        p.bands = 1;
        render(&p, ctx, &a, &sa);
        p.samples = total / unit / 3 * unit, p.bands = 4;
        render(&p, ctx, &b, &sb);
        assert_int_equal(b.samples, p.samples);
        p.samples = total - p.samples, p.bands = 3;
        render(&p, ctx, &b, &sb);
        assert_int_equal(b.samples, a.samples);
        fr_test_assert_same_hist(a.counts, b.counts, &p, cases[k].name);
        print_message("%-60s resumed in 4 then 3 bands: identical\n", cases[k].name);
        fr_buddha_hist_free(&a), fr_buddha_hist_free(&b);
        fr_context_destroy(ctx);
    }
}

/* Band 0 stops on the time limit; the later bands draw what it drew: the
 * histogram is an unbanded render of that many samples. */
static void test_time_limit(void **state)
{
    (void)state;
    buddha_case c = fr_test_buddha_case(0);
    fr_buddha_params p = c.p;
    p.samples = 0, p.time_limit = 0.3, p.bands = 3;
    p.band[0].max_iter = 5000;
    fr_context *ctx = fr_context_create();
    fr_buddha_hist a = {0}, b = {0};
    fr_buddha_stats sa, sb;
    render(&p, ctx, &b, &sb);
    assert_true(b.samples > 0);
    assert_int_equal(sb.stopped, 1);
    p.samples = b.samples, p.time_limit = 0, p.bands = 1;
    render(&p, ctx, &a, &sa);
    fr_test_assert_same_hist(a.counts, b.counts, &p, "time limit in 3 bands");
    print_message("time limit in 3 bands: %llu samples, identical\n", (unsigned long long)b.samples);
    fr_buddha_hist_free(&a), fr_buddha_hist_free(&b);
    fr_context_destroy(ctx);
}

/* Progress: rises through the bands and ends at 1; a cancel in band 2 of
 * 3 is FR_ERR_CANCELLED, and the histogram keeps its sample count. */
typedef struct progress_log {
    double last;
    int calls, backwards, cancel_past;
} progress_log;

static int on_progress(double f, void *user)
{
    progress_log *l = user;
    if (f < l->last) l->backwards++;
    l->last = f;
    l->calls++;
    return l->cancel_past > 0 && f > 0.5;
}

static void test_progress_and_cancel(void **state)
{
    (void)state;
    buddha_case c = fr_test_buddha_case(2);
    fr_buddha_params p = c.p;
    p.samples = 2000000, p.bands = 3;
    fr_context *ctx = fr_context_create();
    progress_log l = {0};
    fr_context_set_progress(ctx, on_progress, &l);
    fr_buddha_hist h = {0};
    fr_buddha_stats st;
    render(&p, ctx, &h, &st);
    assert_int_equal(l.backwards, 0);
    assert_true(l.calls >= 3);
    assert_true(l.last == 1.0);
    const uint64_t before = h.samples;
    progress_log l2 = {0, 0, 0, 1};
    fr_context_set_progress(ctx, on_progress, &l2);
    assert_int_equal(fr_buddha_render(ctx, &p, &h, &st), FR_ERR_CANCELLED);
    assert_non_null(strstr(fr_last_error(ctx), "band 2 of 3"));
    assert_int_equal(h.samples, before);
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The white point of a huge image is selected without a sort: on counts
 * that span 1 .. 2^44 (several 16-bit digits, ties, zeros) each channel's
 * PNG value is the one the sorted percentile gives. */
static void test_white_point_exact(void **state)
{
    (void)state;
    fr_buddha_params p;
    fr_buddha_params_default(&p, 1, 0);
    p.width = 300, p.height = 200, p.tone = FR_TONE_LINEAR, p.depth = 16;
    const double pct[3] = {99.95, 50, 100};
    fr_context *ctx = fr_context_create();
    fr_buddha_hist h = {0};
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, p.width, p.height, 3), FR_OK);
    const size_t n = (size_t)p.width * p.height;
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; i < 3 * n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        const int bits = (int)(x % 45);
        h.counts[i] = x % 5 == 0 ? 0 : (x >> 20) & (((uint64_t)1 << bits) - 1);
        if (x % 7 == 0) h.counts[i] = 123456789; /* ties */
    }
    uint64_t *v = malloc(n * sizeof *v);
    for (int t = 0; t < 3; t++) {
        p.percentile = pct[t];
        fr_image img;
        assert_int_equal(fr_buddha_tone_map(ctx, &p, &h, &img), FR_OK);
        for (int k = 0; k < 3; k++) {
            size_t m = 0;
            for (size_t i = 0; i < n; i++)
                if (h.counts[k * n + i]) v[m++] = h.counts[k * n + i];
            qsort(v, m, sizeof *v, cmp_u64);
            size_t at = (size_t)ceil(p.percentile / 100.0 * (double)m);
            at = at < 1 ? 0 : at - 1;
            double white = (double)v[at < m ? at : m - 1];
            if (white < 1) white = 1;
            for (size_t i = 0; i < n; i++) {
                const uint16_t want = (uint16_t)floor(fmin((double)h.counts[k * n + i] / white, 1.0) * 65535.0 + 0.5);
                const uint16_t got = ((const uint16_t *)img.pixels)[i * 3 + k];
                if (got != want)
                    fail_msg("percentile %g, channel %d, pixel %zu: %u, the sorted white point gives %u", pct[t], k, i,
                             got, want);
            }
        }
        fr_image_free(&img);
    }
    free(v);
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
}

/* The PNG made a strip of rows at a time holds the bytes of the whole
 * tone-mapped image written at once: grey and RGB, 8 and 16 bits, every
 * tone curve. */
static void test_png_by_strips(void **state)
{
    (void)state;
    const char *tmp = getenv("FR_TEST_TMP");
    char a[512], b[512];
    snprintf(a, sizeof a, "%s/bands_whole.png", tmp ? tmp : "/tmp");
    snprintf(b, sizeof b, "%s/bands_strips.png", tmp ? tmp : "/tmp");
    const fr_tone tones[] = {FR_TONE_CURVE, FR_TONE_LINEAR, FR_TONE_SQRT, FR_TONE_LOG, FR_TONE_GAMMA, FR_TONE_EQUALIZE};
    fr_context *ctx = fr_context_create();
    for (int nebula = 0; nebula < 2; nebula++) {
        buddha_case c = fr_test_buddha_case(nebula ? 4 : 2);
        fr_buddha_params p = c.p;
        p.width = 700, p.height = 1500, p.samples = 100000; /* several strips of rows */
        fr_buddha_hist h = {0};
        render(&p, ctx, &h, &(fr_buddha_stats){0});
        for (size_t t = 0; t < sizeof tones / sizeof tones[0]; t++)
            for (int depth = 8; depth <= 16; depth += 8) {
                p.tone = tones[t], p.depth = depth;
                fr_image img;
                assert_int_equal(fr_buddha_tone_map(ctx, &p, &h, &img), FR_OK);
                assert_int_equal(fr_image_write_png(ctx, &img, a, "{\"scene\": 1}"), FR_OK);
                fr_image_free(&img);
                assert_int_equal(fr_buddha_write_png(ctx, &p, &h, b, "{\"scene\": 1}"), FR_OK);
                size_t la = 0, lb = 0;
                FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
                assert_non_null(fa), assert_non_null(fb);
                unsigned char *da = malloc(1 << 24), *db = malloc(1 << 24);
                la = fread(da, 1, 1 << 24, fa), lb = fread(db, 1, 1 << 24, fb);
                fclose(fa), fclose(fb);
                if (la != lb || memcmp(da, db, la))
                    fail_msg("%s, tone %d, depth %d: the PNG by strips differs (%zu vs %zu bytes)",
                             nebula ? "nebulabrot" : "buddhabrot", (int)tones[t], depth, la, lb);
                free(da), free(db);
            }
        fr_buddha_hist_free(&h);
    }
    remove(a), remove(b);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenes),          cmocka_unit_test(test_metropolis),
        cmocka_unit_test(test_one_row_bands),   cmocka_unit_test(test_automatic_bands),
        cmocka_unit_test(test_resume),          cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_progress_and_cancel), cmocka_unit_test(test_white_point_exact),
        cmocka_unit_test(test_png_by_strips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
