/* flam3 3.1.1 render geometry and post-processing (flame_frame.c,
 * flame_density.c, flame_tonemap.c) against the facts checked on
 * flam3-render and libflam3: spatial filter widths and weights, the
 * name -> function numbering of the filter shapes, gutter and de_offset,
 * the density-estimation tables, the single-dot renders (plain, gamma 2,
 * transparency, density estimation, opacity weight, rotation), and the
 * density-estimation splat giving the same image for 1 and 2 threads and
 * matching a plain sequential splat. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_frame.h"

/* ------------------------------------------------------------ helpers */

static void frame_of(const fr_flame_genome *g, fr_flame_frame *f)
{
    fr_context *ctx = fr_context_create();
    fr_status s = fr_flame_frame_init(ctx, g, f);
    if (s != FR_OK) fail_msg("frame init: %s", fr_last_error(ctx));
    fr_context_destroy(ctx);
}

/* Per-axis weight of tap i: the kernel is separable, so summing a column
 * of the normalised 2-D kernel gives the 1-D weight. */
static double axis_weight(const fr_flame_frame *f, int i)
{
    double s = 0;
    for (int j = 0; j < f->fwidth; j++) s += f->filter[i + j * f->fwidth];
    return s;
}

/* The genome of spec section 12's dot: 64 x 48, scale 16, quality 50,
 * estimator 0, box filter, brightness 0.05, gamma 1. */
static void dot_genome(fr_flame_genome *g)
{
    fr_flame_genome_init(g);
    g->width = 64;
    g->height = 48;
    g->scale = 16;
    g->quality = 50;
    g->estimator_radius = 0;
    g->filter_shape = FR_FILTER_BOX;
    g->brightness = 0.05;
    g->gamma = 1;
}

/* Renders the dot: `hits` hits of a white palette entry with per-hit
 * weight w (flam3 truncates each add) on the bucket of (1, 0.5); returns
 * the pixel at (48, 32) in px[4]. Checks that only that pixel is lit. */
static void render_dot(const fr_flame_genome *g, double w, int earlyclip, int transparency, int bpc,
                       uint16_t px[4])
{
    fr_context *ctx = fr_context_create();
    fr_flame_frame f;
    assert_int_equal(fr_flame_frame_init(ctx, g, &f), FR_OK);
    assert_int_equal(f.nsamples, 153600.0);
    size_t nb = (size_t)f.wb * f.hb;
    fr_flame_bucket_t *b = calloc(nb * FR_FB_CHANNELS, sizeof *b);
    fr_flame_acc_t *acc = calloc(nb * 4, sizeof *acc);
    uint16_t *out = calloc((size_t)f.width * f.height * 4, sizeof *out);
    assert_non_null(b);
    assert_non_null(acc);
    assert_non_null(out);

    int64_t at = fr_flame_bucket(&f, 1.0, 0.5);
    assert_int_equal(at, (48 + f.gutter) + (int64_t)(32 + f.gutter) * f.wb);
    const uint64_t hits = 153600;
    uint64_t colour = (uint64_t)floor(255.0 * 1.0 * w), cnt = (uint64_t)floor(255.0 * w);
    for (int c = 0; c < 4; c++) b[at * FR_FB_CHANNELS + c] = hits * colour;
    b[at * FR_FB_CHANNELS + FR_FB_CNT] = hits * cnt;

    assert_int_equal(fr_flame_accumulate(ctx, g, &f, b, acc), FR_OK);
    assert_int_equal(fr_flame_tonemap(ctx, g, &f, acc, earlyclip, transparency, bpc, out), FR_OK);
    for (int j = 0; j < f.height; j++)
        for (int i = 0; i < f.width; i++) {
            const uint16_t *p = out + ((size_t)i + (size_t)j * f.width) * 4;
            if (i == 48 && j == 32) continue;
            if (p[0] || p[1] || p[2]) fail_msg("pixel (%d, %d) lit: %u %u %u", i, j, p[0], p[1], p[2]);
        }
    memcpy(px, out + ((size_t)48 + (size_t)32 * f.width) * 4, 4 * sizeof *px);
    free(out);
    free(acc);
    free(b);
    fr_flame_frame_free(&f);
    fr_context_destroy(ctx);
}

