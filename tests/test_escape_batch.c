/* fr_escape_render_batch on the CPU: each image of a batch equals the
 * single render of its view byte for byte (tiles of several zoom levels,
 * every formula and colouring, aa 1 and 2, 8 and 16 bits, histogram
 * colouring, a deep view among plain ones), the statistics are the sums,
 * progress runs once over the batch and a cancel returns no image; bad
 * input is FR_ERR_INVALID with a message naming what is wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "deep_views.h"
#include "escape_tiles.h"
#include "fractalis.h"

#define MAXV 8

/* Views with tiles (level, x, y) of a base scene (params are large: heap). */
typedef struct batch {
    int n;
    fr_escape_params *v[MAXV];
} batch;

static void batch_make(batch *b, const fr_escape_params *base, int n, const int (*tiles)[3])
{
    b->n = n;
    for (int i = 0; i < n; i++) {
        b->v[i] = malloc(sizeof *b->v[i]);
        assert_non_null(b->v[i]);
        *b->v[i] = *base;
        fr_test_tile(b->v[i], tiles[i][0], tiles[i][1], tiles[i][2]);
    }
}

static void batch_free(batch *b)
{
    for (int i = 0; i < b->n; i++) free(b->v[i]);
    b->n = 0;
}

static size_t image_bytes(const fr_image *im)
{
    return (size_t)im->width * im->height * fr_image_channels(im) * (im->depth == 16 ? 2 : 1);
}

/* The batch equals its views' single renders, byte for byte; the
 * statistics are the sums of theirs. */
static fr_escape_stats check_batch(fr_context *ctx, const batch *b, const char *what)
{
    fr_image imgs[MAXV];
    fr_escape_stats bst;
    if (fr_escape_render_batch(ctx, (const fr_escape_params *const *)b->v, b->n, imgs, &bst))
        fail_msg("%s: batch: %s", what, fr_last_error(ctx));
    uint64_t samples = 0, iterations = 0, interior = 0;
    for (int i = 0; i < b->n; i++) {
        fr_image one;
        fr_escape_stats st;
        if (fr_escape_render(ctx, b->v[i], &one, NULL, &st)) fail_msg("%s: view %d: %s", what, i, fr_last_error(ctx));
        samples += st.samples, iterations += st.iterations, interior += st.interior;
        assert_int_equal(imgs[i].width, one.width);
        assert_int_equal(imgs[i].height, one.height);
        assert_int_equal(imgs[i].depth, one.depth);
        assert_int_equal(fr_image_channels(&imgs[i]), fr_image_channels(&one));
        if (memcmp(imgs[i].pixels, one.pixels, image_bytes(&one)))
            fail_msg("%s: view %d's image differs from its single render", what, i);
        fr_image_free(&one);
        fr_image_free(&imgs[i]);
    }
    assert_int_equal(bst.samples, samples);
    assert_int_equal(bst.iterations, iterations);
    assert_int_equal(bst.interior, interior);
    return bst;
}

static const int tiles6[6][3] = {{0, 0, 0}, {1, 0, 1}, {2, 1, 1}, {3, 2, 3}, {4, 5, 7}, {6, 26, 31}};

