/* Flames in strips and the raw accumulation buffer (CPU):
 * - strip geometry: the strips tile the image, each strip's buckets are a
 *   band of the whole image's grid (fr_flame_bucket less the band's first
 *   row), with margins for the filter and the density estimator;
 * - a render in 3 (and 7) strips has the unsplit render's size and is
 *   within the seed-to-seed noise of it (PSNR against a second seed), in
 *   fact equal bit for bit, seams included; with rotation, 2 passes,
 *   density estimation, supersample 2 and 3, earlyclip, transparency, 16
 *   bits;
 * - automatic strips under a host memory cap, and the error when even
 *   strips of one row do not fit; bad strip counts;
 * - progress stays monotone across strips and a cancel stops them;
 * - the raw buffer: shape, the count channel summing to 255 x the plotted
 *   hits, consistent with the image, the same in strips, without the
 *   image, over passes; the .npy file's header and data, and its errors
 *   (no file left behind). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame_support.h"
#include "fs_support.h"
#include "flame/flame_strips.h"

/* ------------------------------------------------------------ helpers */

static const char *tmp_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", getenv("FR_TEST_TMP") ? getenv("FR_TEST_TMP") : "/tmp", name);
    return buf;
}

/* Genome 0: 160 x 120, rotated, 2 passes, density estimation, three
 * xforms; genome 1: a Sierpinski triangle well inside a 64 x 48 frame, no
 * density estimation, a narrow filter (every hit lands in the image). */
