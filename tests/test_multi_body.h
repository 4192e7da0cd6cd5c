/* The tests of renders spread over a device list (src/multi), included by
 * test_multi.c (the CPU named several times: runs everywhere) and
 * test_gpu_multi.c (GPU lists: cuda:0,0, every GPU, a GPU with the CPU).
 * Define SINGLE (the one device every list must equal) and lists(),
 * mixed() first. Each family's output through a list equals the single
 * device's byte for byte: escape-time images and samples in every
 * colouring, deep zoom in double and extended range, Buddhabrot and
 * Nebulabrot histograms, flames (images and raw buckets, several passes,
 * temporal samples, strips); a cancel ends every family's render with
 * FR_ERR_CANCELLED; the list's spellings and errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "deep_views.h"
#include "flame_support.h"
#include "fractalis.h"

static fr_context *on(const char *device)
{
    fr_context *ctx = fr_context_create();
    assert_non_null(ctx);
    if (fr_context_set_device(ctx, device)) fail_msg("device %s: %s", device, fr_last_error(ctx));
    return ctx;
}

static void same_image(const fr_image *a, const fr_image *b, const char *what)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->depth, b->depth);
    const size_t bytes = (size_t)a->width * a->height * fr_image_channels(a) * (a->depth == 16 ? 2 : 1);
    if (memcmp(a->pixels, b->pixels, bytes)) fail_msg("%s: the images differ", what);
}

/* ---------------------------------------------------------------- escape */

static void escape_render(const char *device, const fr_escape_params *p, fr_image *img, fr_escape_raw *raw,
                          fr_escape_stats *st, char *shares)
{
    fr_context *ctx = on(device);
    if (fr_escape_render(ctx, p, img, raw, st)) fail_msg("%s: %s", device, fr_last_error(ctx));
    if (shares) snprintf(shares, 1024, "%s", fr_context_device_shares(ctx));
    fr_context_destroy(ctx);
}

/* Image and samples of `p` through every list equal the single device's. */
static void escape_same(const fr_escape_params *p, int images, const char *what)
{
    fr_image a, b;
    fr_escape_raw ra, rb;
    fr_escape_stats sa, sb;
    const char *const *l = images ? lists() : mixed();
    if (!*l) return;
    escape_render(SINGLE, p, images ? &a : NULL, &ra, &sa, NULL);
    for (; *l; l++) {
        char shares[1024];
        escape_render(*l, p, images ? &b : NULL, &rb, &sb, shares);
        assert_int_equal(ra.width, rb.width);
        assert_int_equal(ra.height, rb.height);
        const size_t n = (size_t)ra.width * ra.height;
        if (memcmp(ra.counts, rb.counts, n * sizeof *ra.counts)) fail_msg("%s on %s: counts differ", what, *l);
        /* a list that mixes kinds: logf's last bit may differ (as CPU against GPU) */
        for (size_t i = 0; ra.values && i < n; i++) {
            const double x = ra.values[i], y = rb.values[i];
            if (images ? memcmp(&ra.values[i], &rb.values[i], sizeof *ra.values) : !(x == y || fabs(x - y) <= 1e-6 * fabs(x)))
                fail_msg("%s on %s: sample %zu: value %.9g, not %.9g", what, *l, i, y, x);
        }
        /* (plain escape time's iteration total counts a kernel's work, replays included: not compared) */
        if (sa.deep) assert_true(sa.iterations == sb.iterations && sa.iterations_skipped == sb.iterations_skipped);
        assert_true(sa.interior == sb.interior);
        if (!strstr(shares, "%")) fail_msg("%s on %s: no shares reported ('%s')", what, *l, shares);
        if (images) same_image(&a, &b, what), fr_image_free(&b);
        fr_escape_raw_free(&rb);
    }
    if (images) fr_image_free(&a);
    fr_escape_raw_free(&ra);
}

static void test_escape(void **state)
{
    (void)state;
    const fr_color_mode modes[] = {FR_COLOR_COUNT, FR_COLOR_SMOOTH, FR_COLOR_DISTANCE, FR_COLOR_HISTOGRAM};
    for (int m = 0; m < 4; m++)
        for (int aa = 1; aa <= 2; aa++) {
            fr_escape_params p;
            fr_escape_params_default(&p, m == 2 ? FR_BURNINGSHIP : FR_MANDELBROT);
            p.width = 203, p.height = 157, p.aa = aa, p.color = modes[m], p.max_iter = 700;
            p.center_re = -0.7436, p.center_im = 0.1318, p.view_width = 0.02, p.rotate_deg = 17;
            if (m == 2) p.center_re = -1.76, p.center_im = -0.03, p.view_width = 0.1;
            char what[64];
            snprintf(what, sizeof what, "escape colour %d aa %d", m, aa);
            escape_same(&p, 1, what);
            escape_same(&p, 0, what);
        }
}