static void test_batches_equal_single_renders(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_escape_params *base = malloc(sizeof *base);
    batch b;

    /* smooth, aa 1, tiles of six levels */
    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 64, base->height = 48, base->max_iter = 500;
    batch_make(&b, base, 6, tiles6);
    check_batch(ctx, &b, "mandelbrot smooth aa 1");
    batch_free(&b);

    /* count colouring, aa 2, 16 bits */
    fr_escape_params_default(base, FR_JULIA);
    base->width = 40, base->height = 40, base->aa = 2, base->depth = 16, base->color = FR_COLOR_COUNT;
    base->max_iter = 300;
    batch_make(&b, base, 6, tiles6);
    check_batch(ctx, &b, "julia count aa 2 depth 16");
    batch_free(&b);

    /* histogram colouring: each image ranks its own counts */
    fr_escape_params_default(base, FR_BURNINGSHIP);
    base->width = 48, base->height = 32, base->aa = 2, base->color = FR_COLOR_HISTOGRAM, base->max_iter = 400;
    batch_make(&b, base, 6, tiles6);
    check_batch(ctx, &b, "burning ship histogram aa 2");
    batch_free(&b);

    /* distance estimation, float32 */
    fr_escape_params_default(base, FR_MULTIBROT);
    base->width = 48, base->height = 48, base->color = FR_COLOR_DISTANCE, base->precision = FR_F32;
    base->max_iter = 200;
    batch_make(&b, base, 6, tiles6);
    check_batch(ctx, &b, "multibrot distance f32");
    batch_free(&b);

    /* rotated, palette offset, interior colour, no interior test or periodicity */
    fr_escape_params_default(base, FR_TRICORN);
    base->width = 50, base->height = 30, base->rotate_deg = 30, base->palette_offset = 0.25;
    base->interior[0] = 200, base->interior_test = 0, base->periodicity = 0, base->max_iter = 250;
    assert_int_equal(fr_escape_param_set(ctx, base, "palette", "fire"), FR_OK);
    batch_make(&b, base, 6, tiles6);
    check_batch(ctx, &b, "tricorn rotated fire");
    batch_free(&b);

    /* a deep view (perturbation) among plain ones */
    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 32, base->height = 32, base->max_iter = 3000;
    batch_make(&b, base, 3, tiles6);
    assert_int_equal(fr_escape_param_set(ctx, b.v[1], "center", KF14), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, b.v[1], "width", "1e-20"), FR_OK);
    assert_int_equal(check_batch(ctx, &b, "mandelbrot with a deep view").deep, 1);
    /* a batch of one is a single render */
    b.n = 1;
    check_batch(ctx, &b, "one view");
    b.n = 3;
    batch_free(&b);

    free(base);
    fr_context_destroy(ctx);
}

/* The call fails with FR_ERR_INVALID and a message holding `needle`, and
 * leaves every image zeroed. */
static void expect_invalid(fr_context *ctx, const fr_escape_params *const *v, int n, fr_image *imgs,
                           const char *needle)
{
    if (imgs)
        for (int i = 0; i < MAXV; i++) memset(&imgs[i], 0xAB, sizeof imgs[i]);
    assert_int_equal(fr_escape_render_batch(ctx, v, n, imgs, NULL), FR_ERR_INVALID);
    if (!strstr(fr_last_error(ctx), needle))
        fail_msg("message '%s' does not name '%s'", fr_last_error(ctx), needle);
    if (imgs && n > 0)
        for (int i = 0; i < n; i++) {
            assert_null(imgs[i].pixels);
            assert_int_equal(imgs[i].width, 0);
        }
}