static void write_genomes(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "<flames>\n"
               "<flame name=\"a\" size=\"160 120\" center=\"0.1 -0.05\" scale=\"45\" rotate=\"17\" quality=\"30\" "
               "supersample=\"2\" passes=\"2\" brightness=\"4\" gamma=\"3\" filter=\"1\" estimator_radius=\"6\" "
               "estimator_minimum=\"0\" estimator_curve=\"0.5\">\n"
               "<xform weight=\"0.5\" color=\"0\" spherical=\"0.6\" linear=\"0.3\" coefs=\"0.8 0.1 -0.1 0.7 0.2 0.1\"/>\n"
               "<xform weight=\"0.3\" color=\"0.6\" linear=\"0.6\" coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\"/>\n"
               "<xform weight=\"0.2\" color=\"1\" julia=\"0.5\" coefs=\"0.6 0.2 -0.2 0.6 0.3 -0.3\"/>\n");
    for (int i = 0; i < 256; i++) fprintf(f, "<color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, i, (i * 7) % 256, 255 - i);
    fprintf(f, "</flame>\n"
               "<flame name=\"tri\" size=\"64 48\" center=\"0.5 0.45\" scale=\"40\" quality=\"20\" supersample=\"2\" "
               "filter=\"0.4\" estimator_radius=\"0\" brightness=\"3\">\n"
               " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
               " <xform weight=\"1\" color=\"0.5\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
               " <xform weight=\"1\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0.5\"/>\n");
    for (int i = 0; i < 256; i++)
        fprintf(f, "<color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, 255 - i, 64 + (i * 3) % 192, 32 + i / 2);
    fprintf(f, "</flame>\n</flames>\n");
    fclose(f);
}

typedef struct env {
    fr_context *ctx;
    fr_flames *fl;
    char path[4096];
} env;

static int setup(void **state)
{
    env *e = calloc(1, sizeof *e);
    assert_non_null(e);
    e->ctx = fr_context_create();
    tmp_path(e->path, sizeof e->path, "strips.flam3");
    write_genomes(e->path);
    assert_int_equal(fr_flames_read(e->ctx, e->path, NULL, 0, &e->fl), FR_OK);
    *state = e;
    return 0;
}

static int teardown(void **state)
{
    env *e = *state;
    fr_flames_destroy(e->fl);
    fr_context_destroy(e->ctx);
    remove(e->path);
    free(e);
    return 0;
}

static void render_ok(env *e, int index, const fr_flame_options *o, fr_image *img, fr_flame_raw *raw,
                      fr_flame_stats *st)
{
    fr_flame_stats local;
    if (fr_flame_render_raw(e->ctx, e->fl, index, o, img, raw, st ? st : &local))
        fail_msg("render #%d: %s", index, fr_last_error(e->ctx));
}

static size_t image_bytes(const fr_image *a) { return (size_t)a->width * a->height * 4 * (a->depth == 16 ? 2 : 1); }

/* Largest difference of rows [y0, y1) of two images (8-bit scale x 257 for 16 bits). */
static int rows_diff(const fr_image *a, const fr_image *b, int y0, int y1)
{
    int d = 0;
    for (int y = y0 < 0 ? 0 : y0; y < y1 && y < a->height; y++)
        for (int i = 0; i < a->width * 4; i++) {
            size_t k = (size_t)y * a->width * 4 + (size_t)i;
            int x = a->depth == 16 ? ((const uint16_t *)a->pixels)[k] : ((const uint8_t *)a->pixels)[k];
            int z = a->depth == 16 ? ((const uint16_t *)b->pixels)[k] : ((const uint8_t *)b->pixels)[k];
            if (abs(x - z) > d) d = abs(x - z);
        }
    return d;
}

/* ----------------------------------------------------------- geometry */

static void test_strip_geometry(void **state)
{
    env *e = *state;
    (void)e;
    fr_flame_genome g;
    fr_flame_frame w;
    fr_flame_genome_init(&g);
    g.width = 150, g.height = 101, g.supersample = 3, g.rotate = 30, g.estimator_radius = 7, g.filter = 1.5;
    assert_int_equal(fr_flame_frame_init(e->ctx, &g, &w), FR_OK);
    assert_true(w.de.max_filter_index > 0);
    assert_int_equal(w.y0, 0);
    assert_int_equal(w.row0, 0);
    assert_int_equal(w.image_height, 101);
    const int reach = (int)ceil(w.de.width[0]) - 1 + w.os - 1;
    for (int n = 1; n <= 9; n += 4) {
        int next = 0;
        for (int k = 0; k < n; k++) {
            int y0, y1;
            fr_flame_frame s;
            fr_flame_strip_rows(w.height, n, k, &y0, &y1);
            assert_int_equal(y0, next);
            assert_true(y1 > y0);
            next = y1;
            fr_flame_strip_frame(&w, y0, y1, &s);
            assert_int_equal(s.y0, y0);
            assert_int_equal(s.height, y1 - y0);
            assert_int_equal(s.image_height, 101);
            assert_int_equal(s.wb, w.wb);
            assert_ptr_equal(s.filter, w.filter);
            assert_true(s.row0 >= 0 && s.row0 + s.hb <= w.hb);
            /* the filter's rows and the splats reaching them are in the band */
            int lo = w.de_offset + y0 * w.os - reach, hi = w.de_offset + (y1 - 1) * w.os + w.fwidth + reach;
            assert_true(s.row0 <= (lo < 0 ? 0 : lo));
            assert_true(s.row0 + s.hb >= (hi > w.hb ? w.hb : hi));
            assert_int_equal(fr_flame_image_row0(&s), w.gutter + y0 * w.os - s.row0);
            /* every point maps to the image's bucket less the band */
            for (int t = 0; t < 4000; t++) {
                double x = -2.5 + 5.0 * (t % 63) / 62.0 + 1e-3 * t, y = -2.0 + 4.0 * (t / 63) / 63.0;
                int64_t bw = fr_flame_bucket(&w, x, y), bs = fr_flame_bucket(&s, x, y);
                int64_t want = bw < 0 || bw < (int64_t)s.row0 * w.wb || bw >= (int64_t)(s.row0 + s.hb) * w.wb
                                   ? -1
                                   : bw - (int64_t)s.row0 * w.wb;
                assert_int_equal(bs, want);
            }
        }
        assert_int_equal(next, 101);
    }
    fr_flame_frame_free(&w);
    fr_flame_genome_free(&g);
}

/* ------------------------------------------------------ strips vs whole */

/* The strips render against the unsplit one (seed 1) and seed 2: same
 * size, PSNR within the seed-to-seed noise; on the CPU equal bit for bit,
 * the rows on both sides of every seam included. */
static void strips_vs_whole(env *e, int index, fr_flame_options o, int strips, const char *what)
{
    fr_image whole, other, split;
    fr_flame_stats st;
    o.seed = 1;
    render_ok(e, index, &o, &whole, NULL, &st);
    assert_int_equal(st.strips, 1);
    o.seed = 2;
    render_ok(e, index, &o, &other, NULL, NULL);
    o.seed = 1, o.strips = strips;
    render_ok(e, index, &o, &split, NULL, &st);
    assert_int_equal(st.strips, strips);
    assert_int_equal(split.width, whole.width);
    assert_int_equal(split.height, whole.height);
    assert_int_equal(split.depth, whole.depth);
    double noise = flame_psnr(&whole, &other), p = flame_psnr(&whole, &split);
    printf("%-28s %d strips: seed-to-seed %6.2f dB, strips-to-whole %6.2f dB\n", what, strips, noise, p);
    assert_true(p >= noise - 1.0);
    for (int k = 1; k < strips; k++) {
        int y0, y1;
        fr_flame_strip_rows(whole.height, strips, k, &y0, &y1);
        int d = rows_diff(&whole, &split, y0 - 3, y0 + 3);
        if (d) fail_msg("%s: the seam above row %d differs by %d", what, y0, d);
    }
    assert_memory_equal(whole.pixels, split.pixels, image_bytes(&whole));
    fr_image_free(&whole), fr_image_free(&other), fr_image_free(&split);
}

static void test_strips_equal_whole(void **state)
{
    env *e = *state;
    fr_flame_options o = {0};
    strips_vs_whole(e, 0, o, 3, "rotated, 2 passes, DE");
    strips_vs_whole(e, 0, o, 7, "rotated, 2 passes, DE");
    fr_flame_options s3 = {.supersample = 3, .depth = 16};
    strips_vs_whole(e, 0, s3, 3, "supersample 3, 16 bits");
    fr_flame_options ec = {.earlyclip = 1, .transparency = 1};
    strips_vs_whole(e, 0, ec, 4, "earlyclip, transparent");
    fr_flame_options tri = {0};
    strips_vs_whole(e, 1, tri, 3, "no DE");
}

/* ---------------------------------------------------- memory and errors */

static void test_automatic_strips_under_a_cap(void **state)
{
    env *e = *state;
    fr_flame_options o = {.width = 640, .height = 480, .quality = 4, .seed = 5};
    fr_image whole, capped;
    fr_flame_stats st;
    render_ok(e, 0, &o, &whole, NULL, &st);
    assert_int_equal(st.strips, 1);
    assert_int_equal(fr_context_set_host_memory(e->ctx, 16u << 20), FR_OK);
    render_ok(e, 0, &o, &capped, NULL, &st);
    printf("640x480 supersample 2 under 16 MiB: %d strips, %.1f MiB of buckets\n", st.strips,
           st.bucket_bytes / (1 << 20));
    assert_true(st.strips > 1);
    assert_true(st.bucket_bytes < 16.0 * (1 << 20));
    assert_memory_equal(whole.pixels, capped.pixels, image_bytes(&whole));
    /* forced strips that do not fit: the histogram's error */
    o.strips = 2;
    fr_image img;
    assert_int_equal(fr_flame_render(e->ctx, e->fl, 0, &o, &img, NULL), FR_ERR_NOMEM);
    assert_null(img.pixels);
    /* a frame that does not fit even in strips of one row */
    fr_flame_options huge = {.width = 65535, .height = 8, .supersample = 16, .quality = 0.001};
    assert_int_equal(fr_flame_render(e->ctx, e->fl, 0, &huge, &img, NULL), FR_ERR_NOMEM);
    assert_non_null(strstr(fr_last_error(e->ctx), "strips of one row"));
    assert_null(img.pixels);
    assert_int_equal(fr_context_set_host_memory(e->ctx, 0), FR_OK);
    assert_int_equal(fr_context_set_host_memory(e->ctx, 1u << 20), FR_ERR_INVALID);
    fr_image_free(&whole), fr_image_free(&capped);
}

static void test_bad_strip_counts(void **state)
{
    env *e = *state;
    fr_image img;
    fr_flame_options o = {.strips = 121};
    assert_int_equal(fr_flame_render(e->ctx, e->fl, 0, &o, &img, NULL), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(e->ctx), "more strips than rows"));
    assert_null(img.pixels);
    o.strips = -1;
    assert_int_equal(fr_flame_render(e->ctx, e->fl, 0, &o, &img, NULL), FR_ERR_INVALID);
    o.strips = 120; /* one row each: fine */
    o.quality = 1;
    fr_flame_stats st;
    render_ok(e, 0, &o, &img, NULL, &st);
    assert_int_equal(st.strips, 120);
    fr_image_free(&img);
}