/* ------------------------------------------------------------------ deep */

static void deep_params(fr_escape_params *p, fr_formula f, const char *center, const char *width, uint32_t iter,
                      fr_color_mode color)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params_default(p, f);
    assert_int_equal(fr_escape_param_set(ctx, p, "center", center), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, p, "width", width), FR_OK);
    p->max_iter = iter, p->width = 160, p->height = 90, p->color = color;
    fr_context_destroy(ctx);
}

static void test_deep(void **state)
{
    (void)state;
    fr_escape_params p;
    /* double deltas (KF 1e14), smooth colouring */
    deep_params(&p, FR_MANDELBROT, KF14, "3e-12", 4036, FR_COLOR_SMOOTH);
    escape_same(&p, 1, "deep 1e14");
    escape_same(&p, 0, "deep 1e14");
    /* extended range, the Burning Ship, distance estimation */
    deep_params(&p, FR_BURNINGSHIP, SHIP320, "1e-318", 3000, FR_COLOR_DISTANCE);
    escape_same(&p, 1, "deep ship 1e-318");
    escape_same(&p, 0, "deep ship 1e-318");
}

/* One context through several deep renders, its device list changed
 * between them: what each worker's device keeps from one render to the
 * next (a GPU's tables, grown for a larger view, lent back and forth by
 * the context) leaves every render's counts the single device's. */
static void test_deep_again(void **state)
{
    (void)state;
    fr_escape_params v[2];
    deep_params(&v[0], FR_MANDELBROT, KF14, "3e-12", 4036, FR_COLOR_COUNT);
    deep_params(&v[1], FR_BURNINGSHIP, SHIP320, "1e-318", 3000, FR_COLOR_COUNT);
    fr_escape_raw want[2];
    for (int i = 0; i < 2; i++) escape_render(SINGLE, &v[i], NULL, &want[i], NULL, NULL);
    const char *list = lists()[0];
    const char *const device[] = {list, list, list, SINGLE, list, list};
    const int view[] = {0, 1, 0, 0, 1, 0};
    fr_context *ctx = on(list);
    for (int r = 0; r < 6; r++) {
        fr_escape_raw got;
        if (fr_context_set_device(ctx, device[r])) fail_msg("%s: %s", device[r], fr_last_error(ctx));
        if (fr_escape_render(ctx, &v[view[r]], NULL, &got, NULL)) fail_msg("render %d: %s", r, fr_last_error(ctx));
        const fr_escape_raw *w = &want[view[r]];
        if (memcmp(w->counts, got.counts, (size_t)w->width * w->height * sizeof *w->counts))
            fail_msg("render %d (view %d on %s): counts differ from %s's", r, view[r], device[r], SINGLE);
        fr_escape_raw_free(&got);
    }
    fr_context_destroy(ctx);
    for (int i = 0; i < 2; i++) fr_escape_raw_free(&want[i]);
}

/* ---------------------------------------------------------------- buddha */

static void buddha_same(const fr_buddha_params *p, const char *what)
{
    fr_buddha_hist a, b;
    fr_buddha_stats sa, sb;
    fr_context *ctx = on(SINGLE);
    assert_int_equal(fr_buddha_hist_alloc(ctx, &a, p->width, p->height, p->channels), FR_OK);
    if (fr_buddha_render(ctx, p, &a, &sa)) fail_msg("%s: %s", what, fr_last_error(ctx));
    fr_context_destroy(ctx);
    const char *const *l[2] = {lists(), mixed()};
    for (int set = 0; set < 2; set++)
        for (const char *const *d = l[set]; *d; d++) {
            ctx = on(*d);
            assert_int_equal(fr_buddha_hist_alloc(ctx, &b, p->width, p->height, p->channels), FR_OK);
            if (fr_buddha_render(ctx, p, &b, &sb)) fail_msg("%s on %s: %s", what, *d, fr_last_error(ctx));
            if (!strstr(fr_context_device_shares(ctx), "%")) fail_msg("%s on %s: no shares", what, *d);
            fr_context_destroy(ctx);
            const size_t n = (size_t)p->width * p->height * p->channels;
            if (memcmp(a.counts, b.counts, n * sizeof *a.counts)) fail_msg("%s on %s: histograms differ", what, *d);
            assert_true(sa.hits == sb.hits && sa.orbits == sb.orbits && sa.iterations == sb.iterations);
            assert_true(sa.samples == sb.samples && sa.total == sb.total);
            fr_buddha_hist_free(&b);
        }
    fr_buddha_hist_free(&a);
}