static void test_bad_input(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_escape_params *base = malloc(sizeof *base);
    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 16, base->height = 16, base->max_iter = 100;
    batch b;
    batch_make(&b, base, 3, tiles6);
    const fr_escape_params *const *v = (const fr_escape_params *const *)b.v;
    fr_image imgs[MAXV];

    assert_int_equal(fr_escape_render_batch(NULL, v, 3, imgs, NULL), FR_ERR_INVALID);
    expect_invalid(ctx, v, 0, imgs, "n must be at least 1 (n is 0)");
    expect_invalid(ctx, v, -2, imgs, "n is -2");
    expect_invalid(ctx, NULL, 3, imgs, "views is NULL");
    expect_invalid(ctx, v, 3, NULL, "images is NULL");
    const fr_escape_params *holes[3] = {b.v[0], NULL, b.v[2]};
    expect_invalid(ctx, holes, 3, imgs, "views[1] is NULL");

    /* every parameter but the centre and width must be the same */
    static const char *const diffs[][2] = {
        {"iter", "101"},         {"formula", "tricorn"}, {"size", "16x17"},  {"aa", "2"},
        {"color", "histogram"},  {"palette", "ocean"},   {"rotate", "1"},    {"precision", "f32"},
        {"interior", "#010203"}, {"depth", "16"},        {"power", "4"},     {"perturbation", "off"},
    };
    char needle[128];
    for (size_t k = 0; k < sizeof diffs / sizeof diffs[0]; k++) {
        fr_escape_params *w = malloc(sizeof *w);
        *w = *b.v[1];
        assert_int_equal(fr_escape_param_set(ctx, w, diffs[k][0], diffs[k][1]), FR_OK);
        const fr_escape_params *vv[3] = {b.v[0], b.v[2], w};
        snprintf(needle, sizeof needle, "view 2 differs from view 0 in %s ", diffs[k][0]);
        expect_invalid(ctx, vv, 3, imgs, needle);
        free(w);
    }
    /* a palette of the same colours under another name is the same palette */
    {
        fr_escape_params *w = malloc(sizeof *w);
        *w = *b.v[1];
        strcpy(w->palette.name, "");
        const fr_escape_params *vv[2] = {b.v[0], w};
        assert_int_equal(fr_escape_render_batch(ctx, vv, 2, imgs, NULL), FR_OK);
        fr_image_free(&imgs[0]), fr_image_free(&imgs[1]);
        free(w);
    }
    /* each view is validated, and the message names it */
    b.v[2]->view_width = 0;
    expect_invalid(ctx, v, 3, imgs, "view 2: width must be > 0");
    b.v[2]->view_width = 1;
    assert_int_equal(fr_escape_render_batch(ctx, v, 3, imgs, NULL), FR_OK);
    for (int i = 0; i < 3; i++) fr_image_free(&imgs[i]);

    batch_free(&b);
    free(base);
    fr_context_destroy(ctx);
}

typedef struct progress_log {
    double seen[256];
    int n;
    double cancel_at; /* > 1: never */
} progress_log;

static int on_progress(double done, void *user)
{
    progress_log *l = user;
    if (l->n < 256) l->seen[l->n++] = done;
    return done >= l->cancel_at;
}

static void test_progress_and_cancel(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_threads(ctx, 1), FR_OK); /* every tile reports to the callback */
    fr_escape_params *base = malloc(sizeof *base);
    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 64, base->height = 64, base->max_iter = 200;
    batch b;
    batch_make(&b, base, 4, tiles6);
    const fr_escape_params *const *v = (const fr_escape_params *const *)b.v;
    fr_image imgs[MAXV];
    progress_log log = {.cancel_at = 2};
    fr_context_set_progress(ctx, on_progress, &log);
    assert_int_equal(fr_escape_render_batch(ctx, v, 4, imgs, NULL), FR_OK);
    for (int i = 0; i < 4; i++) fr_image_free(&imgs[i]);
    assert_true(log.n >= 4);
    for (int i = 0; i < log.n; i++) {
        assert_true(log.seen[i] >= 0 && log.seen[i] <= 1);
        if (i) assert_true(log.seen[i] >= log.seen[i - 1]);
    }
    assert_true(log.seen[log.n - 1] == 1.0);
    /* a cancel halfway: no image */
    log = (progress_log){.cancel_at = 0.5};
    assert_int_equal(fr_escape_render_batch(ctx, v, 4, imgs, NULL), FR_ERR_CANCELLED);
    for (int i = 0; i < 4; i++) assert_null(imgs[i].pixels);
    /* the context's own callback is back in place */
    fr_escape_params one = *b.v[0];
    fr_image im;
    log = (progress_log){.cancel_at = 2};
    assert_int_equal(fr_escape_render(ctx, &one, &im, NULL, NULL), FR_OK);
    fr_image_free(&im);
    assert_true(log.n >= 1 && log.seen[log.n - 1] == 1.0);
    batch_free(&b);
    free(base);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batches_equal_single_renders),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_progress_and_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