/* ------------------------------------------------------------ progress */

typedef struct progress_log {
    double v[4096];
    int n, cancel_at_half;
} progress_log;

static int log_progress(double done, void *user)
{
    progress_log *l = user;
    if (l->n < 4096) l->v[l->n++] = done;
    return l->cancel_at_half && done > 0.5;
}

static void test_progress_monotone(void **state)
{
    env *e = *state;
    progress_log *l = calloc(1, sizeof *l);
    fr_context_set_progress(e->ctx, log_progress, l);
    fr_flame_options o = {.strips = 4, .quality = 10};
    fr_image img;
    render_ok(e, 0, &o, &img, NULL, NULL);
    fr_image_free(&img);
    assert_true(l->n > 8);
    int quarters[4] = {0, 0, 0, 0};
    for (int i = 0; i < l->n; i++) {
        assert_true(l->v[i] >= 0 && l->v[i] <= 1);
        if (i) assert_true(l->v[i] >= l->v[i - 1]);
        if (l->v[i] < 1) quarters[(int)(l->v[i] * 4)]++;
    }
    for (int q = 0; q < 4; q++) assert_true(quarters[q] > 0);
    assert_true(l->v[l->n - 1] == 1.0);
    /* a cancel in the third strip */
    memset(l, 0, sizeof *l);
    l->cancel_at_half = 1;
    assert_int_equal(fr_flame_render(e->ctx, e->fl, 0, &o, &img, NULL), FR_ERR_CANCELLED);
    assert_null(img.pixels);
    assert_true(l->v[l->n - 1] < 0.75);
    fr_context_set_progress(e->ctx, NULL, NULL);
    free(l);
}