static void test_buddha(void **state)
{
    (void)state;
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    p.width = 160, p.height = 120, p.samples = 1000000, p.seed = 7;
    buddha_same(&p, "buddhabrot");
    fr_buddha_params_default(&p, 1, 0);
    p.width = 96, p.height = 96, p.samples = 300000, p.seed = 11, p.sampling = FR_SAMPLING_IMPORTANCE;
    buddha_same(&p, "nebulabrot (importance sampling)");
    fr_buddha_params_default(&p, 0, 1);
    p.width = 120, p.height = 100, p.samples = 300000, p.seed = 3;
    buddha_same(&p, "anti-buddhabrot");
}

/* ----------------------------------------------------------------- flame */

static void flame_same(const char *path, int index, const fr_flame_options *o, const char *what)
{
    fr_image a, b;
    fr_flame_raw ra, rb;
    fr_flame_stats sa, sb;
    char err[512];
    flame_setup su = {.device = SINGLE};
    if (flame_render_with(&su, path, index, o, &a, &ra, &sa, err, sizeof err)) fail_msg("%s: %s", what, err);
    const char *const *l[2] = {lists(), mixed()};
    for (int set = 0; set < 2; set++)
        for (const char *const *d = l[set]; *d; d++) {
            su.device = *d;
            if (flame_render_with(&su, path, index, o, &b, &rb, &sb, err, sizeof err))
                fail_msg("%s on %s: %s", what, *d, err);
            same_image(&a, &b, what);
            fr_image_free(&b);
            /* the image alone: each device density-estimates and tone-maps
             * a band of rows where the backend can (part_rows) */
            if (flame_render_with(&su, path, index, o, &b, NULL, &sb, err, sizeof err))
                fail_msg("%s on %s, image alone: %s", what, *d, err);
            same_image(&a, &b, what);
            const size_t n = (size_t)ra.width * ra.height * FR_FLAME_RAW_CHANNELS;
            assert_int_equal(ra.width, rb.width);
            if (memcmp(ra.buckets, rb.buckets, n * sizeof *ra.buckets)) fail_msg("%s on %s: buckets differ", what, *d);
            assert_true(sa.iterations == sb.iterations && sa.plotted == sb.plotted);
            fr_image_free(&b);
            fr_flame_raw_free(&rb);
        }
    fr_image_free(&a);
    fr_flame_raw_free(&ra);
}

static void test_flame(void **state)
{
    (void)state;
    char path[512];
    flame_tmp_path(path, sizeof path, "multi-motion.flam3");
    flame_write_motion_genomes(path);
    fr_context *ctx = fr_context_create();
    fr_flame_options o;
    fr_flame_options_default(&o);
    assert_int_equal(fr_flame_option_set(ctx, &o, "size", "160x120"), FR_OK);
    assert_int_equal(fr_flame_option_set(ctx, &o, "quality", "40"), FR_OK);
    flame_same(path, 0, &o, "flame (2 passes)");
    assert_int_equal(fr_flame_option_set(ctx, &o, "motion-blur", "on"), FR_OK);
    flame_same(path, 0, &o, "flame (motion blur)");
    flame_same(path, 1, &o, "flame (temporal samples, 3 passes)");
    assert_int_equal(fr_flame_option_set(ctx, &o, "earlyclip", "on"), FR_OK);
    flame_same(path, 0, &o, "flame (earlyclip)");
    assert_int_equal(fr_flame_option_set(ctx, &o, "earlyclip", "off"), FR_OK);
    assert_int_equal(fr_flame_option_set(ctx, &o, "strips", "3"), FR_OK);
    flame_same(path, 1, &o, "flame (strips)");
    /* fewer walkers than devices: some get none */
    fr_flame_options_default(&o);
    assert_int_equal(fr_flame_option_set(ctx, &o, "size", "24x16"), FR_OK);
    assert_int_equal(fr_flame_option_set(ctx, &o, "quality", "2"), FR_OK);
    flame_same(path, 0, &o, "flame (one walker a pass)");
    fr_context_destroy(ctx);
}