/* ------------------------------------------------------ spatial filter */

static void test_filter_gaussian_widths(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    assert_int_equal(g.filter_shape, FR_FILTER_GAUSSIAN);
    assert_true(g.filter == 0.5);
    frame_of(&g, &f);
    assert_int_equal(f.fwidth, 3);
    /* the centre row of the 2-D kernel: 0.00034 / 0.99866 / 0.00034 (the
     * 1-D weights are 0.000335 / 0.99933 / 0.000335, squared in the centre) */
    assert_float_equal(f.filter[3], 0.00034, 5e-6);
    assert_float_equal(f.filter[4], 0.99866, 5e-6);
    assert_float_equal(f.filter[5], 0.00034, 5e-6);
    assert_float_equal(axis_weight(&f, 1), 0.99933, 5e-6);
    assert_float_equal(axis_weight(&f, 0), axis_weight(&f, 2), 1e-18);
    double sum = 0;
    for (int i = 0; i < 9; i++) sum += f.filter[i];
    assert_float_equal(sum, 1.0, 1e-12);
    fr_flame_frame_free(&f);

    g.filter = 1.0;
    g.supersample = 4;
    frame_of(&g, &f);
    assert_int_equal(f.fwidth, 14);
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

static void test_filter_box_one_subbucket(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    g.filter_shape = FR_FILTER_BOX;
    g.supersample = 2;
    frame_of(&g, &f);
    assert_int_equal(f.fwidth, 2);
    /* taps at x = -0.5 and 0.5; box(-0.5) = 0 */
    assert_true(f.filter[0] == 0.0 && f.filter[1] == 0.0 && f.filter[2] == 0.0);
    assert_true(f.filter[3] == 1.0);
    fr_flame_frame_free(&f);

    /* box and triangle with r = 1, os = 1 are the identity */
    g.supersample = 1;
    g.filter = 1.0;
    frame_of(&g, &f);
    for (int i = 0; i < f.fwidth * f.fwidth; i++)
        assert_true(f.filter[i] == (i == f.fwidth * f.fwidth / 2 ? 1.0 : 0.0));
    fr_flame_frame_free(&f);
    g.filter_shape = FR_FILTER_TRIANGLE;
    frame_of(&g, &f);
    for (int i = 0; i < f.fwidth * f.fwidth; i++)
        assert_true(f.filter[i] == (i == f.fwidth * f.fwidth / 2 ? 1.0 : 0.0));
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

/* The names 6..12 evaluate other functions (spec 2.4); values at x = 0
 * and x = 0.5 as libflam3's flam3_spatial_filter returns them (spec 10). */
static void test_filter_name_mismapping(void **state)
{
    (void)state;
    static const struct {
        fr_flame_filter_shape shape;
        double at0, at05, supp;
    } v[] = {
        {FR_FILTER_LANCZOS3, 0.8889, 0.5347, 2.0}, /* mitchell */
        {FR_FILTER_LANCZOS2, 1, 0.2165, 1.0},      /* sinc * blackman */
        {FR_FILTER_MITCHELL, 1, 0.5625, 2.0},      /* catrom */
        {FR_FILTER_BLACKMAN, 1, 0.3183, 1.0},      /* sinc * hanning */
        {FR_FILTER_CATROM, 1, 0.3438, 1.0},        /* sinc * hamming */
        {FR_FILTER_HAMMING, 1, 0.5805, 3.0},       /* lanczos3 * sinc(x/3) */
        {FR_FILTER_HANNING, 1, 0.5160, 2.0},       /* lanczos2 * sinc(x/2) */
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        assert_float_equal(fr_flame_spatial_filter(v[i].shape, 0.0), v[i].at0, 5e-5);
        assert_float_equal(fr_flame_spatial_filter(v[i].shape, 0.5), v[i].at05, 5e-5);
        assert_true(fr_flame_spatial_support(v[i].shape) == v[i].supp);
    }
    /* the others as named */
    assert_float_equal(fr_flame_spatial_filter(FR_FILTER_GAUSSIAN, 0.0), sqrt(2.0 / M_PI), 1e-15);
    assert_true(fr_flame_spatial_filter(FR_FILTER_BOX, -0.5) == 0.0);
    assert_true(fr_flame_spatial_filter(FR_FILTER_BOX, 0.5) == 1.0);
    assert_float_equal(fr_flame_spatial_filter(FR_FILTER_HERMITE, 0.5), 0.5, 1e-15);
    assert_float_equal(fr_flame_spatial_filter(FR_FILTER_TRIANGLE, 0.25), 0.75, 1e-15);
    assert_float_equal(fr_flame_spatial_filter(FR_FILTER_BELL, 1.0), 0.125, 1e-15);
    assert_float_equal(fr_flame_spatial_filter(FR_FILTER_BSPLINE, 0.0), 2.0 / 3.0, 1e-15);
    assert_float_equal(fr_flame_spatial_filter(FR_FILTER_QUADRATIC, 1.0), 0.125, 1e-15);
    static const double supp[] = {1.5, 1, 0.5, 1, 1.5, 2, 2, 1, 2, 1, 1, 3, 2, 1.5};
    for (int s = 0; s < 14; s++) assert_true(fr_flame_spatial_support((fr_flame_filter_shape)s) == supp[s]);
}

static void test_filter_errors(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    /* hermite, r = 0.1, os = 2: fwidth 2 with taps at x = +-2.5, where the
     * function is 0 */
    g.supersample = 2;
    g.filter = 0.1;
    g.filter_shape = FR_FILTER_HERMITE;
    assert_int_equal(fr_flame_frame_init(ctx, &g, &f), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "Spatial filter"));
    g.filter_shape = FR_FILTER_GAUSSIAN;
    g.supersample = 0;
    assert_int_equal(fr_flame_frame_init(ctx, &g, &f), FR_ERR_INVALID);
    g.supersample = 1;
    g.passes = 0;
    assert_int_equal(fr_flame_frame_init(ctx, &g, &f), FR_ERR_INVALID);
    g.passes = 1;
    g.width = 0;
    assert_int_equal(fr_flame_frame_init(ctx, &g, &f), FR_ERR_INVALID);
    g.width = 100;
    g.quality = 0;
    assert_int_equal(fr_flame_frame_init(ctx, &g, &f), FR_ERR_INVALID);
    g.quality = 1;
    g.estimator_curve = 0;
    assert_int_equal(fr_flame_frame_init(ctx, &g, &f), FR_ERR_INVALID);
    g.estimator_curve = 0.4;
    g.estimator_minimum = 10;
    assert_int_equal(fr_flame_frame_init(ctx, &g, &f), FR_ERR_INVALID);
    fr_flame_genome_free(&g);
    fr_context_destroy(ctx);
}

/* ---------------------------------------------------- gutter, camera */

static void test_gutter_default(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    assert_true(g.estimator_radius == 9 && g.supersample == 1);
    frame_of(&g, &f);
    assert_int_equal(f.fwidth, 3);
    assert_int_equal(f.gutter, 9);
    assert_int_equal(f.de_offset, 8);
    assert_int_equal(f.wb, g.width + 18);
    assert_int_equal(f.hb, g.height + 18);
    assert_true(f.sample_density == 1.0);
    assert_true(f.nsamples == 100.0 * 100.0);
    assert_int_equal(f.passes, 1);
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

static void test_gutter_electric_sheep(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    g.estimator_radius = 11;
    g.estimator_curve = 0.6;
    g.supersample = 4;
    g.filter = 1;
    g.width = 800;
    g.height = 592;
    frame_of(&g, &f);
    assert_int_equal(f.fwidth, 14);
    assert_int_equal(f.gutter, 47);
    assert_int_equal(f.de_offset, 42);
    assert_int_equal(f.wb, 4 * 800 + 94);
    assert_int_equal(f.hb, 4 * 592 + 94);
    assert_int_equal(f.de.max_filter_index, 141);
    assert_int_equal(f.de.max_filtered_counts, 607);
    assert_true(f.de.width[0] == 45.0);
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

static void test_camera_zoom(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    g.zoom = 1;
    g.quality = 10;
    frame_of(&g, &f);
    assert_true(f.ppux == 100.0 && f.ppuy == 100.0);
    assert_true(f.sample_density == 40.0);
    assert_true(f.nsamples == 40.0 * 100 * 100);
    assert_false(f.rotated);
    /* the corners of the image land on the first and last image buckets */
    assert_int_equal(fr_flame_bucket(&f, -0.5 + 1e-9, -0.5 + 1e-9), f.gutter + (int64_t)f.gutter * f.wb);
    assert_int_equal(fr_flame_bucket(&f, 0.5 - 1e-9, 0.5 - 1e-9),
                     f.gutter + 99 + (int64_t)(f.gutter + 99) * f.wb);
    assert_int_equal(fr_flame_bucket(&f, 0.6, 0), -1);
    fr_flame_frame_free(&f);
    /* rotate is compared exactly: -360 still rotates */
    g.rotate = -360;
    frame_of(&g, &f);
    assert_true(f.rotated);
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

/* ------------------------------------------------------------ DE tables */

static void test_de_tables(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    assert_true(g.estimator_curve == 0.4 && g.estimator_minimum == 0);
    frame_of(&g, &f);
    assert_int_equal(f.de.max_filter_index, 109);
    assert_int_equal(f.de.max_filtered_counts, 416);
    assert_int_equal(f.de.kernel_size, 10 * 11 / 2);
    assert_true(f.de.width[0] == 10.0);
    assert_float_equal(f.de.width[1], 7.579, 5e-4);
    assert_float_equal(f.de.width[2], 6.444, 5e-4);
    assert_true(f.de.width[109] == 1.0);
    /* the narrowest kernel: only the centre tap is splatted */
    assert_float_equal(f.de.coef[109 * f.de.kernel_size], 0.957455, 5e-7);
    /* every kernel sums to 1 over the full square within d <= 1 */
    for (int k = 0; k <= f.de.max_filter_index; k += 27) {
        const double *c = f.de.coef + (size_t)k * f.de.kernel_size;
        double s = 0;
        int idx = 0;
        for (int j = 0; j <= 9; j++)
            for (int i = 0; i <= j; i++, idx++) s += c[idx] * (j == 0 ? 1 : (i == 0 || i == j) ? 4 : 8);
        assert_float_equal(s, 1.0, 1e-12);
    }
    fr_flame_frame_free(&f);

    g.estimator_radius = 11;
    g.estimator_curve = 0.6;
    frame_of(&g, &f);
    assert_int_equal(f.de.max_filter_index, 62);
    assert_int_equal(f.de.max_filtered_counts, 63);
    fr_flame_frame_free(&f);

    /* est_min == est: no density estimation */
    g.estimator_minimum = 11;
    frame_of(&g, &f);
    assert_int_equal(f.de.max_filter_index, 0);
    assert_int_equal(f.gutter, 11);
    fr_flame_frame_free(&f);
    /* estimator 0: none, and no DE gutter */
    g.estimator_radius = 0;
    g.estimator_minimum = 0;
    frame_of(&g, &f);
    assert_int_equal(f.de.max_filter_index, 0);
    assert_int_equal(f.gutter, 1);
    assert_int_equal(f.de_offset, 0);
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

/* ------------------------------------------------------------ the dot */

static void test_dot(void **state)
{
    (void)state;
    fr_flame_genome g;
    uint16_t px[4];
    dot_genome(&g);
    render_dot(&g, 1.0, 0, 0, 8, px);
    assert_int_equal(px[0], 74);
    assert_int_equal(px[1], 74);
    assert_int_equal(px[2], 74);
    assert_int_equal(px[3], 255);

    render_dot(&g, 1.0, 1, 0, 8, px); /* earlyclip: same with an identity filter */
    assert_int_equal(px[0], 74);

    render_dot(&g, 1.0, 0, 0, 16, px);
    assert_int_equal(px[0] / 256, 74);
    assert_int_equal(px[3], 65535);

    g.gamma = 2;
    render_dot(&g, 1.0, 0, 0, 8, px);
    assert_int_equal(px[0], 137);

    g.gamma = 1;
    render_dot(&g, 1.0, 0, 1, 8, px);
    assert_int_equal(px[0], 255);
    assert_int_equal(px[1], 255);
    assert_int_equal(px[2], 255);
    assert_int_equal(px[3], 74);

    /* opacity 0.5: weight 0.5^3.3219 = 0.1, 25 per channel and count */
    render_dot(&g, 0.1, 0, 0, 8, px);
    assert_int_equal(px[0], 43);

    /* with transparency the background is not composited */
    g.background[0] = g.background[1] = g.background[2] = 1;
    render_dot(&g, 1.0, 0, 1, 8, px);
    assert_int_equal(px[3], 74);
    fr_flame_genome_free(&g);
}

static void test_dot_density_estimation(void **state)
{
    (void)state;
    fr_flame_genome g;
    uint16_t px[4];
    dot_genome(&g);
    g.estimator_radius = 9;
    render_dot(&g, 1.0, 0, 0, 8, px);
    assert_int_equal(px[0], 71);
    fr_flame_genome_free(&g);
}

static void test_dot_rotated(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_frame f;
    dot_genome(&g);
    g.rotate = 90;
    frame_of(&g, &f);
    assert_true(f.rotated);
    assert_int_equal(fr_flame_bucket(&f, 1.0, 0.0), 32 + (int64_t)40 * f.wb);
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

/* ------------------------------------------------------------- threads */

/* A bucket grid with structure at every density: a dense core, a sparse
 * halo, some opacity-weighted hits (deterministic LCG). */
static void fill_buckets(const fr_flame_frame *f, fr_flame_bucket_t *b)
{
    uint64_t s = 12345;
    for (int j = 0; j < f->hb; j++)
        for (int i = 0; i < f->wb; i++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            double dx = i - f->wb * 0.5, dy = j - f->hb * 0.4;
            double dens = 3000.0 * exp(-(dx * dx + dy * dy) / 60.0) + 2.0 * ((s >> 40) % 7 == 0);
            uint64_t hits = (uint64_t)dens + ((s >> 20) % 3 == 0);
            uint64_t w = (s >> 33) % 5 == 0 ? 25 : 255;
            fr_flame_bucket_t *p = b + ((size_t)i + (size_t)j * f->wb) * FR_FB_CHANNELS;
            p[FR_FB_R] = hits * (w * ((s >> 8) % 256) / 255);
            p[FR_FB_G] = hits * (w * ((s >> 16) % 256) / 255);
            p[FR_FB_B] = hits * (w * ((s >> 24) % 256) / 255);
            p[FR_FB_A] = hits * w;
            p[FR_FB_CNT] = hits * w;
        }
}

/* The splat of rect.c de_thread written out plainly, one bucket after the
 * other, for comparison. */
static void reference_splat(const fr_flame_genome *g, const fr_flame_frame *f, const fr_flame_bucket_t *b, double *acc)
{
    const fr_flame_de *de = &f->de;
    int os = f->os, ss = os / 2;
    double k1 = (g->brightness * 255 * 268.0 * (1.0 / f->passes)) / 256;
    double area = f->width * f->height / (f->ppux * f->ppuy);
    double k2 = (os * os * (double)f->passes) / (area * 255 * f->sample_density);
    for (int j = os - 1; j <= f->hb - os; j++)
        for (int i = os - 1; i <= f->wb - os; i++) {
            const fr_flame_bucket_t *p = b + ((size_t)i + (size_t)j * f->wb) * 5;
            if (!p[4] || !p[3]) continue;
            double fs = 0;
            for (int ii = -ss; ii <= ss; ii++)
                for (int jj = -ss; jj <= ss; jj++) fs += b[((size_t)(i + ii) + (size_t)(j + jj) * f->wb) * 5 + 4] / 255.0;
            if (!(os & 1)) fs *= pow(os / (os + 1.0), 2);
            int k = fs > de->max_filtered_counts ? de->max_filter_index
                    : fs <= 100                 ? (int)ceil(fs) - 1
                                                : 100 + (int)floor(pow(fs - 100, de->curve));
            if (k > de->max_filter_index) k = de->max_filter_index;
            int r = (int)ceil(de->width[k]) - 1;
            double base = k1 * log(1 + p[3] * k2) / p[3];
            for (int dj = -r; dj <= r; dj++)
                for (int di = -r; di <= r; di++) {
                    int aj = abs(dj), ai = abs(di), hi = aj > ai ? aj : ai, lo = aj > ai ? ai : aj;
                    double w = de->coef[(size_t)k * de->kernel_size + hi * (hi + 1) / 2 + lo];
                    int x = i + di, y = j + dj;
                    if (w == 0 || x < 0 || y < 0 || x >= f->wb || y >= f->hb) continue;
                    for (int c = 0; c < 4; c++) acc[((size_t)x + (size_t)y * f->wb) * 4 + c] += p[c] * (w * base);
                }
        }
}

static void run_threads(int os, int passes)
{
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_genome_init(&g);
    g.width = 96;
    g.height = 80;
    g.supersample = os;
    g.passes = passes;
    g.brightness = 10;
    frame_of(&g, &f);
    assert_true(f.de.max_filter_index > 0);
    size_t nb = (size_t)f.wb * f.hb;
    fr_flame_bucket_t *b = calloc(nb * FR_FB_CHANNELS, sizeof *b);
    fr_flame_acc_t *acc[2];
    double *ref = calloc(nb * 4, sizeof *ref);
    uint16_t *out[2];
    for (int t = 0; t < 2; t++) acc[t] = calloc(nb * 4, sizeof *acc[t]);
    for (int t = 0; t < 2; t++) out[t] = calloc((size_t)f.width * f.height * 4, sizeof(uint16_t));
    fill_buckets(&f, b);

    for (int t = 0; t < 2; t++) {
        fr_context *ctx = fr_context_create();
        fr_context_set_threads(ctx, t + 1);
        for (int p = 0; p < passes; p++) assert_int_equal(fr_flame_accumulate(ctx, &g, &f, b, acc[t]), FR_OK);
        fr_context_destroy(ctx);
    }
    assert_memory_equal(acc[0], acc[1], nb * 4 * sizeof *acc[0]);
    /* against the plain splat in double: every add is positive, so a
     * float cell stays within its adds' count of float roundings (1e-4
     * relative covers 800 adds a cell) */
    for (int p = 0; p < passes; p++) reference_splat(&g, &f, b, ref);
    double maxv = 0;
    for (size_t i = 0; i < nb * 4; i++) maxv = fmax(maxv, ref[i]);
    assert_true(maxv > 0);
    for (size_t i = 0; i < nb * 4; i++)
        if (fabs(acc[0][i] - ref[i]) > 1e-4 * ref[i]) fail_msg("cell %zu: %.17g vs %.17g", i, acc[0][i], ref[i]);

    for (int t = 0; t < 2; t++) {
        fr_context *ctx = fr_context_create();
        fr_context_set_threads(ctx, t + 1);
        assert_int_equal(fr_flame_tonemap(ctx, &g, &f, acc[t], 0, 0, 8, out[t]), FR_OK);
        fr_context_destroy(ctx);
    }
    assert_memory_equal(out[0], out[1], (size_t)f.width * f.height * 4 * sizeof(uint16_t));
    int lit = 0;
    for (size_t i = 0; i < (size_t)f.width * f.height * 4; i += 4) lit += out[0][i] > 0;
    assert_true(lit > 100);

    for (int t = 0; t < 2; t++) free(acc[t]);
    free(ref);
    for (int t = 0; t < 2; t++) free(out[t]);
    free(b);
    fr_flame_frame_free(&f);
    fr_flame_genome_free(&g);
}

static void test_threads_os1(void **state)
{
    (void)state;
    run_threads(1, 1);
}

static void test_threads_os2_passes2(void **state)
{
    (void)state;
    run_threads(2, 2);
}

static void test_threads_os3(void **state)
{
    (void)state;
    run_threads(3, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_filter_gaussian_widths),
        cmocka_unit_test(test_filter_box_one_subbucket),
        cmocka_unit_test(test_filter_name_mismapping),
        cmocka_unit_test(test_filter_errors),
        cmocka_unit_test(test_gutter_default),
        cmocka_unit_test(test_gutter_electric_sheep),
        cmocka_unit_test(test_camera_zoom),
        cmocka_unit_test(test_de_tables),
        cmocka_unit_test(test_dot),
        cmocka_unit_test(test_dot_density_estimation),
        cmocka_unit_test(test_dot_rotated),
        cmocka_unit_test(test_threads_os1),
        cmocka_unit_test(test_threads_os2_passes2),
        cmocka_unit_test(test_threads_os3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