/* ---------------------------------------------------------- raw buffer */

static uint64_t channel_sum(const fr_flame_raw *r, int c)
{
    uint64_t s = 0;
    for (size_t i = 0; i < (size_t)r->width * r->height; i++) s += r->buckets[i * FR_FLAME_RAW_CHANNELS + c];
    return s;
}

static void test_raw_buffer(void **state)
{
    env *e = *state;
    fr_flame_options o = {.seed = 3};
    fr_image img;
    fr_flame_raw raw, split, alone;
    fr_flame_stats st;
    render_ok(e, 1, &o, &img, &raw, &st);
    assert_int_equal(raw.supersample, 2);
    assert_int_equal(raw.width, 128);
    assert_int_equal(raw.height, 96);
    assert_non_null(raw.buckets);
    /* every hit lands in the image (the triangle is well inside it) and adds 255 to the count */
    const uint64_t count = channel_sum(&raw, FR_FLAME_RAW_COUNT);
    assert_true(st.plotted > 0);
    assert_true(count == 255 * st.plotted);
    assert_true(channel_sum(&raw, FR_FLAME_RAW_A) == count); /* opaque palette */
    assert_true(channel_sum(&raw, FR_FLAME_RAW_R) > 0);
    /* consistent with the image: a pixel whose buckets and neighbours
     * (filter 0.4: one pixel) have no hit is black, one with hits is lit */
    int lit = 0, dark = 0;
    for (int y = 0; y < img.height; y++)
        for (int x = 0; x < img.width; x++) {
            uint64_t around = 0, own = 0;
            for (int j = 2 * y - 2; j < 2 * y + 4; j++)
                for (int i = 2 * x - 2; i < 2 * x + 4; i++) {
                    if (i < 0 || j < 0 || i >= raw.width || j >= raw.height) continue;
                    uint32_t c = raw.buckets[((size_t)j * raw.width + i) * FR_FLAME_RAW_CHANNELS + FR_FLAME_RAW_COUNT];
                    around += c;
                    if (i >= 2 * x && i < 2 * x + 2 && j >= 2 * y && j < 2 * y + 2) own += c;
                }
            const uint8_t *p = (const uint8_t *)img.pixels + ((size_t)y * img.width + x) * 4;
            const int black = !p[0] && !p[1] && !p[2];
            if (!around) assert_true(black), dark++;
            if (own >= 20 * 255) assert_false(black), lit++;
        }
    printf("raw: %llu hits; %d pixels lit with hits, %d dark without\n", (unsigned long long)st.plotted, lit, dark);
    assert_true(lit > 100 && dark > 100);
    /* the same in strips, and without the image */
    o.strips = 5;
    render_ok(e, 1, &o, NULL, &split, &st);
    assert_int_equal(st.strips, 5);
    assert_memory_equal(raw.buckets, split.buckets, (size_t)raw.width * raw.height * FR_FLAME_RAW_CHANNELS * 4);
    o.strips = 0;
    render_ok(e, 1, &o, NULL, &alone, NULL);
    assert_memory_equal(raw.buckets, alone.buckets, (size_t)raw.width * raw.height * FR_FLAME_RAW_CHANNELS * 4);
    fr_flame_raw_free(&split), fr_flame_raw_free(&alone), fr_flame_raw_free(&raw);
    assert_null(raw.buckets);
    fr_flame_raw_free(&raw); /* twice: a no-op */
    fr_flame_raw_free(NULL);
    fr_image_free(&img);
    /* two passes: the sum of both */
    fr_flame_options p2 = {.seed = 3, .width = 80};
    render_ok(e, 0, &p2, NULL, &raw, &st);
    assert_int_equal(raw.width, 160);
    assert_int_equal(raw.height, 120);
    assert_true(channel_sum(&raw, FR_FLAME_RAW_COUNT) > 0);
    assert_true(channel_sum(&raw, FR_FLAME_RAW_COUNT) <= 255 * st.plotted);
    fr_flame_raw_free(&raw);
    /* neither output */
    assert_int_equal(fr_flame_render_raw(e->ctx, e->fl, 1, &o, NULL, NULL, NULL), FR_ERR_INVALID);
}