/* ---------------------------------------------------------------- cancel */

static int cancel_at_third(double done, void *user)
{
    (void)user;
    return done >= 0.3;
}

/* Stop at the third report (orbit density: a few batches in). */
static int cancel_at_third_call(double done, void *user)
{
    (void)done;
    return ++*(int *)user >= 3;
}

static void test_cancel(void **state)
{
    (void)state;
    for (const char *const *d = lists(); *d; d++) {
        fr_context *ctx = on(*d);
        fr_context_set_progress(ctx, cancel_at_third, NULL);
        fr_escape_params p;
        deep_params(&p, FR_MANDELBROT, KF14, "3e-12", 4036, FR_COLOR_COUNT);
        p.width = 320, p.height = 240;
        fr_escape_raw raw;
        assert_int_equal(fr_escape_render(ctx, &p, NULL, &raw, NULL), FR_ERR_CANCELLED);
        assert_non_null(strstr(fr_last_error(ctx), "cancelled"));

        fr_buddha_params b;
        fr_buddha_params_default(&b, 0, 0);
        b.width = 100, b.height = 100, b.samples = (uint64_t)1e12;
        fr_buddha_hist h;
        assert_int_equal(fr_buddha_hist_alloc(ctx, &h, b.width, b.height, b.channels), FR_OK);
        fr_buddha_stats st;
        int calls = 0;
        fr_context_set_progress(ctx, cancel_at_third_call, &calls);
        assert_int_equal(fr_buddha_render(ctx, &b, &h, &st), FR_OK);
        assert_true(st.stopped); /* orbit density stops early with what it has */
        assert_true(st.samples > 0 && st.samples < b.samples);
        fr_buddha_hist_free(&h);
        fr_context_set_progress(ctx, cancel_at_third, NULL);

        char path[512];
        flame_tmp_path(path, sizeof path, "multi-cancel.flam3");
        flame_write_motion_genomes(path);
        fr_flames *fl = NULL;
        assert_int_equal(fr_flames_read(ctx, path, NULL, 0, &fl), FR_OK);
        fr_flame_options o;
        fr_flame_options_default(&o);
        fr_image img;
        fr_flame_stats fst;
        assert_int_equal(fr_flame_render(ctx, fl, 0, &o, &img, &fst), FR_ERR_CANCELLED);
        fr_flames_destroy(fl);
        fr_context_destroy(ctx);
    }
}

/* ------------------------------------------------------------ the lists */

static void test_lists(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu,cpu"), FR_OK);
    assert_string_equal(fr_context_device(ctx), "cpu,cpu");
    assert_int_equal(fr_context_device_count(ctx), 2);
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    assert_int_equal(fr_context_device_count(ctx), 1);
    const char *bad[] = {"cpu,", ",cpu", "cpu,,cpu", "cpu,x", "gpu", "cpu,3",
                         "cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu,cpu"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (fr_context_set_device(ctx, bad[i]) != FR_ERR_INVALID)
            fail_msg("device '%s' was not refused as invalid (%s)", bad[i], fr_last_error(ctx));
        assert_non_null(strstr(fr_last_error(ctx), "device"));
    }
    /* a share of a render between processes: index in range, a combine function */
    assert_int_equal(fr_context_set_share(ctx, 2, 2, NULL, NULL), FR_ERR_INVALID);
    assert_int_equal(fr_context_set_share(ctx, 0, 2, NULL, NULL), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "share"));
    assert_int_equal(fr_context_set_share(ctx, 0, 1, NULL, NULL), FR_OK);
    /* a refused list leaves the device as it was */
    assert_string_equal(fr_context_device(ctx), "cpu");
    check_gpu_lists(ctx);
    fr_context_destroy(ctx);
}

int main(int argc, char **argv)
{
    GATE();
    if (argc > 1) cmocka_set_test_filter(argv[1]); /* one test: test_multi test_flame */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists),  cmocka_unit_test(test_escape), cmocka_unit_test(test_deep),
        cmocka_unit_test(test_deep_again), cmocka_unit_test(test_buddha), cmocka_unit_test(test_flame),  cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