/* The .npy file: magic, version 1.0, the header dict padded to 64 bytes,
 * then the buckets in order; errors leave no file. */
static void test_raw_npy(void **state)
{
    env *e = *state;
    fr_flame_options o = {.seed = 9};
    fr_flame_raw raw;
    render_ok(e, 1, &o, NULL, &raw, NULL);
    char path[4200], dir[4096];
    tmp_path(dir, sizeof dir, "raw_npy");
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/raw.npy", dir);
    remove(path);
    const int before = count_entries(dir);
    assert_int_equal(fr_flame_raw_write_npy(e->ctx, &raw, path), FR_OK);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    unsigned char pre[10];
    assert_int_equal(fread(pre, 1, 10, f), 10);
    assert_memory_equal(pre, "\x93NUMPY\x01\x00", 8);
    const size_t hlen = pre[8] | (size_t)pre[9] << 8;
    assert_int_equal((10 + hlen) % 64, 0);
    char *hdr = calloc(hlen + 1, 1);
    assert_int_equal(fread(hdr, 1, hlen, f), hlen);
    char want[128];
    snprintf(want, sizeof want, "{'descr': '<u4', 'fortran_order': False, 'shape': (%d, %d, 5), }", raw.height,
             raw.width);
    assert_memory_equal(hdr, want, strlen(want));
    for (size_t i = strlen(want); i + 1 < hlen; i++) assert_int_equal(hdr[i], ' ');
    assert_int_equal(hdr[hlen - 1], '\n');
    const size_t n = (size_t)raw.width * raw.height * 5;
    unsigned char *data = malloc(n * 4 + 1);
    assert_int_equal(fread(data, 1, n * 4 + 1, f), n * 4); /* nothing after the data */
    fclose(f);
    for (size_t i = 0; i < n; i++) {
        uint32_t v = data[4 * i] | (uint32_t)data[4 * i + 1] << 8 | (uint32_t)data[4 * i + 2] << 16 |
                     (uint32_t)data[4 * i + 3] << 24;
        if (v != raw.buckets[i]) fail_msg("value %zu: %u in the file, %u in memory", i, v, raw.buckets[i]);
    }
    free(data), free(hdr);
    assert_int_equal(count_entries(dir), before + 1);
    remove(path);
    /* errors: no folder, no buffer; nothing left behind */
    char bad[4300];
    snprintf(bad, sizeof bad, "%s/missing/raw.npy", dir);
    assert_int_not_equal(fr_flame_raw_write_npy(e->ctx, &raw, bad), FR_OK);
    assert_false(exists(bad));
    fr_flame_raw none = {0};
    assert_int_equal(fr_flame_raw_write_npy(e->ctx, &none, path), FR_ERR_INVALID);
    assert_int_equal(fr_flame_raw_write_npy(e->ctx, NULL, path), FR_ERR_INVALID);
    assert_false(exists(path));
    assert_int_equal(count_entries(dir), before);
    fr_flame_raw_free(&raw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strip_geometry),
        cmocka_unit_test(test_strips_equal_whole),
        cmocka_unit_test(test_automatic_strips_under_a_cap),
        cmocka_unit_test(test_bad_strip_counts),
        cmocka_unit_test(test_progress_monotone),
        cmocka_unit_test(test_raw_buffer),
        cmocka_unit_test(test_raw_npy),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
